"""Stored answers (korbiro/cli/answers.py): a re-check of an unchanged database replayed, and only then.

Why (issue 16): a re-check with nothing changed took 0.16x a bare YAML load of the
database as a whole command (budget 0.1x), because every run imported click, the
card model and the finding renderer before the cache could answer.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import run_main
from layout import ROOT

from korbiro.cli import answers
from korbiro.cli.answers import CheckRequest

SAMPLE = ROOT / "korbiro" / "data" / "mk" / "cards"

WARNED = """\
set: {code: ZZ1, name: Próba}
cards:
  - id: ZZ1-001
    name: Próba Kaland
    type: küldetés
    subtype: null
    mp: 0
    dp: 6
    text: |
      EXPEDICIO 2
"""


@pytest.fixture(autouse=True)
def _in_a_folder_of_its_own(private_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    folder = tmp_path / "cards"
    shutil.copytree(SAMPLE, folder)
    return folder


def _answers(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "answers").rglob("*.txt"))


# ------------------------------------------------------------------ parsing the request


@pytest.mark.parametrize(("argv", "request_"), [
    (["data", "check"], CheckRequest()),
    (["data", "check", "a.yaml", "b"], CheckRequest(paths=("a.yaml", "b"))),
    (["data", "check", "x", "--format", "json", "--lang=hu", "--strict", "--max-findings", "7"],
     CheckRequest(paths=("x",), fmt="json", lang="hu", strict=True, max_findings=7)),
    (["data", "check", "--no-strict", "--exclude", "a/*", "--exclude=b/*", "--db", "d"],
     CheckRequest(db="d", excludes=("a/*", "b/*"), strict=False)),
    (["data", "check", "-"], CheckRequest(paths=("-",))),
])
def test_the_requests_a_replay_takes(argv: list[str], request_: CheckRequest) -> None:
    assert CheckRequest.from_argv(argv) == request_


@pytest.mark.parametrize("argv", [
    ["data", "index"], ["card", "check"], ["--debug", "data", "check"], ["data"],
    ["data", "check", "--no-cache"], ["data", "check", "--formats", "f.yaml"], ["data", "check", "--help"],
    ["data", "check", "-h"], ["data", "check", "--", "x"], ["data", "check", "--format", "xml"],
    ["data", "check", "--format"], ["data", "check", "--lang", "de"], ["data", "check", "--max-findings", "-1"],
    ["data", "check", "--max-findings", "٣"], ["data", "check", "--strict=yes"], ["data", "check", "--bogus"],
])
def test_what_a_replay_leaves_to_the_full_command(argv: list[str]) -> None:
    assert CheckRequest.from_argv(argv) is None


def test_the_database_variable_is_read_as_clicks_envvar(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KORBIRO_DB", "cards")
    assert CheckRequest.from_argv(["data", "check"]) == CheckRequest(db="cards")
    assert CheckRequest.from_argv(["data", "check", "--db", "x"]) == CheckRequest(db="x")


# ------------------------------------------------------------------ replays


@pytest.mark.parametrize("options", [[], ["--format", "json"], ["--format", "github"], ["--lang", "hu"],
                                     ["--strict"], ["--max-findings", "1"]])
def test_a_replay_prints_what_the_full_command_printed(db: Path, options: list[str],
                                                       monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (db / "ZZ1.yaml").write_text(WARNED, "utf-8")  # a warning: --strict makes it a failure
    first = run_main(["data", "check", str(db), *options])
    assert first.code == (1 if "--strict" in options else 0)
    assert len(_answers(tmp_path)) == 1
    monkeypatch.setattr("korbiro.cli._run", _refuse)
    again = run_main(["data", "check", str(db), *options])
    assert (again.code, again.stdout, again.stderr) == (first.code, first.stdout, "")


def _refuse(*_a: object, **_k: object) -> int:
    raise AssertionError("the full command ran")


def test_a_changed_file_is_checked_again(db: Path, tmp_path: Path) -> None:
    target = db / "ZZ1.yaml"
    target.write_text(WARNED, "utf-8")
    assert run_main(["data", "check", str(db)]).stdout.endswith("1 warning(s)\n")
    stat = target.stat()
    target.write_text(WARNED.replace("EXPEDICIO 2", "EXPEDÍCIÓ 2").replace("Próba}", "Pró}"), "utf-8")
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # the same time, and here the same size
    assert target.stat().st_size == stat.st_size
    again = run_main(["data", "check", str(db)])
    assert again.code == 0 and again.stdout.endswith(": 0 error(s), 0 warning(s)\n")
    assert len(_answers(tmp_path)) == 2


def test_a_new_set_file_in_the_folder_is_seen(db: Path) -> None:
    before = run_main(["data", "check", str(db)])
    (db / "ZZ1.yaml").write_text(WARNED, "utf-8")
    after = run_main(["data", "check", str(db)])
    assert before.stdout != after.stdout and after.stdout.endswith("1 warning(s)\n")
    (db / "ZZ1.yaml").unlink()
    assert run_main(["data", "check", str(db)]).stdout == before.stdout


def test_the_configuration_decides_as_it_did(db: Path, tmp_path: Path) -> None:
    (db / "ZZ1.yaml").write_text(WARNED, "utf-8")
    (tmp_path / "korbiro.toml").write_text('db = "cards"\n', "utf-8")
    assert run_main(["data", "check"]).code == 0
    (tmp_path / "korbiro.toml").write_text('db = "cards"\nstrict = true\n', "utf-8")
    assert run_main(["data", "check"]).code == 1
    (tmp_path / "korbiro.toml").write_text('db = "cards"\nexclude = ["cards/ZZ1.yaml"]\n', "utf-8")
    ran = run_main(["data", "check"])
    assert ran.code == 0 and ran.stdout.endswith(": 0 error(s), 0 warning(s)\n")


def test_a_damaged_answer_is_not_served(db: Path, tmp_path: Path) -> None:
    first = run_main(["data", "check", str(db)])
    [entry] = _answers(tmp_path)
    entry.write_bytes(entry.read_bytes().replace(b"0 error(s)", b"9 error(s)"))
    again = run_main(["data", "check", str(db)])
    assert again.stdout == first.stdout


def test_no_cache_neither_replays_nor_stores(db: Path, tmp_path: Path) -> None:
    run_main(["data", "check", str(db), "--no-cache"])
    assert _answers(tmp_path) == []


def test_a_database_that_click_refuses_is_refused(db: Path) -> None:
    run_main(["data", "check", str(db)])
    ran = run_main(["data", "check", str(db), "--db", "missing"])
    assert ran.code == 2 and "'missing' does not exist" in ran.stderr and ran.stdout == ""


def test_an_unreadable_check_is_not_stored(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    assert run_main(["data", "check", "pipe.yaml"]).code == 2
    assert _answers(tmp_path) == []


def test_a_run_that_made_a_note_is_not_stored(db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from korbiro.base import notes

    monkeypatch.setattr(notes, "said_any", lambda: True)
    run_main(["data", "check", str(db)])
    assert _answers(tmp_path) == []


def test_the_code_stamp_follows_every_package_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "pkg"
    (package / "sub" / "__pycache__").mkdir(parents=True)
    (package / "sub" / "rules.py").write_text("A = 1\n", "utf-8")
    monkeypatch.setattr(answers, "_PACKAGE", package)
    stamps = []
    for change in (lambda: None,
                   lambda: (package / "sub" / "__pycache__" / "rules.pyc").write_bytes(b"x"),
                   lambda: (package / "sub" / "rules.py").write_text("A = 2\n", "utf-8"),
                   lambda: (package / "sub" / "new.lark").write_text("", "utf-8")):
        change()
        monkeypatch.setattr(answers, "_stamp", None)
        stamps.append(answers.code_stamp())
    os.utime(package / "sub" / "rules.py", ns=(0, 0))
    monkeypatch.setattr(answers, "_stamp", None)
    stamps.append(answers.code_stamp())
    assert stamps[0] == stamps[1]  # bytecode is not the code
    assert len(set(stamps[1:])) == 4


def test_a_replay_imports_neither_click_nor_the_yaml_parser(db: Path, tmp_path: Path) -> None:
    """The whole point: the answer comes before the heavy modules (the re-check budget, 0.1x), and a
    plain check needs no click (the cold check's budget, 1.2x)."""
    probe = ("import sys\nfrom korbiro.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit as e:\n"
             "    code = e.code\nheavy = sorted(m for m in ('click', 'yaml', 'lark', 'jsonschema_rs', "
             "'korbiro.data.cards', 'korbiro.data.check') if m in sys.modules)\n"
             "print(code, heavy, file=sys.stderr)\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    runs = [subprocess.run([sys.executable, "-c", probe, "data", "check", str(db), "--format", "json"],
                           capture_output=True, text=True, env=env, cwd=tmp_path) for _ in range(2)]
    assert runs[0].stderr == "0 ['jsonschema_rs', 'korbiro.data.cards', 'korbiro.data.check', 'lark', 'yaml']\n"  # checked, without click
    assert runs[1].stderr == "0 []\n"  # replayed
    assert runs[0].stdout == runs[1].stdout and json.loads(runs[1].stdout)["ok"] is True


def test_a_replay_reads_the_declared_options_without_dataclasses(db: Path, tmp_path: Path) -> None:
    """The one declaration of data check's options (cli/checkoptions.py) is read on every replay: it must stay
    light (``dataclasses`` brings ``inspect``, a fifth of a replay's time)."""
    probe = ("import sys\nfrom korbiro.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in ('dataclasses', 'inspect', 'korbiro.cli.checkoptions') if m in sys.modules),"
             " file=sys.stderr)\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    runs = [subprocess.run([sys.executable, "-c", probe, "data", "check", str(db)], capture_output=True, text=True,
                           env=env, cwd=tmp_path) for _ in range(2)]
    assert runs[1].stderr == "['korbiro.cli.checkoptions']\n"  # replayed


@pytest.mark.parametrize("options", [[], ["--format", "json"], ["--format", "github"], ["--lang", "hu"],
                                     ["--strict"], ["--max-findings", "1"], ["--no-cache"]])
def test_a_check_without_click_prints_what_the_click_command_prints(db: Path, options: list[str]) -> None:
    from click.testing import CliRunner

    from korbiro.cli import cli

    (db / "ZZ1.yaml").write_text(WARNED.replace("EXPEDICIO 2", "EXPEDICIO 2\n      FAL x"), "utf-8")
    direct = run_main(["data", "check", str(db), "--no-cache", *options])
    via_click = CliRunner().invoke(cli, ["data", "check", str(db), "--no-cache", *options])
    assert (direct.code, direct.stdout) == (via_click.exit_code, via_click.stdout)
    assert direct.code == 1 and ("FAL" in direct.stdout or "not shown" in direct.stdout)


def test_what_the_direct_run_leaves_to_click_is_said_as_before(db: Path) -> None:
    ran = run_main(["data", "check", str(db / "missing.yaml")])
    assert ran.code == 2 and "'" + str(db / "missing.yaml") + "' does not exist" in ran.stderr
    ran = run_main(["data", "check", "--format", "xml", str(db)])
    assert ran.code == 2 and "'xml' is not one of" in ran.stderr


def test_every_option_of_data_check_is_known_to_click_and_to_the_replay_alike() -> None:
    """``data check``'s options are declared once (korbiro/cli/checkoptions.py): the click command has
    exactly those options, each with the declared parameter, default, choices, repetition and variable,
    and the replay's request has a field for each one it takes, with the same default."""
    import click

    from korbiro.cli.checkoptions import CHECK_OPTIONS
    from korbiro.cli.data import check

    options = [p for p in check.params if isinstance(p, click.Option)]
    assert [[*p.opts, *p.secondary_opts] for p in options] == [list(o.flags) for o in CHECK_OPTIONS]
    for param, option in zip(options, CHECK_OPTIONS, strict=True):
        choices = tuple(param.type.choices) if isinstance(param.type, click.Choice) else ()
        assert (param.name, param.default, choices, param.multiple, param.envvar, param.is_flag) == (
            option.field, option.default, option.choices, option.multiple, option.envvar,
            option.kind in ("switch", "flag")), option.name
    replayed = [o for o in CHECK_OPTIONS if o.replayed]
    assert CheckRequest._fields == ("paths", *(o.field for o in replayed))
    assert CheckRequest() == CheckRequest((), *(o.default for o in replayed))
    assert {o.name for o in CHECK_OPTIONS if not o.replayed} == {"--no-cache", "--formats"}


@pytest.mark.parametrize("args", [
    [], ["a", "b"], ["--db", "d", "--exclude", "x/*", "--exclude=y/*", "--format=github", "--lang", "hu"],
    ["--strict", "--max-findings", "0"], ["--no-strict", "--max-findings=12", "p"], ["-", "--lang=en"],
])
def test_the_replay_reads_data_checks_arguments_as_click_does(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each request the replay takes is what click makes of the same arguments (the paths as given)."""
    from korbiro.cli.data import check

    for param in check.params:
        if param.name in ("paths", "db"):  # need not exist here
            monkeypatch.setattr(param.type, "convert", lambda value, param, ctx: value)
        if param.name == "lang":  # chooses the language of the process
            monkeypatch.setattr(param, "callback", None)
    with check.make_context("check", list(args)) as ctx:
        params = ctx.params
    request = CheckRequest.from_argv(["data", "check", *args])
    assert request is not None
    assert request._asdict() == {k: params[k] for k in CheckRequest._fields}
    for left in (["--formats", "f.yaml"], ["--no-cache"], ["--format", "xml"], ["--lang", "de"], ["--help"]):
        assert CheckRequest.from_argv(["data", "check", *args, *left]) is None, left
