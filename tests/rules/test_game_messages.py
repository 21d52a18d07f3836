"""The board games' messages as data: every EXXIT, XIG and Zen message for users is a template of
the game's ``messages.yaml`` in English and Hungarian, and every games command takes ``--lang``.

Exact outputs in both languages for a violation, a file error and a replay summary of each game;
JSON keeps codes and rule ids and gives ``message`` in the chosen language; random illegal moves
render in Hungarian (a missing template or argument would raise).
"""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import click
import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from layout import ROOT

from korbiro.base import i18n
from korbiro.base.findings import Finding
from korbiro.cli import cli
from korbiro.rules import exxit as ex
from korbiro.rules import zen
from korbiro.rules.xig.layout import Tile
from korbiro.rules.xig.play import random_game
from korbiro.rules.xig.position import DrawXap, EndTurn, FlipXig, Give, Pass, Play, PlayXap
from korbiro.rules.xig.record import load_record, replay
from korbiro.rules.xig.setup import GameSpec, PlayerSpec

GAMES = ("exxit", "xig", "zen")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), prog_name="korbiro")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def severity(lang: str) -> str:
    """The word of an error in a finding line, as the shared renderer writes it in *lang*."""
    return Finding("X", "m").render_text(lang).split()[1]


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


# -- every command -------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_games_command_takes_lang(game: str) -> None:
    ctx = click.Context(cli)
    group = cli.get_command(ctx, game)
    assert isinstance(group, click.Group)
    assert group.commands
    for name, command in group.commands.items():
        options = {opt for p in command.params for opt in p.opts}
        assert "--lang" in options, f"korbiro {game} {name}"


def _catalogue(game: str) -> dict[str, dict[str, str]]:
    text = resources.files("korbiro.rules").joinpath(game, "messages.yaml").read_text("utf-8")
    data: dict[str, dict[str, str]] = yaml.safe_load(text)
    return data


@pytest.mark.parametrize("game", GAMES)
def test_each_game_keeps_its_own_keys_and_translates_every_verdict(game: str) -> None:
    prefix = game.upper()
    for key, texts in _catalogue(game).items():
        code, dot, case = key.partition(".")
        assert dot and case, f"{key}: a key is CODE.case, so that no key is a code by itself"
        assert code.startswith((prefix, "FILE-")), key
        if code != prefix:  # a verdict's or a file error's message is said in Hungarian, not copied
            assert texts["en"] != texts["hu"], key


def test_every_exxit_reason_code_has_its_messages() -> None:
    keys = set(_catalogue("exxit"))
    for code in ex.REASONS:
        assert any(k.startswith(code + ".") for k in keys), code


# -- EXXIT -----------------------------------------------------------------------------------------------


def test_exxit_violation_and_summary_in_both_languages() -> None:
    code, out, _ = run("exxit", "replay", "examples/exxit/mistakes.txt")
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == ("examples/exxit/mistakes.txt:6: error EXXIT-DANCE-COMPULSORY [EXXIT rulebook: Ruchy taneczne]:"
                        " ply 3 'drop 0,1': a dance is possible, e.g. dance 0,0 e")
    assert lines[-2:] == ["invalid: 4 violations (5 plies)", "not finished: score so far white 4, black 3"]
    code, out, _ = run("exxit", "replay", "examples/exxit/mistakes.txt", "--lang", "hu")
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == (f"examples/exxit/mistakes.txt:6: {severity('hu')} EXXIT-DANCE-COMPULSORY"
                        " [EXXIT rulebook: Ruchy taneczne]: 3. féllépés, 'drop 0,1':"
                        " lehet táncolni (például dance 0,0 e), és a tánc kötelező")
    assert lines[2].endswith("5. féllépés, 'drop 0,1': a(z) 0,1 lapkán már vannak korongok")
    assert lines[-2:] == ["szabálytalan: 4 szabálysértés (5 féllépés)", "nincs vége: az eddigi pontszám fehér 4, fekete 3"]


def test_exxit_result_in_both_languages() -> None:
    assert run("exxit", "replay", "examples/exxit/game.txt")[1] == (
        "valid (165 plies)\nresult: white 29, black 31: black wins (stock-exhausted) [EXXIT rulebook: Koniec gry]\n")
    assert run("exxit", "replay", "examples/exxit/game.txt", "--lang", "hu")[1] == (
        "szabályos (165 féllépés)\n"
        "eredmény: fehér 29, fekete 31: fekete nyer (elfogyott a készlet) [EXXIT rulebook: Koniec gry]\n")
    assert run("exxit", "moves", "examples/exxit/rulebook/end.yaml", "--lang", "hu")[1] == (
        "nincs szabályos lépés: a játszmának vége (elfogyott a készlet) [EXXIT rulebook: Koniec gry]\n")


def test_exxit_file_error_in_both_languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yaml").write_text('variant: standard\nto_move: green\ntiles: {"0,0": white}\nstacks: {}\n'
                                       "reserves: {white: 8, black: 8}\nstock: 38\n", encoding="utf-8")
    assert run("exxit", "moves", "bad.yaml") == (
        2, "", "bad.yaml:2:10: error EXXIT-POSITION-FILE: to_move must be white or black, got 'green'\n")
    assert run("exxit", "moves", "bad.yaml", "--lang", "hu") == (
        2, "", "bad.yaml:2:10: hiba EXXIT-POSITION-FILE: a to_move értéke white vagy black lehet, nem 'green'\n")
    (tmp_path / "bad.txt").write_text("variant: standard\n1. drop 0,0\n2. jump 1,0\nfoo: bar\n", encoding="utf-8")
    assert run("exxit", "replay", "bad.txt", "--lang", "hu")[2] == (
        "bad.txt:3:4: hiba EXXIT-MOVE-SYNTAX: nem értelmezhető lépés: 'jump 1,0'; egy lépés 'dance Q,R DIR', 'drop Q,R', 'exchange Q,R',"
        " 'tile Q,R' vagy 'pass'\n"
        "bad.txt:4: hiba EXXIT-RECORD-SYNTAX: a(z) 'foo' fejléc az első lépés után áll; a fejlécek a lépések előtt jönnek\n")


def test_exxit_json_keeps_codes_and_speaks_the_language() -> None:
    en = json.loads(run("exxit", "replay", "examples/exxit/mistakes.txt", "--format", "json")[1])
    hu = json.loads(run("exxit", "replay", "examples/exxit/mistakes.txt", "--format", "json", "--lang", "hu")[1])
    assert [(v["code"], v["rule"]) for v in en["violations"]] == [(v["code"], v["rule"]) for v in hu["violations"]]
    assert hu["violations"][1]["message"] == "van 2 szabályos lépés, például dance 1,0 w"
    assert en["violations"][1]["message"] == "2 legal move(s), e.g. dance 1,0 w"


def test_exxit_library_gives_both_languages() -> None:
    pos = ex.Position()
    pos.play("drop 0,0")
    v = pos.check(ex.Move.parse("white drop 1,0"))
    assert (v.code, v.message) == ("EXXIT-NOT-YOUR-TURN", "white moved, but it is black's turn")
    assert v.text("hu") == "a fehér játékos lépett, de a fekete következik"
    with pytest.raises(ex.IllegalMoveError) as err:
        pos.play("drop 0,0")
    assert err.value.text("hu").startswith("drop 0,0: ")
    with pytest.raises(ex.PositionError) as perr:
        ex.Position.from_parts(variant="standard", to_move="white", tiles={}, stacks={}, reserves={}, stock=39)
    assert perr.value.text("hu") == "egy állásban legalább egy lapkának lennie kell"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_exxit_every_refusal_of_a_random_game_is_said_in_hungarian(seed: int) -> None:
    rng = random.Random(seed)
    pos = ex.Position()
    for _ in range(rng.randrange(0, 40)):
        if pos.is_game_over():
            break
        pos.push(rng.choice(pos.legal_moves()))
    for text in ("pass", "drop 0,0", "drop 5,5", "exchange 0,0", "tile 3,3", "dance 0,0 e", "dance 1,0 w",
                 "black drop 1,-1", "dance 0,1 ne"):
        for v in pos.reasons(ex.Move.parse(text)):
            assert v.text("hu") and v.text("hu") != v.message, (text, v.code)


# -- XIG -------------------------------------------------------------------------------------------------


def test_xig_violation_and_summary_in_both_languages() -> None:
    code, out, _ = run("xig", "replay", "examples/xig/illegal-moves.yaml")
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == ("examples/xig/illegal-moves.yaml:13: error XIG-FIRST-TURN [XIG 3.4, Play of the Game]: turn 1 Anna 'E8':"
                        " in a player's very first turn only a creature tile may be played; E8 (corner) is not a creature")
    assert lines[-1] == ("examples/xig/illegal-moves.yaml: invalid, 11 violations; 11 turns; no winner yet"
                         " (tiles on the table: Anna 3, Bela 4)")
    code, out, _ = run("xig", "replay", "examples/xig/illegal-moves.yaml", "--lang", "hu")
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == ("examples/xig/illegal-moves.yaml:13: hiba XIG-FIRST-TURN [XIG 3.4, A játék menete]: 1. kör, Anna, 'E8':"
                        " a játékos legelső körében csak lénylapka játszható ki; a(z) E8 (saroklapka) nem lény")
    assert lines[-1] == ("examples/xig/illegal-moves.yaml: szabálytalan, 11 szabálysértés; 11 kör; még nincs győztes"
                         " (lapkák az asztalon: Anna 3, Bela 4)")
    assert run("xig", "replay", "examples/xig/complete-game.yaml", "--lang", "hu")[1] == (
        "examples/xig/complete-game.yaml: szabályos; 72 kör; Anna nyert (lapkák az asztalon: Anna 35, Bela 19)\n")


def test_xig_file_error_in_both_languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.yaml").write_text("kind: xig-record\nplayers:\n  - {name: Anna, pathway: E}\n"
                                     "  - {name: Bela, pathway: W}\nturns:\n  - E5 x\n", encoding="utf-8")
    assert run("xig", "replay", "r.yaml") == (2, "", (
        "r.yaml:6:5: error XIG-NOTATION: turn 1: expected the tile knocked out at the end of the turn"
        " (column 5 of 'E5 x')\n"))
    assert run("xig", "replay", "r.yaml", "--lang", "hu") == (2, "", (
        f"r.yaml:6:5: {severity('hu')} XIG-NOTATION: 1. kör: a kör végén a kiütött lapkát vártam"
        " (a(z) 'E5 x' 5. oszlopa)\n"))
    (tmp_path / "s.yaml").write_text("kind: xig-record\nplayers:\n  - {name: Anna, pathway: E}\nturns: []\n",
                                     encoding="utf-8")
    assert run("xig", "replay", "s.yaml", "--lang", "hu")[2] == (
        f"s.yaml:3:3: {severity('hu')} XIG-SCHEMA: $.players: [{{'name': 'Anna', 'pathway': 'E'}}] túl rövid"
        " (legalább 2 elem kell)\n")


def test_xig_json_and_the_library() -> None:
    hu = json.loads(run("xig", "replay", "examples/xig/illegal-moves.yaml", "--format", "json", "--lang", "hu")[1])
    first = hu["violations"][0]
    assert (first["code"], first["rule"], first["section"]) == ("XIG-FIRST-TURN", "XIG 3.4", "A játék menete")
    assert first["message"] == "a játékos legelső körében csak lénylapka játszható ki; a(z) E8 (saroklapka) nem lény"
    result = replay(load_record(ROOT / "examples/xig/illegal-moves.yaml"))
    assert result.violations[0].text() == (
        "in a player's very first turn only a creature tile may be played; E8 (corner) is not a creature")
    assert result.summary("hu").endswith("még nincs győztes (lapkák az asztalon: Anna 3, Bela 4)")
    show = json.loads(run("xig", "show", "examples/xig/position.yaml", "--format", "json", "--lang", "hu")[1])
    reasons = {t["reason"] for p in show["pathways"] for t in p["tiles"] if t.get("reason")}
    assert "a saroklapkák védettek" in reasons


_TILES = st.builds(Tile, st.sampled_from(["E", "W", "Q"]), st.integers(-2, 40))
_CARDS = st.sampled_from(["black-magic", "counter-curse", "banishment", "lost-turn", "three-tiles", "remembrance", "x"])
_MOVES = st.one_of(
    st.builds(Play, _TILES, st.none() | _TILES),
    st.builds(DrawXap, st.none() | _CARDS),
    st.builds(PlayXap, _CARDS, st.none() | _TILES, st.none() | st.sampled_from(["Anna", "Bela", "Zoe"]),
              st.lists(_TILES, max_size=2).map(tuple), st.booleans()),
    st.just(Pass()), st.just(FlipXig()), st.builds(Give, _CARDS),
    st.builds(EndTurn, st.lists(_TILES, max_size=6).map(tuple)),
)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 40), st.integers(0, 3), st.lists(_MOVES, min_size=1, max_size=12))
def test_xig_every_violation_of_arbitrary_moves_is_said_in_hungarian(seed: int, plies: int, moves: list) -> None:  # type: ignore[type-arg]
    spec = GameSpec([PlayerSpec("Anna", ("E",)), PlayerSpec("Bela", ("W",))])
    pos = random_game(spec, seed=seed, max_plies=plies, check=False).position
    for move in moves:
        for v in pos.check(move):
            assert v.text("hu") and v.text("hu") != v.message, (str(move), v.code)
            assert v.line("hu").startswith(f"{v.code} [")
        pos.push(move, force=True)


# -- Zen -------------------------------------------------------------------------------------------------


def test_zen_violation_and_summary_in_both_languages() -> None:
    code, out, _ = run("zen", "replay", "examples/zen/illegal-moves.yaml")
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == ("examples/zen/illegal-moves.yaml:19: error ZEN-DIAGONAL [Zen: Lépések 4]: turn 1 A 'a2-b3 b2-c2':"
                        " a2-b3: no diagonal steps between floors; go sideways and up or down in two turns")
    assert lines[-2:] == ["examples/zen/illegal-moves.yaml: invalid: 12 violations (11 turns)",
                          "not finished: score so far A 3, B 3, C 0, D 0"]
    code, out, _ = run("zen", "replay", "examples/zen/illegal-moves.yaml", "--lang", "hu")
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == (f"examples/zen/illegal-moves.yaml:19: {severity('hu')} ZEN-DIAGONAL [Zen: Lépések 4]:"
                        " 1. kör, A, 'a2-b3 b2-c2': a2-b3: szintek között tilos átlósan lépni;"
                        " két körben lehet oldalra, majd fel vagy le lépni")
    assert lines[1].endswith("c4-c3: B1 (B Lány bábuja) nem léphet A4 (A Férfi bábuja) helyére: helycserét csak"
                             " az erősebb bábu kezdeményezhet, és az erősebb blokkolja a gyengébbet")
    assert lines[-2:] == ["examples/zen/illegal-moves.yaml: szabálytalan: 12 szabálysértés (11 kör)",
                          "nincs vége: az eddigi pontszám A 3, B 3, C 0, D 0"]
    assert run("zen", "replay", "examples/zen/complete-2p.yaml", "--lang", "hu")[1] == (
        "examples/zen/complete-2p.yaml: szabályos (31 kör)\n"
        "eredmény: A 9, B 4; vége a játéknak: A minden toronyban maradt bábuját célba juttatta [Zen: Befejezés];"
        " a győztes: A [Zen: Pontozás]\n")


def test_zen_file_error_in_both_languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.yaml").write_text("players: A B\nto_move: A\ntower: |\n  5  .  B2 .  B1\n  4  B4 .  H  B3\n"
                                     "  3  .  .  .  .\n  2  A1 H  A3 .\n  1  .  A2 .  X4\ntargets:\n"
                                     "  A: a4 b4 c4 d4 d5\n  B: a1 b1 c1 a2 b2\n", encoding="utf-8")
    assert run("zen", "show", "p.yaml") == (2, "", (
        "p.yaml:8: error ZEN-POSITION-PIECE: 'X4' on d1 is not a piece (A1-D4, or H for a Warrior, '.' for empty)\n"))
    assert run("zen", "show", "p.yaml", "--lang", "hu") == (2, "", (
        f"p.yaml:8: {severity('hu')} ZEN-POSITION-PIECE: a(z) d1 mezőn álló 'X4' nem bábu"
        " (A1-D4, Harcosra H, üres mezőre '.')\n"))


def test_zen_json_moves_show_and_the_library() -> None:
    hu = json.loads(run("zen", "replay", "examples/zen/misplaced-arrival.yaml", "--format", "json", "--lang", "hu")[1])
    v = hu["violations"][0]
    assert (v["code"], v["rule"]) == ("ZEN-ARRIVE-NOT-OWN", "Zen: Belépés 1")
    assert v["message"] == ("b2@: C2 (C Fiú bábuja) nem a soron lévő játékosé; bábut csak a gazdája juttathat célba,"
                            " a saját körében; a helye rögtön ez után: b3-b2 (a lépés, amely odaviszi):"
                            " írd így: 'b3-b2@ c1-d1'")
    assert run("zen", "moves", "examples/zen/position.yaml", "--lang", "hu")[1].splitlines()[0] == (
        "A lép, 9. kör: 126 szabályos kör")
    show = run("zen", "show", "examples/zen/position.yaml", "--lang", "hu")[1].splitlines()
    assert show[0] == "Zen, 4 játékos (A B C D): 9. kör, A lép"
    assert show[2].startswith("  szint   a    b")
    pos = zen.setup(2, seed=3)
    v2 = pos.check(zen.Move.parse("pass"))
    assert v2.code == "ZEN-MOVE-COMPULSORY" and v2.text("hu").startswith("pass: lépni kötelező, és A tud lépni (")
    assert run("zen", "options", "--lang", "hu")[1].splitlines()[1] == (
        "    az a és a d oszlop szomszédos (a négy oszlop körbeállja a tornyot); false: egy sor, a-b-c-d")


def test_zen_option_help_agrees_with_its_catalogue() -> None:
    from korbiro.rules.zen.options import option_help

    for name, (_values, text) in zen.OPTION_HELP.items():
        assert option_help(name, "en") == text, name


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(4, "standard"), (3, "standard"), (2, "standard"), (2, "passive")]),
       st.lists(st.sampled_from(["a1-a2", "b3-b4", "c2xc3", "a3-b4", "d5-d4", "c4@", "b2@", "pass", "a1-a1",
                                 "a5-a3", "d1-a1", "c5-c4 b5-b4", "a2-a3@ c3-c2 d3-d2"]), min_size=1, max_size=6))
def test_zen_every_violation_of_arbitrary_turns_is_said_in_hungarian(seed: int, config: tuple[int, str],
                                                                       turns: list[str]) -> None:
    rng = random.Random(seed)
    pos = zen.setup(config[0], seed=seed, variant=config[1], options=zen.Options(late_arrival=rng.random() < 0.3))
    for _ in range(rng.randrange(0, 12)):
        legal = pos.legal_moves()
        if not legal:
            break
        pos = pos.play(rng.choice(legal))
    for text in turns:
        for v in pos.violations(zen.Move.parse(text)):
            assert v.text("hu") and v.text("hu") != v.message, (text, v.code)


# -- the configuration -----------------------------------------------------------------------------------


def test_korbiro_toml_chooses_the_games_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "korbiro.toml").write_text('lang = "hu"\n', encoding="utf-8")
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    assert run("exxit", "replay", "examples/exxit/game.txt")[1].startswith("szabályos (165 féllépés)\n")
    assert run("exxit", "replay", "examples/exxit/game.txt", "--lang", "en")[1].startswith("valid (165 plies)\n")
    assert run("zen", "replay", "examples/zen/complete-2p.yaml")[1].startswith(
        "examples/zen/complete-2p.yaml: szabályos (31 kör)\n")
    i18n.choose(None)
