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

import difflib
import os
import re
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...base.errors import DataError, KorbiroError, RulesSyntaxError
from ...base.findings import Finding
from .files import load_position
from .position import Move, Outcome, Position, Verdict
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


@dataclass(frozen=True)
class Violation:
    """A rule a record's move breaks."""

    ply: int
    move: str
    code: str
    rule: str | None
    message: str
    line: int | None = None
    applied: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "move": self.move,
            "code": self.code,
            "rule": self.rule,
            "message": self.message,
            "line": self.line,
            "applied": self.applied,
        }

    def to_finding(self, path: str | None) -> Finding:
        return Finding(self.code, f"ply {self.ply} {self.move!r}: {self.message}", rule=self.rule, file=path, line=self.line)


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.record.path,
            "variant": self.record.variant,
            "options": self.record.options.changed(),
            "valid": self.valid,
            "plies": self.plies,
            "violations": [v.to_dict() for v in self.violations],
            "result": self.result(),
        }


def parse_record(path: str | os.PathLike[str], overrides: Mapping[str, Any] | None = None) -> Record:
    """Read a record file; raises :class:`~korbiro.base.errors.DataError` listing every syntax problem.

    *overrides* sets options on top of the record's option headers.
    """
    name = os.fspath(path)
    try:
        info = os.stat(name)
        if stat.S_ISDIR(info.st_mode):
            raise DataError("FILE-IS-DIRECTORY", f"{name!r} is a directory, expected a record file", path=name)
        if not stat.S_ISREG(info.st_mode):
            raise DataError("FILE-NOT-REGULAR", f"{name!r} is not a regular file", path=name)
        with open(name, "rb") as fh:
            raw = fh.read(MAX_RECORD_BYTES + 1)
    except FileNotFoundError:
        raise DataError("FILE-NOT-FOUND", f"file {name!r} does not exist", path=name) from None
    except OSError as exc:
        raise DataError("FILE-UNREADABLE", f"cannot read {name!r}: {exc.strerror}", path=name) from None
    if len(raw) > MAX_RECORD_BYTES:
        raise DataError("FILE-TOO-LARGE", "record file exceeds 5 MB limit", path=name, line=1)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError("FILE-ENCODING", f"not valid UTF-8 (byte offset {exc.start})", path=name, line=line) from None
    return parse_record_text(text, name, overrides)


def parse_record_text(text: str, path: str = "<string>", overrides: Mapping[str, Any] | None = None, *,
                      files: bool = True) -> Record:
    """Parse record text (see the module docstring); *overrides* sets options over the headers.

    Without *files*, a ``position:`` header (a file to read) is a problem, not a read: for text
    that must not name files (the web app's).
    """
    problems: list[Finding] = []

    def problem(line: int, message: str, code: str = "EXXIT-RECORD-SYNTAX", column: int | None = None) -> None:
        problems.append(Finding(code, message, file=path, line=line, column=column))

    headers: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    moves: list[RecordMove] = []
    option_values: dict[str, str] = {}
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if any(ord(ch) < 32 and ch != "\t" for ch in line):
            problem(lineno, "control character in record line")
            continue
        header = _HEADER_RE.match(line)
        if header:
            key, value = header.group(1).lower(), header.group(2).strip()
            if moves:
                problem(lineno, f"header {key!r} after the first move; headers come first")
                continue
            if key in header_lines:
                problem(lineno, f"duplicate header {key!r} (first at line {header_lines[key]})")
                continue
            header_lines[key] = lineno
            norm = key.replace("-", "_")
            if norm in OPTION_INFO:
                try:
                    Options().with_values({norm: value})
                except KorbiroError as exc:
                    problem(lineno, exc.message, "EXXIT-RECORD-OPTION")
                    continue
                option_values[norm] = value
            elif key not in ("variant", "position") and key not in METADATA_KEYS and not key.startswith("x-"):
                known = ["variant", "position", *OPTION_INFO, *METADATA_KEYS]
                near = difflib.get_close_matches(norm, known, n=1)
                hint = f" (did you mean {near[0]!r}?)" if near else "; free-form keys start with 'x-'"
                problem(lineno, f"unknown header {key!r}{hint}")
                continue
            headers[key] = value
            continue
        number: int | None = None
        body = line
        m = _NUMBER_RE.match(line)
        if m:
            if len(m.group(1)) > 9:
                problem(lineno, f"move number {m.group(1)!r} is too long")
                continue
            number, body = int(m.group(1)), m.group(2)
        elif line[0].isdigit():
            problem(lineno, f"cannot read {line!r}: a move number is followed by '.' or a space and a move")
            continue
        try:
            move = Move.parse(body)
        except RulesSyntaxError as exc:
            problem(lineno, exc.message, exc.code, column=raw.find(body.split()[0]) + 1 if body.split() else None)
            continue
        moves.append(RecordMove(len(moves) + 1, move, lineno, number, body))

    variant = headers.get("variant")
    if variant is None:
        problem(1, "the record has no 'variant:' header (standard, blitz, beginner or expert)")
        variant = "standard"
    elif variant not in VARIANTS:
        problem(header_lines["variant"], f"unknown variant {variant!r}; variants are {', '.join(VARIANTS)}")
        variant = "standard"
    options = Options().with_values({**option_values, **(overrides or {})})
    start: Position | None = None
    if "position" in headers and not files:
        problem(header_lines["position"], f"position file {headers['position']!r}: this record may not name a file; "
                "give the position's tiles in a position file instead", "EXXIT-RECORD-FILE")
    elif "position" in headers and not problems:
        target = os.path.join(os.path.dirname(path), headers["position"]) if path != "<string>" else headers["position"]
        try:
            start = load_position(target, options)
        except DataError as exc:
            problem(header_lines["position"], f"position file {headers['position']!r}: {exc}", exc.code)
        else:
            if start.variant != variant:
                problem(header_lines["position"], f"position file {headers['position']!r} is a {start.variant} position, but the record says variant {variant!r}")
    if problems:
        err = DataError(problems[0].code, problems[0].message, path=path, line=problems[0].line, column=problems[0].column)
        err.findings = problems
        raise err
    return Record(path, variant, options, headers, moves, start)


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
            r = REASONS["EXXIT-RECORD-MOVE-NUMBER"]
            violations.append(
                Violation(rm.ply, text, r.code, r.rule.id, f"move number {rm.number} written on ply {rm.ply}", rm.line)
            )
        if pos.is_game_over():
            v = pos.check(rm.move)
            violations.append(Violation(rm.ply, text, v.code, v.rule, v.message, rm.line, applied=False))
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
            violations.append(Violation(rm.ply, text, v.code, v.rule, v.message, rm.line, applied=not impossible))
        if impossible:
            pos.push_null()
        else:
            pos.push(move.without_player())
        yield Ply(rm.ply, rm, pos, violations)


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
