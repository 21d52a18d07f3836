"""Messages as data: every catalogue (each ``messages.yaml`` of the package) gives every code in English and in
Hungarian, with the same placeholders."""

from __future__ import annotations

import json
import os
import shutil
import string
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest
import yaml
from layout import ROOT
from sample import SHIPPED_CARDS

from korbiro.base import i18n, shipcatalogue


def _fields(template: str) -> set[str]:
    """The arguments a template takes; ``kind_hu`` counts as ``kind`` (a word given in both languages)."""
    names = {name.split(".")[0].split("[")[0].split("!")[0] for _, name, _, _ in string.Formatter().parse(template)
             if name}
    return {n.removesuffix("_hu") for n in names}


def test_every_code_in_both_languages_with_the_same_placeholders() -> None:
    catalogue = i18n.catalogue()
    assert catalogue, "no messages.yaml found"
    for code, texts in catalogue.items():
        assert set(texts) == {"en", "hu"}, code
        assert texts["en"].strip() and texts["hu"].strip(), code
        assert _fields(texts["en"]) == _fields(texts["hu"]), code


def test_the_catalogues_are_plain_yaml_files_of_the_package() -> None:
    found = []
    stack = [resources.files("korbiro")]
    while stack:
        folder = stack.pop()
        for entry in folder.iterdir():
            if entry.is_dir():
                stack.append(entry)
            elif entry.name == "messages.yaml":
                data = yaml.safe_load(entry.read_text("utf-8"))
                assert isinstance(data, dict) and all(isinstance(v, dict) for v in data.values()), entry
                found.append(entry.name)
    assert found


def test_a_message_is_made_from_its_template() -> None:
    assert i18n.message("FINDINGS-NOT-SHOWN", "en", n=3, limit=10) == \
        "3 more finding(s) from this line on not shown (--max-findings 10; 0 shows all)"
    assert i18n.message("FINDINGS-NOT-SHOWN", "hu", n=3, limit=10) == \
        "innen további 3 problémát nem írok ki (--max-findings 10; a 0 mindet kiírja)"


def test_the_files_read_are_every_catalogue_of_the_package() -> None:
    walked = sorted(str(p) for p in (Path(i18n._PACKAGE)).rglob("messages.yaml")
                    if not any(part.startswith(("_", ".")) for part in p.relative_to(i18n._PACKAGE).parts[:-1]))
    assert sorted(i18n._catalogue_files()) == walked and len(walked) >= 7


def test_a_kept_catalogue_is_served_only_for_the_same_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copies = []
    for i, name in enumerate(i18n._catalogue_files()):
        copy = tmp_path / str(i) / "messages.yaml"
        copy.parent.mkdir()
        shutil.copy(name, copy)
        copies.append(str(copy))
    monkeypatch.setattr(i18n, "_catalogue_files", lambda: copies)
    kept: dict[str, bytes] = {}
    monkeypatch.setattr(i18n, "keeper", lambda: (kept.get, kept.__setitem__))
    parsed: list[int] = []
    real = i18n._read_catalogues
    monkeypatch.setattr(i18n, "_read_catalogues", lambda files: parsed.append(1) or real(files))
    first = i18n.catalogue.__wrapped__()
    assert first == i18n.catalogue() and len(kept) == 1 and parsed == [1]
    assert i18n.catalogue.__wrapped__() == first and parsed == [1]  # the next run: served, no YAML read
    # one Hungarian template edited: another key, the YAML read again, the new text said
    base = copies[0]
    text = Path(base).read_text("utf-8")
    code = next(iter(yaml.safe_load(text)))
    Path(base).write_text(text + f"\nKEPT-TEST-{code}:\n  en: new\n  hu: új\n", "utf-8")
    again = i18n.catalogue.__wrapped__()
    assert parsed == [1, 1] and again[f"KEPT-TEST-{code}"] == {"en": "new", "hu": "új"} and len(kept) == 2
    # a kept text that is not a catalogue is not served
    for key in kept:
        kept[key] = b"[1, 2]"
    assert i18n.catalogue.__wrapped__() == again and parsed == [1, 1, 1]


def test_a_command_says_the_same_in_hungarian_with_the_catalogue_shipped(tmp_path: Path) -> None:
    runs = []
    for _ in range(2):
        proc = subprocess.run([sys.executable, "-m", "korbiro", "exxit", "replay", "examples/exxit/illegal.txt",
                               "--lang", "hu"], capture_output=True, text=True, timeout=60, cwd=ROOT,
                              env={**os.environ, "KORBIRO_CACHE_DIR": str(tmp_path)})
        runs.append((proc.returncode, proc.stdout, proc.stderr))
    assert not (tmp_path / "messages" / "catalogue.txt").exists()  # the shipped catalogue served: none kept
    assert runs[0] == runs[1] and "féllépés" in runs[0][1]


def test_the_shipped_catalogue_is_that_of_the_messages_files() -> None:
    """Why: a first run (an empty cache) parsed every catalogue's YAML, ~100 ms (issue 28: ``data check`` of a
    database with one error, cold, 1.26x -> 1.51x of the bare process)."""
    files = i18n._catalogue_files()
    made_from = Path(i18n.SHIPPED).read_bytes().partition(b"\n")[0].decode()
    assert made_from == i18n._sources_digest(files), "a catalogue was edited: run python3 -m korbiro.base.shipcatalogue"
    shipped = i18n._Kept.shipped(made_from, files)
    assert shipped is not None and dict(shipped) == i18n._read_catalogues(files)


def test_a_shipped_catalogue_is_served_only_for_the_files_it_was_made_from(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "pkg" / "messages.yaml"
    copy.parent.mkdir()
    copy.write_text("ONE:\n  en: one\n  hu: egy\n", "utf-8")
    monkeypatch.setattr(i18n, "_catalogue_files", lambda: [str(copy)])
    monkeypatch.setattr(i18n, "SHIPPED", str(tmp_path / "catalogue.kept"))
    monkeypatch.setattr(i18n, "keeper", None)
    parsed: list[int] = []
    real = i18n._read_catalogues
    monkeypatch.setattr(i18n, "_read_catalogues", lambda files: parsed.append(1) or real(files))
    shipcatalogue.write_shipped()
    assert dict(i18n.catalogue.__wrapped__()) == {"ONE": {"en": "one", "hu": "egy"}} and parsed == [1]  # the writer's
    copy.write_text("ONE:\n  en: one\n  hu: egy!\n", "utf-8")  # edited, not shipped again: the YAML is read
    assert dict(i18n.catalogue.__wrapped__()) == {"ONE": {"en": "one", "hu": "egy!"}} and parsed == [1, 1]
    Path(i18n.SHIPPED).unlink()  # none shipped: the YAML
    assert dict(i18n.catalogue.__wrapped__()) == {"ONE": {"en": "one", "hu": "egy!"}} and parsed == [1, 1, 1]


def test_every_command_takes_lang() -> None:
    """Why: zen and exxit took no --lang; neither did card search, data index nor serve."""
    import click

    import korbiro.cli as cli

    group = cli.cli
    missing: list[str] = []

    def walk(cmd: click.Command, path: list[str]) -> None:
        if isinstance(cmd, click.Group):
            ctx = click.Context(cmd)
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                assert sub is not None
                walk(sub, [*path, name])
        elif not any(p.name == "lang" for p in cmd.params):
            missing.append(" ".join(path))

    walk(group, [])
    assert missing == []


def test_card_search_and_data_index_in_hungarian() -> None:
    from clirun import run_main

    ran = run_main(["card", "search", "name:Wirg", "--lang", "hu"])
    assert (ran.code, ran.stdout.splitlines()[-1]) == (0, "1 lap")
    ran = run_main(["card", "search", "name:zzzzz", "--lang", "hu"])
    assert (ran.code, ran.stderr) == (1, "Egy lap sem felel meg ennek: name:zzzzz.\n")
    ran = run_main(["card", "search", "", "--limit", "2", "--lang", "hu"])
    assert ran.stdout.splitlines()[-1] == f"2 / {SHIPPED_CARDS} lap"
    ran = run_main(["card", "search", "", "--limit", "2"])
    assert ran.stdout.splitlines()[-1] == f"2 of {SHIPPED_CARDS} cards"
    ran = run_main(["data", "index", "--lang", "hu"])
    assert ran.code == 0 and ran.stdout.startswith(f"{SHIPPED_CARDS} lap indexelve")


def test_a_query_error_in_hungarian() -> None:
    from clirun import run_main

    ran = run_main(["card", "search", "type:kalandozo )", "--lang", "hu"])
    assert (ran.code, ran.stderr) == (2, "Hiba: keresőkifejezés: 16. oszlop: váratlan ')': nincs lezáratlan '('\n"
                                         "  type:kalandozo )\n                 ^\n")
    ran = run_main(["card", "search", "legal:korfordulo2", "--lang", "hu"])
    assert ran.stderr.splitlines()[0] == ("Hiba: keresőkifejezés: 7. oszlop: nincs 'korfordulo2' formátum; erre "
                                          "gondoltál: 'korfordulo'? (formátumok: korfordulo, frissen-bontott, draft)")
    ran = run_main(["card", "search", "mp>="])
    assert ran.stderr.splitlines()[0] == "Error: query column 5: unexpected end of query; expected a value after 'mp>='"


def test_a_kept_catalogue_decodes_only_the_families_asked_for() -> None:
    """Why: a command that said one message decoded all 2,000 templates of the kept catalogue (issue 28's
    start-up: ``deck check`` 157 -> 170 ms)."""
    entries = {"A.one": {"en": "one", "hu": "egy"}, "A.two": {"en": "two", "hu": "kettő"}, "B": {"en": "b", "hu": "bé"}}
    kept = i18n._Kept.of(i18n._Kept.text(entries), [])
    assert kept is not None
    assert kept["A.two"] == {"en": "two", "hu": "kettő"} and list(kept._families) == ["A"]
    assert "C.x" not in kept and "B" not in kept._families
    assert dict(kept) == entries and len(kept) == 3 and {"A", "B"} <= set(kept._families)


def test_a_kept_family_that_is_not_a_catalogues_is_read_from_the_yaml(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = {"A.one": {"en": "one", "hu": "egy"}, "B": {"en": "b", "hu": "bé"}}
    text = i18n._Kept.text(entries)
    for bad in (b'{"A.one": {"en": 1, "hu": "egy"}}', b'{"B": {"en": "b", "hu": "b"}}', b"\xff\xfe{{"):
        head, _, body = text.partition(b"\n")
        spans = json.loads(head)
        start, end = spans["A"]
        body = body[:start] + bad + body[end:]
        spans["A"] = [start, start + len(bad)]
        spans["B"] = [spans["B"][0] - (end - start) + len(bad), spans["B"][1] - (end - start) + len(bad)]
        kept = i18n._Kept.of(json.dumps(spans).encode() + b"\n" + body, ["the files"])
        assert kept is not None
        read: list[object] = []

        def from_yaml(files: object, read: list[object] = read) -> dict[str, dict[str, str]]:
            read.append(files)
            return {**entries, "A.one": {"en": "yaml", "hu": "yaml"}}

        monkeypatch.setattr(i18n, "_read_catalogues", from_yaml)
        assert kept["B"] == {"en": "b", "hu": "bé"} and read == []
        assert kept["A.one"] == {"en": "yaml", "hu": "yaml"} and read == [["the files"]]
        assert len(kept) == 2


def test_a_kept_index_whose_family_is_not_two_offsets_is_read_from_the_yaml(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = {"A.one": {"en": "one", "hu": "egy"}, "B": {"en": "b", "hu": "bé"}}
    head, _, body = i18n._Kept.text(entries).partition(b"\n")
    for bad in ("x", [0], [0, "9"], None):
        spans = {**json.loads(head), "A": bad}
        kept = i18n._Kept.of(json.dumps(spans).encode() + b"\n" + body, ["the files"])
        assert kept is not None
        monkeypatch.setattr(i18n, "_read_catalogues", lambda files: {"A.one": {"en": "yaml", "hu": "yaml"}, "B": {}})
        assert kept["B"] == {"en": "b", "hu": "bé"} and kept["A.one"] == {"en": "yaml", "hu": "yaml"}
    assert i18n._Kept.of(b'["not", "an", "index"]\n' + body, []) is None
    assert i18n._Kept.of(b"not json\n" + body, []) is None


def test_an_entry_may_be_added_to_a_kept_catalogue_and_taken_away() -> None:
    """Why: a board game of one's own adds its help to the catalogue (tests/cli/test_board_game_commands.py), as it
    could to the dictionary the YAML gives; the kept catalogue refused it."""
    kept = i18n._Kept.of(i18n._Kept.text({"A.one": {"en": "one", "hu": "egy"}}), [])
    assert kept is not None
    kept["TOY.help"] = {"en": "toy", "hu": "játék"}
    kept["A.two"] = {"en": "two", "hu": "kettő"}
    assert dict(kept) == {"A.one": {"en": "one", "hu": "egy"}, "A.two": {"en": "two", "hu": "kettő"},
                          "TOY.help": {"en": "toy", "hu": "játék"}}
    del kept["TOY.help"], kept["A.two"]
    assert dict(kept) == {"A.one": {"en": "one", "hu": "egy"}} and "TOY.help" not in kept
