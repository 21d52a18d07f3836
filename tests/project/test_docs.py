"""Docs that are executed: the README's console sessions and Python example, and the CLI reference.

The README's ```console blocks are golden files: each `$ korbiro …` line is run
and its output compared exactly.  `python -m pytest tests/project/test_docs.py
--update-golden` rewrites them from the current behaviour (and then fails, so
a second run has to verify them).
"""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from layout import ROOT

from korbiro.base.fsutil import write_output
from korbiro.cli import cli
from korbiro.cli._docgen import render_reference

README = ROOT / "README.md"
CLI_DOC = ROOT / "docs" / "cli.md"
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def _run(command: str) -> str:
    args = shlex.split(command)
    assert args[0] == "korbiro"
    result = CliRunner().invoke(cli, args[1:], env={"LANG": "C.UTF-8", "LC_ALL": "", "KORBIRO_DB": ""},
                                catch_exceptions=False)
    return result.output


def _sessions(text: str) -> list[tuple[str, str]]:
    out = []
    for block in BLOCK.findall(text):
        command, lines = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    out.append((command, "\n".join(lines) + "\n"))
                command, lines = line[2:], []
            else:
                lines.append(line)
        if command is not None:
            out.append((command, "\n".join(lines) + "\n"))
    return out


SESSIONS = _sessions(README.read_text("utf-8"))

#: Docs whose ```console sessions and >>> examples run as they are written (README's run above too).
EXECUTED_DOCS = [ROOT / "docs" / name for name in ("card-behaviour.md", "scenarios.md", "rulings.md", "play.md",
                                                   "deck-check.md", "card-text.md", "data-format.md",
                                                   "writing-a-real-card.md", "sim.md")]


@pytest.fixture(autouse=True)
def _in_root(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path / "cache"))


def _check_sessions(path: Path, request: pytest.FixtureRequest) -> None:
    text = path.read_text("utf-8")
    if request.config.getoption("--update-golden"):
        def refresh(match: re.Match[str]) -> str:
            body = ""
            for command, _ in _sessions(match.group(0)):
                body += f"$ {command}\n{_run(command)}"
            return f"```console\n{body}```"
        write_output(path, BLOCK.sub(refresh, text))
        pytest.fail(f"{path.name} console sessions rewritten; run the tests again to verify")
    for command, expected in _sessions(text):
        assert _run(command) == expected, f"{path.name}: {command}"


def test_readme_console_sessions(request: pytest.FixtureRequest) -> None:
    assert len(SESSIONS) >= 6
    _check_sessions(README, request)


@pytest.mark.parametrize("path", EXECUTED_DOCS, ids=[p.name for p in EXECUTED_DOCS])
def test_doc_console_sessions_and_examples(path: Path, request: pytest.FixtureRequest) -> None:
    text = path.read_text("utf-8")
    assert _sessions(text) or ">>> " in text, f"{path.name} has no example that runs"
    _check_sessions(path, request)
    failures, _ = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_readme_python_example() -> None:
    failures, tried = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried >= 5
    assert failures == 0


def test_readme_quick_start_commands() -> None:
    text = README.read_text("utf-8")
    block = text.split("## Quick start", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    lines = [ln for ln in block.splitlines() if ln.strip()]
    assert lines == [
        "python3 -m pip install -e '.[test]' && korbiro deck check examples/decks/legal-limit3.deck",
        "python3 -m pip install -e '.[test]' && python3 -m pytest",
    ]
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert "python3 -m pip install -e '.[test]' && python3 -m pytest" in ci


def _commands(group: click.Group, prefix: str = "") -> list[tuple[str, click.Command]]:
    ctx = click.Context(group)
    out = []
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        assert cmd is not None
        full = f"{prefix}{name}"
        out.append((full, cmd))
        if isinstance(cmd, click.Group):
            out.extend(_commands(cmd, full + " "))
    return out


@pytest.mark.parametrize(("name", "command"), _commands(cli), ids=[n for n, _ in _commands(cli)])
def test_every_command_has_help_and_is_documented(name: str, command: click.Command) -> None:
    assert (command.help or command.short_help or "").strip(), f"{name} has no help text"
    assert f"## korbiro {name}\n" in CLI_DOC.read_text("utf-8")


def test_cli_reference_is_up_to_date(request: pytest.FixtureRequest) -> None:
    current = render_reference()
    if request.config.getoption("--update-golden"):
        write_output(CLI_DOC, current)
        pytest.fail("docs/cli.md rewritten; run the tests again to verify")
    assert CLI_DOC.read_text("utf-8") == current, "run: python3 -m pytest tests/project/test_docs.py --update-golden"
