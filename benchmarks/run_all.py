"""Run every benchmark and print each figure beside its budget, met or missed.

    python3 benchmarks/run_all.py              # everything (~7 minutes on 2 cores)
    python3 benchmarks/run_all.py --quick      # smaller runs where a benchmark has them
    python3 benchmarks/run_all.py --no-tests   # without timing the test suite

Each benchmark runs in a process of its own, with this checkout's korbiro
(``PYTHONPATH``) and bytecode on, and its own output is printed as it comes;
then a summary gives every budgeted line of every benchmark (the lines that
end in ``met`` or ``MISSED``), and the test suite's wall time
(``python3 -m pytest``, on every core, budget 60 s).  The exit code is 1 when
any budget is missed.  The budgets are those of issue 16 (and of the issues
before it for the lines it kept: legal actions, whole games).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
TEST_BUDGET = 60.0

#: (script, its arguments, its arguments with --quick)
BENCHMARKS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("data_check.py", (), ("--runs", "3")),
    ("startup.py", (), ("--runs", "5")),
    ("deck_check.py", (), ()),
    ("index.py", (), ("--runs", "1")),
    ("yaml_load.py", (), ()),
    ("timeline.py", (), ()),
    ("exxit_perft.py", (), ()),  # --quick changes the depths, and with them the ratio
    ("legal_actions.py", (), ()),
    ("play.py", (), ()),
    ("bot.py", ("--games", "30"), ("--games", "10")),  # the acceptance figure is that of 200 games (~10 min)
)

_VERDICT = re.compile(r"(:|\s)\s*(met|MISSED|NOT met|\d+ MISSED)\s*$")


def environment() -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # timed as installed: with bytecode
    return env


def run(script: str, args: tuple[str, ...]) -> tuple[int, list[str]]:
    """Run one benchmark, echoing its output; its exit code and its lines."""
    print(f"\n### {script} {' '.join(args)}".rstrip(), flush=True)
    proc = subprocess.Popen([sys.executable, str(HERE / script), *args], cwd=ROOT, env=environment(),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    assert proc.stdout is not None
    for line in proc.stdout:
        print(line, end="", flush=True)
        lines.append(line.rstrip("\n"))
    return proc.wait(), lines


def test_suite() -> tuple[float, bool, str]:
    """The wall time of ``python3 -m pytest`` (as the README runs it), and whether it passed."""
    print("\n### python3 -m pytest -q -p no:cacheprovider", flush=True)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=ROOT,
                          env=environment(), capture_output=True, text=True)
    took = time.perf_counter() - start
    last = (proc.stdout.strip().splitlines() or [""])[-1]
    print(last)
    return took, proc.returncode == 0, last


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs where a benchmark has them")
    parser.add_argument("--no-tests", action="store_true", help="do not time the test suite")
    parser.add_argument("--only", action="append", help="run only this benchmark (file name; repeatable)")
    args = parser.parse_args()
    summary: list[tuple[str, str, bool]] = []
    failed: list[str] = []
    for script, full, quick in BENCHMARKS:
        if args.only and script not in args.only:
            continue
        code, lines = run(script, quick if args.quick else full)
        verdicts = [ln.strip() for ln in lines if _VERDICT.search(ln) and "budget" in ln]
        for ln in verdicts:
            summary.append((script, ln, not ln.endswith("MISSED") and not ln.endswith("NOT met")))
        if code != 0 and not any(not ok for s, _, ok in summary if s == script):
            failed.append(f"{script} exited {code}")
    if not args.no_tests and not args.only:
        took, passed, last = test_suite()
        ok = passed and took <= TEST_BUDGET
        summary.append(("pytest", f"test suite: {took:.1f} s wall on {os.cpu_count()} cores "
                                  f"(budget {TEST_BUDGET:.0f} s; {last}): {'met' if ok else 'MISSED'}", ok))
    print("\n" + "=" * 100 + "\nsummary: every budgeted figure\n")
    for script, line, _ in summary:
        print(f"  {script:<17} {line}")
    missed = sum(not ok for _, _, ok in summary)
    for f in failed:
        print(f"  {f} without a budget line")
    print(f"\n{len(summary) - missed} met, {missed} missed")
    return 1 if missed or failed else 0


if __name__ == "__main__":
    sys.exit(main())
