"""Invariants of the EXXIT engine over random games (hypothesis), and parsers under fuzzing.

Over every ply of random games in every variant and under the ambiguity options:
undo restores the position exactly, position files round-trip, every generated
move passes ``check``, illegal moves get a reason code with its rule, chips and
tiles are conserved, every game ends, and a finished game has no legal moves.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from korbiro.base.errors import DataError, RulesSyntaxError
from korbiro.rules.exxit import (
    DIRECTIONS,
    OK,
    REASONS,
    VARIANTS,
    Move,
    Options,
    Position,
    dump_position,
    load_position_text,
    parse_record_text,
)

OPTION_SETS: list[dict[str, str]] = [
    {},
    {"offboard_first": "false"},
    {"chain": "adjacent"},
    {"compulsory_dance": "false"},
    {"prisoner_landing": "stack"},
    {"target_height": "shorter"},
    {"repetition": "draw", "repetition_count": "2"},
    {"tie": "largest-island", "centre_pair": "second"},
]

MAX_PLIES = 3000


def snapshot(p: Position) -> tuple[Any, ...]:
    """Everything a position is, its history included."""
    return (
        p.board_key(),
        p.reserves,
        p.stock,
        p.consecutive_passes,
        p.is_repetition(),
        p.ply,
        p._hash,
        dict(p._seen),
        dict(p._cell),
        (dict(p._top[0]), dict(p._top[1])),
        list(p._exch),
    )


def chips_and_tiles(p: Position) -> tuple[int, int, int]:
    counts = dict(p.reserves)
    for st_ in list(p.stacks().values()) + list(p.prisoners().values()):
        for c in st_:
            counts[c] += 1
    return counts["white"], counts["black"], len(p.tiles()) + p.stock


def candidate_moves(p: Position, rng: random.Random) -> list[Move]:
    """Plausible moves, legal or not: every dance, drops, exchanges, tiles, a pass."""
    out = [Move("dance", h, d) for h in p.stacks() for d in DIRECTIONS]
    out += [Move("dance", h, rng.choice(DIRECTIONS)) for h in p.prisoners()]
    out += [Move("drop", h) for h in p.tiles()]
    out += [Move("exchange", h) for h in p.prisoners()]
    q, r = rng.randrange(-6, 7), rng.randrange(-6, 7)
    out += [Move("drop", (q, r)), Move("exchange", (q, r)), Move("tile", (q, r)), Move("dance", (q, r), "e")]
    out += [Move("pass"), Move("drop", (0, 0), player=rng.choice(("white", "black")))]
    return out


#: a random game of each variant, with each set of options
_RANDOM_GAMES = given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(VARIANTS)),
                      opts=st.sampled_from(OPTION_SETS))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@_RANDOM_GAMES
def test_random_game_invariants(seed: int, variant: str, opts: dict[str, str]) -> None:
    rng = random.Random(seed)
    options = Options().with_values(opts)
    pos = Position.start(variant, options)
    start_counts = chips_and_tiles(pos)
    assert start_counts == (8, 8, VARIANTS[variant])
    snaps: list[tuple[Any, ...]] = []
    pushed: list[Move] = []
    for ply in range(MAX_PLIES):
        legal = pos.legal_moves()
        if pos.is_game_over():
            break
        assert legal, "a game that is not over always has a move (pass at least)"
        assert len(legal) == pos.count_legal_moves()
        assert len(set(legal)) == len(legal)
        for m in legal:
            assert pos.check(m) is OK
        if ply % 7 == 0:
            legal_set = set(legal)
            for m in candidate_moves(pos, rng):
                v = pos.check(m)
                if m.without_player() in legal_set and m.player in (None, pos.to_move):
                    assert v is OK
                else:
                    assert not v.ok and v.code in REASONS and v.rule and v.message
            again = load_position_text(dump_position(pos), options=options)
            assert again == pos
            assert dump_position(again) == dump_position(pos)
        snaps.append(snapshot(pos))
        move = rng.choice(legal)
        pos.push(move)
        pushed.append(move)
        assert chips_and_tiles(pos) == start_counts
    else:
        raise AssertionError(f"the game did not end within {MAX_PLIES} plies")
    # a finished game: an outcome, no legal moves, every move refused as game over
    out = pos.outcome()
    assert out is not None
    assert pos.legal_moves() == [] and pos.count_legal_moves() == 0
    assert pos.check(Move("pass")).code == "EXXIT-GAME-OVER"
    assert out.score == pos.score()
    # undo restores every earlier position exactly
    while snaps:
        assert pos.pop() == pushed.pop()
        assert snapshot(pos) == snaps.pop()
    assert pos == Position.start(variant, options)


@pytest.mark.fuzz
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@_RANDOM_GAMES
def test_random_game_invariants_long(seed: int, variant: str, opts: dict[str, str]) -> None:
    test_random_game_invariants.hypothesis.inner_test(seed=seed, variant=variant, opts=opts)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_move_parser_never_crashes(text: str) -> None:
    try:
        m = Move.parse(text)
    except RulesSyntaxError as exc:
        assert exc.code == "EXXIT-MOVE-SYNTAX"
    else:
        assert Move.parse(str(m)) == m


@settings(max_examples=100, deadline=None)
@given(
    kind=st.sampled_from(["dance", "drop", "exchange", "tile", "pass"]),
    q=st.integers(-1000, 1000),
    r=st.integers(-1000, 1000),
    d=st.sampled_from(DIRECTIONS),
    player=st.sampled_from([None, "white", "black"]),
)
def test_move_text_round_trips(kind: str, q: int, r: int, d: str, player: str | None) -> None:
    m = Move(kind, None if kind == "pass" else (q, r), d if kind == "dance" else None, player)
    assert Move.parse(str(m)) == m


_RECORD_LINES = st.sampled_from(
    [
        "variant: standard",
        "variant: blitz",
        "chain: adjacent",
        "white: Ann",
        "1. drop 0,0",
        "drop 1,0",
        "2 dance 0,0 e",
        "pass",
        "black drop 1,-1",
        "# comment",
        "",
        "x-note: free",
        "3.... exchange 2,0",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(_RECORD_LINES, st.text(max_size=20)), max_size=12))
def test_record_parser_reports_problems_as_data(lines: list[str]) -> None:
    try:
        parse_record_text("\n".join(lines), "r.txt")
    except DataError as exc:
        assert exc.findings
        assert all(f.file == "r.txt" and f.line is not None and f.line >= 1 for f in exc.findings)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=120))
def test_position_loader_reports_problems_as_data(text: str) -> None:
    try:
        load_position_text(text, "p.yaml")
    except DataError as exc:
        assert exc.findings
        assert all(f.line is not None for f in exc.findings)
