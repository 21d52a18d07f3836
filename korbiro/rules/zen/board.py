"""Zen in the board-game protocol (:class:`korbiro.rules.boardgame.Board`).

A Zen :class:`~korbiro.rules.zen.position.Position` is immutable (``play`` gives the next one); the
board keeps the positions it went through, so that :meth:`Board.pop` takes a turn back.

    >>> from korbiro.rules.zen import Move, setup
    >>> from korbiro.rules.zen.board import Board
    >>> board = Board(setup(2, seed=3))
    >>> Move.parse("pass") in board.legal_moves
    False
    >>> [v.code for v in board.check(Move.parse("pass"))]
    ['ZEN-MOVE-COMPULSORY']
"""

from __future__ import annotations

from ..boardgame import LegalMoves, Verdict
from .draw import svg_tower
from .position import Move, Outcome, Position

__all__ = ["Board"]


class Board:
    """A Zen position with its history and the protocol's words; :meth:`push` refuses an illegal
    turn (``IllegalActionError`` with its code and rule)."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self._stack: list[tuple[Position, Move]] = []

    @property
    def legal_moves(self) -> LegalMoves[Move]:
        return LegalMoves(lambda: self.position.legal_moves(), self.is_legal)

    def is_legal(self, move: Move) -> bool:
        return self.position.is_legal(move)

    def check(self, move: Move) -> tuple[Verdict, ...]:
        """Every violation in *move* (``()`` when legal)."""
        return tuple(self.position.violations(move))

    def push(self, move: Move) -> None:
        after = self.position.play(move)
        self._stack.append((self.position, move))
        self.position = after

    def pop(self) -> Move:
        self.position, move = self._stack.pop()
        return move

    @property
    def move_stack(self) -> list[Move]:
        return [move for _, move in self._stack]

    def outcome(self) -> Outcome | None:
        return self.position.outcome()

    def copy(self) -> Board:
        other = Board(self.position)
        other._stack = list(self._stack)
        return other

    def svg(self, lang: str = "en") -> str:
        return svg_tower(self.position, lang=lang)
