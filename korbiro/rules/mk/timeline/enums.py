"""The timeline's words as enums: zones, round phases, card states and the variants of 12.00.

Each is a :class:`enum.StrEnum` whose values are the words the engine has
always used, so that a member compares equal to its word, and YAML, JSON and
the traces keep the same text (``f"{Zone.SOR}"`` is ``"sor"``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = ["CSATOLT", "IDOFONAL", "JELEN", "JOVO", "KEZ", "KIVUL", "MEGOLDOTT", "MELYSEG", "MULT", "RAKTAR", "SOR",
           "TORONY", "CardStatus", "Phase", "VariantId", "Zone"]


class Zone(StrEnum):
    """The zones of a player (:data:`~.model.ZONES`, in that order)."""

    KEZ = "kez"              # the hand
    JOVO = "jovo"            # the Jövő pakli (the deck)
    SOR = "sor"              # the Row of the Present (adventurers)
    JELEN = "jelen"          # the rest of the Present (quests, buildings, events, allies, ghosts)
    TORONY = "torony"        # the tower levels, the lowest first
    RAKTAR = "raktar"        # storage
    CSATOLT = "csatolt"      # attached to another card
    IDOFONAL = "idofonal"    # in a timeline
    MEGOLDOTT = "megoldott"  # solved quests
    MULT = "mult"            # the Múlt (the discard pile)
    MELYSEG = "melyseg"      # the Mélység (out of the game for good)
    KIVUL = "kivul"          # the cards of a player who dropped out (12.00.D)


#: The zones by name, for the engine's code: ``cs.zone == SOR`` reads a module's global, where ``Zone.SOR`` asks the
#: enum class each time (about 170 ns in CPython 3.11, on paths a game runs hundreds of thousands of times).  Final, and
#: typed as the words they are: the compiled engine (setup.py) reads each from a C static, not from its module's
#: globals, and compares it to a zone as one string to another.
KEZ: Final[str] = Zone.KEZ
JOVO: Final[str] = Zone.JOVO
SOR: Final[str] = Zone.SOR
JELEN: Final[str] = Zone.JELEN
TORONY: Final[str] = Zone.TORONY
RAKTAR: Final[str] = Zone.RAKTAR
CSATOLT: Final[str] = Zone.CSATOLT
IDOFONAL: Final[str] = Zone.IDOFONAL
MEGOLDOTT: Final[str] = Zone.MEGOLDOTT
MULT: Final[str] = Zone.MULT
MELYSEG: Final[str] = Zone.MELYSEG
KIVUL: Final[str] = Zone.KIVUL


class Phase(StrEnum):
    """The phases of a round (1.02) that the engine names; a manoeuvre's phases (6.03) are its own."""

    OPENING = "forduló nyitása"
    RESOURCES = "erőforrás"
    MANEUVERS = "manőverek"
    CLOSING = "forduló zárása"


class CardStatus(StrEnum):
    """The states of a card in the Present (:data:`~.model.STATES`)."""

    EBER = "éber"      # awake
    PIHENO = "pihenő"  # resting
    SERULT = "sérült"  # wounded


class VariantId(StrEnum):
    """The ids of the shipped variants (``korbiro/data/mk/variants.yaml``; 12.00)."""

    TWO_PLAYER = "two-player"
    GENERAL = "general"            # the common rules of 12.00 for more players
    OMEN = "omen"                  # 12.00.1
    KIHIVAS = "kihivas"            # 12.00.2
    KORBETAMADAS = "korbetamadas"  # 12.00.3
    SZOVETSEGEK = "szovetsegek"    # 12.00.4
    IKERJATEK = "ikerjatek"        # 12.00.5
    KET_CSAPAT = "ket-csapat"      # 12.00.6
