"""Counting the calls of a function, for the tests that check how often the engine does something."""

from __future__ import annotations

import pytest


def counting(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    """Count the calls of *module*'s function *name* (as the engine calls it: through the module)."""
    source = str(getattr(module, "__file__", "") or "")
    assert source.endswith(".py"), (f"{source}: a compiled module calls its functions directly, so counting them "
                                    "sees none: mark the test pytest.mark.pure_python")
    calls: list[int] = []
    original = getattr(module, name)

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls
