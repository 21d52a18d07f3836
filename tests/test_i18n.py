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

    assert "YAML-DUPLICATE-KEY" not in getattr(i18n, "PATTERNS", {})
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
