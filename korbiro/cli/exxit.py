"""``korbiro exxit``: legal moves, record replays, perft and pictures of EXXIT positions.

A thin layer over :mod:`korbiro.rules.exxit`: it reads files, calls the library,
prints, and maps outcomes to exit codes (0 ok, 1 an invalid record, 2 a usage
error or unreadable input).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

import click

from ..base import i18n
from ..base.errors import KorbiroError
from ..base.findings import cap_per_file
from ..base.fsutil import output_path, write_output
from ..rules.exxit import (
    OPTION_INFO,
    Options,
    Position,
    divide,
    load_position,
    parse_record,
    perft,
    replay,
)
from ..rules.exxit.render import svg_board, text_board
from ._common import echo_findings, echo_json, format_option, max_findings_option

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
    """Print every problem of *exc* on stderr (file:line first) and exit 2."""
    findings = exc.findings
    if len(findings) <= 1:
        click.echo(f"Error: {exc.text(i18n.current())}", err=True)
    else:
        click.echo(f"Error: {len(findings)} problems in {exc.path or 'the input'}:", err=True)
        for f in findings:
            click.echo(f"  {f.location}: {f.message}", err=True)
    _exit(2)


def _options(ctx: click.Context, items: tuple[str, ...]) -> Options:
    try:
        return Options.from_assignments(items)
    except KorbiroError as exc:
        raise click.BadParameter(exc.message, ctx=ctx, param_hint="'-o' / '--option'") from None


def _load(ctx: click.Context, path: str, items: tuple[str, ...]) -> Position:
    opts = _options(ctx, items)
    try:
        return load_position(path, opts)
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

    Exit codes: 0 ok, 1 the record breaks a rule, 2 usage error or unreadable
    input.
    """


@exxit.command("moves")
@_POSITION
@format_option(("text", "json"))
@_option_flag
@click.pass_context
def moves_cmd(ctx: click.Context, position: str, fmt: str, option_items: tuple[str, ...]) -> None:
    """List the legal moves in POSITION, one per line, sorted."""
    pos = _load(ctx, position, option_items)
    legal = [str(m) for m in pos.legal_moves()]
    out = pos.outcome()
    if fmt == "json":
        echo_json(
            {
                "to_move": pos.to_move,
                "moves": legal,
                "game_over": out is not None,
                "outcome": out.to_dict() if out else None,
            }
        )
        return
    for m in legal:
        click.echo(m)
    if out is not None:
        click.echo(f"no legal moves: the game is over ({out.termination.value}) [{out.rule}]")


@exxit.command("replay")
@click.argument("record", type=click.Path(exists=True, dir_okay=False))
@format_option(("text", "json"))
@_option_flag
@max_findings_option
@click.pass_context
def replay_cmd(ctx: click.Context, record: str, fmt: str, option_items: tuple[str, ...], max_findings: int) -> None:
    """Replay RECORD and report every move that breaks a rule.

    Exit 0 when every move is legal, 1 when some move breaks a rule.  Options
    given with -o override the record's option headers.  The text output
    shows at most --max-findings violations, then how many more there were.
    """
    _options(ctx, option_items)  # validate the flags first: a bad one is a usage error
    overrides = dict(item.partition("=")[::2] for item in option_items)
    try:
        rec = parse_record(record, overrides=overrides)
        report = replay(rec)
    except KorbiroError as exc:
        _fail(ctx, exc)
    if fmt == "json":
        echo_json(report.to_dict())
    else:
        shown, _hidden = cap_per_file([v.to_finding(record) for v in report.violations], max_findings)
        echo_findings(shown, fmt, "en")
        res = report.result()
        score = res["score"]
        n = len(report.violations)
        verdict = "valid" if report.valid else f"invalid: {n} violation{'s' if n != 1 else ''}"
        click.echo(f"{verdict} ({report.plies} plies)")
        if res["finished"]:
            winner = f"{res['winner']} wins" if res["winner"] else "a draw"
            click.echo(
                f"result: white {score['white']}, black {score['black']}: {winner}"
                f" ({res['termination']}) [{res['rule']}]"
            )
        else:
            click.echo(f"not finished: score so far white {score['white']}, black {score['black']}")
    if not report.valid:
        _exit(1)


@exxit.command("perft")
@_POSITION
@click.argument("depth", type=click.IntRange(0, 64))
@click.option("--divide", "do_divide", is_flag=True, help="Count separately after each legal move.")
@format_option(("text", "json"))
@_option_flag
@click.pass_context
def perft_cmd(
    ctx: click.Context, position: str, depth: int, do_divide: bool, fmt: str, option_items: tuple[str, ...]
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
        click.echo(f"total: {total}")
        return
    nodes = perft(pos, depth)
    if fmt == "json":
        echo_json({"depth": depth, "nodes": nodes})
    else:
        click.echo(str(nodes))


@exxit.command("show")
@_POSITION
@click.option(
    "--svg",
    "svg_path",
    metavar="PATH",
    default=None,
    help="Also write an SVG picture of the position to this file (a regular file or a new one; "
    "written atomically).",
)
@_option_flag
@click.pass_context
def show_cmd(ctx: click.Context, position: str, svg_path: str | None, option_items: tuple[str, ...]) -> None:
    """Draw POSITION as text (and, with --svg, as a picture).

    Each hex shows its coordinates over its contents: W or B for the tile,
    then the chips bottom to top in lower case; * marks prisoners off the board.
    """
    if svg_path is not None:
        try:
            output_path(svg_path)  # refuse a folder, a link, a FIFO or a device before any work
        except KorbiroError as exc:
            _fail(ctx, exc)
    pos = _load(ctx, position, option_items)
    click.echo(text_board(pos))
    if svg_path is not None:
        try:
            write_output(svg_path, svg_board(pos))
        except KorbiroError as exc:
            _fail(ctx, exc)
        click.echo(f"wrote {svg_path}", err=True)


