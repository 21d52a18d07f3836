"""Compiled modules, served only for the very sources they were compiled from.

The card game's engine (the modules of ``korbiro/rules/mk/timeline`` that ``setup.py`` names) is compiled with
mypyc when korbiro is installed and a C compiler is at hand: the same type-checked source, as C extension modules
beside it, about twice as fast.  Python's import prefers an extension module to the source beside it, so an
extension left over from an earlier build would run old rules after the source changed.  It is therefore served
only when proved current, as the grammars' tables and the message catalogue are: the build writes ``compiled.json``
beside the modules, the SHA-256 of each compiled source; at the package's first import every source must still
have that digest and every listed module its extension, else **every** module of the package is imported from its
source (all or none: compiled modules call each other's functions directly, not through their imports).

``KORBIRO_PURE_PYTHON=1`` in the environment runs the sources whatever was built (and, given to the build, builds
none).  :data:`SERVED` says which it is for each package guarded.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType

__all__ = ["MANIFEST", "PURE_ENV", "SERVED", "digest", "guard"]

#: the manifest the build writes beside the compiled modules
MANIFEST = "compiled.json"
#: the environment variable that asks for the sources (``1``), at run time and at build time
PURE_ENV = "KORBIRO_PURE_PYTHON"
#: package -> whether its compiled modules are served (False: its sources are, and why)
SERVED: dict[str, tuple[bool, str]] = {}


def digest(source: Path) -> str:
    """The SHA-256 of a source file's bytes, as the manifest keeps it."""
    return hashlib.sha256(source.read_bytes()).hexdigest()


class _Sources:
    """A meta-path finder that imports the named modules of one package from their sources, not from the
    extension modules beside them."""

    def __init__(self, package: str, folder: Path, names: frozenset[str]) -> None:
        self.package = package
        self.folder = folder
        self.names = names

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != self.package or name not in self.names:
            return None
        return importlib.util.spec_from_file_location(fullname, self.folder / f"{name}.py")


def _extensions(folder: Path) -> set[str]:
    """The modules of *folder* that have an extension module beside their source."""
    found = set()
    for suffix in EXTENSION_SUFFIXES:
        for path in folder.glob(f"*{suffix}"):
            name = path.name[: -len(suffix)]
            if (folder / f"{name}.py").is_file():
                found.add(name)
    return found


def _why_not(folder: Path, built: set[str]) -> str | None:
    """Why the compiled modules of *folder* may not be served (None: they may)."""
    if os.environ.get(PURE_ENV, "") == "1":
        return f"{PURE_ENV}=1"
    try:
        manifest = json.loads((folder / MANIFEST).read_bytes())
        modules = manifest["modules"]
        if not isinstance(modules, dict) or not modules:
            raise ValueError("no modules")
    except FileNotFoundError:
        return f"no {MANIFEST}"
    except (OSError, ValueError, KeyError, TypeError):
        return f"{MANIFEST} is not a manifest"
    if set(modules) != built:
        return "the extension modules are not those the build listed"
    for name, sha in modules.items():
        try:
            if digest(folder / f"{name}.py") != sha:
                return f"{name}.py has changed since it was compiled"
        except OSError:
            return f"{name}.py cannot be read"
    return None


def guard(package: ModuleType) -> bool:
    """Serve *package*'s compiled modules only when they are proved current (see the module docstring); called by
    the package's ``__init__`` before any of its modules is imported.  Whether they are served."""
    name = package.__name__
    known = SERVED.get(name)
    if known is not None:
        return known[0]
    folder = Path(package.__file__ or "").resolve().parent
    built = _extensions(folder)
    if not built:
        SERVED[name] = (False, "not compiled")
        return False
    why = _why_not(folder, built)
    if why is not None:
        sys.meta_path.insert(0, _Sources(name, folder, frozenset(built)))
        SERVED[name] = (False, why)
        return False
    SERVED[name] = (True, "compiled")
    return True
