"""Leave-row manoeuvres (4.01): solving quests, sieges and captures, with their teams.

A manoeuvre sends a team of awake adventurers (4.01.E–F) in the manoeuvres
phase (4.01.H); it is MP-bound, so no deed's timeline may be open (6.01).
Solving pays the quest's MP (an expedition 2.03, ŐSERŐ 2.12.b), applies
Kincskeresés (1.14.14) and storage (1.14.3); a siege or capture sets the
team's level against the obstructing team and FAL (2.01.b).  The team
returns to its Sor resting (4.01.G) unless a rule says otherwise.  Between
the declaration and the result the manoeuvre goes through the phases of 6.03
(:mod:`.phases`), with a combat when both teams are present (:mod:`.combat`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ....base.errors import IllegalActionError
from ....base.i18n import part
from ....base.text import fold
from ....grammar.action import Action
from ....grammar.keywords import Kincskereses
from . import semantics as sem
from .enums import JELEN, MEGOLDOTT, MULT, SOR, TORONY, CardStatus, Phase, Zone
from .model import CardState, Entry, ManeuverRun
from .phases import OBSTRUCT, REVEAL, ManeuverPhases
from .stack import TimelineStack
from .table import Part, Table
from .trace import later, needs_mp, refused, word_args, words

__all__ = ["Maneuvers"]

class Maneuvers(Part):
    """The manoeuvres of 4.01 and what their entries do on unwinding."""

    def __init__(self, table: Table, stack: TimelineStack, phases: ManeuverPhases,
                 pick_targets: Callable[..., tuple[int, ...]] | None = None) -> None:
        super().__init__(table)
        self.stack = stack
        self.phases = phases
        phases.settle = self.settle
        phases.on_open[REVEAL] = self._reveal_phase
        #: 5.01.B: the targets chosen for a card's effect (:meth:`~.deeds.Deeds.pick_targets`)
        self.pick_targets = pick_targets

    def _team(self, player: str, names: Iterable[str], *, antiss: bool = False,
              blocking: bool = False) -> list[CardState]:
        team: list[CardState] = []
        for name in names:
            try:
                cs = self.table.find(name, zones=(SOR, JELEN), player=None if self._mixed(player) else player,
                                     rule="4.01.E")
            except IllegalActionError:
                self._not_mixed(player, name)
                raise refused("MK-TL-TEAM.not-adventurer-sor", "4.01.E", name=name, player=player) from None
            if cs.ghost is not None:
                raise refused("MK-TL-GHOST.ghost-not-sor", "11.00.D", card=cs.label)
            if cs.type != "kalandozó" or not self._mixes(player, cs.controller):
                self._not_mixed(player, name)
                raise refused("MK-TL-TEAM.not-adventurer", "4.01.E", card=cs.label, player=player)
            if cs.state != CardStatus.EBER and not antiss:
                raise refused("MK-TL-TEAM.only-awake-adventurers", "4.01.E", card=cs.label, state=cs.state)
            if cs in team:
                raise refused("MK-TL-TEAM.named-twice", "4.01.E", card=cs.label)
            guard = sem.cannot(self.state, cs, "block") if blocking else None
            if guard is not None:
                raise refused("MK-TL-TEAM.cannot-member-obstructing", "4.01.E", card=cs.label, guard=guard.label)
            team.append(cs)
        return team

    def _named(self, names: Iterable[str]) -> list[CardState]:
        """The adventurers in a Sor that *names* name (those found; the team rules report the rest)."""
        out = []
        for name in names:
            try:
                out.append(self.table.find(name, zones=(SOR,), rule="4.01.E"))
            except IllegalActionError:
                continue
        return out

    def _mixed(self, player: str) -> bool:
        """A side or an alliance may send mixed teams (12.00.4.B, 12.00.5)."""
        return bool(self.table.seating.partners(player))

    def _mixes(self, player: str, controller: str | None) -> bool:
        return controller is not None and (controller == player or self.table.seating.friendly(player, controller))

    def _not_mixed(self, player: str, name: str) -> None:
        """An adventurer of another player's named in *player*'s team: where a variant says who may send mixed
        teams (12.00.4.B allies, 12.00.5.4 a pair), that rule refuses it.  Returns if the name is none such."""
        seating = self.table.seating
        rule = seating.mixed_team_rule()
        if rule is None:
            return
        try:
            cs = self.table.find(name, zones=(SOR, JELEN), rule="4.01.E")
        except IllegalActionError:
            return
        owner = cs.controller
        if cs.type == "kalandozó" and cs.ghost is None and owner is not None and not seating.friendly(player, owner):
            case = "not-ally" if rule == "12.00.4.B" else "not-partner"
            raise refused(f"MK-TL-TEAM.{case}", rule, card=cs.label, owner=owner, player=player)

    def check_open(self, what: str = "manoeuvre") -> None:
        """Whether a manoeuvre may start now at all: in the manoeuvres phase (4.01.H), with no deed's
        timeline open (a leave-row manoeuvre is MP-bound, 4.01.B).  Raises the refusal; changes nothing."""
        if self.state.phase != Phase.MANEUVERS:
            raise refused("MK-TL-PHASE.manoeuvres-start-only", "4.01.H", remedy="MK-TL-PHASE.manoeuvres-start-only-remedy", phase=self.state.phase)
        # its words said only if a refusal is read (a game nobody reads opens no catalogue)
        en, hu = words("maneuver", what)
        self.stack.check_can_add(None, True, en, bound_by="4.01.B", what_hu=hu)

    def _checks(self, player: str, team: list[CardState], size: int, what: str) -> None:
        if self.state.phase != Phase.MANEUVERS:
            self.check_open(what)
        if not team:
            en, hu = words("maneuver", what)
            raise refused("MK-TL-TEAM-SIZE.empty", "4.01.D", what=en, what_hu=hu,
                          remedy=part("MK-TL-TEAM-SIZE.remedy", size=size))
        if len(team) > size:
            raise refused("MK-TL-TEAM-SIZE.team-has-adventurers", "4.01.F", remedy="MK-TL-TEAM-SIZE.team-has-adventurers-remedy", what=what, size=size, n_team=len(team))
        self.check_open(what)
        self.table.seating.check_mp_bound(player)
        self.table.seating.check_initiating(player)

    def maneuver_mp(self, player: str, maneuver: str) -> tuple[int, list[tuple[CardState, int]]]:
        """The MP a siege or a capture costs *player*: the option's figure (siege: 2 MP, 12.00.5.4)
        changed by the cards in play."""
        base = int(self.options["siege_mp" if maneuver == "siege" else "capture_mp"])
        changes = sem.maneuver_mp_change(self.state, player, maneuver)
        return max(0, base + sum(n for _, n in changes)), changes

    def _pay_maneuver(self, player: str, maneuver: str, cost: int, changes: list[tuple[CardState, int]]) -> None:
        if not cost and not changes:
            return
        pl = self.state.players[player]
        pl.mp -= cost
        rule = self.cite("12.00.5.4", "4.01.B") if maneuver == "siege" else "4.01.B"
        what = words("paid-for", maneuver)
        by = "".join(f", {src.label} {n:+d}" for src, n in changes)
        figure, figure_hu = later("MK-TL-TRACE.siege-figure") if maneuver == "siege" else ("", "")
        self.emit(rule, "pay", "MK-TL-TRACE.pay-pays-mp-left", {"player": player, "cost": cost, "what": what[0], "figure": figure, "by": by, "mp": pl.mp, "what_hu": what[1], "figure_hu": figure_hu}, player=player)

    def solve(self, player: str, a: Action) -> None:
        """Send a team to solve a quest (4.01), by expedition (2.03) or on the antiss (8.02)."""
        assert a.card is not None
        quest = self.table.find(a.card, zones=(JELEN,), rule="4.01.A")
        if quest.type != "küldetés":
            raise refused("MK-TL-QUEST.not-quest-awaiting", "4.01.A", quest=quest.label)
        antiss = fold(quest.card.subtype or "") == "antisskuldetes"
        self.table.seating.check_quest(player, quest)
        team = self._team(player, a.team, antiss=antiss)
        self._checks(player, team, 3, "quest")
        forbidden = self.state.forbidden.get("solving")
        if forbidden:
            raise refused("MK-TL-FORBIDDEN.until-end-round", "6.00")
        spec = quest.behaviour.solvers
        if spec is not None:
            for c in team:
                if not sem.admits_target(self.state, spec, c, player):
                    raise refused("MK-TL-TEAM.only-team-may", "4.01.A", removeprefix=spec.render().removeprefix('1 '), quest=quest.label, card=c.label)
        if antiss:
            self._antiss_checks(player, quest, team)
        if self.options["quest_condition"] == "start" and self._unmet(quest, team, say=False):
            condition = quest.card.requirement.render() if quest.card.requirement else ""
            raise refused("MK-TL-CONDITION.quest", "6.03", quest=quest.label, condition=condition,
                          team=", ".join(c.label for c in team), remedy="MK-TL-CONDITION.quest-remedy")
        x = sem.expedition(quest)
        if quest.expedition_round == self.state.round and self.admits("2.03.e"):
            raise refused("MK-TL-EXPEDITION.had-expedition-this", "2.03.e", quest=quest.label)
        if a.expedition:
            if x is None:
                raise refused("MK-TL-EXPEDITION.has-expedicio", "2.03", quest=quest.label)
            self.require("2.03.b", "MK-TL-WHAT.expedition")
        store_level: CardState | None = None
        if a.store is not None and (not sem.is_storage_quest(quest) or a.expedition):
            raise refused("MK-TL-STORAGE.stored-only-when", "1.14.3", quest=quest.label)
        if sem.is_storage_quest(quest) and not a.expedition:
            if self.admits("1.14.3"):
                store_level = self._storage_slot(player, a.store)
            else:
                self.skip("1.14.3", "MK-TL-SKIP.would-stored", quest=quest.label)
        cost = self._quest_cost(player, quest, a.expedition)
        have = self.state.players[player].mp
        if have < cost:
            raise refused("MK-TL-MP.cannot-pay-mp-2", "5.01.D", remedy=needs_mp(cost, have), player=player, cost=cost)
        blockers = self._quest_blockers(player, a.blockers)
        # the opponent of "Megoldásakor egy ellenfeled …" (12.00.A); an expedition does not solve the quest (2.03)
        opponents = self.table.seating.choose_opponent(
            player, a.against, quest.label, not a.expedition and sem.refers_to_an_opponent(quest.behaviour.on_solve))
        on_solve_targets = self._on_solve_targets(player, quest, a)
        if self.table.checked():
            return  # probed: the commit point is reached
        if antiss:
            self.state.antiss_attempted.add(quest.uid)
            for cs in team:
                self.state.antiss_acted.add(cs.uid)
        for cs in team + blockers:
            cs.in_team = True
        self.state.maneuver_team = tuple(cs.uid for cs in team)
        self.state.maneuver_blockers = tuple(cs.uid for cs in blockers)
        self.emit("4.01.A", "maneuver", "MK-TL-TRACE.maneuver-sends-solve", {"player": player, "team": ', '.join(c.label for c in team), "quest": quest.label})
        if blockers:
            self._say_obstructing(blockers)
        self.table.seating.announce_opponent(player, opponents)
        if on_solve_targets:
            names = ", ".join(self.state.cards[t].label for t in on_solve_targets)
            self.emit("5.01.B", "targets", "MK-TL-TRACE.on-solve-targets", {"quest": quest.label, "targets": names},
                      card=quest.label)
        entry = self.stack.new_entry("maneuver", player, f"küldetés: {quest.label}", source=quest.uid,
                               data={"type": "quest", "team": [c.uid for c in team], "expedition": a.expedition,
                                     "store": store_level.uid if store_level else None, "cost": cost, "antiss": antiss,
                                     "on_solve_targets": on_solve_targets, "blockers": [c.uid for c in blockers]},
                               target_players=opponents)
        self.phases.declare("quest", player, entry, obstructed=bool(blockers))
        self.stack.push(entry, deed=True, mp_bound=True)
        self.state.players[player].last_deed = self.state.round

    def _on_solve_targets(self, player: str, quest: CardState, a: Action) -> tuple[int, ...]:
        """5.01.B, 6.02: the target of a quest's "Megoldásakor …" that needs one, chosen by its player when the team
        is sent (``célpont``), of the quest's ``targets:``.  An expedition solves nothing (2.03.c): no target."""
        ops = () if a.expedition else quest.behaviour.on_solve
        if self.pick_targets is None or (not ops and not a.targets):
            return ()
        spec = quest.behaviour.targets
        if not a.targets and spec is not None and not sem.spec_present(self.state, spec, player):
            return ()  # nothing it could target: it does not happen (6.02), the quest is still solved
        return self.pick_targets(player, quest, ops, a.targets, quest.behaviour.targets if ops else None, None,
                                 part("MK-TL-TARGETS.none-needs-target-none"),
                                 one=True)

    def _quest_blockers(self, player: str, names: tuple[str, ...]) -> list[CardState]:
        """The obstructing team declared with a quest's solving (``akadályoz``): one opponent's adventurers
        (4.01.C: nobody obstructs their own side), one that may obstruct *player* (12.00.3.A, 12.00.2.B)."""
        if not names:
            return []
        named = self._named(names)
        seating = self.table.seating
        seating.check_blockers(player, named)
        owner = sem.controller(self.state, named[0]) if named else player
        if seating.friendly(player, owner):
            raise refused("MK-TL-OBSTRUCT.self", "4.01.C", player=owner)
        return self._team(owner, names, blocking=True)

    def _say_obstructing(self, blockers: list[CardState]) -> None:
        owner = sem.controller(self.state, blockers[0])
        self.emit("4.01.A", "obstruct", "MK-TL-TRACE.obstructing", {"player": owner, "team": ", ".join(c.label for c in blockers)}, player=owner)

    def obstruct(self, player: str, a: Action) -> None:
        """The obstructing team leaves the Sor in its phase (6.03): the player the manoeuvre is against sends
        awake adventurers of theirs (4.01.E), as many as the manoeuvre's obstructing team may have (4.01.F)."""
        run = self.state.maneuver
        if run is None or run.phase != OBSTRUCT:
            raise refused("MK-TL-OBSTRUCT.phase", "6.03", phase=self.state.phase)
        e = run.entry
        if e.data.get("blockers"):
            raise refused("MK-TL-OBSTRUCT.twice", "4.01.F", player=player)
        seating = self.table.seating
        if seating.friendly(player, run.player):
            raise refused("MK-TL-OBSTRUCT.self", "4.01.C", player=player)
        if e.data.get("type") == "contest":
            against = e.data.get("against") or (sem.controller(self.state, self.state.cards[e.source])
                                                if e.source is not None else run.player)
            if not seating.friendly(player, against):
                raise refused("MK-TL-OBSTRUCT.other", "4.01.C", player=player, against=against)
        seating.check_obstructors(run.player, {player})
        team = self._team(player, a.team, blocking=True)
        if not team:
            raise refused("MK-TL-TEAM-SIZE.empty", "4.01.D", **dict(zip(("what", "what_hu"), words("team", "obstructing"), strict=True)),
                          remedy=part("MK-TL-TEAM-SIZE.remedy", size=1))
        size = self.obstructing_size(run.kind, e)
        if len(team) > size:
            raise refused("MK-TL-OBSTRUCT.size", "4.01.F", size=size, count=len(team))
        if self.table.checked():
            return  # probed: the commit point is reached
        e.data["blockers"] = [c.uid for c in team]
        for c in team:
            c.in_team = True
        self.state.maneuver_blockers = tuple(c.uid for c in team)
        self._say_obstructing(team)
        self.phases.obstructed(run)

    def obstructing_size(self, kind: str, e: Entry) -> int:
        """How many adventurers an obstructing team may have (4.01.F): a combat's one, a capture's the building's
        Védők, a quest's and a siege's three."""
        if kind == "combat":
            return 1
        if kind == "capture" and e.source is not None:
            return int(self.state.cards[e.source].attr("defenders", 3) or 3)
        return 3

    def _unmet(self, quest: CardState, team: list[CardState], say: bool = True) -> bool:
        """Whether *quest* has a condition that no adventurer of *team* meets (one alternative, every word of it,
        by one adventurer: the quest-condition fulfilment phase of 6.03), and no card in play lets the team
        ignore it (``ignore requirement``, told in the trace where the quest is solved).  Where one does meet
        it, the trace says who (*say*)."""
        if quest.card.requirement is None or sem.requirement_ignored(self.state, quest) is not None:
            return False
        met = sem.meeting_requirement(quest, team)
        if met is None:
            return True
        if say:
            self.emit("6.03", "condition", "MK-TL-CONDITION.met", {"card": quest.label, "adventurer": met[0].label, "words": " ".join(met[1])}, card=quest.label)
        return False

    def _antiss_checks(self, player: str, quest: CardState, team: list[CardState]) -> None:
        self.require("8.02", "MK-TL-WHAT.antiss-quest")
        if self.state.players[player].antiss_solved >= 1:
            raise refused("MK-TL-ANTISS.has-solved-antiss", "8.03.A", player=player)
        if quest.uid in self.state.antiss_attempted:
            raise refused("MK-TL-ANTISS.has-been-attempted", "8.03.B", quest=quest.label)
        wizards = [c for c in team if sem.is_antiss_wizard(self.state, c)]
        others = [c for c in team if not sem.is_antiss_wizard(self.state, c)]
        if not wizards:
            raise refused("MK-TL-ANTISS.antiss-quest-initiated", "8.02")
        if len(others) > 1 or any(c.state != CardStatus.PIHENO for c in others) and others:
            raise refused("MK-TL-ANTISS.antiss-wizard-may", "8.02")
        for c in team:
            if c.uid in self.state.antiss_acted:
                raise refused("MK-TL-ANTISS-ONCE.has-already-acted", "8.03.C", card=c.label)
        self.emit("8.01.A", "antiss", "MK-TL-TRACE.antiss-wizards", {"wizards": ', '.join(c.label for c in wizards)})
        self.emit("8.02", "antiss", "MK-TL-TRACE.antiss-resting-wizards-may")

    def _storage_slot(self, player: str, name: str | None) -> CardState:
        levels = [self.state.cards[u] for u in self.state.players[player].zones[Zone.TORONY]]
        free = [lv for lv in levels if not any(sem.is_storage_quest(self.state.cards[u]) for u in lv.attachments)]
        if name is not None:
            chosen = self.table.find(name, zones=(TORONY,), player=player, rule="1.14.3")
            if chosen not in free:
                raise refused("MK-TL-STORAGE.already-stores-quest", "1.14.3", chosen=chosen.label)
            return chosen
        if not free:
            raise refused("MK-TL-STORAGE.has-tower-level", "1.14.3", player=player)
        return free[0]

    def _quest_cost(self, player: str, quest: CardState, expedition: bool) -> int:
        base = int(quest.card.mp) if isinstance(quest.card.mp, int) else 0
        if quest.fact(sem.has_osero):
            if self.admits("2.12.b") and sem.controls_aquir_or_dragon(self.state, player):
                base = 0
        base = max(0, base + sum(n for _, n in sem.maneuver_mp_change(self.state, player, "quest")))
        if expedition:
            return 1 if self.options["expedition_cost"] == "instead" else base + 1
        return base

    def resolve_quest(self, e: Entry) -> None:
        assert e.source is not None
        quest = self.state.cards[e.source]
        team = [self.state.cards[u] for u in e.data["team"] if self.state.cards[u].zone == SOR]
        player = e.player
        pl = self.state.players[player]
        cost = e.data["cost"]
        # the obstructing team (6.03) returns resting with the initiating one, after the quest is settled
        blockers = [self.state.cards[u] for u in e.data.get("blockers", ()) if self.state.cards[u].zone == SOR]
        if not team:
            self.emit("4.01.D", "fail", "MK-TL-TRACE.no-team", {"target": quest.label}, card=quest.label)
            if blockers:
                self.return_team(blockers, awake=False)
            self._failed(quest, player)
            return
        if quest.zone != JELEN:
            self.emit("4.01.A", "fail", "MK-TL-TRACE.fail-gone-manoeuvre-fails", {"quest": quest.label})
            self.return_team(team + blockers, awake=False)
            self._failed(quest, player)
            return
        if self._unmet(quest, team):
            condition = quest.card.requirement.render() if quest.card.requirement else ""
            self.emit("6.03", "fail", "MK-TL-CONDITION.failed", {"quest": quest.label, "condition": condition},
                      card=quest.label)
            self.return_team(team + blockers, awake=False)
            self._failed(quest, player)
            return
        if e.data["expedition"]:
            self._expedition(e, quest, team)
            self.return_team(team + blockers, awake=False)
            return
        pl.mp -= min(cost, pl.mp)
        if quest.fact(sem.has_osero) and cost == 0 and self.admits("2.12.b"):
            self.emit("2.12.b", "free", "MK-TL-TRACE.free-controls-aquir-or", {"player": player, "quest": quest.label})
        else:
            self.emit("5.01.C", "pay", "MK-TL-TRACE.pay-pays-mp-left-2", {"player": player, "cost": cost, "quest": quest.label, "mp": pl.mp})
        awake = self._treasure_hunt(quest, team)
        if e.data["antiss"]:
            pl.antiss_solved += 1
            self.emit("8.03.A", "antiss", "MK-TL-TRACE.antiss-solves-quest-this", {"player": player})
        self._drop_obstacles(quest)
        self._solved(e, quest)
        on_solve = quest.behaviour.on_solve
        self.return_team(team, awake=awake)
        if blockers:
            self.return_team(blockers, awake=False)
        if on_solve:
            timed = self.stack.add_timed(player, f"{quest.label}: megoldásakor", quest.uid, on_solve, quest.label,
                                         opponents=e.target_players)
            timed.targets = tuple(e.data.get("on_solve_targets", ()))  # chosen when the team was sent (5.01.B)
            if not timed.targets and any(op.who == "target" for op in on_solve):
                self.emit("6.02", "no-target", "MK-TL-TRACE.no-target", {"card": quest.label}, card=quest.label)
            timed.data["team"] = [c.uid for c in team]  # "the team" of its effect, the manoeuvre being over

    def _expedition(self, e: Entry, quest: CardState, team: list[CardState]) -> None:
        """2.03.b–f: the expedition's 1 MP is paid and X DP gained instead of the solution; the quest stays."""
        player, pl, cost = e.player, self.state.players[e.player], e.data["cost"]
        x = sem.expedition(quest) or 0
        pl.mp -= min(cost, pl.mp)
        self.emit("2.03.b", "pay", "MK-TL-TRACE.pay-payment-step-spends", {"player": player, "cost": cost, **word_args("value", "expedition-cost", "instead" if self.options["expedition_cost"] == "instead" else "on-top")})
        self.table.gain_dp(player, x, "2.03.c", part("MK-TL-WHY.expedicio-instead-solution", x=x))
        quest.expedition_round = self.state.round
        self.emit("2.03.d", "stays", "MK-TL-TRACE.stays-present-awaiting-solution", {"quest": quest.label})
        self.emit("2.03.e", "locked", "MK-TL-TRACE.locked-cannot-solved-this", {"quest": quest.label})
        self.emit("2.03.f", "success", "MK-TL-TRACE.success-successful-leave-row")
        if sem.treasure(self.state, quest) is not None and any(sem.keyword(self.state, c, Kincskereses) for c in team):
            self.emit("2.03", "no-kincs", "MK-TL-TRACE.no-kincs-quest-was-not")

    def _treasure_hunt(self, quest: CardState, team: list[CardState]) -> bool:
        """1.14.14: the team's Kincskeresés against the quest's Kincs; True when the team goes home awake."""
        awake = False
        treasure = sem.treasure(self.state, quest)
        terms = sem.modifier_terms(self.state, "kincs", quest) if treasure is not None else []
        if terms:
            printed = treasure - sum(n for _, n in terms) if treasure is not None else 0
            self.emit("1.14.14.B", "kincs", "MK-TL-TRACE.kincs-counts-modifiers", {"quest": quest.label, "explain": sem.explain(printed, terms)})
        if treasure is not None:
            if self.admits("1.14.14.D"):
                total = sem.team_kincskereses(self.state, team)
                used = [c.label for c in team if c.kincs_used == self.state.round and sem.keyword(self.state, c, Kincskereses)]
                if used:
                    self.emit("1.14.14.C", "used", "MK-TL-TRACE.used-kincskereses-already-this", {"used": ', '.join(used)})
                if total >= treasure and total > 0:
                    self.emit("1.14.14.D", "kincs", "MK-TL-TRACE.kincs-team-kincskereses-sums", {"total": total, "treasure": treasure})
                    for c in team:
                        c.kincs_used = self.state.round
                    self.emit("1.14.14.B", "kincs", "MK-TL-TRACE.kincs-team-returns-sor")
                    awake = True
                else:
                    self.emit("1.14.14.D", "kincs", "MK-TL-TRACE.kincs-team-kincskereses-sums-2", {"total": total, "treasure": treasure})
            elif any(sem.keyword(self.state, c, Kincskereses) for c in team):
                self.skip("1.14.14.B", "MK-TL-SKIP.kincskereses-would-send")
        return awake

    def _solved(self, e: Entry, quest: CardState) -> None:
        """The solved quest is stored on a tower level (1.14.3) or goes among its player's solved quests and gives
        its DP (4.01.A)."""
        player = e.player
        store = e.data.get("store")
        if store is not None:
            level_cs = self.state.cards[store]
            self.table.attach_to(quest, level_cs)
            self.emit("1.14.3", "store", "MK-TL-TRACE.store-solved-attached-tower", {"quest": quest.label, "level_cs": level_cs.label}, card=quest.label)
            self.table.gain_dp(player, quest.card.dp or 0, "1.14.3", part("MK-TL-WHY.stored", quest=quest.label))
        else:
            self.table.move(quest, MEGOLDOTT, owner_zone=player)
            lets = sem.requirement_ignored(self.state, quest)
            if lets is not None:
                self.emit("6.00", "requirement", "MK-TL-EFFECT.ignore-requirement", {"source": lets.label, "card": quest.label}, card=quest.label)
            self.emit("4.01.A", "solved", "MK-TL-TRACE.solved-solves", {"player": player, "quest": quest.label}, card=quest.label)
            self.table.gain_dp(player, quest.card.dp or 0, "4.01.A", quest.label)

    def _drop_obstacles(self, quest: CardState) -> None:
        """The obstacles attached to a solved quest (AKADÁLYOK, korbiro's reading of 3.01.C) go to Múlt with it."""
        for uid in list(quest.attachments):
            att = self.state.cards[uid]
            if att.type != "akadálylap":
                continue
            att.hidden = False
            self.table.move(att, MULT)
            self.emit("3.01.C", "falls", "MK-TL-TRACE.falls-attached-solved-quest", {"att": att.label, "quest": quest.label}, card=att.label)

    def return_team(self, team: list[CardState], awake: bool) -> None:
        for c in team:
            c.in_team = False
            if c.zone == Zone.SOR and c.state != CardStatus.SERULT:
                c.state = "éber" if awake else "pihenő"
        if team and not awake:
            self.emit("4.01.G", "return", "MK-TL-TRACE.return-sor-resting", {"team": ', '.join(c.label for c in team)})
        self.state.maneuver_team = ()
        self.state.maneuver_blockers = ()
        self.state.siege_target = self.state.sieging = None
        self.table.expire("maneuver")
        self.table.make_active(None)

    def siege(self, player: str, a: Action) -> None:
        """Siege the lowest tower level of an opponent (4.01.A, FAL 2.01.b)."""
        seating = self.table.seating
        default = seating.siege_default(player)
        target_player = self.table.player(a.against) if a.against else (default or (self.table.opponents(player) or [player])[0])
        if target_player == player:
            raise refused("MK-TL-SELF.nobody-sieges-their", "4.01.C")
        seating.check_target(player, target_player, "siege")
        team = self._team(player, a.team)
        self._checks(player, team, 3, "siege")
        levels = list(self.state.players[seating.tower_holder(target_player)].zones[Zone.TORONY])
        if not levels:
            raise refused("MK-TL-SIEGE.has-tower-level", "4.01.A", target_player=target_player)
        seating.check_blockers(player, self._named(a.blockers))
        blockers = self._team(target_player, a.blockers, blocking=True) if a.blockers else []
        cost, changes = self.maneuver_mp(player, "siege")
        have = self.state.players[player].mp
        if have < cost:
            raise refused("MK-TL-MP.siege-costs-mp", self.cite("12.00.5.4", "4.01.B"), remedy=needs_mp(cost, have), cost=cost, player=player, have=have)
        if self.table.checked():
            return  # probed: the commit point is reached
        self._pay_maneuver(player, "siege", cost, changes)
        self._start_contest(player, team, blockers, self.state.cards[levels[0]], "siege")

    def capture(self, player: str, a: Action) -> None:
        """Capture an opponent's building (4.01.A, FAL 2.01.b)."""
        assert a.card is not None
        building = self.table.find(a.card, zones=(JELEN,), rule="4.01.A")
        if building.type != "építmény":
            raise refused("MK-TL-CAPTURE.not-building", "4.01.A", building=building.label)
        if building.controller == player:
            raise refused("MK-TL-SELF.nobody-captures-their", "4.01.C")
        self.table.seating.check_target(player, building.controller or building.owner, "capture")
        team = self._team(player, a.team)
        size = int(building.attr("attackers", 3) or 3)
        self._checks(player, team, size, "capture")
        self.table.seating.check_blockers(player, self._named(a.blockers))
        blockers = self._team(building.controller or building.owner, a.blockers, blocking=True) if a.blockers else []
        cost, changes = self.maneuver_mp(player, "capture")
        have = self.state.players[player].mp
        if have < cost:
            raise refused("MK-TL-MP.capture-costs-mp", "4.01.B", remedy=needs_mp(cost, have), cost=cost, player=player, have=have)
        if self.table.checked():
            return  # probed: the commit point is reached
        self._pay_maneuver(player, "capture", cost, changes)
        self._start_contest(player, team, blockers, building, "capture", keep=a.keep)

    def fight(self, player: str, a: Action) -> None:
        """A combat manoeuvre (4.01.A: combat only when an effect allows it): a team of one against an opponent,
        whose obstructing team is of one too (4.01.F).  The effect that allows it: PORTYÁZÁS on the adventurer
        (no rule text defines the keyword; korbiro's reading, option ``portyazas``)."""
        seating = self.table.seating
        target_player = self.table.player(a.against) if a.against else (self.table.opponents(player) or [player])[0]
        if target_player == player or seating.friendly(player, target_player):
            raise refused("MK-TL-SELF.combat", "4.01.C", player=target_player)
        team = self._team(player, a.team)
        self._checks(player, team, 1, "combat")
        raider = team[0]
        if not sem.is_raider(self.state, raider):
            raise refused("MK-TL-COMBAT", "4.01.A", card=raider.label)
        if self.options["portyazas"] == "none":
            raise refused("MK-TL-COMBAT.option", "4.01.A", card=raider.label)
        seating.check_blockers(player, self._named(a.blockers))
        blockers = self._team(target_player, a.blockers, blocking=True) if a.blockers else []
        if len(blockers) > 1:
            raise refused("MK-TL-TEAM-SIZE.combat", "4.01.F", count=len(blockers))
        if self.table.checked():
            return  # probed: the commit point is reached
        self.emit("4.01.A", "raid", "MK-TL-TRACE.raid", {"card": raider.label, "player": target_player},
                  card=raider.label)
        self._start_contest(player, team, blockers, raider, "combat", against=target_player)
        e = self.stack.current_maneuver()
        if e is not None:
            e.data["against"] = target_player

    def resolve_combat(self, e: Entry) -> None:
        """A combat manoeuvre's result, after its combat phases (6.03; :mod:`.combat`): the initiating adventurer's
        level against the obstructing one's, of those still standing; then both return to their Sor resting
        (4.01.G)."""
        team = [self.state.cards[u] for u in e.data["team"] if self.state.cards[u].zone == Zone.SOR]
        blockers = [self.state.cards[u] for u in e.data["blockers"] if self.state.cards[u].zone == Zone.SOR]
        attack = sum(sem.level(self.state, c) for c in team)
        block = sum(sem.level(self.state, c) for c in blockers)
        won = bool(team) and attack > block
        self.emit("4.01.A", "combat", "MK-TL-TRACE.combat-won" if won else "MK-TL-TRACE.combat-lost", {"attack": attack, "block": block})
        self.return_team(team + blockers, awake=False)

    def _start_contest(self, player: str, team: list[CardState], blockers: list[CardState], obj: CardState,
                       kind: str, keep: str | None = None, against: str | None = None) -> None:
        """*against*: what the team goes against, when not *obj* (a combat: the opponent)."""
        for c in team + blockers:
            c.in_team = True
        self.state.maneuver_team = tuple(c.uid for c in team)
        self.state.maneuver_blockers = tuple(c.uid for c in blockers)
        self.emit("4.01.A", "maneuver", "MK-TL-TRACE.maneuver-sends-against", {"player": player, "team": ', '.join(c.label for c in team), "against": against or obj.label})
        label = {"siege": "ostrom", "capture": "bevétel", "combat": "harc"}[kind]
        entry = self.stack.new_entry("maneuver", player, f"{label}: {obj.label}", source=obj.uid,
                               data={"type": "contest", "kind": kind, "team": [c.uid for c in team],
                                     "blockers": [c.uid for c in blockers], "keep": keep})
        self.phases.declare(kind, player, entry, obstructed=bool(blockers))
        self.stack.push(entry, deed=True, mp_bound=True)

    def resolve_contest(self, e: Entry) -> None:
        assert e.source is not None
        obj = self.state.cards[e.source]
        team = [self.state.cards[u] for u in e.data["team"] if self.state.cards[u].zone == Zone.SOR]
        blockers = [self.state.cards[u] for u in e.data["blockers"] if self.state.cards[u].zone == Zone.SOR]
        siege = e.data["kind"] == "siege"
        self.state.maneuver_team = tuple(c.uid for c in team)
        self.state.maneuver_blockers = tuple(c.uid for c in blockers)
        if siege:
            self.state.siege_target, self.state.sieging = obj.uid, e.player
            if not e.data.get("revealed"):
                self._reveal(obj, e.player)
            team = [c for c in team if c.zone == Zone.SOR and c.uid in self.state.maneuver_team]
        if not team:  # the whole initiating team fell in the combat: no team is left to win anything (4.01.D)
            self.emit("4.01.D", "fail", "MK-TL-TRACE.no-team", {"target": obj.label}, card=obj.label)
            self.return_team(blockers, awake=False)
            self._failed(obj, e.player)
            return
        attack = sum(sem.level(self.state, c) for c in team)
        for src, n in sem.team_level_bonus(self.state, e.player, siege):
            attack += n
            self.emit("2.01.b", "team", "MK-TL-TRACE.team-initiating-level", {"src": src.label, "n": n}, card=src.label)
        wall = sem.fal(self.state, obj)
        terms = sem.modifier_terms(self.state, "fal", obj)
        if terms:
            printed = wall - sum(n for _, n in terms)
            self.emit("2.01.b", "fal", "MK-TL-TRACE.fal-counts-modifiers", {"obj": obj.label, "explain": sem.explain(printed, terms)})
        for c in team + blockers:
            lterms = sem.modifier_terms(self.state, "level", c)
            if lterms:
                lvl = sem.level(self.state, c)
                self.emit("6.00", "level", "MK-TL-TRACE.level-counts-modifiers", {"card": c.label, "explain": sem.explain(lvl - sum((n for _, n in lterms)), lterms)})
        block = sum(sem.level(self.state, c) for c in blockers)
        total = block + wall
        self.emit("2.01.b", "fal", "MK-TL-TRACE.fal-obstructing-value-team", {"block": block, "wall": wall, "total": total, "attack": attack})
        won = attack > total or (attack == total and self.options["siege_tie"] == "attacker")
        if won and siege:
            self.emit("4.01.A", "siege", "MK-TL-TRACE.siege-succeeds-falls", {"obj": obj.label}, card=obj.label)
            self.table.to_past(obj)
            self.stack.fire("siege_won", player=e.player)
        elif won:
            old = obj.controller
            obj.controller = e.player
            self.table.move(obj, JELEN)
            self.emit("4.01.A", "capture", "MK-TL-TRACE.captured", {"player": e.player, "card": obj.label, "old": old},
                      card=obj.label)
            if obj.fact(sem.one_such_building):
                self.table.one_building(obj, e.player, e.data.get("keep"))
        else:
            self.emit("4.01.A", "fail", "MK-TL-TRACE.fail-manoeuvre-fails")
        self.return_team(team + blockers, awake=False)
        if not won:
            self._failed(obj, e.player)

    def _failed(self, obj: CardState, player: str) -> None:
        """6.02: the manoeuvre of *player* against *obj* has failed: the timed effects of *player*'s cards that
        wait for it (``at: manoeuvre fails``) fire."""
        mine = [c for c in self.state.cards.values() if sem.controller(self.state, c) == player]
        self.stack.fire_event("maneuver_fails", obj, mine)

    def _reveal_phase(self, run: ManeuverRun) -> None:
        """The tower-level reveal phase of a siege (6.03): the sieged level is revealed (3.01.B)."""
        e = run.entry
        if e.source is None or self.state.cards[e.source].zone != Zone.TORONY:
            return
        self.state.siege_target, self.state.sieging = e.source, e.player
        e.data["revealed"] = True
        level = self.state.cards[e.source]
        if not level.behaviour.on_reveal:
            self.emit("3.01.B", "reveal", "MK-TL-TRACE.revealed", {"card": level.label}, card=level.label)
        self._reveal(level, e.player)

    def _reveal(self, level: CardState, sieger: str) -> None:
        """3.01.B: the sieged tower level is revealed, and its ability ("Felfedésekor …") applies."""
        ops = level.behaviour.on_reveal
        if not ops:
            return
        owner = sem.controller(self.state, level)
        entry = self.stack.new_entry("timed", owner, f"{level.label}: felfedésekor", source=level.uid, ops=ops)
        spec = level.behaviour.targets
        if spec is not None:
            chosen = self.stack.auto_targets(spec, owner, entry)
            if chosen is None:
                self.emit("3.01.B", "reveal", "MK-TL-TRACE.reveal-revealed-ability-has", {"level": level.label}, card=level.label)
                return
            entry.targets = chosen
        self.emit("3.01.B", "reveal", "MK-TL-TRACE.reveal-revealed-siege-ability", {"level": level.label}, card=level.label)
        self.stack.apply_now(entry)

    def resolve(self, e: Entry) -> None:
        """A manoeuvre's declaration unwinds: the initiating team leaves the Sor and its phases begin (6.03)."""
        self.phases.begin(e)

    def settle(self, e: Entry) -> None:
        """The manoeuvre's last phase has closed: a quest's solution, or a siege's, a capture's or a combat's
        result; then the teams return (4.01.G)."""
        if e.data["type"] == "quest":
            self.resolve_quest(e)
        elif e.data.get("kind") == "combat":
            self.resolve_combat(e)
        else:
            self.resolve_contest(e)
