"""The card-text language: parse a card's ``text`` into keyword objects.

A card's text holds one ability per line (docs/card-text.md).  Every line is
parsed on its own with the LALR grammar ``card.lark``, so that the problems of
every line are reported, not just the first:

    >>> ct = parse_card_text("KINCSKERESÉS 2\\nNEMES NYELV")
    >>> [k.render() for k in ct]
    ['KINCSKERESÉS 2', 'NEMES NYELV']
    >>> ct.get(Kincskereses).value
    2
    >>> _, findings = check_card_text("kincskereses 2\\nFAL x", path="a.yaml", first_line=10, first_column=7)
    >>> [(f.code, f.line, f.column) for f in findings]
    [('MK-CARD-KEYWORD-SPELLING', 10, 7), ('MK-CARD-TEXT-SYNTAX', 11, 11)]

``first_line`` is the file line of the text's first line, and ``first_column``
the file column where every line's text starts (a YAML block scalar indents
all its lines alike).

Findings (each names the keyword's rule where one applies):

- ``MK-CARD-TEXT-SYNTAX`` (error): a line does not parse; the message says what
  was expected and quotes the line with a caret.  Also a control character, a
  bad escape, an unclosed quote.
- ``MK-CARD-UNKNOWN-KEYWORD`` (error): a line starts with a word that is no
  keyword, with a did-you-mean or the hint to quote free text.
- ``MK-CARD-KEYWORD-VALUE`` (error): a value out of range (X not 0–99,
  SZELLEM 0, ANTISSJÁRÁS VI), an empty text, name or condition.
- ``MK-CARD-KEYWORD-SPELLING`` (warning): a keyword written unaccented or not
  upper case, a number with a leading zero, a level in digits.
- ``MK-CARD-TEXT-TOO-LONG`` (error): a line over 2,000 characters or a text
  over 64 KiB, refused unparsed.
- ``MK-CARD-TEXT-TOO-MANY-ERRORS`` (error): after 100 errors the rest of the
  text is not checked.
- ``MK-CARD-TEXT-INTERNAL`` (error): a bug in korbiro (please report it).

Only :class:`~korbiro.base.errors.RulesSyntaxError` leaves :func:`parse_card_text`;
:func:`check_card_text` never raises for any text.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from ..base.errors import RulesSyntaxError
from ..base.findings import Finding, Severity
from ..base.text import fold, is_digits
from .keywords import (
    FORBIDDEN_CHARACTERS,
    ROMAN_LEVELS,
    Akadalyok,
    Akaratatvitel,
    Allando,
    AntissAbility,
    Antissjaras,
    AntissSymbol,
    BeastLine,
    BestiaAktivizalas,
    Csatlos,
    Dialect,
    EgyIlyenEpitmeny,
    Expedicio,
    Fal,
    FreeText,
    Hatalomszo,
    Hatas,
    IgazNev,
    Keyword,
    Kincs,
    Kincskereses,
    MozaikVarazslat,
    NegativHatas,
    NemesNyelv,
    NemSzakithatMegIdofonalat,
    NincsMasEroforras,
    Osero,
    Portyazas,
    PusztakezesKombinacio,
    Raepites,
    RaktarozandoKuldetes,
    Sebzes,
    Sorsfordito,
    Szam,
    Szellem,
    SzolgaNyelv,
    Tamadas,
    TitkosNyelv,
    Tulutes,
    beast_line,
    text_problem,
)
from .larkerror import fault

if TYPE_CHECKING:
    from collections.abc import Sequence

    from lark import Lark, Token, Tree
    from lark.exceptions import UnexpectedInput

__all__ = [
    "CODE_INTERNAL",
    "CODE_SPELLING",
    "CODE_SYNTAX",
    "CODE_TOO_LONG",
    "CODE_TOO_MANY",
    "CODE_UNKNOWN",
    "CODE_VALUE",
    "MAX_ERRORS",
    "MAX_LINE_CHARS",
    "MAX_TEXT_BYTES",
    "CardText",
    "check_card_text",
    "parse_card_text",
]

CODE_SYNTAX = "MK-CARD-TEXT-SYNTAX"
CODE_UNKNOWN = "MK-CARD-UNKNOWN-KEYWORD"
CODE_VALUE = "MK-CARD-KEYWORD-VALUE"
CODE_SPELLING = "MK-CARD-KEYWORD-SPELLING"
CODE_TOO_LONG = "MK-CARD-TEXT-TOO-LONG"
CODE_INTERNAL = "MK-CARD-TEXT-INTERNAL"
CODE_TOO_MANY = "MK-CARD-TEXT-TOO-MANY-ERRORS"

#: Longest line that is parsed, in characters.
MAX_LINE_CHARS = 2000
#: Largest text that is parsed, in UTF-8 bytes.
MAX_TEXT_BYTES = 64 * 1024
#: Errors after which the rest of a text is not checked.
MAX_ERRORS = 100

# Messages are composed here in both languages (``message``, ``message_hu``): a finding carries both.

K = TypeVar("K", bound=Keyword)

# ------------------------------------------------------------------ the result


@dataclass(frozen=True)
class CardText:
    """The keywords of one card's text, in the order of its lines.

    Iterating gives the keyword objects; ``warnings`` holds the spelling
    warnings of a text that parsed (they take no part in equality).
    """

    keywords: tuple[Keyword, ...] = ()
    warnings: tuple[Finding, ...] = field(default=(), compare=False, repr=False)

    def __iter__(self) -> Iterator[Keyword]:
        return iter(self.keywords)

    def __len__(self) -> int:
        return len(self.keywords)

    def get(self, cls: type[K]) -> K | None:
        """The first keyword that is a *cls* (a class or a base such as :class:`Dialect`)."""
        for k in self.keywords:
            if isinstance(k, cls):
                return k
        return None

    def get_all(self, cls: type[K]) -> tuple[K, ...]:
        """Every keyword that is a *cls*, in line order."""
        return tuple(k for k in self.keywords if isinstance(k, cls))

    def has(self, cls: type[Keyword]) -> bool:
        """Whether any keyword is a *cls*."""
        return any(isinstance(k, cls) for k in self.keywords)

    def render(self) -> str:
        """The canonical text: one line per keyword, no trailing newline."""
        return "\n".join(k.render() for k in self.keywords)

    @property
    def antissjaras_level(self) -> int | None:
        """The card's Antissjárás level: the highest written, at least II with the
        antiss symbol (8.01.A); ``None`` when it is no antiss-wizard."""
        levels = [k.level for k in self.get_all(Antissjaras)]
        if self.has(AntissSymbol):
            levels.append(2)
        return max(levels) if levels else None

    @property
    def dialect(self) -> type[Dialect] | None:
        """The power-word dialect: the one written, else SZOLGA NYELV when the card
        has the HATALOMSZÓ mark (3.05.A, 3.05.D), else ``None``."""
        written = self.get(Dialect)
        if written is not None:
            return type(written)
        return SzolgaNyelv if self.has(Hatalomszo) else None

    @property
    def beast(self) -> BeastLine | None:
        """The beast line (SZÁM, TÁMADÁS, SEBZÉS) printed on the card, or ``None`` (3.05.F)."""
        return beast_line(self.keywords)


# --------------------------------------------------------------------- the parser


@cache
def _parser() -> Lark:
    """The card-line parser, loaded once per process on first use (its tables pre-built: :mod:`.prebuilt`).

    No ``cache=True``: lark's cache is a pickle in the shared temporary folder.
    No positions are propagated: every keyword
    starts at its line's first character, and values carry their tokens'.
    """
    from . import prebuilt  # lazy: lark, only for a line that is neither free text nor canonical

    return prebuilt.load("card.lark", "start")


#: Grammar rule -> keyword class.
_RULES: dict[str, type[Keyword]] = {
    "fal": Fal,
    "igaz_nev": IgazNev,
    "expedicio": Expedicio,
    "akaratatvitel": Akaratatvitel,
    "tulutes": Tulutes,
    "hatas": Hatas,
    "kincs": Kincs,
    "csatlos": Csatlos,
    "osero": Osero,
    "raktarozando_kuldetes": RaktarozandoKuldetes,
    "egy_ilyen_epitmeny": EgyIlyenEpitmeny,
    "nincs_mas_eroforras": NincsMasEroforras,
    "bestia_aktivizalas": BestiaAktivizalas,
    "kincskereses": Kincskereses,
    "nem_szakithat": NemSzakithatMegIdofonalat,
    "hatalomszo": Hatalomszo,
    "szolga_nyelv": SzolgaNyelv,
    "nemes_nyelv": NemesNyelv,
    "titkos_nyelv": TitkosNyelv,
    "negativ_hatas": NegativHatas,
    "pusztakezes_kombinacio": PusztakezesKombinacio,
    "mozaik_varazslat": MozaikVarazslat,
    "antiss": AntissSymbol,
    "antiss_ability": AntissAbility,
    "antissjaras": Antissjaras,
    "allando": Allando,
    "szellem": Szellem,
    "raepites": Raepites,
    "akadalyok": Akadalyok,
    "szam": Szam,
    "tamadas": Tamadas,
    "sebzes": Sebzes,
    "sorsfordito": Sorsfordito,
    "portyazas": Portyazas,
    "free_text": FreeText,
}

#: Keyword terminal -> the class whose spelling and rule it carries.
_TERMINALS: dict[str, type[Keyword]] = {
    "FAL": Fal,
    "IGAZ_NEV": IgazNev,
    "EXPEDICIO": Expedicio,
    "AKARATATVITEL": Akaratatvitel,
    "TULUTES": Tulutes,
    "HATAS": Hatas,
    "KINCS": Kincs,
    "CSATLOS": Csatlos,
    "OSERO": Osero,
    "RAKTAROZANDO_KULDETES": RaktarozandoKuldetes,
    "EGY_ILYEN_EPITMENY": EgyIlyenEpitmeny,
    "NINCS_MAS_EROFORRAS": NincsMasEroforras,
    "BESTIA_AKTIVIZALAS": BestiaAktivizalas,
    "KINCSKERESES": Kincskereses,
    "NEM_SZAKITHAT": NemSzakithatMegIdofonalat,
    "HATALOMSZO": Hatalomszo,
    "SZOLGA_NYELV": SzolgaNyelv,
    "NEMES_NYELV": NemesNyelv,
    "TITKOS_NYELV": TitkosNyelv,
    "NEGATIV_HATAS": NegativHatas,
    "PUSZTAKEZES_KOMBINACIO": PusztakezesKombinacio,
    "MOZAIK_VARAZSLAT": MozaikVarazslat,
    "ANTISS": AntissSymbol,
    "ANTISSJARAS": Antissjaras,
    "ALLANDO": Allando,
    "SZELLEM": Szellem,
    "RAEPITES": Raepites,
    "AKADALYOK": Akadalyok,
    "SZAM": Szam,
    "TAMADAS": Tamadas,
    "SEBZES": Sebzes,
    "SORSFORDITO": Sorsfordito,
    "PORTYAZAS": Portyazas,
}

#: Canonical spellings for the did-you-mean, in table order, without repeats.
_SPELLINGS: tuple[str, ...] = tuple(dict.fromkeys(c.keyword for c in _RULES.values() if c.keyword))


@cache
def _keyword_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The keyword terminals' own regexes, to tell a known keyword from a typo."""
    out = []
    for term in _parser().terminals:
        if term.name in _TERMINALS:
            out.append((term.name, re.compile(term.pattern.to_regexp())))
    return tuple(out)


#: Circled numbers -> N: ①–⑳, ⓫–⓴, ❶–❿, ➀–➉, ➊–➓.
_CIRCLED: dict[str, int] = {
    chr(block + i): first + i
    for block, first, count in ((0x2460, 1, 20), (0x24EB, 11, 10), (0x2776, 1, 10), (0x2780, 1, 10), (0x278A, 1, 10))
    for i in range(count)
}

_BLANKS = " \t\u00a0"
_BLANK_RUN = re.compile(r"[ \t\u00a0]+")
_WORD = re.compile(r"[^\W\d_]+|[0-9]+")

# ------------------------------------------------------------------ public API


def parse_card_text(
    text: str, *, path: str | None = None, first_line: int = 1, first_column: int = 1
) -> CardText:
    """Parse a card's text; raise :class:`RulesSyntaxError` if any line is bad.

    The error describes the first problem; its ``findings`` hold every error of
    every line.  Warnings of a text that parses are in ``CardText.warnings``.

    >>> parse_card_text('FAL 3').get(Fal)
    Fal(value=3)
    >>> parse_card_text('FAL x\\nKINCS 120')
    Traceback (most recent call last):
    ...
    korbiro.base.errors.RulesSyntaxError: <input>:1:5: unexpected 'x'; expected a number
      FAL x
          ^
    """
    result, findings = check_card_text(text, path=path, first_line=first_line, first_column=first_column)
    if result is not None:
        return result
    errors = [f for f in findings if f.severity is Severity.ERROR]
    first = errors[0]
    err = RulesSyntaxError(
        first.code, first.message, path=path, line=first.line, column=first.column, rule=first.rule
    )
    err.findings = errors
    raise err


def check_card_text(
    text: str, *, path: str | None = None, first_line: int = 1, first_column: int = 1
) -> tuple[CardText | None, list[Finding]]:
    """Parse a card's text and return ``(CardText, findings)``; never raises for bad text.

    The findings are every error and warning of every line, in line order.  The
    ``CardText`` is ``None`` when there is any error.
    """
    ctx = _Context(path, first_line, first_column)
    if not isinstance(text, str):
        kind = type(text).__name__
        ctx.add(
            CODE_SYNTAX,
            first_line,
            first_column,
            f"card text must be a string, not {kind}",
            f"a lap szövege csak szöveg lehet, nem {kind}",
        )
        return None, ctx.findings
    if len(text) * 4 > MAX_TEXT_BYTES and (  # at most 4 bytes a character: most texts need no encoding
            len(text) > MAX_TEXT_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_TEXT_BYTES):
        ctx.add(
            CODE_TOO_LONG,
            first_line,
            first_column,
            f"card text exceeds {MAX_TEXT_BYTES // 1024} KiB; it was not parsed",
            f"a lap szövege hosszabb {MAX_TEXT_BYTES // 1024} KiB-nál, nem dolgoztam fel",
        )
        return None, ctx.findings
    keywords: list[Keyword] = []
    lines = (text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text).split("\n")
    for index, raw in enumerate(lines):
        line_no = first_line + index
        if ctx.errors >= MAX_ERRORS:
            ctx.add(
                CODE_TOO_MANY,
                line_no,
                first_column,
                f"stopped after {MAX_ERRORS} errors; the rest of the text was not checked",
                f"{MAX_ERRORS} hiba után leálltam; a szöveg többi részét nem ellenőriztem",
            )
            break
        if not raw:
            continue  # an empty line says nothing (and cannot be an error)
        if _FAST_FREE_TEXT and raw.count('"') == 2:  # most lines are not free text: the cheap test first
            free = _plain_free_text(raw, line_no, first_column)
            if free is not None:
                keywords.append(free)
                continue
        parts = _beast_parts(raw) if "S" in raw or "s" in raw else None
        if parts is not None:  # `SZÁM 2 TÁMADÁS 6 SEBZÉS 3`: each value read as its own line, at its column
            for part in parts:
                keyword = _parse_line_at(ctx, part, line_no)
                if keyword is not None:
                    keywords.append(keyword)
            continue
        try:
            keyword = _parse_line_at(ctx, raw, line_no)
        except Exception as exc:  # pragma: no cover - a bug; reported, never raised
            ctx.add(
                CODE_INTERNAL,
                line_no,
                first_column,
                f"internal error while reading this line ({type(exc).__name__}); please report it",
                f"belső hiba a sor feldolgozásakor ({type(exc).__name__}); kérjük, jelezd",
            )
            continue
        if keyword is not None:
            keywords.append(keyword)
    findings = ctx.findings
    if ctx.errors:
        return None, findings
    return CardText(tuple(keywords), tuple(findings)), findings


# ------------------------------------------------------------------- internals


def _parse_line_at(ctx: _Context, raw: str, line_no: int) -> Keyword | None:
    """Parse one line, reusing the result for a line already seen (card texts repeat a lot).

    A line's meaning does not depend on where it stands, so the parse is
    memoised on the raw text at line 0, column 1, and the positions are moved
    to *line_no* and the context's first column afterwards.
    """
    if len(raw) > _MEMO_CHARS or (raw[-1:] == '"' and raw.lstrip(_BLANKS)[:1] == '"'):
        # a line of free text the fast path did not take, unique to its card, or a long line: parsed, not kept
        # (the memo keeps keyword lines, ÁLLANDÓ "…" among them)
        keyword, findings, errors = _parse_line_fresh(raw)
    else:
        keyword, findings, errors = _parse_line_memo(raw)
    shift = ctx.first_column - 1
    for f in findings:
        ctx.findings.append(replace(f, file=ctx.path, line=line_no, column=None if f.column is None else f.column + shift))
    ctx.errors += errors
    if keyword is None:
        return None
    # a copy placed at this line: the frozen dataclass's fields copied as they are (copy.copy, faster)
    placed = object.__new__(keyword.__class__)
    fields = placed.__dict__
    fields.update(keyword.__dict__)
    fields["line"] = line_no
    fields["column"] = None if keyword.column is None else keyword.column + shift
    return placed


def _parse_line_fresh(raw: str) -> tuple[Keyword | None, tuple[Finding, ...], int]:
    """One line parsed at line 0, column 1: its keyword, findings and error count."""
    ctx = _Context(None, 0, 1)
    keyword = _parse_line(ctx, raw, 0)
    return keyword, tuple(ctx.findings), ctx.errors


_parse_line_memo = lru_cache(maxsize=65536)(_parse_line_fresh)
#: the longest line the memo keeps (a keyword line is short; a long one is parsed, not kept, so that a
#: long-lived process does not grow with the texts it is sent)
_MEMO_CHARS = 512


class _Context:
    """Where the text stands in its file, and the findings collected so far."""

    def __init__(self, path: str | None, first_line: int, first_column: int) -> None:
        self.path = path
        self.first_line = first_line
        self.first_column = first_column
        self.findings: list[Finding] = []
        self.errors = 0

    def add(
        self,
        code: str,
        line: int,
        column: int,
        message: str,
        message_hu: str,
        *,
        rule: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> None:
        if severity is Severity.ERROR:
            self.errors += 1
        self.findings.append(
            Finding(
                code,
                message,
                severity=severity,
                rule=rule,
                file=self.path,
                line=line,
                column=column,
                args={"message": message, "message_hu": message_hu},
            )
        )


@dataclass
class _Line:
    """One line being parsed: the raw text, its parsed (stripped, NFC) form and a map back."""

    raw: str
    number: int
    column0: int  # file column of raw[0]
    lead: int  # blanks stripped from the left
    text: str  # what the parser sees
    index: list[int]  # text position -> position in the stripped line (len(text)+1 entries)
    stripped: str

    def raw_pos(self, pos: int) -> int:
        """Position in ``raw`` of the parsed text's position *pos*."""
        pos = min(max(pos, 0), len(self.text))
        return self.lead + self.index[pos]

    def column(self, pos: int) -> int:
        return self.column0 + self.raw_pos(pos)

    def original(self, start: int, end: int) -> str:
        """The raw characters behind the parsed text's ``[start:end]``."""
        return self.raw[self.raw_pos(start) : self.raw_pos(end)]

    def snippet(self, pos: int) -> str:
        """The line around *pos* with a caret under it, like lark's ``get_context``."""
        p = self.raw_pos(pos)
        start = max(0, p - 40)
        before = self.raw[start:p]
        after = self.raw[p : p + 40]
        caret = "".join("\t" if ch == "\t" else " " for ch in before) + "^"
        return f"\n  {before}{after}\n  {caret}"


def _nfc_with_index(s: str) -> tuple[str, list[int]]:
    """NFC of *s* composed starter by starter, with each result position's source position."""
    if unicodedata.is_normalized("NFC", s):
        return s, list(range(len(s) + 1))
    out: list[str] = []
    index: list[int] = []
    i = 0
    while i < len(s):
        j = i + 1
        while j < len(s) and unicodedata.combining(s[j]):
            j += 1
        piece = unicodedata.normalize("NFC", s[i:j])
        out.append(piece)
        index.extend([i] * len(piece))
        i = j
    index.append(len(s))
    return "".join(out), index


def _char_name(ch: str) -> str:
    return f"U+{ord(ch):04X}" + (f" {unicodedata.name(ch)}" if unicodedata.name(ch, "") else "")


def _parse_line(ctx: _Context, raw: str, number: int) -> Keyword | None:
    column0 = ctx.first_column
    if len(raw) > MAX_LINE_CHARS:
        ctx.add(
            CODE_TOO_LONG,
            number,
            column0,
            f"line is {len(raw)} characters long, more than {MAX_LINE_CHARS}; it was not parsed",
            f"a sor {len(raw)} karakter hosszú, több mint {MAX_LINE_CHARS}; nem dolgoztam fel",
        )
        return None
    bad = FORBIDDEN_CHARACTERS.search(raw)
    if bad is not None:
        name = _char_name(bad.group())
        ctx.add(
            CODE_SYNTAX,
            number,
            column0 + bad.start(),
            f"character {name} is not allowed in card text",
            f"a(z) {name} karakter nem állhat a lap szövegében",
        )
        return None
    stripped = raw.lstrip(_BLANKS)
    lead = len(raw) - len(stripped)
    stripped = stripped.rstrip(_BLANKS)
    if not stripped:
        return None
    text, index = _nfc_with_index(stripped)
    if _FAST_FREE_TEXT and _is_plain_free_text(text):
        # the commonest line, "…" with no quote or backslash inside: what the
        # grammar would build, without the parser (tests/grammar/test_cardtext_fast.py
        # checks the two agree)
        try:
            return FreeText(text[1:-1], line=number, column=column0 + lead)
        except ValueError:
            pass  # e.g. empty text: let the grammar path report it
    if _FAST_FREE_TEXT:
        canonical = _canonical_keyword(text, number, column0 + lead)
        if canonical is not None:
            return canonical
    from lark.exceptions import UnexpectedInput  # lazy: with the parser

    line = _Line(raw, number, column0, lead, text, index, stripped)
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        _report_syntax(ctx, line, exc)
        return None
    return _build(ctx, line, tree)


def _canonical_keyword(text: str, line: int, column: int) -> Keyword | None:
    """The keyword whose canonical text (:meth:`Keyword.render`) *text* is, placed at *line*:*column*,
    made without the parser; ``None`` when *text* is no keyword's canonical text.

    A keyword line as korbiro writes it (``FAL 3``, ``[Toroni] HÁTAS``, ``ÁLLANDÓ "…"``) is read by
    taking it apart at its blanks and quotes, making the object, and keeping it only when its
    rendering is *text* again: the grammar reads every keyword's rendering back to the keyword
    itself, with no warning (``tests/grammar/test_cardtext.py::test_round_trip_of_every_keyword``), so this
    is what the parser would build.  Any other spelling, and every error, is the parser's.
    """
    shapes = _shapes()
    kw: Keyword | None = None
    try:
        cls = shapes.plain.get(text)
        if cls is not None:
            kw = cls(line=line, column=column)
        elif text[:1] == "[":
            close = text.find("] ")
            cls = shapes.conditioned.get(text[close + 2:]) if close > 0 else None
            if cls is not None:
                kw = cls(condition=text[1:close], line=line, column=column)
        elif text[-1:] == '"':
            opening = text.find(' "')
            if opening > 0 and text.count('"') == 2 and "\\" not in text:
                named = shapes.quoted.get(text[:opening])
                if named is not None:
                    kw = named[0](**{named[1]: text[opening + 2:-1]}, line=line, column=column)
        else:
            head, _, last = text.rpartition(" ")
            if is_digits(last):
                cls = shapes.numeric.get(head)
                if cls is not None:
                    kw = cls(value=int(last), line=line, column=column)
            elif last == "MP":
                head, _, number = head.rpartition(" ")
                if head == Raepites.keyword and is_digits(number):
                    kw = Raepites(mp=int(number), line=line, column=column)
            elif head == Antissjaras.keyword and last in ROMAN_LEVELS:
                kw = Antissjaras(level=ROMAN_LEVELS.index(last) + 1, line=line, column=column)
    except (ValueError, TypeError):  # a value the keyword does not take: the parser says why
        return None
    return kw if kw is not None and kw.render() == text else None


@dataclass(frozen=True)
class _Shapes:
    """The keyword classes by the shape of their canonical text (:func:`_canonical_keyword`)."""

    plain: dict[str, type[Any]]  # the keyword alone (a [condition] left out)
    conditioned: dict[str, type[Any]]  # [condition] KEYWORD
    quoted: dict[str, tuple[type[Any], str]]  # KEYWORD "text": the class and its text's field
    numeric: dict[str, type[Any]]  # KEYWORD N


@cache
def _shapes() -> _Shapes:
    from dataclasses import fields  # lazy: once, at the first keyword line

    shapes = _Shapes({}, {}, {}, {})
    twice: set[str] = set()
    for cls in dict.fromkeys(_RULES.values()):
        if not cls.keyword:
            continue
        names = tuple(f.name for f in fields(cls) if f.name not in ("line", "column"))
        if names in ((), ("condition",)):
            if shapes.plain.setdefault(cls.keyword, cls) is not cls:
                twice.add(cls.keyword)  # two classes, one text: the parser tells them apart
        if names == ("condition",):
            shapes.conditioned[cls.keyword] = cls
        elif names in (("text",), ("name",)):
            shapes.quoted[cls.keyword] = (cls, names[0])
        elif names == ("value",):
            shapes.numeric[cls.keyword] = cls
    for text in twice:
        del shapes.plain[text]
    return shapes


#: A beast line of two or three values on one line, as printed: `SZÁM 2 TÁMADÁS 6 SEBZÉS 3` (in any order;
#: blanks, or a comma, semicolon or slash with blanks, between them).
_BEAST_VALUE = r"(SZ[AÁ]M|T[AÁ]MAD[AÁ]S|SEBZ[EÉ]S)[ \t\u00a0]+[0-9]+"
_BEAST_LINE = re.compile(rf"[ \t\u00a0]*{_BEAST_VALUE}(?:[ \t\u00a0]*[,;/]?[ \t\u00a0]*{_BEAST_VALUE}){{1,2}}[ \t\u00a0]*",
                         re.IGNORECASE)
_BEAST_PART = re.compile(_BEAST_VALUE, re.IGNORECASE)


def _beast_parts(raw: str) -> list[str] | None:
    """The values of a one-line beast line, each as a line of its own padded with blanks to its column
    (so that its findings stand where it is written); ``None`` for any other line.

    >>> _beast_parts("SZÁM 2 TÁMADÁS 6, SEBZÉS 3")
    ['SZÁM 2', '       TÁMADÁS 6', '                  SEBZÉS 3']
    """
    if _BEAST_LINE.fullmatch(raw) is None:
        return None
    return [" " * m.start() + m.group() for m in _BEAST_PART.finditer(raw)]


#: Whether the plain free-text line skips the parser (off only in tests that compare both paths).
_FAST_FREE_TEXT = True


def _plain_free_text(raw: str, line_no: int, first_column: int) -> FreeText | None:
    """The line *raw* as the grammar would read it when it is plain free text (``"…"`` with no
    quote or backslash inside, NFC, no forbidden character), placed at *line_no*; else ``None``.

    The commonest line of all, and unique to its card: built here without the parser, the
    line memo or the column map (``tests/grammar/test_cardtext_fast.py`` checks both paths agree).
    """
    stripped = raw.strip(_BLANKS)
    if len(raw) > MAX_LINE_CHARS or not _is_plain_free_text(stripped) or FORBIDDEN_CHARACTERS.search(raw) \
            or not unicodedata.is_normalized("NFC", stripped):
        return None
    text = stripped[1:-1].strip()  # NFC already (a quote composes with nothing), no forbidden character
    if not text:
        return None  # the grammar path reports the empty text
    free = object.__new__(FreeText)  # what FreeText(text, …) makes, without checking again what was checked
    free.__dict__.update(text=text, line=line_no, column=first_column + len(raw) - len(raw.lstrip(_BLANKS)))
    return free


def _is_plain_free_text(text: str) -> bool:
    return len(text) >= 2 and text[0] == '"' and text[-1] == '"' and text.count('"') == 2 and "\\" not in text


# ----------------------------------------------------------- building keywords


def _build(ctx: _Context, line: _Line, tree: Tree[Token]) -> Keyword | None:
    from lark import Token, Tree  # lazy: with the parser

    node = tree.children[0]
    assert isinstance(node, Tree)
    cls = _RULES[str(node.data)]
    tokens: list[Token] = []
    condition: Token | None = None
    for child in node.children:
        if isinstance(child, Tree):  # the [condition]
            cond = child.children[0]
            assert isinstance(cond, Token)
            condition = cond
        else:
            tokens.append(child)
    errors_before = ctx.errors
    kwargs: dict[str, object] = {}
    for tok in tokens:
        kind = tok.type
        if kind in _TERMINALS or kind == "MP":
            _check_spelling(ctx, line, tok, "MP" if kind == "MP" else cls.keyword, cls)
        elif kind == "NUMBER":
            if cls is Antissjaras:
                kwargs["level"] = _level_from_digits(ctx, line, tok)
            else:
                field_name = {Szellem: "rounds", Raepites: "mp"}.get(cls, "value")
                kwargs[field_name] = _number(ctx, line, tok, cls)
        elif kind == "ROMAN":
            kwargs["level"] = _level_from_roman(ctx, line, tok)
        elif kind == "CIRCLED":
            kwargs["rounds"] = _CIRCLED[str(tok)]
        elif kind in ("STRING", "CURLY_STRING", "NAME"):
            value = _unquote(str(tok)) if kind != "NAME" else str(tok)
            _check_text(ctx, line, tok, value, cls)
            kwargs["name" if cls is IgazNev else "text"] = value
    if condition is not None:
        value = str(condition).strip(_BLANKS)
        if not value.strip():
            ctx.add(
                CODE_VALUE,
                line.number,
                line.column(_start(condition)),
                f"the [condition] of {cls.keyword} is empty",
                f"a(z) {cls.keyword} [feltétele] üres",
                rule=cls.rule,
            )
        kwargs["condition"] = value
    if ctx.errors > errors_before:
        return None
    try:
        return cls(**kwargs, line=line.number, column=line.column(0))
    except ValueError as exc:  # the parser's checks above should have caught it
        ctx.add(
            CODE_VALUE, line.number, line.column(0), str(exc), str(exc), rule=cls.rule
        )
        return None


def _start(tok: Token) -> int:
    return tok.start_pos if tok.start_pos is not None else 0


def _end(tok: Token) -> int:
    return tok.end_pos if tok.end_pos is not None else _start(tok) + len(tok)


def _check_spelling(ctx: _Context, line: _Line, tok: Token, canonical: str, cls: type[Keyword]) -> None:
    written = line.original(_start(tok), _end(tok))
    if _BLANK_RUN.sub(" ", written) == canonical:
        return
    ctx.add(
        CODE_SPELLING,
        line.number,
        line.column(_start(tok)),
        f"{written!r} is written {canonical!r}",
        f"{written!r} helyesen: {canonical!r}",
        rule=cls.rule,
        severity=Severity.WARNING,
    )


def _number(ctx: _Context, line: _Line, tok: Token, cls: type[Keyword]) -> int | None:
    digits = str(tok)
    low: int = getattr(cls, "min_value", 0)
    high: int = getattr(cls, "max_value", 99)
    value = int(digits) if len(digits) <= 6 else None
    if value is None or not low <= value <= high:
        shown = digits if len(digits) <= 12 else digits[:12] + "…"
        ctx.add(
            CODE_VALUE,
            line.number,
            line.column(_start(tok)),
            f"{cls.keyword} takes a number from {low} to {high}, not {shown}",
            f"a(z) {cls.keyword} értéke {low} és {high} közötti szám lehet, nem {shown}",
            rule=cls.rule,
        )
        return None
    if digits != str(value):
        ctx.add(
            CODE_SPELLING,
            line.number,
            line.column(_start(tok)),
            f"{digits!r} is written {str(value)!r}",
            f"{digits!r} helyesen: {str(value)!r}",
            rule=cls.rule,
            severity=Severity.WARNING,
        )
    return value


def _level_problem(ctx: _Context, line: _Line, tok: Token) -> None:
    ctx.add(
        CODE_VALUE,
        line.number,
        line.column(_start(tok)),
        f"ANTISSJÁRÁS takes a level from I to V, not {str(tok)!r}",
        f"az ANTISSJÁRÁS szintje I és V közötti lehet, nem {str(tok)!r}",
        rule=Antissjaras.rule,
    )


def _level_from_roman(ctx: _Context, line: _Line, tok: Token) -> int | None:
    written = str(tok)
    canonical = written.upper()
    if canonical not in ROMAN_LEVELS:
        _level_problem(ctx, line, tok)
        return None
    if written != canonical:
        _level_spelling(ctx, line, tok, canonical)
    return ROMAN_LEVELS.index(canonical) + 1


def _level_from_digits(ctx: _Context, line: _Line, tok: Token) -> int | None:
    digits = str(tok)
    if len(digits) > 2 or not 1 <= int(digits) <= len(ROMAN_LEVELS):
        _level_problem(ctx, line, tok)
        return None
    level = int(digits)
    _level_spelling(ctx, line, tok, ROMAN_LEVELS[level - 1])
    return level


def _level_spelling(ctx: _Context, line: _Line, tok: Token, canonical: str) -> None:
    ctx.add(
        CODE_SPELLING,
        line.number,
        line.column(_start(tok)),
        f"the ANTISSJÁRÁS level {str(tok)!r} is written {canonical!r}",
        f"az ANTISSJÁRÁS {str(tok)!r} szintje helyesen: {canonical!r}",
        rule=Antissjaras.rule,
        severity=Severity.WARNING,
    )


def _unquote(quoted: str) -> str:
    r"""The text inside quotes, with ``\"`` and ``\\`` undone (the grammar allows no other escape)."""
    body = quoted[1:-1]
    if "\\" not in body:
        return body
    return re.sub(r"\\(.)", r"\1", body)


def _check_text(ctx: _Context, line: _Line, tok: Token, value: str, cls: type[Keyword]) -> None:
    problem = text_problem(unicodedata.normalize("NFC", value).strip())
    if problem is None:
        return
    what = "name" if cls is IgazNev else "text"
    what_hu = "neve" if cls is IgazNev else "szövege"
    owner = cls.keyword or "free ability text"
    owner_hu = cls.keyword or "a szabad képességszöveg"
    ctx.add(
        CODE_VALUE,
        line.number,
        line.column(_start(tok)),
        f"the {what} of {owner} is empty" if cls.keyword else "free ability text is empty",
        f"a(z) {owner} {what_hu} üres" if cls.keyword else f"{owner_hu} üres",
        rule=cls.rule,
    )


# ---------------------------------------------------------------- syntax errors

# Terminal -> (English, Hungarian) description, in the order they are listed.
_EXPECTED: dict[str, tuple[str, str]] = {
    "_LBRACKET": ("'['", "'['"),
    "STRING": ("quoted text", "idézőjeles szöveg"),
    "CIRCLED": ("a circled number", "karikás szám"),
    "_SP": ("a space", "szóköz"),
    "DASH": ("'–'", "'–'"),
    "NUMBER": ("a number", "szám"),
    "ROMAN": ("a level I–V", "I–V szint"),
    "NAME": ("a name", "név"),
    "COND": ("a condition", "feltétel"),
    "_RBRACKET": ("']'", "']'"),
    "MP": ("'MP'", "'MP'"),
    "$END": ("end of line", "sor vége"),
}
_SYNONYMS = {"CURLY_STRING": "STRING", "<END-OF-FILE>": "$END"}


def _describe_expected(names: Sequence[str] | set[str] | frozenset[str]) -> tuple[str, str]:
    wanted = {_SYNONYMS.get(n, n) for n in names}
    if "ROMAN" in wanted:  # digits are read too, but a level is written in roman numerals
        wanted.discard("NUMBER")
    keywords = [n for n in _TERMINALS if n in wanted]
    en: list[str] = []
    hu: list[str] = []
    if len(keywords) > 3:
        en.append("a keyword")
        hu.append("kulcsszó")
    else:
        for n in keywords:
            spelling = _TERMINALS[n].keyword
            en.append(repr(spelling))
            hu.append(repr(spelling))
    for n, (d_en, d_hu) in _EXPECTED.items():
        if n in wanted:
            en.append(d_en)
            hu.append(d_hu)
    if not en:
        return "", ""
    return _join(en, "or"), _join(hu, "vagy")


def _join(items: list[str], word: str) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


def _describe_at(text: str, pos: int) -> tuple[str, str]:
    """What stands at *pos*: a word, a number or one character, for 'unexpected …'."""
    if pos >= len(text):
        return "end of line", "sorvég"
    m = _WORD.match(text, pos)
    chunk = m.group() if m else text[pos]
    if len(chunk) > 20:
        chunk = chunk[:20] + "…"
    shown = repr(chunk)
    if len(chunk) == 1 and (chunk.isspace() or not chunk.isprintable() or unicodedata.category(chunk)[0] in "MC"):
        shown += f" ({_char_name(chunk)})"
    return shown, shown


def _line_keyword(text: str) -> tuple[int, type[Keyword] | None, bool]:
    """Where the line's keyword stands (after a [condition]), which keyword class
    matches there as a whole word, and whether a word stands there at all."""
    start = 0
    if text.startswith("["):
        close = text.find("]")
        if close < 0:
            return 0, None, False
        start = close + 1
        while start < len(text) and text[start] in _BLANKS:
            start += 1
    if text[start : start + 1] in _CIRCLED:
        return start, Szellem, True
    for name, rx in _keyword_patterns():
        m = rx.match(text, start)
        if m and (m.end() == len(text) or not text[m.end()].isalpha()):
            cls = _TERMINALS[name]
            if cls is AntissSymbol and text[m.end() :].strip(_BLANKS):
                cls = AntissAbility
            return start, cls, True
    return start, None, bool(_head_words(text, start))


def _report_syntax(ctx: _Context, line: _Line, exc: UnexpectedInput) -> None:
    text = line.text
    where = fault(text, exc)
    pos, expected = where.pos, set(where.expected)
    if pos < len(text) and text[pos] in _BLANKS and "_SP" not in expected:
        # `FAL 3 x`: the blank is fine, what follows it is not.
        while pos < len(text) and text[pos] in _BLANKS:
            pos += 1
    if not expected:
        expected = {"$END"}

    head_start, known, has_word = _line_keyword(text)
    if known is None and has_word and pos >= head_start:
        _report_unknown(ctx, line, head_start)
        return
    rule = known.rule if known is not None else None

    ch = text[pos] if pos < len(text) else ""
    if ch and ch in "\"\u201c\u201e" and ({"STRING", "CURLY_STRING"} & expected):
        if _report_bad_string(ctx, line, pos, rule):
            return

    unexpected_en, unexpected_hu = _describe_at(text, pos)
    want_en, want_hu = _describe_expected(expected)
    en = f"unexpected {unexpected_en}"
    hu = f"váratlan {unexpected_hu}"
    if want_en:
        en += f"; expected {want_en}"
        hu += f"; várt: {want_hu}"
    if ch == "#":
        en += " (card text has no comments)"
        hu += " (a lap szövegében nincs megjegyzés)"
    if expected == {"_RBRACKET"} and "[" in text:
        col = line.column(text.index("["))
        en += f" (the '[' at column {col} is not closed)"
        hu += f" (a(z) {col}. oszlopban nyitott '[' nincs lezárva)"
    snippet = line.snippet(pos)
    ctx.add(CODE_SYNTAX, line.number, line.column(pos), en + snippet, hu + snippet, rule=rule)


def _report_bad_string(ctx: _Context, line: _Line, pos: int, rule: str | None) -> bool:
    """Explain quoted text that failed to lex: a bad escape or no closing quote."""
    text = line.text
    opener = text[pos]
    closers = '"' if opener == '"' else "\u201c\u201d"
    i = pos + 1
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            nxt = text[i + 1 : i + 2]
            if nxt not in ('"', "\\"):
                shown = repr("\\" + nxt)
                snippet = line.snippet(i)
                ctx.add(
                    CODE_SYNTAX,
                    line.number,
                    line.column(i),
                    f"invalid escape {shown} in quoted text; only \\\" and \\\\ are escapes" + snippet,
                    f"érvénytelen {shown} a szövegben; csak \\\" és \\\\ megengedett" + snippet,
                    rule=rule,
                )
                return True
            i += 2
            continue
        if ch in closers:
            return False
        if opener != '"' and ch in "\u201e":
            break
        i += 1
    snippet = line.snippet(pos)
    col = line.column(pos)
    closing = '"' if opener == '"' else "\u201d"
    ctx.add(
        CODE_SYNTAX,
        line.number,
        col,
        f"quoted text opened at column {col} is not closed (expected {closing!r})" + snippet,
        f"a(z) {col}. oszlopban kezdődő idézőjeles szöveg nincs lezárva (hiányzik: {closing!r})" + snippet,
        rule=rule,
    )
    return True


def _head_words(text: str, start: int) -> list[str]:
    """The words of letters at *start*, separated by blanks: what should be a keyword."""
    words: list[str] = []
    i = start
    while i < len(text) and text[i].isalpha():
        j = i
        while j < len(text) and text[j].isalpha():
            j += 1
        words.append(text[i:j])
        if j < len(text) and text[j] not in _BLANKS:
            break
        while j < len(text) and text[j] in _BLANKS:
            j += 1
        i = j
    return words


@cache
def _folded_spellings() -> tuple[tuple[str, str, int], ...]:
    return tuple((s, fold(s), len(s.split())) for s in _SPELLINGS)


def _did_you_mean(words: list[str]) -> str | None:
    """The canonical keyword closest to the first words (accent- and case-blind), if close enough."""
    best_ratio, best = 0.6, None
    folded_heads: dict[int, str] = {}
    matcher = difflib.SequenceMatcher()
    for spelling, folded, n in _folded_spellings():
        head = folded_heads.get(n)
        if head is None:
            head = folded_heads[n] = fold(" ".join(words[:n]))
        matcher.set_seqs(head, folded)
        if matcher.real_quick_ratio() < best_ratio or matcher.quick_ratio() < best_ratio:
            continue
        ratio = matcher.ratio()
        if ratio > best_ratio or (best is None and ratio >= best_ratio):
            best_ratio, best = ratio, spelling
    return best


_CONDITIONED = {fold(c.keyword): c.keyword for c in (Hatas, Csatlos)}


def _report_unknown(ctx: _Context, line: _Line, start: int) -> None:
    words = _head_words(line.text, start)
    head = " ".join(words)
    best = _did_you_mean(words)
    shown = head if len(head) <= 40 else head[:40] + "…"
    en = f"unknown keyword {shown!r}"
    hu = f"ismeretlen kulcsszó: {shown!r}"
    rule = None
    conditioned = _CONDITIONED.get(fold(words[-1])) if len(words) > 1 else None
    if conditioned is not None:
        fixed = f"[{' '.join(words[:-1])}] {conditioned}"
        en += f"; a condition is written in brackets: {fixed!r}"
        hu += f"; a feltétel szögletes zárójelbe kerül: {fixed!r}"
    elif best is not None:
        en += f"; did you mean {best!r}?"
        hu += f"; erre gondoltál: {best!r}?"
    else:
        en += "; free ability text is written in quotes"
        hu += "; a szabad képességszöveget idézőjelek közé kell írni"
        if len(line.stripped) <= 60 and '"' not in line.stripped:
            en += f": \"{line.stripped}\""
            hu += f": \"{line.stripped}\""
    snippet = line.snippet(start)
    ctx.add(CODE_UNKNOWN, line.number, line.column(start), en + snippet, hu + snippet, rule=rule)

