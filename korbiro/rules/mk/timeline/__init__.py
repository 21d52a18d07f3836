"""The MK timeline (időfonal) engine and ruling scenarios (ARCHITECTURE.md §6).

* :mod:`.rules`: the rule ids the engine cites (current or archived), the
  scenario formats, the named options and the phases;
* :mod:`.model`: the game state; :mod:`.trace`: trace steps and refusals;
* :mod:`.semantics`: each keyword's semantics, one small unit per rule;
* :mod:`.table`: the state's zones, lookups and card lifecycle, shared by the parts:
  :mod:`.stack` (the timeline machine), :mod:`.effects`, :mod:`.deeds`,
  :mod:`.maneuvers` and :mod:`.rounds`;
* :mod:`.engine`: the front that puts the parts together and dispatches actions;
* :mod:`.scenario`: scenario files, the script runner and the ``expect:`` comparison.

The engine's core is compiled with mypyc where korbiro is installed with a C compiler at hand (``setup.py``;
:mod:`korbiro.base.compiled` serves the compiled modules only for the sources they were made from).

The names below are imported from their modules when first asked for, so that
importing one module of the package (``game`` for a played game) does not
import the others (the scenario runner and its YAML loader).
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

from ....base.compiled import guard

# before any module of the package: its compiled modules are served only for the sources they were made from
guard(sys.modules[__name__])

if TYPE_CHECKING:
    from .engine import Engine
    from .rules import FORMATS, OPTIONS, RULES, format_named
    from .scenario import Result, Scenario, load_scenario, run_file, run_scenario

__all__ = ["FORMATS", "OPTIONS", "RULES", "Engine", "Result", "Scenario", "format_named",
           "load_scenario", "run_file", "run_scenario"]

#: each name of :data:`__all__` -> the module that defines it
_HOMES = {"Engine": "engine", "FORMATS": "rules", "OPTIONS": "rules", "RULES": "rules", "format_named": "rules",
          "Result": "scenario", "Scenario": "scenario", "load_scenario": "scenario", "run_file": "scenario",
          "run_scenario": "scenario"}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value
