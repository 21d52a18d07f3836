"""docs/xig.md keeps up with the code: every rule, violation code and option; help and doctests."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from korbiro.cli import cli
from korbiro.rules.xig import RULES, Options

DOC = Path("docs/xig.md").read_text("utf-8")
SOURCES = "\n".join(p.read_text("utf-8") for p in Path("korbiro/rules/xig").glob("*.py"))


@pytest.mark.parametrize("rule", list(RULES))
def test_every_rule_is_in_the_rule_index(rule: str) -> None:
    assert f"| `{rule}` | {RULES[rule].section} | {RULES[rule].text} |" in DOC


def test_every_violation_code_is_documented() -> None:
    codes = set(re.findall(r'"(XIG-[A-Z]+(?:-[A-Z]+)*)"', SOURCES))
    undocumented = sorted(c for c in codes if c not in DOC and not any(c.startswith(p) for p in ("XIG-LAYOUT-", "XIG-POSITION-")))
    assert undocumented == []


def test_every_cited_rule_exists() -> None:
    cited = set(re.findall(r'"(XIG \d\.\d)"', SOURCES))
    assert cited <= set(RULES)


@pytest.mark.parametrize("option", list(Options.CHOICES))
def test_every_option_and_reading_is_documented(option: str) -> None:
    _, choices = Options.CHOICES[option]
    row = next(line for line in DOC.splitlines() if line.startswith(f"| `{option}` |"))
    for choice in choices:
        assert f"`{choice}`" in row
    default = getattr(Options(), Options.CHOICES[option][0])
    assert row.startswith(f"| `{option}` | `{default}` |")


@pytest.mark.parametrize("command", ["replay", "moves", "show"])
def test_every_command_has_help(command: str) -> None:
    result = CliRunner().invoke(cli, ["xig", command, "--help"])
    assert result.exit_code == 0 and "--format [text|json]" in result.output
    assert f"korbiro xig {command}" in DOC


@pytest.mark.parametrize(
    "module",
    ["layout", "cards", "rules", "notation", "play"],
)
def test_doctests(module: str) -> None:
    mod = importlib.import_module(f"korbiro.rules.xig.{module}")
    failures, tried = doctest.testmod(mod)
    assert tried > 0 and failures == 0
