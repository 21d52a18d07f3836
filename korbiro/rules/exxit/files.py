"""Position files (contract): strict YAML with exactly six keys.

.. code-block:: yaml

    variant: standard          # standard | blitz | beginner | expert
    to_move: white
    tiles: {"0,0": white, "1,0": white, "1,-1": black, "0,1": black}
    stacks: {"0,0": [white, black]}   # chips bottom to top; a key that is not a tile holds prisoners
    reserves: {white: 7, black: 7}
    stock: 35                  # tiles not yet on the board

Every problem is reported at its file:line:column, all of them at once.

    >>> pos = load_position_text(dump_position(Position()))
    >>> pos == Position()
    True
"""

from __future__ import annotations

import os
import stat
from typing import Any

from ...base.errors import DataError
from ...base.findings import Finding
from ...base.yamlload import YamlDocument, load_yaml_file, load_yaml_text
from .hexes import HexError, parse_hex
from .messages import colour, error, finding
from .position import COLOURS, Position, PositionError
from .rules import CHIPS_PER_PLAYER, VARIANTS, Options

__all__ = ["load_position", "load_position_text", "dump_position", "position_to_dict", "raise_findings",
           "POSITION_KEYS"]

#: the keys of a position file, in their canonical order (contract).
POSITION_KEYS = ("variant", "to_move", "tiles", "stacks", "reserves", "stock")


def load_position(path: str | os.PathLike[str], options: Options | None = None) -> Position:
    """Read a position file; raises :class:`~korbiro.base.errors.DataError` listing every problem."""
    name = os.fspath(path)
    try:
        mode = os.stat(name).st_mode
    except OSError:
        mode = None  # the loader reports a missing or unreadable file
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        raise error(DataError, "FILE-NOT-REGULAR", "FILE-NOT-REGULAR.exxit", path=name)
    return _position_from_doc(load_yaml_file(name), options)


def load_position_text(text: str, path: str = "<string>", options: Options | None = None) -> Position:
    """Read a position from YAML text."""
    return _position_from_doc(load_yaml_text(text, path), options)


def raise_findings(findings: list[Finding], path: str | None = None) -> None:
    """Raise one :class:`DataError` standing for all *findings* (if there are any), headed by the first."""
    if findings:
        first = findings[0]
        err = DataError(first.code, first.message, path=path or first.file, line=first.line, column=first.column,
                        hu=first.text("hu"))
        err.findings = findings
        raise err


class _Collector:
    def __init__(self, doc: YamlDocument) -> None:
        self.doc = doc
        self.findings: list[Finding] = []

    def error(self, where: tuple[str | int, ...], key: str, /, *, code: str = "EXXIT-POSITION-FILE",
              **args: Any) -> None:
        line, col = self.doc.mark(where)
        self.findings.append(finding(code, key, file=self.doc.path, line=line, column=col, **args))

    def add(self, where: tuple[str | int, ...], exc: PositionError | HexError) -> None:
        """The problem *exc* (an impossible position, a bad hex) at *where*."""
        line, col = self.doc.mark(where)
        code = exc.code if isinstance(exc, PositionError) else "EXXIT-POSITION-FILE"
        hu = exc.to_finding().text("hu") if isinstance(exc, PositionError) else exc.text("hu")
        self.findings.append(Finding(code, str(exc) if isinstance(exc, HexError) else exc.message,
                                     file=self.doc.path, line=line, column=col, args={"message_hu": hu}))

    def raise_if_any(self) -> None:
        raise_findings(self.findings)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _position_from_doc(doc: YamlDocument, options: Options | None) -> Position:
    data = doc.data
    out = _Collector(doc)
    _check_keys(data, out)
    variant = data.get("variant", "standard")
    if not isinstance(variant, str) or variant not in VARIANTS:
        out.error(("variant",), "EXXIT-VARIANT.unknown", variant=variant, variants=", ".join(VARIANTS))
        variant = "standard"
    to_move = data.get("to_move", "white")
    if to_move not in COLOURS:
        out.error(("to_move",), "EXXIT-POSITION.to-move", value=to_move)
        to_move = "white"
    tiles = _tiles(data, out)
    stacks, counts = _stacks(data, out)
    reserves = _reserves(data, out, counts)
    stock = data.get("stock", _MISSING)
    if stock is _MISSING:
        stock = VARIANTS.get(variant, 39) - len(tiles)
    if not _whole(stock) or stock < 0:
        out.error(("stock",), "EXXIT-POSITION.stock", value=stock)
    elif variant in VARIANTS and stock + len(tiles) != VARIANTS[variant]:
        out.error(("stock",), "EXXIT-POSITION.stock-total", stock=stock, tiles=len(tiles), sum=stock + len(tiles),
                  variant=variant, total=VARIANTS[variant])
    out.raise_if_any()
    try:
        return Position.from_parts(variant=variant, to_move=to_move, tiles=tiles, stacks=stacks, reserves=reserves,
                                   stock=stock, options=options)
    except PositionError as exc:
        out.add((), exc)
        out.raise_if_any()
        raise  # pragma: no cover - raise_if_any always raises here


#: a key the position file leaves out (``None`` is a value the file may give)
_MISSING = object()


def _check_keys(data: dict[Any, Any], out: _Collector) -> None:
    """Every key is one of the file's keys, and each of them is there."""
    keys = ", ".join(POSITION_KEYS)
    for key in data:
        if key not in POSITION_KEYS:
            out.error((key,), "EXXIT-POSITION-FILE.unknown-key", key=key, keys=keys)
    for key in POSITION_KEYS:
        if key not in data:
            out.error((), "EXXIT-POSITION-FILE.missing-key", key=key, keys=keys)


def _tiles(data: dict[Any, Any], out: _Collector) -> dict[tuple[int, int], str]:
    """``tiles``: hex -> the tile's colour, each hex once."""
    tiles: dict[tuple[int, int], str] = {}
    raw_tiles = data.get("tiles", {})
    if not isinstance(raw_tiles, dict):
        out.error(("tiles",), "EXXIT-POSITION-FILE.tiles")
        raw_tiles = {}
    for key, tile in raw_tiles.items():
        qr = _hex(out, ("tiles", key), key)
        if tile not in COLOURS:
            out.error(("tiles", key), "EXXIT-POSITION.tile-colour", hex=key, value=tile)
        elif qr is not None:
            if qr in tiles:
                out.error(("tiles", key), "EXXIT-POSITION-FILE.tile-twice", hex=key)
            tiles[qr] = tile
    if not raw_tiles and isinstance(data.get("tiles"), dict):
        out.error(("tiles",), "EXXIT-POSITION.no-tile")
    return tiles


def _stacks(data: dict[Any, Any], out: _Collector) -> tuple[dict[tuple[int, int], list[str]], dict[str, int]]:
    """``stacks``: hex -> its chips bottom to top, each hex once; and how many chips each player has in them."""
    stacks: dict[tuple[int, int], list[str]] = {}
    raw_stacks = data.get("stacks", {})
    if raw_stacks is None:
        raw_stacks = {}
    if not isinstance(raw_stacks, dict):
        out.error(("stacks",), "EXXIT-POSITION-FILE.stacks")
        raw_stacks = {}
    counts = {"white": 0, "black": 0}
    for key, chips in raw_stacks.items():
        qr = _hex(out, ("stacks", key), key)
        if not isinstance(chips, list) or not chips:
            out.error(("stacks", key), "EXXIT-POSITION-FILE.stack-list", hex=key)
            continue
        ok = True
        for i, chip in enumerate(chips):
            if chip not in COLOURS:
                out.error(("stacks", key, i), "EXXIT-POSITION-FILE.chip", hex=key, value=chip)
                ok = False
            else:
                counts[chip] += 1
        if qr is not None and ok:
            if qr in stacks:
                out.error(("stacks", key), "EXXIT-POSITION-FILE.stack-twice", hex=key)
            stacks[qr] = list(chips)
    return stacks, counts


def _reserves(data: dict[Any, Any], out: _Collector, counts: dict[str, int]) -> dict[str, int]:
    """``reserves``: each player's chips off the board; with those stacked, 8 a player."""
    reserves: dict[str, int] = {}
    raw_res = data.get("reserves", _MISSING)
    if raw_res is _MISSING:
        raw_res = {c: CHIPS_PER_PLAYER - counts[c] for c in COLOURS}
    if not isinstance(raw_res, dict):
        out.error(("reserves",), "EXXIT-POSITION-FILE.reserves")
        raw_res = {}
    for key in raw_res:
        if key not in COLOURS:
            out.error(("reserves", key), "EXXIT-POSITION-FILE.reserve-player", key=key)
    for c in COLOURS:
        n: Any = raw_res.get(c)
        if c not in raw_res:
            if isinstance(data.get("reserves"), dict):
                out.error(("reserves",), "EXXIT-POSITION-FILE.reserve-missing", **colour("colour", c))
        elif not _whole(n) or n < 0 or n > CHIPS_PER_PLAYER:
            out.error(("reserves", c), "EXXIT-POSITION-FILE.reserve", **colour("colour", c), total=CHIPS_PER_PLAYER,
                      value=n)
        else:
            reserves[c] = n
            if n + counts[c] != CHIPS_PER_PLAYER:
                out.error(("reserves", c), "EXXIT-POSITION-FILE.chip-count", **colour("colour", c),
                          stacked=counts[c], reserve=n, total=CHIPS_PER_PLAYER)
    return reserves


def _hex(out: _Collector, where: tuple[str | int, ...], key: Any) -> tuple[int, int] | None:
    try:
        return parse_hex(str(key))
    except HexError as exc:
        out.add(where, exc)
        return None


def moves_to_dict(pos: Position) -> dict[str, Any]:
    """``korbiro exxit moves --format json``: who is to move, the legal moves sorted, and the outcome."""
    out = pos.outcome()
    return {"to_move": pos.to_move, "moves": [str(m) for m in pos.legal_moves()], "game_over": out is not None,
            "outcome": out.to_dict() if out else None}


def position_to_dict(pos: Position) -> dict[str, Any]:
    """The position as the data of a position file (keys in contract order, hexes as ``"q,r"``)."""

    def order(item: tuple[tuple[int, int], Any]) -> tuple[int, int]:
        (q, r), _ = item
        return (r, q)

    stacks = {**pos.stacks(), **pos.prisoners()}
    return {
        "variant": pos.variant,
        "to_move": pos.to_move,
        "tiles": {f"{q},{r}": c for (q, r), c in sorted(pos.tiles().items(), key=order)},
        "stacks": {f"{q},{r}": list(st) for (q, r), st in sorted(stacks.items(), key=order)},
        "reserves": pos.reserves,
        "stock": pos.stock,
    }


def dump_position(pos: Position) -> str:
    """The canonical position-file text of *pos* (hexes in reading order: by row, then column)."""
    data = position_to_dict(pos)
    lines = [f"variant: {data['variant']}", f"to_move: {data['to_move']}"]
    lines.append("tiles:")
    lines += [f'  "{k}": {v}' for k, v in data["tiles"].items()]
    if data["stacks"]:
        lines.append("stacks:")
        lines += [f'  "{k}": [{", ".join(v)}]' for k, v in data["stacks"].items()]
    else:
        lines.append("stacks: {}")
    lines.append(f"reserves: {{white: {data['reserves']['white']}, black: {data['reserves']['black']}}}")
    lines.append(f"stock: {data['stock']}")
    return "\n".join(lines) + "\n"
