"""Whole games: a table dealt from deck lists, played to the end by a policy, and recorded.

:func:`deal` seats the players with their decks (each deck's three tower
levels in the order listed, the lowest first, 3.01.A; the rest shuffled into
the Jövő pakli by the seed).  :func:`play` starts the game (the first draw,
1.02.B, then round 1) and lets a :class:`RandomPolicy` choose among the legal
actions of whoever may act, until the victory rules end the game
(:mod:`.ending`) or a round limit is reached.  Every step is the engine's own
action, so the :class:`Record` of a game is a ruling scenario: replaying it
(:meth:`Record.scenario`) gives the same game, step for step.

    >>> from korbiro.data.check import load_database
    >>> from korbiro.data.paths import shipped_db_path
    >>> cards = {c.name: c for c in load_database([shipped_db_path()])}
    >>> eng = deal([("Anna", sample_decks()[0]), ("Béla", sample_decks()[1])], cards.get, seed=1)
    >>> record = play(eng, RandomPolicy(1))
    >>> eng.over, record.result()[0] in ("win", "draw")
    (True, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from random import Random
from typing import Any, Final, Protocol

from mypy_extensions import mypyc_attr

from ....base.errors import DataError, IllegalActionError
from ....data.cards import Card
from ....data.paths import package_file
from ....grammar.action import PASS, Action, render
from ....grammar.decklist import DeckList, parse_deck_text
from .engine import Engine
from .enums import JOVO, KIVUL, TORONY, VariantId
from .legal import LegalAction
from .model import ZONES
from .rules import FORMATS

__all__ = ["SAMPLE_DECKS", "MAX_ROUNDS", "Policy", "RandomPolicy", "Record", "deal", "play", "sample_decks", "to_act"]

#: The decks shipped with the sample database (``korbiro/data/mk/decks``), dealt in turn to the players.
SAMPLE_DECKS: Final = ("kincsvadaszok", "ostromlok", "misztikusok")
#: Each sample deck's Ómen (12.00.1.A: a permanent event card beside the deck), for the Ómen variant.
SAMPLE_OMENS: Final = {"kincsvadaszok.deck": "Kotan vigyázó tekintete", "ostromlok.deck": "Zászlóháború",
                "misztikusok.deck": "Kotan vigyázó tekintete"}
#: A played game that has not ended after this many rounds stops, unfinished.
MAX_ROUNDS: Final = 100
#: The steps one round may take (a guard against a bug of the engine: random play never needs it).
_MAX_STEPS_A_ROUND: Final = 2000
#: A game in which no card, DP or deck has changed for this many rounds is stuck (random play can paint itself
#: into a corner: no adventurer left, and hands full of cards nobody can play, so nobody draws either).
STALL_ROUNDS: Final = 10

# the zones of a scenario's setup, in the order a record writes them
_SETUP_ZONES: Final = {"kez": "hand", "jovo": "jövő", "sor": "sor", "jelen": "jelen", "torony": "torony",
                "raktar": "raktár", "mult": "múlt", "melyseg": "mélység", "megoldott": "megoldott"}


@cache
def sample_decks() -> tuple[DeckList, ...]:
    """The shipped sample decks, in the order of :data:`SAMPLE_DECKS`."""
    base = package_file("data/mk/decks")
    return tuple(parse_deck_text((base / f"{name}.deck").read_text("utf-8"), f"{name}.deck") for name in SAMPLE_DECKS)


def _cards(deck: DeckList, section: str, lookup: Callable[[str], Card | None]) -> list[Card]:
    out: list[Card] = []
    for entry in deck.section(section):
        card = lookup(entry.name)
        if card is None:
            raise DataError.said("MK-PLAY-CARD", path=deck.path, line=entry.line, file=deck.path, at=entry.line,
                                 name=entry.name)
        out.extend([card] * entry.count)
    return out


def deal(seats: Sequence[tuple[str, DeckList]], lookup: Callable[[str], Card | None], *, seed: int = 0,
         variant: str | None = None, fmt: str | None = None, options: Mapping[str, str] | None = None,
         omens: Mapping[str, str] | None = None) -> Engine:
    """A table with each player's deck: tower levels as listed (the lowest first), the rest shuffled
    into the Jövő pakli by *seed*.  The variant defaults to the two-player game, or the common rules of
    12.00 for more players; more than two players play under the archived format (12.00).

    In Ikerjáték and Két csapat the players sit in two sides, alternating (the first, third, … player
    on one side); a side's tower is its first player's, of its players' tower levels the first
    different ones, as many as the variant starts with (12.00.5: 4; 12.00.6.B: the team's size + 2).
    In Ómen each player has an Ómen beside the deck (*omens*, else the sample deck's)."""
    if variant is None:
        variant = VariantId.TWO_PLAYER.value if len(seats) == 2 else VariantId.GENERAL.value
    key = fmt or ("korfordulo" if len(seats) == 2 and variant == VariantId.TWO_PLAYER else "archivalt")
    eng = Engine(FORMATS[key], options, variant=variant)
    rng = Random(seed)
    used: dict[str, int] = {}

    def put(card: Card, owner: str, zone: str) -> int:
        n = used.get(card.name, 0) + 1
        used[card.name] = n
        return eng.add_card(card, owner, zone, label=card.name if n == 1 else f"{card.name} #{n}").uid

    for name, _ in seats:
        eng.add_player(name)
    ending = eng.table.ending
    assert ending is not None
    teams = ending.variant.sides == "teams"
    if teams:
        for i, (name, _) in enumerate(seats):
            eng.state.seats.sides[name] = "AB"[i % 2]
    for i, (name, deck) in enumerate(seats):
        # in the order a scenario's setup places them (its Jövő pakli, then its tower), so that a record
        # replays with the same cards in the same order
        cards = _cards(deck, "deck", lookup)
        rng.shuffle(cards)
        for card in cards:
            put(card, name, JOVO)
        if not teams:
            for card in _cards(deck, "tower", lookup):
                put(card, name, TORONY)
        elif i < 2:  # the side's first player holds its tower
            side = [d for j, (_, d) in enumerate(seats) if j % 2 == i % 2]
            size = int(ending.variant.value("starting_tower_levels", len(seats), len(side)) or 3)
            levels = list({c.name: c for d in side for c in _cards(d, "tower", lookup)}.values())
            if len(levels) < size:
                raise DataError.said("MK-PLAY-TOWER", player=name, size=size, have=len(levels))
            for card in levels[:size]:
                put(card, name, TORONY)
        if eng.table.seating.deals_omens:
            omen_name = (omens or {}).get(name) or SAMPLE_OMENS.get(deck.path, "Kotan vigyázó tekintete")
            omen = lookup(omen_name)
            if omen is None:
                raise DataError.said("MK-PLAY-CARD.omen", name=omen_name)
            eng.state.seats.omens[name] = put(omen, name, KIVUL)
    eng.combat.rng = Random(seed * 7919 + 1)  # the dice of the combat rounds' attack rolls (6.03), from the seed
    return eng


class Policy(Protocol):
    """What chooses a player's moves in a played game (the policies by name: :mod:`.policies`)."""

    def choose(self, eng: Engine, player: str) -> Action:
        """The action *player* takes now: a completion of one of their listed legal actions."""

    def who(self, eng: Engine, players: Sequence[str]) -> str:
        """Which of the active side's *players* acts (12.00.5)."""


#: How much more often random play picks a verb than an ability's activation: the verbs that move a game towards
#: its end (quests, sieges, knock-outs) weigh more, so that a random game ends in a few dozen rounds.
#: (floats all: the compiled engine keeps a float a float, setup.py)
WEIGHTS: Final[dict[str, float]] = {"solve": 6.0, "eliminate": 6.0, "siege": 5.0, "summon": 4.0, "capture": 3.0, "attach": 2.0,
                             "build": 2.0, "challenge": 2.0, "activate": 0.5, "neutralise": 1.0, "ally": 1.0, "swap": 1.0,
                             "obstruct": 4.0}


#: the pass random play chooses
_PASS: Final = PASS


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py), and a policy of one's own may build on it
class RandomPolicy:
    """Random legal play: a random legal action of the player to act (weighted by its verb, :data:`WEIGHTS`)
    and a random completion of it; a pass now and then (at least *pass_rate*, more when only light moves are
    left: a pass weighs 1 against the moves' weights), so that phases end and MP is not all spent on trifles."""

    def __init__(self, seed: int | Random = 0, pass_rate: float = 0.2, respond_rate: float = 0.4) -> None:
        self.rng = seed if isinstance(seed, Random) else Random(seed)
        self.pass_rate = pass_rate
        #: how often a player looks for a response to an entry of an open timeline at all (else passes)
        self.respond_rate = respond_rate
        self._forms: dict[str, list[LegalAction]] = {}

    def choose(self, eng: Engine, player: str) -> Action:
        if eng.state.timelines and self.rng.random() >= self.respond_rate:
            return _PASS
        listed = self._forms.pop(player, None)
        self._forms.clear()
        # the listing who() made, else one found as asked (a generator, closed when done: it may stop early)
        opened = eng.iter_legal_actions(player) if listed is None else None
        forms: Iterator[LegalAction] = opened if opened is not None else iter(listed or ())
        try:
            # a pass when there is no move, else at least pass_rate of the time: the listing stops at the first
            # move when the roll says pass whatever the rest (the same choice as after the whole listing)
            first = next((f for f in forms if f.verb != "pass"), None)
            if first is None:
                return _PASS
            roll = self.rng.random()
            if roll < self.pass_rate:
                return _PASS
            moves = [first, *(f for f in forms if f.verb != "pass")]
        finally:
            if opened is not None:
                opened.close()
        weights = [WEIGHTS.get(f.verb, 1.0) for f in moves]
        if roll < 1 / (1 + sum(weights, 0.0)):
            return _PASS
        form = self.rng.choices(moves, weights=weights)[0]
        return form.completion(self.rng)

    def who(self, eng: Engine, players: Sequence[str]) -> str:
        """Which of the active side's players acts ("Az aktív páros eldöntheti, hogy melyik játékosa
        cselekedjen", 12.00.5): a random one of those who have something to do, else the first."""
        order = list(players)
        self.rng.shuffle(order)
        self._forms.clear()
        for name in order:
            forms = eng.legal_actions(name)
            if any(f.verb != "pass" for f in forms):
                self._forms[name] = forms  # the listing choose() will use: nothing changes in between
                return name
        return players[0]


@dataclass
class Record:
    """A played game: its setup (every zone of every player, in order) and every step, as a scenario."""

    format: str
    variant: str
    options: dict[str, str]
    setup: list[dict[str, Any]]
    steps: list[tuple[str | None, Action]] = field(default_factory=list)
    engine: Engine | None = None
    #: why the game stopped: over (a win or a draw), the round limit, or stalled (:data:`STALL_ROUNDS`)
    stopped: str = "over"
    #: Ikerjáték, Két csapat: each player's side
    sides: dict[str, str] = field(default_factory=dict)

    def result(self) -> tuple[str, tuple[str, ...], str, str]:
        """(verdict, winners or drawn players, rule, reason); ``unfinished`` when the round limit stopped it."""
        assert self.engine is not None
        r = self.engine.state.result
        if r is None:
            if self.stopped == "stalled":
                return ("unfinished", (), "1.01", f"stuck after round {self.engine.state.round - 1}: nothing but MP "
                        f"has changed for {STALL_ROUNDS} rounds, and random play cannot end the game")
            return ("unfinished", (), "1.01", f"no result after {self.engine.state.round - 1} rounds")
        return r

    def scenario(self, title: str = "a played game") -> dict[str, Any]:
        """The game as a ruling scenario (its data): running it gives the same game."""
        script: list[Any] = [render(a) if who is None else {who: render(a)} for who, a in self.steps]
        out: dict[str, Any] = {"title": title, "format": self.format, "variant": self.variant}
        if self.options:
            out["options"] = dict(self.options)
        out["setup"] = {"start": True, "players": self.setup}
        if self.sides:
            groups: dict[str, list[str]] = {}
            for name, side in self.sides.items():
                groups.setdefault(side, []).append(name)
            out["setup"] = {"start": True, "teams": list(groups.values()), "players": self.setup}
        out["script"] = script
        return out


def setup_of(eng: Engine) -> list[dict[str, Any]]:
    """Every player's zones as a scenario setup writes them (labels kept with ``as:``)."""
    out: list[dict[str, Any]] = []
    for p in eng.state.players.values():
        entry: dict[str, Any] = {"name": p.name, "mp": p.mp, "dp": p.dp}
        omen = eng.state.seats.omens.get(p.name)
        for zone, key in _SETUP_ZONES.items():
            refs: list[Any] = []
            for uid in p.zones[zone]:
                cs = eng.state.cards[uid]
                refs.append(cs.name if cs.label == cs.name else {"card": cs.name, "as": cs.label})
            if refs:
                entry[key] = refs
        if omen is not None:
            cs = eng.state.cards[omen]
            entry["ómen"] = cs.name if cs.label == cs.name else {"card": cs.name, "as": cs.label}
        out.append(entry)
    return out


def play(eng: Engine, policy: Policy, *, max_rounds: int = MAX_ROUNDS,
         on_step: Callable[[str | None, Action], None] | None = None) -> Record:
    """Start the dealt game and play it until it ends or *max_rounds* rounds have been played."""
    assert eng.table.ending is not None, "deal() the table with a variant first"
    record = Record(eng.format.key, eng.table.ending.variant.id,
                    dict(eng.table.given_options),
                    setup_of(eng), engine=eng, sides=dict(eng.state.seats.sides))
    eng.start_game()
    status: list[str] = []
    for who, a in _steps(eng, policy, max_rounds, status):
        record.steps.append((who, a))
        if on_step is not None:
            on_step(who, a)
    if not eng.over:
        record.stopped = status[0] if status else "round limit"
    return record


def play_on(eng: Engine, policy: Policy, max_rounds: int = MAX_ROUNDS) -> int:
    """Play an engine's game on from where it stands (the script step ``játék``); the steps taken."""
    return sum(1 for _ in _steps(eng, policy, max_rounds))


def _steps(eng: Engine, policy: Policy, max_rounds: int,
           status: list[str] | None = None) -> Iterator[tuple[str | None, Action]]:
    """Apply the policy's choices (and the engine's own steps) until the game ends, the round limit, or a stall
    (said in *status*); yield each step."""
    state = eng.state
    in_round = 0
    round_no = state.round
    idle, last = 0, _progress(eng)
    while not eng.over and state.round <= max_rounds:
        if state.round != round_no:
            round_no, in_round = state.round, 0
            now = _progress(eng)
            idle = idle + 1 if now == last else 0
            last = now
            if idle >= STALL_ROUNDS:
                if status is not None:
                    status.append("stalled")
                return
        in_round += 1
        who: str | None
        if state.phase != "manőverek" and state.maneuver is None and not any(tl.entries for tl in state.timelines):
            who, a = None, Action("end_round")
        else:
            who = to_act(eng, policy)
            if in_round > _MAX_STEPS_A_ROUND:  # pragma: no cover - a round that never ends is a bug of the engine
                raise RuntimeError(f"round {state.round} has taken {in_round} steps without ending")
            a = policy.choose(eng, who)
        drawn = len(eng.combat.drawn)
        try:
            eng.apply(who, a)
        except IllegalActionError as exc:  # pragma: no cover - the policy only chooses listed actions
            raise RuntimeError(f"round {state.round}: the engine refused a listed action {render(a)!r} of {who}: "
                               f"[{exc.rule}] {exc}") from None
        if len(eng.combat.drawn) > drawn:  # the dice the step drew, given before it in the record (``kocka``)
            yield None, Action("dice", dice=tuple(eng.combat.drawn[drawn:]))
        yield who, a


def _progress(eng: Engine) -> tuple[Any, ...]:
    """What a round of play can change besides MP: every card's place and state, the DP, the counters."""
    cards = tuple((cs.zone, cs.controller, cs.state, cs.damage, tuple(sorted(cs.counters.items())))
                  for cs in eng.state.cards.values())
    return cards, tuple((p.dp, p.out) for p in eng.state.players.values())


def to_act(eng: Engine, policy: Policy) -> str:
    """Who acts now: on an open timeline, the first seated player who has not passed on it since its
    last entry; else the active player (12.00), or the side's player the policy picks (12.00.5)."""
    state = eng.state
    seated = eng.table.seated()
    if state.timelines:
        top = state.timelines[-1]
        start = seated.index(top.entries[-1].player) if top.entries and top.entries[-1].player in seated else 0
        for name in itertools.islice(itertools.cycle(seated), start + 1, start + 1 + len(seated)):
            if name not in top.passed:
                return name
        return seated[0]
    active = eng.active_player()
    side = [p for p in seated if eng.table.seating.may_act_for(p, active)]
    return policy.who(eng, side) if len(side) > 1 else active


def zones_fingerprint(eng: Engine) -> tuple[Any, ...]:
    """The final state a replay must reproduce: each player's MP, DP and zones (card labels in order)."""
    return tuple((p.name, p.mp, p.dp, p.out, tuple((z, tuple(eng.state.cards[u].label for u in p.zones[z])) for z in ZONES))
                 for p in eng.state.players.values()) + (eng.state.round, eng.state.phase, eng.state.result)
