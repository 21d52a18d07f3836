"""The game state of the timeline engine: players, cards and timelines.

Plain mutable dataclasses; the engine (:mod:`.engine`) is the only writer.
Zones are insertion-ordered dicts of card uids, so moving a card is O(1) and
every listing is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from ....base.text import fold
from ....data.behaviour import NO_BEHAVIOUR, Behaviour
from ....data.cards import Card
from ....grammar.behaviour import Op
from .enums import (
    CSATOLT,
    IDOFONAL,
    JELEN,
    JOVO,
    KEZ,
    KIVUL,
    MEGOLDOTT,
    MELYSEG,
    MULT,
    RAKTAR,
    SOR,
    TORONY,
    Zone,
)
from .trace import TraceEvent

__all__ = ["IN_PLAY", "STATES", "ZONES", "ZONE_ALIASES", "CardState", "Entry", "GameState", "ManeuverRun", "Player",
           "Seats", "Timeline", "TimedModifier"]

#: The zones of a player.  ``sor`` is the Row of the Present (adventurers),
#: ``jelen`` the rest of the Present (quests awaiting solution, buildings,
#: events, allies, ghosts), ``torony`` the tower levels from the lowest up,
#: ``csatolt`` cards attached to another card, ``idofonal`` cards in a timeline,
#: ``megoldott`` solved quests, ``kivul`` out of the game (the cards of a player who dropped out, 12.00.D).
ZONES: Final[tuple[str, ...]] = tuple(Zone)

#: The zones of the Present, where a card's constant effects and triggers work.
IN_PLAY: Final[frozenset[str]] = frozenset({SOR, JELEN, TORONY, CSATOLT})

#: Spellings a scenario may use for a zone.
ZONE_ALIASES: Final[dict[str, str]] = {
    "kéz": KEZ, "kez": KEZ, "hand": KEZ,
    "jövő": JOVO, "jovo": JOVO, "deck": JOVO, "library": JOVO,
    "sor": SOR, "row": SOR,
    "jelen": JELEN, "present": JELEN, "play": JELEN,
    "torony": TORONY, "tower": TORONY,
    "raktár": RAKTAR, "raktar": RAKTAR, "storage": RAKTAR,
    "csatolt": CSATOLT, "attached": CSATOLT,
    "időfonal": IDOFONAL, "idofonal": IDOFONAL, "timeline": IDOFONAL,
    "megoldott": MEGOLDOTT, "solved": MEGOLDOTT,
    "múlt": MULT, "mult": MULT, "past": MULT, "graveyard": MULT,
    "mélység": MELYSEG, "melyseg": MELYSEG, "depth": MELYSEG, "exile": MELYSEG,
    "kívül": KIVUL, "kivul": KIVUL, "out": KIVUL,
}

_T = TypeVar("_T")
#: what a card state's :attr:`~CardState.facts` hold for a fact not yet worked out
_UNKNOWN: Final = object()


STATES: Final[dict[str, str]] = {"éber": "éber", "eber": "éber", "awake": "éber",
                          "pihenő": "pihenő", "piheno": "pihenő", "resting": "pihenő",
                          "sérült": "sérült", "serult": "sérült", "wounded": "sérült"}


@dataclass(eq=False)
class CardState:
    """One physical card in the game."""

    uid: int
    card: Card
    owner: str
    controller: str | None
    zone: str
    label: str
    state: str = "éber"
    damage: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    attachments: list[int] = field(default_factory=list)
    attached_to: int | None = None
    hidden: bool = False
    #: rounds left as a ghost, counting the current one (11.00.C); None: not a ghost
    ghost: int | None = None
    #: the round whose Kincskeresés this card has used up (1.14.14.C)
    kincs_used: int | None = None
    #: the round of an expedition on this quest (2.03.e)
    expedition_round: int | None = None
    #: the card is built on something as a machine (10.00.D)
    built: bool = False
    #: keywords granted by attached Csatlós cards (2.09.f) are read through the engine
    in_team: bool = False
    #: what the card does: its set file's behaviour, or the scenario's ``effects:`` for it
    behaviour: Behaviour = NO_BEHAVIOUR
    #: what the card's static facts are (:meth:`fact`), each asked once
    facts: dict[Hashable, Any] = field(default_factory=dict, repr=False)

    #: the card under a card state never changes, nor does its label: its name and type, and the two folded for
    #: lookups (:func:`~korbiro.base.text.fold`), are kept as it is made (the listing and the rules ask for the type
    #: hundreds of thousands of times a game; plain attributes, which the compiled engine reads directly)
    name: str = field(init=False, repr=False)
    type: str = field(init=False, repr=False)
    folded_label: str = field(init=False, repr=False)
    folded_name: str = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.name = self.card.name
        self.type = self.card.type
        self.folded_label = fold(self.label)
        self.folded_name = fold(self.card.name)

    def attr(self, key: str, default: Any = None) -> Any:
        return self.card.attrs.get(key, default)

    def fact(self, of: Callable[[CardState], _T]) -> _T:
        """``of(self)``, worked out once for this card and every card state of the same card and behaviour (the
        table gives them one :attr:`facts`): *of* reads only what never changes under a card state (its card's
        printed text and its behaviour)."""
        facts = self.facts
        value = facts.get(of, _UNKNOWN)
        if value is _UNKNOWN:
            value = facts[of] = of(self)
        return value  # type: ignore[no-any-return]

    def fact_of(self, of: Callable[..., _T], *args: Hashable) -> _T:
        """``of(self, *args)``, worked out once as :meth:`fact` is, and of *args* the same (a card state, a word)."""
        key = (of, *args)
        facts = self.facts
        value = facts.get(key, _UNKNOWN)
        if value is _UNKNOWN:
            value = facts[key] = of(self, *args)
        return value  # type: ignore[no-any-return]


@dataclass
class Player:
    """A player's resources and zones."""

    name: str
    mp: int = 0
    dp: int = 0
    zones: dict[str, dict[int, None]] = field(default_factory=lambda: {z: {} for z in ZONES})
    #: per round: antiss quests solved (8.03.A)
    antiss_solved: int = 0
    #: the round this player last took an MP-bound deed (tie-break of the active player)
    last_deed: int = -1
    #: the player has dropped out of the game (12.00.D)
    out: bool = False


@dataclass(eq=False)
class Entry:
    """One item in a timeline."""

    seq: int
    kind: str          # card, ability, beast, attach, build, neutralise, copy, maneuver, timed
    player: str
    label: str
    source: int | None = None
    summoner: int | None = None
    targets: tuple[int, ...] = ()
    target_players: tuple[str, ...] = ()
    x: int | None = None
    mode: str | None = None
    ops: tuple[Op, ...] = ()
    negative: tuple[Op, ...] = ()
    hidden: bool = False
    neutralisable: bool = True
    accept: frozenset[int] = frozenset()
    roll: int | None = None
    copy_of: int | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(eq=False)
class Timeline:
    """An open timeline: who opened it and its entries (the last is the top)."""

    number: int
    kind: str          # deed, phase, combat, timed
    opener: str
    entries: list[Entry] = field(default_factory=list)
    passed: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class TimedModifier:
    """A change to a card's number that lasts until the end of the combat or the round
    (``level +2 target until combat``)."""

    uid: int
    stat: str
    amount: int
    until: str
    source: str

    def __deepcopy__(self, memo: dict[int, Any]) -> TimedModifier:
        return self  # a value that never changes (and a compiled frozen class is not rebuilt field by field)


@dataclass(eq=False)
class ManeuverRun:
    """The leave-row manoeuvre under way, played as the phases of 6.03 (:mod:`.phases`): its declaration
    (the ``maneuver`` entry of the initiating team's deed), the phases it goes through, and where it is."""

    #: quest, siege, capture or combat
    kind: str
    player: str
    entry: Entry
    #: the phases still to come and those passed, in their order (6.03; :func:`.phases.phases_of`)
    phases: list[str]
    #: the phase now under way (an index of ``phases``); -1 while the declaration is in its deed's timeline
    index: int = -1
    #: the number of the current phase's timeline
    timeline: int | None = None
    #: the combat rounds fought so far in this manoeuvre
    combat_rounds: int = 0
    #: the battle order the script set in combat preparation (``hadrend``), uids; empty: by option
    order: tuple[int, ...] = ()

    @property
    def phase(self) -> str | None:
        return self.phases[self.index] if 0 <= self.index < len(self.phases) else None


@dataclass
class Seats:
    """Who plays with and against whom in a variant of 12.00, and what the variant keeps count of."""

    #: player -> the side (pair, team) they play on; a player not named plays alone (12.00.5, 12.00.6)
    sides: dict[str, str] = field(default_factory=dict)
    #: the alliance of Szövetségek (12.00.4.B), once made
    alliance: tuple[str, ...] = ()
    #: Kihívás (12.00.2.B): challenger -> the player they challenged
    challenges: dict[str, str] = field(default_factory=dict)
    #: Kihívás and Körbetámadás: knock-outs and victory points so far
    eliminations: dict[str, int] = field(default_factory=dict)
    victory_points: dict[str, int] = field(default_factory=dict)
    #: Ómen (12.00.1): each player's Ómen card
    omens: dict[str, int] = field(default_factory=dict)
    #: players whose Ómen left play this round (the Ómen-pass, 12.00.1.B)
    omen_out: set[str] = field(default_factory=set)
    #: the player taking their MP-bound deeds one after another after the Ómen-pass (12.00.1.C)
    omen_run: str | None = None
    #: players whose run is over this round: no more MP-bound deeds, no initiating team (12.00.1.C)
    omen_done: set[str] = field(default_factory=set)
    #: players who offered an alliance this round (12.00.4.B: once a round)
    offered: set[str] = field(default_factory=set)
    #: sides that swapped adventurers this round (12.00.5: the twin manoeuvre, once a round)
    swapped: set[str] = field(default_factory=set)


@dataclass
class GameState:
    """Everything the engine knows."""

    players: dict[str, Player]
    cards: dict[int, CardState] = field(default_factory=dict)
    timelines: list[Timeline] = field(default_factory=list)
    round: int = 1
    phase: str = "manőverek"
    active: str | None = None
    #: why ``active`` is the active player (a reason of :data:`~.seating.TURN_RULES`: "stays" 12.00.B, "after-pass"
    #: 12.00.C, …); None with ``active`` None: the active player is worked out (:meth:`~.seating.Seating.turn`)
    active_by: str | None = None
    sor_passed: list[str] = field(default_factory=list)
    trace: list[TraceEvent] = field(default_factory=list)
    #: the order entries left timelines by unwinding (labels), for expectations
    unwound: list[str] = field(default_factory=list)
    next_uid: int = 1
    #: how many times a card has come into the game or changed zones: what is kept of where the cards are
    #: (:meth:`~.table.Table.in_view`) is current while this stands; whatever puts a card into a zone counts
    zone_changes: int = 0
    next_seq: int = 1
    next_timeline: int = 1
    #: antiss quests attempted this round (8.03.B) and adventurers who acted on the antiss (8.03.C)
    antiss_attempted: set[int] = field(default_factory=set)
    antiss_acted: set[int] = field(default_factory=set)
    #: uses of abilities with a use limit: (card uid, ability index, period) -> uses; the period is ``game``,
    #: ``round N`` or ``combat round N`` (6.01; docs/card-behaviour.md, "Timing and use limits")
    ability_uses: dict[tuple[int, int, str], int] = field(default_factory=dict)
    #: the combat rounds begun in this game (each "harci kör" phase is one), for once-a-combat-round limits
    combat_round: int = 0
    #: the players who have summoned a SORSFORDÍTÓ card as a fast effect while behind (option sorsfordito=behind)
    fate_turned: set[str] = field(default_factory=set)
    #: the chain of unarmed attacks in the current combat timeline: summoner -> count (3.05.E)
    combo: dict[int, int] = field(default_factory=dict)
    #: the manoeuvre being carried out (team uids), for "team" effects and close checks
    maneuver_team: tuple[int, ...] = ()
    #: the obstructing team of that manoeuvre, and the tower level a siege is against
    maneuver_blockers: tuple[int, ...] = ()
    siege_target: int | None = None
    #: the sieging player, while a siege unwinds (for "while sieging" modifiers)
    sieging: str | None = None
    antiss_combat: bool = False
    #: the dice a scenario gave (``kocka 5, 3``) for the combat rounds' attack rolls, the next first
    dice: list[int] = field(default_factory=list)
    #: the leave-row manoeuvre under way, phase by phase (6.03), from its declaration until the teams return
    maneuver: ManeuverRun | None = None
    #: the cards with constant effects (6.00), in the order they came into the game
    constant_uids: list[int] = field(default_factory=list)
    #: the cards with timed effects (6.02), in the order they came into the game (a card's behaviour never changes)
    trigger_uids: list[int] = field(default_factory=list)
    #: changes that last until the end of the combat or the round
    timed: list[TimedModifier] = field(default_factory=list)
    #: what is suppressed for a while (``suppress kw:AKARATÁTVITEL target until round``): the card, what, until when
    suppressions: list[TimedModifier] = field(default_factory=list)
    #: activity -> the players (or card uids, for dp) it is forbidden to until the round ends
    forbidden: dict[str, set[Any]] = field(default_factory=dict)
    #: (round, phase) whose triggers have fired
    fired: set[tuple[int, str]] = field(default_factory=set)
    #: who has won by a card's text, and by which card
    winner: tuple[str, str] | None = None
    #: a played game's end: (verdict, winners or drawn players, rule, reason); None while it goes on
    result: tuple[str, tuple[str, ...], str, str] | None = None
    #: the seats of a variant of 12.00 (sides, alliance, challenges, knock-outs, Ómens)
    seats: Seats = field(default_factory=Seats)
    #: a tower level has stood in a tower in this game (set up there or in a Múlt or Mélység, fallen already, or come
    #: into play): without one, nobody can lose their last tower level (1.01.A.3); the victory check says so
    #: (``no_tower_levels``)
    towers_stood: bool = False
