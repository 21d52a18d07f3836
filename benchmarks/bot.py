"""Benchmark: the computer player (``--policy bot``) against random play on the shipped sample (issue 29).

    python benchmarks/bot.py [--games 200] [--budget 1.0] [--jobs 1]

Game *s* is dealt as ``benchmarks/play.py`` deals it (the sample decks in turn: deck *s* mod 3 for the first
seat, the next for the second), the bot sitting first in the even games and second in the odd ones.  Two
figures, each beside its budget:

* the share of the games the bot wins (at least 90%), with its 95% Wilson interval;
* the slowest move the bot chose, in CPU time (within 1 s, its default time budget; its wall time too, which
  on a shared machine counts the others' work).

The acceptance figure is that of 200 games (about ten minutes on one core); ``run_all.py`` plays fewer.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from korbiro.data.cards import Card  # noqa: E402
from korbiro.data.check import load_database  # noqa: E402
from korbiro.data.paths import shipped_db_path  # noqa: E402
from korbiro.grammar.action import Action  # noqa: E402
from korbiro.rules.mk.timeline.bots import GreedyBot  # noqa: E402
from korbiro.rules.mk.timeline.engine import Engine  # noqa: E402
from korbiro.rules.mk.timeline.game import RandomPolicy, deal, play, sample_decks  # noqa: E402
from korbiro.rules.mk.timeline.policies import Seated  # noqa: E402
from korbiro.rules.mk.timeline.simulate import wilson  # noqa: E402

WIN_BUDGET = 0.90
MOVE_BUDGET = 1.0


class TimedBot(GreedyBot):
    """The bot, timing each of its choices."""

    slowest = 0.0
    slowest_wall = 0.0

    def choose(self, eng: Engine, player: str) -> Action:
        t0, w0 = time.process_time(), time.perf_counter()
        try:
            return super().choose(eng, player)
        finally:
            self.slowest = max(self.slowest, time.process_time() - t0)
            self.slowest_wall = max(self.slowest_wall, time.perf_counter() - w0)


_CARDS: dict[str, Card] = {}


def game(seed: int, budget: float) -> tuple[bool, str, float, float]:
    """Game *seed*: whether the bot won it, how it ended, and the bot's slowest move."""
    if not _CARDS:
        _CARDS.update((c.name, c) for c in load_database([shipped_db_path()]))
    decks = sample_decks()
    eng = deal([("Anna", decks[seed % 3]), ("Béla", decks[(seed + 1) % 3])], _CARDS.get, seed=seed)
    bot_seat, other = ("Anna", "Béla") if seed % 2 == 0 else ("Béla", "Anna")
    bot = TimedBot(seed, budget=budget)
    record = play(eng, Seated({bot_seat: bot, other: RandomPolicy(seed)}))
    verdict, who, rule, _ = record.result()
    won = verdict == "win" and bot_seat in who
    return won, f"{'won' if won else verdict if verdict != 'win' else 'lost'} {rule}", bot.slowest, bot.slowest_wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=MOVE_BUDGET, help="the bot's time budget for one move (s)")
    parser.add_argument("--jobs", type=int, default=1, help="play in this many processes (the same games)")
    args = parser.parse_args()
    start = time.perf_counter()
    seeds = range(args.games)
    budgets = [args.budget] * args.games
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.starmap(game, zip(seeds, budgets, strict=True), chunksize=1)
    else:
        results = [game(seed, args.budget) for seed in seeds]
    took = time.perf_counter() - start
    wins = sum(r[0] for r in results)
    endings = Counter(r[1] for r in results)
    slowest, wall = max(r[2] for r in results), max(r[3] for r in results)
    rate = wins / args.games
    lo, hi = wilson(wins, args.games)
    print(f"{args.games} two-player games of the bot against random play on the shipped sample decks "
          f"({took:.0f} s in {args.jobs} process(es))")
    print(f"the bot's endings: {', '.join(f'{k} × {n}' for k, n in sorted(endings.items()))}")
    print(f"bot wins:      {wins}/{args.games} = {rate:6.1%} (95% {lo:.1%}–{hi:.1%}) "
          f"(budget >= {WIN_BUDGET:.0%}): {'met' if rate >= WIN_BUDGET else 'MISSED'}")
    print(f"slowest move:  {slowest:6.2f} s CPU, {wall:.2f} s wall on this machine now "
          f"(budget <= {MOVE_BUDGET:.0f} s CPU): "
          f"{'met' if slowest <= MOVE_BUDGET else 'MISSED'}")


if __name__ == "__main__":
    main()
