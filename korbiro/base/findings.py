"""Findings: the one problem type of the whole project, and its renderers.

A finding is data, not an exception: checks collect every finding they see and
never stop at the first.  Each carries a stable ``code``, a ``severity``, the
``rule`` it rests on (a rule id such as ``1.02.B``, or ``None`` for purely
technical problems such as malformed YAML), a message, and where it was found.

    >>> f = Finding("MK-DECK-SIZE", "deck too small", rule="1.02.B", file="a.deck", line=3)
    >>> f.render_text()
    'a.deck:3: error MK-DECK-SIZE [1.02.B]: deck too small'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from . import i18n
from .limits import DEFAULT_MAX_FINDINGS as DEFAULT_MAX_FINDINGS
from .limits import HINT_BUDGET as HINT_BUDGET


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}


@dataclass(frozen=True)
class Finding:
    """One problem found: its code and message, severity, where it is and the rule it breaks."""

    code: str
    message: str
    severity: Severity = Severity.ERROR
    rule: str | None = None
    file: str | None = None
    line: int | None = None
    column: int | None = None
    card: str | None = None
    #: Arguments for the message catalogue (``korbiro.base.i18n``); the English
    #: ``message`` is the fallback when the catalogue has no template.
    args: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def text(self, lang: str = "en") -> str:
        """The message in *lang* (English or Hungarian)."""
        if lang == "en" and not self.args:
            return self.message
        return i18n.render(self.code, lang, self.args, self.message)

    @property
    def location(self) -> str:
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def sort_key(self) -> tuple[str, int, int, int, str, str]:
        return (
            self.file or "",
            self.line or 0,
            self.column or 0,
            _SEVERITY_ORDER[self.severity],
            self.code,
            self.message,
        )

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "rule": self.rule,
            "message": self.text(lang),
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "card": self.card,
        }

    def render_text(self, lang: str = "en") -> str:
        """``FILE:LINE:COL: error CODE [rule]: message``, the severity in *lang* too (``hiba``)."""
        rule = f" [{self.rule}]" if self.rule else ""
        severity = self.severity.value if lang == "en" else i18n.word(self.severity.value, lang)
        return f"{self.location}: {severity} {self.code}{rule}: {self.text(lang)}"

    def render_github(self, lang: str = "en") -> str:
        level = {"error": "error", "warning": "warning", "note": "notice"}[self.severity.value]
        props = []
        if self.file:
            props.append(f"file={_gh_escape_prop(self.file)}")
        if self.line is not None:
            props.append(f"line={self.line}")
        if self.column is not None:
            props.append(f"col={self.column}")
        title = self.code + (f" ({self.rule})" if self.rule else "")
        props.append(f"title={_gh_escape_prop(title)}")
        return f"::{level} {','.join(props)}::{_gh_escape_data(self.text(lang))}"


def _gh_escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_escape_prop(s: str) -> str:
    return _gh_escape_data(s).replace(":", "%3A").replace(",", "%2C")


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(findings, key=Finding.sort_key)



def cap_per_file(findings: Iterable[Finding], limit: int | None) -> tuple[list[Finding], int]:
    """The first *limit* findings of each file, in the order given (0 or ``None``: all), and how many were left out.

    Each file's left-out findings are replaced by one closing note at the
    first of them, saying how many there were.

    >>> fs = [Finding("X", "x", file="a", line=n) for n in range(1, 6)]
    >>> shown, hidden = cap_per_file(fs, 2)
    >>> [f.render_text() for f in shown[2:]], hidden
    (['a:3: note FINDINGS-NOT-SHOWN: 3 more finding(s) from this line on not shown (--max-findings 2; 0 shows all)'], 3)
    """
    items = list(findings)
    if not limit:
        return items, 0
    seen: dict[str | None, int] = {}
    first_hidden: dict[str | None, Finding] = {}
    for f in items:
        n = seen.get(f.file, 0) + 1
        seen[f.file] = n
        if n == limit + 1:
            first_hidden[f.file] = f
    if not first_hidden:
        return items, 0
    out: list[Finding] = []
    counts: dict[str | None, int] = {}
    hidden = 0
    for f in items:
        n = counts.get(f.file, 0) + 1
        counts[f.file] = n
        if n <= limit:
            out.append(f)
        elif n == limit + 1:
            more = seen[f.file] - limit
            hidden += more
            out.append(not_shown(more, limit, f.file, f.line, f.column))
    return out, hidden


def not_shown(more: int, limit: int, file: str | None, line: int | None, column: int | None = None) -> Finding:
    """The closing note of a file whose findings were capped at *limit*: *more* were left out from here on."""
    return Finding("FINDINGS-NOT-SHOWN",
                   f"{more} more finding(s) from this line on not shown (--max-findings {limit}; 0 shows all)",
                   Severity.NOTE, file=file, line=line, column=column, args={"n": more, "limit": limit})


def has_failures(findings: Iterable[Finding], strict: bool = False) -> bool:
    """True when a finding is an error (or a warning, with *strict*)."""
    bad = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    return any(f.severity in bad for f in findings)


_SURROGATE = re.compile("[\ud800-\udfff]")


def dumps_json(obj: Any) -> str:
    """*obj* as indented JSON; characters stay as they are, but lone surrogates (the undecodable
    bytes of a file name) become ``\\udcff`` escapes, so the text stays valid UTF-8."""
    text = json.dumps(obj, ensure_ascii=False, indent=2, sort_keys=False)
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
