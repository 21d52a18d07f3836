"""Issue 26, the data side: every field a real card prints has a home (schema, card model, data check,
card show), and old set files stay valid."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from layout import ROOT, TESTS

from korbiro.base.text import fold
from korbiro.cli import cli
from korbiro.data.check import check_database, load_database
from korbiro.data.fields import (
    MARKS,
    mark_id,
    mp_x_factor,
    read_descriptor,
    read_requirement,
    split_values,
)

REAL = TESTS / "data" / "real-style"


pytestmark = pytest.mark.usefixtures("private_cache")


HEAD = "set: {code: PROBA, name: Próba}\ncards:\n"


def _write(tmp_path: Path, cards: str) -> Path:
    folder = tmp_path / "db"
    folder.mkdir(exist_ok=True)
    (folder / "PROBA.yaml").write_text(HEAD + textwrap.indent(textwrap.dedent(cards), "  "), encoding="utf-8")
    return folder


def _findings(folder: Path) -> list[tuple[str, str, int | None, int | None]]:
    report = check_database([folder], use_cache=False)
    return [(f.code, f.severity.value, f.line, f.column) for f in report.findings]


ADVENTURER = """\
- id: PROBA-001
  name: Próba Kalandozó
  type: kalandozó
  mp: 3
  level: 2
  fizikum: 3
  asztral: 2
  mental: 1
"""


# ------------------------------------------------------------------ the "Why" points


def test_real_style_fixture_passes_strict() -> None:
    """Written the way real cards print (issue 26: 149 errors on main), the fixture checks clean under --strict."""
    r = CliRunner().invoke(cli, ["data", "check", "--strict", str(REAL), "--format", "json"])
    data = json.loads(r.output)
    assert [f["code"] for f in data["findings"]] == []
    assert r.exit_code == 0
    assert data["cards"] >= 12


def test_class_lists_and_alternative_conditions_are_not_wrong_types(tmp_path: Path) -> None:
    folder = _write(tmp_path, ADVENTURER + """\
  race: ember
  class: [harcos, pap]
  subclass: [lovag, paplovag]
- id: PROBA-002
  name: Próba Küldetés
  type: küldetés
  mp: 2
  dp: 2
  requirement: [Toroni Tolvaj, Pap, Lovag]
""")
    assert _findings(folder) == []


def test_more_than_three_alternatives_is_an_error(tmp_path: Path) -> None:
    folder = _write(tmp_path, """\
- id: PROBA-002
  name: Próba Küldetés
  type: küldetés
  mp: 2
  dp: 2
  requirement: [Pap, Tolvaj, Bárd, Lovag]
""")
    [f] = check_database([folder], use_cache=False).findings
    assert (f.code, f.line, f.column) == ("MK-DATA-SCHEMA", 8, 18)
    assert f.message.endswith("['Pap', 'Tolvaj', 'Bárd', 'Lovag'] is too long")


def test_fields_of_real_cards_are_known(tmp_path: Path) -> None:
    """location, school, damage, descriptor, properties, abilities: no unknown field."""
    folder = _write(tmp_path, ADVENTURER + """\
  race: ember
  descriptor: Toroni nő Tolvaj
  properties: [nevesített]
- id: PROBA-002
  name: Próba Küldetés
  type: küldetés
  mp: 2
  dp: 2
  location: Toron
- id: PROBA-003
  name: Próba Akció
  type: akciólap
  subtype: Vágás
  mp: 2
  school: Közelharci támadás
  damage: 2
  icons: [kard]
""")
    assert _findings(folder) == []


def test_pillanat_and_split_phases_are_values_of_their_lists(tmp_path: Path) -> None:
    folder = _write(tmp_path, """\
- id: PROBA-003
  name: Próba Akció
  type: akciólap
  mp: 1
  phase: Sor/Harc előkészítés
  duration: pillanat
- id: PROBA-004
  name: Másik Akció
  type: akciólap
  mp: 1
  phase: [Sor, harc]
  duration: instant
""")
    assert _findings(folder) == []


def test_a_misspelt_phase_in_a_split_phase_is_an_error_with_did_you_mean(tmp_path: Path) -> None:
    folder = _write(tmp_path, """\
- id: PROBA-003
  name: Próba Akció
  type: akciólap
  mp: 1
  phase: Sor/Harcc
""")
    report = check_database([folder], use_cache=False)
    [f] = report.findings
    assert (f.code, f.rule, f.line, f.column) == ("MK-CARD-PHASE", "5.01.A", 7, 16)
    assert f.message == "unknown phase 'Harcc' (did you mean 'harc'?)"


@pytest.mark.parametrize("mp", ['"3X"', '"X"', '"12X"'])
def test_nx_costs_are_valid(tmp_path: Path, mp: str) -> None:
    folder = _write(tmp_path, f"""\
- id: PROBA-003
  name: Próba Akció
  type: akciólap
  mp: {mp}
""")
    assert _findings(folder) == []


@pytest.mark.parametrize("mp", ['"X3"', '"03X"', '"3Y"'])
def test_other_mp_strings_are_refused(tmp_path: Path, mp: str) -> None:
    folder = _write(tmp_path, f"""\
- id: PROBA-003
  name: Próba Akció
  type: akciólap
  mp: {mp}
""")
    assert _findings(folder) == [("MK-DATA-PATTERN", "error", 6, 9)]


def test_marks_name_and_mp_have_fields(tmp_path: Path) -> None:
    folder = _write(tmp_path, ADVENTURER + """\
  race: ember
  abilities:
    - kind: képesség
      marks: [harci, Egy per játékos, fast, ELFORGATO]
      name: Villámgyors reflexek
      mp: 2X
      text: "Harci: +2 Fizikum."
    - kind: effect
      marks: [once, lost, repeatable, állandó, harc előtti, megszakító, elvesző, ismételhető, egyszeri]
      text: "Egyszeri."
""")
    assert _findings(folder) == []
    card = load_database([folder])["PROBA-001"]
    first, second = card.abilities
    assert (first.kind, first.marks, first.name, first.mp) == (
        "képesség", frozenset({"combat", "one_per_player", "interrupt", "rests"}), "Villámgyors reflexek", "2X")
    assert second.kind == "laphatás"
    assert second.marks == frozenset({"once", "lost", "repeatable", "constant", "before_combat", "interrupt"})


def test_an_unknown_mark_is_an_error_at_its_column_with_did_you_mean(tmp_path: Path) -> None:
    folder = _write(tmp_path, ADVENTURER + """\
  race: ember
  abilities:
    - marks: [harcii]
      text: "x"
""")
    report = check_database([folder], use_cache=False)
    [f] = report.findings
    assert (f.code, f.severity.value, f.line, f.column) == ("MK-CARD-MARK", "error", 13, 17)
    assert f.message == "unknown mark 'harcii' (did you mean 'harci'?)"


def test_an_abilitys_behaviour_is_checked_at_its_own_line(tmp_path: Path) -> None:
    folder = _write(tmp_path, ADVENTURER + """\
  race: ember
  abilities:
    - text: "Elforgató: kapsz 1 MP-t."
      behaviour:
        ability: {cost: rest, effect: "mpp 1 controller"}
""")
    report = check_database([folder], use_cache=False)
    [f] = report.findings
    assert (f.code, f.line, f.column) == ("MK-BEHAVIOUR-WORD", 15, 42)


def test_race_only_in_the_descriptor(tmp_path: Path) -> None:
    folder = _write(tmp_path, ADVENTURER + "  descriptor: Dwoon Iker\n")
    assert _findings(folder) == []
    card = load_database([folder])["PROBA-001"]
    assert card.values("race") == ("dwoon",)
    assert card.descriptor_words == frozenset({"dwoon", "iker"})


def test_neither_race_nor_a_race_in_the_descriptor(tmp_path: Path) -> None:
    assert _findings(_write(tmp_path, ADVENTURER)) == [("MK-DATA-REQUIRED", "error", 3, 5)]
    folder = _write(tmp_path, ADVENTURER + "  descriptor: Toroni nő\n")
    assert _findings(folder) == [("MK-CARD-NO-RACE", "error", 11, 17)]


def test_filter_value_no_card_holds_fails_strict(tmp_path: Path) -> None:
    """race:ordani passed --strict on main: now it is a finding, with a did-you-mean."""
    folder = _write(tmp_path, ADVENTURER + """\
  race: ember
- id: PROBA-005
  name: Próba Esemény
  type: eseménylap
  mp: 1
  behaviour:
    constant: "level +1 own adventurers race:ordani"
""")
    r = CliRunner().invoke(cli, ["data", "check", "--strict", str(folder), "--format", "json"])
    data = json.loads(r.output)
    assert [(f["code"], f["severity"], f["line"], f["column"]) for f in data["findings"]] == [
        ("MK-DATA-UNKNOWN-FILTER-VALUE", "warning", 17, 48)]
    assert r.exit_code == 1
    r = CliRunner().invoke(cli, ["data", "check", str(folder)])
    assert r.exit_code == 0


def test_filter_value_with_did_you_mean(tmp_path: Path) -> None:
    folder = _write(tmp_path, ADVENTURER + """\
  race: ember
- id: PROBA-005
  name: Próba Esemény
  type: eseménylap
  mp: 1
  behaviour:
    constant: "level +1 own adventurers race:embr"
""")
    [f] = check_database([folder], use_cache=False).findings
    assert f.message == "the filter race:embr names a value no card of the database holds (did you mean 'ember'?)"


def test_filter_value_the_database_holds_through_a_descriptor(tmp_path: Path) -> None:
    folder = _write(tmp_path, ADVENTURER + """\
  descriptor: Dwoon Iker
- id: PROBA-005
  name: Próba Esemény
  type: eseménylap
  mp: 1
  behaviour:
    constant: "level +1 own adventurers race:dwoon class:harcos"
""")
    assert _findings(folder) == []


def test_requirement_words_are_checked_against_the_database(tmp_path: Path) -> None:
    folder = _write(tmp_path, ADVENTURER + """\
  race: ember
  skills: [Zárnyitás]
- id: PROBA-002
  name: Próba Küldetés
  type: küldetés
  mp: 2
  dp: 2
  requirement: [Toroni Tolvaj, Zárnyitás, Tolvja]
""")
    report = check_database([folder], use_cache=False)
    [f] = report.findings
    assert (f.code, f.severity.value, f.line) == ("MK-DATA-UNKNOWN-REQUIREMENT-WORD", "warning", 18)
    assert f.message.endswith("(did you mean 'tolvaj'?)")


def test_card_show_prints_requirement_spheres_and_rarity() -> None:
    """card show omitted requirement, spheres and rarity on main."""
    r = CliRunner().invoke(cli, ["card", "show", "MINTA-017"])
    assert r.exit_code == 0
    assert "condition: Tolvaj" in r.output.splitlines()
    assert "rarity: ritka" in r.output.splitlines()
    r = CliRunner().invoke(cli, ["card", "show", "MINTA-017", "--lang", "hu"])
    assert "feltétel: Tolvaj" in r.output.splitlines()
    assert "ritkaság: ritka" in r.output.splitlines()
    r = CliRunner().invoke(cli, ["card", "show", "Őstűz teremtése"])
    assert "spheres: Tűz" in r.output.splitlines()


def test_card_show_prints_the_new_fields_in_both_languages() -> None:
    r = CliRunner().invoke(cli, ["card", "show", "Kyria Dorell", "--db", str(REAL)])
    lines = r.output.splitlines()
    assert lines[2] == ("szint 4 · faj ember · kaszt szerencsevadász, harcos · alkaszt tolvaj · jellem káosz · "
                        "Fizikum 3 · Asztrál 2 · Mentál 4 · fázis Sor")
    assert "descriptor: Toroni nő Tolvaj (origin Toroni · gender nő)" in lines
    assert "ability · combat, once · Árnyéklépés · MP 1: Harci, egyszeri: Kyria Dorell Fizikuma +2 a harc végéig." \
        in lines
    r = CliRunner().invoke(cli, ["card", "show", "Kyria Dorell", "--db", str(REAL), "--lang", "hu"])
    lines = r.output.splitlines()
    assert "színesítő: Toroni nő Tolvaj (származás Toroni · nem nő)" in lines
    assert "képesség · harci, egyszeri · Árnyéklépés · MP 1: Harci, egyszeri: Kyria Dorell Fizikuma +2 a harc végéig." \
        in lines
    r = CliRunner().invoke(cli, ["card", "show", "A tornyok árnyékában", "--db", str(REAL)])
    assert "location: Toron, Tornyok negyede" in r.output.splitlines()
    assert "condition: Toroni Tolvaj | Pap | Dwoon Harcos" in r.output.splitlines()
    r = CliRunner().invoke(cli, ["card", "show", "Lángcsóva", "--db", str(REAL)])
    lines = r.output.splitlines()
    assert lines[1] == "akciólap · varázslat    MP 3X"
    assert ["school: Tűzmágia", "damage: 3", "spheres: Tűz"] == lines[3:6]


def test_card_show_json_has_the_model() -> None:
    r = CliRunner().invoke(cli, ["card", "show", "VALO-002", "--db", str(REAL), "--format", "json"])
    model = json.loads(r.output)["model"]
    assert model["subclasses"] == ["gladiátor", "barbár"]
    assert model["races"] == ["dwoon"]
    assert model["descriptor"]["twin"] == ["iker"]
    assert model["abilities"][0]["marks"] == ["constant", "one_per_player"]
    assert model["abilities"][0]["behaviour"] == ["constant: level +1 own adventurers race:dwoon per_player"]
    r = CliRunner().invoke(cli, ["card", "show", "VALO-030", "--db", str(REAL), "--format", "json"])
    model = json.loads(r.output)["model"]
    assert (model["phases"], model["classes"], model["mp_x_factor"]) == (["Sor", "Harc"], ["varázshasználó", "pap"], 3)
    r = CliRunner().invoke(cli, ["card", "show", "VALO-010", "--db", str(REAL), "--format", "json"])
    assert json.loads(r.output)["model"]["requirement"] == [["Toroni", "Tolvaj"], ["Pap"], ["Dwoon", "Harcos"]]


# ------------------------------------------------------------------ old files stay valid


@pytest.mark.parametrize("folder", ["examples/masik-db/cards", "tests/data/main-minta"])
def test_old_set_files_stay_valid(folder: str) -> None:
    """No field changed shape: the set files as they were on main check clean under --strict (no migrate)."""
    report = check_database([ROOT / folder], use_cache=False)
    assert [f.render_text() for f in report.findings] == []
    assert report.card_count >= 7


# ------------------------------------------------------------------ the model


def test_the_model_of_a_real_style_card() -> None:
    db = load_database([REAL])
    kyria = db["Kyria Dorell"]
    assert kyria.values("class") == ("szerencsevadász", "harcos")
    assert kyria.descriptor is not None and kyria.descriptor.origins == ("toroni",)
    assert kyria.abilities[1].behaviour is not None and kyria.abilities[1].behaviour.ability is not None
    assert db["VALO-030"].values("phase") == ("Sor", "Harc")
    assert db["VALO-030"].mp_x_factor == 3
    assert db["VALO-004"].mp_x_factor == 1
    assert db["VALO-001"].mp_x_factor is None
    assert db["VALO-040"].properties == frozenset({"token"})
    assert db["VALO-032"].properties == frozenset({"psi"})
    assert db["VALO-003"].descriptor is not None and db["VALO-003"].descriptor.faiths == ("ranagol-hivo",)
    req = db["VALO-020"].requirement
    assert req is not None and req.alternatives == (("Tolvaj",), ("Bárd",))


# ------------------------------------------------------------------ a token is not part of a deck


def test_a_token_in_a_deck_list_is_refused(tmp_path: Path) -> None:
    from korbiro.grammar.decklist import parse_deck_text
    from korbiro.rules.mk.deck import check_deck

    deck_text = (ROOT / "korbiro" / "data" / "mk" / "decks" / "kincsvadaszok.deck").read_text("utf-8")
    legal = check_deck(parse_deck_text(deck_text, "a.deck"), load_database())
    assert legal.legal
    deck = parse_deck_text(deck_text + "1 Tartomány-jelző\n", "a.deck")
    report = check_deck(deck, load_database())
    tokens = [f for f in report.findings if f.code == "MK-DECK-TOKEN"]
    assert [(f.rule, f.severity.value, f.line, f.card) for f in tokens] == [
        ("1.02", "error", deck.entries[-1].line, "Tartomány-jelző")]
    assert tokens[0].message == ("'Tartomány-jelző' is a token (jelző): it is not part of a deck; "
                                 "an effect brings it into play")
    assert not report.legal


# ------------------------------------------------------------------ the index and the search language


@pytest.mark.parametrize(("query", "ids"), [
    ("descriptor:toroni", ["MINTA-200", "MINTA-210"]),
    ("színesítő:nő", ["MINTA-200", "MINTA-202"]),
    ("race:dwoon", ["MINTA-201"]),
    ("class:pap type:kalandozó", ["MINTA-010", "MINTA-202", "MINTA-288"]),
    ("class:harcos subclass:gladiátor", ["MINTA-013", "MINTA-201", "MINTA-255"]),
    ("subclass:barbár", ["MINTA-015", "MINTA-201"]),
    ("phase:sor type:akciólap school:tűzmágia", ["MINTA-205"]),
    ("mark:harci", ["MINTA-200"]),
    ("mark:combat", ["MINTA-200"]),
    ("prop:token", ["MINTA-208", "MINTA-338"]),
    ("property:jelző", ["MINTA-208", "MINTA-338"]),
    ("prop:named", ["MINTA-202"]),
    ("school:\"közelharci támadás\"", ["MINTA-206"]),
    ("location:toron", ["MINTA-203"]),
    ("damage>=3", ["MINTA-205"]),
    ("mp:x school:tűzmágia", ["MINTA-205"]),
    ("requirement:\"dwoon harcos\"", ["MINTA-203"]),
    ("duration:pillanat", ["MINTA-205", "MINTA-207"]),
])
def test_search_reads_the_new_fields(query: str, ids: list[str]) -> None:
    r = CliRunner().invoke(cli, ["card", "search", query, "--format", "json", "--sort", "id"])
    assert r.exit_code == 0, r.output
    assert [c["id"] for c in json.loads(r.output)["cards"]] == ids


# ------------------------------------------------------------------ data coverage


def test_data_coverage_of_the_real_style_fixture() -> None:
    r = CliRunner().invoke(cli, ["data", "coverage", str(REAL)])
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[:5] == ["5 of 13 card(s) fully modelled", "2 of 6 printed abilities have a behaviour", "",
                         "left to model:", "  VALO-001  Kyria Dorell"]
    assert "    ability without a behaviour: Árnyéklépés" in lines
    assert '    free text without a behaviour: "Két sebzés egy célpont kalandozónak."' in lines
    assert "  VALO-002  Grodd Vasököl" not in lines  # its one ability has a behaviour
    r = CliRunner().invoke(cli, ["data", "coverage", str(REAL), "--lang", "hu"])
    assert r.output.splitlines()[:2] == ["13 lapból 5 teljesen modellezett",
                                         "6 nyomtatott képességből 2 viselkedése meg van írva"]


def test_data_coverage_json() -> None:
    r = CliRunner().invoke(cli, ["data", "coverage", str(REAL), "--format", "json"])
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert (data["cards"], data["modelled_cards"], data["abilities"], data["modelled_abilities"]) == (13, 5, 6, 2)
    assert data["left"][0] == {"id": "VALO-001", "name": "Kyria Dorell",
                               "left": [{"kind": "ability", "what": "Árnyéklépés"}]}


def test_data_coverage_of_a_database_with_errors_exits_1(tmp_path: Path) -> None:
    folder = _write(tmp_path, ADVENTURER)  # no race
    r = CliRunner().invoke(cli, ["data", "coverage", str(folder)])
    assert r.exit_code == 1
    assert "error MK-DATA-REQUIRED: $.cards[0] (card PROBA-001): missing required field 'race'" in r.output
    r = CliRunner().invoke(cli, ["data", "coverage", str(tmp_path / "nincs")])
    assert r.exit_code == 2


# ------------------------------------------------------------------ the web card page


def test_the_web_card_page_shows_the_printed_fields(web_client: object) -> None:
    r = web_client.get("/cards/MINTA-200")  # type: ignore[attr-defined]
    assert r.status_code == 200
    assert "<dt>class</dt><dd>szerencsevadász, harcos</dd>" in r.text
    assert "<dt>descriptor</dt><dd>Toroni nő Tolvaj</dd>" in r.text
    assert "<strong>Árnyéklépés</strong> · MP 1" in r.text
    r = web_client.get("/cards/MINTA-203")  # type: ignore[attr-defined]
    assert "<dt>requirement</dt><dd>Toroni Tolvaj | Dwoon Harcos | Pap</dd>" in r.text
    assert "<dt>location</dt><dd>Toron, a Tornyok negyede</dd>" in r.text
    assert "<dt>rarity</dt><dd>nem gyakori</dd>" in r.text


# ------------------------------------------------------------------ the readers, property-tested

WORDS = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=30)


@settings(max_examples=300, deadline=None)
@given(WORDS)
def test_a_descriptor_is_its_words_each_classified_once(text: str) -> None:
    d = read_descriptor(text)
    assert " ".join(d.words) == fold(text)
    assert len(d.printed) == len(d.words)
    kinds = [*d.origins, *d.races, *d.faiths, *d.genders, *d.twins, *d.others]
    assert sorted(kinds) == sorted(d.words)


@settings(max_examples=300, deadline=None)
@given(st.one_of(WORDS, st.lists(WORDS, max_size=4), st.integers(), st.none()))
def test_a_requirement_is_its_alternatives_words(value: object) -> None:
    req = read_requirement(value)
    alternatives = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    expected = tuple(tuple(a.split()) for a in alternatives if a.split())
    assert (req.alternatives if req is not None else ()) == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="abcSorHarcé ", min_size=1, max_size=8), min_size=1, max_size=4))
def test_split_values_reads_a_slash_string_as_its_list(parts: list[str]) -> None:
    kept = [p.strip() for p in parts if p.strip()]
    assert split_values("/".join(parts)) == tuple(kept)
    assert split_values(parts) == tuple(kept)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(MARKS)), st.booleans())
def test_every_spelling_of_a_mark_in_any_case(spelling: str, upper: bool) -> None:
    assert mark_id(spelling.upper() if upper else spelling) == MARKS[spelling]
    assert mark_id(fold(spelling)) == MARKS[spelling]


@given(st.integers(min_value=1, max_value=10**6))
def test_nx_factor(n: int) -> None:
    assert mp_x_factor(f"{n}X") == n
    assert mp_x_factor("X") == 1
    assert mp_x_factor(n) is None


def test_the_legal_x_of_an_nx_card_is_what_its_player_can_pay() -> None:
    """Lángcsóva costs 2X: with 4 MP its legal X runs up to 2 (4 MP), not 4."""
    from korbiro.rules.mk.timeline.scenario import run_file

    eng = run_file(str(ROOT / "examples" / "rulings" / "i26-fields-nx-mp.yaml"), until=0).engine
    forms = [f for f in eng.legal_actions("Anna") if f.verb == "summon" and f.card == "Lángcsóva"]
    assert forms and {f.x for f in forms} == {(0, 2)}


def test_a_split_phase_suggests_the_printed_spelling() -> None:
    report = check_database([TESTS / "bad_inputs" / "sets" / "phase-split-typo"], use_cache=False)
    [f] = report.findings
    assert f.message == "unknown phase 'Harc elokeszitess' (did you mean 'Harc előkészítés'?)"
    assert f.render_text(lang="hu").endswith("ismeretlen fázis: 'Harc elokeszitess' (erre gondoltál: 'Harc előkészítés'?)")


@pytest.mark.parametrize("extra", [[], ["--date", "2026-03-01"]])
def test_deck_check_refuses_a_token_through_the_index(tmp_path: Path, extra: list[str]) -> None:
    deck = tmp_path / "a.deck"
    text = (ROOT / "korbiro" / "data" / "mk" / "decks" / "kincsvadaszok.deck").read_text("utf-8")
    deck.write_text(text + "1 Tartomány-jelző\n", encoding="utf-8")
    line = len((text + "1 Tartomány-jelző\n").splitlines())
    r = CliRunner().invoke(cli, ["deck", "check", str(deck), "--format", "json", *extra])
    assert r.exit_code == 1
    tokens = [f for f in json.loads(r.output)["findings"] if f["code"] == "MK-DECK-TOKEN"]
    assert [(f["rule"], f["line"], f["severity"]) for f in tokens] == [("1.02", line, "error")]
    hu = CliRunner().invoke(cli, ["deck", "check", str(deck), "--lang", "hu", *extra])
    assert "'Tartomány-jelző' jelző: nem része a paklinak; hatás hozza játékba" in hu.output


def test_properties_in_any_case_and_a_misspelt_one(tmp_path: Path) -> None:
    folder = _write(tmp_path, """\
- id: PROBA-005
  name: Próba Jelző
  type: eseménylap
  mp: 0
  properties: [Jelző, PSI]
- id: PROBA-006
  name: Másik Jelző
  type: eseménylap
  mp: 0
  properties: [jelzők, nevesitett]
""")
    report = check_database([folder], use_cache=False)
    [f] = report.findings
    assert (f.code, f.line, f.column) == ("MK-CARD-PROPERTY", 12, 18)
    assert f.message == "unknown property 'jelzők': psi, jelző (token) or nevesített (named) (did you mean 'jelző'?)"
    folder = _write(tmp_path, """\
- id: PROBA-005
  name: Próba Jelző
  type: eseménylap
  mp: 0
  properties: [Jelző, PSI]
""")
    card = load_database([folder])["PROBA-005"]
    assert card.properties == frozenset({"token", "psi"})
