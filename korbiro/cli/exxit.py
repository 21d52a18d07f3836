"""``korbiro exxit``: legal moves, record replays, perft and pictures of EXXIT positions.

``moves``, ``replay`` and ``show`` are built from EXXIT's entry in the registry of board games
(:mod:`korbiro.cli._games`, :mod:`korbiro.app.games`); ``perft`` is EXXIT's own.  Every command takes
``--lang en|hu``: the words it prints, and the ``message`` fields of its JSON, come from the game's
message catalogue (``korbiro/rules/exxit/messages.yaml``) in that language.
"""

from __future__ import annotations

import click

from ..app.games.exxit import Exxit
from ..base.errors import KorbiroError
from ..base.i18n import current
from ..rules.exxit import divide, perft
from ..rules.exxit.messages import say
from ._common import Whole, echo_json, format_option, lang_option
from ._games import add_commands, fail, file, game, option_flag, options


@click.group("exxit", context_settings={"help_option_names": ["-h", "--help"]})
def exxit() -> None:
    """EXXIT: legal moves, record replays, perft and pictures of positions.

    POSITION is a position file (YAML: variant, to_move, tiles, stacks,
    reserves, stock); RECORD is a game record (headers, then one move per line).
    Moves are written 'dance Q,R DIR', 'drop Q,R', 'exchange Q,R', 'tile Q,R'
    (expert setup) and 'pass'; directions are e, ne, nw, w, sw, se.  Formats
    and rules: docs/exxit.md.

    Every command takes --lang en|hu (default: korbiro.toml's lang, else the
    locale, else English) for its messages; codes and rule ids stay as they are.

    Exit codes: 0 ok, 1 the record breaks a rule, 2 usage error or unreadable
    input.
    """


add_commands(exxit, "exxit")


def exxit_game() -> Exxit:
    """EXXIT in the registry of board games."""
    found = game("exxit")
    assert isinstance(found, Exxit)
    return found


@exxit.command("perft")
@click.argument("position", type=click.Path(exists=True, dir_okay=False))
@click.argument("depth", type=Whole(0, 64))
@click.option("--divide", "do_divide", is_flag=True, help="Count separately after each legal move.")
@format_option(("text", "json"))
@option_flag(exxit_game())
@lang_option
def perft_cmd(position: str, depth: int, do_divide: bool, fmt: str, option_items: tuple[str, ...],
              lang: str | None) -> None:
    """Count the legal move sequences of DEPTH moves from POSITION."""
    board = exxit_game()
    values = options(board, option_items)
    try:
        pos = board.position(file(position), values)
    except KorbiroError as exc:
        fail(board, exc)
    if do_divide and depth >= 1:
        parts = [(str(m), n) for m, n in divide(pos, depth)]
        total = sum(n for _, n in parts)
        if fmt == "json":
            echo_json({"depth": depth, "nodes": total, "divide": dict(parts)})
            return
        for m, n in parts:
            click.echo(f"{m}: {n}")
        click.echo("")
        click.echo(say("EXXIT.perft.total", current(), n=total))
        return
    nodes = perft(pos, depth)
    if fmt == "json":
        echo_json({"depth": depth, "nodes": nodes})
    else:
        click.echo(str(nodes))
