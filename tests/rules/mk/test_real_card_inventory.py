"""Issue 26's inventory, walked: every field, mark, keyword and behaviour construct that real cards print is
written on a sample card, the sample checks clean with ``--strict``, and a scenario that plays that card passes.

Each row names what it covers, how to recognise it in a card as the set file writes it, and the scenarios
that play it (examples/rulings/); the test finds the cards, and checks that one of the scenarios names one
of them and passes.  A row whose construct no sample card carries, or whose scenarios play none of those
cards, fails: the inventory cannot drift from the sample.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from clirun import run_main
from layout import ROOT

from korbiro.base.text import fold
from korbiro.base.yamlload import load_yaml_file
from korbiro.data.fields import mark_id, property_id
from korbiro.data.paths import shipped_db_path
from korbiro.rules.mk.timeline import run_file

RULINGS = ROOT / "examples" / "rulings"
Raw = dict[str, Any]


def _cards() -> list[Raw]:
    return list(load_yaml_file(shipped_db_path() / "MINTA.yaml").data["cards"])


CARDS = _cards()


def _abilities(c: Raw) -> list[Raw]:
    return [a for a in c.get("abilities") or [] if isinstance(a, dict)]


def marked(mark: str) -> Callable[[Raw], bool]:
    return lambda c: any(mark in {mark_id(m) for m in a.get("marks") or []} for a in _abilities(c))


def kind(word: str) -> Callable[[Raw], bool]:
    return lambda c: any(fold(str(a.get("kind", ""))) == fold(word) for a in _abilities(c))


def ability_has(key: str) -> Callable[[Raw], bool]:
    return lambda c: any(a.get(key) is not None for a in _abilities(c))


def prop(name: str) -> Callable[[Raw], bool]:
    return lambda c: name in {property_id(str(p)) for p in c.get("properties") or []}


def listed(key: str) -> Callable[[Raw], bool]:
    """A field holding several values (a list of two or more, or a printed ``Sor/Harc``)."""
    def holds(c: Raw) -> bool:
        v = c.get(key)
        return (isinstance(v, list) and len(v) > 1) or (isinstance(v, str) and "/" in v)
    return holds


def has(key: str, value: Any = None) -> Callable[[Raw], bool]:
    return lambda c: (c.get(key) is not None) if value is None else fold(str(c.get(key))) == fold(str(value))


def descriptor(pattern: str) -> Callable[[Raw], bool]:
    return lambda c: bool(re.search(pattern, str(c.get("descriptor") or c.get("színesítő") or ""), re.I))


def text(pattern: str) -> Callable[[Raw], bool]:
    return lambda c: bool(re.search(pattern, str(c.get("text") or ""), re.M))


def behaviour(pattern: str) -> Callable[[Raw], bool]:
    """The card's behaviour, its own and its printed abilities', matches *pattern* (its YAML as JSON text)."""
    def holds(c: Raw) -> bool:
        parts = [c.get("behaviour")] + [a.get("behaviour") for a in _abilities(c)]
        return bool(re.search(pattern, json.dumps(parts, ensure_ascii=False)))
    return holds


#: (what, how a card carries it, the scenarios that play such a card)
INVENTORY: list[tuple[str, Callable[[Raw], bool], tuple[str, ...]]] = [
    # ---- fields
    ("ability kind képesség", kind("képesség"), ("i26-marks-harci-egyszeri",)),
    ("ability kind laphatás", kind("laphatás"), ("i26-fields-faj-szinesitobol", "i26-timing-harc-elotti")),
    ("mark állandó", marked("constant"), ("i26-fields-faj-szinesitobol",)),
    ("mark egy per játékos", marked("one_per_player"), ("i26-fields-faj-szinesitobol",)),
    ("mark harci", marked("combat"), ("i26-marks-harci-egyszeri",)),
    ("mark harc előtti", marked("before_combat"), ("i26-timing-harc-elotti",)),
    ("mark megszakító", marked("interrupt"), ("i26-marks-megszakito-elveszo",)),
    ("mark egyszeri", marked("once"), ("i26-marks-harci-egyszeri",)),
    ("mark elforgató", marked("rests"), ("i26-marks-megszakito-elveszo", "i26-timing-harc-elotti")),
    ("mark elvesző", marked("lost"), ("i26-marks-megszakito-elveszo",)),
    ("mark ismételhető", marked("repeatable"), ("i26-timing-ismetelheto",)),
    ("ability name", ability_has("name"), ("i26-marks-harci-egyszeri",)),
    ("ability MP", ability_has("mp"), ("i26-marks-harci-egyszeri", "i26-timing-ismetelheto")),
    ("ability text", ability_has("text"), ("i26-marks-harci-egyszeri",)),
    ("ability behaviour", ability_has("behaviour"), ("i26-marks-harci-egyszeri",)),
    ("descriptor: origin", descriptor(r"\btoroni\b"), ("i26-fields-kuldetes-feltetel", "i26-fields-csatlos-szinesito")),
    ("descriptor: race only there", lambda c: descriptor(r"dwoon")(c) and c.get("race") is None,
     ("i26-fields-faj-szinesitobol",)),
    ("descriptor: faith", descriptor(r"-hívő"), ("i26-marks-megszakito-elveszo",)),
    ("descriptor: gender", descriptor(r"\bnő\b"), ("i26-fields-kuldetes-feltetel",)),
    ("descriptor: twin", descriptor(r"\biker\b"), ("i26-fields-kuldetes-feltetel-inditaskor",)),
    ("property psi", prop("psi"), ("i26-fields-pillanat-psi",)),
    ("property jelző (token)", prop("token"), ("i26-fields-jelzo", "i26-effects-jelzolap")),
    ("property nevesített", prop("named"), ("i26-fields-nevesitett",)),
    ("several classes", listed("class"), ("i26-fields-tobb-kaszt",)),
    ("several sub-classes", listed("subclass"), ("i26-fields-faj-szinesitobol",)),
    ("several phases", listed("phase"), ("i26-fields-sor-harc",)),
    ("duration pillanat", has("duration", "pillanat"), ("i26-fields-pillanat-psi",)),
    ("action card school", has("school"), ("i26-effects-iskola-szuro",)),
    ("action card subtype", lambda c: c.get("type") == "akciólap" and c.get("subtype") == "Vágás",
     ("i26-fields-sor-harc",)),
    ("action card damage", has("damage"), ("i26-fields-nx-mp",)),
    ("action card class restriction", lambda c: c.get("type") == "akciólap" and c.get("class") is not None,
     ("i26-fields-nx-mp",)),
    ("action card sphere restriction", lambda c: c.get("type") == "akciólap" and c.get("spheres") is not None,
     ("i26-fields-nx-mp",)),
    ("action card icon", lambda c: c.get("type") == "akciólap" and c.get("icons") is not None, ("i26-fields-nx-mp",)),
    ("quest location", has("location"), ("i26-fields-kuldetes-feltetel",)),
    ("quest alternative conditions", lambda c: c.get("type") == "küldetés" and isinstance(c.get("requirement"), list),
     ("i26-fields-kuldetes-feltetel", "i26-fields-kuldetes-feltetel-inditaskor")),
    ("building condition", lambda c: c.get("type") == "építmény" and c.get("requirement") is not None,
     ("i26-fields-epitmeny-feltetel",)),
    ("cost NX", lambda c: bool(re.fullmatch(r"\d+X", str(c.get("mp")))), ("i26-fields-nx-mp",)),
    # ---- keywords
    ("AKADÁLYOK N", text(r"^AKADÁLYOK \d"), ("i26-keywords-akadalyok",)),
    ("beast line SZÁM", text(r"^SZÁM \d"), ("i26-keywords-bestia-szam",)),
    ("beast line TÁMADÁS", text(r"^TÁMADÁS \d"), ("i26-keywords-bestia-tamadasok",)),
    ("beast line SEBZÉS", text(r"^SEBZÉS \d"), ("i26-keywords-bestia-tamadasok",)),
    ("SORSFORDÍTÓ", text(r"^SORSFORDÍTÓ"), ("i26-keywords-sorsfordito",)),
    ("PORTYÁZÁS", text(r"^PORTYÁZÁS"), ("i26-keywords-portyazas",)),
    # ---- behaviour: timing, limits, triggers, costs
    ("timing combat", behaviour(r'"timing": "combat"'), ("i26-timing-harci",)),
    ("timing before combat", lambda c: behaviour(r'"timing": "before_combat"')(c) or marked("before_combat")(c),
     ("i26-timing-harc-elotti",)),
    ("timing interrupt", behaviour(r'"timing": "interrupt"'), ("i26-timing-megszakito",)),
    ("once a round", behaviour(r'"limit": "round"'), ("i26-timing-fordulonkent",)),
    ("once a combat round", behaviour(r'"limit": "combat_round"'), ("i26-timing-harci",)),
    ("once", lambda c: behaviour(r'"limit": "once"')(c) or marked("once")(c), ("i26-timing-egyszeri",)),
    ("a combat rule (until combat)", behaviour(r"until combat"), ("i26-timing-harci", "i26-marks-harci-egyszeri")),
    ("trigger: an opponent summons an event", behaviour(r"leidéz esemény|summons event"),
     ("i26-timing-ellenfel-leidez",)),
    ("trigger: an opponent summons a quest", behaviour(r"summons quest|leidéz küldetés"),
     ("i26-timing-ellenfel-leidez",)),
    ("trigger: a card dies", behaviour(r"meghal|dies"), ("i26-timing-meghal",)),
    ("trigger: a manoeuvre fails", behaviour(r"manőver sikertelen|manoeuvre fails"),
     ("i26-timing-manover-sikertelen",)),
    ("trigger: a card wakes", behaviour(r"ébred|wakes"), ("i26-timing-ebred",)),
    ("trigger: an obstacle is attached", behaviour(r"akadály csatolás|obstacle attached"),
     ("i26-timing-akadaly-csatolas",)),
    ("cost: sacrifice", behaviour(r'"cost": "sacrifice'), ("i26-timing-aldozat",)),
    ("cost: turn wounded", behaviour(r'"cost": "wound"'), ("i26-timing-sebesules",)),
    ("cost: lost on use", lambda c: behaviour(r'"cost": "lost"')(c) or marked("lost")(c),
     ("i26-timing-sebesules", "i26-marks-megszakito-elveszo")),
    # ---- behaviour: modifiers and effects
    ("one-per-player constant", lambda c: behaviour(r"per_player")(c) or marked("one_per_player")(c),
     ("i26-timing-egy-per-jatekos", "i26-fields-faj-szinesitobol")),
    ("damage modifier", behaviour(r"\"damage \+\d"), ("i26-effects-sebzes-modosito",)),
    ("damage cap", behaviour(r"damage_taken max \d"), ("i26-effects-sebzes-plafon",)),
    ("conditional constant", behaviour(r"\b(while|ha) (\d+ )?(own|enemy|saját|ellenséges)\b"),
     ("i26-effects-felteteles-allando",)),
    ("token creation", behaviour(r'\btoken \\"'), ("i26-effects-jelzolap",)),
    ("descriptor filter", behaviour(r"\b(origin|descriptor|faith):"), ("i26-effects-szinesito-szuro",)),
    ("school filter", behaviour(r"\bschool:"), ("i26-effects-iskola-szuro",)),
    ("item filter", behaviour(r"\bitem:"), ("i26-effects-felszereles-elvetel",)),
    ("printed-MP filter", behaviour(r"\bmp(<=|>=|<|>|=|:)\d"), ("i26-effects-mp-padlo",)),
    ("conditional bonus damage", behaviour(r"\bbonus \d+ if\b"), ("i26-effects-sebzes-modosito",)),
    ("suppress a keyword", behaviour(r"suppress kw:"), ("i26-effects-elnyomas",)),
    ("suppress abilities", behaviour(r"suppress abilities"), ("i26-effects-kepessegek-elnyomasa",)),
    ("attack threshold as a stat", behaviour(r"\bthreshold [+-]\d"), ("i26-effects-bestia-kuszob",)),
    ("skill filter", behaviour(r"\bskill:"), ("i26-effects-szinesito-szuro",)),
    ("beast stats", behaviour(r"\bbeast_(damage|roll) [+-]\d"), ("i26-effects-bestia-kuszob",)),
    ("MP floor", behaviour(r"\bmin \d"), ("i26-effects-mp-padlo",)),
    ("negated filter", behaviour(r"!\w+:"), ("i26-effects-vegleges-szint", "i26-effects-szinesito-szuro")),
    ("permanent level change", behaviour(r"level [+-]\d target permanent"), ("i26-effects-vegleges-szint",)),
    ("Múlt to hand", behaviour(r"visszavesz|recover"), ("i26-effects-multbol-kezbe",)),
    ("until the end of the manoeuvre", behaviour(r"until manoeuvre"), ("i26-effects-vegleges-szint",)),
    ("look at the top N and take one", behaviour(r"look deck \d+ take \d"), ("i26-effects-nez-elvesz",)),
    ("forbid MP gain", behaviour(r"forbid mp"), ("i26-effects-mp-tiltas",)),
    ("take an opponent's equipment", behaviour(r"take equipment"), ("i26-effects-felszereles-elvetel",)),
    ("solve a quest without its condition", behaviour(r"ignore requirement"), ("i26-effects-feltetel-nelkul",)),
]


@pytest.fixture(scope="module")
def lookup() -> Callable[[str], Any]:
    from korbiro.data.check import load_database

    db = load_database()
    return lambda name: db.lookup(name, suggest=False).card


def test_the_sample_checks_clean_with_strict() -> None:
    got = run_main(["data", "check", "--strict", "--no-cache"])
    assert (got.code, got.stdout.splitlines()[-1]) == (0, f"1 file(s), {len(CARDS)} card(s): 0 error(s), 0 warning(s)")


@pytest.mark.parametrize("what,carries,scenarios", INVENTORY, ids=[row[0] for row in INVENTORY])
def test_every_construct_is_on_a_sample_card_and_played_by_a_passing_scenario(
        what: str, carries: Callable[[Raw], bool], scenarios: tuple[str, ...], lookup: Callable[[str], Any]) -> None:
    names = [c["name"] for c in CARDS if carries(c)]
    assert names, f"no sample card carries {what}"
    playing = []
    for stem in scenarios:
        path = RULINGS / f"{stem}.yaml"
        source = path.read_text("utf-8")
        if any(name in source for name in names):
            playing.append(path)
    assert playing, f"none of {scenarios} plays a card carrying {what} ({', '.join(names)})"
    for path in playing:
        result = run_file(str(path), lookup=lookup)
        assert result.has_expect and result.passed, (path.name, result.diffs)


def test_the_inventory_names_each_construct_once() -> None:
    whats = [row[0] for row in INVENTORY]
    assert len(whats) == len(set(whats)) == 83
