"""Pictures of a Zen position: the tower as text (``print(pos)``) and as an SVG drawing.

Both read the position only through :class:`TowerView`, so that
:class:`~korbiro.rules.zen.position.Position` can draw itself (``print(pos)``,
``pos._repr_svg_()``) without this module importing it.

The SVG drawing shows the tower floor by floor (floor 5 on top) with column
letters and floor numbers, each piece in its seat's colour (``H`` Warriors in
black), every unused target card framed in its owner's colour, the squares
whose piece another player put there, the players' cards and scores, a legend,
and optional caption lines; the squares of a turn's steps and arrivals can be
marked, and a picture of a turn that breaks a rule gets a red frame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from ...base import i18n
from ...base.svg import Svg
from .messages import say
from .rules import COLUMNS, FLOORS, NCOLS, WARRIOR, square, square_name

__all__ = ["TowerView", "render", "describe_outcome", "squares_text", "svg_tower", "SEAT_COLOURS"]


class ScoreView(Protocol):
    @property
    def points(self) -> int: ...
    @property
    def zen(self) -> int: ...
    @property
    def harcos(self) -> int: ...
    @property
    def kokeshi(self) -> int: ...


class OutcomeView(Protocol):
    @property
    def termination(self) -> str: ...
    @property
    def finished(self) -> tuple[str, ...]: ...
    @property
    def winner(self) -> str | None: ...
    @property
    def winners(self) -> tuple[str, ...]: ...
    @property
    def rule(self) -> str: ...


class OptionsView(Protocol):
    def changed(self) -> Mapping[str, object]: ...


class TowerView(Protocol):
    """What the pictures read of a position."""

    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def board(self) -> tuple[str | None, ...]: ...
    @property
    def to_move(self) -> str: ...
    @property
    def passive(self) -> frozenset[str]: ...
    @property
    def captured(self) -> tuple[tuple[str, str | None], ...]: ...
    @property
    def turn(self) -> int: ...
    @property
    def placed_by_other(self) -> frozenset[int]: ...
    @property
    def options(self) -> OptionsView: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    def targets_of(self, player: str) -> frozenset[int]: ...
    def arrived_of(self, player: str) -> tuple[tuple[str, int], ...]: ...
    def score(self) -> Mapping[str, ScoreView]: ...
    def outcome(self) -> OutcomeView | None: ...


def squares_text(sqs: Sequence[int] | frozenset[int]) -> str:
    """Squares in order, by name: ``a1 c3 d5``."""
    return " ".join(square_name(s) for s in sorted(sqs))


def _heading(pos: TowerView, lang: str) -> str:
    outcome = pos.outcome()
    args = {"n": len(pos.players), "players": " ".join(pos.players), "passive": " ".join(sorted(pos.passive)),
            "turn": pos.turn, "to_move": pos.to_move, "last": pos.turn - 1}
    key = "ZEN.heading" + (".passive" if pos.passive else "") + (".over" if outcome is not None else "")
    return say(key, lang, **args)


def _player_line(pos: TowerView, p: str, lang: str) -> str:
    s = pos.score()[p]
    arrived = " ".join(f"{piece}@{square_name(sq)}" for piece, sq in pos.arrived_of(p)) or "-"
    took = " ".join(piece for piece, by in pos.captured if by == p) or "-"
    return say("ZEN.player", lang, player=p, targets=squares_text(pos.targets_of(p)) or "-", arrived=arrived,
               took=took, points=s.points, zen=s.zen, harcos=s.harcos, kokeshi=s.kokeshi)


def _notes(pos: TowerView, lang: str) -> list[str]:
    """What the tower does not show: pieces captured for nobody, who put pieces where, options."""
    out = []
    lost = [piece for piece, by in pos.captured if by is None]
    if lost:
        out.append(say("ZEN.notes.lost", lang, pieces=" ".join(lost)))
    if pos.placed_by_other:
        out.append(say("ZEN.notes.placed", lang, squares=squares_text(pos.placed_by_other)))
    changed = pos.options.changed()
    if changed:
        shown = ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in changed.items())
        out.append(say("ZEN.notes.options", lang, options=shown))
    return out


def render(pos: TowerView, lang: str = "en") -> str:
    """The tower drawn floor by floor (top first), then each player's cards and score (the words in *lang*)."""
    out: list[str] = [_heading(pos, lang), ""]
    outcome = pos.outcome()
    mine = pos.targets_of(pos.to_move) if outcome is None else frozenset()
    out.append(("  " + say("ZEN.floor", lang).ljust(8) + "".join(f"{c:<5}" for c in COLUMNS)).rstrip())
    for floor in range(FLOORS, 0, -1):
        cells = []
        for c in range(1, NCOLS + 1):
            sq = square(floor, c)
            p = pos.board[sq] or "."
            mark = "*" if sq in mine else " "
            cells.append(f"{p:<2}{mark}")
        out.append(f"    {floor}     " + "  ".join(cells).rstrip())
    if mine:
        out.append("  " + say("ZEN.targets-marked", lang, player=pos.to_move))
    out.append("")
    for p in pos.players:
        out.append("  " + _player_line(pos, p, lang))
    out += [f"  {line}" for line in _notes(pos, lang)]
    if outcome is not None:
        out.append("")
        out.append(describe_outcome(pos, lang))
    return "\n".join(out) + "\n"


def describe_outcome(pos: TowerView, lang: str = "en") -> str:
    """One line: how the game ended and who won, citing the rules (in *lang*)."""
    o = pos.outcome()
    if o is None:
        return say("ZEN.outcome.none", lang)
    if o.termination == "finished":
        how = say("ZEN.outcome.finished", lang, players=i18n.joined(o.finished, "and", "en"), players_hu=i18n.joined(o.finished, "and", "hu"),
                  rule=o.rule)
    else:
        how = say("ZEN.outcome.blocked", lang)
    if o.winner:
        who = say("ZEN.outcome.winner", lang, player=o.winner)
    else:
        who = say("ZEN.outcome.tie", lang, players=i18n.joined(o.winners, "and", "en"), players_hu=i18n.joined(o.winners, "and", "hu"))
    return say("ZEN.outcome", lang, how=how, who=who)


#: each seat's colour: (fill, text on it)
SEAT_COLOURS: dict[str, tuple[str, str]] = {
    "A": ("#c8414b", "#ffffff"),
    "B": ("#2a7ab0", "#ffffff"),
    "C": ("#3c9a3e", "#ffffff"),
    "D": ("#e9a23b", "#222222"),
}
_WARRIOR = ("#1b1b1b", "#ffffff")
_CELL = 66.0
_STONE = "#efe9dc"
_MARK = "#e6a100"


def _cell_xy(x0: float, y0: float, sq: int) -> tuple[float, float]:
    """The top-left corner of square *sq*'s cell."""
    floor, col = sq // NCOLS + 1, sq % NCOLS + 1
    return x0 + (col - 1) * _CELL, y0 + (FLOORS - floor) * _CELL


def svg_tower(
    pos: TowerView,
    *,
    caption: Sequence[str] = (),
    alert: bool = False,
    steps: Sequence[tuple[int, int]] = (),
    arrivals: Sequence[int] = (),
    lang: str = "en",
) -> str:
    """An SVG picture of *pos*.

    *caption* lines go under the picture (red, with a red frame, when *alert*);
    *steps* (from, to) and *arrivals* (squares) of the turn that led here are
    marked in gold; the words are in *lang*.
    """
    width = 640.0
    svg = Svg(width, _heading(pos, lang))
    y = svg.title()
    if pos.outcome() is not None:
        y = svg.notes(y - 8, [describe_outcome(pos, lang)])
    x0, y0 = 52.0, y + 20
    _tower_cells(svg, pos, x0, y0, lang)
    for a, b in steps:
        _arrow(svg, x0, y0, a, b)
    for sq in arrivals:
        x, cy = _cell_xy(x0, y0, sq)
        svg.circle(x + _CELL / 2, cy + _CELL / 2 + 3, 24, fill="none", stroke=_MARK, stroke_width=3.5)
    y = _players_panel(svg, pos, x0 + NCOLS * _CELL + 24, y0, lang)
    y = svg.legend(y, _legend(pos, lang))
    svg.text(12, y + 4, say("ZEN.picture.key", lang), 11, fill="#555555")
    y = svg.notes(y + 10, caption, alert=alert)
    return svg.render(y + 8, alert=alert)


def _tower_cells(svg: Svg, pos: TowerView, x0: float, y0: float, lang: str) -> None:
    """The tower's squares floor by floor, with targets, flags and pieces, and the floors' and columns' names."""
    outcome = pos.outcome()
    owner = {sq: p for p in pos.players for sq in pos.targets_of(p)}
    for floor in range(FLOORS, 0, -1):
        for col in range(1, NCOLS + 1):
            sq = square(floor, col)
            x, cy = _cell_xy(x0, y0, sq)
            svg.rect(x, cy, _CELL, _CELL, fill=_STONE, stroke="#b9ae95", stroke_width=1)
            if sq in owner:
                colour = SEAT_COLOURS[owner[sq]][0]
                width_ = 3.5 if owner[sq] == pos.to_move and outcome is None else 2.5
                svg.rect(x + 4, cy + 4, _CELL - 8, _CELL - 8, fill="none", stroke=colour, stroke_width=width_,
                         stroke_dasharray="6 3")
                svg.text(x + _CELL - 7, cy + 15, owner[sq], 10, text_anchor="end", fill=colour, font_weight="bold")
            if sq in pos.placed_by_other:
                svg.polygon([(x + 5, cy + _CELL - 5), (x + 17, cy + _CELL - 5), (x + 5, cy + _CELL - 17)], fill="#7d5ba6")
            svg.text(x + 6, cy + 14, square_name(sq), 9, fill="#8a826f")
            piece = pos.board[sq]
            if piece is not None:
                _piece(svg, x + _CELL / 2, cy + _CELL / 2 + 3, piece, piece[0] in pos.passive if piece != WARRIOR else False)
        svg.text(x0 - 10, y0 + (FLOORS - floor) * _CELL + _CELL / 2 + 5, str(floor), 14, text_anchor="end",
                 font_weight="bold", fill="#555555")
    for col, letter in enumerate(COLUMNS):
        svg.text(x0 + col * _CELL + _CELL / 2, y0 + FLOORS * _CELL + 18, letter, 14, text_anchor="middle",
                 font_weight="bold", fill="#555555")
    svg.text(x0 - 10, y0 - 6, say("ZEN.floor", lang), 10, text_anchor="end", fill="#555555")


def _players_panel(svg: Svg, pos: TowerView, px: float, y0: float, lang: str) -> float:
    """The players beside the tower (points, targets, arrivals, captures) and the notes under them; gives
    the height where the legend starts."""
    outcome = pos.outcome()
    py = y0 + 4
    scores = pos.score()
    for p in pos.players:
        fill, _ = SEAT_COLOURS[p]
        s = scores[p]
        svg.circle(px + 8, py + 8, 8, fill=fill)
        key = "ZEN.picture.points" + (".one" if s.points == 1 else "") + (
            ".to-move" if p == pos.to_move and outcome is None else "")
        svg.text(px + 22, py + 13, say(key, lang, player=p, points=s.points), 13, font_weight="bold")
        rows = [
            f"Zen {s.zen}, Harcos {s.harcos}, Kokeshi {s.kokeshi}",
            say("ZEN.picture.targets", lang, squares=squares_text(pos.targets_of(p)) or "-"),
            say("ZEN.picture.arrived", lang,
                pieces=" ".join(f"{piece}@{square_name(sq)}" for piece, sq in pos.arrived_of(p)) or "-"),
            say("ZEN.picture.took", lang, pieces=" ".join(piece for piece, by in pos.captured if by == p) or "-"),
        ]
        for i, row in enumerate(rows):
            svg.text(px + 22, py + 30 + i * 15, row, 11, fill="#444444")
        py += 96
    extra = _notes(pos, lang)
    if pos.passive:
        extra.append(say("ZEN.picture.passive", lang, seats=" ".join(sorted(pos.passive))))
    for i, row in enumerate(extra):
        svg.text(px, py + i * 15, row, 11, fill="#444444")
    return max(y0 + FLOORS * _CELL + 28, py + 15 * len(extra))


def _legend(pos: TowerView, lang: str) -> list[tuple[str, str, str]]:
    """The legend's items: each seat's pieces, the Warrior, and the marks (word, fill, stroke)."""
    items = [(say("ZEN.picture.pieces-of", lang, seat=p), SEAT_COLOURS[p][0], SEAT_COLOURS[p][0]) for p in pos.seats]
    items += [
        (say("ZEN.picture.warrior", lang), _WARRIOR[0], _WARRIOR[0]),
        (say("ZEN.picture.target", lang), "none", "#777777"),
        (say("ZEN.picture.placed", lang), "#7d5ba6", "#7d5ba6"),
        (say("ZEN.picture.marked", lang), "none", _MARK),
    ]
    return items


def _piece(svg: Svg, cx: float, cy: float, piece: str, passive: bool) -> None:
    fill, ink = _WARRIOR if piece == WARRIOR else SEAT_COLOURS[piece[0]]
    if passive:
        svg.circle(cx, cy, 20, fill=fill, fill_opacity=0.45, stroke=fill, stroke_width=2, stroke_dasharray="4 2")
    else:
        svg.circle(cx, cy, 20, fill=fill, stroke="#333333", stroke_width=1.5)
    svg.text(cx, cy + 5, piece, 14, text_anchor="middle", font_weight="bold", fill=ink)


def _arrow(svg: Svg, x0: float, y0: float, a: int, b: int) -> None:
    ax, ay = _cell_xy(x0, y0, a)
    bx, by = _cell_xy(x0, y0, b)
    x1, y1 = ax + _CELL / 2, ay + _CELL / 2 + 3
    x2, y2 = bx + _CELL / 2, by + _CELL / 2 + 3
    dx, dy = x2 - x1, y2 - y1
    length = max((dx * dx + dy * dy) ** 0.5, 1.0)
    ux, uy = dx / length, dy / length
    sx, sy = x1 + ux * 21, y1 + uy * 21
    ex, ey = x2 - ux * 24, y2 - uy * 24
    svg.line(sx, sy, ex, ey, stroke=_MARK, stroke_width=4)
    svg.polygon([(ex + ux * 8, ey + uy * 8), (ex - uy * 6, ey + ux * 6), (ex + uy * 6, ey - ux * 6)], fill=_MARK)
