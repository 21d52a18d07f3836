"""Zen: the tower game of Girls, Boys, Women, Men and black Warriors.

A small, exact model in the shape of python-chess:

* :class:`Position` — immutable; ``legal_moves()``, ``check(move)`` (``OK`` or a
  :class:`Verdict` with a stable code and the rule it rests on), ``play(move)``,
  ``outcome()``, ``score()``;
* :class:`Move` — one whole turn in the notation of docs/zen.md
  (``Move.parse("b3-b4@ a3-a2")``);
* :func:`setup` — the start position for 4, 3 or 2 players, dealt from a seed
  or from given cards;
* :func:`replay` / :func:`load_record` — check a game record turn by turn,
  reporting every violation;
* :class:`Options` — the named readings of the rulebook's gaps.

    >>> from korbiro.rules.zen import setup, Move
    >>> pos = setup(2, seed=3)
    >>> len(pos.legal_moves()) > 0
    True
    >>> pos.check(Move.parse("pass")).code
    'ZEN-MOVE-COMPULSORY'
    >>> pos.check(Move.parse("pass")).rule
    'Zen: Lépések 1'
"""

from __future__ import annotations

from .board import Board
from .draw import render, svg_tower
from .files import position_from_document, position_to_yaml
from .options import OPTION_HELP, Options
from .position import OK, PASS, Arrive, Move, Outcome, Pass, Position, Score, Step, Verdict
from .record import Record, ReplayReport, Violation, load_record, replay, replay_file
from .rules import parse_square, rule, square_name
from .setup import Deal, check_deal, check_placement, deal, prepare, setup

__all__ = [
    "Board",
    "OK",
    "OPTION_HELP",
    "PASS",
    "Arrive",
    "Deal",
    "Move",
    "Options",
    "Outcome",
    "Pass",
    "Position",
    "Record",
    "ReplayReport",
    "Score",
    "Step",
    "Verdict",
    "Violation",
    "check_deal",
    "check_placement",
    "deal",
    "load_record",
    "parse_square",
    "position_from_document",
    "position_to_yaml",
    "prepare",
    "render",
    "replay",
    "replay_file",
    "rule",
    "setup",
    "square_name",
    "svg_tower",
]
