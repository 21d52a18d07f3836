"""Deck lists (contract, ARCHITECTURE.md §5): the text form and the YAML form.

Text form: one entry a line, ``#`` comments, ``3 Name`` or ``3x Name`` (a bare
name is one copy), a card named or given by id.  Sections ``Torony:`` (the
starting tower levels), ``Pakli:`` or ``Jövő:`` (the future deck) and
``Cserepakli:`` (the sideboard), with the English aliases ``Tower:``,
``Deck:`` and ``Sideboard:``; lines before any section belong to the deck.
Two declarations may stand anywhere: ``Laplimit: 3|4`` (``Limit:``) and
``Formátum: NAME`` (``Format:``).

    >>> deck = parse_deck_text("Torony:\\nKincses kamra\\nPakli:\\n3x Wirg  # beast\\n")
    >>> [(e.section, e.count, e.name, e.line) for e in deck.entries]
    [('tower', 1, 'Kincses kamra', 2), ('deck', 3, 'Wirg', 4)]

Counts are ASCII digits only (``٣`` is refused, never read as 3).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

from ..base.errors import DataError, DeckError
from ..base.findings import Finding
from ..base.text import fold, is_digits, is_other_digits

MAX_BYTES = 5 * 1024 * 1024
MAX_COUNT = 999

SECTIONS = {
    "torony": "tower",
    "kezdo torony": "tower",
    "kezdo toronyszintek": "tower",
    "tower": "tower",
    "pakli": "deck",
    "jovo": "deck",
    "jovo pakli": "deck",
    "deck": "deck",
    "main": "deck",
    "cserepakli": "sideboard",
    "sideboard": "sideboard",
}

DECLARATIONS = {
    "laplimit": "limit",
    "limit": "limit",
    "formatum": "format",
    "format": "format",
}

_COUNT_FIRST = re.compile(r"^([0-9]+)\s*[xX×]?\s+(\S.*)$|^([0-9]+)[xX×](\S.*)$")
_TRAILING_COUNT = re.compile(r"^(\S.*?)\s+[xX×]\s?([0-9]+)$")
_LEADING_NUMBERISH = re.compile(r"^([+-]?\w+?)[xX×]?(\s|$)")


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """One line of a deck list."""

    count: int
    name: str
    section: str  # "tower" | "deck" | "sideboard"
    line: int
    column: int = 1


@dataclass
class DeckList:
    """A parsed deck list: entries in file order, declarations, and problems found while reading."""

    path: str
    entries: list[DeckEntry] = field(default_factory=list)
    limit: int | None = None
    limit_line: int | None = None
    format: str | None = None
    format_line: int | None = None
    format_column: int | None = None
    findings: list[Finding] = field(default_factory=list)

    def section(self, name: str) -> list[DeckEntry]:
        return [e for e in self.entries if e.section == name]


def read_deck_file(path: str) -> DeckList:
    """Read a deck list from a file (``-`` for standard input); text or YAML by content.

    Raises :class:`DeckError` for unreadable input (missing, not a regular file,
    too large, not UTF-8).
    """
    if path == "-":
        import sys

        raw = sys.stdin.buffer.read(MAX_BYTES + 1)
        name = "<stdin>"
    else:
        name = path
        try:
            st = os.stat(path)
        except FileNotFoundError:
            raise DeckError.said("FILE-NOT-FOUND.deck", name=path, path=path) from None
        except OSError as exc:
            raise DeckError.said("FILE-UNREADABLE", name=path, why=exc.strerror, path=path) from None
        import stat as stat_mod

        if stat_mod.S_ISDIR(st.st_mode):
            raise DeckError.said("FILE-IS-DIRECTORY.deck", name=path, path=path)
        if not stat_mod.S_ISREG(st.st_mode):
            raise DeckError.said("FILE-NOT-REGULAR.deck", name=path, path=path)
        if st.st_size > MAX_BYTES:
            raise DeckError.said("FILE-TOO-LARGE.deck", mb=MAX_BYTES // 2**20, path=path, line=1)
        try:
            with open(path, "rb") as fh:
                raw = fh.read(MAX_BYTES + 1)
        except OSError as exc:
            raise DeckError.said("FILE-UNREADABLE", name=path, why=exc.strerror, path=path) from None
    return read_deck_bytes(raw, name)


def read_deck_bytes(raw: bytes, name: str = "<deck>") -> DeckList:
    """Read a deck list from the bytes of a file named *name* (the name only labels findings, and a
    ``.yaml`` or ``.yml`` ending chooses the YAML form); the same checks as :func:`read_deck_file`.

    Raises :class:`DeckError` for input that cannot be read (too large, UTF-16, not UTF-8).
    """
    if len(raw) > MAX_BYTES:
        raise DeckError.said("FILE-TOO-LARGE.deck", mb=MAX_BYTES // 2**20, path=name, line=1)
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DeckError.said("FILE-UTF16.deck", path=name, line=1)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DeckError.said("FILE-ENCODING.deck", line=line, column=col, path=name, row=line, col=col,
                             offset=exc.start) from None
    if _looks_like_yaml(name, text):
        return parse_deck_yaml(text, name)
    return parse_deck_text(text, name)


#: a key of the YAML form's mapping, at the start of a line: a word (or a quoted key), a colon, then a space or
#: nothing (a text entry begins with its count, or is a card name without the colon)
_YAML_KEY = re.compile(r"""^(?:"[^"]*"|'[^']*'|[^\W\d_][^:]*?)\s*:(?:\s|$)""")
#: what only a YAML document opens with: the document start, a directive, a flow mapping
_YAML_START = re.compile(r"^(?:---(?:\s|$)|%YAML\s|%TAG\s|\{)")
#: a section's key with its cards as a flow list: ``pakli: [3 Wirg, …]``
_YAML_FLOW_SECTION = re.compile(r"^([^\W\d_][^:]*?)\s*:\s*\[")
#: an item of a YAML block list: ``  - 3 Wirg``
_YAML_ITEM = re.compile(r"^\s*-(?:\s|$)")


def _looks_like_yaml(name: str, text: str) -> bool:
    """Whether *text* is a deck list's YAML form: a ``.yaml``/``.yml`` name, or the shape of the YAML form.

    The shape is read from the lines without their comments (from ``#``, as the text form reads them), so
    no comment decides it.  YAML opens with a document start (``---``), a directive (``%YAML``) or a flow
    mapping (``{``); or it is a mapping whose every line at the left margin is a key (``pakli:``,
    ``laplimit: 3``) or a list item, with some section's cards as a list (items ``- 3 Wirg``, or
    ``pakli: [3 Wirg]``).  A text list's entries (``3 Wirg``, ``3 Name: [in brackets]``) are no keys, so
    such a list stays text whatever its comments and card names hold.
    """
    if name.endswith((".yaml", ".yml")):
        return True
    listed = opened = False
    for line in text.splitlines():
        body = line.split("#", 1)[0].rstrip()
        s = body.lstrip()
        if not s:
            continue
        if not opened:
            if _YAML_START.match(s):
                return True
            opened = True
        item = _YAML_ITEM.match(body) is not None
        if body[0].isspace() or item:
            listed = listed or item
            continue
        if _YAML_KEY.match(s) is None:
            return False  # a line at the margin that no mapping has: an entry of the text form
        flow = _YAML_FLOW_SECTION.match(s)
        listed = listed or (flow is not None and fold(flow.group(1)) in SECTIONS)
    return listed


def parse_deck_text(text: str, path: str = "<deck>") -> DeckList:
    deck = DeckList(path)
    section = "deck"
    for lineno, raw in enumerate(text.splitlines(), start=1):
        body = raw.split("#", 1)[0].rstrip()
        if not body.strip():
            continue
        indent = len(body) - len(body.lstrip())
        s = body.strip()
        if s.endswith(":") and fold(s[:-1]) in SECTIONS:
            section = SECTIONS[fold(s[:-1])]
            continue
        if ":" in s:
            key, _, value = s.partition(":")
            if fold(key) in DECLARATIONS and value.strip():
                _declare(deck, DECLARATIONS[fold(key)], value.strip(), lineno, indent + len(key) + 3)
                continue
        entry = _parse_entry(s, section, lineno, indent + 1, deck)
        if entry is not None:
            deck.entries.append(entry)
    return deck


def _declare(deck: DeckList, key: str, value: str, line: int, column: int) -> None:
    if key == "limit":
        if value in ("3", "4"):
            deck.limit, deck.limit_line = int(value), line
        else:
            deck.findings.append(Finding("MK-DECK-BAD-LIMIT", f"card limit must be 3 or 4, got {value!r}",
                                         rule="1.02.A", file=deck.path, line=line, column=column))
    else:
        deck.format, deck.format_line, deck.format_column = value, line, column


def _parse_entry(s: str, section: str, line: int, column: int, deck: DeckList) -> DeckEntry | None:
    if not s:
        deck.findings.append(Finding("MK-DECK-EMPTY-ENTRY", "empty entry; write '3 Name' or a card name",
                                     file=deck.path, line=line, column=column, args={}))
        return None
    m = _COUNT_FIRST.match(s)
    if m:
        digits, name = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        name = name.strip()
        return _entry(digits, name, section, line, column, deck, column + s.find(name, len(digits)))
    m = _TRAILING_COUNT.match(s)
    if m:
        return _entry(m.group(2), m.group(1).strip(), section, line, column, deck, column)
    first = s.split()[0]
    bare = first.rstrip("xX×")
    if is_other_digits(bare.lstrip("+-")):
        deck.findings.append(Finding("MK-DECK-COUNT", f"count {first!r} must be written with the digits 0-9",
                                     file=deck.path, line=line, column=column))
        return None
    if bare.startswith("-") and is_digits(bare[1:]):
        deck.findings.append(Finding("MK-DECK-COUNT", f"count {first!r} must be a whole number from 1 to {MAX_COUNT}",
                                     file=deck.path, line=line, column=column))
        return None
    if re.fullmatch(r"[0-9]+[xX×]?", s):
        deck.findings.append(Finding("MK-DECK-COUNT", f"count {s!r} has no card name after it",
                                     file=deck.path, line=line, column=column))
        return None
    return DeckEntry(1, s, section, line, column)


def _entry(
    digits: str, name: str, section: str, line: int, column: int, deck: DeckList, name_col: int
) -> DeckEntry | None:
    if len(digits) > 4 or not 1 <= int(digits) <= MAX_COUNT:
        deck.findings.append(Finding("MK-DECK-COUNT", f"count {digits!r} must be a whole number from 1 to {MAX_COUNT}",
                                     file=deck.path, line=line, column=column))
        return None
    return DeckEntry(int(digits), name, section, line, name_col)


# --------------------------------------------------------------------------
# the YAML form


def parse_deck_yaml(text: str, path: str = "<deck>") -> DeckList:
    """The YAML form: a mapping with the same sections (and ``laplimit``/``format``).

    Each section is a list whose items are ``"3 Name"`` strings, bare names, or
    mappings ``{card: Name, count: 3}``.
    """
    from ..base.yamlload import load_yaml_text  # lazy: text deck lists never import PyYAML

    try:
        doc = load_yaml_text(text, path, expect="mapping")
    except DataError as exc:
        raise DeckError(exc.code, exc.message, path=path, line=exc.line, column=exc.column) from None
    deck = DeckList(path)
    deck.findings.extend(doc.findings)
    for key, value in doc.data.items():
        k = fold(str(key))
        line, col = doc.mark((key,))
        if k in DECLARATIONS:
            _declare(deck, DECLARATIONS[k], str(value), line, col)
            continue
        if k not in SECTIONS:
            deck.findings.append(Finding("MK-DECK-UNKNOWN-SECTION",
                                         f"unknown section {key!r} (expected Torony, Pakli or Cserepakli)",
                                         file=path, line=line, column=col))
            continue
        section = SECTIONS[k]
        if value is None:
            continue
        if not isinstance(value, list):
            deck.findings.append(Finding("MK-DECK-SECTION-TYPE", f"section {key!r} must be a list of cards",
                                         file=path, line=line, column=col))
            continue
        for i, item in enumerate(value):
            iline, icol = doc.mark((key, i))
            entry: DeckEntry | None
            if isinstance(item, str):
                entry = _parse_entry(item.strip(), section, iline, icol, deck)
            elif isinstance(item, dict) and isinstance(item.get("card"), str):
                count: Any = item.get("count", 1)
                if isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= MAX_COUNT:
                    entry = DeckEntry(count, item["card"].strip(), section, iline, icol)
                else:
                    deck.findings.append(Finding("MK-DECK-COUNT",
                                                 f"count {count!r} must be a whole number from 1 to {MAX_COUNT}",
                                                 file=path, line=iline, column=icol))
                    entry = None
            else:
                deck.findings.append(Finding("MK-DECK-ENTRY", f"expected '3 Name' or {{card: Name, count: 3}}, got {item!r}",
                                             file=path, line=iline, column=icol))
                entry = None
            if entry is not None:
                deck.entries.append(entry)
    return deck
