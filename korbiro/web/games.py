"""The board games' operations of the web app: legal moves, replays and pictures of EXXIT, XIG and
Zen, each from text (a position file or a game record) rather than a file.

Each game is one small class over its library: ``moves`` and ``replay`` return
the JSON of ``korbiro GAME moves/replay --format json``; ``picture`` is the SVG
``korbiro GAME show … --svg`` writes; ``view`` is what the game's page shows (the
position after one ply, its legal moves and the replay's violations ply by ply).
Text never names a file: a record's ``position:`` header or an XIG layout file is
a problem of the input (``files=False``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base.errors import UsageError
from ..base.yamlload import load_yaml_text
from ..rules import exxit as ex
from ..rules.exxit.files import moves_to_dict as exxit_moves
from ..rules.exxit.pictures import ply_caption, ply_svg
from ..rules.xig import pictures as xig_pictures
from ..rules.xig import record as xig_record
from ..rules.xig.draw import svg_pathways
from ..rules.xig.render import moves_data
from ..rules.zen import Options as ZenOptions
from ..rules.zen import position_from_document, svg_tower
from ..rules.zen.notation import moves_to_dict as zen_moves
from ..rules.zen.pictures import turn_caption, turn_svg
from ..rules.zen.replay import ReplayReport, is_record, read_record
from ..rules.zen.replay import replay as zen_replay

__all__ = ["GAMES", "BoardGame"]

View = dict[str, Any]


class BoardGame:
    """What the web app asks of a game; *name* is its path (``/api/NAME/…``)."""

    name = ""

    def moves(self, text: str, path: str, options: Mapping[str, str]) -> dict[str, Any]:
        raise NotImplementedError

    def replay(self, text: str, path: str, options: Mapping[str, str]) -> dict[str, Any]:
        raise NotImplementedError

    def view(self, text: str, path: str, options: Mapping[str, str], ply: int | None, lang: str = "en") -> View:
        """``{"kind": "record"|"position", "svg", "caption", "moves", "replay", "plies", "ply"}``."""
        raise NotImplementedError

    def picture(self, text: str, path: str, options: Mapping[str, str], ply: int | None, lang: str = "en") -> str:
        return str(self.view(text, path, options, ply, lang)["svg"])


def _ply(ply: int | None, plies: int, path: str, unit: str = "ply") -> int:
    """*ply* (the last one when None), or a usage error naming the range (as ``--ply`` says it)."""
    if ply is None:
        return plies
    if not 0 <= ply <= plies:
        units = "plies" if unit == "ply" else f"{unit}s"
        raise UsageError("WEB-PLY", f"{path} has {plies} {units}: give a {unit} from 0 to {plies}, not {ply}",
                         hu=f"{path}: {plies} lépés; 0 és {plies} közötti lépést adj meg, nem ezt: {ply}")
    return ply


def _plies(moves: Sequence[tuple[str, str | None]], violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each ply of a record (1 on: its move and player) with its violations; ply 0 is the start."""
    out: list[dict[str, Any]] = [{"ply": 0, "move": None, "player": None, "violations": []}]
    out += [{"ply": i, "move": move, "player": player, "violations": []} for i, (move, player) in enumerate(moves, 1)]
    for v in violations:
        if 0 <= v["ply"] < len(out):
            out[v["ply"]]["violations"].append(v)
    return out


class Exxit(BoardGame):
    name = "exxit"

    @staticmethod
    def _options(options: Mapping[str, str]) -> ex.Options:
        return ex.Options.from_assignments(f"{k}={v}" for k, v in options.items())

    def _record(self, text: str, path: str, options: Mapping[str, str]) -> ex.Record:
        self._options(options)  # a bad option is the request's problem, before the record's
        return ex.parse_record_text(text, path, dict(options), files=False)

    def moves(self, text: str, path: str, options: Mapping[str, str]) -> dict[str, Any]:
        return exxit_moves(ex.load_position_text(text, path, self._options(options)))

    def replay(self, text: str, path: str, options: Mapping[str, str]) -> dict[str, Any]:
        return ex.replay(self._record(text, path, options)).to_dict()

    def view(self, text: str, path: str, options: Mapping[str, str], ply: int | None, lang: str = "en") -> View:
        if ex.file_kind(text) != "record":
            pos = ex.load_position_text(text, path, self._options(options))
            return {"kind": "position", "svg": ply_svg(pos, None, [], lang), "caption": [], "moves": exxit_moves(pos),
                    "replay": None, "plies": [], "ply": None}
        rec = self._record(text, path, options)
        report = ex.replay(rec).to_dict()
        n = _ply(ply, len(rec.moves), path)
        step = ex.position_after(rec, n)
        caption = ply_caption(path, step, len(rec.moves), lang)
        moves = [(m.text or str(m.move), None) for m in rec.moves]
        return {"kind": "record", "svg": ply_svg(step.position, step, caption, lang), "caption": caption,
                "moves": exxit_moves(step.position), "replay": report, "plies": _plies(moves, report["violations"]),
                "ply": n}


class Xig(BoardGame):
    name = "xig"

    def moves(self, text: str, path: str, options: Mapping[str, str]) -> dict[str, Any]:
        return moves_data(xig_record.load_any(load_yaml_text(text, path), files=False))

    def replay(self, text: str, path: str, options: Mapping[str, str]) -> dict[str, Any]:
        return xig_record.replay(xig_record.load_record_text(text, path, files=False)).to_dict()

    def view(self, text: str, path: str, options: Mapping[str, str], ply: int | None, lang: str = "en") -> View:
        doc = load_yaml_text(text, path)
        if not xig_record.is_record(doc):
            pos = xig_record.load_position(doc, files=False)
            return {"kind": "position", "svg": svg_pathways(pos, lang=lang), "caption": [], "moves": moves_data(pos),
                    "replay": None, "plies": [], "ply": None}
        record = xig_record.load_record(doc, files=False)
        report = xig_record.replay(record).to_dict()
        turns = len(record.turns)
        n = _ply(ply, turns, path, "turn")
        step = next(s for s in xig_record.replay_turns(record) if s.ply == n)
        caption = xig_pictures.turn_caption(path, step, turns, lang)
        moves = [(t.text, t.player) for t in record.turns]
        return {"kind": "record", "svg": xig_pictures.turn_svg(step, caption, lang), "caption": caption,
                "moves": moves_data(step.position), "replay": report, "plies": _plies(moves, report["violations"]),
                "ply": n}


class Zen(BoardGame):
    name = "zen"

    @staticmethod
    def _with(pos: Any, options: Mapping[str, str]) -> Any:
        return pos.with_options(ZenOptions.parse(dict(options), pos.options)) if options else pos

    def _report(self, doc: Any, options: Mapping[str, str]) -> ReplayReport:
        record = read_record(doc)
        record.start = self._with(record.start, options)
        return zen_replay(record)

    def _position(self, text: str, path: str, options: Mapping[str, str]) -> tuple[Any, Any]:
        doc = load_yaml_text(text, path)
        if is_record(doc):
            report = self._report(doc, options)
            return report.final, report
        return self._with(position_from_document(doc), options), None

    def moves(self, text: str, path: str, options: Mapping[str, str]) -> dict[str, Any]:
        return dict(zen_moves(self._position(text, path, options)[0], path))

    def replay(self, text: str, path: str, options: Mapping[str, str]) -> dict[str, Any]:
        return self._report(load_yaml_text(text, path), options).to_dict()

    def view(self, text: str, path: str, options: Mapping[str, str], ply: int | None, lang: str = "en") -> View:
        pos, report = self._position(text, path, options)
        if report is None:
            return {"kind": "position", "svg": svg_tower(pos, lang=lang), "caption": [], "moves": zen_moves(pos, path),
                    "replay": None, "plies": [], "ply": None}
        turns = len(report.positions) - 1
        n = _ply(ply, turns, path, "turn")
        data = report.to_dict()
        moves = [(t.text, t.player) for t in report.turns]
        return {"kind": "record", "svg": turn_svg(report, n, lang), "caption": turn_caption(report, n, lang),
                "moves": zen_moves(report.positions[n], path), "replay": data, "plies": _plies(moves, data["violations"]),
                "ply": n}


GAMES: dict[str, BoardGame] = {g.name: g for g in (Exxit(), Xig(), Zen())}
