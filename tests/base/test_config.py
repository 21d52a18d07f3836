"""Card-data CI that cannot pass by mistake: the project configuration (korbiro.toml, [tool.korbiro]), data check's
paths (hidden files and folders, --exclude), the pre-commit hook run for real, and the documented recipes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from clirun import run_main
from layout import ROOT
from sample import SHIPPED_CARDS

from korbiro.base.config import Config, find_config, git_work_tree
from korbiro.base.errors import UsageError
from korbiro.cli import cli
from korbiro.data.paths import default_db_path, discover, shipped_db_path

BAD = ROOT / "tests" / "bad_inputs" / "sets" / "missing-level" / "HIBA.yaml"
SAMPLE_NOTE = " (the shipped sample database: no PATHS, --db or korbiro.toml named yours)"


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("KORBIRO_DB", raising=False)


def check(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["data", "check", *args])
    return res.exit_code, res.output


def cards(folder: Path, bad: bool = False) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(BAD if bad else shipped_db_path() / "MINTA.yaml", folder / ("HIBA.yaml" if bad else "MINTA.yaml"))
    return folder


# ---------------------------------------------------------------- the configuration


def test_korbiro_toml_is_found_by_walking_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "korbiro.toml").write_text('db = "cards"\nexclude = ["cards/drafts/*"]\nstrict = true\nlang = "hu"\n',
                                           encoding="utf-8")
    (tmp_path / "a" / "b").mkdir(parents=True)
    config = find_config(tmp_path / "a" / "b")
    assert config == Config(tmp_path / "korbiro.toml", tmp_path / "cards", ("cards/drafts/*",), True, "hu", None)
    monkeypatch.chdir(tmp_path / "a" / "b")
    assert default_db_path() == tmp_path / "cards"
    assert default_db_path("elsewhere") == Path("elsewhere")


def test_pyproject_tool_korbiro_and_a_pyproject_without_it(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert find_config(tmp_path) is None or find_config(tmp_path).path != tmp_path / "pyproject.toml"  # type: ignore[union-attr]
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n[tool.korbiro]\ndb = "data"\n', encoding="utf-8")
    config = find_config(tmp_path)
    assert config is not None and (config.db, config.source) == (tmp_path / "data", "pyproject.toml [tool.korbiro]")
    (tmp_path / "korbiro.toml").write_text('db = "first"\n', encoding="utf-8")
    assert find_config(tmp_path).db == tmp_path / "first"  # type: ignore[union-attr]


@pytest.mark.parametrize("text,message", [
    ('dbb = "cards"\n', "unknown key 'dbb'; did you mean 'db'?"),
    ("strict = 1\n", "strict is true or false, not 1"),
    ('lang = "de"\n', "lang is en, hu, not 'de'"),
    ('format = "xml"\n', "format is text, json, github, not 'xml'"),
    ("exclude = [1]\n", "exclude is a list of globs (text)"),
])
def test_a_bad_configuration_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str,
                                              message: str) -> None:
    (tmp_path / "korbiro.toml").write_text(text, encoding="utf-8")
    with pytest.raises(UsageError) as info:
        find_config(tmp_path)
    assert info.value.message == message
    monkeypatch.chdir(tmp_path)
    code, out = check()
    assert code == 2 and out == f"Error: {tmp_path / 'korbiro.toml'}: {message}\n"


def test_a_configuration_read_again_is_parsed_again_when_its_bytes_change(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import tomllib

    parsed: list[str] = []
    real = tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda text: parsed.append(text) or real(text))
    toml = tmp_path / "korbiro.toml"
    toml.write_text('lang = "en"\n', "utf-8")
    assert find_config(tmp_path).lang == find_config(tmp_path).lang == "en"
    assert len(parsed) == 1  # the same bytes, parsed once
    toml.write_text('lang = "hu"\n', "utf-8")  # same size, maybe the same modification time: the bytes tell
    assert find_config(tmp_path).lang == "hu"
    toml.write_text('lang = "h\n', "utf-8")
    with pytest.raises(UsageError, match="not valid TOML"):
        find_config(tmp_path)
    assert len(parsed) == 3


def test_a_toml_syntax_error_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "korbiro.toml").write_text("db = \n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out = check()
    assert (code, out) == (2, f"Error: {tmp_path / 'korbiro.toml'}: not valid TOML: Invalid value (at line 1, column 6)\n")


@pytest.mark.parametrize("name,data,said", [
    ("korbiro.toml", b'lang = "en"\ndb = "\xff"\n', "korbiro.toml:2:7: not valid UTF-8 (byte 0xFF); save it as UTF-8"),
    ("pyproject.toml", b"[tool]\nkorbiro = 3\n", "pyproject.toml: [tool.korbiro] is a table of settings, not 3"),
    ("pyproject.toml", b'[tool]\nkorbiro = ["db"]\n',
     "pyproject.toml: [tool.korbiro] is a table of settings, not ['db']"),
])
def test_a_configuration_korbiro_cannot_read_is_a_usage_error_for_every_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, data: bytes, said: str) -> None:
    """Not an internal error (issue 25): a file that is not UTF-8, a [tool.korbiro] that is no table."""
    from clirun import run_main

    (tmp_path / name).write_bytes(data)
    monkeypatch.chdir(tmp_path)
    for args in (["data", "check"], ["card", "show", "Wirg"], ["deck", "check", str(ROOT / "examples/decks/legal-limit3.deck")]):
        got = run_main(args)
        assert (got.code, got.stdout, got.stderr) == (2, "", f"Error: {tmp_path}/{said}\n"), args
    hu = run_main(["card", "show", "Wirg", "--lang", "hu"])
    assert hu.stderr.startswith(f"Hiba: {tmp_path}/{name}")


@pytest.mark.parametrize("data", [b"tool = 1\n", b'tool = "korbiro"\n', b"[project]\nname = 'x'\n"])
def test_a_pyproject_whose_tool_is_no_table_has_no_configuration(tmp_path: Path, data: bytes) -> None:
    (tmp_path / "pyproject.toml").write_bytes(data)
    assert find_config(tmp_path) is None


@pytest.mark.parametrize(("name", "data", "said"), [
    ("korbiro.toml", b'db = "cards"\nlang = "\xff"\n', "korbiro.toml:2:9: not valid UTF-8 (byte 0xFF); save it as UTF-8"),
    ("korbiro.toml", '[tool]\ndb = "x"\n'.encode("utf-16"),
     "korbiro.toml:1:1: not valid UTF-8 (byte 0xFF); save it as UTF-8"),
    ("pyproject.toml", b"[tool.korbiro]\n\xc3(\n", "pyproject.toml:2:1: not valid UTF-8 (byte 0xC3); save it as UTF-8"),
])
def test_a_configuration_that_is_not_utf8_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str,
                                                          data: bytes, said: str) -> None:
    """Found by the fuzz run (issue 25): tomllib's decoding error was an internal error (exit 3)."""
    (tmp_path / name).write_bytes(data)
    monkeypatch.chdir(tmp_path)
    ran = run_main(["data", "check"])
    assert (ran.code, ran.stdout) == (2, "")
    assert ran.stderr == f"Error: {tmp_path / said}\n"


def test_a_configuration_nested_too_deep_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """tomllib reads nested arrays by recursion: 2,000 of them ran out of stack (exit 3)."""
    (tmp_path / "korbiro.toml").write_text("exclude = " + "[" * 2000 + "]" * 2000 + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    ran = run_main(["data", "check"])
    assert (ran.code, ran.stdout) == (2, "")
    assert ran.stderr == f"Error: {tmp_path / 'korbiro.toml'}: not valid TOML: nested too deep\n"


def test_a_configuration_number_of_5000_digits_is_a_usage_error(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the fuzz run: tomllib hands a 5,000-digit integer to int(), which refuses more than 4,300
    digits with a ValueError that is no TOMLDecodeError (exit 3)."""
    (tmp_path / "korbiro.toml").write_text("strict = " + "9" * 5000 + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    ran = run_main(["data", "check"])
    assert (ran.code, ran.stdout) == (2, "")
    assert ran.stderr.startswith(f"Error: {tmp_path / 'korbiro.toml'}: not valid TOML: Exceeds the limit (4300 digits)")


# ---------------------------------------------------------------- data check with no path


def test_data_check_uses_the_configured_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cards(tmp_path / "cards", bad=True)
    (tmp_path / "korbiro.toml").write_text('db = "cards"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out = check()
    assert code == 1
    assert out == (f"{tmp_path / 'cards' / 'HIBA.yaml'}:3:5: error MK-DATA-REQUIRED: $.cards[0] (card HIBA-001): "
                   "missing required field 'level'\n1 file(s), 1 card(s): 1 error(s), 0 warning(s)\n")


def test_inside_a_git_work_tree_without_a_configuration_it_refuses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cards(tmp_path / "cards", bad=True)
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    assert git_work_tree() == tmp_path.resolve()
    code, out = check()
    assert code == 2
    assert out == (f"Error: no card database named: in the git work tree {str(tmp_path.resolve())!r} korbiro checks "
                   "your cards, not its sample; give PATHS, --db, or `db = \"cards\"` in a korbiro.toml (or "
                   "[tool.korbiro] in pyproject.toml)\n")
    code, out = check("--lang", "hu")
    assert code == 2 and out.startswith("Hiba: nincs megadott kártyaadatbázis")
    assert check("cards")[0] == 1 and check("--db", "cards")[0] == 1


def test_outside_any_project_it_checks_the_sample_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert git_work_tree() is None or git_work_tree() != tmp_path
    if git_work_tree() is not None:
        pytest.skip("the temporary folder is inside a git work tree")
    code, out = check()
    assert code == 0 and out == f"1 file(s), {SHIPPED_CARDS} card(s): 0 error(s), 0 warning(s){SAMPLE_NOTE}\n"


def test_the_configuration_sets_strict_format_and_lang(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    text = (shipped_db_path() / "MINTA.yaml").read_text("utf-8").replace("KINCSKERESÉS 2", "KINCSKERESES 2", 1)
    (folder / "MINTA.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "korbiro.toml").write_text('db = "cards"\nstrict = true\nformat = "github"\nlang = "hu"\n',
                                           encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out = check()
    assert code == 1 and out.startswith("::warning file=") and out.endswith("::'KINCSKERESES' helyesen: 'KINCSKERESÉS'\n")
    code, _ = check("--no-strict")
    assert code == 0


def test_data_check_help_shows_db() -> None:
    res = CliRunner().invoke(cli, ["data", "check", "--help"])
    assert "--db PATH" in res.output and "--exclude GLOB" in res.output


# ---------------------------------------------------------------- paths


def test_hidden_files_and_folders_are_skipped_unless_named(tmp_path: Path) -> None:
    cards(tmp_path)
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "ci.yml").write_text("name: ci\non: [push]\n", encoding="utf-8")
    (tmp_path / ".hidden.yaml").write_text("x: 1\n", encoding="utf-8")
    assert discover([tmp_path]) == [tmp_path / "MINTA.yaml"]
    code, out = check(str(tmp_path))
    assert code == 0 and out == f"1 file(s), {SHIPPED_CARDS} card(s): 0 error(s), 0 warning(s)\n"
    code, out = check(str(tmp_path), str(tmp_path / ".hidden.yaml"))  # named: read
    assert code == 1 and ".hidden.yaml" in out


def test_exclude_globs_on_the_command_line_and_in_the_configuration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cards(tmp_path / "cards")
    cards(tmp_path / "cards" / "drafts", bad=True)
    monkeypatch.chdir(tmp_path)
    assert check("cards")[0] == 1
    code, out = check("cards", "--exclude", "cards/drafts/*")
    assert code == 0 and out == f"1 file(s), {SHIPPED_CARDS} card(s): 0 error(s), 0 warning(s)\n"
    assert check("cards", "--exclude", "HIBA.yaml")[0] == 0  # a file's name matches too
    (tmp_path / "korbiro.toml").write_text('db = "cards"\nexclude = ["cards/drafts/*"]\n', encoding="utf-8")
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")  # the configuration's globs are relative to its folder
    assert check() == (0, f"1 file(s), {SHIPPED_CARDS} card(s): 0 error(s), 0 warning(s)\n")


# ---------------------------------------------------------------- pre-commit, for real


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=ci@example.invalid", "-c", "user.name=ci", *args], cwd=cwd, check=True,
                   capture_output=True)


def _this_checkout(tmp: Path) -> tuple[str, str]:
    """This checkout as ``pre-commit try-repo`` takes it: its HEAD, or, with uncommitted changes, a
    commit of them in a clone (so the hook tested is the one in the working tree)."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True)
    diff = subprocess.run(["git", "diff", "HEAD", "--binary"], cwd=ROOT, capture_output=True, check=True).stdout
    if not diff:
        return str(ROOT), head.stdout.strip()
    shadow = tmp / "shadow"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(shadow)], check=True, capture_output=True)
    # --index: a new file of the change is committed too (commit -a takes only the files git tracks)
    subprocess.run(["git", "apply", "--index", "--binary", "-"], cwd=shadow, input=diff, check=True, capture_output=True)
    _git(shadow, "commit", "-qam", "uncommitted changes")
    ref = subprocess.run(["git", "rev-parse", "HEAD"], cwd=shadow, capture_output=True, text=True, check=True)
    return str(shadow), ref.stdout.strip()


def test_the_hooks_command_fails_on_a_broken_card_and_passes_once_it_is_fixed(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The hook's entry as pre-commit runs it in a card repository (its work tree, no file names passed), in this
    process: the long run's test below installs the hook with pre-commit itself."""
    hook = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text("utf-8"))[0]
    program, *args = hook["entry"].split()
    assert (program, hook["pass_filenames"]) == ("korbiro", False)
    repo = tmp_path / "repo"
    cards(repo / "cards", bad=True)
    (repo / ".git").mkdir()  # a git work tree, as git_work_tree sees one
    (repo / "korbiro.toml").write_text('db = "cards"\n', encoding="utf-8")
    monkeypatch.chdir(repo)
    failed = run_main(args)
    assert failed.code == 1, failed.stdout + failed.stderr
    assert "cards/HIBA.yaml:3:5: error MK-DATA-REQUIRED: $.cards[0] (card HIBA-001): missing required field 'level'" \
        in failed.stdout
    fixed = (repo / "cards" / "HIBA.yaml").read_text("utf-8").replace("    mp: 3\n", "    mp: 3\n    level: 2\n")
    (repo / "cards" / "HIBA.yaml").write_text(fixed, encoding="utf-8")
    passed = run_main(args)
    assert (passed.code, passed.stdout, passed.stderr) == (0, "1 file(s), 1 card(s): 0 error(s), 0 warning(s)\n", "")
    (repo / "korbiro.toml").unlink()  # without the configuration the hook cannot pass on korbiro's sample
    refused = run_main(args)
    assert (refused.code, refused.stdout) == (2, "")
    assert refused.stderr == (f"Error: no card database named: in the git work tree {str(repo)!r} korbiro checks "
                              "your cards, not its sample; give PATHS, --db, or `db = \"cards\"` in a korbiro.toml "
                              "(or [tool.korbiro] in pyproject.toml)\n")


@pytest.mark.long  # installs the hook's environment (pip, which compiles the engine: setup.py): a minute or two
@pytest.mark.timeout(900)
@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs git and a checkout")
def test_the_pre_commit_hook_fails_on_a_broken_card_and_passes_once_it_is_fixed(tmp_path: Path) -> None:
    """The hook of this checkout, run by pre-commit as a card repository's configuration names it
    (what ``pre-commit try-repo`` does, with one installed environment for the three runs)."""
    pytest.importorskip("pre_commit")
    hook_repo, rev = _this_checkout(tmp_path)
    repo = tmp_path / "repo"
    cards(repo / "cards", bad=True)
    (repo / "korbiro.toml").write_text('db = "cards"\n', encoding="utf-8")
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hook_repo}\n    rev: {rev}\n    hooks:\n      - id: korbiro-data-check\n", encoding="utf-8")
    _git(repo.parent, "init", "-q", str(repo))
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "cards")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "KORBIRO_CACHE_DIR": str(tmp_path / "c")}
    env.pop("KORBIRO_DB", None)
    run = [sys.executable, "-m", "pre_commit", "run", "korbiro-data-check", "--all-files"]
    failed = subprocess.run(run, cwd=repo, env=env, capture_output=True, text=True, timeout=600)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "cards/HIBA.yaml:3:5: error MK-DATA-REQUIRED: $.cards[0] (card HIBA-001): missing required field 'level'" \
        in failed.stdout
    fixed = (repo / "cards" / "HIBA.yaml").read_text("utf-8").replace("    mp: 3\n", "    mp: 3\n    level: 2\n")
    (repo / "cards" / "HIBA.yaml").write_text(fixed, encoding="utf-8")
    _git(repo, "commit", "-qam", "fix")
    passed = subprocess.run(run, cwd=repo, env=env, capture_output=True, text=True, timeout=600)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "korbiro data check" in passed.stdout and "Passed" in passed.stdout
    (repo / "korbiro.toml").unlink()  # without the configuration the hook cannot pass on korbiro's sample
    _git(repo, "commit", "-qam", "no config")
    refused = subprocess.run(run, cwd=repo, env=env, capture_output=True, text=True, timeout=600)
    assert refused.returncode == 2 or "Failed" in refused.stdout
    assert "no card database named" in refused.stdout


# ---------------------------------------------------------------- the documented recipes


def test_the_hook_definition_is_what_the_docs_say() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text("utf-8"))
    assert hooks == [{"id": "korbiro-data-check", "name": "korbiro data check",
                      "description": "Check the M.A.G.U.S. Kártyajáték card database that korbiro.toml names, "
                                     "with korbiro.",
                      "entry": "korbiro data check", "language": "python", "files": r"\.(ya?ml|toml)$",
                      "pass_filenames": False, "require_serial": True}]
    doc = (ROOT / "docs" / "data-check.md").read_text("utf-8")
    assert "id: korbiro-data-check" in doc and "rev: v0.1.0" not in doc


def test_the_github_workflow_is_valid_and_runs_what_the_docs_say() -> None:
    path = ROOT / "docs" / "examples" / "card-data.yml"
    flow = yaml.safe_load(path.read_text("utf-8"))
    steps = flow["jobs"]["check"]["steps"]
    runs = [s["run"] for s in steps if "run" in s]
    assert runs[-1] == "korbiro data check --strict --format github"
    doc = (ROOT / "docs" / "data-check.md").read_text("utf-8")
    assert "docs/examples/card-data.yml" in doc
    for run in runs:
        assert run in doc, run
    actionlint = shutil.which("actionlint")
    if actionlint is not None:
        done = subprocess.run([actionlint, str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout
