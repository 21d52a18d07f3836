"""The pre-built parser tables (korbiro/grammar/tables/) serve only when current, and parse as a fresh build does."""

from __future__ import annotations

import json
from importlib import resources

import lark
import pytest

from korbiro.grammar import prebuilt


def _stored(grammar: str, start: str) -> dict:
    return json.loads(resources.files(prebuilt.PACKAGE).joinpath(prebuilt.stored_name(grammar, start)).read_text())


@pytest.mark.parametrize(("grammar", "start"), prebuilt.PARSERS)
def test_stored_tables_are_those_of_the_grammar(grammar: str, start: str) -> None:
    # a grammar edited without `python3 -m korbiro.grammar.prebuilt` fails here
    stored = _stored(grammar, start)
    fresh = prebuilt.build(grammar, start)
    assert stored["grammar_sha256"] == fresh["grammar_sha256"], "run: python3 -m korbiro.grammar.prebuilt"
    if stored["lark"] == lark.__version__:  # the same language: rules and terminals (the state numbering varies)
        loaded, built = prebuilt.load(grammar, start), prebuilt._fresh(grammar, start)
        assert sorted(map(str, loaded.rules)) == sorted(map(str, built.rules))
        assert sorted((t.name, t.pattern.to_regexp(), t.priority) for t in loaded.terminals) == sorted(
            (t.name, t.pattern.to_regexp(), t.priority) for t in built.terminals)


def test_card_text_parses_alike_with_stored_and_fresh_tables() -> None:
    from korbiro.base.yamlload import load_yaml_file
    from korbiro.data.paths import shipped_db_path

    lines = [ln for c in load_yaml_file(shipped_db_path() / "MINTA.yaml").data["cards"]
             for ln in (c.get("text") or "").splitlines() if ln.strip()]
    loaded, built = prebuilt.load("card.lark", "start"), prebuilt._fresh("card.lark", "start")
    assert len(lines) > 50
    for line in [*lines, "FAL 3", "KINCSKERESÉS 2", "[Tolvaj] CSATLÓS", "ANTISSJÁRÁS III"]:
        assert loaded.parse(line.strip()) == built.parse(line.strip()), line


@pytest.mark.parametrize(("grammar", "start"), prebuilt.PARSERS)
def test_loaded_parser_is_the_stored_one(grammar: str, start: str, monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    real = prebuilt._fresh
    monkeypatch.setattr(prebuilt, "_fresh", lambda *a, **k: built.append(a[0]) or real(*a, **k))
    parser = prebuilt.load(grammar, start)
    assert built == ([] if _stored(grammar, start)["lark"] == lark.__version__ else [grammar])
    data, _ = parser.memo_serialize([lark.lexer.TerminalDef, lark.grammar.Rule])
    assert data["options"]["start"] == [start]


def test_a_stale_table_is_not_served(monkeypatch: pytest.MonkeyPatch) -> None:
    # the key is the grammar's text and lark's version: another version (or text) builds afresh
    built: list[str] = []
    real = prebuilt._fresh
    monkeypatch.setattr(prebuilt, "_fresh", lambda *a, **k: built.append(a[0]) or real(*a, **k))
    monkeypatch.setattr(lark, "__version__", "0.0.0-other")
    parser = prebuilt.load("card.lark", "start")
    assert built == ["card.lark"]
    assert parser.parse("FAL 3").children[0].data == "fal"
    built.clear()
    monkeypatch.undo()
    monkeypatch.setattr(prebuilt, "_digest", lambda grammar: "0" * 64)
    monkeypatch.setattr(prebuilt, "_fresh", lambda *a, **k: built.append(a[0]) or real(*a, **k))
    prebuilt.load("query.lark", "start")
    assert built == ["query.lark"]


def test_a_missing_or_damaged_table_builds_the_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prebuilt, "stored_name", lambda g, s: "tables/none-such.json")
    assert prebuilt.load("card.lark", "start").parse("FAL 3").children[0].data == "fal"


def test_round_trip_of_tuples_and_integer_keys() -> None:
    value = {"a": (1, [2, (3,)]), 4: {"b": None}, "__d": True}
    assert prebuilt._decode(json.loads(json.dumps(prebuilt._encode(value)))) == value
