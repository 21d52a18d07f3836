"""One printed ability of a card (its ``abilities:`` entry): a module of its own, so that the card model and
the readers of the printed fields (:mod:`.fields`) share it without importing each other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .behaviour import Behaviour

__all__ = ["Ability"]


@dataclass(frozen=True)
class Ability:
    """One printed ability of a card (its ``abilities:`` entry, docs/data-format.md).

    ``kind`` is ``képesség`` (an adventurer's ability) or ``laphatás`` (a card effect); ``marks`` the
    canonical English ids of its printed marks (``constant``, ``one_per_player``, ``combat``,
    ``before_combat``, ``interrupt``, ``once``, ``rests``, ``lost``, ``repeatable``); ``behaviour`` what
    it does, parsed, or None when the entry writes none.
    """

    kind: str
    marks: frozenset[str] = frozenset()
    name: str | None = None
    mp: int | str | None = None
    text: str = ""
    behaviour: Behaviour | None = None

    @property
    def modelled(self) -> bool:
        """True when the ability's behaviour is written (``data coverage``)."""
        return self.behaviour is not None
