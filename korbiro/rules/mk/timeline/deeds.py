"""Deeds that add to a timeline: summoning (5.01), activating, attaching, building, neutralising, copying.

Each deed checks every rule that could forbid it first and raises the
refusal (:func:`~.trace.illegal`) before anything changes; then it pays its
costs and adds its entry to the timeline.  The resolvers of card, attach,
build and neutralise entries say what happens when such an entry unwinds.
"""

from __future__ import annotations

from ....base.errors import IllegalActionError
from ....base.text import fold
from ....data.behaviour import Ability
from ....grammar.action import Action
from ....grammar.behaviour import Cost, Op, TargetSpec, parse_effect
from . import semantics as sem
from .abilities import AbilityUse
from .effects import Effects
from .enums import CardStatus, Phase, Zone
from .model import IN_PLAY, CardState, Entry
from .rules import COMBAT_PHASES
from .stack import TimelineStack
from .table import Part, Table
from .trace import illegal, needs_mp, refused, says

__all__ = ["ACTIVATE_ZONES", "TARGET_ZONES", "Deeds", "activated_card", "entry_kind"]

#: Where a target may stand: the Present (5.01.B).
TARGET_ZONES = ("sor", "jelen", "torony", "csatolt")

#: What a neutralisation may neutralise (a behaviour's ``neutralise KIND``) -> the kinds of entry it takes.
_NEUTRALISES = {"trap": {"trap"}, "beast": {"beast"}, "obstacle": {"trap", "beast", "obstacle"},
                "ability": {"ability"}, "any": {"trap", "beast", "obstacle", "ability", "card", "copy", "timed"}}
_KIND_WORDS = {"trap": ("a trap activation", "csapda aktivizálása"), "beast": ("a beast activation", "bestia aktivizálása"),
               "obstacle": ("an obstacle activation", "akadálylap aktivizálása"), "ability": ("an ability", "képesség"),
               "card": ("a card", "lap"), "copy": ("a copy", "másolat"), "timed": ("a timed effect", "időzített hatás"),
               "any": ("any effect", "bármely hatás")}


#: Where a card whose ability is activated stands (6.01): the Sor, the Present, attached, the tower.
ACTIVATE_ZONES = ("sor", "jelen", "csatolt", "torony")


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
        cs = table.find(name, zones=("csatolt",), rule="12.00.5.5")
    except IllegalActionError:
        return None
    return cs if cs.type == "akadálylap" and table.seating.friendly(player, cs.owner) else None


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
            cs = self.table.find(a.card, zones=("kez",), player=player)
        except IllegalActionError:
            cs = self._chain_card(player, a)
            chain = True
        kind_is_quest = cs.type == "küldetés"
        # 5.01.A: reveal, in the card's own phase
        if cs.type == "akadálylap":
            raise illegal("MK-TL-OBSTACLE", "5.01.E", f"{cs.label} is an obstacle: attach it to a tower level, or build it on (ráépítés)",
                       f"{cs.label} akadálylap: toronyszinthez csatolható, vagy ráépíthető")
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
        if "named" in cs.card.properties:
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
        self.table.checked()
        if fast:
            self._turn_fate(player, cs)
        self._revealed(player, cs, summoner, condition, targets)
        self.table.seating.announce_opponent(player, opponents)
        if kind_is_quest:
            self.emit("3.02.A", "quest", f"{cs.label} is summoned free and openly, an MP-bound manoeuvre",
                      f"{cs.label} ingyen, nyíltan kerül játékba, MP-kötött manőverként")
        else:
            self.state.players[player].mp -= cost
            self.emit(spent_desc[0], "pay", spent_desc[1].format(player=player, cost=cost, mp=self.state.players[player].mp),
                      spent_desc[2].format(player=player, cost=cost, mp=self.state.players[player].mp))
        if summoner is not None and sem.is_attack(cs):
            summoner.state = "pihenő"
        if cs.zone != "idofonal":
            self.table.move(cs, "idofonal", owner_zone=cs.owner)
        if cs.controller is None:
            cs.controller = player
        entry = self.stack.new_entry("card", player, cs.label, source=cs.uid,
                               summoner=summoner.uid if summoner else None, targets=targets,
                               x=a.x, mode=a.mode, ops=self._ops_for(cs, a), negative=cs.behaviour.negative,
                               accept=frozenset(targets) if a.accept else frozenset(), roll=a.roll,
                               target_players=opponents)
        if sem.is_mosaic(cs):
            if self.admits("7.00"):
                self.emit("7.00", "mosaic", f"{player} chooses the MP spent on the mosaic spell (X = {a.x})" + (f" and its form {a.mode!r}" if a.mode else ""),
                          f"{player} megválasztja a mozaik varázslatra áldozott MP-t (X = {a.x})" + (f" és formáját: {a.mode!r}" if a.mode else ""))
        self.stack.push(entry, deed=True, mp_bound=mp_bound)
        self._entered(player, cs, summoner, entry)
        self.table.after_deed(player, spent_mp=cost > 0)

    def _limit_checks(self, player: str, cs: CardState) -> None:
        """At most 3 quests awaiting solution (3.02.C); one such building (1.14.4)."""
        if cs.type == "küldetés":
            awaiting = sum(1 for u in self.state.players[player].zones["jelen"] if self.state.cards[u].type == "küldetés")
            if awaiting >= 3:
                raise illegal("MK-TL-QUEST-LIMIT", "3.02.C", f"{player} already has 3 quests awaiting solution",
                           f"{player} már 3 megoldásra váró küldetéssel rendelkezik")
        if cs.type == "építmény" and sem.one_such_building(cs):
            if not self.admits("1.14.4"):
                self.skip("1.14.4", f"{cs.label}: one such building", f"{cs.label}: egy ilyen építmény")
            elif self.table.controls_same(player, cs):
                raise illegal("MK-TL-ONE-BUILDING", "1.14.4", f"{player} already controls a {cs.name}: no second such building",
                           f"{player} már irányít egy {cs.name} lapot: újabb ilyen építmény nem hozható játékba")

    def _revealed(self, player: str, cs: CardState, summoner: CardState | None,
                  condition: tuple[CardState, tuple[str, ...]] | None, targets: tuple[int, ...]) -> None:
        """5.01.A–C said: the card revealed (by its summoner), its condition met, its targets."""
        self.emit("5.01.A", "reveal", f"{player} reveals {cs.label}" + (f" (summoner {summoner.label})" if summoner else ""),
                  f"{player} felfedi: {cs.label}" + (f" (leidéző: {summoner.label})" if summoner else ""), card=cs.label)
        if condition is not None:
            self.emit("5.01.C", "condition", *says("MK-TL-CONDITION.met", card=cs.label, adventurer=condition[0].label,
                                                   words=" ".join(condition[1])), card=cs.label)
        if targets:
            self.emit("5.01.B", "targets", f"targets: {', '.join(self.state.cards[t].label for t in targets)}",
                      f"célpontok: {', '.join(self.state.cards[t].label for t in targets)}")

    def _entered(self, player: str, cs: CardState, summoner: CardState | None, entry: Entry) -> None:
        """After the card entered the timeline: the opponents' "when an opponent summons an event / a quest"
        (6.02), and a combo chain's count (3.05.E)."""
        moment = {"eseménylap": "opponent_summons_event", "küldetés": "opponent_summons_quest"}.get(cs.type)
        if moment is not None:
            seating = self.table.seating
            others = [c for c in self.stack.watchers() if not seating.friendly(player, sem.controller(self.state, c))]
            self.stack.fire_event(moment, cs, others)
        if summoner is not None and sem.is_unarmed(cs) and self.admits("3.05.E"):
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
        if not sem.is_fate_turner(cs) or self.stack.top is None:
            return False
        if self.options["sorsfordito"] == "fast":
            return True
        mine = self.state.players[player].dp
        behind = any(self.state.players[o].dp > mine for o in self.table.opponents(player))
        return behind and player not in self.state.fate_turned

    def _turn_fate(self, player: str, cs: CardState) -> None:
        if self.options["sorsfordito"] == "behind":
            self.state.fate_turned.add(player)
            self.emit("6.00", "fate", *says("MK-TL-TRACE.fate-behind", player=player, card=cs.label), card=cs.label)
            return
        self.emit("6.00", "fate", *says("MK-TL-TRACE.fate-fast", card=cs.label), card=cs.label)

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
        rule = "7.00" if sem.is_mosaic(cs) else "5.01.C"
        if a.effect:
            return
        if modes and not any(fold(m) == fold(a.mode or "") for m in modes):
            names = ", ".join(modes)
            if a.mode is None:
                raise illegal("MK-TL-MODE", rule, f"{cs.label} is summoned in one of its forms: choose one (mód \"…\"): {names}",
                              f"{cs.label} valamelyik formájában idézhető le: válassz egyet (mód \"…\"): {names}")
            raise illegal("MK-TL-MODE", rule, f"{cs.label} has no form {a.mode!r}; its forms: {names}",
                          f"{cs.label} lapnak nincs {a.mode!r} formája; formái: {names}")
        if not modes and a.mode is not None:
            raise illegal("MK-TL-MODE", rule, f"{cs.label} has no forms to choose from", f"{cs.label} lapnak nincsenek választható formái")

    def _chain_card(self, player: str, a: Action) -> CardState:
        """3.05.E: the unarmed attack just used may be summoned again in its chain."""
        assert a.card is not None
        try:
            cs = self.table.find(a.card, zones=("idofonal", "mult"), player=player)
        except IllegalActionError:
            raise illegal("MK-TL-NOT-IN-HAND", "5.01.A", f"{a.card!r} is not in {player}'s hand",
                       f"{a.card!r} nincs {player} kezében") from None
        if not sem.is_unarmed(cs):
            raise illegal("MK-TL-NO-CARD", "5.01.A", f"{cs.label} is not in {player}'s hand", f"{cs.label} nincs {player} kezében")
        return cs

    def _summoner_checks(self, player: str, cs: CardState, a: Action, chain: bool) -> CardState | None:
        """6.01 (awake), 3.05 (icons), 3.05.A (power words), 3.05.E (combo chain), 11.00.D (ghosts)."""
        if cs.type != "akciólap":
            if a.by is not None:
                raise illegal("MK-TL-CLAUSE", "6.01", f"{cs.label} is no action card: no adventurer summons it ('by')",
                              f"{cs.label} nem akciólap: nem kalandozó idézi le ('által')")
            return None
        if a.by is None:  # 3.05: an action card is summoned by an adventurer (the deed's adventurer of 6.01)
            raise illegal("MK-TL-SUMMONER", self.cite("3.05", "6.01"), f"the action card {cs.label} needs an adventurer to summon it ('by')",
                       f"a(z) {cs.label} akciólapot kalandozó idézi le ('által')")
        adv = self.table.find(a.by, zones=("sor", "jelen"), player=player, rule="6.01")
        if adv.ghost is not None:
            raise illegal("MK-TL-GHOST", "11.00.D", f"{adv.label} is a ghost: it uses no action cards",
                       f"{adv.label} szellem: nem használhat akciólapot")
        if sem.is_unarmed(cs):
            links = self.state.combo.get(adv.uid, 0)
            if links:
                self.require("3.05.E", "a combination chain", "kombináció-lánc")
                prev = self.combo_entries.get(adv.uid, [])[-1:]
                last = prev[0] if prev else None
                limit = sem.combo_limit(self.state.cards[last.source]) if last and last.source else None
                need = int(self.options["attack_threshold"])
                if last is None or last.roll is None or limit is None or last.roll < max(limit, need):
                    raise illegal("MK-TL-COMBO", "3.05.E", f"{adv.label} may chain only after a successful unarmed attack rolled at least its combination limit",
                               f"{adv.label} csak sikeres, a kombináció határértékét elérő pusztakezes támadás után láncolhat")
                base = sem.printed_level(adv)
                if links >= base:
                    raise illegal("MK-TL-COMBO", "3.05.E", f"{adv.label} (base level {base}) has made {links} attacks in this chain: no more",
                               f"{adv.label} ({base}. alapszint) már {links} támadást tett a láncban: többet nem")
                self.emit("3.05.E", "combo", f"{adv.label} chains another unarmed attack as a fast effect, although it is turned (attack {links + 1} of at most {base})",
                          f"{adv.label} gyors hatásként újabb pusztakezes támadást idéz le elforgatva is ({links + 1}. támadás, legfeljebb {base})")
                return adv
        if chain:
            raise illegal("MK-TL-NO-CARD", "5.01.A", f"{cs.label} is not in {player}'s hand", f"{cs.label} nincs {player} kezében")
        if adv.state != CardStatus.EBER and not (self.state.antiss_combat and sem.is_antiss_wizard(self.state, adv)):
            raise illegal("MK-TL-NOT-AWAKE", "6.01", f"{adv.label} is {adv.state}; summoning an action card needs an awake adventurer",
                       f"{adv.label} {adv.state}; akciólap leidézéséhez éber kalandozó kell")
        self._restriction_checks(cs, adv)
        if sem.is_power_word(cs):
            if not self.admits("3.05.A"):
                self.skip("3.05.A", "power words", "hatalomszavak")
                return adv
            tongue, source = sem.dialect_of(self.state, adv)
            if tongue is None:
                raise illegal("MK-TL-POWER-WORD", "3.05.A", f"{adv.label} has neither the power-word mark nor a dialect",
                           f"{adv.label} nem rendelkezik sem hatalomszó jellel, sem dialektussal")
            if source == "description":
                self.emit("3.05.D", "dialect", f"the description of {tongue.upper()} NYELV stands on {adv.label}: it has that dialect",
                          f"{adv.label} lapon a {tongue.upper()} NYELV leírása áll: azzal a dialektussal rendelkezik", card=adv.label)
            self.emit("3.05.A", "power", f"{adv.label} may summon power words ({tongue.upper()} NYELV)",
                      f"{adv.label} idézhet hatalomszót ({tongue.upper()} NYELV)")
            return adv
        icons = {fold(i) for i in cs.attr("icons", []) or []}
        if icons:
            if not self.admits("3.05"):
                self.skip("3.05", "action-card icons", "akciólap ikonjai")
            else:
                mine = {fold(i) for i in adv.attr("icons", []) or []}
                if not icons & mine and not (self.state.antiss_combat and sem.is_antiss_wizard(self.state, adv)):
                    raise illegal("MK-TL-ICON", "3.05", f"{adv.label} does not bear the icon of {cs.label} ({', '.join(sorted(icons))})",
                               f"{adv.label} nem rendelkezik {cs.label} ikonjával ({', '.join(sorted(icons))})")
                self.emit("3.05", "icon", f"{adv.label} bears the icon of {cs.label}", f"{adv.label} rendelkezik {cs.label} ikonjával")
        kind = sem.equipment_kind(cs)
        if kind is not None:
            self.equipment_slot(adv, cs, kind)
        return adv

    def _restriction_checks(self, cs: CardState, adv: CardState) -> None:
        """An action card's class and sphere restriction (8.03.E names it, "kaszt- és szféramegkötés"; cited as
        3.05, the action-card rule, where the format admits it): its summoner has one of its classes or
        sub-classes and one of its spheres (option ``action_restriction``: both, or either suffices).  In antiss
        combat an antiss-wizard summons any combat-phase action card ignoring them (8.03.E)."""
        if not sem.class_restriction(cs) and not sem.sphere_restriction(cs):
            return
        unmet = sem.restriction_unmet(cs, adv, self.options["action_restriction"])
        if self.state.antiss_combat and sem.is_antiss_wizard(self.state, adv) \
                and "harc" in {fold(p) for p in cs.card.values("phase")}:
            if unmet:
                self.emit("8.03.E", "restriction", *says("MK-TL-RESTRICTION.antiss", adventurer=adv.label, card=cs.label),
                          card=cs.label)
            return
        rule = self.cite("3.05", "8.03.E")
        names = {"adventurer": adv.label, "card": cs.label,
                 "classes": ", ".join(sorted(cs.card.values("class") + cs.card.values("subclass"))),
                 "spheres": ", ".join(str(s) for s in cs.attr("spheres", []) or [])}
        either = self.options["action_restriction"] == "either"
        if either and len(unmet) == 2:
            raise refused("MK-TL-RESTRICTION.neither", rule, remedy="MK-TL-RESTRICTION.neither-remedy", **names)
        if unmet:  # the class first, then the sphere
            raise refused(f"MK-TL-RESTRICTION.{unmet[0]}", rule, remedy=f"MK-TL-RESTRICTION.{unmet[0]}-remedy", **names)
        key = "MK-TL-RESTRICTION.either" if either and sem.restriction_unmet(cs, adv, "both") else "MK-TL-RESTRICTION.met"
        self.emit(rule, "restriction", *says(key, **names), card=cs.label)

    def equipment_slot(self, adv: CardState, cs: CardState, kind: str) -> None:
        """3.05.I: an adventurer may wear an extra weapon instead of a shield."""
        worn = [sem.equipment_kind(self.state.cards[u]) for u in adv.attachments]
        if kind in ("pajzs", "hadszer") and self.admits("3.05.I"):
            shields, weapons = worn.count("pajzs"), worn.count("hadszer")
            if (kind == "pajzs" and (shields or weapons >= 2)) or (kind == "hadszer" and weapons >= 2) \
                    or (kind == "hadszer" and shields and weapons >= 1):
                raise illegal("MK-TL-EQUIPMENT", "3.05.I", f"{adv.label} already wears a shield or an extra weapon",
                           f"{adv.label} már visel pajzsot vagy kiegészítő fegyvert")
        if kind == "vért" and worn.count("vért"):
            raise illegal("MK-TL-EQUIPMENT", "3.05.I", f"{adv.label} already wears armour", f"{adv.label} már visel vértet")

    def _targets(self, player: str, cs: CardState, a: Action) -> tuple[int, ...]:
        """5.01.B: a card that needs a target cannot be summoned without one; 3.05.B."""
        ops = self._ops_for(cs, a) + cs.behaviour.negative + sem.entering_ops(cs)
        spec = None if a.effect else cs.behaviour.targets
        found = self.pick_targets(player, cs, ops, a.targets, spec, a.x, "needs a target and none was chosen",
                                  "célpontot igényel, de nincs választott célpont",
                                  one=not a.effect and not sem.is_power_word(cs))
        if len(set(found)) != len(found) and self._distinct_power_word(cs):
            raise refused("MK-TL-DISTINCT.power-word", "3.05.B", card=cs.label)
        return found

    def _distinct_power_word(self, cs: CardState) -> bool:
        """3.05.B: the targets of a power word must differ (a rule more specific than a card's own targets, 5.01.B)."""
        return sem.is_power_word(cs) and self.admits("3.05.B")

    def pick_targets(self, player: str, cs: CardState, ops: tuple[Op, ...], names: tuple[str, ...],
                     spec: TargetSpec | None, x: int | None, none_en: str, none_hu: str,
                     zones: tuple[str, ...] = TARGET_ZONES, one: bool = False) -> tuple[int, ...]:
        """5.01.B: the chosen targets: in the Present, of the kind and number the card's ``targets`` allow.  A card
        whose behaviour names no ``targets`` but "the target" takes *one* (a power word may name several, 3.05.B;
        a judge's ``hatás`` as many as it says)."""
        found = tuple(self.table.find(t, zones=zones, rule="5.01.B").uid for t in names)
        if spec is not None:
            for uid in found:
                c = self.state.cards[uid]
                if not sem.admits_target(self.state, spec, c, player):
                    raise illegal("MK-TL-TARGET", "5.01.B", f"{c.label} is no target of {cs.label}: it targets {spec.render()}",
                                  f"{c.label} nem lehet {cs.label} célpontja: célpontja {spec.render()}",
                                  remedy=(f"choose {spec.render()}", f"válassz célpontot: {spec.render()}"))
            high = (x or 0) if spec.high == "X" else int(spec.high)
            if len(set(found)) != len(found):
                if self._distinct_power_word(cs):
                    raise refused("MK-TL-DISTINCT.power-word", "3.05.B", card=cs.label)
                raise illegal("MK-TL-DISTINCT", "5.01.B", f"the targets of {cs.label} must differ",
                              f"{cs.label} célpontjainak különbözőknek kell lenniük")
            if len(found) > high:
                raise illegal("MK-TL-TARGETS", "5.01.B", f"{cs.label} targets {spec.render()}: {len(found)} chosen, at most {high}",
                              f"{cs.label} célpontja {spec.render()}: {len(found)} választva, legfeljebb {high}")
            if len(found) < spec.low:
                if not found:
                    raise illegal("MK-TL-NO-TARGET", "5.01.B", f"{cs.label} {none_en}", f"{cs.label} {none_hu}",
                                  remedy=(f"choose {spec.render()}", f"válassz célpontot: {spec.render()}"))
                raise illegal("MK-TL-TARGETS", "5.01.B", f"{cs.label} targets {spec.render()}: only {len(found)} chosen",
                              f"{cs.label} célpontja {spec.render()}: csak {len(found)} választva")
            return found
        needs = any(op.who == "target" for op in ops)
        if needs and not found:
            raise illegal("MK-TL-NO-TARGET", "5.01.B", f"{cs.label} {none_en}", f"{cs.label} {none_hu}",
                          remedy=("choose a target (célpont \"…\")", "válassz célpontot (célpont \"…\")"))
        if needs and one and len(found) > 1:
            raise refused("MK-TL-TARGETS.one", "5.01.B", card=cs.label, count=len(found))
        if found and not needs:
            raise illegal("MK-TL-TARGET", "5.01.B", f"{cs.label} takes no target", f"{cs.label} nem céloz",
                          remedy=("name no target", "ne nevezz meg célpontot"))
        return found

    def _check_phase(self, cs: CardState) -> None:
        """5.01.A: a card is summoned in its own phase; a card printed with several ("Sor/Harc") in any of
        them.  A card without a phase is a Sor card if it is an adventurer, building, quest, tower level or
        ally; a phase other than Sor and harc is not checked here (its timeline opens the window)."""
        phases = [fold(p) for p in cs.card.values("phase")]
        if not phases and cs.type in ("kalandozó", "építmény", "küldetés", "toronyszint", "szövetséges"):
            phases = ["sor"]
        refusal: IllegalActionError | None = None
        for phase in phases:
            if phase == "sor" and self.state.phase != Phase.MANEUVERS:
                refusal = refusal or illegal(
                    "MK-TL-PHASE", "5.01.A", f"{cs.label} is a Sor-phase card; the phase is {self.state.phase}",
                    f"{cs.label} Sor fázisú lap; most {self.state.phase} fázis van")
            elif phase == "harc" and self.state.phase not in COMBAT_PHASES:
                refusal = refusal or illegal(
                    "MK-TL-PHASE", "5.01.A", f"{cs.label} is a combat-phase card; the phase is {self.state.phase}",
                    f"{cs.label} harc fázisú lap; most {self.state.phase} fázis van")
            else:
                return  # one of its phases is now
        if refusal is not None:
            raise refusal

    def _cost(self, player: str, cs: CardState, a: Action,
              summoner: CardState | None) -> tuple[int, tuple[str, str, str]]:
        """5.01.C: the MP requirement (X chosen; modifiers in play; free-ness; ŐSERŐ 2.12.a)."""
        mp = cs.card.mp
        is_x = isinstance(mp, str)
        if is_x and a.x is None:
            raise illegal("MK-TL-X", "5.01.C", f"{cs.label} costs X: choose X ('x N')", f"{cs.label} X-es lap: válassz X-et ('x N')")
        if a.x is not None and a.x < 0:
            raise illegal("MK-TL-X", "5.01.C", "X cannot be negative", "X nem lehet negatív")
        if a.x is not None and not is_x and not a.effect:
            raise illegal("MK-TL-X", "5.01.C", f"{cs.label} has no X to choose (its MP is {mp})",
                          f"{cs.label} lapon nincs választható X (MP-je {mp})")
        factor = cs.card.mp_x_factor or 1 if is_x else 1  # an NX cost ("3X") is N times the chosen X
        cost = a.x * factor if is_x and a.x is not None else int(mp or 0)
        if cs.type == "küldetés":
            return 0, ("3.02.A", "", "")
        desc = ("5.01.C", "{player} pays {cost} MP ({mp} left)", "{player} {cost} MP-t fizet (marad {mp})")
        if factor > 1:
            desc = ("5.01.C", f"{{player}} pays {{cost}} MP: {mp} with X = {a.x} ({{mp}} left)",
                    f"{{player}} {{cost}} MP-t fizet: {mp}, X = {a.x} (marad {{mp}})")
        changes = sem.mp_change(self.state, player, cs, summoner)
        if changes and not a.free:
            change = sum(n for _, n in changes)
            new = max(0, cost + change)
            floor = sem.mp_floor(self.state, player, cs, summoner)
            if floor is not None and new < min(floor[1], cost):
                new = min(floor[1], cost)
                self.emit("5.01.C", "mp-floor", *says("MK-TL-EFFECT.mp-floor", source=floor[0].label, card=cs.label,
                                                      floor=floor[1], cost=new), card=cs.label)
            who = ", ".join(f"{src.label} {n:+d}" for src, n in changes)
            desc = ("5.01.C", f"{{player}} pays {{cost}} MP: the MP requirement {cost} changed by {who} ({{mp}} left)",
                    f"{{player}} {{cost}} MP-t fizet: a(z) {cost} MP-igényt módosítja: {who} (marad {{mp}})")
            cost = new
        extra = sum(c.amount for c in cs.behaviour.cost if c.kind == "mp")
        if extra and not a.free:
            cost += extra
            desc = (desc[0], desc[1].replace("({mp} left)", f"with {extra} MP of other costs ({{mp}} left)"),
                    desc[2].replace("(marad {mp})", f"{extra} MP egyéb költséggel (marad {{mp}})"))
        if a.free:
            if is_x:
                raise illegal("MK-TL-FREE-X", "5.01.C", f"{cs.label} has an X cost: it cannot be made free",
                           f"{cs.label} X-es MP-igényű: nem tehető ingyenessé")
            cost = 0
            desc = ("5.01.C", "{player} summons it free: no MP, condition or other cost",
                    "{player} ingyen idézi le: nincs MP, feltétel, egyéb költség")
        elif sem.has_osero(cs) and not is_x and cs.type != "küldetés":
            if not self.admits("2.12.a"):
                self.skip("2.12.a", f"ŐSERŐ would make {cs.label} free", f"az ŐSERŐ ingyenessé tenné: {cs.label}")
            elif sem.controls_aquir_or_dragon(self.state, player):
                cost = 0
                desc = ("2.12.a", "{player} controls an aquir or dragon adventurer: ŐSERŐ makes it free (no MP, condition or cost)",
                        "{player} aquir vagy sárkány kalandozót irányít: az ŐSERŐ ingyenessé teszi")
        have = self.state.players[player].mp
        if have < cost:
            raise illegal("MK-TL-MP", "5.01.D", f"{player} has {have} MP and cannot pay {cost}: {cs.label} never enters the timeline",
                       f"{player} {have} MP-vel nem tud {cost}-t fizetni: {cs.label} nem kerül időfonalba",
                       remedy=needs_mp(cost, have))
        if sem.is_mosaic(cs):
            self.require("7.00", "a mosaic spell", "mozaik varázslat")
        return cost, desc

    def activate(self, player: str, a: Action) -> None:
        """Activate an ability, an equipment's ability, or a beast (obstacle) against adventurers."""
        assert a.card is not None
        cs = activated_card(self.table, player, a.card)
        if cs.type == "akadálylap":
            self._activate_obstacle(player, cs, a)
            return
        index, ability = self.abilities.pick(cs, a)
        kws = {k.key for k in cs.card.keywords}
        antiss = 'ANTISS "…"' in kws
        if ability is None and not antiss and not a.effect:
            if "ÁLLANDÓ" in kws and a.targets:
                raise illegal("MK-TL-CONSTANT", "6.04", f"{cs.label}'s ability is constant: it uses no timeline, so it cannot target",
                           f"{cs.label} képessége állandó: időfonalat nem használ, így nem céloz")
            if "ÁLLANDÓ" in kws:
                raise illegal("MK-TL-CONSTANT", "6.00", f"{cs.label}'s ability is constant: it works without activation and uses no timeline",
                           f"{cs.label} képessége állandó: aktivizálás nélkül hat, időfonalat nem használ")
            raise illegal("MK-TL-NO-ABILITY", "6.01", f"{cs.label} has no ability to activate", f"{cs.label} lapnak nincs aktivizálható képessége")
        if cs.ghost is not None:
            raise illegal("MK-TL-GHOST", "11.00.D", f"{cs.label} is a ghost: it acts only through its ghost abilities",
                       f"{cs.label} szellem: csak szellemképességgel nyilvánulhat meg")
        by = sem.suppressed(self.state, cs, "abilities") if ability is not None else None
        if by is not None:
            raise refused("MK-TL-SUPPRESSED", "6.00", card=cs.label, source=by)
        ops = parse_effect(a.effect) if a.effect else (ability.effect if ability else ())
        sacrifices_one = ability is not None and any(c.kind == "sacrifice" and c.who == "own" for c in ability.cost)
        if a.by is not None and not sacrifices_one:
            raise illegal("MK-TL-CLAUSE", "6.01", f"activating {cs.label}'s ability takes no adventurer ('by')",
                          f"{cs.label} képességének aktivizálásához nem kell kalandozó ('által')")
        if a.x is not None and not any(op.amount == "X" for op in ops):
            raise illegal("MK-TL-X", "5.01.C", f"{cs.label}'s ability has no X to choose", f"{cs.label} képességében nincs választható X")
        costs = ability.cost if ability is not None else ()
        wearer = self.state.cards[cs.attached_to] if cs.attached_to is not None else None
        if ability is not None and not a.effect:
            self.abilities.check_timing(player, cs, index, ability)
            self.abilities.check_limit(cs, index, ability)
        self.stack.check_can_add(cs, False, cs.label)
        victim = self.abilities.check_costs(player, cs, index, ability, a) if ability is not None else None
        if antiss:
            self.require("8.01.B", "an antiss ability", "antissképesség")
            if not sem.is_antiss_wizard(self.state, cs):
                raise illegal("MK-TL-ANTISS", "8.01.B", f"{cs.label} is no antiss-wizard", f"{cs.label} nem antissvarázsló")
            if cs.state != "pihenő":
                raise illegal("MK-TL-ANTISS", "8.02", f"antiss abilities are activated while resting; {cs.label} is {cs.state}",
                           f"antissképesség pihenő helyzetben aktivizálható; {cs.label} {cs.state}")
            if cs.uid in self.state.antiss_acted:
                raise illegal("MK-TL-ANTISS-ONCE", "8.03.C", f"{cs.label} has already acted on the antiss this round",
                           f"{cs.label} ebben a fordulóban már cselekedett az antisson")
        else:
            self.check_costs(player, cs, costs, wearer)
        if ability is not None and any(op.name == "neutralise" for op in ability.effect) and not a.effect:
            raise illegal("MK-TL-NEUTRALISER", "6.00", f"{cs.label} neutralises an entry of a timeline: name it (semlegesít @N forrás \"{cs.label}\")",
                          f"{cs.label} egy időfonal bejegyzését semlegesíti: nevezd meg (semlegesít @N forrás \"{cs.label}\")")
        mp_cost = sum(c.amount for c in costs if c.kind == "mp")
        have = self.state.players[player].mp
        if have < mp_cost:
            raise illegal("MK-TL-MP", "5.01.D", f"{player} cannot pay {mp_cost} MP", f"{player} nem tud {mp_cost} MP-t fizetni",
                          remedy=needs_mp(mp_cost, have))
        spec = None if a.effect or ability is None else ability.targets
        targets = self.pick_targets(player, cs, ops, a.targets, spec, a.x, "'s ability needs a target",
                                    "képessége célpontot igényel", one=not a.effect)
        opponents = self.table.seating.choose_opponent(player, a.against, cs.label, sem.refers_to_an_opponent(ops))
        beast = sem.counts_as_beast(self.state, cs)
        if beast and a.kind == "ability":
            self.require("1.14.7", "an ability that counts as a beast activation", "bestia aktivizálásnak minősülő képesség")
        self.table.checked()
        self.pay_costs(player, cs, costs, wearer)
        self.abilities.pay_costs(cs, ability, victim)
        if ability is not None and not a.effect:
            self.abilities.record_use(cs, index, ability)
        self.table.seating.announce_opponent(player, opponents)
        if antiss:
            self.state.antiss_acted.add(cs.uid)
            self.emit("8.02", "antiss", f"{cs.label} activates an antiss ability while resting",
                      f"{cs.label} pihenő helyzetben aktivizál antissképességet")
        kind = "ability"
        if beast:
            if self.admits("1.14.7"):
                kind = "beast"
                self.emit("1.14.7", "beast", f"the ability of {cs.label} enters the timeline only as a beast activation",
                          f"{cs.label} képessége csak bestia aktivizálásként kerül az időfonalba")
            else:
                self.skip("1.14.7", f"{cs.label}: the ability counts as a beast activation", f"{cs.label}: bestia aktivizálásnak minősül")
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
                raise illegal("MK-TL-NOT-AWAKE", "3.05.L", f"the wearer of {cs.label} must meet the activation's condition (be awake)",
                           f"{cs.label} viselőjének kell teljesítenie az aktivizálás feltételét (éber helyzet)",
                           remedy=("needs an awake wearer", "éber viselő kell"))
            if c.who == "host" and (wearer is None or wearer.state != CardStatus.EBER):
                raise illegal("MK-TL-NOT-AWAKE", "6.01", f"the adventurer {cs.label} is attached to must be awake",
                           f"a kalandozónak, amelyhez {cs.label} csatolva van, ébernek kell lennie",
                           remedy=("needs an awake host", "éber gazdakalandozó kell"))
        if any(c.who in ("wearer", "host") for c in rests):
            return
        if cs.type == "kalandozó" and cs.state != CardStatus.EBER:
            raise illegal("MK-TL-NOT-AWAKE", "6.01", f"{cs.label} is {cs.state}; activating its ability needs it awake",
                       f"{cs.label} {cs.state}; képessége aktivizálásához ébernek kell lennie", remedy=(f"needs {cs.label} awake", f"{cs.label} legyen éber"))
        if rests and cs.state == CardStatus.PIHENO:
            raise illegal("MK-TL-COST", "5.01.C", f"{cs.label} is resting: resting it cannot pay the cost",
                          f"{cs.label} pihenő helyzetben van: pihentetése nem fedezheti a költséget", remedy=(f"needs {cs.label} awake", f"{cs.label} legyen éber"))

    def pay_costs(self, player: str, cs: CardState, costs: tuple[Cost, ...], wearer: CardState | None) -> None:
        """Pay an ability's costs (checked by :meth:`check_costs`): rest, then MP (5.01.C)."""
        for c in costs:
            if c.kind != "rest":
                continue
            payer = cs if c.who == "self" else wearer
            assert payer is not None
            payer.state = "pihenő"
            rule = "3.05.L" if c.who == "wearer" else "6.01"
            self.emit(rule, "cost", f"cost: {payer.label} becomes resting", f"költség: {payer.label} pihenő helyzetbe kerül", card=payer.label)
        mp_cost = sum(c.amount for c in costs if c.kind == "mp")
        if mp_cost:
            self.state.players[player].mp -= mp_cost
            self.emit("5.01.C", "pay", f"{player} pays {mp_cost} MP", f"{player} {mp_cost} MP-t fizet")

    def _activate_obstacle(self, player: str, cs: CardState, a: Action) -> None:
        if cs.built:
            raise illegal("MK-TL-MACHINE", "10.00.D", f"{cs.label} is built on and no longer counts as an obstacle",
                       f"{cs.label} ráépítve már nem minősül akadálylapnak")
        if cs.zone != Zone.CSATOLT:
            raise illegal("MK-TL-OBSTACLE", "5.01.E", f"{cs.label} is not attached to a tower level", f"{cs.label} nincs toronyszinthez csatolva")
        ops = parse_effect(a.effect) if a.effect else cs.behaviour.effect
        if a.x is not None:
            raise illegal("MK-TL-X", "5.01.C", f"activating {cs.label} has no X to choose", f"{cs.label} aktivizálásában nincs választható X")
        pool = self.obstructed(player, cs)
        self._quest_obstacle(cs)
        spec = None if a.effect else cs.behaviour.targets
        if spec is None and cs.card.subtype == "bestia":
            targets = self._beast_targets(player, cs, a.targets, pool)
        else:
            targets = self.pick_targets(player, cs, ops, a.targets, spec, a.x, "needs a target adventurer",
                                        "célpont kalandozót igényel", zones=("sor",), one=not a.effect)
        opponents = self.table.seating.choose_opponent(player, a.against, cs.label, sem.refers_to_an_opponent(ops))
        self.stack.check_can_add(cs, False, cs.label)
        mp, changes = self._obstacle_mp(player, cs)
        returned = self._return_cost(player, cs, a)
        have = self.state.players[player].mp
        if have < mp:
            raise illegal("MK-TL-MP", self.cite("12.00.5.5", "5.01.C"), f"activating {cs.label} costs its MP requirement {mp} (12.00.5.5); {player} has {have}",
                          f"{cs.label} aktivizálása MP-igényébe kerül ({mp}); {player} MP-je {have}",
                          remedy=needs_mp(mp, have))
        self.table.checked()
        if changes:
            self.emit("5.01.C", "mp-change", *says("MK-TL-TRACE.obstacle-mp", card=cs.label, mp=mp,
                                                   printed=cs.card.mp if isinstance(cs.card.mp, int) else 0,
                                                   changes=", ".join(f"{src.label} {n:+d}" for src, n in changes)),
                      card=cs.label)
        if mp:
            self.state.players[player].mp -= mp
            self.emit(self.cite("12.00.5.5", "5.01.C"), "pay", f"{player} pays the MP requirement of {cs.label}, {mp} MP, to activate it (12.00.5.5; {self.state.players[player].mp} left)",
                      f"{player} kifizeti {cs.label} MP-igényét, {mp} MP-t, az aktivizáláshoz (12.00.5.5; marad {self.state.players[player].mp})")
        if returned is not None:
            self.table.leave_team(returned)
            returned.state = "pihenő"
            self.emit("5.01.C", "cost", f"other cost: {returned.label} returns from the combat to its Sor, resting",
                      f"egyéb költség: {returned.label} a harcból pihenő helyzetben visszatér a Sorába", card=returned.label)
        cs.hidden = False
        self.table.seating.announce_opponent(player, opponents)
        kind = "beast" if cs.card.subtype == "bestia" else "ability"
        entry = self.stack.new_entry(kind, player, f"{cs.label}: aktivizálás", source=cs.uid, targets=targets, ops=ops,
                                     roll=a.roll, target_players=opponents)
        self.emit("5.01.A", "reveal", f"{player} reveals and activates {cs.label}", f"{player} felfedi és aktivizálja: {cs.label}", card=cs.label)
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
        found = [self.table.find(n, zones=("sor",), rule="5.01.B") for n in names]
        team = ", ".join(c.label for c in pool)
        if not found:
            raise illegal("MK-TL-NO-TARGET", "5.01.B", f"{cs.label} needs a target adventurer", f"{cs.label} célpont kalandozót igényel",
                          remedy=(f"choose {team}", f"válassz célpontot: {team}") if pool else None)
        if len({c.uid for c in found}) != len(found):
            raise illegal("MK-TL-DISTINCT", "5.01.B", f"the targets of {cs.label} must differ",
                          f"{cs.label} célpontjainak különbözőknek kell lenniük")
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
                raise illegal("MK-TL-COST", "5.01.C", f"activating {cs.label} takes no adventurer ('by')",
                              f"{cs.label} aktivizálásához nem kell kalandozó ('által')")
            return None
        if a.by is None:
            raise illegal("MK-TL-COST", "5.01.C", f"activating {cs.label} costs one of your adventurers in the combat: name it (által \"…\")",
                          f"{cs.label} aktivizálásának költsége egy harcoló saját kalandozó: nevezd meg (által \"…\")",
                          remedy=("name an adventurer of yours in the manoeuvre (által)", "nevezd meg egy manőverben álló saját kalandozódat (által)"))
        adv = self.table.find(a.by, zones=("sor",), player=player, rule="5.01.C")
        in_fight = adv.uid in self.state.maneuver_blockers or adv.uid in self.state.maneuver_team
        if adv.type != "kalandozó" or sem.controller(self.state, adv) != player or not in_fight:
            raise illegal("MK-TL-COST", "5.01.C", f"{adv.label} is not an adventurer of {player}'s in the combat",
                          f"{adv.label} nem {player} harcban álló kalandozója")
        return adv

    def attach(self, player: str, a: Action) -> None:
        """An obstacle to a tower level (5.01.E, 3.01.C), a Csatlós to an adventurer (2.09), or
        equipment from the Raktár (6.01)."""
        assert a.card is not None and a.dest is not None
        # attached from the hand as summoned (5.01.A; an obstacle's attachment takes the same steps, 5.01.E),
        # or from the Raktár (6.01)
        cs = self.table.find(a.card, zones=("kez", "raktar"), player=player, rule="5.01.A")
        dest = self.table.find(a.dest, zones=("torony", "sor", "jelen"), rule="5.01.B")
        if cs.zone == Zone.RAKTAR:
            if self.state.phase != Phase.MANEUVERS:
                raise illegal("MK-TL-PHASE", "6.01", "attaching from the Raktár is a Sor-phase deed", "Raktárból csatolás Sor fázisú cselekedet")
            if dest.type != "kalandozó" or dest.controller != player:
                raise illegal("MK-TL-ATTACH", "6.01", f"{cs.label} attaches to an adventurer of yours", f"{cs.label} saját kalandozóhoz csatolható")
            kind = sem.equipment_kind(cs)
            if kind is not None:
                self.equipment_slot(dest, cs, kind)
            self.stack.check_can_add(cs, False, cs.label)
            self.table.checked()
            self.table.move(cs, "idofonal", owner_zone=cs.owner)
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
            raise illegal("MK-TL-ATTACH", "5.01.E", f"{cs.label} cannot be attached to {dest.label}",
                       f"{cs.label} nem csatolható {dest.label} laphoz")
        if quest:
            self._quest_slots(player, dest)
        elif dest.controller != player and dest.controller != self.table.seating.tower_holder(player):
            raise illegal("MK-TL-ATTACH", "5.01.E", f"{dest.label} is not {player}'s tower level", f"{dest.label} nem {player} toronyszintje")
        elif self.table.obstacles_on(dest) + self._pending_attachments(dest) >= 2:
            raise illegal("MK-TL-SLOTS", "3.01.C", f"{dest.label} already has 2 obstacles (2 traps, 2 beasts, or one of each)",
                       f"{dest.label} toronyszinthez már 2 akadálylap csatolva (2 csapda, 2 bestia vagy 1-1)")
        self.stack.check_can_add(cs, False, cs.label)
        self.table.checked()
        self.emit("5.01.E", "attach", f"{player} attaches an obstacle to {dest.label}: MP 0, face-down, cannot be neutralised",
                  f"{player} akadálylapot csatol {dest.label} laphoz: 0 MP, rejtve, nem semlegesíthető")
        cs.hidden = True
        self.table.move(cs, "idofonal", owner_zone=cs.owner)
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
        self.require("2.09.c", "attaching a Csatlós", "Csatlós csatolása")
        if host.type != "kalandozó" or host.zone != Zone.SOR or host.ghost is not None:
            raise illegal("MK-TL-CSATLOS", "2.09.c", f"a Csatlós attaches to an adventurer; {host.label} is none",
                       f"Csatlós kalandozóhoz csatolható; {host.label} nem az")
        if not sem.meets_condition(host, condition):
            raise illegal("MK-TL-CSATLOS", "2.09.c", f"{host.label} does not meet the Csatlós condition [{condition}]",
                       f"{host.label} nem teljesíti a csatlósfeltételt [{condition}]")
        if self.state.phase != Phase.MANEUVERS:
            raise illegal("MK-TL-PHASE", "2.09.d", "attaching a Csatlós is a Sor-phase manoeuvre", "Csatlós csatolása Sor fázisú manőver")
        self.stack.check_can_add(cs, True, cs.label, bound_by="2.09.d")
        self.table.seating.check_mp_bound(player)
        self.table.checked()
        self.emit("2.09.a", "csatlos", f"{cs.label} is a Csatlós" + (f" with the condition [{condition}]" if condition else ""),
                  f"{cs.label} Csatlós" + (f", csatlósfeltétele [{condition}]" if condition else ""))
        self.emit("2.09.c", "csatlos", f"{host.label} meets the condition: {cs.label} may be attached from the hand",
                  f"{host.label} teljesíti a feltételt: {cs.label} kézből csatolható")
        self.emit("2.09.d", "csatlos", "a Sor-phase, MP-bound manoeuvre that costs no MP", "Sor fázisú, MP-kötött manőver, nem kerül MP-be")
        self.table.move(cs, "idofonal", owner_zone=cs.owner)
        entry = self.stack.new_entry("attach", player, f"{cs.label} -> {host.label}", source=cs.uid, targets=(host.uid,),
                               data={"csatlos": True})
        self.stack.push(entry, deed=True, mp_bound=True)
        self.table.after_deed(player, spent_mp=False)

    def build(self, player: str, a: Action) -> None:
        """Ráépítés (10.00.A–D)."""
        assert a.card is not None and a.dest is not None
        self.require("10.00.A", "ráépítés", "ráépítés")
        cs = self.table.find(a.card, zones=("kez",), player=player, rule="5.01.A")  # built from the hand, as summoned
        mp = sem.raepites(cs)
        if mp is None:
            raise illegal("MK-TL-MACHINE", "10.00.A", f"{cs.label} has no ráépítés symbol", f"{cs.label} lapon nincs ráépítés jel")
        host = self.table.find(a.dest, zones=("sor", "csatolt", "torony", "jelen"), rule="10.00.B")
        if not sem.buildable_on(host):
            raise illegal("MK-TL-MACHINE", "10.00.B", f"ráépítés targets an adventurer, a beast or a trap; {host.label} is a {host.type}",
                       f"ráépítés célpontja kalandozó, bestia vagy csapda lehet; {host.label} {host.type}")
        have = self.state.players[player].mp
        if have < mp:
            raise illegal("MK-TL-MP", "5.01.D", f"{player} cannot pay the ráépítés cost {mp} MP", f"{player} nem tudja kifizetni a {mp} MP ráépítést",
                          remedy=needs_mp(mp, have))
        self.stack.check_can_add(cs, False, cs.label)
        self.table.checked()
        self.state.players[player].mp -= mp
        self.emit("10.00.C", "pay", f"{player} pays the {mp} MP before the ráépítés symbol, not the MP requirement {cs.card.mp}",
                  f"{player} a ráépítés jel előtti {mp} MP-t fizeti, nem a(z) {cs.card.mp} MP-igényt")
        self.table.move(cs, "idofonal", owner_zone=cs.owner)
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
            raise illegal("MK-TL-NOT-NEUTRALISABLE", "5.01.E", "an obstacle attachment cannot be neutralised",
                       "akadálylap csatolása nem semlegesíthető")
        what = entry_kind(self.state.cards, target)
        src = self.state.cards[target.source] if target.source is not None else None
        # 1.14.7: an adventurer's ability that counts as a beast activation is neutralised only as one
        beast_only = src if src is not None and src.type == "kalandozó" and target.kind == "beast" else None
        with_card, ability, declared = self._neutraliser(player, a, target, what, beast_only)
        if beast_only is not None and declared not in (None, "beast", "any"):
            raise refused("MK-TL-BEAST.only-as-beast", "1.14.7", source=beast_only.label)
        if declared == "beast" and target.kind != "beast":
            raise illegal("MK-TL-BEAST", "6.00", f"@{target.seq} is no beast activation", f"@{target.seq} nem bestia aktivizálás")
        wearer = None
        if with_card is not None and ability is not None:
            wearer = self.state.cards[with_card.attached_to] if with_card.attached_to is not None else None
            self.check_costs(player, with_card, ability.cost, wearer)
            self.abilities.check_limit(with_card, 0, ability)  # a neutraliser used once a round is so here too
            mp_cost = sum(c.amount for c in ability.cost if c.kind == "mp")
            have = self.state.players[player].mp
            if have < mp_cost:
                raise illegal("MK-TL-MP", "5.01.D", f"{player} cannot pay {mp_cost} MP", f"{player} nem tud {mp_cost} MP-t fizetni",
                              remedy=needs_mp(mp_cost, have))
        self.table.checked()
        counted = "beast" if target.kind == "beast" else what
        if with_card is not None and ability is not None:
            self.pay_costs(player, with_card, ability.cost, wearer)
            self.abilities.record_use(with_card, 0, ability)
            en, hu = _KIND_WORDS.get(counted, (counted, counted))
            self.emit("6.00", "neutraliser", f"{player} neutralises @{target.seq} with {with_card.label}: it counts as neutralising {en}"
                      + (" (1.14.7)" if src is not None and src.type == "kalandozó" and counted == "beast" else ""),
                      f"{player} semlegesíti: @{target.seq}, ezzel: {with_card.label}; {hu} semlegesítésének minősül"
                      + (" (1.14.7)" if src is not None and src.type == "kalandozó" and counted == "beast" else ""),
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
            raise illegal("MK-TL-NEUTRALISER", "6.00", f"{card.label} has no ability that neutralises",
                          f"{card.label} lapnak nincs semlegesítő képessége")
        kind = step.arg or "any"
        if beast_only is not None and "beast" not in _NEUTRALISES[kind]:
            en, hu = _KIND_WORDS.get(kind, (kind, kind))
            raise refused("MK-TL-BEAST.card", "1.14.7", source=beast_only.label, card=card.label, kind=en, kind_hu=hu)
        if beast_only is not None and a.kind not in (None, "beast"):
            raise refused("MK-TL-BEAST.only-as-beast", "1.14.7", source=beast_only.label)
        if what not in _NEUTRALISES[kind]:
            en, hu = _KIND_WORDS.get(kind, (kind, kind))
            ten, thu = _KIND_WORDS.get(what, (what, what))
            raise illegal("MK-TL-NEUTRALISER", "6.00", f"{card.label} neutralises {en}; @{target.seq} is {ten}",
                          f"{card.label} {hu} semlegesítésére képes; @{target.seq} {thu}")
        if a.kind is not None and a.kind != "beast":
            raise illegal("MK-TL-NEUTRALISER", "6.00", f"{card.label} neutralises {_KIND_WORDS[kind][0]}, as its text says",
                          f"{card.label} a szövege szerint semlegesít ({_KIND_WORDS[kind][1]})")
        if card.ghost is not None:
            raise illegal("MK-TL-GHOST", "11.00.D", f"{card.label} is a ghost: it acts only through its ghost abilities",
                          f"{card.label} szellem: csak szellemképességgel nyilvánulhat meg")
        return card, ability, "beast" if a.kind == "beast" else kind

    def copy(self, player: str, a: Action) -> None:
        """6.05.O: new targets allowed; no costs or conditions; same mode and X; the copier
        adventurer counts as the summoner."""
        assert a.ref is not None
        self.require("6.05.O", "copying an effect", "hatás másolása")
        tl, orig = self.stack.locate(a.ref)
        if orig.hidden or orig.kind in ("attach", "maneuver", "neutralise", "build"):
            raise illegal("MK-TL-COPY", "6.05.O" if not orig.hidden else "5.01.E", f"@{orig.seq} is not an effect that can be copied",
                       f"@{orig.seq} nem másolható hatás")
        copier = self.table.find(a.by, zones=("sor",), player=player, rule="6.05.O") if a.by else None
        targets = tuple(self.table.find(t, zones=("sor", "jelen", "torony", "csatolt"), rule="5.01.B").uid
                        for t in a.targets) if a.targets else orig.targets
        if a.x is not None and a.x != orig.x:
            raise illegal("MK-TL-COPY", "6.05.O", f"a copy keeps the X of the copied effect ({orig.x})",
                       f"a másolat a másolt hatás X-értékével kerül időfonalba ({orig.x})")
        if a.mode is not None and fold(a.mode) != fold(orig.mode or ""):
            raise illegal("MK-TL-COPY", "6.05.O", "a copy cannot choose a new mode", "a másolatnak nem lehet új módot választani")
        # like its targets, the copy's opponent may be chosen anew (6.05.O, 12.00.A)
        opponents = orig.target_players if a.against is None else self.table.seating.choose_opponent(
            player, a.against, orig.label, sem.refers_to_an_opponent(orig.ops))
        self.table.checked()
        entry = self.stack.new_entry("copy", player, f"{orig.label} (másolat)", source=orig.source,
                               summoner=copier.uid if copier else None, targets=targets, x=orig.x, mode=orig.mode,
                               ops=orig.ops, negative=orig.negative, accept=frozenset(targets) if a.accept else frozenset(),
                               roll=orig.roll, copy_of=orig.seq, target_players=opponents)
        self.emit("6.05.O", "copy", f"{player} copies @{orig.seq} {orig.label}: no cost is paid and no condition checked; mode {orig.mode!r}, X = {orig.x}"
                  + (f"; new targets: {', '.join(self.state.cards[t].label for t in targets)}" if a.targets else "")
                  + (f"; {copier.label} counts as its summoner" if copier else ""),
                  f"{player} lemásolja: @{orig.seq} {orig.label}: költség és feltétel nélkül; mód {orig.mode!r}, X = {orig.x}"
                  + (f"; új célpont: {', '.join(self.state.cards[t].label for t in targets)}" if a.targets else "")
                  + (f"; leidézőnek {copier.label} számít" if copier else ""))
        self.stack.push(entry)

    def resolve_card(self, e: Entry) -> None:
        assert e.source is not None
        cs = self.state.cards[e.source]
        typ = cs.type
        if typ == "kalandozó":
            cs.state = "éber"
            self.table.move(cs, "sor")
            self.emit("5.01.D", "enters", f"{cs.label} enters the Sor of {cs.controller}, awake",
                      f"{cs.label} {cs.controller} Sorába kerül, éber helyzetben", card=cs.label)
            self._timed_enter(cs, e)
            return
        if typ in ("építmény", "küldetés", "szövetséges") or (typ == "eseménylap" and sem.stays_in_present(cs)):
            if typ == "építmény" and sem.one_such_building(cs):
                self.table.one_building(cs, e.player, None)
                if cs.zone != Zone.IDOFONAL:
                    return
            self.table.move(cs, "jelen")
            self.emit("5.01.D", "enters", f"{cs.label} enters the Present ({cs.controller})",
                      f"{cs.label} Jelenbe kerül ({cs.controller})", card=cs.label)
            self._timed_enter(cs, e)
            return
        if typ == "toronyszint":
            self.table.move(cs, "torony")
            self.emit("5.01.D", "enters", f"{cs.label} becomes the topmost tower level of {cs.controller}",
                      f"{cs.label} {cs.controller} legfelső toronyszintje lesz", card=cs.label)
            return
        total = self.effects.attack_value(cs, e) if sem.is_attack(cs) and e.roll is not None else None
        attacker = self.state.cards[e.summoner] if e.summoner is not None else cs
        need = self.effects.threshold(attacker) if total is not None else int(self.options["attack_threshold"])
        if total is not None and total < need:
            self.emit("3.05.E" if sem.is_unarmed(cs) and self.admits("3.05.E") else "6.00", "miss",
                      f"the attack roll {total} is below {need}: {cs.label} misses",
                      f"a {total} támadásdobás kisebb, mint {need}: {cs.label} nem talál")
        else:
            self.effects.apply_effect(e)
        kind = sem.equipment_kind(cs)
        if kind is not None and e.summoner is not None:
            wearer = self.state.cards[e.summoner]
            if wearer.zone == Zone.SOR:
                self.table.move(cs, "csatolt", owner_zone=cs.owner)
                wearer.attachments.append(cs.uid)
                cs.attached_to = wearer.uid
                self.emit("3.05.I", "wears", f"{wearer.label} wears {cs.label} ({kind})",
                          f"{wearer.label} viseli: {cs.label} ({kind})", card=cs.label)
                if kind == "hadszer":
                    self.emit("3.05.J", "item", f"{cs.label} is a hadszer and counts as an item",
                              f"{cs.label} hadszer, tárgynak minősül")
                return
        if cs.zone == Zone.IDOFONAL and sem.stays_in_present(cs):  # an action card of duration végleges (3.01.E)
            self.table.move(cs, "jelen")
            self.emit("5.01.D", "enters", *says("MK-TL-TRACE.permanent", card=cs.label, player=cs.controller),
                      card=cs.label)
            self._timed_enter(cs, e)
        elif cs.zone == Zone.IDOFONAL:
            self.table.move(cs, "mult")

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
            self.emit("2.09.e", "attach", f"{cs.label} is attached to {level_cs.label} for good; it has no controller",
                      f"{cs.label} véglegesen {level_cs.label} lapra csatolódik; nincs irányítója", card=cs.label)
            self.emit("2.09.f", "gains", f"{level_cs.label} gains the abilities of {cs.label} while it is attached",
                      f"{level_cs.label} megkapja {cs.label} képességeit a csatolás idejére")
            return
        if e.data.get("equipment"):
            self.table.attach_to(cs, level_cs)
            self.emit("6.01", "attach", f"{cs.label} is attached from the Raktár to {level_cs.label}",
                      f"{cs.label} a Raktárból {level_cs.label} lapra csatolódik", card=cs.label)
            return
        zone = "jelen" if level_cs.type == "küldetés" else "torony"
        slots = sem.obstacle_slots(level_cs, self.options["quest_obstacles"]) or 0
        if level_cs.zone != zone or self.table.obstacles_on(level_cs) >= slots:
            dest = "kez" if self.options["attach_overflow"] == "hand" else "mult"
            cs.hidden = False
            self.table.move(cs, dest)
            self.emit("3.01.C", "overflow", f"{level_cs.label} has no free obstacle slot: {cs.label} goes to {'the hand' if dest == 'kez' else 'Múlt'}",
                      f"{level_cs.label} lapon nincs szabad akadályhely: {cs.label} {'kézbe' if dest == 'kez' else 'Múltba'} kerül")
            return
        self.table.attach_to(cs, level_cs)
        self.emit("5.01.E", "attach", f"a hidden obstacle is attached to {level_cs.label}",
                  f"egy rejtett akadálylap {level_cs.label} laphoz csatolódik", card=cs.label)
        self.stack.fire_event("obstacle_attached", level_cs, list(self.state.cards.values()))

    def resolve_build(self, e: Entry) -> None:
        assert e.source is not None
        cs = self.state.cards[e.source]
        host = self.state.cards[e.targets[0]]
        if host.zone not in ("sor", "csatolt", "jelen"):
            self.table.move(cs, "mult")
            self.emit("10.00.B", "fizzle", f"{host.label} is gone: {cs.label} goes to Múlt", f"{host.label} nincs már jelen: {cs.label} Múltba kerül")
            return
        self.table.attach_to(cs, host)
        cs.built = True
        self.emit("10.00.D", "built", f"{cs.label} is built onto {host.label} and no longer counts as an obstacle",
                  f"{cs.label} ráépül {host.label} lapra, és már nem minősül akadálylapnak", card=cs.label)

    def resolve_neutralise(self, e: Entry) -> None:
        target_seq = e.data["target"]
        for tl in self.state.timelines:
            for i, t in enumerate(tl.entries):
                if t.seq == target_seq:
                    del tl.entries[i]
                    self._neutralised(t, e.data.get("as"))
                    return
        self.emit("6.00", "fizzle", f"@{target_seq} is no longer in a timeline: nothing to neutralise",
                  f"@{target_seq} már nincs időfonalban: nincs mit semlegesíteni")

    def _neutralised(self, t: Entry, counted: str | None = None) -> None:
        dest = "melyseg" if self.options["neutralised_to"] == "melyseg" else "mult"
        en, hu = _KIND_WORDS.get(counted or "", ("", ""))
        self.emit("6.00", "neutralised", f"@{t.seq} {t.label} is neutralised" + (f" as {en}" if en else "") + " and never takes effect",
                  f"@{t.seq} {t.label} semlegesítve" + (f" ({hu} semlegesítéseként)" if hu else "") + ", nem érvényesül",
                  entry=t.seq, label=t.label)
        if t.source is None:
            return
        src = self.state.cards[t.source]
        if t.kind in ("card", "build", "attach") and src.zone == Zone.IDOFONAL:
            self.table.to_past(src, dest)
        elif t.kind == "beast" and src.type == "kalandozó":
            self.emit("1.14.7", "spared", f"neutralised as a beast activation, {src.label} itself is not neutralised and does not die",
                      f"bestia aktivizálásként semlegesítve {src.label} maga nem semlegesül, nem hal meg", card=src.label)
        elif t.kind in ("beast", "ability") and src.type == "akadálylap":
            self.table.to_past(src, dest)  # a neutralised obstacle activation: the obstacle goes, as a beast does

