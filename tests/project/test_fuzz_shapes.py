"""Structure-aware fuzzing through the real command line (issue 25): valid-shaped documents, then mutated.

Set files, scenarios, deck lists (text and YAML), card queries, EXXIT, XIG and
Zen records and ``korbiro.toml`` are made by :mod:`shapes` from the real
vocabulary (card fields and names, keywords, the action and card-text
grammars, the games' legal moves) and mutated.  Each input is run by one of
its format's commands (:data:`COMMANDS`), in-process (:mod:`clirun`), and
judged by :func:`fuzzing.problems`: never exit 3, never a traceback, every
finding at its file and line.

Every kind of bad outcome is shrunk by hypothesis to a minimal input and
reported, and the run goes on (:func:`fuzzing.hunt`).  The default run tries a
few inputs of each format; ``python3 -m pytest -m fuzz`` tries
:data:`BUDGET` of each, and prints the totals.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import fuzzing
import pytest
from clirun import run_main
from fuzzing import ROOT, Problem, hunt, problems, settle
from hypothesis import strategies as st
from shapes import SHAPES, Shaped

#: inputs per format in the default run, and in the fuzz run
QUICK = 25
BUDGET = {"set files": 5000, "scenarios": 7000, "deck lists (text)": 3500, "deck lists (YAML)": 3000,
          "queries": 3000, "EXXIT records": 2500, "XIG records": 2000, "Zen records": 2500, "korbiro.toml": 2000}

Argv = Callable[[str, Path], list[str]]
#: the longest argument a program can be handed on Linux (MAX_ARG_STRLEN, 32 pages): a longer query is one
#: no shell can pass, so it is given as its first 128 KiB (a mutant of a mutant grew one to 30 MB)
MAX_ARG_BYTES = 131072
EXAMPLE_DECK = ROOT / "examples" / "decks" / "legal-limit3.deck"
EXAMPLE_SCENARIO = ROOT / "examples" / "rulings" / "akcio-ikon.yaml"

#: format -> the commands an input of it is given to (one of them per input): argv from (file, folder)
COMMANDS: dict[str, tuple[Argv, ...]] = {
    "set files": (
        lambda p, d: ["data", "check", p, "--no-cache", "--format", "json"],
        lambda p, d: ["data", "check", p, "--no-cache", "--strict", "--lang", "hu"],
        lambda p, d: ["data", "check", p, "--no-cache", "--format", "github"],
        lambda p, d: ["card", "search", "kincs or mp>=3", "--db", p, "--format", "json"],
    ),
    "scenarios": (
        lambda p, d: ["resolve", p, "--format", "json"],
        lambda p, d: ["resolve", p, "--lang", "hu"],
        lambda p, d: ["resolve", p, "--legal", "--format", "json"],
        lambda p, d: ["resolve", p, "--legal", "--at", "1", "--player", "Anna"],
        lambda p, d: ["resolve", p, "--state-out", str(d / "state.yaml"), "--format", "json"],
    ),
    "deck lists (text)": (
        lambda p, d: ["deck", "check", p, "--format", "json"],
        lambda p, d: ["deck", "check", p, "--lang", "hu"],
        lambda p, d: ["deck", "show", p, "--format", "json"],
        lambda p, d: ["deck", "check", p, "--ruleset", "draft", "--date", "2026-04-01", "--format", "github"],
        lambda p, d: ["deck", "exchange", str(EXAMPLE_DECK), p, "--format", "json"],
    ),
    "queries": (
        lambda q, d: ["card", "search", q, "--format", "json", "--explain"],
        lambda q, d: ["card", "search", q, "--sort", "mp", "--format", "csv"],
        lambda q, d: ["card", "search", q, "--lang", "hu", "--date", "2024-01-01"],
        lambda q, d: ["card", "show", q, "--format", "json"],
    ),
    "EXXIT records": (
        lambda p, d: ["exxit", "replay", p, "--format", "json"],
        lambda p, d: ["exxit", "replay", p, "--lang", "hu"],
        lambda p, d: ["exxit", "show", p, "--ply", "3"],
        lambda p, d: ["exxit", "replay", p, "-o", "repetition=draw", "--format", "json"],
    ),
    "XIG records": (
        lambda p, d: ["xig", "replay", p, "--format", "json"],
        lambda p, d: ["xig", "replay", p, "--lang", "hu"],
        lambda p, d: ["xig", "show", p, "--ply", "2", "--format", "json"],
        lambda p, d: ["xig", "moves", p, "--format", "json"],
    ),
    "Zen records": (
        lambda p, d: ["zen", "replay", p, "--format", "json"],
        lambda p, d: ["zen", "replay", p, "--lang", "hu"],
        lambda p, d: ["zen", "show", p, "--ply", "1", "--format", "json"],
        lambda p, d: ["zen", "moves", p, "--format", "json"],
    ),
    "korbiro.toml": (
        lambda p, d: ["data", "check"],
        lambda p, d: ["card", "search", "kincs", "--format", "json"],
        lambda p, d: ["deck", "check", "deck.deck"],
        lambda p, d: ["resolve", str(EXAMPLE_SCENARIO)],
    ),
}
COMMANDS["deck lists (YAML)"] = COMMANDS["deck lists (text)"]


@dataclass(frozen=True)
class Case:
    """An input and the command it is given to."""

    shaped: Shaped
    command: int

    def __repr__(self) -> str:
        return f"command #{self.command} of its format, {self.shaped!r}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # hypothesis's printer: the short form too
        printer.text(repr(self))


def cases(name: str) -> st.SearchStrategy[Case]:
    return st.builds(Case, SHAPES[name](), st.integers(0, len(COMMANDS[name]) - 1))


class Runner:
    """Runs the cases of one format in *folder*, counting them in :data:`fuzzing.TALLY`."""

    def __init__(self, name: str, folder: Path) -> None:
        self.name = name
        self.folder = folder
        if name == "korbiro.toml":  # a project: its card database, a deck list, the configuration beside them
            (folder / "cards").mkdir()
            shutil.copy(ROOT / "korbiro" / "data" / "mk" / "cards" / "MINTA.yaml", folder / "cards")
            shutil.copy(EXAMPLE_DECK, folder / "deck.deck")

    def __call__(self, case: Case) -> list[Problem]:
        shaped = case.shaped
        if self.name == "queries":  # the argument itself, as the shell hands it over
            path, arg = None, shaped.data[:MAX_ARG_BYTES - 1].decode("utf-8", "surrogateescape")
        else:
            for config in ("korbiro.toml", "pyproject.toml"):  # the one of an earlier case would be found first
                (self.folder / config).unlink(missing_ok=True)
            target = self.folder / shaped.name
            target.write_bytes(shaped.data)
            path = arg = str(target)
        ran = run_main(COMMANDS[self.name][case.command](arg, self.folder))
        fuzzing.TALLY.tried[f"{self.name} (shaped)"] += 1
        fuzzing.TALLY.exit3[f"{self.name} (shaped)"] += ran.code == 3
        # a configuration's errors name the file, not a line (tomllib gives none for a key): not judged here
        return problems(ran, None if self.name == "korbiro.toml" else path)


@pytest.fixture(autouse=True)
def _private(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache of its own, the traceback of an internal error on stderr (to tell crashes apart), and no
    configuration but the one a test writes."""
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path_factory.mktemp("fuzz-cache")))
    monkeypatch.setenv("KORBIRO_DEBUG", "1")
    monkeypatch.delenv("KORBIRO_DB", raising=False)


def _hunt(name: str, folder: Path, examples: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)
    settle(hunt(cases(name), Runner(name, folder), examples))


@pytest.mark.parametrize("name", list(SHAPES))
def test_shaped(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _hunt(name, tmp_path, QUICK, monkeypatch)


@pytest.mark.fuzz
@pytest.mark.timeout(3600)  # the dedicated run: long by design, and slower on a busy machine
@pytest.mark.parametrize("name", list(SHAPES))
def test_shaped_full(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _hunt(name, tmp_path, fuzzing.scaled(BUDGET[name]), monkeypatch)
