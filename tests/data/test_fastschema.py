"""The compiled yes/no validator (jsonschema-rs) agrees with jsonschema on every instance."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from layout import ROOT

from korbiro.base.yamlload import load_yaml_file
from korbiro.data.paths import shipped_db_path
from korbiro.data.schema import compiled_check, fast_validator, validator

SAMPLE = load_yaml_file(shipped_db_path() / "MINTA.yaml").data
FIELDS = sorted({k for c in SAMPLE["cards"] for k in c} | {"colour", "fal", "level", "dp", "subtype", "requirement"})
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-3, max_value=30), st.sampled_from(
        ["X", "Y", "", " ", "kalandozó", "toronyszint", "akadálylap", "bestia", "csapda", "erőforrás", "ember",
         "aquir", "Sor", "harc", "végleges", "2024-02-30", "2024-02-28", "MINTA-001", "hu"]),
    st.lists(st.sampled_from(["a", "b", "a", 1]), max_size=3),
    st.dictionaries(st.sampled_from(["X", "code"]), st.none(), max_size=1),
)


@st.composite
def mutated_cards(draw: st.DrawFn) -> dict:
    card = copy.deepcopy(draw(st.sampled_from(SAMPLE["cards"])))
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        action = draw(st.sampled_from(["set", "delete", "retype"]))
        if action == "delete" and card:
            card.pop(draw(st.sampled_from(sorted(card))))
        elif action == "retype":
            card["type"] = draw(st.sampled_from(["kalandozó", "küldetés", "építmény", "akadálylap", "akciólap",
                                                 "eseménylap", "toronyszint", "szövetséges", "hős"]))
        else:
            card[draw(st.sampled_from(FIELDS))] = draw(VALUES)
    return card


@settings(max_examples=200, deadline=None)
@given(mutated_cards())
def test_fast_card_check_agrees_with_jsonschema(card: dict) -> None:
    doc = {"set": SAMPLE["set"], "cards": [card]}
    expected = validator("mk-set").is_valid(doc)
    assert fast_validator("mk-set")(doc) is expected
    assert fast_validator("mk-set", "#/$defs/card")(card) is expected


@pytest.mark.fuzz
@settings(max_examples=800, deadline=None)
@given(mutated_cards())
def test_fast_card_check_agrees_with_jsonschema_long(card: dict) -> None:
    test_fast_card_check_agrees_with_jsonschema.hypothesis.inner_test(card=card)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["code", "name", "sample", "released", "language", "x"]), VALUES))
def test_fast_set_header_check_agrees(header: dict) -> None:
    doc = {"set": header, "cards": []}
    assert fast_validator("mk-set")(doc) is validator("mk-set").is_valid(doc)


@pytest.mark.fuzz
@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["code", "name", "sample", "released", "language", "x"]), VALUES))
def test_fast_set_header_check_agrees_long(header: dict) -> None:
    test_fast_set_header_check_agrees.hypothesis.inner_test(header=header)


def test_a_value_the_compiled_check_cannot_take_is_left_to_jsonschema() -> None:
    # a lone surrogate cannot cross into the compiled validator: "not valid" sends it to jsonschema
    check = compiled_check({"type": "string"})
    assert check("ok") is True
    assert check("\ud800") is False
    assert check(10**29) is False and compiled_check({"type": "integer"})(10**29) is True


#: every shipped schema: run time trusts them to be valid 2020-12 schemas, so the tests check it
SHIPPED = sorted(
    [("korbiro.data", f"schemas/{p.name}") for p in (ROOT / "korbiro/data/schemas").glob("*.schema.json")]
    + [(f"korbiro.data.{p.parent.name}", p.name) for p in (ROOT / "korbiro/data").glob("*/*.schema.json")
       if p.parent.name != "schemas"]
)


def test_every_shipped_schema_is_listed() -> None:
    assert ("korbiro.data", "schemas/mk-set.schema.json") in SHIPPED
    assert ("korbiro.data", "schemas/mk-scenario.schema.json") in SHIPPED
    assert any(pkg == "korbiro.data.xig" for pkg, _ in SHIPPED)


@pytest.mark.parametrize(("package", "name"), SHIPPED)
def test_schema_is_valid_2020_12(package: str, name: str) -> None:
    from importlib import resources

    from jsonschema import Draft202012Validator

    schema = json.loads(resources.files(package).joinpath(name).read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    compiled_check(schema)  # and the compiled validator builds it


def test_a_valid_document_is_remembered_and_a_changed_one_is_checked(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import jsonschema_rs

    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path))
    schema = {"type": "object", "properties": {"mp": {"type": "integer", "minimum": 0}}}
    built: list[int] = []
    real = jsonschema_rs.validator_for
    monkeypatch.setattr(jsonschema_rs, "validator_for", lambda *a, **k: built.append(1) or real(*a, **k))
    assert compiled_check(schema, remember=True)({"mp": 2}) is True
    assert built == [1]
    # a new process (a new check) on the same document: answered from the cache, no validator built
    assert compiled_check(schema, remember=True)({"mp": 2}) is True
    assert built == [1]
    # another document, another schema, an invalid one: each checked, the invalid one never remembered
    assert compiled_check(schema, remember=True)({"mp": 3}) is True
    assert compiled_check({**schema, "required": ["x"]}, remember=True)({"mp": 2}) is False
    assert compiled_check(schema, remember=True)({"mp": -1}) is False
    assert compiled_check(schema, remember=True)({"mp": -1}) is False
    assert built == [1, 1, 1, 1, 1]
    assert compiled_check(schema, remember=True)({"mp": True}) is False  # true is not 1


def test_a_remembered_verdict_is_not_served_by_another_copy_of_jsonschema_rs(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import jsonschema_rs

    from korbiro.data import paths
    from korbiro.data import schema as schema_module

    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path))
    schema = {"type": "object", "properties": {"mp": {"type": "integer"}}}
    built: list[int] = []
    real = jsonschema_rs.validator_for
    monkeypatch.setattr(jsonschema_rs, "validator_for", lambda *a, **k: built.append(1) or real(*a, **k))
    assert compiled_check(schema, remember=True)({"mp": 2}) is True
    # jsonschema-rs upgraded (or korbiro's schema module changed): the verdict is asked for again
    monkeypatch.setattr(paths, "library_stamp", lambda name: b"jsonschema_rs, another copy")
    schema_module._verdict_code.cache_clear()
    try:
        assert compiled_check(schema, remember=True)({"mp": 2}) is True
        assert built == [1, 1]
    finally:
        monkeypatch.undo()
        schema_module._verdict_code.cache_clear()


def _findings_both_ways(doc_data: dict) -> tuple[list, list, bool]:
    """The schema findings of a set file as jsonschema-rs explains them, as jsonschema does (each in the
    order a user sees them, :func:`~korbiro.base.findings.sort_findings`), and whether jsonschema-rs took
    it (``_explained_by_rs``)."""
    from unittest import mock

    import yaml

    from korbiro.base.findings import sort_findings
    from korbiro.base.yamlload import load_yaml_text
    from korbiro.data import schema

    text = yaml.safe_dump(doc_data, allow_unicode=True, sort_keys=False)
    doc = load_yaml_text(text.encode("utf-8"), "set.yaml")
    took = schema._explained_by_rs("mk-set", doc.data) is not None
    by_rs = [(f.code, f.line, f.column, f.message) for f in sort_findings(schema.iter_schema_findings(doc, "mk-set"))]
    with mock.patch.object(schema, "_explained_by_rs", lambda *_a: None):
        by_jsonschema = [(f.code, f.line, f.column, f.message)
                         for f in sort_findings(schema.iter_schema_findings(doc, "mk-set"))]
    return by_rs, by_jsonschema, took


@settings(max_examples=50, deadline=None)
@given(st.lists(mutated_cards(), min_size=1, max_size=3))
def test_jsonschema_rs_explains_as_jsonschema_does(cards: list) -> None:
    """Why (issue 16): one schema error cost 1.43x a bare YAML load of the database as a whole command
    (budget 1.3x), jsonschema's import alone a tenth of it; jsonschema-rs explains the errors it can
    explain in jsonschema's terms, and must give the very same findings."""
    by_rs, by_jsonschema, _ = _findings_both_ways({"set": SAMPLE["set"], "cards": cards})
    assert by_rs == by_jsonschema


@pytest.mark.parametrize(("change", "finding"), [
    ({"mp": "sok"}, "MK-DATA-PATTERN"),
    ({"mp": -1}, "MK-DATA-RANGE"),
    ({"type": "lovag"}, "MK-DATA-ENUM"),
    ({"bogus": 1}, "MK-DATA-UNKNOWN-FIELD"),
    ({"name": 5}, "MK-DATA-TYPE"),
])
def test_the_common_errors_need_no_jsonschema(change: dict, finding: str) -> None:
    card = {**copy.deepcopy(SAMPLE["cards"][0]), **change}
    by_rs, by_jsonschema, took = _findings_both_ways({"set": SAMPLE["set"], "cards": [card]})
    assert took and by_rs == by_jsonschema and [f[0] for f in by_rs] == [finding]


@pytest.mark.fuzz
@settings(max_examples=5000, deadline=None)
@given(st.lists(mutated_cards(), min_size=1, max_size=4))
def test_jsonschema_rs_explains_as_jsonschema_does_long(cards: list) -> None:
    """The long run of :func:`test_jsonschema_rs_explains_as_jsonschema_does` (``-m fuzz``)."""
    by_rs, by_jsonschema, _ = _findings_both_ways({"set": SAMPLE["set"], "cards": cards})
    assert by_rs == by_jsonschema
