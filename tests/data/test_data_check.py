"""`korbiro data check`: the bad-set corpus, cross-file checks, the cache, the CLI."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from layout import TESTS
from sample import SHIPPED_CARDS

from korbiro.base.errors import DataError
from korbiro.cli import cli
from korbiro.data.check import check_database, load_database
from korbiro.data.paths import shipped_db_path

SETS = TESTS / "bad_inputs" / "sets"
MANIFEST = yaml.safe_load((SETS / "manifest.yaml").read_text("utf-8"))


pytestmark = pytest.mark.usefixtures("private_cache")


@pytest.mark.parametrize("case", MANIFEST, ids=[c["case"] for c in MANIFEST])
def test_bad_set_corpus(case: dict) -> None:
    folder = SETS / case["case"]
    result = CliRunner().invoke(cli, ["data", "check", str(folder), "--format", "json", "--lang", "en"])
    assert "Traceback" not in result.output
    data = json.loads(result.output)
    got = [[f["code"], f["line"]] for f in data["findings"]]
    assert got == case["findings"]
    for f in data["findings"]:
        assert f["file"] == str(folder / case["file"])
    errors = [f for f in data["findings"] if f["severity"] == "error"]
    assert result.exit_code == (1 if errors else 0)


def test_corpus_is_large_enough() -> None:
    yaml_cases = yaml.safe_load((TESTS / "bad_inputs" / "yaml" / "manifest.yaml").read_text("utf-8"))
    assert len(MANIFEST) + len(yaml_cases) >= 30
    assert len(MANIFEST) >= 30


def test_shipped_database_is_clean_under_strict() -> None:
    report = check_database(use_cache=False)
    assert report.card_count >= 60
    assert [f.render_text() for f in report.findings] == []
    assert report.failed(strict=True) is False


def test_one_bad_file_does_not_hide_the_next(tmp_path: Path) -> None:
    shutil.copy(SETS / "missing-level" / "HIBA.yaml", tmp_path / "HIBA.yaml")
    shutil.copy(shipped_db_path() / "MINTA.yaml", tmp_path / "MINTA.yaml")
    (tmp_path / "ROSSZ.yaml").write_text("set: {code: ROSSZ, name: x}\ncards: [\n", encoding="utf-8")
    report = check_database([tmp_path], use_cache=False)
    assert [(Path(f.file or "").name, f.code) for f in report.findings] == [
        ("HIBA.yaml", "MK-DATA-REQUIRED"),
        ("ROSSZ.yaml", "YAML-SYNTAX"),
    ]
    assert report.card_count == SHIPPED_CARDS + 1


def test_duplicate_id_across_files(tmp_path: Path) -> None:
    shutil.copy(shipped_db_path() / "MINTA.yaml", tmp_path / "MINTA.yaml")
    text = (shipped_db_path() / "MINTA.yaml").read_text("utf-8")
    first = text.index("  - id: MINTA-002")
    (tmp_path / "MINTA2.yaml").write_text(
        "set: {code: MINTA2, name: Második}\ncards:\n" + text[text.index("  - id: MINTA-001"):first]
        .replace("id: MINTA-001", "id: MINTA2-001").replace("Briar Sichetti", "Briar Sichetti II"),
        encoding="utf-8",
    )
    assert [f.code for f in check_database([tmp_path], use_cache=False).findings] == []
    (tmp_path / "MINTA2.yaml").write_text(
        (tmp_path / "MINTA2.yaml").read_text("utf-8").replace("Briar Sichetti II", "Briar Sichetti"), encoding="utf-8")
    got = [(f.code, Path(f.file or "").name, f.line, f.message) for f in check_database([tmp_path], use_cache=False).findings]
    assert got == [("MK-DATA-DUPLICATE-NAME", "MINTA2.yaml", 4,
                    f"duplicate card name 'Briar Sichetti' (also at {tmp_path / 'MINTA.yaml'}:16)")]


def test_cache_hit_and_invalidation(tmp_path: Path) -> None:
    db = tmp_path / "db"
    db.mkdir()
    shutil.copy(SETS / "missing-level" / "HIBA.yaml", db / "HIBA.yaml")
    first = check_database([db])
    assert [r.cached for r in first.files] == [False]
    again = check_database([db])
    assert [r.cached for r in again.files] == [True]
    assert again.findings == first.findings
    fixed = (db / "HIBA.yaml").read_text("utf-8").replace("    fizikum: 3\n", "    level: 2\n    fizikum: 3\n")
    (db / "HIBA.yaml").write_text(fixed, encoding="utf-8")
    third = check_database([db])
    assert [r.cached for r in third.files] == [False]
    assert third.findings == []


def test_corrupt_cache_entry_is_ignored(tmp_path: Path) -> None:
    check_database([shipped_db_path()])
    cache = Path(os.environ["KORBIRO_CACHE_DIR"])
    for entry in cache.rglob("*.json"):
        entry.write_text("{not json", encoding="utf-8")
    report = check_database([shipped_db_path()])
    assert [r.cached for r in report.files] == [False]
    assert report.findings == []


def test_load_database_refuses_bad_data() -> None:
    with pytest.raises(DataError) as exc:
        load_database([SETS / "missing-level"])
    assert exc.value.code == "MK-DATA-REQUIRED"
    assert [f.code for f in exc.value.findings] == ["MK-DATA-REQUIRED"]


# ------------------------------------------------------------------ CLI


def test_cli_default_is_the_shipped_database() -> None:
    r = CliRunner().invoke(cli, ["data", "check", "--lang", "en"], env={"KORBIRO_DB": ""})
    assert r.exit_code == 0
    assert r.output == f"1 file(s), {SHIPPED_CARDS} card(s): 0 error(s), 0 warning(s)\n"


def test_cli_strict_fails_on_warnings(tmp_path: Path) -> None:
    folder = SETS / "zero-width-name"
    assert CliRunner().invoke(cli, ["data", "check", str(folder)]).exit_code == 0
    assert CliRunner().invoke(cli, ["data", "check", str(folder), "--strict"]).exit_code == 1


def test_cli_github_annotations() -> None:
    r = CliRunner().invoke(cli, ["data", "check", str(SETS / "keyword-wrong-type"), "--format", "github"])
    assert r.exit_code == 1
    assert r.output.splitlines() == [
        f"::error file={SETS / 'keyword-wrong-type' / 'HIBA.yaml'},line=13,col=7,title=MK-CARD-KEYWORD-WRONG-TYPE (2.03)"
        "::EXPEDÍCIÓ does not belong on a kalandozó card (only on küldetés)"
    ]


def test_cli_hungarian_messages() -> None:
    r = CliRunner().invoke(cli, ["data", "check", str(SETS / "keyword-wrong-type"), "--lang", "hu"])
    assert "EXPEDÍCIÓ nem lehet kalandozó lapon (csak: küldetés)" in r.output
    assert r.output.splitlines()[-1] == "1 fájl, 1 lap: 1 hiba, 0 figyelmeztetés"


def test_cli_missing_path_exit_2() -> None:
    r = CliRunner().invoke(cli, ["data", "check", "nincs/ilyen"])
    assert r.exit_code == 2
    assert "does not exist" in r.output


def test_cli_empty_folder_exit_2(tmp_path: Path) -> None:
    r = CliRunner().invoke(cli, ["data", "check", str(tmp_path)])
    assert r.exit_code == 2
    assert "no set files" in r.output


def test_cli_two_files_one_broken_json_still_valid(tmp_path: Path) -> None:
    r = CliRunner().invoke(cli, ["data", "check", str(SETS / "tabs"), str(shipped_db_path()), "--format", "json"])
    assert r.exit_code == 1
    data = json.loads(r.output)
    assert data["cards"] == SHIPPED_CARDS and [f["code"] for f in data["findings"]] == ["YAML-TAB"]


def test_findings_from_the_cache_say_the_same_in_hungarian(tmp_path: Path) -> None:
    # a re-check serves the findings from the cache, in a process that has not imported the YAML loader
    # or the schema check, whose findings' Hungarian is read off their English by those modules' patterns
    cases = sorted(str(p) for p in SETS.iterdir() if p.is_dir())
    runs = []
    for _ in range(3):  # the first with a cold cache, then per-file entries, then the whole database's
        proc = subprocess.run([sys.executable, "-m", "korbiro", "data", "check", *cases, "--lang", "hu"],
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ, "KORBIRO_CACHE_DIR": str(tmp_path / "cache")})
        runs.append((proc.returncode, proc.stdout, proc.stderr))
    assert runs[0][0] == 1 and "YAML-TAB: behúzáshoz nem használható tabulátor" in runs[0][1]
    assert runs[1] == runs[0] and runs[2] == runs[0]


@pytest.mark.parametrize("case", ["yaml-bomb", "python-tag", "tabs"])
def test_subprocess_no_traceback(case: str, tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "korbiro", "data", "check", str(SETS / case)],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "KORBIRO_CACHE_DIR": str(tmp_path)})
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr


def test_broken_pipe_is_quiet(tmp_path: Path) -> None:
    proc = subprocess.run(f"{sys.executable} -m korbiro data check {SETS} --no-cache | head -1", shell=True,
                          capture_output=True, text=True, timeout=60)
    assert proc.stdout.count("\n") == 1
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr


def test_internal_error_exit_3(monkeypatch: pytest.MonkeyPatch) -> None:
    import korbiro.data.check as check_mod

    def boom(*a: object, **k: object) -> None:
        raise RuntimeError("forced")

    monkeypatch.setattr(check_mod, "check_database", boom)
    from korbiro.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["data", "check"])
    assert exc.value.code == 3


def test_cli_formats_file_is_checked(tmp_path: Path) -> None:
    from korbiro.data.formats import shipped_formats_path

    r = CliRunner().invoke(cli, ["data", "check", "--formats", shipped_formats_path(), "--format", "json"])
    assert r.exit_code == 0 and json.loads(r.output)["findings"] == []
    bad = tmp_path / "f.yaml"
    bad.write_text(
        "formats:\n  x:\n    name: X\n    kind: constructed\n    limits: [{limit: 3, min_deck: 40}]\n    banlist:\n"
        "      - {date: '2026-01-01', card: Wirg, status: banned, reason: r, source: s}\n"
        "      - {date: '2025-01-01', card: Wirgg, status: banned, reason: r, source: s}\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["data", "check", "--formats", str(bad), "--format", "json"])
    assert r.exit_code == 1
    assert [(f["code"], f["line"]) for f in json.loads(r.output)["findings"]] == [
        ("MK-BANLIST-ORDER", 8), ("MK-BANLIST-UNKNOWN-CARD", 8)]
    schema_bad = tmp_path / "g.yaml"
    schema_bad.write_text("formats:\n  x:\n    name: X\n    kind: tournament\n    limits: []\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["data", "check", "--formats", str(schema_bad), "--format", "json"])
    assert r.exit_code == 1
    assert [f["code"] for f in json.loads(r.output)["findings"]] == ["MK-DATA-ENUM", "MK-DATA-SCHEMA"]


def test_cli_device_is_unusable_input_exit_2(tmp_path: Path) -> None:
    fifo = tmp_path / "SET.yaml"
    os.mkfifo(fifo)
    r = CliRunner().invoke(cli, ["data", "check", str(fifo), "--format", "json"])
    assert r.exit_code == 2
    assert [f["code"] for f in json.loads(r.output)["findings"]] == ["FILE-NOT-REGULAR"]


def test_checking_a_set_file_leaves_nothing_for_the_cycle_collector() -> None:
    """The collector is paused while set files are read (check.bulk): a set file's check must leave no
    reference cycle behind, or every file's YAML and marks would stay in memory until the end."""
    import gc

    from korbiro.data.check import check_file

    files = sorted(shipped_db_path().glob("*.yaml"))
    check_file(str(files[0]))
    gc.collect()
    gc.disable()
    try:
        for f in files:
            report, cards = check_file(str(f))
            assert report.findings == [] and cards
        del report, cards
        assert gc.collect() == 0
    finally:
        gc.enable()
