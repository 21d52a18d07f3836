"""Invariants over seeded random legal XIG games, in every variant.

The random player (``korbiro.rules.xig.play``) takes every move from ``legal_moves()`` and
draws at random; at each step the tests check that tiles are conserved, that every listed
move passes the checker, that a completed Pathway ends the game, and that push/pop restore
the position.  Each finished game is also written as a record and replayed.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from korbiro.rules.xig import (
    RULES,
    DrawXap,
    EndTurn,
    FlipXig,
    Give,
    Move,
    Options,
    Pass,
    Play,
    PlayXap,
    Position,
    Tile,
    load_record_text,
    replay,
)
from korbiro.rules.xig.play import random_game
from korbiro.rules.xig.position import HAND_SIZE, SHARED_MEMORY
from korbiro.rules.xig.record import dump_record
from korbiro.rules.xig.setup import GameSpec, PlayerSpec


def two() -> GameSpec:
    return GameSpec(players=[PlayerSpec("Anna", ("E",)), PlayerSpec("Bela", ("W",))])


def team() -> GameSpec:
    return GameSpec(
        players=[PlayerSpec("Anna", ("E",)), PlayerSpec("Bela", ("W",)), PlayerSpec("Cili", ("E",)), PlayerSpec("Dani", ("W",))],
        variants=frozenset({"team"}),
        teams={"North": ["Anna", "Cili"], "South": ["Bela", "Dani"]},
    )


def entwined_quick() -> GameSpec:
    return GameSpec(players=[PlayerSpec("Anna", ("E",)), PlayerSpec("Bela", ("W",))], variants=frozenset({"entwined", "quick"}))


def shared_three() -> GameSpec:
    return GameSpec(
        players=[PlayerSpec("Anna", ("E",)), PlayerSpec("Bela", ("W",)), PlayerSpec("Cili", ("F",))],
        variants=frozenset({"shared-memory"}),
        options=Options(xig_duration="three-rounds", corner_draw="may", xap_exhausted="reshuffle"),
    )


def marathon() -> GameSpec:
    return GameSpec(
        players=[PlayerSpec("Anna", ("E", "F")), PlayerSpec("Bela", ("W", "A"))],
        variants=frozenset({"marathon"}),
        options=Options(marathon_win="all", xig_duration="rest-of-game"),
    )


SPECS: dict[str, Callable[[], GameSpec]] = {
    "two": two,
    "team": team,
    "entwined+quick": entwined_quick,
    "shared-memory": shared_three,
    "marathon": marathon,
}


def checker(stats: dict[str, int]) -> Callable[[Position, list[Move], Move], None]:
    def observe(pos: Position, moves: list[Move], chosen: Move) -> None:
        # tiles are conserved across hands, decks, memory decks, the table and the set-aside Kojjit
        assert set(pos.tile_counts().values()) == {35}
        # every listed move passes the checker
        for move in moves:
            assert pos.check(move) == (), (str(move), pos.check(move))
        # the game goes on only while no side has won
        assert not pos.is_over() and moves
        # after the end-of-turn draw hands are back to five (a shared-memory handover may add one)
        if pos.phase.value == "play" and SHARED_MEMORY not in pos.config.variants:
            assert all(len(pos.hand(p)) <= HAND_SIZE for p in pos.config.players)
        # push and pop restore the position
        before = (pos.tile_counts(), pos.turn, pos.phase, [str(m) for m in moves])
        pos.push(chosen)
        pos.pop()
        assert (pos.tile_counts(), pos.turn, pos.phase, [str(m) for m in pos.legal_moves()]) == before
        stats["moves"] += 1
        if isinstance(chosen, EndTurn) and any(t in pos.drawable_memory(pos.turn) for t in chosen.draws):
            stats["memory draws"] += 1

    return observe


def finished(pos: Position) -> None:
    assert pos.is_over() and pos.legal_moves() == []
    side = next(s for s in pos.config.sides if s.name == pos.winner)
    complete = [pos.pathway_complete(pid) for pid in side.pathways]
    need_all = "marathon" in pos.config.variants and pos.config.options.marathon_win == "all"
    assert all(complete) if need_all else any(complete)
    for other in pos.config.sides:
        if other.name != side.name and not need_all:
            assert not any(pos.pathway_complete(pid) for pid in other.pathways)


@pytest.mark.parametrize("name", list(SPECS))
@pytest.mark.parametrize("seed", [0, 1])
def test_random_games_keep_the_invariants(name: str, seed: int) -> None:
    stats = {"moves": 0, "memory draws": 0}
    game = random_game(SPECS[name](), seed=seed, observe=checker(stats))
    finished(game.position)
    assert stats["moves"] > 100
    # the game written as a record replays as legal, with the same result
    result = replay(load_record_text(dump_record(game.record_data()), f"{name}-{seed}.yaml"))
    assert result.valid, [(v.ply, v.move, v.code) for v in result.violations]
    assert result.result()["winner"] == game.position.winner
    assert result.position.score() == game.position.score()


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(list(SPECS)))
def test_random_games_end_with_a_complete_pathway(seed: int, name: str) -> None:
    game = random_game(SPECS[name](), seed=seed)
    finished(game.position)
    assert set(game.position.tile_counts().values()) == {35}


def test_random_games_reach_the_memory_deck() -> None:
    """The invariants above are exercised on games where decks run dry."""
    stats = {"moves": 0, "memory draws": 0}
    for seed in range(3):
        random_game(two(), seed=seed, observe=checker(stats))
    assert stats["memory draws"] > 0


tile_st = st.builds(Tile, st.sampled_from(["E", "W", "Q"]), st.integers(-2, 40))
card_st = st.sampled_from(["black-magic", "counter-curse", "banishment", "lost-turn", "three-tiles", "remembrance", "nope"])
player_st = st.sampled_from(["Anna", "Bela", "Zoe"])


def any_move() -> st.SearchStrategy[Move]:
    return st.one_of(
        st.builds(Play, tile_st, st.none() | tile_st),
        st.builds(DrawXap, st.none() | card_st),
        st.builds(
            PlayXap,
            card_st,
            st.none() | tile_st,
            st.none() | player_st,
            st.lists(tile_st, max_size=2).map(tuple),
            st.booleans(),
        ),
        st.just(Pass()),
        st.just(FlipXig()),
        st.builds(Give, card_st),
        st.builds(EndTurn, st.lists(tile_st, max_size=6).map(tuple)),
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 40), st.integers(0, 3), st.lists(any_move(), min_size=1, max_size=25))
def test_forced_arbitrary_moves_never_crash_and_conserve_tiles(seed: int, plies: int, moves: list[Move]) -> None:
    """A replay pushes whatever a record says: any move, legal or not, is checked and carried
    out as far as it can be, without an exception and without losing a tile."""
    pos = random_game(two(), seed=seed, max_plies=plies, check=False).position
    for move in moves:
        violations = pos.check(move)
        assert all(v.rule in RULES for v in violations)
        pos.push(move, force=True)
        assert set(pos.tile_counts().values()) == {35}
        pos.legal_moves()
