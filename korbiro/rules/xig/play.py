"""Seeded random games: a shuffler for the chance events and a random player.

Used by the tests (invariants over random legal games) and to write example
records.  Every move is taken from :meth:`Position.legal_moves`, except the
draws, which are random picks among the tiles and cards the rules allow.

    >>> game = random_game(seed=1)
    >>> game.position.is_over(), game.position.winner is not None
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .layout import POSITIONS, Tile
from .notation import format_turn
from .position import (
    QUICK,
    DrawXap,
    EndTurn,
    FlipXig,
    Give,
    Move,
    Phase,
    Play,
    PlayXap,
    Position,
)
from .setup import QUICK_TILES, GameSpec, PlayerSpec, new_game


@dataclass
class RandomGame:
    """A finished (or capped) random game: its spec, turns, and final position."""

    spec: GameSpec
    position: Position
    turns: list[tuple[str, list[Move]]] = field(default_factory=list)
    start_draws: dict[str, list[int]] = field(default_factory=dict)

    def record_data(self, *, event: str = "", pathways: dict[str, Any] | None = None) -> dict[str, Any]:
        """The game as the plain data of a record file (``kind: xig-record``)."""
        spec = self.spec
        data: dict[str, Any] = {"kind": "xig-record"}
        if event:
            data["event"] = event
        if spec.variants:
            data["variants"] = sorted(spec.variants)
        opts = spec.options.defaults_differ()
        if opts:
            data["options"] = opts
        if pathways:
            data["pathways"] = pathways
        data["players"] = [
            {"name": p.name, "pathway": p.pathways[0]} if len(p.pathways) == 1 else {"name": p.name, "pathways": list(p.pathways)}
            for p in spec.players
        ]
        if spec.teams:
            data["teams"] = spec.teams
        if spec.entwined:
            data["entwined"] = spec.entwined
        if self.start_draws:
            data["start"] = {k: v[0] if len(v) == 1 else v for k, v in self.start_draws.items()}
        if spec.quick_tiles:
            data["quick"] = {
                p: {"xap": spec.quick_xap.get(p), "tiles": [str(t) for t in spec.quick_tiles[p]]} for p in spec.quick_tiles
            }
        data["hands"] = {p: [str(t) for t in tiles] for p, tiles in spec.hands.items()}
        data["turns"] = [{player: format_turn(moves)} for player, moves in self.turns]
        return data


def _deal(spec: GameSpec, rng: random.Random) -> dict[str, list[int]]:
    """Shuffle and deal: start draws, quick-game layouts and XAP cards, hands of five."""
    probe, _ = new_game(GameSpec(**{**spec.__dict__, "hands": {}, "quick_tiles": {}, "quick_xap": {}, "start": None}))
    config = probe.config
    names = list(config.players)
    draws: dict[str, list[int]] = {n: [] for n in names}
    tied = names
    while len(tied) > 1:
        for n in tied:
            draws[n].append(rng.randint(1, 33))
        low = min(draws[n][-1] for n in tied)
        tied = [n for n in tied if draws[n][-1] == low]
    spec.start = draws
    decks: dict[str, list[Tile]] = {}
    for side in config.sides:
        pool = [t for pid in side.pathways for t in (Tile(pid, p) for p in POSITIONS) if t in probe.deck(side.name)]
        rng.shuffle(pool)
        decks[side.name] = pool
    xap = [c for c, n in sorted(probe.xap_deck().items()) for _ in range(n)]
    rng.shuffle(xap)
    for n in names:
        deck = decks[config.side_of_player[n].name]
        if QUICK in config.variants:
            spec.quick_xap[n] = xap.pop() if xap else None
            spec.quick_tiles[n] = [deck.pop() for _ in range(min(QUICK_TILES, len(deck)))]
        spec.hands[n] = [deck.pop() for _ in range(min(5, len(deck)))]
    return draws


def _choose(pos: Position, rng: random.Random, moves: list[Move]) -> Move:
    if pos.phase == Phase.DRAW_XAP:
        deck = pos.xap_deck()
        cards = [c for c, n in sorted(deck.items()) for _ in range(n)]
        choices = [m for m in moves if isinstance(m, DrawXap)]
        if cards and rng.random() < 0.95:
            return DrawXap(rng.choice(cards))
        return rng.choice(choices)
    plays = [m for m in moves if isinstance(m, Play)]
    if pos.phase == Phase.PLAY:
        return rng.choice(moves)
    xaps = [m for m in moves if isinstance(m, PlayXap)]
    if pos.phase == Phase.ON_DRAW:
        return rng.choice(xaps)
    if xaps and rng.random() < 0.7:
        return rng.choice(xaps)
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    others = [m for m in moves if isinstance(m, (FlipXig, Give))]
    if others and rng.random() < 0.05:
        return rng.choice(others)
    return _random_draw(pos, rng)


def _random_draw(pos: Position, rng: random.Random) -> EndTurn:
    player = pos.turn
    side = pos.side(player)
    need = pos.draw_needed(player)
    deck = sorted(pos.deck(side.name))
    rng.shuffle(deck)
    out = deck[:need]
    if len(out) < need:
        mem = pos.drawable_memory(player)
        rng.shuffle(mem)
        for t in mem:
            if len(out) >= need:
                break
            out.append(t)
            if t.pathway not in side.pathways:
                break  # handed to its owner: the turn ends (XIG 8.4)
    return EndTurn(tuple(out))


def random_game(
    spec: GameSpec | None = None,
    *,
    seed: int = 0,
    max_plies: int = 4000,
    check: bool = True,
    observe: Callable[[Position, list[Move], Move], None] | None = None,
) -> RandomGame:
    """Play a random legal game from *spec* (default: Anna on Earth against Bela on Water).

    *observe* is called before every move with the position, its legal moves and the
    move chosen (tests check invariants there).
    """
    rng = random.Random(seed)
    spec = spec or GameSpec(players=[PlayerSpec("Anna", ("E",)), PlayerSpec("Bela", ("W",))])
    draws = _deal(spec, rng)
    pos, violations = new_game(spec)
    assert not violations, violations
    game = RandomGame(spec, pos, start_draws=draws)
    current: list[Move] = []
    while not pos.is_over() and pos.ply <= max_plies:
        player = pos.turn
        moves = pos.legal_moves()
        move = _choose(pos, rng, moves)
        if observe is not None:
            observe(pos, moves, move)
        if check:
            problems = pos.check(move)
            assert not problems, (str(move), problems)
        pos.push(move)
        current.append(move)
        if isinstance(move, EndTurn) or pos.is_over():
            game.turns.append((player, current))
            current = []
    return game
