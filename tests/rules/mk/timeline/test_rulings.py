"""Every ruling scenario in examples/rulings/ passes, and a wrong expectation fails."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from layout import ROOT

from korbiro.base.yamlload import load_yaml_file
from korbiro.cli import cli
from korbiro.rules.mk.timeline import RULES, run_file
from korbiro.rules.mk.timeline.scenario import load_scenario, run_scenario
from korbiro.rules.mk.timeline.semantics import UNITS

RULINGS = ROOT / "examples" / "rulings"
FILES = sorted(RULINGS.glob("*.yaml"))



@pytest.fixture(scope="module")
def lookup() -> object:
    from korbiro.data.check import load_database

    db = load_database()
    return lambda name: db.lookup(name, suggest=False).card


OTHER_DB = RULINGS.parent / "masik-db"
OTHER_FILES = sorted((OTHER_DB / "rulings").glob("*.yaml"))


@pytest.mark.parametrize("path", OTHER_FILES, ids=[p.stem for p in OTHER_FILES])
def test_a_ruling_on_another_database_rests_on_its_cards_behaviour(path: Path) -> None:
    """A ruling for cards of a database other than the sample resolves with no effects: block."""
    from korbiro.data.check import load_database

    db = load_database([OTHER_DB / "cards"])
    assert "effects" not in load_yaml_file(path).data
    result = run_file(str(path), lookup=lambda name: db.lookup(name, suggest=False).card)
    assert result.passed, "\n".join(result.diffs)
    assert not result.refusals


def test_the_other_database_rulings_through_the_cli() -> None:
    args = ["resolve", *map(str, OTHER_FILES), "--db", str(OTHER_DB / "cards"), "--format", "json"]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    assert len(OTHER_FILES) >= 3


def test_at_least_forty_scenarios() -> None:
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path, lookup: object) -> None:
    result = run_file(str(path), lookup=lookup)  # type: ignore[arg-type]
    assert result.has_expect, f"{path.name} has no expect: block"
    assert result.passed, "\n".join(result.diffs)
    for event in result.trace:
        assert event.rule in RULES


def _covered() -> tuple[set[str], set[str]]:
    rules: set[str] = set()
    keywords: set[str] = set()
    for path in FILES:
        data = load_yaml_file(path).data
        if data.get("expect"):
            rules.update(data.get("rules") or [])
            keywords.update(data.get("keywords") or [])
    return rules, keywords


def test_every_rule_has_a_pinned_scenario() -> None:
    rules, _ = _covered()
    # 1.01 (two players) is enforced when a scenario is loaded: a file with
    # three players in format korfordulo is refused (exit 2), tested below.
    # 4.01.D (a team of at least one) refuses only an action made in Python: the
    # action language always names a team (tests/rules/mk/timeline/test_refusal_rules.py).
    missing = sorted(set(RULES) - rules - {"1.01", "4.01.D"})
    assert not missing, f"rules without a scenario: {missing}"


def test_every_keyword_unit_has_a_pinned_scenario() -> None:
    _, keywords = _covered()
    missing = sorted(set(UNITS) - keywords - {"ANTISSJÁRÁS"} | ({"ANTISSJÁRÁS"} - keywords - {"ANTISSJÁRÁS"}))
    assert not missing, f"keywords without a scenario: {missing}"


def test_scenario_rules_and_keywords_keys_are_known() -> None:
    for path in FILES:
        data = load_yaml_file(path).data
        for rid in data.get("rules") or []:
            assert rid in RULES, (path.name, rid)
        for kw in data.get("keywords") or []:
            assert kw in UNITS, (path.name, kw)


@pytest.mark.parametrize("edit", [
    ("dp: 3, megoldott", "dp: 4, megoldott"),
    ("Briar Sichetti: {state: éber, kincs_used: true}", "Briar Sichetti: {state: pihenő, kincs_used: true}"),
    ("  rules: [1.14.14.D, 1.14.14.B]\n", "  rules: [1.14.14.D, 1.14.14.B, 6.05.O]\n"),
])
def test_a_wrong_expectation_fails(edit: tuple[str, str], lookup: object) -> None:
    text = (RULINGS / "kincskereses-osszeadodik.yaml").read_text("utf-8")
    assert edit[0] in text
    sc = load_scenario("bad.yaml", text=text.replace(edit[0], edit[1], 1), lookup=lookup)  # type: ignore[arg-type]
    result = run_scenario(sc, lookup)  # type: ignore[arg-type]
    assert not result.passed and result.diffs


def test_an_unexpected_refusal_fails(lookup: object) -> None:
    text = (RULINGS / "toronyszint-ket-akadaly.yaml").read_text("utf-8")
    text = text.replace("  illegal:\n    - {step: 3, rule: 3.01.C}\n", "")
    result = run_scenario(load_scenario("x.yaml", text=text, lookup=lookup), lookup)  # type: ignore[arg-type]
    assert any("refused unexpectedly" in d and "3.01.C" in d for d in result.diffs)


def test_every_scenario_file_through_the_cli(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(cli, ["resolve", *map(str, FILES)])
    assert res.exit_code == 0, res.output
    assert res.output.count("PASS") == len(FILES)
