"""The web app's operations, run in a worker process (:mod:`korbiro.web.worker`).

Each operation takes the request's arguments (JSON data the server has already
checked against the OpenAPI schema, :mod:`korbiro.web.openapi`) and returns an
HTTP status and a JSON body.  The body is the JSON the command line prints with
``--format json`` for the same input, built by the same library functions;
what the CLI's exit codes say maps to the status: 0 and 1 (legal or not, found
or not found in a list) are 200, a lookup that finds nothing is 404, and input
that cannot be read (the CLI's exit 2) is 422.  Operations whose name ends in
``.page`` return what a page shows beside that JSON.

Every input is text from the request, read by the same strict loaders as the
CLI's files; nothing a request says is opened as a file.  The shipped examples
are offered by name from a list made by the server (:func:`examples`).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..app import Session
from ..base import i18n
from ..base.errors import DeckError, KorbiroError, RulesSyntaxError, UsageError
from ..base.findings import DEFAULT_MAX_FINDINGS, Finding
from ..base.fsutil import shown_path
from ..data.search import query_error_to_dict
from ..grammar.query import parse_query
from ..rules.mk.cardview import show_dict
from ..rules.mk.coverage import compute_coverage, default_examples_dir
from ..rules.mk.deck import unreadable_to_dict
from ..rules.mk.deckstats import DeckStats
from ..rules.mk.rulebook import default_rulings_dir, load_scenarios
from ..rules.mk.timeline.rules import OPTIONS
from ..rules.mk.timeline.scenario import Result, error_to_dict, legal_after, legal_to_dict
from .games import GAMES
from .tableops import TABLE_OPS

__all__ = ["OPS", "run", "problem", "warm"]

Reply = tuple[int, Any]

#: the session of the worker (:meth:`Request.session`), kept from call to call
_SESSION: Session | None = None


def session(db: str | None) -> Session:
    """The worker's session on the database *db*: the one of the earlier calls, its card index to be proved
    current again when first used in this call (as each CLI command proves it)."""
    global _SESSION
    if _SESSION is None or _SESSION.db != db:
        _SESSION = Session(db)
    _SESSION.refresh()
    return _SESSION


@dataclass(frozen=True)
class Request:
    """One call: its arguments, the language of its messages and the card database of the server."""

    args: dict[str, Any]
    lang: str
    db: str | None

    def get(self, key: str, default: Any = None) -> Any:
        value = self.args.get(key)
        return default if value is None else value

    @property
    def session(self) -> Session:
        """The worker's session, its card index proved current for this call (:func:`session`)."""
        return session(self.db)


Op = Callable[[Request], Reply]
OPS: dict[str, Op] = {}


def op(name: str) -> Callable[[Op], Op]:
    def register(fn: Op) -> Op:
        OPS[name] = fn
        return fn

    return register


def problem(key: str, lang: str = "en", /, **args: Any) -> dict[str, Any]:
    """The body of a request that cannot be answered: ``{"errors": [finding]}``, its message the catalogue
    template *key* in *lang*."""
    message, said = i18n.said(key, **args)
    return {"errors": [Finding(key.split(".")[0], message, args=said).to_dict(lang)]}


def warm(db: str | None) -> None:
    """What every call needs, loaded once when a worker starts (not within a call's time limit): the
    card index (built if the database changed), the formats and the rule index."""
    s = session(db)
    try:
        s.index  # noqa: B018 - opened (built when the database changed)
    except KorbiroError:
        pass  # each call says what is wrong with the database
    s.formats  # noqa: B018 - read
    s.rulebook  # noqa: B018 - loaded


def run(name: str, args: dict[str, Any], db: str | None) -> Reply:
    """Run the operation *name*; a problem of the input is a 422, anything else a 500 (a bug)."""
    lang = args.pop("lang", None) or "en"
    i18n.choose(lang)
    fn = OPS.get(name)
    if fn is None:
        return 404, problem("WEB-NO-OPERATION", lang, name=name)
    try:
        return fn(Request(args, lang, db))
    except KorbiroError as exc:
        return 422, {"errors": [f.to_dict(lang) for f in exc.findings]}
    except Exception as exc:  # noqa: BLE001 - the worker's last line of defence: a bug, said as one
        return 500, problem("WEB-INTERNAL", lang, error=f"{type(exc).__name__}: {exc}")


# --------------------------------------------------------------------------- decks


@op("deck.check")
def deck_check(r: Request) -> Reply:
    """``korbiro deck check FILE --format json [--ruleset] [--date] [--limit] [--after-exchange]``."""
    s = r.session
    ruleset = r.get("ruleset")
    s.check_ruleset(ruleset)  # a format that is none of the file's: MK-DECK-FORMAT, a 422 (run)
    s.index  # noqa: B018 - an unreadable database: a 422 (run), before the deck is read
    name = r.get("name", "<deck>")
    try:
        date = dt.date.fromisoformat(r.args["date"]) if r.get("date") else None
    except ValueError:
        return 422, problem("WEB-DATE", r.lang, value=r.args["date"])
    try:  # a list that cannot be read, or names a format that is none of the file's: the CLI's exit 2
        parsed = s.read_deck(name, r.args["text"])
        report = s.check_deck(parsed, ruleset=ruleset, date=date, limit=r.get("limit"))
    except DeckError as exc:
        return 422, unreadable_to_dict(name, exc, r.lang)
    before = r.get("before")
    if before is not None:
        before_name = r.get("before_name", "<before>")
        try:
            s.add_exchange(report, s.read_deck(before_name, before), parsed)
        except DeckError as exc:
            return 422, unreadable_to_dict(before_name, exc, r.lang)
    return 200, report.to_dict(r.lang, max_findings=r.get("max_findings", DEFAULT_MAX_FINDINGS))


def _stats(r: Request) -> DeckStats | Reply:
    """The statistics of the request's deck list, or the 422 of a list that cannot be read."""
    name = r.get("name", "<deck>")
    try:
        parsed = r.session.read_deck(name, r.args["text"])
    except DeckError as exc:
        return 422, unreadable_to_dict(name, exc, r.lang)
    return r.session.show_deck(parsed)


@op("deck.show")
def deck_show(r: Request) -> Reply:
    """``korbiro deck show FILE --format json``: the deck's statistics (with ``chart``: also its SVG chart)."""
    stats = _stats(r)
    if not isinstance(stats, DeckStats):
        return stats
    return 200, {**stats.to_dict(r.lang), **({"svg": stats.svg(r.lang)} if r.get("chart") else {})}


@op("deck.chart")
def deck_chart(r: Request) -> Reply:
    """``korbiro deck show FILE --svg PATH``: the deck's chart."""
    stats = _stats(r)
    return (200, {"svg": stats.svg(r.lang)}) if isinstance(stats, DeckStats) else stats


@op("deck.formats")
def deck_formats(r: Request) -> Reply:
    """The formats a deck can be checked against (the shipped formats file), the default first."""
    fs = r.session.formats
    ids = [fs.default, *[f for f in fs.formats if f != fs.default]]
    return 200, {"default": fs.default, "formats": [{"id": f, "name": fs.formats[f].name} for f in ids]}


# --------------------------------------------------------------------------- cards


@op("cards.search")
def cards_search(r: Request) -> Reply:
    """``korbiro card search QUERY --format json [--explain] [--sort] [--limit]``."""
    text = r.args["q"]
    try:
        parsed = parse_query(text)
    except RulesSyntaxError as exc:
        return 422, query_error_to_dict(text, exc, r.lang)
    sort, limit = r.get("sort", "name"), r.get("limit")
    result = r.session.search_cards(parsed, sort=sort, limit=limit, explain=bool(r.get("explain", False)))
    return 200, result.to_dict(text, sort=sort, limit=limit)


@op("cards.show")
def cards_show(r: Request) -> Reply:
    """``korbiro card show QUERY --format json``."""
    found = r.session.show_card(r.args["query"])
    return (200 if found.card is not None else 404), show_dict(found, lang=r.lang)


@op("cards.page")
def cards_page(r: Request) -> Reply:
    """The card's JSON, and what it does, line by line (``card show``'s last lines)."""
    found = r.session.show_card(r.args["query"])
    card = found.card
    does = card.behaviour.lines() if card is not None else []  # its own behaviour and its printed abilities'
    return (200 if card is not None else 404), {"show": show_dict(found, lang=r.lang), "behaviour": does,
                                                 "file": shown_path(card.file) if card else None}


# --------------------------------------------------------------------------- rules


def _scenarios() -> list[Any]:
    return load_scenarios(default_rulings_dir())


@op("rules.show")
def rules_show(r: Request) -> Reply:
    """``korbiro rule show ID --format json``."""
    data = r.session.rulebook.show_to_dict(r.args["id"], _scenarios(), r.lang)
    return (200 if data["rule"] is not None else 404), data


@op("rules.page")
def rules_page(r: Request) -> Reply:
    """The rule's JSON, and the title of every rule it links to (parents, points, see also)."""
    book = r.session.rulebook
    data = book.show_to_dict(r.args["id"], _scenarios(), r.lang)
    rule = data["rule"]
    linked = [*rule["parents"], *rule["see"]] if rule else []
    titles = {rid: found.text("title", r.lang) for rid in linked if (found := book.get(rid)) is not None}
    for s in rule["scenarios"] if rule else []:
        s["example"] = Path(s["path"]).stem
    return (200 if rule is not None else 404), {"show": data, "titles": titles}


@op("rules.search")
def rules_search(r: Request) -> Reply:
    """``korbiro rule search WORDS --format json [--limit]``."""
    return 200, r.session.rulebook.search_to_dict(r.args["q"].split(), limit=r.get("limit", 10), lang=r.lang)


@op("rules.coverage")
def rules_coverage(r: Request) -> Reply:
    """``korbiro rule coverage --format json [--missing]``."""
    folder = default_examples_dir()
    if folder is None:
        return 404, problem("WEB-NO-EXAMPLES", r.lang)
    cov = compute_coverage(folder)
    return 200, {"folder": shown_path(str(folder)), **cov.to_dict(r.lang, missing=bool(r.get("missing", False)))}


# --------------------------------------------------------------------------- rulings


def _options(r: Request) -> dict[str, str]:
    options = dict(r.get("options", {}))
    for name in options:
        if name not in OPTIONS:
            raise UsageError.said("WEB-UNKNOWN-OPTION", name=name, known=", ".join(OPTIONS))
    return options


def _run(r: Request, until: int | None = None) -> Result:
    return r.session.resolve(r.get("name", "<scenario>"), text=r.args["text"], options=_options(r), until=until,
                             suggest=False)


@op("resolve")
def resolve(r: Request) -> Reply:
    """``korbiro resolve FILE --format json [--option] [--legal [--at] [--player]]``: a list of one result."""
    name = r.get("name", "<scenario>")
    legal, at = bool(r.get("legal", False)), r.get("at")
    try:
        result = _run(r, at if legal else None)
        listing = legal_after(result, r.get("player"), at=at) if legal else None
    except KorbiroError as exc:
        return 422, [error_to_dict(name, exc, r.lang)]
    entry = result.to_dict(r.lang)
    if listing is not None:
        entry["legal"] = legal_to_dict(listing, at if at is not None else len(result.steps))
    return 200, [entry]


def stack(result: Result) -> list[dict[str, Any]]:
    """The open timelines where *result* stopped, first opened first; each entry bottom to top (LIFO:
    the last is the top, which resolves first)."""
    eng = result.engine
    assert eng is not None
    return [{"number": t.number, "kind": t.kind, "opener": t.opener, "passed": sorted(t.passed),
             "entries": [{"seq": e.seq, "kind": e.kind, "player": e.player, "label": e.label} for e in t.entries]}
            for t in eng.state.timelines]


@op("resolve.step")
def resolve_step(r: Request) -> Reply:
    """A scenario stepped: its whole result (as ``resolve``), and after step *step* (0: the setup)
    the timeline stack and every player's legal actions."""
    name = r.get("name", "<scenario>")
    try:
        whole = _run(r)
        n = len(whole.steps) if r.get("step") is None else min(r.args["step"], len(whole.steps))
        at = whole if n == len(whole.steps) else _run(r, n)
        listing = legal_after(at)
    except KorbiroError as exc:
        return 422, [error_to_dict(name, exc, r.lang)]
    return 200, {"result": whole.to_dict(r.lang), "step": n, "steps": len(whole.steps), "stack": stack(at),
                 "legal": legal_to_dict(listing, n)}


# --------------------------------------------------------------------------- board games


def _game(name: str, what: str) -> Op:
    game = GAMES[name]

    def call(r: Request) -> Reply:
        text, path, options = r.args["text"], r.get("name", "<record>"), r.get("options", {})
        if what == "moves":
            return 200, game.moves(text, r.get("name", "<position>"), options)
        if what == "replay":
            return 200, game.replay(text, path, options)
        if what == "picture":
            return 200, {"svg": game.picture(text, path, options, r.get("ply"), r.lang)}
        return 200, game.view(text, path, options, r.get("ply"), r.lang)

    call.__doc__ = f"``korbiro {name} {what}`` of text."
    return call


for _name in GAMES:
    for _what in ("moves", "replay", "picture", "page"):
        OPS[f"{_name}.{_what}"] = _game(_name, _what)


# --------------------------------------------------------------------------- the shipped examples

#: kind -> (folder below examples/, the file endings offered)
EXAMPLE_KINDS = {
    "deck": ("decks", (".deck", ".yaml")),
    "ruling": ("rulings", (".yaml",)),
    "exxit": ("exxit", (".txt", ".yaml")),
    "xig": ("xig", (".yaml",)),
    "zen": ("zen", (".yaml",)),
}


def examples(kind: str) -> dict[str, Path]:
    """The shipped examples of *kind*: name (the file's stem) -> path, from the examples folder."""
    base = default_examples_dir()
    folder, endings = EXAMPLE_KINDS[kind]
    if base is None or not (Path(base) / folder).is_dir():
        return {}
    return {p.stem: p for p in sorted((Path(base) / folder).iterdir()) if p.suffix in endings and p.is_file()}


@op("examples")
def examples_op(r: Request) -> Reply:
    """The names of the shipped examples of a kind, and with ``name`` the text of one of them."""
    found = examples(r.args["kind"])
    name = r.get("name")
    if name is None:
        return 200, {"kind": r.args["kind"], "names": list(found)}
    path = found.get(name)
    if path is None:
        return 404, problem("WEB-NO-EXAMPLE", r.lang, kind=r.args["kind"], name=name)
    return 200, {"kind": r.args["kind"], "name": name, "file": os.path.basename(path),
                 "text": path.read_text("utf-8")}


OPS.update(TABLE_OPS)  # the table's operations (korbiro/web/tableops.py)
