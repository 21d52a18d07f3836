"""``korbiro game …``: decide game results, for the two-player game and every 12.00 variant."""

from __future__ import annotations

from typing import Any

import click

from ..base.i18n import Words
from ._common import Whole, echo_errors, echo_json, format_option, lang_option


def _lang(lang: str | None) -> str:
    from ..base.i18n import detect_lang

    return detect_lang(lang)


@click.group()
def game() -> None:
    """Decide M.A.G.U.S. Kártyajáték game results.

    The two-player rules (1.01) and the multi-player variants of 12.00: Ómen,
    Kihívás, Körbetámadás, Szövetségek, Ikerjáték and Két csapat egymás ellen.
    Their numbers are data (korbiro game variants lists them).
    """


@game.command("result")
@click.argument("state", type=click.Path(dir_okay=False, allow_dash=False), metavar="STATE.yaml")
@click.option("--variant", "variant", default=None, metavar="NAME",
              help="The variant (an id, name or alias; default: the state's `variant`, else two-player for 2 "
                   "players, general for more, ikerjatek for two pairs, ket-csapat for two teams).")
@format_option(("text", "json"))
@lang_option
@click.pass_context
def result(ctx: click.Context, state: str, variant: str | None, fmt: str, lang: str | None) -> None:
    """Decide who won the game described by STATE.yaml, citing the rule.

    The verdict is a win (the winners named), a draw, a new round (equal DP
    at the threshold), or play on. Exit code 0 whenever a result is decided,
    2 when the state is unreadable, invalid, or does not fit the variant
    (every problem at file:line).

    \b
    Examples:
      korbiro game result examples/results/two-player-immediate-19.yaml
      korbiro game result state.yaml --variant ikerjatek --format json
      korbiro game result state.yaml --variant körbetámadás --lang hu
    """
    from ..base.errors import DataError, UsageError
    from ..rules.mk.rulebook import load_rulebook
    from ..rules.mk.victory import decide, load_state, load_variants

    lang_ = _lang(lang)
    try:
        st = load_state(state)
        res = decide(st, variant)
    except DataError as exc:
        echo_errors(exc, lang_)
        ctx.exit(2)
    except UsageError as exc:
        echo_errors(exc, lang_)
        ctx.exit(2)
    v = load_variants().variants[res.variant]
    book = load_rulebook()
    rule = book.get(res.rule)
    if fmt == "json":
        data: dict[str, Any] = {"file": state}
        data.update(res.to_dict(lang_))
        data["variant_name"] = v.name[lang_]
        data["rule_title"] = rule.text("title", lang_) if rule else None
        echo_json(data)
        return
    T = Words("CLI.variants", lang_)
    lines = [res.headline(lang_), res.message(lang_)]
    for n in res.notes:
        lines.append(f"  - [{n.rule}] {n.message(lang_)}")
    title = f" ({rule.text('title', lang_)})" if rule else ""
    lines.append(f"{T['variant']}: {v.name[lang_]} ({v.id}, {v.rule}); {T['checked']}: {T[res.moment.value]}")
    if res.eliminated:
        lines.append(f"{T['out']}: {', '.join(res.eliminated)}")
    lines[0] = lines[0] + title
    click.echo("\n".join(lines))


@game.command("variants")
@click.argument("name", required=False)
@click.option("--players", type=Whole(2, 64), default=None,
              help="Work out the thresholds that depend on the number of players.")
@format_option(("text", "json"))
@lang_option
@click.pass_context
def variants(ctx: click.Context, name: str | None, players: int | None, fmt: str, lang: str | None) -> None:
    """List the variants, or show one with its parameters and rules.

    \b
    Examples:
      korbiro game variants
      korbiro game variants ket-csapat --players 6
    """
    from ..base.errors import UsageError
    from ..rules.mk.victory import load_variants

    lang_ = _lang(lang)
    vs = load_variants()
    if name is None:
        if fmt == "json":
            echo_json([_variant_dict(v, players) for v in vs])
            return
        width = max(len(v.id) for v in vs) + 2
        for v in vs:
            click.echo(f"{v.id:<{width}}{v.rule:<9}{v.name[lang_]}")
        return
    try:
        v = vs.get(name)
    except UsageError as exc:
        echo_errors(exc, lang_)
        ctx.exit(1)
    if fmt == "json":
        echo_json(_variant_dict(v, players))
        return
    T = Words("CLI.variants", lang_)
    count = (f"{v.players_min}" if v.players_max == v.players_min else
             f"{v.players_min}–{v.players_max}" if v.players_max else f"{v.players_min}+")
    if v.players_even:
        count += f" ({T['even']})"
    lines = [f"{v.id}  {v.name[lang_]}  [{v.rule}]", f"{T['players']}: {count}; {T['family']}: {v.family}"]
    if v.team_count:
        size = f", {v.team_size}" if v.team_size else ""
        lines.append(f"{T['teams']}: {v.team_count}{size}")
    if v.description:
        import textwrap

        lines.append(textwrap.fill(v.description[lang_], width=88))
    lines.append(f"{T['params']}:")
    params = v.describe_params(players)
    for k, val in params.items():
        rule = v.rules.get(k)
        lines.append(f"  {k}: {_show_value(val)}" + (f"  [{rule}]" if rule else ""))
    lines.append(f"{T['rules']}:")
    for k, rid in v.rules.items():
        lines.append(f"  {k}: {rid}")
    click.echo("\n".join(lines))


def _show_value(value: Any) -> str:
    if isinstance(value, dict):
        parts = [str(value.get("base", 0))]
        if value.get("per_player"):
            parts.append(f"{value['per_player']} × players")
        if value.get("per_team_member"):
            parts.append(f"{value['per_team_member']} × team size")
        return " + ".join(parts)
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _variant_dict(v: Any, players: int | None) -> dict[str, Any]:
    return {
        "id": v.id, "name": dict(v.name), "rule": v.rule, "family": v.family, "sides": v.sides,
        "players": {"min": v.players_min, "max": v.players_max, "even": v.players_even},
        "teams": {"count": v.team_count, "size": v.team_size, "equal": v.equal_teams} if v.team_count else None,
        "aliases": list(v.aliases), "params": v.describe_params(players), "rules": dict(v.rules),
    }
