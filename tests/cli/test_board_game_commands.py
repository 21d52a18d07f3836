"""``korbiro GAME moves|replay|show`` are built once (``cli/_games.py``) from each game's entry in the
registry of ``app/games/``: the arguments and options it declares, its answers, the same reading,
problems, exit codes and pictures for every game (issue 28 item 4)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from korbiro.app.games import (
    GAMES,
    Argument,
    BoardGame,
    CommandShape,
    PlyError,
    Replay,
    Said,
    Shown,
    Source,
)
from korbiro.base.errors import DataError
from korbiro.base.i18n import catalogue
from korbiro.cli import cli
from korbiro.cli._games import add_commands

#: how each shared option shows in a command's parameters
PARAM = {"format": "fmt", "option": "option_items", "svg-dir": "svg_dir", "max-findings": "max_findings",
         "ply": "ply", "svg": "svg_path"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_games_commands_are_its_registry_entrys(name: str) -> None:
    group = cli.get_command(click.Context(cli), name)
    assert isinstance(group, click.Group)
    board = GAMES[name]
    assert set(board.commands) == {"moves", "replay", "show"}
    for command, shape in board.commands.items():
        built = group.commands[command]
        assert [p.name for p in built.params] == [shape.argument.name, *(PARAM[o] for o in shape.options), "lang"]
        assert built.help == catalogue()[f"HELP.{name}.{command}"]["en"].format()


class Toy(BoardGame):
    """A game of two plies whose answers say what they were asked."""

    name = "toy"
    prefix = "TOY"
    commands = {
        "moves": CommandShape(Argument("state"), ("format",)),
        "replay": CommandShape(Argument("records", many=True), ("format", "svg-dir", "max-findings")),
        "show": CommandShape(Argument("state"), ("ply", "svg")),
    }

    def said_moves(self, src: Source, options: Mapping[str, str], fmt: str, lang: str) -> Said:
        if "bad" in src.path:
            raise DataError("TOY-DATA", "no toy here", path=src.path, line=2)
        return Said(data={"moves": ["a", "b"]}) if fmt == "json" else Said(["a", "b"], notes=[f"{lang} note"])

    def replayed(self, src: Source, options: Mapping[str, str]) -> Replay:
        return Replay(src.path, "legal" in src.path, lambda lang: {"file": src.path},
                      lambda n, lang: [f"{src.path}: {n} {lang}"], lambda lang: ["<svg>0</svg>", "<svg>1</svg>"])

    def shown(self, src: Source, options: Mapping[str, str], fmt: str, ply: int | None, lang: str) -> Shown:
        if ply is not None and ply > 2:
            raise PlyError("TOY-PLY", f"no ply {ply}")
        return Shown(Said([f"ply {ply}"], drawing="|drawn|\n"), lambda: f"<svg>{ply}</svg>")


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> click.Group:
    monkeypatch.setitem(GAMES, "toy", Toy())
    for command in ("moves", "replay", "show"):
        monkeypatch.setitem(catalogue(), f"HELP.toy.{command}", {"en": f"The toy's {command}.", "hu": "Játék."})
    monkeypatch.chdir(tmp_path)
    for name in ("legal.txt", "broken.txt", "bad.txt"):
        Path(name).write_text("x\n", encoding="utf-8")
    group = click.Group("toy")
    add_commands(group, "toy")
    return group


def run(group: click.Group, *args: str) -> tuple[int, str, str]:
    ran = CliRunner().invoke(group, list(args))
    assert ran.exception is None or isinstance(ran.exception, SystemExit), ran.exception
    return ran.exit_code, ran.stdout, ran.stderr


def test_a_new_game_gets_its_moves_from_its_entry(toy: click.Group) -> None:
    assert run(toy, "moves", "legal.txt") == (0, "a\nb\n", "en note\n")
    code, out, _ = run(toy, "moves", "legal.txt", "--format", "json")
    assert (code, json.loads(out)) == (0, {"moves": ["a", "b"]})
    assert run(toy, "moves", "bad.txt") == (2, "", "bad.txt:2: error TOY-DATA: no toy here\n")
    assert run(toy, "moves", "no-such.txt")[0] == 2  # the argument's path must exist
    assert "The toy's moves." in run(toy, "moves", "--help")[1]


def test_a_new_game_gets_its_replay_with_exit_codes_and_pictures(toy: click.Group) -> None:
    assert run(toy, "replay", "legal.txt", "--max-findings", "3") == (0, "legal.txt: 3 en\n", "")
    assert run(toy, "replay", "legal.txt", "broken.txt") == (1, "legal.txt: 1000 en\nbroken.txt: 1000 en\n", "")
    code, out, _ = run(toy, "replay", "legal.txt", "broken.txt", "--format", "json")
    assert (code, json.loads(out)) == (1, [{"file": "legal.txt"}, {"file": "broken.txt"}])
    assert run(toy, "replay", "legal.txt", "--svg-dir", "pics") == (0, "legal.txt: 1000 en\n",
                                                                   "wrote 2 pictures to pics\n")
    assert sorted(p.name for p in Path("pics").iterdir()) == ["ply-000.svg", "ply-001.svg"]
    assert Path("pics/ply-001.svg").read_text("utf-8") == "<svg>1</svg>"
    code, _, err = run(toy, "replay", "legal.txt", "broken.txt", "--svg-dir", "pics")
    assert (code, err.splitlines()[-1]) == (2, "Error: Invalid value for '--svg-dir': draws one record, not 2")


def test_a_new_game_gets_its_show_with_ply_and_picture(toy: click.Group) -> None:
    assert run(toy, "show", "legal.txt", "--ply", "1", "--svg", "one.svg") == (0, "ply 1\n|drawn|\n",
                                                                               "wrote one.svg\n")
    assert Path("one.svg").read_text("utf-8") == "<svg>1</svg>"
    code, out, err = run(toy, "show", "legal.txt", "--ply", "5")
    assert (code, out, err.splitlines()[-1]) == (2, "", "Error: Invalid value for '--ply': no ply 5")
    code, _, err = run(toy, "show", "legal.txt", "--svg", "legal.txt")  # never over an input
    assert code == 2 and "legal.txt" in err

