"""``korbiro card …``: look cards up."""

from __future__ import annotations

import datetime as dt
from typing import Any

import click

from ._common import date_argument, db_option, echo_json, format_option, lang_option


@click.group()
def card() -> None:
    """Look cards up in the card database."""


@card.command("show")
@click.argument("query")
@db_option
@format_option(("text", "json"))
@lang_option
@click.option("--date", "date", callback=date_argument, metavar="YYYY-MM-DD",
              help="Show the card as it read on this day: the text in force then (its history).")
@click.option("--history", "history", is_flag=True,
              help="Show every version of the card's text, each with a word-level diff from the one before.")
@click.option("--no-reminder", "no_reminder", is_flag=True,
              help="Leave out the rules text of the keywords printed under the card text.")
@click.pass_context
def show(ctx: click.Context, query: str, db: str | None, fmt: str, lang: str | None, date: dt.date | None,
         history: bool, no_reminder: bool) -> None:
    """Show the card named QUERY (a printed name or an id).

    Accents, case and spacing are ignored ("tukorutveszto" finds
    "Tükörútvesztő"); an unknown name gets did-you-mean suggestions and exit
    code 1, an ambiguous one lists the candidates.  Under the card text
    stands the rules text of each keyword (from the rule index), in the
    --lang language.  --date shows the text in force on that day, --history
    every version of the text, each marked [-removed-]{+added+} against the
    one before (docs/data-format.md, history:).

    \b
    Examples:
      korbiro card show "Briar Sichetti"
      korbiro card show minta-001 --format json
      korbiro card show "Garmacs, a kincsvadász" --history
      korbiro card show "A Sötét Térítő" --date 2024-06-01 --lang hu
    """
    from ..base.errors import DataError
    from ..base.i18n import detect_lang
    from ..data.index import open_index
    from ..data.paths import default_db_path

    lang = detect_lang(lang)
    try:
        database = open_index([default_db_path(db)])
    except DataError as exc:
        for f in exc.findings:
            click.echo(f"Error: {f.render_text(lang)}", err=True)
        ctx.exit(2)
    found = database.lookup(query)
    if found.card is None:
        if fmt == "json":
            echo_json(found.to_dict())
        else:
            click.echo(f"Error: {found.problem()}", err=True)
        ctx.exit(1)
    c = found.card
    if fmt == "json":
        from ..rules.mk.cardview import show_dict  # lazy: only card show reads the rule index

        echo_json(show_dict(found, date=date, history=history, reminders=not no_reminder))
        return
    shown = c.as_of(date) if date is not None else c
    notes = None if no_reminder else _reminders(shown)
    click.echo(render_card(shown, lang=lang, reminders=notes, date=date, history=history))


@card.command("search")
@click.argument("query")
@db_option
@format_option(("text", "json"))
@click.option("--explain", is_flag=True, help="Show the parsed query and, per card, the clauses it matched.")
@click.option("--sort", type=click.Choice(["name", "id", "mp", "dp", "level", "type"]), default="name",
              show_default=True, help="Order of the cards (cards without the value last).")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Show at most N cards.")
@click.pass_context
def search(ctx: click.Context, query: str, db: str | None, fmt: str, explain: bool, sort: str,
           limit: int | None) -> None:
    """Find the cards that match QUERY (the card search language, docs/card-search.md).

    Words and "quoted phrases" are searched in names and texts; filters test
    one field: type: subtype: race:/faj: set: kw: name: text: id: behaviour:
    (what the card does), errata:yes|no (the text has changed), and mp dp
    level fal changed (the newest text's date) with : = < <= > >= != (no
    blanks inside a filter).  Blanks mean
    AND, or/vagy means OR (AND binds tighter), - negates, parentheses group.
    Accents and case never matter.  Exit 0 when cards matched, 1 when none
    did, 2 on a syntax error (with its column) or an unreadable database.

    \b
    Examples:
      korbiro card search "type:kalandozó mp<=3"
      korbiro card search "faj:sarkany or faj:aquir" --explain
      korbiro card search "kw:kincskeresés>=2 -kw:'nemes nyelv'"
      korbiro card search '"pihenő helyzetbe" -type:akciólap' --sort mp
      korbiro card search "tukorutveszto" --format json
      korbiro card search "behaviour:forduló-zárása"
      korbiro card search "errata:yes changed>=2025-01-01"
    """
    from ..base.errors import DataError, KorbiroError, RulesSyntaxError
    from ..data.index import open_index
    from ..data.paths import default_db_path
    from ..data.search import query_error_to_dict
    from ..data.search import search as run_search
    from ..grammar.query import parse_query

    try:
        parsed = parse_query(query)
    except RulesSyntaxError as exc:
        click.echo(f"Error: query {exc.message}", err=True)
        if fmt == "json":
            echo_json(query_error_to_dict(query, exc))
        ctx.exit(2)
    try:
        database = open_index([default_db_path(db)])
    except DataError as exc:
        for f in exc.findings:
            click.echo(f"Error: {f.render_text()}", err=True)
        ctx.exit(2)
    except KorbiroError as exc:
        click.echo(f"Error: {exc}", err=True)
        ctx.exit(2)
    result = run_search(database, parsed, sort=sort, limit=limit, explain=explain)
    matched = result.matched or {}
    if fmt == "json":
        echo_json(result.to_dict(query, sort=sort, limit=limit))
    else:
        if explain:
            click.echo(f"parsed: {parsed.render()}")
        if result.cards:
            click.echo(render_table(result.cards, matched if explain else None))
        shown = len(result.cards)
        total = "1 card" if result.count == 1 else f"{result.count} cards"
        if not result.count:
            click.echo(f"No card matches {parsed.render()}.", err=True)
        else:
            click.echo(f"{shown} of {total}" if shown < result.count else total)
    ctx.exit(0 if result.count else 1)


def _keyword_column(c: Any) -> str:
    """The card's keywords, short: with their number or level, without quoted texts."""
    out: list[str] = []
    for kw, _rule, text in c.keyword_summary():
        if kw:
            shown = kw if '"' in text else text
            if shown not in out:
                out.append(shown)
    return ", ".join(out)


def render_table(cards: list[Any], matched: dict[str, list[str]] | None = None) -> str:
    """The search result table: id, name, type, MP, DP, keywords (and the matched clauses)."""
    head = ("id", "name", "type", "MP", "DP", "keywords")
    rows = [(c.id, c.name, c.type + (f" · {c.subtype}" if c.subtype else ""),
             "" if c.mp is None else str(c.mp), "" if c.dp is None else str(c.dp), _keyword_column(c))
            for c in cards]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def line(r: tuple[str, ...]) -> str:
        cells = [r[i].rjust(widths[i]) if head[i] in ("MP", "DP") else r[i].ljust(widths[i])
                 for i in range(len(head))]
        return "  ".join(cells).rstrip()

    lines = [line(head), "  ".join("-" * w for w in widths)]
    for c, r in zip(cards, rows, strict=True):
        lines.append(line(r))
        if matched is not None:
            lines.append(f"    matched: {', '.join(matched.get(c.id, []))}")
    return "\n".join(lines)


_ATTR_LABELS = (
    ("level", "szint"),
    ("race", "faj"),
    ("class", "kaszt"),
    ("subclass", "alkaszt"),
    ("alignment", "jellem"),
    ("fizikum", "Fizikum"),
    ("asztral", "Asztrál"),
    ("mental", "Mentál"),
    ("fal", "FAL"),
    ("attackers", "Támadók"),
    ("defenders", "Védők"),
    ("phase", "fázis"),
    ("duration", "időtartam"),
    ("condition", "feltétel"),
)


def render_card(c: Any, *, lang: str = "en", reminders: list[Any] | None = None, date: dt.date | None = None,
                history: bool = False) -> str:
    """The card for people: its fields, its text, the rules text of its keywords, what it does, where it is."""
    hu = lang == "hu"
    head = f"{c.name}  ({c.id})"
    kind = c.type + (f" · {c.subtype}" if c.subtype else "")
    costs = []
    if c.mp is not None:
        costs.append(f"MP {c.mp}")
    if c.dp is not None:
        costs.append(f"DP {c.dp}")
    lines = [head, f"{kind}    {'  '.join(costs)}".rstrip()]
    attrs = [f"{label} {c.attrs[key]}" for key, label in _ATTR_LABELS if c.attrs.get(key) is not None]
    if attrs:
        lines.append(" · ".join(attrs))
    if c.attrs.get("skills"):
        lines.append("képzettségek: " + ", ".join(map(str, c.attrs["skills"])))
    if date is not None:
        lines.append(_in_force_line(c, date, hu))
    summary = c.keyword_summary()
    if summary:
        lines.append("")
        width = max((len(text) for kw, _, text in summary if kw), default=0)
        for kw, rule_id, text in summary:
            rule = f"[{rule_id}]" if kw and rule_id else ""
            lines.append(f"  {text:<{width}}  {rule}".rstrip() if rule else f"  {text}")
    elif c.text:
        lines.append("")
        lines.extend("  " + t for t in c.text.splitlines())
    if reminders:
        lines.append("")
        lines.append("szabályszöveg:" if hu else "rules text:")
        lines.extend(f"  {r.line}: {r.text(lang)}" for r in reminders)
    if c.attrs.get("flavor"):
        lines.append("")
        lines.append(f"  „{c.attrs['flavor']}”")
    if c.attrs.get("behaviour") is not None:
        lines.append("")
        lines.append("what it does (docs/card-behaviour.md):")
        lines.extend("  " + line for line in c.behaviour.lines())
    if history:
        lines.append("")
        lines.extend(_history_lines(c, date, hu))
    lines.append("")
    lines.append(f"{_shown(c.file)}:{c.line}")
    return "\n".join(lines)


def _reminders(c: Any) -> list[Any]:
    """The rules text of the card's keyword lines (the rule index's reminders)."""
    from ..rules.mk.reminders import reminders  # lazy: only card show reads the rule index

    return reminders(c.keywords)


def _in_force_line(c: Any, date: dt.date, hu: bool) -> str:
    """Which version of the text *date* reads: the current one, or an earlier one and why."""
    version = c.version_on(date)
    if version is None:
        return (f"a(z) {date} napján érvényes szöveg: a mostani (a lapnak nincsenek változatai)" if hu else
                f"text in force on {date}: the current text (the card has no history)")
    earliest = " (a legkorábbi)" if hu and version.since > date else (" (the earliest)" if version.since > date else "")
    if version.current:
        return (f"a(z) {date} napján érvényes szöveg: a mostani, {version.since} óta{earliest}" if hu else
                f"text in force on {date}: the current text, from {version.since}{earliest}")
    current = c.history[-1].since
    return (f"a(z) {date} napján érvényes szöveg: a(z) {version.since} óta érvényes változat{earliest} "
            f"({version.reason}); a mostani szöveg {current} óta érvényes" if hu else
            f"text in force on {date}: the version from {version.since}{earliest} ({version.reason}); "
            f"the current text is from {current}")


def _history_lines(c: Any, date: dt.date | None, hu: bool) -> list[str]:
    """Every version of the text, oldest first, each as a word diff against the one before."""
    from ..data.history import render_word_diff, word_diff  # lazy: only --history diffs texts

    versions = c.history
    if not versions:
        return ["a szövegnek nincsenek változatai (history:)" if hu else "the text has no history (history:)"]
    illustrative = all(v.illustrative for v in versions)
    n = len(versions)
    if hu:
        head = f"a szöveg változatai ({n}, mindegyik a dátumától érvényes{'; illusztratív' if illustrative else ''}):"
    else:
        head = (f"text history ({n} version{'s' if n != 1 else ''}, each in force from its date"
                f"{'; illustrative' if illustrative else ''}):")
    out = [head]
    marked = c.version_on(date) if date is not None else versions[-1]
    for i, v in enumerate(versions):
        tags = []
        if v is marked:
            tags.append((f"{date} napján érvényes" if hu else f"in force on {date}") if date is not None else
                        ("mostani" if hu else "current"))
        if v.illustrative and not illustrative:
            tags.append("illusztratív" if hu else "illustrative")
        tag = f"  [{', '.join(tags)}]" if tags else ""
        out.append(f"  {v.since}  {v.reason} ({v.source}){tag}")
        text = v.text if i == 0 else render_word_diff(word_diff(versions[i - 1].text, v.text))
        out.extend(f"      {line}" for line in (text.strip("\n").splitlines() or ["" if hu else ""]))
    return out


def _shown(path: str | None) -> str:
    """*path* relative to the working folder when it lies below it."""
    from ..base.fsutil import shown_path

    return shown_path(path)
