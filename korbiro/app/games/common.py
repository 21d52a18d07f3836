"""What the entries of the board games' registry share (:mod:`korbiro.app.games`): their input, a
:class:`Source`; what a command says (:class:`Said`, :class:`Replay`, :class:`Shown`); the shapes of their
commands; and :class:`BoardGame`, the entry each game fills in.

The records are named tuples, not dataclasses: every board game's command imports this module, and a frozen
dataclass costs CPython 3.11 ~0.6 ms to make (issue 28's start-up)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from ...base import i18n
from ...base.errors import KorbiroError, UsageError
from ...base.findings import Finding, cap_per_file
from ...base.yamlload import YamlDocument, load_yaml_file, load_yaml_text

View = dict[str, Any]

#: how much of an EXXIT file is read to tell a record from a position file
MAX_SNIFF = 1 << 20


class Source(NamedTuple):
    """A game's input: the file at *path* (``text`` None), or *text* that *path* only names."""

    path: str
    text: str | None = None

    @property
    def files(self) -> bool:
        """Whether the input may name other files (a file may; text may not)."""
        return self.text is None

    def document(self) -> YamlDocument:
        return load_yaml_file(self.path) if self.text is None else load_yaml_text(self.text, self.path)

    def head(self) -> str:
        """The input's beginning (enough to tell what kind of file it is; ``""`` when unreadable)."""
        if self.text is not None:
            return self.text
        try:
            with open(self.path, encoding="utf-8", errors="replace") as fh:
                return fh.read(MAX_SNIFF)
        except OSError:
            return ""  # the loaders report it


def _lang(lang: str | None) -> str:
    return lang or i18n.current()


class PlyError(UsageError):
    """The ply asked for (``--ply N``) cannot be shown: the input is no record, or has no such ply."""


def check_ply(ply: int, plies: int, path: str, unit: str = "ply") -> None:
    """A usage error unless 0 <= *ply* <= *plies*, naming the record and the range; *unit* is what the
    record counts (``ply``: EXXIT; ``turn``: XIG and Zen, whose turn 0 is the set-up)."""
    if not 0 <= ply <= plies:
        raise PlyError.said(f"WEB-PLY.{unit}", file=path, n=plies, ply=ply)


class Said:
    """What a command says: its lines of text, its JSON (``data``, when it answers in JSON) and its notes on
    standard error; *drawing* is text after the lines, as it is (a drawing or a file that ends its own lines)."""

    __slots__ = ("lines", "data", "notes", "drawing")

    def __init__(self, lines: list[str] | None = None, data: Any = None, notes: list[str] | None = None,
                 drawing: str = "") -> None:
        self.lines = [] if lines is None else lines
        self.data = data
        self.notes = [] if notes is None else notes
        self.drawing = drawing

    def __repr__(self) -> str:
        return f"Said(lines={self.lines!r}, data={self.data!r}, notes={self.notes!r}, drawing={self.drawing!r})"

    @property
    def out(self) -> str:
        """The standard output in text."""
        return "".join(line + "\n" for line in self.lines) + self.drawing


class Argument(NamedTuple):
    """A command's argument: its name (``position``, ``records``), its metavariable, whether it takes
    several and whether the path must exist."""

    name: str
    metavar: str | None = None
    many: bool = False
    exists: bool = True


class CommandShape(NamedTuple):
    """One of a game's ``moves|replay|show`` commands: its argument and its options in the order its help
    lists them (``format``, ``option``, ``svg-dir``, ``max-findings``, ``ply``, ``svg``; ``--lang`` last)."""

    argument: Argument
    options: tuple[str, ...]
    formats: tuple[str, ...] = ("text", "json")


class Replay(NamedTuple):
    """A record replayed: its path, whether every move was legal, its JSON and text (in a language) and its
    pictures, one a ply from the start (in a language)."""

    path: str
    valid: bool
    data: Callable[[str], dict[str, Any]]
    text: Callable[[int, str], list[str]]
    pictures: Callable[[str], list[str]]


class Shown(NamedTuple):
    """A position drawn (``show``): what the command says, and its picture when asked for one."""

    said: Said
    picture: Callable[[], str]


def _capped(findings: Iterable[Finding], max_findings: int, lang: str) -> list[str]:
    shown, _hidden = cap_per_file(list(findings), max_findings)
    return [f.render_text(lang) for f in shown]


def _record_json(path: str, ply: int, turns: int, turn: str | None, violations: list[dict[str, Any]]) -> dict[str, Any]:
    """``show --ply N --format json``'s ``record``: which turn of which record, and its violations."""
    return {"file": path, "ply": ply, "turns": turns, "turn": turn, "violations": violations}


def _ply(ply: int | None, plies: int, path: str, unit: str = "ply") -> int:
    """*ply* (the last one when None), checked (:func:`check_ply`)."""
    if ply is None:
        return plies
    check_ply(ply, plies, path, unit)
    return ply


def _plies(moves: Sequence[tuple[str, str | None]], violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each ply of a record (1 on: its move and player) with its violations; ply 0 is the start."""
    out: list[dict[str, Any]] = [{"ply": 0, "move": None, "player": None, "violations": []}]
    out += [{"ply": i, "move": move, "player": player, "violations": []} for i, (move, player) in enumerate(moves, 1)]
    for v in violations:
        if 0 <= v["ply"] < len(out):
            out[v["ply"]]["violations"].append(v)
    return out


def _position_view(svg: str, moves: dict[str, Any]) -> View:
    return {"kind": "position", "svg": svg, "caption": [], "moves": moves, "replay": None, "plies": [], "ply": None}


class BoardGame:
    """What the faces ask of a game; *name* is its command and its path (``korbiro NAME``, ``/api/NAME/…``).

    For the command line: *commands* declares its ``moves``, ``replay`` and ``show``; *prefix* is its
    catalogue's (``EXXIT``); *unit* what its records count (``ply`` or ``turn``); *option_hint* how a
    usage error of its ``-o`` names the option; *option_help* that option's help (the English).
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    board: ClassVar[type] = object
    prefix: ClassVar[str] = ""
    unit: ClassVar[str] = "turn"
    commands: ClassVar[dict[str, CommandShape]] = {}
    option_hint: ClassVar[str] = "'-o'"
    option_help: ClassVar[str] = ""
    #: whether ``replay`` goes on to the next record after one it cannot read (else it stops there)
    replay_goes_on: ClassVar[bool] = False

    def cli_options(self, items: Sequence[str]) -> dict[str, str]:
        """The ``-o NAME=VALUE`` items as options (a :class:`KorbiroError` for one the game does not take)."""
        return {}

    def problems(self, exc: Exception, lang: str) -> list[str] | None:
        """The lines that say why an input cannot be read (``None``: not a problem of the input)."""
        return [f.render_text(lang) for f in exc.findings] if isinstance(exc, KorbiroError) else None

    def said_moves(self, src: Source, options: Mapping[str, str], fmt: str, lang: str) -> Said:
        """``korbiro GAME moves``."""
        raise NotImplementedError

    def replayed(self, src: Source, options: Mapping[str, str]) -> Replay:
        """A record replayed (``korbiro GAME replay``)."""
        raise NotImplementedError

    def shown(self, src: Source, options: Mapping[str, str], fmt: str, ply: int | None, lang: str) -> Shown:
        """``korbiro GAME show`` (with ``--ply N``, the position after ply N of a record)."""
        raise NotImplementedError

    def moves(self, src: Source, options: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def replay(self, src: Source, options: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def view(self, src: Source, options: Mapping[str, str], ply: int | None, lang: str | None = None) -> View:
        """``{"kind": "record"|"position", "svg", "caption", "moves", "replay", "plies", "ply"}``."""
        raise NotImplementedError

    def picture(self, src: Source, options: Mapping[str, str], ply: int | None, lang: str | None = None) -> str:
        return str(self.view(src, options, ply, lang)["svg"])
