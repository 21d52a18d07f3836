"""The benchmarks' generated database is what the schema accepts (benchmarks/gen_db.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from layout import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

from gen_db import MAX_PER_FILE, generate  # noqa: E402

from korbiro.data.check import check_database  # noqa: E402


def test_generated_database_is_clean(tmp_path: Path) -> None:
    files = generate(40, tmp_path, per_file=16)
    report = check_database(files, use_cache=False)
    assert report.card_count == 40 and report.findings == []


def test_no_card_gets_a_five_digit_id(tmp_path: Path) -> None:
    # card 10,000 of one file would be GEN001-10000, which the schema's id pattern refuses
    with pytest.raises(ValueError, match="3–4 digit"):
        generate(10, tmp_path, per_file=MAX_PER_FILE + 1)
