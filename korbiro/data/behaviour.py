"""A card's behaviour: what it does, read from the ``behaviour:`` of its set file (docs/card-behaviour.md).

The text of a card is prose, so what the card *does* is written once beside
it, in the behaviour languages of :mod:`korbiro.grammar.behaviour`::

    >>> b, findings = read_behaviour({"ability": {"cost": "rest", "effect": "damage 2 target",
    ...                                           "targets": "1 enemy adventurer"}})
    >>> b.ability.cost[0].kind, b.ability.effect[0].name, b.ability.targets.side, findings
    ('rest', 'damage', 'enemy', [])
    >>> _, findings = read_behaviour({"efect": "damage 2 target"}, path="a.yaml")
    >>> [(f.code, f.message) for f in findings]
    [('MK-BEHAVIOUR-FIELD', "unknown behaviour field 'efect'; did you mean 'effect'?")]

:func:`read_behaviour` never raises: every problem is a finding at the
file, line and column of the word that is wrong (given a ``locate``
callback), as ``data check`` reports them.  :meth:`Behaviour.from_mapping`
is the strict form, raising :class:`~korbiro.base.errors.DataError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..base.errors import DataError, RulesSyntaxError
from ..base.findings import Finding
from ..base.text import close_matches, fold
from ..grammar.behaviour import (
    Condition,
    Cost,
    Modifier,
    Op,
    TargetSpec,
    iter_filters,
    parse_condition,
    parse_cost,
    parse_effect,
    parse_modifier,
    parse_moment,
    parse_targets,
)

__all__ = ["FIELDS", "LIMITS", "MARK_KEYS", "NO_BEHAVIOUR", "TIMINGS", "Ability", "Behaviour", "Trigger",
           "behaviour_filters", "behaviour_of_marks", "read_behaviour"]

CODE_FIELD = "MK-BEHAVIOUR-FIELD"
CODE_TYPE = "MK-BEHAVIOUR-TYPE"
CODE_WORD = "MK-BEHAVIOUR-WORD"

# Messages are composed here and in korbiro.grammar.behaviour in both languages: a finding carries both.

#: The fields of a behaviour and what each holds.
FIELDS: dict[str, str] = {
    "effect": "what the card does when it takes effect (an action or event card, an obstacle's activation)",
    "targets": "what its effect targets (5.01.B), e.g. \"1 enemy adventurer\"",
    "negative": "a power word's negative effect, which its summoner suffers (3.05.C)",
    "modes": "the forms its player may choose, each with its effect (7.00)",
    "cost": "another cost of summoning or activating the card (5.01.C), e.g. an obstacle's \"return own adventurer\"",
    "ability": "an activated ability {name, cost, effect, targets, timing, limit, repeatable} (6.01), or a list of them",
    "beast": "a beast's attack: its damage, or {damage, roll} with a bonus to its attack roll",
    "armour": "armour against beasts' damage (3.05.F)",
    "shield": "a shield against beasts' attack rolls (3.05.F)",
    "on_enter": "a timed effect when it enters the Present (6.02, \"Jelenbe kerülésekor\")",
    "on_solve": "a quest's timed effect when it is solved (6.02, \"Megoldásakor\")",
    "on_reveal": "a tower level's effect when it is revealed in a siege (3.01.B, \"Felfedésekor\")",
    "triggers": "timed effects at a moment: [{at, effect, targets, if, ghost, optional}] (6.02, 11.00)",
    "constant": "continuous effects (6.00): modifiers such as \"level +1 own adventurers\"",
    "destroyed": "where the card goes when it leaves the Present: múlt (default) or mélység",
    "wins": "a condition under which its controller wins the game (\"counter zászló >= 3\")",
    "solvers": "a quest that only such a team may solve: every member matches (\"antiss-wizard\")",
}
_ABILITY_FIELDS = ("name", "cost", "effect", "targets", "timing", "limit", "repeatable")
#: When an ability may be activated (docs/card-behaviour.md, "Timing and use limits"): any (a slow ability,
#: with no opponent's timeline open), combat (while a combat is under way), before_combat (in a manoeuvre before
#: its combat), interrupt (fast: also into a timeline someone else opened).  Hungarian: the printed marks.
TIMINGS: dict[str, str] = {"any": "any", "bármikor": "any", "lassú": "any", "slow": "any",
                           "combat": "combat", "harci": "combat",
                           "before_combat": "before_combat", "harc előtti": "before_combat",
                           "harc_előtti": "before_combat",
                           "interrupt": "interrupt", "megszakító": "interrupt", "fast": "interrupt", "gyors": "interrupt"}
#: How often an ability may be used: once a game (egyszeri), once a round, once a combat round.
LIMITS: dict[str, str] = {"once": "once", "egyszeri": "once", "round": "round", "fordulónként": "round",
                          "forduló": "round", "combat_round": "combat_round", "harci körönként": "combat_round",
                          "harci_kör": "combat_round", "harci kör": "combat_round"}
_TRIGGER_FIELDS = ("at", "effect", "targets", "if", "ghost", "optional")
_DESTINATIONS = {"mult": "mult", "múlt": "mult", "past": "mult", "melyseg": "melyseg", "mélység": "melyseg",
                 "depth": "melyseg"}


@dataclass(frozen=True)
class Ability:
    """An activated ability: what it costs, what it does and what it targets; its printed ``name``;
    when it may be activated (``timing``: any, combat, before_combat, interrupt) and how often (``limit``:
    None, once, round, combat_round; ``repeatable``: no limit, said out loud)."""

    effect: tuple[Op, ...]
    cost: tuple[Cost, ...] = ()
    targets: TargetSpec | None = None
    name: str | None = None
    timing: str = "any"
    limit: str | None = None
    repeatable: bool = False

    def render(self) -> str:
        cost = "; ".join(c.render() for c in self.cost) or "none"
        out = f"(cost: {cost}) {_effect_text(self.effect)}"
        out += f"; targets: {self.targets.render()}" if self.targets else ""
        extra = [f"timing {self.timing}"] if self.timing != "any" else []
        extra += [f"limit {self.limit}"] if self.limit else []
        extra += ["repeatable"] if self.repeatable else []
        out += f" [{', '.join(extra)}]" if extra else ""
        return (f'"{self.name}" ' if self.name else "") + out


@dataclass(frozen=True)
class Trigger:
    """A timed effect at a moment (a phase of 6.03, or an event), maybe only while a ghost (11.00)."""

    at: str
    effect: tuple[Op, ...]
    targets: TargetSpec | None = None
    condition: Condition | None = None
    ghost: bool = False
    optional: bool = False

    def render(self) -> str:
        out = f"at {self.at}"
        if self.ghost:
            out += " (as a ghost)"
        if self.condition is not None:
            out += f", if {self.condition.render()}"
        out += f": {_effect_text(self.effect)}"
        if self.targets:
            out += f"; targets: {self.targets.render()}"
        return out + (" (optional)" if self.optional else "")


@dataclass(frozen=True)
class Behaviour:
    """Everything a card does; every field is empty when the card does nothing of that kind."""

    effect: tuple[Op, ...] = ()
    targets: TargetSpec | None = None
    negative: tuple[Op, ...] = ()
    modes: Mapping[str, tuple[Op, ...]] = field(default_factory=dict)
    cost: tuple[Cost, ...] = ()
    #: the activated abilities (6.01), in the order written; :attr:`ability` is the first
    abilities: tuple[Ability, ...] = ()
    beast: int | None = None
    beast_roll: int = 0
    armour: int = 0
    shield: int = 0
    on_enter: tuple[Op, ...] = ()
    on_solve: tuple[Op, ...] = ()
    on_reveal: tuple[Op, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    constant: tuple[Modifier, ...] = ()
    destroyed: str | None = None
    wins: Condition | None = None
    solvers: TargetSpec | None = None

    @classmethod
    def from_mapping(cls, spec: Any, *, path: str | None = None,
                     locate: Callable[[tuple[str | int, ...]], tuple[int, int]] | None = None) -> Behaviour:
        """The behaviour of *spec*; :class:`DataError` with every problem if it has any."""
        behaviour, findings = read_behaviour(spec, path=path, locate=locate)
        if findings:
            first = findings[0]
            err = DataError(first.code, first.message, path=first.file, line=first.line, column=first.column)
            err.findings = findings
            raise err
        assert behaviour is not None
        return behaviour

    @property
    def empty(self) -> bool:
        return self == NO_BEHAVIOUR

    @property
    def ability(self) -> Ability | None:
        """The first activated ability, or None."""
        return self.abilities[0] if self.abilities else None

    @property
    def dialect(self) -> str | None:
        """The power-word dialect its own description gives it (3.05.D): a card on which the
        description of a dialect stands has that dialect.

        ``immune power_words self`` describes TITKOS NYELV ("power words do not affect it"),
        ``immune negative self`` NEMES NYELV ("the power words it uses have no negative effect
        on it"), ``power_words self`` SZOLGA NYELV ("it may use power words")::

            >>> Behaviour(constant=(parse_modifier("immune negative self"),)).dialect
            'nemes'
        """
        mine = [m for m in self.constant if m.scope == "self" and m.when is None]
        if any(m.stat == "immune" and m.what == "power_words" for m in mine):
            return "titkos"
        if any(m.stat == "immune" and m.what == "negative" for m in mine):
            return "nemes"
        if any(m.stat == "power_words" for m in mine):
            return "szolga"
        return None

    def kinds(self) -> tuple[str, ...]:
        """The kinds of behaviour the card has, and its triggers' moments, for the search language
        (``behaviour:ability``, ``behaviour:"forduló zárása"``)."""
        out = [name for name in ("effect", "negative", "modes", "cost", "abilities", "beast", "armour", "shield",
                                 "on_enter", "on_solve", "on_reveal", "triggers", "constant", "destroyed", "wins",
                                 "solvers")
               if getattr(self, name) not in (None, (), 0, {})]
        out = ["ability" if name == "abilities" else name for name in out]
        if self.targets is not None or (self.ability is not None and self.ability.targets is not None):
            out.append("targets")
        out.extend(t.at.replace(" ", "-") for t in self.triggers)  # the moments: forduló-zárása, siege_won
        return tuple(dict.fromkeys(out))

    def lines(self) -> list[str]:
        """What the card does, one line each, for ``card show``."""
        out: list[str] = []
        if self.effect:
            out.append(f"effect: {_effect_text(self.effect)}" + (f"; targets: {self.targets.render()}" if self.targets else ""))
        elif self.targets:
            out.append(f"targets: {self.targets.render()}")
        for name, ops in self.modes.items():
            out.append(f"mode {name}: {_effect_text(ops)}")
        if self.negative:
            out.append(f"negative: {_effect_text(self.negative)}")
        if self.cost:
            out.append(f"cost: {'; '.join(c.render() for c in self.cost)}")
        out.extend(f"ability {a.render()}" for a in self.abilities)
        if self.beast is not None:
            out.append(f"beast: damage {self.beast}" + (f", attack roll {self.beast_roll:+d}" if self.beast_roll else ""))
        if self.armour:
            out.append(f"armour {self.armour}")
        if self.shield:
            out.append(f"shield {self.shield}")
        for name in ("on_enter", "on_solve", "on_reveal"):
            ops = getattr(self, name)
            if ops:
                out.append(f"{name}: {_effect_text(ops)}")
        out.extend(f"trigger: {t.render()}" for t in self.triggers)
        out.extend(f"constant: {m.render()}" for m in self.constant)
        if self.destroyed:
            out.append(f"destroyed: to {'Mélység' if self.destroyed == 'melyseg' else 'Múlt'}")
        if self.wins is not None:
            out.append(f"wins: {self.wins.render()}")
        if self.solvers is not None:
            out.append(f"solvers: every member: {self.solvers.render().removeprefix('1 ')}")
        return out


#: A card that does nothing beyond its keywords.
NO_BEHAVIOUR = Behaviour()


def _effect_text(ops: tuple[Op, ...]) -> str:
    return "; ".join(op.render() for op in ops)


# ---------------------------------------------------------------- reading


class _Reader:
    """Reads one behaviour mapping, collecting findings at file:line:column."""

    def __init__(self, path: str | None, locate: Callable[[tuple[str | int, ...]], tuple[int, int]] | None,
                 card: str | None, check_fields: bool = True) -> None:
        self.path, self.locate, self.card, self.check_fields = path, locate, card, check_fields
        self.findings: list[Finding] = []

    def at(self, where: tuple[str | int, ...]) -> tuple[int | None, int | None]:
        if self.locate is None:
            return None, None
        line, col = self.locate(where)
        return line, col

    def problem(self, code: str, message: str, hu: str, where: tuple[str | int, ...]) -> None:
        line, col = self.at(where)
        self.findings.append(Finding(code, message, file=self.path, line=line, column=col, card=self.card,
                                     args={"message": message, "message_hu": hu}))

    def parse(self, fn: Callable[..., Any], value: Any, where: tuple[str | int, ...], what: str, what_hu: str) -> Any:
        if not isinstance(value, str):
            field = ".".join(map(str, where)) or "behaviour"
            self.problem(CODE_TYPE, f"{field}: {what} is text in the behaviour language, not {_type_name(value)}",
                         f"{field}: a(z) {what_hu} a viselkedésnyelv szövege, nem {_type_name(value, 'hu')}", where)
            return None
        line, col = self.at(where)
        try:
            return fn(value, path=self.path, line=line, column=col)
        except RulesSyntaxError as exc:
            hu = exc.hu or exc.message
            self.findings.append(Finding(exc.code, exc.message, file=self.path, line=exc.line, column=exc.column,
                                         card=self.card, args={"message": exc.message, "message_hu": hu}))
            return None

    def ops(self, spec: Mapping[str, Any], key: str, where: tuple[str | int, ...]) -> tuple[Op, ...]:
        value = spec.get(key)
        if value is None:
            return ()
        got = self.parse(parse_effect, value, (*where, key), "an effect", "hatás")
        return got if got is not None else ()

    def number(self, value: Any, where: tuple[str | int, ...], what: str, what_hu: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            field = ".".join(map(str, where))
            self.problem(CODE_TYPE, f"{field}: {what} is a whole number of 0 or more, not {value!r}",
                         f"{field}: a(z) {what_hu} 0 vagy nagyobb egész szám, nem {value!r}", where)
            return 0
        return value

    def fields(self, spec: Mapping[str, Any], known: tuple[str, ...], where: tuple[str | int, ...],
               what: str, what_hu: str) -> None:
        if not self.check_fields:
            return
        for key in spec:
            if key not in known:
                close = close_matches(str(key), known, n=1, cutoff=0.6)
                if close:
                    hint, hint_hu = f"; did you mean {close[0]!r}?", f"; erre gondoltál: {close[0]!r}?"
                else:
                    hint, hint_hu = f"; known: {', '.join(known)}", f"; ismert mezők: {', '.join(known)}"
                self.problem(CODE_FIELD, f"unknown {what} field {key!r}{hint}",
                             f"ismeretlen {what_hu}mező: {key!r}{hint_hu}", (*where, key))


def _type_name(value: Any, lang: str = "en") -> str:
    if lang == "hu":
        return {bool: "logikai érték", int: "szám", float: "szám", list: "lista", dict: "leképezés",
                str: "szöveg", type(None): "üres"}.get(type(value), "más érték")
    return {bool: "a boolean", int: "a number", float: "a number", list: "a list", dict: "a mapping",
            str: "text", type(None): "empty"}.get(type(value), "another value")


def read_behaviour(spec: Any, *, path: str | None = None,
                   locate: Callable[[tuple[str | int, ...]], tuple[int, int]] | None = None,
                   card: str | None = None, where: tuple[str | int, ...] = (),
                   fields: bool = True) -> tuple[Behaviour | None, list[Finding]]:
    """Read a behaviour mapping; returns it (None when it is no mapping) and every problem found.

    *locate* maps a path inside the set file (``where`` + the field) to the
    line and column where its text starts.  ``fields=False`` leaves unknown
    fields to a schema that already reports them (``data check``).
    """
    r = _Reader(path, locate, card, fields)
    if spec is None:
        return NO_BEHAVIOUR, []
    if not isinstance(spec, Mapping):
        r.problem(CODE_TYPE, f"behaviour is a mapping of fields ({', '.join(FIELDS)}), not {_type_name(spec)}",
                  f"a behaviour mezők leképezése ({', '.join(FIELDS)}), nem {_type_name(spec, 'hu')}", where)
        return None, r.findings
    r.fields(spec, tuple(FIELDS), where, "behaviour", "viselkedés")
    targets = r.parse(parse_targets, spec["targets"], (*where, "targets"), "targets", "célpontleírás") if "targets" in spec else None
    modes: dict[str, tuple[Op, ...]] = {}
    raw_modes = spec.get("modes")
    if raw_modes is not None:
        if not isinstance(raw_modes, Mapping) or not raw_modes:
            r.problem(CODE_TYPE, "modes is a mapping of form name -> effect",
                      "a modes formanév -> hatás leképezés", (*where, "modes"))
        else:
            for name, value in raw_modes.items():
                got = r.parse(parse_effect, value, (*where, "modes", name), "a mode's effect", "forma hatása")
                if got is not None:
                    modes[str(name)] = got
    abilities = _abilities(r, spec.get("ability"), (*where, "ability"))
    beast, beast_roll = _beast(r, spec.get("beast"), (*where, "beast"))
    triggers = _triggers(r, spec.get("triggers"), (*where, "triggers"))
    constant = _constant(r, spec.get("constant"), (*where, "constant"))
    destroyed = None
    if "destroyed" in spec:
        raw = spec["destroyed"]
        destroyed = _DESTINATIONS.get(fold(str(raw))) if isinstance(raw, str) else None
        if destroyed is None:
            r.problem(CODE_TYPE, f"destroyed is múlt or mélység, not {raw!r}",
                      f"a destroyed értéke múlt vagy mélység, nem {raw!r}", (*where, "destroyed"))
    wins = r.parse(parse_condition, spec["wins"], (*where, "wins"), "a condition", "feltétel") if "wins" in spec else None
    solvers = r.parse(parse_targets, spec["solvers"], (*where, "solvers"), "solvers", "megoldók") if "solvers" in spec else None
    cost = r.parse(parse_cost, spec["cost"], (*where, "cost"), "a cost", "költség") if "cost" in spec else None
    behaviour = Behaviour(
        effect=r.ops(spec, "effect", where),
        targets=targets,
        negative=r.ops(spec, "negative", where),
        modes=modes,
        cost=tuple(c for c in cost or () if c.kind != "none"),
        abilities=abilities,
        beast=beast,
        beast_roll=beast_roll,
        armour=r.number(spec.get("armour", 0) or 0, (*where, "armour"), "armour", "vért"),
        shield=r.number(spec.get("shield", 0) or 0, (*where, "shield"), "shield", "pajzs"),
        on_enter=r.ops(spec, "on_enter", where),
        on_solve=r.ops(spec, "on_solve", where),
        on_reveal=r.ops(spec, "on_reveal", where),
        triggers=triggers,
        constant=constant,
        destroyed=destroyed,
        wins=wins,
        solvers=solvers,
    )
    return behaviour, r.findings


def _abilities(r: _Reader, raw: Any, where: tuple[str | int, ...]) -> tuple[Ability, ...]:
    """One ability, or a list of them (a card with several, each picked by its name or number)."""
    if raw is None:
        return ()
    if isinstance(raw, list):
        got = [_ability(r, item, (*where, i)) for i, item in enumerate(raw)]
        return tuple(a for a in got if a is not None)
    one = _ability(r, raw, where)
    return (one,) if one is not None else ()


def _ability(r: _Reader, raw: Any, where: tuple[str | int, ...]) -> Ability | None:
    if isinstance(raw, str):  # an ability with no cost: just its effect
        got = r.parse(parse_effect, raw, where, "an ability's effect", "képesség hatása")
        return Ability(got) if got is not None else None
    if not isinstance(raw, Mapping):
        r.problem(CODE_TYPE, f"ability is a mapping {{cost, effect, targets, …}}, not {_type_name(raw)}",
                  f"az ability {{cost, effect, targets, …}} leképezés, nem {_type_name(raw, 'hu')}", where)
        return None
    r.fields(raw, _ABILITY_FIELDS, where, "ability", "képesség")
    effect = r.parse(parse_effect, raw.get("effect", "none"), (*where, "effect"), "an effect", "hatás")
    cost = r.parse(parse_cost, raw.get("cost", "none"), (*where, "cost"), "a cost", "költség")
    targets = r.parse(parse_targets, raw["targets"], (*where, "targets"), "targets", "célpontleírás") if "targets" in raw else None
    name = raw.get("name")
    if name is not None and (not isinstance(name, str) or not name.strip()):
        r.problem(CODE_TYPE, f"an ability's name is text, not {_type_name(name)}",
                  f"a képesség neve szöveg, nem {_type_name(name, 'hu')}", (*where, "name"))
        name = None
    timing = _word(r, raw, "timing", TIMINGS, where, "timing", "időzítés") or "any"
    limit = _word(r, raw, "limit", LIMITS, where, "limit", "korlát")
    repeatable = raw.get("repeatable", False)
    if not isinstance(repeatable, bool):
        r.problem(CODE_TYPE, f"repeatable is true or false, not {repeatable!r}",
                  f"a repeatable értéke true vagy false, nem {repeatable!r}", (*where, "repeatable"))
        repeatable = False
    if repeatable and limit is not None:
        r.problem(CODE_FIELD, f"an ability is repeatable or has a limit ({limit}), not both",
                  f"a képesség ismételhető vagy korlátos ({limit}), a kettő együtt nem", (*where, "repeatable"))
    if effect is None or cost is None:
        return None
    return Ability(effect, tuple(c for c in cost if c.kind != "none"), targets,
                   name.strip() if isinstance(name, str) else None, timing, limit, repeatable)


def _word(r: _Reader, raw: Mapping[str, Any], key: str, table: Mapping[str, str], where: tuple[str | int, ...],
          what: str, what_hu: str) -> str | None:
    """The canonical value of the word *raw[key]* in *table* (accents and case aside), else a finding."""
    if key not in raw:
        return None
    value = raw[key]
    index = {fold(k): v for k, v in table.items()}
    got = index.get(fold(str(value))) if isinstance(value, str) else None
    if got is None:
        choices = list(dict.fromkeys(table.values()))
        spelling = {fold(k): k for k in table}
        close = close_matches(fold(str(value)), list(index), n=1, cutoff=0.6)
        hint = (f"; did you mean {spelling[close[0]]!r}?", f"; erre gondoltál: {spelling[close[0]]!r}?") if close else (
            f"; expected {', '.join(choices)}", f"; ezek egyike várható: {', '.join(choices)}")
        r.problem(CODE_WORD, f"unknown {what} {value!r}{hint[0]}", f"ismeretlen {what_hu}: {value!r}{hint[1]}",
                  (*where, key))
    return got


def _beast(r: _Reader, raw: Any, where: tuple[str | int, ...]) -> tuple[int | None, int]:
    if raw is None:
        return None, 0
    if isinstance(raw, Mapping):
        r.fields(raw, ("damage", "roll"), where, "beast", "bestia")
        damage = r.number(raw.get("damage", 0), (*where, "damage"), "a beast's damage", "bestia sebzése")
        roll = raw.get("roll", 0)
        if isinstance(roll, bool) or not isinstance(roll, int):
            r.problem(CODE_TYPE, f"beast.roll is a whole number (+2), not {roll!r}",
                      f"a beast.roll egész szám (+2), nem {roll!r}", (*where, "roll"))
            roll = 0
        return damage, roll
    return r.number(raw, where, "a beast's damage", "bestia sebzése"), 0


def _triggers(r: _Reader, raw: Any, where: tuple[str | int, ...]) -> tuple[Trigger, ...]:
    if raw is None:
        return ()
    items = [raw] if isinstance(raw, Mapping) else raw
    if not isinstance(items, list):
        r.problem(CODE_TYPE, f"triggers is a list of {{at, effect, …}}, not {_type_name(raw)}",
                  f"a triggers {{at, effect, …}} elemek listája, nem {_type_name(raw, 'hu')}", where)
        return ()
    out = []
    for i, item in enumerate(items):
        at = (*where, i)
        if not isinstance(item, Mapping):
            r.problem(CODE_TYPE, f"a trigger is a mapping {{at, effect, …}}, not {_type_name(item)}",
                      f"a trigger {{at, effect, …}} leképezés, nem {_type_name(item, 'hu')}", at)
            continue
        r.fields(item, _TRIGGER_FIELDS, at, "trigger", "trigger")
        if "at" not in item or "effect" not in item:
            has = ", ".join(map(str, item))
            r.problem(CODE_FIELD, f"a trigger needs 'at' and 'effect' (it has {has or 'nothing'})",
                      f"a triggernek 'at' és 'effect' mező kell (ennek ez van: {has or 'semmi'})", at)
            continue
        moment = r.parse(parse_moment, item["at"], (*at, "at"), "a moment", "időpont")
        effect = r.parse(parse_effect, item["effect"], (*at, "effect"), "an effect", "hatás")
        targets = r.parse(parse_targets, item["targets"], (*at, "targets"), "targets", "célpontleírás") if "targets" in item else None
        condition = r.parse(parse_condition, item["if"], (*at, "if"), "a condition", "feltétel") if "if" in item else None
        flags = {}
        for flag in ("ghost", "optional"):
            value = item.get(flag, False)
            if not isinstance(value, bool):
                r.problem(CODE_TYPE, f"{flag} is true or false, not {value!r}",
                          f"a(z) {flag} értéke true vagy false, nem {value!r}", (*at, flag))
                value = False
            flags[flag] = value
        if moment is not None and effect is not None:
            out.append(Trigger(moment, effect, targets, condition, flags["ghost"], flags["optional"]))
    return tuple(out)


def _constant(r: _Reader, raw: Any, where: tuple[str | int, ...]) -> tuple[Modifier, ...]:
    if raw is None:
        return ()
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list):
        r.problem(CODE_TYPE, f"constant is a modifier or a list of them, not {_type_name(raw)}",
                  f"a constant egy módosító vagy módosítók listája, nem {_type_name(raw, 'hu')}", where)
        return ()
    out = []
    for i, item in enumerate(items):
        at = (*where, i) if not isinstance(raw, str) else where
        got = r.parse(parse_modifier, item, at, "a modifier", "módosító")
        if got is not None:
            out.append(got)
    return tuple(out)


# ---------------------------------------------------------------- printed marks -> behaviour


#: What each printed mark of an ability (its canonical English id) says in the behaviour language.
MARK_KEYS: dict[str, tuple[str, str]] = {
    "combat": ("timing", "combat"), "before_combat": ("timing", "before_combat"), "interrupt": ("timing", "interrupt"),
    "once": ("limit", "once"), "repeatable": ("repeatable", "true"), "rests": ("cost", "rest"),
    "lost": ("cost", "lost"), "constant": ("constant", ""), "one_per_player": ("per_player", ""),
}


def behaviour_of_marks(marks: frozenset[str] | set[str] | tuple[str, ...], behaviour: Mapping[str, Any] | None
                       ) -> dict[str, Any]:
    """The behaviour of an ability with its printed *marks* (canonical ids) written into it.

    harci -> ``timing: combat``, harc előtti -> ``timing: before_combat``, megszakító -> ``timing:
    interrupt``, egyszeri -> ``limit: once``, ismételhető -> ``repeatable: true``, elforgató -> the cost
    ``rest``, elvesző -> the cost ``lost``; állandó: the behaviour is a ``constant`` (nothing to add), and
    egy per játékos makes each of its constants ``per_player``.  What the behaviour already says wins::

        >>> behaviour_of_marks({"combat", "once", "rests"}, {"ability": {"effect": "damage 1 target"}})
        {'ability': {'effect': 'damage 1 target', 'timing': 'combat', 'limit': 'once', 'cost': 'rest'}}
        >>> behaviour_of_marks({"constant", "one_per_player"}, {"constant": "level +1 own adventurers"})
        {'constant': ['level +1 own adventurers per_player']}
    """
    out: dict[str, Any] = dict(behaviour or {})
    marks = frozenset(marks)
    if "one_per_player" in marks and out.get("constant") is not None:
        raw = out["constant"]
        items = [raw] if isinstance(raw, str) else list(raw) if isinstance(raw, list) else raw
        if isinstance(items, list):
            out["constant"] = [m if not isinstance(m, str) or fold(m).split()[-1:] == ["per_player"]
                               else f"{m} per_player" for m in items]
    ability_marks = [m for m in ("combat", "before_combat", "interrupt", "once", "repeatable", "rests", "lost")
                     if m in marks]
    raw_ability = out.get("ability")
    if not ability_marks or raw_ability is None:
        return out
    if isinstance(raw_ability, list):
        out["ability"] = [_with_marks(a, ability_marks) for a in raw_ability]
    else:
        out["ability"] = _with_marks(raw_ability, ability_marks)
    return out


def _with_marks(raw: Any, marks: Sequence[str]) -> Any:
    spec: dict[str, Any] = {"effect": raw} if isinstance(raw, str) else dict(raw) if isinstance(raw, Mapping) else raw
    if not isinstance(spec, dict):
        return raw
    costs = [c.strip() for c in str(spec.get("cost", "")).split(";") if c.strip() and fold(c.strip()) != "none"]
    for mark in marks:
        key, value = MARK_KEYS[mark]
        if key == "cost":
            if not any(fold(c).split()[:1] == [value] for c in costs):
                costs.append(value)
        elif key == "repeatable":
            spec.setdefault("repeatable", True)
        else:
            spec.setdefault(key, value)
    if costs:
        spec["cost"] = "; ".join(costs)
    return spec


def behaviour_filters(spec: Any, *, locate: Callable[[tuple[str | int, ...]], tuple[int, int]] | None = None,
                      where: tuple[str | int, ...] = ()) -> Iterator[tuple[str, str, int | None, int | None]]:
    """Every filter value a behaviour mapping names, anywhere in it: ``(key, value, line, column)`` with the
    canonical key (``!race`` when negated), for a data check of the values against the database.  *locate*
    maps a path in the set file to the line and column where its text starts (as :func:`read_behaviour`'s)::

        >>> [(k, v) for k, v, _, _ in behaviour_filters({"constant": ["level +1 own adventurers race:ordani"],
        ...                                               "triggers": [{"at": "wounded", "targets": "1 card !skill:úszás"}]})]
        [('race', 'ordani'), ('!skill', 'úszás')]
    """
    if isinstance(spec, str):
        line, col = locate(where) if locate is not None else (None, None)
        for key, value, col0 in iter_filters(spec):
            yield key, value, line, (col + col0 if col is not None else None)
    elif isinstance(spec, Mapping):
        for key, value in spec.items():
            yield from behaviour_filters(value, locate=locate, where=(*where, str(key)))
    elif isinstance(spec, list):
        for i, value in enumerate(spec):
            yield from behaviour_filters(value, locate=locate, where=(*where, i))
