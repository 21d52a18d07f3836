"""Who won? The end of an M.A.G.U.S. Kártyajáték game, for every variant.

    decide(state, variant=None) -> Result

Given the players' DP, tower levels and Jövő pakli sizes (and, where the
variant needs them, the teams, an alliance or a knock-out move), decide: a win
(one or more winners), a draw, a new round (1.01.B.3 and its kin), or play on.
Every result names the rule it rests on.

The variants and their numbers are data (``korbiro/data/mk/variants.yaml``,
schema ``mk-variants``); this module has one procedure per *family*:

* ``classic`` – rule 1.01 applied to *sides*: the two players (1.01.A–B), every
  player of a multi-player game (12.00, Ómen), or two teams sharing a tower
  (Ikerjáték 12.00.5.1, Két csapat egymás ellen 12.00.6.B);
* ``alliance`` – Szövetségek (12.00.4): 19 DP at the end of a round, one
  alliance sharing its DP, and the game's three endings;
* ``elimination`` – Kihívás (12.00.2) and Körbetámadás (12.00.3): knock-outs
  with at least 9 or 11 DP put away, victory points, the last player left in.

    >>> state = ResultState(players=(ResultPlayer("Anna", 19, 1, 20), ResultPlayer("Béla", 12, 2, 20)),
    ...                     moment=Moment.IMMEDIATE)
    >>> r = decide(state)
    >>> r.verdict.value, r.winners, r.rule
    ('win', ('Anna',), '1.01.A.2')
    >>> decide(ResultState(players=(ResultPlayer("Anna", 12, 1, 20), ResultPlayer("Béla", 12, 2, 20)))).verdict.value
    'new-round'

Where the rulebook leaves a question open the choice is documented in
docs/rulings.md ("Game results") and tested in tests/rules/mk/test_game_result.py.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from ...base import i18n
from ...base.errors import DataError, UsageError
from ...base.findings import Finding
from ...base.text import close_matches, fold
from ...data.paths import package_file

__all__ = [
    "Elimination",
    "Member",
    "Moment",
    "Note",
    "Result",
    "ResultPlayer",
    "ResultState",
    "Team",
    "Variant",
    "VariantSet",
    "Verdict",
    "decide",
    "load_state",
    "load_variants",
    "result_of_file",
    "state_from_data",
]


class Verdict(StrEnum):
    """What the check decides."""

    WIN = "win"
    DRAW = "draw"
    NEW_ROUND = "new-round"
    PLAY_ON = "play-on"

    def __str__(self) -> str:
        return self.value


class Moment(StrEnum):
    """When the check happens: at any moment, or at the end of a round (which
    checks the immediate conditions too)."""

    IMMEDIATE = "immediate"
    END_OF_ROUND = "end-of-round"

    def __str__(self) -> str:
        return self.value


# --------------------------------------------------------------------------- messages


def _render(code: str, args: Mapping[str, Any], lang: str) -> str:
    return i18n.message(code, lang, **args)  # korbiro/rules/mk/messages.yaml


@dataclass(frozen=True)
class Note:
    """Something that happened on the way to the verdict (a player out, a knock-out refused)."""

    code: str
    rule: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        return _render(self.code, self.args, lang)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"code": self.code, "rule": self.rule, "message": self.message(lang)}


@dataclass(frozen=True)
class Result:
    """The verdict: who won (if anyone), on which rule, and why."""

    verdict: Verdict
    winners: tuple[str, ...]
    rule: str
    code: str
    args: Mapping[str, Any]
    variant: str
    moment: Moment
    #: Players out of the game because of this check (in order).
    eliminated: tuple[str, ...] = ()
    #: Players sharing a draw.
    drawn: tuple[str, ...] = ()
    notes: tuple[Note, ...] = ()

    @property
    def reason(self) -> str:
        """Why, in English."""
        return self.message("en")

    def message(self, lang: str = "en") -> str:
        return _render(self.code, self.args, lang)

    def headline(self, lang: str = "en") -> str:
        """``win: Anna [1.01.A.2]``."""
        word = i18n.Words("MK-VERDICT", lang)[self.verdict.value]
        who = ", ".join(self.winners) if self.verdict is Verdict.WIN else ", ".join(self.drawn)
        return f"{word}{': ' + who if who else ''} [{self.rule}]"

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "verdict": self.verdict.value,
            "winners": list(self.winners),
            "drawn": list(self.drawn),
            "rule": self.rule,
            "code": self.code,
            "reason": self.message(lang),
            "variant": self.variant,
            "moment": self.moment.value,
            "eliminated": list(self.eliminated),
            "notes": [n.to_dict(lang) for n in self.notes],
        }


# --------------------------------------------------------------------------- state


@dataclass(frozen=True)
class ResultPlayer:
    """A player of a game without teams."""

    name: str
    dp: int
    tower_levels: int
    future_deck: int
    out: bool = False
    #: Kihívás: players this player has knocked out so far.
    eliminations: int = 0
    #: Körbetámadás: victory points so far.
    victory_points: int = 0


@dataclass(frozen=True)
class Member:
    """A player of a team (the team holds the tower levels)."""

    name: str
    dp: int
    future_deck: int


@dataclass(frozen=True)
class Team:
    """A pair (Ikerjáték) or a team (Két csapat egymás ellen): shared tower levels and buildings."""

    name: str
    tower_levels: int
    players: tuple[Member, ...]
    buildings: int | None = None


@dataclass(frozen=True)
class Elimination:
    """A knock-out at this moment: Kihívás 12.00.2.C, Körbetámadás 12.00.3.C–D."""

    by: str
    target: str | None = None
    #: ``dp`` (DP put away), ``siege`` (the target's last tower level fell to ``by``)
    #: or ``alternative-win`` (an effect that would have won the game).
    how: str = "dp"
    quests: tuple[int, ...] = ()
    buildings: tuple[int, ...] = ()
    effects: tuple[int, ...] = ()

    def sources(self) -> dict[str, tuple[int, ...]]:
        return {"quests": self.quests, "buildings": self.buildings, "effects": self.effects}


Locate = Callable[[tuple[str | int, ...]], tuple[int, int]]


@dataclass(frozen=True)
class ResultState:
    """The game at one moment, as ``korbiro game result`` reads it: only what the victory rules weigh (the
    engine's whole state is :class:`~.timeline.model.GameState`; a played game's ending makes this snapshot
    of it)."""

    players: tuple[ResultPlayer, ...] = ()
    teams: tuple[Team, ...] = ()
    moment: Moment = Moment.END_OF_ROUND
    variant: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    alliance: tuple[str, ...] = ()
    elimination: Elimination | None = None
    #: No tower level has stood in this game (a ruling set up without any): nobody has lost one, so the tower
    #: conditions of the immediate end (1.01.A.1, 1.01.A.3 and their kin) do not apply.
    no_tower_levels: bool = False
    #: A card's text has won the game (1.01): the player it won for and why (``card_win``), or None.
    card_win: tuple[str, str] | None = None
    #: Where the state was read from, and the line and column of each value.
    path: str | None = field(default=None, compare=False)
    locate: Locate | None = field(default=None, compare=False, repr=False)

    @property
    def player_names(self) -> tuple[str, ...]:
        if self.teams:
            return tuple(m.name for t in self.teams for m in t.players)
        return tuple(p.name for p in self.players)

    @property
    def player_count(self) -> int:
        return len(self.player_names)


def state_from_data(data: Any, path: str | None = None, locate: Locate | None = None) -> ResultState:
    """A :class:`ResultState` from already schema-valid data (see ``load_state``)."""
    players = tuple(
        ResultPlayer(p["name"], p["dp"], p["tower_levels"], p["future_deck"], bool(p.get("out", False)),
               int(p.get("eliminations", 0)), int(p.get("victory_points", 0)))
        for p in data.get("players", ())
    )
    teams = tuple(
        Team(t["name"], t["tower_levels"], tuple(Member(m["name"], m["dp"], m["future_deck"]) for m in t["players"]),
             t.get("buildings"))
        for t in data.get("teams", ())
    )
    elim = data.get("elimination")
    elimination = None
    if elim is not None:
        elimination = Elimination(elim["by"], elim.get("target"), elim.get("how", "dp"), tuple(elim.get("quests", ())),
                                  tuple(elim.get("buildings", ())), tuple(elim.get("effects", ())))
    return ResultState(
        players=players, teams=teams, moment=Moment(data.get("moment", "end-of-round")),
        variant=data.get("variant"), options=dict(data.get("options", {})),
        alliance=tuple(data.get("alliance", ())), elimination=elimination,
        no_tower_levels=bool(data.get("no_tower_levels", False)), path=path, locate=locate,
        card_win=(data["card_win"]["player"], data["card_win"]["reason"]) if data.get("card_win") else None,
    )


def load_state(path: str | os.PathLike[str]) -> ResultState:
    """Read a state file with the strict loader and check it against ``mk-result-state``.

    Raises :class:`~korbiro.base.errors.DataError` with every finding (file:line)
    when the file is unreadable or invalid.
    """
    # lazy: the victory rules over a state in memory need neither
    from ...base.yamlload import load_yaml_file
    from ...data.schema import iter_schema_findings

    doc = load_yaml_file(path)
    problems = list(iter_schema_findings(doc, "mk-result-state"))
    if problems:
        _raise(problems, doc.path)
    return state_from_data(doc.data, doc.path, doc.mark)


def result_of_file(path: str | os.PathLike[str], variant: str | None = None) -> Result:
    """Load a state file and decide it (``variant`` overrides the file's)."""
    state = load_state(path)
    return decide(state, variant)


def _raise(problems: Sequence[Finding], path: str | None) -> None:
    head = problems[0]
    err = DataError(head.code, head.message, path=path or head.file, line=head.line, column=head.column)
    err.findings = list(problems)
    raise err


# --------------------------------------------------------------------------- variants


@dataclass(frozen=True)
class Variant:
    """One variant of ``variants.yaml``."""

    id: str
    name: Mapping[str, str]
    rule: str
    family: str
    sides: str
    players_min: int
    players_max: int | None
    players_even: bool
    params: Mapping[str, Any]
    rules: Mapping[str, str]
    aliases: tuple[str, ...] = ()
    team_count: int | None = None
    team_size: int | None = None
    equal_teams: bool = False
    description: Mapping[str, str] | None = None

    def value(self, name: str, players: int, team_size: int = 1, options: Mapping[str, Any] | None = None) -> Any:
        """A parameter for a game of *players* players (teams of *team_size*), after *options*."""
        raw = options[name] if options and name in options else self.params.get(name)
        if isinstance(raw, dict):
            return int(raw.get("base", 0)) + int(raw.get("per_player", 0)) * players + \
                int(raw.get("per_team_member", 0)) * team_size
        return raw

    def describe_params(self, players: int | None = None, team_size: int | None = None) -> dict[str, Any]:
        """The parameters, with formulas worked out when *players* is given."""
        out: dict[str, Any] = {}
        for k, v in self.params.items():
            if isinstance(v, dict) and players is not None:
                out[k] = self.value(k, players, team_size or (players // (self.team_count or 1)))
            else:
                out[k] = v
        return out


class VariantSet:
    """Every variant, found by id, name or alias (accents and case ignored)."""

    def __init__(self, variants: Mapping[str, Variant], defaults: Mapping[str, str]) -> None:
        self.variants = dict(variants)
        self.defaults = dict(defaults)
        self._names: dict[str, str] = {}
        for v in self.variants.values():
            for n in (v.id, v.name["hu"], v.name["en"], *v.aliases):
                self._names.setdefault(fold(n), v.id)
                self._names.setdefault(fold(n).replace("-", " "), v.id)

    def __iter__(self) -> Any:
        return iter(self.variants.values())

    def get(self, name: str) -> Variant:
        """The variant called *name*; :class:`UsageError` with suggestions otherwise."""
        key = self._names.get(fold(name)) or self._names.get(fold(name).replace("-", " "))
        if key is not None:
            return self.variants[key]
        close = close_matches(fold(name), self._names, cutoff=0.5)
        ids = list(dict.fromkeys(self._names[c] for c in close))
        hint = i18n.part("MK-SCENARIO-MEAN", names=i18n.joined(map(repr, ids), "or", "en"),
                         names_hu=i18n.joined(map(repr, ids), "or", "hu")) if ids else ""
        raise UsageError.said("MK-RESULT-VARIANT", name=name, hint=hint)

    def for_state(self, state: ResultState) -> Variant:
        """The variant a state gets when none is named."""
        if state.teams:
            sizes = [len(t.players) for t in state.teams]
            key = "two_teams_of_two" if sizes == [2, 2] else "two_teams"
        else:
            key = "two_players" if len(state.players) == 2 else "more_players"
        return self.variants[self.defaults[key]]


@cache
def load_variants() -> VariantSet:
    """The shipped variants (``korbiro/data/mk/variants.yaml``), loaded and checked once."""
    return load_variants_file(str(package_file("data/mk/variants.yaml")))


#: korbiro's files whose code decides what :func:`load_variants_file` makes of a file (package-relative;
#: ``tests/rules/mk/test_remembered.py`` checks that every korbiro module the loader runs is here or cannot change it)
VARIANTS_CODE: tuple[str, ...] = (
    "rules/mk/victory.py", "base/yamlload.py", "base/text.py", "base/errors.py", "base/findings.py", "base/limits.py",
    "data/schema.py",
)


def load_variants_file(path: str | os.PathLike[str]) -> VariantSet:
    """Load and check a variants file (schema ``mk-variants``; default ids must exist).

    A file that passes is remembered in korbiro's cache under the digest of its
    bytes, of its schema and of the code that checks it (:data:`VARIANTS_CODE`):
    the next command reads the variants without reading the YAML again.
    """
    # lazy: only a command that reads a variants file reads the cache
    from ...data.cache import Remembered

    try:
        raw = Path(path).read_bytes()
        schema = package_file("data/schemas/mk-variants.schema.json").read_bytes()
    except OSError:
        return _load_variants_file(path)  # the loader says why
    remembered = Remembered("variants", VARIANTS_CODE, [raw, schema])
    known = remembered.get()
    if isinstance(known, dict):
        try:
            return VariantSet({v["id"]: Variant(**{**v, "aliases": tuple(v["aliases"])}) for v in known["variants"]},
                              known["default"])
        except (KeyError, TypeError, ValueError):
            pass  # an entry of another shape: check the file again
    found = _load_variants_file(path)
    remembered.put({"variants": [asdict(v) for v in found], "default": found.defaults})
    return found


def _load_variants_file(path: str | os.PathLike[str]) -> VariantSet:
    # lazy: the victory rules over a state in memory need neither
    from ...base.yamlload import load_yaml_file
    from ...data.schema import iter_schema_findings

    doc = load_yaml_file(path)
    problems = list(iter_schema_findings(doc, "mk-variants"))
    if problems:
        _raise(problems, doc.path)
    variants: dict[str, Variant] = {}
    for vid, v in doc.data["variants"].items():
        teams = v.get("teams", {})
        variants[vid] = Variant(
            id=vid, name=dict(v["name"]), rule=v["rule"], family=v["family"], sides=v["sides"],
            players_min=v["players"]["min"], players_max=v["players"].get("max"),
            players_even=bool(v["players"].get("even", False)), params=dict(v["params"]), rules=dict(v["rules"]),
            aliases=tuple(v.get("aliases", ())), team_count=teams.get("count"), team_size=teams.get("size"),
            equal_teams=bool(teams.get("equal", False)),
            description=dict(v["description"]) if "description" in v else None,
        )
    for key, vid in doc.data["default"].items():
        if vid not in variants:
            line, col = doc.mark(("default", key))
            text, args = i18n.said("MK-VARIANTS-DEFAULT", key=key, variant=vid)
            problems.append(Finding("MK-VARIANTS-DEFAULT", text, file=doc.path, line=line, column=col, args=args))
    if problems:
        _raise(problems, doc.path)
    return VariantSet(variants, doc.data["default"])


# --------------------------------------------------------------------------- checking a state


#: The problems that make a state unfit for a variant (``check_state``).


def check_state(state: ResultState, variant: Variant) -> list[Finding]:
    """What makes *state* unfit for *variant* (each a finding at its line when known)."""
    out: list[Finding] = []
    labels = {"label": f"{variant.name['en']} ({variant.id})", "label_hu": f"{variant.name['hu']} ({variant.id})"}

    def bad(code: str, where: tuple[str | int, ...] = (), *, rule: str | None = None, **args: Any) -> None:
        line, col = state.locate(where) if state.locate else (None, None)
        args = {**labels, **args, **({"rule": rule} if rule else {})}
        message = i18n.message(code, "en", **args)  # korbiro/rules/mk/messages.yaml
        out.append(Finding(code, message, rule=rule or variant.rule, file=state.path, line=line, column=col,
                           args=args))

    names = state.player_names
    seen: set[str] = set()
    for i, name in enumerate(names):
        if fold(name) in seen:
            bad("MK-RESULT-NAME", ("players", i, "name") if not state.teams else ("teams",), name=name)
        seen.add(fold(name))
    if state.card_win is not None and fold(state.card_win[0]) not in seen:
        bad("MK-RESULT-UNKNOWN-PLAYER", ("card_win", "player"), field="card_win", name=state.card_win[0])
    if state.teams:
        tnames = [fold(t.name) for t in state.teams]
        if len(set(tnames)) != len(tnames):
            bad("MK-RESULT-TEAM-NAME", ("teams", 1, "name"), name=state.teams[1].name)
    if variant.sides == "teams" and not state.teams:
        bad("MK-RESULT-NEEDS-TEAMS", ("players",))
        return out
    if variant.sides == "players" and state.teams:
        bad("MK-RESULT-NO-TEAMS", ("teams",))
        return out
    n = state.player_count
    lo, hi = variant.players_min, variant.players_max
    if n < lo or (hi is not None and n > hi):
        need = i18n.both("need", "MK-RESULT-NEED.exactly" if hi == lo else "MK-RESULT-NEED.between" if hi
                         else "MK-RESULT-NEED.at-least", lo=lo, hi=hi)
        bad("MK-RESULT-PLAYER-COUNT", ("teams",) if state.teams else ("players",), **need, count=n)
    if variant.players_even and n % 2:
        bad("MK-RESULT-EVEN", ("teams",), count=n)
    if state.teams:
        sizes = [len(t.players) for t in state.teams]
        if variant.team_count is not None and len(state.teams) != variant.team_count:
            bad("MK-RESULT-TEAM-COUNT", ("teams",), need=variant.team_count, count=len(state.teams))
        if variant.team_size is not None and any(size != variant.team_size for size in sizes):
            bad("MK-RESULT-TEAM-SIZE", ("teams",), need=variant.team_size, sizes=sizes)
        if variant.equal_teams and len(set(sizes)) > 1:
            rule = variant.rules.get("teams", variant.rule)
            bad("MK-RESULT-EQUAL-TEAMS", ("teams",), rule=rule, sizes=sizes)
    _check_fields(state, variant, bad, seen)
    return out


def _check_fields(state: ResultState, variant: Variant, bad: Callable[..., None], seen: set[str]) -> None:
    """The fields of *state* that *variant* does not take, or takes otherwise (``check_state``'s second half:
    *bad* records a finding, *seen* holds the folded player names)."""
    if variant.family != "elimination":
        for i, p in enumerate(state.players):
            if p.eliminations or p.victory_points:
                bad("MK-RESULT-COUNT-FIELD", ("players", i), name=p.name)
    else:
        field_name = "victory_points" if "victory_points_to_win" in variant.params else "eliminations"
        other = "eliminations" if field_name == "victory_points" else "victory_points"
        for i, p in enumerate(state.players):
            if getattr(p, other):
                bad("MK-RESULT-WRONG-COUNT", ("players", i, other), name=p.name, field=field_name, other=other)
    if variant.id == "two-player" or variant.sides == "teams":
        for i, p in enumerate(state.players):
            if p.out:
                bad("MK-RESULT-OUT-FIELD", ("players", i, "out"), name=p.name)
    if state.players and all(p.out for p in state.players):
        bad("MK-RESULT-NOBODY", ("players",))
    if state.alliance:
        if variant.family != "alliance":
            bad("MK-RESULT-ALLIANCE-FIELD", ("alliance",))
        else:
            if len(state.alliance) != variant.params.get("alliance_size", 2):
                bad("MK-RESULT-ALLIANCE-SIZE", ("alliance",), count=len(state.alliance))
            for j, a in enumerate(state.alliance):
                if fold(a) not in seen:
                    bad("MK-RESULT-UNKNOWN-PLAYER", ("alliance", j), field="alliance", name=a)
    if state.elimination is not None:
        e = state.elimination
        if variant.family != "elimination":
            bad("MK-RESULT-ELIMINATION-FIELD", ("elimination",))
        else:
            for key in ("by", "target"):
                who = getattr(e, key)
                if who is not None and fold(who) not in seen:
                    bad("MK-RESULT-UNKNOWN-PLAYER", ("elimination", key), field=f"elimination.{key}", name=who)
            if e.target is not None and fold(e.target) == fold(e.by):
                bad("MK-RESULT-SELF", ("elimination", "target"))
            if variant.params.get("target") == "challenged" and e.target is None:
                bad("MK-RESULT-TARGET", ("elimination",))
            if e.how == "alternative-win" and not variant.params.get("alternative_win_eliminates"):
                bad("MK-RESULT-ALTERNATIVE-WIN", ("elimination", "how"))
            if e.how != "dp" and any(e.sources().values()):
                bad("MK-RESULT-SOURCES", ("elimination", "how"), how=e.how)
    if state.no_tower_levels:
        counted = [(("teams", i, "tower_levels"), t.tower_levels) for i, t in enumerate(state.teams)]
        counted += [(("players", i, "tower_levels"), p.tower_levels) for i, p in enumerate(state.players)]
        for where, levels in counted:
            if levels:
                bad("MK-RESULT-NO-TOWERS-FIELD", where, levels=levels)
    for key in state.options:
        if key not in variant.params:
            bad("MK-RESULT-OPTION", ("options", key), name=key, params=", ".join(sorted(variant.params)))


# --------------------------------------------------------------------------- deciding


def decide(state: ResultState, variant: Variant | str | None = None, *, variants: VariantSet | None = None) -> Result:
    """Decide the result of *state* under *variant* (else the state's, else the default for its shape).

    Raises :class:`~korbiro.base.errors.DataError` (every finding) when the state
    does not fit the variant, and :class:`~korbiro.base.errors.UsageError` for an
    unknown variant name.
    """
    vs = variants or load_variants()
    if isinstance(variant, Variant):
        v = variant
    elif variant is not None:
        v = vs.get(variant)
    elif state.variant is not None:
        try:
            v = vs.get(state.variant)
        except UsageError as exc:  # the state file names it: a problem of the file, at its line
            line, col = state.locate(("variant",)) if state.locate is not None else (None, None)
            raise DataError(exc.code, exc.message, path=state.path, line=line, column=col) from None
    else:
        v = vs.for_state(state)
    problems = check_state(state, v)
    if problems:
        _raise(problems, state.path)
    if state.card_win is not None:  # 1.01: a card's text has won the game; no other condition is weighed
        player, why = state.card_win
        return Result(Verdict.WIN, (player,), "1.01", "MK-RESULT-CARD-WIN", {"player": player, "reason": why}, v.id,
                      state.moment)
    if v.family == "classic":
        return _Classic(state, v).run()
    if v.family == "alliance":
        return _Alliance(state, v).run()
    return _Elimination(state, v).run()


@dataclass
class _Side:
    """A player, or a team, as the victory rules weigh it."""

    name: str
    label: str
    members: tuple[str, ...]
    dp: int
    tower_levels: int
    deck_empty: bool
    out: bool = False
    buildings: int | None = None


def _names(sides: Sequence[_Side]) -> str:
    return ", ".join(s.label for s in sides)


class _Base:
    """Shared bookkeeping: the notes and players out so far."""

    def __init__(self, state: ResultState, variant: Variant) -> None:
        self.state = state
        self.v = variant
        self.notes: list[Note] = []
        self.eliminated: list[str] = []
        self.players = state.player_count
        sizes = [len(t.players) for t in state.teams] or [1]
        self.team_size = max(sizes)

    def param(self, name: str) -> Any:
        return self.v.value(name, self.players, self.team_size, self.state.options)

    def rule(self, key: str) -> str:
        return self.v.rules.get(key) or self.v.rule

    def result(self, verdict: Verdict, rule_key: str, code: str, winners: Sequence[str] = (),
               drawn: Sequence[str] = (), **args: Any) -> Result:
        return Result(verdict, tuple(winners), self.rule(rule_key), code, args, self.v.id, self.state.moment,
                      tuple(self.eliminated), tuple(drawn), tuple(self.notes))

    def note(self, code: str, rule_key: str, **args: Any) -> None:
        self.notes.append(Note(code, self.rule(rule_key), args))

    def towers_absent(self) -> bool:
        """No tower level has stood in this game (``no_tower_levels``): nobody has lost one, so no side goes out
        or loses by its tower; the note says so."""
        if not self.state.no_tower_levels:
            return False
        self.note("MK-RESULT-NO-TOWERS", "tower_draw")
        return True


def _leader(sides: Sequence[_Side]) -> tuple[list[_Side], int | None]:
    """The sides with the most DP, and that DP."""
    if not sides:
        return [], None
    best = max(s.dp for s in sides)
    return [s for s in sides if s.dp == best], best


class _Classic(_Base):
    """Rule 1.01 over sides: players, or teams sharing a tower."""

    def sides(self) -> list[_Side]:
        if self.state.teams:
            out = []
            for t in self.state.teams:
                members = tuple(m.name for m in t.players)
                empty = all(m.future_deck == 0 for m in t.players)
                if self.v.params.get("empty_deck") == "player":
                    empty = any(m.future_deck == 0 for m in t.players)
                out.append(_Side(t.name, f"{t.name} ({', '.join(members)})", members, sum(m.dp for m in t.players),
                                 t.tower_levels, empty, buildings=t.buildings))
            return out
        return [_Side(p.name, p.name, (p.name,), p.dp, p.tower_levels, p.future_deck == 0, p.out)
                for p in self.state.players]

    def knock_out(self, sides: Sequence[_Side], code: str, rule_key: str) -> None:
        for s in sides:
            self.eliminated.extend(s.members)
            self.note(code, rule_key, who=s.label)

    def run(self) -> Result:
        all_sides = self.sides()
        limit = self.param("max_buildings")
        if limit is not None:
            for s in all_sides:
                if s.buildings is not None and s.buildings > limit:
                    self.note("MK-RESULT-BUILDINGS", "max_buildings", who=s.label, count=s.buildings, max=limit)
        active = [s for s in all_sides if not s.out]
        multi = len(all_sides) > 2
        if len(active) == 1:
            return self.result(Verdict.WIN, "last_in", "MK-RESULT-LAST-IN", active[0].members, who=active[0].label)

        # -- immediate: tower levels (1.01.A.1, A.3), lost only where some stood
        absent = self.towers_absent()
        towerless = [s for s in active if s.tower_levels == 0] if not absent else []
        if towerless:
            rest = [s for s in active if s.tower_levels > 0]
            if not rest:
                return self.result(Verdict.DRAW, "tower_draw", "MK-RESULT-TOWER-DRAW",
                                   drawn=[m for s in active for m in s.members], who=_names(active))
            if multi:
                self.knock_out(towerless, "MK-RESULT-OUT-TOWER", "elimination")
            if len(rest) == 1:
                return self.result(Verdict.WIN, "tower_win", "MK-RESULT-TOWER-WIN", rest[0].members, who=rest[0].label)
            active = rest

        # -- immediate: DP (1.01.A.2), only "while every side has tower levels"
        threshold = None if absent else self.param("dp_immediate")
        leaders, best = _leader(active)
        if threshold is not None and best is not None and best >= threshold and len(leaders) == 1:
            s = leaders[0]
            return self.result(Verdict.WIN, "dp_immediate", "MK-RESULT-DP-IMMEDIATE", s.members, who=s.label,
                               dp=s.dp, threshold=threshold)
        if self.state.moment is Moment.IMMEDIATE:
            return self.result(Verdict.PLAY_ON, "immediate", "MK-RESULT-PLAY-ON-IMMEDIATE")

        # -- end of the round (1.01.B.1–4)
        end = self.param("dp_end_of_round")
        won = self._dp_end(active, end)
        if won is not None:
            return won
        empty = [s for s in active if s.deck_empty]
        if empty:
            rest = [s for s in active if not s.deck_empty]
            if not rest:
                return self.result(Verdict.DRAW, "all_empty", "MK-RESULT-ALL-EMPTY",
                                   drawn=[m for s in active for m in s.members])
            if multi:
                self.knock_out(empty, "MK-RESULT-OUT-DECK", "elimination")
            if len(rest) == 1:
                return self.result(Verdict.WIN, "empty_deck", "MK-RESULT-EMPTY-DECK", rest[0].members,
                                   who=rest[0].label, loser=_names(empty))
            active = rest
            won = self._dp_end(active, end)
            if won is not None:
                return won
        leaders, best = _leader(active)
        if best is not None and best >= end and len(leaders) > 1:
            return self.result(Verdict.NEW_ROUND, "tie", "MK-RESULT-TIE", who=_names(leaders), dp=best, threshold=end)
        return self.result(Verdict.PLAY_ON, "end_of_round", "MK-RESULT-PLAY-ON-END")

    def _dp_end(self, active: Sequence[_Side], end: int) -> Result | None:
        leaders, best = _leader(active)
        if best is not None and best >= end and len(leaders) == 1:
            s = leaders[0]
            return self.result(Verdict.WIN, "dp_end_of_round", "MK-RESULT-DP-END", s.members, who=s.label, dp=s.dp,
                               threshold=end)
        return None


class _Alliance(_Base):
    """Szövetségek (12.00.4): 19 DP at the end of a round; one alliance sharing its DP."""

    def run(self) -> Result:
        players = {p.name: p for p in self.state.players}
        alliance = [n for n in players if fold(n) in {fold(a) for a in self.state.alliance}]
        active = [p.name for p in self.state.players if not p.out]
        lost_before = [n for n in alliance if players[n].out]
        lost: list[str] = []

        towerless = [n for n in active if players[n].tower_levels == 0] if not self.towers_absent() else []
        for n in towerless:
            lost.append(n)
            self.eliminated.append(n)
            self.note("MK-RESULT-OUT-TOWER", "tower_loss", who=n)
        ended = self._ended(active, alliance, lost_before + lost, "tower_draw")
        if ended is not None:
            return ended
        remaining = [n for n in active if n not in lost]
        if self.state.moment is Moment.IMMEDIATE:
            return self.result(Verdict.PLAY_ON, "no_dp_immediate", "MK-RESULT-PLAY-ON-IMMEDIATE")

        end = self.param("dp_end_of_round")
        won = self._dp_end(remaining, alliance, players, end)
        if won is not None:
            return won
        empty = [n for n in remaining if players[n].future_deck == 0]
        if empty:
            for n in empty:
                lost.append(n)
                self.eliminated.append(n)
                self.note("MK-RESULT-OUT-DECK", "empty_deck", who=n)
            ended = self._ended(active, alliance, lost_before + lost, "all_empty")
            if ended is not None:
                return ended
            remaining = [n for n in remaining if n not in empty]
            won = self._dp_end(remaining, alliance, players, end)
            if won is not None:
                return won
        sides = self._sides(remaining, alliance, players)
        leaders, best = _leader(sides)
        if best is not None and best >= end and len(leaders) > 1:
            return self.result(Verdict.NEW_ROUND, "tie", "MK-RESULT-TIE", who=_names(leaders), dp=best, threshold=end)
        return self.result(Verdict.PLAY_ON, "end_of_round", "MK-RESULT-PLAY-ON-END")

    def _sides(self, remaining: Sequence[str], alliance: Sequence[str], players: Mapping[str, ResultPlayer]) -> list[_Side]:
        sides: list[_Side] = []
        if alliance:
            sides.append(_Side("alliance", " + ".join(alliance), tuple(alliance), sum(players[n].dp for n in alliance),
                               1, False))
        sides.extend(_Side(n, n, (n,), players[n].dp, players[n].tower_levels, players[n].future_deck == 0)
                     for n in remaining if n not in alliance)
        return sides

    def _dp_end(self, remaining: Sequence[str], alliance: Sequence[str], players: Mapping[str, ResultPlayer],
                end: int) -> Result | None:
        sides = self._sides(remaining, alliance, players)
        leaders, best = _leader(sides)
        if best is None or best < end or len(leaders) != 1:
            return None
        s = leaders[0]
        if s.name != "alliance" and not self.param("solo_dp_win"):
            self.note("MK-RESULT-SOLO-NO-DP-WIN", "dp_end_of_round", who=s.label, dp=s.dp)
            return None
        return self.result(Verdict.WIN, "dp_end_of_round", "MK-RESULT-DP-END", s.members, who=s.label, dp=s.dp,
                           threshold=end)

    def _ended(self, active: Sequence[str], alliance: Sequence[str], lost: Sequence[str], draw_key: str) -> Result | None:
        remaining = [n for n in active if n not in lost]
        if alliance:
            members_lost = [n for n in alliance if n in lost]
            opponents = [n for n in remaining if n not in alliance]
            if members_lost:
                if not opponents:
                    return self.result(Verdict.DRAW, draw_key, "MK-RESULT-ALL-OUT", drawn=list(active),
                                       who=", ".join(active))
                return self.result(Verdict.WIN, "game_end", "MK-RESULT-MEMBER-LOST", opponents,
                                   loser=", ".join(members_lost), alliance=" + ".join(alliance), who=", ".join(opponents))
            if not opponents:
                return self.result(Verdict.WIN, "game_end", "MK-RESULT-OPPONENTS-LOST", alliance,
                                   who=" + ".join(alliance))
            return None
        if len(remaining) == 1:
            return self.result(Verdict.WIN, "game_end", "MK-RESULT-LAST-IN", remaining, who=remaining[0])
        if not remaining:
            return self.result(Verdict.DRAW, draw_key, "MK-RESULT-ALL-OUT", drawn=list(active), who=", ".join(active))
        return None


class _Elimination(_Base):
    """Kihívás (12.00.2) and Körbetámadás (12.00.3): knock-outs, victory points, the last one in."""

    def run(self) -> Result:
        st = self.state
        seats = [p.name for p in st.players]
        players = {p.name: p for p in st.players}
        active = [n for n in seats if not players[n].out]
        vp_mode = "victory_points_to_win" in self.v.params
        counts = {n: (players[n].victory_points if vp_mode else players[n].eliminations) for n in seats}
        to_win = self.param("victory_points_to_win" if vp_mode else "eliminations_to_win")
        out_now: list[str] = []
        refusal: Note | None = None

        def behind(name: str) -> str | None:
            """The player sitting directly behind *name* among those in at the start."""
            if name not in active:
                return None
            i = active.index(name)
            prev = active[i - 1]
            return prev if prev != name else None

        def front(name: str) -> str | None:
            i = active.index(name)
            nxt = active[(i + 1) % len(active)]
            return nxt if nxt != name else None

        def go_out(name: str, code: str, rule_key: str, **args: Any) -> None:
            if name in out_now:
                return
            out_now.append(name)
            self.eliminated.append(name)
            if code:
                self.note(code, rule_key, **args)
            if vp_mode:
                b = behind(name)
                if b is not None:
                    counts[b] += 1
                    self.note("MK-RESULT-VICTORY-POINT", "victory_point", who=b, target=name, count=counts[b])

        # -- a knock-out at this moment
        e = st.elimination
        if e is not None:
            by = _canon(e.by, seats)
            target = _canon(e.target, seats) if e.target is not None else None
            why = self._refuse(e, by, target, active, front, players)
            if isinstance(why, Note):
                refusal = why
                self.notes.append(why)
            else:
                target = why
                how = self._how(e)
                go_out(target, "MK-RESULT-KNOCKOUT", "alternative_win" if e.how == "alternative-win" else
                       ("tower_loss" if e.how == "siege" else "elimination"), by=by, target=target, **how)
                if not vp_mode:
                    counts[by] += 1
                    self.note("MK-RESULT-CREDIT", "win", who=by, count=counts[by])

        # -- tower levels lost (1.01.A.1), and at the end of the round empty Jövő paklis (1.01.B.2)
        for n in active if not self.towers_absent() else ():
            if players[n].tower_levels == 0:
                go_out(n, "MK-RESULT-OUT-TOWER", "tower_loss", who=n)
        if st.moment is Moment.END_OF_ROUND:
            for n in active:
                if players[n].future_deck == 0:
                    go_out(n, "MK-RESULT-OUT-DECK", "empty_deck", who=n)
        remaining = [n for n in active if n not in out_now]
        return self._verdict(remaining, out_now, counts, to_win, vp_mode, refusal)

    def _verdict(self, remaining: list[str], out_now: list[str], counts: Mapping[str, int], to_win: int,
                 vp_mode: bool, refusal: Note | None) -> Result:
        """The winner (12.00.2, 12.00.3.F) once the knock-outs of the moment are done: who reached the count,
        the last one in, a draw; else play on (a refused knock-out's note is then the verdict's)."""
        st = self.state
        players = {p.name: p for p in st.players}
        reached = [n for n in remaining if counts[n] >= to_win]
        code = "MK-RESULT-VP-WIN" if vp_mode else "MK-RESULT-ELIMINATIONS-WIN"
        if len(reached) == 1:
            return self.result(Verdict.WIN, "win", code, reached, who=reached[0], count=counts[reached[0]],
                               target=to_win)
        if len(reached) > 1:
            return self.result(Verdict.DRAW, "win", "MK-RESULT-SEVERAL-REACH", drawn=reached, who=", ".join(reached),
                               target=to_win)
        if len(remaining) == 1:
            return self.result(Verdict.WIN, "last_in", "MK-RESULT-LAST-IN", remaining, who=remaining[0])
        if not remaining:
            return self.result(Verdict.DRAW, "tower_draw", "MK-RESULT-ALL-OUT", drawn=out_now, who=", ".join(out_now))
        # -- DP win nothing here (12.00.2.A, 12.00.3.B): say so where the base rules would have
        base_t = self.v.params.get("base_dp_immediate" if st.moment is Moment.IMMEDIATE else "base_dp_end_of_round")
        best = max(players[n].dp for n in remaining)
        tops = [n for n in remaining if players[n].dp == best]
        if base_t is not None and best >= base_t and len(tops) == 1:
            self.note("MK-RESULT-NO-DP-WIN", "no_dp_win", who=tops[0], dp=best)
        if refusal is not None:
            self.notes.remove(refusal)
            return Result(Verdict.PLAY_ON, (), refusal.rule, refusal.code, refusal.args, self.v.id, st.moment,
                          tuple(self.eliminated), (), tuple(self.notes))
        what = i18n.both("what", "MK-RESULT-WHAT.points" if vp_mode else "MK-RESULT-WHAT.knock-outs")
        return self.result(Verdict.PLAY_ON, "win", "MK-RESULT-PLAY-ON-ELIMINATION", target=to_win, **what,
                           count=len(remaining))

    def _how(self, e: Elimination) -> dict[str, str]:
        if e.how == "siege":
            return i18n.both("how", "MK-RESULT-HOW.siege")
        if e.how == "alternative-win":
            return i18n.both("how", "MK-RESULT-HOW.alternative-win")
        return i18n.both("how", "MK-RESULT-HOW.dp", total=self._total(e))

    def _total(self, e: Elimination) -> int:
        allowed = set(self.v.params.get("elimination_sources", ()))
        return sum(sum(v) for k, v in e.sources().items() if k in allowed)

    def _refuse(self, e: Elimination, by: str, target: str | None, active: Sequence[str],
                front: Callable[[str], str | None], players: Mapping[str, ResultPlayer]) -> Note | str:
        """The knocked-out player, or a note saying why the knock-out does not happen."""

        def no(rule_key: str, key: str, /, **args: Any) -> Note:
            """The note that the knock-out does not happen (*rule_key*'s rule), why: the template *key*."""
            return Note("MK-RESULT-KNOCKOUT-REFUSED", self.rule(rule_key),
                        {"by": by, "target": target or "?", **i18n.both("why", key, **args)})

        if by not in active:
            return no("out", "MK-RESULT-WHY.out", player=by)
        if self.v.params.get("target") == "in-front":
            ahead = front(by)
            if target is None:
                target = ahead
            if target is None:
                return no("target", "MK-RESULT-WHY.nobody-in-front")
            if target != ahead:
                return no("target", "MK-RESULT-WHY.not-in-front", ahead=ahead)
        assert target is not None
        if target not in active:
            return no("out", "MK-RESULT-WHY.out", player=target)
        if e.how == "siege":
            if self.state.no_tower_levels:
                return no("tower_loss", "MK-RESULT-WHY.no-towers")
            if players[target].tower_levels != 0:
                return no("tower_loss", "MK-RESULT-WHY.tower-stands", player=target,
                          levels=players[target].tower_levels)
            return target
        if e.how == "alternative-win":
            return target
        allowed = self.v.params.get("elimination_sources", ())
        for kind, values in e.sources().items():
            if values and kind not in allowed:
                return no("elimination", "MK-RESULT-WHY.only-quests", kind=kind,
                          kind_hu=i18n.message(f"MK-RESULT-SOURCE.{kind}", "hu"))
        if e.quests and self.param("siege_only"):
            return no("siege_only", "MK-RESULT-WHY.siege-only")
        need = self.param("elimination_dp")
        total = self._total(e)
        if total < need:
            return no("elimination", "MK-RESULT-WHY.too-few-dp", total=total, need=need)
        return target


def _canon(name: str, seats: Sequence[str]) -> str:
    for s in seats:
        if fold(s) == fold(name):
            return s
    return name
