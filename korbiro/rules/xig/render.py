"""Text and JSON views of a position: each Pathway with its protection, and the legal plays.

The Pathways as text and as a picture are :mod:`.draw`'s (``show_text`` is re-exported here).
"""

from __future__ import annotations

from typing import Any

from .draw import LEGEND, show_text
from .layout import CORNER, CREATURE, IB, OB, POSITIONS, RING, Tile, pos_text
from .model import DrawXap, EndTurn, FlipXig, Give, Move, Pass, Phase, Play, PlayXap, Position
from .rules import cite


def tile_info(pos: Position, tile: Tile) -> dict[str, Any]:
    layout = pos.layout(tile.pathway)
    kind = layout.kind(tile.pos)
    info: dict[str, Any] = {"tile": str(tile), "position": pos_text(tile.pos), "kind": kind}
    if kind == CREATURE:
        c = layout.creature(tile.pos)
        info["name"] = c.name
        info["tribe"] = c.tribe
    on = pos.on_table(tile)
    info["on_table"] = on
    if on:
        prot = pos.protection(tile)
        info["protected"] = prot.protected
        info["rule"] = prot.rule
        info["reason"] = prot.reason
    return info


__all__ = ["LEGEND", "show_text", "show_data", "tile_info", "move_info", "moves_data", "moves_text"]


def show_data(pos: Position) -> dict[str, Any]:
    """The JSON form of :func:`show_text`."""
    pathways = []
    for pid, layout in pos.config.layouts.items():
        table = pos.table(pid)
        finished = pos.finished_sections([pid])
        pathways.append(
            {
                "id": pid,
                "element": layout.element,
                "sample": layout.sample,
                "owner": pos.config.side_of_pathway[pid].name,
                "on_table": len(table),
                "protected": [str(t) for t in pos.protected_tiles(pid)],
                "unprotected": [str(t) for t in pos.unprotected_tiles(pid)],
                "sections": [
                    {
                        "section": s.label(),
                        "creatures": [pos_text(p) for p in s.creatures],
                        "finished": (pid, s.index) in finished,
                        "missing": [pos_text(p) for p in s.members if p not in table],
                    }
                    for s in layout.sections
                ],
                "tiles": [tile_info(pos, Tile(pid, p)) for p in POSITIONS],
                "memory": sorted(str(t) for t in pos.memory(pos.memory_key(pid)) if t.pathway == pid),
            }
        )
    return {"to_move": pos.turn, "ply": pos.ply, "winner": pos.winner, "score": pos.score(), "pathways": pathways}


def move_info(pos: Position, move: Move) -> dict[str, Any]:
    """What a move does: tile kind, the tile it knocks out, the sections it completes."""
    info: dict[str, Any] = {"move": str(move)}
    if isinstance(move, Play):
        layout = pos.layout(move.tile.pathway)
        info["tile"] = str(move.tile)
        info["kind"] = layout.kind(move.tile.pos)
        info["describe"] = layout.describe(move.tile.pos)
        info["knocks_out"] = str(move.knock) if move.knock else None
        before = set(pos.completed_this_turn())
        depth = len(pos.move_stack)
        pos.push(move, force=True)
        try:
            after = set(pos.completed_this_turn())
            info["completes"] = [
                f"{pid} {pos.layout(pid).sections[i].label()}" for pid, i in sorted(after - before)
            ]
            info["draws_xap"] = pos.phase == Phase.DRAW_XAP
            info["wins"] = pos.is_over()
        finally:
            if len(pos.move_stack) > depth:
                pos.pop()
        rule = {CREATURE: "XIG 3.5", CORNER: "XIG 7.1"}.get(info["kind"], "XIG 3.8")
        if move.tile.pos == RING or move.tile.pos in (IB, OB):
            rule = "XIG 3.8"
        info["rule"] = rule
    elif isinstance(move, PlayXap):
        card = pos.config.cards[move.card]
        info["card"] = card.name
        info["effect"] = card.effect
    return info


def moves_data(pos: Position) -> dict[str, Any]:
    moves = pos.legal_moves()
    return {
        "to_move": pos.turn,
        "ply": pos.ply,
        "phase": pos.phase.value,
        "first_turn": pos.first_turn(pos.turn),
        "hand": [str(t) for t in pos.hand(pos.turn)],
        "moves": [move_info(pos, m) for m in moves],
    }


def moves_text(pos: Position) -> str:
    data = moves_data(pos)
    player = pos.turn
    hand = " ".join(data["hand"]) or "(empty)"
    first = "; first turn: creatures only (" + cite("XIG 3.4") + ")" if data["first_turn"] else ""
    lines = [f"{player} to move (turn {pos.ply}); hand {hand}{first}"]
    moves = pos.legal_moves()
    if pos.is_over():
        lines.append(f"the game is over: {pos.winner} wins ({cite('XIG 1.1')})")
        return "\n".join(lines)
    for move, info in zip(moves, data["moves"], strict=True):
        if isinstance(move, Play):
            effects = []
            if move.knock:
                effects.append(f"knocks out {pos.describe(move.knock)}")
            if info["draws_xap"]:
                effects.append("draws an XAP card")
            if info["completes"]:
                n = len(info["completes"])
                effects.append(f"completes {', '.join(info['completes'])}: {n} XAP play{'s' if n > 1 else ''} ({cite('XIG 7.2')})")
            if info["wins"]:
                effects.append(f"completes the Pathway and wins ({cite('XIG 1.1')})")
            what = info["describe"]
            lines.append(f"  {str(move):<12} {what}" + (f"; {'; '.join(effects)}" if effects else ""))
        elif isinstance(move, Pass):
            lines.append(f"  pass         no tile can be placed ({cite('XIG 3.3')})")
        elif isinstance(move, PlayXap):
            lines.append(f"  {str(move):<12} {info['card']} ({info['effect']})")
        elif isinstance(move, DrawXap):
            lines.append(f"  {str(move):<12} XAP card drawn for the corner ({cite('XIG 7.1')})")
        elif isinstance(move, FlipXig):
            lines.append(f"  xig          turn the XIG card face up ({cite('XIG 2.4')})")
        elif isinstance(move, Give):
            lines.append(f"  {str(move):<12} pass the card to the partner ({cite('XIG 8.1')})")
        elif isinstance(move, EndTurn):
            need = pos.draw_needed()
            lines.append(f"  {'draw':<12} end the turn drawing {need} tile(s) ({cite('XIG 3.2')})")
    return "\n".join(lines)
