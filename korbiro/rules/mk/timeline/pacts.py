"""The variants' own deeds (12.00): challenges, knock-outs, alliances and the twin manoeuvre.

* ``kihív "P"`` (Kihívás, 12.00.2.B): challenge a player; one challenge of
  yours at a time, and none against a player already challenged;
* ``kiejt "P" aljára "Q", …`` (Kihívás 12.00.2.C, Körbetámadás 12.00.3.C):
  put solved quests (in Körbetámadás buildings too) worth enough DP at the
  bottom of their owners' Jövő pakli, and knock the player out;
* ``szövetség "P" [akarja]`` (Szövetségek, 12.00.4.B): offer an alliance,
  once a round; with ``akarja`` the other player accepts;
* ``csere "A" -> "B"`` (Ikerjáték, 12.00.5): the pair swaps two awake
  adventurers between its players, once a round.

Each is an MP-bound special manoeuvre of the manoeuvres phase (no timeline of
a deed may be open); it costs no MP and takes effect at once.
"""

from __future__ import annotations

from typing import Final

from ....base import i18n
from ....grammar.action import Action
from .enums import JOVO, SOR, CardStatus, Phase, Zone
from .model import CardState
from .stack import TimelineStack
from .table import Part, Table
from .trace import refused, words

__all__ = ["Pacts"]

_VARIANT_OF: Final = {"challenge": ("12.00.2.B", "Kihívás"), "ally": ("12.00.4.B", "Szövetségek"),
               "swap": ("12.00.5.7", "Ikerjáték"), "eliminate": ("12.00.2.C", "Kihívás or Körbetámadás")}


class Pacts(Part):
    """The special manoeuvres of the variants (see the module docstring)."""

    def __init__(self, table: Table, stack: TimelineStack) -> None:
        super().__init__(table)
        self.stack = stack

    # ---------------------------------------------------------------- shared checks

    def _open(self, player: str, verb: str) -> None:
        """The variant plays this manoeuvre, in the manoeuvres phase, with no deed's timeline open: each
        is an MP-bound special manoeuvre by its own rule (12.00.2.B, 12.00.2.C, 12.00.3.C, 12.00.4.B "Sor
        fázisú, MP-kötött", 12.00.5.7), which the refusals cite."""
        seating = self.table.seating
        rule, name = _VARIANT_OF[verb]
        if verb not in seating.special_maneuvers:
            raise refused("MK-TL-VARIANT.this-manoeuvre-game", rule, name=name, rule=rule, variant_name=seating.variant_name or 'not played under a variant', variant_name_hu=seating.variant_name or 'nem változat szerint folyik')
        if verb == "eliminate" and seating.knockout_rule is not None:
            rule = seating.knockout_rule
        if self.state.phase != Phase.MANEUVERS:
            raise refused("MK-TL-PHASE.special", rule, phase=self.state.phase)
        what, what_hu = words("maneuver", "special")
        self.stack.check_can_add(None, True, what, bound_by=rule, what_hu=what_hu)
        seating.check_mp_bound(player)

    def _player(self, name: str | None, rule: str) -> str:
        if name is None:
            raise refused("MK-TL-PLAYER.name-player", rule)
        who = self.table.player(name)
        if self.state.players[who].out:
            raise refused("MK-TL-PLAYER.out-game", "12.00.D", who=who)
        return who

    # ---------------------------------------------------------------- Kihívás

    def challenge(self, player: str, a: Action) -> None:
        """12.00.2.B: challenge a player, if you have no challenge standing and nobody has challenged them."""
        self._open(player, "challenge")
        target = self._player(a.against, "12.00.2.B")
        seats = self.state.seats
        if target == player:
            raise refused("MK-TL-SELF.challenge", "12.00.2.B")
        standing = seats.challenges.get(player)
        if standing is not None:
            raise refused("MK-TL-CHALLENGE.has-challenge-standing", "12.00.2.B", remedy="MK-TL-CHALLENGE.has-challenge-standing-remedy", player=player, standing=standing)
        by = next((c for c, t in seats.challenges.items() if t == target), None)
        if by is not None:
            raise refused("MK-TL-CHALLENGE.has-already-challenged", "12.00.2.B", by=by, target=target)
        if self.table.checked():
            return  # probed: the commit point is reached
        seats.challenges[player] = target
        self.emit("12.00.2.B", "challenge", "MK-TL-TRACE.challenge-challenges-while-stands", {"player": player, "target": target},
                  player=player)
        self.table.after_deed(player, spent_mp=False)

    # ---------------------------------------------------------------- knock-outs

    def eliminate(self, player: str, a: Action) -> None:
        """12.00.2.C (Kihívás: the challenged, 9 DP of solved quests) and 12.00.3.C (Körbetámadás: the player in
        front, 11 DP of solved quests and buildings): put them at the bottom of their owners' Jövő pakli."""
        self._open(player, "eliminate")
        seating = self.table.seating
        kihivas = "challenge" in seating.special_maneuvers  # the knock-out of a challenge (12.00.2.C)
        rule = seating.knockout_rule or "12.00.3.C"
        target = self._player(a.against, rule)
        wanted = seating.knockout_target(player)
        if target != wanted:
            why = (f"{player} has challenged {wanted}" if wanted else f"{player} has challenged nobody") if kihivas \
                else f"only the player in front ({wanted}) can be knocked out"
            why_hu = (f"{player} kihívottja {wanted}" if wanted else f"{player} senkit sem hívott ki") if kihivas \
                else f"csak az előtte ülő ({wanted}) ejthető ki"
            raise refused("MK-TL-KNOCKOUT.cannot-knock-out", rule, player=player, target=target, why=why, why_hu=why_hu)
        cards = [self._put_away(player, name, seating.knockout_zones, rule) for name in a.targets]
        if len(set(c.uid for c in cards)) != len(cards):
            raise refused("MK-TL-KNOCKOUT.card-named-twice", rule)
        ending = self.table.ending  # a variant with knock-outs is a played game's, which has its ending
        need = int(ending.param("elimination_dp")) if ending is not None else 0
        total = sum(int(c.card.dp or 0) for c in cards)
        if total < need:
            raise refused("MK-TL-KNOCKOUT.dp-put-away", rule, remedy="MK-TL-KNOCKOUT.dp-put-away-remedy", total=total, need=need)
        if self.table.checked():
            return  # probed: the commit point is reached
        for c in cards:
            self.table.move(c, JOVO, owner_zone=c.owner)
        self.state.players[player].dp -= total
        self.emit(rule, "knockout", "MK-TL-TRACE.knockout-puts-dp-bottom", {"player": player, "cards": ', '.join(c.label for c in cards), "total": total, "target": target}, player=player)
        # lazy: the victory rules are read only when a player is knocked out
        from ..victory import Elimination

        elim = Elimination(player, target, "dp", quests=tuple(int(c.card.dp or 0) for c in cards if c.type == "küldetés"),
                           buildings=tuple(int(c.card.dp or 0) for c in cards if c.type == "építmény"))
        if kihivas:
            del self.state.seats.challenges[player]
        self.table.after_deed(player, spent_mp=False)
        if self.table.ending is not None:
            self.table.ending.check_knockout(elim)

    def _put_away(self, player: str, name: str, zones: tuple[str, ...], rule: str) -> CardState:
        cs = self.table.find(name, zones=zones, rule=rule)
        if (cs.controller or cs.owner) != player and cs.zone != Zone.MEGOLDOTT:
            raise refused("MK-TL-KNOCKOUT.not", rule, card=cs.label, player=player)
        if cs.zone == Zone.MEGOLDOTT and cs.uid not in self.state.players[player].zones[Zone.MEGOLDOTT]:
            raise refused("MK-TL-KNOCKOUT.not-among-solved", rule, card=cs.label, player=player)
        if cs.zone == Zone.JELEN and cs.type != "építmény":
            raise refused("MK-TL-KNOCKOUT.neither-solved-quest", rule, card=cs.label)
        return cs

    # ---------------------------------------------------------------- Szövetségek

    def ally(self, player: str, a: Action) -> None:
        """12.00.4.B: offer an alliance, once a round; it is made if the other player accepts (``akarja``).
        One alliance a game, and none with only 3 players left."""
        self._open(player, "ally")
        target = self._player(a.against, "12.00.4.B")
        seats = self.state.seats
        if target == player:
            raise refused("MK-TL-SELF.alliance", "12.00.4.B")
        if seats.alliance:
            raise refused("MK-TL-ALLIANCE.alliance-has-been", "12.00.4.B", alliance=i18n.joined(seats.alliance, "and", "en"), alliance_hu=i18n.joined(seats.alliance, "and", "hu"))
        if len(self.table.seated()) <= 3:
            raise refused("MK-TL-ALLIANCE.alliance-made-only", "12.00.4.B")
        if player in seats.offered:
            raise refused("MK-TL-ALLIANCE.has-offered-alliance", "12.00.4.B", player=player)
        if self.table.checked():
            return  # probed: the commit point is reached
        seats.offered.add(player)
        if not a.accept:
            self.emit("12.00.4.B", "alliance", "MK-TL-TRACE.alliance-offers-declines", {"player": player, "target": target}, player=player)
        else:
            seats.alliance = (player, target)
            self.emit("12.00.4.B", "alliance", "MK-TL-TRACE.alliance-make-rest-game", {"player": player, "target": target}, player=player)
            self.emit("12.00.4.C", "alliance", "MK-TL-TRACE.alliance-are-longer-opponents", {"player": player, "target": target})
        self.table.after_deed(player, spent_mp=False)

    # ---------------------------------------------------------------- Ikerjáték

    def swap(self, player: str, a: Action) -> None:
        """12.00.5: once a round the pair swaps two awake adventurers, one of each of its players (an MP-bound
        manoeuvre): each now controls the other's."""
        self._open(player, "swap")
        assert a.card is not None and a.dest is not None
        mine = self.table.find(a.card, zones=(SOR,), rule="12.00.5.7")
        theirs = self.table.find(a.dest, zones=(SOR,), rule="12.00.5.7")
        seating = self.table.seating
        side = seating.side(player)
        if side in self.state.seats.swapped:
            raise refused("MK-TL-SWAP.has-swapped-adventurers", "12.00.5.7", side=side)
        a_owner, b_owner = mine.controller, theirs.controller
        if a_owner is None or b_owner is None or a_owner == b_owner or {seating.side(a_owner), seating.side(b_owner)} != {side}:
            raise refused("MK-TL-SWAP.swap-takes-one", "12.00.5.7")
        for cs in (mine, theirs):
            if cs.type != "kalandozó" or cs.state != CardStatus.EBER or cs.ghost is not None:
                raise refused("MK-TL-SWAP.only-awake-adventurers", "12.00.5.7", card=cs.label, state=cs.state)
        if self.table.checked():
            return  # probed: the commit point is reached
        self.state.seats.swapped.add(side)
        mine.controller, theirs.controller = b_owner, a_owner
        self.table.move(mine, SOR)
        self.table.move(theirs, SOR)
        self.emit("12.00.5.7", "swap", "MK-TL-TRACE.swap-twin-manoeuvre-now", {"b_owner": b_owner, "mine": mine.label, "a_owner": a_owner, "theirs": theirs.label}, player=player)
        self.table.after_deed(player, spent_mp=False)
