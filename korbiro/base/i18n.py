"""Message language: ``--lang en|hu``, else the locale, else English.

Messages live in catalogues keyed by a finding's stable code; each entry has an
English and a Hungarian template formatted with the finding's arguments.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

LANGS = ("en", "hu")

#: code -> {"en": template, "hu": template}.  Modules register their own.
CATALOG: dict[str, dict[str, str]] = {}

#: code -> [(pattern over the English message, Hungarian template)], for messages built
#: without arguments (the YAML loader's): the pattern's named groups fill the template.  The
#: patterns are compiled when a message is first rendered in Hungarian, not at start-up.
PATTERNS: dict[str, list[tuple[str, str]]] = {}


def register(entries: Mapping[str, Mapping[str, str]]) -> None:
    """Add message templates to the catalogue (each module registers its codes once)."""
    for code, texts in entries.items():
        CATALOG[code] = dict(texts)


def register_patterns(entries: Mapping[str, list[tuple[str, str]]]) -> None:
    """Add Hungarian templates that read their values off the English message."""
    for code, pairs in entries.items():
        PATTERNS.setdefault(code, []).extend(pairs)


def detect_lang(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """Pick the message language.

    >>> detect_lang("hu")
    'hu'
    >>> detect_lang(None, {"LANG": "hu_HU.UTF-8"})
    'hu'
    >>> detect_lang(None, {"LANG": "C.UTF-8"})
    'en'
    """
    if explicit:
        return explicit if explicit in LANGS else "en"
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return "hu" if value.lower().startswith("hu") else "en"
    return "en"


_chosen: str | None = None


def choose(lang: str | None) -> None:
    """Remember the language a command was given (``--lang``), for messages that have no command to ask."""
    global _chosen
    _chosen = lang if lang in LANGS else None


def current() -> str:
    """The language chosen with :func:`choose`, else the locale's (:func:`detect_lang`)."""
    return _chosen or detect_lang(None)


def render(code: str, lang: str, args: Mapping[str, object], default: str) -> str:
    """Format the catalogue template for *code* in *lang*, falling back to *default*."""
    texts = CATALOG.get(code)
    if not texts:
        composed = args.get(f"message_{lang}")
        if lang != "en" and isinstance(composed, str):
            return composed  # composed in both languages where it was raised (KorbiroError(hu=...))
        if lang != "en" and code in PATTERNS:
            for rx, pattern_template in PATTERNS[code]:
                m = re.fullmatch(rx, default)  # re's own cache keeps each compiled
                if m:
                    return pattern_template.format(**m.groupdict())
        return default
    template = texts.get(lang) or texts.get("en")
    if template is None:
        return default
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):
        return default
