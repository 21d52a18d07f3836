"""``korbiro data check``: every problem of a card database, at file:line.

The pipeline per set file: strict YAML load → JSON Schema → card-text DSL →
per-card rules (keywords on the card types they belong to, dialects, names).
Then cross-file checks run over small per-file summaries: unique ids and
names, IGAZ NÉV targets.  Per-file results are cached keyed on the file's
content (and korbiro's own version, schemas and grammar), so re-checking an
unchanged database reads and hashes the files and nothing more.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..base import i18n
from ..base.errors import DataError
from ..base.findings import HINT_BUDGET, Finding, Severity, has_failures, sort_findings
from ..base.text import close_matches, fold, suspicious_characters
from .cache import Cache
from .cards import CARD_TYPES, Card, CardDatabase
from .fieldcheck import FieldReader, Named, named_findings
from .paths import code_digest, database_files, discover
from .sources import Source, read_source

# --------------------------------------------------------------------------
# per-file stage


@dataclass
class CardRef:
    """What cross-file checks need to know of a card."""

    id: str | None
    name: str | None
    type: str | None
    line: int
    id_pos: tuple[int, int]
    name_pos: tuple[int, int]
    true_names: list[tuple[str, int, int]] = field(default_factory=list)


@dataclass
class FileReport:
    """What the check found in one set file, and what the cross-file checks need of its cards."""

    path: str
    findings: list[Finding]
    set_code: str | None = None
    cards: list[CardRef] = field(default_factory=list)
    cached: bool = False
    #: field -> the folded values the file's cards hold (race, class, descriptor words, …: :mod:`.fieldcheck`)
    values: dict[str, set[str]] = field(default_factory=dict)
    #: the values its cards name that the database must hold (filter values, condition words)
    named: list[Named] = field(default_factory=list)


def check_file(path: str, raw: bytes | None = None, *, cards: bool = True) -> tuple[FileReport, list[Card]]:
    """Check one set file; returns its report and the cards that could be built (none when *cards*
    is false: a data check keeps only the report)."""
    # lazy: a re-check answered from the cache reads no YAML and no schema
    from ..base.yamlload import load_yaml_file, load_yaml_text
    from .schema import iter_schema_findings

    try:
        doc = load_yaml_text(raw, path) if raw is not None else load_yaml_file(path)
    except DataError as exc:
        return FileReport(path, exc.findings), []
    findings: list[Finding] = list(doc.findings)
    findings.extend(iter_schema_findings(doc, "mk-set"))
    return _SetFile(path, raw, doc, FileReport(path, findings)).check(build=cards)


class _FileLines:
    """Where a set file's values start: its lines are read once, when a card's text or a field reader first
    needs them.  (Apart from :class:`_SetFile`, which the field reader would otherwise hold in a cycle: the
    collector is paused while set files are read, :func:`bulk`.)"""

    def __init__(self, path: str, raw: bytes | None, doc: Any) -> None:
        self.path = path
        self.raw = raw
        self.doc = doc
        self._lines: list[str] | None = None

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = _source_lines(self.path, self.raw)
        return self._lines

    def locate(self, i: int, where: tuple[str | int, ...]) -> tuple[int, int]:
        """Where the content of card *i*'s value at *where* starts."""
        return _text_start(self.lines, self.doc.mark(("cards", i, *where)))


class _SetFile:
    """One loaded set file being checked card by card: its report grows, its cards are built."""

    def __init__(self, path: str, raw: bytes | None, doc: Any, report: FileReport) -> None:
        self.path = path
        self.doc = doc
        self.report = report
        self.findings = report.findings
        self.marks: dict[tuple[str | int, ...], tuple[int, int]] = doc.marks
        self.source = _FileLines(path, raw, doc)
        self.fields = FieldReader(path, self.source.locate)

    @property
    def lines(self) -> list[str]:
        """The file's lines."""
        return self.source.lines

    def mark(self, *where: str | int) -> tuple[int, int]:
        """The line and column of the value at *where*, or of its nearest ancestor."""
        return self.marks.get(where) or self.doc.mark(where)

    def check(self, build: bool) -> tuple[FileReport, list[Card]]:
        """Check the set block and every card; the report and the cards built (when *build*)."""
        report, data = self.report, self.doc.data
        set_block = data.get("set")
        if isinstance(set_block, dict) and isinstance(set_block.get("code"), str):
            report.set_code = set_block["code"]
            self.set_code_findings()
        raw_cards = data.get("cards")
        if not isinstance(raw_cards, list):
            return report, []
        built: list[Card] = []
        prefix = report.set_code + "-" if report.set_code else None
        for i, rc in enumerate(raw_cards):
            if rc.__class__ is dict:
                card = self.card(i, rc, prefix, build)
                if card is not None:
                    built.append(card)
        self.findings.extend(self.fields.findings)
        report.values, report.named = self.fields.held(), self.fields.named
        return report, built

    def set_code_findings(self) -> None:
        """The set's code names its file."""
        path, report = self.path, self.report
        stem = Path(path).stem
        if stem != report.set_code:
            line, col = self.doc.mark(("set", "code"))
            self.findings.append(
                Finding("MK-DATA-SET-FILE-MISMATCH",
                        f"set code {report.set_code!r} does not match the file name {stem!r}",
                        file=path, line=line, column=col,
                        args={"code": report.set_code, "stem": stem})
            )

    def card(self, i: int, rc: dict[str, Any], prefix: str | None, build: bool) -> Card | None:
        """Check card *i*; the card built from it when *build* and it has an id, a name and a type."""
        path, findings = self.path, self.findings
        line = self.mark("cards", i)[0]
        cid = rc.get("id")
        cid = cid if cid.__class__ is str else None
        name = rc.get("name")
        name = name if name.__class__ is str else None
        ctype = rc.get("type")
        ctype = ctype if ctype.__class__ is str else None
        ref = CardRef(cid, name, ctype, line, self.mark("cards", i, "id"), self.mark("cards", i, "name"))
        self.report.cards.append(ref)
        if cid and prefix is not None and not cid.startswith(prefix):
            ln, col = ref.id_pos
            findings.append(Finding("MK-DATA-ID-PREFIX",
                                    f"card id {cid!r} does not start with its set code {self.report.set_code!r}",
                                    file=path, line=ln, column=col, card=cid,
                                    args={"id": cid, "code": self.report.set_code}))
        if name is not None:
            findings.extend(_name_findings(name, path, ref))
        keywords = self.text(i, rc, ref)
        history = rc.get("history")
        if isinstance(history, list) and history:
            h_findings, h_names = _history_findings(history, rc, path, self.doc, self.lines, i, cid)
            findings.extend(h_findings)
            ref.true_names.extend(h_names)
        behaviour = self.behaviour(i, rc, cid, keywords) if "behaviour" in rc else None
        self.fields.card(i, rc, cid, behaviour)
        return self.built(rc, ref, keywords, behaviour) if build else None

    def text(self, i: int, rc: dict[str, Any], ref: CardRef) -> tuple[Any, ...]:
        """Parse card *i*'s text (its IGAZ NÉV targets go on *ref*); its keywords."""
        text = rc.get("text")
        if text.__class__ is not str or not text.strip():
            return ()
        tline, tcol = _text_start(self.lines, self.mark("cards", i, "text"))
        keywords, kw_findings = _parse_text(text, self.path, tline, tcol, ref.id)
        self.findings.extend(kw_findings)
        self.findings.extend(_keyword_findings(keywords, rc, self.path, ref.id))
        ref.true_names = [
            (k.name, k.line or tline, k.column or tcol) for k in keywords if getattr(k, "keyword", "") == "IGAZ NÉV"
        ]
        return keywords

    def behaviour(self, i: int, rc: dict[str, Any], cid: str | None, keywords: tuple[Any, ...]) -> Any:
        """Read card *i*'s ``behaviour:`` and check its beast line against the text's; the behaviour."""
        behaviour, b_findings = _read_behaviour(rc["behaviour"], self.path, self.doc, self.lines, i, cid)
        self.findings.extend(b_findings)
        if behaviour is not None and behaviour.beast is not None and keywords:
            at = self.mark("cards", i, "behaviour", "beast")
            self.findings.extend(_beast_findings(keywords, behaviour, at[0], self.path, cid))
        return behaviour

    def built(self, rc: dict[str, Any], ref: CardRef, keywords: tuple[Any, ...], behaviour: Any) -> Card | None:
        """The card the entry *rc* describes, when it has an id, a name and a type."""
        cid, name, ctype = ref.id, ref.name, ref.type
        if not (cid and name and ctype):
            return None
        text = rc.get("text")
        return Card(
            id=cid,
            name=name if unicodedata.is_normalized("NFC", name) else unicodedata.normalize("NFC", name),
            type=ctype,
            subtype=rc.get("subtype"),
            mp=rc.get("mp"),
            dp=rc.get("dp"),
            text=text if isinstance(text, str) else "",
            keywords=tuple(keywords),
            set=self.report.set_code or "",
            file=self.path,
            line=ref.line,
            attrs={k: v for k, v in rc.items() if k not in _CARD_FIELDS},
            behaviour=behaviour,
        )


#: the fields a Card holds as attributes; the others are its ``attrs``
_CARD_FIELDS = frozenset(("id", "name", "type", "subtype", "mp", "dp", "text"))


def _history_findings(history: list[Any], rc: dict[str, Any], path: str, doc: Any, lines: Sequence[str], i: int,
                      cid: str | None) -> tuple[list[Finding], list[tuple[str, int, int]]]:
    """A card's ``history:``: dates in order and unique, a text for every version but the last, each parsing.

    Returns the findings and the IGAZ NÉV targets of the earlier versions (checked like the current text's).
    """
    # lazy: history's dates are read only for a card that has one
    from .history import parse_date

    out: list[Finding] = []
    names: list[tuple[str, int, int]] = []
    previous: tuple[Any, str | None] | None = None  # (date, text) of the version before
    last = len(history) - 1
    for j, entry in enumerate(history):
        if not isinstance(entry, dict):
            continue  # a schema finding already
        day = parse_date(entry.get("from"))
        line, col = doc.mark(("cards", i, "history", j))
        if "from" in entry:
            line, col = doc.mark(("cards", i, "history", j, "from"))
        if day is not None and previous is not None:
            args = {"date": day.isoformat(), "previous": previous[0].isoformat()}
            if day < previous[0]:
                out.append(Finding("MK-CARD-HISTORY-ORDER", f"the version from {args['date']} comes after the one "
                                   f"from {args['previous']}; keep the history in date order",
                                   file=path, line=line, column=col, card=cid, args=args))
            elif day == previous[0]:
                out.append(Finding("MK-CARD-HISTORY-DATE", f"two versions from {args['date']}; each version needs "
                                   "a date of its own", file=path, line=line, column=col, card=cid,
                                   args={"date": args["date"]}))
        shown = day.isoformat() if day is not None else str(entry.get("from"))
        text = entry.get("text")
        if j == last:
            body = rc.get("text") if isinstance(rc.get("text"), str) else ""
            if "text" in entry:
                tline, tcol = doc.mark(("cards", i, "history", j, "text"))
                out.append(Finding("MK-CARD-HISTORY-CURRENT", f"the last version (from {shown}) is the current text: "
                                   "write it as the card's text, not here", file=path, line=tline, column=tcol,
                                   card=cid, args={"date": shown}))
        elif not isinstance(text, str):
            if "text" not in entry:
                out.append(Finding("MK-CARD-HISTORY-TEXT", f"the version from {shown} has no text; every version but "
                                   "the last (the current text) writes its text", file=path, line=line, column=col,
                                   card=cid, args={"date": shown}))
            body = None
        else:
            body = text
            if text.strip():
                tline, tcol = _text_start(lines, doc.mark(("cards", i, "history", j, "text")))
                keywords, kw_findings = _parse_text(text, path, tline, tcol, cid)
                out.extend(kw_findings)
                out.extend(_keyword_findings(keywords, {**rc, "fal": None}, path, cid))
                names.extend((k.name, k.line or tline, k.column or tcol) for k in keywords
                             if getattr(k, "keyword", "") == "IGAZ NÉV")
        if day is not None:
            if body is not None and previous is not None and previous[1] is not None \
                    and previous[1].strip() == body.strip() and day != previous[0]:
                out.append(Finding("MK-CARD-HISTORY-SAME", f"the version from {shown} has the same text as the one "
                                   f"from {previous[0].isoformat()}", severity=Severity.WARNING, file=path, line=line,
                                   column=col, card=cid, args={"date": shown, "previous": previous[0].isoformat()}))
            if previous is None or day >= previous[0]:
                previous = (day, body)
    return out, names


def _read_behaviour(raw_behaviour: Any, path: str, doc: Any, lines: Sequence[str], i: int,
                    cid: str | None) -> tuple[Any, list[Finding]]:
    # lazy: the behaviour languages load lark, needed only for cards not cached
    from .behaviour import read_behaviour

    def locate(where: tuple[str | int, ...]) -> tuple[int, int]:
        return _text_start(lines, doc.mark(("cards", i, "behaviour", *where)))

    return read_behaviour(raw_behaviour, path=path, locate=locate, card=cid, fields=False)


def _source_lines(path: str, raw: bytes | None) -> list[str]:
    if raw is None:
        with open(path, "rb") as fh:
            raw = fh.read()
    return raw.decode("utf-8-sig", errors="replace").splitlines()


def _text_start(lines: Sequence[str], mark: tuple[int, int]) -> tuple[int, int]:
    """Where the first character of a scalar's content stands in the file."""
    line, col = mark
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    ch = src[col - 1 : col]
    if ch in ("|", ">"):
        for j in range(line, len(lines)):
            nxt = lines[j]
            if nxt.strip():
                return j + 1, len(nxt) - len(nxt.lstrip(" ")) + 1
        return line + 1, 1
    if ch in ('"', "'"):
        return line, col + 1
    return line, col


def _parse_text(text: str, path: str, line: int, col: int, cid: str | None) -> tuple[tuple[Any, ...], list[Finding]]:
    # lazy: loads lark, needed only for cards not cached
    from ..grammar.cardtext import check_card_text

    parsed, found = check_card_text(text, path=path, first_line=line, first_column=col)
    found = [f if f.card else _with_card(f, cid) for f in found]
    return (parsed.keywords if parsed is not None else ()), found


def _with_card(f: Finding, cid: str | None) -> Finding:
    from dataclasses import replace

    return replace(f, card=cid)


_DIALECTS = ("SZOLGA NYELV", "NEMES NYELV", "TITKOS NYELV")


def _keyword_findings(keywords: Sequence[Any], rc: dict[str, Any], path: str, cid: str | None) -> list[Finding]:
    out: list[Finding] = []
    ctype = rc.get("type")
    subtype = rc.get("subtype") if isinstance(rc.get("subtype"), str) else None  # else a schema finding already
    seen: dict[str, Any] = {}
    for k in keywords:
        if not k.keyword:
            continue
        if ctype in CARD_TYPES and not k.allowed_on(ctype, subtype):
            out.append(_wrong_type(k, ctype, subtype, path, cid))
        if not k.repeatable and k.key in seen:
            message, args = i18n.said("MK-CARD-KEYWORD-REPEATED", keyword=k.keyword, first=seen[k.key].line)
            out.append(Finding("MK-CARD-KEYWORD-REPEATED", message, severity=Severity.WARNING, rule=k.rule,
                               file=path, line=k.line, column=k.column, card=cid, args=args))
        seen.setdefault(k.key, k)
    dialects = [k for k in keywords if k.keyword in _DIALECTS]
    if len({k.keyword for k in dialects}) > 1:
        found = ", ".join(k.keyword for k in dialects)
        k = dialects[1]
        out.append(Finding("MK-CARD-DIALECTS",
                           f"an adventurer has one power-word dialect at a time, this card has {found}",
                           rule="3.05.D", file=path, line=k.line, column=k.column, card=cid,
                           args={"found": found}))
    fal = seen.get("FAL")
    field_fal = rc.get("fal")
    if fal is not None and isinstance(field_fal, int) and not isinstance(field_fal, bool) and fal.value != field_fal:
        out.append(Finding("MK-CARD-FAL-MISMATCH",
                           f"the card text says FAL {fal.value} but the fal field says {field_fal}",
                           rule="2.01", file=path, line=fal.line, column=fal.column, card=cid,
                           args={"text": fal.value, "field": field_fal}))
    return out


def _beast_findings(keywords: Sequence[Any], behaviour: Any, line: int, path: str, cid: str | None) -> list[Finding]:
    """3.05.F: the printed beast line (TÁMADÁS, SEBZÉS) and ``behaviour.beast`` (roll, damage) say the same."""
    out: list[Finding] = []
    said = {"TÁMADÁS": ("roll", behaviour.beast_roll), "SEBZÉS": ("damage", behaviour.beast)}
    for k in keywords:
        name, value = said.get(k.keyword, (None, None))
        if name is None or value == k.value:
            continue
        message, args = i18n.said("MK-CARD-BEAST-MISMATCH", text=k.render(), text_line=k.line, field=name,
                                  value=value, line=line)
        out.append(Finding("MK-CARD-BEAST-MISMATCH", message, rule=k.rule, file=path, line=k.line, column=k.column,
                           card=cid, args=args))
    return out


def _wrong_type(k: Any, ctype: Any, subtype: Any, path: str, cid: str | None) -> Finding:
    types = sorted(k.card_types) if k.card_types else []
    parts = []
    for t in types:
        subs = k.subtypes_by_type.get(t)
        parts.append(f"{t} ({', '.join(sorted(subs))})" if subs else t)
    allowed = ", ".join(parts) if parts else "any card"
    sub = f" ({subtype})" if subtype else ""
    return Finding("MK-CARD-KEYWORD-WRONG-TYPE",
                   f"{k.keyword} does not belong on a {ctype}{sub} card (only on {allowed})",
                   rule=k.rule, file=path, line=k.line, column=k.column, card=cid,
                   args={"keyword": k.keyword, "ctype": ctype, "sub": sub, "allowed": allowed})


def _name_findings(name: str, path: str, ref: CardRef) -> list[Finding]:
    out = []
    line, col = ref.name_pos
    for case, found in suspicious_characters(name):
        message, args = i18n.said(f"MK-DATA-SUSPICIOUS-NAME.{case}", name=name, **found)
        out.append(Finding("MK-DATA-SUSPICIOUS-NAME", message, severity=Severity.WARNING, file=path, line=line,
                           column=col, card=ref.id, args=args))
    if not unicodedata.is_normalized("NFC", name):
        message, args = i18n.said("MK-DATA-NAME-NOT-NFC", name=name, nfc=unicodedata.normalize("NFC", name))
        out.append(Finding("MK-DATA-NAME-NOT-NFC", message, severity=Severity.WARNING, file=path, line=line,
                           column=col, card=ref.id, args=args))
    return out


@contextmanager
def bulk() -> Iterator[None]:
    """The cyclic garbage collector paused while set files are read.

    Reading a database allocates hundreds of thousands of containers and frees
    none of them, so each collection would walk every object made so far for
    nothing (the reads themselves make no cycles): paused, the time per card
    stays the same from 10,000 cards to 100,000.
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


# --------------------------------------------------------------------------
# cross-file stage


def cross_file_findings(reports: Sequence[FileReport]) -> list[Finding]:
    out: list[Finding] = []
    ids: dict[str, tuple[str, int]] = {}
    names: dict[str, tuple[str, int, str]] = {}
    for rep in reports:
        for ref in rep.cards:
            if ref.id:
                if ref.id in ids:
                    f0, l0 = ids[ref.id]
                    other = f"{f0}:{l0}"
                    out.append(Finding("MK-DATA-DUPLICATE-ID", f"duplicate id {ref.id!r} (also at {other})",
                                       file=rep.path, line=ref.id_pos[0], column=ref.id_pos[1], card=ref.id,
                                       args={"id": ref.id, "other": other}))
                else:
                    ids[ref.id] = (rep.path, ref.id_pos[0])
            if ref.name:
                key = fold(unicodedata.normalize("NFC", ref.name))
                if key in names:
                    f0, l0, n0 = names[key]
                    other = f"{f0}:{l0}" + ("" if n0 == ref.name else f" as {n0!r}")
                    out.append(Finding("MK-DATA-DUPLICATE-NAME",
                                       f"duplicate card name {ref.name!r} (also at {other})",
                                       file=rep.path, line=ref.name_pos[0], column=ref.name_pos[1], card=ref.id,
                                       args={"name": ref.name, "other": other}))
                else:
                    names[key] = (rep.path, ref.name_pos[0], ref.name)
    all_names = {fold(n[2]): n[2] for n in names.values()}
    known = list(all_names)
    hints_left = HINT_BUDGET
    for rep in reports:
        for ref in rep.cards:
            for target, line, col in ref.true_names:
                if fold(target) in all_names:
                    continue
                close: list[str] = []
                if hints_left > 0:  # each hint costs a pass over every name: a budget keeps the check linear
                    hints_left -= 1
                    close = close_matches(fold(target), known, n=1)
                hint = i18n.part("MK-DATA.hint.close", close=all_names[close[0]]) if close else ""
                message, args = i18n.said("MK-DATA-UNKNOWN-TRUE-NAME", name=target, hint=hint)
                out.append(Finding("MK-DATA-UNKNOWN-TRUE-NAME", message, rule="2.02", file=rep.path, line=line,
                                   column=col, card=ref.id, args=args))
    values: dict[str, set[str]] = {}
    for rep in reports:
        for key, held in rep.values.items():
            values.setdefault(key, set()).update(held)
    out.extend(named_findings(values, ((rep.path, n) for rep in reports for n in rep.named)))
    return out


# --------------------------------------------------------------------------
# the whole check, with its cache


@dataclass
class CheckReport:
    """The findings of a whole card database, and how many cards it holds."""

    files: list[FileReport]
    findings: list[Finding]
    card_count: int

    def failed(self, strict: bool = False) -> bool:
        return has_failures(self.findings, strict)

    def counts(self) -> dict[str, int]:
        c = {"error": 0, "warning": 0, "note": 0}
        for f in self.findings:
            c[f.severity.value] += 1
        return c


def _cache_key(raw: bytes, path: str) -> str:
    h = hashlib.sha256(code_digest())
    h.update(path.encode("utf-8", "surrogateescape"))
    h.update(b"\0")
    h.update(raw)
    return h.hexdigest()


def _finding_to_json(f: Finding) -> dict[str, Any]:
    return {"code": f.code, "message": f.message, "severity": f.severity.value, "rule": f.rule,
            "file": f.file, "line": f.line, "column": f.column, "card": f.card, "args": dict(f.args)}


def _finding_from_json(d: dict[str, Any]) -> Finding:
    return Finding(d["code"], d["message"], Severity(d["severity"]), d["rule"], d["file"], d["line"],
                   d["column"], d["card"], d.get("args") or {})


def _report_to_json(rep: FileReport) -> str:
    return json.dumps({
        "findings": [_finding_to_json(f) for f in rep.findings],
        "set": rep.set_code,
        "cards": [[r.id, r.name, r.type, r.line, list(r.id_pos), list(r.name_pos), [list(t) for t in r.true_names]]
                  for r in rep.cards],
        "values": {k: sorted(v) for k, v in rep.values.items()},
        "named": [n.to_json() for n in rep.named],
    }, ensure_ascii=False, default=str)


def _report_from_json(path: str, text: str) -> FileReport:
    d = json.loads(text)
    cards = [CardRef(c[0], c[1], c[2], c[3], tuple(c[4]), tuple(c[5]), [tuple(t) for t in c[6]]) for c in d["cards"]]
    return FileReport(path, [_finding_from_json(f) for f in d["findings"]], d["set"], cards, cached=True,
                      values={k: set(v) for k, v in d.get("values", {}).items()},
                      named=[Named.from_json(n) for n in d.get("named", [])])


def check_database(
    paths: Iterable[str | os.PathLike[str]] | None = None,
    *,
    sources: Sequence[Source] | None = None,
    use_cache: bool = True,
    progress: Callable[[str], None] | None = None,
) -> CheckReport:
    """Check a card database (set files and folders of them); never raises for bad data.

    Raises :class:`~korbiro.base.errors.UsageError` only when a named path does not exist.
    Every file is read and hashed on every run; a cache entry is found only
    under the digest of those bytes (and korbiro's rule files), so it cannot be
    stale.  An unchanged database costs the reads and one cache read; a
    changed file is checked again, the others come from the cache, and the
    cross-file checks run again.  *sources* are reads of the set files made already
    (:func:`~korbiro.data.sources.read_source`): the files are checked as those reads found them.
    """
    if sources is None:
        sources = [read_source(path) for path in (discover(paths) if paths else database_files())]
    cache = Cache.default() if use_cache else None
    keys = [_cache_key(s.data, str(s.path)) if cache is not None and s.data is not None else None for s in sources]
    whole = None
    if cache is not None and all(key is not None for key in keys):
        h = hashlib.sha256(b"database\0")
        for key in keys:
            h.update(key.encode())  # type: ignore[union-attr]
        whole = f"check/db/{h.hexdigest()}.json"
        text = cache.read_sealed(whole)
        if text is not None:
            try:
                return _whole_from_json(text, [str(s.path) for s in sources])
            except (ValueError, KeyError, IndexError, TypeError):
                pass
    reports: list[FileReport] = []
    with bulk():
        for src, key in zip(sources, keys, strict=True):
            if progress:
                progress(str(src.path))
            reports.append(_check_one(src, key, cache))
    findings = [f for rep in reports for f in rep.findings]
    findings.extend(cross_file_findings(reports))
    report = CheckReport(reports, sort_findings(findings), sum(len(r.cards) for r in reports))
    if cache is not None and whole is not None:
        text = json.dumps({"cards": report.card_count, "findings": [_finding_to_json(f) for f in report.findings]},
                          ensure_ascii=False, default=str)
        _write_entry(cache, whole, text)
    return report


def _whole_from_json(text: str, names: list[str]) -> CheckReport:
    d = json.loads(text)
    findings = [_finding_from_json(f) for f in d["findings"]]
    by_file: dict[str | None, list[Finding]] = {}
    for f in findings:
        by_file.setdefault(f.file, []).append(f)
    files = [FileReport(n, by_file.get(n, []), cached=True) for n in names]
    return CheckReport(files, findings, int(d["cards"]))


def _check_one(src: Source, key: str | None, cache: Cache | None) -> FileReport:
    name = str(src.path)
    if src.data is None:
        report, _ = check_file(name, cards=False)  # the loader reads it and says why it cannot
        return report
    entry = f"check/{key[:2]}/{key}.json" if cache is not None and key is not None else None
    if cache is not None and entry is not None:
        text = cache.read_sealed(entry)
        if text is not None:
            try:
                return _report_from_json(name, text)
            except (ValueError, KeyError, IndexError, TypeError):
                pass
    report, _ = check_file(name, src.data, cards=False)
    if cache is not None and entry is not None:
        _write_entry(cache, entry, _report_to_json(report))
    return report


def _write_entry(cache: Cache, entry: str, text: str) -> None:
    """Write a cache entry; the first write into a folder in a run sweeps it of killed writers' leftovers."""
    folder = entry.rpartition("/")[0]
    where = str(cache.path(folder))
    if where not in _swept:
        _swept.add(where)
        cache.sweep(folder)
    cache.write_sealed(entry, text)  # a full or read-only cache is no reason to fail a check


_swept: set[str] = set()


def load_database(paths: Iterable[str | os.PathLike[str]] | None = None) -> CardDatabase:
    """Load a card database; raises :class:`DataError` (with every error) if it has errors."""
    files = discover(paths) if paths else database_files()
    return load_sources([read_source(path) for path in files])


def load_sources(sources: Sequence[Source]) -> CardDatabase:
    """The card database in these reads of its set files (:func:`~korbiro.data.sources.read_source`).

    Raises :class:`DataError` (with every error) if it has errors.
    """
    cards: list[Card] = []
    for built in read_sources(sources):
        cards.extend(built)
    return CardDatabase(cards)


def read_sources(sources: Sequence[Source]) -> Iterator[list[Card]]:
    """The cards of these reads of the set files, one file's at a time, in order.

    After the last file come the cross-file checks: a database with errors
    raises its :class:`DataError` (with every error) instead of ending, so
    whoever keeps the cards learns of the errors before committing to them.
    A file with an error gives no cards at all: only cards that passed the
    schema are ever handed on (a ``dp`` that is a list, a number no index
    column holds), so that no consumer meets a value of the wrong type
    before the error is raised.
    """
    reports: list[FileReport] = []
    with bulk():  # also while the caller handles each file's cards (the index fills its rows)
        for src in sources:
            rep, built = check_file(str(src.path), src.data)
            reports.append(rep)
            yield [] if has_failures(rep.findings) else built
        errors = [f for f in [*(f for r in reports for f in r.findings), *cross_file_findings(reports)]
                  if f.severity is Severity.ERROR]
    if errors:
        errors = sort_findings(errors)
        first = errors[0]
        err = DataError(first.code, f"the card database has {len(errors)} error(s); first: {first.message}"
                        " (run 'korbiro data check' for all)",
                        path=first.file, line=first.line, column=first.column)
        err.findings = errors
        raise err
