"""The ``korbiro`` command line: a thin click layer over the library.

Sub-commands are imported lazily so that ``korbiro --help`` and each command
start quickly; no game logic lives here.  Exit codes (contract): 0 clean or
legal, 1 findings, 2 usage error or unreadable input, 3 internal error.
"""

from __future__ import annotations

import codecs
import gc
import importlib
import os
import sys
from typing import Any

import click

from ..base.version import __version__

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
    "exxit": ("korbiro.cli.exxit", "exxit", "EXXIT: legal moves, replays, perft."),
    "xig": ("korbiro.cli.xig", "xig", "XIG: The Four Elements: legal plays and replays."),
    "zen": ("korbiro.cli.zen", "zen", "Zen: legal moves, replays and scoring."),
    "serve": ("korbiro.cli.serve", "serve", "Serve the judge's table: a local web app and a JSON API."),
}

_DEBUG = False


class LazyGroup(click.Group):
    """A group whose sub-commands are imported only when used."""

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
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx) if name in COMMANDS]
        if rows:
            with formatter.section("Commands"):
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
    """
    from ..base import i18n  # lazy: start-up (the command's --lang chooses again)

    global _DEBUG
    _DEBUG = debug or bool(os.environ.get("KORBIRO_DEBUG"))
    printable_streams()
    i18n.choose(None)


def _printable(exc: UnicodeError) -> tuple[bytes, int]:
    """The codec error handler of standard output and error (see :func:`printable_streams`)."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = bytearray()
    for ch in exc.object[exc.start:exc.end]:
        cp = ord(ch)
        if 0xDC80 <= cp <= 0xDCFF:  # an undecodable byte of a file name or an argument: the byte itself
            out.append(cp - 0xDC00)
        else:  # a character the terminal's encoding lacks: its escape
            out += (f"\\u{cp:04x}" if cp <= 0xFFFF else f"\\U{cp:08x}").encode("ascii")
    return bytes(out), exc.end


def printable_streams() -> None:
    """Let standard output and error print every text korbiro makes, in any terminal encoding.

    A file name or an argument with bytes that are not UTF-8 comes back as
    those bytes (as ``ls`` shows them); a character a terminal's encoding
    cannot show (``ő`` under ``PYTHONIOENCODING=latin-1``) as ``\\u0151``.
    """
    codecs.register_error("korbiro", _printable)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="korbiro")
            except (AttributeError, ValueError, OSError):  # a stream that cannot change: leave it
                pass


def _catalogue_keeper() -> Any:
    """korbiro's cache, keeper of the merged message catalogue between runs (``i18n.keeper``)."""
    from ..data.cache import catalogue_keeper  # lazy: only a command that makes a message reads it

    return catalogue_keeper()


def main(argv: list[str] | None = None) -> Any:
    """Console entry point: run the CLI and map every outcome to an exit code."""
    from ..base import i18n, notes
    from ..base.errors import KorbiroError

    printable_streams()
    notes.reset()
    i18n.choose(None)
    i18n.keeper = _catalogue_keeper
    code = 0
    try:
        # without standalone mode click returns ctx.exit()'s code instead of exiting
        rv = cli.main(args=argv, prog_name="korbiro", standalone_mode=False)
        code = rv if isinstance(rv, int) and not isinstance(rv, bool) else 0
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.ClickException as exc:
        exc.show()
        code = 2 if isinstance(exc, click.UsageError) else exc.exit_code
        if code == 1 and not isinstance(exc, click.UsageError):
            code = 2
    except click.Abort:
        click.echo("Aborted!", err=True)
        code = 1
    except KorbiroError as exc:
        from ._common import error_line  # lazy: start-up

        click.echo(error_line(exc.text(i18n.current())), err=True)
        code = 2
    except BrokenPipeError:
        _silence_broken_pipe()
        code = 1
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        code = 130
    except Exception as exc:  # noqa: BLE001 - the last line of defence
        if _DEBUG:
            import traceback

            traceback.print_exc()
        click.echo(
            f"korbiro: internal error ({type(exc).__name__}: {exc}).\n"
            "This is a bug in korbiro; please report it with the command you ran. "
            "Run again with --debug to see the traceback.",
            err=True,
        )
        code = 3
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_broken_pipe()
    if argv is None:
        # The process ends (korbiro's own command line): what the command made is freed as the
        # interpreter shuts down, without the collector walking it first (after a data check of
        # 10,000 cards that walk alone took 80 ms).  Called from Python with arguments, the caller
        # goes on, and what the command made must stay collectable (its index's file included).
        gc.freeze()
    sys.exit(code)


def _silence_broken_pipe() -> None:
    # The reader went away (``korbiro … | head -1``): point stdout at devnull
    # so the interpreter's final flush does not print a traceback.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass
