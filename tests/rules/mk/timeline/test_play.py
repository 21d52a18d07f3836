"""Whole games (korbiro.rules.mk.timeline.game, `korbiro play`): random legal play to the end, for two players
and every variant of 12.00, with the invariants of a game checked at every step, and each game replayed as a
ruling scenario step for step."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layout import ROOT, TESTS

from korbiro.cli import cli
from korbiro.cli.play import NAMES
from korbiro.data.check import load_database
from korbiro.data.paths import shipped_db_path
from korbiro.grammar.action import Action
from korbiro.grammar.decklist import parse_deck_text
from korbiro.rules.mk.rulebook import load_rulebook
from korbiro.rules.mk.timeline.deeds import activated_card
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.game import (
    STALL_ROUNDS,
    RandomPolicy,
    deal,
    play,
    sample_decks,
    zones_fingerprint,
)
from korbiro.rules.mk.timeline.rules import RULES
from korbiro.rules.mk.timeline.scenario import load_scenario, run_scenario
from korbiro.rules.mk.victory import load_variants

CARDS = {c.name: c for c in load_database([shipped_db_path()])}
GOLDEN = TESTS / "golden"
VARIANTS = ("two-player", "general", "omen", "kihivas", "korbetamadas", "szovetsegek", "ikerjatek", "ket-csapat")
RULE_IDS = set(load_rulebook().ids)


pytestmark = pytest.mark.usefixtures("private_cache")


def players_for(variant: str) -> int:
    return max(2, load_variants().get(variant).players_min)


def table(variant: str, seed: int) -> Engine:
    n = players_for(variant)
    return deal([(NAMES[i], sample_decks()[i % 3]) for i in range(n)], CARDS.get, seed=seed, variant=variant)


def check_invariants(eng: Engine, owned: dict[str, int]) -> None:
    """Cards are conserved (each card in exactly the one zone it says, every player keeping as many); MP is
    never below 0; every rule of the trace is one the engine and the rule index know."""
    st_ = eng.state
    where = {uid: (p.name, z) for p in st_.players.values() for z, uids in p.zones.items() for uid in uids}
    assert len(where) == len(st_.cards) == sum(len(u) for p in st_.players.values() for u in p.zones.values())
    for cs in st_.cards.values():
        assert where[cs.uid][1] == cs.zone, cs.label
    counted: dict[str, int] = {}
    for cs in st_.cards.values():
        counted[cs.owner] = counted.get(cs.owner, 0) + 1
    assert counted == owned
    assert all(p.mp >= 0 for p in st_.players.values())


def play_checked(variant: str, seed: int) -> Any:
    eng = table(variant, seed)
    owned: dict[str, int] = {}
    for cs in eng.state.cards.values():
        owned[cs.owner] = owned.get(cs.owner, 0) + 1

    def step(who: str | None, a: Action) -> None:
        check_invariants(eng, owned)

    record = play(eng, RandomPolicy(seed), on_step=step)
    for e in eng.state.trace:
        assert e.rule in RULES and e.rule in RULE_IDS, e.rule
    # the game ends, or random play has painted itself into a corner (nothing but MP changing for
    # STALL_ROUNDS rounds: no adventurer left and hands full of cards nobody can play, so nobody draws)
    assert eng.over or record.stopped == "stalled", (variant, seed, record.stopped)
    if eng.over:
        assert record.result()[0] in ("win", "draw")
    else:
        assert record.result()[3].startswith("stuck after round")
    # replaying the game as a ruling scenario reproduces it
    text = yaml.dump(record.scenario(), Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False)  # libyaml: quick
    sc = load_scenario("replay.yaml", text=text, lookup=CARDS.get)
    replay = run_scenario(sc, CARDS.get)
    assert not replay.refusals, replay.refusals[:1]
    assert zones_fingerprint(replay.engine) == zones_fingerprint(eng)  # type: ignore[arg-type]
    assert [e.en for e in replay.engine.state.trace] == [e.en for e in eng.state.trace]  # type: ignore[union-attr]
    return record


GAMES = [("two-player", s) for s in range(36)] + [(v, s) for v in VARIANTS[1:] for s in range(2)]
#: the games of the default run, every variant in them; the others are the long run's
#: (``python3 -m pytest -m long``)
QUICK_GAMES = [("two-player", s) for s in range(6)] + [(v, 1 if v in ("szovetsegek", "ikerjatek", "ket-csapat")
                                                        else 0) for v in VARIANTS[1:]]


def test_at_least_50_whole_games_across_the_variants() -> None:
    assert len(GAMES) >= 50 and {v for v, _ in GAMES} == set(VARIANTS)
    assert set(QUICK_GAMES) <= set(GAMES) and {v for v, _ in QUICK_GAMES} == set(VARIANTS)


@pytest.mark.parametrize("variant,seed", [
    pytest.param(v, s, id=f"{v}-{s}", marks=() if (v, s) in QUICK_GAMES else pytest.mark.long) for v, s in GAMES])
def test_a_whole_game_keeps_the_invariants_and_replays(variant: str, seed: int) -> None:
    play_checked(variant, seed)


@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(min_value=100, max_value=10**6))
def test_hypothesis_games(variant: str, seed: int) -> None:
    play_checked(variant, seed)


@pytest.mark.fuzz
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(min_value=100, max_value=10**6))
def test_hypothesis_games_long(variant: str, seed: int) -> None:
    test_hypothesis_games.hypothesis.inner_test(variant=variant, seed=seed)


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    a, b, c = (play(table("two-player", s), RandomPolicy(s)) for s in (5, 5, 6))
    assert [(w, x) for w, x in a.steps] == [(w, x) for w, x in b.steps]
    assert a.steps != c.steps


def test_a_stalled_game_says_why() -> None:
    """Decks of nothing but an unarmed attack, and no adventurer to summon it: nobody can do anything but pass,
    and after STALL_ROUNDS rounds in which nothing but MP has changed the game stops, saying so.  (Random play on
    the sample decks used to paint itself into that corner when beasts killed every adventurer in every Sor.)"""
    deck = parse_deck_text("Laplimit: 4\nTorony:\nToroni őrtorony\nGorviki fegyverterem\nPyarroni imaterem\n\n"
                           "Pakli:\n20 Slan ököl\n", "stuck.deck")
    eng = deal([("Anna", deck), ("Béla", deck)], CARDS.get, seed=1, variant="two-player")
    record = play(eng, RandomPolicy(1))
    assert record.stopped == "stalled" and eng.state.round == STALL_ROUNDS + 1
    verdict, who, rule, reason = record.result()
    assert (verdict, who, rule) == ("unfinished", (), "1.01")
    assert reason.endswith(f"nothing but MP has changed for {STALL_ROUNDS} rounds, and random play cannot end the game")


# ---------------------------------------------------------------- korbiro play


def run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["play", *args])
    return res.exit_code, res.output


#: The games of the golden files: `korbiro play --seed 1`, and a game of each variant (the first seed from 1 on
#: that plays it to its end).
GOLDEN_GAMES = [("two-player", 1), ("general", 1), ("omen", 1), ("kihivas", 1), ("korbetamadas", 1),
                ("szovetsegek", 1), ("ikerjatek", 2), ("ket-csapat", 2)]


@pytest.mark.parametrize("variant,seed", GOLDEN_GAMES, ids=[v for v, _ in GOLDEN_GAMES])
def test_golden_games(variant: str, seed: int, request: pytest.FixtureRequest) -> None:
    args = ["--seed", str(seed)] + ([] if variant == "two-player" else ["--variant", variant])
    code, out = run(*args, "--lang", "en")
    assert code == 0, out.splitlines()[-1]
    path = GOLDEN / f"play-{variant}-seed{seed}.txt"
    if request.config.getoption("--update-golden"):
        path.write_text(out, encoding="utf-8")
        pytest.fail(f"{path.name} rewritten; review it and run the tests again")
    assert out == path.read_text("utf-8")


def test_play_json_and_files(tmp_path: Path) -> None:
    code, out = run("--seed", "3", "--format", "json", "--scenario-out", str(tmp_path / "g.yaml"),
                    "--state-out", str(tmp_path / "s.yaml"))
    assert code == 0
    data = json.loads(out)
    assert (data["seed"], data["variant"], data["format"]) == (3, "two-player", "korfordulo")
    assert [p["name"] for p in data["players"]] == ["Anna", "Béla"]
    assert data["result"]["verdict"] == "win"
    # the game's end in the trace: a card's win (the timeline open at the win closes after it), or the round's
    ended = [t for t in data["trace"] if t["event"] in ("wins", "result")]
    assert [t["rule"] for t in ended] == [data["result"]["rule"]]
    res = CliRunner().invoke(cli, ["resolve", str(tmp_path / "g.yaml"), "--format", "json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)[0]["trace"] == data["trace"]
    res = CliRunner().invoke(cli, ["game", "result", str(tmp_path / "s.yaml"), "--format", "json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["rule"] == data["result"]["rule"]


def test_resolve_writes_the_final_state(tmp_path: Path) -> None:
    rulings = ROOT / "examples" / "rulings"
    res = CliRunner().invoke(cli, ["resolve", str(rulings / "ikerjatek-18dp.yaml"), "--state-out", str(tmp_path / "s.yaml")])
    assert res.exit_code == 0, res.output
    assert yaml.safe_load((tmp_path / "s.yaml").read_text("utf-8")) == {
        "title": "round 1, forduló zárása", "variant": "ikerjatek", "moment": "end-of-round",
        "teams": [{"name": "A", "tower_levels": 4, "players": [{"name": "Anna", "dp": 10, "future_deck": 1},
                                                              {"name": "Cili", "dp": 8, "future_deck": 1}]},
                  {"name": "B", "tower_levels": 4, "players": [{"name": "Béla", "dp": 9, "future_deck": 1},
                                                              {"name": "Dóra", "dp": 5, "future_deck": 1}]}]}
    res = CliRunner().invoke(cli, ["game", "result", str(tmp_path / "s.yaml")])
    assert res.exit_code == 0 and res.output.startswith("win: Anna, Cili [12.00.5.1.2.A]")
    res = CliRunner().invoke(cli, ["resolve", str(rulings / "ikerjatek-18dp.yaml"), str(rulings / "omen-kor.yaml"),
                                   "--state-out", str(tmp_path / "t.yaml")])
    assert res.exit_code == 2 and "--state-out writes the state of one scenario" in res.output


@pytest.mark.parametrize("args,message", [
    (["--variant", "ikerjatek", "--players", "3"], "ikerjatek is for 4–4 players, not 3"),
    (["--variant", "ket-csapat", "--players", "5"], "ket-csapat needs an even number of players, not 5"),
    (["--variant", "nincs-ilyen"], "nincs-ilyen"),
    (["--players", "9"], "Invalid value for '--players'"),
])
def test_play_usage_errors(args: list[str], message: str) -> None:
    code, out = run(*args)
    assert code == 2 and message in out, out


def test_play_writes_only_over_regular_files(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    code, out = run("--seed", "1", "--scenario-out", str(tmp_path / "d"))
    assert code == 2 and "is a directory" in out
    (tmp_path / "real.yaml").write_text("keep me\n", encoding="utf-8")
    (tmp_path / "link.yaml").symlink_to(tmp_path / "real.yaml")
    code, out = run("--seed", "1", "--scenario-out", str(tmp_path / "link.yaml"))
    assert code == 2 and f"{str(tmp_path / 'link.yaml')!r} is a symbolic link; korbiro writes only to regular files" in out
    assert (tmp_path / "real.yaml").read_text("utf-8") == "keep me\n"
    code, out = run("--seed", "1", "--scenario-out", "")
    assert code == 2 and "the output path is empty" in out


def test_play_hungarian() -> None:
    code, out = run("--seed", "1", "--lang", "hu")
    assert code == 0
    assert out.startswith("játék: two-player [korfordulo], mag 1; Anna (kincsvadaszok), Béla (ostromlok)\n")
    assert out.splitlines()[-1].startswith("eredmény: győzelem: ")


class CheckingPolicy(RandomPolicy):
    """Random play that checks each chosen beast activation and summons before the engine takes it."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.beasts = self.summons = 0

    def choose(self, eng: Engine, player: str) -> Action:
        a = super().choose(eng, player)
        seating = eng.table.seating
        cs = activated_card(eng.table, player, a.card) if a.verb == "activate" and a.card is not None else None
        if cs is not None and cs.type == "akadálylap" and cs.card.subtype == "bestia":
            m = eng.stack.current_maneuver()
            assert m is not None and not seating.friendly(player, m.player), a
            team = {eng.state.cards[u].label for u in m.data["team"]}
            assert len(a.targets) == 1 and set(a.targets) <= team, (a, team)
            self.beasts += 1
        if a.verb == "summon" and a.card is not None and eng.state.timelines:
            card = eng.find(a.card, zones=("kez",), player=player)
            if card.type in ("kalandozó", "építmény", "szövetséges", "toronyszint"):
                top = eng.state.timelines[-1]
                assert top.kind not in ("deed", "timed") or seating.friendly(player, top.opener), a
                self.summons += 1
        return a


def test_self_play_beasts_obstruct_the_initiating_team_and_summons_wait_for_their_turn() -> None:
    """In `korbiro play` a player's own beast, activated in their own manoeuvre (or in none), attacked every
    adventurer on both sides, and adventurers were summoned into an opponent's open timeline.  Now each beast
    activation is against the initiating team of a manoeuvre against the activator's side, one adventurer of it
    (6.03, 4.01.C, option beast_targets), and an adventurer, building, ally or tower level enters only a timeline
    its own side opened (6.00, option sor_summons)."""
    beasts = summons = 0
    for variant, seed in [("two-player", 1), ("two-player", 2), ("two-player", 3), ("general", 1), ("ikerjatek", 2)]:
        policy = CheckingPolicy(seed)
        play(table(variant, seed), policy)
        beasts, summons = beasts + policy.beasts, summons + policy.summons
    assert beasts >= 3 and summons >= 10, (beasts, summons)
