"""The timeline engine: the action language, the CLI contract, options, and properties."""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from layout import ROOT

from korbiro.base.errors import DataError, IllegalActionError, RulesSyntaxError
from korbiro.cli import cli
from korbiro.grammar.action import parse_action
from korbiro.grammar.behaviour import parse_effect
from korbiro.rules.mk.timeline import OPTIONS, RULES
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.rules import FORMATS
from korbiro.rules.mk.timeline.scenario import build_engine, load_scenario

RULINGS = ROOT / "examples" / "rulings"
SOURCES = [ROOT.parent / "shared" / "seeds", ROOT.parent / "shared" / "reference" / "mk-rules.md"]



@pytest.fixture(scope="module")
def lookup() -> Any:
    from korbiro.data.check import load_database

    db = load_database()
    return lambda name: db.lookup(name, suggest=False).card


# ------------------------------------------------------------------ action language


@pytest.mark.parametrize("hu,en", [
    ('leidéz "A" által "B" célpont "C", "D" x 2 mód "tűz" ingyen', 'summon "A" by "B" target "C", "D" x 2 mode "tűz" free'),
    ('csatol "A" -> "B"', 'attach "A" to "B"'),
    ('semlegesít @3 mint bestia forrás "T"', 'neutralise #3 as beast source "T"'),
    ('másol bejegyzés 1 által "B"', 'copy entry 1 by "B"'),
    ('megold "Q" csapat "A", "B" expedíció raktároz "L"', 'solve "Q" team "A", "B" expedition store "L"'),
    ('ostromol csapat "A" akadályoz "B" ellen "P"', 'siege team "A" block "B" against "P"'),
    ('visszafejt 2', 'unwind 2'), ('passz', 'pass'), ('forduló vége', 'end round'),
    ('fázis "harc"', 'phase "harc"'), ('meghal "A"', 'kill "A"'), ('sebez 2 "A"', 'damage 2 "A"'),
    ('feláldoz "A"', 'sacrifice "A"'), ('megszerez "A" megtart "A"', 'take control "A" keep "A"'),
    ('ráépít "M" -> "B"', 'build "M" on "B"'), ('aktivizál "A" dob 5 akarja', 'activate "A" roll 5 accept'),
])
def test_hungarian_verbs_and_english_aliases_agree(hu: str, en: str) -> None:
    a, b = parse_action(hu), parse_action(en)
    assert {**a._asdict(), "text": ""} == {**b._asdict(), "text": ""}


def test_an_action_is_the_same_however_it_was_written_and_is_no_plain_tuple() -> None:
    """Why: the action became a named tuple (issue 29: a frozen dataclass of 25 fields took ~3.4 µs to make, ~10% of
    a random game's instructions); it keeps the dataclass's equality: everything but how it was written."""
    hu, en = parse_action('passz'), parse_action('pass')
    assert (hu.text, en.text) == ("passz", "pass")
    assert hu == en and hash(hu) == hash(en) and {hu: 1}[en] == 1 and not (hu != en)
    assert hu != tuple(en) and tuple(en) != hu and hu != parse_action('unwind 2')
    assert parse_action('summon "A" x 2') != parse_action('summon "A" x 3')


def test_a_legal_action_equals_only_a_legal_action_of_the_same_fields() -> None:
    """Why: the listing's forms became named tuples, then a compiled class (issue 29); a form is still a value,
    equal only to a form of the same fields."""
    from korbiro.rules.mk.timeline.legal import LegalAction

    form = LegalAction("Anna", "summon", "5.01", card="A", x=(0, 2))
    assert form == LegalAction("Anna", "summon", "5.01", card="A", x=(0, 2)) and len({form, form.replace()}) == 1
    assert hash(form) == hash(LegalAction("Anna", "summon", "5.01", card="A", x=(0, 2))) and not form != form.replace()
    assert form != tuple(form.fields().values()) and form != form.fields() and form != form.replace(x=(0, 1))
    assert form.replace(x=(1, 1)) == form.with_x(1, 1) != form and form.replace(x=(1, 1)).completion().x == 1
    assert list(form.fields()) == list(inspect.signature(LegalAction).parameters)
    assert repr(form.replace(card="B")).startswith("LegalAction(player='Anna', verb='summon', rule='5.01', card='B'")


def test_a_forms_completion_puts_each_choice_in_the_actions_field_of_the_same_meaning() -> None:
    """Why: a completion is made from :class:`Action`'s fields in their order (``Action._make``: compiled, the
    named tuple's constructor is a Python function); each part of the form lands where the keyword would put it."""
    from random import Random

    from korbiro.grammar.action import Action
    from korbiro.rules.mk.timeline.legal import LegalAction

    form = LegalAction("Anna", "solve", "4.01.A", card="Q", by="B", dest="D", ref=3, source="S", against="Béla",
                       mode="m", expedition=True, targets=("T1", "T2"), target_count=(1, 2), team=("A1", "A2"),
                       team_size=(1, 2), x=(2, 4), stores=("L1", "L2"), accept=True, ability="tűz")
    first = Action("solve", card="Q", ref=3, dest="D", by="B", targets=("T1",), team=("A1",), x=2, mode="m",
                   source="S", against="Béla", expedition=True, store="L1", accept=True, ability="tűz")
    assert form.completion() == first and tuple(form.completion()) == tuple(first)
    drawn = form.completion(Random(5))
    assert drawn._replace(targets=(), team=(), x=None, store=None) == first._replace(targets=(), team=(), x=None,
                                                                                      store=None)
    assert 2 <= (drawn.x or 0) <= 4 and set(drawn.targets) <= {"T1", "T2"} and drawn.store in ("L1", "L2")


@pytest.mark.parametrize("text,col", [('leidéz Briar', 8), ('csatol "A" "B"', 12), ('masol @x', 8), ('xyz', 1)])
def test_syntax_errors_carry_a_column(text: str, col: int) -> None:
    with pytest.raises(RulesSyntaxError) as exc:
        parse_action(text, path="s.yaml", line=7, column=1)
    assert exc.value.line == 7 and exc.value.column == col and "^" in exc.value.message


@pytest.mark.parametrize("text,col,word", [
    ('szövetség "Béla" ellen "Cili"', 18, "ellen"),          # ally names its player itself
    ('leidéz "Wirg" dob 6 dob 3', 21, "dob"),
    ('megold "Q" csapat "A" expedíció expedition', 33, "expedition"),
])
def test_a_clause_said_twice_is_a_syntax_error(text: str, col: int, word: str) -> None:
    """Found by the fuzz run (issue 25): ``szövetség "Béla" ellen "Cili"`` was an internal error (VisitError),
    and a repeated clause silently kept its last value."""
    with pytest.raises(RulesSyntaxError) as exc:
        parse_action(text, path="s.yaml", line=7, column=5)
    assert (exc.value.code, exc.value.line, exc.value.column) == ("MK-ACTION-SYNTAX", 7, 4 + col)
    assert exc.value.message == (f"{word!r} says again what the action already says: write it once"
                                 f"\n  {text}\n  {' ' * (col - 1)}^")


@pytest.mark.parametrize("word,kind", [("beſtia", "beast"), ("\u212aÉPESSÉG", "ability"), ("LAP", "card")])
def test_a_kind_in_any_case_that_python_folds(word: str, kind: str) -> None:
    """``mint beſtia``: the grammar matches case-insensitively (ſ is s), the kind table was looked up in
    lower case, which keeps ſ: an internal error (KeyError in a VisitError), found by the fuzz run."""
    assert parse_action(f'semlegesít @3 mint {word}').kind == kind


def test_effect_language() -> None:
    ops = parse_effect('sebzés X célpont; mp ellenfél_dp legfeljebb 3 irányító; gyengeség "Airun al Marem"')
    assert [(o.name, o.amount, o.cap, o.who) for o in ops] == [
        ("damage", "X", None, "target"), ("gain_mp", "oppdp", 3, "controller"), ("weakness", None, None, "=Airun al Marem")]


# ------------------------------------------------------------------ rules and sources


def test_rule_ids_appear_in_the_sources() -> None:
    texts = []
    for src in SOURCES:
        if src.is_dir():
            texts.extend(p.read_text("utf-8") for p in src.glob("004_*.txt"))
        elif src.exists():
            texts.append(src.read_text("utf-8"))
    if not texts:
        pytest.skip("the shared sources are not beside the repository")
    text = "\n".join(texts)
    for rid in RULES:
        parts = rid.split(".")
        # "1.14.14.D" is written "14. Kincskeresés … D./" under 1.14; "2.03.c" literally
        assert rid in text or ".".join(parts[:2]) in text, rid
        if len(parts) == 2 or rid.startswith(("1.14.", "3.05.", "11.00.", "10.00.")):
            continue


def test_statuses() -> None:
    assert {r.status for r in RULES.values()} == {"current", "archived"}
    assert RULES["5.01.E"].status == "current" and RULES["11.00.C"].status == "archived"


# ------------------------------------------------------------------ CLI contract


def _write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_cli_text_trace_lines_carry_rule_ids() -> None:
    res = CliRunner().invoke(cli, ["resolve", str(RULINGS / "masolat-megtartja-x.yaml")])
    assert res.exit_code == 0, res.output
    numbered = [ln for ln in res.output.splitlines() if re.match(r"\s+\d+\. \[", ln)]
    assert numbered and all(re.match(r"\s+\d+\. \[[0-9][0-9.A-Za-z]*( archived)?\] ", ln) for ln in numbered)
    assert "[6.05.O archived]" in res.output


def test_cli_json_and_hungarian() -> None:
    res = CliRunner().invoke(cli, ["resolve", str(RULINGS / "hatalomszo-nemes-nyelv.yaml"), "--format", "json", "--lang", "hu"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data[0]["passed"] is True and data[0]["trace"][0]["rule"]
    assert any("NEMES NYELVET" in e["message"] for e in data[0]["trace"])


def test_cli_mismatch_exits_1_with_a_diff(tmp_path: Path) -> None:
    text = (RULINGS / "kincskereses-osszeadodik.yaml").read_text("utf-8").replace("dp: 3,", "dp: 9,")
    res = CliRunner().invoke(cli, ["resolve", _write(tmp_path, "s.yaml", text)])
    assert res.exit_code == 1
    assert "expect.players.Anna.dp: expected 9, got 3" in res.output


def test_cli_illegal_action_exits_1_with_its_rule(tmp_path: Path) -> None:
    text = (RULINGS / "toronyszint-ket-akadaly.yaml").read_text("utf-8").replace("  illegal:\n    - {step: 3, rule: 3.01.C}\n", "")
    res = CliRunner().invoke(cli, ["resolve", _write(tmp_path, "s.yaml", text)])
    assert res.exit_code == 1
    assert ('  step 3 (line 13): Anna: csatol "Barlangi medve" -> "Argureni bálterem"\n'
            "    REFUSED [3.01.C] Argureni bálterem already has 2 obstacles (2 traps, 2 beasts, or one of each)\n"
            "  step 4 (line 14): visszafejt\n") in res.output


@pytest.mark.parametrize("text,where", [
    ("title: x\nsetup: {players: [{name: A}]}\nscript: [\"leidéz Briar\"]\n", ":3:"),
    ("title: x\nsetup: {players: [{name: A, hand: [Nincs ilyen lap]}]}\nscript: []\n", ":2:"),
    ("title: x\nsetup: {players: [{name: A}]}\nscript: []\nbogus: 1\n", ":1:"),
    ("title: x\nformat: nope\nsetup: {players: [{name: A}]}\nscript: []\n", ":2:"),
    ("title: x\noptions: {siege_tie: maybe}\nsetup: {players: [{name: A}]}\nscript: []\n", ":2:"),
    ("title: x\nsetup: {players: [{name: A}, {name: B}, {name: C}]}\nscript: []\n", ":2:"),
    ("title: [\n", ":"),
    ("title: x\nsetup: {active: Zoli, players: [{name: A}]}\nscript: []\n", ":2:"),
    ("title: x\nsetup:\n  players:\n    - {name: A, jelen: [{card: Dzsad bankház, controller: Zoli}]}\nscript: []\n", ":4:"),
    ("title: x\nvariant: nincs-ilyen\nsetup: {players: [{name: A}]}\nscript: []\n", ":2:"),
    ("title: x\nsetup: {start: true, players: [{name: A}]}\nscript: []\n", ":2:"),
    ("title: x\nsetup: {players: [{name: A}]}\nscript: []\nexpect: {result: {verdict: win}}\n", ":4:"),
    ("title: x\nsetup: {players: [{name: A}]}\nscript: [játék]\n", ":3:"),
])
def test_cli_invalid_scenarios_exit_2_with_file_and_line(tmp_path: Path, text: str, where: str) -> None:
    path = _write(tmp_path, "bad.yaml", text)
    res = CliRunner().invoke(cli, ["resolve", path])
    assert res.exit_code == 2, res.output
    assert f"{path}{where}" in res.output


def test_cli_missing_file_and_bad_option(tmp_path: Path) -> None:
    assert CliRunner().invoke(cli, ["resolve", str(tmp_path / "nope.yaml")]).exit_code == 2
    res = CliRunner().invoke(cli, ["resolve", str(RULINGS / "lifo-semlegesites.yaml"), "--option", "nope=1"])
    assert res.exit_code == 2


def test_cli_option_overrides_the_scenario() -> None:
    path = str(RULINGS / "lifo-semlegesites.yaml")
    res = CliRunner().invoke(cli, ["resolve", path, "--option", "neutralised_to=melyseg"])
    assert res.exit_code == 1 and "múlt" in res.output


def test_every_option_is_used_by_a_scenario() -> None:
    from korbiro.base.yamlload import load_yaml_file

    used: set[str] = set()
    for p in RULINGS.glob("*.yaml"):
        used.update((load_yaml_file(p).data.get("options") or {}).keys())
    assert set(OPTIONS) <= used, sorted(set(OPTIONS) - used)


# ------------------------------------------------------------------ properties

BASE = """
title: random play
format: archivalt
setup:
  players:
    - name: Anna
      mp: 30
      sor: [Briar Sichetti, "Garmacs, a kincsvadász", Gorviki zsoldos, {card: "Ilvaren, az erioni antissjáró", state: pihenő}]
      hand: [Az Uralom Szava, Őstűz teremtése, Slan ököl, Zsebes Kobak, Wirg, Barlangi medve, Terda Radowik am Warwik, Gorviki ostromgép, Lassú méreg]
      jelen: [A pyarroni katakombák kincse, Az abasziszi karaván kísérete, A Kék Kristály őrzése]
      torony: [Argureni bálterem, Kincses kamra]
    - name: Béla
      mp: 20
      sor: [Airun al Marem, Pyarroni novícius, A shadoni kísértetlovag, Vadonjáró Thorwald]
      hand: [Kétkezes csapás, Sárkánytűz, Omladozó lépcső]
      torony: [{card: Toroni őrtorony, attach: [Lidércfény]}]
script: []
"""

ACTIONS = [
    ("Anna", 'leidéz "Az Uralom Szava" által "Briar Sichetti" célpont "Pyarroni novícius"'),
    ("Anna", 'leidéz "Őstűz teremtése" által "Briar Sichetti" célpont "Airun al Marem" x 2'),
    ("Anna", 'leidéz "Slan ököl" által "Gorviki zsoldos" célpont "Pyarroni novícius" dob 6'),
    ("Anna", 'leidéz "Terda Radowik am Warwik"'),
    ("Anna", 'csatol "Zsebes Kobak" -> "Garmacs, a kincsvadász"'),
    ("Anna", 'csatol "Wirg" -> "Argureni bálterem"'),
    ("Anna", 'csatol "Barlangi medve" -> "Argureni bálterem"'),
    ("Anna", 'ráépít "Gorviki ostromgép" -> "Briar Sichetti"'),
    ("Anna", 'leidéz "Lassú méreg" által "Briar Sichetti" célpont "Airun al Marem"'),
    ("Anna", 'megold "A pyarroni katakombák kincse" csapat "Briar Sichetti", "Garmacs, a kincsvadász"'),
    ("Anna", 'megold "Az abasziszi karaván kísérete" csapat "Gorviki zsoldos" expedíció'),
    ("Anna", 'megold "A Kék Kristály őrzése" csapat "Garmacs, a kincsvadász"'),
    ("Anna", 'aktivizál "Ilvaren, az erioni antissjáró" célpont "Airun al Marem"'),
    ("Anna", 'aktivizál "Briar Sichetti"'),
    ("Anna", 'ostromol csapat "Gorviki zsoldos"'),
    ("Béla", 'aktivizál "Vadonjáró Thorwald" célpont "Gorviki zsoldos"'),
    ("Béla", 'aktivizál "Lidércfény" célpont "Briar Sichetti"'),
    ("Béla", 'leidéz "Kétkezes csapás" által "Vadonjáró Thorwald" célpont "Garmacs, a kincsvadász"'),
    ("Béla", 'leidéz "Sárkánytűz" által "Vadonjáró Thorwald"'),
    ("Béla", 'semlegesít @1'), ("Béla", 'semlegesít @2 mint bestia'), ("Béla", 'semlegesít @3'),
    ("Béla", 'másol @1 által "Airun al Marem"'), ("Béla", 'másol @2 által "Pyarroni novícius" célpont "Briar Sichetti"'),
    ("Anna", 'passz'), ("Béla", 'passz'), (None, 'visszafejt 1'), (None, 'visszafejt'),
    (None, 'fázis "harci kör"'), (None, 'fázis "manőverek"'), (None, 'fázis "akadálylap aktivizálás"'),
    (None, 'forduló vége'), (None, 'meghal "A shadoni kísértetlovag"'), (None, 'sebez 2 "Briar Sichetti"'),
    ("Béla", 'feláldoz "Pyarroni novícius"'), ("Béla", 'megszerez "Argureni bálterem"'),
]
PARSED = [(p, parse_action(t)) for p, t in ACTIONS]


@pytest.fixture(scope="module")
def base_scenario(lookup: Any) -> Any:
    return load_scenario("random.yaml", text=BASE, lookup=lookup)


def _play(sc: Any, lookup: Any, picks: list[int]) -> tuple[list[tuple[Any, ...]], Engine]:
    eng = build_engine(sc, lookup)
    for i in picks:
        player, action = PARSED[i]
        try:
            eng.apply(player, action)
        except IllegalActionError as exc:
            assert exc.rule in RULES
    return [(e.rule, e.event, e.en, e.data) for e in eng.state.trace], eng


def _check_lifo(eng: Engine) -> None:
    stacks: dict[int, list[int]] = {}
    where: dict[int, int] = {}
    for e in eng.state.trace:
        data = dict(e.data)
        if e.event == "add" and "timeline" in data:
            stacks.setdefault(data["timeline"], []).append(data["entry"])
            where[data["entry"]] = data["timeline"]
        elif e.event == "unwind":
            stack = stacks[data["timeline"]]
            assert stack and stack[-1] == data["entry"], "unwinding is last in, first out"
            stack.pop()
        elif e.event == "neutralised":
            stacks[where[data["entry"]]].remove(data["entry"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(min_value=0, max_value=len(ACTIONS) - 1), max_size=25))
@example(picks=[32, 31])  # a ghost's round-closing ability: its timed effect's timeline is in the trace
def test_random_actions_never_crash_are_deterministic_and_lifo(base_scenario: Any, lookup: Any, picks: list[int]) -> None:
    first, eng = _play(base_scenario, lookup, picks)
    second, _ = _play(base_scenario, lookup, picks)
    assert first == second
    _check_lifo(eng)
    for e in eng.state.trace:
        assert e.rule in RULES
    for cs in eng.state.cards.values():
        assert cs.damage >= 0 and cs.state in ("éber", "pihenő", "sérült")
        assert sum(cs.uid in p.zones[cs.zone] for p in eng.state.players.values()) == 1


def test_format_korfordulo_never_applies_archived_rules(base_scenario: Any, lookup: Any) -> None:
    sc = load_scenario("random.yaml", text=BASE.replace("format: archivalt", "format: korfordulo"), lookup=lookup)
    for seed in range(8):
        picks = [(seed * 7 + k * 13) % len(ACTIONS) for k in range(30)]
        _, eng = _play(sc, lookup, picks)
        for e in eng.state.trace:
            assert e.status == "current" or e.event == "not-applied"


def test_formats() -> None:
    assert set(FORMATS) == {"korfordulo", "archivalt"}


def test_a_long_timeline_unwinds_in_order() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_timeline", ROOT / "benchmarks" / "timeline.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.build_and_resolve(200) == list(range(200, 0, -1))


def test_data_errors_are_data_errors(lookup: Any) -> None:
    with pytest.raises(DataError):
        load_scenario("x.yaml", text="title: x\nsetup: {players: []}\nscript: []\n", lookup=lookup)


def test_docs_example_output_is_real() -> None:
    doc = (ROOT / "docs" / "scenarios.md").read_text("utf-8")
    block = doc.split("$ korbiro resolve examples/rulings/kincskereses-osszeadodik.yaml\n", 1)[1].split("```", 1)[0]
    import os

    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        res = CliRunner().invoke(cli, ["resolve", "examples/rulings/kincskereses-osszeadodik.yaml"])
    finally:
        os.chdir(cwd)
    assert res.exit_code == 0
    assert res.output == block


def test_docs_list_every_verb() -> None:
    from korbiro.grammar.action import VERBS

    doc = (ROOT / "docs" / "scenarios.md").read_text("utf-8")
    for verb in VERBS:
        assert f"`{verb.replace('_', ' ')}" in doc or verb.replace("_", " ") in doc, verb
