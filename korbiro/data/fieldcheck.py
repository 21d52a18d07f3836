"""``data check`` of the fields real cards print (korbiro.data.fields): abilities and their marks, the
descriptor line, several phases on one card, open subtypes; and what the cross-file stage checks against
the values the whole database holds: the words of quest and building conditions and the values behaviour
filters name (``race:ordani`` on a database with no ordani is a finding with a did-you-mean).

Per file, :class:`FieldReader` gives findings, the values the file's cards hold (by field) and the values
its cards name (:class:`Named`); :func:`named_findings` checks the second against the first over every
file.  Both are plain data, kept in the check's cache with the file's report.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..base import i18n
from ..base.findings import HINT_BUDGET, Finding, Severity
from ..base.text import close_matches, fold
from ..grammar.vocabulary import PHASE_NAMES
from .fields import (
    PROPERTIES,
    ability_kind,
    mark_id,
    mark_spellings,
    property_id,
    read_descriptor,
    read_requirement,
    split_values,
    vocabulary,
)

__all__ = ["FieldReader", "Named", "named_findings"]

#: the fields whose values the database holds, as written (a value or a list of them)
_HELD = ("class", "subclass", "race", "skills", "icons", "subtype", "school")
#: a behaviour filter's field -> the field of the database whose values it names
FILTER_FIELDS = {"race": "race", "class": "class", "subclass": "subclass", "subtype": "subtype",
                 "alignment": "alignment", "descriptor": "descriptor", "origin": "origin", "faith": "faith",
                 "school": "school", "skill": "skills", "skills": "skills", "icon": "icons"}
#: the subtypes of akciólap the rules read (a near miss of one is a warning)
_ACTION_SUBTYPES = ("pusztakezes támadás", "fegyveres támadás", "hatalomszó", "varázslat", "ima", "psi",
                    "felszerelés", "fegyver", "vért", "pajzs", "hadszer")

@dataclass(frozen=True)
class Named:
    """A value a card names that must be one the database holds: a filter's value or a condition's word."""

    field: str  # a key of the database's values, or "requirement" (any word a card can carry)
    value: str
    line: int
    column: int
    card: str | None

    def to_json(self) -> list[Any]:
        return [self.field, self.value, self.line, self.column, self.card]

    @classmethod
    def from_json(cls, row: Sequence[Any]) -> Named:
        return cls(str(row[0]), str(row[1]), int(row[2]), int(row[3]), row[4])


@dataclass
class FieldReader:
    """Reads the new fields of a file's cards: findings, the values held and the values named.

    Every card of a database passes through :meth:`card`, so it does little for a card that prints none
    of the new fields: the values held are kept as written, and folded once per distinct value
    (:meth:`held`)."""

    path: str
    locate: Callable[[int, tuple[str | int, ...]], tuple[int, int]]
    findings: list[Finding] = field(default_factory=list)
    named: list[Named] = field(default_factory=list)
    #: field -> the values as written (folded by :meth:`held`)
    raw: dict[str, set[str]] = field(default_factory=dict)

    def hold(self, key: str, values: Iterable[str]) -> None:
        self.raw.setdefault(key, set()).update(values)

    def held(self) -> dict[str, set[str]]:
        """Field -> the folded values the file's cards hold (an adventurer's name: its words)."""
        out: dict[str, set[str]] = {}
        for key, values in self.raw.items():
            folded = {fold(v) for v in values if v}
            if key == "name":
                folded = {w for v in folded for w in v.split()}
            out[key] = folded
        return out

    def card(self, i: int, rc: Mapping[str, Any], cid: str | None, behaviour: Any) -> None:
        """Check card *i* (its raw mapping *rc*, its card-level behaviour parsed) and note its values."""
        raw = self.raw
        for key in _HELD:
            value = rc.get(key)
            if value.__class__ is str:
                raw.setdefault(key, set()).add(value)
            elif value.__class__ is list:
                raw.setdefault(key, set()).update(v for v in value if v.__class__ is str)
        ctype = rc.get("type")
        if ctype == "kalandozó" and rc.get("name").__class__ is str:
            raw.setdefault("name", set()).add(rc["name"])
        elif ctype == "akciólap" and rc.get("subtype").__class__ is str:
            self._subtype(i, rc["subtype"], cid)
        if "descriptor" in rc or "színesítő" in rc:
            self._descriptor(i, rc, cid)
        phase = rc.get("phase")
        if phase.__class__ is list or (phase.__class__ is str and "/" in phase):
            self._phases(i, phase, cid)
        if "requirement" in rc:
            self._requirement(i, rc["requirement"], cid)
        if "abilities" in rc:
            self._abilities(i, rc["abilities"], cid)
        if "properties" in rc:
            self._properties(i, rc["properties"], cid)
        if behaviour is not None and "behaviour" in rc:
            self._filters(i, ("behaviour",), rc["behaviour"], behaviour, cid)

    # -------------------------------------------------------------- one field each

    def _finding(self, code: str, where: tuple[str | int, ...], i: int, cid: str | None, *, offset: int = 0,
                 severity: Severity = Severity.ERROR, rule: str | None = None, **args: Any) -> None:
        message, said = i18n.said(code, **args)
        line, col = self.locate(i, where)
        self.findings.append(Finding(code, message, severity=severity, rule=rule, file=self.path, line=line,
                                     column=col + offset, card=cid, args=said))

    def _descriptor(self, i: int, rc: Mapping[str, Any], cid: str | None) -> None:
        key = "descriptor" if "descriptor" in rc else "színesítő"
        text = rc.get(key)
        if not isinstance(text, str):
            return
        d = read_descriptor(text)
        self.hold("descriptor", d.words)  # folded already: folding them again keeps them
        self.hold("origin", d.origins)
        self.hold("faith", d.faiths)
        self.hold("race", d.races)
        if "descriptor" in rc and "színesítő" in rc:
            self._finding("MK-CARD-DESCRIPTOR-TWICE", ("színesítő",), i, cid)
        if rc.get("type") == "kalandozó" and "race" not in rc and not d.races:
            self._finding("MK-CARD-NO-RACE", (key,), i, cid, descriptor=text)

    def _phases(self, i: int, raw: Any, cid: str | None) -> None:
        """Each phase of a list or of a printed ``Sor/Harc`` (one phase alone is the schema's to check)."""
        for j, phase in enumerate(split_values(raw)):
            if fold(phase) in _PHASES:
                continue
            where: tuple[str | int, ...] = ("phase", j) if isinstance(raw, list) else ("phase",)
            offset = max(raw.find(phase), 0) if isinstance(raw, str) else 0
            self._finding("MK-CARD-PHASE", where, i, cid, offset=offset, rule="5.01.A", phase=phase,
                          hint=_hint(phase, _PHASE_NAMES))

    def _subtype(self, i: int, subtype: str, cid: str | None) -> None:
        if fold(subtype) in {fold(s) for s in _ACTION_SUBTYPES}:
            return
        close = close_matches(fold(subtype), [fold(s) for s in _ACTION_SUBTYPES], n=1, cutoff=0.8)
        if close:
            self._finding("MK-CARD-SUBTYPE-CLOSE", ("subtype",), i, cid, severity=Severity.WARNING,
                          subtype=subtype, close=close[0])

    def _properties(self, i: int, raw: Any, cid: str | None) -> None:
        for j, word in enumerate(raw if isinstance(raw, list) else ()):
            if isinstance(word, str) and property_id(word) is None:
                self._finding("MK-CARD-PROPERTY", ("properties", j), i, cid, property=word,
                              hint=_hint(word, list(PROPERTIES)))

    def _requirement(self, i: int, raw: Any, cid: str | None) -> None:
        req = read_requirement(raw)
        if req is None:
            return
        for j, words in enumerate(req.alternatives):
            where: tuple[str | int, ...] = ("requirement", j) if isinstance(raw, list) else ("requirement",)
            line, col = self.locate(i, where)
            for word in words:
                self.named.append(Named("requirement", word, line, col, cid))

    def _abilities(self, i: int, raw: Any, cid: str | None) -> None:
        if not isinstance(raw, list):
            return
        # lazy: the behaviour languages load lark
        from .behaviour import read_behaviour

        for j, entry in enumerate(raw):
            if not isinstance(entry, dict):
                continue  # a schema finding already
            kind = entry.get("kind")
            if isinstance(kind, str) and ability_kind(kind) is None:
                self._finding("MK-CARD-ABILITY-KIND", ("abilities", j, "kind"), i, cid, kind=kind,
                              hint=_hint(kind, ["képesség", "laphatás", "ability", "effect"]))
            for m, mark in enumerate(entry.get("marks") or ()):
                if isinstance(mark, str) and mark_id(mark) is None:
                    self._finding("MK-CARD-MARK", ("abilities", j, "marks", m), i, cid, mark=mark,
                                  hint=_hint(mark, mark_spellings()))
            spec = entry.get("behaviour")
            if spec is None:
                continue
            here: tuple[str | int, ...] = ("abilities", j, "behaviour")

            def locate(where: tuple[str | int, ...], here: tuple[str | int, ...] = here) -> tuple[int, int]:
                return self.locate(i, (*here, *where))

            parsed, found = read_behaviour(spec, path=self.path, locate=locate, card=cid, fields=False)
            self.findings.extend(found)
            self._filters(i, here, spec, parsed, cid)

    def _filters(self, i: int, here: tuple[str | int, ...], raw: Any, parsed: Any, cid: str | None) -> None:
        """The values the behaviour's filters name (negated ones and bonus clauses too), each at its column
        (:func:`~korbiro.data.behaviour.behaviour_filters`)."""
        if parsed is None or not any(isinstance(f, tuple) and f for f in _filter_tuples(parsed)):
            return
        # lazy: the behaviour languages load lark (read already for a behaviour that has filters)
        from .behaviour import behaviour_filters

        def locate(where: tuple[str | int, ...]) -> tuple[int, int]:
            return self.locate(i, (*here, *where))

        for fname, value, line, col in behaviour_filters(raw, locate=locate):
            key = FILTER_FIELDS.get(fname.lstrip("!"))
            if key is not None and line is not None and col is not None:
                self.named.append(Named(key, value, line, col, cid))


def _filter_tuples(obj: Any, seen: int = 0) -> Iterator[tuple[Any, ...]]:
    """The filter tuples inside a parsed behaviour (targets, modifiers, conditions, bonus clauses, …)."""
    if seen > 12:
        return
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if f.name in ("filters", "bonus_if") and isinstance(value, tuple):
                yield value
            else:
                yield from _filter_tuples(value, seen + 1)
    elif isinstance(obj, (tuple, list)):
        for item in obj:
            yield from _filter_tuples(item, seen + 1)
    elif isinstance(obj, Mapping):
        for item in obj.values():
            yield from _filter_tuples(item, seen + 1)


#: the phases a card may print (the schema's, 5.01.A and 6.03), then every other spelling of a phase
_PHASE_NAMES = ["Sor", "harc", "Forduló nyitása", "Erőforrás", "Kezdeményező csapat sorelhagyása",
                "Akadályozó csapat sorelhagyása", "Toronyszint felfedés", "Akadálylap aktivizálás", "Harc előkészítés",
                "Harc eredmény meghatározás", "Küldetés feltétel teljesítés", "Forduló zárása", *PHASE_NAMES]
_PHASES = {fold(p) for p in _PHASE_NAMES}


def _hint(word: str, known: Sequence[str]) -> dict[str, Any] | str:
    """A did-you-mean part of a message (said in the language the finding is printed in), or nothing."""
    close = close_matches(fold(word), [fold(k) for k in known], n=1)
    if not close:
        return ""
    spelled = next(k for k in known if fold(k) == close[0])
    return i18n.part("MK-DATA.hint.close", close=spelled)


def named_findings(values: Mapping[str, set[str]], named: Iterable[tuple[str, Named]]) -> list[Finding]:
    """Each named value the database does not hold (with its fixed vocabularies): a warning, with a
    did-you-mean.  *values*: field -> folded values over every file; *named*: (file, value named)."""
    v = vocabulary()
    fixed = {"race": v.races, "class": v.classes, "subclass": v.subclasses, "origin": v.origins,
             "alignment": v.alignments | {w for a in v.alignments for w in a.split("-")}, "school": v.schools}
    known: dict[str, set[str]] = {k: set(vals) | set(fixed.get(k, ())) for k, vals in values.items()}
    for k, vals in fixed.items():
        known.setdefault(k, set()).update(vals)
    words = set(v.words())
    for key in ("race", "class", "subclass", "descriptor", "skills", "name", "origin", "faith"):
        for value in known.get(key, ()):
            words.add(value)
            words.update(value.replace("-", " ").split())
    known["requirement"] = words
    out: list[Finding] = []
    hints = HINT_BUDGET
    for path, n in named:
        have = known.get(n.field, set())
        if fold(n.value) in have:
            continue
        hint: dict[str, Any] | str = ""
        if hints > 0:
            hints -= 1
            close = close_matches(fold(n.value), sorted(have), n=1)
            hint = i18n.part("MK-DATA.hint.close", close=v.spelled.get(close[0], close[0])) if close else ""
        code = "MK-DATA-UNKNOWN-REQUIREMENT-WORD" if n.field == "requirement" else "MK-DATA-UNKNOWN-FILTER-VALUE"
        message, args = i18n.said(code, value=n.value, field=n.field, hint=hint)
        out.append(Finding(code, message, severity=Severity.WARNING, file=path, line=n.line, column=n.column,
                           card=n.card, args=args))
    return out
