"""Issue 26, the card-text keywords the DSL did not know: AKADÁLYOK N, the beast line
(SZÁM / TÁMADÁS / SEBZÉS), SORSFORDÍTÓ, PORTYÁZÁS, and ``kw:`` filters that match them."""

from __future__ import annotations

from pathlib import Path

import pytest

from korbiro.base.errors import RulesSyntaxError
from korbiro.data.cards import Card
from korbiro.data.check import check_database
from korbiro.grammar.behaviour import parse_targets
from korbiro.grammar.cardtext import parse_card_text
from korbiro.rules.mk.timeline import semantics as sem
from korbiro.rules.mk.timeline.model import CardState, GameState, Player


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))


def _state_with(card: Card) -> tuple[GameState, CardState]:
    state = GameState(players={"Anna": Player("Anna")})
    cs = CardState(1, card, "Anna", "Anna", "sor", card.name)
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
    assert err.hu.splitlines()[0] == "ismeretlen kulcsszó: 'SORSFORDITOO'; erre gondoltál: 'SORSFORDÍTÓ'?"


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
