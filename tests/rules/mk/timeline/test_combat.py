"""Issue 27, "combat": a manoeuvre played as its phases (6.03), each a timeline of its own, with the legal actions
of each phase, and the combat between the teams (battle order, dice, threshold, shield, armour, damage)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layout import ROOT
from test_legal_actions import play

from korbiro.data.check import load_database
from korbiro.data.paths import shipped_db_path
from korbiro.grammar.action import Action, parse_action, render
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.game import RandomPolicy, deal, sample_decks
from korbiro.rules.mk.timeline.game import play as play_game
from korbiro.rules.mk.timeline.model import TimedModifier
from korbiro.rules.mk.timeline.phases import phases_of
from korbiro.rules.mk.timeline.scenario import Result, load_scenario, run_file, run_scenario
from korbiro.rules.mk.timeline.selfplay import random_step, random_table

RULINGS = ROOT / "examples" / "rulings"

SIEGE = """
title: a siege
format: korfordulo
options: {turn_order: free}
setup:
  players:
    - {name: Anna, mp: 2, sor: [Terda Radowik am Warwik, Pyarroni novícius]}
    - {name: Béla, mp: 0, sor: [Briar Sichetti], torony: [Toroni őrtorony, Argureni bálterem]}
script:
"""


def run(tmp_path: Path, steps: list[str], text: str = SIEGE, options: dict[str, str] | None = None) -> Result:
    data: dict[str, Any] = {"title": "a manoeuvre", **yaml.safe_load(text)}
    data["script"] = [{s.split(": ", 1)[0]: s.split(": ", 1)[1]} if s.startswith(("Anna: ", "Béla: ")) else s
                      for s in steps]
    if options:
        data["options"] = {**data.get("options", {}), **options}
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
    return run_file(str(path))


def phase_lines(result: Result) -> list[tuple[str, str]]:
    return [(e.rule, e.en) for e in result.trace if e.en.startswith("phase: ")]


def lines(result: Result) -> list[str]:
    return [e.en for e in result.trace]


# ---------------------------------------------------------------- the phases (6.03)


@pytest.mark.parametrize(("kind", "obstructed", "want"), [
    ("siege", False, ["kezdeményező csapat sorelhagyása", "akadályozó csapat sorelhagyása", "toronyszint felfedés",
                      "akadálylap aktivizálás"]),
    ("siege", True, ["kezdeményező csapat sorelhagyása", "akadályozó csapat sorelhagyása", "toronyszint felfedés",
                     "akadálylap aktivizálás", "harc előkészítés", "harci kör", "harc eredmény meghatározás"]),
    ("capture", True, ["kezdeményező csapat sorelhagyása", "akadályozó csapat sorelhagyása", "akadálylap aktivizálás",
                       "harc előkészítés", "harci kör", "harc eredmény meghatározás"]),
    ("quest", True, ["kezdeményező csapat sorelhagyása", "akadályozó csapat sorelhagyása", "harc előkészítés",
                     "harci kör", "harc eredmény meghatározás", "akadálylap aktivizálás", "küldetés feltétel teljesítés"]),
    ("quest", False, ["kezdeményező csapat sorelhagyása", "akadályozó csapat sorelhagyása", "akadálylap aktivizálás",
                      "küldetés feltétel teljesítés"]),
    ("combat", True, ["kezdeményező csapat sorelhagyása", "akadályozó csapat sorelhagyása", "harc előkészítés",
                      "harci kör", "harc eredmény meghatározás"]),
])
def test_the_phases_of_each_manoeuvre_in_the_order_of_the_summary(kind: str, obstructed: bool, want: list[str]) -> None:
    assert phases_of(kind, obstructed) == want


def test_combat_rounds_repeat_the_combat_round_phase() -> None:
    assert phases_of("siege", True, 3).count("harci kör") == 3


def test_a_siege_goes_through_its_phases_each_a_timeline_naming_its_rule(tmp_path: Path) -> None:
    result = run(tmp_path, ['Anna: ostromol csapat "Terda Radowik am Warwik" akadályoz "Briar Sichetti"', "visszafejt"])
    assert result.passed and not result.refusals
    assert phase_lines(result) == [
        ("6.03", "phase: kezdeményező csapat sorelhagyása (6.03); timeline 2 opens"),
        ("6.03", "phase: akadályozó csapat sorelhagyása (6.03); timeline 3 opens"),
        ("6.03", "phase: toronyszint felfedés (6.03); timeline 4 opens"),
        ("6.03", "phase: akadálylap aktivizálás (6.03); timeline 5 opens"),
        ("6.03", "phase: harc előkészítés (6.03); timeline 6 opens"),
        ("6.03", "phase: harci kör (6.03); timeline 7 opens"),
        ("6.03", "phase: harc eredmény meghatározás (6.03); timeline 8 opens"),
    ]
    text = lines(result)
    # the reveal in its own phase (3.01.B), the result after the last phase (2.01.b), then the return (4.01.G)
    assert text.index("the sieged tower level Toroni őrtorony is revealed; it has no ability that applies on revealing") \
        < text.index("phase: akadálylap aktivizálás (6.03); timeline 5 opens")
    assert text[-3:] == ["obstructing value: team level 3 + FAL 4 = 7; initiating team level 5",
                         "the manoeuvre fails",
                         "Terda Radowik am Warwik, Briar Sichetti return to the Sor resting"]
    assert result.engine is not None and result.engine.state.maneuver is None
    assert result.engine.state.phase == "manőverek" and not result.engine.state.timelines


def test_a_phase_ends_only_when_every_player_has_passed_on_its_empty_timeline(tmp_path: Path) -> None:
    result = run(tmp_path, ['Anna: ostromol csapat "Terda Radowik am Warwik"', "visszafejt 1", "Anna: passz"])
    eng = result.engine
    assert eng is not None and eng.state.maneuver is not None
    assert eng.state.maneuver.phase == "kezdeményező csapat sorelhagyása"
    assert [e.en for e in eng.state.trace][-1] == "Anna passes"
    eng.apply("Béla", Action("pass"))
    assert eng.state.maneuver.phase == "akadályozó csapat sorelhagyása"
    assert [e.en for e in eng.state.trace][-3:] == [
        "Béla passes", "timeline 2 closes", "phase: akadályozó csapat sorelhagyása (6.03); timeline 3 opens"]


def test_a_scripted_phase_change_is_refused_while_a_manoeuvre_is_under_way(tmp_path: Path) -> None:
    result = run(tmp_path, ['Anna: ostromol csapat "Terda Radowik am Warwik"', "visszafejt 1", 'fázis "harci kör"',
                            "forduló vége"])
    assert [(r.step, r.code, r.rule) for r in result.refusals] == [(3, "MK-TL-PHASE", "6.03"), (4, "MK-TL-PHASE", "6.03")]
    assert result.refusals[0].message == (
        "a manoeuvre is under way (now kezdeményező csapat sorelhagyása): its phases follow one another as 6.03 "
        "orders them; pass or unwind (6.03)")


def test_until_combat_changes_end_when_the_manoeuvres_combat_ends(tmp_path: Path) -> None:
    result = run(tmp_path, ['Anna: ostromol csapat "Terda Radowik am Warwik" akadályoz "Briar Sichetti"',
                            "visszafejt 1"])
    eng = result.engine
    assert eng is not None
    terda = eng.find("Terda Radowik am Warwik")
    eng.state.timed.append(TimedModifier(terda.uid, "level", 2, "combat", "a harci képesség"))
    eng.apply(None, Action("unwind"))
    text = [e.en for e in eng.state.trace]
    ends = text.index("the combat ends: Terda Radowik am Warwik's level +2 (a harci képesség) ends")
    assert text.index("phase: harc eredmény meghatározás (6.03); timeline 8 opens") < ends
    # the level +2 counted in the combat, not in the result settled after it
    assert text[ends + 1] == "obstructing value: team level 3 + FAL 4 = 7; initiating team level 5"
    assert not eng.state.timed


def test_a_death_as_a_phase_closes_fires_its_timed_effects_and_the_manoeuvre_goes_on(tmp_path: Path) -> None:
    """Found by random play: a death as a combat round's timeline closed fired a timed effect (6.02), whose own
    timeline was still open when the phase's closed, and the manoeuvre never reached its next phase."""
    text = """
format: korfordulo
options: {turn_order: free, combat_blows: level}
setup:
  players:
    - {name: Anna, mp: 2, sor: [Terda Radowik am Warwik]}
    - {name: Béla, mp: 0, sor: [Gyászénekes bárd], torony: [Toroni őrtorony, Argureni bálterem], deck: [Briar Sichetti]}
"""
    result = run(tmp_path, ["kocka 6", 'Anna: ostromol csapat "Terda Radowik am Warwik" akadályoz "Gyászénekes bárd"',
                            "visszafejt"], text)
    eng = result.engine
    assert eng is not None and not result.refusals
    text_ = lines(result)
    dies = text_.index("Gyászénekes bárd has 5 damage against level 2 and dies")
    assert text_.index("phase: harc eredmény meghatározás (6.03); timeline 9 opens") > dies
    assert eng.state.maneuver is None and eng.state.phase == "manőverek" and not eng.state.timelines
    assert [c.label for c in eng.state.cards.values() if c.zone == "kez"] == ["Briar Sichetti"]
    assert text_[-4:] == ["obstructing value: team level 0 + FAL 4 = 4; initiating team level 5",
                          "the siege succeeds: Toroni őrtorony falls", "Toroni őrtorony goes to Múlt",
                          "Terda Radowik am Warwik return to the Sor resting"]


def test_an_obstacle_is_activated_in_the_obstacle_activation_phase_of_the_manoeuvre(tmp_path: Path) -> None:
    text = """
format: archivalt
options: {turn_order: free}
setup:
  players:
    - {name: Anna, mp: 2, sor: [Terda Radowik am Warwik]}
    - name: Béla
      mp: 2
      torony: [{card: Argureni bálterem, attach: [Barlangi medve]}, Toroni őrtorony]
"""
    steps = ['Anna: ostromol csapat "Terda Radowik am Warwik"', "visszafejt 1",
             'Béla: aktivizál "Barlangi medve" célpont "Terda Radowik am Warwik" dob 6',
             "Anna: passz", "Béla: passz", "Anna: passz", "Béla: passz", "Anna: passz", "Béla: passz",
             'Béla: aktivizál "Barlangi medve" célpont "Terda Radowik am Warwik" dob 6']
    result = run(tmp_path, steps, text)
    assert [(r.step, r.code, r.rule, r.message) for r in result.refusals] == [
        (3, "MK-TL-NO-MANOEUVRE", "6.03", "Barlangi medve is activated in the obstacle-activation phase of the "
                                          "manoeuvre under way, not in kezdeményező csapat sorelhagyása")]
    assert lines(result)[-1] == "@3 Barlangi medve: aktivizálás enters timeline 6 (Béla)"


def test_a_before_combat_ability_is_refused_once_the_manoeuvres_combat_has_begun(tmp_path: Path) -> None:
    text = """
format: korfordulo
options: {turn_order: free}
setup:
  players:
    - {name: Anna, mp: 3, sor: [Pyarroni novícius], jelen: [Dwoon íjászcsapat], torony: [Toroni őrtorony]}
    - {name: Béla, mp: 2, sor: [Terda Radowik am Warwik]}
"""
    steps = ['Béla: ostromol csapat "Terda Radowik am Warwik" akadályoz "Pyarroni novícius"', "visszafejt 1",
             *["Anna: passz", "Béla: passz"] * 5,
             'Anna: aktivizál "Dwoon íjászcsapat" célpont "Terda Radowik am Warwik"']
    result = run(tmp_path, steps, text)
    eng = result.engine
    assert eng is not None and eng.state.phase == "harci kör"
    assert [(r.code, r.rule, r.message) for r in result.refusals] == [
        ("MK-TL-TIMING", "6.03", "Dwoon íjászcsapat's ability #1 is a before-combat ability (harc előtti): the "
                                 "manoeuvre's combat has begun or is over (now harci kör)")]
    # one step earlier, in the combat preparation, it was still before the combat
    before = run(tmp_path, steps[:-3] + steps[-1:], text)
    assert before.engine is not None and before.engine.state.phase == "harc előkészítés" and not before.refusals


# ---------------------------------------------------------------- the obstructing team in its phase


def test_the_obstructing_team_leaves_the_sor_only_in_its_phase_and_then_they_fight(tmp_path: Path) -> None:
    result = run(tmp_path, ['Anna: ostromol csapat "Terda Radowik am Warwik"', 'Béla: akadályoz csapat "Briar Sichetti"',
                            "visszafejt 1", "Anna: passz", "Béla: passz",
                            'Anna: akadályoz csapat "Pyarroni novícius"',
                            'Béla: akadályoz csapat "Briar Sichetti"',
                            'Béla: akadályoz csapat "Briar Sichetti"',
                            "visszafejt"])
    assert [(r.step, r.code, r.rule) for r in result.refusals] == [
        (2, "MK-TL-OBSTRUCT", "6.03"), (6, "MK-TL-OBSTRUCT", "4.01.C"), (8, "MK-TL-OBSTRUCT", "4.01.F")]
    assert result.refusals[1].message == ("nobody obstructs their own side's manoeuvre: Anna is no opponent of it "
                                          "(4.01.C)")
    assert result.refusals[2].message == ("the manoeuvre has its obstructing team already: Béla sends no second one "
                                          "(4.01.F)")
    assert "Béla's obstructing team leaves the Sor: Briar Sichetti" in lines(result)
    assert ("6.03", "phase: harc előkészítés (6.03); timeline 6 opens") in phase_lines(result)


def test_an_obstructing_team_is_one_adventurer_in_a_combat_manoeuvre(tmp_path: Path) -> None:
    text = """
format: korfordulo
options: {portyazas: keyword, turn_order: free}
setup:
  players:
    - {name: Anna, mp: 4, sor: [Briar Sichetti, Pyarroni novícius]}
    - {name: Béla, mp: 4, sor: [Ordani portyázó]}
"""
    result = run(tmp_path, ['Béla: harcol csapat "Ordani portyázó" ellen "Anna"', "visszafejt 1", "Anna: passz",
                            "Béla: passz", 'Anna: akadályoz csapat "Briar Sichetti", "Pyarroni novícius"'], text)
    assert [(r.code, r.rule, r.message) for r in result.refusals] == [
        ("MK-TL-OBSTRUCT", "4.01.F", "this manoeuvre's obstructing team has 1 to 1 adventurers, not 2 (4.01.F)")]


def test_a_quest_takes_an_obstructing_team_with_the_declaration_but_never_its_own_side(tmp_path: Path) -> None:
    result = run_file(str(RULINGS / "i27-kuldetes-harc.yaml"))
    assert result.passed, result.diffs
    text = """
format: archivalt
setup:
  players:
    - {name: Anna, mp: 6, sor: ["Garmacs, a kincsvadász", Briar Sichetti], jelen: [A pyarroni katakombák kincse]}
    - {name: Béla, mp: 3}
"""
    own = run(tmp_path, ['Anna: megold "A pyarroni katakombák kincse" csapat "Garmacs, a kincsvadász" '
                         'akadályoz "Briar Sichetti"'], text)
    assert [(r.code, r.rule) for r in own.refusals] == [("MK-TL-OBSTRUCT", "4.01.C")]


def test_the_legal_actions_of_the_obstructing_phase(tmp_path: Path) -> None:
    result = run(tmp_path, ['Anna: ostromol csapat "Terda Radowik am Warwik"', "visszafejt 1", "Anna: passz",
                            "Béla: passz"])
    eng = result.engine
    assert eng is not None
    # Briar's own ability may be used in any phase; the obstructing team is Béla's to send, in this phase only
    assert [(f.text("en"), f.rule) for f in eng.legal_actions("Béla")] == [
        ("pass", "6.00"), ('activate "Briar Sichetti"', "6.01"), ('obstruct team "Briar Sichetti"', "6.03")]
    assert [f.text("hu") for f in eng.legal_actions("Béla")][2] == 'akadályoz csapat "Briar Sichetti"'
    # the initiating side obstructs nothing; once an obstructing team is out, no second one is listed
    assert "obstruct" not in [f.verb for f in eng.legal_actions("Anna")]
    eng.apply("Béla", parse_action('akadályoz csapat "Briar Sichetti"'))
    assert "obstruct" not in [f.verb for f in eng.legal_actions("Béla")]


def test_the_legal_actions_listed_at_a_step_of_a_phase_scenario() -> None:
    from click.testing import CliRunner

    from korbiro.cli import cli

    res = CliRunner().invoke(cli, ["resolve", str(RULINGS / "i27-ostrom-harc.yaml"), "--legal", "--at", "7"])
    assert res.exit_code == 0, res.output
    assert res.output.split("legal actions after step 7:\n", 1)[1] == (
        "    Anna:\n"
        "      pass  [6.00]\n"
        "    Béla:\n"
        "      pass                            [6.00]\n"
        '      activate "Briar Sichetti"       [6.01]\n'
        '      obstruct team "Briar Sichetti"  [6.03]\n')


# ---------------------------------------------------------------- combat


def test_dice_parse_and_render() -> None:
    assert parse_action("kocka 5, 3 6") == Action("dice", dice=(5, 3, 6), text="kocka 5, 3 6")
    assert parse_action("dice 2") .dice == (2,)
    assert render(Action("dice", dice=(5, 3))) == "kocka 5, 3"
    assert render(Action("obstruct", team=("A", "B"))) == 'akadályoz csapat "A", "B"'
    assert parse_action('block team "A"') == Action("obstruct", team=("A",), text='block team "A"')


def test_a_die_shows_one_to_six(tmp_path: Path) -> None:
    result = run(tmp_path, ["kocka 7", "kocka 0", "kocka 6"])
    assert [(r.step, r.code, r.rule, r.message) for r in result.refusals] == [
        (1, "MK-TL-DICE", "6.03", "a die shows 1 to 6, not 7 (6.03)"),
        (2, "MK-TL-DICE", "6.03", "a die shows 1 to 6, not 0 (6.03)")]
    assert result.engine is not None and result.engine.state.dice == [6]


def test_combat_in_battle_order_with_dice_threshold_and_damage() -> None:
    result = run_file(str(RULINGS / "i27-ostrom-harc.yaml"))
    assert result.passed, result.diffs
    text = lines(result)
    assert ("combat preparation: the battle order (hadrend), level in brackets: Terda Radowik am Warwik (5), "
            "Briar Sichetti (3), Pyarroni novícius (2) (option battle_order=level)") in text
    i = text.index("phase: harci kör (6.03); timeline 7 opens")
    assert text[i + 1:i + 6] == [
        "Terda Radowik am Warwik strikes at Briar Sichetti: attack roll 5 ≥ attack threshold 4, a hit for 1 damage "
        "(option combat_blows=one)",
        "Briar Sichetti takes 1 damage (1 in all)",
        "Briar Sichetti strikes at Terda Radowik am Warwik: attack roll 2 < attack threshold 4, a miss",
        "Pyarroni novícius strikes at Briar Sichetti: attack roll 6 ≥ attack threshold 4, a hit for 1 damage "
        "(option combat_blows=one)",
        "Briar Sichetti takes 1 damage (2 in all)"]


def test_shield_and_armour_in_combat_and_two_rounds_in_the_teams_order() -> None:
    result = run_file(str(RULINGS / "i27-bevetel-harc.yaml"))
    assert result.passed, result.diffs
    text = lines(result)
    assert "the shield of Abasziszi vándorlovag lowers the attack roll 5 to 4" in text
    assert "the armour of Terda Radowik am Warwik lowers the damage 1 to 0" in text
    assert [ln for ln in text if ln.startswith("phase: harci kör")] == [
        "phase: harci kör (6.03); timeline 6 opens", "phase: harci kör (6.03); timeline 7 opens"]
    assert {e.rule for e in result.trace if "shield" in e.en or "armour" in e.en} == {"3.05.F"}


def test_an_adventurer_whose_damage_reaches_its_level_strikes_no_more_and_dies_as_the_round_closes() -> None:
    result = run_file(str(RULINGS / "i27-kuldetes-harc.yaml"))
    assert result.passed, result.diffs
    text = lines(result)
    assert not any(ln.startswith("Garmacs, a kincsvadász strikes") for ln in text)
    i = text.index("Garmacs, a kincsvadász has 5 damage against level 3 and dies")
    assert text[i - 1] == "timeline 5 closes"
    assert ("the quest-condition fulfilment phase: A pyarroni katakombák kincse's condition (Tolvaj) is met by no "
            "adventurer of the team; the manoeuvre fails") in text


def test_no_die_given_no_blow_and_the_trace_says_so(tmp_path: Path) -> None:
    result = run(tmp_path, ['Anna: ostromol csapat "Terda Radowik am Warwik" akadályoz "Briar Sichetti"', "visszafejt"])
    assert [ln for ln in lines(result) if "strike" in ln or "die" in ln] == [
        "no die is given for the blow of Terda Radowik am Warwik at Briar Sichetti: it is not struck (give the dice "
        "with kocka)",
        "no die is given for the blow of Briar Sichetti at Terda Radowik am Warwik: it is not struck (give the dice "
        "with kocka)"]


@pytest.mark.parametrize(("option", "want"), [
    ("none", ["combat round 1: only the cards played strike (option combat_blows=none)"]),
    ("level", ["Terda Radowik am Warwik strikes at Briar Sichetti: attack roll 5 ≥ attack threshold 4, a hit for 5 "
               "damage (option combat_blows=level)",
               "Briar Sichetti takes 5 damage (5 in all)"]),
])
def test_option_combat_blows(tmp_path: Path, option: str, want: list[str]) -> None:
    result = run(tmp_path, ["kocka 5", 'Anna: ostromol csapat "Terda Radowik am Warwik" akadályoz "Briar Sichetti"',
                            "visszafejt"], options={"combat_blows": option})
    text = lines(result)
    i = text.index("phase: harci kör (6.03); timeline 7 opens")
    assert text[i + 1:i + 1 + len(want)] == want
    if option == "level":  # Briar, at 5 damage against level 3, strikes no more and dies as the round closes
        assert "Briar Sichetti has 5 damage against level 3 and dies" in text


def test_option_battle_order_teams_puts_the_initiating_team_first(tmp_path: Path) -> None:
    result = run(tmp_path, ['Anna: ostromol csapat "Pyarroni novícius", "Terda Radowik am Warwik" '
                            'akadályoz "Briar Sichetti"', "visszafejt"], options={"battle_order": "teams"})
    assert ("combat preparation: the battle order (hadrend), level in brackets: Pyarroni novícius (2), Terda Radowik "
            "am Warwik (5), Briar Sichetti (3) (option battle_order=teams)") in lines(result)


def test_the_script_sets_the_battle_order_in_combat_preparation(tmp_path: Path) -> None:
    """Item 5 of the issue: a scenario chooses the battle order (``hadrend``); only in combat preparation, and only
    naming every adventurer of both teams still standing, each once (6.03)."""
    assert parse_action('hadrend "A", "B"') == Action("order", team=("A", "B"), text='hadrend "A", "B"')
    assert render(Action("order", team=("A", "B"))) == 'hadrend "A", "B"'
    result = run(tmp_path, ['hadrend "Briar Sichetti"',
                            'Anna: ostromol csapat "Terda Radowik am Warwik", "Pyarroni novícius" akadályoz "Briar Sichetti"',
                            "visszafejt 1", "Anna: passz", "Béla: passz", "Anna: passz", "Béla: passz", "Anna: passz",
                            "Béla: passz", "Anna: passz", "Béla: passz",
                            'hadrend "Briar Sichetti", "Terda Radowik am Warwik"',
                            'hadrend "Briar Sichetti", "Pyarroni novícius", "Terda Radowik am Warwik", "Briar Sichetti"',
                            'hadrend "Pyarroni novícius", "Briar Sichetti", "Terda Radowik am Warwik"',
                            "kocka 6, 6, 6", "visszafejt"], options={"combat_blows": "one"})
    assert [(r.step, r.code, r.rule) for r in result.refusals] == [
        (1, "MK-TL-ORDER", "6.03"), (12, "MK-TL-ORDER", "6.03"), (13, "MK-TL-ORDER", "6.03")]
    assert result.refusals[1].message == (
        "the battle order names every adventurer of both teams still standing, each once (Terda Radowik am Warwik, "
        "Pyarroni novícius, Briar Sichetti), not Briar Sichetti, Terda Radowik am Warwik (6.03)")
    text = lines(result)
    assert "the battle order (hadrend) is set: Pyarroni novícius, Briar Sichetti, Terda Radowik am Warwik" in text
    i = text.index("phase: harci kör (6.03); timeline 7 opens")
    assert [ln.split(":")[0] for ln in text[i + 1:] if " strikes at " in ln] == [
        "Pyarroni novícius strikes at Briar Sichetti", "Briar Sichetti strikes at Terda Radowik am Warwik",
        "Terda Radowik am Warwik strikes at Briar Sichetti"]


def test_self_play_draws_its_dice_from_the_seed_and_its_replay_gives_them() -> None:
    cards = {c.name: c for c in load_database([shipped_db_path()])}
    decks = sample_decks()
    eng = deal([("Anna", decks[0]), ("Béla", decks[1])], cards.get, seed=1, variant="two-player")
    record = play_game(eng, RandomPolicy(1))
    dice = [a for who, a in record.steps if a.verb == "dice"]
    assert dice and all(who is None for who, a in record.steps if a.verb == "dice")
    assert all(1 <= d <= 6 for a in dice for d in a.dice)
    assert any("strikes at" in e.en for e in eng.state.trace)
    assert any(e.en.endswith("obstructing team leaves the Sor: " + e.en.split(": ")[-1]) for e in eng.state.trace
               if "obstructing team" in e.en)
    text = yaml.dump(record.scenario(), Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False)  # libyaml: quick
    replay = run_scenario(load_scenario("replay.yaml", text=text, lookup=cards.get), cards.get)
    assert replay.engine is not None and not replay.refusals
    assert [e.en for e in replay.engine.state.trace] == [e.en for e in eng.state.trace]


# ---------------------------------------------------------------- the invariant over random play with combat


def test_the_invariant_holds_over_random_play_with_combat_2000_actions_20_seeds() -> None:
    totals: dict[str, int] = {}
    phases: dict[str, int] = {}
    for seed in range(20):
        for k, v in play(seed, steps=100, junk=2, phases=phases).items():
            totals[k] = totals.get(k, 0) + v
    assert totals["applied"] >= 2000
    assert phases.get("akadályozó csapat sorelhagyása", 0) >= 50
    assert phases.get("harci kör", 0) >= 20 and phases.get("harc előkészítés", 0) >= 20


@pytest.mark.fuzz
def test_the_invariant_holds_over_long_random_play_with_combat() -> None:
    phases: dict[str, int] = {}
    applied = 0
    for seed in range(1000, 1100):
        applied += play(seed, steps=200, junk=3, phases=phases)["applied"]
    assert applied >= 10000 and phases.get("harci kör", 0) >= 100


def test_an_engine_without_a_manoeuvre_has_no_phase_run() -> None:
    assert Engine().state.maneuver is None


def test_a_siege_whose_whole_team_falls_in_the_combat_fails_for_want_of_a_team() -> None:
    result = run_file(str(RULINGS / "i27-ostrom-csapat-elesik.yaml"))
    assert result.passed, result.diffs
    fail = [(e.rule, e.en) for e in result.trace if e.event == "fail"]
    assert fail == [("4.01.D", "no adventurer of the initiating team is left (a team has at least one): the manoeuvre "
                               "(Toroni őrtorony) fails")]


def test_the_script_step_jatek_draws_the_combat_dice_from_its_seed() -> None:
    from korbiro.rules.mk.timeline.scenario import _play_game

    cards = {c.name: c for c in load_database([shipped_db_path()])}
    decks = sample_decks()
    eng = deal([("Anna", decks[0]), ("Béla", decks[1])], cards.get, seed=1, variant="two-player")
    eng.combat.rng = None  # as a scenario's engine has it
    eng.start_game()
    _play_game(eng, Action("game", count=1))
    assert eng.combat.rng is not None and eng.combat.drawn
    assert any("strikes at" in e.en for e in eng.state.trace)
    assert not any(e.event == "no-die" for e in eng.state.trace)


@functools.cache
def _sample_cards() -> list[Any]:
    """The shipped sample database's cards, read once."""
    return list(load_database([shipped_db_path()]))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=1, max_value=80))
def test_unwinding_at_any_point_carries_a_manoeuvre_through_every_phase(seed: int, steps: int) -> None:
    """Property: wherever random play stands, `visszafejt` (everybody passing) ends the manoeuvre under way, its
    phases each opened and closed in their order, and leaves the manoeuvres phase with nothing open."""
    eng, rng = random_table(_sample_cards(), seed)
    for _ in range(steps):
        random_step(eng, rng)
        if eng.state.maneuver is not None and eng.state.maneuver.index >= 0:
            break
    run = eng.state.maneuver
    at = run.index if run is not None else -1
    started = at >= 0
    if run is not None and started and run.timeline is None:
        at -= 1  # the phase's timeline waits for a deed's or a timed effect's to close: it has not opened yet
    mark = len(eng.state.trace)
    eng.apply(None, Action("unwind"))
    assert eng.state.maneuver is None
    assert not any(tl.entries for tl in eng.state.timelines)
    if run is not None and started:
        assert eng.state.phase == "manőverek" and not eng.state.timelines
        opened = [dict(e.data)["phase"] for e in eng.state.trace[mark:] if e.event == "open" and "phase" in dict(e.data)]
        assert opened == run.phases[at + 1:]
