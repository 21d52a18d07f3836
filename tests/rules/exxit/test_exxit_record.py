"""EXXIT game records: parsing (every syntax problem at its line) and replay (every violation)."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout import ROOT

from korbiro.base.errors import DataError
from korbiro.rules.exxit import Options, parse_record, parse_record_text, replay

EXAMPLES = ROOT / "examples" / "exxit"


def test_the_example_game_is_complete_and_legal() -> None:
    report = replay(parse_record(EXAMPLES / "game.txt"))
    assert report.valid and report.violations == []
    assert report.plies == 165
    assert report.result() == {
        "score": {"white": 29, "black": 31},
        "winner": "black",
        "finished": True,
        "termination": "stock-exhausted",
        "rule": "EXXIT rulebook: Koniec gry",
    }
    assert report.record.headers["result"] == "black wins 31-29"
    assert report.position.stock == 0


def test_the_example_record_with_illegal_moves() -> None:
    report = replay(parse_record(EXAMPLES / "illegal.txt"))
    assert not report.valid
    assert [(v.ply, v.code, v.line, v.applied) for v in report.violations] == [
        (1, "EXXIT-PASS-NOT-ALLOWED", 7, True),
        (6, "EXXIT-DANCE-COMPULSORY", 12, True),
        (11, "EXXIT-DANCE-BLOCKED-BY-OWN", 17, True),
        (16, "EXXIT-DANCE-TARGET-TOO-TALL", 22, True),
        (21, "EXXIT-DROP-OCCUPIED", 27, False),
        (26, "EXXIT-EXCHANGE-NEEDS-TWO-TILES", 32, True),
        (32, "EXXIT-OFFBOARD-DANCE-FIRST", 38, True),
        (38, "EXXIT-DANCE-PRISONERS-IN-LANDING", 44, True),
        (43, "EXXIT-DANCE-OUT-OF-REACH", 49, True),
        (50, "EXXIT-RECORD-MOVE-NUMBER", 56, True),
        (63, "EXXIT-NOT-YOUR-TURN", 69, True),
    ]
    # every violation names its rule; the line's own comment names the code it expects
    lines = (EXAMPLES / "illegal.txt").read_text(encoding="utf-8").splitlines()
    for v in report.violations:
        assert v.rule and v.line is not None
        assert v.code in lines[v.line - 1] or "wrong move number" in lines[v.line - 1]
    assert report.result()["finished"] is False


def test_illegal_moves_that_can_be_made_are_applied_others_skipped() -> None:
    text = "variant: standard\n1. drop 0,0\n2. drop 1,0\n3. drop 0,1\n4. drop 0,1\n5. pass\n"
    report = replay(parse_record_text(text))
    assert [(v.ply, v.code, v.applied) for v in report.violations] == [
        (3, "EXXIT-DANCE-COMPULSORY", True),  # white dropped instead of dancing: the drop stands
        (4, "EXXIT-DROP-OCCUPIED", False),  # black's drop cannot be made: skipped, the turn passes
        (4, "EXXIT-DANCE-COMPULSORY", False),  # ... and black had to dance anyway
        (5, "EXXIT-PASS-NOT-ALLOWED", True),
    ]
    assert report.position.stacks() == {(0, 0): ("white",), (1, 0): ("black",), (0, 1): ("white",)}
    assert report.position.to_move == "black"


def test_a_move_by_the_wrong_player_is_reported_then_made_for_that_player() -> None:
    text = "variant: standard\nwhite drop 0,0\nwhite drop 0,1\nblack drop 1,0\n"
    report = replay(parse_record_text(text))
    assert [(v.ply, v.code) for v in report.violations] == [(2, "EXXIT-NOT-YOUR-TURN")]
    assert report.position.stacks()[(0, 1)] == ("white",)
    # ply 3 is black's, in the position white left
    assert report.position.stacks()[(1, 0)] == ("black",)
    assert report.violations[0].message == "white moved, but it is black's turn"


def test_moves_after_the_end_are_reported_and_ignored() -> None:
    text = "variant: standard\nposition: rulebook/end.yaml\n1. drop 0,0\n"
    path = EXAMPLES / "after-end.txt"
    try:
        path.write_text(text, encoding="utf-8")
        report = replay(parse_record(path))
    finally:
        path.unlink()
    assert [(v.code, v.applied) for v in report.violations] == [("EXXIT-GAME-OVER", False)]
    assert report.moves_after_end == 1
    assert report.result()["winner"] == "black"


def test_a_record_may_start_from_a_position_file(tmp_path: Path) -> None:
    rulebook = EXAMPLES / "rulebook"
    (tmp_path / "4.yaml").write_text((rulebook / "4.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "r.txt").write_text("variant: standard\nposition: 4.yaml\n1. dance 0,0 w\n", encoding="utf-8")
    report = replay(parse_record(tmp_path / "r.txt"))
    assert [v.code for v in report.violations] == ["EXXIT-OFFBOARD-DANCE-FIRST"]
    (tmp_path / "r2.txt").write_text("variant: standard\nposition: 4.yaml\noffboard_first: false\n1. dance 0,0 w\n", encoding="utf-8")
    assert replay(parse_record(tmp_path / "r2.txt")).valid
    over = parse_record(tmp_path / "r.txt", overrides={"offboard-first": "false"})
    assert over.options == Options(offboard_first=False)
    assert replay(over).valid


@pytest.mark.parametrize(
    "text, problems",
    [
        ("1. drop 0,0\n", [(1, "the record has no 'variant:' header")]),
        ("variant: chess\n", [(1, "unknown variant 'chess'")]),
        ("variant: standard\nofboard_first: false\n", [(2, "unknown header 'ofboard_first' (did you mean 'offboard_first'?)")]),
        ("variant: standard\nchain: sideways\n", [(2, "option chain (ambiguity A1) cannot be 'sideways'")]),
        ("variant: standard\nvariant: blitz\n", [(2, "duplicate header 'variant' (first at line 1)")]),
        ("variant: standard\n1. drop 0,0\nevent: late\n", [(3, "header 'event' after the first move")]),
        (
            "variant: standard\n1. drop 0,0\n2. jump 1,0\n3. dance 0,0 up\n4x drop 1,0\n",
            [
                (3, "cannot read move 'jump 1,0'"),
                (4, "unknown direction 'up'"),
                (5, "a move number is followed by '.' or a space"),
            ],
        ),
        ("variant: standard\nposition: nowhere.yaml\n", [(2, "position file 'nowhere.yaml'")]),
    ],
)
def test_record_syntax_problems_are_all_reported_with_their_lines(text: str, problems: list[tuple[int, str]]) -> None:
    with pytest.raises(DataError) as err:
        parse_record_text(text, "r.txt")
    found = [(f.line, f.message) for f in err.value.findings]
    assert len(found) == len(problems)
    for (line, message), (want_line, fragment) in zip(found, problems, strict=True):
        assert line == want_line
        assert fragment in message
    assert all(f.file == "r.txt" for f in err.value.findings)


def test_record_comments_numbers_and_players() -> None:
    rec = parse_record_text("# a game\nvariant: blitz   # short\n\n1. drop 0,0 # first\n2... black drop 1,0\n3 dance 0,0 e\n")
    assert rec.variant == "blitz"
    assert [(m.ply, m.number, str(m.move), m.line) for m in rec.moves] == [
        (1, 1, "drop 0,0", 4),
        (2, 2, "black drop 1,0", 5),
        (3, 3, "dance 0,0 e", 6),
    ]
    assert replay(rec).valid


def test_unreadable_record_files(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="does not exist"):
        parse_record(tmp_path / "missing.txt")
    with pytest.raises(DataError, match="is a directory"):
        parse_record(tmp_path)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"variant: standard\n1. drop 0,0\n\xff\n")
    with pytest.raises(DataError) as err:
        parse_record(bad)
    assert err.value.line == 3 and "not valid UTF-8" in err.value.message
