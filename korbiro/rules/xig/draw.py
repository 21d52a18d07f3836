"""Pictures of an XIG position: each Pathway as text (``print(pos)``) and as an SVG drawing.

Both read the position only through :class:`PathwaysView`, so that
:class:`~korbiro.rules.xig.position.Position` can draw itself (``print(pos)``,
``pos._repr_svg_()``) without this module importing it.

The SVG drawing shows every Pathway in path order (the Burrows, positions
1-32, the Ring), rows of twelve: creatures as circles, corners as squares, the
Burrows and the Ring by their letters; a tile on the table is green when it is
protected and orange when it can be knocked out, a tile not on the table is a
dashed outline, and a knocked-out tile in the memory deck is grey.  Under the
creatures of each section a bar says whether the section is finished.  Then
come the players' hands, a legend and optional caption lines; the tiles a turn
placed or knocked out can be marked, and a picture of a turn that breaks a rule
gets a red frame.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from ...base.svg import Svg
from .layout import CORNER, CREATURE, IB, OB, POSITIONS, RING, Layout, Section, Tile, pos_text
from .messages import say
from .rules import cite

__all__ = ["PathwaysView", "show_text", "svg_pathways", "LEGEND"]

#: the legend of :func:`show_text` in English (the template ``XIG.show.legend`` gives it in either language)
LEGEND = (
    "legend: P protected, u unprotected (can be knocked out), - not on the table; "
    "[n] corner, R Ring, ob/ib outer/inner Burrow"
)


class SideView(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def players(self) -> tuple[str, ...]: ...


class ConfigView(Protocol):
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def layouts(self) -> Mapping[str, Layout]: ...
    @property
    def side_of_pathway(self) -> Mapping[str, SideView]: ...


class ProtectionView(Protocol):
    @property
    def protected(self) -> bool: ...
    @property
    def rule(self) -> str: ...


class PathwaysView(Protocol):
    """What the pictures read of a position."""

    @property
    def config(self) -> ConfigView: ...
    @property
    def turn(self) -> str: ...
    @property
    def ply(self) -> int: ...
    @property
    def winner(self) -> str | None: ...
    def table(self, pathway: str) -> set[int]: ...
    def on_table(self, tile: Tile) -> bool: ...
    def protection(self, tile: Tile) -> ProtectionView: ...
    def finished_sections(self, pathways: Iterable[str] | None = None) -> frozenset[tuple[str, int]]: ...
    def unfinished_sections(self, pathway: str) -> list[Section]: ...
    def memory_key(self, pathway: str) -> str: ...
    def memory(self, key: str) -> set[Tile]: ...
    def xig_status(self, player: str) -> str: ...
    def hand(self, player: str) -> list[Tile]: ...
    def xap_hand(self, player: str) -> Counter[str]: ...
    def is_over(self) -> bool: ...
    def score(self) -> dict[str, int]: ...


# --------------------------------------------------------------------------- text


def _mark(pos: PathwaysView, tile: Tile) -> str:
    if not pos.on_table(tile):
        return "-"
    return "P" if pos.protection(tile).protected else "u"


def _cell(pos: PathwaysView, layout: Layout, tile: Tile) -> str:
    kind = layout.kind(tile.pos)
    if kind == CORNER:
        label = f"[{tile.pos}]"
    elif tile.pos == RING:
        label = "R"
    else:
        label = pos_text(tile.pos)
    return label + _mark(pos, tile)


def _owner_text(pos: PathwaysView, pid: str) -> str:
    side = pos.config.side_of_pathway[pid]
    return side.name if len(side.players) == 1 else f"{side.name} ({', '.join(side.players)})"


def _memory(pos: PathwaysView, pid: str) -> list[Tile]:
    return sorted(t for t in pos.memory(pos.memory_key(pid)) if t.pathway == pid)


def _xig_up(pos: PathwaysView, pid: str) -> list[str]:
    return [p for p in pos.config.side_of_pathway[pid].players if pos.xig_status(p) == "active"]


def _pathway_line(pos: PathwaysView, pid: str, layout: Layout, key: str, lang: str) -> str:
    """A Pathway's heading (*key*: the text's or the picture's) in *lang*."""
    return say(key + (".sample" if layout.sample else ""), lang, pathway=pid, name=layout.title(lang),
               owner=_owner_text(pos, pid), n=len(pos.table(pid)), finished=len(pos.finished_sections([pid])),
               sections=len(layout.sections))


def show_text(pos: PathwaysView, lang: str = "en") -> str:
    """Every Pathway drawn section by section, tiles marked protected or unprotected (the words in *lang*)."""
    lines: list[str] = []
    for pid, layout in pos.config.layouts.items():
        table = pos.table(pid)
        finished = pos.finished_sections([pid])
        lines.append(_pathway_line(pos, pid, layout, "XIG.show.pathway", lang))
        covered: set[int] = set()
        unfinished = pos.unfinished_sections(pid)
        for section in layout.sections:
            covered.update(section.members)
            cells = " ".join(_cell(pos, layout, Tile(pid, p)) for p in section.members)
            missing = ", ".join(pos_text(p) for p in section.members if p not in table)
            if (pid, section.index) in finished:
                case, rule = "finished", "XIG 5.2"
            else:
                case, rule = ("last", "XIG 5.3") if len(unfinished) == 1 else ("unfinished", "")
            note = say(f"XIG.show.{case}", lang, missing=missing, rule=cite(rule, lang))
            lines.append(f"  {section.label():>6}  {cells}   {note}")
        rest = [p for p in POSITIONS if p not in covered]
        if rest:
            cells = " ".join(_cell(pos, layout, Tile(pid, p)) for p in rest)
            lines.append(f"  {say('XIG.show.other', lang):>6}  {cells}   {say('XIG.show.outside', lang)}")
        memory = _memory(pos, pid)
        if memory:
            lines.append("  " + say("XIG.show.memory", lang, tiles=" ".join(map(str, memory))))
        xig = _xig_up(pos, pid)
        if xig:
            lines.append("  " + say("XIG.show.xig", lang, players=", ".join(xig), rule=cite("XIG 2.4", lang)))
    lines.append(say("XIG.show.legend", lang))
    lines.append(say("XIG.show.to-move", lang, player=pos.turn, turn=pos.ply))
    return "\n".join(lines)


# --------------------------------------------------------------------------- SVG

_PER_ROW = 12
_STEP = 50.0
_R = 19.0
_PROTECTED = ("#4f9d5d", "#2f6b3a", "#ffffff")  # fill, edge, text
_UNPROTECTED = ("#f09a3e", "#a85f12", "#222222")
_ABSENT = ("#ffffff", "#a0a0a0", "#8a8a8a")
_MEMORY = ("#c9c9c9", "#8a8a8a", "#444444")
_MARK = "#1f5fbf"


def _heading(pos: PathwaysView, lang: str) -> str:
    if pos.is_over():
        return say("XIG.picture.heading.over", lang, winner=pos.winner, turn=pos.ply)
    return say("XIG.picture.heading", lang, player=pos.turn, turn=pos.ply)


def svg_pathways(
    pos: PathwaysView,
    *,
    caption: Sequence[str] = (),
    alert: bool = False,
    marked: Iterable[Tile] = (),
    lang: str = "en",
) -> str:
    """An SVG picture of *pos*.

    *caption* lines go under the picture (red, with a red frame, when *alert*);
    *marked* tiles (those a turn placed or knocked out) get a blue ring; the words are in *lang*.
    """
    width = 32 + _PER_ROW * _STEP
    svg = Svg(width, _heading(pos, lang))
    y = svg.title()
    if pos.is_over():
        y = svg.notes(y - 8, [say("XIG.picture.won", lang, winner=pos.winner, rule=cite("XIG 1.1", lang))])
    marks = set(marked)
    for pid, layout in pos.config.layouts.items():
        y = _pathway(svg, pos, pid, layout, y + 6, marks, lang)
    # the players
    scores = pos.score()
    for player in pos.config.players:
        hand = " ".join(map(str, pos.hand(player))) or "-"
        xap = ", ".join(f"{n}x {c}" if n > 1 else c for c, n in sorted(pos.xap_hand(player).items())) or "-"
        key = "XIG.picture.player" + (".to-move" if player == pos.turn and not pos.is_over() else "")
        y += 17
        svg.text(12, y, say(key, lang, player=player, hand=hand, xap=xap,
                            **_xig_status(pos.xig_status(player))), 12)
    y += 6
    svg.text(12, y + 12, say("XIG.picture.score", lang, score=", ".join(f"{k} {n}" for k, n in scores.items())), 12)
    y = svg.legend(
        y + 18,
        [
            (say("XIG.picture.protected", lang), _PROTECTED[0], _PROTECTED[1]),
            (say("XIG.picture.unprotected", lang), _UNPROTECTED[0], _UNPROTECTED[1]),
            (say("XIG.picture.absent", lang), _ABSENT[0], _ABSENT[1]),
            (say("XIG.picture.memory", lang), _MEMORY[0], _MEMORY[1]),
            (say("XIG.picture.marked", lang), "none", _MARK),
        ],
    )
    y = svg.notes(y - 12, [say("XIG.picture.key", lang)], size=11)
    y = svg.notes(y, caption, alert=alert)
    return svg.render(y + 8, alert=alert)


def _xig_status(status: str) -> dict[str, Any]:
    """A player's XIG card (``unused``, ``active``, ``spent``) as a template argument in both languages."""
    return {"xig": status, "xig_hu": say(f"XIG.xig-card.{status}", "hu")}


def _pathway(svg: Svg, pos: PathwaysView, pid: str, layout: Layout, y: float, marks: set[Tile], lang: str) -> float:
    svg.text(12, y + 14, _pathway_line(pos, pid, layout, "XIG.picture.pathway", lang), 13, font_weight="bold")
    finished = pos.finished_sections([pid])
    tiles = say("XIG.picture.tiles", lang, n=len(pos.table(pid)), finished=len(finished), sections=len(layout.sections))
    svg.text(svg.width - 12, y + 14, tiles, 11, text_anchor="end", fill="#444444")
    y += 24
    table = pos.table(pid)
    memory = set(_memory(pos, pid))
    last = pos.unfinished_sections(pid)
    xig = _xig_up(pos, pid)

    def centre(i: int) -> tuple[float, float]:
        return 16 + _STEP * (i % _PER_ROW) + _STEP / 2, y + (i // _PER_ROW) * (_STEP + 22) + _STEP / 2

    index = {p: i for i, p in enumerate(POSITIONS)}
    for i in range(len(POSITIONS) - 1):
        (x1, y1), (x2, y2) = centre(i), centre(i + 1)
        if y1 == y2:
            svg.line(x1, y1, x2, y2, stroke="#cfc7b4", stroke_width=3)
    for section in layout.sections:
        done = (pid, section.index) in finished
        colour = "#4f9d5d" if done else ("#e0b24a" if len(last) == 1 and section in last else "#d8d8d8")
        for p in section.creatures:
            cx, cy = centre(index[p])
            svg.rect(cx - _STEP / 2 + 1, cy + _R + 4, _STEP - 2, 5, fill=colour)
    for p in POSITIONS:
        tile = Tile(pid, p)
        cx, cy = centre(index[p])
        if p in table:
            fill, edge, ink = _PROTECTED if pos.protection(tile).protected else _UNPROTECTED
        elif tile in memory:
            fill, edge, ink = _MEMORY
        else:
            fill, edge, ink = _ABSENT
        dash = {"stroke_dasharray": "3 2"} if p not in table and tile not in memory else {}
        kind = layout.kind(p)
        if kind == CORNER:
            svg.rect(cx - _R + 1, cy - _R + 1, 2 * _R - 2, 2 * _R - 2, fill=fill, stroke=edge, stroke_width=1.6, **dash)
        elif kind == CREATURE:
            svg.circle(cx, cy, _R, fill=fill, stroke=edge, stroke_width=1.6, **dash)
        else:  # the Burrows and the Ring
            svg.circle(cx, cy, _R, fill=fill, stroke=edge, stroke_width=3, **dash)
        label = {IB: "ib", OB: "ob", RING: "R"}.get(p, str(p))
        svg.text(cx, cy + (1 if kind == CREATURE else 5), label, 13, text_anchor="middle", font_weight="bold", fill=ink)
        if kind == CREATURE:
            svg.text(cx, cy + 12, layout.creatures[p].tribe, 7.5, text_anchor="middle", fill=ink)
        if tile in marks:
            svg.circle(cx, cy, _R + 4, fill="none", stroke=_MARK, stroke_width=3)
    rows = (len(POSITIONS) + _PER_ROW - 1) // _PER_ROW
    y += rows * (_STEP + 22) - 4
    if xig:
        svg.text(12, y + 4, say("XIG.show.xig", lang, players=", ".join(xig), rule=cite("XIG 2.4", lang)), 11)
        y += 16
    if memory:
        svg.text(12, y + 4, say("XIG.show.memory", lang, tiles=" ".join(map(str, sorted(memory)))), 11)
        y += 16
    return y
