"""The rules text of every keyword (issue 20): each keyword object names its rule and values, the rule
index holds the texts in Hungarian and English, and `card show` prints them under the card text."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from click.testing import CliRunner

from korbiro.base.errors import DataError
from korbiro.cli import cli
from korbiro.grammar.keywords import (
    KEYWORD_CLASSES,
    Akadalyok,
    Akaratatvitel,
    Allando,
    AntissAbility,
    Antissjaras,
    AntissSymbol,
    BestiaAktivizalas,
    Csatlos,
    EgyIlyenEpitmeny,
    Expedicio,
    Fal,
    FreeText,
    Hatalomszo,
    Hatas,
    IgazNev,
    Kincs,
    Kincskereses,
    MozaikVarazslat,
    NegativHatas,
    NemesNyelv,
    NemSzakithatMegIdofonalat,
    NincsMasEroforras,
    Osero,
    Portyazas,
    PusztakezesKombinacio,
    Raepites,
    RaktarozandoKuldetes,
    Sebzes,
    Sorsfordito,
    Szam,
    Szellem,
    SzolgaNyelv,
    Tamadas,
    TitkosNyelv,
    Tulutes,
)
from korbiro.rules.mk.reminders import reminder, reminder_text, reminders
from korbiro.rules.mk.rulebook import load_rulebook, load_rulebook_file, rulebook_path


def test_the_example_of_the_issue() -> None:
    assert reminder_text(Kincskereses(2)) == "after a quest of Kincs at most 2, the team returns awake (1.14.14.B)"


def test_every_keyword_class_has_its_rules_text_in_both_languages() -> None:
    book = load_rulebook()
    for cls in KEYWORD_CLASSES:
        forms = cls.reminder_forms()
        if cls is FreeText:  # a quoted line is its own rules text
            assert (forms, cls.reminder_rule_id()) == ({}, None)
            continue
        assert forms, cls.__name__
        rule = book[cls.reminder_rule_id() or ""]
        for key, params in forms.items():
            texts = rule.reminders.get(key)
            assert texts is not None, (cls.__name__, rule.id, key)
            assert set(texts) == {"hu", "en"}
            for lang, text in texts.items():
                used = {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
                assert used == set(params), (cls.__name__, key, lang)  # every value of the line is in its text


EXAMPLES = [
    (Fal(3), 'FAL 3',
     "in a siege or a capture, 3 is added to the obstructing team's level (2.01)",
     'ostromban vagy bevételnél 3 adódik az akadályozó csapat szintjéhez (2.01)'),
    (IgazNev("Airun al Marem"), 'IGAZ NÉV "…"',
     'this card counts as "Airun al Marem": the two count together against the copy limit, and an effect naming either means both (2.02)',
     'ez a lap „Airun al Marem” lapnak számít: a laplimitben együtt számítanak, és a bármelyikükre hivatkozó hatás mindkettőre vonatkozik (2.02)'),
    (Expedicio(2), 'EXPEDÍCIÓ 2',
     'instead of solving the quest, a team meeting its condition may pay 1 MP for 2 DP; the quest then cannot be solved this round (2.03)',
     'a küldetés feltételét teljesítő csapat a megoldás helyett 1 MP-ért 2 DP-t szerezhet; a küldetés abban a fordulóban már nem oldható meg (2.03)'),
    (Akaratatvitel(3), 'AKARATÁTVITEL 3',
     "instead of the attack roll, an adventurer of current level 3 or lower moves, resting, into this card's controller's Sor (2.04)",
     'a támadásdobás helyett egy legfeljebb 3 aktuális szintű kalandozó pihenő helyzetben e lap irányítójának Sorába kerül (2.04)'),
    (Tulutes(2), 'TÚLÜTÉS 2',
     "overstrike 2; the rule's text is not available to korbiro (2.05)",
     'túlütés 2; a szabály szövege nem áll a korbiro rendelkezésére (2.05)'),
    (Hatas(), 'HÁTAS',
     'this beast is a mount, a Hátas (2.06)',
     'ez a bestia Hátas (2.06)'),
    (Hatas("Toroni"), '[Toroni] HÁTAS',
     'this beast is a mount, a Hátas, for an adventurer meeting [Toroni] (2.06)',
     'ez a bestia Hátas a(z) [Toroni] feltételt teljesítő kalandozónak (2.06)'),
    (Kincs(5), 'KINCS 5',
     'a treasure of 5: a team whose Kincskeresés adds up to at least 5 returns home awake after solving it (2.07)',
     '5 kincsérték: az a csapat, amelynek Kincskeresése összesen legalább 5, a megoldás után éberen tér haza (2.07)'),
    (Csatlos(), 'CSATLÓS',
     'a follower: attach it from hand to an adventurer as a free Sor manoeuvre; the host gains its abilities (2.09)',
     'csatlós: Kézből egy kalandozóhoz csatolható, ingyenes Sor-manőverként; a befogadó megkapja a képességeit (2.09)'),
    (Csatlos("Tolvaj"), '[Tolvaj] CSATLÓS',
     'a follower: attach it from hand to an adventurer meeting [Tolvaj] as a free Sor manoeuvre; the host gains its abilities (2.09)',
     'csatlós: Kézből egy [Tolvaj] feltételt teljesítő kalandozóhoz csatolható, ingyenes Sor-manőverként; a befogadó megkapja a képességeit (2.09)'),
    (Osero(), 'ŐSERŐ',
     'free while its player controls an aquir or dragon adventurer (2.12)',
     'ingyenes, amíg játékosa aquir vagy sárkány kalandozót irányít (2.12)'),
    (RaktarozandoKuldetes(), 'RAKTÁROZANDÓ KÜLDETÉS',
     "once solved, it is stored on one of its player's tower levels (one per level) and gives DP only while stored (1.14.3)",
     'megoldás után a játékos egyik toronyszintjén raktározódik (szintenként egy), és csak raktározva ad DP-t (1.14.3)'),
    (EgyIlyenEpitmeny(), 'EGY JÁTÉKOS LEGFELJEBB EGY ILYEN ÉPÍTMÉNYT IRÁNYÍTHAT',
     'a player controls at most one such building; gaining a second forces sacrificing one (1.14.4)',
     'egy játékos legfeljebb egy ilyen építményt irányíthat; ha másodikat szerez, az egyiket fel kell áldoznia (1.14.4)'),
    (NincsMasEroforras(), 'JÁTÉKOSA PAKLIJÁBAN NEM LEHET MÁS ERŐFORRÁS',
     "no other erőforrás event may be in its player's deck; the sideboard may hold some (1.14.5)",
     'játékosa paklijában nem lehet más erőforrás eseménylap; a Cserepakliban lehet (1.14.5)'),
    (BestiaAktivizalas(), 'A KÉPESSÉG BESTIA AKTIVIZÁLÁSNAK MINŐSÜL',
     'the ability enters a timeline only as a beast activation and is neutralised only as one, which does not kill the adventurer (1.14.7)',
     'a képesség csak bestia aktivizálásként kerül időfonalba és csak úgy semlegesíthető, ami nem öli meg a kalandozót (1.14.7)'),
    (Kincskereses(2), 'KINCSKERESÉS 2',
     'after a quest of Kincs at most 2, the team returns awake (1.14.14.B)',
     'legfeljebb 2 Kincsű küldetés megoldása után a csapat éberen tér haza (1.14.14.B)'),
    (NemSzakithatMegIdofonalat(), 'NEM SZAKÍTHAT MEG IDŐFONALAT',
     'it cannot be used once a deed has opened a timeline; phase timelines do not stop it (1.14.17)',
     'nem használható, ha egy cselekedet már időfonalat nyitott; a fázisok időfonalai nem korlátozzák (1.14.17)'),
    (Hatalomszo(), 'HATALOMSZÓ',
     'the adventurer may summon power words; with no dialect written it speaks SZOLGA NYELV (3.05.A)',
     'a kalandozó hatalomszót idézhet le; ha nincs dialektusa, SZOLGA NYELVen beszél (3.05.A)'),
    (SzolgaNyelv(), 'SZOLGA NYELV',
     'uses power words and suffers their negative effects (3.05.D)',
     'használja a hatalomszavakat, és elszenvedi negatív hatásukat (3.05.D)'),
    (NemesNyelv(), 'NEMES NYELV',
     'the power words it uses have no negative effect on it (3.05.D)',
     'az általa használt hatalomszavak negatív hatása nem éri (3.05.D)'),
    (TitkosNyelv(), 'TITKOS NYELV',
     'power words and their negative effects affect it only if its controller wishes (3.05.D)',
     'hatalomszó és annak negatív hatása csak irányítója akaratából hat rá (3.05.D)'),
    (NegativHatas("Elveszítesz 1 MP-t."), 'NEGATÍV HATÁS "…"',
     'the adventurer who summoned the power word suffers this (3.05.C)',
     'ezt a hatalomszót leidéző kalandozó szenvedi el (3.05.C)'),
    (PusztakezesKombinacio(4), 'PUSZTAKEZES KOMBINÁCIÓ 4',
     'if the attack roll succeeds and is at least 4, another unarmed attack may follow in the same timeline, as a fast effect (3.05.E)',
     'ha a támadásdobás sikeres és legalább 4, ugyanabban az időfonalban gyors hatásként újabb pusztakezes támadás következhet (3.05.E)'),
    (MozaikVarazslat(), 'MOZAIK VARÁZSLAT',
     'a mosaic spell: its player chooses the MP spent and its form on casting; its damage is the base value (7.00)',
     'mozaik varázslat: játékosa leidézéskor dönti el, mennyi MP-t költ rá és milyen formában; sebzése az alapérték (7.00)'),
    (AntissSymbol(), 'ANTISS',
     'the antiss mark: the adventurer is an antiss-wizard, as with Antissjárás II (8.01.A)',
     'antissjel: a kalandozó antissvarázsló, mintha Antissjárás II-vel rendelkezne (8.01.A)'),
    (Antissjaras(3), 'ANTISSJÁRÁS III',
     'Antissjárás III: the adventurer is an antiss-wizard (8.01.A)',
     'Antissjárás III: a kalandozó antissvarázsló (8.01.A)'),
    (AntissAbility("Nézd meg a kezét."), 'ANTISS "…"',
     'an antiss ability: an antiss-wizard activates it as an antiss manoeuvre (8.01.B)',
     'antissképesség: antissvarázsló aktivizálhatja, antissmanőverként (8.01.B)'),
    (Allando("+1 szint."), 'ÁLLANDÓ "…"',
     'a constant ability: it works continuously, needs no activation and opens no timeline (6.00)',
     'állandó képesség: folyamatosan hat, nem kell aktivizálni, és nem nyit időfonalat (6.00)'),
    (Szellem(2, "Kísért."), 'SZELLEM 2 "…"',
     'a ghost ability: on death the adventurer stays in the Present as a ghost for 2 rounds, this one included (11.00.B)',
     'szellemképesség: halálakor a kalandozó 2 fordulón át (ezt is beleértve) szellemként a Jelenben marad (11.00.B)'),
    (Raepites(2), 'RÁÉPÍTÉS 2 MP',
     'it can be built onto an adventurer, beast or trap for 2 MP instead of its MP requirement (10.00.C)',
     'kalandozóra, bestiára vagy csapdára építhető, MP-igénye helyett 2 MP-ért (10.00.C)'),
    (Akadalyok(2), 'AKADÁLYOK 2',
     "at most 2 obstacles may be attached to the quest, and they obstruct its solving (korbiro's reading, as a tower "
     "level's slots) (3.01.C)",
     'a küldetéshez legfeljebb 2 akadálylap csatolható, és ezek a megoldását akadályozzák (a korbiro olvasata, a '
     'toronyszint helyei szerint) (3.01.C)'),
    (Szam(2), 'SZÁM 2', 'the card is 2 beasts, or makes 2 attacks (option beast_number) (3.05.F)',
     'a lap 2 bestia, vagy 2 támadást tesz (beast_number beállítás) (3.05.F)'),
    (Tamadas(3), 'TÁMADÁS 3', "the beast's attack value: 3 is added to its attack roll (3.05.F)",
     'a bestia támadóértéke: támadásdobásához 3 adódik (3.05.F)'),
    (Sebzes(2), 'SEBZÉS 2', "each of the beast's attacks that hits deals 2 damage; armour lowers it (3.05.F)",
     'a bestia minden talált támadása 2 sebzést okoz; a vért csökkenti (3.05.F)'),
    (Sorsfordito(), 'SORSFORDÍTÓ',
     "fate-turner: the card may be summoned as a fast effect, into any open timeline (korbiro's reading, option "
     "sorsfordito) (6.00)",
     'sorsfordító: a lap gyors hatásként, bármely nyitott időfonalba leidézhető (a korbiro olvasata, sorsfordito '
     'beállítás) (6.00)'),
    (Portyazas(), 'PORTYÁZÁS',
     "raiding: the adventurer may start a combat manoeuvre against an opponent's adventurer (korbiro's reading) (4.01.A)",
     'portyázás: a kalandozó harc manővert indíthat egy ellenfél kalandozója ellen (a korbiro olvasata) (4.01.A)'),
]


@pytest.mark.parametrize(("keyword", "line", "en", "hu"), EXAMPLES, ids=[repr(e[0]) for e in EXAMPLES])
def test_rules_text_of_each_keyword(keyword: object, line: str, en: str, hu: str) -> None:
    found = reminder(keyword)  # type: ignore[arg-type]
    assert found is not None
    assert (found.line, found.text("en"), found.text("hu")) == (line, en, hu)
    assert found.to_dict() == {"line": line, "rule": found.rule, "en": en, "hu": hu}


def test_the_examples_cover_every_keyword_class_and_form() -> None:
    forms = {(type(k), k.reminder_key()) for k, *_ in EXAMPLES}
    assert forms == {(cls, key) for cls in KEYWORD_CLASSES for key in cls.reminder_forms()}


def test_free_text_has_none_and_a_line_is_explained_once() -> None:
    assert reminder(FreeText("Húzz egy lapot.")) is None
    got = reminders([Allando("a"), FreeText("b"), Allando("c"), AntissSymbol(), AntissAbility("d")])
    assert [(r.line, r.rule) for r in got] == [('ÁLLANDÓ "…"', "6.00"), ("ANTISS", "8.01.A"), ('ANTISS "…"', "8.01.B")]


def test_card_show_prints_the_rules_text_under_the_card_text() -> None:
    r = CliRunner().invoke(cli, ["card", "show", "Briar Sichetti", "--lang", "en"])
    assert r.exit_code == 0
    assert r.output.splitlines()[6:14] == [
        "  KINCSKERESÉS 2  [1.14.14]",
        "  NEMES NYELV     [3.05.D]",
        '  "Pihentesd Briar Sichettit: kapsz annyi MP-t, amennyi a legtöbb DP-vel rendelkező ellenfeled DP-je, '
        'legfeljebb 3-at."',
        "",
        "rules text:",
        "  KINCSKERESÉS 2: after a quest of Kincs at most 2, the team returns awake (1.14.14.B)",
        "  NEMES NYELV: the power words it uses have no negative effect on it (3.05.D)",
        "",
    ]
    hu = CliRunner().invoke(cli, ["card", "show", "A shadoni kísértetlovag", "--lang", "hu"])
    assert hu.output.splitlines()[5:9] == [
        '  SZELLEM 3 "Forduló zárásakor egy általad választott ellenfeled elveszít 1 MP-t."  [11.00.B]',
        "",
        "szabályszöveg:",
        '  SZELLEM 3 "…": szellemképesség: halálakor a kalandozó 3 fordulón át (ezt is beleértve) szellemként a '
        "Jelenben marad (11.00.B)",
    ]


def test_no_reminder_leaves_it_out() -> None:
    with_it = CliRunner().invoke(cli, ["card", "show", "Briar Sichetti", "--lang", "en"]).output.splitlines()
    without = CliRunner().invoke(cli, ["card", "show", "Briar Sichetti", "--no-reminder"]).output.splitlines()
    assert without == with_it[:9] + with_it[13:]
    data = json.loads(CliRunner().invoke(cli, ["card", "show", "Briar Sichetti", "--format", "json"]).output)
    assert data["reminders"][0] == {
        "line": "KINCSKERESÉS 2", "rule": "1.14.14.B",
        "en": "after a quest of Kincs at most 2, the team returns awake (1.14.14.B)",
        "hu": "legfeljebb 2 Kincsű küldetés megoldása után a csapat éberen tér haza (1.14.14.B)"}
    plain = json.loads(CliRunner().invoke(cli, ["card", "show", "Briar Sichetti", "--format", "json",
                                                "--no-reminder"]).output)
    assert "reminders" not in plain


def test_the_rule_index_refuses_a_reminder_no_keyword_can_fill(tmp_path: Path) -> None:
    text = rulebook_path().read_text("utf-8")
    good = '        en: "after a quest of Kincs at most {X}, the team returns awake"'
    assert good in text
    text = text.replace(good, '        en: "after a quest of Kincs at most {Y}, the team returns awake"')
    text = text.replace('      "TITKOS NYELV":', '      "TITKOS NYELVE":')
    bad = tmp_path / "rulebook.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_rulebook_file(bad)
    assert [(f.code, f.text("en")) for f in info.value.findings] == [
        ("MK-RULEBOOK-REMINDER-VALUE", "rule 1.14.14.B: the en reminder of 'KINCSKERESÉS' uses Y; the keyword fills {X}"),
        ("MK-RULEBOOK-REMINDER", "rule 3.05.D has a reminder for 'TITKOS NYELVE', which is not a keyword form it explains"),
    ]
    assert info.value.findings[1].text("hu") == (
        "a(z) 3.05.D szabálynál emlékeztető áll a(z) 'TITKOS NYELVE' alakhoz, de azt nem ez a szabály magyarázza")
