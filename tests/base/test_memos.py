"""The memos of long-lived processes keep only short strings: a process that is sent texts (``korbiro serve``'s
workers, a fuzz run) does not grow with them (the fuzz run of issue 25 grew one process to 24 GB)."""

from __future__ import annotations

from korbiro.base import text
from korbiro.grammar import cardtext


def test_fold_remembers_short_strings_only() -> None:
    text._fold_memo.cache_clear()
    longs = [f"Tükör{i} " + "útvesztő " * 2000 for i in range(20)]
    assert [text.fold(s) for s in longs] == [text._fold(s) for s in longs]
    assert text._fold_memo.cache_info().currsize == 0
    assert text.fold("  Tükörútvesztő ") == "tukorutveszto"
    assert text._fold_memo.cache_info().currsize == 1


def test_card_text_remembers_short_lines_only() -> None:
    cardtext._parse_line_memo.cache_clear()
    line = 'ÁLLANDÓ "' + "Saját kalandozóid Fizikuma +1. " * 30 + '"'
    long_kw = cardtext.parse_card_text(line)
    assert [k.keyword for k in long_kw] == ["ÁLLANDÓ"]
    cardtext.parse_card_text("FAL 3")
    assert cardtext._parse_line_memo.cache_info().currsize == 1
