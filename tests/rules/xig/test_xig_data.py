"""XIG data: the sample Pathways and XAP cards, their schemas, and user-supplied files."""

from __future__ import annotations

from pathlib import Path

import pytest

from korbiro.base.errors import DataError
from korbiro.rules.xig import (
    load_cards,
    load_layout,
    load_record_text,
    replay,
    sample_cards,
    sample_layout,
)
from korbiro.rules.xig.layout import CORNER, CREATURE, ELEMENTS, OB, RING

EARTH = Path("korbiro/data/xig/earth.yaml").read_text("utf-8")


@pytest.mark.parametrize("element", ELEMENTS)
def test_every_sample_pathway_has_35_tiles_19_creatures_13_corners(element: str) -> None:
    layout = sample_layout(element)
    assert layout.sample and layout.element == element
    kinds = [layout.kind(p) for p in range(1, RING)]
    assert kinds.count(CREATURE) == 19 and kinds.count(CORNER) == 13
    assert [layout.kind(p) for p in (-1, OB, RING)] == ["inner-burrow", "outer-burrow", "ring"]
    # a pair of adjacent corners (no section between them, XIG 7.3)
    assert any(p in layout.corners and p + 1 in layout.corners for p in range(1, 32))
    # every creature is in exactly one section
    assert sorted(p for s in layout.sections for p in s.creatures) == sorted(layout.creatures)


def test_sample_facts_from_the_rulebooks() -> None:
    earth, water = sample_layout("earth"), sample_layout("water")
    assert (earth.creature(16).name, earth.creature(16).name_hu, earth.tribe(16)) == ("Razorbear", "Borrotvamedve", "XALVO")
    assert (water.creature(22).name, water.creature(22).name_hu, water.tribe(22)) == ("Gnasher", "Csikorgató", "XALVO")
    assert earth.creature(5).name == water.creature(2).name == "Kojjit"
    assert earth.tribe(5) == water.tribe(2)
    assert earth.creature(27).name == "Kaaspe" and earth.kind(26) == CORNER
    assert earth.section_of(27).members == (26, 27, 28, 29)
    assert earth.section_of(2).members == (1, 2, 3, 4, 5, 6, 7, 8)
    # sections bounded by the outer Burrow and by the Ring exist in the samples
    assert water.sections[0].start == OB and earth.sections[-1].end == RING


def test_sample_xap_cards() -> None:
    cards = sample_cards()
    assert cards.sample
    assert sum(cards.counts().values()) == 60
    assert (cards["black-magic"].name, cards["black-magic"].name_hu, cards["black-magic"].play) == (
        "Black Magic",
        "Feketemágia",
        "on-draw",
    )
    assert (cards["counter-curse"].name_hu, cards["counter-curse"].play, cards["counter-curse"].effect) == (
        "Ellenátok",
        "counter",
        "counter",
    )
    assert {c.effect for c in cards.cards.values()} == {
        "lose-creature",
        "counter",
        "knock-out",
        "skip-turn",
        "extra-plays",
        "recall",
    }


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def test_user_layout_file_is_read(tmp_path: Path) -> None:
    mine = EARTH.replace('"2": {tribe: T02}', '"2": {name: Testbeast, tribe: ZZ}')
    write(tmp_path, "mine.yaml", mine)
    layout = load_layout(tmp_path / "mine.yaml")
    assert layout.creature(2).name == "Testbeast" and layout.sample
    record = write(
        tmp_path,
        "game.yaml",
        """kind: xig-record
pathways: {EE: {layout: mine.yaml}}
players:
  - {name: Anna, pathway: EE}
  - {name: Bela, pathway: W}
hands: {Anna: [EE2, EE3, EE4, EE5, EE6], Bela: [W1, W2, W3, W5, W6]}
turns:
  - Anna: EE2; draw EE7
""",
    )
    from korbiro.rules.xig import replay_file

    result = replay_file(record)
    assert result.valid
    assert result.position.layout("EE").creature(2).name == "Testbeast"


@pytest.mark.parametrize(
    ("old", "new", "code", "line", "message"),
    [
        (
            "corners: [1, 8, 11,",
            "corners: [8, 11,",
            "XIG-LAYOUT-SCHEMA",
            12,
            "$.corners: [8, 11, 12, 15, 19, 20, 22, 24, 26, 29, 30, 31] is too short",
        ),
        ('"3": {tribe: T03}', '"3": {tribe: 3}', "XIG-LAYOUT-SCHEMA", 15, "$.creatures.3.tribe: 3 is not of type 'string'"),
        ('"3": {tribe: T03}', '"3": {tribe: T03, colour: red}', "XIG-LAYOUT-SCHEMA", 15, "$.creatures.3: Additional properties are not allowed ('colour' was unexpected)"),
        ("corners: [1, 8,", "corners: [2, 8,", "XIG-LAYOUT-OVERLAP", 14, "position 2 is listed both as a corner and as a creature (XIG 2.1)"),
        ("element: earth", "element: metal", "XIG-LAYOUT-SCHEMA", 6, "$.element: 'metal' is not one of ['earth', 'water', 'fire', 'air']"),
        ('  "2": {tribe: T02}', '  2: {tribe: T02}', "YAML-KEY-TYPE", 14, "mapping key must be a string, got an integer '2'; quote it"),
    ],
)
def test_layout_errors_point_at_the_line(tmp_path: Path, old: str, new: str, code: str, line: int, message: str) -> None:
    assert old in EARTH
    path = write(tmp_path, "bad.yaml", EARTH.replace(old, new))
    with pytest.raises(DataError) as info:
        load_layout(path)
    err = info.value
    assert (err.code, err.line, err.message) == (code, line, message)
    assert err.path == str(path)


def test_layout_with_a_creature_missing(tmp_path: Path) -> None:
    text = EARTH.replace('  "3": {tribe: T03}\n', "")
    with pytest.raises(DataError) as info:
        load_layout(write(tmp_path, "gap.yaml", text))
    assert (info.value.code, info.value.line) == ("XIG-LAYOUT-SCHEMA", 14)
    assert info.value.message.endswith("does not have enough properties")


def test_broken_layout_reported_at_its_reference_and_in_its_file(tmp_path: Path) -> None:
    write(tmp_path, "bad.yaml", EARTH.replace("element: earth", "element: metal"))
    record = write(
        tmp_path,
        "game.yaml",
        """kind: xig-record
pathways: {E: {layout: bad.yaml}}
players:
  - {name: Anna, pathway: E}
  - {name: Bela, pathway: W}
turns: []
""",
    )
    from korbiro.rules.xig import replay_file

    with pytest.raises(DataError) as info:
        replay_file(record)
    found = [(f.code, Path(f.file or "").name, f.line) for f in info.value.findings]
    assert found == [("XIG-INCLUDE", "game.yaml", 2), ("XIG-LAYOUT-SCHEMA", "bad.yaml", 6)]


def test_user_xap_card_file(tmp_path: Path) -> None:
    write(
        tmp_path,
        "cards.yaml",
        """kind: xig-xap-cards
set: {code: MINE, name: My cards}
cards:
  - {id: black-magic, name: Black Magic, play: on-draw, effect: lose-creature, count: 2}
  - {id: hex, name: Hex, play: section, effect: knock-out, count: 3}
""",
    )
    cards = load_cards(tmp_path / "cards.yaml")
    assert cards.counts() == {"black-magic": 2, "hex": 3}
    text = """kind: xig-record
xap-cards: CARDS
players:
  - {name: Anna, pathway: E}
  - {name: Bela, pathway: W}
hands: {Anna: [E2, E3, E4, E6, E7], Bela: [W1, W2, W3, W5, W6]}
turns:
  - Anna: E2; draw E1
  - Bela: W1; draw W4
  - Anna: E1 +hex; draw E9
"""
    result = replay(load_record_text(text.replace("CARDS", str(tmp_path / "cards.yaml"))))
    assert result.valid and result.position.xap_hand("Anna")["hex"] == 1


def test_xap_card_file_errors(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "cards.yaml",
        """kind: xig-xap-cards
cards:
  - {id: hex, name: Hex, play: section, effect: knock-out}
  - {id: hex, name: Hex again, play: section, effect: curse}
""",
    )
    with pytest.raises(DataError) as info:
        load_cards(path)
    assert [(f.code, f.line, f.message) for f in info.value.findings] == [
        ("XIG-XAP-SCHEMA", 4, "$.cards[1].effect: 'curse' is not one of ['knock-out', 'lose-creature', 'skip-turn', 'extra-plays', 'recall', 'counter', 'none']")
    ]
    path.write_text(path.read_text().replace("effect: curse", "effect: none"))
    with pytest.raises(DataError) as info:
        load_cards(path)
    assert (info.value.code, info.value.line, info.value.message) == ("XIG-XAP-DUPLICATE", 4, "duplicate card id 'hex'")
