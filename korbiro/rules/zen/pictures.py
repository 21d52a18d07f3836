"""The pictures of a replay: the tower after each turn, captioned with the turn and the rules it
breaks (``korbiro zen show RECORD --ply N --svg``, ``replay --svg-dir``, the web app)."""

from __future__ import annotations

from .draw import svg_tower
from .position import Arrive, Step
from .replay import ReplayReport

__all__ = ["turn_caption", "turn_svg"]


def turn_caption(report: ReplayReport, ply: int) -> list[str]:
    """``path: turn 2 of 18: B: b3-b2 c1-d1``, then each rule the turn breaks."""
    turns = len(report.positions) - 1
    if ply == 0:
        lines = [f"{report.path}: turn 0 of {turns}: the set-up"]
    else:
        turn = report.turns[ply - 1]
        who = f"{turn.player}: " if turn.player else ""
        lines = [f"{report.path}: turn {ply} of {turns}: {who}{turn.text or '(nothing)'}"]
    for v in report.violations:
        if v.ply == ply:
            lines.append(f"{v.code} [{v.rule}]: {v.message}" if v.rule else f"{v.code}: {v.message}")
    return lines


def turn_svg(report: ReplayReport, ply: int) -> str:
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
    return svg_tower(report.positions[ply], caption=turn_caption(report, ply), alert=alert, steps=steps,
                     arrivals=arrivals)
