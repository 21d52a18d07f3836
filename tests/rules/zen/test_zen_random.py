"""Zen invariants over random legal games, and the move generator against the checker.

* pieces are conserved: every piece is in the tower, on a target card, or captured;
* target cards are conserved: unused + used = the five cards passed on;
* every listed turn passes the checker, and (on sampled positions) every turn the
  checker accepts is listed: a brute-force search over all action sequences;
* games end: seeded uniform random play, and random option sets with an
  arrival-preferring random policy.  The rulebook has no rule that forces an end
  (pieces may walk back and forth for ever); in the passive-colour variant walls of
  passive pieces make such cycles common enough that random play can go on for
  thousands of turns (docs/zen.md), so there the invariants are checked on long
  prefixes instead.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from korbiro.rules.zen import PASS, Arrive, Move, Options, Position, Step, setup
from korbiro.rules.zen.rules import NEIGHBOURS, WARRIOR

CONFIGS = [(4, "standard"), (3, "standard"), (2, "standard"), (2, "passive")]
CAP = 1500  # turns; every seeded game below ends long before


def random_options(rng: random.Random) -> Options:
    return Options(
        ring_columns=rng.random() < 0.7,
        step_into_capture=rng.choice(["blocked", "captured"]),
        warrior_takes_own_man=rng.random() < 0.3,
        swap_own=rng.random() < 0.7,
        warrior_compulsory=rng.random() < 0.7,
        own_displacement_arrival=rng.random() < 0.7,
        late_arrival=rng.random() < 0.3,
        end_immediately=rng.random() < 0.7,
        capture_moves_in=rng.random() < 0.7,
        passive_swaps=rng.random() < 0.3,
        passive_kokeshi=rng.random() < 0.7,
    )


def check_invariants(pos: Position, start: Counter[str], cards: dict[str, int]) -> None:
    assert Counter(pos.pieces()) == start
    for p in pos.players:
        used = {sq for _piece, sq in pos.arrived_of(p)}
        assert not used & pos.targets_of(p)
        assert len(used) + len(pos.targets_of(p)) == cards[p]
        assert all(piece[0] == p for piece, _sq in pos.arrived_of(p))
    for sq in pos.placed_by_other:
        piece = pos.board[sq]
        assert piece is not None and piece != WARRIOR
    assert all(s.points >= 0 for s in pos.score().values())


def play_game(
    n: int, variant: str, seed: int, options: Options, check_every: int,
    *, prefer_arrivals: bool = False, cap: int | None = None,
) -> tuple[Position, int]:
    rng = random.Random(seed)
    pos = setup(n, seed=seed, variant=variant, options=options)
    start = Counter(pos.pieces())
    cards = {p: len(pos.targets_of(p)) for p in pos.players}
    turns = 0
    while pos.outcome() is None:
        if cap is not None and turns >= cap:
            return pos, turns
        assert turns < CAP, f"game {n}/{variant}/{seed} did not end"
        moves = pos.legal_moves()
        assert moves, "a position that is not over has at least one legal turn (perhaps 'pass')"
        assert len(set(moves)) == len(moves)
        if turns % check_every == 0:
            for m in moves:
                assert pos.check(m).ok, (str(m), pos.check(m))
        arrive = [m for m in moves if any(isinstance(a, Arrive) for a in m.actions)] if prefer_arrivals else []
        move = rng.choice(arrive or moves)
        nxt = pos.play(move)
        assert nxt.turn == pos.turn + 1
        if nxt.outcome() is None:
            assert nxt.to_move == pos.next_player()
        pos = nxt
        check_invariants(pos, start, cards)
        turns += 1
    out = pos.outcome()
    assert out is not None and pos.legal_moves() == []
    for p in out.finished:
        assert not pos.squares_of(p)
    best = max(s.points for s in pos.score().values())
    assert all(pos.score()[w].points == best for w in out.winners)
    return pos, turns


@pytest.mark.parametrize(("n", "variant"), CONFIGS)
@pytest.mark.parametrize("seed", range(4))
def test_random_games_default_options(n: int, variant: str, seed: int) -> None:
    play_game(n, variant, seed, Options(), check_every=1)


@pytest.mark.parametrize("seed", range(12))
def test_random_games_random_options(seed: int) -> None:
    rng = random.Random(1000 + seed)
    n, variant = CONFIGS[seed % 3]
    play_game(n, variant, 1000 + seed, random_options(rng), check_every=4, prefer_arrivals=True)


@pytest.mark.parametrize("seed", range(4))
def test_passive_variant_random_options(seed: int) -> None:
    rng = random.Random(2000 + seed)
    play_game(2, "passive", 2000 + seed, random_options(rng), check_every=4, prefer_arrivals=True, cap=300)


@given(
    seed=st.integers(0, 2**32 - 1),
    config=st.sampled_from(CONFIGS),
    option_seed=st.integers(0, 2**16),
    turns=st.integers(0, 60),
)
@settings(max_examples=40, deadline=None)
def test_random_prefixes_keep_invariants(seed: int, config: tuple[int, str], option_seed: int, turns: int) -> None:
    rng = random.Random(seed)
    pos = setup(config[0], seed=seed, variant=config[1], options=random_options(random.Random(option_seed)))
    start = Counter(pos.pieces())
    cards = {p: len(pos.targets_of(p)) for p in pos.players}
    for _ in range(turns):
        moves = pos.legal_moves()
        if not moves:
            assert pos.outcome() is not None
            break
        move = rng.choice(moves)
        assert pos.check(move).ok
        # a move the generator does not list is refused
        pos = pos.play(move)
        check_invariants(pos, start, cards)


# ---------------------------------------------------------------------------
# Brute force: every action sequence the checker accepts is a listed turn


def brute_force(pos: Position) -> set[Move]:
    """Every checker-accepted turn, arrivals written in square order within each window."""
    found: set[Move] = set()
    occupied = [s for s, p in enumerate(pos.board) if p is not None]
    ring = NEIGHBOURS[True]
    candidates = [(a, b) for a in range(20) for b in range(20) if a != b and (b in ring[a] or abs(a - b) in (2, 8))]

    def prefix_ok(acts: tuple[object, ...]) -> bool:
        return not any(v.action is not None for v in pos.violations(Move(acts)))  # type: ignore[arg-type]

    def arrivals(acts: tuple[object, ...], start: int) -> list[tuple[object, ...]]:
        out = [acts]
        for s in range(start, 20):
            nxt = acts + (Arrive(s),)
            if prefix_ok(nxt):
                out += arrivals(nxt, s + 1)
        return out

    def record(acts: tuple[object, ...]) -> None:
        move = Move(acts)  # type: ignore[arg-type]
        if not pos.violations(move):
            found.add(move)

    for pre in arrivals((), 0):
        record(pre + (PASS,))
        if not pos.violations(Move(pre)) and pos.violations(Move(pre + (PASS,))):  # type: ignore[arg-type]
            record(pre)  # the game ended with these arrivals
        for a, b in candidates:
            if a not in occupied:
                continue
            one = pre + (Step(a, b),)
            if not prefix_ok(one):
                continue
            for mid in arrivals(one, 0):
                record(mid)
                for c, d in candidates:
                    two = mid + (Step(c, d),)
                    if not prefix_ok(two):
                        continue
                    for end in arrivals(two, 0):
                        record(end)
    return found


def sample_positions() -> list[Position]:
    out = []
    rng = random.Random(7)
    for i in range(10):
        n, variant = CONFIGS[i % 4]
        options = Options() if i < 4 else random_options(rng)
        pos = setup(n, seed=50 + i, variant=variant, options=options)
        for _ in range(rng.randrange(5, 40)):
            moves = pos.legal_moves()
            if pos.outcome() is not None:
                break
            arrive = [m for m in moves if any(isinstance(a, Arrive) for a in m.actions)]
            pos = pos.play(rng.choice(arrive or moves))
        if pos.outcome() is None:
            out.append(pos)
    return out


@pytest.mark.parametrize("pos", sample_positions(), ids=lambda p: f"{len(p.players)}p-turn{p.turn}")
def test_generator_equals_brute_force(pos: Position) -> None:
    listed = set(pos.legal_moves())
    assert listed == brute_force(pos)


# ---------------------------------------------------------------------------
# Pinned counts (perft-style): legal turns at the start and one turn deeper


@pytest.mark.parametrize(
    ("n", "variant", "seed", "depth1", "depth2"),
    [
        (4, "standard", 1, 29, 2223),
        (3, "standard", 2, 42, 3280),
        (2, "standard", 3, 52, 2926),
        (2, "passive", 4, 23, 743),
    ],
)
def test_pinned_counts(n: int, variant: str, seed: int, depth1: int, depth2: int) -> None:
    pos = setup(n, seed=seed, variant=variant)
    moves = pos.legal_moves()
    total = sum(len(pos.play(m).legal_moves()) for m in moves)
    assert (len(moves), total) == (depth1, depth2)


def test_exhaustive_small_option_grid() -> None:
    """Every option combination on one position: the listed turns all pass the checker."""
    pos0 = setup(2, seed=11)
    rng = random.Random(3)
    for _ in range(8):
        pos0 = pos0.play(rng.choice(pos0.legal_moves()))
    names = ["ring_columns", "warrior_compulsory", "own_displacement_arrival", "late_arrival", "swap_own"]
    for values in product([True, False], repeat=len(names)):
        pos = pos0.with_options(Options(**dict(zip(names, values, strict=True))))
        for m in pos.legal_moves():
            assert pos.check(m).ok
