"""The behaviour languages: what a card does, written in small languages over the card data.

A card's ``behaviour:`` (docs/card-behaviour.md) is written in six small
languages, each parsed here into frozen syntax objects:

* an **effect**: steps separated by ``;`` (``damage 2 target; mp 1 controller``)::

    >>> parse_effect("damage 2 target; mp 1 controller")
    (Op(name='damage', amount=2, cap=None, who='target'), Op(name='gain_mp', amount=1, cap=None, who='controller'))
    >>> parse_effect("counter tartomány 1 self")[0].arg
    'tartomány'

* a **cost**: parts separated by ``;`` (``mp 1; rest``)::

    >>> parse_cost("mp 1; rest")
    (Cost(kind='mp', amount=1, who='self'), Cost(kind='rest', amount=0, who='self'))

* **targets**: what an effect may target (rule 5.01.B)::

    >>> t = parse_targets("1 own wounded adventurer")
    >>> (t.low, t.high, t.side, t.states, t.kind)
    (1, 1, 'own', frozenset({'sérült'}), 'adventurer')

* a **modifier**: one continuous (constant) effect (6.00)::

    >>> m = parse_modifier("level +1 own adventurers race:aquir,sárkány")
    >>> (m.stat, m.amount, m.scope, m.kind, m.filters)
    ('level', 1, 'own', 'adventurer', (('race', ('aquir', 'sárkány')),))

* a **condition** (``self awake``, ``counter tartomány >= 6 self``) and a
  **moment** (a phase of 6.03 such as ``forduló zárása``, or an event such as
  ``siege won``).

Every word has an English and a Hungarian spelling; accents and case do not
matter.  Errors are :class:`~korbiro.base.errors.RulesSyntaxError` with the
column and a caret, and a did-you-mean for a misspelt word::

    >>> parse_effect("damge 2 target")
    Traceback (most recent call last):
    ...
    korbiro.base.errors.RulesSyntaxError: <effect>:1:1: unknown step 'damge'; did you mean 'damage'?
      damge 2 target
      ^
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from ..base.errors import RulesSyntaxError
from ..base.text import close_matches, fold, is_digits
from .keywords import KEYWORD_CLASSES, keyword_named
from .larkerror import fault
from .vocabulary import PHASE_ALIASES, PHASE_NAMES

if TYPE_CHECKING:
    from lark import Lark

__all__ = [
    "EVENTS",
    "EVENT_WORDS",
    "FILTER_KEYS",
    "Condition",
    "Cost",
    "Filters",
    "Modifier",
    "Op",
    "TargetSpec",
    "iter_filters",
    "parse_condition",
    "parse_cost",
    "parse_effect",
    "parse_modifier",
    "parse_moment",
    "parse_targets",
    "render_filter",
]

CODE_SYNTAX = "MK-BEHAVIOUR-SYNTAX"
CODE_WORD = "MK-BEHAVIOUR-WORD"
MAX_CHARS = 1000


# ---------------------------------------------------------------- syntax objects

#: field filters: ``(key, values)`` each; a negated filter's key starts with ``!`` (``!skill`` for ``not skill:úszás``),
#: a printed-MP filter's value holds its comparison (``("mp", ("<=2",))`` for ``mp<=2``, ``("mp", ("3",))`` for ``mp:3``)
Filters = tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class Op:
    """One step of an effect.

    ``name``: damage, heal, rest, wake, wound, weakness, kill, return, attach,
    gain_mp, lose_mp, take_mp, gain_dp, draw, discard, look, counter, neutralise, level,
    fizikum, asztral, mental, fal, forbid, win, none.  ``amount``: an int,
    ``"X"`` or ``"oppdp"``; ``cap``: ``max N``; ``who``: target, summoner,
    controller, opponent, team, enemies, all, self, host, blockers, richer (the
    opponents with more MP than the controller), or
    ``"=Name"`` (every card of that name, rule 2.02.b).  ``arg``: a counter's
    name, a zone (look), the kind of entry neutralised, the activity forbidden;
    ``until``: combat or round (a modifier that lasts); ``random``: a random
    card (discard).
    """

    name: str
    amount: int | str | None = None
    cap: int | None = None
    who: str | None = None
    arg: str | None = None
    until: str | None = None
    random: bool = False
    #: ``bonus N if FILTER…``: N more damage to a card the filters hold for (``damage 2 target bonus 2 if race:élőholt``)
    bonus: int | None = None
    bonus_if: Filters = ()
    #: ``look deck 3 take 1``: how many of the cards looked at its player takes into the hand
    take: int | None = None

    def __repr__(self) -> str:
        extra = "".join(f", {k}={getattr(self, k)!r}" for k in ("arg", "until", "random", "bonus", "bonus_if", "take")
                        if getattr(self, k))
        return f"Op(name={self.name!r}, amount={self.amount!r}, cap={self.cap!r}, who={self.who!r}{extra})"

    @property
    def player_level(self) -> bool:
        """True for the steps that change a player (MP, DP, cards), not a card."""
        return self.name in PLAYER_STEPS

    def render(self) -> str:
        """The canonical text of the step (``parse_effect(op.render())`` gives it back)."""
        parts = [_STEP_WORD.get(self.name, self.name)]
        if self.name in ("counter", "token") and self.arg:
            parts.append(_quote(self.arg) if self.name == "token" else self.arg)
        if self.name in ("look", "neutralise", "forbid", "suppress", "take", "recover") and self.arg:
            parts.append(self.arg)
        if self.amount is not None:
            amount = self.amount
            signed = self.name in MODIFIER_STEPS or self.name == "counter"
            parts.append(f"{amount:+d}" if signed and isinstance(amount, int) else str(amount))
        if self.cap is not None:
            parts.append(f"max {self.cap}")
        if self.random:
            parts.append("random")
        if self.who is not None:
            parts.append(_quote(self.who[1:]) if self.who.startswith("=") else self.who)
        if self.take is not None:
            parts.append(f"take {self.take}")
        if self.bonus is not None:
            parts.append(f"bonus {self.bonus} if " + " ".join(render_filter(f) for f in self.bonus_if))
        if self.until == "permanent":
            parts.append("permanent")
        elif self.until:
            parts.append(f"until {self.until}")
        return " ".join(parts)


@dataclass(frozen=True)
class Cost:
    """One part of a cost: ``rest`` a card (``self``, ``wearer``, ``host``), pay ``mp`` N,
    ``return`` one of your adventurers from the combat to its Sor (``own``), ``sacrifice`` the card
    itself (``self``) or another adventurer of yours (``own``), ``wound`` the card (it turns wounded),
    or ``lost``: the card is lost when used (it leaves the Present for Múlt, or Mélység)."""

    kind: str
    amount: int = 0
    who: str = "self"

    def render(self) -> str:
        if self.kind == "mp":
            return f"mp {self.amount}"
        if self.kind == "none":
            return "none"
        if self.kind == "return":
            return "return own adventurer"
        if self.kind == "sacrifice":
            return "sacrifice" if self.who == "self" else "sacrifice own adventurer"
        if self.kind in ("wound", "lost"):
            return self.kind
        return "rest" if self.who == "self" else f"rest {self.who}"


@dataclass(frozen=True)
class TargetSpec:
    """What an effect may target (5.01.B): ``low`` to ``high`` cards (``high`` may be ``"X"``)
    of ``kind``, on a ``side`` (own, enemy or either), in one of ``states`` (none: any),
    members of the initiating ``team``, antiss-wizards only, with field ``filters``."""

    low: int = 1
    high: int | str = 1
    kind: str = "adventurer"
    side: str | None = None
    states: frozenset[str] = frozenset()
    team: bool = False
    wizard: bool = False
    filters: Filters = ()

    def render(self) -> str:
        count = (f"up to {self.high}" if self.low == 0 else str(self.high)) if self.low != self.high else str(self.low)
        words = [count]
        if self.side:
            words.append(self.side)
        words.extend(_STATE_WORD[s] for s in sorted(self.states))
        if self.team:
            words.append("team")
        if self.wizard:
            words.append("antiss-wizard")
        else:
            words.append(self.kind)
        words.extend(render_filter(f) for f in self.filters)
        return " ".join(words)


@dataclass(frozen=True)
class Modifier:
    """One continuous effect (6.00, no timeline): ``stat`` changed by ``amount`` on the cards
    of ``scope``, ``kind`` and ``filters``, while ``when`` holds.

    Stats: level, fizikum, asztral, mental, fal, team_level, mp (an MP requirement,
    5.01.C), kincs (1.14.14.B), maneuver_mp; and without an amount: ``immune``
    (``what``: weakness, negative, power_words), ``cannot`` (``what``: block),
    ``power_words`` (may summon them, 3.05.A), ``no_increase`` (an MP requirement
    cannot grow).  Scope: self, host, own, enemy, all, blockers, sieged, by_self
    (cards this adventurer summons).  When: combat, stored, wearer_sieges,
    initiating, sieging, ghost.
    """

    stat: str
    amount: int | str | None = None
    what: str | None = None
    scope: str = "self"
    kind: str | None = None
    filters: Filters = ()
    when: str | None = None
    #: the manoeuvre a maneuver_mp modifier is for (siege, capture, quest)
    maneuver: str | None = None
    #: one per player (``per_player``, "egy per játékos"): the same constant from several cards of one
    #: player counts once
    per_player: bool = False
    #: ``max N``: the most it can be (``damage_taken max 2 self``)
    cap: int | None = None
    #: ``min N``: the least a changed number can be (``mp -2 own cards min 1``)
    floor: int | None = None
    #: ``while [N] own|enemy KIND filter…``: the modifier works while its controller (own) or an opponent
    #: (enemy) controls at least N such cards (``while enemy building``, ``while own adventurer class:harcművész``)
    when_spec: TargetSpec | None = None

    def render(self) -> str:
        words = [self.stat]
        if self.stat == "maneuver_mp" and self.maneuver:
            words.append(self.maneuver)
        if self.what:
            words.append(self.what)
        if self.amount is not None:
            words.append(f"{self.amount:+d}" if isinstance(self.amount, int) else str(self.amount))
        if self.cap is not None:
            words.append(f"max {self.cap}")
        words.append(self.scope)
        if self.kind:
            words.append(_KIND_PLURAL.get(self.kind, self.kind))
        words.extend(render_filter(f) for f in self.filters)
        if self.floor is not None:
            words.append(f"min {self.floor}")
        if self.when:
            words.append(f"while {self.when}")
        elif self.when_spec is not None:
            words.append(f"while {self.when_spec.render()}")
        if self.per_player:
            words.append("per_player")
        return " ".join(words)


@dataclass(frozen=True)
class Condition:
    """A test of the state: ``subject`` (self, host) is in ``state`` (awake, resting, wounded,
    ghost), or has ``counter`` ``op`` ``number`` counters of that name."""

    subject: str = "self"
    state: str | None = None
    counter: str | None = None
    op: str | None = None
    number: int | None = None
    #: ``[N] own|enemy KIND filter…``: at least N such cards are in play (own: the card's controller's)
    spec: TargetSpec | None = None

    def render(self) -> str:
        if self.spec is not None:
            return self.spec.render()
        if self.counter is not None:
            return f"counter {self.counter} {self.op} {self.number} {self.subject}"
        return f"{self.subject} {self.state}"


#: Events a trigger may wait for, beside the phases of 6.03.
EVENTS: dict[str, str] = {
    "siege won": "siege_won", "sikeres ostrom": "siege_won", "siege_won": "siege_won",
    "wounded": "wounded", "sérül": "wounded", "serul": "wounded", "sérült": "wounded",
    "opponent searches": "opponent_searches", "ellenfél keres": "opponent_searches",
    "opponent_searches": "opponent_searches",
    "opponent summons event": "opponent_summons_event", "ellenfél leidéz esemény": "opponent_summons_event",
    "ellenfél leidéz eseményt": "opponent_summons_event", "opponent_summons_event": "opponent_summons_event",
    "opponent summons quest": "opponent_summons_quest", "ellenfél leidéz küldetés": "opponent_summons_quest",
    "ellenfél leidéz küldetést": "opponent_summons_quest", "opponent_summons_quest": "opponent_summons_quest",
    "dies": "dies", "meghal": "dies", "self dies": "dies", "forrás meghal": "dies",
    "own adventurer dies": "own_dies", "saját kalandozó meghal": "own_dies", "own_dies": "own_dies",
    "any adventurer dies": "any_dies", "bármely kalandozó meghal": "any_dies", "any_dies": "any_dies",
    "manoeuvre fails": "maneuver_fails", "maneuver fails": "maneuver_fails", "manőver sikertelen": "maneuver_fails",
    "maneuver_fails": "maneuver_fails",
    "wakes": "wakes", "ébred": "wakes", "felébred": "wakes",
    "obstacle attached": "obstacle_attached", "akadály csatolás": "obstacle_attached",
    "akadálylap csatolás": "obstacle_attached", "obstacle_attached": "obstacle_attached",
}
#: the canonical English spelling of each event (the first one listed)
EVENT_WORDS: dict[str, str] = {}
for _alias, _canon in EVENTS.items():
    EVENT_WORDS.setdefault(_canon, _alias)

# ---------------------------------------------------------------- vocabulary

PLAYER_STEPS = frozenset({"gain_mp", "lose_mp", "take_mp", "gain_dp", "draw", "discard", "look", "win", "token",
                          "recover"})
#: steps that change a number of a card for a while (``level +2 target until combat``)
MODIFIER_STEPS = frozenset({"level", "fizikum", "asztral", "mental", "fal", "threshold"})

_STEPS: dict[str, str] = {
    "damage": "damage", "sebzés": "damage", "sebez": "damage",
    "heal": "heal", "gyógyít": "heal", "gyogyit": "heal",
    "rest": "rest", "pihentet": "rest",
    "wake": "wake", "ébreszt": "wake",
    "wound": "wound", "sebesít": "wound",
    "weakness": "weakness", "gyengeség": "weakness",
    "kill": "kill", "megöl": "kill",
    "return": "return", "visszaküld": "return",
    "attach": "attach", "csatol": "attach",
    "mp": "gain_mp", "gain_mp": "gain_mp",
    "lose_mp": "lose_mp", "mpvesztés": "lose_mp",
    "take_mp": "take_mp", "mpelvétel": "take_mp",
    "dp": "gain_dp", "gain_dp": "gain_dp",
    "draw": "draw", "húz": "draw",
    "discard": "discard", "eldob": "discard",
    "look": "look", "megnéz": "look",
    "counter": "counter", "jelző": "counter",
    "neutralise": "neutralise", "neutralize": "neutralise", "semlegesít": "neutralise",
    "level": "level", "szint": "level",
    "fizikum": "fizikum", "asztral": "asztral", "asztrál": "asztral", "mental": "mental", "mentál": "mental",
    "fal": "fal",
    "forbid": "forbid", "tilt": "forbid",
    "threshold": "threshold", "küszöb": "threshold", "támadóküszöb": "threshold",
    "token": "token", "jelzőlap": "token",
    "recover": "recover", "visszavesz": "recover",
    "suppress": "suppress", "elnyom": "suppress",
    "take": "take", "elvesz": "take",
    "win": "win", "győz": "win", "nyer": "win",
    "none": "none", "semmi": "none",
}
_STEP_WORD = {"gain_mp": "mp", "gain_dp": "dp"}
_WHO: dict[str, str] = {
    "target": "target", "célpont": "target",
    "summoner": "summoner", "leidéző": "summoner",
    "controller": "controller", "irányító": "controller",
    "opponent": "opponent", "ellenfél": "opponent",
    "team": "team", "csapat": "team",
    "enemies": "enemies", "ellenség": "enemies",
    "all": "all", "mind": "all",
    "self": "self", "forrás": "self",
    "host": "host", "gazda": "host", "wearer": "host", "viselő": "host",
    "blockers": "blockers", "akadályozók": "blockers",
    "richer": "richer", "gazdagabbak": "richer",
}
_PLAYER_WHO = frozenset({"controller", "opponent", "all", "richer"})
_AMOUNT_WORDS = {"x": "X", "oppdp": "oppdp", "ellenfél_dp": "oppdp"}
_CAP = {"max", "legfeljebb"}
_UNTIL = {"until", "amíg", "végéig"}
_PERIODS = {"combat": "combat", "harc": "combat", "round": "round", "forduló": "round",
            "manoeuvre": "maneuver", "maneuver": "maneuver", "manőver": "maneuver"}
_PERMANENT = {"permanent", "végleges", "véglegesen"}
#: ``recover 1 card from past to hand``: the words between the count and the zone
_RECOVER_FILLER = {"card", "cards", "lap", "lapot", "own", "saját", "from", "past", "múlt", "múltból", "to"}
_RECOVER_ZONES = {"hand": "hand", "kéz": "hand", "kézbe": "hand", "deck": "deck", "jövő": "deck", "jövőbe": "deck"}
_TAKE_WHAT = {"equipment": "equipment", "felszerelés": "equipment", "felszerelést": "equipment"}
_SUPPRESS_WHAT = {"abilities": "abilities", "képességek": "abilities", "képességeit": "abilities"}
_BONUS = {"bonus", "bónusz"}
_IF = {"if", "ha"}
_NEGATE = {"not", "nem", "no", "nincs"}
_ZONES = {"hand": "hand", "kéz": "hand", "deck": "deck", "jövő": "deck"}
_RANDOM = {"random", "véletlen"}
_ENTRY_KINDS = {"trap": "trap", "csapda": "trap", "beast": "beast", "bestia": "beast",
                "obstacle": "obstacle", "akadály": "obstacle", "any": "any", "bármi": "any",
                "ability": "ability", "képesség": "ability"}
_ACTIVATION = {"activation", "aktivizálás"}
_ACTIVITIES = {"solving": "solving", "megoldás": "solving", "dp": "dp", "mp": "mp", "mpszerzés": "mp"}

_COST_WORDS = {"rest": "rest", "pihentet": "rest", "mp": "mp", "none": "none", "semmi": "none",
               "return": "return", "visszaküld": "return",
               "sacrifice": "sacrifice", "feláldoz": "sacrifice", "wound": "wound", "sebesít": "wound",
               "sérül": "wound", "lost": "lost", "elvesző": "lost", "elvész": "lost",
               "rest_wearer": "rest_wearer", "rest_host": "rest_host"}
_COST_WHO = {"self": "self", "forrás": "self", "wearer": "wearer", "viselő": "wearer", "host": "host",
             "gazda": "host"}

_SIDES = {"own": "own", "saját": "own", "enemy": "enemy", "ellenséges": "enemy", "any": None, "bármely": None}
_STATES = {"awake": "éber", "éber": "éber", "resting": "pihenő", "pihenő": "pihenő",
           "wounded": "sérült", "sérült": "sérült"}
_STATE_WORD = {"éber": "awake", "pihenő": "resting", "sérült": "wounded"}
_KINDS = {
    "adventurer": "adventurer", "adventurers": "adventurer", "kalandozó": "adventurer", "kalandozók": "adventurer",
    "tower_level": "tower_level", "tower_levels": "tower_level", "toronyszint": "tower_level",
    "toronyszintek": "tower_level",
    "building": "building", "buildings": "building", "építmény": "building", "építmények": "building",
    "quest": "quest", "quests": "quest", "küldetés": "quest", "küldetések": "quest",
    "obstacle": "obstacle", "obstacles": "obstacle", "akadálylap": "obstacle", "akadálylapok": "obstacle",
    "card": "card", "cards": "card", "lap": "card", "lapok": "card",
    "power_word": "power_word", "power_words": "power_word", "hatalomszó": "power_word", "hatalomszavak": "power_word",
}
_KIND_PLURAL = {"adventurer": "adventurers", "tower_level": "tower_levels", "building": "buildings",
                "quest": "quests", "obstacle": "obstacles", "card": "cards", "power_word": "power_words"}
#: the filter keys (a closed list: an unknown key gets a did-you-mean), English and Hungarian
_FILTER_FIELDS = {"race": "race", "faj": "race", "alignment": "alignment", "jellem": "alignment",
                  "class": "class", "kaszt": "class", "subclass": "subclass", "alkaszt": "subclass",
                  "subtype": "subtype", "altípus": "subtype", "kw": "kw", "kulcsszó": "kw",
                  "descriptor": "descriptor", "színesítő": "descriptor", "origin": "origin", "származás": "origin",
                  "faith": "faith", "hit": "faith", "school": "school", "iskola": "school",
                  "item": "item", "tárgy": "item", "mp": "mp", "skill": "skill", "képzettség": "skill"}
#: the canonical filter keys, for a data-check pass over a behaviour's filters (:func:`iter_filters`)
FILTER_KEYS = tuple(dict.fromkeys(_FILTER_FIELDS.values()))
_COUNT_WORDS = {"up", "legfeljebb"}

_STATS = {"level": "level", "szint": "level", "fizikum": "fizikum", "asztral": "asztral", "asztrál": "asztral",
          "mental": "mental", "mentál": "mental", "fal": "fal", "team_level": "team_level",
          "csapatszint": "team_level", "mp": "mp", "kincs": "kincs", "maneuver_mp": "maneuver_mp",
          "manőver_mp": "maneuver_mp",
          "immune": "immune", "immunis": "immune", "cannot": "cannot", "nem": "cannot",
          "power_words": "power_words", "hatalomszó": "power_words", "no_increase": "no_increase",
          "nem_nőhet": "no_increase",
          "damage": "damage", "sebzés": "damage", "damage_taken": "damage_taken", "kapott_sebzés": "damage_taken",
          "threshold": "threshold", "küszöb": "threshold", "támadóküszöb": "threshold",
          "beast_damage": "beast_damage", "bestia_sebzés": "beast_damage",
          "beast_roll": "beast_roll", "bestia_dobás": "beast_roll",
          "suppress": "suppress", "elnyom": "suppress", "ignore": "ignore", "figyelmen_kívül": "ignore"}
#: the stats a modifier changes by an amount (``damage`` and ``damage_taken`` may instead have only ``max N``)
AMOUNT_STATS = frozenset({"level", "fizikum", "asztral", "mental", "fal", "team_level", "mp", "kincs", "maneuver_mp",
                          "damage", "damage_taken", "threshold", "beast_damage", "beast_roll"})
_IGNORE = {"requirement": "requirement", "feltétel": "requirement", "feltételt": "requirement"}
_MIN = {"min", "legalább"}
_IMMUNE_TO = {"weakness": "weakness", "gyengeség": "weakness", "negative": "negative", "negatív": "negative",
              "power_words": "power_words", "hatalomszó": "power_words", "hatalomszavak": "power_words"}
_CANNOT = {"block": "block", "akadályoz": "block"}
_SCOPES = {"self": "self", "forrás": "self", "host": "host", "gazda": "host", "wearer": "host", "viselő": "host",
           "own": "own", "saját": "own", "enemy": "enemy", "ellenséges": "enemy", "all": "all", "mind": "all",
           "blockers": "blockers", "akadályozók": "blockers", "sieged": "sieged", "ostromolt": "sieged",
           "by_self": "by_self", "általa": "by_self"}
_WHEN = {"combat": "combat", "harcban": "combat", "stored": "stored", "raktározva": "stored",
         "wearer_sieges": "wearer_sieges", "ostromlóként": "wearer_sieges", "initiating": "initiating",
         "kezdeményező": "initiating", "sieging": "sieging", "ostromló": "sieging", "ghost": "ghost",
         "szellemként": "ghost"}
_WHILE = {"while", "amíg", "in", "ha"}
_MANEUVERS = {"siege": "siege", "ostrom": "siege", "capture": "capture", "bevétel": "capture",
              "quest": "quest", "küldetés": "quest"}
_COND_STATES = {"awake": "awake", "éber": "awake", "resting": "resting", "pihenő": "resting",
                "wounded": "wounded", "sérült": "wounded", "ghost": "ghost", "szellem": "ghost"}
_SUBJECTS = {"self": "self", "forrás": "self", "host": "host", "gazda": "host"}


def _index(table: dict[str, str]) -> dict[str, str]:
    """Folded spelling -> canonical value (accents and case never matter)."""
    return {fold(k): v for k, v in table.items()}


_I_STEPS, _I_WHO, _I_COST, _I_COST_WHO = _index(_STEPS), _index(_WHO), _index(_COST_WORDS), _index(_COST_WHO)
_I_SIDES = {fold(k): v for k, v in _SIDES.items()}
_I_STATES, _I_KINDS, _I_FILTERS = _index(_STATES), _index(_KINDS), _index(_FILTER_FIELDS)
_I_STATS, _I_IMMUNE, _I_CANNOT, _I_SCOPES = _index(_STATS), _index(_IMMUNE_TO), _index(_CANNOT), _index(_SCOPES)
_I_WHEN, _I_MANEUVERS, _I_COND, _I_SUBJ = _index(_WHEN), _index(_MANEUVERS), _index(_COND_STATES), _index(_SUBJECTS)
_I_PERIODS, _I_ZONES, _I_ENTRY = _index(_PERIODS), _index(_ZONES), _index(_ENTRY_KINDS)
_I_AMOUNT, _I_ACTIVITIES = _index(_AMOUNT_WORDS), _index(_ACTIVITIES)
_I_ADVENTURER = _index({"adventurer": "adventurer", "kalandozó": "adventurer"})
#: the word that makes a constant one per player (the "egy per játékos" mark)
_PER_PLAYER = frozenset(fold(w) for w in ("per_player", "játékosonként", "egy_per_játékos", "one_per_player"))
_I_RECOVER_ZONES, _I_TAKE, _I_SUPPRESS, _I_IGNORE = (_index(_RECOVER_ZONES), _index(_TAKE_WHAT), _index(_SUPPRESS_WHAT),
                                                     _index(_IGNORE))
_F_PERMANENT, _F_RECOVER_FILLER, _F_BONUS, _F_IF, _F_NEGATE, _F_MIN = (
    {fold(w) for w in words} for words in (_PERMANENT, _RECOVER_FILLER, _BONUS, _IF, _NEGATE, _MIN))


def _quote(text: str) -> str:
    return '"' + text + '"'


# ---------------------------------------------------------------- tokens


@dataclass(frozen=True)
class _Tok:
    """One token of a behaviour text: its kind, its text and where it starts."""

    kind: str       # WORD, NUMBER, NAME, CMP
    text: str
    column: int     # 0-based, in the text

    @property
    def key(self) -> str:
        return fold(self.text)


class _Where:
    """Where a text stands, for its errors."""

    def __init__(self, text: str, what: str, path: str | None, line: int | None, column: int | None) -> None:
        self.text, self.what = text, what
        self.path, self.line, self.column = path or f"<{what}>", line or 1, column or 1

    def error(self, code: str, col0: int, message: str, hu: str) -> RulesSyntaxError:
        """The error at *col0* of the text, in English (*message*) and Hungarian (*hu*), with a caret."""
        col0 = max(0, min(col0, len(self.text)))
        shown = "".join(ch if ch.isprintable() else "?" for ch in self.text)
        caret = f"\n  {shown}\n  {' ' * col0}^"
        err = RulesSyntaxError(code, message + caret, path=self.path, line=self.line, column=self.column + col0)
        err.hu = hu + caret
        err.reason, err.reason_hu = message, hu  # type: ignore[attr-defined]
        return err

    def unknown(self, tok: _Tok, what: str, what_hu: str, choices: Sequence[str],
                shown: Sequence[str] | None = None) -> RulesSyntaxError:
        """An unknown word: a did-you-mean over every spelling in *choices*, else the words expected
        (*shown*, the English spellings, when *choices* holds both languages')."""
        close = close_matches(tok.key, [fold(c) for c in choices], n=1)
        by_fold = {fold(c): c for c in choices}
        listed = list(shown) if shown is not None else list(choices)
        if close:
            hint, hint_hu = f"; did you mean {by_fold[close[0]]!r}?", f"; erre gondoltál: {by_fold[close[0]]!r}?"
        else:
            hint, hint_hu = f"; expected {_or(listed)}", f"; ezek egyike várható: {_or(listed, 'vagy')}"
        return self.error(CODE_WORD, tok.column, f"unknown {what} {tok.text!r}{hint}",
                          f"ismeretlen {what_hu}: {tok.text!r}{hint_hu}")


def _or(choices: Sequence[str], word: str = "or", most: int = 16) -> str:
    """``a, b or c``; past *most* words, the first of them and ``…``."""
    shown = list(dict.fromkeys(choices))
    if len(shown) > most:
        return ", ".join(shown[:most]) + ", …"
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + f" {word} " + shown[-1]


@cache
def _parser() -> Lark:
    # lazy: lark is loaded by the first text parsed (a card read from the index brings its behaviour parsed)
    from . import prebuilt

    return prebuilt.load("behaviour.lark", "effect")


@lru_cache(maxsize=4096)
def _phrases_cached(text: str) -> tuple[tuple[_Tok, ...], ...] | tuple[int, str, str]:
    from lark import Token, Tree, UnexpectedInput  # lazy: as _parser()

    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        col0 = fault(text, exc).pos
        got = text[col0:col0 + 1]
        if got == '"':
            return (col0, "a name opened here is not closed (expected '\"')", "az itt nyitott név nincs lezárva ('\"' hiányzik)")
        if got:
            return (col0, f"unexpected {got!r}", f"váratlan {got!r}")
        return (col0, "unexpected end", "váratlan vég")
    out = []
    for phrase in tree.children:
        assert isinstance(phrase, Tree)
        toks = []
        for tok in phrase.children:
            assert isinstance(tok, Token)
            toks.append(_Tok(tok.type, str(tok), (tok.column or 1) - 1))
        out.append(tuple(toks))
    return tuple(out)


def _phrases(where: _Where, *, one: bool = False) -> list[list[_Tok]]:
    text = where.text
    what_hu = _WHAT_HU.get(where.what, where.what)
    if not isinstance(text, str) or not text.strip():
        raise where.error(CODE_SYNTAX, 0, f"empty {where.what}", f"üres {what_hu}")
    if len(text) > MAX_CHARS:
        raise where.error(CODE_SYNTAX, MAX_CHARS, f"{where.what} longer than {MAX_CHARS} characters",
                          f"{MAX_CHARS} karakternél hosszabb {what_hu}")
    got = _phrases_cached(unicodedata.normalize("NFC", text))
    if got and isinstance(got[0], int):
        col0, message, hu = got
        raise where.error(CODE_SYNTAX, int(col0), str(message), str(hu))
    phrases = [list(p) for p in got if isinstance(p, tuple)]
    if one and len(phrases) > 1:
        raise where.error(CODE_SYNTAX, text.index(";"), f"a {where.what} is one phrase, without ';'",
                          f"a(z) {what_hu} egyetlen kifejezés, ';' nélkül")
    return phrases


class _Reader:
    """Reads one phrase's tokens from the left."""

    def __init__(self, where: _Where, toks: list[_Tok]) -> None:
        self.where, self.toks, self.i = where, toks, 0

    def peek(self) -> _Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> _Tok:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def word_in(self, table: dict[str, str]) -> str | None:
        tok = self.peek()
        if tok is not None and tok.kind == "WORD" and tok.key in table:
            self.i += 1
            return table[tok.key]
        return None

    def end_column(self) -> int:
        last = self.toks[-1]
        return last.column + len(last.text)

    def col(self) -> int:
        """The column of the next token, or the end of the phrase."""
        tok = self.peek()
        return tok.column if tok is not None else self.end_column()

    def number(self, what: str, what_hu: str) -> int:
        tok = self.peek()
        if tok is None or tok.kind != "NUMBER":
            raise self.where.error(CODE_SYNTAX, self.col(), f"expected {what} (a number)", f"{what_hu} kell ide (egy szám)")
        self.i += 1
        return int(tok.text)

    def done(self, expected: str, expected_hu: str) -> None:
        tok = self.peek()
        if tok is not None:
            raise self.where.error(CODE_SYNTAX, tok.column, f"unexpected {tok.text!r}; expected {expected}",
                                   f"váratlan {tok.text!r}; {expected_hu} várható")


def _where(text: str, what: str, path: str | None, line: int | None, column: int | None) -> _Where:
    return _Where(text, what, path, line, column)


_WHAT_HU = {"effect": "hatás", "cost": "költség", "targets": "célpontleírás", "modifier": "módosító",
            "condition": "feltétel", "moment": "időpont"}


def _filter(where: _Where, tok: _Tok) -> tuple[str, tuple[str, ...]]:
    """``field:value,value`` of a targets, modifier or condition phrase."""
    field, _, values = tok.text.partition(":")
    canon = _I_FILTERS.get(fold(field))
    if canon is None:
        raise where.unknown(_Tok("WORD", field, tok.column), "field", "mező", list(_FILTER_FIELDS),
                            list(dict.fromkeys(_FILTER_FIELDS.values())))
    got = tuple(v.strip() for v in values.split(",") if v.strip())
    if not got:
        raise where.error(CODE_SYNTAX, tok.column + len(tok.text), f"{field}: needs a value ({field}:…)",
                          f"a(z) {field}: után érték kell ({field}:…)")
    if canon == "mp":
        for v in got:
            if not (is_digits(v) or fold(v) == "x"):
                raise where.error(CODE_SYNTAX, tok.column + len(field) + 1,
                                  f"mp: takes a printed MP (a number or X), not {v!r}",
                                  f"az mp: nyomtatott MP-t vár (számot vagy X-et), nem ezt: {v!r}")
    if canon == "kw":
        _known_keywords(where, tok, field, values)
    return canon, got


def _known_keywords(where: _Where, tok: _Tok, field: str, values: str) -> None:
    """Every value of a ``kw:`` filter names a keyword of the card text (else it could never match)."""
    at = tok.column + len(field) + 1
    for value in values.split(","):
        name = value.strip()
        if name and keyword_named(name) is None:
            spellings = [c.keyword for c in KEYWORD_CLASSES if c.keyword]
            raise where.unknown(_Tok("WORD", name, at + len(value) - len(value.lstrip())), "keyword", "kulcsszó",
                                [*spellings, *(s.replace(" ", "_") for s in spellings)], spellings)
        at += len(value) + 1


def _starts_filter(r: _Reader, at: int = 0) -> bool:
    """Whether a filter starts *at* tokens from the reader's place: ``key:value`` or ``mp<=2``."""
    i = r.i + at
    tok = r.toks[i] if i < len(r.toks) else None
    if tok is None or tok.kind != "WORD":
        return False
    if ":" in tok.text:
        return True
    nxt = r.toks[i + 1] if i + 1 < len(r.toks) else None
    return tok.key == "mp" and nxt is not None and nxt.kind == "CMP"


def _filter_at(where: _Where, r: _Reader) -> tuple[str, tuple[str, ...]] | None:
    """The filter at the reader's place (it is read), or None (nothing is read): ``race:ember``,
    ``mp<=2``, ``mp:3``, and negated, ``!skill:úszás`` or ``not race:ember`` (``nem``, ``no``, ``nincs``)."""
    tok = r.peek()
    if tok is None:
        return None
    negate = tok.kind == "NOT" or (tok.kind == "WORD" and tok.key in _F_NEGATE and _starts_filter(r, 1))
    if negate:
        r.take()
        if not _starts_filter(r):
            raise where.error(CODE_SYNTAX, r.col(), "expected a filter after the negation (!race:ember)",
                              "a tagadás után szűrő kell (!race:ember)")
    elif not _starts_filter(r):
        return None
    tok = r.take()
    if ":" in tok.text:
        key, values = _filter(where, tok)
    else:
        cmp = r.take()
        key, values = "mp", (cmp.text + str(r.number("the printed MP", "a nyomtatott MP")),)
    return ("!" + key if negate else key), values


def render_filter(f: tuple[str, tuple[str, ...]]) -> str:
    """The text of a filter (``parse`` gives it back): ``race:ember,elf``, ``!skill:úszás``, ``mp<=2``."""
    key, values = f
    neg = "!" if key.startswith("!") else ""
    key = key.lstrip("!")
    if key == "mp" and values and values[0][:1] in "<>=!":
        return f"{neg}mp{values[0]}"
    return f"{neg}{key}:{','.join(values)}"


def iter_filters(text: str) -> Iterator[tuple[str, str, int]]:
    """Every filter value of a behaviour text: ``(key, value, column)`` with the canonical key (``!race`` when
    negated) and the 0-based column of the value, so that a data-check pass can test the values against
    the database and point at each (unknown keys are the parser's to report)::

        >>> list(iter_filters("1 enemy adventurer race:ordani,ember !skill:úszás mp<=2"))
        [('race', 'ordani', 24), ('race', 'ember', 31), ('!skill', 'úszás', 44), ('mp', '<=2', 50)]
    """
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return
    got = _phrases_cached(unicodedata.normalize("NFC", text))
    if got and isinstance(got[0], int):
        return
    for phrase in got:
        assert isinstance(phrase, tuple)
        negate = False
        toks = list(phrase)
        for i, tok in enumerate(toks):
            if not isinstance(tok, _Tok):
                continue
            if tok.kind == "NOT" or (tok.kind == "WORD" and tok.key in _F_NEGATE):
                negate = True
                continue
            if tok.kind == "WORD" and ":" in tok.text:
                field, _, values = tok.text.partition(":")
                canon = _I_FILTERS.get(fold(field))
                if canon is not None:
                    col = tok.column + len(field) + 1
                    for value in values.split(","):
                        if value.strip():
                            yield ("!" if negate else "") + canon, value.strip(), col + (len(value) - len(value.lstrip()))
                        col += len(value) + 1
            elif tok.kind == "WORD" and tok.key == "mp" and i + 2 < len(toks) and toks[i + 1].kind == "CMP" \
                    and toks[i + 2].kind == "NUMBER":
                yield ("!" if negate else "") + "mp", toks[i + 1].text + toks[i + 2].text, tok.column
            negate = False


# ---------------------------------------------------------------- effect


def parse_effect(text: str, *, path: str | None = None, line: int | None = None,
                 column: int | None = None) -> tuple[Op, ...]:
    """Parse an effect (``damage 2 target; mp 1 controller``) into its steps."""
    where = _where(text, "effect", path, line, column)
    return tuple(_step(where, _Reader(where, toks)) for toks in _phrases(where))


def _step(where: _Where, r: _Reader) -> Op:
    head = r.take()
    if head.kind != "WORD" or head.key not in _I_STEPS:
        if head.kind != "WORD":
            raise where.error(CODE_SYNTAX, head.column, f"a step starts with its word, not {head.text!r}",
                              f"a lépés a szavával kezdődik, nem ezzel: {head.text!r}")
        raise where.unknown(head, "step", "lépés", list(_STEPS), [w for w, v in _STEPS.items() if w == v])
    name = _I_STEPS[head.key]
    p = _StepParts(arg=_step_argument(where, r, name))
    while r.peek() is not None:
        _step_word(where, r, name, p, r.take())
    if name == "recover" and p.arg is None:
        raise where.error(CODE_SYNTAX, r.end_column(), "expected where the card goes from the Múlt: hand or deck",
                          "az kell ide, hová kerül a lap a Múltból: hand (kézbe) vagy deck (jövőbe)")
    _check_step(where, head, name, p.amount, p.who, p.until)
    return Op(name, p.amount, p.cap, p.who, p.arg, p.until, p.random, p.bonus, tuple(p.bonus_if), p.take)


@dataclass
class _StepParts:
    """What the words after a step's name have said so far (:func:`_step_word`)."""

    arg: str | None = None
    amount: int | str | None = None
    cap: int | None = None
    who: str | None = None
    until: str | None = None
    random: bool = False
    take: int | None = None
    bonus: int | None = None
    bonus_if: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)


def _step_argument(where: _Where, r: _Reader, name: str) -> str | None:
    """The word that some steps take right after their name: a counter's name, a zone, an entry kind …"""
    arg: str | None = None
    if name == "counter":
        tok = r.peek()
        if tok is None or tok.kind not in ("WORD", "NAME"):
            raise where.error(CODE_SYNTAX, r.col(), "expected the counter's name", "a jelző neve kell ide")
        r.take()
        arg = tok.text.strip('"')
    elif name == "look":
        zone = r.word_in(_I_ZONES)
        if zone is None:
            raise where.error(CODE_SYNTAX, r.col(), "expected hand or deck after look",
                              "a look után hand (kéz) vagy deck (jövő) kell")
        arg = zone
    elif name == "neutralise":
        kind = r.word_in(_I_ENTRY)
        if kind is None:
            tok = r.peek()
            if tok is not None and tok.kind == "WORD":
                raise where.unknown(tok, "kind of entry", "bejegyzésfajta", list(_ENTRY_KINDS),
                                    list(dict.fromkeys(_ENTRY_KINDS.values())))
            raise where.error(CODE_SYNTAX, r.col(), "expected what it neutralises: trap, beast, obstacle, ability or any",
                              "az kell ide, amit semlegesít: trap, beast, obstacle, ability vagy any")
        r.word_in({fold(w): w for w in _ACTIVATION})
        arg = kind
    elif name == "forbid":
        activity = r.word_in(_I_ACTIVITIES)
        if activity is None:
            raise where.error(CODE_SYNTAX, r.col(), "expected what it forbids: solving, dp or mp",
                              "az kell ide, amit megtilt: solving (megoldás), dp vagy mp")
        arg = activity
    elif name == "token":
        tok = r.peek()
        if tok is None or tok.kind != "NAME":
            raise where.error(CODE_SYNTAX, r.col(), 'expected the token card\'s name in quotes (token "Name")',
                              'a jelzőlap neve kell ide idézőjelben (token "Név")')
        arg = unicodedata.normalize("NFC", r.take().text[1:-1]).strip()
    elif name == "suppress":
        arg = r.word_in(_I_SUPPRESS)
        tok = r.peek()
        if arg is None and tok is not None and tok.kind == "WORD" and fold(tok.text.partition(":")[0]) in (
                "kw", fold("kulcsszó")) and tok.text.partition(":")[2]:
            arg = "kw:" + r.take().text.partition(":")[2]
        if arg is None:
            raise where.error(CODE_SYNTAX, r.col(), "expected what it suppresses: kw:KEYWORD or abilities",
                              "az kell ide, amit elnyom: kw:KULCSSZÓ vagy abilities (képességek)")
    elif name == "take":
        arg = r.word_in(_I_TAKE)
        if arg is None:
            raise where.error(CODE_SYNTAX, r.col(), "expected what it takes: equipment",
                              "az kell ide, amit elvesz: equipment (felszerelés)")
    return arg


def _step_word(where: _Where, r: _Reader, name: str, p: _StepParts, tok: _Tok) -> None:
    """One word (or number, or name) after a step's name and argument, written into *p*."""
    if name == "recover" and tok.kind == "WORD" and tok.key in _I_RECOVER_ZONES and p.arg is None:
        p.arg = _I_RECOVER_ZONES[tok.key]
    elif name == "recover" and tok.kind == "WORD" and tok.key in _F_RECOVER_FILLER:
        pass
    elif name == "look" and tok.kind == "WORD" and tok.key in (fold("take"), fold("elvesz")) and p.take is None:
        p.take = r.number("how many it takes", "az elvett lapok száma")
    elif name == "damage" and tok.kind == "WORD" and tok.key in _F_BONUS and p.bonus is None:
        p.bonus = r.number("the bonus damage", "a többletsebzés")
        if r.word_in({k: k for k in _F_IF}) is None:
            raise where.error(CODE_SYNTAX, r.col(), "expected 'if' and a filter after the bonus (bonus 2 if race:élőholt)",
                              "a bónusz után 'if' (ha) és szűrő kell (bonus 2 if race:élőholt)")
        while (got := _filter_at(where, r)) is not None:
            p.bonus_if.append(got)
        if not p.bonus_if:
            raise where.error(CODE_SYNTAX, r.col(), "expected a filter after 'if' (race:élőholt)",
                              "az 'if' (ha) után szűrő kell (race:élőholt)")
    elif tok.kind == "WORD" and tok.key in _F_PERMANENT and p.until is None:
        p.until = "permanent"
    elif tok.kind == "NUMBER" and p.amount is None:
        p.amount = int(tok.text)
    elif tok.kind == "WORD" and tok.key in _I_AMOUNT and p.amount is None:
        p.amount = _I_AMOUNT[tok.key]
    elif tok.kind == "WORD" and tok.key in {fold(c) for c in _CAP}:
        p.cap = r.number("the cap after max", "a max utáni felső határ")
    elif tok.kind == "WORD" and tok.key in {fold(u) for u in _UNTIL}:
        period = r.word_in(_I_PERIODS)
        if period is None:
            raise where.error(CODE_SYNTAX, r.col(), "expected combat, round or manoeuvre after until",
                              "az until után combat (harc), round (forduló) vagy manoeuvre (manőver) kell")
        p.until = period
    elif tok.kind == "WORD" and tok.key in {fold(w) for w in _RANDOM}:
        p.random = True
    elif tok.kind == "WORD" and tok.key in _I_WHO and p.who is None:
        p.who = _I_WHO[tok.key]
    elif tok.kind == "NAME" and p.who is None:
        p.who = "=" + unicodedata.normalize("NFC", tok.text[1:-1]).strip()
    elif tok.kind == "WORD":
        extra = {"recover": ["hand", "deck"], "look": ["take"], "damage": ["bonus"]}.get(name, [])
        extra += ["permanent"] if name in MODIFIER_STEPS else []
        raise where.unknown(tok, "word", "szó", [*_WHO, "max", "until", "random", "X", "oppdp", *extra],
                            [*dict.fromkeys(_WHO.values()), "max", "until", "random", "X", "oppdp"])
    else:
        raise where.error(CODE_SYNTAX, tok.column, f"unexpected {tok.text!r}", f"váratlan {tok.text!r}")


def _check_step(where: _Where, head: _Tok, name: str, amount: int | str | None, who: str | None,
                until: str | None) -> None:
    col = head.column
    if name in ("damage", "heal", "level", "fizikum", "asztral", "mental", "fal", "counter") and amount is None:
        raise where.error(CODE_SYNTAX, col + len(head.text), f"{head.text} needs an amount (a number or X)",
                          f"a(z) {head.text} mennyiséget kér (számot vagy X-et)")
    if name in MODIFIER_STEPS and until is None:
        raise where.error(CODE_SYNTAX, col, f"{head.text} changes a card for a while: add 'until combat' or 'until round'"
                          " (or 'permanent'; a constant change is a modifier of 'constant:')",
                          f"a(z) {head.text} egy időre változtat a lapon: írd mögé: 'until combat' vagy 'until round'"
                          " (vagy 'permanent'; az állandó változás a 'constant:' módosítója)")
    if name == "suppress" and until is None:
        raise where.error(CODE_SYNTAX, col, f"{head.text} lasts a while: add 'until combat', 'until round' or"
                          " 'until manoeuvre' (a constant one is a modifier of 'constant:')",
                          f"a(z) {head.text} egy ideig tart: írd mögé: 'until combat', 'until round' vagy"
                          " 'until manoeuvre' (az állandó a 'constant:' módosítója)")
    if name in PLAYER_STEPS and who is not None and who not in _PLAYER_WHO:
        raise where.error(CODE_SYNTAX, col, f"{head.text} is for a player: controller, opponent or all, not {who!r}",
                          f"a(z) {head.text} játékosra vonatkozik: controller, opponent vagy all, nem {who!r}")
    if name in ("damage", "heal") and isinstance(amount, int) and amount < 0:
        raise where.error(CODE_SYNTAX, col, f"{head.text} takes an amount of 0 or more",
                          f"a(z) {head.text} mennyisége legalább 0")


# ---------------------------------------------------------------- cost


def parse_cost(text: str, *, path: str | None = None, line: int | None = None,
               column: int | None = None) -> tuple[Cost, ...]:
    """Parse a cost (``rest``, ``rest wearer``, ``mp 1; rest``, ``return own adventurer``, ``none``)."""
    where = _where(text, "cost", path, line, column)
    out = []
    for toks in _phrases(where):
        r = _Reader(where, toks)
        head = r.take()
        if head.kind != "WORD" or head.key not in _I_COST:
            if head.kind == "WORD":
                raise where.unknown(head, "cost", "költség", list(_COST_WORDS),
                                    ["rest", "mp", "return", "sacrifice", "wound", "lost", "none"])
            raise where.error(CODE_SYNTAX, head.column, f"a cost starts with rest, mp, return, sacrifice, wound, lost or "
                              f"none, not {head.text!r}", "a költség rest, mp, return, sacrifice, wound, lost vagy none "
                              f"szóval kezdődik, nem ezzel: {head.text!r}")
        kind = _I_COST[head.key]
        if kind in ("rest_wearer", "rest_host"):
            out.append(Cost("rest", 0, "wearer" if kind == "rest_wearer" else "host"))
        elif kind == "rest":
            who = r.word_in(_I_COST_WHO) or "self"
            out.append(Cost("rest", 0, who))
        elif kind == "mp":
            out.append(Cost("mp", r.number("the MP to pay", "a fizetendő MP")))
        elif kind == "return":
            r.word_in({fold("own"): "own", fold("saját"): "own"})
            r.word_in({fold("adventurer"): "adventurer", fold("kalandozó"): "adventurer"})
            out.append(Cost("return", 0, "own"))
        elif kind == "sacrifice":
            own = r.word_in({fold("own"): "own", fold("saját"): "own"})
            if own is not None and r.word_in(_I_ADVENTURER) is None:
                raise where.error(CODE_SYNTAX, r.col(), "expected adventurer after sacrifice own",
                                  "a sacrifice own után adventurer (kalandozó) kell")
            if own is None:
                r.word_in(_I_COST_WHO)
            out.append(Cost("sacrifice", 0, own or "self"))
        elif kind in ("wound", "lost"):
            r.word_in({fold("self"): "self", fold("forrás"): "self"})
            out.append(Cost(kind))
        else:
            out.append(Cost("none"))
        r.done("the end of the cost part, or ';'", "a költségrész vége vagy ';'")
    return tuple(out)


# ---------------------------------------------------------------- targets


def parse_targets(text: str, *, path: str | None = None, line: int | None = None,
                  column: int | None = None) -> TargetSpec:
    """Parse what an effect targets: ``[up to] N|X [own|enemy] [awake|resting|wounded] [team]
    KIND [field:value,…]`` (KIND: adventurer, antiss-wizard, tower_level, building, quest, obstacle, card)."""
    where = _where(text, "targets", path, line, column)
    toks = _phrases(where, one=True)[0]
    return _targets(where, _Reader(where, toks))


def _targets(where: _Where, r: _Reader) -> TargetSpec:
    """A targets phrase from the reader's place to its end (also the spec after a modifier's ``while``)."""
    low: int
    high: int | str
    tok = r.peek()
    if tok is not None and tok.kind == "WORD" and tok.key in {fold(w) for w in _COUNT_WORDS}:
        r.take()
        if r.peek() is not None and r.peek().key == "to":  # type: ignore[union-attr]
            r.take()
        nxt = r.peek()
        if nxt is not None and nxt.kind == "WORD" and nxt.key == "x":
            r.take()
            high = "X"
        else:
            high = r.number("how many", "a darabszám")
        low = 0
    elif tok is not None and tok.kind == "WORD" and tok.key == "x":
        r.take()
        low, high = 0, "X"
    elif tok is not None and tok.kind == "NUMBER":
        low = high = r.number("how many", "a darabszám")
    else:
        low = high = 1
    side: str | None = None
    states: set[str] = set()
    team = wizard = False
    kind: str | None = None
    filters: list[tuple[str, tuple[str, ...]]] = []
    while r.peek() is not None:
        got = _filter_at(where, r)
        if got is not None:
            filters.append(got)
            continue
        tok = r.take()
        key = tok.key
        if tok.kind != "WORD":
            raise where.error(CODE_SYNTAX, tok.column, f"unexpected {tok.text!r}", f"váratlan {tok.text!r}")
        if key in _I_SIDES:
            side = _I_SIDES[key]
        elif key in _I_STATES:
            states.add(_I_STATES[key])
        elif key in (fold("team"), fold("csapat")):
            team = True
        elif key in (fold("antiss-wizard"), fold("antissvarázsló")):
            wizard, kind = True, "adventurer"
        elif key in _I_KINDS:
            kind = _I_KINDS[key]
        else:
            raise where.unknown(tok, "word", "szó", ["own", "enemy", "awake", "resting", "wounded", "team", "adventurer",
                                                     "antiss-wizard", "tower_level", "building", "quest", "obstacle",
                                                     "card"])
    if kind is None:
        raise where.error(CODE_SYNTAX, r.end_column(), "targets name a kind of card: adventurer, tower_level, building, "
                                                  "quest, obstacle or card",
                          "a célpont lapfajtát nevez meg: adventurer, tower_level, building, quest, obstacle vagy card")
    return TargetSpec(low, high, kind, side, frozenset(states), team, wizard, tuple(filters))


# ---------------------------------------------------------------- modifier


def parse_modifier(text: str, *, path: str | None = None, line: int | None = None,
                   column: int | None = None) -> Modifier:
    """Parse one continuous effect: ``STAT [±N|X] SCOPE [KIND] [field:value,…] [while WHEN]``,
    ``immune WHAT SCOPE``, ``cannot block SCOPE``, ``power_words SCOPE``, ``no_increase SCOPE …``."""
    where = _where(text, "modifier", path, line, column)
    toks = _phrases(where, one=True)[0]
    r = _Reader(where, toks)
    head = r.take()
    if head.kind != "WORD" or head.key not in _I_STATS:
        if head.kind == "WORD":
            raise where.unknown(head, "modifier", "módosító", [k for k in _STATS if k.isascii()])
        raise where.error(CODE_SYNTAX, head.column, f"a modifier starts with what it changes, not {head.text!r}",
                          f"a módosító azzal kezdődik, amit változtat, nem ezzel: {head.text!r}")
    stat = _I_STATS[head.key]
    amount, what, maneuver = _modifier_argument(where, r, head, stat)
    m = _ModifierParts()
    while r.peek() is not None:
        got = _filter_at(where, r)
        if got is not None:
            m.filters.append(got)
            continue
        _modifier_word(where, r, stat, m, r.take())
    if stat in ("damage", "damage_taken") and amount is None and m.cap is None:
        raise where.error(CODE_SYNTAX, r.end_column(), f"{head.text} needs a change (+1) or a cap (max 2)",
                          f"a(z) {head.text} változást (+1) vagy felső határt (max 2) kér")
    return Modifier(stat, amount, what, m.scope, m.kind, tuple(m.filters), m.when, maneuver, per_player=m.per_player,
                    cap=m.cap, floor=m.floor, when_spec=m.when_spec)


def _modifier_argument(where: _Where, r: _Reader, head: _Tok, stat: str) -> tuple[int | str | None, str | None, str | None]:
    """What a modifier says right after its stat: the change (``+1``, ``X``), or what it is immune to, cannot do,
    suppresses or ignores, or which manoeuvre's MP it changes.  (amount, what, manoeuvre)"""
    amount: int | str | None = None
    what: str | None = None
    maneuver: str | None = None
    if stat == "maneuver_mp":
        maneuver = r.word_in(_I_MANEUVERS)
        if maneuver is None:
            raise where.error(CODE_SYNTAX, r.col(), "expected the manoeuvre: siege, capture or quest",
                              "a manőver kell ide: siege, capture vagy quest")
    if stat == "immune":
        what = r.word_in(_I_IMMUNE)
        if what is None:
            tok = r.peek()
            if tok is not None and tok.kind == "WORD":
                raise where.unknown(tok, "immunity", "védettség", list(_IMMUNE_TO), sorted(set(_IMMUNE_TO.values())))
            raise where.error(CODE_SYNTAX, r.col(), "expected what it is immune to: weakness, negative or power_words",
                              "az kell ide, ami ellen védett: weakness, negative vagy power_words")
    elif stat == "cannot":
        what = r.word_in(_I_CANNOT)
        if what is None:
            raise where.error(CODE_SYNTAX, r.col(), "expected what it cannot do: block",
                              "az kell ide, amit nem tehet: block (akadályozás)")
    elif stat == "suppress":
        what = r.word_in(_I_SUPPRESS)
        tok = r.peek()
        if what is None and tok is not None and tok.kind == "WORD" and fold(tok.text.partition(":")[0]) in (
                "kw", fold("kulcsszó")) and tok.text.partition(":")[2]:
            what = "kw:" + r.take().text.partition(":")[2]
        if what is None:
            raise where.error(CODE_SYNTAX, r.col(), "expected what it suppresses: kw:KEYWORD or abilities",
                              "az kell ide, amit elnyom: kw:KULCSSZÓ vagy abilities (képességek)")
    elif stat == "ignore":
        what = r.word_in(_I_IGNORE)
        if what is None:
            raise where.error(CODE_SYNTAX, r.col(), "expected what it ignores: requirement",
                              "az kell ide, amit figyelmen kívül hagy: requirement (feltétel)")
    elif stat in AMOUNT_STATS:
        tok = r.peek()
        if tok is not None and tok.kind == "NUMBER":
            amount = int(r.take().text)
        elif tok is not None and tok.kind == "WORD" and tok.key == "x":
            r.take()
            amount = "X"
        elif not (stat in ("damage", "damage_taken") and tok is not None and tok.key in {fold(c) for c in _CAP}):
            raise where.error(CODE_SYNTAX, r.col(), f"{head.text} needs a change (+1, -2)",
                              f"a(z) {head.text} változást kér (+1, -2)")
    elif stat == "no_increase":
        r.word_in({"mp": "mp"})
    return amount, what, maneuver


@dataclass
class _ModifierParts:
    """What the words after a modifier's change have said so far (:func:`_modifier_word`)."""

    scope: str = "self"
    kind: str | None = None
    filters: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    when: str | None = None
    when_spec: TargetSpec | None = None
    cap: int | None = None
    floor: int | None = None
    seen_scope: bool = False
    per_player: bool = False


def _modifier_word(where: _Where, r: _Reader, stat: str, m: _ModifierParts, tok: _Tok) -> None:
    """One word after a modifier's change: its scope, kind, condition (``while``), cap, floor, ``per_player``."""
    if tok.kind != "WORD":
        raise where.error(CODE_SYNTAX, tok.column, f"unexpected {tok.text!r}", f"váratlan {tok.text!r}")
    key = tok.key
    if key in {fold(w) for w in _WHILE}:
        m.when = r.word_in(_I_WHEN)
        if m.when is None:
            nxt = r.peek()
            if nxt is None:
                raise where.error(CODE_SYNTAX, r.col(), "expected a condition after while",
                                  "a while után feltétel kell")
            if nxt.kind == "WORD" and nxt.key not in _I_SIDES and nxt.key not in _I_KINDS \
                    and nxt.key not in _I_STATES and not _starts_filter(r):
                raise where.unknown(nxt, "condition", "feltétel",
                                    [*(w for w in _WHEN if w.isascii()), "own", "enemy"])
            m.when_spec = _targets(where, r)
    elif key in _PER_PLAYER:
        m.per_player = True
    elif key in {fold(c) for c in _CAP} and stat in ("damage", "damage_taken") and m.cap is None:
        m.cap = r.number("the cap after max", "a max utáni felső határ")
    elif key in _F_MIN and stat == "mp" and m.floor is None:
        m.floor = r.number("the floor after min", "a min utáni alsó határ")
    elif key in _I_WHEN and key not in _I_SCOPES:
        m.when = _I_WHEN[key]
    elif key in _I_SCOPES and not m.seen_scope:
        m.scope, m.seen_scope = _I_SCOPES[key], True
    elif key in _I_KINDS:
        m.kind = _I_KINDS[key]
    elif key in (fold("by"), fold("by_self")):
        m.scope = "by_self"
        r.word_in({fold("self"): "self", fold("forrás"): "self"})
    else:
        raise where.unknown(tok, "word", "szó", ["self", "host", "own", "enemy", "all", "blockers", "sieged",
                                                 "adventurers", "buildings", "cards", "tower_levels", "power_words",
                                                 "while", "per_player"])


# ---------------------------------------------------------------- condition, moment


def parse_condition(text: str, *, path: str | None = None, line: int | None = None,
                    column: int | None = None) -> Condition:
    """Parse a condition: ``[self|host] awake|resting|wounded|ghost``, ``counter NAME >= N [self|host]``, or
    ``[N] own|enemy KIND filter…`` (at least N such cards in play: ``enemy building``)."""
    where = _where(text, "condition", path, line, column)
    toks = _phrases(where, one=True)[0]
    r = _Reader(where, toks)
    first = r.peek()
    if first is not None and (first.kind == "NUMBER" or first.key in _I_SIDES or first.key in _I_KINDS):
        return Condition(spec=_targets(where, r))
    subject = r.word_in(_I_SUBJ) or "self"
    if r.word_in({fold("counter"): "counter", fold("jelző"): "counter"}):
        tok = r.peek()
        if tok is None or tok.kind not in ("WORD", "NAME"):
            raise where.error(CODE_SYNTAX, r.col(), "expected the counter's name", "a jelző neve kell ide")
        r.take()
        cmp = r.peek()
        if cmp is None or cmp.kind != "CMP":
            raise where.error(CODE_SYNTAX, r.col(), "expected a comparison (>= 6)", "összehasonlítás kell ide (>= 6)")
        r.take()
        number = r.number("the number of counters", "a jelzők száma")
        subject = r.word_in(_I_SUBJ) or subject
        r.done("the end of the condition", "a feltétel vége")
        return Condition(subject, None, tok.text.strip('"'), cmp.text, number)
    state = r.word_in(_I_COND)
    if state is None:
        tok = r.peek()
        if tok is not None and tok.kind == "WORD":
            raise where.unknown(tok, "state", "helyzet", list(_COND_STATES), list(dict.fromkeys(_COND_STATES.values())))
        raise where.error(CODE_SYNTAX, r.col(), "expected awake, resting, wounded, ghost or counter",
                          "awake, resting, wounded, ghost vagy counter kell ide")
    r.done("the end of the condition", "a feltétel vége")
    return Condition(subject, state)


def parse_moment(text: str, *, path: str | None = None, line: int | None = None,
                 column: int | None = None) -> str:
    """A trigger's moment: a phase of 6.03 (its canonical name) or an event (``siege_won``, ``wounded``).

        >>> parse_moment("round closing"), parse_moment("siege won")
        ('forduló zárása', 'siege_won')
    """
    where = _where(text, "moment", path, line, column)
    key = fold(str(text))
    phase = PHASE_ALIASES.get(key)
    if phase is not None:
        return phase
    for alias, canon in EVENTS.items():
        if fold(alias) == key:
            return canon
    names = {fold(n): n for n in (*PHASE_NAMES, *EVENTS)}
    close = close_matches(key, names, n=1)
    if close:
        hint, hint_hu = f"; did you mean {names[close[0]]!r}?", f"; erre gondoltál: {names[close[0]]!r}?"
    else:
        hint = "; a phase of 6.03 (forduló zárása, erőforrás, …) or an event (siege won, dies, wakes, …)"
        hint_hu = "; a 6.03 egy fázisa (forduló zárása, erőforrás, …) vagy egy esemény (siege won, dies, wakes, …)"
    raise where.error(CODE_WORD, 0, f"unknown moment {text!r}{hint}", f"ismeretlen időpont: {text!r}{hint_hu}")
