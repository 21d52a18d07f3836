"""The engine's parts, as the legal-action listing reads them: a native base of :class:`~.engine.Engine`.

:mod:`.legal` lists what a player may do by reading the engine's table, state, stack, deeds and manoeuvres and by
probing actions; the engine imports the listing, so the listing cannot import the engine.  It types the engine
as this base class instead (python-chess's ``BaseBoard`` under ``Board``): compiled (setup.py), each part is read
as a field of a native object and :meth:`probe` is called directly, where a protocol's attributes are looked up by
name.
"""

from __future__ import annotations

from ....base.errors import IllegalActionError
from ....grammar.action import Action
from .deeds import Deeds
from .maneuvers import Maneuvers
from .model import GameState
from .stack import TimelineStack
from .table import Table

__all__ = ["EngineParts"]


class EngineParts:
    """The parts :class:`~.engine.Engine` builds, and its probe (which it defines)."""

    table: Table
    #: the game state (the table's)
    state: GameState
    stack: TimelineStack
    deeds: Deeds
    maneuvers: Maneuvers

    @property
    def options(self) -> dict[str, str]:
        """The game's options (the table's)."""
        return self.table.options

    def probe(self, player: str | None, a: Action, *, turn: bool = True,
              shape: bool = True) -> IllegalActionError | None:
        """Whether *a* would be accepted now (:meth:`.engine.Engine.probe`)."""
        raise NotImplementedError
