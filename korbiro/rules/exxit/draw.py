"""Pictures of a position: a text board for terminals and an SVG drawing.

The text board draws each hex as two lines, its coordinates over its contents:
an upper-case letter for the tile (``W`` white, ``B`` black) followed by the
stack bottom to top in lower case; ``*`` marks prisoners off the board.  A stack
taller than four chips is written as its height and top chip (``W12w``).

    >>> from korbiro.rules.exxit import Position
    >>> print(text_board(Position()))
    EXXIT standard: white to move; stock 35; reserves white 8, black 8
        1,-1
         B
     0,0   1,0
      W     W
        0,1
         B

The SVG drawing (:func:`svg_board`) has a title, the hexes with their
coordinates, each stack's chips and height, prisoners on dashed hexes, a
legend, and optional caption lines; the hex of the last move can be marked,
and a picture of a move that breaks a rule gets a red frame.  Both read the
position only through :class:`BoardView`, so that the position can draw itself
(``print(pos)``, ``pos._repr_svg_()``) without this module importing it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from ...base.svg import ALERT, Svg
from .hexes import DIR_QR, DIRECTIONS
from .messages import colour, say

__all__ = ["BoardView", "MoveView", "text_board", "svg_board", "cell_text"]

_LETTER = {"white": "w", "black": "b"}


class OutcomeView(Protocol):
    @property
    def termination(self) -> str: ...
    @property
    def winner(self) -> str | None: ...
    @property
    def score(self) -> tuple[int, int]: ...


class BoardView(Protocol):
    """What the pictures read of a position."""

    @property
    def variant(self) -> str: ...
    @property
    def to_move(self) -> str: ...
    @property
    def stock(self) -> int: ...
    @property
    def reserves(self) -> dict[str, int]: ...
    @property
    def in_setup(self) -> bool: ...
    def tiles(self) -> dict[tuple[int, int], str]: ...
    def stacks(self) -> dict[tuple[int, int], tuple[str, ...]]: ...
    def prisoners(self) -> dict[tuple[int, int], tuple[str, ...]]: ...
    def score(self) -> tuple[int, int]: ...
    def outcome(self) -> OutcomeView | None: ...


class MoveView(Protocol):
    """What the picture reads of the move to mark."""

    @property
    def hex(self) -> tuple[int, int] | None: ...
    @property
    def direction(self) -> str | None: ...


def cell_text(tile: str | None, stack: tuple[str, ...]) -> str:
    """The contents of one hex in the text board (``Wbw``, ``*ww``, ``B``, …)."""
    head = "*" if tile is None else tile[0].upper()
    chips = "".join(_LETTER[c] for c in stack)
    if len(chips) > 4:
        chips = f"{len(chips)}{chips[-1]}"
    return head + chips


def _header(pos: BoardView, lang: str) -> str:
    res = pos.reserves
    key = "EXXIT.board.header.setup" if pos.in_setup else "EXXIT.board.header"
    return say(key, lang, variant=pos.variant, **colour("to_move", pos.to_move), stock=pos.stock, white=res["white"],
               black=res["black"])


def _over_line(out: OutcomeView, lang: str) -> str:
    winner = say("EXXIT.wins", lang, **colour("colour", out.winner)) if out.winner else say("EXXIT.draw", lang)
    how = say(f"EXXIT.termination.{out.termination}", "hu")
    return say("EXXIT.board.over", lang, termination=out.termination, termination_hu=how, white=out.score[0],
               black=out.score[1], winner=winner)


def text_board(pos: BoardView, lang: str = "en") -> str:
    """The position as text: a header line, then two lines per row of hexes (the words in *lang*)."""
    lines = [_header(pos, lang)]
    tiles = pos.tiles()
    stacks = pos.stacks()
    prisoners = pos.prisoners()
    hexes = set(tiles) | set(prisoners)
    if not hexes:
        return lines[0]
    minx = min(2 * q + r for q, r in hexes)
    for r in sorted({r for _, r in hexes}):
        row = sorted(q for q, rr in hexes if rr == r)
        top: list[str] = []
        bottom: list[str] = []
        for q in row:
            col = 3 * (2 * q + r - minx)
            _put(top, col, f"{q},{r}".center(6))
            _put(bottom, col, cell_text(tiles.get((q, r)), stacks.get((q, r)) or prisoners.get((q, r), ())).center(6))
        lines.append("".join(top).rstrip())
        lines.append("".join(bottom).rstrip())
    out = pos.outcome()
    if out is not None:
        lines.append(_over_line(out, lang))
    return "\n".join(lines)


def _put(buf: list[str], col: int, text: str) -> None:
    while len(buf) < col:
        buf.append(" ")
    buf[col : col + len(text)] = list(text)


_TILE_FILL = {"white": "#f3ecd9", "black": "#4a4a4a"}
_TILE_EDGE = {"white": "#8a7f66", "black": "#222222"}
_CHIP_FILL = {"white": "#ffffff", "black": "#111111"}
_CHIP_EDGE = {"white": "#555555", "black": "#bbbbbb"}
_TEXT_ON = {"white": "#5b5345", "black": "#e8e8e8", None: "#777777"}
_MARK = "#e6a100"
_SIZE = 34.0  # hex radius
_WIDTH = math.sqrt(3) * _SIZE


def _centre(q: int, r: int) -> tuple[float, float]:
    return _WIDTH * (q + r / 2), 1.5 * _SIZE * r


def _corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [
        (cx + size * math.cos(math.radians(60 * i - 30)), cy + size * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]


def svg_board(
    pos: BoardView,
    *,
    caption: Sequence[str] = (),
    alert: bool = False,
    move: MoveView | None = None,
    lang: str = "en",
) -> str:
    """An SVG picture of *pos* (pointy-top hexes, ``r`` growing downward).

    *caption* lines go under the board (red, with a red frame, when *alert*);
    *move* marks the hex of a move (and a dance's direction); the words are in *lang*.
    """
    tiles = pos.tiles()
    stacks = pos.stacks()
    prisoners = pos.prisoners()
    hexes = sorted(set(tiles) | set(prisoners), key=lambda qr: (qr[1], qr[0])) or [(0, 0)]
    xs = [_centre(q, r)[0] for q, r in hexes]
    ys = [_centre(q, r)[1] for q, r in hexes]
    board_w = max(xs) - min(xs) + 2 * _WIDTH
    width = max(board_w + 24, 460.0)
    svg = Svg(width, _header(pos, lang).split(";")[0])
    y = svg.title()
    res = pos.reserves
    score = pos.score()
    info = say("EXXIT.picture.info.setup" if pos.in_setup else "EXXIT.picture.info", lang, stock=pos.stock,
               white=res["white"], black=res["black"], score_white=score[0], score_black=score[1])
    y = svg.notes(y - 8, [info], size=12)
    out = pos.outcome()
    if out is not None:
        y = svg.notes(y - 6, [_over_line(out, lang)], size=12)
    dx = (width - board_w) / 2 - min(xs) + _WIDTH
    dy = y + _SIZE * 1.2 - min(ys)
    for q, r in hexes:
        cx, cy = _centre(q, r)
        _hex(svg, cx + dx, cy + dy, (q, r), tiles.get((q, r)), stacks.get((q, r)) or prisoners.get((q, r), ()))
    if move is not None and move.hex is not None:
        _mark(svg, move, dx, dy)
    y = max(ys) + dy + _SIZE * 1.3
    y = svg.legend(
        y,
        [
            (say("EXXIT.picture.white-tile", lang), _TILE_FILL["white"], _TILE_EDGE["white"]),
            (say("EXXIT.picture.black-tile", lang), _TILE_FILL["black"], _TILE_EDGE["black"]),
            (say("EXXIT.picture.white-chip", lang), _CHIP_FILL["white"], _CHIP_EDGE["white"]),
            (say("EXXIT.picture.black-chip", lang), _CHIP_FILL["black"], _CHIP_EDGE["black"]),
            (say("EXXIT.picture.prisoners", lang), "none", "#999999"),
            (say("EXXIT.picture.move", lang), "none", _MARK),
        ],
    )
    y = svg.notes(y - 12, [say("EXXIT.picture.key", lang)], size=11)
    y = svg.notes(y, caption, alert=alert)
    return svg.render(y + 8, alert=alert)


def _hex(svg: Svg, cx: float, cy: float, qr: tuple[int, int], colour: str | None, chips: tuple[str, ...]) -> None:
    corners = _corners(cx, cy, _SIZE)
    if colour is not None:
        svg.polygon(corners, fill=_TILE_FILL[colour], stroke=_TILE_EDGE[colour], stroke_width=1.5)
    else:
        svg.polygon(corners, fill="none", stroke="#999999", stroke_width=1.2, stroke_dasharray="4 3")
    svg.text(cx, cy + _SIZE * 0.76, f"{qr[0]},{qr[1]}", 9, text_anchor="middle", fill=_TEXT_ON[colour])
    shown = chips[-6:]
    for i, chip in enumerate(shown):
        svg.ellipse(
            cx, cy + _SIZE * 0.2 - i * _SIZE * 0.15, _SIZE * 0.46, _SIZE * 0.2,
            fill=_CHIP_FILL[chip], stroke=_CHIP_EDGE[chip], stroke_width=1.5,
        )
    if len(chips) > 1:  # the stack's height
        bx, by = cx + _SIZE * 0.55, cy - _SIZE * 0.42
        svg.circle(bx, by, 8, fill="#ffffff", stroke=ALERT, stroke_width=1.5)
        svg.text(bx, by + 4, str(len(chips)), 11, text_anchor="middle", font_weight="bold", fill=ALERT)


def _mark(svg: Svg, move: MoveView, dx: float, dy: float) -> None:
    assert move.hex is not None
    cx, cy = _centre(*move.hex)
    cx, cy = cx + dx, cy + dy
    svg.polygon(_corners(cx, cy, _SIZE - 3), fill="none", stroke=_MARK, stroke_width=3.5)
    if move.direction is not None:
        dq, dr = DIR_QR[DIRECTIONS.index(move.direction)]
        tx, ty = _centre(dq, dr)
        length = math.hypot(tx, ty)
        ux, uy = tx / length, ty / length
        x1, y1 = cx + ux * _SIZE * 0.55, cy + uy * _SIZE * 0.55
        x2, y2 = cx + ux * _SIZE * 1.25, cy + uy * _SIZE * 1.25
        svg.line(x1, y1, x2, y2, stroke=_MARK, stroke_width=3.5)
        head = [(x2 + ux * 7, y2 + uy * 7), (x2 - uy * 6, y2 + ux * 6), (x2 + uy * 6, y2 - ux * 6)]
        svg.polygon(head, fill=_MARK)
