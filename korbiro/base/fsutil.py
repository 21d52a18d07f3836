"""Files korbiro writes and reads with care.

* :func:`write_atomic` and :func:`atomic_path` write through a temporary file
  beside the target, renamed over it when complete: a reader never sees a
  half-written file, and a failure leaves the old file (or none) in place and
  no temporary file behind.  A temporary file is named after its writer
  (``.NAME.HOST-PID-RANDOM.tmp``), so that :func:`remove_stale_temporaries`
  can tell the leftovers of a killed writer from the work of a live one.
* :func:`output_path` and :func:`write_output` are for a file the user named
  (``--svg PATH``): the path must not be empty, and must be a regular file or
  nothing yet.  A folder, a symbolic link, a FIFO or a device is refused
  (:class:`~korbiro.base.errors.UsageError`, exit 2), never replaced.
* :func:`check_outputs` checks every output path of one run before any is
  written: each by :func:`output_path`, none the same file as an input (a
  file named on the command line, or one read so far, :mod:`korbiro.base.reads`)
  or as another output of the run.  "The same file" is the same resolved path
  (``./a.yaml``, a symbolic link to it) or the same inode (a hard link).
* :func:`read_regular` reads a regular file only, without ever blocking on a
  FIFO or a device, and says whether the file changed while it was read.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> write_atomic(target, "kész")
    >>> target.read_text("utf-8")
    'kész'
    >>> write_output("", "x")
    Traceback (most recent call last):
    ...
    korbiro.base.errors.UsageError: the output path is empty
"""

from __future__ import annotations

import os
import re
import stat
import time
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import NamedTuple

from . import reads
from .errors import UsageError

__all__ = [
    "shown_path",
    "KIND_NAMES", "FileTooLargeError", "NotRegularFileError", "Read", "atomic_path", "check_outputs", "file_kind",
    "output_path", "read_regular", "remove_stale_temporaries", "same_file", "write_atomic", "write_output",
]

#: what a path is (:func:`file_kind`), in English and in Hungarian, for messages
KIND_NAMES = {
    "directory": ("a directory", "mappa"),
    "symlink": ("a symbolic link", "szimbolikus link"),
    "fifo": ("a FIFO", "FIFO (nevesített cső)"),
    "device": ("a device", "eszközfájl"),
    "socket": ("a socket", "socket"),
    "other": ("not a regular file", "nem közönséges fájl"),
}


def shown_path(path: str | None) -> str:
    """*path* relative to the working folder when it lies below it, else as given (``<unknown>`` for none)."""
    if not path:
        return "<unknown>"
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def file_kind(st: os.stat_result) -> str | None:
    """``None`` for a regular file, else what it is: directory, symlink, fifo, device, socket, other."""
    mode = st.st_mode
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISLNK(mode):
        return "symlink"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "other"


# ------------------------------------------------------------------ writing

def _host_tag() -> str:
    try:
        host = os.uname().nodename
    except AttributeError:  # pragma: no cover - not POSIX
        host = os.environ.get("COMPUTERNAME", "")
    return f"{zlib.crc32(host.encode('utf-8', 'replace')):08x}"


_HOST = _host_tag()
#: ``.NAME.HOST-PID-RANDOM.tmp``, and the journals SQLite may leave beside one
_TEMPORARY = re.compile(r"^\.(?P<name>.+)\.(?:(?P<host>[0-9a-f]{8})-(?P<pid>[0-9]+)-)?[^.]*\.tmp(?:-journal|-wal|-shm)?$")
#: a temporary file of another machine, or of an older korbiro, is stale after this long
STALE_AFTER_SECONDS = 24 * 3600


def _new_file_mode(final: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(final).st_mode)
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


@contextmanager
def atomic_path(target: str | os.PathLike[str], *, make_parents: bool = False) -> Iterator[Path]:
    """Yield a temporary path beside *target*; rename it over *target* if the block succeeds.

    A missing folder is an error (``OSError``) unless *make_parents* (for cache
    entries).  The new file gets the old file's permissions, else the umask's.
    """
    final = Path(target)
    if make_parents:
        final.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # lazy: only a command that writes a file needs it (it imports shutil, random, …)

    fd, tmp = tempfile.mkstemp(dir=final.parent, prefix=f".{final.name}.{_HOST}-{os.getpid()}-", suffix=".tmp")
    try:
        try:
            if hasattr(os, "fchmod"):
                with suppress(OSError):
                    os.fchmod(fd, _new_file_mode(final))
        finally:
            os.close(fd)
        yield Path(tmp)
        os.replace(tmp, final)
    except BaseException:
        for leftover in (tmp, tmp + "-journal", tmp + "-wal", tmp + "-shm"):
            with suppress(OSError):
                os.unlink(leftover)
        raise


def write_atomic(target: str | os.PathLike[str], data: str | bytes, *, make_parents: bool = False) -> None:
    """Write *data* (text as UTF-8) to *target* atomically."""
    with atomic_path(target, make_parents=make_parents) as tmp:
        if isinstance(data, str):
            tmp.write_text(data, encoding="utf-8")
        else:
            tmp.write_bytes(data)


def output_path(path: str | os.PathLike[str]) -> Path:
    """*path* as a place korbiro may write a file the user asked for.

    Raises :class:`~korbiro.base.errors.UsageError` for an empty path, a path
    ending in a slash, a folder that does not exist, and anything but a
    regular file: a directory, a symbolic link, a FIFO, a device, a socket.
    """
    name = os.fsdecode(os.fspath(path))
    if not name:
        raise UsageError("FILE-OUTPUT-EMPTY", "the output path is empty", args={})
    try:
        st = os.lstat(name)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise _unwritable(name, exc) from None
    if st is not None:
        kind = file_kind(st)
        if kind is not None:
            en, hu = KIND_NAMES[kind]
            raise UsageError("FILE-OUTPUT-NOT-REGULAR", f"{name!r} is {en}; korbiro writes only to regular files",
                             args={"path": name, "kind": en, "kind_hu": hu})
    if name.endswith(("/", os.sep)):
        en, hu = KIND_NAMES["directory"]
        raise UsageError("FILE-OUTPUT-NOT-REGULAR", f"{name!r} is {en}; korbiro writes only to regular files",
                         args={"path": name, "kind": en, "kind_hu": hu})
    out = Path(name)
    folder = out.parent
    if not folder.is_dir():
        raise UsageError("FILE-OUTPUT-NO-FOLDER", f"cannot write {name!r}: the folder {str(folder)!r} does not exist",
                         args={"path": name, "folder": str(folder)})
    return out


def write_output(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """Write a file the user asked for: checked by :func:`output_path`, then written atomically.

    Every failure is a :class:`~korbiro.base.errors.UsageError` naming the path.
    """
    out = output_path(path)
    try:
        write_atomic(out, data)
    except OSError as exc:
        raise _unwritable(str(out), exc) from None
    return out


class _Identity(NamedTuple):
    """What tells a file from another: its resolved path, and its device and inode when it exists."""

    real: str
    inode: tuple[int, int] | None

    @classmethod
    def of(cls, path: str | os.PathLike[str]) -> _Identity:
        try:
            st = os.stat(path)
        except (OSError, ValueError):
            inode = None
        else:
            inode = (st.st_dev, st.st_ino)
        return cls(os.path.normcase(os.path.realpath(path)), inode)

    def same(self, other: _Identity) -> bool:
        return self.real == other.real or (self.inode is not None and self.inode == other.inode)


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether *a* and *b* name one file: the same resolved path (``./a``, a symbolic link) or, for files
    that exist, the same inode (a hard link, as :func:`os.path.samefile` says)."""
    return _Identity.of(a).same(_Identity.of(b))


#: an output of a run: the option that names it, and its path (None: not asked for)
Output = tuple[str, str | os.PathLike[str] | None]


def check_outputs(outputs: Iterable[Output], inputs: Iterable[str | os.PathLike[str] | None] = ()) -> list[Path]:
    """The output paths of one run, each ``(option, path)`` (a path of ``None``: not asked for), checked
    before any is written.

    Each must be a place to write (:func:`output_path`), and none may be the same file (:func:`same_file`)
    as one of *inputs* (``-``, standard input, aside), as a file read so far under
    :func:`korbiro.base.reads.recording`, or as another of *outputs*.  Raises
    :class:`~korbiro.base.errors.UsageError` (``FILE-OUTPUT-IS-INPUT``, ``FILE-OUTPUT-TWICE``) naming the
    option and the files.
    """
    named = [os.fsdecode(os.fspath(p)) for p in inputs if p is not None]
    known = [(name, _Identity.of(name)) for name in dict.fromkeys([*named, *sorted(reads.read())])
             if name and name != "-"]
    done: list[tuple[str, str, _Identity]] = []
    out: list[Path] = []
    for option, path in outputs:
        if path is None:
            continue
        target = output_path(path)
        shown = os.fsdecode(os.fspath(path))
        me = _Identity.of(target)
        for name, it in known:
            if me.same(it):
                raise UsageError.said("FILE-OUTPUT-IS-INPUT", option=option, file=shown, input=name)
        for other, other_path, it in done:
            if me.same(it):
                raise UsageError.said("FILE-OUTPUT-TWICE", option=option, file=shown, other=other,
                                      other_file=other_path)
        done.append((option, shown, me))
        out.append(target)
    return out


def _unwritable(name: str, exc: OSError) -> UsageError:
    reason = exc.strerror or str(exc)
    return UsageError("FILE-OUTPUT-UNWRITABLE", f"cannot write {name!r}: {reason}",
                      args={"path": name, "reason": reason})


def remove_stale_temporaries(folder: str | os.PathLike[str], *, now: float | None = None) -> list[str]:
    """Remove the temporary files of writers that died (a killed ``data index``); return their names.

    A temporary of this machine is stale when its process is gone; one of
    another machine, or without a writer's name, when it is older than
    :data:`STALE_AFTER_SECONDS`.  Nothing else in *folder* is touched.
    """
    removed: list[str] = []
    now = time.time() if now is None else now
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        m = _TEMPORARY.match(entry.name)
        if m is None or not _stale(entry, m, now):
            continue
        with suppress(OSError):
            os.unlink(entry.path)
            removed.append(entry.name)
    return removed


def _stale(entry: os.DirEntry[str], m: re.Match[str], now: float) -> bool:
    if m["host"] == _HOST and m["pid"] is not None:
        alive = _alive(int(m["pid"]))
        if alive is not None:
            return not alive
    try:
        return entry.stat(follow_symlinks=False).st_mtime < now - STALE_AFTER_SECONDS
    except OSError:
        return False


def _alive(pid: int) -> bool | None:
    """Whether process *pid* runs (``None``: cannot tell on this system)."""
    if pid == os.getpid():
        return True
    if os.name != "posix":  # os.kill(pid, 0) would end the process on Windows
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


# ------------------------------------------------------------------ reading

class NotRegularFileError(OSError):
    """The path is not a regular file; ``kind`` says what it is (see :func:`file_kind`)."""

    def __init__(self, name: str, kind: str) -> None:
        super().__init__(f"{name!r} is {KIND_NAMES[kind][0]}")
        self.kind = kind


class FileTooLargeError(OSError):
    """The file is larger than the reader's limit."""


class Read(NamedTuple):
    """One read of a regular file (a named tuple: made on every run of every command that reads one)."""

    data: bytes
    #: the file's status just before the first byte was read
    stat: os.stat_result
    #: the clock (``time.time_ns()``) just before the first byte was read
    started_ns: int
    #: the size or a time of the file changed while it was read
    changed: bool


#: the clock a read is timed by (``time.time_ns``; a test may move it)
_clock_ns = time.time_ns


def _signature(st: os.stat_result) -> tuple[int, ...]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def read_regular(name: str | bytes | os.PathLike[str], limit: int) -> Read:
    """The bytes of a regular file of at most *limit* bytes.

    Never blocks: the file is opened non-blocking and checked with ``fstat``
    before reading.  Raises ``FileNotFoundError``, :class:`NotRegularFileError`,
    :class:`FileTooLargeError` or another ``OSError``.
    """
    flags = os.O_RDONLY
    for flag in ("O_NONBLOCK", "O_CLOEXEC", "O_NOCTTY", "O_BINARY"):
        flags |= getattr(os, flag, 0)
    shown = os.fsdecode(os.fspath(name))
    st = os.stat(name)
    kind = file_kind(st)
    if kind is not None:
        raise NotRegularFileError(shown, kind)
    reads.note(shown)
    if st.st_size > limit:
        raise FileTooLargeError(f"{shown!r} is larger than {limit} bytes")
    fd = os.open(name, flags)
    try:
        before = os.fstat(fd)  # the path may have been swapped since the stat
        kind = file_kind(before)
        if kind is not None:
            raise NotRegularFileError(shown, kind)
        started = _clock_ns()
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        after = os.fstat(fd)
    finally:
        os.close(fd)
    if size > limit:
        raise FileTooLargeError(f"{shown!r} is larger than {limit} bytes")
    return Read(b"".join(chunks), before, started, _signature(before) != _signature(after))
