"""Shared pytest configuration."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="Rewrite golden outputs (README console examples, docs/cli.md, the pictures in tests/golden/) "
        "from the current behaviour, then fail so that a second run has to verify them.",
    )
