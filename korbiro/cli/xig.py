"""``korbiro xig``: replay XIG game records, list legal plays, draw Pathways.

``moves``, ``replay`` and ``show`` are built from XIG's entry in the registry of board games
(:mod:`korbiro.cli._games`, :mod:`korbiro.app.games`).  Exit codes: 0 legal (or shown), 1 the record
breaks rules, 2 usage error or a file that cannot be read as a record or position (every problem
printed as ``file:line:column`` on stderr).  Every command takes ``--lang en|hu``: the words it prints,
and the ``message`` fields of its JSON, come from the game's message catalogue
(``korbiro/rules/xig/messages.yaml``) in that language.
"""

from __future__ import annotations

import click

from ._games import add_commands


@click.group("xig")
def xig() -> None:
    """XIG: The Four Elements: legal plays, protection and game-record replays.

    Rules are cited by paragraph id and rulebook section, e.g. "XIG 5.2
    (Protected Tiles)"; docs/xig.md indexes them and documents the record
    notation and every named option.

    Every command takes --lang en|hu (default: korbiro.toml's lang, else the
    locale, else English) for its messages, which use the Hungarian
    rulebook's words; codes and rule ids stay as they are.
    """


add_commands(xig, "xig")
