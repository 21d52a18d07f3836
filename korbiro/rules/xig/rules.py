"""The XIG rules korbiro enforces, numbered by paragraph (``docs/xig.md``, "Rule index").

Every paragraph id (``XIG 5.2``) belongs to one section of the English rulebook
(``Protected Tiles``); findings carry the id in ``rule`` and the section name in
``section``, and messages show both:

    >>> cite("XIG 5.2")
    'XIG 5.2, Protected Tiles'
    >>> cite("XIG 5.2", "hu")
    'XIG 5.2, Védett lapkák'
    >>> RULES["XIG 3.4"].section
    'Play of the Game'
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .messages import say


class Rule(NamedTuple):
    """One numbered rule paragraph: its rulebook section and a one-line summary."""

    section: str
    text: str


RULES: dict[str, Rule] = {
    "XIG 1.1": Rule("End of the Game", "The player who first assembles their complete Pathway (all 35 tiles) wins."),
    "XIG 2.1": Rule("Set-up", "Each element has 35 tiles: the inner and outer Burrow tiles, 19 creature and 13 corner tiles at positions 1-32, and the Ring tile (33)."),
    "XIG 2.2": Rule("Set-up", "The player who draws the lowest number starts; players take turns in clockwise order."),
    "XIG 2.3": Rule("Set-up", "The XAP cards are shuffled and placed face down as one deck."),
    "XIG 2.4": Rule("Set-up", "Each player has one XIG card; turned face up at the end of their turn, it places all tiles of their Pathway under protection during their opponents' turns. Once per game."),
    "XIG 3.1": Rule("Play of the Game", "Each player draws five tiles into hand."),
    "XIG 3.2": Rule("Play of the Game", "At the end of their turn a player draws tiles until they have five in hand."),
    "XIG 3.3": Rule("Play of the Game", "At the start of their turn a player places one tile from hand face up in their play area."),
    "XIG 3.4": Rule("Play of the Game", "In each player's very first turn only a creature tile may be played."),
    "XIG 3.5": Rule("Play of the Game", "A creature whose pair (a creature of the same tribe) lies unprotected in front of an opponent knocks it out."),
    "XIG 3.6": Rule("Play of the Game", "If the played creature has several knockable pairs, only one is knocked out; its player chooses which."),
    "XIG 3.7": Rule("Play of the Game", "A corner tile lets its player draw an XAP card; corner tiles cannot be knocked out."),
    "XIG 3.8": Rule("Play of the Game", "Burrow and Ring tiles become protected at once."),
    "XIG 3.9": Rule("Play of the Game", "A Ring tile may only be played after both Burrow tiles."),
    "XIG 4.1": Rule("Unprotected Tiles", "Every creature tile that is not part of a completely finished section is unprotected and can be knocked out."),
    "XIG 5.1": Rule("Protected Tiles", "Protected tiles cannot be knocked out in any way, not even by XAP cards: every corner, Ring and Burrow tile is protected."),
    "XIG 5.2": Rule("Protected Tiles", "A creature in a completely finished section is protected: a section is the connected creatures between two corners, or between a corner and the Ring or the outer Burrow tile, with no tile missing."),
    "XIG 5.3": Rule("Protected Tiles", "If only one section of a Pathway remains unfinished, its tiles are protected too."),
    "XIG 6.1": Rule("Memory Deck", "A knocked-out tile goes face down into its owner's memory deck."),
    "XIG 6.2": Rule("Memory Deck", "Tiles come back from the memory deck only by an effect that says so, or at the end of a turn once the player's deck is empty."),
    "XIG 7.1": Rule("XAP Cards", "Whoever plays a corner tile from hand draws an XAP card."),
    "XIG 7.2": Rule("XAP Cards", "A player may play a suitable XAP card when completing a section; one card per section completed in the turn."),
    "XIG 7.3": Rule("XAP Cards", "Two corners connected directly are no section and earn no XAP play."),
    "XIG 7.4": Rule("XAP Cards", "A drawn Black Magic card must be played at once and carried out."),
    "XIG 7.5": Rule("XAP Cards", "The target of an opponent's XAP card may at once play a Counter-curse, cancelling that card's effect."),
    "XIG 8.1": Rule("Variants: Four-Player Team Game", "Teammates sit opposite, build one Pathway, draw from one deck and share one memory deck; at the end of a turn a player may pass one XAP card to the partner."),
    "XIG 8.2": Rule("Variants: Entwined Pathways", "Water against Earth: one Kojjit tile (Water 2 / Earth 5) is set aside, the other starts face up as part of both Pathways and cannot be removed."),
    "XIG 8.3": Rule("Variants: Marathon", "Each player builds several Pathways; the winner completes any one, or all of them, by agreement."),
    "XIG 8.4": Rule("Variants: Shared Memory Deck", "All players use one memory deck; a tile drawn from it that belongs to another player is handed to its owner, and the drawer's turn ends."),
    "XIG 8.5": Rule("Variants: Quick Game", "At set-up everyone draws one XAP card and lays out ten tiles face up."),
}


def cite(rule: str, lang: str = "en") -> str:
    """The rule id followed by its rulebook section name, for messages (the Hungarian rulebook's
    heading with *lang* ``hu``)."""
    key = section_key(rule)
    return f"{rule}, {say(key, lang)}" if key else rule


def section_key(rule: str) -> str:
    """The catalogue key of the name of the rulebook section *rule* sits in (``""`` for no known rule)."""
    entry = RULES.get(rule)
    return f"XIG.section.{_slug(entry.section)}" if entry else ""


def _slug(section: str) -> str:
    """``Variants: Marathon`` -> ``variants-marathon``: the catalogue key of a section's name."""
    return re.sub(r"[^a-z0-9]+", "-", section.lower()).strip("-")


def section_of(rule: str | None, lang: str = "en") -> str | None:
    """The name of the rulebook section a rule id belongs to, in *lang* (the English rulebook's heading,
    or the Hungarian's); ``None`` for no known rule.

    >>> section_of("XIG 6.1"), section_of("XIG 6.1", "hu"), section_of(None)
    ('Memory Deck', 'Az emlékpakli', None)
    """
    key = section_key(rule) if rule is not None else ""
    return say(key, lang) if key else None
