"""Where a lark parse error stands, and what the grammar expected there.

Lark raises three kinds of error (a character no terminal matches, a token the parser cannot take, the end of
the input too soon), each keeping its position and its expectations in its own attributes.  Every small
language of korbiro (card text, queries, actions, behaviour) reads them through :func:`fault`, and says the
rest in its own words.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from lark.exceptions import UnexpectedInput

__all__ = ["Fault", "fault"]


class Fault(NamedTuple):
    """A parse error of one line of text, as the languages report it (a named tuple: every language's module
    imports this one, and a frozen dataclass costs ~0.6 ms to make at start-up)."""

    #: where it stands: an offset into the text (0-based), at most its length
    pos: int
    #: the terminals the grammar expected there (lark's names; empty when lark names none)
    expected: frozenset[str]
    #: the unexpected token as written, when a token (not a single character, not the end) was unexpected
    token: str | None = None
    #: whether the text ended too soon
    at_end: bool = False
    #: whether a character no terminal matches was met (lark's ``UnexpectedCharacters``)
    character: bool = False


def fault(text: str, exc: UnexpectedInput) -> Fault:
    """The :class:`Fault` of lark's error *exc* in *text*.

    >>> from lark import Lark
    >>> parser = Lark('start: "a" "b"', parser="lalr")
    >>> try:
    ...     parser.parse("ax")
    ... except Exception as exc:
    ...     f = fault("ax", exc)
    >>> f.pos, sorted(f.expected), f.character
    (1, ['B'], True)
    """
    from lark.exceptions import (  # lazy: with the parser
        UnexpectedCharacters,
        UnexpectedEOF,
        UnexpectedToken,
    )

    expected: Iterable[str]
    if isinstance(exc, UnexpectedCharacters):
        pos, expected, token, at_end, character = exc.pos_in_stream or 0, exc.allowed or (), None, False, True
    elif isinstance(exc, UnexpectedToken):
        tok = exc.token
        at_end = tok.type == "$END"
        pos = len(text) if at_end or tok.start_pos is None else int(tok.start_pos)
        expected, token, character = exc.expected or (), None if at_end else str(tok), False
    elif isinstance(exc, UnexpectedEOF):
        pos, expected, token, at_end, character = len(text), exc.expected or (), None, True, False
    else:  # pragma: no cover - lark raises only the three above
        pos, expected, token, at_end, character = 0, (), None, False, False
    return Fault(min(max(pos, 0), len(text)), frozenset(str(e) for e in expected), token, at_end, character)
