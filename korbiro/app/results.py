"""What the session's use cases answer where no layer below has a type for it: a deck exchange, a keyword
explained, a rule shown.

Kept apart from :mod:`korbiro.app.session` and imported by the use cases that answer one, so that the
other commands do not build these classes at start-up (a frozen dataclass costs ~0.6 ms to make).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..base.findings import Finding
    from ..data.cards import Card
    from ..grammar.decklist import DeckList
    from ..grammar.keywords import Keyword
    from ..rules.mk.rulebook import KeywordMatch, Rule, Scenario

__all__ = ["Exchange", "KeywordExplanation", "RuleView"]


@dataclass(frozen=True)
class Exchange:
    """A deck exchange between games (1.13.C): the two lists, every finding, and whether it is legal."""

    before: DeckList
    after: DeckList
    findings: list[Finding]

    @property
    def legal(self) -> bool:
        from ..base.findings import Severity  # lazy: start-up

        return not any(f.severity is Severity.ERROR for f in self.findings)


@dataclass(frozen=True)
class KeywordExplanation:
    """A keyword explained: the *match* of its name (:func:`~korbiro.rules.mk.rulebook.find_keyword`; no
    keyword: its candidates or suggestions, and nothing else is looked up), up to *limit* example cards
    (each with the line that shows the keyword) and how many cards carry it, its rule, and the ruling
    scenarios (of the folder *rulings*) that exercise it."""

    match: KeywordMatch
    examples: list[tuple[Card, str]] = field(default_factory=list)
    examples_total: int = 0
    rule: Rule | None = None
    rulings: str | None = None
    scenarios: list[Scenario] = field(default_factory=list)

    @property
    def keyword(self) -> type[Keyword] | None:
        return self.match.keyword


@dataclass(frozen=True)
class RuleView:
    """A rule shown: the *rule* named by *query* (``None``: no such rule) and the rules below it, and the
    ruling scenarios of the folder *rulings* (every one, for the JSON) with those that cite it."""

    query: str
    rule: Rule | None
    below: list[Rule] = field(default_factory=list)
    rulings: str | None = None
    scenarios: list[Scenario] = field(default_factory=list)
    cited: list[Scenario] = field(default_factory=list)
