"""Text and JSON views of a position: each Pathway with its protection, and the legal plays.

The Pathways as text and as a picture are :mod:`.draw`'s (``show_text`` is re-exported here).
"""

from __future__ import annotations

from typing import Any

from .draw import LEGEND, show_text
from .layout import CORNER, CREATURE, IB, OB, POSITIONS, RING, Tile, pos_text
from .messages import say
from .position import DrawXap, EndTurn, FlipXig, Give, Move, Pass, Phase, Play, PlayXap, Position
from .rules import cite


def tile_info(pos: Position, tile: Tile, lang: str = "en") -> dict[str, Any]:
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
        info["reason"] = prot.why(lang)
    return info


__all__ = ["LEGEND", "show_text", "show_data", "tile_info", "move_info", "moves_data", "moves_text"]


def show_data(pos: Position, lang: str = "en") -> dict[str, Any]:
    """The JSON form of :func:`show_text` (each tile's ``reason`` in *lang*)."""
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
                "tiles": [tile_info(pos, Tile(pid, p), lang) for p in POSITIONS],
                "memory": sorted(str(t) for t in pos.memory(pos.memory_key(pid)) if t.pathway == pid),
            }
        )
    return {"to_move": pos.turn, "ply": pos.ply, "winner": pos.winner, "score": pos.score(), "pathways": pathways}


def move_info(pos: Position, move: Move, lang: str = "en") -> dict[str, Any]:
    """What a move does: tile kind, the tile it knocks out, the sections it completes (``describe``
    and the card's name in *lang*)."""
    info: dict[str, Any] = {"move": str(move)}
    if isinstance(move, Play):
        layout = pos.layout(move.tile.pathway)
        info["tile"] = str(move.tile)
        info["kind"] = layout.kind(move.tile.pos)
        info["describe"] = layout.describe(move.tile.pos, lang)
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
        info["card"] = (card.name_hu or card.name) if lang == "hu" else card.name
        info["effect"] = card.effect
    return info


def moves_data(pos: Position, lang: str = "en") -> dict[str, Any]:
    moves = pos.legal_moves()
    return {
        "to_move": pos.turn,
        "ply": pos.ply,
        "phase": pos.phase.value,
        "first_turn": pos.first_turn(pos.turn),
        "hand": [str(t) for t in pos.hand(pos.turn)],
        "moves": [move_info(pos, m, lang) for m in moves],
    }


def moves_text(pos: Position, lang: str = "en") -> str:
    """The legal plays of *pos*, one a line with what each does (the words in *lang*)."""
    data = moves_data(pos, lang)
    player = pos.turn
    hand = " ".join(data["hand"]) or say("XIG.moves.empty", lang)
    key = "XIG.moves.header.first" if data["first_turn"] else "XIG.moves.header"
    lines = [say(key, lang, player=player, turn=pos.ply, hand=hand, rule=cite("XIG 3.4", lang))]
    moves = pos.legal_moves()
    if pos.is_over():
        lines.append(say("XIG.moves.over", lang, winner=pos.winner, rule=cite("XIG 1.1", lang)))
        return "\n".join(lines)
    for move, info in zip(moves, data["moves"], strict=True):
        lines.append(_move_line(pos, move, info, lang))
    return "\n".join(lines)


def _move_line(pos: Position, move: Move, info: dict[str, Any], lang: str) -> str:
    """One line of :func:`moves_text`: the move, then what it does."""
    if isinstance(move, Play):
        effects = []
        if move.knock:
            effects.append(say("XIG.moves.knocks", lang, tile=pos.describe(move.knock, lang)))
        if info["draws_xap"]:
            effects.append(say("XIG.moves.draws", lang))
        if info["completes"]:
            n = len(info["completes"])
            effects.append(say("XIG.moves.completes" + (".many" if n > 1 else ""), lang,
                               sections=", ".join(info["completes"]), n=n, rule=cite("XIG 7.2", lang)))
        if info["wins"]:
            effects.append(say("XIG.moves.wins", lang, rule=cite("XIG 1.1", lang)))
        return f"  {str(move):<12} {info['describe']}" + (f"; {'; '.join(effects)}" if effects else "")
    if isinstance(move, PlayXap):
        return f"  {str(move):<12} {info['card']} ({info['effect']})"
    if isinstance(move, EndTurn):
        return f"  {'draw':<12} " + say("XIG.moves.end", lang, n=pos.draw_needed(), rule=cite("XIG 3.2", lang))
    key, rule = {Pass: ("XIG.moves.pass", "XIG 3.3"), DrawXap: ("XIG.moves.draw-xap", "XIG 7.1"),
                 FlipXig: ("XIG.moves.xig", "XIG 2.4"), Give: ("XIG.moves.give", "XIG 8.1")}[type(move)]
    return f"  {str(move):<12} " + say(key, lang, rule=cite(rule, lang))
