"""The built wheel carries everything korbiro reads at run time (grammars, schemas, data)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from layout import ROOT
from sample import SHIPPED_CARDS

#: one worker runs this module: the wheel is built once a run
pytestmark = pytest.mark.xdist_group("wheel")

def _build(out: Path, *, pure: bool) -> Path:
    env = {k: v for k, v in os.environ.items() if k != "KORBIRO_PURE_PYTHON"}
    if pure:
        env["KORBIRO_PURE_PYTHON"] = "1"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
        capture_output=True, text=True, timeout=600, env=env,
    )
    if proc.returncode != 0:
        pytest.fail(proc.stderr[-2000:])
    (found,) = out.glob("korbiro-*.whl")
    return found


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pure-Python wheel (the compiled engine's build, a minute of mypyc and the C compiler, is the long run's:
    :func:`test_the_compiled_wheel_runs_its_engine_compiled`)."""
    return _build(tmp_path_factory.mktemp("wheel"), pure=True)


def test_wheel_has_package_data(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in [
        "korbiro/grammar/card.lark",
        "korbiro/data/schemas/mk-set.schema.json",
        "korbiro/data/schemas/mk-formats.schema.json",
        "korbiro/data/mk/cards/MINTA.yaml",
        "korbiro/data/mk/formats.yaml",
        "korbiro/py.typed",
        "korbiro/web/templates/layout.html",  # the web app's templates and style sheet
        "korbiro/web/templates/rulings.html",
        "korbiro/web/static/style.css",
        "korbiro/base/catalogue.kept",  # the message catalogues merged: a first run parses no YAML
        "korbiro/grammar/tables/card-start.json",
    ]:
        assert needed in names, needed
    assert not any(n.startswith(("tests/", "benchmarks/")) for n in names)


def _install(wheel: Path, tmp_path: Path) -> dict[str, str]:
    """Install *wheel* into a folder of its own; the environment that runs it from there."""
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q", "--target", str(target),
                    str(wheel)], check=True, capture_output=True, timeout=300)
    env = {**os.environ, "PYTHONPATH": str(target), "KORBIRO_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("KORBIRO_DB", None)
    env.pop("KORBIRO_PURE_PYTHON", None)
    return env


def test_installed_wheel_runs_without_the_source_tree(wheel: Path, tmp_path: Path) -> None:
    env = _install(wheel, tmp_path)
    target = tmp_path / "site"
    run = [sys.executable, "-c", "import sys; from korbiro.cli import main; sys.argv[0] = 'korbiro'; main()"]
    assert "Exit codes" in subprocess.run(run + ["--help"], cwd=tmp_path, env=env, capture_output=True, text=True).stdout
    proc = subprocess.run(run + ["data", "check", "--strict"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.endswith(f"{SHIPPED_CARDS} card(s): 0 error(s), 0 warning(s) (the shipped sample database: no PATHS, "
                                "--db or korbiro.toml named yours)\n")
    where = subprocess.run([sys.executable, "-c", "import korbiro; print(korbiro.__file__)"], cwd=tmp_path, env=env,
                           capture_output=True, text=True).stdout
    assert where.startswith(str(target))


_SERVED = ("import korbiro.rules.mk.timeline, korbiro.base.compiled as c; "
           "print(c.SERVED['korbiro.rules.mk.timeline'][1])")


def test_the_pure_wheel_runs_the_engines_sources(wheel: Path, tmp_path: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd")) or n.endswith("/compiled.json")]
    env = _install(wheel, tmp_path)
    said = subprocess.run([sys.executable, "-c", _SERVED], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert said.stdout == "not compiled\n", said.stderr


@pytest.mark.long
@pytest.mark.timeout(900)  # mypyc and the C compiler: a minute or two
def test_the_compiled_wheel_runs_its_engine_compiled(tmp_path: Path) -> None:
    """The wheel as ``pip`` builds it by default: the engine's modules compiled (setup.py), with the manifest that
    lets them be served, and they are, from an installed wheel."""
    built = _build(tmp_path / "out", pure=False)
    names = set(zipfile.ZipFile(built).namelist())
    assert "korbiro/rules/mk/timeline/compiled.json" in names
    assert any(n.startswith("korbiro/rules/mk/timeline/legal.") and n.endswith((".so", ".pyd")) for n in names)
    env = _install(built, tmp_path)
    said = subprocess.run([sys.executable, "-c", _SERVED], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert said.stdout == "compiled\n", said.stderr


def test_the_wheels_tests_share_one_worker(request: pytest.FixtureRequest) -> None:
    """Why: with pytest 9.2, pytest-xdist 3.8's ``--dist loadgroup`` (the default addopts) kept no ``xdist_group``
    on one worker (pytest-dev/pytest-xdist#1386): this module's tests built the wheel twice at once in the checkout
    ("File exists: build/bdist…"), and each worker started its own Chromium.  The test extra keeps pytest below
    9.2; under xdist, a grouped test's id carries its group."""
    if getattr(request.config.option, "loadgroup", False):
        assert request.node.nodeid.endswith("@wheel"), "pytest-xdist did not group this test: see pyproject.toml"
