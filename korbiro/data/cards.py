"""The card model: immutable :class:`Card` objects and the :class:`CardDatabase`.

    >>> db = CardDatabase([Card("A-001", "Wirg", "akadálylap", subtype="bestia", mp=2)])
    >>> db.lookup("wirg").card.id
    'A-001'
    >>> db.lookup("Wrig").suggestions
    ['Wirg']
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..text import fold

CARD_TYPES = (
    "kalandozó",
    "küldetés",
    "építmény",
    "akadálylap",
    "akciólap",
    "eseménylap",
    "toronyszint",
    "szövetséges",
)


@dataclass(frozen=True)
class Card:
    """One card of the database; ``attrs`` holds the type-specific fields (``level``, ``fal``, …)."""

    id: str
    name: str
    type: str
    subtype: str | None = None
    mp: int | str | None = None
    dp: int | None = None
    text: str = ""
    keywords: tuple[Any, ...] = ()
    set: str = ""
    file: str | None = None
    line: int | None = None
    attrs: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __getitem__(self, key: str) -> Any:
        if key in ("id", "name", "type", "subtype", "mp", "dp", "text"):
            return getattr(self, key)
        return self.attrs[key]

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def has_keyword(self, keyword: str) -> bool:
        """True when the card's text carries the keyword with this canonical spelling."""
        return any(getattr(k, "keyword", None) == keyword for k in self.keywords)

    def keyword(self, keyword: str) -> Any | None:
        for k in self.keywords:
            if getattr(k, "keyword", None) == keyword:
                return k
        return None

    @property
    def true_names(self) -> tuple[str, ...]:
        """The names this card also counts as (IGAZ NÉV, rule 2.02)."""
        return tuple(k.name for k in self.keywords if getattr(k, "keyword", None) == "IGAZ NÉV")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "type": self.type,
            "subtype": self.subtype,
            "mp": self.mp,
            "dp": self.dp,
        }
        out.update(self.attrs)
        out["text"] = self.text
        out["keywords"] = [
            {"keyword": k.keyword or None, "rule": k.rule, "text": k.render()}
            for k in self.keywords
        ]
        out["set"] = self.set
        out["file"] = self.file
        out["line"] = self.line
        return out


@dataclass(frozen=True)
class Lookup:
    """The answer to a name or id lookup: a card, or why there is none."""

    query: str
    card: Card | None = None
    #: several cards match the folded query equally well: refuse, never guess
    ambiguous: tuple[Card, ...] = ()
    suggestions: list[str] = field(default_factory=list)
    #: True when found only after accent/case folding (the caller may want to note it)
    folded: bool = False


class CardDatabase:
    """An immutable collection of cards with exact, folded and fuzzy lookup."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        self.by_id: dict[str, Card] = {}
        self.by_name: dict[str, Card] = {}
        self._by_fold: dict[str, list[Card]] = {}
        for c in self.cards:
            self.by_id.setdefault(c.id, c)
            self.by_name.setdefault(c.name, c)
            self._by_fold.setdefault(fold(c.name), []).append(c)
            self._by_fold.setdefault(fold(c.id), []).append(c)
        self._names: list[str] | None = None

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, key: object) -> bool:
        return key in self.by_id or key in self.by_name

    def __getitem__(self, key: str) -> Card:
        """Exact id or printed name; ``KeyError`` otherwise."""
        card = self.by_id.get(key) or self.by_name.get(key)
        if card is None:
            raise KeyError(key)
        return card

    def lookup(self, query: str) -> Lookup:
        """Find a card by id or name, ignoring accents, case and spacing."""
        exact = self.by_id.get(query) or self.by_name.get(query)
        if exact is not None:
            return Lookup(query, exact)
        matches = self._by_fold.get(fold(query), [])
        unique = list(dict.fromkeys(matches))
        if len(unique) == 1:
            return Lookup(query, unique[0], folded=True)
        if len(unique) > 1:
            return Lookup(query, None, ambiguous=tuple(unique))
        return Lookup(query, None, suggestions=self.suggest(query))

    def suggest(self, query: str, n: int = 3) -> list[str]:
        """Printed names close to *query* (accent- and case-insensitive)."""
        if self._names is None:
            self._names = sorted({c.name for c in self.cards})
            self._folded_names = {fold(name): name for name in self._names}
        close = difflib.get_close_matches(fold(query), list(self._folded_names), n=n, cutoff=0.6)
        return [self._folded_names[c] for c in close]

    def same_card_names(self, card: Card) -> frozenset[str]:
        """The names that count as the same card as *card* under IGAZ NÉV (2.02)."""
        names = {card.name, *card.true_names}
        return frozenset(names)
