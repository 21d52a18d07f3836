"""``korbiro sim``: deck testing, many played games between two decks and what they add up to."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from ._common import Whole, db_option, echo_errors, echo_json, format_option, lang_option

if TYPE_CHECKING:
    from ..rules.mk.timeline.simulate import Match, Tally

#: The policy both decks play by unless told otherwise: random play, fast enough for a thousand games in minutes
#: (the bot looks one ply ahead on a copy of the game for every move: about twenty times slower).
DEFAULT_POLICY = "random"


@click.command()
@click.argument("deck_a", type=click.Path(exists=True, dir_okay=False))
@click.argument("deck_b", type=click.Path(exists=True, dir_okay=False))
@click.option("--games", type=Whole(1, 1_000_000), default=100, show_default=True, help="How many games to play.")
@click.option("--variant", default=None, metavar="NAME",
              help="The variant, one for two players (default: two-player; `korbiro game variants` lists them).")
@click.option("--jobs", type=Whole(1, 64), default=1, show_default=True,
              help="Play in this many processes (the figures are the same for any number).")
@click.option("--seed", type=Whole(), default=0, show_default=True,
              help="The run's seed: game i is dealt and played from a seed of --seed and i only.")
@click.option("--policy", default=None, metavar="NAME",
              help=f"The policy both decks play by (random, bot; default: {DEFAULT_POLICY}).")
@click.option("--policies", default=None, metavar="A,B", help="Deck A's policy and deck B's, e.g. bot,random.")
@click.option("--max-rounds", type=Whole(1, 1000), default=100, show_default=True,
              help="Stop a game that has not ended after this many rounds (it counts as unfinished).")
@db_option
@format_option(("text", "json"))
@lang_option
@click.pass_context
def sim(ctx: click.Context, deck_a: str, deck_b: str, games: int, variant: str | None, jobs: int, seed: int,
        policy: str | None, policies: str | None, max_rounds: int, db: str | None, fmt: str, lang: str | None) -> None:
    """Test two decks against each other: play many games and count.

    Plays --games games of DECK_A against DECK_B, deck A's player sitting
    first in the even games and deck B's in the odd ones, each game played to
    its end by the victory rules of the variant (1.01, 12.00).  Prints deck
    A's win rate with its 95% confidence interval (Wilson), the draws and
    unfinished games, the average game length, and how the games ended (the
    rule the engine cites).  The same --seed gives the same figures, with any
    --jobs.

    Exit 0 when every game was played, 2 on a bad option, deck or database.

    \b
    Examples:
      korbiro sim a.deck b.deck --games 1000 --jobs 2
      korbiro sim a.deck b.deck --games 200 --policies bot,random --format json
    """
    from ..base.errors import KorbiroError
    from ..base.i18n import detect_lang

    lang = detect_lang(lang)
    try:
        match = _match(deck_a, deck_b, variant, _policies(policy, policies), seed, max_rounds, db)
    except KorbiroError as exc:
        echo_errors(exc, lang)
        ctx.exit(2)
    tally = _run(match, games, jobs, bar=fmt == "text" and sys.stderr.isatty())
    if fmt == "json":
        echo_json({"deck_a": deck_a, "deck_b": deck_b, "variant": variant or "two-player", "seed": seed,
                   "policies": list(match.policies), **tally.to_dict()})
    else:
        _echo_text(deck_a, deck_b, match, tally, lang)
    ctx.exit(0)


def _policies(policy: str | None, policies: str | None) -> tuple[str, str]:
    from ..base.errors import UsageError

    if policy is not None and policies is not None:
        raise UsageError.said("CLI.sim.policy-both")
    if policies is None:
        return (policy or DEFAULT_POLICY,) * 2
    names = [p.strip() for p in policies.split(",")]
    if len(names) != 2:
        raise UsageError.said("CLI.sim.policies", given=policies)
    return (names[0], names[1])


class DatabaseCards:
    """The card of a name in the database of ``--db``: its index opened once in each process that asks (it travels
    to the processes of ``--jobs`` as the database's name)."""

    def __init__(self, db: str | None) -> None:
        self.db = db
        self._session: Any = None

    def __getstate__(self) -> dict[str, Any]:
        return {"db": self.db, "_session": None}

    def __call__(self, name: str) -> Any:
        if self._session is None:
            from ..app import Session  # lazy: a process opens the index when it first deals

            self._session = Session(self.db)
        return self._session.lookup(name)


def _match(deck_a: str, deck_b: str, variant: str | None, policies: tuple[str, str], seed: int, max_rounds: int,
           db: str | None) -> Match:
    from ..app import Session
    from ..rules.mk.timeline.simulate import Match

    session = Session(db)
    session.index  # noqa: B018 - the database before the decks: its problems first
    decks = [session.read_deck(path) for path in (deck_a, deck_b)]
    cards = DatabaseCards(db)
    cards._session = session
    match = Match(decks[0], decks[1], cards, variant, policies, seed, max_rounds)
    match.check()
    return match


def _run(match: Match, games: int, jobs: int, *, bar: bool) -> Tally:
    from ..rules.mk.timeline.simulate import Tally, run

    if not bar:
        return Tally.of(run(match, games, jobs))
    with click.progressbar(length=games, file=sys.stderr) as progress:
        return Tally.of(run(match, games, jobs, on_game=lambda _: progress.update(1)))


def _echo_text(deck_a: str, deck_b: str, match: Match, tally: Tally, lang: str) -> None:
    from ..base.i18n import message

    lo, hi = tally.interval
    args: dict[str, Any] = {"a": deck_a, "b": deck_b, "games": tally.games, "variant": match.variant or "two-player",
                            "policy_a": match.policies[0], "policy_b": match.policies[1], "seed": match.seed}
    click.echo(message("CLI.sim.run", lang, **args))
    click.echo(message("CLI.sim.wins", lang, a=deck_a, wins=tally.a_wins, games=tally.games,
                       rate=100 * tally.win_rate, lo=100 * lo, hi=100 * hi))
    click.echo(message("CLI.sim.others", lang, b=deck_b, wins=tally.b_wins, draws=tally.draws,
                       unfinished=tally.unfinished))
    click.echo(message("CLI.sim.length", lang, rounds=tally.rounds, actions=tally.actions))
    endings = ", ".join(f"{rule} × {n}" for rule, n in tally.endings.items())
    click.echo(message("CLI.sim.endings", lang, endings=endings or "—"))
