"""How a played game ends: the victory rules (1.01, and each variant of 12.00) checked on the engine's state.

A scenario or a game that names its ``variant`` is *played*: after every
action the immediate conditions are checked (1.01.A: a tower level lost, 19
DP and the most), and when a round closes the end-of-round ones (1.01.B).
The verdicts are :func:`korbiro.rules.mk.victory.decide`'s, on a snapshot of
the table (:meth:`Ending.snapshot`), so ``korbiro game result`` and a played
game can never disagree.  A win or a draw ends the game; a player whom the
check puts out of the game (12.00.D) takes their cards with them.
"""

from __future__ import annotations

from typing import Any

from ..victory import GameState as VictoryState
from ..victory import Moment, Result, Verdict, decide, load_variants
from ..victory import Player as VictoryPlayer
from .table import Part, Table

__all__ = ["Ending"]


class Ending(Part):
    """The end of a played game under one variant (see the module docstring)."""

    def __init__(self, table: Table, variant: str) -> None:
        super().__init__(table)
        self.variant = load_variants().get(variant)

    # ---------------------------------------------------------------- the snapshot

    def snapshot(self, moment: Moment) -> VictoryState:
        """The table as ``korbiro game result`` reads a state: each player's DP, tower levels and Jövő pakli."""
        players = tuple(VictoryPlayer(p.name, p.dp, len(p.zones["torony"]), len(p.zones["jovo"]), p.out)
                        for p in self.state.players.values())
        return VictoryState(players=players, moment=moment, variant=self.variant.id)

    def state_data(self, moment: Moment = Moment.END_OF_ROUND) -> dict[str, Any]:
        """The snapshot as the data of a state file (``korbiro game result`` reads it)."""
        snap = self.snapshot(moment)
        return {"title": f"round {self.state.round}, {self.state.phase}", "variant": self.variant.id,
                "moment": moment.value,
                "players": [{"name": p.name, "dp": p.dp, "tower_levels": p.tower_levels,
                             "future_deck": p.future_deck, **({"out": True} if p.out else {})}
                            for p in snap.players]}

    # ---------------------------------------------------------------- the checks

    def check_immediate(self) -> bool:
        """After an action: a card that won the game (its text), else 1.01.A and its kin.  True: the game ended."""
        if self.state.result is not None:
            return True
        if self.state.winner is not None:
            player, why = self.state.winner
            self.state.result = ("win", (player,), "1.01", why)
            return True
        return self._apply(decide(self.snapshot(Moment.IMMEDIATE), self.variant))

    def check_end_of_round(self) -> bool:
        """When a round closes: the immediate conditions, then the end-of-round ones (1.01.B).  True: the game ended."""
        if self.check_immediate():
            return True
        return self._apply(decide(self.snapshot(Moment.END_OF_ROUND), self.variant))

    def _apply(self, r: Result) -> bool:
        for name in r.eliminated:
            self.table.drop_out(name)
        if r.verdict is Verdict.PLAY_ON:
            return False
        en, hu = self._words(r, "en"), self._words(r, "hu")
        if r.verdict is Verdict.NEW_ROUND:
            self.emit(r.rule, "result", f"{en}: {r.message('en')}", f"{hu}: {r.message('hu')}")
            return False
        self.state.result = (r.verdict.value, r.winners or r.drawn, r.rule, r.message("en"))
        self.emit(r.rule, "result", f"the game ends, {en}: {r.message('en')}", f"a játék véget ér, {hu}: {r.message('hu')}",
                  verdict=r.verdict.value)
        return True

    @staticmethod
    def _words(r: Result, lang: str) -> str:
        """``win: Anna`` (the verdict and who, without the rule the trace shows anyway)."""
        return r.headline(lang).removesuffix(f" [{r.rule}]")
