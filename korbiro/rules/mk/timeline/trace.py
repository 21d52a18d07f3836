"""The trace: every step the engine takes, with the rule behind it, and the refusals.

A :class:`TraceEvent` is one numbered line of a resolution: a catalogue template of
``rules/mk/messages.yaml`` (messages as data) and its arguments, said in English or
Hungarian only when it is read (a game traces tens of thousands of lines that no one
reads); :func:`refused` builds the error an action that breaks a rule is refused with,
naming that rule in both languages, from such a template (:func:`illegal` from its two
languages already said).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ....base import i18n
from ....base.errors import IllegalActionError

__all__ = ["NO_ARGS", "Said", "TraceEvent", "illegal", "needs_mp", "refused", "says"]

#: the arguments of a template that takes none (shared: a trace line never changes its arguments)
NO_ARGS: Mapping[str, Any] = {}


def illegal(code: str, rule: str, en: str, hu: str | None = None,
            remedy: tuple[str, str] | None = None) -> IllegalActionError:
    """The refusal of an action that breaks *rule* (``code`` and the English message; ``hu`` beside it),
    with what would make it legal where that is one thing (``remedy``, English and Hungarian)."""
    err = IllegalActionError(code, en, rule=rule, hu=hu or en)
    err.remedy = remedy
    return err


def says(key: str, /, **args: Any) -> tuple[str, str]:
    """The catalogue template *key* (``korbiro/rules/mk/messages.yaml``) with *args*, in English and Hungarian:
    a trace line's two languages, or a remedy's."""
    return i18n.message(key, "en", **args), i18n.message(key, "hu", **args)


def refused(key: str, rule: str, /, *, remedy: str | tuple[str, str] | None = None,
            **args: Any) -> IllegalActionError:
    """The refusal of an action that breaks *rule*: its message the catalogue template *key* (``MK-TL-…`` or
    ``MK-TL-….case``; its code: *key* up to a dot) with *args* and ``rule_id``, in English and Hungarian.
    *remedy*, what would make the action legal, is a template key filled with the same *args*, or the two
    languages already said."""
    en, hu = says(key, **args, rule_id=rule)
    if isinstance(remedy, str):
        remedy = says(remedy, **args, rule_id=rule)
    return illegal(key.split(".")[0], rule, en, hu, remedy=remedy)


def needs_mp(cost: int, have: int) -> tuple[str, str]:
    """What makes an action its player cannot pay for legal: ``needs 2 MP, has 1``."""
    return says("MK-TL-NEEDS-MP", cost=cost, have=have)


class Said(str):
    """A message that is its English text, and says itself in Hungarian too: the catalogue template *key*
    with *args* (a scenario's differences from its ``expect:``, read as text by who compares them)."""

    key: str
    args: Mapping[str, Any]

    def __new__(cls, key: str, args: Mapping[str, Any]) -> Said:
        said = super().__new__(cls, i18n.message(key, "en", **args))
        said.key, said.args = key, args
        return said

    def text(self, lang: str = "en") -> str:
        return str(self) if lang == "en" else i18n.message(self.key, lang, **self.args)


class TraceEvent(NamedTuple):
    """One numbered step of a resolution, with the rule behind it.

    A named tuple, immutable like a frozen dataclass and made five times faster: a long timeline
    traces tens of thousands of them (``benchmarks/timeline.py``).  It keeps its message as the
    catalogue template *key* and its *args* (plain values, or message parts of :func:`i18n.part`),
    and says it in a language only when asked (:meth:`message`, :meth:`render`, :meth:`to_dict`).
    """

    n: int
    rule: str
    status: str
    event: str
    key: str
    args: Mapping[str, Any]
    data: tuple[tuple[str, Any], ...] = ()

    def message(self, lang: str = "en") -> str:
        """The line in *lang* (``en`` or ``hu``)."""
        return i18n.message(self.key, lang, **self.args)

    @property
    def en(self) -> str:
        return self.message("en")

    @property
    def hu(self) -> str:
        return self.message("hu")

    def render(self, lang: str = "en") -> str:
        mark = "" if self.status == "current" else (" archivált" if lang == "hu" else " archived")
        return f"{self.n:3d}. [{self.rule}{mark}] {self.message(lang)}"

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"n": self.n, "rule": self.rule, "status": self.status, "event": self.event,
                "message": self.message(lang), **dict(self.data)}
