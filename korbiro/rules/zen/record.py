"""Zen game records: reading them and replaying them move by move.

A record is a YAML file (docs/zen.md, "Game records") with an optional
``options`` mapping, a start (``setup`` — dealt from a seed or given cards,
optionally with the placement to check — or ``start``, a position), and
``moves``: one entry per turn, ``- A: b3-b4 c2-c3``.

:func:`replay` reports **every** violation (turn number, code, rule), not just
the first: an illegal action is reported and skipped, the rest of the turn and
the game are still checked.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from ...base.errors import RulesSyntaxError, UsageError
from ...base.yamlload import YamlDocument, load_yaml_file, load_yaml_text
from ..boardgame import RecordShape
from ..boardgame import Violation as Violation
from .files import Reader, read_options, read_position
from .messages import say
from .options import Options
from .position import Move, Position, Verdict
from .rules import NSQUARES, SEATS, rule
from .setup import VARIANTS, prepare, seats_for

RECORD_KEYS = ("game", "options", "setup", "start", "moves")
SETUP_KEYS = ("players", "variant", "seed", "hands", "tower", "first")


@dataclass
class Turn:
    """One entry of ``moves``; ``error`` is why its text does not parse (``ZEN-NOTATION``), in English,
    ``error_hu`` in Hungarian."""

    ply: int
    player: str | None
    text: str
    line: int | None
    move: Move | None = None
    error: str | None = None
    error_hu: str | None = None


@dataclass
class Record:
    """A parsed record: the start position, set-up problems and the turns."""

    path: str
    start: Position
    turns: list[Turn]
    setup_problems: list[Verdict] = field(default_factory=list)
    #: lines of the set-up's parts: "setup", "hands", "tower"
    setup_lines: dict[str, int] = field(default_factory=dict)


#: how Zen writes a record's violations (``turn 3 A 'b3-b4': …``; the JSON keys of ``replay``)
SHAPE = RecordShape("ZEN", ("ply", "move", "player", "code", "rule", "message", "line"), setup=True)


@dataclass
class ReplayReport:
    """What a replay of a Zen record found: the positions, the turns and the moves a rule refused."""

    path: str
    violations: list[Violation]
    positions: list[Position]  # start, then after each turn
    turns: list[Turn] = field(default_factory=list)  # the record's turns (positions[i] is after turns[i - 1])

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def final(self) -> Position:
        return self.positions[-1]

    def result(self) -> dict[str, Any]:
        pos = self.final
        scores = pos.score()
        outcome = pos.outcome()
        res: dict[str, Any] = {
            "score": {p: s.points for p, s in scores.items()},
            "winner": outcome.winner if outcome else None,
            "finished": outcome is not None,
            "termination": outcome.termination if outcome else None,
            "rule": (rule("befejezes") if outcome.termination == "finished" else None) if outcome else None,
            "winners": list(outcome.winners) if outcome else [],
            "finishers": list(outcome.finished) if outcome else [],
            "breakdown": {p: s.to_dict() for p, s in scores.items()},
            "scoring_rule": rule("pontozas"),
        }
        return res

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "file": self.path,
            "game": "zen",
            "options": self.final.options.changed(),
            "valid": self.valid,
            "plies": len(self.positions) - 1,
            "violations": [v.to_dict(lang) for v in self.violations],
            "result": self.result(),
        }


def load_record(path: str | os.PathLike[str], *, options: Options | None = None) -> Record:
    """Read a record file; raises :class:`~korbiro.base.errors.DataError` (every problem, file:line)."""
    return read_record(load_yaml_file(path), options=options)


def load_record_text(text: str, path: str = "<string>", *, options: Options | None = None) -> Record:
    return read_record(load_yaml_text(text, path), options=options)


def _squares(r: Reader, value: Any, path: tuple[str | int, ...]) -> list[int]:
    out = []
    for tok in r.tokens(value, path):
        sq = r.square(tok, path)
        if sq is not None:
            out.append(sq)
    return out


def is_record(doc: YamlDocument) -> bool:
    """Whether *doc* is a game record (it has ``moves``, ``setup`` or ``start``), not a position file."""
    return isinstance(doc.data, dict) and ("moves" in doc.data or "setup" in doc.data or "start" in doc.data)


def read_record(doc: YamlDocument, *, options: Options | None = None) -> Record:
    """A :class:`Record` from a loaded YAML document."""
    r = Reader(doc)
    data = doc.data
    if not isinstance(data, dict):
        r.error((), "ZEN-RECORD-TYPE", "mapping")
        r.raise_if_errors()
    r.unknown_keys(data, RECORD_KEYS, ())
    if data.get("game", "zen") != "zen":
        r.error(("game",), "ZEN-RECORD-GAME", "other", game=data.get("game"))
    opts = read_options(r, data.get("options"), ("options",), options)
    start: Position | None = None
    problems: list[Verdict] = []
    setup_lines: dict[str, int] = {}
    if ("setup" in data) == ("start" in data):
        r.error((), "ZEN-RECORD-KEY", "start")
    elif "start" in data:
        start = read_position(r, data["start"], ("start",), options=opts)
    else:
        setup_lines = {part: doc.mark(("setup", part) if part != "setup" else ("setup",))[0] for part in ("setup", "hands", "tower")}
        start, problems = _read_setup(r, data["setup"], opts)
    turns: list[Turn] = []
    moves = data.get("moves")
    if moves is None:
        moves = []
    if not isinstance(moves, list):
        r.error(("moves",), "ZEN-RECORD-MOVES", "list")
        moves = []
    for i, entry in enumerate(moves):
        p = ("moves", i)
        line = doc.mark(p)[0]
        player: str | None = None
        text: Any = entry
        if isinstance(entry, dict):
            if len(entry) != 1:
                r.error(p, "ZEN-RECORD-MOVES", "pair", entry=entry)
                continue
            player, text = next(iter(entry.items()))
            player = str(player).upper()
            if player not in SEATS:
                r.error(p, "ZEN-RECORD-MOVES", "player", player=player)
                continue
        if text is None:
            text = ""
        turn = Turn(i + 1, player, str(text), line)
        try:
            turn.move = Move.parse(str(text))
        except RulesSyntaxError as exc:
            turn.error, turn.error_hu = exc.message, exc.to_finding().text("hu")
        turns.append(turn)
    r.raise_if_errors()
    assert start is not None
    return Record(doc.path, start, turns, problems, setup_lines)


def _read_setup(r: Reader, data: Any, opts: Options) -> tuple[Position | None, list[Verdict]]:
    base: tuple[str | int, ...] = ("setup",)
    if not isinstance(data, dict):
        r.error(base, "ZEN-RECORD-SETUP", "mapping")
        return None, []
    r.unknown_keys(data, SETUP_KEYS, base)
    n_errors = len(r.errors)
    players = data.get("players")
    if players not in (2, 3, 4):
        r.error(base + ("players",), "ZEN-RECORD-SETUP", "players", players=players)
        return None, []
    variant = data.get("variant", "standard")
    if variant not in VARIANTS:
        r.error(base + ("variant",), "ZEN-RECORD-SETUP", "variant", variants=", ".join(VARIANTS), variant=variant)
        return None, []
    try:
        seats, _passive = seats_for(players, variant)
    except UsageError as exc:
        r.error_from(base + ("variant",), "ZEN-RECORD-SETUP", exc)
        return None, []
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        r.error(base + ("seed",), "ZEN-RECORD-SETUP", "seed", seed=seed)
    hands: dict[str, list[int]] | None = None
    if "hands" in data:
        hdata = data["hands"]
        if not isinstance(hdata, dict):
            r.error(base + ("hands",), "ZEN-RECORD-SETUP", "hands")
        else:
            hands = {}
            for seat, value in hdata.items():
                s = str(seat).upper()
                if s not in SEATS:
                    r.error(base + ("hands", seat), "ZEN-RECORD-SETUP", "seat", seat=seat)
                    continue
                hands[s] = _squares(r, value, base + ("hands", seat))
    elif seed is None:
        r.error(base, "ZEN-RECORD-SETUP", "deal")
    board: list[str | None] | None = None
    if "tower" in data:
        board = r.tower(data["tower"], base + ("tower",))
        if board is not None and len(board) != NSQUARES:
            board = None
    first = data.get("first")
    if first is not None:
        first = str(first).upper()
        if first not in seats:
            r.error(base + ("first",), "ZEN-RECORD-SETUP", "first", first=first, seats=" ".join(seats))
    if len(r.errors) > n_errors:
        return None, []
    try:
        return prepare(players, seed=seed, variant=variant, hands=hands, board=board, first=first, options=opts)
    except UsageError as exc:
        r.error_from(base, "ZEN-RECORD-SETUP", exc)
        return None, []


def replay(record: Record) -> ReplayReport:
    """Replay *record*, collecting every violation."""
    out: list[Violation] = []
    for v in record.setup_problems:
        part = "tower" if v.code in ("ZEN-SETUP-PLACEMENT", "ZEN-SETUP-STRAY") else "hands"
        line = record.setup_lines.get(part) or record.setup_lines.get("setup")
        out.append(Violation(0, "setup", v, SHAPE, line=line))
    pos = record.start
    positions = [pos]
    for turn in record.turns:
        if turn.error is not None or turn.move is None:
            out.append(Violation(turn.ply, turn.text, _unreadable(turn), SHAPE, player=turn.player, line=turn.line))
            if pos.outcome() is None:
                pos = _skip(pos, turn.player)
            positions.append(pos)
            continue
        if pos.outcome() is None and turn.player is not None and turn.player != pos.to_move:
            order = " ".join(pos.players)
            if turn.player in pos.players:
                v = _verdict("ZEN-WRONG-PLAYER", "sorrend", "order", to_move=pos.to_move, player=turn.player,
                             order=order)
                out.append(Violation(turn.ply, turn.text, v, SHAPE, player=turn.player, line=turn.line))
                pos = _at_turn_of(pos, turn.player)
            else:
                v = _verdict("ZEN-WRONG-PLAYER", "sorrend", "unknown", player=turn.player, order=order)
                out.append(Violation(turn.ply, turn.text, v, SHAPE, player=turn.player, line=turn.line))
        mover = pos.to_move
        pos, problems = pos.play_lenient(turn.move)
        for v in problems:
            out.append(Violation(turn.ply, turn.text, v, SHAPE, player=mover, line=turn.line))
        positions.append(pos)
    return ReplayReport(record.path, out, positions, list(record.turns))


def _verdict(code: str, rule_key: str | None, case: str, /, **args: Any) -> Verdict:
    """A replay's own verdict: *code*, resting on rule *rule_key*, its message the template ``code.case``."""
    key = f"{code}.{case}"
    return Verdict(code, rule(rule_key) if rule_key else None, say(key, "en", **args), key=key, args=args)


def _unreadable(turn: Turn) -> Verdict:
    """``ZEN-NOTATION``: a turn whose text does not parse (its ``error`` says why)."""
    if turn.error is None:
        return _verdict("ZEN-NOTATION", None, "unreadable")
    return _verdict("ZEN-NOTATION", None, "turn", problem=turn.error, problem_hu=turn.error_hu or turn.error)


def _skip(pos: Position, player: str | None) -> Position:
    """The position after an unreadable turn: the turn passes, nothing moves."""
    if player is not None and player in pos.players:
        pos = _at_turn_of(pos, player)
    return pos.play_lenient(Move(()))[0]


def _at_turn_of(pos: Position, player: str) -> Position:
    from dataclasses import replace

    return replace(pos, to_move=player)


def replay_file(path: str | os.PathLike[str], *, options: Options | None = None) -> ReplayReport:
    """Load and replay a record file."""
    return replay(load_record(path, options=options))
