"""Effects taking place: the effect language's steps applied to the game.

When an entry unwinds, its effect steps (:mod:`korbiro.grammar.action`'s
``Op``) are applied to the cards and players they name: damage, resting,
waking, wounds, weakness counters (1.14.16.A), deaths, MP, DP and draws.  A
power word's negative effect hits its summoner (3.05.C) unless a dialect
spares it (3.05.D); a beast's attack meets shields and armour (3.05.F) and
AKARATÁTVITEL (2.04.b).
"""

from __future__ import annotations

from typing import Any

from ....grammar.action import Op
from . import semantics as sem
from .model import CardState, Entry
from .table import Part

__all__ = ["Effects"]


class Effects(Part):
    """Applies effects; registers the resolvers of timed, ability, copy and beast entries."""

    def attack_value(self, cs: CardState, e: Any) -> int:
        """The attack roll of an action card: the scripted roll, plus (option ``attack_attribute=add``)
        the summoner's Fizikum, or Asztrál in antiss combat (8.03.E)."""
        roll = int(e.roll)
        if self.options["attack_attribute"] != "add" or e.summoner is None:
            return roll
        attacker = self.state.cards[e.summoner]
        antiss = self.state.antiss_combat and self.admits("8.03.E")
        key, name = ("asztral", "Asztrál") if antiss else ("fizikum", "Fizikum")
        value = sem.attribute(attacker, key)
        self.emit("8.03.E" if antiss else "6.00", "attack",
                  f"attack roll {roll} + {name} {value} of {attacker.label} = {roll + value}",
                  f"támadásdobás {roll} + {attacker.label} {name} {value} = {roll + value}")
        return roll + value

    def apply_effect(self, e: Entry) -> None:
        """Apply an entry's effect steps, then a power word's negative effect (3.05.C–D)."""
        src = self.state.cards[e.source] if e.source is not None else None
        power = src is not None and sem.is_power_word(src)
        if not e.ops and not e.negative:
            self.emit("6.00", "effect", f"{e.label} takes effect", f"{e.label} érvényesül")
        for op in e.ops:
            self._apply_op(e, op, power)
        if e.negative and src is not None:
            self._negative(e, src)
        elif src is not None and power and any(k.key == "NEGATÍV HATÁS" for k in src.card.keywords):
            self._negative(e, src)

    def _negative(self, e: Entry, src: CardState) -> None:
        if not self.admits("3.05.C"):
            self.skip("3.05.C", f"the negative effect of {src.label}", f"{src.label} negatív hatása")
            return
        if e.summoner is None:
            return
        caster = self.state.cards[e.summoner]
        dia = sem.dialect(self.state, caster)
        if dia == "nemes":
            self.emit("3.05.D", "spared", f"{caster.label} speaks NEMES NYELV: the negative effect of {src.label} does not affect it",
                      f"{caster.label} NEMES NYELVET beszél: {src.label} negatív hatása nem hat rá", card=caster.label)
            return
        if dia == "titkos" and caster.uid not in e.accept:
            self.emit("3.05.D", "spared", f"{caster.label} speaks TITKOS NYELV: the negative effect does not affect it",
                      f"{caster.label} TITKOS NYELVET beszél: a negatív hatás nem hat rá", card=caster.label)
            return
        self.emit("3.05.C", "negative", f"{caster.label}, the summoner, suffers the negative effect of {src.label}",
                  f"{caster.label}, a leidéző, elszenvedi {src.label} negatív hatását", card=caster.label)
        for op in e.negative:
            self.op_on_card(e, op, caster)

    def _who(self, e: Entry, op: Op, power: bool) -> list[CardState]:
        who = op.who or ("target" if e.targets else "self")
        cards = self.state.cards
        if who == "target":
            out = [cards[u] for u in e.targets if cards[u].zone in ("sor", "jelen", "torony", "csatolt")]
            if power and self.admits("3.05.D"):
                kept = []
                for cs in out:
                    if sem.dialect(self.state, cs) == "titkos" and cs.uid not in e.accept:
                        self.emit("3.05.D", "immune", f"{cs.label} speaks TITKOS NYELV: the power word does not affect it",
                                  f"{cs.label} TITKOS NYELVET beszél: a hatalomszó nem hat rá", card=cs.label)
                    else:
                        if sem.dialect(self.state, cs) == "titkos":
                            self.emit("3.05.D", "accepts", f"{cs.label}'s controller chooses to be affected",
                                      f"{cs.label} irányítója úgy akarja, hogy hasson rá", card=cs.label)
                        kept.append(cs)
                out = kept
            return out
        if who == "summoner":
            return [cards[e.summoner]] if e.summoner is not None else []
        if who == "self":
            return [cards[e.source]] if e.source is not None else []
        if who == "team":
            return [cards[u] for u in self.state.maneuver_team if cards[u].zone == "sor"]
        if who in ("enemies", "all"):
            return [cs for cs in cards.values() if self.table.in_sor(cs)
                    and (who == "all" or (cs.controller != e.player))]
        if who.startswith("="):
            out = [cs for cs in cards.values() if cs.zone in ("sor", "jelen", "torony")
                   and sem.names_match(self.state, cs, who[1:])]
            if out:
                self.emit("2.02.b", "named", f"the name {who[1:]!r} refers to: {', '.join(c.label for c in out)}",
                          f"a {who[1:]!r} név ezekre vonatkozik: {', '.join(c.label for c in out)}")
            if any(c.ghost is not None for c in out):
                self.emit("11.00.F", "named", "the naming rule applies to ghosts too", "a nevesítés szabálya a szellemre is vonatkozik")
            return out
        return []

    def _amount(self, e: Entry, op: Op) -> int:
        if op.amount is None:
            value = 1
        elif op.amount == "X":
            value = e.x or 0
        elif op.amount == "oppdp":
            dps = [self.state.players[p].dp for p in self.table.opponents(e.player)]
            value = max(dps) if dps else 0
            if value < 0:
                if self.admits("1.10.C"):
                    self.emit("1.10.C", "zero", f"a negative DP ({value}) stands in where negatives mean nothing: 0 is used",
                              f"negatív DP ({value}) helyett 0-t kell behelyettesíteni")
                value = 0
        else:
            value = int(op.amount)
        if op.cap is not None:
            value = min(value, op.cap)
        return value

    def _apply_op(self, e: Entry, op: Op, power: bool) -> None:
        if op.name == "none":
            self.emit("6.00", "effect", f"{e.label} takes effect", f"{e.label} érvényesül")
            return
        if op.player_level:
            players = self.table.opponents(e.player) if op.who == "opponent" else [e.player]
            amount = self._amount(e, op)
            for p in players:
                pl = self.state.players[p]
                if op.name == "gain_mp":
                    pl.mp += amount
                    self.emit("6.00", "mp", f"{p} gains {amount} MP: {pl.mp}", f"{p} {amount} MP-t kap: {pl.mp}", player=p)
                elif op.name == "lose_mp":
                    pl.mp = max(0, pl.mp - amount)
                    self.emit("6.00", "mp", f"{p} loses {amount} MP: {pl.mp}", f"{p} {amount} MP-t veszít: {pl.mp}", player=p)
                elif op.name == "gain_dp":
                    self.table.gain_dp(p, amount, "6.00", e.label, e.label)
                elif op.name == "draw":
                    for _ in range(amount):
                        deck = pl.zones["jovo"]
                        if not deck:
                            break
                        self.table.move(self.state.cards[next(iter(deck))], "kez")
                    self.emit("6.00", "draw", f"{p} draws {amount}", f"{p} húz {amount} lapot", player=p)
            return
        for cs in self._who(e, op, power):
            self.op_on_card(e, op, cs)

    def op_on_card(self, e: Entry, op: Op, cs: CardState) -> None:
        amount = self._amount(e, op)
        if op.name == "damage":
            if e.source is not None and sem.is_mosaic(self.state.cards[e.source]):
                self.emit("7.00", "base", f"the damage of a mosaic spell is its base value: {amount}",
                          f"a mozaik varázslat sebzése alapérték: {amount}")
            self.table.add_damage(cs, amount, "6.00")
        elif op.name == "rest":
            cs.state = "pihenő"
            self.emit("6.00", "rest", f"{cs.label} becomes resting", f"{cs.label} pihenő helyzetbe kerül", card=cs.label)
        elif op.name == "wake":
            cs.state = "éber"
            self.emit("6.00", "wake", f"{cs.label} becomes awake", f"{cs.label} éber helyzetbe kerül", card=cs.label)
        elif op.name == "wound":
            cs.state = "sérült"
            self.emit("6.00", "wound", f"{cs.label} becomes wounded", f"{cs.label} sérült helyzetbe kerül", card=cs.label)
        elif op.name == "weakness":
            cs.counters["gyengeség"] = cs.counters.get("gyengeség", 0) + amount
            rule = "1.14.16.A" if self.admits("1.14.16.A") else "6.00"
            self.emit(rule, "counter", f"{cs.label} gets a weakness counter: Fizikum/Asztrál/Mentál {sem.attribute(cs, 'fizikum')}/{sem.attribute(cs, 'asztral')}/{sem.attribute(cs, 'mental')}",
                      f"{cs.label} gyengeség-jelzőt kap: Fizikum/Asztrál/Mentál {sem.attribute(cs, 'fizikum')}/{sem.attribute(cs, 'asztral')}/{sem.attribute(cs, 'mental')}",
                      card=cs.label)
        elif op.name == "kill":
            self.emit("6.00", "kill", f"{cs.label} dies", f"{cs.label} meghal", card=cs.label)
            self.table.die(cs)

    def resolve_timed(self, e: Entry) -> None:
        self.apply_effect(e)

    def resolve_ability(self, e: Entry) -> None:
        self.apply_effect(e)

    def resolve_copy(self, e: Entry) -> None:
        self.apply_effect(e)

    def resolve_beast(self, e: Entry) -> None:
        """A beast's attack (or an ability that counts as one, 1.14.7)."""
        assert e.source is not None
        src = self.state.cards[e.source]
        if src.type == "kalandozó":
            self.apply_effect(e)
            return
        for uid in e.targets:
            target = self.state.cards[uid]
            if target.zone != "sor":
                continue
            x = sem.akaratatvitel(self.state, src)
            lvl = sem.level(self.state, target)
            if x is not None and lvl <= x:
                new_ctl = src.controller or src.owner
                target.controller = new_ctl
                target.state = "pihenő"
                self.table.move(target, "sor")
                self.emit("2.04.b", "dominate",
                          f"AKARATÁTVITEL {x} replaces the attack roll: {target.label} (level {lvl}) moves to the Sor of {new_ctl}, resting",
                          f"AKARATÁTVITEL {x} a támadásdobás helyett: {target.label} ({lvl}. szint) {new_ctl} Sorába kerül, pihenő helyzetben",
                          card=target.label)
                continue
            if x is not None:
                self.emit("2.04.b", "attack", f"{target.label} (level {lvl}) is above AKARATÁTVITEL {x}: a normal attack roll",
                          f"{target.label} ({lvl}. szint) AKARATÁTVITEL {x} fölött van: rendes támadásdobás")
            damage = self.table.effects_of(src).beast or 0
            shield = sum(self.table.effects_of(self.state.cards[a]).shield for a in target.attachments)
            armour = sum(self.table.effects_of(self.state.cards[a]).armour for a in target.attachments)
            if e.roll is not None:
                need = int(self.options["attack_threshold"])
                roll = e.roll - shield if self.admits("3.05.F") else e.roll
                if shield and self.admits("3.05.F"):
                    self.emit("3.05.F", "shield", f"the shield of {target.label} lowers the beast's roll {e.roll} to {roll}",
                              f"{target.label} pajzsa a bestia dobását {e.roll}-ről {roll}-ra csökkenti")
                if roll < need:
                    self.emit("3.05.F" if shield and self.admits("3.05.F") else "6.00", "miss",
                              f"{src.label}'s attack misses {target.label} ({roll} < {need})",
                              f"{src.label} támadása nem talál ({roll} < {need})")
                    continue
            if armour and self.admits("3.05.F"):
                reduced = max(0, damage - armour)
                self.emit("3.05.F", "armour", f"the armour of {target.label} lowers the beast's damage {damage} to {reduced}",
                          f"{target.label} vértje a bestia sebzését {damage}-ről {reduced}-ra csökkenti")
                damage = reduced
            self.table.add_damage(target, damage, "6.00")
