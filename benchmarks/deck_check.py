"""Benchmark: deck checks per second with the database loaded.

    python3 benchmarks/deck_check.py [N]      (default N = 10000 cards)

``check_deck`` on 2,000 generated legal and illegal decks once the N-card
database is loaded from its index, best of five passes, each over a database loaded afresh (no
warm-up: its lookup memo starts cold, as in a user's batch of decks), in CPU time
(budget, issue 16: at least 20,000 decks/s).  The start-up of one
``korbiro deck check`` process is ``benchmarks/startup.py``'s.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from gen_db import generate  # noqa: E402


def make_decks(db, count: int, seed: int = 1) -> list:  # type: ignore[no-untyped-def]
    from korbiro.grammar.decklist import parse_deck_text

    rng = random.Random(seed)
    towers = [c.name for c in db if c.type == "toronyszint"]
    others = [c.name for c in db if c.type != "toronyszint"]
    decks = []
    for i in range(count):
        tower = rng.sample(towers, 3)
        body = rng.sample(others, 14)
        lines = ["Torony:", *tower, "Pakli:", *(f"3 {n}" for n in body[:13]), f"{1 + i % 4} {body[13]}"]
        if i % 5 == 0:
            lines.append("Cserepakli:")
            lines.extend(f"1 {n}" for n in rng.sample(others, 13))
        decks.append(parse_deck_text("\n".join(lines) + "\n", f"deck{i}.deck"))
    return decks


BUDGET = 20_000


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    out = Path(__file__).parent / "_generated" / str(n)
    generate(n, out)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["KORBIRO_CACHE_DIR"] = cache
        from korbiro.data.formats import load_formats
        from korbiro.data.index import open_index
        from korbiro.rules.mk.deck import check_deck

        t0 = time.process_time()
        index = open_index([out])
        built = time.process_time() - t0
        formats = load_formats()
        decks = make_decks(index.database(), 2000)
        day = dt.date(2026, 11, 29)
        took = float("inf")
        for _ in range(5):  # best of five passes, each with the database loaded afresh (its lookup memo cold)
            db = index.database()
            for card in db:  # loaded: every card in memory, its fields read (the budget is for a loaded database)
                _ = card.keyword_keys
            t0 = time.process_time()
            legal = sum(check_deck(d, db, formats=formats, date=day).legal for d in decks)
            took = min(took, time.process_time() - t0)
        rate = len(decks) / took

    ok = rate >= BUDGET
    print(f"database: {len(db)} cards; index built in {built:.2f} s")
    print(f"deck check: {len(decks)} decks ({legal} legal) in {took * 1000:.0f} ms = {rate:,.0f} decks/s "
          f"(budget >= {BUDGET:,}): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
