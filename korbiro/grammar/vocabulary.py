"""Words of MK that several languages share: the card types, the phases, and their English names.

A module of constants only, so that the card model can name the card types
without loading the keyword classes (which cost start-up time).

    >>> CARD_TYPES[0], TYPE_ALIASES["quest"]
    ('kalandozó', 'küldetés')
"""

from __future__ import annotations

from ..base.text import fold

__all__ = ["CARD_TYPES", "PHASE_ALIASES", "PHASE_NAMES", "TYPE_ALIASES"]

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


#: Spellings of the phases (6.03; "manőverek" is the Sor phase), Hungarian and English -> the canonical name.
_PHASES = {
    "forduló nyitása": "forduló nyitása", "round opening": "forduló nyitása",
    "erőforrás": "erőforrás", "resource": "erőforrás",
    "manőverek": "manőverek", "sor": "manőverek", "maneuvers": "manőverek", "manoeuvres": "manőverek",
    "kezdeményező csapat sorelhagyása": "kezdeményező csapat sorelhagyása",
    "initiating team leaves row": "kezdeményező csapat sorelhagyása",
    "akadályozó csapat sorelhagyása": "akadályozó csapat sorelhagyása",
    "obstructing team leaves row": "akadályozó csapat sorelhagyása",
    "toronyszint felfedés": "toronyszint felfedés", "tower-level reveal": "toronyszint felfedés",
    "akadálylap aktivizálás": "akadálylap aktivizálás", "obstacle activation": "akadálylap aktivizálás",
    "harc előkészítés": "harc előkészítés", "combat preparation": "harc előkészítés",
    "harci kör": "harci kör", "harc": "harci kör", "combat": "harci kör", "combat round": "harci kör",
    "harc eredmény meghatározás": "harc eredmény meghatározás", "combat result": "harc eredmény meghatározás",
    "küldetés feltétel teljesítés": "küldetés feltétel teljesítés", "quest condition": "küldetés feltétel teljesítés",
    "forduló zárása": "forduló zárása", "round closing": "forduló zárása",
    # the cards' own phrasing of a moment (11.00: "Forduló zárásakor…")
    "forduló nyitásakor": "forduló nyitása", "forduló zárásakor": "forduló zárása",
}


#: Every spelling of a phase, as written (for did-you-mean).
PHASE_NAMES: tuple[str, ...] = tuple(_PHASES)

#: Folded spelling (accents and case dropped, blanks single) -> the canonical phase name.
PHASE_ALIASES: dict[str, str] = {fold(k): v for k, v in _PHASES.items()}
