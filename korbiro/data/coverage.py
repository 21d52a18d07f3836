"""``korbiro data coverage``: how much of a card database korbiro can play, so that a maintainer sees what
is left to write (docs/data-check.md).

A card is **fully modelled** when nothing it prints is left to prose: every printed ability (its
``abilities:`` entry) has a ``behaviour:``, and its free-text lines (the quoted ones of its card text) are
covered by the card's own ``behaviour:`` (so are a keyword's quoted words, ``ÁLLANDÓ "…"``).  Its keyword lines are recognised by the card-text language
already: a database that ``data check`` accepts has no other.

    >>> from korbiro.data.cards import Card
    >>> cov = coverage_of([Card("A-001", "Wirg", "akadálylap", "bestia", text='"Rágós."')])
    >>> (cov.cards, cov.modelled_cards, cov.left[0].items)
    (1, 0, (('free-text', '"Rágós."'),))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .cards import Card

__all__ = ["CardLeft", "DataCoverage", "coverage_of"]


@dataclass(frozen=True)
class CardLeft:
    """What is left to model on one card: ``(kind, what)`` items, kind ``ability`` or ``free-text``."""

    id: str
    name: str
    items: tuple[tuple[str, str], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "left": [{"kind": k, "what": w} for k, w in self.items]}


@dataclass(frozen=True)
class DataCoverage:
    """The figures of a database: abilities with a behaviour, cards fully modelled, and what is left."""

    cards: int
    modelled_cards: int
    abilities: int
    modelled_abilities: int
    left: tuple[CardLeft, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"cards": self.cards, "modelled_cards": self.modelled_cards, "abilities": self.abilities,
                "modelled_abilities": self.modelled_abilities, "left": [c.to_dict() for c in self.left]}

    def render(self, lang: str = "en") -> str:
        """The figures and each card's list of what is left, for people."""
        from ..base.i18n import message  # lazy: the catalogues are read only when something is said

        lines = [message("DATA-COVERAGE.cards", lang, n=self.modelled_cards, of=self.cards),
                 message("DATA-COVERAGE.abilities", lang, n=self.modelled_abilities, of=self.abilities)]
        if self.left:
            lines.append("")
            lines.append(message("DATA-COVERAGE.left", lang))
            for c in self.left:
                lines.append(f"  {c.id}  {c.name}")
                lines.extend("    " + message(f"DATA-COVERAGE.item.{kind}", lang, what=what) for kind, what in c.items)
        return "\n".join(lines)


def coverage_of(cards: Iterable[Card]) -> DataCoverage:
    """The coverage figures of *cards* (a database that passed ``data check``)."""
    count = modelled = abilities = modelled_abilities = 0
    left: list[CardLeft] = []
    for card in cards:
        count += 1
        items: list[tuple[str, str]] = []
        for i, a in enumerate(card.abilities, 1):
            abilities += 1
            if a.modelled:
                modelled_abilities += 1
            else:
                items.append(("ability", a.name or f"#{i}: {a.text}"))
        if card.attrs.get("behaviour") is None:
            # a free-text line, or a keyword's quoted text (ÁLLANDÓ "…", SZELLEM 3 "…"), with no behaviour
            items.extend(("free-text", text) for kw, _rule, text in card.keyword_summary() if not kw or '"' in text)
        if items:
            left.append(CardLeft(card.id, card.name, tuple(items)))
        else:
            modelled += 1
    return DataCoverage(count, modelled, abilities, modelled_abilities, tuple(left))
