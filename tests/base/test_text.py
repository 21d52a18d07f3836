"""korbiro/base/text.py: folding, against its definition."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from korbiro.base import text
from korbiro.base.text import close_matches, fold

_SPACES = re.compile(r"\s+")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u201e": '"', "\u201d": '"',
                         "\u201c": '"', "\u2013": "-", "\u2014": "-"})


def defined_fold(s: str) -> str:
    """The definition: NFKD, every combining character dropped, casefolded, single spaces, plain quotes."""
    s = unicodedata.normalize("NFKD", s.translate(_QUOTES))
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    return _SPACES.sub(" ", s.casefold()).strip()


@settings(max_examples=200, deadline=None)
@given(st.text() | st.text(alphabet="aáeéiíoóöőuúüűAÁÉŐŰ `’„”–\u0301\u0308 \t"))
def test_fold_is_its_definition(s: str) -> None:
    assert text._fold(s) == defined_fold(s)


@pytest.mark.fuzz
@settings(max_examples=1000, deadline=None)
@given(st.text() | st.text(alphabet="aáeéiíoóöőuúüűAÁÉŐŰ `’„”–\u0301\u0308 \t"))
def test_fold_is_its_definition_long(s: str) -> None:
    test_fold_is_its_definition.hypothesis.inner_test(s=s)


def test_fold_examples() -> None:
    assert fold("  Tükörútvesztő ") == "tukorutveszto" == fold("TUKORUTVESZTO")
    assert fold("Urza’s  `x`") == "urza's 'x'"


def test_the_latin_marks_are_the_combining_characters_of_their_block() -> None:
    from korbiro.base.text import _LATIN_MARKS

    block = [chr(c) for c in range(0x300, 0x370)]
    assert [ch for ch in block if _LATIN_MARKS.fullmatch(ch)] == [ch for ch in block if unicodedata.combining(ch)]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text() | st.text(alphabet="aáőŰ `’„\u0301\u0308 \t\x00\x1f\u00a0")))
def test_fold_all_is_fold_of_each(strings: list[str]) -> None:
    from korbiro.base.text import fold_all

    assert fold_all(strings) == [text._fold(s) for s in strings]


@pytest.mark.fuzz
@settings(max_examples=500, deadline=None)
@given(st.lists(st.text() | st.text(alphabet="aáőŰ `’„\u0301\u0308 \t\x00\x1f\u00a0")))
def test_fold_all_is_fold_of_each_long(strings: list[str]) -> None:
    test_fold_all_is_fold_of_each.hypothesis.inner_test(strings=strings)


def test_fold_all_examples() -> None:
    from korbiro.base.text import fold_all

    assert fold_all(["  Tükörútvesztő ", " ", "A \u0301b", "x\x00Y", "Urza’s"]) == [
        "tukorutveszto", "", "a b", "x\x00y", "urza's"]
    assert fold_all(["\u0301", "e\u0301", " "]) == ["", "e", ""]


# ------------------------------------------------------------------ did-you-mean


@given(st.text(max_size=40), st.lists(st.text(min_size=1, max_size=12), max_size=8),
       st.sampled_from([0.5, 0.6, 0.8]))
def test_close_matches_answers_as_difflib(word: str, choices: list[str], cutoff: float) -> None:
    """The length shortcut never changes an answer: it only skips comparisons that cannot reach *cutoff*."""
    import difflib

    assert close_matches(word, choices, cutoff=cutoff) == difflib.get_close_matches(word, choices, cutoff=cutoff)


def test_a_name_far_longer_than_every_card_name_is_compared_with_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the fuzz run: ``card show`` of a 30 MB name took 4 GB and 90 s in difflib, which indexes the whole
    name before it compares; no card name is close to it, so nothing is compared."""
    import difflib

    from korbiro.data.check import load_database

    db = load_database()
    assert db.suggest("Wirgg") == ["Wirg"]

    def refuse(*args: object, **kwargs: object) -> list[str]:
        raise AssertionError("compared")

    monkeypatch.setattr(difflib, "get_close_matches", refuse)
    longest = max(len(c.name) for c in db.cards)
    assert db.suggest("x" * (3 * longest + 2)) == []
    assert close_matches("x" * 30_000_000, ["Wirg"]) == []
