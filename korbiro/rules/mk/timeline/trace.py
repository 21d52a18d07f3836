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

__all__ = ["NO_ARGS", "Refused", "Said", "TraceEvent", "illegal", "needs_mp", "refused", "says", "word_args", "words"]

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


def later(key: str, /, **args: Any) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """The catalogue template *key* with *args* as a trace line's argument in English and Hungarian, said only
    when the line is read (a message part, :func:`~korbiro.base.i18n.part`): a game nobody reads opens no
    catalogue."""
    said = i18n.part(key, **args)
    return said, said


#: what would make a refused action legal: a template key filled with the refusal's arguments, a message
#: part (:func:`~korbiro.base.i18n.part`), or its English and Hungarian already said
Remedy = str | Mapping[str, Any] | tuple[str, str] | None


class Refused(IllegalActionError):
    """The refusal of an action that breaks a rule, its message a catalogue template said only when read: the
    engine tries many actions it then refuses (``legal_actions``, a bot's choice), and reads few refusals."""

    def __init__(self, key: str, rule: str, args: Mapping[str, Any], remedy: Remedy) -> None:
        Exception.__init__(self, key)
        self.code = key.split(".")[0]
        self.rule = rule
        self.path: str | None = None
        self.line: int | None = None
        self.column: int | None = None
        self.message_args: dict[str, Any] = {}
        self._key, self._args, self._remedy = key, args, remedy
        self._said: dict[str, str] = {}

    def _say(self, lang: str) -> str:
        if lang not in self._said:
            self._said[lang] = i18n.message(self._key, lang, **self._args)
        return self._said[lang]

    @property
    def message(self) -> str:
        return self._say("en")

    @message.setter
    def message(self, value: str) -> None:
        self._said["en"] = value

    @property
    def hu(self) -> str:
        return self._say("hu")

    @hu.setter
    def hu(self, value: str | None) -> None:
        self._said["hu"] = value or self._say("en")

    @property
    def remedy(self) -> tuple[str, str] | None:
        remedy = self._remedy
        if isinstance(remedy, str):
            return says(remedy, **self._args)
        if isinstance(remedy, Mapping):
            return says(str(remedy[i18n.TEMPLATE]), **{k: v for k, v in remedy.items() if k != i18n.TEMPLATE})
        return remedy

    @remedy.setter
    def remedy(self, value: tuple[str, str] | None) -> None:
        self._remedy = value

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the refusal said (:func:`illegal`): its texts, not its template."""
        return illegal, (self.code, self.rule, self.message, self.hu, self.remedy)


def refused(key: str, rule: str, /, *, remedy: Remedy = None, **args: Any) -> IllegalActionError:
    """The refusal of an action that breaks *rule*: its message the catalogue template *key* (``MK-TL-…`` or
    ``MK-TL-….case``; its code: *key* up to a dot) with *args* and ``rule_id``, in English and Hungarian, said
    when read.  *remedy*, what would make the action legal, is a template key filled with the same *args*, a
    message part, or the two languages already said."""
    return Refused(key, rule, {**args, "rule_id": rule}, remedy)


def words(group: str, key: str) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """The words the catalogue gives *key* of *group* (``MK-TL-WORD.<group>.<key>``: a kind of effect, an
    event, a manoeuvre) as a message's arguments in English and Hungarian, said when the message is read
    (:func:`~korbiro.base.i18n.word_part`; *key* itself in both where the catalogue has none): a game nobody
    reads opens no catalogue."""
    said = i18n.word_part(f"MK-TL-WORD.{group}.{key}", key)
    return said, said


def word_args(name: str, group: str, key: str) -> dict[str, Any]:
    """The :func:`words` of *key* of *group* as a template's arguments, ``{name: English, name_hu: Hungarian}``,
    said when the message is read (*key* itself where the catalogue has no words for it)."""
    en, hu = words(group, key)
    return {name: en, f"{name}_hu": hu}


def needs_mp(cost: int, have: int) -> Mapping[str, Any]:
    """What makes an action its player cannot pay for legal: ``needs 2 MP, has 1`` (a remedy said when read)."""
    return i18n.part("MK-TL-NEEDS-MP", cost=cost, have=have)


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
        mark = "" if self.status == "current" else i18n.message("MK-TL-ARCHIVED-MARK", lang)
        return f"{self.n:3d}. [{self.rule}{mark}] {self.message(lang)}"

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"n": self.n, "rule": self.rule, "status": self.status, "event": self.event,
                "message": self.message(lang), **dict(self.data)}
