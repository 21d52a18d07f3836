"""One record-level ``Violation`` for EXXIT, XIG and Zen, and one shape for every line they print.

Every violation of a replay and every problem of an unreadable file is printed the way the card
game prints its findings: ``FILE:LINE[:COL]: SEVERITY CODE [rule]: message`` (issue 28, item 4:
XIG's lines had no severity, an EXXIT syntax error had no code).  The JSON keys stay each game's own.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from clirun import run_main

from korbiro.rules import boardgame, exxit, xig, zen

ILLEGAL = {
    "exxit": "examples/exxit/mistakes.txt",
    "xig": "examples/xig/illegal-moves.yaml",
    "zen": "examples/zen/illegal-moves.yaml",
}

JSON_KEYS = {
    "exxit": ["ply", "move", "code", "rule", "message", "line", "applied"],
    "xig": ["ply", "move", "code", "rule", "section", "message", "player", "line"],
    "zen": ["ply", "move", "player", "code", "rule", "message", "line"],
}

#: ``FILE:LINE: error CODE [rule]: where: message`` (``hiba`` in Hungarian; no rule for a move that cannot be read)
VIOLATION_LINE = re.compile(r"^examples/\w+/[\w.-]+:\d+: (error|hiba) [A-Z]+(-[A-Z0-9]+)+( \[[^\]]+\])?: \S.*$")
#: ``FILE:LINE[:COL]: error CODE: message``
PROBLEM_LINE = re.compile(r"^\S+:\d+(:\d+)?: (error|hiba) [A-Z]+(-[A-Z0-9]+)+( \[[^\]]+\])?: \S.*$")


def test_the_three_games_share_one_record_violation() -> None:
    assert exxit.Violation is zen.Violation is xig.ReplayViolation is boardgame.Violation
    report = exxit.replay(exxit.parse_record(ILLEGAL["exxit"]))
    first = report.violations[0]
    assert isinstance(first, boardgame.Violation) and isinstance(first.verdict, boardgame.Verdict)
    assert (first.ply, first.move, first.code, first.rule, first.line) == (
        3, "drop 0,1", "EXXIT-DANCE-COMPULSORY", "EXXIT rulebook: Ruchy taneczne", 6)
    assert first.to_finding(ILLEGAL["exxit"]).render_text() == (
        "examples/exxit/mistakes.txt:6: error EXXIT-DANCE-COMPULSORY [EXXIT rulebook: Ruchy taneczne]: "
        "ply 3 'drop 0,1': a dance is possible, e.g. dance 0,0 e")
    assert first.caption("hu") == first.verdict.line("hu")


@pytest.mark.parametrize("game", sorted(ILLEGAL))
def test_replay_json_keeps_each_games_keys(game: str) -> None:
    ran = run_main([game, "replay", ILLEGAL[game], "--format", "json"])
    assert ran.code == 1
    violations = json.loads(ran.stdout)["violations"]
    assert violations and all(list(v) == JSON_KEYS[game] for v in violations)


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("game", sorted(ILLEGAL))
def test_every_violation_line_has_the_one_shape(game: str, lang: str) -> None:
    ran = run_main([game, "replay", ILLEGAL[game], "--lang", lang, "--max-findings", "0"])
    assert ran.code == 1
    lines = [line for line in ran.stdout.splitlines() if re.match(re.escape(ILLEGAL[game]) + r":\d", line)]
    assert len(lines) >= 4
    for line in lines:
        assert VIOLATION_LINE.match(line), line


def test_xig_lines_name_severity_code_and_rule_before_the_turn() -> None:
    ran = run_main(["xig", "replay", ILLEGAL["xig"], "--lang", "hu"])
    assert ran.stdout.splitlines()[0] == (
        "examples/xig/illegal-moves.yaml:13: hiba XIG-FIRST-TURN [XIG 3.4, A játék menete]: 1. kör, Anna, 'E8': "
        "a játékos legelső körében csak lénylapka játszható ki; a(z) E8 (saroklapka) nem lény")


@pytest.mark.parametrize(("game", "name", "text"), [
    ("exxit", "bad.txt", "variant: standard\n1. drop 0,0\n2. jump\n"),
    ("exxit", "bad.yaml", "variant: standard\nto_move: purple\n"),
    ("xig", "bad.yaml", "kind: xig-record\nplayers: 3\n"),
    ("zen", "bad.yaml", "moves: []\nbogus: 1\n"),
])
def test_an_unreadable_file_says_each_problem_in_the_one_shape(game: str, name: str, text: str,
                                                              tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    ran = run_main([game, "replay" if name.endswith(".txt") else "moves", str(path)])
    assert ran.code == 2 and ran.stdout == ""
    lines = ran.stderr.splitlines()
    assert lines and all(PROBLEM_LINE.match(line) and line.startswith(str(path)) for line in lines), lines


def test_an_exxit_syntax_error_has_its_code() -> None:
    ran = run_main(["exxit", "replay", "/dev/null"]) if Path("/dev/null").exists() else None
    assert ran is not None and ran.code == 2
    assert ran.stderr.startswith("/dev/null: error FILE-NOT-REGULAR: ")
