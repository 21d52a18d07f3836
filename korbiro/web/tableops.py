"""The table's operations (``/api/table/…`` and the table page), run in a worker like every operation
(:mod:`korbiro.web.ops`).

The server keeps no game: the client holds it (``game``: the saved game's scenario text, who plays at the
screen, the computer's policy and the seed) and each call replays it (the engine is deterministic), takes one
step of the person to act, lets the computer answer, and returns the game and what the table shows.  A saved
game is the same scenario text: ``korbiro resolve`` replays it and ``korbiro play --continue`` continues it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..app import Session
from ..base.errors import IllegalActionError, KorbiroError, UsageError
from ..grammar.decklist import DeckList
from ..rules.mk.timeline.sitting import Seats, Sitting, sample_decks

__all__ = ["NAMES", "SAMPLE", "TABLE_OPS"]

Reply = tuple[int, Any]


class Request(Protocol):
    """One call of a worker (:class:`korbiro.web.ops.Request`): its arguments, language and session."""

    args: dict[str, Any]
    lang: str

    def get(self, key: str, default: Any = None) -> Any: ...

    @property
    def session(self) -> Session: ...


#: the table's operations by name: :mod:`korbiro.web.ops` runs them as its own
TABLE_OPS: dict[str, Callable[[Any], Reply]] = {}


def op(name: str) -> Callable[[Callable[[Request], Reply]], Callable[[Request], Reply]]:
    def register(fn: Callable[[Request], Reply]) -> Callable[[Request], Reply]:
        TABLE_OPS[name] = fn
        return fn

    return register

#: the players' names at the web table, seated in this order (as ``korbiro play`` names them)
NAMES = ("Anna", "Béla")
#: the sample decks one may choose by name
SAMPLE = ("kincsvadaszok", "ostromlok", "misztikusok")
#: the events a call that takes no step shows (continue, undo): the last ones of the trace
RECENT = 30


def _answer(r: Request, sitting: Sitting, since: int, refusal: dict[str, Any] | None = None,
            **more: Any) -> Reply:
    """The game as the client keeps it, what the table shows, and the events since *since*."""
    sitting.advance()
    trace = sitting.engine.state.trace
    out: dict[str, Any] = {"game": {"text": sitting.save_text(), "humans": list(sitting.seats.humans),
                                    "opponent": sitting.seats.opponent, "seed": sitting.seats.seed},
                           "view": sitting.view(sitting.waiting, r.lang),
                           "events": [e.to_dict(r.lang) for e in trace[since:]], **more}
    if refusal is not None:
        out["refusal"] = refusal
    return 200, out


def _sitting(r: Request, game: dict[str, Any]) -> Sitting:
    """The client's game, replayed; a :class:`KorbiroError` (a 422) when it cannot be."""
    s = r.session
    seats = Seats(tuple(game.get("humans") or NAMES[:1]), game.get("opponent") or "random", int(game.get("seed") or 0))
    return Sitting.from_scenario(game.get("name") or "<game>", game["text"], s.lookup, seats)


def _deck(r: Request, i: int, given: str) -> DeckList:
    """A player's deck: a sample deck by its name, else the pasted deck list."""
    if given in SAMPLE:
        return sample_decks()[SAMPLE.index(given)]
    return r.session.read_deck(f"<deck {i + 1}>", given)


@op("table.start")
def table_start(r: Request) -> Reply:
    """A new game: the decks (sample names or deck lists) dealt by the seed, the first person to act."""
    decks = list(r.get("decks") or SAMPLE[:2])
    humans = tuple(r.get("humans") or NAMES[:1])
    r.session.index  # noqa: B018 - the database before the decks: its problems first
    seats = [(NAMES[i], _deck(r, i, d)) for i, d in enumerate(decks)]
    seed = int(r.get("seed", 0))
    sitting = Sitting.deal(seats, r.session.lookup, humans=humans, opponent=r.get("opponent", "random"), seed=seed,
                           title=f"korbiro play --seed {seed}")
    return _answer(r, sitting, 0)


@op("table.view")
def table_view(r: Request) -> Reply:
    """A game (a saved one, to continue): replayed, and played on to a person's decision."""
    sitting = _sitting(r, r.args["game"])
    return _answer(r, sitting, max(0, len(sitting.engine.state.trace) - RECENT))


@op("table.act")
def table_act(r: Request) -> Reply:
    """The person to act takes an action (the number of a legal action, or an action in the scenario
    language); a refusal (its rule, its remedy) leaves the game as it was."""
    sitting = _sitting(r, r.args["game"])
    who = sitting.advance()
    since = len(sitting.engine.state.trace)
    try:
        if who is None:
            raise UsageError.said("MK-TABLE-OVER")
        sitting.act(who, sitting.choice(who, str(r.args["action"])))
    except IllegalActionError as exc:
        remedy = exc.remedy[1 if r.lang == "hu" else 0] if exc.remedy else None
        return _answer(r, sitting, since, _refusal(exc.code, exc.rule, r.lang, exc.message, exc.hu, remedy))
    except KorbiroError as exc:
        f = exc.findings[0]
        return _answer(r, sitting, since, {"code": f.code, "rule": None, "message": f.text(r.lang)})
    return _answer(r, sitting, since)


def _refusal(code: str, rule: str | None, lang: str, en: str, hu: str | None,
             remedy: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"code": code, "rule": rule, "message": hu if lang == "hu" and hu else en}
    if remedy is not None:
        out["remedy"] = remedy
    return out


@op("table.undo")
def table_undo(r: Request) -> Reply:
    """Take back the last action of a person and everything after it."""
    sitting = _sitting(r, r.args["game"])
    before = len(sitting.steps)
    undone = sitting.undo()
    return _answer(r, sitting, max(0, len(sitting.engine.state.trace) - RECENT),
                   undone=before - len(sitting.steps) if undone else 0)
