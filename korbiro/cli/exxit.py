"""``korbiro exxit``: legal moves, record replays, perft and pictures of EXXIT positions.

A thin layer over :mod:`korbiro.rules.exxit`: it reads files, calls the library,
prints, and maps outcomes to exit codes (0 ok, 1 an invalid record, 2 a usage
error or unreadable input).  Every command takes ``--lang en|hu``: the words it
prints, and the ``message`` fields of its JSON, come from the game's message
catalogue (``korbiro/rules/exxit/messages.yaml``) in that language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from ..base.errors import KorbiroError
from ..base.findings import cap_per_file
from ..base.i18n import current
from ..rules.exxit import (
    OPTION_INFO,
    Options,
    Ply,
    Position,
    Record,
    divide,
    perft,
    position_after,
    replay,
    replay_plies,
)
from ..rules.exxit.files import moves_to_dict
from ..rules.exxit.messages import say
from ..rules.exxit.pictures import ply_caption, ply_svg
from ..rules.exxit.position import termination
from ..rules.exxit.render import text_board
from ._common import Whole, echo_json, format_option, lang_option, max_findings_option
from ._games import check_ply, game
from ._games import file as input_file
from ._output import picture_dir, ply_path, write_output

if TYPE_CHECKING:
    from ..app.games import Exxit

F = TypeVar("F", bound=Callable[..., Any])

_OPTION_HELP = "; ".join(f"{name} ({info.ambiguity}: {'|'.join(info.choices)})" for name, info in OPTION_INFO.items())


def _option_flag(f: F) -> F:
    return click.option(
        "-o",
        "--option",
        "option_items",
        multiple=True,
        metavar="NAME=VALUE",
        help="Set a rules option (repeatable); the defaults are boardspace's readings. "
        f"Options: {_OPTION_HELP}. See docs/exxit.md.",
    )(f)


def _exit(code: int) -> NoReturn:
    """Leave with *code*.

    ``SystemExit`` rather than ``ctx.exit``: under ``korbiro.cli.main`` click runs
    with ``standalone_mode=False`` and *returns* a ``ctx.exit`` code, which main
    does not pass on; ``SystemExit`` reaches the interpreter (and CliRunner) intact.
    """
    raise SystemExit(code)


def _fail(ctx: click.Context, exc: KorbiroError) -> NoReturn:
    """Print every problem of *exc* on stderr (``file:line:col: error CODE: message``, as every game does) and exit 2."""
    lang = current()
    for f in exc.findings:
        click.echo(f.render_text(lang), err=True)
    _exit(2)


def _options(ctx: click.Context, items: tuple[str, ...]) -> Options:
    try:
        return Options.from_assignments(items)
    except KorbiroError as exc:
        raise click.BadParameter(exc.text(current()), ctx=ctx, param_hint="'-o' / '--option'") from None


def _assignments(items: tuple[str, ...]) -> dict[str, str]:
    return dict(item.partition("=")[::2] for item in items)


def _exxit() -> Exxit:
    """EXXIT in the registry of board games (:mod:`korbiro.app.games`)."""
    from ..app.games import Exxit  # lazy: the registry imports every board game

    return game("exxit", Exxit)


def _load(ctx: click.Context, path: str, items: tuple[str, ...]) -> Position:
    _options(ctx, items)  # a bad option is a usage error, before the file's problems
    try:
        return _exxit().position(input_file(path), _assignments(items))
    except KorbiroError as exc:
        _fail(ctx, exc)


_POSITION = click.argument("position", type=click.Path(exists=True, dir_okay=False))


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


@exxit.command("moves")
@_POSITION
@format_option(("text", "json"))
@_option_flag
@lang_option
@click.pass_context
def moves_cmd(ctx: click.Context, position: str, fmt: str, option_items: tuple[str, ...], lang: str | None) -> None:
    """List the legal moves in POSITION, one per line, sorted."""
    pos = _load(ctx, position, option_items)
    if fmt == "json":
        echo_json(moves_to_dict(pos))
        return
    out = pos.outcome()
    for m in pos.legal_moves():
        click.echo(str(m))
    if out is not None:
        click.echo(say("EXXIT.moves.over", current(), termination=out.termination.value,
                       termination_hu=termination(out.termination)["termination_hu"], rule=out.rule))


@exxit.command("replay")
@click.argument("record", type=click.Path(exists=True, dir_okay=False))
@format_option(("text", "json"))
@click.option("--svg-dir", "svg_dir", default=None, metavar="DIR",
              help="Also draw one picture a ply into DIR (ply-000.svg is the start; created if missing); "
              "a move that breaks a rule has a red frame and the rule in its caption.")
@_option_flag
@max_findings_option
@lang_option
@click.pass_context
def replay_cmd(ctx: click.Context, record: str, fmt: str, svg_dir: str | None, option_items: tuple[str, ...],
               max_findings: int, lang: str | None) -> None:
    """Replay RECORD and report every move that breaks a rule.

    Exit 0 when every move is legal, 1 when some move breaks a rule.  Options
    given with -o override the record's option headers.  The text output
    shows at most --max-findings violations, then how many more there were.
    """
    lang_ = current()
    rec = _record(ctx, record, option_items)
    report = replay(rec)
    if svg_dir is not None:
        _replay_pictures(record, rec, svg_dir)
    if fmt == "json":
        echo_json(report.to_dict(lang_))
    else:
        shown, _hidden = cap_per_file([v.to_finding(record) for v in report.violations], max_findings)
        for f in shown:
            click.echo(f.render_text(lang_))
        for line in report.summary(lang_):
            click.echo(line)
    if not report.valid:
        _exit(1)


@exxit.command("perft")
@_POSITION
@click.argument("depth", type=Whole(0, 64))
@click.option("--divide", "do_divide", is_flag=True, help="Count separately after each legal move.")
@format_option(("text", "json"))
@_option_flag
@lang_option
@click.pass_context
def perft_cmd(
    ctx: click.Context, position: str, depth: int, do_divide: bool, fmt: str, option_items: tuple[str, ...],
    lang: str | None,
) -> None:
    """Count the legal move sequences of DEPTH moves from POSITION."""
    pos = _load(ctx, position, option_items)
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


@exxit.command("show")
@click.argument("file", metavar="POSITION|RECORD", type=click.Path(exists=True, dir_okay=False))
@click.option("--ply", type=Whole(), default=None, metavar="N",
              help="FILE is a record: show the position after its ply N (0 is the start).")
@click.option("--svg", "svg_path", default=None, metavar="PATH",
              help="Also write an SVG picture of the position to PATH (atomically; a new path or a regular file).")
@_option_flag
@lang_option
@click.pass_context
def show_cmd(ctx: click.Context, file: str, ply: int | None, svg_path: str | None, option_items: tuple[str, ...],
             lang: str | None) -> None:
    """Draw a position as text (and, with --svg, as a picture).

    The file is a position file, or a record: its final position, or with
    --ply N the position after ply N.  Each hex shows its coordinates over its
    contents: W or B for the tile, then the chips bottom to top in lower case;
    * marks prisoners off the board.
    """
    lang_ = current()
    step: Ply | None = None
    caption: list[str] = []
    kind = _file_kind(file)
    if ply is not None and kind == "position":
        raise click.BadParameter(say("EXXIT.cli.position-not-record", lang_, path=file), param_hint="'--ply'")
    if kind == "record" or ply is not None:
        rec = _record(ctx, file, option_items)
        plies = len(rec.moves)
        if ply is not None:
            check_ply(ply, plies, file)
        step = position_after(rec, plies if ply is None else ply)
        pos = step.position
        caption = _caption(file, step, plies, lang_)
    else:
        pos = _load(ctx, file, option_items)
    if svg_path is not None:  # first, so that a bad path stops the command before it prints
        write_output(svg_path, _svg(pos, step, caption, lang_), option="--svg", inputs=(file,))
    if step is not None:
        click.echo(caption[0])
        for v in step.violations:
            click.echo(v.to_finding(file).render_text(lang_))
    click.echo(text_board(pos, lang_))
    if svg_path is not None:
        click.echo(say("EXXIT.cli.wrote", lang_, path=svg_path), err=True)


def _file_kind(path: str) -> str:
    """``record``, ``position`` or ``unknown`` (see :func:`korbiro.rules.exxit.file_kind`)."""
    return _exxit().kind(input_file(path))


def _record(ctx: click.Context, path: str, option_items: tuple[str, ...]) -> Record:
    _options(ctx, option_items)  # validate the flags first: a bad one is a usage error
    try:
        return _exxit().record(input_file(path), _assignments(option_items))
    except KorbiroError as exc:
        _fail(ctx, exc)


def _caption(path: str, step: Ply, plies: int, lang: str) -> list[str]:
    return ply_caption(path, step, plies, lang)


def _svg(pos: Position, step: Ply | None, caption: list[str], lang: str) -> str:
    return ply_svg(pos, step, caption, lang)


def _replay_pictures(path: str, rec: Record, folder: str) -> None:
    """One picture a ply into *folder* (``ply-000.svg`` is the start)."""
    lang = current()
    plies = len(rec.moves)
    picture_dir(folder, plies, (path,))
    for step in replay_plies(rec):
        write_output(ply_path(folder, step.ply, plies),
                     _svg(step.position, step, _caption(path, step, plies, lang), lang), option="--svg-dir")
    click.echo(say("EXXIT.cli.wrote-pictures", lang, n=plies + 1, folder=folder), err=True)
