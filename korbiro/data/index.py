"""The compiled card index: SQLite behind every card lookup.

Parsing thousands of YAML cards on every command is too slow for a command
people run in a loop, so korbiro compiles a card database once into a SQLite
file (Python's own ``sqlite3``, no server) and answers lookups from it:

* the index lives in the cache folder (``$KORBIRO_CACHE_DIR``, else
  ``$XDG_CACHE_HOME/korbiro``, else ``~/.cache/korbiro``), named by a hash of
  the set files' contents and korbiro's own rule files, so it is rebuilt when a
  source changes and never served stale;
* it is built into a temporary file and renamed into place, and a file that
  is not a complete index (truncated, damaged, another version's) is rebuilt,
  never crashed on;
* only a database without errors is indexed: ``open_index`` raises the
  database's :class:`~korbiro.base.errors.DataError` otherwise.

    >>> idx = open_index()                     # doctest: +SKIP
    >>> idx.lookup("tukorutveszto").card.id    # doctest: +SKIP
    'MINTA-042'
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ..base.fsutil import atomic_path, write_atomic
from ..base.text import fold
from .cards import Card, CardDatabase, Lookup, kinds_of
from .paths import cache_dir, code_digest, default_db_path, discover

SCHEMA_VERSION = 4
KEEP_INDEXES = 8

_DDL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cards (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    id_fold TEXT NOT NULL,
    name TEXT NOT NULL,
    name_fold TEXT NOT NULL,
    kind TEXT NOT NULL,
    type TEXT NOT NULL,
    subtype TEXT,
    mp TEXT,
    mp_num INTEGER,
    dp INTEGER,
    level INTEGER,
    fal INTEGER,
    race TEXT,
    set_code TEXT NOT NULL,
    file TEXT,
    line INTEGER,
    text TEXT NOT NULL,
    text_fold TEXT NOT NULL,
    attrs TEXT NOT NULL,
    keyword_text TEXT NOT NULL,
    keyword_keys TEXT NOT NULL,
    true_names TEXT NOT NULL,
    keyword_summary TEXT NOT NULL,
    behaviour TEXT
);
CREATE INDEX cards_name ON cards(name);
CREATE INDEX cards_name_fold ON cards(name_fold);
CREATE INDEX cards_id_fold ON cards(id_fold);
CREATE INDEX cards_kind ON cards(kind);
-- the card search language (korbiro.grammar.query): its filters and the values it resolves
CREATE INDEX cards_type ON cards(type);
CREATE INDEX cards_subtype ON cards(subtype);
CREATE INDEX cards_race ON cards(race);
CREATE INDEX cards_set ON cards(set_code);
CREATE INDEX cards_mp ON cards(mp_num);
CREATE INDEX cards_dp ON cards(dp);
CREATE INDEX cards_level ON cards(level);
CREATE INDEX cards_fal ON cards(fal);
CREATE INDEX cards_behaviour ON cards(behaviour);
CREATE TABLE keywords (
    card INTEGER NOT NULL REFERENCES cards(rowid),
    keyword TEXT NOT NULL,
    keyword_fold TEXT NOT NULL,
    value INTEGER,
    rule TEXT,
    line TEXT NOT NULL
);
CREATE INDEX keywords_keyword ON keywords(keyword_fold, value);
CREATE VIRTUAL TABLE cards_fts USING fts5(
    name, text, content='', tokenize='unicode61 remove_diacritics 2'
);
"""

_COLUMNS = ("rowid, id, name, type, subtype, mp, dp, text, set_code, file, line, attrs, keyword_text, "
            "keyword_keys, true_names, kind, keyword_summary")


class CardIndex:
    """A read-only card database answered from a compiled SQLite index.

    It offers what :class:`~korbiro.data.cards.CardDatabase` offers for lookups
    (``lookup``, ``suggest``, ``kind_of``, ``[id or name]``, iteration), reading
    only the rows a command needs.
    """

    def __init__(self, conn: sqlite3.Connection, path: str, key: str) -> None:
        self.conn = conn
        self.path = path
        self.key = key
        self._names: dict[str, str] | None = None

    def close(self) -> None:
        self.conn.close()

    def __len__(self) -> int:
        return int(self.conn.execute("SELECT count(*) FROM cards").fetchone()[0])

    def __iter__(self) -> Iterator[Card]:
        for row in self.conn.execute(f"SELECT {_COLUMNS} FROM cards ORDER BY rowid"):
            yield _card(row)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._exact(key) is not None

    def __getitem__(self, key: str) -> Card:
        card = self._exact(key)
        if card is None:
            raise KeyError(key)
        return card

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self)

    def _exact(self, key: str) -> Card | None:
        row = self.conn.execute(f"SELECT {_COLUMNS} FROM cards WHERE id = ? OR name = ? ORDER BY id = ? DESC LIMIT 1",
                                (key, key, key)).fetchone()
        return _card(row) if row else None

    def lookup(self, query: str, *, suggest: bool = True) -> Lookup:
        """Find a card by id or name, ignoring accents, case and spacing (as ``CardDatabase.lookup``)."""
        exact = self._exact(query)
        if exact is not None:
            return Lookup(query, exact)
        f = fold(query)
        rows = self.conn.execute(f"SELECT {_COLUMNS} FROM cards WHERE name_fold = ? OR id_fold = ? ORDER BY rowid",
                                 (f, f)).fetchall()
        if len(rows) == 1:
            return Lookup(query, _card(rows[0]), folded=True)
        if len(rows) > 1:
            return Lookup(query, None, ambiguous=tuple(_card(r) for r in rows))
        return Lookup(query, None, suggestions=self.suggest(query) if suggest else [])

    def suggest(self, query: str, n: int = 3) -> list[str]:
        """Printed names close to *query* (accent- and case-insensitive)."""
        if self._names is None:
            self._names = {fold(name): name for (name,) in self.conn.execute("SELECT name FROM cards ORDER BY name")}
        close = difflib.get_close_matches(fold(query), list(self._names), n=n, cutoff=0.6)
        return [self._names[c] for c in close]

    def kind_of(self, card: Card) -> str:
        """The folded name standing for *card*'s kind (cards joined by IGAZ NÉV, 2.02)."""
        row = self.conn.execute("SELECT kind FROM cards WHERE id = ?", (card.id,)).fetchone()
        return str(row[0]) if row else fold(card.name)

    def database(self) -> CardDatabase:
        """Every card in memory, for batch work (thousands of deck checks)."""
        db = CardDatabase(self)
        kinds = dict(self.conn.execute("SELECT name_fold, kind FROM cards"))
        db._kinds = kinds
        return db

    def select(self, where: str, params: Sequence[Any] = (), order: str = "rowid",
               limit: int | None = None) -> list[Card]:
        """Cards matching a parameterised SQL condition over the ``cards`` table (for the query language)."""
        sql = f"SELECT {_COLUMNS} FROM cards WHERE {where} ORDER BY {order}"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return [_card(r) for r in self.conn.execute(sql, tuple(params))]


def _card(row: Sequence[Any]) -> Card:
    (_rowid, cid, name, ctype, subtype, mp, dp, text, set_code, file, line, attrs, kw_text, kw_keys,
     true_names, _kind, summary) = row
    return Card(
        cid, name, ctype, subtype, json.loads(mp) if mp is not None else None, dp, text, None, set_code, file, line,
        json.loads(attrs), keyword_keys=json.loads(kw_keys), true_names=json.loads(true_names),
        keyword_source=kw_text, keyword_summary=json.loads(summary),
    )


# ----------------------------------------------------------------- building


def index_key(files: Iterable[Path]) -> str:
    """The content hash that names an index: korbiro's rule files plus every set file's path and bytes."""
    h = hashlib.sha256(b"korbiro-index\0")
    h.update(str(SCHEMA_VERSION).encode())
    h.update(code_digest())
    digests = _Digests(index_dir() / "digests.json")
    for path in files:
        h.update(os.path.abspath(path).encode("utf-8", "surrogateescape"))
        h.update(b"\0")
        h.update(digests.of(Path(path)))
    digests.save()
    return h.hexdigest()


class _Digests:
    """File digests remembered by their full stat signature, so unchanged files are not read again.

    The signature holds the size, inode and both the modification and the
    change time in nanoseconds: any write to a file changes its ctime, which no
    tool can set back, so a remembered digest is never stale.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.changed = False
        try:
            self.known: dict[str, list[Any]] = json.loads(path.read_text("utf-8"))
            if not isinstance(self.known, dict):
                self.known = {}
        except (OSError, ValueError):
            self.known = {}

    def of(self, path: Path) -> bytes:
        key = os.path.abspath(path)
        try:
            st = path.stat()
        except OSError as exc:
            return repr(exc).encode()
        sig = [st.st_size, st.st_ino, st.st_mtime_ns, st.st_ctime_ns]
        got = self.known.get(key)
        if isinstance(got, list) and len(got) == 2 and got[0] == sig and isinstance(got[1], str):
            return bytes.fromhex(got[1])
        try:
            digest = hashlib.sha256(path.read_bytes()).digest()
        except OSError as exc:
            return repr(exc).encode()
        self.known[key] = [sig, digest.hex()]
        self.changed = True
        return digest

    def save(self) -> None:
        if not self.changed:
            return
        if len(self.known) > 10_000:  # forget the oldest half rather than grow without end
            self.known = dict(list(self.known.items())[len(self.known) // 2:])
        try:
            write_atomic(self.path, json.dumps(self.known), make_parents=True)
        except OSError:
            pass


def index_dir() -> Path:
    return cache_dir() / "index"


def open_index(paths: Iterable[str | os.PathLike[str]] | None = None, *, rebuild: bool = False) -> CardIndex:
    """The index of a card database (default: ``$KORBIRO_DB``, else the shipped one), built when needed.

    Raises :class:`~korbiro.base.errors.UsageError` for a path that does not exist
    and :class:`~korbiro.base.errors.DataError` when the database has errors.
    """
    files = discover([default_db_path()] if not paths else paths)
    key = index_key(files)
    target = index_dir() / f"{key[:32]}.sqlite"
    if not rebuild and target.exists():
        idx = _open_existing(target, key)
        if idx is not None:
            return idx
    return build_index(files, target, key)


def _open_existing(target: Path, key: str) -> CardIndex | None:
    try:
        conn = sqlite3.connect(f"file:{target}?mode=ro", uri=True)
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("key") != key or meta.get("schema") != str(SCHEMA_VERSION) or meta.get("complete") != "1":
            conn.close()
            return None
        if conn.execute("SELECT count(*) FROM cards").fetchone()[0] != int(meta.get("cards", -1)):
            conn.close()
            return None
        return CardIndex(conn, str(target), key)
    except (sqlite3.DatabaseError, ValueError, OSError):
        return None


def build_index(files: Sequence[Path], target: Path, key: str) -> CardIndex:
    """Compile the set files into a fresh index at *target* (atomically); in memory if it cannot be written."""
    # lazy: a command served by a fresh index never imports the checker
    from .check import load_database

    db = load_database(files)
    try:
        with atomic_path(target, make_parents=True) as tmp:
            conn = sqlite3.connect(tmp)
            try:
                _fill(conn, db, key)
            finally:
                conn.close()
    except OSError:  # the cache folder cannot be written: an index in memory serves this run
        conn = sqlite3.connect(":memory:")
        _fill(conn, db, key)
        return CardIndex(conn, ":memory:", key)
    _prune(target.parent, keep=target)
    idx = _open_existing(target, key)
    if idx is None:  # pragma: no cover - the file we just wrote is unreadable
        conn = sqlite3.connect(":memory:")
        _fill(conn, db, key)
        return CardIndex(conn, ":memory:", key)
    return idx


def _fill(conn: sqlite3.Connection, db: CardDatabase, key: str) -> None:
    kinds = kinds_of(db.cards)
    conn.executescript(_DDL)
    rows = []
    kw_rows = []
    fts_rows = []
    for rowid, c in enumerate(db.cards, start=1):
        keywords = c.keywords
        kw_text = "\n".join(k.render() for k in keywords)
        mp_num = c.mp if isinstance(c.mp, int) and not isinstance(c.mp, bool) else None
        rows.append((
            rowid, c.id, fold(c.id), c.name, fold(c.name), kinds.get(fold(c.name), fold(c.name)), c.type, c.subtype,
            json.dumps(c.mp), mp_num, c.dp, _int(c.attrs.get("level")), _int(c.attrs.get("fal")),
            c.attrs.get("race") if isinstance(c.attrs.get("race"), str) else None, c.set, c.file, c.line, c.text,
            fold(c.text), json.dumps(dict(c.attrs), ensure_ascii=False, default=str), kw_text,
            json.dumps(sorted(c.keyword_keys), ensure_ascii=False), json.dumps(list(c.true_names), ensure_ascii=False),
            json.dumps([list(x) for x in c.keyword_summary()], ensure_ascii=False),
            " ".join(c.behaviour.kinds()) or None,
        ))
        for k in keywords:
            if k.keyword:
                value = getattr(k, "value", None)
                if not isinstance(value, int):
                    value = getattr(k, "level", None) if isinstance(getattr(k, "level", None), int) else None
                kw_rows.append((rowid, k.keyword, fold(k.keyword), value, k.rule, k.render()))
        fts_rows.append((rowid, c.name, c.text))
    conn.executemany(f"INSERT INTO cards VALUES ({', '.join('?' * 25)})", rows)
    conn.executemany("INSERT INTO keywords VALUES (?, ?, ?, ?, ?, ?)", kw_rows)
    conn.executemany("INSERT INTO cards_fts(rowid, name, text) VALUES (?, ?, ?)", fts_rows)
    conn.executemany("INSERT INTO meta VALUES (?, ?)", [
        ("key", key), ("schema", str(SCHEMA_VERSION)), ("cards", str(len(rows))), ("complete", "1"),
    ])
    conn.commit()


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _prune(folder: Path, keep: Path) -> None:
    """Keep the newest few indexes; remove older ones and stale temporary files."""
    try:
        found = sorted((p for p in folder.glob("*.sqlite") if p != keep), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in found[KEEP_INDEXES - 1:]:
            old.unlink()
    except OSError:
        pass
