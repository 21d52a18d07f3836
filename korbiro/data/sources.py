"""Set files as read: one read of each, its digest, and when a file need not be read again.

A :class:`Source` is one read of a set file: its bytes and their SHA-256.
Whatever is derived from a file (the card index's name, the cards in it) is
derived from one :class:`Source`, so the name and the content can never come
from two different versions of the file.

:class:`DigestMemo` remembers a file's digest by its stat signature (device,
inode, size, modification and change time in nanoseconds) so that an
unchanged file is not read at all.  A signature proves nothing when the file
changed within the file system's timestamp granularity of the moment it was
read: a second edit in the same tick keeps every number of the signature (on
ext4 with small inodes, FAT and many network mounts a tick is a second or
two).  This is git's "racy index" problem, and the answer is git's: such a
read is not remembered, and the file is read and hashed again on every run
until its times lie safely in the past.  The granularity is read off the
file's own times (whole seconds mean 2 s, FAT's step; else the largest power
of ten dividing both times), one second is added for the coarse kernel
clock and small clock differences, and a file whose times lie in the future
(another machine's clock) is never remembered.  A clock difference of more
than a second between a file server and this machine defeats the rule, as it
defeats git's.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ..base.fsutil import Read, read_regular
from .cache import Cache

__all__ = ["DigestMemo", "Source", "granularity_ns", "provably_current", "read_source", "survey"]

#: the YAML loader's limit (``korbiro.base.yamlload.MAX_BYTES``): a larger file is left to the loader to refuse
MAX_SOURCE_BYTES = 5 * 1024 * 1024
#: added to the granularity: the kernel stamps files from a clock that lags by a tick or so
CLOCK_SLACK_NS = 1_000_000_000
_SECOND = 1_000_000_000


class Source(NamedTuple):
    """One read of a set file: its bytes (``None``: not a readable regular file) and their digest."""

    path: Path
    data: bytes | None
    digest: bytes
    #: the stat signature proved current for these bytes, or ``None`` (to be read again next time)
    signature: tuple[int, ...] | None = None


def read_source(path: str | os.PathLike[str]) -> Source:
    """Read a set file once (regular files only, never blocking)."""
    p = Path(path)
    try:
        got = read_regular(p, MAX_SOURCE_BYTES)
    except (OSError, ValueError) as exc:  # the YAML loader reads it again and says why
        return Source(p, None, hashlib.sha256(f"unreadable\0{type(exc).__name__}\0{exc}".encode()).digest())
    return Source(p, got.data, hashlib.sha256(got.data).digest(), _signature(got.stat) if provably_current(got) else None)


def _signature(st: os.stat_result) -> tuple[int, ...]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def granularity_ns(st: os.stat_result) -> int | None:
    """The coarsest timestamp step the file's own times allow, in nanoseconds (``None``: unknown)."""
    times = (st.st_mtime_ns, st.st_ctime_ns)
    if any(t <= 0 for t in times):
        return None
    step = 1
    while step < _SECOND and all(t % (step * 10) == 0 for t in times):
        step *= 10
    return 2 * _SECOND if step >= _SECOND else step


def provably_current(read: Read) -> bool:
    """Whether any later change of the file must change its stat signature.

    True when the file did not change while it was read and its last change
    lies more than its timestamp granularity (plus :data:`CLOCK_SLACK_NS`)
    before the read began: a later write then gets a later time.
    """
    if read.changed:
        return False
    step = granularity_ns(read.stat)
    if step is None:
        return False
    newest = max(read.stat.st_mtime_ns, read.stat.st_ctime_ns)
    return newest + step + CLOCK_SLACK_NS <= read.started_ns


class DigestMemo:
    """Digests of set files remembered by stat signature, trusted only when proved current (module docstring)."""

    REL = "index/digests.json"
    #: at most this many files are remembered (the oldest half is forgotten beyond it)
    LIMIT = 10_000

    def __init__(self, cache: Cache) -> None:
        self.cache = cache
        self.changed = False
        self.known: dict[str, list[Any]] = {}
        text = cache.read_sealed(self.REL)
        if text is not None:
            try:
                known = json.loads(text)
            except ValueError:
                known = None
            if isinstance(known, dict):
                self.known = known

    def recall(self, path: Path) -> bytes | None:
        """The remembered digest of *path*, if its signature is unchanged; else ``None`` (read it)."""
        got = self.known.get(_key(path))
        if not (isinstance(got, list) and len(got) == 2 and isinstance(got[0], list) and isinstance(got[1], str)):
            return None
        try:
            st = os.stat(path)
        except (OSError, ValueError):
            return None
        if list(_signature(st)) != got[0]:
            return None
        try:
            return bytes.fromhex(got[1])
        except ValueError:
            return None

    def remember(self, sources: Iterable[Source]) -> None:
        for s in sources:
            key = _key(s.path)
            if s.signature is None:
                if self.known.pop(key, None) is not None:
                    self.changed = True
                continue
            entry = [list(s.signature), s.digest.hex()]
            if self.known.get(key) != entry:
                self.known[key] = entry
                self.changed = True

    def save(self) -> None:
        if not self.changed:
            return
        if len(self.known) > self.LIMIT:  # forget the oldest half rather than grow without end
            self.known = dict(list(self.known.items())[len(self.known) // 2:])
        self.cache.write_sealed(self.REL, json.dumps(self.known), quiet=True)  # a read-only cache that serves is no news
        self.changed = False


def _key(path: Path) -> str:
    return os.path.abspath(path)


def survey(files: Sequence[Path], memo: DigestMemo) -> tuple[list[bytes], dict[Path, Source]]:
    """Each file's digest, remembered where proved current, else read; and the reads made."""
    digests: list[bytes] = []
    reads: dict[Path, Source] = {}
    for path in files:
        digest = memo.recall(path)
        if digest is None:
            src = read_source(path)
            reads[path] = src
            digest = src.digest
        digests.append(digest)
    memo.remember(reads.values())
    return digests, reads
