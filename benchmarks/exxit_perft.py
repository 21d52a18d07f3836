"""Benchmark: EXXIT perft nodes/s beside python-chess perft nodes/s, measured in the same run.

Budget (docs/ARCHITECTURE §8): EXXIT move generation at least 30% of python-chess's
perft nodes/s on the same machine.  Both perfts use the same algorithm, python-chess's
own: make and take back every move down to depth 2, count the last ply without making
it ("bulk").  A second line measures both without bulk counting (every leaf is made
and taken back).  Each figure is the best of several interleaved runs.

Needs python-chess, a benchmark-only dependency: ``python3 -m pip install chess``
(or ``pip install -e '.[bench]'``).

    python3 benchmarks/exxit_perft.py            # full run (~20 s)
    python3 benchmarks/exxit_perft.py --quick    # smaller depths, one run each
"""

from __future__ import annotations

import argparse
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


def best(fn: Callable[[], int], repeat: int) -> tuple[int, float]:
    """(nodes, best seconds) over *repeat* runs."""
    times = []
    nodes = 0
    for _ in range(repeat):
        t = time.perf_counter()
        nodes = fn()
        times.append(time.perf_counter() - t)
    return nodes, min(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller depths, one run each")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure (best is kept)")
    args = ap.parse_args()
    repeat = 1 if args.quick else args.repeat
    chess_depth = 3 if args.quick else 4
    exxit_depth = 13 if args.quick else 16
    middle_depth = 4 if args.quick else 5

    board = chess.Board()
    start = Position()
    middles = [c.position() for c in load_perft_file(str(PERFT_FILE)) if c.id.startswith("middle-")]

    def exxit_middles() -> int:
        return sum(perft(p, middle_depth) for p in middles)

    rows: list[tuple[str, int, float]] = []
    c_nodes = c_time = e_nodes = e_time = m_nodes = m_time = 0.0
    # interleave the runs so that a busy moment of the machine hits both sides
    for _ in range(repeat):
        n, t = best(lambda: chess_perft(board, chess_depth), 1)
        c_nodes, c_time = n, t if not c_time else min(c_time, t)
        n, t = best(lambda: perft(start, exxit_depth), 1)
        e_nodes, e_time = n, t if not e_time else min(e_time, t)
        n, t = best(exxit_middles, 1)
        m_nodes, m_time = n, t if not m_time else min(m_time, t)
    rows.append((f"python-chess perft({chess_depth}) from the start", int(c_nodes), c_time))
    rows.append((f"EXXIT perft({exxit_depth}) from the start", int(e_nodes), e_time))
    rows.append((f"EXXIT perft({middle_depth}) over {len(middles)} middle games", int(m_nodes), m_time))

    fc_nodes, fc_time = best(lambda: chess_perft_full(board, chess_depth - 1 if args.quick else chess_depth), 1)
    fe_nodes, fe_time = best(lambda: perft_full(start, exxit_depth), 1)

    print(f"EXXIT perft benchmark (python-chess {chess.__version__}, Python {sys.version.split()[0]})")
    print()
    for label, nodes, secs in rows:
        print(f"  {label:<44} {nodes:>9} nodes {secs:7.3f} s {nodes / secs:>11,.0f} nodes/s")
    chess_rate = c_nodes / c_time
    start_rate = e_nodes / e_time
    middle_rate = m_nodes / m_time
    print()
    print(f"  ratio, start position:  {start_rate / chess_rate:6.2f}  (EXXIT / python-chess)")
    print(f"  ratio, middle games:    {middle_rate / chess_rate:6.2f}")
    print()
    print("  without bulk counting (every leaf made and taken back):")
    print(f"    python-chess {fc_nodes:>9} nodes {fc_time:7.3f} s {fc_nodes / fc_time:>11,.0f} nodes/s")
    print(f"    EXXIT        {fe_nodes:>9} nodes {fe_time:7.3f} s {fe_nodes / fe_time:>11,.0f} nodes/s")
    print(f"    ratio        {(fe_nodes / fe_time) / (fc_nodes / fc_time):6.2f}")
    budget = 0.30
    worst = min(start_rate, middle_rate) / chess_rate
    print()
    print(f"budget: EXXIT at least {budget:.0%} of python-chess: {'met' if worst >= budget else 'NOT met'} (worst ratio {worst:.2f})")
    return 0 if worst >= budget else 1


if __name__ == "__main__":
    sys.exit(main())
