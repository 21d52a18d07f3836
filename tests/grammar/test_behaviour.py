"""The behaviour languages (korbiro.grammar.behaviour) and a card's behaviour (korbiro.data.behaviour).

Exact parses in both spellings, exact errors (English and Hungarian, column
and caret, did-you-mean), a hypothesis round trip of every syntax object
through its canonical text, and what ``data check`` and ``card show`` make of
a card's ``behaviour:``.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from layout import ROOT

from korbiro.base.errors import DataError, RulesSyntaxError
from korbiro.cli import cli
from korbiro.data.behaviour import Behaviour, read_behaviour
from korbiro.data.check import check_database
from korbiro.data.paths import shipped_db_path
from korbiro.grammar.behaviour import (
    Condition,
    Cost,
    Modifier,
    Op,
    TargetSpec,
    parse_condition,
    parse_cost,
    parse_effect,
    parse_modifier,
    parse_moment,
    parse_targets,
)

pytestmark = pytest.mark.usefixtures("private_cache")


# ---------------------------------------------------------------- exact parses


@pytest.mark.parametrize("text,want", [
    ("damage 2 target; mp 1 controller", (Op("damage", 2, None, "target"), Op("gain_mp", 1, None, "controller"))),
    ("sebzés 2 célpont; mp 1 irányító", (Op("damage", 2, None, "target"), Op("gain_mp", 1, None, "controller"))),
    ("SEBZES 2 CELPONT", (Op("damage", 2, None, "target"),)),
    ("level +2 target until combat", (Op("level", 2, None, "target", until="combat"),)),
    ("szint +2 célpont végéig forduló", (Op("level", 2, None, "target", until="round"),)),
    ('kill "Ősi szellem"', (Op("kill", None, None, "=Ősi szellem"),)),
    ("discard 1 random opponent", (Op("discard", 1, None, "opponent", random=True),)),
    ("neutralise trap activation", (Op("neutralise", arg="trap"),)),
    ("semlegesít bestia aktivizálás", (Op("neutralise", arg="beast"),)),
    ("counter tartomány 1 self", (Op("counter", 1, None, "self", arg="tartomány"),)),
    ("take_mp X max 3 opponent", (Op("take_mp", "X", 3, "opponent"),)),
    ("look hand opponent", (Op("look", None, None, "opponent", arg="hand"),)),
    ("forbid solving", (Op("forbid", arg="solving"),)),
    ("win controller", (Op("win", None, None, "controller"),)),
])
def test_effects(text: str, want: tuple[Op, ...]) -> None:
    assert parse_effect(text) == want


def test_costs_targets_modifiers_conditions_moments() -> None:
    assert parse_cost("pihentet viselő; mp 2") == (Cost("rest", 0, "wearer"), Cost("mp", 2))
    assert parse_cost("return own adventurer") == (Cost("return", 0, "own"),)
    assert parse_targets("up to X enemy wounded adventurers") == TargetSpec(0, "X", "adventurer", "enemy",
                                                                             frozenset({"sérült"}))
    assert parse_targets("2 own team antiss-wizard") == TargetSpec(2, 2, "adventurer", "own", team=True, wizard=True)
    assert parse_targets("toronyszint") == TargetSpec(1, 1, "tower_level")
    assert parse_modifier("immune weakness self") == Modifier("immune", what="weakness")
    assert parse_modifier("maneuver_mp siege -1 own") == Modifier("maneuver_mp", -1, scope="own", maneuver="siege")
    assert parse_modifier("kincs +1 self while stored") == Modifier("kincs", 1, when="stored")
    assert parse_modifier("szint +1 saját kalandozók harcban") == Modifier("level", 1, scope="own", kind="adventurer",
                                                                           when="combat")
    assert parse_condition("counter tartomány >= 6 self") == Condition("self", None, "tartomány", ">=", 6)
    assert parse_condition("gazda sérült") == Condition("host", "wounded")
    assert parse_moment("Forduló zárásakor") == "forduló zárása"
    assert parse_moment("sikeres ostrom") == "siege_won"


# ---------------------------------------------------------------- exact errors


@pytest.mark.parametrize("parse,text,col,en,hu", [
    (parse_effect, "damge 2 target", 1, "unknown step 'damge'; did you mean 'damage'?",
     "ismeretlen lépés: 'damge'; erre gondoltál: 'damage'?"),
    (parse_effect, "damage target", 7, "damage needs an amount (a number or X)",
     "a(z) damage mennyiséget kér (számot vagy X-et)"),
    (parse_effect, "level +1 target", 1, "level changes a card for a while: add 'until combat' or 'until round' "
     "(or 'permanent'; a constant change is a modifier of 'constant:')",
     "a(z) level egy időre változtat a lapon: írd mögé: 'until combat' vagy 'until round' "
     "(vagy 'permanent'; az állandó változás a 'constant:' módosítója)"),
    (parse_effect, "draw 1 target", 1, "draw is for a player: controller, opponent or all, not 'target'",
     "a(z) draw játékosra vonatkozik: controller, opponent vagy all, nem 'target'"),
    (parse_effect, 'kill "Ősi', 6, "a name opened here is not closed (expected '\"')",
     "az itt nyitott név nincs lezárva ('\"' hiányzik)"),
    (parse_effect, "damage 2 target; ; heal 1", 18, "unexpected ';'", "váratlan ';'"),
    (parse_cost, "pay 2", 1, "unknown cost 'pay'; expected rest, mp, return, sacrifice, wound, lost or none",
     "ismeretlen költség: 'pay'; ezek egyike várható: rest, mp, return, sacrifice, wound, lost vagy none"),
    (parse_targets, "1 enemy", 8, "targets name a kind of card: adventurer, tower_level, building, quest, obstacle or card",
     "a célpont lapfajtát nevez meg: adventurer, tower_level, building, quest, obstacle vagy card"),
    (parse_targets, "1 enemy adventurr", 9, "unknown word 'adventurr'; did you mean 'adventurer'?",
     "ismeretlen szó: 'adventurr'; erre gondoltál: 'adventurer'?"),
    (parse_modifier, "immune fire self", 8, "unknown immunity 'fire'; expected negative, power_words or weakness",
     "ismeretlen védettség: 'fire'; ezek egyike várható: negative, power_words vagy weakness"),
    (parse_modifier, "immune gyengesg self", 8, "unknown immunity 'gyengesg'; did you mean 'gyengeség'?",
     "ismeretlen védettség: 'gyengesg'; erre gondoltál: 'gyengeség'?"),
    (parse_moment, "forduló zárás", 1, "unknown moment 'forduló zárás'; did you mean 'forduló zárása'?",
     "ismeretlen időpont: 'forduló zárás'; erre gondoltál: 'forduló zárása'?"),
    (parse_condition, "self asleep", 6, "unknown state 'asleep'; expected awake, resting, wounded or ghost",
     "ismeretlen helyzet: 'asleep'; ezek egyike várható: awake, resting, wounded vagy ghost"),
    (parse_condition, "self restng", 6, "unknown state 'restng'; did you mean 'resting'?",
     "ismeretlen helyzet: 'restng'; erre gondoltál: 'resting'?"),
    (parse_effect, "damage 2 foe", 10, "unknown word 'foe'; expected target, summoner, controller, opponent, team, "
     "enemies, all, self, host, blockers, richer, max, until, random, X or oppdp",
     "ismeretlen szó: 'foe'; ezek egyike várható: target, summoner, controller, opponent, team, enemies, all, self, "
     "host, blockers, richer, max, until, random, X vagy oppdp"),
])
def test_errors_name_the_column_in_both_languages(parse, text: str, col: int, en: str, hu: str) -> None:  # noqa: ANN001
    with pytest.raises(RulesSyntaxError) as info:
        parse(text, path="a.yaml", line=7, column=10)
    err = info.value
    assert (err.path, err.line, err.column) == ("a.yaml", 7, 9 + col)
    assert err.reason == en and err.reason_hu == hu  # type: ignore[attr-defined]
    caret = f"\n  {text}\n  {' ' * (col - 1)}^"
    assert err.message == en + caret and err.hu == hu + caret


def test_hostile_texts_are_errors_not_crashes() -> None:
    for text in ("", "   ", "x" * 1001, "damage 2 target\x00", "damage 99999999999999999999 target; " * 40):
        with pytest.raises(RulesSyntaxError):
            parse_effect(text)


# ---------------------------------------------------------------- round trip

WHO = ["target", "summoner", "controller", "opponent", "team", "enemies", "all", "self", "host", "blockers", "richer"]
PLAYER_WHO = ["controller", "opponent", "all", "richer"]
NAMES = ["Ősi szellem", "Briar Sichetti", "Garmacs, a kincsvadász"]
WORDS = ["tartomány", "erő", "kincs"]


@st.composite
def ops(draw: st.DrawFn) -> Op:
    name = draw(st.sampled_from(["damage", "heal", "rest", "wake", "wound", "weakness", "kill", "return", "attach",
                                 "gain_mp", "lose_mp", "take_mp", "gain_dp", "draw", "discard", "look", "counter",
                                 "neutralise", "level", "fizikum", "asztral", "mental", "fal", "forbid", "win", "none"]))
    arg = {"counter": st.sampled_from(WORDS), "look": st.sampled_from(["hand", "deck"]),
           "neutralise": st.sampled_from(["trap", "beast", "obstacle", "ability", "any"]),
           "forbid": st.sampled_from(["solving", "dp"])}.get(name, st.none())
    if name in ("level", "fizikum", "asztral", "mental", "fal", "counter"):
        amount = draw(st.integers(-9, 9) | st.just("X"))
    elif name in ("damage", "heal"):
        amount = draw(st.integers(0, 99) | st.just("X"))
    else:
        amount = draw(st.none() | st.integers(0, 99) | st.sampled_from(["X", "oppdp"]))
    player = name in ("gain_mp", "lose_mp", "take_mp", "gain_dp", "draw", "discard", "look", "win")
    who = draw(st.none() | st.sampled_from(PLAYER_WHO if player else WHO)
               | (st.nothing() if player else st.sampled_from(NAMES).map(lambda n: "=" + n)))
    until = draw(st.sampled_from(["combat", "round"]) if name in ("level", "fizikum", "asztral", "mental", "fal")
                 else st.none() | st.sampled_from(["combat", "round"]))
    return Op(name, amount, draw(st.none() | st.integers(0, 9)), who, draw(arg), until, draw(st.booleans()))


costs = st.one_of(st.builds(Cost, st.just("mp"), st.integers(0, 9)),
                  st.builds(Cost, st.just("rest"), st.just(0), st.sampled_from(["self", "wearer", "host"])),
                  st.just(Cost("return", 0, "own")), st.just(Cost("none")))
_FILTER_VALUES = st.lists(st.sampled_from(["aquir", "sárkány", "harcos", "pap"]), min_size=1, max_size=2,
                          unique=True).map(tuple)
# a kw: value names a keyword (issue 26: any other is an unknown word)
_KW_VALUES = st.lists(st.sampled_from(["HÁTAS", "igaz_név", "SORSFORDÍTÓ", "akadalyok"]), min_size=1, max_size=2,
                      unique=True).map(tuple)
filters = st.lists(st.one_of(st.tuples(st.sampled_from(["race", "alignment", "class", "subclass", "subtype"]),
                                       _FILTER_VALUES),
                             st.tuples(st.just("kw"), _KW_VALUES)), max_size=2).map(tuple)
KINDS = ["adventurer", "tower_level", "building", "quest", "obstacle", "card", "power_word"]


@st.composite
def target_specs(draw: st.DrawFn) -> TargetSpec:
    low, high = draw(st.one_of(st.integers(1, 5).map(lambda n: (n, n)), st.integers(1, 5).map(lambda n: (0, n)),
                               st.just((0, "X"))))
    wizard = draw(st.booleans())
    return TargetSpec(low, high, "adventurer" if wizard else draw(st.sampled_from(KINDS)),
                      draw(st.sampled_from([None, "own", "enemy"])),
                      frozenset(draw(st.sets(st.sampled_from(["éber", "pihenő", "sérült"])))),
                      draw(st.booleans()), wizard, draw(filters))


@st.composite
def modifiers(draw: st.DrawFn) -> Modifier:
    stat = draw(st.sampled_from(["level", "fizikum", "asztral", "mental", "fal", "team_level", "mp", "kincs",
                                 "maneuver_mp", "immune", "cannot", "power_words", "no_increase"]))
    amount = draw(st.integers(-9, 9) | st.just("X")) if stat not in ("immune", "cannot", "power_words",
                                                                     "no_increase") else None
    what = {"immune": st.sampled_from(["weakness", "negative", "power_words"]),
            "cannot": st.just("block")}.get(stat, st.none())
    return Modifier(stat, amount, draw(what),
                    draw(st.sampled_from(["self", "host", "own", "enemy", "all", "blockers", "sieged", "by_self"])),
                    draw(st.none() | st.sampled_from(KINDS)), draw(filters),
                    draw(st.none() | st.sampled_from(["combat", "stored", "wearer_sieges", "initiating", "sieging",
                                                      "ghost"])),
                    draw(st.sampled_from(["siege", "capture", "quest"])) if stat == "maneuver_mp" else None)


conditions = st.one_of(
    st.builds(Condition, st.sampled_from(["self", "host"]), st.sampled_from(["awake", "resting", "wounded", "ghost"])),
    st.builds(Condition, st.sampled_from(["self", "host"]), st.none(), st.sampled_from(WORDS),
              st.sampled_from([">=", "<=", "=", "<", ">", "!="]), st.integers(0, 20)))


@settings(max_examples=100, deadline=None)
@given(st.lists(ops(), min_size=1, max_size=4))
def test_an_effect_survives_its_canonical_text(steps: list[Op]) -> None:
    text = "; ".join(op.render() for op in steps)
    assert parse_effect(text) == tuple(steps), text


@pytest.mark.fuzz
@settings(max_examples=300, deadline=None)
@given(st.lists(ops(), min_size=1, max_size=4))
def test_an_effect_survives_its_canonical_text_long(steps: list[Op]) -> None:
    test_an_effect_survives_its_canonical_text.hypothesis.inner_test(steps=steps)


@settings(max_examples=60, deadline=None)
@given(st.lists(costs, min_size=1, max_size=3), target_specs(), modifiers(), conditions)
def test_costs_targets_modifiers_and_conditions_survive_their_text(cost: list[Cost], spec: TargetSpec,
                                                                    mod: Modifier, cond: Condition) -> None:
    assert parse_cost("; ".join(c.render() for c in cost)) == tuple(cost)
    assert parse_targets(spec.render()) == spec, spec.render()
    assert parse_modifier(mod.render()) == mod, mod.render()
    assert parse_condition(cond.render()) == cond, cond.render()


@pytest.mark.fuzz
@settings(max_examples=200, deadline=None)
@given(st.lists(costs, min_size=1, max_size=3), target_specs(), modifiers(), conditions)
def test_costs_targets_modifiers_and_conditions_survive_their_text_long(cost: list[Cost], spec: TargetSpec,
                                                                    mod: Modifier, cond: Condition) -> None:
    test_costs_targets_modifiers_and_conditions_survive_their_text.hypothesis.inner_test(cost=cost, spec=spec, mod=mod, cond=cond)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list("damge 2tarx;\"+-:,XÁ\x00\n") + ["until ", " max ", "célpont", "level "]),
                max_size=30).map("".join))
def test_any_text_parses_or_is_a_located_error(text: str) -> None:
    for parse in (parse_effect, parse_cost, parse_targets, parse_modifier, parse_condition, parse_moment):
        try:
            parse(text)
        except RulesSyntaxError as err:
            assert err.line == 1 and err.column is not None and 1 <= err.column <= len(text) + 1
            assert err.hu and err.message.splitlines()[0]


# ---------------------------------------------------------------- a card's behaviour


def test_read_behaviour_fields_and_findings() -> None:
    b, findings = read_behaviour({
        "effect": "damage 2 target", "targets": "1 enemy adventurer", "negative": "weakness summoner",
        "cost": "mp 1", "constant": ["level +1 own adventurers race:aquir"],
        "triggers": [{"at": "forduló zárása", "effect": "mp 1 controller"}],
        "destroyed": "mélység",
    })
    assert findings == []
    assert (b.effect, b.targets, b.negative, b.cost) == (
        (Op("damage", 2, None, "target"),), TargetSpec(1, 1, "adventurer", "enemy"),
        (Op("weakness", None, None, "summoner"),), (Cost("mp", 1),))
    assert b.constant == (Modifier("level", 1, scope="own", kind="adventurer", filters=(("race", ("aquir",)),)),)
    assert [(t.at, t.effect) for t in b.triggers] == [("forduló zárása", (Op("gain_mp", 1, None, "controller"),))]
    assert b.destroyed == "melyseg"
    # what a search on behaviour: matches (the fields, and each trigger's moment)
    assert b.kinds() == ("effect", "negative", "cost", "triggers", "constant", "destroyed", "targets", "forduló-zárása")


def test_read_behaviour_never_raises() -> None:
    b, findings = read_behaviour({"effect": 7, "triggers": "x", "destroyed": "pokol", "abilty": {}}, path="s.yaml")
    assert [(f.code, f.message, f.text("hu")) for f in findings] == [
        ("MK-BEHAVIOUR-FIELD", "unknown behaviour field 'abilty'; did you mean 'ability'?",
         "ismeretlen viselkedésmező: 'abilty'; erre gondoltál: 'ability'?"),
        ("MK-BEHAVIOUR-TYPE", "triggers is a list of {at, effect, …}, not text",
         "a triggers {at, effect, …} elemek listája, nem szöveg"),
        ("MK-BEHAVIOUR-TYPE", "destroyed is múlt or mélység, not 'pokol'", "a destroyed értéke múlt vagy mélység, nem 'pokol'"),
        ("MK-BEHAVIOUR-TYPE", "effect: an effect is text in the behaviour language, not a number",
         "effect: a(z) hatás a viselkedésnyelv szövege, nem szám"),
    ]
    assert (b.effect, b.triggers, b.destroyed) == ((), (), None)
    with pytest.raises(DataError) as info:
        Behaviour.from_mapping({"effect": 7}, path="s.yaml")
    assert str(info.value) == "s.yaml: effect: an effect is text in the behaviour language, not a number"


def _bad_database(tmp_path: Path) -> Path:
    db = tmp_path / "db"
    db.mkdir()
    text = (shipped_db_path() / "MINTA.yaml").read_text("utf-8")
    good = '      effect: "damage 2 target"\n      targets: "1 enemy adventurer"\n'
    assert text.count(good) >= 1
    (db / "MINTA.yaml").write_text(text.replace(good, '      effect: "damge 2 target"\n'
                                                      '      targets: "1 enemy adventurr"\n', 1), encoding="utf-8")
    return db


def test_data_check_reports_behaviour_at_file_line_column(tmp_path: Path) -> None:
    db = _bad_database(tmp_path)
    got = [(f.code, Path(f.file or "").name, f.line, f.column, f.text("en"), f.text("hu"))
           for f in check_database([db], use_cache=False).findings]
    caret1, caret2 = "\n  damge 2 target\n  ^", "\n  1 enemy adventurr\n          ^"
    assert got == [
        ("MK-BEHAVIOUR-WORD", "MINTA.yaml", 1017, 16, "unknown step 'damge'; did you mean 'damage'?" + caret1,
         "ismeretlen lépés: 'damge'; erre gondoltál: 'damage'?" + caret1),
        ("MK-BEHAVIOUR-WORD", "MINTA.yaml", 1018, 25, "unknown word 'adventurr'; did you mean 'adventurer'?" + caret2,
         "ismeretlen szó: 'adventurr'; erre gondoltál: 'adventurer'?" + caret2),
    ]
    res = CliRunner().invoke(cli, ["data", "check", str(db), "--lang", "hu"])
    assert res.exit_code == 1
    assert f"{db / 'MINTA.yaml'}:1017:16: hiba MK-BEHAVIOUR-WORD: ismeretlen lépés: 'damge'" in res.output


def test_card_show_prints_what_the_card_does() -> None:
    res = CliRunner().invoke(cli, ["card", "show", "Slan ököl"])
    assert res.exit_code == 0, res.output
    assert ("what it does (docs/card-behaviour.md):\n"
            "  effect: damage 2 target; targets: 1 enemy adventurer\n") in res.output
    data = json.loads(CliRunner().invoke(cli, ["card", "show", "Slan ököl", "--format", "json"]).output)
    assert data["card"]["behaviour"] == {"effect": "damage 2 target", "targets": "1 enemy adventurer"}


def test_every_sample_card_with_an_ability_has_its_behaviour() -> None:
    from korbiro.data.check import load_database

    missing = [c.name for c in load_database([shipped_db_path()])
               if c.type in ("akciólap", "eseménylap", "akadálylap") and not c.behaviour.kinds()]
    assert missing == []


@pytest.mark.parametrize("module", ["korbiro.grammar.behaviour", "korbiro.data.behaviour",
                                    "korbiro.rules.mk.timeline.legal"])
def test_module_examples(module: str) -> None:
    mod = importlib.import_module(module)
    if mod.__doc__:  # a Python module: the examples of every docstring
        failures, tried = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    else:  # a compiled one (setup.py) keeps no module docstring: its source's, run on the compiled module
        source = Path(mod.__file__ or "").parent / f"{module.rpartition('.')[2]}.py"
        text = ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(doctest.DocTestParser().get_doctest(text, dict(vars(mod)), module, str(source), 0))
        failures, tried = runner.summarize(verbose=False)
    assert tried > 0 and failures == 0


def test_the_other_database_checks_clean(tmp_path: Path) -> None:
    db = tmp_path / "masik"
    shutil.copytree(ROOT / "examples" / "masik-db" / "cards", db)
    assert [f.code for f in check_database([db], use_cache=False).findings] == []
