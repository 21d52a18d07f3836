"""A :class:`Session`: the card database, its index, the formats and the rule index, and one method per use case.

    >>> from korbiro.app import Session
    >>> s = Session()                                                    # doctest: +SKIP
    >>> s.check_deck(s.read_deck("examples/decks/legal-limit3.deck")).legal  # doctest: +SKIP
    True

Everything is loaded when a use case first needs it, and once: a command that only shows a card reads
neither the formats nor the grammar.  The modules of the layers below are imported inside the methods for
the same reason (the command line's start-up, tests/cli/test_startup_imports.py).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from ..base.findings import Finding
    from ..data.cards import Card, CardSource, Lookup
    from ..data.check import CheckReport
    from ..data.formats import FormatSet
    from ..data.index import CardIndex
    from ..data.search import SearchResult
    from ..data.sources import Source
    from ..grammar.decklist import DeckList
    from ..grammar.query import Query
    from ..rules.mk.deck import DeckReport
    from ..rules.mk.deckstats import DeckStats
    from ..rules.mk.rulebook import Rulebook, Scenario
    from ..rules.mk.timeline.scenario import Result
    from .results import Exchange, KeywordExplanation, RuleView

__all__ = ["Session"]


class Session:
    """The card game's use cases on one card database (:func:`~korbiro.data.paths.chosen_database`:
    *db*, else ``$KORBIRO_DB``, else the configuration's, else the shipped sample).

    *formats_file* is a formats and banlist file of one's own (default: the shipped one); *rulings* the
    folder of the ruling scenarios (default: :func:`~korbiro.rules.mk.rulebook.default_rulings_dir`).
    *cards* is a card database already loaded (a :class:`~korbiro.data.cards.CardDatabase`, say) that the
    deck use cases read instead of the index.
    """

    def __init__(self, db: str | os.PathLike[str] | None = None, *,
                 formats_file: str | os.PathLike[str] | None = None,
                 rulings: str | os.PathLike[str] | None = None, cards: CardSource | None = None) -> None:
        self.db = db
        self._cards = cards
        self.formats_file = formats_file
        self.rulings = rulings
        self._index: CardIndex | None = None
        self._stale = False
        self._formats: FormatSet | None = None

    def __repr__(self) -> str:
        return f"Session(db={self.db!r})"

    # ------------------------------------------------------------------ what the use cases share

    @property
    def index(self) -> CardIndex:
        """The card index of the database, opened (built when needed) on first use; after :meth:`refresh`
        proved current again.  Raises :class:`~korbiro.base.errors.DataError` for a database with errors."""
        # lazy: start-up (the command line imports the index only when a command reads cards)
        from ..data.index import open_index, reopen_index
        from ..data.paths import database_files

        if self._index is None:
            self._index = open_index(files=database_files(self.db))
        elif self._stale:
            self._index = reopen_index(self._index, files=database_files(self.db))
        self._stale = False
        return self._index

    @property
    def cards(self) -> CardSource:
        """The cards the deck use cases look names up in: *cards* if given, else :attr:`index`."""
        return self._cards if self._cards is not None else self.index

    def refresh(self) -> None:
        """Have the next use of :attr:`index` prove it current (the set files may have changed since): a
        long-lived session (the web app's worker) calls this once per request."""
        self._stale = self._index is not None

    @property
    def formats(self) -> FormatSet:
        """The formats and banlists (*formats_file*, else the shipped ones), read on first use."""
        if self._formats is None:
            from ..data.formats import load_formats  # lazy: start-up

            self._formats = load_formats(self.formats_file)
        return self._formats

    @property
    def rulebook(self) -> Rulebook:
        """The rule index (loaded once per process)."""
        from ..rules.mk.rulebook import load_rulebook  # lazy: start-up

        return load_rulebook()

    def scenarios(self) -> tuple[str | None, list[Scenario]]:
        """The ruling scenarios' folder (``None``: there is none) and their titles, rules and keywords."""
        from ..rules.mk.rulebook import default_rulings_dir, load_scenarios  # lazy: start-up

        folder = self.rulings if self.rulings is not None else default_rulings_dir()
        return (str(folder) if folder is not None else None), load_scenarios(folder)

    def lookup(self, name: str) -> Card | None:
        """The card named *name* (no suggestions), or ``None``."""
        return self.index.lookup(name, suggest=False).card

    # ------------------------------------------------------------------ the database

    def check_database(self, sources: Sequence[Source] | None = None, *, use_cache: bool = True,
                       progress: Callable[[str], None] | None = None) -> CheckReport:
        """Every problem of the database's set files (*sources*: as read already, else the session's
        database's), and with a *formats_file*, that file's own (its schema, its banlists' dates, cards
        the database does not have).  Never raises for bad data; *progress* is told each file's name."""
        # lazy: start-up (a replayed check reads no YAML, no schema and no card model)
        from ..base.findings import sort_findings
        from ..data.check import check_database
        from ..data.paths import database_files
        from ..data.sources import read_source

        if sources is None:
            sources = [read_source(path) for path in database_files(self.db)]
        report = check_database(sources=sources, use_cache=use_cache, progress=progress)
        if self.formats_file:
            report.findings = sort_findings([*report.findings, *self._formats_findings([s.path for s in sources])])
        return report

    def _formats_findings(self, files: list[Path]) -> list[Finding]:
        """Schema and banlist self-checks of the formats file, against the cards of the database *files*."""
        # lazy: only a check of a formats file reads one
        from ..base.errors import DataError
        from ..data.check import load_database
        from ..data.formats import banlist_findings

        try:
            formats = self.formats
        except DataError as exc:
            return exc.findings
        try:
            names: list[str] | None = [c.name for c in load_database(files)]
        except DataError:
            names = None  # the database's own errors are reported already
        return banlist_findings(formats, names)

    @staticmethod
    def read_deck(source: str, text: str | None = None) -> DeckList:
        """The deck list of the file *source* (``-``: standard input), or of *text* named *source*.
        Raises :class:`~korbiro.base.errors.DeckError` for a list that cannot be read."""
        from ..grammar.decklist import read_deck_bytes, read_deck_file  # lazy: start-up

        if text is None:
            return read_deck_file(source)
        return read_deck_bytes(text.encode("utf-8", "surrogatepass"), source)

    # ------------------------------------------------------------------ decks

    def check_deck(self, deck: DeckList, *, ruleset: str | None = None, date: dt.date | None = None,
                   limit: int | None = None, before: DeckList | None = None) -> DeckReport:
        """The legality of *deck* under *ruleset* (default: the deck's ``Formátum:`` line, else the default
        format), as of *date*, under the card *limit*; with *before*, also the exchange from it (1.13.C).
        A format that is none of the formats file's raises :class:`~korbiro.base.errors.DeckError`
        (``MK-DECK-FORMAT``)."""
        from ..rules.mk.deck import check_deck  # lazy: start-up

        report = check_deck(deck, self.cards, fmt=ruleset, formats=self.formats, date=date, limit=limit)
        return report if before is None else self.add_exchange(report, before, deck)

    def add_exchange(self, report: DeckReport, before: DeckList, after: DeckList) -> DeckReport:
        """*report* (of *after*) with the findings of the exchange from *before* (1.13.C) added."""
        from ..rules.mk.deck import add_exchange  # lazy: start-up

        return add_exchange(report, before, after, self.cards)

    def check_ruleset(self, ruleset: str | None) -> None:
        """Refuse a *ruleset* that is none of the formats file's (``MK-DECK-FORMAT``, a did-you-mean)."""
        if ruleset is not None:
            self.formats.get(ruleset)

    def show_deck(self, deck: DeckList) -> DeckStats:
        """The statistics of *deck*: types, MP curve, races, keywords, tower and sideboard."""
        from ..rules.mk.deckstats import DeckStats  # lazy: start-up

        return DeckStats.of(deck, self.cards)

    def check_exchange(self, before: DeckList, after: DeckList) -> Exchange:
        """Whether *after* comes from *before* by a legal exchange between games (1.13.C)."""
        from ..rules.mk.deck import check_exchange  # lazy: start-up
        from .results import Exchange  # lazy: start-up

        return Exchange(before, after, check_exchange(before, after, self.cards))

    # ------------------------------------------------------------------ cards

    def search_cards(self, query: Query | str, *, sort: str = "name", limit: int | None = None, explain: bool = False,
                     date: dt.date | None = None, shown: bool = False) -> SearchResult:
        """The cards matching *query* (the card search language).  A query that does not parse, or names a
        format the formats file does not have, raises :class:`~korbiro.base.errors.RulesSyntaxError`; the
        formats are read only when given as a file or when the query asks for them."""
        from ..data.search import search  # lazy: start-up

        formats = self.formats if self.formats_file else None
        return search(self.index, query, sort=sort, limit=limit, explain=explain, formats=formats, date=date,
                      shown=shown)

    def show_card(self, query: str) -> Lookup:
        """The card named *query* (a printed name or an id), or why there is none (did-you-mean, candidates)."""
        return self.index.lookup(query)

    # ------------------------------------------------------------------ rules

    def show_rule(self, rule_id: str) -> RuleView:
        """The rule *rule_id* (case and loose separators forgiven), the rules below it and the ruling
        scenarios that cite it; the scenarios are read only for a rule that exists."""
        from .results import RuleView  # lazy: start-up

        book = self.rulebook
        found = book.get(rule_id)
        if found is None:
            return RuleView(rule_id, None)
        folder, scenarios = self.scenarios()
        return RuleView(rule_id, found, book.descendants(found.id), folder, scenarios,
                        [s for s in scenarios if s.cites(found.id, book)])

    def explain_keyword(self, name: str, limit: int = 5) -> KeywordExplanation:
        """The keyword *name* (accents, case and spacing ignored; a unique beginning is enough) explained:
        up to *limit* example cards of the database, its rule and the ruling scenarios that exercise it."""
        from ..base.text import fold  # lazy: start-up
        from ..rules.mk.rulebook import find_keyword  # lazy: start-up
        from .results import KeywordExplanation  # lazy: start-up

        match = find_keyword(name)
        keyword = match.keyword
        if keyword is None:
            return KeywordExplanation(match)
        index = self.index
        where = "rowid IN (SELECT card FROM keywords WHERE keyword_fold = ? AND rule IS ?)"
        params = (fold(keyword.keyword), keyword.rule)
        total = int(index.rows(f"SELECT count(*) FROM cards WHERE {where}", params)[0][0])
        found = index.select(where, params, order="name", limit=limit) if limit else []
        examples = []
        for c in found:
            line = next((text for kw, r, text in c.keyword_summary() if kw == keyword.keyword and r == keyword.rule),
                        keyword.keyword)
            examples.append((c, line))
        book = self.rulebook
        folder, scenarios = self.scenarios()
        return KeywordExplanation(match, examples, total, book.get(keyword.rule) if keyword.rule else None, folder,
                                  [s for s in scenarios if s.exercises(keyword, book)])

    # ------------------------------------------------------------------ rulings

    def resolve(self, path: str, *, text: str | None = None, options: Mapping[str, str] | None = None,
                until: int | None = None, suggest: bool = True) -> Result:
        """The scenario of the file *path* (or of *text*, named *path*) run against the database, with the
        rule *options*, to its end or to step *until* (*suggest*: an unknown card's did-you-mean).  Raises :class:`~korbiro.base.errors.KorbiroError`
        for a scenario that cannot be read or run."""
        from ..rules.mk.timeline.scenario import run_file  # lazy: start-up

        index = self.index
        hint: Callable[[str], list[str]] | None = index.suggest if suggest else None
        return run_file(path, lookup=self.lookup, options=options, until=until, text=text, suggest=hint)


