"""Results remembered in korbiro's cache (the rule index, the scenarios' summaries): served only for the same bytes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from layout import ROOT

import korbiro.base.yamlload as yamlload
from korbiro.base.errors import DataError
from korbiro.rules.mk import rulebook
from korbiro.rules.mk.rulebook import load_rulebook_file, load_scenarios, rulebook_path


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path / "cache"))


def _no_yaml(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    read: list[str] = []
    real = yamlload.load_yaml_file
    monkeypatch.setattr(yamlload, "load_yaml_file", lambda p, **k: read.append(str(p)) or real(p, **k))
    return read


def test_the_rule_index_is_read_once_and_again_when_it_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    book = tmp_path / "rulebook.yaml"
    shutil.copy(rulebook_path(), book)
    first = load_rulebook_file(book)
    read = _no_yaml(monkeypatch)
    again = load_rulebook_file(book)
    assert read == []  # answered from the cache
    assert [r.to_dict() for r in again] == [r.to_dict() for r in first] and again.path == first.path
    assert [r.line for r in again] == [r.line for r in first]
    text = book.read_text("utf-8").replace("title:", "title:", 1)
    book.write_text(text.replace("    see: [", "    see: [9.99.Z, ", 1), "utf-8")  # a broken link: never remembered
    with pytest.raises(DataError, match="9.99.Z"):
        load_rulebook_file(book)
    with pytest.raises(DataError, match="9.99.Z"):
        load_rulebook_file(book)
    assert read == [str(book), str(book)]


def test_scenario_summaries_are_read_again_when_a_file_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "rulings"
    shutil.copytree(ROOT / "examples" / "rulings", folder)
    first = load_scenarios(folder)
    read = _no_yaml(monkeypatch)
    assert load_scenarios(folder) == first and read == []
    victim = sorted(folder.glob("*.yaml"))[0]
    victim.write_text(victim.read_text("utf-8").replace("title:", "title: Átírt —", 1), "utf-8")
    changed = load_scenarios(folder)
    assert len(read) == len(first)  # every file read again, once
    assert changed[0].title.startswith("Átírt —") and changed[1:] == first[1:]


def test_the_key_names_the_code_and_the_inputs() -> None:
    a = rulebook._Remembered("x", [b"one"]).entry
    assert a == rulebook._Remembered("x", [b"one"]).entry
    assert a != rulebook._Remembered("x", [b"one", b""]).entry != rulebook._Remembered("y", [b"one"]).entry
    assert rulebook._Remembered("x", [b"ab", b"c"]).entry != rulebook._Remembered("x", [b"a", b"bc"]).entry


#: korbiro modules the loaders run that cannot change what they remember: where the cache is and how
#: its keys are made, the messages of a failure (a failing loader remembers nothing), package fronts, the
#: note of which files a command read (base/reads.py: what its outputs may not overwrite)
_NOT_DECIDING = {"base/i18n.py", "base/version.py", "base/config.py", "base/fsutil.py", "base/notes.py",
                 "base/reads.py", "data/cache.py", "data/paths.py"}


def _deciding_modules_run(tmp_path: Path, *calls: str) -> set[str]:
    """The korbiro modules (package-relative) that can decide a result, of those run by *calls* in a fresh process."""
    import json
    import os
    import subprocess
    import sys

    script = "import json, sys\n" + "".join(f"{call}\n" for call in calls) + (
        "print(json.dumps(sorted(getattr(m, '__file__', None) or '' for n, m in list(sys.modules.items())\n"
        "                        if n == 'korbiro' or n.startswith('korbiro.'))))\n"
    )
    env = {**os.environ, "KORBIRO_CACHE_DIR": str(tmp_path / "fresh"), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    package = ROOT / "korbiro"
    ran = {Path(f).resolve().relative_to(package).as_posix() for f in json.loads(out.stdout) if f}
    return {rel for rel in ran if not rel.endswith("__init__.py") and rel not in _NOT_DECIDING}


def test_the_key_covers_every_module_the_loaders_run(tmp_path: Path) -> None:
    deciding = _deciding_modules_run(tmp_path, "from korbiro.rules.mk import rulebook as rb",
                                     "rb.load_rulebook_file(rb.rulebook_path())",
                                     "rb.load_scenarios(rb.default_rulings_dir())")
    assert deciding - set(rulebook.REMEMBERED_CODE) == set(), "add them to rulebook.REMEMBERED_CODE"
    assert all((ROOT / "korbiro" / rel).is_file() for rel in rulebook.REMEMBERED_CODE)


def test_the_variants_are_read_once_and_again_when_they_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from korbiro.rules.mk.victory import load_variants_file

    shipped = ROOT / "korbiro" / "data" / "mk" / "variants.yaml"
    copy = tmp_path / "variants.yaml"
    shutil.copy(shipped, copy)
    first = load_variants_file(copy)
    read = _no_yaml(monkeypatch)
    again = load_variants_file(copy)
    assert read == []  # answered from the cache
    assert list(again) == list(first) and again.defaults == first.defaults
    assert all(isinstance(v.aliases, tuple) for v in again)
    assert again.get("Ikerjáték") == first.get("Ikerjáték")
    copy.write_text(copy.read_text("utf-8").replace("default:", "default:\n  two_players: nincs-ilyen\n  x_:", 1), "utf-8")
    with pytest.raises(DataError):  # a broken file: never remembered
        load_variants_file(copy)
    with pytest.raises(DataError):
        load_variants_file(copy)
    assert read == [str(copy), str(copy)]


def test_the_variants_key_covers_every_module_their_loader_runs(tmp_path: Path) -> None:
    from korbiro.rules.mk.victory import VARIANTS_CODE

    deciding = _deciding_modules_run(
        tmp_path, "from korbiro.rules.mk import victory",
        "victory._load_variants_file(victory.package_file('data/mk/variants.yaml'))")
    assert deciding - set(VARIANTS_CODE) == set(), "add them to victory.VARIANTS_CODE"
    assert all((ROOT / "korbiro" / rel).is_file() for rel in VARIANTS_CODE)


def test_a_scenarios_actions_are_parsed_once_and_again_when_they_change(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from korbiro.data.index import open_index
    from korbiro.rules.mk.timeline import scenario

    idx = open_index()
    shutil.copy(ROOT / "examples" / "rulings" / "ostrom-mp.yaml", tmp_path / "s.yaml")
    first = scenario.load_scenario(str(tmp_path / "s.yaml"), lookup=lambda n: idx.lookup(n, suggest=False).card)
    parsed: list[str] = []
    real = scenario.parse_action
    monkeypatch.setattr(scenario, "parse_action", lambda text, **k: parsed.append(text) or real(text, **k))
    again = scenario.load_scenario(str(tmp_path / "s.yaml"), lookup=lambda n: idx.lookup(n, suggest=False).card)
    assert parsed == []  # answered from the cache
    assert again.steps == first.steps and [a.text for _, a, _ in again.steps] == [a.text for _, a, _ in first.steps]
    text = (tmp_path / "s.yaml").read_text("utf-8")
    (tmp_path / "s.yaml").write_text(text.replace('ostromol csapat', 'ostrom csapat'), "utf-8")  # no verb: never remembered
    for _ in range(2):
        with pytest.raises(DataError, match="MK-ACTION-SYNTAX|unknown verb"):
            scenario.load_scenario(str(tmp_path / "s.yaml"), lookup=lambda n: idx.lookup(n, suggest=False).card)
    assert parsed == ['ostrom csapat "Vadonjáró Thorwald"'] * 2


def test_the_actions_key_covers_every_module_their_parser_runs(tmp_path: Path) -> None:
    from korbiro.rules.mk.timeline.scenario import ACTIONS_CODE

    deciding = _deciding_modules_run(tmp_path, "from korbiro.grammar.action import parse_action",
                                     "parse_action('leidéz \"Briar Sichetti\" által \"Garmacs\" célpont \"Wirg\" x 3')")
    assert deciding - set(ACTIONS_CODE) - {"base/errors.py", "base/findings.py"} == set(), \
        "add them to scenario.ACTIONS_CODE"
    assert all((ROOT / "korbiro" / rel).is_file() for rel in ACTIONS_CODE)


def test_another_yaml_parser_or_code_is_another_key(monkeypatch: pytest.MonkeyPatch) -> None:
    from korbiro.data import paths

    a = rulebook._Remembered("x", [b"one"]).entry
    monkeypatch.setattr(paths, "library_stamp", lambda name: b"another copy of " + name.encode())
    b = rulebook._Remembered("x", [b"one"]).entry
    monkeypatch.setattr(rulebook, "REMEMBERED_CODE", (*rulebook.REMEMBERED_CODE[:-1], "base/i18n.py"))
    c = rulebook._Remembered("x", [b"one"]).entry
    assert len({a, b, c}) == 3


def test_a_library_stamp_changes_with_its_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import sys

    from korbiro.data.paths import library_stamp

    lib = tmp_path / "lib" / "somelib_k16"
    lib.mkdir(parents=True)
    (lib / "__init__.py").write_text("X = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path / "lib"))
    first = library_stamp.__wrapped__("somelib_k16")
    (lib / "__init__.py").write_text("X = 22\n")
    os.utime(lib / "__init__.py", ns=(1, 1))
    assert library_stamp.__wrapped__("somelib_k16") != first
    assert library_stamp.__wrapped__("no_such_library_k16") == b"no_such_library_k16: not installed"
    assert "somelib_k16" not in sys.modules  # found, never imported
