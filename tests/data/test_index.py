"""The card index: built when needed, reused when nothing changed, rebuilt when damaged."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from layout import TESTS
from sample import SHIPPED_CARDS

from korbiro.base.errors import DataError
from korbiro.cli import cli
from korbiro.data.check import load_database
from korbiro.data.index import open_index

SETS = TESTS / "bad_inputs" / "sets"


pytestmark = pytest.mark.usefixtures("private_cache")


def test_index_answers_like_the_database(db_dir: Path) -> None:
    idx = open_index([db_dir])
    db = load_database([db_dir])
    assert len(idx) == len(db) == SHIPPED_CARDS
    for card in db:
        got = idx[card.id]
        assert got == card
        assert got.attrs == card.attrs
        assert [k.render() for k in got.keywords] == [k.render() for k in card.keywords]
        assert got.keyword_keys == card.keyword_keys and got.true_names == card.true_names
        assert idx.kind_of(got) == db.kind_of(card)
    for query in ["tukorutveszto", "WIRG", "minta-004", "Wrig", "Nincs ilyen"]:
        a, b = idx.lookup(query), db.lookup(query)
        assert (a.card, a.suggestions, a.folded) == (b.card, b.suggestions, b.folded)


def test_stored_keywords_and_behaviour_are_those_parsed(db_dir: Path) -> None:
    """The keyword objects and the behaviour an index card brings are those the grammars make: equal, of
    the same classes, and each keyword on the line and column its canonical text parses to."""
    from korbiro.data.behaviour import Behaviour
    from korbiro.data.fields import played_behaviour
    from korbiro.grammar.cardtext import parse_card_text

    idx = open_index([db_dir])
    db = load_database([db_dir])
    with_behaviour = 0
    for card in db:
        stored = idx[card.id]
        assert stored._keyword_objects is not None
        reparsed = tuple(parse_card_text(stored._keyword_source)) if stored._keyword_source else ()
        assert stored.keywords == card.keywords == reparsed
        assert [(type(k), k.line, k.column) for k in stored.keywords] == [(type(k), k.line, k.column) for k in reparsed]
        played = played_behaviour(card.attrs.get("behaviour"), card.attrs.get("abilities"))
        if played is not None:  # its own behaviour, or its printed abilities' (issue 26)
            with_behaviour += 1
            assert stored._behaviour_objects is not None
            assert stored.behaviour == card.behaviour == Behaviour.from_mapping(played)
            assert stored.behaviour.lines() == card.behaviour.lines()
        else:
            assert stored._behaviour_objects is None and stored.behaviour.empty
    assert with_behaviour > 10
    shown = idx.select("1", shown=True)  # a card read for a table reads them with the rest of its row
    assert [c.keywords for c in shown] == [idx[c.id].keywords for c in shown]
    assert [c.behaviour for c in shown] == [idx[c.id].behaviour for c in shown]


def test_reused_when_nothing_changed(db_dir: Path) -> None:
    first = open_index([db_dir])
    again = open_index([db_dir])
    assert again.path == first.path
    assert Path(first.path).stat().st_mtime_ns == Path(again.path).stat().st_mtime_ns


def test_rebuilt_after_a_source_changes(db_dir: Path) -> None:
    first = open_index([db_dir])
    text = (db_dir / "MINTA.yaml").read_text("utf-8").replace("name: Wirg", "name: Wirg a farkas")
    (db_dir / "MINTA.yaml").write_text(text, encoding="utf-8")
    second = open_index([db_dir])
    assert second.path != first.path
    assert second.lookup("Wirg a farkas").card is not None
    assert second.lookup("Wirg").card is None


def test_truncated_index_is_rebuilt(db_dir: Path) -> None:
    first = open_index([db_dir])
    first.close()
    data = Path(first.path).read_bytes()
    Path(first.path).write_bytes(data[: len(data) // 3])
    again = open_index([db_dir])
    assert len(again) == SHIPPED_CARDS
    assert again.lookup("Wirg").card is not None


def test_garbage_and_incomplete_index_are_rebuilt(db_dir: Path) -> None:
    first = open_index([db_dir])
    first.close()
    Path(first.path).write_bytes(b"not a database at all" * 100)
    assert len(open_index([db_dir])) == SHIPPED_CARDS
    conn = sqlite3.connect(first.path)
    conn.execute("UPDATE meta SET value = '0' WHERE key = 'complete'")
    conn.commit()
    conn.close()
    assert len(open_index([db_dir])) == SHIPPED_CARDS


def test_database_with_errors_is_not_indexed() -> None:
    with pytest.raises(DataError) as exc:
        open_index([SETS / "missing-level"])
    assert exc.value.findings[0].code == "MK-DATA-REQUIRED"


def test_unwritable_cache_builds_in_memory(db_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(blocker))
    idx = open_index([db_dir])
    assert idx.path == ":memory:" and len(idx) == SHIPPED_CARDS


def test_cli_data_index(db_dir: Path) -> None:
    r = CliRunner().invoke(cli, ["data", "index", str(db_dir), "--format", "json"])
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert data["cards"] == SHIPPED_CARDS and data["index"].endswith(".sqlite")
    r = CliRunner().invoke(cli, ["data", "index", str(SETS / "missing-level")])
    assert r.exit_code == 1
    assert "MK-DATA-REQUIRED" in r.output


def test_same_size_same_mtime_edit_is_still_seen(db_dir: Path) -> None:
    import os

    path = db_dir / "MINTA.yaml"
    first = open_index([db_dir])
    st = path.stat()
    text = path.read_text("utf-8")
    path.write_text(text.replace("name: Wirg\n", "name: Wirk\n"), encoding="utf-8")  # same length
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # and the old modification time
    assert path.stat().st_size == st.st_size and path.stat().st_mtime_ns == st.st_mtime_ns
    second = open_index([db_dir])
    assert second.path != first.path
    assert second.lookup("Wirk").card is not None


def test_a_database_loaded_from_the_index_looks_up_like_one_that_folds_its_names(db_dir: Path) -> None:
    # the index's stored folded names and ids stand in for folding when the database is loaded
    from korbiro.data.cards import CardDatabase

    idx = open_index([db_dir])
    loaded, folded = idx.database(), CardDatabase(list(idx))
    assert loaded._by_fold == folded._by_fold and len(loaded._by_fold) == 2 * SHIPPED_CARDS
    # the index knows every card's kind: the table of exact names is made with the database
    assert loaded._exact_kinds is not None and folded._exact_kinds is None
    assert loaded.exact_kinds() == folded.exact_kinds()
    for query in ["tukorutveszto", "WIRG", "minta-004", "a sotet terito", "Wrig", "Nincs ilyen"]:
        a, b = loaded.lookup(query), folded.lookup(query)
        assert (a.card, a.ambiguous, a.suggestions, a.folded) == (b.card, b.ambiguous, b.suggestions, b.folded)
    with pytest.raises(ValueError, match=f"{SHIPPED_CARDS - 1} folded keys for {SHIPPED_CARDS} cards"):
        CardDatabase(list(idx), folded=[("x", "y")] * (SHIPPED_CARDS - 1))
