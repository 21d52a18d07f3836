"""What the session's use cases answer where no layer below has a type for it: a deck exchange, a keyword
explained, a rule shown.

Kept apart from :mod:`korbiro.app.session` and imported by the use cases that answer one, so that the
other commands do not build these classes at start-up; they are named tuples, as a frozen dataclass costs
CPython 3.11 ~0.6 ms to make.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..base.findings import Finding
    from ..data.cards import Card
    from ..grammar.decklist import DeckList
    from ..grammar.keywords import Keyword
    from ..rules.mk.rulebook import KeywordMatch, Rule, Scenario

__all__ = ["Exchange", "KeywordExplanation", "RuleView"]


class Exchange(NamedTuple):
    """A deck exchange between games (1.13.C): the two lists, every finding, and whether it is legal."""

    before: DeckList
    after: DeckList
    findings: list[Finding]

    @property
    def legal(self) -> bool:
        from ..base.findings import Severity  # lazy: start-up

        return not any(f.severity is Severity.ERROR for f in self.findings)


class KeywordExplanation(NamedTuple):
    """A keyword explained: the *match* of its name (:func:`~korbiro.rules.mk.rulebook.find_keyword`; no
    keyword: its candidates or suggestions, and nothing else is looked up), up to *limit* example cards
    (each with the line that shows the keyword) and how many cards carry it, its rule, and the ruling
    scenarios (of the folder *rulings*) that exercise it."""

    match: KeywordMatch
    examples: Sequence[tuple[Card, str]] = ()
    examples_total: int = 0
    rule: Rule | None = None
    rulings: str | None = None
    scenarios: Sequence[Scenario] = ()

    @property
    def keyword(self) -> type[Keyword] | None:
        return self.match.keyword


class RuleView(NamedTuple):
    """A rule shown: the *rule* named by *query* (``None``: no such rule) and the rules below it, and the
    ruling scenarios of the folder *rulings* (every one, for the JSON) with those that cite it."""

    query: str
    rule: Rule | None
    below: Sequence[Rule] = ()
    rulings: str | None = None
    scenarios: Sequence[Scenario] = ()
    cited: Sequence[Scenario] = ()
