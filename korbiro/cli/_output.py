"""Output files of the board-game commands: pictures (``--svg``) and picture folders
(``--svg-dir``); the ``--ply`` range is :func:`korbiro.app.games.check_ply`'s.

Every file is written atomically (:func:`korbiro.base.fsutil.write_atomic`) and
only to a regular file or a new path: an empty path, or a path that is a
directory, a symbolic link, a FIFO or a device, is a usage error (exit 2)
naming it, and so is a path that is the same file as an input of the command
(:func:`korbiro.cli._common.check_outputs`).  A file that cannot be written is
an error (exit 2) naming it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable

import click

from ..base.errors import UsageError
from ..base.fsutil import KIND_NAMES, file_kind
from ..base.fsutil import write_output as write_file
from ..base.i18n import current
from ._common import check_outputs, error_line

__all__ = ["write_output", "output_dir", "picture_dir", "ply_path"]


def write_output(path: str, text: str, *, option: str, inputs: Iterable[str] = ()) -> None:
    """Write *text* to *path* (given with *option*, e.g. ``--svg``) atomically, or exit 2 saying why not
    (:func:`korbiro.base.fsutil.write_output`: only a regular file or a new path, and not the same file as
    one of *inputs* or a file the command read)."""
    check_outputs([(option, path)], inputs)
    try:
        write_file(path, text)
    except UsageError as exc:
        click.echo(error_line(exc.to_finding().text(current())), err=True)
        raise SystemExit(2) from None


def output_dir(path: str, *, option: str) -> None:
    """Make sure *path* (given with *option*) is a folder to write into: created when missing, a
    usage error (exit 2) when it exists and is not a folder."""
    if not path:
        raise click.BadParameter("the path is empty", param_hint=f"'{option}'")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        try:
            os.makedirs(path)
        except OSError as exc:
            click.echo(f"Error: cannot create the folder {path!r}: {exc.strerror}", err=True)
            raise SystemExit(2) from None
        return
    except OSError as exc:
        raise click.BadParameter(f"cannot use {path!r}: {exc.strerror}", param_hint=f"'{option}'") from None
    if not stat.S_ISDIR(st.st_mode):
        found = file_kind(st)
        kind = KIND_NAMES[found][0] if found else "a file"
        raise click.BadParameter(f"{path!r} is {kind}, not a folder", param_hint=f"'{option}'")


def picture_dir(folder: str, plies: int, inputs: Iterable[str]) -> None:
    """``--svg-dir``: *folder* made ready (:func:`output_dir`), and its pictures of plies 0 to *plies* checked
    before any is written: none may be the same file as one of *inputs* or a file the command read."""
    output_dir(folder, option="--svg-dir")
    check_outputs([("--svg-dir", ply_path(folder, ply, plies)) for ply in range(plies + 1)], inputs)


def ply_path(folder: str, ply: int, plies: int) -> str:
    """``folder/ply-007.svg``: the picture of ply *ply* of *plies*, zero-padded to three digits (more if needed)."""
    return os.path.join(folder, f"ply-{ply:0{max(3, len(str(plies)))}d}.svg")

