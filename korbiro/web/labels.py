"""The pages' words in English and Hungarian, and the choice of language.

A page speaks the language of ``?lang=`` (remembered in a cookie), else of the
cookie, else the first of the browser's ``Accept-Language`` that korbiro
speaks, else English.  Messages of findings come from the library, in the
same language.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["LABELS", "LANGS", "negotiate", "choose", "translator"]

LANGS = ("en", "hu")

#: key -> (English, Hungarian)
_PAIRS: dict[str, tuple[str, str]] = {
    "title": ("korbiro: the judge's table", "korbiro: a bíró asztala"),
    "lang_other": ("Magyarul", "In English"),
    "nav_deck": ("Deck", "Pakli"),
    "nav_cards": ("Cards", "Kártyák"),
    "nav_rules": ("Rules", "Szabályok"),
    "nav_rulings": ("Rulings", "Döntések"),
    "api": ("JSON API (OpenAPI schema)", "JSON API (OpenAPI-séma)"),
    "footer": ("Every verdict names the rule it rests on.", "Minden ítélet megnevezi a szabályt, amelyen alapul."),
    "paste_deck": ("Paste a deck list", "Illeszd be a paklilistát"),
    "paste_scenario": ("Paste a ruling scenario (YAML)", "Illessz be egy esetleírást (YAML)"),
    "paste_game": ("Paste a position or a game record", "Illessz be egy állást vagy egy játszmaleírást"),
    "upload": ("or upload a file", "vagy tölts fel egy fájlt"),
    "example": ("or start from a shipped example", "vagy kezdj egy mellékelt példából"),
    "open": ("Open", "Megnyitás"),
    "format": ("Format", "Formátum"),
    "limit": ("Card limit", "Laplimit"),
    "limit_auto": ("from the list, else the one that makes it legal", "a listából, különben amelyikkel szabályos"),
    "date": ("Banlist as of (YYYY-MM-DD)", "Tiltólista napja (ÉÉÉÉ-HH-NN)"),
    "check": ("Check", "Ellenőrzés"),
    "legal": ("LEGAL", "SZABÁLYOS"),
    "illegal": ("ILLEGAL", "SZABÁLYTALAN"),
    "unreadable": ("cannot be read", "nem olvasható"),
    "sizes": ("tower {tower}, deck {deck}, sideboard {sideboard}", "torony {tower}, pakli {deck}, cserepakli {sideboard}"),
    "format_limit": ("format {format}, card limit {limit}", "formátum: {format}, laplimit: {limit}"),
    "no_findings": ("No findings.", "Nincs észrevétel."),
    "whole_deck": ("The whole list", "A teljes lista"),
    "deck_stats": ("Statistics", "Statisztika"),
    "deck_type": ("type / subtype", "típus / altípus"),
    "deck_cards": ("cards", "lap"),
    "deck_unknown": ("(unknown card)", "(ismeretlen lap)"),
    "deck_total": ("total", "összesen"),
    "deck_average_mp": ("average MP", "átlagos MP"),
    "not_shown": ("{n} more finding(s) not shown", "további {n} észrevétel nincs megjelenítve"),
    "search": ("Search", "Keresés"),
    "query": ("Query", "Keresés"),
    "explain": ("explain which clauses matched", "mutasd, melyik feltétel illett"),
    "sort": ("Sort by", "Rendezés"),
    "cards_found": ("{count} card(s)", "{count} lap"),
    "parsed": ("parsed", "értelmezve"),
    "matched": ("matched", "illett"),
    "query_help": ("e.g. type:kalandozó mp<=3, kw:kincskeresés>=2, faj:sarkany or faj:aquir",
                   "pl. type:kalandozó mp<=3, kw:kincskeresés>=2, faj:sarkany or faj:aquir"),
    "column": ("column", "oszlop"),
    "id": ("id", "azonosító"),
    "name": ("name", "név"),
    "type": ("type", "típus"),
    "keywords": ("keywords", "kulcsszavak"),
    "what_it_does": ("What it does", "Mit csinál"),
    "abilities": ("Abilities", "Képességek"),
    "source_file": ("Set file", "Készletfájl"),
    "no_card": ("No such card", "Nincs ilyen lap"),
    "rule": ("rule", "szabály"),
    "current": ("current", "érvényes"),
    "archived": ("archived", "archivált"),
    "applies": ("still applies", "ahol még érvényes"),
    "under": ("under", "szülő"),
    "points": ("Points", "Pontok"),
    "see_also": ("See also", "Lásd még"),
    "note": ("Note", "Megjegyzés"),
    "not_modelled": ("Not modelled", "Nem modellezett"),
    "scenarios": ("Ruling scenarios that cite it", "Esetleírások, amelyek hivatkoznak rá"),
    "rules_found": ("{n} rule(s)", "{n} szabály"),
    "no_rule": ("No such rule", "Nincs ilyen szabály"),
    "run": ("Run", "Futtatás"),
    "passed": ("PASS", "MEGFELEL"),
    "failed": ("FAIL", "ELTÉRÉS"),
    "done": ("done", "kész"),
    "step": ("Step", "Lépés"),
    "step_of": ("step {n} of {m}", "{m} lépésből a(z) {n}."),
    "setup": ("the setup", "a kezdőállás"),
    "back": ("◀ back", "◀ vissza"),
    "forward": ("forward ▶", "előre ▶"),
    "line": ("line", "sor"),
    "refused": ("REFUSED", "ELUTASÍTVA"),
    "remedy": ("to make it legal", "szabályossá tenné"),
    "stack": ("The timeline stack", "Az időfonalak"),
    "stack_none": ("No timeline is open.", "Nincs nyitott időfonal."),
    "timeline": ("timeline {number}: {kind} (opened by {opener})", "{number}. időfonal: {kind} (nyitotta: {opener})"),
    "top": ("top: resolves first (last in, first out)", "teteje: ez fejtődik vissza először (LIFO)"),
    "bottom": ("bottom: resolves last", "alja: ez fejtődik vissza utoljára"),
    "added_by": ("added by", "betette"),
    "passed_by": ("passed", "passzolt"),
    "legal_actions": ("Legal actions after this step", "Szabályos cselekvések e lépés után"),
    "none_turn": ("none (not their turn)", "nincs (nem ő következik)"),
    "diff": ("Expected otherwise", "Az elvárt eredménytől eltér"),
    "trace": ("Trace", "Lépések"),
    "replay": ("Replay", "Visszajátszás"),
    "position": ("Position", "Állás"),
    "valid": ("valid", "szabályos"),
    "invalid": ("invalid: {n} violation(s)", "szabálytalan: {n} szabálysértés"),
    "plies": ("{n} plies", "{n} lépés"),
    "ply": ("ply", "lépés"),
    "start": ("start", "kezdés"),
    "violations": ("Violations", "Szabálysértések"),
    "moves_here": ("Legal moves here ({n})", "Szabályos lépések itt ({n})"),
    "game_over": ("the game is over", "a játék véget ért"),
    "to_move": ("to move", "lép"),
    "options": ("Options (NAME=VALUE, one a line)", "Opciók (NÉV=ÉRTÉK, soronként)"),
    "error": ("Error", "Hiba"),
    "too_large": ("The input is larger than 1 MiB.", "A bemenet nagyobb 1 MiB-nál."),
    "time_limit": ("The request ran past the time limit and was stopped.", "A kérés túllépte az időkorlátot, leállítottuk."),
    "not_found": ("Not found", "Nem található"),
    "empty_input": ("Paste a text, upload a file or choose an example.",
                    "Illessz be szöveget, tölts fel fájlt vagy válassz példát."),
    "nav_table": ("Table", "Asztal"),
}

LABELS: dict[str, dict[str, str]] = {lang: {k: v[i] for k, v in _PAIRS.items()} for i, lang in enumerate(LANGS)}


def negotiate(header: str | None) -> str:
    """The first language of an ``Accept-Language`` header (by its q values) that korbiro speaks, else English.

    >>> negotiate("hu-HU,hu;q=0.9,en;q=0.8"), negotiate("de, en;q=0.5"), negotiate("de"), negotiate(None)
    ('hu', 'en', 'en', 'en')
    """
    best: tuple[float, int, str] | None = None
    for i, part in enumerate((header or "").split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGS and q > 0 and (best is None or (-q, i) < (-best[0], best[1])):
            best = (q, i, lang)
    return best[2] if best else "en"


def choose(query: str | None, cookie: str | None, header: str | None) -> str:
    """The page's language: ``?lang=``, else the cookie, else ``Accept-Language``, else English."""
    for given in (query, cookie):
        if given in LANGS:
            return str(given)
    return negotiate(header)


def translator(lang: str) -> Mapping[str, str]:
    return LABELS[lang if lang in LANGS else "en"]
