"""Where things are, for tests in any folder of the mirror: the checkout (``ROOT``) and the tests folder
(``TESTS``, with its ``data/``, ``golden/`` and ``bad_inputs/``)."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
