"""The JSON API of ``korbiro serve`` (korbiro/web): every endpoint answers with exactly the JSON the
command line prints with ``--format json`` for the same input, and the safety belts hold (1 MiB body
cap, strict loaders, no file named by a request, the time limit, CSP, no 500)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from clirun import run_main
from layout import ROOT

pytest.importorskip("starlette", reason="the web extra is not installed (pip install -e '.[web]')")



def cli_json(*args: str) -> Any:
    ran = run_main([*args, "--format", "json"])
    assert ran.code in (0, 1, 2), ran.stderr
    return json.loads(ran.stdout)


def text(path: str) -> str:
    return (ROOT / path).read_text("utf-8")


# --------------------------------------------------------------------------- decks


@pytest.mark.parametrize("deck", ["examples/decks/illegal-true-name.deck", "examples/decks/legal-limit3.deck",
                                  "examples/decks/legal-yaml.yaml", "examples/decks/illegal-banned.deck"])
def test_deck_check_is_the_clis_json(web_client: Any, deck: str) -> None:
    r = web_client.post("/api/deck/check", json={"text": text(deck), "name": deck, "lang": "en"})
    assert r.status_code == 200
    assert r.json() == cli_json("deck", "check", deck, "--lang", "en")


def test_deck_check_options_are_the_clis(web_client: Any) -> None:
    deck = "examples/decks/illegal-true-name.deck"
    body = {"text": text(deck), "name": deck, "lang": "hu", "ruleset": "frissen-bontott", "date": "2020-01-01",
            "limit": 4, "max_findings": 1}
    r = web_client.post("/api/deck/check", json=body)
    assert r.status_code == 200
    assert r.json() == cli_json("deck", "check", deck, "--lang", "hu", "--ruleset", "frissen-bontott",
                                "--date", "2020-01-01", "--limit", "4", "--max-findings", "1")
    assert r.json()["limit"] == 4 and r.json()["format"] == "frissen-bontott"
    r = web_client.post("/api/deck/check", json={"text": text(deck), "name": deck, "max_findings": 1})
    assert r.json() == cli_json("deck", "check", deck, "--max-findings", "1", "--lang", "en")
    assert r.json()["not_shown"] == 1


def test_deck_check_after_exchange_is_the_clis(web_client: Any) -> None:
    before, after = "examples/decks/match-game1.deck", "examples/decks/match-game2-illegal.deck"
    r = web_client.post("/api/deck/check", json={"text": text(after), "name": after, "before": text(before),
                                                 "before_name": before, "lang": "en"})
    assert r.json() == cli_json("deck", "check", after, "--after-exchange", before, "--lang", "en")
    assert r.json()["legal"] is False


def test_deck_that_cannot_be_read_is_422_with_the_clis_json(web_client: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.deck"
    bad.write_bytes(b"3 Kard\xff\n")
    # a lone surrogate cannot travel as UTF-8 JSON text: the API says so before any loader runs
    r = web_client.post("/api/deck/check", content=b'{"text": "3 Kard\\udcff"}',
                        headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert r.json()["errors"][0]["code"] == "WEB-TEXT"
    r = web_client.post("/api/deck/check", json={"text": "x" * 10, "name": str(bad), "ruleset": "nincs-ilyen"})
    assert r.status_code == 422
    assert r.json() == {"errors": [{"code": "MK-DECK-FORMAT", "severity": "error", "rule": None,
                                    "message": "unknown format 'nincs-ilyen' (known: korfordulo, frissen-bontott, draft)",
                                    "file": None, "line": None, "column": None, "card": None}]}


@pytest.mark.parametrize("deck", ["korbiro/data/mk/decks/kincsvadaszok.deck", "examples/decks/illegal-size39.deck"])
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_deck_show_is_the_clis_json(web_client: Any, deck: str, lang: str) -> None:
    r = web_client.post("/api/deck/show", json={"text": text(deck), "name": deck, "lang": lang})
    assert r.status_code == 200
    assert r.json() == cli_json("deck", "show", deck, "--lang", lang)


def test_deck_chart_is_the_clis_svg(web_client: Any, tmp_path: Path) -> None:
    deck = "korbiro/data/mk/decks/kincsvadaszok.deck"
    ran = run_main(["deck", "show", deck, "--svg", str(tmp_path / "d.svg")])
    assert ran.code == 0, ran.stderr
    r = web_client.post("/api/deck/chart", json={"text": text(deck), "name": deck, "lang": "en"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text == (tmp_path / "d.svg").read_text("utf-8")
    r = web_client.post("/api/deck/show", json={"text": text(deck), "name": deck, "lang": "en", "chart": True})
    assert r.json()["svg"] == (tmp_path / "d.svg").read_text("utf-8")
    r = web_client.post("/api/deck/show", json={"text": "deck: [\n", "name": "x.yaml"})
    assert r.status_code == 422
    assert r.json()["legal"] is None and r.json()["error"]["line"] == 2


def test_deck_formats(web_client: Any) -> None:
    assert web_client.get("/api/deck/formats").json() == {"default": "korfordulo", "formats": [
        {"id": "korfordulo", "name": "Korforduló"}, {"id": "frissen-bontott", "name": "Frissen bontott"},
        {"id": "draft", "name": "Draft"}]}


# --------------------------------------------------------------------------- cards


@pytest.mark.parametrize("query", ["kw:kincskereses>=2", "faj:sarkany or faj:aquir", "tukorutveszto"])
def test_card_search_is_the_clis_json(web_client: Any, query: str) -> None:
    r = web_client.get("/api/cards/search", params={"q": query, "explain": "true", "sort": "mp", "limit": 5})
    assert r.status_code == 200
    assert r.json() == cli_json("card", "search", query, "--explain", "--sort", "mp", "--limit", "5")


def test_card_search_syntax_error_is_422_with_the_clis_json(web_client: Any) -> None:
    r = web_client.get("/api/cards/search", params={"q": "mp<=(3"})
    assert r.status_code == 422
    assert r.json() == cli_json("card", "search", "mp<=(3")
    hu = web_client.get("/api/cards/search", params={"q": "mp<=(3"}, headers={"accept-language": "hu"})
    assert hu.json() == cli_json("card", "search", "mp<=(3", "--lang", "hu")
    assert hu.json()["error"]["message"] == "váratlan '('; értéket vártam ez után: 'mp<='"


@pytest.mark.parametrize(("query", "status"), [("Briar Sichetti", 200), ("minta-042", 200),
                                               ("A Sötét Térítő / Airun al Marem", 404), ("briar sicheti", 404)])
def test_card_show_is_the_clis_json(web_client: Any, query: str, status: int) -> None:
    r = web_client.get(f"/api/cards/{query}")
    assert r.status_code == status
    assert r.json() == cli_json("card", "show", query)


# --------------------------------------------------------------------------- rules


@pytest.mark.parametrize(("rule", "status"), [("1.14.14", 200), ("2.03.E", 200), ("9.99", 404)])
def test_rule_show_is_the_clis_json(web_client: Any, rule: str, status: int) -> None:
    r = web_client.get(f"/api/rules/{rule}", params={"lang": "hu"})
    assert r.status_code == status
    assert r.json() == cli_json("rule", "show", rule, "--lang", "hu")


def test_rule_search_and_coverage_are_the_clis_json(web_client: Any) -> None:
    r = web_client.get("/api/rules/search", params={"q": "utolso toronyszint", "limit": 3, "lang": "en"})
    assert r.json() == cli_json("rule", "search", "utolso", "toronyszint", "--limit", "3", "--lang", "en")
    r = web_client.get("/api/rules/coverage", params={"missing": "true", "lang": "en"})
    assert r.status_code == 200
    assert r.json() == cli_json("rule", "coverage", "--missing", "--lang", "en")


# --------------------------------------------------------------------------- rulings


@pytest.mark.parametrize("scenario", ["examples/rulings/kincskereses-osszeadodik.yaml",
                                      "examples/rulings/ostrom-mp.yaml"])
def test_resolve_is_the_clis_json(web_client: Any, scenario: str) -> None:
    r = web_client.post("/api/resolve", json={"text": text(scenario), "name": scenario, "lang": "hu"})
    assert r.status_code == 200
    assert r.json() == cli_json("resolve", scenario, "--lang", "hu")


def test_resolve_legal_and_options_are_the_clis_json(web_client: Any) -> None:
    scenario = "examples/rulings/semlegesites-kartyaval.yaml"
    r = web_client.post("/api/resolve", json={"text": text(scenario), "name": scenario, "legal": True, "at": 2,
                                              "player": "anna", "options": {"neutralised_to": "melyseg"}})
    assert r.json() == cli_json("resolve", scenario, "--legal", "--at", "2", "--player", "anna",
                                "--option", "neutralised_to=melyseg", "--lang", "en")
    r = web_client.post("/api/resolve", json={"text": text(scenario), "name": scenario, "legal": True, "at": 9})
    assert r.status_code == 422
    assert r.json() == cli_json("resolve", scenario, "--legal", "--at", "9", "--lang", "en")


def test_resolve_of_a_broken_scenario_is_422_with_the_clis_json(web_client: Any, tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("title: x\nsetup: {}\nscript: [1]\n", "utf-8")
    r = web_client.post("/api/resolve", json={"text": broken.read_text("utf-8"), "name": str(broken)})
    assert r.status_code == 422
    assert r.json() == cli_json("resolve", str(broken), "--lang", "en")


def test_resolve_step_draws_the_stack_and_the_legal_actions(web_client: Any) -> None:
    scenario = "examples/rulings/semlegesites-kartyaval.yaml"
    r = web_client.post("/api/resolve/step", json={"text": text(scenario), "name": scenario, "step": 2})
    body = r.json()
    assert (body["step"], body["steps"]) == (2, 4)
    assert body["stack"] == [{"number": 1, "kind": "deed", "opener": "Anna", "passed": [], "entries": [
        {"seq": 1, "kind": "maneuver", "player": "Anna", "label": "ostrom: Toroni őrtorony"},
        {"seq": 2, "kind": "ability", "player": "Béla", "label": "Omladozó lépcső: aktivizálás"}]}]
    assert body["legal"] == cli_json("resolve", scenario, "--legal", "--at", "2", "--lang", "en")[0]["legal"]
    assert body["result"] == cli_json("resolve", scenario, "--lang", "en")[0]
    step1 = web_client.post("/api/resolve/step", json={"text": text(scenario), "step": 1}).json()
    assert [e["label"] for e in step1["stack"][0]["entries"]] == ["ostrom: Toroni őrtorony"]
    setup = web_client.post("/api/resolve/step", json={"text": text(scenario), "step": 0}).json()
    assert setup["stack"] == [] and setup["step"] == 0


# --------------------------------------------------------------------------- board games

GAME_FILES = [("exxit", "examples/exxit/mistakes.txt"), ("exxit", "examples/exxit/game.txt"),
              ("xig", "examples/xig/illegal-moves.yaml"), ("xig", "examples/xig/complete-game.yaml"),
              ("zen", "examples/zen/misplaced-arrival.yaml"), ("zen", "examples/zen/complete-2p.yaml")]


@pytest.mark.parametrize(("game", "record"), GAME_FILES)
def test_replay_is_the_clis_json(web_client: Any, game: str, record: str) -> None:
    r = web_client.post(f"/api/{game}/replay", json={"text": text(record), "name": record})
    assert r.status_code == 200
    assert r.json() == cli_json(game, "replay", record)


@pytest.mark.parametrize(("game", "position"), [("exxit", "examples/exxit/start.yaml"),
                                                ("xig", "examples/xig/position.yaml"),
                                                ("zen", "examples/zen/position.yaml")])
def test_moves_are_the_clis_json(web_client: Any, game: str, position: str) -> None:
    r = web_client.post(f"/api/{game}/moves", json={"text": text(position), "name": position})
    assert r.status_code == 200
    assert r.json() == cli_json(game, "moves", position)


def test_game_options_are_the_clis(web_client: Any) -> None:
    record = "examples/exxit/game.txt"
    r = web_client.post("/api/exxit/replay", json={"text": text(record), "name": record,
                                                   "options": {"tie": "draw"}})
    assert r.json() == cli_json("exxit", "replay", record, "-o", "tie=draw")
    r = web_client.post("/api/exxit/replay", json={"text": text(record), "options": {"nope": "1"}})
    assert r.status_code == 422 and r.json()["errors"][0]["code"] == "EXXIT-OPTION"


@pytest.mark.parametrize(("game", "record", "ply"), [("exxit", "examples/exxit/mistakes.txt", 3),
                                                     ("xig", "examples/xig/illegal-moves.yaml", 1),
                                                     ("zen", "examples/zen/misplaced-arrival.yaml", 2)])
def test_picture_is_the_clis_svg(web_client: Any, tmp_path: Path, game: str, record: str, ply: int) -> None:
    r = web_client.post(f"/api/{game}/picture", json={"text": text(record), "name": record, "ply": ply})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    out = tmp_path / "p.svg"
    assert run_main([game, "show", record, "--ply", str(ply), "--svg", str(out)]).code == 0
    assert r.text == out.read_text("utf-8")
    assert "EXXIT-DANCE-COMPULSORY" in r.text or game != "exxit"


# --------------------------------------------------------------------------- safety


def test_no_request_names_a_server_file(web_client: Any) -> None:
    exxit = "variant: standard\nposition: ../../etc/passwd\n1. drop 0,0\n"
    r = web_client.post("/api/exxit/replay", json={"text": exxit})
    assert r.status_code == 422
    assert [f["code"] for f in r.json()["errors"]] == ["EXXIT-RECORD-FILE"]
    xig = text("examples/xig/position.yaml").replace("xap-cards: sample", "xap-cards: /etc/passwd")
    if "xap-cards: /etc/passwd" not in xig:
        xig = xig + "xap-cards: /etc/passwd\n"
    r = web_client.post("/api/xig/moves", json={"text": xig})
    assert r.status_code == 422
    assert "XIG-INCLUDE" in [f["code"] for f in r.json()["errors"]]


def test_the_body_is_capped_at_1_mib(web_client: Any) -> None:
    big = json.dumps({"text": "x" * (1 << 20)})
    r = web_client.post("/api/deck/check", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.json()["errors"][0]["code"] == "WEB-TOO-LARGE"

    def chunks() -> Any:  # no Content-Length: counted as it arrives
        for _ in range(20):
            yield b"x" * 65536

    r = web_client.post("/api/deck/check", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_the_body_cap_speaks_the_requests_language(web_client: Any) -> None:
    """The 413 was English-only, built apart from the catalogue (issue 25)."""
    big = json.dumps({"text": "x" * (1 << 20)})
    r = web_client.post("/api/deck/check?lang=hu", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.json()["errors"][0]["message"] == "a kérés törzse nagyobb 1024 KiB-nál (1048576 bájt)"
    assert r.headers["content-security-policy"].startswith("default-src 'none'")
    en = web_client.post("/api/deck/check", content=big, headers={"content-type": "application/json"})
    assert en.json()["errors"][0]["message"] == "the request body is larger than 1024 KiB (1048576 bytes)"
    page = web_client.post("/deck", content=b"text=" + b"x" * (1 << 20),
                           headers={"content-type": "application/x-www-form-urlencoded", "accept-language": "hu"})
    assert page.status_code == 413
    assert page.headers["content-type"].startswith("text/html")
    assert "a kérés törzse nagyobb 1024 KiB-nál" in page.text


@pytest.mark.parametrize(("body", "status", "code"), [
    (b"not json", 400, "WEB-JSON"), (b"[1, 2]", 400, "WEB-JSON"), (b'{"name": "x"}', 422, "WEB-PARAMETER"),
    (b'{"text": "", "extra": 1}', 422, "WEB-PARAMETER"), (b'{"text": "", "limit": 5}', 422, "WEB-PARAMETER"),
    (b'{"text": "", "date": "2026-13-45"}', 422, "WEB-DATE"), (b"\xff\xfe", 400, "WEB-JSON"),
])
def test_bad_requests_are_4xx_with_a_finding(web_client: Any, body: bytes, status: int, code: str) -> None:
    r = web_client.post("/api/deck/check", content=body, headers={"content-type": "application/json"})
    assert (r.status_code, r.json()["errors"][0]["code"]) == (status, code)


def test_unknown_paths_and_methods_are_json_errors(web_client: Any) -> None:
    assert web_client.get("/api/nothing").status_code == 404
    assert web_client.get("/api/nothing").json()["errors"][0]["code"] == "WEB-NOT-FOUND"
    assert web_client.get("/api/deck/check").status_code == 405
    assert web_client.get("/api/cards/search", params={"q": "x", "bogus": "1"}).status_code == 422
    assert web_client.get("/api/cards/search", params={"q": "x", "limit": "many"}).status_code == 422


def test_every_response_has_a_strict_csp(web_client: Any) -> None:
    for r in (web_client.get("/deck"), web_client.get("/api/openapi.json"), web_client.get("/static/style.css"),
              web_client.get("/api/nothing")):
        csp = r.headers["content-security-policy"]
        assert "default-src 'none'" in csp and "script-src" not in csp
        assert r.headers["x-content-type-options"] == "nosniff"


def test_pages_escape_what_they_show(web_client: Any) -> None:
    r = web_client.get("/cards", params={"q": '"<script>alert(1)</script>"'})
    assert "<script>alert(1)" not in r.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text
    r = web_client.post("/deck", data={"text": "3 <img src=x onerror=alert(1)>"})
    assert "<img src=x" not in r.text and "&lt;img src=x onerror=alert(1)&gt;" in r.text


def test_a_request_past_the_time_limit_is_stopped_and_the_worker_replaced() -> None:
    from starlette.testclient import TestClient

    from korbiro.web.app import create_app

    app = create_app(workers=1, time_limit=0.2, hosts=["testserver"])
    with pytest.MonkeyPatch.context() as mp, TestClient(app) as client:
        mp.chdir(ROOT)
        app.state.pool.call("deck.formats", {})  # the worker has started (its start is not timed)
        r = client.get("/api/rules/coverage")  # runs every shipped scenario: well over 0.2 s
        assert r.status_code == 503
        assert r.json()["errors"][0]["code"] == "WEB-TIME-LIMIT"
        assert client.get("/api/deck/formats").status_code == 200  # a new worker answers


def test_the_openapi_schema_names_every_route(web_client: Any) -> None:
    doc = web_client.get("/api/openapi.json").json()
    assert doc["openapi"] == "3.1.0"
    assert sorted(doc["paths"]) == sorted([
        "/api/deck/check", "/api/deck/show", "/api/deck/chart", "/api/deck/formats", "/api/cards/search", "/api/cards/{query}", "/api/rules/search",
        "/api/rules/coverage", "/api/rules/{id}", "/api/resolve", "/api/resolve/step",
        *[f"/api/{g}/{w}" for g in ("exxit", "xig", "zen") for w in ("moves", "replay", "picture")],
        *[f"/api/table/{w}" for w in ("start", "view", "act", "undo")]])
    assert "korbiro deck check FILE --format json" in doc["paths"]["/api/deck/check"]["post"]["description"]


# --------------------------------------------------------------------------- pages


def test_pages_follow_the_browsers_language_and_the_switch(web_client: Any) -> None:
    web_client.cookies.clear()
    r = web_client.get("/deck", headers={"accept-language": "hu-HU,hu;q=0.9,en;q=0.5"})
    assert '<html lang="hu">' in r.text and "Pakli" in r.text and "In English" in r.text
    r = web_client.get("/deck", headers={"accept-language": "de,en;q=0.5"})
    assert '<html lang="en">' in r.text
    r = web_client.get("/deck?lang=hu", headers={"accept-language": "en"})
    assert '<html lang="hu">' in r.text and r.cookies.get("lang") == "hu"
    r = web_client.get("/rules", headers={"accept-language": "en"})
    assert '<html lang="hu">' in r.text  # the cookie remembers the switch
    web_client.cookies.clear()


def test_the_deck_page_shows_each_finding_at_its_line(web_client: Any) -> None:
    deck = text("examples/decks/illegal-resource.deck")
    r = web_client.post("/deck", data={"text": deck}, headers={"accept-language": "en"})
    assert r.status_code == 200
    line = r.text.split('id="line-21"', 1)[1].split("</li>", 1)[0]
    assert "MK-DECK-OTHER-RESOURCE" in line and 'href="/rules/1.14.5"' in line
    assert "ILLEGAL" in r.text
    stats = r.text.split('id="deck-stats"', 1)[1].split("</section>", 1)[0]
    assert "<svg" in stats and "Statistics" in stats
    assert "<tr><td>kalandozó</td>" in stats.replace("\n", "")


@pytest.mark.parametrize("page", ["/deck?example=illegal-true-name", "/cards?q=kw:kincskereses&explain=1",
                                  "/cards/MINTA-001", "/rules?q=kincs", "/rules/1.14.14",
                                  "/rulings?example=lifo-semlegesites", "/exxit?example=mistakes",
                                  "/xig?example=illegal-moves", "/zen?example=misplaced-arrival"])
def test_every_page_renders(web_client: Any, page: str) -> None:
    r = web_client.get(page)
    assert r.status_code == 200
    assert r.text.startswith("<!doctype html>")


def test_unknown_pages_are_404(web_client: Any) -> None:
    assert web_client.get("/nothing").status_code == 404
    assert web_client.get("/cards/no-such-card").status_code == 404
    assert web_client.get("/rules/99.99").status_code == 404
    assert web_client.get("/rulings?example=../../etc/passwd").status_code == 200
    assert "no example" in web_client.get("/rulings?example=../../etc/passwd").text


PAGE_INPUTS = ["garbage: [", "\x00\x01", "- a\n- b", "title: 1", "3 Nincs ilyen lap", "Formátum: nincs\n3 Wirg",
               "variant: x\n1. pass", "a: b\nmoves: [1]"]
PAGE_FIELDS = {"ply": "99", "step": "7", "options": "x=y", "ruleset": "zz", "date": "2020-99-01", "limit": "4"}


@pytest.mark.parametrize("page", ["/deck", "/rulings", "/exxit", "/xig", "/zen"])
def test_no_page_input_gives_a_500(web_client: Any, page: str) -> None:
    for body in PAGE_INPUTS:
        for extra in ({}, PAGE_FIELDS):
            r = web_client.post(page, data={"text": body, **extra})
            assert r.status_code == 200, (page, body, extra, r.text[:300])
    r = web_client.post(page, files={"file": ("x.deck", b"\xff\xfe3 kard")}, data={"text": ""})
    assert r.status_code == 200 and "not UTF-8 text (byte 0)" in r.text


def test_pages_of_strange_paths_and_queries(web_client: Any) -> None:
    for path in ["/cards/%00", "/deck?example=zzz", "/cards?q=mp<=("]:
        assert web_client.get(path).status_code in (200, 404), path
    # a field the API's schema refuses is a 422 page naming it (the path's regex stops at a line break)
    for path, message in [("/rules/%0a", "id: &#39;&#39; should be non-empty"),
                          ("/cards?q=" + "x" * 3000, "q: &#39;" + "x" * 2000),
                          ("/cards?sort=zz&q=a", "sort: &#39;zz&#39; is not one of name, id, mp, dp, level, type")]:
        r = web_client.get(path)
        assert r.status_code == 422 and "<code>WEB-PARAMETER</code> " + message in r.text, path


def test_accept_language_never_fails() -> None:
    from hypothesis import given
    from hypothesis import strategies as st

    from korbiro.web.labels import negotiate

    @given(st.text(max_size=200))
    def check(header: str) -> None:
        assert negotiate(header) in ("en", "hu")

    check()
    assert negotiate("en;q=0.9, hu;q=0.95") == "hu"
    assert negotiate("hu;q=0, en") == "en"
    assert negotiate("hu;q=abc") == "en"


def test_the_pool_answers_when_the_server_has_more_than_1024_descriptors_open() -> None:
    """Found by the long fuzz run: a worker's reply was awaited with ``select``, which cannot watch a
    descriptor numbered 1024 or more; with that many files or connections open every call was a 500."""
    import os
    import resource

    from korbiro.web.pool import Pool

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1200:
        pytest.skip("this system allows fewer than 1,200 open files")
    if soft != resource.RLIM_INFINITY and soft < 1200:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1200 if hard == resource.RLIM_INFINITY else min(1200, hard), hard))
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    pool = Pool(1)
    try:
        status, body = pool.call("deck.formats", {})
        assert status == 200 and "korfordulo" in json.dumps(body)
    finally:
        pool.close()
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_replay_picture_is_captioned_in_the_asked_language(web_client: Any) -> None:
    record = text("examples/exxit/mistakes.txt")
    en = web_client.post("/api/exxit/picture", json={"text": record, "name": "mistakes.txt", "ply": 3})
    hu = web_client.post("/api/exxit/picture", json={"text": record, "name": "mistakes.txt", "ply": 3, "lang": "hu"})
    assert en.status_code == hu.status_code == 200
    assert "mistakes.txt: ply 3 of " in en.text and "féllépés" not in en.text
    assert "mistakes.txt: 3. féllépés (összesen " in hu.text


def test_the_cards_page_says_a_query_error_in_its_language(web_client: Any) -> None:
    hu = web_client.get("/cards", params={"q": "mp<=(3", "lang": "hu"})
    en = web_client.get("/cards", params={"q": "mp<=(3", "lang": "en"})
    assert "QUERY-SYNTAX: oszlop 5: váratlan &#39;(&#39;; értéket vártam ez után: &#39;mp&lt;=&#39;</p>" in hu.text
    assert "unexpected" not in hu.text and "unexpected" in en.text
