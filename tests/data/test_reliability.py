"""Never a stale or damaged answer, never an internal error on a full disk (issue 15).

Each test here failed before the fix it guards: the racy index, the damaged
index, the full or unwritable cache, output paths that are not regular files,
the findings cap, the XDG rules.  The caches are private to each test.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clirun import run_main
from layout import ROOT, TESTS
from sample import SHIPPED_CARDS

from korbiro.data.index import open_index

START = str(ROOT / "examples" / "exxit" / "start.yaml")


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "cache"
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(cache))
    return cache


def _whole_second(st: os.stat_result) -> os.stat_result:
    """*st* as a file system that keeps times to the second shows it (ext4 with small inodes, FAT, NFS)."""
    extra = {k: getattr(st, k) for k in ("st_atime", "st_mtime", "st_ctime", "st_blksize", "st_blocks", "st_rdev")}
    mtime = st.st_mtime_ns // 1_000_000_000 * 1_000_000_000
    extra.update(st_atime_ns=mtime, st_mtime_ns=mtime, st_ctime_ns=mtime)
    return os.stat_result(list(st)[:10], extra)


@pytest.fixture
def whole_seconds(db_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Make the files of *db_dir* show whole-second times, their change time included (which no
    ``os.utime`` can set), to every ``stat`` korbiro makes."""
    real_stat, real_fstat = os.stat, os.fstat
    inside = str(db_dir)

    def stat_(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        st = real_stat(path, *args, **kwargs)
        name = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else ""
        return _whole_second(st) if os.path.abspath(name).startswith(inside) else st

    def fstat_(fd):  # type: ignore[no-untyped-def]
        st = real_fstat(fd)
        try:
            name = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            return st
        return _whole_second(st) if name.startswith(inside) else st

    monkeypatch.setattr(os, "stat", stat_)
    monkeypatch.setattr(os, "fstat", fstat_)
    return db_dir


def _edit_within_the_second(path: Path, old: str, new: str) -> None:
    """A same-size edit whose times, to the second, are those of the last one."""
    assert len(old.encode()) == len(new.encode())
    text = path.read_text("utf-8")
    assert old in text
    second = int(time.time())
    path.write_text(text.replace(old, new), encoding="utf-8")
    os.utime(path, ns=(second * 1_000_000_000, second * 1_000_000_000))


# ------------------------------------------------------------------ 1. a stale answer that stays

@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to simulate whole-second times")
def test_same_second_same_size_edit_is_seen_by_card_show_and_deck_check(whole_seconds: Path, tmp_path: Path) -> None:
    db = whole_seconds
    set_file = db / "MINTA.yaml"
    _edit_within_the_second(set_file, "name: Wirg\n", "name: Wirg\n")  # times now in this second
    assert run_main(["card", "show", "Wirg", "--db", str(db)]).code == 0
    _edit_within_the_second(set_file, "name: Wirg\n", "name: Wirk\n")
    shown = run_main(["card", "show", "Wirk", "--db", str(db)])
    assert (shown.code, shown.stdout.splitlines()[0]) == (0, "Wirk  (MINTA-045)")
    assert run_main(["card", "show", "Wirg", "--db", str(db)]).code == 1
    deck = tmp_path / "one.deck"
    deck.write_text("Pakli:\n1 Wirk\n", encoding="utf-8")
    checked = run_main(["deck", "check", str(deck), "--db", str(db), "--format", "json"])
    assert "MK-DECK-UNKNOWN-CARD" not in [f["code"] for f in json.loads(checked.stdout)["findings"]]


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to simulate whole-second times")
def test_same_second_edit_is_seen_by_data_check(whole_seconds: Path) -> None:
    """data check keys its cache on the bytes it read (this held before issue 15 too)."""
    db = whole_seconds
    set_file = db / "MINTA.yaml"
    assert run_main(["data", "check", str(db)]).code == 0
    _edit_within_the_second(set_file, "    level: 1\n", "    level: X\n")
    got = run_main(["data", "check", str(db), "--format", "json"])
    assert got.code == 1
    assert {f["code"] for f in json.loads(got.stdout)["findings"]} == {"MK-DATA-TYPE"}


def test_a_cache_entry_damaged_into_another_answer_is_not_served(_private_cache: Path, tmp_path: Path) -> None:
    """A flipped digit leaves an entry valid JSON with another line number: its seal no longer matches."""
    from korbiro.data.check import check_database

    folder = tmp_path / "set"
    shutil.copytree(TESTS / "bad_inputs" / "sets" / "missing-level", folder)
    first = check_database([folder])
    assert [f.line for f in first.findings] == [3]
    for entry in (_private_cache / "check").rglob("*.json"):
        data = entry.read_bytes()
        assert b'"line": 3,' in data
        entry.write_bytes(data.replace(b'"line": 3,', b'"line": 4,'))
    again = check_database([folder])
    assert [r.cached for r in again.files] == [False]
    assert [f.line for f in again.findings] == [3]


def test_an_old_file_is_remembered_not_read(db_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file whose times lie safely in the past is proved unchanged by its stat alone."""
    from korbiro.base import fsutil
    from korbiro.data import sources

    real_clock = fsutil._clock_ns
    monkeypatch.setattr(fsutil, "_clock_ns", lambda: real_clock() + 60 * 1_000_000_000)  # read a minute later
    first = open_index([db_dir])
    reads: list[Path] = []
    real = sources.read_source
    monkeypatch.setattr(sources, "read_source", lambda p: reads.append(Path(p)) or real(p))
    again = open_index([db_dir])
    assert (again.path, reads) == (first.path, [])


def test_a_file_changed_just_now_is_read_again(db_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from korbiro.data import sources

    open_index([db_dir])  # the file was copied a moment ago: within any granularity of the read
    reads: list[Path] = []
    real = sources.read_source
    monkeypatch.setattr(sources, "read_source", lambda p: reads.append(Path(p)) or real(p))
    open_index([db_dir])
    assert reads == [db_dir / "MINTA.yaml"]


def test_index_key_and_content_come_from_one_read(db_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit between hashing the files and indexing them is not indexed under the old key."""
    import korbiro.data.index as index_module

    path = db_dir / "MINTA.yaml"
    original = path.read_text("utf-8")
    real_key = index_module.index_key
    edited: list[bool] = []

    def key_then_edit(*args, **kwargs):  # type: ignore[no-untyped-def]
        key = real_key(*args, **kwargs)
        if not edited:
            edited.append(True)
            path.write_text(original.replace("name: Wirg\n", "name: Wirk\n"), encoding="utf-8")
        return key

    monkeypatch.setattr(index_module, "index_key", key_then_edit)
    open_index([db_dir]).close()
    monkeypatch.setattr(index_module, "index_key", real_key)
    path.write_text(original, encoding="utf-8")  # back to the bytes the first key was hashed from
    idx = open_index([db_dir])
    assert idx.lookup("Wirg").card is not None
    assert idx.lookup("Wirk").card is None


# ------------------------------------------------------------------ 2. a damaged index stays damaged

def _zero_page_holding(path: Path, needle: bytes) -> int:
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    at = data.find(needle)
    assert at > page, "the needle must lie past the first page"
    n = at // page
    data[n * page:(n + 1) * page] = bytes(page)
    path.write_bytes(bytes(data))
    return n


def _integrity(path: str) -> str:
    conn = sqlite3.connect(path)
    try:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        conn.close()


def test_a_zeroed_page_is_rebuilt_with_a_note(db_dir: Path) -> None:
    idx = open_index([db_dir])
    idx.close()
    _zero_page_holding(Path(idx.path), "Aktivizáláskor a kezdeményező csapat".encode())
    got = run_main(["card", "show", "tukorutveszto", "--db", str(db_dir)])
    assert got.code == 0
    assert got.stdout.splitlines()[0] == "Tükörútvesztő  (MINTA-042)"
    notes = got.stderr.splitlines()
    assert len(notes) == 1 and notes[0].startswith(f"korbiro: note: the card index {idx.path!r} is damaged (")
    assert notes[0].endswith("); rebuilding it")
    assert _integrity(idx.path) == "ok"
    again = run_main(["card", "search", "tükör", "--db", str(db_dir)])
    assert (again.code, again.stderr) == (0, "")


def test_a_zeroed_page_found_by_search_and_deck_check(db_dir: Path, tmp_path: Path) -> None:
    idx = open_index([db_dir])
    idx.close()
    _zero_page_holding(Path(idx.path), "Aktivizáláskor a kezdeményező csapat".encode())
    got = run_main(["card", "search", "name:tükörútvesztő", "--db", str(db_dir), "--format", "json"])
    assert got.code == 0 and [c["id"] for c in json.loads(got.stdout)["cards"]] == ["MINTA-042"]
    assert "is damaged" in got.stderr


def test_a_damaged_header_is_rebuilt_with_a_note(db_dir: Path) -> None:
    idx = open_index([db_dir])
    idx.close()
    data = bytearray(Path(idx.path).read_bytes())
    data[:4096] = bytes(4096)
    Path(idx.path).write_bytes(bytes(data))
    got = run_main(["card", "show", "Wirg", "--db", str(db_dir)])
    assert got.code == 0 and got.stdout.startswith("Wirg  (MINTA-045)")
    assert got.stderr == f"korbiro: note: the card index {idx.path!r} is damaged (no SQLite header); rebuilding it\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_fifos_planted_in_the_cache_never_hang(db_dir: Path, _private_cache: Path) -> None:
    idx = open_index([db_dir])
    idx.close()
    os.unlink(idx.path)
    os.mkfifo(idx.path)
    digests = _private_cache / "index" / "digests.json"
    if digests.exists():
        digests.unlink()
    os.mkfifo(digests)
    got = run_main(["card", "show", "Wirg", "--db", str(db_dir)])
    assert got.code == 0 and got.stdout.startswith("Wirg  (MINTA-045)")
    assert got.stderr == f"korbiro: note: the card index {idx.path!r} is damaged (it is a fifo, not a file); rebuilding it\n"
    assert stat.S_ISREG(os.lstat(idx.path).st_mode)


def test_data_index_verifies_what_it_serves(db_dir: Path) -> None:
    idx = open_index([db_dir])
    idx.close()
    _zero_page_holding(Path(idx.path), "Aktivizáláskor a kezdeményező csapat".encode())
    got = run_main(["data", "index", str(db_dir)])
    assert got.code == 0
    assert got.stdout.startswith(f"{SHIPPED_CARDS} card(s) indexed in {idx.path}, verified (")
    assert "is damaged" in got.stderr
    assert _integrity(idx.path) == "ok"
    got = run_main(["data", "index", str(db_dir), "--format", "json"])
    assert (got.code, json.loads(got.stdout)["verified"], got.stderr) == (0, True, "")


def test_the_hungarian_note(db_dir: Path) -> None:
    idx = open_index([db_dir])
    idx.close()
    Path(idx.path).write_bytes(b"\0" * 8192)
    got = run_main(["deck", "check", str(ROOT / "examples/decks/legal-limit3.deck"), "--lang", "hu"])
    assert got.code == 0  # the shipped database: this index was not it
    got = run_main(["deck", "check", str(ROOT / "examples/decks/legal-limit3.deck"), "--db", str(db_dir),
                    "--lang", "hu"])
    assert got.code == 0
    assert got.stderr == (f"korbiro: megjegyzés: a kártyaindex ({idx.path!r}) sérült (no SQLite header); "
                          "újraépítem\n")


# ------------------------------------------------------------------ 3. a full disk, an unwritable cache

def _files_in(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_a_full_disk_while_indexing_is_no_internal_error(db_dir: Path, _private_cache: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite itself reports the disk full (``max_page_count``), as it does when the disk fills up."""
    real = sqlite3.connect

    def connect(database, *args, **kwargs):  # type: ignore[no-untyped-def]
        conn = real(database, *args, **kwargs)
        if str(database) != ":memory:" and not kwargs.get("uri"):
            conn.execute("PRAGMA max_page_count = 3")
        return conn

    monkeypatch.setattr(sqlite3, "connect", connect)
    got = run_main(["card", "show", "Wirg", "--db", str(db_dir)])
    assert got.code == 0 and got.stdout.startswith("Wirg  (MINTA-045)")
    assert got.stderr == (f"korbiro: note: cannot write the cache folder {str(_private_cache)!r} "
                          "(database or disk is full); going on without it\n")
    leftovers = [name for name in _files_in(_private_cache) if not name.endswith("digests.json")]
    assert leftovers == []  # no index, no temporary file, no journal


def test_no_space_for_cache_entries(db_dir: Path, _private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full_disk(real):  # type: ignore[no-untyped-def]
        def write(self: Path, *args, **kwargs):  # type: ignore[no-untyped-def]
            if str(self).startswith(str(_private_cache)):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(self, *args, **kwargs)
        return write

    monkeypatch.setattr(Path, "write_text", full_disk(Path.write_text))
    monkeypatch.setattr(Path, "write_bytes", full_disk(Path.write_bytes))
    got = run_main(["data", "check", str(db_dir)])
    assert (got.code, got.stdout) == (0, f"1 file(s), {SHIPPED_CARDS} card(s): 0 error(s), 0 warning(s)\n")
    assert got.stderr == (f"korbiro: note: cannot write the cache folder {str(_private_cache)!r} "
                          "(No space left on device); going on without it\n")
    assert _files_in(_private_cache) == []


def test_a_read_only_cache_that_holds_the_index_serves_quietly(db_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import korbiro.data.cache as cache_module
    from korbiro.base import fsutil

    open_index([db_dir]).close()
    real_clock = fsutil._clock_ns
    monkeypatch.setattr(fsutil, "_clock_ns", lambda: real_clock() + 60 * 1_000_000_000)  # the memo would change

    def read_only(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(cache_module, "write_atomic", read_only)
    got = run_main(["card", "show", "Wirg", "--db", str(db_dir)])
    assert (got.code, got.stderr) == (0, "")
    assert got.stdout.startswith("Wirg  (MINTA-045)")


@pytest.mark.parametrize("where", ["/dev/full", "a-file"])
def test_cache_folder_that_is_a_device_or_a_file(where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if where == "a-file":
        where = str(tmp_path / "a-file")
        Path(where).write_text("not a folder", encoding="utf-8")
    elif not os.path.exists(where):
        pytest.skip("no /dev/full here")
    monkeypatch.setenv("KORBIRO_CACHE_DIR", where)
    got = run_main(["card", "show", "tukorutveszto"])
    assert got.code == 0 and got.stdout.startswith("Tükörútvesztő  (MINTA-042)")
    lines = got.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"korbiro: note: cannot write the cache folder {where!r} (")
    got = run_main(["data", "check", "--lang", "hu"])
    assert got.code == 0 and got.stderr.startswith(f"korbiro: megjegyzés: a gyorsítótár mappája ({where!r}) nem írható")


_KILLED_BUILD = """
import sys, time
import korbiro.data.index as index
real = index._fill
def slow(conn, db, key):
    real(conn, db, key)
    print("filled", flush=True)
    time.sleep(120)
index._fill = slow
index.open_index([sys.argv[1]])
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_killed_build_leaves_nothing_behind(db_dir: Path, _private_cache: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-c", _KILLED_BUILD, str(db_dir)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "KORBIRO_CACHE_DIR": str(_private_cache)})
    assert proc.stdout is not None
    with proc.stdout:
        assert proc.stdout.readline() == "filled\n"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    index_dir = _private_cache / "index"
    assert [p.name for p in index_dir.iterdir() if p.name.endswith(".tmp")]  # what the kill left
    idx = open_index([db_dir])
    assert len(idx) == SHIPPED_CARDS
    assert sorted(p.name for p in index_dir.iterdir() if p.name != "digests.json") == [Path(idx.path).name]


def test_a_live_writers_temporary_is_left_alone(_private_cache: Path) -> None:
    from korbiro.base.fsutil import atomic_path, remove_stale_temporaries

    folder = _private_cache / "index"
    folder.mkdir(parents=True)
    with atomic_path(folder / "x.sqlite") as tmp:
        tmp.write_bytes(b"in progress")
        assert remove_stale_temporaries(folder) == []
        assert tmp.exists()
    old = folder / ".y.sqlite.abc123.tmp"  # an older korbiro's, a day and more ago
    old.write_bytes(b"x")
    os.utime(old, (time.time() - 2 * 86400,) * 2)
    assert remove_stale_temporaries(folder) == [old.name]


# ------------------------------------------------------------------ 4. output files

def _mknod(path: Path) -> bool:
    try:
        os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # a node like /dev/null's
    except (OSError, AttributeError):
        return False
    return True


@pytest.mark.parametrize("kind", ["symlink", "fifo", "device", "directory", "dangling-symlink"])
def test_svg_refuses_what_is_not_a_regular_file(kind: str, tmp_path: Path) -> None:
    target = tmp_path / "out.svg"
    other = tmp_path / "other.svg"
    other.write_text("keep", encoding="utf-8")
    if kind == "symlink":
        target.symlink_to(other)
    elif kind == "dangling-symlink":
        target.symlink_to(tmp_path / "nowhere.svg")
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "device":
        if not _mknod(target):
            pytest.skip("cannot make a device node here")
    else:
        target.mkdir()
    before = os.lstat(target)
    got = run_main(["exxit", "show", START, "--svg", str(target)])
    names = {"symlink": "a symbolic link", "dangling-symlink": "a symbolic link", "fifo": "a FIFO",
             "device": "a device", "directory": "a directory"}
    assert got.code == 2
    assert got.stderr == f"Error: {str(target)!r} is {names[kind]}; korbiro writes only to regular files\n"
    assert got.stdout == ""
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert other.read_text("utf-8") == "keep"


def test_svg_empty_path_is_a_usage_error() -> None:
    got = run_main(["exxit", "show", START, "--svg", ""])
    assert (got.code, got.stdout, got.stderr) == (2, "", "Error: the output path is empty\n")


def test_svg_over_a_regular_file_is_atomic_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.svg"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o644)
    got = run_main(["exxit", "show", START, "--svg", str(target)])
    assert got.code == 0 and got.stderr == f"wrote {target}\n"
    assert target.read_text("utf-8").startswith("<svg")
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "out.svg"] or \
        sorted(p.name for p in tmp_path.iterdir()) == ["out.svg"]


def test_svg_in_hungarian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    target = tmp_path / "d"
    target.mkdir()
    got = run_main(["exxit", "show", START, "--svg", str(target)])
    assert got.code == 2 and got.stderr == f"Hiba: {str(target)!r} mappa; a korbiro csak közönséges fájlba ír\n"


# ------------------------------------------------------------------ 6. findings capped

def test_data_check_caps_findings_per_file(tmp_path: Path) -> None:
    db = tmp_path / "big"
    db.mkdir()
    lines = ["set: {code: HIBA, name: Hiba}", "cards: []"] + [f"k{i:06d}: 1" for i in range(50_000)]
    (db / "HIBA.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    got = run_main(["data", "check", str(db), "--no-cache"])
    out = got.stdout.splitlines()
    assert got.code == 1 and len(out) == 1002
    assert out[999] == f"{db / 'HIBA.yaml'}:1002:10: error MK-DATA-UNKNOWN-FIELD: $: unknown field 'k000999'"
    assert out[1000] == (f"{db / 'HIBA.yaml'}:1003:10: note FINDINGS-NOT-SHOWN: 49000 more finding(s) from this line "
                         "on not shown (--max-findings 1000; 0 shows all)")
    assert out[1001] == "1 file(s), 0 card(s): 50000 error(s), 0 warning(s)"


def test_the_cap_in_json_in_hungarian_and_off(tmp_path: Path) -> None:
    lines = ["set: {code: HIBA, name: Hiba}", "cards: []"] + [f"k{i:04d}: 1" for i in range(2000)]
    (tmp_path / "HIBA.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    got = run_main(["data", "check", str(tmp_path), "--max-findings", "3", "--format", "json", "--lang", "hu"])
    data = json.loads(got.stdout)
    assert [f["code"] for f in data["findings"]] == ["MK-DATA-UNKNOWN-FIELD"] * 3 + ["FINDINGS-NOT-SHOWN"]
    assert data["findings"][3]["message"] == "innen további 1997 problémát nem írok ki (--max-findings 3; a 0 mindet kiírja)"
    assert (data["findings"][3]["line"], data["not_shown"], data["counts"]["error"]) == (6, 1997, 2000)
    got = run_main(["data", "check", str(tmp_path), "--max-findings", "0", "--format", "github"])
    assert len(got.stdout.splitlines()) == 2000


def test_unknown_true_names_hint_on_a_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each did-you-mean hint compares with every card name: a budget keeps thousands of them linear."""
    import difflib

    import korbiro.data.check as check_module
    from korbiro.data.check import check_database

    monkeypatch.setattr(check_module, "HINT_BUDGET", 20)  # the budget of a smaller file
    budget = 20
    cards = "".join(
        f"  - id: HIBA-{i:04d}\n    name: Lap {i}\n    type: akciólap\n    mp: 1\n    text: |\n      IGAZ NÉV – Nincs {i}\n"
        for i in range(budget + 30))
    (tmp_path / "HIBA.yaml").write_text("set: {code: HIBA, name: Hiba}\ncards:\n" + cards, encoding="utf-8")
    calls: list[str] = []
    real = difflib.get_close_matches
    monkeypatch.setattr(difflib, "get_close_matches", lambda word, *a, **k: calls.append(word) or real(word, *a, **k))
    report = check_database([tmp_path], use_cache=False)
    unknown = [f for f in report.findings if f.code == "MK-DATA-UNKNOWN-TRUE-NAME"]
    assert len(unknown) == budget + 30
    assert len([w for w in calls if w.startswith("nincs")]) == budget


def test_deck_check_caps_findings(tmp_path: Path) -> None:
    deck = tmp_path / "many.deck"
    deck.write_text("Pakli:\n" + "".join(f"1 Nincs ilyen lap {i}\n" for i in range(30)), encoding="utf-8")
    got = run_main(["deck", "check", str(deck), "--max-findings", "5"])
    lines = got.stdout.splitlines()
    assert got.code == 1
    assert lines[-1].startswith(f"{deck}:") and "note FINDINGS-NOT-SHOWN: " in lines[-1]
    assert len(lines) == 1 + 5 + 1


# ------------------------------------------------------------------ 7. XDG

def test_relative_xdg_cache_home_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from korbiro.data.paths import cache_dir

    work, home = tmp_path / "work", tmp_path / "home"
    work.mkdir()
    home.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.delenv("KORBIRO_CACHE_DIR")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert cache_dir() == home / ".cache" / "korbiro"
    got = run_main(["card", "show", "Wirg"])
    assert got.code == 0
    assert list(work.iterdir()) == []
    assert (home / ".cache" / "korbiro" / "index").is_dir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "korbiro"


def test_running_commands_in_process_leaves_no_file_open() -> None:
    """Found by the long fuzz run (tens of thousands of commands in one process): ``main()`` froze
    every object at its end, so the card index each command opened was never collected and its
    file stayed open until the process ran out of descriptors."""
    import gc

    def open_files() -> int:
        gc.collect()
        return len(os.listdir("/proc/self/fd"))

    if not os.path.isdir("/proc/self/fd"):
        pytest.skip("needs /proc/self/fd")
    run_main(["deck", "check", str(ROOT / "examples" / "decks" / "legal-limit3.deck")])
    before = open_files()
    for _ in range(10):
        assert run_main(["deck", "check", str(ROOT / "examples" / "decks" / "legal-limit3.deck")]).code == 0
        assert run_main(["card", "show", "Wirg"]).code == 0
    assert open_files() == before
