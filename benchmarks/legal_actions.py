"""Benchmark: listing the legal actions, and random play, on the shipped sample.

    python benchmarks/legal_actions.py [--games 20] [--steps 60]

Random games (korbiro.rules.mk.timeline.selfplay) are played from the
shipped sample; at each move the legal actions of the player to act are
listed, one of them is applied.  Two figures, each beside its budget
(issue 13):

* the cost of listing every legal action, as a ratio to one engine step
  (the mean time to apply one action in the same games): at most 20;
* random-play actions per second (listing, choosing and applying each):
  at least 2,000.

Each game starts from a fresh engine, so no listing is served from a
previous game's memo; the card database is read once, as a command reads it.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from korbiro.data.check import load_database  # noqa: E402
from korbiro.data.paths import shipped_db_path  # noqa: E402
from korbiro.grammar.action import Action  # noqa: E402
from korbiro.rules.mk.timeline.selfplay import random_table, who_acts  # noqa: E402

LIST_BUDGET = 20.0
RATE_BUDGET = 2000.0


def play(cards: list, seed: int, steps: int) -> tuple[list[float], list[float], int, float]:
    """One random game: the listing times, the step (apply) times, the actions taken, the CPU time."""
    eng, rng = random_table(cards, seed)
    listing: list[float] = []
    applying: list[float] = []
    actions = 0
    start = time.process_time()
    for _ in range(steps):
        if eng.state.phase != "manőverek" and eng.state.maneuver is None and not any(tl.entries for tl in eng.state.timelines):
            eng.apply(None, Action("end_round"))  # as random play does (selfplay.random_step): a manoeuvre's phases go on
            continue
        player = who_acts(eng, rng)
        t0 = time.process_time()
        forms = eng.legal_actions(player)
        t1 = time.process_time()
        listing.append(t1 - t0)
        if forms:
            moves = [f for f in forms if f.verb != "pass"] or forms
            action = rng.choice(moves).completion(rng)
            t2 = time.process_time()
            eng.apply(player, action)
        else:
            action = Action("unwind") if any(tl.entries for tl in eng.state.timelines) or eng.state.maneuver else Action("end_round")
            player = None  # type: ignore[assignment]
            t2 = time.process_time()
            eng.apply(None, action)
        applying.append(time.process_time() - t2)
        actions += 1
    return listing, applying, actions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--steps", type=int, default=60)
    args = parser.parse_args()
    cards = list(load_database([shipped_db_path()]))
    listing: list[float] = []
    applying: list[float] = []
    actions = 0
    took = 0.0
    gc.collect()
    for seed in range(args.games):
        lst, app, n, w = play(cards, seed, args.steps)
        listing += lst
        applying += app
        actions += n
        took += w
    per_list = statistics.mean(listing)
    per_step = statistics.mean(applying)
    ratio = per_list / per_step
    rate = actions / took
    print(f"{args.games} random games from the shipped sample, {actions} actions")
    print(f"listing the legal actions: {per_list * 1e6:8.1f} µs (median {statistics.median(listing) * 1e6:.1f} µs)")
    print(f"one engine step:           {per_step * 1e6:8.1f} µs (median {statistics.median(applying) * 1e6:.1f} µs)")
    print(f"listing / step:  {ratio:6.1f} steps  (budget <= {LIST_BUDGET:.0f}): {'met' if ratio <= LIST_BUDGET else 'MISSED'}")
    print(f"random play:     {rate:6.0f} actions/s  (budget >= {RATE_BUDGET:.0f}): "
          f"{'met' if rate >= RATE_BUDGET else 'MISSED'}")


if __name__ == "__main__":
    main()
