"""``korbiro exxit``: moves, replay, perft, show; exact output, JSON shapes and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from layout import ROOT

from korbiro.cli import cli

EX = ROOT / "examples" / "exxit"
START = str(EX / "start.yaml")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["exxit", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def main(*args: str) -> subprocess.CompletedProcess[str]:
    """Through the real entry point (``korbiro.cli.main``), as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "korbiro", "exxit", *args], capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_moves_text_and_json() -> None:
    assert run("moves", START) == (0, "drop 0,0\ndrop 0,1\ndrop 1,-1\ndrop 1,0\n", "")
    code, out, _ = run("moves", START, "--format", "json")
    assert code == 0
    assert json.loads(out) == {
        "to_move": "white",
        "moves": ["drop 0,0", "drop 0,1", "drop 1,-1", "drop 1,0"],
        "game_over": False,
        "outcome": None,
    }


def test_moves_of_rulebook_example_and_option() -> None:
    assert run("moves", str(EX / "rulebook" / "4.yaml"))[1] == "dance 0,0 e\n"
    out = run("moves", str(EX / "rulebook" / "4.yaml"), "-o", "offboard_first=false")[1]
    assert out == "dance 0,0 e\ndance 0,0 nw\ndance 0,0 w\n"


def test_moves_of_a_finished_game() -> None:
    code, out, _ = run("moves", str(EX / "rulebook" / "end.yaml"), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["moves"] == [] and data["game_over"] is True
    assert data["outcome"] == {
        "termination": "stock-exhausted",
        "winner": "black",
        "score": {"white": 25, "black": 34},
        "rule": "EXXIT rulebook: Koniec gry",
    }
    assert run("moves", str(EX / "rulebook" / "end.yaml"))[1] == (
        "no legal moves: the game is over (stock-exhausted) [EXXIT rulebook: Koniec gry]\n"
    )


def test_replay_valid_game() -> None:
    code, out, err = run("replay", str(EX / "game.txt"))
    assert code == 0 and err == ""
    assert out == (
        "valid (165 plies)\n"
        "result: white 29, black 31: black wins (stock-exhausted) [EXXIT rulebook: Koniec gry]\n"
    )


def test_replay_invalid_record_text() -> None:
    code, out, _ = run("replay", str(EX / "illegal.txt"))
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 13
    path = str(EX / "illegal.txt")
    assert lines[0] == (
        f"{path}:7: error EXXIT-PASS-NOT-ALLOWED [EXXIT rulebook: Pasowanie]: ply 1 'pass':"
        " 4 legal move(s), e.g. drop 0,0"
    )
    assert lines[1].startswith(f"{path}:12: error EXXIT-DANCE-COMPULSORY [EXXIT rulebook: Ruchy taneczne]: ply 6 'drop 0,0'")
    assert lines[-2] == "invalid: 11 violations (66 plies)"
    assert lines[-1].startswith("not finished: score so far")


def test_replay_json_shape() -> None:
    code, out, _ = run("replay", str(EX / "illegal.txt"), "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert data["valid"] is False
    assert set(data["result"]) >= {"score", "winner"}
    assert set(data["result"]["score"]) == {"white", "black"}
    first = data["violations"][0]
    assert {k: first[k] for k in ("ply", "move", "code", "rule")} == {
        "ply": 1,
        "move": "pass",
        "code": "EXXIT-PASS-NOT-ALLOWED",
        "rule": "EXXIT rulebook: Pasowanie",
    }
    assert len(data["violations"]) == 11
    code, out, _ = run("replay", str(EX / "game.txt"), "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["valid"] is True and data["violations"] == []
    assert data["result"]["score"] == {"white": 29, "black": 31} and data["result"]["winner"] == "black"


def test_perft_plain_divide_and_json() -> None:
    assert run("perft", START, "3") == (0, "14\n", "")
    code, out, _ = run("perft", START, "3", "--divide")
    assert code == 0
    assert out == "drop 0,0: 3\ndrop 0,1: 4\ndrop 1,-1: 4\ndrop 1,0: 3\n\ntotal: 14\n"
    data = json.loads(run("perft", START, "2", "--divide", "--format", "json")[1])
    assert data == {"depth": 2, "nodes": 12, "divide": {"drop 0,0": 3, "drop 0,1": 3, "drop 1,-1": 3, "drop 1,0": 3}}
    assert json.loads(run("perft", START, "0", "--format", "json")[1]) == {"depth": 0, "nodes": 1}


def test_show_text_and_svg(tmp_path: Path) -> None:
    code, out, _ = run("show", START)
    assert code == 0
    assert out == (
        "EXXIT standard: white to move; stock 35; reserves white 8, black 8\n"
        "    1,-1\n"
        "     B\n"
        " 0,0   1,0\n"
        "  W     W\n"
        "    0,1\n"
        "     B\n"
    )
    svg = tmp_path / "p.svg"
    code, out, err = run("show", str(EX / "rulebook" / "3.yaml"), "--svg", str(svg))
    assert code == 0 and f"wrote {svg}" in err
    text = svg.read_text(encoding="utf-8")
    assert text.startswith("<svg") and text.rstrip().endswith("</svg>")
    assert text.count("<polygon") == 10  # nine tiles and one prisoner hex
    assert 'stroke-dasharray="4 3"' in text  # prisoners are drawn off the board
    assert "<title>EXXIT standard: white to move" in text
    assert not list(tmp_path.glob(".exxit-*"))


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["moves", "nowhere.yaml"], "does not exist"),
        (["moves", START, "-o", "chain=sideways"], "option chain (ambiguity A1) cannot be 'sideways'"),
        (["moves", START, "-o", "colour=red"], "unknown EXXIT option 'colour'"),
        (["perft", START, "99"], "99 is not in the range"),
        (["moves", START, "--format", "xml"], "'xml' is not one of"),
    ],
)
def test_usage_errors_exit_2(args: list[str], fragment: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert fragment in err
    assert out == ""


def test_unreadable_position_exits_2_with_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("variant: standard\nto_move: purple\n", encoding="utf-8")
    code, out, err = run("moves", str(bad))
    assert code == 2 and out == ""
    assert f"{bad}:2:10: error EXXIT-POSITION-FILE: to_move must be white or black, got 'purple'" in err
    assert "Traceback" not in err


def test_record_syntax_errors_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("variant: standard\n1. drop 0,0\n2. jump\n", encoding="utf-8")
    code, out, err = run("replay", str(bad))
    assert code == 2 and out == ""
    assert err == (f"{bad}:3:4: error EXXIT-MOVE-SYNTAX: cannot read move 'jump'; expected 'dance Q,R DIR', 'drop Q,R',"
                   " 'exchange Q,R', 'tile Q,R' or 'pass'\n")


def test_exit_codes_through_the_real_entry_point(tmp_path: Path) -> None:
    ok = main("replay", "examples/exxit/game.txt")
    assert ok.returncode == 0, ok.stderr
    bad = main("replay", "examples/exxit/illegal.txt")
    assert bad.returncode == 1
    assert "EXXIT-NOT-YOUR-TURN" in bad.stdout
    broken = tmp_path / "broken.yaml"
    broken.write_text("variant: standard\nvariant: blitz\n", encoding="utf-8")
    unreadable = main("show", str(broken))
    assert unreadable.returncode == 2
    assert "duplicate key 'variant'" in unreadable.stderr and "Traceback" not in unreadable.stderr
    missing = main("perft", "nowhere.yaml", "2")
    assert missing.returncode == 2 and "does not exist" in missing.stderr


def test_help_lists_the_sub_commands() -> None:
    code, out, _ = run("--help")
    assert code == 0
    for name in ("moves", "replay", "perft", "show"):
        assert name in out
    for name in ("moves", "replay", "perft", "show"):
        sub = run(name, "--help")
        assert sub[0] == 0 and f"exxit {name} [OPTIONS]" in sub[1]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_non_regular_files_are_refused_without_hanging(tmp_path: Path) -> None:
    code, out, err = run("moves", "/dev/zero")
    assert code == 2 and "'/dev/zero' is not a regular file" in err
    code, out, err = run("replay", "/dev/zero")
    assert code == 2 and "'/dev/zero' is not a regular file" in err
    record = tmp_path / "r.txt"
    record.write_text("variant: standard\nposition: /dev/zero\n", encoding="utf-8")
    code, out, err = run("replay", str(record))
    assert code == 2 and f"{record}:2: error FILE-NOT-REGULAR: position file '/dev/zero'" in err


def test_an_unwritable_svg_path_exits_2(tmp_path: Path) -> None:
    code, out, err = run("show", START, "--svg", str(tmp_path / "no" / "such" / "dir.svg"))
    assert code == 2 and "cannot write" in err
