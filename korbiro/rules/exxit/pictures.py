"""The pictures of a replay: the position after each ply, captioned with the ply and the rules its
move breaks (``korbiro exxit show RECORD --ply N --svg``, ``replay --svg-dir``, the web app)."""

from __future__ import annotations

from .position import Position
from .record import Ply
from .render import svg_board

__all__ = ["ply_caption", "ply_svg"]


def ply_caption(path: str, step: Ply, plies: int) -> list[str]:
    """``path: ply 3 of 5: drop 0,1``, then each rule the ply's move breaks."""
    what = "the start" if step.move is None else str(step.move.move)
    lines = [f"{path}: ply {step.ply} of {plies}: {what}"]
    for v in step.violations:
        done = "" if v.applied else " (not carried out)"
        lines.append(f"{v.code} [{v.rule}]: {v.message}{done}")
    return lines


def ply_svg(pos: Position, step: Ply | None, caption: list[str]) -> str:
    """The picture of *pos* (after *step*, when a record's): its move marked, a red frame when it broke a rule."""
    move = step.move.move if step is not None and step.move is not None else None
    return svg_board(pos, caption=caption, alert=bool(step and step.violations), move=move)
