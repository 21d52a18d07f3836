"""The board-game commands' way to the registry of :mod:`korbiro.app.games`.

``korbiro exxit|xig|zen`` read their input through the game's entry in the registry, the same one
the web app asks; it is imported when a command first needs it (it imports every board game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import click

from ..base.errors import UsageError
from ..base.i18n import current

if TYPE_CHECKING:
    from ..app.games import BoardGame, Source

G = TypeVar("G", bound="BoardGame")


def game(name: str, kind: type[G]) -> G:
    """The game *name* of the registry, as its class *kind*."""
    from ..app.games import GAMES  # lazy: the registry imports every board game

    found = GAMES[name]
    assert isinstance(found, kind)
    return found


def file(path: str) -> Source:
    """The file at *path* as a game's input (it may name other files: an XIG layout, an EXXIT position)."""
    from ..app.games import Source  # lazy: the registry imports every board game

    return Source(path)


def check_ply(ply: int, plies: int, path: str, *, unit: str = "ply") -> None:
    """``--ply N`` names a ply of the record (a usage error of ``--ply`` otherwise, in the chosen language)."""
    from ..app.games import check_ply as check  # lazy: the registry imports every board game

    try:
        check(ply, plies, path, unit)
    except UsageError as exc:
        raise click.BadParameter(exc.text(current()), param_hint="'--ply'") from None
