"""Legal actions: every listed action is accepted, and every accepted action was listed.

The python-chess / OpenSpiel invariant, on random play over the shipped
sample: at each step the listed forms of the player who may act are taken
apart (each completion the engine must accept), random actions near them and
far from them are tried (whatever the engine accepts must complete a listed
form), and listing changes nothing in the game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from korbiro.data.check import load_database
from korbiro.data.paths import shipped_db_path
from korbiro.grammar.action import Action
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.legal import matches
from korbiro.rules.mk.timeline.selfplay import random_junk, random_step, random_table, who_acts

CARDS = list(load_database([shipped_db_path()]))


def fingerprint(eng: Engine) -> Any:
    st_ = eng.state
    return (len(st_.trace), st_.round, st_.phase, st_.active, tuple(st_.sor_passed),
            tuple((p.name, p.mp, p.dp, tuple((z, tuple(v)) for z, v in p.zones.items())) for p in st_.players.values()),
            tuple((c.uid, c.zone, c.state, c.damage, c.controller, c.hidden, c.ghost, tuple(c.attachments),
                   tuple(sorted(c.counters.items()))) for c in st_.cards.values()),
            tuple((tl.number, tuple(e.seq for e in tl.entries), tuple(sorted(tl.passed))) for tl in st_.timelines),
            st_.maneuver_team, st_.maneuver_blockers, len(st_.timed), st_.next_seq, st_.next_uid)


def play(seed: int, steps: int, junk: int) -> dict[str, int]:
    """Random play from a random table; returns counts of what was checked."""
    eng, rng = random_table(CARDS, seed)
    counts = {"listed": 0, "completions": 0, "junk": 0, "junk_accepted": 0, "applied": 0}
    for _ in range(steps):
        player = who_acts(eng, rng)
        before = fingerprint(eng)
        forms = eng.legal_actions(player)
        assert fingerprint(eng) == before, "listing the legal actions changed the game"
        counts["listed"] += len(forms)
        # every listed action is accepted: random completions of every form
        for form in forms:
            for _ in range(2):
                a = form.completion(rng)
                refusal = eng.probe(player, a)
                assert refusal is None, f"listed {form.text()!r} as {a!r} was refused: [{refusal.rule}] {refusal}"
                assert matches(form, player, a, eng)
                counts["completions"] += 1
        # every accepted action was listed
        for _ in range(junk):
            a = random_junk(eng, rng, forms)
            counts["junk"] += 1
            if eng.probe(player, a) is None:
                counts["junk_accepted"] += 1
                assert any(matches(f, player, a, eng) for f in forms), f"accepted but not listed: {a!r}"
        assert fingerprint(eng) == before, "probing changed the game"
        random_step(eng, rng)
        counts["applied"] += 1
        if eng.state.winner is not None:
            break
    return counts


@pytest.mark.parametrize("seed", range(20))
def test_random_play_keeps_the_invariant(seed: int) -> None:
    counts = play(seed, steps=40, junk=6)
    assert counts["applied"] >= 1 and counts["completions"] >= 1


def test_the_invariant_runs_at_least_2000_random_actions_over_20_seeds() -> None:
    totals = {"junk": 0, "completions": 0, "applied": 0, "junk_accepted": 0}
    for seed in range(100, 120):
        for k, v in play(seed, steps=25, junk=4).items():
            if k in totals:
                totals[k] += v
    assert totals["junk"] + totals["completions"] >= 2000, totals
    assert totals["junk_accepted"] >= 50, totals  # the random actions reach legal ground often enough to test it


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6))
def test_hypothesis_random_tables(seed: int) -> None:
    play(seed, steps=8, junk=4)


def test_a_listed_action_is_accepted_for_real() -> None:
    eng, rng = random_table(CARDS, 7)
    applied = 0
    for _ in range(150):
        player = who_acts(eng, rng)
        forms = [f for f in eng.legal_actions(player) if f.verb != "pass"]
        if not forms:
            random_step(eng, rng)
            continue
        a = rng.choice(forms).completion(rng)
        eng.apply(player, a)  # raises if the engine refuses what it listed
        applied += 1
    assert applied >= 20


def test_pass_is_listed_only_for_the_player_whose_turn_it_is() -> None:
    eng, _ = random_table(CARDS, 3)
    active = eng.active_player()
    other = next(p for p in eng.state.players if p != active)
    assert [f.verb for f in eng.legal_actions(active)][0] == "pass"
    assert eng.legal_actions(other) == []
    refusal = eng.why_not(other, Action("pass"))
    assert refusal is not None and refusal.rule == "12.00" and refusal.code == "MK-TL-TURN"
    assert refusal.remedy[0] == f"wait until {active} acts or passes"  # type: ignore[attr-defined]


def test_random_play_is_deterministic() -> None:
    def trace(seed: int) -> list[str]:
        eng, rng = random_table(CARDS, seed)
        for _ in range(30):
            random_step(eng, rng)
        return [e.en for e in eng.state.trace]

    assert trace(5) == trace(5)
    assert trace(5) != trace(6)


def test_random_source_is_only_the_seed() -> None:
    assert random.Random(1).random() == random.Random(1).random()
