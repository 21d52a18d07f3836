"""``korbiro card …``: look cards up."""

from __future__ import annotations

from typing import Any

import click

from ._common import db_option, echo_json, format_option


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
    from ..data.check import default_db_path
    from ..data.index import open_index
    from ..errors import DataError

    try:
        database = open_index([default_db_path(db)])
    except DataError as exc:
        for f in exc.findings:
            click.echo(f"Error: {f.render_text()}", err=True)
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
