"""The pictures of a replay: the Pathways after each turn, captioned with the turn and the rules it
breaks (``korbiro xig show RECORD --ply N --svg``, ``replay --svg-dir``, the web app)."""

from __future__ import annotations

from .draw import svg_pathways
from .messages import say
from .position import Play
from .record import TurnStep

__all__ = ["turn_caption", "turn_svg"]


def turn_caption(path: str, step: TurnStep, turns: int, lang: str = "en") -> list[str]:
    """``path: turn 2 of 9: Anna: E4xW16``, then each rule the turn breaks, in *lang*."""
    if step.turn is None:
        lines = [say("XIG.turn.setup", lang, path=path, turns=turns)]
    else:
        who = f"{step.turn.player}: " if step.turn.player else ""
        lines = [say("XIG.turn", lang, path=path, ply=step.ply, turns=turns, who=who,
                     text=step.turn.text or say("XIG.turn.nothing", lang))]
    return lines + [v.caption(lang) for v in step.violations]


def turn_svg(step: TurnStep, caption: list[str], lang: str = "en") -> str:
    """The picture of a replay step, the tiles its turn placed or knocked out marked."""
    marked = []
    for move in step.turn.moves if step.turn is not None else []:
        if isinstance(move, Play):
            marked += [move.tile] + ([move.knock] if move.knock else [])
    return svg_pathways(step.position, caption=caption, alert=bool(step.violations), marked=marked, lang=lang)
