"""Perft counts pinned in ``tests/data/exxit.perft``, and checked against the plain reference.

Every count in the file is checked (the deepest takes a fraction of a second);
counts up to depth 3 are recomputed independently by the reference engine of
``test_exxit_reference.py``.
"""

from __future__ import annotations

import pytest
from layout import TESTS
from test_exxit_reference import ref_from, ref_perft

from korbiro.base.errors import DataError
from korbiro.rules.exxit import (
    Position,
    divide,
    dump_position,
    load_position_text,
    perft,
    perft_full,
)
from korbiro.rules.exxit.perft import PerftCase, load_perft_file, parse_perft_text

PERFT_FILE = TESTS / "data" / "exxit.perft"
CASES = load_perft_file(str(PERFT_FILE))


def test_the_file_pins_depth_three_or_more_from_the_start_and_several_middle_games() -> None:
    by_id = {c.id: c for c in CASES}
    assert max(by_id["start"].counts) >= 3
    middles = [c for c in CASES if c.id.startswith("middle-")]
    assert len(middles) >= 5
    assert all(max(c.counts) >= 3 for c in middles)
    assert {c.variant for c in CASES} | {c.position().variant for c in middles} >= {"standard", "expert"}


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_perft_counts(case: PerftCase) -> None:
    pos = case.position()
    for depth, expected in sorted(case.counts.items()):
        assert perft(pos, depth) == expected, f"{case.id} depth {depth}"
    # the position is left as it was
    assert pos == case.position()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_perft_counts_match_the_reference_to_depth_three(case: PerftCase) -> None:
    pos = case.position()
    if case.moves:  # the reference starts from a fresh history, so give the engine one too
        pos = load_position_text(dump_position(pos), options=pos.options)
    ref = ref_from(pos)
    for depth, expected in sorted(case.counts.items()):
        if depth <= 3:
            assert ref_perft(ref, depth) == expected, f"{case.id} depth {depth}"


def test_bulk_counting_and_full_perft_agree() -> None:
    for case in CASES[:6]:
        pos = case.position()
        for depth in (1, 2, 3):
            assert perft_full(pos, depth) == perft(pos, depth)


def test_divide_sums_to_perft() -> None:
    pos = Position()
    parts = divide(pos, 5)
    assert [str(m) for m, _ in parts] == ["drop 0,0", "drop 0,1", "drop 1,-1", "drop 1,0"]
    assert sum(n for _, n in parts) == perft(pos, 5) == 42


def test_perft_file_syntax_errors() -> None:
    with pytest.raises(DataError, match="expected 'id NAME' first"):
        parse_perft_text("perft 1 4\n", "x.perft")
    with pytest.raises(DataError) as err:
        parse_perft_text("id a\nvariant standard\nperft one 4\n", "x.perft")
    assert err.value.line == 3
    with pytest.raises(DataError, match="unknown line 'frobnicate'"):
        parse_perft_text("id a\nfrobnicate\n", "x.perft")
