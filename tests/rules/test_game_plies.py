"""The position after move N of a record, and one picture a move (issue 18, "What players expect").

For EXXIT, XIG and Zen: ``show RECORD --ply N`` (text, ``--svg``, JSON where the
command has it), with an error naming the record file and the valid range when
N is out of range; ``replay RECORD --svg-dir DIR`` draws ``DIR/ply-000.svg`` …
with a red frame and the rule on the picture of a move that breaks one.  Output
files are written atomically, only to a regular file or a new path; a path that
is a directory, a symbolic link, a FIFO, a device or empty is a usage error
(exit 2) naming it.  ``--ply N`` equals replaying N moves (hypothesis).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from xml.etree.ElementTree import Element

import pytest
from click.testing import CliRunner
from goldens import check_golden
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layout import ROOT
from test_game_pictures import NS, has_red_frame, parse_svg, texts

from korbiro.base.yamlload import load_yaml_text
from korbiro.cli import cli
from korbiro.rules import exxit, zen
from korbiro.rules.exxit.draw import text_board
from korbiro.rules.xig.play import random_game
from korbiro.rules.xig.record import dump_record

MISTAKES = "examples/exxit/mistakes.txt"
XIG_ILLEGAL = "examples/xig/illegal-moves.yaml"
ZEN_ILLEGAL = "examples/zen/illegal-moves.yaml"
ZEN_GAME = "examples/zen/complete-4p.yaml"


@pytest.fixture(autouse=True)
def _in_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def svg_file(path: Path) -> Element:
    return parse_svg(path.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- EXXIT


def test_exxit_show_after_ply_n_of_a_record() -> None:
    assert run("exxit", "show", MISTAKES, "--ply", "2") == (0, (
        "examples/exxit/mistakes.txt: ply 2 of 5: drop 1,0\n"
        "EXXIT standard: white to move; stock 35; reserves white 7, black 7\n"
        "    1,-1\n"
        "     B\n"
        " 0,0   1,0\n"
        "  Ww    Wb\n"
        "    0,1\n"
        "     B\n"
    ), "")
    code, out, _ = run("exxit", "show", MISTAKES, "--ply", "3")
    assert code == 0
    assert out.splitlines()[:2] == [
        "examples/exxit/mistakes.txt: ply 3 of 5: drop 0,1",
        "examples/exxit/mistakes.txt:6: error EXXIT-DANCE-COMPULSORY [EXXIT rulebook: Ruchy taneczne]:"
        " ply 3 'drop 0,1': a dance is possible, e.g. dance 0,0 e",
    ]
    assert run("exxit", "show", MISTAKES, "--ply", "0")[1].splitlines()[:2] == [
        "examples/exxit/mistakes.txt: ply 0 of 5: the start",
        "EXXIT standard: white to move; stock 35; reserves white 8, black 8",
    ]
    # a record without --ply shows its final position
    assert run("exxit", "show", MISTAKES)[1] == run("exxit", "show", MISTAKES, "--ply", "5")[1]


@pytest.mark.parametrize(("game", "record", "message"), [
    ("exxit", MISTAKES, "examples/exxit/mistakes.txt has 5 plies: give a ply from 0 (the start) to 5, not 6"),
    ("xig", XIG_ILLEGAL, "examples/xig/illegal-moves.yaml has 11 turns: give a turn from 0 (the set-up) to 11, not 12"),
    ("zen", ZEN_ILLEGAL, "examples/zen/illegal-moves.yaml has 11 turns: give a turn from 0 (the set-up) to 11, not 12"),
])
def test_a_ply_out_of_range_names_the_record_and_the_range(game: str, record: str, message: str) -> None:
    n = message.rsplit(" ", 1)[1]
    code, out, err = run(game, "show", record, "--ply", n)
    assert (code, out) == (2, "")
    assert err.endswith(f"Error: Invalid value for '--ply': {message}\n")
    code, _, err = run(game, "show", record, "--ply", "-1")
    assert code == 2 and "not -1" in err


@pytest.mark.parametrize(("game", "position", "message"), [
    ("exxit", "examples/exxit/start.yaml", "examples/exxit/start.yaml is a position file, not a record"),
    ("xig", "examples/xig/position.yaml", "examples/xig/position.yaml is not a record (kind: xig-record)"),
    ("zen", "examples/zen/position.yaml", "examples/zen/position.yaml is a position file, not a record"),
])
def test_ply_needs_a_record(game: str, position: str, message: str) -> None:
    code, out, err = run(game, "show", position, "--ply", "1")
    assert (code, out) == (2, "")
    assert err.endswith(f"Error: Invalid value for '--ply': {message}\n")


def test_exxit_show_ply_svg(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    out = tmp_path / "ply3.svg"
    code, stdout, err = run("exxit", "show", MISTAKES, "--ply", "3", "--svg", str(out))
    assert code == 0 and err == f"wrote {out}\n"
    root = svg_file(out)
    assert has_red_frame(root)
    words = " ".join(texts(root))
    assert "examples/exxit/mistakes.txt: ply 3 of 5: drop 0,1" in words
    assert "EXXIT-DANCE-COMPULSORY [EXXIT rulebook: Ruchy taneczne]" in words
    check_golden(request, "exxit-mistakes-ply-3.svg", out.read_text(encoding="utf-8"))
    code, _, _ = run("exxit", "show", MISTAKES, "--ply", "2", "--svg", str(out))
    assert code == 0 and not has_red_frame(svg_file(out))


def test_exxit_replay_draws_one_picture_a_ply(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "pictures"
    plain = run("exxit", "replay", MISTAKES)
    code, out, err = run("exxit", "replay", MISTAKES, "--svg-dir", str(folder))
    assert (code, out) == (1, plain[1])
    assert err == f"wrote 6 pictures to {folder}\n"
    assert sorted(os.listdir(folder)) == [f"ply-00{i}.svg" for i in range(6)]
    frames = [has_red_frame(svg_file(folder / f"ply-00{i}.svg")) for i in range(6)]
    assert frames == [False, False, False, True, True, True]
    words = " ".join(texts(svg_file(folder / "ply-005.svg")))
    assert "EXXIT-DROP-OCCUPIED [EXXIT rulebook: Umieszczanie pionków]: the tile at 0,1 already holds chips (not carried out)" in words
    assert "examples/exxit/mistakes.txt: ply 0 of 5: the start" in " ".join(texts(svg_file(folder / "ply-000.svg")))
    # again into the same folder: the pictures are replaced
    assert run("exxit", "replay", MISTAKES, "--svg-dir", str(folder))[0] == 1
    assert len(os.listdir(folder)) == 6


def test_the_picture_names_are_zero_padded(tmp_path: Path) -> None:
    code, _, _ = run("exxit", "replay", "examples/exxit/game.txt", "--svg-dir", str(tmp_path))
    names = sorted(os.listdir(tmp_path))
    assert code == 0 and len(names) == 166 and names[0] == "ply-000.svg" and names[-1] == "ply-165.svg"
    assert not any(has_red_frame(svg_file(tmp_path / n)) for n in names[:3])


# --------------------------------------------------------------------------- XIG


def test_xig_show_after_turn_n(tmp_path: Path) -> None:
    code, out, _ = run("xig", "show", XIG_ILLEGAL, "--ply", "3")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "examples/xig/illegal-moves.yaml: turn 3 of 11: Anna: E4; draw E21"
    assert lines[1].startswith("examples/xig/illegal-moves.yaml:15: error XIG-KNOCKOUT-MISSING [XIG 3.5, Play of the Game]: "
                               "turn 3 Anna 'E4': E4 (creature, tribe T04)")
    assert lines[2] == "Pathway E: Earth, sample layout; Anna; 2 of 35 tiles on the table, 0 of 9 sections finished"
    assert lines[-1] == "Bela to move (turn 4)."
    code, out, _ = run("xig", "show", XIG_ILLEGAL, "--ply", "3", "--format", "json")
    data = json.loads(out)
    assert data["to_move"] == "Bela" and data["ply"] == 4
    assert data["record"]["ply"] == 3 and data["record"]["turns"] == 11 and data["record"]["turn"] == "E4; draw E21"
    assert [v["code"] for v in data["record"]["violations"]] == ["XIG-KNOCKOUT-MISSING"]
    code, out, _ = run("xig", "show", XIG_ILLEGAL, "--ply", "0")
    assert out.splitlines()[0] == "examples/xig/illegal-moves.yaml: turn 0 of 11: the set-up"
    svg = tmp_path / "t3.svg"
    assert run("xig", "show", XIG_ILLEGAL, "--ply", "3", "--svg", str(svg))[0] == 0
    root = svg_file(svg)
    assert has_red_frame(root) and "XIG-KNOCKOUT-MISSING" in " ".join(texts(root))
    # the tile the turn placed is marked
    assert any(c.get("stroke") == "#1f5fbf" for c in root.iter(f"{NS}circle"))


def test_xig_replay_draws_one_picture_a_turn(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    code, out, err = run("xig", "replay", XIG_ILLEGAL, "--svg-dir", str(tmp_path))
    assert code == 1 and out == run("xig", "replay", XIG_ILLEGAL)[1]
    names = sorted(os.listdir(tmp_path))
    assert names == [f"ply-{i:03d}.svg" for i in range(12)]
    frames = [has_red_frame(svg_file(tmp_path / n)) for n in names]
    assert frames == [False, True, False, True, False, True, True, True, False, True, True, False]
    check_golden(request, "xig-illegal-turn-3.svg", (tmp_path / "ply-003.svg").read_text(encoding="utf-8"))
    code, _, err = run("xig", "replay", XIG_ILLEGAL, "examples/xig/complete-game.yaml", "--svg-dir", str(tmp_path))
    assert code == 2 and "Invalid value for '--svg-dir': draws one record, not 2" in err


def test_xig_show_after_turn_n_equals_replaying_n_turns() -> None:
    seen: dict[int, str] = {}

    def observe(pos: object, moves: object, move: object) -> None:
        seen.setdefault(pos.ply, str(pos))  # type: ignore[attr-defined]

    game = random_game(seed=11, max_plies=25, observe=observe)
    text = dump_record(game.record_data())
    record = load_yaml_text(text, "r.yaml")
    assert record.data["turns"]
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "r.yaml"
        path.write_text(text, encoding="utf-8")
        for n in (0, 1, 7, 24):
            out = run("xig", "show", str(path), "--ply", str(n))[1]
            assert out.split("\n", 1)[1] == seen[n + 1] + "\n", n


# --------------------------------------------------------------------------- Zen


def test_zen_show_after_turn_n(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    code, out, _ = run("zen", "show", ZEN_GAME, "--ply", "3")
    assert code == 0
    assert out.splitlines()[:3] == [
        "examples/zen/complete-4p.yaml: turn 3 of 18: C: b3@ b1-c1 d5-d4",
        "Zen, 4 players (A B C D): turn 4, D to move",
        "",
    ]
    code, out, _ = run("zen", "show", ZEN_GAME, "--ply", "3", "--format", "json")
    data = json.loads(out)
    assert data["turn"] == 4 and data["to_move"] == "D"
    assert data["record"] == {"file": ZEN_GAME, "ply": 3, "turns": 18, "turn": "b3@ b1-c1 d5-d4", "violations": []}
    code, out, _ = run("zen", "show", ZEN_GAME, "--ply", "3", "--format", "yaml")
    assert code == 0 and "to_move: D\nturn: 4\n" in out
    svg = tmp_path / "z.svg"
    code, _, _ = run("zen", "show", ZEN_ILLEGAL, "--ply", "1", "--svg", str(svg))
    root = svg_file(svg)
    assert code == 0 and has_red_frame(root)
    assert "ZEN-DIAGONAL [Zen: Lépések 4]" in " ".join(texts(root))
    check_golden(request, "zen-illegal-turn-1.svg", svg.read_text(encoding="utf-8"))
    code, _, err = run("zen", "show", "examples/zen/position.yaml", "--ply", "1")
    assert code == 2 and "examples/zen/position.yaml is a position file, not a record" in err


def test_zen_replay_draws_one_picture_a_turn(tmp_path: Path) -> None:
    code, out, _ = run("zen", "replay", ZEN_ILLEGAL, "--svg-dir", str(tmp_path))
    assert code == 1 and out == run("zen", "replay", ZEN_ILLEGAL)[1]
    names = sorted(os.listdir(tmp_path))
    assert names == [f"ply-{i:03d}.svg" for i in range(12)]
    frames = [has_red_frame(svg_file(tmp_path / n)) for n in names]
    assert frames == [False] + [True] * 11
    code, _, _ = run("zen", "replay", ZEN_GAME, "--svg-dir", str(tmp_path / "game"))
    assert code == 0 and not any(has_red_frame(svg_file(tmp_path / "game" / n)) for n in os.listdir(tmp_path / "game"))


# --------------------------------------------------------------------------- output files


def _targets(tmp_path: Path) -> dict[str, str]:
    regular = tmp_path / "regular.svg"
    regular.write_text("old", encoding="utf-8")
    link = tmp_path / "link.svg"
    link.symlink_to(regular)
    fifo = tmp_path / "fifo.svg"
    os.mkfifo(fifo)
    return {"a directory": str(tmp_path), "a symbolic link": str(link), "a FIFO": str(fifo), "a device": os.devnull}


SHOWS = [
    ("exxit", "show", "examples/exxit/start.yaml"),
    ("xig", "show", "examples/xig/position.yaml"),
    ("zen", "show", "examples/zen/position.yaml"),
]


@pytest.mark.parametrize("command", SHOWS, ids=[c[0] for c in SHOWS])
def test_svg_goes_only_to_a_regular_file_or_a_new_path(command: tuple[str, ...], tmp_path: Path) -> None:
    for kind, path in _targets(tmp_path).items():
        code, out, err = run(*command, "--svg", path)
        assert (code, out) == (2, ""), kind
        assert f"Error: {path!r} is {kind}; korbiro writes only to regular files" in err
    code, _, err = run(*command, "--svg", "")
    assert code == 2 and "Error: the output path is empty" in err
    assert (tmp_path / "regular.svg").read_text(encoding="utf-8") == "old"  # the link's target is untouched
    # a regular file is replaced, a new path created, atomically: no temporary file is left
    for name in ("regular.svg", "new.svg"):
        code, _, err = run(*command, "--svg", str(tmp_path / name))
        assert code == 0 and err == f"wrote {tmp_path / name}\n"
        parse_svg((tmp_path / name).read_text(encoding="utf-8"))
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]
    code, _, err = run(*command, "--svg", str(tmp_path / "missing" / "x.svg"))
    assert code == 2 and (f"Error: cannot write {str(tmp_path / 'missing' / 'x.svg')!r}: the folder "
                          f"{str(tmp_path / 'missing')!r} does not exist") in err


@pytest.mark.parametrize("game, record", [("exxit", MISTAKES), ("xig", XIG_ILLEGAL), ("zen", ZEN_ILLEGAL)])
def test_svg_dir_must_be_a_folder(game: str, record: str, tmp_path: Path) -> None:
    targets = _targets(tmp_path)
    for kind in ("a symbolic link", "a FIFO", "a device"):
        code, out, err = run(game, "replay", record, "--svg-dir", targets[kind])
        assert (code, out) == (2, ""), kind
        assert f"Error: Invalid value for '--svg-dir': {targets[kind]!r} is {kind}, not a folder" in err
    code, _, err = run(game, "replay", record, "--svg-dir", str(tmp_path / "regular.svg"))
    assert code == 2 and f"{str(tmp_path / 'regular.svg')!r} is a file, not a folder" in err
    code, _, err = run(game, "replay", record, "--svg-dir", "")
    assert code == 2 and "Error: Invalid value for '--svg-dir': the path is empty" in err
    # a picture path inside the folder that is not a regular file is refused too
    folder = tmp_path / "pictures"
    (folder / "ply-001.svg").mkdir(parents=True)
    code, _, err = run(game, "replay", record, "--svg-dir", str(folder))
    assert code == 2 and f"{str(folder / 'ply-001.svg')!r} is a directory" in err


# --------------------------------------------------------------------------- --ply N equals replaying N moves


def _exxit_record(seed: int, plies: int) -> tuple[str, list[str]]:
    """A record of a random legal game and the text board after each ply."""
    rng = random.Random(seed)
    pos = exxit.Position()
    boards = [text_board(pos)]
    lines = ["variant: standard"]
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        lines.append(str(move))
        pos.push(move)
        boards.append(text_board(pos))
    return "\n".join(lines) + "\n", boards


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 80), data=st.data())
def test_exxit_show_ply_n_equals_replaying_n_moves(seed: int, plies: int, data: st.DataObject, tmp_path: Path) -> None:
    text, boards = _exxit_record(seed, plies)
    path = tmp_path / f"r{seed}.txt"
    path.write_text(text, encoding="utf-8")
    n = data.draw(st.integers(0, len(boards) - 1))
    code, out, _ = run("exxit", "show", str(path), "--ply", str(n))
    assert code == 0
    assert out.split("\n", 1)[1] == boards[n] + "\n"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), turns=st.integers(0, 30), data=st.data())
def test_zen_show_ply_n_equals_replaying_n_turns(seed: int, turns: int, data: st.DataObject, tmp_path: Path) -> None:
    rng = random.Random(seed)
    pos = zen.setup(2, seed=seed)
    shown = [str(pos)]
    moves = []
    for _ in range(turns):
        legal = pos.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(f"  - {pos.to_move}: {move}")
        pos = pos.play(move)
        shown.append(str(pos))
    path = tmp_path / f"z{seed}.yaml"
    path.write_text(f"setup:\n  players: 2\n  seed: {seed}\nmoves:\n" + "".join(m + "\n" for m in moves)
                    if moves else f"setup:\n  players: 2\n  seed: {seed}\nmoves: []\n", encoding="utf-8")
    n = data.draw(st.integers(0, len(shown) - 1))
    code, out, _ = run("zen", "show", str(path), "--ply", str(n))
    assert code == 0
    assert out.split("\n", 1)[1] == shown[n]
