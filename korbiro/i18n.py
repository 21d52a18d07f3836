"""Message language: ``--lang en|hu``, else the locale, else English.

Messages live in catalogues keyed by a finding's stable code; each entry has an
English and a Hungarian template formatted with the finding's arguments.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

LANGS = ("en", "hu")

#: code -> {"en": template, "hu": template}.  Modules register their own.
CATALOG: dict[str, dict[str, str]] = {}


def register(entries: Mapping[str, Mapping[str, str]]) -> None:
    """Add message templates to the catalogue (each module registers its codes once)."""
    for code, texts in entries.items():
        CATALOG[code] = dict(texts)


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


def render(code: str, lang: str, args: Mapping[str, object], default: str) -> str:
    """Format the catalogue template for *code* in *lang*, falling back to *default*."""
    texts = CATALOG.get(code)
    if not texts:
        return default
    template = texts.get(lang) or texts.get("en")
    if template is None:
        return default
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):
        return default
