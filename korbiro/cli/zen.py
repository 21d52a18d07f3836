"""``korbiro zen``: legal moves, replays, drawings and set-ups for Zen (a thin layer
over :mod:`korbiro.rules.zen`).

Exit codes: 0 ok, 1 an invalid record, 2 bad usage or unreadable input.  Every
command takes ``--lang en|hu``: the words it prints, and the ``message`` fields of
its JSON, come from the game's message catalogue (``korbiro/rules/zen/messages.yaml``)
in that language.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import click

from ..base.errors import DataError, KorbiroError, UsageError
from ..base.findings import cap_per_file
from ..base.i18n import current
from ..rules.zen import (
    OPTION_HELP,
    Options,
    Position,
    ReplayReport,
    parse_square,
    position_to_yaml,
    render,
    square_name,
    svg_tower,
)
from ..rules.zen.data import game_data
from ..rules.zen.draw import describe_outcome
from ..rules.zen.messages import MessageError, say
from ..rules.zen.notation import moves_to_dict, position_to_dict, tower_lines
from ..rules.zen.options import option_help
from ..rules.zen.pictures import turn_caption, turn_svg
from ..rules.zen.setup import prepare
from ._common import Whole, echo_json, format_option, lang_option, max_findings_option
from ._games import check_ply, file, game
from ._output import picture_dir, ply_path, write_output

if TYPE_CHECKING:
    from ..app.games import Zen

_OPTIONS_HELP = "Rule option NAME=VALUE (repeatable); `korbiro zen options` lists them."


def _option_flag(f: Any) -> Any:
    return click.option("-o", "--option", "option_values", multiple=True, metavar="NAME=VALUE", help=_OPTIONS_HELP)(f)


def _parse_option_values(values: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(say("ZEN.cli.option-syntax", current(), item=item), param_hint="'-o'")
        out[name.strip()] = value.strip()
    return out


def _exit(code: int) -> NoReturn:
    """Exit with *code*.

    ``SystemExit`` rather than ``ctx.exit``: under ``korbiro.cli.main`` click runs
    with ``standalone_mode=False`` and returns (does not raise) a ``ctx.exit`` code,
    which main does not pass on.
    """
    raise SystemExit(code)


def _echo_problems(exc: KorbiroError) -> None:
    """Print every problem of an unreadable input (file:line) on stderr."""
    lang = current()
    for f in exc.findings:
        click.echo(f.render_text(lang), err=True)


def _fail_input(exc: KorbiroError) -> NoReturn:
    """Print every problem of an unreadable input and exit 2."""
    _echo_problems(exc)
    _exit(2)


def _load_state(path: str, option_values: tuple[str, ...]) -> tuple[Position, ReplayReport | None]:
    """A position file, or a record (the position after its last turn)."""
    values = _checked_options(option_values)
    try:
        return zen_game().position(file(path), values)
    except (DataError, UsageError) as exc:
        _fail_input(exc)


def _checked_options(values: tuple[str, ...]) -> dict[str, str]:
    """The ``-o`` options as a mapping; one the rules do not know is a usage error (of ``-o``)."""
    parsed = _parse_option_values(values)
    try:
        Options.parse(parsed)
    except UsageError as exc:
        raise click.BadParameter(exc.text(current()), param_hint="'-o'") from None
    return parsed


def zen_game() -> Zen:
    """Zen in the registry of board games (:mod:`korbiro.app.games`)."""
    from ..app.games import Zen  # lazy: the registry imports every board game

    return game("zen", Zen)


def _caption(report: ReplayReport, ply: int) -> list[str]:
    return turn_caption(report, ply, current())


def _svg(report: ReplayReport, ply: int) -> str:
    return turn_svg(report, ply, current())


def _replay_pictures(report: ReplayReport, folder: str) -> None:
    """One picture a turn into *folder* (``ply-000.svg`` is the set-up)."""
    turns = len(report.positions) - 1
    picture_dir(folder, turns, (report.path,))
    for ply in range(turns + 1):
        write_output(ply_path(folder, ply, turns), _svg(report, ply), option="--svg-dir")
    click.echo(say("ZEN.cli.wrote-pictures", current(), n=turns + 1, folder=folder), err=True)


@click.group("zen")
def zen() -> None:
    """Zen: legal moves, replays and scoring.

    Positions and game records are YAML files (docs/zen.md).  Squares are
    column a-d + floor 1-5 (c3); pieces are seat + strength (B3 = B's Woman,
    1 Girl, 2 Boy, 3 Woman, 4 Man) and H for a Warrior.  A turn is written
    'b3-b4 a3-a2' (own step, then a Warrior step), 'b3-b4@' when the piece
    arrives on that target, 'c4@' for an arrival by itself, 'pass' when no
    own piece can move.

    Every command takes --lang en|hu (default: korbiro.toml's lang, else the
    locale, else English) for its messages, which use the rulebook's words;
    codes and rule citations stay as they are.
    """


@zen.command("moves")
@click.argument("state", type=click.Path(exists=True, dir_okay=False))
@_option_flag
@format_option(("text", "json"))
@lang_option
def moves_cmd(state: str, option_values: tuple[str, ...], fmt: str, lang: str | None) -> None:
    """List every legal turn in STATE (a position file, or a record: after its last turn)."""
    lang_ = current()
    pos, report = _load_state(state, option_values)
    if report is not None and not report.valid:
        click.echo(say("ZEN.moves.note", lang_, path=state, n=len(report.violations)), err=True)
    if fmt == "json":
        echo_json(moves_to_dict(pos, state))
        return
    moves = [str(m) for m in pos.legal_moves()]
    over = pos.outcome() is not None
    if over:
        click.echo(describe_outcome(pos, lang_))
        return
    key = "ZEN.moves.header" + (".one" if len(moves) == 1 else "")
    click.echo(say(key, lang_, player=pos.to_move, turn=pos.turn, n=len(moves)))
    for m in moves:
        click.echo(m)


@zen.command("show")
@click.argument("state", type=click.Path(exists=True, dir_okay=False))
@_option_flag
@format_option(("text", "json", "yaml"))
@click.option("--ply", type=Whole(), default=None, metavar="N",
              help="STATE is a record: show the position after its turn N (0 is the set-up).")
@click.option("--svg", "svg_path", default=None, metavar="PATH",
              help="Also write an SVG picture of the position to PATH (atomically; a new path or a regular file).")
@lang_option
def show_cmd(state: str, option_values: tuple[str, ...], fmt: str, ply: int | None, svg_path: str | None,
             lang: str | None) -> None:
    """Draw the tower of STATE floor by floor (top first), with cards and scores.

    STATE is a position file, or a record: drawn after its last turn, or with
    --ply N after turn N.  --format yaml prints it as a position file.
    """
    lang_ = current()
    pos, report = _load_state(state, option_values)
    if ply is not None:
        if report is None:
            raise click.BadParameter(say("ZEN.cli.position-not-record", lang_, path=state), param_hint="'--ply'")
        check_ply(ply, len(report.positions) - 1, state, unit="turn")
        pos = report.positions[ply]
    if svg_path is not None:  # first, so that a bad path stops the command before it prints
        picture = _svg(report, ply) if report is not None and ply is not None else svg_tower(pos, lang=lang_)
        write_output(svg_path, picture, option="--svg", inputs=(state,))
    if fmt == "json":
        data = position_to_dict(pos)
        if report is not None and ply is not None:
            data["record"] = {
                "file": state,
                "ply": ply,
                "turns": len(report.positions) - 1,
                "turn": report.turns[ply - 1].text if ply else None,
                "violations": [v.to_dict(lang_) for v in report.violations if v.ply == ply],
            }
        echo_json(data)
    elif fmt == "yaml":
        click.echo(position_to_yaml(pos), nl=False)
    else:
        if report is not None and ply is not None:
            click.echo(_caption(report, ply)[0])
            for v in report.violations:
                if v.ply == ply:
                    click.echo(v.to_finding(report.path).render_text(lang_))
        click.echo(render(pos, lang_), nl=False)
    if svg_path is not None:
        click.echo(say("ZEN.cli.wrote", lang_, path=svg_path), err=True)


def _report_text(report: ReplayReport, max_findings: int, lang: str) -> None:
    shown, _hidden = cap_per_file([v.to_finding(report.path) for v in report.violations], max_findings)
    for f in shown:
        click.echo(f.render_text(lang))
    res = report.result()
    n = len(report.violations)
    turns = len(report.positions) - 1
    key = "ZEN.replay." + ("valid" if report.valid else "invalid" + (".one" if n == 1 else "")) + (
        ".one" if report.valid and turns == 1 else ".turn" if turns == 1 else "")
    click.echo(say(key, lang, path=report.path, n=n, turns=turns))
    score = ", ".join(f"{p} {pts}" for p, pts in res["score"].items())
    if res["finished"]:
        click.echo(say("ZEN.replay.result", lang, score=score, outcome=describe_outcome(report.final, lang)))
    else:
        click.echo(say("ZEN.replay.unfinished", lang, score=score))


@zen.command("replay")
@click.argument("records", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@_option_flag
@format_option(("text", "json"))
@click.option("--svg-dir", "svg_dir", default=None, metavar="DIR",
              help="Also draw one picture a turn into DIR (ply-000.svg is the set-up; created if missing); "
              "a turn that breaks a rule has a red frame and the rule in its caption.  One record only.")
@max_findings_option
@lang_option
def replay_cmd(records: tuple[str, ...], option_values: tuple[str, ...], fmt: str, svg_dir: str | None,
               max_findings: int, lang: str | None) -> None:
    """Check game RECORDS turn by turn: every violation with its turn, code and rule.

    Exits 1 when a record breaks a rule, 2 when a file cannot be read.  The
    text output shows at most --max-findings violations per record, then how
    many more there were.
    """
    lang_ = current()
    if svg_dir is not None and len(records) > 1:
        raise click.BadParameter(say("ZEN.cli.one-record", lang_, n=len(records)), param_hint="'--svg-dir'")
    reports: list[ReplayReport] = []
    unreadable = False
    values = _checked_options(option_values)
    for path in records:
        try:
            reports.append(zen_game().report(file(path), values))
        except (DataError, UsageError) as exc:
            _echo_problems(exc)
            unreadable = True
            continue
        if svg_dir is not None:
            _replay_pictures(reports[-1], svg_dir)
    if fmt == "json":
        if len(records) == 1 and reports:
            echo_json(reports[0].to_dict(lang_))
        elif reports or not unreadable:
            echo_json([r.to_dict(lang_) for r in reports])
    else:
        for report in reports:
            _report_text(report, max_findings, lang_)
    if unreadable:
        _exit(2)
    if any(not r.valid for r in reports):
        _exit(1)


def _parse_hand(item: str) -> tuple[str, list[int]]:
    seat, sep, cards = item.partition("=")
    if not sep:
        raise click.BadParameter(say("ZEN.cli.hand-syntax", current(), item=item), param_hint="'--hand'")
    try:
        return seat.strip().upper(), [parse_square(c) for c in cards.replace(",", " ").split()]
    except MessageError as exc:
        raise click.BadParameter(exc.text(current()), param_hint="'--hand'") from None


@zen.command("setup")
@click.option("--players", "-p", type=Whole(2, 4), required=True, help="Number of players (2-4).")
@click.option("--variant", type=click.Choice(["standard", "passive"]), default="standard", show_default=True,
              help="Two players: 'passive' sets up as four, with two passive colours (Zen: Két játékos).")
@click.option("--seed", type=Whole(), default=None, help="Seed for dealing and placing (default: a random seed, printed).")
@click.option("--hand", "hand_values", multiple=True, metavar="SEAT=CARDS",
              help="Give a seat's five start cards instead of dealing, e.g. A=c3,a1,b1,c2,d2 (repeat per seat).")
@click.option("--first", default=None, help="The player who starts (default: A).")
@click.option("--record", "as_record", is_flag=True, help="Print a game record (setup + empty moves) instead of a position.")
@_option_flag
@lang_option
def setup_cmd(players: int, variant: str, seed: int | None, hand_values: tuple[str, ...], first: str | None,
              as_record: bool, option_values: tuple[str, ...], lang: str | None) -> None:
    """Deal and place a start position (Zen: Előkészületek) and print it as YAML."""
    lang_ = current()
    if seed is None:
        seed = random.randrange(2**31)
    hands = dict(_parse_hand(h) for h in hand_values) if hand_values else None
    try:
        opts = Options.parse(_parse_option_values(option_values))
        pos, problems = prepare(players, seed=seed, variant=variant, hands=hands,
                                first=first.upper() if first else None, options=opts)
    except UsageError as exc:
        raise click.UsageError(exc.text(lang_)) from None
    if problems:
        for v in problems:
            click.echo(say("ZEN.cli.setup-problem", lang_, code=v.code, rule=v.rule, message=v.text(lang_)), err=True)
        _exit(1)
    if not as_record:
        command = (f"korbiro zen setup --players {players}"
                   + (f" --variant {variant}" if variant != "standard" else "") + f" --seed {seed}")
        click.echo(say("ZEN.file.dealt-with", lang_, command=command))
        click.echo(position_to_yaml(pos, lang=lang_), nl=False)
        return
    lines = ["# korbiro Zen game record (docs/zen.md)", "game: zen"]
    changed = pos.options.changed()
    if changed:
        lines.append("options:")
        lines += [f"  {k}: {str(v).lower() if isinstance(v, bool) else v}" for k, v in changed.items()]
    lines += ["setup:", f"  players: {players}"]
    if variant != "standard":
        lines.append(f"  variant: {variant}")
    lines.append("  hands:")
    from ..rules.zen.setup import deal as _deal  # the same deal prepare() made

    hand_items: list[tuple[str, Sequence[int]]]
    if hands is None:
        dl = _deal(players, random.Random(seed), variant)
        hand_items = list(dl.hands)
    else:
        hand_items = list(hands.items())
    for s, h in hand_items:
        lines.append(f"  {'  '}{s}: {' '.join(square_name(x) for x in h)}")
    lines.append("  tower: |")
    lines += tower_lines(pos, indent="    ")
    if first:
        lines.append(f"  first: {first.upper()}")
    lines.append("moves: []")
    click.echo("\n".join(lines))


@zen.command("options")
@lang_option
def options_cmd(lang: str | None) -> None:
    """List the rule options (the rulebook's gaps) with their defaults."""
    lang_ = current()
    for name, (values, _text) in OPTION_HELP.items():
        default = values[0]
        shown = str(default).lower() if isinstance(default, bool) else default
        others = "/".join(str(v).lower() if isinstance(v, bool) else str(v) for v in values)
        click.echo(f"{name}={shown}  ({others})\n    {option_help(name, lang_)}")


@zen.command("rules")
@click.argument("query", required=False)
@lang_option
def rules_cmd(query: str | None, lang: str | None) -> None:
    """Show the rule index that every verdict cites (optionally filtered by QUERY): each rule's
    citation, its English summary and the rulebook's Hungarian words (--lang hu: the Hungarian first)."""
    lang_ = current()
    shown = 0
    for r in game_data().rules.values():
        summary = r.summary(lang_)
        blob = f"{r.key} {r.cite} {r.hu} {r.summary()} {summary}".lower()
        if query and query.lower() not in blob:
            continue
        shown += 1
        if lang_ == "hu":
            click.echo(f"{r.cite}\n    „{r.hu}”\n    {summary}")
        else:
            click.echo(f"{r.cite}\n    {summary}\n    „{r.hu}”")
    if not shown:
        click.echo(say("ZEN.cli.no-rule", lang_, query=query), err=True)
        _exit(1)
