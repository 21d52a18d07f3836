"""Options and output helpers shared by the sub-commands."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import click

from ..base.findings import DEFAULT_MAX_FINDINGS, Finding, dumps_json
from ..base.i18n import LANGS

F = TypeVar("F", bound=Callable[..., Any])


class Whole(click.IntRange):
    """A whole number written with the digits 0-9 (a minus before it where the range allows one),
    optionally within *min* and *max*.  click's own INT takes whatever ``int`` takes: ``٣`` and ``３``
    are read as 3."""

    def __init__(self, min: int | None = None, max: int | None = None) -> None:
        super().__init__(min, max)
        if min is None and max is None:
            self.name = "integer"  # shown as click shows an INT

    def _describe_range(self) -> str:
        return "" if self.min is None and self.max is None else super()._describe_range()  # no range: none shown

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not _WHOLE.fullmatch(value.strip()):
            from ..base.i18n import current, message  # lazy: start-up (cli/__init__.py)

            self.fail(message("CLI.whole", current(), value=value), param, ctx)
        return super().convert(value, param, ctx)


class Decimal(click.FloatRange):
    """A number written with the digits 0-9 and a decimal point (``2``, ``0.5``), within *min* and *max*:
    click's own FLOAT takes whatever ``float`` takes (``٣``, ``1e3``, ``inf``)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not _DECIMAL.fullmatch(value.strip()):
            from ..base.i18n import current, message  # lazy: start-up (cli/__init__.py)

            self.fail(message("CLI.decimal", current(), value=value), param, ctx)
        return super().convert(value, param, ctx)


_WHOLE = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")

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


def _choose_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--lang``, else the project configuration's ``lang`` (korbiro.toml), else None (the locale decides)."""
    from ..base import i18n  # lazy: start-up (cli/__init__.py)
    from ..base.config import find_config  # lazy: start-up (cli/__init__.py)
    from ..base.errors import UsageError  # lazy: start-up (cli/__init__.py)

    if value is None:
        try:
            config = find_config()
        except UsageError:  # a broken configuration is reported by the command that reads it
            config = None
        value = config.lang if config is not None else None
    i18n.choose(value)
    return value


def lang_option(f: F) -> F:
    return click.option(
        "--lang",
        type=click.Choice(LANGS),
        default=None,
        callback=_choose_lang,
        is_eager=True,  # chosen before the other options are read, so that their errors speak it too
        help="Message language (default: korbiro.toml's lang, else the locale, else English).",
    )(f)


def date_argument(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    """A ``--date YYYY-MM-DD`` option's value as a date (a usage error, exit 2, otherwise)."""
    if value is None:
        return None
    import datetime as dt  # lazy: start-up (cli/__init__.py)

    from ..base.i18n import current, message  # lazy: start-up (cli/__init__.py)

    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(message("CLI.date", current(), value=value)) from None


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


def max_findings_option(f: F) -> F:
    return click.option(
        "--max-findings",
        "max_findings",
        type=Whole(min=0),
        default=DEFAULT_MAX_FINDINGS,
        show_default=True,
        metavar="N",
        help="Show at most N findings per file (0: all); a closing line says how many more there were.",
    )(f)


def date_option(help: str) -> Callable[[F], F]:
    """``--date YYYY-MM-DD`` (a :class:`datetime.date`, or ``None`` when not given)."""
    return click.option("--date", "date", callback=date_argument, metavar="YYYY-MM-DD", help=help)


def echo_errors(problems: Any, lang: str | None = None) -> None:
    """The problems that stop a command, on standard error, in one form (docs/data-check.md#output-formats).

    *problems* is a :class:`~korbiro.base.errors.KorbiroError` (every problem it stands for) or
    findings.  A problem with a file prints as every finding does, ``FILE:LINE:COL: error CODE
    [rule]: message``; one without a file as ``Error: message``.  So no line says "error" twice.
    """
    from ..base.errors import KorbiroError  # lazy: start-up (cli/__init__.py)
    from ..base.i18n import current  # lazy: start-up (cli/__init__.py)

    lang = lang or current()
    findings = problems.findings if isinstance(problems, KorbiroError) else problems
    for f in findings:
        click.echo(f.render_text(lang) if f.file else error_line(f.text(lang), lang), err=True)


def error_line(message: str, lang: str | None = None) -> str:
    """``Error: message`` (``Hiba: …``), the line of a problem that has no file."""
    from ..base.i18n import current  # lazy: start-up (cli/__init__.py)
    from ..base.i18n import message as template

    lang = lang or current()
    return template("ERROR-PREFIX", lang, message=message)


def echo_findings(findings: Iterable[Finding], fmt: str, lang: str) -> None:
    for f in findings:
        if fmt == "github":
            click.echo(f.render_github(lang))
        else:
            click.echo(f.render_text(lang))


def echo_json(obj: Any) -> None:
    click.echo(dumps_json(obj))



def check_outputs(outputs: Iterable[tuple[str, str | None]], inputs: Iterable[str | None] = ()) -> None:
    """Every output path of the run, ``(option, path)``, checked before any is written
    (:func:`korbiro.base.fsutil.check_outputs`): a place to write, and not the same file as one of *inputs*,
    as a file the run has read, or as another output.  Otherwise the problem on standard error, exit 2."""
    # lazy: start-up (cli/__init__.py); only the commands that write files need these
    from ..base.errors import UsageError
    from ..base.fsutil import check_outputs as check

    try:
        check(outputs, inputs)
    except UsageError as exc:
        echo_errors(exc)
        raise SystemExit(2) from None


def database_inputs(db: str | None) -> list[str]:
    """The set files of the card database (:func:`korbiro.data.paths.database_files`: ``--db``, else the
    default, less ``exclude``): inputs no output may overwrite."""
    # lazy: start-up (cli/__init__.py); only the commands that write files need these
    from ..base.errors import KorbiroError
    from ..data.paths import database_files

    try:
        return [str(p) for p in database_files(db)]
    except KorbiroError:
        return []  # no database: the command has said so, or needs none


def write_output_file(path: str, text: str) -> None:
    """Write a file the user asked for (:func:`korbiro.base.fsutil.write_output`: atomically, and only
    over a regular file or to a new path); a :class:`~korbiro.base.errors.UsageError` (exit 2) otherwise."""
    from ..base.fsutil import write_output  # lazy: only the commands that write files need it

    write_output(path, text)
