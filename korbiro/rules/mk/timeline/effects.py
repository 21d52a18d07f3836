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

from ....base import i18n
from ....grammar.behaviour import Op, render_filter
from . import semantics as sem
from .enums import CSATOLT, IDOFONAL, JELEN, JOVO, KEZ, MULT, SOR, TORONY
from .model import CardState, Entry, TimedModifier
from .table import Part
from .trace import word_args, words

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
        value = sem.attribute(self.state, attacker, key)
        self.emit("8.03.E" if antiss else "6.00", "attack",
                  "MK-TL-TRACE.attack-roll", {"roll": roll, "name": name, "value": value, "attacker": attacker.label, "value2": roll + value})
        return roll + value

    def apply_effect(self, e: Entry) -> None:
        """Apply an entry's effect steps, then a power word's negative effect (3.05.C–D)."""
        src = self.state.cards[e.source] if e.source is not None else None
        power = src is not None and src.fact(sem.is_power_word)
        if not e.ops and not e.negative:
            self.emit("6.00", "effect", "MK-TL-TRACE.effect-takes", {"e": e.label})
        for op in e.ops:
            self._apply_op(e, op, power)
        if e.negative and src is not None:
            self._negative(e, src)
        elif src is not None and power and any(k.key == "NEGATÍV HATÁS" for k in src.card.keywords):
            self._negative(e, src)

    def _negative(self, e: Entry, src: CardState) -> None:
        if not self.admits("3.05.C"):
            self.skip("3.05.C", "MK-TL-SKIP.negative-effect", src=src.label)
            return
        if e.summoner is None:
            return
        caster = self.state.cards[e.summoner]
        dia, source = sem.dialect_of(self.state, caster)
        if source == "description" and dia in ("nemes", "titkos") and self.admits("3.05.D"):
            self.emit("3.05.D", "dialect", "MK-TL-TRACE.dialect-description-nyelv-stands-2", {"upper": dia.upper(), "caster": caster.label}, card=caster.label)
        if dia == "nemes":
            self.emit("3.05.D", "spared", "MK-TL-TRACE.spared-speaks-nemes-nyelv", {"caster": caster.label, "src": src.label}, card=caster.label)
            return
        if dia == "titkos" and caster.uid not in e.accept:
            self.emit("3.05.D", "spared", "MK-TL-TRACE.spared-speaks-titkos-nyelv", {"caster": caster.label}, card=caster.label)
            return
        self.emit("3.05.C", "negative", "MK-TL-TRACE.negative-summoner-suffers-effect", {"caster": caster.label, "src": src.label}, card=caster.label)
        for op in e.negative:
            self.op_on_card(e, op, caster)

    def _who(self, e: Entry, op: Op, power: bool) -> list[CardState]:
        who = op.who or ("target" if e.targets else "self")
        cards = self.state.cards
        if who == "target":
            out = [cards[u] for u in e.targets if cards[u].zone in (SOR, JELEN, TORONY, CSATOLT)]
            if power and self.admits("3.05.D"):
                kept = []
                for cs in out:
                    if sem.dialect(self.state, cs) == "titkos" and cs.uid not in e.accept:
                        self.emit("3.05.D", "immune", "MK-TL-TRACE.immune-speaks-titkos-nyelv", {"card": cs.label}, card=cs.label)
                    else:
                        if sem.dialect(self.state, cs) == "titkos":
                            self.emit("3.05.D", "accepts", "MK-TL-TRACE.accepts-controller-chooses-affected", {"card": cs.label}, card=cs.label)
                        kept.append(cs)
                out = kept
            return out
        if who == "summoner":
            return [cards[e.summoner]] if e.summoner is not None else []
        if who == "self":
            return [cards[e.source]] if e.source is not None else []
        if who == "team":  # the manoeuvre's team, or the team of a quest's "Megoldásakor …", the manoeuvre over
            return [cards[u] for u in e.data.get("team", self.state.maneuver_team) if cards[u].zone == SOR]
        if who == "blockers":
            return [cards[u] for u in self.state.maneuver_blockers if cards[u].zone == SOR]
        if who == "host":
            src = cards[e.source] if e.source is not None else None
            return [cards[src.attached_to]] if src is not None and src.attached_to is not None else []
        if who in ("enemies", "all"):
            return [cs for cs in cards.values() if self.table.in_sor(cs)
                    and (who == "all" or (cs.controller != e.player))]
        if who.startswith("="):
            out = [cs for cs in cards.values() if cs.zone in (SOR, JELEN, TORONY)
                   and sem.names_match(self.state, cs, who[1:])]
            if out:
                self.emit("2.02.b", "named", "MK-TL-TRACE.named-name-refers", {"who": who[1:], "out": ', '.join(c.label for c in out)})
            if any(c.ghost is not None for c in out):
                self.emit("11.00.F", "named", "MK-TL-TRACE.named-naming-rule-applies")
            return out
        return []

    def _amount(self, e: Entry, op: Op) -> int:
        if op.name in ("level", "fizikum", "asztral", "mental", "fal") and op.amount == "X":
            return e.x or 0
        if op.amount is None:
            value = 1
        elif op.amount == "X":
            value = e.x or 0
        elif op.amount == "oppdp":
            dps = [self.state.players[p].dp for p in self.table.opponents(e.player)]
            value = max(dps) if dps else 0
            if value < 0:
                if self.admits("1.10.C"):
                    self.emit("1.10.C", "zero", "MK-TL-TRACE.zero-negative-dp-stands", {"value": value})
                value = 0
        else:
            value = int(op.amount)
        if op.cap is not None:
            value = min(value, op.cap)
        return value

    def _apply_op(self, e: Entry, op: Op, power: bool) -> None:
        if op.name == "none":
            self.emit("6.00", "effect", "MK-TL-TRACE.effect-takes", {"e": e.label})
            return
        if op.player_level:
            players = self._players(e, op)
            amount = self._amount(e, op)
            for p in players:
                pl = self.state.players[p]
                if op.name == "take_mp":
                    given = min(amount, pl.mp)
                    pl.mp -= given
                    me = self.state.players[e.player]
                    me.mp += given
                    self.emit("6.00", "mp", "MK-TL-TRACE.mp-gives", {"p": p, "given": given, "player": e.player, "mp": pl.mp, "mp2": me.mp}, player=p)
                elif op.name == "discard":
                    self._discard(p, amount, op.random)
                elif op.name == "look" and op.take is not None:
                    self._look_take(e, p, amount if op.amount is not None else 1, op.take)
                elif op.name == "token":
                    self._token(e, op, p, amount)
                elif op.name == "recover":
                    self._recover(p, op.arg or "hand", amount)
                elif op.name == "look":
                    self.emit("6.00", "look", "MK-TL-TRACE.look-looks", {
                        "player": e.player, "p": p, **word_args("value", "look-at", "hand" if op.arg == "hand" else "top")},
                        player=p)
                elif op.name == "win":
                    self.table.wins(p, e.label)
                elif op.name == "gain_mp":
                    forbidder = next((src for pl2, src in self.state.forbidden.get("mp", set()) if pl2 == p), None)
                    if forbidder is not None:
                        self.emit("6.00", "no-mp", "MK-TL-EFFECT.no-mp", {"player": p, "source": forbidder}, player=p)
                        continue
                    pl.mp += amount
                    self.emit("6.00", "mp", "MK-TL-TRACE.mp-gains", {"p": p, "amount": amount, "mp": pl.mp}, player=p)
                elif op.name == "lose_mp":
                    pl.mp = max(0, pl.mp - amount)
                    self.emit("6.00", "mp", "MK-TL-TRACE.mp-loses", {"p": p, "amount": amount, "mp": pl.mp}, player=p)
                elif op.name == "gain_dp":
                    self.table.gain_dp(p, amount, "6.00", e.label)
                elif op.name == "draw":
                    for _ in range(amount):
                        deck = pl.zones[JOVO]
                        if not deck:
                            break
                        self.table.move(self.state.cards[next(iter(deck))], KEZ)
                    self.emit("6.00", "draw", "MK-TL-TRACE.draw-draws", {"p": p, "amount": amount}, player=p)
            return
        if op.name == "forbid":
            self._forbid(e, op, power)
            return
        for cs in self._who(e, op, power):
            self.op_on_card(e, op, cs)

    def _players(self, e: Entry, op: Op) -> list[str]:
        """The players a player step is for: controller (the effect's player), opponent, all, richer."""
        if op.who == "opponent":  # "one of your opponents": the one chosen (12.00.A), if still in the game
            chosen = e.target_players or self.table.seating.next_opponent(e.player, (op,))
            return [p for p in chosen if p in self.table.seated()]
        if op.who == "all":
            return self.table.seated()
        if op.who == "richer":
            mine = self.state.players[e.player].mp
            return [p for p in self.table.opponents(e.player) if self.state.players[p].mp > mine]
        return [e.player]

    def _discard(self, player: str, amount: int, random: bool) -> None:
        """Cards leave the hand for Múlt; a random one is the first in the hand (the engine draws no lots)."""
        hand = self.state.players[player].zones[KEZ]
        gone = []
        for uid in list(hand)[:amount]:
            cs = self.state.cards[uid]
            self.table.move(cs, MULT)
            gone.append(cs.label)
        how = i18n.part("MK-TL-TRACE.discard-random") if random else ""
        gone_words = {"gone": ", ".join(gone), "gone_hu": ", ".join(gone)} if gone else word_args("gone", "discarded", "none")
        self.emit("6.00", "discard", "MK-TL-TRACE.discard-discards", {"player": player, "how": how, **gone_words}, player=player)

    def _forbid(self, e: Entry, op: Op, power: bool) -> None:
        """``forbid solving until round``: no quest may be solved; ``forbid dp target``: the target gives no DP;
        ``forbid mp opponent``: that player gains no MP until the round ends."""
        if op.arg == "mp":
            for p in self._players(e, op):
                self.state.forbidden.setdefault("mp", set()).add((p, e.label))
                self.emit("6.00", "forbid", "MK-TL-EFFECT.forbid-mp", {"player": p, "source": e.label}, player=p)
            return
        if op.arg == "dp":
            for cs in self._who(e, op, power):
                self.state.forbidden.setdefault("dp", set()).add(cs.uid)
                self.emit("6.00", "forbid", "MK-TL-TRACE.forbid-until-end-round-2", {"card": cs.label}, card=cs.label)
            return
        self.state.forbidden.setdefault(op.arg or "", set()).add("*")
        self.emit("6.00", "forbid", "MK-TL-TRACE.forbid-until-end-round", {"e": e.label})

    def op_on_card(self, e: Entry, op: Op, cs: CardState) -> None:
        amount = self._amount(e, op)
        if op.name == "damage":
            self._damage(e, op, cs, amount)
        elif op.name == "rest":
            cs.state = "pihenő"
            self.emit("6.00", "rest", "MK-TL-TRACE.rest-becomes-resting", {"card": cs.label}, card=cs.label)
        elif op.name == "wake":
            was = cs.state
            cs.state = "éber"
            self.emit("6.00", "wake", "MK-TL-TRACE.wake-becomes-awake", {"card": cs.label}, card=cs.label)
            if was != "éber":
                self.table.event("wakes", cs)
        elif op.name == "wound":
            cs.state = "sérült"
            self.emit("6.00", "wound", "MK-TL-TRACE.wound-becomes-wounded", {"card": cs.label}, card=cs.label)
            self.table.wounded(cs)
        elif op.name == "weakness":
            guard = sem.immune(self.state, cs, "weakness")
            if guard is not None:
                self.emit("6.00", "immune", "MK-TL-TRACE.immune-cannot-get-weakness", {"card": cs.label, "guard": guard.label}, card=cs.label)
                return
            cs.counters["gyengeség"] = cs.counters.get("gyengeség", 0) + amount
            rule = "1.14.16.A" if self.admits("1.14.16.A") else "6.00"
            f, a, m = (sem.attribute(self.state, cs, k) for k in ("fizikum", "asztral", "mental"))
            self.emit(rule, "counter", "MK-TL-TRACE.counter-gets-weakness-fizikum", {"card": cs.label, "f": f, "a": a, "m": m},
                      card=cs.label)
        elif op.name == "kill":
            self.emit("6.00", "kill", "MK-TL-TRACE.kill-dies", {"card": cs.label}, card=cs.label)
            self.table.die(cs)
        elif op.name == "heal":
            healed = min(amount, cs.damage)
            cs.damage -= healed
            self.emit("6.00", "heal", "MK-TL-TRACE.heal-damage-removed-from", {"healed": healed, "card": cs.label, "damage": cs.damage}, card=cs.label, damage=cs.damage)
        elif op.name == "return":
            self.table.leave_team(cs)
            cs.state = "pihenő"
            self.emit("6.00", "return", "MK-TL-TRACE.return-returns-sor-resting", {"card": cs.label},
                      card=cs.label)
        elif op.name == "attach":
            src = self.state.cards[e.source] if e.source is not None else None
            if src is not None and src.zone == IDOFONAL:
                self.table.attach_to(src, cs)
                self.emit("6.00", "attach", "MK-TL-TRACE.attach-attached", {"src": src.label, "card": cs.label},
                          card=src.label)
        elif op.name == "counter":
            name = op.arg or ""
            before = cs.counters.get(name, 0)
            cs.counters[name] = max(0, before + amount)
            self.emit("6.00", "counter", "MK-TL-TRACE.counter-line", {
                "card": cs.label, **word_args("word", "gets", "gets" if amount >= 0 else "loses"), "abs": abs(amount),
                "name": name, "counters": cs.counters[name]}, card=cs.label)
            self.table.check_wins(cs)
        elif op.name == "suppress":
            until = op.until or "round"
            what = op.arg or "abilities"
            self.state.suppressions.append(TimedModifier(cs.uid, what, 0, until, e.label))
            self.emit("6.02", "suppress", "MK-TL-EFFECT.suppress",
                      {"period": i18n.part(f"MK-TL-PERIOD.{until}"), "card": cs.label, "what": what, "source": e.label}, card=cs.label)
        elif op.name == "take":
            self._take_equipment(e, cs)
        elif op.name in ("level", "fizikum", "asztral", "mental", "fal", "threshold"):
            self._timed_modifier(e, op, cs, amount)

    def _damage(self, e: Entry, op: Op, cs: CardState, amount: int) -> None:
        """6.00: *e* deals *amount* damage to *cs* (a mosaic spell's base, a bonus on a filter, the modifiers)."""
        if e.source is not None and self.state.cards[e.source].fact(sem.is_mosaic):
            self.emit("7.00", "base", "MK-TL-TRACE.base-damage-mosaic-spell", {"amount": amount})
        if op.bonus is not None and sem.filters_hold(self.state, cs, op.bonus_if):
            self.emit("6.00", "bonus", "MK-TL-EFFECT.bonus", {"card": cs.label, "bonus": op.bonus, "source": e.label, "filters": " ".join(render_filter(f) for f in op.bonus_if)}, card=cs.label)
            amount += op.bonus
        dealers = [self.state.cards[u] for u in (e.source, e.summoner) if u is not None]
        self.table.add_damage(cs, self.modified_damage(dealers, cs, amount, "6.00"), "6.00")

    def _timed_modifier(self, e: Entry, op: Op, cs: CardState, amount: int) -> None:
        """6.02 (a manoeuvre's, a permanent one, an attack threshold's) or 6.00 (until the end of the combat or
        the round): *cs*'s level, attribute, FAL or attack threshold changes by *amount*."""
        until = op.until or "round"
        self.state.timed.append(TimedModifier(cs.uid, op.name, amount, until, e.label))
        if op.until in ("maneuver", "permanent") or op.name == "threshold":
            if until == "permanent":
                self.emit("6.02", "modifier", "MK-TL-EFFECT.permanent", {"card": cs.label, "stat": op.name, "amount": f"{amount:+d}"}, card=cs.label)
            else:
                self.emit("6.02", "modifier", "MK-TL-EFFECT.lasts", {
                    "period": i18n.part(f"MK-TL-PERIOD.{until}"), "card": cs.label, "stat": op.name,
                    "amount": f"{amount:+d}"}, card=cs.label)
            return
        stat = words("stat", op.name) if op.name in ("level", "fal") else (op.name.capitalize(), op.name.capitalize())
        self.emit("6.00", "modifier", "MK-TL-TRACE.modifier-until-end", {
            "card": cs.label, "stat": stat[0], "stat_hu": stat[1], "amount": amount,
            **word_args("value", "until", "combat" if until == "combat" else "round")}, card=cs.label)

    def modified_damage(self, dealers: list[CardState], target: CardState, amount: int, rule: str) -> int:
        """6.00 (3.05.F for a beast): the damage after the damage modifiers and caps in play, traced."""
        total, terms = sem.damage_dealt(self.state, dealers, target, amount)
        if terms:
            changes = " ".join(f"{change} ({who})" for who, change in terms)
            self.emit(rule, "damage-modified", "MK-TL-EFFECT.damage-modified", {"card": target.label, "base": amount, "changes": changes, "total": total}, card=target.label)
        return total

    def threshold(self, attacker: CardState) -> int:
        """The attack threshold an attack of *attacker* must reach: the option's, with the ``threshold``
        modifiers over the attacker (constant ones, and an effect's until the combat), traced (3.05.F)."""
        base = int(self.options["attack_threshold"])
        terms = sem.modifier_terms(self.state, "threshold", attacker)
        if terms:
            self.emit(self.cite("3.05.F", "6.00"), "threshold", "MK-TL-EFFECT.threshold", {"card": attacker.label, "explain": sem.explain(base, terms)}, card=attacker.label)
        return max(0, base + sum(n for _, n in terms))

    def _look_take(self, e: Entry, player: str, count: int, take: int) -> None:
        """``look deck N take M``: the top N cards of the Jövő pakli are looked at, M of them (the first ones)
        go to the hand; several looked at counts as a search (mk-rules row 50; option ``look_take_search``)."""
        deck = list(self.state.players[player].zones[JOVO])
        seen = [self.state.cards[u] for u in deck[:count]]
        taken = seen[:take]
        for cs in taken:
            self.table.move(cs, KEZ)
        self.emit("6.00", "look", "MK-TL-EFFECT.look-take", {"player": player, "count": len(seen), "taken": len(taken), "cards": ", ".join(c.label for c in taken) or "—"}, player=player)
        option = self.options["look_take_search"]
        if len(seen) > 1 and option == "yes":
            self.emit("6.00", "search", "MK-TL-EFFECT.look-search", {"option": option}, player=player)
            if self.table.on_search is not None:
                self.table.on_search(player)

    def _token(self, e: Entry, op: Op, player: str, count: int) -> None:
        """``token "Name" N``: N token cards (jelző: part of no deck) of that name, from the database, into the
        Present of *player* (6.00)."""
        name = op.arg or ""
        card = self.table.lookup(name) if self.table.lookup is not None else None
        if card is None:
            self.emit("6.00", "token", "MK-TL-EFFECT.token-unknown", {"name": name, "source": e.label}, player=player)
            return
        for _ in range(count):
            zone = SOR if card.type == "kalandozó" else JELEN
            cs = self.table.add_card(card, player, zone, label=self._token_label(card.name))
            self.emit("6.00", "token", "MK-TL-EFFECT.token", {"player": player, "card": cs.label, "source": e.label},
                      card=cs.label)

    def _token_label(self, name: str) -> str:
        """A token's label: its name, numbered from the second one on (``Csontváz 2``)."""
        taken = {c.label for c in self.state.cards.values()}
        if name not in taken:
            return name
        n = 2
        while f"{name} {n}" in taken:
            n += 1
        return f"{name} {n}"

    def _recover(self, player: str, zone: str, count: int) -> None:
        """``recover N hand|deck``: the last N cards to reach *player*'s Múlt go to the hand or on top of the Jövő
        pakli (6.00; the most recent first: the engine asks no choice)."""
        past = list(self.state.players[player].zones[MULT])
        if not past:
            self.emit("6.00", "recover", "MK-TL-EFFECT.recover-none", {"player": player}, player=player)
            return
        for uid in reversed(past[-count:]):
            cs = self.state.cards[uid]
            if zone == "hand":
                self.table.move(cs, KEZ)
            else:
                deck = self.state.players[player].zones[JOVO]
                self.table.move(cs, JOVO)
                deck.pop(uid)
                rest = dict(deck)
                deck.clear()
                deck[uid] = None
                deck.update(rest)
            self.emit("6.00", "recover", f"MK-TL-EFFECT.recover-{zone}", {"player": player, "card": cs.label},
                      player=player)

    def _take_equipment(self, e: Entry, item: CardState) -> None:
        """``take equipment target``: the equipment an opponent's adventurer wears (3.05.I) is worn from now on by
        the effect's summoner, or else by the effect's own adventurer (6.00: its controller changes)."""
        old = self.state.cards[item.attached_to] if item.attached_to is not None else None
        wearer_uid = e.summoner if e.summoner is not None else e.source
        wearer = self.state.cards[wearer_uid] if wearer_uid is not None else None
        if old is None or item.fact(sem.equipment_kind) is None or wearer is None or wearer.type != "kalandozó" \
                or sem.controller(self.state, old) == e.player:
            self.emit("6.00", "take", "MK-TL-EFFECT.take-none", {"card": item.label, "player": e.player})
            return
        old.attachments.remove(item.uid)
        wearer.attachments.append(item.uid)
        item.attached_to = wearer.uid
        item.controller = e.player
        self.emit(self.cite("3.05.I", "6.00"), "take", "MK-TL-EFFECT.take-equipment", {"player": e.player, "card": item.label, "old": old.label, "wearer": wearer.label}, card=item.label)

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
            if target.zone != SOR:
                continue
            x = sem.akaratatvitel(self.state, src)
            if x is None and any(k.key == "AKARATÁTVITEL" for k in src.card.keywords):
                by = sem.suppressed(self.state, src, "kw:AKARATÁTVITEL")
                self.emit("6.00", "suppressed", "MK-TL-EFFECT.suppressed", {"card": src.label, "what": "AKARATÁTVITEL", "source": by or "?"}, card=src.label)
            lvl = sem.level(self.state, target)
            if x is not None and lvl <= x:
                new_ctl = src.controller or src.owner
                target.controller = new_ctl
                target.state = "pihenő"
                self.table.move(target, SOR)
                self.emit("2.04.b", "dominate",
                          "MK-TL-TRACE.dominate-akaratatvitel-replaces-attack", {"x": x, "target": target.label, "lvl": lvl, "new_ctl": new_ctl},
                          card=target.label)
                continue
            if x is not None:
                self.emit("2.04.b", "attack", "MK-TL-TRACE.attack-level-above-akaratatvitel", {"target": target.label, "lvl": lvl, "x": x})
            count, attack, damage = sem.beast_attack(src)
            attacks = count if self.options["beast_number"] == "attacks" else 1
            if attacks > 1:
                self.emit(self.cite("3.05.F", "6.00"), "attacks", "MK-TL-TRACE.attacks-szam-times-option", {"count": count, "src": src.label, "target": target.label})
            for _ in range(attacks):
                self._beast_hit(src, target, e.roll, attack, damage)

    def _beast_hit(self, src: CardState, target: CardState, roll: int | None, attack: int, damage: int) -> None:
        """One attack of a beast on *target* (3.05.F): its attack value and the ``beast_roll`` modifiers added to
        the roll, the shield lowering that, against the beast's attack threshold; the ``beast_damage`` modifiers,
        the armour and the damage modifiers changing its damage; no roll scripted: it hits."""
        dterms = sem.modifier_terms(self.state, "beast_damage", src)
        if dterms:
            self.emit(self.cite("3.05.F", "6.00"), "beast", "MK-TL-EFFECT.beast-damage", {"card": src.label, "explain": sem.explain(damage, dterms)}, card=src.label)
            damage = max(0, damage + sum(n for _, n in dterms))
        shield, armour = sem.protection(self.state, target)
        if roll is not None:
            need = self.threshold(src)
            base = roll
            if attack:
                base = roll + attack
                rule = self.cite("3.05.F", "6.00") if sem.prints_beast_line(src) else "6.00"
                self.emit(rule, "roll", "MK-TL-TRACE.roll-attack", {"src": src.label, "roll": roll, "attack": attack, "base": base})
            rterms = sem.modifier_terms(self.state, "beast_roll", src)
            if rterms:
                self.emit(self.cite("3.05.F", "6.00"), "roll", "MK-TL-EFFECT.beast-roll", {"card": src.label, "explain": sem.explain(base, rterms)}, card=src.label)
                base += sum(n for _, n in rterms)
            total = base - shield if self.admits("3.05.F") else base
            if shield and self.admits("3.05.F"):
                self.emit("3.05.F", "shield", "MK-TL-TRACE.beast-shield", {"card": target.label, "roll": base, "lowered": total})
            if total < need:
                self.emit("3.05.F" if shield and self.admits("3.05.F") else "6.00", "miss", "MK-TL-TRACE.beast-miss",
                          {"card": src.label, "target": target.label, "total": total, "need": need})
                return
        if armour and self.admits("3.05.F"):
            reduced = max(0, damage - armour)
            self.emit("3.05.F", "armour", "MK-TL-TRACE.beast-armour", {"card": target.label, "damage": damage, "reduced": reduced})
            damage = reduced
        self.table.add_damage(target, self.modified_damage([src], target, damage, self.cite("3.05.F", "6.00")), "6.00")
