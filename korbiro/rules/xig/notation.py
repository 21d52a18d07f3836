"""The XIG move notation (``docs/xig.md``, "Record notation").

A tile is its Pathway id and position: ``E5``, ``W27``, ``Eib`` (inner Burrow),
``Eob`` (outer Burrow), ``E33`` (the Ring).  A turn is moves separated by ``;``:

    >>> [str(m) for m in parse_turn("E8 +black-magic; xap black-magic x E7; draw E1 E30")]
    ['E8', '+black-magic', 'xap black-magic x E7', 'draw E1 E30']
    >>> parse_turn("W16 x E16")
    [Play(tile=Tile(pathway='W', pos=16), knock=Tile(pathway='E', pos=16))]
    >>> format_turn(parse_turn("E8+lost-turn ; xap lost-turn @Bela countered"))
    'E8 +lost-turn; xap lost-turn @Bela countered'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .layout import IB, OB, Tile
from .model import DrawXap, EndTurn, FlipXig, Give, Move, Pass, Play, PlayXap

TILE_RE = re.compile(r"^([A-Z]+)(ib|ob|[1-9]|[12][0-9]|3[0-3])$")
CARD_RE = re.compile(r"^[a-z][a-z0-9-]*$")
_TOKEN = re.compile(r"[;+@]|[^\s;+@]+")
MAX_TURN_CHARS = 2000


class NotationError(ValueError):
    """A turn that does not parse; ``column`` is 1-based within the turn text."""

    def __init__(self, message: str, column: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.column = column


def parse_tile(text: str) -> Tile:
    """``E5`` -> ``Tile("E", 5)``; ``Wib`` -> the Water inner Burrow."""
    m = TILE_RE.match(text)
    if not m:
        raise NotationError(
            f"{text!r} is not a tile: write a Pathway id and a position, e.g. E5, W33, Eib, Eob"
        )
    pos = {"ib": IB, "ob": OB}.get(m.group(2))
    return Tile(m.group(1), pos if pos is not None else int(m.group(2)))


class _Tokens:
    def __init__(self, text: str) -> None:
        self.items = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(text)]
        self.i = 0
        self.end = len(text) + 1

    def peek(self) -> str | None:
        return self.items[self.i][0] if self.i < len(self.items) else None

    def col(self) -> int:
        return self.items[self.i][1] if self.i < len(self.items) else self.end

    def next(self, what: str) -> tuple[str, int]:
        if self.i >= len(self.items):
            raise NotationError(f"expected {what} at the end of the turn", self.end)
        tok = self.items[self.i]
        self.i += 1
        return tok

    def tile(self, what: str = "a tile") -> Tile:
        tok, col = self.next(what)
        try:
            return parse_tile(tok)
        except NotationError as exc:
            raise NotationError(exc.message, col) from None

    def card(self) -> str:
        tok, col = self.next("an XAP card id")
        if not CARD_RE.match(tok):
            raise NotationError(f"{tok!r} is not an XAP card id (lower case, e.g. black-magic)", col)
        return tok


def parse_turn(text: str) -> list[Move]:
    """Parse one turn; a ``draw`` (or ``end``) may only come last."""
    if len(text) > MAX_TURN_CHARS:
        raise NotationError(f"turn text longer than {MAX_TURN_CHARS} characters")
    toks = _Tokens(text)
    moves: list[Move] = []
    while toks.peek() is not None:
        if toks.peek() == ";":
            toks.next(";")
            continue
        if moves and isinstance(moves[-1], EndTurn):
            raise NotationError("'draw' ends the turn; nothing may follow it", toks.col())
        tok, col = toks.next("a move")
        if tok == "pass":
            moves.append(Pass())
        elif tok == "xig":
            moves.append(FlipXig())
        elif tok == "give":
            moves.append(Give(toks.card()))
        elif tok in ("draw", "end"):
            draws: list[Tile] = []
            while toks.peek() not in (None, ";"):
                draws.append(toks.tile())
            if tok == "end" and draws:
                raise NotationError("'end' draws nothing; write 'draw TILES' instead", col)
            moves.append(EndTurn(tuple(draws)))
        elif tok == "xap":
            moves.append(_parse_xap(toks))
        else:
            try:
                tile = parse_tile(tok)
            except NotationError as exc:
                raise NotationError(
                    f"unknown move {tok!r}: expected a tile, pass, xap, xig, give or draw" if not tok[:1].isupper() else exc.message,
                    col,
                ) from None
            knock = None
            if toks.peek() == "x":
                toks.next("x")
                knock = toks.tile("the tile knocked out")
            moves.append(Play(tile, knock))
            if toks.peek() == "+":
                toks.next("+")
                moves.append(DrawXap(toks.card()))
        if toks.peek() not in (None, ";"):
            tok, col = toks.next("';'")
            raise NotationError(f"unexpected {tok!r}; separate moves with ';'", col)
    return moves


def _parse_xap(toks: _Tokens) -> PlayXap:
    card = toks.card()
    target: Tile | None = None
    player: str | None = None
    tiles: list[Tile] = []
    countered = False
    while toks.peek() not in (None, ";"):
        tok, col = toks.next("an argument")
        if tok == "x":
            if target is not None:
                raise NotationError("an XAP card names one target tile", col)
            target = toks.tile("the target tile")
        elif tok == "@":
            name, ncol = toks.next("a player's name")
            if player is not None:
                raise NotationError("an XAP card names one target player", col)
            player = name
        elif tok == "countered":
            countered = True
        else:
            try:
                tiles.append(parse_tile(tok))
            except NotationError as exc:
                raise NotationError(exc.message, col) from None
    return PlayXap(card, target, player, tuple(tiles), countered)


def format_turn(moves: Sequence[Move]) -> str:
    """The canonical text of a turn (a ``DrawXap`` joins the corner before it)."""
    parts: list[str] = []
    for m in moves:
        if isinstance(m, DrawXap):
            if m.card is not None and parts:
                parts[-1] += f" +{m.card}"
            continue
        if isinstance(m, EndTurn) and not m.draws:
            continue
        parts.append(str(m))
    return "; ".join(parts) if parts else "end"
