"""The web app in a real browser: headless Chromium (Debian's ``chromium``) driven by Playwright.

One browser and one server (uvicorn on 127.0.0.1) for the module.  The tests skip, saying why, when
Playwright or Chromium is missing, unless ``KORBIRO_BROWSER_TESTS=required`` (.ci/run sets it once
Chromium is installed), when they fail instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from layout import ROOT

#: one worker runs the browser tests, with the one Chromium it starts (tests/web/conftest.py)
pytestmark = pytest.mark.xdist_group("browser")


@pytest.fixture
def page(browser: Any, site: str) -> Iterator[Any]:
    context = browser.new_context(locale="en-US", extra_http_headers={"Accept-Language": "en"})
    pg = context.new_page()
    pg.set_default_timeout(15000)
    yield pg
    context.close()


def test_paste_an_illegal_deck_and_see_the_finding_at_its_line(page: Any, site: str) -> None:
    page.goto(site + "/deck")
    page.fill("#text", (ROOT / "examples/decks/illegal-true-name.deck").read_text("utf-8"))
    page.click("#submit")
    assert "ILLEGAL" in page.inner_text("#verdict")
    line = page.locator("#line-20")
    assert "2 Airun al Marem" in line.inner_text()
    assert "MK-DECK-COPY-LIMIT" in line.inner_text()
    assert line.locator("a.rule").get_attribute("href") == "/rules/2.02"
    assert "MK-DECK" not in page.inner_text("#line-21")


def test_search_and_open_a_card(page: Any, site: str) -> None:
    page.goto(site + "/cards")
    page.fill("#q", "kw:kincskereses>=2")
    page.check("input[name=explain]")
    page.click("#card-search button[type=submit]")
    assert page.inner_text("#count").startswith("2 card(s)")
    rows = page.locator("#results tbody tr")
    assert rows.count() == 2
    page.click("text=Garmacs, a kincsvadász")
    assert page.inner_text("#card h1") == "Garmacs, a kincsvadász (MINTA-005)"
    assert "KINCSKERESÉS 3" in page.inner_text("#card")


def test_step_a_ruling_forward_and_back(page: Any, site: str) -> None:
    page.goto(site + "/rulings?example=semlegesites-kartyaval")
    page.click("#submit")
    assert page.inner_text("#where") == "step 4 of 4"
    page.click("#back")
    page.click("#back")
    assert page.inner_text("#where") == "step 2 of 4"
    entries = page.locator("#stack .entry").all_inner_texts()
    assert entries == ["@2 Omladozó lépcső: aktivizálás added by Béla", "@1 ostrom: Toroni őrtorony added by Anna"]
    assert 'neutralise @2 source "Tolvajszerszámok"' in page.inner_text("#legal")
    page.click("#forward")
    assert page.inner_text("#where") == "step 3 of 4"
    assert page.locator("#back").is_enabled()


def test_step_back_onto_a_refused_step(page: Any, site: str) -> None:
    """Issue 25: "◀ back" onto a step refused without a remedy was a 500.  The form posts from the
    browser with its Origin (Referrer-Policy: same-origin), which the app takes as its own."""
    page.goto(site + "/rulings?example=kihivas-kiejtes")
    page.click("#submit")
    assert page.inner_text("#where") == "step 3 of 3"
    page.click("#back")
    assert page.inner_text("#where") == "step 2 of 3"
    assert page.inner_text("#refusal") == "REFUSED [12.00.2.C] Anna cannot knock Cili out: Anna has challenged Béla"
    page.click("#back")
    assert page.inner_text("#where") == "step 1 of 3"
    assert page.inner_text("#refusal").endswith("to make it legal: solved quests worth at least 9 DP")


def test_a_form_of_another_site_is_refused(page: Any, site: str) -> None:
    """A page of another origin (here a ``data:`` page, whose Origin is ``null``) that posts a form to
    the app gets the 403 page, not the deck checked."""
    deck = (ROOT / "examples/decks/illegal-true-name.deck").read_text("utf-8").replace('"', "&quot;")
    page.set_content(f'<form method="post" action="{site}/deck"><input name="text" value="{deck}">'
                     '<button id="go">go</button></form>')
    with page.expect_navigation():
        page.click("#go")
    assert page.inner_text("#problem").startswith("WEB-CROSS-ORIGIN a POST request from another site")
    assert "ILLEGAL" not in page.content()


def test_replay_an_exxit_record_to_a_violation(page: Any, site: str) -> None:
    page.goto(site + "/exxit")
    page.fill("#text", (ROOT / "examples/exxit/mistakes.txt").read_text("utf-8"))
    page.click("#submit")
    assert "invalid: 4 violation(s)" in page.inner_text("#verdict")
    page.click("button.ply-button:has-text('3. drop 0,1')")
    assert page.inner_text("#where") == "ply 3 / 5"
    caption = page.inner_text("figcaption")
    assert "ply 3 of 5: drop 0,1" in caption and "EXXIT-DANCE-COMPULSORY" in caption
    assert page.locator("#picture").get_attribute("src").startswith("data:image/svg+xml;base64,")
    assert page.evaluate("document.getElementById('picture').naturalWidth") > 0
