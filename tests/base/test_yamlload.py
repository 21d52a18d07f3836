"""The strict YAML loader: the bad-input corpus, scalar semantics, marks, files, properties.

The corpus lives in ``tests/bad_inputs/yaml/``: one small file per bad input and
``manifest.yaml`` giving the expected code, line, column and a message fragment
for each.  Every corpus case runs against libyaml and the pure-Python parser.
Deep-nesting and bomb cases run in a subprocess, so that a crash could not take
pytest down with it.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layout import TESTS

from korbiro.base import yamlload
from korbiro.base.errors import DataError
from korbiro.base.findings import Severity
from korbiro.base.yamlload import YamlDocument, load_yaml_file, load_yaml_text

CORPUS = TESTS / "bad_inputs" / "yaml"
MANIFEST: list[dict[str, Any]] = yaml.safe_load(
    (CORPUS / "manifest.yaml").read_text(encoding="utf-8")
)
BACKENDS = ["libyaml", "python"] if yamlload.BACKEND == "libyaml" else ["python"]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the test once per event parser (libyaml, and the pure-Python fallback)."""
    monkeypatch.setattr(yamlload, "BACKEND", request.param)
    return str(request.param)


def load_error(source: str | bytes, *, expect: str = "mapping", path: str = "t.yaml") -> DataError:
    """The DataError that loading *source* raises (fails the test when it loads)."""
    with pytest.raises(DataError) as info:
        load_yaml_text(source, path, expect=expect)
    return info.value


# --------------------------------------------------------------------------- the corpus


def test_manifest_lists_every_corpus_file() -> None:
    listed = [case["file"] for case in MANIFEST]
    assert len(listed) == len(set(listed))
    on_disk = sorted(p.name for p in CORPUS.iterdir() if p.name != "manifest.yaml")
    assert sorted(listed) == on_disk
    assert len(listed) >= 30


@pytest.mark.parametrize("case", MANIFEST, ids=[case["file"] for case in MANIFEST])
def test_corpus_file(case: dict[str, Any], backend: str) -> None:
    path = CORPUS / case["file"]
    with pytest.raises(DataError) as info:
        load_yaml_file(path, expect=case.get("expect", "mapping"))
    err = info.value
    assert (err.code, err.line, err.column) == (case["code"], case["line"], case["column"])
    assert case["message"] in err.message
    assert str(err).startswith(f"{path}:{case['line']}:{case['column']}: ")
    head = err.findings[0]
    assert (head.code, head.line, head.column, head.message) == (
        err.code,
        err.line,
        err.column,
        err.message,
    )
    assert all(f.severity is Severity.ERROR and f.file == str(path) for f in err.findings)
    found = [(f.code, f.line, f.column) for f in err.findings]
    assert found == sorted(found, key=lambda f: (f[1], f[2]))
    for code, line, column in case.get("also", []):
        assert (code, line, column) in found
    assert len(found) == 1 + len(case.get("also", []))


@pytest.mark.parametrize("case", MANIFEST, ids=[case["file"] for case in MANIFEST])
def test_corpus_bytes_and_file_agree(case: dict[str, Any]) -> None:
    raw = (CORPUS / case["file"]).read_bytes()
    err = load_error(raw, expect=case.get("expect", "mapping"), path="mem.yaml")
    assert (err.code, err.line, err.column) == (case["code"], case["line"], case["column"])


def test_every_duplicate_key_is_reported() -> None:
    err = load_error("a: 1\nb: 2\na: 3\nc:\n  x: 1\n  x: 2\nb: 4\n")
    assert [(f.code, f.line, f.column) for f in err.findings] == [
        ("YAML-DUPLICATE-KEY", 3, 1),
        ("YAML-DUPLICATE-KEY", 6, 3),
        ("YAML-DUPLICATE-KEY", 7, 1),
    ]
    assert [f.message for f in err.findings] == [
        "duplicate key 'a' (first at line 1)",
        "duplicate key 'x' (first at line 5)",
        "duplicate key 'b' (first at line 2)",
    ]


def test_problems_of_different_kinds_are_collected() -> None:
    err = load_error("a: !t 1\n1: x\nb: 123456789012345678901234567890123\nb: 2\n<<: {}\n")
    assert [(f.code, f.line, f.column) for f in err.findings] == [
        ("YAML-TAG", 1, 4),
        ("YAML-KEY-TYPE", 2, 1),
        ("YAML-NUMBER-TOO-LONG", 3, 4),
        ("YAML-DUPLICATE-KEY", 4, 1),
        ("YAML-MERGE", 5, 1),
    ]


def test_a_syntax_error_keeps_the_problems_found_before_it() -> None:
    err = load_error("a: 1\na: 2\nb: [1,\n")
    assert [f.code for f in err.findings] == ["YAML-DUPLICATE-KEY", "YAML-SYNTAX"]


def test_one_finding_for_all_anchors_and_aliases() -> None:
    err = load_error((CORPUS / "billion-laughs.yaml").read_bytes())
    assert [(f.code, f.line, f.column) for f in err.findings] == [("YAML-ALIAS", 1, 4)]


def test_repeated_findings_are_capped() -> None:
    err = load_error("".join("a: 1\n" for _ in range(1000)))
    assert len(err.findings) == yamlload.MAX_REPEATS
    err = load_error(b"\x01" * 1000)
    assert len(err.findings) == yamlload.MAX_REPEATS


def test_tags_are_never_constructed(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a tag was executed")

    monkeypatch.setattr(os, "system", forbidden)
    err = load_error("a: !!python/object/apply:os.system ['true']\nb: !!python/name:os.system\n")
    assert [f.code for f in err.findings] == ["YAML-TAG", "YAML-TAG"]


# --------------------------------------------------------------------------- scalar semantics


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("true", True),
        ("false", False),
        ("null", None),
        ("~", None),
        ("", None),
        ("0", 0),
        ("-0", 0),
        ("42", 42),
        ("-17", -17),
        (str(10**29), 10**29),
        ("NO", "NO"),
        ("no", "no"),
        ("yes", "yes"),
        ("on", "on"),
        ("off", "off"),
        ("True", "True"),
        ("NULL", "NULL"),
        ("012", "012"),
        ("+1", "+1"),
        ("1.10", "1.10"),
        ("1e3", "1e3"),
        (".inf", ".inf"),
        (".nan", ".nan"),
        ("1:30", "1:30"),
        ("1_000", "1_000"),
        ("0x1F", "0x1F"),
        ("0o17", "0o17"),
        ("2024-05-01", "2024-05-01"),
        ("2024-02-30", "2024-02-30"),
        ("٣", "٣"),
        ("²", "²"),
        ("X", "X"),
        ("'true'", "true"),
        ('"42"', "42"),
        ("''", ""),
        ('"null"', "null"),
        ("KINCSKERESÉS 2", "KINCSKERESÉS 2"),
        ("|\n  KINCSKERESÉS 2\n  NEMES NYELV", "KINCSKERESÉS 2\nNEMES NYELV\n"),
        (">-\n  egy\n  ketto", "egy ketto"),
    ],
)
def test_scalar_values(source: str, value: Any, backend: str) -> None:
    data = load_yaml_text(f"v: {source}\n").data["v"]
    assert data == value
    assert type(data) is type(value)


def test_keys_stay_text() -> None:
    doc = load_yaml_text("yes: 1\nno: 2\non: 3\n'1': 4\n012: 5\n1.5: 6\n2024-01-01: 7\n")
    assert doc.data == {"yes": 1, "no": 2, "on": 3, "1": 4, "012": 5, "1.5": 6, "2024-01-01": 7}


def test_quoted_merge_key_is_an_ordinary_key() -> None:
    assert load_yaml_text("'<<': x\n").data == {"<<": "x"}


def test_root_types(backend: str) -> None:
    assert load_yaml_text("- a\n- 1\n", expect="sequence").data == ["a", 1]
    assert load_yaml_text("just text\n", expect="any").data == "just text"
    assert load_yaml_text("[1]", expect="any").data == [1]
    err = load_error("- a\n")
    assert err.message == "expected a mapping at top level, got a list"
    assert (err.line, err.column) == (1, 1)
    err = load_error("# header\n\n42\n")
    assert (err.message, err.line, err.column) == (
        "expected a mapping at top level, got an integer",
        3,
        1,
    )
    err = load_error("true", expect="sequence")
    assert err.message == "expected a list at top level, got a boolean"


def test_empty_is_an_error_whatever_is_expected() -> None:
    for expect, tail in (
        ("mapping", " (expected a mapping)"),
        ("sequence", " (expected a list)"),
        ("any", ""),
    ):
        err = load_error("# nothing\n\n", expect=expect)
        assert (err.code, err.message, err.line, err.column) == (
            "FILE-EMPTY",
            f"file is empty{tail}",
            1,
            1,
        )


def test_depth_64_is_accepted() -> None:
    doc = load_yaml_text("[" * 64 + "]" * 64, expect="any")
    marks_depth = max(len(p) for p in doc.marks)
    assert marks_depth == 63
    err = load_error("[" * 65 + "]" * 65, expect="any")
    assert (err.code, err.line, err.column) == ("YAML-DEPTH", 1, 65)


def test_number_of_30_digits_is_an_integer() -> None:
    assert load_yaml_text("n: " + "9" * 30).data["n"] == int("9" * 30)
    assert load_yaml_text("n: -" + "9" * 30).data["n"] == -int("9" * 30)
    assert load_yaml_text("n: '" + "9" * 40 + "'").data["n"] == "9" * 40
    assert load_error("n: -" + "9" * 31).code == "YAML-NUMBER-TOO-LONG"
    assert load_error("n: +" + "9" * 31).code == "YAML-NUMBER-TOO-LONG"
    assert load_yaml_text("n: 1" + "0" * 40 + ".5").data["n"] == "1" + "0" * 40 + ".5"
    assert load_error("n: " + "0" * 31).code == "YAML-NUMBER-TOO-LONG"


# --------------------------------------------------------------------------- syntax hints


@pytest.mark.parametrize(
    ("source", "code", "line", "column", "fragment"),
    [
        ("power: *\n", "YAML-SYNTAX", 1, 8, "quote '*'"),
        ("text: * bullet\n", "YAML-SYNTAX", 1, 7, "quote '* bullet'"),
        ("power: &\n", "YAML-SYNTAX", 1, 8, "quote '&'"),
        ("text: Draw a card: then discard\n", "YAML-SYNTAX", 1, 18, "quote values containing ': '"),
        ("a: 1\n b: 2\n", "YAML-SYNTAX", 2, 3, "check the indentation"),
        ("text: @home\n", "YAML-SYNTAX", 1, 7, "quote '@home'"),
        ("card:\n\tname: A\n", "YAML-TAB", 2, 1, "tabs are not allowed for indentation"),
        (
            "card:\n  name: A\n \ttype: B\n",
            "YAML-TAB",
            3,
            2,
            "tabs are not allowed for indentation",
        ),
        ("a: b\n\tc\n", "YAML-TAB", 2, 1, "tabs are not allowed for indentation"),
        ("a: |\n\tx\n", "YAML-TAB", 2, 1, "tabs are not allowed for indentation"),
        ("text: *bold* text\n", "YAML-SYNTAX", 1, 7, "quote '*bold* text'"),
        ("text: *bold\n", "YAML-ALIAS", 1, 7, "quote the value if '*' is text"),
        ("text: !fontos\n", "YAML-TAG", 1, 7, "quote the value if '!' is text"),
        ("text: &more\n", "YAML-ALIAS", 1, 7, "quote the value if '&' is text"),
        ("a: [1, 2\n", "YAML-SYNTAX", 2, 1, "while parsing a flow sequence at line 1 col 4"),
    ],
)
def test_syntax_errors_have_positions_and_hints(
    source: str, code: str, line: int, column: int, fragment: str, backend: str
) -> None:
    err = load_error(source)
    assert (err.code, err.line, err.column) == (code, line, column)
    assert fragment in err.message


def test_multi_document_reported_at_second_marker() -> None:
    err = load_error("---\na: 1\n...\n---\nb: 2\n")
    assert (err.code, err.message, err.line, err.column) == (
        "YAML-MULTI-DOC",
        "only one YAML document per file",
        4,
        1,
    )
    assert load_yaml_text("---\na: 1\n...\n").data == {"a": 1}


# --------------------------------------------------------------------------- marks


SET_FILE = """\
set: {code: MINTA, name: Mintakészlet}
cards:
  - id: MINTA-001   # first
    name: Briar Sichetti
    mp: 3
    text: |
      KINCSKERESÉS 2
  - id: MINTA-002
    tags: [a, b]
    empty:
"""


def test_marks_point_at_each_value(backend: str) -> None:
    doc = load_yaml_text(SET_FILE, "MINTA.yaml")
    assert isinstance(doc, YamlDocument)
    assert doc.path == "MINTA.yaml"
    assert doc.marks[()] == (1, 1)
    assert doc.marks[("set",)] == (1, 6)
    assert doc.marks[("set", "name")] == (1, 26)
    assert doc.marks[("cards",)] == (3, 3)
    assert doc.marks[("cards", 0)] == (3, 5)
    assert doc.marks[("cards", 0, "id")] == (3, 9)
    assert doc.marks[("cards", 0, "mp")] == (5, 9)
    assert doc.marks[("cards", 0, "text")] == (6, 11)
    assert doc.marks[("cards", 1, "tags", 1)] == (9, 15)
    assert ("cards", 1, "empty") in doc.marks
    assert doc.data["cards"][1]["empty"] is None
    assert doc.mark(("cards", 1, "tags", 1)) == (9, 15)
    assert doc.mark(("cards", 1, "colour")) == (8, 5)
    assert doc.mark(("nope", 3)) == (1, 1)
    assert doc.findings == []


def test_crlf_bom_and_missing_final_newline_keep_positions() -> None:
    lf = load_yaml_text(SET_FILE)
    variants = [
        SET_FILE.replace("\n", "\r\n"),
        "\ufeff" + SET_FILE,
        SET_FILE.rstrip("\n"),
        SET_FILE.replace("\n", "\r"),
    ]
    for text in variants:
        for source in (
            text,
            text.encode("utf-8"),
            b"\xef\xbb\xbf" + text.lstrip("\ufeff").encode("utf-8"),
        ):
            doc = load_yaml_text(source)
            assert doc.data == lf.data
            assert doc.marks == lf.marks


def test_errors_after_crlf_and_bom_have_true_positions() -> None:
    err = load_error(b"\xef\xbb\xbfa: 1\r\nb: 2\r\nb: 3")
    assert (err.code, err.line, err.column) == ("YAML-DUPLICATE-KEY", 3, 1)
    err = load_error(b"a: 1\r\nb: x\xc2\x85y\r\n")
    assert (err.code, err.message, err.line, err.column) == (
        "FILE-CONTROL-CHAR",
        "control character U+0085 not allowed",
        2,
        5,
    )


def test_invalid_utf8_reports_line_column_and_offset() -> None:
    err = load_error(b"a: 1\nname: K\xc3\xa1rty\xe1\n")
    assert err.code == "FILE-ENCODING"
    assert "not valid UTF-8 at line 2 col 12 (byte offset 17)" in err.message
    assert (err.line, err.column) == (2, 12)
    err = load_error(b"\xef\xbb\xbfa: \xff\n")
    assert "not valid UTF-8 at line 1 col 4 (byte offset 6)" in err.message


def test_lone_surrogate_in_text_input() -> None:
    err = load_error("a: \ud800\n")
    assert (err.code, err.line, err.column) == ("FILE-CONTROL-CHAR", 1, 4)
    assert "U+D800" in err.message


# --------------------------------------------------------------------------- the comment lint


@pytest.mark.parametrize(
    ("source", "column"),
    [
        ("text: Deal 3 damage #burn\n", 21),
        ("text: Sebez 3-at # minden lényre\n", 18),
        ("mp: 3 #note\n", 7),
        ("- Kártya #2\n", 10),
    ],
)
def test_comment_inside_text_warns(source: str, column: int, backend: str) -> None:
    doc = load_yaml_text(source, expect="any")
    assert [(f.code, f.severity, f.line, f.column) for f in doc.findings] == [
        ("YAML-COMMENT-IN-VALUE", Severity.WARNING, 1, column)
    ]
    assert "comment inside text? quote the value" in doc.findings[0].message


@pytest.mark.parametrize(
    "source",
    [
        "mp: 3   # MP value\n",
        "id: MINTA-001 # first card\n",
        "name: Briar Sichetti     # printed name\n",
        'text: "Deal 3 damage #burn"\n',
        "text: Deal 3 damage#burn\n",
        "# a comment # with a hash\na: 1\n",
        "text: |\n  Deal 3 damage #burn\n",
        "a: 1 # x\n",
    ],
)
def test_ordinary_comments_do_not_warn(source: str) -> None:
    assert load_yaml_text(source).findings == []


def test_hash_inside_block_scalar_is_kept() -> None:
    assert load_yaml_text("text: |\n  Deal 3 damage #burn\n").data == {
        "text": "Deal 3 damage #burn\n"
    }


# --------------------------------------------------------------------------- files


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nincs.yaml"
    with pytest.raises(DataError) as info:
        load_yaml_file(path)
    assert info.value.code == "FILE-NOT-FOUND"
    assert str(path) in str(info.value)
    with pytest.raises(DataError) as info:
        load_yaml_file(tmp_path / "nincs" / "x.yaml")
    assert info.value.code == "FILE-NOT-FOUND"


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(DataError) as info:
        load_yaml_file(tmp_path)
    assert info.value.code == "FILE-IS-DIRECTORY"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
@pytest.mark.timeout(10)
def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "cards.yaml"
    os.mkfifo(fifo)
    with pytest.raises(DataError) as info:
        load_yaml_file(fifo)
    assert info.value.code == "FILE-NOT-REGULAR"
    assert "FIFO" in info.value.message


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.timeout(10)
def test_devices_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError) as info:
        load_yaml_file("/dev/zero")
    assert info.value.code == "FILE-NOT-REGULAR"
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    with pytest.raises(DataError) as info:
        load_yaml_file(link)
    assert info.value.code == "FILE-NOT-REGULAR"


def test_too_large_file_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.yaml"
    with open(big, "wb") as fh:
        fh.truncate(50 * 1024 * 1024)  # sparse: costs no disk

    def no_open(*args: Any, **kwargs: Any) -> int:
        raise AssertionError("a too-large file was opened")

    monkeypatch.setattr(os, "open", no_open)
    with pytest.raises(DataError) as info:
        load_yaml_file(big)
    assert (info.value.code, info.value.message) == ("FILE-TOO-LARGE", "file exceeds 5 MB limit")


def test_size_limit_is_inclusive(tmp_path: Path) -> None:
    body = b"a: 1\n" + b"#" * (yamlload.MAX_BYTES - 6) + b"\n"
    assert len(body) == yamlload.MAX_BYTES
    path = tmp_path / "edge.yaml"
    path.write_bytes(body)
    assert load_yaml_file(path).data == {"a": 1}
    path.write_bytes(body + b"\n")
    with pytest.raises(DataError) as info:
        load_yaml_file(path)
    assert info.value.code == "FILE-TOO-LARGE"
    assert load_error(body + b"\n").code == "FILE-TOO-LARGE"
    assert load_error((body + b"\n").decode()).code == "FILE-TOO-LARGE"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads anything")
def test_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "secret.yaml"
    path.write_text("a: 1\n")
    path.chmod(0)
    try:
        with pytest.raises(DataError) as info:
            load_yaml_file(path)
        assert info.value.code == "FILE-UNREADABLE"
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_file_and_text_give_the_same_document(tmp_path: Path) -> None:
    path = tmp_path / "MINTA.yaml"
    path.write_text(SET_FILE, encoding="utf-8")
    from_file = load_yaml_file(path)
    assert from_file.path == str(path)
    assert from_file.data == load_yaml_text(SET_FILE).data
    assert from_file.marks == load_yaml_text(SET_FILE).marks


def test_bad_expect_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="expect"):
        load_yaml_text("a: 1", expect="dict")


# --------------------------------------------------------------------------- bombs, in a subprocess

BOMBS = {
    "flow-100k": ("'[' * 100_000", "YAML-DEPTH", 1, 65),
    "flow-mapping-100k": ("'a: ' + '{a: ' * 100_000", "YAML-DEPTH", 1, 256),
    "block-compact-100k": ("'- ' * 100_000 + 'x'", "YAML-DEPTH", 1, 129),
    "block-indented": ("''.join('  ' * i + '- \\n' for i in range(1500))", "YAML-DEPTH", 65, 129),
    "mapping-keys-100k": ("'? ' * 100_000 + 'x'", "YAML-KEY-TYPE", 1, 3),
    "billion-laughs": (repr((CORPUS / "billion-laughs.yaml").read_text()), "YAML-ALIAS", 1, 4),
    "int-5000-digits": ("'n: ' + '9' * 5000", "YAML-NUMBER-TOO-LONG", 1, 4),
    "int-1-MB": ("'n: ' + '9' * 1_000_000", "YAML-NUMBER-TOO-LONG", 1, 4),
}

CHILD = """
import resource, sys
from korbiro.base import yamlload
from korbiro.base.errors import DataError
yamlload.BACKEND = {backend!r}
text = {expr}
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    yamlload.load_yaml_text(text, 'bomb.yaml', expect='any')
    print('loaded')
except DataError as err:
    print(err.code, err.line, err.column)
grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(grown // 1024)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="uses the resource module")
@pytest.mark.parametrize("name", list(BOMBS))
@pytest.mark.parametrize("which", BACKENDS)
@pytest.mark.timeout(60)
def test_bombs_in_subprocess(name: str, which: str) -> None:
    expr, code, line, column = BOMBS[name]
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CHILD.format(backend=which, expr=expr))],
        capture_output=True,
        text=True,
        timeout=50,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    result, grown_mb = proc.stdout.splitlines()
    assert result == f"{code} {line} {column}"
    assert int(grown_mb) < 64, f"memory grew by {grown_mb} MB"


# --------------------------------------------------------------------------- properties

YAMLISH = st.text(
    alphabet=st.sampled_from(
        list("ab01 -:#&*!|>'\"[]{},?\n\t\\%@`~.\r") + ["\u0085", "é", "\ufeff", "\x00"]
    ),
    max_size=60,
)


def _only_data_errors(source: str | bytes, expect: str) -> None:
    try:
        doc = load_yaml_text(source, "fuzz.yaml", expect=expect)
    except DataError as err:
        assert err.findings
        assert all(f.line is None or f.line >= 1 for f in err.findings)
        assert all(f.column is None or f.column >= 1 for f in err.findings)
        return
    assert isinstance(doc, YamlDocument)
    assert () in doc.marks
    assert all(f.severity is Severity.WARNING for f in doc.findings)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200), st.sampled_from(["mapping", "sequence", "any"]))
def test_arbitrary_text_only_raises_data_error(text: str, expect: str) -> None:
    _only_data_errors(text, expect)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_only_raise_data_error(raw: bytes) -> None:
    _only_data_errors(raw, "any")


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(YAMLISH)
def test_yaml_like_text_only_raises_data_error(backend: str, text: str) -> None:
    _only_data_errors(text, "any")


SAFE_TEXT = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="\ufeff\ufffe\uffff"
    ),
    max_size=20,
)
DATA = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**20), max_value=10**20) | SAFE_TEXT,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(SAFE_TEXT, children, max_size=4)
    ),
    max_leaves=25,
)


def _plain_data(value: Any, depth: int = 1) -> bool:
    """True when *value* nests at most MAX_DEPTH collections."""
    if isinstance(value, dict):
        return depth <= yamlload.MAX_DEPTH and all(
            _plain_data(v, depth + 1) for v in value.values()
        )
    if isinstance(value, list):
        return depth <= yamlload.MAX_DEPTH and all(_plain_data(v, depth + 1) for v in value)
    return True


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(DATA, st.sampled_from([None, True, False]), st.booleans())
def test_safe_dump_round_trips(backend: str, data: Any, flow: bool | None, unicode: bool) -> None:
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=unicode)
    assert _plain_data(data)
    doc = load_yaml_text(text, expect="any")
    assert doc.data == data
    assert doc.findings == []
    doc = load_yaml_text(text.encode("utf-8"), expect="any")
    assert doc.data == data


@pytest.mark.fuzz
@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(DATA, st.sampled_from([None, True, False]), st.booleans())
def test_safe_dump_round_trips_long(backend: str, data: Any, flow: bool | None, unicode: bool) -> None:
    test_safe_dump_round_trips.hypothesis.inner_test(backend=backend, data=data, flow=flow, unicode=unicode)
