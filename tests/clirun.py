"""Run the real command line in-process: ``korbiro.cli.main`` with its exit code, as a shell sees it.

``click.testing.CliRunner`` calls the click group and so skips ``main``'s
exit-code mapping (exit 3 for an internal error); this runner calls ``main``
itself, with standard output and error as strict text streams in a chosen
encoding, as a terminal gives them.
"""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass

from korbiro.cli import main


@dataclass(frozen=True)
class Ran:
    code: int
    stdout: str
    stderr: str


def run_main(args: list[str], *, encoding: str = "utf-8") -> Ran:
    """``korbiro ARGS``: its exit code and what it wrote (decoded with *encoding*, undecodable bytes escaped)."""
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding=encoding, errors="strict", write_through=True)
    stderr = io.TextIOWrapper(err, encoding=encoding, errors="backslashreplace", write_through=True)
    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr, sys.stdin = stdout, stderr, io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    code: int | str | None = 0
    try:
        main(args)
    except SystemExit as exc:
        code = exc.code
    finally:
        for stream in (stdout, stderr):
            try:
                stream.flush()
            except ValueError:
                pass
        sys.stdout, sys.stderr, sys.stdin = saved
    number = code if isinstance(code, int) else (0 if code is None else 1)
    return Ran(number, out.getvalue().decode(encoding, "surrogateescape"),
               err.getvalue().decode(encoding, "surrogateescape"))
