"""Deck legality: every rule with a legal and an illegal deck, exact codes, rules and lines."""

from __future__ import annotations

import datetime as dt
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layout import ROOT
from sample import SHIPPED_CARDS

from korbiro.cli import cli
from korbiro.data.cards import Card, CardDatabase
from korbiro.data.check import load_database
from korbiro.data.formats import banlist_findings, load_formats
from korbiro.data.index import CardIndex, open_index
from korbiro.data.paths import shipped_db_path
from korbiro.grammar.decklist import parse_deck_text, read_deck_file
from korbiro.rules.mk.deck import check_deck, check_exchange

DECKS = ROOT / "examples" / "decks"
DAY = dt.date(2026, 11, 29)

FILL = ["Briar Sichetti", "Garmacs, a kincsvadász", "Gorviki zsoldos", "Vadonjáró Thorwald",
        "A pyarroni katakombák kincse", "Az abasziszi karaván kísérete", "Győzelmi oszlop",
        "Tükörútvesztő", "Wirg", "Harci griff", "Őstűz teremtése", "Slan ököl", "Kétkezes csapás",
        "Erioni vásárnap", "Kotan vigyázó tekintete", "Shadoni Kereskedőliga", "Pyarroni áldás",
        "Omladozó lépcső", "Lidércfény", "Az erioni vásár", "Kürtőváros"]
SIDE = ["Barlangi medve", "Méregtüskés padló", "Sárkánytűz", "Toroni tornapajzs", "Gorviki láncing",
        "Lassú méreg", "Pyarroni faltörő kos", "Tolvajszerszámok", "Fekete himlő Shadonban",
        "Orkroham a határon", "Erioni kikötő", "Pyarroni szentély", "Shadoni kémközpont",
        "Abasziszi karavánszeráj", "Az ősök kútja", "Pyarroni novícius"]
TOWER = "Torony:\nArgureni bálterem\nKincses kamra\nToroni őrtorony\n"


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return load_database()


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return open_index()


def make(size: int, *, copies: int = 3, side: int = 0, head: str = "", tower: str = TOWER) -> str:
    """A deck of *size* future-deck cards, *copies* of each kind, *side* sideboard cards."""
    lines, left, i = [], size, 0
    while left > 0:
        n = min(copies, left)
        lines.append(f"{n} {FILL[i]}")
        left -= n
        i += 1
    text = head + tower + "Pakli:\n" + "\n".join(lines) + "\n"
    if side:
        text += "Cserepakli:\n" + "".join(f"1 {c}\n" for c in SIDE[:side])
    return text


def verdict(db: CardDatabase, text: str, **kw: object) -> tuple[bool, int | None, list[tuple[str, str | None, int | None]]]:
    report = check_deck(parse_deck_text(text, "d.deck"), db, date=kw.pop("date", DAY), **kw)  # type: ignore[arg-type]
    errors = [(f.code, f.rule, f.line) for f in report.findings if f.severity.value == "error"]
    return report.legal, report.limit, errors


# ---------------------------------------------------------------- 1.02.A-C


def test_40_cards_limit_3_is_legal(db: CardDatabase) -> None:
    assert verdict(db, make(40)) == (True, 3, [])


def test_39_cards_is_illegal_under_both_limits(db: CardDatabase) -> None:
    legal, limit, errors = verdict(db, make(39))
    assert (legal, limit) == (False, 3)
    assert errors == [("MK-DECK-NO-LIMIT", "1.02.A", 1), ("MK-DECK-MIN-SIZE", "1.02.B", 6)]


def test_60_cards_limit_4_is_legal(db: CardDatabase) -> None:
    assert verdict(db, make(60, copies=4)) == (True, 4, [])


def test_59_cards_with_four_copies_is_illegal(db: CardDatabase) -> None:
    legal, limit, errors = verdict(db, make(59, copies=4))
    assert legal is False
    codes = {(c, r) for c, r, _ in errors}
    assert ("MK-DECK-NO-LIMIT", "1.02.A") in codes
    # under limit 4 the deck is one card short; under limit 3 it has 4-ofs
    assert ("MK-DECK-MIN-SIZE", "1.02.C") in codes or ("MK-DECK-COPY-LIMIT", "1.02.A") in codes


def test_declared_limit_4_with_59_cards(db: CardDatabase) -> None:
    legal, limit, errors = verdict(db, make(59, copies=4, head="Laplimit: 4\n"))
    assert (legal, limit) == (False, 4)
    assert errors == [("MK-DECK-MIN-SIZE", "1.02.C", 7)]


def test_declared_limit_4_with_60_cards(db: CardDatabase) -> None:
    assert verdict(db, make(60, copies=4, head="Laplimit: 4\n")) == (True, 4, [])


def test_four_copies_in_40_card_deck(db: CardDatabase) -> None:
    legal, limit, errors = verdict(db, make(36) + "4 Kotan vigyázó tekintete\n")
    assert (legal, limit) == (False, 3)
    assert errors == [("MK-DECK-NO-LIMIT", "1.02.A", 1), ("MK-DECK-COPY-LIMIT", "1.02.A", 18)]


def test_many_four_ofs_in_40_cards_explains_with_the_fewest_problems(db: CardDatabase) -> None:
    # limit 3 would need ten copy-limit fixes, limit 4 one size fix: the report follows limit 4
    legal, limit, errors = verdict(db, make(40, copies=4))
    assert (legal, limit) == (False, 4)
    assert errors == [("MK-DECK-NO-LIMIT", "1.02.A", 1), ("MK-DECK-MIN-SIZE", "1.02.C", 6)]


def test_three_copies_declared_limit_3_60_cards_legal(db: CardDatabase) -> None:
    assert verdict(db, make(60, copies=3, head="Laplimit: 3\n")) == (True, 3, [])


def test_tower_levels_do_not_count_towards_size(db: CardDatabase) -> None:
    # 37 + 3 tower levels is still 37 (1.02.B)
    legal, _, errors = verdict(db, make(37))
    assert legal is False
    assert ("MK-DECK-MIN-SIZE", "1.02.B", 6) in errors


def test_copy_message_names_card_and_limit(db: CardDatabase) -> None:
    report = check_deck(read_deck_file(str(DECKS / "illegal-copies.deck")), db, date=DAY)
    f = next(f for f in report.findings if f.code == "MK-DECK-COPY-LIMIT")
    assert (f.line, f.card, f.rule) == (20, "Kétkezes csapás", "1.02.A")
    assert f.message == "4 copies of 'Kétkezes csapás' (max 3)"
    assert f.text("hu") == "4 példány ebből: 'Kétkezes csapás' (legfeljebb 3)"


# ---------------------------------------------------------------- 3.01.A


@pytest.mark.parametrize(
    ("tower", "expected"),
    [
        ("Torony:\nArgureni bálterem\nKincses kamra\nToroni őrtorony\n", []),
        ("Torony:\nArgureni bálterem\nKincses kamra\n", [("MK-DECK-TOWER-SIZE", "3.01.A")]),
        ("Torony:\nArgureni bálterem\nKincses kamra\nToroni őrtorony\nErioni könyvtárterem\n",
         [("MK-DECK-TOWER-SIZE", "3.01.A")]),
        ("Torony:\n2 Kincses kamra\nToroni őrtorony\n", [("MK-DECK-TOWER-DIFFERENT", "3.01.A")]),
        ("Torony:\nKincses kamra\nKincses kamra\n", [("MK-DECK-TOWER-DIFFERENT", "3.01.A"), ("MK-DECK-TOWER-SIZE", "3.01.A")]),
        ("Torony:\nWirg\nKincses kamra\nToroni őrtorony\n", [("MK-DECK-TOWER-TYPE", "3.01.A")]),
    ],
)
def test_starting_tower(db: CardDatabase, tower: str, expected: list[tuple[str, str]]) -> None:
    _, _, errors = verdict(db, make(40, tower=tower))
    assert [(c, r) for c, r, _ in errors] == expected


# ---------------------------------------------------------------- 1.13


@pytest.mark.parametrize(("size", "copies", "side", "legal"), [
    (40, 3, 12, True), (40, 3, 13, False), (60, 4, 15, True), (60, 4, 16, False),
])
def test_sideboard_size(db: CardDatabase, size: int, copies: int, side: int, legal: bool) -> None:
    ok, limit, errors = verdict(db, make(size, copies=copies, side=side, head=f"Laplimit: {copies}\n"))
    assert ok is legal
    assert limit == copies
    if not legal:
        assert [(c, r) for c, r, _ in errors] == [("MK-DECK-SIDEBOARD-SIZE", "1.13")]


def test_sideboard_13_legal_under_limit_4_when_deck_has_60(db: CardDatabase) -> None:
    # undeclared: limit 3 fails on the sideboard, limit 4 works (60 cards, sideboard <= 15)
    assert verdict(db, make(60, copies=3, side=13)) == (True, 4, [])


def test_copies_across_deck_and_sideboard_count_together(db: CardDatabase) -> None:
    text = make(40) + "Cserepakli:\n1 Briar Sichetti\n"
    _, _, errors = verdict(db, text)
    assert ("MK-DECK-COPY-LIMIT", "1.02.A", 6) in errors


def test_sealed_lifts_sideboard_limit(db: CardDatabase) -> None:
    report = check_deck(read_deck_file(str(DECKS / "legal-sealed.deck")), db, date=DAY)
    assert (report.legal, report.format, report.sizes["sideboard"]) == (True, "frissen-bontott", 30)
    # the same list under the constructed format is illegal on its sideboard
    report = check_deck(read_deck_file(str(DECKS / "legal-sealed.deck")), db, fmt="korfordulo", date=DAY)
    assert report.legal is False
    assert {f.code for f in report.findings if f.severity.value == "error"} >= {"MK-DECK-SIDEBOARD-SIZE"}


def test_exchange_keeps_sizes(db: CardDatabase) -> None:
    before = read_deck_file(str(DECKS / "match-game1.deck"))
    assert check_exchange(before, read_deck_file(str(DECKS / "match-game2.deck")), db) == []
    bad = check_exchange(before, read_deck_file(str(DECKS / "match-game2-illegal.deck")), db)
    # a sideboard card entered the deck while nothing left it: the pool grew by one, lost one
    assert [(f.code, f.rule, f.card) for f in bad] == [
        ("MK-DECK-EXCHANGE-CARDS", "1.13.C", "Erioni vásárnap"),
        ("MK-DECK-EXCHANGE-CARDS", "1.13.C", "Barlangi medve"),
    ]
    grown = parse_deck_text(Path(DECKS / "match-game2.deck").read_text("utf-8") + "Cserepakli:\n1 Az ősök kútja\n", "g.deck")
    assert [(f.code, f.rule) for f in check_exchange(before, grown, db)] == [
        ("MK-DECK-EXCHANGE-SIZE", "1.13.C"),
        ("MK-DECK-EXCHANGE-CARDS", "1.13.C"),
    ]


# ---------------------------------------------------------------- 2.02, 1.14.5


def test_true_name_cards_count_together(db: CardDatabase) -> None:
    report = check_deck(read_deck_file(str(DECKS / "illegal-true-name.deck")), db, date=DAY)
    errors = [(f.code, f.rule, f.card) for f in report.findings if f.severity.value == "error"]
    assert ("MK-DECK-COPY-LIMIT", "2.02", "A Sötét Térítő / Airun al Marem") in errors


def test_true_name_three_together_is_legal(db: CardDatabase) -> None:
    text = make(37) + "2 Airun al Marem\n1 A Sötét Térítő\n"
    assert verdict(db, text) == (True, 3, [])


def test_no_other_resource(db: CardDatabase) -> None:
    report = check_deck(read_deck_file(str(DECKS / "illegal-resource.deck")), db, date=DAY)
    errors = [(f.code, f.rule, f.card, f.line) for f in report.findings if f.severity.value == "error"]
    assert errors == [("MK-DECK-OTHER-RESOURCE", "1.14.5", "Erioni vásárnap", 21)]


def test_resource_alone_is_legal(db: CardDatabase) -> None:
    text = make(38) + "2 A dzsad kereskedőházak hitele\nCserepakli:\n1 Erioni vásárnap\n"
    text = text.replace("3 Erioni vásárnap", "3 Kotan vigyázó tekintete")
    assert verdict(db, text) == (True, 3, [])


# ---------------------------------------------------------------- banlists


def test_banned_card_by_date(db: CardDatabase) -> None:
    text = make(39) + "1 Zászlóháború\n"
    assert verdict(db, text, date=dt.date(2026, 2, 28)) == (True, 3, [])
    legal, _, errors = verdict(db, text, date=dt.date(2026, 3, 1))
    assert (legal, errors) == (False, [("MK-DECK-BANNED", "banlist:korfordulo", 19)])


@pytest.mark.parametrize(("day", "legal"), [
    (dt.date(2025, 8, 31), True), (dt.date(2025, 9, 1), False), (dt.date(2026, 5, 31), False), (dt.date(2026, 6, 1), True),
])
def test_restricted_card_by_date(db: CardDatabase, day: dt.date, legal: bool) -> None:
    text = make(38) + "2 Dzsad bankház\n"
    ok, _, errors = verdict(db, text, date=day)
    assert ok is legal
    if not legal:
        assert errors == [("MK-DECK-RESTRICTED", "banlist:korfordulo", 19)]


def test_a_listed_card_counts_in_the_sections_the_format_counts(db: CardDatabase) -> None:
    # the deck and the tower always; the sideboard where it counts under the copy limit (1.13.F: not in sealed)
    korfordulo = load_formats().get("korfordulo")
    side = make(40) + "Cserepakli:\n1 Zászlóháború\n"
    assert verdict(db, side) == (False, 3, [("MK-DECK-BANNED", "banlist:korfordulo", 21)])
    assert verdict(db, side, fmt=replace(korfordulo, sideboard_counts_for_limit=False)) == (True, 3, [])
    tower = make(40, tower=TOWER.replace("Toroni őrtorony", "Zászlóháború"))
    for form in (korfordulo, replace(korfordulo, tower_counts_for_limit=True)):
        assert verdict(db, tower, fmt=form) == (False, 3, [("MK-DECK-BANNED", "banlist:korfordulo", 4),
                                                            ("MK-DECK-TOWER-TYPE", "3.01.A", 4)])


def test_a_banlist_read_again_is_not_answered_from_the_databases_memo(index: CardIndex) -> None:
    # the same database (a web worker keeps its index) checks a deck under the format's file as it was,
    # then as edited: the card the edit bans is banned
    korfordulo = load_formats().get("korfordulo")
    edited = replace(korfordulo, banlist=(*korfordulo.banlist, replace(korfordulo.banlist[1], card="Wirg")))
    deck = parse_deck_text(make(40), "d.deck")  # three Wirg among them
    assert check_deck(deck, index, fmt=korfordulo, date=DAY).legal
    report = check_deck(deck, index, fmt=edited, date=DAY)
    assert [(f.code, f.rule, f.card) for f in report.findings if f.severity.value == "error"] == [
        ("MK-DECK-BANNED", "banlist:korfordulo", "Wirg")]
    assert check_deck(deck, index, fmt=korfordulo, date=DAY).legal


def test_shipped_banlists_validate(db: CardDatabase) -> None:
    from korbiro.base.yamlload import load_yaml_file
    from korbiro.data.formats import shipped_formats_path
    from korbiro.data.schema import iter_schema_findings

    assert list(iter_schema_findings(load_yaml_file(shipped_formats_path()), "mk-formats")) == []
    assert banlist_findings(load_formats(), [c.name for c in db]) == []


def test_banlist_self_checks(tmp_path: Path, db: CardDatabase) -> None:
    p = tmp_path / "f.yaml"
    p.write_text(
        "formats:\n  x:\n    name: X\n    kind: constructed\n    limits: [{limit: 3, min_deck: 40}]\n    banlist:\n"
        "      - {date: '2026-01-01', card: Wirg, status: banned, reason: r, source: s}\n"
        "      - {date: '2025-01-01', card: Wirg, status: banned, reason: r, source: s}\n"
        "      - {date: '2026-02-01', card: Nincs ilyen, status: banned, reason: r, source: s}\n",
        encoding="utf-8",
    )
    got = [(f.code, f.line) for f in banlist_findings(load_formats(p), [c.name for c in db])]
    assert got == [("MK-BANLIST-ORDER", 8), ("MK-BANLIST-REDUNDANT", 8), ("MK-BANLIST-UNKNOWN-CARD", 9)]


def test_a_default_format_the_file_does_not_have(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The formats file's error at its line (issue 25), not an unknown format blamed on the deck."""
    from clirun import run_main

    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path / "cache"))
    p = tmp_path / "f.yaml"
    p.write_text("default: nincs\nformats:\n  x:\n    name: X\n    kind: constructed\n"
                 "    limits: [{limit: 3, min_deck: 40}]\n", encoding="utf-8")
    said = f"{p}:1:10: error MK-FORMATS-DEFAULT: the default format 'nincs' is none of the file's formats: x\n"
    got = run_main(["deck", "check", str(DECKS / "legal-limit3.deck"), "--formats", str(p)])
    assert (got.code, got.stdout, got.stderr) == (2, "", said)
    got = run_main(["data", "check", str(shipped_db_path()), "--formats", str(p)])
    assert (got.code, got.stdout) == (1, said + f"1 file(s), {SHIPPED_CARDS} card(s): 1 error(s), 0 warning(s)\n")


# ---------------------------------------------------------------- names


def test_unknown_card_suggests(db: CardDatabase) -> None:
    report = check_deck(read_deck_file(str(DECKS / "illegal-unknown-card.deck")), db, date=DAY)
    f = next(f for f in report.findings if f.code == "MK-DECK-UNKNOWN-CARD")
    assert (f.line, f.column, f.card) == (16, 3, "Wrig")
    assert f.message == "unknown card 'Wrig' (did you mean 'Wirg'?)"


def test_accent_and_case_insensitive_names_resolve_with_a_note(db: CardDatabase) -> None:
    report = check_deck(parse_deck_text(make(39) + "1 kotan vigyazo tekintete\n", "d.deck"), db, date=DAY)
    assert report.legal is True
    notes = [(f.code, f.severity.value, f.card) for f in report.findings]
    assert notes == [("MK-DECK-NAME-SPELLING", "note", "Kotan vigyázó tekintete")]


def test_ambiguous_name_is_refused() -> None:
    small = CardDatabase([Card("A-001", "Kard", "akciólap"), Card("A-002", "Kárd", "akciólap")])
    deck = parse_deck_text("1 KARD\n", "d.deck")
    report = check_deck(deck, small, date=DAY)
    f = next(f for f in report.findings if f.code == "MK-DECK-AMBIGUOUS-CARD")
    assert (f.line, f.message) == (1, "'KARD' is ambiguous: Kard (A-001), Kárd (A-002); write the id")


def test_cards_by_id(db: CardDatabase) -> None:
    text = make(37) + "3 MINTA-078\n"
    assert verdict(db, text) == (True, 3, [])


# ---------------------------------------------------------------- the example decks


EXPECTED = {
    "legal-limit3.deck": (True, []),
    "legal-limit4.deck": (True, []),
    "legal-sealed.deck": (True, []),
    "legal-draft.deck": (True, []),
    "legal-yaml.yaml": (True, []),
    "match-game1.deck": (True, []),
    "match-game2.deck": (True, []),
    "illegal-size39.deck": (False, ["MK-DECK-NO-LIMIT", "MK-DECK-MIN-SIZE"]),
    "illegal-size59-limit4.deck": (False, ["MK-DECK-MIN-SIZE"]),
    "illegal-copies.deck": (False, ["MK-DECK-NO-LIMIT", "MK-DECK-COPY-LIMIT"]),
    "illegal-tower.deck": (False, ["MK-DECK-TOWER-DIFFERENT"]),
    "illegal-sideboard13.deck": (False, ["MK-DECK-NO-LIMIT", "MK-DECK-SIDEBOARD-SIZE"]),
    "illegal-true-name.deck": (False, ["MK-DECK-NO-LIMIT", "MK-DECK-COPY-LIMIT"]),
    "illegal-resource.deck": (False, ["MK-DECK-OTHER-RESOURCE"]),
    "illegal-banned.deck": (False, ["MK-DECK-BANNED"]),
    "illegal-unknown-card.deck": (False, ["MK-DECK-UNKNOWN-CARD"]),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_decks(db: CardDatabase, name: str) -> None:
    report = check_deck(read_deck_file(str(DECKS / name)), db, date=DAY)
    legal, codes = EXPECTED[name]
    assert report.legal is legal
    assert [f.code for f in report.findings if f.severity.value == "error"] == codes


def test_every_example_deck_is_listed() -> None:
    files = {p.name for p in DECKS.iterdir()} - {"match-game2-illegal.deck"}
    assert files == set(EXPECTED)


# ---------------------------------------------------------------- CLI


def test_cli_legal_deck_exit_0() -> None:
    r = CliRunner().invoke(cli, ["deck", "check", str(DECKS / "legal-limit3.deck"), "--lang", "en", "--date", "2026-11-29"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0].endswith(
        "legal-limit3.deck: LEGAL (format korfordulo, card limit 3; tower 3, deck 40, sideboard 12)")


def test_cli_illegal_deck_exit_1_json() -> None:
    r = CliRunner().invoke(cli, ["deck", "check", str(DECKS / "illegal-copies.deck"), "--format", "json",
                                 "--lang", "en", "--date", "2026-11-29"])
    assert r.exit_code == 1
    data = json.loads(r.output)
    assert data["legal"] is False
    f = next(f for f in data["findings"] if f["code"] == "MK-DECK-COPY-LIMIT")
    assert (f["rule"], f["line"], f["card"], f["severity"]) == ("1.02.A", 20, "Kétkezes csapás", "error")


def test_cli_many_decks_and_github_format() -> None:
    r = CliRunner().invoke(cli, ["deck", "check", str(DECKS / "legal-limit3.deck"), str(DECKS / "illegal-banned.deck"),
                                 "--format", "github", "--date", "2026-11-29"])
    assert r.exit_code == 1
    assert "::error file=" in r.output and "title=MK-DECK-BANNED (banlist%3Akorfordulo)" in r.output


def test_cli_hungarian() -> None:
    r = CliRunner().invoke(cli, ["deck", "check", str(DECKS / "illegal-size39.deck"), "--lang", "hu", "--date", "2026-11-29"])
    assert r.exit_code == 1
    assert "SZABÁLYTALAN" in r.output
    assert "a Jövő pakli 39 lapos; 3-es laplimithez legalább 40 lap kell" in r.output


def test_cli_missing_deck_exit_2() -> None:
    r = CliRunner().invoke(cli, ["deck", "check", "nincs-ilyen.deck"])
    assert r.exit_code == 2
    assert "does not exist" in r.output


def test_cli_after_exchange() -> None:
    r = CliRunner().invoke(cli, ["deck", "check", str(DECKS / "match-game2-illegal.deck"), "--after-exchange",
                                 str(DECKS / "match-game1.deck"), "--date", "2026-11-29", "--format", "json"])
    assert r.exit_code == 1
    codes = [f["code"] for f in json.loads(r.output)["findings"]]
    assert "MK-DECK-EXCHANGE-CARDS" in codes


def test_cli_stdin() -> None:
    r = CliRunner().invoke(cli, ["deck", "check", "-", "--date", "2026-11-29", "--lang", "en"], input=make(40))
    assert r.exit_code == 0, r.output
    assert r.output.startswith("<stdin>: LEGAL")


# ---------------------------------------------------------------- properties

names = st.sampled_from(FILL + SIDE + ["Argureni bálterem", "Kincses kamra", "Wrig", "٣ Bolt", "x4", "", "#"])
line = st.one_of(
    st.tuples(st.integers(min_value=-2, max_value=6), names).map(lambda t: f"{t[0]} {t[1]}"),
    st.sampled_from(["Torony:", "Pakli:", "Cserepakli:", "Tower:", "Laplimit: 4", "Laplimit: 9", "4x", ""]),
    st.text(max_size=30),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(line, max_size=40))
def test_random_deck_lists_never_crash(db: CardDatabase, lines: list[str]) -> None:
    report = check_deck(parse_deck_text("\n".join(lines), "r.deck"), db, date=DAY)
    assert report.legal == (not any(f.severity.value == "error" for f in report.findings))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=30, max_value=65),
       st.integers(min_value=1, max_value=5), st.integers(min_value=0, max_value=16))
def test_findings_stable_under_reordering(db: CardDatabase, seed: int, size: int, copies: int, side: int) -> None:
    size = min(size, copies * len(FILL))
    text = make(size, copies=copies, side=side, tower="")
    body = [ln for ln in text.splitlines() if ln and not ln.endswith(":")]
    deck_lines = [ln for ln in body if not any(ln.endswith(s) for s in SIDE)]
    side_lines = [ln for ln in body if any(ln.endswith(s) for s in SIDE)]
    rng = random.Random(seed)

    def key(lines_d: list[str], lines_s: list[str]) -> list[tuple[str, str | None, str | None]]:
        t = TOWER + "Pakli:\n" + "\n".join(lines_d) + "\nCserepakli:\n" + "\n".join(lines_s) + "\n"
        r = check_deck(parse_deck_text(t, "r.deck"), db, date=DAY)
        return sorted((f.code, f.rule, f.card) for f in r.findings)

    first = key(deck_lines, side_lines)
    rng.shuffle(deck_lines)
    rng.shuffle(side_lines)
    assert key(deck_lines, side_lines) == first


spelled = st.sampled_from(["wirg", "TUKORUTVESZTO", "MINTA-004", "minta-005", "A Sötét Térítő", "Airun al Marem",
                           "Dzsad bankház", "Zászlóháború", "Harci  griff", "Wrig"])
checked_line = st.one_of(line, st.tuples(st.integers(min_value=1, max_value=4), spelled).map(lambda t: f"{t[0]} {t[1]}"))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(checked_line, max_size=40), st.sampled_from([dt.date(2024, 8, 31), dt.date(2025, 10, 1), DAY]))
def test_the_loaded_database_and_the_index_give_the_same_report(index: CardIndex, lines: list[str],
                                                               day: dt.date) -> None:
    # the loaded database answers exact names from its table made in bulk; the index looks each name up
    text = "\n".join(lines)
    a = check_deck(parse_deck_text(text, "r.deck"), index.database(), date=day)
    b = check_deck(parse_deck_text(text, "r.deck"), index, date=day)
    assert a.to_dict() == b.to_dict()
    assert [f.render_text() for f in a.findings] == [f.render_text() for f in b.findings]


def test_the_table_of_exact_names_answers_as_lookup_and_kind_of() -> None:
    # an id before a name, the first card of a name, IGAZ NÉV kin sharing one kind (2.02)
    cards = [Card("X-1", "Wirg", "kalandozó"), Card("X-2", "Wirg", "kalandozó"), Card("Wirg", "Más", "kalandozó"),
             Card("X-3", "Ódon Kard", "tárgylap", text="IGAZ NÉV: Wirg", keywords=(), true_names=["Wirg"])]
    db = CardDatabase(cards)
    table = db.exact_kinds()
    assert {q: (c.id, k) for q, (c, k) in table.items()} == {
        "Wirg": ("Wirg", "mas"), "X-1": ("X-1", "odon kard"), "X-2": ("X-2", "odon kard"),
        "Más": ("Wirg", "mas"), "X-3": ("X-3", "odon kard"), "Ódon Kard": ("X-3", "odon kard")}
    for query, (card, kind) in table.items():
        assert db.lookup(query).card is card and db.kind_of(card) == kind
    assert db.exact_kinds() is table


def test_bom_crlf_and_no_final_newline(db: CardDatabase, tmp_path: Path) -> None:
    text = make(40).replace("\n", "\r\n").rstrip("\r\n")
    p = tmp_path / "win.deck"
    p.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    report = check_deck(read_deck_file(str(p)), db, date=DAY)
    assert (report.legal, report.sizes) == (True, {"tower": 3, "deck": 40, "sideboard": 0})
    bad = tmp_path / "bad.deck"
    bad.write_bytes(b"\xef\xbb\xbf" + (text + "\r\n1 Wrig").encode("utf-8"))
    f = next(f for f in check_deck(read_deck_file(str(bad)), db, date=DAY).findings if f.code == "MK-DECK-UNKNOWN-CARD")
    assert (f.line, f.column) == (20, 3)


@pytest.mark.parametrize(("line", "code"), [
    ("0 Wirg", "MK-DECK-COUNT"), ("-1 Wirg", "MK-DECK-COUNT"), ("99999999999999999999 Wirg", "MK-DECK-COUNT"),
    ("4x", "MK-DECK-COUNT"), ("٣ Wirg", "MK-DECK-COUNT"), ("Laplimit: 5", "MK-DECK-BAD-LIMIT"),
])
def test_bad_counts_rejected_at_line_and_column(line: str, code: str) -> None:
    deck = parse_deck_text("Pakli:\n  " + line + "\n", "c.deck")
    assert [(f.code, f.line, f.column) for f in deck.findings] == [(code, 2, 3 if code == "MK-DECK-COUNT" else 13)]


def test_no_limit_is_said_from_its_template_in_both_languages(db: CardDatabase) -> None:
    """MK-DECK-NO-LIMIT's English is made by joins (speed); its template says the same, and the
    Hungarian is made from each limit's findings when printed."""
    from korbiro.base.findings import Finding

    report = check_deck(read_deck_file(str(DECKS / "illegal-size39.deck")), db)
    f = next(f for f in report.findings if f.code == "MK-DECK-NO-LIMIT")
    assert Finding(f.code, "", args=f.args).text("en") == f.message
    assert f.text("hu") == (
        "egyik laplimittel sem szabályos a pakli: 3-es laplimit: a Jövő pakli 39 lapos; 3-es laplimithez legalább "
        "40 lap kell (a kezdő toronyszintek nem számítanak); 4-es laplimit: a Jövő pakli 39 lapos; 4-es "
        "laplimithez legalább 60 lap kell (a kezdő toronyszintek nem számítanak)")
