"""XIG in the registry of the board games (:mod:`korbiro.app.games`): its commands' shapes and its answers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...base.errors import KorbiroError
from ...rules.xig import pictures as xig_pictures
from ...rules.xig import record as xig_record
from ...rules.xig.board import Board as XigBoard
from ...rules.xig.draw import show_text, svg_pathways
from ...rules.xig.messages import say as xig_say
from ...rules.xig.views import moves_data, moves_text, show_data
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


class Xig(BoardGame):
    name = "xig"
    title = "XIG"
    board = XigBoard
    prefix = "XIG"
    commands = {
        "replay": CommandShape(Argument("records", many=True, exists=False), ("format", "svg-dir", "max-findings")),
        "moves": CommandShape(Argument("state", exists=False), ("format",)),
        "show": CommandShape(Argument("state", exists=False), ("format", "ply", "svg")),
    }

    def problems(self, exc: Exception, lang: str) -> list[str] | None:
        """Each problem without its rule (a file's shape rests on no rule of the game); a file that cannot
        be read at all, in one line."""
        if isinstance(exc, (OSError, UnicodeError)):
            return [xig_say("XIG.cli.error", lang, message=str(exc))]
        return [replace(f, rule=None).render_text(lang) for f in exc.findings] if isinstance(exc, KorbiroError) else None

    def said_moves(self, src: Source, options: Mapping[str, str], fmt: str, lang: str) -> Said:
        pos = self.position(src, options)
        return Said(data=moves_data(pos, lang)) if fmt == "json" else Said([moves_text(pos, lang)])

    def replayed(self, src: Source, options: Mapping[str, str]) -> Replay:
        record = self.record(src, options)
        result = xig_record.replay(record)
        turns = len(record.turns)

        def text(max_findings: int, lang: str) -> list[str]:
            return [*_capped((v.to_finding(result.path, lang) for v in result.violations), max_findings, lang),
                    result.summary(lang)]

        def pictures(lang: str) -> list[str]:
            return [xig_pictures.turn_svg(s, xig_pictures.turn_caption(src.path, s, turns, lang), lang)
                    for s in xig_record.replay_turns(record)]

        return Replay(src.path, result.valid, result.to_dict, text, pictures)

    def shown(self, src: Source, options: Mapping[str, str], fmt: str, ply: int | None, lang: str) -> Shown:
        if ply is None:
            pos = self.position(src, options)
            said = Said(data=show_data(pos, lang)) if fmt == "json" else Said([show_text(pos, lang)])
            return Shown(said, lambda: svg_pathways(pos, lang=lang))
        doc = src.document()
        if not xig_record.is_record(doc):
            raise PlyError.said("XIG.cli.not-record", file=src.path)
        record = xig_record.load_record(doc, files=src.files)
        turns = len(record.turns)
        check_ply(ply, turns, src.path, "turn")
        step = next(s for s in xig_record.replay_turns(record) if s.ply == ply)
        caption = xig_pictures.turn_caption(src.path, step, turns, lang)
        if fmt == "json":
            turn = step.turn.text if step.turn is not None else None
            said = Said(data={**show_data(step.position, lang), "record": _record_json(
                src.path, step.ply, turns, turn, [v.to_dict(lang) for v in step.violations])})
        else:
            said = Said([caption[0], *(v.to_finding(src.path, lang).render_text(lang) for v in step.violations),
                         show_text(step.position, lang)])
        return Shown(said, lambda: xig_pictures.turn_svg(step, caption, lang))

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
