"""Phases and rounds: the phases of 6.03, passing the turn, and the round's closing.

A phase that is a timeline of its own (6.03) opens one when it starts; the
manoeuvres phase ends when every player has passed in a row, or, with more
than two players (12.00), when the player with the least MP passes.  The
round's closing counts down ghosts (11.00.C), gives back every Kincskeresés
(1.14.14.C) and starts the next round's resource phase.
"""

from __future__ import annotations

from ....base.text import fold
from .enums import JELEN, KEZ, KIVUL, CardStatus, Phase, Zone
from .phases import ManeuverPhases
from .rules import COMBAT_PHASES, PHASES, phase_named
from .stack import TimelineStack
from .table import Part, Table
from .trace import later, refused

__all__ = ["Rounds"]

class Rounds(Part):
    """Moving the game through its phases and rounds."""

    def __init__(self, table: Table, stack: TimelineStack, phases: ManeuverPhases) -> None:
        super().__init__(table)
        self.stack = stack
        self.phases = phases
        phases.combat_over = self._combat_over  # a bound method, no closure: a copy's rounds hear its own combat

    def phase(self, name: str) -> None:
        antiss = fold(name) in ("antissharc", "antiss combat")
        canon = "harci kör" if antiss else phase_named(name)
        if antiss:
            self.require("8.03.E", "MK-TL-WHAT.antiss-combat")
        if canon is None:
            raise refused("MK-TL-PHASE.unknown-phase", "6.03", name=name)
        if any(tl.entries for tl in self.state.timelines):
            raise refused("MK-TL-PHASE.phase-cannot-end", "6.03")
        self.phases.check_no_phase()
        if self.table.checked():
            return  # probed: the commit point is reached
        for tl in list(self.state.timelines):
            self.stack.close(tl)
        if self.state.phase in COMBAT_PHASES and canon not in COMBAT_PHASES:
            self._expire("combat")
        if canon == "harci kör":
            self.state.combat_round += 1  # once-a-combat-round limits count from here (docs/card-behaviour.md)
        self.state.phase = canon
        self.state.antiss_combat = antiss
        self.emit("6.03", "phase", "MK-TL-TRACE.phase-line", {"canon": canon})
        if antiss:
            self.emit("8.03.E", "antiss", "MK-TL-TRACE.antiss-combat-wizards-may")
        is_tl, kind = PHASES[canon]
        if is_tl:
            self.stack.open_timeline(kind, canon)
        self._fire(canon)

    def _fire(self, phase: str) -> int:
        """The timed effects at the start of *phase* (6.02: "Forduló zárásakor …"), once a round."""
        key = (self.state.round, phase)
        if key in self.state.fired:
            return 0
        self.state.fired.add(key)
        return self.stack.fire(phase)

    def _fire_and_resolve(self, phase: str) -> None:
        """The timed effects of a phase the round passes through by itself: they enter and unwind at once."""
        if self._fire(phase):
            self.stack.unwind()

    def _combat_over(self) -> None:
        self._expire("combat")

    def _expire(self, period: str) -> None:
        """Changes that last "until the end of the combat" (or the round) end; a permanent one never does."""
        ending = [t for t in self.state.timed if t.until != "permanent" and (t.until == period or period == "round")]
        self.state.timed = [t for t in self.state.timed if t not in ending]
        what = later("MK-TL-PERIOD.combat" if period == "combat" else "MK-TL-PERIOD.round")
        for t in ending:
            card = self.state.cards[t.uid]
            self.emit("6.00", "expires", "MK-TL-TRACE.expires-ends", {"what": what[0], "card": card.label, "stat": t.stat, "amount": t.amount, "source": t.source, "what_hu": what[1]}, card=card.label)
        self.table.expire(period)

    def end_round(self) -> None:
        """Forduló zárása, then (unless the game has ended) a new round: its opening and resource phase."""
        if any(tl.entries for tl in self.state.timelines):
            raise refused("MK-TL-PHASE.round-cannot-close", "6.03")
        self.phases.check_no_phase()
        if self.table.checked():
            return  # probed: the commit point is reached
        self.close_round()
        if self.table.ending is not None and self.table.ending.check_end_of_round():
            return
        self.state.round += 1
        self.open_round()

    def close_round(self) -> None:
        """Forduló zárása (6.03): its timed effects, ghosts counting down (11.00.C), what lasted the round ends."""
        for tl in list(self.state.timelines):
            self.stack.close(tl)
        self.state.phase = "forduló zárása"
        self.emit("6.03", "phase", "MK-TL-TRACE.phase-round-closes", {"round": self.state.round})
        self._fire_and_resolve("forduló zárása")
        for cs in list(self.state.cards.values()):
            if cs.ghost is not None:
                cs.ghost -= 1
                if cs.ghost <= 0:
                    self.emit("11.00.C", "ghost", "MK-TL-TRACE.ghost-has-spent-rounds", {"card": cs.label}, card=cs.label)
                    self.table.to_past(cs)
                else:
                    self.emit("11.00.C", "ghost", "MK-TL-TRACE.ghost-stays-round-left", {"card": cs.label, "ghost": cs.ghost}, card=cs.label)
        self._expire("round")
        if self.state.forbidden:
            self.state.forbidden.clear()
            self.emit("6.00", "expires", "MK-TL-TRACE.expires-round-ends-what")

    def open_round(self) -> None:
        """A round begins (6.03): forduló nyitása, then the resource phase (adventurers ready, each player
        gains MP and refills the hand), then the manoeuvres phase."""
        self.state.antiss_attempted.clear()
        self.state.antiss_acted.clear()
        seats = self.state.seats
        seats.omen_out.clear()
        seats.omen_done.clear()
        seats.omen_run = None
        seats.offered.clear()
        seats.swapped.clear()
        for p in self.state.players.values():
            p.antiss_solved = 0
        if self.admits("1.14.14.C") and any(c.kincs_used is not None for c in self.state.cards.values()):
            self.emit("1.14.14.C", "reset", "MK-TL-TRACE.reset-new-round-every")
        self.state.phase = "forduló nyitása"
        self.emit("6.03", "phase", "MK-TL-TRACE.phase-round-opens", {"round": self.state.round})
        if self.state.seats.omens:
            self.omen_step()
        self._fire_and_resolve("forduló nyitása")
        gain = int(self.options["resource_mp"])
        self.emit("6.03", "phase", "MK-TL-TRACE.phase-round-resource-adventurers", {"round": self.state.round, "gain": gain})
        woken = []
        for cs in self.state.cards.values():
            if cs.zone == Zone.SOR and cs.type == "kalandozó":
                if cs.state == CardStatus.PIHENO:
                    woken.append(cs)
                cs.state = {"pihenő": "éber", "sérült": "pihenő"}.get(cs.state, cs.state)
        for name in self.table.seated():
            self.state.players[name].mp += gain
        self.refill("6.03")
        self.state.phase = "erőforrás"
        fired = self._fire("erőforrás")
        for cs in woken:  # 6.02: "when it wakes" (ébredéskor), in the resource phase that readied it
            fired += self.stack.fire_event("wakes", cs, [cs])
        if fired:
            self.stack.unwind()
        self.state.phase = "manőverek"
        self.table.make_active(None)
        self.state.sor_passed.clear()

    def play_out(self) -> None:
        """The script step ``forduló``: the rest of the round as the rulebook runs it, every player passing:
        the open timelines unwind (6.00), the manoeuvres phase ends as its players pass (6.03, 12.00), the
        round closes, the end-of-round conditions are checked and, if the game goes on, the next round opens."""
        if self.table.checked():
            return  # probed: the commit point is reached
        self.stack.unwind()
        for tl in list(self.state.timelines):
            self.stack.close(tl)
        guard = len(self.state.players) + 1
        while self.state.phase == Phase.MANEUVERS and guard:
            self.pass_turn(self.table.active_player())
            guard -= 1
        self.close_round()
        if self.table.ending is not None and self.table.ending.check_end_of_round():
            return
        self.state.round += 1
        self.open_round()

    def refill(self, rule: str, only: str | None = None) -> None:
        """Each player (or *only* one) draws from the top of the Jövő pakli up to the hand size (option ``hand_size``)."""
        size = int(self.options["hand_size"])
        for p in (self.state.players[n] for n in self.table.seated() if only is None or n == only):
            hand, deck = p.zones[Zone.KEZ], p.zones[Zone.JOVO]
            want = max(0, size - len(hand))
            drawn = [self.state.cards[uid] for uid in list(deck)[:want]]
            for cs in drawn:
                self.table.move(cs, KEZ)
            if drawn:
                self.emit(rule, "draw", "MK-TL-TRACE.draw-draws-card-up", {"player": p.name, "n_drawn": len(drawn), "size": size, "n_deck": len(deck)}, player=p.name)

    def pass_turn(self, player: str) -> None:
        """A pass with no timeline open: the next player acts; the phase may end (6.03, 12.00)."""
        if self.state.phase != Phase.MANEUVERS:
            self.emit("6.03", "pass", "MK-TL-TRACE.pass-passes-phase-ends", {"player": player})
            return
        seating = self.table.seating
        if seating.omen_in_force():
            self._omen_pass(player)
            return
        if seating.shares_tower:
            self._side_pass(player)
            return
        seated = self.table.seated()
        many = len(seated) > 2 and self.admits("12.00")
        order = sorted((self.state.players[n] for n in seated), key=lambda p: -p.mp)
        if many:
            idx = [p.name for p in order].index(player)
            if idx == len(order) - 1:
                self.emit("12.00.C", "pass", "MK-TL-TRACE.pass-least-mp-passes", {"player": player})
                self.state.phase = "forduló zárása"
                self.table.make_active(None)
            else:
                nxt = order[idx + 1].name
                self.table.make_active(nxt, "after-pass")
                self.emit("12.00.C", "pass", "MK-TL-TRACE.pass-passes-active-player", {"player": player, "nxt": nxt})
            return
        if player not in self.state.sor_passed:
            self.state.sor_passed.append(player)
        if len(self.state.sor_passed) >= len(seated):
            self.emit("6.03", "pass", "MK-TL-TRACE.pass-passes-everyone-passed", {"player": player})
            self.state.phase = "forduló zárása"
            self.state.sor_passed.clear()
            self.table.make_active(None)
        else:
            others = [p for p in seated if p not in self.state.sor_passed]
            self.table.make_active(others[0], "passed")
            self.emit("6.03", "pass", "MK-TL-TRACE.pass-passes-acts", {"player": player, "others": others[0]})

    def _side_pass(self, player: str) -> None:
        """A pass of a side (Ikerjáték, Két csapat): the other side acts ("Passz esetén a másik páros
        következik", 12.00.5); when every side has passed in a row, the manoeuvres phase ends."""
        seating = self.table.seating
        side = seating.side(player)
        if side not in self.state.sor_passed:
            self.state.sor_passed.append(side)
        sides = list(dict.fromkeys(seating.side(p) for p in self.table.seated()))
        if len(self.state.sor_passed) >= len(sides):
            self.emit("12.00.5.2", "pass", "MK-TL-TRACE.pass-passes-every-side", {"player": player, "side": side})
            self.state.phase = "forduló zárása"
            self.state.sor_passed.clear()
            self.table.make_active(None)
            return
        nxt = next(s for s in sides if s not in self.state.sor_passed)
        members = sorted(seating.members(nxt), key=lambda n: -self.state.players[n].mp)
        self.table.make_active(members[0], "pair")
        self.emit("12.00.5.2", "pass", "MK-TL-TRACE.pass-passes-acts-or", {"player": player, "side": side, "nxt": nxt, "members": members[0]})

    def _omen_pass(self, player: str) -> None:
        """Ómen (12.00.1): a player's first pass of the round sends their Ómen out of the game until the round
        ends (B); they get a resource phase of their own and take their MP-bound deeds one after another (C);
        their next pass ends that, and the active-player rule looks only at players with an Ómen in play (D).
        When no Ómen is in play, the manoeuvres phase ends (E)."""
        seats = self.state.seats
        seating = self.table.seating
        if seats.omen_run == player:
            seats.omen_run = None
            seats.omen_done.add(player)
            self.table.make_active(None)
            self.emit("12.00.1.C", "pass", "MK-TL-TRACE.pass-passes-their-deeds", {"player": player})
        elif seating.omen_in_play(player):
            omen = self.state.cards[seats.omens[player]]
            self.table.move(omen, KIVUL)
            seats.omen_out.add(player)
            self.emit("12.00.1.B", "omen", "MK-TL-TRACE.omen-pass-leaves-game", {"player": player, "omen": omen.label}, player=player)
            gain = int(self.options["resource_mp"])
            pl = self.state.players[player]
            pl.mp += gain
            for cs in self.state.cards.values():
                if cs.zone == Zone.SOR and cs.type == "kalandozó" and cs.controller == player:
                    cs.state = {"pihenő": "éber", "sérült": "pihenő"}.get(cs.state, cs.state)
            self.emit("12.00.1.C", "resource", "MK-TL-TRACE.resource-gets-phase-mp", {"player": player, "gain": gain, "mp": pl.mp}, player=player)
            self.refill("12.00.1.C", only=player)
            seats.omen_run = player
            self.table.make_active(player, "omen-run")
            return
        if not any(seating.omen_in_play(p) for p in self.table.seated()):
            self.emit("12.00.1.E", "pass", "MK-TL-TRACE.pass-omen-play-manoeuvres")
            self.state.phase = "forduló zárása"
            self.table.make_active(None)
            return
        self.table.make_active(None)
        nxt = seating.active_player()
        self.emit("12.00.1.D", "active", "MK-TL-TRACE.active-player-only-players", {"nxt": nxt})

    def omen_step(self) -> None:
        """Ómen (12.00.1.A): at the start of the round every player's Ómen comes into play, free, in the order of
        the active player (the most MP first)."""
        seats = self.state.seats
        order = sorted(self.table.seated(), key=lambda n: -self.state.players[n].mp)
        for name in order:
            uid = seats.omens.get(name)
            if uid is None:
                continue
            omen = self.state.cards[uid]
            self.table.move(omen, JELEN)
            self.emit("12.00.1.A", "omen", "MK-TL-TRACE.omen-comes-into-play", {"name": name, "omen": omen.label}, player=name, card=omen.label)

