"""The table page (/table) in a real browser: headless Chromium driven by Playwright, as tests/web/test_web_browser.py
(one browser and one server for the module; skipped, saying why, without Playwright or Chromium unless
``KORBIRO_BROWSER_TESTS=required``).  A person plays a few moves against the computer, undoes one, saves the game
(a download), reloads the saved game (an upload), and the page is checked after each."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from layout import ROOT

#: one worker runs the browser tests, with the one Chromium it starts (tests/web/conftest.py)
pytestmark = pytest.mark.xdist_group("browser")

#: Anna's first decision, seed 1 (the sample decks kincsvadaszok and ostromlok)
FIRST_ACTIONS = ['[6.03] pass', '[5.01] summon "Az abasziszi karaván kísérete"', '[5.01] summon "Briar Sichetti"',
                 '[5.01] summon "Abasziszi vándorlovag"', '[5.01] summon "Briar Sichetti #2"',
                 '[5.01] summon "Garmacs, a kincsvadász"', '[5.01.E] attach "Barlangi medve" -> "Argureni bálterem"',
                 '[5.01.E] attach "Barlangi medve" -> "Kincses kamra"',
                 '[5.01.E] attach "Barlangi medve" -> "Shadoni kincstár"']


@pytest.fixture
def page(browser: Any, site: str) -> Iterator[Any]:
    context = browser.new_context(locale="en-US", extra_http_headers={"Accept-Language": "en"}, accept_downloads=True)
    pg = context.new_page()
    pg.set_default_timeout(30000)
    yield pg
    context.close()


def actions(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#legal ol.actions button").all_inner_texts()]


def start(page: Any, site: str) -> None:
    page.goto(site + "/table")
    page.fill("#seed", "1")
    page.click("#start")


def test_play_undo_save_and_continue(page: Any, site: str, tmp_path: Path) -> None:
    start(page, site)
    assert page.inner_text("#where") == "Round 1, manőverek phase: Anna to act"
    assert actions(page) == FIRST_ACTIONS
    assert page.locator("#act-1").inner_text() == "[6.03] pass"
    assert page.inner_text("#hand").startswith("Hand (Anna): Az abasziszi karaván kísérete; Briar Sichetti;")
    # a move: Anna passes, the computer (Béla) opens timeline 1 with a building
    page.click("#act-1")
    assert page.inner_text("#where") == "Round 1, manőverek phase: Anna to act"
    assert page.inner_text(".timeline") == "Timeline 1 (Béla): Béla: Pyarroni szentély"
    assert "Béla reveals Pyarroni szentély" in page.inner_text("#events")
    assert actions(page)[0] == "[6.00] pass"
    # a refused action: its rule and what would make it legal; the game is as it was
    page.fill("#typed", 'leidéz "Briar Sichetti"')
    page.click("#do-typed")
    assert page.inner_text("#refusal") == ("refused [6.00] Briar Sichetti is no fast effect: it is summoned with no "
                                           "timeline open, or into one its own side opened, not into Béla's timeline 1"
                                           "\nit would be legal: wait until timeline 1 has unwound")
    assert page.locator("#refusal a.rule").get_attribute("href") == "/rules/6.00"
    assert page.inner_text(".timeline") == "Timeline 1 (Béla): Béla: Pyarroni szentély"
    # another move, then undo it: back to the same decision
    page.click("#act-1")
    after_two = page.inner_text("#players")
    page.click("#undo")
    assert page.inner_text("#undone") == "undone: the last action of a person and what followed it"
    assert page.inner_text(".timeline") == "Timeline 1 (Béla): Béla: Pyarroni szentély"
    assert actions(page)[0] == "[6.00] pass"
    # the same action again gives the same game (undo is exact)
    page.click("#act-1")
    assert page.inner_text("#players") == after_two
    page.click("#undo")
    # save: the game as a scenario file, which korbiro resolve replays
    with page.expect_download() as info:
        page.click("#save")
    saved = tmp_path / "game.yaml"
    info.value.save_as(saved)
    text = saved.read_text("utf-8")
    assert text.startswith("title: korbiro play --seed 1\nformat: korfordulo\nvariant: two-player\n")
    assert text.endswith('script:\n- Anna: passz\n- Béla: leidéz "Pyarroni szentély"\n')
    r = subprocess.run([sys.executable, "-m", "korbiro", "resolve", str(saved)], capture_output=True, text=True,
                       cwd=ROOT, timeout=120, encoding="utf-8")
    assert r.returncode == 0, r.stderr
    # continue: a fresh page, the saved game uploaded
    page.goto(site + "/table")
    page.set_input_files("#file", str(saved))
    page.click("#continue")
    assert page.inner_text("#where") == "Round 1, manőverek phase: Anna to act"
    assert page.inner_text(".timeline") == "Timeline 1 (Béla): Béla: Pyarroni szentély"
    assert actions(page)[0] == "[6.00] pass"


def test_the_language_switch_keeps_the_game(page: Any, site: str) -> None:
    start(page, site)
    page.click("#act-1")
    page.click("#table-lang")
    assert page.inner_text("#where") == "1. forduló, manőverek fázis: Anna következik"
    assert actions(page)[0] == "[6.00] passz"
    assert page.inner_text(".timeline") == "Időfonal 1 (Béla): Béla: Pyarroni szentély"
    page.fill("#typed", 'leidéz "Briar Sichetti"')
    page.click("#do-typed")
    assert page.inner_text("#refusal").endswith("így lenne szabályos: várd meg, míg a(z) 1. időfonal visszafejtődik")


def test_two_people_at_one_screen(page: Any, site: str) -> None:
    page.goto(site + "/table")
    page.fill("#seed", "1")
    page.select_option("#opponent", "person")
    page.click("#start")
    assert page.inner_text("#where") == "Round 1, manőverek phase: Anna to act"
    page.click("#act-1")
    assert page.inner_text("#where") == "Round 1, manőverek phase: Béla to act"
    assert page.inner_text("#hand").startswith("Hand (Béla): Pyarroni szentély;")
    assert "Anna (person)" in page.inner_text("#player-1") and "Béla (person)" in page.inner_text("#player-2")
