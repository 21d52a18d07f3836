"""Differential tests: the fast EXXIT engine against a slow, plain reading of the rules.

The reference below is written straight from the rulebook (*Ruchy taneczne*,
*Taniec*, *Umieszczanie pionków*, *Powiększanie planszy*, *Pasowanie*,
*Koniec gry*) with tuple coordinates and immutable states: no integer hexes, no
undo stack, no hashing.  Random games are played with both and every legal-move
list, every resulting position and every outcome must agree.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

from korbiro.rules.exxit import (
    VARIANTS,
    Options,
    Position,
    dump_position,
    load_position_text,
    perft,
)

DIRS = {"e": (1, 0), "ne": (1, -1), "nw": (0, -1), "w": (-1, 0), "sw": (-1, 1), "se": (0, 1)}
Hex = tuple[int, int]


def add(h: Hex, d: Hex, k: int = 1) -> Hex:
    return (h[0] + k * d[0], h[1] + k * d[1])


@dataclass(frozen=True)
class Ref:
    """A reference state: plain dicts keyed by (q, r)."""

    variant: str
    tiles: dict[Hex, str]
    stacks: dict[Hex, tuple[str, ...]]
    prisoners: dict[Hex, tuple[str, ...]]
    reserves: dict[str, int]
    stock: int
    to_move: str
    passes: int
    history: tuple[object, ...]
    opts: Options

    def key(self) -> object:
        return (
            self.to_move,
            frozenset(self.tiles.items()),
            frozenset(self.stacks.items()),
            frozenset(self.prisoners.items()),
        )

    @property
    def other(self) -> str:
        return "black" if self.to_move == "white" else "white"


def ref_from(pos: Position) -> Ref:
    r = Ref(
        pos.variant,
        pos.tiles(),
        pos.stacks(),
        pos.prisoners(),
        pos.reserves,
        pos.stock,
        pos.to_move,
        0,
        (),
        pos.options,
    )
    return replace(r, history=(r.key(),))


def over(s: Ref) -> bool:
    return s.stock <= 0 or s.passes >= 2 or s.history.count(s.key()) >= s.opts.repetition_count


def tile_neighbours(s: Ref, h: Hex) -> int:
    return sum(add(h, d) in s.tiles for d in DIRS.values())


def dance_kind(s: Ref, src: Hex, d: Hex) -> str | None:
    """'off' or 'on' for a legal dance (ignoring priority), else None."""
    stack = s.stacks.get(src)
    if not stack or stack[-1] != s.to_move:
        return None
    h = len(stack)
    # the nearest chips on the line, on tiles, before the board ends
    k = 1
    while True:
        x = add(src, d, k)
        if x not in s.tiles:
            return None
        if x in s.stacks:
            break
        k += 1
    target = s.stacks[x]
    if k > h or target[-1] == s.to_move:
        return None
    if len(target) > h or (s.opts.target_height == "shorter" and len(target) == h):
        return None
    for j in range(k + 1, h + 1):
        y = add(src, d, j)
        if y not in s.tiles:
            if y in s.prisoners and s.opts.prisoner_landing == "block":
                return None
            return "off"
    return "on"


def legal(s: Ref) -> list[str]:
    if over(s):
        return []
    if s.variant == "expert" and len(s.tiles) < 6:
        out = set()
        for t in s.tiles:
            for d in DIRS.values():
                y = add(t, d)
                if y not in s.tiles and y not in s.prisoners:
                    out.add(f"tile {y[0]},{y[1]}")
        return sorted(out)
    off, on = [], []
    for src in s.stacks:
        for name, d in DIRS.items():
            kind = dance_kind(s, src, d)
            if kind == "off":
                off.append(f"dance {src[0]},{src[1]} {name}")
            elif kind == "on":
                on.append(f"dance {src[0]},{src[1]} {name}")
    dances = off if (off and s.opts.offboard_first) else off + on
    if dances and s.opts.compulsory_dance:
        return sorted(dances)
    moves = list(dances)
    if s.reserves[s.to_move] > 0:
        moves += [f"drop {t[0]},{t[1]}" for t in s.tiles if t not in s.stacks]
    moves += [f"exchange {p[0]},{p[1]}" for p in s.prisoners if tile_neighbours(s, p) >= 2]
    return sorted(moves) or ["pass"]


def apply(s: Ref, move: str) -> Ref:
    words = move.split()
    tiles, stacks, prisoners = dict(s.tiles), dict(s.stacks), dict(s.prisoners)
    reserves, stock, passes = dict(s.reserves), s.stock, 0
    if words[0] == "pass":
        passes = s.passes + 1
    else:
        h = tuple(int(v) for v in words[1].split(","))
        assert len(h) == 2
        if words[0] == "drop":
            stacks[h] = (s.to_move,)
            reserves[s.to_move] -= 1
        elif words[0] == "tile":
            tiles[h] = s.to_move
            stock -= 1
        elif words[0] == "dance":
            d = DIRS[words[2]]
            chips = stacks.pop(h)
            for i, chip in enumerate(chips):
                x = add(h, d, i + 1)
                if x not in tiles:  # the rest leave the board together, in order
                    prisoners[x] = prisoners.get(x, ()) + chips[i:]
                    break
                stacks[x] = stacks.get(x, ()) + (chip,)
        elif words[0] == "exchange":

            def exchange(p: Hex) -> None:
                nonlocal stock
                for chip in prisoners.pop(p):
                    reserves[chip] += 1
                tiles[p] = s.to_move
                stock -= 1
                for d in DIRS.values():  # e, ne, nw, w, sw, se
                    q = add(p, d)
                    if stock <= 0:
                        break
                    if q in prisoners:
                        n = sum(add(q, dd) in tiles for dd in DIRS.values())
                        if s.opts.chain == "adjacent" or n >= 2:
                            exchange(q)

            exchange(h)
    new = Ref(s.variant, tiles, stacks, prisoners, reserves, stock, s.other, passes, s.history, s.opts)
    return replace(new, history=s.history + (new.key(),))


def ref_score(s: Ref) -> tuple[int, int]:
    out = []
    for colour in ("white", "black"):
        mine = {t for t, c in s.tiles.items() if c == colour}
        best, seen = 0, set()
        for t in mine:
            if t in seen:
                continue
            comp, todo = 0, [t]
            seen.add(t)
            while todo:
                x = todo.pop()
                comp += 1
                for d in DIRS.values():
                    y = add(x, d)
                    if y in mine and y not in seen:
                        seen.add(y)
                        todo.append(y)
            best = max(best, comp)
        out.append(len(mine) + best)
    return out[0], out[1]


def ref_perft(s: Ref, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(ref_perft(apply(s, m), depth - 1) for m in legal(s))


def same(pos: Position, s: Ref) -> None:
    assert pos.to_move == s.to_move
    assert pos.tiles() == s.tiles
    assert pos.stacks() == s.stacks
    assert pos.prisoners() == s.prisoners
    assert pos.reserves == s.reserves
    assert pos.stock == s.stock
    assert pos.is_game_over() == over(s)


OPTION_SETS = [
    {},
    {"offboard_first": "false"},
    {"chain": "adjacent"},
    {"compulsory_dance": "false"},
    {"prisoner_landing": "stack"},
    {"target_height": "shorter"},
    {"repetition_count": "2"},
]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
def test_random_games_agree_with_the_reference(variant: str, opts: dict[str, str]) -> None:
    options = Options().with_values(opts)
    for seed in range(4):
        rng = random.Random(f"{variant}-{seed}-{sorted(opts.items())}")
        pos = Position.start(variant, options)
        ref = ref_from(pos)
        for _ in range(400):
            moves = [str(m) for m in pos.legal_moves()]
            assert sorted(moves) == legal(ref), (pos.move_stack, moves, legal(ref))
            if not moves:
                break
            # prefer exchanges now and then so that games reach the end of the stock
            ex = [m for m in moves if m.startswith("exchange")]
            move = rng.choice(ex) if ex and rng.random() < 0.7 else rng.choice(moves)
            pos.push(move)
            ref = apply(ref, move)
            same(pos, ref)
        assert pos.is_game_over()
        assert pos.score() == ref_score(ref)


def test_perft_agrees_with_the_reference_from_middle_games() -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(12):
        pos = Position()
        for _ in range(rng.randrange(10, 90)):
            if pos.is_game_over():
                break
            pos.push(rng.choice(pos.legal_moves()))
        pos = load_position_text(dump_position(pos))  # a fresh history, as the reference has
        ref = ref_from(pos)
        for depth in (1, 2, 3):
            assert perft(pos, depth) == ref_perft(ref, depth)
        checked += 1
    assert checked == 12
