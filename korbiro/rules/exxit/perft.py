"""Perft: count the move sequences of a given length, to pin the move generator.

``perft(pos, depth)`` is the number of legal move sequences of exactly *depth*
moves (a finished game has none).  The last ply is counted without being made
("bulk counting", as python-chess's own perft does), and the ply before it is
made on the board alone, without an undo entry, where nothing can repeat
(:meth:`Position._perft2`); every move of the sequences is still generated.

    >>> [perft(Position(), d) for d in range(5)]
    [1, 4, 12, 14, 34]

Perft files (``tests/data/exxit.perft``) hold blocks in python-chess's style::

    id start
    variant standard
    moves drop 0,0; drop 1,-1       # optional: moves from the variant's start
    perft 1 4
    perft 2 12

A block may give ``position {…}`` (a position file as one line of flow YAML)
instead of ``variant``/``moves``, and ``option NAME=VALUE`` lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...base.errors import DataError
from .files import load_position_text
from .position import Move, Position, _decode
from .rules import Options

__all__ = ["perft", "perft_full", "divide", "PerftCase", "parse_perft_text", "load_perft_file"]


def perft(pos: Position, depth: int) -> int:
    """Legal move sequences of length *depth* from *pos* (bulk-counted last ply)."""
    if depth < 0:
        raise ValueError("depth must be >= 0")
    if depth == 0:
        return 1
    return _perft(pos, depth)


def _perft(pos: Position, depth: int) -> int:
    if depth == 1:
        return pos._count()
    push = pos._push
    pop = pos._pop
    n = 0
    if depth == 2:
        return pos._perft2()
    if depth == 3:
        perft2 = pos._perft2
        for m in pos._gen():
            push(m)
            n += perft2()
            pop()
        return n
    for m in pos._gen():
        push(m)
        n += _perft(pos, depth - 1)
        pop()
    return n


def perft_full(pos: Position, depth: int) -> int:
    """The same count, making and taking back every move down to the leaves."""
    if depth == 0:
        return 1
    n = 0
    for m in pos._gen():
        pos._push(m)
        n += perft_full(pos, depth - 1)
        pos._pop()
    return n


def divide(pos: Position, depth: int) -> list[tuple[Move, int]]:
    """``perft(depth - 1)`` after each legal move, moves sorted."""
    if depth < 1:
        raise ValueError("divide needs depth >= 1")
    out = []
    for m in pos._gen():
        pos._push(m)
        out.append((_decode(m), perft(pos, depth - 1)))
        pos._pop()
    out.sort(key=lambda item: item[0].sort_key())
    return out


@dataclass
class PerftCase:
    """One block of a perft file."""

    id: str
    line: int
    variant: str = "standard"
    moves: list[str] = field(default_factory=list)
    position_yaml: str | None = None
    options: list[str] = field(default_factory=list)
    counts: dict[int, int] = field(default_factory=dict)

    def position(self) -> Position:
        opts = Options.from_assignments(self.options)
        if self.position_yaml is not None:
            pos = load_position_text(self.position_yaml, f"<perft {self.id}>", opts)
        else:
            pos = Position.start(self.variant, opts)
        for text in self.moves:
            pos.play(text)
        return pos


def parse_perft_text(text: str, path: str = "<string>") -> list[PerftCase]:
    """Parse perft-file text into cases; raises :class:`DataError` at the offending line."""
    cases: list[PerftCase] = []
    case: PerftCase | None = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word == "id":
            case = PerftCase(rest, lineno)
            cases.append(case)
            continue
        if case is None:
            raise DataError("EXXIT-PERFT-SYNTAX", f"expected 'id NAME' first, got {line!r}", path=path, line=lineno)
        try:
            if word == "variant":
                case.variant = rest
            elif word == "moves":
                case.moves += [m.strip() for m in rest.split(";") if m.strip()]
            elif word == "position":
                case.position_yaml = rest
            elif word == "option":
                case.options.append(rest)
            elif word == "perft":
                d, n = rest.split()
                case.counts[int(d)] = int(n)
            else:
                raise ValueError(f"unknown line {line!r}")
        except ValueError as exc:
            raise DataError("EXXIT-PERFT-SYNTAX", str(exc), path=path, line=lineno) from None
    return cases


def load_perft_file(path: str) -> list[PerftCase]:
    with open(path, encoding="utf-8") as fh:
        return parse_perft_text(fh.read(), path)
