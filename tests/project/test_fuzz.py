"""Structure-aware fuzzing of every input format, through the real command line (issue 15).

Set files, deck lists (text and YAML), scenarios, game states, EXXIT, XIG and
Zen positions and records, and card queries: every field of every seed is
replaced by a value of every YAML type, removed, duplicated, made huge, given
bytes that are not UTF-8 (:mod:`fuzzing`).  Nothing may exit 3, no traceback
may show, and every finding names its file and line.

The default run tries a sample of each format; ``python3 -m pytest -m fuzz``
tries every mutant up to :data:`FULL` per format, hypothesis's combinations of
several mutations, and a pass on a latin-1 terminal: more than 50,000 inputs.
The totals (inputs per format, exit-3s) are printed at the end of the run
and kept in pytest's cache under ``korbiro/fuzz-totals``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import fuzzing
import pytest
from clirun import run_main
from fuzzing import FORMATS, ROOT, check_all, hunt, judge, problems, run_mutant, sample, settle
from hypothesis import strategies as st
from shapes import Shaped

#: mutants per format in the default run, and in the fuzz run (scaled by KORBIRO_FUZZ_SCALE)
FAST = 40
FULL = 1500
#: the formats whose commands take longest on a mutant (a replayed game, a resolved scenario) try fewer in
#: the default run
FEWER = {"Zen records": 20, "game states": 20, "scenarios": 25, "Zen positions": 25}
#: hypothesis examples of combined mutations, and of queries from the language's parts, per run
COMBOS_FAST, COMBOS_FULL = 30, 800
QUERIES_FULL = 4000


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz-cache")


@pytest.fixture(autouse=True)
def _private_cache(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(cache))


def _assert_clean(failures: list[str]) -> None:
    assert failures == [], f"{len(failures)} bad outcome(s):\n" + "\n".join(failures[:40])


def test_the_formats_of_fewer_mutants_are_formats() -> None:
    assert set(FEWER) <= set(FORMATS)


@pytest.mark.parametrize("name", list(FORMATS))
def test_mutants(name: str, tmp_path: Path) -> None:
    fmt = FORMATS[name]
    _assert_clean(check_all(fmt, sample(fmt, FEWER.get(name, FAST)), tmp_path))


@pytest.mark.fuzz
@pytest.mark.timeout(1800)  # the dedicated run: long by design, and slower on a busy machine
@pytest.mark.parametrize("name", list(FORMATS))
def test_mutants_full(name: str, tmp_path: Path) -> None:
    fmt = FORMATS[name]
    _assert_clean(check_all(fmt, sample(fmt, fuzzing.scaled(FULL), seed=1), tmp_path))


@pytest.mark.parametrize("name", list(FORMATS))
def test_mutants_on_a_latin1_terminal(name: str, tmp_path: Path) -> None:
    fmt = FORMATS[name]
    _assert_clean(check_all(fmt, sample(fmt, 5, seed=2), tmp_path, encoding="latin-1"))


@pytest.mark.fuzz
@pytest.mark.timeout(1800)  # the dedicated run: long by design, and slower on a busy machine
@pytest.mark.parametrize("name", list(FORMATS))
def test_mutants_on_a_latin1_terminal_full(name: str, tmp_path: Path) -> None:
    fmt = FORMATS[name]
    _assert_clean(check_all(fmt, sample(fmt, fuzzing.scaled(100), seed=3), tmp_path, encoding="latin-1"))


# ------------------------------------------------------------------ hypothesis: several mutations at once

#: a mutant this large is not mutated further (korbiro refuses files over 5 MB unread; the fuzzer's own
#: memory would grow with each "repeated x2000" upon another)
_COMBINE_BELOW = 256 * 1024


@dataclass(frozen=True)
class Combined:
    """A seed of a format mutated several times: the format's name and the mutant (named by its seed)."""

    format: str
    mutant: Shaped

    def __repr__(self) -> str:
        return f"{self.format}: {self.mutant!r}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


def _combined(draw: st.DrawFn) -> Combined:
    name = draw(st.sampled_from(sorted(FORMATS)))
    path, data = draw(st.sampled_from(FORMATS[name].seed_texts()))
    labels = []
    for _ in range(draw(st.integers(1, 3))):
        if len(data) > _COMBINE_BELOW:
            break
        mutants = FORMATS[name].kind(data)
        label, data = mutants.mutant(draw(st.integers(0, len(mutants) - 1)))
        labels.append(label)
    return Combined(name, Shaped(data, str(path.relative_to(ROOT)), " + ".join(labels)))


combined = st.composite(_combined)


def _hunt_combined(folder: Path, examples: int) -> None:
    def check(case: Combined) -> list[fuzzing.Problem]:
        fmt = FORMATS[case.format]
        ran, path = run_mutant(fmt, folder, ROOT / case.mutant.name, case.mutant.data)
        fuzzing.TALLY.tried[fmt.name] += 1
        fuzzing.TALLY.exit3[fmt.name] += ran.code == 3
        return problems(ran, path)

    settle(hunt(combined(), check, examples))


def test_combined_mutations(tmp_path: Path) -> None:
    _hunt_combined(tmp_path, COMBOS_FAST)


@pytest.mark.fuzz
@pytest.mark.timeout(1800)  # the dedicated run: long by design, and slower on a busy machine
def test_combined_mutations_full(tmp_path: Path) -> None:
    _hunt_combined(tmp_path, fuzzing.scaled(COMBOS_FULL))


# ------------------------------------------------------------------ hypothesis: queries from the language's parts

_WORDS = st.sampled_from(["kincs", "tükör", "Wirg", "ő", "sárkány", "x", "", "NEAR(", "*", "^", "AND", "%", "_",
                          "'", '"', "\\", "٣", "\u200b", "\udcff", "9" * 30])
_FIELDS = st.sampled_from(["", "type:", "subtype:", "race:", "faj:", "set:", "kw:", "name:", "text:", "id:",
                           "mp", "dp", "level", "fal", "szint", "unknown:"])
_OPS = st.sampled_from(["", ":", "=", "<", "<=", ">", ">=", "!=", "=="])
_PART = st.builds(lambda neg, f, op, w, q: f"{neg}{f}{op}{q}{w}{q}", st.sampled_from(["", "-", "--"]), _FIELDS, _OPS,
                  _WORDS, st.sampled_from(["", '"', "'"]))
QUERIES = st.one_of(
    st.lists(st.one_of(_PART, st.sampled_from(["or", "vagy", "(", ")", "-", "and"])), max_size=12).map(" ".join),
    st.text(max_size=60),
)


def _hunt_queries(examples: int) -> None:
    def check(query: str) -> list[fuzzing.Problem]:
        ran = run_main(["card", "search", query, "--format", "json", "--explain"])
        fuzzing.TALLY.tried["queries (hypothesis)"] += 1
        fuzzing.TALLY.exit3["queries (hypothesis)"] += ran.code == 3
        return problems(ran, None)

    settle(hunt(QUERIES, check, examples))


def test_queries() -> None:
    _hunt_queries(100)


@pytest.mark.fuzz
@pytest.mark.timeout(1800)  # the dedicated run: long by design, and slower on a busy machine
def test_queries_full() -> None:
    _hunt_queries(fuzzing.scaled(QUERIES_FULL))


# ------------------------------------------------------------------ argv, file names and the terminal, for real

def _korbiro(*args: str | bytes, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "korbiro", *args], capture_output=True, cwd=ROOT, timeout=120,
                          env={**os.environ, **(env or {})})


_ONE_SEED = {name: fmt.seeds[0] for name, fmt in FORMATS.items() if not fmt.inline}


def _odd_copy(tmp_path: Path, name: str) -> tuple[fuzzing.Format, Path, bytes]:
    """The format's first seed copied into a folder (and a file) named with bytes that are not UTF-8."""
    fmt, seed = FORMATS[name], _ONE_SEED[name]
    folder = os.fsencode(tmp_path) + b"/d\xff\xfe"
    os.mkdir(folder)
    target = folder + b"/" + (os.fsencode(seed.name) if fmt.keep_name else b"f\xe9" + os.fsencode(seed.suffix))
    shutil.copyfile(seed, target)
    return fmt, seed, target


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses file names that are not UTF-8")
@pytest.mark.parametrize("name", list(_ONE_SEED))
def test_file_names_that_are_not_utf8(name: str, tmp_path: Path) -> None:
    """A folder and a file named with bytes that are not UTF-8: the same verdict, and the name as it is."""
    fmt, seed, target = _odd_copy(tmp_path, name)
    plain = run_main(fmt.argv(str(seed)))
    odd = run_main([a if a != str(seed) else os.fsdecode(target) for a in fmt.argv(str(seed))])
    assert judge(odd, None) == [] and odd.code == plain.code in (0, 1), odd.stderr
    if str(seed) in plain.stdout:  # where the name is shown: in JSON escaped, in text as it is
        assert "d\\udcff\\udcfe" in odd.stdout or "d\udcff\udcfe" in odd.stdout


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses file names that are not UTF-8")
def test_a_file_name_that_is_not_utf8_in_a_real_terminal(tmp_path: Path) -> None:
    fmt, seed, target = _odd_copy(tmp_path, "deck lists (text)")
    got = _korbiro("deck", "check", target)
    assert (got.returncode, got.stderr) == (1, b"")
    assert got.stdout.startswith(target + b": ILLEGAL")
    got = _korbiro("deck", "check", target, "--format", "json")
    assert b'"file": "' + os.fsencode(tmp_path) + b'/d\\udcff\\udcfe/f\\udce9.deck"' in got.stdout


_BYTE_ARGUMENTS = [
    ("card", "show", b"\xff"), ("card", "search", b"name:\xff"), ("card", "search", b"kincs\xc3("),
    ("rule", "show", b"1.02\xff"), ("keyword", b"KINCS\xff"), ("game", "variants", b"\xff"),
    ("deck", "check", "examples/decks/legal-limit3.deck", "--ruleset", b"\xff"),
    ("resolve", "examples/rulings/akcio-ikon.yaml", "--option", b"neutralised_to=\xff"),
    ("exxit", "moves", "examples/exxit/start.yaml", "-o", b"\xff=1"),
    ("zen", "moves", "examples/zen/position.yaml", "-o", b"ring_columns=\xff"),
    ("deck", "check", b"no-such-\xff.deck"), ("data", "check", b"/no/such/\xff"),
]


@pytest.mark.parametrize("args", _BYTE_ARGUMENTS)
def test_arguments_that_are_not_utf8(args: tuple[str | bytes, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    """As Python hands them over (``surrogateescape``): a usage error or no match, never exit 3."""
    monkeypatch.chdir(ROOT)
    got = run_main([os.fsdecode(a) for a in args])
    assert got.code in (1, 2) and judge(got, None) == [], got.stderr


@pytest.mark.parametrize("args", [_BYTE_ARGUMENTS[0], _BYTE_ARGUMENTS[1], _BYTE_ARGUMENTS[7]])
def test_arguments_that_are_not_utf8_for_real(args: tuple[str | bytes, ...]) -> None:
    got = _korbiro(*args)
    assert got.returncode in (1, 2), got.stderr.decode(errors="replace")
    assert b"Traceback" not in got.stderr and b"internal error" not in got.stderr


@pytest.mark.parametrize("args", [
    ("deck", "check", "examples/decks/illegal-size39.deck", "--lang", "hu"),
    ("card", "search", "őstűz", "--format", "json"),
    ("data", "check", "tests/bad_inputs/sets/keyword-wrong-type", "--lang", "hu"),
    ("resolve", "examples/rulings/akcio-ikon.yaml", "--lang", "hu"),
])
def test_a_latin1_terminal(args: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    """``PYTHONIOENCODING=latin-1``: what latin-1 has is written in it, the rest as ``\\u0151`` escapes."""
    monkeypatch.chdir(ROOT)
    utf8 = run_main(list(args))
    latin1 = _korbiro(*args, env={"PYTHONIOENCODING": "latin-1"})
    assert b"Traceback" not in latin1.stderr and latin1.returncode == utf8.code
    assert latin1.stdout == utf8.stdout.encode("latin-1", "backslashreplace")
