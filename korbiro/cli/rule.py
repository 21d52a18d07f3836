"""``korbiro rule …`` and ``korbiro keyword …``: the MK rulebook and its keywords."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

import click

from ._common import (
    Whole,
    db_option,
    echo_errors,
    echo_json,
    error_line,
    format_option,
    lang_option,
)


def _labels(lang: str) -> Mapping[str, str]:
    """The words of rule show / search and keyword explain (``CLI.rule.…`` of cli/messages.yaml)."""
    from ..base.i18n import Words  # lazy: start-up

    return Words("CLI.rule", lang)


def _coverage_labels(lang: str) -> Mapping[str, str]:
    """The words of rule coverage (``CLI.coverage.…`` of cli/messages.yaml)."""
    from ..base.i18n import Words  # lazy: start-up

    return Words("CLI.coverage", lang)


_WIDTH = 88


def _wrap(text: str, indent: str = "") -> str:
    return textwrap.fill(text, width=_WIDTH, initial_indent=indent, subsequent_indent=indent)


def _lang(lang: str | None) -> str:
    from ..base.i18n import detect_lang

    return detect_lang(lang)


def _title(rule: Any, lang: str) -> str:
    t = rule.text("title", lang)
    hu = rule.text("title", "hu")
    return f"{t} ({hu})" if lang == "en" and hu and fold_ne(hu, t) else t


def fold_ne(a: str, b: str) -> bool:
    from ..base.text import fold

    return fold(a) not in fold(b)


def _book() -> Any:
    from ..rules.mk.rulebook import load_rulebook

    return load_rulebook()


def _rulings_option(f: Any) -> Any:
    return click.option(
        "--rulings",
        "rulings",
        type=click.Path(file_okay=False, dir_okay=True),
        default=None,
        help="Folder of ruling scenarios (default: $KORBIRO_RULINGS, else examples/rulings).",
    )(f)


def _shown(path: str | None) -> str:
    """*path* relative to the working folder when it lies below it."""
    from ..base.fsutil import shown_path

    return shown_path(path)


# --------------------------------------------------------------------------- rule


@click.group()
def rule() -> None:
    """Show and search the M.A.G.U.S. Kártyajáték rulebook.

    Every rule id korbiro cites is in the index, with a title and a short
    summary in Hungarian and English, its status (current under Korforduló,
    or archived and where it still applies) and its links.
    """


@rule.command("show")
@click.argument("rule_id", metavar="ID")
@format_option(("text", "json"))
@lang_option
@_rulings_option
@click.pass_context
def show(ctx: click.Context, rule_id: str, fmt: str, lang: str | None, rulings: str | None) -> None:
    """Show the rule ID and its sub-points.

    Case and loose separators are forgiven ("2.03.E", "2.03 e"); an unknown id
    exits 1 with did-you-mean suggestions.

    \b
    Examples:
      korbiro rule show 1.01
      korbiro rule show 1.14.14 --lang hu
      korbiro rule show 12.00.5 --format json
    """
    from ..app import Session

    lang_ = _lang(lang)
    session = Session(rulings=rulings)
    book = session.rulebook
    view = session.show_rule(rule_id)
    if view.rule is None:
        if fmt == "json":
            echo_json(book.show_to_dict(rule_id, [], lang_))
        else:
            click.echo(error_line(book.not_found(rule_id, lang_), lang_), err=True)
        ctx.exit(1)
    if fmt == "json":
        echo_json(book.show_to_dict(rule_id, view.scenarios, lang_))
        return
    click.echo(render_rule(view.rule, book, lang_, view.below, view.cited))


def render_rule(found: Any, book: Any, lang: str, below: Sequence[Any], cited: Sequence[Any]) -> str:
    """The text of ``korbiro rule show``."""
    L = _labels(lang)
    lines = [f"{found.id}  {_title(found, lang)}"]
    status = L[found.status]
    if found.status == "archived" and found.applies:
        lines.append(_wrap(f"{L['status']}: {status}. {L['applies']}: {found.text('applies', lang)}"))
    else:
        lines.append(f"{L['status']}: {status}")
    extra = [L[s] for s in found.source]
    if found.numbering == "project":
        extra.append(L["project"])
    if not found.text_available:
        extra.append(L["no_text"])
    lines.append(f"{L['source']}: {', '.join(extra)}")
    parents = book.ancestors(found.id)
    if parents:
        lines.append(f"{L['under']}: " + " › ".join(f"{p.id} {p.text('title', lang)}" for p in parents))
    lines.append("")
    lines.append(_wrap(found.text("summary", lang)))
    if found.note:
        lines.append(_wrap(f"{L['note']}: {found.text('note', lang)}"))
    if found.not_modelled:
        lines.append(_wrap(f"{L['not_modelled']}: {found.text('not_modelled', lang)}"))
    if found.keywords or found.see:
        lines.append("")
    if found.keywords:
        from ..grammar.keywords import KEYWORDS

        kws = [f"{k} [{KEYWORDS[k].rule}]" if k in KEYWORDS and KEYWORDS[k].rule else k for k in found.keywords]
        lines.append(f"{L['keywords']}: " + ", ".join(kws))
    if found.see:
        lines.append(f"{L['see']}: " + ", ".join(f"{s} {book[s].text('title', lang)}" for s in found.see if s in book))
    if below:
        lines.append("")
        base = found.depth
        for r in below:
            pad = "  " * (r.depth - base)
            mark = f"  [{L['archived']}]" if r.status != found.status and r.status == "archived" else ""
            lines.append(f"{pad}{r.id}  {r.text('title', lang)}{mark}")
            lines.append(_wrap(r.text("summary", lang), pad + "    "))
    if cited:
        lines.append("")
        lines.append(f"{L['scenarios']}:")
        lines.extend(f"  {_shown(s.path)}  {s.title}" for s in cited)
    return "\n".join(lines)


@rule.command("search")
@click.argument("words", nargs=-1, required=True)
@click.option("--limit", type=Whole(1, 500), default=10, show_default=True, help="Show at most this many rules.")
@format_option(("text", "json"))
@lang_option
@click.pass_context
def search(ctx: click.Context, words: tuple[str, ...], limit: int, fmt: str, lang: str | None) -> None:
    """Find rules by WORDS, ignoring accents and case, best first.

    A rule ranks higher the more of the words it matches, and by where they
    match: its id, then its title, its keywords, its summary (Hungarian and
    English alike). A word matches the start of a word of the rule
    ("kincs" finds "Kincskeresés"). Exits 1 when nothing matches.

    \b
    Examples:
      korbiro rule search kincskereses
      korbiro rule search utolso toronyszint
      korbiro rule search "19 DP" --format json
    """
    lang_ = _lang(lang)
    if fmt == "json":
        data = _book().search_to_dict(list(words), limit=limit, lang=lang_)
        echo_json(data)
        ctx.exit(0 if data["results"] else 1)
    hits = _book().search(list(words), limit=limit)
    if hits:
        width = max(len(h.rule.id) for h in hits) + 2
        for h in hits:
            tag = "" if h.rule.status == "current" else f"  [{_labels(lang_)['archived']}]"
            click.echo(f"{h.rule.id:<{width}}{h.rule.text('title', lang_)}{tag}")
    else:
        click.echo(_labels(lang_)["no_match"].format(query=" ".join(words)), err=True)
    if not hits:
        ctx.exit(1)


@rule.command("coverage")
@format_option(("text", "json"))
@lang_option
@click.option("--missing", is_flag=True, help="List only the rules no passing scenario exercises, each with why.")
@click.option("--examples", "examples", type=click.Path(exists=True, file_okay=False, dir_okay=True), default=None,
              help="The folder of shipped scenarios (default: examples in the working folder, else beside the package).")
@click.pass_context
def coverage(ctx: click.Context, fmt: str, lang: str | None, missing: bool, examples: str | None) -> None:
    """Which rules korbiro implements, and which shipped scenarios exercise them.

    For every rule of the index: the parts that implement it (engine, deck,
    victory, keywords), the passing scenarios that apply it (the ruling
    scenarios, the example deck lists and exchanges, the example game states
    with their verdicts in examples/verdicts.yaml), and its coverage:
    exercised, implemented (no passing scenario), not implemented, not
    modelled (with the reason) or section (a rule with points, counted
    through them). Then one figure: the share of the index's points korbiro
    models that a passing scenario exercises. Exits 1 when a scenario fails.

    \b
    Examples:
      korbiro rule coverage
      korbiro rule coverage --missing --lang hu
      korbiro rule coverage --format json
    """
    # lazy: the coverage runs every scenario, and imports the engine to do it
    from ..base.errors import DataError
    from ..rules.mk.coverage import compute_coverage, default_examples_dir

    lang_ = _lang(lang)
    L = _coverage_labels(lang_)
    folder = examples if examples is not None else default_examples_dir()
    if folder is None:
        click.echo(error_line(L["no_examples"], lang_), err=True)
        ctx.exit(2)
    assert folder is not None
    try:
        with _Progress(L["running"], enabled=fmt == "text") as progress:
            cov = compute_coverage(folder, progress=progress)
    except DataError as exc:  # a broken verdicts.yaml
        echo_errors(exc, lang_)
        ctx.exit(2)
    if fmt == "json":
        echo_json({"folder": _shown(str(folder)), **cov.to_dict(lang_, missing=missing)})
    else:
        click.echo("\n".join(_render_missing(cov, lang_) if missing else _render_table(cov, lang_)))
        click.echo("\n".join(_figure_lines(cov, lang_)))
    failing = cov.failing()
    for ex in failing if fmt == "text" else ():
        click.echo(f"{L['failing']}: {ex.name}: {ex.problem}", err=True)
    ctx.exit(1 if failing else 0)


class _Progress:
    """``running scenarios 40/128`` on a terminal's stderr, once the run has taken over a second."""

    def __init__(self, label: str, *, enabled: bool) -> None:
        import sys
        import time

        self.label = label
        self.enabled = enabled and sys.stderr.isatty()
        self.clock = time.monotonic
        self.start = self.clock()
        self.shown = False

    def __enter__(self) -> Any:
        return self if self.enabled else None

    def __call__(self, done: int, total: int, name: str) -> None:
        if self.shown or self.clock() - self.start > 1.0:
            self.shown = True
            click.echo(f"\r{self.label} {done}/{total}", nl=False, err=True)

    def __exit__(self, *exc: object) -> None:
        if self.shown:
            click.echo("\r\033[K", nl=False, err=True)


def _parts(entry: Any, lang: str) -> str:
    L = _coverage_labels(lang)
    return ", ".join(L[p] + ("" if cited == entry.rule.id else f" ({cited})") for p, cited in entry.implemented_by)


def _coverage_text(entry: Any, lang: str) -> str:
    L = _coverage_labels(lang)
    if entry.points is not None:
        return L["section"].format(*entry.points)
    return str(L[entry.coverage])


def _first_names(entry: Any, width: int = 40) -> str:
    if not entry.examples:
        return "-"
    names = [e.name.rsplit("/", 1)[-1].removesuffix(".yaml") for e in entry.examples]
    text = f"{len(names)}  {', '.join(names)}"
    return text if len(text) <= width else text[: width - 1] + "…"


def _render_table(cov: Any, lang: str) -> list[str]:
    L = _coverage_labels(lang)
    rows = [(e.rule.id, _labels(lang)[e.rule.status].split(" (")[0], _parts(e, lang) or "-", _first_names(e),
             _coverage_text(e, lang)) for e in cov]
    head = (L["rule"], L["status"], L["by"], L["scenarios"], L["coverage"])
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(4)]
    return ["  ".join(c.ljust(w) for c, w in zip(r[:4], widths, strict=True)) + "  " + r[4] for r in [head, *rows]]


def _render_missing(cov: Any, lang: str) -> list[str]:
    L = _coverage_labels(lang)
    missing = cov.missing()
    if not missing:
        return [L["nothing"]]
    width = max(len(e.rule.id) for e in missing) + 2
    lines: list[str] = []
    for kind in ("not-implemented", "implemented", "not-modelled"):
        group = [e for e in missing if e.coverage == kind]
        if not group:
            continue
        lines.append(f"{L[kind]} ({len(group)}):")
        for e in group:
            status = _labels(lang)[e.rule.status].split(" (")[0]
            by = f"  [{_parts(e, lang)}]" if e.implemented_by and kind == "implemented" else ""
            lines.append(f"  {e.rule.id:<{width}}{status:<11}{e.rule.text('title', lang)}{by}")
            if kind == "not-modelled":
                pad = " " * (width + 2)
                lines.append(textwrap.fill(e.rule.text("not_modelled", lang), width=_WIDTH, initial_indent=pad,
                                           subsequent_indent=pad, break_on_hyphens=False))
    return lines


def _figure_lines(cov: Any, lang: str) -> list[str]:
    L = _coverage_labels(lang)
    fig = cov.figure
    percent = f"{fig.percent:.1f}"
    if lang == "hu":
        percent = percent.replace(".", ",")
    kinds = [(k, sum(e.kind == k for e in cov.examples)) for k in ("ruling", "deck", "exchange", "result")]
    ran = ", ".join(L["deck_n" if k == "deck" else k].format(n) for k, n in kinds if n)
    passed = sum(e.passed for e in cov.examples)
    return ["", L["figure"].format(fig.exercised, fig.counted, percent), L["counted"].format(fig.points, fig.not_modelled),
            L["run"].format(passed, len(cov.examples), ran)]


# --------------------------------------------------------------------------- keyword


@click.group()
def keyword() -> None:
    """Explain the keywords of M.A.G.U.S. Kártyajáték card text."""


@keyword.command("explain")
@click.argument("name", metavar="KEYWORD")
@db_option
@click.option("--limit", type=Whole(0, 100), default=5, show_default=True, help="Example cards to show.")
@format_option(("text", "json"))
@lang_option
@_rulings_option
@click.pass_context
def explain(ctx: click.Context, name: str, db: str | None, limit: int, fmt: str, lang: str | None,
            rulings: str | None) -> None:
    """Explain KEYWORD: what it does, its rule, example cards, ruling scenarios.

    The name is matched ignoring accents and case ("kincskereses" is
    KINCSKERESÉS), and a unique beginning is enough ("egy jatekos"). Example
    cards come from the card database (--db, else $KORBIRO_DB, else the
    shipped sample); scenarios from examples/rulings/*.yaml whose `keywords`
    name it or whose `rules` cite its rule.

    \b
    Examples:
      korbiro keyword explain kincskereses
      korbiro keyword explain "nemes nyelv" --lang hu
      korbiro keyword explain fal --format json
    """
    from ..app import Session
    from ..base.errors import DataError

    lang_ = _lang(lang)
    session = Session(db, rulings=rulings)
    try:
        found = session.explain_keyword(name, limit)
    except DataError as exc:
        echo_errors(exc)
        ctx.exit(2)
    match, cls = found.match, found.keyword
    if cls is None:
        L = _labels(lang_)
        if match.candidates:
            msg = L["ambiguous"].format(query=name, options=", ".join(c.key for c in match.candidates))
        else:
            options = L["or"].join(repr(s) for s in match.suggestions)
            hint = L["did_you_mean"].format(options=options) if match.suggestions else ""
            msg = L["no_keyword"].format(query=name) + hint
        if fmt == "json":
            echo_json({"query": name, "keyword": None, "error": msg, "suggestions": list(match.suggestions),
                       "candidates": [c.key for c in match.candidates]})
        else:
            click.echo(error_line(msg, lang_), err=True)
        ctx.exit(1)
    assert cls is not None
    cards, total, rule_, folder, used = found.examples, found.examples_total, found.rule, found.rulings, found.scenarios
    doc = _keyword_doc(cls, lang_)
    if fmt == "json":
        echo_json({
            "query": name, "keyword": cls.key, "canonical": cls.keyword, "rule": cls.rule,
            "rule_title": rule_.text("title", lang_) if rule_ else None,
            "status": rule_.status if rule_ else None,
            "summary": rule_.text("summary", lang_) if rule_ else None,
            "engine": doc,
            "card_types": sorted(cls.card_types) if cls.card_types else None,
            "examples": [{"id": c.id, "name": c.name, "line": line} for c, line in cards], "examples_total": total,
            "rulings": folder, "scenarios": [{"path": s.path, "title": s.title} for s in used],
        })
        return
    click.echo(render_explanation(found, session.rulebook, doc, lang_))


def _keyword_doc(cls: Any, lang: str) -> str:
    """What the keyword does in korbiro, in *lang* (``KEYWORD.<class>``; its docstring where the catalogue lacks it)."""
    from ..base.i18n import catalogue, message  # lazy: start-up

    english = " ".join((cls.__doc__ or "").split())
    key = f"KEYWORD.{cls.__name__}"
    return message(key, lang) if lang != "en" and key in catalogue() else english


def render_explanation(found: Any, book: Any, doc: str, lang_: str) -> str:
    """``keyword explain``'s text: the keyword, its rule and points, what the engine does, the example
    cards and the scenarios (*found*: a :class:`~korbiro.app.results.KeywordExplanation`)."""
    cls, cards, total, rule_ = found.keyword, found.examples, found.examples_total, found.rule
    folder, used = found.rulings, found.scenarios
    L = _labels(lang_)
    head = f"{cls.key}"
    if rule_ is not None:
        head += f"  [{L['rule']} {rule_.id}: {rule_.text('title', lang_)}; {L[rule_.status]}]"
    lines = [head]
    if cls.card_types:
        lines.append(f"{L['on']}: " + ", ".join(sorted(cls.card_types)))
    lines.append("")
    if rule_ is not None:
        lines.append(_wrap(rule_.text("summary", lang_)))
        points = book.children(rule_.id)
        if points:
            lines.append("")
            lines.extend(f"  {p.id}  {p.text('title', lang_)}" for p in points)
    lines.append("")
    lines.append(_wrap(f"{L['engine']}: {doc}"))
    lines.append("")
    lines.append(f"{L['examples']} ({len(cards)} {L['of']} {total} {L['in_db']}):" if cards else
                 f"{L['examples']}: {L['none']}")
    for c, line in cards:
        lines.append(f"  {c.name} ({c.id})  {line}")
    lines.append(f"{L['scenarios']} ({_shown(folder) if folder else 'examples/rulings'}):"
                 + ("" if used else f" {L['none']}"))
    lines.extend(f"  {_shown(s.path)}  {s.title}" for s in used)
    return "\n".join(lines)


