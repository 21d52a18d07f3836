"""``korbiro xig``: replay XIG game records, list legal plays, draw Pathways.

A thin layer over :mod:`korbiro.rules.xig`.  Exit codes: 0 legal (or shown),
1 the record breaks rules, 2 usage error or a file that cannot be read as a
record or position (every problem printed as ``file:line:column`` on stderr).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NoReturn

import click

from ..base.errors import KorbiroError
from ._common import echo_json, format_option, max_findings_option

FORMATS = ("text", "json")


def _exit(code: int) -> NoReturn:
    """Leave with *code*.

    ``SystemExit`` rather than ``click.exceptions.Exit``: ``korbiro.cli.main`` runs
    click with ``standalone_mode=False``, where click turns ``Exit`` into a return
    value that ``main`` does not read, so the code would be lost.
    """
    raise SystemExit(code)


def _fail(exc: KorbiroError) -> NoReturn:
    for f in exc.findings:
        click.echo(f"{f.location}: error {f.code}: {f.message}", err=True)
    _exit(2)


def _guard(fn: Callable[[], Any]) -> Any:
    try:
        return fn()
    except KorbiroError as exc:
        _fail(exc)
    except (OSError, UnicodeError) as exc:  # unreadable input that slipped past the loader
        click.echo(f"Error: {exc}", err=True)
        _exit(2)


@click.group("xig")
def xig() -> None:
    """XIG: The Four Elements: legal plays, protection and game-record replays.

    Rules are cited by paragraph id and rulebook section, e.g. "XIG 5.2
    (Protected Tiles)"; docs/xig.md indexes them and documents the record
    notation and every named option.
    """


@xig.command("replay")
@click.argument("records", nargs=-1, required=True, type=click.Path(dir_okay=False))
@format_option(FORMATS)
@max_findings_option
def replay_cmd(records: tuple[str, ...], fmt: str, max_findings: int) -> None:
    """Replay game RECORDS and report every rule violation.

    Each violation names its turn (0 for the set-up), the move, a stable code
    and the rule (at most --max-findings per record in the text output, then
    how many more there were).  Exit 0 when every record is legal, 1 when
    one breaks a rule, 2 when a file cannot be read.  JSON: one object per
    record, {"valid", "violations": [{"ply", "move", "code", "rule", ...}],
    "result": {"score", "winner"}}; a list of them for several records.
    """
    from ..base.findings import not_shown
    from ..rules.xig.record import ReplayResult, replay_file
    from ..rules.xig.rules import cite

    results: list[ReplayResult] = []
    for path in records:
        results.append(_guard(partial(replay_file, path)))
    if fmt == "json":
        payload = [r.to_dict() for r in results]
        echo_json(payload[0] if len(payload) == 1 else payload)
    else:
        for r in results:
            for n, v in enumerate(r.violations):
                if max_findings and n == max_findings:
                    click.echo(not_shown(len(r.violations) - n, max_findings, r.path, v.line or None).render_text())
                    break
                who = f" {v.player}" if v.player else ""
                line = f":{v.line}" if v.line else ""
                click.echo(f"{r.path}{line}: turn {v.ply}{who} {v.move!r}: {v.code} [{cite(v.rule)}]: {v.message}")
            res = r.result()
            score = ", ".join(f"{k} {n}" for k, n in res["score"].items())
            outcome = f"{res['winner']} wins" if res["winner"] else "no winner yet"
            verdict = "valid" if r.valid else f"invalid, {len(r.violations)} violation{'s' if len(r.violations) != 1 else ''}"
            click.echo(f"{r.path}: {verdict}; {r.plies} turns; {outcome} (tiles on the table: {score})")
    if any(not r.valid for r in results):
        _exit(1)


@xig.command("moves")
@click.argument("state", type=click.Path(dir_okay=False))
@format_option(FORMATS)
def moves_cmd(state: str, fmt: str) -> None:
    """List the legal plays in STATE and which tile each would knock out.

    STATE is a position file (kind: xig-position) or a record, whose final
    position is used.
    """
    from ..rules.xig.record import load_any
    from ..rules.xig.render import moves_data, moves_text

    pos = _guard(lambda: load_any(state))
    if fmt == "json":
        echo_json(moves_data(pos))
    else:
        click.echo(moves_text(pos))


@xig.command("show")
@click.argument("state", type=click.Path(dir_okay=False))
@format_option(FORMATS)
def show_cmd(state: str, fmt: str) -> None:
    """Draw each Pathway in STATE with its protected and unprotected tiles.

    STATE is a position file (kind: xig-position) or a record, whose final
    position is shown.
    """
    from ..rules.xig.record import load_any
    from ..rules.xig.render import show_data, show_text

    pos = _guard(lambda: load_any(state))
    if fmt == "json":
        echo_json(show_data(pos))
    else:
        click.echo(show_text(pos))
