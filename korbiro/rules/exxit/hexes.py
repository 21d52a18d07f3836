"""Hex coordinates (contract): axial ``q,r`` and six named directions.

Internally a hex is one integer, ``q * 4101 + r``, so that a neighbour is one
addition and dictionaries keyed by hexes hash plain ints.  The multiplier is
not a power of two, so that neighbouring hexes fall in different slots of a
small dictionary (a power of two would give every hex of a row the same low
bits).

    >>> hex_key(2, -3) + DELTAS[DIRECTIONS.index("se")] == hex_key(2, -2)
    True
    >>> hex_qr(hex_key(-5, 7))
    (-5, 7)
    >>> parse_hex(" 1, -1 ")
    (1, -1)
"""

from __future__ import annotations

import re

from ...base.i18n import TemplateError

__all__ = [
    "HexError",
    "DIRECTIONS",
    "DIR_QR",
    "DELTAS",
    "MAX_COORD",
    "hex_key",
    "hex_qr",
    "parse_hex",
    "format_hex",
    "neighbours",
]

#: direction names in counter-clockwise order from east; this order is the
#: sort order of moves and the order of chained exchanges.
DIRECTIONS: tuple[str, ...] = ("e", "ne", "nw", "w", "sw", "se")
#: the axial step of each direction (contract).
DIR_QR: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

_W = 4101  # > 2 * MAX_COORD + 1, odd, 4101 % 8 == 5
_HALF = _W // 2
#: the integer step of each direction.
DELTAS: tuple[int, ...] = tuple(dq * _W + dr for dq, dr in DIR_QR)
#: largest absolute coordinate a position file may use (walks stay far from the encoding's limit).
MAX_COORD = 1000

_HEX_RE = re.compile(r"^\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*$")


def hex_key(q: int, r: int) -> int:
    """The integer code of hex ``q,r``."""
    return q * _W + r


def hex_qr(key: int) -> tuple[int, int]:
    """The axial coordinates of an integer-coded hex."""
    r = (key + _HALF) % _W - _HALF
    return (key - r) // _W, r


class HexError(TemplateError):
    """A hex that cannot be read: ``str()`` is the English message, :meth:`text` either language."""


def parse_hex(text: str) -> tuple[int, int]:
    """Parse ``"q,r"``; raises :class:`HexError` (a ``ValueError``) with the offending text quoted."""
    m = _HEX_RE.match(text)
    if not m or len(m.group(1)) > 6 or len(m.group(2)) > 6:
        raise HexError("EXXIT.hex.syntax", text=text)
    q, r = int(m.group(1)), int(m.group(2))
    if abs(q) > MAX_COORD or abs(r) > MAX_COORD:
        raise HexError("EXXIT.hex.too-far", hex=text.strip(), max=MAX_COORD)
    return q, r


def format_hex(q: int, r: int) -> str:
    """``q,r`` as written in moves and files."""
    return f"{q},{r}"


def neighbours(q: int, r: int) -> list[tuple[int, int]]:
    """The six neighbours of ``q,r`` in direction order."""
    return [(q + dq, r + dr) for dq, dr in DIR_QR]
