"""The rules the timeline engine applies, each current or archived, the formats and the options.

Every trace line of the engine names one of the rule ids below.  Ids come
from the project's two sources, at the granularity they give: the Korforduló
summary (``mk-rules.md``: 1.01, 2.01–2.06, 3.01, 3.02, 4.01, 5.01, 6.00–6.04,
8.01–8.03), whose rules are **current**, and the archived-rules page (the seed:
1.10, 1.14.x, 2.03.a–f, 2.09, 2.12, 3.05, 6.05.O, 7.00, 10.00, 11.00, 12.00),
whose rules are **archived** ("not valid under Korforduló").  3.01.C stands on
both pages and is current.

A scenario's ``format`` says which rules it admits:

    >>> FORMATS["korfordulo"].admits("archived"), FORMATS["archivalt"].admits("archived")
    (False, True)
    >>> RULES["6.05.O"].status, RULES["5.01.E"].status
    ('archived', 'current')
    >>> format_named("archív").key
    'archivalt'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from ....base.errors import UsageError
from ....base.text import fold
from ....grammar.vocabulary import PHASE_ALIASES

__all__ = ["COMBAT_PHASES", "FORMATS", "OPTIONS", "PHASES", "RULES", "Format", "Option", "Rule", "format_named",
           "phase_named", "resolve_options"]


@dataclass(frozen=True)
class Rule:
    """A rule id, whether it is current or archived, and what the engine uses it for."""

    id: str
    status: str
    en: str
    hu: str

    def __deepcopy__(self, memo: dict[int, Any]) -> Rule:
        return self  # a value that never changes (and a compiled frozen class is not rebuilt field by field)


def _rules(status: str, rows: list[tuple[str, str, str]]) -> dict[str, Rule]:
    return {rid: Rule(rid, status, en, hu) for rid, en, hu in rows}


RULES: Final[Mapping[str, Rule]] = MappingProxyType({
    **_rules("current", [
        ("1.01", "the game is for two players", "a játék kétszemélyes"),
        ("1.01.A", "the immediate end of the game", "a játék azonnali vége"),
        ("1.01.A.1", "the only player with tower levels wins", "aki egyedül rendelkezik toronyszinttel, nyer"),
        ("1.01.A.2", "19 DP and the most wins at once", "19 DP és a legtöbb DP azonnal nyer"),
        ("1.01.A.3", "both lose their last tower level at once: a draw", "egyszerre vész el az utolsó toronyszint: döntetlen"),
        ("1.01.B", "the end of a round", "a forduló vége"),
        ("1.01.B.1", "11 DP and the most at the end of a round wins", "a forduló végén 11 DP és a legtöbb DP nyer"),
        ("1.01.B.2", "an empty Jövő pakli at the end of a round loses", "a forduló végén üres Jövő pakli veszít"),
        ("1.01.B.3", "equal DP of 11 or more: a new round", "egyenlő, legalább 11 DP: új forduló"),
        ("1.01.B.4", "both Jövő paklis empty, no winner: a draw", "mindkét Jövő pakli üres, nincs győztes: döntetlen"),
        ("1.02.B", "the first draw step", "az első húzás lépése"),
        ("3.01.A", "three different tower levels start the tower", "három különböző toronyszint a kezdő torony"),
        ("2.01.b", "FAL is added to the obstructing team's level", "a FAL az akadályozó csapat szintjéhez adódik"),
        ("2.02.a", "the naming rule: a named card is not summoned while one of that name is in play", "a nevesítés szabálya: nevesített lap nem idézhető le, amíg ilyen nevű lap játékban van"),
        ("2.02.b", "a name also refers to the cards with that IGAZ NÉV", "a név az azonos IGAZ NEVŰ lapokra is vonatkozik"),
        ("2.03", "an expedition replaces the solution; no Kincskeresés from it",
         "az expedíció a megoldást helyettesíti; Kincskeresés nem érvényesül"),
        ("2.04.b", "AKARATÁTVITEL takes an adventurer of level ≤ X", "az AKARATÁTVITEL átállítja a legfeljebb X szintű kalandozót"),
        ("3.01.B", "a tower level's ability applies when it is revealed in a siege",
         "a toronyszint képessége az ostromban felfedésekor érvényesül"),
        ("3.01.C", "two obstacles a tower level", "toronyszintenként 2 akadálylap"),
        ("3.01.G", "a tower level changing controller drops its attachments", "irányítóváltáskor a csatolt lapok leesnek"),
        ("3.02.A", "a quest is summoned free and openly as an MP-bound manoeuvre",
         "a küldetés ingyen, nyíltan, MP-kötött manőverként kerül játékba"),
        ("3.02.C", "at most 3 quests awaiting solution", "legfeljebb 3 megoldásra váró küldetés"),
        ("4.01.A", "leave-row manoeuvres", "sorelhagyó manőverek"),
        ("4.01.B", "leave-row manoeuvres are Sor-phase and MP-bound", "a sorelhagyó manőverek Sor fázisúak és MP-kötöttek"),
        ("4.01.C", "nobody acts against themselves", "saját maga ellen senki nem cselekedhet"),
        ("4.01.D", "a team has at least one adventurer", "egy csapatban legalább egy kalandozó van"),
        ("4.01.E", "only awake adventurers join a team", "csak éber kalandozó kerülhet csapatba"),
        ("4.01.F", "team size", "csapatméret"),
        ("4.01.G", "the team returns to Sor resting", "a csapat pihenő helyzetben tér vissza a Sorba"),
        ("4.01.H", "manoeuvres start only in the manoeuvres phase", "manőver csak a manőverek fázisában indítható"),
        ("5.01.A", "reveal; the card's own phase", "felfedés; a lap saját fázisában"),
        ("5.01.B", "targets", "célpontok"),
        ("5.01.C", "MP requirement, costs, conditions; free-ness", "MP-igény, költségek, feltétel; ingyenesség"),
        ("5.01.D", "entering the timeline; unwinding", "időfonalba kerülés; visszafejtés"),
        ("5.01.E", "obstacle attachment: 0 MP, hidden, not neutralisable",
         "akadálylap csatolása: 0 MP, rejtve, nem semlegesíthető"),
        ("6.00", "the timeline", "az időfonal"),
        ("6.01", "deeds open a timeline; their adventurer must be awake", "a cselekedet időfonalat nyit; kalandozója éber"),
        ("6.02", "timed effects open a timeline", "az időzített hatás időfonalat nyit"),
        ("6.03", "phase timelines", "fázisok időfonalai"),
        ("6.04", "only effects using a timeline target", "csak időfonalat használó hatás céloz"),
        ("8.01.A", "antiss-wizards", "antissvarázslók"),
        ("8.01.B", "antiss manoeuvres", "antissmanőverek"),
        ("8.02", "leaving the row on the antiss", "sorelhagyás az antisson"),
        ("8.03.A", "one antiss quest a player a round", "fordulónként egy antissküldetés"),
        ("8.03.B", "each antiss quest attempted once a round", "antissküldetés fordulónként egyszer kísérelhető meg"),
        ("8.03.C", "each adventurer acts on the antiss once a round", "kalandozó fordulónként egyszer cselekedhet az antisson"),
        ("8.03.E", "antiss combat", "antissharc"),
    ]),
    **_rules("archived", [
        ("1.10.B", "DP may be negative", "a DP lehet negatív"),
        ("1.10.C", "0 stands for a negative DP where negatives mean nothing", "negatív DP helyett 0"),
        ("1.14.3", "storage quests", "raktározandó küldetés"),
        ("1.14.4", "at most one such building", "legfeljebb egy ilyen építmény"),
        ("1.14.7", "the ability counts as a beast activation", "a képesség bestia aktivizálásnak minősül"),
        ("1.14.14.B", "Kincskeresés: the team returns awake", "Kincskeresés: a csapat éberen tér vissza"),
        ("1.14.14.C", "a Kincskeresés applies once a round", "a Kincskeresés fordulónként egyszer érvényesül"),
        ("1.14.14.D", "Kincskeresés sums across the team and is used up", "a Kincskeresés összeadódik és elhasználódik"),
        ("1.14.16.A", "the weakness counter", "gyengeség-jelző"),
        ("1.14.17.A", "cannot interrupt a deed's timeline", "nem szakíthat meg cselekedet nyitotta időfonalat"),
        ("1.14.17.B", "phase timelines do not restrict it", "a fázisok időfonalai nem korlátozzák"),
        ("1.14.17.C", "a combat timeline does not restrict it", "a harc időfonala sem korlátozza"),
        ("2.03.b", "expedition: spend 1 MP in the payment step", "expedíció: 1 MP a kifizetés lépésben"),
        ("2.03.c", "expedition: X DP instead of the solution", "expedíció: X DP a megoldás helyett"),
        ("2.03.d", "expedition: the quest stays awaiting solution", "expedíció: a küldetés megoldásra vár"),
        ("2.03.e", "expedition: no solution this round", "expedíció: a fordulóban nem oldható meg"),
        ("2.03.f", "expedition: a successful leave-row manoeuvre, not a solution",
         "expedíció: sikeres sorelhagyó manőver, de nem megoldás"),
        ("2.09.a", "CSATLÓS", "CSATLÓS"),
        ("2.09.c", "a Csatlós attaches from hand to an adventurer meeting its condition",
         "a Csatlós kézből a feltételt teljesítő kalandozóhoz csatolható"),
        ("2.09.d", "attaching a Csatlós: Sor phase, MP-bound, no MP", "Csatlós csatolása: Sor fázisú, MP-kötött, 0 MP"),
        ("2.09.e", "the attachment is permanent", "a csatolás végleges"),
        ("2.09.f", "the host gains the Csatlós's abilities", "a kalandozó megkapja a Csatlós képességeit"),
        ("2.12.a", "ŐSERŐ: free with an aquir or dragon", "ŐSERŐ: ingyenes aquirral vagy sárkánnyal"),
        ("2.12.b", "ŐSERŐ quest: solved free with an aquir or dragon", "ŐSERŐ küldetés: ingyen megoldható"),
        ("3.05", "action-card icons", "akciólap ikonjai"),
        ("3.05.A", "who may summon a power word", "ki idézhet hatalomszót"),
        ("3.05.B", "a power word's targets differ", "a hatalomszó célpontjai különbözők"),
        ("3.05.C", "the negative effect hits the summoner", "a negatív hatást a leidéző szenvedi el"),
        ("3.05.D", "power-word dialects", "hatalomszó-dialektusok"),
        ("3.05.E", "unarmed combination chain", "pusztakezes kombináció-lánc"),
        ("3.05.F", "armour and shield against beast attacks", "vért és pajzs a bestia támadása ellen"),
        ("3.05.I", "an extra weapon instead of a shield", "pajzs helyett kiegészítő fegyver"),
        ("3.05.J", "a hadszer is an item", "a hadszer tárgynak minősül"),
        ("3.05.L", "the wearer meets an equipment's activation conditions",
         "a felszerelés aktivizálásának feltételét a viselője teljesíti"),
        ("6.05.O", "copying an effect in the timeline", "időfonalban lévő hatás másolása"),
        ("7.00", "mosaic spells: chosen MP and form; damage is the base value",
         "mozaik varázslat: választott MP és forma; a sebzés alapérték"),
        ("10.00.A", "machines and ráépítés", "gépezet és ráépítés"),
        ("10.00.B", "ráépítés targets an adventurer, beast or trap", "ráépítés célpontja kalandozó, bestia vagy csapda"),
        ("10.00.C", "ráépítés costs the MP before its symbol", "ráépítéskor a jel előtti MP-t kell fizetni"),
        ("10.00.D", "built on, a machine is no obstacle", "ráépítve a gépezet nem akadálylap"),
        ("11.00.B", "a ghost ability, marked by its circled number", "a szellemképesség, karikás számmal jelölve"),
        ("11.00.C", "a ghost stays N rounds counting the current one", "a szellem N fordulót marad, az adottal kezdve"),
        ("11.00.D", "a ghost is no adventurer", "a szellem nem kalandozó"),
        ("11.00.E", "an adventurer becomes a ghost instead of leaving", "a kalandozó szellemmé válik"),
        ("11.00.F", "the naming rule applies to ghosts", "a szellemre a nevesítés szabálya vonatkozik"),
        ("12.00", "the active player; several players", "az aktív játékos; több játékos"),
        ("12.00.A", "a card's player chooses which opponent it refers to", "a lap játékosa dönti el, melyik ellenfélre vonatkozik"),
        ("12.00.B", "a player who spent no MP stays the active player", "aki nem költött MP-t, aktív játékos marad"),
        ("12.00.C", "after a pass the next player in MP order is active; the least-MP pass ends the manoeuvres phase",
         "passz után az MP-sorrendben következő az aktív; a legkevesebb MP-vel rendelkező passza véget vet a manőverek fázisának"),
        ("12.00.D", "a player who drops out takes their cards out of the game", "a kieső játékos lapjai kikerülnek a játékból"),
        ("12.00.1", "Ómen: how a round runs; the last player in wins", "Ómen: a forduló menete; aki utolsóként bent marad, nyer"),
        ("12.00.2", "Kihívás: two knock-outs, or the last one in, win", "Kihívás: két kiejtés vagy az utolsó bent maradó nyer"),
        ("12.00.2.A", "Kihívás: no immediate DP win", "Kihívás: nincs DP-ből azonnali győzelem"),
        ("12.00.3", "Körbetámadás: players in a circle", "Körbetámadás: körben ülő játékosok"),
        ("12.00.3.B", "Körbetámadás: no immediate DP win", "Körbetámadás: nincs DP-ből azonnali győzelem"),
        ("12.00.3.E", "Körbetámadás: a victory point when the player in front goes out",
         "Körbetámadás: győzelmi pont, ha az előtted ülő kiesik"),
        ("12.00.3.F", "Körbetámadás: the first to the victory points, or the last one in, wins",
         "Körbetámadás: aki először gyűjti össze a győzelmi pontokat, vagy utolsóként marad, nyer"),
        ("12.00.4", "Szövetségek", "Szövetségek"),
        ("12.00.4.A", "Szövetségek: 19 DP at the end of a round; no immediate DP win",
         "Szövetségek: 19 DP a forduló végén; nincs azonnali DP-győzelem"),
        ("12.00.4.D", "Szövetségek: how the game ends", "Szövetségek: a játék vége"),
        ("12.00.5.1.1", "Ikerjáték: the immediate end", "Ikerjáték: azonnali vég"),
        ("12.00.5.1.1.A", "Ikerjáték: the only pair with tower levels wins", "Ikerjáték: aki egyedül rendelkezik toronyszinttel, nyer"),
        ("12.00.5.1.1.B", "Ikerjáték: 28 DP and the most wins at once", "Ikerjáték: 28 DP és a legtöbb DP azonnal nyer"),
        ("12.00.5.1.1.C", "Ikerjáték: both pairs lose their last tower level at once: a draw",
         "Ikerjáték: mindkét páros egyszerre veszti el utolsó toronyszintjét: döntetlen"),
        ("12.00.5.1.2", "Ikerjáték: the end of a round", "Ikerjáték: a forduló vége"),
        ("12.00.5.1.2.A", "Ikerjáték: 18 DP and the most at the end of a round wins", "Ikerjáték: 18 DP és a legtöbb a forduló végén nyer"),
        ("12.00.5.1.2.B", "Ikerjáték: both Jövő paklis of a pair empty: the other pair wins",
         "Ikerjáték: a páros mindkét Jövő paklija üres: a másik páros nyer"),
        ("12.00.5.1.2.C", "Ikerjáték: equal DP of 18 or more: a new round", "Ikerjáték: egyenlő, legalább 18 DP: új forduló"),
        ("12.00.5.1.2.D", "Ikerjáték: no Jövő pakli left and no winner: a draw", "Ikerjáték: nincs Jövő pakli, nincs győztes: döntetlen"),
        ("12.00.5.6", "Ikerjáték: a pair starts with 4 different tower levels, shared", "Ikerjáték: a páros 4 különböző, közös toronyszinttel kezd"),
        ("12.00.6", "Két csapat egymás ellen", "Két csapat egymás ellen"),
        ("12.00.6.A", "Két csapat: two equal teams", "Két csapat: két egyforma csapat"),
        ("12.00.6.B", "Két csapat: 9 + the number of players DP; team size + 2 tower levels",
         "Két csapat: 9 + a játékosok száma DP; csapatlétszám + 2 toronyszint"),
        ("12.00.1.A", "Ómen: each Ómen comes into play free at the start of the round, in active-player order",
         "Ómen: forduló kezdetén az ómenek ingyen játékba kerülnek, az aktív játékos sorrendjében"),
        ("12.00.1.B", "Ómen-pass: the first pass sends the Ómen out of the game until the round ends",
         "Ómen-passz: az első passzal az Ómen a forduló végéig kikerül a játékból"),
        ("12.00.1.C", "after the Ómen-pass: a resource phase, then MP-bound deeds one after another, then no more",
         "az Ómen-passz után: erőforrás fázis, majd egymás utáni MP-kötött cselekedetek, utána több nem"),
        ("12.00.1.D", "the active-player rule ignores players without an Ómen in play",
         "az aktív játékos szabálya figyelmen kívül hagyja, akinek nincs Ómene játékban"),
        ("12.00.1.E", "no Ómen in play: the manoeuvres phase ends", "egyik játékosnak sincs Ómene: véget ér a manőverek fázisa"),
        ("12.00.2.B", "Kihívás: the challenge, an MP-bound special manoeuvre", "Kihívás: a kihívás, MP-kötött speciális manőver"),
        ("12.00.2.C", "Kihívás: knocking the challenged player out with 9 DP of solved quests",
         "Kihívás: a kihívott kiejtése legalább 9 DP-nyi megoldott küldetéssel"),
        ("12.00.3.A", "Körbetámadás: only the player in front is sieged and obstructs; only own quests",
         "Körbetámadás: csak az előtted ülőt ostromolhatod, csak ő akadályoz; csak saját küldetés"),
        ("12.00.3.C", "Körbetámadás: knocking the player in front out with 11 DP", "Körbetámadás: az előtted ülő kiejtése 11 DP-vel"),
        ("12.00.3.D", "Körbetámadás: an effect that would win knocks the player in front out instead",
         "Körbetámadás: a győzelmet hozó hatás helyett az előtted ülő kiesik"),
        ("12.00.3.G", "Körbetámadás, siege only: no quest comes into play", "Körbetámadás, csak ostrom: küldetés nem kerül játékba"),
        ("12.00.4.B", "Szövetségek: making an alliance, an MP-bound Sor-phase manoeuvre once a round",
         "Szövetségek: szövetségkötés, Sor fázisú MP-kötött manőver fordulónként egyszer"),
        ("12.00.4.C", "Szövetségek: allies are not opponents", "Szövetségek: a szövetségesek nem ellenfelek"),
        ("12.00.5", "Ikerjáték: the active pair, passing, mixed teams, the twin manoeuvre",
         "Ikerjáték: aktív páros, passz, vegyes csapat, iker-manőver"),
        ("12.00.5.2", "Ikerjáték: the active pair (the most MP together) chooses who acts; a pass hands over to the other pair",
         "Ikerjáték: az aktív páros (több MP összesen) dönti el, ki cselekszik; passz után a másik páros következik"),
        ("12.00.5.7", "Ikerjáték: the twin manoeuvre, once a round", "Ikerjáték: iker-manőver, fordulónként egyszer"),
        ("12.00.5.3", "Ikerjáték: a pair controls at most 4 buildings", "Ikerjáték: egy páros legfeljebb 4 építményt irányíthat"),
        ("12.00.5.4", "mixed teams; a siege costs 2 MP", "vegyes csapat; az ostrom 2 MP"),
        ("12.00.5.5", "who activates an obstacle pays its MP requirement", "aki akadálylapot aktivizál, kifizeti MP-igényét"),
    ]),
})


@dataclass(frozen=True)
class Format:
    """A rules format of a scenario: which rule statuses it admits."""

    key: str
    name: str
    statuses: frozenset[str]
    description: str

    def __deepcopy__(self, memo: dict[int, Any]) -> Format:
        return self  # a value that never changes (and a compiled frozen class is not rebuilt field by field)

    def admits(self, status: str) -> bool:
        return status in self.statuses


FORMATS: Final[Mapping[str, Format]] = MappingProxyType({
    "korfordulo": Format("korfordulo", "Korforduló", frozenset({"current"}),
                         "The current rules: archived rules are neither applied nor allowed."),
    "archivalt": Format("archivalt", "Archivált", frozenset({"current", "archived"}),
                        "Older cards and formats: the current rules plus the archived page."),
})

_FORMAT_ALIASES: Final = {"korfordulo": "korfordulo", "korforduló": "korfordulo", "current": "korfordulo",
                   "archivalt": "archivalt", "archivált": "archivalt", "archív": "archivalt",
                   "archiv": "archivalt", "archived": "archivalt"}


def format_named(name: str) -> Format:
    """The format called *name* (Hungarian or English alias); :class:`UsageError` if none."""
    key = _FORMAT_ALIASES.get(str(name).strip().lower())
    if key is None:
        raise UsageError.said("MK-TL-FORMAT", name=name)
    return FORMATS[key]


@dataclass(frozen=True)
class Option:
    """A named reading where the rulebook leaves a gap (docs/rulings.md)."""

    name: str
    values: tuple[str, ...]
    default: str
    rule: str
    doc: str

    def __deepcopy__(self, memo: dict[int, Any]) -> Option:
        return self  # a value that never changes (and a compiled frozen class is not rebuilt field by field)


OPTIONS: Final[Mapping[str, Option]] = MappingProxyType({o.name: o for o in [
    Option("neutralised_to", ("mult", "melyseg"), "mult", "6.00",
           "where a neutralised card goes: Múlt, or Mélység"),
    Option("nest_deeds", ("nested", "join"), "nested", "6.03",
           "a deed while a phase timeline is open opens its own timeline on top (nested) or joins the phase timeline"),
    Option("close_wounds", ("wound", "keep"), "wound", "6.00",
           "when a timeline closes outside a manoeuvre, a damaged adventurer becomes wounded and loses its damage (wound), or keeps its damage (keep)"),
    Option("expedition_cost", ("instead", "extra"), "instead", "2.03.b",
           "the 1 MP of an expedition is paid instead of the quest's MP requirement, or on top of it"),
    Option("negative_dp", ("floor", "allow"), "floor", "1.10.B",
           "without the archived 1.10.B a DP total stops at 0 (floor) or may go negative (allow)"),
    Option("one_building_keep", ("old", "new"), "old", "1.14.4",
           "gaining a second such building without a 'keep' choice sacrifices the new one (old is kept) or the old one"),
    Option("siege_tie", ("defender", "attacker"), "defender", "2.01.b",
           "a siege or capture whose initiating level equals the obstructing value fails (defender) or succeeds (attacker)"),
    Option("combat_rounds", ("1", "2", "3"), "1", "6.03",
           "how many combat rounds (harci körök) a manoeuvre's combat has when both teams are present (the rule text is "
           "silent; one, as the summary lists one combat-round step between preparation and result)"),
    Option("battle_order", ("level", "teams"), "level", "6.03",
           "the battle order (hadrend) of a combat: every adventurer of both teams by level, highest first, the initiating "
           "team first on a tie (level), or the initiating team in the order named, then the obstructing team (teams)"),
    Option("combat_blows", ("one", "level", "none"), "one", "6.03",
           "in each combat round every adventurer standing strikes once, in battle order, at the first of the other team "
           "standing: a hit deals 1 damage (one) or the striker's level (level); none: only the cards played strike"),
    Option("attack_threshold", tuple(str(n) for n in range(0, 13)), "4", "3.05.E",
           "an attack roll succeeds when it is at least this number"),
    Option("look_take_search", ("yes", "no"), "yes", "6.00",
           "an effect that looks at several Jövő cards and takes one of them counts as a search, firing the "
           "opponents' 'opponent searches' effects (yes: mk-rules row 50, \"Hogy is van ez? 5\"), or not (no); "
           "one card looked at is never a search (row 51)"),
    Option("attack_attribute", ("none", "add"), "none", "8.03.E",
           "the scripted attack roll is the whole attack value (none), or the die to which the summoner's "
           "Fizikum is added (add) — Asztrál instead in antiss combat (8.03.E)"),
    Option("resource_mp", tuple(str(n) for n in range(0, 13)), "4", "6.03",
           "MP each player gains in the resource phase of a new round"),
    Option("attach_overflow", ("mult", "hand"), "mult", "3.01.C",
           "an obstacle attachment that finds its tower level full on unwinding goes to Múlt, or back to the hand"),
    Option("siege_mp", tuple(str(n) for n in range(0, 13)), "2", "12.00.5.4",
           "the MP a siege costs: 12.00.5.4 names 2 (\"az ostromért a 2 MP-t\")"),
    Option("capture_mp", tuple(str(n) for n in range(0, 13)), "2", "4.01.B",
           "the MP a building capture costs; no rule text gives a figure: as the siege's 2 by default"),
    Option("obstacle_mp", ("pay", "free"), "pay", "12.00.5.5",
           "activating an attached obstacle costs its MP requirement (pay: 12.00.5.5, \"annak kell kifizetnie a Wirg "
           "MP-igényét\"), or nothing (free)"),
    Option("hand_size", tuple(str(n) for n in range(0, 13)), "7", "6.03",
           "the resource phase refills each hand up to this many cards from the Jövő pakli (the Ómen text of "
           "12.00.1.C: \"kiegészítesz 7 lapra\"); 0: nobody draws"),
    Option("sor_summons", ("own", "any"), "own", "6.00",
           "an adventurer, building, ally or tower level is no fast effect: it is summoned with no timeline open or into "
           "one its own side opened (own), or into any open timeline (any)"),
    Option("ability_timing", ("marked", "free"), "marked", "6.00",
           "an activated ability is used as its timing says (marked: a slow one with no opponent's timeline open, an "
           "interrupt (megszakító) also into one, a combat one (harci) only in a combat, a before-combat one (harc "
           "előtti) only in a manoeuvre before its combat), or any time, as an interrupt (free)"),
    Option("beast_targets", ("one", "team"), "one", "3.05.F",
           "an activated beast attacks one adventurer of the initiating team it obstructs (one: \"a megtámadott "
           "kalandozó\", 3.05.F), or any number of them (team)"),
    Option("quest_obstacles", ("keyword", "tower"), "keyword", "3.01.C",
           "obstacles are attached to a quest only by its AKADÁLYOK N, at most N (keyword; no keyword: none), or a quest "
           "without the keyword takes 2 as a tower level does (tower); no rule text defines AKADÁLYOK"),
    Option("beast_number", ("beasts", "attacks"), "beasts", "3.05.F",
           "a beast's SZÁM N: the card is N beasts, each attacking a different adventurer once (beasts), or one beast "
           "making N attacks, all on the one it attacks (attacks)"),
    Option("sorsfordito", ("fast", "behind"), "fast", "6.00",
           "a SORSFORDÍTÓ card may be summoned into any open timeline, as a fast effect (fast), or only while its "
           "player has fewer DP than an opponent, once a game (behind); no rule text defines SORSFORDÍTÓ"),
    Option("portyazas", ("keyword", "none"), "keyword", "4.01.A",
           "an adventurer with PORTYÁZÁS is the effect that allows a combat manoeuvre against an opponent's adventurer "
           "(keyword), or the keyword allows nothing by itself (none); no rule text defines PORTYÁZÁS"),
    Option("quest_condition", ("fulfilment", "start"), "fulfilment", "6.03",
           "a quest's condition (one alternative met by one adventurer of the team) is checked in the quest-condition "
           "fulfilment phase, and a team that meets none fails there (fulfilment: 6.03 lists the phase after the "
           "combat), or already when the team is sent, refusing it (start)"),
    Option("named_rule", ("player", "table", "none"), "player", "2.02.a",
           "a named card (nevesített) is not summoned while its player has a card of that name in play, a ghost "
           "too (player; 11.00.F: the naming rule applies to ghosts), or while anyone has (table), or the property "
           "restricts nothing (none); the naming rule's own text is not in the rulebook we have"),
    Option("action_restriction", ("both", "either"), "both", "8.03.E",
           "an action card printing both a class and a sphere restriction is summoned only by an adventurer that has "
           "one of its classes (or sub-classes) and one of its spheres (both), or one that meets either (either); "
           "the rule text names the restrictions (8.03.E) but not how they combine"),
    Option("turn_order", ("active", "free"), "active", "12.00",
           "with no timeline open in the manoeuvres phase only the active player starts a deed or passes (active), or "
           "any player may (free)"),
]})


def resolve_options(given: Mapping[str, object] | None) -> dict[str, str]:
    """Defaults overlaid with *given*; :class:`UsageError` for an unknown name or value."""
    out = {name: opt.default for name, opt in OPTIONS.items()}
    for name, value in (given or {}).items():
        opt = OPTIONS.get(str(name))
        if opt is None:
            raise UsageError.said("MK-TL-OPTION", name=name, known=", ".join(OPTIONS))
        text = str(value).strip().lower()
        if text not in opt.values:
            raise UsageError.said("MK-TL-OPTION.value", name=name, values=", ".join(opt.values), value=value)
        out[opt.name] = text
    return out


#: Phases: canonical name -> (is a timeline of 6.03, timeline kind).
PHASES: Final[dict[str, tuple[bool, str]]] = {
    "forduló nyitása": (True, "phase"),
    "erőforrás": (True, "phase"),
    "manőverek": (False, ""),
    "kezdeményező csapat sorelhagyása": (True, "phase"),
    "akadályozó csapat sorelhagyása": (True, "phase"),
    "toronyszint felfedés": (True, "phase"),
    "akadálylap aktivizálás": (True, "phase"),
    "harc előkészítés": (True, "combat"),
    "harci kör": (True, "combat"),
    "harc eredmény meghatározás": (True, "combat"),
    "küldetés feltétel teljesítés": (True, "phase"),
    "forduló zárása": (True, "phase"),
}
COMBAT_PHASES: Final = frozenset(p for p, (_, kind) in PHASES.items() if kind == "combat")


def phase_named(name: str) -> str | None:
    """The canonical phase called *name* (Hungarian or English, accents ignored), or None."""
    return PHASE_ALIASES.get(fold(str(name)))
