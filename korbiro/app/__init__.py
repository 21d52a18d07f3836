"""The application layer: the card game's use cases, one method each, between the faces and the rules.

The faces (:mod:`korbiro.cli`, :mod:`korbiro.web`) read their input, make one call on a
:class:`~korbiro.app.session.Session` and render the result it returns; the session holds what every use
case needs (the chosen card database and its index, the formats, the rule index), each loaded lazily and
once.  Errors are the :class:`~korbiro.base.errors.KorbiroError` subclasses the layers below raise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .results import Exchange, KeywordExplanation, RuleView
    from .session import Session

__all__ = ["Exchange", "KeywordExplanation", "RuleView", "Session"]


def __getattr__(name: str) -> Any:
    """The session's names, imported when first asked for: a board game's command (``app.games``) loads no
    session (start-up)."""
    if name == "Session":
        from .session import Session  # lazy: as the docstring says

        return Session
    if name in __all__:
        from . import results  # lazy: as above

        return getattr(results, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
