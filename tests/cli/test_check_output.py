"""What ``data check`` prints, byte for byte, whichever way it runs (issue 25).

A check runs three ways: checked without click (``korbiro/cli/answers.py``),
replayed from its stored answer, or by the click command (``--no-cache``,
``--formats``, a progress bar).  For the same standard output the three print
the same bytes, in every output format: on a standard output whose encoding
lacks a character, that character as its ``\\uXXXX`` escape (korbiro's rule
for every terminal, ``korbiro.cli.printable_streams``), and a file name that
is not UTF-8 as its bytes in text (as ``ls`` shows it), escaped in JSON.
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
from sample import SHIPPED_CARDS

from korbiro.data.paths import shipped_db_path

FORMATS = ["text", "json", "github"]


pytestmark = pytest.mark.usefixtures("private_cache")


def _three_ways(args: list[str], encoding: str = "utf-8") -> list[tuple[int, str, str]]:
    """The check checked (no answer stored yet), replayed, and run by the click command."""
    runs = [run_main(args, encoding=encoding), run_main(args, encoding=encoding),
            run_main([*args, "--no-cache"], encoding=encoding)]
    return [(r.code, r.stdout, r.stderr) for r in runs]


# ------------------------------------------------------------------ a file name that is not UTF-8

@pytest.fixture
def odd_name(tmp_path: Path) -> Path:
    """A folder holding the sample as a set file named ``\\xff.yaml``."""
    folder = tmp_path / "db"
    folder.mkdir()
    shutil.copyfile(shipped_db_path() / "MINTA.yaml", os.fsencode(folder) + b"/\xff.yaml")
    return folder


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses file names that are not UTF-8")
@pytest.mark.parametrize("fmt", FORMATS)
def test_a_set_file_named_with_a_byte_that_is_not_utf8(odd_name: Path, fmt: str) -> None:
    name = f"{odd_name}/\udcff.yaml"  # as the name reads back from the bytes printed: the byte 0xff itself
    said = "set code 'MINTA' does not match the file name '\\udcff'"
    want = {
        "text": f"{name}:8:9: error MK-DATA-SET-FILE-MISMATCH: {said}\n"
                f"1 file(s), {SHIPPED_CARDS} card(s): 1 error(s), 0 warning(s)\n",
        "github": f"::error file={name},line=8,col=9,title=MK-DATA-SET-FILE-MISMATCH::{said}\n",
    }
    runs = _three_ways(["data", "check", str(odd_name), "--format", fmt])
    assert runs == [runs[0]] * 3
    code, out, err = runs[0]
    assert (code, err) == (1, "")
    if fmt == "json":
        assert f'"{odd_name}/\\udcff.yaml"' in out  # escaped: the JSON stays UTF-8
        got = json.loads(out)
        assert (got["files"], [f["message"] for f in got["findings"]]) == ([name], [said.replace("\\\\", "\\")])
    else:
        assert out == want[fmt]


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses file names that are not UTF-8")
def test_a_set_file_named_with_a_byte_that_is_not_utf8_for_real(odd_name: Path, tmp_path: Path) -> None:
    env = {**os.environ, "KORBIRO_CACHE_DIR": str(tmp_path / "cache"), "PYTHONIOENCODING": "utf-8"}
    runs = [subprocess.run([sys.executable, "-m", "korbiro", "data", "check", str(odd_name), *more],
                           capture_output=True, env=env, cwd=ROOT, timeout=120) for more in ([], [], ["--no-cache"])]
    assert [(r.returncode, r.stdout, r.stderr) for r in runs] == [(1, runs[0].stdout, b"")] * 3
    assert runs[0].stdout.startswith(os.fsencode(odd_name) + b"/\xff.yaml:8:9: error MK-DATA-SET-FILE-MISMATCH")


# ------------------------------------------------------------------ a standard output that is not UTF-8

@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """The sample with an MP of ``ö``: a finding that quotes a character ASCII lacks."""
    folder = tmp_path / "db"
    folder.mkdir()
    text = (shipped_db_path() / "MINTA.yaml").read_text("utf-8")
    (folder / "MINTA.yaml").write_text(text.replace("    mp: 3\n", '    mp: "ö"\n', 1), "utf-8")
    return folder


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_an_ascii_standard_output_gets_the_same_escapes_every_way(broken: Path, fmt: str, lang: str) -> None:
    runs = _three_ways(["data", "check", str(broken), "--format", fmt, "--lang", lang], encoding="ascii")
    assert runs == [runs[0]] * 3
    code, out, err = runs[0]
    assert (code, err) == (1, "")
    assert out.isascii() and "'\\u00f6'" in out
    if fmt == "json":
        said = {"en": "'ö' does not match the pattern '^([1-9][0-9]*)?X$'",
                "hu": "'ö' nem illeszkedik a(z) '^([1-9][0-9]*)?X$' mintára"}
        assert json.loads(out)["findings"][0]["message"].endswith(said[lang])  # the escapes are JSON's own
    if fmt == "text":
        assert out.splitlines()[-1] == (f"1 file(s), {SHIPPED_CARDS} card(s): 1 error(s), 0 warning(s)" if lang == "en"
                                        else f"1 f\\u00e1jl, {SHIPPED_CARDS} lap: 1 hiba, 0 figyelmeztet\\u00e9s")


def test_an_ascii_standard_output_gets_the_same_escapes_every_way_for_real(broken: Path, tmp_path: Path) -> None:
    env = {**os.environ, "KORBIRO_CACHE_DIR": str(tmp_path / "cache"), "PYTHONIOENCODING": "ascii"}
    for fmt in FORMATS:
        runs = [subprocess.run([sys.executable, "-m", "korbiro", "data", "check", str(broken), "--lang", "hu",
                                "--format", fmt, *more], capture_output=True, env=env, cwd=ROOT, timeout=120)
                for more in ([], [], ["--no-cache"])]
        assert [(r.returncode, r.stdout, r.stderr) for r in runs] == [(1, runs[0].stdout, b"")] * 3, fmt
        assert runs[0].stdout.isascii() and b"'\\u00f6'" in runs[0].stdout
