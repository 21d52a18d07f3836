"""Deeds that add to a timeline: summoning (5.01), activating, attaching, building, neutralising, copying.

Each deed checks every rule that could forbid it first and raises the
refusal (:func:`~.trace.illegal`) before anything changes; then it pays its
costs and adds its entry to the timeline.  The resolvers of card, attach,
build and neutralise entries say what happens when such an entry unwinds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ....base.errors import IllegalActionError
from ....base.i18n import part
from ....base.text import fold
from ....data.behaviour import Ability
from ....grammar.action import Action
from ....grammar.behaviour import Cost, Op, TargetSpec, parse_effect
from . import semantics as sem
from .abilities import AbilityUse
from .effects import Effects
from .enums import (
    CSATOLT,
    IDOFONAL,
    JELEN,
    KEZ,
    MELYSEG,
    MULT,
    RAKTAR,
    SOR,
    TORONY,
    CardStatus,
    Phase,
    Zone,
)
from .model import IN_PLAY, CardState, Entry
from .rules import COMBAT_PHASES
from .stack import TimelineStack
from .table import Part, Table
from .trace import needs_mp, refused, word_args, words

__all__ = ["ACTIVATE_ZONES", "TARGET_ZONES", "Deeds", "activated_card", "entry_kind"]

#: Where a target may stand: the Present (5.01.B).
TARGET_ZONES: Final = (SOR, JELEN, TORONY, CSATOLT)

#: What a neutralisation may neutralise (a behaviour's ``neutralise KIND``) -> the kinds of entry it takes.
_NEUTRALISES: Final = {"trap": {"trap"}, "beast": {"beast"}, "obstacle": {"trap", "beast", "obstacle"},
                "ability": {"ability"}, "any": {"trap", "beast", "obstacle", "ability", "card", "copy", "timed"}}


#: Where a card whose ability is activated stands (6.01): the Sor, the Present, attached, the tower.
ACTIVATE_ZONES: Final = (SOR, JELEN, CSATOLT, TORONY)


def activated_card(table: Table, player: str, name: str) -> CardState:
    """The card *player* activates when naming *name*: one of their own (6.01: a player activates the
    abilities of the cards they control), the label first, else the name, so "Airun al Marem" is the
    player's own copy even when an opponent's copy bears that label; in Ikerjáték and Két csapat also an
    obstacle of the side (12.00.5 "Bármely játékos aktivizálhatja az akadálylapot").  The engine and the
    listing's :func:`~.legal.matches` resolve an activation's card with this one lookup."""
    try:
        return table.find(name, zones=ACTIVATE_ZONES, player=player, rule="6.01")
    except IllegalActionError as refusal:
        seating = table.seating
        if seating.shares_tower:
            obstacle = _side_obstacle(table, player, name)
            if obstacle is not None:
                return obstacle
        raise refusal from None  # not the player's card: the refusal of the lookup (6.01), not of 12.00.5.5


def _side_obstacle(table: Table, player: str, name: str) -> CardState | None:
    """An obstacle of *player*'s side attached to a tower level, called *name* (12.00.5.5), or None."""
    try:
        cs = table.find(name, zones=(CSATOLT,), rule="12.00.5.5")
    except IllegalActionError:
        return None
    return cs if cs.type == "akadálylap" and table.seating.friendly(player, cs.owner) else None


def _own_phases(cs: CardState) -> tuple[str, ...]:
    """The phases *cs* is summoned in (5.01.A), folded: those printed; none printed, the Sor for an adventurer,
    building, quest, tower level or ally."""
    phases = tuple(fold(p) for p in cs.card.values("phase"))
    if not phases and cs.type in ("kalandozó", "építmény", "küldetés", "toronyszint", "szövetséges"):
        return ("sor",)
    return phases


def _named(cs: CardState) -> bool:
    """Whether *cs* is a named card (``properties: [nevesített]``, 2.02.a)."""
    return "named" in cs.card.properties


def _printed_keys(cs: CardState) -> frozenset[str]:
    """The keys of the keywords *cs*'s card prints (``ÁLLANDÓ``, ``ANTISS "…"``)."""
    return frozenset(k.key for k in cs.card.keywords)


def _extra_mp(cs: CardState) -> int:
    """The MP *cs*'s behaviour adds to its summoning cost (its ``cost: mp N``, 5.01.C)."""
    return sum(c.amount for c in cs.behaviour.cost if c.kind == "mp")


def _restriction_words(cs: CardState) -> tuple[str, str]:
    """An action card's class and sphere restriction as a refusal names them (8.03.E): its classes and sub-classes,
    sorted, and its spheres."""
    return (", ".join(sorted(cs.card.values("class") + cs.card.values("subclass"))),
            ", ".join(str(s) for s in cs.attr("spheres", []) or []))


def entry_kind(cs_of: dict[int, CardState], e: Entry) -> str:
    """What an entry is, for a neutralisation: a trap or beast activation, an obstacle's other activation,
    an ability, a card, a copy or a timed effect."""
    src = cs_of.get(e.source) if e.source is not None else None
    if e.kind == "beast":
        return "beast"
    if e.kind == "ability" and src is not None and src.type == "akadálylap":
        return "trap" if fold(src.card.subtype or "") == "csapda" else "obstacle"
    return e.kind


class Deeds(Part):
    """The deeds of 5.01, 6.01 and 6.05.O, and what their entries do on unwinding."""

    def __init__(self, table: Table, stack: TimelineStack, effects: Effects) -> None:
        super().__init__(table)
        self.stack = stack
        self.effects = effects
        #: summoner uid -> the entries of its unarmed-combat chain (3.05.E)
        self.combo_entries: dict[int, list[Entry]] = {}
        #: which ability, its timing and use limit, the costs that take a card
        self.abilities = AbilityUse(table, stack)

    def summon(self, player: str, a: Action) -> None:
        """The summoning sequence 5.01.A–D (and a combo-chain link, 3.05.E)."""
        assert a.card is not None
        chain = False
        try:
            cs = self.table.find(a.card, zones=(KEZ,), player=player)
        except IllegalActionError:
            cs = self._chain_card(player, a)
            chain = True
        kind_is_quest = cs.type == "küldetés"
        # 5.01.A: reveal, in the card's own phase
        if cs.type == "akadálylap":
            raise refused("MK-TL-OBSTACLE.obstacle-attach-tower", "5.01.E", card=cs.label)
        fast = self._fate_turner(player, cs)
        if not fast:  # SORSFORDÍTÓ: a fast effect, into any open timeline, whatever its phase
            self._check_phase(cs)
        mp_bound = kind_is_quest
        if not fast:
            self.stack.check_not_fast(player, cs)
        self.stack.check_can_add(cs, mp_bound, cs.label, bound_by="3.02.A")  # a quest is summoned MP-bound
        if mp_bound:
            self.table.seating.check_mp_bound(player)
            self.table.seating.check_new_quest()
        if cs.type == "építmény":
            self.table.seating.check_building(player)
        if cs.fact(_named):
            self._naming_rule(player, cs)
        summoner = self._summoner_checks(player, cs, a, chain)
        self._mode_checks(cs, a)
        targets = self._targets(player, cs, a)
        opponents = self.table.seating.choose_opponent(
            player, a.against, cs.label, sem.refers_to_an_opponent(self._ops_for(cs, a) + cs.behaviour.negative
                                                                   + cs.behaviour.on_enter))
        cost, spent_desc = self._cost(player, cs, a, summoner)
        free = a.free or spent_desc[0] == "2.12.a"  # 5.01.C: free is no MP, no condition, no other cost
        condition = self._building_condition(player, cs) if cs.type == "építmény" and not free else None
        self._limit_checks(player, cs)
        if self.table.checked():
            return  # probed: the commit point is reached
        if fast:
            self._turn_fate(player, cs)
        self._revealed(player, cs, summoner, condition, targets)
        self.table.seating.announce_opponent(player, opponents)
        if kind_is_quest:
            self.emit("3.02.A", "quest", "MK-TL-TRACE.quest-summoned-free-openly", {"card": cs.label})
        else:
            self.state.players[player].mp -= cost
            self.emit(spent_desc[0], "pay", spent_desc[1], {"extra": "", **spent_desc[2], "player": player, "cost": cost,
                                                            "left": self.state.players[player].mp})
        if summoner is not None and cs.fact(sem.is_attack):
            summoner.state = "pihenő"
        if cs.zone != IDOFONAL:
            self.table.move(cs, IDOFONAL, owner_zone=cs.owner)
        if cs.controller is None:
            cs.controller = player
        entry = self.stack.new_entry("card", player, cs.label, source=cs.uid,
                               summoner=summoner.uid if summoner else None, targets=targets,
                               x=a.x, mode=a.mode, ops=self._ops_for(cs, a), negative=cs.behaviour.negative,
                               accept=frozenset(targets) if a.accept else frozenset(), roll=a.roll,
                               target_players=opponents)
        if cs.fact(sem.is_mosaic):
            if self.admits("7.00"):
                self.emit("7.00", "mosaic", "MK-TL-TRACE.mosaic", {
                    "player": player, "x": a.x, "form": part("MK-TL-TRACE.mosaic-form", mode=a.mode) if a.mode else ""})
        self.stack.push(entry, deed=True, mp_bound=mp_bound)
        self._entered(player, cs, summoner, entry)
        self.table.after_deed(player, spent_mp=cost > 0)

    def _limit_checks(self, player: str, cs: CardState) -> None:
        """At most 3 quests awaiting solution (3.02.C); one such building (1.14.4)."""
        if cs.type == "küldetés":
            awaiting = sum(1 for u in self.state.players[player].zones[JELEN] if self.state.cards[u].type == "küldetés")
            if awaiting >= 3:
                raise refused("MK-TL-QUEST-LIMIT.already-has-quests", "3.02.C", player=player)
        if cs.type == "építmény" and cs.fact(sem.one_such_building):
            if not self.admits("1.14.4"):
                self.skip("1.14.4", "MK-TL-SKIP.one-such-building", card=cs.label)
            elif self.table.controls_same(player, cs):
                raise refused("MK-TL-ONE-BUILDING.already-controls-second", "1.14.4", player=player, card=cs.name)

    def _revealed(self, player: str, cs: CardState, summoner: CardState | None,
                  condition: tuple[CardState, tuple[str, ...]] | None, targets: tuple[int, ...]) -> None:
        """5.01.A–C said: the card revealed (by its summoner), its condition met, its targets."""
        self.emit("5.01.A", "reveal", "MK-TL-TRACE.reveal", {
            "player": player, "card": cs.label,
            "summoner": part("MK-TL-TRACE.reveal-summoner", summoner=summoner.label) if summoner else ""}, card=cs.label)
        if condition is not None:
            self.emit("5.01.C", "condition", "MK-TL-CONDITION.met", {"card": cs.label, "adventurer": condition[0].label, "words": " ".join(condition[1])}, card=cs.label)
        if targets:
            self.emit("5.01.B", "targets", "MK-TL-TRACE.targets-line", {"targets": ', '.join(self.state.cards[t].label for t in targets)})

    def _entered(self, player: str, cs: CardState, summoner: CardState | None, entry: Entry) -> None:
        """After the card entered the timeline: the opponents' "when an opponent summons an event / a quest"
        (6.02), and a combo chain's count (3.05.E)."""
        moment = {"eseménylap": "opponent_summons_event", "küldetés": "opponent_summons_quest"}.get(cs.type)
        if moment is not None:
            seating = self.table.seating
            others = [c for c in self.stack.watchers() if not seating.friendly(player, sem.controller(self.state, c))]
            self.stack.fire_event(moment, cs, others)
        if summoner is not None and cs.fact(sem.is_unarmed) and self.admits("3.05.E"):
            self.state.combo[summoner.uid] = self.state.combo.get(summoner.uid, 0) + 1
            self.combo_entries.setdefault(summoner.uid, []).append(entry)

    def _naming_rule(self, player: str, cs: CardState) -> None:
        """The naming rule (2.02.a; option ``named_rule``): a named card (``properties: [nevesített]``) is not
        summoned while a card of that name is in play, its player's (``player``, a ghost too: 11.00.F) or
        anyone's (``table``)."""
        reach = self.options["named_rule"]
        if reach == "none":
            return
        for other in self.state.cards.values():
            if other is cs or other.zone not in IN_PLAY or fold(other.name) != fold(cs.name):
                continue
            holder = sem.controller(self.state, other)
            if reach == "table" or holder == player:
                raise refused("MK-TL-NAMED", "2.02.a", card=cs.label, other=other.label, player=holder or player)

    def _building_condition(self, player: str, cs: CardState) -> tuple[CardState, tuple[str, ...]] | None:
        """5.01.C: a building's condition (``requirement:``) is fulfilled by its player: an adventurer of their Sor
        meets one of its alternatives (a ghost fulfils none, 11.00.D).  The adventurer and the alternative met;
        None for a building without a condition.  A free summoning has no condition (the caller's)."""
        if cs.card.requirement is None:
            return None
        sor = [self.state.cards[u] for u in self.state.players[player].zones[Zone.SOR]]
        met = sem.meeting_requirement(cs, sor)
        if met is None:
            raise refused("MK-TL-CONDITION.building", "5.01.C", card=cs.label, condition=cs.card.requirement.render(),
                          player=player, remedy="MK-TL-CONDITION.building-remedy")
        return met

    def _fate_turner(self, player: str, cs: CardState) -> bool:
        """Whether *cs* is summoned now as a fast effect by its SORSFORDÍTÓ (no rule text defines it; korbiro's
        reading, option ``sorsfordito``, cites 6.00): while a timeline is open; with ``behind`` only while *player*
        has fewer DP than an opponent, and once a game.  Otherwise the card keeps its phase (5.01.A, 6.00)."""
        if not cs.fact(sem.is_fate_turner) or self.stack.top is None:
            return False
        if self.options["sorsfordito"] == "fast":
            return True
        mine = self.state.players[player].dp
        behind = any(self.state.players[o].dp > mine for o in self.table.opponents(player))
        return behind and player not in self.state.fate_turned

    def _turn_fate(self, player: str, cs: CardState) -> None:
        if self.options["sorsfordito"] == "behind":
            self.state.fate_turned.add(player)
            self.emit("6.00", "fate", "MK-TL-TRACE.fate-behind", {"player": player, "card": cs.label}, card=cs.label)
            return
        self.emit("6.00", "fate", "MK-TL-TRACE.fate-fast", {"card": cs.label}, card=cs.label)

    def _ops_for(self, cs: CardState, a: Action) -> tuple[Op, ...]:
        """What the summoned card does: the judge's ``hatás`` if given, else its behaviour (in the chosen form)."""
        if a.effect:
            return parse_effect(a.effect)
        b = cs.behaviour
        if b.modes and a.mode:
            for name, ops in b.modes.items():
                if fold(name) == fold(a.mode):
                    return ops
        return b.effect

    def _mode_checks(self, cs: CardState, a: Action) -> None:
        """7.00: a card with forms is summoned in one of its forms, and a card without forms takes none."""
        modes = cs.behaviour.modes
        rule = "7.00" if cs.fact(sem.is_mosaic) else "5.01.C"
        if a.effect:
            return
        if modes and not any(fold(m) == fold(a.mode or "") for m in modes):
            names = ", ".join(modes)
            if a.mode is None:
                raise refused("MK-TL-MODE.summoned-one-forms", rule, card=cs.label, names=names)
            raise refused("MK-TL-MODE.has-form-forms", rule, card=cs.label, mode=a.mode, names=names)
        if not modes and a.mode is not None:
            raise refused("MK-TL-MODE.has-forms-choose", rule, card=cs.label)

    def _chain_card(self, player: str, a: Action) -> CardState:
        """3.05.E: the unarmed attack just used may be summoned again in its chain."""
        assert a.card is not None
        try:
            cs = self.table.find(a.card, zones=(IDOFONAL, MULT), player=player)
        except IllegalActionError:
            raise refused("MK-TL-NOT-IN-HAND.not-hand", "5.01.A", card=a.card, player=player) from None
        if not cs.fact(sem.is_unarmed):
            raise refused("MK-TL-NO-CARD.not-hand", "5.01.A", card=cs.label, player=player)
        return cs

    def _summoner_checks(self, player: str, cs: CardState, a: Action, chain: bool) -> CardState | None:
        """6.01 (awake), 3.05 (icons), 3.05.A (power words), 3.05.E (combo chain), 11.00.D (ghosts)."""
        if cs.type != "akciólap":
            if a.by is not None:
                raise refused("MK-TL-CLAUSE.action-card-adventurer", "6.01", card=cs.label)
            return None
        if a.by is None:  # 3.05: an action card is summoned by an adventurer (the deed's adventurer of 6.01)
            raise refused("MK-TL-SUMMONER.action-card-needs", self.cite("3.05", "6.01"), card=cs.label)
        adv = self.table.find(a.by, zones=(SOR, JELEN), player=player, rule="6.01")
        if adv.ghost is not None:
            raise refused("MK-TL-GHOST.ghost-uses-action", "11.00.D", adv=adv.label)
        if cs.fact(sem.is_unarmed):
            links = self.state.combo.get(adv.uid, 0)
            if links:
                self.require("3.05.E", "MK-TL-WHAT.combination-chain")
                prev = self.combo_entries.get(adv.uid, [])[-1:]
                last = prev[0] if prev else None
                limit = sem.combo_limit(self.state.cards[last.source]) if last and last.source else None
                need = int(self.options["attack_threshold"])
                if last is None or last.roll is None or limit is None or last.roll < max(limit, need):
                    raise refused("MK-TL-COMBO.may-chain-only", "3.05.E", adv=adv.label)
                base = sem.printed_level(adv)
                if links >= base:
                    raise refused("MK-TL-COMBO.base-level-has", "3.05.E", adv=adv.label, base=base, links=links)
                self.emit("3.05.E", "combo", "MK-TL-TRACE.combo-chains-another-unarmed", {"adv": adv.label, "value": links + 1, "base": base})
                return adv
        if chain:
            raise refused("MK-TL-NO-CARD.not-hand", "5.01.A", card=cs.label, player=player)
        if adv.state != CardStatus.EBER and not (self.state.antiss_combat and sem.is_antiss_wizard(self.state, adv)):
            raise refused("MK-TL-NOT-AWAKE.summoning-action-card", "6.01", adv=adv.label, state=adv.state)
        self._restriction_checks(cs, adv)
        if cs.fact(sem.is_power_word):
            if not self.admits("3.05.A"):
                self.skip("3.05.A", "MK-TL-SKIP.power-words")
                return adv
            tongue, source = sem.dialect_of(self.state, adv)
            if tongue is None:
                raise refused("MK-TL-POWER-WORD.has-neither-power", "3.05.A", adv=adv.label)
            if source == "description":
                self.emit("3.05.D", "dialect", "MK-TL-TRACE.dialect-description-nyelv-stands", {"upper": tongue.upper(), "adv": adv.label}, card=adv.label)
            self.emit("3.05.A", "power", "MK-TL-TRACE.power-may-summon-words", {"adv": adv.label, "upper": tongue.upper()})
            return adv
        icons = {fold(i) for i in cs.attr("icons", []) or []}
        if icons:
            if not self.admits("3.05"):
                self.skip("3.05", "MK-TL-SKIP.action-card-icons")
            else:
                mine = {fold(i) for i in adv.attr("icons", []) or []}
                if not icons & mine and not (self.state.antiss_combat and sem.is_antiss_wizard(self.state, adv)):
                    raise refused("MK-TL-ICON.does-not-bear", "3.05", adv=adv.label, card=cs.label, sorted=', '.join(sorted(icons)))
                self.emit("3.05", "icon", "MK-TL-TRACE.icon-bears", {"adv": adv.label, "card": cs.label})
        kind = cs.fact(sem.equipment_kind)
        if kind is not None:
            self.equipment_slot(adv, cs, kind)
        return adv

    def _restriction_checks(self, cs: CardState, adv: CardState) -> None:
        """An action card's class and sphere restriction (8.03.E names it, "kaszt- és szféramegkötés"; cited as
        3.05, the action-card rule, where the format admits it): its summoner has one of its classes or
        sub-classes and one of its spheres (option ``action_restriction``: both, or either suffices).  In antiss
        combat an antiss-wizard summons any combat-phase action card ignoring them (8.03.E)."""
        if not cs.fact(sem.class_restriction) and not cs.fact(sem.sphere_restriction):
            return
        unmet = cs.fact_of(sem.restriction_unmet, adv, self.options["action_restriction"])
        if self.state.antiss_combat and sem.is_antiss_wizard(self.state, adv) \
                and "harc" in {fold(p) for p in cs.card.values("phase")}:
            if unmet:
                self.emit("8.03.E", "restriction", "MK-TL-RESTRICTION.antiss", {"adventurer": adv.label, "card": cs.label},
                          card=cs.label)
            return
        rule = self.cite("3.05", "8.03.E")
        classes, spheres = cs.fact(_restriction_words)
        names = {"adventurer": adv.label, "card": cs.label, "classes": classes, "spheres": spheres}
        either = self.options["action_restriction"] == "either"
        if either and len(unmet) == 2:
            raise refused("MK-TL-RESTRICTION.neither", rule, remedy="MK-TL-RESTRICTION.neither-remedy", **names)
        if unmet:  # the class first, then the sphere
            raise refused(f"MK-TL-RESTRICTION.{unmet[0]}", rule, remedy=f"MK-TL-RESTRICTION.{unmet[0]}-remedy", **names)
        key = "MK-TL-RESTRICTION.either" if either and cs.fact_of(sem.restriction_unmet, adv, "both") else "MK-TL-RESTRICTION.met"
        self.emit(rule, "restriction", key, names, card=cs.label)

    def equipment_slot(self, adv: CardState, cs: CardState, kind: str) -> None:
        """3.05.I: an adventurer may wear an extra weapon instead of a shield."""
        worn = [self.state.cards[u].fact(sem.equipment_kind) for u in adv.attachments]
        if kind in ("pajzs", "hadszer") and self.admits("3.05.I"):
            shields, weapons = worn.count("pajzs"), worn.count("hadszer")
            if (kind == "pajzs" and (shields or weapons >= 2)) or (kind == "hadszer" and weapons >= 2) \
                    or (kind == "hadszer" and shields and weapons >= 1):
                raise refused("MK-TL-EQUIPMENT.already-wears-shield", "3.05.I", adv=adv.label)
        if kind == "vért" and worn.count("vért"):
            raise refused("MK-TL-EQUIPMENT.already-wears-armour", "3.05.I", adv=adv.label)

    def _targets(self, player: str, cs: CardState, a: Action) -> tuple[int, ...]:
        """5.01.B: a card that needs a target cannot be summoned without one; 3.05.B."""
        ops = self._ops_for(cs, a) + cs.behaviour.negative + cs.fact(sem.entering_ops)
        spec = None if a.effect else cs.behaviour.targets
        found = self.pick_targets(player, cs, ops, a.targets, spec, a.x, part("MK-TL-TARGETS.none-needs-target-none"),
                                  one=not a.effect and not cs.fact(sem.is_power_word))
        if len(set(found)) != len(found) and self._distinct_power_word(cs):
            raise refused("MK-TL-DISTINCT.power-word", "3.05.B", card=cs.label)
        return found

    def _distinct_power_word(self, cs: CardState) -> bool:
        """3.05.B: the targets of a power word must differ (a rule more specific than a card's own targets, 5.01.B)."""
        return cs.fact(sem.is_power_word) and self.admits("3.05.B")

    def pick_targets(self, player: str, cs: CardState, ops: tuple[Op, ...], names: tuple[str, ...],
                     spec: TargetSpec | None, x: int | None, none: Mapping[str, Any],
                     zones: tuple[str, ...] = TARGET_ZONES, one: bool = False) -> tuple[int, ...]:
        """5.01.B: the chosen targets: in the Present, of the kind and number the card's ``targets`` allow.  A card
        whose behaviour names no ``targets`` but "the target" takes *one* (a power word may name several, 3.05.B;
        a judge's ``hatás`` as many as it says)."""
        found = tuple(self.table.find(t, zones=zones, rule="5.01.B").uid for t in names)
        if spec is not None:
            for uid in found:
                c = self.state.cards[uid]
                if not sem.admits_target(self.state, spec, c, player):
                    raise refused("MK-TL-TARGET.target-targets", "5.01.B", remedy="MK-TL-TARGET.target-targets-remedy", card=c.label, card2=cs.label, spec=spec.render())
            high = (x or 0) if spec.high == "X" else int(spec.high)
            if len(set(found)) != len(found):
                if self._distinct_power_word(cs):
                    raise refused("MK-TL-DISTINCT.power-word", "3.05.B", card=cs.label)
                raise refused("MK-TL-DISTINCT.targets-must-differ", "5.01.B", card=cs.label)
            if len(found) > high:
                raise refused("MK-TL-TARGETS.targets-chosen-most", "5.01.B", card=cs.label, spec=spec.render(), n_found=len(found), high=high)
            if len(found) < spec.low:
                if not found:
                    raise refused("MK-TL-NO-TARGET.needs", "5.01.B", remedy="MK-TL-NO-TARGET.line-remedy-2", card=cs.label, none=none, spec=spec.render())
                raise refused("MK-TL-TARGETS.targets-only-chosen", "5.01.B", card=cs.label, spec=spec.render(), n_found=len(found))
            return found
        needs = any(op.who == "target" for op in ops)
        if needs and not found:
            raise refused("MK-TL-NO-TARGET.needs", "5.01.B", remedy="MK-TL-NO-TARGET.line-remedy", card=cs.label, none=none)
        if needs and one and len(found) > 1:
            raise refused("MK-TL-TARGETS.one", "5.01.B", card=cs.label, count=len(found))
        if found and not needs:
            raise refused("MK-TL-TARGET.takes-target", "5.01.B", remedy="MK-TL-TARGET.takes-target-remedy", card=cs.label)
        return found

    def _check_phase(self, cs: CardState) -> None:
        """5.01.A: a card is summoned in its own phase; a card printed with several ("Sor/Harc") in any of
        them.  A card without a phase is a Sor card if it is an adventurer, building, quest, tower level or
        ally; a phase other than Sor and harc is not checked here (its timeline opens the window)."""
        refusal: IllegalActionError | None = None
        for phase in cs.fact(_own_phases):
            if phase == "sor" and self.state.phase != Phase.MANEUVERS:
                refusal = refusal or refused("MK-TL-PHASE.sor-phase-card", "5.01.A", card=cs.label, phase=self.state.phase)
            elif phase == "harc" and self.state.phase not in COMBAT_PHASES:
                refusal = refusal or refused("MK-TL-PHASE.combat-phase-card", "5.01.A", card=cs.label, phase=self.state.phase)
            else:
                return  # one of its phases is now
        if refusal is not None:
            raise refusal

    def _cost(self, player: str, cs: CardState, a: Action,
              summoner: CardState | None) -> tuple[int, tuple[str, str, dict[str, Any]]]:
        """5.01.C: the MP requirement (X chosen; modifiers in play; free-ness; ŐSERŐ 2.12.a), and how it is
        paid: the rule, the trace line's template and its arguments beside the payer, cost and MP left."""
        mp = cs.card.mp
        is_x = isinstance(mp, str)
        if is_x and a.x is None:
            raise refused("MK-TL-X.costs-choose", "5.01.C", card=cs.label)
        if a.x is not None and a.x < 0:
            raise refused("MK-TL-X.cannot-negative", "5.01.C")
        if a.x is not None and not is_x and not a.effect:
            raise refused("MK-TL-X.has-choose-mp", "5.01.C", card=cs.label, mp=mp)
        factor = cs.card.mp_x_factor or 1 if is_x else 1  # an NX cost ("3X") is N times the chosen X
        cost = a.x * factor if is_x and a.x is not None else int(mp or 0)
        if cs.type == "küldetés":
            return 0, ("3.02.A", "", {})
        desc: tuple[str, str, dict[str, Any]] = ("5.01.C", "MK-TL-PAY.mp", {})
        if factor > 1:
            desc = ("5.01.C", "MK-TL-PAY.x", {"printed": mp, "x": a.x})
        changes = sem.mp_change(self.state, player, cs, summoner)
        if changes and not a.free:
            change = sum(n for _, n in changes)
            new = max(0, cost + change)
            floor = sem.mp_floor(self.state, player, cs, summoner)
            if floor is not None and new < min(floor[1], cost):
                new = min(floor[1], cost)
                self.emit("5.01.C", "mp-floor", "MK-TL-EFFECT.mp-floor", {"source": floor[0].label, "card": cs.label, "floor": floor[1], "cost": new}, card=cs.label)
            who = ", ".join(f"{src.label} {n:+d}" for src, n in changes)
            desc = ("5.01.C", "MK-TL-PAY.changed", {"required": cost, "who": who})
            cost = new
        extra = cs.fact(_extra_mp)
        if extra and not a.free:
            cost += extra
            desc = (desc[0], desc[1], {**desc[2], "extra": part("MK-TL-PAY.extra", extra=extra)})
        if a.free:
            if is_x:
                raise refused("MK-TL-FREE-X.has-cost-cannot", "5.01.C", card=cs.label)
            cost = 0
            desc = ("5.01.C", "MK-TL-PAY.free", {})
        elif cs.fact(sem.has_osero) and not is_x and cs.type != "küldetés":
            if not self.admits("2.12.a"):
                self.skip("2.12.a", "MK-TL-SKIP.osero-would-make", card=cs.label)
            elif sem.controls_aquir_or_dragon(self.state, player):
                cost = 0
                desc = ("2.12.a", "MK-TL-PAY.osero", {})
        have = self.state.players[player].mp
        if have < cost:
            raise refused("MK-TL-MP.has-mp-cannot", "5.01.D", remedy=needs_mp(cost, have), player=player, have=have, cost=cost, card=cs.label)
        if cs.fact(sem.is_mosaic):
            self.require("7.00", "MK-TL-WHAT.mosaic-spell")
        return cost, desc

    def activate(self, player: str, a: Action) -> None:
        """Activate an ability, an equipment's ability, or a beast (obstacle) against adventurers."""
        assert a.card is not None
        cs = activated_card(self.table, player, a.card)
        if cs.type == "akadálylap":
            self._activate_obstacle(player, cs, a)
            return
        index, ability = self.abilities.pick(cs, a)
        kws = cs.fact(_printed_keys)
        antiss = 'ANTISS "…"' in kws
        if ability is None and not antiss and not a.effect:
            if "ÁLLANDÓ" in kws and a.targets:
                raise refused("MK-TL-CONSTANT.ability-constant-uses", "6.04", card=cs.label)
            if "ÁLLANDÓ" in kws:
                raise refused("MK-TL-CONSTANT.ability-constant-works", "6.00", card=cs.label)
            raise refused("MK-TL-NO-ABILITY.has-ability-activate", "6.01", card=cs.label)
        if cs.ghost is not None:
            raise refused("MK-TL-GHOST.ghost-acts-only", "11.00.D", card=cs.label)
        by = sem.suppressed(self.state, cs, "abilities") if ability is not None else None
        if by is not None:
            raise refused("MK-TL-SUPPRESSED", "6.00", card=cs.label, source=by)
        ops = parse_effect(a.effect) if a.effect else (ability.effect if ability else ())
        sacrifices_one = ability is not None and any(c.kind == "sacrifice" and c.who == "own" for c in ability.cost)
        if a.by is not None and not sacrifices_one:
            raise refused("MK-TL-CLAUSE.activating-ability-takes", "6.01", card=cs.label)
        if a.x is not None and not any(op.amount == "X" for op in ops):
            raise refused("MK-TL-X.ability-has-choose", "5.01.C", card=cs.label)
        costs = ability.cost if ability is not None else ()
        wearer = self.state.cards[cs.attached_to] if cs.attached_to is not None else None
        if ability is not None and not a.effect:
            self.abilities.check_timing(player, cs, index, ability)
            self.abilities.check_limit(cs, index, ability)
        self.stack.check_can_add(cs, False, cs.label)
        victim = self.abilities.check_costs(player, cs, index, ability, a) if ability is not None else None
        if antiss:
            self.require("8.01.B", "MK-TL-WHAT.antiss-ability")
            if not sem.is_antiss_wizard(self.state, cs):
                raise refused("MK-TL-ANTISS.antiss-wizard", "8.01.B", card=cs.label)
            if cs.state != "pihenő":
                raise refused("MK-TL-ANTISS.antiss-abilities-are", "8.02", card=cs.label, state=cs.state)
            if cs.uid in self.state.antiss_acted:
                raise refused("MK-TL-ANTISS-ONCE.has-already-acted", "8.03.C", card=cs.label)
        else:
            self.check_costs(player, cs, costs, wearer)
        if ability is not None and any(op.name == "neutralise" for op in ability.effect) and not a.effect:
            raise refused("MK-TL-NEUTRALISER.neutralises-entry-timeline", "6.00", card=cs.label)
        mp_cost = sum(c.amount for c in costs if c.kind == "mp")
        have = self.state.players[player].mp
        if have < mp_cost:
            raise refused("MK-TL-MP.cannot-pay-mp", "5.01.D", remedy=needs_mp(mp_cost, have), player=player, mp_cost=mp_cost)
        spec = None if a.effect or ability is None else ability.targets
        targets = self.pick_targets(player, cs, ops, a.targets, spec, a.x, part("MK-TL-TARGETS.none-ability-needs-target"), one=not a.effect)
        opponents = self.table.seating.choose_opponent(player, a.against, cs.label, sem.refers_to_an_opponent(ops))
        beast = sem.counts_as_beast(self.state, cs)
        if beast and a.kind == "ability":
            self.require("1.14.7", "MK-TL-WHAT.ability-counts-beast")
        if self.table.checked():
            return  # probed: the commit point is reached
        self.pay_costs(player, cs, costs, wearer)
        self.abilities.pay_costs(cs, ability, victim)
        if ability is not None and not a.effect:
            self.abilities.record_use(cs, index, ability)
        self.table.seating.announce_opponent(player, opponents)
        if antiss:
            self.state.antiss_acted.add(cs.uid)
            self.emit("8.02", "antiss", "MK-TL-TRACE.antiss-activates-ability-while", {"card": cs.label})
        kind = "ability"
        if beast:
            if self.admits("1.14.7"):
                kind = "beast"
                self.emit("1.14.7", "beast", "MK-TL-TRACE.beast-ability-enters-timeline", {"card": cs.label})
            else:
                self.skip("1.14.7", "MK-TL-SKIP.ability-counts-beast", card=cs.label)
        entry = self.stack.new_entry(kind, player, f"{cs.label}: {'antissképesség' if antiss else 'képesség'}", source=cs.uid,
                               summoner=cs.uid if cs.type == "kalandozó" else (wearer.uid if wearer else None),
                               targets=targets, ops=ops, x=a.x, accept=frozenset(targets) if a.accept else frozenset(),
                               target_players=opponents)
        self.stack.push(entry, deed=True)
        self.table.after_deed(player, spent_mp=mp_cost > 0)

    def check_costs(self, player: str, cs: CardState, costs: tuple[Cost, ...], wearer: CardState | None) -> None:
        """6.01, 3.05.L: the parts of an ability's cost can be paid: what is rested must be awake."""
        rests = [c for c in costs if c.kind == "rest"]
        for c in rests:
            if c.who == "wearer" and (wearer is None or wearer.state != CardStatus.EBER):
                raise refused("MK-TL-NOT-AWAKE.wearer-must-meet", "3.05.L", remedy="MK-TL-NOT-AWAKE.wearer-must-meet-remedy", card=cs.label)
            if c.who == "host" and (wearer is None or wearer.state != CardStatus.EBER):
                raise refused("MK-TL-NOT-AWAKE.adventurer-attached-must", "6.01", remedy="MK-TL-NOT-AWAKE.adventurer-attached-must-remedy", card=cs.label)
        if any(c.who in ("wearer", "host") for c in rests):
            return
        if cs.type == "kalandozó" and cs.state != CardStatus.EBER:
            raise refused("MK-TL-NOT-AWAKE.activating-ability-needs", "6.01", remedy="MK-TL-NOT-AWAKE.activating-ability-needs-remedy", card=cs.label, state=cs.state)
        if rests and cs.state == CardStatus.PIHENO:
            raise refused("MK-TL-COST.resting-cannot-pay", "5.01.C", remedy="MK-TL-COST.resting-cannot-pay-remedy", card=cs.label)

    def pay_costs(self, player: str, cs: CardState, costs: tuple[Cost, ...], wearer: CardState | None) -> None:
        """Pay an ability's costs (checked by :meth:`check_costs`): rest, then MP (5.01.C)."""
        for c in costs:
            if c.kind != "rest":
                continue
            payer = cs if c.who == "self" else wearer
            assert payer is not None
            payer.state = "pihenő"
            rule = "3.05.L" if c.who == "wearer" else "6.01"
            self.emit(rule, "cost", "MK-TL-TRACE.cost-becomes-resting", {"payer": payer.label}, card=payer.label)
        mp_cost = sum(c.amount for c in costs if c.kind == "mp")
        if mp_cost:
            self.state.players[player].mp -= mp_cost
            self.emit("5.01.C", "pay", "MK-TL-TRACE.pay-pays-mp", {"player": player, "mp_cost": mp_cost})

    def _activate_obstacle(self, player: str, cs: CardState, a: Action) -> None:
        if cs.built:
            raise refused("MK-TL-MACHINE.built-longer-counts", "10.00.D", card=cs.label)
        if cs.zone != Zone.CSATOLT:
            raise refused("MK-TL-OBSTACLE.not-attached-tower", "5.01.E", card=cs.label)
        ops = parse_effect(a.effect) if a.effect else cs.behaviour.effect
        if a.x is not None:
            raise refused("MK-TL-X.activating-has-choose", "5.01.C", card=cs.label)
        pool = self.obstructed(player, cs)
        self._quest_obstacle(cs)
        spec = None if a.effect else cs.behaviour.targets
        if spec is None and cs.card.subtype == "bestia":
            targets = self._beast_targets(player, cs, a.targets, pool)
        else:
            targets = self.pick_targets(player, cs, ops, a.targets, spec, a.x, part("MK-TL-TARGETS.none-needs-target-adventurer"), zones=(SOR,), one=not a.effect)
        opponents = self.table.seating.choose_opponent(player, a.against, cs.label, sem.refers_to_an_opponent(ops))
        self.stack.check_can_add(cs, False, cs.label)
        mp, changes = self._obstacle_mp(player, cs)
        returned = self._return_cost(player, cs, a)
        have = self.state.players[player].mp
        if have < mp:
            raise refused("MK-TL-MP.activating-costs-mp", self.cite("12.00.5.5", "5.01.C"), remedy=needs_mp(mp, have), card=cs.label, mp=mp, player=player, have=have)
        if self.table.checked():
            return  # probed: the commit point is reached
        if changes:
            self.emit("5.01.C", "mp-change", "MK-TL-TRACE.obstacle-mp", {"card": cs.label, "mp": mp, "printed": cs.card.mp if isinstance(cs.card.mp, int) else 0, "changes": ", ".join(f"{src.label} {n:+d}" for src, n in changes)},
                      card=cs.label)
        if mp:
            self.state.players[player].mp -= mp
            self.emit(self.cite("12.00.5.5", "5.01.C"), "pay", "MK-TL-TRACE.pay-pays-mp-requirement", {"player": player, "card": cs.label, "mp": mp, "mp2": self.state.players[player].mp})
        if returned is not None:
            self.table.leave_team(returned)
            returned.state = "pihenő"
            self.emit("5.01.C", "cost", "MK-TL-TRACE.cost-other-returns-from", {"returned": returned.label}, card=returned.label)
        cs.hidden = False
        self.table.seating.announce_opponent(player, opponents)
        kind = "beast" if cs.card.subtype == "bestia" else "ability"
        entry = self.stack.new_entry(kind, player, f"{cs.label}: aktivizálás", source=cs.uid, targets=targets, ops=ops,
                                     roll=a.roll, target_players=opponents)
        self.emit("5.01.A", "reveal", "MK-TL-TRACE.reveal-reveals-activates", {"player": player, "card": cs.label}, card=cs.label)
        self.stack.push(entry, deed=True)

    def obstructed(self, player: str, cs: CardState) -> list[CardState]:
        """The adventurers the obstacle *cs*, activated by *player*, obstructs: the initiating team of the
        manoeuvre under way against *player*'s side, in its obstacle-activation phase (6.03).  Its own side's
        manoeuvre it does not obstruct (4.01.C: nobody acts against themselves); nor one against another player
        (a siege or capture is obstructed by the side it is against; who may obstruct a quest, 12.00.3.A and
        12.00.2.B say).  A judge's setup in the obstacle-activation phase with no manoeuvre scripted: the
        opponents' adventurers in their Sor (korbiro's reading, docs/rulings.md).  Raises the refusal."""
        seating = self.table.seating
        entry = self.stack.current_maneuver()
        cards = self.state.cards
        run = self.state.maneuver
        if run is not None and run.index >= 0 and run.phase != "akadálylap aktivizálás":
            raise refused("MK-TL-NO-MANOEUVRE.phase", "6.03", card=cs.label, phase=run.phase or "")
        if entry is None:
            if self.state.phase == "akadálylap aktivizálás":
                return [c for c in cards.values() if self.table.in_sor(c) and not seating.friendly(player, sem.controller(self.state, c))]
            raise refused("MK-TL-NO-MANOEUVRE", "6.03", card=cs.label)
        if seating.friendly(player, entry.player):
            raise refused("MK-TL-SELF.obstacle", "4.01.C", card=cs.label, player=entry.player)
        if entry.data.get("type") == "contest" and entry.source is not None:
            against = sem.controller(self.state, cards[entry.source])
            if not seating.friendly(player, against):
                raise refused("MK-TL-NO-MANOEUVRE.other", "6.03", card=cs.label, player=against)
        else:
            seating.check_obstructors(entry.player, {player})
        return [cards[u] for u in entry.data["team"] if cards[u].zone == Zone.SOR and u in self.state.maneuver_team]

    def _quest_obstacle(self, cs: CardState) -> None:
        """An obstacle attached to a quest (AKADÁLYOK, korbiro's reading; 3.01.C the nearest rule) obstructs only
        the solving of that quest."""
        host = self.state.cards[cs.attached_to] if cs.attached_to is not None else None
        if host is None or host.type != "küldetés":
            return
        entry = self.stack.current_maneuver()
        if entry is None or entry.data.get("type") != "quest" or entry.source != host.uid:
            raise refused("MK-TL-OBSTACLE.quest", "3.01.C", card=cs.label, quest=host.label)

    def beast_count(self, pool: list[CardState], cs: CardState | None = None) -> int:
        """How many of the team a beast attacks: one (option ``beast_targets``, 3.05.F "a megtámadott kalandozó"),
        or any of them; a card of SZÁM N beasts (option ``beast_number``) attacks up to N, one each."""
        if self.options["beast_targets"] != "one":
            return max(1, len(pool))
        if cs is not None and self.options["beast_number"] == "beasts":
            return sem.beast_attack(cs)[0]
        return 1

    def _beast_targets(self, player: str, cs: CardState, names: tuple[str, ...], pool: list[CardState]) -> tuple[int, ...]:
        """5.01.B: a beast's targets, among the adventurers of the team it obstructs (:meth:`obstructed`)."""
        found = [self.table.find(n, zones=(SOR,), rule="5.01.B") for n in names]
        team = ", ".join(c.label for c in pool)
        if not found:
            raise refused("MK-TL-NO-TARGET.needs-target-adventurer", "5.01.B", remedy=part("MK-TL-NO-TARGET.remedy-choose-team", team=team) if pool else None, card=cs.label)
        if len({c.uid for c in found}) != len(found):
            raise refused("MK-TL-DISTINCT.targets-must-differ", "5.01.B", card=cs.label)
        for c in found:
            if c in pool:
                continue
            owner = sem.controller(self.state, c)
            if self.table.seating.friendly(player, owner):
                raise refused("MK-TL-SELF.target", "4.01.C", target=c.label, player=owner, card=cs.label)
            raise refused("MK-TL-TARGET.team", "5.01.B", target=c.label, card=cs.label, team=team or "–")
        most = self.beast_count(pool, cs)
        if len(found) > most and most > 1:
            raise refused("MK-TL-TARGETS.beasts", "5.01.B", card=cs.label, count=len(found), most=most)
        if len(found) > most:
            raise refused("MK-TL-TARGETS.beast", "5.01.B", card=cs.label, count=len(found))
        return tuple(c.uid for c in found)

    def _obstacle_mp(self, player: str, cs: CardState) -> tuple[int, list[tuple[CardState, int]]]:
        """12.00.5.5: an obstacle attached at 0 MP (5.01.E) costs its MP requirement when it is activated
        (option ``obstacle_mp``), changed by the constants in play over obstacles (``mp -1 own obstacles``, 5.01.C:
        an obstacle's MP requirement is paid only here), never below 0.  The MP and the changes."""
        if self.options["obstacle_mp"] == "free":
            return 0, []
        mp = cs.card.mp
        printed = int(mp) if isinstance(mp, int) else 0
        changes = sem.mp_change(self.state, player, cs, None)
        return max(0, printed + sum(n for _, n in changes)), changes

    def _return_cost(self, player: str, cs: CardState, a: Action) -> CardState | None:
        """5.01.C other costs: "one of your adventurers returns from the combat to its Sor" (by ``által``)."""
        if not any(c.kind == "return" for c in cs.behaviour.cost):
            if a.by is not None:
                raise refused("MK-TL-COST.activating-takes-adventurer", "5.01.C", card=cs.label)
            return None
        if a.by is None:
            raise refused("MK-TL-COST.activating-costs-one", "5.01.C", remedy="MK-TL-COST.activating-costs-one-remedy", card=cs.label)
        adv = self.table.find(a.by, zones=(SOR,), player=player, rule="5.01.C")
        in_fight = adv.uid in self.state.maneuver_blockers or adv.uid in self.state.maneuver_team
        if adv.type != "kalandozó" or sem.controller(self.state, adv) != player or not in_fight:
            raise refused("MK-TL-COST.not-adventurer-combat", "5.01.C", adv=adv.label, player=player)
        return adv

    def attach(self, player: str, a: Action) -> None:
        """An obstacle to a tower level (5.01.E, 3.01.C), a Csatlós to an adventurer (2.09), or
        equipment from the Raktár (6.01)."""
        assert a.card is not None and a.dest is not None
        # attached from the hand as summoned (5.01.A; an obstacle's attachment takes the same steps, 5.01.E),
        # or from the Raktár (6.01)
        cs = self.table.find(a.card, zones=(KEZ, RAKTAR), player=player, rule="5.01.A")
        dest = self.table.find(a.dest, zones=(TORONY, SOR, JELEN), rule="5.01.B")
        if cs.zone == Zone.RAKTAR:
            if self.state.phase != Phase.MANEUVERS:
                raise refused("MK-TL-PHASE.attaching-from-raktar", "6.01")
            if dest.type != "kalandozó" or dest.controller != player:
                raise refused("MK-TL-ATTACH.attaches-adventurer-yours", "6.01", card=cs.label)
            kind = cs.fact(sem.equipment_kind)
            if kind is not None:
                self.equipment_slot(dest, cs, kind)
            self.stack.check_can_add(cs, False, cs.label)
            if self.table.checked():
                return  # probed: the commit point is reached
            self.table.move(cs, IDOFONAL, owner_zone=cs.owner)
            entry = self.stack.new_entry("attach", player, f"{cs.label} -> {dest.label}", source=cs.uid, targets=(dest.uid,),
                                   data={"equipment": True})
            self.stack.push(entry, deed=True)
            self.table.after_deed(player, spent_mp=False)
            return
        link = sem.csatlos(cs)
        if link is not None and cs.type == "kalandozó":
            self._attach_csatlos(player, cs, dest, link.condition)
            return
        quest = dest.type == "küldetés" and dest.zone == Zone.JELEN
        if cs.type != "akadálylap" or (dest.type != "toronyszint" and not quest):
            raise refused("MK-TL-ATTACH.cannot-attached", "5.01.E", card=cs.label, dest=dest.label)
        if quest:
            self._quest_slots(player, dest)
        elif dest.controller != player and dest.controller != self.table.seating.tower_holder(player):
            raise refused("MK-TL-ATTACH.not-tower-level", "5.01.E", dest=dest.label, player=player)
        elif self.table.obstacles_on(dest) + self._pending_attachments(dest) >= 2:
            raise refused("MK-TL-SLOTS.already-has-obstacles", "3.01.C", dest=dest.label)
        self.stack.check_can_add(cs, False, cs.label)
        if self.table.checked():
            return  # probed: the commit point is reached
        self.emit("5.01.E", "attach", "MK-TL-TRACE.attach-attaches-obstacle-mp", {"player": player, "dest": dest.label})
        cs.hidden = True
        self.table.move(cs, IDOFONAL, owner_zone=cs.owner)
        entry = self.stack.new_entry("attach", player, cs.label, source=cs.uid, targets=(dest.uid,), hidden=True,
                               neutralisable=False)
        self.stack.push(entry, deed=True)
        self.table.after_deed(player, spent_mp=False)

    def _pending_attachments(self, dest: CardState) -> int:
        """The obstacle attachments to *dest* waiting in a timeline (5.01.E: attached on unwinding)."""
        return sum(1 for tl in self.state.timelines for e in tl.entries
                   if e.kind == "attach" and e.targets == (dest.uid,) and not e.data)

    def _quest_slots(self, player: str, quest: CardState) -> None:
        """An obstacle attached to a quest awaiting solution (AKADÁLYOK N, korbiro's reading: no rule text defines
        it, so the refusals cite 3.01.C, the tower level's slots): it obstructs the teams solving the quest, so not
        its own player's quest (4.01.C), and at most N of them (option ``quest_obstacles``)."""
        owner = sem.controller(self.state, quest)
        if owner is not None and self.table.seating.friendly(player, owner):
            raise refused("MK-TL-SELF.quest-obstacle", "4.01.C", quest=quest.label, player=owner)
        slots = sem.obstacle_slots(quest, self.options["quest_obstacles"]) or 0
        if not slots:
            raise refused("MK-TL-SLOTS.no-quest-slots", "3.01.C", quest=quest.label)
        if self.table.obstacles_on(quest) + self._pending_attachments(quest) >= slots:
            raise refused("MK-TL-SLOTS.quest", "3.01.C", quest=quest.label, slots=slots)

    def _attach_csatlos(self, player: str, cs: CardState, host: CardState, condition: str | None) -> None:
        self.require("2.09.c", "MK-TL-WHAT.attaching-csatlos")
        if host.type != "kalandozó" or host.zone != Zone.SOR or host.ghost is not None:
            raise refused("MK-TL-CSATLOS.csatlos-attaches-adventurer", "2.09.c", host=host.label)
        if not sem.meets_condition(host, condition):
            raise refused("MK-TL-CSATLOS.does-not-meet", "2.09.c", host=host.label, condition=condition)
        if self.state.phase != Phase.MANEUVERS:
            raise refused("MK-TL-PHASE.attaching-csatlos-sor", "2.09.d")
        self.stack.check_can_add(cs, True, cs.label, bound_by="2.09.d")
        self.table.seating.check_mp_bound(player)
        if self.table.checked():
            return  # probed: the commit point is reached
        self.emit("2.09.a", "csatlos", "MK-TL-TRACE.csatlos", {
            "card": cs.label, "condition": part("MK-TL-TRACE.csatlos-condition", condition=condition) if condition else ""})
        self.emit("2.09.c", "csatlos", "MK-TL-TRACE.csatlos-meets-condition-may", {"host": host.label, "card": cs.label})
        self.emit("2.09.d", "csatlos", "MK-TL-TRACE.csatlos-sor-phase-mp")
        self.table.move(cs, IDOFONAL, owner_zone=cs.owner)
        entry = self.stack.new_entry("attach", player, f"{cs.label} -> {host.label}", source=cs.uid, targets=(host.uid,),
                               data={"csatlos": True})
        self.stack.push(entry, deed=True, mp_bound=True)
        self.table.after_deed(player, spent_mp=False)

    def build(self, player: str, a: Action) -> None:
        """Ráépítés (10.00.A–D)."""
        assert a.card is not None and a.dest is not None
        self.require("10.00.A", "MK-TL-WHAT.raepites")
        cs = self.table.find(a.card, zones=(KEZ,), player=player, rule="5.01.A")  # built from the hand, as summoned
        mp = sem.raepites(cs)
        if mp is None:
            raise refused("MK-TL-MACHINE.has-raepites-symbol", "10.00.A", card=cs.label)
        host = self.table.find(a.dest, zones=(SOR, CSATOLT, TORONY, JELEN), rule="10.00.B")
        if not sem.buildable_on(host):
            raise refused("MK-TL-MACHINE.raepites-targets-adventurer", "10.00.B", host=host.label, type=host.type)
        have = self.state.players[player].mp
        if have < mp:
            raise refused("MK-TL-MP.cannot-pay-raepites", "5.01.D", remedy=needs_mp(mp, have), player=player, mp=mp)
        self.stack.check_can_add(cs, False, cs.label)
        if self.table.checked():
            return  # probed: the commit point is reached
        self.state.players[player].mp -= mp
        self.emit("10.00.C", "pay", "MK-TL-TRACE.pay-pays-mp-before", {"player": player, "mp": mp, "mp2": cs.card.mp})
        self.table.move(cs, IDOFONAL, owner_zone=cs.owner)
        entry = self.stack.new_entry("build", player, f"{cs.label} -> {host.label}", source=cs.uid, targets=(host.uid,))
        self.stack.push(entry, deed=True)
        self.table.after_deed(player, spent_mp=mp > 0)

    def neutralise(self, player: str, a: Action) -> None:
        """Neutralise an entry of an open timeline: with a card of the player's whose ability
        neutralises such an entry (``forrás``), paying that ability's cost; without one, as a judge's
        supposition ("suppose it was neutralised")."""
        assert a.ref is not None
        tl, target = self.stack.locate(a.ref)
        if not target.neutralisable or target.hidden:
            raise refused("MK-TL-NOT-NEUTRALISABLE.obstacle-attachment-cannot", "5.01.E")
        what = entry_kind(self.state.cards, target)
        src = self.state.cards[target.source] if target.source is not None else None
        # 1.14.7: an adventurer's ability that counts as a beast activation is neutralised only as one
        beast_only = src if src is not None and src.type == "kalandozó" and target.kind == "beast" else None
        with_card, ability, declared = self._neutraliser(player, a, target, what, beast_only)
        if beast_only is not None and declared not in (None, "beast", "any"):
            raise refused("MK-TL-BEAST.only-as-beast", "1.14.7", source=beast_only.label)
        if declared == "beast" and target.kind != "beast":
            raise refused("MK-TL-BEAST.beast-activation", "6.00", seq=target.seq)
        wearer = None
        if with_card is not None and ability is not None:
            wearer = self.state.cards[with_card.attached_to] if with_card.attached_to is not None else None
            self.check_costs(player, with_card, ability.cost, wearer)
            self.abilities.check_limit(with_card, 0, ability)  # a neutraliser used once a round is so here too
            mp_cost = sum(c.amount for c in ability.cost if c.kind == "mp")
            have = self.state.players[player].mp
            if have < mp_cost:
                raise refused("MK-TL-MP.cannot-pay-mp", "5.01.D", remedy=needs_mp(mp_cost, have), player=player, mp_cost=mp_cost)
        if self.table.checked():
            return  # probed: the commit point is reached
        counted = "beast" if target.kind == "beast" else what
        if with_card is not None and ability is not None:
            self.pay_costs(player, with_card, ability.cost, wearer)
            self.abilities.record_use(with_card, 0, ability)
            en, hu = words("kind", counted)
            self.emit("6.00", "neutraliser", "MK-TL-TRACE.neutraliser", {
                "player": player, "seq": target.seq, "card": with_card.label, "kind": en, "kind_hu": hu,
                "rule": " (1.14.7)" if src is not None and src.type == "kalandozó" and counted == "beast" else ""},
                card=with_card.label)
        label = f"semlegesítés @{target.seq}" + (f" ({a.source})" if a.source else "")
        entry = self.stack.new_entry("neutralise", player, label,
                                     data={"target": target.seq, "as": counted if with_card or declared else None})
        self.stack.push(entry)

    def _neutraliser(self, player: str, a: Action, target: Entry, what: str,
                     beast_only: CardState | None) -> tuple[CardState | None, Ability | None, str | None]:
        """The card a neutralisation is made with, its ability, and what it neutralises (or the judge's ``mint``);
        *beast_only*: the adventurer whose ability the target is, neutralised only as a beast activation (1.14.7)."""
        if a.source is None:
            return None, None, a.kind
        card = self.table.find(a.source, zones=tuple(IN_PLAY), player=player, rule="6.01")
        ability = card.behaviour.ability
        step = next((op for op in ability.effect if op.name == "neutralise"), None) if ability is not None else None
        if step is None or ability is None:
            raise refused("MK-TL-NEUTRALISER.has-ability-that", "6.00", card=card.label)
        kind = step.arg or "any"
        if beast_only is not None and "beast" not in _NEUTRALISES[kind]:
            en, hu = words("kind", kind)
            raise refused("MK-TL-BEAST.card", "1.14.7", source=beast_only.label, card=card.label, kind=en, kind_hu=hu)
        if beast_only is not None and a.kind not in (None, "beast"):
            raise refused("MK-TL-BEAST.only-as-beast", "1.14.7", source=beast_only.label)
        if what not in _NEUTRALISES[kind]:
            en, hu = words("kind", kind)
            ten, thu = words("kind", what)
            raise refused("MK-TL-NEUTRALISER.neutralises", "6.00", card=card.label, en=en, seq=target.seq, ten=ten, en_hu=hu, ten_hu=thu)
        if a.kind is not None and a.kind != "beast":
            raise refused("MK-TL-NEUTRALISER.neutralises-text-says", "6.00", card=card.label, kind_words=words("kind", kind)[0], kind_words_hu=words("kind", kind)[1])
        if card.ghost is not None:
            raise refused("MK-TL-GHOST.ghost-acts-only", "11.00.D", card=card.label)
        return card, ability, "beast" if a.kind == "beast" else kind

    def copy(self, player: str, a: Action) -> None:
        """6.05.O: new targets allowed; no costs or conditions; same mode and X; the copier
        adventurer counts as the summoner."""
        assert a.ref is not None
        self.require("6.05.O", "MK-TL-WHAT.copying-effect")
        tl, orig = self.stack.locate(a.ref)
        if orig.hidden or orig.kind in ("attach", "maneuver", "neutralise", "build"):
            raise refused("MK-TL-COPY.not-effect-that", "6.05.O" if not orig.hidden else "5.01.E", seq=orig.seq)
        copier = self.table.find(a.by, zones=(SOR,), player=player, rule="6.05.O") if a.by else None
        targets = tuple(self.table.find(t, zones=(SOR, JELEN, TORONY, CSATOLT), rule="5.01.B").uid
                        for t in a.targets) if a.targets else orig.targets
        if a.x is not None and a.x != orig.x:
            raise refused("MK-TL-COPY.copy-keeps-copied", "6.05.O", x=orig.x)
        if a.mode is not None and fold(a.mode) != fold(orig.mode or ""):
            raise refused("MK-TL-COPY.copy-cannot-choose", "6.05.O")
        # like its targets, the copy's opponent may be chosen anew (6.05.O, 12.00.A)
        opponents = orig.target_players if a.against is None else self.table.seating.choose_opponent(
            player, a.against, orig.label, sem.refers_to_an_opponent(orig.ops))
        if self.table.checked():
            return  # probed: the commit point is reached
        entry = self.stack.new_entry("copy", player, f"{orig.label} (másolat)", source=orig.source,
                               summoner=copier.uid if copier else None, targets=targets, x=orig.x, mode=orig.mode,
                               ops=orig.ops, negative=orig.negative, accept=frozenset(targets) if a.accept else frozenset(),
                               roll=orig.roll, copy_of=orig.seq, target_players=opponents)
        self.emit("6.05.O", "copy", "MK-TL-TRACE.copy", {
            "player": player, "seq": orig.seq, "card": orig.label, "mode": orig.mode, "x": orig.x,
            "targets": part("MK-TL-TRACE.copy-targets", targets=", ".join(self.state.cards[t].label for t in targets))
            if a.targets else "",
            "copier": part("MK-TL-TRACE.copy-summoner", copier=copier.label) if copier else ""})
        self.stack.push(entry)

    def resolve_card(self, e: Entry) -> None:
        assert e.source is not None
        cs = self.state.cards[e.source]
        typ = cs.type
        if typ == "kalandozó":
            cs.state = "éber"
            self.table.move(cs, SOR)
            self.emit("5.01.D", "enters", "MK-TL-TRACE.enters-sor-awake", {"card": cs.label, "controller": cs.controller}, card=cs.label)
            self._timed_enter(cs, e)
            return
        if typ in ("építmény", "küldetés", "szövetséges") or (typ == "eseménylap" and cs.fact(sem.stays_in_present)):
            if typ == "építmény" and cs.fact(sem.one_such_building):
                self.table.one_building(cs, e.player, None)
                if cs.zone != Zone.IDOFONAL:
                    return
            self.table.move(cs, JELEN)
            self.emit("5.01.D", "enters", "MK-TL-TRACE.enters-present", {"card": cs.label, "controller": cs.controller}, card=cs.label)
            self._timed_enter(cs, e)
            return
        if typ == "toronyszint":
            self.table.move(cs, TORONY)
            self.emit("5.01.D", "enters", "MK-TL-TRACE.enters-becomes-topmost-tower", {"card": cs.label, "controller": cs.controller}, card=cs.label)
            return
        total = self.effects.attack_value(cs, e) if cs.fact(sem.is_attack) and e.roll is not None else None
        attacker = self.state.cards[e.summoner] if e.summoner is not None else cs
        need = self.effects.threshold(attacker) if total is not None else int(self.options["attack_threshold"])
        if total is not None and total < need:
            self.emit("3.05.E" if cs.fact(sem.is_unarmed) and self.admits("3.05.E") else "6.00", "miss",
                      "MK-TL-TRACE.miss-attack-roll-below", {"total": total, "need": need, "card": cs.label})
        else:
            self.effects.apply_effect(e)
        kind = cs.fact(sem.equipment_kind)
        if kind is not None and e.summoner is not None:
            wearer = self.state.cards[e.summoner]
            if wearer.zone == Zone.SOR:
                self.table.move(cs, CSATOLT, owner_zone=cs.owner)
                wearer.attachments.append(cs.uid)
                cs.attached_to = wearer.uid
                self.emit("3.05.I", "wears", "MK-TL-TRACE.wears-line", {"wearer": wearer.label, "card": cs.label, "kind": kind}, card=cs.label)
                if kind == "hadszer":
                    self.emit("3.05.J", "item", "MK-TL-TRACE.item-hadszer-counts", {"card": cs.label})
                return
        if cs.zone == Zone.IDOFONAL and cs.fact(sem.stays_in_present):  # an action card of duration végleges (3.01.E)
            self.table.move(cs, JELEN)
            self.emit("5.01.D", "enters", "MK-TL-TRACE.permanent", {"card": cs.label, "player": cs.controller},
                      card=cs.label)
            self._timed_enter(cs, e)
        elif cs.zone == Zone.IDOFONAL:
            self.table.move(cs, MULT)

    def _timed_enter(self, cs: CardState, e: Entry) -> None:
        """6.02: "Jelenbe kerülésekor …", with the opponent (12.00.A) and the targets (5.01.B) its summoning chose."""
        ops = cs.behaviour.on_enter
        if ops:
            timed = self.stack.add_timed(cs.controller or cs.owner, f"{cs.label}: Jelenbe kerülésekor", cs.uid, ops,
                                         cs.label, opponents=e.target_players if sem.refers_to_an_opponent(ops) else ())
            timed.targets = e.targets

    def resolve_attach(self, e: Entry) -> None:
        """An obstacle attaches to its tower level on unwinding (5.01.E; full → attach_overflow)."""
        assert e.source is not None
        cs = self.state.cards[e.source]
        level_cs = self.state.cards[e.targets[0]]
        if e.data.get("csatlos"):
            self.table.attach_to(cs, level_cs)
            cs.controller = None
            self.emit("2.09.e", "attach", "MK-TL-TRACE.attach-attached-good-has", {"card": cs.label, "level_cs": level_cs.label}, card=cs.label)
            self.emit("2.09.f", "gains", "MK-TL-TRACE.gains-abilities-while-attached", {"level_cs": level_cs.label, "card": cs.label})
            return
        if e.data.get("equipment"):
            self.table.attach_to(cs, level_cs)
            self.emit("6.01", "attach", "MK-TL-TRACE.attach-attached-from-raktar", {"card": cs.label, "level_cs": level_cs.label}, card=cs.label)
            return
        zone = JELEN if level_cs.type == "küldetés" else TORONY
        slots = sem.obstacle_slots(level_cs, self.options["quest_obstacles"]) or 0
        if level_cs.zone != zone or self.table.obstacles_on(level_cs) >= slots:
            dest = KEZ if self.options["attach_overflow"] == "hand" else MULT
            cs.hidden = False
            self.table.move(cs, dest)
            self.emit("3.01.C", "overflow", "MK-TL-TRACE.overflow-has-free-obstacle", {"level_cs": level_cs.label, "card": cs.label, **word_args("value", "overflow-to", KEZ if dest == KEZ else MULT)})
            return
        self.table.attach_to(cs, level_cs)
        self.emit("5.01.E", "attach", "MK-TL-TRACE.attach-hidden-obstacle-attached", {"level_cs": level_cs.label}, card=cs.label)
        self.stack.fire_event("obstacle_attached", level_cs, list(self.state.cards.values()))

    def resolve_build(self, e: Entry) -> None:
        assert e.source is not None
        cs = self.state.cards[e.source]
        host = self.state.cards[e.targets[0]]
        if host.zone not in (SOR, CSATOLT, JELEN):
            self.table.move(cs, MULT)
            self.emit("10.00.B", "fizzle", "MK-TL-TRACE.fizzle-gone-goes-mult", {"host": host.label, "card": cs.label})
            return
        self.table.attach_to(cs, host)
        cs.built = True
        self.emit("10.00.D", "built", "MK-TL-TRACE.built-onto-longer-counts", {"card": cs.label, "host": host.label}, card=cs.label)

    def resolve_neutralise(self, e: Entry) -> None:
        target_seq = e.data["target"]
        for tl in self.state.timelines:
            for i, t in enumerate(tl.entries):
                if t.seq == target_seq:
                    del tl.entries[i]
                    self._neutralised(t, e.data.get("as"))
                    return
        self.emit("6.00", "fizzle", "MK-TL-TRACE.fizzle-longer-timeline-nothing", {"target_seq": target_seq})

    def _neutralised(self, t: Entry, counted: str | None = None) -> None:
        dest = MELYSEG if self.options["neutralised_to"] == MELYSEG else MULT
        en, hu = words("kind", counted) if counted else ("", "")
        self.emit("6.00", "neutralised", "MK-TL-TRACE.neutralised", {
            "seq": t.seq, "card": t.label, "kind": part("MK-TL-TRACE.neutralised-as", kind=en, kind_hu=hu) if en else ""},
            entry=t.seq, label=t.label)
        if t.source is None:
            return
        src = self.state.cards[t.source]
        if t.kind in ("card", "build", "attach") and src.zone == Zone.IDOFONAL:
            self.table.to_past(src, dest)
        elif t.kind == "beast" and src.type == "kalandozó":
            self.emit("1.14.7", "spared", "MK-TL-TRACE.spared-neutralised-beast-activation", {"src": src.label}, card=src.label)
        elif t.kind in ("beast", "ability") and src.type == "akadálylap":
            self.table.to_past(src, dest)  # a neutralised obstacle activation: the obstacle goes, as a beast does

