"""korbiro: the round's referee.

Rules checks and card-database tools for M.A.G.U.S. Kártyajáték (MK), and
engines for the board games EXXIT, XIG and Zen.  The public library surface is
small and imported lazily, so that the command line starts quickly:

* :class:`Session` – the card game's use cases on one card database (check a deck, show a deck, check
  a deck exchange, resolve a scenario, search cards, show a card, explain a keyword), the index, formats
  and rule index loaded once (:mod:`korbiro.app`);
* :func:`load_database` – a card database (set files or folders of them);
* :func:`check_database` – every problem of a card database;
* :func:`check_deck` – the legality of a deck list, every finding with its rule;
* :func:`deck_stats` – a deck list's statistics (types, MP curve, races, keywords) and chart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base.version import __version__

__all__ = ["Session", "__version__", "check_database", "check_deck", "deck_stats", "load_database"]

if TYPE_CHECKING:
    import datetime as dt

    from .app import Session
    from .data.cards import CardDatabase
    from .rules.mk.deck import DeckReport
    from .rules.mk.deckstats import DeckStats


def __getattr__(name: str) -> Any:
    """:class:`Session`, imported when first asked for (the command line never is)."""
    if name == "Session":
        from .app import Session  # lazy: start-up

        return Session
    raise AttributeError(f"module 'korbiro' has no attribute {name!r}")


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
    return _session(db).check_deck(_deck_list(deck), ruleset=fmt, date=date)


def _session(db: Any) -> Session:
    """A session on the cards *db* (a loaded card database or index), else on the database the commands
    read (``$KORBIRO_DB``, else the configuration's, else the shipped sample)."""
    from .app import Session  # lazy: start-up

    return Session(cards=db)


def _deck_list(deck: str) -> Any:
    """The deck list *deck*: the text of one when it has a newline, else a file's path."""
    from .app import Session  # lazy: start-up

    return Session.read_deck("<deck>", deck) if "\n" in deck else Session.read_deck(deck)


def deck_stats(deck: str, db: Any = None) -> DeckStats:
    """A deck list's statistics: *deck* is a file path, or the text of a deck list when it has a newline.

    ``print(stats)`` shows the tables of ``korbiro deck show``, ``stats.to_dict()`` its JSON and
    ``stats.svg()`` its chart (``_repr_svg_`` draws it in a notebook).
    """
    return _session(db).show_deck(_deck_list(deck))
