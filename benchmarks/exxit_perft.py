"""Benchmark: EXXIT perft nodes/s beside python-chess perft nodes/s, measured in the same run.

Budget (issue 16): EXXIT perft from the start position at least as many nodes/s as
python-chess perft from the chess start position (ratio >= 1.0).  Both perfts count
the last ply without making it ("bulk"), as python-chess's own perft does; EXXIT
also makes the ply before it on the board alone (see ``korbiro/rules/exxit/perft.py``).

What is timed is what a user runs: each timed call starts from a fresh position
(``Position()``, ``chess.Board()``), and neither engine keeps anything from one call
to the next (EXXIT has no lazily filled tables), so no run is warmed by an earlier
one.  The two sides are timed in turn, several rounds, and each round gives one
ratio; the figure is the median ratio, so that a busy moment of the machine, which
hits one round, does not decide it.

Also shown, not budgeted: EXXIT perft over the middle-game positions of
``tests/data/exxit.perft``, and both perfts without bulk counting.

Needs python-chess, a benchmark-only dependency: ``python3 -m pip install chess``
(or ``pip install -e '.[bench]'``).

    python3 benchmarks/exxit_perft.py            # full run (~15 s)
    python3 benchmarks/exxit_perft.py --quick    # smaller depths, fewer rounds
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

try:
    import chess
except ImportError:  # pragma: no cover - depends on the environment
    sys.exit("python-chess is needed for this benchmark: python3 -m pip install chess")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from korbiro.rules.exxit import Position, perft, perft_full  # noqa: E402
from korbiro.rules.exxit.perft import load_perft_file  # noqa: E402

PERFT_FILE = Path(__file__).resolve().parent.parent / "tests" / "data" / "exxit.perft"
BUDGET = 1.0


def chess_perft(board: chess.Board, depth: int) -> int:
    """python-chess's perft (as in its test suite): bulk-count the last ply."""
    if depth > 1:
        n = 0
        for move in board.legal_moves:
            board.push(move)
            n += chess_perft(board, depth - 1)
            board.pop()
        return n
    return board.legal_moves.count()


def chess_perft_full(board: chess.Board, depth: int) -> int:
    if depth == 0:
        return 1
    n = 0
    for move in board.legal_moves:
        board.push(move)
        n += chess_perft_full(board, depth - 1)
        board.pop()
    return n


def timed(fn: Callable[[], int]) -> tuple[int, float]:
    """(nodes, seconds) of one call."""
    t = time.perf_counter()
    nodes = fn()
    return nodes, time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller depths, fewer rounds")
    ap.add_argument("--rounds", type=int, default=None, help="timed rounds (default 7, quick 3)")
    args = ap.parse_args()
    rounds = args.rounds or (3 if args.quick else 7)
    chess_depth = 3 if args.quick else 4
    exxit_depth = 13 if args.quick else 16
    middle_depth = 4 if args.quick else 5
    middle_cases = [c for c in load_perft_file(str(PERFT_FILE)) if c.id.startswith("middle-")]

    ratios: list[float] = []
    chess_runs: list[tuple[int, float]] = []
    exxit_runs: list[tuple[int, float]] = []
    for _ in range(rounds):
        chess_runs.append(timed(lambda: chess_perft(chess.Board(), chess_depth)))
        exxit_runs.append(timed(lambda: perft(Position(), exxit_depth)))
        (cn, ct), (en, et) = chess_runs[-1], exxit_runs[-1]
        ratios.append((en / et) / (cn / ct))
    middles = [c.position() for c in middle_cases]
    m_nodes, m_time = timed(lambda: sum(perft(p, middle_depth) for p in middles))
    full_depth = chess_depth - 1 if args.quick else chess_depth
    fc_nodes, fc_time = timed(lambda: chess_perft_full(chess.Board(), full_depth))
    fe_nodes, fe_time = timed(lambda: perft_full(Position(), exxit_depth))

    def rate(runs: list[tuple[int, float]]) -> tuple[int, float]:
        nodes = runs[0][0]
        return nodes, statistics.median(t for _, t in runs)

    c_nodes, c_time = rate(chess_runs)
    e_nodes, e_time = rate(exxit_runs)
    ratio = statistics.median(ratios)
    print(f"EXXIT perft benchmark (python-chess {chess.__version__}, Python {sys.version.split()[0]}, {rounds} rounds)")
    print()
    rows = [
        (f"python-chess perft({chess_depth}) from the start", c_nodes, c_time, "median"),
        (f"EXXIT perft({exxit_depth}) from the start", e_nodes, e_time, "median"),
        (f"EXXIT perft({middle_depth}) over {len(middles)} middle games", m_nodes, m_time, "one run"),
    ]
    for label, nodes, secs, how in rows:
        print(f"  {label:<44} {nodes:>9} nodes {secs:7.3f} s {nodes / secs:>11,.0f} nodes/s ({how})")
    print(f"  ratio of each round:  {' '.join(f'{r:.2f}' for r in ratios)}")
    print(f"  middle games / python-chess: {(m_nodes / m_time) / (c_nodes / c_time):.2f} (not budgeted)")
    print()
    print("  without bulk counting (every leaf made and taken back; not budgeted):")
    print(f"    python-chess {fc_nodes:>9} nodes {fc_time:7.3f} s {fc_nodes / fc_time:>11,.0f} nodes/s")
    print(f"    EXXIT        {fe_nodes:>9} nodes {fe_time:7.3f} s {fe_nodes / fe_time:>11,.0f} nodes/s")
    print(f"    ratio        {(fe_nodes / fe_time) / (fc_nodes / fc_time):6.2f}")
    print()
    met = ratio >= BUDGET
    print(
        f"EXXIT perft from the start / python-chess perft: ratio {ratio:.2f} (budget >= {BUDGET}):"
        f" {'met' if met else 'NOT met'}"
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
