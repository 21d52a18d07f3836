"""The timeline (időfonal) engine: an explicit, deterministic state machine.

The engine holds a :class:`~.model.GameState` and applies actions of the
action language (:mod:`korbiro.grammar.action`).  Every transition appends a
:class:`~.trace.TraceEvent` naming the rule behind it.  An action that breaks
a rule raises :class:`~korbiro.base.errors.IllegalActionError` with that rule
*before* changing anything (every handler checks first, then commits).

:class:`Engine` is a thin front over the parts that do the work, one concern
each (docs/architecture.md):

* :class:`~.table.Table`: the state, zones, lookups, trace and card lifecycle;
* :class:`~.stack.TimelineStack`: open, add, pass, unwind, close;
* :class:`~.effects.Effects`: effect steps, power words, beasts;
* :class:`~.deeds.Deeds`: summoning, activating, attaching, building, neutralising, copying;
* :class:`~.maneuvers.Maneuvers`: quests, sieges, captures;
* :class:`~.rounds.Rounds`: phases, passing the turn, the round's closing;

and :mod:`.semantics` answers the keywords' questions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ....data.cards import Card
from ....grammar.action import Action
from . import semantics as sem
from .behaviour import CardEffects
from .deeds import Deeds
from .effects import Effects
from .maneuvers import Maneuvers
from .model import CardState, GameState, Player, Timeline
from .rounds import Rounds
from .rules import Format
from .stack import TimelineStack
from .table import Table
from .trace import illegal

__all__ = ["Engine"]


class Engine:
    """The state machine; see the module docstring."""

    def __init__(self, fmt: Format | None = None, options: Mapping[str, str] | None = None,
                 effects: Mapping[str, CardEffects] | None = None) -> None:
        self.table = Table(fmt, options, effects)
        self.stack = TimelineStack(self.table)
        self.effects = Effects(self.table)
        self.deeds = Deeds(self.table, self.stack, self.effects)
        self.maneuvers = Maneuvers(self.table, self.stack)
        self.rounds = Rounds(self.table, self.stack)
        self.stack.resolvers.update({
            "card": self.deeds.resolve_card,
            "attach": self.deeds.resolve_attach,
            "build": self.deeds.resolve_build,
            "neutralise": self.deeds.resolve_neutralise,
            "timed": self.effects.resolve_timed,
            "ability": self.effects.resolve_ability,
            "copy": self.effects.resolve_copy,
            "beast": self.effects.resolve_beast,
            "maneuver": self.maneuvers.resolve,
        })
        #: the verbs of a player, with the part that carries each out
        self._verbs: dict[str, Callable[[str, Action], None]] = {
            "pass": lambda who, a: self.pass_(who),
            "summon": self.deeds.summon,
            "activate": self.deeds.activate,
            "attach": self.deeds.attach,
            "build": self.deeds.build,
            "neutralise": self.deeds.neutralise,
            "copy": self.deeds.copy,
            "solve": self.maneuvers.solve,
            "siege": self.maneuvers.siege,
            "capture": self.maneuvers.capture,
            "sacrifice": self.sacrifice,
            "take": self.take,
        }

    # ================================================================ the table

    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def format(self) -> Format:
        return self.table.format

    @property
    def options(self) -> dict[str, str]:
        return self.table.options

    def add_player(self, name: str, mp: int = 0, dp: int = 0) -> Player:
        """A player joins (setup only)."""
        return self.table.add_player(name, mp, dp)

    def add_card(self, card: Card, owner: str, zone: str, **kw: object) -> CardState:
        """Put a card into the game (setup only; no rule is applied); see :meth:`.table.Table.add_card`."""
        return self.table.add_card(card, owner, zone, **kw)  # type: ignore[arg-type]

    def open_timeline(self, kind: str, opener: str) -> Timeline:
        return self.stack.open_timeline(kind, opener)

    def find(self, name: str, *, zones: Iterable[str] | None = None, player: str | None = None,
             rule: str = "5.01.B") -> CardState:
        return self.table.find(name, zones=zones, player=player, rule=rule)

    def active_player(self) -> str:
        return self.table.active_player()

    # ================================================================ judge's events

    def kill(self, a: Action) -> None:
        assert a.card is not None
        cs = self.table.find(a.card, zones=("sor", "jelen"), rule="6.00")
        self.table.emit("6.00", "kill", f"{cs.label} dies", f"{cs.label} meghal", card=cs.label)
        self.table.die(cs)

    def sacrifice(self, player: str, a: Action) -> None:
        assert a.card is not None
        cs = self.table.find(a.card, zones=("sor", "jelen", "torony"), player=player, rule="6.00")
        self.table.emit("11.00.E" if sem.ghost_rounds(self.state, cs) and self.table.admits("11.00.E") else "6.00", "sacrifice",
                  f"{player} sacrifices {cs.label}", f"{player} feláldozza: {cs.label}", card=cs.label)
        self.table.die(cs)

    def damage(self, a: Action) -> None:
        assert a.card is not None and a.amount is not None
        cs = self.table.find(a.card, zones=("sor",), rule="6.00")
        if a.amount < 0:
            raise illegal("MK-TL-DAMAGE", "6.00", "damage cannot be negative", "a sebzés nem lehet negatív")
        self.table.add_damage(cs, a.amount, "6.00")
        if not self.state.timelines:
            lvl = sem.level(self.state, cs)
            if cs.damage >= lvl:
                self.table.emit("6.00", "dies", f"{cs.label} has {cs.damage} damage against level {lvl} and dies",
                          f"{cs.label} {cs.damage} sebzést kapott {lvl} szinttel szemben, és meghal", card=cs.label)
                self.table.die(cs)

    def take(self, player: str, a: Action) -> None:
        """An effect gives *player* control of a card (1.14.4, 3.01.G)."""
        assert a.card is not None
        cs = self.table.find(a.card, zones=("jelen", "torony", "sor"), rule="6.00")
        if cs.controller == player:
            raise illegal("MK-TL-CONTROL", "6.00", f"{player} already controls {cs.label}", f"{player} már irányítja: {cs.label}")
        old = cs.controller
        cs.controller = player
        zone = cs.zone
        self.table.move(cs, zone)
        self.table.emit("6.00", "control", f"{player} gains control of {cs.label} from {old}", f"{player} megszerzi {cs.label} irányítását", card=cs.label)
        if cs.type == "toronyszint":
            for uid in list(cs.attachments):
                att = self.state.cards[uid]
                self.table.move(att, "mult")
                self.table.emit("3.01.G", "falls", f"{att.label} falls off {cs.label}", f"{att.label} leesik {cs.label} lapról", card=att.label)
            dropped = sum(cs.counters.values())
            if dropped:
                cs.counters.clear()
                self.table.emit("3.01.G", "falls", f"{dropped} counter(s) fall off {cs.label}", f"{dropped} jelző leesik {cs.label} lapról")
        if cs.type == "építmény" and sem.one_such_building(cs):
            self.table.one_building(cs, player, a.keep)

    # ================================================================ dispatch

    def pass_(self, player: str) -> None:
        """A pass: on the top timeline if one is open, else of the turn."""
        if not self.stack.pass_(player):
            self.rounds.pass_turn(player)

    def apply(self, player: str | None, a: Action) -> None:
        """Apply one action for *player* (None: the active player, or the engine's own step)."""
        verb = a.verb
        if verb == "unwind":
            self.stack.unwind(a.count)
            return
        if verb == "phase":
            assert a.card is not None
            self.rounds.phase(a.card)
            return
        if verb == "end_round":
            self.rounds.end_round()
            return
        if verb == "kill":
            self.kill(a)
            return
        if verb == "damage":
            self.damage(a)
            return
        who = self.table.player(player)
        handler = self._verbs.get(verb)
        if handler is None:  # pragma: no cover - the grammar has no other verbs
            raise illegal("MK-TL-VERB", "6.00", f"unknown verb {verb!r}", f"ismeretlen ige: {verb!r}")
        handler(who, a)
