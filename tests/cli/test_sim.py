"""`korbiro sim`: deck testing over many played games (cli/sim.py, timeline/simulate.py), issue 29 item 3."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from korbiro.base.errors import UsageError
from korbiro.cli.sim import DatabaseCards
from korbiro.data.paths import package_file
from korbiro.rules.mk.timeline.game import sample_decks
from korbiro.rules.mk.timeline.simulate import Match, Outcome, Tally, game_seed, run, wilson
from tests.clirun import run_main

DECKS = package_file("data/mk/decks")


@pytest.fixture()
def decks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The sample decks, copied where the run is (so that the output names them short)."""
    for name in ("kincsvadaszok.deck", "ostromlok.deck"):
        shutil.copy(DECKS / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def sim(*args: str) -> tuple[int, str, str]:
    ran = run_main(["sim", "kincsvadaszok.deck", "ostromlok.deck", *args])
    return ran.code, ran.stdout, ran.stderr


def test_wilson_interval() -> None:
    lo, hi = wilson(3, 6)
    assert (round(lo, 4), round(hi, 4)) == (0.1876, 0.8124)
    assert wilson(0, 0) == (0.0, 1.0)
    assert [round(x, 4) for x in wilson(10, 10)] == [0.7225, 1.0]


def test_game_seeds_depend_on_the_run_seed_and_the_game_only() -> None:
    assert game_seed(3, 5) == game_seed(3, 5)
    assert len({game_seed(s, i) for s in range(3) for i in range(50)}) == 150


def test_exact_figures_of_a_seeded_run(decks: Path) -> None:
    code, out, err = sim("--games", "6", "--seed", "3")
    assert (code, err) == (0, "")
    assert out == (
        "kincsvadaszok.deck vs ostromlok.deck: 6 games, two-player, policies random vs random, seed 3\n"
        "kincsvadaszok.deck wins 3 of 6: 50.0% (95% confidence interval 18.8%–81.2%, Wilson)\n"
        "ostromlok.deck wins 3; draws 0; unfinished 0\n"
        "average game: 8.2 rounds, 370.7 actions\n"
        "ended by rule: 1.01.B.2 × 3, 1.01.B.1 × 2, 1.01.A.1 × 1\n")


def test_exact_figures_in_hungarian(decks: Path) -> None:
    code, out, _ = sim("--games", "6", "--seed", "3", "--lang", "hu")
    assert code == 0
    assert out.splitlines()[1:3] == [
        "kincsvadaszok.deck nyer: 3 / 6 játék, 50.0% (95%-os konfidenciaintervallum: 18.8%–81.2%, Wilson)",
        "ostromlok.deck nyer: 3; döntetlen: 0; befejezetlen: 0"]


def test_exact_figures_as_json(decks: Path) -> None:
    code, out, err = sim("--games", "6", "--seed", "3", "--format", "json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "deck_a": "kincsvadaszok.deck", "deck_b": "ostromlok.deck", "variant": "two-player", "seed": 3,
        "policies": ["random", "random"], "games": 6, "a_wins": 3, "b_wins": 3, "draws": 0, "unfinished": 0,
        "a_win_rate": 0.5, "a_win_rate_95": [0.1876, 0.8124], "average_rounds": 8.17, "average_actions": 370.67,
        "endings": {"1.01.B.2": 3, "1.01.B.1": 2, "1.01.A.1": 1}}


def test_jobs_give_the_same_figures(decks: Path) -> None:
    one = sim("--games", "5", "--seed", "9", "--format", "json")
    two = sim("--games", "5", "--seed", "9", "--format", "json", "--jobs", "2")
    assert one == two
    assert one[0] == 0


def test_the_same_games_in_one_process_or_two() -> None:
    a, b = sample_decks()[:2]
    match = Match(a, b, DatabaseCards(None), seed=2)
    assert run(match, 3, jobs=1) == run(match, 3, jobs=2)


def test_deck_a_sits_first_in_even_games_and_second_in_odd_ones() -> None:
    a, b = sample_decks()[:2]
    match = Match(a, b, DatabaseCards(None))
    assert match.deal(0)[1] == ("A", "B")
    assert match.deal(1)[1] == ("B", "A")
    assert list(match.deal(1)[0].state.players) == ["B", "A"]


def test_tally_of_outcomes() -> None:
    outcomes = [Outcome("A", "win", "1.01.B.1", 8, 300), Outcome(None, "draw", "1.01.A.3", 4, 100),
                Outcome(None, "unfinished", "1.01", 100, 900), Outcome("B", "win", "1.01.B.1", 6, 200)]
    tally = Tally.of(outcomes)
    assert (tally.games, tally.a_wins, tally.b_wins, tally.draws, tally.unfinished) == (4, 1, 1, 1, 1)
    assert (tally.rounds, tally.actions, tally.endings) == (29.5, 375.0, {"1.01.B.1": 2, "1.01.A.3": 1})


@pytest.mark.parametrize("rounds", [pytest.param(["--max-rounds", "2"], id="2-rounds"),
                                    pytest.param([], id="whole-games", marks=pytest.mark.long)])
def test_the_bot_against_random(decks: Path, rounds: list[str]) -> None:
    """The bot in either seat (deck A sits first in game 0, second in game 1): two rounds of each game in the
    default run, the whole games (several seconds of the bot's thinking) in the long run."""
    code, out, _ = sim("--games", "2", "--policies", "bot,random", "--format", "json", *rounds)
    assert code == 0
    assert json.loads(out)["policies"] == ["bot", "random"]


def test_no_progress_bar_when_stderr_is_not_a_terminal(decks: Path) -> None:
    code, _, err = sim("--games", "2")
    assert (code, err) == (0, "")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_bar_on_a_terminal(decks: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from korbiro.cli import sim as command

    a, b = sample_decks()[:2]
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    tally = command._run(Match(a, b, DatabaseCards(None)), 2, 1, bar=True)
    assert tally.games == 2
    assert "100%" in screen.getvalue()


@pytest.mark.parametrize(("args", "code", "said"), [
    (["--policy", "minimax"], 2, "Error: unknown policy 'minimax'; the policies are: bot, random\n"),
    (["--policies", "bot"], 2, "Error: --policies takes two policies, deck A's and deck B's (e.g. bot,random), "
                               "not 'bot'\n"),
    (["--policy", "bot", "--policies", "bot,random"], 2,
     "Error: give either --policy (both decks) or --policies (each deck's), not both\n"),
    (["--variant", "ikerjatek"], 2, "Error: the variant ikerjatek is for 4 or more players, or for teams; "
                                    "a deck test plays two decks against each other\n"),
    (["--variant", "general"], 2, "Error: the variant general is for 3 or more players, or for teams; "
                                  "a deck test plays two decks against each other\n"),
])
def test_bad_options(decks: Path, args: list[str], code: int, said: str) -> None:
    assert sim("--games", "1", *args) == (code, "", said)


def test_an_unknown_variant(decks: Path) -> None:
    code, out, err = sim("--variant", "nosuch")
    assert (code, out) == (2, "")
    assert err.startswith("Error: unknown variant 'nosuch'")


def test_a_deck_that_does_not_parse(decks: Path) -> None:
    (decks / "ostromlok.deck").write_text("Pakli:\n2 Wirg\nthree Wirg\n", encoding="utf-8")
    code, out, err = sim("--games", "1")
    assert (code, out) == (2, "")
    assert err.startswith("ostromlok.deck:3:")


def test_an_unknown_card(decks: Path) -> None:
    text = (decks / "ostromlok.deck").read_text("utf-8").replace("2 Wirg", "2 Nincs ilyen lap")
    (decks / "ostromlok.deck").write_text(text, encoding="utf-8")
    line = text.splitlines().index("2 Nincs ilyen lap") + 1
    code, out, err = sim("--games", "1")
    assert (code, out) == (2, "")
    assert err.startswith(f"ostromlok.deck:{line}: error MK-PLAY-CARD")
    assert "'Nincs ilyen lap'" in err


def test_a_missing_deck_file(decks: Path) -> None:
    ran = run_main(["sim", "kincsvadaszok.deck", "nincs.deck"])
    assert ran.code == 2
    assert "nincs.deck" in ran.stderr


def test_match_check_refuses_a_team_variant() -> None:
    a, b = sample_decks()[:2]
    with pytest.raises(UsageError) as info:
        Match(a, b, DatabaseCards(None), variant="ket-csapat").check()
    assert info.value.code == "MK-SIM-VARIANT"
