"""Benchmark: ``data check`` against bare ``yaml.load(CSafeLoader)`` of the same files.

    python benchmarks/data_check.py [N]      (default N = 10000)

Prints the full check time and the re-check (cache hit) time as ratios to the
baseline measured in the same run.  Budget (ARCHITECTURE.md §8): full check at
most 1.5x, re-check at most 0.1x.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).parent))
from gen_db import generate  # noqa: E402


def best_of(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    out = Path(__file__).parent / "_generated" / str(n)
    files = generate(n, out)

    def bare() -> None:
        for f in files:
            yaml.load(f.read_bytes(), Loader=yaml.CSafeLoader)

    with tempfile.TemporaryDirectory() as cache:
        os.environ["KORBIRO_CACHE_DIR"] = cache
        from korbiro.data.check import check_database

        # warm imports and the compiled schema/grammar once, as a long-running process would have them
        first = check_database(files[:1], use_cache=False)
        assert not first.failed(), [f.render_text() for f in first.findings[:5]]

        # interleaved rounds, best of each: a busy moment on a shared machine hits both sides alike
        check_database(files, use_cache=True)  # fill the cache
        t_bare = t_check = t_recheck = float("inf")
        for _ in range(5):
            t_bare = min(t_bare, best_of(bare, 1))
            t_check = min(t_check, best_of(lambda: check_database(files, use_cache=False), 1))
            t_recheck = min(t_recheck, best_of(lambda: check_database(files, use_cache=True), 1))
        report = check_database(files, use_cache=True)
    print(f"cards: {report.card_count} in {len(files)} files; findings: {len(report.findings)}")
    print(f"bare yaml.load(CSafeLoader): {t_bare * 1000:8.1f} ms")
    print(f"data check (no cache):       {t_check * 1000:8.1f} ms   ratio {t_check / t_bare:5.2f}x  (budget 1.5x)")
    print(f"data check (cache hit):      {t_recheck * 1000:8.1f} ms   ratio {t_recheck / t_bare:5.2f}x  (budget 0.1x)")


if __name__ == "__main__":
    main()
