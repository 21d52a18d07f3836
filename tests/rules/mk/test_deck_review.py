"""Issue 25, the deck check: the exchange check (1.13.C) with notes and unknown cards, one counting of a
deck's sizes for check, show and the web page, the text/YAML sniffing of a deck list, and an unknown format."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from clirun import run_main
from hypothesis import given, settings
from hypothesis import strategies as st
from layout import ROOT

import korbiro
from korbiro.base.errors import DeckError, UsageError
from korbiro.base.text import fold
from korbiro.data.formats import load_formats
from korbiro.data.index import CardIndex, open_index
from korbiro.grammar.decklist import SECTIONS, parse_deck_text, read_deck_bytes
from korbiro.rules.mk.deck import check_deck, check_exchange
from korbiro.rules.mk.deckstats import DeckStats

GAME1 = (ROOT / "examples" / "decks" / "match-game1.deck").read_text("utf-8")


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return open_index()


def _write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, "utf-8")
    return str(path)


def _exchange_pair(folder: Path) -> tuple[str, str]:
    """A.deck: game 1 with a dropped accent (a spelling note); B.deck: game 1 with its last sideboard card gone."""
    before = GAME1.replace("3 Kétkezes csapás", "3 Ketkezes csapás")
    after = GAME1.replace("1 Pyarroni szentély\n", "")
    assert before != GAME1 and after != GAME1
    return _write(folder, "A.deck", before), _write(folder, "B.deck", after)


# ---------------------------------------------------------------- 1. the exchange (1.13.C) with notes


def test_cli_exchange_with_a_spelling_note_still_checks_the_sizes(tmp_path: Path) -> None:
    a, b = _exchange_pair(tmp_path)
    ran = run_main(["deck", "exchange", a, b, "--lang", "en"])
    assert ran.code == 1, ran.stdout + ran.stderr
    assert ran.stdout == (
        f"{b}: ILLEGAL exchange from {a}\n"
        f"{a}:20:3: note MK-DECK-NAME-SPELLING: read 'Ketkezes csapás' as 'Kétkezes csapás'\n"
        f"{b}:1: error MK-DECK-EXCHANGE-CARDS [1.13.C]: 'Pyarroni szentély': 1 copies before the exchange, 0 now; "
        "cards may only move between deck and sideboard\n"
        f"{b}:24: error MK-DECK-EXCHANGE-SIZE [1.13.C]: the sideboard had 12 cards before the exchange and has 11 "
        "now; an exchange keeps both sizes\n")


def test_cli_exchange_json_with_a_note_is_legal_when_nothing_changed(tmp_path: Path) -> None:
    a, _b = _exchange_pair(tmp_path)
    same = _write(tmp_path, "same.deck", GAME1)
    ran = run_main(["deck", "exchange", a, same, "--format", "json", "--lang", "en"])
    assert ran.code == 0, ran.stdout + ran.stderr
    got = json.loads(ran.stdout)
    assert got["legal"] is True
    assert [(f["code"], f["severity"]) for f in got["findings"]] == [("MK-DECK-NAME-SPELLING", "note")]


def test_cli_after_exchange_with_a_spelling_note_still_checks_the_sizes(tmp_path: Path) -> None:
    a, b = _exchange_pair(tmp_path)
    ran = run_main(["deck", "check", b, "--after-exchange", a, "--format", "json", "--lang", "en",
                    "--date", "2026-11-29"])
    assert ran.code == 1, ran.stdout + ran.stderr
    got = json.loads(ran.stdout)
    assert got["legal"] is False
    assert [(f["code"], f["rule"], f["file"], f["line"]) for f in got["findings"]] == [
        ("MK-DECK-NAME-SPELLING", None, a, 20),
        ("MK-DECK-EXCHANGE-CARDS", "1.13.C", b, 1),
        ("MK-DECK-EXCHANGE-SIZE", "1.13.C", b, 24),
    ]


def test_web_before_with_a_spelling_note_still_checks_the_sizes(web_client: Any, tmp_path: Path) -> None:
    a, b = _exchange_pair(tmp_path)
    r = web_client.post("/api/deck/check", json={"text": Path(b).read_text("utf-8"), "name": b, "lang": "en",
                                                 "before": Path(a).read_text("utf-8"), "before_name": a})
    assert r.status_code == 200
    assert r.json()["legal"] is False
    assert [(f["code"], f["rule"]) for f in r.json()["findings"]] == [
        ("MK-DECK-NAME-SPELLING", None), ("MK-DECK-EXCHANGE-CARDS", "1.13.C"), ("MK-DECK-EXCHANGE-SIZE", "1.13.C")]
    assert r.json() == json.loads(run_main(["deck", "check", b, "--after-exchange", a, "--format", "json",
                                            "--lang", "en"]).stdout)


def test_exchange_with_an_unknown_card_compares_it_by_its_written_name(index: CardIndex) -> None:
    before = parse_deck_text(GAME1.replace("3 Wirg", "3 Wrig"), "a.deck")
    kept = parse_deck_text(GAME1.replace("3 Wirg", "3 Wrig"), "b.deck")
    got = check_exchange(before, kept, index)
    # the unknown card is an error of each list; it stayed where it was, so the exchange itself is legal
    assert [(f.code, f.file, f.line, f.card) for f in got] == [
        ("MK-DECK-UNKNOWN-CARD", "a.deck", 16, "Wrig"), ("MK-DECK-UNKNOWN-CARD", "b.deck", 16, "Wrig")]
    shrunk = parse_deck_text(GAME1.replace("3 Wirg", "2 Wrig"), "c.deck")
    got = check_exchange(before, shrunk, index)
    assert [(f.code, f.rule, f.card) for f in got if f.code.startswith("MK-DECK-EXCHANGE")] == [
        ("MK-DECK-EXCHANGE-SIZE", "1.13.C", None), ("MK-DECK-EXCHANGE-CARDS", "1.13.C", "Wrig")]


def test_exchange_reports_a_line_that_was_left_out(index: CardIndex) -> None:
    after = parse_deck_text(GAME1.replace("1 Pyarroni szentély", "0 Pyarroni szentély"), "b.deck")
    got = check_exchange(parse_deck_text(GAME1, "a.deck"), after, index)
    assert [(f.code, f.line) for f in got] == [("MK-DECK-EXCHANGE-CARDS", 1), ("MK-DECK-EXCHANGE-SIZE", 24),
                                               ("MK-DECK-COUNT", 35)]


# ---------------------------------------------------------------- 2. one counting


UNKNOWN = (ROOT / "examples" / "decks" / "legal-limit3.deck").read_text("utf-8") \
    .replace("3 Wirg", "3 Wrig").replace("3 Kétkezes csapás", "3 Ketkezes csapas")


def test_check_and_show_count_the_same_sizes(tmp_path: Path) -> None:
    deck = _write(tmp_path, "u.deck", UNKNOWN)
    check = run_main(["deck", "check", deck, "--lang", "hu"])
    show = run_main(["deck", "show", deck, "--lang", "hu"])
    assert (check.code, show.code) == (1, 1)
    assert check.stdout.splitlines()[0] == \
        f"{deck}: SZABÁLYTALAN (formátum: korfordulo, laplimit: 3; torony 3, pakli 40, cserepakli 12)"
    assert show.stdout.splitlines()[0] == f"{deck}: torony 3, pakli 40, cserepakli 12"
    table = show.stdout.split("\n\n", 2)[1]
    assert table.splitlines()[-4:] == ["    erőforrás              1", "  (ismeretlen lap)         3",
                                       "  ---------------------  ---", "  összesen                40"]
    check_json = json.loads(run_main(["deck", "check", deck, "--format", "json"]).stdout)
    show_json = json.loads(run_main(["deck", "show", deck, "--format", "json"]).stdout)
    assert check_json["sizes"] == show_json["sizes"] == {"tower": 3, "deck": 40, "sideboard": 12}
    assert (show_json["sections"]["deck"]["cards"], show_json["sections"]["deck"]["unknown"]) == (40, 3)
    # the misspelt name that resolves counts as the card it resolves to
    assert show_json["sections"]["deck"]["entries"][-2] == {"card": "Kétkezes csapás", "id": "MINTA-060", "count": 3}


def test_library_counts_an_unknown_card_in_its_section(index: CardIndex) -> None:
    parsed = parse_deck_text(UNKNOWN, "u.deck")
    stats = DeckStats.of(parsed, index)
    report = check_deck(parsed, index)
    assert stats.sizes == report.sizes == {"tower": 3, "deck": 40, "sideboard": 12}
    assert (stats.deck.cards, stats.deck.unknown, sum(stats.deck.types.values())) == (40, 3, 37)


def test_the_web_deck_page_shows_one_total(web_client: Any) -> None:
    r = web_client.post("/deck", data={"text": UNKNOWN, "name": "u.deck"}, headers={"accept-language": "en"})
    assert r.status_code == 200
    verdict = r.text.split('id="verdict"', 1)[1].split("</section>", 1)[0]
    assert "tower 3, deck 40, sideboard 12" in verdict
    stats = r.text.split('id="deck-stats"', 1)[1].split("</section>", 1)[0]
    assert set(re.findall(r"u\.deck: (\d+) cards", stats)) == {"40"}  # the chart's title
    assert '<tr class="total"><td>total</td><td class="n">40</td></tr>' in stats


# ---------------------------------------------------------------- 3. sniffing text and YAML


def test_a_comment_with_colon_bracket_does_not_make_yaml(index: CardIndex) -> None:
    text = "Torony:\nKincses kamra\n# note: [sideboard later]\nPakli:\n3 Wirg  # see: [x]\n"
    deck = read_deck_bytes(text.encode(), "c.deck")
    assert deck.findings == []
    assert [(e.section, e.count, e.name, e.line) for e in deck.entries] == [
        ("tower", 1, "Kincses kamra", 2), ("deck", 3, "Wirg", 5)]


def test_a_card_name_with_colon_bracket_does_not_make_yaml() -> None:
    text = "Pakli:\n3 Garmacs: [a kincsvadász]\n- 2 Wirg\n"
    assert read_deck_bytes(text.encode(), "c.deck") == parse_deck_text(text, "c.deck")


def test_yaml_that_opens_with_a_declaration_is_yaml() -> None:
    text = "Formátum: draft\npakli:\n  - 3 Wirg\n"
    deck = read_deck_bytes(text.encode(), "y.deck")
    assert (deck.format, [(e.section, e.count, e.name) for e in deck.entries]) == ("draft", [("deck", 3, "Wirg")])


def test_the_library_sniffs_text_as_the_cli_does(index: CardIndex) -> None:
    text = (ROOT / "examples" / "decks" / "legal-yaml.yaml").read_text("utf-8")
    report = korbiro.check_deck(text, index)
    assert (report.legal, report.sizes) == (True, {"tower": 3, "deck": 40, "sideboard": 1})
    assert korbiro.deck_stats(text, index).sizes == {"tower": 3, "deck": 40, "sideboard": 1}


_any = st.text(st.characters(codec="utf-8", exclude_characters="#\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"),
               max_size=12)
#: YAML's syntax, in pieces
_yamlish = st.sampled_from([": [", ": [a, b]", "- x", ":", "[", "]", "---", "{", "pakli: [", "  - 3 Wirg", "torony:"])
#: card names: a letter, then any text with pieces of YAML's syntax (not a section's name and a colon)
_name = st.tuples(st.sampled_from("AÁBCDEGKLMÖŐSTWZ"), st.lists(st.one_of(_any, _yamlish), max_size=4).map("".join)) \
    .map("".join).map(str.rstrip).filter(lambda s: fold(s.split(":")[0].strip()) not in SECTIONS)
#: comments: any text (with a '#' too), with pieces of YAML's syntax
_comment = st.lists(st.one_of(_any, _yamlish, st.just("#")), max_size=5).map("".join)
_line = st.one_of(
    st.sampled_from(["Torony:", "Pakli:", "Cserepakli:", "Jövő:", "Laplimit: 3", "Formátum: draft", ""]),
    st.tuples(st.integers(1, 9), st.sampled_from(["", "x", "x "]), _name).map(lambda t: f"{t[0]}{t[1] or ' '}{t[2]}"),
    _name,
)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(_line, st.one_of(st.none(), _comment)), max_size=25))
def test_text_deck_lists_with_any_comments_are_read_as_text(rows: list[tuple[str, str | None]]) -> None:
    text = "\n".join(line if comment is None else f"{line}  #{comment}".lstrip() for line, comment in rows) + "\n"
    assert read_deck_bytes(text.encode("utf-8"), "t.deck") == parse_deck_text(text, "t.deck")


@pytest.mark.fuzz
@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_line, st.one_of(st.none(), _comment)), max_size=25))
def test_text_deck_lists_with_any_comments_are_read_as_text_long(rows: list[tuple[str, str | None]]) -> None:
    test_text_deck_lists_with_any_comments_are_read_as_text.hypothesis.inner_test(rows=rows)


# ---------------------------------------------------------------- 4. an unknown format


def test_library_unknown_format_is_a_deck_error_with_a_hint(index: CardIndex) -> None:
    with pytest.raises(DeckError) as caught:
        korbiro.check_deck("Formátum: korfordullo\n3 Wirg\n", index)
    err = caught.value
    assert (err.code, err.path, err.line, err.column) == ("MK-DECK-FORMAT", "<deck>", 1, 11)
    assert err.message == ("unknown format 'korfordullo'; did you mean 'korfordulo'? "
                           "(known: korfordulo, frissen-bontott, draft)")
    assert err.to_finding().text("hu") == ("ismeretlen formátum: 'korfordullo'; erre gondoltál: 'korfordulo'? "
                                           "(ismertek: korfordulo, frissen-bontott, draft)")


def test_library_unknown_ruleset_is_a_usage_error(index: CardIndex) -> None:
    with pytest.raises(UsageError) as caught:
        check_deck(parse_deck_text("3 Wirg\n", "d.deck"), index, fmt="nincs-ilyen")
    assert (caught.value.code, caught.value.path) == ("MK-DECK-FORMAT", None)
    assert load_formats().get("Korforduló").id == "korfordulo"


def test_cli_and_web_say_the_same_for_an_unknown_format(web_client: Any, tmp_path: Path) -> None:
    deck = _write(tmp_path, "f.deck", "Formátum: nincs-ilyen\n3 Wirg\n")
    ran = run_main(["deck", "check", deck, "--lang", "en"])
    assert ran.code == 2
    assert ran.stderr == (f"{deck}:1:11: error MK-DECK-FORMAT: unknown format 'nincs-ilyen' "
                          "(known: korfordulo, frissen-bontott, draft)\n")
    ran = run_main(["deck", "check", deck, "--lang", "en", "--format", "json"])
    assert ran.code == 2
    got = json.loads(ran.stdout)
    assert (got["legal"], got["error"]["code"], got["error"]["line"]) == (None, "MK-DECK-FORMAT", 1)
    r = web_client.post("/api/deck/check", json={"text": "Formátum: nincs-ilyen\n3 Wirg\n", "name": deck,
                                                 "lang": "en"})
    assert r.status_code == 422
    assert r.json() == got
    ran = run_main(["deck", "check", deck, "--ruleset", "drafft", "--lang", "en"])
    assert ran.code == 2
    assert ran.stderr == ("Error: unknown format 'drafft'; did you mean 'draft'? "
                          "(known: korfordulo, frissen-bontott, draft)\n")
    r = web_client.post("/api/deck/check", json={"text": "3 Wirg\n", "ruleset": "drafft", "lang": "en"})
    assert r.status_code == 422
    assert [(f["code"], f["message"]) for f in r.json()["errors"]] == [
        ("MK-DECK-FORMAT", "unknown format 'drafft'; did you mean 'draft'? (known: korfordulo, frissen-bontott, draft)")]


def test_the_web_deck_page_shows_an_unknown_format_at_its_line(web_client: Any) -> None:
    r = web_client.post("/deck", data={"text": "Formátum: drafft\n3 Wirg\n", "name": "f.deck"},
                        headers={"accept-language": "en"})
    assert r.status_code == 200
    assert "f.deck: cannot be read" in r.text
    line = r.text.split('id="line-1"', 1)[1].split("</li>", 1)[0]
    assert "MK-DECK-FORMAT" in line and "did you mean &#39;draft&#39;?" in line
