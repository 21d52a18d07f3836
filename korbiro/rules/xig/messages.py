"""XIG's words for users: every template is in ``messages.yaml`` beside this module (messages as data,
:mod:`korbiro.base.i18n`), in English and in Hungarian, the language of the rulebook, with its words:
ösvény (Pathway), lapka (tile), lény, sarok, odú, gyűrű (creature, corner, Burrow, Ring), törzs
(tribe), védett / védtelen (protected / unprotected), kiüt (knock out), szakasz (section),
emlékpakli (memory deck), XAP kártya, XIG lap.

A template key is ``CODE.case`` (``XIG-KNOCKOUT-PROTECTED.kojjit``): the stable code a violation or a
finding carries, then which of its messages it is; ``XIG.…`` keys are the words of summaries, the
Pathways' drawing and the command line.  No key is a code by itself, so that a finding made here
prints its own text in either language (``Finding.text(lang)``).

    >>> say("XIG-ONE-TILE.again", "hu", player="Anna", tile="E5")
    'Anna ebben a körben már letette a lapkáját; a(z) E5 már eggyel több'
    >>> both("where", "XIG.where.deck")
    {'where': 'in the deck', 'where_hu': 'a pakliban'}
"""

from __future__ import annotations

from typing import Any

from ...base import i18n
from ...base.findings import Finding

__all__ = ["say", "both", "found"]


def say(key: str, lang: str = "en", /, **args: Any) -> str:
    """The message *key* in *lang*, made from its template with *args*."""
    return i18n.message(key, lang, **args)


def both(name: str, key: str, /, **args: Any) -> dict[str, Any]:
    """A template argument in both languages: ``{name: English, name_hu: Hungarian}``."""
    return {name: say(key, "en", **args), f"{name}_hu": say(key, "hu", **args)}


def found(code: str, key: str, /, *, file: str | None, line: int | None, column: int | None = None,
          rule: str | None = None, **args: Any) -> Finding:
    """The finding *code* whose message is the template *key*: it prints in either language."""
    return Finding(code, say(key, "en", **args), rule=rule, file=file, line=line, column=column,
                   args={"message_hu": say(key, "hu", **args)})
