"""Tournament formats and their banned/restricted lists, read from data.

The shipped ``korbiro/data/mk/formats.yaml`` (schema ``mk-formats``) holds
every number: tower size (3.01.A), the copy limits with their minimum deck and
maximum sideboard sizes (1.02.A–C, 1.13), whether the sideboard limit is lifted
(1.13.F), and the banlist as a dated list of status changes.

This is the data alone: what a format says and which cards its banlist names
on a day (:meth:`Format.statuses`).  The deck check that enforces it is
:mod:`korbiro.rules.mk.deck`; card search (``legal:``, ``banned:``,
``restricted:``, :mod:`korbiro.data.search`) reads the same statuses.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ..base import i18n
from ..base.errors import DataError, UsageError
from ..base.findings import Finding, Severity
from ..base.text import close_matches, fold
from .cards import CardSource


@dataclass(frozen=True)
class Limit:
    """One copy limit and the sizes that go with it (1.02.A–C, 1.13)."""

    limit: int
    min_deck: int
    sideboard_max: int | None
    rule: str  # the rule the minimum deck size rests on


@dataclass(frozen=True)
class BanEvent:
    """From ``date`` on, ``card`` is banned, restricted to ``max`` copies, or legal again."""

    date: dt.date
    card: str
    status: str  # banned | restricted | legal
    max: int | None = None
    reason: str = ""
    source: str = ""
    line: int | None = None
    #: the reason in Hungarian (``reason_hu``; empty: the reason as it is)
    reason_hu: str = ""

    def reason_part(self) -> dict[str, Any]:
        """The reason as a part of a message (:func:`korbiro.base.i18n.part_of`): said in Hungarian
        where the banlist gives ``reason_hu``."""
        return i18n.part_of("DATA.banlist.reason", self.reason, {"text": self.reason_hu or self.reason})


@dataclass(frozen=True)
class Format:
    """One format of the formats file: its kind, tower levels and card limits."""

    id: str
    name: str
    kind: str  # constructed | sealed | draft
    tower_levels: int
    limits: tuple[Limit, ...]
    sideboard_counts_for_limit: bool = True
    tower_counts_for_limit: bool = False
    banlist: tuple[BanEvent, ...] = ()
    rule_sideboard: str = "1.13"
    file: str | None = None

    def status(self, card_names: Iterable[str], date: dt.date) -> BanEvent | None:
        """The banlist event in force for a card (any of its names) on *date*, if any."""
        by_card = self._by_card()
        current: BanEvent | None = None
        for name in card_names:
            for ev in by_card.get(fold(name), ()):
                if ev.date <= date and (current is None or ev.date >= current.date):
                    current = ev
        if current is not None and current.status == "legal":
            return None
        return current

    def listed_kinds(self, db: CardSource | None) -> dict[str, frozenset[str]]:
        """The kinds of card (2.02: cards joined by IGAZ NÉV share one) the banlist names at any date,
        each with the names it is listed under; a name *db* does not know stands for itself (folded)."""
        kinds: dict[str, set[str]] = {}
        for ev in self.banlist:
            hit = db.lookup(ev.card, suggest=False) if db is not None else None
            kind = db.kind_of(hit.card) if db is not None and hit is not None and hit.card is not None else fold(ev.card)
            kinds.setdefault(kind, set()).add(ev.card)
        return {k: frozenset(v) for k, v in kinds.items()}

    def statuses(self, db: CardSource | None, date: dt.date) -> dict[str, BanEvent]:
        """Kind -> the banlist event in force on *date* (banned or restricted; a kind legal again is left out)."""
        out: dict[str, BanEvent] = {}
        for kind, names in self.listed_kinds(db).items():
            ev = self.status(sorted(names), date)
            if ev is not None:
                out[kind] = ev
        return out

    def listed_names(self) -> frozenset[str]:
        """The folded names the banlist mentions at any date."""
        return frozenset(self._by_card())

    def _by_card(self) -> dict[str, tuple[BanEvent, ...]]:
        cached = self.__dict__.get("_by_card_cache")
        if cached is None:
            grouped: dict[str, list[BanEvent]] = {}
            for ev in self.banlist:
                grouped.setdefault(fold(ev.card), []).append(ev)
            cached = {k: tuple(v) for k, v in grouped.items()}
            object.__setattr__(self, "_by_card_cache", cached)
        return cached


@dataclass
class FormatSet:
    """The formats of a formats file, by name."""

    formats: dict[str, Format]
    default: str
    findings: list[Finding] = field(default_factory=list)

    def get(self, name: str | None) -> Format:
        """The format *name* (its id or its name, accents and case aside; ``None``: the default one).

        Raises :class:`UnknownFormatError` (``MK-DECK-FORMAT``, with the names it may have meant).
        """
        if name is None:
            return self.formats[self.default]
        key = fold(name).replace(" ", "-")
        for fid, f in self.formats.items():
            if fold(fid) == key or fold(f.name) == fold(name):
                return f
        raise UnknownFormatError.of(name, self)


class UnknownFormatError(UsageError):
    """A format that is none of the formats file's: ``MK-DECK-FORMAT``, with a did-you-mean and the known ids."""

    @classmethod
    def of(cls, name: str, formats: FormatSet) -> UnknownFormatError:
        ids = list(formats.formats)
        by_fold = {fold(fid): fid for fid in ids} | {fold(f.name): fid for fid, f in formats.formats.items()}
        close = list(dict.fromkeys(by_fold[m] for m in close_matches(fold(name).replace(" ", "-"),
                                                                                  list(by_fold), n=3, cutoff=0.6)))
        return cls.said("MK-DECK-FORMAT", name=name, close=close, known=", ".join(ids))


def shipped_formats_path() -> str:
    return str(resources.files("korbiro.data") / "mk" / "formats.yaml")


@cache
def _load_cached(path: str, mtime_ns: int, validate: bool) -> FormatSet:
    return _load(path, validate)


def load_formats(path: str | os.PathLike[str] | None = None, *, validate: bool | None = None) -> FormatSet:
    """Load a formats file (default: the shipped one).

    A user's file is validated against the ``mk-formats`` schema; the shipped
    one is validated by the test suite and ``korbiro data check``, so a deck
    check does not pay for importing jsonschema.
    """
    p = os.fspath(path) if path else shipped_formats_path()
    if validate is None:
        validate = path is not None
    return _load_cached(p, os.stat(p).st_mtime_ns, validate)


def _load(path: str, validate: bool) -> FormatSet:
    from ..base.yamlload import load_yaml_file  # lazy: a memoised format list needs no YAML

    doc = load_yaml_file(path)
    if validate:
        from .schema import iter_schema_findings  # lazy: validation only when asked

        problems = list(iter_schema_findings(doc, "mk-formats"))
        if problems:
            first = problems[0]
            err = DataError(first.code, first.message, path=first.file, line=first.line, column=first.column)
            err.findings = problems
            raise err
    data: Mapping[str, Any] = doc.data
    formats: dict[str, Format] = {}
    default = data.get("default") or next(iter(data["formats"]))
    if default not in data["formats"]:  # the schema cannot say it: a format every deck without one is checked under
        line, column = doc.mark(("default",))
        raise DataError.said("MK-FORMATS-DEFAULT", path=path, line=line, column=column, name=default,
                             known=", ".join(data["formats"]))
    for fid, f in data["formats"].items():
        limits = tuple(
            Limit(int(x["limit"]), int(x["min_deck"]), x.get("sideboard_max"), str(x.get("rule", "1.02")))
            for x in f["limits"]
        )
        events = []
        for i, ev in enumerate(f.get("banlist") or []):
            events.append(BanEvent(
                dt.date.fromisoformat(str(ev["date"])), ev["card"], ev["status"], ev.get("max"),
                ev.get("reason", ""), ev.get("source", ""), doc.mark(("formats", fid, "banlist", i))[0],
                ev.get("reason_hu", ""),
            ))
        formats[fid] = Format(
            id=fid,
            name=f.get("name", fid),
            kind=f.get("kind", "constructed"),
            tower_levels=int(f.get("tower_levels", 3)),
            limits=limits,
            sideboard_counts_for_limit=bool(f.get("sideboard_counts_for_limit", True)),
            tower_counts_for_limit=bool(f.get("tower_counts_for_limit", False)),
            banlist=tuple(events),
            rule_sideboard=str(f.get("rule_sideboard", "1.13")),
            file=path,
        )
    return FormatSet(formats, default)


def banlist_findings(fs: FormatSet, card_names: Iterable[str] | None = None) -> list[Finding]:
    """Self-checks of banlist data: dates in order, known cards, no redundant entries."""
    known = {fold(n) for n in card_names} if card_names is not None else None
    out: list[Finding] = []
    for f in fs.formats.values():
        last: dt.date | None = None
        state: dict[str, tuple[str, int | None]] = {}
        for ev in f.banlist:
            if last is not None and ev.date < last:
                out.append(_said("MK-BANLIST-ORDER", file=f.file, line=ev.line, format=f.id, date=str(ev.date),
                                 last=str(last)))
            last = ev.date if last is None or ev.date > last else last
            if known is not None and fold(ev.card) not in known:
                out.append(_said("MK-BANLIST-UNKNOWN-CARD", file=f.file, line=ev.line, card=ev.card, format=f.id,
                                 name=ev.card))
            key = fold(ev.card)
            before = state.get(key, ("legal", None))
            now = (ev.status, ev.max if ev.status == "restricted" else None)
            if before == now:
                out.append(_said("MK-BANLIST-REDUNDANT", Severity.WARNING, file=f.file, line=ev.line, card=ev.card,
                                 format=f.id, name=ev.card, status=ev.status, date=str(ev.date)))
            if ev.status == "restricted" and (ev.max is None or ev.max < 1):
                out.append(_said("MK-BANLIST-RESTRICTED-MAX", file=f.file, line=ev.line, card=ev.card, format=f.id,
                                 name=ev.card))
            state[key] = now
    return out


def _said(code: str, severity: Severity = Severity.ERROR, /, *, file: str | None, line: int | None,
          card: str | None = None, **args: Any) -> Finding:
    """A banlist finding, its message the catalogue template *code* with *args*."""
    message, margs = i18n.said(code, **args)
    return Finding(code, message, severity, file=file, line=line, card=card, args=margs)
