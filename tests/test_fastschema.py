"""The compiled yes/no validator agrees with jsonschema on every instance."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from korbiro.base.yamlload import load_yaml_file
from korbiro.data.fastschema import Unsupported, compile_schema
from korbiro.data.paths import shipped_db_path
from korbiro.data.schema import fast_validator, schema_text, validator

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


@settings(max_examples=800, deadline=None)
@given(mutated_cards())
def test_fast_card_check_agrees_with_jsonschema(card: dict) -> None:
    doc = {"set": SAMPLE["set"], "cards": [card]}
    expected = validator("mk-set").is_valid(doc)
    assert fast_validator("mk-set")(doc) is expected
    assert fast_validator("mk-set", "#/$defs/card")(card) is expected


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["code", "name", "sample", "released", "language", "x"]), VALUES))
def test_fast_set_header_check_agrees(header: dict) -> None:
    doc = {"set": header, "cards": []}
    assert fast_validator("mk-set")(doc) is validator("mk-set").is_valid(doc)


def test_shipped_schemas_compile() -> None:
    assert fast_validator("mk-set") is not None
    assert fast_validator("mk-formats") is not None


def test_unsupported_keyword_is_refused() -> None:
    with pytest.raises(Unsupported):
        compile_schema({"dependentRequired": {"a": ["b"]}})


@pytest.mark.parametrize("name", ["mk-set", "mk-formats"])
def test_schema_is_valid_2020_12(name: str) -> None:
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(json.loads(schema_text(name)))
