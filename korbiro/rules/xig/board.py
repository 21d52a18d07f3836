"""XIG in the board-game protocol (:class:`korbiro.rules.boardgame.Board`).

A move is one of :data:`~korbiro.rules.xig.position.Move`'s kinds.  The list of legal moves names one
representative draw for the end of a turn (:meth:`Position.canonical_draws`); any draw the rules
allow is ``in board.legal_moves``, which asks :meth:`is_legal`.
"""

from __future__ import annotations

from ..boardgame import PositionBoard, Verdict
from .draw import svg_pathways
from .position import Move, Position

__all__ = ["Board"]


class Board(PositionBoard[Move, Position]):
    """A XIG :class:`~korbiro.rules.xig.position.Position` with the protocol's words; :meth:`push`
    refuses an illegal move (``IllegalActionError`` with its code and rule)."""

    def check(self, move: Move) -> tuple[Verdict, ...]:
        """Every rule *move* breaks here (``()`` when legal)."""
        return self.position.check(move)

    def svg(self, lang: str = "en") -> str:
        return svg_pathways(self.position, lang=lang)
