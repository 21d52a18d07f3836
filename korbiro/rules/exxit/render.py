"""Pictures of a position: a text board for terminals and an SVG drawing.

The text board draws each hex as two lines, its coordinates over its contents:
an upper-case letter for the tile (``W`` white, ``B`` black) followed by the
stack bottom to top in lower case; ``*`` marks prisoners off the board.  A stack
taller than four chips is written as its height and top chip (``W12w``).

    >>> print(text_board(Position()))
    EXXIT standard: white to move; stock 35; reserves white 8, black 8
        1,-1
         B
     0,0   1,0
      W     W
        0,1
         B
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from .position import Position

__all__ = ["text_board", "svg_board", "cell_text"]

_LETTER = {"white": "w", "black": "b"}


def cell_text(tile: str | None, stack: tuple[str, ...]) -> str:
    """The contents of one hex in the text board (``Wbw``, ``*ww``, ``B``, …)."""
    head = "*" if tile is None else tile[0].upper()
    chips = "".join(_LETTER[c] for c in stack)
    if len(chips) > 4:
        chips = f"{len(chips)}{chips[-1]}"
    return head + chips


def text_board(pos: Position) -> str:
    """The position as text: a header line, then two lines per row of hexes."""
    res = pos.reserves
    lines = [
        f"EXXIT {pos.variant}: {pos.to_move} to move; stock {pos.stock};"
        f" reserves white {res['white']}, black {res['black']}"
        + (" (setup: lay tiles)" if pos.in_setup else "")
    ]
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
        winner = f"{out.winner} wins" if out.winner else "a draw"
        lines.append(
            f"game over ({out.termination.value}): white {out.score[0]}, black {out.score[1]}: {winner}"
        )
    return "\n".join(lines)


def _put(buf: list[str], col: int, text: str) -> None:
    while len(buf) < col:
        buf.append(" ")
    buf[col : col + len(text)] = list(text)


_TILE_FILL = {"white": "#f3ecd9", "black": "#3b3b3b"}
_CHIP_FILL = {"white": "#ffffff", "black": "#111111"}
_CHIP_EDGE = {"white": "#555555", "black": "#c8c8c8"}
_TEXT_ON = {"white": "#333333", "black": "#eeeeee", None: "#666666"}


def svg_board(pos: Position, size: float = 34.0) -> str:
    """An SVG picture of the position (pointy-top hexes, ``r`` growing downward)."""
    tiles = pos.tiles()
    stacks = pos.stacks()
    prisoners = pos.prisoners()
    hexes = sorted(set(tiles) | set(prisoners), key=lambda qr: (qr[1], qr[0]))
    w = math.sqrt(3) * size

    def centre(q: int, r: int) -> tuple[float, float]:
        return w * (q + r / 2), 1.5 * size * r

    pts = [centre(q, r) for q, r in hexes] or [(0.0, 0.0)]
    minx = min(x for x, _ in pts) - w
    maxx = max(x for x, _ in pts) + w
    miny = min(y for _, y in pts) - 1.6 * size
    maxy = max(y for _, y in pts) + 1.4 * size
    header = 28
    res = pos.reserves
    title = (
        f"EXXIT {pos.variant}: {pos.to_move} to move; stock {pos.stock};"
        f" reserves white {res['white']}, black {res['black']}"
    )
    if maxx - minx < 7.2 * len(title) + 16:
        grow = (7.2 * len(title) + 16 - (maxx - minx)) / 2
        minx -= grow
        maxx += grow
    width = maxx - minx
    height = maxy - miny + header
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}"'
        f' viewBox="{minx:.1f} {miny - header:.1f} {width:.1f} {height:.1f}" font-family="sans-serif">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{minx:.1f}" y="{miny - header:.1f}" width="{width:.1f}" height="{height:.1f}" fill="#dfe8ef"/>',
        f'<text x="{minx + 8:.1f}" y="{miny - header + 18:.1f}" font-size="13" fill="#222">{escape(title)}</text>',
    ]
    for q, r in hexes:
        cx, cy = centre(q, r)
        corners = " ".join(
            f"{cx + size * math.cos(math.radians(60 * i - 30)):.1f},{cy + size * math.sin(math.radians(60 * i - 30)):.1f}"
            for i in range(6)
        )
        colour = tiles.get((q, r))
        if colour is not None:
            out.append(f'<polygon points="{corners}" fill="{_TILE_FILL[colour]}" stroke="#777" stroke-width="1.5"/>')
        else:
            out.append(f'<polygon points="{corners}" fill="none" stroke="#999" stroke-width="1.2" stroke-dasharray="4 3"/>')
        out.append(
            f'<text x="{cx:.1f}" y="{cy + size * 0.72:.1f}" font-size="9" text-anchor="middle"'
            f' fill="{_TEXT_ON[colour]}">{q},{r}</text>'
        )
        chips = stacks.get((q, r)) or prisoners.get((q, r), ())
        shown = chips[-6:]
        for i, chip in enumerate(shown):
            y = cy + size * 0.3 - i * size * 0.17
            out.append(
                f'<ellipse cx="{cx:.1f}" cy="{y:.1f}" rx="{size * 0.5:.1f}" ry="{size * 0.22:.1f}"'
                f' fill="{_CHIP_FILL[chip]}" stroke="{_CHIP_EDGE[chip]}" stroke-width="1.5"/>'
            )
        if len(chips) > 1:
            y = cy + size * 0.3 - len(shown) * size * 0.17 - size * 0.1
            out.append(
                f'<text x="{cx + size * 0.5:.1f}" y="{y:.1f}" font-size="11" font-weight="bold"'
                f' fill="#c0392b">{len(chips)}</text>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"
