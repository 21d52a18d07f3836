"""The MK timeline (időfonal) engine and ruling scenarios (ARCHITECTURE.md §6).

* :mod:`.rules`: the rule ids the engine cites (current or archived), the
  scenario formats and the named options;
* :mod:`.model`: the game state;
* :mod:`.semantics`: each keyword's semantics, one small unit per rule;
* :mod:`.engine`: the state machine (open, add, pass, unwind, neutralise, copy, close);
* :mod:`.scenario`: scenario files, the script runner and the ``expect:`` comparison.
"""

from __future__ import annotations

from .engine import CardEffects, Engine
from .rules import FORMATS, OPTIONS, RULES, format_named
from .scenario import Result, Scenario, load_scenario, run_file, run_scenario

__all__ = ["FORMATS", "OPTIONS", "RULES", "CardEffects", "Engine", "Result", "Scenario", "format_named",
           "load_scenario", "run_file", "run_scenario"]
