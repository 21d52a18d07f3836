"""One protocol for the board games (EXXIT, XIG, Zen), in python-chess's shape.

Each game's ``board.py`` gives a :class:`Board`: a position with its history that plays and takes
back moves, lists its legal moves lazily and says why a move is refused::

    board.legal_moves              # lazy: ``move in board.legal_moves``, ``.count()``, ``len()``
    board.is_legal(move)           # True / False
    board.check(move)              # () when legal, else every Verdict (code, rule, message)
    board.push(move); board.pop()  # play a move, take it back
    board.outcome()                # None while the game goes on
    board.copy()                   # an independent board
    board.svg(lang="en")           # the picture

Every game says a refusal with the one :class:`Verdict` below: a stable code, the rule it rests on,
the English message and the catalogue template (``key`` and ``args``) that gives it in either
language.  This module sits beside the games and imports none of them (the ``games`` contract in
``pyproject.toml``): each game imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, Protocol, Self, TypeVar

from ..base import i18n
from ..base.errors import IllegalActionError
from ..base.findings import Finding

__all__ = ["Board", "LegalMoves", "Outcome", "PositionBoard", "RecordShape", "Verdict", "Violation"]

M = TypeVar("M")

#: a verdict's arguments when it has none (a mapping nobody can change, shared by every such verdict)
_NO_ARGS: Mapping[str, Any] = MappingProxyType({})


class Verdict(NamedTuple):
    """A board game's answer about a move: ``OK``, or a stable code, the rule it rests on and a message.

    ``message`` is English; :meth:`text` gives it in either language, made from the catalogue
    template ``key`` with ``args``.  ``rule_text`` is the rule's own words where the game keeps
    them (EXXIT); ``action`` is the index of the offending action within a turn of several (Zen);
    ``fatal`` marks a move that cannot have happened at all, which a replay skips (XIG);
    ``section`` is the catalogue key of the rulebook section the rule sits in, cited after the
    rule's id in :meth:`line` (XIG: ``XIG 5.2, Protected Tiles``).
    """

    code: str
    rule: str | None
    message: str
    rule_text: str | None = None
    key: str = ""
    args: Mapping[str, Any] = _NO_ARGS
    action: int | None = None
    fatal: bool = False
    section: str = ""

    def _compared(self) -> tuple[Any, ...]:
        """What two verdicts must share to be equal: not how their message is made (``key``, ``args``) nor
        where their rule sits (``section``)."""
        return self.code, self.rule, self.message, self.rule_text, self.action, self.fatal

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Verdict) and self._compared() == other._compared()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._compared())

    def __repr__(self) -> str:
        return (f"Verdict(code={self.code!r}, rule={self.rule!r}, message={self.message!r}, rule_text={self.rule_text!r}, "
                f"key={self.key!r}, action={self.action!r}, fatal={self.fatal!r}, section={self.section!r})")

    @property
    def ok(self) -> bool:
        return self.code == "OK"

    def __bool__(self) -> bool:
        return self.ok

    def text(self, lang: str = "en") -> str:
        """The message in *lang* (``en`` or ``hu``)."""
        return i18n.message(self.key, lang, **self.args) if self.key else self.message

    def cite(self, lang: str = "en") -> str | None:
        """The rule id, followed by its rulebook section's name in *lang* where the verdict knows it."""
        if self.section and self.rule:
            return f"{self.rule}, {i18n.message(self.section, lang)}"
        return self.rule

    def line(self, lang: str = "en") -> str:
        """``CODE [rule]: message`` in *lang* (``str()`` is the English)."""
        if self.ok:
            return "OK"
        cited = self.cite(lang)
        return f"{self.code} [{cited}]: {self.text(lang)}" if cited else f"{self.code}: {self.text(lang)}"

    def __str__(self) -> str:
        return self.line()

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"code": self.code, "rule": self.rule, "message": self.text(lang), "rule_text": self.rule_text}

    def error(self) -> IllegalActionError:
        """This verdict as an error (its message in both languages)."""
        return IllegalActionError(self.code, self.message, rule=self.rule, hu=self.text("hu"))


class RecordShape(NamedTuple):
    """How one game writes the violations of its records.

    ``game`` is the prefix of its catalogue keys: ``GAME.violation`` says where a violation stands
    (``ply 3 'drop 0,1': {message}``), ``GAME.violation.setup`` the same for the set-up (ply 0) where
    *setup* is true, ``GAME.caption`` (and ``GAME.caption.skipped``, a move not carried out) is its
    line in a replay picture's caption.  ``keys`` are the keys of its JSON object, in order;
    ``section_of`` names the rulebook section of a rule, in a language, for the JSON's ``section`` (XIG).
    """

    game: str
    keys: tuple[str, ...]
    setup: bool = False
    section_of: Callable[[str | None, str], str | None] | None = None


class Violation(NamedTuple):
    """A rule a record's move breaks, in any of the board games: where it stands in the record (the
    ply or turn, 0 for the set-up; the move as written; who made it; its line), the move's
    :class:`Verdict`, and whether the move was carried out.  ``message`` is the English,
    :meth:`text` either language; *shape* is the game's way of writing it.  Where the record writes
    no move (XIG's set-up, a turn's end), *move* is the English of the catalogue template *move_key*,
    and :meth:`move_in` says it in either language."""

    ply: int
    move: str
    verdict: Verdict
    shape: RecordShape
    player: str | None = None
    line: int | None = None
    applied: bool = True
    move_key: str = ""

    @property
    def code(self) -> str:
        return self.verdict.code

    @property
    def message(self) -> str:
        return self.verdict.message

    def text(self, lang: str = "en") -> str:
        """The message in *lang* (``en`` or ``hu``)."""
        return self.verdict.text(lang)

    def move_in(self, lang: str = "en") -> str:
        """The move as the record writes it, or what stands for it in *lang* (:attr:`move_key`)."""
        return i18n.message(self.move_key, lang) if self.move_key else self.move

    @property
    def rule(self) -> str | None:
        return self.verdict.rule

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The violation as JSON, with the keys of its game (:attr:`RecordShape.keys`)."""
        section = self.shape.section_of(self.rule, lang) if self.shape.section_of is not None else None
        values = {"ply": self.ply, "move": self.move_in(lang), "player": self.player, "code": self.code, "rule": self.rule,
                  "section": section, "message": self.text(lang), "line": self.line, "applied": self.applied}
        return {key: values[key] for key in self.shape.keys}

    def to_finding(self, path: str | None, lang: str = "en") -> Finding:
        """This violation as a finding (``FILE:LINE: error CODE [rule]: ply 3 'drop 0,1': …``), printable in
        either language; its rule is cited in *lang* (with the section's name where the game keeps it)."""
        key = f"{self.shape.game}.violation"
        if self.ply == 0 and self.shape.setup:
            key += ".setup"
        args = {"ply": self.ply, "player": self.player, "message": self.text("en"), "message_hu": self.text("hu")}
        return Finding(self.code, i18n.message(key, "en", move=self.move_in("en"), **args), rule=self.verdict.cite(lang),
                       file=path, line=self.line,
                       args={"message_hu": i18n.message(key, "hu", move=self.move_in("hu"), **args)})

    def caption(self, lang: str = "en") -> str:
        """The violation's line in a replay picture's caption (``CODE [rule]: message``, in the game's shape)."""
        key = f"{self.shape.game}.caption" + ("" if self.applied else ".skipped")
        return i18n.message(key, lang, move=self.move_in(lang), line=self.verdict.line(lang))


class Outcome(Protocol):
    """How a game ended: the winner (``None`` for a draw or a shared win) and the rule that ends it."""

    @property
    def winner(self) -> str | None: ...

    @property
    def rule(self) -> str: ...


class LegalMoves(Generic[M]):
    """The legal moves of a position, generated only when asked for (python-chess's ``legal_moves``).

    ``move in moves`` asks the rules about that one move; iterating, :meth:`count` and ``len()``
    generate the list.
    """

    __slots__ = ("_generate", "_accepts", "_counter")

    def __init__(self, generate: Callable[[], Iterable[M]], accepts: Callable[[M], bool],
                 count: Callable[[], int] | None = None) -> None:
        self._generate = generate
        self._accepts = accepts
        self._counter = count

    def __iter__(self) -> Iterator[M]:
        return iter(self._generate())

    def __contains__(self, move: object) -> bool:
        return self._accepts(move)  # type: ignore[arg-type]  # any object may be asked about

    def count(self) -> int:
        """How many legal moves there are."""
        if self._counter is not None:
            return self._counter()
        return sum(1 for _ in self._generate())

    def __len__(self) -> int:
        return self.count()

    def __bool__(self) -> bool:
        return any(True for _ in self._generate())


class Board(Protocol[M]):
    """A board game's position with its history: the one protocol every game's ``board.py`` keeps."""

    @property
    def legal_moves(self) -> LegalMoves[M]: ...

    def is_legal(self, move: M) -> bool: ...

    def check(self, move: M) -> tuple[Verdict, ...]: ...

    def push(self, move: M) -> None: ...

    def pop(self) -> M: ...

    def outcome(self) -> Outcome | None: ...

    def copy(self) -> Self: ...

    def svg(self, lang: str = "en") -> str: ...


class _Playing(Protocol[M]):
    """A position that plays and takes back moves itself (EXXIT's and XIG's)."""

    def legal_moves(self) -> Iterable[M]: ...

    def is_legal(self, move: M) -> bool: ...

    def push(self, move: M) -> object: ...  # what a game's push says back (XIG: the turn's violations)

    def pop(self) -> M: ...

    def outcome(self) -> Outcome | None: ...

    def copy(self) -> Self: ...


P = TypeVar("P", bound=_Playing[Any])


class PositionBoard(Generic[M, P]):
    """The protocol's words over a position that plays and takes back moves itself: a game's board says
    only :meth:`check` (its reasons) and :meth:`svg` (its picture), and how many moves there are when it
    can count them faster than it lists them (:meth:`_count`)."""

    def __init__(self, position: P) -> None:
        self.position = position

    @property
    def legal_moves(self) -> LegalMoves[M]:
        return LegalMoves(lambda: self.position.legal_moves(), self.is_legal, self._count())

    def _count(self) -> Callable[[], int] | None:
        return None

    def is_legal(self, move: M) -> bool:
        return bool(self.position.is_legal(move))

    def push(self, move: M) -> None:
        self.position.push(move)

    def pop(self) -> M:
        return self.position.pop()  # type: ignore[no-any-return]  # the position's own move

    def outcome(self) -> Outcome | None:
        return self.position.outcome()

    def copy(self) -> Self:
        return type(self)(self.position.copy())
