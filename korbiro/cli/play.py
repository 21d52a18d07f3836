"""``korbiro play``: a whole game of random legal play, every step citing its rule."""

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

#: The players' names, seated in this order.
NAMES = ("Anna", "Béla", "Cili", "Dóra", "Emese", "Feri", "Gábor", "Hanna")


@click.command()
@click.option("--seed", type=Whole(), default=0, show_default=True, help="The seed of the deal and of every choice: "
              "the same seed gives the same game.")
@click.option("--variant", default=None, metavar="NAME",
              help="The variant (two-player, general, omen, kihivas, korbetamadas, szovetsegek, ikerjatek, ket-csapat; "
                   "`korbiro game variants` lists them); default: two-player for 2 players, general for more.")
@click.option("--players", "count", type=Whole(2, len(NAMES)), default=None,
              help="How many players (default: 2, or the variant's smallest number).")
@click.option("--deck", "decks", multiple=True, type=click.Path(exists=True, dir_okay=False), metavar="FILE",
              help="A deck list for the next player (repeatable; default: the shipped sample decks, in turn).")
@click.option("--max-rounds", type=Whole(1, 1000), default=100, show_default=True,
              help="Stop a game that has not ended after this many rounds (its result is then 'unfinished').")
@click.option("--scenario-out", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Also write the game as a ruling scenario (YAML) that `korbiro resolve` replays step for step.")
@click.option("--state-out", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Also write the final state as a state file that `korbiro game result` reads.")
@db_option
@format_option(("text", "json"))
@lang_option
@click.pass_context
def play(ctx: click.Context, seed: int, variant: str | None, count: int | None, decks: tuple[str, ...],
         max_rounds: int, scenario_out: str | None, state_out: str | None, db: str | None, fmt: str,
         lang: str | None) -> None:
    """Play a whole game with random legal actions and print its trace and result.

    Each player gets a deck (the shipped sample decks in turn, or --deck),
    shuffled by the seed; the game starts with the first draw (1.02.B) and
    runs round by round as the rulebook runs them, until the victory rules of
    the variant end it (1.01, 12.00).  At every step the player to act takes
    a random one of their legal actions.  Every trace line names its rule.

    Exit 0 when the game ended (a win or a draw), 1 when it stopped
    unfinished (at --max-rounds, or stuck: nothing but MP changed for 10
    rounds), 2 on a bad option, deck or database.

    \b
    Examples:
      korbiro play --seed 1
      korbiro play --seed 7 --variant omen --players 4 --lang hu
      korbiro play --seed 3 --format json > game.json
      korbiro play --seed 1 --scenario-out game.yaml && korbiro resolve game.yaml
    """
    from ..base.errors import KorbiroError
    from ..base.i18n import detect_lang

    lang = detect_lang(lang)
    if scenario_out is not None or state_out is not None:  # before the game is played
        check_outputs([("--scenario-out", scenario_out), ("--state-out", state_out)], [*decks, *database_inputs(db)])
    try:
        out = _play(seed, variant, count, decks, max_rounds, db)
        if scenario_out is not None:
            _write_yaml(scenario_out, out["record"].scenario(f"korbiro play --seed {seed}"
                                                             + (f" --variant {out['variant']}" if variant else "")))
        if state_out is not None:
            _write_yaml(state_out, out["engine"].table.ending.state_data())
    except KorbiroError as exc:
        echo_errors(exc, lang)
        ctx.exit(2)
    record, eng = out["record"], out["engine"]
    verdict, who, rule, reason = record.result()
    if fmt == "json":
        echo_json({"seed": seed, "variant": out["variant"], "format": eng.format.key,
                   "players": [{"name": n, "deck": d} for n, d in out["seats"]],
                   "rounds": eng.state.round if eng.over else eng.state.round - 1,
                   "steps": len(record.steps),
                   "result": {"verdict": verdict, "winners": list(who), "rule": rule, "reason": reason},
                   "trace": [e.to_dict(lang) for e in eng.state.trace]})
    else:
        from ..base.i18n import message

        seats = ", ".join(f"{n} ({d})" for n, d in out["seats"])
        click.echo(message("CLI.play.game", lang, variant=out["variant"], format=eng.format.key, seed=seed, seats=seats))
        for e in eng.state.trace:
            click.echo(e.render(lang))
        click.echo(message("CLI.play.result", lang, verdict=f"play-{verdict}",
                           who=": " + ", ".join(who) if who else "", rule=rule, steps=len(record.steps)))
    ctx.exit(0 if eng.over else 1)


def _play(seed: int, variant: str | None, count: int | None, decks: tuple[str, ...], max_rounds: int,
          db: str | None) -> dict[str, Any]:
    from ..app import Session
    from ..base.errors import UsageError
    from ..rules.mk.timeline.game import SAMPLE_DECKS, RandomPolicy, deal, play, sample_decks
    from ..rules.mk.victory import load_variants

    chosen = load_variants().get(variant) if variant is not None else None
    n = count or (max(2, chosen.players_min) if chosen is not None else 2)
    if chosen is not None and (n < chosen.players_min or (chosen.players_max is not None and n > chosen.players_max)):
        most = f"–{chosen.players_max}" if chosen.players_max is not None else " or more"
        raise UsageError("MK-PLAY-PLAYERS", f"{chosen.id} is for {chosen.players_min}{most} players, not {n}",
                         hu=f"a(z) {chosen.id} {chosen.players_min}{most.replace(' or more', ' vagy több')} játékosra való, nem {n}")
    if chosen is not None and chosen.players_even and n % 2:
        raise UsageError("MK-PLAY-PLAYERS", f"{chosen.id} needs an even number of players, not {n}",
                         hu=f"a(z) {chosen.id} páros számú játékost kíván, nem {n}-t")
    session = Session(db)
    session.index  # noqa: B018 - the database before the decks: its problems first
    lists = [session.read_deck(path) for path in decks] or list(sample_decks())
    names = [d if decks else f"{SAMPLE_DECKS[i]}" for i, d in enumerate(decks or SAMPLE_DECKS)]
    seats = [(NAMES[i], lists[i % len(lists)]) for i in range(n)]
    eng = deal(seats, session.lookup, seed=seed,
               variant=chosen.id if chosen is not None else None)
    record = play(eng, RandomPolicy(seed), max_rounds=max_rounds)
    return {"record": record, "engine": eng, "variant": eng.table.seating.variant_name,
            "seats": [(NAMES[i], names[i % len(names)]) for i in range(n)]}


def _write_yaml(path: str, data: Any) -> None:
    import yaml

    from ._common import write_output_file

    write_output_file(path, yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=120))
