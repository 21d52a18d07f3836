"""Benchmark: the computer player (``--policy bot``) against random play on the shipped sample (issue 29).

    python benchmarks/bot.py [--games 200] [--budget 1.0]

Game *s* is dealt as ``benchmarks/play.py`` deals it (the sample decks in turn: deck *s* mod 3 for the first
seat, the next for the second), the bot sitting first in the even games and second in the odd ones.  Two
figures, each beside its budget:

* the share of the games the bot wins (at least 90%), with its 95% Wilson interval;
* the slowest move the bot chose (within 1 s, its default time budget).

The acceptance figure is that of 200 games (about ten minutes on one core); ``run_all.py`` plays fewer.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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

    def choose(self, eng: Engine, player: str) -> Action:
        t0 = time.perf_counter()
        try:
            return super().choose(eng, player)
        finally:
            TimedBot.slowest = max(TimedBot.slowest, time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=MOVE_BUDGET, help="the bot's time budget for one move (s)")
    args = parser.parse_args()
    cards = {c.name: c for c in load_database([shipped_db_path()])}
    decks = sample_decks()
    wins = 0
    endings: Counter[str] = Counter()
    start = time.perf_counter()
    for seed in range(args.games):
        eng = deal([("Anna", decks[seed % 3]), ("Béla", decks[(seed + 1) % 3])], cards.get, seed=seed)
        bot, other = ("Anna", "Béla") if seed % 2 == 0 else ("Béla", "Anna")
        record = play(eng, Seated({bot: TimedBot(seed, budget=args.budget), other: RandomPolicy(seed)}))
        verdict, who, rule, _ = record.result()
        won = verdict == "win" and bot in who
        wins += won
        endings[f"{'won' if won else verdict if verdict != 'win' else 'lost'} {rule}"] += 1
    took = time.perf_counter() - start
    rate = wins / args.games
    lo, hi = wilson(wins, args.games)
    print(f"{args.games} two-player games of the bot against random play on the shipped sample decks "
          f"({took:.0f} s, {took / args.games:.1f} s a game)")
    print(f"the bot's endings: {', '.join(f'{k} × {n}' for k, n in sorted(endings.items()))}")
    print(f"bot wins:      {wins}/{args.games} = {rate:6.1%} (95% {lo:.1%}–{hi:.1%}) "
          f"(budget >= {WIN_BUDGET:.0%}): {'met' if rate >= WIN_BUDGET else 'MISSED'}")
    print(f"slowest move:  {TimedBot.slowest:6.2f} s  (budget <= {MOVE_BUDGET:.0f} s): "
          f"{'met' if TimedBot.slowest <= MOVE_BUDGET else 'MISSED'}")


if __name__ == "__main__":
    main()
