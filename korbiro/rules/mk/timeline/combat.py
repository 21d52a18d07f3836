"""Combat between the initiating and the obstructing team, phase by phase (6.03).

The rule text we have is nearly silent on combat (mk-rules.md marks it
[not found]); korbiro's reading, each point a named option documented in
docs/rulings.md:

* combat preparation sets the battle order (hadrend): every adventurer of
  both teams by level, highest first, the initiating team first on a tie
  (option ``battle_order=level``), or the initiating team in the order named,
  then the obstructing team (``teams``);
* in each combat round (harci kör; how many, option ``combat_rounds``) every
  adventurer still standing (its damage below its level), in battle order, strikes once at the first
  adventurer of the other team still standing: an attack roll (a die the
  scenario gives with ``kocka``, or, in self-play, one drawn from the game's
  seed) against the attack threshold (option ``attack_threshold``, with its
  modifiers); the target's shield lowers the roll and its armour the damage,
  as against a beast's attack (3.05.F); a hit deals 1 damage (option
  ``combat_blows=one``), or the striker's level (``level``); with
  ``combat_blows=none`` the teams strike only with the cards they play;
* damage against level: an adventurer whose damage reaches its level dies when
  the combat round's timeline closes (6.00); one that survives returns to the
  Sor wounded when the teams return (option ``close_wounds``);
* the combat result is the manoeuvre's own: a siege's or a capture's the
  team level against the obstructing level plus FAL (2.01.b) of the
  adventurers still standing, a quest's the condition met by one standing.

A die the script does not give is not invented: the blow is not struck, and
the trace says so.
"""

from __future__ import annotations

from random import Random

from . import semantics as sem
from .effects import Effects
from .enums import SOR
from .model import CardState, ManeuverRun
from .phases import PREPARE, ROUND, ManeuverPhases
from .table import Part, Table
from .trace import refused

__all__ = ["Combat"]


class Combat(Part):
    """The combat phases of the manoeuvre under way: battle order, blows, damage."""

    def __init__(self, table: Table, phases: ManeuverPhases, effects: Effects) -> None:
        super().__init__(table)
        self.effects = effects
        #: where self-play draws its dice from (a scenario gives them with ``kocka``); None: no die is drawn
        self.rng: Random | None = None
        #: the dice drawn from ``rng`` so far, for the record of a played game (its replay gives them with ``kocka``)
        self.drawn: list[int] = []
        phases.on_open[PREPARE] = self.prepare
        phases.on_open[ROUND] = self.combat_round

    def _sides(self, run: ManeuverRun) -> tuple[list[CardState], list[CardState]]:
        cards = self.state.cards
        team = [cards[u] for u in run.entry.data.get("team", ()) if self.table.in_sor(cards[u])]
        blockers = [cards[u] for u in run.entry.data.get("blockers", ()) if self.table.in_sor(cards[u])]
        return team, blockers

    def battle_order(self, run: ManeuverRun) -> list[CardState]:
        """The battle order (hadrend) of the adventurers still standing: as the script set it (``hadrend``),
        else by option ``battle_order``."""
        team, blockers = self._sides(run)
        both = team + blockers
        if run.order:
            return [self.state.cards[u] for u in run.order if self.state.cards[u] in both]
        if self.options["battle_order"] == "teams":
            return both
        return sorted(both, key=lambda c: (-sem.level(self.state, c), both.index(c)))

    def prepare(self, run: ManeuverRun) -> None:
        """Combat preparation (6.03): the battle order is set."""
        order = self.battle_order(run)
        shown = ", ".join(f"{c.label} ({sem.level(self.state, c)})" for c in order) or "—"
        self.emit("6.03", "battle-order", "MK-TL-TRACE.combat-order", {"order": shown, "option": self.options["battle_order"]})

    def set_order(self, names: tuple[str, ...]) -> None:
        """The script sets this combat's battle order (``hadrend "A", "B", …``) in combat preparation (6.03): every
        adventurer of both teams still standing, each once.  The rule text we have says nothing of who
        arranges it; a judge's step sets it, as ``kocka`` gives the dice."""
        run = self.state.maneuver
        if run is None or run.phase != PREPARE:
            raise refused("MK-TL-ORDER.phase", "6.03", phase=self.state.phase)
        team, blockers = self._sides(run)
        fighters = team + blockers
        chosen = [self.table.find(n, zones=(SOR,), rule="6.03") for n in names]
        if len(set(map(id, chosen))) != len(chosen) or set(map(id, chosen)) != set(map(id, fighters)):
            raise refused("MK-TL-ORDER.members", "6.03", given=", ".join(c.label for c in chosen),
                          fighters=", ".join(c.label for c in fighters) or "—")
        if self.table.checked():
            return  # probed: the commit point is reached
        run.order = tuple(c.uid for c in chosen)
        self.emit("6.03", "battle-order", "MK-TL-TRACE.combat-order-set", {"order": ", ".join(c.label for c in chosen)})

    def _die(self) -> int | None:
        dice = self.state.dice
        if dice:
            return dice.pop(0)
        if self.rng is None:
            return None
        die = self.rng.randint(1, 6)
        self.drawn.append(die)
        return die

    def combat_round(self, run: ManeuverRun) -> None:
        """A combat round (harci kör): each adventurer standing strikes once, in battle order."""
        if self.options["combat_blows"] == "none":
            self.emit("6.03", "blows", "MK-TL-TRACE.combat-no-blows", {"round": run.combat_rounds})
            return
        for striker in self.battle_order(run):
            if not self.table.in_sor(striker) or striker.damage >= sem.level(self.state, striker):
                continue  # fallen, or falling: its damage has reached its level (it dies as the timeline closes)
            team, blockers = self._sides(run)
            foes = [c for c in (blockers if striker in team else team) if c.damage < sem.level(self.state, c)]
            if not foes:
                break
            self._blow(striker, foes[0], self._die())

    def _blow(self, striker: CardState, target: CardState, die: int | None) -> None:
        """One blow of *striker* at *target*: the roll against the threshold, the shield, the armour, the damage."""
        if die is None:
            self.emit("6.03", "no-die", "MK-TL-TRACE.combat-no-die", {"card": striker.label, "target": target.label})
            return
        need = self.effects.threshold(striker)
        shield, armour = sem.protection(self.state, target) if self.admits("3.05.F") else (0, 0)
        roll = max(0, die - shield)
        if shield:
            self.emit("3.05.F", "shield", "MK-TL-TRACE.combat-shield", {"card": target.label, "die": die, "roll": roll})
        if roll < need:
            self.emit("6.03", "miss", "MK-TL-TRACE.combat-miss", {"card": striker.label, "target": target.label, "roll": roll, "need": need}, card=striker.label)
            return
        damage = 1 if self.options["combat_blows"] == "one" else sem.level(self.state, striker)
        self.emit("6.03", "hit", "MK-TL-TRACE.combat-hit", {"card": striker.label, "target": target.label, "roll": roll, "need": need, "damage": damage, "option": self.options["combat_blows"]},
                  card=striker.label)
        if armour:
            reduced = max(0, damage - armour)
            self.emit("3.05.F", "armour", "MK-TL-TRACE.combat-armour", {"card": target.label, "damage": damage, "reduced": reduced})
            damage = reduced
        damage = self.effects.modified_damage([striker], target, damage, "6.00")
        if damage:
            self.table.add_damage(target, damage, "6.00")
