"""Every refusal of the timeline engine cites the most specific rule that forbids the action (issue 25).

The walk: every shipped scenario (examples/rulings, examples/masik-db/rulings) is played step by step; its
refusals, the refusals its ``expect:`` pins, and the refusals :meth:`~korbiro.rules.mk.timeline.engine.Engine.why_not`
gives at each step for actions the legal listing does not offer, must each cite a rule of the rule index, and
none may cite the generic turn-order rule (12.00, "the active player: the most MP") where 12.00.B (a player who
spent no MP stays active), 12.00.C (after a pass, the next in MP order) or 12.00.5.2 (the active pair) applies.
The targeted tests below pin each citation that was wrong, with its rule id and message code.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from layout import ROOT

from korbiro.base.errors import IllegalActionError
from korbiro.base.yamlload import load_yaml_file
from korbiro.data.cards import Card
from korbiro.grammar.action import Action
from korbiro.rules.mk.rulebook import load_rulebook
from korbiro.rules.mk.timeline import RULES as ENGINE_RULES
from korbiro.rules.mk.timeline.engine import PLAYER_VERBS, Engine
from korbiro.rules.mk.timeline.legal import matches
from korbiro.rules.mk.timeline.model import IN_PLAY
from korbiro.rules.mk.timeline.scenario import Result, build_engine, load_scenario, run_file
from korbiro.rules.mk.timeline.selfplay import random_junk
from korbiro.rules.mk.timeline.trace import TraceEvent


def _is_scenario(path: Path) -> bool:
    """A scenario file: a top-level ``setup:`` and ``script:``, outside the folders of broken inputs."""
    if {"bad_inputs", "invalid"} & set(path.relative_to(ROOT).parts):
        return False
    text = path.read_text("utf-8", errors="replace")
    return bool(re.search(r"^setup:", text, re.M) and re.search(r"^script:", text, re.M))


SCENARIOS = sorted(p for pattern in ("examples/rulings/*.yaml", "examples/masik-db/rulings/*.yaml", "tests/**/*.yaml",
                                     "tests/**/*.yml", "docs/examples/**/*.yaml", "docs/examples/**/*.yml")
                   for p in ROOT.glob(pattern) if _is_scenario(p))
#: the generic turn-order rule: the active player is the one with the most MP
GENERIC_TURN = "12.00"
#: one worker runs this module: the walk of every scenario (walked) is made once a run
pytestmark = pytest.mark.xdist_group("refusal-walk")



@cache
def _lookup(db: str) -> Callable[[str], Card | None]:
    from korbiro.data.check import load_database

    database = load_database([Path(db)]) if db else load_database()
    return lambda name: database.lookup(name, suggest=False).card


def lookup_for(path: Path) -> Callable[[str], Card | None]:
    other = ROOT / "examples" / "masik-db"
    return _lookup(str(other / "cards") if other in path.parents else "")


# ---------------------------------------------------------------- the walk


@dataclass(frozen=True)
class Seen:
    """One refusal met on the walk, with what the oracle needs to judge its citation."""

    where: str
    player: str
    action: str
    code: str
    rule: str | None
    message: str
    #: the specific turn-order rule that applies at that moment (12.00.B, 12.00.C, 12.00.5.2), if any
    specific_turn: str | None
    #: the variant's rule on who plays with whom that forbids the action (12.00.4.B, 12.00.4.C, 12.00.5.x), if any
    specific_seat: str | None = None


def specific_turn_rule(eng: Engine, trace_before: list[TraceEvent], setup_active: bool) -> str | None:
    """Which specific turn-order rule applies now, read from the rulebook's words and the trace, not from the
    refusal: a side game's active pair (12.00.5.2); else the trace's last step that decided the active player, if
    it was 12.00.B (spent no MP, stays active), 12.00.C (after a pass, the next in MP order), a pass in a
    two-player game (6.03) or an Ómen rule (12.00.1); else, if the active player is not the one with the most MP
    and the scenario did not set them, some rule other than the generic one made them active."""
    if eng.table.seating.variant_name in ("ikerjatek", "ket-csapat"):
        return "12.00.5.2"
    for event in reversed(trace_before):
        if (event.rule, event.event) == ("12.00.B", "active") or (
                event.event == "pass" and event.rule in ("12.00.C", "6.03")) or event.rule.startswith("12.00.1."):
            return str(event.rule)
        if event.event in ("pay", "phase", "return"):
            break
    else:
        if setup_active:
            return None
    players = [eng.state.players[n] for n in eng.table.seating.in_turn_order() or eng.table.seated()]
    most = max((p.mp for p in players), default=0)
    if eng.state.players[eng.active_player()].mp < most:
        return "a rule other than the most MP"
    return None


def specific_seat_rule(eng: Engine, player: str, a: Action) -> str | None:
    """The variant's rule that forbids *a* by who plays with whom, read from the rulebook's words: a siege of an
    ally (12.00.4.C: allies are no opponents) or of a partner, whose tower is the side's (12.00.5.6); a capture of
    an ally's building (12.00.4.C) or a partner's, the side's own (12.00.5.3); a team of the player's awake
    adventurers and a non-ally's (12.00.4.B) or an opposing player's (12.00.5.4).  None where none applies."""
    seating = eng.table.seating
    kind = seating.variant_name
    if kind not in ("szovetsegek", "ikerjatek", "ket-csapat"):
        return None
    pair = kind != "szovetsegek"
    if a.verb == "siege" and a.against is not None:
        target = eng.table.player(a.against)
        if target != player and seating.friendly(player, target):
            return "12.00.5.6" if pair else "12.00.4.C"
    if a.verb == "capture" and a.card is not None:
        building = next((cs for cs in eng.state.cards.values() if cs.label == a.card and cs.zone == "jelen"), None)
        owner = building.controller if building is not None else None
        if owner not in (None, player) and seating.friendly(player, owner):
            return "12.00.5.3" if pair else "12.00.4.C"
    if a.verb in ("siege", "capture", "solve") and a.team:
        members = [next((cs for cs in eng.state.cards.values() if cs.label == n and cs.zone == "sor"), None)
                   for n in a.team]
        strangers = [cs for cs in members if cs is not None and cs.controller is not None
                     and not seating.friendly(player, cs.controller)]
        own_awake = all(cs is not None and (cs in strangers or (cs.controller == player and cs.state == "éber"))
                        for cs in members)
        if strangers and own_awake and all(cs.type == "kalandozó" and cs.ghost is None for cs in strangers):
            return "12.00.5.4" if pair else "12.00.4.B"
    return None


def candidate_actions(eng: Engine, player: str, rng: random.Random) -> Iterator[Action]:
    """Actions to ask why_not about: a pass, every listed form of every player (as this player's), actions
    near them and far from them (:func:`~korbiro.rules.mk.timeline.selfplay.random_junk`)."""
    yield Action("pass")
    every = [f for p in eng.state.players for f in eng.legal_actions(p)]
    for form in every:
        yield form.completion()
    for _ in range(6 if len(eng.state.cards) >= 3 else 0):  # random_junk samples up to 4 names
        yield random_junk(eng, rng, every)
    cards = list(eng.state.cards.values())
    for cs in cards:
        if cs.zone == "kez" and cs.owner == player:
            yield Action("summon", card=cs.label)
    # teams with another player's adventurer, and manoeuvres against every player (allies and partners too)
    awake = [cs for cs in cards if cs.zone == "sor" and cs.type == "kalandozó" and cs.state == "éber" and cs.ghost is None]
    mine = [cs.label for cs in awake if cs.controller == player][:1]
    for other in eng.state.players:
        theirs = [cs.label for cs in awake if cs.controller == other and other != player][:1]
        yield Action("siege", team=tuple(mine + theirs), against=None if theirs else other)
        for building in cards:
            if building.zone == "jelen" and building.type == "építmény" and building.controller == other:
                yield Action("capture", card=building.label, team=tuple(mine))
    # the same target twice
    for form in every:
        if form.targets and form.target_count[1] != 1:
            yield form.completion()._replace(targets=(form.targets[0], form.targets[0]))
    # every entry neutralised with every neutralising card in play, and as each kind
    tools = [cs.label for cs in cards if cs.zone in IN_PLAY and cs.behaviour.ability is not None
             and any(op.name == "neutralise" for op in cs.behaviour.ability.effect)]
    for tl in eng.state.timelines:
        for e in tl.entries:
            for tool in tools:
                yield Action("neutralise", ref=e.seq, source=tool)
                yield Action("neutralise", ref=e.seq, source=tool, kind="ability")


def walk(path: Path) -> Iterator[Seen]:
    """Every refusal met playing *path*: its script's and, before each step, why_not's for what is not listed."""
    lookup = lookup_for(path)
    sc = load_scenario(str(path), lookup=lookup)
    eng = build_engine(sc, lookup)
    rng = random.Random(path.name)
    setup_active = bool(sc.data["setup"].get("active"))
    where = path.relative_to(ROOT).as_posix()
    for step, (player, action, line) in enumerate(sc.steps, 1):
        if action.verb == "game":
            break  # a whole game played at random: its own tests walk it
        if not eng.over:
            for who in eng.state.players:
                if eng.state.players[who].out:
                    continue
                offered = eng.legal_actions(who)
                for a in candidate_actions(eng, who, rng):
                    if a.verb not in PLAYER_VERBS or any(matches(f, who, a, eng) for f in offered):
                        continue
                    refusal = eng.why_not(who, a)
                    if refusal is not None:
                        yield Seen(f"{where} before step {step}", who, repr(a), refusal.code, refusal.rule,
                                   str(refusal), specific_turn_rule(eng, eng.state.trace, setup_active),
                                   specific_seat_rule(eng, who, a))
        trace = list(eng.state.trace)
        try:
            eng.apply(player, action)
        except IllegalActionError as exc:
            yield Seen(f"{where}:{line} step {step}", player or "", action.text, exc.code, exc.rule, str(exc),
                       specific_turn_rule(eng, trace, setup_active))


@cache
def walked() -> tuple[Seen, ...]:
    return tuple(seen for path in SCENARIOS for seen in walk(path))


def test_the_walk_covers_every_shipped_scenario_and_many_refusals() -> None:
    assert len(SCENARIOS) >= 130
    seen = walked()
    assert len(seen) >= 2000
    assert {s.code for s in seen} >= {"MK-TL-TURN", "MK-TL-TEAM", "MK-TL-SELF", "MK-TL-TARGET", "MK-TL-MP"}
    assert len({s.where.split(" ")[0].split(":")[0] for s in seen}) >= 120


def test_every_refusal_cites_a_rule_of_the_index() -> None:
    book = load_rulebook()
    missing = sorted({f"{s.rule!r} ({s.code}, {s.where}: {s.message})" for s in walked()
                      if s.rule is None or book.get(s.rule) is None})
    assert missing == []
    # and the engine lists each among the rules it applies (its coverage counts them)
    assert {s.rule for s in walked()} <= set(ENGINE_RULES)


def test_no_refusal_cites_the_generic_turn_order_where_a_specific_rule_applies() -> None:
    wrong = sorted({f"{s.where}: {s.player} {s.action}: [{s.rule}] {s.message} (applies: {s.specific_turn})"
                    for s in walked() if s.code == "MK-TL-TURN" and s.specific_turn and s.rule == GENERIC_TURN})
    assert wrong == []
    cited = {s.rule for s in walked() if s.code == "MK-TL-TURN"}
    assert cited >= {"12.00", "12.00.B", "12.00.C", "12.00.5.2"}, cited


def test_no_refusal_cites_a_rule_of_two_players_where_the_variant_says_who_plays_with_whom() -> None:
    """A siege or capture of an ally or a partner, and a mixed team of players who play against each other, are
    refused under the variant's own rule (12.00.4.B, 12.00.4.C, 12.00.5.3, 12.00.5.4, 12.00.5.6), not under the
    two-player 4.01.C and 4.01.E; the walk meets each case."""
    # an action out of turn, or with a clause its verb does not take, is refused for that first
    judged = [s for s in walked() if s.specific_seat is not None and s.code not in ("MK-TL-TURN", "MK-TL-CLAUSE")]
    wrong = sorted({f"{s.where}: {s.player} {s.action}: [{s.rule}] {s.message} (applies: {s.specific_seat})"
                    for s in judged if s.rule != s.specific_seat})
    assert wrong == []
    assert {s.rule for s in judged} >= {"12.00.4.B", "12.00.4.C", "12.00.5.3", "12.00.5.4", "12.00.5.6"}


def test_every_pinned_refusal_is_met_with_its_rule() -> None:
    """The ``expect: illegal`` pins of every scenario are refusals the walk meets, each with an indexed rule."""
    book = load_rulebook()
    for path in SCENARIOS:
        expect = (load_yaml_file(path).data or {}).get("expect") or {}
        pins = expect.get("illegal") or []
        if not pins:
            continue
        result = run_file(str(path), lookup=lookup_for(path))
        assert result.passed, "\n".join(result.diffs)
        for pin in pins:
            rule = pin if isinstance(pin, str) else pin.get("rule")
            for one in [rule] if isinstance(rule, str) else rule or []:  # a pin may accept several rules
                assert book.get(str(one)) is not None, (path.name, one)
        for refusal in result.refusals:
            assert refusal.rule is not None and book.get(refusal.rule) is not None, (path.name, refusal)


# ---------------------------------------------------------------- the citations that were wrong

RULINGS = ROOT / "examples" / "rulings"


def play(base: str, script: list[str], edit: Callable[[str], str] = lambda head: head) -> Result:
    """The scenario *base* of examples/rulings with its setup changed by *edit* and this *script* (no expect)."""
    path = RULINGS / base
    head = edit(path.read_text("utf-8").split("\nscript:", 1)[0])
    text = head + "\nscript:\n" + ("".join(f"  - {line}\n" for line in script) or "  []\n")
    return run_file(str(path), text=text, lookup=lookup_for(path))


def refusals(result: Result) -> list[tuple[int, str, str | None]]:
    return [(r.step, r.code, r.rule) for r in result.refusals]


def message(result: Result, step: int) -> tuple[str, str]:
    refusal = next(r for r in result.refusals if r.step == step)
    return refusal.message, refusal.hu


# Szövetségek, four players: Anna 9 MP, Béla 8, Cili 7, Dóra 6
ALLIANCES = "szovetsegek-szovetseg.yaml"


def test_a_player_who_spent_no_mp_stays_active_12_00_B() -> None:
    """Anna passes, so Béla acts; he offers Cili an alliance, spending no MP, and stays the active player:
    Cili and Anna (who has the most MP) are refused under 12.00.B, not the generic 12.00."""
    result = play(ALLIANCES, ["Anna: passz", 'Béla: szövetség "Cili"', "Cili: passz", 'Anna: szövetség "Dóra"'])
    assert refusals(result) == [(3, "MK-TL-TURN", "12.00.B"), (4, "MK-TL-TURN", "12.00.B")]
    assert message(result, 4) == (
        "it is Béla's turn to act: Béla spent no MP on the last deed and stays the active player (12.00.B)",
        "most Béla cselekedhet: Béla nem költött MP-t az előző cselekedetére, így aktív játékos marad (12.00.B)")
    assert result.refusals[0].remedy == ("wait until Béla acts or passes", "várd meg, míg Béla cselekszik vagy passzol")


def test_after_a_pass_the_next_player_in_mp_order_is_active_12_00_C() -> None:
    result = play(ALLIANCES, ["Anna: passz", "Cili: passz", "Anna: passz", "Béla: passz", "Béla: passz"])
    assert refusals(result) == [(2, "MK-TL-TURN", "12.00.C"), (3, "MK-TL-TURN", "12.00.C"),
                                (5, "MK-TL-TURN", "12.00.C")]
    assert message(result, 2) == (
        "it is Béla's turn to act: after a pass the next player in MP order is the active player (12.00.C)",
        "most Béla cselekedhet: passz után az MP-sorrendben következő játékos az aktív (12.00.C)")
    assert message(result, 5)[0].startswith("it is Cili's turn to act")


def test_the_active_pair_12_00_5_2() -> None:
    """Ikerjáték: Anna and Cili have more MP together; after their pass Béla and Dóra's pair acts."""
    result = play("ikerjatek-paros.yaml", ["Béla: passz", "Cili: passz", "Anna: passz", "Dóra: passz"])
    assert refusals(result) == [(1, "MK-TL-TURN", "12.00.5.2"), (3, "MK-TL-TURN", "12.00.5.2")]
    assert message(result, 1) == (
        "it is the turn of Anna's side (Anna, Cili): the active pair is the one with more MP together, "
        "and after a pass the other pair acts (12.00.5.2)",
        "most Anna oldala (Anna, Cili) cselekedhet: az a páros aktív, amelynek együtt több MP-je van, "
        "és passz után a másik páros következik (12.00.5.2)")
    assert message(result, 3)[0].startswith("it is the turn of Béla's side (Béla, Dóra)")


def test_two_players_after_a_pass_the_other_acts_6_03() -> None:
    result = play("sorrend-aktiv-jatekos.yaml", ["Anna: passz", 'Anna: leidéz "Garmacs, a kincsvadász"'])
    assert refusals(result) == [(2, "MK-TL-TURN", "6.03")]
    assert message(result, 2)[0] == "it is Béla's turn to act: after a pass the other player acts (6.03)"


def test_the_omen_run_and_the_omen_players_12_00_1() -> None:
    """Ómen: Anna's Ómen-pass gives her a run of her own (12.00.1.C); when it ends, only the players whose
    Ómen is in play count for the active player (12.00.1.D)."""
    result = play("omen-kor.yaml", ["Anna: passz", "Béla: passz", "Anna: passz", "Cili: passz"])
    assert refusals(result) == [(2, "MK-TL-TURN", "12.00.1.C"), (4, "MK-TL-TURN", "12.00.1.D")]
    assert message(result, 4)[0] == ("it is Béla's turn to act: the active player is the one with the most MP among "
                                     "the players whose Ómen is in play (12.00.1.D)")


def test_the_generic_turn_order_still_cites_12_00_or_6_00() -> None:
    result = play("sorrend-aktiv-jatekos.yaml", ['Béla: leidéz "Briar Sichetti"'])
    assert refusals(result) == [(1, "MK-TL-TURN", "12.00")]
    assert message(result, 1) == (
        "it is Anna's turn to act: the active player is the one with the most MP (12.00)",
        "most Anna cselekedhet: az aktív játékos a legtöbb MP-vel rendelkező játékos (12.00)")
    current = play("sorrend-aktiv-jatekos.yaml", ['Béla: leidéz "Briar Sichetti"'],
                   lambda head: head.replace("format: archivalt", "format: korfordulo"))
    assert refusals(current) == [(1, "MK-TL-TURN", "6.00")]


BEAST = "bestia-aktivizalas-kepesseg.yaml"


def _with_tools(head: str) -> str:
    return head.replace("sor: [Pyarroni novícius]}",
                        'sor: [Pyarroni novícius, {card: "Garmacs, a kincsvadász", attach: [Tolvajszerszámok]}]}')


def test_a_beast_activation_of_an_ability_is_refused_under_1_14_7() -> None:
    """Vadonjáró Thorwald's ability counts as a beast activation (1.14.7): a tool that neutralises trap
    activations cannot neutralise it, and the refusal cites 1.14.7, not the neutraliser's 6.00."""
    result = play(BEAST, ['Anna: aktivizál "Vadonjáró Thorwald" célpont "Pyarroni novícius"',
                          'Béla: semlegesít @1 forrás "Tolvajszerszámok"'], _with_tools)
    assert refusals(result) == [(2, "MK-TL-BEAST", "1.14.7")]
    assert message(result, 2) == (
        "the ability of Vadonjáró Thorwald counts as a beast activation and can be neutralised only as one; "
        "Tolvajszerszámok neutralises a trap activation (1.14.7)",
        "Vadonjáró Thorwald képessége bestia aktivizálásnak minősül, és csak bestia aktivizálásként semlegesíthető; "
        "Tolvajszerszámok csapda aktivizálása semlegesítésére képes (1.14.7)")


def test_a_beast_activation_neutralised_as_an_ability_with_a_card_is_refused_under_1_14_7() -> None:
    def any_neutraliser(head: str) -> str:
        return _with_tools(head) + '\neffects:\n  Tolvajszerszámok: {ability: {cost: rest wearer, effect: "neutralise any"}}'

    result = play(BEAST, ['Anna: aktivizál "Vadonjáró Thorwald" célpont "Pyarroni novícius"',
                          'Béla: semlegesít @1 forrás "Tolvajszerszámok" mint képesség',
                          'Béla: semlegesít @1 forrás "Tolvajszerszámok"'], any_neutraliser)
    assert refusals(result) == [(2, "MK-TL-BEAST", "1.14.7")]
    assert message(result, 2)[0] == ("the ability of Vadonjáró Thorwald counts as a beast activation: it can be "
                                     "neutralised only as one (1.14.7)")


def test_the_two_targets_of_a_power_word_must_differ_3_05_B() -> None:
    """A power word whose behaviour names its targets (two adventurers): the same one twice is refused under
    3.05.B, the power words' own rule, not the targets' 5.01.B."""
    def two_targets(head: str) -> str:
        return head.replace('{effect: "rest target"}', '{effect: "rest target", targets: "2 adventurer"}')

    target = '"Garmacs, a kincsvadász"'
    result = play("hatalomszo-kulonbozo-celpontok.yaml",
                  [f'Anna: leidéz "A Kettős Parancs" által "Briar Sichetti" célpont {target}, {target}',
                   f'Anna: leidéz "A Kettős Parancs" által "Briar Sichetti" célpont {target}, "Terda Radowik am Warwik"'],
                  two_targets)
    assert refusals(result) == [(1, "MK-TL-DISTINCT", "3.05.B")]
    assert message(result, 1) == ("the targets of the power word A Kettős Parancs must differ (3.05.B)",
                                  "a(z) A Kettős Parancs hatalomszó célpontjainak különbözőknek kell lenniük (3.05.B)")


def test_a_mixed_team_of_players_who_are_no_allies_12_00_4_B() -> None:
    result = play(ALLIANCES, ['Anna: ostromol csapat "Terda Radowik am Warwik", "Vadonjáró Thorwald" ellen "Cili"'])
    assert refusals(result) == [(1, "MK-TL-TEAM", "12.00.4.B")]
    assert message(result, 1)[0] == ("Vadonjáró Thorwald is Béla's adventurer: only allies send mixed teams, and "
                                     "Béla is not Anna's ally (12.00.4.B)")


def test_a_mixed_team_with_an_opponent_of_the_pair_12_00_5_4() -> None:
    result = play("ikerjatek-paros.yaml", ['Anna: ostromol csapat "Terda Radowik am Warwik", "Gorviki zsoldos"'],
                  lambda head: head.replace("{name: Béla, mp: 5,", "{name: Béla, mp: 5, sor: [Gorviki zsoldos],"))
    assert refusals(result) == [(1, "MK-TL-TEAM", "12.00.5.4")]


def test_a_siege_or_capture_of_an_ally_12_00_4_C() -> None:
    """The shipped ruling pins the siege (step 5); a capture of the ally's building is refused the same way."""
    result = play(ALLIANCES, ["Anna: passz", 'Béla: szövetség "Anna" akarja',
                              'Béla: ostromol csapat "Vadonjáró Thorwald" ellen "Anna"',
                              'Béla: bevesz "Dzsad bankház" csapat "Vadonjáró Thorwald"'],
                  lambda head: head.replace("{name: Anna, mp: 9,", "{name: Anna, mp: 9, jelen: [Dzsad bankház],"))
    assert refusals(result) == [(3, "MK-TL-SELF", "12.00.4.C"), (4, "MK-TL-SELF", "12.00.4.C")]
    assert message(result, 3) == (
        "Anna is Béla's ally, and allies are not each other's opponents: Béla does not siege Anna (12.00.4.C)",
        "Anna Béla szövetségese, a szövetségesek pedig egymásnak nem ellenfelei: Béla nem ostromolhatja Anna tornyát "
        "(12.00.4.C)")


def test_a_siege_or_capture_of_a_partner_cites_the_shared_tower_and_buildings() -> None:
    result = play("ikerjatek-paros.yaml", ['Cili: ostromol csapat "Garmacs, a kincsvadász" ellen "Anna"',
                                           'Cili: bevesz "Dzsad bankház" csapat "Garmacs, a kincsvadász"'],
                  lambda head: head.replace("{name: Anna, mp: 6,", "{name: Anna, mp: 6, jelen: [Dzsad bankház],"))
    assert refusals(result) == [(1, "MK-TL-SELF", "12.00.5.6"), (2, "MK-TL-SELF", "12.00.5.3")]


def test_nobody_challenges_or_allies_with_themselves_by_the_variants_own_rules() -> None:
    assert refusals(play("kihivas-kihivas.yaml", ['Anna: kihív "Anna"'])) == [(1, "MK-TL-SELF", "12.00.2.B")]
    assert refusals(play(ALLIANCES, ['Anna: szövetség "Anna"'])) == [(1, "MK-TL-SELF", "12.00.4.B")]


def test_a_special_manoeuvre_out_of_its_phase_cites_its_own_rule() -> None:
    def in_reveal(head: str) -> str:
        return head.replace("setup:\n", "setup:\n  phase: toronyszint felfedés\n")

    result = play("kihivas-kihivas.yaml", ['Anna: kihív "Béla"'], in_reveal)
    assert refusals(result) == [(1, "MK-TL-PHASE", "12.00.2.B")]
    assert message(result, 1)[0] == ("this special manoeuvre is MP-bound: it starts only in the manoeuvres phase "
                                     "(now toronyszint felfedés) (12.00.2.B)")
    assert refusals(play(ALLIANCES, ['Anna: szövetség "Béla"'], in_reveal)) == [(1, "MK-TL-PHASE", "12.00.4.B")]


def test_an_mp_bound_deed_in_an_open_timeline_cites_what_makes_it_mp_bound() -> None:
    """A quest is summoned as an MP-bound manoeuvre (3.02.A), a siege is one (4.01.B), a challenge is one
    (12.00.2.B): each is refused while a deed's timeline is open, citing that rule rather than 6.01."""
    quest = play("kuldetes-limit.yaml", ['Anna: leidéz "Pyarroni novícius"', 'Anna: leidéz "Az ősök kútja"'],
                 lambda head: head.replace("jelen: [Az erioni vásár, Az elsüllyedt shadoni gálya], ", "")
                 .replace("hand: [A gorviki hadiszállás,", "hand: [Pyarroni novícius,").replace("mp: 0", "mp: 9"))
    assert refusals(quest) == [(2, "MK-TL-MP-BOUND", "3.02.A")]
    assert message(quest, 2) == ("Az ősök kútja is an MP-bound deed: it cannot be added to an open timeline (3.02.A)",
                                 "Az ősök kútja MP-kötött cselekedet: nyitott időfonalba nem kerülhet (3.02.A)")
    siege = run_file(str(RULINGS / "ostrom-dontetlen-tamado.yaml"), lookup=lookup_for(RULINGS))
    assert refusals(siege) == [(2, "MK-TL-MP-BOUND", "4.01.B")] and siege.passed
    assert message(siege, 2)[0] == "a siege is an MP-bound deed: it cannot be added to an open timeline (4.01.B)"
    challenge = play("kihivas-kihivas.yaml", ['Anna: leidéz "Gorviki zsoldos"', 'Anna: kihív "Béla"'],
                     lambda head: head.replace("{name: Anna, mp: 9,", "{name: Anna, mp: 9, hand: [Gorviki zsoldos],"))
    assert refusals(challenge) == [(2, "MK-TL-MP-BOUND", "12.00.2.B")]


def test_a_card_attached_or_built_from_the_hand_that_is_not_there_5_01_A() -> None:
    result = play("gepezet-raepites.yaml", ['Anna: csatol "Wirg" -> "Argureni bálterem"',
                                            'Anna: ráépít "Gorviki ostromgép" -> "Barlangi medve"'],
                  lambda head: head.replace("hand: [Gorviki ostromgép, Wirg, Tükörútvesztő]",
                                            "hand: [Tükörútvesztő]\n      jövő: [Gorviki ostromgép, Wirg]"))
    assert refusals(result) == [(1, "MK-TL-NO-CARD", "5.01.A"), (2, "MK-TL-NO-CARD", "5.01.A")]


def test_an_action_card_needs_its_summoner_by_3_05() -> None:
    result = play("leidezes-sorrend.yaml", ['Anna: leidéz "Az Uralom Szava" célpont "Terda Radowik am Warwik"'],
                  lambda head: head.replace("format: korfordulo", "format: archivalt"))
    assert refusals(result)[:1] == [(1, "MK-TL-SUMMONER", "3.05")]
    current = play("leidezes-sorrend.yaml", ['Anna: leidéz "Az Uralom Szava" célpont "Terda Radowik am Warwik"'],
                   lambda head: head.replace("format: archivalt", "format: korfordulo"))
    assert refusals(current)[:1] == [(1, "MK-TL-SUMMONER", "6.01")]


def test_a_team_of_nobody_4_01_D() -> None:
    """The action language always names a team (``csapat …``); an action made in Python may name none."""
    engine = play("ostrom-sajat-maga-ellen.yaml", []).engine
    assert engine is not None
    refusal = engine.why_not("Anna", Action("siege"))
    assert refusal is not None and (refusal.code, refusal.rule) == ("MK-TL-TEAM-SIZE", "4.01.D")
    assert (str(refusal), refusal.hu) == (
        "a siege needs a team: a team has at least one adventurer (4.01.D)",
        "az ostrom csapatot igényel: egy csapatban legalább egy kalandozó van (4.01.D)")
    assert refusal.remedy == ("a team of 1 to 3 adventurers", "1–3 kalandozós csapat")


def test_activating_a_card_that_is_not_the_players_in_a_pair_game_cites_6_01() -> None:
    """Ikerjáték: an obstacle of the pair may be activated by either player (12.00.5.5); a card that is neither
    the player's nor such an obstacle is refused by 6.01, not by 12.00.5.5."""
    result = play("ikerjatek-paros.yaml", ['Anna: aktivizál "Wirg"'])
    assert refusals(result) == [(1, "MK-TL-NO-CARD", "6.01")]
