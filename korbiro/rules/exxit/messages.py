"""EXXIT's words for users: every template is in ``messages.yaml`` beside this module (messages as
data, :mod:`korbiro.base.i18n`), in English and Hungarian, with named arguments.

A template key is ``CODE.case`` (``EXXIT-DANCE-TARGET-TOO-TALL.taller``): the part before the dot
is the stable code a finding or a verdict carries, the part after it says which of the code's
messages it is; ``EXXIT.…`` keys are the words of summaries, headers and pictures.  No key is a
code by itself, so a finding made here prints its own text in either language
(``Finding.text(lang)``: the English message, or the Hungarian composed with it).

    >>> say("EXXIT-DROP-OCCUPIED.hex", "hu", hex="0,1")
    'a(z) 0,1 lapkán már vannak korongok'
    >>> colour("player", "white")
    {'player': 'white', 'player_hu': 'fehér'}
"""

from __future__ import annotations

from typing import Any, TypeVar

from ...base import i18n
from ...base.errors import KorbiroError
from ...base.findings import Finding

__all__ = ["say", "both", "colour", "error", "finding"]

E = TypeVar("E", bound=KorbiroError)


def say(key: str, lang: str = "en", /, **args: Any) -> str:
    """The message *key* in *lang*, made from its template with *args*."""
    return i18n.message(key, lang, **args)


both = i18n.both


def colour(name: str, value: str) -> dict[str, Any]:
    """A player's colour as an argument: ``white`` / ``fehér``; any other text stays as it is."""
    if value in ("white", "black"):
        return both(name, f"EXXIT.colour.{value}")
    return {name: value, f"{name}_hu": value}


def error(cls: type[E], code: str, key: str, /, *, path: str | None = None, line: int | None = None,
          column: int | None = None, rule: str | None = None, **args: Any) -> E:
    """An error of class *cls* with code *code* and the message *key* in both languages (*path*, where
    the error is, is one of the template's arguments too)."""
    args = {"path": path, **args}
    return cls(code, say(key, "en", **args), hu=say(key, "hu", **args), path=path, line=line, column=column,
               rule=rule)


def finding(code: str, key: str, /, *, file: str | None = None, line: int | None = None,
            column: int | None = None, rule: str | None = None, **args: Any) -> Finding:
    """A finding with code *code* and the message *key*, printable in either language."""
    return Finding(code, say(key, "en", **args), rule=rule, file=file, line=line, column=column,
                   args={"message_hu": say(key, "hu", **args)})
