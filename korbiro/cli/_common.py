"""Options and output helpers shared by the sub-commands."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import click

from ..base.findings import Finding, dumps_json

F = TypeVar("F", bound=Callable[..., Any])

FORMATS = ("text", "json", "github")


def format_option(choices: tuple[str, ...] = FORMATS) -> Callable[[F], F]:
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(choices),
        default="text",
        show_default=True,
        help="Output format: text for people, json for programs"
        + (", github for workflow annotations." if "github" in choices else "."),
    )


def lang_option(f: F) -> F:
    return click.option(
        "--lang",
        type=click.Choice(["en", "hu"]),
        default=None,
        help="Message language (default: from the locale, else English).",
    )(f)


def db_option(f: F) -> F:
    return click.option(
        "--db",
        "db",
        type=click.Path(exists=True, dir_okay=True, file_okay=True),
        envvar="KORBIRO_DB",
        default=None,
        help="Card database: a set file or a folder of them "
        "(default: $KORBIRO_DB, else the shipped sample database).",
    )(f)


def echo_findings(findings: Iterable[Finding], fmt: str, lang: str) -> None:
    for f in findings:
        if fmt == "github":
            click.echo(f.render_github(lang))
        else:
            click.echo(f.render_text(lang))


def echo_json(obj: Any) -> None:
    click.echo(dumps_json(obj))


def write_output_file(path: str, text: str) -> None:
    """Write a file the user asked for: atomically, and only over a regular file (or a new one).

    An empty path, a folder, a link, a FIFO or a device, or a folder that does not exist, is a
    usage error (exit 2), never a replaced file.
    """
    import os
    import stat

    from ..base.errors import UsageError
    from ..base.fsutil import write_atomic

    if not path:
        raise UsageError("OUTPUT-PATH", "an output file needs a name", hu="a kimeneti fájlnak név kell")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise UsageError("OUTPUT-PATH", f"{path}: cannot be written ({exc.strerror})", path=path,
                         hu=f"{path}: nem írható ({exc.strerror})") from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise UsageError("OUTPUT-PATH", f"{path}: not a regular file; korbiro writes only over regular files",
                         path=path, hu=f"{path}: nem közönséges fájl; a korbiro csak közönséges fájlt ír felül")
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise UsageError("OUTPUT-PATH", f"{path}: cannot be written ({exc.strerror})", path=path,
                         hu=f"{path}: nem írható ({exc.strerror})") from None
