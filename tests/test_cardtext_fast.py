"""The free-text fast path of the card-text parser builds exactly what the grammar builds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from korbiro.grammar import cardtext


def both(text: str, first_column: int) -> tuple[object, object]:
    cardtext._parse_line_memo.cache_clear()
    fast = cardtext.check_card_text(text, path="a.yaml", first_line=7, first_column=first_column)
    cardtext._parse_line_memo.cache_clear()
    cardtext._FAST_FREE_TEXT = False
    try:
        slow = cardtext.check_card_text(text, path="a.yaml", first_line=7, first_column=first_column)
    finally:
        cardtext._FAST_FREE_TEXT = True
        cardtext._parse_line_memo.cache_clear()
    return fast, slow


def positions(result: tuple[object, list]) -> tuple[object, list]:  # type: ignore[type-arg]
    parsed, findings = result
    kws = None if parsed is None else [(k, k.line, k.column) for k in parsed]  # type: ignore[attr-defined]
    return kws, [(f.code, f.line, f.column, f.message) for f in findings]


@pytest.mark.parametrize("line", ['"Húzz egy lapot."', '  "x"  ', '""', '" "', '"a\\"b"', '„Húzz”', '"\u00a0x"',
                                  '"e\u0301"', '\t"tab"'])
def test_examples_agree(line: str) -> None:
    fast, slow = both(line, 5)
    assert positions(fast) == positions(slow)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40), st.sampled_from(["", " ", "  \t"]),
       st.integers(min_value=1, max_value=12))
def test_fast_path_agrees_with_grammar(inner: str, pad: str, col: int) -> None:
    fast, slow = both(f'{pad}"{inner}"{pad}', col)
    assert positions(fast) == positions(slow)
