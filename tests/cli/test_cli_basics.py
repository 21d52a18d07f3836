"""The command line's frame: version, help, exit codes."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

import korbiro
from korbiro.cli import cli


def test_version() -> None:
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"korbiro, version {korbiro.__version__}\n"


def test_help_lists_commands() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    assert "Exit codes" in result.output


def test_unknown_command_exits_2() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "korbiro", "frobnicate"], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert "No such command 'frobnicate'" in proc.stderr
    assert "Traceback" not in proc.stderr
