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

from ...base.errors import DataError, UsageError
from ...base.findings import Finding
from ...base.yamlload import YamlDocument
from .data import (
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
from .draw import squares_text
from .options import Options
from .position import Position, _canonical_captures

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

    def error(self, path: Path, code: str, message: str) -> None:
        line, col = self.doc.mark(path)
        self.errors.append(Finding(code, message, file=self.doc.path, line=line, column=col))

    def raise_if_errors(self) -> None:
        if self.errors:
            first = self.errors[0]
            err = DataError(first.code, first.message, path=first.file, line=first.line, column=first.column)
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
        self.error(path, "ZEN-POSITION-TYPE", f"expected words separated by spaces, got {value!r}")
        return []

    def square(self, token: str, path: Path) -> int | None:
        try:
            return parse_square(token)
        except ValueError as exc:
            self.error(path, "ZEN-POSITION-SQUARE", str(exc))
            return None

    def unknown_keys(self, data: Mapping[str, Any], allowed: Sequence[str], path: Path) -> None:
        for key in data:
            if key not in allowed:
                self.error(path + (key,), "ZEN-POSITION-KEY", f"unknown key {key!r} (expected one of: {', '.join(allowed)})")

    def error_at(self, line: int, column: int | None, code: str, message: str) -> None:
        self.errors.append(Finding(code, message, file=self.doc.path, line=line, column=column))

    def tower(self, value: Any, path: Path) -> list[str | None] | None:
        """The tower drawn as a literal block: one line per floor, floor number first.

        A line of the column letters alone (``a b c d``) may label the columns.
        """
        if not isinstance(value, str) or "\n" not in value.strip():
            self.error(path, "ZEN-POSITION-TOWER", f"write the tower as a literal block ('tower: |') with one line per floor, e.g. '5  B2 H  .  B1'; got {value!r}")
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
            if not (label.isdigit() and 1 <= int(label) <= FLOORS and label == str(int(label))):
                self.error_at(line, None, "ZEN-POSITION-TOWER", f"{raw.strip()!r}: a tower line starts with its floor number (1-{FLOORS}), then {NCOLS} squares")
                ok = False
                continue
            floor = int(label)
            if floor in seen:
                self.error_at(line, None, "ZEN-POSITION-TOWER", f"floor {floor} is drawn twice (first at line {seen[floor]})")
                ok = False
                continue
            seen[floor] = line
            cells = toks[1:]
            if len(cells) != NCOLS:
                self.error_at(line, None, "ZEN-POSITION-TOWER", f"floor {floor} has {len(cells)} squares, not {NCOLS} (write '.' for an empty square)")
                ok = False
                continue
            for col, tok in enumerate(cells, start=1):
                if tok == ".":
                    continue
                t = tok.upper()
                if not is_piece(t):
                    self.error_at(line, None, "ZEN-POSITION-PIECE", f"{tok!r} on {COLUMNS[col - 1]}{floor} is not a piece (A1-D4, or {WARRIOR} for a Warrior, '.' for empty)")
                    ok = False
                    continue
                board[square(floor, col)] = t
        missing = sorted(set(range(1, FLOORS + 1)) - set(seen))
        if missing:
            self.error(path, "ZEN-POSITION-TOWER", f"the tower lacks floor(s) {', '.join(map(str, missing))}")
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
        r.error(path, "ZEN-POSITION-OPTIONS", f"'options' is a mapping of option names to values, got {value!r}")
        return base or Options()
    try:
        return Options.parse(value, base)
    except UsageError as exc:
        bad = next((k for k in value if k in exc.message or repr(k) in exc.message), None)
        r.error(path + ((bad,) if bad else ()), "ZEN-POSITION-OPTIONS", exc.message)
        return base or Options()


def read_position(r: Reader, data: Any, base: Path, *, options: Options | None = None) -> Position | None:
    """A :class:`Position` from a mapping, recording problems in *r* (``None`` if unusable)."""
    if not isinstance(data, dict):
        r.error(base, "ZEN-POSITION-TYPE", f"a position is a mapping, got {type(data).__name__}")
        return None
    start_errors = len(r.errors)
    r.unknown_keys(data, POSITION_KEYS, base)
    opts = read_options(r, data.get("options"), base + ("options",), options)

    players = [t.upper() for t in r.tokens(data.get("players"), base + ("players",))]
    passive = [t.upper() for t in r.tokens(data.get("passive"), base + ("passive",))]
    if "players" not in data:
        r.error(base, "ZEN-POSITION-KEY", "missing 'players' (the players in turn order, e.g. 'A B C D')")
    for t in players + passive:
        if len(t) != 1 or t not in SEATS:
            r.error(base + ("players",), "ZEN-POSITION-PLAYERS", f"{t!r} is not a seat ({' '.join(SEATS)})")
    colours = players + passive
    if len(set(colours)) != len(colours):
        r.error(base + ("players",), "ZEN-POSITION-PLAYERS", "a colour is listed twice in players/passive")
    if "players" in data and not players:
        r.error(base + ("players",), "ZEN-POSITION-PLAYERS", "'players' lists at least one player")
    seats = tuple(s for s in SEATS if s in colours)

    board = r.tower(data.get("tower"), base + ("tower",)) if "tower" in data else None
    if "tower" not in data:
        r.error(base, "ZEN-POSITION-KEY", "missing 'tower'")

    seen: dict[str, str] = {}

    def note_piece(piece: str, where: str, path: Path, line: int | None = None) -> None:
        def err(message: str) -> None:
            if line is None:
                r.error(path, "ZEN-POSITION-PIECE", message)
            else:
                r.error_at(line, None, "ZEN-POSITION-PIECE", message)

        if piece == WARRIOR:
            return
        if piece[0] not in colours:
            err(f"{piece} ({where}) belongs to {piece[0]}, who is not in this game")
        if piece in seen:
            err(f"{piece} is both {seen[piece]} and {where}; each piece exists once")
        seen.setdefault(piece, where)

    if board is not None:
        # floor by floor in the order drawn (top first), so errors come in reading order
        for floor in range(FLOORS, 0, -1):
            for c in range(1, NCOLS + 1):
                sq = square(floor, c)
                p = board[sq]
                if p is not None:
                    note_piece(p, f"on {square_name(sq)}", base + ("tower",), r.floor_lines.get(floor))

    targets: dict[str, frozenset[int]] = {}
    tdata = data.get("targets")
    if tdata is not None and not isinstance(tdata, dict):
        r.error(base + ("targets",), "ZEN-POSITION-TYPE", "'targets' maps each player to his unused target cards")
        tdata = {}
    for player, value in (tdata or {}).items():
        here = base + ("targets", player)
        if player not in players:
            r.error(here, "ZEN-POSITION-PLAYERS", f"targets given for {player!r}, who is not an active player")
            continue
        sqs = [r.square(t, here) for t in r.tokens(value, here)]
        targets[player] = frozenset(s for s in sqs if s is not None)
    for player in players:
        if player not in targets and tdata is not None:
            r.error(base + ("targets",), "ZEN-POSITION-KEY", f"no targets for player {player}")
        targets.setdefault(player, frozenset())

    arrived: dict[str, list[tuple[str, int]]] = {}
    adata = data.get("arrived")
    if adata is not None and not isinstance(adata, dict):
        r.error(base + ("arrived",), "ZEN-POSITION-TYPE", "'arrived' maps each player to pieces like 'A2@d5'")
        adata = {}
    for player, value in (adata or {}).items():
        here = base + ("arrived", player)
        if player not in players:
            r.error(here, "ZEN-POSITION-PLAYERS", f"arrivals given for {player!r}, who is not an active player")
            continue
        for tok in r.tokens(value, here):
            piece, _, card = tok.partition("@")
            piece = piece.upper()
            if not is_piece(piece) or piece == WARRIOR or piece[0] != player or not card:
                r.error(here, "ZEN-POSITION-ARRIVED", f"{tok!r}: write {player}'s arrived pieces as piece@card, e.g. '{player}2@d5'")
                continue
            card_sq = r.square(card, here)
            if card_sq is None:
                continue
            if card_sq in targets.get(player, frozenset()):
                r.error(here, "ZEN-POSITION-ARRIVED", f"card {card} holds {piece} and is listed among {player}'s unused targets too")
            if any(card_sq == s for _, s in arrived.get(player, [])):
                r.error(here, "ZEN-POSITION-ARRIVED", f"card {card} holds two pieces")
            note_piece(piece, f"arrived on {card}", here)
            arrived.setdefault(player, []).append((piece, card_sq))

    captured: list[tuple[str, str | None]] = []
    cdata = data.get("captured")
    if cdata is not None and not isinstance(cdata, dict):
        r.error(base + ("captured",), "ZEN-POSITION-TYPE", "'captured' maps each player (or 'none') to the pieces he took off, e.g. 'H C4'")
        cdata = {}
    for player, value in (cdata or {}).items():
        here = base + ("captured", player)
        by: str | None = None if str(player).lower() == "none" else str(player)
        if by is not None and by not in players:
            r.error(here, "ZEN-POSITION-PLAYERS", f"captures given for {player!r}, who is not an active player (use 'none' for pieces nobody scores)")
            continue
        for tok in r.tokens(value, here):
            piece = tok.upper()
            if not is_piece(piece):
                r.error(here, "ZEN-POSITION-PIECE", f"{tok!r} is not a piece")
                continue
            note_piece(piece, f"captured by {player}", here)
            captured.append((piece, by))

    by_other: set[int] = set()
    for tok in r.tokens(data.get("placed_by_other"), base + ("placed_by_other",)):
        flag_sq = r.square(tok, base + ("placed_by_other",))
        if flag_sq is None:
            continue
        if board is not None and (board[flag_sq] is None or board[flag_sq] == WARRIOR):
            r.error(base + ("placed_by_other",), "ZEN-POSITION-SQUARE", f"{tok}: placed_by_other lists squares holding coloured pieces")
            continue
        by_other.add(flag_sq)

    to_move = data.get("to_move", players[0] if players else None)
    if isinstance(to_move, str):
        to_move = to_move.upper()
    if to_move not in players:
        r.error(base + ("to_move",), "ZEN-POSITION-PLAYERS", f"to_move {to_move!r} is not one of the players ({' '.join(players)})")
    turn = data.get("turn", 1)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        r.error(base + ("turn",), "ZEN-POSITION-TYPE", f"turn is a positive whole number, not {turn!r}")
        turn = 1

    if len(r.errors) > start_errors or board is None:
        return None
    assert isinstance(to_move, str)
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


def position_to_yaml(pos: Position, *, indent: str = "", comment: bool = True) -> str:
    """*pos* in the position-file format (YAML), readable by :func:`position_from_document`."""
    lines: list[str] = []
    if comment:
        lines.append("# korbiro Zen position (docs/zen.md)")
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
