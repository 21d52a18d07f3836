"""The variants of 12.00 as objects: one seating class per variant, chosen by id, behind one set of hooks;
the timeline's words as enums; a typed table; one GameState (issue 28, item 2)."""

from __future__ import annotations

import ast
import json

import pytest
from layout import ROOT

from korbiro.base.errors import IllegalActionError
from korbiro.rules.mk import victory
from korbiro.rules.mk.timeline import model
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.enums import CardStatus, Phase, VariantId, Zone
from korbiro.rules.mk.timeline.seating import (
    SEATINGS,
    AllianceSeating,
    ChallengeSeating,
    OmenSeating,
    PairSeating,
    RoundAttackSeating,
    Seating,
    TeamSeating,
)

TIMELINE = ROOT / "korbiro" / "rules" / "mk" / "timeline"


def seated(variant: str | None, *players: tuple[str, int, str]) -> Engine:
    """An engine under *variant* with *players* (name, MP, side) seated in this order."""
    eng = Engine(variant=variant)
    for name, mp, side in players:
        eng.state.players[name] = model.Player(name, mp=mp)
        eng.state.seats.sides[name] = side
    return eng


def test_every_shipped_variant_has_its_id_in_the_enum() -> None:
    assert {v.id for v in victory.load_variants()} == {str(v) for v in VariantId}


@pytest.mark.parametrize(("variant", "cls"), [
    (None, Seating), ("two-player", Seating), ("general", Seating), ("omen", OmenSeating),
    ("kihivas", ChallengeSeating), ("korbetamadas", RoundAttackSeating), ("szovetsegek", AllianceSeating),
    ("ikerjatek", PairSeating), ("ket-csapat", TeamSeating),
])
def test_the_engine_seats_each_variant_by_its_own_rules(variant: str | None, cls: type[Seating]) -> None:
    seating = Engine(variant=variant).table.seating
    assert type(seating) is cls
    assert seating.variant_name == (variant or "")
    if cls is not Seating:
        assert SEATINGS[VariantId(variant)] is cls


@pytest.mark.parametrize(("variant", "mixed", "specials", "shares"), [
    (None, None, frozenset(), False),
    ("kihivas", None, {"challenge", "eliminate"}, False),
    ("korbetamadas", None, {"eliminate"}, False),
    ("szovetsegek", "12.00.4.B", {"ally"}, False),
    ("ikerjatek", "12.00.5.4", {"swap"}, True),
    ("ket-csapat", "12.00.5.4", {"swap"}, True),
])
def test_each_variant_answers_the_hooks(variant: str | None, mixed: str | None, specials: set[str],
                                        shares: bool) -> None:
    seating = Engine(variant=variant).table.seating
    assert seating.mixed_team_rule() == mixed
    assert seating.special_maneuvers == specials
    assert seating.shares_tower is shares


def test_a_pair_shares_its_tower_and_its_turn() -> None:
    eng = seated("ikerjatek", ("Anna", 2, "A"), ("Béla", 5, "B"), ("Cili", 4, "A"), ("Dani", 0, "B"))
    seating = eng.table.seating
    assert seating.tower_holder("Cili") == "Anna"
    assert seating.turn() == ("Cili", "pair")  # side A has 6 MP in all, side B 5; Cili has A's most (12.00.5.2)
    assert seating.may_act_for("Anna", "Cili") and not seating.may_act_for("Béla", "Cili")
    assert seating.opponents("Anna") == ["Béla", "Dani"]


def test_the_common_rules_weigh_each_player_alone() -> None:
    eng = seated("general", ("Anna", 2, "A"), ("Béla", 5, "B"), ("Cili", 4, "A"))
    seating = eng.table.seating
    assert seating.turn() == ("Béla", "most-mp")
    assert seating.tower_holder("Cili") == "Cili"
    assert not seating.may_act_for("Anna", "Béla")
    assert seating.siege_default("Anna") is None and seating.knockout_target("Anna") is None


def test_round_attack_goes_against_the_player_in_front() -> None:
    eng = seated("korbetamadas", ("Anna", 0, "Anna"), ("Béla", 0, "Béla"), ("Cili", 0, "Cili"))
    seating = eng.table.seating
    assert seating.siege_default("Anna") == "Béla" and seating.knockout_target("Cili") == "Anna"
    assert seating.card_win_knocks_out and seating.knockout_rule == "12.00.3.C"
    with pytest.raises(IllegalActionError) as refusal:
        seating.check_target("Anna", "Cili", "siege")
    assert (refusal.value.code, refusal.value.rule) == ("MK-TL-SEAT", "12.00.3.A")


def test_a_challenge_is_knocked_out_by_its_challenger() -> None:
    eng = seated("kihivas", ("Anna", 0, "Anna"), ("Béla", 0, "Béla"), ("Cili", 0, "Cili"))
    eng.state.seats.challenges["Anna"] = "Béla"
    seating = eng.table.seating
    assert seating.knockout_target("Anna") == "Béla" and seating.knockout_target("Cili") is None
    assert seating.knockout_rule == "12.00.2.C"
    seating.check_target("Béla", "Anna", "siege")  # Anna's challenge stands: Béla, the challenged, may
    with pytest.raises(IllegalActionError) as refusal:
        seating.check_target("Cili", "Anna", "siege")
    assert (refusal.value.code, refusal.value.rule) == ("MK-TL-CHALLENGE", "12.00.2.B")


def test_omen_limits_the_mp_bound_deeds_of_a_player_whose_run_is_over() -> None:
    eng = seated("omen", ("Anna", 3, "Anna"), ("Béla", 2, "Béla"))
    eng.state.seats.omen_done.add("Anna")
    with pytest.raises(IllegalActionError) as refusal:
        eng.table.seating.check_mp_bound("Anna")
    assert (refusal.value.code, refusal.value.rule) == ("MK-TL-OMEN", "12.00.1.C")
    eng.table.seating.check_mp_bound("Béla")
    seated("general", ("Anna", 3, "Anna")).table.seating.check_mp_bound("Anna")  # no Ómen, no such rule


def test_only_omen_deals_each_player_an_omen() -> None:
    assert [v for v in (None, *VariantId) if Engine(variant=v).table.seating.deals_omens] == [VariantId.OMEN]


def test_the_enums_keep_the_words() -> None:
    assert tuple(Zone) == model.ZONES
    assert {str(s) for s in CardStatus} == set(model.STATES.values())
    assert json.dumps([Zone.SOR, Phase.MANEUVERS, VariantId.KET_CSAPAT], ensure_ascii=False) == \
        '["sor", "manőverek", "ket-csapat"]'
    assert f"{Phase.CLOSING}" == "forduló zárása" and Zone.JELEN == "jelen"


def test_the_table_has_no_untyped_attribute() -> None:
    source = (TIMELINE / "table.py").read_text(encoding="utf-8")
    assert "type: ignore" not in source
    table = next(n for n in ast.parse(source).body if isinstance(n, ast.ClassDef) and n.name == "Table")
    init = next(n for n in table.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    typed = {ast.unparse(n.target): ast.unparse(n.annotation) for n in ast.walk(init) if isinstance(n, ast.AnnAssign)}
    assert typed["self.ending"] == "Ending | None" and typed["self.seating"] == "Seating"
    assert "Any" not in typed.values()


def test_there_is_one_game_state() -> None:
    assert not hasattr(victory, "GameState") and not hasattr(victory, "Player")
    assert victory.ResultState.__name__ == "ResultState" and victory.ResultPlayer.__name__ == "ResultPlayer"
    assert model.GameState.__module__ == "korbiro.rules.mk.timeline.model"
