"""Results remembered in korbiro's cache (the rule index, the scenarios' summaries): served only for the same bytes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import korbiro.base.yamlload as yamlload
from korbiro.base.errors import DataError
from korbiro.rules.mk import rulebook
from korbiro.rules.mk.rulebook import load_rulebook_file, load_scenarios, rulebook_path

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path / "cache"))


def _no_yaml(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    read: list[str] = []
    real = yamlload.load_yaml_file
    monkeypatch.setattr(yamlload, "load_yaml_file", lambda p, **k: read.append(str(p)) or real(p, **k))
    return read


def test_the_rule_index_is_read_once_and_again_when_it_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    book = tmp_path / "rulebook.yaml"
    shutil.copy(rulebook_path(), book)
    first = load_rulebook_file(book)
    read = _no_yaml(monkeypatch)
    again = load_rulebook_file(book)
    assert read == []  # answered from the cache
    assert [r.to_dict() for r in again] == [r.to_dict() for r in first] and again.path == first.path
    assert [r.line for r in again] == [r.line for r in first]
    text = book.read_text("utf-8").replace("title:", "title:", 1)
    book.write_text(text.replace("    see: [", "    see: [9.99.Z, ", 1), "utf-8")  # a broken link: never remembered
    with pytest.raises(DataError, match="9.99.Z"):
        load_rulebook_file(book)
    with pytest.raises(DataError, match="9.99.Z"):
        load_rulebook_file(book)
    assert read == [str(book), str(book)]


def test_scenario_summaries_are_read_again_when_a_file_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "rulings"
    shutil.copytree(ROOT / "examples" / "rulings", folder)
    first = load_scenarios(folder)
    read = _no_yaml(monkeypatch)
    assert load_scenarios(folder) == first and read == []
    victim = sorted(folder.glob("*.yaml"))[0]
    victim.write_text(victim.read_text("utf-8").replace("title:", "title: Átírt —", 1), "utf-8")
    changed = load_scenarios(folder)
    assert len(read) == len(first)  # every file read again, once
    assert changed[0].title.startswith("Átírt —") and changed[1:] == first[1:]


def test_the_key_names_the_code_and_the_inputs() -> None:
    a = rulebook._Remembered("x", [b"one"]).entry
    assert a == rulebook._Remembered("x", [b"one"]).entry
    assert a != rulebook._Remembered("x", [b"one", b""]).entry != rulebook._Remembered("y", [b"one"]).entry
    assert rulebook._Remembered("x", [b"ab", b"c"]).entry != rulebook._Remembered("x", [b"a", b"bc"]).entry
