"""``korbiro data …``: check card databases."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ._common import (
    Whole,
    _choose_lang,
    echo_errors,
    echo_json,
    error_line,
    format_option,
    lang_option,
)
from .checkoptions import CHECK_OPTIONS, CheckOption

if TYPE_CHECKING:
    from ..data.index import CardIndex


F = TypeVar("F", bound=Callable[..., Any])


def _declared(options: tuple[CheckOption, ...]) -> Callable[[F], F]:
    """The click options of *options* (korbiro/cli/checkoptions.py: the one declaration of ``data check``'s
    options, which the run without click reads too), in their order."""
    def decorate(f: F) -> F:
        for option in reversed(options):
            f = click.option(*_declaration(option), **_settings(option))(f)
        return f
    return decorate


def _declaration(option: CheckOption) -> tuple[str, str]:
    """click's names of *option*: how it is written, and the parameter it fills."""
    return ("/".join(option.flags) if option.kind == "switch" else option.name), option.field


def _settings(option: CheckOption) -> dict[str, Any]:
    """click's settings of *option*: its type, default, help and the rest as declared."""
    settings: dict[str, Any] = {"default": option.default, "help": option.help}
    types: dict[str, Any] = {"path": click.Path(exists=True), "file": click.Path(exists=True, dir_okay=False),
                             "choice": click.Choice(option.choices), "whole": Whole(min=0)}
    if option.kind in types:
        settings["type"] = types[option.kind]
    for name in ("multiple", "envvar", "metavar", "show_default"):
        if getattr(option, name):
            settings[name] = getattr(option, name)
    if option.kind == "flag":
        settings["is_flag"] = True
    if option.eager:  # --lang: chosen before the other options are read, so that their errors speak it too
        settings.update(callback=_choose_lang, is_eager=True)
    return settings


@click.group()
def data() -> None:
    """Check card databases (M.A.G.U.S. Kártyajáték set files)."""


@data.command("check")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@_declared(CHECK_OPTIONS)
@click.pass_context
def check(ctx: click.Context, paths: tuple[str, ...], db: str | None, excludes: tuple[str, ...], fmt: str | None,
          lang: str | None, strict: bool | None, no_cache: bool, formats_file: str | None, max_findings: int) -> None:
    """Check set files or folders of them (default: --db, $KORBIRO_DB, korbiro.toml's db).

    Every finding is reported at once, with file:line:column: malformed or
    hostile YAML, schema violations, card text that does not parse, keywords
    on card types they do not belong to, duplicate ids and names, IGAZ NÉV
    names that are no card.  At most --max-findings per file are shown, then
    a line saying how many more there were (the summary counts them all).
    Exit 0 clean, 1 findings, 2 unusable input (a path that does not exist,
    a folder without set files, a device or FIFO).

    With no PATHS and no --db, the database is the one korbiro.toml (or
    [tool.korbiro] in pyproject.toml, found by walking up from here) names.
    Inside a git work tree without one, the check refuses (exit 2) rather
    than check the shipped sample instead of your cards; outside any project
    it checks the sample and says so.  In a folder, hidden files and folders
    are skipped, and so are the files --exclude (and the configuration's
    exclude) match.

    \b
    Examples:
      korbiro data check
      korbiro data check data/ --strict --format github
      korbiro data check cards/ --exclude 'cards/drafts/*'
    """
    from ..base.config import find_config
    from ..base.errors import UsageError
    from ..base.i18n import detect_lang
    from ..data.sources import read_source
    from .answers import CheckRequest, NoDatabase, answer, emit, plan

    request = CheckRequest(paths, db, excludes, fmt, lang, strict, max_findings)
    try:
        config = find_config()
    except UsageError as exc:
        lang = detect_lang(lang)
        click.echo(error_line(exc.text(lang), lang), err=True)
        ctx.exit(2)
    try:
        chosen = plan(request, lang, config)
    except NoDatabase as exc:
        from ..base.i18n import message

        lang = detect_lang(lang)
        click.echo(error_line(message("CLI.data.no-database", lang, tree=str(exc.tree)), lang), err=True)
        ctx.exit(2)
    except UsageError as exc:
        echo_errors(exc)
        ctx.exit(2)
    sources = [read_source(path) for path in chosen.files]
    if len(chosen.files) >= 20 and sys.stderr.isatty() and chosen.fmt == "text":
        with click.progressbar(length=len(chosen.files), label="Checking", file=sys.stderr) as bar:
            out, code = answer(request, chosen, sources, no_cache=no_cache, formats_file=formats_file,
                               progress=lambda _name: bar.update(1))
    else:
        out, code = answer(request, chosen, sources, no_cache=no_cache, formats_file=formats_file)
    emit(out)  # as a check without click and a replay print it, byte for byte
    ctx.exit(code)


@data.command("coverage")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@format_option(("text", "json"))
@lang_option
@click.pass_context
def coverage(ctx: click.Context, paths: tuple[str, ...], fmt: str, lang: str | None) -> None:
    """How much of a card database korbiro can play: abilities with a behaviour, cards fully modelled.

    A card is fully modelled when every printed ability (its abilities:
    entry) has a behaviour: and its free-text lines (the quoted ones of its
    card text) are covered by the card's behaviour:.  Every card with
    something left is listed with what is left.  The database is PATHS, else
    $KORBIRO_DB, korbiro.toml's db, or the shipped sample.  Exit 0 (a
    figure, not a verdict); 1 when the database has errors (run data check);
    2 when a path is unusable.

    \b
    Examples:
      korbiro data coverage
      korbiro data coverage cards/ --format json
    """
    from ..base.i18n import current
    from ..data.coverage import coverage_of

    lang_ = current()
    idx = _index_or_exit(ctx, paths, lang_)
    found = coverage_of(idx)
    if fmt == "json":
        echo_json(found.to_dict())
    else:
        click.echo(found.render(lang_))
    ctx.exit(0)


@data.command("index")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@click.option("--rebuild", is_flag=True, help="Build the index again even when it is up to date.")
@format_option(("text", "json"))
@lang_option
@click.pass_context
def index(ctx: click.Context, paths: tuple[str, ...], rebuild: bool, fmt: str, lang: str | None) -> None:
    """Build the card index (SQLite) of a database, or say where the current one is.

    Every command that reads cards builds the index by itself when the set
    files change; this command does it ahead of time (e.g. in a Docker image
    or a CI cache step).  Only a database without errors is indexed.  The
    index is verified (PRAGMA quick_check) whether it was built now or found;
    a damaged one is rebuilt.

    \b
    Examples:
      korbiro data index
      korbiro data index cards/ --rebuild
    """
    import time

    from ..base.i18n import current, message

    lang_ = current()
    start = time.perf_counter()
    idx = _index_or_exit(ctx, paths, lang_, rebuild=rebuild, verify=True)
    took = time.perf_counter() - start
    if fmt == "json":
        echo_json({"index": idx.path, "cards": len(idx), "key": idx.key, "verified": idx.path != ":memory:",
                   "seconds": round(took, 3)})
    elif idx.path == ":memory:":
        click.echo(message("CLI.index.memory", lang_, n=len(idx), seconds=took))
    else:
        click.echo(message("CLI.index.done", lang_, n=len(idx), path=idx.path, seconds=took))


def _index_or_exit(ctx: click.Context, paths: tuple[str, ...], lang_: str, *, rebuild: bool = False,
                   verify: bool = False) -> CardIndex:
    """The card index of *paths* (:func:`~korbiro.data.index.open_index`); a usage error exits 2, a database
    with errors prints them and exits 1."""
    # lazy: only the index commands open an index
    from ..base.errors import DataError, UsageError
    from ..data.index import open_index

    try:
        return open_index(list(paths), rebuild=rebuild, verify=verify)
    except UsageError as exc:
        echo_errors(exc, lang_)
        ctx.exit(2)
    except DataError as exc:
        echo_errors(exc, lang_)
        ctx.exit(1)
