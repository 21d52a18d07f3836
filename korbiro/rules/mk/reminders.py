"""The rules text of each keyword line (its reminder), in Hungarian and English, from the rule index.

A keyword object says which rule explains it, which of that rule's reminders
fits its line and the values the text is filled with
(:meth:`korbiro.grammar.keywords.Keyword.reminder_args`); the texts themselves
are the ``reminders:`` of ``rulebook.yaml``:

    >>> from korbiro.grammar.keywords import Kincskereses
    >>> reminder_text(Kincskereses(2))
    'after a quest of Kincs at most 2, the team returns awake (1.14.14.B)'
    >>> reminder_text(Kincskereses(2), "hu")
    'legfeljebb 2 Kincsű küldetés megoldása után a csapat éberen tér haza (1.14.14.B)'

Free text (a quoted line) is its own rules text and has none.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...grammar.keywords import Keyword
    from .rulebook import Rulebook

__all__ = ["Reminder", "reminder", "reminder_text", "reminders"]


@dataclass(frozen=True)
class Reminder:
    """The rules text of one card-text line: the line (``…`` for a quoted text), the rule, the text in each language."""

    line: str
    rule: str
    texts: dict[str, str]

    def text(self, lang: str = "en") -> str:
        """The rules text in *lang*, with its rule id: ``"… the team returns awake (1.14.14.B)"``."""
        return f"{self.texts.get(lang) or self.texts['en']} ({self.rule})"

    def to_dict(self) -> dict[str, Any]:
        """``{"line", "rule", "en", "hu"}``: the line, its rule and its rules text in both languages."""
        return {"line": self.line, "rule": self.rule, **{lang: self.text(lang) for lang in ("en", "hu")}}


def reminder(keyword: Keyword, book: Rulebook | None = None) -> Reminder | None:
    """The rules text of *keyword*'s line, or ``None`` (free text; a keyword the index has no text for)."""
    rule_id = keyword.reminder_rule_id()
    if rule_id is None:
        return None
    if book is None:
        from .rulebook import load_rulebook  # lazy: a card of free text alone needs no rule index

        book = load_rulebook()
    rule = book.get(rule_id)
    templates = rule.reminders.get(keyword.reminder_key()) if rule is not None else None
    if not templates:
        return None
    args = keyword.reminder_args()
    return Reminder(_label(keyword.render()), rule_id, {lang: t.format(**args) for lang, t in templates.items()})


def _label(line: str) -> str:
    """The line with ``…`` for its quoted text, which the card shows already (``SZELLEM 3 "…"``)."""
    head, quote, _ = line.partition('"')
    return f'{head.rstrip()} "…"' if quote and head.strip() else line


def reminder_text(keyword: Keyword, lang: str = "en", book: Rulebook | None = None) -> str | None:
    """The rules text of *keyword*'s line in *lang*, with its rule id; ``None`` for free text."""
    found = reminder(keyword, book)
    return found.text(lang) if found is not None else None


def reminders(keywords: Iterable[Keyword], book: Rulebook | None = None) -> list[Reminder]:
    """The rules texts of a card's lines, in order, one per distinct line (free text has none)."""
    out: list[Reminder] = []
    seen: set[str] = set()
    for k in keywords:
        found = reminder(k, book)
        if found is not None and found.line not in seen:
            seen.add(found.line)
            out.append(found)
    return out
