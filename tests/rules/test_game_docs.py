"""docs/xig.md and docs/zen.md are executed: their console sessions and Python examples must print
what they show (docs/exxit.md is run by test_exxit_docs.py).

Each session runs in a folder of its own where the examples are at hand, so that the pictures
it draws land there; the output compared is what a terminal shows (stdout and stderr).  The
exit code is 2 for a usage error, 1 for an invalid record, else 0.
"""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from layout import ROOT
from test_docs import _sessions as sessions

from korbiro.cli import cli

DOCS = ("docs/xig.md", "docs/zen.md")


def _doc_sessions(doc: str) -> list[tuple[str, str, str]]:
    """(doc, command, expected output) for every ``$ korbiro …`` line in a console block."""
    return [(doc, command, output) for command, output in sessions((ROOT / doc).read_text(encoding="utf-8"))]


SESSIONS = [s for doc in DOCS for s in _doc_sessions(doc)]


def test_the_docs_have_console_sessions() -> None:
    assert {doc for doc, _, _ in SESSIONS} == set(DOCS)


@pytest.mark.parametrize(("doc", "command", "expected"), SESSIONS, ids=[f"{d}: {c}" for d, c, _ in SESSIONS])
def test_console_session(doc: str, command: str, expected: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    args = shlex.split(command)
    assert args[0] == "korbiro"
    result = CliRunner().invoke(cli, args[1:], prog_name="korbiro")
    assert result.output == expected
    usage = expected.startswith("Usage:")
    invalid = "invalid" in expected or "szabálytalan" in expected  # a replay's verdict, in English or Hungarian
    assert result.exit_code == (2 if usage else 1 if invalid else 0)


@pytest.mark.parametrize("doc", DOCS)
def test_python_examples(doc: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / doc).read_text(encoding="utf-8"), re.S)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tried = 0
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"{doc}[{i}]", doc, 0)
        tried += len(test.examples)
        runner.run(test)
    assert tried > 0 and runner.failures == 0
