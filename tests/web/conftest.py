"""The web app's browser tests: Chromium through Playwright, and the app served on a free port of 127.0.0.1.

Without Playwright or Chromium the browser tests are skipped, saying why; with ``KORBIRO_BROWSER_TESTS=required``
(``.ci/run`` sets it where it installed Chromium) they fail instead.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from layout import ROOT

REQUIRED = os.environ.get("KORBIRO_BROWSER_TESTS") == "required"


def _missing(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"{reason} (KORBIRO_BROWSER_TESTS=required)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Chromium, started once a worker (each test opens a context of its own): the browser tests' modules are of
    one xdist group, so one worker starts it once a run."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright is not installed (the test extra: pip install -e '.[test]')")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        _missing("no chromium on PATH (apt-get install -y chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="session")
def site(browser: Any) -> Iterator[str]:
    from korbiro.web.app import create_app, running

    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(ROOT)
        mp.delenv("KORBIRO_DB", raising=False)
        with running(create_app(workers=1, time_limit=60)) as url:
            yield url
