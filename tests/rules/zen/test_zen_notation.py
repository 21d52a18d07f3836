"""Zen records (issue 18): swaps and captures marked ``x``, where a misplaced arrival belongs,
and a record that gives only a seed.

* ``b3xb4`` marks a step that swaps with or captures the piece it steps onto.
  The mark is optional (``b3-b4`` is read as before) and checked when written:
  on a plain step it is ``ZEN-MARK`` (Zen: Helycsere), the step still made.
  korbiro's own listing writes the mark.
* An arrival written at the wrong place within its turn is refused saying
  where it belongs and how to write the turn.
* A record's ``setup`` may give only a seed: korbiro deals and places from it
  alone, the same way every time (the deal of a seed is pinned here).
"""

from __future__ import annotations

from layout import ROOT
from test_zen_rules import ARRIVE, SWAP_ONTO_TARGET, P, legal, sq

from korbiro.base.yamlload import load_yaml_file
from korbiro.rules.zen import Move, Step, position_from_document, replay, setup
from korbiro.rules.zen.record import load_record_text
from korbiro.rules.zen.setup import deal

ENDGAME = position_from_document(load_yaml_file(ROOT / "examples/zen/endgame.yaml"))


# --------------------------------------------------------------------------- x: swaps and captures


def test_the_mark_is_read_and_written() -> None:
    move = Move.parse("b3xb4@ c2Xc3")
    assert move.actions == (Step(sq("b3"), sq("b4")), Move.parse("b4@").actions[0], Step(sq("c2"), sq("c3")))
    assert [a.mark for a in move.actions if isinstance(a, Step)] == [True, True]
    assert str(move) == "b3xb4@ c2xc3"
    assert move == Move.parse("b3-b4@ c2-c3")  # the mark does not change the move


def test_legal_turns_mark_swaps_and_captures() -> None:
    # C's d1-d2 is a plain step; the Warrior on b1 swaps with the pieces on a1 and c1
    assert [str(m) for m in ENDGAME.legal_moves()][:3] == ["d1-d2 b1xa1", "d1-d2 b1xc1", "d1-d2 a4-a3"]
    assert [str(s) for s in ENDGAME.own_steps()] == ["d1-d2"]


def test_a_swap_or_capture_is_accepted_with_or_without_the_mark() -> None:
    for text in ("d1-d2 b1xa1", "d1-d2 b1-a1"):
        assert ENDGAME.check(Move.parse(text)).ok, text
    # a Girl captures a Warrior, a Warrior a Man
    capture = P("""
. . . .
. . . .
. . . .
H . . .
A1 . . .
""", targets={"A": "d5"})
    assert "a1xa2" in legal(capture)
    assert capture.check(Move.parse("a1xa2")).ok and capture.check(Move.parse("a1-a2")).ok


def test_a_mark_on_a_plain_step_is_a_violation_and_the_step_is_made() -> None:
    marked = Move.parse("d1xd2 b1xa1")
    after, problems = ENDGAME.play_lenient(marked)
    assert [(v.code, v.rule, v.action) for v in problems] == [("ZEN-MARK", "Zen: Helycsere", 0)]
    assert problems[0].message == "d1xd2: 'x' marks a swap or a capture, but d2 is empty and the piece only moves there; write d1-d2"
    assert after == ENDGAME.play(Move.parse("d1-d2 b1-a1"))
    # the Warrior's step is checked too
    assert [v.code for v in ENDGAME.violations(Move.parse("d1-d2 a4xa3"))] == ["ZEN-MARK"]


def test_a_marked_step_that_is_blocked_is_reported_as_blocked() -> None:
    rows = """
. . . .
. . . .
. . . .
A1 . . .
A2 . . .
"""
    pos = P(rows, targets={"A": "d5"})
    assert [v.code for v in pos.violations(Move.parse("a2xa1"))] == ["ZEN-WEAKER"]  # a Girl onto a Boy
    assert pos.check(Move.parse("a1xa2")).ok  # the Boy swaps with his own Girl


def test_a_record_with_marks_replays() -> None:
    text = (ROOT / "examples/zen/complete-4p.yaml").read_text(encoding="utf-8")
    # its first turns, as korbiro writes them: swaps marked
    marked = text.replace("  - A: a1-d1 b2-c2\n", "  - A: a1xd1 b2xc2\n").replace("  - A: c3-d3 d4-d5\n", "  - A: c3xd3 d4-d5\n")
    assert marked != text
    assert replay(load_record_text(marked)).to_dict()["result"] == replay(load_record_text(text)).to_dict()["result"]
    assert replay(load_record_text(marked)).valid
    wrong = replay(load_record_text(text.replace("  - A: c3-d3 d4-d5\n", "  - A: c3-d3 d4xd5\n")))
    assert [(v.ply, v.code, v.rule) for v in wrong.violations] == [(5, "ZEN-MARK", "Zen: Helycsere")]


# --------------------------------------------------------------------------- where an arrival belongs


def message(pos: object, text: str) -> tuple[str, str]:
    v = pos.check(Move.parse(text))  # type: ignore[attr-defined]
    return v.code, v.message


def test_an_arrival_after_a_later_action_belongs_right_after_its_step() -> None:
    pos = P(ARRIVE, targets={"A": "a5 d5", "B": "a2"})
    assert message(pos, "a4-a5 c5-b5 a5@") == (
        "ZEN-ARRIVAL-WINDOW",
        "a5@: A1 on a5 cannot arrive now: a piece is taken off right after the step that brought it there;"
        " it belongs right after a4-a5 (the step that brings it there): write 'a4-a5@ c5-b5'",
    )


def test_an_arrival_before_its_step_belongs_after_it() -> None:
    pos = P(ARRIVE, targets={"A": "a5 d5", "B": "a2"})
    assert message(pos, "a5@ a4-a5 c5-b5") == (
        "ZEN-ARRIVE-EMPTY",
        "a5@: there is no piece on a5 to take off;"
        " it belongs right after a4-a5 (the step that brings it there): write 'a4-a5@ c5-b5'",
    )


def test_an_arrival_of_a_piece_another_player_put_there_belongs_first() -> None:
    after_b = P(SWAP_ONTO_TARGET, to_move="B", targets={"A": "b2", "B": "a1"}).play(Move.parse("b2-b3"))
    assert message(after_b, "d1-c1 b2@") == (
        "ZEN-ARRIVAL-WINDOW",
        "b2@: A1 on b2 cannot arrive now: a piece another player put on its owner's target is taken off at the"
        " start of the owner's turn, before his own step; it belongs first in the turn, before d1-c1: write 'b2@ d1-c1'",
    )


def test_an_arrival_that_belongs_nowhere_in_the_turn_says_only_why() -> None:
    pos = P(ARRIVE, targets={"A": "a5 d5", "B": "a2"})
    left = pos.play(Move.parse("a4-a5 c5-b5")).play(Move.parse("a1-b1 b5-c5"))
    code, text = message(left, "a5@ d1-d2 c5-c4")
    assert code == "ZEN-ARRIVAL-WINDOW" and "belongs" not in text
    assert message(pos, "d5@ a4-a5 c5-b5") == ("ZEN-ARRIVE-EMPTY", "d5@: there is no piece on d5 to take off")
    assert sq("a5") in pos.targets_of("A")


# --------------------------------------------------------------------------- a record that gives only a seed

#: the deal and placement of `korbiro zen setup -p 4 --seed 32` (examples/zen/complete-4p.yaml)
SEED_32_HANDS = {"A": "c3 a2 a1 d1 b2", "B": "b3 c4 d5 b4 d4", "C": "d3 c1 c2 d2 b1", "D": "a3 a5 a4 c5 b5"}
SEED_32_TOWER = ["D4", "D1", "H", "H", "D3", "B2", "B1", "B4", "D2", "B3", "A4", "C3", "A1", "H", "C2", "C1", "A3",
                 "C4", "H", "A2"]


def test_a_seed_always_deals_the_same_cards_and_places_the_same_pieces() -> None:
    import random

    dealt = deal(4, random.Random(32))
    assert {s: " ".join(f"{'abcd'[q % 4]}{q // 4 + 1}" for q in h) for s, h in dealt.hands} == SEED_32_HANDS
    pos = setup(4, seed=32)
    top_first = [pos.board[(f - 1) * 4 + c] for f in range(5, 0, -1) for c in range(4)]
    assert top_first == SEED_32_TOWER


def test_a_record_giving_only_a_seed_is_replayed_by_korbiro_alone() -> None:
    game = (ROOT / "examples/zen/complete-4p.yaml").read_text(encoding="utf-8")
    moves = game[game.index("moves:\n"):]
    report = replay(load_record_text("game: zen\nsetup:\n  players: 4\n  seed: 32\n" + moves, "seed-only.yaml"))
    assert report.valid and len(report.positions) == 19
    assert report.result()["score"] == {"A": 6, "B": 9, "C": 10, "D": 4}
    assert report.result()["winner"] == "C" and report.result()["finishers"] == ["B"]
