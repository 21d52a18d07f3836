"""XIG: The Four Elements: protection, legal plays, XAP cards and game-record replay.

The public surface::

    from korbiro.rules.xig import load_position, replay_file, Tile

    pos = load_position("examples/xig/position.yaml")
    pos.legal_moves()                 # what the player to move may do
    pos.check(move)                   # () when legal, else violations with code and rule
    pos.protection(Tile("W", 27))     # protected?, the rule, and why
    replay_file("examples/xig/illegal.yaml").violations

Rules are cited by paragraph id (``XIG 5.2``) and English rulebook section
(``Protected Tiles``); ``docs/xig.md`` indexes them.
"""

from __future__ import annotations

from .board import Board
from .cards import XapCard, XapCardSet, load_cards, sample_cards
from .layout import IB, OB, RING, Layout, Section, Tile, load_layout, sample_layout
from .notation import NotationError, format_turn, parse_tile, parse_turn
from .position import (
    OK,
    DrawXap,
    EndTurn,
    FlipXig,
    GameConfig,
    Give,
    Move,
    Options,
    Pass,
    Phase,
    Play,
    PlayXap,
    Position,
    Protection,
    Side,
    Violation,
)
from .record import (
    Record,
    ReplayResult,
    ReplayViolation,
    load_any,
    load_position,
    load_position_text,
    load_record,
    load_record_text,
    replay,
    replay_file,
)
from .rules import RULES, cite
from .setup import GameSpec, PlayerSpec, SetupError, new_game

__all__ = [
    "Board",
    "IB",
    "OB",
    "OK",
    "RING",
    "RULES",
    "DrawXap",
    "EndTurn",
    "FlipXig",
    "GameConfig",
    "GameSpec",
    "Give",
    "Layout",
    "Move",
    "NotationError",
    "Options",
    "Pass",
    "Phase",
    "Play",
    "PlayXap",
    "PlayerSpec",
    "Position",
    "Protection",
    "Record",
    "ReplayResult",
    "ReplayViolation",
    "Section",
    "SetupError",
    "Side",
    "Tile",
    "Violation",
    "XapCard",
    "XapCardSet",
    "cite",
    "format_turn",
    "load_any",
    "load_cards",
    "load_layout",
    "load_position",
    "load_position_text",
    "load_record",
    "load_record_text",
    "new_game",
    "parse_tile",
    "parse_turn",
    "replay",
    "replay_file",
    "sample_cards",
    "sample_layout",
]
