"""Deck legality (M.A.G.U.S. Kártyajáték): every finding, each with its rule.

    check_deck(deck, db, fmt=None, date=None) -> DeckReport

The rules, with their numbers:

* 1.02.A – a deck holds at most *limit* copies of one kind of card; the limit is
  3 or 4.  Cards that count as the same card under IGAZ NÉV (2.02) count
  together.  Copies in the sideboard count with the deck's (a documented
  choice, ``Format.sideboard_counts_for_limit``); starting tower levels do not
  (``Format.tower_counts_for_limit``).
* 1.02.B / 1.02.C – limit 3 needs a future deck of at least 40 cards, limit 4
  at least 60; starting tower levels are not counted.  When the deck declares
  no limit, each is tried and the deck is legal if one works.
* 3.01.A – exactly 3 different starting tower levels (all of type toronyszint).
* 1.13 – the sideboard holds at most 12 cards with limit 3 and 15 with limit 4;
  1.13.F lifts that for sealed and draft formats.
* 1.14.5 – a card marked "no other resource in its player's deck" forbids
  every other erőforrás event in the deck (the sideboard may hold them).
* Banned and restricted lists of the format, as of ``date``.

With a ``date``, every card reads as it did that day (its ``history:``,
:mod:`korbiro.data.dated`): an erratum that adds IGAZ NÉV or the 1.14.5 mark
changes the verdict from its date on.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from ...base import i18n
from ...base.errors import DeckError, KorbiroError
from ...base.findings import HINT_BUDGET, Finding, Severity, cap_per_file, sort_findings
from ...base.text import fold
from ...data.cards import Card, CardSource
from ...data.dated import CardsOn, cards_on
from ...data.formats import Format, FormatSet, Limit, UnknownFormatError, load_formats
from ...grammar.decklist import DeckEntry, DeckList

NO_OTHER_RESOURCE = "JÁTÉKOSA PAKLIJÁBAN NEM LEHET MÁS ERŐFORRÁS"

#: Every rule a finding of this module names, with what it checks.  The formats name theirs
#: besides (each limit's minimum deck size, ``Format.rule_sideboard``: 1.02.B–C, 1.13, 1.13.F).
#: ``korbiro rule coverage`` reads it; tests/rules/mk/test_coverage.py checks every ``rule=`` here is in it.
RULES: Mapping[str, str] = MappingProxyType({
    "1.02.A": "at most `limit` copies of one kind of card, and a card limit that makes the deck legal",
    "1.02.B": "an empty deck list (no future deck of 40 cards)",
    "2.02": "cards joined by IGAZ NÉV count together against the copy limit",
    "3.01.A": "exactly 3 different starting tower levels, each a toronyszint",
    "1.14.5": "no other erőforrás event beside a card that forbids one",
    "1.13.C": "an exchange between games keeps the sizes of deck and sideboard and the cards of both",
    "1.02": "a token (jelző) is not part of a deck (no rule says it in words; 1.02 is the deck-construction rule)",
})



@dataclass
class DeckReport:
    """The verdict on one deck list."""

    file: str
    legal: bool
    format: str
    limit: int | None
    findings: list[Finding]
    sizes: dict[str, int] = field(default_factory=dict)

    def to_dict(self, lang: str = "en", *, max_findings: int | None = None) -> dict[str, Any]:
        """The verdict as ``korbiro deck check --format json`` prints it: at most *max_findings*
        findings (0 or None: all), then ``not_shown``, how many more there were."""
        shown, hidden = cap_per_file(self.findings, max_findings)
        out: dict[str, Any] = {
            "file": self.file,
            "legal": self.legal,
            "format": self.format,
            "limit": self.limit,
            "sizes": self.sizes,
            "findings": [f.to_dict(lang) for f in shown],
        }
        if hidden:
            out["not_shown"] = hidden
        return out


def unreadable_to_dict(name: str, exc: KorbiroError, lang: str = "en") -> dict[str, Any]:
    """The JSON of a deck list that cannot be read (``legal`` is null; the problem is ``error``)."""
    return {"file": name, "legal": None, "error": exc.to_finding().to_dict(lang), "findings": []}


def add_exchange(report: DeckReport, before: DeckList, after: DeckList, db: CardSource) -> DeckReport:
    """*report* (on *after*) with the findings of the exchange from *before* (1.13.C) added, and those of
    reading *before* (*after*'s are the report's already)."""
    b = _Scan(before, db)
    extra = [*before.findings, *b.findings, *_exchange_findings(before, b, after, _Scan(after, db))]
    if extra:
        report.findings = sort_findings([*report.findings, *extra])
        report.legal = report.legal and not any(f.severity is Severity.ERROR for f in extra)
    return report


class _Resolved(NamedTuple):
    entry: DeckEntry
    card: Card
    kind: str  # the card's kind: cards joined by IGAZ NÉV share it (2.02)


def _f(code: str, message: str, deck: DeckList, entry: DeckEntry | None = None, *, rule: str | None = None,
       card: str | None = None, severity: Severity = Severity.ERROR, line: int | None = None,
       **args: Any) -> Finding:
    return Finding(code, message, severity=severity, rule=rule, file=deck.path,
                   line=entry.line if entry is not None else line, column=entry.column if entry is not None else None,
                   card=card, args=args)


def resolve(deck: DeckList, db: CardSource) -> tuple[list[_Resolved], list[Finding]]:
    """Look each entry's card up; unknown and ambiguous names are findings, never guesses."""
    scan = _Scan(deck, db)
    return scan.resolved, scan.findings


class _Scan:
    """One pass over a deck's entries: each entry's card looked up (:func:`resolve`), and what the
    checks count: the cards of each section, the starting tower, the copies of each kind in the
    sections that count under the copy limit (1.02.A, 2.02), and whether a card of the deck or the
    tower allows no other resource (1.14.5)."""

    __slots__ = ("copies", "findings", "marked", "resolved", "sizes", "tower")

    def __init__(self, deck: DeckList, db: CardSource, *, tower_counts: bool = False,
                 sideboard_counts: bool = True) -> None:
        resolved: list[_Resolved] = []
        tower: list[_Resolved] = []
        sizes = {"tower": 0, "deck": 0, "sideboard": 0}
        copies: dict[str, int] = {}
        marked = False
        exact = _exact(db).get
        new = tuple.__new__  # _Resolved(e, card, kind) without the NamedTuple constructor's extra call
        finder: _Finder | None = None
        for e in deck.entries:
            section = e.section
            n = e.count
            sizes[section] += n  # an entry of no card counts in its section's size too
            fact = exact(e.name)
            if fact is not None:  # an id or a printed name as written: the card and its kind, no note
                card, k = fact
                r = new(_Resolved, (e, card, k))
            else:
                if finder is None:
                    finder = _Finder(deck, db)
                found = finder.find(e)
                if found is None:
                    continue
                r = found
                card, k = found.card, found.kind
            resolved.append(r)
            if section == "deck":
                if not marked and NO_OTHER_RESOURCE in card.keyword_keys:
                    marked = True
            elif section == "tower":
                tower.append(r)
                if not marked and NO_OTHER_RESOURCE in card.keyword_keys:
                    marked = True
                if not tower_counts:
                    continue
            elif not sideboard_counts:
                continue
            copies[k] = copies.get(k, 0) + n
        self.resolved = resolved
        self.findings = finder.findings if finder is not None else []
        self.sizes = sizes
        self.tower = tower
        self.copies = copies
        self.marked = marked


class _Finder:
    """The lookups of one deck's entries that the database's table of exact names does not answer:
    a spelling read through folding is noted, an ambiguous or unknown name is a finding (never a
    guess), and at most ``HINT_BUDGET`` unknown names get a did-you-mean search."""

    __slots__ = ("db", "deck", "findings", "hints_left", "memo")

    def __init__(self, deck: DeckList, db: CardSource) -> None:
        self.deck = deck
        self.db = db
        self.memo = _memo(db)
        self.hints_left = HINT_BUDGET
        self.findings: list[Finding] = []

    def find(self, e: DeckEntry) -> _Resolved | None:
        """*e* with its card and kind, or ``None`` (a finding says why)."""
        deck, findings = self.deck, self.findings
        got = self.memo.get(e.name)
        if got is None:
            got = _remember(self.memo, self.db, e.name, suggest=self.hints_left > 0)
            if got[0] is None:
                self.hints_left -= 1
        card, kind, note, hit = got
        if card is not None:
            if note:
                findings.append(_f("MK-DECK-NAME-SPELLING", f"read {e.name!r} as {card.name!r}", deck, e,
                                   card=card.name, severity=Severity.NOTE, name=e.name, canonical=card.name))
            return _Resolved(e, card, kind)
        if hit.ambiguous:
            cands = ", ".join(f"{c.name} ({c.id})" for c in hit.ambiguous)
            findings.append(_f("MK-DECK-AMBIGUOUS-CARD", f"{e.name!r} is ambiguous: {cands}; write the id", deck, e,
                               card=e.name, name=e.name, candidates=cands))
        else:
            hint, hint_hu = (tuple(i18n.message("MK-DECK-MEAN", lang, names=i18n.joined(map(repr, hit.suggestions), "or", lang))
                                   for lang in ("en", "hu")) if hit.suggestions else ("", ""))
            findings.append(_f("MK-DECK-UNKNOWN-CARD", f"unknown card {e.name!r}{hint}", deck, e, card=e.name,
                               name=e.name, hint=hint, hint_hu=hint_hu))
        return None


def _remember(memo: dict[str, Any], db: Any, name: str, *, suggest: bool = True) -> tuple[Card | None, str, bool, Any]:
    """Look *name* up once: (card, its kind, whether to note the spelling, the lookup).

    Without *suggest* (the deck's hint budget is spent) an unknown name gets no
    did-you-mean, and is not remembered so that another deck can have one.
    """
    hit = db.lookup(name, suggest=suggest)
    card = hit.card
    if card is None:
        got: tuple[Card | None, str, bool, Any] = (None, "", False, hit)
    else:
        note = hit.folded and name != card.id and name.casefold() != card.id.casefold()
        got = (card, db.kind_of(card), note, hit)
    if len(memo) < 100_000 and (suggest or card is not None):
        memo[name] = got
    return got


def _exact(db: Any) -> Mapping[str, tuple[Card, str]]:
    """The ids and printed names *db* finds as written, with their cards and kinds (``exact_kinds``),
    made in bulk by the database; empty for a source that has no such table (the card index)."""
    table = getattr(db, "exact_kinds", None)
    return table() if table is not None else {}


def _memo(db: Any) -> dict[str, Any]:
    """Lookups already answered by this (immutable) database: names repeat across thousands of decks."""
    memo: dict[str, Any] | None = getattr(db, "_korbiro_resolve_memo", None)
    if memo is None:
        memo = {}
        try:
            db._korbiro_resolve_memo = memo
        except AttributeError:  # a database type that takes no attributes: no memo
            pass
    return memo


def _listed_kinds(form: Format, db: Any) -> dict[str, frozenset[str]]:
    """The kinds (2.02) the format's banlist names (:meth:`Format.listed_kinds`), remembered per database
    with the format they were read from: served again only for that format, or one equal to it (the
    same banlist), never for another reading of its file."""
    memo = _memo(db) if db is not None else {}
    key = f"\0banlist:{form.file}:{form.id}"
    got = memo.get(key)
    if got is None or (got[1] is not form and got[1] != form):
        got = (form.listed_kinds(db), form)
        memo[key] = got
    listed: dict[str, frozenset[str]] = got[0]
    return listed


def check_deck(
    deck: DeckList,
    db: CardSource,
    *,
    fmt: Format | str | None = None,
    formats: FormatSet | None = None,
    date: dt.date | None = None,
    limit: int | None = None,
) -> DeckReport:
    """Check a parsed deck list against the card database and a format: every problem of the deck is a
    finding of the report.

    The format is *fmt*, else the deck's ``Formátum:`` line, else the formats file's default.  A format
    that is none of the file's cannot be checked against (``MK-DECK-FORMAT``, with a did-you-mean): a
    :class:`~korbiro.base.errors.DeckError` at the deck's line, or a
    :class:`~korbiro.data.formats.UnknownFormatError` (a usage error) for *fmt*.

    With *date*, the banlist and the card texts are those in force on that day (a card's ``history:``);
    without it, the banlist of today and the cards' current texts.  *limit* (3 or 4) checks under that
    card limit whatever the deck's ``Laplimit:`` line says.
    """
    if date is not None:
        db = cards_on(db, date)
    form = _format(deck, fmt, formats or load_formats())
    when = date or dt.date.today()
    findings: list[Finding] = list(deck.findings)
    scan = _Scan(deck, db, tower_counts=form.tower_counts_for_limit,
                 sideboard_counts=form.sideboard_counts_for_limit)
    resolved, tower, sizes, copies = scan.resolved, scan.tower, scan.sizes, scan.copies
    findings.extend(scan.findings)
    if date is not None:
        findings.extend(_dated_notes(deck, resolved, date, db))
    if not deck.entries:
        findings.append(_f("MK-DECK-EMPTY", "the deck list has no cards", deck, line=1, rule="1.02.B"))

    findings.extend(_token_findings(deck, resolved, db))
    findings.extend(_tower_findings(deck, tower, form, sizes["tower"]))
    if scan.marked:
        findings.extend(_resource_findings(deck, [r for r in resolved if r.entry.section != "sideboard"]))
    if form.banlist:
        listed = _listed_kinds(form, db)
        # the kinds the banlist counts: the deck's and the tower's, the sideboard's where it counts
        if not listed.keys().isdisjoint(copies) or any(r.kind in listed for r in tower):
            findings.extend(_banlist_findings(deck, resolved, form, when, db))

    wanted = deck.limit if limit is None else limit
    candidates = [lim for lim in form.limits if wanted is None or lim.limit == wanted] or list(form.limits)
    # the first limit under which the deck is legal decides; the others are looked at only when it is not
    chosen: Limit | None = None
    per_limit: list[tuple[Limit, list[Finding]]] = []
    most = max(copies.values(), default=0)  # the most copies of one kind
    for lim in candidates:
        got = _limit_findings(deck, form, lim, resolved, copies, most, sizes)  # errors only: none, a legal limit
        if not got:
            chosen = lim
            break
        per_limit.append((lim, got))
    if chosen is None and len(per_limit) == 1:
        chosen, extra = per_limit[0]
        findings.extend(extra)
    elif chosen is None:
        chosen, extra = min(per_limit, key=lambda p: (len(p[1]), -p[0].limit if sizes["deck"] >= p[0].min_deck
                                                      else p[0].limit))
        findings.extend(extra)
        # each limit's errors as message parts: said in the language the finding is printed in
        limits = [i18n.part("MK-DECK.limit-why", limit=lim.limit,
                            reasons=[i18n.part_of(f.code, f.message, f.args) for f in fs_])
                  for lim, fs_ in per_limit]
        # the English as the template says it (tests/rules/mk/test_deck.py checks the two agree), made by joins: a
        # deck check makes it for every deck that fails both limits
        said = "neither card limit makes the deck legal: " + "; ".join(
            [f"limit {lim.limit}: " + ", ".join([f.message for f in fs_]) for lim, fs_ in per_limit])
        findings.append(_f("MK-DECK-NO-LIMIT", said, deck, line=deck.limit_line or 1, rule="1.02.A", limits=limits))
    if len(findings) > 1:
        findings = sort_findings(findings)
    legal = not any(f.severity is Severity.ERROR for f in findings)
    return DeckReport(deck.path, legal, form.id, chosen.limit if chosen else None, findings, sizes)


def _format(deck: DeckList, fmt: Format | str | None, fs: FormatSet) -> Format:
    """The format to check *deck* against: *fmt*, else the deck's ``Formátum:`` line, else the default."""
    if isinstance(fmt, Format):
        return fmt
    if fmt is not None or deck.format is None:
        return fs.get(fmt)
    try:
        return fs.get(deck.format)
    except UnknownFormatError as exc:  # the deck's own line: an error of the deck, at that line
        raise DeckError(exc.code, exc.message, path=deck.path, line=deck.format_line, column=deck.format_column,
                        args=exc.message_args) from None


def _dated_notes(deck: DeckList, resolved: Sequence[_Resolved], date: dt.date, db: CardSource) -> list[Finding]:
    """A note for each card of the deck read with an earlier text than its current one (its ``history:``)."""
    out: list[Finding] = []
    seen: set[str] = set()
    changed = db.changed_ids() if isinstance(db, CardsOn) else None
    if changed is not None and not changed:
        return out  # no card of the database has another text
    for r in resolved:
        card = r.card
        if changed is not None and card.id not in changed:
            continue
        if card.id in seen or not card.attrs.get("history"):
            continue
        seen.add(card.id)
        version = card.version_on(date)
        if version is None or version.current:
            continue
        current = card.history[-1].since.isoformat()
        out.append(_f("MK-DECK-DATED-TEXT",
                      f"{card.name!r} read with its text of {date}: the version from {version.since} "
                      f"({version.reason}); the current text is from {current}",
                      deck, r.entry, card=card.name, severity=Severity.NOTE, name=card.name, date=str(date),
                      since=str(version.since), reason=version.reason, current=current))
    return out


def _tower_findings(deck: DeckList, tower: Sequence[_Resolved], form: Format, size: int) -> list[Finding]:
    need = form.tower_levels
    if size == need and len({k for _, _, k in tower}) == len(tower) == size \
            and all(card.type == "toronyszint" for _, card, _ in tower):
        return []  # the commonest tower: the levels it needs, each once (3.01.A)
    out: list[Finding] = []
    for r in tower:
        if r.card.type != "toronyszint":
            out.append(_f("MK-DECK-TOWER-TYPE", f"{r.card.name!r} is a {r.card.type}, not a tower level (toronyszint)",
                          deck, r.entry, rule="3.01.A", card=r.card.name, name=r.card.name, ctype=r.card.type))
    if size != need:
        out.append(_f("MK-DECK-TOWER-SIZE",
                      f"the tower starts with exactly {need} different tower levels; this deck has {size}",
                      deck, tower[-1].entry if tower else None, line=1, rule="3.01.A", need=need, have=size))
    counts: dict[str, int] = defaultdict(int)
    first: dict[str, _Resolved] = {}
    for r in tower:
        k = r.kind
        counts[k] += r.entry.count
        first.setdefault(k, r)
    for k, n in sorted(counts.items()):
        if n > 1:
            r = first[k]
            out.append(_f("MK-DECK-TOWER-DIFFERENT",
                          f"starting tower levels must be different: {r.card.name!r} appears {n} times",
                          deck, r.entry, rule="3.01.A", card=r.card.name, name=r.card.name, count=n))
    return out


def _limit_findings(deck: DeckList, form: Format, lim: Limit, resolved: Sequence[_Resolved], copies: dict[str, int],
                    most: int, sizes: dict[str, int]) -> list[Finding]:
    """What makes the deck illegal under the card limit *lim* (1.02.A–C, 1.13): every finding is an error,
    so that none means the limit makes the deck legal."""
    out: list[Finding] = []
    if sizes["deck"] < lim.min_deck:
        out.append(_f("MK-DECK-MIN-SIZE",
                      f"future deck has {sizes['deck']} cards; card limit {lim.limit} needs at least {lim.min_deck} "
                      "(starting tower levels do not count)",
                      deck, line=_first_line(deck, "deck"), rule=lim.rule, size=sizes["deck"], limit=lim.limit,
                      min=lim.min_deck))
    over = sorted(k for k, n in copies.items() if n > lim.limit) if most > lim.limit else []
    for k in over:
        n = copies[k]
        rs = [r for r in resolved if r.kind == k and _counts_for_limit(form, r.entry.section)]
        names = sorted({r.card.name for r in rs})
        shown = names[0] if len(names) == 1 else " / ".join(names)
        same = len(names) > 1
        detail = " (cards that count as the same card under IGAZ NÉV count together)" if same else ""
        detail_hu = " (az IGAZ NÉV szerint azonos lapok együtt számítanak)" if same else ""
        first = min(rs, key=lambda r: r.entry.line)
        out.append(_f("MK-DECK-COPY-LIMIT", f"{n} copies of {shown!r} (max {lim.limit}){detail}", deck, first.entry,
                      rule="2.02" if same else "1.02.A", card=shown, count=n, name=shown, limit=lim.limit,
                      detail=detail, detail_hu=detail_hu))
    if lim.sideboard_max is not None and sizes["sideboard"] > lim.sideboard_max:
        out.append(_f("MK-DECK-SIDEBOARD-SIZE",
                      f"sideboard has {sizes['sideboard']} cards; with card limit {lim.limit} it holds at most "
                      f"{lim.sideboard_max}",
                      deck, line=_first_line(deck, "sideboard"), rule=form.rule_sideboard, size=sizes["sideboard"],
                      limit=lim.limit, max=lim.sideboard_max))
    return out


def _counts_for_limit(form: Format, section: str) -> bool:
    """Whether the copies in *section* count under the copy limit (1.02.A): the deck's always, the
    sideboard's and the starting tower's as the format says (1.02.B: tower levels do not count)."""
    if section == "tower":
        return form.tower_counts_for_limit
    return section == "deck" or form.sideboard_counts_for_limit


def _first_line(deck: DeckList, section: str) -> int:
    for e in deck.entries:
        if e.section == section:
            return e.line
    return 1


def _token_findings(deck: DeckList, resolved: Sequence[_Resolved], db: Any) -> list[Finding]:
    """A token (jelző, ``properties: [jelző]``) is not part of a deck: an effect brings it into play.  No rule
    of the rulebook says so in words; 1.02 (card limit and deck size) is the nearest deck-construction rule.
    The database's tokens are known at once where it can say (``token_ids``); else each card is asked."""
    known = getattr(db, "token_ids", None)
    tokens: frozenset[str] | None = known() if callable(known) else None
    if tokens is not None and not tokens:
        return []
    out: list[Finding] = []
    for r in resolved:
        card = r.card
        if card.id in tokens if tokens is not None else "token" in card.properties:
            message, args = i18n.said("MK-DECK-TOKEN", name=card.name)
            out.append(_f("MK-DECK-TOKEN", message, deck, r.entry, rule="1.02", card=card.name, **args))
    return out


def _resource_findings(deck: DeckList, in_deck: Sequence[_Resolved]) -> list[Finding]:
    """1.14.5: no other erőforrás event beside a card that forbids them (the sideboard is free)."""
    markers = {r.card.id: r for r in in_deck if NO_OTHER_RESOURCE in r.card.keyword_keys}
    if not markers:
        return []
    out = []
    for r in in_deck:
        if r.card.type != "eseménylap" or r.card.subtype != "erőforrás":
            continue
        others = [m for cid, m in markers.items() if cid != r.card.id]
        if others:
            m = min(others, key=lambda x: x.entry.line)
            out.append(_f("MK-DECK-OTHER-RESOURCE",
                          f"{r.card.name!r} is an erőforrás event, but {m.card.name!r} allows no other resource in the deck",
                          deck, r.entry, rule="1.14.5", card=r.card.name, name=r.card.name, marker=m.card.name))
    return out


def _banlist_findings(deck: DeckList, resolved: Sequence[_Resolved], form: Format, when: dt.date,
                      db: Any = None) -> list[Finding]:
    if not form.banlist:
        return []
    listed = _listed_kinds(form, db)
    out: list[Finding] = []
    counts: dict[str, int] = {}
    firsts: dict[str, _Resolved] = {}
    names: dict[str, set[str]] = {}
    for r in resolved:
        k = r.kind
        if k not in listed or (r.entry.section == "sideboard" and not form.sideboard_counts_for_limit):
            continue
        counts[k] = counts.get(k, 0) + r.entry.count
        firsts.setdefault(k, r)
        names.setdefault(k, set()).update((r.card.name, *r.card.true_names))
    for k in counts:
        names[k].update(listed[k])
    for k, n in sorted(counts.items()):
        r = firsts[k]
        ev = form.status(sorted(names[k]), when)
        if ev is None:
            continue
        rule = f"banlist:{form.id}"
        if ev.status == "banned":
            out.append(_f("MK-DECK-BANNED", f"{r.card.name!r} is banned in {form.name} since {ev.date} ({ev.reason}; {ev.source})",
                          deck, r.entry, rule=rule, card=r.card.name, name=r.card.name, format=form.name,
                          date=str(ev.date), reason=ev.reason_part(), source=ev.source))
        elif ev.status == "restricted" and ev.max is not None and n > ev.max:
            out.append(_f("MK-DECK-RESTRICTED",
                          f"{n} copies of {r.card.name!r}, restricted to {ev.max} in {form.name} since {ev.date} ({ev.reason})",
                          deck, r.entry, rule=rule, card=r.card.name, count=n, name=r.card.name, max=ev.max,
                          format=form.name, date=str(ev.date), reason=ev.reason_part()))
    return out




def check_exchange(before: DeckList, after: DeckList, db: CardSource) -> list[Finding]:
    """1.13.C: between games of a two-win match, cards move between deck and sideboard only.

    The deck (starting tower and future deck together) and the sideboard keep
    their sizes, and the cards of all three sections together stay the same.
    Besides those findings, every finding of reading the two lists: a line
    left out, a card looked up by another spelling (a note), an unknown or
    ambiguous card (an error).  None of them stops the comparison: an entry
    whose card is not found counts in its section's size and is compared by
    the name it is written as.
    """
    b, a = _Scan(before, db), _Scan(after, db)
    return sort_findings([*before.findings, *b.findings, *after.findings, *a.findings,
                          *_exchange_findings(before, b, after, a)])


def _exchange_findings(before: DeckList, b: _Scan, after: DeckList, a: _Scan) -> list[Finding]:
    """The findings of 1.13.C alone: the sizes, then the cards, of *before* and *after* (their scans *b*, *a*)."""
    out: list[Finding] = []
    for what, what_hu, sections in (("the deck", "a pakli", ("tower", "deck")),
                                    ("the sideboard", "a Cserepakli", ("sideboard",))):
        was, now = sum(b.sizes[s] for s in sections), sum(a.sizes[s] for s in sections)
        if was != now:
            out.append(_f("MK-DECK-EXCHANGE-SIZE",
                          f"{what} had {was} cards before the exchange and has {now} now; an exchange keeps both sizes",
                          after, line=_first_line(after, sections[-1]), rule="1.13.C", what=what, what_hu=what_hu,
                          before=was, after=now))
    pool_b, _, names = _pool(before, b)
    pool_a, first_a, names_a = _pool(after, a)
    names.update(names_a)
    for key in sorted(set(pool_b) | set(pool_a)):
        if pool_b.get(key, 0) != pool_a.get(key, 0):
            moved = first_a.get(key)
            out.append(_f("MK-DECK-EXCHANGE-CARDS",
                          f"{names[key]!r}: {pool_b.get(key, 0)} copies before the exchange, {pool_a.get(key, 0)} "
                          "now; cards may only move between deck and sideboard",
                          after, moved, line=1, rule="1.13.C", card=names[key], name=names[key],
                          before=pool_b.get(key, 0), after=pool_a.get(key, 0)))
    return out


def _pool(deck: DeckList, scan: _Scan) -> tuple[dict[str, int], dict[str, DeckEntry], dict[str, str]]:
    """The copies of each card of all three sections of *deck*, by card id, with each card's first entry
    and its name; an entry whose card was not found is a card of its own, keyed by its folded name."""
    pool: dict[str, int] = {}
    first: dict[str, DeckEntry] = {}
    names: dict[str, str] = {}
    found = {id(r.entry): r.card for r in scan.resolved}
    for e in deck.entries:
        card = found.get(id(e))
        key, name = (card.id, card.name) if card is not None else ("\0" + fold(e.name), e.name)
        pool[key] = pool.get(key, 0) + e.count
        first.setdefault(key, e)
        names.setdefault(key, name)
    return pool, first, names
