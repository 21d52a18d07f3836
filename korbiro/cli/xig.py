"""``korbiro xig``: replay XIG game records, list legal plays, draw Pathways.

A thin layer over :mod:`korbiro.rules.xig`.  Exit codes: 0 legal (or shown),
1 the record breaks rules, 2 usage error or a file that cannot be read as a
record or position (every problem printed as ``file:line:column`` on stderr).
Every command takes ``--lang en|hu``: the words it prints, and the ``message``
fields of its JSON, come from the game's message catalogue
(``korbiro/rules/xig/messages.yaml``) in that language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, NoReturn

import click

from ..base.errors import KorbiroError
from ..base.i18n import current
from ._common import Whole, echo_json, format_option, lang_option, max_findings_option
from ._games import check_ply, file, game
from ._output import picture_dir, ply_path, write_output

if TYPE_CHECKING:
    from ..app.games import Xig
    from ..rules.xig.record import Record, TurnStep

FORMATS = ("text", "json")


def _exit(code: int) -> NoReturn:
    """Leave with *code*.

    ``SystemExit`` rather than ``click.exceptions.Exit``: ``korbiro.cli.main`` runs
    click with ``standalone_mode=False``, where click turns ``Exit`` into a return
    value that ``main`` does not read, so the code would be lost.
    """
    raise SystemExit(code)


def _fail(exc: KorbiroError) -> NoReturn:
    """Print every problem of *exc* (``file:line:column: error CODE: message``, without the rule) and exit 2."""
    lang = current()
    for f in exc.findings:
        click.echo(replace(f, rule=None).render_text(lang), err=True)
    _exit(2)


def _guard(fn: Callable[[], Any]) -> Any:
    from ..rules.xig.messages import say

    try:
        return fn()
    except KorbiroError as exc:
        _fail(exc)
    except (OSError, UnicodeError) as exc:  # unreadable input that slipped past the loader
        click.echo(say("XIG.cli.error", current(), message=str(exc)), err=True)
        _exit(2)


def _xig() -> Xig:
    """XIG in the registry of board games (:mod:`korbiro.app.games`)."""
    from ..app.games import Xig  # lazy: the registry imports every board game

    return game("xig", Xig)


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


@xig.command("replay")
@click.argument("records", nargs=-1, required=True, type=click.Path(dir_okay=False))
@format_option(FORMATS)
@click.option("--svg-dir", "svg_dir", default=None, metavar="DIR",
              help="Also draw one picture a turn into DIR (ply-000.svg is the set-up; created if missing); "
              "a turn that breaks a rule has a red frame and the rule in its caption.  One record only.")
@max_findings_option
@lang_option
def replay_cmd(records: tuple[str, ...], fmt: str, svg_dir: str | None, max_findings: int, lang: str | None) -> None:
    """Replay game RECORDS and report every rule violation.

    Each violation names its turn (0 for the set-up), the move, a stable code
    and the rule (at most --max-findings per record in the text output, then
    how many more there were).  Exit 0 when every record is legal, 1 when one
    breaks a rule, 2 when a file cannot be read.  JSON: one object per record, {"valid",
    "violations": [{"ply", "move", "code", "rule", ...}], "result": {"score",
    "winner"}}; a list of them for several records.
    """
    from ..base.findings import cap_per_file
    from ..rules.xig.messages import say
    from ..rules.xig.record import ReplayResult, replay

    lang_ = current()
    if svg_dir is not None and len(records) > 1:
        raise click.BadParameter(say("XIG.cli.one-record", lang_, n=len(records)), param_hint="'--svg-dir'")
    results: list[ReplayResult] = []
    for path in records:
        record = _guard(partial(_xig().record, file(path), {}))
        results.append(replay(record))
        if svg_dir is not None:
            _replay_pictures(path, record, svg_dir)
    if fmt == "json":
        payload = [r.to_dict(lang_) for r in results]
        echo_json(payload[0] if len(payload) == 1 else payload)
    else:
        for r in results:
            shown, _hidden = cap_per_file([v.to_finding(r.path, lang_) for v in r.violations], max_findings)
            for f in shown:
                click.echo(f.render_text(lang_))
            click.echo(r.summary(lang_))
    if any(not r.valid for r in results):
        _exit(1)


def _caption(path: str, step: TurnStep, turns: int) -> list[str]:
    """The caption of a replay picture: which turn, and each rule it breaks."""
    from ..rules.xig.pictures import turn_caption

    return turn_caption(path, step, turns, current())


def _svg(step: TurnStep, caption: list[str]) -> str:
    """The picture of a replay step, the tiles its turn placed or knocked out marked."""
    from ..rules.xig.pictures import turn_svg

    return turn_svg(step, caption, current())


def _replay_pictures(path: str, record: Record, folder: str) -> None:
    """One picture a turn into *folder* (``ply-000.svg`` is the set-up)."""
    from ..rules.xig.messages import say
    from ..rules.xig.record import replay_turns

    turns = len(record.turns)
    picture_dir(folder, turns, (path,))
    for step in replay_turns(record):
        write_output(ply_path(folder, step.ply, turns), _svg(step, _caption(path, step, turns)), option="--svg-dir")
    click.echo(say("XIG.cli.wrote-pictures", current(), n=turns + 1, folder=folder), err=True)


@xig.command("moves")
@click.argument("state", type=click.Path(dir_okay=False))
@format_option(FORMATS)
@lang_option
def moves_cmd(state: str, fmt: str, lang: str | None) -> None:
    """List the legal plays in STATE and which tile each would knock out.

    STATE is a position file (kind: xig-position) or a record, whose final
    position is used.
    """
    from ..rules.xig.render import moves_data, moves_text

    lang_ = current()
    pos = _guard(lambda: _xig().position(file(state), {}))
    if fmt == "json":
        echo_json(moves_data(pos, lang_))
    else:
        click.echo(moves_text(pos, lang_))


@xig.command("show")
@click.argument("state", type=click.Path(dir_okay=False))
@format_option(FORMATS)
@click.option("--ply", type=Whole(), default=None, metavar="N",
              help="STATE is a record: show the position after its turn N (0 is the set-up).")
@click.option("--svg", "svg_path", default=None, metavar="PATH",
              help="Also write an SVG picture of the position to PATH (atomically; a new path or a regular file).")
@lang_option
def show_cmd(state: str, fmt: str, ply: int | None, svg_path: str | None, lang: str | None) -> None:
    """Draw each Pathway in STATE with its protected and unprotected tiles.

    STATE is a position file (kind: xig-position) or a record, whose final
    position is shown, or with --ply N the position after turn N.
    """
    from ..base.yamlload import load_yaml_file
    from ..rules.xig.draw import show_text, svg_pathways
    from ..rules.xig.messages import say
    from ..rules.xig.record import load_record, replay_turns
    from ..rules.xig.render import show_data

    lang_ = current()
    step = None
    caption: list[str] = []
    if ply is None:
        pos = _guard(lambda: _xig().position(file(state), {}))
    else:
        doc = _guard(lambda: load_yaml_file(state))
        if not isinstance(doc.data, dict) or doc.data.get("kind") != "xig-record":
            raise click.BadParameter(say("XIG.cli.not-record", lang_, path=state), param_hint="'--ply'")
        record = _guard(lambda: load_record(doc))
        check_ply(ply, len(record.turns), state, unit="turn")
        step = next(s for s in replay_turns(record) if s.ply == ply)
        pos = step.position
        caption = _caption(state, step, len(record.turns))
    if svg_path is not None:  # first, so that a bad path stops the command before it prints
        picture = _svg(step, caption) if step is not None else svg_pathways(pos, lang=lang_)
        write_output(svg_path, picture, option="--svg", inputs=(state,))
    if fmt == "json":
        data = show_data(pos, lang_)
        if step is not None:
            data["record"] = {
                "file": state,
                "ply": step.ply,
                "turns": len(record.turns),
                "turn": step.turn.text if step.turn is not None else None,
                "violations": [v.to_dict(lang_) for v in step.violations],
            }
        echo_json(data)
    else:
        if step is not None:
            click.echo(caption[0])
            for v in step.violations:
                click.echo(v.to_finding(state, lang_).render_text(lang_))
        click.echo(show_text(pos, lang_))
    if svg_path is not None:
        click.echo(say("XIG.cli.wrote", lang_, path=svg_path), err=True)
