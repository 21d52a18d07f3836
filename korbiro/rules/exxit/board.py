"""EXXIT in the board-game protocol (:class:`korbiro.rules.boardgame.Board`).

    >>> from korbiro.rules.exxit.board import Board
    >>> board = Board()
    >>> board.legal_moves.count(), "drop 0,0" in board.legal_moves
    (4, True)
    >>> board.push("drop 0,0"); board.pop()
    Move.parse('drop 0,0')
"""

from __future__ import annotations

from ..boardgame import LegalMoves, Verdict
from .position import Move, Outcome, Position
from .render import svg_board

__all__ = ["Board"]


class Board:
    """An EXXIT :class:`~korbiro.rules.exxit.position.Position` with the protocol's words.

    A move is a :class:`Move` or its notation (``"drop 0,0"``).  :meth:`push` carries a move out
    unchecked, as python-chess does; ``move in board.legal_moves`` asks :meth:`is_legal`.
    """

    def __init__(self, position: Position | None = None) -> None:
        self.position = position if position is not None else Position()

    @property
    def legal_moves(self) -> LegalMoves[Move | str]:
        return LegalMoves(lambda: self.position.legal_moves(), self.is_legal, lambda: self.position.count_legal_moves())

    def is_legal(self, move: Move | str) -> bool:
        return self.position.is_legal(move)

    def check(self, move: Move | str) -> tuple[Verdict, ...]:
        """Every reason *move* is illegal here, most basic first (``()`` when legal)."""
        return tuple(self.position.reasons(move))

    def push(self, move: Move | str) -> None:
        self.position.push(move)

    def pop(self) -> Move:
        return self.position.pop()

    def outcome(self) -> Outcome | None:
        return self.position.outcome()

    def copy(self) -> Board:
        return Board(self.position.copy())

    def svg(self, lang: str = "en") -> str:
        return svg_board(self.position, lang=lang)
