"""The board games' use cases, built once for both faces: a registry of EXXIT, XIG and Zen.

Each game is one small object over its library (:data:`GAMES`, by name): its title, its
:class:`~korbiro.rules.boardgame.Board` class, how it reads a position file and a game record, and
what the faces ask of it: ``moves`` and ``replay`` (the JSON of ``korbiro GAME moves/replay
--format json``), ``picture`` (the SVG ``korbiro GAME show … --svg`` writes) and ``view`` (what a
game's web page shows: the position after one ply, its legal moves and the replay's violations ply
by ply).  Every word in the answers is in the language asked for (the chosen language by default).

The input is a :class:`Source`: a file the command line names, or text the web app was given.  Text
never names a file: a record's ``position:`` header or an XIG layout file is a problem of the input.

The command line's ``korbiro GAME moves|replay|show`` are built once (``cli/_games.py``) from each
entry's :attr:`BoardGame.commands` (each command's argument and options, as data) and its answers in
text: :meth:`BoardGame.said_moves`, :meth:`BoardGame.replayed` (a :class:`Replay`) and
:meth:`BoardGame.shown` (a :class:`Shown`).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, MutableMapping

from .common import (
    Argument,
    BoardGame,
    CommandShape,
    PlyError,
    Replay,
    Said,
    Shown,
    Source,
    View,
    check_ply,
)

__all__ = ["GAMES", "Argument", "BoardGame", "CommandShape", "PlyError", "Registry", "Replay", "Said", "Shown", "Source",
           "View", "check_ply"]


class Registry(MutableMapping[str, BoardGame]):
    """The board games by name, each made when first asked for: a command of one game imports that game
    alone (start-up), a page that lists them all asks each."""

    def __init__(self, where: Mapping[str, str]) -> None:
        #: name -> ``module:Class`` of its entry ("" for an entry given as it is)
        self._where = dict(where)
        self._made: dict[str, BoardGame] = {}

    def __getitem__(self, name: str) -> BoardGame:
        game = self._made.get(name)
        if game is None:
            module, _, cls = self._where[name].partition(":")
            game = self._made[name] = getattr(importlib.import_module(module), cls)()
        return game

    def __setitem__(self, name: str, game: BoardGame) -> None:
        self._where[name] = ""
        self._made[name] = game

    def __delitem__(self, name: str) -> None:
        del self._where[name]
        self._made.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


#: the board games, by name
GAMES = Registry({name: f"{__name__}.{name}:{cls}" for name, cls in (("exxit", "Exxit"), ("xig", "Xig"), ("zen", "Zen"))})
