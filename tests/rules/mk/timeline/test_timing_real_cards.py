"""Issue 26, timing: when and how often an ability acts, its card costs, new trigger moments, one-per-player constants.

Each construct is tested on the invented sample cards MINTA-280..299 (korbiro/data/mk/cards/MINTA.yaml) and the
scenarios examples/rulings/i26-timing-*.yaml: exact refusals (code and rule), trace lines and legal-action lists.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layout import ROOT

from korbiro.base.errors import RulesSyntaxError
from korbiro.data.behaviour import LIMITS, TIMINGS, Behaviour, behaviour_of_marks, read_behaviour
from korbiro.data.check import load_database
from korbiro.data.paths import shipped_db_path
from korbiro.grammar.action import parse_action, render
from korbiro.grammar.behaviour import (
    EVENT_WORDS,
    EVENTS,
    Cost,
    parse_cost,
    parse_modifier,
    parse_moment,
)
from korbiro.rules.mk.timeline import semantics as sem
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.scenario import run_file

RULINGS = ROOT / "examples" / "rulings"
CARDS = {c.name: c for c in load_database([shipped_db_path()])}


def scenario(name: str, until: int | None = None) -> Engine:
    """The engine of examples/rulings/i26-timing-NAME.yaml, after step *until* (all steps if None)."""
    return run_file(str(RULINGS / f"i26-timing-{name}.yaml"), until=until).engine


def texts(eng: Engine, player: str) -> list[str]:
    return [f.text("en") for f in eng.legal_actions(player)]


def refusal(eng: Engine, player: str, action: str) -> tuple[str, str | None]:
    got = eng.why_not(player, parse_action(action))
    assert got is not None, f"{action!r} was accepted"
    return got.code, got.rule


# ---------------------------------------------------------------- the behaviour language


@pytest.mark.parametrize(("marks", "spec", "want"), [
    ({"combat"}, {"ability": {"effect": "damage 1 target"}},
     {"ability": {"effect": "damage 1 target", "timing": "combat"}}),
    ({"before_combat", "rests"}, {"ability": "damage 1 target"},
     {"ability": {"effect": "damage 1 target", "timing": "before_combat", "cost": "rest"}}),
    ({"interrupt", "once", "lost"}, {"ability": {"cost": "mp 1", "effect": "draw 1 controller"}},
     {"ability": {"cost": "mp 1; lost", "effect": "draw 1 controller", "timing": "interrupt", "limit": "once"}}),
    ({"repeatable"}, {"ability": [{"name": "A", "effect": "none"}, {"name": "B", "effect": "none"}]},
     {"ability": [{"name": "A", "effect": "none", "repeatable": True}, {"name": "B", "effect": "none", "repeatable": True}]}),
    ({"rests"}, {"ability": {"cost": "rest", "effect": "none"}}, {"ability": {"cost": "rest", "effect": "none"}}),
    ({"combat"}, {"ability": {"effect": "none", "timing": "interrupt"}}, {"ability": {"effect": "none", "timing": "interrupt"}}),
    ({"constant", "one_per_player"}, {"constant": "level +1 own adventurers"},
     {"constant": ["level +1 own adventurers per_player"]}),
    ({"constant", "one_per_player"}, {"constant": ["level +1 own adventurers per_player", "fal +1 self"]},
     {"constant": ["level +1 own adventurers per_player", "fal +1 self per_player"]}),
    ({"constant"}, {"constant": "level +1 own adventurers"}, {"constant": "level +1 own adventurers"}),
    (set(), None, {}),
])
def test_marks_become_behaviour(marks: set[str], spec: dict | None, want: dict) -> None:  # type: ignore[type-arg]
    got = behaviour_of_marks(frozenset(marks), spec)
    assert got == want
    behaviour, findings = read_behaviour(got)
    assert findings == [] and behaviour is not None


def test_marks_reach_the_ability() -> None:
    spec = behaviour_of_marks({"combat", "once", "rests"}, {"ability": {"effect": "level +2 target until combat"}})
    b = Behaviour.from_mapping(spec)
    assert b.ability is not None
    assert (b.ability.timing, b.ability.limit, [c.render() for c in b.ability.cost]) == ("combat", "once", ["rest"])
    assert b.lines() == ["ability (cost: rest) level +2 target until combat [timing combat, limit once]"]


def test_an_ability_list_reads_every_ability_with_its_name() -> None:
    b = CARDS["Kráni kettős szentély"].behaviour
    assert [a.name for a in b.abilities] == ["Áldás", "Átok"]
    assert b.lines() == ['ability "Áldás" (cost: rest) mp 1 controller', 'ability "Átok" (cost: rest) lose_mp 1 opponent']


@pytest.mark.parametrize(("spec", "message", "hu"), [
    ({"ability": {"effect": "none", "timing": "harcii"}}, "unknown timing 'harcii'; did you mean 'harci'?",
     "ismeretlen időzítés: 'harcii'; erre gondoltál: 'harci'?"),
    ({"ability": {"effect": "none", "limit": "onse"}}, "unknown limit 'onse'; did you mean 'once'?",
     "ismeretlen korlát: 'onse'; erre gondoltál: 'once'?"),
    ({"ability": {"effect": "none", "limit": "round", "repeatable": True}},
     "an ability is repeatable or has a limit (round), not both",
     "a képesség ismételhető vagy korlátos (round), a kettő együtt nem"),
])
def test_ability_word_errors_in_both_languages(spec: dict, message: str, hu: str) -> None:  # type: ignore[type-arg]
    _, findings = read_behaviour(spec)
    assert [(f.message, f.args["message_hu"]) for f in findings] == [(message, hu)]


@pytest.mark.parametrize(("text", "col", "message"), [
    ("sacrifise", 1, "unknown cost 'sacrifise'; did you mean 'sacrifice'?"),
    ("sacrifice own kalandozo", 1, None),
    ("sacrifice own dragon", 15, "expected adventurer after sacrifice own"),
    ("mp 1; woond", 7, "unknown cost 'woond'; did you mean 'wound'?"),
])
def test_cost_words(text: str, col: int, message: str | None) -> None:
    if message is None:
        assert parse_cost(text) == (Cost("sacrifice", 0, "own"),)
        return
    with pytest.raises(RulesSyntaxError) as info:
        parse_cost(text)
    assert info.value.column == col and info.value.reason == message  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "canon"), [
    ("ELLENFÉL LEIDÉZ ESEMÉNY", "opponent_summons_event"), ("opponent summons quest", "opponent_summons_quest"),
    ("meghal", "dies"), ("Saját kalandozó meghal", "own_dies"), ("any adventurer dies", "any_dies"),
    ("manőver sikertelen", "maneuver_fails"), ("manoeuvre fails", "maneuver_fails"), ("ébred", "wakes"),
    ("wakes", "wakes"), ("akadaly csatolas", "obstacle_attached"), ("obstacle attached", "obstacle_attached"),
])
def test_new_moments_in_both_languages(text: str, canon: str) -> None:
    assert parse_moment(text) == canon


def test_a_misspelt_moment_has_a_did_you_mean() -> None:
    with pytest.raises(RulesSyntaxError) as info:
        parse_moment("manőver sikertelenn")
    assert info.value.reason == "unknown moment 'manőver sikertelenn'; did you mean 'manőver sikertelen'?"  # type: ignore[attr-defined]


def test_per_player_is_a_word_of_the_modifier() -> None:
    m = parse_modifier("szint +1 saját kalandozók JÁTÉKOSONKÉNT")
    assert (m.stat, m.amount, m.per_player, m.render()) == ("level", 1, True, "level +1 own adventurers per_player")
    assert parse_modifier("level +1 own adventurers").per_player is False


_COSTS = st.sampled_from(["rest", "pihentet", "mp 2", "return own adventurer", "sacrifice", "feláldoz",
                          "sacrifice own adventurer", "feláldoz saját kalandozó", "wound", "sebesít", "sérül",
                          "lost", "elvesző", "ELVÉSZ", "rest wearer"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_COSTS, min_size=1, max_size=4))
def test_hypothesis_cost_parse_render_parse(parts: list[str]) -> None:
    first = parse_cost("; ".join(parts))
    assert parse_cost("; ".join(c.render() for c in first)) == first


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["level +1", "fal -1", "fizikum +2"]), st.sampled_from(["own adventurers", "self", "all cards"]),
       st.sampled_from(["per_player", "játékosonként", "egy_per_játékos", ""]), st.sampled_from(["", "while combat"]))
def test_hypothesis_modifier_parse_render_parse(stat: str, scope: str, word: str, when: str) -> None:
    m = parse_modifier(" ".join(w for w in (stat, scope, word, when) if w))
    assert m.per_player == bool(word)
    assert parse_modifier(m.render()) == m


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(EVENTS)), st.sampled_from([str.upper, str.lower, lambda s: s]))
def test_hypothesis_every_event_spelling_reads_back(alias: str, case) -> None:  # type: ignore[no-untyped-def]
    canon = parse_moment(case(alias))
    assert canon == EVENTS[alias] and parse_moment(EVENT_WORDS[canon]) == canon


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(TIMINGS)), st.sampled_from(sorted(LIMITS)), st.booleans())
def test_hypothesis_timing_and_limit_words_fold(timing: str, limit: str, upper: bool) -> None:
    spell = str.upper if upper else str
    b, findings = read_behaviour({"ability": {"effect": "none", "timing": spell(timing), "limit": spell(limit)}})
    assert findings == [] and b is not None and b.ability is not None
    assert (b.ability.timing, b.ability.limit) == (TIMINGS[timing], LIMITS[limit])


@settings(max_examples=100, deadline=None)
@given(st.one_of(st.integers(min_value=1, max_value=99),
                 st.text(alphabet="abcÁÉőű -", min_size=1, max_size=12).filter(lambda s: s.strip() == s and s)),
       st.sampled_from(["képesség", "kepesseg", "ABILITY"]))
def test_hypothesis_the_ability_clause_parse_render_parse(pick: int | str, word: str) -> None:
    named = pick if isinstance(pick, int) else f'"{pick}"'
    a = parse_action(f'aktivizál "Kráni kettős szentély" {word} {named}')
    assert a.ability == pick
    assert parse_action(render(a)) == a


# ---------------------------------------------------------------- timing


def test_a_slow_ability_does_not_join_an_opponents_timeline_an_interrupt_does() -> None:
    """Why: every ability could be activated into any open timeline; the megszakító mark meant nothing."""
    eng = scenario("megszakito", until=1)  # Béla's Toroni levéltár is in timeline 1
    assert texts(eng, "Anna") == ["pass", 'activate "Erioni futárhálózat"']
    assert refusal(eng, "Anna", 'aktivizál "Toroni levéltár"') == ("MK-TL-SLOW", "6.00")
    eng.apply("Anna", parse_action('aktivizál "Erioni futárhálózat"'))
    assert [(e.rule, e.en) for e in eng.state.trace[-3:]] == [
        ("6.00", 'Erioni futárhálózat\'s ability "Gyors üzenet" is an interrupt (megszakító): it joins Béla\'s timeline 1'),
        ("6.01", "cost: Erioni futárhálózat becomes resting"),
        ("5.01.D", "@2 Erioni futárhálózat: képesség enters timeline 1 (Anna)")]


def test_a_slow_ability_is_used_with_no_opponents_timeline_open() -> None:
    eng = scenario("megszakito", until=0)
    assert texts(eng, "Béla") == ["pass", 'activate "Béla levéltára"']
    eng = scenario("lassu-szabad", until=1)  # option ability_timing=free: every ability an interrupt
    assert texts(eng, "Anna") == ["pass", 'activate "Toroni levéltár"']


def test_a_combat_ability_only_in_a_combat() -> None:
    eng = scenario("harci", until=0)
    assert texts(eng, "Anna") == ["pass", 'activate "Briar Sichetti"']  # Briar's own ability, not the combat one
    assert refusal(eng, "Anna", 'aktivizál "Gorviki csatamester" célpont "Briar Sichetti"') == ("MK-TL-TIMING", "6.03")
    eng = scenario("harci", until=2)  # the combat round
    assert texts(eng, "Anna") == ["pass", 'activate "Briar Sichetti"',
                                  'activate "Gorviki csatamester" target "Briar Sichetti"']
    eng.apply("Anna", parse_action('aktivizál "Gorviki csatamester" célpont "Briar Sichetti"'))
    eng.apply(None, parse_action("visszafejt"))
    assert sem.level(eng.state, eng.find("Briar Sichetti")) == 5  # level 3 +2 until the end of the combat
    assert eng.state.trace[-2].en == "Briar Sichetti's level is +2 until the end of the combat"


def test_a_before_combat_ability_only_in_a_manoeuvre_before_its_combat() -> None:
    eng = scenario("harc-elotti", until=0)
    assert refusal(eng, "Anna", 'aktivizál "Dwoon íjászcsapat" célpont "Terda Radowik am Warwik"') == (
        "MK-TL-TIMING", "6.03")
    eng = scenario("harc-elotti", until=2)
    assert texts(eng, "Anna") == ['pass', 'activate "Dwoon íjászcsapat" target "Terda Radowik am Warwik"']


# ---------------------------------------------------------------- use limits


def test_an_ability_usable_once_a_round_is_not_used_three_times_in_a_round() -> None:
    """Why (issue 27): "an ability usable once a round was used three times in a round"."""
    eng = scenario("fordulonkent", until=2)  # used once, unwound
    for _ in range(2):
        assert refusal(eng, "Anna", 'aktivizál "Kyr jóslatkönyv"') == ("MK-TL-USED", "6.01")
    assert texts(eng, "Anna") == ["pass", 'summon "Briar Sichetti"']  # the card she drew; no second Jóslat
    got = eng.why_not("Anna", parse_action('aktivizál "Kyr jóslatkönyv"'))
    assert got is not None and got.remedy == ("wait for the next round", "várd meg a következő fordulót")
    eng = scenario("fordulonkent", until=5)  # round 2
    assert texts(eng, "Anna") == ["pass", 'summon "Briar Sichetti"', 'activate "Kyr jóslatkönyv"']


def test_once_a_game_and_once_a_combat_round() -> None:
    eng = scenario("egyszeri")
    assert [(r.step, r.code, r.rule) for r in run_file(str(RULINGS / "i26-timing-egyszeri.yaml")).refusals] == [
        (4, "MK-TL-USED", "6.01")]
    assert texts(eng, "Anna") == ["pass"]
    eng = scenario("harci", until=4)
    assert texts(eng, "Anna") == ["pass", 'activate "Briar Sichetti"']  # Harci parancs is used this combat round
    assert refusal(eng, "Anna", 'aktivizál "Gorviki csatamester" célpont "Briar Sichetti"') == ("MK-TL-USED", "6.01")


def test_a_repeatable_ability_is_used_again() -> None:
    eng = scenario("ismetelheto")
    assert eng.state.players["Béla"].mp == 0 and eng.state.players["Anna"].mp == 1


# ---------------------------------------------------------------- several abilities, costs


def test_the_listing_names_which_ability() -> None:
    eng = scenario("tobb-kepesseg", until=0)
    assert texts(eng, "Anna") == ["pass", 'activate "Kráni kettős szentély" ability "Áldás"',
                                  'activate "Kráni kettős szentély" ability "Átok"']
    assert [f.text("hu") for f in eng.legal_actions("Anna")][1] == 'aktivizál "Kráni kettős szentély" képesség "Áldás"'
    assert refusal(eng, "Anna", 'aktivizál "Kráni kettős szentély" képesség 3') == ("MK-TL-NO-SUCH-ABILITY", "6.01")
    eng.apply("Anna", parse_action('aktivizál "Kráni kettős szentély" képesség 2'))
    eng.apply(None, parse_action("visszafejt"))
    assert (eng.state.players["Anna"].mp, eng.state.players["Béla"].mp) == (3, 1)  # Átok: Béla loses 1


def test_costs_that_take_a_card_are_listed_and_paid() -> None:
    eng = scenario("aldozat", until=2)
    assert texts(eng, "Anna") == ["pass", 'activate "Toroni vérmágus" by "Briar Sichetti"', 'activate "Briar Sichetti"']
    assert refusal(eng, "Anna", 'aktivizál "Toroni vérmágus"') == ("MK-TL-COST", "5.01.C")
    eng.apply("Anna", parse_action('aktivizál "Toroni vérmágus" által "Briar Sichetti"'))
    assert [(e.rule, e.en) for e in eng.state.trace[-4:-2]] == [
        ("5.01.C", "cost: Briar Sichetti is sacrificed"), ("6.00", "Briar Sichetti goes to Múlt")]
    eng = scenario("sebesules", until=2)
    assert eng.find("Sebhelyes pyarroni veterán").state == "sérült"
    assert texts(eng, "Anna") == ["pass", 'activate "Hajdani kincstérkép"']


# ---------------------------------------------------------------- triggers


def test_a_death_fires_its_own_its_sides_and_everyones_triggers() -> None:
    eng = scenario("meghal", until=1)
    events = [(e.rule, e.en) for e in eng.state.trace if e.event == "event"]
    assert events == [("6.02", "Gyászénekes bárd: dies — the timed effects of that moment take effect"),
                      ("6.02", "Gyászénekes bárd: an own adventurer dies — the timed effects of that moment take effect"),
                      ("6.02", "Gyászénekes bárd: an adventurer dies — the timed effects of that moment take effect")]


def test_a_sacrifice_is_no_death() -> None:
    eng = scenario("aldozat")
    assert not [e for e in eng.state.trace if e.event == "event"]


@pytest.mark.parametrize(("name", "line"), [
    ("ellenfel-leidez", "A dzsad kereskedőházak hitele: an opponent summons an event — the timed effects of that moment take effect"),
    ("manover-sikertelen", "Toroni őrtorony: the manoeuvre fails — the timed effects of that moment take effect"),
    ("ebred", "Hajnali őrszem: wakes — the timed effects of that moment take effect"),
    ("akadaly-csatolas", "Toroni őrtorony: an obstacle is attached — the timed effects of that moment take effect"),
])
def test_each_new_moment_fires_where_it_happens(name: str, line: str) -> None:
    eng = scenario(name)
    assert [e.en for e in eng.state.trace if e.event == "event"][0] == line
    assert run_file(str(RULINGS / f"i26-timing-{name}.yaml")).passed


# ---------------------------------------------------------------- one per player


def test_a_one_per_player_constant_counts_once() -> None:
    """Why: two copies of a one-per-player "level +1 own adventurers" gave +2."""
    eng = scenario("egy-per-jatekos", until=0)
    briar = eng.find("Briar Sichetti")
    assert sem.level(eng.state, briar) == 4
    assert sem.modifier_terms(eng.state, "level", briar) == [("Erioni zászlóvivő", 1)]


def test_a_plain_constant_still_stacks() -> None:
    plain = Behaviour.from_mapping({"constant": "level +1 own adventurers"})
    eng = Engine(effects={"A": plain, "B": plain})
    eng.add_player("Anna")
    for label in ("A", "B"):
        eng.add_card(CARDS["Erioni zászlóvivő"], "Anna", "jelen", label=label)
    briar = eng.add_card(CARDS["Briar Sichetti"], "Anna", "sor")
    assert sem.level(eng.state, briar) == 5


# ---------------------------------------------------------------- the legal-action invariant on the new cards


def test_random_play_on_the_timing_cards_keeps_the_invariant() -> None:
    from test_legal_actions import CARDS as ALL
    from test_legal_actions import play

    mine = [c for c in ALL if 280 <= int(c.id.split("-")[1]) <= 299]
    base = [c for c in ALL if c.type in ("kalandozó", "toronyszint") and int(c.id.split("-")[1]) < 200]
    totals = {"completions": 0, "applied": 0}
    for seed in range(12):
        counts = play(seed, steps=25, junk=4, cards=mine + base)
        totals["completions"] += counts["completions"]
        totals["applied"] += counts["applied"]
    assert totals["completions"] >= 200 and totals["applied"] >= 200, totals
