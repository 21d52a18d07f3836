"""Numbers are written with the digits 0-9, everywhere korbiro reads one (issue 25).

``str.isdigit`` (and ``\\d`` in a regex) take ``²``, ``①``, the Arabic-Indic ``٣`` and the fullwidth
``３`` too; ``int`` refuses the first two (a crash where ``isdigit`` let them through) and reads the
others as 3 (a number silently taken).  Every such check now asks :func:`korbiro.base.text.is_digits`.
The web app's forms and parameters are tested in tests/web/test_web_safety.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import run_main
from layout import ROOT

from korbiro.base.text import is_digits, is_other_digits

OTHER_DIGITS = ["²", "①", "٣", "３"]


@pytest.mark.parametrize("digit", OTHER_DIGITS)
def test_is_digits_takes_only_0_9(digit: str) -> None:
    assert (is_digits(digit), is_digits(f"1{digit}"), is_other_digits(digit), is_other_digits(f"1{digit}")) == \
        (False, False, True, True)
    assert (is_digits("0123456789"), is_other_digits("0123456789"), is_digits(""), is_other_digits("")) == \
        (True, False, False, False)


@pytest.mark.parametrize("digit", OTHER_DIGITS)
def test_a_zen_tower_row_labelled_with_another_digit(tmp_path: Path, digit: str) -> None:
    """``²`` or ``①`` as a floor number was an internal error (exit 3): ``isdigit`` took it, ``int`` did not."""
    text = (ROOT / "examples/zen/position.yaml").read_text("utf-8").replace("\n  1  H", f"\n  {digit}  H", 1)
    path = tmp_path / "zen.yaml"
    path.write_text(text, "utf-8")
    ran = run_main(["zen", "moves", str(path)])
    assert ran.code == 2, ran.stderr
    assert ran.stderr.splitlines() == [
        f"{path}:11: error ZEN-POSITION-TOWER: '{digit}  H  H  A3 A2': a tower line starts with its floor number "
        "(1-5), then 4 squares",
        f"{path}:6:8: error ZEN-POSITION-TOWER: the tower lacks floor(s) 1"]


@pytest.mark.parametrize("digit", OTHER_DIGITS)
def test_an_exxit_move_number_in_another_digit(tmp_path: Path, digit: str) -> None:
    path = tmp_path / "game.txt"
    path.write_text(f"variant: standard\n{digit}. drop 0,0\n", "utf-8")
    ran = run_main(["exxit", "replay", str(path)])
    assert (ran.code, ran.stderr) == (2, f"{path}:2: error EXXIT-RECORD-SYNTAX: move number '{digit}' must be written"
                                         " with the digits 0-9\n")
    hu = run_main(["exxit", "replay", str(path), "--lang", "hu"])
    assert hu.stderr == f"{path}:2: hiba EXXIT-RECORD-SYNTAX: a(z) '{digit}' lépésszámot a 0-9 számjegyekkel kell írni\n"


@pytest.mark.parametrize("count", ["²3", "-٣", "３", "①"])
def test_a_deck_count_in_another_digit(tmp_path: Path, count: str) -> None:
    path = tmp_path / "d.deck"
    path.write_text(f"{count} Wirg\n", "utf-8")
    ran = run_main(["deck", "check", str(path)])
    assert f"{path}:1:1: error MK-DECK-COUNT: count '{count}' must be written with the digits 0-9" in \
        ran.stdout.splitlines()


@pytest.mark.parametrize("text", ["FAL ٣", "FAL ²", "FAL ３", "RÁÉPÍTÉS ٣ MP", "KINCSKERESÉS ①"])
def test_a_keyword_number_in_another_digit_is_no_canonical_keyword(text: str) -> None:
    """The card text's fast path takes only 0-9; the parser says what is wrong with the rest
    (tests/grammar/test_cardtext.py: ``FAL ٣`` is "unexpected '٣'; expected a number")."""
    from korbiro.grammar.cardtext import _canonical_keyword

    assert _canonical_keyword(text, 1, 1) is None
    assert _canonical_keyword(text.replace("٣", "3").replace("²", "2").replace("３", "3").replace("①", "1"), 1, 1) \
        is not None


def test_a_quoted_number_in_another_digit_gets_no_unquote_hint() -> None:
    """``level: "٣"`` was told "a number is written without quotes": unquoted it is no number either."""
    from korbiro.base.yamlload import load_yaml_text
    from korbiro.data.schema import iter_schema_findings

    text = (ROOT / "korbiro/data/mk/cards/MINTA.yaml").read_text("utf-8")
    doc = load_yaml_text(text.replace("level: 3", 'level: "٣"', 1).replace("level: 5", 'level: "9"', 1), "MINTA.yaml")
    assert [(f.line, f.text("en")) for f in iter_schema_findings(doc)] == [
        (21, "$.cards[0].level (card MINTA-001): '٣' is not a whole number (got a string)"),
        (47, "$.cards[1].level (card MINTA-002): '9' is not a whole number (a number is written without quotes)")]


@pytest.mark.parametrize("value", ["٣", "²", "３", "1٣"])
def test_a_yaml_number_in_another_digit_stays_text(value: str) -> None:
    from korbiro.base.yamlload import load_yaml_text

    assert load_yaml_text(f"a: {value}\nb: 3\nc: -3\n", "x.yaml").data == {"a": value, "b": 3, "c": -3}


def test_a_date_in_other_digits_is_no_date() -> None:
    from korbiro.data.history import parse_date

    assert parse_date("٢٠٢٤-٠١-٠١") is None and parse_date("２０２４-０１-０１") is None
    assert str(parse_date("2024-01-01")) == "2024-01-01"


def test_a_stored_mp_is_read_back() -> None:
    from korbiro.data.index import _mp

    assert (_mp("3"), _mp('"X"'), _mp(None)) == (3, "X", None)


def test_a_temporary_file_names_its_writer_in_0_9() -> None:
    """A temporary file whose writer's number is not in 0-9 names no writer (it is stale by its age alone)."""
    from korbiro.base.fsutil import _HOST, _TEMPORARY

    assert _TEMPORARY.match(f".MINTA.yaml.{_HOST}-12-ab.tmp")["pid"] == "12"  # type: ignore[index]
    assert _TEMPORARY.match(f".MINTA.yaml.{_HOST}-١٢-ab.tmp")["pid"] is None  # type: ignore[index]


@pytest.mark.parametrize(("args", "option"), [
    (["data", "check", "--max-findings", "٣"], "--max-findings"), (["card", "search", "mp", "--limit", "３"], "--limit"),
    (["rule", "search", "kincs", "--limit", "²"], "--limit"), (["zen", "show", "x.yaml", "--ply", "①"], "--ply"),
    (["resolve", "x.yaml", "--at", "٣"], "--at"), (["play", "--seed", "٣"], "--seed"),
])
def test_a_command_line_number_in_another_digit(args: list[str], option: str) -> None:
    """click's INT takes what ``int`` takes: ``--limit ٣`` was a limit of 3."""
    ran = run_main(args)
    value = args[args.index(option) + 1]
    assert ran.code == 2
    assert ran.stderr.endswith(f"Error: Invalid value for '{option}': '{value}' is not a whole number written with "
                               "the digits 0-9\n"), ran.stderr


def test_a_command_line_decimal_in_another_digit(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install -e '.[web]')")
    from korbiro.web import app as web

    def no_serving(*args: object) -> None:
        raise AssertionError("serve must refuse the value before it listens")

    monkeypatch.setattr(web, "bind", no_serving)
    ran = run_main(["serve", "--time-limit", "٣"])
    assert ran.code == 2 and ran.stderr.endswith(
        "Error: Invalid value for '--time-limit': '٣' is not a number written with the digits 0-9 (and a decimal "
        "point)\n")
    assert run_main(["serve", "--time-limit", "1e3"]).code == 2


def test_the_number_error_speaks_the_language_chosen_after_it() -> None:
    """``--lang`` is read first wherever it stands: ``--seed ٣ --lang hu`` said its error in English."""
    ran = run_main(["play", "--seed", "٣", "--lang", "hu"])
    assert ran.code == 2
    assert ran.stderr.endswith("'--seed': a(z) '٣' nem a 0-9 számjegyekkel írt egész szám\n"), ran.stderr


def test_a_zen_tower_row_label_of_five_thousand_digits(tmp_path: Path) -> None:
    """Found by the fuzz run (issue 25): int() of a 5,000-digit label was an internal error (exit 3)."""
    record = tmp_path / "z.yaml"
    record.write_text("game: zen\nsetup:\n  players: 2\n  tower: |\n    5  .  .  .  .\n    " + "9" * 5000
                      + "  .  .  .  .\nmoves: []\n", "utf-8")
    ran = run_main(["zen", "replay", str(record)])
    assert ran.code == 2
    assert f"{record}:6: error ZEN-POSITION-TOWER: " in ran.stdout + ran.stderr
