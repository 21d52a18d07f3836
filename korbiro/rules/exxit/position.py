"""The EXXIT position: a growing hex board, stacks, prisoners, reserves, stock and history.

The model follows python-chess: a mutable :class:`Position` with
:meth:`~Position.push` / :meth:`~Position.pop` (an undo stack, no copying),
:meth:`~Position.legal_moves`, :meth:`~Position.check` returning :data:`OK` or a
:class:`Verdict` naming the rule a move breaks, and :meth:`~Position.outcome`.

    >>> pos = Position()
    >>> [str(m) for m in pos.legal_moves()]
    ['drop 0,0', 'drop 0,1', 'drop 1,-1', 'drop 1,0']
    >>> pos.play("drop 0,0"); pos.play("drop 1,0")
    >>> [str(m) for m in pos.legal_moves()]
    ['dance 0,0 e']
    >>> v = pos.check(Move.parse("drop 1,-1"))
    >>> v.code, v.rule
    ('EXXIT-DANCE-COMPULSORY', 'EXXIT rulebook: Ruchy taneczne')

Internally hexes are ints (see :mod:`.hexes`), colours are ``0`` (white) and
``1`` (black), stacks are tuples of colours bottom to top, and a move is one
int, ``hex * 16 + kind`` where kind 0-5 is a dance direction, 6 a drop, 7 an
exchange, 8 a setup tile, 9 a pass.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ...base.errors import IllegalActionError, RulesSyntaxError
from ..boardgame import Verdict
from .draw import svg_board, text_board
from .hexes import DELTAS, DIRECTIONS, MAX_COORD, HexError, hex_key, hex_qr, parse_hex
from .messages import both, colour, error, say
from .rules import (
    CHIPS_PER_PLAYER,
    EXPERT_SETUP_TILES,
    REASONS,
    RULES,
    VARIANTS,
    Options,
    Reason,
)

__all__ = [
    "WHITE",
    "BLACK",
    "COLOURS",
    "Move",
    "Verdict",
    "OK",
    "Termination",
    "Outcome",
    "Position",
    "IllegalMoveError",
    "PositionError",
]

WHITE = 0
BLACK = 1
#: colour names as written in files, indexed by colour number.
COLOURS: tuple[str, str] = ("white", "black")

K_DROP = 6
K_EXCHANGE = 7
K_TILE = 8
K_PASS = 9
K_NULL = 10  # replay only: a skipped ply (the turn passes, nothing else changes)
PASS_CODE = K_PASS

_COMMA_RE = re.compile(r"\s*,\s*")
_KINDS = ("dance", "drop", "exchange", "tile", "pass")
_KIND_RANK = {k: i for i, k in enumerate(_KINDS)}
_D0, _D1, _D2, _D3, _D4, _D5 = DELTAS
#: hex difference -> (direction, distance) for every hex on the six lines, up to 16 hexes away
#: reach h -> hex difference -> (direction, the steps to the hexes between, the steps to the
#: landing hexes beyond) for every hex on the six lines within h hexes: a stack of height h
#: dancing at a target that far away (stacks hold at most 16 chips)
_LINES: tuple[dict[int, tuple[int, tuple[int, ...], tuple[int, ...]]], ...] = tuple(
    {
        k * d: (i, tuple(j * d for j in range(1, k)), tuple(j * d for j in range(k + 1, h + 1)))
        for i, d in enumerate(DELTAS)
        for k in range(1, h + 1)
    }
    for h in range(17)
)
_DIR_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}
#: a stack of one chip, by colour (shared: stacks are immutable tuples)
_CHIP: tuple[tuple[int], tuple[int]] = ((WHITE,), (BLACK,))
#: direction -> the steps from a hex to its neighbours other than the one behind it
#: (the two beside that one first)
_SIDES: tuple[tuple[int, ...], ...] = tuple(
    tuple(DELTAS[(k + j) % 6] for j in (2, 4, 1, 5, 0)) for k in range(6)
)


class PositionError(IllegalActionError):
    """A position is impossible (counts do not add up, hexes overlap, …)."""

    code = "EXXIT-POSITION"


class IllegalMoveError(IllegalActionError):
    """A move breaks a rule; ``code`` and ``rule`` say which."""


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """A move in the contract notation: ``dance Q,R DIR``, ``drop Q,R``, ``exchange Q,R``,
    ``tile Q,R`` (expert setup) or ``pass``.

    ``player`` is optional: a record may say who moves (``black drop 0,1``), and a
    move whose player is not the one to move is ``EXXIT-NOT-YOUR-TURN``.

    >>> Move.parse("dance 0,-1 ne")
    Move.parse('dance 0,-1 ne')
    >>> str(Move.parse("  Black   DROP 2,3 "))
    'black drop 2,3'
    """

    kind: str
    hex: tuple[int, int] | None = None
    direction: str | None = None
    player: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in _KIND_RANK:
            raise ValueError(f"unknown move kind {self.kind!r}")
        if (self.kind == "pass") != (self.hex is None):
            raise ValueError(f"a {self.kind} move {'takes no' if self.kind == 'pass' else 'needs a'} hex")
        if (self.kind == "dance") != (self.direction is not None):
            raise ValueError("only a dance has a direction")
        if self.direction is not None and self.direction not in _DIR_INDEX:
            raise ValueError(f"unknown direction {self.direction!r}")
        if self.player is not None and self.player not in COLOURS:
            raise ValueError(f"unknown player {self.player!r}")
        if self.hex is not None and (abs(self.hex[0]) > MAX_COORD or abs(self.hex[1]) > MAX_COORD):
            raise ValueError(f"hex {self.hex[0]},{self.hex[1]} is too far out (coordinates must lie within ±{MAX_COORD})")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse one move; raises :class:`~korbiro.base.errors.RulesSyntaxError` quoting the text."""
        words = _COMMA_RE.sub(",", text).split()
        player = None
        if words and words[0].lower() in COLOURS:
            player = words.pop(0).lower()
        if not words:
            raise error(RulesSyntaxError, "EXXIT-MOVE-SYNTAX", "EXXIT-MOVE-SYNTAX.empty", text=text)
        kind = words[0].lower()
        try:
            if kind == "pass" and len(words) == 1:
                return cls("pass", player=player)
            if kind in ("drop", "exchange", "tile") and len(words) == 2:
                return cls(kind, parse_hex(words[1]), player=player)
            if kind == "dance" and len(words) == 3:
                direction = words[2].lower()
                if direction not in _DIR_INDEX:
                    raise HexError("EXXIT.direction.unknown", direction=words[2], directions=", ".join(DIRECTIONS))
                return cls("dance", parse_hex(words[1]), direction, player=player)
        except HexError as exc:
            raise error(RulesSyntaxError, "EXXIT-MOVE-SYNTAX", "EXXIT-MOVE-SYNTAX.in-move", problem=str(exc),
                        problem_hu=exc.text("hu"), move=text.strip()) from None
        raise error(RulesSyntaxError, "EXXIT-MOVE-SYNTAX", "EXXIT-MOVE-SYNTAX.unreadable", move=text.strip())

    def __str__(self) -> str:
        who = f"{self.player} " if self.player else ""
        if self.hex is None:
            return who + self.kind
        where = f"{self.hex[0]},{self.hex[1]}"
        if self.direction is not None:
            return f"{who}{self.kind} {where} {self.direction}"
        return f"{who}{self.kind} {where}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def without_player(self) -> Move:
        """The same move with no player named."""
        return Move(self.kind, self.hex, self.direction) if self.player else self

    def sort_key(self) -> tuple[int, int, int, int]:
        """Kind (dance, drop, exchange, tile, pass), then ``q``, ``r``, then direction."""
        q, r = self.hex if self.hex is not None else (0, 0)
        d = _DIR_INDEX[self.direction] if self.direction is not None else -1
        return (_KIND_RANK[self.kind], q, r, d)


def _encode(move: Move) -> int:
    if move.kind == "pass":
        return K_PASS
    assert move.hex is not None
    x = hex_key(*move.hex)
    if move.kind == "dance":
        assert move.direction is not None
        return x * 16 + _DIR_INDEX[move.direction]
    return x * 16 + {"drop": K_DROP, "exchange": K_EXCHANGE, "tile": K_TILE}[move.kind]


def _decode(code: int) -> Move:
    kind = code & 15
    if kind == K_PASS:
        return Move("pass")
    qr = hex_qr(code >> 4)
    if kind < 6:
        return Move("dance", qr, DIRECTIONS[kind])
    return Move({K_DROP: "drop", K_EXCHANGE: "exchange", K_TILE: "tile"}[kind], qr)


def _move_of(move: Move | str) -> Move:
    return Move.parse(move) if isinstance(move, str) else move


# ---------------------------------------------------------------------------
# Verdicts and outcomes
# ---------------------------------------------------------------------------


#: the verdict of a legal move.
OK = Verdict("OK", None, "legal move", key="EXXIT.legal")


def _verdict(code: str, case: str, /, **args: Any) -> Verdict:
    """The verdict *code*, its message the template ``code.case`` with *args*."""
    reason: Reason = REASONS[code]
    key = f"{code}.{case}"
    return Verdict(code, reason.rule.id, say(key, "en", **args), reason.rule.text, key, args)


class Termination(StrEnum):
    """How a game ended (rulebook, *Koniec gry*)."""

    STOCK_EXHAUSTED = "stock-exhausted"
    BOTH_PASSED = "both-passed"
    REPETITION = "repetition"


@dataclass(frozen=True)
class Outcome:
    """A finished game: why it ended, the scores and the winner (``None`` for a draw)."""

    termination: Termination
    winner: str | None
    score: tuple[int, int]
    rule: str = RULES["game_over"].id

    def to_dict(self) -> dict[str, Any]:
        return {
            "termination": self.termination.value,
            "winner": self.winner,
            "score": {"white": self.score[0], "black": self.score[1]},
            "rule": self.rule,
        }


# ---------------------------------------------------------------------------
# Repetition: Zobrist keys, relative to the last irreversible move
# ---------------------------------------------------------------------------
#
# Only an on-board dance (or a pass) can lead back to an earlier position: a
# drop adds a chip to the board, a dance ending off it a prisoner, an exchange
# or a setup tile a tile, and none of these is ever undone by a later move
# (prisoners leave only by an exchange, which adds a tile).  So a position can
# only repeat one reached since the last irreversible move, as in chess's
# fifty-move counter.  The hash is kept relative to the position after that
# move (hash 0), and only on-board dances change it: a chip of colour c at
# level l of hex x adds the key ``hash((x, l, c))``; the player to move adds
# ``_ZTURN``.  Hash equality is only a hint, confirmed by comparing boards.

_ZTURN = 0x5DEECE66D1CE4E5B


# ---------------------------------------------------------------------------
#: an undo entry (see ``Position._push``)
_Undo = tuple[int, Any, Any, Any, int, int, bool, "dict[int, int] | None", list[int]]


# ---------------------------------------------------------------------------
# The position
# ---------------------------------------------------------------------------


class Position:
    """An EXXIT position with its history (push/pop, repetition counting).

    ``Position()`` is the standard start; :meth:`start` gives any variant's start,
    :meth:`from_parts` any position (validated).
    """

    __slots__ = (
        "variant",
        "options",
        "turn",
        "_tile",
        "_cell",
        "_top",
        "_pris",
        "_exch",
        "_res",
        "_stock",
        "_passes",
        "_hash",
        "_seen",
        "_rep",
        "_undo",
        "_expert",
        "_offfirst",
        "_compulsory",
        "_shorter",
        "_land_stack",
        "_chain_adj",
        "_repn",
    )

    variant: str
    options: Options
    turn: int

    def __init__(self, variant: str = "standard", options: Options | None = None) -> None:
        self._init_empty(variant, options or Options())
        first = WHITE if self.options.centre_pair == "first" else BLACK
        if variant == "expert":
            tiles = {(0, 0): first, (1, 0): first ^ 1}
        else:
            tiles = {(0, 0): first, (1, 0): first, (1, -1): first ^ 1, (0, 1): first ^ 1}
        for (q, r), c in tiles.items():
            self._tile[hex_key(q, r)] = c
        self._res = [CHIPS_PER_PLAYER, CHIPS_PER_PLAYER]
        self._stock = VARIANTS[variant] - len(tiles)
        self._reset_history()

    def _init_empty(self, variant: str, options: Options) -> None:
        if variant not in VARIANTS:
            raise error(PositionError, "EXXIT-VARIANT", "EXXIT-VARIANT.unknown", variant=variant,
                        variants=", ".join(VARIANTS))
        self.variant = variant
        self.options = options
        self.turn = WHITE
        self._tile: dict[int, int] = {}
        self._cell: dict[int, tuple[int, ...]] = {}
        self._top: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self._pris: dict[int, tuple[int, ...]] = {}
        self._exch: list[int] = []
        self._res = [0, 0]
        self._stock = 0
        self._passes = 0
        self._undo: list[_Undo] = []
        self._expert = variant == "expert"
        self._offfirst = options.offboard_first
        self._compulsory = options.compulsory_dance
        self._shorter = options.target_height == "shorter"
        self._land_stack = options.prisoner_landing == "stack"
        self._chain_adj = options.chain == "adjacent"
        self._repn = options.repetition_count

    def _reset_history(self, stacks: Mapping[int, tuple[int, ...]] | None = None) -> None:
        """Lay *stacks* on the tiles and start the history afresh."""
        stacks = stacks or {}
        self._cell = {x: stacks.get(x, ()) for x in self._tile}
        self._top = ({}, {})
        for x, st in stacks.items():
            self._top[st[-1]][x] = len(st)
        self._exch = self._exchangeable()
        self._hash = 0
        self._seen: dict[int, int] = {0: 1}
        self._rep = False
        self._undo = []
        self._passes = 0

    @classmethod
    def start(cls, variant: str = "standard", options: Options | None = None) -> Position:
        """The starting position of *variant* (standard, blitz, beginner or expert)."""
        return cls(variant, options)

    @classmethod
    def from_parts(
        cls,
        *,
        variant: str,
        to_move: str,
        tiles: Mapping[tuple[int, int], str],
        stacks: Mapping[tuple[int, int], Sequence[str]],
        reserves: Mapping[str, int],
        stock: int,
        options: Options | None = None,
    ) -> Position:
        """Build and validate a position; raises :class:`PositionError` naming what does not add up.

        A ``stacks`` key that is not a tile holds prisoners (chips off the board).
        """
        pos = cls.__new__(cls)
        pos._init_empty(variant, options or Options())
        if to_move not in COLOURS:
            raise error(PositionError, "EXXIT-POSITION", "EXXIT-POSITION.to-move", value=to_move)
        pos.turn = COLOURS.index(to_move)
        for (q, r), tile in tiles.items():
            _check_coord(q, r)
            if tile not in COLOURS:
                raise error(PositionError, "EXXIT-POSITION", "EXXIT-POSITION.tile-colour", hex=f"{q},{r}", value=tile)
            pos._tile[hex_key(q, r)] = COLOURS.index(tile)
        if not pos._tile:
            raise error(PositionError, "EXXIT-POSITION", "EXXIT-POSITION.no-tile")
        counts = [0, 0]
        on_tiles: dict[int, tuple[int, ...]] = {}
        for (q, r), chips in stacks.items():
            _check_coord(q, r)
            if not chips:
                raise error(PositionError, "EXXIT-POSITION", "EXXIT-POSITION.empty-stack", hex=f"{q},{r}")
            st: list[int] = []
            for chip in chips:
                if chip not in COLOURS:
                    raise error(PositionError, "EXXIT-POSITION", "EXXIT-POSITION.chip-colour", hex=f"{q},{r}",
                                value=chip)
                st.append(COLOURS.index(chip))
                counts[st[-1]] += 1
            x = hex_key(q, r)
            (on_tiles if x in pos._tile else pos._pris)[x] = tuple(st)
        for c, name in enumerate(COLOURS):
            n = reserves.get(name)
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise error(PositionError, "EXXIT-POSITION", "EXXIT-POSITION.reserve", **colour("colour", name),
                            value=n)
            if n + counts[c] != CHIPS_PER_PLAYER:
                raise error(PositionError, "EXXIT-POSITION", "EXXIT-POSITION.chip-count", **colour("colour", name),
                            stacked=counts[c], reserve=n, total=CHIPS_PER_PLAYER)
            pos._res[c] = n
        total = VARIANTS[variant]
        if not isinstance(stock, int) or isinstance(stock, bool) or stock < 0:
            raise error(PositionError, "EXXIT-POSITION", "EXXIT-POSITION.stock", value=stock)
        if stock + len(pos._tile) != total:
            raise error(PositionError, "EXXIT-POSITION", "EXXIT-POSITION.stock-total", stock=stock,
                        tiles=len(pos._tile), sum=stock + len(pos._tile), variant=variant, total=total)
        pos._stock = stock
        if pos._expert and len(pos._tile) < EXPERT_SETUP_TILES and (on_tiles or pos._pris):
            raise error(PositionError, "EXXIT-POSITION", "EXXIT-POSITION.expert-setup", n=EXPERT_SETUP_TILES)
        pos._reset_history(on_tiles)
        return pos

    # -- reading the position ---------------------------------------------

    @property
    def to_move(self) -> str:
        """``"white"`` or ``"black"``."""
        return COLOURS[self.turn]

    @property
    def stock(self) -> int:
        """Tiles not yet on the board."""
        return self._stock

    @property
    def reserves(self) -> dict[str, int]:
        """Chips each player still holds off the board and outside the prisoner stacks."""
        return {"white": self._res[0], "black": self._res[1]}

    @property
    def in_setup(self) -> bool:
        """True while the expert variant's players are still laying tiles."""
        return self._expert and len(self._tile) < EXPERT_SETUP_TILES

    @property
    def ply(self) -> int:
        """Moves pushed since the position was set up."""
        return len(self._undo)

    @property
    def consecutive_passes(self) -> int:
        return self._passes

    def tiles(self) -> dict[tuple[int, int], str]:
        """Every tile and its colour."""
        return {hex_qr(x): COLOURS[c] for x, c in self._tile.items()}

    def stacks(self) -> dict[tuple[int, int], tuple[str, ...]]:
        """Stacks on tiles, chips bottom to top."""
        return {hex_qr(x): tuple(COLOURS[c] for c in st) for x, st in self._cell.items() if st}

    def prisoners(self) -> dict[tuple[int, int], tuple[str, ...]]:
        """Prisoner stacks off the board, chips bottom to top."""
        return {hex_qr(x): tuple(COLOURS[c] for c in st) for x, st in self._pris.items()}

    @property
    def move_stack(self) -> list[Move]:
        """The moves pushed so far, oldest first."""
        return [_decode(e[0]) for e in self._undo if e[0] != K_NULL]

    def copy(self) -> Position:
        """An independent copy, history included."""
        new = Position.__new__(Position)
        for name in Position.__slots__:
            setattr(new, name, getattr(self, name))
        new._tile = dict(self._tile)
        new._cell = dict(self._cell)
        new._top = (dict(self._top[0]), dict(self._top[1]))
        new._pris = dict(self._pris)
        new._res = list(self._res)
        new._seen = dict(self._seen)
        # entries hold immutable data, but for the repetition counts of earlier stretches
        new._undo = [e if e[7] is None else (*e[:7], dict(e[7]), e[8]) for e in self._undo]
        return new

    def board_key(self) -> tuple[Any, ...]:
        """Everything that makes two positions the same for repetition: board and player to move."""
        return (
            self.turn,
            frozenset(self._tile.items()),
            frozenset((x, st) for x, st in self._cell.items() if st),
            frozenset(self._pris.items()),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.variant == other.variant
            and self.options == other.options
            and self.board_key() == other.board_key()
            and self._res == other._res
            and self._stock == other._stock
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, like chess.Board

    def __str__(self) -> str:
        """The text board (see :func:`~korbiro.rules.exxit.draw.text_board`): ``print(pos)``."""
        return text_board(self)

    def _repr_svg_(self) -> str:
        """The SVG picture, for notebooks (see :func:`~korbiro.rules.exxit.draw.svg_board`)."""
        return svg_board(self)

    def __repr__(self) -> str:
        return (
            f"<Position {self.variant} {self.to_move} to move: {len(self._tile)} tiles,"
            f" {len(self._top[0]) + len(self._top[1])} stacks, {len(self._pris)} prisoner stacks, stock {self._stock}>"
        )

    # -- scoring and the end ------------------------------------------------

    def score(self) -> tuple[int, int]:
        """(white, black): every tile 1 point, each tile of the colour's largest island 2
        (rulebook, *Punktacja*)."""
        tiles = self._tile
        total = [0, 0]
        largest = [0, 0]
        seen: set[int] = set()
        for start, c in tiles.items():
            total[c] += 1
            if start in seen:
                continue
            seen.add(start)
            todo = [start]
            size = 0
            while todo:
                x = todo.pop()
                size += 1
                for d in DELTAS:
                    y = x + d
                    if y not in seen and tiles.get(y) == c:
                        seen.add(y)
                        todo.append(y)
            if size > largest[c]:
                largest[c] = size
        return total[0] + largest[0], total[1] + largest[1]

    def largest_islands(self) -> tuple[int, int]:
        """Size of each colour's largest island (the A4 tie-break)."""
        s = self.score()
        n = [0, 0]
        for c in self._tile.values():
            n[c] += 1
        return s[0] - n[0], s[1] - n[1]

    def is_game_over(self) -> bool:
        return self._stock <= 0 or self._passes >= 2 or self._rep

    def outcome(self) -> Outcome | None:
        """The result when the game is over (rulebook, *Koniec gry* and *Punktacja*), else ``None``."""
        if self._stock <= 0:
            term = Termination.STOCK_EXHAUSTED
        elif self._passes >= 2:
            term = Termination.BOTH_PASSED
        elif self._rep:
            term = Termination.REPETITION
        else:
            return None
        score = self.score()
        winner: str | None
        if term is Termination.REPETITION and self.options.repetition == "draw":
            winner = None
        elif score[0] != score[1]:
            winner = COLOURS[0] if score[0] > score[1] else COLOURS[1]
        elif self.options.tie == "largest-island":
            isl = self.largest_islands()
            winner = None if isl[0] == isl[1] else COLOURS[0] if isl[0] > isl[1] else COLOURS[1]
        else:
            winner = None
        return Outcome(term, winner, score)

    def is_repetition(self) -> bool:
        """True when the current position has occurred ``repetition_count`` times."""
        return self._rep

    # -- move generation (the hot path) ------------------------------------

    def _dances(self, mine: dict[int, int], theirs: dict[int, int]) -> list[int]:
        """The dances the stacks *mine* may make onto the targets *theirs* (hex ->
        height): those ending off the board if there are any (A2, unless the
        option says otherwise), else all.

        Rulebook, *Ruchy taneczne*: own chip on top; the nearest chips on the line
        topped by an opponent chip, that stack no taller (A8); within reach; the
        chips that leave the board may not land on prisoners (A7); dances ending
        off the board first.

        Each own stack is paired with each opponent-topped stack: a table for the
        stack's height gives the direction of a target on one of the six lines within
        reach, the hexes between them (which must be empty tiles) and the hexes the
        last chips land on.
        """
        off: list[int] = []
        on: list[int] = []
        cell = self._cell
        shorter = self._shorter
        for s, h in mine.items():
            lines = _LINES[h]
            tallest = h - shorter  # the tallest target (A8)
            for t, ht in theirs.items():
                if ht > tallest:
                    continue
                line = lines.get(t - s)
                if line is None:
                    continue  # not on a line, or out of reach
                di, between, beyond = line
                for o in between:
                    if cell.get(s + o) != ():
                        break  # off the board, or a nearer stack on the line
                else:
                    for o in beyond:
                        y = s + o
                        if y not in cell:
                            if self._land_stack or y not in self._pris:
                                off.append(s * 16 + di)
                            break
                    else:
                        on.append(s * 16 + di)
        if off and (self._offfirst or not on):
            return off
        return off + on if off else on

    def _gen(self) -> list[int]:
        """Every legal move as an int (unsorted)."""
        if self._stock <= 0 or self._passes >= 2 or self._rep:
            return []
        me = self.turn
        cell = self._cell
        if self._expert and len(cell) < EXPERT_SETUP_TILES:
            return [x * 16 + K_TILE for x in self._setup_hexes()]
        mine = self._top[me]
        theirs = self._top[me ^ 1]
        moves = self._dances(mine, theirs) if mine and theirs else []
        if moves and self._compulsory:
            return moves
        if self._res[me] > 0:
            for x, t in cell.items():
                if not t:
                    moves.append(x * 16 + K_DROP)
        if self._exch:
            moves += self._exch
        return moves or [K_PASS]

    def _dances_to_make(self, me: int) -> list[int]:
        """The dances *me* may make: those ending off the board if there are any
        (A2, unless the option says otherwise), else all."""
        mine = self._top[me]
        theirs = self._top[me ^ 1]
        if not mine or not theirs:
            return []
        return self._dances(mine, theirs)

    def _count(self) -> int:
        """``len(self._gen())`` without building the lists of drops."""
        if self._stock <= 0 or self._passes >= 2 or self._rep:
            return 0
        if self._expert and len(self._cell) < EXPERT_SETUP_TILES:
            return len(self._setup_hexes())
        return self._count_moves(self.turn, len(self._exch))

    def _count_moves(self, me: int, exchanges: int) -> int:
        """How many moves *me* has, the game going on and the setup over, when
        *exchanges* prisoner stacks can be exchanged."""
        mine = self._top[me]
        theirs = self._top[me ^ 1]
        n = 0
        if mine and theirs:
            n = len(self._dances(mine, theirs))
            if n and self._compulsory:
                return n
        if self._res[me] > 0:
            n += len(self._cell) - len(mine) - len(theirs)
        return n + exchanges or 1

    def _perft2(self) -> int:
        """``perft(2)``: the moves after each move, counted.

        Each move is carried out on the board alone and taken back, with no undo
        entry, when the position after it cannot be a repetition: after a drop,
        a dance ending off the board or an exchange no earlier position can come
        back (see the hash above), and after a dance ending on the board the hash
        count says so.  The drops are counted together: only the other player's
        dances differ between them (the new chip joins their targets).  Other
        moves (a pass, a setup tile, a dance to a position seen before) are made
        in full.
        """
        if self._stock <= 0 or self._passes >= 2 or self._rep:
            return 0
        me = self.turn
        cell = self._cell
        if self._expert and len(cell) < EXPERT_SETUP_TILES:
            return self._perft2_in_full(self._gen())
        other = me ^ 1
        exchanges = len(self._exch)
        count_moves = self._count_moves
        full: list[int] = []
        n = 0
        mine = self._top[me]
        theirs = self._top[other]
        dances = self._dances(mine, theirs) if mine and theirs else []
        if dances:
            seen = self._seen
            for m in dances:
                x = m >> 4
                kind = m & 15
                a, b, c = self._sow(x, kind)
                if c is not None:
                    n += count_moves(other, exchanges + (c[1] is None and _second_tile(cell, c[0], kind)))
                elif seen.get(self._hash ^ self._dance_hash(x, kind, a, b), 0) + 1 < self._repn:
                    n += count_moves(other, exchanges)
                else:
                    full.append(m)
                self._unsow(x, kind, a, b, c)
            if self._compulsory:
                return n + self._perft2_in_full(full) if full else n
        drops = self._res[me] > 0 and len(cell) > len(self._top[0]) + len(self._top[1])
        if drops:
            n += self._count_after_drops(me)
        for m in self._exch:
            done: list[tuple[int, tuple[int, ...]]] = []
            stock = self._stock
            res = (self._res[0], self._res[1])
            self._exchange(m >> 4, me, done)
            if self._stock > 0:
                n += count_moves(other, len(self._exchanged(done)))
            self._unexchange(done)
            self._stock = stock
            self._res[0], self._res[1] = res
        if not (dances or drops or self._exch):
            full.append(K_PASS)
        return n + self._perft2_in_full(full) if full else n

    def _count_after_drops(self, me: int) -> int:
        """The other player's moves after each drop of *me*, summed.

        A drop is laid and lifted in place: the game cannot end and nothing can
        repeat after it, and only the other player's dances differ from one drop
        to the next (the new chip joins their targets).
        """
        other = me ^ 1
        cell = self._cell
        targets = self._top[me]
        dancers = self._top[other]
        empty = len(cell) - len(targets) - len(dancers)
        rest = (empty - 1 if self._res[other] > 0 else 0) + len(self._exch)
        compulsory = self._compulsory
        n = 0 if dancers and compulsory else empty * (rest or 1)
        if dancers:
            chip = _CHIP[me]
            for x, t in cell.items():  # (only values change: the loop may go on)
                if t:
                    continue
                cell[x] = chip
                targets[x] = 1
                k = len(self._dances(dancers, targets))
                del targets[x]
                cell[x] = ()
                if k:
                    n += k if compulsory else k + rest - (rest or 1)
                elif compulsory:
                    n += rest or 1
        return n

    def _perft2_in_full(self, moves: list[int]) -> int:
        """The moves after each of *moves*, each made and taken back in full."""
        n = 0
        for m in moves:
            self._push(m)
            n += self._count()
            self._pop()
        return n

    def _exchanged(self, done: list[tuple[int, tuple[int, ...]]]) -> list[int]:
        """The exchange moves left once the prisoner stacks *done* are exchanged.

        No stack can have become exchangeable: one that touches a new tile and
        two tiles in all is exchanged in the same move (A1) while the stock lasts,
        and when the stock is out the game is over.
        """
        left = list(self._exch)
        for p, _ in done:
            code = p * 16 + K_EXCHANGE
            if code in left:
                left.remove(code)
        return left

    def _exchangeable(self) -> list[int]:
        """The exchange moves: prisoner stacks that touch two tiles or more (rulebook,
        *Powiększanie planszy*)."""
        cell = self._cell
        return [p * 16 + K_EXCHANGE for p in self._pris if _tiles_around(cell, p) >= 2]

    def _setup_hexes(self) -> set[int]:
        cell = self._cell
        pris = self._pris
        return {x + d for x in cell for d in DELTAS if x + d not in cell and x + d not in pris}

    # -- push / pop ---------------------------------------------------------
    #
    # An undo entry is (move, a, b, c, passes, hash, repetition, seen, exch)
    # where a, b, c depend on the kind of move:
    #   dance:    a = the lifted stack, b = [old stack] of each tile sown, in order,
    #             c = (hex, old prisoners or None) when chips left the board
    #   exchange: a = [(hex, prisoners)] in the order exchanged, b = old reserves,
    #             c = old stock
    #   others:   nothing (the move says what to take back)
    # seen is the repetition count of the positions before an irreversible move
    # (the move starts a new one), ``None`` after a reversible one; exch the
    # exchange moves before the move.

    def _push(self, m: int) -> None:
        """Carry out move *m* for the player to move, without checking that it is legal."""
        kind = m & 15
        x = m >> 4
        me = self.turn
        if kind == K_DROP:
            self._cell[x] = _CHIP[me]
            self._top[me][x] = 1
            self._res[me] -= 1
            self._undo.append((m, None, None, None, self._passes, self._hash, self._rep, self._seen, self._exch))
            self._passes = 0
            self.turn = me ^ 1
            self._hash = 0
            self._seen = {0: 1}
            self._rep = False
            return
        exch = self._exch
        a: Any
        b: Any
        c: Any
        if kind < 6:
            a, b, c = self._sow(x, kind)
            if c is None:  # every chip stayed on the board: this position may come back
                self._undo.append((m, a, b, None, self._passes, self._hash, self._rep, None, exch))
                self._passes = 0
                self._seen_again(me, self._hash ^ self._dance_hash(x, kind, a, b))
                return
            if c[1] is None and _second_tile(self._cell, c[0], kind):  # a new prisoner stack to exchange
                exch = [*exch, c[0] * 16 + K_EXCHANGE]
        elif kind == K_EXCHANGE:
            a = []
            b = (self._res[0], self._res[1])
            c = self._stock
            self._exchange(x, me, a)
            exch = self._exchanged(a)
        elif kind == K_TILE:
            a = b = c = None
            self._tile[x] = me
            self._cell[x] = ()
            self._stock -= 1
            exch = self._exchangeable()
        else:  # a pass, or K_NULL (replay only): the turn passes, nothing else changes
            self._undo.append((m, None, None, None, self._passes, self._hash, self._rep, None, exch))
            if kind == K_PASS:
                self._passes += 1
            self._seen_again(me, self._hash ^ _ZTURN)
            return
        # a move no later move undoes (chips off the board, a new tile): the turn
        # passes and a new repetition count begins
        self._undo.append((m, a, b, c, self._passes, self._hash, self._rep, self._seen, self._exch))
        self._exch = exch
        self._passes = 0
        self.turn = me ^ 1
        self._hash = 0
        self._seen = {0: 1}
        self._rep = False

    def _sow(
        self, x: int, direction: int
    ) -> tuple[tuple[int, ...], list[tuple[int, ...]], tuple[int, tuple[int, ...] | None] | None]:
        """Lift the stack at *x* and sow it in *direction*, one chip a hex, bottom
        chip first (rulebook, *Taniec*); chips that leave the board become
        prisoners there.  Returns the lifted stack, the old stacks of the tiles
        sown (in order from *x*), and (hex, old prisoners or None) if chips left
        the board.
        """
        d = DELTAS[direction]
        cell = self._cell
        top = self._top
        st = cell[x]
        cell[x] = ()
        del top[st[-1]][x]
        olds: list[tuple[int, ...]] = []
        y = x
        for chip in st:
            y += d
            old = cell.get(y)
            if old is None:
                pris = self._pris
                oldp = pris.get(y)
                rest = st[len(olds) :]
                pris[y] = rest if oldp is None else oldp + rest
                return st, olds, (y, oldp)
            olds.append(old)
            cell[y] = old + _CHIP[chip] if old else _CHIP[chip]
            if old:
                del top[old[-1]][y]
            top[chip][y] = len(old) + 1
        return st, olds, None

    def _unsow(
        self,
        x: int,
        direction: int,
        st: tuple[int, ...],
        olds: list[tuple[int, ...]],
        landing: tuple[int, tuple[int, ...] | None] | None,
    ) -> None:
        """Take back :meth:`_sow`."""
        d = DELTAS[direction]
        cell = self._cell
        top = self._top
        y = x
        for old in olds:
            y += d
            del top[cell[y][-1]][y]
            cell[y] = old
            if old:
                top[old[-1]][y] = len(old)
        cell[x] = st
        top[st[-1]][x] = len(st)
        if landing is not None:
            y, oldp = landing
            if oldp is None:
                del self._pris[y]
            else:
                self._pris[y] = oldp

    def _seen_again(self, me: int, h: int) -> None:
        """After a move that can be undone by later ones: the turn passes to the other player,
        and the position, hash *h*, is counted for repetition (rulebook, *Koniec gry*)."""
        self.turn = me ^ 1
        self._hash = h
        seen = self._seen
        n = seen.get(h, 0) + 1
        seen[h] = n
        self._rep = n >= self._repn and self._verify_repetition()

    @staticmethod
    def _dance_hash(x: int, direction: int, st: tuple[int, ...], olds: list[tuple[int, ...]]) -> int:
        """How an on-board dance changes the hash: the chips lifted from *x*, the
        chips sown, and the turn."""
        h = _ZTURN
        for lvl, chip in enumerate(st):
            h ^= hash((x, lvl, chip))
        d = DELTAS[direction]
        for old, chip in zip(olds, st, strict=True):
            x += d
            h ^= hash((x, len(old), chip))
        return h

    def _exchange(self, p: int, me: int, done: list[tuple[int, tuple[int, ...]]]) -> None:
        """Exchange the prisoners at *p* for a tile of colour *me*, then the chain (A1).

        Rulebook, *Powiększanie planszy*: the chips go back to their owners'
        reserves, the hex gets a tile of the mover's colour, and neighbouring
        prisoner stacks that can now be exchanged are exchanged in the same move
        (example 6-a), while tiles remain.
        """
        pris = self._pris
        ps = pris.pop(p)
        done.append((p, ps))
        res = self._res
        for chip in ps:
            res[chip] += 1
        cell = self._cell
        self._tile[p] = me
        cell[p] = ()
        self._stock -= 1
        chain_adj = self._chain_adj
        for d in DELTAS:
            q = p + d
            if q in pris and self._stock > 0 and (chain_adj or _tiles_around(cell, q) >= 2):
                self._exchange(q, me, done)

    def _unexchange(self, done: list[tuple[int, tuple[int, ...]]]) -> None:
        """Take back the tiles of :meth:`_exchange` (not the reserves or the stock)."""
        tile = self._tile
        cell = self._cell
        pris = self._pris
        for p, ps in reversed(done):
            del tile[p]
            del cell[p]
            pris[p] = ps

    def _pop(self) -> int:
        """Take back the last move; returns its int code."""
        m, a, b, c, passes, h, rep, seen, exch = self._undo.pop()
        kind = m & 15
        x = m >> 4
        me = self.turn ^ 1
        self.turn = me
        self._passes = passes
        self._rep = rep
        if seen is None:  # a reversible move: its position leaves the repetition count
            seen = self._seen
            cur = self._hash
            n = seen[cur] - 1
            if n:
                seen[cur] = n
            else:
                del seen[cur]
        else:
            self._seen = seen
            self._exch = exch
        self._hash = h
        if kind == K_DROP:
            self._cell[x] = ()
            del self._top[me][x]
            self._res[me] += 1
        elif kind < 6:
            self._unsow(x, kind, a, b, c)
        elif kind == K_EXCHANGE:
            self._unexchange(a)
            self._res[0], self._res[1] = b
            self._stock = c
        elif kind == K_TILE:
            del self._tile[x]
            del self._cell[x]
            self._stock += 1
        return m

    def _verify_repetition(self) -> bool:
        """Confirm a repetition the hash count suggests by comparing whole boards.

        Only positions since the last irreversible move can equal this one, and
        only on-board dances and passes lie between them.
        """
        target = self._hash
        cell = dict(self._cell)
        now = cell.copy()
        turn = self.turn
        count = 1
        for m, a, b, _c, _passes, h, _rep, seen, _exch in reversed(self._undo):
            if seen is not None:
                break
            kind = m & 15
            if kind < 6:
                y = m >> 4
                cell[y] = a
                d = DELTAS[kind]
                for old in b:
                    y += d
                    cell[y] = old
            turn ^= 1
            if h == target and turn == self.turn and cell == now:
                count += 1
                if count >= self._repn:
                    return True
        return False

    def push(self, move: Move | str) -> None:
        """Carry out *move* (python-chess style: not checked for legality).

        Raises :class:`IllegalMoveError` only when the move cannot be carried out at
        all (a drop on an occupied tile, a dance from an empty hex, …).  Use
        :meth:`play` to check legality first.
        """
        mv = _move_of(move)
        for code in self._impossible(mv):
            raise _illegal(mv, self._detail(code, mv))
        self._push(_encode(mv))

    def play(self, move: Move | str) -> None:
        """Push *move* if it is legal, else raise :class:`IllegalMoveError` with its code and rule."""
        mv = _move_of(move)
        verdict = self.check(mv)
        if not verdict.ok:
            raise _illegal(mv, verdict)
        self._push(_encode(mv))

    def pop(self) -> Move:
        """Take back the last move and return it."""
        if not self._undo:
            raise IndexError("pop from a position with no moves")
        return _decode(self._pop())

    def push_null(self) -> None:
        """Pass the turn without a move (replay uses it to skip a move that cannot be made)."""
        self._push(K_NULL)

    # -- legality ---------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move, sorted (kind, then q, r, then direction)."""
        return sorted((_decode(m) for m in self._gen()), key=Move.sort_key)

    def count_legal_moves(self) -> int:
        return self._count()

    def is_legal(self, move: Move | str) -> bool:
        return self.check(move).ok

    def check(self, move: Move | str) -> Verdict:
        """:data:`OK` when *move* is legal, else the first reason it is not (see :meth:`reasons`)."""
        found = self.reasons(move)
        return found[0] if found else OK

    def reasons(self, move: Move | str) -> list[Verdict]:
        """Every reason *move* is illegal here (empty when legal), most basic first."""
        mv = _move_of(move)
        if self.is_game_over():
            return [self._over_detail()]
        out: list[Verdict] = []
        if mv.player is not None and mv.player != self.to_move:
            out.append(_verdict("EXXIT-NOT-YOUR-TURN", "other", **colour("player", mv.player),
                                **colour("to_move", self.to_move)))
            return out
        code = _encode(mv)
        legal = self._gen()
        if code in legal:
            return out
        for c in self._impossible(mv):
            out.append(self._detail(c, mv))
        kind = mv.kind
        if self.in_setup:
            if kind != "tile":
                out.append(_verdict("EXXIT-SETUP-TILE-REQUIRED", "lay", **colour("colour", self.to_move)))
            elif not out:
                out.append(_verdict("EXXIT-TILE-NOT-ADJACENT", "hex", hex=_fmt(mv)))
            return out
        if kind == "tile":
            out.append(_verdict("EXXIT-TILE-NOT-IN-SETUP", "exchange"))
            return out
        if kind == "dance":
            if not out:
                out.extend(self._dance_reasons(mv))
            return out
        if kind == "pass":
            out.append(_verdict("EXXIT-PASS-NOT-ALLOWED", "moves", n=len(legal), example=self._example(legal)))
            return out
        if kind == "exchange" and not out:
            assert mv.hex is not None
            p = hex_key(*mv.hex)
            n = sum(p + d in self._tile for d in DELTAS)
            if n < 2:
                out.append(_verdict("EXXIT-EXCHANGE-NEEDS-TWO-TILES", "touch", hex=_fmt(mv), n=n))
        if self._compulsory and any(m & 15 < 6 for m in legal):
            out.append(_verdict("EXXIT-DANCE-COMPULSORY", "example", example=self._example(legal)))
        return out

    def _impossible(self, mv: Move) -> list[str]:
        """Codes saying *mv* cannot be carried out at all, whatever the rules of priority."""
        if self.is_game_over():
            return ["EXXIT-GAME-OVER"]
        if mv.hex is None:
            return []
        x = hex_key(*mv.hex)
        me = self.turn if mv.player is None else COLOURS.index(mv.player)
        kind = mv.kind
        if kind == "dance":
            if x in self._pris:
                return ["EXXIT-DANCE-PRISONERS"]
            if not self._cell.get(x):
                return ["EXXIT-DANCE-NO-STACK"]
        elif kind == "drop":
            out = []
            if x not in self._tile:
                out.append("EXXIT-DROP-NOT-A-TILE")
            elif self._cell[x]:
                out.append("EXXIT-DROP-OCCUPIED")
            if self._res[me] <= 0:
                out.append("EXXIT-DROP-NO-RESERVE")
            return out
        elif kind == "exchange":
            if x not in self._pris:
                return ["EXXIT-EXCHANGE-NO-PRISONERS"]
        elif kind == "tile":
            if x in self._tile or x in self._pris:
                return ["EXXIT-TILE-OCCUPIED"]
        return []

    def _dance_reasons(self, mv: Move) -> list[Verdict]:
        assert mv.hex is not None and mv.direction is not None
        s = hex_key(*mv.hex)
        me = self.turn
        st = self._cell[s]
        where = _fmt(mv)
        if st[-1] != me:
            return [_verdict("EXXIT-DANCE-NOT-YOUR-STACK", "top", hex=where, **colour("colour", COLOURS[st[-1]]))]
        h = len(st)
        d = DELTAS[_DIR_INDEX[mv.direction]]
        x = s
        for i in range(1, h + 1):
            x += d
            if x not in self._tile:
                return [_verdict("EXXIT-DANCE-NO-TARGET", "edge", direction=mv.direction, hex=where, end=_qr(x))]
            t = self._cell.get(x)
            if not t:
                continue
            if t[-1] == me:
                return [_verdict("EXXIT-DANCE-BLOCKED-BY-OWN", "own", direction=mv.direction, hex=where, at=_qr(x))]
            if len(t) > h or (self._shorter and len(t) == h):
                case = "taller" if len(t) > h else "as-tall"
                return [_verdict("EXXIT-DANCE-TARGET-TOO-TALL", case, at=_qr(x), n=len(t), h=h)]
            for _ in range(i + 1, h + 1):
                x += d
                if x not in self._tile:
                    if x in self._pris and not self._land_stack:
                        return [_verdict("EXXIT-DANCE-PRISONERS-IN-LANDING", "prisoners", at=_qr(x))]
                    return []  # a legal off-board dance: this cannot happen here
            dances = self._dances_to_make(me)
            if _encode(mv.without_player()) not in dances:  # they end off the board (A2)
                return [_verdict("EXXIT-OFFBOARD-DANCE-FIRST", "example", example=str(_decode(dances[0])))]
            return []
        # no stack within reach: find the nearest one for the message
        while self._cell.get(x) == ():
            x += d
        if self._cell.get(x):
            return [_verdict("EXXIT-DANCE-OUT-OF-REACH", "beyond", direction=mv.direction, hex=where, at=_qr(x), h=h)]
        return [_verdict("EXXIT-DANCE-NO-TARGET", "edge", direction=mv.direction, hex=where, end=_qr(x))]

    def _detail(self, code: str, mv: Move) -> Verdict:
        """The verdict *code* of a move that cannot be carried out (see :meth:`_impossible`)."""
        if code == "EXXIT-GAME-OVER":
            return self._over_detail()
        if code == "EXXIT-DROP-NO-RESERVE":
            me = self.turn if mv.player is None else COLOURS.index(mv.player)
            return _verdict(code, "reserve", **colour("colour", COLOURS[me]))
        return _verdict(code, "hex", hex=_fmt(mv))

    def _over_detail(self) -> Verdict:
        out = self.outcome()
        assert out is not None
        return _verdict("EXXIT-GAME-OVER", "over", **termination(out.termination))

    @staticmethod
    def _example(legal: list[int]) -> str:
        return str(min((_decode(m) for m in legal), key=Move.sort_key))

    # -- iteration helpers ------------------------------------------------

    def __iter__(self) -> Iterator[Move]:
        return iter(self.legal_moves())


def _second_tile(cell: Mapping[int, tuple[int, ...]], y: int, direction: int) -> bool:
    """Whether chips that left the board at *y*, going in *direction* from the tile
    behind it, touch a second tile (and so can be exchanged)."""
    for o in _SIDES[direction]:
        if y + o in cell:
            return True
    return False


def _tiles_around(cell: Mapping[int, tuple[int, ...]], p: int) -> int:
    """How many tiles touch hex *p* (prisoners touching two can be exchanged)."""
    return (
        (p + _D0 in cell)
        + (p + _D1 in cell)
        + (p + _D2 in cell)
        + (p + _D3 in cell)
        + (p + _D4 in cell)
        + (p + _D5 in cell)
    )


def _fmt(mv: Move) -> str:
    assert mv.hex is not None
    return f"{mv.hex[0]},{mv.hex[1]}"


def _qr(x: int) -> str:
    q, r = hex_qr(x)
    return f"{q},{r}"


def _check_coord(q: int, r: int) -> None:
    if abs(q) > MAX_COORD or abs(r) > MAX_COORD:
        raise error(PositionError, "EXXIT-POSITION", "EXXIT-POSITION.too-far", hex=f"{q},{r}", max=MAX_COORD)


def _illegal(mv: Move, verdict: Verdict) -> IllegalMoveError:
    """The error of a move that breaks *verdict*'s rule: ``drop 0,0: the tile at 0,0 already holds chips``."""
    return IllegalMoveError(verdict.code, f"{mv}: {verdict.text('en')}", rule=verdict.rule,
                            hu=f"{mv}: {verdict.text('hu')}")


def termination(how: Termination) -> dict[str, Any]:
    """How a game ended as a template argument: ``termination`` (``stock exhausted``) and its Hungarian."""
    return both("termination", f"EXXIT.termination.{how.value}")
