"""A game at the table: people play some seats, the computer the others (``korbiro play --human``, the web
table page).

A :class:`Sitting` is a dealt game (its scenario's setup, ``start: true``) and every step taken so far, so that

* saving it is writing it as a ruling scenario that ``korbiro resolve`` replays (:meth:`Sitting.scenario`);
* continuing it is replaying such a scenario (:meth:`Sitting.from_scenario`);
* undoing is replaying the record up to the person's last action (:meth:`Sitting.undo`): exact, because the
  engine is deterministic and every choice of the computer and every die is a function of the seed and of the
  number of steps before it (so that undo, then the same action, gives the same game again).

    >>> from korbiro.data.check import load_database
    >>> from korbiro.data.paths import shipped_db_path
    >>> cards = {c.name: c for c in load_database([shipped_db_path()])}
    >>> table = Sitting.deal([("Anna", sample_decks()[0]), ("Béla", sample_decks()[1])], cards.get,
    ...                      humans=("Anna",), seed=1)
    >>> table.advance()
    'Anna'
    >>> table.act("Anna", table.choice("Anna", "1"))
    >>> table.advance(), table.undo(), table.steps
    ('Anna', True, [])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

import yaml

from ....base.errors import DataError, IllegalActionError, UsageError
from ....base.text import is_digits
from ....data.cards import Card
from ....grammar.action import Action, parse_action, render
from ....grammar.decklist import DeckList
from .engine import PLAYER_VERBS, Engine
from .enums import JELEN, JOVO, KEZ, MEGOLDOTT, SOR, TORONY
from .game import MAX_ROUNDS, Policy, Record, deal, sample_decks, setup_of, to_act
from .legal import LegalAction
from .policies import POLICIES
from .scenario import load_scenario, run_scenario

__all__ = ["POLICIES", "Policy", "Sitting", "sample_decks"]


#: The mixers of the seeds of each step's computer choice and dice (any fixed odd numbers would do).
_POLICY_MIX, _DICE_MIX = 1_000_003, 7919


@dataclass(frozen=True)
class Seats:
    """Who plays: the seats people play (the others the computer), the computer's policy, and the seed."""

    humans: tuple[str, ...]
    opponent: str = "random"
    seed: int = 0
    max_rounds: int = MAX_ROUNDS


class Sitting:
    """A game at the table: the scenario's head (everything but the script), the steps so far, the engine."""

    def __init__(self, head: Mapping[str, Any], steps: Sequence[tuple[str | None, Action]], seats: Seats,
                 lookup: Callable[[str], Card | None], engine: Engine | None = None) -> None:
        self.head = dict(head)
        self.steps = list(steps)
        self.seats = seats
        self.lookup = lookup
        self.engine = engine if engine is not None else self._replay(self.steps)
        #: the person whose action the game waits for (:meth:`advance` says), or None
        self.waiting: str | None = None
        if seats.opponent not in POLICIES:
            raise UsageError.said("MK-TABLE-OPPONENT", name=seats.opponent, names=sorted(POLICIES))
        players = list(self.engine.state.players)
        for name in seats.humans:
            if name not in players:
                raise UsageError.said("MK-TABLE-SEAT", name=name, players=", ".join(players))

    # ------------------------------------------------------------ making one

    @classmethod
    def deal(cls, decks: Sequence[tuple[str, DeckList]], lookup: Callable[[str], Card | None], *,
             humans: Sequence[str], opponent: str = "random", seed: int = 0, variant: str | None = None,
             max_rounds: int = MAX_ROUNDS, title: str | None = None) -> Sitting:
        """A new game: the players with their decks dealt by *seed* (:func:`.game.deal`), started."""
        eng = deal(decks, lookup, seed=seed, variant=variant)
        ending = eng.table.ending
        assert ending is not None
        record = Record(eng.format.key, ending.variant.id, dict(eng.table.given_options), setup_of(eng),
                        sides=dict(eng.state.seats.sides))
        head = record.scenario(title or f"korbiro play --seed {seed}")
        del head["script"]
        eng.combat.rng = None  # as a replay of the scenario has it: each step's dice are drawn as it is taken
        eng.start_game()
        return cls(head, [], Seats(tuple(humans), opponent, seed, max_rounds), lookup, eng)

    @classmethod
    def from_scenario(cls, path: str, text: str | None, lookup: Callable[[str], Card | None], seats: Seats,
                      suggest: Callable[[str], list[str]] | None = None) -> Sitting:
        """A saved game (a scenario of a played game, ``start: true``), replayed to where it stopped; every
        problem of the file (or a step it refuses) as a :class:`DataError` with its line."""
        sc = load_scenario(path, text=text, lookup=lookup, suggest=suggest)
        if sc.variant is None or not (sc.data.get("setup") or {}).get("start"):
            raise DataError.said("MK-TABLE-NOT-A-GAME", path=path, line=1)
        result = run_scenario(sc, lookup)
        if result.refusals:
            bad = result.refusals[0]
            raise DataError.said("MK-TABLE-REFUSED", path=path, line=bad.line, step=bad.step, action=bad.text,
                                 rule_id=bad.rule or "", why=bad.message, why_hu=bad.hu)
        assert result.engine is not None
        head = {k: v for k, v in sc.data.items() if k not in ("script", "expect")}
        return cls(head, [(who, a) for who, a, _ in sc.steps], seats, lookup, result.engine)

    def _replay(self, steps: Sequence[tuple[str | None, Action]]) -> Engine:
        """The engine after *steps*: the scenario with these steps run."""
        text = yaml.safe_dump(self._scenario(steps), allow_unicode=True, sort_keys=False, width=120)
        result = run_scenario(load_scenario("<table>", text=text, lookup=self.lookup), self.lookup)
        assert not result.refusals and result.engine is not None, result.refusals[:1]
        return result.engine

    # ------------------------------------------------------------ the record

    def _scenario(self, steps: Sequence[tuple[str | None, Action]]) -> dict[str, Any]:
        script = [render(a) if who is None else {who: render(a)} for who, a in steps]
        return {**self.head, "script": script}

    def scenario(self) -> dict[str, Any]:
        """The game so far as a ruling scenario (its data): ``korbiro resolve`` replays it, and
        :meth:`from_scenario` continues it."""
        return self._scenario(self.steps)

    def save_text(self) -> str:
        """:meth:`scenario` as the YAML a saved game is."""
        return yaml.safe_dump(self.scenario(), allow_unicode=True, sort_keys=False, width=120)

    # ------------------------------------------------------------ playing

    @property
    def over(self) -> bool:
        """The game has ended (a win or a draw), or reached the round limit."""
        return self.engine.over or self.engine.state.round > self.seats.max_rounds

    def _policy(self) -> Policy:
        """The computer's policy for the next step: seeded by the seed and the steps so far."""
        return POLICIES[self.seats.opponent](self.seats.seed * _POLICY_MIX + len(self.steps))

    def advance(self) -> str | None:
        """Let the engine and the computer take their steps until a person is to act: that person, or None when
        the game is over."""
        eng = self.engine
        state = eng.state
        self.waiting = None
        while not self.over:
            if state.phase != "manőverek" and state.maneuver is None and not any(tl.entries for tl in state.timelines):
                self._take(None, Action("end_round"))
                continue
            policy = self._policy()
            who = to_act(eng, policy)  # it asks a policy only who() acts (12.00.5)
            if who in self.seats.humans:
                self.waiting = who
                return who
            self._take(who, policy.choose(eng, who))
        return None

    def _take(self, who: str | None, a: Action) -> None:
        """Apply *a* and record it, the dice it drew before it (``kocka``, as :func:`.game.play` does); a
        refusal changes nothing."""
        eng = self.engine
        eng.combat.rng = Random(self.seats.seed * _DICE_MIX + len(self.steps))
        drawn = len(eng.combat.drawn)
        try:
            eng.apply(who, a)
        except IllegalActionError:
            del eng.combat.drawn[drawn:]
            raise
        finally:
            eng.combat.rng = None
        if len(eng.combat.drawn) > drawn:
            self.steps.append((None, Action("dice", dice=tuple(eng.combat.drawn[drawn:]))))
        self.steps.append((who, a))

    def legal(self, who: str) -> list[LegalAction]:
        """*who*'s legal actions now, each with the rule that permits it."""
        return self.engine.legal_actions(who)

    def choice(self, who: str, typed: str) -> Action:
        """What a person typed: the number of a legal action (its first choices), or an action in the
        scenario language; a :class:`UsageError` when it is neither."""
        typed = typed.strip()
        if is_digits(typed):
            forms = self.legal(who)
            if not 1 <= int(typed) <= len(forms):
                raise UsageError.said("MK-TABLE-NUMBER", number=typed, count=len(forms))
            return forms[int(typed) - 1].completion()
        a = parse_action(typed, path="<input>")
        if a.verb not in PLAYER_VERBS:
            raise UsageError.said("MK-TABLE-VERB", text=typed)
        return a

    def act(self, who: str, a: Action) -> None:
        """*who*, the person the game waits for, takes *a*: an :class:`IllegalActionError` (the rule, often a
        remedy) when it is refused, and nothing changes."""
        if who != self.waiting:
            raise UsageError.said("MK-TABLE-TURN", name=who)
        self._take(who, a)

    def undo(self) -> bool:
        """Take back the last action of a person and everything after it (the computer's, the engine's); False
        when no person has acted."""
        mine = [i for i, (who, _) in enumerate(self.steps) if who in self.seats.humans]
        if not mine:
            return False
        cut = mine[-1]
        while cut > 0 and self.steps[cut - 1][0] is None and self.steps[cut - 1][1].verb == "dice":
            cut -= 1  # the dice the action drew
        self.steps = self.steps[:cut]
        self.engine = self._replay(self.steps)
        self.waiting = None
        return True

    # ------------------------------------------------------------ what the table shows

    def view(self, me: str | None, lang: str = "en") -> dict[str, Any]:
        """The situation as *me* sees it (another player's hand only counted): the round, the phase, the
        players' MP, DP and cards in play, the open timelines, and *me*'s legal actions numbered from 1, each
        with its rule (when *me* is the person to act); the result once the game is over."""
        eng = self.engine
        state = eng.state
        out: dict[str, Any] = {"round": state.round, "phase": str(state.phase), "to_act": self.waiting,
                               "steps": len(self.steps),
                               "players": [self._seat(p.name, p.name == me) for p in state.players.values()],
                               "timelines": [{"number": tl.number, "kind": tl.kind, "opener": tl.opener,
                                              "entries": [{"player": e.player, "label": e.label, "kind": e.kind}
                                                          for e in tl.entries]} for tl in state.timelines]}
        if me is not None and me == self.waiting:
            out["legal"] = [{"n": i, "rule": f.rule, "text": f.text(lang)} for i, f in enumerate(self.legal(me), 1)]
        if state.result is not None:
            verdict, who, rule, reason = state.result
            out["result"] = {"verdict": verdict, "winners": list(who), "rule": rule, "reason": reason}
        elif self.over:
            out["result"] = {"verdict": "unfinished", "winners": [], "rule": "1.01"}
        return out

    def _seat(self, name: str, mine: bool) -> dict[str, Any]:
        """One player's part of :meth:`view`: the hand only when *mine*."""
        state = self.engine.state
        p = state.players[name]

        def cards(zone: str) -> list[str]:
            return [_shown(state.cards[u].label, state.cards[u].state) for u in p.zones[zone]]

        out: dict[str, Any] = {"name": name, "human": name in self.seats.humans, "mp": p.mp, "dp": p.dp,
                               "out": p.out, "hand_size": len(p.zones[KEZ]), "deck_size": len(p.zones[JOVO]),
                               "sor": cards(SOR), "jelen": cards(JELEN), "torony": cards(TORONY),
                               "solved": cards(MEGOLDOTT)}
        if mine:
            out["hand"] = cards(KEZ)
        return out


def _shown(label: str, state: str) -> str:
    """A card as the table shows it: its label, and its state when it is not ready (``éber``)."""
    return label if state == "éber" else f"{label} ({state})"
