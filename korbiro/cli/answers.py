"""Stored answers: ``korbiro data check`` replayed when nothing that decides its output has changed.

A re-check of an unchanged database is what CI jobs and pre-commit hooks run
most.  Its printed output is a pure function of

* korbiro's code and the libraries it checks with (:func:`code_stamp`: the
  size and modification time of every file of the package, as Python's own
  bytecode cache keys a module, and of each library's files);
* what the command was asked and what that resolves to (:class:`CheckRequest`,
  :func:`plan`): the options as given, korbiro.toml's settings, the locale's
  language, and the list of set files that ``discover`` finds;
* the bytes of those files, read and hashed on every run (SHA-256);
* the encoding of standard output.

The full command stores what it printed and its exit code under a digest of
all of that (:func:`record`).  The next run computes the same digest from
fresh reads, with light modules only (no click, no YAML parser, no schemas,
no card model), and prints the stored output if there is one
(:func:`replay`).  Whatever :func:`replay` cannot establish (an option it does
not take, a file it cannot read, no entry, a damaged entry: the entries are
sealed, :meth:`~korbiro.data.cache.Cache.read_sealed`) leaves the run to the
full command, which has its own per-file cache.  So an answer is served only
when it is provably the one the full command would print now.

Only a run that said nothing on standard error is stored (a note about the
cache, say, belongs to the run that made it), and never an output holding an
escape character (click strips those on a terminal, a replay would not).  A
replay shows no progress bar: it has no work to show.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..base.config import Config, find_config, git_work_tree
from ..base.i18n import detect_lang
from ..base.limits import DEFAULT_MAX_FINDINGS
from ..data.cache import Cache
from ..data.paths import chosen_database, library_stamp
from .checkoptions import CHECK_FORMATS, CHECK_OPTIONS, CheckOption

if TYPE_CHECKING:
    from ..data.sources import Source

__all__ = ["CHECK_FORMATS", "UNREADABLE", "CheckPlan", "CheckRequest", "NoDatabase", "answer", "code_stamp", "emit", "plan", "record",
           "replay", "run"]

#: findings that mean a named file could not be read at all: exit 2, not 1 (bad data)
UNREADABLE = frozenset({"FILE-NOT-FOUND", "FILE-IS-DIRECTORY", "FILE-NOT-REGULAR", "FILE-UNREADABLE"})

#: the libraries whose behaviour shows in a data check's findings (their messages, their verdicts)
LIBRARIES = ("yaml", "lark", "jsonschema", "jsonschema_rs")

_PACKAGE = Path(__file__).resolve().parent.parent


class CheckRequest(NamedTuple):
    """What ``data check`` was asked, as its command line gave it (``None``: the option was not given)."""

    paths: tuple[str, ...] = ()
    db: str | None = None
    excludes: tuple[str, ...] = ()
    fmt: str | None = None
    lang: str | None = None
    strict: bool | None = None
    max_findings: int = DEFAULT_MAX_FINDINGS

    @classmethod
    def from_argv(cls, argv: list[str]) -> CheckRequest | None:
        """The request of ``data check …`` arguments, read as the click command reads them (both are made
        from :data:`~korbiro.cli.checkoptions.CHECK_OPTIONS`); ``None`` for any other command, or for an
        option a replay does not take (``--no-cache``, ``--formats``, ``--help``, a value click would
        refuse, …)."""
        if argv[:2] != ["data", "check"]:
            return None
        values: dict[str, Any] = {o.field: [] if o.multiple else o.default for o in _REPLAYED.values()}
        paths: list[str] = []
        rest = iter(argv[2:])
        for arg in rest:
            if not arg.startswith("-") or arg == "-":
                paths.append(arg)
                continue
            name, eq, value = arg.partition("=")
            option = _REPLAYED.get(name)
            if option is None or (eq and not option.takes_value):
                return None
            if not option.takes_value:
                values[option.field] = name == option.name  # a switch: --x or --no-x
                continue
            if not eq:
                given = next(rest, None)
                if given is None:
                    return None
                value = given
            read = option.read(value)
            if read is None:
                return None
            if option.multiple:
                values[option.field].append(read)
            else:
                values[option.field] = read
        for option in _REPLAYED.values():
            if option.envvar and values[option.field] is None and os.environ.get(option.envvar):
                values[option.field] = os.environ[option.envvar]  # as click reads it
        fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in values.items()}
        return cls(tuple(paths), **fields)


#: the options of ``data check`` a replay takes, by each way of writing them
_REPLAYED: dict[str, CheckOption] = {flag: o for o in CHECK_OPTIONS if o.replayed for flag in o.flags}


class NoDatabase(Exception):
    """No PATHS, no --db and no configured database, inside a git work tree (*tree*): the check refuses."""

    def __init__(self, tree: Path) -> None:
        super().__init__(str(tree))
        self.tree = tree


class CheckPlan(NamedTuple):
    """A request resolved: the language, format and strictness in force, and the set files to check."""

    lang: str
    fmt: str
    strict: bool
    files: list[Path]
    #: no PATHS, --db or configuration named a database: the shipped sample is checked (and the summary says so)
    sample: bool
    #: the language asked for (``--lang``, else korbiro.toml's), ``None``: the locale's
    asked_lang: str | None = None


def plan(request: CheckRequest, lang: str | None = None, config: Config | None = None) -> CheckPlan:
    """Resolve *request* against korbiro.toml and the file system, as ``data check`` does.

    *lang* and *config* are the command's own when it has read them already (``--lang``'s callback
    reads the configuration's ``lang``).  Raises :class:`~korbiro.base.errors.UsageError` (a broken
    configuration, a path that does not exist, a folder without set files) or :class:`NoDatabase`.
    """
    if config is None:
        config = find_config()
    asked = request.lang or lang or (config.lang if config is not None else None)
    lang = detect_lang(asked)
    fmt = request.fmt or (config.format if config is not None else None) or "text"
    strict = bool(request.strict if request.strict is not None
                  else (config.strict if config is not None else False))
    database = chosen_database(request.paths, request.db, exclude=request.excludes, config=config)
    if database.sample:
        tree = git_work_tree()
        if tree is not None:
            raise NoDatabase(tree)
    return CheckPlan(lang, fmt, strict, database.files(), database.sample, asked)


def answer_key(request: CheckRequest, chosen: CheckPlan, sources: list[Source]) -> str | None:
    """The digest an answer is stored under; ``None`` when a set file could not be read."""
    h = hashlib.sha256(b"korbiro data check answer 1\0")
    h.update(code_stamp())
    stream = sys.stdout
    for part in (chosen.lang, chosen.fmt, chosen.strict, chosen.sample, request.max_findings,
                 getattr(stream, "encoding", None), getattr(stream, "errors", None)):
        h.update(f"{part}\0".encode())
    for src in sources:
        if src.data is None:
            return None
        h.update(os.fsencode(src.path) + b"\0" + src.digest)
    return h.hexdigest()


def code_stamp() -> bytes:
    """korbiro's code and libraries as installed: a change to any of their files changes the stamp.

    Each file of the package (bytecode aside) by its path, size and modification time, as Python's
    bytecode cache decides whether a module changed; the libraries by :func:`library_stamp`.
    """
    global _stamp
    if _stamp is None:
        parts = [sys.version, *(library_stamp(name).decode("utf-8", "surrogateescape") for name in LIBRARIES)]
        folders = [str(_PACKAGE)]
        while folders:
            folder = folders.pop()
            with os.scandir(folder) as entries:
                for entry in sorted(entries, key=lambda e: e.name):
                    if entry.is_dir(follow_symlinks=False):
                        if entry.name != "__pycache__":
                            folders.append(entry.path)
                    else:
                        st = entry.stat()
                        parts.append(f"{entry.path} {st.st_size} {st.st_mtime_ns}")
        _stamp = hashlib.sha256("\n".join(parts).encode("utf-8", "surrogateescape")).digest()
    return _stamp


_stamp: bytes | None = None


def _entry(key: str) -> str:
    return f"answers/{key[:2]}/{key}.txt"


def run(argv: list[str]) -> int | None:
    """Run a ``data check`` without click: print its stored answer if there is one, else check and
    print; return the exit code.  ``None``: not a run this module takes (the click command runs it:
    an option or a value it does not take, a usage error to report, a progress bar to show)."""
    request = CheckRequest.from_argv(argv)
    if request is None or not _click_would_take(request):
        return None
    try:
        chosen = plan(request)
    except Exception:  # noqa: BLE001 - whatever goes wrong here, the click command says it properly
        return None
    from ..base import i18n  # lazy: the modules of a check, only for a check
    from ..data.sources import read_source

    i18n.choose(chosen.asked_lang)  # as --lang's callback does
    sources = [read_source(path) for path in chosen.files]
    stored = replay(request, chosen, sources)
    if stored is not None:
        code, out = stored
    elif len(chosen.files) >= 20 and sys.stderr.isatty() and chosen.fmt == "text":
        return None  # the progress bar is click's
    else:
        out, code = answer(request, chosen, sources)
    emit(out)
    return code


def emit(out: str) -> None:
    """Print a check's output as every way of running it prints it (checked, replayed, or by the click
    command): through standard output as it is, in its encoding, with korbiro's error handler
    (:func:`korbiro.cli.printable_streams`: a character the encoding lacks as its ``\\uXXXX`` escape,
    an undecodable byte of a file name as that byte).  Not ``click.echo``, which re-encodes an ASCII
    stream as UTF-8 and drops escape sequences, so that a replay would print other bytes."""
    sys.stdout.write(out)


def _click_would_take(request: CheckRequest) -> bool:
    """Whether click takes these paths and --db (``click.Path(exists=True)``: there, and readable)."""
    named = [*request.paths, *([request.db] if request.db is not None else [])]
    return all(os.path.exists(p) and os.access(p, os.R_OK) for p in named)


def replay(request: CheckRequest, chosen: CheckPlan, sources: list[Source]) -> tuple[int, str] | None:
    """The stored exit code and output of this very check; ``None`` when there is none."""
    key = answer_key(request, chosen, sources)
    text = Cache.default().read_sealed(_entry(key)) if key is not None else None
    if text is None:
        return None
    code, sep, out = text.partition("\n")
    if not sep or code not in ("0", "1"):
        return None
    return int(code), out


def answer(request: CheckRequest, chosen: CheckPlan, sources: list[Source], *, no_cache: bool = False,
           formats_file: str | None = None, progress: Callable[[str], None] | None = None) -> tuple[str, int]:
    """Check the set files as *sources* read them: what to print and the exit code (stored for a replay)."""
    from ..app import Session  # lazy: only a check that is not replayed checks
    from ..base.findings import (  # lazy: only a check renders findings
        cap_per_file,
        dumps_json,
    )

    report = Session(formats_file=formats_file).check_database(sources, use_cache=not no_cache, progress=progress)
    lang = chosen.lang
    failed = report.failed(chosen.strict)
    shown, hidden = cap_per_file(report.findings, request.max_findings)
    lines: list[str] = []
    if chosen.fmt == "json":
        lines.append(dumps_json({
            "ok": not failed,
            "files": [r.path for r in report.files],
            "cards": report.card_count,
            "counts": report.counts(),
            "findings": [f.to_dict(lang) for f in shown],
            "not_shown": hidden,
        }))
    else:
        lines.extend(f.render_github(lang) if chosen.fmt == "github" else f.render_text(lang) for f in shown)
        if chosen.fmt == "text":
            c = report.counts()
            summary = (
                f"{len(report.files)} file(s), {report.card_count} card(s): "
                f"{c['error']} error(s), {c['warning']} warning(s)"
                if lang == "en"
                else f"{len(report.files)} fájl, {report.card_count} lap: {c['error']} hiba, {c['warning']} figyelmeztetés"
            )
            if chosen.sample:
                summary += (" (the shipped sample database: no PATHS, --db or korbiro.toml named yours)" if lang == "en"
                            else " (a beépített mintaadatbázis: sem PATHS, sem --db, sem korbiro.toml nem nevezte meg a tiédet)")
            lines.append(summary)
    out = "".join(line + "\n" for line in lines)
    unreadable = any(f.code in UNREADABLE for f in report.findings)
    code = 2 if unreadable else 1 if failed else 0
    if not no_cache and not formats_file:
        record(request, chosen, sources, out, code)
    return out, code


def record(request: CheckRequest, chosen: CheckPlan, sources: list[Source], out: str, code: int) -> None:
    """Store what a full run printed on standard output and its exit code (0 or 1), for :func:`replay`."""
    from ..base import notes  # lazy: only a run worth keeping asks

    if code not in (0, 1) or "\x1b" in out or notes.said_any():
        return
    key = answer_key(request, chosen, sources)
    if key is None:
        return
    cache = Cache.default()
    folder = _entry(key).rpartition("/")[0]
    cache.sweep(folder)
    cache.write_sealed(_entry(key), f"{code}\n{out}", quiet=True)
