"""The worker processes that do the web app's work, each call within a time limit.

Every request's library call runs in a worker process (``python -m
korbiro.web.worker``), never in the server: a call that runs past the time limit
is stopped by ending its worker, which is replaced, so no input can hold the
server.  A worker does one call at a time; a call waits for a free worker at
most as long as the time limit, and then has the time limit to run.

The server and a worker speak in frames over the worker's standard input and
output: four bytes of length (big-endian), then that many bytes of JSON.  A
request is ``{"op": NAME, "args": {...}}``; a reply is ``{"status": HTTP
status, "body": JSON}``.  A new worker first sends ``{"ready": true}``.
"""

from __future__ import annotations

import json
import os
import queue
import select
import subprocess
import sys
import threading
import time
from typing import Any

__all__ = ["Pool", "TimeLimit", "Busy", "WorkerFailed"]

_HEADER = 4
#: how long a new worker may take to start (seconds), beside the time limit of the call that waits for it
STARTUP = 120.0


def _readable(fd: int, timeout: float) -> bool:
    """Whether *fd* has something to read (or its end) within *timeout* seconds.  ``poll``, not
    ``select``: a server with a thousand connections open has descriptors ``select`` cannot watch."""
    if hasattr(select, "poll"):
        watch = select.poll()
        watch.register(fd, select.POLLIN | select.POLLPRI | select.POLLHUP | select.POLLERR)
        return bool(watch.poll(max(0, int(timeout * 1000) + 1)))
    return bool(select.select([fd], [], [], timeout)[0])  # pragma: no cover - a system without poll


class TimeLimit(Exception):
    """The call ran past the time limit; its worker was ended."""


class Busy(Exception):
    """No worker became free within the time limit."""


class WorkerFailed(Exception):
    """The worker ended or spoke out of turn (a bug); it was replaced."""


def frame(obj: Any) -> bytes:
    """*obj* as one frame: its JSON's length, then the JSON."""
    data = json.dumps(obj, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return len(data).to_bytes(_HEADER, "big") + data


class Worker:
    """One worker process and its pipes."""

    def __init__(self, argv: list[str], generation: int = 0) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, close_fds=True)
        self.ready = False
        self.generation = generation

    def call(self, request: bytes, limit: float) -> Any:
        """Send *request* and read the reply, or raise :class:`TimeLimit` after *limit* seconds."""
        if not self.ready:  # a new worker's start (imports, the card index) is not the call's to pay for
            if self._read(time.monotonic() + STARTUP) != {"ready": True}:
                raise WorkerFailed("the worker did not start")
            self.ready = True
        deadline = time.monotonic() + limit
        stdin = self.proc.stdin
        assert stdin is not None
        try:
            stdin.write(request)
            stdin.flush()
        except OSError as exc:
            raise WorkerFailed(f"the worker went away ({exc.strerror})") from None
        return self._read(deadline)

    def _read(self, deadline: float) -> Any:
        head = self._exactly(_HEADER, deadline)
        return json.loads(self._exactly(int.from_bytes(head, "big"), deadline).decode("utf-8", "surrogatepass"))

    def _exactly(self, n: int, deadline: float) -> bytes:
        stdout = self.proc.stdout
        assert stdout is not None
        fd = stdout.fileno()
        parts: list[bytes] = []
        while n:
            left = deadline - time.monotonic()
            if left <= 0 or not _readable(fd, left):
                raise TimeLimit
            chunk = os.read(fd, min(n, 1 << 20))
            if not chunk:
                raise WorkerFailed(f"the worker ended (exit code {self.proc.poll()})")
            parts.append(chunk)
            n -= len(chunk)
        return b"".join(parts)

    def close(self, *, kill: bool = False) -> None:
        """End the process (at once with *kill*; else by closing its input) and its pipes."""
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                if stream is not None and not (kill and stream is self.proc.stdout):
                    stream.close()
            except OSError:
                pass
        if kill:
            self.proc.kill()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


class Pool:
    """*size* workers over the card database *db*, each call at most *time_limit* seconds.

    Workers start on the first call (or :meth:`start`); :meth:`close` ends them (the app's
    shutdown), and a call after it starts new ones.
    """

    def __init__(self, size: int = 2, *, db: str | None = None, time_limit: float = 10.0) -> None:
        self.size = max(1, size)
        self.time_limit = time_limit
        self.argv = [sys.executable, "-m", "korbiro.web.worker"] + (["--db", db] if db else [])
        self._idle: queue.LifoQueue[Worker] = queue.LifoQueue()
        self._lock = threading.Lock()
        self._started = False
        #: bumped by :meth:`close`: workers of an older generation are ended when they come back
        self._generation = 0

    def start(self) -> None:
        with self._lock:
            if self._started:
                return
            self._started = True
            for _ in range(self.size):
                self._idle.put(Worker(self.argv, self._generation))

    def call(self, op: str, args: dict[str, Any]) -> tuple[int, Any]:
        """Run *op* with *args* in a worker: its (HTTP status, JSON body).  Blocks: call it in a thread."""
        self.start()
        try:
            worker = self._idle.get(timeout=self.time_limit)
        except queue.Empty:
            raise Busy from None
        try:
            reply = worker.call(frame({"op": op, "args": args}), self.time_limit)
        except (TimeLimit, WorkerFailed, ValueError):
            worker.close(kill=True)
            worker = Worker(self.argv, worker.generation)
            raise
        finally:
            if worker.generation != self._generation:  # the pool was closed meanwhile
                worker.close(kill=True)
            else:
                self._idle.put(worker)
        return int(reply["status"]), reply["body"]

    def close(self) -> None:
        """End every idle worker (a busy one ends when its call returns); a later call starts new ones."""
        with self._lock:
            self._generation += 1
            self._started = False
            while True:
                try:
                    worker = self._idle.get_nowait()
                except queue.Empty:
                    break
                worker.close()
