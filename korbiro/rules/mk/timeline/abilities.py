"""When and how often an activated ability acts, and the costs that take a card: its timing, use limit,
sacrifice, wound and lost costs (docs/card-behaviour.md, "Timing and use limits").

An ability's printed marks say when it may be activated: a slow one (no mark, ``timing: any``) with no
timeline an opponent opened still open; an interrupt (megszakító) also into such a timeline (6.00: the
timeline governs when fast effects may be used); a combat one (harci) only while a combat is under way,
a before-combat one (harc előtti) only in a manoeuvre before its combat (the phases of 6.03).  How often:
once a game (egyszeri), once a round, once a combat round, each counted per card and ability.  The
rulebook has no text for the marks: the readings are korbiro's (docs/rulings.md, option ``ability_timing``),
and a use beyond the limit is refused under 6.01 (activating an ability is a deed).
"""

from __future__ import annotations

from typing import Final

from ....base.errors import IllegalActionError
from ....base.i18n import part
from ....base.text import fold
from ....data.behaviour import Ability
from ....grammar.action import Action
from .enums import SOR
from .model import CardState
from .rules import COMBAT_PHASES
from .stack import TimelineStack
from .table import Part, Table
from .trace import refused, words

__all__ = ["BEFORE_COMBAT_PHASES", "AbilityUse", "ability_label"]

#: The phases of a manoeuvre before its combat is settled (6.03): a before-combat ability is activated in them.
BEFORE_COMBAT_PHASES: Final = frozenset({"kezdeményező csapat sorelhagyása", "akadályozó csapat sorelhagyása",
                                  "toronyszint felfedés", "akadálylap aktivizálás", "harc előkészítés"})


def ability_label(cs: CardState, index: int) -> str:
    """How the trace names the *index*-th ability of *cs*: its printed name, else its number."""
    abilities = cs.behaviour.abilities
    if index < len(abilities) and abilities[index].name:
        return f'"{abilities[index].name}"'
    return f"#{index + 1}"


class AbilityUse(Part):
    """Which ability an activation means, whether its timing and use limit allow it now, and its card costs."""

    def __init__(self, table: Table, stack: TimelineStack) -> None:
        super().__init__(table)
        self.stack = stack

    # ------------------------------------------------------------ which ability

    def pick(self, cs: CardState, a: Action) -> tuple[int, Ability | None]:
        """The ability an activation of *cs* names (``képesség "Name"`` or ``képesség N``), else the first."""
        abilities = cs.behaviour.abilities
        if a.ability is None:
            return 0, abilities[0] if abilities else None
        for i, ab in enumerate(abilities):
            if (isinstance(a.ability, int) and a.ability == i + 1) or (
                    isinstance(a.ability, str) and ab.name is not None and fold(ab.name) == fold(a.ability)):
                return i, ab
        shown = f'"{a.ability}"' if isinstance(a.ability, str) else f"#{a.ability}"
        choices = ", ".join(ability_label(cs, i) for i in range(len(abilities))) or "-"
        raise refused("MK-TL-NO-SUCH-ABILITY", "6.01", remedy="MK-TL-NO-SUCH-ABILITY.remedy", card=cs.label,
                      ability=shown, choices=choices)

    # ------------------------------------------------------------ when

    def check_timing(self, player: str, cs: CardState, index: int, ability: Ability) -> None:
        """6.00, 6.03: the ability's timing allows it now (option ``ability_timing=free``: every ability is an
        interrupt, the reading before the marks were modelled)."""
        if self.options["ability_timing"] == "free":
            return
        name = ability_label(cs, index)
        phase = self.state.phase
        if ability.timing == "combat":
            if phase not in COMBAT_PHASES:
                raise refused("MK-TL-TIMING.combat", "6.03", remedy="MK-TL-TIMING.combat.remedy", card=cs.label,
                              ability=name, phase=phase)
            return
        if ability.timing == "before_combat":
            run = self.state.maneuver
            if run is not None and run.index >= 0 and (phase not in BEFORE_COMBAT_PHASES
                                                       or "harci kör" in run.phases[:run.index]):
                raise refused("MK-TL-TIMING.before_combat-over", "6.03", remedy="MK-TL-TIMING.before_combat.remedy",
                              card=cs.label, ability=name, phase=phase)
            if phase not in BEFORE_COMBAT_PHASES and self.stack.current_maneuver() is None:
                raise refused("MK-TL-TIMING.before_combat", "6.03", remedy="MK-TL-TIMING.before_combat.remedy",
                              card=cs.label, ability=name, phase=phase)
            return
        foreign = self._foreign_timeline(player)
        if foreign is None:
            return
        if ability.timing == "interrupt":
            self.emit("6.00", "interrupt", "MK-TL-TRACE.interrupt",
                      {"card": cs.label, "ability": name, "opener": foreign[0], "number": foreign[1]}, card=cs.label)
            return
        raise refused("MK-TL-SLOW", "6.00", remedy="MK-TL-SLOW.remedy", card=cs.label, ability=name,
                      opener=foreign[0], number=foreign[1])

    def _foreign_timeline(self, player: str) -> tuple[str, int] | None:
        """The topmost open deed or timed-effect timeline an opponent of *player* opened: (opener, number)."""
        for tl in reversed(self.state.timelines):
            if tl.kind in ("deed", "timed") and not self.table.seating.friendly(player, tl.opener):
                return tl.opener, tl.number
        return None

    # ------------------------------------------------------------ how often

    def _period(self, limit: str) -> str:
        if limit == "round":
            return f"round {self.state.round}"
        if limit == "combat_round":
            return f"combat round {self.state.combat_round}"
        return "game"

    def check_limit(self, cs: CardState, index: int, ability: Ability) -> None:
        """6.01: an ability with a use limit (egyszeri, once a round, once a combat round) is not used beyond it."""
        limit = ability.limit
        if limit is None:
            return
        if self.state.ability_uses.get((cs.uid, index, self._period(limit)), 0) >= 1:
            period, period_hu = words("period", limit)
            raise refused(f"MK-TL-USED.{limit}", "6.01", card=cs.label, ability=ability_label(cs, index),
                          round=self.state.round, combat_round=self.state.combat_round,
                          remedy=None if limit == "once" else part("MK-TL-USED.remedy", period=period,
                                                                   period_hu=period_hu))

    def record_use(self, cs: CardState, index: int, ability: Ability) -> None:
        """Count a use of a limited ability (after the activation's commit point)."""
        limit = ability.limit
        if limit is None:
            return
        key = (cs.uid, index, self._period(limit))
        self.state.ability_uses[key] = self.state.ability_uses.get(key, 0) + 1
        self.emit("6.01", "use", "MK-TL-TRACE.use", {
            "card": cs.label, "ability": ability_label(cs, index), "limit": words("period", limit)[0] if limit != "once" else "once",
            "limit_hu": words("limit", limit)[1], "count": self.state.ability_uses[key]}, card=cs.label)

    # ------------------------------------------------------------ costs that take a card

    def check_costs(self, player: str, cs: CardState, index: int, ability: Ability | None,
                    a: Action) -> CardState | None:
        """6.01, 5.01.C: the ability's sacrifice and wound costs can be paid; the adventurer sacrificed, if any
        (named by the action's ``által``)."""
        costs = ability.cost if ability is not None else ()
        name = ability_label(cs, index)
        victim = None
        if any(c.kind == "sacrifice" and c.who == "own" for c in costs):
            if a.by is None:
                raise refused("MK-TL-COST.sacrifice", "5.01.C", remedy="MK-TL-COST.sacrifice.remedy", card=cs.label,
                              ability=name)
            try:
                victim = self.table.find(a.by, zones=(SOR,), player=player, rule="5.01.C")
            except IllegalActionError:
                victim = None
            if victim is None or victim is cs or victim.type != "kalandozó" or victim.ghost is not None:
                raise refused("MK-TL-COST.not_own", "5.01.C", card=cs.label, victim=a.by, player=player)
        if any(c.kind == "wound" for c in costs) and cs.state == "sérült":
            raise refused("MK-TL-COST.wounded", "5.01.C", remedy="MK-TL-COST.wounded.remedy", card=cs.label,
                          ability=name)
        return victim

    def pay_costs(self, cs: CardState, ability: Ability | None, victim: CardState | None) -> None:
        """Pay the costs that take a card (after the commit point): wound it, sacrifice one, lose it."""
        costs = ability.cost if ability is not None else ()
        for c in costs:
            if c.kind == "wound":
                cs.state = "sérült"
                self.emit("5.01.C", "cost", "MK-TL-TRACE.wound", {"card": cs.label}, card=cs.label)
                self.table.wounded(cs)
            elif c.kind == "sacrifice":
                gone = victim if c.who == "own" else cs
                assert gone is not None
                self.emit("5.01.C", "cost", "MK-TL-TRACE.sacrifice", {"victim": gone.label}, card=gone.label)
                self.table.die(gone, how="feláldoz")
            elif c.kind == "lost":
                self.emit("5.01.C", "cost", "MK-TL-TRACE.lost", {"card": cs.label}, card=cs.label)
                self.table.to_past(cs)
