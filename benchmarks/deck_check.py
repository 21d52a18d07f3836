"""Benchmark: deck checks per second, and the whole ``korbiro deck check`` command's wall time.

    python benchmarks/deck_check.py [N]      (default N = 10000 cards)

1. decks/s: ``check_deck`` on generated legal and illegal decks once the
   N-card database is loaded (budget: at least 10,000 decks/s);
2. the wall time of one ``korbiro deck check DECK --db DB`` process (index
   already built, as after the first run) as a ratio to
   ``python -c "import yaml, click"`` measured in the same run (budget: 3x).
"""

from __future__ import annotations

import datetime as dt
import os
import random
import subprocess
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


def wall(cmd: list[str], env: dict[str, str], repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - t0)
    times.sort()
    return times[len(times) // 2]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    out = Path(__file__).parent / "_generated" / str(n)
    generate(n, out)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["KORBIRO_CACHE_DIR"] = cache
        from korbiro.data.formats import load_formats
        from korbiro.data.index import open_index
        from korbiro.rules.mk.deck import check_deck

        t0 = time.perf_counter()
        index = open_index([out])
        built = time.perf_counter() - t0
        db = index.database()
        formats = load_formats()
        decks = make_decks(db, 2000)
        day = dt.date(2026, 11, 29)
        for d in decks[:50]:
            check_deck(d, db, formats=formats, date=day)
        took = float("inf")
        for _ in range(5):  # best of five passes over the same decks
            t0 = time.perf_counter()
            legal = sum(check_deck(d, db, formats=formats, date=day).legal for d in decks)
            took = min(took, time.perf_counter() - t0)
        rate = len(decks) / took

        deck_file = Path(cache) / "bench.deck"
        deck_file.write_text("\n".join(
            ["Torony:", *[c.name for c in db if c.type == "toronyszint"][:3], "Pakli:",
             *(f"3 {c.name}" for c in [c for c in db if c.type != "toronyszint"][:14])]) + "\n", encoding="utf-8")
        env = {**os.environ, "KORBIRO_CACHE_DIR": cache}
        base = wall([sys.executable, "-c", "import yaml, click"], env)
        cmd = [sys.executable, "-m", "korbiro", "deck", "check", str(deck_file), "--db", str(out)]
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=False)  # the index exists after this
        ours = wall(cmd, env)
        show = wall([sys.executable, "-m", "korbiro", "card", "show", db.cards[0].name, "--db", str(out)], env)
    print(f"database: {len(db)} cards; index built in {built:.2f} s")
    print(f"deck check: {len(decks)} decks ({legal} legal) in {took * 1000:.0f} ms = {rate:,.0f} decks/s  (budget >= 10,000)")
    print(f'python -c "import yaml, click": {base * 1000:6.1f} ms (median of 7)')
    print(f"korbiro deck check (one deck):  {ours * 1000:6.1f} ms   ratio {ours / base:4.2f}x  (budget 3x)")
    print(f"korbiro card show (one card):   {show * 1000:6.1f} ms   ratio {show / base:4.2f}x  (budget 3x)")


if __name__ == "__main__":
    main()
