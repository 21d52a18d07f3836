"""Under Hungarian, the board games speak Hungarian: every command of ``korbiro exxit|xig|zen`` (a
success, a finding, an unreadable file, a usage error of its own) with ``--lang hu``, and every
game page and API answer of the web app asked in Hungarian.

A small walker (issue 28, item 4): each output is stripped of what is not prose (moves and names in
quotes, codes, rule citations, paths, the notation of moves, option names, the input echoed back),
and must hold none of the English words below.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from clirun import run_main

#: English words that a Hungarian sentence never holds (not "a", "is", "most": Hungarian words too)
ENGLISH = frozenset("""
    the are not must move moves legal illegal valid invalid turn turns ply plies wins winner player players tile tiles
    error wrote pictures picture game over score result to of and with has have no from give file position record
    between only one none first last cannot unknown expected found total nothing piece pieces step steps knocks out
    here there which what when may where your own start set-up setup draw drawn placed protected unprotected
    creature corner section sections finished pathway deck memory hand side""".split())

#: the notation of moves and the names of things that are the same in both languages
NOTATION = re.compile(r"\b(dance|drop|exchange|tile|pass|draw|end|xap|xig|give|countered)\b( [^\s:;,)]+)*")


def scrub(text: str) -> str:
    """*text* without what is not prose."""
    text = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"|„[^”\n]*”", " ", text)  # quoted: moves, names, the rulebook's words
    text = re.sub(r"\[[^\]\n]*\]", " ", text)                       # rule citations
    text = re.sub(r"\S*[/\\]\S*", " ", text)                        # paths
    text = re.sub(r"[\w.-]+\.(?:txt|yaml|yml)\b", " ", text)           # file names
    text = re.sub(r"\$[\w.\[\]-]*", " ", text)                        # places in a document ($.players[0])
    text = re.sub(r"\b[A-Z][A-Z0-9]*(-[A-Z0-9]+)+\b", " ", text)    # codes
    text = re.sub(r"\b[a-z_]+=\S+", " ", text)                      # options NAME=VALUE
    text = re.sub(r"\b[\w-]+(?:, [\w-]+)+", " ", text)               # lists of names (keys, squares)
    return NOTATION.sub(" ", text)


def english(text: str) -> list[str]:
    """The English words of *text*'s prose."""
    return sorted({w for w in re.findall(r"[A-Za-z][A-Za-z-]*", scrub(text)) if w.lower() in ENGLISH})


def test_the_walker_sees_english() -> None:
    assert english("examples/a.txt:6: error EXXIT-X [EXXIT rulebook: Ruchy]: ply 3 'drop 0,1': a dance is possible")
    assert english("a(z) 0,1 lapkán már vannak korongok; 3. féllépés, 'drop 0,1' [Zen: Lépések 1]") == []


E = "examples"
COMMANDS = [
    # EXXIT: moves, replay (a finding, a clean record), perft, show; an unreadable file; a bad --ply
    ("exxit", "moves", f"{E}/exxit/rulebook/1a.yaml"),
    ("exxit", "moves", f"{E}/exxit/rulebook/1a.yaml", "--format", "json"),
    ("exxit", "replay", f"{E}/exxit/mistakes.txt"),
    ("exxit", "replay", f"{E}/exxit/mistakes.txt", "--format", "json"),
    ("exxit", "replay", f"{E}/exxit/game.txt"),
    ("exxit", "perft", f"{E}/exxit/rulebook/1a.yaml", "1", "--divide"),
    ("exxit", "show", f"{E}/exxit/mistakes.txt", "--ply", "3"),
    ("exxit", "replay", f"{E}/exxit/rulebook/1a.yaml"),
    ("exxit", "show", f"{E}/exxit/mistakes.txt", "--ply", "9"),
    # XIG
    ("xig", "moves", f"{E}/xig/position.yaml"),
    ("xig", "moves", f"{E}/xig/position.yaml", "--format", "json"),
    ("xig", "show", f"{E}/xig/position.yaml"),
    ("xig", "show", f"{E}/xig/illegal-moves.yaml", "--ply", "3"),
    ("xig", "replay", f"{E}/xig/complete-game.yaml"),
    ("xig", "replay", f"{E}/xig/illegal-moves.yaml"),
    ("xig", "replay", f"{E}/xig/illegal-moves.yaml", "--format", "json"),
    ("xig", "replay", f"{E}/xig/position.yaml"),
    ("xig", "show", f"{E}/xig/illegal-moves.yaml", "--ply", "30"),
    # Zen
    ("zen", "moves", f"{E}/zen/position.yaml"),
    ("zen", "moves", f"{E}/zen/position.yaml", "--format", "json"),
    ("zen", "show", f"{E}/zen/position.yaml"),
    ("zen", "show", f"{E}/zen/illegal-moves.yaml", "--ply", "2"),
    ("zen", "replay", f"{E}/zen/complete-2p.yaml"),
    ("zen", "replay", f"{E}/zen/illegal-moves.yaml"),
    ("zen", "replay", f"{E}/zen/illegal-moves.yaml", "--format", "json"),
    ("zen", "replay", f"{E}/zen/position.yaml"),
    ("zen", "show", f"{E}/zen/illegal-moves.yaml", "--ply", "99"),
    ("zen", "options"),
    ("zen", "setup", "--players", "2", "--seed", "3", "--hand", "A=a1"),
]

#: the part of click's own words around a usage error (the command line's, not the game's), in English or,
#: under --lang hu, in Hungarian (cli/clickwords.py): the usage line names the command's metavariables
CLICK = re.compile(r"^(Usage: .*|Try '.*' for help\.|Error: Invalid value for '[^']+'(?: / '[^']+')?: "
                   r"|Használat: .*|Segítség: '.*'\.|Hiba: Érvénytelen érték ennél: '[^']+'(?: / '[^']+')?: )", re.M)


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a))
def test_every_board_game_command_speaks_hungarian(args: tuple[str, ...]) -> None:
    ran = run_main([*args, "--lang", "hu"])
    assert ran.code in (0, 1, 2)
    out = ran.stdout + ran.stderr
    assert out.strip()
    assert english(CLICK.sub(" ", out)) == [], out


@pytest.mark.parametrize("game", ["exxit", "xig", "zen"])
def test_every_board_game_command_has_help(game: str) -> None:
    ran = run_main([game, "--help"])
    assert ran.code == 0 and f"korbiro {game}" in ran.stdout
    for command in {"exxit": ("moves", "replay", "perft", "show"), "xig": ("moves", "replay", "show"),
                    "zen": ("moves", "replay", "show", "setup", "options", "rules")}[game]:
        sub = run_main([game, command, "--help", "--lang", "hu"])
        assert sub.code == 0 and f"korbiro {game} {command}" in sub.stdout


# --------------------------------------------------------------------------- the web app

EXAMPLES = {"exxit": ["mistakes", "start", "game"], "xig": ["illegal-moves", "position"],
            "zen": ["illegal-moves", "position", "complete-2p"]}


def page_text(page: str) -> str:
    """What a reader of *page* reads: its text, without the input echoed back, scripts and pictures."""
    page = re.sub(r"(?s)<textarea[^>]*>.*?</textarea>|<script.*?</script>|<style.*?</style>", " ", page)
    page = re.sub(r"(?s)<(?:option|code)[^>]*>.*?</(?:option|code)>", " ", page)  # file names, moves, codes
    page = re.sub(r'src="data:[^"]*"', " ", page)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_every_game_page_speaks_hungarian(game: str, web_client: Any) -> None:
    r = web_client.get(f"/{game}", params={"lang": "hu"})
    assert r.status_code == 200 and '<html lang="hu">' in r.text
    assert english(page_text(r.text)) == []
    for name in EXAMPLES[game]:
        for ply in (None, "1"):
            params = {"lang": "hu", "example": name, **({"ply": ply} if ply else {})}
            r = web_client.get(f"/{game}", params=params)
            assert r.status_code == 200, (name, r.text[:300])
            assert english(page_text(r.text)) == [], (name, ply, page_text(r.text))


def _strings(data: Any) -> list[str]:
    """The prose of a JSON answer: its ``message``, ``caption`` and ``summary``-like strings."""
    if isinstance(data, dict):
        return [s for k, v in data.items() if k not in ("svg", "moves", "move", "text", "file")
                for s in (_strings(v) if not isinstance(v, str) else [v] if k in ("message", "caption") else [])]
    if isinstance(data, list):
        return [s for item in data for s in _strings(item)]
    return []


@pytest.mark.parametrize(("game", "example"), [("exxit", "mistakes.txt"), ("xig", "illegal-moves.yaml"),
                                               ("zen", "illegal-moves.yaml")])
def test_the_replay_api_answers_in_the_language_asked(game: str, example: str, web_client: Any) -> None:
    text = Path(f"examples/{game}/{example}").read_text("utf-8")
    hu = web_client.post(f"/api/{game}/replay", json={"text": text, "name": example, "lang": "hu"}).json()
    en = web_client.post(f"/api/{game}/replay", json={"text": text, "name": example, "lang": "en"}).json()
    assert [v["code"] for v in hu["violations"]] == [v["code"] for v in en["violations"]]
    assert hu == run_json(game, "replay", f"examples/{game}/{example}", "--lang", "hu", name=example)
    messages = _strings(hu)
    assert messages and all(english(m) == [] for m in messages), messages
    assert any(english(m) for m in _strings(en))


def run_json(*args: str, name: str) -> Any:
    ran = run_main([*args, "--format", "json"])
    data = json.loads(ran.stdout)
    for key in ("file", "path"):
        if key in data:
            data[key] = name
    return data
