"""Issue 26, the card-text keywords the DSL did not know: AKADÁLYOK N, the beast line
(SZÁM / TÁMADÁS / SEBZÉS), SORSFORDÍTÓ, PORTYÁZÁS, and ``kw:`` filters that match them."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from korbiro.base.errors import RulesSyntaxError
from korbiro.data.behaviour import Behaviour, read_behaviour
from korbiro.data.cards import Card
from korbiro.data.check import check_database
from korbiro.grammar.behaviour import parse_targets
from korbiro.grammar.cardtext import check_card_text, parse_card_text
from korbiro.grammar.keywords import (
    KEYWORDS,
    Akadalyok,
    BeastLine,
    Keyword,
    NumericKeyword,
    Portyazas,
    Sebzes,
    Sorsfordito,
    Szam,
    Tamadas,
    beast_line,
)
from korbiro.rules.mk.timeline import semantics as sem
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.model import CardState, GameState, Player
from korbiro.rules.mk.timeline.rules import FORMATS


def _state_with(card: Card) -> tuple[GameState, CardState]:
    state = GameState(players={"Anna": Player("Anna")})
    cs = CardState(1, card, "Anna", "Anna", "sor", card.name, behaviour=card.behaviour)
    state.cards[1] = cs
    return state, cs


# ------------------------------------------------------------------ kw: filters (a "Why" point)


@pytest.mark.parametrize("text,value", [
    ("SORSFORDÍTÓ", "SORSFORDÍTÓ"),
    ("SORSFORDÍTÓ", "sorsfordito"),
    ('IGAZ NÉV "Airun al Marem"', "igaz_név"),
    ('IGAZ NÉV "Airun al Marem"', "IGAZ-NEV"),
    ("NEMES NYELV", "nemes_nyelv"),
    ("PORTYÁZÁS", "portyázás"),
])
def test_a_kw_filter_matches_every_keyword_the_dsl_knows(text: str, value: str) -> None:
    """``kw:SORSFORDÍTÓ`` parsed but could never match, and a keyword of two words (``kw:igaz_név``) never did."""
    card = Card("T-1", "Próba", "kalandozó", text=text, keywords=tuple(parse_card_text(text)))
    state, cs = _state_with(card)
    spec = parse_targets(f"1 adventurer kw:{value}")
    assert sem.filters_hold(state, cs, spec.filters) is True
    other = Card("T-2", "Más", "kalandozó", text='"Semmi."', keywords=tuple(parse_card_text('"Semmi."')))
    state2, cs2 = _state_with(other)
    assert sem.filters_hold(state2, cs2, spec.filters) is False


def test_a_kw_filter_naming_no_keyword_is_an_error_with_did_you_mean() -> None:
    with pytest.raises(RulesSyntaxError) as exc:
        parse_targets("1 adventurer kw:SORSFORDITOO", path="s.yaml", line=4, column=20)
    err = exc.value
    assert (err.code, err.path, err.line, err.column) == ("MK-BEHAVIOUR-WORD", "s.yaml", 4, 36)
    assert err.message.splitlines()[0] == "unknown keyword 'SORSFORDITOO'; did you mean 'SORSFORDÍTÓ'?"
    assert (err.hu or "").splitlines()[0] == "ismeretlen kulcsszó: 'SORSFORDITOO'; erre gondoltál: 'SORSFORDÍTÓ'?"


def test_data_check_reports_a_kw_value_that_names_no_keyword(tmp_path: Path) -> None:
    (tmp_path / "TST.yaml").write_text(
        "set: {code: TST, name: Próba}\n"
        "cards:\n"
        "  - id: TST-001\n"
        "    name: Próba szövetséges\n"
        "    type: szövetséges\n"
        "    mp: 1\n"
        "    text: '\"Kincskereső kalandozóid szintje 1-gyel nagyobb.\"'\n"
        "    behaviour:\n"
        "      constant: \"level +1 own adventurers kw:kincskeres\"\n", encoding="utf-8")
    report = check_database([tmp_path], use_cache=False)
    got = [(f.code, f.line, f.column, f.message.splitlines()[0]) for f in report.findings]
    assert got == [("MK-BEHAVIOUR-WORD", 9, 46, "unknown keyword 'kincskeres'; did you mean 'KINCSKERESÉS'?")]


def _set(tmp_path: Path, text: str, behaviour: str) -> Path:
    (tmp_path / "TST.yaml").write_text(
        "set: {code: TST, name: Próba}\n"
        "cards:\n"
        "  - id: TST-001\n"
        "    name: Farkasok\n"
        "    type: akadálylap\n"
        "    subtype: bestia\n"
        "    mp: 1\n"
        "    text: |\n"
        f"      {text}\n"
        "    behaviour:\n"
        f"      beast: {behaviour}\n", encoding="utf-8")
    return tmp_path


def test_the_beast_line_and_the_behaviour_must_agree(tmp_path: Path) -> None:
    report = check_database([_set(tmp_path, "SZÁM 2 TÁMADÁS 1 SEBZÉS 3", "{damage: 2, roll: 1}")], use_cache=False)
    got = [(f.code, f.rule, f.line, f.column, f.message) for f in report.findings]
    assert got == [("MK-CARD-BEAST-MISMATCH", "3.05.F", 9, 24,
                    "the card text says SEBZÉS 3 (line 9) but behaviour.beast says damage 2 (line 11)")]
    assert report.findings[0].text("hu").endswith(
        "a lapszöveg szerint SEBZÉS 3 (9. sor), a behaviour.beast szerint damage 2 (11. sor)")


def test_an_agreeing_beast_line_is_clean(tmp_path: Path) -> None:
    report = check_database([_set(tmp_path, "SZÁM 2 TÁMADÁS 1 SEBZÉS 2", "{damage: 2, roll: 1}")], use_cache=False)
    assert report.findings == []


# ------------------------------------------------------------------ the printed forms (a "Why" point)


@pytest.mark.parametrize("text,expected,warnings", [
    ("AKADÁLYOK 2", [Akadalyok(2)], []),
    ("AKADALYOK 2", [Akadalyok(2)], [("MK-CARD-KEYWORD-SPELLING", 1, 1)]),
    ("akadályok 11", [Akadalyok(11)], [("MK-CARD-KEYWORD-SPELLING", 1, 1)]),
    ("SZÁM 2 TÁMADÁS 6 SEBZÉS 3", [Szam(2), Tamadas(6), Sebzes(3)], []),
    ("SZAM 2, TAMADAS 6, SEBZES 3", [Szam(2), Tamadas(6), Sebzes(3)],
     [("MK-CARD-KEYWORD-SPELLING", 1, 1), ("MK-CARD-KEYWORD-SPELLING", 1, 9), ("MK-CARD-KEYWORD-SPELLING", 1, 20)]),
    ("SZÁM 2\nTÁMADÁS 6\nSEBZÉS 3", [Szam(2), Tamadas(6), Sebzes(3)], []),
    ("TÁMADÁS 4 SEBZÉS 1", [Tamadas(4), Sebzes(1)], []),
    ("SORSFORDÍTÓ", [Sorsfordito()], []),
    ("Sorsfordító", [Sorsfordito()], [("MK-CARD-KEYWORD-SPELLING", 1, 1)]),
    ("PORTYÁZÁS", [Portyazas()], []),
])
def test_the_real_printed_keyword_lines_parse(text: str, expected: list[Keyword], warnings: list[object]) -> None:
    """Only 4 of the 20 keyword lines of the real cards were recognised: these four keywords were unknown."""
    ct, findings = check_card_text(text)
    assert ct is not None and list(ct) == expected
    assert [(f.code, f.line, f.column) for f in findings] == warnings


def test_the_beast_line_as_one_object() -> None:
    ct = parse_card_text("SZÁM 2 TÁMADÁS 6 SEBZÉS 3")
    assert ct.beast == BeastLine(2, 6, 3) and ct.beast.render() == "SZÁM 2 TÁMADÁS 6 SEBZÉS 3"
    assert ct.render() == "SZÁM 2\nTÁMADÁS 6\nSEBZÉS 3"
    assert parse_card_text("SEBZÉS 1").beast == BeastLine(None, None, 1)


@pytest.mark.parametrize("text,column,message", [
    ("SZÁM 0 SEBZÉS 3", 6, "SZÁM takes a number from 1 to 99, not 0"),
    ("SZÁM 2 TÁMADÁS 100", 16, "TÁMADÁS takes a number from 0 to 99, not 100"),
    ("AKADÁLYOK x", 11, "unexpected 'x'; expected a number"),
    ("AKADÁLYOKK 2", 1, "unknown keyword 'AKADÁLYOKK'; did you mean 'AKADÁLYOK'?"),
    ("PORTYAZAZ", 1, "unknown keyword 'PORTYAZAZ'; did you mean 'PORTYÁZÁS'?"),
])
def test_bad_keyword_lines_name_their_column(text: str, column: int, message: str) -> None:
    _, findings = check_card_text(text, path="s.yaml", first_line=7)
    errors = [f for f in findings if f.severity.name == "ERROR"]
    assert [(f.file, f.line, f.column, f.message.splitlines()[0]) for f in errors] == [("s.yaml", 7, column, message)]


@pytest.mark.parametrize("text,ctype,subtype", [
    ("AKADÁLYOK 2", "kalandozó", None),
    ("SEBZÉS 2", "akadálylap", "csapda"),
    ("PORTYÁZÁS", "küldetés", None),
])
def test_a_keyword_on_the_wrong_card_type_is_a_finding(tmp_path: Path, text: str, ctype: str, subtype: str | None) -> None:
    (tmp_path / "TST.yaml").write_text(
        "set: {code: TST, name: Próba}\ncards:\n  - id: TST-001\n    name: Próba\n"
        f"    type: {ctype}\n" + (f"    subtype: {subtype}\n" if subtype else "") + "    mp: 1\n"
        f"    text: |\n      {text}\n", encoding="utf-8")
    report = check_database([tmp_path], use_cache=False)
    assert [(f.code, f.rule, f.line, f.column) for f in report.findings if f.code.startswith("MK-CARD")] == [
        ("MK-CARD-KEYWORD-WRONG-TYPE", KEYWORDS[text.split()[0]].rule, 8 + bool(subtype), 7)]


_SPELLINGS = {"SZÁM": ["SZÁM", "SZAM", "szám"], "TÁMADÁS": ["TÁMADÁS", "TAMADAS", "Támadás"],
              "SEBZÉS": ["SEBZÉS", "SEBZES", "sebzés"]}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(_SPELLINGS)), st.integers(1, 99)), min_size=1, max_size=3,
                unique_by=lambda t: t[0]),
       st.data(), st.sampled_from([" ", "  ", ", ", " / ", "; ", "\t"]))
def test_beast_lines_round_trip(parts: list[tuple[str, int]], data: st.DataObject, gap: str) -> None:
    """Written in any spelling, on one line or one value a line, a beast line renders to its canonical lines,
    and those parse back to the same keywords, with no finding."""
    written = [f"{data.draw(st.sampled_from(_SPELLINGS[name]))} {value}" for name, value in parts]
    for text in (gap.join(written), "\n".join(written)):
        ct, findings = check_card_text(text)
        assert ct is not None, (text, findings)
        assert [(k.keyword, k.value) for k in ct] == parts  # type: ignore[attr-defined]
        again, more = check_card_text(ct.render())
        assert again == ct and more == []
        assert ct.beast == beast_line(again.keywords)


@given(st.sampled_from([Akadalyok, Szam, Tamadas, Sebzes]), st.integers(0, 99))
def test_numeric_keywords_render_and_parse_back(cls: type[NumericKeyword], value: int) -> None:
    if value < cls.min_value:
        return
    k = cls(value)
    assert list(parse_card_text(k.render())) == [k]


# ------------------------------------------------------------------ the engine's units


def _cs(card: Card) -> CardState:
    return _state_with(card)[1]


def _card(cid: str, ctype: str, text: str, subtype: str | None = None, behaviour: Behaviour | None = None) -> Card:
    return Card(cid, cid, ctype, subtype, 1, text=text, keywords=tuple(parse_card_text(text)) if text else (),
                behaviour=behaviour)


@pytest.mark.parametrize("ctype,text,option,slots", [
    ("toronyszint", "FAL 2", "keyword", 2),
    ("küldetés", "AKADÁLYOK 3", "keyword", 3),
    ("küldetés", "AKADÁLYOK 0", "tower", 0),
    ("küldetés", "KINCS 2", "keyword", 0),
    ("küldetés", "KINCS 2", "tower", 2),
    ("kalandozó", "", "tower", None),
])
def test_obstacle_slots(ctype: str, text: str, option: str, slots: int | None) -> None:
    assert sem.obstacle_slots(_cs(_card("X", ctype, text)), option) == slots


def test_the_printed_beast_line_wins_over_the_behaviour() -> None:
    read = read_behaviour({"beast": {"damage": 2, "roll": 1}})[0]
    assert sem.beast_attack(_cs(_card("A", "akadálylap", "SZÁM 3\nSEBZÉS 4", "bestia", read))) == (3, 1, 4)
    assert sem.beast_attack(_cs(_card("B", "akadálylap", "", "bestia", read))) == (1, 1, 2)
    assert sem.beast_attack(_cs(_card("C", "akadálylap", "TÁMADÁS 2", "bestia"))) == (1, 2, 0)


def test_a_fight_is_listed_for_an_adventurer_with_portyazas() -> None:
    from korbiro.data.check import load_database

    db = load_database()
    eng = Engine(FORMATS["korfordulo"], {"turn_order": "free"})
    eng.add_player("Anna", mp=4)
    eng.add_player("Béla", mp=4)
    for name, owner in (("Briar Sichetti", "Anna"), ("Ordani portyázó", "Béla"), ("Pyarroni novícius", "Béla")):
        card = db.lookup(name).card
        assert card is not None
        eng.add_card(card, owner, "sor")
    fights = [f for f in eng.legal_actions("Béla") if f.verb == "fight"]
    assert [(f.text("hu"), f.rule) for f in fights] == [('harcol csapat "Ordani portyázó" ellen "Anna"', "4.01.A")]
    assert [f for f in eng.legal_actions("Anna") if f.verb == "fight"] == []
