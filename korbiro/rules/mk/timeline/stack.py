"""The timeline machine: open, add, pass, unwind (last in, first out) and close.

Timelines (időfonal) are opened by deeds (6.01), timed effects (6.02) and
phases (6.03); constant effects never open one (6.00).  An entry is added to
the top timeline (the summoning sequence's 5.01.D); when every player has
passed in a row, the top entry unwinds and takes effect through the resolver
of its kind, which the engine's parts register in :attr:`TimelineStack.resolvers`.
Closing a timeline applies deaths and wounds (6.00).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from ....base.text import fold
from ....grammar.behaviour import Op, TargetSpec
from . import semantics as sem
from .enums import SOR
from .model import IN_PLAY, CardState, Entry, Timeline
from .table import Part, Table
from .trace import refused, words

__all__ = ["TimelineStack"]

#: The card types whose summoning is no fast effect (6.00): what comes into the Sor or the Present to stay.
_NOT_FAST: Final = frozenset({"kalandozó", "építmény", "szövetséges", "toronyszint"})


def _no_phase(tl: Timeline) -> bool:
    """No timeline is a manoeuvre phase's (until :mod:`.phases` says which are)."""
    return False


class TimelineStack(Part):
    """The open timelines of the game and what may be done with them."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        #: entry kind -> what unwinding such an entry does
        self.resolvers: dict[str, Callable[[Entry], None]] = {}
        #: told of every timeline that closes (the manoeuvre's phases move on: :mod:`.phases`)
        self.on_close: Callable[[Timeline], None] | None = None
        #: whether a timeline is the current phase's of the manoeuvre under way (:mod:`.phases`)
        self.is_phase_of_manoeuvre: Callable[[Timeline], bool] = _no_phase

    @property
    def top(self) -> Timeline | None:
        return self.state.timelines[-1] if self.state.timelines else None

    def open_timeline(self, kind: str, opener: str, *, phase_rule: str | None = None) -> Timeline:
        """Open a timeline of *kind*; a manoeuvre's phase (*phase_rule*: the rule that makes it one) says so."""
        tl = Timeline(self.state.next_timeline, kind, opener)
        self.state.next_timeline += 1
        self.state.timelines.append(tl)
        if phase_rule is not None:
            self.emit(phase_rule, "open", "MK-TL-PHASE.opens", {"phase": opener, "rule": phase_rule, "number": tl.number},
                      timeline=tl.number, phase=opener)
            return tl
        rule = {"deed": "6.01", "timed": "6.02"}.get(kind, "6.03")
        names = words("opener", kind)[0]
        self.emit(rule, "open", "MK-TL-TRACE.open-timeline-opens", {"number": tl.number, "names": names, "opener": opener, "names_hu": names}, timeline=tl.number)
        return tl

    def new_entry(self, kind: str, player: str, label: str, **kw: Any) -> Entry:
        e = Entry(self.state.next_seq, kind, player, label, **kw)
        self.state.next_seq += 1
        return e

    def push(self, entry: Entry, *, deed: bool = False, mp_bound: bool = False) -> Timeline:
        """Add *entry* to the top timeline, opening one for a deed when none is open (6.01).

        With ``nest_deeds=nested`` a deed while only a phase timeline is open
        opens its own timeline on top of it.
        """
        tl = self.top
        if tl is None or (deed and tl.kind in ("phase", "combat") and self.options["nest_deeds"] == "nested"):
            tl = self.open_timeline("deed", entry.player)
        tl.entries.append(entry)
        tl.passed.clear()
        shown = "a hidden card" if entry.hidden else entry.label
        shown_hu = "egy rejtett lap" if entry.hidden else entry.label
        self.emit("5.01.D", "add", "MK-TL-TRACE.add-enters-timeline", {"seq": entry.seq, "shown": shown, "number": tl.number, "player": entry.player, "shown_hu": shown_hu},
                  entry=entry.seq, timeline=tl.number, label=entry.label)
        return tl

    def locate(self, ref: int | str) -> tuple[Timeline, Entry]:
        """An entry in an open timeline: ``#n`` (its number) or the topmost with that label."""
        for tl in reversed(self.state.timelines):
            for e in reversed(tl.entries):
                if (isinstance(ref, int) and e.seq == ref) or (
                        isinstance(ref, str) and not e.hidden and fold(e.label) == fold(ref)):
                    return tl, e
        raise refused("MK-TL-NO-ENTRY.entry-open-timeline", "6.00", ref=ref)

    def current_maneuver(self) -> Entry | None:
        """The leave-row manoeuvre under way: its entry in an open timeline (one at a time: it is MP-bound, 6.01)."""
        for tl in reversed(self.state.timelines):
            for e in reversed(tl.entries):
                if e.kind == "maneuver":
                    return e
        run = self.state.maneuver
        return run.entry if run is not None else None

    def check_can_add(self, cs: CardState | None, mp_bound: bool, what: str | Mapping[str, Any], *,
                      bound_by: str = "6.01", what_hu: str | Mapping[str, Any] | None = None) -> None:
        """Who may add what and when: an MP-bound manoeuvre needs no open deed timeline (the refusal cites
        *bound_by*, the rule that makes it MP-bound: 3.02.A a quest, 4.01.B a leave-row manoeuvre, …);
        a card that cannot interrupt a timeline (1.14.17) is refused while a deed's is open."""
        open_deed = False
        for tl in self.state.timelines:
            if tl.kind == "deed" or tl.kind == "timed":
                open_deed = True
                break
        if mp_bound and open_deed:
            raise refused("MK-TL-MP-BOUND", bound_by, what=what, what_hu=what_hu or what)
        if cs is not None and cs.fact(sem.cannot_interrupt):
            top = self.top
            if top is None:
                return
            if not self.admits("1.14.17.A"):
                self.skip("1.14.17.A", "MK-TL-SKIP.cannot-interrupt-timeline", card=cs.name)
                return
            if top.kind == "combat":
                self.emit("1.14.17.C", "allowed", "MK-TL-TRACE.allowed-may-used-combat", {"card": cs.name})
            elif top.kind == "phase" and not open_deed:
                self.emit("1.14.17.B", "allowed", "MK-TL-TRACE.allowed-may-used-phase", {"card": cs.name})
            elif open_deed:
                raise refused("MK-TL-CANNOT-INTERRUPT.cannot-used-once", "1.14.17.A", card=cs.name)

    def deed_open(self) -> bool:
        """Whether a deed's timeline (or a timed effect's) is open: no MP-bound manoeuvre starts (6.01)."""
        return any(tl.kind == "deed" or tl.kind == "timed" for tl in self.state.timelines)

    def sor_summon_refused(self, player: str, cs: CardState) -> bool:
        """Whether :meth:`check_not_fast` refuses *cs* now (6.00, option ``sor_summons``), without building the
        refusal: the legal-action lister's pre-check."""
        if cs.type not in _NOT_FAST or self.options["sor_summons"] == "any":
            return False
        top = self.top
        return top is not None and top.kind in ("deed", "timed") and not self.table.seating.friendly(player, top.opener)

    def check_not_fast(self, player: str, cs: CardState) -> None:
        """6.00: the timeline governs when fast effects may be used.  An adventurer, a building, an ally or a tower
        level (its summoning Sor-phase, 3.01.F) is no fast effect: it is summoned with no timeline open or into a
        timeline its own side opened, never into an opponent's (option ``sor_summons``)."""
        if cs.type not in _NOT_FAST or self.options["sor_summons"] == "any":
            return
        top = self.top
        if top is None or top.kind not in ("deed", "timed") or self.table.seating.friendly(player, top.opener):
            return
        raise refused("MK-TL-NOT-FAST", "6.00", remedy="MK-TL-NOT-FAST.remedy", card=cs.label, opener=top.opener,
                      number=top.number)

    def pass_(self, player: str) -> bool:
        """A pass on the top timeline; when everyone has passed, its top entry unwinds.

        A pass on an open timeline without entries closes it.  With no
        timeline open there is nothing to pass on: ``False``, and the pass is
        one of the turn (:meth:`.rounds.Rounds.pass_turn`).
        """
        tl = self.top
        if tl is None:
            return False
        phase = self.is_phase_of_manoeuvre(tl)
        if not tl.entries and not phase:
            self.close(tl)
            return True
        tl.passed.add(player)
        self.emit("6.00", "pass", "MK-TL-TRACE.pass-passes", {"player": player}, player=player)
        if tl.passed >= set(self.table.seated()):  # everyone still in the game (12.00.D) has passed
            if tl.entries:
                self.unwind_one()
            else:  # 6.03: every player passed with the phase's timeline empty: the phase ends
                self.close(tl)
        return True

    def unwind(self, count: int | None = None) -> None:
        """Everyone passes until *count* entries have unwound (all open timelines if None)."""
        done = 0
        while self.state.timelines and (count is None or done < count):
            tl = self.top
            assert tl is not None
            if not tl.entries:
                if (tl.kind in ("phase", "combat") and count is None and len(self.state.timelines) == 1
                        and not self.is_phase_of_manoeuvre(tl)):
                    break
                self.close(tl)
                continue
            self.unwind_one()
            done += 1

    def unwind_one(self) -> None:
        """Unwind the top entry of the top timeline: last in, first out (5.01.D)."""
        tl = self.top
        assert tl is not None and tl.entries
        entry = tl.entries.pop()
        tl.passed.clear()
        self.state.unwound.append(entry.label)
        self.emit("5.01.D", "unwind", "MK-TL-TRACE.unwind-unwinds-last-first", {"seq": entry.seq, "entry": entry.label},
                  entry=entry.seq, timeline=tl.number, label=entry.label)
        self.resolve(entry)
        if not tl.entries and tl.kind in ("deed", "timed") and self.top is tl:
            self.close(tl)

    def close(self, tl: Timeline) -> None:
        """Close a timeline: deaths (damage ≥ level), wounds outside a manoeuvre, then pop."""
        if tl in self.state.timelines:
            self.state.timelines.remove(tl)
        self.emit("6.00", "close", "MK-TL-TRACE.close-timeline-closes", {"number": tl.number}, timeline=tl.number)
        self.state.combo.clear()
        self.casualties()
        if not self.state.timelines and self.state.phase == "manőverek":
            self.state.active = self.state.active if self.state.active else None
        if self.on_close is not None:
            self.on_close(tl)

    def casualties(self) -> None:
        """As a timeline closes (and as a manoeuvre's teams return): an adventurer whose damage reaches its level
        dies; one damaged outside a manoeuvre becomes wounded and loses its damage (option ``close_wounds``).
        Only a damaged card of a Sor is looked at, in the order the cards came into the game (their uids)."""
        cards = self.state.cards
        damaged = sorted(uid for p in self.state.players.values() for uid in p.zones[SOR] if cards[uid].damage > 0)
        for uid in damaged:
            cs = cards[uid]
            if cs.damage <= 0 or not (cs.zone == SOR and cs.type == "kalandozó" and cs.ghost is None):
                continue  # an undamaged adventurer neither dies nor is wounded: its level is not asked
            lvl = sem.level(self.state, cs)
            if cs.damage > 0 and cs.damage >= lvl:
                self.emit("6.00", "dies", "MK-TL-TRACE.dies-has-damage-against", {"card": cs.label, "damage": cs.damage, "lvl": lvl}, card=cs.label)
                self.table.die(cs)
            elif cs.damage > 0 and not cs.in_team and self.options["close_wounds"] == "wound":
                cs.state, cs.damage = "sérült", 0
                self.emit("6.00", "wounded", "MK-TL-TRACE.wounded-becomes-damage-removed", {"card": cs.label}, card=cs.label)
                self.fire("wounded", cards=[cs])

    def resolve(self, e: Entry) -> None:
        """What an unwinding entry does: the resolver of its kind (registered by the engine's parts)."""
        self.resolvers[e.kind](e)

    def fire(self, moment: str, *, player: str | None = None, cards: Iterable[CardState] | None = None) -> int:
        """6.02: the timed effects of *moment* (a phase of 6.03, or an event such as ``siege_won``):
        every card in the Present with such a trigger (of *player*'s, if given) adds its effect to a
        timeline of its own.  A ghost fires only its ghost abilities, and only a ghost does (11.00.D).
        Returns how many entered.  Without *cards*, only the cards with timed effects are looked at (in the order
        they came into the game, as every card is)."""
        fired = 0
        if cards is None:
            every = self.state.cards
            cards = [every[uid] for uid in self.state.trigger_uids]
        for cs in list(cards):
            if not cs.behaviour.triggers or cs.zone not in IN_PLAY:
                continue
            owner = sem.controller(self.state, cs)
            if player is not None and owner != player:
                continue
            if any(t.at == moment for t in cs.behaviour.triggers):
                by = sem.suppressed(self.state, cs, "abilities")
                if by is not None:  # 6.00: a card whose abilities are suppressed has no timed effect either
                    self.emit("6.02", "suppressed", "MK-TL-EFFECT.suppressed-trigger", {"card": cs.label, "source": by},
                              card=cs.label)
                    continue
            for t in cs.behaviour.triggers:
                if t.at != moment or t.ghost != (cs.ghost is not None):
                    continue
                if t.condition is not None and not sem.condition_holds(self.state, cs, t.condition):
                    continue
                targets: tuple[int, ...] = ()
                if t.targets is not None:
                    probe = Entry(0, "timed", owner, cs.label, source=cs.uid)
                    chosen = self.auto_targets(t.targets, owner, probe)
                    if chosen is None:
                        self.emit("6.02", "no-target", "MK-TL-TRACE.no-target-has-target-timed", {"card": cs.label, "moment": moment}, card=cs.label)
                        continue
                    targets = chosen
                rule = "11.00.B" if t.ghost else "6.02"
                if t.ghost:
                    self.emit(rule, "ghost", "MK-TL-TRACE.ghost-manifests-through-ability", {"card": cs.label, "moment": moment}, card=cs.label)
                entry = self.add_timed(owner, f"{cs.label}: {moment}", cs.uid, t.effect, cs.label)
                entry.targets = targets
                fired += 1
        return fired

    def watchers(self) -> list[CardState]:
        """The cards in the Present with timed effects (6.02), in the order they came into the game: the only
        cards :meth:`fire_event` can fire, so that an event need not look at every card of the game."""
        cards = self.state.cards
        return [cards[u] for u in self.state.trigger_uids if cards[u].zone in IN_PLAY]

    def fire_event(self, moment: str, cause: CardState, cards: Iterable[CardState], *,
                   player: str | None = None) -> int:
        """6.02: *moment* (an event: ``dies``, ``wakes``, ``opponent_summons_event``, …) happened to *cause*: the
        timed effects of *cards* waiting for it enter timelines of their own, after a trace line naming it."""
        waiting = [c for c in cards if c.zone in IN_PLAY and any(t.at == moment for t in c.behaviour.triggers)]
        if not waiting:
            return 0
        en_word, hu_word = words("event", moment)
        self.emit("6.02", "event", "MK-TL-TRACE.event", {"card": cause.label, "moment": en_word, "moment_hu": hu_word},
                  card=cause.label, moment=moment)
        return self.fire(moment, player=player, cards=waiting)

    def auto_targets(self, spec: TargetSpec, player: str, entry: Entry) -> tuple[int, ...] | None:
        """The targets a timed effect takes when no player chooses: the first cards, in the order they came
        into the game, that *spec* allows (korbiro's reading; docs/rulings.md).  None: not enough."""
        want = spec.low or 1
        found = [cs.uid for cs in self.state.cards.values() if sem.admits_target(self.state, spec, cs, player)]
        if len(found) < want:
            return None
        if want > 1:
            self.emit("5.01.B", "targets", "MK-TL-TRACE.targets-line-2", {"found": ', '.join(self.state.cards[u].label for u in found[:want])})
        else:
            self.emit("5.01.B", "targets", "MK-TL-TRACE.targets-target-first-that", {"cards": self.state.cards[found[0]].label})
        return tuple(found[:want])

    def apply_now(self, entry: Entry) -> None:
        """An effect that applies at once, without a timeline of its own (a tower level revealed, 3.01.B)."""
        self.resolvers["timed"](entry)

    def add_timed(self, player: str, label: str, source: int, ops: tuple[Op, ...], what: str,
                  opponents: tuple[str, ...] | None = None) -> Entry:
        """6.02: a timed effect (of card *what*) opens its own timeline and enters it.  Its "one of your opponents"
        (12.00.A) is *opponents*, chosen by the action that caused it, else the next one in seating order."""
        tl = self.open_timeline("timed", player)
        chosen = opponents if opponents is not None else self.table.seating.next_opponent(player, ops)
        entry = self.new_entry("timed", player, label, source=source, ops=ops, target_players=chosen)
        tl.entries.append(entry)
        self.emit("6.02", "add", "MK-TL-TRACE.add-timed-effect-enters", {"seq": entry.seq, "what": what, "number": tl.number},
                  entry=entry.seq, timeline=tl.number, label=entry.label)
        return entry
