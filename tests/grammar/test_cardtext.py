"""The card-text language: korbiro/grammar/card.lark, cardtext.py, grammar/keywords.py.

The canonical forms are those of docs/card-text.md; other engineers write card
data against them, so every one of them is pinned here.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from layout import ROOT

from korbiro.base.errors import RulesSyntaxError
from korbiro.base.findings import Finding, Severity
from korbiro.grammar import cardtext, prebuilt
from korbiro.grammar.cardtext import (
    CODE_SPELLING,
    CODE_SYNTAX,
    CODE_TOO_LONG,
    CODE_UNKNOWN,
    CODE_VALUE,
    CardText,
    check_card_text,
    parse_card_text,
)
from korbiro.grammar.keywords import (
    CARD_TYPES,
    KEYWORD_CLASSES,
    KEYWORDS,
    Akadalyok,
    Akaratatvitel,
    Allando,
    AntissAbility,
    Antissjaras,
    AntissSymbol,
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
    text_problem,
)

# --------------------------------------------------------------------------
# canonical forms (the table of docs/card-text.md)

CANONICAL: list[tuple[str, Keyword]] = [
    ("FAL 3", Fal(3)),
    ('IGAZ NÉV "Airun al Marem"', IgazNev("Airun al Marem")),
    ("EXPEDÍCIÓ 2", Expedicio(2)),
    ("AKARATÁTVITEL 3", Akaratatvitel(3)),
    ("TÚLÜTÉS 2", Tulutes(2)),
    ("HÁTAS", Hatas()),
    ("[Toroni] HÁTAS", Hatas("Toroni")),
    ("KINCS 4", Kincs(4)),
    ("CSATLÓS", Csatlos()),
    ("[Tolvaj] CSATLÓS", Csatlos("Tolvaj")),
    ("ŐSERŐ", Osero()),
    ("RAKTÁROZANDÓ KÜLDETÉS", RaktarozandoKuldetes()),
    ("EGY JÁTÉKOS LEGFELJEBB EGY ILYEN ÉPÍTMÉNYT IRÁNYÍTHAT", EgyIlyenEpitmeny()),
    ("JÁTÉKOSA PAKLIJÁBAN NEM LEHET MÁS ERŐFORRÁS", NincsMasEroforras()),
    ("A KÉPESSÉG BESTIA AKTIVIZÁLÁSNAK MINŐSÜL", BestiaAktivizalas()),
    ("KINCSKERESÉS 3", Kincskereses(3)),
    ("NEM SZAKÍTHAT MEG IDŐFONALAT", NemSzakithatMegIdofonalat()),
    ("HATALOMSZÓ", Hatalomszo()),
    ("SZOLGA NYELV", SzolgaNyelv()),
    ("NEMES NYELV", NemesNyelv()),
    ("TITKOS NYELV", TitkosNyelv()),
    ('NEGATÍV HATÁS "Elszenved 1 sebzést."', NegativHatas("Elszenved 1 sebzést.")),
    ("PUSZTAKEZES KOMBINÁCIÓ 5", PusztakezesKombinacio(5)),
    ("MOZAIK VARÁZSLAT", MozaikVarazslat()),
    ("ANTISS", AntissSymbol()),
    ("ANTISSJÁRÁS II", Antissjaras(2)),
    ('ANTISS "Az antisson éberen marad."', AntissAbility("Az antisson éberen marad.")),
    ('ÁLLANDÓ "+1 Fizikum."', Allando("+1 Fizikum.")),
    ('SZELLEM 3 "Kísért."', Szellem(3, "Kísért.")),
    ("RÁÉPÍTÉS 2 MP", Raepites(2)),
    ("AKADÁLYOK 2", Akadalyok(2)),
    ("SZÁM 2", Szam(2)),
    ("TÁMADÁS 6", Tamadas(6)),
    ("SEBZÉS 3", Sebzes(3)),
    ("SORSFORDÍTÓ", Sorsfordito()),
    ("PORTYÁZÁS", Portyazas()),
    ('"Húzz egy lapot."', FreeText("Húzz egy lapot.")),
]

# Accepted alternatives: (line, object, canonical rendering).
ALTERNATIVES: list[tuple[str, Keyword, str]] = [
    ("IGAZ NÉV – Airun al Marem", IgazNev("Airun al Marem"), 'IGAZ NÉV "Airun al Marem"'),
    ("IGAZ NÉV - Airun al Marem", IgazNev("Airun al Marem"), 'IGAZ NÉV "Airun al Marem"'),
    ("IGAZ NÉV—A Sötét Térítő", IgazNev("A Sötét Térítő"), 'IGAZ NÉV "A Sötét Térítő"'),
    ('IGAZ NÉV – "Airun al Marem"', IgazNev("Airun al Marem"), 'IGAZ NÉV "Airun al Marem"'),
    ('③ "Kísért."', Szellem(3, "Kísért."), 'SZELLEM 3 "Kísért."'),
    ('①"x"', Szellem(1, "x"), 'SZELLEM 1 "x"'),
    ('⑳ "x"', Szellem(20, "x"), 'SZELLEM 20 "x"'),
    ('❷ "x"', Szellem(2, "x"), 'SZELLEM 2 "x"'),
    ("ÁLLANDÓ „+1 Fizikum.”", Allando("+1 Fizikum."), 'ÁLLANDÓ "+1 Fizikum."'),
    ("ÁLLANDÓ “+1 Fizikum.”", Allando("+1 Fizikum."), 'ÁLLANDÓ "+1 Fizikum."'),
    ('„Mondd: "igen".”', FreeText('Mondd: "igen".'), '"Mondd: \\"igen\\"."'),
    ('"a \\"b\\" \\\\ c"', FreeText('a "b" \\ c'), '"a \\"b\\" \\\\ c"'),
    ('"  szóközök  "', FreeText("szóközök"), '"szóközök"'),
    ("[ Toroni ] HÁTAS", Hatas("Toroni"), "[Toroni] HÁTAS"),
    ("[Toroni Tolvaj]CSATLÓS", Csatlos("Toroni Tolvaj"), "[Toroni Tolvaj] CSATLÓS"),
    ("FAL  3", Fal(3), "FAL 3"),
    ("\tFAL\t3 \t", Fal(3), "FAL 3"),
    ("FAL\u00a03", Fal(3), "FAL 3"),
    ("NEM  SZAKÍTHAT MEG\tIDŐFONALAT", NemSzakithatMegIdofonalat(), "NEM SZAKÍTHAT MEG IDŐFONALAT"),
    ("FAL 0", Fal(0), "FAL 0"),
    ("FAL 99", Fal(99), "FAL 99"),
    ("ANTISSJÁRÁS I", Antissjaras(1), "ANTISSJÁRÁS I"),
    ("ANTISSJÁRÁS V", Antissjaras(5), "ANTISSJÁRÁS V"),
    ('SZELLEM 99 "x"', Szellem(99, "x"), 'SZELLEM 99 "x"'),
    ("RÁÉPÍTÉS 0 MP", Raepites(0), "RÁÉPÍTÉS 0 MP"),
    # decomposed accents (NFD) read as the composed letters
    ("KINCSKERESE\u0301S 2", Kincskereses(2), "KINCSKERESÉS 2"),
    ('"Tu\u0308ko\u0308r"', FreeText("Tükör"), '"Tükör"'),
]


@pytest.mark.parametrize(("line", "expected"), CANONICAL, ids=[c[0] for c in CANONICAL])
def test_canonical_form_parses_to_its_class(line: str, expected: Keyword) -> None:
    ct = parse_card_text(line)
    assert list(ct) == [expected]
    (k,) = ct
    assert type(k) is type(expected)
    assert k.line == 1 and k.column == 1
    assert ct.warnings == ()
    assert k.render() == line
    assert ct.render() == line


def test_every_keyword_class_has_a_canonical_case() -> None:
    assert {type(k) for _, k in CANONICAL} == set(KEYWORD_CLASSES)


@pytest.mark.parametrize(("line", "expected", "canonical"), ALTERNATIVES, ids=[a[0] for a in ALTERNATIVES])
def test_accepted_alternatives(line: str, expected: Keyword, canonical: str) -> None:
    ct, findings = check_card_text(line)
    assert ct is not None, findings
    assert list(ct) == [expected]
    assert ct.render() == canonical
    assert [f for f in findings if f.code != CODE_SPELLING] == []


def test_docs_table_lists_the_canonical_forms() -> None:
    doc = (ROOT / "docs" / "card-text.md").read_text(encoding="utf-8")
    for line, _ in CANONICAL:
        first = line.split('"')[0].strip()
        if first:
            assert f"`{first}" in doc, line


# --------------------------------------------------------------------------
# spelling warnings


SPELLINGS: list[tuple[str, Keyword, str, str, int]] = [
    # line, object, written, canonical, column of the warning
    ("kincskereses 2", Kincskereses(2), "kincskereses", "KINCSKERESÉS", 1),
    ("EXPEDICIO 2", Expedicio(2), "EXPEDICIO", "EXPEDÍCIÓ", 1),
    ('Igaz Név "X"', IgazNev("X"), "Igaz Név", "IGAZ NÉV", 1),
    ("OSERO", Osero(), "OSERO", "ŐSERŐ", 1),
    ("ÖSERÖ", Osero(), "ÖSERÖ", "ŐSERŐ", 1),
    ("ÕSERÕ", Osero(), "ÕSERÕ", "ŐSERŐ", 1),
    ("[Toroni] hátas", Hatas("Toroni"), "hátas", "HÁTAS", 10),
    ("Hatalomszo", Hatalomszo(), "Hatalomszo", "HATALOMSZÓ", 1),
    ("nem szakithat meg idofonalat", NemSzakithatMegIdofonalat(), "nem szakithat meg idofonalat",
     "NEM SZAKÍTHAT MEG IDŐFONALAT", 1),
    ('allando "x"', Allando("x"), "allando", "ÁLLANDÓ", 1),
    ("FAL 03", Fal(3), "03", "3", 5),
    ("ANTISSJÁRÁS 2", Antissjaras(2), "2", "II", 13),
    ("ANTISSJÁRÁS iv", Antissjaras(4), "iv", "IV", 13),
    ("RÁÉPÍTÉS 2 mp", Raepites(2), "mp", "MP", 12),
    ("K\u0130NCS 4", Kincs(4), "K\u0130NCS", "KINCS", 1),  # dotted capital I
]


@pytest.mark.parametrize(("line", "expected", "written", "canonical", "column"), SPELLINGS,
                         ids=[s[0] for s in SPELLINGS])
def test_spelling_warning(line: str, expected: Keyword, written: str, canonical: str, column: int) -> None:
    ct = parse_card_text(line, path="s.yaml", first_line=5)
    assert list(ct) == [expected]
    (w,) = ct.warnings
    assert w.code == CODE_SPELLING
    assert w.severity is Severity.WARNING
    assert (w.file, w.line, w.column) == ("s.yaml", 5, column)
    assert w.rule == type(expected).rule
    assert w.message.endswith(f"is written {canonical!r}")
    assert repr(written) in w.message
    assert canonical in w.text("hu")
    _, findings = check_card_text(line)
    assert [f.code for f in findings] == [CODE_SPELLING]


def test_lower_case_level_and_keyword_give_two_warnings() -> None:
    ct = parse_card_text("antissjárás ii")
    assert list(ct) == [Antissjaras(2)]
    assert [(w.column, w.message) for w in ct.warnings] == [
        (1, "'antissjárás' is written 'ANTISSJÁRÁS'"),
        (13, "the ANTISSJÁRÁS level 'ii' is written 'II'"),
    ]


# --------------------------------------------------------------------------
# unknown keywords


UNKNOWN: list[tuple[str, int, str]] = [
    ("KINCSKERESS 2", 1, "unknown keyword 'KINCSKERESS'; did you mean 'KINCSKERESÉS'?"),
    ("KINCSX 4", 1, "unknown keyword 'KINCSX'; did you mean 'KINCS'?"),
    ('IGAZ NEVE "X"', 1, "unknown keyword 'IGAZ NEVE'; did you mean 'IGAZ NÉV'?"),
    ("EXPEDITION 2", 1, "unknown keyword 'EXPEDITION'; did you mean 'EXPEDÍCIÓ'?"),
    ("FÁL 3", 1, "unknown keyword 'FÁL'; did you mean 'FAL'?"),
    ("ANTISSX", 1, "unknown keyword 'ANTISSX'; did you mean 'ANTISS'?"),
    ("NEM SZAKITHAT MEG IDOFONALT", 1,
     "unknown keyword 'NEM SZAKITHAT MEG IDOFONALT'; did you mean 'NEM SZAKÍTHAT MEG IDŐFONALAT'?"),
    ("raktarozando kuldetesek", 1,
     "unknown keyword 'raktarozando kuldetesek'; did you mean 'RAKTÁROZANDÓ KÜLDETÉS'?"),
    ("  Gain 2 MP", 3, "unknown keyword 'Gain'; free ability text is written in quotes: \"Gain 2 MP\""),
    ("Toroni HÁTAS", 1, "unknown keyword 'Toroni HÁTAS'; a condition is written in brackets: '[Toroni] HÁTAS'"),
    ("[Toroni] HÁTASS", 10, "unknown keyword 'HÁTASS'; did you mean 'HÁTAS'?"),
]


@pytest.mark.parametrize(("line", "column", "message"), UNKNOWN, ids=[u[0] for u in UNKNOWN])
def test_unknown_keyword(line: str, column: int, message: str) -> None:
    ct, findings = check_card_text(line, path="u.yaml", first_line=7, first_column=3)
    assert ct is None
    (f,) = findings
    assert f.code == CODE_UNKNOWN
    assert f.severity is Severity.ERROR
    assert (f.file, f.line, f.column) == ("u.yaml", 7, 2 + column)
    assert f.message.splitlines()[0] == message
    assert f.rule is None
    assert f.text("hu").startswith("ismeretlen kulcsszó")


def test_unknown_keyword_message_has_a_caret() -> None:
    (f,) = check_card_text("FAL 3\n  Gain 2 MP")[1]
    assert f.message.splitlines()[1:] == ["    Gain 2 MP", "    ^"]


# --------------------------------------------------------------------------
# syntax errors: exact line and column


SYNTAX: list[tuple[str, int, int, str | None, str]] = [
    # text, line (of first_line=1), column, rule, first line of the message
    ("FAL x", 1, 5, "2.01", "unexpected 'x'; expected a number"),
    ("FAL3", 1, 4, "2.01", "unexpected '3'; expected a space"),
    ("FAL", 1, 4, "2.01", "unexpected end of line; expected a space"),
    ("FAL ", 1, 4, "2.01", "unexpected end of line; expected a space"),
    ("FAL 3 x", 1, 7, "2.01", "unexpected 'x'; expected end of line"),
    ("FAL 3 # fal", 1, 7, "2.01", "unexpected '#'; expected end of line (card text has no comments)"),
    ("FAL -1", 1, 5, "2.01", "unexpected '-'; expected a number"),
    ("FAL ٣", 1, 5, "2.01", "unexpected '٣'; expected a number"),
    ("3 FAL", 1, 1, None, "unexpected '3'; expected a keyword, '[', quoted text or a circled number"),
    ("KINCSKERESÉS two", 1, 14, "1.14.14", "unexpected 'two'; expected a number"),
    ("ANTISS 3", 1, 8, "8.01.B", "unexpected '3'; expected quoted text"),
    ("ANTISSJÁRÁS", 1, 12, "8.01.A", "unexpected end of line; expected a space"),
    ("ANTISSJÁRÁS L", 1, 13, "8.01.A", "unexpected 'L'; expected a level I–V"),
    ("SZELLEM 3", 1, 10, "11.00.B", "unexpected end of line; expected a space"),
    ("③", 1, 2, "11.00.B", "unexpected end of line; expected quoted text or a space"),
    ("RÁÉPÍTÉS 2", 1, 11, "10.00.C", "unexpected end of line; expected a space"),
    ("RÁÉPÍTÉS 2 DP", 1, 12, "10.00.C", "unexpected 'DP'; expected 'MP'"),
    ("[Toroni] KINCS 3", 1, 10, "2.07", "unexpected 'KINCS'; expected 'HÁTAS' or 'CSATLÓS'"),
    ("[Toroni HÁTAS", 1, 14, None,
     "unexpected end of line; expected ']' (the '[' at column 1 is not closed)"),
    ("[]HÁTAS", 1, 2, "2.06", "unexpected ']'; expected a condition"),
    ('"abc', 1, 1, None, "quoted text opened at column 1 is not closed (expected '\"')"),
    ("„abc", 1, 1, None, "quoted text opened at column 1 is not closed (expected '”')"),
    ('ÁLLANDÓ "a\\nb"', 1, 11, "6.00",
     "invalid escape '\\\\n' in quoted text; only \\\" and \\\\ are escapes"),
    ('"abc" "def"', 1, 7, None, "unexpected '\"'; expected end of line"),
    ("FAL\u30003", 1, 4, "2.01",
     "unexpected '\\u3000' (U+3000 IDEOGRAPHIC SPACE); expected a space"),
    ("IGAZ NÉV -", 1, 11, "2.02", "unexpected end of line; expected quoted text, a space or a name"),
    ("FAL 3\x85", 1, 6, None, "character U+0085 is not allowed in card text"),
    ("FAL\u20283", 1, 4, None, "character U+2028 LINE SEPARATOR is not allowed in card text"),
    ('"a\x00b"', 1, 3, None, "character U+0000 is not allowed in card text"),
    ("FAL 3\ud800", 1, 6, None, "character U+D800 is not allowed in card text"),
]


@pytest.mark.parametrize(("text", "line", "column", "rule", "message"), SYNTAX, ids=[s[0] for s in SYNTAX])
def test_syntax_error_position_and_message(text: str, line: int, column: int, rule: str | None, message: str) -> None:
    ct, findings = check_card_text(text)
    assert ct is None
    (f,) = findings
    assert f.code == CODE_SYNTAX
    assert (f.line, f.column, f.rule) == (line, column, rule)
    assert f.message.splitlines()[0] == message
    with pytest.raises(RulesSyntaxError) as info:
        parse_card_text(text)
    err = info.value
    assert (err.code, err.line, err.column, err.rule) == (CODE_SYNTAX, line, column, rule)
    assert err.findings == [f]


def test_first_line_and_first_column_map_back_to_the_file() -> None:
    text = "KINCS 3\n\nFAL x\n   EXPEDÍCIÓ y\n"
    _, findings = check_card_text(text, path="cards/MINTA.yaml", first_line=41, first_column=7)
    assert [(f.file, f.line, f.column) for f in findings] == [
        ("cards/MINTA.yaml", 43, 11),
        ("cards/MINTA.yaml", 44, 20),
    ]
    assert str(pytest.raises(RulesSyntaxError, parse_card_text, text, path="cards/MINTA.yaml",
                             first_line=41, first_column=7).value).startswith(
        "cards/MINTA.yaml:43:11: unexpected 'x'; expected a number")
    ct = parse_card_text("KINCS 3\n  FAL 2", first_line=10, first_column=9)
    assert [(k.line, k.column) for k in ct] == [(10, 9), (11, 11)]


def test_caret_snippet() -> None:
    (f,) = check_card_text("PUSZTAKEZES KOMBINÁCIÓ x")[1]
    assert f.message == (
        "unexpected 'x'; expected a number\n"
        "  PUSZTAKEZES KOMBINÁCIÓ x\n"
        "                         ^"
    )
    (f,) = check_card_text("\tFAL\tx")[1]
    assert f.message.splitlines()[1:] == ["  \tFAL\tx", "  \t   \t^"]


def test_caret_snippet_of_a_long_line_is_a_window() -> None:
    line = '"' + "a" * 300 + '" x'
    (f,) = check_card_text(line)[1]
    assert f.column == 304
    snippet, caret = f.message.splitlines()[1:]
    assert len(snippet) <= 2 + 80
    assert caret.index("^") == snippet.index("x")


def test_syntax_error_in_decomposed_text_points_at_the_written_column() -> None:
    (f,) = check_card_text('"e\u0301e\u0301" x')[1]
    assert f.column == 8
    assert f.message.splitlines()[0] == "unexpected 'x'; expected end of line"


def test_crlf_and_lone_cr_count_as_line_breaks() -> None:
    _, findings = check_card_text("FAL 3\r\nFAL x\rFAL y")
    assert [(f.line, f.column) for f in findings] == [(2, 5), (3, 5)]


def test_hungarian_messages() -> None:
    (f,) = check_card_text("FAL x")[1]
    assert f.text("hu").splitlines()[0] == "váratlan 'x'; várt: szám"
    assert f.text("en") == f.message
    (f,) = check_card_text("FAL 150")[1]
    assert f.text("hu") == "a(z) FAL értéke 0 és 99 közötti szám lehet, nem 150"


# --------------------------------------------------------------------------
# values


VALUES: list[tuple[str, int, str, str]] = [
    ("FAL 100", 5, "2.01", "FAL takes a number from 0 to 99, not 100"),
    ("KINCS 150", 7, "2.07", "KINCS takes a number from 0 to 99, not 150"),
    ("EXPEDÍCIÓ 1000000", 11, "2.03", "EXPEDÍCIÓ takes a number from 0 to 99, not 1000000"),
    ("TÚLÜTÉS " + "9" * 1500, 9, "2.05", "TÚLÜTÉS takes a number from 0 to 99, not 999999999999…"),
    ('SZELLEM 0 "x"', 9, "11.00.B", "SZELLEM takes a number from 1 to 99, not 0"),
    ('SZELLEM 100 "x"', 9, "11.00.B", "SZELLEM takes a number from 1 to 99, not 100"),
    ("RÁÉPÍTÉS 100 MP", 10, "10.00.C", "RÁÉPÍTÉS takes a number from 0 to 99, not 100"),
    ("ANTISSJÁRÁS VI", 13, "8.01.A", "ANTISSJÁRÁS takes a level from I to V, not 'VI'"),
    ("ANTISSJÁRÁS IIII", 13, "8.01.A", "ANTISSJÁRÁS takes a level from I to V, not 'IIII'"),
    ("ANTISSJÁRÁS X", 13, "8.01.A", "ANTISSJÁRÁS takes a level from I to V, not 'X'"),
    ("ANTISSJÁRÁS 0", 13, "8.01.A", "ANTISSJÁRÁS takes a level from I to V, not '0'"),
    ("ANTISSJÁRÁS 6", 13, "8.01.A", "ANTISSJÁRÁS takes a level from I to V, not '6'"),
    ('""', 1, "", "free ability text is empty"),
    ('"   "', 1, "", "free ability text is empty"),
    ('ÁLLANDÓ ""', 9, "6.00", "the text of ÁLLANDÓ is empty"),
    ('IGAZ NÉV "  "', 10, "2.02", "the name of IGAZ NÉV is empty"),
    ("[ ] CSATLÓS", 2, "2.09", "the [condition] of CSATLÓS is empty"),
]


@pytest.mark.parametrize(("line", "column", "rule", "message"), VALUES, ids=[v[0][:30] for v in VALUES])
def test_value_out_of_range(line: str, column: int, rule: str, message: str) -> None:
    ct, findings = check_card_text(line)
    assert ct is None
    (f,) = findings
    assert (f.code, f.column, f.rule or "", f.message) == (CODE_VALUE, column, rule, message)


@pytest.mark.parametrize("cls", [c for c in KEYWORD_CLASSES if hasattr(c, "min_value")])
def test_constructor_enforces_the_same_range(cls: Any) -> None:
    low, high = cls.min_value, cls.max_value
    args = ("x",) if cls is Szellem else ()
    cls(low, *args)
    cls(high, *args)
    for bad in (low - 1, high + 1, True, "3", 2.0):
        with pytest.raises(ValueError):
            cls(bad, *args)


@pytest.mark.parametrize("bad", ["", "   ", "a\nb", "a\x85", "\u2029", "\ud800"])
def test_constructor_rejects_texts_that_do_not_fit_a_line(bad: str) -> None:
    with pytest.raises(ValueError):
        Allando(bad)
    with pytest.raises(ValueError):
        IgazNev(bad)


def test_constructor_normalises_texts() -> None:
    assert Allando("  a\u0301 ").text == "á"
    assert Hatas(" Toroni ").condition == "Toroni"
    with pytest.raises(ValueError):
        Hatas("[Toroni]")
    with pytest.raises(ValueError):
        Csatlos(" ")


# --------------------------------------------------------------------------
# several lines, several problems


def test_every_line_is_checked_and_every_error_reported() -> None:
    text = "\n".join(
        [
            "kincskereses 2",  # 1 warning
            "FAL x",  # 2 syntax
            "",  # 3 blank
            "Gain 2 MP",  # 4 unknown
            "KINCS 200",  # 5 value
            "NEMES NYELV",  # 6 fine
            '"unterminated',  # 7 syntax
            "x" * 2001,  # 8 too long
        ]
    )
    ct, findings = check_card_text(text, path="m.yaml", first_line=20, first_column=5)
    assert ct is None
    assert [(f.code, f.line, f.column, f.severity.value) for f in findings] == [
        (CODE_SPELLING, 20, 5, "warning"),
        (CODE_SYNTAX, 21, 9, "error"),
        (CODE_UNKNOWN, 23, 5, "error"),
        (CODE_VALUE, 24, 11, "error"),
        (CODE_SYNTAX, 26, 5, "error"),
        (CODE_TOO_LONG, 27, 5, "error"),
    ]
    with pytest.raises(RulesSyntaxError) as info:
        parse_card_text(text, path="m.yaml", first_line=20, first_column=5)
    err = info.value
    assert (err.code, err.path, err.line, err.column) == (CODE_SYNTAX, "m.yaml", 21, 9)
    assert err.findings == [f for f in findings if f.severity is Severity.ERROR]
    assert isinstance(err, ValueError)


def test_a_good_text_keeps_its_warnings_and_order() -> None:
    text = 'KINCSKERESÉS 2\nNEMES NYELV\n\n„Húzz egy lapot.”\nfal 3\n'
    ct = parse_card_text(text)
    assert list(ct) == [Kincskereses(2), NemesNyelv(), FreeText("Húzz egy lapot."), Fal(3)]
    assert [k.line for k in ct] == [1, 2, 4, 5]
    assert [(w.code, w.line) for w in ct.warnings] == [(CODE_SPELLING, 5)]
    assert ct.render() == 'KINCSKERESÉS 2\nNEMES NYELV\n"Húzz egy lapot."\nFAL 3'
    assert parse_card_text(ct.render()) == ct


def test_empty_and_blank_texts() -> None:
    assert parse_card_text("") == CardText(())
    assert parse_card_text("\n  \n\t\n") == CardText(())
    assert check_card_text(" ") == (CardText(()), [])


def test_oversized_text_is_refused_unparsed() -> None:
    text = "FAL 3\n" * 11000  # 66,000 bytes
    ct, findings = check_card_text(text, first_line=3, first_column=4)
    assert ct is None
    assert [(f.code, f.line, f.column) for f in findings] == [(CODE_TOO_LONG, 3, 4)]
    assert findings[0].message == "card text exceeds 64 KiB; it was not parsed"
    assert check_card_text("é" * 33000)[1][0].code == CODE_TOO_LONG  # bytes, not characters


def test_a_long_line_is_refused_but_the_others_are_parsed() -> None:
    ct, findings = check_card_text('"' + "a" * 2000 + '"\nFAL x')
    assert [(f.code, f.line) for f in findings] == [(CODE_TOO_LONG, 1), (CODE_SYNTAX, 2)]
    assert parse_card_text('"' + "a" * 1998 + '"').keywords[0] == FreeText("a" * 1998)


def test_errors_stop_after_a_hundred() -> None:
    ct, findings = check_card_text("x\n" * 30000 + "FAL 3", first_line=2)
    assert ct is None
    assert len(findings) == cardtext.MAX_ERRORS + 1
    assert {f.code for f in findings[:-1]} == {CODE_UNKNOWN}
    last = findings[-1]
    assert (last.code, last.line) == (cardtext.CODE_TOO_MANY, 2 + cardtext.MAX_ERRORS)
    assert last.message == "stopped after 100 errors; the rest of the text was not checked"


def test_invisible_characters_are_named() -> None:
    (f,) = check_card_text("FAL\u200b3")[1]
    assert f.message.splitlines()[0] == "unexpected '\\u200b' (U+200B ZERO WIDTH SPACE); expected a space"
    (f,) = check_card_text("FAL \u03013")[1]
    assert f.message.splitlines()[0] == (
        "unexpected '\u0301' (U+0301 COMBINING ACUTE ACCENT); expected a number"
    )


@pytest.mark.parametrize("value", [None, 3, b"FAL 3", ["FAL 3"]])
def test_text_that_is_not_a_string(value: object) -> None:
    ct, findings = check_card_text(value)  # type: ignore[arg-type]
    assert ct is None
    assert [f.code for f in findings] == [CODE_SYNTAX]
    with pytest.raises(RulesSyntaxError):
        parse_card_text(value)  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# CardText


def test_card_text_helpers() -> None:
    ct = parse_card_text('HATALOMSZÓ\nANTISS\nÁLLANDÓ "a"\nÁLLANDÓ "b"\nANTISSJÁRÁS IV')
    assert len(ct) == 5
    assert ct.has(Allando) and not ct.has(Fal)
    assert ct.get(Allando) == Allando("a")
    assert ct.get(Fal) is None
    assert ct.get_all(Allando) == (Allando("a"), Allando("b"))
    assert ct.dialect is SzolgaNyelv  # the mark without a dialect (3.05.D)
    assert ct.antissjaras_level == 4
    assert parse_card_text("ANTISS").antissjaras_level == 2  # the symbol counts as II (8.01.A)
    assert parse_card_text("ANTISSJÁRÁS I\nANTISS").antissjaras_level == 2
    assert parse_card_text("FAL 3").antissjaras_level is None
    ct = parse_card_text("HATALOMSZÓ\nTITKOS NYELV")
    assert ct.dialect is TitkosNyelv
    assert ct.has(Dialect) and isinstance(ct.get(Dialect), TitkosNyelv)
    assert parse_card_text("FAL 3").dialect is None


def test_equality_ignores_positions() -> None:
    a = parse_card_text("FAL 3", first_line=1)
    b = parse_card_text("\n\n  FAL 3", first_line=9)
    assert a == b
    assert a.keywords[0].line == 1 and b.keywords[0].line == 11
    assert hash(a.keywords[0]) == hash(b.keywords[0])


# --------------------------------------------------------------------------
# the keyword classes


RULE_ID = re.compile(r"^\d+\.\d{2}(\.[A-Z]|\.\d+)?$")


@pytest.mark.parametrize("cls", KEYWORD_CLASSES, ids=[c.__name__ for c in KEYWORD_CLASSES])
def test_keyword_class_metadata(cls: type[Keyword]) -> None:
    assert dataclasses.is_dataclass(cls)
    assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert KEYWORDS[cls.key] is cls
    if cls is FreeText:
        assert cls.rule is None and cls.keyword == ""
    else:
        assert cls.rule is not None and RULE_ID.match(cls.rule), cls.rule
        assert cls.keyword == cls.keyword.upper() == unicodedata.normalize("NFC", cls.keyword)
        assert cls.rule in (cls.__doc__ or "") or cls.rule.split(".")[0] in (cls.__doc__ or "")
    assert cls.card_types is None or cls.card_types <= set(CARD_TYPES)
    assert set(cls.subtypes_by_type) <= (cls.card_types or set())
    assert len((cls.__doc__ or "").split()) >= 8


def test_registry_keys() -> None:
    assert len(KEYWORDS) == len(KEYWORD_CLASSES) == 35
    assert KEYWORDS['ANTISS "…"'] is AntissAbility and KEYWORDS["ANTISS"] is AntissSymbol
    assert KEYWORDS['"…"'] is FreeText
    assert {c.keyword for c in KEYWORD_CLASSES if c.key != c.keyword} == {"ANTISS", ""}


def test_card_types_and_subtypes_of_the_table() -> None:
    assert Fal.card_types == frozenset({"toronyszint", "építmény"})
    assert IgazNev.card_types is None and Osero.card_types is None and Allando.card_types is None
    assert Hatas.subtypes == frozenset({"bestia"}) and Raepites.subtypes == frozenset({"gépezet"})
    assert NincsMasEroforras.subtypes == frozenset({"erőforrás"})
    assert Akaratatvitel.subtypes is None  # restricted on akadálylap only
    assert dict(Akaratatvitel.subtypes_by_type) == {"akadálylap": {"bestia"}}
    assert Akaratatvitel.allowed_on("kalandozó")
    assert Akaratatvitel.allowed_on("akadálylap", "bestia")
    assert not Akaratatvitel.allowed_on("akadálylap", "csapda")
    assert not Akaratatvitel.allowed_on("akadálylap")
    assert not Akaratatvitel.allowed_on("küldetés")
    assert Tulutes.allowed_on("akciólap", "fegyveres támadás")
    assert Hatas.allowed_on("akadálylap", "bestia") and not Hatas.allowed_on("akadálylap", "gépezet")
    assert Raepites.allowed_on("akadálylap", "gépezet")
    assert FreeText.allowed_on("szövetséges") and FreeText.allowed_on(None)
    assert not Expedicio.allowed_on("kalandozó")


# --------------------------------------------------------------------------
# the grammar


def _unaccented(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))


def test_grammar_is_package_data_and_built_once() -> None:
    assert resources.files("korbiro.grammar").joinpath("card.lark").is_file()
    assert cardtext._parser() is cardtext._parser()
    assert cardtext._parser().options.parser == "lalr"


def test_grammar_keyword_terminals_match_the_registry() -> None:
    parser = cardtext._parser()
    terminals = {t.name: re.compile(t.pattern.to_regexp()) for t in parser.terminals}
    assert set(cardtext._TERMINALS) <= set(terminals)
    for name, cls in cardtext._TERMINALS.items():
        rx = terminals[name]
        for spelling in (cls.keyword, cls.keyword.lower(), _unaccented(cls.keyword), cls.keyword.title()):
            assert rx.fullmatch(spelling), (name, spelling)
    spelled = {cls.keyword for cls in cardtext._TERMINALS.values()}
    assert spelled == {c.keyword for c in KEYWORD_CLASSES if c.keyword}


# --------------------------------------------------------------------------
# property tests

_LINE_CHARS = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"))
_texts = st.text(_LINE_CHARS, min_size=1, max_size=30).filter(
    lambda s: text_problem(unicodedata.normalize("NFC", s).strip()) is None
)
_conditions = _texts.filter(lambda s: "[" not in s and "]" not in s)


def _instances(cls: type[Keyword]) -> st.SearchStrategy[Keyword]:
    kwargs: dict[str, st.SearchStrategy[object]] = {}
    for f in dataclasses.fields(cls):
        if f.name in ("line", "column"):
            continue
        if f.name in ("text", "name"):
            kwargs[f.name] = _texts
        elif f.name == "condition":
            kwargs[f.name] = st.none() | _conditions
        else:
            kwargs[f.name] = st.integers(cls.min_value, cls.max_value)  # type: ignore[attr-defined]
    return st.builds(cls, **kwargs)


_any_keyword = st.one_of([_instances(c) for c in KEYWORD_CLASSES])


@pytest.mark.parametrize("cls", KEYWORD_CLASSES, ids=[c.__name__ for c in KEYWORD_CLASSES])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_round_trip_of_every_keyword(cls: type[Keyword], data: st.DataObject) -> None:
    k = data.draw(_instances(cls))
    line = k.render()
    ct = parse_card_text(line)
    assert list(ct) == [k]
    assert ct.warnings == ()
    assert ct.render() == line
    assert parse_card_text(ct.render()).render() == line


@settings(max_examples=100, deadline=None)
@given(st.lists(_any_keyword, max_size=8))
def test_round_trip_of_whole_texts(keywords: list[Keyword]) -> None:
    ct = CardText(tuple(keywords))
    text = ct.render()
    again = parse_card_text(text)
    assert again == ct
    assert again.render() == text


def _only_syntax_errors_escape(text: str) -> None:
    try:
        result = parse_card_text(text)
    except RulesSyntaxError as err:
        assert err.findings and all(isinstance(f, Finding) for f in err.findings)
        assert all(f.severity is Severity.ERROR for f in err.findings)
        assert all(f.code != cardtext.CODE_INTERNAL for f in err.findings)
        assert err.line is not None and err.column is not None
    else:
        assert isinstance(result, CardText)
        assert parse_card_text(result.render()) == result


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_arbitrary_text_gives_card_text_or_rules_syntax_error(text: str) -> None:
    _only_syntax_errors_escape(text)
    ct, findings = check_card_text(text)
    assert (ct is None) == any(f.severity is Severity.ERROR for f in findings)


@pytest.mark.fuzz
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_arbitrary_text_gives_card_text_or_rules_syntax_error_long(text: str) -> None:
    test_arbitrary_text_gives_card_text_or_rules_syntax_error.hypothesis.inner_test(text=text)


_PIECES = st.sampled_from(
    [c.keyword for c in KEYWORD_CLASSES if c.keyword]
    + ["kincs", "EXPEDICIO", "Őserő", "fal", "[", "]", "[Toroni]", '"', "„", "”", "“", "\\", '\\"', "\\\\",
       " ", "  ", "\t", "\u00a0", "\n", "\r", "0", "3", "03", "99", "100", "9" * 30, "II", "VI", "iv", "MP",
       "mp", "③", "⑳", "❿", "–", "-", "#", "x", "é", "e\u0301", "\u0301", "\x00", "\x85", "\u2028", "\ufeff"]
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=12).map("".join))
def test_keyword_soup_gives_card_text_or_rules_syntax_error(text: str) -> None:
    _only_syntax_errors_escape(text)


@pytest.mark.fuzz
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=12).map("".join))
def test_keyword_soup_gives_card_text_or_rules_syntax_error_long(text: str) -> None:
    test_keyword_soup_gives_card_text_or_rules_syntax_error.hypothesis.inner_test(text=text)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
@given(from_lark(prebuilt._fresh("card.lark", "start"), start="start"))  # the grammar itself, built
def test_lines_generated_from_the_grammar_parse(line: str) -> None:
    ct, findings = check_card_text(line)
    assert {f.code for f in findings} <= {CODE_VALUE, CODE_SPELLING}, findings
    if ct is not None:
        assert len(ct) == 1
        assert parse_card_text(ct.render()) == ct


@pytest.mark.fuzz
@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
@given(from_lark(prebuilt._fresh("card.lark", "start"), start="start"))  # the grammar itself, built
def test_lines_generated_from_the_grammar_parse_long(line: str) -> None:
    test_lines_generated_from_the_grammar_parse.hypothesis.inner_test(line=line)


def test_every_keyword_class_is_a_frozen_dataclass_of_its_own_name() -> None:
    """The keyword classes that add no field inherit their dataclass methods (start-up): each still
    says its own name, compares only with its own class, hashes, and refuses to change."""
    import dataclasses

    from korbiro.grammar import keywords

    classes = [c for c in vars(keywords).values() if isinstance(c, type) and issubclass(c, keywords.Keyword)]
    assert len(classes) >= 30
    for cls in classes:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
    fal, tulutes = keywords.Fal(3), keywords.Tulutes(3)
    assert (repr(fal), fal == keywords.Fal(3), fal == tulutes, hash(fal) == hash(keywords.Fal(3))) == \
        ("Fal(value=3)", True, False, True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fal.value = 4  # type: ignore[misc]
