"""One rule for which set files make the database, for every command that reads it (issue 25).

korbiro.toml's ``exclude`` leaves a broken draft out of ``data check``; every
other command reads the same set files (:func:`korbiro.data.paths.chosen_database`),
so the draft cannot stop ``deck check``, ``card search``, ``card show``,
``serve`` … either.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from clirun import run_main
from layout import ROOT
from sample import SHIPPED_CARDS

from korbiro.data.paths import Database, chosen_database, shipped_db_path

DRAFT = ROOT / "tests" / "bad_inputs" / "sets" / "missing-level" / "HIBA.yaml"
DECK = str(ROOT / "examples" / "decks" / "legal-limit3.deck")
RULING = str(ROOT / "examples" / "rulings" / "akaratatvitel.yaml")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A card-data project whose korbiro.toml excludes a broken draft, as the working folder."""
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("KORBIRO_DB", raising=False)
    root = tmp_path / "project"
    (root / "cards" / "drafts").mkdir(parents=True)
    shutil.copy(shipped_db_path() / "MINTA.yaml", root / "cards" / "MINTA.yaml")
    shutil.copy(DRAFT, root / "cards" / "drafts" / "HIBA.yaml")
    (root / "korbiro.toml").write_text('db = "cards"\nexclude = ["cards/drafts/*"]\n', "utf-8")
    monkeypatch.chdir(root)
    return root


def test_the_configuration_names_the_database_and_its_excludes(project: Path) -> None:
    chosen = chosen_database()
    assert chosen == Database((project / "cards",), False, ("cards/drafts/*",), project)
    assert chosen.files() == [project / "cards" / "MINTA.yaml"]
    # named otherwise, the configuration's globs stay with its own database (as data check has always done)
    assert chosen_database(db="cards").files() == [Path("cards/MINTA.yaml"), Path("cards/drafts/HIBA.yaml")]
    assert chosen_database(["cards"], exclude=["*/HIBA.yaml"]).files() == [Path("cards/MINTA.yaml")]


@pytest.mark.parametrize("args,code,first", [
    (["data", "check"], 0, f"1 file(s), {SHIPPED_CARDS} card(s): 0 error(s), 0 warning(s)"),
    (["data", "index"], 0, None),
    (["card", "show", "Wirg"], 0, "Wirg  (MINTA-045)"),
    (["card", "search", "name:Wirg", "--format", "csv"], 0, "id,name,type,subtype,race,set,kw,text,mp,dp,level,fal,fizikum,asztral,mental,class,"
     "subclass,descriptor,alignment,skills,spheres,icons,attackers,defenders,requirement,location,school,damage,"
     "property,mark,condition,phase,duration,rarity,printing,artist,flavor,behaviour,errata,changed"),
    (["deck", "check", DECK], 0, f"{DECK}: LEGAL (format korfordulo, card limit 3; tower 3, deck 40, sideboard 12)"),
    (["deck", "show", DECK, "--format", "json"], 0, "{"),
    (["deck", "exchange", DECK, DECK, "--format", "json"], 0, "{"),
    (["keyword", "explain", "KINCSKERESÉS", "--format", "json"], 0, "{"),
    (["resolve", RULING], 0, None),
    (["play", "--seed", "1", "--format", "json"], None, "{"),
])
def test_every_command_leaves_the_excluded_draft_out(project: Path, args: list[str], code: int | None,
                                                     first: str | None) -> None:
    got = run_main(args)
    assert "HIBA" not in got.stdout + got.stderr, got.stderr
    assert got.code == code if code is not None else got.code in (0, 1), got.stderr
    if first is not None:
        assert got.stdout.splitlines()[0] == first


def test_the_draft_is_read_when_the_database_is_named_outright(project: Path) -> None:
    """The control: without the configuration's excludes, the draft stops the command (exit 2, file:line)."""
    got = run_main(["card", "show", "Wirg", "--db", "cards"])
    assert got.code == 2
    assert got.stderr.splitlines()[0] == ("cards/drafts/HIBA.yaml:3:5: error MK-DATA-REQUIRED: $.cards[0] (card "
                                          "HIBA-001): missing required field 'level'")


def test_the_web_app_leaves_the_excluded_draft_out(project: Path) -> None:
    """``korbiro serve``'s operations (run in its workers) read the database as the commands do."""
    from korbiro.web import ops

    status, body = ops.run("cards.show", {"query": "Wirg"}, None)
    assert (status, body["card"]["id"]) == (200, "MINTA-045")
    status, body = ops.run("deck.check", {"text": Path(DECK).read_text("utf-8")}, None)
    assert (status, body["legal"]) == (200, True)


@pytest.mark.parametrize("args", [["card", "search", "name:Wirg"], ["deck", "check", DECK], ["data", "check"]])
def test_a_configured_database_path_the_system_refuses_is_a_usage_error(project: Path, args: list[str]) -> None:
    """Found by the fuzz run: a ``db`` of 5,000 characters made ``Path.is_dir`` raise ENAMETOOLONG, and every
    command exited 3 (``OSError at korbiro/data/paths.py (discover)``)."""
    (project / "korbiro.toml").write_text(f'db = "{"x" * 5000}"\n', "utf-8")
    got = run_main(args)
    assert got.code == 2, got.stderr
    name = f"{project}/{'x' * 5000}"
    shown = f"{name[:60]}…{'x' * 40} ({len(name):,} characters)"
    (line,) = got.stderr.splitlines()
    assert line.endswith(f"cannot read {shown!r}: File name too long"), line
