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
"""

from __future__ import annotations

from .engine import Engine
from .rules import FORMATS, OPTIONS, RULES, format_named
from .scenario import Result, Scenario, load_scenario, run_file, run_scenario

__all__ = ["FORMATS", "OPTIONS", "RULES", "Engine", "Result", "Scenario", "format_named",
           "load_scenario", "run_file", "run_scenario"]
