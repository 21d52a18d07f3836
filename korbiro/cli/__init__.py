"""The ``korbiro`` command line: a thin layer over the library.

:func:`main` first offers the run to :mod:`~korbiro.cli.answers`, which
answers a plain ``data check`` without click (and a re-check of an unchanged
database from its stored answer, without the YAML parser or the schemas
either); otherwise it runs the click group :data:`cli` (:mod:`korbiro.cli.app`),
whose sub-commands are imported lazily so that ``korbiro --help`` and each
command start quickly.  No game logic lives here.  Exit codes (contract): 0
clean or legal, 1 findings, 2 usage error or unreadable input, 3 internal error.
"""

from __future__ import annotations

import codecs
import gc
import os
import sys
from typing import Any

__all__ = ["cli", "main", "printable_streams"]


def __getattr__(name: str) -> Any:
    """``korbiro.cli.cli``, the click group, imported when first asked for (:mod:`korbiro.cli.app`)."""
    if name in ("cli", "COMMANDS", "LazyGroup"):
        from . import app  # lazy: a replayed answer needs no click

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    try:
        code = _direct(sys.argv[1:] if argv is None else list(argv))
        if code is None:
            code = _run(argv)
    except KorbiroError as exc:
        from ._common import error_line  # lazy: start-up

        _say(error_line(exc.text(i18n.current())))
        code = 2
    except BrokenPipeError:
        _silence_broken_pipe()
        code = 1
    except KeyboardInterrupt:
        _say(_said("CLI.interrupted", "Interrupted."))
        code = 130
    except Exception as exc:  # noqa: BLE001 - the last line of defence
        from . import app  # lazy: the click group knows whether --debug was given

        if app.debugging():
            import traceback  # lazy: only an internal error shows one

            traceback.print_exc()
        english = (f"korbiro: internal error ({type(exc).__name__}: {exc}).\n"
                   "This is a bug in korbiro; please report it with the command you ran. "
                   "Run again with --debug to see the traceback.")
        _say(_said("CLI.internal-error", english, error=f"{type(exc).__name__}: {exc}"))
        code = 3
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_broken_pipe()
    i18n.choose(None)  # said: a caller that goes on (a test) is not left in this run's language
    if argv is None:
        # The process ends (korbiro's own command line): what the command made is freed as the
        # interpreter shuts down, without the collector walking it first (after a data check of
        # 10,000 cards that walk alone took 80 ms).  Called from Python with arguments, the caller
        # goes on, and what the command made must stay collectable (its index's file included).
        gc.freeze()
    sys.exit(code)


def _said(key: str, english: str, **args: Any) -> str:
    """The template *key* in the language chosen; *english* where the catalogue itself cannot be read
    (the last lines of :func:`main` must not fail in turn)."""
    from ..base import i18n

    try:
        return english if i18n.current() == "en" else i18n.message(key, i18n.current(), **args)
    except Exception:  # noqa: BLE001 - a broken catalogue: the English, made without it
        return english


def _say(line: str) -> None:
    """A line on standard error (as ``click.echo(…, err=True)``, without importing click)."""
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def _direct(args: list[str]) -> int | None:
    """The exit code of a run answered without click (:func:`korbiro.cli.answers.run`), else ``None``."""
    if args[:2] != ["data", "check"]:
        return None  # the only command answered there: the others import nothing of it
    from .answers import run  # lazy: only here, before click is imported

    return run(args)


def _run(argv: list[str] | None) -> int:
    """Run the click group; map click's own outcomes to exit codes (the rest is :func:`main`'s)."""
    from . import app, clickwords  # lazy: a data check answered directly needs no click

    clickwords.choose_early(sys.argv[1:] if argv is None else argv)
    try:
        return _click(app, argv)
    finally:
        clickwords.early = None  # a later call of the click group itself (a test's) starts without it


def _click(app: Any, argv: list[str] | None) -> int:
    """Run the click group *app.cli*: its exit code, click's own outcomes mapped to exit codes."""
    import click  # lazy: a data check answered directly needs no click

    try:
        # without standalone mode click returns ctx.exit()'s code instead of exiting
        rv = app.cli.main(args=argv, prog_name="korbiro", standalone_mode=False)
        return rv if isinstance(rv, int) and not isinstance(rv, bool) else 0
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        code = 2 if isinstance(exc, click.UsageError) else exc.exit_code
        return 2 if code == 1 and not isinstance(exc, click.UsageError) else code
    except click.Abort:
        _say(app.clickwords.gettext("Aborted!"))
        return 1


def _silence_broken_pipe() -> None:
    # The reader went away (``korbiro … | head -1``): point stdout at devnull
    # so the interpreter's final flush does not print a traceback.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass
