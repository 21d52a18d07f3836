"""Writing files atomically: a temporary file beside the target, renamed over it when complete.

A reader never sees a half-written file, and a failure leaves the old file (or
none) in place and no temporary file behind.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> write_atomic(target, "kész")
    >>> target.read_text("utf-8")
    'kész'
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path


@contextmanager
def atomic_path(target: str | os.PathLike[str], *, make_parents: bool = False) -> Iterator[Path]:
    """Yield a temporary path beside *target*; rename it over *target* if the block succeeds.

    A missing folder is an error (``OSError``) unless *make_parents* (for cache entries).
    """
    final = Path(target)
    if make_parents:
        final.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=final.parent, prefix=f".{final.name}.", suffix=".tmp")
    os.close(fd)
    try:
        yield Path(tmp)
        os.replace(tmp, final)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


def write_atomic(target: str | os.PathLike[str], text: str, *, make_parents: bool = False) -> None:
    """Write *text* (UTF-8) to *target* atomically."""
    with atomic_path(target, make_parents=make_parents) as tmp:
        tmp.write_text(text, encoding="utf-8")
