"""Messages people read: did-you-mean for scenario cards and script verbs, and the one form of an error.

A problem with a file prints as every finding does (``FILE:LINE:COL: error CODE [rule]: message``),
one without a file as ``Error: message``: no line says "error" twice (issue 18, point 4).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from clirun import run_main
from hypothesis import given
from hypothesis import strategies as st
from layout import ROOT

from korbiro.base.errors import DataError, RulesSyntaxError
from korbiro.grammar.action import VERBS, parse_action
from korbiro.rules.mk.timeline.scenario import load_scenario, run_file

RULING = ROOT / "examples" / "rulings" / "kincskereses-osszeadodik.yaml"
SETS = ROOT / "tests" / "bad_inputs" / "sets"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))
    monkeypatch.delenv("KORBIRO_DB", raising=False)
    monkeypatch.chdir(ROOT)


def _scenario(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    text = RULING.read_text("utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "typo.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ cards of a scenario


def test_an_unknown_card_in_the_setup_gets_a_did_you_mean(tmp_path: Path) -> None:
    path = _scenario(tmp_path, ("sor: [Briar Sichetti", "sor: [Briar Sichety"))
    with pytest.raises(DataError) as exc:
        run_file(str(path))
    (f,) = exc.value.findings
    assert (f.code, f.line, f.column) == ("MK-SCENARIO-CARD", 9, 13)
    assert f.message == "unknown card 'Briar Sichety'; did you mean 'Briar Sichetti'?"
    assert f.text("hu") == "ismeretlen lap: 'Briar Sichety'; erre gondoltál: 'Briar Sichetti'?"


def test_a_name_with_nothing_close_gets_no_suggestion(tmp_path: Path) -> None:
    path = _scenario(tmp_path, ("sor: [Briar Sichetti", "sor: [Qqqqq Zzzzzz"))
    with pytest.raises(DataError) as exc:
        run_file(str(path))
    assert exc.value.findings[0].message == "unknown card 'Qqqqq Zzzzzz'"


def test_the_scenarios_own_cards_are_suggested(tmp_path: Path) -> None:
    text = ("title: an inline card\nformat: archivalt\n"
            "cards:\n  - {name: Próbabábu, type: kalandozó, mp: 1, level: 1, race: ember}\n"
            "setup:\n  players:\n    - name: Anna\n      sor: [Próbababu2]\n    - name: Béla\n"
            "script:\n  - passz\n")
    with pytest.raises(DataError) as exc:
        load_scenario("inline.yaml", text=text, lookup=lambda name: None)
    assert exc.value.findings[0].message == "unknown card 'Próbababu2'; did you mean 'Próbabábu'?"


def test_an_unknown_card_in_the_script_gets_a_did_you_mean(tmp_path: Path) -> None:
    path = _scenario(tmp_path, ('csapat "Briar Sichetti"', 'csapat "Briar Sichety"'))
    with pytest.raises(DataError) as exc:
        run_file(str(path))
    assert str(exc.value) == (f"{path}:14: step 1: no card 'Briar Sichety' in this game; "
                              "did you mean 'Briar Sichetti'?")
    assert exc.value.text("hu") == (f"{path}:14: 1. lépés: nincs 'Briar Sichety' nevű lap ebben a játékban; "
                                    "erre gondoltál: 'Briar Sichetti'?")


# ------------------------------------------------------------------ verbs and clause words


@pytest.mark.parametrize(("action", "column", "message"), [
    ("visszafjet", 1, "unknown verb 'visszafjet'; did you mean 'visszafejt'?"),
    ('summn "Wirg"', 1, "unknown verb 'summn'; did you mean 'summon'?"),
    ('ledéz "Wirg"', 1, "unknown verb 'ledéz'; did you mean 'leidéz' or 'sebez'?"),
    ("end rund", 1, "unknown verb 'end rund'; did you mean 'end round' or 'round' or 'hadrend'?"),
    ('megold "A" csapat "B" áltl "C"', 23, "unexpected 'áltl'; did you mean 'által'?"),
    ("xyzzy", 1, "unknown verb 'xyzzy'; the verbs: leidéz, aktivizál, csatol, ráépít, semlegesít, másol, passz, "
                 "visszafejt, megold, ostromol, bevesz, harcol, fázis, forduló vége, forduló, játék, meghal, sebez, "
                 "feláldoz, megszerez, kihív, kiejt, szövetség, csere, kocka, akadályoz, hadrend"),
    ("leidéz Briar", 8, "unexpected 'B'; expected a card name in double quotes"),
])
def test_a_misspelt_verb_or_word_gets_a_did_you_mean(action: str, column: int, message: str) -> None:
    with pytest.raises(RulesSyntaxError) as exc:
        parse_action(action)
    err = exc.value
    assert (err.code, err.column) == ("MK-ACTION-SYNTAX", column)
    assert err.message.splitlines()[0] == message


def test_the_hungarian_message_of_a_misspelt_verb() -> None:
    with pytest.raises(RulesSyntaxError) as exc:
        parse_action("visszafjet")
    assert exc.value.text("hu").splitlines()[0] == "<action>:1:1: ismeretlen ige: 'visszafjet'; " \
                                                   "erre gondoltál: 'visszafejt'?"


def _verb_spellings() -> list[str]:
    from korbiro.grammar.action import _VERB_TERMINALS, _spellings

    return sorted({w for t in _VERB_TERMINALS for w in _spellings()[t]})


def test_every_verb_in_both_languages_is_a_candidate() -> None:
    spellings = _verb_spellings()
    assert {"leidéz", "summon", "visszafejt", "unwind", "forduló vége", "end round", "csere", "swap"} <= set(spellings)
    assert len(VERBS) == 27


@given(st.sampled_from(_verb_spellings()), st.integers(min_value=0, max_value=20), st.sampled_from("aeiouxzq"),
       st.booleans())
def test_a_verb_one_letter_off_is_suggested(verb: str, at: int, letter: str, delete: bool) -> None:
    """Whenever an action is refused at its verb and the verb is one letter off a spelling, that spelling
    (or its accented twin) is among the suggestions."""
    i = at % len(verb)
    written = verb[:i] + verb[i + 1:] if delete else verb[:i] + letter + verb[i + 1:]
    try:
        parse_action(f'{written} "Wirg"')
    except RulesSyntaxError as exc:
        if exc.column != 1:  # the word is a verb itself (`take` of `take control`); the error is later on
            return
        first = exc.message.splitlines()[0]
        assert "did you mean" in first, first
        shown = re.findall(r"'([^']*)'", first.split("did you mean", 1)[1])
        assert _fold(verb) in {_fold(s) for s in shown}, (written, first)


def _fold(text: str) -> str:
    from korbiro.base.text import fold

    return fold(text)


# ------------------------------------------------------------------ one form of an error


def test_a_scenario_with_typos_through_the_cli(tmp_path: Path) -> None:
    path = _scenario(tmp_path, ("sor: [Briar Sichetti", "sor: [Briar Sichety"), ("  - visszafejt", "  - visszafjet"))
    ran = run_main(["resolve", str(path)])
    assert (ran.code, ran.stdout) == (2, "")
    assert ran.stderr == (
        f"{path}:9:13: error MK-SCENARIO-CARD: unknown card 'Briar Sichety'; did you mean 'Briar Sichetti'?\n"
        f"{path}:15:5: error MK-ACTION-SYNTAX: unknown verb 'visszafjet'; did you mean 'visszafejt'?\n"
        "  visszafjet\n"
        "  ^\n"
    )
    ran = run_main(["resolve", str(path), "--lang", "hu"])
    assert ran.stderr.splitlines()[:2] == [
        f"{path}:9:13: hiba MK-SCENARIO-CARD: ismeretlen lap: 'Briar Sichety'; erre gondoltál: 'Briar Sichetti'?",
        f"{path}:15:5: hiba MK-ACTION-SYNTAX: ismeretlen ige: 'visszafjet'; erre gondoltál: 'visszafejt'?",
    ]


def _failing_commands(tmp_path: Path) -> list[list[str]]:
    bad_db = str(SETS / "missing-level")
    bad_formats = tmp_path / "formats.yaml"
    bad_formats.write_text("formats: [1]\n", encoding="utf-8")
    scenario = _scenario(tmp_path, ("sor: [Briar Sichetti", "sor: [Briar Sichety"))
    deck = tmp_path / "format.deck"
    deck.write_text("Formátum: nincs-ilyen\n3 Wirg\n", encoding="utf-8")
    return [
        ["resolve", str(scenario)],
        ["resolve", str(RULING), "--db", bad_db],
        ["resolve", str(tmp_path / "missing.yaml")],
        ["game", "result", "examples/results/invalid/typos.yaml"],
        ["game", "result", "examples/results/invalid/kihivas-two-players.yaml"],
        ["data", "index", bad_db],
        ["card", "search", "kincs", "--db", bad_db],
        ["card", "search", "kincs", "--formats", str(bad_formats)],
        ["card", "show", "wirg", "--db", bad_db],
        ["deck", "check", "examples/decks/legal-limit3.deck", "--db", bad_db],
        ["deck", "check", str(tmp_path / "missing.deck")],
        ["deck", "check", str(deck)],
        ["deck", "check", "examples/decks/legal-limit3.deck", "--formats", str(bad_formats)],
        ["deck", "show", "examples/decks/legal-limit3.deck", "--db", bad_db],
        ["deck", "show", str(tmp_path / "missing.deck")],
        ["keyword", "explain", "kincskeresés", "--db", bad_db],
        ["play", "--db", bad_db],
    ]


def test_no_message_says_error_twice(tmp_path: Path) -> None:
    for args in _failing_commands(tmp_path):
        ran = run_main(args)
        assert ran.code in (1, 2), (args, ran.stderr)
        lines = [ln for ln in ran.stderr.splitlines() if ln.strip() and not ln.startswith("  ")]
        assert lines, args
        for line in lines:
            assert len(re.findall(r"(?i)\berror\b", line)) == 1, (args, line)
            assert re.match(r"\S+:(\d+:)*( \S+)? ?error [A-Z][A-Z0-9-]+( \[[^]]+\])?: ", line) or \
                line.startswith("Error: "), (args, line)


def test_a_finding_is_never_prefixed_with_error() -> None:
    """The docs' executed examples show the one form too."""
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for path in docs:
        for block in re.findall(r"```console\n(.*?)```", path.read_text("utf-8"), re.S):
            for line in block.splitlines():
                assert not re.match(r"Error: .*\berror [A-Z][A-Z0-9-]+\b", line), (path.name, line)
