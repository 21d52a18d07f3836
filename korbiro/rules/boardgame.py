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

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Self, TypeVar

from ..base import i18n
from ..base.errors import IllegalActionError

__all__ = ["Board", "LegalMoves", "Outcome", "Verdict"]

M = TypeVar("M")


@dataclass(frozen=True)
class Verdict:
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
    key: str = field(default="", compare=False)
    args: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    action: int | None = None
    fatal: bool = False
    section: str = field(default="", compare=False)

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
