"""`korbiro card show`: accent- and case-insensitive lookup, suggestions, JSON."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from layout import TESTS

from korbiro.cli import cli


@pytest.mark.parametrize("query", ["Tükörútvesztő", "tukorutveszto", "TÜKÖRÚTVESZTŐ", "  tükörútvesztő ", "MINTA-042", "minta-042"])
def test_lookup_variants(query: str) -> None:
    r = CliRunner().invoke(cli, ["card", "show", query])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "Tükörútvesztő  (MINTA-042)"


def test_text_output_has_rules() -> None:
    r = CliRunner().invoke(cli, ["card", "show", "Briar Sichetti"])
    assert r.output.splitlines()[:8] == [
        "Briar Sichetti  (MINTA-001)",
        "kalandozó    MP 3",
        "szint 3 · faj ember · kaszt szerencsevadász · alkaszt bárd · jellem káosz-élet · Fizikum 3 · Asztrál 2 · Mentál 4 · fázis Sor",
        "képzettségek: Zárnyitás, Csábítás",
        "rarity: ritka",
        "",
        "  KINCSKERESÉS 2  [1.14.14]",
        "  NEMES NYELV     [3.05.D]",
    ]


def test_unknown_card_suggests_and_exits_1() -> None:
    r = CliRunner().invoke(cli, ["card", "show", "Wrig"])
    assert r.exit_code == 1
    assert r.output == "Error: no card named 'Wrig'; did you mean 'Wirg'?\n"


def test_json() -> None:
    r = CliRunner().invoke(cli, ["card", "show", "a sotet terito", "--format", "json"])
    assert r.exit_code == 0
    card = json.loads(r.output)["card"]
    assert (card["id"], card["type"], card["level"]) == ("MINTA-004", "kalandozó", 8)
    assert card["keywords"][0] == {"keyword": "IGAZ NÉV", "rule": "2.02", "text": 'IGAZ NÉV "Airun al Marem"'}


def test_json_not_found() -> None:
    r = CliRunner().invoke(cli, ["card", "show", "Wrig", "--format", "json"])
    assert r.exit_code == 1
    assert json.loads(r.output)["suggestions"] == ["Wirg"]


def test_db_option_and_env(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    src = TESTS / "bad_inputs" / "sets" / "zero-width-name"
    r = CliRunner().invoke(cli, ["card", "show", "HIBA-001", "--db", str(src)])
    assert r.exit_code == 0
    r = CliRunner().invoke(cli, ["card", "show", "HIBA-001"], env={"KORBIRO_DB": str(src)})
    assert r.exit_code == 0
    r = CliRunner().invoke(cli, ["card", "show", "Wirg", "--db", str(Path(src).parent / "missing-level")])
    assert r.exit_code == 2
    assert "MK-DATA-REQUIRED" in r.output or "missing required field 'level'" in r.output
