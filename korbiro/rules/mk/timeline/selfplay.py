"""Random positions and random legal play on the timeline engine, for the legal-action invariant and benchmarks.

:func:`random_table` deals a position from the cards it is given (a card
database, its index) from a seed: each player's Sor, tower, quests and a
building in the Present, a hand and a Jövő pakli.  :func:`random_step`
makes one move of random play: a random completion of a random legal action
of the player who may act, else the engine's own step (unwinding, the end of
the round).  The same seed gives the same game.

    >>> eng, rng = random_table(Session().index, seed=1)   # doctest: +SKIP
    >>> random_step(eng, rng).text                       # doctest: +SKIP
    'leidéz "Briar Sichetti"'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from random import Random
from typing import Any

from ....data.cards import Card
from ....grammar.action import Action
from .engine import Engine
from .enums import JELEN, JOVO, KEZ, SOR, TORONY
from .legal import LegalAction
from .rules import FORMATS

__all__ = ["PLAYERS", "random_junk", "random_step", "random_table", "who_acts"]

PLAYERS = ("Anna", "Béla")


def random_table(cards: Iterable[Card], seed: int = 0, fmt: str = "archivalt",
                 players: Sequence[str] = PLAYERS) -> tuple[Engine, Random]:
    """A random position dealt from *cards* (a card database, its index, …) and the random source that goes on."""
    rng = Random(seed)
    pool = sorted(cards, key=lambda c: c.id)
    by_type: dict[str, list[Card]] = {}
    for c in pool:
        by_type.setdefault(c.type, []).append(c)
    eng = Engine(FORMATS[fmt], {})
    for name in players:
        eng.add_player(name, mp=rng.randint(2, 12), dp=rng.randint(0, 6))
    used: dict[str, int] = {}

    def put(card: Card, owner: str, zone: str) -> None:
        n = used.get(card.name, 0)
        used[card.name] = n + 1
        eng.add_card(card, owner, zone, label=card.name if n == 0 else f"{card.name} #{n + 1}",
                     state=rng.choice(("éber", "éber", "éber", "pihenő", "sérült")) if zone == SOR else "éber")

    def some(kind: str, n: int) -> list[Card]:
        group = by_type.get(kind, [])
        return rng.sample(group, min(n, len(group)))

    for name in players:
        for c in some("kalandozó", rng.randint(2, 5)):
            put(c, name, SOR)
        for c in some("toronyszint", 3):
            put(c, name, TORONY)
        for c in some("küldetés", rng.randint(0, 3)):
            put(c, name, JELEN)
        for c in some("építmény", rng.randint(0, 2)):
            put(c, name, JELEN)
        for c in rng.sample(pool, min(len(pool), rng.randint(3, 8))):
            put(c, name, KEZ)
        for c in rng.sample(pool, min(len(pool), 6)):
            put(c, name, JOVO)
    eng.combat.rng = Random(seed * 7919 + 1)  # the dice of the combat rounds' attack rolls (6.03), from the seed
    return eng, rng


def who_acts(eng: Engine, rng: Random) -> str:
    """A player who may act now: anyone while a timeline is open, else the active player."""
    if eng.state.timelines:
        return rng.choice(list(eng.state.players))
    return eng.active_player()


def random_step(eng: Engine, rng: Random) -> Action:
    """One move of random play: a random legal action of the player who may act, or the engine's own step."""
    if eng.state.phase != "manőverek" and eng.state.maneuver is None and not any(tl.entries for tl in eng.state.timelines):
        step = Action("end_round")  # the manoeuvres phase is over: the round closes (the engine's own step)
        eng.apply(None, step)
        return step
    player = who_acts(eng, rng)
    forms = eng.legal_actions(player)
    moves = [f for f in forms if f.verb != "pass"]
    if forms and (not moves or rng.random() < 0.25):
        moves = forms
    if moves:
        form = rng.choice(moves)
        action = form.completion(rng)
        eng.apply(player, action)
        return action
    step = Action("unwind") if any(tl.entries for tl in eng.state.timelines) or eng.state.maneuver else Action("end_round")
    eng.apply(None, step)
    return step


def random_junk(eng: Engine, rng: Random, forms: Sequence[LegalAction]) -> Action:
    """An action the engine may well refuse: a listed form's completion with one part changed, or one made of
    random names; for testing that whatever it accepts was listed."""
    labels = [cs.label for cs in eng.state.cards.values()] + ["Nincs ilyen lap"]
    seqs = [e.seq for tl in eng.state.timelines for e in tl.entries] or [1]
    if forms and rng.random() < 0.6:
        a = rng.choice(forms).completion(rng)
        change = rng.choice(("targets", "team", "x", "by", "dest", "mode", "store", "expedition", "against", "card"))
        if change == "targets":
            return _with(a, targets=tuple(rng.sample(labels, rng.randint(0, 3))))
        if change == "team":
            return _with(a, team=tuple(rng.sample(labels, rng.randint(0, 4))))
        if change == "x":
            return _with(a, x=rng.choice((None, -1, 0, 1, 3, 7, 12)))
        if change == "mode":
            return _with(a, mode=rng.choice((None, "tűz", "erő", "víz")))
        if change == "expedition":
            return _with(a, expedition=not a.expedition)
        if change == "against":
            return _with(a, against=rng.choice([*eng.state.players, None]))
        if change == "store":
            return _with(a, store=rng.choice(labels))
        if change == "by":
            return _with(a, by=rng.choice([*labels, None]))
        return _with(a, **{change: rng.choice(labels)})
    verb = rng.choice(("summon", "activate", "attach", "build", "neutralise", "solve", "siege", "capture", "pass",
                       "challenge", "eliminate", "ally", "swap"))
    if verb == "pass":
        return Action("pass")
    players = list(eng.state.players)
    if verb in ("challenge", "ally"):
        return Action(verb, against=rng.choice(players), accept=verb == "ally" and rng.random() < 0.5)
    if verb == "eliminate":
        return Action(verb, against=rng.choice(players), targets=tuple(rng.sample(labels, rng.randint(0, 3))))
    if verb == "swap":
        return Action(verb, card=rng.choice(labels), dest=rng.choice(labels))
    return Action(verb, card=rng.choice(labels), dest=rng.choice(labels), by=rng.choice([None, *labels]),
                  targets=tuple(rng.sample(labels, rng.randint(0, 2))), team=tuple(rng.sample(labels, rng.randint(1, 3))),
                  x=rng.choice((None, 0, 2, 5)), ref=rng.choice(seqs), source=rng.choice([None, *labels]),
                  against=rng.choice([None, *eng.state.players]), mode=rng.choice((None, "tűz")))


def _with(a: Action, **changes: Any) -> Action:
    return a._replace(**changes)
