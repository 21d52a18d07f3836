"""A small SVG writer for the board games' pictures: deterministic text, a title, notes, a frame.

Each picture is drawn top to bottom: :meth:`Svg.title` writes the heading, the
game draws its board, :meth:`Svg.notes` writes caption lines (the move, the
violations it commits) wrapped to the width, and :meth:`Svg.render` closes the
document.  Numbers are written with one decimal at most, elements in the order
drawn, so the same position always gives the same text.  A picture of a move
that breaks a rule gets a red frame (``alert``).

    >>> svg = Svg(200, "A picture")
    >>> y = svg.title(8)
    >>> svg.rect(10, y, 50, 20, fill="#eee")
    >>> print(svg.render(y + 30), end="")  # doctest: +NORMALIZE_WHITESPACE
    <svg xmlns="http://www.w3.org/2000/svg" width="200" height="68" viewBox="0 0 200 68" font-family="DejaVu Sans, Verdana, sans-serif">
    <title>A picture</title>
    <rect x="0" y="0" width="200" height="68" fill="#ffffff"/>
    <text x="12" y="26" font-size="15" font-weight="bold" fill="#222222">A picture</text>
    <rect x="10" y="38" width="50" height="20" fill="#eee"/>
    </svg>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["Svg", "num", "wrap", "ALERT", "TEXT"]

#: the colour of a broken rule (frame, caption lines)
ALERT = "#c0392b"
#: ordinary text
TEXT = "#222222"
#: a font every converter finds (DejaVu Sans is on most systems)
FONT = "DejaVu Sans, Verdana, sans-serif"


# xml.sax.saxutils's escape and quoteattr, character for character (tests/rules/test_game_pictures.py compares them), without
# the import of xml.sax, which brings urllib, http and ssl into every command that draws


def escape(data: str) -> str:
    """``&``, ``<`` and ``>`` as entities."""
    return data.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(data: str) -> str:
    """*data* escaped and quoted as an XML attribute value."""
    data = escape(data).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in data:
        return f'"{data}"'
    if "'" not in data:
        return f"'{data}'"
    return '"' + data.replace('"', "&quot;") + '"'


def num(value: float) -> str:
    """*value* with at most one decimal and no trailing zero (``12``, ``12.5``, ``-0.3``)."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def wrap(text: str, width: float, size: float) -> list[str]:
    """*text* broken at spaces into lines that fit *width* at font *size* (an estimate)."""
    per_line = max(8, int(width / (size * 0.56)))
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > per_line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


class Svg:
    """An SVG document of a fixed width, drawn element by element."""

    def __init__(self, width: float, title: str) -> None:
        self.width = width
        self.heading = title
        self._items: list[str] = []

    # -- elements -----------------------------------------------------------

    def element(self, tag: str, content: str | None = None, /, **attrs: str | float) -> None:
        """One element; ``stroke_width`` is written ``stroke-width``, numbers as :func:`num` does."""
        parts = [tag]
        for key, value in attrs.items():
            name = key.rstrip("_").replace("_", "-")
            parts.append(f"{name}={quoteattr(num(value) if isinstance(value, (int, float)) else value)}")
        head = " ".join(parts)
        self._items.append(f"<{head}/>" if content is None else f"<{head}>{escape(content)}</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, **attrs: str | float) -> None:
        self.element("rect", x=x, y=y, width=w, height=h, **attrs)

    def circle(self, cx: float, cy: float, r: float, **attrs: str | float) -> None:
        self.element("circle", cx=cx, cy=cy, r=r, **attrs)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, **attrs: str | float) -> None:
        self.element("ellipse", cx=cx, cy=cy, rx=rx, ry=ry, **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: str | float) -> None:
        self.element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)

    def polygon(self, points: Iterable[tuple[float, float]], **attrs: str | float) -> None:
        self.element("polygon", points=" ".join(f"{num(x)},{num(y)}" for x, y in points), **attrs)

    def text(self, x: float, y: float, content: str, size: float = 12, **attrs: str | float) -> None:
        attrs.setdefault("fill", TEXT)
        self.element("text", content, x=x, y=y, font_size=size, **attrs)

    # -- the parts of a picture ---------------------------------------------

    def title(self, y: float = 0) -> float:
        """The heading at *y*; returns the *y* below it."""
        self.text(12, y + 18, self.heading, 15, font_weight="bold")
        return y + 30

    def notes(self, y: float, lines: Sequence[str], *, alert: bool = False, size: float = 12) -> float:
        """Caption lines from *y*, wrapped to the width, red when *alert*; returns the *y* below."""
        colour = ALERT if alert else TEXT
        for line in lines:
            for part in wrap(line, self.width - 24, size):
                y += size * 1.4
                self.text(12, y, part, size, fill=colour)
        return y + (size * 0.6 if lines else 0)

    def legend(self, y: float, items: Sequence[tuple[str, str, str]], size: float = 11) -> float:
        """A row (wrapped) of legend keys: (label, fill, stroke) squares with their labels."""
        x = 12.0
        y += 6
        for label, fill, stroke in items:
            w = 22 + len(label) * size * 0.6
            if x + w > self.width - 8 and x > 12:
                x, y = 12.0, y + size * 1.8
            self.rect(x, y, size, size, fill=fill, stroke=stroke, stroke_width=1.2)
            self.text(x + size + 5, y + size * 0.9, label, size)
            x += w + 10
        return y + size * 1.8

    def render(self, height: float, *, alert: bool = False, background: str = "#ffffff") -> str:
        """The finished document, *height* tall; a red frame round it when *alert*."""
        w, h = num(self.width), num(height)
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}"'
            f" font-family={quoteattr(FONT)}>",
            f"<title>{escape(self.heading)}</title>",
            f'<rect x="0" y="0" width="{w}" height="{h}" fill="{background}"/>',
            *self._items,
        ]
        if alert:
            out.append(
                f'<rect x="2" y="2" width="{num(self.width - 4)}" height="{num(height - 4)}" fill="none"'
                f' stroke="{ALERT}" stroke-width="4"/>'
            )
        out.append("</svg>")
        return "\n".join(out) + "\n"
