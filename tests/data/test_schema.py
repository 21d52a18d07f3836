"""The MK set-file schema (korbiro/data/schemas/mk-set.schema.json) and the shipped sample set.

Each mutation of a valid card must fail with exactly the errors listed: the JSON path of the
failing value and the validator keyword.  One mistake, one error: a bad ``type`` or a missing
field must not fan out into an error per ``if/then`` branch.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from layout import ROOT

SCHEMA_PATH = ROOT / "korbiro" / "data" / "schemas" / "mk-set.schema.json"
CARDS_DIR = ROOT / "korbiro" / "data" / "mk" / "cards"
SET_FILES = sorted(CARDS_DIR.glob("*.yaml"))
MODELINE = "# yaml-language-server: $schema=../../schemas/mk-set.schema.json"

TYPES = ["kalandozó", "küldetés", "építmény", "akadálylap", "akciólap", "eseménylap", "toronyszint", "szövetséges"]


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text("utf-8"))


@pytest.fixture(scope="module")
def validator(schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


@pytest.fixture(scope="module")
def sample() -> dict[str, Any]:
    return yaml.safe_load((CARDS_DIR / "MINTA.yaml").read_text("utf-8"))


def errors(validator: Draft202012Validator, doc: Any) -> set[tuple[tuple[Any, ...], str]]:
    return {(tuple(e.absolute_path), e.validator) for e in validator.iter_errors(doc)}


# --------------------------------------------------------------------------
# the schema itself


def test_schema_is_a_valid_2020_12_schema(schema: dict[str, Any]) -> None:
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"]
    assert schema["title"]


def _type_blocks(schema: dict[str, Any]) -> tuple[dict[str, set[str]], dict[str, dict[str, Any]]]:
    """Per type: the extra field names it declares, and its rules block."""
    declared: dict[str, set[str]] = {}
    rules: dict[str, dict[str, Any]] = {}
    for block in schema["$defs"]["card"]["allOf"]:
        cond = block.get("if", {}).get("properties", {}).get("type", {})
        if "const" not in cond:
            continue
        then = block["then"]
        if "description" in then:  # a rules block
            rules[cond["const"]] = then
        else:  # a names-only declaration
            declared[cond["const"]] = set(then["properties"])
            assert all(v is True for v in then["properties"].values())
    return declared, rules


def test_every_type_has_a_rules_block_and_declares_exactly_its_own_fields(schema: dict[str, Any]) -> None:
    common = set(schema["$defs"]["card"]["properties"])
    declared, rules = _type_blocks(schema)
    assert sorted(rules) == sorted(TYPES)
    assert schema["$defs"]["cardType"]["enum"] == TYPES
    for t in TYPES:
        own = set(rules[t].get("properties", {})) - common
        assert declared.get(t, set()) == own, t


def test_every_field_has_a_description_for_editors(schema: dict[str, Any]) -> None:
    card = schema["$defs"]["card"]
    for name, sub in card["properties"].items():
        assert sub.get("description"), name
    for name, sub in schema["$defs"]["set"]["properties"].items():
        assert sub.get("description"), name
    _, rules = _type_blocks(schema)
    for t, block in rules.items():
        for name, sub in block.get("properties", {}).items():
            assert sub.get("description"), (t, name)


# --------------------------------------------------------------------------
# the shipped database validates


@pytest.mark.parametrize("path", SET_FILES, ids=lambda p: p.name)
def test_shipped_set_files_validate(path: Path, validator: Draft202012Validator) -> None:
    doc = yaml.safe_load(path.read_text("utf-8"))
    found = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(doc)]
    assert found == []


@pytest.mark.parametrize("path", SET_FILES, ids=lambda p: p.name)
def test_shipped_set_files_read_the_same_with_the_strict_loader(path: Path, validator: Draft202012Validator) -> None:
    from korbiro.base.yamlload import load_yaml_file

    doc = load_yaml_file(path)
    assert doc.data == yaml.safe_load(path.read_text("utf-8"))
    assert list(validator.iter_errors(doc.data)) == []


def test_shipped_db_is_there() -> None:
    assert CARDS_DIR / "MINTA.yaml" in SET_FILES


# --------------------------------------------------------------------------
# negative checks: one mutation, exactly these errors


def _first(sample: dict[str, Any], ctype: str) -> dict[str, Any]:
    return copy.deepcopy(next(c for c in sample["cards"] if c["type"] == ctype))


def _set(**kw: Any) -> Callable[[dict[str, Any]], None]:
    return lambda c: c.update(kw)


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda c: c.pop(key)


C0 = ("cards", 0)

MUTATIONS: list[tuple[str, str, Callable[[dict[str, Any]], None], set[tuple[tuple[Any, ...], str]]]] = [
    ("kalandozó without level", "kalandozó", _drop("level"), {(C0, "required")}),
    ("kalandozó without race", "kalandozó", _drop("race"), {(C0, "required")}),
    ("fal on a kalandozó", "kalandozó", _set(fal=3), {(C0, "unevaluatedProperties")}),
    ("level 11", "kalandozó", _set(level=11), {(C0 + ("level",), "maximum")}),
    ("race hobbit", "kalandozó", _set(race="hobbit"), {(C0 + ("race",), "enum")}),
    ("dp on a kalandozó", "kalandozó", _set(dp=2), {(C0 + ("dp",), "type")}),
    ("toronyszint without fal", "toronyszint", _drop("fal"), {(C0, "required")}),
    ("fal 21", "toronyszint", _set(fal=21), {(C0 + ("fal",), "maximum")}),
    ("küldetés without dp", "küldetés", _drop("dp"), {(C0, "required")}),
    ("küldetés with dp null", "küldetés", _set(dp=None), {(C0 + ("dp",), "type")}),
    ("level on a küldetés", "küldetés", _set(level=3), {(C0, "unevaluatedProperties")}),
    ("építmény without dp", "építmény", _drop("dp"), {(C0, "required")}),
    ("attackers 6", "építmény", _set(attackers=6), {(C0 + ("attackers",), "maximum")}),
    ("akadálylap without subtype", "akadálylap", _drop("subtype"), {(C0, "required")}),
    ("akadálylap subtype sárkány", "akadálylap", _set(subtype="sárkány"), {(C0 + ("subtype",), "enum")}),
    ("akadálylap subtype null", "akadálylap", _set(subtype=None), {(C0 + ("subtype",), "enum")}),
    ("eseménylap subtype varázslat", "eseménylap", _set(subtype="varázslat"), {(C0 + ("subtype",), "enum")}),
    ("akciólap subtype 3", "akciólap", _set(subtype=3), {(C0 + ("subtype",), "type")}),
    ("eseménylap subtype varázslat", "eseménylap", _set(subtype="varázslat"), {(C0 + ("subtype",), "enum")}),
    ("fal on a szövetséges", "szövetséges", _set(fal=2), {(C0, "unevaluatedProperties")}),
    ("mp -1", "kalandozó", _set(mp=-1), {(C0 + ("mp",), "minimum")}),
    ("mp Y", "kalandozó", _set(mp="Y"), {(C0 + ("mp",), "pattern")}),
    ("mp true", "kalandozó", _set(mp=True), {(C0 + ("mp",), "type")}),
    ("unknown field colour", "kalandozó", _set(colour="piros"), {(C0, "unevaluatedProperties")}),
    ("id without number", "kalandozó", _set(id="MINTA-1"), {(C0 + ("id",), "pattern")}),
    ("id lower case", "kalandozó", _set(id="minta-001"), {(C0 + ("id",), "pattern")}),
    ("empty name", "kalandozó", _set(name=""), {(C0 + ("name",), "minLength")}),
    ("name with a trailing space", "kalandozó", _set(name="Wirg "), {(C0 + ("name",), "pattern")}),
    ("type hős", "kalandozó", _set(type="hős"), {(C0 + ("type",), "enum")}),
    ("no type", "kalandozó", _drop("type"), {(C0, "required")}),
    ("phase unknown", "akciólap", _set(phase="ebéd"), {(C0 + ("phase",), "anyOf")}),
    ("icons repeated", "kalandozó", _set(icons=["kard", "kard"]), {(C0 + ("icons",), "uniqueItems")}),
]


@pytest.mark.parametrize(
    ("ctype", "mutate", "expected"),
    [m[1:] for m in MUTATIONS],
    ids=[m[0] for m in MUTATIONS],
)
def test_card_mutation_fails_exactly(
    sample: dict[str, Any],
    validator: Draft202012Validator,
    ctype: str,
    mutate: Callable[[dict[str, Any]], None],
    expected: set[tuple[tuple[Any, ...], str]],
) -> None:
    card = _first(sample, ctype)
    doc = {"set": dict(sample["set"]), "cards": [card]}
    assert errors(validator, doc) == set()
    mutate(card)
    assert errors(validator, doc) == expected


@pytest.mark.parametrize(
    ("field", "value", "expected_msg"),
    [("fal", 3, "'fal' was unexpected"), ("colour", "piros", "'colour' was unexpected")],
)
def test_unexpected_field_message_names_the_field(
    sample: dict[str, Any], validator: Draft202012Validator, field: str, value: Any, expected_msg: str
) -> None:
    card = _first(sample, "kalandozó")
    card[field] = value
    (err,) = list(validator.iter_errors({"set": sample["set"], "cards": [card]}))
    assert expected_msg in err.message


SET_MUTATIONS: list[tuple[str, Callable[[dict[str, Any]], None], set[tuple[tuple[Any, ...], str]]]] = [
    ("released 2024-02-30", lambda d: d["set"].update(released="2024-02-30"), {(("set", "released"), "format")}),
    ("released 2024-2-3", lambda d: d["set"].update(released="2024-2-3"), {(("set", "released"), "format")}),
    ("language de", lambda d: d["set"].update(language="de"), {(("set", "language"), "enum")}),
    ("sample igen", lambda d: d["set"].update(sample="igen"), {(("set", "sample"), "type")}),
    ("set code lower case", lambda d: d["set"].update(code="minta"), {(("set", "code"), "pattern")}),
    ("set without name", lambda d: d["set"].pop("name"), {(("set",), "required")}),
    ("unknown set field", lambda d: d["set"].update(year=2004), {(("set",), "additionalProperties")}),
    ("no cards", lambda d: d.pop("cards"), {((), "required")}),
    ("cards not a list", lambda d: d.update(cards={}), {(("cards",), "type")}),
    ("unknown top-level key", lambda d: d.update(kártyák=[]), {((), "additionalProperties")}),
]


@pytest.mark.parametrize(("mutate", "expected"), [m[1:] for m in SET_MUTATIONS], ids=[m[0] for m in SET_MUTATIONS])
def test_set_mutation_fails_exactly(
    sample: dict[str, Any],
    validator: Draft202012Validator,
    mutate: Callable[[dict[str, Any]], None],
    expected: set[tuple[tuple[Any, ...], str]],
) -> None:
    doc = {"set": dict(sample["set"]), "cards": [_first(sample, "toronyszint")]}
    doc["set"]["released"] = "2004-11-20"
    assert errors(validator, doc) == set()
    mutate(doc)
    assert errors(validator, doc) == expected


# --------------------------------------------------------------------------
# what the rest of the project relies on in the shipped sample


@pytest.fixture(scope="module")
def all_cards() -> list[dict[str, Any]]:
    out = []
    for path in SET_FILES:
        out.extend(yaml.safe_load(path.read_text("utf-8"))["cards"])
    return out


@pytest.mark.parametrize("path", SET_FILES, ids=lambda p: p.name)
def test_set_file_shape(path: Path) -> None:
    raw = path.read_text("utf-8")
    assert raw.splitlines()[0] == MODELINE
    assert "\t" not in raw
    doc = yaml.safe_load(raw)
    code = doc["set"]["code"]
    assert path.stem == code
    nums = []
    for card in doc["cards"]:
        assert card["id"].startswith(code + "-"), card["id"]
        nums.append(int(card["id"].split("-")[1].rstrip("abcdefghijklmnopqrstuvwxyz")))
    assert nums == sorted(nums) and len(set(nums)) == len(nums), "ids in file order"
    # plain YAML only: no anchors, aliases or tags
    for event in yaml.parse(raw):
        assert getattr(event, "anchor", None) is None, event
        assert getattr(event, "tag", None) is None or isinstance(event, yaml.ScalarEvent) and event.tag is None
        assert not isinstance(event, yaml.AliasEvent)


def test_sample_ids_and_names_unique(all_cards: list[dict[str, Any]]) -> None:
    ids = Counter(c["id"] for c in all_cards)
    names = Counter(c["name"] for c in all_cards)
    assert [i for i, n in ids.items() if n > 1] == []
    assert [i for i, n in names.items() if n > 1] == []


def test_sample_size_and_types(all_cards: list[dict[str, Any]]) -> None:
    assert len(all_cards) >= 64
    per_type = Counter(c["type"] for c in all_cards)
    assert {t: per_type[t] for t in TYPES if per_type[t] < 4} == {}
    assert per_type["toronyszint"] >= 5
    subtypes = Counter((c["type"], c.get("subtype")) for c in all_cards)
    for st in ("csapda", "bestia", "gépezet"):
        assert subtypes[("akadálylap", st)] >= 1, st
    assert subtypes[("eseménylap", "erőforrás")] >= 2


def test_fal_field_and_fal_line_agree(all_cards: list[dict[str, Any]]) -> None:
    for c in all_cards:
        lines = [int(m.group(1)) for m in re.finditer(r"^FAL ([0-9]+)$", c.get("text", ""), re.M)]
        assert lines == ([c["fal"]] if "fal" in c else []), c["id"]


# a keyword line's canonical form (docs/card-text.md) -> the sample must carry it at least once
Q = r'"(?:[^"\\]|\\.)*"'
KEYWORD_LINES = {
    "FAL": r"FAL [0-9]+",
    "IGAZ NÉV": r"IGAZ NÉV " + Q,
    "EXPEDÍCIÓ": r"EXPEDÍCIÓ [0-9]+",
    "AKARATÁTVITEL": r"AKARATÁTVITEL [0-9]+",
    "TÚLÜTÉS": r"TÚLÜTÉS [0-9]+",
    "HÁTAS": r"HÁTAS",
    "[feltétel] HÁTAS": r"\[[^\]]+\] HÁTAS",
    "KINCS": r"KINCS [0-9]+",
    "CSATLÓS": r"CSATLÓS",
    "[feltétel] CSATLÓS": r"\[[^\]]+\] CSATLÓS",
    "ŐSERŐ": r"ŐSERŐ",
    "RAKTÁROZANDÓ KÜLDETÉS": r"RAKTÁROZANDÓ KÜLDETÉS",
    "EGY JÁTÉKOS LEGFELJEBB": r"EGY JÁTÉKOS LEGFELJEBB EGY ILYEN ÉPÍTMÉNYT IRÁNYÍTHAT",
    "NEM LEHET MÁS ERŐFORRÁS": r"JÁTÉKOSA PAKLIJÁBAN NEM LEHET MÁS ERŐFORRÁS",
    "BESTIA AKTIVIZÁLÁS": r"A KÉPESSÉG BESTIA AKTIVIZÁLÁSNAK MINŐSÜL",
    "KINCSKERESÉS": r"KINCSKERESÉS [0-9]+",
    "NEM SZAKÍTHAT MEG IDŐFONALAT": r"NEM SZAKÍTHAT MEG IDŐFONALAT",
    "HATALOMSZÓ": r"HATALOMSZÓ",
    "SZOLGA NYELV": r"SZOLGA NYELV",
    "NEMES NYELV": r"NEMES NYELV",
    "TITKOS NYELV": r"TITKOS NYELV",
    "NEGATÍV HATÁS": r"NEGATÍV HATÁS " + Q,
    "PUSZTAKEZES KOMBINÁCIÓ": r"PUSZTAKEZES KOMBINÁCIÓ [0-9]+",
    "MOZAIK VARÁZSLAT": r"MOZAIK VARÁZSLAT",
    "ANTISS": r"ANTISS",
    "ANTISSJÁRÁS": r"ANTISSJÁRÁS (?:I|II|III|IV|V)",
    "ANTISS képesség": r"ANTISS " + Q,
    "ÁLLANDÓ": r"ÁLLANDÓ " + Q,
    "SZELLEM": r"SZELLEM [0-9]+ " + Q,
    "RÁÉPÍTÉS": r"RÁÉPÍTÉS [0-9]+ MP",
    "AKADÁLYOK": r"AKADÁLYOK [0-9]+",
    "SZÁM": r"SZÁM [0-9]+",
    "TÁMADÁS": r"TÁMADÁS [0-9]+",
    "SEBZÉS": r"SEBZÉS [0-9]+",
    "SORSFORDÍTÓ": r"SORSFORDÍTÓ",
    "PORTYÁZÁS": r"PORTYÁZÁS",
    "free text": Q,
}


def test_sample_text_lines_are_canonical_and_cover_every_keyword(all_cards: list[dict[str, Any]]) -> None:
    used: Counter[str] = Counter()
    odd = []
    for c in all_cards:
        for line in c.get("text", "").splitlines():
            hit = [k for k, rx in KEYWORD_LINES.items() if re.fullmatch(rx, line)]
            if not hit:
                odd.append((c["id"], line))
            used.update(hit[:1])
    assert odd == []
    assert [k for k in KEYWORD_LINES if not used[k]] == []


def test_sample_cards_the_rulebook_examples_need(all_cards: list[dict[str, Any]]) -> None:
    by_name = {c["name"]: c for c in all_cards}
    texts = [c.get("text", "") for c in all_cards]
    assert by_name["Briar Sichetti"]["type"] == "kalandozó"
    assert by_name["Argureni bálterem"]["printing"] == "eredeti"
    assert 'IGAZ NÉV "Airun al Marem"' in by_name["A Sötét Térítő"]["text"]
    assert by_name["Airun al Marem"]["type"] == "kalandozó"
    for n in ("Őstűz teremtése", "Őslég teremtése", "Ősföld teremtése", "Ősvíz teremtése", "Őselemi erő teremtése"):
        assert by_name[n]["mp"] == "X" and "MOZAIK VARÁZSLAT" in by_name[n]["text"], n
    assert {"KINCSKERESÉS 2", "KINCSKERESÉS 3"} <= {ln for t in texts for ln in t.splitlines()}
    assert any("KINCS 5" in t.splitlines() for t in texts)
    assert any("EXPEDÍCIÓ 2" in t.splitlines() for t in texts)
    assert {c.get("race") for c in all_cards if c["type"] == "kalandozó"} >= {"aquir", "sárkány"}
    resources = [c for c in all_cards if c["type"] == "eseménylap" and c.get("subtype") == "erőforrás"]
    assert any("JÁTÉKOSA PAKLIJÁBAN NEM LEHET MÁS ERŐFORRÁS" in c["text"] for c in resources)
    assert any("JÁTÉKOSA PAKLIJÁBAN NEM LEHET MÁS ERŐFORRÁS" not in c.get("text", "") for c in resources)


def test_sample_text_passes_the_card_text_checker(all_cards: list[dict[str, Any]]) -> None:
    cardtext = pytest.importorskip("korbiro.grammar.cardtext")
    found = []
    for c in all_cards:
        _, findings = cardtext.check_card_text(c.get("text", ""))
        found += [(c["id"], f.code, f.message) for f in findings]
    assert found == []
