"""The application layer: the card game's use cases, one method each, between the faces and the rules.

The faces (:mod:`korbiro.cli`, :mod:`korbiro.web`) read their input, make one call on a
:class:`~korbiro.app.session.Session` and render the result it returns; the session holds what every use
case needs (the chosen card database and its index, the formats, the rule index), each loaded lazily and
once.  Errors are the :class:`~korbiro.base.errors.KorbiroError` subclasses the layers below raise.
"""

from __future__ import annotations

from .session import Exchange, KeywordExplanation, RuleView, Session

__all__ = ["Exchange", "KeywordExplanation", "RuleView", "Session"]
