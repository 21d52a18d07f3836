"""Zen position files: reading (strict YAML, every problem with file:line) and writing.

The format is described in docs/zen.md ("Position files").  A short example::

    players: A B
    to_move: A
    tower:
      5: .  B2 .  B1
      4: B4 .  H  B3
      3: .  .  .  .
      2: A1 H  A3 .
      1: .  A2 .  A4
    targets:
      A: a4 b4 c4 d4 d5
      B: a1 b1 c1 a2 b2

    >>> from korbiro.base.yamlload import load_yaml_text
    >>> doc = load_yaml_text(EXAMPLE)
    >>> pos = position_from_document(doc)
    >>> pos.piece_at(parse_square("b5")), pos.to_move
    ('B2', 'A')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...base.errors import DataError, KorbiroError, UsageError
from ...base.findings import Finding
from ...base.text import is_digits
from ...base.yamlload import YamlDocument
from .draw import squares_text
from .messages import MessageError, finding, say
from .options import Options
from .position import Position, _canonical_captures
from .rules import (
    COLUMNS,
    FLOORS,
    NCOLS,
    NSQUARES,
    SEATS,
    WARRIOR,
    is_piece,
    parse_square,
    square,
    square_name,
)

EXAMPLE = """\
players: A B
to_move: A
tower: |
  5  .  B2 .  B1
  4  B4 .  H  B3
  3  .  .  .  .
  2  A1 H  A3 .
  1  .  A2 .  A4
     a  b  c  d
targets:
  A: a4 b4 c4 d4 d5
  B: a1 b1 c1 a2 b2
"""

POSITION_KEYS = (
    "players", "passive", "to_move", "turn", "tower", "targets", "arrived", "captured",
    "placed_by_other", "options",
)

Path = tuple[str | int, ...]


class Reader:
    """Collects every problem of one file, each with its line and column."""

    def __init__(self, doc: YamlDocument) -> None:
        self.doc = doc
        self.errors: list[Finding] = []
        #: line of each floor in the last tower read
        self.floor_lines: dict[int, int] = {}

    def error(self, path: Path, code: str, case: str, /, **args: Any) -> None:
        """The problem *code* at *path*, its message the template ``code.case`` with *args*."""
        line, col = self.doc.mark(path)
        self.error_at(line, col, code, case, **args)

    def error_at(self, line: int, column: int | None, code: str, case: str, /, **args: Any) -> None:
        key = f"{code}.{case}"
        self.errors.append(finding(code, say(key, "en", **args), say(key, "hu", **args), file=self.doc.path,
                                   line=line, column=column))

    def error_from(self, path: Path, code: str, exc: KorbiroError | MessageError) -> None:
        """The problem *exc* (an option or a square that cannot be read) at *path*, with code *code*."""
        line, col = self.doc.mark(path)
        hu = exc.text("hu") if isinstance(exc, MessageError) else exc.to_finding().text("hu")
        en = str(exc) if isinstance(exc, MessageError) else exc.message
        self.errors.append(finding(code, en, hu, file=self.doc.path, line=line, column=col))

    def raise_if_errors(self) -> None:
        if self.errors:
            first = self.errors[0]
            err = DataError(first.code, first.message, path=first.file, line=first.line, column=first.column,
                            hu=first.text("hu"))
            err.findings = self.errors
            raise err

    def tokens(self, value: Any, path: Path) -> list[str]:
        """A list given as a YAML list or as one string of space-separated words."""
        if value is None:
            return []
        if isinstance(value, str):
            return value.replace(",", " ").split()
        if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
            return [str(v) for v in value]
        self.error(path, "ZEN-POSITION-TYPE", "words", value=value)
        return []

    def square(self, token: str, path: Path) -> int | None:
        try:
            return parse_square(token)
        except MessageError as exc:
            self.error_from(path, "ZEN-POSITION-SQUARE", exc)
            return None

    def unknown_keys(self, data: Mapping[str, Any], allowed: Sequence[str], path: Path) -> None:
        for key in data:
            if key not in allowed:
                self.error(path + (key,), "ZEN-POSITION-KEY", "unknown", key=key, allowed=", ".join(allowed))

    def tower(self, value: Any, path: Path) -> list[str | None] | None:
        """The tower drawn as a literal block: one line per floor, floor number first.

        A line of the column letters alone (``a b c d``) may label the columns.
        """
        if not isinstance(value, str) or "\n" not in value.strip():
            self.error(path, "ZEN-POSITION-TOWER", "block", value=value)
            return None
        first_line = self.doc.mark(path)[0] + 1  # a block scalar's text starts on the next line
        board: list[str | None] = [None] * NSQUARES
        seen: dict[int, int] = {}
        self.floor_lines = seen
        ok = True
        for i, raw in enumerate(value.split("\n")):
            line = first_line + i
            toks = raw.split()
            if not toks or toks == list(COLUMNS):
                continue
            label = toks[0].rstrip(":")
            if not (is_digits(label) and len(label) <= 2 and 1 <= int(label) <= FLOORS and label == str(int(label))):
                self.error_at(line, None, "ZEN-POSITION-TOWER", "label", text=raw.strip(), floors=FLOORS, n=NCOLS)
                ok = False
                continue
            floor = int(label)
            if floor in seen:
                self.error_at(line, None, "ZEN-POSITION-TOWER", "twice", floor=floor, first=seen[floor])
                ok = False
                continue
            seen[floor] = line
            cells = toks[1:]
            if len(cells) != NCOLS:
                self.error_at(line, None, "ZEN-POSITION-TOWER", "width", floor=floor, got=len(cells), n=NCOLS)
                ok = False
                continue
            for col, tok in enumerate(cells, start=1):
                if tok == ".":
                    continue
                t = tok.upper()
                if not is_piece(t):
                    self.error_at(line, None, "ZEN-POSITION-PIECE", "cell", token=tok,
                                  square=f"{COLUMNS[col - 1]}{floor}", warrior=WARRIOR)
                    ok = False
                    continue
                board[square(floor, col)] = t
        missing = sorted(set(range(1, FLOORS + 1)) - set(seen))
        if missing:
            self.error(path, "ZEN-POSITION-TOWER", "missing", floors=", ".join(map(str, missing)))
            ok = False
        return board if ok else None


def position_from_document(doc: YamlDocument, base: Path = (), *, options: Options | None = None) -> Position:
    """Read the position at *base* in *doc*; raises :class:`DataError` listing every problem."""
    r = Reader(doc)
    data = doc.data
    for k in base:
        data = data[k]
    pos = read_position(r, data, base, options=options)
    r.raise_if_errors()
    assert pos is not None
    return pos


def read_options(r: Reader, value: Any, path: Path, base: Options | None = None) -> Options:
    if value is None:
        return base or Options()
    if not isinstance(value, dict):
        r.error(path, "ZEN-POSITION-OPTIONS", "mapping", value=value)
        return base or Options()
    try:
        return Options.parse(value, base)
    except UsageError as exc:
        bad = next((k for k in value if k in exc.message or repr(k) in exc.message), None)
        r.error_from(path + ((bad,) if bad else ()), "ZEN-POSITION-OPTIONS", exc)
        return base or Options()


def read_position(r: Reader, data: Any, base: Path, *, options: Options | None = None) -> Position | None:
    """A :class:`Position` from a mapping, recording problems in *r* (``None`` if unusable)."""
    if not isinstance(data, dict):
        r.error(base, "ZEN-POSITION-TYPE", "mapping", type=type(data).__name__)
        return None
    return _PositionReader(r, data, base).read(options)


class _PositionReader:
    """One position mapping read part by part (players, tower, targets, arrivals, captures, flags,
    turn), each part's problems recorded in the :class:`Reader` in reading order."""

    def __init__(self, r: Reader, data: dict[Any, Any], base: Path) -> None:
        self.r = r
        self.data = data
        self.base = base
        self.players: list[str] = []
        self.colours: list[str] = []
        self.seen: dict[str, dict[str, str]] = {}

    def read(self, options: Options | None) -> Position | None:
        r, data, base = self.r, self.data, self.base
        start_errors = len(r.errors)
        r.unknown_keys(data, POSITION_KEYS, base)
        opts = read_options(r, data.get("options"), base + ("options",), options)
        passive = self.read_players()
        seats = tuple(s for s in SEATS if s in self.colours)
        board = r.tower(data.get("tower"), base + ("tower",)) if "tower" in data else None
        if "tower" not in data:
            r.error(base, "ZEN-POSITION-KEY", "tower")
        if board is not None:
            self.note_tower(board)
        targets = self.read_targets()
        arrived = self.read_arrived(targets)
        captured = self.read_captured()
        by_other = self.read_placed_by_other(board)
        to_move, turn = self.read_turn()
        if len(r.errors) > start_errors or board is None:
            return None
        assert isinstance(to_move, str)
        players = self.players
        return Position(
            seats=seats,
            board=tuple(board),
            targets=tuple((p, targets[p]) for p in seats if p in players),
            to_move=to_move,
            passive=frozenset(passive),
            arrived=tuple((p, tuple(arrived[p])) for p in seats if p in arrived),
            captured=_canonical_captures(captured),
            turn=turn,
            placed_by_other=frozenset(by_other),
            options=opts,
        )

    def read_players(self) -> list[str]:
        """The seats playing (``players``) and sitting out (``passive``); returns the passive ones."""
        r, data, base = self.r, self.data, self.base
        players = [t.upper() for t in r.tokens(data.get("players"), base + ("players",))]
        passive = [t.upper() for t in r.tokens(data.get("passive"), base + ("passive",))]
        if "players" not in data:
            r.error(base, "ZEN-POSITION-KEY", "players")
        for t in players + passive:
            if len(t) != 1 or t not in SEATS:
                r.error(base + ("players",), "ZEN-POSITION-PLAYERS", "seat", seat=t, seats=" ".join(SEATS))
        colours = players + passive
        if len(set(colours)) != len(colours):
            r.error(base + ("players",), "ZEN-POSITION-PLAYERS", "twice")
        if "players" in data and not players:
            r.error(base + ("players",), "ZEN-POSITION-PLAYERS", "none")
        self.players, self.colours = players, colours
        return passive

    def note_piece(self, piece: str, where: dict[str, str], path: Path, line: int | None = None) -> None:
        """*piece* is *where* (``on c3``, ``arrived on d5``, ``captured by A``, in both languages)."""
        r = self.r

        def err(case: str, **args: Any) -> None:
            if line is None:
                r.error(path, "ZEN-POSITION-PIECE", case, **args)
            else:
                r.error_at(line, None, "ZEN-POSITION-PIECE", case, **args)

        if piece == WARRIOR:
            return
        if piece[0] not in self.colours:
            err("seat", piece=piece, where=where["where"], where_hu=where["where_hu"], seat=piece[0])
        if piece in self.seen:
            first = self.seen[piece]
            err("twice", piece=piece, first=first["where"], first_hu=first["where_hu"], where=where["where"],
                where_hu=where["where_hu"])
        self.seen.setdefault(piece, where)

    def note_tower(self, board: list[str | None]) -> None:
        """Every piece of the tower, floor by floor in the order drawn (top first), so that errors
        come in reading order."""
        for floor in range(FLOORS, 0, -1):
            for c in range(1, NCOLS + 1):
                sq = square(floor, c)
                p = board[sq]
                if p is not None:
                    self.note_piece(p, _where("on", square=square_name(sq)), self.base + ("tower",),
                                    self.r.floor_lines.get(floor))

    def mapping(self, key: str) -> dict[Any, Any] | None:
        """The mapping under *key* (``{}`` after an error when it is something else; ``None`` when absent)."""
        value = self.data.get(key)
        if value is not None and not isinstance(value, dict):
            self.r.error(self.base + (key,), "ZEN-POSITION-TYPE", key)
            return {}
        return value

    def read_targets(self) -> dict[str, frozenset[int]]:
        r, base, players = self.r, self.base, self.players
        targets: dict[str, frozenset[int]] = {}
        tdata = self.mapping("targets")
        for player, value in (tdata or {}).items():
            here = base + ("targets", player)
            if player not in players:
                r.error(here, "ZEN-POSITION-PLAYERS", "targets", player=player)
                continue
            sqs = [r.square(t, here) for t in r.tokens(value, here)]
            targets[player] = frozenset(s for s in sqs if s is not None)
        for player in players:
            if player not in targets and tdata is not None:
                r.error(base + ("targets",), "ZEN-POSITION-KEY", "targets", player=player)
            targets.setdefault(player, frozenset())
        return targets

    def read_arrived(self, targets: dict[str, frozenset[int]]) -> dict[str, list[tuple[str, int]]]:
        r = self.r
        arrived: dict[str, list[tuple[str, int]]] = {}
        for player, value in (self.mapping("arrived") or {}).items():
            here = self.base + ("arrived", player)
            if player not in self.players:
                r.error(here, "ZEN-POSITION-PLAYERS", "arrived", player=player)
                continue
            for tok in r.tokens(value, here):
                piece, _, card = tok.partition("@")
                piece = piece.upper()
                if not is_piece(piece) or piece == WARRIOR or piece[0] != player or not card:
                    r.error(here, "ZEN-POSITION-ARRIVED", "syntax", token=tok, player=player)
                    continue
                card_sq = r.square(card, here)
                if card_sq is None:
                    continue
                if card_sq in targets.get(player, frozenset()):
                    r.error(here, "ZEN-POSITION-ARRIVED", "unused", card=card, piece=piece, player=player)
                if any(card_sq == s for _, s in arrived.get(player, [])):
                    r.error(here, "ZEN-POSITION-ARRIVED", "two", card=card)
                self.note_piece(piece, _where("arrived", card=card), here)
                arrived.setdefault(player, []).append((piece, card_sq))
        return arrived

    def read_captured(self) -> list[tuple[str, str | None]]:
        r = self.r
        captured: list[tuple[str, str | None]] = []
        for player, value in (self.mapping("captured") or {}).items():
            here = self.base + ("captured", player)
            by: str | None = None if str(player).lower() == "none" else str(player)
            if by is not None and by not in self.players:
                r.error(here, "ZEN-POSITION-PLAYERS", "captured", player=player)
                continue
            for tok in r.tokens(value, here):
                piece = tok.upper()
                if not is_piece(piece):
                    r.error(here, "ZEN-POSITION-PIECE", "token", token=tok)
                    continue
                self.note_piece(piece, _where("captured", player=player), here)
                captured.append((piece, by))
        return captured

    def read_placed_by_other(self, board: list[str | None] | None) -> set[int]:
        r, here = self.r, self.base + ("placed_by_other",)
        by_other: set[int] = set()
        for tok in r.tokens(self.data.get("placed_by_other"), here):
            flag_sq = r.square(tok, here)
            if flag_sq is None:
                continue
            if board is not None and (board[flag_sq] is None or board[flag_sq] == WARRIOR):
                r.error(here, "ZEN-POSITION-SQUARE", "placed", token=tok)
                continue
            by_other.add(flag_sq)
        return by_other

    def read_turn(self) -> tuple[Any, int]:
        """Who is to move (the first player unless said) and the turn's number."""
        r, data, base, players = self.r, self.data, self.base, self.players
        to_move = data.get("to_move", players[0] if players else None)
        if isinstance(to_move, str):
            to_move = to_move.upper()
        if to_move not in players:
            r.error(base + ("to_move",), "ZEN-POSITION-PLAYERS", "to-move", to_move=to_move,
                    players=" ".join(players))
        turn = data.get("turn", 1)
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
            r.error(base + ("turn",), "ZEN-POSITION-TYPE", "turn", turn=turn)
            turn = 1
        return to_move, turn


def _where(case: str, **args: str) -> dict[str, Any]:
    """Where a piece is (``on c3``, ``arrived on d5``, ``captured by A``), in both languages."""
    key = f"ZEN.where.{case}"
    return {"where": say(key, "en", **args), "where_hu": say(key, "hu", **args)}


# ---------------------------------------------------------------------------
# Writing and drawing


def _row(pos: Position, floor: int) -> str:
    cells = [pos.board[square(floor, c)] or "." for c in range(1, NCOLS + 1)]
    return " ".join(f"{c:<2}" for c in cells).rstrip()


def tower_lines(pos: Position, indent: str = "  ") -> list[str]:
    """The tower block of a position file: floors top first, then the column letters."""
    out = [f"{indent}{floor}  {_row(pos, floor)}" for floor in range(FLOORS, 0, -1)]
    out.append(f"{indent}   " + " ".join(f"{c:<2}" for c in COLUMNS).rstrip())
    return out


def position_to_yaml(pos: Position, *, indent: str = "", comment: bool = True, lang: str = "en") -> str:
    """*pos* in the position-file format (YAML), readable by :func:`position_from_document`; its heading
    comment in *lang*."""
    lines: list[str] = []
    if comment:
        lines.append(say("ZEN.file.position-comment", lang))
    lines.append(f"players: {' '.join(pos.players)}")
    if pos.passive:
        lines.append(f"passive: {' '.join(s for s in pos.seats if s in pos.passive)}")
    lines.append(f"to_move: {pos.to_move}")
    lines.append(f"turn: {pos.turn}")
    lines.append("tower: |")
    lines += tower_lines(pos)
    lines.append("targets:")
    for p in pos.players:
        lines.append(f"  {p}: {squares_text(pos.targets_of(p))}".rstrip())
    if pos.arrived:
        lines.append("arrived:")
        for p, items in pos.arrived:
            lines.append(f"  {p}: " + " ".join(f"{piece}@{square_name(sq)}" for piece, sq in items))
    if pos.captured:
        lines.append("captured:")
        by: dict[str, list[str]] = {}
        for piece, who in pos.captured:
            by.setdefault(who or "none", []).append(piece)
        for who in [*pos.players, "none"]:
            if who in by:
                lines.append(f"  {who}: {' '.join(by[who])}")
    if pos.placed_by_other:
        lines.append(f"placed_by_other: {squares_text(pos.placed_by_other)}")
    changed = pos.options.changed()
    if changed:
        lines.append("options:")
        for k, v in changed.items():
            lines.append(f"  {k}: {str(v).lower() if isinstance(v, bool) else v}")
    return "".join(f"{indent}{line}\n" for line in lines)


def moves_to_dict(pos: Position, file: str) -> dict[str, object]:
    """``korbiro zen moves --format json`` of *pos* read from *file*: whose turn, and every legal turn."""
    moves = [str(m) for m in pos.legal_moves()]
    over = pos.outcome() is not None
    return {"file": file, "to_move": None if over else pos.to_move, "turn": pos.turn, "over": over,
            "count": len(moves), "moves": moves}


def position_to_dict(pos: Position) -> dict[str, object]:
    """*pos* as plain data for JSON output."""
    outcome = pos.outcome()
    scores = pos.score()
    return {
        "game": "zen",
        "players": list(pos.players),
        "passive": sorted(pos.passive),
        "to_move": pos.to_move,
        "turn": pos.turn,
        "tower": {str(f): [pos.board[square(f, c)] for c in range(1, NCOLS + 1)] for f in range(FLOORS, 0, -1)},
        "targets": {p: [square_name(s) for s in sorted(pos.targets_of(p))] for p in pos.players},
        "arrived": {p: [f"{piece}@{square_name(sq)}" for piece, sq in pos.arrived_of(p)] for p in pos.players},
        "captured": [{"piece": piece, "by": by} for piece, by in pos.captured],
        "placed_by_other": [square_name(s) for s in sorted(pos.placed_by_other)],
        "options": pos.options.to_dict(),
        "score": {p: s.to_dict() for p, s in scores.items()},
        "over": outcome is not None,
        "winner": outcome.winner if outcome else None,
    }
