"""The MK rule index: every rule id korbiro knows, loaded once from data.

``korbiro/rules/mk/rulebook.yaml`` (schema ``mk-rulebook``) holds each rule's
title and summary in Hungarian and English, its status (``current`` under
Korforduló, or ``archived`` with where it still applies) and its links to
keywords and other rules.

    >>> book = load_rulebook()
    >>> book["1.14.14"].title["hu"]
    'Kincskeresés szabály'
    >>> book.get("2.03.E").id                 # ids are found whatever their case
    '2.03.e'
    >>> [r.id for r in book.children("1.01")]
    ['1.01.A', '1.01.B']
    >>> book.search("kincskereses")[0].rule.id
    '1.14.14'

Besides the index, this module finds a keyword by a loosely written name
(:func:`find_keyword`) and reads the ruling scenarios of ``examples/rulings``
(:func:`load_scenarios`), for ``korbiro keyword explain``.
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ...base import i18n
from ...base.errors import DataError
from ...base.findings import Finding
from ...base.text import close_matches, fold
from ...data.paths import package_file
from ...grammar.keywords import KEYWORD_CLASSES, KEYWORDS, Keyword

__all__ = [
    "RULE_ID",
    "Rule",
    "Rulebook",
    "Scenario",
    "SearchHit",
    "KeywordMatch",
    "default_rulings_dir",
    "find_keyword",
    "is_rule_id",
    "load_rulebook",
    "load_rulebook_file",
    "load_scenarios",
    "normalize_id",
    "parent_id",
]

#: The shape of an MK rule id: ``1.01``, ``2.03.e``, ``1.14.14.D``, ``12.00.5.1.2.A``.
RULE_ID = re.compile(r"[0-9]{1,2}\.[0-9]{2}(?:\.[0-9A-Za-z]+)*")
_RULE_ID_FULL = re.compile(rf"^{RULE_ID.pattern}$")
# "2.03e", "2.03 e", "2.03/e", "2.03.e." are read as 2.03.e
_SEPARATORS = re.compile(r"\s*[./\s]\s*")
_GLUED_LETTER = re.compile(r"^([0-9]{1,2}\.[0-9]{2})([A-Za-z])$")

#: Words too common to rank by (Hungarian and English articles and conjunctions).
STOP_WORDS = frozenset({"a", "az", "es", "egy", "the", "of", "and", "an", "to", "in", "is", "vagy", "or"})

#: How much a query word counts where it matches.
FIELD_WEIGHTS: Mapping[str, float] = {"id": 5.0, "title": 3.0, "keywords": 2.0, "summary": 1.0}

LANGS = ("hu", "en")



def is_rule_id(text: str) -> bool:
    """Whether *text* has the shape of an MK rule id.

    >>> is_rule_id("1.14.14.D"), is_rule_id("1.1"), is_rule_id("EXXIT 3")
    (True, False, False)
    """
    return _RULE_ID_FULL.match(text) is not None


def normalize_id(text: str) -> str:
    """*text* written as a rule id: blanks and slashes between parts become dots.

    >>> normalize_id(" 2.03 e "), normalize_id("2.03e"), normalize_id("1.14.14/d.")
    ('2.03.e', '2.03.e', '1.14.14.d')
    """
    s = text.strip().rstrip(".")
    s = _SEPARATORS.sub(".", s)
    m = _GLUED_LETTER.match(s)
    if m:
        s = f"{m.group(1)}.{m.group(2)}"
    return s


def parent_id(rule_id: str) -> str | None:
    """The id one level up (``1.01.A`` → ``1.01``; ``1.01`` → ``1.00``; ``1.00`` → None).

    >>> parent_id("12.00.5.1.2.A"), parent_id("2.03"), parent_id("12.00")
    ('12.00.5.1.2', '2.00', None)
    """
    parts = rule_id.split(".")
    if len(parts) > 2:
        return ".".join(parts[:-1])
    if parts[1] != "00":
        return f"{parts[0]}.00"
    return None


@dataclass(frozen=True)
class Rule:
    """One rule of the index."""

    id: str
    title: Mapping[str, str]
    status: str
    summary: Mapping[str, str]
    source: tuple[str, ...]
    #: Where an archived rule still applies (its own, or inherited from an ancestor).
    applies: Mapping[str, str] | None = None
    note: Mapping[str, str] | None = None
    #: ``"project"`` when the id is korbiro's own, not printed in the rulebook.
    numbering: str | None = None
    text_available: bool = True
    #: Why korbiro does not model the rule (Hungarian and English); None when it does.
    not_modelled: Mapping[str, str] | None = None
    keywords: tuple[str, ...] = ()
    see: tuple[str, ...] = ()
    #: Reminder key (the keyword's key, ``[…] KEY`` with a condition) -> its rules text template per language.
    reminders: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    line: int | None = field(default=None, compare=False)

    @property
    def parent(self) -> str | None:
        return parent_id(self.id)

    @property
    def depth(self) -> int:
        return self.id.count(".")

    def text(self, what: str, lang: str = "en") -> str:
        """``title``, ``summary``, ``applies``, ``note`` or ``not_modelled`` in *lang* (``""`` when absent)."""
        value: Mapping[str, str] | None = getattr(self, what)
        if not value:
            return ""
        return value.get(lang) or value.get("en") or ""

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        """The rule as JSON data: both languages, or only *lang*."""

        def pick(v: Mapping[str, str] | None) -> Any:
            if v is None:
                return None
            return dict(v) if lang is None else (v.get(lang) or v.get("en"))

        return {
            "id": self.id,
            "title": pick(self.title),
            "status": self.status,
            "applies": pick(self.applies),
            "summary": pick(self.summary),
            "note": pick(self.note),
            "source": list(self.source),
            "numbering": self.numbering or "rulebook",
            "text_available": self.text_available,
            "not_modelled": pick(self.not_modelled),
            "keywords": list(self.keywords),
            "see": list(self.see),
            "reminders": {k: (dict(v) if lang is None else (v.get(lang) or v.get("en"))) for k, v in self.reminders.items()},
        }


@dataclass(frozen=True)
class SearchHit:
    """A rule found by :meth:`Rulebook.search`, with what ranked it."""

    rule: Rule
    matched: int
    score: float
    fields: tuple[str, ...]


class Rulebook:
    """The loaded rule index: lookup by id (any case), children, search."""

    def __init__(self, rules: Iterable[Rule], path: str = "<rulebook>") -> None:
        self.path = path
        self._rules: dict[str, Rule] = {r.id: r for r in rules}
        self._folded: dict[str, str] = {r.id.casefold(): r.id for r in self._rules.values()}
        self._children: dict[str, list[Rule]] = {}
        for r in self._rules.values():
            p = self.parent_of(r.id)
            if p is not None:
                self._children.setdefault(p, []).append(r)
        self._search_index: list[tuple[Rule, dict[str, list[str]]]] | None = None

    # -- mapping protocol
    def __len__(self) -> int:
        return len(self._rules)

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __contains__(self, rule_id: object) -> bool:
        return isinstance(rule_id, str) and self.get(rule_id) is not None

    def __getitem__(self, rule_id: str) -> Rule:
        rule = self.get(rule_id)
        if rule is None:
            raise KeyError(rule_id)
        return rule

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._rules)

    def get(self, rule_id: str) -> Rule | None:
        """The rule with this id: exact, else ignoring case and loose separators."""
        exact = self._rules.get(rule_id)
        if exact is not None:
            return exact
        key = self._folded.get(normalize_id(rule_id).casefold())
        return self._rules[key] if key is not None else None

    def parent_of(self, rule_id: str) -> str | None:
        """The nearest ancestor id that is in the index."""
        p = parent_id(rule_id)
        while p is not None and p not in self._rules:
            p = parent_id(p)
        return p

    def children(self, rule_id: str) -> list[Rule]:
        """The rules directly below *rule_id* in the index, in file order."""
        rule = self.get(rule_id)
        return list(self._children.get(rule.id if rule else rule_id, ()))

    def descendants(self, rule_id: str) -> list[Rule]:
        """Every rule below *rule_id*, depth first, in file order."""
        out: list[Rule] = []
        for child in self.children(rule_id):
            out.append(child)
            out.extend(self.descendants(child.id))
        return out

    def ancestors(self, rule_id: str) -> list[Rule]:
        """The rules above *rule_id*, nearest first."""
        out: list[Rule] = []
        p = self.parent_of(rule_id)
        while p is not None:
            out.append(self._rules[p])
            p = self.parent_of(p)
        return out

    def covers(self, rule_id: str, other: str) -> bool:
        """Whether *other* is *rule_id* or lies below it (``2.03`` covers ``2.03.e``)."""
        a, b = normalize_id(rule_id).casefold(), normalize_id(other).casefold()
        return b == a or b.startswith(a + ".")

    def suggest(self, query: str, n: int = 3) -> list[str]:
        """Ids close to *query*, for a did-you-mean; words get the best search hits."""
        q = normalize_id(query)
        if re.match(r"^[0-9]", q):
            close = close_matches(q.casefold(), self._folded, n=n)
            found = [self._folded[c] for c in close]
            # the nearest existing ancestor of an id-shaped query is always offered
            p = parent_id(q) if RULE_ID.fullmatch(q) else None
            while p is not None and p.casefold() not in self._folded:
                p = parent_id(p)
            if p is not None:
                anc = self._folded[p.casefold()]
                if anc not in found:
                    found = found[: n - 1] + [anc]
            return found
        return [hit.rule.id for hit in self.search(query, limit=n)]

    # -- search
    def _index(self) -> list[tuple[Rule, dict[str, list[str]]]]:
        if self._search_index is None:
            idx = []
            for r in self._rules.values():
                fields = {
                    "id": [r.id.casefold()],
                    "title": _words(" ".join(r.title.values())),
                    "keywords": _words(" ".join(r.keywords)),
                    "summary": _words(" ".join(r.summary.values())),
                }
                idx.append((r, fields))
            self._search_index = idx
        return self._search_index

    def search(self, words: str | Sequence[str], *, limit: int | None = 20) -> list[SearchHit]:
        """Rules matching *words*, accent- and case-insensitively, best first.

        A query word matches a word of a rule that starts with it (``kincs``
        matches ``Kincskeresés``), that contains it (from four letters on), or
        that starts with it less its last two letters (from six letters on, for
        Hungarian endings: ``toronyszintek`` matches ``toronyszintjét``).
        Rules rank by how many query words they match; then a rule whose title
        is the query (a current one before an archived one), then one whose
        title holds every word; then by where the words match: the id, the
        title, the keywords, the summary (both languages each); then current
        rules before archived ones.
        """
        text = words if isinstance(words, str) else " ".join(words)
        tokens = _query_tokens(text)
        if not tokens:
            return []
        hits: list[tuple[tuple[float, ...], SearchHit]] = []
        for order, (rule, fields) in enumerate(self._index()):
            matched = 0
            score = 0.0
            where: set[str] = set()
            for tok in tokens:
                hit_any = False
                for name, ws in fields.items():
                    best = _match(tok, ws, exact_only=(name == "id"))
                    if best:
                        hit_any = True
                        where.add(name)
                        score += FIELD_WEIGHTS[name] + (0.5 if best == 2 else 0.0)
                matched += hit_any
            if matched:
                hit = SearchHit(rule, matched, score, tuple(n for n in FIELD_WEIGHTS if n in where))
                titles = [_words(t) for t in rule.title.values()]
                if any(len(t) == len(tokens) and all(_match(tok, t) for tok in tokens) for t in titles):
                    title_rank = 2  # the query is a title (word for word, endings aside)
                elif all(any(_match(tok, t) for t in titles) for tok in tokens):
                    title_rank = 1  # every query word is in a title
                else:
                    title_rank = 0
                current = 0 if rule.status == "current" else 1
                exact_current = current if title_rank == 2 else 0  # two rules titled alike: the current one first
                hits.append(((-matched, -title_rank, exact_current, -score, current, rule.depth, order), hit))
        hits.sort(key=lambda h: h[0])
        found = [h for _, h in hits]
        return found if limit is None else found[:limit]


    def not_found(self, query: str, lang: str = "en") -> str:
        """Why *query* names no rule, with the closest ids: ``no rule '1.99' in the index; did you mean …?``."""
        sugg = self.suggest(query)
        hint = i18n.message("MK-RULEBOOK.did-you-mean", lang,
                            options=i18n.template("MK-RULEBOOK.or", lang).join(sugg)) if sugg else ""
        return i18n.message("MK-RULEBOOK.no-rule", lang, query=query) + hint

    def show_to_dict(self, query: str, scenarios: Sequence[Scenario], lang: str = "en") -> dict[str, Any]:
        """``korbiro rule show ID --format json``: the rule with its parents, its points and the
        *scenarios* that cite it; ``rule`` is null, with the error and suggestions, for an unknown id."""
        found = self.get(query)
        if found is None:
            return {"query": query, "rule": None, "error": self.not_found(query, lang),
                    "suggestions": self.suggest(query)}
        data = found.to_dict()
        data["parents"] = [a.id for a in self.ancestors(found.id)]
        data["points"] = [r.to_dict() | {"parent": self.parent_of(r.id)} for r in self.descendants(found.id)]
        data["scenarios"] = [{"path": s.path, "title": s.title} for s in scenarios if s.cites(found.id, self)]
        return {"query": query, "rule": data}

    def search_to_dict(self, words: str | Sequence[str], *, limit: int | None = 20, lang: str = "en") -> dict[str, Any]:
        """``korbiro rule search WORDS --format json``: the hits, best first, in *lang*."""
        text = words if isinstance(words, str) else " ".join(words)
        hits = self.search(words, limit=limit)
        return {"query": text, "results": [
            {"id": h.rule.id, "title": h.rule.text("title", lang), "status": h.rule.status, "matched": h.matched,
             "score": h.score, "fields": list(h.fields), "summary": h.rule.text("summary", lang)} for h in hits]}


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[^0-9a-z]+", fold(text)) if w]


def _query_tokens(text: str) -> list[str]:
    raw = text.strip()
    if is_rule_id(normalize_id(raw)):
        return [normalize_id(raw).casefold()]
    tokens: list[str] = []
    for part in raw.split():
        n = normalize_id(part)
        if is_rule_id(n):
            tokens.append(n.casefold())
        else:
            tokens.extend(_words(part))
    return list(dict.fromkeys(t for t in tokens if t not in STOP_WORDS))


def _match(token: str, words: list[str], *, exact_only: bool = False) -> int:
    """2 when a word equals *token*, 1 when one starts with it (or contains it), else 0."""
    best = 0
    for w in words:
        if w == token:
            return 2
        if exact_only:
            continue
        if w.startswith(token) or (len(token) >= 4 and token in w) or (len(token) >= 6 and w.startswith(token[:-2])):
            best = 1
    return best


# --------------------------------------------------------------------------- loading


def rulebook_path() -> Path:
    """The shipped ``rulebook.yaml``."""
    return package_file("rules/mk/rulebook.yaml")


@cache
def load_rulebook() -> Rulebook:
    """The shipped rule index, loaded and checked once per process.

    Raises :class:`~korbiro.base.errors.DataError` (with every finding) when the
    shipped file is broken, which the test suite prevents.
    """
    return load_rulebook_file(rulebook_path())


def load_rulebook_file(path: str | os.PathLike[str]) -> Rulebook:
    """Load and check a rule index file: the schema, then the links.

    Every problem is collected: unknown ids in ``see``, keywords that are not
    korbiro keywords, duplicate ids (also when they differ only in case), and
    archived rules with no ``applies`` here or on an ancestor.  A file that
    passes is remembered in korbiro's cache as its rules, under the digest of
    its bytes and of the code and schema that check it: the next command
    reads the rules without reading the YAML again.
    """
    display = os.fsdecode(os.fspath(path))
    try:
        raw = Path(path).read_bytes()
    except OSError:
        raw = None  # the loader says why
    remembered = _Remembered("rulebook", [raw, _schema_bytes("mk-rulebook")]) if raw is not None else None
    rules = remembered.get() if remembered is not None else None
    if isinstance(rules, list):
        try:
            return Rulebook([_rule_from_json(r) for r in rules], display)
        except (KeyError, TypeError, ValueError):
            pass  # an entry of another shape: check the file again
    book = _load_rulebook_file(path)
    if remembered is not None:
        remembered.put([_rule_to_json(r) for r in book])
    return book


def _rule_to_json(rule: Rule) -> dict[str, Any]:
    from dataclasses import asdict  # lazy: only a rule index just checked is remembered

    return asdict(rule)


def _rule_from_json(data: dict[str, Any]) -> Rule:
    fields: dict[str, Any] = {k: tuple(v) if k in ("source", "keywords", "see") else v for k, v in data.items()}
    return Rule(**fields)


def _schema_bytes(name: str) -> bytes:
    return package_file(f"data/schemas/{name}.schema.json").read_bytes()


#: korbiro's files whose code decides what the remembered loaders (the rule index's, the scenarios')
#: make of their inputs, package-relative.  ``tests/rules/mk/test_remembered.py`` checks that every korbiro
#: module the loaders run is here or is one that cannot change a result (the cache's, the messages').
REMEMBERED_CODE: tuple[str, ...] = (
    "rules/mk/rulebook.py", "grammar/keywords.py", "grammar/vocabulary.py", "base/text.py", "base/yamlload.py",
    "base/errors.py", "base/findings.py", "base/limits.py", "data/schema.py",
)


def _Remembered(kind: str, inputs: Sequence[bytes]) -> Any:
    """A result of this module's code (:data:`REMEMBERED_CODE`) on *inputs*, kept in korbiro's cache
    (:class:`~korbiro.data.cache.Remembered`)."""
    # lazy: only the loaders that remember results read the cache
    from ...data.cache import Remembered

    return Remembered(kind, REMEMBERED_CODE, inputs)


def _load_rulebook_file(path: str | os.PathLike[str]) -> Rulebook:
    # lazy: only commands that read the rule index load the YAML loader and the schema
    from ...base.yamlload import load_yaml_file
    from ...data.schema import iter_schema_findings

    doc = load_yaml_file(path)
    problems = list(iter_schema_findings(doc, "mk-rulebook"))
    if problems:
        _raise(problems, doc.path)
    rules: list[Rule] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(doc.data["rules"]):
        line = doc.mark(("rules", i))[0]
        key = raw["id"].casefold()
        if key in seen:
            problems.append(Finding("MK-RULEBOOK-DUPLICATE", f"rule id {raw['id']!r} appears twice (first at line {seen[key]})",
                                    file=doc.path, line=line, column=doc.mark(("rules", i, "id"))[1],
                                    args={"id": raw["id"], "first": seen[key]}))
            continue
        seen[key] = line
        rules.append(Rule(
            id=raw["id"], title=dict(raw["title"]), status=raw["status"], summary=dict(raw["summary"]),
            source=tuple(raw["source"]), applies=dict(raw["applies"]) if "applies" in raw else None,
            note=dict(raw["note"]) if "note" in raw else None, numbering=raw.get("numbering"),
            text_available=raw.get("text_available", True),
            not_modelled=dict(raw["not_modelled"]) if "not_modelled" in raw else None,
            keywords=tuple(raw.get("keywords", ())),
            see=tuple(raw.get("see", ())),
            reminders={str(k): dict(v) for k, v in (raw.get("reminders") or {}).items()}, line=line,
        ))
    book = Rulebook(rules, doc.path)
    by_id: dict[str, int] = {}
    for i, raw in enumerate(doc.data["rules"]):
        by_id.setdefault(raw["id"], i)
    final: list[Rule] = []
    for r in rules:
        i = by_id[r.id]
        for j, target in enumerate(r.see):
            if target not in book._rules:
                line, col = doc.mark(("rules", i, "see", j))
                problems.append(Finding("MK-RULEBOOK-SEE", f"rule {r.id} links to {target!r}, which is not in the index",
                                        file=doc.path, line=line, column=col, args={"id": r.id, "target": target}))
        for j, kw in enumerate(r.keywords):
            if kw not in KEYWORDS:
                line, col = doc.mark(("rules", i, "keywords", j))
                close = close_matches(kw, KEYWORDS, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                hint_hu = f" (erre gondoltál: {close[0]!r}?)" if close else ""
                problems.append(Finding("MK-RULEBOOK-KEYWORD", f"rule {r.id} links to keyword {kw!r}, which korbiro does not know{hint}",
                                        file=doc.path, line=line, column=col,
                                        args={"id": r.id, "keyword": kw, "hint": hint, "hint_hu": hint_hu}))
        problems.extend(_reminder_problems(r, doc, i))
        applies = r.applies
        if r.status == "archived" and applies is None:
            for anc in book.ancestors(r.id):
                if anc.status == "archived" and anc.applies is not None:
                    applies = anc.applies
                    break
            else:
                problems.append(Finding("MK-RULEBOOK-APPLIES", f"archived rule {r.id} says nowhere where it still applies",
                                        file=doc.path, line=r.line, args={"id": r.id}))
        final.append(r if applies is r.applies else _replace(r, applies=applies))
    if problems:
        _raise(problems, doc.path)
    return Rulebook(final, doc.path)


def _reminder_forms() -> dict[str, tuple[str | None, tuple[str, ...]]]:
    """Reminder key -> (the rule id it belongs to, the names its text may use), over every keyword class."""
    return {key: (cls.reminder_rule_id(), params) for cls in KEYWORD_CLASSES
            for key, params in cls.reminder_forms().items()}


def _reminder_problems(rule: Rule, doc: Any, i: int) -> list[Finding]:
    """A reminder for a keyword that is not explained by this rule, or with a placeholder the keyword cannot fill."""
    out: list[Finding] = []
    forms = _reminder_forms()
    for key, texts in rule.reminders.items():
        line, col = doc.mark(("rules", i, "reminders", key))
        form = forms.get(key)
        if form is None or form[0] != rule.id:
            where = f" (its rule is {form[0]})" if form is not None else ""
            out.append(Finding("MK-RULEBOOK-REMINDER", f"rule {rule.id} has a reminder for {key!r}, which is not a "
                               f"keyword form it explains{where}", file=doc.path, line=line, column=col,
                               args={"id": rule.id, "keyword": key, "where": where}))
            continue
        for lang, text in texts.items():
            try:
                names = {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
            except ValueError as exc:
                names = {f"<{exc}>"}
            unknown = sorted(names - set(form[1]))
            if unknown:
                out.append(Finding("MK-RULEBOOK-REMINDER-VALUE",
                                   f"rule {rule.id}: the {lang} reminder of {key!r} uses {', '.join(unknown)}; "
                                   f"the keyword fills {', '.join('{' + p + '}' for p in form[1]) or 'nothing'}",
                                   file=doc.path, line=line, column=col,
                                   args={"id": rule.id, "keyword": key, "lang": lang, "unknown": ", ".join(unknown),
                                         "known": ", ".join("{" + p + "}" for p in form[1]) or "nothing",
                                         "known_hu": ", ".join("{" + p + "}" for p in form[1]) or "semmit"}))
    return out


def _replace(rule: Rule, **changes: Any) -> Rule:
    from dataclasses import replace

    return replace(rule, **changes)


def _raise(problems: list[Finding], path: str) -> None:
    head = problems[0]
    err = DataError(head.code, head.message, path=path, line=head.line, column=head.column)
    err.findings = problems
    raise err


# --------------------------------------------------------------------------- keywords


@dataclass(frozen=True)
class KeywordMatch:
    """The outcome of :func:`find_keyword`: one keyword class, or candidates."""

    query: str
    keyword: type[Keyword] | None
    candidates: tuple[type[Keyword], ...] = ()
    suggestions: tuple[str, ...] = ()


def _keyword_names(cls: type[Keyword]) -> set[str]:
    names = {fold(cls.key), fold(cls.__name__)}
    if cls.keyword:
        names.add(fold(cls.keyword))
    return names


def find_keyword(query: str) -> KeywordMatch:
    """The keyword named by *query*, ignoring accents, case and spacing.

    An exact name wins (``antiss`` is the ANTISS symbol, ``antiss "…"`` the
    ability); else a unique name that starts with, or contains, the query.

    >>> find_keyword("kincskereses").keyword.keyword
    'KINCSKERESÉS'
    >>> find_keyword("egy jatekos legfeljebb").keyword.rule
    '1.14.4'
    >>> find_keyword("kincsx").suggestions
    ('KINCS',)
    """
    q = fold(query)
    classes = [c for c in KEYWORD_CLASSES if c.keyword]
    if not q:
        return KeywordMatch(query, None)
    by_key = [c for c in classes if fold(c.key) == q]
    if len(by_key) == 1:
        return KeywordMatch(query, by_key[0])
    exact = [c for c in classes if q in _keyword_names(c)]
    if len(exact) == 1:
        return KeywordMatch(query, exact[0])
    starts = [c for c in classes if any(n.startswith(q) for n in _keyword_names(c))]
    if len(starts) == 1:
        return KeywordMatch(query, starts[0])
    contains = starts or [c for c in classes if any(q in n for n in _keyword_names(c))]
    if len(contains) == 1:
        return KeywordMatch(query, contains[0])
    if contains:
        return KeywordMatch(query, None, candidates=tuple(contains))
    names = {fold(c.key): c.key for c in classes}
    close = close_matches(q, names)
    return KeywordMatch(query, None, suggestions=tuple(names[c] for c in close))


# --------------------------------------------------------------------------- scenarios


@dataclass(frozen=True)
class Scenario:
    """What ``korbiro keyword explain`` reads from a ruling scenario file."""

    path: str
    title: str
    rules: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()

    def exercises(self, keyword: type[Keyword], book: Rulebook | None = None) -> bool:
        """Whether the scenario exercises *keyword*: its ``keywords`` name it, or,
        in a scenario that lists no keywords, its ``rules`` cite the keyword's
        rule or a point below it."""
        names = {fold(keyword.key)} | ({fold(keyword.keyword)} if keyword.keyword else set())
        if self.keywords:
            return any(fold(k) in names for k in self.keywords)
        rule = keyword.rule
        if rule is None:
            return False
        b = book or load_rulebook()
        return any(b.covers(rule, r) for r in self.rules)

    def cites(self, rule_id: str, book: Rulebook | None = None) -> bool:
        """Whether the scenario cites *rule_id* or a point below it."""
        b = book or load_rulebook()
        return any(b.covers(rule_id, r) for r in self.rules)


def default_rulings_dir() -> Path | None:
    """Where the ruling scenarios are: ``$KORBIRO_RULINGS``, else ``examples/rulings``
    in the working folder, else beside the installed package (a source checkout)."""
    env = os.environ.get("KORBIRO_RULINGS")
    if env:
        return Path(env)
    here = Path("examples") / "rulings"
    if here.is_dir():
        return here
    beside = package_file(".").parent / "examples" / "rulings"
    if beside.is_dir():
        return beside
    return None


def load_scenarios(folder: str | os.PathLike[str] | None) -> list[Scenario]:
    """The scenarios of *folder* (``*.yaml``, sorted), reading only ``title``,
    ``rules`` and ``keywords``; a file that cannot be read or has no title is
    skipped, and a missing folder has none.  What they say is remembered in
    korbiro's cache under the digest of every file's name and bytes."""

    if folder is None:
        return []
    base = Path(folder)
    if not base.is_dir():
        return []
    paths = sorted(base.glob("*.yaml"))
    reads: list[bytes] = []
    for path in paths:
        try:
            reads.append(os.fsencode(path) + b"\0" + path.read_bytes())
        except OSError:
            reads.append(os.fsencode(path) + b"\0unreadable")
    remembered = _Remembered("scenarios", reads)
    known = remembered.get()
    if isinstance(known, list):
        try:
            return [Scenario(p, t, tuple(r), tuple(k)) for p, t, r, k in known]
        except (TypeError, ValueError):
            pass
    out = _read_scenarios(paths)
    remembered.put([[s.path, s.title, list(s.rules), list(s.keywords)] for s in out])
    return out


def _read_scenarios(paths: Sequence[Path]) -> list[Scenario]:
    from ...base.yamlload import load_yaml_file  # lazy: only `keyword explain` reads scenarios

    out: list[Scenario] = []
    for path in paths:
        try:
            doc = load_yaml_file(path)
        except DataError:
            continue
        data = doc.data
        title = data.get("title") if isinstance(data, dict) else None
        if not isinstance(title, str) or not title.strip():
            continue
        rules = _strings(data.get("rules"))
        keywords = _strings(data.get("keywords"))
        out.append(Scenario(str(path), title.strip(), rules, keywords))
    return out


def _strings(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(str(v) for v in value if isinstance(v, (str, int)) and not isinstance(v, bool))
    return ()
