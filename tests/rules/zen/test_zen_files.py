"""Zen notation, position files, game records, replays and the ``korbiro zen`` command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from layout import ROOT

from korbiro.base.errors import DataError, RulesSyntaxError
from korbiro.base.yamlload import load_yaml_text
from korbiro.cli import cli
from korbiro.rules.zen import (
    PASS,
    Arrive,
    Move,
    Options,
    Step,
    load_record,
    position_from_document,
    position_to_yaml,
    replay,
    setup,
)
from korbiro.rules.zen.record import load_record_text

EXAMPLES = ROOT / "examples" / "zen"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["zen", *args])
    return result.exit_code, result.stdout, result.stderr


# ---------------------------------------------------------------------------
# Turn notation


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("b3-b4 a3-a2", "b3-b4 a3-a2"),
        ("B3-B4   a3-a2", "b3-b4 a3-a2"),
        ("b3-b4@ a3-a2", "b3-b4@ a3-a2"),
        ("b3-b4 b4@ a3-a2", "b3-b4@ a3-a2"),
        ("c4@ b3-b4 a3-a2 a4@", "c4@ b3-b4 a3-a2 a4@"),
        ("@c4 pass", "c4@ pass"),
        ("pass", "pass"),
    ],
)
def test_turn_notation(text: str, canonical: str) -> None:
    assert str(Move.parse(text)) == canonical


def test_turn_actions() -> None:
    assert Move.parse("c4@ b3-b4@ pass").actions == (
        Arrive(14), Step(9, 13), Arrive(13), PASS,
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty turn (write 'pass' when no own piece can move)"),
        ("b3b4", "cannot read 'b3b4': expected a step like 'b3-b4' (or 'b3xb4' for a swap or a capture), an arrival like 'c4@', or 'pass'"),
        ("b3-b6", "'b3-b6': 'b6' is not a square of the tower (e.g. 'c3')"),
        ("e1-e2", "'e1-e2': 'e1' is not a square of the tower (e.g. 'c3')"),
        ("x9@", "'x9@': 'x9' is not a square of the tower (e.g. 'c3')"),
        ("b3-b4@@", "cannot read 'b3-b4@@': expected a step like 'b3-b4' (or 'b3xb4' for a swap or a capture), an arrival like 'c4@', or 'pass'"),
    ],
)
def test_turn_notation_errors(text: str, message: str) -> None:
    with pytest.raises(RulesSyntaxError) as info:
        Move.parse(text)
    assert (info.value.code, info.value.message) == ("ZEN-NOTATION", message)


_square = st.integers(0, 19)
_action = st.one_of(
    st.builds(Step, _square, _square), st.builds(Arrive, _square), st.just(PASS)
)


@given(st.lists(_action, min_size=1, max_size=6))
@settings(max_examples=150, deadline=None)
def test_notation_round_trip(actions: list[object]) -> None:
    move = Move(tuple(actions))  # type: ignore[arg-type]
    assert Move.parse(str(move)) == move


# ---------------------------------------------------------------------------
# Position files


def test_example_position_reads_and_round_trips() -> None:
    doc = load_yaml_text((EXAMPLES / "position.yaml").read_text(encoding="utf-8"), "position.yaml")
    pos = position_from_document(doc)
    assert pos.to_move == "A" and pos.turn == 9
    assert pos.placed_by_other and pos.arrived and pos.captured
    again = position_from_document(load_yaml_text(position_to_yaml(pos)))
    assert again == pos


@given(st.integers(0, 10_000), st.sampled_from([(4, "standard"), (3, "standard"), (2, "standard"), (2, "passive")]),
       st.integers(0, 40), st.booleans())
@settings(max_examples=25, deadline=None)
def test_position_files_round_trip(seed: int, config: tuple[int, str], turns: int, ring: bool) -> None:
    import random

    rng = random.Random(seed)
    pos = setup(config[0], seed=seed, variant=config[1], options=Options(ring_columns=ring))
    for _ in range(turns):
        if pos.outcome() is not None:
            break
        pos = pos.play(rng.choice(pos.legal_moves()))
    assert position_from_document(load_yaml_text(position_to_yaml(pos))) == pos


BAD_POSITION = """\
players: A B
to_move: C
colour: red
tower: |
  5  .  .  .  .
  4  .  .  X9 .
  3  .  .  .
  2  A1 .  .  .
  1  .  .  .  A1
targets:
  A: a5 z9
  B: a1
arrived:
  A: B2@c5
options:
  ring_column: false
"""


def test_position_file_errors_have_lines() -> None:
    with pytest.raises(DataError) as info:
        position_from_document(load_yaml_text(BAD_POSITION, "bad.yaml"))
    found = [(f.line, f.code, f.message) for f in info.value.findings]
    assert found == [
        (3, "ZEN-POSITION-KEY", "unknown key 'colour' (expected one of: players, passive, to_move, turn, tower, targets, arrived, captured, placed_by_other, options)"),
        (16, "ZEN-POSITION-OPTIONS", "unknown Zen option 'ring_column' (known: capture_moves_in, end_immediately, late_arrival, own_displacement_arrival, passive_kokeshi, passive_swaps, ring_columns, step_into_capture, swap_own, warrior_compulsory, warrior_takes_own_man)"),
        (6, "ZEN-POSITION-PIECE", "'X9' on c4 is not a piece (A1-D4, or H for a Warrior, '.' for empty)"),
        (7, "ZEN-POSITION-TOWER", "floor 3 has 3 squares, not 4 (write '.' for an empty square)"),
        (11, "ZEN-POSITION-SQUARE", "'z9' is not a square (column a-d, floor 1-5, e.g. 'c3')"),
        (14, "ZEN-POSITION-ARRIVED", "'B2@c5': write A's arrived pieces as piece@card, e.g. 'A2@d5'"),
        (2, "ZEN-POSITION-PLAYERS", "to_move 'C' is not one of the players (A B)"),
    ]
    assert str(info.value).startswith("bad.yaml:3:9: unknown key 'colour'")


def test_duplicate_piece_in_a_position() -> None:
    text = BAD_POSITION.replace("colour: red\n", "").replace("X9", ".").replace("3  .  .  .\n", "3  .  .  .  .\n")
    text = text.replace("a5 z9", "a5").replace("B2@c5", "A1@c5").replace("ring_column", "ring_columns").replace("to_move: C", "to_move: A")
    with pytest.raises(DataError) as info:
        position_from_document(load_yaml_text(text, "dup.yaml"))
    assert [(f.line, f.message) for f in info.value.findings] == [
        (8, "A1 is both on a2 and on d1; each piece exists once"),
        (13, "A1 is both on a2 and arrived on c5; each piece exists once"),
    ]


# ---------------------------------------------------------------------------
# Records and replays


def test_complete_games_are_valid() -> None:
    for name, turns, score, finishers, winner in [
        ("complete-4p.yaml", 18, {"A": 6, "B": 9, "C": 10, "D": 4}, ["B"], "C"),
        ("complete-2p.yaml", 31, {"A": 9, "B": 4}, ["A"], "A"),
    ]:
        report = replay(load_record(EXAMPLES / name))
        assert report.valid, report.violations
        res = report.to_dict()
        assert res["plies"] == turns
        assert res["result"]["score"] == score
        assert res["result"]["finishers"] == finishers and res["result"]["winner"] == winner
        assert res["result"]["finished"] is True and res["result"]["rule"] == "Zen: Befejezés"


ILLEGAL = [
    (1, "A", "ZEN-DIAGONAL", "Zen: Lépések 4"),
    (2, "B", "ZEN-WEAKER", "Zen: Helycsere"),
    (2, "B", "ZEN-WARRIOR-ONTO-GIRL", "Zen: A Harcos lehetőségei"),
    (3, "C", "ZEN-MOVE-COMPULSORY", "Zen: Lépések 1"),
    (4, "D", "ZEN-EQUAL", "Zen: Helycsere"),
    (5, "A", "ZEN-WARRIOR-REQUIRED", "Zen: Egy kör 2"),
    (6, "B", "ZEN-NOT-TARGET", "Zen: Előkészületek 7"),
    (7, "C", "ZEN-NOTATION", None),
    (8, "D", "ZEN-NOT-OWN-PIECE", "Zen: Egy kör 1"),
    (9, "A", "ZEN-ARRIVE-NOT-OWN", "Zen: Belépés 1"),
    (10, "B", "ZEN-OWN-MAN", "Zen: A Harcosok szerepe"),
    (11, "A", "ZEN-WRONG-PLAYER", "Zen: Sorrend"),
]


def test_illegal_record_reports_every_violation() -> None:
    report = replay(load_record(EXAMPLES / "illegal-moves.yaml"))
    assert [(v.ply, v.player, v.code, v.rule) for v in report.violations] == ILLEGAL
    assert [v.line for v in report.violations] == [19, 20, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]
    assert report.result()["score"] == {"A": 3, "B": 3, "C": 0, "D": 0}


RECORD_HEAD = """\
setup:
  players: 2
  seed: 3
moves:
"""


def test_setup_from_seed_matches_setup() -> None:
    record = load_record_text(RECORD_HEAD + "  - A: a1-d1 b1-a1\n")
    assert record.start == setup(2, seed=3)
    assert replay(record).valid


def test_record_with_start_position_and_options() -> None:
    pos_yaml = (EXAMPLES / "endgame.yaml").read_text(encoding="utf-8")
    text = "options:\n  ring_columns: false\nstart:\n" + "".join(
        f"  {line}\n" for line in pos_yaml.splitlines() if not line.startswith("#")
    ) + "moves:\n  - C: d1-d2 d4-c4\n  - D: pass\n"
    report = replay(load_record_text(text))
    assert report.final.options.ring_columns is False
    assert [(v.ply, v.code) for v in report.violations] == [(2, "ZEN-MOVE-COMPULSORY")]


def test_record_after_the_end() -> None:
    text = (EXAMPLES / "complete-2p.yaml").read_text(encoding="utf-8") + "  - B: a5-a4\n"
    report = replay(load_record_text(text))
    assert [(v.ply, v.code, v.rule) for v in report.violations] == [(32, "ZEN-GAME-OVER", "Zen: Befejezés")]


@pytest.mark.parametrize(
    ("text", "line", "code"),
    [
        ("moves: []\n", 1, "ZEN-RECORD-KEY"),
        ("setup:\n  players: 5\n  seed: 1\nmoves: []\n", 2, "ZEN-RECORD-SETUP"),
        ("setup:\n  players: 2\nmoves: []\n", 2, "ZEN-RECORD-SETUP"),
        (RECORD_HEAD + "  - {A: a1-a2, B: pass}\n", 5, "ZEN-RECORD-MOVES"),
        (RECORD_HEAD + "  - E: pass\n", 5, "ZEN-RECORD-MOVES"),
        ("game: exxit\n" + RECORD_HEAD, 1, "ZEN-RECORD-GAME"),
    ],
)
def test_unreadable_records(text: str, line: int, code: str) -> None:
    with pytest.raises(DataError) as info:
        load_record_text(text, "r.yaml")
    assert (info.value.findings[0].line, info.value.findings[0].code) == (line, code)


def test_bad_setup_in_record_is_a_violation() -> None:
    text = """\
setup:
  players: 2
  hands:
    A: a1 b1 c1 d1 a3
    B: a5 b5 c5 d5 a4
moves:
  - A: pass
"""
    report = replay(load_record_text(text))
    assert [(v.ply, v.code, v.line) for v in report.violations][:1] == [(0, "ZEN-SETUP-TWO-MARK", 4)]


# ---------------------------------------------------------------------------
# The command line


ENDGAME_MOVES = """\
C to move, turn 15: 8 legal turns
d1-d2 b1xa1
d1-d2 b1xc1
d1-d2 a4-a3
d1-d2 a4-b4
d1-d2 a4-a5
d1-d2 d4-d3
d1-d2 d4-c4
d1-d2 d4-d5
"""


def test_cli_moves() -> None:
    assert run("moves", str(EXAMPLES / "endgame.yaml")) == (0, ENDGAME_MOVES, "")
    code, out, _ = run("moves", "--format", "json", str(EXAMPLES / "endgame.yaml"))
    data = json.loads(out)
    assert code == 0 and data["count"] == 8 and data["moves"][0] == "d1-d2 b1xa1" and data["to_move"] == "C"
    counts = [
        json.loads(run("moves", "--format", "json", "-o", f"ring_columns={ring}", str(EXAMPLES / "position.yaml"))[1])["count"]
        for ring in ("true", "false")
    ]
    assert counts == [126, 78]
    code, out, _ = run("moves", str(EXAMPLES / "complete-4p.yaml"))
    assert code == 0 and out.startswith("game over: B brought every piece")


ENDGAME_SHOW = """\
Zen, 4 players (A B C D): turn 15, C to move

  floor   a    b    c    d
    5     .    D1   D3   . *
    4     H    . *  .    H *
    3     .    .    .    .
    2     .    B1   .    .
    1     A2   H    A3   C1
  (* = C's unused target cards)

  A: targets a5 b5 c5; arrived A1@a3 A4@a4; took -; 6 points (Zen 2, Harcos 0, Kokeshi 0)
  B: targets a1 d1 a2; arrived B3@b2 B2@c3; took -; 6 points (Zen 2, Harcos 0, Kokeshi 0)
  C: targets b4 d4 d5; arrived C2@b3 C3@c4; took B4 D4 H; 10 points (Zen 2, Harcos 1, Kokeshi 2)
  D: targets b1 c1 c2 d3; arrived D2@d2; took C4; 4 points (Zen 1, Harcos 0, Kokeshi 1)
"""


def test_cli_show() -> None:
    assert run("show", str(EXAMPLES / "endgame.yaml")) == (0, ENDGAME_SHOW, "")
    code, out, _ = run("show", "--format", "yaml", str(EXAMPLES / "endgame.yaml"))
    assert code == 0 and position_from_document(load_yaml_text(out)).turn == 15
    code, out, _ = run("show", "--format", "json", str(EXAMPLES / "endgame.yaml"))
    assert code == 0 and json.loads(out)["score"]["C"]["points"] == 10


def test_cli_replay_text_and_json() -> None:
    code, out, _ = run("replay", str(EXAMPLES / "complete-2p.yaml"))
    assert code == 0
    assert out.splitlines()[-1] == (
        "result: A 9, B 4; game over: A brought every piece left in the tower to a target "
        "[Zen: Befejezés]; winner A [Zen: Pontozás]"
    )
    path = str(EXAMPLES / "illegal-moves.yaml")
    code, out, _ = run("replay", path)
    lines = out.splitlines()
    assert code == 1 and len(lines) == 14
    assert lines[0] == (
        f"{path}:19: error ZEN-DIAGONAL [Zen: Lépések 4]: turn 1 A 'a2-b3 b2-c2': "
        "a2-b3: no diagonal steps between floors; go sideways and up or down in two turns"
    )
    assert lines[-2:] == [f"{path}: invalid: 12 violations (11 turns)", "not finished: score so far A 3, B 3, C 0, D 0"]
    code, out, _ = run("replay", "--format", "json", path)
    data = json.loads(out)
    assert code == 1 and data["valid"] is False
    assert set(data) >= {"valid", "violations", "result"}
    assert set(data["violations"][0]) >= {"ply", "move", "code", "rule"}
    assert [(v["ply"], v["code"], v["rule"]) for v in data["violations"]] == [(p, c, r) for p, _pl, c, r in ILLEGAL]
    assert set(data["result"]) >= {"score", "winner"} and data["result"]["winner"] is None


def test_cli_setup_round_trip(tmp_path: Path) -> None:
    code, out, _ = run("setup", "-p", "3", "--seed", "9")
    assert code == 0 and out.startswith("# dealt with: korbiro zen setup --players 3 --seed 9\n")
    assert position_from_document(load_yaml_text(out)) == setup(3, seed=9)
    code, out, _ = run("setup", "-p", "4", "--seed", "32", "--record")
    assert code == 0
    rec = tmp_path / "r.yaml"
    rec.write_text(out, encoding="utf-8")
    record = load_record(rec)
    assert record.start == setup(4, seed=32) and record.setup_problems == []
    code, out, err = run("setup", "-p", "2", "--hand", "A=a1,b1,c1,d1,a3", "--hand", "B=a5,b5,c5,d5,a4")
    assert code == 1 and "ZEN-SETUP-TWO-MARK" in err


def test_cli_options_and_rules() -> None:
    code, out, _ = run("options")
    assert code == 0 and out.startswith("ring_columns=true  (true/false)\n")
    code, out, _ = run("rules", "Helycsere")
    assert code == 0 and out.startswith("Zen: Helycsere\n")


@pytest.mark.parametrize(
    "args",
    [
        ["moves", "-o", "ring_columns=maybe", "examples/zen/endgame.yaml"],
        ["moves", "-o", "nosuch=1", "examples/zen/endgame.yaml"],
        ["moves", "examples/zen/does-not-exist.yaml"],
        ["replay", "examples/zen"],
        ["setup", "-p", "5"],
        ["setup", "-p", "4", "--variant", "passive"],
    ],
)
def test_cli_usage_errors_exit_2(args: list[str]) -> None:
    result = CliRunner().invoke(cli, ["zen", *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_cli_unreadable_input_exit_2_with_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(BAD_POSITION, encoding="utf-8")
    code, out, err = run("show", str(bad))
    assert code == 2 and out == ""
    assert err.splitlines()[0] == f"{bad}:3:9: error ZEN-POSITION-KEY: unknown key 'colour' (expected one of: players, passive, to_move, turn, tower, targets, arrived, captured, placed_by_other, options)"
    yaml_bad = tmp_path / "syntax.yaml"
    yaml_bad.write_text("moves: [\n", encoding="utf-8")
    code, out, err = run("replay", str(yaml_bad))
    assert code == 2 and err.startswith(f"{yaml_bad}:")


def test_console_script_exit_codes() -> None:
    """Through the real entry point (korbiro.cli.main), not only click's runner."""
    def call(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "korbiro", "zen", *args], capture_output=True, text=True, cwd=ROOT)

    assert call("replay", "examples/zen/complete-4p.yaml").returncode == 0
    bad = call("replay", "examples/zen/illegal-moves.yaml")
    assert bad.returncode == 1 and "ZEN-OWN-MAN" in bad.stdout
    missing = call("show", "examples/zen/nope.yaml")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


# ---------------------------------------------------------------------------
# Fuzzing: bad input is a KorbiroError (exit 2) or a violation (exit 1), never a crash


@given(st.text(max_size=40))
@settings(max_examples=200, deadline=None)
def test_turn_parser_only_raises_syntax_errors(text: str) -> None:
    try:
        Move.parse(text)
    except RulesSyntaxError as exc:
        assert exc.code == "ZEN-NOTATION"


_EXAMPLE_TEXTS = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("*.yaml"))]
_EDIT_CHARS = "abcdefgh0123456789@-.: \nHABCDpass|{}[]#'\"\t"


@given(
    st.sampled_from(_EXAMPLE_TEXTS),
    st.lists(st.tuples(st.integers(0, 2), st.integers(0, 10_000), st.integers(0, 10_000), st.sampled_from(_EDIT_CHARS)), min_size=1, max_size=3),
)
@settings(max_examples=120, deadline=None)
def test_mutated_files_never_crash(text: str, edits: list[tuple[int, int, int, str]]) -> None:
    from korbiro.base.errors import KorbiroError

    lines = text.split("\n")
    for op, k, j, ch in edits:
        k %= len(lines)
        if op == 0:
            del lines[k]
        elif op == 1:
            s = lines[k]
            j %= len(s) + 1
            lines[k] = s[:j] + ch + s[j + 1:]
        else:
            lines.insert(k, lines[j % len(lines)])
        if not lines:
            lines = [""]
    mutated = "\n".join(lines)
    try:
        if "moves" in mutated or "setup" in mutated:
            replay(load_record_text(mutated)).to_dict()
        else:
            position_from_document(load_yaml_text(mutated))
    except KorbiroError:
        pass


@given(st.integers(0, 10_000), st.lists(st.tuples(st.integers(0, 2), st.integers(0, 19), st.integers(0, 19)), max_size=6))
@settings(max_examples=50, deadline=None)
def test_any_action_sequence_is_judged_not_crashed(seed: int, raw: list[tuple[int, int, int]]) -> None:
    pos = setup(4, seed=seed)
    actions = [Step(a, b) if kind == 0 else Arrive(a) if kind == 1 else PASS for kind, a, b in raw]
    after, found = pos.play_lenient(Move(tuple(actions)))
    assert all(v.code.startswith("ZEN-") and v.rule is not None for v in found)
    assert sorted(map(str, after.pieces())) == sorted(map(str, pos.pieces()))
    assert bool(found) == (not pos.check(Move(tuple(actions))).ok)


@pytest.mark.fuzz
@given(st.integers(0, 10_000), st.lists(st.tuples(st.integers(0, 2), st.integers(0, 19), st.integers(0, 19)), max_size=6))
@settings(max_examples=150, deadline=None)
def test_any_action_sequence_is_judged_not_crashed_long(seed: int, raw: list[tuple[int, int, int]]) -> None:
    test_any_action_sequence_is_judged_not_crashed.hypothesis.inner_test(seed=seed, raw=raw)
