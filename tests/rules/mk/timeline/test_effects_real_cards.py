"""Issue 26, effects: filters, modifiers and effects real cards need (docs/card-behaviour.md).

Each "Why" point of the issue in this area has a test that failed before: the filter keys on descriptor
words, school, item type, printed MP and skills, negated filters, damage caps, conditional constants,
bonus damage, the attack threshold, MP floors, permanent and until-manoeuvre changes, tokens, Múlt to hand,
look-and-take, forbidding MP gain, suppression and taking equipment.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from korbiro.base.errors import RulesSyntaxError
from korbiro.cli import cli
from korbiro.data.behaviour import Behaviour, behaviour_filters
from korbiro.data.cards import Card
from korbiro.grammar.behaviour import (
    iter_filters,
    parse_condition,
    parse_effect,
    parse_modifier,
    parse_targets,
)
from korbiro.rules.mk.timeline import semantics as sem
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.scenario import Result, run_file


def _card(name: str, typ: str = "kalandozó", mp: int | str | None = 2, subtype: str | None = None,
          **attrs: object) -> Card:
    return Card(f"T-{name}", name, typ, subtype, mp, None, "", (), "T", None, None, dict(attrs))


def _holds(filters: str, card: Card) -> bool:
    eng = Engine()
    eng.add_player("Anna")
    cs = eng.add_card(card, "Anna", "sor")
    return sem.filters_hold(eng.state, cs, parse_targets(f"1 card {filters}").filters)


TOROKI = _card("Toroni tolvajnő", level=3, race="ember", descriptor="Toroni nő Tolvaj Ranagol-hívő",
               skills=["Úszás", "Mászás"])


@pytest.mark.parametrize(("filters", "want"), [
    ("descriptor:toroni", True), ("descriptor:salnarri", False), ("origin:Toroni", True),
    ("faith:ranagol", True), ("faith:ranagol-hívő", True), ("faith:darton", False),
    ("skill:úszás", True), ("skill:lovaglás", False), ("képzettség:mászás", True),
    ("!skill:úszás", False), ("not race:ember", False), ("nem race:elf", True), ("no skill:lovaglás", True),
    ("mp<=2", True), ("mp<2", False), ("mp:2", True), ("mp:3", False), ("mp>=3", False),
    ("race:ember", True),
])
def test_filters_on_descriptor_skill_printed_mp_and_negated(filters: str, want: bool) -> None:
    assert _holds(filters, TOROKI) is want


def test_race_filter_reads_a_race_printed_only_in_the_descriptor() -> None:
    dwoon = _card("Dwoon iker", descriptor="Dwoon Iker")
    assert _holds("race:dwoon", dwoon) is True
    assert _holds("!race:dwoon", dwoon) is False


def test_school_and_item_filters() -> None:
    fireball = _card("Tűzgolyó", "akciólap", 3, "varázslat", school="Tűzmágia")
    shield = _card("Kerek pajzs", "akciólap", 1, "pajzs")
    assert _holds("school:tűzmágia", fireball) is True
    assert _holds("school:anyagmágia", fireball) is False
    assert _holds("item:pajzs", shield) is True
    assert _holds("tárgy:vért", shield) is False


def test_an_unknown_filter_key_gets_a_did_you_mean_at_its_column() -> None:
    with pytest.raises(RulesSyntaxError) as info:
        parse_targets("1 enemy adventurer skil:úszás")
    assert info.value.column == 20
    assert "unknown field 'skil'; did you mean 'skill'?" in info.value.message


def test_a_negation_needs_a_filter() -> None:
    with pytest.raises(RulesSyntaxError) as info:
        parse_targets("1 enemy adventurer !")
    assert info.value.column == 21
    assert "expected a filter after the negation" in info.value.message


def test_mp_filter_takes_a_number() -> None:
    with pytest.raises(RulesSyntaxError) as info:
        parse_targets("1 card mp:sok")
    assert "mp: takes a printed MP (a number or X), not 'sok'" in info.value.message


def test_iter_filters_yields_every_value_with_its_column_for_a_data_check() -> None:
    text = 'damage 1 target bonus 2 if race:ordani,ork'
    assert list(iter_filters(text)) == [("race", "ordani", 32), ("race", "ork", 39)]
    assert list(iter_filters("level +1 self while enemy building nem faith:darton")) == [("!faith", "darton", 45)]
    assert list(iter_filters('token "Bad"" 1')) == []  # a text the parser refuses yields nothing


def test_conditional_constants_and_conditions_take_a_targets_spec() -> None:
    m = parse_modifier("level +1 self ha saját kalandozó class:harcművész")
    assert m.when_spec is not None and m.when_spec.side == "own" and m.when_spec.filters == (("class", ("harcművész",)),)
    assert parse_condition("2 enemy buildings").spec is not None
    with pytest.raises(RulesSyntaxError) as info:
        parse_modifier("level +1 self while combt")
    assert "unknown condition 'combt'; did you mean 'combat'?" in info.value.message


@pytest.mark.parametrize(("text", "message"), [
    ("damage_taken self", "damage_taken needs a change (+1, -2)"),
    ("suppress self", "expected what it suppresses: kw:KEYWORD or abilities"),
    ("ignore self", "expected what it ignores: requirement"),
])
def test_modifier_errors(text: str, message: str) -> None:
    with pytest.raises(RulesSyntaxError) as info:
        parse_modifier(text)
    assert message in info.value.message


@pytest.mark.parametrize(("text", "message"), [
    ("token Csontváz", "expected the token card's name in quotes"),
    ("recover 1", "expected where the card goes from the Múlt: hand or deck"),
    ("damage 2 target bonus 2 race:ork", "expected 'if' and a filter after the bonus"),
    ("suppress kw:FAL target", "suppress lasts a while"),
    ("take target", "expected what it takes: equipment"),
    ("level +1 target until forever", "expected combat, round or manoeuvre after until"),
    ("recover 1 hand target", "recover is for a player"),
])
def test_effect_errors(text: str, message: str) -> None:
    with pytest.raises(RulesSyntaxError) as info:
        parse_effect(text)
    assert message in info.value.message


def test_hungarian_words() -> None:
    assert parse_effect("visszavesz 1 lapot múltból jövőbe")[0].arg == "deck"
    assert parse_effect("szint +1 célpont végéig manőver")[0].until == "maneuver"
    assert parse_effect("megnéz jövő 3 elvesz 1")[0].take == 1
    assert parse_effect("sebzés 2 célpont bónusz 2 ha faj:ork")[0].bonus == 2
    assert parse_modifier("kapott_sebzés max 2 saját kalandozók").cap == 2


# ---------------------------------------------------------------- round trips

_FILTER = st.sampled_from(["race:ember", "!skill:úszás", "mp<=2", "mp:3", "descriptor:toroni", "origin:salnarri",
                           "faith:ranagol", "school:tűzmágia", "item:pajzs", "!race:elf,ork", "class:harcművész"])
_STEPS = st.sampled_from([
    "damage 2 target", "damage 1 target bonus 2 if race:ork", 'token "Csontváz jelzőlap" 2 controller',
    "recover 1 card from past to hand", "visszavesz 2 múltból jövőbe", "look deck 3 take 1",
    "forbid mp opponent until round", "level +1 target permanent", "fal -1 target until manoeuvre",
    "threshold +1 target until combat", "suppress kw:AKARATÁTVITEL target until round", "suppress abilities self until combat",
    "take equipment target"])
_MODIFIERS = st.sampled_from([
    "damage +1 own cards", "damage_taken max 2 own adventurers", "damage -1 max 3 enemy adventurers",
    "mp -2 own cards min 1", "threshold +1 enemy cards", "beast_damage +1 own obstacles", "beast_roll -1 own obstacles",
    "suppress kw:AKARATÁTVITEL enemy cards", "suppress abilities enemy adventurers while combat",
    "ignore requirement own quests", "level +1 self while 2 enemy buildings", "level +1 self while own adventurer"])


@settings(max_examples=60, deadline=None)
@given(st.lists(_STEPS, min_size=1, max_size=4))
def test_new_effect_steps_round_trip(steps: list[str]) -> None:
    ops = parse_effect("; ".join(steps))
    assert parse_effect("; ".join(op.render() for op in ops)) == ops


@settings(max_examples=60, deadline=None)
@given(_MODIFIERS, st.lists(_FILTER, max_size=3))
def test_new_modifiers_round_trip(modifier: str, filters: list[str]) -> None:
    head, _, tail = modifier.partition(" while ")
    text = " ".join([head, *filters]) + (f" while {tail}" if tail else "")
    m = parse_modifier(text)
    assert parse_modifier(m.render()) == m


@settings(max_examples=60, deadline=None)
@given(st.lists(_FILTER, min_size=1, max_size=4))
def test_new_filters_round_trip_in_targets(filters: list[str]) -> None:
    spec = parse_targets("up to 2 enemy adventurer " + " ".join(filters))
    assert parse_targets(spec.render()) == spec


# ---------------------------------------------------------------- in the engine (beyond the shipped scenarios)



def _run(text: str) -> Result:
    result = run_file("<test>.yaml", text=text)
    assert result.diffs == []
    assert result.engine is not None
    return result


def _trace(result: Result) -> list[tuple[str, str]]:
    return [(t.rule, t.en) for t in result.trace]


_EQUIP = """
title: t
format: korfordulo
cards:
  - {name: Kerek pajzs, type: akciólap, subtype: pajzs, mp: 1, phase: harc, duration: végleges, text: ""}
  - {name: Pajzsrabló, type: kalandozó, mp: 2, level: 3, race: ember, class: tolvaj, text: "",
     behaviour: {ability: {cost: rest, effect: "take equipment target", targets: "1 card item:pajzs"}}}
setup:
  players:
    - {name: Anna, mp: 0, sor: [Pajzsrabló]}
    - {name: Béla, mp: 0, sor: [{card: Terda Radowik am Warwik, attach: [Kerek pajzs]}]}
script:
  - Anna: aktivizál "Pajzsrabló" célpont "Kerek pajzs"
  - visszafejt
expect:
  cards:
    Kerek pajzs: {attached_to: Pajzsrabló, controller: Anna}
    Terda Radowik am Warwik: {attachments: []}
"""


def test_take_equipment_moves_the_item_to_the_effects_adventurer() -> None:
    result = _run(_EQUIP)
    # korfordulo: 3.05.I is archived, so the reading cites 6.00 (archivalt: 3.05.I, i26-effects-felszereles-elvetel.yaml)
    assert ("6.00", "Anna takes Kerek pajzs from Terda Radowik am Warwik: Pajzsrabló wears it now") in _trace(result)


_TIMED = """
title: t
format: korfordulo
options: {beast_targets: team}
cards:
  - {name: Bilincsvető, type: szövetséges, mp: 1, phase: Sor, duration: végleges, text: "",
     behaviour: {ability: {cost: rest, effect: "suppress kw:AKARATÁTVITEL target until round", targets: "1 card"}}}
  - {name: Némító, type: szövetséges, mp: 1, phase: Sor, duration: végleges, text: "",
     behaviour: {constant: "suppress abilities enemy cards"}}
setup:
  phase: akadálylap aktivizálás
  players:
    - {name: Anna, mp: 2, torony: [{card: Argureni bálterem, attach: [Lidércfény]}], jelen: [Orkvadász íjász]}
    - {name: Béla, mp: 0, sor: [Pyarroni novícius], jelen: [Bilincsvető, Némító]}
script:
  - Béla: aktivizál "Bilincsvető" célpont "Lidércfény"
  - visszafejt
  - Anna: aktivizál "Orkvadász íjász" célpont "Pyarroni novícius"
  - Anna: aktivizál "Lidércfény" célpont "Pyarroni novícius"
  - visszafejt
expect:
  cards:
    Pyarroni novícius: {controller: Béla}
  illegal:
    - {step: 3, rule: "6.00", code: MK-TL-SUPPRESSED}
  not_rules: [2.04.b]
"""


def test_a_timed_suppression_and_suppressed_abilities() -> None:
    result = _run(_TIMED)
    lines = _trace(result)
    assert ("6.02", "Lidércfény: kw:AKARATÁTVITEL is suppressed until the end of the round "
                    "(Bilincsvető: képesség)") in lines
    assert ("6.00", "Lidércfény's AKARATÁTVITEL is suppressed (Bilincsvető: képesség): it does not work") in lines
    assert result.refusals[0].message == \
        "Orkvadász íjász's abilities are suppressed (Némító): it cannot activate them (6.00)"


def test_a_change_until_the_manoeuvre_ends_with_it() -> None:
    text = """
title: t
format: korfordulo
cards:
  - {name: Harci kürt, type: szövetséges, mp: 1, phase: Sor, duration: végleges, text: "",
     behaviour: {ability: {cost: rest, effect: "level +3 target until manoeuvre", targets: "1 own adventurer"}}}
setup:
  players:
    - {name: Anna, mp: 5, sor: [Terda Radowik am Warwik], jelen: [Harci kürt]}
    - {name: Béla, mp: 0, torony: [Toroni őrtorony]}
script:
  - Anna: aktivizál "Harci kürt" célpont "Terda Radowik am Warwik"
  - visszafejt
  - Anna: ostromol csapat "Terda Radowik am Warwik"
  - visszafejt
expect:
  cards:
    Terda Radowik am Warwik: {level: 5}
"""
    lines = _trace(_run(text))
    assert ("6.02", "Terda Radowik am Warwik's level is +3 until the end of the manoeuvre") in lines
    assert ("6.00", "the manoeuvre ends: Terda Radowik am Warwik's level +3 (Harci kürt: képesség) ends") in lines


def test_a_descriptor_filter_in_a_modifiers_scope_in_the_engine() -> None:
    eng = Engine()
    eng.add_player("Anna")
    eng.add_player("Béla")
    house = Card("T-H", "Toroni céh", "szövetséges", None, 1, None, "", (), "T", None, None, {},
                 behaviour=Behaviour(constant=(parse_modifier("level +1 own adventurers origin:toroni"),)))
    eng.add_card(house, "Anna", "jelen")
    toroni = eng.add_card(TOROKI, "Anna", "sor")
    other = eng.add_card(_card("Erv íjász", level=3, race="ember", descriptor="Erv"), "Anna", "sor")
    assert (sem.level(eng.state, toroni), sem.level(eng.state, other)) == (4, 3)


def test_behaviour_filters_name_the_line_and_column_of_each_value() -> None:
    spec = {"constant": ["level +1 own adventurers race:ordani"], "ability": {"targets": "1 card !skill:úszás"}}
    located = {("constant", 0): (10, 9), ("ability", "targets"): (12, 18)}
    got = list(behaviour_filters(spec, locate=lambda where: located[where]))
    assert got == [("race", "ordani", 10, 9 + 30), ("!skill", "úszás", 12, 18 + 14)]


def test_negated_and_bonus_filter_values_are_checked_against_the_database(tmp_path: Path) -> None:
    """A negated filter's value and a bonus clause's are values a data check tests, at their own columns."""
    folder = tmp_path / "db"
    folder.mkdir()
    (folder / "PROBA.yaml").write_text("""\
set: {code: PROBA, name: Próba}
cards:
- id: PROBA-001
  name: Próba Íjász
  type: szövetséges
  mp: 1
  behaviour:
    ability: {cost: rest, effect: "damage 1 target bonus 2 if race:orkk", targets: "1 enemy adventurer !race:elff"}
""", encoding="utf-8")
    r = CliRunner().invoke(cli, ["data", "check", "--strict", str(folder), "--format", "json"])
    found = [(f["code"], f["line"], f["column"], f["message"]) for f in json.loads(r.output)["findings"]]
    assert [(c, line, col) for c, line, col, _ in found] == [
        ("MK-DATA-UNKNOWN-FILTER-VALUE", 8, 68), ("MK-DATA-UNKNOWN-FILTER-VALUE", 8, 110)]
    assert found[0][3] == "the filter race:orkk names a value no card of the database holds (did you mean 'ork'?)"
    assert found[1][3].startswith("the filter race:elff names a value no card of the database holds")
    assert r.exit_code == 1


def test_looking_at_one_card_and_taking_it_is_no_search() -> None:
    """mk-rules row 51: one Jövő card looked at and taken is no search, whatever look_take_search says."""
    text = """
title: t
format: korfordulo
cards:
  - {name: Egy lap, type: szövetséges, mp: 1, phase: Sor, duration: végleges, text: "",
     behaviour: {ability: {cost: rest, effect: "look deck 1 take 1"}}}
setup:
  players:
    - {name: Anna, mp: 2, jelen: [Egy lap], jövő: [Sírrabló, Pajzsfal-eskü]}
    - {name: Béla, mp: 0, jelen: [Kotan vigyázó tekintete]}
script:
  - Anna: aktivizál "Egy lap"
  - visszafejt
expect:
  players:
    Anna: {mp: 2, hand: [Sírrabló]}
  not_rules: [6.02]
"""
    lines = _trace(_run(text))
    assert ("6.00", "Anna looks at the top 1 card(s) of the Jövő pakli and takes 1 into the hand: Sírrabló") in lines
