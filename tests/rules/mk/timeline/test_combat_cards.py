"""Issue 27, the cards: action cards' class and sphere restriction (8.03.E), four card behaviours the engine
played wrong (a target chosen at summoning, a quest's "Megoldásakor" target, an obstacle's activation cost
changed by a constant, a permanent action card), and the scenario language's ``expect.at`` snapshots and
refusals that may cite one of several rules."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from layout import ROOT

from korbiro.base.errors import DataError
from korbiro.cli import cli
from korbiro.data.cards import Card
from korbiro.grammar.action import parse_action
from korbiro.rules.mk.timeline import semantics as sem
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.scenario import Result, run_file

RULINGS = ROOT / "examples" / "rulings"


def run(name: str, until: int | None = None) -> Result:
    """examples/rulings/i27-NAME.yaml, run (to step *until*, if given)."""
    return run_file(str(RULINGS / f"i27-{name}.yaml"), until=until)


def refusals(result: Result) -> list[tuple[int, str, str | None, str]]:
    return [(r.step, r.code, r.rule, r.message) for r in result.refusals]


def events(result: Result, event: str) -> list[tuple[str, str]]:
    return [(e.rule, e.en) for e in result.trace if e.event == event]


def forms(result: Result, player: str) -> list[str]:
    assert result.engine is not None
    return [f.text("en") for f in result.engine.legal_actions(player)]


# ---------------------------------------------------------------- 1. class and sphere restriction


def test_a_warrior_casts_no_fire_spell_and_a_wizard_of_another_sphere_neither() -> None:
    result = run("kaszt-szfera")
    assert result.passed, result.diffs
    assert refusals(result) == [
        (1, "MK-TL-RESTRICTION", "8.03.E", "Terda Radowik am Warwik has none of the classes Lángcsóva is restricted "
                                           "to (pap, varázshasználó): it cannot summon it (8.03.E)"),
        (2, "MK-TL-RESTRICTION", "8.03.E", "Airun al Marem has none of the spheres Lángcsóva is restricted to (Tűz): "
                                           "it cannot summon it (8.03.E)"),
        (3, "MK-TL-RESTRICTION", "8.03.E", "Briar Sichetti has none of the classes Kettős vágás is restricted to "
                                           "(harcos): it cannot summon it (8.03.E)"),
    ]
    assert [r.remedy for r in result.refusals] == [
        ("summon it by an adventurer of class pap, varázshasználó", "pap, varázshasználó kasztú kalandozó idézze le"),
        ("summon it by an adventurer of sphere Tűz", "Tűz szférájú kalandozó idézze le"),
        ("summon it by an adventurer of class harcos", "harcos kasztú kalandozó idézze le"),
    ]
    assert events(result, "restriction") == [
        ("8.03.E", "Lángszavú Ordan meets the class and sphere restriction of Lángcsóva")]


def test_the_restriction_cites_3_05_where_the_format_admits_it_and_the_option_either() -> None:
    result = run("kaszt-vagy-szfera")
    assert result.passed, result.diffs
    assert refusals(result) == [
        (1, "MK-TL-RESTRICTION", "3.05", "Terda Radowik am Warwik has none of the classes (pap, varázshasználó) and "
                                         "none of the spheres (Tűz) Lángcsóva is restricted to: it cannot summon it "
                                         "(3.05)")]
    assert result.refusals[0].remedy == (
        "summon it by an adventurer of class pap, varázshasználó or of sphere Tűz",
        "pap, varázshasználó kasztú vagy Tűz szférájú kalandozó idézze le")
    assert events(result, "restriction") == [
        ("3.05", "Airun al Marem meets one of the class and sphere restrictions of Lángcsóva, which suffices "
                 "(option action_restriction=either)")]
    strict = run_file(str(RULINGS / "i27-kaszt-vagy-szfera.yaml"), options={"action_restriction": "both"})
    assert [(r.step, r.code, r.rule) for r in strict.refusals] == [
        (1, "MK-TL-RESTRICTION", "3.05"), (2, "MK-TL-RESTRICTION", "3.05")]
    assert strict.refusals[1].message.startswith("Airun al Marem has none of the spheres Lángcsóva")


def test_an_antiss_wizard_ignores_the_restriction_in_antiss_combat() -> None:
    result = run("antissharc-megkotes")
    assert result.passed, result.diffs
    assert result.refusals == []
    assert events(result, "restriction") == [
        ("8.03.E", "antiss combat: Ilvaren, az erioni antissjáró, an antiss-wizard, summons the combat-phase action "
                   "card Kettős vágás ignoring its class and sphere restriction")]


def test_the_legal_listing_agrees_with_the_restriction() -> None:
    result = run("kaszt-szfera", until=0)
    listed = forms(result, "Anna")
    assert [f for f in listed if f.startswith("summon")] == [
        'summon "Lángcsóva" by "Lángszavú Ordan" target "Arquiran, a bronzsárkány" x ⟨0–3⟩',
        'summon "Kettős vágás" by "Terda Radowik am Warwik" target "Arquiran, a bronzsárkány"',
    ]
    eng = result.engine
    assert eng is not None
    refused = eng.why_not("Anna", parse_action(
        'leidéz "Lángcsóva" által "Airun al Marem" célpont "Arquiran, a bronzsárkány" x 1'))
    assert refused is not None and (refused.code, refused.rule) == ("MK-TL-RESTRICTION", "8.03.E")


def _card(name: str, **attrs: object) -> Card:
    return Card(f"T-{name}", name, str(attrs.pop("type", "kalandozó")), None, 1, None, "", (), "T", None, None, attrs)


_WORDS = st.lists(st.sampled_from(["harcos", "pap", "varázshasználó", "tolvaj", "Tűz", "Víz", "Élet"]),
                  max_size=3, unique=True)


@settings(max_examples=150, deadline=None)
@given(card_classes=_WORDS, card_spheres=_WORDS, adv_classes=_WORDS, adv_spheres=_WORDS)
def test_hypothesis_either_refuses_no_more_than_both(card_classes: list[str], card_spheres: list[str],
                                                     adv_classes: list[str], adv_spheres: list[str]) -> None:
    eng = Engine()
    eng.add_player("Anna")
    card = eng.add_card(_card("Kártya", type="akciólap", **{"class": card_classes, "spheres": card_spheres}), "Anna",
                        "kez")
    adv = eng.add_card(_card("Hős", **{"class": adv_classes, "spheres": adv_spheres}), "Anna", "sor")
    both = sem.restriction_unmet(card, adv, "both")
    either = sem.restriction_unmet(card, adv, "either")
    assert set(either) <= set(both)
    assert ("class" in both) == bool(card_classes and not {c.casefold() for c in card_classes}
                                     & {c.casefold() for c in adv_classes})
    assert ("sphere" in both) == bool(card_spheres and not {c.casefold() for c in card_spheres}
                                      & {c.casefold() for c in adv_spheres})
    if not card_classes or not card_spheres:
        assert either == both


# ---------------------------------------------------------------- 2. the four card behaviours


def test_a_target_chosen_at_summoning_reaches_the_on_enter_effect() -> None:
    result = run("celpont-jelenbe-keruleskor")
    assert result.passed, result.diffs
    assert refusals(result) == [(1, "MK-TL-NO-TARGET", "5.01.B", "Átokoszlop needs a target and none was chosen")]
    assert [e.en for e in result.trace if e.event in ("damage", "rest")] == [
        "Gorviki zsoldos takes 1 damage (1 in all)", "Terda Radowik am Warwik becomes resting"]
    listed = forms(run("celpont-jelenbe-keruleskor", until=0), "Anna")
    assert 'summon "Átokoszlop" target ⟨1: "Terda Radowik am Warwik" | "Gorviki zsoldos"⟩' in listed


def test_a_quests_megoldaskor_target_is_chosen_when_the_team_is_sent() -> None:
    result = run("megoldaskor-celpont")
    assert result.passed, result.diffs
    assert [(s, c, r) for s, c, r, _ in refusals(result)] == [
        (1, "MK-TL-NO-TARGET", "5.01.B"), (2, "MK-TL-TARGET", "5.01.B")]
    assert events(result, "targets") == [
        ("5.01.B", "the target of Bosszú a hágón's \"Megoldásakor …\": Gorviki zsoldos")]
    assert forms(run("megoldaskor-celpont", until=0), "Anna")[-1] == (
        'solve "Bosszú a hágón" team "Briar Sichetti" target ⟨1: "Terda Radowik am Warwik" | "Gorviki zsoldos"⟩')


def test_a_quest_whose_megoldaskor_finds_no_target_is_solved_and_the_effect_does_not_happen() -> None:
    text = (RULINGS / "i27-megoldaskor-celpont.yaml").read_text("utf-8")
    text = text.replace('sor: [Terda Radowik am Warwik, Gorviki zsoldos]', 'sor: []')
    text = text.split("script:")[0] + 'script:\n  - Anna: megold "Bosszú a hágón" csapat "Briar Sichetti"\n  - visszafejt\n'
    result = run_file("nincs-celpont.yaml", text=text)
    assert result.refusals == []
    assert events(result, "no-target") == [
        ("6.02", "Bosszú a hágón's timed effect has no target: it does not happen")]
    assert result.engine is not None and result.engine.state.players["Anna"].dp == 2


def test_a_constant_changes_what_activating_an_obstacle_costs() -> None:
    cheaper = run("akadaly-aktivizalas-modosito")
    assert cheaper.passed, cheaper.diffs
    assert events(cheaper, "mp-change") == [
        ("5.01.C", "activating első medve costs 0 MP: its MP requirement 1 changed by Vadonőr-szállás -1")]
    dearer = run("akadaly-aktivizalas-dragabb")
    assert dearer.passed, dearer.diffs
    assert [(r.step, r.code, r.rule, r.remedy) for r in dearer.refusals] == [
        (1, "MK-TL-MP", "12.00.5.5", ("needs 2 MP, has 1", "2 MP kell, 1 van"))]


def test_a_permanent_action_card_stays_in_the_present_with_its_constant() -> None:
    result = run("vegleges-akciolap")
    assert result.passed, result.diffs
    assert events(result, "enters") == [
        ("5.01.D", "Védőrúna is of duration végleges: it stays in the Present (Anna), and its constant effect works")]
    eng = result.engine
    assert eng is not None
    assert sem.level(eng.state, eng.find("Briar Sichetti")) == 4


def test_a_permanent_card_that_is_worn_or_attached_goes_to_mult_when_nothing_holds_it() -> None:
    text = textwrap.dedent("""\
        title: végleges, but attached
        format: archivalt
        setup:
          players:
            - {name: Anna, mp: 5, sor: [Zsebes Kobak, Abasziszi vándorlovag], hand: [Lassú méreg, Gorviki láncing]}
            - {name: Béla, mp: 0, sor: [Terda Radowik am Warwik]}
        script:
          - Anna: leidéz "Lassú méreg" által "Zsebes Kobak" célpont "Terda Radowik am Warwik"
          - meghal "Terda Radowik am Warwik"
          - visszafejt
          - Anna: leidéz "Gorviki láncing" által "Abasziszi vándorlovag"
          - meghal "Abasziszi vándorlovag"
          - visszafejt
        expect:
          players:
            Anna: {múlt: [Lassú méreg, Gorviki láncing, Abasziszi vándorlovag], jelen: []}
        """)
    result = run_file("vegleges-csatolt.yaml", text=text)
    assert result.passed, result.diffs
    assert events(result, "enters") == []


# ---------------------------------------------------------------- 3. expect.at and refusals of several rules


def test_expect_at_pins_a_step_and_a_refusal_may_cite_one_of_several_rules() -> None:
    result = run("pillanatkep")
    assert result.passed, result.diffs


def _scenario(tmp_path: Path, expect: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent("""\
        title: t
        format: korfordulo
        setup:
          phase: harci kör
          players:
            - {name: Anna, mp: 2, sor: [Terda Radowik am Warwik], hand: [Lángcsóva]}
            - {name: Béla, mp: 0, sor: ["Arquiran, a bronzsárkány"]}
        script:
          - Anna: leidéz "Lángcsóva" által "Terda Radowik am Warwik" célpont "Arquiran, a bronzsárkány" x 1
        """) + expect, encoding="utf-8")
    return path


def test_a_snapshot_that_does_not_hold_is_a_diff_at_its_step(tmp_path: Path) -> None:
    path = _scenario(tmp_path, textwrap.dedent("""\
        expect:
          at:
            step: 1
            players: {Anna: {mp: 1}}
            cards: {"Arquiran, a bronzsárkány": {damage: 1}}
            legal:
              Anna: {has: ['summon "Lángcsóva" by "Terda Radowik am Warwik" target "Arquiran, a bronzsárkány" x 1'],
                     lacks: [passz]}
              Béla: []
          illegal: [{step: 1, rule: ["3.05", "6.01"]}]
        """))
    result = run_file(str(path))
    assert result.diffs == [
        "expect.at[step 1].players.Anna.mp: expected 1, got 2",
        "expect.at[step 1].cards.Arquiran, a bronzsárkány.damage: expected 1, got 0",
        "expect.at[step 1].legal.Anna: 'summon \"Lángcsóva\" by \"Terda Radowik am Warwik\" target \"Arquiran, a "
        "bronzsárkány\" x 1' is not a legal action (listed: passz)",
        "expect.at[step 1].legal.Anna: 'passz' is a legal action, but must not be",
        "expect.at[step 1].legal.Béla: 'passz' is a legal action the list does not name",
        "expect.at[step 1].legal.Béla: 'aktivizál \"Arquiran, a bronzsárkány\"' is a legal action the list does not "
        "name",
        "expect.illegal: no refused action matches {'step': 1, 'rule': ['3.05', '6.01']}",
        "step 1 (line 9) was refused unexpectedly: [8.03.E] Terda Radowik am Warwik has none of the classes "
        "Lángcsóva is restricted to (pap, varázshasználó): it cannot summon it (8.03.E)",
    ]
    ok = _scenario(tmp_path, "expect:\n  at: {step: 0, players: {Anna: {mp: 2}}, legal: {Béla: {has: [passz], lacks: ['aktivizál \"Terda Radowik am Warwik\"']}}}\n"
                             "  illegal: [{step: 1, rule: ['3.05', '8.03.E'], code: MK-TL-RESTRICTION}]\n")
    assert run_file(str(ok)).passed


@pytest.mark.parametrize(("expect", "where", "code", "message"), [
    ("expect:\n  at: [{step: 2}]\n", "11:15", "MK-SCENARIO-AT",
     "expect.at: step 2 is not in the script, which has 1 step(s) (0 is the setup)"),
    ("expect:\n  at: {step: 1, legal: {Cili: [passz]}}\n", "11:31", "MK-SCENARIO-AT",
     "expect.at: no player 'Cili'; players: Anna, Béla"),
    ("expect:\n  at: {step: 1, players: {Cili: {mp: 1}}}\n", "11:33", "MK-SCENARIO-AT",
     "expect.at: no player 'Cili'; players: Anna, Béla"),
    ("expect:\n  at: {step: 1, legal: {Anna: {has: [passz], never: [x]}}}\n", "11:31", "MK-SCENARIO-SCHEMA",
     "expect.at.legal.Anna: Additional properties are not allowed ('never' was unexpected)"),
    ("expect:\n  at: {step: -1}\n", "11:14", "MK-SCENARIO-SCHEMA", "expect.at.step: -1 is less than the minimum of 0"),
    ("expect:\n  illegal: [{step: 1, rule: ['8.03.E', '8.03.Q']}]\n", "11:40", "MK-SCENARIO-RULE",
     "expect.illegal: rule '8.03.Q' is not in the rule index"),
    ("expect:\n  illegal: [{step: 1, rule: []}]\n", "11:29", "MK-SCENARIO-SCHEMA",
     "expect.illegal.0.rule: [] should be non-empty"),
])
def test_mistakes_in_the_new_keys_are_findings_at_their_line(tmp_path: Path, expect: str, where: str, code: str,
                                                              message: str) -> None:
    path = _scenario(tmp_path, expect)
    with pytest.raises(DataError) as exc:
        run_file(str(path))
    assert [(f"{f.line}:{f.column}", f.code, f.message) for f in exc.value.findings] == [(where, code, message)]
    res = CliRunner().invoke(cli, ["resolve", str(path)])
    assert res.exit_code == 2
    assert f"s.yaml:{where}: error {code}: {message}" in res.output


@settings(max_examples=30, deadline=None)
@given(step=st.integers(min_value=0, max_value=6), player=st.sampled_from(["Anna", "Béla", "Cili", "anna"]))
def test_hypothesis_a_snapshot_loads_exactly_when_its_step_and_player_exist(step: int, player: str) -> None:
    text = (RULINGS / "i27-pillanatkep.yaml").read_text("utf-8").split("expect:")[0]
    text += f"expect:\n  at: {{step: {step}, legal: {{{player}: {{has: [passz]}}}}}}\n"
    wrong = [key for key, bad in (("step", step > 3), ("player", player not in ("Anna", "Béla"))) if bad]
    try:
        result = run_file("pillanat.yaml", text=text)
    except DataError as exc:
        assert wrong, exc.findings
        assert [f.code for f in exc.findings] == ["MK-SCENARIO-AT"] * len(wrong)
    else:
        assert not wrong
        assert result.diffs == [] or all(d.startswith(f"expect.at[step {step}]") or d.startswith("step ")
                                         for d in result.diffs)
