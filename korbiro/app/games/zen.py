"""Zen in the registry of the board games (:mod:`korbiro.app.games`): its commands' shapes and its answers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from ...base.errors import UsageError
from ...base.yamlload import YamlDocument
from ...rules.zen import Options as ZenOptions
from ...rules.zen import position_from_document, position_to_yaml, render, svg_tower
from ...rules.zen.board import Board as ZenBoard
from ...rules.zen.draw import describe_outcome
from ...rules.zen.files import moves_to_dict as zen_moves
from ...rules.zen.files import position_to_dict
from ...rules.zen.messages import say as zen_say
from ...rules.zen.pictures import turn_caption, turn_svg
from ...rules.zen.record import ReplayReport, is_record, read_record
from ...rules.zen.record import replay as zen_replay
from .common import (
    Argument,
    BoardGame,
    CommandShape,
    PlyError,
    Replay,
    Said,
    Shown,
    Source,
    View,
    _capped,
    _lang,
    _plies,
    _ply,
    _position_view,
    _record_json,
    check_ply,
)


class Zen(BoardGame):
    name = "zen"
    title = "Zen"
    board = ZenBoard
    prefix = "ZEN"
    commands = {
        "moves": CommandShape(Argument("state"), ("option", "format")),
        "show": CommandShape(Argument("state"), ("option", "format", "ply", "svg"), formats=("text", "json", "yaml")),
        "replay": CommandShape(Argument("records", many=True), ("option", "format", "svg-dir", "max-findings")),
    }
    option_help = "Rule option NAME=VALUE (repeatable); `korbiro zen options` lists them."
    replay_goes_on = True

    @staticmethod
    def option_values(items: Sequence[str]) -> dict[str, str]:
        """The ``-o NAME=VALUE`` items by name, as written (a usage error for an item without ``=``)."""
        out: dict[str, str] = {}
        for item in items:
            name, sep, value = item.partition("=")
            if not sep or not name.strip():
                raise UsageError.said("ZEN.cli.option-syntax", item=item)
            out[name.strip()] = value.strip()
        return out

    def cli_options(self, items: Sequence[str]) -> dict[str, str]:
        out = self.option_values(items)
        ZenOptions.parse(out)
        return out

    def said_moves(self, src: Source, options: Mapping[str, str], fmt: str, lang: str) -> Said:
        pos, report = self.position(src, options)
        notes = ([zen_say("ZEN.moves.note", lang, path=src.path, n=len(report.violations))]
                 if report is not None and not report.valid else [])
        if fmt == "json":
            return Said(data=dict(zen_moves(pos, src.path)), notes=notes)
        if pos.outcome() is not None:
            return Said([describe_outcome(pos, lang)], notes=notes)
        moves = [str(m) for m in pos.legal_moves()]
        key = "ZEN.moves.header" + (".one" if len(moves) == 1 else "")
        return Said([zen_say(key, lang, player=pos.to_move, turn=pos.turn, n=len(moves)), *moves], notes=notes)

    def replayed(self, src: Source, options: Mapping[str, str]) -> Replay:
        report = self.report(src, options)
        turns = len(report.positions) - 1

        def pictures(lang: str) -> list[str]:
            return [turn_svg(report, ply, lang) for ply in range(turns + 1)]

        return Replay(report.path, report.valid, report.to_dict, partial(_zen_replay_text, report), pictures)

    def shown(self, src: Source, options: Mapping[str, str], fmt: str, ply: int | None, lang: str) -> Shown:
        pos, report = self.position(src, options)
        if ply is None or report is None:
            if ply is not None:
                raise PlyError.said("ZEN.cli.position-not-record", file=src.path)
            return Shown(_zen_drawn(pos, fmt, lang), lambda: svg_tower(pos, lang=lang))
        check_ply(ply, len(report.positions) - 1, src.path, "turn")
        said = _zen_drawn(report.positions[ply], fmt, lang)
        if fmt == "json":
            said.data["record"] = _record_json(src.path, ply, len(report.positions) - 1,
                                               report.turns[ply - 1].text if ply else None,
                                               [v.to_dict(lang) for v in report.violations if v.ply == ply])
        elif fmt == "text":
            said.lines = [turn_caption(report, ply, lang)[0],
                          *(v.to_finding(report.path).render_text(lang) for v in report.violations if v.ply == ply)]
        return Shown(said, lambda: turn_svg(report, ply, lang))

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


def _zen_drawn(pos: Any, fmt: str, lang: str) -> Said:
    """A Zen position as ``show`` prints it: JSON, a position file (``yaml``) or the tower drawn."""
    if fmt == "json":
        return Said(data=position_to_dict(pos))
    return Said(drawing=position_to_yaml(pos) if fmt == "yaml" else render(pos, lang))


def _zen_replay_text(report: ReplayReport, max_findings: int, lang: str) -> list[str]:
    """``korbiro zen replay``'s text of one record: its violations, its verdict, its result or score."""
    lines = _capped((v.to_finding(report.path) for v in report.violations), max_findings, lang)
    res = report.result()
    n = len(report.violations)
    turns = len(report.positions) - 1
    key = "ZEN.replay." + ("valid" if report.valid else "invalid" + (".one" if n == 1 else "")) + (
        ".one" if report.valid and turns == 1 else ".turn" if turns == 1 else "")
    lines.append(zen_say(key, lang, path=report.path, n=n, turns=turns))
    score = ", ".join(f"{p} {pts}" for p, pts in res["score"].items())
    if res["finished"]:
        lines.append(zen_say("ZEN.replay.result", lang, score=score, outcome=describe_outcome(report.final, lang)))
    else:
        lines.append(zen_say("ZEN.replay.unfinished", lang, score=score))
    return lines
