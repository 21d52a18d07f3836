"""``korbiro play --human``: a person at the terminal (scripted input), and the table underneath it
(korbiro.rules.mk.timeline.sitting): the screen, refusals with rule and remedy, undo (exact), save (a scenario
that ``korbiro resolve`` replays), continue."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from random import Random

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layout import ROOT

from korbiro.cli import cli
from korbiro.data.check import load_database
from korbiro.data.paths import shipped_db_path
from korbiro.rules.mk.timeline.game import RandomPolicy, sample_decks, zones_fingerprint
from korbiro.rules.mk.timeline.scenario import load_scenario, run_scenario
from korbiro.rules.mk.timeline.sitting import Seats, Sitting

CARDS = {c.name: c for c in load_database([shipped_db_path()])}

#: the first decision of Anna with seed 1 (after the deal's trace)
FIRST_SCREEN = """\
== Anna to act: round 1, manőverek; MP 4, DP 0
   hand: Az abasziszi karaván kísérete; Briar Sichetti; Abasziszi vándorlovag; Briar Sichetti #2; Toroni tornapajzs; Barlangi medve; Garmacs, a kincsvadász
   Anna: MP 4, DP 0, 7 in hand, 33 in the Jövő pakli; Sor: none; Jelen: none
   Béla: MP 4, DP 0, 7 in hand, 33 in the Jövő pakli; Sor: none; Jelen: none
   legal actions (type a number, an action, or help):
     1. [6.03] pass
     2. [5.01] summon "Az abasziszi karaván kísérete"
     3. [5.01] summon "Briar Sichetti"
     4. [5.01] summon "Abasziszi vándorlovag"
     5. [5.01] summon "Briar Sichetti #2"
     6. [5.01] summon "Garmacs, a kincsvadász"
     7. [5.01.E] attach "Barlangi medve" -> "Argureni bálterem"
     8. [5.01.E] attach "Barlangi medve" -> "Kincses kamra"
     9. [5.01.E] attach "Barlangi medve" -> "Shadoni kincstár"
"""

#: Anna's decision after she passed and Béla opened timeline 1 with a building
SECOND_SCREEN = """\
== Anna to act: round 1, manőverek; MP 4, DP 0
   hand: Az abasziszi karaván kísérete; Briar Sichetti; Abasziszi vándorlovag; Briar Sichetti #2; Toroni tornapajzs; Barlangi medve; Garmacs, a kincsvadász
   Anna: MP 4, DP 0, 7 in hand, 33 in the Jövő pakli; Sor: none; Jelen: none
   Béla: MP 1, DP 0, 6 in hand, 33 in the Jövő pakli; Sor: none; Jelen: none
   timeline 1: Béla: Pyarroni szentély
   legal actions (type a number, an action, or help):
     1. [6.00] pass
     2. [5.01.E] attach "Barlangi medve" -> "Argureni bálterem"
     3. [5.01.E] attach "Barlangi medve" -> "Kincses kamra"
     4. [5.01.E] attach "Barlangi medve" -> "Shadoni kincstár"
"""


def run(*args: str, input: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, ["play", *args], input=input)
    return r.exit_code, r.stdout, r.stderr


def test_the_screen_shows_the_situation_and_the_numbered_legal_actions_with_their_rules() -> None:
    code, out, _ = run("--human", "Anna", "--seed", "1", input="quit\n")
    assert code == 1  # a person quit: unfinished
    lines = out.splitlines()
    assert lines[0] == "game: two-player [korfordulo], seed 1; Anna, Béla"
    assert lines[1] == "  1. [3.01.A] Anna's tower, the lowest level first: Argureni bálterem, Kincses kamra, Shadoni kincstár"
    assert "\n".join(lines[7:21]) + "\n" == FIRST_SCREEN
    assert lines[21:] == ["Anna> quit", "the game is left unfinished after 0 steps (save FILE keeps a game)"]


def test_a_number_takes_that_action_and_the_computer_answers() -> None:
    code, out, _ = run("--human", "Anna", "--seed", "1", input="1\nquit\n")
    assert code == 1
    after = out.split("Anna> 1\n", 1)[1]
    assert after.startswith("  7. [6.03] Anna passes; Béla acts\n"
                            "  8. [5.01.A] Béla reveals Pyarroni szentély\n"
                            "  9. [5.01.C] Béla pays 3 MP (1 left)\n"
                            " 10. [6.01] timeline 1 opens: a deed (Béla)\n"
                            " 11. [5.01.D] @1 Pyarroni szentély enters timeline 1 (Béla)\n" + SECOND_SCREEN + "Anna> quit\n")


def test_a_refused_action_says_its_rule_and_remedy_and_asks_again() -> None:
    code, out, _ = run("--human", "Anna", "--seed", "1", input='1\nleidéz "Briar Sichetti"\nquit\n')
    assert code == 1
    assert ('Anna> leidéz "Briar Sichetti"\n'
            "refused [6.00]: Briar Sichetti is no fast effect: it is summoned with no timeline open, or into one "
            "its own side opened, not into Béla's timeline 1\n"
            "   it would be legal: wait until timeline 1 has unwound\n"
            "Anna> quit\n") in out


def test_what_is_not_an_action_is_said_and_asked_again() -> None:
    code, out, _ = run("--human", "Anna", "--seed", "1",
                       input='99\nmeghal "Briar Sichetti"\nleidéz\n\nsave\nundo\nquit\n')
    assert code == 1
    assert "Anna> 99\nnot understood: no action number 99: choose 1 to 9\n" in out
    assert ("Anna> meghal \"Briar Sichetti\"\n"
            "not understood: 'meghal \"Briar Sichetti\"' is a judge's step of a scenario, not a player's action\n") in out
    assert "Anna> leidéz\nnot understood: " in out
    assert "Anna> save\nsave where? type: save FILE\n" in out
    assert "Anna> undo\nnothing to undo: no person has acted yet\nAnna> quit\n" in out


def test_help_lists_the_commands() -> None:
    _, out, _ = run("--human", "Anna", "--seed", "1", input="help\nquit\n")
    assert "Anna> help\ntype the number of a legal action (its first choices), or an action in the scenario language\n" in out
    assert "  undo       take back your last action and everything after it\n" in out


def test_undo_takes_back_the_persons_action_and_the_computers_answer() -> None:
    code, out, _ = run("--human", "Anna", "--seed", "1", input="1\nundo\nquit\n")
    assert code == 1
    assert out.endswith("Anna> undo\nundone: the last action of a person and what followed it (2 steps)\n"
                        + FIRST_SCREEN
                        + "Anna> quit\nthe game is left unfinished after 0 steps (save FILE keeps a game)\n")


def test_save_writes_a_scenario_that_resolve_replays_and_continue_continues(tmp_path: Path) -> None:
    saved = tmp_path / "game.yaml"
    code, out, _ = run("--human", "Anna", "--seed", "1", input=f"1\nsave {saved}\nquit\n")
    assert code == 1
    assert (f"Anna> save {saved}\nsaved {saved} (2 steps): korbiro resolve {saved} replays it, "
            f"korbiro play --continue {saved} --human NAME continues it\n") in out
    data = yaml.safe_load(saved.read_text("utf-8"))
    assert data["variant"] == "two-player" and data["setup"]["start"] is True
    assert data["script"] == [{"Anna": "passz"}, {"Béla": 'leidéz "Pyarroni szentély"'}]
    r = CliRunner().invoke(cli, ["resolve", str(saved)])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-2:] == ["   11. [5.01.D] @1 Pyarroni szentély enters timeline 1 (Béla)", "  done"]
    code, out, _ = run("--continue", str(saved), "--human", "Anna", input="quit\n")
    assert code == 1
    assert out.endswith(SECOND_SCREEN + "Anna> quit\nthe game is left unfinished after 2 steps (save FILE keeps a game)\n")


def test_save_never_overwrites_a_deck_it_read(tmp_path: Path) -> None:
    deck = tmp_path / "a.deck"
    deck.write_text((ROOT / "korbiro/data/mk/decks/kincsvadaszok.deck").read_text("utf-8"), "utf-8")
    before = deck.read_bytes()
    _, out, _ = run("--human", "Anna", "--seed", "1", "--deck", str(deck), input=f"save {deck}\nquit\n")
    assert deck.read_bytes() == before
    assert (f"Anna> save {deck}\nnot saved: save '{deck}' is the input file '{deck}'; korbiro does not write over "
            "its input: give another path\n") in out


def test_two_people_at_one_screen_each_see_their_own_hand() -> None:
    code, out, _ = run("--human", "Anna", "--human", "Béla", "--seed", "1", input="1\nquit\n")
    assert code == 1
    assert "Anna> 1\n  7. [6.03] Anna passes; Béla acts\n== Béla to act: round 1, manőverek; MP 4, DP 0\n" in out
    assert "   hand: Pyarroni szentély;" in out.split("== Béla to act")[1]
    assert out.endswith("Béla> quit\nthe game is left unfinished after 1 steps (save FILE keeps a game)\n")


def test_a_whole_game_at_the_terminal_ends_with_its_result() -> None:
    code, out, _ = run("--human", "Anna", "--seed", "3", "--max-rounds", "3", input="1\n" * 300)
    assert code == 1  # three rounds of passing: no result yet
    assert out.splitlines()[-1].startswith("result: unfinished [1.01] (")


def test_hungarian() -> None:
    _, out, _ = run("--human", "Anna", "--seed", "1", "--lang", "hu", input="1\nleidéz \"Briar Sichetti\"\nquit\n")
    assert "== Anna következik: 1. forduló, manőverek; MP 4, DP 0\n" in out
    assert "   szabályos cselekvések (írj be egy számot, egy cselekvést vagy azt, hogy súgó):\n     1. [6.03] passz\n" in out
    assert ('Anna> leidéz "Briar Sichetti"\n'
            "szabálytalan [6.00]: Briar Sichetti nem gyors hatás: nyitott időfonal nélkül, vagy a saját oldala nyitotta "
            "időfonalba idézhető le, nem Béla 1. időfonalába\n"
            "   így lenne szabályos: várd meg, míg a(z) 1. időfonal visszafejtődik\n") in out
    assert out.endswith("Anna> quit\na játék befejezetlenül maradt 2 lépés után (a ment FÁJL megőrzi a játékot)\n")


@pytest.mark.parametrize("args,said", [
    (["--human", "Zoli"], "Error: no player 'Zoli' at the table; players: Anna, Béla"),
    (["--human", "Anna", "--opponent", "okos"], "Error: no computer player 'okos'; there are: bot, random"),
    (["--human", "Anna", "--format", "json"], "Error: --human and --continue play at the terminal: --format text only"),
    (["--continue", "examples/rulings/jatek-fordulo-vege-11dp.yaml"],
     "Error: --continue needs --human NAME: who plays at the terminal"),
    (["--continue", "examples/rulings/jatek-fordulo-vege-11dp.yaml", "--human", "Anna", "--variant", "omen"],
     "Error: --variant does not go with --continue: the saved game has its decks, variant and players"),
])
def test_bad_options_exit_2(args: list[str], said: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = run(*args, input="quit\n")
    assert (code, err.splitlines()) == (2, [said])


def test_continue_of_a_scenario_that_is_no_saved_game_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    path = "examples/rulings/" + next(p.name for p in sorted((ROOT / "examples/rulings").glob("*.yaml"))
                                      if "variant:" not in p.read_text("utf-8"))
    code, _, err = run("--continue", path, "--human", "Anna", input="quit\n")
    assert code == 2
    assert err == (f"{path}:1: error MK-TABLE-NOT-A-GAME: not a saved game: a saved game is a scenario with a variant "
                   "and setup start: true (korbiro play --human … save FILE writes one)\n")


def test_continue_of_a_game_whose_step_is_refused_names_the_line(tmp_path: Path) -> None:
    saved = tmp_path / "game.yaml"
    run("--human", "Anna", "--seed", "1", input=f"1\nsave {saved}\nquit\n")
    saved.write_text(saved.read_text("utf-8").replace("- Anna: passz", '- Anna: leidéz "Pyarroni szentély"'), "utf-8")
    line = saved.read_text("utf-8").splitlines().index('- Anna: leidéz "Pyarroni szentély"') + 1
    code, _, err = run("--continue", str(saved), "--human", "Anna", input="quit\n")
    assert code == 2
    assert err.startswith(f"{saved}:{line}: error MK-TABLE-REFUSED: step 1 (Anna: leidéz \"Pyarroni szentély\") is refused [")


def test_a_real_terminal_session_through_a_subprocess(tmp_path: Path) -> None:
    saved = tmp_path / "s.yaml"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KORBIRO_LANG": "en", "LANG": "C.UTF-8"}
    p = subprocess.run([sys.executable, "-m", "korbiro", "play", "--human", "Anna", "--seed", "1", "--lang", "en"],
                       input=f"1\nsave {saved}\nquit\n", capture_output=True, text=True, env=env, cwd=tmp_path,
                       timeout=120, encoding="utf-8")
    assert p.returncode == 1, p.stderr
    assert FIRST_SCREEN + "Anna> 1\n" in p.stdout
    assert SECOND_SCREEN + f"Anna> save {saved}\nsaved {saved} (2 steps)" in p.stdout
    r = subprocess.run([sys.executable, "-m", "korbiro", "resolve", str(saved)], capture_output=True, text=True,
                       env=env, cwd=tmp_path, timeout=120, encoding="utf-8")
    assert r.returncode == 0, r.stderr


# ---------------------------------------------------------------- the table underneath


def _table(seed: int, humans: tuple[str, ...] = ("Anna",)) -> Sitting:
    return Sitting.deal([("Anna", sample_decks()[0]), ("Béla", sample_decks()[1])], CARDS.get, humans=humans,
                        seed=seed)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(1, 25))
def test_undo_then_the_same_action_gives_the_same_game(seed: int, moves: int) -> None:
    """Undo is exact: after undo, the same action gives the same steps and trace, and the computer answers
    it as it did (its choices and the dice are a function of the seed and the steps before them)."""
    table, rng = _table(seed), Random(seed)
    for _ in range(moves):
        who = table.advance()
        if who is None:
            break
        table.act(who, RandomPolicy(rng).choose(table.engine, who))
    table.advance()
    steps, trace = list(table.steps), [e.en for e in table.engine.state.trace]
    mine = [i for i, (who, _) in enumerate(steps) if who == "Anna"]
    if not mine:
        return
    last = steps[mine[-1]][1]
    assert table.undo()
    assert table.advance() == "Anna"
    table.act("Anna", last)
    table.advance()
    assert table.steps == steps
    assert [e.en for e in table.engine.state.trace] == trace


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(1, 40))
def test_a_saved_game_replays_and_continues_to_the_same_state(seed: int, moves: int) -> None:
    table, rng = _table(seed), Random(seed)
    for _ in range(moves):
        who = table.advance()
        if who is None:
            break
        table.act(who, RandomPolicy(rng).choose(table.engine, who))
    replay = run_scenario(load_scenario("saved.yaml", text=table.save_text(), lookup=CARDS.get), CARDS.get)
    assert not replay.refusals
    assert zones_fingerprint(replay.engine) == zones_fingerprint(table.engine)  # type: ignore[arg-type]
    again = Sitting.from_scenario("saved.yaml", table.save_text(), CARDS.get, Seats(("Anna",), seed=seed))
    assert again.steps == table.steps
    assert again.advance() == table.advance()
    assert again.steps == table.steps


def test_a_whole_game_of_two_random_people_ends_and_replays() -> None:
    table, rng = _table(5, ("Anna", "Béla")), Random(5)
    while (who := table.advance()) is not None:
        table.act(who, RandomPolicy(rng).choose(table.engine, who))
    assert table.engine.over and table.view(None)["result"]["verdict"] in ("win", "draw")
    replay = run_scenario(load_scenario("saved.yaml", text=table.save_text(), lookup=CARDS.get), CARDS.get)
    assert [e.en for e in replay.engine.state.trace] == [e.en for e in table.engine.state.trace]  # type: ignore[union-attr]


def test_only_the_person_the_game_waits_for_acts() -> None:
    table = _table(1, ("Anna", "Béla"))
    assert table.advance() == "Anna"
    with pytest.raises(Exception) as exc:
        table.act("Béla", table.choice("Béla", "pass"))
    assert str(exc.value) == "it is not Béla's decision now"


def test_the_session_of_docs_play_md_is_what_the_terminal_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/play.md shows a scripted session (after ``<!-- table-session -->``): it is run here, and saved."""
    text = (ROOT / "docs/play.md").read_text("utf-8")
    block = text.split("<!-- table-session -->\n```text\n", 1)[1].split("\n```", 1)[0]
    command, shown = block.split("\n", 1)
    assert command == "$ korbiro play --human Anna --seed 1"
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("--human", "Anna", "--seed", "1", input='1\nleidéz "Briar Sichetti"\n1\nundo\nsave game.yaml\nquit\n')
    assert code == 1
    assert out == shown + "\n"
    r = CliRunner().invoke(cli, ["resolve", "game.yaml"])
    assert r.exit_code == 0


def test_the_module_example_runs() -> None:
    import doctest

    import korbiro.rules.mk.timeline.sitting as sitting

    failures, tried = doctest.testmod(sitting)
    assert tried > 0 and failures == 0


def test_continue_of_a_finished_game_shows_its_result_and_exits_0(tmp_path: Path) -> None:
    whole = tmp_path / "whole.yaml"
    assert CliRunner().invoke(cli, ["play", "--seed", "4", "--scenario-out", str(whole)]).exit_code == 0
    code, out, _ = run("--continue", str(whole), "--human", "Anna", input="")
    assert code == 0
    assert out.splitlines()[-2:] == [
        "1136. [1.01.B.2] the game ends, win: Béla: Anna: empty Jövő pakli at the end of the round and no win, so Béla wins",
        "result: win: Béla [1.01.B.2] (400 steps)"]


@pytest.mark.parametrize("variant", ["omen", "ikerjatek"])
def test_a_variant_at_the_terminal(variant: str) -> None:
    code, out, _ = run("--human", "Anna", "--variant", variant, "--seed", "2", "--max-rounds", "2", input="1\n" * 300)
    assert code == 1
    assert "== Anna to act: round 1, " in out
    assert out.splitlines()[-1].startswith("result: unfinished [1.01] (")


def test_a_digit_that_is_not_ascii_is_no_number() -> None:
    """``²`` and ``３`` pass ``str.isdigit``; a number at the table is written with 0-9 only."""
    code, out, _ = run("--human", "Anna", "--seed", "1", input="²\n３\nquit\n")
    assert code == 1
    assert "Anna> ²\nnot understood: " in out and "Anna> ３\nnot understood: " in out


def test_bytes_that_are_not_utf8_and_a_save_that_cannot_be_written_are_said(tmp_path: Path) -> None:
    r = CliRunner().invoke(cli, ["play", "--human", "Anna", "--seed", "1"],
                           input=b"\xff\xfe\nsave " + str(tmp_path).encode() + b"\nquit\n")
    assert r.exit_code == 1
    assert "Anna> \nnot understood: the line is not UTF-8 text (byte 0)\nAnna> " in r.stdout
    assert (f"Anna> save {tmp_path}\nnot saved: '{tmp_path}' is a directory; korbiro writes only to regular files\n"
            in r.stdout)


def test_opponent_names_the_computer_player_of_every_seat_without_a_person() -> None:
    """``korbiro play --opponent bot``: the bot plays every seat (a game of its own, not random play's), and an
    unknown policy is a usage error naming the known ones."""
    runner = CliRunner()
    args = ["play", "--seed", "2", "--max-rounds", "1", "--format", "json"]
    random_game = json.loads(runner.invoke(cli, args).output)
    bot_game = json.loads(runner.invoke(cli, [*args, "--opponent", "bot"]).output)
    assert random_game["trace"][:5] == bot_game["trace"][:5]  # the same deal
    assert random_game["trace"] != bot_game["trace"]
    assert json.loads(runner.invoke(cli, [*args, "--opponent", "random"]).output) == random_game
    wrong = runner.invoke(cli, ["play", "--opponent", "nobody"])
    assert wrong.exit_code == 2
    assert "unknown policy 'nobody'; the policies are: bot, random" in wrong.output
