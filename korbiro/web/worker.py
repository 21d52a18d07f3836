"""A worker process of the web app (:mod:`korbiro.web.pool`): it reads one request at a time from
its standard input, runs the operation of :mod:`korbiro.web.ops` it names, and writes the reply.

Run as ``python -m korbiro.web.worker [--db PATH]``; it ends when its input closes.
"""

from __future__ import annotations

import os
import sys
from typing import Any, BinaryIO

from .ops import run, warm
from .pool import frame

_HEADER = 4


def _read(stream: BinaryIO, n: int) -> bytes | None:
    data = b""
    while len(data) < n:
        chunk = stream.read(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def serve(inp: BinaryIO, out: BinaryIO, db: str | None) -> None:
    """Answer requests from *inp* on *out* until *inp* ends."""
    import json

    warm(db)
    out.write(frame({"ready": True}))
    out.flush()
    while True:
        head = _read(inp, _HEADER)
        if head is None:
            return
        body = _read(inp, int.from_bytes(head, "big"))
        if body is None:
            return
        request: dict[str, Any] = json.loads(body.decode("utf-8", "surrogatepass"))
        status, reply = run(request["op"], request["args"], db)
        out.write(frame({"status": status, "body": reply}))
        out.flush()


def main(argv: list[str]) -> None:
    db = argv[argv.index("--db") + 1] if "--db" in argv else None
    # the frames own the real standard output; anything printed goes to standard error
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    try:
        serve(sys.stdin.buffer, out, db)
    except (BrokenPipeError, KeyboardInterrupt):
        pass


if __name__ == "__main__":
    main(sys.argv[1:])
