"""Timeline benchmark: build and unwind generated timelines of 100, 1,000 and 10,000 entries.

Each entry is a summoned card (an event that gives its player 1 MP) added to
one open timeline through the engine's summoning sequence (5.01.A–D); the
timeline is then unwound to the end, last in first out, and closed.  The
benchmark prints the time per entry for each size and the ratio of the
per-entry time at 10,000 to that at 100: a ratio near 1 means linear growth.
The budget (issue 16): a 10,000-entry timeline in at most 0.35 s (CPU time).

    python benchmarks/timeline.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time

from korbiro.data.cards import Card
from korbiro.grammar.action import Action
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.rules import FORMATS

SIZES = (100, 1_000, 10_000)
_CARD = Card("BENCH-1", "Erioni vásárnapi adomány", "eseménylap", mp=0,
             attrs={"duration": "felhasználás", "behaviour": {"effect": "mp 1 controller"}})


def build(n: int) -> tuple[Engine, list[Action]]:
    """An engine whose first player holds *n* event cards, and the *n* summons."""
    eng = Engine(FORMATS["archivalt"], {})
    eng.add_player("Anna", 0)
    eng.add_player("Béla", 0)
    actions = []
    for i in range(n):
        eng.add_card(_CARD, "Anna", "kez", label=f"adomány {i + 1}")
        actions.append(Action("summon", card=f"adomány {i + 1}"))
    return eng, actions


def build_and_resolve(n: int) -> list[int]:
    """Summon *n* entries into one timeline and unwind it; the entry numbers in unwinding order."""
    eng, actions = build(n)
    for a in actions:
        eng.apply("Anna", a)
    assert len(eng.state.timelines) == 1 and len(eng.state.timelines[0].entries) == n
    eng.apply(None, Action("unwind"))
    assert not eng.state.timelines and eng.state.players["Anna"].mp == n
    return [dict(e.data)["entry"] for e in eng.state.trace if e.event == "unwind"]


def time_one(n: int, *, keep_gc: bool = False) -> float:
    """Seconds to build and unwind an *n*-entry timeline (the cyclic GC paused, as timeit does)."""
    eng, actions = build(n)
    gc.collect()
    was = gc.isenabled()
    if not keep_gc:
        gc.disable()
    try:
        start = time.process_time()
        for a in actions:
            eng.apply("Anna", a)
        eng.apply(None, Action("unwind"))
        elapsed = time.process_time() - start
    finally:
        if was:
            gc.enable()
    assert eng.state.players["Anna"].mp == n
    return elapsed


BUDGET = 0.35


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per size; the best is kept")
    parser.add_argument("--gc", action="store_true", help="leave the cyclic garbage collector on while timing")
    args = parser.parse_args()
    per_entry: dict[int, float] = {}
    for n in SIZES:
        best = min(time_one(n, keep_gc=args.gc) for _ in range(max(1, args.repeat)))
        per_entry[n] = best / n
        print(f"{n:>6} entries: {best * 1000:9.2f} ms in all, {best / n * 1e6:7.2f} µs per entry")
    ratio = per_entry[SIZES[-1]] / per_entry[SIZES[0]]
    print(f"per-entry time ratio 10,000 / 100: {ratio:.2f} (1.00 = linear)")
    total = per_entry[SIZES[-1]] * SIZES[-1]
    ok = total <= BUDGET
    print(f"10,000-entry timeline: {total:.3f} s (budget {BUDGET} s): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
