"""docs/exxit.md is executed: its console sessions and Python examples must print what they show.

Also: every reason code and every ambiguity option is documented, and the
docstring examples of the EXXIT modules pass.
"""

from __future__ import annotations

import doctest
import importlib
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from layout import ROOT

from korbiro.cli import cli
from korbiro.rules.exxit import OPTION_INFO, REASONS

DOC = (ROOT / "docs" / "exxit.md").read_text(encoding="utf-8")


def _console_sessions() -> list[tuple[str, str]]:
    """(command, expected output) for every ``$ korbiro …`` line in a console block."""
    sessions = []
    for block in re.findall(r"```console\n(.*?)```", DOC, re.S):
        command: str | None = None
        output: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    sessions.append((command, "".join(output)))
                command, output = line[2:], []
            else:
                output.append(line + "\n")
        if command is not None:
            sessions.append((command, "".join(output)))
    return sessions


SESSIONS = _console_sessions()


def test_the_doc_has_console_sessions() -> None:
    assert len(SESSIONS) >= 7


def expected_exit(command: str) -> int:
    """1 for a replay of a record with illegal moves, 2 for the usage errors the doc shows, else 0."""
    if command.startswith("korbiro exxit replay") and ("illegal.txt" in command or "mistakes.txt" in command):
        return 1
    return 2 if "--ply 9" in command or "/dev/null" in command or "--svg ./examples" in command else 0


@pytest.mark.parametrize("command, expected", SESSIONS, ids=[c for c, _ in SESSIONS])
def test_console_session(command: str, expected: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # in a folder of its own, where the examples are at hand, so that pictures land there
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    args = shlex.split(command)
    assert args[0] == "korbiro"
    result = CliRunner().invoke(cli, args[1:], prog_name="korbiro")
    assert result.output == expected  # stdout and stderr, as a terminal shows them
    assert result.exit_code == expected_exit(command)


def test_python_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    blocks = re.findall(r"```python\n(.*?)```", DOC, re.S)
    assert blocks
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"docs/exxit.md[{i}]", "docs/exxit.md", 0)
        runner.run(test)
    assert runner.failures == 0


def test_every_reason_code_and_option_is_documented() -> None:
    for code in REASONS:
        assert f"`{code}`" in DOC, code
    for name, info in OPTION_INFO.items():
        assert f"`{name}`" in DOC, name
        assert info.ambiguity in DOC
        for choice in info.choices:
            if not choice.isdigit():
                assert f"`{choice}`" in DOC, (name, choice)


@pytest.mark.parametrize(
    "module",
    [
        "korbiro.rules.exxit",
        "korbiro.rules.exxit.hexes",
        "korbiro.rules.exxit.position",
        "korbiro.rules.exxit.files",
        "korbiro.rules.exxit.record",
        "korbiro.rules.exxit.perft",
        "korbiro.rules.exxit.rules",
        "korbiro.rules.exxit.draw",
    ],
)
def test_module_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_every_command_has_help() -> None:
    from korbiro.cli.exxit import exxit

    assert exxit.help
    for name, command in exxit.commands.items():
        assert command.help, name
