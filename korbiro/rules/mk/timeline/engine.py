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
* :class:`~.rounds.Rounds`: phases, passing the turn, the round's closing and opening;
* :class:`~.ending.Ending`: in a played game (a ``variant``), the victory rules after every action
  and at the end of every round;

and :mod:`.semantics` answers the keywords' questions.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Generator, Mapping
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

from ....base.errors import IllegalActionError
from ....base.i18n import part
from ....data.behaviour import Behaviour
from ....data.cards import Card
from ....grammar.action import PASS, Action
from . import semantics as sem
from .combat import Combat
from .deeds import Deeds
from .effects import Effects
from .enums import JELEN, MULT, SOR, TORONY, Phase, Zone
from .maneuvers import Maneuvers
from .model import CardState, GameState, Player, Timeline
from .pacts import Pacts
from .parts import EngineParts
from .phases import ManeuverPhases
from .rounds import Rounds
from .rules import Format
from .seating import TURN_RULES
from .stack import TimelineStack
from .table import Table
from .trace import refused, word_args, words

if TYPE_CHECKING:
    from .legal import LegalAction

__all__ = ["PLAYER_VERBS", "Engine"]

#: The verbs a player acts with; the others (unwind, phase, end_round, kill, damage, sacrifice, take, and a
#: copy 6.05.O, which no card of the sample makes) are the engine's own steps and a judge's suppositions.
PLAYER_VERBS: Final = frozenset({"pass", "summon", "activate", "attach", "build", "neutralise", "solve", "siege", "capture",
                          "fight", "challenge", "eliminate", "ally", "swap", "obstruct"})

#: The clauses each verb takes (docs/scenarios.md); a clause a verb does not take is refused, not ignored.
_CLAUSES: Final[dict[str, frozenset[str]]] = {
    "pass": frozenset(),
    "summon": frozenset({"by", "targets", "x", "mode", "free", "accept", "roll", "effect", "against"}),
    "activate": frozenset({"by", "targets", "x", "accept", "roll", "kind", "effect", "against", "ability"}),
    "attach": frozenset(), "build": frozenset(),
    "neutralise": frozenset({"kind", "source"}),
    "copy": frozenset({"by", "targets", "x", "mode", "accept", "against"}),
    "solve": frozenset({"expedition", "store", "against", "targets", "blockers"}),
    "siege": frozenset({"blockers", "against"}),
    "capture": frozenset({"blockers", "keep"}),
    "fight": frozenset({"blockers", "against"}),
    "sacrifice": frozenset(), "take": frozenset({"keep"}),
    "challenge": frozenset(), "eliminate": frozenset({"targets"}), "ally": frozenset({"accept"}), "swap": frozenset(),
    "obstruct": frozenset(),
}
#: The parts of each verb itself (its card, destination, entry, team).
_SHAPE: Final[dict[str, frozenset[str]]] = {
    "pass": frozenset(), "summon": frozenset({"card"}), "activate": frozenset({"card"}),
    "attach": frozenset({"card", "dest"}), "build": frozenset({"card", "dest"}), "neutralise": frozenset({"ref"}),
    "copy": frozenset({"ref"}), "solve": frozenset({"card", "team"}), "siege": frozenset({"team"}),
    "capture": frozenset({"card", "team"}), "fight": frozenset({"team"}), "sacrifice": frozenset({"card"}), "take": frozenset({"card"}),
    "challenge": frozenset({"against"}), "eliminate": frozenset({"against"}), "ally": frozenset({"against"}),
    "swap": frozenset({"card", "dest"}), "obstruct": frozenset({"team"}),
}
#: a pass (grammar.action.PASS): the pass of every listing and random choice, and the empty value of every clause
_PASS: Final = PASS


@cache
def _refused_clauses(verb: str) -> tuple[tuple[str, Any], ...]:
    """The clauses *verb* does not take: each its field and its empty value (their words are read only for a
    refusal, :func:`.trace.words`: the catalogue is not opened for a script that says nothing wrong)."""
    allowed = _CLAUSES.get(verb, frozenset()) | _SHAPE.get(verb, frozenset())
    return tuple((name, getattr(_PASS, name)) for name in _CLAUSE_NAMES if name not in allowed)


@cache
def _clause_fields(verb: str) -> tuple[Callable[[Action], tuple[Any, ...]], tuple[Any, ...]]:
    """The clauses *verb* does not take, read at once: a getter of their fields and their empty values."""
    clauses = _refused_clauses(verb)
    names = [name for name, _ in clauses]
    getter = attrgetter(*names, names[0]) if names else (lambda a: ())  # two names at least: the getter gives a tuple
    return getter, tuple(empty for _, empty in clauses) + ((clauses[0][1],) if names else ())


#: the clauses of an action, in the order a refusal names the first one given that its verb does not take
_CLAUSE_NAMES: Final = ("by", "targets", "x", "mode", "free", "accept", "roll", "kind", "source", "expedition", "store",
                 "blockers", "against", "keep", "effect", "card", "dest", "ref", "team", "ability")


class Engine(EngineParts):
    """The state machine; see the module docstring."""

    def __init__(self, fmt: Format | None = None, options: Mapping[str, str] | None = None,
                 effects: Mapping[str, Behaviour] | None = None, variant: str | None = None,
                 variant_options: Mapping[str, object] | None = None, *, state: GameState | None = None) -> None:
        self.table = Table(fmt, options, effects, variant, variant_options, state=state)
        #: the game state (the table's: read as an attribute, the listing asks for it ~15,000 times a game)
        self.state: GameState = self.table.state
        self.stack = TimelineStack(self.table)
        self.table.on_wounded = self._wounded
        self.table.on_event = self._event
        self.table.on_search = self._searched
        self.effects = Effects(self.table)
        self.deeds = Deeds(self.table, self.stack, self.effects)
        self.phases = ManeuverPhases(self.table, self.stack)
        self.maneuvers = Maneuvers(self.table, self.stack, self.phases, self.deeds.pick_targets)
        self.combat = Combat(self.table, self.phases, self.effects)
        self.rounds = Rounds(self.table, self.stack, self.phases)
        self.pacts = Pacts(self.table, self.stack)
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
            "pass": self._pass_verb,
            "summon": self.deeds.summon,
            "activate": self.deeds.activate,
            "attach": self.deeds.attach,
            "build": self.deeds.build,
            "neutralise": self.deeds.neutralise,
            "copy": self.deeds.copy,
            "solve": self.maneuvers.solve,
            "siege": self.maneuvers.siege,
            "capture": self.maneuvers.capture,
            "fight": self.maneuvers.fight,
            "sacrifice": self.sacrifice,
            "take": self.take,
            "challenge": self.pacts.challenge,
            "eliminate": self.pacts.eliminate,
            "ally": self.pacts.ally,
            "swap": self.pacts.swap,
            "obstruct": self.maneuvers.obstruct,
        }
        #: the engine's own steps and a judge's suppositions, which no player takes (bound methods all, no closures:
        #: a copy of the engine, the bot's, takes its steps on itself, not on the game it was copied from)
        self._steps: dict[str, Callable[[Action], None]] = {
            "unwind": self._unwind,
            "phase": self._phase,
            "end_round": self._end_round,
            "round": self._round,
            "kill": self.kill,
            "dice": self.dice,
            "order": self._order,
            "damage": self.damage,
        }
        #: set while probing for the legal actions: whose turn it is has been checked once for all, and the
        #: lister builds only actions of the verbs' own shape
        self._skip_turn = False
        self._skip_shape = False

    def _unwind(self, a: Action) -> None:
        self.stack.unwind(a.count)

    def _end_round(self, a: Action) -> None:
        self.rounds.end_round()

    def _round(self, a: Action) -> None:
        self.rounds.play_out()

    def _order(self, a: Action) -> None:
        self.combat.set_order(a.team)

    def _wounded(self, cs: CardState) -> None:
        self.stack.fire("wounded", cards=[cs])

    def _event(self, moment: str, cs: CardState) -> None:
        """6.02: the timed effects waiting for *moment* of *cs*: its own (``dies``, ``wakes``); when an adventurer
        dies, also those of its controller's other cards (``own adventurer dies``) and of every other card
        (``any adventurer dies``)."""
        self.stack.fire_event(moment, cs, [cs])
        if moment == "dies" and cs.type == "kalandozó":
            owner = sem.controller(self.state, cs)
            others = [c for c in self.stack.watchers() if c is not cs]  # the cards whose timed effects may fire
            self.stack.fire_event("own_dies", cs, [c for c in others if sem.controller(self.state, c) == owner])
            self.stack.fire_event("any_dies", cs, others)

    def _searched(self, player: str) -> None:
        """*player* searched: the opponents' "opponent searches" timed effects (6.02)."""
        for other in self.table.opponents(player):
            self.stack.fire("opponent_searches", player=other)

    # ================================================================ the table

    @property
    def format(self) -> Format:
        return self.table.format

    def add_player(self, name: str, mp: int = 0, dp: int = 0) -> Player:
        """A player joins (setup only)."""
        return self.table.add_player(name, mp, dp)

    def add_card(self, card: Card, owner: str, zone: str, **kw: object) -> CardState:
        """Put a card into the game (setup only; no rule is applied); see :meth:`.table.Table.add_card`."""
        return self.table.add_card(card, owner, zone, **kw)  # type: ignore[arg-type]

    def open_timeline(self, kind: str, opener: str) -> Timeline:
        return self.stack.open_timeline(kind, opener)

    def find(self, name: str, *, zones: Collection[str] | None = None, player: str | None = None,
             rule: str = "5.01.B") -> CardState:
        return self.table.find(name, zones=zones, player=player, rule=rule)

    def active_player(self) -> str:
        return self.table.active_player()

    # ================================================================ judge's events

    def kill(self, a: Action) -> None:
        assert a.card is not None
        cs = self.table.find(a.card, zones=(SOR, JELEN), rule="6.00")
        self.table.emit("6.00", "kill", "MK-TL-TRACE.kill-dies", {"card": cs.label}, card=cs.label)
        self.table.die(cs)

    def sacrifice(self, player: str, a: Action) -> None:
        assert a.card is not None
        cs = self.table.find(a.card, zones=(SOR, JELEN, TORONY), player=player, rule="6.00")
        self.table.emit("11.00.E" if sem.ghost_rounds(self.state, cs) and self.table.admits("11.00.E") else "6.00", "sacrifice",
                  "MK-TL-TRACE.sacrifice-sacrifices", {"player": player, "card": cs.label}, card=cs.label)
        self.table.die(cs, how="feláldoz")

    def damage(self, a: Action) -> None:
        assert a.card is not None and a.amount is not None
        cs = self.table.find(a.card, zones=(SOR,), rule="6.00")
        if a.amount < 0:
            raise refused("MK-TL-DAMAGE.damage-cannot-negative", "6.00")
        self.table.add_damage(cs, a.amount, "6.00")
        if not self.state.timelines:
            lvl = sem.level(self.state, cs)
            if cs.damage >= lvl:
                self.table.emit("6.00", "dies", "MK-TL-TRACE.dies-has-damage-against", {"card": cs.label, "damage": cs.damage, "lvl": lvl}, card=cs.label)
                self.table.die(cs)

    def dice(self, a: Action) -> None:
        """The script gives the dice of the combat rounds' attack rolls (``kocka 5, 3``), used in battle order;
        a die shows 1 to 6 (korbiro's reading: the rule text we have names no die)."""
        for die in a.dice:
            if not 1 <= die <= 6:
                raise refused("MK-TL-DICE", "6.03", die=die)
        if self.table.checked():
            return  # probed: the commit point is reached
        self.state.dice.extend(a.dice)  # no trace line: each blow says its roll, and a played game's replay
        # (which gives the dice it drew with ``kocka``) traces as the game did

    def take(self, player: str, a: Action) -> None:
        """An effect gives *player* control of a card (1.14.4, 3.01.G)."""
        assert a.card is not None
        cs = self.table.find(a.card, zones=(JELEN, TORONY, SOR), rule="6.00")
        if cs.controller == player:
            raise refused("MK-TL-CONTROL.already-controls", "6.00", player=player, card=cs.label)
        old = cs.controller
        cs.controller = player
        zone = cs.zone
        self.table.move(cs, zone)
        self.table.emit("6.00", "control", "MK-TL-TRACE.control", {"player": player, "card": cs.label, "old": old},
                        card=cs.label)
        if cs.type == "toronyszint":
            for uid in list(cs.attachments):
                att = self.state.cards[uid]
                self.table.move(att, MULT)
                self.table.emit("3.01.G", "falls", "MK-TL-TRACE.falls-off", {"att": att.label, "card": cs.label}, card=att.label)
            dropped = sum(cs.counters.values())
            if dropped:
                cs.counters.clear()
                self.table.emit("3.01.G", "falls", "MK-TL-TRACE.falls-counter-fall-off", {"dropped": dropped, "card": cs.label})
        if cs.type == "építmény" and cs.fact(sem.one_such_building):
            self.table.one_building(cs, player, a.keep)

    # ================================================================ dispatch

    def _phase(self, a: Action) -> None:
        assert a.card is not None
        self.rounds.phase(a.card)

    def _pass_verb(self, player: str, a: Action) -> None:
        self.pass_(player)

    def pass_(self, player: str) -> None:
        """A pass: on the top timeline if one is open, else of the turn."""
        if not self.stack.pass_(player):
            self.rounds.pass_turn(player)

    def apply(self, player: str | None, a: Action) -> None:
        """Apply one action for *player* (None: the active player, or the engine's own step).

        An action that breaks a rule raises :class:`~korbiro.base.errors.IllegalActionError` and
        changes nothing, not even the trace.
        """
        self._check_not_over()
        if a.verb == "game":
            raise ValueError("the script step 'játék' is played by the scenario runner (timeline.game.play_on)")
        self.table.begin()
        refused = True
        try:
            self._dispatch(player, a)
            refused = False
        except IllegalActionError:
            if self.table.committed:  # pragma: no cover - every rule is checked before the commit point
                raise RuntimeError(f"{a.verb}: a refusal after the commit point left the game half changed") from None
            raise
        finally:
            self.table.end(refused)
        if self.table.ending is not None:
            self.table.ending.check_immediate()

    def start_game(self) -> None:
        """A played game begins (setup done): each player's first draw step (1.02.B), then round 1 opens."""
        self.table.begin()
        if self.table.checked():
            return  # probed: the commit point is reached
        seating = self.table.seating
        for p in self.state.players.values():
            levels = [self.state.cards[u].label for u in p.zones[Zone.TORONY]]
            if seating.shares_tower:
                if seating.tower_holder(p.name) != p.name:
                    continue
                side = seating.side(p.name)
                ending = self.table.ending
                rule = ending.variant.rules.get("starting_tower_levels", "3.01.A") if ending is not None else "3.01.A"
                self.table.emit(rule, "tower", "MK-TL-TRACE.tower-side-shared-lowest", {"side": side, **({"levels": ", ".join(levels), "levels_hu": ", ".join(levels)} if levels else word_args("levels", "levels", "none"))},
                                player=p.name)
                continue
            self.table.emit("3.01.A", "tower", "MK-TL-TRACE.tower-lowest-level-first", {"player": p.name, **({"levels": ", ".join(levels), "levels_hu": ", ".join(levels)} if levels else word_args("levels", "levels", "none"))}, player=p.name)
        self.rounds.refill("1.02.B")
        self.rounds.open_round()
        self.table.end(False)

    def copy(self, *, trace: bool = True) -> Engine:
        """A copy of the game to try moves on (the bots'), which takes its steps on itself and changes nothing of
        this one: the same format, options and variant; its own parts, built anew (a part's callbacks are bound to
        its engine); a deep copy of the state and of what the parts keep besides it (the dice drawn and their
        random source, a combination chain's entries, the victory checks' last snapshot, the names' index), sharing
        only what never changes in play: the cards' data and behaviours, the card lookup.  *trace* False leaves the
        trace behind (a try's trace is never read)."""
        table = self.table
        memo: dict[int, Any] = {} if trace else {id(self.state.trace): []}
        for cs in self.state.cards.values():
            memo[id(cs.card)] = cs.card
            memo[id(cs.behaviour)] = cs.behaviour
        state = copy.deepcopy(self.state, memo)
        variant = table.ending.variant.id if table.ending is not None else None
        new = Engine(table.format, table.given_options, None, variant, table.seating.variant_options, state=state)
        new.table.overrides = dict(table.overrides)
        new.table.lookup = table.lookup
        new.table._by_name = {name: list(uids) for name, uids in table._by_name.items()}
        new.table._facts = copy.deepcopy(table._facts, memo)
        new.table._players_folded = copy.deepcopy(table._players_folded, memo)
        new.deeds.combo_entries = copy.deepcopy(self.deeds.combo_entries, memo)
        new.combat.rng = copy.deepcopy(self.combat.rng)
        new.combat.drawn = list(self.combat.drawn)
        if table.ending is not None and new.table.ending is not None:
            new.table.ending._quiet = copy.deepcopy(table.ending._quiet, memo)
        return new

    @property
    def over(self) -> bool:
        """A played game has ended (a win or a draw)."""
        return self.state.result is not None

    def _check_not_over(self) -> None:
        result = self.state.result
        if result is not None:
            verdict, who, rule, _ = result
            raise refused("MK-TL-OVER.game-over", rule, verdict=verdict, value=': ' + ', '.join(who) if who else '')

    def probe(self, player: str | None, a: Action, *, turn: bool = True,
              shape: bool = True) -> IllegalActionError | None:
        """Whether *a* would be accepted now: None if so, else the refusal; nothing changes either way.
        ``turn=False`` skips the check of whose turn it is, ``shape=False`` that of the verb's clauses
        (the caller has made them: the legal-action lister, for an action it built)."""
        if self.state.result is not None:
            try:
                self._check_not_over()
            except IllegalActionError as exc:
                return exc
        if a.verb not in PLAYER_VERBS or a.verb == "pass":
            try:
                who = self.table.player(player)
                self._check_in_game(who)
                self._turn(who, a)
            except IllegalActionError as exc:
                return exc
            if a.verb == "pass":
                try:
                    self._clauses(a)
                except IllegalActionError as exc:
                    return exc
                return None
            raise ValueError(f"only a player's action can be probed, not {a.verb!r}")
        if a.verb == "neutralise" and a.source is None:
            # a player neutralises with a card (6.00); without one it is the judge's "suppose it was neutralised"
            return refused("MK-TL-NEUTRALISER.player-neutralises-card", "6.00", remedy="MK-TL-NEUTRALISER.player-neutralises-card-remedy")
        self.table.begin()
        self.table.probing = True
        self._skip_turn = not turn
        self._skip_shape = not shape
        try:
            self._dispatch(player, a)  # returns at the action's commit point (Table.checked)
        except IllegalActionError as exc:
            return exc
        finally:
            self.table.probing = False
            self._skip_turn = self._skip_shape = False
            self.table.end(True)
        if self.table.committed:
            return None
        raise AssertionError(f"{a.verb} reached no commit point")  # pragma: no cover - every player verb has one

    def why_not(self, player: str | None, a: Action) -> IllegalActionError | None:
        """The rule that forbids *a* now and what would make it legal (``.remedy``), or None if it is legal."""
        return self.probe(player, a)

    def legal_actions(self, player: str) -> list[LegalAction]:
        """Every action *player* may take now, each with the rule that permits it (:mod:`.legal`)."""
        from .legal import legal_actions  # lazy: listing is a judge's question, not every run's

        return legal_actions(self, self.table.player(player))

    def iter_legal_actions(self, player: str) -> Generator[LegalAction, None, None]:
        """The same forms as :meth:`legal_actions`, each found when asked (close the iterator when done)."""
        from .legal import iter_legal_actions  # lazy: as above

        return iter_legal_actions(self, self.table.player(player))

    def _check_in_game(self, player: str) -> None:
        """12.00.D: a player who is out of the game takes no action (every card of theirs has left it)."""
        if self.state.players[player].out:
            raise refused("MK-TL-OUT", "12.00.D", player=player)

    def _turn(self, player: str, a: Action) -> None:
        """12.00: with no timeline open in the manoeuvres phase, only the active player starts a deed or passes;
        the refusal cites the rule that made them active (:meth:`~.seating.Seating.turn`)."""
        if self.state.phase != Phase.MANEUVERS or self.state.timelines:
            return
        if a.verb != "pass":
            self.table.seating.check_mp_bound(player)
        if self.options["turn_order"] != "active":
            return
        seating = self.table.seating
        active, why = seating.turn()
        if not seating.may_act_for(player, active):
            # the rule that made *active* the active player (12.00.B, 12.00.C, 12.00.5.2, …); in a format without
            # the archived 12.00, the timeline's own 6.00
            raise refused(f"MK-TL-TURN.{why}", self.table.cite(TURN_RULES[why], "6.00"), active=active,
                          members=", ".join(seating.members(seating.side(active))),
                          remedy=part("MK-TL-TURN.wait", active=active))

    def _dispatch(self, player: str | None, a: Action) -> None:
        verb = a.verb
        step = self._steps.get(verb)
        if step is not None:  # the engine's own step or a judge's supposition: no player acts
            step(a)
            return
        who = self.table.player(player)
        self._check_in_game(who)
        handler = self._verbs.get(verb)
        if handler is None:  # pragma: no cover - the grammar has no other verbs
            raise refused("MK-TL-VERB.unknown-verb", "6.00", verb=verb)
        if verb in PLAYER_VERBS and not self._skip_turn:
            self._turn(who, a)
        if not self._skip_shape:
            self._clauses(a)
        handler(who, a)

    @staticmethod
    def _clauses(a: Action) -> None:
        """A clause the verb does not take is refused: the script says something the engine would ignore."""
        if a is _PASS:
            return  # the pass of every listing and random choice (grammar.action.PASS) says no clause
        fields, empties = _clause_fields(a.verb)
        if fields(a) == empties:
            return  # none of them is said (the common case, asked in one step)
        for name, empty in _refused_clauses(a.verb):
            if getattr(a, name) != empty:
                en, hu = words("clause", name)
                raise refused("MK-TL-CLAUSE.takes-clause", "6.00", remedy="MK-TL-CLAUSE.takes-clause-remedy", verb=a.verb, en=en, en_hu=hu)
