"""Deck statistics: counts by type and subtype, the MP curve, races, keywords, the tower and the sideboard.

What every deckbuilding site shows of a deck, as numbers (:meth:`DeckStats.text`,
:meth:`DeckStats.to_dict`) and as a chart (:meth:`DeckStats.svg`).  The cards are
resolved as ``deck check`` resolves them (:func:`korbiro.rules.mk.deck.resolve`):
by name or id, ignoring accents and case, an unknown or ambiguous name being a
finding.  Such a name still counts in its section's size, as ``deck check``
counts it (the list holds that many cards), and in no other number: the
type table shows it as "(unknown card)".

    >>> from korbiro.data.index import open_index                  # doctest: +SKIP
    >>> from korbiro.grammar.decklist import read_deck_file         # doctest: +SKIP
    >>> stats = DeckStats.of(read_deck_file("examples/decks/legal-limit3.deck"), open_index())  # doctest: +SKIP
    >>> stats.deck.cards, stats.deck.curve["X"], stats.deck.types["kalandozó"]  # doctest: +SKIP
    (40, 3, 12)

Each section (the starting tower, the future deck, the sideboard) is a
:class:`SectionStats`: how many cards it holds, by type (in the rulebook's
order of types) and by type and subtype, the MP curve (every value from 0 to
the highest, and X-cost cards apart), the average MP of the cards with a
number, the adventurers' races, and how many of its cards carry each keyword.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...base import i18n
from ...base.findings import Finding, Severity
from ...base.text import fold
from ...data.cards import Card, CardSource
from ...grammar.decklist import DeckList
from ...grammar.vocabulary import CARD_TYPES
from .deck import resolve

__all__ = ["DeckStats", "SectionStats", "SECTIONS"]

#: the sections of a deck list, in the order they are shown
SECTIONS = ("deck", "tower", "sideboard")

@dataclass(frozen=True)
class SectionStats:
    """The statistics of one section of a deck list (``tower``, ``deck`` or ``sideboard``)."""

    section: str
    #: how many cards (copies) the section holds: every entry of the list, a card not found too
    cards: int = 0
    #: card type -> cards, in the rulebook's order of types (only the types present)
    types: Mapping[str, int] = field(default_factory=dict)
    #: (card type, subtype or None) -> cards, in the order of :attr:`types`, subtypes by name
    subtypes: Mapping[tuple[str, str | None], int] = field(default_factory=dict)
    #: MP value -> cards, every value from 0 to the highest, then ``"X"`` (the X-cost cards)
    curve: Mapping[int | str, int] = field(default_factory=lambda: {"X": 0})
    #: the adventurers' races -> cards, most first, then by name (accents aside)
    races: Mapping[str, int] = field(default_factory=dict)
    #: keyword -> how many cards of the section carry it, most first, then by name (accents aside)
    keywords: Mapping[str, int] = field(default_factory=dict)
    #: (printed name, id, copies) per card, in the deck list's order
    entries: tuple[tuple[str, str, int], ...] = ()
    #: how many of :attr:`cards` are of a name that is no card (unknown or ambiguous): they count in the
    #: section's size, as in ``deck check``, and in none of the other numbers
    unknown: int = 0

    @property
    def average_mp(self) -> float | None:
        """The average MP of the cards with a number for MP (X-cost cards apart), to two decimals."""
        numbered = [(mp, n) for mp, n in self.curve.items() if isinstance(mp, int)]
        total = sum(n for _, n in numbered)
        if not total:
            return None
        return round(sum(mp * n for mp, n in numbered) / total, 2)

    @classmethod
    def of(cls, section: str, cards: Sequence[tuple[Card, int]], unknown: int = 0) -> SectionStats:
        """The statistics of these cards (each with its number of copies), and *unknown* more copies of names
        that are no card."""
        types: Counter[str] = Counter()
        subtypes: Counter[tuple[str, str | None]] = Counter()
        mps: Counter[int | str] = Counter()
        races: Counter[str] = Counter()
        keywords: Counter[str] = Counter()
        entries: dict[str, tuple[str, str, int]] = {}
        for card, n in cards:
            types[card.type] += n
            subtypes[(card.type, card.subtype)] += n
            mp = card.mp
            if isinstance(mp, int) and not isinstance(mp, bool):
                mps[mp] += n
            elif mp is not None:
                mps["X"] += n
            for race in card.values("race")[:1]:  # the race field, else the race its descriptor names
                races[race] += n
            for kw in dict.fromkeys(k for k, _rule, _text in card.keyword_summary() if k):
                keywords[kw] += n
            name, cid, before = entries.get(card.id, (card.name, card.id, 0))
            entries[card.id] = (name, cid, before + n)
        order = {t: i for i, t in enumerate(CARD_TYPES)}
        top = max((mp for mp in mps if isinstance(mp, int)), default=-1)
        curve: dict[int | str, int] = {mp: mps.get(mp, 0) for mp in range(top + 1)}
        curve["X"] = mps.get("X", 0)
        return cls(
            section,
            sum(types.values()) + unknown,
            {t: types[t] for t in sorted(types, key=lambda t: (order.get(t, len(order)), t))},
            {k: subtypes[k] for k in sorted(subtypes, key=lambda k: (order.get(k[0], len(order)), k[0],
                                                                     k[1] is not None, k[1] or ""))},
            curve,
            dict(sorted(races.items(), key=lambda kv: (-kv[1], fold(kv[0]), kv[0]))),
            dict(sorted(keywords.items(), key=lambda kv: (-kv[1], fold(kv[0]), kv[0]))),
            tuple(entries.values()),
            unknown,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "types": dict(self.types),
            "subtypes": [{"type": t, "subtype": s, "cards": n} for (t, s), n in self.subtypes.items()],
            "curve": {str(mp): n for mp, n in self.curve.items()},
            "average_mp": self.average_mp,
            "races": dict(self.races),
            "keywords": dict(self.keywords),
            "entries": [{"card": name, "id": cid, "count": n} for name, cid, n in self.entries],
            "unknown": self.unknown,
        }


@dataclass(frozen=True)
class DeckStats:
    """The statistics of a deck list: one :class:`SectionStats` per section, and the cards not found."""

    file: str
    deck: SectionStats
    tower: SectionStats
    sideboard: SectionStats
    #: the deck list's problems that keep a card out of the statistics (an unknown or ambiguous name,
    #: a count that is no number), and the notes of names read after folding accents
    findings: tuple[Finding, ...] = ()

    @classmethod
    def of(cls, deck: DeckList, db: CardSource) -> DeckStats:
        """The statistics of *deck*, its cards looked up in *db* as ``deck check`` looks them up."""
        resolved, problems = resolve(deck, db)
        by_section: dict[str, list[tuple[Card, int]]] = {s: [] for s in SECTIONS}
        for r in resolved:
            by_section[r.entry.section].append((r.card, r.entry.count))
        found = {id(r.entry) for r in resolved}
        unknown = dict.fromkeys(SECTIONS, 0)
        for e in deck.entries:  # a name that is no card still counts in its section's size, as deck check counts
            if id(e) not in found:
                unknown[e.section] += e.count
        sections = {s: SectionStats.of(s, cards, unknown[s]) for s, cards in by_section.items()}
        findings = sorted([*deck.findings, *problems], key=lambda f: f.sort_key())
        return cls(deck.path, sections["deck"], sections["tower"], sections["sideboard"], tuple(findings))

    def section(self, name: str) -> SectionStats:
        return {"deck": self.deck, "tower": self.tower, "sideboard": self.sideboard}[name]

    @property
    def complete(self) -> bool:
        """Whether every card of the list was found (no error among the findings)."""
        return not any(f.severity is Severity.ERROR for f in self.findings)

    @property
    def sizes(self) -> dict[str, int]:
        return {"tower": self.tower.cards, "deck": self.deck.cards, "sideboard": self.sideboard.cards}

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "file": self.file,
            "sizes": self.sizes,
            "complete": self.complete,
            "sections": {s: self.section(s).to_dict() for s in SECTIONS},
            "findings": [f.to_dict(lang) for f in self.findings],
        }

    # -- text ----------------------------------------------------------------

    def text(self, lang: str = "en") -> str:
        """The statistics as tables: the deck by type and subtype, its MP curve, races and keywords, then the
        tower and the sideboard."""
        L = i18n.Words("MK-DECKSTATS", lang)
        sizes = self.sizes
        head = f"{self.file}: {L['tower']} {sizes['tower']}, {L['deck']} {sizes['deck']}, {L['sideboard']} " \
               f"{sizes['sideboard']}"
        out = [head, ""]
        d = self.deck
        rows: list[tuple[str, str]] = []
        for t, n in d.types.items():
            rows.append((t, str(n)))
            subs = [(s, m) for (tt, s), m in d.subtypes.items() if tt == t]
            if any(s is not None for s, _ in subs):
                rows.extend((f"  {s if s is not None else L['no_subtype']}", str(m)) for s, m in subs)
        if d.unknown:
            rows.append((L["unknown"], str(d.unknown)))
        rows.append((L["total"], str(d.cards)))
        out += _table((L["type"], L["cards"]), rows, total=True)
        out.append("")
        average = d.average_mp
        mean = f"{average:.2f}" if average is not None else "–"
        out.append(f"{L['curve']} ({L['deck']}; {L['average']} {mean}, {L['x_cost']}: {d.curve['X']})")
        curve = [(str(mp), str(n), "#" * n) for mp, n in d.curve.items()]
        out += _table((L["mp"], L["cards"], ""), curve, right=(0, 1))
        out.append("")
        out.append(L["races"])
        out += _table((L["race"], L["cards"]), [(r, str(n)) for r, n in d.races.items()]) if d.races \
            else [f"  {L['none']}"]
        out.append("")
        out.append(L["keywords"])
        out += _table((L["keyword"], L["cards"]), [(k, str(n)) for k, n in d.keywords.items()]) if d.keywords \
            else [f"  {L['none']}"]
        for name in ("tower", "sideboard"):
            s = self.section(name)
            out.append("")
            listed = ", ".join(f"{n} {card}" if n > 1 else card for card, _cid, n in s.entries) or L["none"]
            out.append(f"{L[name]} ({s.cards}): {listed}")
            if s.cards and name == "sideboard":
                out.append("  " + ", ".join(f"{t} {n}" for t, n in s.types.items()))
        if self.findings:
            out.append("")
            out.extend(f.render_text(lang) for f in self.findings)
        return "\n".join(out) + "\n"

    def __str__(self) -> str:
        return self.text()

    # -- the chart -----------------------------------------------------------

    def svg(self, lang: str = "en") -> str:
        """The deck as an SVG chart: the MP curve, the types, the races and the keywords of the deck, with the
        tower and the sideboard under them (:mod:`korbiro.rules.mk.deckchart`)."""
        from .deckchart import deck_chart  # lazy: only a picture needs the drawing

        L = i18n.Words("MK-DECKSTATS", lang)
        d = self.deck
        notes = []
        for name in ("tower", "sideboard"):
            s = self.section(name)
            listed = ", ".join(f"{n} {card}" if n > 1 else card for card, _cid, n in s.entries) or L["none"]
            notes.append(f"{L[name]} ({s.cards}): {listed}")
        average = d.average_mp
        return deck_chart(
            title=f"{self.file}: {d.cards} {L['cards']}",
            curve=[(str(mp), n) for mp, n in d.curve.items()],
            curve_title=f"{L['curve']} ({L['average']} {average:.2f})" if average is not None else L["curve"],
            types=[*d.types.items(), *([(L["unknown"], d.unknown)] if d.unknown else [])],
            races=list(d.races.items()),
            keywords=list(d.keywords.items())[:10],
            titles=(L["type"].split(" /")[0], L["races"], L["keywords"]),
            notes=notes,
            alert=not self.complete,
        )

    def _repr_svg_(self) -> str:
        return self.svg()


def _table(head: tuple[str, ...], rows: Sequence[tuple[str, ...]], *, right: tuple[int, ...] = (1,),
           total: bool = False) -> list[str]:
    """Rows under a head and a rule of dashes, the columns in *right* aligned right; a closing total
    row under a rule of its own."""
    body = list(rows)
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]

    def line(r: tuple[str, ...]) -> str:
        cells = [r[i].rjust(widths[i]) if i in right else r[i].ljust(widths[i]) for i in range(len(head))]
        return "  " + "  ".join(cells).rstrip()

    rule = "  " + "  ".join("-" * w for w in widths if w)
    out = [line(head), rule]
    if total:
        out += [line(r) for r in body[:-1]] + [rule, line(body[-1])]
    else:
        out += [line(r) for r in body]
    return out
