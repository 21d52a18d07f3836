"""A computer player stronger than random: one-ply greedy lookahead on the engine's own legal actions.

:class:`GreedyBot` tries each of its player's listed legal actions (a
completion of each form, and a few more of the forms that leave choices) on a
copy of the game (:class:`Lookahead`), lets the timelines the action opened
unwind with everyone passing, and keeps the action whose outcome its
:class:`Evaluation` likes best; a pass is one of the actions tried, so it
passes when nothing does better.

It does not peek at what its player may not know:

* before trying anything, the copy's hidden cards are dealt again by the bot's
  own random source (:func:`determinise`): each opponent's face-down obstacles
  (5.01.E) from the obstacles they may be, each opponent's hand and Jövő pakli
  put in the order of the cards' ids, shuffled together and dealt back (as
  many cards to the hand as it held), the bot's own Jövő pakli likewise, and
  the combat dice drawn from the bot's source, not the game's: whatever the
  hidden cards' real places and order, the bot sees the same game;
* the evaluation reads only what is open on the table (DP, tower levels, the
  Sor, MP, how many cards each hand and deck holds).

It is deterministic for a seed (its choices depend on the seed and the game
only) as long as no decision runs out of its time budget (1 s by default):
then it takes the best action tried so far.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from ....base.errors import IllegalActionError
from ....grammar.action import Action, render
from . import semantics as sem
from .engine import Engine
from .enums import Zone
from .game import to_act
from .legal import LegalAction

__all__ = ["Evaluation", "GreedyBot", "Lookahead", "determinise", "settle"]

#: The order in which verbs are tried (the most promising first), so that a decision that runs out of its budget
#: has tried the moves that end games: quests, sieges and knock-outs.
_PRIORITY = {"solve": 0, "siege": 0, "eliminate": 0, "capture": 1, "summon": 2, "obstruct": 2, "fight": 2,
             "build": 3, "attach": 3, "challenge": 3, "ally": 4, "swap": 4, "neutralise": 4, "activate": 5, "pass": 9}
#: What a won or lost game is worth (beyond any position).
_DECIDED = 1_000_000.0


@dataclass(frozen=True)
class Evaluation:
    """How good a position is for a player, from what lies open on the table: the victory rules' DP (1.01.B: 11
    and the most; 1.01.A: 19 and the most) and tower levels (1.01.A: the last one lost loses), the adventurers of
    the Sor (what solves quests and sieges), MP, and the cards in hand and in the Jövő pakli (1.01.B: an empty
    Jövő pakli at the end of a round loses)."""

    dp: float = 10.0
    tower_level: float = 30.0
    adventurer_level: float = 4.0
    ready: float = 1.0
    mp: float = 0.5
    hand: float = 1.5
    present: float = 2.0
    deck_low: float = 40.0

    def score(self, eng: Engine, player: str) -> float:
        """The position's worth to *player*: their side's minus the average of the other sides'."""
        result = eng.state.result
        if result is not None:
            verdict, who, _, _ = result
            if verdict == "win":
                return _DECIDED if self._ours(eng, player, who) else -_DECIDED
            return 0.0
        mine, theirs = 0.0, []
        for name in eng.state.players:
            if self._ours(eng, player, (name,)):
                mine += self.side(eng, name)
            else:
                theirs.append(self.side(eng, name))
        return mine - (sum(theirs) / len(theirs) if theirs else 0.0)

    @staticmethod
    def _ours(eng: Engine, player: str, names: Sequence[str]) -> bool:
        side = eng.table.seating.side(player)
        return any(eng.table.seating.side(n) == side for n in names)

    def side(self, eng: Engine, name: str) -> float:
        """One player's open strength."""
        state = eng.state
        p = state.players[name]
        if p.out:
            return -_DECIDED / 10
        total = p.dp * self.dp + p.mp * self.mp + len(p.zones[Zone.KEZ]) * self.hand
        total += len(p.zones[Zone.TORONY]) * self.tower_level + len(p.zones[Zone.JELEN]) * self.present
        for uid in p.zones[Zone.SOR]:
            cs = state.cards[uid]
            if cs.type == "kalandozó":
                total += sem.level(state, cs) * self.adventurer_level + (self.ready if cs.state == "éber" else 0.0)
        deck = len(p.zones[Zone.JOVO])
        if deck < 3:
            total -= (3 - deck) * self.deck_low
        return total


def determinise(eng: Engine, player: str, rng: Random) -> None:
    """Deal the cards *player* cannot see again by *rng* (a copy of the game, before trying moves on it): each
    opponent's face-down obstacles (5.01.E) from their obstacles not in sight, each opponent's hand and Jövő pakli
    together, the player's own Jövő pakli, and the dice to come.  Every pool is put in the order of the cards' ids
    first, so that where the cards really were tells nothing."""
    state = eng.state
    for name, p in state.players.items():
        if name != player:
            _face_down(eng, name, rng)
        hand = list(p.zones[Zone.KEZ]) if name != player else []
        pool = sorted(hand + list(p.zones[Zone.JOVO]))
        rng.shuffle(pool)
        if name != player:
            p.zones[Zone.KEZ] = dict.fromkeys(pool[:len(hand)])
        p.zones[Zone.JOVO] = dict.fromkeys(pool[len(hand):])
        for uid in pool[:len(hand)]:
            state.cards[uid].zone = Zone.KEZ
        for uid in pool[len(hand):]:
            state.cards[uid].zone = Zone.JOVO
        state.zone_changes += 1
    eng.combat.rng = Random(rng.getrandbits(64))


def _face_down(eng: Engine, name: str, rng: Random) -> None:
    """*name*'s face-down attached obstacles, slot by slot (each host's in its order), from their obstacles that
    are face down, in hand or in the Jövő pakli, shuffled."""
    state = eng.state
    p = state.players[name]
    slots = [uid for host in state.cards.values() for uid in host.attachments
             if state.cards[uid].hidden and state.cards[uid].owner == name and state.cards[uid].zone == Zone.CSATOLT]
    if not slots:
        return
    unseen = sorted(uid for zone in (Zone.KEZ, Zone.JOVO) for uid in p.zones[zone]
                    if state.cards[uid].type == "akadálylap")
    choices = sorted(slots + unseen)
    rng.shuffle(choices)
    for slot, chosen in zip(list(slots), choices, strict=False):
        if chosen != slot:
            _trade_places(eng, slot, chosen)


def _trade_places(eng: Engine, a: int, b: int) -> None:
    """Two cards of one owner take each other's places: zone (and place in it), host, face-down, state."""
    state = eng.state
    ca, cb = state.cards[a], state.cards[b]
    swap = {a: b, b: a}
    for p in state.players.values():
        for zone in {ca.zone, cb.zone}:
            if a in p.zones[zone] or b in p.zones[zone]:
                p.zones[zone] = {swap.get(u, u): None for u in p.zones[zone]}
    for host in (h for h in (ca.attached_to, cb.attached_to) if h is not None):
        hcs = state.cards[host]
        hcs.attachments = [swap.get(u, u) for u in hcs.attachments]
    ca.zone, cb.zone = cb.zone, ca.zone
    state.zone_changes += 1
    ca.attached_to, cb.attached_to = cb.attached_to, ca.attached_to
    ca.hidden, cb.hidden = cb.hidden, ca.hidden
    ca.state, cb.state = cb.state, ca.state


class Lookahead:
    """A copy of a game to try moves on: each try starts from the copy made once per decision."""

    def __init__(self, eng: Engine, player: str, rng: Random) -> None:
        self.player = player
        self.base = _copy(eng)
        determinise(self.base, player, rng)

    def outcome(self, a: Action, evaluation: Evaluation) -> float | None:
        """The evaluation after *a* and everyone passing until its timelines have unwound; None if refused."""
        sim = _copy(self.base)
        try:
            sim.apply(self.player, a)
        except IllegalActionError:
            return None
        settle(sim)
        return evaluation.score(sim, self.player)


class _First:
    """Who acts of a side while settling: the first."""

    def choose(self, eng: Engine, player: str) -> Action:  # pragma: no cover - settling never asks
        return Action("pass")

    def who(self, eng: Engine, players: Sequence[str]) -> str:
        return players[0]


_FIRST = _First()


#: The steps settling may take to let the timelines unwind (a guard; a manoeuvre takes a few dozen).
SETTLE_STEPS = 300


def settle(eng: Engine) -> None:
    """Everyone passes (or, where a pass is refused, takes the first listed action) until no timeline and no
    manoeuvre is open, the game ends, or the round is over: how the bot sees what an action leads to."""
    state = eng.state
    for _ in range(SETTLE_STEPS):
        if eng.over or (state.maneuver is None and not any(tl.entries for tl in state.timelines)):
            return
        who = to_act(eng, _FIRST)
        try:
            eng.apply(who, Action("pass"))
        except IllegalActionError:
            forms = eng.legal_actions(who)
            if not forms:
                return
            eng.apply(who, forms[0].completion())


def _copy(eng: Engine) -> Engine:
    """A copy of the game that shares what never changes in play (the cards' data and behaviours, the rules
    format) and leaves the trace behind (a try's trace is never read): :meth:`~.engine.Engine.copy`."""
    return eng.copy(trace=False)


class GreedyBot:
    """One-ply greedy lookahead (see the module docstring); *budget*: the seconds a decision may take, *width*: the
    most actions tried in one decision (the most promising verbs first, :data:`_PRIORITY`)."""

    def __init__(self, seed: int | Random = 0, *, budget: float = 1.0, width: int = 24,
                 evaluation: Evaluation | None = None) -> None:
        self.rng = seed if isinstance(seed, Random) else Random(seed)
        self.budget = budget
        self.width = width
        self.evaluation = evaluation or Evaluation()

    def choose(self, eng: Engine, player: str) -> Action:
        start = time.perf_counter()
        forms = eng.legal_actions(player)
        candidates = self.candidates(forms)
        if len(candidates) <= 1:
            return candidates[0] if candidates else Action("pass")
        look = Lookahead(eng, player, self.rng)
        best, best_score, longest = candidates[0], float("-inf"), 0.0
        for a in candidates:
            before = time.perf_counter()
            score = look.outcome(a, self.evaluation)
            if score is not None and score > best_score:
                best, best_score = a, score
            now = time.perf_counter()
            longest = max(longest, now - before)
            if now - start + 2 * longest > self.budget:  # another try might not end within the budget
                break
        return best

    def candidates(self, forms: Sequence[LegalAction]) -> list[Action]:
        """The actions to try: a pass first (the baseline), then each form's first completion and, for a form
        that leaves choices, a random one; the most promising verbs first, at most :attr:`width`."""
        out: dict[str, Action] = {}
        ordered = sorted(forms, key=lambda f: _PRIORITY.get(f.verb, 5))
        if any(f.verb == "pass" for f in forms):
            out["passz"] = Action("pass")
        for form in ordered:
            for a in (form.completion(), form.completion(self.rng) if _choices(form) else None):
                if a is not None:
                    out.setdefault(render(a), a)
        return list(out.values())[:self.width]

    def who(self, eng: Engine, players: Sequence[str]) -> str:
        """Of the active side's players (12.00.5), the first who has something to do."""
        for name in players:
            if any(f.verb != "pass" for f in eng.legal_actions(name)):
                return name
        return players[0]


def _choices(form: LegalAction) -> bool:
    """Whether a form leaves choices beyond its first completion."""
    return bool(form.targets or form.team or form.x is not None or len(form.stores) > 1 or len(form.opponents) > 1)
