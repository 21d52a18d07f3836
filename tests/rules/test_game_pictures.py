"""Pictures of EXXIT, XIG and Zen positions (issue 18, "What players expect").

Every position prints as its text board (``print(pos)``, python-chess's
``__str__``) and draws itself for notebooks (``_repr_svg_``); the SVG pictures
parse as XML, have a title, labels and a legend, and are compared with reviewed
golden files in ``tests/golden/`` (``python3 -m pytest --update-golden``
rewrites them); the SVG of random positions always parses.
"""

from __future__ import annotations

import random
from typing import Any
from xml.etree.ElementTree import Element

import pytest
from goldens import check_golden
from hypothesis import given, settings
from hypothesis import strategies as st
from layout import ROOT

from korbiro.base.svg import ALERT
from korbiro.base.yamlload import load_yaml_file
from korbiro.rules import exxit, xig, zen
from korbiro.rules.exxit.draw import svg_board
from korbiro.rules.xig.draw import svg_pathways
from korbiro.rules.xig.play import random_game
from korbiro.rules.zen.draw import svg_tower

try:  # parse with defusedxml where it is installed
    from defusedxml.ElementTree import fromstring
except ImportError:  # pragma: no cover - depends on the environment
    from xml.etree.ElementTree import fromstring

NS = "{http://www.w3.org/2000/svg}"


def parse_svg(text: str) -> Element:
    """The root of an SVG document; fails unless it is well-formed SVG with a title."""
    root: Element = fromstring(text)
    assert root.tag == f"{NS}svg"
    title = root.find(f"{NS}title")
    assert title is not None and title.text
    return root


def texts(root: Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def has_red_frame(root: Element) -> bool:
    return any(r.get("stroke") == ALERT and r.get("stroke-width") == "4" for r in root.iter(f"{NS}rect"))


def zen_position(path: str) -> zen.Position:
    return zen.position_from_document(load_yaml_file(ROOT / path))


# --------------------------------------------------------------------------- print(pos)


def test_an_exxit_position_prints_as_its_text_board() -> None:
    expert = exxit.Position.start("expert")
    assert str(expert) == (
        "EXXIT expert: white to move; stock 37; reserves white 8, black 8 (setup: lay tiles)\n"
        " 0,0   1,0\n"
        "  W     B"
    )
    assert repr(expert).startswith("<Position expert white to move")


def test_an_xig_position_prints_its_pathways() -> None:
    pos = xig.load_position(ROOT / "examples/xig/position.yaml")
    lines = str(pos).splitlines()
    assert lines[0] == "Pathway E: Earth, sample layout; Anna; 15 of 35 tiles on the table, 1 of 9 sections finished"
    assert lines[1] == "     1-8  [1]P 2u 3- 4- 5u 6u 7u [8]P   unfinished, missing 3, 4"
    assert lines[-1] == "Anna to move (turn 1)."


def test_a_zen_position_prints_its_tower() -> None:
    lines = str(zen_position("examples/zen/position.yaml")).splitlines()
    assert lines[:5] == [
        "Zen, 4 players (A B C D): turn 9, A to move",
        "",
        "  floor   a    b    c    d",
        "    5     H *  D1*  H *  D3",
        "    4     D4*  B1   .    .",
    ]


def test_print_is_what_show_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from korbiro.cli import cli

    monkeypatch.chdir(ROOT)
    run = CliRunner().invoke
    exxit_pos = exxit.load_position("examples/exxit/rulebook/1a.yaml")
    assert run(cli, ["exxit", "show", "examples/exxit/rulebook/1a.yaml"]).stdout == f"{exxit_pos}\n"
    xig_pos = xig.load_position("examples/xig/position.yaml")
    assert run(cli, ["xig", "show", "examples/xig/position.yaml"]).stdout == f"{xig_pos}\n"
    zen_pos = zen_position("examples/zen/position.yaml")
    assert run(cli, ["zen", "show", "examples/zen/position.yaml"]).stdout == str(zen_pos)


# --------------------------------------------------------------------------- _repr_svg_


def test_an_exxit_position_draws_itself(request: pytest.FixtureRequest) -> None:
    svg = exxit.load_position(ROOT / "examples/exxit/rulebook/1a.yaml")._repr_svg_()
    root = parse_svg(svg)
    words = texts(root)
    assert words[0] == "EXXIT standard: white to move"
    assert "0,0" in words and "-1,0" in words and "white tile" in words and "prisoners (off the board)" in words
    assert not has_red_frame(root)
    check_golden(request, "exxit-rulebook-1a.svg", svg)


def test_an_xig_position_draws_itself(request: pytest.FixtureRequest) -> None:
    svg = xig.load_position(ROOT / "examples/xig/position.yaml")._repr_svg_()
    root = parse_svg(svg)
    words = texts(root)
    assert words[0] == "XIG: Anna to move (turn 1)"
    assert "Pathway E: Earth (sample layout), Anna" in words and "ob" in words and "R" in words
    assert "protected" in words and "unprotected (can be knocked out)" in words
    check_golden(request, "xig-position.svg", svg)


def test_a_zen_position_draws_itself(request: pytest.FixtureRequest) -> None:
    svg = zen_position("examples/zen/position.yaml")._repr_svg_()
    root = parse_svg(svg)
    words = texts(root)
    assert words[0] == "Zen, 4 players (A B C D): turn 9, A to move"
    assert {"a", "b", "c", "d", "1", "5", "H", "D4", "A: 0 points (to move)", "H Warrior"} <= set(words)
    check_golden(request, "zen-position.svg", svg)


def test_the_same_position_always_gives_the_same_picture() -> None:
    assert exxit.Position()._repr_svg_() == exxit.Position()._repr_svg_()
    a = zen.setup(4, seed=5)
    assert a._repr_svg_() == zen.setup(4, seed=5)._repr_svg_()


def test_a_picture_of_a_broken_rule_has_a_red_frame_and_the_rule() -> None:
    pos = exxit.Position()
    caption = ["ply 1: pass", "EXXIT-PASS-NOT-ALLOWED [EXXIT rulebook: Pasowanie]: 4 legal move(s), e.g. drop 0,0"]
    root = parse_svg(svg_board(pos, caption=caption, alert=True, move=exxit.Move.parse("pass")))
    assert has_red_frame(root)
    red = [t.text for t in root.iter(f"{NS}text") if t.get("fill") == ALERT]
    assert " ".join(red) == " ".join(caption)  # the caption, wrapped to the width, in red


# --------------------------------------------------------------------------- random positions


def _exxit_after(seed: int, plies: int, variant: str) -> exxit.Position:
    rng = random.Random(seed)
    pos = exxit.Position.start(variant)
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        pos.push(rng.choice(moves))
    return pos


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 200), variant=st.sampled_from(sorted(exxit.VARIANTS)))
def test_the_svg_of_random_exxit_positions_parses(seed: int, plies: int, variant: str) -> None:
    pos = _exxit_after(seed, plies, variant)
    move = pos.move_stack[-1] if pos.move_stack else None
    root = parse_svg(svg_board(pos, caption=[f"ply {plies} <&> 'x'"], alert=seed % 2 == 0, move=move))
    words = set(texts(root))
    assert all(f"{q},{r}" in words for q, r in [*pos.tiles(), *pos.prisoners()])
    assert f"ply {plies} <&> 'x'" in words
    assert has_red_frame(root) == (seed % 2 == 0)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), turns=st.integers(0, 60), players=st.sampled_from([2, 3, 4]))
def test_the_svg_of_random_zen_positions_parses(seed: int, turns: int, players: int) -> None:
    rng = random.Random(seed)
    pos = zen.setup(players, seed=seed)
    last: Any = None
    for _ in range(turns):
        moves = pos.legal_moves()
        if not moves:
            break
        last = rng.choice(moves)
        pos = pos.play(last)
    steps = [(a.frm, a.to) for a in (last.actions if last else ()) if isinstance(a, zen.Step)]
    root = parse_svg(svg_tower(pos, caption=["a caption"], steps=steps))
    pieces = {p for p in pos.board if p is not None}
    assert pieces <= set(texts(root))


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**16), plies=st.integers(1, 40))
def test_the_svg_of_random_xig_positions_parses(seed: int, plies: int) -> None:
    game = random_game(seed=seed, max_plies=plies, check=False)
    root = parse_svg(svg_pathways(game.position, caption=["a caption"]))
    words = texts(root)
    assert "Pathway E: Earth (sample layout), Anna" in words and "Pathway W: Water (sample layout), Bela" in words


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab &<>\"'\n\r\t;#x"))))
def test_svg_escapes_as_xml_sax_does(text: str) -> None:
    from xml.sax.saxutils import escape, quoteattr

    from korbiro.base import svg

    assert svg.escape(text) == escape(text)
    assert svg.quoteattr(text) == quoteattr(text)
