"""Benchmark: whole games of random legal play on the shipped sample (`korbiro play`).

    python benchmarks/play.py [--games 20]

Two figures, each beside its budget (issue 14):

* whole two-player games per second, dealt from the shipped sample decks and played to their end with the
  random policy of ``korbiro play`` (issue 29 asks 50; the guard line is a little under what each engine reaches:
  45 games/s compiled, 15 as its pure-Python sources);
* the cost of one action of a game (the policy's listing of the legal actions, its choice, and the engine
  applying it), as a ratio to one engine step (the engine applying an action alone: the same games replayed).

Every game is dealt afresh from its seed in this process; the card database is read once, as a command reads it.
The first line says whether the engine runs compiled (setup.py) or as its pure-Python sources, and why.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from korbiro.base.compiled import SERVED  # noqa: E402
from korbiro.data.check import load_database  # noqa: E402
from korbiro.data.paths import shipped_db_path  # noqa: E402
from korbiro.grammar.action import Action  # noqa: E402
from korbiro.rules.mk.timeline.engine import Engine  # noqa: E402
from korbiro.rules.mk.timeline.game import RandomPolicy, deal, play, sample_decks  # noqa: E402

#: the guard line: a little under what the engine reaches (issue 29 asks 50 games/s): compiled (setup.py), and as
#: its sources
GAMES_BUDGET = {True: 45.0, False: 15.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    cards = {c.name: c for c in load_database([shipped_db_path()])}
    decks = sample_decks()

    def dealt(seed: int) -> Engine:
        return deal([("Anna", decks[seed % 3]), ("Béla", decks[(seed + 1) % 3])], cards.get, seed=seed)

    gc.collect()
    records: list[list[tuple[str | None, Action]]] = []
    start = time.process_time()
    for seed in range(args.games):
        eng = dealt(seed)
        record = play(eng, RandomPolicy(seed))
        records.append(record.steps)
        assert eng.over, f"seed {seed}: {record.result()}"
    took = time.process_time() - start  # CPU time
    # the engine's steps alone: the same games again, each action applied as the record has it (the dice drawn
    # again from the game's seed, as they were)
    applying = 0.0
    for seed, steps in enumerate(records):
        eng = dealt(seed)
        eng.start_game()
        begin = time.process_time()
        for who, a in steps:
            if a.verb != "dice":
                eng.apply(who, a)
        applying += time.process_time() - begin
        assert eng.over, f"seed {seed}: the replay did not end as the game did"
    actions = sum(len(steps) for steps in records)
    rate = args.games / took
    per_action = took / actions
    per_step = applying / sum(1 for steps in records for _, a in steps if a.verb != "dice")
    compiled, why = SERVED["korbiro.rules.mk.timeline"]
    budget = GAMES_BUDGET[compiled]
    print(f"{args.games} two-player games from the shipped sample decks, {actions} actions in all; the engine "
          f"{'compiled (setup.py)' if compiled else f'as pure Python ({why})'}")
    print(f"whole games:      {rate:6.1f} games/s  (budget >= {budget:.0f}): {'met' if rate >= budget else 'MISSED'}")
    print(f"one action:       {per_action * 1e6:8.1f} µs (choosing and applying it)")
    print(f"one engine step:  {per_step * 1e6:8.1f} µs (applying it alone, the same games replayed)")
    print(f"action / step:    {per_action / per_step:6.1f} steps")


if __name__ == "__main__":
    main()
