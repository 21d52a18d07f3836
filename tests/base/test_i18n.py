"""Every finding korbiro reports on the bad-input corpora reads in Hungarian too."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from layout import ROOT, TESTS

from korbiro.base.errors import DataError
from korbiro.base.findings import Finding
from korbiro.base.i18n import detect_lang
from korbiro.base.yamlload import load_yaml_file
from korbiro.data.check import check_database

BAD = TESTS / "bad_inputs"


def _yaml_findings() -> list[Finding]:
    out: list[Finding] = []
    for case in yaml.safe_load((BAD / "yaml" / "manifest.yaml").read_text("utf-8")):
        try:
            out.extend(load_yaml_file(BAD / "yaml" / case["file"], expect=case.get("expect", "mapping")).findings)
        except DataError as exc:
            out.extend(exc.findings)
    return out


def _set_findings() -> list[Finding]:
    out: list[Finding] = []
    for case in yaml.safe_load((BAD / "sets" / "manifest.yaml").read_text("utf-8")):
        out.extend(check_database([BAD / "sets" / case["case"]], use_cache=False).findings)
    return out


@pytest.mark.parametrize("source", [_yaml_findings, _set_findings], ids=["yaml", "sets"])
def test_every_corpus_finding_has_a_hungarian_text(source) -> None:  # type: ignore[no-untyped-def]
    findings = source()
    assert len(findings) >= 30
    untranslated = sorted({(f.code, f.message) for f in findings if f.text("hu") == f.text("en")})
    assert untranslated == []


def test_examples() -> None:
    f = Finding("YAML-DUPLICATE-KEY", "duplicate key 'id' (first at line 3)", args={"key": "id", "first": 3})
    assert (f.text("en"), f.text("hu")) == ("duplicate key 'id' (first at line 3)",
                                            "ismétlődő kulcs: 'id' (először a(z) 3. sorban)")
    # a code with several messages names its template (CODE.case) among the arguments
    tab = Finding("YAML-TAB", "tab character not allowed here; use spaces", args={"_template": "YAML-TAB.here"})
    assert tab.text("hu") == "itt nem állhat tabulátor; használj szóközt"
    # a finding without the arguments its template needs is said as it was made, never half translated
    assert Finding("YAML-DUPLICATE-KEY", "something new").text("hu") == "something new"


def test_the_hungarian_is_made_from_templates_not_read_off_the_english() -> None:
    """Why: the Hungarian was made by regular expressions over the English text; a message whose
    English changed shape (or a cached one, before the module registering its patterns was
    imported) came out in English."""
    import korbiro.base.yamlload as yamlload
    from korbiro.base import i18n

    assert not hasattr(i18n, "PATTERNS") and not hasattr(i18n, "register_patterns")
    with pytest.raises(DataError) as caught:
        yamlload.load_yaml_text("a: 1\na: 2\n", "x.yaml")
    f = caught.value.findings[0] if caught.value.findings else caught.value.to_finding()
    assert dict(f.args) == {"key": "a", "first": 1}
    assert f.render_text("hu") == "x.yaml:2:1: hiba YAML-DUPLICATE-KEY: ismétlődő kulcs: 'a' (először a(z) 1. sorban)"


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "hu_HU.UTF-8"}, "hu"), ({"LC_ALL": "hu_HU.UTF-8", "LANG": "C"}, "hu"),
    ({"LANG": "en_GB.UTF-8"}, "en"), ({}, "en"),
])
def test_locale(env: dict[str, str], lang: str) -> None:
    assert detect_lang(None, env) == lang


def test_a_cached_run_prints_the_same_hungarian_as_an_uncached_one(tmp_path: Path) -> None:
    """Why: ``--lang hu`` printed English after a cached English run, because a schema finding's
    Hungarian was registered when the schema module was imported and a cache hit skipped that import.
    Each run is a fresh process, as a user's is."""
    import os
    import shutil
    import subprocess
    import sys

    db = tmp_path / "cards"
    shutil.copytree(ROOT / "korbiro" / "data" / "mk" / "cards", db)
    text = (db / "MINTA.yaml").read_text("utf-8")
    text = text.replace("id: MINTA-001", "id: MINTA-1", 1).replace("fizikum: 3", "fizikum: 99", 1)
    (db / "MINTA.yaml").write_text(text, "utf-8")
    env = {**os.environ, "KORBIRO_CACHE_DIR": str(tmp_path / "cache")}

    def check(lang: str) -> str:
        ran = subprocess.run([sys.executable, "-m", "korbiro", "data", "check", str(db), "--lang", lang],
                             capture_output=True, text=True, env=env, timeout=120)
        assert ran.returncode == 1, ran.stderr
        return ran.stdout

    uncached = check("hu")
    check("en")  # fills the cache in English
    assert check("hu") == uncached
    assert f"{db / 'MINTA.yaml'}:15:9: hiba MK-DATA-PATTERN: $.cards[0].id (MINTA-1 lap): 'MINTA-1' nem illeszkedik " \
           "a(z) '^[A-Z0-9]+-[0-9]{3,4}[a-z]?$' mintára" in uncached.splitlines()
    assert "nagyobb a legnagyobb megengedett értéknél, 10)" in uncached
    assert "greater" not in uncached and "card MINTA" not in uncached


def test_a_schema_finding_is_said_in_one_language() -> None:
    """Why: some messages mixed both languages (``'9' nem a whole number``)."""
    from korbiro.base.yamlload import load_yaml_text
    from korbiro.data.schema import iter_schema_findings

    text = (ROOT / "korbiro" / "data" / "mk" / "cards" / "MINTA.yaml").read_text("utf-8")
    doc = load_yaml_text(text.replace("level: 3", 'level: "9"', 1).replace("level: 5", "level: 05", 1), "MINTA.yaml")
    got = [(f.line, f.text("en"), f.text("hu")) for f in iter_schema_findings(doc)]
    assert got == [
        (21, "$.cards[0].level (card MINTA-001): '9' is not a whole number (a number is written without quotes)",
         "$.cards[0].level (MINTA-001 lap): '9' nem egész szám (a számot idézőjel nélkül írd)"),
        (47, "$.cards[1].level (card MINTA-002): '05' is not a whole number (a whole number has no leading zeros)",
         "$.cards[1].level (MINTA-002 lap): '05' nem egész szám (egész szám nem kezdődhet nullával)"),
    ]
