"""``korbiro resolve FILE…``: resolve ruling scenarios on the timeline (időfonal)."""

from __future__ import annotations

from typing import Any

import click

from ._common import (
    Whole,
    check_outputs,
    database_inputs,
    db_option,
    echo_errors,
    echo_json,
    format_option,
    lang_option,
)


def _options(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for value in values:
        name, sep, val = value.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"{value!r} is not NAME=VALUE")
        out[name.strip()] = val.strip()
    return out


@click.command("resolve")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@db_option
@format_option(("text", "json"))
@lang_option
@click.option("--option", "options", multiple=True, callback=_options, metavar="NAME=VALUE",
              help="Override a scenario option (a reading of a rulebook gap; docs/rulings.md). Repeatable.")
@click.option("--legal", is_flag=True, help="List what each player may do at the end (or at --at): every legal "
              "action with its choices and the rule that permits it.")
@click.option("--at", "at_step", type=Whole(min=0), default=None, metavar="STEP",
              help="With --legal: stop after script step STEP (0: the setup) and list from there.")
@click.option("--player", default=None, metavar="NAME", help="With --legal: only this player's actions.")
@click.option("--state-out", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Write the final state (of the one FILE) as a state file that `korbiro game result` reads.")
@click.pass_context
def resolve(ctx: click.Context, files: tuple[str, ...], db: str | None, fmt: str, lang: str | None,
            options: dict[str, str], legal: bool, at_step: int | None, player: str | None,
            state_out: str | None) -> None:
    """Resolve each ruling scenario FILE and print its numbered trace.

    Every trace line names the MK rule behind it; rules of the archived page
    are marked "archived" and apply only in scenarios of format archivalt.
    With an ``expect:`` block a scenario is a test: a mismatch is printed as
    a diff.  An action that breaks a rule is refused with that rule and the
    script goes on.

    Exit 0 when every scenario passes, 1 when an expectation fails or an
    action was refused unexpectedly, 2 when a file cannot be read or is not
    a valid scenario (file:line).  A refused action is shown at its step,
    with the rule that forbids it and what would make it legal.

    With --legal, what each player may do after the script (or after step
    --at) is listed: each action form in the action language, with the
    choices left in ⟨…⟩ and the rule that permits it (docs/scenarios.md).

    \b
    Examples:
      korbiro resolve examples/rulings/kincskereses-osszeadodik.yaml
      korbiro resolve examples/rulings/*.yaml --format json
      korbiro resolve ruling.yaml --option neutralised_to=melyseg --lang hu
      korbiro resolve ruling.yaml --legal --at 2 --player Anna
    """
    from ..app import Session
    from ..base.errors import DataError, KorbiroError
    from ..base.i18n import detect_lang
    from ..rules.mk.timeline.rules import OPTIONS
    from ..rules.mk.timeline.scenario import error_to_dict, legal_after, legal_to_dict

    lang = detect_lang(lang)
    if (at_step is not None or player is not None) and not legal:
        raise click.UsageError("--at and --player go with --legal")
    if state_out is not None and len(files) != 1:
        raise click.UsageError("--state-out writes the state of one scenario: give one FILE")
    for name in options:
        if name not in OPTIONS:
            raise click.BadParameter(f"unknown option {name!r}; known: {', '.join(OPTIONS)}", param_hint="'--option'")
    session = Session(db)
    try:
        session.index  # noqa: B018 - an unreadable database: exit 2
    except DataError as exc:
        echo_errors(exc, lang)
        ctx.exit(2)
    if state_out is not None:  # before any scenario runs
        check_outputs([("--state-out", state_out)], [*files, *database_inputs(db)])

    worst = 0
    out: list[dict[str, Any]] = []
    for path in files:
        try:
            result = session.resolve(path, options=options, until=at_step if legal else None)
            listing = legal_after(result, player, at=at_step) if legal else None
            if state_out is not None:
                _write_state(result, state_out)
        except KorbiroError as exc:
            worst = 2
            if fmt == "json":
                out.append(error_to_dict(path, exc, lang))
            else:
                echo_errors(exc.findings, lang)
            continue
        if not result.passed:
            worst = max(worst, 1)
        if fmt == "json":
            entry = result.to_dict(lang)
            if listing is not None:
                entry["legal"] = legal_to_dict(listing, at_step if at_step is not None else len(result.steps))
            out.append(entry)
            continue
        _print_text(result, lang)
        if listing is not None:
            _print_legal(listing, at_step if at_step is not None else len(result.steps), lang)
    if fmt == "json":
        echo_json(out)
    ctx.exit(worst)


def _write_state(result: Any, path: str) -> None:
    """The scenario's final state as a state file (docs/game-result.md): its variant's, or for a ruling that
    is not played out the two-player game's (the common rules of 12.00 for more players)."""
    import yaml

    from ..rules.mk.timeline.ending import Ending
    from ._common import write_output_file

    table = result.engine.table
    ending = table.ending or Ending(table, table.seating, "two-player" if len(table.state.players) == 2 else "general")
    write_output_file(path, yaml.safe_dump(ending.state_data(), allow_unicode=True, sort_keys=False))


def _print_legal(listing: dict[str, list[Any]], after: int, lang: str) -> None:
    from ..base.i18n import message

    click.echo("  " + message("CLI.resolve.legal", lang, step=after))
    for name, forms in listing.items():
        click.echo("    " + message("CLI.resolve.none", lang, player=name) if not forms else f"    {name}:")
        width = max((len(f.text(lang)) for f in forms), default=0)
        for f in forms:
            click.echo(f"      {f.text(lang):<{width}}  [{f.rule}]")


def _print_text(result: Any, lang: str) -> None:
    from ..base.i18n import message

    dated = "" if result.date is None else message("CLI.resolve.dated", lang, date=str(result.date))
    click.echo(f"{result.path}: {result.title} [{result.format}{dated}]")
    starts = sorted((n, s, ln, t) for s, ln, t, n in result.steps)
    refused = {r.step: r for r in result.refusals}
    shown_to = 0
    for i, (first, s, ln, t) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(result.trace) + 1
        events = [e for e in result.trace if first <= e.n < end]
        for event in [e for e in result.trace if shown_to < e.n < first]:
            click.echo("  " + event.render(lang))
        click.echo("  " + message("CLI.resolve.step", lang, step=s, line=ln, text=t))
        for event in events:
            click.echo("  " + event.render(lang))
        shown_to = max(shown_to, end - 1)
        r = refused.get(s)
        if r is not None:
            click.echo("    " + message("CLI.resolve.refused", lang, rule=r.rule, why=r.message, why_hu=r.hu))
            if r.remedy is not None:
                click.echo("      " + message("CLI.resolve.remedy", lang, remedy=r.remedy[0], remedy_hu=r.remedy[1]))
    for event in [e for e in result.trace if e.n > shown_to]:
        click.echo("  " + event.render(lang))
    if result.passed:
        click.echo("  " + message("CLI.resolve.pass" if result.has_expect else "CLI.resolve.done", lang))
    else:
        click.echo("  " + message("CLI.resolve.fail", lang))
        for d in result.diffs:
            click.echo(f"  - {d.text(lang)}")
