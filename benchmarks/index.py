"""Benchmark: the card index and card search on generated databases.

    python benchmarks/index.py [N ...]      (default: 10000 100000)

For each N-card database (benchmarks/gen_db.py, deterministic):

1. the index build time: ``open_index`` with no index yet, which first runs
   the whole data check of the set files (``load_database``) and then fills
   the SQLite file; the data check alone is timed too, so the fill is their
   difference;
2. the query latency: the median of 7 runs of each query of a fixed set
   (parse, compile, count, fetch the sorted cards), in process on an open
   index, all matches and ``--limit 20``; then the median over the set;
3. the wall time of one ``korbiro card show``, ``korbiro deck check`` and
   ``korbiro card search`` process (index already built, as after the first
   run), each as a ratio to ``python -c "import yaml, click"`` measured in the
   same run (budget for show and deck check, ARCHITECTURE.md §8: 3x).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from deck_check import wall  # noqa: E402
from gen_db import generate  # noqa: E402

#: The fixed query set: filters of every kind, words, a phrase, negation and OR.
QUERIES = (
    "type:kalandozó mp<=3",
    "faj:sarkany",
    "kw:kincskeresés>=3",
    'kw:"nemes nyelv" -kw:csatlós',
    "tükör",
    '"húzz 2 lapot"',
    "toroni kard",
    "subtype:bestia or subtype:gépezet",
    "fal>=4 type:toronyszint",
    "name:0010042",
    "-(type:kalandozó or type:akciólap) mp=0",
    "id=GEN010-0100",
)


def _median_ms(fn: object, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def bench(n: int) -> None:
    from korbiro.data.check import load_database
    from korbiro.data.index import open_index
    from korbiro.data.paths import discover
    from korbiro.data.search import search
    from korbiro.grammar.query import parse_query

    out = Path(__file__).parent / "_generated" / str(n)
    generate(n, out)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["KORBIRO_CACHE_DIR"] = cache
        files = discover([out])
        t0 = time.perf_counter()
        index = open_index([out])
        built = time.perf_counter() - t0
        t0 = time.perf_counter()
        load_database(files)
        checked = time.perf_counter() - t0
        size = Path(index.path).stat().st_size

        print(f"\n== {n:,} cards ({len(files)} set files)")
        print(f"index build: {built:6.2f} s  (data check {checked:.2f} s + fill {max(built - checked, 0):.2f} s); "
              f"{size / 1e6:.1f} MB")
        search(index, "warm up")
        rows = []
        for q in QUERIES:
            parsed = parse_query(q)
            count = search(index, parsed, limit=1).count
            full = _median_ms(lambda p=parsed: search(index, p))
            top = _median_ms(lambda p=parsed: search(index, p, limit=20))
            rows.append((q, count, full, top))
        width = max(len(q) for q in QUERIES)
        print(f"{'query':<{width}}  {'matches':>7}  {'all (ms)':>9}  {'limit 20':>9}")
        for q, count, full, top in rows:
            print(f"{q:<{width}}  {count:>7,}  {full:9.2f}  {top:9.2f}")
        print(f"median over the {len(QUERIES)} queries: all matches {statistics.median(r[2] for r in rows):.2f} ms, "
              f"limit 20 {statistics.median(r[3] for r in rows):.2f} ms")

        db = index.database()
        deck = Path(cache) / "bench.deck"
        deck.write_text("\n".join(
            ["Torony:", *[c.name for c in db if c.type == "toronyszint"][:3], "Pakli:",
             *(f"3 {c.name}" for c in [c for c in db if c.type != "toronyszint"][:14])]) + "\n", encoding="utf-8")
        name = db.cards[n // 2].name
        index.close()
        env = {**os.environ, "KORBIRO_CACHE_DIR": cache}
        base = wall([sys.executable, "-c", "import yaml, click"], env)
        py = [sys.executable, "-m", "korbiro"]
        show = wall([*py, "card", "show", name, "--db", str(out)], env)
        check = wall([*py, "deck", "check", str(deck), "--db", str(out)], env)
        search = wall([*py, "card", "search", "type:kalandozó mp<=3 kw:kincskeresés>=3", "--db", str(out),
                       "--limit", "20"], env)
        print(f'python -c "import yaml, click":   {base * 1000:6.1f} ms (median of 7)')
        print(f"korbiro card show (one card):     {show * 1000:6.1f} ms   ratio {show / base:4.2f}x  (budget 3x)")
        print(f"korbiro deck check (one deck):    {check * 1000:6.1f} ms   ratio {check / base:4.2f}x  (budget 3x)")
        print(f"korbiro card search (--limit 20): {search * 1000:6.1f} ms   ratio {search / base:4.2f}x")


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [10000, 100000]
    for n in sizes:
        bench(n)


if __name__ == "__main__":
    main()
