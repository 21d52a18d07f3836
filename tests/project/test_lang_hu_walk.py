"""Under ``--lang hu`` korbiro speaks Hungarian everywhere (issue 28, item 3).

Every command and sub-command of the click tree (walked from :mod:`korbiro.cli`, so that a new
command is walked too) is run on the shipped examples: its help, a usage error, a success and a
finding; every route of the web app is asked (``?lang=hu``, or ``"lang": "hu"`` in a JSON body).  The
detector of ``tests/hungarian.py`` fails a case on any English prose it finds.

The board games (EXXIT, XIG, Zen) and the timeline's trace are walked as every other command is: no
case may still speak English.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

import click
import pytest
from clirun import run_main
from hungarian import english_lines, english_words
from layout import ROOT

from korbiro.cli import cli

HU = ["--lang", "hu"]

_EX = "examples"
_RULING = f"{_EX}/rulings/kincskereses-osszeadodik.yaml"
_BAD_RULING = f"{_EX}/rulings/invalid/typos.yaml"

#: each leaf command: the arguments of a success (exit 0) and of a finding (exit 1, or 2 for input it
#: cannot read), on the shipped examples
CLI_CASES: dict[str, dict[str, tuple[list[str], int]]] = {
    "card search": {"success": (["type:kalandozó mp<=3"], 0), "finding": (["mp<<3"], 2)},
    "card show": {"success": (["Briar Sichetti", "--history"], 0), "finding": (["Briar Sichety"], 1)},
    "data check": {"success": (["korbiro/data/mk/cards"], 0), "finding": ([f"{_EX}/masik-db/cards", "--strict"], 0)},
    "data coverage": {"success": ([], 0), "finding": (["no/such/folder"], 2)},
    "data index": {"success": ([], 0), "finding": (["no/such/folder"], 2)},
    "deck check": {"success": ([f"{_EX}/decks/legal-limit3.deck"], 0),
                   "finding": ([f"{_EX}/decks/{n}" for n in (
                       "illegal-banned.deck", "illegal-copies.deck", "illegal-resource.deck",
                       "illegal-sideboard13.deck", "illegal-size39.deck", "illegal-size59-limit4.deck",
                       "illegal-tower.deck", "illegal-true-name.deck", "illegal-unknown-card.deck")], 1)},
    "deck exchange": {"success": ([f"{_EX}/decks/match-game1.deck", f"{_EX}/decks/match-game2.deck"], 0),
                      "finding": ([f"{_EX}/decks/match-game1.deck", f"{_EX}/decks/match-game2-illegal.deck"], 1)},
    "deck show": {"success": (["korbiro/data/mk/decks/kincsvadaszok.deck"], 0),
                  "finding": ([f"{_EX}/decks/illegal-unknown-card.deck"], 1)},
    "game result": {"success": ([f"{_EX}/results/omen-four-players.yaml"], 0),
                    "finding": ([f"{_EX}/results/invalid/typos.yaml"], 2)},
    "game variants": {"success": (["ket-csapat", "--players", "6"], 0), "finding": (["nincs-ilyen"], 1)},
    "keyword explain": {"success": (["kincskereses"], 0), "finding": (["kincskeresezz"], 1)},
    "play": {"success": (["--seed", "1"], 0), "finding": (["--players", "5", "--variant", "two-player"], 2)},
    "resolve": {"success": ([_RULING, "--legal", "--at", "1"], 0), "finding": ([_BAD_RULING], 2)},
    "rule coverage": {"success": (["--missing"], 0), "finding": (["--examples", "no/such/folder"], 2)},
    "rule search": {"success": (["utolso", "toronyszint"], 0), "finding": (["qqqzzz"], 1)},
    "rule show": {"success": (["1.14.14"], 0), "finding": (["1.14.99"], 1)},
    "serve": {"finding": (["--host", "nincs ilyen gép", "--port", "0"], 2)},
    "sim": {"success": (["korbiro/data/mk/decks/kincsvadaszok.deck", "korbiro/data/mk/decks/ostromlok.deck",
                         "--games", "2"], 0),
            "finding": (["korbiro/data/mk/decks/kincsvadaszok.deck", f"{_EX}/decks/illegal-unknown-card.deck"], 2)},
    "exxit moves": {"success": ([f"{_EX}/exxit/start.yaml"], 0), "finding": ([f"{_EX}/exxit/illegal.txt"], 2)},
    "exxit perft": {"success": ([f"{_EX}/exxit/start.yaml", "1"], 0), "finding": (["no/such.yaml", "1"], 2)},
    "exxit replay": {"success": ([f"{_EX}/exxit/game.txt"], 0), "finding": ([f"{_EX}/exxit/mistakes.txt"], 1)},
    "exxit show": {"success": ([f"{_EX}/exxit/start.yaml"], 0), "finding": (["no/such.yaml"], 2)},
    "xig moves": {"success": ([f"{_EX}/xig/position.yaml"], 0), "finding": (["no/such.yaml"], 2)},
    "xig replay": {"success": ([f"{_EX}/xig/complete-game.yaml"], 0), "finding": ([f"{_EX}/xig/illegal-moves.yaml"], 1)},
    "xig show": {"success": ([f"{_EX}/xig/position.yaml"], 0), "finding": (["no/such.yaml"], 2)},
    "zen moves": {"success": ([f"{_EX}/zen/position.yaml"], 0), "finding": (["no/such.yaml"], 2)},
    "zen options": {"success": ([], 0)},
    "zen replay": {"success": ([f"{_EX}/zen/complete-2p.yaml"], 0), "finding": ([f"{_EX}/zen/illegal-moves.yaml"], 1)},
    "zen rules": {"success": ([], 0), "finding": (["qqqzzz"], 1)},
    "zen setup": {"success": (["--players", "2", "--seed", "1"], 0)},
    "zen show": {"success": ([f"{_EX}/zen/position.yaml"], 0), "finding": (["no/such.yaml"], 2)},
}
#: a case a command cannot have, and why
NO_CASE = {
    "serve success": "it serves until stopped: its start-up line is said by CLI.serve.listening (test_web_serve)",
    "zen options finding": "it takes no input", "zen setup finding": "its only input is its options (usage)",
}


def _tree(command: click.Command, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], click.Command]]:
    out = [(path, command)]
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None
            out += _tree(sub, (*path, name))
    return out


TREE = _tree(cli)
LEAVES = [" ".join(p) for p, c in TREE if p and not isinstance(c, click.Group)]


def _cli_cases() -> list[tuple[str, list[str], set[int]]]:
    cases: list[tuple[str, list[str], set[int]]] = []
    for path, command in TREE:
        name = " ".join(path)
        has_lang = any("--lang" in getattr(p, "opts", ()) for p in command.params)
        lang = HU if has_lang else []
        cases.append((f"cli {name} --help".replace("cli  ", "cli "), [*path, *lang, "--help"], {0}))
        cases.append((f"cli {name} usage".replace("cli  ", "cli "), [*path, *lang, "--no-such-option"], {2}))
        for kind, (args, code) in CLI_CASES.get(name, {}).items():
            cases.append((f"cli {name} {kind}", [*path, *args, *HU], {code}))
    return cases


CLI = _cli_cases()


def test_every_command_has_its_cases() -> None:
    """A new command must bring its cases here (a success and a finding on the shipped examples)."""
    missing = [f"{leaf} {kind}" for leaf in LEAVES for kind in ("success", "finding")
               if kind not in CLI_CASES.get(leaf, {}) and f"{leaf} {kind}" not in NO_CASE]
    assert missing == []
    assert set(CLI_CASES) <= set(LEAVES)


@pytest.mark.parametrize(("name", "args", "codes"), CLI, ids=[c[0] for c in CLI])
def test_the_command_line_speaks_hungarian(name: str, args: list[str], codes: set[int],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "hu_HU.UTF-8")  # a group has no --lang: the locale speaks for it
    ran = run_main(args)
    assert ran.code in codes, (ran.code, ran.stdout[-2000:], ran.stderr[-2000:])
    stdout = ran.stdout
    if name in FILE_OUTPUT:  # a file's keys are its format's words, in every language: only its comments are prose
        stdout = "\n".join(line for line in stdout.splitlines() if line.lstrip().startswith("#"))
    _judge(name, stdout + "\n" + ran.stderr)


#: cases whose standard output is a file in a format of korbiro's (YAML keys), and what it is
FILE_OUTPUT = {"cli zen setup success": "a Zen position file (docs/zen.md)"}


def _judge(name: str, *said: str) -> None:
    english = [line for text in said for line in english_lines(text)]
    assert english == [], f"{name}: English under --lang hu"


def test_every_keyword_says_what_it_does_in_both_languages() -> None:
    """``keyword explain``'s "in korbiro" line: the catalogue's ``KEYWORD.<class>``, its English the class's docstring."""
    from korbiro.base.i18n import catalogue
    from korbiro.grammar.keywords import KEYWORD_CLASSES

    for cls in KEYWORD_CLASSES:
        texts = catalogue()[f"KEYWORD.{cls.__name__}"]
        assert texts["en"] == " ".join((cls.__doc__ or "").split())
        assert not english_words(texts["hu"]), texts["hu"]


# --------------------------------------------------------------------------- the detector


@pytest.mark.parametrize("english", [
    "Error: No such option '--nope'.",
    "examples/decks/x.deck: ILLEGAL exchange from examples/decks/y.deck",
    "x.yaml:3:1: error MK-DATA-TYPE: $.players[0].dp: 'x' is not an integer",
    "step 3 (line 14) was refused unexpectedly",
    "Show this message and exit.",
])
def test_the_detector_catches_english(english: str) -> None:
    assert english_words(english)


@pytest.mark.parametrize("hungarian", [
    "Hiba: Nincs ilyen kapcsoló: '--nope'.",
    "examples/decks/legal-limit3.deck: SZABÁLYOS (formátum: korfordulo, laplimit: 3; torony 3, pakli 40)",
    "x.yaml:3:22: hiba MK-DATA-TYPE: $.players[0].dp: 'tizenkettő' nem egész szám (ez: szöveg)",
    "Briar Sichetti (MINTA-001)  KINCSKERESÉS 2; legalább 19 DP, most is 3 [1.14.14.B]",
    '{"code": "MK-DECK-SIZE", "severity": "error", "message": "a Jövő pakli 39 lapos", "title": {"en": "The rule"}}',
])
def test_the_detector_passes_hungarian_and_data(hungarian: str) -> None:
    assert english_words(hungarian) == []


# --------------------------------------------------------------------------- the web app


def _text(path: str) -> str:
    return (ROOT / path).read_text("utf-8")


def _json(path: str, **more: Any) -> dict[str, Any]:
    return {"json": {"text": _text(path), "lang": "hu", **more}}


def _form(path: str) -> dict[str, Any]:
    return {"data": {"text": _text(path)}}


#: every route of the app (``METHOD path`` as the app declares it): the requests that walk it
WEB_CASES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "GET /": [("/?lang=hu", {})],
    "GET /deck": [("/deck?lang=hu", {})],
    "POST /deck": [("/deck?lang=hu", _form(f"{_EX}/decks/legal-limit3.deck")),
                   ("/deck?lang=hu", _form(f"{_EX}/decks/illegal-banned.deck")), ("/deck?lang=hu", {"data": {}})],
    "GET /cards": [("/cards?lang=hu", {}), ("/cards?lang=hu&q=type:kalandozó&explain=1", {}),
                   ("/cards?lang=hu&q=mp<<", {})],
    "GET /cards/{query:path}": [("/cards/Briar Sichetti?lang=hu", {}), ("/cards/Briar Sichety?lang=hu", {})],
    "GET /rules": [("/rules?lang=hu", {}), ("/rules?lang=hu&q=kincskereses", {})],
    "GET /rules/{id:path}": [("/rules/1.14.14?lang=hu", {}), ("/rules/1.14.99?lang=hu", {})],
    "GET /rulings": [("/rulings?lang=hu", {})],
    "POST /rulings": [("/rulings?lang=hu", _form(_RULING)), ("/rulings?lang=hu", _form(_BAD_RULING))],
    "GET /exxit": [("/exxit?lang=hu", {})], "POST /exxit": [("/exxit?lang=hu", _form(f"{_EX}/exxit/mistakes.txt"))],
    "GET /xig": [("/xig?lang=hu", {})], "POST /xig": [("/xig?lang=hu", _form(f"{_EX}/xig/illegal-moves.yaml"))],
    "GET /zen": [("/zen?lang=hu", {})], "POST /zen": [("/zen?lang=hu", _form(f"{_EX}/zen/illegal-moves.yaml"))],
    "POST /api/deck/check": [("/api/deck/check", _json(f"{_EX}/decks/illegal-banned.deck")),
                             ("/api/deck/check", {"json": {"text": ": [", "lang": "hu"}}),
                             ("/api/deck/check", {"json": {"nope": 1, "lang": "hu"}})],
    "POST /api/deck/show": [("/api/deck/show", _json(f"{_EX}/decks/illegal-unknown-card.deck"))],
    "POST /api/deck/chart": [("/api/deck/chart", _json("korbiro/data/mk/decks/kincsvadaszok.deck"))],
    "GET /api/deck/formats": [("/api/deck/formats", {})],
    "GET /api/cards/search": [("/api/cards/search?q=type:kalandozó&explain=true&lang=hu", {}),
                              ("/api/cards/search?q=mp<<&lang=hu", {})],
    "GET /api/cards/{query:path}": [("/api/cards/Briar Sichetti?lang=hu", {}),
                                    ("/api/cards/Briar Sichety?lang=hu", {})],
    "GET /api/rules/search": [("/api/rules/search?q=kincskereses&lang=hu", {})],
    "GET /api/rules/coverage": [("/api/rules/coverage?lang=hu&missing=true", {})],
    "GET /api/rules/{id:path}": [("/api/rules/1.14.14?lang=hu", {}), ("/api/rules/1.14.99?lang=hu", {})],
    "POST /api/resolve": [("/api/resolve", _json(_RULING)), ("/api/resolve", _json(_BAD_RULING))],
    "POST /api/resolve/step": [("/api/resolve/step", _json(_RULING, step=1))],
    "POST /api/exxit/moves": [("/api/exxit/moves", _json(f"{_EX}/exxit/start.yaml"))],
    "POST /api/exxit/replay": [("/api/exxit/replay", _json(f"{_EX}/exxit/mistakes.txt"))],
    "POST /api/exxit/picture": [("/api/exxit/picture", _json(f"{_EX}/exxit/start.yaml"))],
    "POST /api/xig/moves": [("/api/xig/moves", _json(f"{_EX}/xig/position.yaml"))],
    "POST /api/xig/replay": [("/api/xig/replay", _json(f"{_EX}/xig/illegal-moves.yaml"))],
    "POST /api/xig/picture": [("/api/xig/picture", _json(f"{_EX}/xig/position.yaml"))],
    "POST /api/zen/moves": [("/api/zen/moves", _json(f"{_EX}/zen/position.yaml"))],
    "POST /api/zen/replay": [("/api/zen/replay", _json(f"{_EX}/zen/illegal-moves.yaml"))],
    "POST /api/zen/picture": [("/api/zen/picture", _json(f"{_EX}/zen/position.yaml"))],
    "GET /no/such/page": [("/no/such/page?lang=hu", {}), ("/api/no/such?lang=hu", {})],
}
#: routes that are not prose, and why
NOT_PROSE = {
    "GET /api/openapi.json": "the API's contract for programs: its descriptions are documentation, in English "
                             "as its keys are (docs/web.md)",
}


def _routes() -> list[str]:
    from korbiro.web import api, pages

    out = []
    for route in [*api.routes(), *pages.routes()]:
        for method in sorted(route.methods or ()):
            if method != "HEAD":
                out.append(f"{method} {route.path}")
    return out


def test_every_route_has_its_cases() -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed")
    routes = _routes()
    assert sorted(r for r in routes if r not in WEB_CASES and r not in NOT_PROSE and r not in TABLE_FLOW) == []
    assert sorted(r for r in WEB_CASES if r not in routes and not r.startswith("GET /no/")) == []


def _prose_of_page(body: str) -> str:
    """A page's text: its markup, scripts and the user's own input (the text areas) left out."""
    body = re.sub(r"<(script|style|textarea)[^>]*>.*?</\1>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", body))


@pytest.mark.parametrize("route", list(WEB_CASES))
def test_the_web_app_speaks_hungarian(web_client: Any, route: str) -> None:
    method = route.split()[0]
    said = []
    for url, kwargs in WEB_CASES[route]:
        given = str((kwargs.get("data") or kwargs.get("json") or {}).get("text", ""))
        r = web_client.request(method, url, **kwargs)
        assert r.status_code < 500, (url, r.text[:500])
        body = r.text
        if r.headers.get("content-type", "").startswith(("text/html", "image/svg")):
            body = _prose_of_page(body)
            for line in filter(str.strip, given.splitlines()):  # the user's input, shown back line by line
                body = body.replace(html.unescape(line.strip()), " ")
        said.append(body)
    _judge(f"web {route}", *said)


#: the table's API, walked as a person plays: a game started, an action taken, one refused, one undone, one viewed
TABLE_FLOW = ("POST /api/table/start", "POST /api/table/act", "POST /api/table/undo", "POST /api/table/view")


def test_the_table_api_speaks_hungarian(web_client: Any) -> None:
    start = web_client.post("/api/table/start", json={"seed": 1, "lang": "hu"})
    game = start.json()["game"]
    acted = web_client.post("/api/table/act", json={"game": game, "action": "1", "lang": "hu"})
    refused = web_client.post("/api/table/act", json={"game": acted.json()["game"], "action": "kocka 6", "lang": "hu"})
    undone = web_client.post("/api/table/undo", json={"game": acted.json()["game"], "lang": "hu"})
    viewed = web_client.post("/api/table/view", json={"game": game, "lang": "hu"})
    bad = web_client.post("/api/table/start", json={"opponent": "okos", "lang": "hu"})
    answers = [start, acted, refused, undone, viewed, bad]
    assert [r.status_code for r in answers] == [200, 200, 200, 200, 200, 422]
    said = [{k: v for k, v in r.json().items() if k != "game"} for r in answers]  # the saved game is data (YAML)
    _judge("web POST /api/table", *(json.dumps(s, ensure_ascii=False) for s in said))
