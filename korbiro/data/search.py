"""Card search on the index: the SQL made from a parsed query (:mod:`korbiro.grammar.query`).

    >>> from korbiro.data.index import open_index    # doctest: +SKIP
    >>> [c.id for c in search(open_index(), "kw:kincskereses>=2").cards]  # doctest: +SKIP
    ['MINTA-001', 'MINTA-005']

Compiling never pastes user text into SQL: every value is a parameter, and
the FTS5 ``MATCH`` string is built from quoted, escaped tokens.  Every test is
two-valued (a card without a DP is never ``dp>=2`` and always ``-dp>=2``), so
``-x`` is exactly the cards that ``x`` does not match.

``legal:``, ``banned:`` and ``restricted:`` read a format's banlist
(:mod:`korbiro.data.formats`, the shipped one unless *formats* is given) as
of *date* (default: today), by kind of card as the deck check does (2.02:
cards joined by IGAZ NÉV share their status).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..base.errors import RulesSyntaxError
from ..base.text import fold
from ..grammar.query import (
    CODE_VALUE,
    FLAG_VALUES,
    And,
    Filter,
    Node,
    Not,
    Or,
    Query,
    Term,
    keyword_key,
    keyword_numbers,
    parse_query,
)
from ..grammar.vocabulary import CARD_TYPES, TYPE_ALIASES
from .cards import Card
from .index import CardIndex

if TYPE_CHECKING:
    from .formats import FormatSet

__all__ = ["COLUMNS", "SORTS", "SearchResult", "condition", "search"]

#: Filter field -> the column of the index's ``cards`` table it tests (``kw`` has a table of its own).
COLUMNS: dict[str, str] = {
    "type": "cards.type",
    "subtype": "cards.subtype",
    "race": "cards.race",
    "set": "cards.set_code",
    "name": "cards.name_fold",
    "text": "cards.text_fold",
    "id": "cards.id_fold",
    "mp": "cards.mp_num",
    "dp": "cards.dp",
    "level": "cards.level",
    "fal": "cards.fal",
    "fizikum": "cards.fizikum",
    "asztral": "cards.asztral",
    "mental": "cards.mental",
    "alignment": "cards.alignment",
    "attackers": "cards.attackers",
    "defenders": "cards.defenders",
    "requirement": "cards.requirement_fold",
    "condition": "cards.condition_fold",
    "location": "cards.location_fold",
    "school": "cards.school",
    "damage": "cards.damage",
    "duration": "cards.duration",
    "rarity": "cards.rarity",
    "printing": "cards.printing",
    "artist": "cards.artist_fold",
    "flavor": "cards.flavor_fold",
    "behaviour": "cards.behaviour",
    "errata": "cards.errata",
    "changed": "cards.changed",
    # list fields: their items are rows of the ``items`` table (field, value)
    "skills": "items.value",
    "spheres": "items.value",
    "icons": "items.value",
    "class": "items.value",
    "subclass": "items.value",
    "phase": "items.value",
    "descriptor": "items.value",
    "property": "items.value",
    "mark": "items.value",
}

#: Where a keyword's number stands (:func:`korbiro.grammar.query.keyword_numbers`) -> its SQL over ``keywords``.
_KEYWORD_NUMBER = {
    "value": "value",  # X, or the ANTISSJÁRÁS level, as the index stores them
    "lead": "CAST(substr(line, length(keyword) + 2) AS INTEGER)",  # `SZELLEM 3 "…"`, `RÁÉPÍTÉS 2 MP`
}

#: the cards whose names or texts match: the full-text index's rows are the cards' ranks in name order
_FTS = ("cards.rowid IN (SELECT names.card FROM cards_fts JOIN names ON names.rank = cards_fts.rowid "
        "WHERE cards_fts MATCH ?)")


def _count(index: CardIndex, where: str, params: Sequence[Any]) -> int:
    """How many cards match; words alone are counted by the full-text index without visiting a card."""
    if where == _FTS:
        return int(index.rows("SELECT count(*) FROM cards_fts WHERE cards_fts MATCH ?", params)[0][0])
    return int(index.rows(f"SELECT count(*) FROM cards WHERE {where}", params)[0][0])


def _type_order() -> str:
    assert all(t.isalpha() for t in CARD_TYPES)  # constants of korbiro, safe as an SQL literal
    return f"instr('|{'|'.join(CARD_TYPES)}|', '|' || cards.type || '|'), cards.name_fold, cards.id"


#: ``--sort`` keys -> ORDER BY (constant SQL; X-cost cards and missing values last).
SORTS: dict[str, str] = {
    "name": "cards.name_fold, cards.id",
    "id": "cards.id",
    "mp": "cards.mp_num IS NULL, cards.mp_num, cards.name_fold, cards.id",
    "dp": "cards.dp IS NULL, cards.dp, cards.name_fold, cards.id",
    "level": "cards.level IS NULL, cards.level, cards.name_fold, cards.id",
    "type": _type_order(),  # the rulebook order of the card types
}


class _Compiler:
    """Turns query nodes into parameterised SQL conditions over ``cards`` that are never NULL."""

    #: (index key, column) -> folded value -> the values as stored; shared by the compilers of one process
    _values: dict[tuple[str, str], dict[str, list[str]]] = {}

    def __init__(self, index: CardIndex, query: Query, formats: FormatSet | None = None,
                 date: dt.date | None = None) -> None:
        self.index = index
        self.query = query
        self.formats = formats
        self.date = date or dt.date.today()
        #: (format id, status) -> the kinds of card with that status on the day
        self._kinds: dict[tuple[str, str], list[str]] = {}

    def values(self, column: str, field: str = "") -> dict[str, list[str]]:
        """Folded value -> the values as stored, for one of the constant columns of :data:`COLUMNS`
        (for a list field, its items)."""
        key = (self.index.key, f"{column}:{field}")
        found = self._values.get(key)
        if found is None:
            found = {}
            sql = ("SELECT DISTINCT value FROM items WHERE field = ?" if field else
                   f"SELECT DISTINCT {column} FROM cards WHERE {column} IS NOT NULL")
            for (value,) in self.index.rows(sql, (field,) if field else ()):
                found.setdefault(fold(str(value)), []).append(value)
            if len(self._values) > 64:
                self._values.clear()
            self._values[key] = found
        return found

    def sql(self, node: Node) -> tuple[str, list[Any]]:
        if isinstance(node, Term):
            return self.term(node)
        if isinstance(node, Filter):
            return self.filter(node)
        if isinstance(node, Not):
            inner, params = self.sql(node.child)
            return f"NOT ({inner})", params
        if isinstance(node, And):
            return self.conjunction(node)
        if isinstance(node, Or):
            return self.join(" OR ", node.children)
        raise TypeError(f"not a query node: {node!r}")  # pragma: no cover - the parser builds only these

    def join(self, word: str, children: Sequence[Node]) -> tuple[str, list[Any]]:
        parts: list[str] = []
        params: list[Any] = []
        for c in children:
            sql, p = self.sql(c)
            parts.append(f"({sql})")
            params.extend(p)
        return word.join(parts), params

    @staticmethod
    def term(node: Term) -> tuple[str, list[Any]]:
        if not node.searchable:  # FTS5 would drop it from a longer query: it matches nothing, alone or not
            return "0", []
        return _FTS, [node.match_string()]

    def conjunction(self, node: And) -> tuple[str, list[Any]]:
        if not node.children:  # the empty query
            return "1", []
        # words and phrases side by side are one FTS5 query (its blank is AND): one index lookup
        terms = [c for c in node.children if isinstance(c, Term) and c.searchable]
        if len(terms) < 2:
            return self.join(" AND ", node.children)
        sql, params = self.join(" AND ", [c for c in node.children if c not in terms])
        match = " ".join(t.match_string() for t in terms)
        return (f"({_FTS}) AND {sql}" if sql else _FTS), [match, *params]

    def filter(self, node: Filter) -> tuple[str, list[Any]]:
        # Every condition is two-valued: a nullable column is tested for NULL first (FALSE AND NULL
        # is FALSE), the others are NOT NULL in the index; no coalesce(), so that indexes stay usable.
        spec = node.spec
        op = "=" if node.op == ":" else node.op
        v = fold(node.value)
        if spec.kind == "keyword":
            keyword, where = keyword_numbers()[keyword_key(node.value)]
            sql = "cards.rowid IN (SELECT card FROM keywords WHERE keyword_fold = ?"
            params: list[Any] = [fold(keyword)]
            if node.compare is not None and where is not None:
                number = _KEYWORD_NUMBER[where]
                cmp = "=" if node.compare == ":" else node.compare
                sql += f" AND {number} IS NOT NULL AND {number} {cmp} ?"
                params.append(node.number)
            sql += ")"
            return (f"NOT ({sql})", params) if node.op == "!=" else (sql, params)
        if spec.kind == "format":
            return self.status(node)
        column = COLUMNS[spec.name]
        if spec.kind == "flag":  # errata: how many times the text changed (0 without a history)
            return (f"{column} > 0" if FLAG_VALUES[v] else f"{column} = 0"), []
        if spec.kind == "date":  # ISO dates compare as text
            return f"({column} IS NOT NULL AND {column} {op} ?)", [node.value]
        if spec.kind == "number":
            if v == "x":  # an X cost, "X" or "NX" (stored as JSON text: "3X")
                x_cost = "(cards.mp IS NOT NULL AND substr(cards.mp, -2) = ?)"
                return (f"NOT {x_cost}" if op == "!=" else x_cost), ['X"']
            return f"({column} IS NOT NULL AND {column} {op} ?)", [int(v)]
        if spec.kind in ("contains", "prefix"):
            if node.op == ":":
                if spec.kind == "contains":
                    return f"({column} IS NOT NULL AND instr({column}, ?) > 0)", [v]
                return f"substr({column}, 1, length(?)) = ?", [v, v]
            return f"({column} IS NOT NULL AND {column} {op} ?)", [v]
        # type, words, exact, list: resolved against the values the database holds
        stored = self.values(column, spec.name if spec.kind == "list" else "")
        if spec.kind == "type":
            v = fold(TYPE_ALIASES.get(v, v))
        if node.op == ":" and spec.kind != "exact":
            wanted = " " + v.replace("-", " ")
            hits = [s for f, values in stored.items() if wanted in " " + f.replace("-", " ") for s in values]
        else:
            hits = list(stored.get(v, []))
        sql, params = _in(column, hits)
        if spec.kind == "list":  # some item matches; != : the card has items, and none is the value
            some = f"cards.rowid IN (SELECT card FROM items WHERE field = ? AND {sql})"
            if node.op == "!=":
                has = "cards.rowid IN (SELECT card FROM items WHERE field = ?)"
                return f"({has} AND NOT ({some}))", [spec.name, spec.name, *params]
            return some, [spec.name, *params]
        if node.op == "!=":
            return f"({column} IS NOT NULL AND NOT ({sql}))", params
        return f"({column} IS NOT NULL AND {sql})", params

    def status(self, node: Filter) -> tuple[str, list[Any]]:
        """``legal:F`` (not banned), ``banned:F``, ``restricted:F``: the kinds of card with that status on the day."""
        # lazy: only a query of legal:, banned: or restricted: reads the formats
        from .formats import UnknownFormatError, load_formats

        formats = self.formats if self.formats is not None else load_formats()
        try:
            form = formats.get(node.value)
        except UnknownFormatError as exc:  # said at the value's column, as every query error is
            raise self.query.error(CODE_VALUE, node.value_start, "QUERY-VALUE.format", value=node.value,
                                   close=exc.message_args["close"], formats=exc.message_args["known"]) from None
        wanted = "restricted" if node.field == "restricted" else "banned"
        key = (form.id, wanted)
        kinds = self._kinds.get(key)
        if kinds is None:
            kinds = sorted(k for k, ev in form.statuses(self.index, self.date).items() if ev.status == wanted)
            self._kinds[key] = kinds
        sql, params = _in("cards.kind", kinds)
        return (f"NOT ({sql})", params) if node.field == "legal" else (sql, params)


def _in(column: str, values: Sequence[Any]) -> tuple[str, list[Any]]:
    if not values:
        return "0", []
    return f"{column} IN ({', '.join('?' * len(values))})", list(values)


def condition(query: Query, index: CardIndex, *, formats: FormatSet | None = None,
              date: dt.date | None = None) -> tuple[str, list[Any]]:
    """The WHERE condition over the index's ``cards`` table and its parameters."""
    return _Compiler(index, query, formats, date).sql(query.root)


@dataclass(frozen=True)
class SearchResult:
    """The cards a query matched (sorted, at most ``limit``) and how many matched in all."""

    query: Query
    cards: Sequence[Card]
    count: int
    #: card id -> the clauses (as written) that hold for it, when explained
    matched: dict[str, list[str]] | None = None

    def to_dict(self, text: str, *, sort: str = "name", limit: int | None = None) -> dict[str, Any]:
        """The result as ``korbiro card search --format json`` prints it (*text*: the query as typed);
        each card has ``matched``, its clauses, when the search was explained."""
        cards = []
        for c in self.cards:
            entry = c.to_dict()
            if self.matched is not None:
                entry["matched"] = self.matched.get(c.id, [])
            cards.append(entry)
        return {"query": text, "parsed": self.query.render(), "tree": self.query.to_json(), "count": self.count,
                "limit": limit, "sort": sort, "cards": cards}


def query_error_to_dict(text: str, exc: RulesSyntaxError, lang: str = "en") -> dict[str, Any]:
    """The JSON of a query that does not parse: its code, column and reason (in *lang*)."""
    reason = getattr(exc, "reason_hu" if lang == "hu" else "reason", None) or getattr(exc, "reason", exc.message)
    return {"query": text, "error": {"code": exc.code, "column": exc.column, "message": reason}}


def search(index: CardIndex, query: Query | str, *, sort: str = "name", limit: int | None = None,
           explain: bool = False, formats: FormatSet | None = None, date: dt.date | None = None,
           shown: bool = False) -> SearchResult:
    """The cards of *index* matching *query*, sorted by a key of :data:`SORTS`, at most *limit*.

    A query given as text is parsed first; a query that does not parse, or
    names a format *formats* does not have, raises
    :class:`~korbiro.base.errors.RulesSyntaxError` with its column.
    ``legal:``, ``banned:`` and ``restricted:`` read *formats* (default: the
    shipped formats file) as of *date* (default: today).  With *shown*, only
    the columns of a result table are read at first (:meth:`CardIndex.select`):
    the cards are the same, the rest of each is read if it is asked for.
    """
    parsed = parse_query(query) if isinstance(query, str) else query
    compiler = _Compiler(index, parsed, formats, date)
    where, params = compiler.sql(parsed.root)
    if where == _FTS and sort == "name" and limit is not None:
        # words alone, the first few in name order: the full-text index's own order (all of them are
        # read quicker in the order of the cards' rows, and sorted)
        cards = index.words(params[0], limit, shown=shown)
        count = _count(index, where, params)
    elif limit is None:
        cards = index.select(where, params, order=SORTS[sort], shown=shown)
        count = len(cards)
    else:
        count = _count(index, where, params)
        if sort == "name" and count * count > limit * index.size:
            # many matches: the first in name order come soonest walking the names in order, each
            # card tested as it comes (instead of every match looked up and sorted)
            cards = index.select(where, params, order=SORTS[sort], limit=limit, shown=shown, walk="cards_name_fold")
        else:
            cards = index.select(where, params, order=SORTS[sort], limit=limit, shown=shown)
    matched: dict[str, list[str]] | None = None
    if explain:
        matched = {c.id: [] for c in cards}
        for clause in parsed.clauses():
            sql, p = compiler.sql(clause)
            for (cid,) in index.rows(f"SELECT cards.id FROM cards WHERE ({where}) AND ({sql})", [*params, *p]):
                if cid in matched:
                    matched[cid].append(clause.text)
    return SearchResult(parsed, cards, count, matched)
