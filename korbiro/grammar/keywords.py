"""The keywords and marks of MK card text, one small frozen dataclass each.

Every class names its canonical (printed) spelling in ``keyword``, the rule it
rests on in ``rule``, the card types it belongs on in ``card_types`` (``None``:
any) and, where the rulebook restricts them, the allowed subtypes per card type
in ``subtypes_by_type``; :meth:`Keyword.allowed_on` applies both.  Instances hold the values written on the
card (X, a [condition], a name, an ability's text, a level) and the ``line``
and ``column`` where the keyword was read; those two never take part in
equality.  ``render()`` gives the canonical line of docs/card-text.md:

    >>> Fal(3).render()
    'FAL 3'
    >>> Hatas("Toroni").render()
    '[Toroni] HÁTAS'
    >>> Szellem(3, 'Kísért: „Bú”').render()
    'SZELLEM 3 "Kísért: „Bú”"'
    >>> Fal(3, line=4) == Fal(3)
    True
    >>> KEYWORDS["KINCSKERESÉS"].__name__, KEYWORDS["KINCSKERESÉS"].rule
    ('Kincskereses', '1.14.14')

Constructors check their values and raise :class:`ValueError` for a value out
of range or a text that cannot be written on one line; texts, names and
conditions are normalised (NFC, surrounding blanks dropped), so that
``parse(render(k)) == k`` for every valid ``k``.  The card-text parser
(:mod:`korbiro.grammar.cardtext`) checks the same ranges first and reports
them as findings with their column.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import ClassVar

from .vocabulary import CARD_TYPES

__all__ = [
    "CARD_TYPES",
    "FORBIDDEN_CHARACTERS",
    "KEYWORDS",
    "KEYWORD_CLASSES",
    "KEYWORD_NAMES",
    "MAX_VALUE",
    "ROMAN_LEVELS",
    "Akadalyok",
    "Akaratatvitel",
    "Allando",
    "AntissAbility",
    "AntissSymbol",
    "Antissjaras",
    "BeastLine",
    "BeastStat",
    "BestiaAktivizalas",
    "Csatlos",
    "Dialect",
    "EgyIlyenEpitmeny",
    "Expedicio",
    "Fal",
    "FreeText",
    "Hatalomszo",
    "Hatas",
    "IgazNev",
    "Keyword",
    "Kincs",
    "Kincskereses",
    "MozaikVarazslat",
    "NegativHatas",
    "NemSzakithatMegIdofonalat",
    "NemesNyelv",
    "NincsMasEroforras",
    "NumericKeyword",
    "Osero",
    "Portyazas",
    "PusztakezesKombinacio",
    "Raepites",
    "RaktarozandoKuldetes",
    "Sebzes",
    "Sorsfordito",
    "Szam",
    "SzolgaNyelv",
    "Szellem",
    "Tamadas",
    "TextKeyword",
    "TitkosNyelv",
    "Tulutes",
    "beast_line",
    "keyword_named",
    "quote",
    "text_problem",
]


#: Largest number a keyword takes (the card text's numbers are 0..MAX_VALUE).
MAX_VALUE = 99

#: ANTISSJÁRÁS levels as printed.
ROMAN_LEVELS: tuple[str, ...] = ("I", "II", "III", "IV", "V")

#: Characters that never belong in one line of card text: the Unicode
#: categories Cc (C0/C1 controls; but a tab is a blank here), Zl, Zp (line and
#: paragraph separators) and Cs (lone surrogates).
FORBIDDEN_CHARACTERS = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def text_problem(text: str) -> str | None:
    """Why *text* cannot be a keyword's text, or ``None`` when it can.

    >>> text_problem("Gain 2 MP") is None
    True
    >>> text_problem("   ")
    'the text is empty'
    """
    bad = FORBIDDEN_CHARACTERS.search(text)
    if bad is not None:
        return f"character U+{ord(bad.group()):04X} is not allowed"
    if not text.strip():
        return "the text is empty"
    return None


def quote(text: str) -> str:
    r"""*text* in straight double quotes, with ``"`` and ``\`` escaped.

    >>> print(quote('say "hi" \\ bye'))
    "say \"hi\" \\ bye"
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _clean_text(obj: object, name: str, text: object) -> None:
    """Normalise a text field of a frozen dataclass in place, or raise ValueError."""
    if not isinstance(text, str):
        raise ValueError(f"{type(obj).__name__}.{name} must be a string, got {type(text).__name__}")
    value = unicodedata.normalize("NFC", text)
    problem = text_problem(value)
    if problem is not None:
        raise ValueError(f"{type(obj).__name__}.{name}: {problem}: {text!r}")
    object.__setattr__(obj, name, value.strip())


def _check_int(obj: object, name: str, value: object, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{type(obj).__name__}.{name} must be an integer, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{type(obj).__name__}.{name} must be between {low} and {high}, got {value!r}")


@dataclass(frozen=True)
class Keyword:
    """Base class: one line of card text.

    A subclass that adds no field is not decorated again: it inherits the frozen dataclass's
    ``__init__``, ``__repr__``, ``__eq__`` and ``__hash__``, which read the instance's own class,
    and each ``@dataclass`` would cost every command's start-up about half a millisecond
    (``tests/grammar/test_cardtext.py`` checks that every keyword class is still a frozen dataclass).
    """

    #: Canonical spelling (empty for free text).
    keyword: ClassVar[str]
    #: Key in :data:`KEYWORDS`; the canonical spelling except for the ANTISS
    #: ability (``'ANTISS "…"'``) and free text (``'"…"'``).
    key: ClassVar[str]
    #: Rule id the keyword rests on (``None`` for free text).
    rule: ClassVar[str | None]
    #: Card types the keyword belongs on; ``None``: any.
    card_types: ClassVar[frozenset[str] | None] = None
    #: Card type -> its allowed subtypes, for the types the rulebook restricts
    #: (``AKARATÁTVITEL``: an akadálylap must be a bestia; a kalandozó is free).
    subtypes_by_type: ClassVar[Mapping[str, frozenset[str]]] = MappingProxyType({})
    #: The allowed subtypes when *every* card type of :attr:`card_types` is
    #: restricted to them (HÁTAS: bestia), else ``None``; derived from
    #: :attr:`subtypes_by_type`, which is the full story.
    subtypes: ClassVar[frozenset[str] | None] = None
    #: Whether the same keyword may stand on more than one line of a card.
    repeatable: ClassVar[bool] = False
    #: The rule whose reminder text explains the keyword (``reminders:`` in the rule index,
    #: korbiro/rules/mk/rulebook.yaml) when it is not :attr:`rule` itself (KINCSKERESÉS: 1.14.14.B).
    reminder_rule: ClassVar[str | None] = None
    #: The names of the values a reminder text is filled with (``{X}``), from :meth:`reminder_args`.
    reminder_params: ClassVar[tuple[str, ...]] = ()

    line: int | None = field(default=None, compare=False, repr=False, kw_only=True)
    column: int | None = field(default=None, compare=False, repr=False, kw_only=True)

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        by_type = cls.subtypes_by_type
        uniform = {frozenset(v) for v in by_type.values()}
        if by_type and cls.card_types is not None and set(by_type) == set(cls.card_types) and len(uniform) == 1:
            cls.subtypes = uniform.pop()
        else:
            cls.subtypes = None

    def render(self) -> str:
        """The canonical line of card text."""
        return self.keyword

    @classmethod
    def reminder_rule_id(cls) -> str | None:
        """The rule id of the keyword's reminder text (``None`` for free text, which is its own rules text)."""
        return cls.reminder_rule or cls.rule

    @classmethod
    def reminder_forms(cls) -> Mapping[str, tuple[str, ...]]:
        """Each reminder key the keyword's lines use, with the values its text is filled with.

        >>> dict(Kincskereses.reminder_forms()), dict(Hatas.reminder_forms())
        ({'KINCSKERESÉS': ('X',)}, {'HÁTAS': (), '[…] HÁTAS': ('condition',)})
        """
        return {cls.key: cls.reminder_params}

    def reminder_key(self) -> str:
        """Which reminder of :meth:`reminder_rule_id` explains this line (one of :meth:`reminder_forms`)."""
        return self.key

    def reminder_args(self) -> dict[str, str | int]:
        """The values this line fills its reminder text with (``{"X": 2}`` for ``KINCSKERESÉS 2``).

        The rules layer renders the text from the rule index
        (:mod:`korbiro.rules.mk.reminders`); the keyword only says what it is.
        """
        return {}

    @classmethod
    def allowed_on(cls, card_type: str | None, subtype: str | None = None) -> bool:
        """Whether the keyword may stand on a card of *card_type* (and *subtype*).

        >>> Akaratatvitel.allowed_on("kalandozó"), Akaratatvitel.allowed_on("akadálylap", "csapda")
        (True, False)
        >>> Hatas.allowed_on("akadálylap", "bestia")
        True
        """
        if cls.card_types is not None and card_type not in cls.card_types:
            return False
        allowed = cls.subtypes_by_type.get(card_type) if card_type is not None else None
        return allowed is None or subtype in allowed


def _types(*names: str) -> frozenset[str]:
    unknown = set(names) - set(CARD_TYPES)
    if unknown:  # pragma: no cover - a typo in this module
        raise AssertionError(f"unknown card types {sorted(unknown)}")
    return frozenset(names)


def _subtypes(card_type: str, *subtypes: str) -> Mapping[str, frozenset[str]]:
    return MappingProxyType({next(iter(_types(card_type))): frozenset(subtypes)})


@dataclass(frozen=True)
class NumericKeyword(Keyword):
    """A keyword followed by a number X (``FAL 3``)."""

    #: Smallest and largest X.
    min_value: ClassVar[int] = 0
    max_value: ClassVar[int] = MAX_VALUE

    reminder_params: ClassVar[tuple[str, ...]] = ("X",)

    value: int

    def __post_init__(self) -> None:
        _check_int(self, "value", self.value, self.min_value, self.max_value)

    def render(self) -> str:
        return f"{self.keyword} {self.value}"

    def reminder_args(self) -> dict[str, str | int]:
        return {"X": self.value}


@dataclass(frozen=True)
class TextKeyword(Keyword):
    """A keyword followed by quoted text (``ÁLLANDÓ "…"``)."""

    repeatable: ClassVar[bool] = True

    text: str

    def __post_init__(self) -> None:
        _clean_text(self, "text", self.text)

    def render(self) -> str:
        return f"{self.keyword} {quote(self.text)}"


@dataclass(frozen=True)
class _Conditioned(Keyword):
    """A mark with an optional ``[condition]`` before it."""

    condition: str | None = None

    def __post_init__(self) -> None:
        if self.condition is None:
            return
        if not isinstance(self.condition, str):
            raise ValueError(f"{type(self).__name__}.condition must be a string or None")
        value = unicodedata.normalize("NFC", self.condition)
        problem = text_problem(value)
        value = value.strip()
        if problem is None and ("[" in value or "]" in value):
            problem = "a condition cannot contain '[' or ']'"
        if problem is not None:
            raise ValueError(f"{type(self).__name__}.condition: {problem}: {self.condition!r}")
        object.__setattr__(self, "condition", value)

    def render(self) -> str:
        return f"[{self.condition}] {self.keyword}" if self.condition is not None else self.keyword

    @classmethod
    def reminder_forms(cls) -> Mapping[str, tuple[str, ...]]:
        return {cls.key: (), f"[…] {cls.key}": ("condition",)}

    def reminder_key(self) -> str:
        return self.key if self.condition is None else f"[…] {self.key}"

    def reminder_args(self) -> dict[str, str | int]:
        return {} if self.condition is None else {"condition": self.condition}


# ---------------------------------------------------------------- 2.00 keywords


class Fal(NumericKeyword):
    """FAL X (2.01): the wall value of a tower level or building; in a siege or a
    building capture X is added to the obstructing team's level (0 with no team)."""

    keyword = key = "FAL"
    rule = "2.01"
    card_types = _types("toronyszint", "építmény")


@dataclass(frozen=True)
class IgazNev(Keyword):
    """IGAZ NÉV "név" (2.02): the card counts as the named card for the naming
    rule, and effects naming either card refer to both (2.02.a–b)."""

    keyword = key = "IGAZ NÉV"
    rule = "2.02"
    reminder_params = ("name",)

    name: str

    def __post_init__(self) -> None:
        _clean_text(self, "name", self.name)

    def render(self) -> str:
        return f"{self.keyword} {quote(self.name)}"

    def reminder_args(self) -> dict[str, str | int]:
        return {"name": self.name}


class Expedicio(NumericKeyword):
    """EXPEDÍCIÓ X (2.03): when a team meets the quest's condition, its controller
    may pay 1 MP to take X DP instead of solving it; the quest stays awaiting
    solution and cannot be solved that round (2.03.a–f)."""

    keyword = key = "EXPEDÍCIÓ"
    rule = "2.03"
    card_types = _types("küldetés")


class Akaratatvitel(NumericKeyword):
    """AKARATÁTVITEL X (2.04): replaces the attack roll; an adventurer of current
    level ≤ X moves, resting, into the Sor of the keyword card's controller."""

    keyword = key = "AKARATÁTVITEL"
    rule = "2.04"
    card_types = _types("kalandozó", "akadálylap")
    subtypes_by_type = _subtypes("akadálylap", "bestia")


class Tulutes(NumericKeyword):
    """TÚLÜTÉS X (2.05): overstrike X.  The rule's text is not available to the
    project; the value is kept for the engine."""

    keyword = key = "TÚLÜTÉS"
    rule = "2.05"
    card_types = _types("kalandozó", "akciólap", "akadálylap")
    subtypes_by_type = _subtypes("akadálylap", "bestia")


class Hatas(_Conditioned):
    """[feltétel] HÁTAS (2.06): a beast obstacle with HÁTAS is a mount (Hátas); an
    optional [condition] may stand before the keyword (2.06.a–b)."""

    keyword = key = "HÁTAS"
    rule = "2.06"
    card_types = _types("akadálylap")
    subtypes_by_type = _subtypes("akadálylap", "bestia")


class Kincs(NumericKeyword):
    """KINCS X (2.07): the treasure value of a Kincs quest; a team whose summed
    Kincskeresés is at least the (modified) value returns home awake (1.14.14)."""

    keyword = key = "KINCS"
    rule = "2.07"
    card_types = _types("küldetés")


class Csatlos(_Conditioned):
    """[feltétel] CSATLÓS (2.09): a follower adventurer, attachable from hand to an
    adventurer meeting the optional condition as a free Sor-phase MP-bound
    manoeuvre; the host gains its abilities while attached (2.09.a–f)."""

    keyword = key = "CSATLÓS"
    rule = "2.09"
    card_types = _types("kalandozó")


class Osero(Keyword):
    """ŐSERŐ (2.12): the card is free while its player controls an aquir or dragon
    adventurer; a quest with it is solved free by such a player (2.12.a–b)."""

    keyword = key = "ŐSERŐ"
    rule = "2.12"


# ----------------------------------------------------- 1.14 further expressions


class RaktarozandoKuldetes(Keyword):
    """RAKTÁROZANDÓ KÜLDETÉS (1.14.3): after solving, the quest is attached to one
    of its player's tower levels (one per level) and gives DP while stored."""

    keyword = key = "RAKTÁROZANDÓ KÜLDETÉS"
    rule = "1.14.3"
    card_types = _types("küldetés")


class EgyIlyenEpitmeny(Keyword):
    """EGY JÁTÉKOS LEGFELJEBB EGY ILYEN ÉPÍTMÉNYT IRÁNYÍTHAT (1.14.4): a player
    controls at most one such building; gaining a second forces a sacrifice."""

    keyword = key = "EGY JÁTÉKOS LEGFELJEBB EGY ILYEN ÉPÍTMÉNYT IRÁNYÍTHAT"
    rule = "1.14.4"
    card_types = _types("építmény")


class NincsMasEroforras(Keyword):
    """JÁTÉKOSA PAKLIJÁBAN NEM LEHET MÁS ERŐFORRÁS (1.14.5): no other resource
    event card may be put in its player's deck (the sideboard may hold some)."""

    keyword = key = "JÁTÉKOSA PAKLIJÁBAN NEM LEHET MÁS ERŐFORRÁS"
    rule = "1.14.5"
    card_types = _types("eseménylap")
    subtypes_by_type = _subtypes("eseménylap", "erőforrás")


class BestiaAktivizalas(Keyword):
    """A KÉPESSÉG BESTIA AKTIVIZÁLÁSNAK MINŐSÜL (1.14.7): the ability enters the
    timeline only as a beast activation and is neutralised only as one, which
    does not kill the source adventurer."""

    keyword = key = "A KÉPESSÉG BESTIA AKTIVIZÁLÁSNAK MINŐSÜL"
    rule = "1.14.7"
    card_types = _types("kalandozó")


class Kincskereses(NumericKeyword):
    """KINCSKERESÉS X (1.14.14): after solving a Kincs quest whose treasure is at
    most the team's summed Kincskeresés, the team returns awake; once a round."""

    keyword = key = "KINCSKERESÉS"
    rule = "1.14.14"
    reminder_rule = "1.14.14.B"
    card_types = _types("kalandozó")


class NemSzakithatMegIdofonalat(Keyword):
    """NEM SZAKÍTHAT MEG IDŐFONALAT (1.14.17): cannot be used once a deed has opened
    a timeline; phase timelines (and combat, unless in a manoeuvre) do not stop it."""

    keyword = key = "NEM SZAKÍTHAT MEG IDŐFONALAT"
    rule = "1.14.17"


# ------------------------------------------------------ 3.05 power words, combos


class Hatalomszo(Keyword):
    """HATALOMSZÓ (3.05.A): the power-word mark; the adventurer may summon power
    words, and with no dialect written it speaks SZOLGA NYELV (3.05.D)."""

    keyword = key = "HATALOMSZÓ"
    rule = "3.05.A"
    card_types = _types("kalandozó")


class Dialect(Keyword):
    """A power-word dialect (3.05.D); an adventurer has one at a time."""

    rule = "3.05.D"
    card_types = _types("kalandozó")


class SzolgaNyelv(Dialect):
    """SZOLGA NYELV (3.05.D): may use power words but suffers their negative effects."""

    keyword = key = "SZOLGA NYELV"


class NemesNyelv(Dialect):
    """NEMES NYELV (3.05.D): the power words it uses have no negative effect on it."""

    keyword = key = "NEMES NYELV"


class TitkosNyelv(Dialect):
    """TITKOS NYELV (3.05.D): power words (and their negative effects) do not affect
    it unless its controller wishes."""

    keyword = key = "TITKOS NYELV"


class NegativHatas(TextKeyword):
    """NEGATÍV HATÁS "…" (3.05.C): a power word's drawback, suffered by the
    adventurer who summoned it."""

    keyword = key = "NEGATÍV HATÁS"
    rule = "3.05.C"
    card_types = _types("akciólap")
    subtypes_by_type = _subtypes("akciólap", "hatalomszó")


class PusztakezesKombinacio(NumericKeyword):
    """PUSZTAKEZES KOMBINÁCIÓ X (3.05.E): if an unarmed attack's roll succeeds and
    is at least X, its summoner may chain another unarmed attack as a fast effect
    in the same timeline (at most base-level attacks in one chain)."""

    keyword = key = "PUSZTAKEZES KOMBINÁCIÓ"
    rule = "3.05.E"
    card_types = _types("akciólap")
    subtypes_by_type = _subtypes("akciólap", "pusztakezes támadás")


# ------------------------------------------------------------- 6.00 to 11.00


class MozaikVarazslat(Keyword):
    """MOZAIK VARÁZSLAT (7.00): a mosaic spell; its player chooses the MP spent on
    it and its form on casting, and its damage is called the base value."""

    keyword = key = "MOZAIK VARÁZSLAT"
    rule = "7.00"
    card_types = _types("akciólap")


class AntissSymbol(Keyword):
    """ANTISS (8.01.A): the antiss symbol on an adventurer, which makes it an
    antiss-wizard; the symbol counts as Antissjárás II."""

    keyword = key = "ANTISS"
    rule = "8.01.A"
    card_types = _types("kalandozó")


@dataclass(frozen=True)
class Antissjaras(Keyword):
    """ANTISSJÁRÁS I–V (8.01.A): the antiss-walking skill at a level from I to V;
    its holder is an antiss-wizard."""

    keyword = key = "ANTISSJÁRÁS"
    rule = "8.01.A"
    card_types = _types("kalandozó")
    min_value: ClassVar[int] = 1
    max_value: ClassVar[int] = len(ROMAN_LEVELS)

    reminder_params = ("level",)

    level: int

    def __post_init__(self) -> None:
        _check_int(self, "level", self.level, self.min_value, self.max_value)

    def render(self) -> str:
        return f"{self.keyword} {ROMAN_LEVELS[self.level - 1]}"

    def reminder_args(self) -> dict[str, str | int]:
        return {"level": ROMAN_LEVELS[self.level - 1]}


class AntissAbility(TextKeyword):
    """ANTISS "…" (8.01.B): an antiss ability (marked with the antiss symbol); an
    antiss-wizard activates it as an antiss manoeuvre, while resting (8.02)."""

    keyword = "ANTISS"
    key = 'ANTISS "…"'
    rule = "8.01.B"


class Allando(TextKeyword):
    """ÁLLANDÓ "…" (6.00): a constant ability; it works continuously, needs no
    activation, opens and uses no timeline and so never targets (6.04)."""

    keyword = key = "ÁLLANDÓ"
    rule = "6.00"


@dataclass(frozen=True)
class Szellem(Keyword):
    """SZELLEM N "…" (11.00.B–C), printed as a circled number: the ghost ability;
    on death the adventurer stays in the Present as a ghost for N rounds,
    counting the current one, acting only through its ghost abilities."""

    keyword = key = "SZELLEM"
    rule = "11.00.B"
    card_types = _types("kalandozó")
    repeatable = True
    min_value: ClassVar[int] = 1
    max_value: ClassVar[int] = MAX_VALUE

    reminder_params = ("N",)

    rounds: int
    text: str

    def __post_init__(self) -> None:
        _check_int(self, "rounds", self.rounds, self.min_value, self.max_value)
        _clean_text(self, "text", self.text)

    def render(self) -> str:
        return f"{self.keyword} {self.rounds} {quote(self.text)}"

    def reminder_args(self) -> dict[str, str | int]:
        return {"N": self.rounds}


@dataclass(frozen=True)
class Raepites(Keyword):
    """RÁÉPÍTÉS X MP (10.00.C): a machine is built onto an adventurer, beast or trap
    for the X MP shown before the ráépítés symbol instead of its MP requirement;
    built on, it no longer counts as an obstacle (10.00.A–D)."""

    keyword = key = "RÁÉPÍTÉS"
    rule = "10.00.C"
    card_types = _types("akadálylap")
    subtypes_by_type = _subtypes("akadálylap", "gépezet")
    min_value: ClassVar[int] = 0
    max_value: ClassVar[int] = MAX_VALUE

    reminder_params = ("X",)

    mp: int

    def __post_init__(self) -> None:
        _check_int(self, "mp", self.mp, self.min_value, self.max_value)

    def render(self) -> str:
        return f"{self.keyword} {self.mp} MP"

    def reminder_args(self) -> dict[str, str | int]:
        return {"X": self.mp}


# ------------------------------------------------- issue 26: keywords of the real cards


class Akadalyok(NumericKeyword):
    """AKADÁLYOK N: the quest's obstacle slots; at most N obstacle cards may be attached to it, and those
    obstruct its solving.  No rule text defines the keyword: korbiro reads it as the quest's counterpart
    of a tower level's two obstacle slots, so it cites 3.01.C (docs/rulings.md, option ``quest_obstacles``)."""

    keyword = key = "AKADÁLYOK"
    rule = "3.01.C"
    card_types = _types("küldetés")


class BeastStat(NumericKeyword):
    """One value of a beast's printed line ``SZÁM n TÁMADÁS a SEBZÉS d`` (3.05.F, beast combat); the
    three may stand on one line or on three (:class:`BeastLine` is the three together)."""

    rule = "3.05.F"
    card_types = _types("akadálylap")
    subtypes_by_type = _subtypes("akadálylap", "bestia")


class Szam(BeastStat):
    """SZÁM N (3.05.F): how many beasts the card is, or how many attacks it makes (option ``beast_number``)."""

    keyword = key = "SZÁM"
    min_value: ClassVar[int] = 1


class Tamadas(BeastStat):
    """TÁMADÁS A (3.05.F): the beast's attack value, added to its attack roll (``behaviour.beast.roll``)."""

    keyword = key = "TÁMADÁS"


class Sebzes(BeastStat):
    """SEBZÉS D (3.05.F): the damage of each of the beast's attacks that hits (``behaviour.beast.damage``)."""

    keyword = key = "SEBZÉS"


@dataclass(frozen=True)
class BeastLine:
    """A beast's printed line, its three values together (``None``: not printed).

    >>> beast_line([Szam(2), Tamadas(6), Sebzes(3)])
    BeastLine(count=2, attack=6, damage=3)
    >>> beast_line([Fal(3)]) is None
    True
    """

    count: int | None = None
    attack: int | None = None
    damage: int | None = None

    def render(self) -> str:
        """The line as printed on one line: ``SZÁM 2 TÁMADÁS 6 SEBZÉS 3`` (the values printed)."""
        parts = ((Szam, self.count), (Tamadas, self.attack), (Sebzes, self.damage))
        return " ".join(f"{cls.keyword} {value}" for cls, value in parts if value is not None)


def beast_line(keywords: Iterable[Keyword]) -> BeastLine | None:
    """The beast line of a card's keywords (the first of each value), or ``None`` when it prints none."""
    found: dict[str, int] = {}
    for k in keywords:
        if isinstance(k, BeastStat):
            found.setdefault(k.keyword, k.value)
    if not found:
        return None
    return BeastLine(found.get(Szam.keyword), found.get(Tamadas.keyword), found.get(Sebzes.keyword))


class Sorsfordito(Keyword):
    """SORSFORDÍTÓ ("fate-turner"): no rule text korbiro holds defines it.  korbiro's reading
    [unofficial] (option ``sorsfordito``): the card may be summoned as a fast effect, into any open
    timeline (``fast``, the default), or once a game while its player has fewer DP than an opponent
    (``behind``).  It cites 6.00, the rule of when fast effects may be used."""

    keyword = key = "SORSFORDÍTÓ"
    rule = "6.00"


class Portyazas(Keyword):
    """PORTYÁZÁS ("raiding"): no rule text korbiro holds defines it.  korbiro's reading [unofficial]
    (option ``portyazas``): the adventurer is the effect that allows the combat manoeuvre of 4.01.A
    ("combat only if an effect allows") against an opponent's adventurer."""

    keyword = key = "PORTYÁZÁS"
    rule = "4.01.A"
    card_types = _types("kalandozó")


class FreeText(TextKeyword):
    """"…": a line of ability text that is not a keyword."""

    keyword = ""
    key = '"…"'
    rule = None

    def render(self) -> str:
        return quote(self.text)

    @classmethod
    def reminder_forms(cls) -> Mapping[str, tuple[str, ...]]:
        return {}  # free text is its own rules text


#: Every keyword class, in the order of docs/card-text.md.
KEYWORD_CLASSES: tuple[type[Keyword], ...] = (
    Fal,
    IgazNev,
    Expedicio,
    Akaratatvitel,
    Tulutes,
    Hatas,
    Kincs,
    Csatlos,
    Osero,
    RaktarozandoKuldetes,
    EgyIlyenEpitmeny,
    NincsMasEroforras,
    BestiaAktivizalas,
    Kincskereses,
    NemSzakithatMegIdofonalat,
    Hatalomszo,
    SzolgaNyelv,
    NemesNyelv,
    TitkosNyelv,
    NegativHatas,
    PusztakezesKombinacio,
    MozaikVarazslat,
    AntissSymbol,
    Antissjaras,
    AntissAbility,
    Allando,
    Szellem,
    Raepites,
    Akadalyok,
    Szam,
    Tamadas,
    Sebzes,
    Sorsfordito,
    Portyazas,
    FreeText,
)

#: Keyword classes by :attr:`Keyword.key` (the canonical spelling, except
#: ``'ANTISS "…"'`` for the antiss ability and ``'"…"'`` for free text).
KEYWORDS: dict[str, type[Keyword]] = {cls.key: cls for cls in KEYWORD_CLASSES}


def _name_key(name: str) -> str:
    """A keyword's name folded for a lookup: accents and case dropped, ``_`` and ``-`` as blanks."""
    plain = unicodedata.normalize("NFKD", name.replace("_", " ").replace("-", " "))
    return " ".join("".join(ch for ch in plain if not unicodedata.combining(ch)).casefold().split())


#: Every keyword's name folded (:func:`_name_key`) -> its canonical spelling (``ANTISS`` names both of its forms).
KEYWORD_NAMES: Mapping[str, str] = MappingProxyType({_name_key(c.keyword): c.keyword for c in KEYWORD_CLASSES if c.keyword})


def keyword_named(name: str) -> str | None:
    """The canonical spelling of the keyword *name* names (accents, case, ``_`` and ``-`` never matter),
    or ``None``: what a ``kw:`` filter of the behaviour language compares.

    >>> keyword_named("igaz_nev"), keyword_named("Sorsfordító"), keyword_named("KINCSKERES")
    ('IGAZ NÉV', 'SORSFORDÍTÓ', None)
    """
    return KEYWORD_NAMES.get(_name_key(name))
