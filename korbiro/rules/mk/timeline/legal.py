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
(:func:`~.semantics.admits_target`, the team rules of 4.01.E).  A form that a
simple rule refuses whatever else holds (its phase, its MP, a rest cost on a
card that is not awake, an obstacle's slots, …) is not probed: the listing
pre-checks it, and gathers once what probing cannot change (the constant
effects in play, the targets a card admits).  :func:`probed_legal_actions`
probes every form: the same list in the same order, which the tests check on
random play (random play picks a form by its index).
"""

from __future__ import annotations

import itertools
from collections.abc import Generator, Iterator, Sequence
from random import Random
from typing import Any, Final

from ....base.errors import IllegalActionError
from ....base.text import fold
from ....data.behaviour import Ability
from ....grammar.action import PASS, Action
from ....grammar.behaviour import Cost, Op, TargetSpec
from . import semantics as sem
from .deeds import TARGET_ZONES, activated_card
from .enums import (
    CSATOLT,
    IDOFONAL,
    JELEN,
    KEZ,
    MEGOLDOTT,
    MULT,
    RAKTAR,
    SOR,
    TORONY,
    CardStatus,
    Phase,
)
from .model import IN_PLAY, CardState
from .parts import EngineParts
from .rules import COMBAT_PHASES

__all__ = ["LegalAction", "legal_actions", "matches", "probed_legal_actions"]

_VERB_HU: Final = {"pass": "passz", "summon": "leidéz", "activate": "aktivizál", "attach": "csatol", "build": "ráépít",
            "neutralise": "semlegesít", "solve": "megold", "siege": "ostromol", "capture": "bevesz",
            "fight": "harcol", "challenge": "kihív", "eliminate": "kiejt", "ally": "szövetség", "swap": "csere",
            "obstruct": "akadályoz"}
#: a pass, probed at the head of every listing
_PASS: Final = PASS
#: the verbs whose first word names a player (``kihív "Béla"``)
_PLAYER_FIRST: Final = frozenset({"challenge", "eliminate", "ally"})
_RULES: Final = {"pass": "6.00", "summon": "5.01", "activate": "6.01", "attach": "5.01.E", "build": "10.00.A",
          "neutralise": "6.00", "solve": "4.01.A", "siege": "4.01.A", "capture": "4.01.A",
          "fight": "4.01.A", "obstruct": "6.03"}


class LegalAction:
    """An action *player* may take now: its fixed parts, the choices left, and the rule that permits it.

    A value: two are equal when every field is, and nothing else equals one; its fields are read, never set
    (:meth:`replace` makes a changed copy).  A class of the compiled engine (setup.py), not a named tuple: a listing
    makes hundreds a game, and a compiled class makes one about nine times as fast."""

    def __init__(self, player: str, verb: str, rule: str, card: str | None = None, by: str | None = None,
                 dest: str | None = None, ref: int | None = None, source: str | None = None,
                 against: str | None = None, mode: str | None = None, expedition: bool = False,
                 targets: tuple[str, ...] = (), target_count: tuple[int, int | str] = (0, 0),
                 team: tuple[str, ...] = (), team_size: tuple[int, int] = (0, 0), x: tuple[int, int] | None = None,
                 stores: tuple[str, ...] = (), accept: bool = False, opponents: tuple[str, ...] = (),
                 ability: str | int | None = None) -> None:
        self.player = player
        self.verb = verb
        self.rule = rule
        self.card = card
        self.by = by
        self.dest = dest
        self.ref = ref
        self.source = source
        self.against = against
        self.mode = mode
        self.expedition = expedition
        #: choose between ``target_count[0]`` and ``target_count[1]`` of these (``"X"``: at most the chosen X)
        self.targets = targets
        self.target_count = target_count
        #: choose a team of ``team_size[0]`` to ``team_size[1]`` of these
        self.team = team
        self.team_size = team_size
        #: X, from the first to the last of this range
        self.x = x
        #: the tower levels a storage quest may be stored on (1.14.3); the first when none is named
        self.stores = stores
        #: an alliance offer the other player accepts (``akarja``, 12.00.4.B)
        self.accept = accept
        #: the opponents an effect's "one of your opponents" may be (12.00.A): choose one (``ellen``); the only one
        #: is chosen by itself, and the form then shows no choice
        self.opponents = opponents
        #: which of the card's abilities (its printed name, or its number from 1), when it has more than one
        self.ability = ability

    def fields(self) -> dict[str, Any]:
        """Every field by its name, in the order of the constructor's parameters."""
        return {"player": self.player, "verb": self.verb, "rule": self.rule, "card": self.card, "by": self.by,
                "dest": self.dest, "ref": self.ref, "source": self.source, "against": self.against, "mode": self.mode,
                "expedition": self.expedition, "targets": self.targets, "target_count": self.target_count,
                "team": self.team, "team_size": self.team_size, "x": self.x, "stores": self.stores,
                "accept": self.accept, "opponents": self.opponents, "ability": self.ability}

    def replace(self, **changes: Any) -> LegalAction:
        """A copy with *changes* (field name -> value)."""
        return LegalAction(**{**self.fields(), **changes})

    def with_x(self, low: int, high: int) -> LegalAction:
        """A copy whose X ranges from *low* to *high*: :meth:`replace` for the listing's search of X (no dict)."""
        return LegalAction(self.player, self.verb, self.rule, self.card, self.by, self.dest, self.ref, self.source,
                           self.against, self.mode, self.expedition, self.targets, self.target_count, self.team,
                           self.team_size, (low, high), self.stores, self.accept, self.opponents, self.ability)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LegalAction) and tuple(self.fields().values()) == tuple(other.fields().values())

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(tuple(self.fields().values()))

    def __repr__(self) -> str:
        return "LegalAction(" + ", ".join(f"{k}={v!r}" for k, v in self.fields().items()) + ")"

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
        # Action's every field in its order (_make: compiled, a named tuple's constructor is a Python function)
        return Action._make((self.verb, self.card, self.ref, self.dest, self.by, targets, team, (), x, self.mode, False,
                             self.accept, None, None, self.source, self.expedition, store, against, None, None,
                             self.ability, None, None, (), ""))


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
_WHERE: Final[dict[tuple[str, str], tuple[tuple[str, ...], bool]]] = {
    ("summon", "card"): ((KEZ,), True), ("summon", "by"): ((SOR, JELEN), True),
    ("activate", "by"): ((SOR,), True),
    ("attach", "card"): ((KEZ, RAKTAR), True), ("attach", "dest"): ((TORONY, SOR, JELEN), False),
    ("build", "card"): ((KEZ,), True), ("build", "dest"): ((SOR, CSATOLT, TORONY, JELEN), False),
    ("neutralise", "source"): (tuple(IN_PLAY), True),
    ("solve", "card"): ((JELEN,), False), ("capture", "card"): ((JELEN,), False),
    ("solve", "store"): ((TORONY,), True),
}


def _uid(eng: EngineParts, name: str | None, zones: Sequence[str], player: str | None) -> int | None:
    """The card the engine would find for *name* (its label first, else its name), as Table.find does."""
    if name is None:
        return None
    try:
        return eng.table.find(name, zones=zones, player=player).uid
    except IllegalActionError:  # no such card there
        return None


def _activated(eng: EngineParts, player: str, name: str) -> int | None:
    """The card the engine activates for *name* (:func:`~.deeds.activated_card`), or None."""
    try:
        return activated_card(eng.table, player, name).uid
    except IllegalActionError:  # not a card the player may activate
        return None


def matches(form: LegalAction, player: str, a: Action, eng: EngineParts) -> bool:
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
            zones = (IDOFONAL, MULT)  # a combination chain's card (3.05.E)
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
    target_zones: tuple[str, ...] = (SOR,) if form.verb == "activate" and form.rule == "12.00.5.5" else tuple(TARGET_ZONES)
    if form.verb == "eliminate":
        target_zones = (MEGOLDOTT, JELEN)
    if not _picked(eng, a.targets, form.targets, form.target_count, a.x, target_zones, None):
        return False
    mixed = bool(eng.table.seating.partners(player))
    return _picked(eng, a.team, form.team, form.team_size, None, (SOR, JELEN), None if mixed else player)


def _ability_index(abilities: Sequence[Ability], named: str | int | None) -> int | None:
    """The index of the ability an action names (None: the first), or None when it names none of them."""
    if named is None:
        return 0
    for i, ab in enumerate(abilities):
        if (isinstance(named, int) and named == i + 1) or (
                isinstance(named, str) and ab.name is not None and fold(ab.name) == fold(named)):
            return i
    return None


def _same_ability(eng: EngineParts, player: str, form: LegalAction, a: Action) -> bool:
    """The action activates the ability the form lists (by name or number; none named: the first)."""
    if form.ability is None and a.ability is None:
        return True
    try:
        cs = activated_card(eng.table, player, form.card or "")
    except IllegalActionError:
        return False
    got = _ability_index(cs.behaviour.abilities, a.ability)
    return got is not None and got == _ability_index(cs.behaviour.abilities, form.ability)


def _chooses(eng: EngineParts, opponents: Sequence[str], named: str | None) -> bool:
    """An action's ``ellen`` completes a choice of *opponents* (12.00.A): one of them, as the engine names players;
    none at all only when there is no choice to make."""
    if named is None:
        return len(opponents) <= 1
    return any(fold(p) == fold(named) for p in opponents)


def _picked(eng: EngineParts, chosen: Sequence[str], options: Sequence[str], count: tuple[int, int | str],
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


class _Listing:
    """What one listing gathers once: probing changes nothing, so the cards and every probe's answer stay the
    same while the forms are checked.  A *fast* listing asks each probe once and answers the simple rules
    without one (:func:`legal_actions`); the reference listing probes every form (:func:`probed_legal_actions`)."""

    def __init__(self, eng: EngineParts, fast: bool) -> None:
        #: the cards a listing looks at (none in a Jövő pakli or out of the game), in the order they came in (their
        #: ids'), and zone -> its cards among them, in the same order (:meth:`~.table.Table.in_view`)
        self.cards, self.zones = eng.table.in_view()
        self.fast = fast
        #: the last probe and its answer (a refusal, or None): a form's first completion is often the action
        #: probed just before it (a card's first summoning)
        self.last: tuple[str, Action, IllegalActionError | None] | None = None
        #: (player, zones) -> the cards the player owns or controls there; player -> the adventurers they may send
        self.mine: dict[tuple[str, tuple[str, ...]], tuple[CardState, ...]] = {}
        self.senders: dict[str, tuple[CardState, ...]] = {}
        #: (player, the targets' spec by id, whether one is needed, zones) -> the spec and its choice of targets
        self.targets: dict[tuple[str, int, bool, tuple[str, ...]],
                           tuple[TargetSpec | None, tuple[tuple[str, ...], tuple[int, int | str]]]] = {}


#: The listing under way on each engine (by its id).
_LISTINGS: Final[dict[int, _Listing]] = {}


def _cards(eng: EngineParts) -> tuple[CardState, ...]:
    listing = _LISTINGS.get(id(eng))
    if listing is None:
        return eng.table.in_view()[0]
    return listing.cards


def _zone(eng: EngineParts, zone: str) -> tuple[CardState, ...]:
    """The cards in *zone* (not a Jövő pakli, nor out of the game), in the order they came into the game."""
    listing = _LISTINGS.get(id(eng))
    if listing is None:
        return eng.table.in_view()[1].get(zone, ())
    return listing.zones.get(zone, ())


def _hand(eng: EngineParts, player: str) -> list[CardState]:
    """The cards in *player*'s hand, in the order they came into the game."""
    return [cs for cs in _zone(eng, KEZ) if cs.owner == player]


def legal_actions(eng: EngineParts, player: str) -> list[LegalAction]:
    """Every action form *player* may take now (see the module docstring)."""
    return list(_listed(eng, player, fast=True))


def iter_legal_actions(eng: EngineParts, player: str) -> Generator[LegalAction, None, None]:
    """The forms of :func:`legal_actions` one by one, each found when asked: a caller that needs only the first
    few stops early (and closes the iterator).  Nothing may change the game while it is open."""
    return _listed(eng, player, fast=True)


def probed_legal_actions(eng: EngineParts, player: str) -> list[LegalAction]:
    """The same listing as :func:`legal_actions`, every form checked by its own probe: the slow reference the
    fast listing is tested against (the same forms, in the same order)."""
    return list(_listed(eng, player, fast=False))


def _listed(eng: EngineParts, player: str, fast: bool) -> Generator[LegalAction, None, None]:
    """The forms of a listing (:class:`_Listing`) one by one; a fast one gathers the constant effects in play once."""
    _LISTINGS[id(eng)] = _Listing(eng, fast)
    if fast:
        sem.hold_constants(eng.state)
    try:
        yield from _forms(eng, player)
    finally:
        del _LISTINGS[id(eng)]
        if fast:
            sem.release_constants()


def _probe(eng: EngineParts, player: str, a: Action) -> IllegalActionError | None:
    """The engine's probe of a form's completion (whose turn and the verb's shape checked by the lister); the
    same action probed twice running is asked once."""
    listing = _LISTINGS.get(id(eng))
    if listing is None or not listing.fast:
        return eng.probe(player, a, turn=False, shape=False)
    last = listing.last
    if last is not None and last[0] == player and _same(last[1], a):
        return last[2]
    refusal: IllegalActionError | None = eng.probe(player, a, turn=False, shape=False)
    listing.last = (player, a, refusal)
    return refusal


def _same(done: Action, a: Action) -> bool:
    """``done == a``, first by the parts in which two probed actions mostly differ (compiled, a named tuple's
    equality is a Python method)."""
    return done is a or (done.card == a.card and done.verb == a.verb and done.by == a.by and done == a)


def _forms(eng: EngineParts, player: str) -> Iterator[LegalAction]:
    if eng.state.players[player].out:
        return  # out of the game: no action at all (12.00.D)
    if eng.probe(player, _PASS) is None:
        yield LegalAction(player, "pass", "6.00" if eng.state.timelines else "6.03")
    elif eng.options["turn_order"] == "active":
        return  # not this player's turn: nothing else either
    finders = [_summons, _activations, _attachments, _builds, _neutralisations, _obstructions]
    if _maneuvers_open(eng):
        finders += [_solves, _sieges, _captures, _fights]
        if eng.table.seating.special_maneuvers:
            finders += [_pacts]
    for finder in finders:
        yield from finder(eng, player)


def _maneuvers_open(eng: EngineParts) -> bool:
    """Whether a manoeuvre may start now, whatever its team (:meth:`~.maneuvers.Maneuvers.check_open`): in the
    manoeuvres phase (4.01.H), with no deed's timeline open (4.01.B); a fast listing asks without a refusal."""
    if _fast(eng):
        return eng.state.phase == Phase.MANEUVERS and not eng.stack.deed_open()
    try:
        eng.maneuvers.check_open()
    except IllegalActionError:
        return False  # no manoeuvre starts now, whatever its team (4.01.H, 6.01)
    return True


#: the phase of a manoeuvre (and of a judge's round) in which obstacles are activated (6.03)
_OBSTACLE_PHASE: Final = "akadálylap aktivizálás"


def _obstacles_asleep(eng: EngineParts) -> bool:
    """A fast listing's pre-check of activating an obstacle (:meth:`~.deeds.Deeds.obstructed`): whether no
    manoeuvre is in its obstacle-activation phase, nor (with none under way) the round (6.03), whoever activates
    which obstacle."""
    run = eng.state.maneuver
    if run is not None and run.index >= 0 and run.phase != _OBSTACLE_PHASE:
        return True
    return eng.stack.current_maneuver() is None and eng.state.phase != _OBSTACLE_PHASE


def _fast(eng: EngineParts) -> bool:
    """Whether the listing under way may answer simple rules without a probe (see :class:`_Listing`)."""
    listing = _LISTINGS.get(id(eng))
    return listing is not None and listing.fast


def _is_found(eng: EngineParts, cs: CardState, zones: Sequence[str], player: str | None) -> bool:
    """Whether naming *cs* by its label finds *cs* itself in *zones*, as the engine finds it: a pre-check of
    *cs* is then a check of the card the probe would take."""
    if cs.zone in zones and (player is None or cs.owner == player or cs.controller == player) \
            and eng.table.sole_bearer(cs):
        return True
    try:
        return eng.table.find(cs.label, zones=zones, player=player) is cs
    except IllegalActionError:  # pragma: no cover - a card is found by its own label
        return False


def _ok(eng: EngineParts, player: str, a: Action) -> bool:
    return _probe(eng, player, a) is None


def _mine(eng: EngineParts, player: str, zones: Sequence[str]) -> list[CardState]:
    """The cards *player* owns or controls in *zones*, in the order they came into the game."""
    listing = _LISTINGS.get(id(eng))
    key = (player, tuple(zones))
    if listing is not None and listing.fast and key in listing.mine:
        return list(listing.mine[key])
    want = set(zones)
    mine = [cs for cs in _cards(eng) if cs.zone in want and (cs.owner == player or cs.controller == player)]
    if listing is not None and listing.fast:
        listing.mine[key] = tuple(mine)
    return mine


def _target_choice(eng: EngineParts, player: str, spec: TargetSpec | None, needs: bool,
                   zones: Sequence[str] = TARGET_ZONES) -> tuple[tuple[str, ...], tuple[int, int | str]]:
    """The targets a card may choose (5.01.B): what its ``targets`` admit; any one card in the Present when
    it needs one but names none."""
    listing = _LISTINGS.get(id(eng))
    if listing is None or not listing.fast:
        return _targets_now(eng, player, spec, needs, zones)
    key = (player, id(spec), needs, tuple(zones))
    known = listing.targets.get(key)
    if known is None or known[0] is not spec:
        known = listing.targets[key] = (spec, _targets_now(eng, player, spec, needs, zones))
    return known[1]


def _targets_now(eng: EngineParts, player: str, spec: TargetSpec | None, needs: bool,
                 zones: Sequence[str]) -> tuple[tuple[str, ...], tuple[int, int | str]]:
    want = frozenset(zones)
    cards = [cs for cs in _cards(eng) if cs.zone in want]
    if spec is not None:
        options = tuple(cs.label for cs in cards if sem.admits_target(eng.state, spec, cs, player))
        return options, (spec.low, spec.high)
    if needs:  # "the target", with no ``targets`` to say more: one card (a power word's caller widens it, 3.05.B)
        return tuple(cs.label for cs in cards), (1, 1)
    return (), (0, 0)


def _opponent_choice(eng: EngineParts, player: str, ops: Sequence[Op]) -> tuple[str, ...]:
    """The opponents an effect's "one of your opponents" may be (12.00.A), or none when it refers to none."""
    return tuple(eng.table.opponents(player)) if sem.refers_to_an_opponent(ops) else ()


def _with_choices(eng: EngineParts, player: str, form: LegalAction) -> LegalAction | None:
    """*form* if its first completion is accepted (and its choices are not empty where one is needed)."""
    low = form.target_count[0]
    if low and len(form.targets) < low:
        return None
    return form if _ok(eng, player, form.completion()) else None


#: Refusals of a summoning that no other summoner or form would avoid: the card itself cannot be summoned now.
_CARD_LEVEL: Final = frozenset({"MK-TL-PHASE", "MK-TL-MP-BOUND", "MK-TL-CANNOT-INTERRUPT", "MK-TL-OBSTACLE",
                         "MK-TL-ARCHIVED", "MK-TL-QUEST-LIMIT", "MK-TL-ONE-BUILDING", "MK-TL-TURN", "MK-TL-NOT-FAST"})


def _summons(eng: EngineParts, player: str) -> Iterator[LegalAction]:
    hand = _hand(eng, player)
    # a combination chain's unarmed cards (3.05.E): only while one is open (the Múlt is long by the late game)
    chains = [cs for cs in _mine(eng, player, (IDOFONAL, MULT)) if sem.is_unarmed(cs)] if eng.state.combo else []
    awake: list[CardState] | None = None  # who may summon an action card: found when one is in question
    fast = _fast(eng)
    for cs in hand + chains:
        # a fast listing pre-checks a card of the hand that its label names
        known = fast and cs.zone == KEZ and _is_found(eng, cs, (KEZ,), player)
        if cs.type == "akadálylap" or (known and _summon_refused_early(eng, player, cs)):
            continue
        b = cs.behaviour
        if cs.type == "akciólap" and awake is None:
            # an adventurer who is not awake summons only in antiss combat (8.03.E) or in a combination chain (3.05.E)
            awake = [c for c in _mine(eng, player, (SOR, JELEN)) if c.type == "kalandozó"
                     and (c.state == "éber" or eng.state.antiss_combat or c.uid in eng.state.combo)]
        summoners: list[CardState | None] = list(awake) if cs.type == "akciólap" and awake is not None else [None]
        modes: list[str | None] = list(b.modes) if b.modes else [None]
        if summoners and not (known and _cannot_pay_summon(eng, player, cs, summoners[0])):
            first = Action("summon", card=cs.label, by=summoners[0].label if summoners[0] else None,
                           mode=modes[0], x=0 if isinstance(cs.card.mp, str) else None)
            refusal = _probe(eng, player, first)
            if refusal is not None and refusal.code in _CARD_LEVEL:
                continue
        for by, mode in itertools.product(summoners, modes):
            if known and _cannot_pay_summon(eng, player, cs, by):
                continue
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
                player, "summon", "7.00" if cs.fact(sem.is_mosaic) else "5.01", card=cs.label,
                by=by.label if by is not None else None, mode=mode, targets=targets, target_count=count, x=x_range,
                opponents=opponents))
            if form is not None and _with_choices(eng, player, form) is not None:
                yield form


def _summon_refused_early(eng: EngineParts, player: str, cs: CardState) -> bool:
    """A fast listing's pre-check of a card in the hand: whether the first checks of its summoning refuse it
    whoever summons it and however (the card-level refusals :data:`_CARD_LEVEL`): not its phase (5.01.A), a
    Sor card into an opponent's timeline (6.00), a quest while a deed's timeline is open (3.02.A) or beside 3
    quests awaiting solution (3.02.C)."""
    if eng.stack.top is None or not eng.deeds._fate_turner(player, cs):  # a fast SORSFORDÍTÓ keeps no phase
        if not sem.in_its_phase(eng.state, cs) or eng.stack.sor_summon_refused(player, cs):
            return True
    if cs.type != "küldetés":
        return False
    jelen = eng.state.players[player].zones[JELEN]
    # an MP-bound quest while a deed's timeline is open (3.02.A); 3 quests awaiting solution already (3.02.C)
    return eng.stack.deed_open() or sum(1 for u in jelen if eng.state.cards[u].type == "küldetés") >= 3


def _cannot_pay_summon(eng: EngineParts, player: str, cs: CardState, by: CardState | None) -> bool:
    """A fast listing's pre-check of summoning a card of the hand (by *by*): whether its MP requirement is more
    than the player has (5.01.D), so that the summoning is refused whatever else holds.  The requirement as
    :meth:`~.deeds.Deeds._cost` works it out: the printed MP changed by the constant effects in play (not below
    their floor), the other MP costs, ŐSERŐ (2.12.a).  False for an X cost (the probes fit X) and a quest (free,
    3.02.A), and when naming the summoner would find another card."""
    mp = cs.card.mp
    if isinstance(mp, str) or cs.type == "küldetés" or (by is not None and not _is_found(eng, by, (SOR, JELEN), player)):
        return False
    state = eng.state
    cost = int(mp or 0)
    changes = sem.mp_change(state, player, cs, by)
    if changes:
        new = max(0, cost + sum(n for _, n in changes))
        floor = sem.mp_floor(state, player, cs, by)
        cost = min(floor[1], cost) if floor is not None and new < min(floor[1], cost) else new
    cost += sum(c.amount for c in cs.behaviour.cost if c.kind == "mp")
    if sem.has_osero(cs) and eng.table.admits("2.12.a") and sem.controls_aquir_or_dragon(state, player):
        cost = 0
    return state.players[player].mp < cost


def _fit_x(eng: EngineParts, player: str, form: LegalAction) -> LegalAction | None:
    """Narrow an X range to the values the engine accepts (what the player can pay): the top the MP
    allows, checked; else the largest accepted X, found by halving (an accepted X is paid by any smaller)."""
    if form.x is None:
        return form
    low, high = form.x
    if _ok(eng, player, form.with_x(high, high).completion()):
        return form
    if not _ok(eng, player, form.with_x(low, low).completion()):
        return None
    while high - low > 1:
        mid = (low + high) // 2
        if _ok(eng, player, form.with_x(mid, mid).completion()):
            low = mid
        else:
            high = mid
    return form.with_x(form.x[0], low)


def _activations(eng: EngineParts, player: str) -> Iterator[LegalAction]:
    cards = _mine(eng, player, (SOR, JELEN, CSATOLT, TORONY))
    if eng.table.seating.shares_tower:  # a pair's obstacles, either player's (12.00.5)
        cards += [cs for cs in _cards(eng) if cs.zone == CSATOLT and cs.type == "akadálylap"
                  and cs not in cards and eng.table.seating.friendly(player, cs.owner)]
    asleep: bool | None = None  # whether no obstacle may be activated now: asked once, when needed
    for cs in cards:
        b = cs.behaviour
        if cs.type == "akadálylap":
            if cs.zone != CSATOLT or cs.built:
                continue
            if asleep is None:
                asleep = _fast(eng) and _obstacles_asleep(eng)
            if asleep:
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
                targets, count = _target_choice(eng, player, b.targets, needs, zones=(SOR,))
            opponents = _opponent_choice(eng, player, b.effect)
            bys: list[str | None] = [None]
            if any(c.kind == "return" for c in b.cost):
                fight = set(eng.state.maneuver_team) | set(eng.state.maneuver_blockers)
                bys = [c.label for c in _mine(eng, player, (SOR,)) if c.uid in fight]
            for by in bys:
                form = LegalAction(player, "activate", "12.00.5.5", card=cs.label, by=by, targets=targets,
                                   target_count=count, opponents=opponents)
                if _with_choices(eng, player, form) is not None:
                    yield form
            continue
        antiss = sem.prints_key(cs, 'ANTISS "…"')
        if not b.abilities and not antiss:
            continue
        choices: list[tuple[int, Ability | None]] = list(enumerate(b.abilities)) or [(0, None)]
        for index, ability in choices:
            yield from _ability_forms(eng, player, cs, index, ability, antiss, several=len(b.abilities) > 1)


def _ability_forms(eng: EngineParts, player: str, cs: CardState, index: int, ability: Ability | None, antiss: bool,
                   several: bool) -> Iterator[LegalAction]:
    """The forms of activating the *index*-th ability of *cs*: one per adventurer its cost may sacrifice."""
    if ability is not None and any(op.name == "neutralise" for op in ability.effect):
        return  # listed with the neutralisations
    named: str | int | None = None
    if several and ability is not None:
        named = ability.name or index + 1
    if not antiss and _fast(eng) and _activation_refused(eng, player, cs, index, ability, named):
        return
    ops = ability.effect if ability is not None else ()
    needs = any(op.who == "target" for op in ops)
    targets, count = _target_choice(eng, player, ability.targets if ability else None, needs)
    bys: list[str | None] = [None]
    if ability is not None and any(c.kind == "sacrifice" and c.who == "own" for c in ability.cost):
        bys = [c.label for c in _mine(eng, player, (SOR,))
               if c is not cs and c.type == "kalandozó" and c.ghost is None]
    for by in bys:
        form = LegalAction(player, "activate", "8.01.B" if antiss else "6.01", card=cs.label, by=by,
                           targets=targets, target_count=count, opponents=_opponent_choice(eng, player, ops),
                           ability=named)
        if _with_choices(eng, player, form) is not None:
            yield form


def _activation_refused(eng: EngineParts, player: str, cs: CardState, index: int, ability: Ability | None,
                        named: str | int | None) -> bool:
    """A fast listing's pre-check of activating the *index*-th ability of *cs* (no antiss ability, no obstacle):
    whether a rule refuses it whatever its targets: its MP cost is more than the player has (5.01.D); what it
    rests to pay is not awake (6.01, 3.05.L); a combat ability out of combat (6.03); a slow one while an
    opponent's timeline is open (6.00).  False when naming the card or the ability would find another."""
    if ability is None or _ability_index(cs.behaviour.abilities, named) != index or _activated(eng, player, cs.label) != cs.uid:
        return False
    state = eng.state
    if state.players[player].mp < sum(c.amount for c in ability.cost if c.kind == "mp"):
        return True
    wearer = state.cards[cs.attached_to] if cs.attached_to is not None else None
    if _rest_refused(cs, wearer, ability.cost):
        return True
    if eng.options["ability_timing"] == "free" or ability.timing in ("before_combat", "interrupt"):
        return False
    if ability.timing == "combat":
        return state.phase not in COMBAT_PHASES
    return eng.deeds.abilities._foreign_timeline(player) is not None


def _rest_refused(cs: CardState, wearer: CardState | None, costs: Sequence[Cost]) -> bool:
    """Whether an ability's cost rests a card that is not awake (:meth:`~.deeds.Deeds.check_costs`): its wearer or
    host (3.05.L, 6.01), else an adventurer activating its own ability, or a card resting itself."""
    rests = [c for c in costs if c.kind == "rest"]
    if any(c.who in ("wearer", "host") for c in rests):
        return wearer is None or wearer.state != CardStatus.EBER
    return (cs.type == "kalandozó" and cs.state != CardStatus.EBER) or (bool(rests) and cs.state == CardStatus.PIHENO)


def _attachments(eng: EngineParts, player: str) -> Iterator[LegalAction]:
    hand = _hand(eng, player)
    store = [cs for cs in _zone(eng, RAKTAR) if cs.owner == player]
    levels = [cs for cs in _cards(eng) if cs.zone == TORONY
              or (cs.zone == JELEN and cs.type == "küldetés")]  # a quest's AKADÁLYOK slots
    sor = [cs for cs in _zone(eng, SOR) if cs.type == "kalandozó"]
    fast = _fast(eng)
    for cs in hand + store:
        # a fast listing pre-checks a card of the hand that its label names
        known = fast and cs.zone == KEZ and _is_found(eng, cs, (KEZ, RAKTAR), player)
        if cs.zone == RAKTAR:
            dests, rule = sor, "6.01"
        elif cs.type == "akadálylap":
            dests, rule = levels, "5.01.E"
        elif cs.type == "kalandozó" and sem.csatlos(cs) is not None:
            dests, rule = sor, "2.09.c"
        else:
            continue
        for dest in dests:
            if known and _attach_refused(eng, player, cs, dest):
                continue
            form = LegalAction(player, "attach", rule, card=cs.label, dest=dest.label)
            if _ok(eng, player, form.completion()):
                yield form


def _attach_refused(eng: EngineParts, player: str, cs: CardState, dest: CardState) -> bool:
    """A fast listing's pre-check of attaching a card of the hand to *dest*: whether a rule refuses it
    (:meth:`~.deeds.Deeds.attach`): a Csatlós where the format does not admit 2.09.c; an obstacle on its own
    side's quest (4.01.C), on what is neither a tower level nor a quest, on another player's tower level, or on
    one whose 2 slots are taken (5.01.E, 3.01.C).  False when naming *dest* would find another card."""
    if cs.type == "kalandozó":
        return not eng.table.admits("2.09.c")  # the lister offers an adventurer of the hand only as a Csatlós
    if not _is_found(eng, dest, (TORONY, SOR, JELEN), None):
        return False
    if dest.type == "küldetés" and dest.zone == JELEN:
        owner = sem.controller(eng.state, dest)
        return owner is not None and eng.table.seating.friendly(player, owner)
    if dest.type != "toronyszint" or dest.controller not in (player, eng.table.seating.tower_holder(player)):
        return True
    return eng.table.obstacles_on(dest) + eng.deeds._pending_attachments(dest) >= 2


def _builds(eng: EngineParts, player: str) -> Iterator[LegalAction]:
    hand = [cs for cs in _hand(eng, player) if sem.raepites(cs) is not None]
    if not hand:
        return
    hosts = [cs for cs in _cards(eng) if cs.zone in (SOR, CSATOLT, TORONY, JELEN)
             and sem.buildable_on(cs)]
    for cs in hand:
        for host in hosts:
            form = LegalAction(player, "build", "10.00.A", card=cs.label, dest=host.label)
            if _ok(eng, player, form.completion()):
                yield form


def _neutralisations(eng: EngineParts, player: str) -> Iterator[LegalAction]:
    entries = [e for tl in eng.state.timelines for e in tl.entries if e.neutralisable and not e.hidden]
    if not entries:
        return
    tools = [cs for cs in _mine(eng, player, tuple(IN_PLAY))
             if cs.behaviour.abilities and any(op.name == "neutralise" for op in cs.behaviour.abilities[0].effect)]
    for e in entries:
        for tool in tools:
            form = LegalAction(player, "neutralise", "6.00", ref=e.seq, source=tool.label)
            if _ok(eng, player, form.completion()):
                yield form


def _team_options(eng: EngineParts, player: str, spec: TargetSpec | None = None) -> tuple[str, ...]:
    """The adventurers *player* may send (4.01.E): awake, in the Sor, theirs, no ghosts."""
    return tuple(cs.label for cs in _senders(eng, player) if spec is None or sem.admits_target(eng.state, spec, cs, player))


def _senders(eng: EngineParts, player: str) -> list[CardState]:
    """Awake adventurers the player may send: their own, and in a side or an alliance their partners' (mixed
    teams, 12.00.4.B, 12.00.5)."""
    listing = _LISTINGS.get(id(eng))
    if listing is not None and listing.fast and player in listing.senders:
        return list(listing.senders[player])
    seating = eng.table.seating
    senders = [cs for cs in _cards(eng)
               if cs.zone in (SOR, JELEN) and cs.type == "kalandozó" and cs.controller is not None
               and seating.friendly(player, cs.controller) and cs.ghost is None and cs.state == "éber"]
    if listing is not None and listing.fast:
        listing.senders[player] = tuple(senders)
    return senders


def _solves(eng: EngineParts, player: str) -> Iterator[LegalAction]:
    quests = [cs for cs in _zone(eng, JELEN) if cs.type == "küldetés"]
    for quest in quests:
        antiss = fold(quest.card.subtype or "") == "antisskuldetes"
        expeditions = [False, True] if sem.expedition(quest) is not None else [False]
        stores: tuple[str, ...] = ()
        if sem.is_storage_quest(quest):
            stores = tuple(lv.label for lv in _zone(eng, TORONY)
                           if sem.controller(eng.state, lv) == player
                           and not any(sem.is_storage_quest(eng.state.cards[u]) for u in lv.attachments))
        known = _fast(eng) and _is_found(eng, quest, (JELEN,), None)  # a fast listing pre-checks the quest
        for expedition in expeditions:
            if antiss:
                yield from _antiss_teams(eng, player, quest)
                break
            if known and eng.state.players[player].mp < eng.maneuvers._quest_cost(player, quest, expedition):
                continue  # the player cannot pay for it (5.01.D), whatever the team
            team = _team_options(eng, player, quest.behaviour.solvers)
            on_solve = () if expedition else quest.behaviour.on_solve  # its target is chosen now (5.01.B)
            targets, count = _target_choice(eng, player, quest.behaviour.targets if on_solve else None,
                                            any(op.who == "target" for op in on_solve))
            form = LegalAction(player, "solve", "4.01.A", card=quest.label, expedition=expedition, team=team,
                               team_size=(1, min(3, len(team))), stores=stores if not expedition else (),
                               opponents=_opponent_choice(eng, player, on_solve), targets=targets, target_count=count)
            if team and _with_choices(eng, player, form) is not None:
                yield form


def _antiss_teams(eng: EngineParts, player: str, quest: CardState) -> Iterator[LegalAction]:
    """8.02: an antiss quest's teams are tried one by one (resting wizards, one resting companion)."""
    spec = quest.behaviour.solvers
    pool = [cs.label for cs in _cards(eng)
            if cs.zone in (SOR, JELEN) and cs.type == "kalandozó" and cs.controller == player and cs.ghost is None
            and (spec is None or sem.admits_target(eng.state, spec, cs, player))]
    for n in (1, 2, 3):
        for team in itertools.combinations(pool, n):
            form = LegalAction(player, "solve", "8.02", card=quest.label, team=team, team_size=(n, n))
            if _ok(eng, player, form.completion()):
                yield form


def _cannot_pay_maneuver(eng: EngineParts, player: str, maneuver: str) -> bool:
    """A fast listing's pre-check of a siege or a capture: whether it costs more MP than the player has (4.01.B,
    :meth:`~.maneuvers.Maneuvers.maneuver_mp`), whatever the team and whoever it is against."""
    return _fast(eng) and eng.state.players[player].mp < eng.maneuvers.maneuver_mp(player, maneuver)[0]


def _sieges(eng: EngineParts, player: str) -> Iterator[LegalAction]:
    team = _team_options(eng, player)
    if not team or _cannot_pay_maneuver(eng, player, "siege"):
        return
    for opponent in eng.table.opponents(player):
        form = LegalAction(player, "siege", "4.01.A", against=opponent, team=team, team_size=(1, min(3, len(team))))
        if _ok(eng, player, form.completion()):
            yield form


def _fights(eng: EngineParts, player: str) -> Iterator[LegalAction]:
    """A combat manoeuvre (4.01.A): one adventurer with PORTYÁZÁS (option ``portyazas``) against an opponent."""
    team = tuple(cs.label for cs in _senders(eng, player) if sem.is_raider(eng.state, cs))
    if not team:
        return
    for opponent in eng.table.opponents(player):
        form = LegalAction(player, "fight", "4.01.A", against=opponent, team=team, team_size=(1, 1))
        if _ok(eng, player, form.completion()):
            yield form


def _obstructions(eng: EngineParts, player: str) -> Iterator[LegalAction]:
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


def _captures(eng: EngineParts, player: str) -> Iterator[LegalAction]:
    team = _team_options(eng, player)
    if not team or _cannot_pay_maneuver(eng, player, "capture"):
        return
    for building in _cards(eng):
        if building.zone != JELEN or building.type != "építmény" or building.controller == player:
            continue
        size = int(building.attr("attackers", 3) or 3)
        form = LegalAction(player, "capture", "4.01.A", card=building.label, team=team,
                           team_size=(1, min(size, len(team))))
        if _ok(eng, player, form.completion()):
            yield form


def _pacts(eng: EngineParts, player: str) -> Iterator[LegalAction]:
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
        mine = [cs for cs in _cards(eng) if cs.zone == SOR and cs.type == "kalandozó" and cs.ghost is None
                and cs.state == "éber" and cs.controller is not None and seating.side(cs.controller) == seating.side(player)]
        forms += [LegalAction(player, "swap", "12.00.5.7", card=a.label, dest=b.label)
                  for a, b in itertools.combinations(mine, 2)
                  if a.controller != b.controller and {a.controller, b.controller} & (partners | {player})]
    for form in forms:
        if _ok(eng, player, form.completion()):
            yield form


def _put_away_sets(eng: EngineParts, player: str, zones: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every set of the player's solved quests (with ``jelen`` among *zones*, as in Körbetámadás, buildings too)
    worth enough DP for a knock-out."""
    if eng.table.ending is None:
        return []  # no knock-outs in a ruling that is not played out
    need = int(eng.table.ending.param("elimination_dp"))
    pool = [eng.state.cards[u] for u in eng.state.players[player].zones[MEGOLDOTT]]
    if JELEN in zones:
        pool += [cs for cs in _cards(eng)
                 if cs.zone == JELEN and cs.type == "építmény" and (cs.controller or cs.owner) == player]
    pool = pool[:8]  # 255 sets at most
    out: list[tuple[str, ...]] = []
    for n in range(1, len(pool) + 1):
        for combo in itertools.combinations(pool, n):
            if sum(int(c.card.dp or 0) for c in combo) >= need:
                out.append(tuple(c.label for c in combo))
    return out

