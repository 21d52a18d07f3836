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
@click.option("--human", "humans", multiple=True, metavar="NAME",
              help="This player is played by a person at the terminal (repeatable: two people at one screen); "
                   "the others by the computer (docs/play.md).")
@click.option("--opponent", default="random", show_default=True, metavar="NAME",
              help="The computer player (random or bot): of the other seats with --human, else of every seat.")
@click.option("--continue", "resume", type=click.Path(exists=True, dir_okay=False), default=None, metavar="FILE",
              help="Continue a game saved with `save FILE` (with --human).")
@db_option
@format_option(("text", "json"))
@lang_option
@click.pass_context
def play(ctx: click.Context, seed: int, variant: str | None, count: int | None, decks: tuple[str, ...],
         max_rounds: int, scenario_out: str | None, state_out: str | None, humans: tuple[str, ...], opponent: str,
         resume: str | None, db: str | None, fmt: str, lang: str | None) -> None:
    """Play a whole game with random legal actions and print its trace and result;
    with --human, people play some seats at the terminal.

    Each player gets a deck (the shipped sample decks in turn, or --deck),
    shuffled by the seed; the game starts with the first draw (1.02.B) and
    runs round by round as the rulebook runs them, until the victory rules of
    the variant end it (1.01, 12.00).  At every step the player to act takes
    a random one of their legal actions (with --opponent bot, the computer
    player's choice).  Every trace line names its rule.

    With --human NAME that player is a person at the terminal: at each of
    their decisions the screen shows the situation and the numbered legal
    actions, each with its rule; they type a number, an action in the
    scenario language, or undo, save FILE, help, quit.  --continue FILE
    goes on with a saved game.

    Exit 0 when the game ended (a win or a draw), 1 when it stopped
    unfinished (at --max-rounds, or stuck: nothing but MP changed for 10
    rounds, or a person quit), 2 on a bad option, deck, saved game or
    database.

    \b
    Examples:
      korbiro play --seed 1
      korbiro play --seed 7 --variant omen --players 4 --lang hu
      korbiro play --seed 3 --format json > game.json
      korbiro play --seed 1 --scenario-out game.yaml && korbiro resolve game.yaml
      korbiro play --seed 2 --opponent bot
      korbiro play --human Anna --opponent random
      korbiro play --continue game.yaml --human Anna
    """
    from ..base.errors import KorbiroError
    from ..base.i18n import detect_lang

    lang = detect_lang(lang)
    if humans or resume is not None:
        ctx.exit(_at_the_table(ctx, seed, variant, count, decks, max_rounds, humans, opponent, resume, db, fmt, lang))
    if scenario_out is not None or state_out is not None:  # before the game is played
        check_outputs([("--scenario-out", scenario_out), ("--state-out", state_out)], [*decks, *database_inputs(db)])
    try:
        out = _play(seed, variant, count, decks, max_rounds, db, opponent)
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
          db: str | None, opponent: str = "random") -> dict[str, Any]:
    from ..app import Session
    from ..rules.mk.timeline.game import deal, play
    from ..rules.mk.timeline.policies import make_policy

    policy = make_policy(opponent, seed)  # an unknown name before the database is read
    chosen, n = _variant(variant, count)
    session = Session(db)
    lists, names = _decks(session, decks)
    seats = [(NAMES[i], lists[i % len(lists)]) for i in range(n)]
    eng = deal(seats, session.lookup, seed=seed,
               variant=chosen.id if chosen is not None else None)
    record = play(eng, policy, max_rounds=max_rounds)
    return {"record": record, "engine": eng, "variant": eng.table.seating.variant_name,
            "seats": [(NAMES[i], names[i % len(names)]) for i in range(n)]}


def _variant(variant: str | None, count: int | None) -> tuple[Any, int]:
    """The variant asked for (None: the default for the number of players) and the number of players."""
    from ..base.errors import UsageError
    from ..rules.mk.victory import load_variants

    chosen = load_variants().get(variant) if variant is not None else None
    n = count or (max(2, chosen.players_min) if chosen is not None else 2)
    if chosen is not None and (n < chosen.players_min or (chosen.players_max is not None and n > chosen.players_max)):
        key = "MK-PLAY-PLAYERS.range" if chosen.players_max is not None else "MK-PLAY-PLAYERS.more"
        raise UsageError.said(key, variant=chosen.id, low=chosen.players_min, high=chosen.players_max, n=n)
    if chosen is not None and chosen.players_even and n % 2:
        raise UsageError.said("MK-PLAY-PLAYERS.even", variant=chosen.id, n=n)
    return chosen, n


def _decks(session: Any, decks: tuple[str, ...]) -> tuple[list[Any], list[str]]:
    """The deck lists (--deck, else the sample decks) and the names they are shown with."""
    from ..rules.mk.timeline.game import SAMPLE_DECKS, sample_decks

    session.index  # noqa: B018 - the database before the decks: its problems first
    lists = [session.read_deck(path) for path in decks] or list(sample_decks())
    names = [d if decks else f"{SAMPLE_DECKS[i]}" for i, d in enumerate(decks or SAMPLE_DECKS)]
    return lists, names


def _write_yaml(path: str, data: Any) -> None:
    import yaml

    from ._common import write_output_file

    write_output_file(path, yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=120))


def _at_the_table(ctx: click.Context, seed: int, variant: str | None, count: int | None, decks: tuple[str, ...],
                  max_rounds: int, humans: tuple[str, ...], opponent: str, resume: str | None, db: str | None,
                  fmt: str, lang: str) -> int:
    """``play --human``/``--continue``: the game at the terminal; its exit code."""
    from ..base.errors import KorbiroError, UsageError
    from ..base.i18n import message
    from .table import Terminal

    try:
        if fmt != "text":
            raise UsageError.said("CLI.play.human-json")
        if resume is not None:
            sitting = _resumed(ctx, resume, seed, max_rounds, humans, opponent, db)
        else:
            sitting = _dealt(seed, variant, count, decks, max_rounds, humans, opponent, db)
    except KorbiroError as exc:
        echo_errors(exc, lang)
        return 2
    click.echo(message("CLI.play.game", lang, variant=sitting.head["variant"], format=sitting.head["format"],
                       seed=seed, seats=", ".join(p["name"] for p in sitting.head["setup"]["players"])))
    terminal = Terminal(sitting, lang, [*decks, *database_inputs(db)])
    terminal.run()
    result = sitting.view(None, lang).get("result")
    if result is None:  # a person quit
        return 1
    who = result["winners"]
    click.echo(message("CLI.play.result", lang, verdict=f"play-{result['verdict']}",
                       who=": " + ", ".join(who) if who else "", rule=result["rule"], steps=len(sitting.steps)))
    return 0 if sitting.engine.over else 1


def _dealt(seed: int, variant: str | None, count: int | None, decks: tuple[str, ...], max_rounds: int,
           humans: tuple[str, ...], opponent: str, db: str | None) -> Any:
    """A new game at the table: the decks dealt as ``korbiro play`` deals them."""
    from ..app import Session
    from ..rules.mk.timeline.sitting import Sitting

    chosen, n = _variant(variant, count)
    session = Session(db)
    lists, names = _decks(session, decks)
    seats = [(NAMES[i], lists[i % len(lists)]) for i in range(n)]
    title = f"korbiro play --seed {seed}" + (f" --variant {chosen.id}" if chosen is not None else "")
    return Sitting.deal(seats, session.lookup, humans=humans, opponent=opponent, seed=seed,
                        variant=chosen.id if chosen is not None else None, max_rounds=max_rounds, title=title)


def _resumed(ctx: click.Context, path: str, seed: int, max_rounds: int, humans: tuple[str, ...], opponent: str,
             db: str | None) -> Any:
    """A saved game at the table, replayed to where it stopped."""
    from ..app import Session
    from ..base.errors import UsageError
    from ..rules.mk.timeline.sitting import Seats, Sitting

    for option in ("variant", "count", "decks"):
        if ctx.get_parameter_source(option) == click.core.ParameterSource.COMMANDLINE:
            raise UsageError.said("CLI.play.continue-alone", option={"variant": "--variant", "count": "--players",
                                                                     "decks": "--deck"}[option])
    if not humans:
        raise UsageError.said("CLI.play.continue-needs-human")
    session = Session(db)
    return Sitting.from_scenario(path, None, session.lookup, Seats(humans, opponent, seed, max_rounds),
                                 suggest=session.index.suggest)
