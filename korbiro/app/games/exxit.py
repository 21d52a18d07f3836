"""EXXIT in the registry of the board games (:mod:`korbiro.app.games`): its commands' shapes and its answers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...rules import exxit as ex
from ...rules.exxit.board import Board as ExxitBoard
from ...rules.exxit.draw import text_board
from ...rules.exxit.files import moves_to_dict as exxit_moves
from ...rules.exxit.messages import say as exxit_say
from ...rules.exxit.pictures import ply_caption, ply_svg
from ...rules.exxit.position import termination
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
    check_ply,
)


class Exxit(BoardGame):
    name = "exxit"
    title = "EXXIT"
    board = ExxitBoard
    prefix = "EXXIT"
    unit = "ply"
    commands = {
        "moves": CommandShape(Argument("position"), ("format", "option")),
        "replay": CommandShape(Argument("record"), ("format", "svg-dir", "option", "max-findings")),
        "show": CommandShape(Argument("file", "POSITION|RECORD"), ("ply", "svg", "option"), formats=()),
    }
    option_hint = "'-o' / '--option'"
    option_help = ("Set a rules option (repeatable); the defaults are boardspace's readings. Options: "
                   + "; ".join(f"{n} ({i.ambiguity}: {'|'.join(i.choices)})" for n, i in ex.OPTION_INFO.items())
                   + ". See docs/exxit.md.")

    def cli_options(self, items: Sequence[str]) -> dict[str, str]:
        self.options(dict(item.partition("=")[::2] for item in items))
        return dict(item.partition("=")[::2] for item in items)

    def said_moves(self, src: Source, options: Mapping[str, str], fmt: str, lang: str) -> Said:
        pos = self.position(src, options)
        if fmt == "json":
            return Said(data=exxit_moves(pos))
        said = Said([str(m) for m in pos.legal_moves()])
        out = pos.outcome()
        if out is not None:
            said.lines.append(exxit_say("EXXIT.moves.over", lang, termination=out.termination.value,
                                        termination_hu=termination(out.termination)["termination_hu"], rule=out.rule))
        return said

    def replayed(self, src: Source, options: Mapping[str, str]) -> Replay:
        rec = self.record(src, options)
        report = ex.replay(rec)
        plies = len(rec.moves)

        def text(max_findings: int, lang: str) -> list[str]:
            return [*_capped((v.to_finding(src.path) for v in report.violations), max_findings, lang),
                    *report.summary(lang)]

        def pictures(lang: str) -> list[str]:
            return [ply_svg(s.position, s, ply_caption(src.path, s, plies, lang), lang) for s in ex.replay_plies(rec)]

        return Replay(src.path, report.valid, report.to_dict, text, pictures)

    def shown(self, src: Source, options: Mapping[str, str], fmt: str, ply: int | None, lang: str) -> Shown:
        kind = self.kind(src)
        if ply is not None and kind == "position":
            raise PlyError.said("EXXIT.cli.position-not-record", file=src.path)
        if kind != "record" and ply is None:
            pos = self.position(src, options)
            return Shown(Said([text_board(pos, lang)]), lambda: ply_svg(pos, None, [], lang))
        rec = self.record(src, options)
        plies = len(rec.moves)
        if ply is not None:
            check_ply(ply, plies, src.path)
        step = ex.position_after(rec, plies if ply is None else ply)
        caption = ply_caption(src.path, step, plies, lang)
        lines = [caption[0], *(v.to_finding(src.path).render_text(lang) for v in step.violations),
                 text_board(step.position, lang)]
        return Shown(Said(lines), lambda: ply_svg(step.position, step, caption, lang))

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
