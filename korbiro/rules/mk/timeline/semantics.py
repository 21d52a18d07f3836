"""Each keyword's semantics as one small unit citing its rule.

Every function here reads the game state (:class:`~.model.GameState`) and
answers one question the rules ask; the engine's parts call them and write
the trace.  Nothing here changes the state or knows the engine.  The rule a
unit rests on is in its docstring and in :data:`UNITS` (keyword -> rules), so
``korbiro keyword explain`` and the docs can list them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Final

from ....base.text import fold
from ....data.behaviour import Behaviour
from ....grammar.behaviour import Condition, Filters, Modifier, Op, TargetSpec
from ....grammar.keywords import (
    Akadalyok,
    Akaratatvitel,
    BestiaAktivizalas,
    Csatlos,
    EgyIlyenEpitmeny,
    Expedicio,
    Fal,
    Hatalomszo,
    Keyword,
    Kincs,
    Kincskereses,
    MozaikVarazslat,
    NemesNyelv,
    NemSzakithatMegIdofonalat,
    Osero,
    Portyazas,
    PusztakezesKombinacio,
    Raepites,
    RaktarozandoKuldetes,
    Sorsfordito,
    Szellem,
    SzolgaNyelv,
    TitkosNyelv,
    beast_line,
    keyword_named,
)
from .enums import SOR, Phase
from .model import IN_PLAY, CardState, GameState
from .rules import COMBAT_PHASES

#: keyword -> the rules its unit applies (canonical spelling, as on the card).
UNITS: Final[dict[str, tuple[str, ...]]] = {
    "FAL": ("2.01.b",),
    "IGAZ NÉV": ("2.02.b",),
    "EXPEDÍCIÓ": ("2.03", "2.03.b", "2.03.c", "2.03.d", "2.03.e", "2.03.f"),
    "AKARATÁTVITEL": ("2.04.b",),
    "KINCS": ("1.14.14.B", "1.14.14.D"),
    "KINCSKERESÉS": ("1.14.14.B", "1.14.14.C", "1.14.14.D"),
    "CSATLÓS": ("2.09.a", "2.09.c", "2.09.d", "2.09.e", "2.09.f"),
    "ŐSERŐ": ("2.12.a", "2.12.b", "5.01.C"),
    "RAKTÁROZANDÓ KÜLDETÉS": ("1.14.3",),
    "EGY JÁTÉKOS LEGFELJEBB EGY ILYEN ÉPÍTMÉNYT IRÁNYÍTHAT": ("1.14.4",),
    "A KÉPESSÉG BESTIA AKTIVIZÁLÁSNAK MINŐSÜL": ("1.14.7",),
    "NEM SZAKÍTHAT MEG IDŐFONALAT": ("1.14.17.A", "1.14.17.B", "1.14.17.C"),
    "HATALOMSZÓ": ("3.05.A", "3.05.D"),
    "SZOLGA NYELV": ("3.05.D",),
    "NEMES NYELV": ("3.05.D",),
    "TITKOS NYELV": ("3.05.D",),
    "NEGATÍV HATÁS": ("3.05.C",),
    "PUSZTAKEZES KOMBINÁCIÓ": ("3.05.E",),
    "MOZAIK VARÁZSLAT": ("7.00",),
    "ANTISS": ("8.01.A", "8.01.B", "8.02", "8.03.C"),
    "ANTISSJÁRÁS": ("8.01.A",),
    "ÁLLANDÓ": ("6.00",),
    "SZELLEM": ("11.00.C", "11.00.D", "11.00.E", "11.00.F"),
    "RÁÉPÍTÉS": ("10.00.A", "10.00.B", "10.00.C", "10.00.D"),
    "AKADÁLYOK": ("3.01.C",),
    "SZÁM": ("3.05.F", "5.01.B"),
    "TÁMADÁS": ("3.05.F",),
    "SEBZÉS": ("3.05.F",),
    "SORSFORDÍTÓ": ("6.00",),
    "PORTYÁZÁS": ("4.01.A",),
}


def keywords_of(state: GameState, cs: CardState, *, suppress: bool = True) -> list[Keyword]:
    """The card's own keywords plus those of attached Csatlós cards (2.09.f: the host
    gains the Csatlós's abilities while it is attached), less those suppressed (``suppress kw:…``, 6.00)."""
    out = list(cs.card.keywords)
    for uid in cs.attachments:
        att = state.cards[uid]
        if any(isinstance(k, Csatlos) for k in att.card.keywords):
            out.extend(k for k in att.card.keywords if not isinstance(k, Csatlos))
    if suppress and (state.constant_uids or state.suppressions):
        out = [k for k in out if not k.keyword or suppressed(state, cs, "kw:" + k.keyword) is None]
    return out


def keyword(state: GameState, cs: CardState, cls: type[Keyword]) -> Keyword | None:
    for k in keywords_of(state, cs):
        if isinstance(k, cls):
            return k
    return None


# ------------------------------------------------------------------ issue 26: AKADÁLYOK, the beast line


def obstacle_slots(cs: CardState, quest_obstacles: str) -> int | None:
    """How many obstacles may be attached to *cs*: a tower level 2 (3.01.C); a quest its AKADÁLYOK N, and
    without the keyword none (option ``quest_obstacles`` keyword) or 2, as a tower level (tower); any other
    card ``None`` (no obstacle attaches to it).  No rule text defines AKADÁLYOK: 3.01.C is the nearest rule."""
    if cs.type == "toronyszint":
        return 2
    if cs.type != "küldetés":
        return None
    slots = next((k.value for k in cs.card.keywords if isinstance(k, Akadalyok)), None)
    if slots is not None:
        return slots
    return 2 if quest_obstacles == "tower" else 0


def beast_attack(cs: CardState) -> tuple[int, int, int]:
    """A beast's (number, attack value, damage) (3.05.F): its printed line SZÁM / TÁMADÁS / SEBZÉS, a value not
    printed read from ``behaviour.beast`` (``data check`` reports the two when they differ); one beast by default."""
    line = beast_line(cs.card.keywords)
    count = line.count if line is not None and line.count is not None else 1
    attack = line.attack if line is not None and line.attack is not None else cs.behaviour.beast_roll
    damage = line.damage if line is not None and line.damage is not None else (cs.behaviour.beast or 0)
    return count, attack, damage


def prints_beast_line(cs: CardState) -> bool:
    """Whether the card prints a beast line (SZÁM / TÁMADÁS / SEBZÉS, 3.05.F)."""
    return beast_line(cs.card.keywords) is not None


def is_fate_turner(cs: CardState) -> bool:
    """SORSFORDÍTÓ [unofficial, option ``sorsfordito``]: the card may be summoned as a fast effect (6.00)."""
    return _prints(cs, Sorsfordito)


#: (card id, keyword class) -> the card, and whether it prints a keyword of that class (a card never changes)
_PRINTS: Final[dict[tuple[int, type[Keyword]], tuple[Any, bool]]] = {}


def _prints(cs: CardState, cls: type[Keyword]) -> bool:
    """Whether *cs*'s card prints a keyword of *cls* (its own text: no Csatlós, no suppression), asked once a card."""
    key = (id(cs.card), cls)
    known = _PRINTS.get(key)
    if known is None or known[0] is not cs.card:
        known = _PRINTS[key] = (cs.card, any(isinstance(k, cls) for k in cs.card.keywords))
    return known[1]


def is_raider(state: GameState, cs: CardState) -> bool:
    """PORTYÁZÁS [unofficial, option ``portyazas``]: the adventurer allows a combat manoeuvre (4.01.A)."""
    return keyword(state, cs, Portyazas) is not None


# ------------------------------------------------------------------ 1.14.14 Kincs


def treasure(state: GameState, cs: CardState) -> int | None:
    """1.14.14.B: a quest's Kincs, from its KINCS X and the modifiers in play (never below 0)."""
    k = next((k for k in cs.card.keywords if isinstance(k, Kincs)), None)
    if k is None:
        return None
    return max(0, k.value + modifier_sum(state, "kincs", cs))


def team_kincskereses(state: GameState, team: Iterable[CardState]) -> int:
    """1.14.14.C–D: the team's Kincskeresés is summed automatically; one already used
    this round counts 0 (once a round)."""
    total = 0
    for cs in team:
        if cs.kincs_used == state.round:
            continue
        total += sum(k.value for k in keywords_of(state, cs) if isinstance(k, Kincskereses))
    return total


# ------------------------------------------------------------------ 3.05 dialects


def dialect(state: GameState, cs: CardState) -> str | None:
    """3.05.A/D: the adventurer's power-word dialect: 'titkos', 'nemes', 'szolga', or None
    when it cannot use power words."""
    return dialect_of(state, cs)[0]


def dialect_of(state: GameState, cs: CardState) -> tuple[str | None, str]:
    """3.05.D: the dialect and where it comes from: ``keyword`` (SZOLGA/NEMES/TITKOS NYELV on the
    card), ``description`` (the dialect's description stands on the card: its behaviour, e.g.
    "the power words it uses have no negative effect on it" is NEMES NYELV), or ``mark`` (the
    HATALOMSZÓ mark alone is SZOLGA NYELV)."""
    kws = keywords_of(state, cs)
    for cls, name in ((TitkosNyelv, "titkos"), (NemesNyelv, "nemes"), (SzolgaNyelv, "szolga")):
        if any(isinstance(k, cls) for k in kws):
            return name, "keyword"
    described = cs.behaviour.dialect
    if described is not None:
        return described, "description"
    if any(isinstance(k, Hatalomszo) for k in kws):
        return "szolga", "mark"
    return None, ""


def is_power_word(cs: CardState) -> bool:
    return cs.type == "akciólap" and fold(cs.card.subtype or "") == "hatalomszo"


# ------------------------------------------------------------------ 2.12 Őserő


def controls_aquir_or_dragon(state: GameState, player: str) -> bool:
    """2.12.a: the player controls an aquir or dragon adventurer (a ghost is no
    adventurer, 11.00.D)."""
    for uid in state.players[player].zones[SOR]:
        cs = state.cards[uid]
        if cs.ghost is None and any(fold(race) in ("aquir", "sarkany") for race in cs.card.values("race")):
            return True
    return False


#: (card id, keyword key) -> the card, and whether it prints a keyword of that key
_KEYS: Final[dict[tuple[int, str], tuple[Any, bool]]] = {}


def prints_key(cs: CardState, key: str) -> bool:
    """Whether *cs*'s card prints a keyword whose key is *key* (``ANTISS "…"``), asked once a card."""
    memo = (id(cs.card), key)
    known = _KEYS.get(memo)
    if known is None or known[0] is not cs.card:
        known = _KEYS[memo] = (cs.card, any(k.key == key for k in cs.card.keywords))
    return known[1]


def has_osero(cs: CardState) -> bool:
    return _prints(cs, Osero)


# ------------------------------------------------------------------ 2.09 Csatlós


def csatlos(cs: CardState) -> Csatlos | None:
    """The card's printed CSATLÓS, if any (worked out once a card: :meth:`~.model.CardState.fact`)."""
    return cs.fact(_csatlos)


def _csatlos(cs: CardState) -> Csatlos | None:
    return next((k for k in cs.card.keywords if isinstance(k, Csatlos)), None)


def meets_condition(cs: CardState, condition: str | None) -> bool:
    """2.09.b–c: every word of the [condition] must be met by the one adventurer
    (its name, race, class, subclass, skills or alignment)."""
    return not condition or meets_words(cs, condition.split())


def meets_words(cs: CardState, words: Iterable[str]) -> bool:
    """Whether the one adventurer *cs* carries every word (accents and case aside): in its name, race, class,
    subclass, alignment, skills or descriptor (origin, faith, gender, twin …)."""
    wanted = {fold(w) for w in words}
    have: set[str] = set()
    for key in ("race", "class", "subclass", "alignment"):
        for value in cs.card.values(key):
            have.update(fold(value).split())
    have.update(w for word in cs.card.descriptor_words for w in word.split())
    for skill in cs.attr("skills", []) or []:
        have.add(fold(str(skill)))
    have.update(fold(cs.name).split())
    return wanted <= have


def meeting_requirement(card: CardState, adventurers: Iterable[CardState]) -> tuple[CardState, tuple[str, ...]] | None:
    """A quest's or building's condition (``requirement:``): any one of its alternatives met by ONE of
    *adventurers* (each word of it, :func:`meets_words`); the first adventurer and alternative that do, or
    None.  A card without a condition is met by anyone (``(card, ())``)."""
    req = card.card.requirement
    if req is None:
        return card, ()
    for adv in adventurers:
        if adv.type != "kalandozó" or adv.ghost is not None:  # 11.00.D: a ghost fulfils no condition
            continue
        for alternative in req.alternatives:
            if meets_words(adv, alternative):
                return adv, alternative
    return None


# ------------------------------------------------------------------ 2.01, 2.04, 3.05


def fal(state: GameState, cs: CardState) -> int:
    """2.01: the FAL of a tower level or building (0 without one), with the modifiers in play."""
    k = next((k for k in cs.card.keywords if isinstance(k, Fal)), None)
    if k is not None:
        base = k.value
    else:
        value = cs.attr("fal")
        base = int(value) if isinstance(value, int) else 0
    return max(0, base + modifier_sum(state, "fal", cs))


def akaratatvitel(state: GameState, cs: CardState) -> int | None:
    k = keyword(state, cs, Akaratatvitel)
    return k.value if isinstance(k, Akaratatvitel) else None


def level(state: GameState, cs: CardState) -> int:
    """An adventurer's current level: its printed level with the modifiers in play; never below 0."""
    value = cs.attr("level", 0)
    base = int(value) if isinstance(value, int) else 0
    return max(0, base + modifier_sum(state, "level", cs))


def printed_level(cs: CardState) -> int:
    """An adventurer's base level, as printed (3.05.E counts a combination chain by it)."""
    value = cs.attr("level", 0)
    return max(0, int(value)) if isinstance(value, int) else 0


def protection(state: GameState, cs: CardState) -> tuple[int, int]:
    """The shield and the armour *cs* wears (3.05.F): what lowers an attack roll against it, and the damage."""
    worn = [state.cards[a].behaviour for a in cs.attachments]
    return sum(b.shield for b in worn), sum(b.armour for b in worn)


def attribute(state: GameState, cs: CardState, key: str) -> int:
    """1.14.16.A: a weakness counter lowers Fizikum, Asztrál and Mentál by 1 each; modifiers in play add."""
    value = cs.attr(key, 0)
    base = int(value) if isinstance(value, int) else 0
    return base - cs.counters.get("gyengeség", 0) + modifier_sum(state, key, cs)


def combo_limit(cs: CardState) -> int | None:
    k = next((k for k in cs.card.keywords if isinstance(k, PusztakezesKombinacio)), None)
    return k.value if k is not None else None


def is_unarmed(cs: CardState) -> bool:
    return fold(cs.card.subtype or "") == "pusztakezes tamadas"


def is_attack(cs: CardState) -> bool:
    return cs.type == "akciólap" and fold(cs.card.subtype or "").endswith("tamadas")


def _folded(values: Iterable[Any]) -> frozenset[str]:
    return frozenset(fold(str(v)) for v in values)


def class_restriction(cs: CardState) -> frozenset[str]:
    """An action card's class restriction (8.03.E "kaszt- és szféramegkötés"): the classes and sub-classes it
    prints, any one of which its summoner must have (empty: no class restriction)."""
    return _folded((*cs.card.values("class"), *cs.card.values("subclass")))


def sphere_restriction(cs: CardState) -> frozenset[str]:
    """An action card's sphere restriction (8.03.E): the spheres it prints, any one of which its summoner
    must have (empty: no sphere restriction)."""
    return _folded(cs.attr("spheres", []) or [])


def restriction_unmet(card: CardState, adv: CardState, mode: str) -> tuple[str, ...]:
    """Which of the action card *card*'s restrictions (``class``, ``sphere``) the adventurer *adv* does not
    meet (8.03.E; option ``action_restriction``): with ``both`` each restriction the card prints must be met,
    with ``either`` one of them suffices.  Empty: *adv* may summon it (as far as class and sphere go)."""
    unmet = []
    classes, spheres = class_restriction(card), sphere_restriction(card)
    if classes and not classes & _folded((*adv.card.values("class"), *adv.card.values("subclass"))):
        unmet.append("class")
    if spheres and not spheres & _folded(adv.attr("spheres", []) or []):
        unmet.append("sphere")
    if mode == "either" and classes and spheres and len(unmet) < 2:
        return ()
    return tuple(unmet)


def stays_in_present(cs: CardState) -> bool:
    """5.01.D: a card that enters the Present when it unwinds: an adventurer, building, quest, ally, tower level,
    and an event or action card of duration végleges (3.01.E), whose constant effect then works (6.00).  An action
    card that is worn or attached (equipment, 3.05.I; an effect that attaches it) stays only as an attachment:
    with nothing to hold it, it goes to Múlt."""
    if cs.type in ("kalandozó", "építmény", "küldetés", "szövetséges", "toronyszint"):
        return True
    if cs.type == "akciólap" and (equipment_kind(cs) is not None or any(op.name == "attach" for op in cs.behaviour.effect)):
        return False
    return cs.type in ("eseménylap", "akciólap") and fold(str(cs.attr("duration") or "")) == "vegleges"


def entering_ops(cs: CardState) -> tuple[Op, ...]:
    """The "Jelenbe kerülésekor …" effect (``on_enter``, 6.02) of a card that enters the Present: its target is
    chosen when the card is summoned (5.01.B), by the card's ``targets:``; none for a card that does not stay."""
    return cs.behaviour.on_enter if stays_in_present(cs) else ()


def equipment_kind(cs: CardState) -> str | None:
    """3.05.I–J: vért, pajzs, hadszer or felszerelés (an action card worn by an adventurer)."""
    sub = fold(cs.card.subtype or "")
    return {"vert": "vért", "pajzs": "pajzs", "hadszer": "hadszer", "felszereles": "felszerelés"}.get(sub)


# ------------------------------------------------------------------ others


def is_mosaic(cs: CardState) -> bool:
    return any(isinstance(k, MozaikVarazslat) for k in cs.card.keywords)


def raepites(cs: CardState) -> int | None:
    """The MP of the card's printed RÁÉPÍTÉS, if any (worked out once a card: :meth:`~.model.CardState.fact`)."""
    return cs.fact(_raepites)


def _raepites(cs: CardState) -> int | None:
    k = next((k for k in cs.card.keywords if isinstance(k, Raepites)), None)
    return k.mp if k is not None else None


def ghost_rounds(state: GameState, cs: CardState) -> int | None:
    """11.00.B: the circled number of a ghost ability (SZELLEM N), if any."""
    k = next((k for k in cs.card.keywords if isinstance(k, Szellem)), None)
    return k.rounds if k is not None else None


def counts_as_beast(state: GameState, cs: CardState) -> bool:
    return keyword(state, cs, BestiaAktivizalas) is not None


def refers_to_an_opponent(ops: Iterable[Op]) -> bool:
    """An effect with a step for "one of your opponents" (``… opponent``: "egy ellenfeled"), whom its player
    chooses (12.00.A); "every opponent" (enemies, richer) and "the opponent with the most DP" (oppdp) choose none."""
    return any(op.who == "opponent" for op in ops)


def cannot_interrupt(cs: CardState) -> bool:
    return any(isinstance(k, NemSzakithatMegIdofonalat) for k in cs.card.keywords)


def is_storage_quest(cs: CardState) -> bool:
    """Whether the card prints RAKTÁROZANDÓ KÜLDETÉS (worked out once a card: :meth:`~.model.CardState.fact`)."""
    return cs.fact(_is_storage_quest)


def _is_storage_quest(cs: CardState) -> bool:
    return any(isinstance(k, RaktarozandoKuldetes) for k in cs.card.keywords)


def one_such_building(cs: CardState) -> bool:
    return any(isinstance(k, EgyIlyenEpitmeny) for k in cs.card.keywords)


def expedition(cs: CardState) -> int | None:
    """The X of the card's printed EXPEDÍCIÓ X, if any (worked out once a card: :meth:`~.model.CardState.fact`)."""
    return cs.fact(_expedition)


def _expedition(cs: CardState) -> int | None:
    k = next((k for k in cs.card.keywords if isinstance(k, Expedicio)), None)
    return k.value if k is not None else None


def buildable_on(cs: CardState) -> bool:
    """10.00.B: ráépítés targets an adventurer, a beast or a trap."""
    return cs.type == "kalandozó" or (cs.type == "akadálylap" and cs.card.subtype in ("bestia", "csapda"))


def is_antiss_wizard(state: GameState, cs: CardState) -> bool:
    """8.01.A: the antiss symbol or the Antissjárás skill makes an antiss-wizard."""
    keys = {k.key for k in keywords_of(state, cs)}
    return "ANTISS" in keys or "ANTISSJÁRÁS" in keys


def names_match(state: GameState, cs: CardState, name: str) -> bool:
    """2.02.b: a name refers to the cards of that name and to the cards whose IGAZ NÉV it is,
    and the reverse (a card named by its IGAZ NÉV's holder's name)."""
    wanted = {fold(name)}
    for other in state.cards.values():
        if fold(other.name) == fold(name):
            wanted.update(fold(t) for t in other.card.true_names)
    mine = {fold(cs.name), *(fold(t) for t in cs.card.true_names)}
    return bool(mine & wanted)


# ------------------------------------------------------------------ behaviour: constant effects (6.00)


def controller(state: GameState, cs: CardState) -> str:
    """Whose card it counts as: its controller; a card with none (an attached Csatlós, 2.09) counts
    as its host's controller's; else its owner."""
    seen = 0
    while not cs.controller and cs.attached_to is not None and seen < 8:
        cs = state.cards[cs.attached_to]
        seen += 1
    return cs.controller or cs.owner


class _Unchanging:
    """The state whose constant effects are gathered once for each stat while nothing changes it (the listing of
    the legal actions: probing changes nothing), with what they are: one pair, read and set at once, so that a
    listing in another thread never reads this one's."""

    memo: ClassVar[tuple[GameState, dict[str, tuple[tuple[CardState, Modifier], ...]]] | None] = None


def hold_constants(state: GameState) -> None:
    """While nothing changes *state* (a legal-action listing), :func:`constants` answers each stat once, until
    :func:`release_constants` (two calls rather than a context manager: a listing's thousands a game)."""
    _Unchanging.memo = (state, {})


def release_constants() -> None:
    """The constant effects are worked out anew at every question again (the state may change)."""
    _Unchanging.memo = None


def constants(state: GameState, stat: str) -> Iterator[tuple[CardState, Modifier]]:
    """The constant effects of *stat* that work now: from cards in the Present (a ghost only with
    its ghost abilities, 11.00.D), whose condition holds.  A one-per-player constant (``per_player``,
    "egy per játékos") counts once for each player however many of their cards give it: the first card
    that came into the game gives it (docs/card-behaviour.md)."""
    memo = _Unchanging.memo
    if memo is None or memo[0] is not state:
        return _constants_now(state, stat)
    found = memo[1].get(stat)
    if found is None:
        found = memo[1][stat] = tuple(_constants_now(state, stat))
    return iter(found)


def _constants_now(state: GameState, stat: str) -> Iterator[tuple[CardState, Modifier]]:
    given: set[tuple[str, Modifier]] = set()
    silencing: bool | None = None  # whether any card's abilities are suppressed now: asked once, when needed
    for uid in state.constant_uids:
        src = state.cards[uid]
        if src.zone not in IN_PLAY:
            continue
        for m in src.behaviour.constant:
            if m.stat == stat and _holds(state, src, m):
                if silencing is None:
                    silencing = _abilities_suppressed_somewhere(state, stat)
                if silencing and _silenced(state, src, stat):
                    continue
                if m.per_player:
                    key = (controller(state, src), m)
                    if key in given:
                        continue
                    given.add(key)
                yield src, m


def _holds(state: GameState, src: CardState, m: Modifier) -> bool:
    if m.when_spec is not None and not spec_present(state, m.when_spec, controller(state, src)):
        return False
    when = m.when
    if when == "ghost":
        return src.ghost is not None
    if src.ghost is not None:
        return False
    if when is None or when in ("initiating", "sieging"):
        return True
    if when == "combat":
        return state.phase in COMBAT_PHASES
    if when == "stored":
        host = state.cards.get(src.attached_to) if src.attached_to is not None else None
        return host is not None and host.type == "toronyszint" and is_storage_quest(src)
    if when == "wearer_sieges":
        return state.sieging is not None and src.attached_to is not None and src.attached_to in state.maneuver_team
    return False  # pragma: no cover - the modifier language has no other condition


def in_scope(state: GameState, src: CardState, m: Modifier, cs: CardState,
             summoner: CardState | None = None) -> bool:
    """Whether the modifier of *src* applies to *cs* (its scope, kind and field filters)."""
    scope = m.scope
    if scope == "self":
        ok = cs is src
    elif scope == "host":
        ok = src.attached_to == cs.uid
    elif scope == "own":
        ok = controller(state, cs) == controller(state, src)
    elif scope == "enemy":
        ok = controller(state, cs) != controller(state, src)
    elif scope == "blockers":
        ok = cs.uid in state.maneuver_blockers
    elif scope == "sieged":
        ok = cs.uid == state.siege_target
    elif scope == "by_self":
        ok = summoner is not None and summoner.uid == src.uid
    else:
        ok = True
    return ok and kind_of(cs, m.kind) and filters_hold(state, cs, m.filters)


def kind_of(cs: CardState, kind: str | None) -> bool:
    """Whether *cs* is a card of *kind* (adventurer, building, tower_level, quest, obstacle, power_word, card)."""
    if kind is None or kind == "card":
        return True
    if kind == "adventurer":
        return cs.type == "kalandozó" and cs.ghost is None
    if kind == "power_word":
        return is_power_word(cs)
    return cs.type == {"building": "építmény", "tower_level": "toronyszint", "quest": "küldetés",
                       "obstacle": "akadálylap"}.get(kind)


def filters_hold(state: GameState, cs: CardState, filters: Filters) -> bool:
    """Every ``field:value,…`` filter holds (one of its values; a negated one, ``!race:ember``, none of them):
    race, alignment, class, subclass, subtype, kw, descriptor, origin, faith, school, item, mp, skill."""
    for field, values in filters:
        negated = field.startswith("!")
        if filter_matches(state, cs, field.lstrip("!"), values) == negated:
            return False
    return True


def filter_matches(state: GameState, cs: CardState, key: str, values: tuple[str, ...]) -> bool:
    """Whether one of *values* of the filter *key* holds for *cs*."""
    if key == "mp":
        return any(_mp_matches(cs.card.mp, v) for v in values)
    if key == "kw":  # the keyword each value names (behaviour.py refuses a value naming none)
        return bool({fold(keyword_named(v) or v) for v in values} & field_words(state, cs, key))
    return bool({fold(v) for v in values} & field_words(state, cs, key))


def _mp_matches(mp: int | str | None, value: str) -> bool:
    """A printed-MP filter: ``3`` (equal), ``X``, or a comparison ``<=2`` (an X cost compares as 0)."""
    if fold(value) == "x":
        return isinstance(mp, str)
    cmp = value.rstrip("0123456789")
    number = int(value[len(cmp):])
    have = mp if isinstance(mp, int) else 0
    return {"": have == number, "=": have == number, "!=": have != number, "<": have < number, "<=": have <= number,
            ">": have > number, ">=": have >= number}[cmp]


def descriptor_words(cs: CardState) -> frozenset[str]:
    """The folded words of the card's printed descriptor (színesítő, ``Card.descriptor_words``)."""
    return cs.card.descriptor_words


def field_words(state: GameState, cs: CardState, key: str) -> set[str]:
    """The folded words of the card a filter of *key* compares with."""
    if key == "kw":
        return {fold(k.keyword) for k in keywords_of(state, cs, suppress=False) if k.keyword}
    if key in ("subtype", "item"):
        return {fold(cs.card.subtype or ""), fold(str(cs.attr("item", "") or ""))} - {""}
    if key == "skill":
        return {fold(str(v)) for v in cs.attr("skills", []) or []}
    if key == "descriptor":
        return set(descriptor_words(cs))
    d = cs.card.descriptor
    if key == "origin":
        return {fold(w) for w in d.origins} if d is not None else set()
    if key == "faith":
        faiths = {fold(w) for w in d.faiths} if d is not None else set()
        return faiths | {w.removesuffix("-hivo") for w in faiths}
    have: set[str] = set()
    for raw in map(fold, cs.card.values(key)):  # a field may hold several values (class: [harcos, pap])
        have.update((raw, *raw.replace("-", " ").split()))
    if key == "race" and d is not None:
        have.update(fold(w) for w in d.races)
    return have


def modifier_terms(state: GameState, stat: str, cs: CardState) -> list[tuple[str, int]]:
    """The changes to *stat* of *cs* one by one: (the card or effect behind it, the change), for the trace."""
    out = [(src.label, m.amount) for src, m in constants(state, stat)
           if isinstance(m.amount, int) and in_scope(state, src, m, cs)]
    out.extend((t.source, t.amount) for t in state.timed if t.uid == cs.uid and t.stat == stat)
    return out


def explain(base: int, terms: list[tuple[str, int]]) -> str:
    """``4 -1 (Térképészek céhháza) = 3``: a number with the changes to it."""
    if not terms:
        return str(base)
    total = base + sum(n for _, n in terms)
    return f"{base} " + " ".join(f"{n:+d} ({who})" for who, n in terms) + f" = {total}"


def modifier_sum(state: GameState, stat: str, cs: CardState, summoner: CardState | None = None) -> int:
    """The change to *stat* of *cs* from the constant effects in play and the changes that last
    (until the combat's or the round's end)."""
    total = 0
    for src, m in constants(state, stat):
        if isinstance(m.amount, int) and in_scope(state, src, m, cs, summoner):
            total += m.amount
    for t in state.timed:
        if t.uid == cs.uid and t.stat == stat:
            total += t.amount
    return total


def team_level_bonus(state: GameState, player: str, siege: bool) -> list[tuple[CardState, int]]:
    """The cards that raise *player*'s initiating team's level ("while initiating"), and, in a
    siege, its sieging team's ("while sieging"), with the amount of each."""
    out = []
    for src, m in constants(state, "team_level"):
        if not isinstance(m.amount, int) or controller(state, src) != player:
            continue
        if m.when == "initiating" or (m.when == "sieging" and siege):
            out.append((src, m.amount))
    return out


def mp_change(state: GameState, player: str, cs: CardState, summoner: CardState | None) -> list[tuple[CardState, int]]:
    """5.01.C: the changes to the MP requirement of *cs* that *player* summons (by *summoner*).
    A ``no_increase`` modifier over the card ("MP-igénye nem nőhet") takes back what the others add
    beyond 0, as a change of its own, so that the trace names it."""
    out = [(src, m.amount) for src, m in constants(state, "mp")
           if isinstance(m.amount, int) and _mp_applies(state, player, src, m, cs, summoner)]
    rise = sum(n for _, n in out)
    if rise > 0:
        guard = next((src for src, m in constants(state, "no_increase")
                      if _mp_applies(state, player, src, m, cs, summoner)), None)
        if guard is not None:
            out.append((guard, -rise))
    return out


def mp_floor(state: GameState, player: str, cs: CardState, summoner: CardState | None) -> tuple[CardState, int] | None:
    """5.01.C: the highest floor (``mp -2 own cards min 1``: "legalább 1") on the changed MP requirement of *cs*,
    and the card that sets it; a floor never raises a requirement above the printed one."""
    floors = [(src, m.floor) for src, m in constants(state, "mp")
              if m.floor is not None and _mp_applies(state, player, src, m, cs, summoner)]
    return max(floors, key=lambda f: f[1]) if floors else None


def damage_dealt(state: GameState, dealers: Iterable[CardState], target: CardState,
                 amount: int) -> tuple[int, list[tuple[str, str]]]:
    """6.00, 3.05.F: the damage *target* takes from *dealers* (the card dealing it, its summoner): ``damage ±N`` of
    the modifiers whose scope holds a dealer, ``damage_taken ±N`` of those over the target, never below 0; then
    the caps (``max N``) of either.  Returns the damage and the changes, one by one (the card, the change)."""
    dealers = list(dealers)
    total, terms, caps = amount, [], []
    for stat in ("damage", "damage_taken"):
        for src, m in constants(state, stat):
            over = dealers if stat == "damage" else [target]
            if not any(in_scope(state, src, m, c) for c in over):
                continue
            if isinstance(m.amount, int) and m.amount:
                total += m.amount
                terms.append((src.label, f"{m.amount:+d}"))
            if m.cap is not None:
                caps.append((src.label, m.cap))
    total = max(0, total)
    for label, cap in sorted(caps, key=lambda c: c[1]):
        if total > cap:
            total = cap
            terms.append((label, f"max {cap}"))
    return total, terms


def _abilities_suppressed_somewhere(state: GameState, stat: str) -> bool:
    """Whether anything suppresses some card's abilities now (a timed suppression, or a ``suppress abilities``
    constant: weighed only for the constants of other stats, so that suppressions never ask themselves)."""
    if any(fold(t.stat) == "abilities" for t in state.suppressions):
        return True
    if stat == "suppress":
        return False
    return any(m.stat == "suppress" and m.what is not None and fold(m.what) == "abilities"
               for uid in state.constant_uids if state.cards[uid].zone in IN_PLAY
               for m in state.cards[uid].behaviour.constant)


def _silenced(state: GameState, src: CardState, stat: str) -> bool:
    """6.00: a card whose abilities are suppressed gives no constant effect either (a ``suppress`` constant is
    silenced only by a timed suppression, 6.02, so that two cards suppressing each other are no circle)."""
    if stat == "suppress":
        return any(t.uid == src.uid and fold(t.stat) == "abilities" for t in state.suppressions)
    return suppressed(state, src, "abilities") is not None


def suppressed(state: GameState, cs: CardState, what: str) -> str | None:
    """6.00, 6.02: what suppresses *what* of *cs* (``kw:AKARATÁTVITEL`` or ``abilities``): the card with the
    constant effect, or the effect whose suppression lasts; None when nothing does."""
    for src, m in constants(state, "suppress"):
        if m.what is not None and fold(m.what) == fold(what) and in_scope(state, src, m, cs):
            return src.label
    for t in state.suppressions:
        if t.uid == cs.uid and fold(t.stat) == fold(what):
            return t.source
    return None


def requirement_ignored(state: GameState, quest: CardState) -> CardState | None:
    """The card whose constant effect lets a team solve *quest* ignoring its requirement
    (``ignore requirement own quests``); the requirement itself: :func:`meeting_requirement`."""
    for src, m in constants(state, "ignore"):
        if m.what == "requirement" and in_scope(state, src, m, quest):
            return src
    return None


def _mp_applies(state: GameState, player: str, src: CardState, m: Modifier, cs: CardState,
                summoner: CardState | None) -> bool:
    """Whether the MP modifier *m* of *src* reaches *cs*, which *player* summons (by *summoner*)."""
    if m.scope == "by_self":
        return summoner is not None and summoner.uid == src.uid and kind_of(cs, m.kind) \
            and filters_hold(state, cs, m.filters)
    if m.scope in ("own", "enemy"):
        mine = controller(state, src) == player
        return (mine if m.scope == "own" else not mine) and kind_of(cs, m.kind) and filters_hold(state, cs, m.filters)
    return in_scope(state, src, m, cs, summoner)


def maneuver_mp_change(state: GameState, player: str, maneuver: str) -> list[tuple[CardState, int]]:
    """The changes to the MP of *player*'s *maneuver* (siege, capture, quest) from cards in play."""
    out = []
    for src, m in constants(state, "maneuver_mp"):
        if isinstance(m.amount, int) and m.maneuver == maneuver and (
                m.scope == "all" or (controller(state, src) == player) == (m.scope != "enemy")):
            out.append((src, m.amount))
    return out


def immune(state: GameState, cs: CardState, what: str) -> CardState | None:
    """The card whose constant effect makes *cs* immune to *what* (weakness, negative, power_words), if any."""
    for src, m in constants(state, "immune"):
        if m.what == what and in_scope(state, src, m, cs):
            return src
    return None


def cannot(state: GameState, cs: CardState, what: str) -> CardState | None:
    """The card whose constant effect says *cs* cannot do *what* (block), if any."""
    for src, m in constants(state, "cannot"):
        if m.what == what and in_scope(state, src, m, cs):
            return src
    return None


def admits_target(state: GameState, spec: TargetSpec, cs: CardState, player: str) -> bool:
    """5.01.B: whether *cs* is a target *spec* allows, for an effect of *player*."""
    if cs.zone not in IN_PLAY:
        return False
    if spec.wizard:
        if not (cs.type == "kalandozó" and cs.ghost is None and is_antiss_wizard(state, cs)):
            return False
    elif not kind_of(cs, spec.kind):
        return False
    if spec.kind == "adventurer" and cs.zone != SOR:
        return False
    if spec.side == "own" and controller(state, cs) != player:
        return False
    if spec.side == "enemy" and controller(state, cs) == player:
        return False
    if spec.states and cs.state not in spec.states:
        return False
    if spec.team and cs.uid not in state.maneuver_team:
        return False
    return filters_hold(state, cs, spec.filters)


def spec_present(state: GameState, spec: TargetSpec, player: str) -> bool:
    """A conditional constant's or a condition's ``[N] own|enemy KIND filter…`` (6.00): at least N such cards
    are in play, own and enemy seen from *player* ("if your opponent controls a building")."""
    need = spec.low if spec.low > 0 else 1
    return sum(1 for cs in state.cards.values() if admits_target(state, spec, cs, player)) >= need


def behaviour(cs: CardState) -> Behaviour:
    """What the card does (its set file's behaviour, or the scenario's ``effects:`` for it)."""
    return cs.behaviour


def condition_holds(state: GameState, cs: CardState, cond: Condition) -> bool:
    """A trigger's ``if:`` or a card's ``wins:``: the card (or its host) is in a state, or has counters."""
    if cond.spec is not None:
        return spec_present(state, cond.spec, controller(state, cs))
    subject = cs
    if cond.subject == "host":
        if cs.attached_to is None:
            return False
        subject = state.cards[cs.attached_to]
    if cond.counter is not None:
        have = subject.counters.get(cond.counter, 0)
        n = cond.number or 0
        return {">=": have >= n, ">": have > n, "=": have == n, "<=": have <= n, "<": have < n,
                "!=": have != n}.get(cond.op or ">=", False)
    if cond.state == "ghost":
        return subject.ghost is not None
    return subject.state == {"awake": "éber", "resting": "pihenő", "wounded": "sérült"}.get(cond.state or "", "")


#: card id -> the card and its printed phases, folded (a card of the database never changes)
_PHASES: Final[dict[int, tuple[Any, tuple[str, ...]]]] = {}


def printed_phases(cs: CardState) -> tuple[str, ...]:
    """The phases printed on *cs*'s card, folded (``Sor/Harc``: ``sor``, ``harc``)."""
    known = _PHASES.get(id(cs.card))
    if known is None or known[0] is not cs.card:
        known = _PHASES[id(cs.card)] = (cs.card, tuple(fold(p) for p in cs.card.values("phase")))
    return known[1]


#: The card types summoned in the Sor phase when their card prints no phase (5.01.A).
_ROW_TYPES: Final = frozenset({"kalandozó", "építmény", "küldetés", "toronyszint", "szövetséges"})


def in_its_phase(state: GameState, cs: CardState) -> bool:
    """5.01.A: whether *cs* may be summoned in the phase now: one of its printed phases is now (a Sor card in the
    manoeuvres phase, a harc card in a combat phase; any other phase is its timeline's to open), and a card
    printing none is a Sor card if it is an adventurer, building, quest, tower level or ally.  The answer of
    :meth:`~.deeds.Deeds._check_phase`, without building its refusal (the legal-action lister's pre-check)."""
    phases = printed_phases(cs)
    if not phases:
        return cs.type not in _ROW_TYPES or state.phase == Phase.MANEUVERS
    for phase in phases:
        if phase == "sor" and state.phase != Phase.MANEUVERS:
            continue
        if phase == "harc" and state.phase not in COMBAT_PHASES:
            continue
        return True
    return False

