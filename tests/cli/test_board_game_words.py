"""The board-game commands' words in both languages: their help from the ``HELP.…`` templates of
``cli/messages.yaml`` (the English unchanged), ``zen rules``' summaries, XIG's sections and the moves a
record does not write."""

from __future__ import annotations

import inspect
import json
import re

import click
import pytest
from clirun import run_main
from layout import ROOT

from korbiro.base.i18n import catalogue
from korbiro.cli import cli
from korbiro.cli.clickwords import help_text

GAMES = ("exxit", "xig", "zen")


def _texts(command: click.Command, key: str) -> dict[str, str]:
    """Each help text of *command* and its sub-commands by its ``HELP.…`` key, as click shows it in English."""
    out = {key: inspect.cleandoc(command.help)} if command.help else {}
    for param in command.params:
        if isinstance(param, click.Option) and param.help:
            out[f"{key}.{max(param.opts, key=len)}"] = param.help
    for name, sub in getattr(command, "commands", {}).items():
        out |= _texts(sub, f"{key}.{name}")
    return out


def _command(name: str) -> click.Command:
    found = cli.get_command(click.Context(cli), name)  # a lazy group: the command is imported when asked for
    assert found is not None
    return found


BOARD_HELP = {k: v for game in GAMES for k, v in _texts(_command(game), f"HELP.{game}").items()}


@pytest.mark.parametrize("key", sorted(BOARD_HELP))
def test_each_board_game_help_text_has_its_hungarian_template(key: str) -> None:
    english = BOARD_HELP[key]
    hungarian = help_text(key, english, "hu")
    assert hungarian is not None and hungarian != english
    own = catalogue().get(key)
    if own is not None:  # the command's own template says in English what the command says
        assert own["en"].format() == english


@pytest.mark.parametrize("key", sorted(BOARD_HELP))
def test_no_hungarian_help_has_a_hyphenated_name_that_wrapping_could_split(key: str) -> None:
    """click wraps help text at hyphens between letters (``xig-`` / ``position``): the Hungarian names none,
    but the options themselves (``--max-findings``)."""
    hungarian = help_text(key, BOARD_HELP[key], "hu") or ""
    assert re.findall(r"(?<![-\w])[^\W\d]\w*[^\W\d]-\w+", hungarian) == []


def test_the_shared_option_templates_say_the_options_english() -> None:
    """``HELP.option.--svg`` etc. stand for an option of several commands only where its English is theirs."""
    shared = {k: t["en"] for k, t in catalogue().items() if k.startswith(("HELP.option.--option.", "HELP.option.--svg",
                                                                           "HELP.option.--ply."))}
    assert sorted(shared) == ["HELP.option.--option.exxit", "HELP.option.--option.zen", "HELP.option.--ply.ply",
                              "HELP.option.--ply.turn", "HELP.option.--svg", "HELP.option.--svg-dir.ply",
                              "HELP.option.--svg-dir.turn"]
    assert set(shared.values()) <= set(BOARD_HELP.values())


def test_zen_rules_says_its_summaries_in_the_language_chosen() -> None:
    hu = run_main(["zen", "rules", "Helycsere", "--lang", "hu"])
    assert (hu.code, hu.stderr) == (0, "")
    assert hu.stdout.splitlines() == [
        "Zen: Helycsere",
        "    „Az erősebb bábu kezdeményezheti egy gyengébbel szemben. Fordítva nem, tehát az erősebb bábu blokkolja "
        "a gyengébbek mozgását. Az azonos bábuk szintén blokkolják egymás mozgását”",
        "    Az erősebb bábu ráléphet a gyengébbre, és helyet cserélnek; fordítva soha. Az azonos bábuk blokkolják "
        "egymást.",
    ]
    en = run_main(["zen", "rules", "Helycsere"])
    assert en.stdout.splitlines()[1] == ("    A stronger piece may step onto a weaker one and they swap squares; never "
                                         "the other way round. Equal pieces block each other.")
    # a Hungarian word of a summary finds its rule in Hungarian; in English the English words do
    assert run_main(["zen", "rules", "ráléphet", "--lang", "hu"]).stdout.startswith("Zen: Helycsere\n")
    assert run_main(["zen", "rules", "ráléphet"]).code == 1
    assert run_main(["zen", "rules", "swap squares"]).stdout.startswith("Zen: Helycsere\n")


def test_every_zen_rule_has_its_summary_in_both_languages() -> None:
    from korbiro.rules.zen.rules import game_data

    for rule in game_data().rules.values():
        assert rule.summary("en") != rule.summary("hu"), rule.key
        assert rule.summary("en") == catalogue()[f"ZEN.rule.{rule.key}"]["en"]


def _xig_replay(lang: str) -> list[dict[str, object]]:
    ran = run_main(["xig", "replay", "examples/xig/illegal-moves.yaml", "--format", "json", "--lang", lang])
    assert ran.code == 1
    return list(json.loads(ran.stdout)["violations"])


def test_xig_names_its_sections_and_unwritten_moves_in_the_language_chosen() -> None:
    en, hu = _xig_replay("en"), _xig_replay("hu")
    assert [(v["ply"], v["move"], v["section"]) for v in en][-1] == (10, "(end of turn)", "Play of the Game")
    assert [(v["ply"], v["move"], v["section"]) for v in hu][-1] == (10, "(a kör vége)", "A játék menete")
    assert (en[3]["section"], hu[3]["section"]) == ("Memory Deck", "Az emlékpakli")
    text = run_main(["xig", "replay", "examples/xig/illegal-moves.yaml", "--lang", "hu"]).stdout.splitlines()
    assert text[-2].endswith("[XIG 3.2, A játék menete]: 10. kör, Anna, '(a kör vége)': Anna köteles addig húzni, "
                             "amíg öt lapka lesz a kezében: 1 lapkát, a játszmaleírás viszont 0 lapkát húz")


def test_the_english_help_kept_for_start_up_is_the_catalogues() -> None:
    """cli/_gamehelp.py keeps the English of the board games' help (no catalogue read when click builds the
    commands): each text is its ``HELP.*`` template's English."""
    from korbiro.cli._gamehelp import HELP

    assert HELP and {key: text for key, text in HELP.items()} == {key: catalogue()[key]["en"].format() for key in HELP}


def test_a_board_games_command_that_says_no_message_reads_no_catalogue() -> None:
    """``korbiro exxit moves POSITION`` (start-up, benchmarks/startup.py) prints its moves without the catalogue."""
    import subprocess
    import sys

    code = ("import sys; from korbiro.base import i18n; from korbiro.cli import main\n"
            "try: main(['exxit', 'moves', 'examples/exxit/start.yaml'])\n"
            "except SystemExit: pass\n"
            "print(i18n.catalogue.cache_info().currsize, 'hashlib' in sys.modules, file=sys.stderr)")
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert (ran.stdout, ran.stderr) == ("drop 0,0\ndrop 0,1\ndrop 1,-1\ndrop 1,0\n", "0 False\n")
