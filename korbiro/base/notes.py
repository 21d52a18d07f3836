"""Notes: one line on standard error for what a user should know although the answer is right.

A full cache disk, an unwritable cache folder, a damaged card index that was
rebuilt: korbiro goes on and answers correctly, and says so once per run, in
the chosen language (:func:`korbiro.base.i18n.current`):

    korbiro: note: cannot write the cache folder '/x' (No space left on device); going on without it

Library users can send notes elsewhere by replacing :data:`sink`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from . import i18n

__all__ = ["note", "reset", "said_any", "sink"]

def _to_stderr(line: str) -> None:
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed or gone: a note is not worth failing for
        pass


#: where notes go (a function taking the whole line)
sink: Callable[[str], None] = _to_stderr

_said: set[str] = set()


def note(code: str, message: str, **args: Any) -> bool:
    """Say *message* (English; the catalogue's text for *code* in Hungarian) once per run.

    Returns whether it was said now (``False``: said before in this run).
    """
    if code in _said:
        return False
    _said.add(code)
    lang = i18n.current()
    sink(i18n.message("NOTE-PREFIX", lang) + i18n.render(code, lang, args, message))
    return True


def said_any() -> bool:
    """Whether a note was said in this run."""
    return bool(_said)


def reset() -> None:
    """Forget what was said (each command line run starts afresh)."""
    _said.clear()
