"""A leave-row manoeuvre played as the phases of 6.03, each a timeline of its own.

The declaration of a manoeuvre (a quest's solving, a siege, a capture, a
combat) is the initiating team's deed: its ``maneuver`` entry enters a deed
timeline (4.01.B, 6.01).  When that entry unwinds the manoeuvre goes through
its phases in the order the reference summary gives by manoeuvre type
(mk-rules.md section 6, "Structure"):

* the initiating team leaves the Sor (kezdeményező csapat sorelhagyása);
* the obstructing team leaves the Sor: declared with the manoeuvre (``akadályoz``), or by the player it is
  against in this phase (``akadályoz csapat …``); a quest's in the summary, and korbiro's reading for every
  manoeuvre, as a siege's or a capture's obstructing team leaves its Sor too;
* a siege: the tower-level reveal (3.01.B), then obstacle activation;
* a capture: obstacle activation;
* when both teams are present: combat preparation, the combat rounds, the combat result;
* a quest: obstacle activation, then the quest-condition fulfilment;

then the teams return to their Sor (4.01.G) and the manoeuvres phase goes on.
Each phase opens a timeline (6.03) and names its rule in the trace; when
every player has passed with it empty, it closes and the next phase begins
(``visszafejt``, everybody passing, carries a manoeuvre through all of them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .model import Entry, ManeuverRun, Timeline
from .rules import PHASES
from .stack import TimelineStack
from .table import Part, Table
from .trace import refused

__all__ = ["ManeuverPhases", "phases_of"]

LEAVE: Final = "kezdeményező csapat sorelhagyása"
OBSTRUCT: Final = "akadályozó csapat sorelhagyása"
REVEAL: Final = "toronyszint felfedés"
OBSTACLES: Final = "akadálylap aktivizálás"
PREPARE: Final = "harc előkészítés"
ROUND: Final = "harci kör"
RESULT: Final = "harc eredmény meghatározás"
CONDITION: Final = "küldetés feltétel teljesítés"


def phases_of(kind: str, obstructed: bool, rounds: int = 1) -> list[str]:
    """The phases of a manoeuvre of *kind* (quest, siege, capture, combat), *obstructed* or not, in their order
    (6.03 and mk-rules.md section 6); *rounds*: how many combat rounds are fought when both teams are present."""
    out = [LEAVE, OBSTRUCT]
    if kind == "siege":
        out.append(REVEAL)
    if kind in ("siege", "capture"):
        out.append(OBSTACLES)
    if obstructed:
        out += [PREPARE, *[ROUND] * rounds, RESULT]
    if kind == "quest":
        out += [OBSTACLES, CONDITION]
    return out


class ManeuverPhases(Part):
    """Carries the manoeuvre under way (``state.maneuver``) from phase to phase."""

    def __init__(self, table: Table, stack: TimelineStack) -> None:
        super().__init__(table)
        self.stack = stack
        #: what a phase does as it opens (the tower-level reveal, a combat round's attacks), by phase name
        self.on_open: dict[str, Callable[[ManeuverRun], None]] = {}
        #: what settles the manoeuvre when its last phase closes (its result: maneuvers.settle)
        self.settle: Callable[[Entry], None] | None = None
        #: what ends when the combat ends ("until combat" changes)
        self.combat_over: Callable[[], None] | None = None
        stack.on_close = self._closed
        stack.is_phase_of_manoeuvre = self.owns

    @property
    def run(self) -> ManeuverRun | None:
        return self.state.maneuver

    def declare(self, kind: str, player: str, entry: Entry, obstructed: bool) -> None:
        """A manoeuvre is declared: its entry is in the deed's timeline; its phases follow when it unwinds."""
        rounds = int(self.options["combat_rounds"])
        self.state.maneuver = ManeuverRun(kind, player, entry, phases_of(kind, obstructed, rounds))

    def obstructed(self, run: ManeuverRun) -> None:
        """An obstructing team was declared in its phase: the combat phases follow (both teams are present)."""
        run.phases = phases_of(run.kind, True, int(self.options["combat_rounds"]))
        if run.timeline is not None:
            for tl in self.state.timelines:
                if tl.number == run.timeline:
                    tl.passed.clear()

    def begin(self, entry: Entry) -> None:
        """The declaration unwound: the initiating team leaves the Sor.  The first phase opens once the deed's
        timeline has closed (:meth:`_closed`)."""
        run = self.run
        if run is None or run.entry is not entry:  # pragma: no cover - every manoeuvre entry is declared
            raise AssertionError("a manoeuvre entry unwound with no manoeuvre declared")
        run.index = 0
        run.timeline = None
        if not self._deed_open():
            self._open(run)

    def owns(self, tl: Timeline) -> bool:
        """Whether *tl* is the timeline of the manoeuvre's current phase."""
        run = self.run
        return run is not None and run.timeline == tl.number

    def check_no_phase(self) -> None:
        """A scripted phase change (``fázis``) while a manoeuvre is under way is refused: its phases follow 6.03."""
        run = self.run
        if run is not None and run.index >= 0:
            raise refused("MK-TL-PHASE.maneuver", "6.03", phase=run.phase or "")

    def _deed_open(self) -> bool:
        return any(tl.kind in ("deed", "timed") for tl in self.state.timelines)

    def _closed(self, tl: Timeline) -> None:
        """A timeline closed: when it was the current phase's, the next phase begins; when it was the last
        deed's above a phase that has not opened yet, that phase opens."""
        run = self.run
        if run is not None and run.index < 0 and not any(run.entry in t.entries for t in self.state.timelines):
            self.state.maneuver = None  # the declaration left its timeline without unwinding (neutralised)
            return
        if run is None or run.index < 0:
            return
        if run.timeline == tl.number:  # the phase is over, even if its closing fired timed effects (deaths, 6.02)
            run.timeline = None
            if run.phase in (ROUND, RESULT) and run.index + 1 < len(run.phases) and run.phases[run.index + 1] not in (ROUND, RESULT):
                self._combat_ends()
            run.index += 1
        if run.timeline is None and not self._deed_open():  # the next phase waits for those effects' timelines
            self._open(run)

    def _open(self, run: ManeuverRun) -> None:
        """Open the current phase's timeline (6.03), or, past the last phase, settle the manoeuvre."""
        if run.index >= len(run.phases):
            self._finish(run)
            return
        name = run.phases[run.index]
        self.state.phase = name
        if name == ROUND:
            run.combat_rounds += 1
            self.state.combat_round += 1  # once-a-combat-round limits count from here (docs/card-behaviour.md)
        tl = self.stack.open_timeline(PHASES[name][1], name, phase_rule="6.03")
        run.timeline = tl.number
        action = self.on_open.get(name)
        if action is not None:
            action(run)

    def _combat_ends(self) -> None:
        if self.combat_over is not None:
            self.combat_over()

    def _finish(self, run: ManeuverRun) -> None:
        """Past the last phase: the manoeuvre's result, and the teams return (4.01.G)."""
        if run.phases and run.phases[-1] in (ROUND, RESULT):
            self._combat_ends()
        self.state.maneuver = None
        self.state.phase = "manőverek"
        if self.settle is not None:
            self.settle(run.entry)
        self.stack.casualties()
