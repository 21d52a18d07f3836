"""Legal actions: every listed action is accepted, and every accepted action was listed.

The python-chess / OpenSpiel invariant, on random play over the shipped
sample: at each step the listed forms of the player who may act are taken
apart (each completion the engine must accept), random actions near them and
far from them are tried (whatever the engine accepts must complete a listed
form), and listing changes nothing in the game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layout import ROOT, TESTS

from korbiro.cli import cli
from korbiro.data.cards import Card
from korbiro.data.check import load_database
from korbiro.data.paths import shipped_db_path
from korbiro.grammar.action import Action, parse_action
from korbiro.rules.mk.timeline import legal
from korbiro.rules.mk.timeline import semantics as sem
from korbiro.rules.mk.timeline.deeds import activated_card
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.game import WEIGHTS, RandomPolicy, deal, sample_decks
from korbiro.rules.mk.timeline.game import play as play_game
from korbiro.rules.mk.timeline.legal import LegalAction, matches, probed_legal_actions
from korbiro.rules.mk.timeline.scenario import run_file
from korbiro.rules.mk.timeline.selfplay import random_junk, random_step, random_table, who_acts

#: the sample set as it was before issue 26's sample cards: the seeded tables below are dealt from it, so that a
#: new sample card does not change them
CARDS = list(load_database([TESTS / "data" / "main-minta"]))
#: the players of a three-player table
THREE = ("Anna", "Béla", "Cili")
#: the shipped sample database by name, as `korbiro play` deals from it
SAMPLE_CARDS = {c.name: c for c in load_database([shipped_db_path()])}


def fingerprint(eng: Engine) -> Any:
    st_ = eng.state
    return (len(st_.trace), st_.round, st_.phase, st_.active, tuple(st_.sor_passed),
            tuple((p.name, p.mp, p.dp, tuple((z, tuple(v)) for z, v in p.zones.items())) for p in st_.players.values()),
            tuple((c.uid, c.zone, c.state, c.damage, c.controller, c.hidden, c.ghost, tuple(c.attachments),
                   tuple(sorted(c.counters.items()))) for c in st_.cards.values()),
            tuple((tl.number, tuple(e.seq for e in tl.entries), tuple(sorted(tl.passed))) for tl in st_.timelines),
            st_.maneuver_team, st_.maneuver_blockers, len(st_.timed), st_.next_seq, st_.next_uid)


def play(seed: int, steps: int, junk: int, players: tuple[str, ...] = ("Anna", "Béla"),
         options: dict[str, str] | None = None, cards: list[Card] | None = None,
         phases: dict[str, int] | None = None) -> dict[str, int]:
    """Random play from a random table of *cards* (with engine *options*); returns counts of what was checked.
    *phases*, if given, counts the steps taken in each phase of a manoeuvre under way (6.03)."""
    eng, rng = random_table(CARDS if cards is None else cards, seed, players=players)
    eng.table.options.update(options or {})
    counts = {"listed": 0, "completions": 0, "junk": 0, "junk_accepted": 0, "applied": 0}
    for _ in range(steps):
        player = who_acts(eng, rng)
        before = fingerprint(eng)
        forms = eng.legal_actions(player)
        assert fingerprint(eng) == before, "listing the legal actions changed the game"
        counts["listed"] += len(forms)
        run = eng.state.maneuver
        if phases is not None and run is not None and run.phase is not None:
            phases[run.phase] = phases.get(run.phase, 0) + 1
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


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6))
def test_hypothesis_three_player_tables(seed: int) -> None:
    """With three players an effect's "one of your opponents" is a choice (12.00.A): listed as one, and an action
    with or without ``ellen`` is accepted exactly when it completes a listed form."""
    play(seed, steps=8, junk=6, players=THREE)


def positions(seed: int, steps: int, players: tuple[str, ...]) -> Iterator[tuple[Engine, str]]:
    """Random play from a random table: at each of *steps* steps, the engine and each player still in the game."""
    eng, rng = random_table(CARDS, seed, players=players)
    for _ in range(steps):
        for p in eng.table.seated():
            yield eng, p
        random_step(eng, rng)
        if eng.state.winner is not None:
            return



def test_three_player_tables_list_choices_of_opponent() -> None:
    chosen = 0
    for seed in range(40):
        for eng, p in positions(seed, 12, THREE):
            for form in eng.legal_actions(p):
                if form.opponents:
                    assert set(form.opponents) == set(eng.table.opponents(p)) and len(form.opponents) == 2
                    assert ' against ⟨1: "' in form.text("en") and form.to_dict()["opponent"]["choose"] == [1, 1]
                    chosen += 1
    assert chosen >= 20


def beast_forms_are_the_obstructed_team(eng: Engine, player: str) -> int:
    """Every listed activation of a beast: in a manoeuvre under way against the player's side, its targets the
    initiating team's adventurers still in the manoeuvre (6.03, 4.01.C), one of them to choose (beast_targets=one),
    or up to N for a beast line of SZÁM N (beast_number=beasts, issue 26)."""
    seen = 0
    for form in eng.legal_actions(player):
        if form.verb != "activate" or form.rule != "12.00.5.5" or form.card is None:
            continue
        cs = activated_card(eng.table, player, form.card)
        if cs.card.subtype != "bestia" or cs.behaviour.targets is not None:
            continue
        maneuver = eng.stack.current_maneuver()
        assert maneuver is not None, f"{form.text('en')} listed with no manoeuvre under way"
        assert not eng.table.seating.friendly(player, maneuver.player), "a beast listed against its own side"
        team = {eng.state.cards[u].label for u in maneuver.data["team"] if u in eng.state.maneuver_team}
        most = eng.deeds.beast_count([], cs)  # one; SZÁM N beasts attack up to N (option beast_number)
        assert set(form.targets) == team and form.target_count == (1, most), form.text("en")
        seen += 1
    return seen


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from([("Anna", "Béla"), THREE]))
def test_hypothesis_a_beast_is_listed_against_the_team_it_obstructs(seed: int, players: tuple[str, ...]) -> None:
    for eng, p in positions(seed, 30, players):
        beast_forms_are_the_obstructed_team(eng, p)


@pytest.mark.parametrize("seeds", [pytest.param(16, id="16-seeds"), pytest.param(40, id="40-seeds", marks=pytest.mark.long)])
def test_random_play_lists_beasts_only_against_the_obstructed_team(seeds: int) -> None:
    """Beast activations were listed with 1–99 targets, any adventurer in any Sor, at any time (the default run
    plays 16 three-player tables, the long run 40)."""
    seen = sum(beast_forms_are_the_obstructed_team(eng, p) for seed in range(seeds) for eng, p in positions(seed, 60, THREE))
    assert seen >= 10


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
    assert refusal.remedy == (f"wait until {active} acts or passes", f"várd meg, míg {active} cselekszik vagy passzol")


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


@pytest.mark.parametrize(("seed", "counts"), [
    (766, {"listed": 28, "completions": 56, "junk": 32, "junk_accepted": 4, "applied": 8}),
    (433, {"listed": 41, "completions": 82, "junk": 32, "junk_accepted": 4, "applied": 8}),
    (1782, {"listed": 27, "completions": 54, "junk": 32, "junk_accepted": 2, "applied": 8}),
])
def test_an_activation_named_by_the_printed_name_completes_the_listed_form(seed: int, counts: dict[str, int]) -> None:
    """Both players have a copy of a card; the opponent's copy bears the bare name as its label.  Naming the
    card activates the player's own copy (6.01), which is listed under its label: the seeds Hypothesis found.
    They activate an ability into the opponent's open timeline: an interrupt's right, every ability's with
    ``ability_timing=free`` (the reading these seeds were found under)."""
    assert play(seed, steps=8, junk=4, options={"ability_timing": "free"}, cards=CARDS) == counts


def test_activating_by_name_is_the_players_own_copy_and_it_is_listed() -> None:
    eng, rng = random_table(CARDS, 766)
    random_step(eng, rng)  # Anna rests her "Airun al Marem" to look at Béla's hand: timeline 1 is open
    # Béla's abilities are slow (no megszakító mark): none joins Anna's timeline (6.00, option ability_timing)
    assert [f.text("en") for f in eng.legal_actions("Béla")] == ["pass"]
    refusal = eng.why_not("Béla", parse_action('aktivizál "Airun al Marem"'))
    assert refusal is not None and (refusal.code, refusal.rule) == ("MK-TL-SLOW", "6.00")
    assert refusal.remedy == ("wait until timeline 1 has unwound", "várd meg, míg a(z) 1. időfonal visszafejtődik")
    eng.table.options["ability_timing"] = "free"  # every ability an interrupt: the reading this test was written for
    forms = eng.legal_actions("Béla")
    # a tower level is no fast effect: not summoned into Anna's timeline (6.00, option sor_summons)
    assert [(f.text("en"), f.rule) for f in forms] == [
        ("pass", "6.00"), ('activate "Arquiran, a bronzsárkány"', "6.01"), ('activate "Airun al Marem #2"', "6.01")]
    by_name = parse_action('aktivizál "Airun al Marem"')  # the label of Anna's copy, the name of Béla's
    assert eng.probe("Béla", by_name) is None
    assert [matches(f, "Béla", by_name, eng) for f in forms] == [False, False, True]
    # an opponent's card is never the player's to activate (6.01)
    refusal = eng.why_not("Anna", parse_action('aktivizál "Airun al Marem #2"'))
    assert refusal is not None and (refusal.code, refusal.rule) == ("MK-TL-NO-CARD", "6.01")
    eng.apply("Béla", by_name)
    assert {c.label: c.state for c in eng.state.cards.values() if c.name == "Airun al Marem"} == {
        "Airun al Marem": "pihenő", "Airun al Marem #2": "pihenő"}
    assert [e.en for e in eng.state.trace][-2:] == [
        "cost: Airun al Marem #2 becomes resting", "@2 Airun al Marem #2: képesség enters timeline 1 (Béla)"]
    # now that his copy rests, the name is refused for Béla's copy, not taken for Anna's, and nothing is listed
    refusal = eng.why_not("Béla", by_name)
    assert refusal is not None and (refusal.code, refusal.rule) == ("MK-TL-NOT-AWAKE", "6.01")
    assert refusal.remedy == ("needs Airun al Marem #2 awake", "Airun al Marem #2 legyen éber")
    assert [f.text("en") for f in eng.legal_actions("Béla")] == ["pass", 'activate "Arquiran, a bronzsárkány"']


# ---------------------------------------------------------------- shipped rulings: exact listings

RULINGS = ROOT / "examples" / "rulings"


def engine_at(name: str, step: int) -> Engine:
    return run_file(str(RULINGS / name), until=step).engine


def test_a_siege_needs_its_2_mp_and_why_not_says_so() -> None:
    eng = engine_at("ostrom-mp.yaml", 0)
    assert [f.text("en") for f in eng.legal_actions("Anna")] == ["pass"]
    refusal = eng.why_not("Anna", parse_action('ostromol csapat "Vadonjáró Thorwald"'))
    assert refusal is not None
    assert (refusal.code, refusal.rule, refusal.remedy) == ("MK-TL-MP", "12.00.5.4", ("needs 2 MP, has 1", "2 MP kell, 1 van"))
    assert str(refusal) == "a siege costs 2 MP (the figure of 12.00.5.4); Anna has 1"
    assert refusal.hu == "az ostrom 2 MP-be kerül (a 12.00.5.4 szerint); Anna MP-je 1"
    eng.state.players["Anna"].mp = 2
    assert [(f.text("en"), f.rule) for f in eng.legal_actions("Anna")] == [
        ("pass", "6.03"), ('siege team "Vadonjáró Thorwald" against "Béla"', "4.01.A")]


def test_antiss_teams_are_listed_one_by_one() -> None:
    eng = engine_at("antiss-kuldetes.yaml", 0)
    ilvaren, garmacs, shadoni = '"Ilvaren, az erioni antissjáró"', '"Garmacs, a kincsvadász"', '"Shadoni asztrálmágus"'
    csillag, hold = 'solve "Utazás a Csillagtükörbe" team ', 'solve "Utazás a Holdtükörbe" team '
    assert [(f.text("en"), f.rule) for f in eng.legal_actions("Anna")] == [("pass", "6.03")] + [
        (t, "8.02") for t in (csillag + ilvaren, csillag + shadoni, csillag + f"{ilvaren}, {shadoni}",
                              hold + ilvaren, hold + shadoni, hold + f"{ilvaren}, {garmacs}", hold + f"{ilvaren}, {shadoni}",
                              hold + f"{garmacs}, {shadoni}", hold + f"{ilvaren}, {garmacs}, {shadoni}")]


def test_a_neutralisation_without_a_card_is_the_judges_not_a_players() -> None:
    eng = engine_at("lifo-semlegesites.yaml", 3)  # three summons on the timeline; Béla has no neutraliser
    assert [f.text("en") for f in eng.legal_actions("Béla")] == ["pass"]
    refusal = eng.why_not("Béla", parse_action("semlegesít @2"))
    assert refusal is not None and (refusal.code, refusal.rule) == ("MK-TL-NEUTRALISER", "6.00")
    assert refusal.remedy == ('name the card it is made with: forrás "…"', 'nevezd meg a lapot, amellyel történik: forrás "…"')
    eng.apply("Béla", parse_action("semlegesít @2"))  # the judge's supposition still resolves, as the ruling scripts it
    assert eng.state.timelines[0].entries[-1].label == "semlegesítés @2"


# ---------------------------------------------------------------- the command line


def cli_run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["resolve", *args])
    return res.exit_code, res.output


def test_cli_legal_text() -> None:
    code, out = cli_run(str(RULINGS / "lifo-semlegesites.yaml"), "--legal", "--at", "0")
    assert code == 0
    assert out.endswith("  done\n"
                        "  legal actions after step 0:\n"
                        "    Anna:\n"
                        "      pass                               [6.03]\n"
                        '      summon "Briar Sichetti"            [5.01]\n'
                        '      summon "Arquiran, a bronzsárkány"  [5.01]\n'
                        '      summon "Terda Radowik am Warwik"   [5.01]\n'
                        "    Béla: none (not their turn)\n")
    code, out = cli_run(str(RULINGS / "lifo-semlegesites.yaml"), "--legal", "--at", "0", "--player", "béla", "--lang", "hu")
    assert code == 0 and out.endswith("  kész\n  szabályos cselekvések a(z) 0. lépés után:\n    Béla: nincs (nem ő következik)\n")


def test_cli_legal_json() -> None:
    code, out = cli_run(str(RULINGS / "ostrom-mp.yaml"), "--legal", "--format", "json")
    assert code == 0
    assert json.loads(out)[0]["legal"] == {"after_step": 1, "players": {
        "Anna": [{"player": "Anna", "verb": "pass", "rule": "6.03", "text": "passz", "text_en": "pass"}], "Béla": []}}


def test_cli_refusal_is_shown_at_its_step_with_its_remedy() -> None:
    code, out = cli_run(str(RULINGS / "ostrom-mp.yaml"))
    assert code == 0
    assert out == ("examples/rulings/ostrom-mp.yaml: A siege costs 2 MP: with 1 MP it is refused [archivalt]\n"
                   '  step 1 (line 10): Anna: ostromol csapat "Vadonjáró Thorwald"\n'
                   "    REFUSED [12.00.5.4] a siege costs 2 MP (the figure of 12.00.5.4); Anna has 1\n"
                   "      to make it legal: needs 2 MP, has 1\n"
                   "  PASS\n").replace("examples/rulings/ostrom-mp.yaml", str(RULINGS / "ostrom-mp.yaml"))
    code, out = cli_run(str(RULINGS / "ostrom-mp.yaml"), "--lang", "hu")
    assert ("    ELUTASÍTVA [12.00.5.4] az ostrom 2 MP-be kerül (a 12.00.5.4 szerint); Anna MP-je 1\n"
            "      szabályossá tenné: 2 MP kell, 1 van\n") in out


@pytest.mark.parametrize("args,message", [
    (["--at", "1"], "Error: --at and --player go with --legal"),
    (["--legal", "--at", "9"], "error MK-TL-AT: --at 9: the script has 1 step(s)"),
    (["--legal", "--player", "Zoli"], "error MK-TL-NO-PLAYER: no player 'Zoli' in the scenario; players: Anna, Béla"),
    (["--legal", "--player", "Zoli", "--lang", "hu"],
     "hiba MK-TL-NO-PLAYER: nincs 'Zoli' nevű játékos a forgatókönyvben; játékosok: Anna, Béla"),
    (["--legal", "--at", "-1"], "Invalid value for '--at': -1 is not in the range x>=0."),
])
def test_cli_legal_usage_errors_exit_2(args: list[str], message: str) -> None:
    code, out = cli_run(str(RULINGS / "ostrom-mp.yaml"), *args)
    assert code == 2 and message in out, out


# ---------------------------------------------------------------- the fast listing is the probing listing (issue 29)


def _first_then_close(eng: Engine, player: str, fast: list[LegalAction]) -> None:
    """The listing one by one, stopped after its first form and closed: that form, and no listing left open
    (the next listing from scratch is the whole one again)."""
    forms = eng.iter_legal_actions(player)
    assert next(forms, None) == (fast[0] if fast else None)
    forms.close()
    assert legal._LISTINGS == {} and sem._Unchanging.memo is None


def same_listing_everywhere(eng: Engine) -> int:
    """At this position, for every seated player: the fast listing is the listing by probing alone (the same
    forms in the same order: random play picks by index), and a random completion of every form is accepted.
    The number of forms compared."""
    compared = 0
    for player in eng.table.seated():
        fast = eng.legal_actions(player)
        assert fast == probed_legal_actions(eng, player), f"{player}: the fast listing differs from the probing one"
        assert list(eng.iter_legal_actions(player)) == fast, f"{player}: the listing one by one differs"
        _first_then_close(eng, player, fast)
        for form in fast:
            a = form.completion(random.Random(compared))
            refusal = eng.probe(player, a)
            assert refusal is None, f"listed {form.text()!r} as {a!r} was refused: [{refusal.rule}] {refusal}"
        compared += len(fast)
    return compared


@pytest.mark.parametrize("seed", [0, 1, 2, *(pytest.param(s, marks=pytest.mark.long) for s in range(3, 6))])
def test_the_fast_listing_is_the_probing_listing_in_whole_sample_games(seed: int) -> None:
    """Whole two-player games of the sample decks (``benchmarks/play.py``): after every step, each player's
    fast listing equals the listing by probing, form for form and in order (seeds 0–2, every pairing of the
    three decks, in the default run; 3–5 in the long run)."""
    decks = sample_decks()
    eng = deal([("Anna", decks[seed % 3]), ("Béla", decks[(seed + 1) % 3])], SAMPLE_CARDS.get, seed=seed)
    compared: list[int] = []
    record = play_game(eng, RandomPolicy(seed), max_rounds=12, on_step=lambda *_: compared.append(same_listing_everywhere(eng)))
    assert len(record.steps) >= 100 and sum(compared) >= 300, (len(record.steps), sum(compared))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from([("Anna", "Béla"), THREE]))
def test_hypothesis_the_fast_listing_is_the_probing_listing(seed: int, players: tuple[str, ...]) -> None:
    """Random tables of the old sample, two and three players, random play: the same listings all along."""
    for eng, _ in positions(seed, 20, players):
        same_listing_everywhere(eng)


class WholeListingPolicy(RandomPolicy):
    """Random play as it reads: the whole listing first, then the roll for a pass (the reference of the policy
    that stops its listing at the first move when the roll says pass)."""

    def choose(self, eng: Engine, player: str) -> Action:
        if eng.state.timelines and self.rng.random() >= self.respond_rate:
            return Action("pass")
        moves = [f for f in eng.legal_actions(player) if f.verb != "pass"]
        weights = [WEIGHTS.get(f.verb, 1) for f in moves]
        if not moves or self.rng.random() < max(self.pass_rate, 1 / (1 + sum(weights))):
            return Action("pass")
        return self.rng.choices(moves, weights=weights)[0].completion(self.rng)


@pytest.mark.parametrize("seed", [0, 4])
def test_random_play_that_stops_listing_early_plays_the_same_games(seed: int) -> None:
    decks = sample_decks()
    games = []
    for policy in (RandomPolicy(seed), WholeListingPolicy(seed)):
        eng = deal([("Anna", decks[seed % 3]), ("Béla", decks[(seed + 1) % 3])], SAMPLE_CARDS.get, seed=seed)
        games.append(play_game(eng, policy, max_rounds=6).steps)
    assert len(games[0]) >= 100 and games[0] == games[1]


@pytest.mark.fuzz
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from([("Anna", "Béla"), THREE]))
def test_hypothesis_the_fast_listing_is_the_probing_listing_long(seed: int, players: tuple[str, ...]) -> None:
    test_hypothesis_the_fast_listing_is_the_probing_listing.hypothesis.inner_test(seed=seed, players=players)
