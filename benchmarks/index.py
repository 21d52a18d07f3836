"""Benchmark: the card index and card search on generated databases.

    python3 benchmarks/index.py [N ...] [--runs 3]      (default: 10000 100000)

For each N-card database (benchmarks/gen_db.py, deterministic), in fresh
processes, CPU time (user + system):

1. the index build: ``open_index`` with no index yet (the whole data check of
   the set files, then the SQLite fill), against ``check_database`` of the
   same files without a cache, each in a process of its own that has imported
   korbiro first; the median of ``--runs``.  Budget at 100k: at most 1.2x,
   and linear: the build time per card at the largest N within 1.2x of that
   at the smallest;
2. the peak memory (maximum resident set) of the building process; budget at
   100k: 250 MB;
3. card search in process on the open index, as ``korbiro card search``
   runs it for a table (``shown=True``): the median of 7 runs of each query of
   a fixed set, all matches and ``--limit 20``.  Budget at 100k, for the
   query that matches a third of the cards (``"húzz 2 lapot"``): 150 ms and
   10 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).parent))
from gen_db import generate  # noqa: E402

BUILD_RATIO = 1.2
LINEAR = 1.2
MEMORY_MB = 250
SEARCH_ALL_MS = 150
SEARCH_LIMIT_MS = 10
#: the budgeted query: a phrase in a third of the generated cards' texts
BIG = '"húzz 2 lapot"'

#: The fixed query set: filters of every kind, words, a phrase, negation and OR.
QUERIES = (
    "type:kalandozó mp<=3",
    "faj:sarkany",
    "kw:kincskeresés>=3",
    'kw:"nemes nyelv" -kw:csatlós',
    "tükör",
    BIG,
    "toroni kard",
    "subtype:bestia or subtype:gépezet",
    "fal>=4 type:toronyszint",
    "name:0010042",
    "-(type:kalandozó or type:akciólap) mp=0",
    "id=GEN010-0100",
)

BUILD = """
import json, resource, sys, time
from korbiro.data.index import open_index
t = time.process_time()
idx = open_index([sys.argv[1]])
took = time.process_time() - t
print(json.dumps({"build": took, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "bytes": __import__("os").path.getsize(idx.path)}))
"""

CHECK = """
import json, sys, time
from korbiro.data.check import check_database
from korbiro.data.paths import discover
files = discover([sys.argv[1]])
t = time.process_time()
report = check_database(files, use_cache=False)
assert not report.findings
print(json.dumps({"check": time.process_time() - t}))
"""


def _median_ms(fn: object, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def _python(code: str, arg: str, cache: str) -> dict[str, float]:
    env = {**os.environ, "KORBIRO_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run([sys.executable, "-c", code, arg], env=env, cwd=ROOT, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def bench(n: int, runs: int) -> dict[str, float]:
    out = ROOT / "benchmarks" / "_generated" / str(n)
    generate(n, out)
    builds, checks, rss = [], [], []
    size = 0.0
    with tempfile.TemporaryDirectory() as work:
        for r in range(runs):
            checks.append(_python(CHECK, str(out), f"{work}/c{r}")["check"])
            got = _python(BUILD, str(out), f"{work}/b{r}")
            builds.append(got["build"])
            rss.append(got["rss_mb"])
            size = got["bytes"]
            if r < runs - 1:
                shutil.rmtree(f"{work}/b{r}", ignore_errors=True)
        os.environ["KORBIRO_CACHE_DIR"] = f"{work}/b{runs - 1}"
        from korbiro.data.index import open_index
        from korbiro.data.search import search
        from korbiro.grammar.query import parse_query

        index = open_index([out])
        rows = []
        for q in QUERIES:
            parsed = parse_query(q)
            count = search(index, parsed, limit=1).count
            full = _median_ms(lambda p=parsed: search(index, p, shown=True))
            top = _median_ms(lambda p=parsed: search(index, p, limit=20, shown=True))
            rows.append((q, count, full, top))
        index.close()
    build, check = statistics.median(builds), statistics.median(checks)
    print(f"\n== {n:,} cards: index build {build:.2f} s CPU, data check {check:.2f} s "
          f"(ratio {build / check:.2f}); peak memory {max(rss):.0f} MB; index {size / 1e6:.1f} MB")
    width = max(len(q) for q in QUERIES)
    print(f"  {'query':<{width}}  {'matches':>7}  {'all (ms)':>9}  {'limit 20':>9}")
    for q, count, full, top in rows:
        print(f"  {q:<{width}}  {count:>7,}  {full:9.2f}  {top:9.2f}")
    print(f"  median over the {len(QUERIES)} queries: all matches {statistics.median(r[2] for r in rows):.2f} ms, "
          f"limit 20 {statistics.median(r[3] for r in rows):.2f} ms")
    big = next(r for r in rows if r[0] == BIG)
    return {"n": n, "build": build, "check": check, "rss": max(rss), "all": big[2], "top": big[3], "count": big[1]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[10000, 100000])
    parser.add_argument("--runs", type=int, default=3, help="builds and checks of each size (the median is kept)")
    args = parser.parse_args()
    results = [bench(n, args.runs) for n in sorted(args.sizes)]
    small, large = results[0], results[-1]
    verdicts = []

    def verdict(label: str, figure: str, ok: bool) -> None:
        verdicts.append(ok)
        print(f"  {label:<58} {figure:<28} {'met' if ok else 'MISSED'}")

    print(f"\nbudgets (issue 16), at {large['n']:,} cards:")
    ratio = large["build"] / large["check"]
    verdict("index build / data check of the same cards", f"{ratio:.2f}x (budget {BUILD_RATIO}x)", ratio <= BUILD_RATIO)
    if len(results) > 1:
        growth = (large["build"] / large["n"]) / (small["build"] / small["n"])
        verdict(f"build time per card, {large['n']:,} / {small['n']:,}", f"{growth:.2f} (budget {LINEAR}; 1 = linear)",
                growth <= LINEAR)
    verdict("index build peak memory", f"{large['rss']:.0f} MB (budget {MEMORY_MB} MB)", large["rss"] <= MEMORY_MB)
    verdict(f"card search {BIG}, all {large['count']:,} matches", f"{large['all']:.1f} ms (budget {SEARCH_ALL_MS} ms)",
            large["all"] <= SEARCH_ALL_MS)
    verdict(f"card search {BIG}, --limit 20", f"{large['top']:.1f} ms (budget {SEARCH_LIMIT_MS} ms)",
            large["top"] <= SEARCH_LIMIT_MS)
    return 0 if all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
