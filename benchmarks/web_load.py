"""Benchmark: a bounded load test of ``korbiro serve`` on 127.0.0.1: deck checks over HTTP.

    python benchmarks/web_load.py [N] [CONCURRENCY]     (default 2000 requests, 16 at a time)

Starts ``korbiro serve`` (the real command, the shipped sample database) on a free port of
127.0.0.1, sends N ``POST /api/deck/check`` requests of the shipped example decks, CONCURRENCY at
a time over keep-alive connections, and prints the errors (any answer but 200, or a body that is not
the deck's verdict), the requests per second and the latency: p50, p90, p99 and the worst.
Budget: no error, p50 at most 15 ms.  The ratio is p50 against the same deck checks run in this
process through the library (``check_deck``, the baseline measured in the same run).

Only 127.0.0.1 is ever sent to, N requests at most; the server is stopped at the end.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECKS = sorted((ROOT / "examples" / "decks").glob("*.deck"))
BUDGET_P50_MS = 15.0
#: extra arguments of korbiro serve (KORBIRO_BENCH_WORKERS=N: --workers N)
WORKERS = ["--workers", os.environ["KORBIRO_BENCH_WORKERS"]] if os.environ.get("KORBIRO_BENCH_WORKERS") else []


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ}
    env.pop("KORBIRO_DB", None)
    proc = subprocess.Popen([sys.executable, "-m", "korbiro", "serve", "--host", "127.0.0.1", "--port", str(port), *WORKERS],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("korbiro serve did not start within 60 s")


def request(body: bytes, port: int) -> bytes:
    """The deck check of *body*, addressed to the server by its name and port (it answers no other Host)."""
    return (b"POST /api/deck/check HTTP/1.1\r\nHost: 127.0.0.1:" + str(port).encode()
            + b"\r\nContent-Type: application/json\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


async def one(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, req: bytes) -> tuple[int, bytes]:
    writer.write(req)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    return status, await reader.readexactly(length)


async def load(port: int, bodies: list[bytes], total: int, concurrency: int) -> tuple[list[float], int]:
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(total):
        queue.put_nowait(i)
    latencies: list[float] = []
    errors = 0

    async def client() -> None:
        nonlocal errors
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while True:
                try:
                    i = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                t0 = time.perf_counter()
                status, body = await asyncio.wait_for(one(reader, writer, request(bodies[i % len(bodies)], port)), 30)
                latencies.append(time.perf_counter() - t0)
                if status != 200 or "legal" not in json.loads(body):
                    errors += 1
        finally:
            writer.close()

    await asyncio.gather(*(client() for _ in range(concurrency)))
    return latencies, errors


def baseline(texts: list[tuple[str, str]], rounds: int = 200) -> float:
    """The median time of one deck check through the library in this process (seconds)."""
    from korbiro.data.index import open_index
    from korbiro.grammar.decklist import read_deck_bytes
    from korbiro.rules.mk.deck import check_deck

    times = []
    for i in range(rounds):
        name, text = texts[i % len(texts)]
        t0 = time.perf_counter()
        db = open_index()
        check_deck(read_deck_bytes(text.encode(), name), db).to_dict()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> int:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    concurrency = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    texts = [(str(p.relative_to(ROOT)), p.read_text("utf-8")) for p in DECKS]
    bodies = [json.dumps({"text": t, "name": n, "lang": "en"}).encode() for n, t in texts]
    base = baseline(texts)
    port = free_port()
    proc = start_server(port)
    try:
        asyncio.run(load(port, bodies, 2 * concurrency, concurrency))  # the workers' first calls
        t0 = time.perf_counter()
        latencies, errors = asyncio.run(load(port, bodies, total, concurrency))
        wall = time.perf_counter() - t0
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    ms = [x * 1000 for x in latencies]
    p50 = pct(ms, 50)
    print(f"{len(latencies)} deck checks ({len(DECKS)} example decks), {concurrency} at a time, on 127.0.0.1: "
          f"{errors} errors, {len(latencies) / wall:.0f} requests/s")
    print(f"latency: p50 {p50:.2f} ms, p90 {pct(ms, 90):.2f} ms, p99 {pct(ms, 99):.2f} ms, worst {max(ms):.2f} ms")
    print(f"baseline (check_deck in this process): {base * 1000:.2f} ms; p50 ratio {p50 / (base * 1000):.1f}x")
    ok = errors == 0 and p50 <= BUDGET_P50_MS and len(latencies) == total
    print(f"budget: no errors, p50 <= {BUDGET_P50_MS:g} ms: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
