"""XIG rules: the rulebook's examples, protection, knock-outs, XAP cards, the XIG card, variants.

Positions are written as position files (docs/xig.md) on the sample Earth (Anna) and Water
(Bela) Pathways; the outcomes asserted are exact: legal-play lists, knock-out and protected
sets, codes and rules.
"""

from __future__ import annotations

import pytest

from korbiro.base.errors import IllegalActionError
from korbiro.rules.xig import (
    DrawXap,
    EndTurn,
    FlipXig,
    Give,
    Pass,
    Phase,
    Play,
    PlayXap,
    Position,
    Tile,
    load_position_text,
    load_record_text,
    parse_tile,
    parse_turn,
    replay,
)

T = parse_tile

ALL_EARTH = ["ib", "ob", *range(1, 34)]


def position(
    table_e: list[object] | None = None,
    table_w: list[object] | None = None,
    hand_a: list[str] | None = None,
    hand_b: list[str] | None = None,
    *,
    xap_a: list[str] | None = None,
    xap_b: list[str] | None = None,
    extra: str = "",
    anna: str = "",
    bela: str = "",
    to_move: str = "Anna",
    memory: str = "",
) -> Position:
    """A two-player position (Anna: sample Earth, Bela: sample Water)."""

    def seq(items: list[object] | None) -> str:
        return "[" + ", ".join(str(i) for i in (items or [])) + "]"

    text = f"""kind: xig-position
{extra}
players:
  - {{name: Anna, pathway: E, hand: {seq(hand_a)}, xap: {seq(xap_a)}{anna}}}
  - {{name: Bela, pathway: W, hand: {seq(hand_b)}, xap: {seq(xap_b)}{bela}}}
table:
  E: {seq(table_e)}
  W: {seq(table_w)}
{memory}
to-move: {to_move}
"""
    return load_position_text(text)


def tiles(items: list[Tile]) -> list[str]:
    return [str(t) for t in items]


def moves(pos: Position) -> list[str]:
    return [str(m) for m in pos.legal_moves()]


def codes(violations: tuple[object, ...]) -> list[tuple[str, str]]:
    return [(v.code, v.rule) for v in violations]  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- the rulebook's examples


def test_example_1_creatures_2_5_6_7_unprotected_while_4_is_missing() -> None:
    pos = position(["ib", "ob", 1, 2, 5, 6, 7, 8])
    assert tiles(pos.unprotected_tiles("E")) == ["E2", "E5", "E6", "E7"]
    prot = pos.protection(T("E5"))
    assert (prot.protected, prot.rule) == (False, "XIG 4.1")
    assert prot.reason == "its section 1-8 is not finished (missing 3, 4)"


def test_example_1_with_3_placed_4_still_missing() -> None:
    pos = position(["ib", "ob", 1, 2, 3, 5, 6, 7, 8])
    assert tiles(pos.unprotected_tiles("E")) == ["E2", "E3", "E5", "E6", "E7"]
    assert pos.protection(T("E2")).reason == "its section 1-8 is not finished (missing 4)"


def test_example_1_section_finished_once_4_arrives() -> None:
    pos = position(["ib", "ob", 1, 2, 3, 4, 5, 6, 7, 8])
    assert tiles(pos.unprotected_tiles("E")) == []
    assert {pos.protection(T(f"E{n}")).rule for n in range(2, 8)} == {"XIG 5.2"}


def test_example_2_kaaspe_unprotected_while_corner_26_is_missing() -> None:
    pos = position([27, 28, 29])
    layout = pos.layout("E")
    assert layout.creature(27).name == "Kaaspe" and layout.kind(26) == "corner"
    assert tiles(pos.unprotected_tiles("E")) == ["E27", "E28"]
    prot = pos.protection(T("E27"))
    assert (prot.protected, prot.rule, prot.reason) == (
        False,
        "XIG 4.1",
        "its section 26-29 is not finished (missing 26)",
    )
    pos2 = position([26, 27, 28, 29])
    assert pos2.protection(T("E27")) .rule == "XIG 5.2"


def test_a_fully_finished_section_is_protected() -> None:
    pos = position([12, 13, 14, 15, 16, 17])
    assert tiles(pos.protected_tiles("E")) == ["E12", "E13", "E14", "E15"]
    assert tiles(pos.unprotected_tiles("E")) == ["E16", "E17"]
    assert pos.protection(T("E13")).reason == "its section 12-15 is finished"


def test_section_bounded_by_corner_and_ring_and_by_outer_burrow() -> None:
    pos = position([31, 32, 33], ["ob", 1, 2, 3, 4])
    assert pos.protection(T("E32")).rule == "XIG 5.2"  # corner 31 - Ring
    assert pos.protection(T("W2")).rule == "XIG 5.2"  # outer Burrow - corner 4
    pos = position([31, 32], [1, 2, 3, 4])
    assert tiles(pos.unprotected_tiles("E")) == ["E32"]
    assert tiles(pos.unprotected_tiles("W")) == ["W1", "W2", "W3"]


def test_every_creature_protected_when_only_one_section_remains_unfinished() -> None:
    table = [p for p in ALL_EARTH if p not in (3, 4)]
    pos = position(table)
    assert tiles(pos.unprotected_tiles("E")) == []
    assert [s.label() for s in pos.unfinished_sections("E")] == ["1-8"]
    for n in (2, 5, 6, 7):
        prot = pos.protection(T(f"E{n}"))
        assert (prot.protected, prot.rule) == (True, "XIG 5.3")
    # with a second unfinished section, both lose that protection
    pos = position([p for p in table if p != 27])
    assert tiles(pos.unprotected_tiles("E")) == ["E2", "E5", "E6", "E7", "E28"]


def test_last_unfinished_section_missing_only_its_corner() -> None:
    pos = position([p for p in ALL_EARTH if p != 26])
    # corner 26 bounds two sections, 24-26 and 26-29: both unfinished, so no 5.3
    assert tiles(pos.unprotected_tiles("E")) == ["E25", "E27", "E28"]
    pos = position([p for p in ALL_EARTH if p != 29])
    assert tiles(pos.unprotected_tiles("E")) == []
    assert pos.protection(T("E27")).rule == "XIG 5.3"


def test_two_adjacent_corners_earn_no_xap_play() -> None:
    pos = position([11], hand_a=["E12", "E2"], xap_a=["lost-turn"])
    pos.push(Play(T("E12")))
    pos.push(DrawXap("banishment"))
    assert pos.completed_this_turn() == []
    assert not any(isinstance(m, PlayXap) for m in pos.legal_moves())
    assert codes(pos.check(PlayXap("lost-turn", player="Bela"))) == [("XIG-XAP-ADJACENT-CORNERS", "XIG 7.3")]


def test_a_corner_completing_a_section_earns_one_xap_play() -> None:
    pos = position([27, 28, 29], ["ib"], hand_a=["E26"], hand_b=["W1"], xap_a=["lost-turn"])
    pos.push(Play(T("E26")))
    pos.push(DrawXap("banishment"))
    assert pos.completed_this_turn() == [("E", 7)]
    assert pos.xap_credits() == 1
    # Banishment (just drawn) has no target: Bela has no creature on the table
    assert [m for m in moves(pos) if m.startswith("xap")] == ["xap banishment", "xap lost-turn @Bela"]
    pos.push(PlayXap("lost-turn", player="Bela"))
    assert pos.xap_credits() == 0
    assert codes(pos.check(PlayXap("banishment"))) == [("XIG-XAP-NO-SECTION", "XIG 7.2")]


# --------------------------------------------------------------------------- protected kinds


def test_burrows_ring_and_corners_are_protected_at_once() -> None:
    pos = position(["ib", "ob", 1, 33])
    assert [pos.protection(T(t)).rule for t in ("Eib", "Eob", "E1", "E33")] == ["XIG 5.1"] * 4
    assert tiles(pos.unprotected_tiles("E")) == []


# --------------------------------------------------------------------------- playing tiles


def test_legal_plays_and_knock_outs_of_the_example_position() -> None:
    from pathlib import Path

    pos = load_position_text(Path("examples/xig/position.yaml").read_text("utf-8"), "examples/xig/position.yaml")
    assert moves(pos) == ["E3", "E4 x W16", "E4 x W24", "E16 x W22", "E26", "E33"]
    assert tiles(pos.knockable("Anna", T("E4"))) == ["W16", "W24"]
    assert tiles(pos.protected_tiles("W")) == ["Wib", "W10", "W11", "W12", "W13"]
    assert tiles(pos.unprotected_tiles("W")) == ["W16", "W22", "W24"]
    assert tiles(pos.unprotected_tiles("E")) == ["E2", "E5", "E6", "E7", "E27", "E28"]


def test_the_player_chooses_which_pair_and_must_name_one() -> None:
    pos = position(hand_a=["E4"], table_w=[16, 24])
    assert moves(pos) == ["E4 x W16", "E4 x W24"]
    assert codes(pos.check(Play(T("E4")))) == [("XIG-KNOCKOUT-MISSING", "XIG 3.6")]
    pos.push(Play(T("E4"), T("W24")))
    assert sorted(pos.table("W")) == [16]
    assert pos.memory("Bela") == {T("W24")}


def test_razorbear_and_gnasher_are_a_pair() -> None:
    pos = position(hand_a=["E16"], table_w=[22])
    assert moves(pos) == ["E16 x W22"]
    assert codes(pos.check(Play(T("E16")))) == [("XIG-KNOCKOUT-MISSING", "XIG 3.5")]


def test_protected_pair_is_not_knocked_out() -> None:
    pos = position(hand_a=["E6"], table_w=[10, 11, 12, 13])  # W11: tribe T11, finished section
    assert moves(pos) == ["E6"]
    assert codes(pos.check(Play(T("E6"), T("W11")))) == [("XIG-KNOCKOUT-PROTECTED", "XIG 5.2")]


def test_knock_out_must_be_a_pair_of_an_opponent() -> None:
    pos = position([7], [16, 9], hand_a=["E4"])
    assert codes(pos.check(Play(T("E4"), T("E7")))) == [("XIG-KNOCKOUT-OWN", "XIG 3.5")]
    assert codes(pos.check(Play(T("E4"), T("W9")))) == [
        ("XIG-KNOCKOUT-NOT-PAIR", "XIG 3.5"),
        ("XIG-KNOCKOUT-PROTECTED", "XIG 5.1"),
    ]
    assert codes(pos.check(Play(T("E4"), T("W24")))) == [("XIG-KNOCKOUT-NO-TILE", "XIG 3.5")]


def test_first_turn_allows_only_creatures() -> None:
    pos = position(hand_a=["E1", "E2", "Eib", "E33", "E8"], anna=", first-turn: true")
    assert moves(pos) == ["E2"]
    assert codes(pos.check(Play(T("E1")))) == [("XIG-FIRST-TURN", "XIG 3.4")]
    assert codes(pos.check(Play(T("Eib")))) == [("XIG-FIRST-TURN", "XIG 3.4")]
    pos = position(hand_a=["E1", "Eib", "Eob", "E8", "E11"], anna=", first-turn: true")
    assert moves(pos) == ["pass"]
    assert pos.check(Pass()) == ()


def test_ring_only_after_both_burrows() -> None:
    pos = position(["ib"], hand_a=["E33", "Eob"])
    assert moves(pos) == ["Eob"]
    assert codes(pos.check(Play(T("E33")))) == [("XIG-RING-EARLY", "XIG 3.9")]
    pos = position(["ib", "ob"], hand_a=["E33"])
    assert moves(pos) == ["E33"]


def test_one_tile_per_turn_and_a_play_is_required() -> None:
    pos = position(hand_a=["E2", "E3", "E4", "E6", "E7"])
    assert codes(pos.check(EndTurn(()))) == [("XIG-PLAY-MISSING", "XIG 3.3")]
    assert codes(pos.check(Pass())) == [("XIG-PLAY-MISSING", "XIG 3.3")]
    pos.push(Play(T("E2")))
    assert codes(pos.check(Play(T("E3")))) == [("XIG-ONE-TILE", "XIG 3.3")]
    assert codes(pos.check(Play(T("E9")))) == [("XIG-NOT-IN-HAND", "XIG 3.3")]
    assert pos.check(Play(T("E9")))[0].fatal


def test_a_turn_without_a_playable_tile_says_pass_before_it_ends() -> None:
    """Only ``pass`` is listed when no tile can be placed, and only ``pass`` is accepted (XIG 3.3)."""
    pos = position(hand_a=[], table_e=[1, 2])
    assert moves(pos) == ["pass"]
    end = EndTurn(pos.canonical_draws())
    assert codes(pos.check(end)) == [("XIG-PASS-MISSING", "XIG 3.3")]
    assert end not in pos.legal_moves() and not pos.is_legal(end)
    assert pos.check(end)[0].text() == "Anna can place no tile: the turn says pass before it ends"
    assert pos.check(end)[0].text("hu") == "Anna nem tud lapkát lerakni: a kör a pass szóval kezdődik, mielőtt véget ér"
    pos.push(Pass())
    assert moves(pos) == ["xig", str(end)] and pos.check(end) == ()


def test_push_raises_on_illegal_moves_and_pop_takes_back() -> None:
    pos = position(hand_a=["E4"], table_w=[16])
    with pytest.raises(IllegalActionError) as info:
        pos.push(Play(T("E4")))
    assert (info.value.code, info.value.rule) == ("XIG-KNOCKOUT-MISSING", "XIG 3.5")
    before = (pos.table("W"), pos.hand("Anna"))
    pos.push(Play(T("E4"), T("W16")))
    assert pos.pop() == Play(T("E4"), T("W16"))
    assert (pos.table("W"), pos.hand("Anna")) == before


# --------------------------------------------------------------------------- drawing and the memory deck


def test_draw_back_to_five_from_the_deck() -> None:
    pos = position(hand_a=["E2", "E3", "E4", "E5", "E6"])
    pos.push(Play(T("E2")))
    assert pos.draw_needed() == 1
    assert pos.check(EndTurn((T("E9"),))) == ()
    assert codes(pos.check(EndTurn(()))) == [("XIG-DRAW-TOO-FEW", "XIG 3.2")]
    assert codes(pos.check(EndTurn((T("E9"), T("E10"))))) == [("XIG-DRAW-TOO-MANY", "XIG 3.2")]
    assert codes(pos.check(EndTurn((T("W9"),)))) == [
        ("XIG-DRAW-UNAVAILABLE", "XIG 3.2"),
        ("XIG-DRAW-TOO-FEW", "XIG 3.2"),
    ]
    pos.push(EndTurn((T("E9"),)))
    assert pos.turn == "Bela" and pos.hand("Anna") == [T("E3"), T("E4"), T("E5"), T("E6"), T("E9")]


def test_memory_deck_only_once_the_deck_is_empty() -> None:
    deck_rest = [p for p in ALL_EARTH if p not in (2, 3, 4, 5, 6, 7, 9)]
    # E7 knocked out (memory); deck holds E9 only
    pos = position(deck_rest, hand_a=["E2", "E3", "E4", "E5", "E6"], memory="memory: {E: [7]}")
    pos.push(Play(T("E2")))
    assert codes(pos.check(EndTurn((T("E7"),)))) == [("XIG-DRAW-MEMORY-EARLY", "XIG 6.2")]
    assert pos.check(EndTurn((T("E9"),))) == ()
    pos = position(deck_rest + [9], hand_a=["E2", "E3", "E4", "E5", "E6"], memory="memory: {E: [7]}")
    pos.push(Play(T("E2")))
    assert pos.canonical_draws() == (T("E7"),)
    assert pos.check(EndTurn((T("E7"),))) == ()
    assert codes(pos.check(EndTurn(()))) == [("XIG-DRAW-TOO-FEW", "XIG 6.2")]


# --------------------------------------------------------------------------- XAP cards


def test_black_magic_is_played_at_once() -> None:
    pos = position([2, 3], hand_a=["E1", "E4", "E6", "E7", "E9"])
    pos.push(Play(T("E1")))
    assert pos.phase == Phase.DRAW_XAP
    pos.push(DrawXap("black-magic"))
    assert pos.phase == Phase.ON_DRAW
    assert moves(pos) == ["xap black-magic x E2", "xap black-magic x E3"]
    assert codes(pos.check(EndTurn(pos.canonical_draws()))) == [("XIG-XAP-AT-ONCE", "XIG 7.4")]
    pos.push(PlayXap("black-magic", target=T("E3")))
    assert pos.phase == Phase.MAIN and pos.memory("Anna") == {T("E3")}
    # a Black Magic kept in hand cannot be played later
    assert codes(position(xap_a=["black-magic"]).check(PlayXap("black-magic"))) == [("XIG-XAP-AT-ONCE", "XIG 7.4")]
    assert codes(position().check(PlayXap("black-magic"))) == [("XIG-XAP-NOT-IN-HAND", "XIG 7.2")]


def test_black_magic_without_an_unprotected_creature_has_no_target() -> None:
    pos = position([12, 13, 14], hand_a=["E15"])
    pos.push(Play(T("E15")))
    pos.push(DrawXap("black-magic"))
    assert moves(pos) == ["xap black-magic"]


def test_counter_curse_cancels_the_card_that_targets_its_player() -> None:
    setup = dict(table_e=[27, 28, 29], table_w=[16], hand_a=["E26"], xap_a=["banishment"], xap_b=["counter-curse"])
    pos = position(**setup)  # type: ignore[arg-type]
    pos.push(Play(T("E26")))
    pos.push(DrawXap("three-tiles"))
    xaps = [m for m in moves(pos) if m.startswith("xap")]
    assert xaps == ["xap banishment x W16", "xap banishment x W16 countered", "xap three-tiles"]
    pos.push(PlayXap("banishment", target=T("W16"), countered=True))
    assert pos.table("W") == {16}
    assert +pos.xap_hand("Bela") == {}
    assert pos.xap_deck()["counter-curse"] == 9  # the discarded Counter-curse is out of the deck
    pos.pop()
    pos.push(PlayXap("banishment", target=T("W16")))
    assert pos.table("W") == set() and pos.memory("Bela") == {T("W16")}


def test_counter_curse_rules() -> None:
    pos = position([27, 28, 29], [16], hand_a=["E26"], xap_a=["banishment", "counter-curse"])
    pos.push(Play(T("E26")))
    pos.push(DrawXap("lost-turn"))
    assert codes(pos.check(PlayXap("banishment", target=T("W16"), countered=True))) == [
        ("XIG-COUNTER-NOT-IN-HAND", "XIG 7.5")
    ]
    assert codes(pos.check(PlayXap("counter-curse"))) == [("XIG-COUNTER-ONLY", "XIG 7.5")]


def test_xap_knock_out_cannot_take_a_protected_tile() -> None:
    pos = position([27, 28, 29], [10, 11, 12, 13], hand_a=["E26"], xap_a=["banishment"])
    pos.push(Play(T("E26")))
    pos.push(DrawXap("lost-turn"))
    assert codes(pos.check(PlayXap("banishment", target=T("W11")))) == [("XIG-KNOCKOUT-PROTECTED", "XIG 5.2")]
    assert "xap banishment" in moves(pos)  # no unprotected target: the card has none


def test_lost_turn_skips_the_opponent() -> None:
    pos = position([27, 28, 29], hand_a=["E26", "E2", "E3", "E4", "E6"], hand_b=["W2"], xap_a=["lost-turn"])
    pos.push(Play(T("E26")))
    pos.push(DrawXap("banishment"))
    pos.push(PlayXap("lost-turn", player="Bela"))
    pos.push(EndTurn(pos.canonical_draws()))
    assert pos.turn == "Anna" and pos.skips("Bela") == 0


def test_three_tiles_allow_more_plays_and_more_sections() -> None:
    pos = position([27, 28, 29, 13, 14, 15], hand_a=["E26", "E12", "E2"], xap_a=["three-tiles", "lost-turn"])
    pos.push(Play(T("E26")))
    pos.push(DrawXap("banishment"))
    pos.push(PlayXap("three-tiles"))
    assert [m for m in moves(pos) if not m.startswith(("xap", "give", "draw", "xig"))] == ["E2", "E12"]
    pos.push(Play(T("E12")))
    pos.push(DrawXap("banishment"))
    assert pos.xap_credits() == 1  # sections 26-29 and 12-15 completed, one card played
    pos.push(PlayXap("lost-turn", player="Bela"))
    assert pos.xap_credits() == 0


def test_remembrance_takes_a_tile_back_from_memory() -> None:
    pos = position([27, 28, 29], hand_a=["E26"], xap_a=["remembrance"], memory="memory: {E: [4, 7]}")
    pos.push(Play(T("E26")))
    pos.push(DrawXap("banishment"))
    assert [m for m in moves(pos) if m.startswith("xap rem")] == ["xap remembrance E4", "xap remembrance E7"]
    pos.push(PlayXap("remembrance", tiles=(T("E7"),)))
    assert T("E7") in pos.hand("Anna") and pos.memory("Anna") == {T("E4")}


# --------------------------------------------------------------------------- named options


def _corner_position(option: str) -> Position:
    return position(hand_a=["E1", "E3", "E4", "E6", "E7"], extra=f"options: {{corner-draw: {option}}}")


def test_corner_draw_must() -> None:
    pos = _corner_position("must")
    pos.push(Play(T("E1")))
    assert "+none" not in moves(pos)
    assert codes(pos.check(EndTurn((T("E2"),)))) == [("XIG-XAP-DRAW-MISSING", "XIG 7.1")]


def test_corner_draw_may() -> None:
    pos = _corner_position("may")
    pos.push(Play(T("E1")))
    assert moves(pos)[-1] == "+none"
    assert pos.check(EndTurn((T("E2"),))) == ()
    assert pos.check(DrawXap(None)) == ()


@pytest.mark.parametrize(("option", "phase"), [("none", Phase.MAIN), ("reshuffle", Phase.DRAW_XAP)])
def test_xap_exhausted(option: str, phase: Phase) -> None:
    pos = position(
        hand_a=["E1"],
        extra=f"options: {{xap-exhausted: {option}}}\nxap-deck: {{banishment: 2}}\nxap-discard: {{banishment: 2}}",
    )
    pos.push(Play(T("E1")))
    assert pos.phase == phase
    if option == "reshuffle":
        assert moves(pos) == ["+banishment"]
        pos.push(DrawXap("banishment"))
        assert pos.xap_hand("Anna")["banishment"] == 1


def _xig_game(duration: str) -> Position:
    """Bela turns her XIG card; Anna then holds a pair of Bela's unprotected W16."""
    pos = position(
        [],
        [16],
        hand_a=["E4", "E2", "E3", "E6", "E9"],
        hand_b=["W1", "W3", "W5", "W7", "W12"],
        to_move="Bela",
        extra=f"options: {{xig-duration: {duration}}}",
    )
    pos.push(Play(T("W1")))
    pos.push(FlipXig())
    pos.push(EndTurn(pos.canonical_draws()))
    return pos


def _pass_round(pos: Position, a: str, b: str) -> None:
    """Anna plays *a*, Bela plays *b*; each draws one."""
    pos.push(Play(T(a)))
    pos.push(EndTurn(pos.canonical_draws()))
    pos.push(Play(T(b)))
    pos.push(EndTurn(pos.canonical_draws()))


def test_xig_card_protects_during_the_opponents_turns() -> None:
    pos = _xig_game("opponents-turns")
    assert pos.protection(T("W16")).rule == "XIG 2.4"
    assert moves(pos)[:2] == ["E2", "E3"] and "E4" in moves(pos)  # no knock-out offered
    assert codes(pos.check(Play(T("E4"), T("W16")))) == [("XIG-KNOCKOUT-PROTECTED", "XIG 2.4")]
    _pass_round(pos, "E2", "W3")
    assert pos.xig_status("Bela") == "spent"
    assert "E4 x W16" in moves(pos)


def test_xig_card_three_rounds() -> None:
    pos = _xig_game("three-rounds")
    _pass_round(pos, "E2", "W3")
    _pass_round(pos, "E3", "W5")
    assert pos.xig_status("Bela") == "active" and "E4 x W16" not in moves(pos)
    _pass_round(pos, "E6", "W7")
    assert pos.xig_status("Bela") == "spent" and "E4 x W16" in moves(pos)


def test_xig_card_rest_of_game() -> None:
    pos = _xig_game("rest-of-game")
    for a, b in (("E2", "W3"), ("E3", "W5"), ("E6", "W7"), ("E9", "W12")):
        _pass_round(pos, a, b)
    assert pos.xig_status("Bela") == "active" and pos.protection(T("W16")).rule == "XIG 2.4"


def test_xig_card_once_per_game_at_the_end_of_the_turn() -> None:
    pos = position(hand_a=["E2"], anna=", xig-card: spent")
    pos.push(Play(T("E2")))
    assert "xig" not in moves(pos)
    assert codes(pos.check(FlipXig())) == [("XIG-XIG-ONCE", "XIG 2.4")]
    pos = position(hand_a=["E2"])
    assert codes(pos.check(FlipXig())) == [("XIG-XIG-END-OF-TURN", "XIG 2.4")]


@pytest.mark.parametrize(("rule", "winner_after_first"), [("any", "Anna"), ("all", None)])
def test_marathon_win(rule: str, winner_after_first: str | None) -> None:
    text = f"""kind: xig-position
variants: [marathon]
options: {{marathon-win: {rule}}}
players:
  - {{name: Anna, pathways: [E, F], hand: [E3, F4]}}
  - {{name: Bela, pathways: [W, A], hand: [W1]}}
table:
  E: [ib, ob, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33]
  F: [ib, ob, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33]
to-move: Anna
"""
    pos = load_position_text(text)
    pos.push(Play(T("E3")))
    assert pos.winner == winner_after_first
    if winner_after_first is None:
        pos.push(EndTurn(pos.canonical_draws()))
        pos.push(Play(T("W1")))
        pos.push(EndTurn(pos.canonical_draws()))
        pos.push(Play(T("F4")))
        assert pos.winner == "Anna" and pos.legal_moves() == []


# --------------------------------------------------------------------------- variants


TEAM_POSITION = """kind: xig-position
variants: [team]
players:
  - {name: Anna, pathway: E, hand: [E2], xap: [lost-turn, banishment]}
  - {name: Bela, pathway: W, hand: [W2]}
  - {name: Cili, pathway: E, hand: [E3]}
  - {name: Dani, pathway: W, hand: [W3]}
teams: {North: [Anna, Cili], South: [Bela, Dani]}
to-move: Anna
"""


def test_team_game_pass_one_xap_card_to_the_partner() -> None:
    pos = load_position_text(TEAM_POSITION)
    assert pos.side("Cili").name == "North" and pos.opponents("Anna") == ["Bela", "Dani"]
    pos.push(Play(T("E2")))
    assert "give lost-turn" in moves(pos)
    pos.push(Give("lost-turn"))
    assert codes(pos.check(Give("banishment"))) == [("XIG-GIVE-ONCE", "XIG 8.1")]
    assert pos.xap_hand("Cili")["lost-turn"] == 1
    pos.push(EndTurn(pos.canonical_draws()))
    assert pos.turn == "Bela" and len(pos.hand("Anna")) == 5
    assert not pos.deck("North") & set(pos.hand("Anna"))


def test_give_outside_the_team_game() -> None:
    pos = position(hand_a=["E2"], xap_a=["lost-turn"])
    pos.push(Play(T("E2")))
    assert codes(pos.check(Give("lost-turn"))) == [("XIG-GIVE-NO-TEAM", "XIG 8.1")]


def test_team_seating_opposite() -> None:
    text = """kind: xig-record
variants: [team]
players:
  - {name: Anna, pathway: E}
  - {name: Cili, pathway: E}
  - {name: Bela, pathway: W}
  - {name: Dani, pathway: W}
teams: {North: [Anna, Cili], South: [Bela, Dani]}
hands: {Anna: [E2, E3, E4, E5, E6], Cili: [E7, E9, E10, E13, E14], Bela: [W1, W2, W3, W5, W6], Dani: [W7, W8, W11, W12, W14]}
turns: []
"""
    result = replay(load_record_text(text))
    assert [(v.ply, v.code, v.rule) for v in result.violations] == [
        (0, "XIG-TEAM-SEATING", "XIG 8.1"),
        (0, "XIG-TEAM-SEATING", "XIG 8.1"),
    ]


ENTWINED = """kind: xig-record
variants: [entwined]
players:
  - {name: Anna, pathway: E}
  - {name: Bela, pathway: W}
hands: {Anna: [E2, E3, E4, E6, E7], Bela: [W1, W3, W5, W6, W7]}
turns:
  - Anna: E2
"""


def test_entwined_pathways_share_the_kojjit() -> None:
    pos, violations = load_record_text(ENTWINED).initial()
    assert violations == []
    assert pos.on_table(T("W2")) and pos.on_table(T("E5"))
    assert pos.aside() == {T("E5")}
    assert pos.physical_table("E") == [] and pos.physical_table("W") == [T("W2")]
    assert pos.protection(T("W2")).rule == "XIG 8.2"
    assert pos.tile_counts() == {"E": 35, "W": 35}
    # Earth creatures 2-7 with corners 1 and 8: the Kojjit fills Earth 5
    for move in parse_turn("E2; draw E1"):
        pos.push(move)
    assert sorted(pos.table("E")) == [2, 5]
    # Bela's W6 is tribe T02 like Earth 2; the Kojjit itself can never be taken
    assert pos.knockable("Bela", T("W6")) == [T("E2")]
    assert pos.turn == "Bela"


def test_entwined_kojjit_is_never_in_a_hand() -> None:
    from korbiro.base.errors import DataError

    with pytest.raises(DataError) as info:
        load_record_text(ENTWINED.replace("E2, E3", "E5, E3"))
    assert (info.value.code, info.value.rule, info.value.line) == ("XIG-SETUP", "XIG 8.2", 6)
    assert info.value.message == "E5 is set aside for entwined Pathways (XIG 8.2)"


def test_entwined_setup_errors() -> None:
    from korbiro.base.errors import DataError

    with pytest.raises(DataError) as info:
        load_record_text(ENTWINED.replace("pathway: W", "pathway: F").replace("W1, W3, W5, W6, W7", "F1, F2, F4, F5, F6"))
    assert info.value.code == "XIG-SETUP" and info.value.rule == "XIG 8.2"


def test_shared_memory_hands_a_foreign_tile_to_its_owner() -> None:
    earth_rest = [p for p in ALL_EARTH if p not in (2, 3, 4, 5, 6)]
    text = f"""kind: xig-position
variants: [shared-memory]
players:
  - {{name: Anna, pathway: E, hand: [E2, E3, E4, E5, E6]}}
  - {{name: Bela, pathway: W, hand: [W1]}}
table: {{E: [{", ".join(map(str, earth_rest))}]}}
memory: {{W: [7, 8]}}
to-move: Anna
"""
    pos = load_position_text(text)
    pos.push(Play(T("E2")))
    assert pos.drawable_memory("Anna") == [T("W7"), T("W8")]
    assert codes(pos.check(EndTurn((T("W7"), T("W8"))))) == [("XIG-DRAW-AFTER-HANDOVER", "XIG 8.4"), ("XIG-DRAW-TOO-MANY", "XIG 3.2")]
    pos.push(EndTurn((T("W7"),)))
    assert pos.hand("Bela") == [T("W1"), T("W7")] and len(pos.hand("Anna")) == 4


def test_quick_game_setup() -> None:
    text = """kind: xig-record
variants: [quick]
players:
  - {name: Anna, pathway: E}
  - {name: Bela, pathway: W}
quick:
  Anna: {xap: banishment, tiles: [E1, E2, E3, E4, E5, E6, E7, E8, E33, E9]}
  Bela: {xap: black-magic, tiles: [W1, W2, W3, W4, W5, W6, W7, W8, W9]}
hands: {Anna: [E10, E11, E12, E13, E14], Bela: [W10, W11, W12, W13, W14]}
turns: []
"""
    result = replay(load_record_text(text))
    assert [(v.code, v.rule, v.message) for v in result.violations] == [
        ("XIG-QUICK-SETUP", "XIG 8.5", "in the quick game everyone lays out 10 tiles at set-up; Bela lays out 9")
    ]
    pos = result.position
    assert sorted(pos.table("E")) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 33]
    assert tiles(pos.protected_tiles("E")) == ["E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E33"]
    assert pos.xap_hand("Anna")["banishment"] == 1 and not +pos.xap_hand("Bela")  # Black Magic played at once


def test_start_player_lowest_draw_and_ties() -> None:
    base = """kind: xig-record
players:
  - {name: Anna, pathway: E}
  - {name: Bela, pathway: W}
start: START
hands: {Anna: [E2, E3, E4, E5, E6], Bela: [W1, W2, W3, W5, W6]}
turns: []
"""
    assert load_record_text(base.replace("START", "{Anna: 9, Bela: 4}")).initial()[0].turn == "Bela"
    assert load_record_text(base.replace("START", "{Anna: [4, 2], Bela: [4, 30]}")).initial()[0].turn == "Anna"
    pos, v = load_record_text(base.replace("START", "{Anna: 4, Bela: 4}")).initial()
    assert [(x.code, x.rule) for x, _ in v] == [("XIG-START-TIE", "XIG 2.2")]
    assert load_record_text(base.replace("START", "Bela")).initial()[0].turn == "Bela"


def test_hands_of_five_at_setup() -> None:
    text = """kind: xig-record
players:
  - {name: Anna, pathway: E}
  - {name: Bela, pathway: W}
hands: {Anna: [E2, E3, E4, E5], Bela: [W1, W2, W3, W5, W6]}
turns: []
"""
    result = replay(load_record_text(text))
    assert [(v.ply, v.code, v.rule) for v in result.violations] == [(0, "XIG-SETUP-HAND", "XIG 3.1")]
    assert len(result.position.deck("Anna")) == 31
