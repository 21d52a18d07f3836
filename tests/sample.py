"""The shipped sample database's size, counted from its set file, for tests that state it: the sample grows
as sample cards are added (issue 26), and a test of how many cards a command saw should not change then."""

from __future__ import annotations

import re

from korbiro.data.paths import shipped_db_path

#: how many cards the shipped sample set (MINTA.yaml) holds
SHIPPED_CARDS = len(re.findall(r"^  - id: ", (shipped_db_path() / "MINTA.yaml").read_text("utf-8"), re.M))
