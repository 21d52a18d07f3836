"""The pictures of a replay: the tower after each turn, captioned with the turn and the rules it
breaks (``korbiro zen show RECORD --ply N --svg``, ``replay --svg-dir``, the web app)."""

from __future__ import annotations

from .draw import svg_tower
from .messages import say
from .position import Arrive, Step
from .record import ReplayReport

__all__ = ["turn_caption", "turn_svg"]


def turn_caption(report: ReplayReport, ply: int, lang: str = "en") -> list[str]:
    """``path: turn 2 of 18: B: b3-b2 c1-d1``, then each rule the turn breaks, in *lang*."""
    turns = len(report.positions) - 1
    if ply == 0:
        lines = [say("ZEN.turn.setup", lang, path=report.path, turns=turns)]
    else:
        turn = report.turns[ply - 1]
        who = f"{turn.player}: " if turn.player else ""
        lines = [say("ZEN.turn", lang, path=report.path, ply=ply, turns=turns, who=who,
                     text=turn.text or say("ZEN.turn.nothing", lang))]
    return lines + [v.caption(lang) for v in report.violations if v.ply == ply]


def turn_svg(report: ReplayReport, ply: int, lang: str = "en") -> str:
    """The picture of the position after turn *ply*, its steps and arrivals marked."""
    steps: list[tuple[int, int]] = []
    arrivals: list[int] = []
    move = report.turns[ply - 1].move if ply else None
    for act in move.actions if move is not None else ():
        if isinstance(act, Step):
            steps.append((act.frm, act.to))
        elif isinstance(act, Arrive):
            arrivals.append(act.square)
    alert = any(v.ply == ply for v in report.violations)
    return svg_tower(report.positions[ply], caption=turn_caption(report, ply, lang), alert=alert, steps=steps,
                     arrivals=arrivals, lang=lang)
