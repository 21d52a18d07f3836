"""korbiro's build: the metadata is in pyproject.toml; this file compiles the card game's engine with mypyc.

The modules of :data:`COMPILED` (the timeline engine's core: the state, the rules' checks, the listing of the legal
actions) are compiled to C extension modules when a C compiler is at hand: the same type-checked source, about
three times as fast (``benchmarks/play.py``).  ``KORBIRO_PURE_PYTHON=1`` builds the pure-Python package; a build whose
compiling fails says so and falls back to it.  Once the modules are built, the build writes ``compiled.json``
beside them (each source's SHA-256): :mod:`korbiro.base.compiled` serves the compiled modules only for the very
sources they were made from (an edited source runs as it is, until the next ``pip install``).
docs/architecture.md, "The compiled core".
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
            "model", "pacts", "parts", "phases", "rounds", "rules", "seating", "semantics", "stack", "table")
#: the manifest beside the compiled modules (korbiro/base/compiled.py reads it)
MANIFEST = Path("compiled.json")


def _say(text: str) -> None:
    print(f"korbiro build: {text}", file=sys.stderr)


def _not_compiled(exc: BaseException) -> None:
    _say(f"the engine was not compiled ({type(exc).__name__}: {exc}); korbiro runs as pure Python")


class _OptionalBuildExt(build_ext):
    """Compile the engine and write the manifest of what it compiled beside the modules: in the source tree for an
    editable install, else into the build (the wheel).  The manifest is written only once the modules are built,
    so that an interrupted or failed build serves nothing; a failure says so and leaves the pure-Python package."""

    #: each compiled module -> the SHA-256 of the source mypyc read (set by :func:`_compiled`)
    modules: dict[str, str] = {}

    def run(self) -> None:
        manifest = (ROOT if self.inplace else Path(self.build_lib)) / ENGINE / MANIFEST
        manifest.unlink(missing_ok=True)
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any failure of the compiler: the pure-Python package
            _not_compiled(exc)
            return
        manifest.parent.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps({"modules": self.modules}, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def _compiled() -> dict[str, Any]:
    if os.environ.get("KORBIRO_PURE_PYTHON", "") == "1":
        return {}
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not installed; korbiro runs as pure Python")
        return {}
    paths = [str(ENGINE / f"{name}.py") for name in COMPILED]
    # korbiro.base.compiled.digest's, written here: the build runs before korbiro and its dependencies are installed
    modules = {name: hashlib.sha256((ROOT / ENGINE / f"{name}.py").read_bytes()).hexdigest() for name in COMPILED}
    try:
        ext_modules = mypycify(paths, opt_level="3")  # type-checks the modules first: a type error stops it
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - whatever stops mypyc: the pure-Python package
        _not_compiled(exc)
        return {}
    _OptionalBuildExt.modules = modules
    return {"ext_modules": ext_modules, "cmdclass": {"build_ext": _OptionalBuildExt}}


if __name__ == "__main__":  # as setuptools' build backend runs it (a test imports it to try _compiled)
    os.chdir(ROOT)  # mypyc names the modules by their paths from here
    setup(**_compiled())
