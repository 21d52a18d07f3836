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
from typing import Any

from .layout import IB, OB, Tile
from .messages import say
from .position import DrawXap, EndTurn, FlipXig, Give, Move, Pass, Play, PlayXap

TILE_RE = re.compile(r"^([A-Z]+)(ib|ob|[1-9]|[12][0-9]|3[0-3])$")
CARD_RE = re.compile(r"^[a-z][a-z0-9-]*$")
_TOKEN = re.compile(r"[;+@]|[^\s;+@]+")
MAX_TURN_CHARS = 2000


class NotationError(ValueError):
    """A turn that does not parse; ``column`` is 1-based within the turn text.

    ``message`` is English; :meth:`text` gives it in either language (the template ``key``).
    """

    def __init__(self, key: str, column: int = 1, /, **args: Any) -> None:
        self.message = say(key, "en", **args)
        super().__init__(self.message)
        self.key = key
        self.values = args
        self.column = column

    def text(self, lang: str = "en") -> str:
        return say(self.key, lang, **self.values)

    def at(self, column: int) -> NotationError:
        """The same problem at *column*."""
        return NotationError(self.key, column, **self.values)


def parse_tile(text: str) -> Tile:
    """``E5`` -> ``Tile("E", 5)``; ``Wib`` -> the Water inner Burrow."""
    m = TILE_RE.match(text)
    if not m:
        raise NotationError("XIG-NOTATION.tile", text=text)
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
            raise NotationError("XIG-NOTATION.end", self.end, **_what(what))
        tok = self.items[self.i]
        self.i += 1
        return tok

    def tile(self, what: str = "tile") -> Tile:
        tok, col = self.next(what)
        try:
            return parse_tile(tok)
        except NotationError as exc:
            raise exc.at(col) from None

    def card(self) -> str:
        tok, col = self.next("card")
        if not CARD_RE.match(tok):
            raise NotationError("XIG-NOTATION.card", col, token=tok)
        return tok


def parse_turn(text: str) -> list[Move]:
    """Parse one turn; a ``draw`` (or ``end``) may only come last."""
    if len(text) > MAX_TURN_CHARS:
        raise NotationError("XIG-NOTATION.long", n=MAX_TURN_CHARS)
    toks = _Tokens(text)
    moves: list[Move] = []
    while toks.peek() is not None:
        if toks.peek() == ";":
            toks.next(";")
            continue
        if moves and isinstance(moves[-1], EndTurn):
            raise NotationError("XIG-NOTATION.after-draw", toks.col())
        tok, col = toks.next("move")
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
                raise NotationError("XIG-NOTATION.end-draws", col)
            moves.append(EndTurn(tuple(draws)))
        elif tok == "xap":
            moves.append(_parse_xap(toks))
        else:
            try:
                tile = parse_tile(tok)
            except NotationError as exc:
                if tok[:1].isupper():
                    raise exc.at(col) from None
                raise NotationError("XIG-NOTATION.move", col, token=tok) from None
            knock = None
            if toks.peek() == "x":
                toks.next("x")
                knock = toks.tile("knocked")
            moves.append(Play(tile, knock))
            if toks.peek() == "+":
                toks.next("+")
                moves.append(DrawXap(toks.card()))
        if toks.peek() not in (None, ";"):
            tok, col = toks.next("separator")
            raise NotationError("XIG-NOTATION.unexpected", col, token=tok)
    return moves


def _what(what: str) -> dict[str, Any]:
    """What the notation expected (``a tile``, ``an XAP card id``, …) as a template argument in both languages."""
    key = f"XIG.expected.{what}"
    return {"what": say(key, "en"), "what_hu": say(key, "hu")}


def _parse_xap(toks: _Tokens) -> PlayXap:
    card = toks.card()
    target: Tile | None = None
    player: str | None = None
    tiles: list[Tile] = []
    countered = False
    while toks.peek() not in (None, ";"):
        tok, col = toks.next("argument")
        if tok == "x":
            if target is not None:
                raise NotationError("XIG-NOTATION.one-target", col)
            target = toks.tile("target")
        elif tok == "@":
            name, ncol = toks.next("player")
            if player is not None:
                raise NotationError("XIG-NOTATION.one-player", col)
            player = name
        elif tok == "countered":
            countered = True
        else:
            try:
                tiles.append(parse_tile(tok))
            except NotationError as exc:
                raise exc.at(col) from None
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
