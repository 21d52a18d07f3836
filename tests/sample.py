"""How many cards the shipped sample holds: the tests that print or count the whole sample read it here,
so that a card added to the sample (issue 26 adds many) changes no expectation by hand."""

from __future__ import annotations

import re
from pathlib import Path

_SAMPLE = Path(__file__).resolve().parent.parent / "korbiro" / "data" / "mk" / "cards" / "MINTA.yaml"

#: the number of cards of korbiro/data/mk/cards/MINTA.yaml (its `- id:` lines)
SAMPLE_CARDS = len(re.findall(r"^  - id: ", _SAMPLE.read_text("utf-8"), re.M))
