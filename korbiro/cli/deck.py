"""``korbiro deck …``: deck legality."""

from __future__ import annotations

import datetime as dt
from typing import Any

import click

from ._common import (
    check_outputs,
    database_inputs,
    date_option,
    db_option,
    echo_errors,
    echo_findings,
    echo_json,
    format_option,
    lang_option,
    max_findings_option,
    write_output_file,
)


@click.group()
def deck() -> None:
    """Check deck lists for legality and show their statistics (M.A.G.U.S. Kártyajáték)."""


def _ruleset_option(f: Any) -> Any:
    f = click.option("--ruleset", metavar="NAME", default=None,
                     help="Tournament format to check against (default: the deck's 'Formátum:' line, else korfordulo). "
                          "Shipped: korfordulo, frissen-bontott, draft.")(f)
    f = click.option("--formats", "formats_file", type=click.Path(exists=True, dir_okay=False), default=None,
                     help="A formats and banlist file of your own (YAML, schema mk-formats).")(f)
    return f


@deck.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@db_option
@format_option()
@lang_option
@_ruleset_option
@date_option("Check the deck as of this day: that day's banlist, and each card with the text in force "
             "then (its history). Default: today's banlist and the current texts.")
@click.option("--limit", "limit", type=click.Choice(["3", "4"]), default=None,
              help="Check under this card limit (1.02.A), whatever the deck's 'Laplimit:' line says "
                   "(default: the line, else the limit that makes the deck legal).")
@click.option("--after-exchange", "before_file", type=click.Path(exists=True, dir_okay=False), default=None,
              metavar="BEFORE", help="Also check that FILE came from BEFORE by a legal exchange between games (1.13.C).")
@max_findings_option
@click.pass_context
def check(ctx: click.Context, files: tuple[str, ...], db: str | None, fmt: str, lang: str | None,
          ruleset: str | None, formats_file: str | None, date: dt.date | None, limit: str | None,
          before_file: str | None, max_findings: int) -> None:
    """Check each deck list FILE (text or YAML; '-' reads standard input).

    Every finding is printed at once with its deck line, card and rule:
    copy limit 3 or 4 (1.02.A), future deck of at least 40 or 60 cards
    (1.02.B–C), exactly 3 different starting tower levels (3.01.A), sideboard
    of at most 12 or 15 cards (1.13), IGAZ NÉV cards counted together (2.02),
    no other resource beside a card that forbids it (1.14.5), and the banned
    and restricted lists of the format.  At most --max-findings per deck are
    shown, then a line saying how many more there were.

    Exit 0 when every deck is legal, 1 when one is not, 2 when a deck or the
    card database cannot be read.

    \b
    Examples:
      korbiro deck check examples/decks/legal-limit3.deck
      korbiro deck check my.deck --date 2026-01-01 --format json
      korbiro deck check examples/decks/illegal-true-name.deck --date 2024-08-31
    """
    from ..app import Session
    from ..base.errors import DataError, DeckError, KorbiroError
    from ..base.findings import cap_per_file
    from ..base.i18n import detect_lang, message
    from ..rules.mk.deck import unreadable_to_dict

    lang = detect_lang(lang)
    session = Session(db, formats_file=formats_file)
    try:
        session.index, session.formats  # noqa: B018 - an unreadable database or formats file: exit 2 at once
    except DataError as exc:
        echo_errors(exc, lang)
        ctx.exit(2)
    before = None
    try:
        session.check_ruleset(ruleset)
        if before_file:
            before = session.read_deck(before_file)
    except KorbiroError as exc:
        echo_errors(exc, lang)
        ctx.exit(2)

    results: list[dict[str, Any]] = []
    worst = 0
    for name in files:
        try:  # a list that cannot be read, or names a format that is none of the file's
            report = session.check_deck(session.read_deck(name), ruleset=ruleset, date=date,
                                        limit=int(limit) if limit else None, before=before)
        except DeckError as exc:
            worst = 2
            results.append(unreadable_to_dict(name, exc, lang))
            if fmt != "json":
                echo_errors(exc, lang)
            continue
        if not report.legal:
            worst = max(worst, 1)
        shown, _hidden = cap_per_file(report.findings, max_findings)
        results.append(report.to_dict(lang, max_findings=max_findings))
        if fmt == "json":
            continue
        if fmt == "text":
            sizes = report.sizes
            click.echo(message("CLI.deck.verdict" if report.legal else "CLI.deck.verdict.illegal", lang,
                               file=report.file, format=report.format, limit=report.limit, tower=sizes["tower"],
                               deck=sizes["deck"], sideboard=sizes["sideboard"]))
        echo_findings(shown, fmt, lang)
    if fmt == "json":
        echo_json(results[0] if len(files) == 1 and results else results)
    ctx.exit(worst)


@deck.command("show")
@click.argument("file", type=click.Path(allow_dash=True))
@db_option
@format_option(("text", "json"))
@lang_option
@click.option("--svg", "svg_path", metavar="PATH", default=None,
              help="Also draw the deck as an SVG chart (the MP curve, types, races, keywords) into PATH.")
@click.pass_context
def show(ctx: click.Context, file: str, db: str | None, fmt: str, lang: str | None, svg_path: str | None) -> None:
    """Show the statistics of the deck list FILE (text or YAML; '-' reads standard input).

    The future deck by type and subtype, its MP curve (X-cost cards apart)
    and average MP, the adventurers' races and how many cards carry each
    keyword, then the starting tower and the sideboard.  Cards are looked up
    as deck check looks them up; a name that is no card is reported, counts in
    its section's size as in deck check, and is left out of the other numbers.
    This says nothing of legality: that is deck check.

    Exit 0 when every card was found, 1 when one was not, 2 when the deck or
    the card database cannot be read.

    \b
    Examples:
      korbiro deck show korbiro/data/mk/decks/kincsvadaszok.deck
      korbiro deck show my.deck --format json
      korbiro deck show my.deck --svg my-deck.svg --lang hu
    """
    from ..app import Session
    from ..base.errors import KorbiroError
    from ..base.i18n import detect_lang

    lang = detect_lang(lang)
    session = Session(db)
    try:
        parsed = session.read_deck(file)
        session.index  # noqa: B018 - an unreadable database: exit 2
    except KorbiroError as exc:
        echo_errors(exc, lang)
        ctx.exit(2)
    stats = session.show_deck(parsed)
    if svg_path is not None:
        check_outputs([("--svg", svg_path)], [file, *database_inputs(db)])
        try:
            write_output_file(svg_path, stats.svg(lang))
        except KorbiroError as exc:
            echo_errors(exc, lang)
            ctx.exit(2)
    if fmt == "json":
        echo_json(stats.to_dict(lang))
    else:
        click.echo(stats.text(lang), nl=False)
    ctx.exit(0 if stats.complete else 1)


@deck.command("exchange")
@click.argument("before_file", metavar="BEFORE", type=click.Path(exists=True, dir_okay=False))
@click.argument("after_file", metavar="AFTER", type=click.Path(exists=True, dir_okay=False))
@db_option
@format_option()
@lang_option
@click.pass_context
def exchange(ctx: click.Context, before_file: str, after_file: str, db: str | None, fmt: str, lang: str | None) -> None:
    """Check that AFTER comes from BEFORE by a legal exchange between games (1.13.C).

    Between the games of a two-win match cards may move between the deck and
    the sideboard, but the deck and the sideboard keep their sizes.  The
    findings of reading either list are printed too; a note (a name read
    through another spelling) does not make the exchange illegal.

    Exit 0 for a legal exchange, 1 when it is not (or a card is not found),
    2 when a list or the card database cannot be read.
    """
    from ..app import Session
    from ..base.errors import DataError, DeckError
    from ..base.i18n import detect_lang, message

    lang = detect_lang(lang)
    session = Session(db)
    try:
        session.index  # noqa: B018 - an unreadable database: exit 2
        before = session.read_deck(before_file)
        after = session.read_deck(after_file)
    except (DataError, DeckError) as exc:
        echo_errors(exc, lang)
        ctx.exit(2)
    exchange = session.check_exchange(before, after)
    findings, ok = exchange.findings, exchange.legal
    if fmt == "json":
        echo_json({"before": before_file, "after": after_file, "legal": ok,
                   "findings": [f.to_dict(lang) for f in findings]})
    else:
        if fmt == "text":
            click.echo(message("CLI.deck.exchange" if ok else "CLI.deck.exchange.illegal", lang,
                               after=after_file, before=before_file))
        echo_findings(findings, fmt, lang)
    ctx.exit(0 if ok else 1)
