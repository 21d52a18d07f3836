"""The compiled card index: SQLite behind every card lookup.

Parsing thousands of YAML cards on every command is too slow for a command
people run in a loop, so korbiro compiles a card database once into a SQLite
file (Python's own ``sqlite3``, no server) and answers lookups from it.  What
is proved before an index answers:

* **It is the index of these bytes.**  It is named by a hash of korbiro's rule
  files and of every set file's path and bytes.  A file's digest is taken
  from a fresh read, or remembered by its stat signature only where that is
  proved current (:mod:`korbiro.data.sources`: git's racy-index rule), and an
  index is built from the very bytes its name was hashed from.
* **It is whole.**  Opening checks the file's header (magic, page size, page
  count against the file size), the schema version, the key, and the row
  counts against those recorded when it was built; ``PRAGMA quick_check``
  runs on every index just built (before it serves), under
  ``korbiro data index``, and whenever a query fails with a database error.
  Damage found either way means a rebuild from the set files, with a one-line
  note on standard error, and the query runs again.
* **It is complete or absent.**  It is built into a temporary file without a
  journal and renamed into place when complete; a failed or killed build
  leaves no journal, and its temporary file is removed by the next run.  When
  the cache cannot be written (a full disk, no permission), the index is built
  in memory for the run, with a note.

Only a database without errors is indexed: ``open_index`` raises the
database's :class:`~korbiro.base.errors.DataError` otherwise.

    >>> idx = open_index()                     # doctest: +SKIP
    >>> idx.lookup("tukorutveszto").card.id    # doctest: +SKIP
    'MINTA-042'
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ..base import notes
from ..base.fsutil import atomic_path, file_kind
from ..base.text import close_matches, fold, fold_all, is_digits
from .cache import Cache
from .cards import Card, CardDatabase, Lookup, kinds_from
from .paths import code_digest, database_files, discover, library_stamp, package_digest
from .sources import DigestMemo, Source, read_source, survey

SCHEMA_VERSION = 9
KEEP_INDEXES = 8


_DDL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- a column a card has no value for is left out of its INSERT (its default: NULL, or as declared)
CREATE TABLE cards (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL,
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
    file BLOB,
    line INTEGER,
    text TEXT NOT NULL,
    text_fold TEXT NOT NULL,
    attrs TEXT NOT NULL DEFAULT '{}',
    -- the IGAZ NÉV names (JSON, NULL: none), and each line's keyword, rule and canonical text (JSON), which
    -- give the keyword keys and the keyword text
    true_names TEXT,
    keyword_summary TEXT NOT NULL,
    behaviour TEXT,
    errata INTEGER NOT NULL DEFAULT 0,
    changed TEXT,
    -- the other card fields of the set-file schema, for the search language (korbiro.grammar.query.FIELDS)
    fizikum INTEGER,
    asztral INTEGER,
    mental INTEGER,
    attackers INTEGER,
    defenders INTEGER,
    alignment TEXT,
    duration TEXT,
    school TEXT,
    damage INTEGER,
    rarity TEXT,
    printing TEXT,
    requirement_fold TEXT,
    location_fold TEXT,
    condition_fold TEXT,
    artist_fold TEXT,
    flavor_fold TEXT,
    -- the keyword objects and the behaviour, as korbiro.data.stored encodes them (read back without a grammar)
    keyword_objects TEXT NOT NULL,
    behaviour_objects TEXT
);
-- ids are unique: the data check proves it before a database is indexed, and the index says it again
CREATE UNIQUE INDEX cards_id ON cards(id);
CREATE INDEX cards_name ON cards(name);
CREATE INDEX cards_name_fold ON cards(name_fold, id);  -- the name order of a search (--sort name)
CREATE INDEX cards_id_fold ON cards(id_fold);
CREATE INDEX cards_kind ON cards(kind);
-- the card search language (korbiro.grammar.query): its filters and the values it resolves. A column few
-- cards have a value in is indexed for those cards only (each filter of it says IS NOT NULL)
CREATE INDEX cards_type ON cards(type);
CREATE INDEX cards_subtype ON cards(subtype) WHERE subtype IS NOT NULL;
CREATE INDEX cards_race ON cards(race) WHERE race IS NOT NULL;
CREATE INDEX cards_set ON cards(set_code);
CREATE INDEX cards_mp ON cards(mp_num);
CREATE INDEX cards_dp ON cards(dp);
CREATE INDEX cards_level ON cards(level) WHERE level IS NOT NULL;
CREATE INDEX cards_fal ON cards(fal) WHERE fal IS NOT NULL;
CREATE INDEX cards_behaviour ON cards(behaviour) WHERE behaviour IS NOT NULL;
-- the text history (history:): how many times the text changed, and the date of the newest text
CREATE INDEX cards_errata ON cards(errata) WHERE errata > 0;
CREATE INDEX cards_changed ON cards(changed) WHERE changed IS NOT NULL;
CREATE TABLE keywords (
    card INTEGER NOT NULL REFERENCES cards(rowid),
    keyword TEXT NOT NULL,
    keyword_fold TEXT NOT NULL,
    value INTEGER,
    rule TEXT,
    line TEXT NOT NULL
);
CREATE INDEX keywords_keyword ON keywords(keyword_fold, value);
-- the items of the list fields, one row each: skills, spheres, icons, class, subclass and phase (which may hold
-- several), the descriptor's words, the properties and the abilities' marks (printed and English spellings)
CREATE TABLE items (
    card INTEGER NOT NULL REFERENCES cards(rowid),
    field TEXT NOT NULL,
    value TEXT NOT NULL
);
CREATE INDEX items_value ON items(field, value);
-- the cards in name order (name_fold, id): the rank of a card is its row of the full-text index, so that
-- the words of a search find their cards in name order, the first few without finding the others
CREATE TABLE names (rank INTEGER PRIMARY KEY, card INTEGER NOT NULL);
-- contentless, and without the column sizes (they are for ranking, which no search does)
CREATE VIRTUAL TABLE cards_fts USING fts5(
    name, text, content='', columnsize=0, tokenize='unicode61 remove_diacritics 2'
);
"""

#: the tables whose row counts are recorded when an index is built and checked when it is opened
_COUNTED = ("cards", "keywords", "items", "names")
#: card fields stored as numbers, as text (resolved against the values held), folded (searched inside),
#: and as lists (the ``items`` table); the rest of the card's columns are filled in ``_fill``
_NUMBER_ATTRS = ("fizikum", "asztral", "mental", "attackers", "defenders", "damage")
_TEXT_ATTRS = ("alignment", "duration", "rarity", "printing", "school")
_FOLDED_ATTRS = ("condition", "artist", "flavor", "location")
_LIST_ATTRS = ("skills", "spheres", "icons")
#: fields that hold one value or several (a list; a phase also "Sor/Harc"): items of the ``items`` table
_MULTI_ATTRS = ("class", "subclass", "phase")

_COLUMNS = ("rowid, id, name, type, subtype, mp, dp, text, set_code, file, line, attrs, true_names, keyword_summary, "
            "keyword_objects, behaviour_objects")


class CardIndex:
    """A read-only card database answered from a compiled SQLite index.

    It offers what :class:`~korbiro.data.cards.CardDatabase` offers for lookups
    (``lookup``, ``suggest``, ``kind_of``, ``[id or name]``, iteration), reading
    only the rows a command needs.  Every query goes through :meth:`rows`,
    which rebuilds a damaged index and asks again.
    """

    def __init__(self, conn: sqlite3.Connection, path: str, key: str,
                 files: Sequence[Path] | None = None) -> None:
        self.conn = conn
        self.path = path
        self.key = key
        #: the set files it was built from (to rebuild it from when it turns out damaged)
        self.files = list(files) if files is not None else None
        self._names: dict[str, str] | None = None
        self._size: int | None = None

    def close(self) -> None:
        self.conn.close()

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """The rows of a query; a database error that ``quick_check`` confirms as damage rebuilds the index."""
        bound = tuple(_bindable(p) for p in params)
        try:
            return self.conn.execute(sql, bound).fetchall()
        except sqlite3.DatabaseError as exc:
            if not self._recover(exc):
                raise
        return self.conn.execute(sql, bound).fetchall()

    def _recover(self, exc: sqlite3.DatabaseError) -> bool:
        """Rebuild the index from its set files if it is damaged; False if the error is not damage."""
        if self.files is None or self.path == ":memory:":
            return False
        problem = _quick_check(self.conn)
        if problem is None:
            return False
        _note_damage(self.path, f"{exc}; {problem}" if str(exc) not in problem else problem)
        self.conn.close()
        fresh = open_index(files=self.files, rebuild=True)
        self.conn, self.path, self.key = fresh.conn, fresh.path, fresh.key
        self._names = None
        return True

    def __len__(self) -> int:
        return int(self.rows("SELECT count(*) FROM cards")[0][0])

    def __iter__(self) -> Iterator[Card]:
        for row in self.rows(f"SELECT {_COLUMNS} FROM cards ORDER BY rowid"):
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
        rows = self.rows(f"SELECT {_COLUMNS} FROM cards WHERE id = ? OR name = ? ORDER BY id = ? DESC LIMIT 1",
                         (key, key, key))
        return _card(rows[0]) if rows else None

    def lookup(self, query: str, *, suggest: bool = True) -> Lookup:
        """Find a card by id or name, ignoring accents, case and spacing (as ``CardDatabase.lookup``)."""
        exact = self._exact(query)
        if exact is not None:
            return Lookup(query, exact)
        f = fold(query)
        rows = self.rows(f"SELECT {_COLUMNS} FROM cards WHERE name_fold = ? OR id_fold = ? ORDER BY rowid", (f, f))
        if len(rows) == 1:
            return Lookup(query, _card(rows[0]), folded=True)
        if len(rows) > 1:
            return Lookup(query, None, ambiguous=tuple(_card(r) for r in rows))
        return Lookup(query, None, suggestions=self.suggest(query) if suggest else [])

    def suggest(self, query: str, n: int = 3) -> list[str]:
        """Printed names close to *query* (accent- and case-insensitive)."""
        if self._names is None:
            self._names = {fold(name): name for (name,) in self.rows("SELECT name FROM cards ORDER BY name")}
        close = close_matches(fold(query), self._names, n=n)
        return [self._names[c] for c in close]

    def kind_of(self, card: Card) -> str:
        """The folded name standing for *card*'s kind (cards joined by IGAZ NÉV, 2.02)."""
        rows = self.rows("SELECT kind FROM cards WHERE id = ?", (card.id,))
        return str(rows[0][0]) if rows else fold(card.name)

    def with_errata(self) -> list[Card]:
        """The cards whose text has changed (a history of more than one version)."""
        return list(self.select("cards.errata > 0"))

    def token_ids(self) -> frozenset[str]:
        """The ids of the tokens (``properties: [jelző]``), which no deck holds (the deck check reads them)."""
        return frozenset(cid for (cid,) in self.rows(
            "SELECT id FROM cards WHERE rowid IN (SELECT card FROM items WHERE field = 'property' AND value = 'token')"))

    def database(self) -> CardDatabase:
        """Every card in memory, for batch work (thousands of deck checks)."""
        # the folded names and ids as the index stores them (made by the same fold: base/text.py is among
        # the rule files its key is hashed from), so that loading folds nothing
        keys = self.rows("SELECT name_fold, id_fold, kind FROM cards ORDER BY rowid")
        db = CardDatabase(self, folded=[(name_fold, id_fold) for name_fold, id_fold, _ in keys],
                          kinds={name_fold: kind for name_fold, _, kind in keys})
        # which texts changed, from the errata column: a dated deck check reads no card's history for it
        db._errata_ids = frozenset(cid for (cid,) in self.rows("SELECT id FROM cards WHERE errata > 0"))
        db._token_ids = self.token_ids()  # and which cards are tokens, from the items: no card's fields are read
        return db

    def select(self, where: str, params: Sequence[Any] = (), order: str = "rowid",
               limit: int | None = None, *, shown: bool = False, walk: str | None = None) -> Sequence[Card]:
        """Cards matching a parameterised SQL condition over the ``cards`` table (for the query language).

        With *shown*, only the columns of a result table are read (id, name,
        type, costs, keywords), and a card is made from its row when it is
        first looked at; it reads the rest of its row when one of the other
        fields is first asked for.  *walk* names an index of the table to read
        the cards in the order of (``INDEXED BY``): quickest for the first few
        of many matches.
        """
        columns = _SHOWN if shown else _COLUMNS
        source = f"cards INDEXED BY {walk}" if walk is not None else "cards"
        sql = f"SELECT {columns} FROM {source} WHERE {where} ORDER BY {order}"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        rows = self.rows(sql, params)
        if not shown:
            return [_card(r) for r in rows]
        return _Cards(rows, self)

    def words(self, match: str, limit: int | None = None, *, shown: bool = False) -> Sequence[Card]:
        """The cards whose names or texts match a full-text query (FTS5's syntax), in name order (``name_fold``,
        ``id``): the order of the full-text index's rows, so that the first few are found without the others.
        *shown* as for :meth:`select`."""
        columns = _SHOWN_OF_CARDS if shown else _COLUMNS_OF_CARDS
        sql = (f"SELECT {columns} FROM cards_fts JOIN names ON names.rank = cards_fts.rowid "
               "JOIN cards ON cards.rowid = names.card WHERE cards_fts MATCH ? ORDER BY cards_fts.rowid")
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        rows = self.rows(sql, (match,))
        if not shown:
            return [_card(r) for r in rows]
        return _Cards(rows, self)

    @property
    def size(self) -> int:
        """How many cards the index holds (as recorded when it was built)."""
        if self._size is None:
            found = self.rows("SELECT value FROM meta WHERE key = 'cards'")
            self._size = int(found[0][0]) if found else len(self)
        return self._size

    def rest(self, rowid: int) -> tuple[Any, ...]:
        """The columns of a card row that :meth:`select` with ``shown`` leaves unread."""
        text, set_code, file, line, attrs, true_names, kw_objects, behaviour = self.rows(
            f"SELECT {_REST} FROM cards WHERE rowid = ?", (rowid,))[0]
        return (text, set_code, os.fsdecode(file) if isinstance(file, bytes) else file, line, attrs, true_names,
                kw_objects, behaviour)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _bindable(value: Any) -> Any:
    """*value* as SQLite takes it: the undecodable bytes of an argument (lone surrogates) read as U+FFFD,
    as a lenient UTF-8 decoder reads them; no card's text holds a surrogate, so none is lost."""
    if isinstance(value, str) and not value.isascii():
        return _SURROGATE.sub("\ufffd", value)
    return value


#: the columns a result table shows, and the rest of a card's row (:meth:`CardIndex.select`)
_SHOWN = "rowid, id, name, type, subtype, mp, dp, keyword_summary"
_REST = "text, set_code, file, line, attrs, true_names, keyword_objects, behaviour_objects"
#: :data:`_SHOWN` and :data:`_COLUMNS` where other tables have columns of the same names
_SHOWN_OF_CARDS = ", ".join(f"cards.{c}" for c in _SHOWN.split(", "))
_COLUMNS_OF_CARDS = ", ".join(f"cards.{c}" for c in _COLUMNS.split(", "))


def _mp(mp: str | None) -> int | str | None:
    if mp is None:
        return None
    return int(mp) if is_digits(mp) else json.loads(mp)  # json.dumps of an MP: 3, "X" (or null)  # type: ignore[no-any-return]


def _shown_card(row: Sequence[Any], index: CardIndex) -> Card:
    rowid, cid, name, ctype, subtype, mp, dp, summary = row
    return Card.shown(cid, name, ctype, subtype, _mp(mp), dp, keyword_summary=summary,
                      rest=lambda: index.rest(rowid))


class _Cards(Sequence[Card]):
    """The cards of a result's rows (:meth:`CardIndex.select` with ``shown``), each made when first looked at."""

    def __init__(self, rows: list[Any], index: CardIndex) -> None:
        self._rows = rows
        self._index = index
        self._made: list[Card | None] = [None] * len(rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self._rows)))]
        card = self._made[i]
        if card is None:
            card = self._made[i] = _shown_card(self._rows[i], self._index)
        return card

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(list(self))


def _card(row: Sequence[Any]) -> Card:
    (_rowid, cid, name, ctype, subtype, mp, dp, text, set_code, file, line, attrs, true_names, summary, kw_objects,
     behaviour) = row
    if isinstance(file, bytes):  # a file name that is not UTF-8 is stored as bytes
        file = os.fsdecode(file)
    return Card.stored(cid, name, ctype, subtype, _mp(mp), dp, text, set_code, file, line, attrs=attrs,
                       true_names=true_names, keyword_summary=summary, keyword_objects=kw_objects,
                       behaviour_objects=behaviour)


# ----------------------------------------------------------------- building


def index_key(files: Sequence[Path], digests: Sequence[bytes]) -> str:
    """The hash that names an index: korbiro's rule files, the code that fills the index (this module,
    the card model, the stored objects' encoding, lark's installed copy, which parsed them), plus every set file's path
    and digest."""
    h = hashlib.sha256(b"korbiro-index\0")
    h.update(str(SCHEMA_VERSION).encode())
    h.update(code_digest())
    h.update(_filler_digest())
    for path, digest in zip(files, digests, strict=True):
        h.update(os.fsencode(os.path.abspath(path)))
        h.update(b"\0")
        h.update(digest)
    return h.hexdigest()


@cache
def _filler_digest() -> bytes:
    """What besides the rule files decides an index's rows: the code that fills it (a card's kind is
    made in data/cards.py), and the lark that parsed them."""
    return package_digest(("data/index.py", "data/stored.py", "data/cards.py")) + library_stamp("lark")


def open_index(paths: Iterable[str | os.PathLike[str]] | None = None, *, files: Sequence[Path] | None = None,
               rebuild: bool = False, verify: bool = False) -> CardIndex:
    """The index of a card database, built when needed: of the set files *files* (found already,
    :func:`~korbiro.data.paths.database_files`), else of those in *paths*, else of the database
    every command reads (:func:`~korbiro.data.paths.chosen_database`: ``$KORBIRO_DB``, korbiro.toml's
    with its excludes, else the shipped one).

    With *verify*, an existing index is also put through ``PRAGMA quick_check``
    (one just built always is).  Raises :class:`~korbiro.base.errors.UsageError`
    for a path that does not exist and :class:`~korbiro.base.errors.DataError`
    when the database has errors.
    """
    files = _set_files(paths, files)
    cache = Cache.default()
    cache.sweep("index")
    memo = DigestMemo(cache)
    digests, reads = survey(files, memo)
    key = index_key(files, digests)
    target = cache.path(f"index/{key[:32]}.sqlite")
    if target is not None and not rebuild:
        idx, problem = _open_verified(target, key, quick=verify)
        if idx is not None:
            memo.save()
            idx.files = list(files)
            return idx
        if problem is not None:
            _note_damage(str(target), problem)
    sources = [reads.get(path) or read_source(path) for path in files]
    memo.remember(sources)
    memo.save()
    return build_index(sources, cache)


def reopen_index(previous: CardIndex | None, paths: Iterable[str | os.PathLike[str]] | None = None, *,
                 files: Sequence[Path] | None = None) -> CardIndex:
    """*previous* again when the set files (as :func:`open_index` finds them) are still the ones it
    was built from (their digests, proved current as :func:`open_index` proves them, give its key),
    else :func:`open_index`.

    For a process that answers many calls (the web app's workers): the open index keeps its memo
    of lookups, and nothing it answers can be older than the files.
    """
    found = _set_files(paths, files)
    if previous is not None:
        memo = DigestMemo(Cache.default())
        digests, _reads = survey(found, memo)
        if index_key(found, digests) == previous.key:
            return previous
    return open_index(files=found)


def _set_files(paths: Iterable[str | os.PathLike[str]] | None, files: Sequence[Path] | None) -> list[Path]:
    if files is not None:
        return list(files)
    return discover(paths) if paths else database_files()


def build_index(sources: Sequence[Source], cache: Cache | None = None) -> CardIndex:
    """Compile these reads of the set files into a fresh index, named by the same bytes.

    It is written atomically into *cache* (default: the environment's) and
    verified with ``quick_check`` before it serves; in memory if it cannot be
    written.  The files are checked and indexed one at a time, so that memory
    holds one file's cards, not the database's; a database with errors raises
    its :class:`~korbiro.base.errors.DataError` before anything is kept.
    """
    # lazy: a command served by a fresh index never imports the checker
    from .check import read_sources

    cache = Cache.default() if cache is None else cache
    files = [s.path for s in sources]
    key = index_key(files, [s.digest for s in sources])
    target = cache.path(f"index/{key[:32]}.sqlite")
    failure: BaseException | None = None
    if target is not None and cache.writable:
        idx, failure = _build_file(read_sources(sources), key, target, cache)
        if idx is not None:
            idx.files = files
            return idx
    conn = sqlite3.connect(":memory:")
    conn.execute("PRAGMA temp_store = MEMORY")
    _fill(conn, read_sources(sources), key)
    if failure is not None:  # said once the database is known to be indexable, as before a build was streamed
        cache.unusable(failure)
    return CardIndex(conn, ":memory:", key, files)


def _build_file(batches: Iterable[Sequence[Card]], key: str, target: Path,
                cache: Cache) -> tuple[CardIndex | None, BaseException | None]:
    """Write the index file and open it verified; ``(None, why)`` when the cache cannot hold it."""
    try:
        with atomic_path(target, make_parents=True) as tmp:
            conn = sqlite3.connect(tmp)
            try:
                # a temporary file renamed into place when complete needs no journal: none is left behind
                conn.execute("PRAGMA journal_mode = OFF")
                conn.execute("PRAGMA temp_store = MEMORY")
                _fill(conn, batches, key)
            finally:
                conn.close()
    except (OSError, sqlite3.Error) as exc:  # a full disk, no permission, a file where the folder should be
        return None, exc
    _prune(target.parent, keep=target)
    idx, problem = _open_verified(target, key, quick=True)
    if idx is None:  # what was written does not read back: the cache's disk is not to be trusted
        try:
            target.unlink()
        except OSError:
            pass
        cache.unusable(OSError(f"the index just written fails its check: {problem}"))
    return idx, None


def _open_verified(target: Path, key: str, *, quick: bool) -> tuple[CardIndex | None, str | None]:
    """The index at *target* if it proves whole; else ``(None, what is wrong)`` (``None``: there is none)."""
    try:
        st = os.lstat(target)
    except OSError:  # none there, or no folder it could be in
        return None, None
    problem = _header_problem(target, st)
    if problem is not None:
        return None, problem
    try:
        conn = sqlite3.connect(_read_only_uri(target), uri=True)
    except sqlite3.Error as exc:
        return None, str(exc)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("schema") != str(SCHEMA_VERSION) or meta.get("key") != key or meta.get("complete") != "1":
            problem = "not a complete index of these set files"
        else:
            for table in _COUNTED:
                n = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                if str(n) != meta.get(table):
                    problem = f"{n} rows in table {table}, {meta.get(table)} when built"
                    break
        if problem is None and quick:
            problem = _quick_check(conn)
    except (sqlite3.Error, ValueError) as exc:
        problem = str(exc)
    if problem is not None:
        conn.close()
        return None, problem
    return CardIndex(conn, str(target), key), None


_MAGIC = b"SQLite format 3\0"


def _header_problem(path: Path, st: os.stat_result) -> str | None:
    """What the file's SQLite header says is wrong with it (``None``: nothing)."""
    kind = file_kind(st)
    if kind is not None:
        return f"it is a {kind}, not a file"
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            head = os.read(fd, 100)
        finally:
            os.close(fd)
    except OSError as exc:
        return exc.strerror or str(exc)
    if len(head) < 100 or not head.startswith(_MAGIC):
        return "no SQLite header"
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    if page < 512 or page & (page - 1):
        return f"page size {page} in the header"
    pages = int.from_bytes(head[28:32], "big")
    if st.st_size % page or (head[24:28] == head[92:96] and pages * page != st.st_size):
        return f"{st.st_size} bytes, the header says {pages} pages of {page}"
    return None


def _quick_check(conn: sqlite3.Connection) -> str | None:
    """``PRAGMA quick_check``'s first complaint (``None``: the database is whole)."""
    try:
        rows = conn.execute("PRAGMA quick_check").fetchall()
    except sqlite3.Error as exc:
        return str(exc)
    if rows == [("ok",)]:
        return None
    return "; ".join(str(r[0]) for r in rows[:3]) or "quick_check failed"


def _read_only_uri(path: Path) -> str:
    """A ``file:`` URI opening *path* read-only (every byte but the unreserved ones percent-encoded)."""
    raw = os.fsencode(os.path.abspath(path))
    safe = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/"
    return "file:" + "".join(chr(b) if b in safe else f"%{b:02X}" for b in raw) + "?mode=ro"


def _note_damage(path: str, reason: str) -> None:
    reason = " ".join(reason.split())  # quick_check's report has a line per problem: the note has one
    if len(reason) > 160:
        reason = reason[:157] + "…"
    notes.note("INDEX-DAMAGED", f"the card index {path!r} is damaged ({reason}); rebuilding it",
               path=path, reason=reason)


#: the statements of the index's tables, then those of its indexes, created after the rows are in
_TABLES = [x.strip() for x in _DDL.split(";") if x.strip() and " INDEX " not in x]
_INDEXES = [x.strip() for x in _DDL.split(";") if " INDEX " in x]


def _fill(conn: sqlite3.Connection, batches: Iterable[Sequence[Card]], key: str) -> None:
    """Fill a new index with the cards of *batches* (each a set file's, in order), in one transaction.

    The indexes are created after the rows are in (one sort each, instead of
    a B-tree updated at every insert), and only the rows of one batch are held
    at a time.  A card's ``kind`` (its IGAZ NÉV kin, 2.02) needs every card:
    rows go in with the card's own folded name, and the few cards joined to
    others are updated at the end.
    """
    conn.isolation_level = None  # the transaction is this function's: BEGIN … COMMIT
    conn.execute("PRAGMA cache_size = -32768")  # 32 MiB for the sorts of the index builds
    for statement in _TABLES:
        conn.execute(statement)
    conn.execute("BEGIN")
    rowid = 0
    kw_count = 0
    item_count = 0
    linked: list[tuple[str, tuple[str, ...]]] = []
    for batch in batches:
        groups, kw_rows, item_rows = _batch_rows(rowid, batch, linked)
        rowid += len(batch)
        for columns, rows in groups.items():
            conn.executemany(_insert(columns), rows)
        conn.executemany("INSERT INTO keywords VALUES (?, ?, ?, ?, ?, ?)", kw_rows)
        conn.executemany("INSERT INTO items VALUES (?, ?, ?)", item_rows)
        kw_count += len(kw_rows)
        item_count += len(item_rows)
    for statement in _INDEXES:
        conn.execute(statement)
    # the full-text rows in name order (FTS5 writes rows in ascending order as it goes; others it sorts)
    conn.execute("INSERT INTO names (card) SELECT rowid FROM cards ORDER BY name_fold, id")
    conn.execute("INSERT INTO cards_fts (rowid, name, text) SELECT rank, name, text FROM names "
                 "JOIN cards ON cards.rowid = names.card ORDER BY rank")
    conn.executemany("UPDATE cards SET kind = ? WHERE name_fold = ?",  # by the index on name_fold
                     [(kind, name_fold) for name_fold, kind in kinds_from(linked).items() if kind != name_fold])
    conn.executemany("INSERT INTO meta VALUES (?, ?)", [
        ("key", key), ("schema", str(SCHEMA_VERSION)), ("cards", str(rowid)), ("keywords", str(kw_count)),
        ("items", str(item_count)), ("names", str(rowid)), ("complete", "1"),
    ])
    conn.execute("COMMIT")


#: json.dumps(x), json.dumps(x, ensure_ascii=False) and (…, default=str), made once instead of at every call
_JSON = json.JSONEncoder().encode
_JSON_TEXT = json.JSONEncoder(ensure_ascii=False).encode
_JSON_ATTRS = json.JSONEncoder(ensure_ascii=False, default=str).encode

#: the columns every card has a value in, in the order :func:`_batch_rows` gives them
_ALWAYS = ("rowid", "id", "id_fold", "name", "name_fold", "kind", "type", "mp", "set_code", "file", "line", "text",
           "text_fold", "keyword_summary", "keyword_objects")


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _folded(value: Any) -> str | None:
    return fold(value) if isinstance(value, str) else None


#: a card field of ``attrs`` -> the column it fills and how its value is stored (``None``: not stored)
_ATTR_COLUMNS: dict[str, tuple[str, Any]] = {
    "level": ("level", _int), "fal": ("fal", _int), "race": ("race", _str),
    **{a: (a, _int) for a in _NUMBER_ATTRS},
    **{a: (a, _str) for a in _TEXT_ATTRS},
    **{a: (f"{a}_fold", _folded) for a in _FOLDED_ATTRS},
}


@functools.lru_cache(maxsize=256)
def _insert(columns: tuple[str, ...]) -> str:
    """The INSERT of a card row with values in *columns* (the others take their defaults)."""
    return f"INSERT INTO cards ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"


def _stored_file(file: str | None) -> str | bytes | None:
    """A card's file name as the index stores it: text, or its bytes when it is not UTF-8 (a lone surrogate)."""
    if file is None:
        return None
    try:
        file.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(file)
    return file


def _batch_rows(start: int, batch: Sequence[Card], linked: list[tuple[str, tuple[str, ...]]]) -> tuple[
        dict[tuple[str, ...], list[tuple[Any, ...]]], list[tuple[Any, ...]], list[tuple[int, str, str]]]:
    """The rows of a set file's cards, numbered from *start* + 1: the ``cards`` rows grouped by the columns
    they have values in (a NULL is never bound: it is a column's default), the ``keywords`` and ``items``
    rows; a card joined to others by IGAZ NÉV is added to *linked*."""
    rows = _BatchRows(linked)
    folded = iter(fold_all([s for c in batch for s in (c.id, c.name, c.text)]))
    file: str | None = None
    stored_file: str | bytes | None = None
    for rowid, c in enumerate(batch, start + 1):
        if c.file is not file:
            file = c.file
            stored_file = _stored_file(file)
        rows.card(rowid, c, (next(folded), next(folded), next(folded)), stored_file)
    return rows.groups, rows.keywords, rows.items


class _BatchRows:
    """The rows of one set file's cards, added card by card (see :func:`_batch_rows`)."""

    def __init__(self, linked: list[tuple[str, tuple[str, ...]]]) -> None:
        # lazy: only a build encodes them (a lookup never does)
        from .stored import encode_behaviour, encode_keywords

        self.encode_keywords = encode_keywords
        self.encode_behaviour = encode_behaviour
        self.linked = linked
        #: the ``cards`` rows, grouped by the columns they have values in
        self.groups: dict[tuple[str, ...], list[tuple[Any, ...]]] = {}
        self.keywords: list[tuple[Any, ...]] = []
        self.items: list[tuple[int, str, str]] = []

    def card(self, rowid: int, c: Card, folds: tuple[str, str, str], stored_file: str | bytes | None) -> None:
        """Add the rows of card *c*, whose id, name and text fold to *folds*."""
        id_fold, name_fold, text_fold = folds
        mp = c.mp
        summary = c.keyword_summary()
        names: list[str] = []
        values: list[Any] = [
            rowid, c.id, id_fold, c.name, name_fold, name_fold, c.type, str(mp) if type(mp) is int else _JSON(mp),
            c.set, stored_file, c.line, c.text, text_fold, _JSON_TEXT(summary), self.encode_keywords(c.keywords)]
        if c.subtype is not None:
            names.append("subtype")
            values.append(c.subtype)
        if (mp_num := _int(mp)) is not None:
            names.append("mp_num")
            values.append(mp_num)
        if c.dp is not None:
            names.append("dp")
            values.append(c.dp)
        if c.attrs:
            self.attrs(rowid, c, names, values)
            self.derived(c, names, values)
        if c.true_names:
            names.append("true_names")
            values.append(_JSON_TEXT(c.true_names))
            self.linked.append((c.name, c.true_names))
        self.groups.setdefault(_ALWAYS + tuple(names), []).append(tuple(values))
        for k, (_, _, rendered) in zip(c.keywords, summary, strict=True):
            if k.keyword:
                value = getattr(k, "value", None)
                if not isinstance(value, int):
                    value = getattr(k, "level", None) if isinstance(getattr(k, "level", None), int) else None
                self.keywords.append((rowid, k.keyword, fold(k.keyword), value, k.rule, rendered))

    def attrs(self, rowid: int, c: Card, names: list[str], values: list[Any]) -> None:
        """The columns (into *names* and *values*) and the ``items`` rows of the card's other fields."""
        attrs = c.attrs
        names.append("attrs")
        values.append(_JSON_ATTRS(attrs if type(attrs) is dict else dict(attrs)))
        item_rows = self.items
        for field, value in attrs.items():
            spec = _ATTR_COLUMNS.get(field)
            if spec is not None:
                stored = spec[1](value)
                if stored is not None:
                    names.append(spec[0])
                    values.append(stored)
            elif field in _LIST_ATTRS:
                if isinstance(value, list):
                    item_rows.extend((rowid, field, str(item)) for item in value if isinstance(item, (str, int)))
            elif field in _MULTI_ATTRS:
                item_rows.extend((rowid, field, item) for item in c.values(field))
            elif field in _PRINTED:
                item_rows.extend((rowid, name, item) for name, item in _printed_items(c, field))
            elif field == "history":
                versions = c.history
                if len(versions) > 1:  # errata: how many times the text changed; changed: the newest's date
                    names.extend(("errata", "changed"))
                    values.extend((len(versions) - 1, versions[-1].since.isoformat()))

    def derived(self, c: Card, names: list[str], values: list[Any]) -> None:
        """The columns read from what the card's fields say: its behaviour, its race, its requirement."""
        attrs = c.attrs
        if "behaviour" in attrs or "abilities" in attrs:  # its own and its printed abilities' (played_behaviour)
            behaviour = c.behaviour
            if not behaviour.empty or "behaviour" in attrs:
                kinds = " ".join(behaviour.kinds())
                if kinds:
                    names.append("behaviour")
                    values.append(kinds)
                names.append("behaviour_objects")
                values.append(self.encode_behaviour(behaviour))
        if "race" not in attrs and (races := c.values("race")):  # the race only the descriptor prints
            names.append("race")
            values.append(races[0])
        if (req := c.requirement) is not None:  # every alternative, as written ("Toroni Tolvaj | Pap")
            names.append("requirement_fold")
            values.append(fold(req.render()))


#: the printed fields whose items the search reads under another name (``descriptor:``, ``property:``, ``mark:``)
_PRINTED = ("descriptor", "színesítő", "properties", "abilities")


def _printed_items(c: Card, field: str) -> list[tuple[str, str]]:
    """The ``items`` rows of a printed field: the descriptor's words, the properties and the abilities' marks,
    each in its printed and its English spelling (``jelző`` and ``token``, ``harci`` and ``combat``)."""
    # lazy: only a build reads them
    from .fields import MARK_NAMES, property_id

    if field in ("descriptor", "színesítő"):
        d = c.descriptor
        return [("descriptor", w) for w in (d.printed if d is not None else ())]
    if field == "properties":
        raw = c.attrs.get("properties")
        printed = [str(p) for p in raw] if isinstance(raw, list) else []
        english = [property_id(p) or p for p in printed]
        return [("property", p) for p in dict.fromkeys([*printed, *english])]
    marks = {m for a in c.abilities for m in a.marks}
    return [("mark", m) for m in dict.fromkeys([*(MARK_NAMES[m] for m in sorted(marks)), *sorted(marks)])]


def _prune(folder: Path, keep: Path) -> None:
    """Keep the newest few indexes; remove older ones (temporaries are :meth:`Cache.sweep`'s)."""
    try:
        found = sorted((p for p in folder.glob("*.sqlite") if p != keep), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in found[KEEP_INDEXES - 1:]:
            old.unlink()
    except OSError:
        pass
