"""``korbiro serve``: the judge's table, a local web app and a JSON API (the ``web`` extra)."""

from __future__ import annotations

import importlib
import ipaddress

import click

from ._common import db_option, error_line, lang_option

#: what to install when the web extra is missing
INSTALL = "pip install -e '.[web]'"


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but this machine's own (127.0.0.1, ::1, localhost) is warned about.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port to listen on.")
@db_option
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help="Worker processes that do the work (default: the cores, at most 4).")
@click.option("--time-limit", "time_limit", type=click.FloatRange(0.1, 3600), default=10.0, show_default=True,
              metavar="SECONDS", help="The longest one request may take; a request past it is stopped (503).")
@lang_option
def serve(host: str, port: int, db: str | None, workers: int | None, time_limit: float, lang: str | None) -> None:
    """Serve the judge's table: pages in Hungarian and English and a JSON API.

    Pages: Pakli / Deck (paste a list, every finding at its line), Kártyák /
    Cards (the search language, a page per card), Szabályok / Rules, Döntések /
    Rulings (step through a scenario's timeline), EXXIT, XIG and Zen (a position
    with its legal moves, a record replayed ply by ply).  The JSON API returns
    the same JSON as the commands' --format json; its OpenAPI schema is at
    /api/openapi.json (docs/web.md).

    It listens on 127.0.0.1 unless --host says otherwise.  Request bodies are
    capped at 1 MiB, each request runs in a worker process for at most
    --time-limit seconds, and no request names a file on the server.  Needs the
    web extra (pip install -e '.[web]'); exit 2 without it.

    \b
    Examples:
      korbiro serve
      korbiro serve --port 8080 --db my-cards/
    """
    from ..base.i18n import current, message, word

    lang_ = current()
    try:
        # lazy: the web extra (starlette, jinja2, uvicorn) is optional, and only this command needs it.
        # The web face is a sibling of the command line, independent of it (pyproject.toml's layers):
        # it is reached by name, as COMMANDS reaches every command.
        import uvicorn

        create_app = importlib.import_module("korbiro.web.app").create_app
    except ImportError as exc:
        click.echo(error_line(message("CLI.serve.no-extra", lang_, name=exc.name or exc, install=INSTALL), lang_),
                   err=True)
        raise SystemExit(2) from None
    if not _loopback(host):
        click.echo(f"{word('warning', lang_)}: " + message("CLI.serve.open", lang_, host=host, port=port), err=True)
    app = create_app(db, workers=workers, time_limit=time_limit)
    shown = f"[{host}]" if ":" in host else host
    click.echo(message("CLI.serve.listening", lang_, host=shown, port=port), err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", server_header=False,
                timeout_graceful_shutdown=5)
