"""The compiled engine (setup.py, korbiro/base/compiled.py): served only for the very sources it was made from."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import types
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest
from layout import ROOT

from korbiro.base import compiled

ENGINE = ROOT / "korbiro" / "rules" / "mk" / "timeline"


@pytest.fixture
def package(tmp_path: Path, request: pytest.FixtureRequest,
            monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Path]]:
    """A package of two modules, each with an "extension module" beside it that no import may load (it is not
    one: loading it raises ImportError), and a manifest of the sources' digests, as the build writes them (and no
    ``KORBIRO_PURE_PYTHON`` of the run's)."""
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)
    name = re.sub(r"\W", "_", f"guarded_{request.node.name}")
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text("import sys\nfrom korbiro.base.compiled import guard\n"
                                        "SERVED = guard(sys.modules[__name__])\n", encoding="utf-8")
    for module in ("one", "two"):
        (folder / f"{module}.py").write_text(f"WHERE = 'the source of {module}'\n", encoding="utf-8")
        (folder / f"{module}{EXTENSION_SUFFIXES[0]}").write_bytes(b"not an extension module")
    digests = {m: compiled.digest(folder / f"{m}.py") for m in ("one", "two")}
    (folder / compiled.MANIFEST).write_text(json.dumps({"modules": digests}), encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    finders = list(sys.meta_path)
    try:
        yield name, folder
    finally:
        sys.path.remove(str(tmp_path))
        sys.meta_path[:] = finders
        for key in [k for k in sys.modules if k == name or k.startswith(f"{name}.")]:
            del sys.modules[key]
        compiled.SERVED.pop(name, None)


def _open(name: str) -> tuple[bool, str]:
    module = __import__(name)
    served: bool = module.SERVED
    return served, compiled.SERVED[name][1]


def test_the_compiled_modules_are_served_when_every_source_is_the_one_compiled(package: tuple[str, Path]) -> None:
    name, _ = package
    assert _open(name) == (True, "compiled")
    with pytest.raises(ImportError):  # the "extension" is what the import takes: the compiled module
        __import__(f"{name}.one")


def test_a_source_edited_after_the_build_runs_every_module_from_its_source(package: tuple[str, Path]) -> None:
    """Why: Python's import prefers an extension module to the source beside it: an engine edited after
    ``pip install -e .`` would run its old rules.  One source changed, and every module of the package runs from
    its source (all or none: compiled modules call each other directly)."""
    name, folder = package
    (folder / "two.py").write_text("WHERE = 'the source of two, edited'\n", encoding="utf-8")
    assert _open(name) == (False, "two.py has changed since it was compiled")
    one = __import__(f"{name}.one", fromlist=["WHERE"])
    two = __import__(f"{name}.two", fromlist=["WHERE"])
    assert (one.WHERE, two.WHERE) == ("the source of one", "the source of two, edited")


@pytest.mark.parametrize(("spoil", "why"), [
    ("manifest gone", "no compiled.json"),
    ("manifest garbled", "compiled.json is not a manifest"),
    ("extension gone", "the extension modules are not those the build listed"),
    ("extension added", "the extension modules are not those the build listed"),
    ("asked for the sources", "KORBIRO_PURE_PYTHON=1"),
])
def test_what_cannot_be_proved_current_is_not_served(package: tuple[str, Path], monkeypatch: pytest.MonkeyPatch,
                                                     spoil: str, why: str) -> None:
    name, folder = package
    if spoil == "manifest gone":
        (folder / compiled.MANIFEST).unlink()
    elif spoil == "manifest garbled":
        (folder / compiled.MANIFEST).write_text('{"modules": [1, 2', encoding="utf-8")
    elif spoil == "extension gone":
        (folder / f"two{EXTENSION_SUFFIXES[0]}").unlink()
    elif spoil == "extension added":
        (folder / "three.py").write_text("WHERE = 'the source of three'\n", encoding="utf-8")
        (folder / f"three{EXTENSION_SUFFIXES[0]}").write_bytes(b"not an extension module")
    else:
        monkeypatch.setenv(compiled.PURE_ENV, "1")
    assert _open(name) == (False, why)
    assert __import__(f"{name}.one", fromlist=["WHERE"]).WHERE == "the source of one"


def test_a_package_never_compiled_runs_its_sources(package: tuple[str, Path]) -> None:
    name, folder = package
    for module in ("one", "two"):
        (folder / f"{module}{EXTENSION_SUFFIXES[0]}").unlink()
    assert _open(name) == (False, "not compiled")


def _built() -> list[Path]:
    return [p for suffix in EXTENSION_SUFFIXES for p in ENGINE.glob(f"*{suffix}")]


def test_the_engine_built_here_is_the_engine_served() -> None:
    """Where ``pip install`` compiled the engine, this checkout runs it compiled: fails while a compiled source has
    been edited since (``pip install -e .`` compiles it again)."""
    import korbiro.rules.mk.timeline  # noqa: F401 - its guard decides

    served = compiled.SERVED["korbiro.rules.mk.timeline"]
    if os.environ.get(compiled.PURE_ENV) == "1":
        assert served == (False, "KORBIRO_PURE_PYTHON=1")
    elif not _built():
        assert served == (False, "not compiled")
    else:
        assert served == (True, "compiled"), f"the compiled engine is stale ({served[1]}): pip install -e ."
        manifest = json.loads((ENGINE / compiled.MANIFEST).read_text(encoding="utf-8"))["modules"]
        assert {n: compiled.digest(ENGINE / f"{n}.py") for n in manifest} == manifest


def _resolve(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    ruling = ROOT / "examples" / "rulings" / "lifo-semlegesites.yaml"
    code = ("import sys, korbiro.base.compiled as c; from korbiro.cli import main; sys.argv[0] = 'korbiro'\n"
            "try:\n    main()\nfinally:\n    print(c.SERVED.get('korbiro.rules.mk.timeline'), file=sys.stderr)\n")
    return subprocess.run([sys.executable, "-c", code, "resolve", str(ruling), "--format", "json"], env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_ruling_resolves_the_same_from_the_sources() -> None:
    """The same ruling, resolved by the engine as built and by its pure-Python sources: the same answer."""
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    built, pure = _resolve(env), _resolve({**env, compiled.PURE_ENV: "1"})
    assert pure.stderr.strip().endswith("(False, 'KORBIRO_PURE_PYTHON=1')")
    assert (built.returncode, built.stdout) == (pure.returncode, pure.stdout)
    (answer,) = json.loads(pure.stdout)
    assert (pure.returncode, answer["passed"], len(answer["steps"])) == (0, True, 5)


@pytest.mark.compiled_engine
def test_the_tests_that_count_the_engines_calls_pass_from_the_sources() -> None:
    """The tests marked ``pure_python`` count the engine's calls of its own functions (how often a fact is worked
    out, a player's name folded), which compiled code makes directly, unseen: with the engine compiled they are
    deselected from this run (tests/conftest.py) and run here, in a process of the engine's sources."""
    env = {**os.environ, compiled.PURE_ENV: "1"}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
                           "-m", "pure_python", "tests/rules/mk/timeline"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert re.search(r"\b6 passed\b", proc.stdout), proc.stdout[-500:]


@pytest.mark.long
def test_the_engines_tests_pass_from_the_sources() -> None:
    """The engine's own tests, in a process that runs its pure-Python sources (the default run exercises the
    engine as built): the two are the same engine."""
    env = {**os.environ, compiled.PURE_ENV: "1"}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
                           "tests/rules/mk/timeline", "tests/base/test_compiled.py"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stdout[-3000:]


def _setup_script(monkeypatch: pytest.MonkeyPatch, mypycify: object) -> types.ModuleType:
    """``setup.py`` imported (not run), mypyc's ``mypycify`` the one given."""
    spec = importlib.util.spec_from_file_location("korbiro_setup_script", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    build = types.ModuleType("mypyc.build")
    build.mypycify = mypycify  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mypyc", types.ModuleType("mypyc"))
    monkeypatch.setitem(sys.modules, "mypyc.build", build)
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)
    return script


def test_a_build_whose_type_check_fails_installs_the_pure_package(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Why: mypyc type-checks the modules before it compiles them, and a failure there stopped the install.  Now
    the build says so and installs the pure package."""
    def fails(paths: list[str], **options: object) -> list[object]:
        raise SystemExit("korbiro/rules/mk/timeline/legal.py:1: error: a type error")

    assert _setup_script(monkeypatch, fails)._compiled() == {}
    assert capsys.readouterr().err == ("korbiro build: the engine was not compiled (SystemExit: korbiro/rules/mk/"
                                       "timeline/legal.py:1: error: a type error); korbiro runs as pure Python\n")


def _build_ext(script: types.ModuleType, tmp_path: Path) -> Any:
    from setuptools import Distribution

    command = script._OptionalBuildExt(Distribution())
    command.inplace, command.build_lib = False, str(tmp_path / "lib")
    return command


def test_a_build_writes_its_manifest_once_the_modules_are_built(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    """The manifest names every compiled module with the digest of the source mypyc read, and is written into the
    build (a wheel's) only after the extension modules are: not before, not by another build."""
    asked: list[list[str]] = []

    def compiles(paths: list[str], **options: object) -> list[object]:
        asked.append(paths)
        return ["an extension"]

    script = _setup_script(monkeypatch, compiles)
    made = script._compiled()
    assert made["ext_modules"] == ["an extension"]
    assert asked == [[f"korbiro/rules/mk/timeline/{name}.py" for name in script.COMPILED]]
    command = _build_ext(script, tmp_path)
    manifest = tmp_path / "lib" / "korbiro" / "rules" / "mk" / "timeline" / compiled.MANIFEST
    manifest.parent.mkdir(parents=True)
    manifest.write_text('{"modules": {"legal": "an earlier build"}}', encoding="utf-8")  # as build_py copies one
    seen: list[bool] = []
    monkeypatch.setattr(script.build_ext, "run", lambda self: seen.append(manifest.exists()))
    command.run()
    assert seen == [False]
    written = json.loads(manifest.read_text(encoding="utf-8"))["modules"]
    assert written == {name: compiled.digest(ENGINE / f"{name}.py") for name in script.COMPILED}


def test_a_build_whose_compiler_fails_leaves_no_manifest(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    script = _setup_script(monkeypatch, lambda paths, **options: ["an extension"])
    script._compiled()
    command = _build_ext(script, tmp_path)

    def fails(self: object) -> None:
        raise RuntimeError("error: command 'gcc' failed: No such file or directory")

    monkeypatch.setattr(script.build_ext, "run", fails)
    command.run()
    assert not (tmp_path / "lib" / "korbiro" / "rules" / "mk" / "timeline" / compiled.MANIFEST).exists()
    assert capsys.readouterr().err == ("korbiro build: the engine was not compiled (RuntimeError: error: command "
                                       "'gcc' failed: No such file or directory); korbiro runs as pure Python\n")
