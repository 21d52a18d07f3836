"""The engine step asks only what can matter (issue 29 item 4: an engine fast enough to search).

Each speed-up of the step is shown by what it no longer asks, counted, not timed (the machine is shared): an
event summoned looks only at the cards with timed effects, a closing timeline asks the level only of a damaged
adventurer, the victory rules weigh a snapshot only when it has changed.  Their traces are unchanged: the golden
games (tests/rules/mk/timeline/test_play.py), rulings and docs sessions.
"""

from __future__ import annotations

import sys

import pytest
from calls import counting
from layout import ROOT

from korbiro.data.check import load_database
from korbiro.data.paths import shipped_db_path
from korbiro.grammar.action import Action
from korbiro.rules.mk.timeline import ending, semantics
from korbiro.rules.mk.timeline.game import RandomPolicy, deal, play, sample_decks

sys.path.insert(0, str(ROOT / "benchmarks"))

from timeline import build  # noqa: E402


@pytest.mark.pure_python  # counts the engine's own calls (see tests/conftest.py)
def test_an_event_summoned_looks_only_at_the_cards_with_timed_effects(monkeypatch: pytest.MonkeyPatch) -> None:
    """6.02 "when an opponent summons an event": 500 cards in hand, none with a timed effect, are not asked whose
    they are (the 10,000-entry timeline of benchmarks/timeline.py was quadratic: 17 s against its 0.35 s)."""
    eng, actions = build(500)
    calls = counting(monkeypatch, semantics, "controller")
    eng.apply("Anna", actions[0])
    assert len(calls) < 10, len(calls)
    assert len(eng.state.timelines[0].entries) == 1 and eng.state.players["Anna"].mp == 0


@pytest.mark.pure_python  # counts the engine's own calls (see tests/conftest.py)
def test_a_closing_timeline_asks_the_level_only_of_damaged_adventurers(monkeypatch: pytest.MonkeyPatch) -> None:
    """6.00: as a timeline closes, an adventurer whose damage reaches its level dies; an undamaged one neither
    dies nor is wounded, so its level is not worked out."""
    cards = {c.name: c for c in load_database([shipped_db_path()])}
    eng = deal([("Anna", sample_decks()[0]), ("Béla", sample_decks()[1])], cards.get, seed=3)
    eng.start_game()
    adventurers = [cs for cs in eng.state.cards.values() if cs.type == "kalandozó"][:4]
    for cs in adventurers:
        eng.table.move(cs, "sor")
    adventurers[0].damage = 1
    calls = counting(monkeypatch, semantics, "level")
    eng.stack.casualties()
    assert len(calls) == 1


@pytest.mark.pure_python  # counts the engine's own calls (see tests/conftest.py)
def test_the_victory_rules_weigh_an_unchanged_table_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """1.01.A and its kin after every action: a whole sample game decides far fewer times than it acts, and ends
    as it did (the same steps and result as without the memo: tests/rules/mk/timeline/test_play.py's golden games)."""
    cards = {c.name: c for c in load_database([shipped_db_path()])}
    eng = deal([("Anna", sample_decks()[0]), ("Béla", sample_decks()[1])], cards.get, seed=1)
    calls = counting(monkeypatch, ending, "decide")
    record = play(eng, RandomPolicy(1))
    assert eng.over and len(record.steps) > 200
    assert len(calls) < len(record.steps) / 4, (len(calls), len(record.steps))


def test_a_quiet_table_is_weighed_again_when_what_the_rules_weigh_changes() -> None:
    """The memo is of the snapshot's makings: DP gained after a quiet check are weighed (1.01.A.2, while every
    side has tower levels)."""
    cards = {c.name: c for c in load_database([shipped_db_path()])}
    eng = deal([("Anna", sample_decks()[0]), ("Béla", sample_decks()[1])], cards.get, seed=2)
    eng.start_game()
    assert eng.table.ending is not None and eng.table.ending.check_immediate() is False
    eng.state.players["Anna"].dp = 40
    assert eng.table.ending.check_immediate() is True
    assert eng.state.result is not None and eng.state.result[:3] == ("win", ("Anna",), "1.01.A.2")


def test_the_clauses_a_verb_does_not_take_are_still_refused_one_by_one() -> None:
    """Reading the clauses in one step changes no refusal: the first clause said is named (6.00)."""
    eng, _ = build(1)
    refusal = eng.why_not("Anna", Action("pass", x=2))
    assert refusal is not None and (refusal.code, refusal.rule) == ("MK-TL-CLAUSE", "6.00")
    assert "'x'" in str(refusal)
