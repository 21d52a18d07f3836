"""What a command loads: the libraries and modules it has no use for stay unimported (issue 16's start-up).

Each command runs as a user runs it, in a process of its own, twice on one cache folder: the first run
builds the card index and the caches, as a user's first run does; the second is the one looked at.
No timing is measured here, only which modules the run imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from layout import ROOT

_SCRIPT = """
import json, sys
from korbiro.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
with open({out!r}, "w") as fh:
    json.dump(sorted(sys.modules), fh)
"""


def imported(tmp_path: Path, *args: str) -> set[str]:
    """The modules ``korbiro ARGS`` has imported when it ends, in a run after a first one (same cache)."""
    out = tmp_path / "modules.json"
    env = {**os.environ, "KORBIRO_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    env.pop("KORBIRO_DB", None)
    for _ in range(2):
        subprocess.run([sys.executable, "-c", _SCRIPT.format(out=str(out)), *args], env=env, cwd=ROOT,
                       capture_output=True, text=True, timeout=120, check=False)
    return set(json.loads(out.read_text("utf-8")))


@pytest.mark.parametrize("args", [
    ("card", "show", "Terda Radowik am Warwik"),
    ("card", "show", "Briar Sichetti", "--format", "json"),
    ("play", "--seed", "1", "--max-rounds", "1"),
])
def test_cards_from_the_index_bring_their_keywords_and_behaviour_parsed(tmp_path: Path, args: tuple[str, ...]) -> None:
    """The card index keeps each card's keyword objects and behaviour: reading them loads no grammar."""
    modules = imported(tmp_path, *args)
    assert "korbiro.data.index" in modules  # the command ran
    assert {m for m in modules if m == "lark" or m.startswith("lark.")} == set()
    assert "korbiro.grammar.cardtext" not in modules


def test_a_played_game_reads_no_yaml(tmp_path: Path) -> None:
    """``play`` needs neither the scenario runner nor the YAML of the variants, which the cache remembers."""
    modules = imported(tmp_path, "play", "--seed", "1", "--max-rounds", "1")
    assert "korbiro.rules.mk.timeline.game" in modules
    assert {"korbiro.rules.mk.timeline.scenario", "korbiro.base.yamlload", "yaml"} & modules == set()


def test_a_scenario_run_again_parses_no_action(tmp_path: Path) -> None:
    """The actions of a scenario's script are remembered once they parse: a run again loads no lark."""
    modules = imported(tmp_path, "resolve", "examples/rulings/ostrom-mp.yaml")
    assert "korbiro.rules.mk.timeline.scenario" in modules
    assert {m for m in modules if m == "lark" or m.startswith("lark.")} == set()


@pytest.mark.parametrize("args", [
    ("card", "show", "Terda Radowik am Warwik"),
    ("play", "--seed", "1", "--max-rounds", "1"),
    ("resolve", "examples/rulings/ostrom-mp.yaml"),
])
def test_the_package_files_are_read_by_path(tmp_path: Path, args: tuple[str, ...]) -> None:
    """importlib.resources (and the tempfile, shutil and compression modules it brings) is not needed to read
    the package's files (data/paths.py's package_file)."""
    assert "importlib.resources" not in imported(tmp_path, *args)
