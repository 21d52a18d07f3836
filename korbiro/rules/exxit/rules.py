"""EXXIT rules as data: rulebook citations, reason codes, variants and the ambiguity options.

Every reason code names the rule it rests on.  Rule ids cite the section of the
Polish rulebook (the seed ``002_*.txt``: *Taniec*, *Ruchy taneczne*,
*Umieszczanie pionków*, *Powiększanie planszy*, *Pasowanie*, *Koniec gry*,
*Punktacja*, *Alternatywny początek*, …) and, where the rulebook is silent, the
collected reference (``exxit-rules.md``) and its ambiguity number A1–A8.

    >>> REASONS["EXXIT-DANCE-TARGET-TOO-TALL"].rule.id
    'EXXIT rulebook: Ruchy taneczne'
    >>> Options.from_assignments(["chain=adjacent"]).chain
    'adjacent'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from ...base.errors import UsageError
from .messages import error

__all__ = [
    "Rule",
    "Reason",
    "RULES",
    "REASONS",
    "VARIANTS",
    "Options",
    "OPTION_INFO",
    "CHIPS_PER_PLAYER",
]

#: chips each player owns (rulebook, *Przegląd rozgrywki*: "8 białych i 8 czarnych pionków").
CHIPS_PER_PLAYER = 8

#: variant -> tiles in the game, counting the starting tiles
#: (rulebook, *Gra standardowa lub wariant blitz*; reference §1.2 *Variants*).
VARIANTS: dict[str, int] = {"standard": 39, "blitz": 29, "beginner": 19, "expert": 39}

#: tiles on the board when the expert variant's tile-placing setup ends
#: (rulebook, *Alternatywny początek*: "układają pierwsze 6 heksów").
EXPERT_SETUP_TILES = 6


@dataclass(frozen=True)
class Rule:
    """One rule a verdict rests on: its citation and the words it rests on."""

    id: str
    text: str


def _rb(section: str, text: str) -> Rule:
    return Rule(f"EXXIT rulebook: {section}", text)


RULES: dict[str, Rule] = {
    "turn": _rb(
        "Detale rozgrywki",
        "„Pionki Białe i Czarne ruszają się naprzemiennie. Biały rozpoczyna grę.”"
        " (White and Black move alternately; White begins.)",
    ),
    "compulsory": _rb(
        "Ruchy taneczne",
        "„Jeżeli możliwe jest wykonanie jakiegoś tańca, to jest on obowiązkowy"
        " (nie można wtedy wykonać innego ruchu).” (If a dance is possible it is compulsory;"
        " no other move may be made.) Ambiguity A6.",
    ),
    "offboard_first": _rb(
        "Ruchy taneczne",
        "„tańce, które kończą się poza planszą, muszą być wykonane przed"
        " tymi, które kończą się na planszy.” (Dances that end off the board come before"
        " those that end on it; example 4.) Ambiguity A2.",
    ),
    "own_top": _rb(
        "Ruchy taneczne",
        "„na górze stosu A jest pionek twojego koloru” (the dancing stack has your chip on top).",
    ),
    "target_top": _rb(
        "Ruchy taneczne",
        "„na górze stosu B jest pionek przeciwnego koloru; stos B jest najbliższym pionkiem do"
        " stosu A w linii” (the nearest chips on the line are topped by an opponent chip).",
    ),
    "height": _rb(
        "Ruchy taneczne",
        "„stos B nie jest wyższy niż stos A” (the target stack is no taller than the"
        " dancing one; example 1-a). Ambiguity A8.",
    ),
    "reach": _rb(
        "Ruchy taneczne",
        "„jakiś pionek ze stosu A znajdzie się na stosie B” (some chip of the dancing stack"
        " lands on the target; example 1-a).",
    ),
    "line": _rb(
        "Taniec",
        "„Gracz podnosi i rozdziela stos […] po jednym pionku na heks wzdłuż linii”;"
        " a dance goes along a line of tiles toward an opponent stack, which must lie on the board"
        " before the line leaves it.",
    ),
    "landing": _rb(
        "Ruchy taneczne",
        "„ostatni pionek ze stosu A znajdzie się na planszy, na innym stosie lub na pustym miejscu"
        " poza planszą” (the last chip lands on the board or on an empty place off it; example 3)."
        " Ambiguity A7.",
    ),
    "prisoners_stay": _rb(
        "Taniec",
        "„Jeżeli taniec zakończy się poza planszą, to pozostałe pionki kładzie się"
        " na stosie obok brzegu planszy”: chips off the board are prisoners; they never dance"
        " (reference §1.2, dance 5).",
    ),
    "stack": _rb(
        "Taniec",
        "„Gracz podnosi i rozdziela stos złożony z jednego lub większej ilości pionków”"
        " (a dance lifts a stack of one or more chips standing on a tile).",
    ),
    "drop_reserve": _rb(
        "Umieszczanie pionków",
        "„a masz jeszcze jakiś niepołożony na planszy pionek” (you still have a chip"
        " that is not on the board).",
    ),
    "drop_empty": _rb(
        "Umieszczanie pionków",
        "„Umieszczenie pionka w swoim kolorze na pustym heksie” (a chip is placed on an empty"
        " hex, a tile without chips).",
    ),
    "exchange_prisoners": _rb(
        "Powiększanie planszy",
        "„Pionki, które znalazły się poza planszą, można wymienić na heksy”"
        " (only chips off the board are exchanged for tiles).",
    ),
    "exchange_two": _rb(
        "Powiększanie planszy",
        "„jeżeli tylko przylegają one do co najmniej dwóch innych heksów” (the prisoners"
        " must touch at least two tiles; example 5-a).",
    ),
    "pass": _rb(
        "Pasowanie",
        "„Jeżeli niemożliwy jest żaden ruch, i tylko wtedy, gracz może spasować.”"
        " (A player may pass if, and only if, no move is possible.)",
    ),
    "game_over": _rb(
        "Koniec gry",
        "„Gra kończy się, gdy […] ułożone zostały wszystkie heksy; obaj gracze muszą"
        " spasować; trzy razy z rzędu powtarzana jest ta sama pozycja” (the game ends when"
        " the stock is used up, both players pass, or a position repeats three times). Ambiguity A3.",
    ),
    "setup": _rb(
        "Alternatywny początek",
        "„Biały i czarny wymiennie układają pierwsze 6 heksów, następnie biały zaczyna"
        " układanie pionków.” (White and Black alternately lay the first six tiles, then"
        " White begins placing chips.)",
    ),
    "setup_adjacent": _rb(
        "Alternatywny początek",
        "„Biały i czarny wymiennie układają pierwsze 6 heksów” (White and Black alternately lay"
        " the first six tiles); each is laid next to the board, touching a tile already placed,"
        " on a free hex (reference §1.2, Expert/Pro setup).",
    ),
    "record": Rule(
        "EXXIT record format (docs/exxit.md)",
        "Move numbers, when written, count plies from 1 in the order the moves were made.",
    ),
}


@dataclass(frozen=True)
class Reason:
    """A reason code: why a move is illegal, and the rule it breaks."""

    code: str
    rule: Rule
    summary: str
    #: True when the move cannot be carried out at all (replay then skips it).
    impossible: bool = False


def _reason(code: str, rule: str, summary: str, impossible: bool = False) -> tuple[str, Reason]:
    return code, Reason(code, RULES[rule], summary, impossible)


REASONS: dict[str, Reason] = dict(
    [
        _reason("EXXIT-GAME-OVER", "game_over", "the game is over", impossible=True),
        _reason("EXXIT-NOT-YOUR-TURN", "turn", "it is the other player's turn"),
        _reason("EXXIT-DANCE-COMPULSORY", "compulsory", "a dance is possible, so a dance is compulsory"),
        _reason("EXXIT-OFFBOARD-DANCE-FIRST", "offboard_first", "a dance ending off the board must be made first"),
        _reason("EXXIT-DANCE-NO-STACK", "stack", "there is no stack on a tile there", impossible=True),
        _reason("EXXIT-DANCE-PRISONERS", "prisoners_stay", "prisoners off the board never dance", impossible=True),
        _reason("EXXIT-DANCE-NOT-YOUR-STACK", "own_top", "the stack's top chip is not yours"),
        _reason("EXXIT-DANCE-BLOCKED-BY-OWN", "target_top", "the nearest stack on that line is topped by your own chip"),
        _reason("EXXIT-DANCE-TARGET-TOO-TALL", "height", "the target stack is taller than the dancing stack"),
        _reason("EXXIT-DANCE-OUT-OF-REACH", "reach", "the nearest stack on that line is out of reach"),
        _reason("EXXIT-DANCE-NO-TARGET", "line", "the line leaves the board before reaching any stack"),
        _reason("EXXIT-DANCE-PRISONERS-IN-LANDING", "landing", "the hex where the chips would leave the board already holds prisoners"),
        _reason("EXXIT-DROP-NO-RESERVE", "drop_reserve", "no chips left in reserve", impossible=True),
        _reason("EXXIT-DROP-NOT-A-TILE", "drop_empty", "there is no tile there", impossible=True),
        _reason("EXXIT-DROP-OCCUPIED", "drop_empty", "the tile already holds chips", impossible=True),
        _reason("EXXIT-EXCHANGE-NO-PRISONERS", "exchange_prisoners", "there are no prisoners there", impossible=True),
        _reason("EXXIT-EXCHANGE-NEEDS-TWO-TILES", "exchange_two", "the prisoners touch fewer than two tiles"),
        _reason("EXXIT-PASS-NOT-ALLOWED", "pass", "a move is possible, so passing is not allowed"),
        _reason("EXXIT-SETUP-TILE-REQUIRED", "setup", "during the setup each move lays a tile"),
        _reason("EXXIT-TILE-NOT-IN-SETUP", "setup", "tiles are laid only during the expert setup"),
        _reason("EXXIT-TILE-OCCUPIED", "setup_adjacent", "that hex already holds a tile or prisoners", impossible=True),
        _reason("EXXIT-TILE-NOT-ADJACENT", "setup_adjacent", "the new tile does not touch the board"),
        _reason("EXXIT-RECORD-MOVE-NUMBER", "record", "the move number does not match the ply"),
    ]
)


# ---------------------------------------------------------------------------
# Ambiguities A1-A8 as named options
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class OptionInfo:
    """What an option decides: its ambiguity number, choices and meaning."""

    name: str
    ambiguity: str
    choices: tuple[str, ...]
    help: str


OPTION_INFO: dict[str, OptionInfo] = {
    i.name: i
    for i in (
        OptionInfo(
            "chain",
            "A1",
            ("two-tiles", "adjacent"),
            "chained exchange: a prisoner stack next to a new tile is exchanged too when it now"
            " touches two tiles (two-tiles, boardspace), or whenever it touches the new tile"
            " (adjacent, French summary)",
        ),
        OptionInfo(
            "offboard_first",
            "A2",
            ("true", "false"),
            "dances that end off the board exclude those that end on it (boardspace; the Polish"
            " rulebook says the same)",
        ),
        OptionInfo(
            "repetition",
            "A3",
            ("score", "draw"),
            "a repeated position ends the game and it is scored (boardspace), or it is a draw",
        ),
        OptionInfo(
            "repetition_count",
            "A3",
            ("2", "3", "4", "5"),
            "how many times a position must occur to end the game (the rulebook: three)",
        ),
        OptionInfo(
            "tie",
            "A4",
            ("draw", "largest-island"),
            "equal scores are a draw (boardspace), or the larger largest island wins, else a draw",
        ),
        OptionInfo(
            "centre_pair",
            "A5",
            ("first", "second"),
            "the two touching centre tiles of the standard start are the first player's (White's)"
            " colour, the two side tiles the second's; White moves first either way",
        ),
        OptionInfo(
            "compulsory_dance",
            "A6",
            ("true", "false"),
            "a possible dance must be made (boardspace, rulebook); false lets the mover drop or"
            " exchange instead",
        ),
        OptionInfo(
            "prisoner_landing",
            "A7",
            ("block", "stack"),
            "a dance whose chips would leave the board on a hex holding prisoners is illegal"
            " (block, boardspace and rulebook example 3), or they are stacked on the prisoners",
        ),
        OptionInfo(
            "target_height",
            "A8",
            ("not-taller", "shorter"),
            "a dance may target a stack no taller than the dancer (not-taller, boardspace's <=),"
            " or only a strictly shorter one",
        ),
    )
}


@dataclass(frozen=True)
class Options:
    """The rulebook ambiguities A1-A8, each a named option with the boardspace reading as default.

    >>> Options().is_default()
    True
    >>> Options(offboard_first=False).changed()
    {'offboard_first': 'false'}
    """

    chain: str = "two-tiles"
    offboard_first: bool = True
    repetition: str = "score"
    repetition_count: int = 3
    tie: str = "draw"
    centre_pair: str = "first"
    compulsory_dance: bool = True
    prisoner_landing: str = "block"
    target_height: str = "not-taller"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            text = _option_text(value)
            if text not in OPTION_INFO[f.name].choices:
                raise error(UsageError, "EXXIT-OPTION", "EXXIT-OPTION.choice", name=f.name,
                            ambiguity=OPTION_INFO[f.name].ambiguity, value=text,
                            choices=", ".join(OPTION_INFO[f.name].choices))

    @classmethod
    def names(cls) -> list[str]:
        """The option names, in ambiguity order."""
        return [f.name for f in fields(cls)]

    def with_values(self, values: Mapping[str, Any]) -> Options:
        """A copy with some options set from text or typed values (``offboard-first`` = ``offboard_first``)."""
        changes: dict[str, Any] = {}
        for raw_name, raw in values.items():
            name = raw_name.strip().replace("-", "_")
            if name not in OPTION_INFO:
                raise error(UsageError, "EXXIT-OPTION", "EXXIT-OPTION.unknown", name=raw_name,
                            known=", ".join(self.names()))
            changes[name] = _option_value(name, raw)
        return replace(self, **changes)

    @classmethod
    def from_assignments(cls, assignments: Iterable[str]) -> Options:
        """Options from ``NAME=VALUE`` strings (the CLI's ``--option``)."""
        values: dict[str, str] = {}
        for item in assignments:
            name, sep, value = item.partition("=")
            if not sep:
                raise error(UsageError, "EXXIT-OPTION", "EXXIT-OPTION.assignment", item=item)
            values[name] = value.strip()
        return cls().with_values(values)

    def changed(self) -> dict[str, str]:
        """The options that differ from the defaults, as text."""
        default = Options()
        return {
            f.name: _option_text(getattr(self, f.name))
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def is_default(self) -> bool:
        return not self.changed()


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _option_value(name: str, raw: Any) -> Any:
    default = getattr(Options(), name)
    text = _option_text(raw).strip().lower()
    if isinstance(default, bool):
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
        raise error(UsageError, "EXXIT-OPTION", "EXXIT-OPTION.boolean", name=name, value=raw)
    if isinstance(default, int):
        if text not in OPTION_INFO[name].choices:
            raise error(UsageError, "EXXIT-OPTION", "EXXIT-OPTION.number", name=name,
                        choices=", ".join(OPTION_INFO[name].choices), value=raw)
        return int(text)
    return text
