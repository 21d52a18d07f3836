"""A card database as it read on a day: every card with the text in force then (``history:``).

    >>> from korbiro.data.cards import Card, CardDatabase
    >>> db = CardDatabase([Card("A-001", "Wirg", "kalandozó", text="KINCSKERESÉS 3", attrs={"history": [
    ...     {"from": "2004-11-20", "text": "KINCSKERESÉS 2", "source": "printing", "reason": "printed"},
    ...     {"from": "2025-03-01", "source": "errata", "reason": "raised"}]})])
    >>> CardsOn(db, dt.date(2020, 1, 1)).lookup("wirg").card.text
    'KINCSKERESÉS 2'

Lookups answer with :meth:`Card.as_of` of the card found.  Which cards count
as the same kind (IGAZ NÉV, rule 2.02) is worked out again over the dated
texts only when an erratum changed a card's IGAZ NÉV by that day; otherwise
the database's own answer stands.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base.text import fold
from .cards import Card, CardSource, DatedSource, Lookup, kinds_of

__all__ = ["CardsOn", "cards_on"]


class CardsOn:
    """*source* as of *day*: a :class:`~korbiro.data.cards.CardSource` for the deck rules and the engine."""

    def __init__(self, source: DatedSource, day: dt.date) -> None:
        self.source = source
        self.day = day
        self._kinds: dict[str, str] | None = None
        self._kinds_known = False
        self._changed: list[Card] | None = None
        self._changed_ids: frozenset[str] | None = None
        self._exact: Mapping[str, tuple[Card, str]] | None = None

    def changed(self) -> list[Card]:
        """The source's cards whose text has changed (the only ones :meth:`Card.as_of` reads otherwise)."""
        if self._changed is None:
            self._changed = list(self.source.with_errata())
        return self._changed

    def changed_ids(self) -> frozenset[str]:
        """The ids of :meth:`changed`: a card not among them reads on any day as it does now."""
        if self._changed_ids is None:
            self._changed_ids = frozenset(c.id for c in self.changed())
        return self._changed_ids

    def token_ids(self) -> frozenset[str] | None:
        """The source's tokens (``properties: [jelző]``, which no history changes), when it can say."""
        known = getattr(self.source, "token_ids", None)
        return known() if callable(known) else None

    def lookup(self, query: str, *, suggest: bool = True) -> Lookup:
        hit = self.source.lookup(query, suggest=suggest)
        if hit.card is not None:
            if hit.card.id not in self.changed_ids():
                return hit  # its one text is the text of every day (Card.as_of would return the card itself)
            return replace(hit, card=hit.card.as_of(self.day))
        if hit.ambiguous:
            return replace(hit, ambiguous=tuple(c.as_of(self.day) for c in hit.ambiguous))
        return hit

    def kind_of(self, card: Card) -> str:
        kinds = self._dated_kinds()
        if kinds is None:
            return self.source.kind_of(card)
        k = fold(card.name)
        return kinds.get(k, k)

    def exact_kinds(self) -> Mapping[str, tuple[Card, str]]:
        """The source's :meth:`~korbiro.data.cards.CardDatabase.exact_kinds` as of the day: the ids and
        printed names :meth:`lookup` finds as written, with the card and its kind (:meth:`kind_of`) of
        the day.  The cards whose text has changed are left out (their lookups read them as of the day);
        a source without such a table gives an empty one."""
        if self._exact is None:
            source = getattr(self.source, "exact_kinds", None)
            if source is None:
                self._exact = {}
            else:
                table: Mapping[str, tuple[Card, str]] = source()
                changed = self.changed_ids()
                kinds = self._dated_kinds()
                if kinds is not None:  # an erratum changed an IGAZ NÉV by the day: the kinds of the day
                    dated: dict[str, tuple[Card, str]] = {}
                    for q, (c, _) in table.items():
                        if c.id not in changed:
                            k = fold(c.name)
                            dated[q] = (c, kinds.get(k, k))
                    self._exact = dated
                elif changed:
                    self._exact = {q: fact for q, fact in table.items() if fact[0].id not in changed}
                else:
                    self._exact = table
        return self._exact

    def _dated_kinds(self) -> dict[str, str] | None:
        """The kinds over the texts of *day*, or ``None`` when no erratum changed an IGAZ NÉV by then."""
        if not self._kinds_known:
            self._kinds_known = True
            changed = [(c, c.as_of(self.day)) for c in self.changed()]
            if any(now.true_names != then.true_names for now, then in changed):
                dated = {then.id: then for _, then in changed}
                self._kinds = kinds_of(dated.get(c.id, c) for c in self.source)
        return self._kinds


def cards_on(source: CardSource, day: dt.date) -> CardSource:
    """*source* as of *day*, one view per source and day (its lookups are remembered across decks).

    A source that cannot list its changed cards is returned as it is.
    """
    if not hasattr(source, "with_errata"):
        return source
    holder: Any = source  # a CardDatabase or a CardIndex: both list their cards and their changed ones
    views: dict[dt.date, CardsOn] | None = getattr(holder, "_korbiro_dated", None)
    if views is None:
        views = {}
        try:
            holder._korbiro_dated = views
        except AttributeError:  # a source that takes no attributes: a view per call
            pass
    view = views.get(day)
    if view is None:
        view = views[day] = CardsOn(holder, day)
    return view
