"""The one error root of korbiro and its specific subclasses.

Every user-facing error carries a stable ``code`` (e.g. ``MK-DATA-102``), the
``path``, ``line`` and ``column`` it concerns where known, and the rule id it
rests on where there is one.  Messages quote the offending value with ``!r``.

    >>> err = DataError("MK-YAML-DUPKEY", "duplicate key 'name'", path="a.yaml", line=3, column=5)
    >>> str(err)
    "a.yaml:3:5: duplicate key 'name'"
    >>> isinstance(err, ValueError)
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from . import i18n

if TYPE_CHECKING:
    from .findings import Finding

E = TypeVar("E", bound="KorbiroError")


class KorbiroError(Exception):
    """Base class of every error korbiro raises on purpose."""

    code: str = "KORBIRO"

    def __init__(
        self,
        code: str | None,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        rule: str | None = None,
        hu: str | None = None,
        args: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        #: the message in Hungarian, when it was composed in both languages where it was raised
        self.hu = hu
        self.path = path
        self.line = line
        self.column = column
        self.rule = rule
        #: arguments for the message catalogue (``korbiro.base.i18n``), as a finding's
        self.message_args = dict(args or {})

    @classmethod
    def said(cls: type[E], key: str, /, *, path: str | None = None, line: int | None = None,
             column: int | None = None, rule: str | None = None, **args: Any) -> E:
        """The error whose message is the catalogue template *key* (``CODE`` or ``CODE.case``) with
        *args*, said in either language wherever it is printed::

            >>> str(DataError.said("FILE-NOT-FOUND", name="a.yaml", path="a.yaml"))
            "a.yaml: file 'a.yaml' does not exist"
        """
        message, margs = i18n.said(key, **args)
        return cls(key.split(".")[0], message, path=path, line=line, column=column, rule=rule, args=margs)

    @property
    def location(self) -> str:
        """``path:line:column`` with the parts that are known."""
        parts = [self.path or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        if self.path is None and self.line is None:
            return self.message
        return f"{self.location}: {self.message}"

    def text(self, lang: str = "en") -> str:
        """``path:line:column: message`` with the message in *lang* (English or Hungarian)."""
        message = self.to_finding().text(lang)
        if self.path is None and self.line is None:
            return message
        return f"{self.location}: {message}"

    def to_finding(self) -> Finding:
        """This error as a :class:`~korbiro.base.findings.Finding` (severity error)."""
        # lazy: a replayed answer raises no error and makes no finding
        from .findings import Finding

        return Finding(
            self.code,
            self.message,
            rule=self.rule,
            file=self.path,
            line=self.line,
            column=self.column,
            args={**self.message_args, **({"message_hu": self.hu} if self.hu else {})},
        )

    @property
    def findings(self) -> list[Finding]:
        """Every problem this error stands for (one, unless a loader collected several)."""
        extra: list[Finding] = getattr(self, "_findings", None) or []
        return extra or [self.to_finding()]

    @findings.setter
    def findings(self, value: list[Finding]) -> None:
        self._findings = list(value)


class UsageError(KorbiroError, ValueError):
    """Bad usage or unreadable input: exit code 2."""

    code = "USAGE"


class DataError(KorbiroError, ValueError):
    """A data file (card set, format list, scenario, position) is malformed."""

    code = "DATA"


class RulesSyntaxError(KorbiroError, ValueError):
    """Text in one of korbiro's small languages (card text, queries, actions) does not parse."""

    code = "SYNTAX"


class DeckError(KorbiroError, ValueError):
    """A deck list cannot be read."""

    code = "DECK"


class IllegalActionError(KorbiroError, ValueError):
    """An action or move breaks a rule; ``rule`` names it.  ``remedy``: what would make it legal,
    in English and Hungarian, where that is one thing (``needs 2 MP, has 1``)."""

    code = "ILLEGAL"
    remedy: tuple[str, str] | None = None
