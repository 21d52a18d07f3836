"""The rulebook's worked examples (Polish edition, examples 1-a … 6-b and the final score).

Each example is rebuilt as a position file in ``examples/exxit/rulebook/``; the
tests assert the legal moves the text describes, the reason codes of the moves
it rules out, and that each "after" picture is the result of the move before.
"""

from __future__ import annotations

import pytest
from layout import ROOT

from korbiro.rules.exxit import Move, Options, Position, dump_position, load_position

RULEBOOK = ROOT / "examples" / "exxit" / "rulebook"


def pos(name: str) -> Position:
    return load_position(RULEBOOK / f"{name}.yaml")


def moves(p: Position) -> list[str]:
    return [str(m) for m in p.legal_moves()]


def code(p: Position, move: str) -> tuple[str, str | None]:
    v = p.check(Move.parse(move))
    return v.code, v.rule


def test_1a_right_toward_black_not_left_too_tall_not_up_too_far() -> None:
    # "Biały stos może ruszyć się w prawo w kierunku czarnego stosu, ale nie w lewo
    # (czarny stos jest za wysoki) i nie w górę (pionek jest za daleko)."
    p = pos("1a")
    assert p.to_move == "white"
    assert moves(p) == ["dance 0,0 e"]
    assert code(p, "dance 0,0 w") == ("EXXIT-DANCE-TARGET-TOO-TALL", "EXXIT rulebook: Ruchy taneczne")
    assert code(p, "dance 0,0 nw") == ("EXXIT-DANCE-OUT-OF-REACH", "EXXIT rulebook: Ruchy taneczne")
    assert p.stacks()[(-1, 0)] == ("black", "black", "black")
    assert p.stacks()[(0, -3)] == ("black",)


def test_1b_is_the_position_after_1a_and_black_must_dance() -> None:
    p = pos("1a")
    p.play("dance 0,0 e")
    assert p == pos("1b")
    # sowing starts with the bottom chip: one white chip on 1,0, the other on the black chip
    assert p.stacks()[(1, 0)] == ("white",)
    assert p.stacks()[(2, 0)] == ("black", "white")
    b = pos("1b")
    assert b.to_move == "black"
    assert moves(b) == ["dance -1,0 e"]
    assert code(b, "drop 0,0") == ("EXXIT-DANCE-COMPULSORY", "EXXIT rulebook: Ruchy taneczne")
    assert code(b, "pass") == ("EXXIT-PASS-NOT-ALLOWED", "EXXIT rulebook: Pasowanie")


def test_2a_white_must_dance_off_the_board() -> None:
    p = pos("2a")
    assert moves(p) == ["dance 2,0 e"]
    assert code(p, "drop 1,-1")[0] == "EXXIT-DANCE-COMPULSORY"
    p.play("dance 2,0 e")
    # the two chips left over leave the board together, as one prisoner stack
    assert p.prisoners() == {(4, 0): ("white", "white")}
    assert p.stacks()[(3, 0)] == ("black", "white")


def test_2b_is_the_position_after_2a_and_black_must_dance() -> None:
    p = pos("2a")
    p.play("dance 2,0 e")
    assert p == pos("2b")
    b = pos("2b")
    assert b.to_move == "black"
    assert moves(b) == ["dance 3,2 nw"]
    assert code(b, "drop 2,-1")[0] == "EXXIT-DANCE-COMPULSORY"


def test_3_no_dance_onto_prisoners_so_drop_or_exchange() -> None:
    # "Biały nie musi wykonać tańca, ponieważ skończyłby poza planszą, a miejsce to jest
    # już zajęte. Biały może zatem położyć nowy pionek albo wymienić stos poza planszą."
    p = pos("3")
    assert code(p, "dance 2,0 e") == ("EXXIT-DANCE-PRISONERS-IN-LANDING", "EXXIT rulebook: Ruchy taneczne")
    empty = sorted(f"drop {q},{r}" for (q, r) in p.tiles() if (q, r) not in p.stacks())
    assert moves(p) == sorted(empty, key=lambda m: Move.parse(m).sort_key()) + ["exchange 4,0"]
    assert len(empty) == 6


def test_4_three_dances_but_the_one_off_the_board_first() -> None:
    p = pos("4")
    assert moves(p) == ["dance 0,0 e"]
    for other in ("dance 0,0 w", "dance 0,0 nw"):
        assert code(p, other) == ("EXXIT-OFFBOARD-DANCE-FIRST", "EXXIT rulebook: Ruchy taneczne")
    # with the priority switched off (ambiguity A2) all three are legal
    free = load_position(RULEBOOK / "4.yaml", Options(offboard_first=False))
    assert moves(free) == ["dance 0,0 e", "dance 0,0 nw", "dance 0,0 w"]


def test_5a_the_black_chip_can_be_exchanged_the_white_stack_not() -> None:
    p = pos("5a")
    assert "exchange 2,-1" in moves(p)
    assert "exchange -1,2" not in moves(p)
    assert code(p, "exchange -1,2") == ("EXXIT-EXCHANGE-NEEDS-TWO-TILES", "EXXIT rulebook: Powiększanie planszy")
    assert moves(p) == ["drop 0,1", "drop 1,-1", "drop 1,0", "exchange 2,-1"]


def test_5b_the_chip_goes_back_to_black_and_a_white_tile_is_added() -> None:
    p = pos("5a")
    before = p.reserves["black"]
    p.play("exchange 2,-1")
    assert p == pos("5b")
    assert p.reserves["black"] == before + 1
    assert p.tiles()[(2, -1)] == "white"
    assert p.stock == pos("5a").stock - 1


def test_6a_exchanging_the_white_stack_lets_the_black_chip_be_exchanged_too() -> None:
    p = pos("6a")
    assert moves(p) == ["drop 0,0", "drop 1,-1", "drop 1,0", "exchange 2,-1"]
    assert code(p, "exchange 2,-2")[0] == "EXXIT-EXCHANGE-NEEDS-TWO-TILES"


def test_6b_two_new_white_tiles() -> None:
    p = pos("6a")
    res = p.reserves
    p.play("exchange 2,-1")
    assert p == pos("6b")
    assert p.tiles()[(2, -1)] == "white" and p.tiles()[(2, -2)] == "white"
    assert p.prisoners() == {}
    assert p.reserves == {"white": res["white"] + 1, "black": res["black"] + 1}


def test_end_black_wins_34_to_25() -> None:
    # "Koniec gry: czarny wygrywa przy 34 punktach do 25 punktów białego."
    p = pos("end")
    out = p.outcome()
    assert out is not None
    assert out.termination.value == "stock-exhausted"
    assert out.score == (25, 34)
    assert out.winner == "black"
    assert p.legal_moves() == []
    assert code(p, "pass")[0] == "EXXIT-GAME-OVER"


@pytest.mark.parametrize("name", ["1a", "1b", "2a", "2b", "3", "4", "5a", "5b", "6a", "6b", "end"])
def test_every_example_file_round_trips(name: str) -> None:
    text = (RULEBOOK / f"{name}.yaml").read_text(encoding="utf-8")
    assert dump_position(pos(name)) == text
