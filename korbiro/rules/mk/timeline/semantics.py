"""Each keyword's semantics as one small unit citing its rule.

Every function here reads the game state (:class:`~.model.GameState`) and
answers one question the rules ask; the engine's parts call them and write
the trace.  Nothing here changes the state or knows the engine.  The rule a
unit rests on is in its docstring and in :data:`UNITS` (keyword -> rules), so
``korbiro keyword explain`` and the docs can list them.
"""

from __future__ import annotations

from collections.abc import Iterable

from ....base.text import fold
from ....grammar.keywords import (
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
    PusztakezesKombinacio,
    Raepites,
    RaktarozandoKuldetes,
    Szellem,
    SzolgaNyelv,
    TitkosNyelv,
)
from .model import CardState, GameState

#: keyword -> the rules its unit applies (canonical spelling, as on the card).
UNITS: dict[str, tuple[str, ...]] = {
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
}


def keywords_of(state: GameState, cs: CardState) -> list[Keyword]:
    """The card's own keywords plus those of attached Csatlós cards (2.09.f: the host
    gains the Csatlós's abilities while it is attached)."""
    out = list(cs.card.keywords)
    for uid in cs.attachments:
        att = state.cards[uid]
        if any(isinstance(k, Csatlos) for k in att.card.keywords):
            out.extend(k for k in att.card.keywords if not isinstance(k, Csatlos))
    return out


def keyword(state: GameState, cs: CardState, cls: type[Keyword]) -> Keyword | None:
    for k in keywords_of(state, cs):
        if isinstance(k, cls):
            return k
    return None


# ------------------------------------------------------------------ 1.14.14 Kincs


def treasure(cs: CardState) -> int | None:
    """KINCS X of a quest (its treasure value; no modifiers in the sample)."""
    k = next((k for k in cs.card.keywords if isinstance(k, Kincs)), None)
    return k.value if k is not None else None


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
    when it cannot use power words.  The HATALOMSZÓ mark alone is SZOLGA NYELV."""
    kws = keywords_of(state, cs)
    for cls, name in ((TitkosNyelv, "titkos"), (NemesNyelv, "nemes"), (SzolgaNyelv, "szolga")):
        if any(isinstance(k, cls) for k in kws):
            return name
    if any(isinstance(k, Hatalomszo) for k in kws):
        return "szolga"
    return None


def is_power_word(cs: CardState) -> bool:
    return cs.type == "akciólap" and fold(cs.card.subtype or "") == "hatalomszo"


# ------------------------------------------------------------------ 2.12 Őserő


def controls_aquir_or_dragon(state: GameState, player: str) -> bool:
    """2.12.a: the player controls an aquir or dragon adventurer (a ghost is no
    adventurer, 11.00.D)."""
    for uid in state.players[player].zones["sor"]:
        cs = state.cards[uid]
        if cs.ghost is None and fold(str(cs.attr("race", ""))) in ("aquir", "sarkany"):
            return True
    return False


def has_osero(cs: CardState) -> bool:
    return any(isinstance(k, Osero) for k in cs.card.keywords)


# ------------------------------------------------------------------ 2.09 Csatlós


def csatlos(cs: CardState) -> Csatlos | None:
    return next((k for k in cs.card.keywords if isinstance(k, Csatlos)), None)


def meets_condition(cs: CardState, condition: str | None) -> bool:
    """2.09.b–c: every word of the [condition] must be met by the one adventurer
    (its name, race, class, subclass, skills or alignment)."""
    if not condition:
        return True
    words = {fold(w) for w in condition.split()}
    have: set[str] = set()
    for key in ("race", "class", "subclass", "alignment"):
        value = cs.attr(key)
        if value:
            have.update(fold(str(value)).split())
    for skill in cs.attr("skills", []) or []:
        have.add(fold(str(skill)))
    have.update(fold(cs.name).split())
    return words <= have


# ------------------------------------------------------------------ 2.01, 2.04, 3.05


def fal(cs: CardState) -> int:
    """2.01: the FAL of a tower level or building (0 without one)."""
    k = next((k for k in cs.card.keywords if isinstance(k, Fal)), None)
    if k is not None:
        return k.value
    value = cs.attr("fal")
    return int(value) if isinstance(value, int) else 0


def akaratatvitel(state: GameState, cs: CardState) -> int | None:
    k = keyword(state, cs, Akaratatvitel)
    return k.value if isinstance(k, Akaratatvitel) else None


def level(state: GameState, cs: CardState) -> int:
    """An adventurer's current level (its printed level; never below 0)."""
    value = cs.attr("level", 0)
    return max(0, int(value)) if isinstance(value, int) else 0


def attribute(cs: CardState, key: str) -> int:
    """1.14.16.A: a weakness counter lowers Fizikum, Asztrál and Mentál by 1 each."""
    value = cs.attr(key, 0)
    base = int(value) if isinstance(value, int) else 0
    return base - cs.counters.get("gyengeség", 0)


def combo_limit(cs: CardState) -> int | None:
    k = next((k for k in cs.card.keywords if isinstance(k, PusztakezesKombinacio)), None)
    return k.value if k is not None else None


def is_unarmed(cs: CardState) -> bool:
    return fold(cs.card.subtype or "") == "pusztakezes tamadas"


def is_attack(cs: CardState) -> bool:
    return cs.type == "akciólap" and fold(cs.card.subtype or "").endswith("tamadas")


def equipment_kind(cs: CardState) -> str | None:
    """3.05.I–J: vért, pajzs, hadszer or felszerelés (an action card worn by an adventurer)."""
    sub = fold(cs.card.subtype or "")
    return {"vert": "vért", "pajzs": "pajzs", "hadszer": "hadszer", "felszereles": "felszerelés"}.get(sub)


# ------------------------------------------------------------------ others


def is_mosaic(cs: CardState) -> bool:
    return any(isinstance(k, MozaikVarazslat) for k in cs.card.keywords)


def raepites(cs: CardState) -> int | None:
    k = next((k for k in cs.card.keywords if isinstance(k, Raepites)), None)
    return k.mp if k is not None else None


def ghost_rounds(state: GameState, cs: CardState) -> int | None:
    """11.00.B: the circled number of a ghost ability (SZELLEM N), if any."""
    k = next((k for k in cs.card.keywords if isinstance(k, Szellem)), None)
    return k.rounds if k is not None else None


def counts_as_beast(state: GameState, cs: CardState) -> bool:
    return keyword(state, cs, BestiaAktivizalas) is not None


def cannot_interrupt(cs: CardState) -> bool:
    return any(isinstance(k, NemSzakithatMegIdofonalat) for k in cs.card.keywords)


def is_storage_quest(cs: CardState) -> bool:
    return any(isinstance(k, RaktarozandoKuldetes) for k in cs.card.keywords)


def one_such_building(cs: CardState) -> bool:
    return any(isinstance(k, EgyIlyenEpitmeny) for k in cs.card.keywords)


def expedition(cs: CardState) -> int | None:
    k = next((k for k in cs.card.keywords if isinstance(k, Expedicio)), None)
    return k.value if k is not None else None


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
