"""The board games' use cases, built once for both faces: a registry of EXXIT, XIG and Zen.

Each game is one small object over its library (:data:`GAMES`, by name): its title, its
:class:`~korbiro.rules.boardgame.Board` class, how it reads a position file and a game record, and
what the faces ask of it: ``moves`` and ``replay`` (the JSON of ``korbiro GAME moves/replay
--format json``), ``picture`` (the SVG ``korbiro GAME show … --svg`` writes) and ``view`` (what a
game's web page shows: the position after one ply, its legal moves and the replay's violations ply
by ply).  Every word in the answers is in the language asked for (the chosen language by default).

The input is a :class:`Source`: a file the command line names, or text the web app was given.  Text
never names a file: a record's ``position:`` header or an XIG layout file is a problem of the input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..base import i18n
from ..base.errors import UsageError
from ..base.yamlload import YamlDocument, load_yaml_file, load_yaml_text
from ..rules import exxit as ex
from ..rules.exxit.board import Board as ExxitBoard
from ..rules.exxit.files import moves_to_dict as exxit_moves
from ..rules.exxit.pictures import ply_caption, ply_svg
from ..rules.xig import pictures as xig_pictures
from ..rules.xig import record as xig_record
from ..rules.xig.board import Board as XigBoard
from ..rules.xig.draw import svg_pathways
from ..rules.xig.render import moves_data
from ..rules.zen import Options as ZenOptions
from ..rules.zen import position_from_document, svg_tower
from ..rules.zen.board import Board as ZenBoard
from ..rules.zen.notation import moves_to_dict as zen_moves
from ..rules.zen.pictures import turn_caption, turn_svg
from ..rules.zen.replay import ReplayReport, is_record, read_record
from ..rules.zen.replay import replay as zen_replay

__all__ = ["GAMES", "BoardGame", "Source", "View", "check_ply"]

View = dict[str, Any]

#: how much of an EXXIT file is read to tell a record from a position file
MAX_SNIFF = 1 << 20


@dataclass(frozen=True)
class Source:
    """A game's input: the file at *path* (``text`` None), or *text* that *path* only names."""

    path: str
    text: str | None = None

    @property
    def files(self) -> bool:
        """Whether the input may name other files (a file may; text may not)."""
        return self.text is None

    def document(self) -> YamlDocument:
        return load_yaml_file(self.path) if self.text is None else load_yaml_text(self.text, self.path)

    def head(self) -> str:
        """The input's beginning (enough to tell what kind of file it is; ``""`` when unreadable)."""
        if self.text is not None:
            return self.text
        try:
            with open(self.path, encoding="utf-8", errors="replace") as fh:
                return fh.read(MAX_SNIFF)
        except OSError:
            return ""  # the loaders report it


def _lang(lang: str | None) -> str:
    return lang or i18n.current()


def check_ply(ply: int, plies: int, path: str, unit: str = "ply") -> None:
    """A usage error unless 0 <= *ply* <= *plies*, naming the record and the range; *unit* is what the
    record counts (``ply``: EXXIT; ``turn``: XIG and Zen, whose turn 0 is the set-up)."""
    if not 0 <= ply <= plies:
        raise UsageError.said(f"WEB-PLY.{unit}", file=path, n=plies, ply=ply)


def _ply(ply: int | None, plies: int, path: str, unit: str = "ply") -> int:
    """*ply* (the last one when None), checked (:func:`check_ply`)."""
    if ply is None:
        return plies
    check_ply(ply, plies, path, unit)
    return ply


def _plies(moves: Sequence[tuple[str, str | None]], violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each ply of a record (1 on: its move and player) with its violations; ply 0 is the start."""
    out: list[dict[str, Any]] = [{"ply": 0, "move": None, "player": None, "violations": []}]
    out += [{"ply": i, "move": move, "player": player, "violations": []} for i, (move, player) in enumerate(moves, 1)]
    for v in violations:
        if 0 <= v["ply"] < len(out):
            out[v["ply"]]["violations"].append(v)
    return out


def _position_view(svg: str, moves: dict[str, Any]) -> View:
    return {"kind": "position", "svg": svg, "caption": [], "moves": moves, "replay": None, "plies": [], "ply": None}


class BoardGame:
    """What the faces ask of a game; *name* is its command and its path (``korbiro NAME``, ``/api/NAME/…``)."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    board: ClassVar[type] = object

    def moves(self, src: Source, options: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def replay(self, src: Source, options: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def view(self, src: Source, options: Mapping[str, str], ply: int | None, lang: str | None = None) -> View:
        """``{"kind": "record"|"position", "svg", "caption", "moves", "replay", "plies", "ply"}``."""
        raise NotImplementedError

    def picture(self, src: Source, options: Mapping[str, str], ply: int | None, lang: str | None = None) -> str:
        return str(self.view(src, options, ply, lang)["svg"])


class Exxit(BoardGame):
    name = "exxit"
    title = "EXXIT"
    board = ExxitBoard

    @staticmethod
    def options(options: Mapping[str, str]) -> ex.Options:
        return ex.Options.from_assignments(f"{k}={v}" for k, v in options.items())

    def position(self, src: Source, options: Mapping[str, str]) -> ex.Position:
        """A position file."""
        opts = self.options(options)
        return ex.load_position(src.path, opts) if src.text is None else ex.load_position_text(src.text, src.path, opts)

    def record(self, src: Source, options: Mapping[str, str]) -> ex.Record:
        """A game record, *options* over its option headers."""
        self.options(options)  # a bad option is the request's problem, before the record's
        if src.text is None:
            return ex.parse_record(src.path, overrides=dict(options))
        return ex.parse_record_text(src.text, src.path, dict(options), files=False)

    def kind(self, src: Source) -> str:
        """``record``, ``position`` or ``unknown`` (:func:`korbiro.rules.exxit.file_kind`)."""
        return ex.file_kind(src.head())

    def is_record(self, src: Source) -> bool:
        return self.kind(src) == "record"

    def moves(self, src: Source, options: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
        return exxit_moves(self.position(src, options))

    def replay(self, src: Source, options: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
        return ex.replay(self.record(src, options)).to_dict(_lang(lang))

    def view(self, src: Source, options: Mapping[str, str], ply: int | None, lang: str | None = None) -> View:
        lang = _lang(lang)
        if not self.is_record(src):
            pos = self.position(src, options)
            return _position_view(ply_svg(pos, None, [], lang), exxit_moves(pos))
        rec = self.record(src, options)
        report = ex.replay(rec).to_dict(lang)
        n = _ply(ply, len(rec.moves), src.path)
        step = ex.position_after(rec, n)
        caption = ply_caption(src.path, step, len(rec.moves), lang)
        moves = [(m.text or str(m.move), None) for m in rec.moves]
        return {"kind": "record", "svg": ply_svg(step.position, step, caption, lang), "caption": caption,
                "moves": exxit_moves(step.position), "replay": report, "plies": _plies(moves, report["violations"]),
                "ply": n}


class Xig(BoardGame):
    name = "xig"
    title = "XIG"
    board = XigBoard

    def position(self, src: Source, options: Mapping[str, str]) -> Any:
        """A position file, or the final position of a record."""
        return xig_record.load_any(src.document(), files=src.files)

    def record(self, src: Source, options: Mapping[str, str]) -> xig_record.Record:
        return xig_record.load_record(src.document(), files=src.files)

    def moves(self, src: Source, options: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
        return moves_data(self.position(src, options), _lang(lang))

    def replay(self, src: Source, options: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
        return xig_record.replay(self.record(src, options)).to_dict(_lang(lang))

    def view(self, src: Source, options: Mapping[str, str], ply: int | None, lang: str | None = None) -> View:
        lang = _lang(lang)
        doc = src.document()
        if not xig_record.is_record(doc):
            pos = xig_record.load_position(doc, files=src.files)
            return _position_view(svg_pathways(pos, lang=lang), moves_data(pos, lang))
        record = xig_record.load_record(doc, files=src.files)
        report = xig_record.replay(record).to_dict(lang)
        turns = len(record.turns)
        n = _ply(ply, turns, src.path, "turn")
        step = next(s for s in xig_record.replay_turns(record) if s.ply == n)
        caption = xig_pictures.turn_caption(src.path, step, turns, lang)
        moves = [(t.text, t.player) for t in record.turns]
        return {"kind": "record", "svg": xig_pictures.turn_svg(step, caption, lang), "caption": caption,
                "moves": moves_data(step.position, lang), "replay": report,
                "plies": _plies(moves, report["violations"]), "ply": n}


class Zen(BoardGame):
    name = "zen"
    title = "Zen"
    board = ZenBoard

    @staticmethod
    def _with(pos: Any, options: Mapping[str, str]) -> Any:
        return pos.with_options(ZenOptions.parse(dict(options), pos.options)) if options else pos

    def report(self, doc: YamlDocument | Source, options: Mapping[str, str]) -> ReplayReport:
        """The replay of the record *doc*, *options* over its own."""
        record = read_record(doc.document() if isinstance(doc, Source) else doc)
        record.start = self._with(record.start, options)
        return zen_replay(record)

    def position(self, src: Source, options: Mapping[str, str]) -> tuple[Any, ReplayReport | None]:
        """A position file, or a record's final position with its replay."""
        doc = src.document()
        if is_record(doc):
            report = self.report(doc, options)
            return report.final, report
        return self._with(position_from_document(doc), options), None

    def moves(self, src: Source, options: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
        return dict(zen_moves(self.position(src, options)[0], src.path))

    def replay(self, src: Source, options: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
        return self.report(src.document(), options).to_dict(_lang(lang))

    def view(self, src: Source, options: Mapping[str, str], ply: int | None, lang: str | None = None) -> View:
        lang = _lang(lang)
        pos, report = self.position(src, options)
        if report is None:
            return _position_view(svg_tower(pos, lang=lang), zen_moves(pos, src.path))
        turns = len(report.positions) - 1
        n = _ply(ply, turns, src.path, "turn")
        data = report.to_dict(lang)
        moves = [(t.text, t.player) for t in report.turns]
        return {"kind": "record", "svg": turn_svg(report, n, lang), "caption": turn_caption(report, n, lang),
                "moves": zen_moves(report.positions[n], src.path), "replay": data,
                "plies": _plies(moves, data["violations"]), "ply": n}


#: the board games, by name
GAMES: dict[str, BoardGame] = {g.name: g for g in (Exxit(), Xig(), Zen())}
