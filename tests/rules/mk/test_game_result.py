"""Game results: every threshold on both sides, every variant of 12.00, the state
file and its errors, the command, the docs, and random states."""

from __future__ import annotations

import json
import random
import re
import shlex
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layout import ROOT

from korbiro.base.errors import DataError, UsageError
from korbiro.cli import cli
from korbiro.rules.mk.rulebook import load_rulebook
from korbiro.rules.mk.victory import (
    Elimination,
    Member,
    Moment,
    Result,
    ResultPlayer,
    ResultState,
    Team,
    Verdict,
    decide,
    load_state,
    load_variants,
    state_from_data,
)

IMM, END = Moment.IMMEDIATE, Moment.END_OF_ROUND
WIN, DRAW, NEW, ON = Verdict.WIN, Verdict.DRAW, Verdict.NEW_ROUND, Verdict.PLAY_ON


def P(name: str, dp: int, towers: int = 1, deck: int = 10, **kw: Any) -> ResultPlayer:
    return ResultPlayer(name, dp, towers, deck, **kw)


def game(*players: ResultPlayer, moment: Moment = END, variant: str | None = None, **kw: Any) -> ResultState:
    return ResultState(players=tuple(players), moment=moment, variant=variant, **kw)


def teams(a: Sequence[tuple[str, int, int]], b: Sequence[tuple[str, int, int]], towers: tuple[int, int] = (2, 2),
          moment: Moment = END, variant: str = "ikerjatek", buildings: tuple[int | None, int | None] = (None, None),
          **kw: Any) -> ResultState:
    ta = Team("Vörösek", towers[0], tuple(Member(*m) for m in a), buildings[0])
    tb = Team("Kékek", towers[1], tuple(Member(*m) for m in b), buildings[1])
    return ResultState(teams=(ta, tb), moment=moment, variant=variant, **kw)


def check(r: Result, verdict: Verdict, rule: str, winners: Sequence[str] = ()) -> None:
    assert (r.verdict, r.rule, set(r.winners)) == (verdict, rule, set(winners)), (r.reason, r.notes)
    assert r.rule in load_rulebook()


# --------------------------------------------------------------------------- two players: 1.01


@pytest.mark.parametrize("case, state, verdict, rule, winners", [
    (1, game(P("A", 3, towers=1), P("B", 15, towers=0), moment=IMM), WIN, "1.01.A.1", ["A"]),
    (2, game(P("A", 19, towers=2), P("B", 12, towers=1), moment=IMM), WIN, "1.01.A.2", ["A"]),
    (3, game(P("A", 19), P("B", 20), moment=IMM), WIN, "1.01.A.2", ["B"]),
    (4, game(P("A", 25, towers=0), P("B", 2, towers=0), moment=IMM), DRAW, "1.01.A.3", []),
    (5, game(P("A", 11), P("B", 9)), WIN, "1.01.B.1", ["A"]),
    (6, game(P("A", 10), P("B", 8)), ON, "1.01.B", []),
    (7, game(P("A", 12), P("B", 12)), NEW, "1.01.B.3", []),
    (8, game(P("A", 5, deck=0), P("B", 3)), WIN, "1.01.B.2", ["B"]),
    (9, game(P("A", 11, deck=0), P("B", 9)), WIN, "1.01.B.1", ["A"]),
    (10, game(P("A", 8, deck=0), P("B", 7, deck=0)), DRAW, "1.01.B.4", []),
])
def test_reference_cases_1_to_10(case: int, state: ResultState, verdict: Verdict, rule: str, winners: list[str]) -> None:
    check(decide(state), verdict, rule, winners)


@pytest.mark.parametrize("dp, verdict, rule, winners", [
    (19, WIN, "1.01.A.2", ["A"]),
    (18, ON, "1.01.A", []),
])
def test_immediate_18_19(dp: int, verdict: Verdict, rule: str, winners: list[str]) -> None:
    check(decide(game(P("A", dp), P("B", 12), moment=IMM)), verdict, rule, winners)


def test_immediate_19_needs_the_most_dp() -> None:
    check(decide(game(P("A", 19), P("B", 19), moment=IMM)), ON, "1.01.A")
    check(decide(game(P("A", 19), P("B", 19))), NEW, "1.01.B.3")  # and at the end of the round: equal ≥ 11


def test_immediate_19_needs_both_towers() -> None:
    check(decide(game(P("A", 25, towers=0), P("B", 2), moment=IMM)), WIN, "1.01.A.1", ["B"])


@pytest.mark.parametrize("dp, verdict, rule, winners", [
    (11, WIN, "1.01.B.1", ["A"]),
    (10, ON, "1.01.B", []),
])
def test_end_of_round_10_11(dp: int, verdict: Verdict, rule: str, winners: list[str]) -> None:
    check(decide(game(P("A", dp), P("B", 9))), verdict, rule, winners)


def test_end_of_round_ties() -> None:
    check(decide(game(P("A", 11), P("B", 11))), NEW, "1.01.B.3")
    check(decide(game(P("A", 10), P("B", 10))), ON, "1.01.B")
    check(decide(game(P("A", 18), P("B", 12))), WIN, "1.01.B.1", ["A"])  # 18 wins at the end of the round
    check(decide(game(P("A", 18), P("B", 12), moment=IMM)), ON, "1.01.A")  # ... but not at once


def test_empty_decks() -> None:
    check(decide(game(P("A", 5, deck=0), P("B", 3))), WIN, "1.01.B.2", ["B"])
    check(decide(game(P("A", 5, deck=1), P("B", 3))), ON, "1.01.B")
    check(decide(game(P("A", 5, deck=0), P("B", 3), moment=IMM)), ON, "1.01.A")  # checked at the end of a round only
    check(decide(game(P("A", 12, deck=0), P("B", 3))), WIN, "1.01.B.1", ["A"])  # B.1 before B.2
    check(decide(game(P("A", 0, deck=0), P("B", 0, deck=0))), DRAW, "1.01.B.4")


def test_documented_choice_equal_dp_and_one_empty_deck() -> None:
    # B.2 comes before B.3: A's empty deck loses although both are level on ≥ 11
    check(decide(game(P("A", 12, deck=0), P("B", 12))), WIN, "1.01.B.2", ["B"])
    # with both decks empty B.2 cancels out and B.4 makes it a draw, not a new round
    check(decide(game(P("A", 12, deck=0), P("B", 12, deck=0))), DRAW, "1.01.B.4")


def test_tower_levels_win_and_draw() -> None:
    check(decide(game(P("A", 0, towers=1), P("B", 30, towers=0))), WIN, "1.01.A.1", ["A"])
    check(decide(game(P("A", 0, towers=0), P("B", 30, towers=0))), DRAW, "1.01.A.3")
    check(decide(game(P("A", 0, towers=0, deck=0), P("B", 0, towers=0, deck=0))), DRAW, "1.01.A.3")


def test_a_game_without_tower_levels_is_no_tower_loss() -> None:
    """1.01.A.3 is two players *losing* their last tower levels at one moment: a game in which no tower level ever
    stood (a ruling set up without them, ``no_tower_levels: true``) has lost none, so neither A.1 nor A.3 applies
    and the game is decided by the other conditions, or goes on."""
    r = decide(game(P("A", 5, towers=0), P("B", 30, towers=0), moment=IMM, no_tower_levels=True))
    check(r, ON, "1.01.A")
    assert [(n.code, n.rule) for n in r.notes] == [("MK-RESULT-NO-TOWERS", "1.01.A.3")]
    assert r.notes[0].message("en") == "no tower level has stood in this game, so nobody has lost one: " \
        "the tower conditions of the immediate end do not apply"
    check(decide(game(P("A", 12, towers=0), P("B", 3, towers=0), no_tower_levels=True)), WIN, "1.01.B.1", ["A"])
    check(decide(game(P("A", 3, towers=0, deck=0), P("B", 3, towers=0), no_tower_levels=True)), WIN, "1.01.B.2", ["B"])
    # a state that says so and still lists tower levels contradicts itself
    with pytest.raises(DataError) as err:
        decide(game(P("A", 5, towers=1), P("B", 3, towers=0), no_tower_levels=True))
    assert [f.code for f in err.value.findings] == ["MK-RESULT-NO-TOWERS-FIELD"]


def test_the_state_of_a_ruling_without_tower_levels_is_not_a_draw(tmp_path: Path) -> None:
    """``korbiro resolve --state-out`` of a ruling whose players have no tower levels writes so, and
    ``korbiro game result`` plays on instead of calling it a tower-loss draw (1.01.A.3)."""
    ruling = tmp_path / "r.yaml"
    ruling.write_text("title: no towers\nsetup:\n  players:\n    - {name: Anna, mp: 5}\n    - {name: Béla, mp: 0}\n"
                      "script:\n  - Anna: passz\n", "utf-8")
    state = tmp_path / "s.yaml"
    res = CliRunner().invoke(cli, ["resolve", str(ruling), "--state-out", str(state)])
    assert res.exit_code == 0, res.output
    assert load_state(state).no_tower_levels is True
    res = CliRunner().invoke(cli, ["game", "result", str(state)])
    assert res.exit_code == 0
    assert res.output.splitlines()[0] == "play on [1.01.A] (Immediate end)"
    assert "draw" not in res.output


def test_negative_dp_compare_as_numbers() -> None:
    check(decide(game(P("A", -3), P("B", -1))), ON, "1.01.B")
    check(decide(game(P("A", 11), P("B", -20))), WIN, "1.01.B.1", ["A"])


def test_messages_in_both_languages() -> None:
    r = decide(game(P("Anna", 19), P("Béla", 12), moment=IMM))
    assert r.headline("en") == "win: Anna [1.01.A.2]"
    assert r.headline("hu") == "győzelem: Anna [1.01.A.2]"
    assert r.message("en") == "Anna has 19 DP (at least 19) and the most DP while every side has tower levels"
    assert r.message("hu") == "Anna 19 DP-vel (legalább 19) a legtöbb DP-vel rendelkezik, és mindenkinek van toronyszintje"
    d = decide(game(P("Anna", 12), P("Béla", 12)))
    assert d.headline("hu") == "új forduló [1.01.B.3]"
    assert d.to_dict("hu")["reason"].endswith("új forduló kezdődik")


# --------------------------------------------------------------------------- general and Ómen


@pytest.mark.parametrize("variant, last_in", [("general", "12.00"), ("omen", "12.00.1")])
def test_multi_player_common_rules(variant: str, last_in: str) -> None:
    g = lambda *ps, **kw: game(*ps, variant=variant, **kw)  # noqa: E731
    r = decide(g(P("A", 3), P("B", 5, towers=0), P("C", 4), moment=IMM))
    check(r, ON, "1.01.A")
    assert r.eliminated == ("B",) and r.notes[0].rule == "12.00.D"
    check(decide(g(P("A", 3), P("B", 5, towers=0), P("C", 4, towers=0), moment=IMM)), WIN, "1.01.A.1", ["A"])
    r = decide(g(P("A", 3, towers=0), P("B", 5, towers=0), P("C", 4, towers=0), moment=IMM))
    check(r, DRAW, "1.01.A.3")
    assert set(r.drawn) == {"A", "B", "C"}
    check(decide(g(P("A", 19), P("B", 18), P("C", 2), moment=IMM)), WIN, "1.01.A.2", ["A"])
    check(decide(g(P("A", 18), P("B", 17), P("C", 2), moment=IMM)), ON, "1.01.A")
    check(decide(g(P("A", 19), P("B", 19), P("C", 2), moment=IMM)), ON, "1.01.A")
    check(decide(g(P("A", 11), P("B", 10), P("C", 2))), WIN, "1.01.B.1", ["A"])
    check(decide(g(P("A", 10), P("B", 10), P("C", 2))), ON, "1.01.B")
    check(decide(g(P("A", 12), P("B", 12), P("C", 2))), NEW, "1.01.B.3")
    # empty decks: the player is out, and the others play on or win
    r = decide(g(P("A", 5, deck=0), P("B", 3), P("C", 2)))
    check(r, ON, "1.01.B")
    assert r.eliminated == ("A",)
    check(decide(g(P("A", 5, deck=0), P("B", 3, deck=0), P("C", 2))), WIN, "1.01.B.2", ["C"])
    check(decide(g(P("A", 5, deck=0), P("B", 3, deck=0), P("C", 2, deck=0))), DRAW, "1.01.B.4")
    # the leader's empty deck: out, then the rest compared again (B.1), or level (B.3)
    check(decide(g(P("A", 15, deck=0), P("B", 15), P("C", 3))), WIN, "1.01.B.1", ["B"])
    check(decide(g(P("A", 15, deck=0), P("B", 15), P("C", 3), P("D", 2))), WIN, "1.01.B.1", ["B"])
    check(decide(g(P("A", 3, deck=0), P("B", 14), P("C", 14))), NEW, "1.01.B.3")
    # players already out do not count, and the last one in wins
    check(decide(g(P("A", 1), P("B", 30, out=True), P("C", 2, out=True))), WIN, last_in, ["A"])
    check(decide(g(P("A", 11), P("B", 30, out=True), P("C", 2))), WIN, "1.01.B.1", ["A"])


def test_default_variant_by_shape() -> None:
    assert decide(game(P("A", 1), P("B", 1))).variant == "two-player"
    assert decide(game(P("A", 1), P("B", 1), P("C", 1))).variant == "general"
    assert decide(teams([("a", 1, 1), ("b", 1, 1)], [("c", 1, 1), ("d", 1, 1)], variant=None)).variant == "ikerjatek"  # type: ignore[arg-type]
    assert decide(teams([("a", 1, 1)] * 1 + [("b", 1, 1), ("e", 1, 1)], [("c", 1, 1), ("d", 1, 1), ("f", 1, 1)],
                        variant=None)).variant == "ket-csapat"  # type: ignore[arg-type]


# --------------------------------------------------------------------------- Kihívás 12.00.2


def kihivas(*players: ResultPlayer, moment: Moment = IMM, **kw: Any) -> ResultState:
    return game(*players, moment=moment, variant="kihivas", **kw)


THREE = (P("A", 14, eliminations=1), P("B", 6), P("C", 2))


@pytest.mark.parametrize("quests, verdict, rule, winners, out", [
    ((5, 4), WIN, "12.00.2", ["A"], ("B",)),
    ((9,), WIN, "12.00.2", ["A"], ("B",)),
    ((5, 3), ON, "12.00.2.C", [], ()),
    ((8,), ON, "12.00.2.C", [], ()),
])
def test_kihivas_knock_out_8_9(quests: tuple[int, ...], verdict: Verdict, rule: str, winners: list[str],
                               out: tuple[str, ...]) -> None:
    r = decide(kihivas(*THREE, P("D", 1), elimination=Elimination("A", "B", quests=quests)))
    check(r, verdict, rule, winners)
    assert r.eliminated == out


def test_kihivas_first_knock_out_plays_on() -> None:
    r = decide(kihivas(P("A", 14), P("B", 6), P("C", 2), P("D", 3), elimination=Elimination("A", "B", quests=(9,))))
    check(r, ON, "12.00.2")
    assert r.eliminated == ("B",) and [n.rule for n in r.notes] == ["12.00.2.C", "12.00.2"]
    assert "knocks B out (9 DP put away)" in r.notes[0].message()


def test_kihivas_no_dp_win() -> None:
    r = decide(kihivas(P("A", 30), P("B", 6), P("C", 2)))
    check(r, ON, "12.00.2")
    assert [n.rule for n in r.notes] == ["12.00.2.A"]
    r = decide(kihivas(P("A", 30), P("B", 6), P("C", 2), moment=END))
    check(r, ON, "12.00.2")


def test_kihivas_only_quests_count() -> None:
    r = decide(kihivas(*THREE, elimination=Elimination("A", "B", quests=(5,), buildings=(6,))))
    check(r, ON, "12.00.2.C")
    assert "only solved quests count" in r.reason


def test_kihivas_last_one_in_and_all_out() -> None:
    r = decide(kihivas(P("A", 1), P("B", 2), P("C", 3, out=True), elimination=Elimination("A", "B", quests=(9,))))
    check(r, WIN, "12.00.2", ["A"])
    assert r.code == "MK-RESULT-LAST-IN"
    check(decide(kihivas(P("A", 1, towers=0), P("B", 2, towers=0), P("C", 3, out=True))), DRAW, "1.01.A.3")
    check(decide(kihivas(P("A", 1, towers=0), P("B", 2), P("C", 3))), ON, "12.00.2")
    check(decide(kihivas(P("A", 1, deck=0), P("B", 2), P("C", 3), moment=END)), ON, "12.00.2")


def test_kihivas_siege_credit() -> None:
    r = decide(kihivas(*THREE, P("D", 1), elimination=Elimination("A", "B", how="siege")))
    check(r, ON, "1.01.A.1")  # B still has a tower level: refused
    r = decide(kihivas(P("A", 14, eliminations=1), P("B", 6, towers=0), P("C", 2), P("D", 1),
                       elimination=Elimination("A", "B", how="siege")))
    check(r, WIN, "12.00.2", ["A"])


def test_kihivas_out_players_cannot_act_or_be_hit() -> None:
    r = decide(kihivas(P("A", 1, out=True), P("B", 2), P("C", 3), P("D", 1), elimination=Elimination("A", "B", quests=(9,))))
    check(r, ON, "12.00.D")
    r = decide(kihivas(P("A", 1), P("B", 2, out=True), P("C", 3), P("D", 1), elimination=Elimination("A", "B", quests=(9,))))
    check(r, ON, "12.00.D")


def test_kihivas_option_eliminations_to_win() -> None:
    s = kihivas(*THREE, P("D", 1), elimination=Elimination("A", "B", quests=(9,)), options={"eliminations_to_win": 3})
    check(decide(s), ON, "12.00.2")


# --------------------------------------------------------------------------- Körbetámadás 12.00.3


def kor(*players: ResultPlayer, moment: Moment = IMM, **kw: Any) -> ResultState:
    return game(*players, moment=moment, variant="korbetamadas", **kw)


SEATS = (P("A", 8, victory_points=1), P("B", 3), P("C", 11), P("D", 5))


@pytest.mark.parametrize("dp, verdict, rule, winners", [
    ((6, 5), WIN, "12.00.3.F", ["A"]),
    ((11,), WIN, "12.00.3.F", ["A"]),
    ((6, 4), ON, "12.00.3.C", []),
    ((10,), ON, "12.00.3.C", []),
])
def test_korbetamadas_knock_out_10_11(dp: tuple[int, ...], verdict: Verdict, rule: str, winners: list[str]) -> None:
    r = decide(kor(*SEATS, elimination=Elimination("A", quests=dp[:1], buildings=dp[1:])))
    check(r, verdict, rule, winners)
    if verdict is WIN:
        assert r.eliminated == ("B",) and r.notes[1].rule == "12.00.3.E"


def test_korbetamadas_only_the_player_in_front() -> None:
    r = decide(kor(*SEATS, elimination=Elimination("A", "C", quests=(11,))))
    check(r, ON, "12.00.3.A")
    assert "only the player in front (B)" in r.reason
    # the front skips players already out; the last seat's front is the first
    r = decide(kor(P("A", 1), P("B", 1, out=True), P("C", 1), P("D", 1), elimination=Elimination("A", "C", effects=(11,))))
    assert r.eliminated == ("C",)
    r = decide(kor(P("A", 1), P("B", 1), P("C", 1), P("D", 1, victory_points=1), elimination=Elimination("D", buildings=(11,))))
    check(r, WIN, "12.00.3.F", ["D"])
    assert r.eliminated == ("A",)


def test_korbetamadas_victory_point_to_the_player_behind() -> None:
    # C loses its last tower level (sieged by B, who sits behind it): B gets the victory point
    r = decide(kor(P("A", 1), P("B", 1, victory_points=1), P("C", 1, towers=0), P("D", 1)))
    check(r, WIN, "12.00.3.F", ["B"])
    r = decide(kor(P("A", 1), P("B", 1), P("C", 1, towers=0), P("D", 1)))
    check(r, ON, "12.00.3.F")
    assert [n.rule for n in r.notes] == ["1.01.A.1", "12.00.3.E"]


def test_korbetamadas_two_reach_the_target_together() -> None:
    r = decide(kor(P("A", 1, victory_points=1), P("B", 1, towers=0), P("C", 1, victory_points=1), P("D", 1, towers=0),
                   P("E", 1)))
    check(r, DRAW, "12.00.3.F")
    assert set(r.drawn) == {"A", "C"}


def test_korbetamadas_options() -> None:
    s = kor(*SEATS, elimination=Elimination("A", quests=(11,)), options={"siege_only": True})
    check(decide(s), ON, "12.00.3.G")
    s = kor(*SEATS, elimination=Elimination("A", buildings=(6,), effects=(5,)), options={"siege_only": True})
    check(decide(s), WIN, "12.00.3.F", ["A"])
    s = kor(*SEATS, elimination=Elimination("A", quests=(11,)), options={"victory_points_to_win": 3})
    check(decide(s), ON, "12.00.3.F")
    s = kor(*SEATS, elimination=Elimination("A", quests=(10,)), options={"elimination_dp": 10})
    check(decide(s), WIN, "12.00.3.F", ["A"])


def test_korbetamadas_alternative_win_knocks_out_the_player_in_front() -> None:
    r = decide(kor(*SEATS, elimination=Elimination("A", how="alternative-win")))
    check(r, WIN, "12.00.3.F", ["A"])
    assert r.notes[0].rule == "12.00.3.D"


def test_korbetamadas_no_dp_win_and_last_one_in() -> None:
    r = decide(kor(P("A", 25), P("B", 3), P("C", 2)))
    check(r, ON, "12.00.3.F")
    assert r.notes[0].rule == "12.00.3.B"
    check(decide(kor(P("A", 1), P("B", 1, out=True), P("C", 1, towers=0))), WIN, "12.00.3.F", ["A"])


# --------------------------------------------------------------------------- Szövetségek 12.00.4


def szov(*players: ResultPlayer, moment: Moment = END, **kw: Any) -> ResultState:
    return game(*players, moment=moment, variant="szovetsegek", **kw)


FOUR = lambda a=5, b=5, c=5, d=5: (P("A", a), P("B", b), P("C", c), P("D", d))  # noqa: E731


@pytest.mark.parametrize("dp, verdict, rule, winners", [
    (19, WIN, "12.00.4.A", ["C"]),
    (18, ON, "12.00.4.D", []),
])
def test_szovetsegek_solo_18_19(dp: int, verdict: Verdict, rule: str, winners: list[str]) -> None:
    check(decide(szov(*FOUR(c=dp))), verdict, rule, winners)


@pytest.mark.parametrize("a, b, verdict, rule, winners", [
    (10, 9, WIN, "12.00.4.A", ["A", "B"]),
    (10, 8, ON, "12.00.4.D", []),
])
def test_szovetsegek_alliance_shares_its_dp_18_19(a: int, b: int, verdict: Verdict, rule: str, winners: list[str]) -> None:
    check(decide(szov(*FOUR(a=a, b=b, c=15), alliance=("A", "B"))), verdict, rule, winners)


def test_szovetsegek_no_immediate_dp_win_and_ties() -> None:
    check(decide(szov(*FOUR(c=30), moment=IMM)), ON, "12.00.4.A")
    check(decide(szov(*FOUR(c=19, d=19))), NEW, "12.00.4.A")
    check(decide(szov(*FOUR(a=10, b=9, c=19), alliance=("A", "B"))), NEW, "12.00.4.A")
    check(decide(szov(*FOUR(a=10, b=9, c=20), alliance=("A", "B"))), WIN, "12.00.4.A", ["C"])
    check(decide(szov(*FOUR(c=19), options={"solo_dp_win": False})), ON, "12.00.4.D")
    check(decide(szov(*FOUR(a=10, b=9), alliance=("A", "B"), options={"solo_dp_win": False})), WIN, "12.00.4.A",
          ["A", "B"])


def test_szovetsegek_how_the_game_ends() -> None:
    a, b, c, d = FOUR()
    # a member of the alliance loses: the game ends and the opponents still in win
    r = decide(szov(replace(a, tower_levels=0), b, c, d, alliance=("A", "B"), moment=IMM))
    check(r, WIN, "12.00.4.D", ["C", "D"])
    check(decide(szov(a, replace(b, future_deck=0), c, d, alliance=("A", "B"))), WIN, "12.00.4.D", ["C", "D"])
    # every opponent of the alliance has lost
    check(decide(szov(a, b, replace(c, tower_levels=0), replace(d, out=True), alliance=("A", "B"), moment=IMM)),
          WIN, "12.00.4.D", ["A", "B"])
    # both at once: nobody is left to win
    check(decide(szov(replace(a, tower_levels=0), b, replace(c, tower_levels=0), replace(d, tower_levels=0),
                      alliance=("A", "B"), moment=IMM)), DRAW, "1.01.A.3")
    # without an alliance: when one player is left
    check(decide(szov(a, replace(b, out=True), replace(c, tower_levels=0), replace(d, out=True), moment=IMM)),
          WIN, "12.00.4.D", ["A"])
    r = decide(szov(a, replace(b, tower_levels=0), c, d, moment=IMM))
    check(r, ON, "12.00.4.A")
    assert r.eliminated == ("B",)


# --------------------------------------------------------------------------- Ikerjáték 12.00.5


@pytest.mark.parametrize("dp, verdict, rule, winners", [
    ((15, 13), WIN, "12.00.5.1.1.B", ["a", "b"]),
    ((15, 12), ON, "12.00.5.1.1", []),
])
def test_ikerjatek_immediate_27_28(dp: tuple[int, int], verdict: Verdict, rule: str, winners: list[str]) -> None:
    s = teams([("a", dp[0], 5), ("b", dp[1], 5)], [("c", 10, 5), ("d", 10, 5)], moment=IMM)
    check(decide(s), verdict, rule, winners)


@pytest.mark.parametrize("dp, verdict, rule, winners", [
    ((9, 9), WIN, "12.00.5.1.2.A", ["a", "b"]),
    ((9, 8), ON, "12.00.5.1.2", []),
])
def test_ikerjatek_end_of_round_17_18(dp: tuple[int, int], verdict: Verdict, rule: str, winners: list[str]) -> None:
    s = teams([("a", dp[0], 5), ("b", dp[1], 5)], [("c", 5, 5), ("d", 5, 5)])
    check(decide(s), verdict, rule, winners)


def test_ikerjatek_towers_decks_and_ties() -> None:
    red = [("a", 1, 5), ("b", 1, 5)]
    blue = [("c", 20, 5), ("d", 20, 5)]
    check(decide(teams(red, blue, towers=(1, 0), moment=IMM)), WIN, "12.00.5.1.1.A", ["a", "b"])
    check(decide(teams(red, blue, towers=(0, 0), moment=IMM)), DRAW, "12.00.5.1.1.C")
    check(decide(teams(red, [("c", 14, 5), ("d", 14, 5)], moment=IMM)), WIN, "12.00.5.1.1.B", ["c", "d"])
    check(decide(teams([("a", 14, 5), ("b", 14, 5)], [("c", 14, 5), ("d", 14, 5)], moment=IMM)), ON, "12.00.5.1.1")
    check(decide(teams([("a", 9, 5), ("b", 9, 5)], [("c", 9, 5), ("d", 9, 5)])), NEW, "12.00.5.1.2.C")
    # both players of a pair out of cards: the other pair wins; one of them only: play on
    check(decide(teams([("a", 1, 0), ("b", 1, 0)], [("c", 1, 0), ("d", 1, 5)])), WIN, "12.00.5.1.2.B", ["c", "d"])
    check(decide(teams([("a", 1, 0), ("b", 1, 4)], [("c", 1, 0), ("d", 1, 5)])), ON, "12.00.5.1.2")
    check(decide(teams([("a", 1, 0), ("b", 1, 0)], [("c", 1, 0), ("d", 1, 0)])), DRAW, "12.00.5.1.2.D")
    # a pair at 18 with the most DP wins even with empty decks
    check(decide(teams([("a", 9, 0), ("b", 9, 0)], [("c", 1, 3), ("d", 1, 3)])), WIN, "12.00.5.1.2.A", ["a", "b"])


def test_ikerjatek_set_up_numbers_and_buildings() -> None:
    v = load_variants().get("ikerjatek")
    assert v.value("starting_tower_levels", 4, 2) == 4 and v.value("max_buildings", 4, 2) == 4
    assert v.value("dp_immediate", 4, 2) == 28 and v.value("dp_end_of_round", 4, 2) == 18
    r = decide(teams([("a", 1, 5), ("b", 1, 5)], [("c", 1, 5), ("d", 1, 5)], buildings=(5, 4)))
    assert [(n.rule, n.message()) for n in r.notes] == [
        ("12.00.5.3", "Vörösek (a, b) controls 5 buildings; a side may control at most 4")]
    r = decide(teams([("a", 1, 5), ("b", 1, 5)], [("c", 1, 5), ("d", 1, 5)], buildings=(4, 4)))
    assert r.notes == ()


# --------------------------------------------------------------------------- Két csapat 12.00.6


@pytest.mark.parametrize("size, threshold, towers", [(2, 13, 4), (3, 15, 5), (4, 17, 6), (5, 19, 7)])
def test_ket_csapat_numbers(size: int, threshold: int, towers: int) -> None:
    v = load_variants().get("két csapat egymás ellen")
    assert v.value("dp_end_of_round", 2 * size, size) == threshold == 9 + 2 * size
    assert v.value("starting_tower_levels", 2 * size, size) == towers == size + 2
    red = [(f"r{i}", 0, 5) for i in range(size)]
    blue = [(f"b{i}", 0, 5) for i in range(size)]
    win = [(n, threshold if i == 0 else 0, d) for i, (n, _, d) in enumerate(red)]
    short = [(n, threshold - 1 if i == 0 else 0, d) for i, (n, _, d) in enumerate(red)]
    check(decide(teams(win, blue, variant="ket-csapat")), WIN, "12.00.6.B", [n for n, _, _ in red])
    check(decide(teams(short, blue, variant="ket-csapat")), ON, "12.00.5.1.2")
    check(decide(teams(short, blue, variant="ket-csapat", moment=IMM)), ON, "12.00.5.1.1")


def test_ket_csapat_immediate_stays_28_and_teams_are_equal() -> None:
    red = [("a", 10, 5), ("b", 10, 5), ("c", 8, 5)]
    blue = [("d", 0, 5), ("e", 0, 5), ("f", 0, 5)]
    check(decide(teams(red, blue, variant="ket-csapat", moment=IMM)), WIN, "12.00.5.1.1.B", ["a", "b", "c"])
    with pytest.raises(DataError) as exc:
        decide(teams(red, blue[:1] + [("g", 0, 1), ("h", 0, 1), ("i", 0, 1)], variant="ket-csapat"))
    assert "12.00.6.A" in [f.rule for f in exc.value.findings]


# --------------------------------------------------------------------------- states that do not fit


@pytest.mark.parametrize("state, variant, message", [
    (game(P("A", 1), P("B", 1), P("C", 1)), "two-player", "Two-player game (two-player) is for exactly 2 players; this state has 3"),
    (game(P("A", 1), P("B", 1)), "kihivas", "Challenge (kihivas) is for at least 3 players; this state has 2"),
    (game(P("A", 1), P("B", 1), P("C", 1)), "szovetsegek", "Alliances (szovetsegek) is for at least 4 players; this state has 3"),
    (game(P("A", 1), P("a", 1)), None, "two players are called 'a'"),
    (game(P("A", 1), P("B", 1, out=True)), None, "B: nobody drops out of a Two-player game (two-player) game"),
    (game(P("A", 1), P("B", 1)), "ikerjatek", "Twin game (ikerjatek) is played by teams"),
    (teams([("a", 1, 1)], [("c", 1, 1)]), None, "Twin game (ikerjatek) is for exactly 4 players; this state has 2"),
    (game(*FOUR(), alliance=("A", "B", "C")), "szovetsegek", "an alliance is two players"),
    (game(*FOUR(), alliance=("A", "X")), "szovetsegek", "alliance: no player is called 'X'"),
    (game(*FOUR(), alliance=("A", "B")), "general", "`alliance` belongs to Szövetségek"),
    (game(*FOUR(), elimination=Elimination("A", "B")), "general", "`elimination` belongs to Kihívás and Körbetámadás"),
    (game(*FOUR(), elimination=Elimination("A")), "kihivas", "name them as `target`"),
    (game(*FOUR(), elimination=Elimination("A", "A", quests=(9,))), "kihivas", "cannot knock themselves out"),
    (game(*FOUR(), elimination=Elimination("A", "Z", quests=(9,))), "kihivas", "no player is called 'Z'"),
    (game(*FOUR(), elimination=Elimination("A", "B", how="alternative-win")), "kihivas", "does not turn an alternative win"),
    (game(*FOUR(), elimination=Elimination("A", "B", how="siege", quests=(3,))), "kihivas", "only for a knock-out with DP"),
    (game(P("A", 1, victory_points=1), P("B", 1), P("C", 1)), "kihivas", "counts eliminations, not victory_points"),
    (game(P("A", 1, eliminations=1), P("B", 1)), None, "belong to Kihívás and Körbetámadás"),
    (game(P("A", 1), P("B", 1), options={"siege_only": True}), None, "option 'siege_only' does not apply"),
    (game(P("A", 1, out=True), P("B", 1, out=True), P("C", 1, out=True)), None, "every player is already out"),
])
def test_states_that_do_not_fit_the_variant(state: ResultState, variant: str | None, message: str) -> None:
    with pytest.raises(DataError) as exc:
        decide(state, variant)
    assert any(message in f.message for f in exc.value.findings), [f.message for f in exc.value.findings]


def test_unknown_variant() -> None:
    with pytest.raises(UsageError, match=r"unknown variant 'kihivs'; did you mean 'kihivas'\?"):
        decide(game(P("A", 1), P("B", 1), P("C", 1)), "kihivs")


@pytest.mark.parametrize("name, vid", [
    ("Ómen", "omen"), ("KIHÍVÁS", "kihivas"), ("körbetámadás", "korbetamadas"), ("Szövetségek", "szovetsegek"),
    ("ikerjáték", "ikerjatek"), ("Két csapat egymás ellen", "ket-csapat"), ("ket csapat", "ket-csapat"),
    ("2p", "two-player"), ("two players", "two-player"), ("general", "general"),
])
def test_variant_names(name: str, vid: str) -> None:
    assert load_variants().get(name).id == vid


def test_every_variant_rule_is_in_the_index() -> None:
    book = load_rulebook()
    for v in load_variants():
        assert v.rule in book, v.id
        for key, rid in v.rules.items():
            assert rid in book, (v.id, key, rid)


# --------------------------------------------------------------------------- the state file and the command


def write(tmp_path: Path, text: str, name: str = "state.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return str(path)


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_state_file_round_trip(tmp_path: Path) -> None:
    path = write(tmp_path, "moment: immediate\nplayers:\n  - {name: Anna, dp: 19, tower_levels: 1, future_deck: 3}\n"
                           "  - {name: Béla, dp: 2, tower_levels: 1, future_deck: 3}\n")
    s = load_state(path)
    assert s.moment is IMM and s.players[0] == ResultPlayer("Anna", 19, 1, 3) and s.path == path
    check(decide(s), WIN, "1.01.A.2", ["Anna"])


@pytest.mark.parametrize("text, fragment", [
    ("players:\n  - {name: A, dp: 1, tower_levels: 1, future_deck: 1}\n  - {name: B, dp: x, tower_levels: 1, future_deck: 1}\n",
     ":3:19: error MK-DATA-TYPE: $.players[1].dp: 'x' is not a whole number (got a string)"),
    ("players:\n  - {name: A, dp: 1, tower_levels: 1, future_deck: 1}\n  - {name: B, dp: 1, tower_levels: 1}\n",
     ":3:5: error MK-DATA-REQUIRED: $.players[1]: missing required field 'future_deck'"),
    ("players:\n  - {name: A, dp: 1, tower_levels: 1, future_deck: 1}\n  - {name: B, dp: 1, tower_levels: 1, future_deck: 1, towers: 2}\n",
     ":3:63: error MK-DATA-UNKNOWN-FIELD: $.players[1]: unknown field 'towers' (did you mean 'tower_levels'?)"),
    ("moment: later\nplayers:\n  - {name: A, dp: 1, tower_levels: 1, future_deck: 1}\n  - {name: B, dp: 1, tower_levels: 1, future_deck: 1}\n",
     ":1:9: error MK-DATA-ENUM: $.moment: 'later' is not one of 'immediate', 'end-of-round'"),
    ("players:\n  - {name: A, dp: 1, tower_levels: -1, future_deck: 1}\n  - {name: B, dp: 1, tower_levels: 1, future_deck: 1}\n",
     ":2:36: error MK-DATA-RANGE: $.players[0].tower_levels: -1 is out of range"),
    ("players:\n  - {name: A, dp: 1, tower_levels: 1, future_deck: 1}\nplayers: []\n",
     ":3:1: error YAML-DUPLICATE-KEY: duplicate key 'players' (first at line 1)"),
    ("players: [\n", "error YAML-SYNTAX"),
    ("- a\n- b\n", ":1:1: error YAML-ROOT-TYPE"),
    ("variant: kihivas\nplayers:\n  - {name: A, dp: 1, tower_levels: 1, future_deck: 1}\n  - {name: B, dp: 1, tower_levels: 1, future_deck: 1}\n",
     ":3:3: error MK-RESULT-PLAYER-COUNT [12.00.2]: Challenge (kihivas) is for at least 3 players; this state has 2"),
    ("players:\n  - {name: A, dp: 1, tower_levels: 1, future_deck: 1}\n  - {name: B, dp: 1, tower_levels: 1, future_deck: 1}\n"
     "options: {victory_points_to_win: 3}\n",
     ":4:34: error MK-RESULT-OPTION [1.01]: option 'victory_points_to_win' does not apply to Two-player game (two-player)"),
])
def test_bad_states_exit_2_with_file_and_line(tmp_path: Path, text: str, fragment: str) -> None:
    path = write(tmp_path, text)
    code, out, err = run("game", "result", path)
    assert code == 2 and out == ""
    assert fragment in err, err
    assert err.startswith(f"{path}:") and "Error:" not in err


def test_missing_file_and_unknown_variant_exit_2(tmp_path: Path) -> None:
    code, _, err = run("game", "result", str(tmp_path / "nope.yaml"))
    assert code == 2 and "does not exist" in err
    path = write(tmp_path, "players:\n  - {name: A, dp: 1, tower_levels: 1, future_deck: 1}\n"
                           "  - {name: B, dp: 1, tower_levels: 1, future_deck: 1}\n")
    code, _, err = run("game", "result", path, "--variant", "ikerjatk")
    assert code == 2 and err.startswith("Error: unknown variant 'ikerjatk'; did you mean 'ikerjatek'")


def test_result_command_text_json_and_hungarian() -> None:
    path = str(ROOT / "examples" / "results" / "ikerjatek-28.yaml")
    code, out, _ = run("game", "result", path, "--lang", "en")
    assert code == 0
    assert out.splitlines()[0] == "win: Anna, Béla [12.00.5.1.1.B] (28 DP at once)"
    code, out, _ = run("game", "result", path, "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "win" and data["rule"] == "12.00.5.1.1.B"
    assert data["winners"] == ["Anna", "Béla"] and data["variant"] == "ikerjatek" and data["moment"] == "immediate"
    code, out, _ = run("game", "result", path, "--lang", "hu")
    assert out.splitlines()[0] == "győzelem: Anna, Béla [12.00.5.1.1.B] (28 DP azonnal)"
    # --variant overrides the file: the same pairs under Két csapat egymás ellen (13 DP at the end of a round)
    code, out, _ = run("game", "result", path, "--variant", "két csapat", "--format", "json")
    assert json.loads(out)["variant"] == "ket-csapat"


def test_every_example_state_is_decided() -> None:
    files = sorted((ROOT / "examples" / "results").glob("*.yaml"))
    assert len(files) >= 10
    for f in files:
        code, out, err = run("game", "result", str(f), "--format", "json")
        assert code == 0, (f, err)
        assert json.loads(out)["rule"] in load_rulebook()


def test_variants_command() -> None:
    code, out, _ = run("game", "variants", "--lang", "en")
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == [
        "two-player", "general", "omen", "kihivas", "korbetamadas", "szovetsegek", "ikerjatek", "ket-csapat"]
    code, out, _ = run("game", "variants", "ket-csapat", "--players", "8", "--lang", "en")
    assert code == 0 and "  dp_end_of_round: 17  [12.00.6.B]" in out and "  starting_tower_levels: 6  [12.00.6.B]" in out
    code, out, _ = run("game", "variants", "ket-csapat", "--lang", "en")
    assert "  dp_end_of_round: 9 + 1 × players  [12.00.6.B]" in out
    code, out, _ = run("game", "variants", "ikerjatek", "--format", "json")
    data = json.loads(out)
    assert data["params"]["starting_tower_levels"] == 4 and data["params"]["max_buildings"] == 4
    code, _, err = run("game", "variants", "nope")
    assert code == 1 and "unknown variant 'nope'" in err


# --------------------------------------------------------------------------- docs/game-result.md runs


def _sessions(doc: str) -> list[tuple[str, str, int]]:
    """(command, expected output, expected exit code) for each ``$ korbiro …`` in a console block;
    a following ``$ echo $?`` and its number give the exit code (else 0)."""
    out: list[tuple[str, str, int]] = []
    for block in re.findall(r"```console\n(.*?)```", doc, re.S):
        cur: list[Any] | None = None
        want_code = False
        for line in block.splitlines():
            if line == "$ echo $?":
                want_code = True
            elif want_code and cur is not None:
                cur[2] = int(line)
                want_code = False
            elif line.startswith("$ "):
                if cur is not None:
                    out.append((cur[0], cur[1], cur[2]))
                cur = [line[2:], "", 0]
            elif cur is not None:
                cur[1] += line + "\n"
        if cur is not None:
            out.append((cur[0], cur[1], cur[2]))
    return out


GAME_DOC = (ROOT / "docs" / "game-result.md").read_text("utf-8") if (ROOT / "docs" / "game-result.md").exists() else ""
GAME_SESSIONS = _sessions(GAME_DOC)


def test_the_game_doc_runs_every_example() -> None:
    assert len(GAME_SESSIONS) >= 10
    shown = {shlex.split(c)[3] for c, _, _ in GAME_SESSIONS if c.startswith("korbiro game result ")}
    examples = {f"examples/results/{p.name}" for p in (ROOT / "examples" / "results").glob("*.yaml")}
    assert examples <= shown, examples - shown


@pytest.mark.parametrize("command, expected, exit_code", GAME_SESSIONS, ids=[c for c, _, _ in GAME_SESSIONS])
def test_game_doc_session(command: str, expected: str, exit_code: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    args = shlex.split(command)
    assert args[0] == "korbiro"
    r = CliRunner().invoke(cli, args[1:], env={"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
    assert r.output == expected
    assert r.exit_code == exit_code


RULE_DOC = (ROOT / "docs" / "rulebook.md").read_text("utf-8") if (ROOT / "docs" / "rulebook.md").exists() else ""
RULE_SESSIONS = _sessions(RULE_DOC)


def test_the_rulebook_doc_has_examples() -> None:
    assert len(RULE_SESSIONS) >= 5


@pytest.mark.parametrize("command, expected, exit_code", RULE_SESSIONS, ids=[c for c, _, _ in RULE_SESSIONS])
def test_rulebook_doc_session(command: str, expected: str, exit_code: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    args = shlex.split(command)
    assert args[0] == "korbiro"
    env = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "KORBIRO_RULINGS": "/nonexistent-rulings"}
    r = CliRunner().invoke(cli, args[1:], env=env)
    assert r.output == expected
    assert r.exit_code == exit_code


# --------------------------------------------------------------------------- random states

NAMES = ["Anna", "Béla", "Cili", "Dóra", "Elek", "Feri", "Gabi", "Hédi"]
dp_s = st.integers(-3, 32)
tower_s = st.integers(0, 3)
deck_s = st.sampled_from([0, 0, 1, 5])


@st.composite
def player_states(draw: st.DrawFn, variant: str, n_min: int = 2, n_max: int = 6) -> ResultState:
    n = draw(st.integers(n_min, n_max))
    names = NAMES[:n]
    elim = variant == "kihivas"
    vp = variant == "korbetamadas"
    players = []
    for name in names:
        players.append(ResultPlayer(name, draw(dp_s), draw(tower_s), draw(deck_s),
                              out=draw(st.booleans()) if variant not in ("two-player",) and draw(st.integers(0, 4)) == 0 else False,
                              eliminations=draw(st.integers(0, 1)) if elim else 0,
                              victory_points=draw(st.integers(0, 1)) if vp else 0))
    kw: dict[str, Any] = {}
    if variant in ("kihivas", "korbetamadas") and draw(st.booleans()):
        by, target = draw(st.permutations(names))[:2]
        how = draw(st.sampled_from(["dp", "dp", "siege"] + (["alternative-win"] if vp else [])))
        lists = {k: tuple(draw(st.lists(st.integers(0, 8), max_size=3))) if how == "dp" else ()
                 for k in ("quests", "buildings", "effects")}
        if elim:
            lists["buildings"] = lists["effects"] = ()
        kw["elimination"] = Elimination(by, target if (elim or draw(st.booleans())) else None, how, **lists)
    if variant == "szovetsegek" and draw(st.booleans()):
        kw["alliance"] = tuple(draw(st.permutations(names))[:2])
    moment = draw(st.sampled_from([IMM, END]))
    return ResultState(players=tuple(players), moment=moment, variant=variant, **kw)


@st.composite
def team_states(draw: st.DrawFn, variant: str) -> ResultState:
    size = 2 if variant == "ikerjatek" else draw(st.integers(1, 4))
    names = iter(NAMES + [f"X{i}" for i in range(10)])
    ts = []
    for tname in ("Vörösek", "Kékek"):
        members = tuple(Member(next(names), draw(dp_s), draw(deck_s)) for _ in range(size))
        ts.append(Team(tname, draw(tower_s), members, draw(st.one_of(st.none(), st.integers(0, 6)))))
    return ResultState(teams=tuple(ts), moment=draw(st.sampled_from([IMM, END])), variant=variant)


def _invariants(state: ResultState, r: Result) -> None:
    names = set(state.player_names)
    assert set(r.winners) <= names and set(r.eliminated) <= names and set(r.drawn) <= names
    assert (r.verdict is Verdict.WIN) == bool(r.winners)
    assert r.rule in load_rulebook() and all(n.rule in load_rulebook() for n in r.notes)
    assert r.message("en") and r.message("hu") and r.headline("hu")
    json.dumps(r.to_dict("hu"))
    if r.verdict is Verdict.NEW_ROUND:
        assert state.moment is END


def _decide_or_unfit(state: ResultState) -> Result | None:
    try:
        return decide(state)
    except DataError:  # the state does not fit the variant: a finding, never a crash
        return None


def _same(a: Result | None, b: Result | None) -> None:
    assert (a is None) == (b is None)
    if a is not None and b is not None:
        assert (a.verdict, a.rule, set(a.winners), set(a.eliminated), set(a.drawn), a.code) == \
            (b.verdict, b.rule, set(b.winners), set(b.eliminated), set(b.drawn), b.code)


SYMMETRIC = ["two-player", "general", "omen", "kihivas", "szovetsegek"]
FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("variant", SYMMETRIC)
@FAST
@given(data=st.data())
def test_random_states_never_crash_and_are_symmetric(variant: str, data: st.DataObject) -> None:
    n_min, n_max = (2, 2) if variant == "two-player" else (3, 6)
    state = data.draw(player_states(variant, n_min, n_max))
    r = _decide_or_unfit(state)
    if r is not None:
        _invariants(state, r)
    order = data.draw(st.permutations(range(len(state.players))))
    shuffled = replace(state, players=tuple(state.players[i] for i in order))
    _same(r, _decide_or_unfit(shuffled))


@FAST
@given(data=st.data())
def test_random_korbetamadas_states_are_symmetric_under_rotation(data: st.DataObject) -> None:
    state = data.draw(player_states("korbetamadas", 3, 6))
    r = _decide_or_unfit(state)
    if r is not None:
        _invariants(state, r)
    k = data.draw(st.integers(0, len(state.players) - 1))
    rotated = replace(state, players=state.players[k:] + state.players[:k])
    _same(r, _decide_or_unfit(rotated))


@pytest.mark.parametrize("variant", ["ikerjatek", "ket-csapat"])
@FAST
@given(data=st.data())
def test_random_team_states_are_symmetric(variant: str, data: st.DataObject) -> None:
    state = data.draw(team_states(variant))
    r = _decide_or_unfit(state)
    if r is not None:
        _invariants(state, r)
    a, b = state.teams
    rng = random.Random(data.draw(st.integers(0, 2**16)))
    shuffled = replace(state, teams=(replace(b, players=tuple(rng.sample(b.players, len(b.players)))),
                                     replace(a, players=tuple(rng.sample(a.players, len(a.players))))))
    _same(r, _decide_or_unfit(shuffled))


def test_two_player_result_is_monotone_in_dp() -> None:
    # more DP for the winner never turns a win into something else (exhaustive over a small grid)
    for a in range(0, 25):
        for b in range(0, a):
            for moment in (IMM, END):
                r = decide(game(P("A", a), P("B", b), moment=moment))
                r2 = decide(game(P("A", a + 1), P("B", b), moment=moment))
                if r.verdict is WIN:
                    assert r2.verdict is WIN and r2.winners == ("A",)


json_scalar = st.one_of(st.none(), st.booleans(), st.integers(-5, 40), st.text(max_size=6))
raw_player = st.fixed_dictionaries(
    {"name": st.sampled_from(NAMES), "dp": st.integers(-5, 40), "tower_levels": st.integers(0, 4),
     "future_deck": st.integers(0, 3)},
    optional={"out": st.booleans(), "eliminations": st.integers(0, 3), "victory_points": st.integers(0, 3),
              "extra": json_scalar})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_raw_states_never_crash(data: st.DataObject) -> None:
    from korbiro.data.schema import validator

    raw: dict[str, Any] = {"players": data.draw(st.lists(raw_player, min_size=0, max_size=6))}
    if data.draw(st.booleans()):
        raw["variant"] = data.draw(st.sampled_from([v.id for v in load_variants()] + ["Ómen", "nope"]))
    if data.draw(st.booleans()):
        raw["moment"] = data.draw(st.sampled_from(["immediate", "end-of-round", "soon"]))
    if data.draw(st.booleans()):
        raw["alliance"] = data.draw(st.lists(st.sampled_from(NAMES + ["Zed"]), max_size=3))
    if data.draw(st.booleans()):
        raw["elimination"] = data.draw(st.fixed_dictionaries(
            {"by": st.sampled_from(NAMES)},
            optional={"target": st.sampled_from(NAMES), "how": st.sampled_from(["dp", "siege", "alternative-win"]),
                      "quests": st.lists(st.integers(0, 9), max_size=3), "buildings": st.lists(st.integers(0, 9), max_size=2)}))
    if data.draw(st.booleans()):
        raw["options"] = data.draw(st.fixed_dictionaries({}, optional={
            "siege_only": st.booleans(), "dp_end_of_round": st.integers(0, 30), "victory_points_to_win": st.integers(1, 3),
            "dp_immediate": st.one_of(st.none(), st.integers(0, 30))}))
    if not validator("mk-result-state").is_valid(raw):
        return
    state = state_from_data(raw)
    try:
        r = decide(state)
    except (DataError, UsageError):
        return
    _invariants(state, r)


@pytest.mark.fuzz
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_raw_states_never_crash_long(data: st.DataObject) -> None:
    test_random_raw_states_never_crash.hypothesis.inner_test(data=data)


def test_state_errors_in_hungarian() -> None:
    path = "examples/results/invalid/kihivas-two-players.yaml"
    r = CliRunner().invoke(cli, ["game", "result", str(ROOT / path), "--lang", "hu"])
    assert r.exit_code == 2
    assert r.stderr.endswith("hiba MK-RESULT-PLAYER-COUNT [12.00.2]: a(z) Kihívás (kihivas) legalább 3 játékosnak "
                             "való; ebben az állapotban 2 van\n")
    with pytest.raises(DataError) as exc:
        decide(game(*FOUR(), alliance=("A", "X")), "szovetsegek")
    assert [f.text("hu") for f in exc.value.findings] == ["alliance: nincs 'X' nevű játékos"]


@pytest.mark.parametrize("doc", ["game-result.md", "rulebook.md"])
def test_python_examples_in_the_docs(doc: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import doctest

    monkeypatch.chdir(ROOT)
    text = (ROOT / "docs" / doc).read_text("utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"docs/{doc}[{i}]", f"docs/{doc}", 0))
    assert runner.tries > 3 and runner.failures == 0


def test_variants_file_is_checked(tmp_path: Path) -> None:
    from korbiro.rules.mk.victory import load_variants_file

    src = (ROOT / "korbiro" / "data" / "mk" / "variants.yaml").read_text("utf-8")
    assert len(list(load_variants_file(ROOT / "korbiro" / "data" / "mk" / "variants.yaml"))) == 8
    bad = tmp_path / "variants.yaml"
    bad.write_text(src.replace("two_players: two-player", "two_players: ketto").replace(
        "      dp_immediate: 28\n      dp_end_of_round: 18\n", "      dp_immediate: 28\n      dp_end_of_round: tizennyolc\n"),
        "utf-8")
    with pytest.raises(DataError) as exc:
        load_variants_file(bad)
    assert any("dp_end_of_round" in f.message and f.line for f in exc.value.findings)
    bad.write_text(src.replace("two_players: two-player", "two_players: ketto"), "utf-8")
    with pytest.raises(DataError) as exc:
        load_variants_file(bad)
    assert [f.code for f in exc.value.findings] == ["MK-VARIANTS-DEFAULT"]
    assert exc.value.findings[0].line == 17


def test_a_state_whose_game_a_card_won_is_that_win(tmp_path: Path) -> None:
    """Found in review: ``play --seed 3`` ends when Terda Radowik am Warwik's counter condition wins the game for
    Béla (1.01), but its ``--state-out`` said "play on [1.01.B]": the state file had no word for a card's win."""
    text = ("variant: two-player\nmoment: immediate\ncard_win: {player: Béla, reason: \"Terda: 6 counters\"}\n"
            "players:\n  - {name: Anna, dp: 9, tower_levels: 3, future_deck: 10}\n"
            "  - {name: Béla, dp: 2, tower_levels: 1, future_deck: 10}\n")
    path = tmp_path / "won.yaml"
    path.write_text(text, "utf-8")
    r = decide(load_state(path))
    assert (r.verdict, r.winners, r.rule, r.code) == (Verdict.WIN, ("Béla",), "1.01", "MK-RESULT-CARD-WIN")
    assert r.message("hu") == "Béla egy lap szövege révén megnyerte a játékot: Terda: 6 counters"
    path.write_text(text.replace("player: Béla", "player: Zoli"), "utf-8")
    with pytest.raises(DataError) as caught:
        decide(load_state(path))
    assert (caught.value.code, caught.value.line) == ("MK-RESULT-UNKNOWN-PLAYER", 3)
