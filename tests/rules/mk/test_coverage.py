"""Rule coverage: what implements each rule of the index, which passing scenarios exercise it,
the figure (derived here again from the scenarios themselves), `korbiro rule coverage`, and the
figure in the README."""

from __future__ import annotations

import ast
import datetime as dt
import doctest
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from layout import ROOT

import korbiro.rules.mk.coverage as coverage_module
from korbiro.base.yamlload import load_yaml_file
from korbiro.cli import cli
from korbiro.data.cards import Card, CardDatabase
from korbiro.rules.mk.coverage import (
    Coverage,
    Example,
    compute_coverage,
    implementations,
    run_examples,
)
from korbiro.rules.mk.rulebook import load_rulebook, rulebook_path

EXAMPLES = ROOT / "examples"
#: one worker runs this module: every shipped scenario is run once a run (the cov fixture)
pytestmark = pytest.mark.xdist_group("coverage")


@pytest.fixture(scope="module")
def cov() -> Coverage:
    return compute_coverage(EXAMPLES)


@pytest.fixture()
def cached(cov: Coverage, monkeypatch: pytest.MonkeyPatch) -> Coverage:
    """The command runs on the module's scenarios, already run (the figure is the same)."""
    monkeypatch.setattr(coverage_module, "run_examples", lambda folder, progress=None: list(cov.examples))
    return cov


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, ["rule", "coverage", *args])
    return r.exit_code, r.stdout, r.stderr


# --------------------------------------------------------------------------- exact outcomes


def test_the_module_examples_run() -> None:
    failures, tried = doctest.testmod(coverage_module, optionflags=doctest.ELLIPSIS)
    assert tried >= 3 and failures == 0


def test_every_shipped_scenario_passes(cov: Coverage) -> None:
    assert cov.failing() == []
    kinds = [e.kind for e in cov.examples]
    assert kinds.count("ruling") == len(list((EXAMPLES / "rulings").glob("*.yaml"))) + \
        len(list((EXAMPLES / "masik-db" / "rulings").glob("*.yaml")))
    assert (kinds.count("deck"), kinds.count("exchange"), kinds.count("result")) == (17, 2, 12)


@pytest.mark.parametrize("rule_id, coverage, parts", [
    ("2.01.b", "exercised", ("engine", "keywords")),          # FAL in a siege: the engine's trace
    ("1.02.A", "exercised", ("deck",)),                        # the copy limit: illegal-copies.deck
    ("1.01.A.2", "exercised", ("engine", "victory")),          # 19 DP at once: two-player-immediate-19.yaml
    ("1.13.C", "exercised", ("deck",)),                        # the exchange of match-game2-illegal.deck
    ("12.00.2.A", "implemented", ("engine", "victory")),       # a note of the verdict, never a trace step
    ("11.00.F", "implemented", ("engine",)),                   # cited by a scenario's rules:, never applied
    ("8.01.B", "implemented", ("engine", "keywords")),
    ("2.01.a", "implemented", ("keywords",)),                  # the FAL keyword's point, via 2.01
    ("3.01.D", "not-implemented", ()),
    ("12.00.A", "exercised", ("engine",)),
    ("2.05", "not-modelled", ("keywords",)),
    ("9.00", "not-modelled", ()),
    ("2.03", "section", ("engine", "keywords")),
    ("1.00", "section", ()),
])
def test_a_rule_s_coverage(cov: Coverage, rule_id: str, coverage: str, parts: tuple[str, ...]) -> None:
    entry = cov[rule_id]
    assert (entry.coverage, entry.parts) == (coverage, parts)
    assert entry.counted is (coverage in ("exercised", "implemented", "not-implemented"))


def test_the_scenarios_named_for_a_rule(cov: Coverage) -> None:
    assert [e.name for e in cov["2.04.b"].examples] == ["rulings/akaratatvitel.yaml"]
    assert "rulings/kincskereses-egyszer-fordulonkent.yaml" in [e.name for e in cov["1.14.14.C"].examples]
    assert [e.name for e in cov["1.02.C"].examples] == ["decks/illegal-size59-limit4.deck"]
    assert [e.name for e in cov["1.13.C"].examples] == ["decks/match-game1.deck -> match-game2-illegal.deck"]
    assert sorted(e.name for e in cov["12.00.5.1.1.B"].examples) == ["results/ikerjatek-28.yaml",
                                                                   "rulings/ikerjatek-28dp.yaml"]
    assert "masik-db/rulings/kincs-modosito.yaml" in [e.name for e in cov["1.14.14.D"].examples]
    # a section shows the scenarios citing its own id, and counts its points
    assert cov["2.01"].points == (1, 2) and cov["2.03"].points == (5, 6)
    assert cov["1.02"].points == (3, 3) and cov["12.00.1"].points == (5, 5)


def test_a_rule_only_listed_in_rules_is_not_exercised(cov: Coverage) -> None:
    data = load_yaml_file(EXAMPLES / "rulings" / "szellem-nem-kalandozo.yaml").data
    assert "11.00.F" in data["rules"]
    ex = next(e for e in cov.examples if e.name == "rulings/szellem-nem-kalandozo.yaml")
    assert ex.passed and "11.00.F" not in ex.rules and "11.00.D" in ex.rules


def test_the_format_gate_exercises_no_rule(cov: Coverage) -> None:
    """An archived rule refused (MK-TL-ARCHIVED) or skipped (not-applied) under Korforduló."""
    by_name = {e.name: e for e in cov.examples}
    assert by_name["rulings/mozaik-korfordulo.yaml"].passed and "7.00" not in by_name["rulings/mozaik-korfordulo.yaml"].rules
    assert "1.10.B" not in by_name["rulings/negativ-dp-korfordulo.yaml"].rules
    assert "1.10.B" in by_name["rulings/negativ-dp.yaml"].rules


def test_the_parts_registries() -> None:
    parts = implementations()
    assert set(parts) == {"engine", "deck", "victory", "keywords"}
    assert {"1.02", "1.02.A", "1.02.B", "1.02.C", "1.13", "1.13.C", "1.13.F", "1.14.5", "2.02", "3.01.A"} == set(
        parts["deck"])
    assert parts["keywords"]["2.06.b"] == "2.06" and parts["keywords"]["2.06"] == "2.06"
    assert "6.01" not in parts["keywords"]  # ÁLLANDÓ names 6.00, which is no keyword's own section
    assert "12.00.5.1.2.D" in parts["victory"] and "8.01.B" in parts["engine"]


def test_every_rule_the_deck_checker_names_is_in_its_registry() -> None:
    from korbiro.rules.mk.deck import RULES

    tree = ast.parse((ROOT / "korbiro" / "rules" / "mk" / "deck.py").read_text("utf-8"))
    # every string in a `rule=` argument: rule="1.14.5", rule="2.02" if same else "1.02.A"
    named = {c.value for node in ast.walk(tree) if isinstance(node, ast.Call) for kw in node.keywords
             if kw.arg == "rule" for c in ast.walk(kw.value) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    assert len(named) >= 6
    assert named == set(RULES), named ^ set(RULES)


def test_what_a_scenario_applies_is_in_its_part_s_registry(cov: Coverage) -> None:
    """The registries are complete: a rule applied in a run is one its part says it implements."""
    parts = implementations()
    part_of = {"ruling": "engine", "deck": "deck", "exchange": "deck", "result": "victory"}
    for ex in cov.examples:
        assert ex.rules <= set(parts[part_of[ex.kind]]), (ex.name, ex.rules - set(parts[part_of[ex.kind]]))


# --------------------------------------------------------------------------- the figure, derived again


def _applied_independently() -> set[str]:
    """The rules the passing scenarios apply, found here from their runs, not through the module."""
    from korbiro.data.check import load_database
    from korbiro.grammar.decklist import read_deck_file
    from korbiro.rules.mk.deck import check_deck, check_exchange
    from korbiro.rules.mk.timeline import run_file
    from korbiro.rules.mk.victory import result_of_file

    applied: set[str] = set()
    for files, db in (((EXAMPLES / "rulings").glob("*.yaml"), load_database()),
                      ((EXAMPLES / "masik-db" / "rulings").glob("*.yaml"), load_database([EXAMPLES / "masik-db" / "cards"]))):
        def lookup(name: str, db: CardDatabase = db) -> Card | None:
            return db.lookup(name, suggest=False).card

        for path in files:
            ran = run_file(str(path), lookup=lookup)
            if ran.passed:
                applied |= {e.rule for e in ran.trace if e.event != "not-applied"}
                applied |= {r.rule for r in ran.refusals if r.rule and r.code != "MK-TL-ARCHIVED"}
    verdicts = load_yaml_file(EXAMPLES / "verdicts.yaml").data
    db = load_database()
    day = dt.date.fromisoformat(verdicts["date"])
    for name, want in verdicts["decks"].items():
        report = check_deck(read_deck_file(str(EXAMPLES / "decks" / name)), db, date=day)
        got = {f.rule for f in report.findings if f.rule and f.rule[0].isdigit()}
        if report.legal is want["legal"] and got == set(want["rules"]):
            applied |= got
    for want in verdicts["exchanges"]:
        got = {f.rule for f in check_exchange(read_deck_file(str(EXAMPLES / "decks" / want["before"])),
                                              read_deck_file(str(EXAMPLES / "decks" / want["after"])), db) if f.rule}
        if got == set(want["rules"]):
            applied |= got
    for name, want in verdicts["results"].items():
        res = result_of_file(EXAMPLES / "results" / name)
        notes = {n.rule for n in res.notes}
        if (res.verdict.value, sorted(res.winners), res.rule, notes) == \
                (want["verdict"], sorted(want["winners"]), want["rule"], set(want["notes"])):
            applied |= notes | {res.rule}
    return applied


def _points() -> tuple[set[str], set[str]]:
    """The index's points (ids no other id lies below) and those marked not modelled, from the YAML.
    Below a chapter (2.00) lie its sections (2.01 …) and their points."""
    raw = load_yaml_file(rulebook_path()).data["rules"]
    ids = [r["id"] for r in raw]

    def below(other: str, rule: str) -> bool:
        chapter = rule.endswith(".00") and rule.count(".") == 1 and other.split(".")[0] == rule.split(".")[0]
        return other != rule and (other.startswith(rule + ".") or chapter)

    points = {i for i in ids if not any(below(o, i) for o in ids)}
    return points, {r["id"] for r in raw if "not_modelled" in r and r["id"] in points}


def test_the_figure_is_the_count_of_exercised_points(cov: Coverage) -> None:
    points, not_modelled = _points()
    counted = points - not_modelled
    exercised = counted & _applied_independently()
    fig = cov.figure
    assert (fig.exercised, fig.counted, fig.points, fig.not_modelled) == \
        (len(exercised), len(counted), len(points), len(not_modelled))
    assert fig.points == 150 and fig.not_modelled == 7
    assert fig.percent == round(100 * len(exercised) / len(counted), 1)
    assert {e.rule.id for e in cov.missing()} == points - exercised


def test_a_failing_scenario_exercises_nothing(tmp_path: Path) -> None:
    (tmp_path / "rulings").mkdir()
    text = (EXAMPLES / "rulings" / "akaratatvitel.yaml").read_text("utf-8")
    (tmp_path / "rulings" / "akaratatvitel.yaml").write_text(text, "utf-8")
    cov = compute_coverage(tmp_path)
    assert cov["2.04.b"].coverage == "exercised" and cov.figure.exercised > 0
    # the same scenario expecting what did not happen
    expect = text.index("expect:")
    (tmp_path / "rulings" / "akaratatvitel.yaml").write_text(text[:expect] + "expect:\n  round: 9\n", "utf-8")
    cov = compute_coverage(tmp_path)
    (ex,) = cov.examples
    assert not ex.passed and ex.problem == "expect.round: expected 9, got 1" and ex.rules
    assert cov["2.04.b"].coverage == "implemented" and cov.figure.exercised == 0


def _copy_examples(tmp_path: Path, verdicts: str) -> Path:
    for sub in ("decks", "results"):
        shutil.copytree(EXAMPLES / sub, tmp_path / sub)
    (tmp_path / "rulings").mkdir()
    (tmp_path / "verdicts.yaml").write_text(verdicts, "utf-8")
    return tmp_path


def test_a_wrong_verdict_is_a_failing_scenario(tmp_path: Path) -> None:
    folder = _copy_examples(tmp_path, (
        "date: 2026-11-29\n"
        "decks:\n"
        "  illegal-copies.deck: {legal: false, rules: [1.02.B]}\n"
        "  illegal-tower.deck: {legal: false, rules: [3.01.A]}\n"
        "  nincs.deck: {legal: true, rules: []}\n"
        "exchanges:\n"
        "  - {before: match-game1.deck, after: match-game2-illegal.deck, rules: []}\n"
        "results:\n"
        "  two-player-end-tie.yaml: {verdict: new-round, winners: [], rule: 1.01.B.3, notes: []}\n"
        "  two-player-empty-deck.yaml: {verdict: win, winners: [Anna], rule: 1.01.B.2, notes: []}\n"))
    cov = compute_coverage(folder)
    problems = {e.name: e.problem for e in cov.failing()}
    assert problems["decks/illegal-copies.deck"] == "rules: expected ['1.02.B'], got ['1.02.A']"
    assert problems["decks/match-game1.deck -> match-game2-illegal.deck"] == "rules: expected [], got ['1.13.C']"
    assert problems["results/two-player-empty-deck.yaml"] == "winners: expected ['Anna'], got ['Béla']"
    assert "nincs.deck" in str(problems["decks/nincs.deck"])
    assert len(problems) == 4
    assert [e.coverage for e in (cov["1.02.A"], cov["3.01.A"], cov["1.01.B.3"], cov["1.01.B.2"])] == \
        ["implemented", "exercised", "exercised", "implemented"]
    code, _, err = run("--examples", str(folder))
    assert code == 1 and "failing scenario: decks/illegal-copies.deck: rules: expected ['1.02.B']" in err


@pytest.mark.parametrize("verdicts, where", [
    ("date: 2026-11-29\ndecks:\n  a.deck: {legal: maybe, rules: []}\n", ":3:"),
    ("date: 2026-02-30\n", ":1:7: error MK-VERDICTS-DATE: not a date: '2026-02-30'"),
    ("date: 2026-11-29\nresults:\n  x.yaml: {verdict: win, winners: [A], rule: 1.01.B}\n", ":3:"),
])
def test_a_broken_verdicts_file_is_refused_with_its_line(tmp_path: Path, verdicts: str, where: str) -> None:
    folder = _copy_examples(tmp_path, verdicts)
    code, out, err = run("--examples", str(folder))
    assert code == 2 and out == "" and "verdicts.yaml" + where in err
    assert "Traceback" not in err


def test_every_example_deck_and_state_has_a_verdict() -> None:
    verdicts = load_yaml_file(EXAMPLES / "verdicts.yaml").data
    assert set(verdicts["decks"]) == {p.name for p in (EXAMPLES / "decks").iterdir()}
    assert set(verdicts["results"]) == {p.name for p in (EXAMPLES / "results").glob("*.yaml")}
    book = load_rulebook()
    cited = [*(r for d in verdicts["decks"].values() for r in d["rules"]),
             *(r for x in verdicts["exchanges"] for r in x["rules"]),
             *(r for s in verdicts["results"].values() for r in [s["rule"], *s["notes"]])]
    assert cited and all(r in book for r in cited)


def test_progress_is_told_every_scenario(tmp_path: Path) -> None:
    (tmp_path / "rulings").mkdir()
    for name in ("akaratatvitel.yaml", "igaz-nev.yaml"):
        shutil.copy(EXAMPLES / "rulings" / name, tmp_path / "rulings" / name)
    calls: list[tuple[int, int, str]] = []
    run_examples(tmp_path, progress=lambda done, total, name: calls.append((done, total, name)))
    assert calls == [(0, 2, "rulings/akaratatvitel.yaml"), (1, 2, "rulings/igaz-nev.yaml"), (2, 2, "")]


def test_progress_shows_on_a_terminal_after_a_second(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from korbiro.cli.rule import _Progress

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    with _Progress("running scenarios", enabled=True) as progress:
        progress(0, 3, "rulings/a.yaml")           # under a second: nothing yet
        progress.start -= 2
        progress(1, 3, "rulings/b.yaml")
        progress(3, 3, "")
    assert capsys.readouterr().err == "\rrunning scenarios 1/3\rrunning scenarios 3/3\r\033[K"
    with _Progress("running scenarios", enabled=False) as progress:  # json output: no progress
        assert progress is None
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    with _Progress("running scenarios", enabled=True) as progress:  # not a terminal: none either
        assert progress is None


# --------------------------------------------------------------------------- not modelled


def test_not_modelled_rules_are_marked_with_a_reason(cov: Coverage) -> None:
    book = load_rulebook()
    marked = {r.id for r in book if r.not_modelled}
    assert marked == {"2.05", "2.07", "3.02.B", "3.02.D", "4.02", "4.06", "6.05", "9.00"}
    assert {r.id for r in book if not r.text_available} <= marked
    for rid in marked:
        reason = book[rid].not_modelled
        assert reason is not None and reason["hu"] != reason["en"] and len(reason["en"]) > 40, rid
        # a rule marked not modelled is never applied by a passing scenario: the mark would be stale
        assert not cov[rid].examples, rid
        assert "engine" not in cov[rid].parts, rid


# --------------------------------------------------------------------------- the command


def _figure(cov: Coverage, lang: str = "en") -> str:
    fig = cov.figure
    pct = f"{100 * fig.exercised / fig.counted:.1f}"
    if lang == "hu":
        return f"szabályok sikeres esettel: {fig.exercised} / {fig.counted} ({pct.replace('.', ',')}%)"
    return f"rules with a passing scenario: {fig.exercised} of {fig.counted} ({pct}%)"


def test_the_command_runs_every_scenario(cov: Coverage) -> None:
    code, out, err = run("--lang", "en")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["rule", "status", "implemented", "by", "scenarios", "coverage"]
    assert len(lines) == 1 + len(load_rulebook()) + 4
    row = next(line for line in lines if line.startswith("2.04.b "))
    assert row.split() == ["2.04.b", "current", "engine,", "keywords", "(2.04)", "1", "akaratatvitel", "exercised"]
    assert next(line for line in lines if line.startswith("1.02 ")).endswith("section: 3 of 3 points exercised")
    assert lines[-3] == _figure(cov)
    assert lines[-2] == "counted: the index's 150 points (rules with no points below them), less 7 not modelled"
    assert re.fullmatch(r"scenarios: (\d+) of \1 passed \(\d+ rulings, 17 deck lists, 2 exchanges, 12 game states\)",
                        lines[-1])


def test_missing(cached: Coverage) -> None:
    code, out, _ = run("--missing", "--lang", "en")
    assert code == 0
    lines = out.splitlines()
    missing = cached.missing()
    heads = [line for line in lines if line and not line.startswith(" ")]
    counts = {k: sum(e.coverage == k for e in missing) for k in ("not-implemented", "implemented", "not-modelled")}
    assert heads[:3] == [f"not implemented ({counts['not-implemented']}):",
                         f"implemented, no passing scenario ({counts['implemented']}):",
                         f"not modelled ({counts['not-modelled']}):"]
    listed = [line.split()[0] for line in lines if re.match(r"  [0-9]", line)]
    assert listed == [e.rule.id for e in missing]
    assert "  12.00.2.A  archived   No immediate DP win  [engine, victory]" in lines
    assert "  2.01.a     current    Where the wall value stands  [keywords (2.01)]" in lines
    i = lines.index("  9.00       current    The Outer Plane")
    assert lines[i + 1] == "             Only the chapter's title is known; korbiro has nothing to apply."
    assert _figure(cached) in lines


def test_hungarian(cached: Coverage) -> None:
    code, out, _ = run("--lang", "hu")
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:3] == ["szabály", "állapot", "megvalósítja"]
    assert next(line for line in lines if line.startswith("1.14.14.D ")).split()[1:3] == ["archivált", "motor,"]
    assert next(line for line in lines if line.startswith("12.00.1 ")).endswith("szakasz: 5 pontból 5 kipróbálva")
    assert _figure(cached, "hu") in lines
    code, out, _ = run("--lang", "hu", "--missing")
    assert "nem modellezett (7):" in out and "  3.01.D     érvényes   Leidézett toronyszint" in out
    assert "megvalósítva, sikeres eset nélkül" in out and "Csak a fejezet címe ismert" in out


def test_json(cached: Coverage) -> None:
    code, out, _ = run("--format", "json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"folder", "figure", "rules", "scenarios"}
    fig = cached.figure
    assert data["figure"] == {"exercised": fig.exercised, "counted": fig.counted, "percent": fig.percent,
                              "points": 150, "not_modelled": 7}
    rules = {r["id"]: r for r in data["rules"]}
    assert len(rules) == len(load_rulebook())
    assert rules["2.01.a"] == {"id": "2.01.a", "title": "Where the wall value stands", "status": "current",
                               "coverage": "implemented", "counted": True,
                               "implemented_by": [{"part": "keywords", "rule": "2.01"}], "scenarios": [],
                               "points": None, "not_modelled": None}
    assert rules["2.01"]["points"] == {"exercised": 1, "counted": 2} and rules["2.01"]["counted"] is False
    assert rules["9.00"]["not_modelled"].startswith("Only the chapter's title")
    scenario = next(s for s in data["scenarios"] if s["name"] == "rulings/akaratatvitel.yaml")
    assert scenario["kind"] == "ruling" and scenario["passed"] and "2.04.b" in scenario["rules"]
    code, out, _ = run("--format", "json", "--missing", "--lang", "hu")
    data = json.loads(out)
    assert [r["id"] for r in data["rules"]] == [e.rule.id for e in cached.missing()]
    assert next(r for r in data["rules"] if r["id"] == "9.00")["not_modelled"].startswith("Csak a fejezet")


def test_usage_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run("--examples", str(tmp_path / "missing"))
    assert code == 2 and "does not exist" in err
    monkeypatch.setattr(coverage_module, "default_examples_dir", lambda: None)
    code, out, err = run()
    assert code == 2 and out == "" and err.startswith("Error: no examples folder")


# --------------------------------------------------------------------------- the docs


def test_the_readme_states_the_computed_figure(cov: Coverage) -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    found = re.search(r"rules with a passing scenario:\s+\*\*(\d+) of (\d+) \((\d+\.\d)%\)\*\*", readme)
    assert found, "README.md: no figure of `korbiro rule coverage`"
    fig = cov.figure
    assert (int(found[1]), int(found[2]), float(found[3])) == (fig.exercised, fig.counted, fig.percent), \
        "README.md: the coverage figure is stale; run `korbiro rule coverage`"


def test_the_rulebook_doc_explains_the_coverage() -> None:
    doc = (ROOT / "docs" / "rulebook.md").read_text("utf-8")
    section = doc[doc.index("## Rule coverage"):]
    for needed in ("korbiro rule coverage", "not_modelled", "examples/verdicts.yaml", "MK-TL-ARCHIVED",
                   "not-applied", "points", "section"):
        assert needed in section, needed


def test_the_rulebook_doc_shows_real_rows(cached: Coverage) -> None:
    doc = (ROOT / "docs" / "rulebook.md").read_text("utf-8")
    rows = re.search(r"```text\n(.*?)```", doc[doc.index("## Rule coverage"):], re.S)
    assert rows
    _, out, _ = run("--lang", "en")
    real = {line.split()[0]: line.split() for line in out.splitlines() if line}
    for row in rows[1].splitlines():
        assert real[row.split()[0]] == row.split(), row


def _rows(cov: Coverage) -> list[Any]:
    return [e for e in cov if e.coverage == "exercised"]


def test_exercised_rules_have_a_passing_scenario_that_applied_them(cov: Coverage) -> None:
    for entry in _rows(cov):
        assert entry.examples and all(e.passed and entry.rule.id in e.rules for e in entry.examples), entry.rule.id
    assert Example("ruling", "x", True, frozenset()).to_dict() == {"kind": "ruling", "name": "x", "passed": True,
                                                                     "rules": [], "problem": None}
