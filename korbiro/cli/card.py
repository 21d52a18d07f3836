"""``korbiro card …``: look cards up."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import click

from ..base.i18n import message, part
from ._common import (
    Whole,
    date_argument,
    date_option,
    db_option,
    echo_errors,
    echo_json,
    error_line,
    format_option,
    lang_option,
)


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
    from ..app import Session
    from ..base.errors import DataError
    from ..base.i18n import detect_lang

    lang = detect_lang(lang)
    session = Session(db)
    try:
        session.index  # noqa: B018 - an unreadable database: exit 2
    except DataError as exc:
        echo_errors(exc, lang)
        ctx.exit(2)
    found = session.show_card(query)
    if found.card is None:
        if fmt == "json":
            echo_json(found.to_dict(lang))
        else:
            click.echo(error_line(found.problem(lang), lang), err=True)
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
@click.argument("query", required=False, default="")
@db_option
@format_option(("text", "json", "csv"))
@click.option("--explain", is_flag=True, help="Show the parsed query and, per card, the clauses it matched.")
@click.option("--sort", type=click.Choice(["name", "id", "mp", "dp", "level", "type"]), default="name",
              show_default=True, help="Order of the cards (cards without the value last).")
@click.option("--limit", type=Whole(min=1), default=None, help="Show at most N cards.")
@date_option("The day legal:, banned: and restricted: look at the banlist (default: today).")
@click.option("--formats", "formats_file", type=click.Path(exists=True, dir_okay=False), default=None,
              help="A formats and banlist file of your own for legal:, banned: and restricted: "
                   "(YAML, schema mk-formats; default: the shipped one).")
@lang_option
@click.pass_context
def search(ctx: click.Context, query: str, db: str | None, fmt: str, explain: bool, sort: str,
           limit: int | None, date: dt.date | None, formats_file: str | None, lang: str | None) -> None:
    """Find the cards that match QUERY (the card search language, docs/card-search.md).

    Words and "quoted phrases" are searched in names and texts; filters test
    one field of the card (every field of the set files: type: subtype:
    race:/faj: kw: name: text:/o: mp dp level fal fizikum asztral mental
    class: alignment: skills: rarity: phase: …, the whole list in
    docs/card-search.md), with : = and, for numbers and dates, < <= > >=
    != (no blanks inside a filter); errata:yes|no (the text has changed)
    and changed (the newest text's date).  legal:FORMAT, banned:FORMAT and
    restricted:FORMAT read the format's banlist as of --date.  Blanks mean
    AND, or/vagy means OR (AND binds tighter), - negates, parentheses group.
    Accents and case never matter; no QUERY lists every card.  Exit 0 when
    cards matched, 1 when none did, 2 on a syntax error (with its column) or
    an unreadable database.

    --format csv writes RFC 4180 CSV with a header row: a column per card
    field, in the order of docs/card-search.md.

    \b
    Examples:
      korbiro card search "type:kalandozó mp<=3"
      korbiro card search "faj:sarkany or faj:aquir" --explain
      korbiro card search "kw:kincskeresés>=2 -kw:'nemes nyelv'"
      korbiro card search '"pihenő helyzetbe" -type:akciólap' --sort mp
      korbiro card search "class:harcos fizikum>=5"
      korbiro card search "banned:korfordulo" --date 2026-03-01
      korbiro card search "tukorutveszto" --format json
      korbiro card search --format csv
      korbiro card search "behaviour:forduló-zárása"
      korbiro card search "errata:yes changed>=2025-01-01"
    """
    from ..app import Session
    from ..base.errors import KorbiroError, RulesSyntaxError
    from ..base.i18n import current, message
    from ..data.search import query_error_to_dict
    from ..grammar.query import parse_query

    lang_ = current()

    def refuse(exc: RulesSyntaxError) -> None:
        click.echo(error_line(message("CLI.search.query-error", lang_, message=exc.to_finding().text(lang_)), lang_), err=True)
        if fmt == "json":
            echo_json(query_error_to_dict(query, exc, lang_))
        ctx.exit(2)

    try:
        parsed = parse_query(query)
    except RulesSyntaxError as exc:
        refuse(exc)
    session = Session(db, formats_file=formats_file)
    try:
        session.index  # noqa: B018 - an unreadable database: exit 2
        # the shipped formats are read only by a query that asks for them (legal:, banned:, restricted:)
        if formats_file:
            session.formats  # noqa: B018 - an unreadable formats file: exit 2
    except KorbiroError as exc:
        echo_errors(exc, lang_)
        ctx.exit(2)
    try:
        # a table reads only the columns it shows; JSON and CSV show every field
        result = session.search_cards(parsed, sort=sort, limit=limit, explain=explain, date=date,
                                      shown=fmt == "text")
    except RulesSyntaxError as exc:  # a format the formats file does not have
        refuse(exc)
    if fmt == "json":
        echo_json(result.to_dict(query, sort=sort, limit=limit))
    elif fmt == "csv":
        click.echo(render_csv(result.cards), nl=False)
    else:
        echo_search_text(result, parsed.render(), explain, lang_)
    ctx.exit(0 if result.count else 1)


def echo_search_text(result: Any, rendered: str, explain: bool, lang_: str) -> None:
    """``card search``'s text: with *explain* the parsed query (*rendered*), the table of cards, the count."""
    matched = result.matched or {}
    shown_query = rendered or message("CLI.search.every-card", lang_)
    if explain:
        click.echo(message("CLI.search.parsed", lang_, query=shown_query))
    if result.cards:
        click.echo(render_table(result.cards, matched if explain else None, lang_))
    shown = len(result.cards)
    if not result.count:
        click.echo(message("CLI.search.none", lang_, query=shown_query), err=True)
    elif shown < result.count:
        click.echo(message("CLI.search.count-of", lang_, shown=shown, n=result.count))
    else:
        click.echo(message("CLI.search.count" + (".one" if result.count == 1 else ""), lang_, n=result.count))


def csv_columns() -> list[str]:
    """The columns of ``--format csv``: id and name, then every card field of the search language in its order."""
    from ..grammar.query import FIELDS  # lazy: start-up (the command modules import lazily)

    return ["id", "name", *(f.name for f in FIELDS if f.card and f.name not in ("id", "name"))]


def render_csv(cards: Sequence[Any]) -> str:
    """The cards as RFC 4180 CSV (CRLF line ends, quoted where needed) with a header row of field names.

    A list (skills, keywords, …) is one cell, its items joined by "; "; a
    field the card does not have is empty.
    """
    import csv
    import io

    columns = csv_columns()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    for c in cards:
        writer.writerow([_csv_cell(c, name) for name in columns])
    return out.getvalue()


def _csv_cell(c: Any, name: str) -> str:
    if name == "set":
        value: Any = c.set
    elif name == "kw":
        value = _keywords(c)
    elif name == "behaviour":
        value = list(c.behaviour.kinds()) if c.attrs.get("behaviour") is not None else []
    elif name == "descriptor":
        value = c.get("descriptor", c.get("színesítő"))
    elif name == "property":
        value = c.get("properties")
    elif name == "mark":  # the marks of the card's abilities, in the order of the catalogue's ids
        value = sorted({m for a in c.abilities for m in a.marks})
    elif name == "requirement":
        req = c.requirement
        value = req.render() if req is not None else None
    elif name == "race":
        value = next(iter(c.values("race")), None)
    elif name in ("errata", "changed"):  # the text history: how many times it changed, the newest text's day
        versions = c.history
        value = max(0, len(versions) - 1) if name == "errata" else (
            versions[-1].since.isoformat() if len(versions) > 1 else None)
    else:
        value = c.get(name)
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return "; ".join(str(v) for v in value)
    return str(value).rstrip("\n")  # a text written as a YAML block ends with a line break


def _keywords(c: Any) -> list[str]:
    """The card's keywords, short: with their number or level, without quoted texts."""
    out: list[str] = []
    for kw, _rule, text in c.keyword_summary():
        if kw:
            shown = kw if '"' in text else text
            if shown not in out:
                out.append(shown)
    return out


def _keyword_column(c: Any) -> str:
    return ", ".join(_keywords(c))


def render_table(cards: Sequence[Any], matched: dict[str, list[str]] | None = None, lang: str = "en") -> str:
    """The search result table: id, name, type, MP, DP, keywords (and the matched clauses)."""
    head = tuple(message("CLI.search.head", lang).split("|"))
    rows = [(c.id, c.name, c.type + (f" · {c.subtype}" if c.subtype else ""),
             "" if c.mp is None else str(c.mp), "" if c.dp is None else str(c.dp), _keyword_column(c))
            for c in cards]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def line(r: tuple[str, ...]) -> str:
        cells = [r[i].rjust(widths[i]) if i in (3, 4) else r[i].ljust(widths[i])  # MP and DP
                 for i in range(len(head))]
        return "  ".join(cells).rstrip()

    lines = [line(head), "  ".join("-" * w for w in widths)]
    for c, r in zip(cards, rows, strict=True):
        lines.append(line(r))
        if matched is not None:
            lines.append("    " + message("CLI.search.matched", lang, clauses=", ".join(matched.get(c.id, []))))
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
    head = f"{c.name}  ({c.id})"
    kind = c.type + (f" · {c.subtype}" if c.subtype else "")
    costs = []
    if c.mp is not None:
        costs.append(f"MP {c.mp}")
    if c.dp is not None:
        costs.append(f"DP {c.dp}")
    lines = [head, f"{kind}    {'  '.join(costs)}".rstrip()]
    # lazy: only card show reads the printed fields (and the vocabularies they name)
    from ..rules.mk.cardview import field_lines, shown_value

    attrs = [f"{label} {shown_value(c.attrs[key])}" for key, label in _ATTR_LABELS if c.attrs.get(key) is not None]
    if attrs:
        lines.append(" · ".join(attrs))
    if c.attrs.get("skills"):
        lines.append("képzettségek: " + ", ".join(map(str, c.attrs["skills"])))
    lines.extend(field_lines(c, lang))
    if date is not None:
        lines.append(_in_force_line(c, date, lang))
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
        lines.append(message("CLI.card.rules-text", lang))
        lines.extend(f"  {r.line}: {r.text(lang)}" for r in reminders)
    if c.attrs.get("flavor"):
        lines.append("")
        lines.append(f"  „{c.attrs['flavor']}”")
    if c.attrs.get("behaviour") is not None:
        lines.append("")
        lines.append(message("CLI.card.behaviour", lang))
        lines.extend("  " + line for line in c.behaviour.lines())
    if history:
        lines.append("")
        lines.extend(_history_lines(c, date, lang))
    lines.append("")
    lines.append(f"{_shown(c.file)}:{c.line}")
    return "\n".join(lines)


def _reminders(c: Any) -> list[Any]:
    """The rules text of the card's keyword lines (the rule index's reminders)."""
    from ..rules.mk.reminders import reminders  # lazy: only card show reads the rule index

    return reminders(c.keywords)


def _in_force_line(c: Any, date: dt.date, lang: str) -> str:
    """Which version of the text *date* reads: the current one, or an earlier one and why."""
    version = c.version_on(date)
    if version is None:
        return message("CLI.card.in-force.none", lang, date=str(date))
    earliest = part("CLI.card.earliest") if version.since > date else ""
    if version.current:
        return message("CLI.card.in-force.current", lang, date=str(date), since=str(version.since), earliest=earliest)
    return message("CLI.card.in-force.version", lang, date=str(date), since=str(version.since), earliest=earliest,
                   reason=version.reason, current=str(c.history[-1].since))


def _history_lines(c: Any, date: dt.date | None, lang: str) -> list[str]:
    """Every version of the text, oldest first, each as a word diff against the one before."""
    from ..data.history import render_word_diff, word_diff  # lazy: only --history diffs texts

    versions = c.history
    if not versions:
        return [message("CLI.card.history.none", lang)]
    illustrative = all(v.illustrative for v in versions)
    n = len(versions)
    out = [message("CLI.card.history" + (".one" if n == 1 else ""), lang, n=n,
                   illustrative=part("CLI.card.history.illustrative") if illustrative else "")]
    marked = c.version_on(date) if date is not None else versions[-1]
    for i, v in enumerate(versions):
        tags = []
        if v is marked:
            tags.append(message("CLI.card.tag.in-force", lang, date=str(date)) if date is not None else
                        message("CLI.card.tag.current", lang))
        if v.illustrative and not illustrative:
            tags.append(message("CLI.card.tag.illustrative", lang))
        tag = f"  [{', '.join(tags)}]" if tags else ""
        out.append(f"  {v.since}  {v.reason} ({v.source}){tag}")
        text = v.text if i == 0 else render_word_diff(word_diff(versions[i - 1].text, v.text))
        out.extend(f"      {line}" for line in (text.strip("\n").splitlines() or [""]))
    return out


def _shown(path: str | None) -> str:
    """*path* relative to the working folder when it lies below it."""
    from ..base.fsutil import shown_path

    return shown_path(path)
