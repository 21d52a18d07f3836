"""The EXXIT model: moves, dances, exchanges, the end, scoring, options, and every reason code."""

from __future__ import annotations

import pytest
from layout import ROOT

from korbiro.base.errors import DataError, RulesSyntaxError, UsageError
from korbiro.rules.exxit import (
    OK,
    REASONS,
    VARIANTS,
    IllegalMoveError,
    Move,
    Options,
    Position,
    PositionError,
    Termination,
    dump_position,
    load_position,
    load_position_text,
)

EXAMPLES = ROOT / "examples" / "exxit"
W, B = "white", "black"


def make(
    tiles: str,
    stacks: dict[str, list[str]] | None = None,
    to_move: str = W,
    variant: str = "standard",
    options: Options | None = None,
    reserves: dict[str, int] | None = None,
) -> Position:
    """A position from ``"q,r=W q,r=B …"`` and stacks.

    Reserves default to the chips not in stacks; when *reserves* is given, the
    chips left over wait as prisoners far from the board (40,40 white, 40,42 black),
    where they touch no tile.
    """
    tile_map = {}
    for item in tiles.split():
        k, v = item.split("=")
        q, r = map(int, k.split(","))
        tile_map[(q, r)] = W if v == "W" else B
    stack_map = {tuple(map(int, k.split(","))): tuple(v) for k, v in (stacks or {}).items()}
    used = {W: 0, B: 0}
    for st in stack_map.values():
        for c in st:
            used[c] += 1
    if reserves is None:
        reserves = {W: 8 - used[W], B: 8 - used[B]}
    for colour, where in ((W, (40, 40)), (B, (40, 42))):
        spare = 8 - used[colour] - reserves[colour]
        if spare > 0:
            stack_map[where] = (colour,) * spare
    return Position.from_parts(
        variant=variant,
        to_move=to_move,
        tiles=tile_map,
        stacks=stack_map,  # type: ignore[arg-type]
        reserves=reserves,
        stock=VARIANTS[variant] - len(tile_map),
        options=options,
    )


def moves(p: Position) -> list[str]:
    return [str(m) for m in p.legal_moves()]


LINE = "-1,0=W 0,0=B 1,0=W 2,0=B 3,0=W 4,0=B"  # a straight row of six tiles


# -- notation ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("dance 0,0 e", "dance 0,0 e"),
        ("DANCE  -3,12   SW", "dance -3,12 sw"),
        ("drop 1, -1", "drop 1,-1"),
        ("exchange 4,0", "exchange 4,0"),
        ("tile -1,1", "tile -1,1"),
        ("pass", "pass"),
        ("black pass", "black pass"),
        ("White drop 0,0", "white drop 0,0"),
    ],
)
def test_move_notation_round_trips(text: str, canonical: str) -> None:
    m = Move.parse(text)
    assert str(m) == canonical
    assert Move.parse(str(m)) == m


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "expected a move"),
        ("jump 0,0", "cannot read move 'jump 0,0'"),
        ("dance 0,0 north", "unknown direction 'north'"),
        ("dance 0,0", "cannot read move"),
        ("drop 0;0", "expected a hex as q,r"),
        ("drop 1001,0", "too far out"),
        ("drop 99999999999,0", "expected a hex as q,r"),
        ("pass 0,0", "cannot read move"),
        ("drop ٣,0", "expected a hex as q,r"),
    ],
)
def test_bad_move_text_is_a_syntax_error(text: str, fragment: str) -> None:
    with pytest.raises(RulesSyntaxError) as err:
        Move.parse(text)
    assert err.value.code == "EXXIT-MOVE-SYNTAX"
    assert fragment in err.value.message


def test_moves_sort_by_kind_then_hex_then_direction() -> None:
    ms = [Move.parse(t) for t in ("pass", "exchange 0,0", "drop -1,5", "drop -1,2", "dance 1,0 w", "dance 1,0 e")]
    assert [str(m) for m in sorted(ms, key=Move.sort_key)] == [
        "dance 1,0 e",
        "dance 1,0 w",
        "drop -1,2",
        "drop -1,5",
        "exchange 0,0",
        "pass",
    ]


# -- the start ----------------------------------------------------------------


def test_standard_start_matches_the_contract() -> None:
    p = Position()
    assert p.tiles() == {(0, 0): W, (1, 0): W, (1, -1): B, (0, 1): B}
    assert p.stacks() == {} and p.prisoners() == {}
    assert p.to_move == W and p.reserves == {W: 8, B: 8} and p.stock == 35
    assert moves(p) == ["drop 0,0", "drop 0,1", "drop 1,-1", "drop 1,0"]


@pytest.mark.parametrize("variant, stock", [("standard", 35), ("blitz", 25), ("beginner", 15), ("expert", 37)])
def test_variant_stock_counts_the_starting_tiles(variant: str, stock: int) -> None:
    assert Position.start(variant).stock == stock


def test_unknown_variant() -> None:
    with pytest.raises(PositionError, match="unknown variant 'chess'"):
        Position.start("chess")


# -- dances ---------------------------------------------------------------------


def test_a_single_chip_next_to_a_single_enemy_chip_must_dance() -> None:
    p = Position()
    p.play("drop 0,0")
    p.play("drop 1,0")
    assert moves(p) == ["dance 0,0 e"]
    p.play("dance 0,0 e")
    assert p.stacks() == {(1, 0): (B, W)}


def test_sowing_passes_the_target_and_continues_beyond_it() -> None:
    p = make(LINE, {"-1,0": [W, W, W, W], "1,0": [B]})
    assert moves(p) == ["dance -1,0 e"]
    p.play("dance -1,0 e")
    # bottom chip first, one per hex: 0,0, then the target 1,0, then 2,0 and 3,0
    assert p.stacks() == {(0, 0): (W,), (1, 0): (B, W), (2, 0): (W,), (3, 0): (W,)}


def test_sowing_onto_stacks_beyond_the_target() -> None:
    p = make(LINE, {"-1,0": [B, W, W], "0,0": [B], "1,0": [W]})
    p.play("dance -1,0 e")
    assert p.stacks() == {(0, 0): (B, B), (1, 0): (W, W), (2, 0): (W,)}


def test_leftover_chips_leave_as_one_prisoner_stack_in_their_order() -> None:
    p = make(LINE, {"3,0": [W, B, B, W], "4,0": [B]})
    assert moves(p) == ["dance 3,0 e"]
    p.play("dance 3,0 e")
    assert p.stacks() == {(4, 0): (B, W)}
    assert p.prisoners() == {(5, 0): (B, B, W)}  # the chip that was on top stays on top


def test_a_dance_cannot_reach_past_the_edge_of_the_board() -> None:
    # the black chip is across a gap: the line leaves the board first
    p = make("0,0=W 1,0=B 3,0=W", {"0,0": [W, W, W], "3,0": [B]})
    v = p.check(Move.parse("dance 0,0 e"))
    assert v.code == "EXXIT-DANCE-NO-TARGET"
    assert "the board ends at 2,0" in v.message


def test_equal_heights_may_dance_a8() -> None:
    p = make(LINE, {"0,0": [W, W], "1,0": [B, B]})
    assert moves(p) == ["dance 0,0 e"]
    strict = make(LINE, {"0,0": [W, W], "1,0": [B, B]}, options=Options(target_height="shorter"))
    assert strict.check(Move.parse("dance 0,0 e")).code == "EXXIT-DANCE-TARGET-TOO-TALL"
    assert moves(strict)[0].startswith("drop")


def test_offboard_dances_come_first_a2() -> None:
    p = make(LINE, {"0,0": [W, W], "1,0": [B], "3,0": [W, W], "4,0": [B]})
    assert moves(p) == ["dance 3,0 e"]
    free = make(LINE, {"0,0": [W, W], "1,0": [B], "3,0": [W, W], "4,0": [B]}, options=Options(offboard_first=False))
    assert moves(free) == ["dance 0,0 e", "dance 3,0 e", "dance 3,0 w"]


def test_dances_may_be_optional_a6() -> None:
    p = make(LINE, {"0,0": [W], "1,0": [B]}, options=Options(compulsory_dance=False))
    assert moves(p)[0] == "dance 0,0 e"
    assert "drop -1,0" in moves(p)
    assert p.check(Move.parse("drop 2,0")) is OK


def test_prisoners_in_the_landing_hex_a7() -> None:
    stacks = {"3,0": [W, W], "4,0": [B], "5,0": [B]}
    p = make(LINE, stacks)
    assert p.check(Move.parse("dance 3,0 e")).code == "EXXIT-DANCE-PRISONERS-IN-LANDING"
    loose = make(LINE, stacks, options=Options(prisoner_landing="stack"))
    assert moves(loose) == ["dance 3,0 e"]
    loose.play("dance 3,0 e")
    assert loose.prisoners() == {(5, 0): (B, W)}


# -- drops, exchanges, passes ------------------------------------------------------


def test_exchange_returns_chips_to_their_owners_and_adds_a_tile_of_the_movers_colour() -> None:
    p = make("0,0=W 1,0=B 0,1=B", {"1,1": [W, B, B]}, to_move=B)
    assert moves(p)[-1] == "exchange 1,1"
    before = p.reserves
    p.play("exchange 1,1")
    assert p.tiles()[(1, 1)] == B
    assert p.reserves == {W: before[W] + 1, B: before[B] + 2}
    assert p.prisoners() == {}


def test_chain_needs_two_tiles_by_default_a1() -> None:
    # 2,-1 touches 1,-1 and 1,0; 3,-1 touches only 2,-1 once that is a tile
    tiles = "1,-1=B 0,0=W 1,0=W 0,1=B"
    stacks = {"2,-1": [W], "3,-1": [B]}
    p = make(tiles, stacks)
    p.play("exchange 2,-1")
    assert p.prisoners() == {(3, -1): (B,)}
    q = make(tiles, stacks, options=Options(chain="adjacent"))
    q.play("exchange 2,-1")
    assert q.prisoners() == {}
    assert q.tiles()[(3, -1)] == W


def test_a_chain_stops_when_the_stock_runs_out_and_the_game_ends() -> None:
    tiles = " ".join(f"{q},0=W" for q in range(18)) + " " + " ".join(f"{q},1=B" for q in range(19))
    p = make(tiles, {"18,0": [W], "-1,1": [B], "-1,0": [B]})
    assert p.stock == 2
    p.play("exchange 18,0")  # no chain here: one tile
    assert p.stock == 1
    assert p.check(Move.parse("exchange -1,1")) is OK
    p.play("exchange -1,1")  # -1,0 could chain, but the stock is empty
    assert p.stock == 0
    assert p.prisoners() == {(-1, 0): (B,)}
    out = p.outcome()
    assert out is not None and out.termination is Termination.STOCK_EXHAUSTED


def test_both_players_passing_ends_the_game() -> None:
    p = make("0,0=W 1,0=B", {"0,0": [W], "1,0": [W]}, reserves={W: 6, B: 0}, to_move=B)
    assert moves(p) == ["pass"]
    p.play("pass")
    assert moves(p) == ["pass"] or p.reserves[W] == 6
    p2 = make("0,0=W 1,0=B", {"0,0": [W], "1,0": [B]}, reserves={W: 0, B: 0}, to_move=B)
    assert moves(p2) == ["dance 1,0 w"]
    p3 = make("0,0=W 2,0=B", {"0,0": [W], "2,0": [B]}, reserves={W: 0, B: 0})
    assert moves(p3) == ["pass"]
    p3.play("pass")
    assert p3.outcome() is None
    p3.play("pass")
    out = p3.outcome()
    assert out is not None and out.termination is Termination.BOTH_PASSED
    assert out.score == (2, 2) and out.winner is None
    assert p3.legal_moves() == []


def test_threefold_repetition_ends_and_scores_the_game_a3() -> None:
    cycle = ["dance 0,1 sw", "dance -2,3 sw", "dance -1,2 sw", "pass", "dance -3,4 ne", "dance -1,2 ne", "dance -2,3 ne", "pass"]
    p = load_position(EXAMPLES / "repetition.yaml")
    for m in cycle:
        p.play(m)
    assert not p.is_game_over()  # second occurrence
    for m in cycle[:-1]:
        p.play(m)
    assert not p.is_game_over()
    p.play(cycle[-1])  # third occurrence
    out = p.outcome()
    assert out is not None and out.termination is Termination.REPETITION
    assert out.winner == W and out.score == (39, 29)
    assert p.legal_moves() == []
    p.pop()
    assert not p.is_game_over()
    twice = load_position(EXAMPLES / "repetition.yaml", Options(repetition_count=2))
    for m in cycle:
        twice.play(m)
    assert twice.is_repetition()
    draw = load_position(EXAMPLES / "repetition.yaml", Options(repetition="draw", repetition_count=2))
    for m in cycle:
        draw.play(m)
    out = draw.outcome()
    assert out is not None and out.termination is Termination.REPETITION and out.winner is None


# -- scoring ----------------------------------------------------------------------


def test_score_counts_the_largest_island_twice() -> None:
    # white: islands of 3 and 1 -> 4 + 3 = 7; black: islands of 2 and 1 -> 3 + 2 = 5
    p = make("0,0=W 1,0=W 2,0=W 3,0=B 4,0=B 5,0=W 6,0=B")
    assert p.score() == (7, 5)


def test_equal_scores_are_a_draw_unless_the_tie_break_is_on_a4() -> None:
    tiles = "0,0=W 1,0=W 2,0=B 3,0=W 4,0=B 5,0=B"  # white 3 + 2 = 5, black 3 + 2 = 5
    base = make(tiles, reserves={W: 0, B: 0})
    base.play("pass")
    base.play("pass")
    out = base.outcome()
    assert out is not None and out.score == (5, 5) and out.winner is None
    tb = make("0,0=W 1,0=W 2,0=W 3,0=B 5,0=B 7,0=B 9,0=B", reserves={W: 0, B: 0}, options=Options(tie="largest-island"))
    tb.play("pass")
    tb.play("pass")
    out = tb.outcome()
    assert out is not None and out.score == (6, 5)
    assert out.winner == W


def test_centre_pair_option_swaps_the_start_tiles_a5() -> None:
    p = Position(options=Options(centre_pair="second"))
    assert p.tiles() == {(0, 0): B, (1, 0): B, (1, -1): W, (0, 1): W}
    assert p.to_move == W


# -- the expert setup -------------------------------------------------------------


def test_expert_setup_lays_tiles_until_six() -> None:
    p = Position.start("expert")
    assert p.tiles() == {(0, 0): W, (1, 0): B}
    assert p.in_setup
    assert moves(p) == [
        "tile -1,0",
        "tile -1,1",
        "tile 0,-1",
        "tile 0,1",
        "tile 1,-1",
        "tile 1,1",
        "tile 2,-1",
        "tile 2,0",
    ]
    assert p.check(Move.parse("drop 0,0")).code == "EXXIT-SETUP-TILE-REQUIRED"
    assert p.check(Move.parse("tile 5,5")).code == "EXXIT-TILE-NOT-ADJACENT"
    assert p.check(Move.parse("tile 1,0")).code == "EXXIT-TILE-OCCUPIED"
    for m, who in (("tile 0,1", W), ("tile 1,-1", B), ("tile -1,0", W), ("tile 2,0", B)):
        assert p.to_move == who
        p.play(m)
    assert not p.in_setup
    assert p.to_move == W
    assert p.tiles()[(1, -1)] == B and p.tiles()[(-1, 0)] == W
    assert p.stock == 33
    assert moves(p)[0] == "drop -1,0"
    assert p.check(Move.parse("tile 3,0")).code == "EXXIT-TILE-NOT-IN-SETUP"


# -- check(): every reason code, with its rule ---------------------------------------


def _cases() -> list[tuple[str, Position, str]]:
    over = make("0,0=W 2,0=B", reserves={W: 0, B: 0})
    over.play("pass")
    over.play("pass")
    dance_pos = make(LINE, {"0,0": [W, W], "1,0": [B], "-1,0": [B, B, B], "3,0": [W]})
    return [
        ("EXXIT-GAME-OVER", over, "pass"),
        ("EXXIT-NOT-YOUR-TURN", Position(), "black drop 0,0"),
        ("EXXIT-DANCE-COMPULSORY", dance_pos, "drop 2,0"),
        ("EXXIT-OFFBOARD-DANCE-FIRST", make(LINE, {"0,0": [W, W], "1,0": [B], "3,0": [W, W], "4,0": [B]}), "dance 0,0 e"),
        ("EXXIT-DANCE-NO-STACK", dance_pos, "dance 2,0 e"),
        ("EXXIT-DANCE-PRISONERS", make(LINE, {"5,0": [W], "0,0": [B]}), "dance 5,0 w"),
        ("EXXIT-DANCE-NOT-YOUR-STACK", dance_pos, "dance 1,0 e"),
        ("EXXIT-DANCE-BLOCKED-BY-OWN", make(LINE, {"0,0": [W, W, W, W], "2,0": [W], "3,0": [B]}), "dance 0,0 e"),
        ("EXXIT-DANCE-TARGET-TOO-TALL", dance_pos, "dance 0,0 w"),
        ("EXXIT-DANCE-OUT-OF-REACH", make(LINE, {"-1,0": [W], "2,0": [B]}), "dance -1,0 e"),
        ("EXXIT-DANCE-NO-TARGET", dance_pos, "dance 0,0 nw"),
        ("EXXIT-DANCE-PRISONERS-IN-LANDING", make(LINE, {"3,0": [W, W], "4,0": [B], "5,0": [B]}), "dance 3,0 e"),
        ("EXXIT-DROP-NO-RESERVE", make(LINE, reserves={W: 0, B: 8}), "drop 2,0"),
        ("EXXIT-DROP-NOT-A-TILE", Position(), "drop 5,5"),
        ("EXXIT-DROP-OCCUPIED", make(LINE, {"0,0": [B]}), "drop 0,0"),
        ("EXXIT-EXCHANGE-NO-PRISONERS", Position(), "exchange 2,0"),
        ("EXXIT-EXCHANGE-NEEDS-TWO-TILES", make(LINE, {"5,0": [B]}), "exchange 5,0"),
        ("EXXIT-PASS-NOT-ALLOWED", Position(), "pass"),
        ("EXXIT-SETUP-TILE-REQUIRED", Position.start("expert"), "pass"),
        ("EXXIT-TILE-NOT-IN-SETUP", Position(), "tile 2,0"),
        ("EXXIT-TILE-OCCUPIED", Position.start("expert"), "tile 0,0"),
        ("EXXIT-TILE-NOT-ADJACENT", Position.start("expert"), "tile 3,0"),
    ]


@pytest.mark.parametrize("code, position, move", _cases(), ids=[c[0] for c in _cases()])
def test_each_reason_code_with_its_rule(code: str, position: Position, move: str) -> None:
    v = position.check(Move.parse(move))
    assert not v.ok
    assert v.code == code
    assert v.rule == REASONS[code].rule.id
    assert v.rule is not None and v.rule.startswith("EXXIT rulebook: ")
    assert v.rule_text and "\u201e" in v.rule_text  # the Polish words it rests on
    assert move.split()[-1] in v.message or v.message


def test_every_reason_code_is_exercised() -> None:
    covered = {c[0] for c in _cases()} | {"EXXIT-RECORD-MOVE-NUMBER"}
    assert covered == set(REASONS)


def test_reasons_lists_every_problem() -> None:
    p = make(LINE, {"0,0": [W], "1,0": [B]}, reserves={W: 0, B: 7}, to_move=W)
    # no reserve, the tile is taken, and a dance is compulsory anyway
    codes = [v.code for v in p.reasons(Move.parse("drop 1,0"))]
    assert codes == ["EXXIT-DROP-OCCUPIED", "EXXIT-DROP-NO-RESERVE", "EXXIT-DANCE-COMPULSORY"]


def test_play_raises_with_code_and_rule_push_only_when_impossible() -> None:
    p = Position()
    with pytest.raises(IllegalMoveError) as err:
        p.play("pass")
    assert err.value.code == "EXXIT-PASS-NOT-ALLOWED"
    assert err.value.rule == "EXXIT rulebook: Pasowanie"
    p.push("pass")  # push carries out a move without judging it, like python-chess
    assert p.to_move == B
    with pytest.raises(IllegalMoveError) as err:
        p.push("drop 9,9")
    assert err.value.code == "EXXIT-DROP-NOT-A-TILE"
    assert p.pop() == Move.parse("pass")
    with pytest.raises(IndexError):
        p.pop()


def test_copy_is_independent() -> None:
    p = Position()
    p.play("drop 0,0")
    q = p.copy()
    q.play("drop 1,0")
    assert p.stacks() == {(0, 0): (W,)}
    assert q.pop() == Move.parse("drop 1,0")
    assert q.pop() == Move.parse("drop 0,0")
    assert q == Position()


# -- options ---------------------------------------------------------------------


def test_options_from_assignments_and_errors() -> None:
    o = Options.from_assignments(["offboard-first=false", "chain=adjacent", "repetition_count=2"])
    assert o.changed() == {"chain": "adjacent", "offboard_first": "false", "repetition_count": "2"}
    with pytest.raises(UsageError, match="unknown EXXIT option 'colour'"):
        Options.from_assignments(["colour=red"])
    with pytest.raises(UsageError, match="expects true or false"):
        Options.from_assignments(["offboard_first=maybe"])
    with pytest.raises(UsageError, match="expected NAME=VALUE"):
        Options.from_assignments(["chain"])
    with pytest.raises(UsageError, match="cannot be 'x'"):
        Options(chain="x")


# -- position files -----------------------------------------------------------------


def test_position_file_round_trip_and_contract_example() -> None:
    text = (
        "variant: standard\n"
        "to_move: white\n"
        'tiles: {"0,0": white, "1,0": white, "1,-1": black, "0,1": black}\n'
        'stacks: {"0,0": [white, black]}\n'
        "reserves: {white: 7, black: 7}\n"
        "stock: 35\n"
    )
    p = load_position_text(text)
    assert p.stacks() == {(0, 0): (W, B)}
    again = load_position_text(dump_position(p))
    assert again == p
    assert dump_position(again) == dump_position(p)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("variant: standard\n", "<string>:1:1: missing key 'to_move'"),
        ("variant: chess\nto_move: white\ntiles: {}\nstacks: {}\nreserves: {white: 8, black: 8}\nstock: 0\n", "<string>:1:10: unknown variant 'chess'"),
        ('variant: standard\nto_move: white\ntiles: {"0,0": white, "x": black}\nstacks: {}\nreserves: {white: 8, black: 8}\nstock: 37\n', "<string>:3:"),
        ('variant: standard\nto_move: white\ntiles: {"0,0": red}\nstacks: {}\nreserves: {white: 8, black: 8}\nstock: 38\n', "colour must be white or black, got 'red'"),
        ('variant: standard\nto_move: white\ntiles: {"0,0": white}\nstacks: {}\nreserves: {white: 8, black: 8}\nstock: 30\n', "<string>:6:8: stock 30 plus 1 tile(s) on the board is 31, but the standard game has 39 tiles"),
        ('variant: standard\nto_move: white\ntiles: {"0,0": white}\nstacks: {"0,0": [white]}\nreserves: {white: 8, black: 8}\nstock: 38\n', "<string>:5:19: white has 1 chip(s) in stacks and 8 in reserve"),
        ('variant: standard\nto_move: white\ntiles: {"0,0": white}\nstacks: {"0,0": []}\nreserves: {white: 8, black: 8}\nstock: 38\n', "expected a non-empty list"),
        ('variant: standard\nto_move: white\ntiles: {"0,0": white}\nstacks: {}\nreserves: {white: 8, black: 8}\nstock: 38\ncolour: red\n', "<string>:7:9: unknown key 'colour'"),
        ('variant: standard\nto_move: white\ntiles: {"0,0": white}\nstacks: {}\nreserves: {white: "8", black: 8}\nstock: 38\n', "reserves.white must be a whole number"),
        ('variant: expert\nto_move: white\ntiles: {"0,0": white}\nstacks: {"0,0": [white]}\nreserves: {white: 7, black: 8}\nstock: 38\n', "still in its tile-laying setup"),
        ("variant: standard\nvariant: blitz\n", "duplicate key 'variant'"),
        ("- a\n- b\n", "expected a mapping"),
    ],
)
def test_position_file_errors_name_file_line_column(text: str, expected: str) -> None:
    with pytest.raises(DataError) as err:
        load_position_text(text)
    rendered = "\n".join(f.render_text() for f in err.value.findings) + "\n" + str(err.value)
    assert expected in rendered


def test_position_file_reports_every_problem_at_once() -> None:
    text = 'variant: standard\nto_move: purple\ntiles: {"0,0": red}\nstacks: {}\nreserves: {white: 8, black: 8}\nstock: 38\n'
    with pytest.raises(DataError) as err:
        load_position_text(text, "p.yaml")
    lines = [(f.line, f.message) for f in err.value.findings]
    assert lines[0] == (2, "to_move must be white or black, got 'purple'")
    assert lines[1][0] == 3 and "red" in lines[1][1]


def test_moves_outside_the_coordinate_range_are_refused() -> None:
    with pytest.raises(ValueError, match="too far out"):
        Move("drop", (0, 4101))  # would otherwise alias a hex near the start
    with pytest.raises(ValueError, match="only a dance has a direction"):
        Move("drop", (0, 0), "e")
    with pytest.raises(ValueError, match="needs a hex"):
        Move("drop")
