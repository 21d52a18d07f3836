"""Issue 26: a printed ability's marks, name and MP are the behaviour the engine plays (``abilities:`` in the
set file; :func:`korbiro.data.fields.played_behaviour`), so that a maintainer writes each once."""

from __future__ import annotations

from layout import ROOT

from korbiro.data.check import load_database
from korbiro.data.fields import played_behaviour
from korbiro.data.paths import shipped_db_path
from korbiro.rules.mk.timeline.scenario import run_file

CARDS = {c.id: c for c in load_database([shipped_db_path()])}


def test_marks_name_and_mp_become_the_activated_ability() -> None:
    (first, second) = CARDS["MINTA-200"].behaviour.abilities
    assert (first.name, first.timing, first.limit, [c.kind for c in first.cost]) == ("Árnyékpénz", "any", None, ["rest"])
    assert (second.name, second.timing, second.limit) == ("Árnyéklépés", "combat", "once")
    assert [(c.kind, c.amount) for c in second.cost] == [("mp", 1)]


def test_interrupt_and_lost_marks_and_the_printed_mp() -> None:
    (ability,) = CARDS["MINTA-202"].behaviour.abilities
    assert (ability.name, ability.timing) == ("Végső ima", "interrupt")
    assert [(c.kind, c.amount) for c in ability.cost] == [("lost", 0), ("mp", 2)]


def test_one_per_player_mark_makes_the_constant_count_once() -> None:
    (modifier,) = CARDS["MINTA-201"].behaviour.constant
    assert (modifier.stat, modifier.amount, modifier.per_player) == ("fizikum", 1, True)


def test_the_cards_own_behaviour_comes_first_and_wins() -> None:
    own = {"ability": {"effect": "draw 1 controller"}, "effect": "none"}
    printed = [{"marks": ["megszakító"], "name": "B", "mp": 2,
                "behaviour": {"ability": {"effect": "mp 1 controller", "cost": "mp 1"}, "effect": "win"}},
               {"marks": ["állandó", "egy per játékos"], "behaviour": {"constant": ["level +1 own adventurers"]}},
               {"marks": ["harci"], "text": "no behaviour written"}]
    assert played_behaviour(own, printed) == {
        "ability": [{"effect": "draw 1 controller"},
                    {"effect": "mp 1 controller", "cost": "mp 1", "timing": "interrupt", "name": "B"}],
        "effect": "none",
        "constant": ["level +1 own adventurers per_player"]}
    assert played_behaviour(own, [{"marks": ["harci"]}]) is own


def test_the_scenario_of_a_harci_egyszeri_ability() -> None:
    result = run_file(ROOT / "examples/rulings/i26-marks-harci-egyszeri.yaml")
    assert result.diffs == []
    assert [(r.step, r.rule, r.code) for r in result.refusals] == [(1, "6.03", "MK-TL-TIMING"), (6, "6.01", "MK-TL-USED")]
