"""The board games of the web app: the registry of :mod:`korbiro.app.games`, asked with text.

Each game's ``moves`` and ``replay`` return the JSON of ``korbiro GAME moves/replay --format
json``; ``picture`` is the SVG ``korbiro GAME show … --svg`` writes; ``view`` is what the game's
page shows.  The web app gives text, never a file: a record's ``position:`` header or an XIG layout
file is a problem of the input.  Every word comes in the request's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..app import games as registry
from ..app.games import Source, View

__all__ = ["GAMES", "BoardGame"]


class BoardGame:
    """A game of :data:`korbiro.app.games.GAMES` asked with text named *path*."""

    def __init__(self, game: registry.BoardGame) -> None:
        self.game = game
        self.name = game.name
        self.title = game.title

    def moves(self, text: str, path: str, options: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
        return self.game.moves(Source(path, text), options, lang)

    def replay(self, text: str, path: str, options: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
        return self.game.replay(Source(path, text), options, lang)

    def view(self, text: str, path: str, options: Mapping[str, str], ply: int | None, lang: str | None = None) -> View:
        return self.game.view(Source(path, text), options, ply, lang)

    def picture(self, text: str, path: str, options: Mapping[str, str], ply: int | None,
                lang: str | None = None) -> str:
        return self.game.picture(Source(path, text), options, ply, lang)


GAMES: dict[str, BoardGame] = {name: BoardGame(game) for name, game in registry.GAMES.items()}
