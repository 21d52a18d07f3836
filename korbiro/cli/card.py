"""``korbiro card …``: look cards up."""

from __future__ import annotations

import datetime as dt
from typing import Any

import click

from ._common import date_option, db_option, echo_errors, echo_json, format_option


@click.group()
def card() -> None:
    """Look cards up in the card database."""


@card.command("show")
@click.argument("query")
@db_option
@format_option(("text", "json"))
@click.pass_context
def show(ctx: click.Context, query: str, db: str | None, fmt: str) -> None:
    """Show the card named QUERY (a printed name or an id).

    Accents, case and spacing are ignored ("tukorutveszto" finds
    "Tükörútvesztő"); an unknown name gets did-you-mean suggestions and exit
    code 1, an ambiguous one lists the candidates.

    \b
    Examples:
      korbiro card show "Briar Sichetti"
      korbiro card show minta-001 --format json
    """
    from ..base.errors import DataError
    from ..data.index import open_index
    from ..data.paths import default_db_path

    try:
        database = open_index([default_db_path(db)])
    except DataError as exc:
        echo_errors(exc)
        ctx.exit(2)
    found = database.lookup(query)
    if found.card is None:
        if found.ambiguous:
            names = ", ".join(f"{c.name} ({c.id})" for c in found.ambiguous)
            msg = f"{query!r} is ambiguous: {names}"
        else:
            hint = f"; did you mean {', '.join(repr(s) for s in found.suggestions)}?" if found.suggestions else ""
            msg = f"no card named {query!r}{hint}"
        if fmt == "json":
            echo_json({"query": query, "card": None, "error": msg, "suggestions": found.suggestions,
                       "ambiguous": [c.id for c in found.ambiguous]})
        else:
            click.echo(f"Error: {msg}", err=True)
        ctx.exit(1)
    c = found.card
    if fmt == "json":
        echo_json({"query": query, "card": c.to_dict()})
        return
    click.echo(render_card(c))


@card.command("search")
@click.argument("query", required=False, default="")
@db_option
@format_option(("text", "json", "csv"))
@click.option("--explain", is_flag=True, help="Show the parsed query and, per card, the clauses it matched.")
@click.option("--sort", type=click.Choice(["name", "id", "mp", "dp", "level", "type"]), default="name",
              show_default=True, help="Order of the cards (cards without the value last).")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Show at most N cards.")
@date_option("The day legal:, banned: and restricted: look at the banlist (default: today).")
@click.option("--formats", "formats_file", type=click.Path(exists=True, dir_okay=False), default=None,
              help="A formats and banlist file of your own for legal:, banned: and restricted: "
                   "(YAML, schema mk-formats; default: the shipped one).")
@click.pass_context
def search(ctx: click.Context, query: str, db: str | None, fmt: str, explain: bool, sort: str,
           limit: int | None, date: dt.date | None, formats_file: str | None) -> None:
    """Find the cards that match QUERY (the card search language, docs/card-search.md).

    Words and "quoted phrases" are searched in names and texts; filters test
    one field of the card (every field of the set files: type: subtype:
    race:/faj: kw: name: text:/o: mp dp level fal fizikum asztral mental
    class: alignment: skills: rarity: phase: …, the whole list in
    docs/card-search.md), with : = and, for numbers, < <= > >= != (no
    blanks inside a filter).  legal:FORMAT, banned:FORMAT and
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
    """
    from ..base.errors import KorbiroError, RulesSyntaxError
    from ..data.formats import load_formats
    from ..data.index import open_index
    from ..data.paths import default_db_path
    from ..data.search import search as run_search
    from ..grammar.query import parse_query

    def refuse(exc: RulesSyntaxError) -> None:
        click.echo(f"Error: query {exc.message}", err=True)
        if fmt == "json":
            echo_json({"query": query, "error": {"code": exc.code, "column": exc.column,
                                                 "message": getattr(exc, "reason", exc.message)}})
        ctx.exit(2)

    try:
        parsed = parse_query(query)
    except RulesSyntaxError as exc:
        refuse(exc)
    try:
        database = open_index([default_db_path(db)])
        formats = load_formats(formats_file)
    except KorbiroError as exc:
        echo_errors(exc)
        ctx.exit(2)
    try:
        result = run_search(database, parsed, sort=sort, limit=limit, explain=explain, formats=formats, date=date)
    except RulesSyntaxError as exc:  # a format the formats file does not have
        refuse(exc)
    matched = result.matched or {}
    shown_query = parsed.render() or "(every card)"
    if fmt == "json":
        cards = []
        for c in result.cards:
            entry = c.to_dict()
            if explain:
                entry["matched"] = matched.get(c.id, [])
            cards.append(entry)
        echo_json({"query": query, "parsed": parsed.render(), "tree": parsed.to_json(), "count": result.count,
                   "limit": limit, "sort": sort, "cards": cards})
    elif fmt == "csv":
        click.echo(render_csv(result.cards), nl=False)
    else:
        if explain:
            click.echo(f"parsed: {shown_query}")
        if result.cards:
            click.echo(render_table(result.cards, matched if explain else None))
        shown = len(result.cards)
        total = "1 card" if result.count == 1 else f"{result.count} cards"
        if not result.count:
            click.echo(f"No card matches {shown_query}.", err=True)
        else:
            click.echo(f"{shown} of {total}" if shown < result.count else total)
    ctx.exit(0 if result.count else 1)


def csv_columns() -> list[str]:
    """The columns of ``--format csv``: id and name, then every card field of the search language in its order."""
    from ..grammar.query import FIELDS  # lazy: start-up (the command modules import lazily)

    return ["id", "name", *(f.name for f in FIELDS if f.card and f.name not in ("id", "name"))]


def render_csv(cards: list[Any]) -> str:
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


def render_card(c: Any) -> str:
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
    if c.attrs.get("flavor"):
        lines.append("")
        lines.append(f"  „{c.attrs['flavor']}”")
    if c.attrs.get("behaviour") is not None:
        lines.append("")
        lines.append("what it does (docs/card-behaviour.md):")
        lines.extend("  " + line for line in c.behaviour.lines())
    lines.append("")
    lines.append(f"{_shown(c.file)}:{c.line}")
    return "\n".join(lines)


def _shown(path: str | None) -> str:
    """*path* relative to the working folder when it lies below it."""
    import os

    if not path:
        return "<unknown>"
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel
