"""One part of the engine, working on the shared :class:`~.table.Table`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import Table

__all__ = ["Part"]


class Part:
    """One part of the engine (the timeline machine, effects, deeds, …), working on the shared table.

    The table's state, options and trace writer are bound here, so that a
    part's code reads ``self.state`` and ``self.emit(…)`` as the table's own.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.state = table.state
        self.options = table.options
        self.format = table.format
        self.emit = table.emit
        self.admits = table.admits
        self.cite = table.cite
        self.require = table.require
        self.skip = table.skip
