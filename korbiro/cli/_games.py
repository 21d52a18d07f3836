"""The board-game commands built once: ``korbiro GAME moves|replay|show`` from the game's entry in the
registry of :mod:`korbiro.app.games`, the same one the web app asks.

:func:`add_commands` makes each command the entry declares (:attr:`~korbiro.app.games.BoardGame.commands`:
its argument and its options, in order) and runs it the same way for every game: the ``-o`` options read
by the game (a usage error of ``-o`` otherwise), the input read through the registry (each problem on
standard error, exit 2), the answer printed as text or JSON, the pictures written (``--svg``,
``--svg-dir``), and exit 1 when a record breaks a rule.  The help is the catalogue's: ``HELP.GAME.COMMAND``
and ``HELP.option.…`` for the options the games share, its English kept in :mod:`._gamehelp` too (click
builds the commands at every start: a command that prints no message reads no catalogue).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

import click

from ..app.games import GAMES, BoardGame, CommandShape, PlyError, Replay, Said, Source
from ..base.errors import KorbiroError
from ..base.i18n import catalogue, current, message
from ._common import Whole, echo_json, format_option, lang_option, max_findings_option
from ._gamehelp import HELP
from ._output import picture_dir, ply_path, write_output

__all__ = ["add_commands", "game", "file", "option_flag", "options", "fail"]

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def game(name: str) -> BoardGame:
    """The game *name* of the registry."""
    return GAMES[name]


def file(path: str) -> Source:
    """The file at *path* as a game's input (it may name other files: an XIG layout, an EXXIT position)."""
    return Source(path)


def _english(key: str) -> str:
    """The English of the help template *key*: kept in :mod:`._gamehelp` for the shipped games (no catalogue read
    at start-up), else the catalogue's (a help template takes no arguments: ``{{`` is a brace)."""
    kept = HELP.get(key)
    return kept if kept is not None else catalogue()[key]["en"].format()


def _exit(code: int) -> NoReturn:
    """Leave with *code*: ``SystemExit`` rather than ``ctx.exit``, which ``korbiro.cli.main`` (click's
    ``standalone_mode=False``) would return instead of passing on."""
    raise SystemExit(code)


def fail(board: BoardGame, exc: Exception) -> NoReturn:
    """Print why the input cannot be read (each problem, ``file:line:col: error CODE: message``) and exit 2."""
    said = board.problems(exc, current())
    if said is None:
        raise exc
    for line in said:
        click.echo(line, err=True)
    _exit(2)


def options(board: BoardGame, items: tuple[str, ...]) -> dict[str, str]:
    """The ``-o NAME=VALUE`` items, read by the game: one it does not take is a usage error of ``-o``."""
    try:
        return board.cli_options(items)
    except KorbiroError as exc:
        raise click.BadParameter(exc.text(current()), param_hint=board.option_hint) from None


def option_flag(board: BoardGame) -> Decorator:
    """``-o/--option NAME=VALUE`` (repeatable), its help the game's."""
    return click.option("-o", "--option", "option_items", multiple=True, metavar="NAME=VALUE", help=board.option_help)


def _argument(shape: CommandShape) -> Decorator:
    arg = shape.argument
    return click.argument(arg.name, metavar=arg.metavar, nargs=-1 if arg.many else 1, required=True,
                          type=click.Path(exists=arg.exists, dir_okay=False))


def _option(board: BoardGame, shape: CommandShape, name: str) -> Decorator:
    """The option *name* of a command of *board*, as the games share it."""
    if name == "format":
        return format_option(shape.formats)
    if name == "option":
        return option_flag(board)
    if name == "max-findings":
        return max_findings_option
    if name == "svg-dir":
        return click.option("--svg-dir", "svg_dir", default=None, metavar="DIR",
                            help=_english(f"HELP.option.--svg-dir.{board.unit}"))
    if name == "ply":
        return click.option("--ply", type=Whole(), default=None, metavar="N", help=_english(f"HELP.option.--ply.{board.unit}"))
    assert name == "svg", name
    return click.option("--svg", "svg_path", default=None, metavar="PATH", help=_english("HELP.option.--svg"))


def _command(board: BoardGame, name: str, run: Callable[..., None]) -> click.Command:
    """The command *name* of *board*: *run* under its argument and options, with its help."""
    shape = board.commands[name]
    for option in ("lang", *reversed(shape.options)):
        run = lang_option(run) if option == "lang" else _option(board, shape, option)(run)
    run = _argument(shape)(run)
    return click.command(name, help=_english(f"HELP.{board.name}.{name}"))(run)


def _echo(said: Said) -> None:
    if said.data is not None:
        echo_json(said.data)
    else:
        click.echo(said.out, nl=False)
    for note in said.notes:
        click.echo(note, err=True)


def _moves(board: BoardGame) -> click.Command:
    def moves(fmt: str, option_items: tuple[str, ...] = (), **given: Any) -> None:
        path = _one(given)
        values = options(board, option_items)
        try:
            said = board.said_moves(file(path), values, fmt, current())
        except (KorbiroError, OSError, UnicodeError) as exc:
            fail(board, exc)
        _echo(said)

    return _command(board, "moves", moves)


def _one(given: dict[str, Any]) -> str:
    """The command's one input path (its argument, whatever the game names it), the other values taken out."""
    for key in ("lang", "fmt"):
        given.pop(key, None)
    (path,) = given.values()
    return str(path)


def _replay(board: BoardGame) -> click.Command:
    def replay(max_findings: int, fmt: str = "text", svg_dir: str | None = None, option_items: tuple[str, ...] = (),
               **given: Any) -> None:
        given.pop("lang", None)
        (paths,) = given.values()
        paths = (paths,) if isinstance(paths, str) else tuple(paths)
        lang = current()
        if svg_dir is not None and len(paths) > 1:
            raise click.BadParameter(message("CLI.game.one-record", lang, n=len(paths)), param_hint="'--svg-dir'")
        values = options(board, option_items)
        replays, unreadable = _replays(board, paths, values, svg_dir)
        if fmt == "json":
            if len(paths) == 1 and replays:
                echo_json(replays[0].data(lang))
            elif replays or not unreadable:
                echo_json([r.data(lang) for r in replays])
        else:
            for r in replays:
                click.echo("".join(line + "\n" for line in r.text(max_findings, lang)), nl=False)
        if unreadable:
            _exit(2)
        if any(not r.valid for r in replays):
            _exit(1)

    return _command(board, "replay", replay)


def _replays(board: BoardGame, paths: tuple[str, ...], values: dict[str, str],
             svg_dir: str | None) -> tuple[list[Replay], bool]:
    """Each record replayed (and drawn into *svg_dir*); whether one could not be read.  A record that cannot
    be read stops the command (exit 2), or, where the game goes on (:attr:`BoardGame.replay_goes_on`), is
    said and left out."""
    replays: list[Replay] = []
    unreadable = False
    for path in paths:
        try:
            replays.append(board.replayed(file(path), values))
        except (KorbiroError, OSError, UnicodeError) as exc:
            if not board.replay_goes_on:
                fail(board, exc)
            said = board.problems(exc, current())
            if said is None:
                raise
            for line in said:
                click.echo(line, err=True)
            unreadable = True
            continue
        if svg_dir is not None:
            _pictures(replays[-1], svg_dir)
    return replays, unreadable


def _pictures(replay: Replay, folder: str) -> None:
    """One picture a ply of *replay* into *folder* (``ply-000.svg`` is the start)."""
    lang = current()
    pictures = replay.pictures(lang)
    plies = len(pictures) - 1
    picture_dir(folder, plies, (replay.path,))
    for ply, svg in enumerate(pictures):
        write_output(ply_path(folder, ply, plies), svg, option="--svg-dir")
    click.echo(message("CLI.game.wrote-pictures", lang, n=plies + 1, folder=folder), err=True)


def _show(board: BoardGame) -> click.Command:
    def show(ply: int | None, svg_path: str | None, fmt: str = "text", option_items: tuple[str, ...] = (),
             **given: Any) -> None:
        path = _one(given)
        lang = current()
        values = options(board, option_items)
        try:
            shown = board.shown(file(path), values, fmt, ply, lang)
        except PlyError as exc:
            raise click.BadParameter(exc.text(lang), param_hint="'--ply'") from None
        except (KorbiroError, OSError, UnicodeError) as exc:
            fail(board, exc)
        if svg_path is not None:  # first, so that a bad path stops the command before it prints
            write_output(svg_path, shown.picture(), option="--svg", inputs=(path,))
        _echo(shown.said)
        if svg_path is not None:
            click.echo(message("CLI.game.wrote", lang, path=svg_path), err=True)

    return _command(board, "show", show)


_BUILDERS = {"moves": _moves, "replay": _replay, "show": _show}


def add_commands(group: click.Group, name: str) -> None:
    """Add to *group* the ``moves``, ``replay`` and ``show`` commands of the game *name* (as its entry in the
    registry declares them)."""
    board = game(name)
    for command in board.commands:
        group.add_command(_BUILDERS[command](board))
