"""The pictures of a replay: the Pathways after each turn, captioned with the turn and the rules it
breaks (``korbiro xig show RECORD --ply N --svg``, ``replay --svg-dir``, the web app)."""

from __future__ import annotations

from .draw import svg_pathways
from .model import Play
from .record import TurnStep
from .rules import cite

__all__ = ["turn_caption", "turn_svg"]


def turn_caption(path: str, step: TurnStep, turns: int) -> list[str]:
    """``path: turn 2 of 9: Anna: E4xW16``, then each rule the turn breaks."""
    if step.turn is None:
        lines = [f"{path}: turn 0 of {turns}: the set-up"]
    else:
        who = f"{step.turn.player}: " if step.turn.player else ""
        lines = [f"{path}: turn {step.ply} of {turns}: {who}{step.turn.text or '(nothing)'}"]
    for v in step.violations:
        lines.append(f"{v.move!r}: {v.code} [{cite(v.rule)}]: {v.message}")
    return lines


def turn_svg(step: TurnStep, caption: list[str]) -> str:
    """The picture of a replay step, the tiles its turn placed or knocked out marked."""
    marked = []
    for move in step.turn.moves if step.turn is not None else []:
        if isinstance(move, Play):
            marked += [move.tile] + ([move.knock] if move.knock else [])
    return svg_pathways(step.position, caption=caption, alert=bool(step.violations), marked=marked)
