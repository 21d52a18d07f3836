"""Who acts, against whom and on what: the choices the rules leave to a player, and the players who may not act.

* an effect of "one of your opponents" hits the one opponent its player chooses (12.00.A), named by the
  action's ``ellen "P"`` clause, and listed as a choice;
* an obstacle obstructs the initiating team of a manoeuvre against its player: a beast attacks that team's
  adventurers, not its own side nor everybody (6.03, 4.01.C), as many as option ``beast_targets`` allows;
* an adventurer (a building, an ally, a tower level) is no fast effect: it is not summoned into an
  opponent's open timeline (6.00, option ``sor_summons``);
* a player who is out of the game takes no action (12.00.D): a refusal, never a crash.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import run_main
from layout import ROOT

from korbiro.grammar.action import parse_action
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.scenario import Result, run_file

RULINGS = ROOT / "examples" / "rulings"



def run_text(text: str, until: int | None = None, path: str = "t.yaml") -> Result:
    return run_file(path, text=text, until=until)


def forms(eng: Engine, player: str) -> list[tuple[str, str]]:
    return [(f.text("en"), f.rule) for f in eng.legal_actions(player)]


def refusal_of(eng: Engine, player: str, action: str) -> tuple[str, str | None, str]:
    err = eng.why_not(player, parse_action(action))
    assert err is not None, f"{action!r} was accepted"
    return err.code, err.rule, str(err)


# ---------------------------------------------------------------- a player who is out (12.00.D)

OUT = """title: a player who is out
format: archivalt
variant: general
options: {turn_order: free}
setup:
  players:
    - {name: Anna, mp: 5, out: true, torony: [Argureni bálterem]}
    - {name: Béla, mp: 3, torony: [Toroni őrtorony], jövő: [Briar Sichetti, Wirg, Slan ököl]}
    - {name: Cili, mp: 2, torony: [Kincses kamra], jövő: [Vadonjáró Thorwald, Barlangi medve, Slan ököl]}
    - {name: Dóra, mp: 1, torony: [Shadoni kincstár], jövő: [Pyarroni novícius, Wirg, Slan ököl]}
script:
  - "Anna: passz"
"""


def test_a_player_who_is_out_is_refused_not_crashed(tmp_path: Path) -> None:
    text = OUT.replace('  - "Anna: passz"', "  - Anna: passz")
    result = run_text(text)
    assert [(r.step, r.code, r.rule, r.message, r.hu) for r in result.refusals] == [
        (1, "MK-TL-OUT", "12.00.D", "Anna is out of the game: a player who is out takes no more actions",
         "Anna kiesett a játékból: aki kiesett, többé nem cselekszik")]
    ruling = tmp_path / "out.yaml"
    ruling.write_text(text, "utf-8")
    got = run_main(["resolve", str(ruling)])
    assert got.code == 1
    assert "    REFUSED [12.00.D] Anna is out of the game: a player who is out takes no more actions" in \
        got.stdout.splitlines()


def test_a_player_who_is_out_has_no_legal_action() -> None:
    eng = run_text(OUT.replace('  - "Anna: passz"', "  - Anna: passz"), until=0).engine
    assert eng is not None
    assert eng.legal_actions("Anna") == []
    assert refusal_of(eng, "Anna", "passz")[:2] == ("MK-TL-OUT", "12.00.D")
    assert [f.verb for f in eng.legal_actions("Béla")] == ["pass"]


def test_a_player_who_is_out_is_never_the_active_player() -> None:
    """The setup names Anna, who is out, as the active player: the active-player rule looks past her (12.00.D),
    and random play (``játék``) goes on with the players still in."""
    text = OUT.replace("options: {turn_order: free}\n", "").replace("  players:\n", "  active: Anna\n  players:\n", 1)
    text = text.replace('  - "Anna: passz"', "  - játék 3")
    result = run_text(text)
    eng = result.engine
    assert eng is not None and not result.refusals
    assert eng.state.players["Anna"].out and eng.active_player() != "Anna"
    start = result.steps[0][3]
    played = eng.state.trace[start - 1:]
    assert len(played) > 10 and not [e.en for e in played if e.en.startswith("Anna ")]


# ---------------------------------------------------------------- "one of your opponents" (12.00.A)

KOBAK = """title: one of your opponents loses 1 MP
format: archivalt
setup:
  players:
    - {{name: Anna, mp: 5, sor: [{{card: Briar Sichetti, attach: [Zsebes Kobak]}}]}}
    - {{name: Béla, mp: 3}}
{more}script:
  - Anna: {action}
  - visszafejt
"""


def kobak(action: str, *, third: bool = True) -> Result:
    return run_text(KOBAK.format(action=action, more="    - {name: Cili, mp: 3}\n" if third else ""))


def mp(result: Result) -> dict[str, int]:
    assert result.engine is not None
    return {n: p.mp for n, p in result.engine.state.players.items()}


def test_one_of_your_opponents_is_the_one_chosen() -> None:
    """Zsebes Kobak: "egy ellenfeled veszít 1 MP-t, te kapsz 1 MP-t" took 1 MP from every opponent."""
    result = kobak('aktivizál "Zsebes Kobak" ellen "Cili"')
    assert result.refusals == []
    assert mp(result) == {"Anna": 6, "Béla": 3, "Cili": 2}
    lines = [(e.rule, e.en) for e in result.trace]
    assert ("12.00.A", "Anna chooses Cili: the effect's \"one of your opponents\" is Cili") in lines
    assert ("6.00", "Cili loses 1 MP: 2") in lines and not any(en.startswith("Béla loses") for _, en in lines)


def test_with_several_opponents_the_choice_must_be_named() -> None:
    result = kobak('aktivizál "Zsebes Kobak"')
    assert [(r.code, r.rule, r.message, r.remedy) for r in result.refusals] == [(
        "MK-TL-OPPONENT", "12.00.A",
        "Zsebes Kobak's effect refers to one of Anna's opponents, and Anna has several: choose one (ellen \"…\")",
        ("choose the opponent: ellen \"Béla\" or \"Cili\"", "válaszd ki az ellenfelet: ellen \"Béla\" vagy \"Cili\""))]
    assert mp(result) == {"Anna": 5, "Béla": 3, "Cili": 3}


def test_the_only_opponent_is_chosen_by_itself() -> None:
    for action in ('aktivizál "Zsebes Kobak"', 'aktivizál "Zsebes Kobak" ellen "Béla"'):
        result = kobak(action, third=False)
        assert result.refusals == [] and mp(result) == {"Anna": 6, "Béla": 2}
        assert "12.00.A" not in {e.rule for e in result.trace}


@pytest.mark.parametrize(("action", "code", "rule", "message"), [
    ('aktivizál "Zsebes Kobak" ellen "Anna"', "MK-TL-OPPONENT", "12.00.A", "Anna is not an opponent of Anna"),
    ('aktivizál "Zsebes Kobak" ellen "Dezső"', "MK-TL-NO-PLAYER", "1.01", "no player 'Dezső'"),
    ('aktivizál "Briar Sichetti" ellen "Béla"', "MK-TL-OPPONENT", "12.00.A",
     "Briar Sichetti's effect refers to no opponent: it takes no 'ellen'"),
])
def test_a_wrong_opponent_is_refused(action: str, code: str, rule: str, message: str) -> None:
    result = kobak(action)
    assert [(r.code, r.rule, r.message) for r in result.refusals] == [(code, rule, message)]


def test_an_opponent_who_is_out_cannot_be_chosen() -> None:
    text = KOBAK.format(action='aktivizál "Zsebes Kobak" ellen "Cili"',
                        more="    - {name: Cili, mp: 3, out: true}\n    - {name: Dóra, mp: 3}\n")
    result = run_text(text)
    assert [(r.code, r.rule, r.message) for r in result.refusals] == [
        ("MK-TL-OUT", "12.00.D", "Cili is out of the game: a player who is out takes no more actions")]


def test_the_listing_offers_the_opponent_as_a_choice() -> None:
    eng = kobak('aktivizál "Zsebes Kobak" ellen "Cili"').engine
    eng = run_text(KOBAK.format(action="passz", more="    - {name: Cili, mp: 3}\n"), until=0).engine
    assert eng is not None
    assert forms(eng, "Anna") == [("pass", "6.03"), ('activate "Briar Sichetti"', "6.01"),
                                  ('activate "Zsebes Kobak" against ⟨1: "Béla" | "Cili"⟩', "6.01")]
    [form] = [f for f in eng.legal_actions("Anna") if f.card == "Zsebes Kobak"]
    assert form.text("hu") == 'aktivizál "Zsebes Kobak" ellen ⟨1: "Béla" | "Cili"⟩'
    assert form.to_dict()["opponent"] == {"choose": [1, 1], "of": ["Béla", "Cili"]}
    two = run_text(KOBAK.format(action="passz", more=""), until=0).engine
    assert two is not None
    assert forms(two, "Anna") == [("pass", "6.03"), ('activate "Briar Sichetti"', "6.01"),
                                  ('activate "Zsebes Kobak"', "6.01")]


def test_a_quest_solved_makes_the_chosen_opponent_discard() -> None:
    """A toroni kémhálózat felszámolása: "Megoldásakor egy ellenfeled eldob egy véletlenszerűen választott lapot"."""
    text = """title: a quest's opponent
format: archivalt
setup:
  players:
    - {name: Anna, mp: 5, sor: ["Kyria Dorell, a toroni árny"], jelen: [A toroni kémhálózat felszámolása]}
    - {name: Béla, mp: 0, hand: [Wirg]}
    - {name: Cili, mp: 0, hand: [Slan ököl]}
script:
  - Anna: megold "A toroni kémhálózat felszámolása" csapat "Kyria Dorell, a toroni árny" ellen "Béla"
  - visszafejt
"""
    result = run_text(text)
    eng = result.engine
    assert eng is not None and result.refusals == []
    hands = {n: [eng.state.cards[u].label for u in p.zones["kez"]] for n, p in eng.state.players.items()}
    assert hands == {"Anna": [], "Béla": [], "Cili": ["Slan ököl"]}


def test_a_timed_effect_nobody_chooses_for_takes_the_next_opponent() -> None:
    """The ghost knight's ③ "Forduló zárásakor egy általad választott ellenfeled elveszít 1 MP-t" at round closing:
    no action names the opponent, so korbiro takes the next one in seating order (docs/rulings.md), not everyone."""
    text = """title: a timed effect's opponent
format: archivalt
setup:
  players:
    - {name: Anna, mp: 0, sor: [A shadoni kísértetlovag]}
    - {name: Béla, mp: 3}
    - {name: Cili, mp: 3}
script:
  - meghal "A shadoni kísértetlovag"
  - forduló vége
"""
    result = run_text(text)
    assert mp(result) == {"Anna": 4, "Béla": 6, "Cili": 7}
    assert ("12.00.A", "Anna chooses Béla, the next opponent in seating order: no action chose for the effect's "
            "\"one of your opponents\"") in [(e.rule, e.en) for e in result.trace]


# ---------------------------------------------------------------- summoning into an opponent's timeline (6.00)

SUMMONS = """title: summons and open timelines
{options}setup:
  players:
    - {{name: Anna, mp: 9, hand: [Az abasziszi karaván kísérete, Briar Sichetti]}}
    - {{name: Béla, mp: 9, hand: [Vadonjáró Thorwald]}}
script:
  - Anna: leidéz "Az abasziszi karaván kísérete"
  - Béla: leidéz "Vadonjáró Thorwald"
  - Anna: leidéz "Briar Sichetti"
  - visszafejt
"""


def test_an_adventurer_is_not_summoned_into_an_opponents_timeline() -> None:
    result = run_text(SUMMONS.format(options=""))
    assert [(r.step, r.code, r.rule, r.message, r.remedy) for r in result.refusals] == [(
        2, "MK-TL-NOT-FAST", "6.00",
        "Vadonjáró Thorwald is no fast effect: it is summoned with no timeline open, or into one its own side "
        "opened, not into Anna's timeline 1",
        ("wait until timeline 1 has unwound", "várd meg, míg a(z) 1. időfonal visszafejtődik"))]
    eng = result.engine
    assert eng is not None
    sor = {n: [eng.state.cards[u].label for u in p.zones["sor"]] for n, p in eng.state.players.items()}
    assert sor == {"Anna": ["Briar Sichetti"], "Béla": []}


def test_option_sor_summons_any_allows_it() -> None:
    result = run_text(SUMMONS.format(options="options: {sor_summons: any}\n"))
    assert result.refusals == []


def test_the_listing_does_not_offer_it() -> None:
    eng = run_text(SUMMONS.format(options=""), until=1).engine
    assert eng is not None
    assert [f.text("en") for f in eng.legal_actions("Béla")] == ["pass"]
    assert [f.text("en") for f in eng.legal_actions("Anna")] == ["pass", 'summon "Briar Sichetti"']


# ---------------------------------------------------------------- beasts obstruct the initiating team (6.03, 4.01.C)

SIEGE = """title: a beast in a siege
format: archivalt
{options}setup:
  active: Béla
  players:
    - name: Anna
      mp: 5
      sor: [Briar Sichetti]
      torony: [{{card: Argureni bálterem, attach: [Barlangi medve]}}, Toroni őrtorony]
    - name: Béla
      mp: 5
      sor: [Terda Radowik am Warwik, Vadonjáró Thorwald, Pyarroni novícius]
      torony: [{{card: Kincses kamra, attach: [{{card: Barlangi medve, as: Béla medvéje}}]}}]
script:
  - Béla: ostromol csapat "Terda Radowik am Warwik", "Vadonjáró Thorwald"
{more}"""


def siege(more: str = "", options: str = "") -> Result:
    return run_text(SIEGE.format(more=more, options=options))


def test_a_beast_attacks_one_adventurer_of_the_team_it_obstructs() -> None:
    eng = siege().engine
    assert eng is not None
    beast = [f for f in eng.legal_actions("Anna") if f.card == "Barlangi medve"]
    assert [(f.text("en"), f.rule) for f in beast] == [
        ('activate "Barlangi medve" target ⟨1: "Terda Radowik am Warwik" | "Vadonjáró Thorwald"⟩', "12.00.5.5")]
    # Béla's own bear does not obstruct his own siege (4.01.C)
    assert [f.card for f in eng.legal_actions("Béla") if f.verb == "activate"] == ["Vadonjáró Thorwald"]


def test_option_beast_targets_team_lets_it_attack_the_whole_team() -> None:
    eng = siege(options="options: {beast_targets: team}\n").engine
    assert eng is not None
    [form] = [f for f in eng.legal_actions("Anna") if f.card == "Barlangi medve"]
    assert form.text("en") == ('activate "Barlangi medve" target '
                               '⟨1–2: "Terda Radowik am Warwik" | "Vadonjáró Thorwald"⟩')


@pytest.mark.parametrize(("action", "code", "rule", "message"), [
    ('Anna: aktivizál "Barlangi medve" célpont "Briar Sichetti"', "MK-TL-SELF", "4.01.C",
     "Briar Sichetti is Anna's own: Barlangi medve obstructs the initiating team, and nobody acts against themselves"),
    ('Anna: aktivizál "Barlangi medve" célpont "Pyarroni novícius"', "MK-TL-TARGET", "5.01.B",
     "Pyarroni novícius is not in the initiating team Barlangi medve obstructs: Terda Radowik am Warwik, "
     "Vadonjáró Thorwald"),
    ('Anna: aktivizál "Barlangi medve" célpont "Terda Radowik am Warwik", "Vadonjáró Thorwald"', "MK-TL-TARGETS",
     "5.01.B", "Barlangi medve attacks one adventurer of the team it obstructs (option beast_targets=one), not 2"),
    ('Béla: aktivizál "Béla medvéje" célpont "Terda Radowik am Warwik"', "MK-TL-SELF", "4.01.C",
     "Béla medvéje would obstruct its own side's manoeuvre (Béla's): nobody acts against themselves"),
])
def test_a_beast_is_refused_against_anyone_else(action: str, code: str, rule: str, message: str) -> None:
    result = siege(more=f"  - {action}\n")
    assert [(r.code, r.rule, r.message) for r in result.refusals] == [(code, rule, message)]


def test_a_beast_hits_only_its_target() -> None:
    result = siege(more='  - Anna: aktivizál "Barlangi medve" célpont "Vadonjáró Thorwald"\n  - visszafejt 1\n')
    eng = result.engine
    assert eng is not None and result.refusals == []
    assert {c.label: c.damage for c in eng.state.cards.values() if c.zone == "sor"} == {
        "Briar Sichetti": 0, "Terda Radowik am Warwik": 0, "Vadonjáró Thorwald": 2, "Pyarroni novícius": 0}


def test_no_beast_without_a_manoeuvre() -> None:
    text = SIEGE.format(more="", options="").replace("active: Béla", "active: Anna").replace(
        '  - Béla: ostromol csapat "Terda Radowik am Warwik", "Vadonjáró Thorwald"',
        '  - Anna: aktivizál "Barlangi medve" célpont "Terda Radowik am Warwik"')
    result = run_text(text)
    assert [(r.code, r.rule, r.message) for r in result.refusals] == [(
        "MK-TL-NO-MANOEUVRE", "6.03", "Barlangi medve is activated in the obstacle-activation phase of a manoeuvre "
        "against its player: no manoeuvre is under way, so there is no team to obstruct")]
    eng = run_text(text, until=0).engine
    assert eng is not None
    assert [f.text("en") for f in eng.legal_actions("Anna")] == [
        "pass", 'activate "Briar Sichetti"', 'siege team "Briar Sichetti" against "Béla"']


# ---------------------------------------------------------------- "the target", with no targets: given


def test_the_target_of_a_behaviour_without_targets_is_one_card() -> None:
    """An ability "damage 1 target" whose behaviour gives no ``targets:`` was listed with 1 to every card in the
    Present as targets, and hit as many as named; "the target" is one card (5.01.B)."""
    text = """title: the target
format: archivalt
effects:
  Briar Sichetti: {ability: {cost: rest, effect: "damage 1 target"}}
setup:
  players:
    - {name: Anna, mp: 5, sor: [Briar Sichetti]}
    - {name: Béla, mp: 0, sor: [Terda Radowik am Warwik, Vadonjáró Thorwald]}
script:
  - Anna: aktivizál "Briar Sichetti" célpont "Terda Radowik am Warwik", "Vadonjáró Thorwald"
"""
    result = run_text(text)
    assert [(r.code, r.rule, r.message) for r in result.refusals] == [(
        "MK-TL-TARGETS", "5.01.B",
        "Briar Sichetti affects its target, one card (its behaviour gives no targets: to say more), not 2")]
    eng = run_text(text, until=0).engine
    assert eng is not None
    [form] = [f for f in eng.legal_actions("Anna") if f.verb == "activate"]
    assert form.target_count == (1, 1) and form.text("en") == (
        'activate "Briar Sichetti" target ⟨1: "Briar Sichetti" | "Terda Radowik am Warwik" | "Vadonjáró Thorwald"⟩')
