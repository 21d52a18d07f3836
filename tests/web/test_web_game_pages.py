"""The board games' pages: what they list and say, in the page's language."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize(("lang", "label"), [("en", ">illegal</option>"), ("hu", ">szabálytalan lépések</option>")])
def test_a_game_page_lists_its_examples_in_the_pages_language(web_client: Any, lang: str, label: str) -> None:
    page = web_client.get(f"/exxit?lang={lang}").text
    assert f'<option value="illegal"{label}' in page
    assert '<option value="mistakes">' in page
