"""``korbiro zen``: legal moves, replays, drawings and set-ups for Zen.

``moves``, ``replay`` and ``show`` are built from Zen's entry in the registry of board games
(:mod:`korbiro.cli._games`, :mod:`korbiro.app.games`); ``setup``, ``options`` and ``rules`` are Zen's
own.  Exit codes: 0 ok, 1 an invalid record, 2 bad usage or unreadable input.  Every command takes
``--lang en|hu``: the words it prints, and the ``message`` fields of its JSON, come from the game's
message catalogue (``korbiro/rules/zen/messages.yaml``) in that language.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NoReturn

import click

from ..app.games.zen import Zen
from ..base.errors import UsageError
from ..base.i18n import current
from ..rules.zen import OPTION_HELP, Options, parse_square, position_to_yaml, square_name
from ..rules.zen.files import tower_lines
from ..rules.zen.messages import MessageError, say
from ..rules.zen.options import option_help
from ..rules.zen.rules import game_data
from ..rules.zen.setup import prepare
from ._common import Whole, lang_option
from ._games import add_commands, game, option_flag


def _option_values(values: tuple[str, ...]) -> dict[str, str]:
    """The ``-o NAME=VALUE`` items by name (an item without ``=`` is a usage error of ``-o``)."""
    try:
        return Zen.option_values(values)
    except UsageError as exc:
        raise click.BadParameter(exc.text(current()), param_hint="'-o'") from None


def _exit(code: int) -> NoReturn:
    """Leave with *code* (``SystemExit``: ``korbiro.cli.main`` would not pass on a ``ctx.exit`` code)."""
    raise SystemExit(code)


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


add_commands(zen, "zen")


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
@option_flag(game("zen"))
@lang_option
def setup_cmd(players: int, variant: str, seed: int | None, hand_values: tuple[str, ...], first: str | None,
              as_record: bool, option_items: tuple[str, ...], lang: str | None) -> None:
    """Deal and place a start position (Zen: Előkészületek) and print it as YAML."""
    lang_ = current()
    if seed is None:
        seed = random.randrange(2**31)
    hands = dict(_parse_hand(h) for h in hand_values) if hand_values else None
    try:
        opts = Options.parse(_option_values(option_items))
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
