"""The layers of docs/architecture.md, as a contract: base < grammar < data < rules < faces.

The contracts live in ``pyproject.toml`` (``[tool.importlinter]``) and are
checked here with import-linter, over every import in the package, those
inside functions and under ``TYPE_CHECKING`` included.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from layout import ROOT

import korbiro
from korbiro.data.paths import RULE_FILES

PACKAGE = ROOT / "korbiro"

#: Modules whose imports inside functions are all lazy, with the reason.
LAZY_MODULES = {
    "korbiro/__init__.py": "the public front imports each function's library on first call (start-up)",
    "korbiro/cli": "every command imports the library it uses when it runs (cli/__init__.py: start-up)",
}


def _lint(cwd: Path, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    """import-linter's check of ``cwd/pyproject.toml``, as ``lint-imports --no-cache`` runs it."""
    code = ("import sys; from importlinter import configuration; configuration.configure(); "
            "from importlinter.application.use_cases import lint_imports; "
            "sys.exit(0 if lint_imports(config_filename='pyproject.toml', cache_dir=None, no_logo=True) else 1)")
    env = {**os.environ, "COLUMNS": "200"}
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)


def test_the_layer_contracts_hold() -> None:
    run = _lint(ROOT)
    report = run.stdout
    assert run.returncode == 0, report + run.stderr
    for name in ("faces > app > rules > data > grammar > base", "no import cycles", "independent", "public library front"):
        assert name in report
    assert "Contracts: 4 kept, 0 broken." in report


def _lint_copy(tmp_path: Path, module: str, line: str) -> subprocess.CompletedProcess[str]:
    """Run the contracts over a copy of the package with *line* added to *module*."""
    shutil.copytree(PACKAGE, tmp_path / "korbiro", ignore=shutil.ignore_patterns("__pycache__", "*.yaml", "*.json"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "korbiro" / module
    text = target.read_text("utf-8")
    head = "from __future__ import annotations\n"
    target.write_text(text.replace(head, head + "\n" + line + "\n", 1), "utf-8")
    return _lint(tmp_path, pythonpath=tmp_path)


@pytest.mark.slow
def test_a_grammar_module_importing_rules_breaks_the_contract(tmp_path: Path) -> None:
    run = _lint_copy(tmp_path, "grammar/action.py", "import korbiro.rules")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "korbiro.grammar is not allowed to import korbiro.rules" in run.stdout
    assert "korbiro.grammar.action -> korbiro.rules" in run.stdout


@pytest.mark.slow
def test_a_rules_module_importing_the_app_layer_breaks_the_contract(tmp_path: Path) -> None:
    # the application layer (korbiro.app) stands above the rules: only the faces import it
    run = _lint_copy(tmp_path, "rules/mk/deck.py", "import korbiro.app")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "korbiro.rules is not allowed to import korbiro.app" in run.stdout


@pytest.mark.slow
def test_a_lazy_import_cannot_hide_a_cycle(tmp_path: Path) -> None:
    # semantics reading the engine back, the knot this layering untied, even inside a function
    run = _lint_copy(tmp_path, "rules/mk/timeline/semantics.py",
                     "def _engine():\n    from .engine import Engine\n    return Engine")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "No cycles are allowed in korbiro.rules.mk.timeline" in run.stdout


def _function_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import of a korbiro module inside a function of *path*."""
    tree = ast.parse(path.read_text("utf-8"))
    out: list[tuple[int, str]] = []
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("korbiro")):
                out.append((node.lineno, "." * node.level + (node.module or "")))
            elif isinstance(node, ast.Import) and any(a.name.startswith("korbiro") for a in node.names):
                out.append((node.lineno, node.names[0].name))
    return sorted(set(out))


def test_every_import_inside_a_function_says_why() -> None:
    """No import inside a function exists to dodge a cycle: each is lazy for start-up, and says so."""
    silent: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if any(rel == m or rel.startswith(m + "/") for m in LAZY_MODULES):
            continue
        lines = path.read_text("utf-8").splitlines()
        for lineno, module in _function_imports(path):
            here = lines[lineno - 1]
            above = lines[lineno - 2].strip() if lineno > 1 else ""
            k = lineno - 2
            while k >= 0 and lines[k].strip().startswith(("from ", "import ")):  # a block under one comment
                k -= 1
            block = lines[k].strip() if k >= 0 else ""
            if "# lazy:" not in here and not above.startswith("# lazy:") and not block.startswith("# lazy:"):
                silent.append(f"{rel}:{lineno}: from {module} (no '# lazy: why' comment)")
    assert not silent, "\n".join(silent)


def test_the_lazy_modules_say_so_in_their_docstrings() -> None:
    assert "lazily" in (korbiro.__doc__ or "")
    assert "imported lazily" in (PACKAGE / "cli" / "__init__.py").read_text("utf-8")


def test_the_rule_files_behind_the_caches_exist() -> None:
    missing = [rel for rel in RULE_FILES if not (PACKAGE / rel).is_file()]
    assert not missing


def test_the_version_is_the_projects() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert korbiro.__version__ == project["version"]


def test_docs_architecture_names_every_module() -> None:
    """docs/architecture.md's tables name every module of the layers below the faces."""
    doc = (ROOT / "docs" / "architecture.md").read_text("utf-8")
    unnamed = []
    for folder in ("base", "grammar", "data", "rules/mk/timeline"):
        for path in sorted((PACKAGE / folder).glob("*.py")):
            if path.name != "__init__.py" and f"`{path.name}`" not in doc and f"{path.name}`" not in doc:
                unnamed.append(f"{folder}/{path.name}")
    assert not unnamed



def test_docs_architecture_draws_the_layers_and_contracts_of_pyproject() -> None:
    """The layer picture of docs/architecture.md names the layers of the ``layers`` contract, in its order (the
    faces: cli | web), its contract table the contracts of pyproject.toml, and the ``games`` contract the
    engines the picture says are independent of each other."""
    doc = (ROOT / "docs" / "architecture.md").read_text("utf-8")
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["importlinter"]["contracts"]
    by_id = {c["id"]: c for c in contracts}
    picture = doc.split("## The layers", 1)[1].split("```", 2)[1]
    drawn = [m.group(1) for m in re.finditer(r"(?m)^  \w+ +(korbiro/\S+(?: \| \S+)?)", picture)]
    assert [d.replace("korbiro/", "").replace("/", "") for d in drawn] == by_id["layers"]["layers"]
    table = doc.split("### The contract, and how it is checked", 1)[1].split("##", 1)[0]
    assert [row.split("`")[1] for row in table.splitlines() if row.startswith("| `")] == list(by_id)
    games = [m.removeprefix("korbiro.rules.") for m in by_id["games"]["modules"]]
    assert games == ["mk", "exxit", "xig", "zen"] and "exxit, xig, zen — independent of each other" in picture
    assert "base → grammar → data →\nrules → app → faces (cli | web)" in doc


def test_every_board_game_has_the_one_file_layout() -> None:
    """Each board game's package has the same modules for the same parts (docs/architecture.md, rules/)."""
    layout = {"board.py", "position.py", "record.py", "rules.py", "draw.py", "pictures.py", "messages.py",
              "messages.yaml"}
    for game in ("exxit", "xig", "zen"):
        have = {p.name for p in (ROOT / "korbiro" / "rules" / game).iterdir()}
        assert sorted(layout - have) == [], game
