"""The XIG game model: tiles, moves, and a push/pop :class:`Position`.

In the python-chess shape: :meth:`Position.legal_moves` lists what the player to
move may do, :meth:`Position.check` returns ``OK`` (an empty tuple) or the
violations a move commits, each with a stable code and the rule it breaks, and
:meth:`Position.push` / :meth:`Position.pop` play and take back moves.

A turn is a short sequence of moves (``docs/xig.md``, "Record notation"):

* :class:`Play` places a tile from hand (XIG 3.3), naming the tile a creature
  knocks out (XIG 3.5, 3.6);
* :class:`DrawXap` is the XAP card drawn for a corner (XIG 7.1);
* :class:`PlayXap` plays an XAP card (XIG 7.2, 7.4, 7.5);
* :class:`Pass` places no tile, when no tile can be placed;
* :class:`FlipXig` turns the XIG card face up (XIG 2.4);
* :class:`Give` passes an XAP card to the partner (XIG 8.1);
* :class:`EndTurn` draws back to five tiles (XIG 3.2, 6.2) and ends the turn.

Drawing is chance: ``legal_moves()`` lists one representative :class:`EndTurn`
(the lowest tiles) and one :class:`DrawXap` per card kind left in the deck;
``check()`` accepts every draw the rules allow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from typing import Any, NamedTuple

from ...base.errors import IllegalActionError
from ..boardgame import Verdict
from .cards import COUNTER, ON_DRAW, SECTION, TARGETS_OPPONENT, XapCard, XapCardSet
from .draw import show_text, svg_pathways
from .layout import (
    CORNER,
    CREATURE,
    IB,
    OB,
    POSITIONS,
    RING,
    RING_TILE,
    Layout,
    Section,
    Tile,
    pos_text,
)
from .messages import both, say
from .rules import section_key

HAND_SIZE = 5
PATHWAY_TILES = len(POSITIONS)  # 35

# --------------------------------------------------------------------------- options and variants

TEAM = "team"
ENTWINED = "entwined"
SHARED_MEMORY = "shared-memory"
QUICK = "quick"
MARATHON = "marathon"
VARIANTS = (TEAM, ENTWINED, SHARED_MEMORY, QUICK, MARATHON)


@dataclass(frozen=True)
class Options:
    """The rulebook's ambiguities, each a named option with a documented default (docs/xig.md)."""

    #: How long a face-up XIG card protects (XIG 2.4): ``opponents-turns`` (until its
    #: player's next turn starts), ``three-rounds`` or ``rest-of-game``.
    xig_duration: str = "opponents-turns"
    #: Whether a corner's XAP draw is compulsory (XIG 7.1, "draws") or optional
    #: (Play of the Game B, "may draw"): ``must`` or ``may``.
    corner_draw: str = "must"
    #: What happens when the XAP deck runs out (the rulebook is silent): ``none``
    #: (corners draw nothing more) or ``reshuffle`` (the played cards become the new deck).
    xap_exhausted: str = "none"
    #: Marathon (XIG 8.3): the winner completes ``any`` one of their Pathways, or ``all``.
    marathon_win: str = "any"

    CHOICES = {
        "xig-duration": ("xig_duration", ("opponents-turns", "three-rounds", "rest-of-game")),
        "corner-draw": ("corner_draw", ("must", "may")),
        "xap-exhausted": ("xap_exhausted", ("none", "reshuffle")),
        "marathon-win": ("marathon_win", ("any", "all")),
    }

    @classmethod
    def from_mapping(cls, raw: Mapping[str, str]) -> Options:
        """Options from ``{"xig-duration": "three-rounds", ...}``; raises ``KeyError``/``ValueError``."""
        kwargs: dict[str, str] = {}
        for key, value in raw.items():
            if key not in cls.CHOICES:
                raise KeyError(key)
            attr, choices = cls.CHOICES[key]
            if value not in choices:
                raise ValueError(say("XIG.option.choice", "en", key=key, choices=", ".join(choices), value=value))
            kwargs[attr] = value
        return cls(**kwargs)

    def as_dict(self) -> dict[str, str]:
        return {key: getattr(self, attr) for key, (attr, _) in self.CHOICES.items()}

    def defaults_differ(self) -> dict[str, str]:
        """The options set away from their defaults."""
        base = Options().as_dict()
        return {k: v for k, v in self.as_dict().items() if base[k] != v}


# --------------------------------------------------------------------------- tiles and moves


def _tiles(tiles: Iterable[Tile]) -> str:
    return " ".join(str(t) for t in tiles)


def _card(card: XapCard) -> dict[str, Any]:
    """An XAP card's name as a template argument: ``Black Magic`` / ``Feketemágia``."""
    return {"card": card.name, "card_hu": card.name_hu or card.name}


@dataclass(frozen=True)
class Play:
    """Place *tile* from hand; *knock* is the opponent's tile a creature knocks out."""

    tile: Tile
    knock: Tile | None = None

    def __str__(self) -> str:
        return f"{self.tile} x {self.knock}" if self.knock else str(self.tile)


@dataclass(frozen=True)
class DrawXap:
    """The XAP card drawn for a corner (``None``: declined, under ``corner-draw: may``)."""

    card: str | None

    def __str__(self) -> str:
        return f"+{self.card}" if self.card else "+none"


@dataclass(frozen=True)
class PlayXap:
    """Play XAP card *card*: its target tile, target player or recalled tiles, and
    whether the target answered with a Counter-curse."""

    card: str
    target: Tile | None = None
    player: str | None = None
    tiles: tuple[Tile, ...] = ()
    countered: bool = False

    def __str__(self) -> str:
        out = f"xap {self.card}"
        if self.target:
            out += f" x {self.target}"
        if self.player:
            out += f" @{self.player}"
        if self.tiles:
            out += " " + _tiles(self.tiles)
        if self.countered:
            out += " countered"
        return out


@dataclass(frozen=True)
class Pass:
    """Place no tile this turn (only when no tile can be placed, XIG 3.3)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class FlipXig:
    """Turn the XIG card face up (XIG 2.4)."""

    def __str__(self) -> str:
        return "xig"


@dataclass(frozen=True)
class Give:
    """Pass one XAP card to the partner (XIG 8.1)."""

    card: str

    def __str__(self) -> str:
        return f"give {self.card}"


@dataclass(frozen=True)
class EndTurn:
    """Draw *draws* (XIG 3.2, 6.2) and end the turn."""

    draws: tuple[Tile, ...] = ()

    def __str__(self) -> str:
        return f"draw {_tiles(self.draws)}" if self.draws else "end"


Move = Play | DrawXap | PlayXap | Pass | FlipXig | Give | EndTurn


#: a broken rule of XIG (code, rule id, message; ``fatal`` when the move cannot have happened).
Violation = Verdict


def violation(code: str, rule: str, case: str, /, *, fatal: bool = False, **args: Any) -> Violation:
    """The violation *code* of *rule*, its message the template ``code.case`` with *args*."""
    key = f"{code}.{case}"
    return Violation(code, rule, say(key, "en", **args), key=key, args=args, fatal=fatal, section=section_key(rule))


OK: tuple[Violation, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """A finished game: the side that first completed its Pathway wins (XIG 1.1)."""

    winner: str
    rule: str = "XIG 1.1"


def game_over(winner: str) -> Violation:
    """``XIG-GAME-OVER``: *winner* has completed their Pathway (XIG 1.1)."""
    return violation("XIG-GAME-OVER", "XIG 1.1", "won", fatal=True, winner=winner)


# --------------------------------------------------------------------------- configuration


@dataclass(frozen=True)
class Side:
    """Who owns Pathways together: one player, or a team of two (XIG 8.1)."""

    name: str
    players: tuple[str, ...]
    pathways: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class GameConfig:
    """Everything fixed for a whole game: seating, Pathways, variants, options, cards."""

    players: tuple[str, ...]
    sides: tuple[Side, ...]
    layouts: Mapping[str, Layout]
    cards: XapCardSet
    variants: frozenset[str] = frozenset()
    options: Options = Options()
    #: entwined Pathways (XIG 8.2): the tile on the table and the one set aside
    entwined: tuple[Tile, Tile] | None = None
    side_of_player: dict[str, Side] = field(init=False)
    side_of_pathway: dict[str, Side] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "side_of_player", {p: s for s in self.sides for p in s.players})
        object.__setattr__(self, "side_of_pathway", {pid: s for s in self.sides for pid in s.pathways})

    def all_tiles(self, pathway: str) -> list[Tile]:
        return [Tile(pathway, p) for p in POSITIONS]

    def partner(self, player: str) -> str | None:
        mates = [p for p in self.side_of_player[player].players if p != player]
        return mates[0] if mates else None


class Phase(StrEnum):
    """Where in a turn the player to move is."""

    PLAY = "play"  #: start of turn: place one tile (XIG 3.3)
    DRAW_XAP = "draw-xap"  #: a corner was placed: draw an XAP card (XIG 7.1)
    ON_DRAW = "on-draw"  #: a Black Magic was drawn: play it at once (XIG 7.4)
    MAIN = "main"  #: after the play: XAP plays, XIG card, passing, drawing
    OVER = "over"  #: a Pathway is complete (XIG 1.1)


@dataclass
class _State:
    """The hidden and open state of a game: the table, the decks, memories, hands and the Xap cards."""

    table: dict[str, set[int]]
    decks: dict[str, set[Tile]]
    memory: dict[str, set[Tile]]
    aside: set[Tile]
    hands: dict[str, set[Tile]]
    xap_hands: dict[str, Counter[str]]
    xap_deck: Counter[str]
    xap_discard: Counter[str]
    xig: dict[str, str]  # player -> unused | active | spent
    xig_left: dict[str, int | None]  # turn starts left before an active XIG card expires
    skips: Counter[str]
    first_turn_done: set[str]
    turn: str
    ply: int = 1
    phase: Phase = Phase.PLAY
    plays_left: int = 1
    completed_at_start: frozenset[tuple[str, int]] = frozenset()
    credits_used: int = 0
    gave: bool = False
    pending: str | None = None
    placed: set[Tile] = field(default_factory=set)
    winner: str | None = None

    def copy(self) -> _State:
        return _State(
            table={k: set(v) for k, v in self.table.items()},
            decks={k: set(v) for k, v in self.decks.items()},
            memory={k: set(v) for k, v in self.memory.items()},
            aside=set(self.aside),
            hands={k: set(v) for k, v in self.hands.items()},
            xap_hands={k: Counter(v) for k, v in self.xap_hands.items()},
            xap_deck=Counter(self.xap_deck),
            xap_discard=Counter(self.xap_discard),
            xig=dict(self.xig),
            xig_left=dict(self.xig_left),
            skips=Counter(self.skips),
            first_turn_done=set(self.first_turn_done),
            turn=self.turn,
            ply=self.ply,
            phase=self.phase,
            plays_left=self.plays_left,
            completed_at_start=self.completed_at_start,
            credits_used=self.credits_used,
            gave=self.gave,
            pending=self.pending,
            placed=set(self.placed),
            winner=self.winner,
        )


class Protection(NamedTuple):
    """Whether a tile on the table is protected, and the rule that says so; ``reason`` is why (in
    English, :meth:`why` either language), from the template ``XIG.protection.<case>``."""

    protected: bool
    rule: str
    case: str
    label: str = ""
    missing: str = ""

    def why(self, lang: str = "en") -> str:
        return say(f"XIG.protection.{self.case}", lang, section=self.label, missing=self.missing)

    @property
    def reason(self) -> str:
        return self.why("en")

    def both(self, name: str) -> dict[str, Any]:
        """The reason as a template argument in both languages."""
        return {name: self.why("en"), f"{name}_hu": self.why("hu")}


# --------------------------------------------------------------------------- the position


class Position:
    """A game in progress, with push/pop.

    Build one with :func:`korbiro.rules.xig.setup.new_game` or load one with
    :func:`korbiro.rules.xig.record.load_position`.
    """

    def __init__(self, config: GameConfig, state: _State) -> None:
        self.config = config
        self._s = state
        self._stack: list[tuple[Move, _State]] = []
        self._virtual: dict[str, set[int]] = {pid: set() for pid in config.layouts}
        self._fixed: frozenset[Tile] = frozenset()
        if config.entwined:
            placed, aside = config.entwined
            self._virtual[aside.pathway].add(aside.pos)
            self._fixed = frozenset({placed, aside})

    # ---- plain queries

    @property
    def turn(self) -> str:
        """The player to move."""
        return self._s.turn

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def ply(self) -> int:
        """The number of the current turn, from 1."""
        return self._s.ply

    @property
    def winner(self) -> str | None:
        """The winning side's name (a player, or a team), once the game is over (XIG 1.1)."""
        return self._s.winner

    @property
    def move_stack(self) -> list[Move]:
        return [m for m, _ in self._stack]

    def is_over(self) -> bool:
        return self._s.winner is not None

    def outcome(self) -> Outcome | None:
        """The end of the game (XIG 1.1), or ``None`` while it goes on."""
        return Outcome(self._s.winner) if self._s.winner is not None else None

    def copy(self) -> Position:
        """An independent copy, its history included (``pop`` works on it)."""
        other = Position(self.config, self._s.copy())
        other._stack = [(move, state.copy()) for move, state in self._stack]
        return other

    def __str__(self) -> str:
        """Every Pathway as text (:func:`~korbiro.rules.xig.draw.show_text`): ``print(pos)``."""
        return show_text(self)

    def _repr_svg_(self) -> str:
        """The SVG picture, for notebooks (:func:`~korbiro.rules.xig.draw.svg_pathways`)."""
        return svg_pathways(self)

    def side(self, player: str) -> Side:
        return self.config.side_of_player[player]

    def owner(self, tile: Tile) -> Side:
        return self.config.side_of_pathway[tile.pathway]

    def layout(self, pathway: str) -> Layout:
        return self.config.layouts[pathway]

    def hand(self, player: str) -> list[Tile]:
        return sorted(self._s.hands[player])

    def xap_hand(self, player: str) -> Counter[str]:
        return Counter(self._s.xap_hands[player])

    def xap_deck(self) -> Counter[str]:
        return Counter(self._s.xap_deck)

    def xig_status(self, player: str) -> str:
        return self._s.xig[player]

    def skips(self, player: str) -> int:
        return self._s.skips[player]

    def first_turn(self, player: str) -> bool:
        """Whether *player*'s current (or next) turn is their very first (XIG 3.4)."""
        return player not in self._s.first_turn_done

    def table(self, pathway: str) -> set[int]:
        """Positions of *pathway* on the table (the shared Kojjit counts for both Pathways)."""
        return set(self._s.table[pathway])

    def on_table(self, tile: Tile) -> bool:
        return tile.pos in self._s.table.get(tile.pathway, ())

    def physical_table(self, pathway: str) -> list[Tile]:
        """The tiles on the table that belong to *pathway* (without a shared twin)."""
        virtual = self._virtual[pathway]
        return [Tile(pathway, p) for p in sorted(self._s.table[pathway]) if p not in virtual]

    def deck(self, side: str) -> set[Tile]:
        return set(self._s.decks[side])

    def memory_key(self, pathway: str) -> str:
        """Which memory deck a tile of *pathway* goes to: its side's, or ``*`` (XIG 8.4)."""
        if SHARED_MEMORY in self.config.variants:
            return "*"
        return self.config.side_of_pathway[pathway].name

    def memory(self, key: str) -> set[Tile]:
        return set(self._s.memory.get(key, ()))

    def aside(self) -> set[Tile]:
        return set(self._s.aside)

    def where(self, tile: Tile) -> str:
        """Where a tile is: ``table``, ``hand:NAME``, ``deck``, ``memory``, ``aside`` or ``unknown``."""
        if tile.pathway not in self.config.layouts or tile.pos not in POSITIONS:
            return "unknown"
        if tile.pos in self._s.table[tile.pathway] and tile.pos not in self._virtual[tile.pathway]:
            return "table"
        for player, hand in self._s.hands.items():
            if tile in hand:
                return f"hand:{player}"
        if tile in self._s.aside:
            return "aside"
        for deck in self._s.decks.values():
            if tile in deck:
                return "deck"
        for mem in self._s.memory.values():
            if tile in mem:
                return "memory"
        return "unknown"

    def _where_text(self, tile: Tile, name: str = "where") -> dict[str, Any]:
        """Where *tile* is (``in Bela's hand``, ``on the table``, …) as a template argument in both languages."""
        w = self.where(tile)
        if w.startswith("hand:"):
            return both(name, "XIG.where.hand", player=w[5:])
        return both(name, f"XIG.where.{w}")

    def describe(self, tile: Tile, lang: str = "en") -> str:
        """``W22 (Gnasher, tribe XALVO)``; in Hungarian ``W22 (Csikorgató, XALVO törzs)``."""
        layout = self.config.layouts.get(tile.pathway)
        if layout is None or tile.pos not in POSITIONS:
            return str(tile)
        return f"{tile} ({layout.describe(tile.pos, lang)})"

    def _described(self, name: str, tile: Tile) -> dict[str, Any]:
        """:meth:`describe` as a template argument in both languages."""
        return {name: self.describe(tile), f"{name}_hu": self.describe(tile, "hu")}

    # ---- sections and protection

    def section_finished(self, pathway: str, section: Section) -> bool:
        table = self._s.table[pathway]
        return all(p in table for p in section.members)

    def finished_sections(self, pathways: Iterable[str] | None = None) -> frozenset[tuple[str, int]]:
        """``(pathway, section index)`` of every finished section."""
        pids = self.config.layouts if pathways is None else pathways
        return frozenset(
            (pid, s.index) for pid in pids for s in self.config.layouts[pid].sections if self.section_finished(pid, s)
        )

    def unfinished_sections(self, pathway: str) -> list[Section]:
        return [s for s in self.config.layouts[pathway].sections if not self.section_finished(pathway, s)]

    def xig_active(self, side: Side) -> bool:
        """Whether a face-up XIG card protects *side*'s Pathways now (XIG 2.4)."""
        return any(self._s.xig[p] == "active" for p in side.players)

    def protection(self, tile: Tile) -> Protection:
        """Is a tile on the table protected, and by which rule (XIG 4.1, 5.1-5.3, 2.4, 8.2)?"""
        layout = self.config.layouts[tile.pathway]
        kind = layout.kind(tile.pos)
        if tile in self._fixed:
            return Protection(True, "XIG 8.2", "kojjit")
        if kind == CORNER:
            return Protection(True, "XIG 5.1", "corner")
        if kind == RING_TILE:
            return Protection(True, "XIG 5.1", "ring")
        if kind != CREATURE:
            return Protection(True, "XIG 5.1", "burrow")
        section = layout.section_of(tile.pos)
        if self.section_finished(tile.pathway, section):
            return Protection(True, "XIG 5.2", "finished", section.label())
        unfinished = self.unfinished_sections(tile.pathway)
        if len(unfinished) == 1:
            return Protection(True, "XIG 5.3", "last", section.label())
        if self.xig_active(self.owner(tile)):
            return Protection(True, "XIG 2.4", "xig")
        missing = [pos_text(p) for p in section.members if p not in self._s.table[tile.pathway]]
        return Protection(False, "XIG 4.1", "unfinished", section.label(), ", ".join(missing))

    def protected_tiles(self, pathway: str) -> list[Tile]:
        return [t for t in self.physical_table(pathway) if self.protection(t).protected]

    def unprotected_tiles(self, pathway: str) -> list[Tile]:
        return [t for t in self.physical_table(pathway) if not self.protection(t).protected]

    # ---- pairs and knock-outs

    def opponents(self, player: str) -> list[str]:
        mine = self.side(player).name
        return [p for p in self.config.players if self.side(p).name != mine]

    def _opponent_pathways(self, player: str) -> list[str]:
        mine = self.side(player).name
        return [pid for pid in self.config.layouts if self.config.side_of_pathway[pid].name != mine]

    def pairs(self, player: str, tile: Tile) -> list[Tile]:
        """Creatures of *tile*'s tribe in front of *player*'s opponents (XIG 3.5)."""
        tribe = self.config.layouts[tile.pathway].tribe(tile.pos)
        if tribe is None:
            return []
        out = []
        for pid in self._opponent_pathways(player):
            layout = self.config.layouts[pid]
            for t in self.physical_table(pid):
                if layout.tribe(t.pos) == tribe:
                    out.append(t)
        return out

    def knockable(self, player: str, tile: Tile) -> list[Tile]:
        """The unprotected pairs a creature would knock out; the player picks one (XIG 3.5, 3.6)."""
        return [t for t in self.pairs(player, tile) if not self.protection(t).protected]

    def _unprotected_creatures(self, pathways: Iterable[str]) -> list[Tile]:
        out = []
        for pid in pathways:
            layout = self.config.layouts[pid]
            out += [
                t
                for t in self.physical_table(pid)
                if layout.kind(t.pos) == CREATURE and not self.protection(t).protected
            ]
        return out

    # ---- turn bookkeeping

    def completed_this_turn(self) -> list[tuple[str, int]]:
        """Sections of the mover's Pathways finished during this turn (XIG 7.2)."""
        now = self.finished_sections(self.side(self.turn).pathways)
        return sorted(now - self._s.completed_at_start)

    def xap_credits(self) -> int:
        """XAP cards the mover may still play for completed sections this turn (XIG 7.2)."""
        return len(self.completed_this_turn()) - self._s.credits_used

    def _adjacent_corners_this_turn(self) -> bool:
        for t in self._s.placed:
            layout = self.config.layouts[t.pathway]
            if not layout.is_boundary(t.pos):
                continue
            table = self._s.table[t.pathway]
            for n in (t.pos - 1, t.pos + 1):
                if OB <= n <= RING and layout.is_boundary(n) and n in table:
                    return True
        return False

    def _xap_available(self) -> bool:
        s = self._s
        return bool(+s.xap_deck) or (self.config.options.xap_exhausted == "reshuffle" and bool(+s.xap_discard))

    def pathway_complete(self, pathway: str) -> bool:
        return len(self._s.table[pathway]) == PATHWAY_TILES

    def score(self) -> dict[str, int]:
        """Tiles on the table per side (a complete Pathway counts 35; XIG 1.1)."""
        return {side.name: sum(len(self._s.table[pid]) for pid in side.pathways) for side in self.config.sides}

    def _plays_possible(self) -> list[Play]:
        s = self._s
        player = s.turn
        out: list[Play] = []
        for tile in sorted(s.hands[player]):
            if not self._placeable(player, tile):
                continue
            targets = self.knockable(player, tile) if self.layout(tile.pathway).kind(tile.pos) == CREATURE else []
            if targets:
                out += [Play(tile, t) for t in targets]
            else:
                out.append(Play(tile))
        return out

    def _placeable(self, player: str, tile: Tile) -> bool:
        kind = self.layout(tile.pathway).kind(tile.pos)
        if self.first_turn(player) and kind != CREATURE:
            return False
        if kind == RING_TILE and not self._burrows_down(tile.pathway):
            return False
        return True

    def _burrows_down(self, pathway: str) -> bool:
        table = self._s.table[pathway]
        return IB in table and OB in table

    # ---- draw options

    def draw_needed(self, player: str | None = None) -> int:
        """How many tiles *player* draws at the end of the turn (XIG 3.2)."""
        player = player or self._s.turn
        return max(0, HAND_SIZE - len(self._s.hands[player]))

    def drawable_memory(self, player: str) -> list[Tile]:
        """Tiles *player* may take from a memory deck once their deck is empty (XIG 6.2, 8.4)."""
        side = self.side(player)
        key = "*" if SHARED_MEMORY in self.config.variants else side.name
        return sorted(self._s.memory.get(key, ()))

    def canonical_draws(self, player: str | None = None) -> tuple[Tile, ...]:
        """One allowed draw: the lowest deck tiles, then own memory tiles (XIG 3.2, 6.2)."""
        player = player or self._s.turn
        side = self.side(player)
        n = self.draw_needed(player)
        deck = sorted(self._s.decks[side.name])
        out = deck[:n]
        if len(out) < n:
            mem = self.drawable_memory(player)
            own = [t for t in mem if t.pathway in side.pathways]
            out += own[: n - len(out)]
            if len(out) < n:
                foreign = [t for t in mem if t.pathway not in side.pathways]
                out += foreign[:1]
        return tuple(out)

    # ---- legal moves

    def legal_moves(self) -> list[Move]:
        """Every move the player to move may make now (draws: one representative each)."""
        s = self._s
        if s.winner is not None:
            return []
        if s.phase == Phase.DRAW_XAP:
            pool = s.xap_deck if +s.xap_deck else s.xap_discard
            out: list[Move] = [DrawXap(c) for c in sorted(+pool)]
            if self.config.options.corner_draw == "may":
                out.append(DrawXap(None))
            return out
        if s.phase == Phase.ON_DRAW:
            assert s.pending is not None
            return list(self._xap_plays(s.pending))
        if s.phase == Phase.PLAY:
            plays: list[Move] = list(self._plays_possible())
            return plays or [Pass()]
        moves: list[Move] = []
        if s.plays_left > 0:
            moves += self._plays_possible()
        if self.xap_credits() > 0:
            for card_id in sorted(+s.xap_hands[s.turn]):
                if self.config.cards[card_id].play == SECTION:
                    moves += self._xap_plays(card_id)
        if s.xig[s.turn] == "unused":
            moves.append(FlipXig())
        if TEAM in self.config.variants and not s.gave and self.config.partner(s.turn):
            moves += [Give(c) for c in sorted(+s.xap_hands[s.turn])]
        moves.append(EndTurn(self.canonical_draws()))
        return moves

    def _counter_holders(self, side: Side) -> list[str]:
        return [
            p
            for p in self._turn_order_from(self._s.turn)
            if p in side.players and any(self.config.cards[c].effect == "counter" for c in +self._s.xap_hands[p])
        ]

    def _xap_plays(self, card_id: str) -> Iterator[PlayXap]:
        card = self.config.cards[card_id]
        player = self._s.turn
        side = self.side(player)
        effect = card.effect
        if effect == "knock-out":
            targets = self._unprotected_creatures(self._opponent_pathways(player))
            if not targets:
                yield PlayXap(card_id)
            for t in targets:
                yield PlayXap(card_id, target=t)
                if self._counter_holders(self.owner(t)):
                    yield PlayXap(card_id, target=t, countered=True)
        elif effect == "lose-creature":
            own = self._unprotected_creatures(side.pathways)
            if not own:
                yield PlayXap(card_id)
            for t in own:
                yield PlayXap(card_id, target=t)
        elif effect == "skip-turn":
            for q in self.opponents(player):
                yield PlayXap(card_id, player=q)
                if self._counter_holders(self.side(q)):
                    yield PlayXap(card_id, player=q, countered=True)
        elif effect == "recall":
            mem = [t for t in self.drawable_memory(player) if t.pathway in side.pathways]
            k = min(card.amount, len(mem))
            if k == 0:
                yield PlayXap(card_id)
            for combo in combinations(mem, k):
                yield PlayXap(card_id, tiles=combo)
        else:
            yield PlayXap(card_id)

    def is_legal(self, move: Move) -> bool:
        return not self.check(move)

    # ---- checking

    def check(self, move: Move) -> tuple[Violation, ...]:
        """``OK`` (empty) if *move* is legal now, else every rule it breaks."""
        s = self._s
        if s.winner is not None:
            return (game_over(s.winner),)
        out: list[Violation] = []
        out += self._phase_violations(move)
        if isinstance(move, Play):
            out += self._check_play(move)
        elif isinstance(move, DrawXap):
            out += self._check_draw_xap(move)
        elif isinstance(move, PlayXap):
            out += self._check_play_xap(move)
        elif isinstance(move, Pass):
            out += self._check_pass()
        elif isinstance(move, FlipXig):
            out += self._check_flip()
        elif isinstance(move, Give):
            out += self._check_give(move)
        elif isinstance(move, EndTurn):
            out += self._check_end(move)
        else:  # pragma: no cover - the Move union is closed
            raise TypeError(f"not a move: {move!r}")
        return tuple(out)

    def _phase_violations(self, move: Move) -> list[Violation]:
        s = self._s
        if s.phase == Phase.DRAW_XAP and not isinstance(move, DrawXap):
            if self.config.options.corner_draw == "must":
                return [violation("XIG-XAP-DRAW-MISSING", "XIG 7.1", "none")]
        if s.phase == Phase.ON_DRAW and not (isinstance(move, PlayXap) and move.card == s.pending):
            card = _card(self.config.cards[s.pending]) if s.pending else {"card": "?", "card_hu": "?"}
            return [violation("XIG-XAP-AT-ONCE", "XIG 7.4", "first", **card)]
        return []

    def _check_play(self, move: Play) -> list[Violation]:
        s = self._s
        player = s.turn
        tile = move.tile
        if tile not in s.hands[player]:
            return [violation("XIG-NOT-IN-HAND", "XIG 3.3", "where", fatal=True, tile=str(tile), player=player,
                              **self._where_text(tile))]
        out: list[Violation] = []
        layout = self.layout(tile.pathway)
        kind = layout.kind(tile.pos)
        if s.phase in (Phase.MAIN, Phase.ON_DRAW) and s.plays_left <= 0:
            out.append(violation("XIG-ONE-TILE", "XIG 3.3", "again", player=player, tile=str(tile)))
        if self.first_turn(player) and kind != CREATURE:
            out.append(violation("XIG-FIRST-TURN", "XIG 3.4", "creature", **self._described("tile", tile)))
        if kind == RING_TILE and not self._burrows_down(tile.pathway):
            missing = [f"{tile.pathway}{pos_text(p)}" for p in (IB, OB) if p not in s.table[tile.pathway]]
            out.append(violation("XIG-RING-EARLY", "XIG 3.9", "burrows", tile=str(tile), missing=", ".join(missing)))
        if kind != CREATURE:
            if move.knock is not None:
                out.append(violation("XIG-KNOCKOUT-NOT-PAIR", "XIG 3.5", "creature", **self._described("tile", tile)))
            return out
        candidates = self.knockable(player, tile)
        if move.knock is None:
            if candidates:
                names = ", ".join(str(t) for t in candidates)
                rule = "XIG 3.6" if len(candidates) > 1 else "XIG 3.5"
                out.append(violation("XIG-KNOCKOUT-MISSING", rule, "which", **self._described("tile", tile),
                                     names=names))
            return out
        out += self._check_knock_target(player, tile, move.knock)
        return out

    def _check_knock_target(self, player: str, tile: Tile, target: Tile) -> list[Violation]:
        if not self.on_table(target) or target.pos in self._virtual.get(target.pathway, ()):
            if target in self._fixed:
                return [violation("XIG-KNOCKOUT-PROTECTED", "XIG 8.2", "kojjit", tile=str(target))]
            return [violation("XIG-KNOCKOUT-NO-TILE", "XIG 3.5", "where", tile=str(target), **self._where_text(target))]
        out: list[Violation] = []
        if self.owner(target).name == self.side(player).name:
            out.append(violation("XIG-KNOCKOUT-OWN", "XIG 3.5", "own", tile=str(target), player=player))
        my_tribe = self.layout(tile.pathway).tribe(tile.pos)
        their = self.layout(target.pathway)
        if their.kind(target.pos) != CREATURE or their.tribe(target.pos) != my_tribe:
            out.append(violation("XIG-KNOCKOUT-NOT-PAIR", "XIG 3.5", "tribe", **self._described("target", target),
                                 **self._described("tile", tile)))
        prot = self.protection(target)
        if prot.protected:
            out.append(violation("XIG-KNOCKOUT-PROTECTED", prot.rule, "reason", **self._described("tile", target),
                                 **prot.both("reason")))
        return out

    def _check_draw_xap(self, move: DrawXap) -> list[Violation]:
        s = self._s
        if s.phase != Phase.DRAW_XAP:
            if move.card is None:
                return [violation("XIG-XAP-DRAW-NO-CORNER", "XIG 7.1", "decline", fatal=True)]
            out = [violation("XIG-XAP-DRAW-NO-CORNER", "XIG 7.1", "drawn", card=move.card)]
        else:
            out = []
        if move.card is None:
            if self.config.options.corner_draw == "must":
                out.append(violation("XIG-XAP-DRAW-MISSING", "XIG 7.1", "declined"))
            return out
        pool = s.xap_deck if +s.xap_deck else (s.xap_discard if self.config.options.xap_exhausted == "reshuffle" else Counter())
        if pool[move.card] <= 0:
            out.append(violation("XIG-XAP-NOT-IN-DECK", "XIG 7.1", "left", fatal=True, card=move.card))
        return out

    def _check_play_xap(self, move: PlayXap) -> list[Violation]:
        s = self._s
        player = s.turn
        card = self.config.cards.cards.get(move.card)
        if card is None:
            return [violation("XIG-XAP-NOT-IN-HAND", "XIG 7.2", "unknown", fatal=True, card=move.card)]
        if s.xap_hands[player][move.card] <= 0:
            return [violation("XIG-XAP-NOT-IN-HAND", "XIG 7.2", "none", fatal=True, player=player, **_card(card))]
        out: list[Violation] = []
        if card.play == ON_DRAW:
            if not (s.phase == Phase.ON_DRAW and s.pending == move.card):
                out.append(violation("XIG-XAP-AT-ONCE", "XIG 7.4", "later", **_card(card)))
        elif card.play == COUNTER:
            out.append(violation("XIG-COUNTER-ONLY", "XIG 7.5", "answer", **_card(card)))
        elif s.phase != Phase.ON_DRAW and self.xap_credits() <= 0:
            if self._adjacent_corners_this_turn() and not self.completed_this_turn():
                out.append(violation("XIG-XAP-ADJACENT-CORNERS", "XIG 7.3", "corners", **_card(card)))
            else:
                done = len(self.completed_this_turn())
                out.append(violation("XIG-XAP-NO-SECTION", "XIG 7.2", "credits", **_card(card), player=player,
                                     done=done, used=s.credits_used))
        out += self._check_xap_targets(card, move)
        return out

    def _check_xap_targets(self, card: XapCard, move: PlayXap) -> list[Violation]:
        player = self._s.turn
        side = self.side(player)
        effect = card.effect
        out: list[Violation] = []

        def bad(case: str, rule: str = "XIG 7.2", **args: Any) -> None:
            out.append(violation("XIG-XAP-TARGET", rule, case, **_card(card), **args))

        if effect in ("knock-out", "lose-creature"):
            own = effect == "lose-creature"
            pool = self._unprotected_creatures(side.pathways if own else self._opponent_pathways(player))
            whose = "own" if own else "opponent"
            if move.target is None:
                if pool:
                    bad(f"no-target.{whose}", tiles=", ".join(map(str, pool)))
            elif not self.on_table(move.target) or move.target.pos in self._virtual.get(move.target.pathway, ()):
                if move.target in self._fixed:
                    out.append(violation("XIG-KNOCKOUT-PROTECTED", "XIG 8.2", "kojjit", tile=str(move.target)))
                else:
                    bad("not-on-table", tile=str(move.target), **self._where_text(move.target))
            else:
                t = move.target
                mine = self.owner(t).name == side.name
                if mine != own:
                    bad(f"whose.{whose}", tile=str(t))
                if self.layout(t.pathway).kind(t.pos) != CREATURE:
                    bad("creature", **self._described("tile", t))
                prot = self.protection(t)
                if prot.protected:
                    out.append(violation("XIG-KNOCKOUT-PROTECTED", prot.rule, "xap", **self._described("tile", t),
                                         **prot.both("reason")))
        elif move.target is not None:
            bad("no-target-tile", tile=str(move.target))
        if effect == "skip-turn":
            if move.player is None:
                bad("no-opponent")
            elif move.player not in self.config.players:
                bad("not-a-player", player=move.player)
            elif move.player not in self.opponents(player):
                bad("not-an-opponent", target=move.player, player=player)
        elif move.player is not None:
            bad("no-player", player=move.player)
        if effect == "recall":
            mem = [t for t in self.drawable_memory(player) if t.pathway in side.pathways]
            for t in move.tiles:
                if t not in mem:
                    bad("not-in-memory", "XIG 6.2", tile=str(t), player=player, **self._where_text(t))
            if len(move.tiles) > card.amount:
                bad("too-many", "XIG 6.2", n=card.amount, got=len(move.tiles))
            if not move.tiles and mem:
                bad("no-recall", "XIG 6.2", tiles=", ".join(map(str, mem)))
        elif move.tiles:
            bad("no-tiles", tiles=_tiles(move.tiles))
        if move.countered:
            target_side = self._xap_target_side(card, move)
            if target_side is None or target_side.name == side.name:
                out.append(violation("XIG-COUNTER-NO-TARGET", "XIG 7.5", "opponent", **_card(card)))
            elif not self._counter_holders(target_side):
                out.append(violation("XIG-COUNTER-NOT-IN-HAND", "XIG 7.5", "holder", side=target_side.name,
                                     **_card(card)))
        return out

    def _xap_target_side(self, card: XapCard, move: PlayXap) -> Side | None:
        if card.effect not in TARGETS_OPPONENT:
            return None
        if card.effect == "knock-out" and move.target is not None and move.target.pathway in self.config.layouts:
            return self.owner(move.target)
        if card.effect == "skip-turn" and move.player in self.config.side_of_player:
            return self.side(move.player)
        return None

    def _check_pass(self) -> list[Violation]:
        s = self._s
        if s.phase != Phase.PLAY:
            return [violation("XIG-PASS", "XIG 3.3", "first", fatal=True)]
        plays = self._plays_possible()
        if plays:
            return [violation("XIG-PLAY-MISSING", "XIG 3.3", "pass", player=s.turn,
                              tiles=", ".join(sorted({str(p.tile) for p in plays})))]
        return []

    def _check_flip(self) -> list[Violation]:
        s = self._s
        if s.xig[s.turn] != "unused":
            return [violation("XIG-XIG-ONCE", "XIG 2.4", "again", fatal=True, player=s.turn)]
        if s.phase == Phase.PLAY:
            return [violation("XIG-XIG-END-OF-TURN", "XIG 2.4", "tile")]
        return []

    def _check_give(self, move: Give) -> list[Violation]:
        s = self._s
        partner = self.config.partner(s.turn) if TEAM in self.config.variants else None
        if partner is None:
            return [violation("XIG-GIVE-NO-TEAM", "XIG 8.1", "team", fatal=True)]
        if s.xap_hands[s.turn][move.card] <= 0:
            return [violation("XIG-XAP-NOT-IN-HAND", "XIG 8.1", "give", fatal=True, player=s.turn, card=move.card)]
        out = []
        if s.gave:
            out.append(violation("XIG-GIVE-ONCE", "XIG 8.1", "once"))
        if s.phase == Phase.PLAY:
            out.append(violation("XIG-GIVE-END-OF-TURN", "XIG 8.1", "end"))
        return out

    def _check_end(self, move: EndTurn) -> list[Violation]:
        s = self._s
        out: list[Violation] = []
        if s.phase == Phase.PLAY:
            plays = self._plays_possible()
            if plays:
                out.append(violation("XIG-PLAY-MISSING", "XIG 3.3", "end", player=s.turn,
                                     tiles=", ".join(sorted({str(p.tile) for p in plays}))))
            else:  # the turn's place for a tile is taken by a pass, said first (XIG 3.3)
                out.append(violation("XIG-PASS-MISSING", "XIG 3.3", "end", player=s.turn))
        out += [v for v, _ in self._plan_draws(move.draws)[0]]
        return out

    def _plan_draws(
        self, draws: Sequence[Tile]
    ) -> tuple[list[tuple[Violation, None]], list[tuple[Tile, str, str | None]]]:
        """Violations of an end-of-turn draw, and the draws that can be carried out.

        Each plan entry is ``(tile, source, recipient)``: source ``deck`` or
        ``memory``; recipient is the player who receives a foreign tile (XIG 8.4).
        """
        s = self._s
        player = s.turn
        side = self.side(player)
        deck = set(s.decks[side.name])
        mem_key = "*" if SHARED_MEMORY in self.config.variants else side.name
        memory = set(s.memory.get(mem_key, ()))
        need = self.draw_needed(player)
        viol: list[tuple[Violation, None]] = []
        plan: list[tuple[Tile, str, str | None]] = []
        drawn = 0
        handed_over = False
        for t in draws:
            if handed_over:
                viol.append((violation("XIG-DRAW-AFTER-HANDOVER", "XIG 8.4", "after", tile=str(t)), None))
            if t in deck:
                source = "deck"
                deck.discard(t)
            elif t in memory:
                source = "memory"
                if deck:
                    viol.append((violation("XIG-DRAW-MEMORY-EARLY", "XIG 6.2", "deck", tile=str(t), player=player,
                                           n=len(deck)), None))
                memory.discard(t)
            else:
                viol.append((violation("XIG-DRAW-UNAVAILABLE", "XIG 3.2", "where", fatal=True, tile=str(t), player=player,
                                       **self._where_text(t)), None))
                continue
            if drawn >= need:
                viol.append((violation("XIG-DRAW-TOO-MANY", "XIG 3.2", "five", player=player, need=need, tile=str(t)),
                             None))
            drawn += 1
            recipient = None
            if t.pathway not in side.pathways:
                recipient = self._rightful_owner(t)
                handed_over = True
            plan.append((t, source, recipient))
        if drawn < need and not handed_over:
            own_mem = [m for m in memory if m.pathway in side.pathways or SHARED_MEMORY in self.config.variants]
            left = len(deck) + len(own_mem)
            if left:
                viol.append((violation("XIG-DRAW-TOO-FEW", "XIG 3.2" if deck else "XIG 6.2", "five", player=player,
                                       need=need, drawn=drawn), None))
        return viol, plan

    def _rightful_owner(self, tile: Tile) -> str:
        owners = self.owner(tile).players
        for p in self._turn_order_from(self._s.turn):
            if p in owners:
                return p
        return owners[0]

    def _turn_order_from(self, player: str) -> list[str]:
        players = list(self.config.players)
        i = players.index(player)
        return players[i + 1 :] + players[: i + 1]

    # ---- playing moves

    def push(self, move: Move, *, force: bool = False) -> tuple[Violation, ...]:
        """Play *move*.  Illegal moves raise :class:`IllegalActionError` unless *force*:
        then everything that can physically happen is carried out (a replay follows the
        record) and the violations are returned."""
        violations = self.check(move)
        if violations and not force:
            first = violations[0]
            raise IllegalActionError(first.code, f"{move}: {first.message}", rule=first.rule,
                                     hu=f"{move}: {first.text('hu')}")
        if any(v.fatal for v in violations):
            return violations
        self._stack.append((move, self._s.copy()))
        self._apply(move)
        return violations

    def pop(self) -> Move:
        """Take back the last move."""
        move, state = self._stack.pop()
        self._s = state
        return move

    def _apply(self, move: Move) -> None:
        s = self._s
        if s.phase == Phase.DRAW_XAP and not isinstance(move, DrawXap):
            s.phase = Phase.MAIN  # the record names no card: treated as not drawn
        if s.phase == Phase.ON_DRAW and not (isinstance(move, PlayXap) and move.card == s.pending):
            s.pending = None
            s.phase = Phase.MAIN
        if isinstance(move, Play):
            self._apply_play(move)
        elif isinstance(move, DrawXap):
            self._apply_draw_xap(move)
        elif isinstance(move, PlayXap):
            self._apply_play_xap(move)
        elif isinstance(move, Pass):
            s.phase = Phase.MAIN
            s.plays_left = 0
        elif isinstance(move, FlipXig):
            s.xig[s.turn] = "active"
            s.xig_left[s.turn] = {"opponents-turns": 1, "three-rounds": 3, "rest-of-game": None}[
                self.config.options.xig_duration
            ]
        elif isinstance(move, Give):
            partner = self.config.partner(s.turn)
            assert partner is not None
            s.xap_hands[s.turn][move.card] -= 1
            s.xap_hands[partner][move.card] += 1
            s.gave = True
        elif isinstance(move, EndTurn):
            self._apply_end(move)

    def _knock_out(self, tile: Tile) -> None:
        s = self._s
        if tile in self._fixed or tile.pos not in s.table[tile.pathway]:
            return
        s.table[tile.pathway].discard(tile.pos)
        s.memory.setdefault(self.memory_key(tile.pathway), set()).add(tile)

    def _apply_play(self, move: Play) -> None:
        s = self._s
        player = s.turn
        tile = move.tile
        s.hands[player].discard(tile)
        s.table[tile.pathway].add(tile.pos)
        s.placed.add(tile)
        s.plays_left = max(0, s.plays_left - 1)
        if s.phase == Phase.PLAY:
            s.phase = Phase.MAIN
        if move.knock is not None and self.layout(tile.pathway).kind(tile.pos) == CREATURE:
            if self.on_table(move.knock) and self.owner(move.knock).name != self.side(player).name:
                self._knock_out(move.knock)
        self._check_winner()
        if s.winner is None and self.layout(tile.pathway).kind(tile.pos) == CORNER and self._xap_available():
            s.phase = Phase.DRAW_XAP

    def _has_won(self, side: Side) -> bool:
        done = [self.pathway_complete(pid) for pid in side.pathways]
        need_all = MARATHON in self.config.variants and self.config.options.marathon_win == "all"
        return all(done) if need_all else any(done)

    def _check_winner(self) -> None:
        s = self._s
        side = self.side(s.turn)
        if self._has_won(side):
            s.winner = side.name
            s.phase = Phase.OVER

    def _settle_winner(self) -> None:
        """A loaded position whose Pathway is already complete is over (XIG 1.1)."""
        for side in self.config.sides:
            if self._has_won(side):
                self._s.winner = side.name
                self._s.phase = Phase.OVER
                return

    def _apply_draw_xap(self, move: DrawXap) -> None:
        s = self._s
        s.phase = Phase.MAIN
        if move.card is None:
            return
        if not +s.xap_deck and self.config.options.xap_exhausted == "reshuffle":
            s.xap_deck, s.xap_discard = s.xap_discard, Counter()
        s.xap_deck[move.card] -= 1
        s.xap_hands[s.turn][move.card] += 1
        if self.config.cards[move.card].play == ON_DRAW:
            s.pending = move.card
            s.phase = Phase.ON_DRAW

    def _apply_play_xap(self, move: PlayXap) -> None:
        s = self._s
        player = s.turn
        card = self.config.cards[move.card]
        s.xap_hands[player][move.card] -= 1
        s.xap_discard[move.card] += 1
        if s.phase == Phase.ON_DRAW and s.pending == move.card:
            s.pending = None
            s.phase = Phase.MAIN
        elif card.play == SECTION:
            s.credits_used += 1
        if move.countered:
            target_side = self._xap_target_side(card, move)
            holders = self._counter_holders(target_side) if target_side else []
            if holders:
                holder = holders[0]
                counter = sorted(c for c in +s.xap_hands[holder] if self.config.cards[c].effect == "counter")[0]
                s.xap_hands[holder][counter] -= 1
                s.xap_discard[counter] += 1
                return
        effect = card.effect
        if effect in ("knock-out", "lose-creature") and move.target is not None:
            if self.on_table(move.target):
                self._knock_out(move.target)
        elif effect == "skip-turn" and move.player in self.config.side_of_player:
            s.skips[move.player] += 1
        elif effect == "extra-plays":
            s.plays_left += card.amount
        elif effect == "recall":
            mem_key = "*" if SHARED_MEMORY in self.config.variants else self.side(player).name
            for t in move.tiles:
                if t in s.memory.get(mem_key, ()):
                    s.memory[mem_key].discard(t)
                    s.hands[player].add(t)

    def _apply_end(self, move: EndTurn) -> None:
        s = self._s
        player = s.turn
        side = self.side(player)
        _, plan = self._plan_draws(move.draws)
        mem_key = "*" if SHARED_MEMORY in self.config.variants else side.name
        for tile, source, recipient in plan:
            if source == "deck":
                s.decks[side.name].discard(tile)
            else:
                s.memory[mem_key].discard(tile)
            s.hands[recipient or player].add(tile)
        s.first_turn_done.add(player)
        order = self._turn_order_from(player)
        nxt = player
        for _ in range(len(order) * (1 + max(s.skips.values(), default=0)) + 1):
            nxt = order[0]
            order = order[1:] + order[:1]
            self._tick_xig(nxt)
            if s.skips[nxt] > 0:
                s.skips[nxt] -= 1
                continue
            break
        self._start_turn(nxt, next_ply=True)

    def _tick_xig(self, player: str) -> None:
        s = self._s
        if s.xig[player] == "active" and s.xig_left[player] is not None:
            left = (s.xig_left[player] or 0) - 1
            s.xig_left[player] = left
            if left <= 0:
                s.xig[player] = "spent"

    def _start_turn(self, player: str, *, next_ply: bool) -> None:
        s = self._s
        s.turn = player
        if next_ply:
            s.ply += 1
        s.phase = Phase.PLAY
        s.plays_left = 1
        s.completed_at_start = self.finished_sections(self.side(player).pathways)
        s.credits_used = 0
        s.gave = False
        s.pending = None
        s.placed = set()

    def set_turn(self, player: str) -> None:
        """Hand the turn to *player* out of order (a replay follows its record)."""
        self._tick_xig(player)
        self._start_turn(player, next_ply=False)

    # ---- conservation

    def tile_counts(self) -> dict[str, int]:
        """For each Pathway, how many of its tiles are accounted for (35 when nothing is lost)."""
        s = self._s
        counts = {pid: 0 for pid in self.config.layouts}
        for pid in self.config.layouts:
            counts[pid] += len(s.table[pid]) - len(self._virtual[pid] & s.table[pid])
        pools: list[Iterable[Tile]] = [*s.hands.values(), *s.decks.values(), *s.memory.values(), s.aside]
        for pool in pools:
            for t in pool:
                counts[t.pathway] += 1
        return counts
