"""EXXIT: positions, legal moves, game-record replay, scoring and perft.

A small exact model in python-chess's shape::

    >>> from korbiro.rules.exxit import Position, Move
    >>> pos = Position()                       # the standard start, White to move
    >>> pos.play("drop 0,0")
    >>> pos.play("drop 1,0")
    >>> [str(m) for m in pos.legal_moves()]    # a white chip next to a black one must dance
    ['dance 0,0 e']
    >>> pos.check(Move.parse("pass")).code
    'EXXIT-PASS-NOT-ALLOWED'
    >>> pos.pop()
    Move.parse('drop 1,0')

The rules, the notation and the ambiguity options are documented in
``docs/exxit.md``.
"""

from __future__ import annotations

from .board import Board
from .files import dump_position, load_position, load_position_text, position_to_dict
from .hexes import DIRECTIONS, format_hex, parse_hex
from .perft import divide, perft, perft_full
from .position import (
    BLACK,
    COLOURS,
    OK,
    WHITE,
    IllegalMoveError,
    Move,
    Outcome,
    Position,
    PositionError,
    Termination,
    Verdict,
)
from .record import (
    Ply,
    Record,
    ReplayReport,
    Violation,
    file_kind,
    parse_record,
    parse_record_text,
    position_after,
    replay,
    replay_plies,
)
from .rules import OPTION_INFO, REASONS, RULES, VARIANTS, Options, Reason, Rule

__all__ = [
    "Board",
    "BLACK",
    "COLOURS",
    "DIRECTIONS",
    "IllegalMoveError",
    "Move",
    "OK",
    "OPTION_INFO",
    "Options",
    "Outcome",
    "Ply",
    "Position",
    "PositionError",
    "REASONS",
    "RULES",
    "Reason",
    "Record",
    "ReplayReport",
    "Rule",
    "Termination",
    "VARIANTS",
    "Verdict",
    "Violation",
    "WHITE",
    "divide",
    "dump_position",
    "format_hex",
    "file_kind",
    "load_position",
    "load_position_text",
    "parse_hex",
    "parse_record",
    "parse_record_text",
    "perft",
    "perft_full",
    "position_after",
    "position_to_dict",
    "replay",
    "replay_plies",
]
