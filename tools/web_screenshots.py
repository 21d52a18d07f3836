"""The screenshots of the web app in docs/web.md (docs/img/web-*.png), taken with headless Chromium.

    python3 tools/web_screenshots.py

Serves the app over the shipped sample on 127.0.0.1 and visits each page as the browser tests do.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from korbiro.web.app import create_app, running

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img"


def main() -> int:
    chromium = shutil.which("chromium")
    if chromium is None:
        print("no chromium on PATH (apt-get install -y chromium)", file=sys.stderr)
        return 2
    with running(create_app(workers=1)) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True)
        page = browser.new_page(viewport={"width": 1200, "height": 900}, extra_http_headers={"Accept-Language": "en"})

        def shot(name: str) -> None:
            page.screenshot(path=str(OUT / f"web-{name}.png"), full_page=False)
            print(f"wrote docs/img/web-{name}.png")

        page.goto(url + "/deck")
        page.fill("#text", (ROOT / "examples/decks/illegal-true-name.deck").read_text("utf-8"))
        page.click("#submit")
        page.locator("#verdict").scroll_into_view_if_needed()
        page.evaluate("document.getElementById('verdict').scrollIntoView()")
        shot("deck")
        page.goto(url + "/cards?q=kw%3Akincskereses%3E%3D1&explain=1")
        shot("cards")
        page.click("text=Garmacs, a kincsvadász")
        shot("card")
        page.goto(url + "/rules?q=kincskeres%C3%A9s&lang=hu")
        shot("rules-hu")
        page.goto(url + "/rules/1.14.14?lang=en")
        shot("rule")
        page.goto(url + "/rulings?example=semlegesites-kartyaval")
        page.click("#submit")
        page.click("#back")
        page.click("#back")
        page.evaluate("document.getElementById('verdict').scrollIntoView()")
        shot("rulings")
        page.goto(url + "/exxit?example=mistakes")
        page.click("#submit")
        page.click("button.ply-button:has-text('3. drop 0,1')")
        page.evaluate("document.getElementById('verdict').scrollIntoView()")
        shot("exxit")
        page.goto(url + "/zen?example=position")
        page.click("#submit")
        page.evaluate("document.querySelector('.board').scrollIntoView()")
        shot("zen")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
