"""The project's configuration: ``korbiro.toml``, or ``[tool.korbiro]`` in ``pyproject.toml``.

Found by walking up from the working folder, as ruff and yamllint find theirs;
the first folder holding either file wins (``korbiro.toml`` before
``pyproject.toml``, and a ``pyproject.toml`` without a ``[tool.korbiro]`` table
does not count)::

    db = "cards"                      # the card database: a set file or a folder of them
    exclude = ["cards/drafts/**"]     # globs, relative to the configuration's folder
    strict = true                     # data check: warnings fail too
    lang = "hu"                       # en or hu
    format = "github"                 # data check: text, json or github

Paths in it are relative to its folder.  An unknown key or a value of the wrong
type is a :class:`~korbiro.base.errors.UsageError` naming the file (exit 2).

    >>> Config.from_mapping({"db": "cards", "strict": True}, Path("/p/korbiro.toml")).db
    PosixPath('/p/cards')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from . import i18n
from .errors import UsageError
from .text import close_matches

__all__ = ["KEYS", "Config", "find_config", "git_work_tree"]

#: The keys of a configuration, and what each holds.
KEYS: dict[str, str] = {
    "db": "the card database: a set file or a folder of them",
    "exclude": "globs of set files to leave out (relative to the configuration's folder)",
    "strict": "data check: warnings fail too (true or false)",
    "lang": "the message language: en or hu",
    "format": "data check's output: text, json or github",
}
_FORMATS = ("text", "json", "github")


class Config:
    """One project's settings, and the file they came from.

    A plain class, not a dataclass: every command reads its configuration, and the dataclass
    machinery (``inspect``) would cost the quickest of them, a replayed answer, a tenth of its time.
    """

    __slots__ = ("db", "exclude", "format", "lang", "path", "source", "strict")

    def __init__(self, path: Path, db: Path | None = None, exclude: tuple[str, ...] = (), strict: bool | None = None,
                 lang: str | None = None, format: str | None = None, source: str = "") -> None:  # noqa: A002
        self.path = path
        self.db = db
        self.exclude = exclude
        self.strict = strict
        self.lang = lang
        self.format = format
        #: where each setting came from, for messages: ``korbiro.toml`` or ``pyproject.toml [tool.korbiro]``
        self.source = source

    def _fields(self) -> tuple[Any, ...]:
        return (self.path, self.db, self.exclude, self.strict, self.lang, self.format)  # source: not compared

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Config) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Config(path={self.path!r}, db={self.db!r}, exclude={self.exclude!r}, strict={self.strict!r}, "
                f"lang={self.lang!r}, format={self.format!r}, source={self.source!r})")

    @property
    def folder(self) -> Path:
        return self.path.parent

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], path: Path, source: str = "") -> Config:
        where = source or path.name
        # the error names the file itself; in a pyproject.toml it also names the table
        table = "[tool.korbiro] " if where.endswith("[tool.korbiro]") else ""
        for key in data:
            if key not in KEYS:
                close = close_matches(str(key), list(KEYS), n=1)
                hint = i18n.part("CONFIG.hint.close", close=close[0]) if close else \
                    i18n.part("CONFIG.hint.known", known=", ".join(KEYS))
                raise UsageError.said("CONFIG-KEY", path=str(path), table=table, key=str(key), hint=hint)

        def want(key: str, kind: type, what: str) -> Any:
            value = data.get(key)
            if value is not None and not isinstance(value, kind):
                said: dict[str, Any] = i18n.both("what", f"CONFIG.what.{what}")
                raise UsageError.said("CONFIG-TYPE", path=str(path), table=table, key=key, value=value, **said)
            return value

        db = want("db", str, "path")
        exclude = want("exclude", list, "globs") or []
        if not all(isinstance(g, str) for g in exclude):
            raise UsageError.said("CONFIG-TYPE.exclude", path=str(path), table=table)
        strict = want("strict", bool, "flag")
        lang = want("lang", str, "lang")
        fmt = want("format", str, "format")
        for key, value, allowed in (("lang", lang, ("en", "hu")), ("format", fmt, _FORMATS)):
            if value is not None and value not in allowed:
                raise UsageError.said("CONFIG-VALUE", path=str(path), table=table, key=key, value=value,
                                      allowed=", ".join(allowed))
        folder = path.parent
        return cls(path, (folder / db) if db else None, tuple(exclude), strict, lang, fmt, where)


def find_config(start: str | os.PathLike[str] | None = None) -> Config | None:
    """The configuration that governs *start* (default: the working folder), or None."""
    here = Path(start if start is not None else os.getcwd()).resolve()
    for folder in (here, *here.parents):
        toml = folder / "korbiro.toml"
        if toml.is_file():
            return Config.from_mapping(_read(toml), toml, "korbiro.toml")
        project = folder / "pyproject.toml"
        if project.is_file():
            tool = _read(project).get("tool")
            table = tool.get("korbiro") if isinstance(tool, dict) else None  # a `tool` that is no table has none
            if isinstance(table, dict):
                return Config.from_mapping(table, project, "pyproject.toml [tool.korbiro]")
            if table is not None:
                raise UsageError.said("CONFIG-TYPE.table", path=str(project), value=table)
    return None


def git_work_tree(start: str | os.PathLike[str] | None = None) -> Path | None:
    """The top folder of the git work tree *start* is in (a folder holding ``.git``), or None."""
    here = Path(start if start is not None else os.getcwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return folder
    return None


#: the configuration file read last in this process: its path, its bytes and what they parse to
_last_read: tuple[str, bytes, dict[str, Any]] | None = None


def _read(path: Path) -> dict[str, Any]:
    """The TOML of *path*; the same bytes read again in this process are not parsed again (a command
    looks for its configuration more than once)."""
    global _last_read
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise UsageError.said("CONFIG-UNREADABLE", path=str(path), why=exc.strerror or type(exc).__name__) from None
    if _last_read is not None and _last_read[0] == str(path) and _last_read[1] == data:
        return _last_read[2]
    import tomllib  # lazy: only a project that has a korbiro.toml reads one (every command looks for it)

    try:
        text = data.decode()  # as tomllib.load decodes a file
    except UnicodeDecodeError as exc:
        start = data.rfind(b"\n", 0, exc.start) + 1
        raise UsageError.said("CONFIG-ENCODING", path=str(path), line=data.count(b"\n", 0, exc.start) + 1,
                              column=len(data[start:exc.start].decode("utf-8", "replace")) + 1,
                              byte=f"0x{data[exc.start]:02X}") from None
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError.said("CONFIG-SYNTAX", path=str(path), why=str(exc)) from None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise UsageError.said("CONFIG-SYNTAX.deep", path=str(path)) from None
    except ValueError as exc:  # an integer of more digits than int() reads (sys.get_int_max_str_digits)
        raise UsageError.said("CONFIG-SYNTAX", path=str(path), why=str(exc)) from None
    _last_read = (str(path), data, parsed)
    return parsed
