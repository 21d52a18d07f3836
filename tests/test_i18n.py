"""Every finding korbiro reports on the bad-input corpora reads in Hungarian too."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from korbiro.base.errors import DataError
from korbiro.base.findings import Finding
from korbiro.base.i18n import detect_lang
from korbiro.base.yamlload import load_yaml_file
from korbiro.data.check import check_database

BAD = Path(__file__).parent / "bad_inputs"


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
    assert Finding("YAML-DUPLICATE-KEY", "duplicate key 'id' (first at line 3)").text("hu") == \
        "ismétlődő kulcs: 'id' (először a(z) 3. sorban)"
    assert Finding("YAML-TAB", "tabs are not allowed for indentation").text("hu") == \
        "behúzáshoz nem használható tabulátor"
    # an unknown shape falls back to English rather than failing
    assert Finding("YAML-TAB", "something new").text("hu") == "something new"


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "hu_HU.UTF-8"}, "hu"), ({"LC_ALL": "hu_HU.UTF-8", "LANG": "C"}, "hu"),
    ({"LANG": "en_GB.UTF-8"}, "en"), ({}, "en"),
])
def test_locale(env: dict[str, str], lang: str) -> None:
    assert detect_lang(None, env) == lang
