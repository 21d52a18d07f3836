"""The computer player (timeline/bots.py) and the policies by name (timeline/policies.py), issue 29 item 2."""

from __future__ import annotations

import types
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_play import table as variant_table

from korbiro.base.errors import UsageError
from korbiro.data.check import load_database
from korbiro.data.paths import shipped_db_path
from korbiro.grammar.action import Action, render
from korbiro.rules.mk.timeline.bots import GreedyBot, Lookahead, _copy, determinise, settle
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.enums import Zone
from korbiro.rules.mk.timeline.game import (
    RandomPolicy,
    deal,
    play,
    play_on,
    sample_decks,
    zones_fingerprint,
)
from korbiro.rules.mk.timeline.legal import matches
from korbiro.rules.mk.timeline.model import TimedModifier
from korbiro.rules.mk.timeline.policies import POLICIES, Seated, make_policy
from korbiro.rules.mk.timeline.scenario import run_file

CARDS = {c.name: c for c in load_database([shipped_db_path()])}
#: no time cut-off: a decision tries every candidate, so that a loaded machine cannot change a choice
UNHURRIED = 1e9


def table(seed: int) -> Engine:
    decks = sample_decks()
    return deal([("Anna", decks[seed % 3]), ("Béla", decks[(seed + 1) % 3])], CARDS.get, seed=seed)


def bot_game(seed: int, rounds: int) -> list[tuple[str | None, str]]:
    eng = table(seed)
    record = play(eng, Seated({"Anna": GreedyBot(seed, budget=UNHURRIED), "Béla": RandomPolicy(seed)}),
                  max_rounds=rounds)
    return [(who, render(a)) for who, a in record.steps]


def test_policies_by_name() -> None:
    assert sorted(POLICIES) == ["bot", "random"]
    assert isinstance(make_policy("bot", 3), GreedyBot)
    assert isinstance(make_policy("random", 3), RandomPolicy)
    with pytest.raises(UsageError) as info:
        make_policy("minimax")
    assert info.value.code == "MK-POLICY"
    assert str(info.value) == "unknown policy 'minimax'; the policies are: bot, random"


def test_the_bot_is_deterministic_for_a_seed() -> None:
    first, again, other = bot_game(4, 2), bot_game(4, 2), bot_game(5, 2)
    assert first == again
    assert len(first) > 20
    assert first != other


class Checked(GreedyBot):
    """The bot, checking that every action it takes completes one of the forms the engine lists."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, budget=UNHURRIED)
        self.moves = 0

    def choose(self, eng: Engine, player: str) -> Action:
        a = super().choose(eng, player)
        forms = eng.legal_actions(player)
        assert any(matches(f, player, a, eng) for f in forms), (render(a), [f.text("en") for f in forms])
        self.moves += 1
        return a


@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_every_move_of_the_bot_is_a_listed_legal_action(seed: int) -> None:
    bot = Checked(seed)
    play(table(seed), Seated({"Anna": RandomPolicy(seed), "Béla": bot}), max_rounds=2)
    assert bot.moves > 5


@pytest.mark.fuzz
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_every_move_of_the_bot_is_a_listed_legal_action_long(seed: int) -> None:
    test_every_move_of_the_bot_is_a_listed_legal_action.hypothesis.inner_test(seed=seed)


#: 1.01.A.2: Anna has 17 DP; solving Az elsüllyedt shadoni gálya (2 DP) gives her 19 and the most: she wins at once.
#: She could also summon either adventurer of her hand, siege, or pass.
QUEST_WINS = """
title: one action wins (1.01.A.2)
variant: two-player
setup:
  players:
    - {name: Anna, mp: 8, dp: 17, sor: ["Garmacs, a kincsvadász"], kéz: [Briar Sichetti, Vadonjáró Thorwald],
       jelen: [Az elsüllyedt shadoni gálya], torony: [Argureni bálterem], jövő: [Pyarroni novícius, Slan ököl]}
    - {name: Béla, mp: 0, dp: 12, torony: [Toroni őrtorony], jövő: [Vadonjáró Thorwald]}
script: []
"""
#: 1.01.A.1: Terda (level 5) sieges Béla's only tower level (FAL 4): Anna is the only player with a tower level.
SIEGE_WINS = """
title: one action wins (1.01.A.1)
variant: two-player
setup:
  players:
    - {name: Anna, mp: 8, dp: 3, sor: [Terda Radowik am Warwik], kéz: [Briar Sichetti, Vadonjáró Thorwald],
       torony: [Argureni bálterem], jövő: [Pyarroni novícius, Slan ököl]}
    - {name: Béla, mp: 0, dp: 10, torony: [Toroni őrtorony], jövő: [Vadonjáró Thorwald]}
script: []
"""


@pytest.mark.parametrize(("text", "move", "rule"), [
    (QUEST_WINS, 'megold "Az elsüllyedt shadoni gálya" csapat "Garmacs, a kincsvadász"', "1.01.A.2"),
    (SIEGE_WINS, 'ostromol csapat "Terda Radowik am Warwik" ellen "Béla"', "1.01.A.1"),
])
@pytest.mark.parametrize("seed", [0, 1])
def test_the_bot_takes_the_winning_move(text: str, move: str, rule: str, seed: int) -> None:
    eng = run_file("position.yaml", text=text).engine
    assert len(eng.legal_actions("Anna")) >= 4  # a pass, two summons, and the winning move at least
    a = GreedyBot(seed).choose(eng, "Anna")
    assert render(a) == move
    eng.apply("Anna", a)
    settle(eng)
    assert eng.state.result is not None
    assert eng.state.result[:3] == ("win", ("Anna",), rule)


def hidden_arrangement(swap: bool) -> Engine:
    """A dealt game in which Béla's hand and Jövő pakli hold the same cards, two of them in each other's places
    when *swap*; and Anna's own Jövő pakli reversed."""
    eng = table(2)
    eng.start_game()
    if swap:
        bela = eng.state.players["Béla"]
        hand, deck = list(bela.zones[Zone.KEZ]), list(bela.zones[Zone.JOVO])
        hand[0], deck[0] = deck[0], hand[0]
        bela.zones[Zone.KEZ], bela.zones[Zone.JOVO] = dict.fromkeys(hand), dict.fromkeys(deck)
        eng.state.cards[hand[0]].zone, eng.state.cards[deck[0]].zone = Zone.KEZ, Zone.JOVO
        anna = eng.state.players["Anna"]
        anna.zones[Zone.JOVO] = dict.fromkeys(reversed(list(anna.zones[Zone.JOVO])))
    return eng


def test_the_bot_does_not_peek_at_hidden_cards() -> None:
    """Where the hidden cards really are (the opponent's hand, the order of the decks) changes nothing the bot
    sees: the copy it tries its moves on is dealt again from the same cards by its own seed."""
    seen = []
    for swap in (False, True):
        eng = hidden_arrangement(swap)
        look = Lookahead(eng, "Anna", Random(7))
        seen.append({name: (list(p.zones[Zone.KEZ]) if name == "Anna" else sorted(p.zones[Zone.KEZ]),
                            list(p.zones[Zone.JOVO])) for name, p in look.base.state.players.items()})
    assert seen[0] == seen[1]
    plain, swapped = hidden_arrangement(False), hidden_arrangement(True)
    assert plain.state.players["Béla"].zones[Zone.KEZ] != swapped.state.players["Béla"].zones[Zone.KEZ]
    assert render(GreedyBot(3, budget=UNHURRIED).choose(plain, "Anna")) == \
        render(GreedyBot(3, budget=UNHURRIED).choose(swapped, "Anna"))


def test_determinise_keeps_every_card_in_its_zone_count() -> None:
    eng = hidden_arrangement(False)
    before = {n: (len(p.zones[Zone.KEZ]), len(p.zones[Zone.JOVO])) for n, p in eng.state.players.items()}
    hand = list(eng.state.players["Anna"].zones[Zone.KEZ])
    determinise(eng, "Anna", Random(1))
    assert {n: (len(p.zones[Zone.KEZ]), len(p.zones[Zone.JOVO])) for n, p in eng.state.players.items()} == before
    assert list(eng.state.players["Anna"].zones[Zone.KEZ]) == hand  # her own hand she sees
    for p in eng.state.players.values():
        for zone in (Zone.KEZ, Zone.JOVO):
            assert all(eng.state.cards[uid].zone == zone for uid in p.zones[zone])


def test_a_decision_keeps_to_its_time_budget() -> None:
    """With no time at all, the bot still answers with an action it tried (the first: the pass)."""
    eng = run_file("position.yaml", text=QUEST_WINS).engine
    assert GreedyBot(0, budget=0.0).choose(eng, "Anna") == Action("pass")


#: Béla attaches one of his two beasts to his tower level face-down (5.01.E): which one, Anna cannot know.
FACE_DOWN = """
title: a face-down obstacle
format: archivalt
variant: two-player
setup:
  players:
    - {name: Anna, mp: 0, dp: 3, sor: [Terda Radowik am Warwik], kéz: [Briar Sichetti],
       torony: [Argureni bálterem], jövő: [Pyarroni novícius, Slan ököl]}
    - {name: Béla, mp: 8, dp: 10, kéz: [Wirg, Barlangi medve, Gorviki zsoldos], torony: [Toroni őrtorony],
       jövő: [Vadonjáró Thorwald, Harci griff, Pyarroni novícius]}
script:
  - Béla: csatol "BEAST" -> "Toroni őrtorony"
  - visszafejt
"""


def test_the_bot_does_not_see_face_down_obstacles() -> None:
    """Whichever beast lies face down on Béla's tower level, the bot's copy of the game is the same: his face-down
    obstacles are dealt again from the obstacles they may be (his hand's, his Jövő pakli's, and themselves)."""
    views = []
    for beast in ("Wirg", "Barlangi medve"):
        eng = run_file("position.yaml", text=FACE_DOWN.replace("BEAST", beast)).engine
        tower = eng.find("Toroni őrtorony")
        assert [eng.state.cards[u].name for u in tower.attachments] == [beast]
        assert eng.state.cards[tower.attachments[0]].hidden
        base = Lookahead(eng, "Anna", Random(5)).base
        bela = base.state.players["Béla"]
        on_tower = [base.state.cards[u] for u in base.find("Toroni őrtorony").attachments]
        assert [(cs.zone, cs.hidden, cs.type) for cs in on_tower] == [(Zone.CSATOLT, True, "akadálylap")]
        views.append(([cs.name for cs in on_tower], sorted(base.state.cards[u].name for u in bela.zones[Zone.KEZ]),
                      [base.state.cards[u].name for u in bela.zones[Zone.JOVO]]))
    assert views[0] == views[1]


# ---------------------------------------------------------------- the copies the bot tries its moves on


def test_a_round_ended_on_a_copy_ends_the_copys_round_not_the_games() -> None:
    """Why: the engine's own steps were closures over the engine (``end_round``, ``unwind``, ``round``,
    ``order``), which a copy keeps as they are: ending a round on a copy of the game ended the game's own round,
    and the copy never left its round (a copy played on did not end)."""
    eng = table(1)
    eng.start_game()
    copy = _copy(eng)
    before = zones_fingerprint(eng), len(eng.state.trace)
    copy.apply(None, Action("end_round"))
    assert (eng.state.round, copy.state.round) == (1, 2)
    assert (zones_fingerprint(eng), len(eng.state.trace)) == before


def test_a_combat_finished_on_a_copy_expires_the_copys_combat_changes_not_the_games() -> None:
    """Why: the end of a combat was told to the rounds by a closure (``phases.combat_over``), which a copy keeps:
    a combat the bot's try finished (settling its manoeuvre) expired the changes "until the end of the combat" of
    the game itself (6.00), and wrote that into the game's trace."""
    eng = table(1)
    eng.start_game()
    uid = next(iter(eng.state.players["Anna"].zones[Zone.KEZ]))
    eng.state.timed = [TimedModifier(uid, "level", 2, "combat", "a test")]
    copy = _copy(eng)
    trace = len(eng.state.trace)
    copy.phases.combat_over()
    assert (eng.state.timed, copy.state.timed) == ([TimedModifier(uid, "level", 2, "combat", "a test")], [])
    assert len(eng.state.trace) == trace


def _reachable(root: object, shared: set[int]) -> dict[int, object]:
    """Every object of the game's making reachable from *root* (through attributes, containers, closures and bound
    methods), but for *shared* and what never changes (strings, numbers, classes, functions without closures)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        x = todo.pop()
        if id(x) in seen or id(x) in shared or isinstance(x, (str, int, float, bytes, type, type(None))):
            continue
        if isinstance(x, types.FunctionType) and not x.__closure__:
            continue  # a module's function (a card fact's key): nothing of the game
        seen[id(x)] = x
        if isinstance(x, dict):
            todo += [*x.keys(), *x.values()]
        elif isinstance(x, (list, tuple, set, frozenset)):
            todo += list(x)
        elif isinstance(x, (types.MethodType, types.BuiltinMethodType)):
            # a bound method (a compiled class's is a built-in one): what it is bound to, but a module
            if not isinstance(x.__self__, types.ModuleType):
                todo.append(x.__self__)
        elif isinstance(x, types.FunctionType):
            todo += [cell.cell_contents for cell in x.__closure__ or ()]
        else:
            todo += list(_attributes(x).values())
    return seen


def _attributes(x: object) -> dict[str, Any]:
    """An object's attributes: its ``__dict__``, its slots, a compiled (mypyc) class's attributes."""
    found = dict(getattr(x, "__dict__", {}))
    for klass in type(x).__mro__:
        for name in (*getattr(klass, "__slots__", ()), *getattr(klass, "__mypyc_attrs__", ())):
            if isinstance(name, str) and name not in found and name != "__dict__" and hasattr(x, name):
                found[name] = getattr(x, name)
    return found


def test_a_copy_of_a_game_reaches_nothing_of_the_game_but_what_never_changes() -> None:
    """The copy the bot tries its moves on shares with the game only the cards' data and behaviours, the rules
    format and the variant (:func:`~korbiro.rules.mk.timeline.bots._copy`): no part, no state, no callback."""
    eng = table(2)
    play(eng, RandomPolicy(2), max_rounds=2)
    shared: set[int] = {id(eng.table.format)}
    for cs in eng.state.cards.values():
        shared |= {id(cs.card), id(cs.behaviour)}
    if eng.table.ending is not None:
        shared.add(id(eng.table.ending.variant))
    shared.add(id(eng.table.lookup))  # the cards by name: the database's
    mine: dict[int, Any] = _reachable(eng, shared)
    copy = _copy(eng)
    theirs = _reachable(copy, shared)
    common = [type(mine[i]).__qualname__ for i in set(mine) & set(theirs)
              if not isinstance(mine[i], (bool, tuple, frozenset))
              and not (isinstance(mine[i], types.BuiltinMethodType) and isinstance(mine[i].__self__, types.ModuleType))]
    assert common == []


@pytest.mark.parametrize(("variant", "seed", "rounds"), [("two-player", 0, 2), ("two-player", 4, 3),
                                                        ("ikerjatek", 2, 2), ("kihivas", 1, 2), ("omen", 1, 3)])
def test_a_copy_made_mid_game_plays_on_as_the_game_does(variant: str, seed: int, rounds: int) -> None:
    """The game and its copy (:meth:`~korbiro.rules.mk.timeline.engine.Engine.copy`, built anew rather than copied
    whole), played on by the same policy: the same game, the same dice, the same trace, the same end."""
    eng = variant_table(variant, seed)
    play(eng, RandomPolicy(seed), max_rounds=rounds)
    copy = eng.copy()
    steps = [play_on(game, RandomPolicy(seed + 100)) for game in (eng, copy)]
    assert steps[0] == steps[1] > 50
    assert zones_fingerprint(copy) == zones_fingerprint(eng)
    assert copy.combat.drawn == eng.combat.drawn
    assert [(t.rule, t.event, t.key) for t in copy.state.trace] == [(t.rule, t.event, t.key) for t in eng.state.trace]


def test_every_attribute_of_the_engines_parts_is_built_anew_or_copied() -> None:
    """:meth:`Engine.copy` builds the parts anew and copies what they keep besides the state: an attribute a part
    gains must be said here, as built by the constructor (the wiring, the options) or copied by ``copy``."""
    eng = table(1)
    play(eng, RandomPolicy(1), max_rounds=2)
    parts = {"engine": eng, "table": eng.table, "seating": eng.table.seating, "ending": eng.table.ending,
             "abilities": eng.deeds.abilities, **{n: getattr(eng, n) for n in ("stack", "effects", "deeds", "phases",
                                                                                 "maneuvers", "combat", "rounds", "pacts")}}
    wiring = {"table", "state", "options", "format", "emit", "admits", "cite", "require", "skip", "stack", "phases",
              "effects", "seats", "seating", "variant", "variant_options", "abilities", "pick_targets", "resolvers",
              "on_close", "is_phase_of_manoeuvre", "on_open", "settle", "combat_over", "_verbs", "_steps",
              "deeds", "maneuvers", "combat", "rounds", "pacts", "ending", "given_options", "on_wounded",
              "on_event", "on_search", "_skip_turn", "_skip_shape", "_pending", "probing", "committed"}
    copied = {"overrides", "lookup", "_by_name", "_facts", "_players_folded", "combo_entries", "rng", "drawn",
              "_quiet"}
    memos = {"_view", "_folds"}  # built empty, filled from the copy's own state when asked
    unknown = {f"{name}.{attr}" for name, part in parts.items() for attr in _attributes(part)
               if attr not in wiring | copied | memos}
    assert unknown == set()
