"""korbiro: the round's referee.

Rules checks and card-database tools for M.A.G.U.S. Kártyajáték (MK), and
engines for the board games EXXIT, XIG and Zen.  The public library surface is
small and imported lazily, so that the command line starts quickly:

* :func:`load_database` – a card database (set files or folders of them);
* :func:`check_database` – every problem of a card database;
* :func:`check_deck` – the legality of a deck list, every finding with its rule;
* :func:`deck_stats` – a deck list's statistics (types, MP curve, races, keywords) and chart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base.version import __version__

__all__ = ["__version__", "check_database", "check_deck", "deck_stats", "load_database"]

if TYPE_CHECKING:
    import datetime as dt

    from .data.cards import CardDatabase
    from .rules.mk.deck import DeckReport
    from .rules.mk.deckstats import DeckStats


def load_database(paths: Any = None) -> CardDatabase:
    """Load a card database (default: ``$KORBIRO_DB``, else the shipped sample)."""
    from .data.check import load_database as _load

    return _load(paths)


def check_database(paths: Any = None, *, use_cache: bool = True) -> Any:
    """Check a card database; returns a report with every finding."""
    from .data.check import check_database as _check

    return _check(paths, use_cache=use_cache)


def check_deck(
    deck: str,
    db: Any = None,
    *,
    fmt: str | None = None,
    date: dt.date | None = None,
) -> DeckReport:
    """Check a deck list: *deck* is a file path, or the text of a deck list when it has a newline (text or
    YAML, told apart as a file's content is).

    Every problem of the deck is a finding of the report; a list that cannot be read, or names a format that
    is none of the formats file's (``MK-DECK-FORMAT``, with a did-you-mean), raises
    :class:`~korbiro.base.errors.DeckError`, and a *fmt* that is no format a usage error of the same code.
    """
    from .data.index import open_index
    from .rules.mk.deck import check_deck as _check

    return _check(_deck_list(deck), db if db is not None else open_index(), fmt=fmt, date=date)


def _deck_list(deck: str) -> Any:
    """The deck list *deck*: the text of one when it has a newline, else a file's path."""
    from .grammar.decklist import read_deck_bytes, read_deck_file

    return read_deck_bytes(deck.encode("utf-8", "surrogatepass"), "<deck>") if "\n" in deck else read_deck_file(deck)


def deck_stats(deck: str, db: Any = None) -> DeckStats:
    """A deck list's statistics: *deck* is a file path, or the text of a deck list when it has a newline.

    ``print(stats)`` shows the tables of ``korbiro deck show``, ``stats.to_dict()`` its JSON and
    ``stats.svg()`` its chart (``_repr_svg_`` draws it in a notebook).
    """
    from .data.index import open_index
    from .rules.mk.deckstats import DeckStats as _Stats

    return _Stats.of(_deck_list(deck), db if db is not None else open_index())
