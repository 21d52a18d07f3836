"""XIG in the board-game protocol (:class:`korbiro.rules.boardgame.Board`).

A move is one of :data:`~korbiro.rules.xig.model.Move`'s kinds.  The list of legal moves names one
representative draw for the end of a turn (:meth:`Position.canonical_draws`); any draw the rules
allow is ``in board.legal_moves``, which asks :meth:`is_legal`.
"""

from __future__ import annotations

from ..boardgame import LegalMoves, Verdict
from .draw import svg_pathways
from .model import Move, Outcome, Position

__all__ = ["Board"]


class Board:
    """A XIG :class:`~korbiro.rules.xig.model.Position` with the protocol's words; :meth:`push`
    refuses an illegal move (``IllegalActionError`` with its code and rule)."""

    def __init__(self, position: Position) -> None:
        self.position = position

    @property
    def legal_moves(self) -> LegalMoves[Move]:
        return LegalMoves(lambda: self.position.legal_moves(), self.is_legal)

    def is_legal(self, move: Move) -> bool:
        return self.position.is_legal(move)

    def check(self, move: Move) -> tuple[Verdict, ...]:
        """Every rule *move* breaks here (``()`` when legal)."""
        return self.position.check(move)

    def push(self, move: Move) -> None:
        self.position.push(move)

    def pop(self) -> Move:
        return self.position.pop()

    def outcome(self) -> Outcome | None:
        return self.position.outcome()

    def copy(self) -> Board:
        return Board(self.position.copy())

    def svg(self, lang: str = "en") -> str:
        return svg_pathways(self.position, lang=lang)
