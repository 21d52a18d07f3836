"""Benchmark: ``korbiro data check`` against bare ``yaml.load(CSafeLoader)`` of the same files.

    python3 benchmarks/data_check.py [N] [--runs 5]      (default N = 10000 cards)

What is timed is what a user runs, in CPU time (user + system, of the
process; ``os.wait4`` for a command, ``time.process_time`` in a process),
which a busy moment of the machine inflates far less than the wall clock.
Each figure is the median of ``--runs`` rounds, the two sides of a ratio
timed in turn within a round.

1. **cold, whole command**: ``korbiro data check DIR`` in a fresh process
   with an empty cache folder (a first run: nothing is cached, and the run
   writes its cache), against a fresh process that reads each file and
   ``yaml.load``\\ s it with ``CSafeLoader`` (budget 1.2x);
2. **one schema error, whole command**: the same on a copy of the set files
   in which one card's ``mp`` is ``sok`` (budget 1.3x);
3. **in one process, cold memo**: a process that has imported korbiro and
   loaded its grammar and schema, as a long-running process would, but has
   checked nothing yet (no card-text line is memoised), times
   ``check_database(files, use_cache=False)`` once against the bare loop in
   the same process (budget 1.0x);
4. **re-check, whole command**: ``korbiro data check DIR`` again with
   nothing changed (the cache answers; budget 0.1x of the bare process).

Budgets: issue 16.  The generated set files (benchmarks/gen_db.py) are
checked to be clean first: a benchmark of a database with errors would time
the explanation path instead.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).parent))
from gen_db import generate  # noqa: E402

BUDGETS = {"cold": 1.2, "error": 1.3, "memo": 1.0, "recheck": 0.1}

BARE = """
import sys, yaml
for name in sys.argv[1:]:
    with open(name, "rb") as fh:
        yaml.load(fh.read(), Loader=yaml.CSafeLoader)
"""

IN_PROCESS = """
import sys, time, yaml
from korbiro.data.check import check_database
from korbiro.data.schema import fast_validator
from korbiro.grammar import cardtext
cardtext._parser(); fast_validator("mk-set"); fast_validator("mk-set", "#/$defs/card")  # loaded, nothing checked
files = sys.argv[1:]
t = time.process_time()
for name in files:
    with open(name, "rb") as fh:
        yaml.load(fh.read(), Loader=yaml.CSafeLoader)
bare = time.process_time() - t
t = time.process_time()
report = check_database(files, use_cache=False)
ours = time.process_time() - t
assert not report.findings, [f.render_text() for f in report.findings[:3]]
print(bare, ours)
"""


def cpu(cmd: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one run of *cmd*."""
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime


def with_one_error(files: list[Path], folder: Path) -> list[Path]:
    """A copy of the set files in which the first card of the middle file has ``mp: sok``."""
    out = []
    middle = len(files) // 2
    for i, f in enumerate(files):
        text = f.read_text("utf-8")
        if i == middle:
            head, sep, rest = text.partition("\n    mp: ")
            text = head + sep + "sok" + rest[rest.index("\n"):]
        target = folder / f.name
        target.write_text(text, "utf-8")
        out.append(target)
    return out


def environment(cache: str) -> dict[str, str]:
    env = {**os.environ, "KORBIRO_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's installed korbiro has its bytecode
    env.pop("KORBIRO_DB", None)
    return env


def measure(n: int, runs: int) -> dict[str, tuple[float, float]]:
    """(ours, baseline) medians in seconds, by figure."""
    files = generate(n, ROOT / "benchmarks" / "_generated" / str(n))
    korbiro = [sys.executable, "-m", "korbiro", "data", "check"]
    bare = [sys.executable, "-c", BARE]
    rounds: dict[str, list[tuple[float, float]]] = {k: [] for k in BUDGETS}
    with tempfile.TemporaryDirectory() as work:
        (Path(work) / "broken").mkdir()
        broken = with_one_error(files, Path(work) / "broken")
        env = environment(str(Path(work) / "warm"))
        check = subprocess.run([*korbiro, *map(str, files)], env=env, cwd=ROOT, capture_output=True, text=True)
        assert check.returncode == 0, f"the generated set files are not clean:\n{check.stdout[-2000:]}"
        failing = subprocess.run([*korbiro, *map(str, broken)], env=env, cwd=ROOT, capture_output=True, text=True)
        assert failing.returncode == 1 and "0 warning(s)" in failing.stdout and " 1 error(s)" in failing.stdout, \
            failing.stdout[-2000:]
        for r in range(runs):
            b = cpu([*bare, *map(str, files)], env)
            cache = str(Path(work) / f"cache{r}")
            rounds["cold"].append((cpu([*korbiro, *map(str, files)], environment(cache)), b))
            rounds["recheck"].append((cpu([*korbiro, *map(str, files)], environment(cache)), b))
            b2 = cpu([*bare, *map(str, broken)], env)
            rounds["error"].append((cpu([*korbiro, *map(str, broken)], environment(cache + "e")), b2))
            shutil.rmtree(cache, ignore_errors=True)
            shutil.rmtree(cache + "e", ignore_errors=True)
            out = subprocess.run([sys.executable, "-c", IN_PROCESS, *map(str, files)], env=env, cwd=ROOT,
                                 capture_output=True, text=True, check=True).stdout.split()
            rounds["memo"].append((float(out[1]), float(out[0])))
    return {k: (statistics.median(o for o, _ in v), statistics.median(b for _, b in v)) for k, v in rounds.items()}


LABELS = {
    "cold": "data check, cold, whole command / bare CSafeLoader process",
    "error": "same, one schema error",
    "memo": "data check in one process, cold memo / bare loop",
    "recheck": "re-check, nothing changed, whole command / bare process",
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=10000, help="cards (default 10000)")
    parser.add_argument("--runs", type=int, default=5, help="rounds (the median is kept)")
    args = parser.parse_args()
    figures = measure(args.n, args.runs)
    print(f"{args.n} generated cards; CPU time, median of {args.runs} rounds")
    missed = 0
    for key, label in LABELS.items():
        ours, base = figures[key]
        ratio = ours / base
        ok = ratio <= BUDGETS[key]
        missed += not ok
        print(f"  {label:<62} {ours * 1000:7.1f} / {base * 1000:6.1f} ms = {ratio:5.2f}x"
              f"  (budget {BUDGETS[key]}x): {'met' if ok else 'MISSED'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
