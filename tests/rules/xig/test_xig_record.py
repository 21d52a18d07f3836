"""XIG records: notation, the example records, replay JSON, and the ``korbiro xig`` commands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from korbiro.base.errors import KorbiroError
from korbiro.cli import cli
from korbiro.rules.xig import (
    DrawXap,
    EndTurn,
    FlipXig,
    Give,
    NotationError,
    Pass,
    Play,
    PlayXap,
    Tile,
    format_turn,
    load_position_text,
    load_record_text,
    parse_tile,
    parse_turn,
    replay,
    replay_file,
)
from korbiro.rules.xig.views import moves_text, show_text

EXAMPLES = Path("examples/xig")
ILLEGAL = EXAMPLES / "illegal-moves.yaml"
COMPLETE = EXAMPLES / "complete-game.yaml"
POSITION = EXAMPLES / "position.yaml"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


# --------------------------------------------------------------------------- notation


def test_tiles() -> None:
    assert [parse_tile(t) for t in ("E5", "Wib", "Fob", "A33", "EE12")] == [
        Tile("E", 5),
        Tile("W", -1),
        Tile("F", 0),
        Tile("A", 33),
        Tile("EE", 12),
    ]
    for bad in ("E0", "E34", "e5", "5", "Ering", "E05"):
        with pytest.raises(NotationError):
            parse_tile(bad)


def test_turn_notation() -> None:
    assert parse_turn("E8 +lost-turn; xap lost-turn @Bela countered; xig; give three-tiles; draw E1 Eob") == [
        Play(Tile("E", 8)),
        DrawXap("lost-turn"),
        PlayXap("lost-turn", player="Bela", countered=True),
        FlipXig(),
        Give("three-tiles"),
        EndTurn((Tile("E", 1), Tile("E", 0))),
    ]
    assert parse_turn("pass") == [Pass()]
    assert parse_turn("xap remembrance E4 E7") == [PlayXap("remembrance", tiles=(Tile("E", 4), Tile("E", 7)))]
    assert parse_turn("") == []


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("E5 x", 5, "expected the tile knocked out at the end of the turn"),
        ("E5 W6", 4, "unexpected 'W6'; separate moves with ';'"),
        ("draw E1; E5", 10, "'draw' ends the turn; nothing may follow it"),
        ("jump E5", 1, "unknown move 'jump': expected a tile, pass, xap, xig, give or draw"),
        ("E5 +Black", 5, "'Black' is not an XAP card id (lower case, e.g. black-magic)"),
        ("xap hex x W", 11, "'W' is not a tile: write a Pathway id and a position, e.g. E5, W33, Eib, Eob"),
    ],
)
def test_notation_errors(text: str, column: int, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_turn(text)
    assert (info.value.column, info.value.message) == (column, message)


tile_st = st.builds(Tile, st.sampled_from(["E", "W", "EE"]), st.integers(-1, 33))
card_st = st.sampled_from(["banishment", "lost-turn", "black-magic", "x2"])
move_st = st.one_of(
    st.builds(Play, tile_st, st.none() | tile_st),
    st.builds(
        PlayXap,
        card_st,
        st.none() | tile_st,
        st.none() | st.sampled_from(["Anna", "Béla"]),
        st.lists(tile_st, max_size=2).map(tuple),
        st.booleans(),
    ),
    st.just(Pass()),
    st.just(FlipXig()),
    st.builds(Give, card_st),
)


@settings(deadline=None)  # the first example loads the notation's parser: slow on a busy machine
@given(st.lists(move_st, max_size=5), st.lists(tile_st, max_size=3))
def test_format_parse_round_trip(moves: list[object], draws: list[Tile]) -> None:
    turn = [*moves, EndTurn(tuple(draws))]
    parsed = parse_turn(format_turn(turn))  # type: ignore[arg-type]
    # an empty draw is left out of the text, unless the turn is nothing else ("end")
    expected = turn if draws or not moves else moves
    assert parsed == expected


@given(st.text(max_size=60))
def test_any_text_parses_or_raises_notation_error(text: str) -> None:
    try:
        parse_turn(text)
    except NotationError:
        pass


# --------------------------------------------------------------------------- the example records


def test_illegal_moves_example_reports_every_violation() -> None:
    result = replay_file(ILLEGAL)
    assert not result.valid
    assert [(v.ply, v.player, v.move, v.code, v.rule) for v in result.violations] == [
        (1, "Anna", "E8", "XIG-FIRST-TURN", "XIG 3.4"),
        (3, "Anna", "E4", "XIG-KNOCKOUT-MISSING", "XIG 3.5"),
        (5, "Anna", "E33", "XIG-RING-EARLY", "XIG 3.9"),
        (5, "Anna", "draw E4", "XIG-DRAW-MEMORY-EARLY", "XIG 6.2"),
        (6, "Anna", "E2; draw E30", "XIG-TURN-ORDER", "XIG 2.2"),
        (7, "Bela", "draw W3", "XIG-XAP-AT-ONCE", "XIG 7.4"),
        (9, "Bela", "xap banishment x E2", "XIG-XAP-ADJACENT-CORNERS", "XIG 7.3"),
        (9, "Bela", "draw W6 W7", "XIG-DRAW-TOO-MANY", "XIG 3.2"),
        (10, "Anna", "E21 x W10", "XIG-KNOCKOUT-NOT-PAIR", "XIG 3.5"),
        (10, "Anna", "E21 x W10", "XIG-KNOCKOUT-PROTECTED", "XIG 5.1"),
        (10, "Anna", "(end of turn)", "XIG-DRAW-TOO-FEW", "XIG 3.2"),
    ]
    assert [v.line for v in result.violations][:3] == [13, 15, 17]
    assert result.result() == {"score": {"Anna": 3, "Bela": 4}, "winner": None, "finished": False}


def test_complete_game_example_is_valid_and_won() -> None:
    result = replay_file(COMPLETE)
    assert result.valid and result.plies == 72
    assert result.result() == {"score": {"Anna": 35, "Bela": 19}, "winner": "Anna", "finished": True}
    assert result.position.pathway_complete("E")


def test_moves_after_the_game_is_won() -> None:
    text = COMPLETE.read_text("utf-8") + "- Bela: W5\n"
    result = replay(load_record_text(text, str(COMPLETE)))
    assert [(v.ply, v.code, v.rule) for v in result.violations] == [(73, "XIG-GAME-OVER", "XIG 1.1")]


# --------------------------------------------------------------------------- the commands


def test_replay_command_text_and_exit_codes() -> None:
    code, out, _ = run("xig", "replay", str(ILLEGAL))
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == (
        "examples/xig/illegal-moves.yaml:13: error XIG-FIRST-TURN [XIG 3.4, Play of the Game]: turn 1 Anna 'E8': "
        "in a player's very first turn only a creature tile may be played; E8 (corner) is not a creature"
    )
    assert lines[-1] == (
        "examples/xig/illegal-moves.yaml: invalid, 11 violations; 11 turns; no winner yet "
        "(tiles on the table: Anna 3, Bela 4)"
    )
    code, out, _ = run("xig", "replay", str(COMPLETE))
    assert (code, out) == (
        0,
        "examples/xig/complete-game.yaml: valid; 72 turns; Anna wins (tiles on the table: Anna 35, Bela 19)\n",
    )


def test_replay_json_shape() -> None:
    code, out, _ = run("xig", "replay", "--format", "json", str(ILLEGAL))
    data = json.loads(out)
    assert code == 1
    assert set(data) == {"file", "valid", "violations", "result", "plies"}
    assert data["valid"] is False and data["result"] == {"score": {"Anna": 3, "Bela": 4}, "winner": None, "finished": False}
    assert data["violations"][0] == {
        "ply": 1,
        "move": "E8",
        "code": "XIG-FIRST-TURN",
        "rule": "XIG 3.4",
        "section": "Play of the Game",
        "message": "in a player's very first turn only a creature tile may be played; E8 (corner) is not a creature",
        "player": "Anna",
        "line": 13,
    }
    code, out, _ = run("xig", "replay", "--format", "json", str(COMPLETE), str(ILLEGAL))
    assert code == 1 and [r["valid"] for r in json.loads(out)] == [True, False]


MOVES_OUTPUT = """\
Anna to move (turn 1); hand E3 E4 E16 E26 E33
  E3           creature, tribe T03
  E4 x W16     creature, tribe T04; knocks out W16 (creature, tribe T04)
  E4 x W24     creature, tribe T04; knocks out W24 (creature, tribe T04)
  E16 x W22    Razorbear, tribe XALVO; knocks out W22 (Gnasher, tribe XALVO)
  E26          corner; draws an XAP card; completes E 26-29: 1 XAP play (XIG 7.2, XAP Cards)
  E33          Ring
"""


def test_moves_command() -> None:
    assert run("xig", "moves", str(POSITION)) == (0, MOVES_OUTPUT, "")
    code, out, _ = run("xig", "moves", "--format", "json", str(POSITION))
    data = json.loads(out)
    assert code == 0 and data["to_move"] == "Anna" and data["phase"] == "play"
    assert [(m["move"], m["knocks_out"], m["completes"]) for m in data["moves"]] == [
        ("E3", None, []),
        ("E4 x W16", "W16", []),
        ("E4 x W24", "W24", []),
        ("E16 x W22", "W22", []),
        ("E26", None, ["E 26-29"]),
        ("E33", None, []),
    ]


def test_show_command() -> None:
    code, out, _ = run("xig", "show", str(POSITION))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Pathway E: Earth, sample layout; Anna; 15 of 35 tiles on the table, 1 of 9 sections finished"
    assert lines[1] == "     1-8  [1]P 2u 3- 4- 5u 6u 7u [8]P   unfinished, missing 3, 4"
    assert "   26-29  [26]- 27u 28u [29]P   unfinished, missing 26" in lines
    assert "   12-15  [12]P 13P 14P [15]P   finished: XIG 5.2, Protected Tiles" in lines
    code, out, _ = run("xig", "show", "--format", "json", str(POSITION))
    earth = json.loads(out)["pathways"][0]
    assert earth["unprotected"] == ["E2", "E5", "E6", "E7", "E27", "E28"]
    assert earth["protected"] == ["Eib", "Eob", "E1", "E8", "E12", "E13", "E14", "E15", "E29"]
    kaaspe = earth["tiles"][28]
    assert kaaspe == {
        "tile": "E27",
        "position": "27",
        "kind": "creature",
        "name": "Kaaspe",
        "tribe": "T07",
        "on_table": True,
        "protected": False,
        "rule": "XIG 4.1",
        "reason": "its section 26-29 is not finished (missing 26)",
    }


def test_show_and_moves_take_a_record() -> None:
    code, out, _ = run("xig", "show", str(COMPLETE))
    assert code == 0 and out.startswith("Pathway E: Earth, sample layout; Anna; 35 of 35 tiles")
    assert run("xig", "moves", str(COMPLETE))[1].endswith("the game is over: Anna wins (XIG 1.1, End of the Game)\n")


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "record.yaml"
    path.write_text(text, "utf-8")
    return str(path)


GOOD = """kind: xig-record
players:
  - {name: Anna, pathway: E}
  - {name: Bela, pathway: W}
hands: {Anna: [E2, E3, E4, E6, E7], Bela: [W1, W2, W3, W5, W6]}
turns:
  - Anna: E2; draw E1
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (GOOD.replace("E2; draw E1", "E2; draw E1; E3"), ":7:11: error XIG-NOTATION: turn 1: 'draw' ends the turn; nothing may follow it (column 14 of 'E2; draw E1; E3')"),
        (GOOD.replace("- Anna: E2", "- Anna: x2"), ":7:11: error XIG-NOTATION: turn 1: unknown move 'x2': expected a tile, pass, xap, xig, give or draw (column 1 of 'x2; draw E1')"),
        (GOOD.replace("E2; draw E1", "Q2"), ":7:11: error XIG-UNKNOWN-TILE: tile Q2: there is no Pathway 'Q' in this game (E, W)"),
        (GOOD.replace("- Anna:", "- Cili:"), ":7:11: error XIG-UNKNOWN-PLAYER: 'Cili' is not a player of this game (Anna, Bela)"),
        (GOOD.replace("E2; draw E1", "E2 +hex"), ":7:11: error XIG-UNKNOWN-CARD: unknown XAP card 'hex'; the card set has black-magic, counter-curse, banishment, lost-turn, three-tiles, remembrance"),
        (GOOD.replace("kind: xig-record\n", ""), ":1:1: error XIG-SCHEMA: $: 'kind' is a required property"),
        (GOOD.replace("pathway: W}", "pathway: W, colour: red}"), ":4:5: error XIG-SCHEMA: $.players[1]: Additional properties are not allowed ('colour' was unexpected)"),
        (GOOD.replace("pathway: W}", "pathway: E}"), ":3:3: error XIG-SETUP: Pathway 'E' is built by Anna, Bela; only teammates share a Pathway (XIG 8.1)"),
        (GOOD.replace("hands: {", "hands: {{"), ":5:9: error YAML-"),
        (GOOD + "\tbad: tab\n", ":8:"),
        ("", ":1:1: error FILE-EMPTY: file is empty (expected a mapping)"),
    ],
)
def test_unreadable_records_exit_2_with_file_and_line(tmp_path: Path, text: str, expected: str) -> None:
    path = write(tmp_path, text)
    code, out, err = run("xig", "replay", path)
    assert (code, out) == (2, "")
    assert err.startswith(path + expected), err
    assert "Traceback" not in err


def test_missing_file_and_directory_exit_2(tmp_path: Path) -> None:
    code, _, err = run("xig", "replay", str(tmp_path / "nope.yaml"))
    assert code == 2 and "does not exist" in err
    code, _, err = run("xig", "show", str(tmp_path))
    assert code == 2 and "Traceback" not in err
    code, _, err = run("xig", "moves", "--format", "yaml", str(POSITION))
    assert code == 2 and "Invalid value for '--format'" in err


def test_position_errors(tmp_path: Path) -> None:
    text = POSITION.read_text("utf-8").replace("hand: [E3, E4,", "hand: [E3, E5,")
    path = tmp_path / "pos.yaml"
    path.write_text(text, "utf-8")
    code, _, err = run("xig", "moves", str(path))
    assert code == 2
    assert err == f"{path}:11:16: error XIG-POSITION-TWICE: E5 is in two places (also at line 18)\n"


def test_console_script_exit_codes() -> None:
    """Through ``python -m korbiro`` (``korbiro.cli.main``): 1 for an invalid record, 2 for an unreadable one."""
    proc = subprocess.run([sys.executable, "-m", "korbiro", "xig", "replay", str(ILLEGAL)], capture_output=True, text=True)
    assert proc.returncode == 1 and "XIG-FIRST-TURN" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "korbiro", "xig", "replay", "korbiro/data/xig/earth.yaml"], capture_output=True, text=True)
    assert proc.returncode == 2 and "XIG-SCHEMA" in proc.stderr and "Traceback" not in proc.stderr


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mangled_records_never_crash(data: st.DataObject) -> None:
    """Any edit of a record or position is replayed (shown) or refused with a KorbiroError,
    never another exception."""
    source = data.draw(st.sampled_from([ILLEGAL, POSITION]))
    text = source.read_text("utf-8")
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 12)))
        insert = data.draw(st.sampled_from(["", "x", " ", "E", "W5", ";", "\n", ":", "-", "7", "xap ", "draw ", "{", "@"]))
        text = text[:i] + insert + text[j:]
    try:
        if source == POSITION:
            pos = load_position_text(text, "mangled.yaml")
            moves_text(pos)
            show_text(pos)
        else:
            replay(load_record_text(text, "mangled.yaml"))
    except KorbiroError:
        pass


def test_xig_names_the_setup_in_the_language_chosen() -> None:
    from korbiro.rules.boardgame import Verdict
    from korbiro.rules.xig.record import SHAPE, ReplayViolation

    verdict = Verdict("XIG-SETUP-HAND", "XIG 3.1", "x", section="XIG.section.play-of-the-game")
    v = ReplayViolation(0, "setup", verdict, SHAPE, line=3, move_key="XIG.move.setup")
    assert (v.to_dict("en")["move"], v.to_dict("hu")["move"]) == ("setup", "előkészületek")
    assert v.to_finding("r.yaml", "hu").render_text("hu") == (
        "r.yaml:3: hiba XIG-SETUP-HAND [XIG 3.1, A játék menete]: 0. kör, 'előkészületek': x")
    assert v.caption("hu") == "'előkészületek': XIG-SETUP-HAND [XIG 3.1, A játék menete]: x"


@pytest.mark.fuzz
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mangled_records_never_crash_long(data: st.DataObject) -> None:
    test_mangled_records_never_crash.hypothesis.inner_test(data=data)
