"""Zen's game data: the tower, the pieces, the cards, the scoring and the rule index.

Everything here is read from the package data in ``korbiro/data/zen/`` (strict
safe YAML) once per process; no game fact is written into the code.

Squares are integers ``0 .. floors*columns-1``: ``(floor - 1) * columns + (column - 1)``.
They are written column letter + floor number, e.g. ``c3``.

    >>> square_name(parse_square("c3"))
    'c3'
    >>> floor_of(parse_square("c3")), column_of(parse_square("c3"))
    (3, 3)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...base.errors import DataError
from ...base.yamlload import load_yaml_text
from ...data.paths import package_file
from .messages import MessageError, say


@dataclass(frozen=True)
class Rule:
    """One paragraph of the rule index (``korbiro/data/zen/rules.yaml``): its citation, the rulebook's
    words (``hu``) and, in :meth:`summary`, what it means (the ``ZEN.rule.<key>`` template)."""

    key: str
    cite: str
    hu: str

    def summary(self, lang: str = "en") -> str:
        """What the rule means, in *lang*."""
        return say(f"ZEN.rule.{self.key}", lang)


@dataclass(frozen=True)
class Card:
    """A start/target card: the square it names and the marks on its back."""

    square: int
    marks: int


@dataclass(frozen=True)
class GameData:
    """The board's shape, the warriors' strengths, the scoring and the cards of the Zen game data."""

    floors: int
    columns: str
    seats: str
    strengths: dict[int, tuple[str, str]]  # strength -> (hu, en)
    warrior: str
    scoring: dict[str, int]
    cards: tuple[Card, ...]
    rules: dict[str, Rule]


def _read(name: str) -> dict[str, Any]:
    text = package_file(f"data/zen/{name}").read_text(encoding="utf-8")
    data = load_yaml_text(text, f"korbiro/data/zen/{name}").data
    assert isinstance(data, dict)
    return data


@lru_cache(maxsize=1)
def game_data() -> GameData:
    """Load (once) and sanity-check the shipped Zen data files."""
    game = _read("game.yaml")
    tower = game["tower"]
    floors, columns = int(tower["floors"]), str(tower["columns"])
    strengths: dict[int, tuple[str, str]] = {}
    warrior = "H"
    for entry in game["pieces"]:
        strengths[int(entry["strength"])] = (str(entry["hu"]), str(entry["en"]))
        if "letter" in entry:
            warrior = str(entry["letter"])
    if sorted(strengths) != [1, 2, 3, 4, 5]:
        raise DataError("ZEN-DATA", "game.yaml: pieces must have strengths 1-5", path="korbiro/data/zen/game.yaml")
    cards: list[Card] = []
    for entry in _read("cards.yaml")["cards"]:
        floor, column, marks = int(entry["floor"]), int(entry["column"]), int(entry["marks"])
        if not (1 <= floor <= floors and 1 <= column <= len(columns) and marks in (1, 2, 3)):
            raise DataError("ZEN-DATA", f"cards.yaml: bad card {entry!r}", path="korbiro/data/zen/cards.yaml")
        cards.append(Card((floor - 1) * len(columns) + column - 1, marks))
    if sorted(c.square for c in cards) != list(range(floors * len(columns))):
        raise DataError("ZEN-DATA", "cards.yaml: the cards must name every square exactly once", path="korbiro/data/zen/cards.yaml")
    rules = {
        key: Rule(key, str(v["cite"]), str(v["hu"]))
        for key, v in _read("rules.yaml")["rules"].items()
    }
    return GameData(
        floors=floors,
        columns=columns,
        seats=str(game["seats"]),
        strengths=strengths,
        warrior=warrior,
        scoring={k: int(v) for k, v in game["scoring"].items()},
        cards=tuple(sorted(cards, key=lambda c: c.square)),
        rules=rules,
    )


def rule(key: str) -> str:
    """The citation text of rule *key*, e.g. ``rule("lepesek-2") == "Zen: Lépések 2"``."""
    return game_data().rules[key].cite


_D = game_data()
FLOORS: int = _D.floors
COLUMNS: str = _D.columns
NCOLS: int = len(COLUMNS)
NSQUARES: int = FLOORS * NCOLS
SEATS: str = _D.seats
WARRIOR: str = _D.warrior
SQUARE_RE = re.compile(rf"^[{COLUMNS}][1-{FLOORS}]$")


def square(floor: int, column: int) -> int:
    """The square on *floor* (1-based) in *column* (1-based)."""
    return (floor - 1) * NCOLS + column - 1


def floor_of(sq: int) -> int:
    return sq // NCOLS + 1


def column_of(sq: int) -> int:
    return sq % NCOLS + 1


def square_name(sq: int) -> str:
    return f"{COLUMNS[sq % NCOLS]}{sq // NCOLS + 1}"


def parse_square(text: str) -> int:
    """``"c3"`` -> square; raises :class:`~korbiro.rules.zen.messages.MessageError` (a ``ValueError``)
    quoting *text* otherwise."""
    t = text.strip().lower()
    if not SQUARE_RE.match(t):
        raise MessageError("ZEN.square.bad", text=text, first=COLUMNS[0], last=COLUMNS[-1], floors=FLOORS)
    return square(int(t[1:]), COLUMNS.index(t[0]) + 1)


def card_marks(sq: int) -> int:
    """The number of back marks of the card naming *sq*."""
    return _D.cards[sq].marks


def neighbours(sq: int, ring: bool) -> tuple[int, ...]:
    """Squares one legal step from *sq* (Zen: Lépések 3): sideways on its floor,
    straight up or down; with *ring* the first and last columns touch."""
    f, c = floor_of(sq), column_of(sq)
    out: list[int] = []
    for dc in (-1, 1):
        nc = c + dc
        if ring:
            nc = (nc - 1) % NCOLS + 1
        if 1 <= nc <= NCOLS and nc != c:
            out.append(square(f, nc))
    for df in (-1, 1):
        if 1 <= f + df <= FLOORS:
            out.append(square(f + df, c))
    return tuple(sorted(set(out)))


NEIGHBOURS: dict[bool, tuple[tuple[int, ...], ...]] = {
    ring: tuple(neighbours(s, ring) for s in range(NSQUARES)) for ring in (False, True)
}


def piece_strength(piece: str) -> int:
    """1 Girl, 2 Boy, 3 Woman, 4 Man, 5 Warrior (Zen: Erősorrend)."""
    return 5 if piece == WARRIOR else int(piece[1])


def piece_owner(piece: str) -> str | None:
    """The seat letter of a coloured piece; ``None`` for a Warrior."""
    return None if piece == WARRIOR else piece[0]


def piece_name(piece: str, lang: str = "en") -> str:
    """``"B3"`` -> ``"B's Woman"`` (``B Nő bábuja``); ``"H"`` -> ``"a Warrior"`` (``egy Harcos``)."""
    if piece == WARRIOR:
        return say("ZEN.piece.warrior", lang)
    hu, en = _D.strengths[piece_strength(piece)]
    return say("ZEN.piece", lang, seat=piece[0], name=en, name_hu=hu)


def piece_args(name: str, piece: str) -> dict[str, Any]:
    """A piece's name as a template argument in both languages: ``{name: "B's Woman", name_hu: "B Nő bábuja"}``."""
    return {name: piece_name(piece, "en"), f"{name}_hu": piece_name(piece, "hu")}


def is_piece(token: str) -> bool:
    """Whether *token* names a piece: a seat letter + 1-4, or the Warrior letter."""
    return token == WARRIOR or (len(token) == 2 and token[0] in SEATS and token[1] in "1234")
