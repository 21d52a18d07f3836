"""How much korbiro says at most: the limits that keep a report readable and a check linear.

A module of its own, with nothing to import, so that the command line's quickest paths
(a replayed answer, :mod:`korbiro.cli.answers`) know them without the finding machinery.
"""

from __future__ import annotations

__all__ = ["DEFAULT_MAX_FINDINGS", "HINT_BUDGET"]

#: the findings shown per file unless ``--max-findings`` says otherwise (yamllint caps its output too)
DEFAULT_MAX_FINDINGS = 1000
#: did-you-mean hints looked for per file: each compares a name with every candidate, so a file with
#: hundreds of thousands of unknown names would cost minutes; past the budget a finding has no hint
HINT_BUDGET = 1000
