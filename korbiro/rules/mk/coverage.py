"""Rule coverage: for every rule of the MK index, which parts of korbiro implement it and
which shipped scenarios exercise it.

    >>> cov = Coverage(load_rulebook(), {"engine": {"2.01.b": "2.01.b"}},
    ...                [Example("ruling", "rulings/fal.yaml", True, frozenset({"2.01.b", "9.99"}))])
    >>> cov["2.01.b"].coverage, cov["2.01.b"].parts, [e.name for e in cov["2.01.b"].examples]
    ('exercised', ('engine',), ['rulings/fal.yaml'])
    >>> cov["2.01"].coverage, cov["2.01"].points
    ('section', (1, 2))
    >>> cov["2.05"].coverage, cov["1.01.A.1"].coverage
    ('not-modelled', 'not-implemented')

**The parts**, each with the rule ids it cites (:func:`implementations`): ``engine``, the
timeline engine (``timeline.RULES``: every id its trace events and refusals name); ``deck``,
the deck checker (``deck.RULES`` and the formats' rules); ``victory``, the victory rules
(every rule of every variant in ``variants.yaml``); ``keywords``, the keyword classes of
the card grammar, each naming its rule.  A keyword's own section (a section of chapter 2,
Keywords, or of 1.14, Further expressions) is about that keyword alone, so its reading also
implements the section's points (where the keyword stands, the condition before it).

**The scenarios** (:func:`run_examples`), each run once: the ruling scenarios of
``examples/rulings`` (on the shipped card database) and of ``examples/*/rulings`` (on the
database beside them, ``examples/*/cards``); the deck lists of ``examples/decks``, the
exchanges between them and the game states of ``examples/results``, each with the verdict
``examples/verdicts.yaml`` gives it.  A scenario passes when its ``expect:`` holds (a ruling)
or its verdict is the one written down (the rest).  It exercises the rules it *applies*: the
rules of its trace events and refusals (a ruling), of its findings (a deck list, an
exchange), of its verdict and its notes (a game state).  A rule only named in a ruling's
``rules:`` list is not exercised by it, nor is an archived rule the format refuses or skips
(the ``MK-TL-ARCHIVED`` refusal, the ``not-applied`` trace event): that exercises the format.
Only passing scenarios count.

**The figure** is the share of the index's points (the rules with no points below them)
that a passing scenario exercises, leaving out the points the index marks ``not_modelled``.
A rule with points below it is a *section*, counted through its points.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ...base.errors import DataError, KorbiroError
from ...data.cards import Card
from ...grammar.keywords import KEYWORD_CLASSES
from .rulebook import Rule, Rulebook, is_rule_id, load_rulebook
from .rulebook import _raise as raise_findings

__all__ = ["COVERAGES", "PARTS", "Coverage", "Entry", "Example", "Figure", "compute_coverage",
           "default_examples_dir", "implementations", "run_examples"]

#: The parts of korbiro that implement rules, in the order they are shown.
PARTS = ("engine", "deck", "victory", "keywords")

#: A rule's coverage, best first; ``section`` is a rule with points, counted through them.
COVERAGES = ("exercised", "implemented", "not-implemented", "not-modelled", "section")

#: The sections whose sections are each one keyword's or expression's (2.00 Keywords, 1.14
#: Further expressions): a keyword class naming one implements its points too.
KEYWORD_CHAPTERS = frozenset({"2.00", "1.14"})

#: What shows that the format held an archived rule back, not that the rule was applied.
GATE_EVENTS = frozenset({"not-applied"})
GATE_CODES = frozenset({"MK-TL-ARCHIVED"})

#: The kinds of scenario, in the order they run.
KINDS = ("ruling", "deck", "exchange", "result")


# --------------------------------------------------------------------------- the core


@dataclass(frozen=True)
class Example:
    """One shipped scenario, run: whether it passed, and the rules it applied."""

    kind: str
    #: Its file(s), relative to the examples folder: ``rulings/fal.yaml``, ``decks/a.deck -> b.deck``.
    name: str
    passed: bool
    rules: frozenset[str]
    #: Why it did not pass (the first difference, or the error), else None.
    problem: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "passed": self.passed, "rules": sorted(self.rules),
                "problem": self.problem}


@dataclass(frozen=True)
class Entry:
    """One rule's coverage."""

    rule: Rule
    coverage: str
    #: (part, the id it cites) for each part implementing the rule.
    implemented_by: tuple[tuple[str, str], ...]
    #: The passing scenarios that applied exactly this rule.
    examples: tuple[Example, ...]
    #: Whether the rule counts in the figure (a point korbiro models).
    counted: bool
    #: A section's points: (exercised, counted).
    points: tuple[int, int] | None = None

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(part for part, _ in self.implemented_by)

    @property
    def exercised(self) -> bool:
        return self.coverage == "exercised"

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "id": self.rule.id, "title": self.rule.text("title", lang), "status": self.rule.status,
            "coverage": self.coverage, "counted": self.counted,
            "implemented_by": [{"part": p, "rule": r} for p, r in self.implemented_by],
            "scenarios": [e.name for e in self.examples],
            "points": None if self.points is None else {"exercised": self.points[0], "counted": self.points[1]},
            "not_modelled": self.rule.text("not_modelled", lang) or None,
        }


@dataclass(frozen=True)
class Figure:
    """The points a passing scenario exercises, of those korbiro models."""

    exercised: int
    counted: int
    #: Every point of the index, and those marked not modelled (``points - not_modelled == counted``).
    points: int
    not_modelled: int

    @property
    def percent(self) -> float:
        return round(100.0 * self.exercised / self.counted, 1) if self.counted else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"exercised": self.exercised, "counted": self.counted, "percent": self.percent,
                "points": self.points, "not_modelled": self.not_modelled}


class Coverage:
    """Every rule of *book* with what implements it and what exercises it.

    *citations* maps a part to the rules it implements, each with the id the part cites for
    it (its own, or the keyword section above it); *examples* are the scenarios run.
    """

    def __init__(self, book: Rulebook, citations: Mapping[str, Mapping[str, str]],
                 examples: Sequence[Example]) -> None:
        self.book = book
        self.examples = tuple(examples)
        applied: dict[str, list[Example]] = {}
        for ex in self.examples:
            if ex.passed:
                for rid in ex.rules:
                    applied.setdefault(rid, []).append(ex)
        leaves = {r.id: self._entry(r, citations, applied, counted=r.not_modelled is None)
                  for r in book if not book.children(r.id)}
        self._entries: dict[str, Entry] = {}
        for rule in book:  # a section counts the points below it that korbiro models
            entry = leaves.get(rule.id)
            if entry is None:
                below = [leaves[r.id] for r in book.descendants(rule.id) if r.id in leaves and leaves[r.id].counted]
                points = (sum(e.exercised for e in below), len(below))
                entry = self._entry(rule, citations, applied, counted=False, points=points)
            self._entries[rule.id] = entry

    @staticmethod
    def _entry(rule: Rule, citations: Mapping[str, Mapping[str, str]], applied: Mapping[str, list[Example]],
               *, counted: bool, points: tuple[int, int] | None = None) -> Entry:
        by = tuple((part, citations[part][rule.id]) for part in PARTS if rule.id in citations.get(part, {}))
        examples = tuple(sorted(applied.get(rule.id, ()), key=lambda e: (KINDS.index(e.kind), e.name)))
        if points is not None:
            coverage = "section"
        elif rule.not_modelled is not None:
            coverage = "not-modelled"
        elif examples:
            coverage = "exercised"
        elif by:
            coverage = "implemented"
        else:
            coverage = "not-implemented"
        return Entry(rule, coverage, by, examples, counted, points)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries.values())

    def __getitem__(self, rule_id: str) -> Entry:
        rule = self.book.get(rule_id)
        if rule is None:
            raise KeyError(rule_id)
        return self._entries[rule.id]

    @property
    def figure(self) -> Figure:
        points = [e for e in self if e.points is None]
        counted = [e for e in points if e.counted]
        return Figure(sum(e.exercised for e in counted), len(counted), len(points), len(points) - len(counted))

    def missing(self) -> list[Entry]:
        """The points no passing scenario exercises: not implemented, implemented, not modelled."""
        order = {"not-implemented": 0, "implemented": 1, "not-modelled": 2}
        out = [e for e in self if e.points is None and not e.exercised]
        return sorted(out, key=lambda e: order[e.coverage])  # stable: index order within each

    def failing(self) -> list[Example]:
        return [e for e in self.examples if not e.passed]

    def to_dict(self, lang: str = "en", *, missing: bool = False) -> dict[str, Any]:
        entries = self.missing() if missing else list(self)
        return {"figure": self.figure.to_dict(), "rules": [e.to_dict(lang) for e in entries],
                "scenarios": [e.to_dict() for e in self.examples]}


# --------------------------------------------------------------------------- the parts


def implementations(book: Rulebook | None = None) -> dict[str, dict[str, str]]:
    """Each part's rules, each with the id the part cites for it (see the module's docstring)."""
    # lazy: only the coverage reads every part's registry; the engine is the largest import
    from ...data.formats import load_formats
    from .deck import RULES as DECK_RULES
    from .timeline import RULES as ENGINE_RULES
    from .victory import load_variants

    b = book or load_rulebook()
    deck = set(DECK_RULES)
    for form in load_formats().formats.values():
        deck.add(form.rule_sideboard)
        deck.update(lim.rule for lim in form.limits)
    victory: set[str] = set()
    for variant in load_variants():
        victory.add(variant.rule)
        victory.update(variant.rules.values())
    keywords: dict[str, str] = {}
    for cls in KEYWORD_CLASSES:
        if cls.rule is None:
            continue
        keywords[cls.rule] = cls.rule
        if b.parent_of(cls.rule) in KEYWORD_CHAPTERS:
            for point in b.descendants(cls.rule):
                keywords.setdefault(point.id, cls.rule)
    return {"engine": {r: r for r in ENGINE_RULES}, "deck": {r: r for r in deck if is_rule_id(r)},
            "victory": {r: r for r in victory}, "keywords": keywords}


# --------------------------------------------------------------------------- the scenarios


def default_examples_dir() -> Path | None:
    """``examples`` in the working folder, else beside the installed package (a source checkout)."""
    here = Path("examples")
    if (here / "rulings").is_dir():
        return here
    beside = Path(str(resources.files("korbiro"))).parent / "examples"
    if (beside / "rulings").is_dir():
        return beside
    return None


Progress = Callable[[int, int, str], None]
Job = tuple[str, str, Callable[[], Example]]


def run_examples(folder: str | os.PathLike[str], *, progress: Progress | None = None) -> list[Example]:
    """Run every scenario of *folder* (see the module's docstring), in order; *progress* is told
    ``(done, total, name)`` before each.  Raises :class:`DataError` when ``verdicts.yaml`` is broken."""
    base = Path(folder)
    jobs = [*_ruling_jobs(base), *_verdict_jobs(base)]
    out: list[Example] = []
    for i, (_, name, job) in enumerate(jobs):
        if progress is not None:
            progress(i, len(jobs), name)
        out.append(job())
    if progress is not None:
        progress(len(jobs), len(jobs), "")
    return out


def compute_coverage(folder: str | os.PathLike[str], *, progress: Progress | None = None) -> Coverage:
    """The coverage of the shipped rule index by the scenarios of *folder*."""
    book = load_rulebook()
    return Coverage(book, implementations(book), run_examples(folder, progress=progress))


def _name(base: Path, path: Path) -> str:
    return path.relative_to(base).as_posix()


class _Database:
    """A card database loaded on first use (a set of rulings that is all broken loads none)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: Any = None
        self.error: str | None = None

    def get(self) -> Any:
        if self._db is None and self.error is None:
            # lazy: loaded once, only when a scenario needs it
            from ...data.check import load_database

            try:
                self._db = load_database([self.path])
            except KorbiroError as exc:
                self.error = f"card database {self.path}: {exc}"
        return self._db

    def lookup(self, name: str) -> Card | None:
        card: Card | None = self.get().lookup(name, suggest=False).card
        return card


def _shipped() -> _Database:
    from ...data.paths import shipped_db_path  # lazy: the coverage's only use of the paths

    return _Database(shipped_db_path())


def _ruling_jobs(base: Path) -> Iterator[Job]:
    sets = [(base / "rulings", _shipped())]
    if base.is_dir():
        sets += [(sub / "rulings", _Database(sub / "cards")) for sub in sorted(base.iterdir())
                 if (sub / "rulings").is_dir() and (sub / "cards").is_dir()]
    for folder, db in sets:
        for path in sorted(folder.glob("*.yaml")):
            yield "ruling", _name(base, path), _bind(_ruling, base, path, db)


def _bind(fn: Callable[..., Example], *args: Any) -> Callable[[], Example]:
    return lambda: fn(*args)


def _ruling(base: Path, path: Path, db: _Database) -> Example:
    from .timeline import run_file  # lazy: the engine is imported when a scenario runs

    name = _name(base, path)
    if db.get() is None:
        return Example("ruling", name, False, frozenset(), db.error)
    try:
        result = run_file(str(path), lookup=db.lookup)
    except KorbiroError as exc:
        return Example("ruling", name, False, frozenset(), str(exc))
    applied = {e.rule for e in result.trace if e.event not in GATE_EVENTS}
    applied |= {r.rule for r in result.refusals if r.rule and r.code not in GATE_CODES}
    problem: str | None = None if result.passed else result.diffs[0]
    if result.passed and not result.has_expect:
        problem = "no expect: block"
    return Example("ruling", name, problem is None, frozenset(applied), problem)


def _verdict_jobs(base: Path) -> Iterator[Job]:
    path = base / "verdicts.yaml"
    if not path.is_file():
        return
    # lazy: only the coverage reads the verdicts
    from ...base.yamlload import load_yaml_file
    from ...data.schema import iter_schema_findings

    doc = load_yaml_file(path)
    problems = list(iter_schema_findings(doc, "mk-verdicts"))
    if problems:
        raise_findings(problems, doc.path)
    data = doc.data
    try:
        date = dt.date.fromisoformat(data["date"])
    except ValueError:
        line, col = doc.mark(("date",))
        raise DataError.said("MK-VERDICTS-DATE", path=doc.path, line=line, column=col, date=data["date"]) from None
    db = _shipped()
    decks, results = base / "decks", base / "results"
    for file, want in (data.get("decks") or {}).items():
        yield "deck", f"decks/{file}", _bind(_deck, decks / file, f"decks/{file}", want, date, db)
    for want in data.get("exchanges") or []:
        name = f"decks/{want['before']} -> {want['after']}"
        yield "exchange", name, _bind(_exchange, decks / want["before"], decks / want["after"], name, want, db)
    for file, want in (data.get("results") or {}).items():
        yield "result", f"results/{file}", _bind(_result, results / file, f"results/{file}", want)


def _rules_of(findings: Iterable[Any]) -> frozenset[str]:
    return frozenset(f.rule for f in findings if f.rule and is_rule_id(f.rule))


def _differs(what: str, want: Any, got: Any) -> str:
    return f"{what}: expected {want!r}, got {got!r}"


def _rules_differ(want: Sequence[str], got: frozenset[str]) -> str | None:
    return None if set(want) == got else _differs("rules", sorted(want), sorted(got))


def _deck(path: Path, name: str, want: Mapping[str, Any], date: dt.date, db: _Database) -> Example:
    # lazy: only the coverage checks deck lists here
    from ...grammar.decklist import read_deck_file
    from .deck import check_deck

    if db.get() is None:
        return Example("deck", name, False, frozenset(), db.error)
    try:
        report = check_deck(read_deck_file(str(path)), db.get(), date=date)
    except KorbiroError as exc:
        return Example("deck", name, False, frozenset(), str(exc))
    got = _rules_of(report.findings)
    problem = _differs("legal", want["legal"], report.legal) if report.legal is not want["legal"] else \
        _rules_differ(want["rules"], got)
    return Example("deck", name, problem is None, got, problem)


def _exchange(before: Path, after: Path, name: str, want: Mapping[str, Any], db: _Database) -> Example:
    # lazy: only the coverage checks exchanges here
    from ...grammar.decklist import read_deck_file
    from .deck import check_exchange

    if db.get() is None:
        return Example("exchange", name, False, frozenset(), db.error)
    try:
        got = _rules_of(check_exchange(read_deck_file(str(before)), read_deck_file(str(after)), db.get()))
    except KorbiroError as exc:
        return Example("exchange", name, False, frozenset(), str(exc))
    problem = _rules_differ(want["rules"], got)
    return Example("exchange", name, problem is None, got, problem)


def _result(path: Path, name: str, want: Mapping[str, Any]) -> Example:
    from .victory import result_of_file  # lazy: only the coverage decides game states here

    try:
        res = result_of_file(path)
    except KorbiroError as exc:
        return Example("result", name, False, frozenset(), str(exc))
    notes = frozenset(n.rule for n in res.notes)
    checks = (("verdict", want["verdict"], res.verdict.value), ("winners", sorted(want["winners"]), sorted(res.winners)),
              ("rule", want["rule"], res.rule), ("notes", sorted(want["notes"]), sorted(notes)))
    problem = next((_differs(what, w, g) for what, w, g in checks if w != g), None)
    return Example("result", name, problem is None, notes | {res.rule}, problem)
