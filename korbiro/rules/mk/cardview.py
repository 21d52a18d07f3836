"""A card as ``korbiro card show --format json`` (and the web app's ``/api/cards/…``) gives it: the card, the
rules text of its keywords, and, when asked, the text in force on a day and the text's history.

    >>> from korbiro.data.cards import Card, Lookup
    >>> show_dict(Lookup("wirg", Card("A-001", "Wirg", "akadálylap", "bestia", text="")), reminders=False)["query"]
    'wirg'
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ...data.cards import Card, Lookup
from ...data.history import word_diff
from .reminders import reminders as keyword_reminders

__all__ = ["history_dict", "show_dict"]


def show_dict(found: Lookup, *, date: dt.date | None = None, history: bool = False, reminders: bool = True,
              lang: str = "en") -> dict[str, Any]:
    """The answer to a card lookup: the card (as of *date*), its keywords' rules text, its history (or why
    no card was found, in *lang*)."""
    if found.card is None:
        return found.to_dict(lang)
    card = found.card
    shown = card.as_of(date) if date is not None else card
    out: dict[str, Any] = {"query": found.query, "card": shown.to_dict()}
    if date is not None:
        version = card.version_on(date)
        out["date"] = date.isoformat()
        out["version"] = version.to_dict() if version is not None else None
    if reminders:
        out["reminders"] = [r.to_dict() for r in keyword_reminders(shown.keywords)]
    if history:
        out["history"] = history_dict(card)
    return out


def history_dict(card: Card) -> list[dict[str, Any]]:
    """Each version of the card's text, with its diff from the one before (``None`` for the first)."""
    out: list[dict[str, Any]] = []
    for i, v in enumerate(card.history):
        entry = v.to_dict()
        entry["diff"] = None if i == 0 else [p.to_dict() for p in word_diff(card.history[i - 1].text, v.text)]
        out.append(entry)
    return out
