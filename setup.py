"""korbiro's build: the metadata is in pyproject.toml; this file compiles the card game's engine with mypyc.

The modules of :data:`COMPILED` (the timeline engine's core: the state, the rules' checks, the listing of the legal
actions) are compiled to C extension modules when a C compiler is at hand: the same type-checked source, about
twice as fast (``benchmarks/play.py``).  ``KORBIRO_PURE_PYTHON=1`` builds the pure-Python package; a build whose
compiling fails says so and falls back to it.  The build writes ``compiled.json`` beside the modules (each
source's SHA-256): :mod:`korbiro.base.compiled` serves the compiled modules only for the very sources they were
made from (an edited source runs as it is, until the next ``pip install``).  docs/architecture.md, "The compiled
core".
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
ENGINE = Path("korbiro", "rules", "mk", "timeline")
#: the engine's modules compiled: its state, parts and rules' checks, the listing of the legal actions, random play
#: (the package's other modules, the scenario files' runner, the bots, the traces' words, stay Python)
COMPILED = ("abilities", "combat", "deeds", "effects", "ending", "engine", "enums", "game", "legal", "maneuvers",
            "model", "pacts", "phases", "rounds", "rules", "seating", "semantics", "stack", "table")
MANIFEST = ROOT / ENGINE / "compiled.json"


def _say(text: str) -> None:
    print(f"korbiro build: {text}", file=sys.stderr)


class _OptionalBuildExt(build_ext):
    """Compile the engine; when compiling fails, build without it (the manifest taken away, so that no extension
    module of an earlier build is served)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any failure of the compiler: the pure-Python package
            MANIFEST.unlink(missing_ok=True)
            _say(f"the engine was not compiled ({type(exc).__name__}: {exc}); korbiro runs as pure Python")


def _compiled() -> dict[str, Any]:
    if os.environ.get("KORBIRO_PURE_PYTHON", "") == "1":
        return {}  # (a wheel built so carries no extension module: its manifest, if any, serves nothing)
    try:
        from mypyc.build import mypycify
    except ImportError:
        MANIFEST.unlink(missing_ok=True)
        _say("mypyc is not installed; korbiro runs as pure Python")
        return {}
    paths = [str(ENGINE / f"{name}.py") for name in COMPILED]
    modules = {name: hashlib.sha256((ROOT / ENGINE / f"{name}.py").read_bytes()).hexdigest() for name in COMPILED}
    try:
        ext_modules = mypycify(paths, opt_level="3")  # type-checks the modules first: a type error stops it
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - whatever stops mypyc: the pure-Python package
        MANIFEST.unlink(missing_ok=True)
        _say(f"the engine was not compiled ({type(exc).__name__}: {exc}); korbiro runs as pure Python")
        return {}
    MANIFEST.write_text(json.dumps({"modules": modules}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return {"ext_modules": ext_modules, "cmdclass": {"build_ext": _OptionalBuildExt}}


if __name__ == "__main__":  # as setuptools' build backend runs it (a test imports it to try _compiled)
    os.chdir(ROOT)  # mypyc names the modules by their paths from here
    setup(**_compiled())
