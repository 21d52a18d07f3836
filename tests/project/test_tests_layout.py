"""The tests mirror the package (issue 28 item 6), and no test reaches the user's cache."""

from __future__ import annotations

import os
import re
from pathlib import Path

from layout import ROOT, TESTS

#: folders of tests/ that mirror no package folder: what spans the whole checkout
OWN = {"project"}


def test_every_test_file_lies_in_a_mirror_of_the_package() -> None:
    package = ROOT / "korbiro"
    misplaced = []
    for test in sorted(TESTS.rglob("test_*.py")):
        folder = test.parent.relative_to(TESTS)
        if folder == Path(".") or (folder.parts[0] not in OWN and not (package / folder).is_dir()):
            misplaced.append(str(test.relative_to(ROOT)))
    assert misplaced == []


def test_test_files_have_unique_names() -> None:
    names = [t.name for t in TESTS.rglob("test_*.py")]
    assert sorted({n for n in names if names.count(n) > 1}) == []


def test_no_test_file_copies_the_cache_fixture() -> None:
    """The one conftest isolates the cache; a module that wants an empty one asks for ``private_cache``."""
    copied = re.compile(r"def _private_cache\(tmp_path: Path, monkeypatch: pytest\.MonkeyPatch\) -> None:\n"
                        r"    monkeypatch\.setenv\(\"KORBIRO_CACHE_DIR\", str\(tmp_path / \"cache\"\)\)\n")
    assert [str(t.relative_to(ROOT)) for t in TESTS.rglob("test_*.py") if copied.search(t.read_text("utf-8"))] == []


def test_a_test_runs_away_from_the_users_cache_and_database() -> None:
    cache = Path(os.environ["KORBIRO_CACHE_DIR"])
    assert Path.home() / ".cache" not in (cache, *cache.parents)
    assert "KORBIRO_DB" not in os.environ
