"""The trace: every step the engine takes, with the rule behind it, and the refusals.

A :class:`TraceEvent` is one numbered line of a resolution, in English and
Hungarian; :func:`illegal` builds the error an action that breaks a rule is
refused with, naming that rule in both languages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....base.errors import IllegalActionError

__all__ = ["TraceEvent", "illegal"]


def illegal(code: str, rule: str, en: str, hu: str | None = None) -> IllegalActionError:
    """The refusal of an action that breaks *rule* (``code`` and the English message; ``hu`` beside it)."""
    err = IllegalActionError(code, en, rule=rule)
    err.hu = hu or en  # type: ignore[attr-defined]
    return err


@dataclass(frozen=True)
class TraceEvent:
    """One numbered step of a resolution, with the rule behind it."""

    n: int
    rule: str
    status: str
    event: str
    en: str
    hu: str
    data: tuple[tuple[str, Any], ...] = ()

    def message(self, lang: str = "en") -> str:
        return self.hu if lang == "hu" else self.en

    def render(self, lang: str = "en") -> str:
        mark = "" if self.status == "current" else (" archivált" if lang == "hu" else " archived")
        return f"{self.n:3d}. [{self.rule}{mark}] {self.message(lang)}"

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"n": self.n, "rule": self.rule, "status": self.status, "event": self.event,
                "message": self.message(lang), **dict(self.data)}
