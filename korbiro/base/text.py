"""Text helpers: accent- and case-insensitive folding, suspicious characters."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_SPACES = re.compile(r"\s+")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u201e": '"', "\u201d": '"', "\u201c": '"', "\u2013": "-", "\u2014": "-"})


@lru_cache(maxsize=65536)
def fold(s: str) -> str:
    """Fold *s* for lookups: no accents, no case, single spaces, plain quotes.

    >>> fold("  Tükörútvesztő ") == fold("TUKORUTVESZTO")
    True
    >>> fold("Urza’s")
    "urza's"
    """
    s = unicodedata.normalize("NFKD", s.translate(_QUOTES))
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    return _SPACES.sub(" ", s.casefold()).strip()


_INVISIBLE = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"}


def suspicious_characters(s: str) -> list[tuple[str, dict[str, str]]]:
    """Problems that make two names look alike: invisible characters, odd spacing, mixed scripts, each
    a case (the message's) and its arguments.

    >>> suspicious_characters("Wirg\u200b")
    [('invisible', {'cp': 'U+200B'})]
    >>> suspicious_characters("W\u0456rg")
    [('scripts', {'scripts': 'CYRILLIC, LATIN'})]
    """
    problems: list[tuple[str, dict[str, str]]] = []
    for ch in s:
        if ch in _INVISIBLE:
            problems.append(("invisible", {"cp": f"U+{ord(ch):04X}"}))
    if s != s.strip():
        problems.append(("space", {}))
    if "  " in s:
        problems.append(("double-space", {}))
    if max(s, default="\0") < "\u0250":
        # Basic Latin to Latin Extended-B: one script, nothing invisible but the soft hyphen
        return problems
    scripts = set()
    for ch in s:
        if ch.isalpha():
            name = unicodedata.name(ch, "")
            scripts.add(name.split(" ")[0] if name else "UNKNOWN")
    scripts.discard("")
    if len(scripts) > 1:
        problems.append(("scripts", {"scripts": ", ".join(sorted(scripts))}))
    return problems
