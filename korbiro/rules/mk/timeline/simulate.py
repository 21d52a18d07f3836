"""Deck testing: many played games between two decks, and what they add up to (``korbiro sim``).

A :class:`Match` is the two decks, the variant and each deck's policy; its
game *i* (:meth:`Match.play`) is dealt and played from a seed that derives
from the match's seed and *i* only, with deck A's player seated first in the
even games and deck B's in the odd ones, so that a run's figures are the same
however its games are shared among processes (:func:`run`).  A
:class:`Tally` adds the games up: deck A's win rate with its 95% Wilson
interval, the draws and unfinished games, the average length, and how the
games ended (the victory rule the engine cites, 1.01 and 12.00).

    >>> from korbiro.data.check import load_database
    >>> from korbiro.data.paths import shipped_db_path
    >>> cards = {c.name: c for c in load_database([shipped_db_path()])}
    >>> a, b = sample_decks()[:2]
    >>> tally = Tally.of(run(Match(a, b, cards.get), 2))
    >>> tally.games, tally.a_wins + tally.b_wins + tally.draws + tally.unfinished
    (2, 2)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from random import Random
from typing import Any

from ....base.errors import UsageError
from ....data.cards import Card
from ....grammar.decklist import DeckList
from .engine import Engine
from .game import deal, play, sample_decks
from .policies import Seated, make_policy

__all__ = ["Match", "Outcome", "Tally", "game_seed", "run", "sample_decks", "wilson"]

#: The seats of a simulated game: deck A's player and deck B's.
PLAYERS = ("A", "B")
#: z of a two-sided 95% interval.
_Z95 = 1.959963984540054


def game_seed(seed: int, i: int) -> int:
    """Game *i*'s seed, from the run's *seed* and *i* only."""
    return Random(f"korbiro-sim:{seed}:{i}").getrandbits(48)


@dataclass(frozen=True)
class Outcome:
    """One game: the deck that won (``A``, ``B``, or None), the verdict (win, draw, unfinished), the rule the
    engine cites for it, the rounds played and the players' actions."""

    winner: str | None
    verdict: str
    rule: str
    rounds: int
    actions: int


@dataclass(frozen=True)
class Match:
    """Two decks, the card of a name (*cards*), the variant and each deck's policy (by name, :mod:`.policies`).
    To play in several processes, *cards* must travel to them (pickle): ``korbiro sim``'s opens the database's
    index in each process."""

    deck_a: DeckList
    deck_b: DeckList
    cards: Callable[[str], Card | None]
    variant: str | None = None
    policies: tuple[str, str] = ("random", "random")
    seed: int = 0
    max_rounds: int = 100

    def check(self) -> None:
        """Refuse what no game could be played with: a policy not known, a variant not for two players, a card
        the database lacks (each refusal as the game would say it: file:line for a card)."""
        for name in self.policies:
            make_policy(name)
        if self.variant is not None:
            # lazy: the victory rules are read only when a variant is named
            from ..victory import load_variants

            v = load_variants().get(self.variant)
            if v.players_min > 2 or v.sides == "teams":
                raise UsageError.said("MK-SIM-VARIANT", variant=v.id, players=v.players_min)
        self.deal(0)

    def deal(self, i: int) -> tuple[Engine, tuple[str, str]]:
        """Game *i*'s table, and which deck sits first and second."""
        order = PLAYERS if i % 2 == 0 else PLAYERS[::-1]
        decks = {"A": self.deck_a, "B": self.deck_b}
        eng = deal([(p, decks[p]) for p in order], self.cards, seed=game_seed(self.seed, i), variant=self.variant)
        return eng, (order[0], order[1])

    def play(self, i: int) -> Outcome:
        """Play game *i* to its end (or the round limit)."""
        eng, _ = self.deal(i)
        seed = game_seed(self.seed, i)
        policies = Seated({p: make_policy(name, seed + k) for k, (p, name) in enumerate(zip(PLAYERS, self.policies, strict=True))})
        record = play(eng, policies, max_rounds=self.max_rounds)
        verdict, who, rule, _ = record.result()
        winner = who[0] if verdict == "win" and who else None
        rounds = eng.state.round if eng.over else eng.state.round - 1
        actions = sum(1 for player, _ in record.steps if player is not None)
        return Outcome(winner, verdict, rule, rounds, actions)


def run(match: Match, games: int, jobs: int = 1, on_game: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    """Play *games* games of *match* in *jobs* processes; the outcomes in game order (the same for any *jobs*)."""
    outcomes: list[Outcome] = []
    for outcome in _played(match, games, jobs):
        outcomes.append(outcome)
        if on_game is not None:
            on_game(outcome)
    return outcomes


def _played(match: Match, games: int, jobs: int) -> Iterator[Outcome]:
    if jobs <= 1 or games <= 1:
        yield from (match.play(i) for i in range(games))
        return
    import multiprocessing  # lazy: only a run in several processes starts them

    with multiprocessing.get_context("spawn").Pool(jobs, initializer=_set_match, initargs=(match,)) as pool:
        yield from pool.imap(_play_one, range(games), chunksize=max(1, min(8, games // (jobs * 4))))


_MATCH: list[Match] = []


def _set_match(match: Match) -> None:
    """A worker process's match (sent once, not with every game)."""
    _MATCH[:] = [match]


def _play_one(i: int) -> Outcome:
    return _MATCH[0].play(i)


def wilson(wins: int, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion *wins*/*n* (95% by default); (0, 1) when *n* is 0."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Tally:
    """A run's figures (see the module docstring)."""

    games: int
    a_wins: int
    b_wins: int
    draws: int
    unfinished: int
    rounds: float
    actions: float
    #: the rule each game ended by -> how many games (a draw's and a win's alike; not the unfinished ones)
    endings: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, outcomes: list[Outcome]) -> Tally:
        n = len(outcomes)
        verdicts = Counter(o.verdict for o in outcomes)
        endings = Counter(o.rule for o in outcomes if o.verdict != "unfinished")
        return cls(n, sum(o.winner == "A" for o in outcomes), sum(o.winner == "B" for o in outcomes),
                   verdicts["draw"], verdicts["unfinished"],
                   sum(o.rounds for o in outcomes) / n if n else 0.0, sum(o.actions for o in outcomes) / n if n else 0.0,
                   dict(sorted(endings.items(), key=lambda kv: (-kv[1], kv[0]))))

    @property
    def win_rate(self) -> float:
        return self.a_wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.a_wins, self.games)

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {"games": self.games, "a_wins": self.a_wins, "b_wins": self.b_wins, "draws": self.draws,
                "unfinished": self.unfinished, "a_win_rate": round(self.win_rate, 4),
                "a_win_rate_95": [round(lo, 4), round(hi, 4)], "average_rounds": round(self.rounds, 2),
                "average_actions": round(self.actions, 2), "endings": dict(self.endings)}
