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

import hashlib
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ...base.errors import IllegalActionError, RulesSyntaxError
from .hexes import DELTAS, DIRECTIONS, MAX_COORD, hex_key, hex_qr, parse_hex
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
_LINE: dict[int, tuple[int, int]] = {k * d: (i, k) for i, d in enumerate(DELTAS) for k in range(1, 17)}
_DIR_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}


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
            raise RulesSyntaxError("EXXIT-MOVE-SYNTAX", f"expected a move, got {text!r}")
        kind = words[0].lower()
        try:
            if kind == "pass" and len(words) == 1:
                return cls("pass", player=player)
            if kind in ("drop", "exchange", "tile") and len(words) == 2:
                return cls(kind, parse_hex(words[1]), player=player)
            if kind == "dance" and len(words) == 3:
                direction = words[2].lower()
                if direction not in _DIR_INDEX:
                    raise ValueError(
                        f"unknown direction {words[2]!r}; directions are {', '.join(DIRECTIONS)}"
                    )
                return cls("dance", parse_hex(words[1]), direction, player=player)
        except ValueError as exc:
            raise RulesSyntaxError("EXXIT-MOVE-SYNTAX", f"{exc} in move {text.strip()!r}") from None
        raise RulesSyntaxError(
            "EXXIT-MOVE-SYNTAX",
            f"cannot read move {text.strip()!r}; expected 'dance Q,R DIR', 'drop Q,R',"
            " 'exchange Q,R', 'tile Q,R' or 'pass'",
        )

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


@dataclass(frozen=True)
class Verdict:
    """The answer of :meth:`Position.check`: :data:`OK`, or a reason code with its rule."""

    code: str
    rule: str | None
    message: str
    rule_text: str | None = None

    @property
    def ok(self) -> bool:
        return self.code == "OK"

    def __bool__(self) -> bool:
        return self.ok

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "rule": self.rule, "message": self.message, "rule_text": self.rule_text}


#: the verdict of a legal move.
OK = Verdict("OK", None, "legal move")


def _verdict(code: str, detail: str) -> Verdict:
    reason: Reason = REASONS[code]
    return Verdict(code, reason.rule.id, detail, reason.rule.text)


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
# Zobrist keys for repetition (filled lazily, deterministic)
# ---------------------------------------------------------------------------

_ZC: dict[int, int] = {}


def _z(k: int) -> int:
    v = int.from_bytes(
        hashlib.blake2b(k.to_bytes(10, "little", signed=True), digest_size=8, person=b"exxit").digest(),
        "little",
    )
    _ZC[k] = v
    return v


# chip at hex x, level l (0 = bottom), colour c: key x*64 + l*2 + c; tile: x*64 + 60 + c
_ZTURN = _z(-(1 << 60))


def _stack_hash(x: int, st: Sequence[int], base: int = 0) -> int:
    h = 0
    zc = _ZC
    for lvl, c in enumerate(st, base):
        k = x * 64 + lvl * 2 + c
        h ^= zc.get(k) or _z(k)
    return h


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
        "_stack",
        "_pris",
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
            raise PositionError(
                "EXXIT-VARIANT",
                f"unknown variant {variant!r}; variants are {', '.join(VARIANTS)}",
            )
        self.variant = variant
        self.options = options
        self.turn = WHITE
        self._tile: dict[int, int] = {}
        self._cell: dict[int, tuple[int, ...]] = {}
        self._stack: dict[int, tuple[int, ...]] = {}
        self._pris: dict[int, tuple[int, ...]] = {}
        self._res = [0, 0]
        self._stock = 0
        self._passes = 0
        self._undo: list[tuple[Any, ...]] = []
        self._expert = variant == "expert"
        self._offfirst = options.offboard_first
        self._compulsory = options.compulsory_dance
        self._shorter = options.target_height == "shorter"
        self._land_stack = options.prisoner_landing == "stack"
        self._chain_adj = options.chain == "adjacent"
        self._repn = options.repetition_count

    def _reset_history(self) -> None:
        self._cell = {x: self._stack.get(x, ()) for x in self._tile}
        h = _ZTURN if self.turn == BLACK else 0
        zc = _ZC
        for x, c in self._tile.items():
            k = x * 64 + 60 + c
            h ^= zc.get(k) or _z(k)
        for x, st in self._stack.items():
            h ^= _stack_hash(x, st)
        for x, st in self._pris.items():
            h ^= _stack_hash(x, st)
        self._hash = h
        self._seen: dict[int, int] = {h: 1}
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
            raise PositionError("EXXIT-POSITION", f"to_move must be white or black, got {to_move!r}")
        pos.turn = COLOURS.index(to_move)
        for (q, r), colour in tiles.items():
            _check_coord(q, r)
            if colour not in COLOURS:
                raise PositionError("EXXIT-POSITION", f"tile {q},{r}: colour must be white or black, got {colour!r}")
            pos._tile[hex_key(q, r)] = COLOURS.index(colour)
        if not pos._tile:
            raise PositionError("EXXIT-POSITION", "a position needs at least one tile")
        counts = [0, 0]
        for (q, r), chips in stacks.items():
            _check_coord(q, r)
            if not chips:
                raise PositionError("EXXIT-POSITION", f"stack {q},{r} is empty; leave the hex out instead")
            st: list[int] = []
            for chip in chips:
                if chip not in COLOURS:
                    raise PositionError("EXXIT-POSITION", f"stack {q},{r}: chips are white or black, got {chip!r}")
                st.append(COLOURS.index(chip))
                counts[st[-1]] += 1
            x = hex_key(q, r)
            (pos._stack if x in pos._tile else pos._pris)[x] = tuple(st)
        for c, name in enumerate(COLOURS):
            n = reserves.get(name)
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise PositionError("EXXIT-POSITION", f"reserves.{name} must be a whole number >= 0, got {n!r}")
            if n + counts[c] != CHIPS_PER_PLAYER:
                raise PositionError(
                    "EXXIT-POSITION",
                    f"{name} has {counts[c]} chip(s) in stacks and {n} in reserve; the two must add up"
                    f" to {CHIPS_PER_PLAYER} (rulebook: 8 chips per player)",
                )
            pos._res[c] = n
        total = VARIANTS[variant]
        if not isinstance(stock, int) or isinstance(stock, bool) or stock < 0:
            raise PositionError("EXXIT-POSITION", f"stock must be a whole number >= 0, got {stock!r}")
        if stock + len(pos._tile) != total:
            raise PositionError(
                "EXXIT-POSITION",
                f"stock {stock} plus {len(pos._tile)} tile(s) on the board is {stock + len(pos._tile)},"
                f" but the {variant} game has {total} tiles",
            )
        pos._stock = stock
        if pos._expert and len(pos._tile) < EXPERT_SETUP_TILES and (pos._stack or pos._pris):
            raise PositionError(
                "EXXIT-POSITION",
                f"an expert game with fewer than {EXPERT_SETUP_TILES} tiles is still in its tile-laying"
                " setup and cannot hold chips",
            )
        pos._reset_history()
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
        return {hex_qr(x): tuple(COLOURS[c] for c in st) for x, st in self._stack.items()}

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
        new._stack = dict(self._stack)
        new._pris = dict(self._pris)
        new._res = list(self._res)
        new._seen = dict(self._seen)
        new._undo = list(self._undo)  # entries hold only immutable data
        return new

    def board_key(self) -> tuple[Any, ...]:
        """Everything that makes two positions the same for repetition: board and player to move."""
        return (
            self.turn,
            frozenset(self._tile.items()),
            frozenset(self._stack.items()),
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

    def __repr__(self) -> str:
        return (
            f"<Position {self.variant} {self.to_move} to move: {len(self._tile)} tiles,"
            f" {len(self._stack)} stacks, {len(self._pris)} prisoner stacks, stock {self._stock}>"
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

    def _dances(self, me: int) -> tuple[list[int], list[int]]:
        """(dances ending off the board, dances ending on it) for player *me*.

        Rulebook, *Ruchy taneczne*: own chip on top; the nearest chips on the line
        topped by an opponent chip, that stack no taller (A8); within reach; the
        chips that leave the board may not land on prisoners (A7).

        Each own stack is paired with each opponent-topped stack: a table gives the
        direction and distance of a target on one of the six lines, and only the
        hexes between them (empty tiles) and the landing hexes are looked at.
        """
        mine: list[tuple[int, int]] = []
        theirs: list[tuple[int, int]] = []
        for s, st in self._stack.items():
            if st[-1] == me:
                mine.append((s, len(st)))
            else:
                theirs.append((s, len(st)))
        off: list[int] = []
        on: list[int] = []
        if not mine or not theirs:
            return off, on
        cell = self._cell
        pris = self._pris
        line = _LINE
        deltas = DELTAS
        shorter = self._shorter
        block = not self._land_stack
        for s, h in mine:
            for t, ht in theirs:
                if ht > h or (shorter and ht == h):
                    continue
                dk = line.get(t - s)
                if dk is None:
                    continue
                di, k = dk
                if k > h:
                    continue
                d = deltas[di]
                x = s
                for _ in range(k - 1):
                    x += d
                    if cell.get(x) != ():
                        break  # off the board, or a nearer stack on the line
                else:
                    x = t
                    for _ in range(h - k):
                        x += d
                        if x not in cell:
                            if not (block and x in pris):
                                off.append(s * 16 + di)
                            break
                    else:
                        on.append(s * 16 + di)
        return off, on

    def _gen(self) -> list[int]:
        """Every legal move as an int (unsorted)."""
        if self._stock <= 0 or self._passes >= 2 or self._rep:
            return []
        me = self.turn
        cell = self._cell
        if self._expert and len(cell) < EXPERT_SETUP_TILES:
            return [x * 16 + K_TILE for x in self._setup_hexes()]
        moves: list[int] = []
        if self._stack:
            off, on = self._dances(me)
            if off or on:
                if off and self._offfirst:
                    moves = off
                else:
                    moves = off + on
                if self._compulsory:
                    return moves
        if self._res[me] > 0:
            moves += [x * 16 + K_DROP for x, t in cell.items() if not t]
        for p in self._pris:
            if (
                (p + _D0 in cell)
                + (p + _D1 in cell)
                + (p + _D2 in cell)
                + (p + _D3 in cell)
                + (p + _D4 in cell)
                + (p + _D5 in cell)
            ) >= 2:
                moves.append(p * 16 + K_EXCHANGE)
        if not moves:
            moves.append(K_PASS)
        return moves

    def _count(self) -> int:
        """``len(self._gen())`` without building the lists of drops."""
        if self._stock <= 0 or self._passes >= 2 or self._rep:
            return 0
        me = self.turn
        cell = self._cell
        if self._expert and len(cell) < EXPERT_SETUP_TILES:
            return len(self._setup_hexes())
        n = 0
        if self._stack:
            off, on = self._dances(me)
            if off or on:
                n = len(off) if (off and self._offfirst) else len(off) + len(on)
                if self._compulsory:
                    return n
        if self._res[me] > 0:
            n += len(cell) - len(self._stack)
        for p in self._pris:
            if (
                (p + _D0 in cell)
                + (p + _D1 in cell)
                + (p + _D2 in cell)
                + (p + _D3 in cell)
                + (p + _D4 in cell)
                + (p + _D5 in cell)
            ) >= 2:
                n += 1
        return n or 1

    def _setup_hexes(self) -> set[int]:
        cell = self._cell
        pris = self._pris
        return {x + d for x in cell for d in DELTAS if x + d not in cell and x + d not in pris}

    # -- push / pop ---------------------------------------------------------
    #
    # An undo entry is (move, a, b, c, passes, hash, repetition) where a, b, c
    # depend on the kind of move:
    #   dance:    a = the lifted stack, b = [(hex, old stack)] for each tile sown,
    #             c = (hex, old prisoners or None) when chips left the board
    #   exchange: a = [(hex, prisoners)] in the order exchanged, b = old reserves,
    #             c = old stock
    #   others:   nothing (the move says what to take back)

    def _push(self, m: int) -> None:
        """Carry out move *m* for the player to move, without checking that it is legal."""
        kind = m & 15
        x = m >> 4
        me = self.turn
        h = self._hash
        zc = _ZC
        a: Any = None
        b: Any = None
        c: Any = None
        passes = 0
        if kind == K_DROP:
            t = (me,)
            self._cell[x] = t
            self._stack[x] = t
            self._res[me] -= 1
            k = x * 64 + me
            h ^= zc.get(k) or _z(k)
        elif kind < 6:
            d = DELTAS[kind]
            cell = self._cell
            stack = self._stack
            st = stack.pop(x)
            cell[x] = ()
            a = st
            b = []
            for lvl, chip in enumerate(st):
                k = x * 64 + lvl * 2 + chip
                h ^= zc.get(k) or _z(k)
            y = x
            i = 0
            for chip in st:
                y += d
                old = cell.get(y)
                if old is None:
                    pris = self._pris
                    oldp = pris.get(y)
                    c = (y, oldp)
                    rest = st[i:]
                    if oldp is None:
                        pris[y] = rest
                        h ^= _stack_hash(y, rest)
                    else:
                        pris[y] = oldp + rest
                        h ^= _stack_hash(y, rest, len(oldp))
                    break
                b.append((y, old))
                new = old + (chip,)
                cell[y] = new
                stack[y] = new
                k = y * 64 + len(old) * 2 + chip
                h ^= zc.get(k) or _z(k)
                i += 1
        elif kind == K_EXCHANGE:
            a = []
            b = (self._res[0], self._res[1])
            c = self._stock
            h = self._exchange(x, me, a, h)
        elif kind == K_PASS:
            passes = self._passes + 1
        elif kind == K_TILE:
            self._tile[x] = me
            self._cell[x] = ()
            self._stock -= 1
            k = x * 64 + 60 + me
            h ^= zc.get(k) or _z(k)
        else:  # K_NULL: the turn passes, nothing else changes
            passes = self._passes
        self._undo.append((m, a, b, c, self._passes, self._hash, self._rep))
        self._passes = passes
        self.turn = me ^ 1
        h ^= _ZTURN
        self._hash = h
        seen = self._seen
        n = seen.get(h, 0) + 1
        seen[h] = n
        self._rep = n >= self._repn and self._verify_repetition()

    def _exchange(self, p: int, me: int, done: list[tuple[int, tuple[int, ...]]], h: int) -> int:
        """Exchange the prisoners at *p* for a tile of colour *me*, then the chain (A1).

        Rulebook, *Powiększanie planszy*: the chips go back to their owners'
        reserves, the hex gets a tile of the mover's colour, and neighbouring
        prisoner stacks that can now be exchanged are exchanged in the same move
        (example 6-a), while tiles remain.
        """
        tile = self._tile
        cell = self._cell
        pris = self._pris
        ps = pris.pop(p)
        done.append((p, ps))
        h ^= _stack_hash(p, ps)
        res = self._res
        for chip in ps:
            res[chip] += 1
        tile[p] = me
        cell[p] = ()
        k = p * 64 + 60 + me
        h ^= _ZC.get(k) or _z(k)
        self._stock -= 1
        chain_adj = self._chain_adj
        for d in DELTAS:
            if self._stock <= 0:
                break
            q = p + d
            if q in pris and (
                chain_adj
                or (
                    (q + _D0 in cell)
                    + (q + _D1 in cell)
                    + (q + _D2 in cell)
                    + (q + _D3 in cell)
                    + (q + _D4 in cell)
                    + (q + _D5 in cell)
                )
                >= 2
            ):
                h = self._exchange(q, me, done, h)
        return h

    def _pop(self) -> int:
        """Take back the last move; returns its int code."""
        m, a, b, c, passes, h, rep = self._undo.pop()
        seen = self._seen
        cur = self._hash
        n = seen[cur] - 1
        if n:
            seen[cur] = n
        else:
            del seen[cur]
        self._passes = passes
        self._hash = h
        self._rep = rep
        me = self.turn ^ 1
        self.turn = me
        kind = m & 15
        x = m >> 4
        if kind == K_DROP:
            self._cell[x] = ()
            del self._stack[x]
            self._res[me] += 1
        elif kind < 6:
            cell = self._cell
            stack = self._stack
            cell[x] = a
            stack[x] = a
            for y, old in b:
                cell[y] = old
                if old:
                    stack[y] = old
                else:
                    del stack[y]
            if c is not None:
                y, oldp = c
                if oldp is None:
                    del self._pris[y]
                else:
                    self._pris[y] = oldp
        elif kind == K_EXCHANGE:
            self._unexchange(a, self._tile, self._cell, self._pris)
            self._res[0], self._res[1] = b
            self._stock = c
        elif kind == K_TILE:
            del self._tile[x]
            del self._cell[x]
            self._stock += 1
        return int(m)

    @staticmethod
    def _unexchange(
        done: list[tuple[int, tuple[int, ...]]],
        tile: dict[int, int],
        cell: dict[int, tuple[int, ...]],
        pris: dict[int, tuple[int, ...]],
    ) -> None:
        for p, ps in reversed(done):
            del tile[p]
            del cell[p]
            pris[p] = ps

    def _verify_repetition(self) -> bool:
        """Confirm a repetition the hash count suggests by comparing whole boards."""
        target = self._hash
        key = self.board_key()
        tile, cell, pris = dict(self._tile), dict(self._cell), dict(self._pris)
        turn = self.turn
        count = 1
        for m, a, b, c, _passes, h, _rep in reversed(self._undo):
            kind = m & 15
            x = m >> 4
            if kind == K_DROP:
                cell[x] = ()
            elif kind < 6:
                cell[x] = a
                for y, old in b:
                    cell[y] = old
                if c is not None:
                    if c[1] is None:
                        del pris[c[0]]
                    else:
                        pris[c[0]] = c[1]
            elif kind == K_EXCHANGE:
                self._unexchange(a, tile, cell, pris)
            elif kind == K_TILE:
                del tile[x]
                del cell[x]
            turn ^= 1
            if h == target:
                stack = {y: t for y, t in cell.items() if t}
                if (turn, frozenset(tile.items()), frozenset(stack.items()), frozenset(pris.items())) == key:
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
            r = REASONS[code]
            raise IllegalMoveError(code, f"{mv}: {self._detail(code, mv)}", rule=r.rule.id)
        self._push(_encode(mv))

    def play(self, move: Move | str) -> None:
        """Push *move* if it is legal, else raise :class:`IllegalMoveError` with its code and rule."""
        mv = _move_of(move)
        verdict = self.check(mv)
        if not verdict.ok:
            raise IllegalMoveError(verdict.code, f"{mv}: {verdict.message}", rule=verdict.rule)
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
            return [_verdict("EXXIT-GAME-OVER", self._over_detail())]
        out: list[Verdict] = []
        if mv.player is not None and mv.player != self.to_move:
            out.append(_verdict("EXXIT-NOT-YOUR-TURN", f"{mv.player} moved, but it is {self.to_move}'s turn"))
            return out
        code = _encode(mv)
        legal = self._gen()
        if code in legal:
            return out
        for c in self._impossible(mv):
            out.append(_verdict(c, self._detail(c, mv)))
        kind = mv.kind
        if self.in_setup:
            if kind != "tile":
                out.append(_verdict("EXXIT-SETUP-TILE-REQUIRED", f"{self.to_move} must lay a tile next to the board"))
            elif not out:
                out.append(_verdict("EXXIT-TILE-NOT-ADJACENT", f"hex {_fmt(mv)} does not touch any tile"))
            return out
        if kind == "tile":
            out.append(_verdict("EXXIT-TILE-NOT-IN-SETUP", "tiles are added only by exchanging prisoners"))
            return out
        if kind == "dance":
            if not out:
                out.extend(self._dance_reasons(mv))
            return out
        if kind == "pass":
            out.append(_verdict("EXXIT-PASS-NOT-ALLOWED", f"{len(legal)} legal move(s), e.g. {self._example(legal)}"))
            return out
        if kind == "exchange" and not out:
            assert mv.hex is not None
            p = hex_key(*mv.hex)
            n = sum(p + d in self._tile for d in DELTAS)
            if n < 2:
                out.append(_verdict("EXXIT-EXCHANGE-NEEDS-TWO-TILES", f"the prisoners at {_fmt(mv)} touch {n} tile(s)"))
        if self._compulsory and any(m & 15 < 6 for m in legal):
            out.append(_verdict("EXXIT-DANCE-COMPULSORY", f"a dance is possible, e.g. {self._example(legal)}"))
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
            if x not in self._stack:
                return ["EXXIT-DANCE-NO-STACK"]
        elif kind == "drop":
            out = []
            if x not in self._tile:
                out.append("EXXIT-DROP-NOT-A-TILE")
            elif x in self._stack:
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
        st = self._stack[s]
        where = _fmt(mv)
        if st[-1] != me:
            return [_verdict("EXXIT-DANCE-NOT-YOUR-STACK", f"the stack at {where} is topped by a {COLOURS[st[-1]]} chip")]
        h = len(st)
        d = DELTAS[_DIR_INDEX[mv.direction]]
        x = s
        for i in range(1, h + 1):
            x += d
            if x not in self._tile:
                return [_verdict("EXXIT-DANCE-NO-TARGET", f"going {mv.direction} from {where}, the board ends at {_qr(x)} before any stack")]
            t = self._stack.get(x)
            if t is None:
                continue
            if t[-1] == me:
                return [_verdict("EXXIT-DANCE-BLOCKED-BY-OWN", f"the nearest stack going {mv.direction} from {where}, at {_qr(x)}, is topped by your own chip")]
            if len(t) > h or (self._shorter and len(t) == h):
                what = "taller than" if len(t) > h else "as tall as"
                return [_verdict("EXXIT-DANCE-TARGET-TOO-TALL", f"the stack at {_qr(x)} ({len(t)} chips) is {what} the dancing stack ({h})")]
            for _ in range(i + 1, h + 1):
                x += d
                if x not in self._tile:
                    if x in self._pris and not self._land_stack:
                        return [_verdict("EXXIT-DANCE-PRISONERS-IN-LANDING", f"the chips would leave the board at {_qr(x)}, which already holds prisoners")]
                    return []  # a legal off-board dance: this cannot happen here
            off, _on = self._dances(me)
            if off and self._offfirst:
                return [_verdict("EXXIT-OFFBOARD-DANCE-FIRST", f"this dance ends on the board; first make a dance ending off it, e.g. {_decode(off[0])}")]
            return []
        # no stack within reach: find the nearest one for the message
        while x in self._tile and x not in self._stack:
            x += d
        if x in self._stack:
            return [_verdict("EXXIT-DANCE-OUT-OF-REACH", f"the nearest stack going {mv.direction} from {where} is at {_qr(x)}, beyond the {h} chip(s) of the dancing stack")]
        return [_verdict("EXXIT-DANCE-NO-TARGET", f"going {mv.direction} from {where}, the board ends at {_qr(x)} before any stack")]

    def _detail(self, code: str, mv: Move) -> str:
        where = _fmt(mv)
        me = self.turn if mv.player is None else COLOURS.index(mv.player)
        if code == "EXXIT-GAME-OVER":
            return self._over_detail()
        return {
            "EXXIT-DANCE-PRISONERS": f"the chips at {where} are prisoners off the board and never dance",
            "EXXIT-DANCE-NO-STACK": f"there is no stack on a tile at {where}",
            "EXXIT-DROP-NOT-A-TILE": f"there is no tile at {where}",
            "EXXIT-DROP-OCCUPIED": f"the tile at {where} already holds chips",
            "EXXIT-DROP-NO-RESERVE": f"{COLOURS[me]} has no chips left in reserve",
            "EXXIT-EXCHANGE-NO-PRISONERS": f"there are no prisoners at {where}",
            "EXXIT-TILE-OCCUPIED": f"the hex {where} already holds a tile or prisoners",
        }.get(code, REASONS[code].summary)

    def _over_detail(self) -> str:
        out = self.outcome()
        assert out is not None
        return f"the game is over ({out.termination.value.replace('-', ' ')})"

    @staticmethod
    def _example(legal: list[int]) -> str:
        return str(min((_decode(m) for m in legal), key=Move.sort_key))

    # -- iteration helpers ------------------------------------------------

    def __iter__(self) -> Iterator[Move]:
        return iter(self.legal_moves())


def _fmt(mv: Move) -> str:
    assert mv.hex is not None
    return f"{mv.hex[0]},{mv.hex[1]}"


def _qr(x: int) -> str:
    q, r = hex_qr(x)
    return f"{q},{r}"


def _check_coord(q: int, r: int) -> None:
    if abs(q) > MAX_COORD or abs(r) > MAX_COORD:
        raise PositionError("EXXIT-POSITION", f"hex {q},{r} is too far out (coordinates must lie within ±{MAX_COORD})")
