"""The pages' language: its choice, and its words (the ``PAGE.…`` templates of ``web/messages.yaml``).

A page speaks the language of ``?lang=`` (remembered in a cookie), else of the
cookie, else the first of the browser's ``Accept-Language`` that korbiro
speaks, else English.  Messages of findings come from the library, in the
same language.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..base.i18n import Words

__all__ = ["LANGS", "negotiate", "choose", "translator"]

LANGS = ("en", "hu")

def negotiate(header: str | None) -> str:
    """The first language of an ``Accept-Language`` header (by its q values) that korbiro speaks, else English.

    >>> negotiate("hu-HU,hu;q=0.9,en;q=0.8"), negotiate("de, en;q=0.5"), negotiate("de"), negotiate(None)
    ('hu', 'en', 'en', 'en')
    """
    best: tuple[float, int, str] | None = None
    for i, part in enumerate((header or "").split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGS and q > 0 and (best is None or (-q, i) < (-best[0], best[1])):
            best = (q, i, lang)
    return best[2] if best else "en"


def choose(query: str | None, cookie: str | None, header: str | None) -> str:
    """The page's language: ``?lang=``, else the cookie, else ``Accept-Language``, else English."""
    for given in (query, cookie):
        if given in LANGS:
            return str(given)
    return negotiate(header)


def translator(lang: str) -> Mapping[str, str]:
    """The pages' words in *lang*: the ``PAGE.…`` templates of web/messages.yaml."""
    return Words("PAGE", lang)
