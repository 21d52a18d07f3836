"""Named options: one for each gap in the Zen rulebook, each with a documented default.

docs/zen.md ("Options") gives the reasoning for each default.  Options are set in
a position or record file (``options:`` mapping) or on the command line
(``-O name=value``).

    >>> Options().ring_columns
    True
    >>> Options.parse({"step_into_capture": "captured"}).step_into_capture
    'captured'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ...base.errors import UsageError
from .messages import raise_as, say

#: option -> allowed values (the first is the default) and one line of help.
OPTION_HELP: dict[str, tuple[tuple[Any, ...], str]] = {
    "ring_columns": (
        (True, False),
        "columns a and d are neighbours (the four columns stand round the tower); "
        "false: a flat row a-b-c-d",
    ),
    "step_into_capture": (
        ("blocked", "captured"),
        "a Warrior stepping onto a Girl, or a Man onto a Warrior: blocked, or the stepping "
        "piece is captured ('minden esetben')",
    ),
    "warrior_takes_own_man": (
        (False, True),
        "a player may capture his own Man with a Warrior (no Kokeshi point)",
    ),
    "swap_own": (
        (True, False),
        "a player's stronger piece may swap with his own weaker piece",
    ),
    "warrior_compulsory": (
        (True, False),
        "the Warrior step is compulsory when one is possible (Lépések 1); false: optional",
    ),
    "own_displacement_arrival": (
        (True, False),
        "an own piece that the owner's own swap (or Warrior swap) puts on his target may "
        "arrive at once; false: only the piece that stepped",
    ),
    "late_arrival": (
        (False, True),
        "a piece its owner left standing on his target may be taken off at the start of a "
        "later turn of his",
    ),
    "end_immediately": (
        (True, False),
        "the game ends the moment the last piece arrives; false: the turn is finished first",
    ),
    "capture_moves_in": (
        (True, False),
        "the capturing piece steps onto the captured piece's square; false: it stays",
    ),
    "passive_swaps": (
        (False, True),
        "two-player variant: stronger pieces may swap with passive pieces; false: passive "
        "pieces only block (a Warrior still captures a passive Man)",
    ),
    "passive_kokeshi": (
        (True, False),
        "two-player variant: capturing a passive Man scores Kokeshi",
    ),
}


@dataclass(frozen=True)
class Options:
    """The rule options of one game; every field's default is the documented reading."""

    ring_columns: bool = True
    step_into_capture: str = "blocked"
    warrior_takes_own_man: bool = False
    swap_own: bool = True
    warrior_compulsory: bool = True
    own_displacement_arrival: bool = True
    late_arrival: bool = False
    end_immediately: bool = True
    capture_moves_in: bool = True
    passive_swaps: bool = False
    passive_kokeshi: bool = True

    @classmethod
    def parse(cls, values: Mapping[str, Any], base: Options | None = None) -> Options:
        """Options from a mapping of names to values (``true``/``false`` strings accepted).

        Raises :class:`~korbiro.base.errors.UsageError` naming the bad option or value.
        """
        current = {f.name: getattr(base or cls(), f.name) for f in fields(cls)}
        for name, raw in values.items():
            if name not in OPTION_HELP:
                raise raise_as(UsageError, "ZEN-OPTION", "ZEN-OPTION.unknown", name=name,
                               known=", ".join(sorted(OPTION_HELP)))
            allowed = OPTION_HELP[name][0]
            value: Any = raw
            if isinstance(allowed[0], bool):
                if isinstance(raw, str) and raw.lower() in ("true", "false", "yes", "no", "1", "0"):
                    value = raw.lower() in ("true", "yes", "1")
                if not isinstance(value, bool):
                    raise raise_as(UsageError, "ZEN-OPTION", "ZEN-OPTION.boolean", name=name, value=raw)
            elif value not in allowed:
                raise raise_as(UsageError, "ZEN-OPTION", "ZEN-OPTION.choice", name=name,
                               choices=", ".join(map(str, allowed)), value=raw)
            current[name] = value
        return cls(**current)

    def changed(self) -> dict[str, Any]:
        """The options that differ from the defaults."""
        default = Options()
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(default, f.name)}

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def option_help(name: str, lang: str = "en") -> str:
    """The one line of help of option *name* in *lang* (``OPTION_HELP`` holds the same English)."""
    return say(f"ZEN.option.{name}", lang)
