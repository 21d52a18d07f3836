"""Shared pytest configuration."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from korbiro.data.paths import shipped_db_path

# The tests mirror the package in folders without __init__.py (pytest imports each test file by its unique name);
# a test that borrows from another (its strategies, its fixtures' data) imports it by that name from any folder.
for _folder in sorted(p for p in Path(__file__).resolve().parent.rglob("*") if p.is_dir() and any(p.glob("test_*.py"))):
    if str(_folder) not in sys.path:
        sys.path.append(str(_folder))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="Rewrite golden outputs (README console examples, docs/cli.md, the pictures in tests/golden/) "
        "from the current behaviour, then fail so that a second run has to verify them.",
    )


@pytest.fixture(scope="session", autouse=True)
def _away_from_the_users_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every test runs with a cache of the test session (never the user's ``~/.cache/korbiro``) and without the
    user's ``$KORBIRO_DB``; a module or a test that wants another cache, or none, sets or deletes the variable
    itself (its fixtures come after this one)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("KORBIRO_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "korbiro-cache"))
        mp.delenv("KORBIRO_DB", raising=False)
        yield


@pytest.fixture
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache of this test alone, empty at its start (for tests of what the cache keeps), and no ``$KORBIRO_DB``;
    a module asks for it with ``pytestmark = pytest.mark.usefixtures("private_cache")``."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(folder))
    monkeypatch.delenv("KORBIRO_DB", raising=False)
    return folder


@pytest.fixture
def db_dir(tmp_path: Path) -> Path:
    """A copy of the shipped sample database (``MINTA.yaml``; ``sample.SHIPPED_CARDS`` cards) in a folder of its own."""
    d = tmp_path / "db"
    d.mkdir()
    shutil.copy(shipped_db_path() / "MINTA.yaml", d / "MINTA.yaml")
    return d


def _engine_compiled() -> bool:
    import korbiro.rules.mk.timeline  # noqa: F401 - its guard decides
    from korbiro.base.compiled import SERVED

    return SERVED["korbiro.rules.mk.timeline"][0]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With the engine compiled (setup.py), the tests marked ``pure_python`` (they count the engine's calls of its
    own functions, which compiled code makes directly) are deselected here and run by
    ``tests/base/test_compiled.py`` in a process of the engine's sources; without it, that test is deselected
    (the tests it runs run here)."""
    drop = "pure_python" if _engine_compiled() else "compiled_engine"
    kept = [item for item in items if item.get_closest_marker(drop) is None]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if item.get_closest_marker(drop) is not None])
        items[:] = kept


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    """The fuzzing totals (tests/fuzzing.py): inputs tried per format and the exit-3 count."""
    web = sys.modules.get("test_web_fuzz")
    if web is not None and web.CASES:
        terminalreporter.write_sep("-", "API fuzzing (schemathesis): cases per operation, none a 5xx")
        for name, n in sorted(web.CASES.items()):
            terminalreporter.write_line(f"{name:32s} {n:6d} cases")
        terminalreporter.write_line(f"{'total':32s} {sum(web.CASES.values()):6d} cases")
    fuzzing = sys.modules.get("fuzzing")
    if fuzzing is None or not fuzzing.TALLY.tried:
        return
    totals = fuzzing.TALLY.totals()
    terminalreporter.write_sep("-", "fuzzing: inputs tried per format; exit 3 (internal error), HTTP 5xx")
    for name, n in totals["tried"].items():
        bad = (f"HTTP 5xx: {totals['http500'].get(name, 0)}" if name.startswith("web ")
               else f"exit 3: {totals['exit3'].get(name, 0)}")
        terminalreporter.write_line(f"{name:30s} {n:7d} inputs, {bad}")
    terminalreporter.write_line(f"{'total':30s} {totals['total']:7d} inputs, exit 3: {totals['exit3_total']}, "
                                f"HTTP 5xx: {totals['http500_total']}")
    cache = getattr(config, "cache", None)  # absent with -p no:cacheprovider
    if cache is not None:
        cache.set("korbiro/fuzz-totals", totals)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (the default addopts) runs the dedicated fuzz run in one process, so that its totals,
    counted in this process, are printed at the end."""
    markexpr = str(getattr(config.option, "markexpr", "") or "")
    if "fuzz" in markexpr and "not fuzz" not in markexpr:
        return 0
    return None


@pytest.fixture
def web_client(web_session: Any) -> Any:
    """The web app's test client with no cookies: the language a test chose (``?lang=hu`` sets a cookie)
    does not follow it into the next test."""
    web_session.cookies.clear()
    return web_session


@pytest.fixture(scope="session")
def web_session() -> Iterator[Any]:
    """The web app (korbiro/web) over the shipped sample, one worker, under the ASGI test client; the
    working folder is the checkout's, as for the CLI's relative paths.  Skips without the web extra."""
    pytest.importorskip("starlette", reason="the web extra is not installed (pip install -e '.[web]')")
    pytest.importorskip("httpx2", reason="the test extra's httpx2 is not installed")
    from starlette.testclient import TestClient

    from korbiro.web.app import create_app

    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(Path(__file__).resolve().parent.parent)
        mp.delenv("KORBIRO_DB", raising=False)
        app = create_app(workers=1, time_limit=60, hosts=["testserver"])  # the test client's host
        with TestClient(app) as client:
            yield client
