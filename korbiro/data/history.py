"""A card's text through time: its dated versions (``history:`` in the set file) and word-level diffs.

Each version has the date from which it is in force (``from``), its source
and a short reason; the last version is the card's current ``text`` and
writes no text of its own (docs/data-format.md).  The text in force on a day
is that of the last version whose date is not after it; before the first
date, the first version's.

    >>> versions = read_versions("KINCSKERESÉS 3", [
    ...     {"from": "2004-11-20", "text": "KINCSKERESÉS 2", "source": "first printing", "reason": "printed"},
    ...     {"from": "2025-03-01", "source": "errata 2025", "reason": "raised to 3"}])
    >>> [v.text for v in versions]
    ['KINCSKERESÉS 2', 'KINCSKERESÉS 3']
    >>> version_on(versions, dt.date(2024, 12, 31)).text, version_on(versions, dt.date(2025, 3, 1)).text
    ('KINCSKERESÉS 2', 'KINCSKERESÉS 3')
    >>> render_word_diff(word_diff("KINCSKERESÉS 2", "KINCSKERESÉS 3"))
    'KINCSKERESÉS [-2-]{+3+}'
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["DiffPart", "TextVersion", "read_versions", "render_word_diff", "version_on", "word_diff"]


@dataclass(frozen=True)
class TextVersion:
    """One version of a card's text: in force from ``since`` until the next version's date."""

    since: dt.date
    text: str
    source: str
    reason: str
    #: an invented version (the shipped sample's), not a real erratum
    illustrative: bool = False
    #: the card's current ``text`` (the last version)
    current: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.since.isoformat(), "text": self.text, "source": self.source, "reason": self.reason,
                "illustrative": self.illustrative, "current": self.current}


def parse_date(value: Any) -> dt.date | None:
    """A ``YYYY-MM-DD`` string as a date; ``None`` for anything else."""
    if not isinstance(value, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        return None


def read_versions(text: str, history: Any) -> tuple[TextVersion, ...]:
    """The versions of a card whose current text is *text* and whose ``history:`` is *history*.

    Entries that ``data check`` refuses (no date, a date out of order) are
    skipped, so that a card read from a database with errors still answers;
    a database that loads has none.  No history: no versions.
    """
    if not isinstance(history, Sequence) or isinstance(history, str) or not history:
        return ()
    out: list[TextVersion] = []
    last = len(history) - 1
    for i, raw in enumerate(history):
        if not isinstance(raw, Mapping):
            continue
        since = parse_date(raw.get("from"))
        if since is None or (out and since <= out[-1].since):
            continue
        current = i == last
        body = text if current else raw.get("text")
        out.append(TextVersion(since, body if isinstance(body, str) else "", str(raw.get("source") or ""),
                               str(raw.get("reason") or ""), raw.get("illustrative") is True, current))
    return tuple(out)


def version_on(versions: Sequence[TextVersion], day: dt.date) -> TextVersion | None:
    """The version in force on *day*: the last one from *day* or before; the first one before them all."""
    if not versions:
        return None
    found = versions[0]
    for v in versions:
        if v.since <= day:
            found = v
    return found


# ------------------------------------------------------------------ word diffs


@dataclass(frozen=True)
class DiffPart:
    """A run of a word-level diff: ``equal``, ``delete`` (only in the old text) or ``insert`` (only in the new)."""

    op: str
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"op": self.op, "text": self.text}


_TOKEN = re.compile(r"\n|[^\s]+")


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.strip("\n"))


def _join(tokens: Sequence[str]) -> str:
    out = ""
    for tok in tokens:
        if tok == "\n" or out.endswith("\n") or not out:
            out += tok
        else:
            out += " " + tok
    return out


def word_diff(old: str, new: str) -> list[DiffPart]:
    """How *new* differs from *old*, word by word (line breaks count as words).

    >>> [p.to_dict() for p in word_diff("a b c", "a x c")]
    [{'op': 'equal', 'text': 'a'}, {'op': 'delete', 'text': 'b'}, {'op': 'insert', 'text': 'x'}, {'op': 'equal', 'text': 'c'}]
    """
    a, b = _tokens(old), _tokens(new)
    parts: list[DiffPart] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            parts.append(DiffPart("equal", _join(a[i1:i2])))
            continue
        if i2 > i1:
            parts.append(DiffPart("delete", _join(a[i1:i2])))
        if j2 > j1:
            parts.append(DiffPart("insert", _join(b[j1:j2])))
    return parts


_MARKS = {"delete": ("[-", "-]"), "insert": ("{+", "+}")}


def render_word_diff(parts: Sequence[DiffPart]) -> str:
    """The diff as text, marked as ``git diff --word-diff=plain`` marks it: ``[-old-]{+new+}``.

    A marked run that spans lines is marked on each line.
    """
    pieces: list[str] = []
    for p in parts:
        lines = p.text.split("\n")
        for k, line in enumerate(lines):
            if k:
                pieces.append("\n")
            if not line:
                continue
            if p.op in _MARKS:
                opening, closing = _MARKS[p.op]
                line = f"{opening}{line}{closing}"
            pieces.append(line)
    out = ""
    for i, piece in enumerate(pieces):
        if piece == "\n" or not out or out.endswith("\n"):
            out += piece
        else:
            prev = pieces[i - 1]
            # a deletion and the insertion replacing it stand side by side, as git prints them
            glued = prev.endswith("-]") and piece.startswith("{+")
            out += piece if glued else " " + piece
    return out
