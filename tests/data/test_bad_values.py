"""The internal errors (exit 3) the fuzzing found, each now a finding at its file and line (issue 15).

Fields replaced by values of other types, bytes that are not UTF-8 in
arguments and file names, a terminal encoding that is not UTF-8.  Each case
ran into an exception before its fix.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import run_main
from layout import ROOT, TESTS

from korbiro.data.paths import shipped_db_path

SETS = TESTS / "bad_inputs" / "sets"


pytestmark = pytest.mark.usefixtures("private_cache")


def test_a_list_where_a_subtype_belongs(tmp_path: Path) -> None:
    text = (SETS / "hatas-on-trap" / "HIBA.yaml").read_text("utf-8")
    assert "    subtype: csapda\n" in text
    (tmp_path / "HIBA.yaml").write_text(text.replace("    subtype: csapda\n", "    subtype: []\n"), "utf-8")
    got = run_main(["data", "check", str(tmp_path), "--format", "json"])
    assert got.code == 1
    found = [(f["code"], f["line"]) for f in json.loads(got.stdout)["findings"]]
    assert ("MK-DATA-TYPE", 6) in found


def test_an_empty_item_in_a_yaml_deck(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text("pakli:\n  - 3 Wirg\n  - ''\n", encoding="utf-8")
    got = run_main(["deck", "check", str(deck), "--format", "json"])
    assert got.code == 1
    f = next(f for f in json.loads(got.stdout)["findings"] if f["code"] == "MK-DECK-EMPTY-ENTRY")
    assert (f["line"], f["column"], f["message"]) == (3, 5, "empty entry; write '3 Name' or a card name")
    got = run_main(["deck", "check", str(deck), "--lang", "hu"])
    assert f"{deck}:3:5: hiba MK-DECK-EMPTY-ENTRY: üres bejegyzés; írd így: '3 Lapnév', vagy csak a lap nevét" in \
        got.stdout.splitlines()


def test_a_mapping_where_the_exxit_variant_belongs(tmp_path: Path) -> None:
    text = (ROOT / "examples" / "exxit" / "start.yaml").read_text("utf-8")
    assert "variant: standard\n" in text
    line = text[:text.index("variant: standard")].count("\n") + 1
    pos = tmp_path / "p.yaml"
    pos.write_text(text.replace("variant: standard\n", "variant: {}\n"), encoding="utf-8")
    got = run_main(["exxit", "moves", str(pos)])
    assert got.code == 2
    assert f"{pos}:{line}:10: error EXXIT-POSITION-FILE: unknown variant {{}}; variants are standard, blitz, beginner, expert" in got.stderr


def test_an_unknown_variant_in_a_state_file(tmp_path: Path) -> None:
    text = (ROOT / "examples" / "results" / "two-player-immediate-19.yaml").read_text("utf-8")
    state = tmp_path / "s.yaml"
    state.write_text("variant: nincs-ilyen\n" + text, encoding="utf-8")
    got = run_main(["game", "result", str(state)])
    assert got.code == 2
    assert got.stderr.startswith(f"{state}:1:10: error MK-RESULT-VARIANT: unknown variant 'nincs-ilyen'")


def test_an_argument_that_is_not_utf8_names_no_card() -> None:
    got = run_main(["card", "show", os.fsdecode(b"\xff")])
    assert (got.code, got.stdout, got.stderr) == (1, "", "Error: no card named '\\udcff'\n")
    got = run_main(["card", "search", os.fsdecode(b"name:Wirg\xff"), "--format", "json"])
    assert got.code == 2 and json.loads(got.stdout)["error"]["column"] == 10  # a query takes text only


def test_a_database_in_a_folder_named_with_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path) + b"/k\xe9rty\xe1k"  # latin-1 "kártyák"
    os.mkdir(folder)
    shutil.copyfile(shipped_db_path() / "MINTA.yaml", folder + b"/MINTA.yaml")
    db = os.fsdecode(folder)
    got = run_main(["card", "show", "Wirg", "--db", db])
    assert got.code == 0
    wirg = (shipped_db_path() / "MINTA.yaml").read_text("utf-8").splitlines().index("    name: Wirg")  # 0-based: the id line
    assert got.stdout.splitlines()[-1] == f"{db}/MINTA.yaml:{wirg}"  # the bytes of the name, as ls shows them
    got = run_main(["card", "show", "Wirg", "--db", db, "--format", "json"])
    assert json.loads(got.stdout)["card"]["file"] == f"{db}/MINTA.yaml"


def test_a_terminal_that_is_not_utf8() -> None:
    got = run_main(["deck", "check", str(ROOT / "examples/decks/illegal-size39.deck"), "--lang", "hu"],
                   encoding="latin-1")
    assert got.code == 1
    assert "SZABÁLYTALAN" in got.stdout and "a Jöv\\u0151 pakli 39 lapos" in got.stdout


@pytest.mark.skipif(os.name != "posix", reason="argv bytes")
def test_a_terminal_that_is_not_utf8_for_real() -> None:
    proc = subprocess.run([sys.executable, "-m", "korbiro", "card", "show", "tukorutveszto"], capture_output=True,
                          cwd=ROOT, env={**os.environ, "PYTHONIOENCODING": "latin-1"}, timeout=60)
    assert (proc.returncode, proc.stderr) == (0, b"")
    assert proc.stdout.startswith("Tükörútvesztő  (MINTA-042)\n".encode("latin-1", "backslashreplace"))
