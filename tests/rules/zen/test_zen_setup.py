"""Zen set-up for 4, 3 and 2 players (Zen: Előkészületek 1-7, Három játékos, Két játékos)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from korbiro.base.errors import IllegalActionError, UsageError
from korbiro.rules.zen import deal, parse_square, prepare, setup, square_name
from korbiro.rules.zen.rules import card_marks, floor_of

SEEDS = range(12)


def names(squares: object) -> list[str]:
    return sorted(square_name(s) for s in squares)  # type: ignore[attr-defined]


def test_card_data_three_decks() -> None:
    marks = Counter(card_marks(s) for s in range(20))
    assert marks == {1: 8, 2: 4, 3: 8}
    assert {floor_of(s) for s in range(20) if card_marks(s) == 2} == {3}
    assert {floor_of(s) for s in range(20) if card_marks(s) == 1} == {1, 2}
    assert {floor_of(s) for s in range(20) if card_marks(s) == 3} == {4, 5}


def _hand_squares_hold_own_pieces(pos, hands):  # type: ignore[no-untyped-def]
    for seat, hand in hands:
        on = sorted(pos.board[s] for s in hand)
        assert on == sorted([f"{seat}1", f"{seat}2", f"{seat}3", f"{seat}4", "H"]), (seat, on)


@pytest.mark.parametrize("seed", SEEDS)
def test_four_players(seed: int) -> None:
    dl = deal(4, random.Random(seed))
    hands = dict(dl.hands)
    assert list(hands) == ["A", "B", "C", "D"]
    assert sorted(s for h in hands.values() for s in h) == list(range(20))
    for seat, hand in hands.items():
        assert len(hand) == 5
        # one two-mark card: the first piece goes on the third floor (Előkészületek 3)
        assert [floor_of(s) for s in hand].count(3) == 1
        rest = {card_marks(s) for s in hand if floor_of(s) != 3}
        # opposite players halve one deck (Előkészületek 4)
        assert rest == ({1} if seat in "AC" else {3})
    pos = setup(4, seed=seed)
    assert pos.seats == pos.players == ("A", "B", "C", "D") and pos.to_move == "A" and pos.turn == 1
    assert Counter(p for p in pos.board if p) == Counter(
        [f"{s}{k}" for s in "ABCD" for k in range(1, 5)] + ["H"] * 4
    )
    _hand_squares_hold_own_pieces(pos, dl.hands)
    # decks passed clockwise become targets (Előkészületek 7)
    assert {p: names(pos.targets_of(p)) for p in "ABCD"} == {
        "A": names(hands["D"]), "B": names(hands["A"]), "C": names(hands["B"]), "D": names(hands["C"])
    }
    assert pos.outcome() is None and pos.legal_moves()


@pytest.mark.parametrize("seed", SEEDS)
def test_three_players(seed: int) -> None:
    dl = deal(3, random.Random(seed))
    hands = dict(dl.hands)
    assert list(hands) == ["A", "B", "C"]
    pos = setup(3, seed=seed)
    assert pos.seats == ("A", "B", "C")
    pieces = [p for p in pos.board if p]
    assert len(pieces) == 15 and pieces.count("H") == 3  # "csak három Harcos ... és 3x4"
    _hand_squares_hold_own_pieces(pos, dl.hands)
    unused = set(range(20)) - {s for h in hands.values() for s in h}
    assert len(unused) == 5 and all(pos.board[s] is None for s in unused)
    assert sum(floor_of(s) == 3 for s in unused) == 1
    assert {p: names(pos.targets_of(p)) for p in "ABC"} == {
        "A": names(hands["C"]), "B": names(hands["A"]), "C": names(hands["B"])
    }


@pytest.mark.parametrize("seed", SEEDS)
def test_two_players(seed: int) -> None:
    dl = deal(2, random.Random(seed))
    hands = dict(dl.hands)
    assert {card_marks(s) for s in hands["A"]} == {1} and {card_marks(s) for s in hands["B"]} == {3}
    assert len(hands["A"]) == len(hands["B"]) == 5
    pos = setup(2, seed=seed)
    assert pos.seats == ("A", "B")
    pieces = [p for p in pos.board if p]
    assert len(pieces) == 10 and pieces.count("H") == 2
    assert all(pos.board[s] is None for s in range(20) if floor_of(s) == 3)
    _hand_squares_hold_own_pieces(pos, dl.hands)
    # the two players exchange their hands (Két játékos)
    assert names(pos.targets_of("A")) == names(hands["B"]) and names(pos.targets_of("B")) == names(hands["A"])


@pytest.mark.parametrize("seed", SEEDS)
def test_two_players_with_passive_colours(seed: int) -> None:
    dl = deal(2, random.Random(seed), "passive")
    hands = dict(dl.hands)
    pos = setup(2, seed=seed, variant="passive")
    assert pos.seats == ("A", "B", "C", "D") and pos.players == ("A", "B") and pos.passive == {"C", "D"}
    assert len([p for p in pos.board if p]) == 20
    _hand_squares_hold_own_pieces(pos, dl.hands)
    assert dict(pos.targets).keys() == {"A", "B"}
    assert names(pos.targets_of("A")) == names(hands["B"]) and names(pos.targets_of("B")) == names(hands["A"])
    # passive pieces never move: no legal turn starts with one
    passive_squares = {square_name(s) for s, p in enumerate(pos.board) if p and p[0] in "CD"}
    assert all(str(m).split()[0][:2] not in passive_squares for m in pos.legal_moves())


def test_same_seed_same_deal_and_pinned_example() -> None:
    assert setup(4, seed=5) == setup(4, seed=5)
    assert setup(4, seed=5) != setup(4, seed=6)
    pos = setup(2, seed=3)
    assert names(pos.targets_of("B")) == ["a1", "b1", "b2", "c1", "d2"]
    assert names(pos.targets_of("A")) == ["a4", "b4", "b5", "c5", "d4"]
    assert len(pos.legal_moves()) == 52


def test_first_player() -> None:
    assert setup(3, seed=1, first="C").to_move == "C"
    with pytest.raises(UsageError):
        setup(3, seed=1, first="D")


@pytest.mark.parametrize(("players", "variant"), [(1, "standard"), (5, "standard"), (4, "passive"), (2, "solo")])
def test_bad_player_counts(players: int, variant: str) -> None:
    with pytest.raises(UsageError):
        setup(players, seed=1, variant=variant)


def sqs(text: str) -> list[int]:
    return [parse_square(t) for t in text.split()]


GOOD4 = {
    "A": sqs("a3 a1 b1 c1 d1"),
    "B": sqs("b3 a4 b4 c4 d4"),
    "C": sqs("c3 a2 b2 c2 d2"),
    "D": sqs("d3 a5 b5 c5 d5"),
}


def problems(players: int, hands: dict[str, list[int]], variant: str = "standard") -> list[tuple[str, str | None]]:
    _pos, found = prepare(players, seed=0, hands=hands, variant=variant)
    return [(v.code, v.rule) for v in found]


def test_given_cards_are_checked() -> None:
    assert problems(4, GOOD4) == []
    # either pair of opposite players may take the one-mark cards
    assert problems(4, {"A": GOOD4["B"], "B": GOOD4["A"], "C": GOOD4["D"], "D": GOOD4["C"]}) == []
    assert problems(3, {k: GOOD4[k] for k in "ABC"}) == []
    assert problems(2, {"A": sqs("a1 b1 c1 d1 a2"), "B": sqs("a5 b5 c5 d5 a4")}) == []
    assert problems(2, GOOD4, "passive") == []


@pytest.mark.parametrize(
    ("players", "hands", "expected"),
    [
        (4, {**GOOD4, "A": sqs("a3 a1 b1 c1")}, [("ZEN-SETUP-HAND-SIZE", "Zen: Előkészületek 4")]),
        (4, {**GOOD4, "D": sqs("d3 a5 b5 c5 a1")}, [
            ("ZEN-SETUP-DUPLICATE-CARD", "Zen: Előkészületek 2"),
            ("ZEN-SETUP-DECK", "Zen: Előkészületek 4"),
        ]),
        (4, {**GOOD4, "A": sqs("a3 b3 b1 c1 d1"), "B": sqs("a1 a4 b4 c4 d4")}, [
            ("ZEN-SETUP-THIRD-FLOOR", "Zen: Előkészületek 3"),
            ("ZEN-SETUP-THIRD-FLOOR", "Zen: Előkészületek 3"),
            ("ZEN-SETUP-DECK", "Zen: Előkészületek 4"),
        ]),
        (4, {**GOOD4, "C": GOOD4["D"], "D": GOOD4["C"]}, [
            ("ZEN-SETUP-OPPOSITE", "Zen: Előkészületek 4"),
            ("ZEN-SETUP-OPPOSITE", "Zen: Előkészületek 4"),
        ]),
        (3, GOOD4, [("ZEN-SETUP-SEATS", "Zen: Három játékos")]),
        (2, {"A": sqs("a3 b1 c1 d1 a2"), "B": sqs("a5 b5 c5 d5 a4")}, [
            ("ZEN-SETUP-TWO-MARK", "Zen: Két játékos"),
        ]),
        (2, {"A": sqs("a1 b1 c1 d1 a2"), "B": sqs("a5 b5 c5 d2 a4")}, [
            ("ZEN-SETUP-DECK", "Zen: Két játékos"),
        ]),
        (2, {"A": sqs("a1 b1 c1 d1 a2"), "B": sqs("b2 c2 d2 b3 d3")}, [
            ("ZEN-SETUP-TWO-MARK", "Zen: Két játékos"),
            ("ZEN-SETUP-DECK", "Zen: Két játékos"),
        ]),
    ],
)
def test_bad_deals(players: int, hands: dict[str, list[int]], expected: list[tuple[str, str]]) -> None:
    assert problems(players, hands) == expected


def test_given_cards_raise_in_setup() -> None:
    with pytest.raises(IllegalActionError) as info:
        setup(3, hands=GOOD4)
    assert info.value.code == "ZEN-SETUP-SEATS"


def test_placement_is_checked() -> None:
    pos = setup(4, seed=0, hands=GOOD4)
    board = list(pos.board)
    assert prepare(4, hands=GOOD4, board=board)[1] == []
    # swap A's Girl with B's Girl: both hands are wrong
    a, b = board.index("A1"), board.index("B1")
    board[a], board[b] = board[b], board[a]
    found = prepare(4, hands=GOOD4, board=board)[1]
    assert [(v.code, v.rule) for v in found] == [("ZEN-SETUP-PLACEMENT", "Zen: Előkészületek 5")] * 2
    # three players: nothing may stand on the set-aside cards
    three = {k: GOOD4[k] for k in "ABC"}
    board3 = list(setup(3, seed=0, hands=three).board)
    board3[parse_square("d3")] = "H"
    found = prepare(3, hands=three, board=board3)[1]
    assert [(v.code, v.rule) for v in found] == [("ZEN-SETUP-STRAY", "Zen: Előkészületek 5")]
    assert found[0].message == "H stands on d3, which is nobody's start card"


def test_any_piece_may_take_the_third_floor_card() -> None:
    kinds = set()
    for seed in range(30):
        pos = setup(4, seed=seed)
        kinds.update(pos.board[s] for s in range(8, 12))
    assert {k[-1] for k in kinds if k} == {"1", "2", "3", "4", "H"}
