"""Where things are: the card database, its set files, the cache folder, and korbiro's own rule files.

    >>> default_db_path("my/cards")
    PosixPath('my/cards')
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from ..base.errors import UsageError
from ..base.version import __version__

__all__ = ["RULE_FILES", "SET_SUFFIXES", "cache_dir", "code_digest", "default_db_path", "discover", "shipped_db_path"]

SET_SUFFIXES = (".yaml", ".yml")

#: the folder of the korbiro package (its files are on disk: importlib.resources is not needed to read them)
_PACKAGE = Path(__file__).resolve().parent.parent

#: korbiro's own files that decide a set file's findings (package-relative; a test checks they exist).
RULE_FILES: tuple[str, ...] = (
    "data/schemas/mk-set.schema.json", "grammar/card.lark", "grammar/vocabulary.py", "grammar/keywords.py",
    "grammar/cardtext.py", "grammar/behaviour.lark", "grammar/behaviour.py", "data/behaviour.py", "data/check.py",
    "data/schema.py", "base/yamlload.py", "base/text.py",
)


def shipped_db_path() -> Path:
    """The folder of the shipped sample database."""
    return _PACKAGE / "data" / "mk" / "cards"


def default_db_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """``--db`` if given, else ``$KORBIRO_DB``, else the shipped sample database (contract)."""
    if explicit:
        return Path(explicit)
    env = os.environ.get("KORBIRO_DB")
    if env:
        return Path(env)
    return shipped_db_path()


def discover(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Expand folders into their set files (sorted); refuse paths that do not exist."""
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found = sorted(
                q for q in path.rglob("*") if q.suffix in SET_SUFFIXES and not q.name.startswith(".")
            )
            if not found:
                raise UsageError("DATA-NO-SET-FILES", f"no set files (*.yaml) in folder {str(path)!r}", path=str(path))
            out.extend(found)
        elif path.exists():
            out.append(path)
        else:
            raise UsageError("FILE-NOT-FOUND", f"{str(path)!r} does not exist", path=str(path))
    return list(dict.fromkeys(out))


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
