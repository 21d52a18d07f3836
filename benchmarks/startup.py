"""Benchmark: every command's start-up, as a ratio to ``python -c "import yaml, click"``.

    python3 benchmarks/startup.py [--runs 7] [--quiet]

Each command of the table below runs as a user runs it, in a process of its
own, on a small shipped example (the sample database, a deck, a scenario, a
game record, …).  Its CPU time (user + system, of the process and any child)
is measured with ``os.wait4``, which a busy moment of the machine does not
inflate as it does the wall clock; the figure of each command is the median
of ``--runs`` runs, divided by the median of the baseline measured in the
same run, the two timed in turn.

Before timing, each command runs once, so that the card index and the
check cache exist as they do after a user's first run (the first run builds
them; ``benchmarks/index.py`` and ``benchmarks/data_check.py`` time that).

Budget (issue 16): at most 2.0x for every command, 2.5x for ``resolve``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 2.0
BUDGETS = {"resolve": 2.5}

#: (label, arguments after ``korbiro``): every command and group a user runs.
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("--help", ("--help",)),
    ("data check", ("data", "check")),
    ("data index", ("data", "index")),
    ("card search", ("card", "search", "type:kalandozó mp<=2")),
    ("card show", ("card", "show", "Terda Radowik am Warwik")),
    ("deck check", ("deck", "check", "examples/decks/legal-limit3.deck")),
    ("resolve", ("resolve", "examples/rulings/ostrom-mp.yaml")),
    ("rule show", ("rule", "show", "2.03.E")),
    ("rule search", ("rule", "search", "kincskereses", "--limit", "3")),
    ("keyword explain", ("keyword", "explain", "kincskereses")),
    ("game result", ("game", "result", "examples/results/two-player-end-tie.yaml")),
    ("game variants", ("game", "variants")),
    ("play", ("play", "--seed", "1", "--max-rounds", "1")),
    ("exxit moves", ("exxit", "moves", "examples/exxit/rulebook/3.yaml")),
    ("exxit show", ("exxit", "show", "examples/exxit/rulebook/1a.yaml")),
    ("exxit replay", ("exxit", "replay", "examples/exxit/game.txt")),
    ("xig moves", ("xig", "moves", "examples/xig/position.yaml")),
    ("xig show", ("xig", "show", "examples/xig/illegal-moves.yaml", "--ply", "3")),
    ("xig replay", ("xig", "replay", "examples/xig/illegal-moves.yaml")),
    ("zen moves", ("zen", "moves", "examples/zen/position.yaml")),
    ("zen show", ("zen", "show", "examples/zen/complete-4p.yaml", "--ply", "3")),
    ("zen replay", ("zen", "replay", "examples/zen/misplaced-arrival.yaml")),
)


def cpu(cmd: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one run of *cmd*, its output discarded."""
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0  # reaped here: keep Popen from waiting again
    return usage.ru_utime + usage.ru_stime


def measure(runs: int, only: list[str] | None = None) -> tuple[float, list[tuple[str, float, float]]]:
    """The baseline's median CPU time, and (label, median, budget) of every command."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "KORBIRO_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
        env.pop("KORBIRO_DB", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's installed korbiro has its bytecode
        base_cmd = [sys.executable, "-c", "import yaml, click"]
        chosen = [(label, args) for label, args in COMMANDS if not only or label in only]
        cmds = [[sys.executable, "-m", "korbiro", *args] for _, args in chosen]
        for cmd in cmds:  # the index and the caches, as after a user's first run
            subprocess.run(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        base: list[float] = []
        times: list[list[float]] = [[] for _ in cmds]
        for _ in range(runs):  # in turn, so that a busy moment touches every figure alike
            base.append(cpu(base_cmd, env))
            for i, cmd in enumerate(cmds):
                times[i].append(cpu(cmd, env))
    b = statistics.median(base)
    rows = [(label, statistics.median(t), BUDGETS.get(label.split()[0], BUDGET))
            for (label, _), t in zip(chosen, times, strict=True)]
    return b, rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each command (the median is kept)")
    parser.add_argument("--only", action="append", help="time only this command (its label; repeatable)")
    args = parser.parse_args()
    base, rows = measure(args.runs, args.only)
    print(f'python -c "import yaml, click": {base * 1000:6.1f} ms CPU (median of {args.runs})')
    missed = 0
    for label, t, budget in rows:
        ok = t / base <= budget
        missed += not ok
        print(f"  korbiro {label:<16} {t * 1000:6.1f} ms   ratio {t / base:4.2f}x  (budget {budget}x): "
              f"{'met' if ok else 'MISSED'}")
    worst = max(rows, key=lambda r: r[1] / base / r[2])
    print(f"start-up: worst korbiro {worst[0]} {worst[1] / base:.2f}x (budget {worst[2]}x): "
          f"{'met' if not missed else f'{missed} MISSED'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
