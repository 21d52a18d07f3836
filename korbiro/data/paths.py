"""Where things are: the card database, its set files, the cache folder, and korbiro's own rule files.

    >>> default_db_path("my/cards")
    PosixPath('my/cards')
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ..base.errors import UsageError
from ..base.version import __version__

__all__ = ["RULE_FILES", "SET_SUFFIXES", "Database", "cache_dir", "chosen_database", "code_digest", "configured_db_path",
           "database_files", "default_db_path", "discover", "library_stamp", "package_digest", "package_file",
           "shipped_db_path"]

SET_SUFFIXES = (".yaml", ".yml")

#: the folder of the korbiro package (its files are on disk: importlib.resources is not needed to read them)
_PACKAGE = Path(__file__).resolve().parent.parent

#: korbiro's own files that decide a set file's findings (package-relative; a test checks they exist).
RULE_FILES: tuple[str, ...] = (
    "data/schemas/mk-set.schema.json", "grammar/card.lark", "grammar/vocabulary.py", "grammar/keywords.py",
    "grammar/cardtext.py", "grammar/behaviour.lark", "grammar/behaviour.py", "data/behaviour.py", "data/check.py",
    "data/schema.py", "data/history.py", "base/yamlload.py", "base/text.py", "base/limits.py",
    "data/fields.py", "data/fieldcheck.py", "data/mk/vocabulary.yaml",
)


def package_file(rel: str) -> Path:
    """A file of the korbiro package, by its package-relative path (``"data/mk/variants.yaml"``).

    The package's files are on disk, so this is a path of the package folder:
    no ``importlib.resources``, whose import (with tempfile, shutil and the
    compression modules) costs a command's start-up several milliseconds.
    """
    return _PACKAGE / rel


def shipped_db_path() -> Path:
    """The folder of the shipped sample database."""
    return _PACKAGE / "data" / "mk" / "cards"


def default_db_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """``--db`` if given, else ``$KORBIRO_DB``, else the project configuration's ``db``
    (``korbiro.toml``, docs/data-check.md), else the shipped sample database (contract)."""
    found = configured_db_path(explicit)
    return found if found is not None else shipped_db_path()


def configured_db_path(explicit: str | os.PathLike[str] | None = None) -> Path | None:
    """``--db``, ``$KORBIRO_DB`` or the configuration's ``db``: the database someone named, or None."""
    if explicit:
        return Path(explicit)
    env = os.environ.get("KORBIRO_DB")
    if env:
        return Path(env)
    # lazy: only a command that opens a database reads korbiro.toml (tomllib)
    from ..base.config import find_config

    config = find_config()
    return config.db if config is not None else None


class Database:
    """The card database a command reads: the paths naming it and the exclude globs in force.

    A plain class, not a named tuple: a replayed data check imports this module, and making a
    named tuple's class costs it a fifth of a millisecond.
    """

    __slots__ = ("base", "exclude", "named", "sample")

    def __init__(self, named: tuple[Path, ...], sample: bool = False, exclude: tuple[str, ...] = (),
                 base: Path | None = None) -> None:
        self.named = named
        #: no PATHS, ``--db``, ``$KORBIRO_DB`` or configuration named one: the shipped sample
        self.sample = sample
        self.exclude = exclude
        #: the folder the globs are relative to (``None``: the working folder)
        self.base = base

    def _fields(self) -> tuple[Any, ...]:
        return (self.named, self.sample, self.exclude, self.base)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Database) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"Database(named={self.named!r}, sample={self.sample!r}, exclude={self.exclude!r}, base={self.base!r})"

    def files(self) -> list[Path]:
        """Its set files (:func:`discover`), the excluded ones left out."""
        return discover(self.named, exclude=self.exclude, base=self.base)


#: :func:`chosen_database`'s default: look for the project configuration
FIND_CONFIG: Any = object()


def chosen_database(paths: Sequence[str | os.PathLike[str]] = (), db: str | os.PathLike[str] | None = None, *,
                    exclude: Iterable[str] = (), config: Any = FIND_CONFIG) -> Database:
    """The database a command reads, the one rule of every command (``data check``, ``card``, ``deck``, ``serve`` …).

    *paths* (``data check``'s PATHS) if any, else *db* (``--db``), else ``$KORBIRO_DB``, else the
    project configuration's ``db`` (korbiro.toml, :mod:`korbiro.base.config`), else the shipped
    sample.  The configuration's ``exclude`` globs (relative to its folder) apply to the database it
    names; *exclude* (``data check --exclude``) applies always.  *config* is the configuration when
    the caller has read it already (``None``: there is none); by default it is looked for, and only
    when neither *paths*, *db* nor ``$KORBIRO_DB`` names the database.  Raises
    :class:`~korbiro.base.errors.UsageError` for a broken configuration.
    """
    globs = tuple(exclude)
    if paths:
        return Database(tuple(Path(p) for p in paths), exclude=globs)
    if not db:
        db = os.environ.get("KORBIRO_DB") or None
    if db:
        return Database((Path(db),), exclude=globs)
    if config is FIND_CONFIG:
        # lazy: only a command that opens a database reads korbiro.toml (tomllib)
        from ..base.config import find_config

        config = find_config()
    if config is not None and config.db is not None:
        return Database((config.db,), exclude=globs + tuple(config.exclude), base=config.folder)
    return Database((shipped_db_path(),), sample=True, exclude=globs)


def database_files(db: str | os.PathLike[str] | None = None) -> list[Path]:
    """The set files of the database a command reads (:func:`chosen_database`): ``--db``'s, else
    ``$KORBIRO_DB``'s, else the configuration's with its excludes, else the shipped sample's."""
    return chosen_database(db=db).files()


def discover(paths: Iterable[str | os.PathLike[str]], exclude: Iterable[str] = (),
             base: str | os.PathLike[str] | None = None) -> list[Path]:
    """Expand folders into their set files (sorted); refuse paths that do not exist.

    In a folder, hidden files and hidden folders (a name starting with ``.``) are skipped, and so is
    every file whose path relative to *base* (default: the working folder) matches an *exclude* glob
    (shell style, as :func:`fnmatch.fnmatch`: ``*`` matches ``/`` too).  A file named itself is read.
    """
    out: list[Path] = []
    globs = tuple(exclude)
    root = Path(base) if base is not None else Path.cwd()
    for p in paths:
        path = Path(p)
        if _is_dir(path):
            found = sorted(
                q for q in path.rglob("*")
                if q.suffix in SET_SUFFIXES and q.is_file()
                and not any(part.startswith(".") for part in q.relative_to(path).parts)
                and not _excluded(q, globs, root)
            )
            if not found:
                raise UsageError("DATA-NO-SET-FILES", f"no set files (*.yaml) in folder {str(path)!r}", path=str(path))
            out.extend(found)
        elif path.exists():
            out.append(path)
        else:
            raise UsageError.said("FILE-NOT-FOUND.path", name=str(path), path=str(path))
    return list(dict.fromkeys(out))


def _is_dir(path: Path) -> bool:
    """Whether *path* is a folder; a path the system refuses to look at (a name too long, a loop of
    links) is the user's usage error, not korbiro's."""
    try:
        return path.is_dir()
    except OSError as exc:
        name = str(path)
        shown = name if len(name) <= 120 else f"{name[:60]}…{name[-40:]} ({len(name):,} characters)"
        raise UsageError.said("FILE-UNREADABLE", name=shown, why=exc.strerror or type(exc).__name__,
                              path=shown) from None


def _excluded(path: Path, globs: tuple[str, ...], root: Path) -> bool:
    if not globs:
        return False
    try:
        rel = path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        rel = path.as_posix()
    return any(fnmatch.fnmatch(rel, g) or fnmatch.fnmatch(path.name, g) for g in globs)


def cache_dir() -> Path | None:
    """The cache folder, by the XDG base directory rules; ``None`` when there is none.

    ``$KORBIRO_CACHE_DIR``, else ``$XDG_CACHE_HOME/korbiro`` when that is an
    absolute path (the XDG specification: a relative one is ignored), else
    ``~/.cache/korbiro`` when the home folder is known and absolute.
    """
    env = os.environ.get("KORBIRO_CACHE_DIR")
    if env:
        return Path(os.path.abspath(env))
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "korbiro"
    try:
        home = Path.home()
    except (RuntimeError, KeyError):  # no $HOME and no password entry
        return None
    return home / ".cache" / "korbiro" if home.is_absolute() else None


def package_digest(files: Iterable[str]) -> bytes:
    """The SHA-256 of korbiro's version and of these files of the package (package-relative)."""
    h = hashlib.sha256(__version__.encode())
    for rel in files:
        try:
            data = (_PACKAGE / rel).read_bytes()
        except OSError:
            data = b"\0missing"
        h.update(f"\0{rel}\0{len(data)}\0".encode())
        h.update(data)
    return h.digest()


@cache
def library_stamp(name: str) -> bytes:
    """Which installed copy of the library *name* is in use, found without importing it: the name,
    size and modification time of each file of its package folder.  An upgrade, a downgrade or a
    reinstall changes it, so that a result kept under it is never served by another copy."""
    import importlib.util  # lazy: only results that depend on a library's behaviour are keyed on it

    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        spec = None
    if spec is None or spec.origin is None:
        return f"{name}: not installed".encode()
    files = [spec.origin]
    for folder in spec.submodule_search_locations or ():
        try:
            files.extend(sorted(str(Path(folder) / entry) for entry in os.listdir(folder)))
        except OSError:
            files.append(folder)
    parts = [name]
    for file in files:
        try:
            st = os.stat(file)
        except OSError:
            parts.append(f"{file} gone")
        else:
            parts.append(f"{file} {st.st_size} {st.st_mtime_ns}")
    return "\n".join(parts).encode()


@cache
def code_digest() -> bytes:
    """What besides a file's bytes decides its findings: korbiro's version and its rule files."""
    h = hashlib.sha256(__version__.encode())
    pkg = _PACKAGE
    for rel in RULE_FILES:
        try:
            h.update((pkg / rel).read_bytes())
        except (FileNotFoundError, OSError):
            h.update(rel.encode())
    return h.digest()
