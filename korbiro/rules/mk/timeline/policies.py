"""Who chooses a played game's moves: the :class:`Policy` protocol and the policies by name.

A policy (:class:`.game.Policy`) answers two questions of :func:`.game.play`: which legal action a
player takes now (:meth:`Policy.choose`), and which player of the active side
acts when a side has several (:meth:`Policy.who`, 12.00.5).  ``korbiro play``,
``korbiro sim`` and the table look a policy up by its name here::

    >>> sorted(POLICIES)
    ['bot', 'random']
    >>> type(make_policy("random", seed=1)).__name__
    'RandomPolicy'

:class:`Seated` gives each player a policy of their own (the bot against the
random player in ``korbiro sim --policies bot,random``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from ....base.errors import UsageError
from .bots import GreedyBot
from .game import Policy, RandomPolicy

if TYPE_CHECKING:
    from ....grammar.action import Action
    from .engine import Engine

__all__ = ["POLICIES", "Policy", "Seated", "make_policy"]


#: Each policy's name -> how it is made from a seed.
POLICIES: dict[str, Callable[[int], Policy]] = {
    "random": RandomPolicy,
    "bot": GreedyBot,
}


def make_policy(name: str, seed: int = 0) -> Policy:
    """The policy called *name*, seeded; an unknown name is a usage error naming the known ones."""
    factory = POLICIES.get(name)
    if factory is None:
        raise UsageError.said("MK-POLICY", name=name, known=", ".join(sorted(POLICIES)))
    return factory(seed)


class Seated:
    """Each player plays by a policy of their own (a side's choice of player is its first player's policy's)."""

    def __init__(self, policies: Mapping[str, Policy]) -> None:
        self.policies = dict(policies)

    def choose(self, eng: Engine, player: str) -> Action:
        return self.policies[player].choose(eng, player)

    def who(self, eng: Engine, players: Sequence[str]) -> str:
        return self.policies[players[0]].who(eng, players)
