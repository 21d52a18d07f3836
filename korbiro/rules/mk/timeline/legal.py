"""What may this player do now? Every legal action, with the choices left and the rule that permits it.

:func:`legal_actions` lists an action *form* per card, summoner, mode and
destination: the verb and its fixed parts, and the choices still open — the
targets (``low``–``high`` of a set), the team (``low``–``high`` of a set), X
(a range), the tower level a quest is stored on.  Every completion of a listed
form is an action the engine accepts, and every action it accepts completes a
listed form (the python-chess/OpenSpiel invariant, tested on random play)::

    >>> from pathlib import Path
    >>> from korbiro.grammar.action import parse_action
    >>> from korbiro.rules.mk.timeline.scenario import run_file
    >>> ruling = Path(__file__).parents[4] / "examples" / "rulings" / "lifo-semlegesites.yaml"
    >>> engine = run_file(str(ruling), until=0).engine      # after the setup, before step 1
    >>> [f.text("en") for f in engine.legal_actions("Anna")]
    ['pass', 'summon "Briar Sichetti"', 'summon "Arquiran, a bronzsárkány"', 'summon "Terda Radowik am Warwik"']
    >>> engine.legal_actions("Béla")   # Anna is the active player (12.00)
    []
    >>> print(engine.why_not("Béla", parse_action('leidéz "Briar Sichetti"')).remedy[0])
    wait until Anna acts or passes

Each form is checked by running the engine's own checks on one completion
(:meth:`~.engine.Engine.probe`, which stops at the action's commit point and
changes nothing); the choices are the cards the same checks admit
(:func:`~.semantics.admits_target`, the team rules of 4.01.E).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import Any, Protocol

from ....base.errors import IllegalActionError
from ....base.text import fold
from ....data.behaviour import Ability
from ....grammar.action import Action
from ....grammar.behaviour import Op, TargetSpec
from . import semantics as sem
from .deeds import TARGET_ZONES, Deeds, activated_card
from .maneuvers import Maneuvers
from .model import IN_PLAY, CardState, GameState
from .table import Table


class Engine(Protocol):
    """What listing needs of the engine (:class:`~.engine.Engine`): its table, state and options, and a probe."""

    table: Table
    maneuvers: Maneuvers
    deeds: Deeds

    @property
    def state(self) -> GameState: ...

    @property
    def options(self) -> dict[str, str]: ...

    def probe(self, player: str | None, a: Action, *, turn: bool = True, shape: bool = True) -> Any: ...

__all__ = ["LegalAction", "legal_actions", "matches"]

_VERB_HU = {"pass": "passz", "summon": "leidéz", "activate": "aktivizál", "attach": "csatol", "build": "ráépít",
            "neutralise": "semlegesít", "solve": "megold", "siege": "ostromol", "capture": "bevesz",
            "fight": "harcol", "challenge": "kihív", "eliminate": "kiejt", "ally": "szövetség", "swap": "csere",
            "obstruct": "akadályoz"}
#: the verbs whose first word names a player (``kihív "Béla"``)
_PLAYER_FIRST = frozenset({"challenge", "eliminate", "ally"})
_RULES = {"pass": "6.00", "summon": "5.01", "activate": "6.01", "attach": "5.01.E", "build": "10.00.A",
          "neutralise": "6.00", "solve": "4.01.A", "siege": "4.01.A", "capture": "4.01.A",
          "fight": "4.01.A", "obstruct": "6.03"}


@dataclass(frozen=True)
class LegalAction:
    """An action *player* may take now: its fixed parts, the choices left, and the rule that permits it."""

    player: str
    verb: str
    rule: str
    card: str | None = None
    by: str | None = None
    dest: str | None = None
    ref: int | None = None
    source: str | None = None
    against: str | None = None
    mode: str | None = None
    expedition: bool = False
    #: choose between ``target_count[0]`` and ``target_count[1]`` of these (``"X"``: at most the chosen X)
    targets: tuple[str, ...] = ()
    target_count: tuple[int, int | str] = (0, 0)
    #: choose a team of ``team_size[0]`` to ``team_size[1]`` of these
    team: tuple[str, ...] = ()
    team_size: tuple[int, int] = (0, 0)
    #: X, from the first to the last of this range
    x: tuple[int, int] | None = None
    #: the tower levels a storage quest may be stored on (1.14.3); the first when none is named
    stores: tuple[str, ...] = ()
    #: an alliance offer the other player accepts (``akarja``, 12.00.4.B)
    accept: bool = False
    #: the opponents an effect's "one of your opponents" may be (12.00.A): choose one (``ellen``); the only one
    #: is chosen by itself, and the form then shows no choice
    opponents: tuple[str, ...] = ()
    #: which of the card's abilities (its printed name, or its number from 1), when it has more than one
    ability: str | int | None = None

    # ------------------------------------------------------------ text

    def text(self, lang: str = "hu") -> str:
        """The form in the action language, with the choices in ⟨…⟩ (``lang``: hu or en verbs)."""
        hu = lang == "hu"
        words = [_VERB_HU[self.verb] if hu else self.verb]
        if self.verb in _PLAYER_FIRST:
            words.append(_q(self.against or ""))
            if self.targets:
                words.extend(["aljára" if hu else "bottom", _choice(*self.target_count, self.targets)])
            if self.accept:
                words.append("akarja" if hu else "accept")
            return " ".join(words)
        if self.ref is not None:
            words.append(f"@{self.ref}")
        if self.card is not None:
            words.append(_q(self.card))
        if self.dest is not None:
            words.extend(["->", _q(self.dest)])
        if self.team:
            words.extend(["csapat" if hu else "team", _choice(*self.team_size, self.team)])
        if self.expedition:
            words.append("expedíció" if hu else "expedition")
        if self.stores:
            words.extend(["raktároz" if hu else "store", _choice(1, 1, self.stores)])
        if self.by is not None:
            words.extend(["által" if hu else "by", _q(self.by)])
        if self.source is not None:
            words.extend(["forrás" if hu else "source", _q(self.source)])
        if self.against is not None:
            words.extend(["ellen" if hu else "against", _q(self.against)])
        if len(self.opponents) > 1:
            words.extend(["ellen" if hu else "against", _choice(1, 1, self.opponents)])
        if self.targets:
            words.extend(["célpont" if hu else "target", _choice(*self.target_count, self.targets)])
        if self.x is not None:
            words.extend(["x", f"⟨{self.x[0]}–{self.x[1]}⟩" if self.x[0] != self.x[1] else str(self.x[0])])
        if self.mode is not None:
            words.extend(["mód" if hu else "mode", _q(self.mode)])
        if self.ability is not None:
            words.extend(["képesség" if hu else "ability",
                          _q(self.ability) if isinstance(self.ability, str) else str(self.ability)])
        return " ".join(words)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "verb": self.verb, "rule": self.rule, "text": self.text("hu"),
                               "text_en": self.text("en")}
        for key in ("card", "by", "dest", "ref", "source", "against", "mode", "ability"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.expedition:
            out["expedition"] = True
        if self.targets:
            out["targets"] = {"choose": list(self.target_count), "of": list(self.targets)}
        if self.team:
            out["team"] = {"choose": list(self.team_size), "of": list(self.team)}
        if self.x is not None:
            out["x"] = list(self.x)
        if self.stores:
            out["store"] = list(self.stores)
        if len(self.opponents) > 1:
            out["opponent"] = {"choose": [1, 1], "of": list(self.opponents)}
        return out

    # ------------------------------------------------------------ completions

    def completion(self, rng: Random | None = None) -> Action:
        """One action of this form: the first choices, or random ones with *rng*."""
        x = None
        if self.x is not None:
            x = self.x[0] if rng is None else rng.randint(*self.x)
        targets: tuple[str, ...] = ()
        if self.targets:
            low, high = self.target_count
            top = min(len(self.targets), (x or 0) if high == "X" else int(high))
            n = max(low, 1 if top else 0) if rng is None else rng.randint(min(low, top), top)
            targets = tuple(self.targets[:n]) if rng is None else tuple(rng.sample(self.targets, n))
        team: tuple[str, ...] = ()
        if self.team:
            low, high = self.team_size
            n = low if rng is None else rng.randint(low, min(high, len(self.team)))
            team = tuple(self.team[:n]) if rng is None else tuple(rng.sample(self.team, n))
        store = None
        if self.stores:
            store = self.stores[0] if rng is None else rng.choice(self.stores)
        against = self.against
        if len(self.opponents) > 1:
            against = self.opponents[0] if rng is None else rng.choice(self.opponents)
        return Action(self.verb, card=self.card, ref=self.ref, dest=self.dest, by=self.by, targets=targets, team=team,
                      x=x, mode=self.mode, source=self.source, against=against, expedition=self.expedition,
                      store=store, accept=self.accept, ability=self.ability)


def _q(name: str) -> str:
    return '"' + name + '"'


def _choice(low: int, high: int | str, options: Sequence[str]) -> str:
    """``⟨1–2: "A" | "B" | "C"⟩``, or just ``"A", "B"`` when every option must be taken (no choice is left)."""
    if low == high == len(options):
        return ", ".join(_q(o) for o in options)
    count = str(low) if low == high else f"{low}–{high}"
    return f"⟨{count}: {' | '.join(_q(o) for o in options)}⟩"


# ---------------------------------------------------------------- matching


#: Where the engine looks for each named part of an action, and whether among the player's own cards.
_WHERE: dict[tuple[str, str], tuple[tuple[str, ...], bool]] = {
    ("summon", "card"): (("kez",), True), ("summon", "by"): (("sor", "jelen"), True),
    ("activate", "by"): (("sor",), True),
    ("attach", "card"): (("kez", "raktar"), True), ("attach", "dest"): (("torony", "sor", "jelen"), False),
    ("build", "card"): (("kez",), True), ("build", "dest"): (("sor", "csatolt", "torony", "jelen"), False),
    ("neutralise", "source"): (tuple(IN_PLAY), True),
    ("solve", "card"): (("jelen",), False), ("capture", "card"): (("jelen",), False),
    ("solve", "store"): (("torony",), True),
}


def _uid(eng: Engine, name: str | None, zones: Sequence[str], player: str | None) -> int | None:
    """The card the engine would find for *name* (its label first, else its name), as Table.find does."""
    if name is None:
        return None
    try:
        return eng.table.find(name, zones=zones, player=player).uid
    except IllegalActionError:  # no such card there
        return None


def _activated(eng: Engine, player: str, name: str) -> int | None:
    """The card the engine activates for *name* (:func:`~.deeds.activated_card`), or None."""
    try:
        return activated_card(eng.table, player, name).uid
    except IllegalActionError:  # not a card the player may activate
        return None


def matches(form: LegalAction, player: str, a: Action, eng: Engine) -> bool:
    """Whether the action *a* of *player* completes *form* (names resolved as the engine resolves them)."""
    if form.player != player or form.verb != a.verb:
        return False
    for part in ("card", "by", "dest", "source", "store"):
        mine, theirs = getattr(form, part) if part != "store" else None, getattr(a, part)
        if part == "store":
            if theirs is None:
                continue
            zones, own = _WHERE[("solve", "store")]
            got = _uid(eng, theirs, zones, player if own else None)
            if got is None or got not in {_uid(eng, s, zones, None) for s in form.stores}:
                return False
            continue
        if mine is None and theirs is None:
            continue
        if mine is None or theirs is None:
            return False
        if form.verb == "activate" and part == "card":
            # the player's own card by that name, else a side's obstacle, as the engine finds it (6.01, 12.00.5)
            got = _activated(eng, player, theirs)
            if got is None or got != _activated(eng, player, mine):
                return False
            continue
        zones, own = _WHERE.get((form.verb, part), (tuple(IN_PLAY), False))
        if form.verb == "summon" and part == "card" and _uid(eng, theirs, zones, player) is None:
            zones = ("idofonal", "mult")  # a combination chain's card (3.05.E)
        if _uid(eng, theirs, zones, player if own else None) != _uid(eng, mine, zones, None):
            return False
    if form.ref is not None and a.ref != form.ref:
        return False
    against = a.against
    if form.verb in ("siege", "fight") and against is None:
        opponents = eng.table.opponents(player)
        front = eng.table.seating.siege_default(player) if form.verb == "siege" else None
        against = front or (opponents[0] if opponents else None)
    if form.accept != a.accept:
        return False
    if form.opponents:
        if not _chooses(eng, form.opponents, against):
            return False
    elif fold(form.against or "") != fold(against or ""):
        return False
    if fold(form.mode or "") != fold(a.mode or "") or form.expedition != a.expedition:
        return False
    if form.verb == "activate" and form.card is not None and not _same_ability(eng, player, form, a):
        return False
    if form.x is None:
        if a.x is not None:
            return False
    elif a.x is None or not form.x[0] <= a.x <= form.x[1]:
        return False
    target_zones: tuple[str, ...] = ("sor",) if form.verb == "activate" and form.rule == "12.00.5.5" else tuple(TARGET_ZONES)
    if form.verb == "eliminate":
        target_zones = ("megoldott", "jelen")
    if not _picked(eng, a.targets, form.targets, form.target_count, a.x, target_zones, None):
        return False
    mixed = bool(eng.table.seating.partners(player))
    return _picked(eng, a.team, form.team, form.team_size, None, ("sor", "jelen"), None if mixed else player)


def _ability_index(abilities: Sequence[Ability], named: str | int | None) -> int | None:
    """The index of the ability an action names (None: the first), or None when it names none of them."""
    if named is None:
        return 0
    for i, ab in enumerate(abilities):
        if (isinstance(named, int) and named == i + 1) or (
                isinstance(named, str) and ab.name is not None and fold(ab.name) == fold(named)):
            return i
    return None


def _same_ability(eng: Engine, player: str, form: LegalAction, a: Action) -> bool:
    """The action activates the ability the form lists (by name or number; none named: the first)."""
    if form.ability is None and a.ability is None:
        return True
    try:
        cs = activated_card(eng.table, player, form.card or "")
    except IllegalActionError:
        return False
    got = _ability_index(cs.behaviour.abilities, a.ability)
    return got is not None and got == _ability_index(cs.behaviour.abilities, form.ability)


def _chooses(eng: Engine, opponents: Sequence[str], named: str | None) -> bool:
    """An action's ``ellen`` completes a choice of *opponents* (12.00.A): one of them, as the engine names players;
    none at all only when there is no choice to make."""
    if named is None:
        return len(opponents) <= 1
    return any(fold(p) == fold(named) for p in opponents)


def _picked(eng: Engine, chosen: Sequence[str], options: Sequence[str], count: tuple[int, int | str],
            x: int | None, zones: Sequence[str], player: str | None) -> bool:
    """*chosen* are distinct cards among *options*, as many as *count* allows."""
    if not options:
        return not chosen
    uids = [_uid(eng, c, zones, player) for c in chosen]
    if None in uids or len(set(uids)) != len(uids):
        return False
    allowed = {_uid(eng, o, zones, None) for o in options}
    if any(u not in allowed for u in uids):
        return False
    low, high = count
    top = (x or 0) if high == "X" else int(high)
    return low <= len(uids) <= top


# ---------------------------------------------------------------- listing


#: The cards a listing looks at (none in a Jövő pakli or out of the game), gathered once a listing: probing
#: changes nothing, so they stay the same while the forms are checked.
_VIEW: dict[int, list[CardState]] = {}


def _cards(eng: Engine) -> list[CardState]:
    view = _VIEW.get(id(eng))
    if view is None:
        return [cs for cs in eng.state.cards.values() if cs.zone not in ("jovo", "kivul")]
    return view


def legal_actions(eng: Engine, player: str) -> list[LegalAction]:
    """Every action form *player* may take now (see the module docstring)."""
    _VIEW[id(eng)] = [cs for cs in eng.state.cards.values() if cs.zone not in ("jovo", "kivul")]
    try:
        return _listing(eng, player)
    finally:
        del _VIEW[id(eng)]


def _listing(eng: Engine, player: str) -> list[LegalAction]:
    out: list[LegalAction] = []
    if eng.state.players[player].out:
        return out  # out of the game: no action at all (12.00.D)
    if eng.probe(player, Action("pass")) is None:
        out.append(LegalAction(player, "pass", "6.00" if eng.state.timelines else "6.03"))
    elif eng.options["turn_order"] == "active":
        return out  # not this player's turn: nothing else either
    finders = [_summons, _activations, _attachments, _builds, _neutralisations, _obstructions]
    try:
        eng.maneuvers.check_open()
        finders += [_solves, _sieges, _captures, _fights]
        if eng.table.seating.special_maneuvers:
            finders += [_pacts]
    except IllegalActionError:
        pass  # no manoeuvre starts now, whatever its team (4.01.H, 6.01)
    for finder in finders:
        out.extend(finder(eng, player))
    return out


def _ok(eng: Engine, player: str, a: Action) -> bool:
    return eng.probe(player, a, turn=False, shape=False) is None


def _mine(eng: Engine, player: str, zones: Sequence[str]) -> list[CardState]:
    """The cards *player* owns or controls in *zones*, in the order they came into the game."""
    want = set(zones)
    return [cs for cs in _cards(eng)
            if cs.zone in want and (cs.owner == player or cs.controller == player)]


def _target_choice(eng: Engine, player: str, spec: TargetSpec | None, needs: bool,
                   zones: Sequence[str] = TARGET_ZONES) -> tuple[tuple[str, ...], tuple[int, int | str]]:
    """The targets a card may choose (5.01.B): what its ``targets`` admit; any one card in the Present when
    it needs one but names none."""
    cards = [cs for cs in _cards(eng) if cs.zone in zones]
    if spec is not None:
        options = tuple(cs.label for cs in cards if sem.admits_target(eng.state, spec, cs, player))
        return options, (spec.low, spec.high)
    if needs:  # "the target", with no ``targets`` to say more: one card (a power word's caller widens it, 3.05.B)
        return tuple(cs.label for cs in cards), (1, 1)
    return (), (0, 0)


def _opponent_choice(eng: Engine, player: str, ops: Sequence[Op]) -> tuple[str, ...]:
    """The opponents an effect's "one of your opponents" may be (12.00.A), or none when it refers to none."""
    return tuple(eng.table.opponents(player)) if sem.refers_to_an_opponent(ops) else ()


def _with_choices(eng: Engine, player: str, form: LegalAction) -> LegalAction | None:
    """*form* if its first completion is accepted (and its choices are not empty where one is needed)."""
    low = form.target_count[0]
    if low and len(form.targets) < low:
        return None
    return form if _ok(eng, player, form.completion()) else None


#: Refusals of a summoning that no other summoner or form would avoid: the card itself cannot be summoned now.
_CARD_LEVEL = frozenset({"MK-TL-PHASE", "MK-TL-MP-BOUND", "MK-TL-CANNOT-INTERRUPT", "MK-TL-OBSTACLE",
                         "MK-TL-ARCHIVED", "MK-TL-QUEST-LIMIT", "MK-TL-ONE-BUILDING", "MK-TL-TURN", "MK-TL-NOT-FAST"})


def _summons(eng: Engine, player: str) -> Iterator[LegalAction]:
    hand = [cs for cs in _cards(eng) if cs.zone == "kez" and cs.owner == player]
    chains = [cs for cs in _mine(eng, player, ("idofonal", "mult")) if sem.is_unarmed(cs) and eng.state.combo]
    adventurers = [cs for cs in _mine(eng, player, ("sor", "jelen")) if cs.type == "kalandozó"]
    # an adventurer who is not awake summons only in antiss combat (8.03.E) or in a combination chain (3.05.E)
    awake = [cs for cs in adventurers if cs.state == "éber" or eng.state.antiss_combat or cs.uid in eng.state.combo]
    for cs in hand + chains:
        if cs.type == "akadálylap":
            continue
        b = cs.behaviour
        summoners: list[CardState | None] = list(awake) if cs.type == "akciólap" else [None]
        modes: list[str | None] = list(b.modes) if b.modes else [None]
        if summoners:
            first = Action("summon", card=cs.label, by=summoners[0].label if summoners[0] else None,
                           mode=modes[0], x=0 if isinstance(cs.card.mp, str) else None)
            refusal = eng.probe(player, first, turn=False, shape=False)
            if refusal is not None and refusal.code in _CARD_LEVEL:
                continue
        for by, mode in itertools.product(summoners, modes):
            ops = (b.modes[mode] if mode is not None else b.effect) + b.negative
            opponents = _opponent_choice(eng, player, ops + b.on_enter)
            needs = any(op.who == "target" for op in ops + sem.entering_ops(cs))
            targets, count = _target_choice(eng, player, b.targets, needs)
            if sem.is_power_word(cs) and b.targets is None and needs:
                count = (1, len(targets))
            x_range = None
            if isinstance(cs.card.mp, str):
                extra = sum(c.amount for c in b.cost if c.kind == "mp")
                change = sum(n for _, n in sem.mp_change(eng.state, player, cs, by))
                factor = cs.card.mp_x_factor or 1  # an NX cost: N MP for each X
                x_range = (0, max(0, (eng.state.players[player].mp - extra - change) // factor))
            form = _fit_x(eng, player, LegalAction(
                player, "summon", "7.00" if sem.is_mosaic(cs) else "5.01", card=cs.label,
                by=by.label if by is not None else None, mode=mode, targets=targets, target_count=count, x=x_range,
                opponents=opponents))
            if form is not None and _with_choices(eng, player, form) is not None:
                yield form


def _fit_x(eng: Engine, player: str, form: LegalAction) -> LegalAction | None:
    """Narrow an X range to the values the engine accepts (what the player can pay): the top the MP
    allows, checked; else the largest accepted X, found by halving (an accepted X is paid by any smaller)."""
    if form.x is None:
        return form
    low, high = form.x
    if _ok(eng, player, replace(form, x=(high, high)).completion()):
        return form
    if not _ok(eng, player, replace(form, x=(low, low)).completion()):
        return None
    while high - low > 1:
        mid = (low + high) // 2
        if _ok(eng, player, replace(form, x=(mid, mid)).completion()):
            low = mid
        else:
            high = mid
    return replace(form, x=(form.x[0], low))


def _activations(eng: Engine, player: str) -> Iterator[LegalAction]:
    cards = _mine(eng, player, ("sor", "jelen", "csatolt", "torony"))
    if eng.table.seating.shares_tower:  # a pair's obstacles, either player's (12.00.5)
        cards += [cs for cs in _cards(eng) if cs.zone == "csatolt" and cs.type == "akadálylap"
                  and cs not in cards and eng.table.seating.friendly(player, cs.owner)]
    for cs in cards:
        b = cs.behaviour
        if cs.type == "akadálylap":
            if cs.zone != "csatolt" or cs.built:
                continue
            try:
                pool = eng.deeds.obstructed(player, cs)  # the team it obstructs, in a manoeuvre against its side
            except IllegalActionError:
                continue
            if b.targets is None and cs.card.subtype == "bestia":  # a beast attacks that team (3.05.F, 6.03)
                targets: tuple[str, ...] = tuple(c.label for c in pool)
                count: tuple[int, int | str] = (1, eng.deeds.beast_count(pool, cs))
            else:
                needs = any(op.who == "target" for op in b.effect)
                targets, count = _target_choice(eng, player, b.targets, needs, zones=("sor",))
            opponents = _opponent_choice(eng, player, b.effect)
            bys: list[str | None] = [None]
            if any(c.kind == "return" for c in b.cost):
                fight = set(eng.state.maneuver_team) | set(eng.state.maneuver_blockers)
                bys = [c.label for c in _mine(eng, player, ("sor",)) if c.uid in fight]
            for by in bys:
                form = LegalAction(player, "activate", "12.00.5.5", card=cs.label, by=by, targets=targets,
                                   target_count=count, opponents=opponents)
                if _with_choices(eng, player, form) is not None:
                    yield form
            continue
        antiss = any(k.key == 'ANTISS "…"' for k in cs.card.keywords)
        if not b.abilities and not antiss:
            continue
        choices: list[tuple[int, Ability | None]] = list(enumerate(b.abilities)) or [(0, None)]
        for index, ability in choices:
            yield from _ability_forms(eng, player, cs, index, ability, antiss, several=len(b.abilities) > 1)


def _ability_forms(eng: Engine, player: str, cs: CardState, index: int, ability: Ability | None, antiss: bool,
                   several: bool) -> Iterator[LegalAction]:
    """The forms of activating the *index*-th ability of *cs*: one per adventurer its cost may sacrifice."""
    if ability is not None and any(op.name == "neutralise" for op in ability.effect):
        return  # listed with the neutralisations
    ops = ability.effect if ability is not None else ()
    needs = any(op.who == "target" for op in ops)
    targets, count = _target_choice(eng, player, ability.targets if ability else None, needs)
    named: str | int | None = None
    if several and ability is not None:
        named = ability.name or index + 1
    bys: list[str | None] = [None]
    if ability is not None and any(c.kind == "sacrifice" and c.who == "own" for c in ability.cost):
        bys = [c.label for c in _mine(eng, player, ("sor",))
               if c is not cs and c.type == "kalandozó" and c.ghost is None]
    for by in bys:
        form = LegalAction(player, "activate", "8.01.B" if antiss else "6.01", card=cs.label, by=by,
                           targets=targets, target_count=count, opponents=_opponent_choice(eng, player, ops),
                           ability=named)
        if _with_choices(eng, player, form) is not None:
            yield form


def _attachments(eng: Engine, player: str) -> Iterator[LegalAction]:
    hand = [cs for cs in _cards(eng) if cs.zone == "kez" and cs.owner == player]
    store = [cs for cs in _cards(eng) if cs.zone == "raktar" and cs.owner == player]
    levels = [cs for cs in _cards(eng) if cs.zone == "torony"
              or (cs.zone == "jelen" and cs.type == "küldetés")]  # a quest's AKADÁLYOK slots
    sor = [cs for cs in _cards(eng) if cs.zone == "sor" and cs.type == "kalandozó"]
    for cs in hand + store:
        if cs.zone == "raktar":
            dests, rule = sor, "6.01"
        elif cs.type == "akadálylap":
            dests, rule = levels, "5.01.E"
        elif cs.type == "kalandozó" and sem.csatlos(cs) is not None:
            dests, rule = sor, "2.09.c"
        else:
            continue
        for dest in dests:
            form = LegalAction(player, "attach", rule, card=cs.label, dest=dest.label)
            if _ok(eng, player, form.completion()):
                yield form


def _builds(eng: Engine, player: str) -> Iterator[LegalAction]:
    hand = [cs for cs in _cards(eng) if cs.zone == "kez" and cs.owner == player
            and sem.raepites(cs) is not None]
    if not hand:
        return
    hosts = [cs for cs in _cards(eng) if cs.zone in ("sor", "csatolt", "torony", "jelen")
             and sem.buildable_on(cs)]
    for cs in hand:
        for host in hosts:
            form = LegalAction(player, "build", "10.00.A", card=cs.label, dest=host.label)
            if _ok(eng, player, form.completion()):
                yield form


def _neutralisations(eng: Engine, player: str) -> Iterator[LegalAction]:
    entries = [e for tl in eng.state.timelines for e in tl.entries if e.neutralisable and not e.hidden]
    if not entries:
        return
    tools = [cs for cs in _mine(eng, player, tuple(IN_PLAY))
             if cs.behaviour.ability is not None and any(op.name == "neutralise" for op in cs.behaviour.ability.effect)]
    for e in entries:
        for tool in tools:
            form = LegalAction(player, "neutralise", "6.00", ref=e.seq, source=tool.label)
            if _ok(eng, player, form.completion()):
                yield form


def _team_options(eng: Engine, player: str, spec: TargetSpec | None = None) -> tuple[str, ...]:
    """The adventurers *player* may send (4.01.E): awake, in the Sor, theirs, no ghosts."""
    return tuple(cs.label for cs in _senders(eng, player) if spec is None or sem.admits_target(eng.state, spec, cs, player))


def _senders(eng: Engine, player: str) -> list[CardState]:
    """Awake adventurers the player may send: their own, and in a side or an alliance their partners' (mixed
    teams, 12.00.4.B, 12.00.5)."""
    seating = eng.table.seating
    return [cs for cs in _cards(eng)
            if cs.zone in ("sor", "jelen") and cs.type == "kalandozó" and cs.controller is not None
            and seating.friendly(player, cs.controller) and cs.ghost is None and cs.state == "éber"]


def _solves(eng: Engine, player: str) -> Iterator[LegalAction]:
    quests = [cs for cs in _cards(eng) if cs.zone == "jelen" and cs.type == "küldetés"]
    for quest in quests:
        antiss = fold(quest.card.subtype or "") == "antisskuldetes"
        expeditions = [False, True] if sem.expedition(quest) is not None else [False]
        stores: tuple[str, ...] = ()
        if sem.is_storage_quest(quest):
            stores = tuple(lv.label for lv in _cards(eng) if lv.zone == "torony"
                           and sem.controller(eng.state, lv) == player
                           and not any(sem.is_storage_quest(eng.state.cards[u]) for u in lv.attachments))
        for expedition in expeditions:
            if antiss:
                yield from _antiss_teams(eng, player, quest)
                break
            team = _team_options(eng, player, quest.behaviour.solvers)
            on_solve = () if expedition else quest.behaviour.on_solve  # its target is chosen now (5.01.B)
            targets, count = _target_choice(eng, player, quest.behaviour.targets if on_solve else None,
                                            any(op.who == "target" for op in on_solve))
            form = LegalAction(player, "solve", "4.01.A", card=quest.label, expedition=expedition, team=team,
                               team_size=(1, min(3, len(team))), stores=stores if not expedition else (),
                               opponents=_opponent_choice(eng, player, on_solve), targets=targets, target_count=count)
            if team and _with_choices(eng, player, form) is not None:
                yield form


def _antiss_teams(eng: Engine, player: str, quest: CardState) -> Iterator[LegalAction]:
    """8.02: an antiss quest's teams are tried one by one (resting wizards, one resting companion)."""
    spec = quest.behaviour.solvers
    pool = [cs.label for cs in _cards(eng)
            if cs.zone in ("sor", "jelen") and cs.type == "kalandozó" and cs.controller == player and cs.ghost is None
            and (spec is None or sem.admits_target(eng.state, spec, cs, player))]
    for n in (1, 2, 3):
        for team in itertools.combinations(pool, n):
            form = LegalAction(player, "solve", "8.02", card=quest.label, team=team, team_size=(n, n))
            if _ok(eng, player, form.completion()):
                yield form


def _sieges(eng: Engine, player: str) -> Iterator[LegalAction]:
    team = _team_options(eng, player)
    if not team:
        return
    for opponent in eng.table.opponents(player):
        form = LegalAction(player, "siege", "4.01.A", against=opponent, team=team, team_size=(1, min(3, len(team))))
        if _ok(eng, player, form.completion()):
            yield form


def _fights(eng: Engine, player: str) -> Iterator[LegalAction]:
    """A combat manoeuvre (4.01.A): one adventurer with PORTYÁZÁS (option ``portyazas``) against an opponent."""
    team = tuple(cs.label for cs in _senders(eng, player) if sem.is_raider(eng.state, cs))
    if not team:
        return
    for opponent in eng.table.opponents(player):
        form = LegalAction(player, "fight", "4.01.A", against=opponent, team=team, team_size=(1, 1))
        if _ok(eng, player, form.completion()):
            yield form


def _obstructions(eng: Engine, player: str) -> Iterator[LegalAction]:
    """In the phase of a manoeuvre's obstructing team (6.03): the team of the player it is against (4.01.E–F)."""
    run = eng.state.maneuver
    if run is None or run.phase != "akadályozó csapat sorelhagyása" or run.entry.data.get("blockers"):
        return
    team = tuple(cs.label for cs in _senders(eng, player)
                 if not cs.in_team and _ok(eng, player, Action("obstruct", team=(cs.label,))))
    if not team:
        return
    size = eng.maneuvers.obstructing_size(run.kind, run.entry)
    form = LegalAction(player, "obstruct", "6.03", team=team, team_size=(1, min(size, len(team))))
    if _ok(eng, player, form.completion()):
        yield form


def _captures(eng: Engine, player: str) -> Iterator[LegalAction]:
    team = _team_options(eng, player)
    if not team:
        return
    for building in _cards(eng):
        if building.zone != "jelen" or building.type != "építmény" or building.controller == player:
            continue
        size = int(building.attr("attackers", 3) or 3)
        form = LegalAction(player, "capture", "4.01.A", card=building.label, team=team,
                           team_size=(1, min(size, len(team))))
        if _ok(eng, player, form.completion()):
            yield form


def _pacts(eng: Engine, player: str) -> Iterator[LegalAction]:
    """The variants' special manoeuvres (12.00; :mod:`.pacts`): each form the engine accepts."""
    seating = eng.table.seating
    specials = seating.special_maneuvers
    forms: list[LegalAction] = []
    others = [p for p in eng.table.seated() if p != player]
    if "challenge" in specials:
        forms += [LegalAction(player, "challenge", "12.00.2.B", against=p) for p in others]
    if "ally" in specials:
        forms += [LegalAction(player, "ally", "12.00.4.B", against=p, accept=yes) for p in others for yes in (False, True)]
    target = seating.knockout_target(player)
    if target is not None and seating.knockout_rule is not None:
        forms += [LegalAction(player, "eliminate", seating.knockout_rule, against=target, targets=cards,
                              target_count=(len(cards), len(cards)))
                  for cards in _put_away_sets(eng, player, seating.knockout_zones)]
    if "swap" in specials:
        partners = set(seating.partners(player))
        mine = [cs for cs in _cards(eng) if cs.zone == "sor" and cs.type == "kalandozó" and cs.ghost is None
                and cs.state == "éber" and cs.controller is not None and seating.side(cs.controller) == seating.side(player)]
        forms += [LegalAction(player, "swap", "12.00.5.7", card=a.label, dest=b.label)
                  for a, b in itertools.combinations(mine, 2)
                  if a.controller != b.controller and {a.controller, b.controller} & (partners | {player})]
    for form in forms:
        if _ok(eng, player, form.completion()):
            yield form


def _put_away_sets(eng: Engine, player: str, zones: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every set of the player's solved quests (with ``jelen`` among *zones*, as in Körbetámadás, buildings too)
    worth enough DP for a knock-out."""
    if eng.table.ending is None:
        return []  # no knock-outs in a ruling that is not played out
    need = int(eng.table.ending.param("elimination_dp"))
    pool = [eng.state.cards[u] for u in eng.state.players[player].zones["megoldott"]]
    if "jelen" in zones:
        pool += [cs for cs in _cards(eng)
                 if cs.zone == "jelen" and cs.type == "építmény" and (cs.controller or cs.owner) == player]
    pool = pool[:8]  # 255 sets at most
    out: list[tuple[str, ...]] = []
    for n in range(1, len(pool) + 1):
        for combo in itertools.combinations(pool, n):
            if sum(int(c.card.dp or 0) for c in combo) >= need:
                out.append(tuple(c.label for c in combo))
    return out

