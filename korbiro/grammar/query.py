"""The card search language: a query parsed into a tree, with its canonical text and JSON.

A Scryfall-like language (docs/card-search.md), parsed with the LALR grammar
``query.lark``:

    >>> q = parse_query("type:kalandozó mp<=3 -kw:ŐSERŐ or faj:sarkany")
    >>> q.render()
    '(type:kalandozó mp<=3 -kw:ŐSERŐ) or race:sarkany'
    >>> [c.text for c in q.clauses()]
    ['type:kalandozó', 'mp<=3', '-kw:ŐSERŐ', 'faj:sarkany']
    >>> parse_query("mp<=3 (faj:elf")
    Traceback (most recent call last):
      ...
    korbiro.base.errors.RulesSyntaxError: column 15: unexpected end of query; expected ')' to close the '(' at column 7
      mp<=3 (faj:elf
                    ^

* blanks join terms (AND); ``or``/``vagy`` joins alternatives and binds looser
  than AND, so ``a b or c`` is ``(a b) or c``; ``-`` negates a term, a filter
  or a parenthesised group and binds tightest;
* free words are searched as word prefixes, ``"quoted phrases"`` as exact
  word sequences, in card names and texts (the index's FTS5 table, accents
  and case folded);
* filters (``field`` + operator + value, no blanks inside) test one field;
  field names and values are accent- and case-insensitive.

This module is the language alone: the tree, its canonical text and its
JSON.  The SQL made from a tree, and running it on the card index, are the
data layer's (:mod:`korbiro.data.search`).

Errors are :class:`~korbiro.base.errors.RulesSyntaxError` with the 1-based
``column`` and a message naming what was expected, followed by the query and
a caret.  Their codes: ``QUERY-SYNTAX`` (does not parse), ``QUERY-FIELD``
(an unknown field, with a did-you-mean), ``QUERY-VALUE`` (a value the field
cannot take: a number, a card type, a keyword), ``QUERY-TOO-LONG``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput

from ..base import i18n
from ..base.errors import RulesSyntaxError
from ..base.text import close_matches, fold
from . import prebuilt
from .keywords import KEYWORD_CLASSES, Antissjaras, NumericKeyword, Raepites, Szellem
from .larkerror import fault
from .vocabulary import CARD_TYPES, TYPE_ALIASES

__all__ = [
    "FIELDS",
    "FLAG_VALUES",
    "MAX_DEPTH",
    "MAX_QUERY_CHARS",
    "TYPE_ALIASES",
    "And",
    "Field",
    "Filter",
    "Node",
    "Not",
    "Or",
    "Query",
    "Term",
    "fields_markdown",
    "keyword_key",
    "keyword_numbers",
    "parse_query",
]

#: The longest query accepted, in characters.
MAX_QUERY_CHARS = 1000
#: The deepest nesting of parentheses accepted.
MAX_DEPTH = 32
#: The largest number a numeric filter takes (``mp<=999999``).
MAX_NUMBER_DIGITS = 6

CODE_SYNTAX = "QUERY-SYNTAX"
CODE_FIELD = "QUERY-FIELD"
CODE_VALUE = "QUERY-VALUE"
CODE_TOO_LONG = "QUERY-TOO-LONG"


# --------------------------------------------------------------------- fields


@dataclass(frozen=True)
class Field:
    """A field a filter can test: its canonical name, every accepted spelling and its kind.

    Kinds: ``number`` (a column compared with ``: = < <= > >= !=``), ``words``
    (``:`` matches a word of the value by its start, ``=`` the whole value),
    ``type`` (like ``words``, over the card types, English names accepted),
    ``list`` (like ``words``, over each item of a list: skills, spheres,
    icons), ``contains`` (``:`` matches anywhere in the value), ``prefix``
    (``:`` matches the value's start), ``exact`` (``:`` and ``=`` both match
    the whole value), ``keyword`` (the card has the keyword;
    ``kw:KEYWORD>=N`` compares its number), ``flag`` (``yes``/``no``),
    ``date`` (a ``YYYY-MM-DD`` day compared like a number) and ``format``
    (the card's status in a tournament format's banlist, as of a day).

    ``help`` is the field's row in docs/card-search.md (:func:`fields_markdown`);
    ``card`` says whether the field is a value of the card (a column of
    ``card search --format csv``) rather than a test of it.
    """

    name: str
    names: tuple[str, ...]
    kind: str
    help: str
    ops: tuple[str, ...] = (":", "=", "!=")
    card: bool = True


_NUMBER_OPS = (":", "=", "<", "<=", ">", ">=", "!=")

#: Every field, in the order of docs/card-search.md (its table is made from this one).  The names
#: of the set file's card fields (korbiro/data/schemas/mk-set.schema.json) are the canonical ones.
FIELDS: tuple[Field, ...] = (
    Field("type", ("type", "típus", "t"), "type",
          "the card type: `kalandozó`, `küldetés`, `építmény`, `akadálylap`, `akciólap`, `eseménylap`, "
          "`toronyszint`, `szövetséges`; or in English `adventurer`, `quest`, `building`, `obstacle`, `action`, "
          "`event`, `tower`, `ally`"),
    Field("subtype", ("subtype", "altípus"), "words",
          "the subtype: `csapda`, `bestia`, `varázslat`, `pusztakezes támadás`, …"),
    Field("race", ("race", "faj"), "words", "an adventurer's race: `ember`, `sárkány`, `udvari ork`, …"),
    Field("set", ("set", "készlet"), "exact", "the set code: `MINTA`"),
    Field("kw", ("kw", "keyword", "kulcsszó"), "keyword",
          "a keyword of docs/card-text.md; `kw:KEYWORD>=N` compares its number"),
    Field("name", ("name", "név"), "contains", "the printed name"),
    Field("text", ("text", "szöveg", "o", "oracle"), "contains", "the card text", (":",)),
    Field("id", ("id",), "prefix", "the card id: `MINTA-042`"),
    Field("mp", ("mp",), "number", "the MP value; `x` for an X-cost card", _NUMBER_OPS),
    Field("dp", ("dp",), "number", "the DP value (quests, buildings)", _NUMBER_OPS),
    Field("level", ("level", "szint"), "number", "an adventurer's level", _NUMBER_OPS),
    Field("fal", ("fal", "wall"), "number", "the FAL value (tower levels, buildings)", _NUMBER_OPS),
    Field("fizikum", ("fizikum", "physique"), "number", "an adventurer's Fizikum", _NUMBER_OPS),
    Field("asztral", ("asztrál", "astral"), "number", "an adventurer's Asztrál", _NUMBER_OPS),
    Field("mental", ("mentál",), "number", "an adventurer's Mentál", _NUMBER_OPS),
    Field("class", ("class", "kaszt", "főkaszt"), "list",
          "a main class of an adventurer, or one an action card asks for: `harcos`, `pap`, "
          "`varázshasználó`, … (a card with several has each)"),
    Field("subclass", ("subclass", "alkaszt"), "list", "a sub-class: `tolvaj`, `lovag`, `bárd`, …"),
    Field("descriptor", ("descriptor", "színesítő", "desc"), "list",
          "a word of the descriptor line: `toroni`, `dwoon`, `nő`, `iker`, `ranagol-hívő`, …"),
    Field("alignment", ("alignment", "jellem"), "words",
          "an adventurer's alignment: `élet`, `halál`, `rend`, `káosz` (`jellem:élet` also finds `rend-élet`)"),
    Field("skills", ("skills", "skill", "képzettség"), "list", "a skill of an adventurer: `zárnyitás`, …"),
    Field("spheres", ("spheres", "sphere", "szféra"), "list",
          "a sphere of an adventurer or an action card: `tűz`, `élet`, `mentál`, …"),
    Field("icons", ("icons", "icon", "ikon"), "list", "a corner icon: `kard`, `pajzs`, `csillag`, …"),
    Field("attackers", ("attackers", "támadók"), "number", "a building's Támadók (the capturing team's size)",
          _NUMBER_OPS),
    Field("defenders", ("defenders", "védők"), "number", "a building's Védők (the obstructing team's size)",
          _NUMBER_OPS),
    Field("requirement", ("requirement", "küldetésfeltétel"), "contains",
          "a quest's or building's condition, as printed (any of its alternatives)"),
    Field("location", ("location", "helyszín"), "contains", "a quest's location, as printed"),
    Field("school", ("school", "iskola"), "words",
          "an action card's school or discipline: `Tűzmágia`, `Közelharci támadás`, `Pyarroni psi`, …"),
    Field("damage", ("damage", "sebzés"), "number", "an action card's printed damage", _NUMBER_OPS),
    Field("property", ("property", "prop", "properties", "tulajdonság"), "list",
          "a printed property: `psi`, `jelző` (`token`), `nevesített` (`named`)"),
    Field("mark", ("mark", "marks", "jelölés"), "list",
          "a mark of one of the card's abilities: `harci` (`combat`), `egyszeri` (`once`), `állandó`, …"),
    Field("condition", ("condition", "feltétel"), "contains", "the play condition (5.01.C), as printed"),
    Field("phase", ("phase", "fázis"), "list",
          "a phase the card is summoned in: `Sor`, `harc`, `Forduló zárása`, … (a `Sor/Harc` card has both)"),
    Field("duration", ("duration", "időtartam"), "words",
          "the duration: `végleges`, `felhasználás`, `forduló`, `harc`, `pillanat`"),
    Field("rarity", ("rarity", "ritkaság", "r"), "words",
          "`gyakori`, `nem gyakori`, `ritka`, `nagyon ritka`, `promó` (`r:ritka` also finds `nagyon ritka`; "
          "`r=ritka` does not)"),
    Field("printing", ("printing", "kiadás"), "words", "the printing: `eredeti`, `szélesvásznú`"),
    Field("artist", ("artist", "a", "illusztrátor"), "contains", "the illustrator, as credited"),
    Field("flavor", ("flavor", "flavour", "ft", "hangulat"), "contains", "the flavour text", (":",)),
    Field("behaviour", ("behaviour", "behavior", "viselkedés", "does"), "words",
          "what the card does (docs/card-behaviour.md): a field of its `behaviour:` (`ability`, `effect`, "
          "`triggers`, `constant`, `on_reveal`, `beast`, …) or a trigger's moment (`forduló-zárása`, "
          "`erőforrás`, `siege_won`, `wounded`)"),
    Field("errata", ("errata", "erráta"), "flag",
          "`yes` (`igen`): the card's text has changed (its `history:` has more than one version, "
          "docs/data-format.md); `no` (`nem`): it has not", (":", "=")),
    Field("changed", ("changed", "változott"), "date",
          "the date of the card's newest text, `YYYY-MM-DD` (the last version's `from`); only cards whose text "
          "has changed have one", _NUMBER_OPS),
    Field("legal", ("legal", "f", "format", "formátum"), "format",
          "a format (`korfordulo`, `frissen-bontott`, `draft`): the card is not banned in it on `--date` "
          "(restricted cards are legal)", (":",), card=False),
    Field("banned", ("banned", "tiltott"), "format", "a format: the card is banned in it on `--date`", (":",),
          card=False),
    Field("restricted", ("restricted", "korlátozott"), "format",
          "a format: the card is restricted in it on `--date` (a deck may hold only a few copies)", (":",),
          card=False),
)

#: The values of a ``flag`` field: yes and no, in English and Hungarian.
FLAG_VALUES: dict[str, bool] = {"yes": True, "igen": True, "true": True, "no": False, "nem": False, "false": False}

_FIELD_BY_NAME: dict[str, Field] = {fold(n): f for f in FIELDS for n in (f.name, *f.names)}


def fields_markdown() -> str:
    """The field table of docs/card-search.md, made from :data:`FIELDS` (a test keeps the doc's copy current)."""
    rows = ["| field | also | value | operators |", "|---|---|---|---|"]
    for f in FIELDS:
        also = ", ".join(f"`{n}`" for n in f.names if n != f.name)
        ops = " ".join(f"`{op}`" for op in f.ops)
        rows.append(f"| `{f.name}` | {also} | {f.help} | {ops} |")
    return "\n".join(rows) + "\n"



@cache
def keyword_numbers() -> dict[str, tuple[str, str | None]]:
    """Folded keyword -> (canonical keyword, where its number stands, or None).

    ``"value"``: the keyword's X (or the ANTISSJÁRÁS level); ``"lead"``: the
    number right after the keyword in its canonical line (``SZELLEM 3 "…"``,
    ``RÁÉPÍTÉS 2 MP``).  The data layer turns these into SQL.
    """
    out: dict[str, tuple[str, str | None]] = {}
    for cls in KEYWORD_CLASSES:
        if not cls.keyword:
            continue
        number: str | None = None
        if issubclass(cls, NumericKeyword) or cls is Antissjaras:
            number = "value"
        elif cls in (Szellem, Raepites):
            number = "lead"
        key = fold(cls.keyword)
        if key not in out or out[key][1] is None:
            out[key] = (cls.keyword, number)
    return out


# ------------------------------------------------------------------ the AST


_HEAD = re.compile(r"[^\W\d_]\w*(?:<=|>=|!=|[:=<>])")
_PLAIN_VALUE = re.compile(r"(?:[^\s()\"'<>=:!\-]|!(?!=))(?:[^\s()\"<>=:!]|!(?!=))*\Z")
_RESERVED = {"or", "vagy", "and", "és"}


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _render_value(text: str) -> str:
    if _PLAIN_VALUE.match(text) and text.casefold() not in _RESERVED:
        return text
    return _quote(text)


@dataclass(frozen=True)
class Node:
    """A node of a parsed query; ``start`` and ``end`` are its offsets in the query text."""

    start: int = field(compare=False, repr=False)
    end: int = field(compare=False, repr=False)
    #: the query text of this node, as written (for explanations)
    text: str = field(compare=False, repr=False)
    #: how deep parentheses nest inside this node
    depth: int = field(default=0, compare=False, repr=False, kw_only=True)

    def render(self) -> str:
        """The canonical text: canonical field names, parentheses where OR stands inside AND."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def clauses(self) -> Iterator[Node]:
        """The clauses ``--explain`` reports: terms, filters, and negated terms or groups."""
        yield self


@dataclass(frozen=True)
class Term(Node):
    """A free word (matched as a word prefix) or a quoted phrase (an exact word sequence)."""

    value: str
    phrase: bool = False

    def render(self) -> str:
        return _quote(self.value) if self.phrase else self.value

    def match_string(self) -> str:
        """The FTS5 MATCH string: the folded text as one quoted FTS5 string, ``*`` for a prefix."""
        escaped = '"' + fold(self.value).replace('"', '""') + '"'
        return escaped if self.phrase else escaped + "*"

    @property
    def searchable(self) -> bool:
        """Whether the text has a letter or digit: punctuation alone is in no card as a word."""
        return any(ch.isalnum() for ch in fold(self.value))

    def to_json(self) -> dict[str, Any]:
        return {"phrase" if self.phrase else "word": self.value}


@dataclass(frozen=True)
class Filter(Node):
    """``field`` ``op`` ``value``, and for a keyword optionally ``compare`` ``number``."""

    field: str
    op: str
    value: str
    compare: str | None = None
    number: int | None = None

    @property
    def spec(self) -> Field:
        return next(f for f in FIELDS if f.name == self.field)

    @property
    def value_start(self) -> int:
        """The offset of the value in the query text (after the field name and its operator)."""
        m = _HEAD.match(self.text)
        return self.start + (m.end() if m else 0)

    def render(self) -> str:
        out = f"{self.field}{self.op}{_render_value(self.value)}"
        if self.compare is not None:
            out += f"{self.compare}{self.number}"
        return out

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"field": self.field, "op": self.op, "value": self.value}
        if self.compare is not None:
            out.update(compare=self.compare, number=self.number)
        return out


@dataclass(frozen=True)
class Not(Node):
    """``-x``: the cards that *x* does not match."""

    child: Node

    def render(self) -> str:
        inner = self.child.render()
        return f"-({inner})" if isinstance(self.child, (And, Or)) else f"-{inner}"

    def to_json(self) -> dict[str, Any]:
        return {"not": self.child.to_json()}


@dataclass(frozen=True)
class And(Node):
    """Every child matches (terms side by side); with no children, the empty query: every card."""

    children: tuple[Node, ...]

    def render(self) -> str:
        return " ".join(f"({c.render()})" if isinstance(c, Or) else c.render() for c in self.children)

    def to_json(self) -> dict[str, Any]:
        return {"and": [c.to_json() for c in self.children]}

    def clauses(self) -> Iterator[Node]:
        for c in self.children:
            yield from c.clauses()


@dataclass(frozen=True)
class Or(Node):
    """Some child matches (``or``, ``vagy``)."""

    children: tuple[Node, ...]

    def render(self) -> str:
        return " or ".join(f"({c.render()})" if isinstance(c, And) else c.render() for c in self.children)

    def to_json(self) -> dict[str, Any]:
        return {"or": [c.to_json() for c in self.children]}

    def clauses(self) -> Iterator[Node]:
        for c in self.children:
            yield from c.clauses()


# ------------------------------------------------------------------ the query


@dataclass(frozen=True)
class Query:
    """A parsed query: its text and its tree."""

    source: str
    root: Node

    def render(self) -> str:
        """The canonical form (``parse_query(q.render())`` has the same tree)."""
        return self.root.render()

    def to_json(self) -> dict[str, Any]:
        return self.root.to_json()

    def clauses(self) -> list[Node]:
        return list(self.root.clauses())

    @property
    def everything(self) -> bool:
        """Whether the query is empty: it matches every card."""
        return isinstance(self.root, And) and not self.root.children

    def error(self, code: str, pos: int, key: str, /, **args: Any) -> RulesSyntaxError:
        """A :class:`~korbiro.base.errors.RulesSyntaxError` at offset *pos* of the query (for the checks
        that need the data, such as a format's name), its message the template *key* with *args*,
        with the query and a caret."""
        return _error(self.source, code, pos, i18n.part(key, **args))


# ------------------------------------------------------------------- parsing


class _Syntax(Exception):
    """An error found while building the tree: its code, offset and message (a template and its
    arguments, :func:`korbiro.base.i18n.part`)."""

    def __init__(self, code: str, pos: int, key: str, /, **args: Any) -> None:
        super().__init__(i18n.message(key, "en", **args))
        self.code = code
        self.pos = pos
        self.said = i18n.part(key, **args)


def _unquote(token: Token) -> str:
    s = str(token)
    if token.type != "STRING":
        return s
    return re.sub(r"\\(.)", r"\1", s[1:-1], flags=re.S)


def keyword_key(value: str) -> str:
    return " ".join(fold(value).replace("_", " ").replace("-", " ").split())


def _suggest(word: str, choices: Sequence[str]) -> list[str]:
    return close_matches(word, choices)


class _Build(Transformer[Token, Node]):
    """Builds query nodes while the LALR parser reduces (so deep input never recurses)."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)

    def word(self, items: list[Token]) -> Node:
        (tok,) = items
        if str(tok).casefold() in _RESERVED:
            raise _Syntax(CODE_SYNTAX, tok.start_pos or 0, "QUERY-SYNTAX.reserved", word=str(tok))
        return Term(tok.start_pos or 0, tok.end_pos or 0, "", str(tok))

    def phrase(self, items: list[Token]) -> Node:
        (tok,) = items
        value = _unquote(tok)
        if not value.strip():
            raise _Syntax(CODE_VALUE, tok.start_pos or 0, "QUERY-VALUE.empty-phrase")
        return Term(tok.start_pos or 0, tok.end_pos or 0, "", value, phrase=True)

    def negation(self, items: list[Any]) -> Node:
        neg, child = items
        start = neg.start_pos or 0
        if isinstance(child, Not):  # --x is x
            return replace(child.child, start=start, end=child.end)
        return Not(start, child.end, "", child, depth=child.depth)

    def group(self, items: list[Any]) -> Node:
        lpar, inner, rpar = items
        assert isinstance(inner, Node)
        if inner.depth >= MAX_DEPTH:
            raise _Syntax(CODE_TOO_LONG, lpar.start_pos or 0, "QUERY-TOO-LONG.depth", depth=MAX_DEPTH)
        return replace(inner, start=lpar.start_pos or 0, end=rpar.end_pos or 0, depth=inner.depth + 1)

    def and_expr(self, items: list[Node]) -> Node:
        children: list[Node] = []
        for c in items:
            children.extend(c.children if isinstance(c, And) else (c,))
        return And(items[0].start, items[-1].end, "", tuple(children), depth=max(c.depth for c in items))

    def or_expr(self, items: list[Node]) -> Node:
        children: list[Node] = []
        for c in items:
            children.extend(c.children if isinstance(c, Or) else (c,))
        return Or(items[0].start, items[-1].end, "", tuple(children), depth=max(c.depth for c in items))

    def filter(self, items: list[Token]) -> Node:
        head = items[0]
        start = head.start_pos or 0
        m = re.match(r"(.*?)(<=|>=|!=|[:=<>])\Z", str(head), re.S)
        assert m is not None
        written, op = m.group(1), m.group(2)
        spec = _FIELD_BY_NAME.get(fold(written))
        if spec is None:
            names = sorted({n for f in FIELDS for n in f.names if len(n) > 1})
            folded = {fold(n): n for n in names}
            close = [folded[c] + op for c in _suggest(fold(written), list(folded))]
            if close:
                raise _Syntax(CODE_FIELD, start, "QUERY-FIELD.close", field=written, op=op, close=close)
            raise _Syntax(CODE_FIELD, start, "QUERY-FIELD", field=written, op=op,
                          fields=", ".join(f.name for f in FIELDS))
        value_tok = items[1]
        head_end = head.end_pos or 0
        if value_tok.start_pos != head_end:
            raise _Syntax(CODE_SYNTAX, head_end, "QUERY-SYNTAX.blank-after", head=str(head), value=str(value_tok))
        if op not in spec.ops:
            raise _Syntax(CODE_VALUE, head_end - len(op), "QUERY-VALUE.operator", field=spec.name, ops=list(spec.ops),
                          op=op)
        value = _unquote(value_tok)
        vpos = value_tok.start_pos or 0
        if not value.strip():
            raise _Syntax(CODE_VALUE, vpos, "QUERY-VALUE.empty", head=str(head))
        compare: str | None = None
        number: int | None = None
        if len(items) > 2:
            cmp_tok, num_tok = items[2], items[3]
            if cmp_tok.start_pos != value_tok.end_pos or num_tok.start_pos != cmp_tok.end_pos:
                pos = (value_tok.end_pos or 0) if cmp_tok.start_pos != value_tok.end_pos else (cmp_tok.end_pos or 0)
                raise _Syntax(CODE_SYNTAX, pos, "QUERY-SYNTAX.blank-inside")
            if spec.kind != "keyword":
                raise _Syntax(CODE_SYNTAX, cmp_tok.start_pos or 0, "QUERY-SYNTAX.compare", cmp=str(cmp_tok))
            compare = str(cmp_tok)
            number = _number(str(num_tok), num_tok.start_pos or 0, f"{str(head)}{value}{compare}")
        _check_value(spec, op, value, vpos, compare, items[2].start_pos if len(items) > 2 else None)
        if spec.kind == "keyword":
            value = keyword_numbers()[keyword_key(value)][0]  # the canonical spelling
        end = (items[-1].end_pos or 0)
        return Filter(start, end, "", spec.name, op, value, compare, number)


def _number(text: str, pos: int, after: str) -> int:
    if not re.fullmatch(r"[0-9]+", text):
        raise _Syntax(CODE_VALUE, pos, "QUERY-VALUE.number", after=after, text=text)
    if len(text) > MAX_NUMBER_DIGITS:
        raise _Syntax(CODE_VALUE, pos, "QUERY-VALUE.too-large", text=text, digits=MAX_NUMBER_DIGITS)
    return int(text)


def _check_value(spec: Field, op: str, value: str, pos: int, compare: str | None, cmp_pos: int | None) -> None:
    v = fold(value)
    if spec.kind == "flag":
        if v not in FLAG_VALUES:
            raise _Syntax(CODE_VALUE, pos, "QUERY-VALUE.flag", field=spec.name, value=value)
    elif spec.kind == "date":
        if not _is_day(value):
            raise _Syntax(CODE_VALUE, pos, "QUERY-VALUE.date", after=spec.name + op, value=value)
    elif spec.kind == "number":
        if v == "x" and spec.name == "mp":
            if op not in (":", "=", "!="):
                raise _Syntax(CODE_VALUE, pos, "QUERY-VALUE.x", op=op)
            return
        _number(value, pos, f"{spec.name}{op}")
    elif spec.kind == "type":
        target = fold(TYPE_ALIASES.get(v, v))
        types = [fold(t) for t in CARD_TYPES]
        ok = target in types if op != ":" else any((" " + t).find(" " + target) >= 0 for t in types)
        if not ok:
            raise _Syntax(CODE_VALUE, pos, "QUERY-VALUE.type", value=value, close=_suggest(target, list(CARD_TYPES)),
                          types=", ".join(CARD_TYPES))
    elif spec.kind == "keyword":
        key = keyword_key(value)
        known = keyword_numbers()
        if key not in known:
            names = {fold(k): k for k, _ in known.values()}
            close = [names[c] for c in _suggest(key, list(names))]
            quoted = " " not in key and any(n.startswith(key + " ") for n in names)
            raise _Syntax(CODE_VALUE, pos, "QUERY-VALUE.keyword", value=value, close=close,
                          quoted=i18n.part("QUERY.hint.quoted") if quoted else "")
        keyword, number = known[key]
        if compare is not None:
            if number is None:
                raise _Syntax(CODE_VALUE, cmp_pos or pos, "QUERY-VALUE.no-number", keyword=keyword)
            if op == "!=":
                raise _Syntax(CODE_VALUE, cmp_pos or pos, "QUERY-VALUE.not-compare", value=value, compare=compare)


def _is_day(text: str) -> bool:
    """Whether *text* is a calendar day written YYYY-MM-DD."""
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _scan(text: str) -> None:
    """Refuse what the grammar should never see: control characters and lone surrogates."""
    for i, ch in enumerate(text):
        o = ord(ch)
        if (o < 32 and ch not in "\t\n\r") or 0x7F <= o <= 0x9F or 0xD800 <= o <= 0xDFFF:
            raise _Syntax(CODE_SYNTAX, i, "QUERY-SYNTAX.control", cp=f"U+{o:04X}")


@cache
def _parser() -> Lark:
    """The query parser, built once per process on first use (with its tree builder embedded)."""
    return prebuilt.load("query.lark", "start", transformer=_Build())


# typographic quotes are read as straight ones (one character for one, so columns stay)
_QUOTES = str.maketrans({"\u201e": '"', "\u201c": '"', "\u201d": '"', "\u00ab": '"', "\u00bb": '"'})


def parse_query(text: str) -> Query:
    """Parse a search query; raises :class:`~korbiro.base.errors.RulesSyntaxError` with the column.

        >>> parse_query('faj:sárkány or -(kw:"igaz név" dp>=2)').to_json()
        {'or': [{'field': 'race', 'op': ':', 'value': 'sárkány'}, {'not': {'and': [{'field': 'kw', 'op': ':', 'value': 'igaz név'}, {'field': 'dp', 'op': '>=', 'value': '2'}]}}]}
    """
    if len(text) > MAX_QUERY_CHARS:
        raise _error(text, CODE_TOO_LONG, MAX_QUERY_CHARS, i18n.part("QUERY-TOO-LONG", n=MAX_QUERY_CHARS))
    source = text.translate(_QUOTES)
    try:
        _scan(source)
        if not source.strip():  # no condition: every card
            return Query(text, And(0, len(text), text, ()))
        root = _parser().parse(source)
    except _Syntax as exc:
        raise _error(text, exc.code, exc.pos, exc.said) from None
    except UnexpectedInput as exc:
        pos, said = _describe(source, exc)
        raise _error(text, CODE_SYNTAX, pos, said) from None
    assert isinstance(root, Node)  # the embedded transformer builds nodes, not a tree
    return Query(text, _with_text(root, text))


def _with_text(node: Node, text: str) -> Node:
    """The tree with each node's ``text`` (its slice of the query) filled in."""
    stack: list[tuple[Node, bool]] = [(node, False)]
    done: list[Node] = []
    while stack:
        n, expanded = stack.pop()
        kids: tuple[Node, ...] = ()
        if isinstance(n, (And, Or)):
            kids = n.children
        elif isinstance(n, Not):
            kids = (n.child,)
        if kids and not expanded:
            stack.append((n, True))
            stack.extend((k, False) for k in reversed(kids))
            continue
        new_kids = [done.pop() for _ in kids][::-1]
        snippet = text[n.start:n.end]
        if isinstance(n, (And, Or)):
            done.append(replace(n, text=snippet, children=tuple(new_kids)))
        elif isinstance(n, Not):
            done.append(replace(n, text=snippet, child=new_kids[0]))
        else:
            done.append(replace(n, text=snippet))
    return done[0]


def _error(text: str, code: str, pos: int, said: dict[str, Any]) -> RulesSyntaxError:
    """The error *said* (a message part) at offset *pos* of the query *text*: ``column N: …``, the
    query and a caret, in either language (the arguments are kept)."""
    pos = max(0, min(pos, len(text)))
    start = max(0, pos - 50)
    before = text[start:pos].replace("\n", " ").replace("\t", " ").replace("\r", " ")
    after = text[pos:pos + 30].replace("\n", " ").replace("\t", " ").replace("\r", " ")
    shown = "".join(ch if ch.isprintable() else "?" for ch in before + after)
    snippet = f"\n  {shown}\n  {' ' * len(before)}^"
    message, args = i18n.said("QUERY.at", col=pos + 1, reason=said, snippet=snippet)
    err = RulesSyntaxError(code, message, column=pos + 1, args={**args, "_template": "QUERY.at"})
    err.reason = i18n.message("QUERY.part", "en", reason=said)  # type: ignore[attr-defined]
    err.reason_hu = i18n.message("QUERY.part", "hu", reason=said)  # type: ignore[attr-defined]
    return err


#: what a token the parser expected is, in words (``WORD.…`` of the catalogues, else as it is)
_DESCRIBE = {
    "RPAR": "')'",
    "_OR": "'or'",
    "CMP": "query-comparison",
    "$END": "query-end",
}


def _describe(text: str, exc: UnexpectedInput) -> tuple[int, dict[str, Any]]:
    """Where a lark error stands and what was expected there, in words (a message part)."""
    where = fault(text, exc)
    pos, expected = where.pos, set(where.expected)
    unexpected = _shown(text, pos) if where.character else "query-end" if where.at_end else repr(where.token)
    ch = text[pos:pos + 1]
    if ch in "\"'" and where.character:
        return pos, i18n.part("QUERY-SYNTAX.unclosed-quote", col=pos + 1, quote=ch)
    term_start = {"WORD", "STRING", "FIELD_OP"} <= expected
    value_only = expected and expected <= {"WORD", "STRING"}
    if value_only:
        head = re.search(r"[^\W\d_]\w*(?:<=|>=|!=|[:=<>])\s*\Z|(?:<=|>=|!=|[:=<>])\s*\Z", text[:pos])
        if head is None:
            return pos, i18n.part("QUERY-SYNTAX.value-expected", unexpected=unexpected)
        return pos, i18n.part("QUERY-SYNTAX.value-expected-after", unexpected=unexpected, after=head.group().strip())
    if ch == ")" and "RPAR" not in expected and _unclosed(text[:pos]) is None:
        return pos, i18n.part("QUERY-SYNTAX.no-open")
    wants: list[Any] = []
    if pos >= len(text.rstrip()) and "RPAR" in expected:
        opened = _unclosed(text)
        wants.append(i18n.part("QUERY.close-paren", col=opened + 1) if opened is not None else "')'")
    elif term_start:
        wants.append("query-term")
    else:
        wants.extend(d for n, d in _DESCRIBE.items() if n in expected)
    extra: dict[str, Any] | str = ""
    if ch and ch in "<>=!:":
        before = text[:pos]
        blank = before and before[-1].isspace() and before.rstrip()[-1:].isalnum()
        extra = i18n.part("QUERY.hint.no-blanks" if blank else "QUERY.hint.needs-field")
    if wants:
        return pos, i18n.part("QUERY-SYNTAX.unexpected-expected", unexpected=unexpected, wants=wants, extra=extra)
    return pos, i18n.part("QUERY-SYNTAX.unexpected", unexpected=unexpected, extra=extra)


def _shown(text: str, pos: int) -> str:
    """The character at *pos* as a message shows it (``query-end``, the word, past the end)."""
    if pos >= len(text):
        return "query-end"
    ch = text[pos]
    if ch.isspace() or not ch.isprintable():
        return f"{ch!r} (U+{ord(ch):04X})"
    return repr(ch)


def _starts_token(text: str, i: int) -> bool:
    """Whether a ``'`` at *i* opens a quote: it does unless it stands inside a word (``d'Arc``)."""
    return i == 0 or text[i - 1].isspace() or text[i - 1] in "()-\"'<>=:!"


def _unclosed(text: str) -> int | None:
    """The offset of the last '(' left open (outside quotes)."""
    opened: list[int] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "\"'" and (ch == '"' or _starts_token(text, i)):
            i += 1
            while i < len(text) and text[i] != ch:
                i += 2 if text[i] == "\\" else 1
        elif ch == "(":
            opened.append(i)
        elif ch == ")" and opened:
            opened.pop()
        i += 1
    return opened[-1] if opened else None
