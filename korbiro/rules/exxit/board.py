"""EXXIT in the board-game protocol (:class:`korbiro.rules.boardgame.Board`).

    >>> from korbiro.rules.exxit.board import Board
    >>> board = Board()
    >>> board.legal_moves.count(), "drop 0,0" in board.legal_moves
    (4, True)
    >>> board.push("drop 0,0"); board.pop()
    Move.parse('drop 0,0')
"""

from __future__ import annotations

from collections.abc import Callable

from ..boardgame import PositionBoard, Verdict
from .draw import svg_board
from .position import Move, Position

__all__ = ["Board"]


class Board(PositionBoard[Move | str, Position]):
    """An EXXIT :class:`~korbiro.rules.exxit.position.Position` with the protocol's words.

    A move is a :class:`Move` or its notation (``"drop 0,0"``).  :meth:`push` carries a move out
    unchecked, as python-chess does; ``move in board.legal_moves`` asks :meth:`is_legal`.
    """

    def __init__(self, position: Position | None = None) -> None:
        super().__init__(position if position is not None else Position())

    def _count(self) -> Callable[[], int]:
        return self.position.count_legal_moves

    def check(self, move: Move | str) -> tuple[Verdict, ...]:
        """Every reason *move* is illegal here, most basic first (``()`` when legal)."""
        return tuple(self.position.reasons(move))

    def svg(self, lang: str = "en") -> str:
        return svg_board(self.position, lang=lang)
