"""Every value a scenario file can hold is checked before the game runs: a finding at file:line:col, never a crash.

An inline card (``cards:``) is a card as a set file writes it, so each field it has is checked as
``data check`` checks a set file's (the set schema's types, lists and ranges; the fields a set file
must have may be left out).  A value of another shape used to reach the engine and crash it
(``icons: 1000000``: a TypeError, exit 3; the web API's 500).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from clirun import run_main
from layout import ROOT

pytestmark = pytest.mark.usefixtures("private_cache")


#: a scenario whose inline action card's icons the tests replace (line 5, the value at column 13)
ICONS = """title: an inline card's icons
format: archivalt
cards:
  - name: Furcsa csapás
    icons: {value}
    type: akciólap
    mp: 1
    behaviour: {{effect: "damage 1 target"}}
setup:
  players:
    - {{name: Anna, mp: 5, sor: [Gorviki zsoldos], hand: [Furcsa csapás]}}
    - {{name: Béla, mp: 0, sor: [Terda Radowik am Warwik]}}
script:
  - Anna: leidéz "Furcsa csapás" által "Gorviki zsoldos" célpont "Terda Radowik am Warwik"
"""


def resolve_json(path: Path, *more: str) -> tuple[int, Any]:
    got = run_main(["resolve", str(path), "--format", "json", *more])
    return got.code, json.loads(got.stdout)


@pytest.mark.parametrize(("value", "code", "where", "line", "col"), [
    ("1000000", "MK-DATA-TYPE", "$.cards[0].icons", 5, 12),
    ("100000000000000000000", "MK-DATA-TYPE", "$.cards[0].icons", 5, 12),
    ("1" * 5000, "YAML-NUMBER-TOO-LONG", "number too long", 5, 12),
    ("-1", "MK-DATA-TYPE", "$.cards[0].icons", 5, 12),
    ("1.5", "MK-DATA-TYPE", "$.cards[0].icons", 5, 12),
    ("true", "MK-DATA-TYPE", "$.cards[0].icons", 5, 12),
    ("null", "MK-DATA-TYPE", "$.cards[0].icons", 5, 12),
    ("kard", "MK-DATA-TYPE", "$.cards[0].icons", 5, 12),
    ("{kard: pajzs}", "MK-DATA-TYPE", "$.cards[0].icons", 5, 12),
    ("[1]", "MK-DATA-TYPE", "$.cards[0].icons[0]", 5, 13),
    ("[[kard]]", "MK-DATA-TYPE", "$.cards[0].icons[0]", 5, 13),
    ("[kard, kard]", "MK-DATA-SCHEMA", "$.cards[0].icons", 5, 12),
    ("['']", "MK-DATA-SCHEMA", "$.cards[0].icons[0]", 5, 13),
])
def test_every_shape_of_icons_is_a_finding(tmp_path: Path, value: str, code: str, where: str, line: int,
                                            col: int) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(ICONS.format(value=value), "utf-8")
    exit_code, out = resolve_json(path)
    assert exit_code == 2
    [entry] = out
    assert entry["passed"] is None
    assert [(e["code"], e["line"], e["column"]) for e in entry["errors"]] == [(code, line, col)]
    assert entry["errors"][0]["message"].startswith(where)


def test_the_finding_is_said_as_a_set_files_is(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(ICONS.format(value="1000000"), "utf-8")
    got = run_main(["resolve", str(path)])
    assert (got.code, got.stdout, got.stderr) == (2, "", f"{path}:5:12: error MK-DATA-TYPE: $.cards[0].icons: "
                                                  "1000000 is not a list (got a whole number)\n")
    got = run_main(["resolve", str(path), "--lang", "hu"])
    assert got.code == 2 and got.stderr.startswith(f"{path}:5:12: hiba MK-DATA-TYPE: $.cards[0].icons: ")


def test_a_good_list_of_icons_still_plays(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(ICONS.format(value="[kard]"), "utf-8")
    exit_code, out = resolve_json(path)
    assert exit_code == 0 and out[0]["passed"] and [r["rule"] for r in out[0]["refusals"]] == []


#: other fields of an inline card: (the field and its bad value, the finding's code, its path)
CARD_FIELDS = [
    ("level: abc", "MK-DATA-TYPE", "$.cards[0].level"),
    ("level: 99", "MK-DATA-RANGE", "$.cards[0].level"),
    ("fizikum: -1", "MK-DATA-RANGE", "$.cards[0].fizikum"),
    ("mp: -3", "MK-DATA-RANGE", "$.cards[0].mp"),
    ("mp: Y", "MK-DATA-PATTERN", "$.cards[0].mp"),
    ("dp: '3'", "MK-DATA-TYPE", "$.cards[0].dp"),
    ("race: robot", "MK-DATA-ENUM", "$.cards[0].race"),
    ("skills: Zárnyitás", "MK-DATA-TYPE", "$.cards[0].skills"),
    ("phase: Sör", "MK-DATA-ENUM", "$.cards[0].phase"),
    ("duration: 5", "MK-DATA-ENUM", "$.cards[0].duration"),
    ("attackers: 2", "MK-DATA-UNKNOWN-FIELD", "$.cards[0]"),
    ("ikonok: [kard]", "MK-DATA-UNKNOWN-FIELD", "$.cards[0]"),
]

ADVENTURER = """title: an inline adventurer
format: archivalt
cards:
  - name: Próba Péter
    {field}
    type: kalandozó
setup:
  players:
    - {{name: Anna, mp: 5, hand: [Próba Péter]}}
    - {{name: Béla, mp: 0}}
script:
  - Anna: leidéz "Próba Péter"
"""


@pytest.mark.parametrize(("field", "code", "where"), CARD_FIELDS)
def test_every_typed_field_of_an_inline_card_is_checked(tmp_path: Path, field: str, code: str, where: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(ADVENTURER.format(field=field), "utf-8")
    exit_code, out = resolve_json(path)
    assert exit_code == 2
    errors = out[0]["errors"]
    assert {(e["code"], e["line"]) for e in errors} == {(code, 5)}
    assert errors[0]["message"].startswith(where)


def test_every_bad_field_is_reported_at_once(tmp_path: Path) -> None:
    text = ADVENTURER.format(field="level: abc\n    icons: 7\n    race: robot")
    path = tmp_path / "s.yaml"
    path.write_text(text, "utf-8")
    exit_code, out = resolve_json(path)
    assert exit_code == 2
    assert [(e["code"], e["line"], e["column"]) for e in out[0]["errors"]] == [
        ("MK-DATA-TYPE", 5, 12), ("MK-DATA-TYPE", 6, 12), ("MK-DATA-ENUM", 7, 11)]


def test_the_web_api_answers_422_not_500(web_client: Any) -> None:
    r = web_client.post("/api/resolve", json={"text": ICONS.format(value="1000000"), "name": "s.yaml"})
    assert r.status_code == 422
    [entry] = r.json()
    assert [(e["code"], e["line"], e["column"]) for e in entry["errors"]] == [("MK-DATA-TYPE", 5, 12)]


# ---------------------------------------------------------------- variant_options: a state file's options


def knockout_scenario(tmp_path: Path, options: str) -> Path:
    text = (ROOT / "examples" / "rulings" / "kihivas-kiejtes.yaml").read_text("utf-8")
    assert "variant: kihivas\n" in text
    path = tmp_path / "k.yaml"
    path.write_text(text.replace("variant: kihivas\n", f"variant: kihivas\nvariant_options: {options}\n"), "utf-8")
    return path


@pytest.mark.parametrize(("options", "found"), [
    ("{elimination_dp: x}", [("MK-DATA-TYPE", 6, 35)]),
    ("{elimination_dp: null}", [("MK-DATA-TYPE", 6, 35)]),
    ("{elimination_dp: [9]}", [("MK-DATA-TYPE", 6, 35)]),
    ("{eliminations_to_win: '2'}", [("MK-DATA-TYPE", 6, 40)]),
    ("{eliminations_to_win: 0}", [("MK-DATA-RANGE", 6, 40)]),
    ("{siege_only: 5}", [("MK-DATA-TYPE", 6, 31), ("MK-RESULT-OPTION", 6, 31)]),
    ("{nonsense: 1}", [("MK-DATA-UNKNOWN-FIELD", 6, 29)]),
    ("{siege_only: true}", [("MK-RESULT-OPTION", 6, 31)]),
])
def test_variant_options_are_checked_as_a_state_files(tmp_path: Path, options: str, found: list[Any]) -> None:
    """A value of another type reached the victory rules and crashed them (int('x'), 2 >= '2')."""
    exit_code, out = resolve_json(knockout_scenario(tmp_path, options))
    assert exit_code == 2
    assert [(e["code"], e["line"], e["column"]) for e in out[0]["errors"]] == found


def test_good_variant_options_still_play(tmp_path: Path) -> None:
    exit_code, out = resolve_json(knockout_scenario(tmp_path, "{elimination_dp: 9, eliminations_to_win: 2}"))
    assert exit_code == 0 and out[0]["passed"] is True


def test_a_variant_for_more_players_than_the_setup_is_a_finding_at_its_line(tmp_path: Path) -> None:
    """Found by the fuzz run (issue 25): a twin game of two players was an error without its file and line."""
    from clirun import run_main

    path = tmp_path / "twin.yaml"
    path.write_text("title: t\nformat: archivalt\nvariant: ikerjatek\nsetup:\n  players:\n  - name: Anna\n"
                    "  - name: Béla\nscript:\n- Béla: passz\n", "utf-8")
    ran = run_main(["resolve", str(path)])
    assert (ran.code, ran.stdout) == (2, "")
    assert ran.stderr == (f"{path}:6:3: error MK-SCENARIO-VARIANT: Twin game (ikerjatek) is for exactly 4 players; "
                          "this state has 2\n")
