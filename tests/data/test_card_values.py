"""A card field of any type, through every command that reads the card index (issue 25).

A ``dp:`` that was a list reached the index's SQL and ended ``card search``,
``card show`` and ``deck check`` with an internal error (exit 3; the web app's
calls with a 500).  Only cards that passed the schema are indexed now, so a
database with such a card is what it is, a database with errors: each of those
commands says the same errors ``data check`` finds, at file:line:col, and
exits 2.  Whatever the field and the value, never exit 3.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from clirun import run_main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layout import ROOT

from korbiro.data.paths import package_file, shipped_db_path

DECK = str(ROOT / "examples" / "decks" / "legal-limit3.deck")
SAMPLE = yaml.load((shipped_db_path() / "MINTA.yaml").read_text("utf-8"), Loader=yaml.CSafeLoader)
#: the first card of each type, by its place in the sample
FIRST_OF_TYPE = sorted({c["type"]: i for i, c in reversed(list(enumerate(SAMPLE["cards"])))}.values())


def _card_fields() -> list[str]:
    schema = json.loads(package_file("data/schemas/mk-set.schema.json").read_text("utf-8"))
    card = schema["$defs"]["card"]
    names = set(card["properties"])
    for part in card["allOf"]:
        names |= set(part.get("then", {}).get("properties", {}))
    return sorted(names)


FIELDS = _card_fields()

#: values of every kind a YAML scalar or collection can hold (the loader's limits included)
VALUES = st.one_of(
    st.lists(st.integers(-3, 3), max_size=2), st.dictionaries(st.sampled_from(["a", "dp", "1"]), st.integers(0, 2),
                                                               max_size=2),
    st.lists(st.dictionaries(st.sampled_from(["a", "from"]), st.text(max_size=2), max_size=1), max_size=1),
    st.integers(-(2**70), 2**70), st.sampled_from([2**63, 2**63 - 1, -(2**63) - 1, 2**53, 10**29, 0, -1]),
    st.booleans(), st.floats(allow_nan=False, allow_infinity=False), st.none(),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=4), st.sampled_from(["X", "", "2004-11-20"]),
)


pytestmark = pytest.mark.usefixtures("private_cache")


def _database(folder: Path, place: int, field: str, value: Any) -> str:
    """The sample with card *place*'s *field* set to *value*, in *folder*; the card's id."""
    data = copy.deepcopy(SAMPLE)
    data["cards"][place][field] = value
    folder.mkdir(parents=True, exist_ok=True)
    # libyaml's dumper: the pure-Python one took most of each case's time
    (folder / "MINTA.yaml").write_text(yaml.dump(data, Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False),
                                       "utf-8")
    return str(SAMPLE["cards"][place]["id"])


def _errors(check_text: str, folder: Path) -> list[str]:
    """The error findings of ``data check``'s text output, each with its lines (a card-text error's
    snippet and caret): the warnings and the summary left out."""
    blocks: list[list[str]] = []
    for line in check_text.split("\n")[:-2]:
        if line.startswith(str(folder)):
            blocks.append([line])
        else:
            blocks[-1].append(line)
    return [line for block in blocks if block[0].split(": ", 2)[1].startswith("error ") for line in block]


def _through_every_command(folder: Path, cid: str) -> None:
    check = run_main(["data", "check", str(folder), "--no-cache"])
    assert check.code in (0, 1), check.stderr
    errors = _errors(check.stdout, folder)
    runs = {"search": run_main(["card", "search", "mp>=0", "--db", str(folder), "--format", "json"]),
            "show": run_main(["card", "show", cid, "--db", str(folder), "--format", "json"]),
            "deck": run_main(["deck", "check", DECK, "--db", str(folder), "--format", "json"])}
    for name, got in runs.items():
        if errors:  # a database with errors: the same errors, file:line:col, exit 2
            assert (got.code, got.stdout, got.stderr.split("\n")[:-1]) == (2, "", errors), name
        else:
            assert got.code in ((0, 1) if name == "deck" else (0,)) and got.stderr == "", (name, got.stderr)
    if not errors:
        assert json.loads(runs["show"].stdout)["card"]["id"] == cid
        assert cid in [c["id"] for c in json.loads(runs["search"].stdout)["cards"]] or \
            json.loads(runs["show"].stdout)["card"]["mp"] == "X"


#: the sample's first kalandozó, küldetés and építmény (the types that carry the most fields)
KALANDOZO, KULDETES, EPITMENY = 0, 16, 25


@pytest.mark.parametrize("place,field,value", [
    (KULDETES, "dp", [1, 2]), (EPITMENY, "dp", {"a": 1}), (KALANDOZO, "dp", [1]), (KALANDOZO, "subtype", ["bestia"]),
    (KULDETES, "subtype", {"a": "b"}), (KALANDOZO, "mp", [3]), (EPITMENY, "dp", 2**63), (KALANDOZO, "mp", 2**63),
    (KALANDOZO, "mp", 2**53), (KULDETES, "dp", -(2**53)), (KALANDOZO, "asztral", 2**63), (KULDETES, "asztral", 2**63),
    (EPITMENY, "fal", [1]), (EPITMENY, "attackers", {"a": 1}), (KULDETES, "attackers", 2**63),
    (KALANDOZO, "level", 2**63), (KALANDOZO, "race", ["ember"]), (KALANDOZO, "skills", {"a": 1}),
    (KULDETES, "icons", 2**63), (KALANDOZO, "history", {"from": "2004-11-20"}), (EPITMENY, "behaviour", [1]),
    (KALANDOZO, "text", ["KINCSKERESÉS 2"]), (KULDETES, "name", 2**63),
])
def test_a_card_field_of_a_wrong_kind_is_the_databases_error(tmp_path: Path, place: int, field: str,
                                                             value: Any) -> None:
    """Values that crashed every index command (exit 3) before."""
    _through_every_command(tmp_path / "db", _database(tmp_path / "db", place, field, value))


def test_the_largest_mp_and_dp_the_index_holds() -> None:
    """2^53 − 1 is the largest whole number every JSON reader and the index hold exactly: a larger MP
    or DP is the schema's range error at its line (it was an internal error, exit 3)."""
    from korbiro.data.check import check_file

    text = (shipped_db_path() / "MINTA.yaml").read_text("utf-8")
    for field, bad in (("mp", 2**53), ("dp", 2**63)):
        source = text.replace("    mp: 3\n" if field == "mp" else "    dp: 2\n", f"    {field}: {bad}\n", 1)
        report, _ = check_file("MINTA.yaml", source.encode("utf-8"))
        assert [(f.code, f.line) for f in report.findings] == [("MK-DATA-RANGE", 19 if field == "mp" else
                                                                 text[:text.index("    dp: 2\n")].count("\n") + 1)]
        assert f"{bad} is greater than the maximum of 9007199254740991" in report.findings[0].message


_ANY_VALUE = given(field=st.sampled_from([*FIELDS, "unknown_field"]), place=st.sampled_from(FIRST_OF_TYPE),
                   value=VALUES)
_SLOW = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


def _any_value(tmp_path: Path, field: str, place: int, value: Any) -> None:
    folder = tmp_path / f"db-{os.urandom(6).hex()}"
    _through_every_command(folder, _database(folder, place, field, value))


@settings(max_examples=8, deadline=None, suppress_health_check=_SLOW)
@_ANY_VALUE
def test_any_value_in_any_card_field(tmp_path: Path, field: str, place: int, value: Any) -> None:
    """Each example runs every command on its database: a few in the default run (the fields and values
    the parametrised test above names are checked there), many in the fuzz run."""
    _any_value(tmp_path, field, place, value)


@pytest.mark.fuzz
@pytest.mark.timeout(3600)  # the dedicated run: long by design
@settings(max_examples=300, deadline=None, suppress_health_check=_SLOW)
@_ANY_VALUE
def test_any_value_in_any_card_field_long(tmp_path: Path, field: str, place: int, value: Any) -> None:
    _any_value(tmp_path, field, place, value)
