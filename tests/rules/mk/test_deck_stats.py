"""`korbiro deck show` and :class:`~korbiro.rules.mk.deckstats.DeckStats`: a deck list's statistics.

Every shipped deck list (examples/decks/ and the sample decks of korbiro/data/mk/decks/) has a reviewed
golden file of its table (tests/golden/deck-show/); the numbers are also counted again here from the
sample set's YAML, apart from the code under test; one deck's chart is a golden SVG.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from goldens import check_golden
from hypothesis import given, settings
from hypothesis import strategies as st
from layout import ROOT

import korbiro
from korbiro.cli import cli
from korbiro.data.index import CardIndex, open_index
from korbiro.grammar.decklist import parse_deck_text, read_deck_file
from korbiro.grammar.vocabulary import CARD_TYPES
from korbiro.rules.mk.deck import check_deck
from korbiro.rules.mk.deckstats import DeckStats

DECKS = sorted([*(ROOT / "examples" / "decks").glob("*.deck"), *(ROOT / "examples" / "decks").glob("*.yaml"),
                *(ROOT / "korbiro" / "data" / "mk" / "decks").glob("*.deck")])
SAMPLE = yaml.load((ROOT / "korbiro" / "data" / "mk" / "cards" / "MINTA.yaml").read_text("utf-8"),
                   yaml.CSafeLoader)["cards"]  # libyaml: read at every collection
SVG_NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module", autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("KORBIRO_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        mp.delenv("KORBIRO_DB", raising=False)
        mp.chdir(ROOT)
        yield


@pytest.fixture(scope="module")
def index(_private_cache: None) -> Iterator[CardIndex]:
    idx = open_index()
    yield idx
    idx.close()


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def show(*args: str) -> Any:
    return CliRunner().invoke(cli, ["deck", "show", *args], env={"LANG": "C.UTF-8", "LC_ALL": ""},
                              catch_exceptions=False)


# ------------------------------------------------------------------ every shipped deck, exactly


def test_every_shipped_deck_is_here() -> None:
    assert len(DECKS) == 20
    assert {p.name for p in DECKS} >= {"kincsvadaszok.deck", "misztikusok.deck", "ostromlok.deck",
                                       "legal-limit3.deck", "legal-yaml.yaml", "illegal-unknown-card.deck"}


@pytest.mark.parametrize("path", DECKS, ids=[p.name for p in DECKS])
def test_the_table_of_every_shipped_deck(path: Path, request: pytest.FixtureRequest) -> None:
    r = show(rel(path))
    assert r.exit_code == (1 if path.name == "illegal-unknown-card.deck" else 0), r.output
    check_golden(request, f"deck-show/{path.stem}.txt", r.output)


def test_one_deck_exactly() -> None:
    """The sample deck of korbiro play, counted by hand from its list."""
    r = show("korbiro/data/mk/decks/kincsvadaszok.deck")
    assert r.exit_code == 0
    assert r.output == """\
korbiro/data/mk/decks/kincsvadaszok.deck: tower 3, deck 40, sideboard 0

  type / subtype         cards
  ---------------------  -----
  kalandozó                 14
  küldetés                  12
  építmény                   4
  akadálylap                 5
    bestia                   2
    csapda                   3
  akciólap                   3
    pajzs                    1
    pusztakezes támadás      2
  eseménylap                 2
    erőforrás                2
  ---------------------  -----
  total                     40

MP curve (deck; average MP 2.02, X-cost cards: 0)
  MP  cards
  --  -----  -------------
   0      2  ##
   1     13  #############
   2     10  ##########
   3     12  ############
   4      3  ###
   X      0

races (adventurers)
  race    cards
  ------  -----
  ember       6
  amund       3
  törpe       3
  goblin      2

keywords (cards carrying each)
  keyword                 cards
  ----------------------  -----
  KINCS                       6
  KINCSKERESÉS                6
  EXPEDÍCIÓ                   3
  NEMES NYELV                 3
  SZOLGA NYELV                3
  TÚLÜTÉS                     3
  CSATLÓS                     2
  PUSZTAKEZES KOMBINÁCIÓ      2
  ÁLLANDÓ                     1

tower (3): Argureni bálterem, Kincses kamra, Shadoni kincstár

sideboard (0): none
"""


def _by_name() -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in SAMPLE} | {c["id"]: c for c in SAMPLE}


@pytest.mark.parametrize("path", [p for p in DECKS if p.name != "illegal-unknown-card.deck"],
                         ids=[p.name for p in DECKS if p.name != "illegal-unknown-card.deck"])
def test_the_numbers_agree_with_the_set_file(index: CardIndex, path: Path) -> None:
    """Types, subtypes, the curve, races and keywords counted again from MINTA.yaml and the deck list."""
    stats = DeckStats.of(read_deck_file(str(path)), index)
    cards = _by_name()
    deck = read_deck_file(str(path))
    for name in ("tower", "deck", "sideboard"):
        section = stats.section(name)
        entries = [(cards[e.name] if e.name in cards else next(c for c in SAMPLE if c["name"].casefold()
                                                                 == e.name.casefold()), e.count)
                   for e in deck.entries if e.section == name]
        types: Counter[str] = Counter()
        subtypes: Counter[tuple[str, str | None]] = Counter()
        curve: Counter[str] = Counter()
        races: Counter[str] = Counter()
        for c, n in entries:
            types[c["type"]] += n
            subtypes[(c["type"], c.get("subtype"))] += n
            curve[str(c["mp"])] += n
            if "race" in c:
                races[c["race"]] += n
        assert section.cards == sum(n for _, n in entries)
        assert dict(section.types) == dict(types)
        assert list(section.types) == [t for t in CARD_TYPES if t in types]
        assert dict(section.subtypes) == dict(subtypes)
        assert {str(k): v for k, v in section.curve.items() if v} == dict(curve)
        assert dict(section.races) == dict(races)
        assert sum(section.curve.values()) == section.cards


def test_json(index: CardIndex) -> None:
    r = show("examples/decks/legal-limit3.deck", "--format", "json")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert data["file"] == "examples/decks/legal-limit3.deck"
    assert data["sizes"] == {"tower": 3, "deck": 40, "sideboard": 12}
    assert data["complete"] is True and data["findings"] == []
    deck = data["sections"]["deck"]
    assert deck["types"] == {"kalandozó": 12, "küldetés": 6, "építmény": 3, "akadálylap": 9, "akciólap": 9,
                             "eseménylap": 1}
    assert deck["curve"] == {"0": 1, "1": 3, "2": 12, "3": 12, "4": 9, "X": 3}
    assert deck["average_mp"] == 2.68
    assert deck["races"] == {"ember": 6, "törpe": 3, "udvari ork": 3}
    assert deck["subtypes"][:4] == [{"type": "kalandozó", "subtype": None, "cards": 12},
                                    {"type": "küldetés", "subtype": None, "cards": 6},
                                    {"type": "építmény", "subtype": None, "cards": 3},
                                    {"type": "akadálylap", "subtype": "bestia", "cards": 6}]
    assert deck["keywords"]["KINCSKERESÉS"] == 6
    assert deck["entries"][0] == {"card": "Briar Sichetti", "id": "MINTA-001", "count": 3}
    assert data["sections"]["tower"]["entries"] == [
        {"card": "Argureni bálterem", "id": "MINTA-034", "count": 1},
        {"card": "Kincses kamra", "id": "MINTA-035", "count": 1},
        {"card": "Toroni őrtorony", "id": "MINTA-036", "count": 1}]
    assert data["sections"]["sideboard"]["cards"] == 12
    assert json.loads(show("examples/decks/legal-limit3.deck", "--format", "json").output) == \
        DeckStats.of(read_deck_file("examples/decks/legal-limit3.deck"), index).to_dict()


def test_an_unknown_card_is_reported_and_counted_in_its_sections_size_only() -> None:
    r = show("examples/decks/illegal-unknown-card.deck")
    assert r.exit_code == 1
    # the sizes deck check says (the list holds 40 cards); the type table shows the 3 apart
    assert r.output.splitlines()[0] == "examples/decks/illegal-unknown-card.deck: tower 3, deck 40, sideboard 0"
    assert "  (unknown card)             3" in r.output.splitlines()
    assert r.output.splitlines()[-1] == ("examples/decks/illegal-unknown-card.deck:16:3: error MK-DECK-UNKNOWN-CARD: "
                                         "unknown card 'Wrig' (did you mean 'Wirg'?)")
    data = json.loads(show("examples/decks/illegal-unknown-card.deck", "--format", "json").output)
    assert data["complete"] is False and [f["code"] for f in data["findings"]] == ["MK-DECK-UNKNOWN-CARD"]
    deck = data["sections"]["deck"]
    assert (deck["cards"], deck["unknown"], sum(deck["types"].values()), sum(deck["curve"].values())) == (40, 3, 37, 37)


def test_hungarian() -> None:
    r = show("korbiro/data/mk/decks/ostromlok.deck", "--lang", "hu")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[0] == "korbiro/data/mk/decks/ostromlok.deck: torony 3, pakli 40, cserepakli 0"
    assert lines[2].split() == ["típus", "/", "altípus", "lap"]
    assert any(ln.startswith("MP-görbe (pakli; átlagos MP ") for ln in lines)
    assert "fajok (kalandozók)" in lines and "kulcsszavak (hány lapon)" in lines


def test_unreadable_input_exits_2(tmp_path: Path) -> None:
    r = show(str(tmp_path / "missing.deck"))
    assert r.exit_code == 2
    assert r.output == f"{tmp_path / 'missing.deck'}: error FILE-NOT-FOUND: deck file " \
                       f"'{tmp_path / 'missing.deck'}' does not exist\n"
    r = show("examples/decks/legal-limit3.deck", "--db", str(ROOT / "tests" / "bad_inputs" / "sets" / "missing-level"))
    assert r.exit_code == 2 and "error MK-DATA-REQUIRED" in r.output


def test_standard_input() -> None:
    text = (ROOT / "examples" / "decks" / "legal-limit3.deck").read_text("utf-8")
    r = CliRunner().invoke(cli, ["deck", "show", "-", "--format", "json"], input=text)
    data = json.loads(r.output)
    assert (r.exit_code, data["file"], data["sizes"]) == (0, "<stdin>", {"tower": 3, "deck": 40, "sideboard": 12})


# ------------------------------------------------------------------ the chart


def test_the_chart_is_svg_and_its_golden_file(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    out = tmp_path / "chart.svg"
    r = show("korbiro/data/mk/decks/kincsvadaszok.deck", "--svg", str(out))
    assert r.exit_code == 0
    text = out.read_text("utf-8")
    root = ET.fromstring(text)
    assert root.tag == f"{SVG_NS}svg"
    assert root.find(f"{SVG_NS}title").text == "korbiro/data/mk/decks/kincsvadaszok.deck: 40 cards"  # type: ignore[union-attr]
    labels = [t.text for t in root.iter(f"{SVG_NS}text")]
    columns = ["2", "0", "13", "1", "10", "2", "12", "3", "3", "4", "0", "X"]  # each column: its cards, its MP
    at = labels.index("MP curve (average MP 2.02)")
    assert labels[at + 5:at + 5 + len(columns)] == columns  # after the grid's four numbers
    assert {"kalandozó", "ember", "KINCSKERESÉS", "tower (3): Argureni bálterem, Kincses kamra, Shadoni kincstár"} \
        <= set(labels)
    check_golden(request, "deck-kincsvadaszok.svg", text)


def test_a_chart_of_a_deck_with_unknown_cards_has_the_red_frame(tmp_path: Path) -> None:
    out = tmp_path / "chart.svg"
    show("examples/decks/illegal-unknown-card.deck", "--svg", str(out))
    root = ET.fromstring(out.read_text("utf-8"))
    assert any(r.get("stroke") == "#c0392b" for r in root.iter(f"{SVG_NS}rect"))


def test_the_chart_goes_only_to_a_file(tmp_path: Path) -> None:
    r = show("examples/decks/legal-limit3.deck", "--svg", str(tmp_path))
    assert r.exit_code == 2 and "korbiro writes only to regular files" in r.output


# ------------------------------------------------------------------ the Python API


def test_the_python_api(index: CardIndex) -> None:
    stats = korbiro.deck_stats("examples/decks/legal-limit3.deck")
    assert (stats.deck.cards, stats.deck.curve["X"], stats.deck.types["kalandozó"]) == (40, 3, 12)
    assert stats.tower.types == {"toronyszint": 3}
    assert stats.sideboard.cards == 12 and stats.complete
    assert str(stats) == show("examples/decks/legal-limit3.deck").output
    assert stats._repr_svg_() == stats.svg()
    from_text = korbiro.deck_stats("Pakli:\n3 Wirg\n2 mp-x-nincs\n1 Őstűz teremtése\n", db=index)
    assert (from_text.deck.cards, from_text.deck.unknown, dict(from_text.deck.curve), from_text.complete) == \
        (6, 2, {0: 0, 1: 0, 2: 3, "X": 1}, False)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([c["name"] for c in SAMPLE] + ["Nincs ilyen lap"]), st.integers(1, 4),
                          st.sampled_from(["Torony", "Pakli", "Cserepakli"])), max_size=12))
def test_the_counts_add_up(entries: list[tuple[str, int, str]]) -> None:
    """For any deck list of sample cards (and a name that is no card): every section's types, subtypes and
    curve add up to its size without the unknown cards, and the sizes are deck check's."""
    idx = open_index()
    text = "".join(f"{section}:\n{n} {name}\n" for name, n, section in entries)
    stats = DeckStats.of(parse_deck_text(text), idx)
    expected = {"tower": 0, "deck": 0, "sideboard": 0}
    for _name, n, section in entries:
        expected[{"Torony": "tower", "Pakli": "deck", "Cserepakli": "sideboard"}[section]] += n
    assert stats.sizes == expected == check_deck(parse_deck_text(text), idx).sizes
    for s in ("tower", "deck", "sideboard"):
        sec = stats.section(s)
        assert sum(sec.types.values()) == sum(sec.subtypes.values()) == sum(sec.curve.values()) \
            == sec.cards - sec.unknown
        assert all(isinstance(k, int) for k in list(sec.curve)[:-1]) and list(sec.curve)[-1] == "X"
        assert list(sec.curve)[:-1] == list(range(len(sec.curve) - 1))
        assert all(n <= sec.cards for n in [*sec.keywords.values(), *sec.races.values()])
    ET.fromstring(stats.svg())
