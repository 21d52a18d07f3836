"""The free-text fast path of the card-text parser builds exactly what the grammar builds."""

from __future__ import annotations

from pathlib import Path

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


# ------------------------------------------------------------- keyword lines written canonically

from test_cardtext import _any_keyword  # noqa: E402 - the keyword strategy of the round-trip tests

from korbiro.grammar.keywords import KEYWORD_CLASSES  # noqa: E402


@settings(max_examples=200, deadline=None)
@given(_any_keyword, st.sampled_from(["", " ", "\t "]), st.integers(min_value=1, max_value=12))
def test_a_canonical_keyword_line_is_read_as_the_grammar_reads_it(keyword: object, pad: str, col: int) -> None:
    """Why (issue 16): a cold data check imported lark (a twentieth of the whole command) although
    every keyword line of the database was written as korbiro writes it."""
    fast, slow = both(pad + keyword.render() + pad, col)  # type: ignore[attr-defined]
    assert positions(fast) == positions(slow)
    assert fast[0] is not None and list(fast[0]) == [keyword]


_MANGLE = st.sampled_from([
    lambda s: s.lower(), lambda s: s.replace(" ", "  ", 1), lambda s: s + " x", lambda s: s.replace("3", "03"),
    lambda s: s.replace('"', "„", 1), lambda s: s.replace("]", "] ", 1), lambda s: s.replace("[", "[ ", 1),
    lambda s: s.replace(" ", "\u00a0"), lambda s: s[:-1], lambda s: s.replace("Á", "A"), lambda s: s + '"',
    lambda s: s.replace(" MP", "MP"), lambda s: s.replace("II", "2"), lambda s: "[] " + s, lambda s: s + " 0",
])


@settings(max_examples=200, deadline=None)
@given(_any_keyword, _MANGLE)
def test_a_keyword_line_written_otherwise_is_left_to_the_grammar(keyword: object, mangle: object) -> None:
    line = mangle(keyword.render())  # type: ignore[attr-defined, operator]
    fast, slow = both(line, 3)
    assert positions(fast) == positions(slow)


@pytest.mark.parametrize("cls", KEYWORD_CLASSES, ids=[c.__name__ for c in KEYWORD_CLASSES])
def test_each_keyword_class_has_a_shape_or_is_the_parsers(cls: type) -> None:
    from korbiro.grammar import cardtext

    shapes = cardtext._shapes()
    known = {*shapes.plain.values(), *shapes.conditioned.values(), *(c for c, _ in shapes.quoted.values()),
             *shapes.numeric.values()}
    special = {"Raepites", "Antissjaras", "Szellem", "FreeText"}  # their own shapes, or the parser's
    assert (cls in known) != (cls.__name__ in special)


def test_a_database_of_canonical_lines_is_checked_without_lark(tmp_path: Path) -> None:
    import subprocess
    import sys

    (tmp_path / "ZZ1.yaml").write_text("""\
set: {code: ZZ1, name: Próba}
cards:
  - {id: ZZ1-001, name: Próba Kaland, type: küldetés, subtype: null, mp: 0, dp: 6, text: "EXPEDÍCIÓ 2\\n\\"Húzz.\\""}
  - id: ZZ1-002
    name: Próba Torony
    type: toronyszint
    subtype: null
    mp: 4
    dp: null
    fal: 3
    text: |
      FAL 3
      NEM SZAKÍTHAT MEG IDŐFONALAT
      ÁLLANDÓ "Kalandozóid szintje 1-gyel nő."
""", "utf-8")
    probe = ("import sys\nfrom korbiro.data.check import check_database\n"
             "r = check_database([sys.argv[1]], use_cache=False)\n"
             "print([f.code for f in r.findings], 'lark' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", probe, str(tmp_path)], capture_output=True, text=True, check=True)
    assert out.stdout == "[] False\n", out.stderr
