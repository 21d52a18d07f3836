"""``korbiro serve``: the judge's table, a local web app and a JSON API (the ``web`` extra)."""

from __future__ import annotations

import errno
import importlib
import ipaddress
import socket

import click

from ._common import Decimal, Whole, db_option, error_line, lang_option

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
              help="Address to listen on (IPv4, IPv6 as ::1 or [::1], or a name); anything but this machine's own "
                   "(127.0.0.1, ::1, localhost) is warned about.")
@click.option("--port", type=Whole(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: a free one, printed).")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME[:PORT]",
              help="Another name the app answers to, as a browser's Host header gives it (the app answers only "
                   "to the address it listens on and to 127.0.0.1, localhost and [::1]). Repeatable.")
@db_option
@click.option("--workers", type=Whole(1, 64), default=None,
              help="Worker processes that do the work (default: the cores, at most 4).")
@click.option("--time-limit", "time_limit", type=Decimal(0.1, 3600), default=10.0, show_default=True,
              metavar="SECONDS", help="The longest one request may take; a request past it is stopped (503).")
@lang_option
def serve(host: str, port: int, allow_hosts: tuple[str, ...], db: str | None, workers: int | None, time_limit: float,
          lang: str | None) -> None:
    """Serve the judge's table: pages in Hungarian and English and a JSON API.

    Pages: Pakli / Deck (paste a list, every finding at its line), Kártyák /
    Cards (the search language, a page per card), Szabályok / Rules, Döntések /
    Rulings (step through a scenario's timeline), EXXIT, XIG and Zen (a position
    with its legal moves, a record replayed ply by ply).  The JSON API returns
    the same JSON as the commands' --format json; its OpenAPI schema is at
    /api/openapi.json (docs/web.md).

    It listens on 127.0.0.1 unless --host says otherwise, and answers only
    requests addressed to it (by that address, 127.0.0.1, localhost or [::1],
    or a name given with --allow-host) and forms and JSON bodies only from its
    own pages.  Request bodies are capped at 1 MiB, each request runs in a
    worker process for at most --time-limit seconds, and no request names a
    file on the server.  Needs the web extra (pip install -e '.[web]'); exit 2
    without it, and exit 2 when it cannot listen (the port in use...).

    \b
    Examples:
      korbiro serve
      korbiro serve --port 8080 --db my-cards/
      korbiro serve --host ::1
    """
    from ..base.i18n import current, message, word

    lang_ = current()
    try:
        # lazy: the web extra (starlette, jinja2, uvicorn) is optional, and only this command needs it.
        # The web face is a sibling of the command line, independent of it (pyproject.toml's layers):
        # it is reached by name, as COMMANDS reaches every command.
        import uvicorn  # noqa: F401 - the server's library: its absence is said here, before anything else

        web = importlib.import_module("korbiro.web.app")
    except ImportError as exc:
        click.echo(error_line(message("CLI.serve.no-extra", lang_, name=exc.name or exc, install=INSTALL), lang_),
                   err=True)
        raise SystemExit(2) from None
    shown = f"[{host.strip('[]')}]" if ":" in host else host
    for name in allow_hosts:
        if not web.Hosts.valid(name):
            raise click.BadParameter(message("CLI.serve.bad-name", lang_, name=name), param_hint="'--allow-host'")
    try:
        sock = web.bind(host, port)  # before a word is said of serving: a port in use is said instead
    except OSError as exc:
        click.echo(error_line(message(_cannot_listen(exc), lang_, host=shown, port=port,
                                      reason=exc.strerror or exc), lang_), err=True)
        raise SystemExit(2) from None
    port = sock.getsockname()[1]
    if not _loopback(host):
        click.echo(f"{word('warning', lang_)}: " + message("CLI.serve.open", lang_, host=host, port=port), err=True)
    app = web.create_app(db, workers=workers, time_limit=time_limit,
                         hosts=web.Hosts.of_server(host, port, allow_hosts))
    click.echo(message("CLI.serve.listening", lang_, host=shown, port=port), err=True)
    web.serve_forever(app, sock)


def _cannot_listen(exc: OSError) -> str:
    """The message of a socket that cannot be bound: the port in use, no such address, no such name..."""
    if isinstance(exc, socket.gaierror):
        return "CLI.serve.no-such-host"
    return {errno.EADDRINUSE: "CLI.serve.in-use", errno.EADDRNOTAVAIL: "CLI.serve.not-here",
            errno.EACCES: "CLI.serve.no-permission"}.get(exc.errno or 0, "CLI.serve.cannot-listen")
