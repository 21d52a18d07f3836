"""The MK rule index: its data, lookups and search, the citation check, and the
`korbiro rule` and `korbiro keyword` commands."""

from __future__ import annotations

import io
import json
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from layout import ROOT

from korbiro.base.errors import DataError
from korbiro.base.yamlload import load_yaml_file
from korbiro.cli import cli
from korbiro.grammar.keywords import KEYWORD_CLASSES, KEYWORDS
from korbiro.rules.mk.rulebook import (
    Rulebook,
    Scenario,
    find_keyword,
    is_rule_id,
    load_rulebook,
    load_rulebook_file,
    load_scenarios,
    normalize_id,
    parent_id,
    rulebook_path,
)


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_rulebook()


# --------------------------------------------------------------------------- the data

#: The ids the issue names, from both sources (ranges written out).
NAMED = (
    "1.01 1.01.A 1.01.B 1.02 1.02.A 1.02.B 1.02.C 1.10 1.10.B 1.10.C 1.13 1.13.C 1.13.F "
    "1.14 1.14.3 1.14.4 1.14.5 1.14.7 1.14.14 1.14.14.A 1.14.14.B 1.14.14.C 1.14.14.D 1.14.16.A "
    "1.14.17 1.14.17.A 1.14.17.B 1.14.17.C "
    "2.00 2.01 2.01.a 2.01.b 2.02 2.02.a 2.02.b 2.03 2.03.a 2.03.b 2.03.c 2.03.d 2.03.e 2.03.f 2.04 2.04.a "
    "2.04.b 2.05 2.06 2.06.a 2.06.b 2.07 2.09 2.09.a 2.09.b 2.09.c 2.09.d 2.09.e 2.09.f 2.12 2.12.a 2.12.b "
    "3.00 3.01 3.01.A 3.01.B 3.01.C 3.01.D 3.01.E 3.01.F 3.01.G 3.02 3.02.A 3.02.B 3.02.C 3.02.D "
    "3.05 3.05.A 3.05.B 3.05.C 3.05.D 3.05.E 3.05.F 3.05.I 3.05.J 3.05.L "
    "4.00 4.01 4.01.A 4.01.B 4.01.C 4.01.D 4.01.E 4.01.F 4.01.G 4.01.H 4.02 4.06 "
    "5.01 5.01.A 5.01.B 5.01.C 5.01.D 5.01.E 6.00 6.01 6.02 6.03 6.04 6.05 6.05.O 7.00 "
    "8.00 8.01 8.01.A 8.01.B 8.02 8.03 8.03.A 8.03.B 8.03.C 8.03.D 8.03.E 8.04 9.00 "
    "10.00 10.00.A 10.00.B 10.00.C 10.00.D 11.00 11.00.A 11.00.B 11.00.C 11.00.D 11.00.E 11.00.F 11.00.G "
    "12.00 12.00.A 12.00.B 12.00.C 12.00.D 12.00.1 12.00.1.A 12.00.1.B 12.00.1.C 12.00.1.D 12.00.1.E "
    "12.00.2 12.00.2.A 12.00.2.B 12.00.2.C 12.00.3 12.00.3.A 12.00.3.B 12.00.3.C 12.00.3.D 12.00.3.E "
    "12.00.3.F 12.00.3.G 12.00.4 12.00.4.A 12.00.4.B 12.00.4.C 12.00.4.D 12.00.5 12.00.5.1 12.00.5.1.1 "
    "12.00.5.1.1.A 12.00.5.1.1.B 12.00.5.1.1.C 12.00.5.1.2 12.00.5.1.2.A 12.00.5.1.2.B 12.00.5.1.2.C "
    "12.00.5.1.2.D 12.00.5.3 12.00.5.6 12.00.6 12.00.6.A 12.00.6.B"
).split()


@pytest.mark.parametrize("rule_id", NAMED)
def test_named_rules_are_in_the_index(book: Rulebook, rule_id: str) -> None:
    assert rule_id in book._rules, rule_id


def test_every_rule_is_complete(book: Rulebook) -> None:
    assert len(book) >= 190
    for r in book:
        assert is_rule_id(r.id)
        for what in ("title", "summary"):
            value = getattr(r, what)
            assert value["hu"].strip() and value["en"].strip(), (r.id, what)
        assert r.summary["hu"] != r.summary["en"], r.id
        assert r.status in ("current", "archived")
        if r.status == "archived":
            assert r.applies and r.applies["hu"] and r.applies["en"], r.id  # its own or inherited
        else:
            assert "archived-page" not in r.source or "reference" in r.source or not r.text_available or \
                r.id in ("2.07", "4.02", "4.06", "6.05"), r.id


def test_rules_not_modelled_say_why(book: Rulebook) -> None:
    """`not_modelled` is korbiro's decision, with the reason in both languages; a rule whose text
    is not available is never modelled (tests/rules/mk/test_coverage.py checks none is exercised)."""
    marked = [r for r in book if r.not_modelled]
    assert {r.id for r in marked} == {"2.05", "2.07", "3.02.B", "3.02.D", "4.02", "4.06", "6.05", "9.00"}
    assert {r.id for r in book if not r.text_available} <= {r.id for r in marked}
    for r in marked:
        assert r.not_modelled is not None and r.not_modelled["hu"] != r.not_modelled["en"], r.id
        assert r.to_dict("hu")["not_modelled"] == r.not_modelled["hu"], r.id
    assert book["2.03"].not_modelled is None and book["2.03"].to_dict()["not_modelled"] is None


def test_rule_show_says_why_a_rule_is_not_modelled() -> None:
    code, out, _ = run("rule", "show", "9.00", "--lang", "en", "--rulings", "/nonexistent")
    assert code == 0 and "not modelled: Only the chapter's title is known; korbiro has nothing to apply." in out
    code, out, _ = run("rule", "show", "3.02.b", "--lang", "hu", "--rulings", "/nonexistent")
    assert "nem modellezett: Arról szól, hogyan feküdjenek a küldetések az asztalon" in out


def test_status_follows_the_sources(book: Rulebook) -> None:
    # the seed page is the archived-rules page; the reference summary's [R] facts are current
    assert book["1.01.A"].status == book["3.01.C"].status == book["2.03"].status == "current"
    for rid in ("1.10.B", "1.13.F", "1.14.14", "2.03.e", "2.09", "2.12.a", "3.05.D", "6.05.O", "7.00",
                "10.00.C", "11.00.B", "12.00.5.1.1.B"):
        assert book[rid].status == "archived", rid
    assert book["2.03.e"].applies is not None and "EXPEDÍCIÓ" in book["2.03.e"].applies["en"]
    assert book["12.00.5.1.2.A"].applies == book["12.00"].applies  # inherited


def test_every_keyword_rule_is_in_the_index_and_links_back(book: Rulebook) -> None:
    for cls in KEYWORD_CLASSES:
        if cls.rule is None:
            continue
        assert cls.rule in book._rules, (cls.__name__, cls.rule)
        linked = {k for r in [book[cls.rule], *book.ancestors(cls.rule)] for k in r.keywords}
        assert cls.key in linked, (cls.key, cls.rule)


def test_links_point_to_rules_and_keywords(book: Rulebook) -> None:
    for r in book:
        for s in r.see:
            assert s in book._rules, (r.id, s)
        for k in r.keywords:
            assert k in KEYWORDS, (r.id, k)


def test_the_rulebook_file_is_schema_valid() -> None:
    from korbiro.data.schema import iter_schema_findings

    doc = load_yaml_file(rulebook_path())
    assert list(iter_schema_findings(doc, "mk-rulebook")) == []


def _bad_book(tmp_path: Path, extra: str) -> list[str]:
    text = rulebook_path().read_text("utf-8")
    path = tmp_path / "rulebook.yaml"
    path.write_text(text.rstrip("\n") + "\n" + extra, "utf-8")
    with pytest.raises(DataError) as exc:
        load_rulebook_file(path)
    return [f.render_text() for f in exc.value.findings]


def test_broken_index_files_are_refused_with_lines(tmp_path: Path) -> None:
    lines = len(rulebook_path().read_text("utf-8").rstrip("\n").splitlines())
    extra = (
        '  - id: "2.03.E"\n'
        "    title: {hu: Másodszor, en: Twice}\n"
        "    status: current\n"
        "    source: [reference]\n"
        "    summary: {hu: Kétszer, en: Twice}\n"
        '  - id: "9.99"\n'
        "    title: {hu: Nincs, en: None}\n"
        "    status: archived\n"
        "    source: [archived-page]\n"
        "    summary: {hu: Semmi, en: Nothing}\n"
        "    keywords: [KINCSKERESES]\n"
        '    see: ["9.98"]\n'
    )
    got = _bad_book(tmp_path, extra)
    assert any(f":{lines + 1}:9: error MK-RULEBOOK-DUPLICATE: rule id '2.03.E' appears twice (first at line" in g
               for g in got)
    assert any(f":{lines + 12}:" in g and "MK-RULEBOOK-SEE" in g and "'9.98'" in g for g in got)
    assert any(f":{lines + 11}:" in g and "MK-RULEBOOK-KEYWORD" in g and "did you mean 'KINCSKERESÉS'" in g for g in got)
    assert any("MK-RULEBOOK-APPLIES" in g and "9.99" in g for g in got)


def test_schema_errors_in_the_index_have_lines(tmp_path: Path) -> None:
    got = _bad_book(tmp_path, '  - id: "1.1"\n    title: {hu: X}\n    status: valid\n    source: []\n    summary: {hu: a, en: b}\n')
    text = "\n".join(got)
    assert "MK-DATA-PATTERN" in text and "'1.1'" in text
    assert "missing required field 'en'" in text
    assert "'valid' is not one of 'current', 'archived'" in text


# --------------------------------------------------------------------------- lookups


@pytest.mark.parametrize("query, expected", [
    ("2.03.e", "2.03.e"), ("2.03.E", "2.03.e"), (" 2.03 e ", "2.03.e"), ("2.03e", "2.03.e"),
    ("1.14.14/d", "1.14.14.D"), ("1.14.14.d.", "1.14.14.D"), ("12.00.5.1.2.a", "12.00.5.1.2.A"),
])
def test_lookup_forgives_case_and_separators(book: Rulebook, query: str, expected: str) -> None:
    assert book[query].id == expected


def test_unknown_ids(book: Rulebook) -> None:
    assert book.get("2.08") is None and "2.08" not in book and book.get("kincs") is None
    assert book.suggest("2.03.x") == ["2.03.f", "2.03.e", "2.03"]
    assert book.suggest("2.08") == ["2.09", "2.07", "2.00"]
    assert book.suggest("1.14.14.Q")[-1] == "1.14.14"  # the nearest existing ancestor
    assert book.suggest("kincskereses")[0] == "1.14.14"


def test_children_descendants_and_parents(book: Rulebook) -> None:
    assert [r.id for r in book.children("1.01")] == ["1.01.A", "1.01.B"]
    assert [r.id for r in book.children("1.01.b")] == ["1.01.B.1", "1.01.B.2", "1.01.B.3", "1.01.B.4"]
    assert [r.id for r in book.children("2.03")] == [f"2.03.{x}" for x in "abcdef"]
    assert [r.id for r in book.children("12.00.5.1")] == ["12.00.5.1.1", "12.00.5.1.2"]
    assert [r.id for r in book.children("12.00")][:5] == ["12.00.A", "12.00.B", "12.00.C", "12.00.D", "12.00.1"]
    assert len(book.descendants("12.00.5")) == 16
    assert [r.id for r in book.ancestors("12.00.5.1.2.A")] == ["12.00.5.1.2", "12.00.5.1", "12.00.5", "12.00"]
    assert [r.id for r in book.ancestors("1.14.14.D")] == ["1.14.14", "1.14", "1.00"]
    assert parent_id("1.01") == "1.00" and parent_id("1.00") is None
    assert book.children("2.08") == []


def test_id_shape() -> None:
    assert normalize_id("2.03 / e") == "2.03.e"
    assert [is_rule_id(s) for s in ("1.01", "12.00.5.1.2.A", "1.1", "1.001", "a.01", "1.01.")] == \
        [True, True, False, False, False, False]


# --------------------------------------------------------------------------- search


@pytest.mark.parametrize("words, top", [
    ("kincskereses", "1.14.14"),
    ("KINCSKERESÉS", "1.14.14"),
    ("csatlos", "2.09"),
    ("oserő", "2.12"),
    ("oseró", "2.12"),
    ("ikerjatek", "12.00.5"),
    ("korbetamadas", "12.00.3"),
    ("szovetsegek", "12.00.4"),
    ("kihivas", "12.00.2"),
    ("ket csapat egymas ellen", "12.00.6"),
    ("cserepakli", "1.13"),
    ("frissen bontott", "1.13.F"),
    ("szellemek", "11.00"),
    ("gepezetek raepites", "10.00"),
    ("mozaik varazslatok", "7.00"),
    ("hatalomszo leidezese", "3.05.A"),
    ("egyszerre elvesztett utolso toronyszintek", "1.01.A.3"),
    ("ures jovo pakli", "1.01.B.2"),
    ("tamadasdobas helyett", "2.04.a"),
    ("negativ dp", "1.10.B"),
    ("kulso sik", "9.00"),
    ("treasure hunt", "1.14.14"),
    ("2.03.e", "2.03.e"),
])
def test_search_finds_rules_by_unaccented_hungarian_words(book: Rulebook, words: str, top: str) -> None:
    hits = book.search(words)
    assert hits and hits[0].rule.id == top, [h.rule.id for h in hits[:5]]


def test_search_ranking(book: Rulebook) -> None:
    # more query words matched beats a better place for fewer
    hits = book.search("utolso toronyszint dontetlen")
    assert hits[0].rule.id in ("1.01.A.3", "12.00.5.1.1.C") and hits[0].matched == 3
    assert all(a.matched >= b.matched for a, b in zip(hits, hits[1:], strict=False))
    # a title match ranks above a summary-only match
    kincs = book.search("kincskereses")
    assert "title" in kincs[0].fields
    first_summary_only = next(i for i, h in enumerate(kincs) if "title" not in h.fields and "keywords" not in h.fields)
    assert all("title" in h.fields or "keywords" in h.fields for h in kincs[:first_summary_only])
    assert book.search("a az the") == []  # stop words only: nothing
    assert book.search("") == [] and book.search("zzzqqq") == []
    assert len(book.search("DP", limit=3)) == 3


def test_search_is_accent_and_case_blind(book: Rulebook) -> None:
    for a, b in (("KINCSKERESÉS", "kincskereses"), ("Szövetségek", "szovetsegek"), ("ŐSERŐ", "osero")):
        assert [h.rule.id for h in book.search(a)] == [h.rule.id for h in book.search(b)]


# --------------------------------------------------------------------------- citations

ID = r"[0-9]{1,2}\.[0-9]{2}(?:\.[0-9A-Za-z]+)*"
#: Where a rule id is a citation: `rule="1.02.A"`, `rule: 1.02.B`, `rule = "2.03"`,
#: `rule_sideboard: 1.13.F`, `"rule": "2.03"`, `[1.14.14]`, `rule 5.01.C`, `rules 2.01`,
#: `(2.02)`, a table cell `| 2.01 |`, a grammar comment `// 2.01`, `§1.01`.
CITATION_PATTERNS = tuple(re.compile(p) for p in (
    rf"\brule\w*\s*[:=]\s*[\"']?({ID})",
    rf"[\"']rule\w*[\"']\s*:\s*[\"']({ID})",
    rf"\[(?:R )?({ID})\]",
    rf"\brules?\s+({ID})",
    rf"\(({ID})(?=[)\s,;–-])",
    rf"\|\s*({ID})\s*\|",
    rf"//\s*({ID})",
    rf"§\s*({ID})",
))
#: `rules: [1.14.14.D, 4.01.G]` in a YAML flow list (the structural walk below reads block lists).
LIST_PATTERN = re.compile(r"\b\w*rules?\w*\s*:\s*\[([^\]\n]*)\]")
RANGE = re.compile(r"^[–-]([A-Za-z])\b")
BOARD_GAMES = re.compile(r"exxit|xig|zen", re.I)


def project_files(root: Path = ROOT) -> list[Path]:
    """The files whose MK rule citations must exist: the package, docs, README,
    ruling scenarios and example game states; the board games cite their own sections."""
    globs = ("korbiro/**/*.py", "korbiro/**/*.yaml", "korbiro/**/*.lark", "docs/*.md", "README.md",
             "examples/rulings/*.yaml", "examples/results/*.yaml", "examples/verdicts.yaml")
    out: list[Path] = []
    for g in globs:
        for p in sorted(root.glob(g)):
            rel = p.relative_to(root)
            if any(BOARD_GAMES.search(part) for part in rel.parts) or p == rulebook_path():
                continue
            out.append(p)
    return out


def _expand(rule_id: str, after: str) -> list[str]:
    """`1.02.A–C` → 1.02.A, 1.02.B, 1.02.C."""
    m = RANGE.match(after)
    last = rule_id.rsplit(".", 1)[-1]
    if not m or len(last) != 1 or not last.isalpha() or m.group(1).isupper() != last.isupper():
        return [rule_id]
    lo, hi = ord(last), ord(m.group(1))
    if hi <= lo or hi - lo > 12:
        return [rule_id]
    stem = rule_id[:-1]
    return [stem + chr(c) for c in range(lo, hi + 1)]


def _string_literals(text: str) -> Iterator[tuple[int, str]]:
    """Python string literals that are exactly a rule id (`("6.05.O", "copying")`)."""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type != tokenize.STRING:
                continue
            body = tok.string.lstrip("rbfuRBFU")
            for q in ('"""', "'''", '"', "'"):
                if body.startswith(q) and body.endswith(q) and len(body) >= 2 * len(q):
                    body = body[len(q):-len(q)]
                    break
            if re.fullmatch(ID, body):
                yield tok.start[0], body
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return


def _yaml_citations(value: object, key: str = "", in_rules: bool = False) -> Iterator[str]:
    """Ids under keys named rule, rules, rule_*, *_rules, not_rules or see, at any depth."""
    here = in_rules or bool(re.fullmatch(r"(not_)?rules?(_\w+)?|\w+_rules?|see", key))
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _yaml_citations(v, str(k), here)
    elif isinstance(value, list):
        for v in value:
            yield from _yaml_citations(v, key, here)
    elif here and isinstance(value, str) and re.fullmatch(ID, value.strip()):
        yield value.strip()


def citations_in(path: Path, text: str | None = None) -> list[tuple[int, str]]:
    """(line, rule id) for every MK rule citation in *path*."""
    text = path.read_text("utf-8") if text is None else text
    found: list[tuple[int, str]] = []
    for pat in CITATION_PATTERNS:
        for m in pat.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            found.extend((line, rid) for rid in _expand(m.group(1), text[m.end(1):]))
    for m in LIST_PATTERN.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        found.extend((line, rid) for rid in re.findall(rf"(?<![\w.])({ID})(?![\w.])", m.group(1)))
    if path.suffix == ".py":
        found.extend(_string_literals(text))
    if path.suffix == ".yaml":
        try:
            doc = load_yaml_file(path) if text is None or path.exists() else None
        except DataError:
            doc = None
        if doc is not None:
            found.extend((0, rid) for rid in _yaml_citations(doc.data))
    return sorted(set(found))


def test_every_cited_rule_id_is_in_the_index(book: Rulebook) -> None:
    missing: list[str] = []
    total = 0
    for path in project_files():
        for line, rid in citations_in(path):
            total += 1
            if rid not in book._rules:
                missing.append(f"{path.relative_to(ROOT)}:{line}: {rid}")
    assert not missing, "rule ids cited but not in korbiro/rules/mk/rulebook.yaml:\n" + "\n".join(missing)
    assert total > 300  # the scan really reads the project


def test_the_scan_covers_the_places_that_cite(book: Rulebook) -> None:
    files = {p.relative_to(ROOT).as_posix() for p in project_files()}
    assert "korbiro/grammar/keywords.py" in files and "korbiro/data/mk/formats.yaml" in files
    assert "korbiro/data/mk/variants.yaml" in files and "docs/rulings.md" in files
    assert not any("exxit" in f or "xig" in f or "/zen" in f for f in files)
    # the timeline engine and the ruling scenarios, whenever they are there
    for folder in ("korbiro/rules/mk/timeline", "examples/rulings"):
        there = sorted((ROOT / folder).glob("*.py" if "korbiro" in folder else "*.yaml"))
        assert all(p.relative_to(ROOT).as_posix() in files for p in there)
    cited = {(p.relative_to(ROOT).as_posix(), rid) for p in project_files() for _, rid in citations_in(p)}
    for expected in (("korbiro/data/mk/formats.yaml", "1.13.F"), ("korbiro/grammar/keywords.py", "2.03"),
                     ("korbiro/rules/mk/deck.py", "1.13.C"), ("korbiro/data/mk/variants.yaml", "12.00.5.1.1.B"),
                     ("korbiro/grammar/card.lark", "10.00.C"), ("docs/card-text.md", "1.14.14"),
                     ("korbiro/grammar/card.lark", "11.00.C")):
        assert expected in cited, expected


@pytest.mark.parametrize("snippet, suffix, expected", [
    ('Finding("X", "m", rule="9.99.Z")', ".py", "9.99.Z"),
    ("    rule = \"9.98\"\n", ".py", "9.98"),
    ("x = ('9.97.A', 'a rule without a keyword argument')", ".py", "9.97.A"),
    ('{"rule": "9.96.b"}', ".md", "9.96.b"),
    ("limit: {limit: 3, rule: 9.95.C}", ".yaml", "9.95.C"),
    ("rule_sideboard: 9.94.F", ".yaml", "9.94.F"),
    ("rules: [1.01.A, 9.93.Q]", ".yaml", "9.93.Q"),
    ("see the card's keyword [9.92.D] here", ".md", "9.92.D"),
    ("as rule 9.91.C says", ".md", "9.91.C"),
    ("IGAZ NÉV (9.90) counts", ".py", "9.90"),
    ("| FAL 3 | wall | 9.89 | tower |", ".md", "9.89"),
    ("fal: FAL _SP NUMBER   // 9.88", ".lark", "9.88"),
    ("checked (9.87.A–C)", ".md", "9.87.B"),
])
def test_the_scan_catches_a_missing_id(tmp_path: Path, book: Rulebook, snippet: str, suffix: str, expected: str) -> None:
    path = tmp_path / f"cites{suffix}"
    path.write_text(snippet + "\n", "utf-8")
    ids = [rid for _, rid in citations_in(path)]
    assert expected in ids and expected not in book._rules


def test_the_scan_reads_yaml_block_lists(tmp_path: Path) -> None:
    path = tmp_path / "scenario.yaml"
    path.write_text("title: t\nrules:\n  - 9.86.A\nexpect:\n  not_rules:\n    - 9.85\nsetup: {version: 1.10}\n", "utf-8")
    ids = {rid for _, rid in citations_in(path)}
    assert {"9.86.A", "9.85"} <= ids and "1.10" not in ids


def test_nothing_else_looks_like_a_citation(tmp_path: Path) -> None:
    path = tmp_path / "prose.md"
    path.write_text("Python 3.11 and 12.5 MB; version 1.29 MB; a ratio 0.26; `1.10` is a string\n", "utf-8")
    assert citations_in(path) == []


def test_deck_checker_findings_cite_indexed_rules(book: Rulebook) -> None:
    from korbiro.data.check import load_database
    from korbiro.data.formats import load_formats
    from korbiro.grammar.decklist import read_deck_file
    from korbiro.rules.mk.deck import check_deck, check_exchange

    db = load_database()
    rules: set[str] = set()
    decks = ROOT / "examples" / "decks"
    for path in sorted(decks.iterdir()):
        deck = read_deck_file(str(path))
        rules.update(f.rule for f in check_deck(deck, db).findings if f.rule)
        for fmt in load_formats().formats.values():
            rules.update(f.rule for f in check_deck(deck, db, fmt=fmt).findings if f.rule)
    before = read_deck_file(str(decks / "match-game1.deck"))
    for after in ("match-game2.deck", "match-game2-illegal.deck"):
        rules.update(f.rule for f in check_exchange(before, read_deck_file(str(decks / after)), db) if f.rule)
    for fmt in load_formats().formats.values():
        rules.add(fmt.rule_sideboard)
        rules.update(lim.rule for lim in fmt.limits)
    mk = {r for r in rules if is_rule_id(r)}
    assert {"1.02.A", "1.02.B", "1.02.C", "3.01.A", "1.13.C", "1.14.5", "2.02"} <= mk
    assert sorted(r for r in mk if r not in book._rules) == []


# --------------------------------------------------------------------------- keywords and scenarios


@pytest.mark.parametrize("query, key", [
    ("kincskereses", "KINCSKERESÉS"), ("KINCSKERESÉS", "KINCSKERESÉS"), ("Kincskereses", "KINCSKERESÉS"),
    ("kincs", "KINCS"), ("antiss", "ANTISS"), ('antiss "…"', 'ANTISS "…"'), ("antissjaras", "ANTISSJÁRÁS"),
    ("egy jatekos", "EGY JÁTÉKOS LEGFELJEBB EGY ILYEN ÉPÍTMÉNYT IRÁNYÍTHAT"), ("raepites", "RÁÉPÍTÉS"),
    ("nemes nyelv", "NEMES NYELV"), ("  Őserő ", "ŐSERŐ"), ("bestia aktivizalasnak", "A KÉPESSÉG BESTIA AKTIVIZÁLÁSNAK MINŐSÜL"),
])
def test_find_keyword(query: str, key: str) -> None:
    found = find_keyword(query)
    assert found.keyword is not None and found.keyword.key == key


def test_find_keyword_ambiguous_and_unknown() -> None:
    nyelv = find_keyword("nyelv")
    assert nyelv.keyword is None and {c.key for c in nyelv.candidates} == {"SZOLGA NYELV", "NEMES NYELV", "TITKOS NYELV"}
    assert find_keyword("kincskeresess").suggestions == ("KINCSKERESÉS",)
    assert find_keyword("").keyword is None and find_keyword("qqq").suggestions == ()


def test_scenarios(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("title: Two hunters\nrules: [1.14.14.D]\nkeywords: [KINCSKERESÉS]\n", "utf-8")
    (tmp_path / "b.yaml").write_text("title: By rule only\nrules: [1.14.14.B, 2.03]\nscript: []\n", "utf-8")
    (tmp_path / "c.yaml").write_text("title: Other keyword\nrules: [1.14.14]\nkeywords: [KINCS]\n", "utf-8")
    (tmp_path / "d.yaml").write_text("rules: [1.14.14]\n", "utf-8")  # no title: skipped
    (tmp_path / "e.yaml").write_text("title: [broken\n", "utf-8")  # unreadable: skipped
    (tmp_path / "f.yaml").write_text("title: Dup\ntitle: Dup\n", "utf-8")  # duplicate key: skipped
    (tmp_path / "notes.txt").write_text("title: not yaml\n", "utf-8")
    got = load_scenarios(tmp_path)
    assert [s.title for s in got] == ["Two hunters", "By rule only", "Other keyword"]
    kk = KEYWORDS["KINCSKERESÉS"]
    assert [s.title for s in got if s.exercises(kk)] == ["Two hunters", "By rule only"]
    assert [s.title for s in got if s.exercises(KEYWORDS["EXPEDÍCIÓ"])] == ["By rule only"]
    assert [s.title for s in got if s.cites("1.14.14")] == ["Two hunters", "By rule only", "Other keyword"]
    assert load_scenarios(tmp_path / "missing") == [] and load_scenarios(None) == []
    assert Scenario("x", "t", ("1.14.14.D",)).cites("1.14.14") and not Scenario("x", "t", ("1.14.1",)).cites("1.14.14")


# --------------------------------------------------------------------------- the commands


def run(*args: str, **kw: object) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, list(args), **kw)  # type: ignore[arg-type]
    return r.exit_code, r.stdout, r.stderr


def test_rule_show_text() -> None:
    code, out, _ = run("rule", "show", "1.01", "--lang", "en")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "1.01  End of the game and victory (A játék vége és a győzelem)"
    assert lines[1] == "status: current (Korforduló)"
    assert "  1.01.A  Immediate end" in lines and "    1.01.B.4  Both Jövő paklis empty – a draw" in lines


def test_rule_show_hungarian_archived() -> None:
    code, out, _ = run("rule", "show", "2.03.E", "--lang", "hu", "--rulings", "/nonexistent")
    assert code == 0
    assert out.splitlines()[0] == "2.03.e  Abban a fordulóban nem oldható meg"
    assert "állapot: archivált. ahol még érvényes:" in out
    assert "szülő: 2.03 EXPEDÍCIÓ X › 2.00 Kulcsszavak" in out


def test_rule_show_language_from_the_locale() -> None:
    code, out, _ = run("rule", "show", "1.13", env={"LANG": "hu_HU.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
    assert code == 0 and out.splitlines()[0] == "1.13  Cserepakli"


def test_rule_show_json() -> None:
    code, out, _ = run("rule", "show", "1.14.14", "--format", "json", "--rulings", "/nonexistent")
    assert code == 0
    data = json.loads(out)["rule"]
    assert data["id"] == "1.14.14" and data["status"] == "archived"
    assert data["title"] == {"hu": "Kincskeresés szabály", "en": "Treasure hunt"}
    assert [p["id"] for p in data["points"]] == ["1.14.14.A", "1.14.14.B", "1.14.14.C", "1.14.14.D"]
    assert data["parents"] == ["1.14", "1.00"] and data["keywords"] == ["KINCSKERESÉS", "KINCS"]
    assert data["scenarios"] == []


def test_rule_show_lists_the_scenarios_that_cite_it(tmp_path: Path) -> None:
    (tmp_path / "s.yaml").write_text("title: Expedition once\nrules: [2.03.e]\n", "utf-8")
    code, out, _ = run("rule", "show", "2.03", "--rulings", str(tmp_path))
    assert code == 0 and "Expedition once" in out.splitlines()[-1]


@pytest.mark.parametrize("query, message", [
    ("2.03.x", "Error: no rule '2.03.x' in the index; did you mean 2.03.f or 2.03.e or 2.03?\n"),
    ("2.08", "Error: no rule '2.08' in the index; did you mean 2.09 or 2.07 or 2.00?\n"),
    ("kincskereses", "Error: no rule 'kincskereses' in the index; did you mean 1.14.14 or 1.14.14.A or 1.14.14.D?\n"),
])
def test_rule_show_unknown_exits_1_with_did_you_mean(query: str, message: str) -> None:
    code, out, err = run("rule", "show", query)
    assert (code, out, err) == (1, "", message)


def test_rule_show_unknown_json() -> None:
    code, out, _ = run("rule", "show", "2.03.x", "--format", "json")
    assert code == 1 and json.loads(out)["suggestions"] == ["2.03.f", "2.03.e", "2.03"]


def test_rule_search_command() -> None:
    code, out, _ = run("rule", "search", "kincskereses", "--lang", "en")
    assert code == 0 and out.splitlines()[0].split() == ["1.14.14", "Treasure", "hunt", "[archived]"]
    code, out, _ = run("rule", "search", "utolso", "toronyszint", "--format", "json", "--limit", "3")
    res = json.loads(out)["results"]
    assert code == 0 and len(res) == 3 and res[0]["matched"] == 2
    code, out, err = run("rule", "search", "zzzqqq")
    assert (code, out, err) == (1, "", "no rule matches 'zzzqqq'\n")
    code, out, _ = run("rule", "search", "ikerjatek", "--lang", "hu")
    assert code == 0 and out.splitlines()[0].split()[:2] == ["12.00.5", "Ikerjáték"]


def test_keyword_explain_text(tmp_path: Path) -> None:
    (tmp_path / "k.yaml").write_text("title: Two hunters\nkeywords: [KINCSKERESÉS]\n", "utf-8")
    code, out, _ = run("keyword", "explain", "kincskereses", "--rulings", str(tmp_path), "--lang", "en")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "KINCSKERESÉS  [rule 1.14.14: Treasure hunt; archived]"
    assert lines[1] == "on: kalandozó"
    assert "example cards (2 of 2 in the database):" in lines
    assert "  Briar Sichetti (MINTA-001)  KINCSKERESÉS 2" in lines
    assert lines[-2].startswith("ruling scenarios (") and lines[-1].endswith("k.yaml  Two hunters")


def test_keyword_explain_without_scenarios_says_none(tmp_path: Path) -> None:
    code, out, _ = run("keyword", "explain", "ŐSERŐ", "--rulings", str(tmp_path / "missing"), "--lang", "hu")
    assert code == 0
    assert out.splitlines()[0] == "ŐSERŐ  [szabály 2.12: ŐSERŐ; archivált]"
    assert out.splitlines()[-1].endswith(": nincs")


def test_keyword_explain_json_and_db(tmp_path: Path) -> None:
    code, out, _ = run("keyword", "explain", "fal", "--format", "json", "--limit", "3", "--rulings", str(tmp_path))
    data = json.loads(out)
    assert code == 0 and data["keyword"] == "FAL" and data["rule"] == "2.01"
    assert len(data["examples"]) == 3 and data["examples_total"] == 10 and data["scenarios"] == []
    assert data["card_types"] == ["toronyszint", "építmény"]
    other = ROOT / "tests" / "bad_inputs" / "sets" / "zero-width-name"
    code, out, _ = run("keyword", "explain", "fal", "--format", "json", "--db", str(other), "--rulings", str(tmp_path))
    assert code == 0 and json.loads(out)["examples_total"] <= 1


def test_keyword_explain_unknown_and_ambiguous() -> None:
    code, out, err = run("keyword", "explain", "kincskeresess")
    assert (code, out, err) == (1, "", "Error: no keyword 'kincskeresess'; did you mean 'KINCSKERESÉS'?\n")
    code, _, err = run("keyword", "explain", "nyelv")
    assert code == 1 and err == "Error: 'nyelv' is ambiguous: SZOLGA NYELV, NEMES NYELV, TITKOS NYELV\n"


def test_keyword_explain_covers_every_keyword(tmp_path: Path) -> None:
    for cls in KEYWORD_CLASSES:
        if not cls.keyword:
            continue
        code, out, err = run("keyword", "explain", cls.key, "--rulings", str(tmp_path), "--format", "json")
        assert code == 0, (cls.key, err)
        assert json.loads(out)["rule"] == cls.rule


def test_module_examples() -> None:
    import doctest

    import korbiro.rules.mk.rulebook as rulebook
    import korbiro.rules.mk.victory as victory

    for module in (rulebook, victory):
        failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert tried > 0 and failures == 0, module.__name__


def test_errors_in_hungarian() -> None:
    assert run("rule", "show", "2.03.x", "--lang", "hu")[2] == \
        "Hiba: nincs '2.03.x' azonosítójú szabály a mutatóban; erre gondoltál: 2.03.f vagy 2.03.e vagy 2.03?\n"
    assert run("rule", "search", "zzz", "--lang", "hu")[2] == "egy szabály sem felel meg ennek: 'zzz'\n"
    assert run("keyword", "explain", "nyelv", "--lang", "hu")[2] == \
        "Hiba: 'nyelv' nem egyértelmű: SZOLGA NYELV, NEMES NYELV, TITKOS NYELV\n"


def test_index_errors_in_hungarian(tmp_path: Path) -> None:
    text = rulebook_path().read_text("utf-8").rstrip("\n") + '\n  - id: "2.03.a"\n    title: {hu: X, en: X}\n' \
        '    status: current\n    source: [reference]\n    summary: {hu: x, en: y}\n'
    path = tmp_path / "rulebook.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(DataError) as exc:
        load_rulebook_file(path)
    assert exc.value.findings[0].text("hu").startswith("a(z) '2.03.a' azonosító kétszer szerepel (először a(z) ")
