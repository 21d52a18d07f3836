"""Golden files under ``tests/golden/``: reviewed outputs a test compares exactly.

``python -m pytest --update-golden`` rewrites them from the current behaviour
(and then fails, so that a second run has to verify them), as for the README's
console sessions and docs/cli.md (``tests/project/test_docs.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"


def check_golden(request: pytest.FixtureRequest, name: str, text: str) -> None:
    """*text* must equal ``tests/golden/NAME`` (rewritten under ``--update-golden``)."""
    path = GOLDEN / name
    if request.config.getoption("--update-golden"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        pytest.fail(f"tests/golden/{name} rewritten; review it and run the tests again")
    assert path.exists(), f"no golden file tests/golden/{name}: run python3 -m pytest --update-golden and review it"
    assert text == path.read_text(encoding="utf-8"), (
        f"differs from tests/golden/{name}: if the change is meant, run python3 -m pytest --update-golden and review it"
    )
