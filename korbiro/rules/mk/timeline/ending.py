"""How a played game ends: the victory rules (1.01, and each variant of 12.00) checked on the engine's state.

A scenario or a game that names its ``variant`` is *played*: after every
action the immediate conditions are checked (1.01.A: a tower level lost, 19
DP and the most), and when a round closes the end-of-round ones (1.01.B).
The verdicts are :func:`korbiro.rules.mk.victory.decide`'s, on a snapshot of
the table (:meth:`Ending.snapshot`), so ``korbiro game result`` and a played
game can never disagree.  A win or a draw ends the game; a player whom the
check puts out of the game (12.00.D) takes their cards with them.

The snapshot follows the variant: players (two players, the common rules,
Ómen); sides sharing a tower (Ikerjáték, Két csapat); the alliance
(Szövetségek); knock-outs and victory points (Kihívás, Körbetámadás).
"""

from __future__ import annotations

from typing import Any

from ..victory import (
    Elimination,
    Member,
    Moment,
    Result,
    ResultPlayer,
    ResultState,
    Team,
    Variant,
    Verdict,
    decide,
    load_variants,
)
from .enums import JOVO, TORONY, Phase, Zone
from .seating import Board, Seating, variant_param

__all__ = ["Ending"]


class Ending:
    """The end of a played game under one variant (see the module docstring)."""

    def __init__(self, table: Board, seating: Seating, variant: str | Variant,
                 options: dict[str, Any] | None = None) -> None:
        self.table = table
        self.state = table.state
        self.emit = table.emit
        #: who plays with and against whom (the front, a card's win as a knock-out)
        self.seating = seating
        self.variant = variant if isinstance(variant, Variant) else load_variants().get(variant)
        #: the variant's parameters changed for this game (``variant_options:``, as a state file's ``options:``)
        self.variant_options = dict(options or {})
        #: what the last snapshot after an action was made of, when the decision was to play on with nobody out
        #: (the same snapshot decides the same: :meth:`check_immediate` does not weigh it again)
        self._quiet: tuple[Any, ...] | None = None

    def param(self, name: str) -> Any:
        """A parameter of the variant for this game (the number of players counts in a formula)."""
        return variant_param(self.variant, self.state, self.variant_options, name)

    # ---------------------------------------------------------------- the snapshot

    def snapshot(self, moment: Moment, elimination: Elimination | None = None) -> ResultState:
        """The table as ``korbiro game result`` reads a state."""
        seats = self.state.seats
        if self.variant.sides == "teams":
            teams: dict[str, list[str]] = {}
            for name in self.state.players:
                teams.setdefault(seats.sides.get(name, name), []).append(name)
            return ResultState(teams=tuple(
                Team(side, len(self.state.players[names[0]].zones[Zone.TORONY]),
                     tuple(Member(n, self.state.players[n].dp, len(self.state.players[n].zones[Zone.JOVO])) for n in names))
                for side, names in teams.items()), moment=moment, variant=self.variant.id, options=self.variant_options,
                no_tower_levels=not self.state.towers_stood)
        players = tuple(ResultPlayer(p.name, p.dp, len(p.zones[Zone.TORONY]), len(p.zones[Zone.JOVO]), p.out,
                                      seats.eliminations.get(p.name, 0), seats.victory_points.get(p.name, 0))
                        for p in self.state.players.values())
        return ResultState(players=players, moment=moment, variant=self.variant.id, alliance=seats.alliance,
                            elimination=elimination, options=self.variant_options,
                            no_tower_levels=not self.state.towers_stood)

    def state_data(self, moment: Moment | None = None) -> dict[str, Any]:
        """The snapshot as the data of a state file (``korbiro game result`` reads it): at the end of a round
        when the round has closed, else at this moment (the immediate conditions)."""
        if moment is None:
            moment = Moment.END_OF_ROUND if self.state.phase == Phase.CLOSING else Moment.IMMEDIATE
        snap = self.snapshot(moment)
        out: dict[str, Any] = {"title": f"round {self.state.round}, {self.state.phase}", "variant": self.variant.id,
                               "moment": moment.value}
        if snap.no_tower_levels:
            out["no_tower_levels"] = True
        if self.state.winner is not None:  # a card's text won the game (1.01): game result says so too
            out["card_win"] = {"player": self.state.winner[0], "reason": self.state.winner[1]}
        if snap.teams:
            out["teams"] = [{"name": t.name, "tower_levels": t.tower_levels,
                             "players": [{"name": m.name, "dp": m.dp, "future_deck": m.future_deck} for m in t.players]}
                            for t in snap.teams]
            return out
        rows = []
        for p in snap.players:
            row: dict[str, Any] = {"name": p.name, "dp": p.dp, "tower_levels": p.tower_levels, "future_deck": p.future_deck}
            if p.out:
                row["out"] = True
            if p.eliminations:
                row["eliminations"] = p.eliminations
            if p.victory_points:
                row["victory_points"] = p.victory_points
            rows.append(row)
        out["players"] = rows
        if snap.alliance:
            out["alliance"] = list(snap.alliance)
        return out

    # ---------------------------------------------------------------- the checks

    def check_immediate(self) -> bool:
        """After an action: a card that won the game (its text), else 1.01.A and its kin.  True: the game ended."""
        if self.state.result is not None:
            return True
        if self.state.winner is not None:
            if self.seating.card_win_knocks_out:
                return self._alternative_win()
            player, why = self.state.winner
            self.state.result = ("win", (player,), "1.01", why)
            return True
        weighed = self._weighed()
        if weighed == self._quiet:
            return False  # nothing the victory rules weigh has changed since they last let the game play on
        result = decide(self.snapshot(Moment.IMMEDIATE), self.variant)
        self._quiet = weighed if result.verdict is Verdict.PLAY_ON and not result.eliminated else None
        return self._apply(result)

    def _weighed(self) -> tuple[Any, ...]:
        """What a :meth:`snapshot` is made of (and nothing else): equal for equal snapshots."""
        seats = self.state.seats
        options = self.variant_options
        return ([(p.name, p.dp, len(p.zones[TORONY]), len(p.zones[JOVO]), p.out) for p in self.state.players.values()],
                tuple(seats.sides.items()) if seats.sides else (),
                tuple(seats.eliminations.items()) if seats.eliminations else (),
                tuple(seats.victory_points.items()) if seats.victory_points else (),
                seats.alliance, self.state.towers_stood, tuple(options.items()) if options else ())

    def check_end_of_round(self) -> bool:
        """When a round closes: the immediate conditions, then the end-of-round ones (1.01.B).  True: the game ended."""
        if self.check_immediate():
            return True
        return self._apply(decide(self.snapshot(Moment.END_OF_ROUND), self.variant))

    def check_knockout(self, elimination: Elimination) -> bool:
        """A knock-out has just been made (12.00.2.C, 12.00.3.C–D): who is out, and whether someone has won."""
        return self._apply(decide(self.snapshot(Moment.IMMEDIATE, elimination), self.variant), elimination)

    def _alternative_win(self) -> bool:
        """Körbetámadás 12.00.3.D: an effect that would win knocks the player in front out instead, then ends and is
        set back (the card's counters go)."""
        assert self.state.winner is not None
        player, why = self.state.winner
        self.state.winner = None
        front = self.seating.front(player)
        self.emit("12.00.3.D", "knockout", "MK-TL-TRACE.knockout-would-win-instead", {"player": player, "why": why, "front": front}, player=player)
        for cs in self.state.cards.values():
            if cs.behaviour.wins is not None and cs.counters and (cs.controller or cs.owner) == player:
                cs.counters.clear()
                self.emit("12.00.3.D", "reset", "MK-TL-TRACE.reset-effect-ends-set", {"card": cs.label}, card=cs.label)
        return self.check_knockout(Elimination(player, front, "alternative-win"))

    def _apply(self, r: Result, elimination: Elimination | None = None) -> bool:
        seats = self.state.seats
        before = self.table.seated()
        for name in r.eliminated:
            if self.variant.family == "elimination":
                if "victory_points_to_win" in self.variant.params and name in before:
                    behind = before[before.index(name) - 1]
                    if behind != name:
                        seats.victory_points[behind] = seats.victory_points.get(behind, 0) + 1
                        self.emit("12.00.3.E", "point", "MK-TL-TRACE.point-goes-out-sitting", {"name": name, "behind": behind, "victory_points": seats.victory_points[behind]}, player=behind)
                elif elimination is not None and name == elimination.target:
                    seats.eliminations[elimination.by] = seats.eliminations.get(elimination.by, 0) + 1
            seats.challenges = {c: t for c, t in seats.challenges.items() if name not in (c, t)}
            self.table.drop_out(name)
        if r.verdict is Verdict.PLAY_ON:
            return False
        en, hu = self._words(r, "en"), self._words(r, "hu")
        if r.verdict is Verdict.NEW_ROUND:
            self.emit(r.rule, "result", "MK-TL-TRACE.result-line", {"en": en, "message": r.message('en'), "en_hu": hu, "message_hu": r.message('hu')})
            return False
        self.state.result = (r.verdict.value, r.winners or r.drawn, r.rule, r.message("en"))
        self.emit(r.rule, "result", "MK-TL-TRACE.result-game-ends", {"en": en, "message": r.message('en'), "en_hu": hu, "message_hu": r.message('hu')},
                  verdict=r.verdict.value)
        return True

    @staticmethod
    def _words(r: Result, lang: str) -> str:
        """``win: Anna`` (the verdict and who, without the rule the trace shows anyway)."""
        return r.headline(lang).removesuffix(f" [{r.rule}]")
