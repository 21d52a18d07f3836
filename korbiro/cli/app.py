"""The ``korbiro`` click group: every sub-command, imported only when it is used.

:func:`korbiro.cli.main` runs it (after a stored answer could not be replayed,
:mod:`korbiro.cli.answers`); ``korbiro --help`` imports no command.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

import click

from ..base import i18n
from ..base.version import __version__
from . import clickwords, printable_streams

clickwords.install()

#: name -> (module, attribute, one-line help).  The help is repeated here so
#: that ``korbiro --help`` does not import every command.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "data": ("korbiro.cli.data", "data", "Check and index card databases."),
    "card": ("korbiro.cli.card", "card", "Look cards up."),
    "deck": ("korbiro.cli.deck", "deck", "Check deck legality."),
    "resolve": ("korbiro.cli.resolve", "resolve", "Resolve ruling scenarios on the timeline (időfonal)."),
    "rule": ("korbiro.cli.rule", "rule", "Show and search the rulebook."),
    "keyword": ("korbiro.cli.rule", "keyword", "Explain card keywords."),
    "game": ("korbiro.cli.game", "game", "Decide game results."),
    "play": ("korbiro.cli.play", "play", "Play a whole game with random legal actions."),
    "sim": ("korbiro.cli.sim", "sim", "Test two decks against each other over many played games."),
    "exxit": ("korbiro.cli.exxit", "exxit", "EXXIT: legal moves, replays, perft."),
    "xig": ("korbiro.cli.xig", "xig", "XIG: The Four Elements: legal plays and replays."),
    "zen": ("korbiro.cli.zen", "zen", "Zen: legal moves, replays and scoring."),
    "serve": ("korbiro.cli.serve", "serve", "Serve the judge's table: a local web app and a JSON API."),
}

_DEBUG = False


class LazyGroup(click.Group):
    """A group whose sub-commands are imported only when used."""

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        if parent is None:  # a run begins: the language of its command line (korbiro.cli.main), else the locale's
            i18n.choose(clickwords.early)
        return super().make_context(info_name, args, parent, **extra)

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = set(super().list_commands(ctx))
        names.update(name for name, spec in COMMANDS.items() if _available(spec[0]))
        return sorted(names)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            return cmd
        spec = COMMANDS.get(cmd_name)
        if spec is None or not _available(spec[0]):
            return None
        module = importlib.import_module(spec[0])
        command = getattr(module, spec[1])
        assert isinstance(command, click.Command)
        clickwords.localize(command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        lang = i18n.current()
        rows = [(name, COMMANDS[name][2] if lang == "en" else clickwords.help_text(
            f"HELP.{name}.short", COMMANDS[name][2], lang) or "") for name in self.list_commands(ctx) if name in COMMANDS]
        if rows:
            with formatter.section(clickwords.gettext("Commands")):
                formatter.write_dl(rows)


def _available(module: str) -> bool:
    from importlib.util import find_spec

    try:
        return find_spec(module) is not None
    except ModuleNotFoundError:
        return False


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="korbiro")
@click.option("--debug", is_flag=True, help="Show the traceback of internal errors.")
def cli(debug: bool) -> None:
    """korbiro: the round's referee.

    Rules checks and card-database tools for M.A.G.U.S. Kártyajáték, and legal
    moves and game-record replays for EXXIT, XIG and Zen.  Every verdict names
    the rule it rests on.

    Exit codes: 0 clean or legal, 1 findings, 2 usage error or unreadable
    input, 3 internal error.

    Output files (--svg, --svg-dir, --state-out, --scenario-out) are written
    atomically, only to a regular file or a new path, and never over an input
    of the command (a file it names or reads, the card database; the same file
    by another path, a symbolic link or a hard link) nor over another output
    of the same run: such a path is a usage error (exit 2).
    """
    from ..base.reads import recording  # lazy: start-up

    # the files the command reads are inputs that none of its outputs may overwrite (_common.check_outputs)
    click.get_current_context().with_resource(recording())
    global _DEBUG
    _DEBUG = debug or bool(os.environ.get("KORBIRO_DEBUG"))
    printable_streams()
    i18n.choose(clickwords.early)  # the --lang of the command line (korbiro.cli.main), else the locale


cli.context_class = clickwords.Context


def debugging() -> bool:
    """Whether internal errors show their traceback (``--debug`` or ``$KORBIRO_DEBUG``)."""
    return _DEBUG or bool(os.environ.get("KORBIRO_DEBUG"))
