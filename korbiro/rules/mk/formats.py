"""Tournament formats and banlists: moved to :mod:`korbiro.data.formats` (they are data, which card
search reads too); this name stays for the code that imports it from here."""

from __future__ import annotations

from ...data.formats import (
    BanEvent,
    Format,
    FormatSet,
    Limit,
    banlist_findings,
    load_formats,
    shipped_formats_path,
)

__all__ = ["BanEvent", "Format", "FormatSet", "Limit", "banlist_findings", "load_formats", "shipped_formats_path"]
