"""Zen: the rules of a turn, exact codes and rules for every verdict (docs/zen.md)."""

from __future__ import annotations

import pytest

from korbiro.base.errors import IllegalActionError
from korbiro.rules.zen import Move, Options, Position, Score, parse_square
from korbiro.rules.zen.rules import NEIGHBOURS

# ---------------------------------------------------------------------------
# helpers


def sq(name: str) -> int:
    return parse_square(name)


def P(
    rows: str,
    *,
    to_move: str = "A",
    players: str = "",
    passive: str = "",
    targets: dict[str, str] | None = None,
    by_other: str = "",
    arrived: dict[str, str] | None = None,
    captured: tuple[tuple[str, str | None], ...] = (),
    **options: object,
) -> Position:
    """A position from five rows (top floor first) of four cells ('.' empty)."""
    lines = [line.split() for line in rows.strip().splitlines()]
    assert len(lines) == 5 and all(len(r) == 4 for r in lines)
    board: list[str | None] = [None] * 20
    for i, cells in enumerate(lines):
        floor = 5 - i
        for c, cell in enumerate(cells):
            if cell != ".":
                board[(floor - 1) * 4 + c] = cell
    if not players:  # by default: the colours in the tower, and the player to move
        players = "".join(sorted({p[0] for p in board if p and p != "H"} - set(passive) | {to_move}))
    seats = tuple(sorted(set(players) | set(passive)))
    tg = targets or {}
    arr = arrived or {}
    return Position(
        seats=seats,
        board=tuple(board),
        targets=tuple((p, frozenset(sq(s) for s in tg.get(p, "").split())) for p in seats if p in players),
        to_move=to_move,
        passive=frozenset(passive),
        arrived=tuple(
            (p, tuple((t.split("@")[0], sq(t.split("@")[1])) for t in arr[p].split())) for p in seats if p in arr
        ),
        captured=captured,
        placed_by_other=frozenset(sq(s) for s in by_other.split()),
        options=Options.parse(options),
    )


def verdict(pos: Position, text: str) -> tuple[str, str | None]:
    v = pos.check(Move.parse(text))
    return v.code, v.rule


def codes(pos: Position, text: str) -> list[str]:
    return [v.code for v in pos.violations(Move.parse(text))]


def legal(pos: Position) -> list[str]:
    return [str(m) for m in pos.legal_moves()]


def at(pos: Position, name: str) -> str | None:
    return pos.piece_at(sq(name))


# ---------------------------------------------------------------------------
# The tower: steps (Zen: Lépések 2-4)


def test_neighbours_ring_and_row() -> None:
    names = lambda s, ring: sorted(  # noqa: E731
        f"{'abcd'[n % 4]}{n // 4 + 1}" for n in NEIGHBOURS[ring][sq(s)]
    )
    assert names("a1", True) == ["a2", "b1", "d1"]
    assert names("a1", False) == ["a2", "b1"]
    assert names("b3", True) == ["a3", "b2", "b4", "c3"]
    assert names("d5", True) == ["a5", "c5", "d4"]
    assert names("d5", False) == ["c5", "d4"]


LONE = """
. . . .
. . . .
. . . .
. A2 . .
. . . .
"""


@pytest.mark.parametrize(
    ("step", "ring", "code", "rule"),
    [
        ("b2-b3", True, "OK", None),
        ("b2-a2", True, "OK", None),
        ("b2-b1", True, "OK", None),
        ("b2-c3", True, "ZEN-DIAGONAL", "Zen: Lépések 4"),
        ("b2-a1", True, "ZEN-DIAGONAL", "Zen: Lépések 4"),
        ("b2-d2", True, "ZEN-DIAGONAL", "Zen: Lépések 4"),
        ("b2-d2", False, "ZEN-TOO-FAR", "Zen: Lépések 2"),
        ("b2-b4", True, "ZEN-TOO-FAR", "Zen: Lépések 2"),
        ("b2-b2", True, "ZEN-NO-STEP", "Zen: Lépések 2"),
        ("b2-a4", True, "ZEN-DIAGONAL", "Zen: Lépések 4"),
    ],
)
def test_step_geometry(step: str, ring: bool, code: str, rule: str | None) -> None:
    pos = P(LONE, ring_columns=ring)
    assert verdict(pos, step) == (code, rule)


def test_ring_option_joins_a_and_d() -> None:
    rows = """
. . . .
. . . .
. . . .
. . . .
A2 . . .
"""
    assert legal(P(rows)) == ["a1-b1", "a1-d1", "a1-a2"]
    assert legal(P(rows, ring_columns=False)) == ["a1-b1", "a1-a2"]
    assert verdict(P(rows, ring_columns=False), "a1-d1") == ("ZEN-TOO-FAR", "Zen: Lépések 2")


# ---------------------------------------------------------------------------
# Every pair: swaps, captures, blocks, in both directions (Helycsere, Ütés,
# A Harcos lehetőségei)

EXPECTED = {
    # (stepping strength, occupant strength): result
    (1, 1): "ZEN-EQUAL", (1, 2): "ZEN-WEAKER", (1, 3): "ZEN-WEAKER", (1, 4): "ZEN-WEAKER", (1, 5): "capture",
    (2, 1): "swap", (2, 2): "ZEN-EQUAL", (2, 3): "ZEN-WEAKER", (2, 4): "ZEN-WEAKER", (2, 5): "ZEN-WEAKER",
    (3, 1): "swap", (3, 2): "swap", (3, 3): "ZEN-EQUAL", (3, 4): "ZEN-WEAKER", (3, 5): "ZEN-WEAKER",
    (4, 1): "swap", (4, 2): "swap", (4, 3): "swap", (4, 4): "ZEN-EQUAL", (4, 5): "ZEN-WEAKER",
    (5, 1): "ZEN-WARRIOR-ONTO-GIRL", (5, 2): "swap", (5, 3): "swap", (5, 4): "capture", (5, 5): "ZEN-EQUAL",
}
RULE_OF = {
    "ZEN-EQUAL": "Zen: Helycsere",
    "ZEN-WEAKER": "Zen: Helycsere",
    "ZEN-WARRIOR-ONTO-GIRL": "Zen: A Harcos lehetőségei",
}


def _pair_position(mover: int, occupant: int) -> tuple[Position, str]:
    """A's piece (or a Warrior) on b2 and B's piece (or a Warrior) on c2; the move to test."""
    m = "H" if mover == 5 else f"A{mover}"
    o = "H" if occupant == 5 else f"B{occupant}"
    free = "A1" if mover != 1 else "A2"  # an own piece with room to step, for Warrior moves
    rows = f"""
{free if mover == 5 else '.'} . . .
. . . .
. . . .
. {m} {o} .
. . . .
"""
    text = "a5-a4 b2-c2" if mover == 5 else "b2-c2"
    return P(rows), text


@pytest.mark.parametrize(("mover", "occupant"), sorted(EXPECTED))
def test_every_pair(mover: int, occupant: int) -> None:
    pos, text = _pair_position(mover, occupant)
    expected = EXPECTED[(mover, occupant)]
    m = "H" if mover == 5 else f"A{mover}"
    o = "H" if occupant == 5 else f"B{occupant}"
    v = pos.check(Move.parse(text))
    if expected.startswith("ZEN-"):
        assert (v.code, v.rule) == (expected, RULE_OF[expected])
        assert all(not str(mv).endswith("b2-c2") for mv in pos.legal_moves())
        return
    assert v.ok, v
    after = pos.play(Move.parse(text))
    assert at(after, "c2") == m
    if expected == "swap":
        assert at(after, "b2") == o
        assert after.captured == ()
    else:
        assert at(after, "b2") is None
        assert after.captured == ((o, "A"),)
        score = after.score()["A"]
        assert (score.harcos, score.kokeshi) == ((1, 0) if o == "H" else (0, 1))
        assert score.points == (2 if o == "H" else 1)


def test_step_into_capture_captured_reading() -> None:
    # A Warrior stepping onto a Girl is captured by her; her owner scores Harcos.
    pos, text = _pair_position(5, 1)
    pos = pos.with_options(Options(step_into_capture="captured"))
    after = pos.play(Move.parse(text))
    assert at(after, "b2") is None and at(after, "c2") == "B1"
    assert after.captured == (("H", "B"),)
    assert after.score()["B"] == Score(0, 1, 0)
    # A Man stepping onto a Warrior is captured; nobody scores.
    rows = """
A1 . . .
. . . .
. . . .
. A4 H .
. . . .
"""
    pos = P(rows, step_into_capture="captured")
    assert verdict(pos, "b2-c2") == ("ZEN-WARRIOR-REQUIRED", "Zen: Egy kör 2")
    after = pos.play(Move.parse("b2-c2 c2-c1"))
    assert at(after, "b2") is None and at(after, "c1") == "H"
    assert after.captured == (("A4", None),)
    assert {p: s.points for p, s in after.score().items()} == {"A": 0}
    # Boys and Women are still blocked by a Warrior.
    pos, text = _pair_position(3, 5)
    assert verdict(pos.with_options(Options(step_into_capture="captured")), text) == ("ZEN-WEAKER", "Zen: Helycsere")


def test_warrior_cannot_take_own_man_by_default() -> None:
    rows = """
A1 . . .
. . . .
. . . .
. H A4 .
. . . .
"""
    assert verdict(P(rows), "a5-a4 b2-c2") == ("ZEN-OWN-MAN", "Zen: A Harcosok szerepe")
    after = P(rows, warrior_takes_own_man=True).play(Move.parse("a5-a4 b2-c2"))
    assert after.captured == (("A4", "A"),)
    assert after.score()["A"] == Score(0, 0, 0)


def test_swap_with_own_piece() -> None:
    rows = """
. . . .
. . . .
. . . .
. A4 A2 .
. . . .
"""
    after = P(rows).play(Move.parse("b2-c2"))
    assert (at(after, "b2"), at(after, "c2")) == ("A2", "A4")
    assert verdict(P(rows, swap_own=False), "b2-c2") == ("ZEN-OWN-SWAP", "Zen: Helycsere")


def test_capture_moves_in_option() -> None:
    rows = """
. . . .
. . . .
. . . .
. A1 H .
. . . .
"""
    after = P(rows).play(Move.parse("b2-c2"))
    assert (at(after, "b2"), at(after, "c2")) == (None, "A1")
    after = P(rows, capture_moves_in=False).play(Move.parse("b2-c2"))
    assert (at(after, "b2"), at(after, "c2")) == ("A1", None)
    assert after.captured == (("H", "A"),)


# ---------------------------------------------------------------------------
# Passive colours (Zen: Két játékos (passzív színek))

PASSIVE = """
A1 . . .
. . . .
. . . .
. H C4 .
. A4 C2 .
"""


def test_passive_pieces_block_but_a_warrior_captures_a_passive_man() -> None:
    pos = P(PASSIVE, passive="CD")
    assert verdict(pos, "b1-c1") == ("ZEN-PASSIVE", "Zen: Két játékos (passzív színek)")
    after = pos.play(Move.parse("a5-a4 b2-c2"))
    assert after.captured == (("C4", "A"),)
    assert after.score()["A"].kokeshi == 1
    assert P(PASSIVE, passive="CD", passive_kokeshi=False).play(Move.parse("a5-a4 b2-c2")).score()["A"].kokeshi == 0
    after = P(PASSIVE, passive="CD", passive_swaps=True).play(Move.parse("b1-c1 b2-a2"))
    assert (at(after, "b1"), at(after, "c1")) == ("C2", "A4")


def test_passive_pieces_never_move_and_have_no_turn() -> None:
    pos = P(PASSIVE, passive="CD")
    assert pos.players == ("A",) and pos.seats == ("A", "C", "D")
    assert verdict(pos, "c1-d1") == ("ZEN-NOT-OWN-PIECE", "Zen: Egy kör 1")
    assert "(a passive colour: it never moves)" in pos.check(Move.parse("c1-d1")).message


def test_passive_girl_never_captures_a_warrior() -> None:
    rows = """
A1 . . .
. . . .
. . . .
. H C1 .
. . . .
"""
    pos = P(rows, passive="CD")
    assert verdict(pos, "a5-a4 b2-c2") == ("ZEN-WARRIOR-ONTO-GIRL", "Zen: A Harcos lehetőségei")
    pos = P(rows, passive="CD", step_into_capture="captured")
    assert verdict(pos, "a5-a4 b2-c2") == ("ZEN-PASSIVE-GIRL", "Zen: Két játékos (passzív színek)")


# ---------------------------------------------------------------------------
# A turn: own step, Warrior step, compulsion, skipping (Egy kör, Lépések 1)

TURN = """
. . H .
. . . .
. . . .
. A2 B3 .
. . . .
"""


def test_exact_legal_moves() -> None:
    # A's Boy may not step onto B's Woman (c2); the Warrior on c5 steps after.
    assert legal(P(TURN)) == [
        "b2-b1 c5-c4", "b2-b1 c5-b5", "b2-b1 c5-d5",
        "b2-a2 c5-c4", "b2-a2 c5-b5", "b2-a2 c5-d5",
        "b2-b3 c5-c4", "b2-b3 c5-b5", "b2-b3 c5-d5",
    ]


def test_first_step_must_be_own_piece() -> None:
    pos = P(TURN)
    assert verdict(pos, "c5-c4 b2-b3") == ("ZEN-NOT-OWN-PIECE", "Zen: Egy kör 1")
    assert verdict(pos, "c2-c3 c5-c4") == ("ZEN-NOT-OWN-PIECE", "Zen: Egy kör 1")
    assert verdict(pos, "d2-d3 c5-c4") == ("ZEN-EMPTY-SQUARE", "Zen: Egy kör 1")
    assert verdict(pos, "b2-b3 c2-c3") == ("ZEN-NOT-WARRIOR", "Zen: Egy kör 2")
    assert verdict(pos, "b2-b3 c5-c4 c4-c3") == ("ZEN-EXTRA-STEP", "Zen: Egy kör 2")
    assert verdict(pos, "b2-b3 pass") == ("ZEN-LATE-PASS", "Zen: Egy kör 3")


def test_moving_is_compulsory() -> None:
    pos = P(TURN)
    assert verdict(pos, "pass") == ("ZEN-MOVE-COMPULSORY", "Zen: Lépések 1")
    assert pos.check(Move.parse("pass")).message.startswith("pass: moving is compulsory and A can step (")
    assert "pass" not in legal(pos)


def test_warrior_step_is_compulsory_when_possible() -> None:
    pos = P(TURN)
    assert verdict(pos, "b2-b3") == ("ZEN-WARRIOR-REQUIRED", "Zen: Egy kör 2")
    free = P(TURN, warrior_compulsory=False)
    assert free.check(Move.parse("b2-b3")).ok
    assert sorted(legal(free)) == sorted(
        [f"{s}" for s in ("b2-a2", "b2-b1", "b2-b3")]
        + [f"{s} {w}" for s in ("b2-a2", "b2-b1", "b2-b3") for w in ("c5-b5", "c5-d5", "c5-c4")]
    )


def test_no_warrior_left_skips_the_second_step() -> None:
    rows = TURN.replace("H", ".")
    pos = P(rows)
    assert sorted(legal(pos)) == ["b2-a2", "b2-b1", "b2-b3"]
    assert pos.check(Move.parse("b2-b3")).ok


def test_blocked_warriors_skip_the_second_step() -> None:
    # The Warrior on a5 is walled in by A's own Man and B's Girl.
    rows = """
H A4 . .
B1 . . .
. . . .
. . . .
. . . A2
"""
    pos = P(rows, ring_columns=False)
    assert pos.check(Move.parse("d1-d2")).ok
    assert [m for m in legal(pos) if m.startswith("d1")] == ["d1-c1", "d1-d2"]
    # Once the Man has stepped away, the Warrior can step, so it must.
    assert "b5-c5 a5-b5" in legal(pos)
    assert verdict(pos, "b5-c5") == ("ZEN-WARRIOR-REQUIRED", "Zen: Egy kör 2")


SKIP = """
. . H .
. . . .
. . . .
B4 . . .
A1 B2 . B3
"""


def test_a_player_who_cannot_move_skips_the_warrior_step_too() -> None:
    pos = P(SKIP)
    assert legal(pos) == ["pass"]
    assert pos.check(Move.parse("pass")).ok
    assert verdict(pos, "pass c5-c4") == ("ZEN-WARRIOR-SKIPPED", "Zen: Egy kör 3")
    after = pos.play(Move.parse("pass"))
    assert after.board == pos.board and after.to_move == "B" and after.turn == pos.turn + 1
    # An empty turn is read as a pass when nothing can move.
    assert pos.check(Move(())).ok


def test_play_raises_with_code_and_rule() -> None:
    with pytest.raises(IllegalActionError) as info:
        P(TURN).play(Move.parse("b2-c3 c5-c4"))
    assert (info.value.code, info.value.rule) == ("ZEN-DIAGONAL", "Zen: Lépések 4")


def test_every_violation_of_a_turn_is_reported() -> None:
    assert codes(P(TURN), "b2-c3 c2-c3") == ["ZEN-DIAGONAL", "ZEN-NOT-WARRIOR"]


# ---------------------------------------------------------------------------
# Arrivals (Zen: A játék célja, Belépés 1-2)

ARRIVE = """
. . H .
A1 . . .
. . . .
. . . .
B2 . . A2
"""


def test_arrival_made_by_the_owner() -> None:
    pos = P(ARRIVE, targets={"A": "a5 d5", "B": "a2"})
    assert "a4-a5@ c5-b5" in legal(pos) and "a4-a5 c5-b5" in legal(pos)
    after = pos.play(Move.parse("a4-a5@ c5-b5"))
    assert at(after, "a5") is None
    assert after.arrived_of("A") == (("A1", sq("a5")),)
    assert after.targets_of("A") == frozenset({sq("d5")})
    assert after.score()["A"] == Score(1, 0, 0) and after.score()["A"].points == 3


def test_arrival_errors() -> None:
    pos = P(ARRIVE, targets={"A": "a5 d5", "B": "a2"})
    assert verdict(pos, "a4-b4@ c5-c4") == ("ZEN-NOT-TARGET", "Zen: Előkészületek 7")
    assert verdict(pos, "a4-a5 c5-b5 a5@") == ("ZEN-ARRIVAL-WINDOW", "Zen: Belépés 1")
    assert verdict(pos, "a1@ a4-a5 c5-b5") == ("ZEN-ARRIVE-NOT-OWN", "Zen: Belépés 1")
    assert verdict(pos, "c5@ a4-a5 c5-b5") == ("ZEN-ARRIVE-WARRIOR", "Zen: Előkészületek 7")
    assert verdict(pos, "d5@ a4-a5 c5-b5") == ("ZEN-ARRIVE-EMPTY", "Zen: A játék célja")


def test_target_card_used_once() -> None:
    rows = """
. . . .
. . . .
. . . .
A2 . . .
. . . .
"""
    pos = P(rows, targets={"A": "b2"}, arrived={"A": "A1@a3"})
    assert verdict(pos, "a2-a3@") == ("ZEN-TARGET-USED", "Zen: A játék célja")


SWAP_ONTO_TARGET = """
. . . .
. . . .
. A1 . .
. B4 . .
. . . A2
"""


def test_arrival_when_another_player_put_the_piece_there() -> None:
    # B's Man swaps A's Girl down onto b2, one of A's targets.
    pos = P(SWAP_ONTO_TARGET, to_move="B", targets={"A": "b2", "B": "a1"})
    assert verdict(pos, "b2-b3 b2@") == ("ZEN-ARRIVE-NOT-OWN", "Zen: Belépés 1")
    after_b = pos.play(Move.parse("b2-b3"))
    assert at(after_b, "b2") == "A1" and after_b.placed_by_other == frozenset({sq("b2")})
    # At A's turn: taken off first, then A plays his step.
    assert "b2@ d1-c1" in legal(after_b)
    done = after_b.play(Move.parse("b2@ d1-c1"))
    assert done.arrived_of("A") == (("A1", sq("b2")),) and done.score()["A"].points == 3
    # After his own step it is too late ...
    assert verdict(after_b, "d1-c1 b2@") == ("ZEN-ARRIVAL-WINDOW", "Zen: Belépés 1")
    # ... and if he lets the turn go, so is his next turn (unless late_arrival).
    skipped = after_b.play(Move.parse("d1-c1")).play(Move.parse("b3-c3"))
    assert skipped.to_move == "A" and skipped.placed_by_other == frozenset()
    assert verdict(skipped, "b2@ c1-d1") == ("ZEN-ARRIVAL-WINDOW", "Zen: Belépés 1")
    late = skipped.with_options(Options(late_arrival=True))
    assert late.check(Move.parse("b2@ c1-d1")).ok


def test_a_piece_placed_by_another_can_be_moved_away_before_its_owners_turn() -> None:
    # Belépés 2: until A's turn comes, C can swap the piece off A's target again.
    rows = SWAP_ONTO_TARGET.replace(". B4 . .", ". B4 C4 .").replace(". . . A2", "C1 . . A2")
    pos = P(rows, to_move="B", players="ABC", targets={"A": "b2", "B": "a1", "C": "a5"})
    pos = pos.play(Move.parse("b2-b3")).play(Move.parse("c2-b2"))
    assert (pos.to_move, at(pos, "b2"), at(pos, "c2")) == ("A", "C4", "A1")
    assert verdict(pos, "b2@ c2-d2") == ("ZEN-ARRIVE-NOT-OWN", "Zen: Belépés 1")
    assert not any(m.startswith("b2@") for m in legal(pos))


def test_own_piece_left_on_target_cannot_arrive_later() -> None:
    pos = P(ARRIVE, targets={"A": "a5 d5", "B": "a2"})
    left = pos.play(Move.parse("a4-a5 c5-b5")).play(Move.parse("a1-b1 b5-c5"))
    assert left.to_move == "A" and at(left, "a5") == "A1"
    assert verdict(left, "a5@ d1-d2 c5-c4") == ("ZEN-ARRIVAL-WINDOW", "Zen: Belépés 1")
    assert "option late_arrival" in left.check(Move.parse("a5@ d1-d2 c5-c4")).message
    late = left.with_options(Options(late_arrival=True))
    assert late.check(Move.parse("a5@ d1-d2 c5-c4")).ok
    assert "a5@ d1-d2 c5-c4" in legal(late)


def test_own_displacement_arrival_option() -> None:
    # A's Man swaps A's own Girl onto A's target b2.
    rows = """
. . . .
. . . .
. A4 . .
. A1 . .
. . . .
"""
    pos = P(rows, targets={"A": "b3"})
    assert pos.check(Move.parse("b3-b2 b3@")).ok
    assert "b3xb2 b3@" in legal(pos)
    off = pos.with_options(Options(own_displacement_arrival=False))
    assert verdict(off, "b3-b2 b3@") == ("ZEN-ARRIVAL-WINDOW", "Zen: Belépés 1")
    assert "b3xb2 b3@" not in legal(off)


def test_warrior_swap_puts_own_piece_on_target() -> None:
    rows = """
A1 . . .
. . . .
. . H .
. . A3 .
. . . .
"""
    pos = P(rows, targets={"A": "c3"})
    assert pos.check(Move.parse("a5-b5 c3-c2 c3@")).ok
    after = pos.play(Move.parse("a5-b5 c3-c2 c3@"))
    assert after.arrived_of("A") == (("A3", sq("c3")),)
    off = pos.with_options(Options(own_displacement_arrival=False))
    assert verdict(off, "a5-b5 c3-c2 c3@") == ("ZEN-ARRIVAL-WINDOW", "Zen: Belépés 1")


# ---------------------------------------------------------------------------
# The end (Zen: Befejezés) and the score (Zen: Pontozás)

LAST = """
. . . .
A1 . . .
. . . .
. . . .
B2 . H .
"""


def test_game_ends_when_last_piece_arrives() -> None:
    pos = P(LAST, targets={"A": "a5", "B": "d5"}, arrived={"A": "A2@b5 A3@c5 A4@d4"})
    assert "a4-a5@" in legal(pos)
    after = pos.play(Move.parse("a4-a5@"))
    out = after.outcome()
    assert out is not None
    assert (out.termination, out.finished, out.winners, out.winner) == ("finished", ("A",), ("A",), "A")
    assert out.rule == "Zen: Befejezés"
    assert dict(out.scores)["A"].points == 12
    assert after.legal_moves() == []
    assert verdict(after, "a1-b1 c1-d1") == ("ZEN-GAME-OVER", "Zen: Befejezés")
    assert verdict(pos, "a4-a5@ c1-d1") == ("ZEN-GAME-OVER", "Zen: Befejezés")


def test_end_after_the_turn_option() -> None:
    pos = P(LAST, targets={"A": "a5", "B": "d5"}, arrived={"A": "A2@b5 A3@c5 A4@d4"}, end_immediately=False)
    assert verdict(pos, "a4-a5@") == ("ZEN-WARRIOR-REQUIRED", "Zen: Egy kör 2")
    after = pos.play(Move.parse("a4-a5@ c1-d1"))
    assert after.outcome() is not None and after.outcome().finished == ("A",)  # type: ignore[union-attr]


def test_game_ends_when_the_last_piece_is_captured() -> None:
    # "akkor is, ha kevesebb bábuja volt ... mert egyik bábuját már valaki leütötte"
    rows = """
. . . .
. . . .
. . . .
A4 . . .
H B1 . .
"""
    pos = P(rows, to_move="B", targets={"A": "a5", "B": "d5"}, arrived={"A": "A1@b5 A2@c5 A3@d4"})
    after = pos.play(Move.parse("b1-c1 a1-a2"))
    out = after.outcome()
    assert out is not None and out.finished == ("A",)
    assert after.captured == (("A4", "B"),)
    assert {p: s.points for p, s in after.score().items()} == {"A": 9, "B": 1}
    assert out.winner == "A"


def test_score_levels_and_ties() -> None:
    rows = LAST
    pos = P(
        rows,
        passive="C",
        targets={"A": "a5", "B": "d5"},
        arrived={"A": "A2@b5", "B": "B3@c1"},
        captured=(("H", "A"), ("B4", "A"), ("C4", "B"), ("H", None), ("A4", "B")),
    )
    s = pos.score()
    assert s["A"] == Score(1, 1, 1) and s["A"].points == 6
    assert s["B"] == Score(1, 0, 2) and s["B"].points == 5
    assert s["B"].to_dict() == {"points": 5, "zen": 1, "harcos": 0, "kokeshi": 2}
    assert pos.with_options(Options(passive_kokeshi=False)).score()["B"].kokeshi == 1
    tie = P(LAST, targets={"A": "a5", "B": "d5"}, arrived={"A": "A2@b5 A3@c5 A4@d4", "B": "B1@a2 B3@c1 B4@d1"})
    tie = tie.play(Move.parse("a4-a5@"))
    out = tie.outcome()
    assert out is not None and out.winners == ("A",)  # A has 4 arrivals: 12 v 9
    even = P(
        LAST,
        passive="C",
        targets={"A": "a5", "B": "d5"},
        arrived={"A": "A2@b5 A3@c5 A4@d4", "B": "B1@a2 B3@c1 B4@d1"},
        captured=(("H", "B"), ("C4", "B")),
    ).play(Move.parse("a4-a5@"))
    out = even.outcome()
    assert out is not None and out.winners == ("A", "B") and out.winner is None


def test_blocked_game_ends() -> None:
    rows = """
. D3 B1 D4
. . C1 .
. . . .
C3 . . .
A1 C2 . D2
"""
    pos = P(rows, passive="CD")
    assert pos.own_steps() == []
    out = pos.outcome()
    assert out is not None and out.termination == "blocked" and out.winners == ("A", "B")


def test_a_piece_that_did_not_move_keeps_its_mark() -> None:
    # A's Warrior falls onto B's Girl (step_into_capture=captured): the Girl did not
    # move, so she is not "placed by another player" and cannot arrive at B's turn.
    rows = """
A1 . . .
. . . .
. . . .
. H B1 .
. . . .
"""
    pos = P(rows, targets={"A": "", "B": "c2"}, step_into_capture="captured")
    after = pos.play(Move.parse("a5-a4 b2-c2"))
    assert after.placed_by_other == frozenset() and after.to_move == "B"
    assert verdict(after, "c2@") == ("ZEN-ARRIVAL-WINDOW", "Zen: Belépés 1")
    # whereas a swap does move her
    swapped = P(rows.replace("A1", "A3").replace(". H B1", ". A3 B1").replace("A3 . . .", ". . . ."),
                targets={"A": "", "B": "b2"}).play(Move.parse("b2-c2"))
    assert swapped.placed_by_other == frozenset({sq("b2")})
    done = swapped.play(Move.parse("b2@"))  # B's only piece: the game ends at once
    assert done.outcome() is not None and done.outcome().finished == ("B",)  # type: ignore[union-attr]
