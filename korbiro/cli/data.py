"""``korbiro data …``: check card databases."""

from __future__ import annotations

import sys

import click

from ._common import (
    echo_errors,
    echo_json,
    error_line,
    format_option,
    lang_option,
    max_findings_option,
)

#: findings that mean a named file could not be read at all: exit 2, not 1 (bad data)
UNREADABLE = frozenset({"FILE-NOT-FOUND", "FILE-IS-DIRECTORY", "FILE-NOT-REGULAR", "FILE-UNREADABLE"})


@click.group()
def data() -> None:
    """Check card databases (M.A.G.U.S. Kártyajáték set files)."""


@data.command("check")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@click.option("--db", "db", type=click.Path(exists=True), envvar="KORBIRO_DB", default=None,
              help="The card database when no PATHS are given (default: $KORBIRO_DB, else korbiro.toml's db; "
                   "outside a project, the shipped sample database).")
@click.option("--exclude", "excludes", multiple=True, metavar="GLOB",
              help="Leave out the set files matching GLOB (repeatable; with korbiro.toml's exclude).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github"]), default=None,
              help="Output format: text for people, json for programs, github for workflow annotations "
                   "(default: korbiro.toml's format, else text).")
@lang_option
@click.option("--strict/--no-strict", default=None,
              help="Treat warnings (e.g. unaccented keyword spellings) as failures (default: korbiro.toml's strict).")
@click.option("--no-cache", is_flag=True, help="Check every file again even when it has not changed.")
@click.option("--formats", "formats_file", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Also check a formats and banlist file (schema mk-formats; banlist dates in order, "
                   "cards known to this database, no redundant entries).")
@max_findings_option
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
    from ..base.findings import cap_per_file, dumps_json
    from ..base.i18n import detect_lang
    from ..data.check import check_database
    from ..data.sources import read_source
    from .answers import CheckRequest, NoDatabase, plan, record

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
    lang, fmt, files = chosen.lang, chosen.fmt, chosen.files
    sources = [read_source(path) for path in files]
    show_bar = len(files) >= 20 and sys.stderr.isatty() and fmt == "text"
    if show_bar:
        with click.progressbar(length=len(files), label="Checking", file=sys.stderr) as bar:
            report = check_database(sources=sources, use_cache=not no_cache, progress=lambda _name: bar.update(1))
    else:
        report = check_database(sources=sources, use_cache=not no_cache)
    if formats_file:
        report.findings.extend(_formats_findings(formats_file, files))
        from ..base.findings import sort_findings

        report.findings = sort_findings(report.findings)
    failed = report.failed(chosen.strict)
    shown, hidden = cap_per_file(report.findings, max_findings)
    lines: list[str] = []
    if fmt == "json":
        lines.append(dumps_json({
            "ok": not failed,
            "files": [r.path for r in report.files],
            "cards": report.card_count,
            "counts": report.counts(),
            "findings": [f.to_dict(lang) for f in shown],
            "not_shown": hidden,
        }))
    else:
        lines.extend(f.render_github(lang) if fmt == "github" else f.render_text(lang) for f in shown)
        if fmt == "text":
            c = report.counts()
            summary = (
                f"{len(report.files)} file(s), {report.card_count} card(s): "
                f"{c['error']} error(s), {c['warning']} warning(s)"
                if lang == "en"
                else f"{len(report.files)} fájl, {report.card_count} lap: {c['error']} hiba, {c['warning']} figyelmeztetés"
            )
            if chosen.sample:
                summary += (" (the shipped sample database: no PATHS, --db or korbiro.toml named yours)" if lang == "en"
                            else " (a beépített mintaadatbázis: sem PATHS, sem --db, sem korbiro.toml nem nevezte meg a tiédet)")
            lines.append(summary)
    out = "".join(line + "\n" for line in lines)
    click.echo(out, nl=False)
    unreadable = any(f.code in UNREADABLE for f in report.findings)
    code = 2 if unreadable else 1 if failed else 0
    if not no_cache and not formats_file:
        record(request, chosen, sources, out, code)
    ctx.exit(code)


def _formats_findings(path: str, files: list) -> list:  # type: ignore[type-arg]
    """Schema and banlist self-checks of a formats file, against the cards of the checked database."""
    from ..base.errors import DataError
    from ..data.check import load_database
    from ..data.formats import banlist_findings, load_formats

    try:
        fs = load_formats(path)
    except DataError as exc:
        return exc.findings
    try:
        names = [c.name for c in load_database(files)]
    except DataError:
        names = None  # the database's own errors are reported already
    return banlist_findings(fs, names)


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

    from ..base.errors import DataError, UsageError
    from ..base.i18n import current, message
    from ..data.index import open_index
    from ..data.paths import default_db_path

    lang_ = current()
    start = time.perf_counter()
    try:
        idx = open_index(list(paths) or [default_db_path()], rebuild=rebuild, verify=True)
    except UsageError as exc:
        echo_errors(exc, lang_)
        ctx.exit(2)
    except DataError as exc:
        echo_errors(exc, lang_)
        ctx.exit(1)
    took = time.perf_counter() - start
    if fmt == "json":
        echo_json({"index": idx.path, "cards": len(idx), "key": idx.key, "verified": idx.path != ":memory:",
                   "seconds": round(took, 3)})
    elif idx.path == ":memory:":
        click.echo(message("CLI.index.memory", lang_, n=len(idx), seconds=took))
    else:
        click.echo(message("CLI.index.done", lang_, n=len(idx), path=idx.path, seconds=took))
