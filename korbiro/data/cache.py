"""The cache folder in use: read while it reads, written while it writes, never a reason to fail.

korbiro keeps its caches in the folder of :func:`~korbiro.data.paths.cache_dir`:
the results of ``data check`` (``check/``) and its stored answers
(``answers/``), the card index (``index/``), the results :class:`Remembered`
keeps, the schema verdicts and the message catalogue.  None is needed for a
right answer.  When the folder cannot be
written (a full disk, no permission, a read-only mount, a file or a device
where the folder should be), korbiro says so once on standard error
(:mod:`korbiro.base.notes`) and goes on without it; writes are atomic, so a
failed one leaves no partial entry, and the temporary files of writers that
were killed are removed by the next run (:meth:`Cache.sweep`).  An entry
written with :meth:`Cache.write_sealed` carries the SHA-256 of its name and its
text and is read back only while that matches: a damaged entry is a missing
one, and so is an entry copied over another's name (every store names its
entries by the digest of what decides them, so the name is the key).

    >>> Cache(None).read_sealed("index/digests.json") is None
    True
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..base import notes
from ..base.fsutil import read_regular, remove_stale_temporaries, write_atomic
from . import paths
from .paths import cache_dir, library_stamp

__all__ = ["Cache", "Remembered"]

#: the largest cache entry read back (a data-check result of a 5 MB set file with every finding stays below it)
MAX_ENTRY_BYTES = 256 * 1024 * 1024



class Cache:
    """korbiro's cache folder (``None``: there is none), written until a write fails."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.writable = root is not None

    @classmethod
    def default(cls) -> Cache:
        """The cache folder of the environment (:func:`~korbiro.data.paths.cache_dir`)."""
        return cls(cache_dir())

    def path(self, rel: str) -> Path | None:
        """Where the entry *rel* (``"index/digests.json"``) lives; ``None`` without a cache folder."""
        return self.root / rel if self.root is not None else None

    def read_bytes(self, rel: str) -> bytes | None:
        """An entry's bytes; ``None`` when it is missing or is not a regular file (never blocks)."""
        path = self.path(rel)
        if path is None:
            return None
        try:
            return read_regular(path, MAX_ENTRY_BYTES).data
        except (OSError, ValueError):
            return None

    def read_sealed(self, rel: str) -> str | None:
        """An entry written by :meth:`write_sealed` under this very name, if its seal still matches."""
        body = self.read_sealed_bytes(rel)
        if body is None:
            return None
        try:
            return body.decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:  # pragma: no cover - sealed text was UTF-8
            return None

    def read_sealed_bytes(self, rel: str) -> bytes | None:
        """The bytes of an entry written by :meth:`write_sealed` under this very name, if its seal still matches."""
        raw = self.read_bytes(rel)
        if raw is None:
            return None
        seal, _, body = raw.partition(b"\n")
        return body if _seal(rel, body) == seal else None

    def write_sealed(self, rel: str, text: str | bytes, *, quiet: bool = False) -> bool:
        """Write *text* with a seal of its name and its text, so that neither a damaged entry nor an entry
        copied under another name (another key) is ever read back as an answer.

        Any text is kept as it is, lone surrogates too (the undecodable bytes of a file name, which a
        finding or a stored output may quote): they are written as UTF-8 would write them were it
        allowed (``surrogatepass``) and read back the same.
        """
        body = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
        return self.write(rel, _seal(rel, body) + b"\n" + body, quiet=quiet)

    def write(self, rel: str, data: str | bytes, *, quiet: bool = False) -> bool:
        """Write an entry atomically; on failure, say so once and write no more in this run.

        A *quiet* write (a mere speed-up, such as the digest memo) fails silently
        and leaves the next write to find out and say so.
        """
        path = self.path(rel)
        if path is None or not self.writable:
            if not quiet:
                self.unusable(None)
            return False
        try:
            write_atomic(path, data, make_parents=True)
        except OSError as exc:
            if not quiet:
                self.unusable(exc)
            return False
        return True

    def unusable(self, exc: BaseException | None) -> None:
        """Stop writing: the folder is full, unwritable or missing (say so once per run)."""
        self.writable = False
        if self.root is None:
            notes.note("CACHE-NO-FOLDER", "no cache folder (neither $KORBIRO_CACHE_DIR nor an absolute "
                       "$XDG_CACHE_HOME or $HOME); going on without it")
            return
        if exc is None:
            return
        reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc) or type(exc).__name__
        folder = str(self.root)
        notes.note("CACHE-UNWRITABLE", f"cannot write the cache folder {folder!r} ({reason}); going on without it",
                   folder=folder, reason=reason)

    def sweep(self, rel: str) -> None:
        """Remove the temporary files that killed writers left in a folder of the cache."""
        path = self.path(rel)
        if path is not None and self.writable:
            remove_stale_temporaries(os.fspath(path))


def _seal(rel: str, body: bytes) -> bytes:
    """The seal of the entry *rel* holding *body*: the SHA-256 of both (hex).  The name of an entry is
    its key (the digest of what decides its answer), so an entry copied over another's name fails its seal."""
    h = hashlib.sha256(b"korbiro cache entry 2\0")
    h.update(rel.encode("utf-8", "surrogatepass"))
    h.update(b"\0")
    h.update(body)
    return h.hexdigest().encode()


class Remembered:
    """A result of some of korbiro's code on some inputs, kept in korbiro's cache as JSON.

    Its key is the SHA-256 of korbiro's version, of the source of the code
    that makes the result (*code*: package-relative files), of the installed
    YAML parser and of every input's bytes: an entry is found only for the
    very inputs and code it was made from.  A result holds only what the
    inputs say (no message: a loader that fails remembers nothing).
    """

    def __init__(self, kind: str, code: Sequence[str], inputs: Sequence[bytes]) -> None:
        h = hashlib.sha256(f"{kind}\0".encode())
        h.update(paths.package_digest(code))
        h.update(paths.library_stamp("yaml"))
        for data in inputs:
            h.update(len(data).to_bytes(8, "big"))
            h.update(data)
        self.cache = Cache.default()
        self.entry = f"{kind}/{h.hexdigest()}.json"

    def get(self) -> Any:
        """The remembered result, or ``None`` when there is none for these inputs."""
        import json  # lazy: only the loaders that remember results read JSON here

        text = self.cache.read_sealed(self.entry)
        if text is None:
            return None
        try:
            return json.loads(text)
        except ValueError:
            return None

    def put(self, value: Any) -> None:
        """Remember *value* (JSON); a cache that cannot be written is no failure."""
        import json  # lazy: as in get()

        self.cache.write_sealed(self.entry, json.dumps(value, ensure_ascii=False), quiet=True)


#: the entry of the merged message catalogue (one: a catalogue of other files replaces it)
CATALOGUE_ENTRY = "messages/catalogue.txt"


def catalogue_keeper() -> tuple[Callable[[str], bytes | None], Callable[[str, bytes], None]]:
    """korbiro's cache as the keeper of the merged message catalogue (:data:`korbiro.base.i18n.keeper`).

    One entry holds the newest catalogue under its key (the catalogues' bytes
    and code, :func:`korbiro.base.i18n.catalogue`) and the installed YAML
    parser's stamp; an entry under another key is never served.
    """
    cache = Cache.default()
    stamp = hashlib.sha256(library_stamp("yaml")).hexdigest()

    def read(key: str) -> bytes | None:
        body = cache.read_sealed_bytes(CATALOGUE_ENTRY)
        if body is None:
            return None
        kept, _, rest = body.partition(b"\n")
        return rest if kept == f"{key} {stamp}".encode() else None

    def write(key: str, text: bytes) -> None:
        cache.write_sealed(CATALOGUE_ENTRY, f"{key} {stamp}\n".encode() + text, quiet=True)  # a speed-up: may fail silently

    return read, write
