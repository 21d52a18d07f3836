"""The board-game protocol (korbiro/rules/boardgame.py) over random games of EXXIT, XIG and Zen.

At every ply of seeded random games, through each game's ``Board`` only:

* every listed move is accepted: ``move in board.legal_moves``, ``is_legal``, ``check(move) == ()``;
* every accepted move was listed: candidate moves (a universe of the game's move shapes and the
  moves of nearby positions) that ``is_legal`` accepts are in the list, and those it refuses get
  ``check`` verdicts, each with a code and the rule it rests on;
* ``len()``, ``count()`` and iteration of ``legal_moves`` agree; a finished game lists no move;
* ``push`` then ``pop`` restores the position and gives the move back;
* ``copy`` is independent: a move pushed on either leaves the other as it was.
"""

from __future__ import annotations

import doctest
import importlib
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from korbiro.rules import boardgame
from korbiro.rules.boardgame import Board, Verdict
from korbiro.rules.exxit import DIRECTIONS, Position
from korbiro.rules.exxit import Move as ExxitMove
from korbiro.rules.exxit.board import Board as ExxitBoard
from korbiro.rules.xig import DrawXap, EndTurn, FlipXig, Pass, Play
from korbiro.rules.xig import Move as XigMove
from korbiro.rules.xig import Position as XigPosition
from korbiro.rules.xig.board import Board as XigBoard
from korbiro.rules.xig.play import random_game
from korbiro.rules.zen import Move as ZenMove
from korbiro.rules.zen import setup as zen_setup
from korbiro.rules.zen.board import Board as ZenBoard

M = TypeVar("M")
B = TypeVar("B", bound=Board[Any])


def check_lists(board: Board[M], candidates: Iterable[M], listed: Callable[[M, list[M]], bool]) -> list[M]:
    """The listed moves are exactly the accepted ones (as far as *candidates* reach); returns the list."""
    moves = [*iter(board.legal_moves)]
    assert board.legal_moves.count() == len(board.legal_moves) == len(moves)
    assert bool(board.legal_moves) == bool(moves)
    if board.outcome() is not None:
        assert moves == []
    for move in moves:
        assert move in board.legal_moves and board.is_legal(move), move
        assert board.check(move) == (), (move, board.check(move))
    for move in candidates:
        if board.is_legal(move):
            assert move in board.legal_moves and listed(move, moves), move
        else:
            verdicts = board.check(move)
            assert verdicts and move not in board.legal_moves, move
            assert all(isinstance(v, Verdict) and not v.ok and v.code and v.rule for v in verdicts), verdicts
    return moves


def check_push_pop_copy(board: B, move: Any, snapshot: Callable[[B], object]) -> None:
    """push then pop restores *board*; a copy is independent of it, either way round."""
    before = snapshot(board)
    twin = board.copy()
    board.push(move)
    assert snapshot(twin) == before
    assert board.pop() == move
    assert snapshot(board) == before
    twin.push(move)
    assert snapshot(board) == before
    assert twin.pop() == move and snapshot(twin) == before


# --------------------------------------------------------------------------- EXXIT


def exxit_snapshot(board: ExxitBoard) -> Hashable:
    p = board.position
    return (p.board_key(), tuple(sorted(p.reserves.items())), p.stock, p.ply, p.consecutive_passes, p.to_move,
            tuple(str(m) for m in p.move_stack), p.is_repetition())


def exxit_candidates(p: Position) -> list[ExxitMove]:
    near = range(-3, 4)
    out = [ExxitMove("pass")]
    out += [ExxitMove(kind, (q, r)) for q in near for r in near for kind in ("drop", "exchange", "tile")]
    out += [ExxitMove("dance", hx, d) for hx in p.stacks() for d in DIRECTIONS]
    return out


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**16), variant=st.sampled_from(["standard", "blitz", "beginner", "expert"]))
def test_exxit_board_keeps_the_protocol(seed: int, variant: str) -> None:
    rng = random.Random(seed)
    board = ExxitBoard(Position.start(variant))
    for _ in range(40):
        moves = check_lists(board, exxit_candidates(board.position), lambda m, ms: m in ms)
        if not moves:
            break
        move = rng.choice(moves)
        check_push_pop_copy(board, move, exxit_snapshot)
        board.push(move)


@pytest.mark.fuzz
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**16), variant=st.sampled_from(["standard", "blitz", "beginner", "expert"]))
def test_exxit_board_keeps_the_protocol_long(seed: int, variant: str) -> None:
    test_exxit_board_keeps_the_protocol.hypothesis.inner_test(seed=seed, variant=variant)


def test_exxit_board_says_why_and_draws() -> None:
    board = ExxitBoard()
    board.push("drop 0,0")
    board.push("drop 1,0")
    assert [str(m) for m in board.legal_moves] == ["dance 0,0 e"]
    assert [(v.code, v.rule) for v in board.check(ExxitMove.parse("pass"))] == [
        (board.position.check("pass").code, board.position.check("pass").rule)]
    assert board.check(ExxitMove.parse("pass"))[0].code == "EXXIT-PASS-NOT-ALLOWED"
    assert board.outcome() is None
    assert board.svg().startswith("<svg") and board.svg("hu").startswith("<svg")


# --------------------------------------------------------------------------- Zen


def zen_snapshot(board: ZenBoard) -> Hashable:
    return (board.position, tuple(board.move_stack))


def zen_candidates(board: ZenBoard, earlier: Sequence[ZenMove], rng: random.Random) -> list[ZenMove]:
    pos = board.position
    out: list[ZenMove] = [ZenMove.parse("pass"), *earlier]
    for p in pos.players:
        if p != pos.to_move:
            out += replace(pos, to_move=p).legal_moves()
    return rng.sample(out, min(len(out), 40))


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**16), players=st.sampled_from([2, 3, 4]))
def test_zen_board_keeps_the_protocol(seed: int, players: int) -> None:
    rng = random.Random(seed)
    board = ZenBoard(zen_setup(players, seed=seed))
    earlier: list[ZenMove] = []
    for _ in range(25):
        moves = check_lists(board, zen_candidates(board, earlier, rng), lambda m, ms: m in ms)
        if not moves:
            assert board.outcome() is not None
            break
        move = rng.choice(moves)
        check_push_pop_copy(board, move, zen_snapshot)
        board.push(move)
        earlier = moves


@pytest.mark.fuzz
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**16), players=st.sampled_from([2, 3, 4]))
def test_zen_board_keeps_the_protocol_long(seed: int, players: int) -> None:
    test_zen_board_keeps_the_protocol.hypothesis.inner_test(seed=seed, players=players)


def test_zen_board_pushes_and_pops() -> None:
    board = ZenBoard(zen_setup(2, seed=3))
    start = board.position
    assert [v.code for v in board.check(ZenMove.parse("pass"))] == ["ZEN-MOVE-COMPULSORY"]
    assert [v.rule for v in board.check(ZenMove.parse("pass"))] == ["Zen: Lépések 1"]
    move = next(iter(board.legal_moves))
    board.push(move)
    assert board.position == start.play(move) and board.move_stack == [move]
    assert board.pop() == move and board.position == start and board.move_stack == []
    assert board.svg().startswith("<svg")


# --------------------------------------------------------------------------- XIG


def xig_snapshot(board: XigBoard) -> object:
    pos = board.position
    # the whole game state (a dataclass of sets and counters) and the history
    return (pos._s.copy(), tuple(str(m) for m in pos.move_stack))


def xig_listed(move: XigMove, moves: list[XigMove]) -> bool:
    """Listed; an end of turn is listed with one representative draw (XIG 3.2), so any accepted
    draw counts as listed when an end of turn is.  When no tile can be placed only ``Pass`` is
    listed, and the end of the turn is refused until it is said (XIG 3.3)."""
    if move in moves:
        return True
    return isinstance(move, EndTurn) and any(isinstance(m, EndTurn) for m in moves)


def xig_candidates(pos: XigPosition, earlier: Sequence[XigMove]) -> list[XigMove]:
    out: list[XigMove] = [Pass(), FlipXig(), EndTurn(()), DrawXap(None), *earlier]
    for player in pos.config.players:
        out += [Play(t) for t in sorted(pos.hand(player))]
    return out


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**16))
def test_xig_board_keeps_the_protocol(seed: int) -> None:
    earlier: list[XigMove] = []

    def observe(pos: XigPosition, moves: list[XigMove], chosen: XigMove) -> None:
        board = XigBoard(pos)
        assert check_lists(board, xig_candidates(pos, earlier), xig_listed) == moves
        assert board.is_legal(chosen) and chosen in board.legal_moves
        check_push_pop_copy(board, chosen, xig_snapshot)
        earlier[:] = moves

    game = random_game(seed=seed, max_plies=20, observe=observe)
    board = XigBoard(game.position)
    check_lists(board, xig_candidates(game.position, earlier), xig_listed)


def test_xig_board_has_an_outcome() -> None:
    game = random_game(seed=1)
    board = XigBoard(game.position)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == game.position.winner and outcome.rule == "XIG 1.1"
    assert list(board.legal_moves) == [] and board.legal_moves.count() == 0
    assert [(v.code, v.rule) for v in board.check(Pass())] == [("XIG-GAME-OVER", "XIG 1.1")]
    last = game.position.move_stack[-1]
    assert board.pop() == last and board.outcome() is None
    board.push(last)
    assert board.outcome() == outcome
    assert board.svg().startswith("<svg")


# --------------------------------------------------------------------------- the one Verdict


def test_the_three_games_say_a_refusal_with_one_verdict_type() -> None:
    from korbiro.rules import exxit, xig, zen

    assert exxit.Verdict is zen.Verdict is xig.Violation is boardgame.Verdict
    refusal = xig.position.violation("XIG-KNOCKOUT-PROTECTED", "XIG 5.2", "kojjit", tile="E5")
    assert refusal.line().startswith("XIG-KNOCKOUT-PROTECTED [XIG 5.2, Protected Tiles]: ")
    assert refusal.cite("hu") == xig.cite("XIG 5.2", "hu") != refusal.cite("en")


def test_legal_moves_are_lazy() -> None:
    made: list[int] = []

    def generate() -> list[int]:
        made.append(1)
        return [1, 2, 3]

    moves = boardgame.LegalMoves(generate, lambda m: m in (1, 2, 3))
    assert 2 in moves and 4 not in moves and made == []
    assert moves.count() == len(moves) == 3 and [*iter(moves)] == [1, 2, 3] and len(made) == 3


@pytest.mark.parametrize("module", ["korbiro.rules.exxit.board", "korbiro.rules.zen.board"])
def test_board_examples(module: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
