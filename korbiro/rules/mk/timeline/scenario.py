"""Ruling scenarios: load a YAML file, set the game up, run its script, compare ``expect:``.

    >>> from korbiro.rules.mk.timeline import run_file     # doctest: +SKIP
    >>> result = run_file("examples/rulings/kincskereses-osszeadodik.yaml")  # doctest: +SKIP
    >>> result.passed                                       # doctest: +SKIP
    True

A file that cannot be read or is not a valid scenario raises
:class:`~korbiro.base.errors.DataError` (file:line); a script action that breaks a
rule is refused with that rule and recorded in :attr:`Result.refusals` (the
state is unchanged and the script goes on); a scenario passes when every
expectation holds and every refusal was expected.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from random import Random
from typing import TYPE_CHECKING, Any

from ....base import i18n
from ....base.errors import (
    DataError,
    IllegalActionError,
    KorbiroError,
    RulesSyntaxError,
    UsageError,
)
from ....base.text import close_matches, fold
from ....base.yamlload import YamlDocument, load_yaml_file, load_yaml_text
from ....data.behaviour import Behaviour, read_behaviour
from ....data.cache import Remembered
from ....data.cards import Card
from ....data.history import parse_date
from ....data.index import open_index
from ....data.paths import library_stamp, package_file
from ....data.schema import compiled_check, iter_inline_card_findings, iter_part_findings
from ....grammar.action import Action, parse_action
from . import semantics as sem
from .engine import Engine
from .enums import (
    CSATOLT,
    IDOFONAL,
    JELEN,
    JOVO,
    KEZ,
    KIVUL,
    MEGOLDOTT,
    MELYSEG,
    MULT,
    RAKTAR,
    SOR,
    TORONY,
)
from .game import RandomPolicy, play_on
from .model import STATES, ZONE_ALIASES, CardState
from .rules import PHASES, RULES, Format, format_named, phase_named, resolve_options
from .trace import Said, TraceEvent, refused

if TYPE_CHECKING:
    import jsonschema

__all__ = ["Refusal", "Result", "Scenario", "load_scenario", "run_file", "run_scenario"]

_ZONE_KEYS = {"hand": KEZ, "kéz": KEZ, "jövő": JOVO, "deck": JOVO, "sor": SOR, "jelen": JELEN,
              "torony": TORONY, "raktár": RAKTAR, "múlt": MULT, "mélység": MELYSEG,
              "megoldott": MEGOLDOTT, "időfonal": IDOFONAL, "kívül": KIVUL}


@dataclass
class Scenario:
    """A loaded, validated scenario."""

    path: str
    doc: YamlDocument
    title: str
    format: Format
    options: dict[str, Any]
    steps: list[tuple[str | None, Action, int]]
    cards: dict[str, Card]
    effects: dict[str, Behaviour]
    #: the variant the game is played out under (victory checks), or None for a ruling that is not
    variant: str | None = None
    #: the day whose card texts the database's cards are played with (``date:``), or None for the current ones
    date: dt.date | None = None

    @property
    def data(self) -> Any:
        return self.doc.data


@dataclass(frozen=True)
class Refusal:
    """An action of the script that broke a rule."""

    step: int
    line: int
    text: str
    code: str
    rule: str | None
    message: str
    hu: str
    #: what would make the action legal, where it is one thing (English, Hungarian)
    remedy: tuple[str, str] | None = None

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        out = {"step": self.step, "line": self.line, "action": self.text, "code": self.code,
               "rule": self.rule, "message": self.hu if lang == "hu" else self.message}
        if self.remedy is not None:
            out["remedy"] = self.remedy[1] if lang == "hu" else self.remedy[0]
        return out


@dataclass
class Result:
    """What running a scenario gave."""

    path: str
    title: str
    format: str
    trace: list[TraceEvent]
    steps: list[tuple[int, int, str, int]] = field(default_factory=list)  # (step, line, text, first trace n)
    refusals: list[Refusal] = field(default_factory=list)
    #: how the game differs from ``expect:``, one line each, said in either language when read
    diffs: list[Said] = field(default_factory=list)
    has_expect: bool = False
    engine: Engine | None = None
    #: the day whose card texts were played (the scenario's ``date:``), or None for the current ones
    date: dt.date | None = None

    @property
    def passed(self) -> bool:
        return not self.diffs

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"file": self.path, "title": self.title, "format": self.format, "passed": self.passed,
                "checked": self.has_expect,
                "steps": [{"step": s, "line": ln, "action": t, "trace_from": n} for s, ln, t, n in self.steps],
                "trace": [e.to_dict(lang) for e in self.trace],
                "refusals": [r.to_dict(lang) for r in self.refusals], "diff": [d.text(lang) for d in self.diffs],
                **({"date": self.date.isoformat()} if self.date is not None else {})}


@cache
def _schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(package_file("data/schemas/mk-scenario.schema.json").read_text("utf-8"))
    return schema


@cache
def _state_option_names() -> frozenset[str]:
    """The parameters a state file's ``options:`` (and a scenario's ``variant_options:``) may change."""
    schema = json.loads(package_file("data/schemas/mk-result-state.schema.json").read_text("utf-8"))
    return frozenset(schema["properties"]["options"]["properties"])


@cache
def _valid() -> Callable[[Any], bool]:
    """The compiled yes/no check of the scenario schema (a valid 2020-12 schema: the tests check it)."""
    return compiled_check(_schema(), remember=True)


@cache
def _validator() -> jsonschema.Draft202012Validator:
    """jsonschema's validator of the scenario schema, which explains what the compiled check refuses."""
    import jsonschema  # lazy: imported only to explain a failure

    return jsonschema.Draft202012Validator(_schema())


def _deepest(err: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """Of a value valid under none of a ``oneOf``'s choices, the reason of the choice that went deepest into it
    (an unknown key of a snapshot of ``expect.at``, rather than "not valid under any of the given schemas"),
    so that the finding names the line and column of what is wrong."""
    while err.context:
        deeper = max(err.context, key=lambda e: (len(e.absolute_path), e.validator != "type"))
        if len(deeper.absolute_path) < len(err.absolute_path):
            break
        err = deeper
    return err


def _error(doc: YamlDocument, path: Sequence[str | int], key: str, /, **args: Any) -> DataError:
    """The finding at *path* of the scenario: its message the catalogue template *key* with *args*."""
    line, col = doc.mark(tuple(path))
    return DataError.said(key, path=doc.path, line=line, column=col, **args)


def _why(exc: KorbiroError) -> dict[str, str]:
    """What another error says, in both languages: the ``why`` and ``why_hu`` of a template."""
    return {"why": exc.message, "why_hu": exc.hu or exc.to_finding().text("hu")}


def _variant_seat_errors(doc: YamlDocument, variant: Any, players: Sequence[Any]) -> list[DataError]:
    """The setup's players against the variant's count (12.00): a twin game of two players is a finding at the
    setup's players, before any game is played (it was a message without its file and line)."""
    n, lo, hi = len(players), variant.players_min, variant.players_max
    labels = {"label": f"{variant.name['en']} ({variant.id})", "label_hu": f"{variant.name['hu']} ({variant.id})"}
    if n < lo or (hi is not None and n > hi):
        need = i18n.both("need", "MK-RESULT-NEED.exactly" if hi == lo else "MK-RESULT-NEED.between" if hi
                         else "MK-RESULT-NEED.at-least", lo=lo, hi=hi)
        args = {**labels, **need, "count": n}
        key = "MK-RESULT-PLAYER-COUNT"
    elif variant.players_even and n % 2:
        args, key = {**labels, "count": n}, "MK-RESULT-EVEN"
    else:
        return []
    return [_error(doc, ["setup", "players"], "MK-SCENARIO-VARIANT.seats", why=i18n.part(key, **args))]


def _mean(close: Sequence[str]) -> dict[str, Any] | str:
    """"; did you mean 'A' or 'B'?" as a message part ("" when there is nothing close)."""
    if not close:
        return ""
    return i18n.part("MK-SCENARIO-MEAN", names=i18n.joined(map(repr, close), "or", "en"),
                     names_hu=i18n.joined(map(repr, close), "or", "hu"))


def _close_names(name: str, names: Sequence[str], more: Sequence[str] = (), n: int = 3) -> list[str]:
    """The names of *names* close to *name* (accents and case aside), then those of *more*, at most *n*."""
    folded = {fold(x): x for x in names}
    close = [folded[c] for c in close_matches(fold(name), folded, n=n)]
    return list(dict.fromkeys([*close, *more]))[:n]


def _raise_all(errors: list[DataError]) -> None:
    if errors:
        errors.sort(key=lambda e: (e.line or 0, e.column or 0))
        first = errors[0]
        first.findings = [e.to_finding() for e in errors]
        raise first


def load_scenario(path: str, *, text: str | None = None, lookup: Callable[[str], Card | None] | None = None,
                  options: Mapping[str, str] | None = None,
                  suggest: Callable[[str], list[str]] | None = None) -> Scenario:
    """Read and check a scenario; raise :class:`DataError` with file:line for any problem.

    An unknown card gets a did-you-mean from the scenario's own cards and from *suggest* (the card
    database's close names, e.g. :meth:`~korbiro.data.index.CardIndex.suggest`)."""
    doc = load_yaml_text(text, path) if text is not None else load_yaml_file(path)
    errors: list[DataError] = []
    for bad in () if _valid()(doc.data) else map(_deepest, _validator().iter_errors(doc.data)):
        where = ".".join(str(p) for p in bad.absolute_path) or "(top)"
        errors.append(_error(doc, list(bad.absolute_path), "MK-SCENARIO-SCHEMA", where=where, why=bad.message))
    _raise_all(errors)
    data = doc.data
    fmt, opts = _format_and_options(doc, options)
    date, variant = _header(doc, errors)
    lines = _lines(path, text) if _needs_lines(doc) else []
    cards, unbuilt = _inline_cards(doc, lines, date, errors)
    effects = _effects(doc, lines, errors)
    _check_setup(doc, cards, unbuilt, lookup, suggest, errors)
    steps = _script_steps(doc, variant, errors)
    _raise_all(errors)
    return Scenario(path, doc, data["title"], fmt, opts, steps, cards, effects,
                    variant if isinstance(variant, str) else None, date)


def _format_and_options(doc: YamlDocument, options: Mapping[str, str] | None) -> tuple[Format, dict[str, Any]]:
    """The scenario's format and its options (the file's, then *options*): an error at once if either is unknown."""
    data = doc.data
    try:
        fmt = format_named(data.get("format", "korfordulo"))
    except UsageError as exc:
        raise _error(doc, ["format"], "MK-SCENARIO-FORMAT", **_why(exc)) from None
    opts = dict(data.get("options") or {})
    opts.update(options or {})
    try:
        resolve_options(opts)
    except UsageError as exc:
        raise _error(doc, ["options"], "MK-SCENARIO-OPTION", **_why(exc)) from None
    return fmt, opts


def _header(doc: YamlDocument, errors: list[DataError]) -> tuple[dt.date | None, Any]:
    """The scenario's date and variant, its rules, ``expect:`` and setup phase checked (each problem in *errors*)."""
    data = doc.data
    date = None
    if data.get("date") is not None:
        date = parse_date(data["date"])
        if date is None:
            errors.append(_error(doc, ["date"], "MK-SCENARIO-DATE", date=data["date"]))
    variant = data.get("variant")
    if variant is not None:
        # lazy: the victory rules' variants are read only for a played scenario
        from ..victory import load_variants

        try:
            chosen = load_variants().get(str(variant))
            variant = chosen.id
        except UsageError as exc:
            errors.append(_error(doc, ["variant"], "MK-SCENARIO-VARIANT", **_why(exc)))
        else:
            errors.extend(_variant_option_errors(doc, chosen))
            errors.extend(_variant_seat_errors(doc, chosen, data["setup"].get("players") or []))
    if data["setup"].get("start") and variant is None:
        errors.append(_error(doc, ["setup", "start"], "MK-SCENARIO-START"))
    if (data.get("expect") or {}).get("result") is not None and variant is None:
        errors.append(_error(doc, ["expect", "result"], "MK-SCENARIO-RESULT"))
    for i, rid in enumerate(data.get("rules") or []):
        if rid not in RULES:
            errors.append(_error(doc, ["rules", i], "MK-SCENARIO-RULE.unknown", rule_id=rid))
    errors.extend(_expect_errors(doc, len(data["script"]), [str(pl["name"]) for pl in data["setup"]["players"]]))
    phase = (data["setup"].get("phase"))
    if phase is not None and phase_named(phase) is None:
        errors.append(_error(doc, ["setup", "phase"], "MK-SCENARIO-PHASE", phase=phase))
    return date, variant


def _needs_lines(doc: YamlDocument) -> bool:
    """Whether the scenario has behaviours whose findings need the file's lines (effects, or a card's)."""
    data = doc.data
    return bool(data.get("effects")) or any(isinstance(c, Mapping) and "behaviour" in c for c in data.get("cards") or [])


def _inline_cards(doc: YamlDocument, lines: list[str], date: dt.date | None,
                  errors: list[DataError]) -> tuple[dict[str, Card], set[str]]:
    """The scenario's own cards by folded name (as of *date*), each field checked as a set file's card (a value
    of another shape is a finding, not a crash), and the names of those not built for a finding."""
    data = doc.data
    cards: dict[str, Card] = {}
    unbuilt: set[str] = set()
    bad_cards = [DataError(f.code, f.message, path=f.file, line=f.line, column=f.column, args=f.args)
                 for f in iter_inline_card_findings(doc)]
    if bad_cards:
        errors.extend(bad_cards)
        unbuilt = {fold(raw["name"]) for raw in data["cards"]}  # named in the setup, but not built: no card yet
    for i, raw in enumerate(data.get("cards") or [] if not bad_cards else []):
        try:
            card = _inline_card(raw, doc, i, lines)
            cards[fold(raw["name"])] = card.as_of(date) if date is not None else card
        except DataError as exc:
            errors.extend(DataError(f.code, f.message, path=f.file, line=f.line, column=f.column, args=f.args)
                          for f in exc.findings)
        except RulesSyntaxError as exc:  # a version of its history: that is no card text
            errors.append(_error(doc, ["cards", i, "history"], "MK-SCENARIO-CARD-TEXT.history", name=raw["name"],
                                 date=date, **_why(exc)))
    return cards, unbuilt


def _effects(doc: YamlDocument, lines: list[str], errors: list[DataError]) -> dict[str, Behaviour]:
    """The judge's named effects (``effects:``), each read as a behaviour."""
    effects: dict[str, Behaviour] = {}
    for name, spec in (doc.data.get("effects") or {}).items():
        behaviour, found = read_behaviour(spec, path=doc.path, locate=_locator(doc, ("effects", name), lines),
                                          card=str(name))
        errors.extend(DataError(f.code, f.message, path=f.file, line=f.line, column=f.column, args=f.args)
                      for f in found)
        if behaviour is not None and not found:
            effects[str(name)] = behaviour
    return effects


def _check_setup(doc: YamlDocument, cards: Mapping[str, Card], unbuilt: set[str],
                 lookup: Callable[[str], Card | None] | None, suggest: Callable[[str], list[str]] | None,
                 errors: list[DataError]) -> None:
    """The setup's players and cards: the active player, each card's controller and name, and the players
    named by teams, alliances and challenges, are the scenario's."""
    setup_ = doc.data["setup"]
    seated = [str(pl["name"]) for pl in setup_["players"]]
    players = ", ".join(seated)
    if setup_.get("active") is not None and setup_["active"] not in seated:
        errors.append(_error(doc, ["setup", "active"], "MK-SCENARIO-PLAYER.active", name=setup_["active"],
                             players=players))

    def check_ref(ref: Any, where: list[str | int]) -> None:
        if isinstance(ref, dict) and ref.get("controller") not in (None, *seated):
            errors.append(_error(doc, [*where, "controller"], "MK-SCENARIO-PLAYER.controller",
                                 name=ref["controller"], players=players))
        name = ref if isinstance(ref, str) else ref["card"]
        if fold(name) not in cards and fold(name) not in unbuilt and (lookup is None or lookup(name) is None):
            hint = _mean(_close_names(name, [c.name for c in cards.values()], suggest(name) if suggest else ()))
            errors.append(_error(doc, where, "MK-SCENARIO-CARD.unknown", name=name, hint=hint))
        if isinstance(ref, dict):
            for j, sub in enumerate(ref.get("attach") or []):
                check_ref(sub, [*where, "attach", j])

    for pi, pl in enumerate(setup_["players"]):
        for key in _ZONE_KEYS:
            for ci, ref in enumerate(pl.get(key) or []):
                check_ref(ref, ["setup", "players", pi, key, ci])
        if pl.get("ómen") is not None:
            check_ref(pl["ómen"], ["setup", "players", pi, "ómen"])
    named: list[tuple[list[str | int], str]] = [(["setup", "teams", i, j], n) for i, team in enumerate(setup_.get("teams") or []) for j, n in enumerate(team)]
    named += [(["setup", "alliance", i], n) for i, n in enumerate(setup_.get("alliance") or [])]
    named += [(["setup", "challenges", c], n) for c, t in (setup_.get("challenges") or {}).items() for n in (c, t)]
    for spot, n in named:
        if n not in seated:
            errors.append(_error(doc, spot, "MK-SCENARIO-PLAYER.named", name=n, players=players))


def _script_steps(doc: YamlDocument, variant: Any, errors: list[DataError]) -> list[tuple[str | None, Action, int]]:
    """The script's steps (who, the action, its line), parsed or remembered from a run before."""
    data = doc.data
    steps: list[tuple[str | None, Action, int]] = []
    script = [next(iter(item.items())) if isinstance(item, dict) else (None, item) for item in data["script"]]
    remembered = _remembered_actions([text_ for _, text_ in script])
    known = remembered.get() if remembered is not None else None
    actions = _actions_from_json(known, len(script))
    parsed: list[Action] = []
    for si, (player, text_) in enumerate(script):
        line, col = doc.mark(("script", si, player) if player is not None else ("script", si))
        if actions is not None:
            action = actions[si]
        else:
            try:
                action = parse_action(text_, path=doc.path, line=line, column=col)
            except RulesSyntaxError as exc:
                err = DataError(exc.code, exc.message, path=exc.path, line=exc.line, column=exc.column, hu=exc.hu)
                errors.append(err)
                continue
            parsed.append(action)
        if action.verb == "game" and variant is None:
            errors.append(DataError.said("MK-SCENARIO-GAME", path=doc.path, line=line, column=col))
        steps.append((player, action, line))
    if remembered is not None and actions is None and len(parsed) == len(script):
        remembered.put([_action_to_json(a) for a in parsed])
    return steps


#: korbiro's files whose code decides what :func:`~korbiro.grammar.action.parse_action` makes of a text
#: (package-relative); lark's installed copy is part of the key too (:func:`_remembered_actions`)
ACTIONS_CODE: tuple[str, ...] = ("grammar/action.py", "grammar/action.lark", "grammar/prebuilt.py",
                                 "grammar/tables/action-start.json", "grammar/larkerror.py", "base/text.py")


def snapshots(expect: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The snapshots of ``expect.at`` (one mapping, or a list of them), in the order written."""
    at = expect.get("at")
    return [] if at is None else [at] if isinstance(at, Mapping) else list(at)


def _expect_errors(doc: YamlDocument, steps: int, seated: Sequence[str]) -> list[DataError]:
    """The new keys of ``expect:`` checked against the scenario (file:line:column): a snapshot's step is one of
    the script's (0: the setup), its players and its ``legal:`` players are seated, and each rule a refusal of
    ``illegal:`` may cite is one of the rule index."""
    expect = doc.data.get("expect") or {}
    out: list[DataError] = []

    def at(where: tuple[str | int, ...], key: str, **args: Any) -> None:
        line, col = doc.mark(where)
        out.append(DataError.said(key, path=doc.path, line=line, column=col, **args))

    single = isinstance(expect.get("at"), Mapping)
    for i, snap in enumerate(snapshots(expect)):
        base: tuple[str | int, ...] = ("expect", "at") if single else ("expect", "at", i)
        if snap["step"] > steps:
            at((*base, "step"), "MK-SCENARIO-AT.step", step=snap["step"], steps=steps)
        for key in ("players", "legal"):
            for name in snap.get(key) or {}:
                if name not in seated:
                    at((*base, key, name), "MK-SCENARIO-AT.player", name=name, players=", ".join(seated))
    for i, spec in enumerate(expect.get("illegal") or []):
        rules = spec if isinstance(spec, str) else spec.get("rule")
        if rules is None:
            continue
        for j, rid in enumerate([rules] if isinstance(rules, str) else rules):
            if rid not in RULES:
                where: tuple[str | int, ...] = ("expect", "illegal", i) if isinstance(spec, str) else (
                    ("expect", "illegal", i, "rule") if isinstance(rules, str) else ("expect", "illegal", i, "rule", j))
                at(where, "MK-SCENARIO-RULE.illegal", cited=rid)
    return out


def _variant_option_errors(doc: YamlDocument, variant: Any) -> list[DataError]:
    """``variant_options:`` checked as a state file's ``options:`` (their types and ranges), each a parameter of
    *variant* (``korbiro game variants NAME`` lists them)."""
    out = [DataError(f.code, f.message, path=f.file, line=f.line, column=f.column, args=f.args)
           for f in iter_part_findings(doc, "variant_options", "mk-result-state", "/properties/options")]
    for key in doc.data.get("variant_options") or {}:
        if key in _state_option_names() and key not in variant.params:  # an unknown name is the schema's finding
            line, col = doc.mark(("variant_options", key))
            out.append(DataError.said("MK-RESULT-OPTION", path=doc.path, line=line, column=col, name=key,
                                      label=f"{variant.name['en']} ({variant.id})",
                                      label_hu=f"{variant.name['hu']} ({variant.id})",
                                      params=", ".join(sorted(variant.params))))
    return out


def _remembered_actions(texts: Sequence[Any]) -> Remembered | None:
    """Where the actions of a script's *texts* are remembered in korbiro's cache, once they all parse
    (``None``: a text that is none, which the parser refuses): the next run of the scenario parses none
    of them, and loads no lark."""
    if not all(isinstance(t, str) for t in texts):
        return None
    return Remembered("actions", ACTIONS_CODE, [library_stamp("lark"), *(t.encode("utf-8", "surrogatepass") for t in texts)])


def _action_to_json(a: Action) -> dict[str, Any]:
    return {name: list(v) if isinstance(v, tuple) else v for name, v in a._asdict().items()}


def _fields_from_json(a: dict[str, Any]) -> dict[str, Any]:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in a.items()}


def _actions_from_json(known: Any, n: int) -> list[Action] | None:
    """The remembered actions of a script of *n* steps, or ``None`` when *known* is not that."""
    if not isinstance(known, list) or len(known) != n:
        return None
    try:
        return [Action(**_fields_from_json(a)) for a in known]
    except (TypeError, AttributeError):
        return None


def _locator(doc: YamlDocument, base: tuple[str | int, ...],
             lines: list[str]) -> Callable[[tuple[str | int, ...]], tuple[int, int]]:
    """Where a behaviour field of the scenario starts (line, column of its text, inside its quotes)."""

    def locate(where: tuple[str | int, ...]) -> tuple[int, int]:
        line, col = doc.mark((*base, *where))
        if 0 < line <= len(lines) and lines[line - 1][col - 1:col] in ('"', "'"):
            col += 1
        return line, col

    return locate


def _lines(path: str, text: str | None) -> list[str]:
    if text is None:
        try:
            with open(path, encoding="utf-8-sig", errors="replace") as fh:
                text = fh.read()
        except OSError:
            text = ""
    return text.splitlines()


def _inline_card(raw: Mapping[str, Any], doc: YamlDocument, i: int, lines: list[str]) -> Card:
    # lazy: only scenarios with inline card texts need it
    from ....grammar.cardtext import parse_card_text

    text = str(raw.get("text") or "")
    try:
        kws = tuple(parse_card_text(text)) if text else ()
    except RulesSyntaxError as exc:
        raise _error(doc, ["cards", i, "text"], "MK-SCENARIO-CARD-TEXT.text", name=raw["name"], **_why(exc)) from None
    known = {"id", "name", "type", "subtype", "mp", "dp", "text"}
    attrs = {k: v for k, v in raw.items() if k not in known}
    behaviour, found = read_behaviour(raw.get("behaviour"), path=doc.path,
                                      locate=_locator(doc, ("cards", i, "behaviour"), lines), card=str(raw["name"]))
    if found:
        first = found[0]
        err = DataError(first.code, first.message, path=first.file, line=first.line, column=first.column)
        err.findings = found
        raise err
    return Card(str(raw.get("id") or f"SCENARIO-{i + 1}"), raw["name"], raw["type"], raw.get("subtype"),
                raw.get("mp"), raw.get("dp"), text, kws, "SCENARIO", doc.path, doc.mark(("cards", i))[0], attrs,
                behaviour=behaviour)


def _lookup_card(sc: Scenario, lookup: Callable[[str], Card | None] | None, name: str) -> Card:
    """The card named in the setup: the scenario's own, else the database's (as of the scenario's ``date:``)."""
    card = sc.cards.get(fold(name))
    if card is None and lookup is not None:
        card = lookup(name)
    if card is not None and sc.date is not None:
        card = card.as_of(sc.date)
    if card is None:  # pragma: no cover - load_scenario checked every name
        raise DataError.said("MK-SCENARIO-CARD.unknown", path=sc.path, name=name, hint="")
    return card


def build_engine(sc: Scenario, lookup: Callable[[str], Card | None] | None) -> Engine:
    """The engine with the scenario's setup in place (no rule applied to the setup)."""
    eng = Engine(sc.format, {k: str(v) for k, v in sc.options.items()}, sc.effects, variant=sc.variant,
                 variant_options=sc.data.get("variant_options"))
    eng.table.lookup = lambda name: sc.cards.get(fold(name)) or (lookup(name) if lookup is not None else None)
    data = sc.data
    setup = data["setup"]
    players = setup["players"]
    if len(players) > 2 and not sc.format.admits("archived"):
        raise _error(sc.doc, ["setup", "players"], "MK-SCENARIO-PLAYERS.multiplayer", count=len(players))
    for pl in players:
        try:
            eng.add_player(pl["name"], int(pl.get("mp", 0)), int(pl.get("dp", 0)))
        except ValueError:
            raise _error(sc.doc, ["setup", "players"], "MK-SCENARIO-PLAYERS.twice", name=pl["name"]) from None

    def place(ref: Any, owner: str, zone: str, host: CardState | None = None) -> None:
        spec: dict[str, Any] = {"card": ref} if isinstance(ref, str) else ref
        card = _lookup_card(sc, lookup, spec["card"])
        cs = eng.add_card(card, owner, CSATOLT if host else zone, label=spec.get("as"),
                          state=STATES.get(fold(spec.get("state", "éber")), "éber"), damage=int(spec.get("damage", 0)),
                          counters=spec.get("counters"), attached_to=host.uid if host else None,
                          hidden=bool(host and card.type == "akadálylap"),
                          ghost=_int_or_none(spec.get("ghost")), controller=spec.get("controller", ""))
        if spec.get("ghost") is not None:
            cs.state = "éber"
        for sub in spec.get("attach") or []:
            place(sub, owner, zone, cs)

    seats = eng.state.seats
    for i, team in enumerate(setup.get("teams") or []):
        for name in team:
            seats.sides[name] = "ABCDEFGH"[i]
    seats.alliance = tuple(setup.get("alliance") or ())
    seats.challenges = dict(setup.get("challenges") or {})
    for pl in players:
        for key, zone in _ZONE_KEYS.items():
            for ref in pl.get(key) or []:
                place(ref, pl["name"], zone)
        if pl.get("ómen") is not None:
            spec = {"card": pl["ómen"]} if isinstance(pl["ómen"], str) else pl["ómen"]
            seats.omens[pl["name"]] = eng.add_card(_lookup_card(sc, lookup, spec["card"]), pl["name"], KIVUL,
                                                   label=spec.get("as")).uid
        if pl.get("eliminations"):
            seats.eliminations[pl["name"]] = int(pl["eliminations"])
        if pl.get("victory_points"):
            seats.victory_points[pl["name"]] = int(pl["victory_points"])
    for pl in players:
        if pl.get("out"):
            eng.table.drop_out(pl["name"])
    eng.state.round = int(setup.get("round", 1))
    if setup.get("phase"):
        canon = phase_named(setup["phase"])
        assert canon is not None
        eng.state.phase = canon
        is_tl, kind = PHASES[canon]
        if is_tl:
            eng.open_timeline(kind, canon)
    if setup.get("active"):
        eng.table.make_active(setup["active"], "set")
    if setup.get("start"):
        eng.start_game()
    return eng


def _names_in(a: Action) -> list[str]:
    out = [n for n in (a.card if a.verb not in ("phase",) else None, a.dest, a.by, a.store, a.keep) if n]
    out += list(a.targets) + list(a.team) + list(a.blockers)
    return out


def run_scenario(sc: Scenario, lookup: Callable[[str], Card | None] | None = None, *,
                 until: int | None = None) -> Result:
    """Run the scenario's script (its first *until* steps, if given) and compare its expectations
    (only when the whole script ran)."""
    eng = build_engine(sc, lookup)
    result = Result(sc.path, sc.title, sc.format.key, eng.state.trace, engine=eng, date=sc.date)
    names = [n for cs in eng.state.cards.values() for n in (cs.label, cs.name)]
    known = {fold(n) for n in names}
    pinned: dict[int, list[Mapping[str, Any]]] = {}
    for snap in snapshots(sc.data.get("expect") or {}):
        pinned.setdefault(int(snap["step"]), []).append(snap)
    at_diffs = [d for snap in pinned.get(0, ()) for d in compare_at(eng, snap)]
    for step, (player, action, line) in enumerate(sc.steps, 1):
        if until is not None and step > until:
            break
        for name in _names_in(action):
            if fold(name) not in known:
                raise DataError.said("MK-SCENARIO-CARD.step", path=sc.path, line=line, step=step, name=name,
                                     hint=_mean(_close_names(name, names)))
        who = f"{player}: " if player else ""
        result.steps.append((step, line, who + action.text, len(eng.state.trace) + 1))
        try:
            if action.verb == "game":
                _play_game(eng, action)
            else:
                eng.apply(player, action)
        except IllegalActionError as exc:
            result.refusals.append(Refusal(step, line, who + action.text, exc.code, exc.rule, exc.message,
                                           exc.hu or exc.message, exc.remedy))
        at_diffs.extend(d for snap in pinned.get(step, ()) for d in compare_at(eng, snap))
    if until is not None and until < len(sc.steps):
        return result
    expect = sc.data.get("expect")
    result.has_expect = expect is not None
    result.diffs = at_diffs + compare(eng, result, expect or {})
    return result


def _play_game(eng: Engine, a: Action) -> None:
    """The script step ``játék [N]``: random legal play from seed N to the end of the game (1.01)."""
    if eng.table.ending is None:
        raise refused("MK-TL-NOT-PLAYED.only-played-game", "1.01", remedy="MK-TL-NOT-PLAYED.only-played-game-remedy")
    if eng.over:
        raise refused("MK-TL-OVER.game-over-2", eng.state.result[2] if eng.state.result else "1.01")
    if eng.combat.rng is None:  # the combat rounds' dice, drawn from the same seed as in `korbiro play` (6.03)
        eng.combat.rng = Random((a.count or 0) * 7919 + 1)
    play_on(eng, RandomPolicy(a.count or 0))


def run_file(path: str, *, lookup: Callable[[str], Card | None] | None = None,
             options: Mapping[str, str] | None = None, until: int | None = None, text: str | None = None,
             suggest: Callable[[str], list[str]] | None = None) -> Result:
    """Load and run one scenario file against the card database behind *lookup* (the shipped one by default;
    *text*: the file's text, given rather than read, *path* then only names it; *suggest* gives an unknown
    card's did-you-mean)."""
    if lookup is None:
        idx = open_index()

        def lookup(name: str) -> Card | None:
            return idx.lookup(name, suggest=False).card

        suggest = suggest or idx.suggest
    sc = load_scenario(path, text=text, lookup=lookup, options=options, suggest=suggest)
    return run_scenario(sc, lookup, until=until)


def legal_after(result: Result, player: str | None = None, *, at: int | None = None) -> dict[str, list[Any]]:
    """Each player's legal actions where *result* stopped (or only *player*'s, named in any case and
    accents), as ``korbiro resolve --legal`` lists them; *at* is the step asked for, a
    :class:`UsageError` when the script is shorter."""
    if at is not None and at > len(result.steps):
        raise UsageError.said("MK-TL-AT", path=result.path, at=at, steps=len(result.steps))
    eng = result.engine
    assert eng is not None
    names = list(eng.state.players)
    if player is not None:
        chosen = [n for n in names if fold(n) == fold(player)]
        if not chosen:
            raise UsageError.said("MK-TL-NO-PLAYER.scenario", path=result.path, player=player, players=", ".join(names))
        names = chosen
    return {n: eng.legal_actions(n) for n in names}


def legal_to_dict(listing: Mapping[str, Sequence[Any]], after_step: int) -> dict[str, Any]:
    """The ``legal`` member of ``korbiro resolve --legal --format json``."""
    return {"after_step": after_step, "players": {p: [f.to_dict() for f in forms] for p, forms in listing.items()}}


def error_to_dict(path: str, exc: KorbiroError, lang: str = "en") -> dict[str, Any]:
    """The JSON of a scenario that cannot be read or run: ``passed`` is null, ``errors`` every problem."""
    return {"file": path, "passed": None, "errors": [f.to_dict(lang) for f in exc.findings]}


# ---------------------------------------------------------------- expectations


def _zone_labels(eng: Engine, player: str, zone: str) -> list[str]:
    return [eng.state.cards[u].label for u in eng.state.players[player].zones[zone]]


def _same_list(zone: str, want: list[str], got: list[str]) -> bool:
    if zone == TORONY:
        return [fold(w) for w in want] == [fold(g) for g in got]
    return sorted(fold(w) for w in want) == sorted(fold(g) for g in got)


def compare(eng: Engine, result: Result, expect: Mapping[str, Any]) -> list[Said]:
    """The differences between *expect* and what happened, one line each."""
    diffs = _compare_state(eng, expect, "expect")
    st = eng.state

    def diff(where: str, want: Any, got: Any) -> None:
        diffs.append(Said("MK-SCENARIO-DIFF.value", {"where": f"expect.{where}", "want": want, "got": got}))

    if "unwound" in expect:
        if [fold(x) for x in expect["unwound"]] != [fold(x) for x in st.unwound]:
            diff("unwound", expect["unwound"], st.unwound)
    cited = {e.rule for e in st.trace} | {r.rule for r in result.refusals if r.rule}
    for rid in expect.get("rules") or []:
        if rid not in cited:
            diffs.append(Said("MK-SCENARIO-DIFF.never-applied", {"rule": rid, "applied": ", ".join(sorted(cited))}))
    for rid in expect.get("not_rules") or []:
        if rid in {e.rule for e in st.trace}:
            diffs.append(Said("MK-SCENARIO-DIFF.applied", {"rule": rid}))
    diffs.extend(_compare_refusals(result.refusals, expect.get("illegal") or []))
    if "winner" in expect:
        winner = st.winner[0] if st.winner else None
        if fold(str(expect["winner"] or "")) != fold(str(winner or "")):
            diff("winner", expect["winner"], winner)
    if expect.get("result") is not None:
        want = expect["result"]
        verdict, who, rule, _ = st.result or ("unfinished", (), None, "")
        if want["verdict"] != verdict:
            diff("result.verdict", want["verdict"], verdict)
        if "winners" in want and sorted(map(fold, want["winners"])) != sorted(map(fold, who)):
            diff("result.winners", want["winners"], list(who))
        if "rule" in want and want["rule"] != rule:
            diff("result.rule", want["rule"], rule)
    return diffs


def _compare_state(eng: Engine, expect: Mapping[str, Any], where: str) -> list[Said]:
    """The differences between the state *expect* pins (players, cards, phase, round, active player, timelines)
    and the engine's, each line starting with *where* (``expect``, or a snapshot's ``expect.at[step 3]``)."""
    diffs: list[Said] = []
    st = eng.state

    def diff(key: str, want: Any, got: Any) -> None:
        diffs.append(Said("MK-SCENARIO-DIFF.value", {"where": f"{where}.{key}", "want": want, "got": got}))

    for pname, pexp in (expect.get("players") or {}).items():
        if pname not in st.players:
            diffs.append(Said("MK-SCENARIO-DIFF.no-player", {"where": where, "player": pname}))
            continue
        p = st.players[pname]
        for key in ("mp", "dp"):
            if key in pexp and pexp[key] != getattr(p, key):
                diff(f"players.{pname}.{key}", pexp[key], getattr(p, key))
        for key, zone in _ZONE_KEYS.items():
            if key in pexp:
                got = _zone_labels(eng, pname, zone)
                if not _same_list(zone, pexp[key], got):
                    diff(f"players.{pname}.{key}", pexp[key], got)
    for label, cexp in (expect.get("cards") or {}).items():
        try:
            cs = eng.find(label)
        except IllegalActionError:
            diffs.append(Said("MK-SCENARIO-DIFF.no-card", {"where": where, "card": label}))
            continue
        checks: dict[str, Any] = {
            "state": cs.state, "damage": cs.damage, "controller": cs.controller, "owner": cs.owner,
            "ghost": cs.ghost, "hidden": cs.hidden,
            "zone": next((k for k, v in _ZONE_KEYS.items() if v == cs.zone and k not in ("hand", "deck")), cs.zone)
            if cs.zone != KEZ else "kéz",
            "attached_to": st.cards[cs.attached_to].label if cs.attached_to is not None else None,
            "attachments": [st.cards[u].label for u in cs.attachments],
            "counters": {k: v for k, v in cs.counters.items() if v},
            "fizikum": sem.attribute(st, cs, "fizikum"), "asztral": sem.attribute(st, cs, "asztral"),
            "mental": sem.attribute(st, cs, "mental"), "kincs_used": cs.kincs_used == st.round,
            "level": sem.level(st, cs),
        }
        for key, want in cexp.items():
            got = checks[key]
            if key == "state":
                want = STATES.get(fold(str(want)), want)
            if key == "zone":
                want_z = ZONE_ALIASES.get(fold(str(want)), want)
                if want_z != cs.zone:
                    diff(f"cards.{label}.zone", want, got)
                continue
            if key == "attachments":
                if sorted(map(fold, want)) != sorted(map(fold, got)):
                    diff(f"cards.{label}.{key}", want, got)
                continue
            if isinstance(want, str) and isinstance(got, str):
                if fold(want) != fold(got):
                    diff(f"cards.{label}.{key}", want, got)
            elif want != got:
                diff(f"cards.{label}.{key}", want, got)
    if "phase" in expect and phase_named(expect["phase"]) != st.phase:
        diff("phase", expect["phase"], st.phase)
    if "round" in expect and expect["round"] != st.round:
        diff("round", expect["round"], st.round)
    if "active" in expect and fold(expect["active"]) != fold(eng.active_player()):
        diff("active", expect["active"], eng.active_player())
    if "timelines" in expect and expect["timelines"] != len(st.timelines):
        diff("timelines", expect["timelines"], len(st.timelines))
    return diffs


def compare_at(eng: Engine, snap: Mapping[str, Any]) -> list[Said]:
    """The differences between a snapshot of ``expect.at`` and the state right after its step: what
    :func:`_compare_state` pins, and each player's legal actions (``legal:``, the forms of ``--legal``)."""
    where = f"expect.at[step {snap['step']}]"
    diffs = _compare_state(eng, snap, where)
    for player, want in (snap.get("legal") or {}).items():
        forms = eng.legal_actions(player)
        listed = {_form_key(t) for f in forms for t in (f.text("hu"), f.text("en"))}
        shown = sorted(f.text("hu") for f in forms)
        spec = {"has": want} if isinstance(want, list) else want
        for form in spec.get("has") or []:
            if _form_key(form) not in listed:
                diffs.append(Said("MK-SCENARIO-DIFF.legal-missing", {"where": where, "player": player, "form": form,
                                                                     "listed": "; ".join(shown) or "–"}))
        for form in spec.get("lacks") or []:
            if _form_key(form) in listed:
                diffs.append(Said("MK-SCENARIO-DIFF.legal-listed", {"where": where, "player": player, "form": form}))
        if isinstance(want, list):
            wanted = {_form_key(w) for w in want}
            for f in forms:
                if _form_key(f.text("hu")) not in wanted and _form_key(f.text("en")) not in wanted:
                    diffs.append(Said("MK-SCENARIO-DIFF.legal-extra", {"where": where, "player": player,
                                                                       "form": f.text("hu")}))
    return diffs


def _form_key(text: str) -> str:
    """A legal-action form as compared: its words, spaces, case and accents aside."""
    return " ".join(fold(text).split())


def _compare_refusals(refusals: list[Refusal], wanted: list[Any]) -> list[Said]:
    out: list[Said] = []
    left = list(refusals)
    for w in wanted:
        spec = {"rule": w} if isinstance(w, str) else w
        match = next((r for r in left if ("step" not in spec or r.step == spec["step"])
                      and ("rule" not in spec or r.rule in _rules_of(spec["rule"]))
                      and ("code" not in spec or r.code == spec["code"])), None)
        if match is None:
            out.append(Said("MK-SCENARIO-DIFF.no-refusal", {"spec": spec}))
        else:
            left.remove(match)
    for r in left:
        out.append(Said("MK-SCENARIO-DIFF.refused", {"step": r.step, "line": r.line, "rule": r.rule, "why": r.message,
                                                     "why_hu": r.hu}))
    return out


def _rules_of(rule: str | Sequence[str]) -> tuple[str, ...]:
    """The rules a refusal of ``expect.illegal`` may cite: one, or any one of a list."""
    return (rule,) if isinstance(rule, str) else tuple(rule)


def load_error_findings(exc: KorbiroError) -> list[Any]:
    """Every finding of a scenario that cannot be read."""
    return list(exc.findings)


def _int_or_none(value: Any) -> int | None:
    """A whole number from scenario data (the schema has checked its type), or None."""
    return int(value) if value is not None else None
