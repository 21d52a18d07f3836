"""Benchmark: korbiro's strict YAML loader against bare ``yaml.load(CSafeLoader)``.

Generates a card database of 10,000 card-like mappings in two styles (one flow
mapping per card, and block style as in ``data/mk/cards``), loads each with
both, and prints the best-of-N times and the ratio.  Budget (ARCHITECTURE.md
section 8): the whole ``data check`` at most 1.5x of bare CSafeLoader; the
loader itself aims at 1.3x or less.

    python benchmarks/yaml_load.py [--cards 10000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Callable
from typing import Any

import yaml

from korbiro.base import yamlload

TYPES = ("kalandozó", "küldetés", "építmény", "akadálylap", "akciólap", "eseménylap")


def flow_cards(n: int) -> str:
    """A set file with one flow mapping per card."""
    lines = ["set: {code: X, name: Tesztkészlet, sample: true}", "cards:"]
    for i in range(n):
        lines.append(
            f'  - {{id: X-{i:04d}, name: "Kártya {i}", type: {TYPES[i % len(TYPES)]}, '
            f'subtype: null, mp: {i % 7}, dp: null, text: "KINCSKERESÉS 2\\nNEMES NYELV\\n"}}'
        )
    return "\n".join(lines) + "\n"


def block_cards(n: int) -> str:
    """A set file in block style, as the shipped data is written."""
    lines = ["set: {code: X, name: Tesztkészlet, sample: true}", "cards:"]
    for i in range(n):
        lines.append(
            f"  - id: X-{i:04d}\n    name: Kártya {i}\n    type: {TYPES[i % len(TYPES)]}\n"
            f"    subtype: null\n    mp: {i % 7}\n    dp: null  # no DP\n"
            f"    text: |\n      KINCSKERESÉS 2\n      NEMES NYELV"
        )
    return "\n".join(lines) + "\n"


def best(fn: Callable[[], Any], repeat: int) -> float:
    """Best wall time of *repeat* calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"backend: {yamlload.BACKEND}")
    for style, make in (("flow", flow_cards), ("block", block_cards)):
        raw = make(args.cards).encode("utf-8")
        assert yamlload.load_yaml_text(raw).data["cards"][-1]["id"] == f"X-{args.cards - 1:04d}"
        text = raw.decode("utf-8")
        base = best(functools.partial(yaml.load, text, Loader=yaml.CSafeLoader), args.repeat)
        ours = best(functools.partial(yamlload.load_yaml_text, raw), args.repeat)
        print(
            f"{style:5} {len(raw) / 1e6:5.2f} MB  CSafeLoader {base * 1000:7.1f} ms  "
            f"korbiro {ours * 1000:7.1f} ms  ratio {ours / base:.2f}"
        )


if __name__ == "__main__":
    main()
