"""Zen's words for users: every template is in ``messages.yaml`` beside this module (messages as data,
:mod:`korbiro.base.i18n`), in English and in Hungarian, the language of the rulebook, with its words
for the pieces (Lány, Fiú, Nő, Férfi, Harcos), the tower (torony, szint, mező) and the moves (lépés,
helycsere, ütés, beérkezés).

A template key is ``CODE.case`` (``ZEN-TOO-FAR.floors``): the stable code a verdict or finding
carries, then which of its messages it is; ``ZEN.…`` keys are the words of summaries, the tower's
drawing and the command line.  No key is a code by itself, so that a finding made here prints its
own text in either language (``Finding.text(lang)``).

    >>> say("ZEN-EMPTY-SQUARE.empty", "hu", step="a1-a2", square="a1")
    'a1-a2: az a1 mezőn nincs bábu'
    >>> say("ZEN.piece", "hu", seat="B", name="Woman", name_hu="Nő")
    'B Nő bábuja'
"""

from __future__ import annotations

from typing import Any

from ...base import i18n
from ...base.errors import KorbiroError
from ...base.findings import Finding

__all__ = ["say", "both", "MessageError", "raise_as", "finding"]


def say(key: str, lang: str = "en", /, **args: Any) -> str:
    """The message *key* in *lang*, made from its template with *args*."""
    return i18n.message(key, lang, **args)


both = i18n.both


class MessageError(i18n.TemplateError):
    """A value that cannot be read (a square, a token): ``str()`` is English, :meth:`text` either language."""


def raise_as(cls: type[KorbiroError], code: str, key: str, /, **args: Any) -> KorbiroError:
    """The error *cls* (code *code*) whose message is *key* in both languages."""
    return cls(code, say(key, "en", **args), hu=say(key, "hu", **args))


def finding(code: str, message: str, message_hu: str, /, *, file: str | None, line: int | None,
            column: int | None = None, rule: str | None = None) -> Finding:
    """A finding with its message in both languages (it prints in either, ``Finding.text(lang)``)."""
    return Finding(code, message, rule=rule, file=file, line=line, column=column, args={"message_hu": message_hu})
