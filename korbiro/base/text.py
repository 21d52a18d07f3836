"""Text helpers: accent- and case-insensitive folding, suspicious characters, numbers written in digits."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache

_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u201e": '"', "\u201d": '"', "\u201c": '"', "\u2013": "-", "\u2014": "-"})


#: the longest string :func:`fold` remembers: names, words and lines repeat, whole texts seldom do, and a
#: memo of long strings would let a long-lived process (``korbiro serve``) grow with what it is sent
FOLD_MEMO_CHARS = 256


def fold(s: str) -> str:
    """Fold *s* for lookups: no accents, no case, single spaces, plain quotes.

    >>> fold("  Tükörútvesztő ") == fold("TUKORUTVESZTO")
    True
    >>> fold("Urza’s")
    "urza's"
    """
    return _fold_memo(s) if len(s) <= FOLD_MEMO_CHARS else _fold(s)


def _fold(s: str) -> str:
    if _QUOTE_CHARS.search(s):
        s = s.translate(_QUOTES)
    if not s.isascii():
        s = _LATIN_MARKS.sub("", unicodedata.normalize("NFKD", s))  # the accents of Latin letters, at C speed
        if not s.isascii():
            s = s.translate(_NO_MARKS)  # any other combining character
    return " ".join(s.casefold().split())  # str.split's blanks are those of the regex \s and of str.strip


_fold_memo = lru_cache(maxsize=65536)(_fold)


def close_matches(word: str, choices: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """The did-you-mean of every command: :func:`difflib.get_close_matches`, but a *word* far longer than
    every choice is compared with none.

    A match's ratio is 2·M / (len(word) + len(choice)) with M at most the shorter length, so it stays
    below *cutoff* once len(word) > (2 / cutoff − 1) · len(choice); and difflib indexes every character
    of *word* before it compares (a 30 MB card name given to ``card show`` took 4 GB and 90 s).

    >>> close_matches("kardd", ["tükör", "kard"])
    ['kard']
    >>> close_matches("x" * 1000, ["tükör"])
    []
    """
    choices = list(choices)
    if not choices or (cutoff > 0 and len(word) > (2 / cutoff - 1) * max(map(len, choices)) + 1):
        return []
    import difflib  # lazy: only a word that is not found needs it

    return difflib.get_close_matches(word, choices, n=n, cutoff=cutoff)


def fold_all(strings: Sequence[str]) -> list[str]:
    """``[fold(s) for s in strings]``, in one pass over them all (a card index's thousands of names and texts).

    Every step of :func:`fold` reads one character at a time, but for the
    blanks, which a NUL is not: the strings are folded joined by NULs and
    split at them, the blank beside a NUL dropped.  Strings that hold a NUL
    themselves are folded one by one.

    >>> fold_all(["  Tükörútvesztő ", "Urza’s  `x`", ""])
    ['tukorutveszto', "urza's 'x'", '']
    """
    joined = "\0".join(strings)
    if len(strings) < 2 or joined.count("\0") != len(strings) - 1:
        return [_fold(s) for s in strings]
    if _QUOTE_CHARS.search(joined):
        joined = joined.translate(_QUOTES)
    if not joined.isascii():
        joined = _without_latin_marks(unicodedata.normalize("NFKD", joined))
        if not joined.isascii():
            joined = joined.translate(_NO_MARKS)
    folded = " ".join(joined.casefold().split())
    return folded.replace(" \0", "\0").replace("\0 ", "\0").split("\0")


#: the combining marks of Hungarian (acute, diaeresis, double acute) in UTF-8
_COMMON_MARKS = ("\u0301".encode(), "\u0308".encode(), "\u030b".encode())


def _without_latin_marks(s: str) -> str:
    """``_LATIN_MARKS.sub("", s)``: the common marks removed from the UTF-8 bytes (quicker on a long text),
    the regex run only when others are left (a lead byte 0xCC or 0xCD: U+0300 to U+037F)."""
    raw = s.encode("utf-8", "surrogatepass")
    for mark in _COMMON_MARKS:
        raw = raw.replace(mark, b"")
    if b"\xcc" in raw or b"\xcd" in raw:
        return _LATIN_MARKS.sub("", s)
    return raw.decode("utf-8", "surrogatepass")


_QUOTE_CHARS = re.compile("[" + "".join(chr(c) for c in _QUOTES) + "]")


#: the Combining Diacritical Marks block, all combining but U+034F (a test checks it against unicodedata)
_LATIN_MARKS = re.compile("[\u0300-\u034e\u0350-\u036f]+")


class _Marks(dict[int, "int | None"]):
    """A ``str.translate`` table that drops the combining characters (filled as characters are met)."""

    def __missing__(self, cp: int) -> int | None:
        kept = None if unicodedata.combining(chr(cp)) else cp
        self[cp] = kept
        return kept


_NO_MARKS = _Marks()


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


def is_digits(s: str) -> bool:
    """Whether *s* is one or more of the ASCII digits 0-9, the only digits a number of korbiro is
    written with.  ``str.isdigit`` (and ``\\d`` in a regex) also take ``²``, ``①`` and the
    Arabic-Indic ``٣``: ``int`` refuses the first two and reads the last as 3.

    >>> is_digits("012"), is_digits(""), is_digits("²"), is_digits("①"), is_digits("٣"), is_digits("-1")
    (True, False, False, False, False, False)
    """
    return s.isascii() and s.isdigit()


def is_other_digits(s: str) -> bool:
    """Whether *s* is all digits but not all ASCII ones (``²``, ``①``, ``٣``, ``3٣``): a number written
    with other digits, to be refused with a message that asks for 0-9.

    >>> is_other_digits("٣"), is_other_digits("²3"), is_other_digits("3"), is_other_digits("x")
    (True, True, False, False)
    """
    return s.isdigit() and not s.isascii()
