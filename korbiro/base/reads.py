"""The files a run has read: inputs that none of its outputs may overwrite.

A command of the command line runs under :func:`recording`; every file read by
:func:`korbiro.base.fsutil.read_regular` (every YAML file: a position, a record,
the layout or position file a record names, a scenario, a state) is noted
(:func:`note`), and :func:`korbiro.base.fsutil.check_outputs` refuses an output
path that is one of them.  Outside :func:`recording` nothing is kept (a library
call, the web app's workers).  No imports: the click group enters it on every run.

    >>> with recording() as seen:
    ...     note("a.yaml")
    >>> sorted(seen), read()
    (['a.yaml'], frozenset())
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["note", "read", "recording"]

_SEEN: ContextVar[set[str] | None] = ContextVar("korbiro_files_read", default=None)


@contextmanager
def recording() -> Iterator[set[str]]:
    """Within the block, remember every file :func:`note` is told of; yield the set of their paths."""
    seen: set[str] = set()
    token = _SEEN.set(seen)
    try:
        yield seen
    finally:
        _SEEN.reset(token)


def note(path: str) -> None:
    """*path* was read (kept only under :func:`recording`)."""
    seen = _SEEN.get()
    if seen is not None:
        seen.add(path)


def read() -> frozenset[str]:
    """The files read so far under :func:`recording` (none outside it)."""
    seen = _SEEN.get()
    return frozenset(seen) if seen is not None else frozenset()
