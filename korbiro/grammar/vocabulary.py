"""Words of MK that several languages share: the card types and their English names.

A module of constants only, so that the card model can name the card types
without loading the keyword classes (which cost start-up time).

    >>> CARD_TYPES[0], TYPE_ALIASES["quest"]
    ('kalandozó', 'küldetés')
"""

from __future__ import annotations

__all__ = ["CARD_TYPES", "TYPE_ALIASES"]

#: The eight card types (3.00), spelled as in the card data, in the rulebook's order.
CARD_TYPES: tuple[str, ...] = (
    "kalandozó", "küldetés", "építmény", "akadálylap", "akciólap", "eseménylap", "toronyszint", "szövetséges",
)

#: English names of the card types (``type:adventurer`` in a search).
TYPE_ALIASES: dict[str, str] = {
    "adventurer": "kalandozó",
    "quest": "küldetés",
    "building": "építmény",
    "obstacle": "akadálylap",
    "action": "akciólap",
    "event": "eseménylap",
    "tower": "toronyszint",
    "ally": "szövetséges",
}
