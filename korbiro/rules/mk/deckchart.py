"""The chart of a deck's statistics (:meth:`korbiro.rules.mk.deckstats.DeckStats.svg`), drawn with the shared
SVG writer of :mod:`korbiro.base.svg`.

From top to bottom: the title; the MP curve as columns (every value from 0 to
the highest, X apart in grey), each with its number of cards; then the cards
by type, the adventurers' races and the keywords as rows of bars; then the
tower and the sideboard as caption lines.  A deck with cards that were not
found gets the red frame of the board games' broken rules.  The same numbers
always give the same text.

    >>> svg = deck_chart(title="a.deck: 4 cards", curve=[("0", 1), ("1", 3), ("X", 0)], curve_title="MP curve",
    ...                  types=[("kalandozó", 4)], races=[("ember", 4)], keywords=[], notes=["tower (0): none"])
    >>> svg.startswith("<svg") and svg.count("<rect") > 3
    True
"""

from __future__ import annotations

from collections.abc import Sequence

from ...base.svg import Svg
from ...grammar.vocabulary import CARD_TYPES

__all__ = ["deck_chart", "TYPE_COLOURS"]

WIDTH = 640
#: a colour per card type, in the rulebook's order of types
TYPE_COLOURS = dict(zip(CARD_TYPES, ("#2e86c1", "#28b463", "#b9770e", "#a93226", "#7d3c98", "#d4ac0d", "#5d6d7e",
                                     "#17a589"), strict=True))
_BAR = "#5d8aa8"
_X = "#aab7b8"
_GRID = "#dddddd"
#: where the bars start: after the longest label, between these
_LABEL_WIDTH = 150
_LABEL_MAX = 330


def deck_chart(*, title: str, curve: Sequence[tuple[str, int]], curve_title: str,
               types: Sequence[tuple[str, int]], races: Sequence[tuple[str, int]],
               keywords: Sequence[tuple[str, int]], notes: Sequence[str] = (),
               titles: tuple[str, str, str] = ("type", "races (adventurers)", "keywords (cards carrying each)"),
               alert: bool = False) -> str:
    """The SVG document of a deck's chart (see the module's docstring)."""
    svg = Svg(WIDTH, title)
    y = svg.title(4)
    y = _columns(svg, y + 6, curve_title, curve)
    for heading, rows, colours in ((titles[0], types, TYPE_COLOURS), (titles[1], races, {}),
                                   (titles[2], keywords, {})):
        if rows:
            y = _bars(svg, y + 10, heading, rows, colours)
    y = svg.notes(y + 6, list(notes))
    return svg.render(y + 8, alert=alert)


def _columns(svg: Svg, y: float, heading: str, values: Sequence[tuple[str, int]]) -> float:
    """The MP curve: a column per value, its number above it and its MP below; returns the y below."""
    svg.text(12, y + 14, heading, 13, font_weight="bold")
    top, height = y + 34, 120.0
    step = max(1, -(-max((n for _, n in values), default=0) // 4))  # the grid: four whole steps up to the top
    most = step * 4
    left, right = 40.0, WIDTH - 16.0
    slot = (right - left) / max(1, len(values))
    width = min(44.0, slot * 0.7)
    base = top + height
    svg.line(left - 6, base, right, base, stroke="#888888", stroke_width=1)
    for i in range(1, 5):
        gy = base - height * i / 4
        svg.line(left - 6, gy, right, gy, stroke=_GRID, stroke_width=0.6)
        svg.text(30, gy + 4, str(step * i), 9, fill="#888888", text_anchor="end")
    for i, (label, n) in enumerate(values):
        x = left + slot * i + (slot - width) / 2
        h = height * n / most
        if n:
            svg.rect(x, base - h, width, h, fill=_X if label == "X" else _BAR)
        svg.text(x + width / 2, base - h - 4, str(n), 11, text_anchor="middle")
        svg.text(x + width / 2, base + 15, label, 11, text_anchor="middle")
    return base + 24


def _bars(svg: Svg, y: float, heading: str, rows: Sequence[tuple[str, int]],
          colours: dict[str, str]) -> float:
    """Rows of bars: a label, a bar as long as its number, the number; returns the y below."""
    svg.text(12, y + 14, heading, 13, font_weight="bold")
    y += 24
    most = max(n for _, n in rows) or 1
    start = min(_LABEL_MAX, max(_LABEL_WIDTH, 30 + 11 * 0.62 * max(len(label) for label, _ in rows)))
    room = WIDTH - start - 40
    for label, n in rows:
        svg.text(20, y + 12, label, 11)
        svg.rect(start, y + 2, max(1.0, room * n / most), 12, fill=colours.get(label, _BAR))
        svg.text(start + room * n / most + 6, y + 12, str(n), 11)
        y += 18
    return y
