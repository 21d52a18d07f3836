"""The board games' use cases, built once for both faces: a registry of EXXIT, XIG and Zen.

Each game is one small object over its library (:data:`GAMES`, by name): its title, its
:class:`~korbiro.rules.boardgame.Board` class, how it reads a position file and a game record, and
what the faces ask of it: ``moves`` and ``replay`` (the JSON of ``korbiro GAME moves/replay
--format json``), ``picture`` (the SVG ``korbiro GAME show … --svg`` writes) and ``view`` (what a
game's web page shows: the position after one ply, its legal moves and the replay's violations ply
by ply).  Every word in the answers is in the language asked for (the chosen language by default).

The input is a :class:`Source`: a file the command line names, or text the web app was given.  Text
never names a file: a record's ``position:`` header or an XIG layout file is a problem of the input.

The command line's ``korbiro GAME moves|replay|show`` are built once (``cli/_games.py``) from each
entry's :attr:`BoardGame.commands` (each command's argument and options, as data) and its answers in
text: :meth:`BoardGame.said_moves`, :meth:`BoardGame.replayed` (a :class:`Replay`) and
:meth:`BoardGame.shown` (a :class:`Shown`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, ClassVar

from ..base import i18n
from ..base.errors import KorbiroError, UsageError
from ..base.findings import Finding, cap_per_file
from ..base.yamlload import YamlDocument, load_yaml_file, load_yaml_text
from ..rules import exxit as ex
from ..rules.exxit.board import Board as ExxitBoard
from ..rules.exxit.files import moves_to_dict as exxit_moves
from ..rules.exxit.messages import say as exxit_say
from ..rules.exxit.pictures import ply_caption, ply_svg
from ..rules.exxit.position import termination
from ..rules.exxit.render import text_board
from ..rules.xig import pictures as xig_pictures
from ..rules.xig import record as xig_record
from ..rules.xig.board import Board as XigBoard
from ..rules.xig.draw import show_text, svg_pathways
from ..rules.xig.messages import say as xig_say
from ..rules.xig.render import moves_data, moves_text, show_data
from ..rules.zen import Options as ZenOptions
from ..rules.zen import position_from_document, position_to_yaml, render, svg_tower
from ..rules.zen.board import Board as ZenBoard
from ..rules.zen.draw import describe_outcome
from ..rules.zen.messages import say as zen_say
from ..rules.zen.notation import moves_to_dict as zen_moves
from ..rules.zen.notation import position_to_dict
from ..rules.zen.pictures import turn_caption, turn_svg
from ..rules.zen.replay import ReplayReport, is_record, read_record
from ..rules.zen.replay import replay as zen_replay

__all__ = ["GAMES", "Argument", "BoardGame", "CommandShape", "PlyError", "Replay", "Said", "Shown", "Source", "View",
           "check_ply"]

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


class PlyError(UsageError):
    """The ply asked for (``--ply N``) cannot be shown: the input is no record, or has no such ply."""


def check_ply(ply: int, plies: int, path: str, unit: str = "ply") -> None:
    """A usage error unless 0 <= *ply* <= *plies*, naming the record and the range; *unit* is what the
    record counts (``ply``: EXXIT; ``turn``: XIG and Zen, whose turn 0 is the set-up)."""
    if not 0 <= ply <= plies:
        raise PlyError.said(f"WEB-PLY.{unit}", file=path, n=plies, ply=ply)


@dataclass
class Said:
    """What a command says: its lines of text, its JSON (``data``, when it answers in JSON) and its notes on
    standard error."""

    lines: list[str] = field(default_factory=list)
    data: Any = None
    notes: list[str] = field(default_factory=list)
    #: text after the lines, as it is (a drawing or a file that ends its own lines)
    drawing: str = ""

    @property
    def out(self) -> str:
        """The standard output in text."""
        return "".join(line + "\n" for line in self.lines) + self.drawing


@dataclass(frozen=True)
class Argument:
    """A command's argument: its name (``position``, ``records``), its metavariable, whether it takes
    several and whether the path must exist."""

    name: str
    metavar: str | None = None
    many: bool = False
    exists: bool = True


@dataclass(frozen=True)
class CommandShape:
    """One of a game's ``moves|replay|show`` commands: its argument and its options in the order its help
    lists them (``format``, ``option``, ``svg-dir``, ``max-findings``, ``ply``, ``svg``; ``--lang`` last)."""

    argument: Argument
    options: tuple[str, ...]
    formats: tuple[str, ...] = ("text", "json")


@dataclass(frozen=True)
class Replay:
    """A record replayed: its path, whether every move was legal, its JSON and text (in a language) and its
    pictures, one a ply from the start (in a language)."""

    path: str
    valid: bool
    data: Callable[[str], dict[str, Any]]
    text: Callable[[int, str], list[str]]
    pictures: Callable[[str], list[str]]


@dataclass(frozen=True)
class Shown:
    """A position drawn (``show``): what the command says, and its picture when asked for one."""

    said: Said
    picture: Callable[[], str]


def _capped(findings: Iterable[Finding], max_findings: int, lang: str) -> list[str]:
    shown, _hidden = cap_per_file(list(findings), max_findings)
    return [f.render_text(lang) for f in shown]


def _record_json(path: str, ply: int, turns: int, turn: str | None, violations: list[dict[str, Any]]) -> dict[str, Any]:
    """``show --ply N --format json``'s ``record``: which turn of which record, and its violations."""
    return {"file": path, "ply": ply, "turns": turns, "turn": turn, "violations": violations}


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
    """What the faces ask of a game; *name* is its command and its path (``korbiro NAME``, ``/api/NAME/…``).

    For the command line: *commands* declares its ``moves``, ``replay`` and ``show``; *prefix* is its
    catalogue's (``EXXIT``); *unit* what its records count (``ply`` or ``turn``); *option_hint* how a
    usage error of its ``-o`` names the option; *option_help* that option's help (the English).
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    board: ClassVar[type] = object
    prefix: ClassVar[str] = ""
    unit: ClassVar[str] = "turn"
    commands: ClassVar[dict[str, CommandShape]] = {}
    option_hint: ClassVar[str] = "'-o'"
    option_help: ClassVar[str] = ""
    #: whether ``replay`` goes on to the next record after one it cannot read (else it stops there)
    replay_goes_on: ClassVar[bool] = False

    def cli_options(self, items: Sequence[str]) -> dict[str, str]:
        """The ``-o NAME=VALUE`` items as options (a :class:`KorbiroError` for one the game does not take)."""
        return {}

    def problems(self, exc: Exception, lang: str) -> list[str] | None:
        """The lines that say why an input cannot be read (``None``: not a problem of the input)."""
        return [f.render_text(lang) for f in exc.findings] if isinstance(exc, KorbiroError) else None

    def said_moves(self, src: Source, options: Mapping[str, str], fmt: str, lang: str) -> Said:
        """``korbiro GAME moves``."""
        raise NotImplementedError

    def replayed(self, src: Source, options: Mapping[str, str]) -> Replay:
        """A record replayed (``korbiro GAME replay``)."""
        raise NotImplementedError

    def shown(self, src: Source, options: Mapping[str, str], fmt: str, ply: int | None, lang: str) -> Shown:
        """``korbiro GAME show`` (with ``--ply N``, the position after ply N of a record)."""
        raise NotImplementedError

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


#: the board games, by name
GAMES: dict[str, BoardGame] = {g.name: g for g in (Exxit(), Xig(), Zen())}
