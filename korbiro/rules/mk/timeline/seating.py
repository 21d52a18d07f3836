"""The seats of a game: who plays with and against whom, and whose turn it is (1.01, 12.00).

Two players play against each other.  The variants of 12.00 change that:

* **Ikerjáték** and **Két csapat** (12.00.5, 12.00.6): players sit in sides
  (pairs, teams) that share their tower, send mixed teams and act as one: the
  active side is the one with more MP in all, and any of its players acts;
* **Szövetségek** (12.00.4): two allied players are no opponents and may send
  mixed teams;
* **Körbetámadás** (12.00.3): each player sieges and captures only from the
  player in front, is obstructed only by them, and solves only their own quests;
* **Kihívás** (12.00.2): while a challenge stands, only the challenged and the
  challenger's own challenger may obstruct or attack the challenger;
* **Ómen** (12.00.1): the active-player rule sees only the players whose Ómen
  is in play, and a player who has made the Ómen-pass takes their deeds alone.

:class:`Seating` answers these questions for the other parts of the engine,
under the common rules: without a variant (a ruling that is not played out),
two players, or more by the common rules of 12.00, every player plays alone
against every other.  Each variant that changes them is one small subclass
that overrides its hooks (who may act, opponents, the tower holder, the
MP-bound and target checks, mixed teams, the knock-outs that decide victory),
chosen from :data:`SEATINGS` by the variant's id (:func:`seating_for`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol

from ....base.errors import IllegalActionError
from ....grammar.behaviour import Op
from . import semantics as sem
from .enums import VariantId, Zone
from .model import CardState, GameState, Player
from .trace import refused, words

if TYPE_CHECKING:
    from ..victory import Variant

__all__ = ["SEATINGS", "TURN_RULES", "AllianceSeating", "Board", "ChallengeSeating", "OmenSeating", "PairSeating",
           "RoundAttackSeating", "Seating", "TeamSeating", "seating_for"]

#: The words of a siege and a capture in the refusals (English, Hungarian).

#: Why a player is the active player -> the rule that makes them so (a refusal out of turn cites it; its
#: message is ``MK-TL-TURN.<why>``).
TURN_RULES: Final = {
    "most-mp": "12.00",      # the one with the most MP
    "stays": "12.00.B",      # spent no MP on their deed and stays active
    "after-pass": "12.00.C",  # after a pass, the next player in MP order
    "passed": "6.03",        # two players: after a pass the other acts
    "pair": "12.00.5.2",     # the active pair (Ikerjáték; Két csapat by 12.00.6.B)
    "omen-run": "12.00.1.C",  # taking one's MP-bound deeds after the Ómen-pass
    "omen": "12.00.1.D",     # the most MP among the players whose Ómen is in play
    "set": "12.00",          # the scenario's setup names the active player
}


class Board(Protocol):
    """What the seats and the ending read of the table (:class:`~.table.Table` is one; the table builds both)."""

    state: GameState

    def emit(self, rule: str, event: str, key: str, args: Mapping[str, Any] = ..., /, **data: Any) -> None: ...

    def seated(self) -> list[str]: ...

    def player(self, name: str | None) -> str: ...

    def drop_out(self, player: str) -> None: ...


def variant_param(variant: Variant, state: GameState, options: Mapping[str, object], name: str) -> Any:
    """A parameter of *variant* for the game of *state* (the number of players, and of a side's, counts in a
    formula), after the game's *options*."""
    sides = state.seats.sides
    sizes = [len([p for p in state.players if sides.get(p, p) == s]) for s in set(sides.get(p, p) for p in state.players)]
    return variant.value(name, len(state.players), max(sizes, default=1), options)


class Seating:
    """Sides, opponents and the active player of one game under the common rules (see the module docstring);
    each variant's subclass overrides the hooks its rules change."""

    #: the variant whose rules these are (None: the common rules)
    variant_id: ClassVar[VariantId | None] = None
    #: the players sit in sides that share their tower, their obstacles and their turn (12.00.5, 12.00.6)
    shares_tower: ClassVar[bool] = False
    #: the rule that lets several players' adventurers form one team; None where no variant rule speaks of it
    mixed_teams_by: ClassVar[str | None] = None
    #: the rule a refusal cites when a player names a partner as their opponent (besides an ally, 12.00.4.C)
    partner_rule: ClassVar[str] = "12.00.A"
    #: the special manoeuvres of the variant (:mod:`.pacts`: challenge, eliminate, ally, swap)
    special_maneuvers: ClassVar[frozenset[str]] = frozenset()
    #: the rule of a knock-out (12.00.2.C, 12.00.3.C); None where there are none
    knockout_rule: ClassVar[str | None] = None
    #: the zones whose cards a knock-out puts away (solved quests; in Körbetámadás buildings too)
    knockout_zones: ClassVar[tuple[str, ...]] = (Zone.MEGOLDOTT,)
    #: a card that wins the game knocks a player out instead (12.00.3.D)
    card_win_knocks_out: ClassVar[bool] = False
    #: each player has an Ómen beside their deck (12.00.1.A)
    deals_omens: ClassVar[bool] = False

    def __init__(self, table: Board, variant: Variant | None = None, options: Mapping[str, object] | None = None) -> None:
        self.table = table
        self.state = table.state
        self.emit = table.emit
        #: the victory variant, or None for a ruling not played out
        self.variant = variant
        #: the variant's parameters changed for this game (``variant_options:``)
        self.variant_options = dict(options or {})
        self.seats = table.state.seats

    def param(self, name: str) -> Any:
        """A parameter of the variant for this game; None for a ruling not played out."""
        return variant_param(self.variant, self.state, self.variant_options, name) if self.variant is not None else None

    @property
    def variant_name(self) -> str:
        """The id of the variant played ("" for a ruling that is not played out)."""
        return self.variant.id if self.variant is not None else ""

    # ---------------------------------------------------------------- sides

    def side(self, player: str) -> str:
        return self.seats.sides.get(player, player)

    def friendly(self, a: str, b: str) -> bool:
        """*a* and *b* play together: the same side (12.00.5, 12.00.6) or the alliance (12.00.4.C)."""
        if a == b or self.side(a) == self.side(b):
            return True
        return a in self.seats.alliance and b in self.seats.alliance

    def partners(self, player: str) -> list[str]:
        """The other players still in the game who play with *player*."""
        return [p for p in self.table.seated() if p != player and self.friendly(p, player)]

    def opponents(self, player: str) -> list[str]:
        """The players still in the game who play against *player*."""
        return [p for p in self.table.seated() if not self.friendly(p, player)]

    def choose_opponent(self, player: str, named: str | None, card: str, refers: bool) -> tuple[str, ...]:
        """12.00.A: the opponent an effect of *card* refers to ("egy ellenfeled": ``refers``) is the one its player
        names (``ellen "P"``), or the only one; with several and none named the action is refused, as it is for a
        player who is no opponent, or out (12.00.D), or an ``ellen`` for an effect that refers to none."""
        if not refers:
            if named is not None:
                raise refused("MK-TL-OPPONENT.none", "12.00.A", card=card)
            return ()
        opponents = self.opponents(player)
        if named is None:
            if len(opponents) > 1:
                raise refused("MK-TL-OPPONENT.choose", "12.00.A", remedy="MK-TL-OPPONENT.remedy", card=card,
                              player=player, names=[f'"{n}"' for n in opponents])
            return tuple(opponents)
        who = self.table.player(named)
        if self.state.players[who].out:
            raise refused("MK-TL-OUT", "12.00.D", player=who)
        if who not in opponents:
            rule = "12.00.A"
            if who != player and who in self.seats.alliance and player in self.seats.alliance:
                rule = "12.00.4.C"  # allies are no opponents
            elif who != player:
                rule = self.partner_rule  # a partner of the pair or the team (12.00.5)
            raise refused("MK-TL-OPPONENT.not", rule, player=player, other=who)
        return (who,)

    def next_opponent(self, player: str, ops: tuple[Op, ...]) -> tuple[str, ...]:
        """The opponent of an effect that refers to "one of your opponents" (12.00.A) when no action chose one
        (a timed effect, a tower level revealed): the next opponent after *player* in seating order (korbiro's
        reading, docs/rulings.md); the trace says so when there was a choice."""
        if not sem.refers_to_an_opponent(ops):
            return ()
        opponents = self.opponents(player)
        if not opponents:
            return ()
        seated = self.table.seated()
        start = seated.index(player) + 1 if player in seated else 0
        chosen = next(p for p in seated[start:] + seated[:start] if p in opponents)
        self.announce_opponent(player, (chosen,), "MK-TL-OPPONENT.next")
        return (chosen,)

    def announce_opponent(self, player: str, chosen: tuple[str, ...], key: str = "MK-TL-OPPONENT.chosen") -> None:
        """The trace line of a choice of opponent (12.00.A), when *player* had more than one to choose from."""
        if chosen and len(self.opponents(player)) > 1:
            self.emit("12.00.A", "opponent", key, {"player": player, "other": chosen[0]}, player=player)

    def members(self, side: str) -> list[str]:
        return [p for p in self.table.seated() if self.side(p) == side]

    def mixed_team_rule(self) -> str | None:
        """The rule that says who may send a team mixed of several players' adventurers: the allies of
        Szövetségek (12.00.4.B, "míg a többi játékos nem"), the pair of Ikerjáték (12.00.5.4; a team of Két csapat
        by 12.00.6.B); None where no variant rule speaks of mixed teams."""
        return self.mixed_teams_by

    def tower_holder(self, player: str) -> str:
        """Whose tower zone holds *player*'s side's tower levels (a pair's and a team's are shared)."""
        return player

    # ---------------------------------------------------------------- seating order (Körbetámadás)

    def front(self, player: str) -> str | None:
        """The player in front (12.00.3.A): the next one still in the game, in seating order."""
        seated = self.table.seated()
        if player not in seated or len(seated) < 2:
            return None
        return seated[(seated.index(player) + 1) % len(seated)]

    def behind(self, player: str) -> str | None:
        seated = self.table.seated()
        if player not in seated or len(seated) < 2:
            return None
        return seated[seated.index(player) - 1]

    def siege_default(self, player: str) -> str | None:
        """The player *player*'s siege goes against when it names none, if the variant names one (12.00.3.A);
        None: the first opponent."""
        return None

    def knockout_target(self, player: str) -> str | None:
        """The player *player* may knock out (12.00.2.C, 12.00.3.C); None: nobody."""
        return None

    # ---------------------------------------------------------------- who may act against whom

    def check_target(self, player: str, target: str, maneuver: str) -> None:
        """May *player* siege or capture (*maneuver*) from *target* (12.00.4.C, 12.00.5; a variant adds its own
        rules)?  Raises the refusal."""
        if target == player:
            raise refused("MK-TL-SELF.nobody-acts-against", "4.01.C")
        if self.friendly(player, target):
            raise self._not_opponent(player, target, maneuver)

    def _not_opponent(self, player: str, target: str, maneuver: str) -> IllegalActionError:
        """The refusal of a siege or capture against a player who plays with *player*: an ally, who is no
        opponent (12.00.4.C), or a player of the same side, whose tower (12.00.5.6) and buildings (12.00.5.3) are
        the side's own."""
        if self.side(player) != self.side(target):
            return refused(f"MK-TL-SELF.ally-{maneuver}", "12.00.4.C", player=player, target=target)
        return refused(f"MK-TL-SELF.partner-{maneuver}", "12.00.5.6" if maneuver == "siege" else "12.00.5.3",
                       player=player, target=target)

    def check_blockers(self, player: str, blockers: list[CardState]) -> None:
        """May these adventurers obstruct *player*'s leave-row manoeuvre (12.00.3.A, 12.00.2.B)?"""
        self.check_obstructors(player, {b.controller or b.owner for b in blockers})

    def check_obstructors(self, player: str, owners: set[str]) -> None:
        """May the players *owners* obstruct *player*'s leave-row manoeuvre, with a team or an obstacle
        (12.00.3.A, 12.00.2.B)?  Raises the refusal; under the common rules any opponent may."""

    def check_quest(self, player: str, quest: CardState) -> None:
        """May *player* send an initiating team to *quest* (12.00.3.A)?  Under the common rules, to any."""

    def check_initiating(self, player: str) -> None:
        """May *player* send an initiating team now (12.00.1.C)?  Under the common rules, yes."""

    def check_mp_bound(self, player: str) -> None:
        """May *player* take an MP-bound deed now (12.00.1.C)?  Under the common rules, yes."""

    def check_new_quest(self) -> None:
        """May a quest come into play (12.00.3.G)?  Under the common rules, yes."""

    def check_building(self, player: str) -> None:
        """May *player* control one more building (12.00.5.3)?  Under the common rules, yes (1.14.4 aside)."""

    # ---------------------------------------------------------------- the active player

    def omen_in_force(self) -> bool:
        """The Ómen rules of turn order apply (12.00.1.D: some Ómen is in play)."""
        return False

    def in_turn_order(self) -> list[str]:
        """The players the active-player rule looks at: everyone still in the game."""
        return self.table.seated()

    def active_player(self) -> str:
        """The active player (12.00): the one with the most MP (a variant weighs them its own way); in Ómen the
        player taking their run."""
        seated = self.table.seated()
        if self.state.active is not None and self.state.active in seated:
            return self.state.active
        if self.seats.omen_run is not None and self.seats.omen_run in seated:
            return self.seats.omen_run
        players = [self.state.players[n] for n in (self.in_turn_order() or self.table.seated())]
        if not players:
            raise refused("MK-TL-NO-PLAYER.scenario-has-players", "1.01")
        return max(self._contenders(players), key=lambda p: p.mp).name

    def _contenders(self, players: list[Player]) -> list[Player]:
        """Among whom the one with the most MP is the active player."""
        return players

    def turn(self) -> tuple[str, str]:
        """The active player and why (a key of :data:`TURN_RULES`): the reason recorded when a rule made them
        active (12.00.B, 12.00.C, a pass), else the rule :meth:`active_player` works them out by."""
        active = self.active_player()
        if self.state.active is not None:
            return active, self.state.active_by or "set"
        if self.seats.omen_run is not None:
            return active, "omen-run"
        return active, self._turn_reason()

    def _turn_reason(self) -> str:
        """Why the active player worked out by :meth:`active_player` is active (a key of :data:`TURN_RULES`)."""
        return "most-mp"

    def may_act_for(self, player: str, active: str) -> bool:
        """*player* may act now that *active* is the active player: the same player."""
        return player == active

    # ---------------------------------------------------------------- Ómen

    def omen_in_play(self, player: str) -> bool:
        uid = self.seats.omens.get(player)
        return uid is not None and self.state.cards[uid].zone == Zone.JELEN


class OmenSeating(Seating):
    """Ómen (12.00.1): the active-player rule sees only the players whose Ómen is in play, and a player who has
    made the Ómen-pass takes their deeds alone."""

    variant_id = VariantId.OMEN
    deals_omens = True

    def omen_in_force(self) -> bool:
        return bool(self.seats.omens)

    def in_turn_order(self) -> list[str]:
        """Only the players whose Ómen is in play (12.00.1.D)."""
        if self.omen_in_force():
            return [p for p in self.table.seated() if self.omen_in_play(p)]
        return super().in_turn_order()

    def _turn_reason(self) -> str:
        if self.omen_in_force() and len(self.in_turn_order()) < len(self.table.seated()):
            return "omen"
        return super()._turn_reason()

    def check_initiating(self, player: str) -> None:
        """After their run a player sends no initiating team for the rest of the round (12.00.1.C)."""
        if player in self.seats.omen_done:
            raise refused("MK-TL-OMEN.has-had-their", "12.00.1.C", player=player)

    def check_mp_bound(self, player: str) -> None:
        """After their run a player takes no more MP-bound deeds this round (12.00.1.C)."""
        if player in self.seats.omen_done:
            raise refused("MK-TL-OMEN.has-had-their-2", "12.00.1.C", player=player)


class ChallengeSeating(Seating):
    """Kihívás (12.00.2): while a challenge stands, only the challenged and the challenger's own challenger may
    obstruct or attack the challenger; the challenger knocks the challenged out."""

    variant_id = VariantId.KIHIVAS
    special_maneuvers = frozenset({"challenge", "eliminate"})
    knockout_rule = "12.00.2.C"

    def knockout_target(self, player: str) -> str | None:
        return self.seats.challenges.get(player)

    def _allowed_against(self, player: str) -> set[str]:
        return {self.seats.challenges[player], *(c for c, t in self.seats.challenges.items() if t == player)}

    def check_target(self, player: str, target: str, maneuver: str) -> None:
        super().check_target(player, target, maneuver)
        if target in self.seats.challenges:
            allowed = self._allowed_against(target)
            if player not in allowed:
                raise refused("MK-TL-CHALLENGE.has-challenge-standing-2", "12.00.2.B", target=target, sorted=', '.join(sorted(allowed)))

    def check_obstructors(self, player: str, owners: set[str]) -> None:
        if player in self.seats.challenges:
            allowed = self._allowed_against(player)
            wrong = sorted(o for o in owners if o not in allowed)
            if wrong:
                raise refused("MK-TL-CHALLENGE.obstructors", "12.00.2.B", player=player,
                              allowed=", ".join(sorted(allowed)), wrong=", ".join(wrong))


class RoundAttackSeating(Seating):
    """Körbetámadás (12.00.3): each player sieges and captures only from the player in front, is obstructed only
    by them, solves only their own quests, and knocks the player in front out."""

    variant_id = VariantId.KORBETAMADAS
    special_maneuvers = frozenset({"eliminate"})
    knockout_rule = "12.00.3.C"
    knockout_zones = (Zone.MEGOLDOTT, Zone.JELEN)
    card_win_knocks_out = True

    def siege_default(self, player: str) -> str | None:
        return self.front(player)

    def knockout_target(self, player: str) -> str | None:
        return self.front(player)

    def check_target(self, player: str, target: str, maneuver: str) -> None:
        super().check_target(player, target, maneuver)
        front = self.front(player)
        if target != front:
            what = words("may", maneuver)
            raise refused("MK-TL-SEAT.front", "12.00.3.A", remedy="MK-TL-SEAT.front-remedy", player=player,
                          what=what[0], what_hu=what[1], front=front)

    def check_obstructors(self, player: str, owners: set[str]) -> None:
        front = self.front(player)
        wrong = sorted(o for o in owners if o != front)
        if wrong:
            raise refused("MK-TL-SEAT.only-player-front", "12.00.3.A", player=player, front=front, wrong=', '.join(wrong))

    def check_quest(self, player: str, quest: CardState) -> None:
        """A player sends an initiating team only to their own quests (12.00.3.A)."""
        if (quest.controller or quest.owner) != player:
            raise refused("MK-TL-SEAT.korbetamadas-each-player", "12.00.3.A", quest=quest.label, controller=quest.controller or quest.owner)

    def check_new_quest(self) -> None:
        """With the siege-only rule no quest comes into play (12.00.3.G)."""
        if self.param("siege_only"):
            raise refused("MK-TL-SEAT.only-sieges-are", "12.00.3.G")


class AllianceSeating(Seating):
    """Szövetségek (12.00.4): two allied players are no opponents and may send mixed teams."""

    variant_id = VariantId.SZOVETSEGEK
    special_maneuvers = frozenset({"ally"})
    mixed_teams_by = "12.00.4.B"


class PairSeating(Seating):
    """Ikerjáték (12.00.5): the players sit in pairs that share their tower, send mixed teams and act as one:
    the active pair is the one with more MP in all, and any of its players acts."""

    variant_id = VariantId.IKERJATEK
    shares_tower = True
    mixed_teams_by = "12.00.5.4"
    partner_rule = "12.00.5"
    special_maneuvers = frozenset({"swap"})

    def tower_holder(self, player: str) -> str:
        return next((p for p in self.state.players if self.side(p) == self.side(player)), player)

    def check_building(self, player: str) -> None:
        """A pair (a team) controls at most 4 buildings (12.00.5.3)."""
        most = int(self.param("max_buildings") or 4)
        have = sum(1 for cs in self.state.cards.values()
                   if cs.type == "építmény" and cs.zone == Zone.JELEN
                   and self.side(cs.controller or cs.owner) == self.side(player))
        if have >= most:
            raise refused("MK-TL-SEAT.side-already-controls", "12.00.5.3", player=player, have=have, most=most)

    def _contenders(self, players: list[Player]) -> list[Player]:
        """The players of the side with the most MP in all (12.00.5.2)."""
        totals: dict[str, int] = {}
        for p in players:
            totals[self.side(p.name)] = totals.get(self.side(p.name), 0) + p.mp
        best_side = max(totals, key=lambda s: totals[s])
        return [p for p in players if self.side(p.name) == best_side]

    def _turn_reason(self) -> str:
        return "pair"

    def may_act_for(self, player: str, active: str) -> bool:
        """Any player of the active side ("Az aktív páros eldöntheti, hogy melyik játékosa cselekedjen", 12.00.5)."""
        return player == active or self.side(player) == self.side(active)


class TeamSeating(PairSeating):
    """Két csapat (12.00.6): two teams, each playing as Ikerjáték's pair does (12.00.6.B)."""

    variant_id = VariantId.KET_CSAPAT


#: The seating rules of each variant by its id; a variant not named here plays by the common rules.
SEATINGS: Final[Mapping[str, type[Seating]]] = {
    cls.variant_id: cls
    for cls in (OmenSeating, ChallengeSeating, RoundAttackSeating, AllianceSeating, PairSeating, TeamSeating)
    if cls.variant_id is not None
}


def seating_for(table: Board, variant: Variant | None, options: Mapping[str, object] | None = None) -> Seating:
    """The seats of *table* under *variant* (None: a ruling that is not played out), its parameters changed by
    *options*."""
    cls = SEATINGS.get(variant.id, Seating) if variant is not None else Seating
    return cls(table, variant, options)
