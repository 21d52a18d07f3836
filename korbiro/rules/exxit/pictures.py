"""The pictures of a replay: the position after each ply, captioned with the ply and the rules its
move breaks (``korbiro exxit show RECORD --ply N --svg``, ``replay --svg-dir``, the web app)."""

from __future__ import annotations

from .draw import svg_board
from .messages import say
from .position import Position
from .record import Ply

__all__ = ["ply_caption", "ply_line", "ply_svg"]


def ply_line(path: str, step: Ply, plies: int, lang: str = "en") -> str:
    """``path: ply 3 of 5: drop 0,1`` (or ``the start``), in *lang*."""
    if step.move is None:
        return say("EXXIT.ply.start", lang, path=path, ply=step.ply, plies=plies)
    return say("EXXIT.ply", lang, path=path, ply=step.ply, plies=plies, move=str(step.move.move))


def ply_caption(path: str, step: Ply, plies: int, lang: str = "en") -> list[str]:
    """The ply's line, then each rule the ply's move breaks (and whether it was carried out)."""
    return [ply_line(path, step, plies, lang), *(v.caption(lang) for v in step.violations)]


def ply_svg(pos: Position, step: Ply | None, caption: list[str], lang: str = "en") -> str:
    """The picture of *pos* (after *step*, when a record's): its move marked, a red frame when it broke a rule."""
    move = step.move.move if step is not None and step.move is not None else None
    return svg_board(pos, caption=caption, alert=bool(step and step.violations), move=move, lang=lang)
