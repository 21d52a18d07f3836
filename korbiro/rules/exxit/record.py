"""Game records (contract) and their replay, reporting every violation.

A record is plain text: header lines ``key: value`` (at least ``variant``), then
one move per line, each with an optional move number (``12.``) and an optional
player (``black drop 0,1``); ``#`` starts a comment.

    >>> rec = parse_record_text("variant: standard\\n1. drop 0,0\\n2. drop 1,0\\n3. drop 0,1\\n")
    >>> report = replay(rec)
    >>> [(v.ply, v.code) for v in report.violations]
    [(3, 'EXXIT-DANCE-COMPULSORY')]
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...base.errors import DataError, KorbiroError, RulesSyntaxError
from ...base.findings import Finding
from ...base.text import close_matches, is_digits, is_other_digits
from ..boardgame import RecordShape, Violation
from .files import load_position, raise_findings
from .messages import colour, error, finding, say
from .position import Move, Outcome, Position, Verdict, termination
from .rules import OPTION_INFO, REASONS, VARIANTS, Options

__all__ = [
    "Record", "RecordMove", "Violation", "ReplayReport", "Ply", "parse_record", "parse_record_text", "replay",
    "replay_plies", "position_after", "file_kind", "METADATA_KEYS",
]

#: free-form header keys a record may carry besides ``variant``, ``position`` and the options.
METADATA_KEYS = ("event", "site", "date", "round", "white", "black", "result", "source", "annotator", "comment", "time")

_HEADER_RE = re.compile(r"^([A-Za-z][A-Za-z0-9_-]*)\s*:\s*(.*)$")
_NUMBER_RE = re.compile(r"^([0-9]+)(?:\.+\s*|\s+)(.*)$")
MAX_RECORD_BYTES = 5 * 1024 * 1024


@dataclass(frozen=True)
class RecordMove:
    """One move line of a record."""

    ply: int
    move: Move
    line: int
    number: int | None = None
    text: str = ""


@dataclass
class Record:
    """A parsed record: headers, options, and the moves in order."""

    path: str
    variant: str
    options: Options
    headers: dict[str, str]
    moves: list[RecordMove]
    start: Position | None = None

    def start_position(self) -> Position:
        """The position the record starts from (the variant's start unless ``position:`` names a file)."""
        return self.start.copy() if self.start is not None else Position.start(self.variant, self.options)


#: how EXXIT writes a record's violations (``ply 3 'drop 0,1': …``; the JSON keys of ``replay``)
SHAPE = RecordShape("EXXIT", ("ply", "move", "code", "rule", "message", "line", "applied"))


@dataclass
class ReplayReport:
    """What :func:`replay` found: every violation, the final position and its result."""

    record: Record
    violations: list[Violation]
    position: Position
    plies: int
    outcome: Outcome | None = None
    moves_after_end: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.violations

    def result(self) -> dict[str, Any]:
        """``{"score": {"white", "black"}, "winner", "finished", "termination"}``."""
        score = self.position.score()
        out = self.outcome
        return {
            "score": {"white": score[0], "black": score[1]},
            "winner": out.winner if out else None,
            "finished": out is not None,
            "termination": out.termination.value if out else None,
            "rule": out.rule if out else None,
        }

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "file": self.record.path,
            "variant": self.record.variant,
            "options": self.record.options.changed(),
            "valid": self.valid,
            "plies": self.plies,
            "violations": [v.to_dict(lang) for v in self.violations],
            "result": self.result(),
        }

    def summary(self, lang: str = "en") -> list[str]:
        """The closing lines of ``korbiro exxit replay``: the verdict, then the result or the score so far.

        >>> report = replay(parse_record_text("variant: standard\\n1. drop 0,0\\n"))
        >>> report.summary("hu")
        ['szabályos (1 féllépés)', 'nincs vége: az eddigi pontszám fehér 4, fekete 3']
        """
        n = len(self.violations)
        verdict = "EXXIT.replay.valid" if self.valid else "EXXIT.replay.invalid" + (".one" if n == 1 else "")
        lines = [say(verdict, lang, n=n, plies=self.plies)]
        res = self.result()
        score = res["score"]
        if self.outcome is not None:
            won = self.outcome.winner
            winner = say("EXXIT.wins", lang, **colour("colour", won)) if won else say("EXXIT.draw", lang)
            how = termination(self.outcome.termination)
            lines.append(say("EXXIT.replay.result", lang, white=score["white"], black=score["black"], winner=winner,
                             termination=res["termination"], termination_hu=how["termination_hu"], rule=res["rule"]))
        else:
            lines.append(say("EXXIT.replay.unfinished", lang, white=score["white"], black=score["black"]))
        return lines


def parse_record(path: str | os.PathLike[str], overrides: Mapping[str, Any] | None = None) -> Record:
    """Read a record file; raises :class:`~korbiro.base.errors.DataError` listing every syntax problem.

    *overrides* sets options on top of the record's option headers.
    """
    name = os.fspath(path)
    try:
        info = os.stat(name)
        if stat.S_ISDIR(info.st_mode):
            raise error(DataError, "FILE-IS-DIRECTORY", "FILE-IS-DIRECTORY.exxit-record", path=name)
        if not stat.S_ISREG(info.st_mode):
            raise error(DataError, "FILE-NOT-REGULAR", "FILE-NOT-REGULAR.exxit", path=name)
        with open(name, "rb") as fh:
            raw = fh.read(MAX_RECORD_BYTES + 1)
    except FileNotFoundError:
        raise error(DataError, "FILE-NOT-FOUND", "FILE-NOT-FOUND.exxit", path=name) from None
    except OSError as exc:
        raise error(DataError, "FILE-UNREADABLE", "FILE-UNREADABLE.exxit", path=name, reason=exc.strerror) from None
    if len(raw) > MAX_RECORD_BYTES:
        raise error(DataError, "FILE-TOO-LARGE", "FILE-TOO-LARGE.exxit-record", path=name, line=1)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise error(DataError, "FILE-ENCODING", "FILE-ENCODING.exxit", path=name, line=line,
                    offset=exc.start) from None
    return parse_record_text(text, name, overrides)


def parse_record_text(text: str, path: str = "<string>", overrides: Mapping[str, Any] | None = None, *,
                      files: bool = True) -> Record:
    """Parse record text (see the module docstring); *overrides* sets options over the headers.

    Without *files*, a ``position:`` header (a file to read) is a problem, not a read: for text
    that must not name files (the web app's).
    """
    reader = _RecordReader(path)
    for lineno, raw in enumerate(text.splitlines(), 1):
        reader.read_line(lineno, raw)
    variant = reader.variant()
    options = Options().with_values({**reader.option_values, **(overrides or {})})
    start = reader.start(variant, options, files)
    raise_findings(reader.problems, path)
    return Record(path, variant, options, reader.headers, reader.moves, start)


class _RecordReader:
    """A record read line by line: its headers, option headers and moves, and every problem."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Finding] = []
        self.headers: dict[str, str] = {}
        self.header_lines: dict[str, int] = {}
        self.moves: list[RecordMove] = []
        self.option_values: dict[str, str] = {}

    def problem(self, line: int, key: str, /, *, code: str = "EXXIT-RECORD-SYNTAX", column: int | None = None,
                **args: Any) -> None:
        self.problems.append(finding(code, key, file=self.path, line=line, column=column, **args))

    def problem_from(self, line: int, exc: KorbiroError, column: int | None = None, code: str | None = None) -> None:
        """The problem *exc* (a move that does not parse, a bad option) at *line*."""
        self.problems.append(Finding(code or exc.code, exc.message, file=self.path, line=line, column=column,
                                     args={"message_hu": exc.to_finding().text("hu")}))

    def read_line(self, lineno: int, raw: str) -> None:
        line = raw.split("#", 1)[0].strip()
        if not line:
            return
        if any(ord(ch) < 32 and ch != "\t" for ch in line):
            self.problem(lineno, "EXXIT-RECORD-SYNTAX.control")
            return
        header = _HEADER_RE.match(line)
        if header:
            self.header(lineno, header.group(1).lower(), header.group(2).strip())
        else:
            self.move(lineno, raw, line)

    def header(self, lineno: int, key: str, value: str) -> None:
        """A ``key: value`` line: before the moves, once each; an option, ``variant``, ``position`` or metadata."""
        if self.moves:
            self.problem(lineno, "EXXIT-RECORD-SYNTAX.late-header", key=key)
            return
        if key in self.header_lines:
            self.problem(lineno, "EXXIT-RECORD-SYNTAX.duplicate-header", key=key, first=self.header_lines[key])
            return
        self.header_lines[key] = lineno
        norm = key.replace("-", "_")
        if norm in OPTION_INFO:
            try:
                Options().with_values({norm: value})
            except KorbiroError as exc:
                self.problem_from(lineno, exc, code="EXXIT-RECORD-OPTION")
                return
            self.option_values[norm] = value
        elif key not in ("variant", "position") and key not in METADATA_KEYS and not key.startswith("x-"):
            near = close_matches(norm, ["variant", "position", *OPTION_INFO, *METADATA_KEYS], n=1)
            if near:
                self.problem(lineno, "EXXIT-RECORD-SYNTAX.unknown-header-near", key=key, near=near[0])
            else:
                self.problem(lineno, "EXXIT-RECORD-SYNTAX.unknown-header", key=key)
            return
        self.headers[key] = value

    def move(self, lineno: int, raw: str, line: str) -> None:
        """A move line, with its optional move number (``12.``)."""
        number: int | None = None
        body = line
        m = _NUMBER_RE.match(line)
        if m:
            if len(m.group(1)) > 9:
                self.problem(lineno, "EXXIT-RECORD-SYNTAX.long-number", number=m.group(1))
                return
            number, body = int(m.group(1)), m.group(2)
        elif is_digits(line[0]):
            self.problem(lineno, "EXXIT-RECORD-SYNTAX.number", text=line)
            return
        elif is_other_digits(first := re.split(r"[.\s]", line, maxsplit=1)[0]):
            self.problem(lineno, "EXXIT-RECORD-SYNTAX.digits", number=first)
            return
        try:
            move = Move.parse(body)
        except RulesSyntaxError as exc:
            self.problem_from(lineno, exc, column=raw.find(body.split()[0]) + 1 if body.split() else None)
            return
        self.moves.append(RecordMove(len(self.moves) + 1, move, lineno, number, body))

    def variant(self) -> str:
        """The ``variant`` header (``standard`` after a problem)."""
        variant = self.headers.get("variant")
        if variant is None:
            self.problem(1, "EXXIT-RECORD-SYNTAX.no-variant")
            return "standard"
        if variant not in VARIANTS:
            self.problem(self.header_lines["variant"], "EXXIT-VARIANT.unknown", variant=variant,
                         variants=", ".join(VARIANTS))
            return "standard"
        return variant

    def start(self, variant: str, options: Options, files: bool) -> Position | None:
        """The position the ``position:`` header names (``None``: the variant's start)."""
        headers, path = self.headers, self.path
        if "position" not in headers:
            return None
        line = self.header_lines["position"]
        if not files:
            self.problem(line, "EXXIT-RECORD-FILE.not-here", code="EXXIT-RECORD-FILE", name=headers["position"])
            return None
        if self.problems:
            return None
        target = os.path.join(os.path.dirname(path), headers["position"]) if path != "<string>" else headers["position"]
        try:
            start = load_position(target, options)
        except DataError as exc:
            self.problem(line, "EXXIT-RECORD-SYNTAX.position-file", code=exc.code, name=headers["position"],
                         problem=str(exc), problem_hu=exc.text("hu"))
            return None
        if start.variant != variant:
            self.problem(line, "EXXIT-RECORD-SYNTAX.position-variant", name=headers["position"],
                         variant=start.variant, record=variant)
        return start


@dataclass
class Ply:
    """One step of a replay: the position after the record's ply *ply* (0 is the start).

    ``position`` is the replay's own position, which the next step changes:
    :meth:`Position.copy` it to keep it.  ``violations`` are those of this ply's
    move; ``after_end`` says the move came after the end of the game (ignored).
    """

    ply: int
    move: RecordMove | None
    position: Position
    violations: list[Violation]
    after_end: bool = False


def replay_plies(record: Record) -> Iterator[Ply]:
    """Replay *record* ply by ply: the start, then the position after each move.

    An illegal move that can still be carried out (a drop while a dance is
    compulsory, a pass with moves left, …) is applied as written, so the moves
    after it are judged in the game the players actually played.  A move that
    cannot be carried out at all (a drop on an occupied tile, a dance from an
    empty hex) is skipped and the turn passes.  A move naming the wrong player
    is reported, and then made for the player it names.  Moves after the end of
    the game are reported and ignored.
    """
    pos = record.start_position()
    yield Ply(0, None, pos, [])
    for rm in record.moves:
        text = str(rm.move)
        violations: list[Violation] = []
        if rm.number is not None and rm.number != rm.ply:
            violations.append(Violation(rm.ply, text, _number_verdict(rm.number, rm.ply), SHAPE, line=rm.line))
        if pos.is_game_over():
            violations.append(Violation(rm.ply, text, pos.check(rm.move), SHAPE, line=rm.line, applied=False))
            yield Ply(rm.ply, rm, pos, violations, after_end=True)
            continue
        found: list[Verdict] = pos.reasons(rm.move)
        move = rm.move
        if found and found[0].code == "EXXIT-NOT-YOUR-TURN":
            pos.push_null()
            move = rm.move.without_player()
            found = found + pos.reasons(move)
        impossible = any(REASONS[v.code].impossible for v in found if v.code in REASONS)
        for v in found:
            violations.append(Violation(rm.ply, text, v, SHAPE, line=rm.line, applied=not impossible))
        if impossible:
            pos.push_null()
        else:
            pos.push(move.without_player())
        yield Ply(rm.ply, rm, pos, violations)


def _number_verdict(number: int, ply: int) -> Verdict:
    """``EXXIT-RECORD-MOVE-NUMBER``: a move number that does not count the plies."""
    r = REASONS["EXXIT-RECORD-MOVE-NUMBER"]
    key = "EXXIT-RECORD-MOVE-NUMBER.ply"
    args = {"number": number, "ply": ply}
    return Verdict(r.code, r.rule.id, say(key, "en", **args), r.rule.text, key, args)


def position_after(record: Record, ply: int) -> Ply:
    """The replay step of ply *ply* (0 to ``len(record.moves)``), its position a copy."""
    if not 0 <= ply <= len(record.moves):
        raise ValueError(f"ply {ply} is out of range (0 to {len(record.moves)})")
    for step in replay_plies(record):
        if step.ply == ply:
            step.position = step.position.copy()
            return step
    raise AssertionError("unreachable")  # pragma: no cover


def replay(record: Record) -> ReplayReport:
    """Replay *record*, reporting **every** violation (see :func:`replay_plies`)."""
    violations: list[Violation] = []
    after_end = 0
    pos = record.start_position()
    for step in replay_plies(record):
        violations += step.violations
        after_end += step.after_end
        pos = step.position
    return ReplayReport(record, violations, pos, len(record.moves), pos.outcome(), after_end)


#: a line that only a position file has: one of its keys, or a flow mapping
_POSITION_LINE_RE = re.compile(r"^(?:(?:tiles|stacks|reserves|stock|to_move)\s*:|\{)")
#: a move line of a record
_MOVE_LINE_RE = re.compile(r"^(?:[0-9]+(?:\.+\s*|\s+))?(?:(?:white|black)\s+)?(?:dance|drop|exchange|tile|pass)\b", re.I)


def file_kind(text: str) -> str:
    """``"position"`` when a line of *text* starts with a key of a position file (``tiles:``,
    ``stacks:``, …) or a flow mapping, ``"record"`` when one is a move, else ``"unknown"``.

    >>> file_kind("variant: standard\\n1. drop 0,0\\n"), file_kind("variant: standard\\ntiles: {}\\n")
    ('record', 'position')
    >>> file_kind("variant: standard\\n")
    'unknown'
    """
    lines = text.splitlines()
    if any(_POSITION_LINE_RE.match(line) for line in lines):
        return "position"
    if any(_MOVE_LINE_RE.match(line.split("#", 1)[0].strip()) for line in lines):
        return "record"
    return "unknown"
