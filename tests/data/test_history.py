"""A card's text through time (issue 20): history: in the set file, data check, cards as of a day,
deck check --date, a scenario's date:, card show --date/--history, search on errata."""

from __future__ import annotations

import copy
import datetime as dt
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from layout import ROOT

from korbiro.base.yamlload import load_yaml_file
from korbiro.cli import cli
from korbiro.data.cards import Card, CardDatabase
from korbiro.data.check import check_database, load_database
from korbiro.data.dated import CardsOn, cards_on
from korbiro.data.history import TextVersion, read_versions, render_word_diff, version_on, word_diff
from korbiro.data.index import open_index
from korbiro.data.paths import shipped_db_path
from korbiro.data.schema import fast_validator, validator
from korbiro.grammar.decklist import read_deck_file
from korbiro.rules.mk.deck import check_deck

DECKS = ROOT / "examples" / "decks"
RULINGS = ROOT / "examples" / "rulings"
SAMPLE = load_yaml_file(shipped_db_path() / "MINTA.yaml").data



def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.output


# ------------------------------------------------------------------ versions


GARMACS = [
    {"from": "2004-11-20", "text": "KINCSKERESÉS 5\n", "source": "Mintakészlet, first printing",
     "reason": "the printed text", "illustrative": True},
    {"from": "2012-05-01", "text": "KINCSKERESÉS 4\n", "source": "Mintakészlet, second printing, invented for the sample",
     "reason": "KINCSKERESÉS lowered from 5 to 4 in the reprint", "illustrative": True},
    {"from": "2025-02-01", "source": "Mintakészlet errata of 2025, invented for the sample",
     "reason": "KINCSKERESÉS lowered from 4 to 3", "illustrative": True},
]


def test_the_sample_has_three_illustrative_histories() -> None:
    with_history = [c for c in SAMPLE["cards"] if "history" in c]
    assert [c["id"] for c in with_history] == ["MINTA-004", "MINTA-005", "MINTA-069"]
    assert all(v["illustrative"] is True for c in with_history for v in c["history"])
    assert SAMPLE["cards"][4]["history"] == GARMACS


def test_versions_and_the_text_in_force_on_a_day() -> None:
    versions = read_versions("KINCSKERESÉS 3\n", GARMACS)
    assert [(v.since.isoformat(), v.text, v.current) for v in versions] == [
        ("2004-11-20", "KINCSKERESÉS 5\n", False), ("2012-05-01", "KINCSKERESÉS 4\n", False),
        ("2025-02-01", "KINCSKERESÉS 3\n", True)]

    def on(day: str) -> str:
        v = version_on(versions, dt.date.fromisoformat(day))
        assert v is not None
        return v.text.strip()

    # in force from its date on, until the next version's date; before the first date, the first version
    assert [on(d) for d in ("1999-01-01", "2004-11-20", "2012-04-30", "2012-05-01", "2025-01-31", "2025-02-01",
                            "2099-12-31")] == ["KINCSKERESÉS 5", "KINCSKERESÉS 5", "KINCSKERESÉS 5", "KINCSKERESÉS 4",
                                              "KINCSKERESÉS 4", "KINCSKERESÉS 3", "KINCSKERESÉS 3"]
    assert version_on((), dt.date(2020, 1, 1)) is None
    assert read_versions("x", None) == () and read_versions("x", []) == ()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.dates(dt.date(2000, 1, 1), dt.date(2030, 1, 1)), min_size=1, max_size=6, unique=True),
       st.dates(dt.date(1995, 1, 1), dt.date(2035, 1, 1)))
def test_version_on_is_the_last_version_not_after_the_day(days: list[dt.date], day: dt.date) -> None:
    days.sort()
    versions = tuple(TextVersion(d, f"FAL {i}", "s", "r", current=i == len(days) - 1) for i, d in enumerate(days))
    got = version_on(versions, day)
    before = [v for v in versions if v.since <= day]
    assert got == (before[-1] if before else versions[0])


WORDS = st.lists(st.sampled_from(["KINCSKERESÉS", "2", "3", "NEMES", "NYELV", '"Gain', 'MP."', "\n"]), max_size=12)


@settings(max_examples=300, deadline=None)
@given(WORDS, WORDS)
def test_a_word_diff_holds_both_texts(a: list[str], b: list[str]) -> None:
    old, new = " ".join(a), " ".join(b)
    parts = word_diff(old, new)

    def words(ops: set[str]) -> list[str]:
        return " ".join(p.text for p in parts if p.op in ops).split()

    assert words({"equal", "delete"}) == old.split()
    assert words({"equal", "insert"}) == new.split()
    def tokens(text: str) -> list[str]:  # words and line breaks (a line break is a change too)
        return re.findall(r"\n|[^\s]+", text.strip("\n"))

    if tokens(old) == tokens(new) and tokens(old):
        assert [p.op for p in parts] == ["equal"]
    if tokens(old) != tokens(new):
        assert any(p.op != "equal" for p in parts)


def test_word_diff_marks() -> None:
    assert render_word_diff(word_diff("KINCSKERESÉS 4", "KINCSKERESÉS 3")) == "KINCSKERESÉS [-4-]{+3+}"
    old = 'AKARATÁTVITEL 3\nÁLLANDÓ "Ellenfeleid kalandozóinak Mentálja 1-gyel kisebb."\n'
    new = 'IGAZ NÉV "Airun al Marem"\n' + old
    assert render_word_diff(word_diff(old, new)).splitlines() == [
        '{+IGAZ NÉV "Airun al Marem"+}', "AKARATÁTVITEL 3", 'ÁLLANDÓ "Ellenfeleid kalandozóinak Mentálja 1-gyel kisebb."']
    assert render_word_diff(word_diff("NEMES NYELV\nKINCSKERESÉS 2", "KINCSKERESÉS 2")) == "[-NEMES NYELV-]\nKINCSKERESÉS 2"
    assert [p.to_dict() for p in word_diff("a b", "a c d")] == [
        {"op": "equal", "text": "a"}, {"op": "delete", "text": "b"}, {"op": "insert", "text": "c d"}]


# ------------------------------------------------------------------ the card model


def test_card_as_of_a_day_has_that_text_and_its_keywords() -> None:
    db = load_database()
    terito = db["A Sötét Térítő"]
    assert terito.true_names == ("Airun al Marem",)
    then = terito.as_of(dt.date(2024, 8, 31))
    assert (then.id, then.name, then.attrs) == (terito.id, terito.name, terito.attrs)
    assert then.true_names == ()
    assert [k.render() for k in then.keywords] == ["AKARATÁTVITEL 3",
                                                  'ÁLLANDÓ "Ellenfeleid kalandozóinak Mentálja 1-gyel kisebb."']
    assert then != terito and then.history == terito.history
    assert terito.as_of(dt.date(2024, 9, 1)) is terito
    wirg = db["Wirg"]
    assert wirg.history == () and wirg.as_of(dt.date(2000, 1, 1)) is wirg
    garmacs = db["Garmacs, a kincsvadász"]
    assert garmacs.as_of(dt.date(2010, 1, 1)).keyword("KINCSKERESÉS").value == 5


def test_cards_as_of_a_day_join_names_by_that_days_igaz_nev() -> None:
    for source in (load_database(), open_index()):
        airun = source.lookup("Airun al Marem").card
        terito = source.lookup("A Sötét Térítő").card
        assert airun is not None and terito is not None
        assert source.kind_of(terito) == source.kind_of(airun)
        before, after = CardsOn(source, dt.date(2024, 8, 31)), CardsOn(source, dt.date(2024, 9, 1))
        assert before.kind_of(terito) != before.kind_of(airun)
        assert after.kind_of(terito) == after.kind_of(airun)
        assert before.lookup("a sotet terito").card.true_names == ()
        assert cards_on(source, dt.date(2024, 8, 31)) is cards_on(source, dt.date(2024, 8, 31))


def test_the_index_knows_which_cards_changed() -> None:
    idx = open_index()
    assert idx.rows("SELECT id, errata, changed FROM cards WHERE errata > 0 ORDER BY id") == [
        ("MINTA-004", 1, "2024-09-01"), ("MINTA-005", 2, "2025-02-01"), ("MINTA-069", 1, "2025-06-01")]
    assert [c.id for c in idx.with_errata()] == ["MINTA-004", "MINTA-005", "MINTA-069"]
    assert idx["MINTA-005"].history == load_database()["MINTA-005"].history


# ------------------------------------------------------------------ the schema and data check


@st.composite
def mutated_histories(draw: st.DrawFn) -> dict:
    card = copy.deepcopy(SAMPLE["cards"][4])
    history = card["history"]
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        action = draw(st.sampled_from(["set", "delete", "drop-version", "not-a-list"]))
        j = draw(st.integers(min_value=0, max_value=len(history) - 1)) if history else 0
        if action == "not-a-list":
            card["history"] = draw(st.sampled_from([None, "2024-01-01", {}, []]))
            break
        if action == "drop-version" and history:
            history.pop(j)
        elif action == "delete" and history and history[j]:
            history[j].pop(draw(st.sampled_from(sorted(history[j]))))
        elif history:
            key = draw(st.sampled_from(["from", "text", "source", "reason", "illustrative", "extra"]))
            history[j][key] = draw(st.sampled_from(["2024-02-30", "2024-02-28", "", " ", "x", 3, True, None, []]))
    return card


@settings(max_examples=100, deadline=None)
@given(mutated_histories())
def test_fast_schema_agrees_with_jsonschema_on_histories(card: dict) -> None:
    doc = {"set": SAMPLE["set"], "cards": [card]}
    expected = validator("mk-set").is_valid(doc)
    assert fast_validator("mk-set")(doc) is expected
    assert fast_validator("mk-set", "#/$defs/card")(card) is expected


@pytest.mark.fuzz
@settings(max_examples=400, deadline=None)
@given(mutated_histories())
def test_fast_schema_agrees_with_jsonschema_on_histories_long(card: dict) -> None:
    test_fast_schema_agrees_with_jsonschema_on_histories.hypothesis.inner_test(card=card)


def _set_file(tmp_path: Path, history: str, text: str = "KINCSKERESÉS 2") -> Path:
    db = tmp_path / "db"
    db.mkdir(exist_ok=True)
    (db / "HIBA.yaml").write_text(
        "set: {code: HIBA, name: Hibás készlet}\n"
        "cards:\n"
        "  - id: HIBA-001\n"
        "    name: Próba Kalandozó\n"
        "    type: kalandozó\n"
        "    mp: 3\n"
        "    level: 2\n"
        "    race: ember\n"
        "    fizikum: 3\n"
        "    asztral: 2\n"
        "    mental: 1\n"
        f"    text: {text}\n"
        "    history:\n" + history, encoding="utf-8")
    return db


def test_data_check_reports_every_history_problem_in_english_and_hungarian() -> None:
    folder = ROOT / "tests" / "bad_inputs" / "sets" / "history-errors"
    got = [(f.code, f.line, f.column, f.text("en"), f.text("hu")) for f in check_database([folder]).findings
           if f.code.startswith("MK-CARD-HISTORY") or f.code == "MK-CARD-TEXT-SYNTAX"]
    assert got == [
        ("MK-CARD-HISTORY-ORDER", 22, 15,
         "the version from 2019-06-01 comes after the one from 2020-01-01; keep the history in date order",
         "a(z) 2019-06-01 óta érvényes változat a(z) 2020-01-01 óta érvényes után áll; a változatokat dátum szerint rendezd"),
        ("MK-CARD-TEXT-SYNTAX", 24, 23, "unexpected end of line; expected a space\n  KINCSKERESÉS\n              ^",
         "váratlan sorvég; várt: szóköz\n  KINCSKERESÉS\n              ^"),
        ("MK-CARD-HISTORY-TEXT", 27, 15,
         "the version from 2021-01-01 has no text; every version but the last (the current text) writes its text",
         "a(z) 2021-01-01 óta érvényes változatnak nincs szövege; az utolsó (a mostani szöveg) kivételével minden "
         "változat megadja a szövegét"),
        ("MK-CARD-HISTORY-DATE", 30, 15, "two versions from 2021-01-01; each version needs a date of its own",
         "két változat is 2021-01-01 óta érvényes; minden változatnak saját dátuma kell"),
        ("MK-CARD-HISTORY-SAME", 34, 15, "the version from 2022-01-01 has the same text as the one from 2021-01-01",
         "a(z) 2022-01-01 óta érvényes változat szövege ugyanaz, mint a(z) 2021-01-01 óta érvényesé"),
        ("MK-CARD-HISTORY-CURRENT", 39, 15,
         "the last version (from 2023-01-01) is the current text: write it as the card's text, not here",
         "az utolsó változat (2023-01-01 óta) a mostani szöveg: a lap text mezőjébe írd, ne ide"),
    ]


def test_data_check_cli_prints_history_findings_at_file_line_column(tmp_path: Path) -> None:
    db = _set_file(tmp_path, '      - {from: "2024-01-01", text: "KINCSKERESÉS 3", source: a, reason: b}\n'
                             '      - {from: "2023-01-01", source: c, reason: d}\n')
    code, out = run("data", "check", str(db), "--lang", "en")
    assert code == 1
    assert out == (f"{db}/HIBA.yaml:15:16: error MK-CARD-HISTORY-ORDER: the version from 2023-01-01 comes after the "
                   "one from 2024-01-01; keep the history in date order\n"
                   "1 file(s), 1 card(s): 1 error(s), 0 warning(s)\n")


def test_a_history_names_its_igaz_nev_targets_too(tmp_path: Path) -> None:
    db = _set_file(tmp_path, '      - {from: "2024-01-01", text: "IGAZ NÉV \\"Nincs Ilyen\\"", source: a, reason: b}\n'
                             '      - {from: "2025-01-01", source: c, reason: d}\n')
    found = [(f.code, f.line, f.column) for f in check_database([db], use_cache=False).findings]
    assert found == [("MK-DATA-UNKNOWN-TRUE-NAME", 14, 37)]


def test_a_database_with_a_good_history_loads(tmp_path: Path) -> None:
    db = _set_file(tmp_path, '      - {from: "2024-01-01", text: "KINCSKERESÉS 3", source: a, reason: b}\n'
                             '      - {from: "2025-01-01", source: c, reason: d}\n')
    assert check_database([db], use_cache=False).findings == []
    card = load_database([db])["HIBA-001"]
    assert [v.text for v in card.history] == ["KINCSKERESÉS 3", "KINCSKERESÉS 2"]


# ------------------------------------------------------------------ deck check --date


def test_a_deck_legal_before_an_igaz_nev_erratum_and_illegal_from_its_date() -> None:
    deck = str(DECKS / "illegal-true-name.deck")
    assert run("deck", "check", deck, "--date", "2024-08-31", "--lang", "en") == (0, (
        f"{deck}: LEGAL (format korfordulo, card limit 3; tower 3, deck 40, sideboard 0)\n"
        f"{deck}:9:3: note MK-DECK-DATED-TEXT: 'Garmacs, a kincsvadász' read with its text of 2024-08-31: the version "
        "from 2012-05-01 (KINCSKERESÉS lowered from 5 to 4 in the reprint); the current text is from 2025-02-01\n"
        f"{deck}:21:3: note MK-DECK-DATED-TEXT: 'A Sötét Térítő' read with its text of 2024-08-31: the version from "
        "2004-11-20 (the printed text); the current text is from 2024-09-01\n"))
    code, out = run("deck", "check", deck, "--date", "2024-09-01", "--lang", "en")
    assert code == 1
    assert out.splitlines()[0] == f"{deck}: ILLEGAL (format korfordulo, card limit 3; tower 3, deck 40, sideboard 0)"
    assert out.splitlines()[-1] == (
        f"{deck}:20:3: error MK-DECK-COPY-LIMIT [2.02]: 4 copies of 'A Sötét Térítő / Airun al Marem' (max 3) "
        "(cards that count as the same card under IGAZ NÉV count together)")


def test_a_deck_legal_before_a_resource_erratum_and_illegal_from_its_date() -> None:
    deck = str(DECKS / "illegal-resource.deck")
    code, out = run("deck", "check", deck, "--date", "2025-05-31", "--lang", "hu")
    assert (code, out.splitlines()[0]) == (0, f"{deck}: SZABÁLYOS (formátum: korfordulo, laplimit: 3; torony 3, "
                                              "pakli 40, cserepakli 1)")
    assert out.splitlines()[-1] == (
        f"{deck}:20:3: megjegyzés MK-DECK-DATED-TEXT: 'A dzsad kereskedőházak hitele' a(z) 2025-05-31 napján érvényes "
        "szövegével: a(z) 2004-11-20 óta érvényes változat (the printed text); a mostani szöveg 2025-06-01 óta érvényes")
    assert run("deck", "check", deck, "--date", "2025-06-01", "--lang", "en") == (1, (
        f"{deck}: ILLEGAL (format korfordulo, card limit 3; tower 3, deck 40, sideboard 1)\n"
        f"{deck}:21:3: error MK-DECK-OTHER-RESOURCE [1.14.5]: 'Erioni vásárnap' is an erőforrás event, but "
        "'A dzsad kereskedőházak hitele' allows no other resource in the deck\n"))


def test_check_deck_without_a_date_reads_the_current_texts() -> None:
    db = load_database()
    deck = read_deck_file(str(DECKS / "illegal-true-name.deck"))
    assert not check_deck(deck, db).legal
    assert check_deck(deck, db, date=dt.date(2024, 8, 31)).legal
    assert not check_deck(deck, db, date=dt.date(2030, 1, 1)).legal
    mem = CardDatabase(db.cards)  # any source with its cards and with_errata
    assert check_deck(deck, mem, date=dt.date(2024, 8, 31)).legal


# ------------------------------------------------------------------ resolve: a scenario's date


def test_a_scenario_on_a_day_plays_the_cards_of_that_day() -> None:
    from korbiro.rules.mk.timeline.scenario import load_scenario, run_file, run_scenario

    dated = run_file(str(RULINGS / "kincskereses-errata-datum.yaml"))
    assert (dated.passed, dated.date) == (True, dt.date(2010, 6, 1))
    assert dated.to_dict()["date"] == "2010-06-01"
    assert run_file(str(RULINGS / "kincskereses-errata-ma.yaml")).passed
    # the same file with the current texts fails its expectations: the date is what decides
    idx = open_index()

    def lookup(name: str) -> Card | None:
        return idx.lookup(name, suggest=False).card

    sc = load_scenario(str(RULINGS / "kincskereses-errata-datum.yaml"), lookup=lookup)
    sc.date = None
    assert run_scenario(sc, lookup).diffs[:2] == [
        "expect.cards.Garmacs, a kincsvadász.state: expected 'éber', got 'pihenő'",
        "expect.cards.Garmacs, a kincsvadász.kincs_used: expected True, got False",
    ]


def test_resolve_prints_the_scenarios_date() -> None:
    code, out = run("resolve", str(RULINGS / "kincskereses-errata-datum.yaml"))
    assert code == 0
    assert out.splitlines()[0] == (f"{RULINGS / 'kincskereses-errata-datum.yaml'}: A scenario played on a day reads "
                                   "the cards' texts of that day [archivalt; cards as of 2010-06-01]")
    assert "   16. [1.14.14.D archived] the team's Kincskeresés sums to 5 ≥ Kincs 5: it is used up for the round" in out


def test_a_scenario_date_must_be_a_day(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    text = (RULINGS / "kincskereses-errata-datum.yaml").read_text("utf-8").replace('"2010-06-01"', '"2010-02-30"')
    path.write_text(text, encoding="utf-8")
    code, out = run("resolve", str(path))
    assert code == 2
    assert out == f"{path}:9:7: error MK-SCENARIO-DATE: date '2010-02-30' is not a day (YYYY-MM-DD)\n"


# ------------------------------------------------------------------ card show --date, --history


def test_card_show_history_marks_each_versions_words() -> None:
    code, out = run("card", "show", "Garmacs, a kincsvadász", "--history", "--no-reminder")
    assert code == 0
    assert out == """\
Garmacs, a kincsvadász  (MINTA-005)
kalandozó    MP 3
szint 3 · faj törpe · kaszt szerencsevadász · alkaszt tolvaj · jellem rend-élet · Fizikum 5 · Asztrál 1 · Mentál 3
képzettségek: Zárnyitás, Csapdafelfedezés
rarity: gyakori

  KINCSKERESÉS 3  [1.14.14]

text history (3 versions, each in force from its date; illustrative):
  2004-11-20  the printed text (Mintakészlet, first printing)
      KINCSKERESÉS 5
  2012-05-01  KINCSKERESÉS lowered from 5 to 4 in the reprint (Mintakészlet, second printing, invented for the sample)
      KINCSKERESÉS [-5-]{+4+}
  2025-02-01  KINCSKERESÉS lowered from 4 to 3 (Mintakészlet errata of 2025, invented for the sample)  [current]
      KINCSKERESÉS [-4-]{+3+}

korbiro/data/mk/cards/MINTA.yaml:128
"""


def test_card_show_on_a_day_shows_the_text_in_force() -> None:
    code, out = run("card", "show", "A Sötét Térítő", "--date", "2024-06-01", "--lang", "hu")
    assert code == 0
    assert out.splitlines()[3:10] == [
        "szférák: Mentál, Halál",
        "ritkaság: nagyon ritka",
        "a(z) 2024-06-01 napján érvényes szöveg: a(z) 2004-11-20 óta érvényes változat (the printed text); a mostani "
        "szöveg 2024-09-01 óta érvényes",
        "",
        "  AKARATÁTVITEL 3                                              [2.04]",
        '  ÁLLANDÓ "Ellenfeleid kalandozóinak Mentálja 1-gyel kisebb."  [6.00]',
        "",
    ]
    _, now = run("card", "show", "A Sötét Térítő", "--date", "2024-09-01")
    assert now.splitlines()[5:8] == ["text in force on 2024-09-01: the current text, from 2024-09-01", "",
                                     '  IGAZ NÉV "Airun al Marem"                                    [2.02]']
    _, none = run("card", "show", "Wirg", "--date", "2024-09-01")
    assert none.splitlines()[3] == "text in force on 2024-09-01: the current text (the card has no history)"


def test_card_show_json_has_the_version_and_the_diffs() -> None:
    code, out = run("card", "show", "A Sötét Térítő", "--date", "2024-06-01", "--history", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["date"] == "2024-06-01"
    assert data["version"] == {"from": "2004-11-20", "text": SAMPLE["cards"][3]["history"][0]["text"],
                               "source": "Mintakészlet, first printing", "reason": "the printed text",
                               "illustrative": True, "current": False}
    assert data["card"]["text"] == SAMPLE["cards"][3]["history"][0]["text"]
    assert [k["keyword"] for k in data["card"]["keywords"]] == ["AKARATÁTVITEL", "ÁLLANDÓ"]
    assert [v["diff"] for v in data["history"]] == [None, [
        {"op": "insert", "text": 'IGAZ NÉV "Airun al Marem"\n'},
        {"op": "equal", "text": 'AKARATÁTVITEL 3\nÁLLANDÓ "Ellenfeleid kalandozóinak Mentálja 1-gyel kisebb."'}]]


def test_card_show_date_is_checked() -> None:
    code, out = run("card", "show", "Wirg", "--date", "2024-13-01")
    assert code == 2
    assert out.splitlines()[-1] == "Error: Invalid value for '--date': '2024-13-01' is not a date (YYYY-MM-DD)"


# ------------------------------------------------------------------ search: errata:, changed


@pytest.mark.parametrize(("query", "expected"), [
    ("errata:yes", ["MINTA-004", "MINTA-005", "MINTA-069"]),
    ("errata=igen type:kalandozó", ["MINTA-004", "MINTA-005"]),
    ("changed>=2025-01-01", ["MINTA-005", "MINTA-069"]),
    ("changed<2025-01-01", ["MINTA-004"]),
    ("változott:2025-02-01", ["MINTA-005"]),
    ("changed!=2025-02-01", ["MINTA-004", "MINTA-069"]),
])
def test_search_on_history(query: str, expected: list[str]) -> None:
    from korbiro.data.search import search

    assert [c.id for c in search(open_index(), query, sort="id").cards] == expected


def test_search_on_history_refuses_bad_values() -> None:
    assert run("card", "search", "changed>=2025-13-01") == (2, (
        "Error: query column 10: expected a date YYYY-MM-DD after 'changed>=', not '2025-13-01'\n"
        "  changed>=2025-13-01\n"
        "           ^\n"))
    assert run("card", "search", "errata:maybe")[1].splitlines()[0] == (
        "Error: query column 8: errata: takes yes or no (igen, nem), not 'maybe'")
    assert run("card", "search", "errata<yes")[1].splitlines()[0] == (
        "Error: query column 7: 'errata' takes ':' or '=', not '<'")


def test_a_scenarios_own_cards_read_as_of_its_date_too(tmp_path: Path) -> None:
    from korbiro.base.errors import DataError
    from korbiro.rules.mk.timeline.scenario import load_scenario

    base = (RULINGS / "kincskereses-errata-datum.yaml").read_text("utf-8")
    card = ('cards:\n  - {name: Kutya, type: kalandozó, mp: 1, level: 1, text: "KINCSKERESÉS 2",\n'
            '     history: [{from: "2000-01-01", text: "%s", source: a, reason: b}, {from: "2020-01-01", source: c, '
            'reason: d}]}\n')
    path = tmp_path / "s.yaml"
    path.write_text(base.replace("setup:\n", card % "KINCSKERESÉS 4" + "setup:\n"), encoding="utf-8")
    db = load_database()

    def lookup(name: str) -> Card | None:
        return db.lookup(name, suggest=False).card

    sc = load_scenario(str(path), lookup=lookup)
    assert sc.cards["kutya"].keyword("KINCSKERESÉS").value == 4
    path.write_text(base.replace("setup:\n", card % "KINCSKERESÉS" + "setup:\n"), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_scenario(str(path), lookup=lookup)
    assert [(f.code, f.line) for f in info.value.findings] == [("MK-SCENARIO-CARD-TEXT", 12)]
    assert run("resolve", str(path))[0] == 2


@pytest.mark.parametrize("day", [dt.date(1998, 1, 1), dt.date(2005, 6, 1), dt.date(2024, 1, 1), dt.date(2030, 1, 1)])
def test_a_dated_view_answers_every_lookup_as_the_card_read_that_day(day: dt.date) -> None:
    # a card whose text never changed is served as it is, without reading it as of the day: the same answer
    db = load_database([shipped_db_path()])
    view = CardsOn(db, day)
    assert view.changed_ids() == {c.id for c in db if len(c.history) > 1} != set()
    for card in db:
        hit = view.lookup(card.id)
        assert hit.card == card.as_of(day) and hit.card.text == card.as_of(day).text, card.id


@pytest.mark.parametrize("day", [dt.date(2024, 8, 31), dt.date(2024, 9, 1), dt.date(2030, 1, 1)])
def test_a_dated_views_table_of_exact_names_leaves_the_changed_cards_to_its_lookups(day: dt.date) -> None:
    # every id and printed name the table holds is answered as the view's lookup and kind_of answer it;
    # the cards whose text changed are not in it (a lookup reads them as of the day)
    for source in (load_database(), open_index().database()):
        view = CardsOn(source, day)
        table = view.exact_kinds()
        changed = view.changed_ids()
        assert changed == {"MINTA-004", "MINTA-005", "MINTA-069"}
        assert set(table) == {q for c in source if c.id not in changed for q in (c.id, c.name)}
        for query, (card, kind) in table.items():
            assert view.lookup(query).card is card and view.kind_of(card) == kind, query
        airun = table["Airun al Marem"]
        terito = view.lookup("A Sötét Térítő").card
        assert terito is not None and (view.kind_of(terito) == airun[1]) is (day >= dt.date(2024, 9, 1))
    assert CardsOn(open_index(), day).exact_kinds() == {}  # the index answers each lookup itself


def test_card_show_date_error_in_hungarian() -> None:
    code, out = run("card", "show", "Wirg", "--date", "2024-13-01", "--lang", "hu")
    assert code == 2
    assert out.splitlines()[-1] == "Hiba: Érvénytelen érték ennél: '--date': a(z) '2024-13-01' nem dátum (ÉÉÉÉ-HH-NN)"
