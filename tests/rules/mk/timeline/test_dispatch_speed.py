"""The engine's step and probe work out only what can have changed (issue 29 item 4: an engine fast enough to search).

Each speed-up of ``Engine.apply`` and ``Engine.probe`` is shown by what it no longer asks, counted, not timed (the
machine is shared), and by its refusals and traces, which stay the same: the golden games
(tests/rules/mk/timeline/test_play.py), rulings, docs sessions, and the listing by probing
(tests/rules/mk/timeline/test_legal_actions.py).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest
from calls import counting

from korbiro.base.errors import IllegalActionError
from korbiro.data.cards import Card
from korbiro.data.check import load_database
from korbiro.data.paths import shipped_db_path
from korbiro.grammar.action import Action
from korbiro.rules.mk.timeline import semantics, table
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.game import deal, sample_decks
from korbiro.rules.mk.timeline.model import CardState

CARDS = {c.name: c for c in load_database([shipped_db_path()])}


def started(seed: int = 3) -> Engine:
    eng = deal([("Anna", sample_decks()[0]), ("Béla", sample_decks()[1])], CARDS.get, seed=seed)
    eng.start_game()
    return eng


def in_hand(eng: Engine, player: str, kind: str) -> CardState:
    return next(cs for cs in eng.state.cards.values() if cs.zone == "kez" and cs.owner == player and cs.type == kind)


@pytest.mark.pure_python  # counts the engine's own calls (see tests/conftest.py)
def test_a_cards_printed_facts_are_worked_out_once_however_often_it_is_probed(monkeypatch: pytest.MonkeyPatch) -> None:
    """5.01.A–C: whether a card is named, a fate turner, a mosaic spell or an ŐSERŐ card never changes under it: twenty
    probes of one summoning ask each once, and answer as the first did."""
    eng = started()
    adventurer = in_hand(eng, "Anna", "kalandozó")
    asked = {name: counting(monkeypatch, semantics, name) for name in ("is_fate_turner", "is_mosaic", "has_osero")}
    named: list[int] = []
    printed = Card.properties

    def properties(card: Card) -> frozenset[str]:
        named.append(1)
        return printed.__get__(card)  # type: ignore[no-any-return]

    monkeypatch.setattr(Card, "properties", property(properties))
    answers = {repr(eng.probe("Anna", Action("summon", card=adventurer.label))) for _ in range(20)}
    assert answers == {"None"}
    assert {name: len(calls) for name, calls in asked.items()} == {"is_fate_turner": 1, "is_mosaic": 1, "has_osero": 1}
    assert len(named) == 1  # the naming rule (2.02.a) asks whether the card is named once


def test_a_fact_is_asked_once_for_each_card_and_argument() -> None:
    """:meth:`CardState.fact` (and :meth:`CardState.fact_of`, with arguments) answers what its function answers,
    once for each card state and argument; an answer of None is kept as any other."""
    eng = started()
    one, other = list(eng.state.cards.values())[:2]
    calls: list[tuple[int, str]] = []

    def named(cs: CardState, suffix: str = "") -> str:
        calls.append((cs.uid, suffix))
        return cs.name + suffix

    of: Callable[..., str] = named
    assert [one.fact(of), one.fact(of), one.fact_of(of, "!"), one.fact_of(of, "!"), other.fact(of)] == [
        one.name, one.name, one.name + "!", one.name + "!", other.name]
    assert calls == [(one.uid, ""), (one.uid, "!"), (other.uid, "")]
    nothing: list[int] = []

    def none(cs: CardState) -> None:
        nothing.append(cs.uid)

    assert [one.fact(none), one.fact(none)] == [None, None] and nothing == [one.uid]


class _Counted(dict[int, CardState]):
    """The game's cards, counting how often every card is gone through."""

    walks = 0

    def values(self):  # type: ignore[no-untyped-def]
        _Counted.walks += 1
        return super().values()


def test_a_closing_timeline_looks_only_at_the_damaged_cards_of_the_sors() -> None:
    """6.00: as a timeline closes, an adventurer whose damage reaches its level dies, in the order the cards came
    into the game; the cards of the hands, the decks and the Múlt are not gone through."""
    eng = started()
    adventurers = [cs for cs in eng.state.cards.values() if cs.type == "kalandozó"][:3]
    for cs in reversed(adventurers):
        eng.table.move(cs, "sor")
        cs.damage = 99
    eng.state.cards = _Counted(eng.state.cards)
    _Counted.walks = 0
    before = len(eng.state.trace)
    eng.table.begin()
    eng.table.checked()
    eng.stack.casualties()
    eng.table.end(False)
    assert _Counted.walks == 0
    assert [cs.zone for cs in adventurers] == ["mult"] * 3
    dying = [e.data for e in eng.state.trace[before:] if e.event == "dies"]
    assert dying == [(("card", cs.label),) for cs in adventurers]


@pytest.mark.pure_python  # counts the engine's own calls (see tests/conftest.py)
def test_a_player_named_again_is_not_folded_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step names its player: the name is folded the first time it is asked (1.01: accent- and
    case-insensitive), then remembered; a name of nobody is refused every time."""
    eng = started()
    eng.table.player("Anna")
    folds = counting(monkeypatch, table, "fold")
    assert [eng.table.player(name) for name in ("Anna", "béla", "Anna", "BÉLA", "béla") * 4] == \
        ["Anna", "Béla", "Anna", "Béla", "Béla"] * 4
    assert len(folds) == 2  # "béla" and "BÉLA", once each
    for _ in range(2):
        with pytest.raises(IllegalActionError) as refusal:
            eng.table.player("Cecil")
        assert (refusal.value.code, refusal.value.rule) == ("MK-TL-NO-PLAYER", "1.01")


def test_a_phase_fires_looking_only_at_the_cards_with_timed_effects() -> None:
    """6.02: the timed effects of a phase (the round's opening, its resource phase) are those of the cards with
    timed effects in the Present; the other cards of the game are not gone through."""
    eng = started()
    watcher = next(cs for cs in eng.state.cards.values()
                   if any(t.at == "erőforrás" and not t.ghost and t.condition is None and t.targets is None
                          for t in cs.behaviour.triggers))
    eng.table.move(watcher, "jelen")
    eng.state.cards = _Counted(eng.state.cards)
    _Counted.walks = 0
    eng.table.begin()
    eng.table.checked()
    assert eng.stack.fire("erőforrás") == 1
    eng.table.end(False)
    assert _Counted.walks == 0
    assert [e.label for e in eng.state.timelines[-1].entries] == [f"{watcher.label}: erőforrás"]


def test_the_engines_state_is_the_tables_read_without_a_call() -> None:
    """The listing reads ``eng.state`` ~15,000 times a game: it is the table's state, kept as an attribute; a card
    named by a label only it bears is found by that label (Table.sole_bearer), one that shares it is not."""
    eng = started()
    assert not isinstance(inspect.getattr_static(type(eng), "state", None), property) and eng.state is eng.table.state
    alone = next(cs for cs in eng.state.cards.values() if cs.folded_label != cs.folded_name)  # a second copy: "… #2"
    assert eng.table.sole_bearer(alone)
    twin = eng.add_card(alone.card, "Béla", "kez", label=alone.label)
    assert not eng.table.sole_bearer(alone) and not eng.table.sole_bearer(twin)


def test_the_copies_of_a_card_share_its_facts() -> None:
    """Card states of one card and one behaviour (the copies in a deck, the 10,000 events of
    ``benchmarks/timeline.py``) work a fact out once between them; another behaviour (a scenario's ``effects:`` for
    one label) has facts of its own."""
    from korbiro.data.behaviour import read_behaviour
    from korbiro.rules.mk.timeline.rules import FORMATS

    other, problems = read_behaviour({"effect": "mp 2 controller"})
    assert other is not None and problems == []
    eng = Engine(FORMATS["archivalt"], {}, effects={"masik": other})
    eng.add_player("Anna", 0)
    card = Card("BENCH-1", "Adomány", "eseménylap", mp=0, attrs={"behaviour": {"effect": "mp 1 controller"}})
    a, b, c = (eng.add_card(card, "Anna", "kez", label=label) for label in ("egyik", "masodik", "masik"))
    calls: list[int] = []

    def ops(cs: CardState) -> int:
        calls.append(cs.uid)
        return len(cs.behaviour.effect)

    of: Callable[..., int] = ops
    assert [a.fact(of), b.fact(of), c.fact(of), a.fact(of)] == [1, 1, 1, 1]
    assert calls == [a.uid, c.uid]


def test_a_listing_gathers_its_cards_from_the_players_zones_as_from_every_card() -> None:
    """Why: a listing looked at every card of the game (~160, most in the Jövő paklis) to find those in play; it now
    reads the players' zones.  The same cards in the same order (their ids') at every step of whole games, and after
    the bot deals the hidden cards again."""
    from random import Random

    from korbiro.rules.mk.timeline import legal
    from korbiro.rules.mk.timeline.bots import Lookahead
    from korbiro.rules.mk.timeline.enums import JOVO, KIVUL
    from korbiro.rules.mk.timeline.game import RandomPolicy, play

    def scanned(eng: Engine) -> list[int]:
        cards = [cs for cs in eng.state.cards.values() if cs.zone not in (JOVO, KIVUL)]
        zones = {zone: [cs.uid for cs in cards if cs.zone == zone] for zone in {cs.zone for cs in cards}}
        assert {zone: [cs.uid for cs in held] for zone, held in eng.table.in_view()[1].items()} == zones
        return [cs.uid for cs in cards]

    checked = 0
    for seed in range(3):
        eng = deal([("Anna", sample_decks()[seed % 3]), ("Béla", sample_decks()[(seed + 1) % 3])], CARDS.get, seed=seed)

        def check(who: object, a: object, eng: Engine = eng) -> None:
            nonlocal checked
            assert [cs.uid for cs in legal._Listing(eng, True).cards] == scanned(eng)
            checked += 1
            if checked % 50 == 0:
                dealt = Lookahead(eng, "Anna", Random(checked)).base  # a copy, its hidden cards dealt again
                assert [cs.uid for cs in legal._Listing(dealt, True).cards] == scanned(dealt)

        play(eng, RandomPolicy(seed), on_step=check)
    assert checked > 500


class _CountedCards(dict):  # type: ignore[type-arg]
    """A game's cards that count how often they are all walked."""

    walks = 0

    def values(self):  # type: ignore[no-untyped-def, override]
        _CountedCards.walks += 1
        return super().values()


def test_a_listing_walks_no_card_of_a_jovo_pakli() -> None:
    """Why: each listing walked every card of the game (~160, most in the Jövő paklis) to find those in play."""
    from korbiro.rules.mk.timeline import legal

    eng = started(3)
    eng.state.cards = _CountedCards(eng.state.cards)
    _CountedCards.walks = 0
    forms = legal.legal_actions(eng, "Anna")
    assert {f.verb for f in forms} >= {"pass", "summon"} and _CountedCards.walks == 0


def _commit_points() -> list[tuple[str, int, bool]]:
    """Every call of the table's commit point in the engine's sources: (module, line, whether it is
    ``if self.table.checked(): return`` -- the handler returns at once when probed)."""
    import ast
    from pathlib import Path

    found: list[tuple[str, int, bool]] = []
    for path in sorted(Path(table.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        returns_at: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and isinstance(node.test, ast.Call) and len(node.body) == 1 \
                    and isinstance(node.body[0], ast.Return) and node.body[0].value is None and not node.orelse:
                returns_at.add(id(node.test))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "checked" \
                    and ast.unparse(node.func.value) == "self.table":
                found.append((path.name, node.lineno, id(node) in returns_at))
    return found


def test_every_commit_point_returns_from_its_handler_when_probed() -> None:
    """Why: a probe stopped at the action's commit point by raising an exception, caught by ``Engine.probe``;
    compiled (setup.py), an exception adds a traceback entry in every frame it leaves (four a probe, ~7% of a
    random game).  Now the commit point says True while probing and its handler returns: each call must be
    ``if self.table.checked(): return``, or a probed action would go on and change the game."""
    points = _commit_points()
    assert len(points) == 24 and len({module for module, _, _ in points}) == 6
    assert [(module, line) for module, line, returns in points if not returns] == []


def test_a_probe_returns_at_the_commit_point_and_changes_nothing() -> None:
    """The probe of an accepted action returns at its commit point: accepted, committed, nothing traced or moved."""
    eng = started()
    adventurer = in_hand(eng, "Anna", "kalandozó")
    before = (len(eng.state.trace), adventurer.zone, eng.state.players["Anna"].mp)
    assert eng.probe("Anna", Action("summon", card=adventurer.label)) is None
    assert eng.table.committed and not eng.table.probing
    assert (len(eng.state.trace), adventurer.zone, eng.state.players["Anna"].mp) == before
    eng.apply("Anna", Action("summon", card=adventurer.label))
    assert adventurer.zone == "idofonal" and len(eng.state.trace) > before[0]


def test_the_cards_in_view_are_kept_until_a_card_changes_zones() -> None:
    """Why: each listing gathered and sorted the cards in view anew (~6% of a random game), though most follow a
    pass, which moves no card.  The table keeps them until the state's ``zone_changes`` moves on: the same tuple
    for two listings in a row; once a card is moved, its two zones' cards made again from those before (a move, and
    the check of every step of whole games above), or all gathered again (a deal of the hidden cards)."""
    from random import Random

    from korbiro.rules.mk.timeline.bots import determinise

    eng = started()
    first = eng.table.in_view()
    assert eng.table.in_view()[0] is first[0] and eng.table.in_view()[1] is first[1]
    eng.apply("Anna", Action("pass"))
    assert eng.table.in_view()[0] is first[0]  # a pass moves no card
    adventurer = in_hand(eng, "Béla", "kalandozó")
    changes = eng.state.zone_changes
    eng.table.move(adventurer, "sor")
    assert eng.state.zone_changes == changes + 1 and adventurer in eng.table.in_view()[1]["sor"]
    assert adventurer not in eng.table.in_view()[1]["kez"] and eng.table.in_view()[1] is not first[1]
    assert eng.table.in_view()[0] == first[0]  # the same cards in view: the move kept them up to date
    eng.table.move(adventurer, "jovo")
    assert adventurer not in eng.table.in_view()[0] and "jovo" not in eng.table.in_view()[1]
    eng.table.move(adventurer, "kez")
    assert eng.table.in_view()[0] == first[0] and eng.table.in_view()[1] == first[1]
    copy = eng.copy()
    determinise(copy, "Anna", Random(1))
    assert copy.state.zone_changes > eng.state.zone_changes
    hand = [cs.uid for cs in copy.state.cards.values() if cs.zone == "kez"]
    assert [cs.uid for cs in copy.table.in_view()[1]["kez"]] == hand


@pytest.mark.pure_python  # replaces the engine's own fold and bound (see tests/conftest.py)
def test_a_table_folds_each_name_it_is_asked_for_once_and_keeps_a_bounded_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """Why: every card lookup by name folded the name again (``Table.find``, ~2,700 times a random game, for a few
    hundred names).  A name is folded once; a table keeps at most ``_FOLDS_KEPT`` of them (the web app's tables
    are asked for whatever they are sent), and finds the same cards either way."""
    eng = started()
    adventurer = in_hand(eng, "Anna", "kalandozó")
    folded: list[str] = []
    real = table.fold

    def fold(name: str) -> str:
        folded.append(name)
        return real(name)

    monkeypatch.setattr(table, "fold", fold)
    for _ in range(3):
        assert eng.table.find(adventurer.label.upper(), zones=("kez",)) is adventurer
    assert folded == [adventurer.label.upper()]
    monkeypatch.setattr(table, "_FOLDS_KEPT", len(eng.table._folds))
    for _ in range(2):
        with pytest.raises(IllegalActionError):
            eng.table.find("no such card", zones=("kez",))
    assert folded[1:] == ["no such card"] * 2 and "no such card" not in eng.table._folds



def test_the_shared_pass_is_not_checked_for_clauses_and_any_other_pass_is() -> None:
    """Why: every pass of a random game (about half its actions, and the pass probed at the head of every listing)
    had its clauses checked, though the listing's and random play's pass is always the same action
    (``grammar.action.PASS``); a pass written with a clause is still refused for it (6.00)."""
    from korbiro.grammar.action import PASS

    eng = started()
    assert PASS == Action("pass") and eng.probe("Anna", PASS) is None
    refusal = eng.probe("Anna", Action("pass", card="Briar Sichetti"))
    assert refusal is not None and (refusal.code, refusal.rule) == ("MK-TL-CLAUSE", "6.00")
