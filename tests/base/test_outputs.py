"""Issue 25: no output option writes over an input of its command, or over another output of the same run.

Every output option of every command (``deck show --svg``, ``exxit|xig|zen show --svg``, ``exxit|xig|zen
replay --svg-dir``, ``resolve --state-out``, ``play --scenario-out/--state-out``) goes through
:func:`korbiro.base.fsutil.check_outputs`: a path that is the same file as an input (the same path, another
spelling of it, a symbolic link to it, a hard link) or as another output is refused with exit 2 and a
message naming the option and the files, and nothing is written.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from clirun import run_main
from layout import ROOT

from korbiro.base import reads
from korbiro.base.errors import UsageError
from korbiro.base.fsutil import check_outputs, same_file


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KORBIRO_DB", raising=False)
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path / ".cache"))
    yield


def _copy(source: str, name: str) -> Path:
    target = Path(name)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ROOT / source, target)
    return target


def _refused(args: list[str], untouched: Path, stderr: str) -> None:
    """``korbiro ARGS`` exits 2 with *stderr*, and *untouched* keeps its bytes."""
    before = untouched.read_bytes()
    ran = run_main([*args, "--lang", "en"])
    assert (ran.code, ran.stderr) == (2, stderr), ran.stdout
    assert untouched.read_bytes() == before


def _is_input(option: str, path: str, name: str) -> str:
    return (f"Error: {option} {path!r} is the input file {name!r}; korbiro does not write over its input: "
            "give another path\n")


# ---------------------------------------------------------------- the helper


def test_same_file_by_path_symlink_and_hard_link(tmp_path: Path) -> None:
    a = tmp_path / "a.yaml"
    a.write_text("x: 1\n", "utf-8")
    (tmp_path / "sub").mkdir()
    os.symlink(a, tmp_path / "link.yaml")
    os.link(a, tmp_path / "hard.yaml")
    assert same_file("a.yaml", "./a.yaml") and same_file("a.yaml", "sub/../a.yaml")
    assert same_file("link.yaml", "a.yaml") and same_file("hard.yaml", "a.yaml")
    assert same_file("new.svg", "./new.svg")  # neither exists: the resolved paths decide
    assert not same_file("a.yaml", "b.yaml")


def test_check_outputs_refuses_an_input_a_file_read_and_a_second_output(tmp_path: Path) -> None:
    Path("a.yaml").write_text("x: 1\n", "utf-8")
    with pytest.raises(UsageError) as caught:
        check_outputs([("--svg", "./a.yaml")], ["a.yaml"])
    assert (caught.value.code, caught.value.message) == ("FILE-OUTPUT-IS-INPUT", _is_input("--svg", "./a.yaml", "a.yaml")
                                                         .removeprefix("Error: ").rstrip())
    with reads.recording():
        reads.note("a.yaml")  # a file the run read: a record's position file, say
        with pytest.raises(UsageError) as caught:
            check_outputs([("--svg", "a.yaml")])
    assert caught.value.code == "FILE-OUTPUT-IS-INPUT"
    with pytest.raises(UsageError) as caught:
        check_outputs([("--scenario-out", "x.yaml"), ("--state-out", "./x.yaml")])
    assert (caught.value.code, caught.value.message) == (
        "FILE-OUTPUT-TWICE", "--state-out './x.yaml' is the same file as --scenario-out 'x.yaml'; "
                             "give each output a path of its own")
    assert check_outputs([("--svg", "b.svg"), ("--out", None)], ["a.yaml", "-"]) == [Path("b.svg")]
    assert not Path("b.svg").exists()


# ---------------------------------------------------------------- resolve --state-out


def test_resolve_state_out_over_its_scenario() -> None:
    s = _copy("examples/rulings/ostrom-mp.yaml", "S.yaml")
    _refused(["resolve", "S.yaml", "--state-out", "S.yaml"], s, _is_input("--state-out", "S.yaml", "S.yaml"))
    _refused(["resolve", "S.yaml", "--state-out", "./S.yaml"], s, _is_input("--state-out", "./S.yaml", "S.yaml"))
    os.symlink("S.yaml", "L.yaml")
    _refused(["resolve", "L.yaml", "--state-out", "S.yaml"], s, _is_input("--state-out", "S.yaml", "L.yaml"))
    os.link("S.yaml", "H.yaml")
    _refused(["resolve", "S.yaml", "--state-out", "H.yaml"], s, _is_input("--state-out", "H.yaml", "S.yaml"))
    ran = run_main(["resolve", "S.yaml", "--state-out", "state.yaml"])
    assert ran.code == 0 and "variant: two-player\n" in Path("state.yaml").read_text("utf-8"), ran.stderr


def test_resolve_state_out_over_the_card_database() -> None:
    s = _copy("examples/rulings/ostrom-mp.yaml", "S.yaml")
    db = _copy("korbiro/data/mk/cards/MINTA.yaml", "db/MINTA.yaml")
    _refused(["resolve", str(s), "--db", "db", "--state-out", "db/MINTA.yaml"], db,
             _is_input("--state-out", "db/MINTA.yaml", "db/MINTA.yaml"))


# ---------------------------------------------------------------- deck show --svg


def test_deck_show_svg_over_its_deck_and_the_database() -> None:
    d = _copy("examples/decks/legal-limit3.deck", "D.deck")
    _refused(["deck", "show", "D.deck", "--svg", "D.deck"], d, _is_input("--svg", "D.deck", "D.deck"))
    db = _copy("korbiro/data/mk/cards/MINTA.yaml", "MINTA.yaml")
    _refused(["deck", "show", "D.deck", "--db", "MINTA.yaml", "--svg", "./MINTA.yaml"], db,
             _is_input("--svg", "./MINTA.yaml", "MINTA.yaml"))
    ran = run_main(["deck", "show", "D.deck", "--svg", "D.svg"])
    assert ran.code == 0 and Path("D.svg").read_text("utf-8").startswith("<svg"), ran.stderr


# ---------------------------------------------------------------- the board games


def test_exxit_show_and_replay() -> None:
    r = _copy("examples/exxit/mistakes.txt", "R.txt")
    _refused(["exxit", "show", "R.txt", "--svg", "R.txt"], r, _is_input("--svg", "R.txt", "R.txt"))
    p = _copy("examples/exxit/start.yaml", "P.yaml")
    Path("rec.txt").write_text("variant: standard\nposition: P.yaml\n1. drop 0,-1\n", "utf-8")
    # the position file the record names is an input too
    _refused(["exxit", "show", "rec.txt", "--svg", "P.yaml"], p, _is_input("--svg", "P.yaml", "P.yaml"))
    pic = _copy("examples/exxit/mistakes.txt", "pics/ply-000.svg")
    _refused(["exxit", "replay", "pics/ply-000.svg", "--svg-dir", "pics"], pic,
             _is_input("--svg-dir", "pics/ply-000.svg", "pics/ply-000.svg"))
    assert sorted(os.listdir("pics")) == ["ply-000.svg"]  # nothing written


def test_xig_show_and_replay() -> None:
    s = _copy("examples/xig/position.yaml", "S.yaml")
    _refused(["xig", "show", "S.yaml", "--svg", "S.yaml"], s, _is_input("--svg", "S.yaml", "S.yaml"))
    pic = _copy("examples/xig/complete-game.yaml", "pics/ply-000.svg")
    _refused(["xig", "replay", "pics/ply-000.svg", "--svg-dir", "pics"], pic,
             _is_input("--svg-dir", "pics/ply-000.svg", "pics/ply-000.svg"))
    assert sorted(os.listdir("pics")) == ["ply-000.svg"]


def test_zen_show_and_replay() -> None:
    s = _copy("examples/zen/position.yaml", "S.yaml")
    _refused(["zen", "show", "S.yaml", "--svg", "S.yaml"], s, _is_input("--svg", "S.yaml", "S.yaml"))
    pic = _copy("examples/zen/complete-2p.yaml", "pics/ply-001.svg")
    _refused(["zen", "replay", "pics/ply-001.svg", "--svg-dir", "pics"], pic,
             _is_input("--svg-dir", "pics/ply-001.svg", "pics/ply-001.svg"))
    assert sorted(os.listdir("pics")) == ["ply-001.svg"]


# ---------------------------------------------------------------- play


def test_play_two_outputs_one_file_and_an_output_over_a_deck() -> None:
    x = Path("X.yaml")
    x.write_text("keep: me\n", "utf-8")
    _refused(["play", "--seed", "1", "--max-rounds", "1", "--scenario-out", "X.yaml", "--state-out", "X.yaml"], x,
             "Error: --state-out 'X.yaml' is the same file as --scenario-out 'X.yaml'; give each output a path of "
             "its own\n")
    d = _copy("korbiro/data/mk/decks/kincsvadaszok.deck", "D.deck")
    _refused(["play", "--seed", "1", "--max-rounds", "1", "--deck", "D.deck", "--deck", "D.deck",
              "--state-out", "D.deck"], d, _is_input("--state-out", "D.deck", "D.deck"))
