"""Valid-shaped documents of every input format korbiro reads, as hypothesis strategies, and their mutations.

:mod:`fuzzing` mutates the shipped examples; this module *makes* inputs the way
a user writes them and then breaks them.  Each format has a strategy of
documents built from the real vocabulary: card fields and values from the
sample database (``korbiro/data/mk/cards/MINTA.yaml``), card text from the
card-text grammar, keywords, scenario actions from the action grammar
(``korbiro/grammar/action.lark``, through :func:`hypothesis.extra.lark.from_lark`),
query filters from the query language's field table, and board-game records
played by the games' own legal-move generators.  A document is then mutated
0–3 times (:func:`yaml_mutants`, :func:`text_mutants`): a field made the wrong
type, a huge or negative number, a digit that is not ASCII (``²``, ``①``,
``٣``), a line separator, NUL, a surrogate written as bytes, deep nesting, a
duplicated key or item, a field of another card type.  Hypothesis shrinks a
failing input towards the valid document with the fewest mutations.

Every strategy gives a :class:`Shaped`: the bytes, the file name they are
written under and a label saying what was done, for the report.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import lark
import yaml
from fuzzing import _child, _Emitter, _parent, _paths
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from korbiro.grammar.keywords import KEYWORDS
from korbiro.grammar.query import FIELDS
from korbiro.grammar.vocabulary import CARD_TYPES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "korbiro"
T = TypeVar("T")


@dataclass(frozen=True)
class Shaped:
    """One input: its bytes, the name of the file it is written under, and how it was made."""

    data: bytes
    name: str
    label: str

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # hypothesis's printer: the short form too
        printer.text(repr(self))

    def __repr__(self) -> str:  # hypothesis prints the minimal example with this
        text = self.data.decode("utf-8", "backslashreplace")
        shown = text if len(text) <= 1500 else f"{text[:700]}…[{len(text)} characters]…{text[-300:]}"
        return f"Shaped(name={self.name!r}, label={self.label!r}, data:\n{shown}\n)"


def pick(draw: st.DrawFn, items: Sequence[T]) -> T:
    """One of *items* (hypothesis shrinks towards the first).  Drawn by index: a strategy made anew for every
    draw (``sampled_from`` of a list) would be validated anew, which costs more than the rest of a document."""
    return items[draw(st.integers(0, len(items) - 1))]


def some(draw: st.DrawFn, items: Sequence[T], most: int, *, least: int = 0, unique: bool = False) -> list[T]:
    """Between *least* and *most* of *items* (all different with *unique*)."""
    n = draw(st.integers(least, most))
    if not unique:
        return [pick(draw, items) for _ in range(n)]
    left = list(items)
    return [left.pop(draw(st.integers(0, len(left) - 1))) for _ in range(min(n, len(left)))]


def one_in(draw: st.DrawFn, n: int) -> bool:
    """True once in *n* draws (False, the usual case, is what hypothesis shrinks to)."""
    return draw(st.integers(0, n - 1)) == n - 1


# ------------------------------------------------------------------ the real vocabulary


@cache
def sample_cards() -> tuple[dict[str, Any], ...]:
    """The sample database's cards, as its set file holds them."""
    doc = yaml.safe_load((PACKAGE / "data" / "mk" / "cards" / "MINTA.yaml").read_text("utf-8"))
    return tuple(doc["cards"])


@cache
def card_names() -> tuple[str, ...]:
    return tuple(c["name"] for c in sample_cards())


@cache
def cards_of_type() -> dict[str, tuple[dict[str, Any], ...]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for card in sample_cards():
        out.setdefault(card["type"], []).append(card)
    return {k: tuple(v) for k, v in out.items()}


@cache
def field_values() -> dict[str, tuple[Any, ...]]:
    """Every value each card field takes in the sample (lists flattened to their items too)."""
    out: dict[str, list[Any]] = {}
    for card in sample_cards():
        for key, value in card.items():
            seen = out.setdefault(key, [])
            for v in [value, *(value if isinstance(value, list) else [])]:
                if v not in seen and not isinstance(v, dict):
                    seen.append(v)
    return {k: tuple(v) for k, v in out.items()}


@cache
def text_lines() -> tuple[str, ...]:
    """Every line of card text in the sample (keywords with their values, free text)."""
    return tuple(sorted({ln.strip() for c in sample_cards() for ln in str(c.get("text") or "").splitlines()
                         if ln.strip()}))


@cache
def timeline_options() -> dict[str, tuple[str, ...]]:
    from korbiro.rules.mk.timeline.rules import OPTIONS

    return {name: tuple(o.values) for name, o in OPTIONS.items()}


@cache
def rule_ids() -> tuple[str, ...]:
    from korbiro.rules.mk.rulebook import load_rulebook

    return tuple(load_rulebook().ids)[:400]


@cache
def variants() -> tuple[str, ...]:
    doc = yaml.safe_load((PACKAGE / "data" / "mk" / "variants.yaml").read_text("utf-8"))
    return tuple(doc["variants"])


@cache
def deck_formats() -> tuple[str, ...]:
    doc = yaml.safe_load((PACKAGE / "data" / "mk" / "formats.yaml").read_text("utf-8"))
    return tuple(doc["formats"])


@cache
def shipped_scenarios() -> tuple[dict[str, Any], ...]:
    """The shipped ruling scenarios, as documents (what their ``effects:``, phases and expectations look like)."""
    out = []
    for path in sorted((ROOT / "examples" / "rulings").glob("*.yaml")):
        doc = yaml.safe_load(path.read_text("utf-8"))
        if isinstance(doc, dict):
            out.append(doc)
    return tuple(out)


@cache
def scenario_values(key: str) -> tuple[Any, ...]:
    """The values the shipped scenarios give *key* (``setup.phase``, ``effects``, ``expect.result``, …)."""
    out: list[Any] = []
    for doc in shipped_scenarios():
        value: Any = doc
        for part in key.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        if value is not None and value not in out:
            out.append(value)
    return tuple(out)


PLAYERS = ("Anna", "Béla", "Cili", "Dani")
STATES = ("éber", "pihenő", "sérült", "awake", "resting", "wounded")
ZONES = ("hand", "jövő", "sor", "jelen", "torony", "raktár", "múlt", "mélység", "megoldott", "kívül")
#: where a card of each type stands in a set-up (the rest go in a hand or the future deck)
ZONE_OF_TYPE = {"kalandozó": "sor", "küldetés": "jelen", "építmény": "jelen", "eseménylap": "jelen",
                "toronyszint": "torony", "szövetséges": "sor", "akadálylap": "hand", "akciólap": "hand"}
#: every field name any card, scenario or deck knows: a field of another kind is a likely mistake
ALL_FIELDS = ("id", "name", "type", "subtype", "mp", "dp", "text", "level", "race", "fizikum", "asztral", "mental",
              "class", "subclass", "alignment", "skills", "spheres", "icons", "fal", "attackers", "defenders",
              "requirement", "phase", "duration", "rarity", "history", "behaviour", "flavor", "printing",
              "artist", "condition", "state", "damage", "counters", "ghost", "controller", "attach", "card",
              "count", "laplimit", "torony", "pakli", "cserepakli", "kéz", "jövő", "sor", "players", "variant")


# ------------------------------------------------------------------ odd values


#: numbers as a careless or hostile editor writes them (YAML text)
NUMBERS = ("0", "-1", "-7", "1000000", "2147483648", "-2147483649", "9223372036854775808", "99999999999999999999",
           "9" * 5000, "1e309", "-1e309", ".inf", "-.inf", ".nan", "1.5", "3.0", "0x1F", "0o17", "012", "+3", "1_000",
           "²", "①", "٣", "３", "Ⅻ", "'3'", "true", "~", "[3]", "{n: 3}")
#: text with characters that break naive code (YAML text; some need the double-quoted escapes)
STRINGS = ("²", "①", "٣", "x²", "3①", "'\u2028'", '"a\\Lb"', '"\\0"', '"a\\0b"', '"\\ud800"', '"\\udfff x"',
           '"\\x85"', '"\\e"', "\u200b", "\ufeff", "e\u0301", "Аnna", "\u202eanna", "🂡", "''", "' '",
           '"\\t"', "x" * 100_000, "ő" * 20_000, "'%s %d {0} {name}'", "'<script>alert(1)</script>'",
           "'../../etc/passwd'", "'C:\\\\con'", "'\"'", "'\\\\'", "'#'", "'a: b'", "'- x'", "'*'", "'&a'")
#: values of every other type
WRONG_TYPES = ("~", "true", "false", "[]", "{}", "[1, x]", "{a: 1}", "0", "-1", "''", "!!binary AAAA", "!!int x",
               "!card x", "*nope", "&a x", "!!python/object/apply:os.system [echo]", "2024-02-30", "1:30",
               "!!set {a, b}", "!!omap [a: 1]", "[[[[[[[[]]]]]]]]")
#: nesting past any sensible depth, in flow and block style
DEEP = ("[" * 1000 + "]" * 1000, "[" * 70 + "x" + "]" * 70, "{a: " * 300 + "1" + "}" * 300, "[{" * 200 + "}]" * 200)
#: bytes that are not UTF-8, and control characters written raw
RAW = (b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\x00", b"\x1b[31m", b"\xe2\x80\xa8", b"\xc2\x85",
       b"\r", b"\t")
#: tokens for the text formats (deck lists, records, queries, actions)
TOKENS = ("", "0", "-1", "99999999999999999999", "9" * 5000, "²", "①", "٣", "３", "x4", "4x", "1.5", "\t", "nan",
          "ő", "'", '"', "(", ")", "--", "#", ":", "::", "*", "%", "\\", "\u200b", "\u2028", "\u0085", "\x00",
          "\x7f", "\ufeff", "e\u0301", "-" * 3000, "(" * 2000, '"' * 3)


# ------------------------------------------------------------------ YAML mutations

def _scalar_kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.ScalarNode):
        return "int" if node.tag.endswith(":int") else "str" if node.tag.endswith(":str") else "scalar"
    return "collection"


def _odd_value(draw: st.DrawFn, node: yaml.Node) -> str:
    kind = _scalar_kind(node)
    pools: list[Sequence[str]] = [WRONG_TYPES, DEEP]
    pools += [NUMBERS, NUMBERS] if kind == "int" else [STRINGS, STRINGS] if kind == "str" else [NUMBERS, STRINGS]
    return pick(draw, pick(draw, pools))


def _token_replaced(draw: st.DrawFn, text: str) -> str:
    tokens = text.split(" ")
    i = draw(st.integers(0, len(tokens) - 1))
    tokens[i] = pick(draw, TOKENS)
    return " ".join(tokens)


def _collection_ops(node: yaml.Node) -> list[str]:
    return ["nest", "swap", "alias"] + (["add key"] if isinstance(node, yaml.MappingNode) else [])


def _mutate_node(draw: st.DrawFn, root: yaml.Node, em: _Emitter) -> str:
    """One mutation somewhere below *root* (in place); its label."""
    paths = list(_paths(root))
    if not paths:
        return "(nothing to mutate)"
    where, path = pick(draw, paths)
    parent, n = _parent(root, path), path[-1]
    node = _child(parent, n)
    ops = ["odd value", "remove", "duplicate", "bytes", "swap"]
    if isinstance(parent, yaml.MappingNode):
        ops.append("rekey")
    if isinstance(parent, yaml.SequenceNode):
        ops.append("repeat")
    if isinstance(node, yaml.ScalarNode) and " " in node.value:
        ops.append("token")
    if not isinstance(node, yaml.ScalarNode):
        ops += _collection_ops(node)
    op = pick(draw, ops)
    if op == "odd value":
        value = _odd_value(draw, node)
        _put(parent, n, em.node(value))
        return f"{where} = {_short(value)}"
    if op == "token":
        assert isinstance(node, yaml.ScalarNode)
        new = _token_replaced(draw, node.value)
        _put(parent, n, yaml.ScalarNode("tag:yaml.org,2002:str", new, style='"'))
        return f"{where} = {_short(json.dumps(new, ensure_ascii=False))}"
    if op == "remove":
        parent.value.pop(n)
        return f"{where} removed"
    if op == "duplicate":
        parent.value.insert(n + 1, copy.deepcopy(parent.value[n]))
        return f"{where} duplicated"
    if op == "repeat":
        k = pick(draw, (2, 30, 3000))
        parent.value[n + 1:n + 1] = [copy.deepcopy(node) for _ in range(k - 1)]
        return f"{where} x{k}"
    if op == "bytes":
        raw = pick(draw, RAW)
        text = node.value if isinstance(node, yaml.ScalarNode) else ""
        _put(parent, n, em.node(text.encode("utf-8", "surrogatepass") + raw))
        return f"{where} + {raw!r}"
    if op == "rekey":
        key = pick(draw, ("1", "~", "yes", "[a]", "''", "²", "ő", "x" * 300) + ALL_FIELDS)
        parent.value[n] = (em.node(key), parent.value[n][1])
        return f"{where} key = {_short(key)}"
    if op == "nest":
        k = pick(draw, (1, 3, 40))
        for _ in range(k):
            node = yaml.SequenceNode("tag:yaml.org,2002:seq", [node], flow_style=True)
        _put(parent, n, node)
        return f"{where} nested {k} deep"
    if op == "add key":
        assert isinstance(node, yaml.MappingNode)
        key = pick(draw, ALL_FIELDS)
        other = _child(*_located(root, pick(draw, paths)[1]))
        node.value.append((yaml.ScalarNode("tag:yaml.org,2002:str", key), copy.deepcopy(other)))
        return f"{where} + {key}: (another field's value)"
    other_where, other_path = pick(draw, paths)
    other = _child(*_located(root, other_path))
    if op == "alias":  # the very same node: the emitter writes an anchor and an alias
        _put(parent, n, other)
        return f"{where} = *{other_where}"
    if other is node or _contains(other, node):
        return f"{where} (swap with itself: unchanged)"
    _put(parent, n, copy.deepcopy(other))
    return f"{where} = the value of {other_where}"


def _located(root: yaml.Node, path: tuple[int, ...]) -> tuple[yaml.Node, int]:
    return _parent(root, path), path[-1]


def _contains(outer: yaml.Node, inner: yaml.Node) -> bool:
    return any(_child(*_located(outer, p)) is inner for _, p in _paths(outer))


def _put(parent: yaml.Node, n: int, new: yaml.Node) -> None:
    if isinstance(parent, yaml.MappingNode):
        parent.value[n] = (parent.value[n][0], new)
    else:
        parent.value[n] = new


def _short(value: str) -> str:
    return value if len(value) < 40 else f"{value[:12]}…({len(value)})"


#: whole-file changes: an encoding, a line ending, a second document, a BOM
WHOLE_FILE: tuple[tuple[str, Callable[[bytes], bytes]], ...] = (
    ("as UTF-16", lambda b: b.decode("utf-8", "surrogateescape").encode("utf-16", "surrogatepass")),
    ("CRLF", lambda b: b.replace(b"\n", b"\r\n")),
    ("CR only", lambda b: b.replace(b"\n", b"\r")),
    ("U+2028 line ends", lambda b: b.replace(b"\n", "\u2028".encode())),
    ("BOM", lambda b: b"\xef\xbb\xbf" + b),
    ("two documents", lambda b: b + b"\n---\n" + b),
    ("cut in half", lambda b: b[:len(b) // 2]),
    ("tabs for indent", lambda b: b.replace(b"\n  ", b"\n\t")),
    ("NUL at the end", lambda b: b + b"\x00"),
    ("empty", lambda b: b""),
)


def _dump(doc: Any) -> str:
    return yaml.dump(doc, Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False, width=1 << 20)


@st.composite
def yaml_mutants(draw: st.DrawFn, docs: st.SearchStrategy[tuple[str, Any]], *,
                 max_mutations: int = 3) -> Shaped:
    """A document of *docs* (file name, document), written as YAML and mutated 0 to *max_mutations* times."""
    name, doc = draw(docs)
    text = _dump(doc)
    labels: list[str] = []
    k = 0 if one_in(draw, 4) else draw(st.integers(1, max_mutations))
    if k == 0:
        return Shaped(text.encode("utf-8", "surrogatepass"), name, "valid-shaped")
    root = yaml.compose(text, Loader=yaml.CSafeLoader)
    em = _Emitter()
    for _ in range(k):
        labels.append(_mutate_node(draw, root, em))
    try:
        data = em.emit(root, yaml.CSafeDumper)
    except RecursionError:  # PyYAML's emitter recurses: a mutant too deep for it is tried as it was
        data, labels = text.encode("utf-8", "surrogatepass"), [*labels, "(too deep to write: unmutated)"]
    if draw(st.integers(0, 9)) == 0:
        label, change = pick(draw, WHOLE_FILE)
        data, labels = change(data), [*labels, label]
    return Shaped(data, name, "; ".join(labels))


# ------------------------------------------------------------------ text mutations

#: the longest line the "huge" mutation makes (bytes), and the most lines "repeat" makes
HUGE_LINE = 4 << 20
MAX_LINES = 100_000


def _line_ops(draw: st.DrawFn, lines: list[bytes], extra: Sequence[str]) -> str:
    n = draw(st.integers(0, max(0, len(lines) - 1)))
    line = lines[n] if lines else b""
    op = pick(draw, ("token", "token", "token", "remove", "duplicate", "repeat", "insert", "bytes", "huge"))
    text = line.decode("utf-8", "surrogateescape")
    tokens = re.split(r"(\s+)", text)
    words = [i for i, t in enumerate(tokens) if t and not t.isspace()]
    if op == "token" and words:
        i = pick(draw, words)
        value = pick(draw, TOKENS)
        old = tokens[i]
        tokens[i] = pick(draw, (value, old + value, value + old))
        lines[n] = "".join(tokens).encode("utf-8", "surrogateescape")
        return f"line {n + 1}: {old!r} -> {_short(tokens[i])!r}"
    if op == "remove" and lines:
        del lines[n]
        return f"line {n + 1} removed"
    if op == "duplicate":
        lines.insert(n, line)
        return f"line {n + 1} duplicated"
    if op == "repeat":  # at most MAX_LINES lines in all, for the same reason
        k = max(1, min(pick(draw, (30, 5000)), MAX_LINES - len(lines)))
        lines[n:n + 1] = [line] * k
        return f"line {n + 1} x{k}"
    if op == "bytes":
        raw = pick(draw, RAW)
        lines[n:n + 1] = [line + raw]
        return f"line {n + 1} + {raw!r}"
    if op == "huge":  # at most 4 MiB: a huge line made huge again (mutations compose) would need gigabytes
        k = max(1, min(2000, HUGE_LINE // max(1, len(line))))
        lines[n:n + 1] = [line * k]
        return f"line {n + 1} x{k} long"
    new = pick(draw, extra) if extra else pick(draw, TOKENS)
    lines.insert(n, new.encode("utf-8", "surrogatepass"))
    return f"line {n + 1} inserted: {_short(new)!r}"


@st.composite
def text_mutants(draw: st.DrawFn, texts: st.SearchStrategy[tuple[str, str]], *, extra: Sequence[str] = (),
                 max_mutations: int = 3) -> Shaped:
    """A text of *texts* (file name, text) mutated line by line and token by token, 0 to *max_mutations* times;
    *extra* are lines of the format that may be inserted (a section header, a declaration)."""
    name, text = draw(texts)
    lines = text.encode("utf-8", "surrogatepass").split(b"\n")
    labels = [_line_ops(draw, lines, extra) for _ in range(draw(st.integers(0, max_mutations)))]
    data = b"\n".join(lines)
    if draw(st.integers(0, 9)) == 0:
        label, change = pick(draw, WHOLE_FILE)
        data, labels = change(data), [*labels, label]
    return Shaped(data, name, "; ".join(labels) or "valid-shaped")


# ------------------------------------------------------------------ the grammars' sentences

def _grammar(name: str) -> lark.Lark:
    return lark.Lark((PACKAGE / "grammar" / f"{name}.lark").read_text("utf-8"), start="start", parser="lalr")


def spellings(regex: str) -> tuple[str, ...]:
    """The ways a keyword terminal may be written: each alternative, with the first and with the last
    letter of each class (``[OŐÖÕÔ]SER[OŐÖÕÔ]`` -> ``OSERO``, ``ÔSERÔ``), in its case, upper and lower case.
    (``from_regex`` makes the same words at random, at a hundred times the cost of a document.)"""
    import re._constants as c
    import re._parser as parser  # lazy: the regex internals, for this expansion only

    def seq(items: Iterable[tuple[Any, Any]], last: bool) -> list[str]:
        out = [""]
        for op, av in items:
            out = [o + a for o in out for a in one(op, av, last)][:64]
        return out

    def one(op: Any, av: Any, last: bool) -> list[str]:
        if op is c.LITERAL:
            return [chr(av)]
        if op is c.IN:
            chars = [chr(v) for k, v in av if k is c.LITERAL]
            return [chars[-1 if last else 0]]
        if op is c.BRANCH:
            return [s for branch in av[1] for s in seq(branch, last)]
        if op is c.SUBPATTERN:
            return seq(av[3], last)
        if op is c.MAX_REPEAT:
            return seq(av[2], last) if av[0] >= 1 else [""]
        return [""]  # a look-ahead

    words = {*seq(parser.parse(regex), False), *seq(parser.parse(regex), True)}
    return tuple(sorted({v for w in words for v in (w, w.upper(), w.lower())}))


def grammar_sentences(name: str, explicit: dict[str, st.SearchStrategy[str]], *,
                      apart: bool = False) -> st.SearchStrategy[str]:
    """Sentences of the grammar *name* (hypothesis's ``from_lark``): its keywords as :func:`spellings` writes
    them, the other terminals from *explicit*; with *apart*, a blank after every token."""
    grammar = _grammar(name)
    strategies = {t.name: st.sampled_from(spellings(t.pattern.to_regexp())) for t in grammar.terminals
                  if t.name not in explicit}
    strategies.update(explicit)
    if apart:
        strategies = {k: v.map(lambda s: s + " ") for k, v in strategies.items()}
    return from_lark(grammar, explicit=strategies).map(str.strip)


@cache
def card_text_lines() -> st.SearchStrategy[str]:
    """One line of card text: a real one of the sample, or one made by the card-text grammar."""
    names = st.sampled_from(card_names())
    made = grammar_sentences("card", {
        "STRING": _quoted(names), "CURLY_STRING": names.map(lambda n: f"„{n}”"), "NAME": names,
        "NUMBER": st.integers(0, 12).map(str), "ROMAN": st.sampled_from(("I", "II", "V", "iv")),
        "CIRCLED": st.sampled_from(("①", "⑤")), "DASH": st.sampled_from(("-", "–")), "_SP": st.just(" "),
        "COND": st.sampled_from(("éber", "sérült", "ember", "3 DP"))})
    return st.one_of(st.sampled_from(text_lines()), made)


def _quoted(names: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return names.map(lambda n: f'"{n}"')


# ------------------------------------------------------------------ set files

#: the fields every card may carry besides its type's own (mk-set.schema.json)
COMMON_FIELDS = ("subtype", "mp", "dp", "text", "flavor", "phase", "duration", "condition", "printing", "icons",
                 "rarity", "artist", "history", "behaviour")


def card_record(draw: st.DrawFn) -> dict[str, Any]:
    """A card of the sample, with some fields taken from other cards of its type and new text."""
    card = copy.deepcopy(pick(draw, sample_cards()))
    same = cards_of_type()[card["type"]]
    fields = sorted({k for c in same for k in c} - {"id", "name", "type"})
    for key in some(draw, fields, 3, unique=True):
        donor = pick(draw, same)
        if key in donor:
            card[key] = copy.deepcopy(donor[key])
        else:
            card.pop(key, None)
    if draw(st.booleans()):
        lines = [draw(card_text_lines()) for _ in range(draw(st.integers(0, 4)))]
        card["text"] = "".join(f"{ln}\n" for ln in lines)
    return card


@st.composite
def set_documents(draw: st.DrawFn) -> tuple[str, Any]:
    """A set file: its name (the set code) and its document."""
    code = pick(draw, ("MINTA", "TESZT", "KR2", "A1"))
    cards = [card_record(draw) for _ in range(draw(st.integers(1, 5)))]
    seen: set[str] = set()
    for i, card in enumerate(cards, 1):
        card["id"] = f"{code}-{i:03d}"
        while card["name"] in seen:
            card["name"] += " II"
        seen.add(card["name"])
    header: dict[str, Any] = {"code": code, "name": pick(draw, ("Mintakészlet", "Próba", "Set"))}
    for key, values in (("sample", (True, False)), ("released", ("2004-11-20", "2024-05-01")),
                        ("language", ("hu", "en"))):
        if draw(st.booleans()):
            header[key] = pick(draw, values)
    return f"{code}.yaml", {"set": header, "cards": cards}


# ------------------------------------------------------------------ scenarios

#: how an action names the n-th card or player of its scenario before the names are put in
_NAME_SLOT = re.compile(r"\{(\d)\}")


@cache
def action_lines() -> st.SearchStrategy[str]:
    """One action of the action language (korbiro/grammar/action.lark), its names as slots ``"{0}"``…``"{7}"``
    that :func:`named` fills with the scenario's cards and players."""
    return grammar_sentences("action", {"STRING": st.integers(0, 7).map(lambda n: f'"{{{n}}}"'),
                                        "INT": st.integers(-1, 12).map(str), "WS_INLINE": st.just(" ")}, apart=True)


def named(action: str, names: Sequence[str]) -> str:
    return _NAME_SLOT.sub(lambda m: names[int(m.group(1)) % len(names)], action)


def card_ref(draw: st.DrawFn, name: str, players: Sequence[str], depth: int = 0) -> Any:
    """A card of a set-up: its name, or a mapping with its state, damage, counters, attachments…"""
    if not one_in(draw, 4):
        return name
    ref: dict[str, Any] = {"card": name}
    for key, values in (("state", STATES), ("damage", (0, 1, 3)), ("ghost", (1, 2)), ("controller", players),
                        ("counters", ({"tartomány": 2}, {"x": 0})), ("as", ("bestia", "lap"))):
        if one_in(draw, 4):
            ref[key] = pick(draw, values)
    if depth == 0 and one_in(draw, 5):
        ref["attach"] = [card_ref(draw, pick(draw, card_names()), players, 1) for _ in range(draw(st.integers(0, 2)))]
    return ref


def inline_card(draw: st.DrawFn) -> dict[str, Any]:
    """A card of the scenario's own ``cards:``: a sample card under a new name."""
    card = card_record(draw)
    card.pop("id", None)
    card["name"] = "Próba " + card["name"]
    return card


def setup_player(draw: st.DrawFn, name: str, players: Sequence[str], pool: Sequence[str],
                 types: dict[str, str]) -> dict[str, Any]:
    """A player of a set-up: MP, DP, and sample cards in the zones where such cards stand."""
    player: dict[str, Any] = {"name": name, "mp": draw(st.integers(0, 12))}
    if draw(st.booleans()):
        player["dp"] = draw(st.integers(0, 20))
    for card in some(draw, pool, 5, unique=True):
        zone = ZONE_OF_TYPE.get(types[card], "hand")
        zone = pick(draw, (zone, zone, "hand", "jövő", pick(draw, ZONES)))
        player.setdefault(zone, []).append(card_ref(draw, card, players))
    return player


def _cards_in(player: dict[str, Any]) -> list[str]:
    return [ref if isinstance(ref, str) else ref["card"] for zone in ZONES for ref in player.get(zone, [])]


@st.composite
def scenario_documents(draw: st.DrawFn) -> tuple[str, Any]:
    """A ruling scenario: a set-up of sample (and inline) cards, a script of actions on them, an expect: block."""
    players = PLAYERS[:pick(draw, (2, 2, 2, 1, 3, 4))]
    own = [inline_card(draw) for _ in range(draw(st.integers(0, 2)))]
    own = list({c["name"]: c for c in own}.values())
    pool = [*card_names(), *(c["name"] for c in own)]
    types = {c["name"]: c["type"] for c in [*sample_cards(), *own]}
    setup_players = [setup_player(draw, name, players, pool, types) for name in players]
    names = [n for p in setup_players for n in _cards_in(p)] or list(pool[:3])
    setup: dict[str, Any] = {"players": setup_players}
    for key, values in (("phase", scenario_values("setup.phase")), ("round", (1, 2)), ("active", players)):
        if values and draw(st.booleans()):
            setup[key] = pick(draw, values)
    doc: dict[str, Any] = {"title": pick(draw, ("Generated", "Fuzz ő ²", "A scenario")),
                           "format": pick(draw, ("archivalt", "korfordulo", "archivált")),
                           "rules": some(draw, rule_ids(), 2)}
    if own:
        doc["cards"] = own
    if one_in(draw, 4):
        option = pick(draw, sorted(timeline_options()))
        doc["options"] = {option: pick(draw, timeline_options()[option])}
    if one_in(draw, 4):
        doc["variant"] = pick(draw, variants())
    if one_in(draw, 5):
        effects = pick(draw, scenario_values("effects"))
        doc["effects"] = {pick(draw, names): copy.deepcopy(next(iter(effects.values())))}
    doc["setup"] = setup
    script: list[Any] = []
    for _ in range(draw(st.integers(0, 6))):
        line = named(draw(action_lines()), [*names, *players])
        who = pick(draw, (None, *players))
        script.append(line if who is None else {who: line})
    doc["script"] = script
    if draw(st.booleans()):
        doc["expect"] = expectations(draw, names, players, len(script))
    return "scenario.yaml", doc


def expectations(draw: st.DrawFn, names: Sequence[str], players: Sequence[str], steps: int) -> dict[str, Any]:
    """An ``expect:`` block: players' MP and zones, cards' states, refused steps, rules, the result."""
    expect: dict[str, Any] = {}
    if draw(st.booleans()):
        expect["players"] = {pick(draw, players): {"mp": draw(st.integers(0, 9)), "sor": some(draw, names, 2)}}
    if draw(st.booleans()):
        expect["cards"] = {pick(draw, names): {"state": pick(draw, STATES), "damage": draw(st.integers(0, 3))}}
    if draw(st.booleans()):
        expect["illegal"] = [{"step": draw(st.integers(1, max(1, steps))), "rule": pick(draw, rule_ids())}]
    for key, values in (("rules", tuple([r] for r in rule_ids()[:50])), ("result", scenario_values("expect.result")),
                        ("winner", (*players, None)), ("timelines", (0, 1)), ("unwound", ([names[0]],))):
        if values and one_in(draw, 4):
            expect[key] = pick(draw, values)
    return expect


# ------------------------------------------------------------------ deck lists

SECTION_HEADERS = ("Torony:", "Pakli:", "Jövő:", "Cserepakli:", "Tower:", "Deck:", "Sideboard:")
DECLARATIONS = ("Laplimit: 3", "Laplimit: 4", "Limit: 4", "Formátum: draft", "Format: korfordulo",
                "Laplimit: 5", "Formátum: nincs-ilyen")


@st.composite
def deck_sections(draw: st.DrawFn) -> dict[str, list[tuple[int, str]]]:
    """A deck's sections: three tower levels, a future deck and a sideboard of sample cards (by name or id)."""
    towers = [c for c in sample_cards() if c["type"] == "toronyszint"]
    others = [c for c in sample_cards() if c["type"] != "toronyszint"]

    def named(card: dict[str, Any]) -> str:
        return card["id"] if draw(st.integers(0, 7)) == 0 else card["name"]

    tower = [(1, named(c)) for c in some(draw, towers, 4, unique=True)]
    deck = [(draw(st.integers(1, 4)), named(c)) for c in some(draw, others, 20, unique=True)]
    side = [(draw(st.integers(1, 3)), named(c)) for c in some(draw, others, 5, unique=True)]
    return {"torony": tower, "pakli": deck, "cserepakli": side}


@st.composite
def deck_texts(draw: st.DrawFn) -> tuple[str, str]:
    sections = draw(deck_sections())
    lines = ["# a generated deck"]
    if draw(st.booleans()):
        lines.append(pick(draw, DECLARATIONS[:5]))
    headers = {"torony": ("Torony:", "Tower:"), "pakli": ("Pakli:", "Jövő:", "Deck:"),
               "cserepakli": ("Cserepakli:", "Sideboard:")}
    for key, entries in sections.items():
        lines.append(pick(draw, headers[key]))
        for count, name in entries:
            form = pick(draw, ("{n} {name}", "{n}x {name}", "{name} x{n}", "{n} {name}  # note"))
            lines.append(form.format(n=count, name=name) if count != 1 or draw(st.booleans()) else name)
        lines.append("")
    return "deck.deck", "\n".join(lines)


@st.composite
def deck_documents(draw: st.DrawFn) -> tuple[str, Any]:
    sections = draw(deck_sections())
    doc: dict[str, Any] = {}
    if draw(st.booleans()):
        doc["laplimit"] = pick(draw, (3, 4))
    if draw(st.integers(0, 3)) == 0:
        doc["formátum"] = pick(draw, deck_formats())
    for key, entries in sections.items():
        doc[key] = [pick(draw, (f"{n} {name}", {"card": name, "count": n})) if n != 1 else name
                    for n, name in entries]
    return "deck.yaml", doc


# ------------------------------------------------------------------ card queries, from the field table

@cache
def _query_values() -> dict[str, tuple[str, ...]]:
    """Values a filter of each field kind takes, from the sample and the vocabulary."""
    words = sorted({w for v in field_values().get("name", ()) for w in str(v).split()})
    return {
        "number": ("0", "1", "3", "12", "x", "-1"),
        "type": (*CARD_TYPES, "adventurer", "quest", "tower"),
        "keyword": tuple(k for k in KEYWORDS if '"' not in k and "…" not in k),
        "flag": ("yes", "no", "igen", "nem"),
        "date": ("2004-11-20", "2024-09-01", "2030-01-01"),
        "format": deck_formats(),
        "words": tuple(str(v) for k in ("race", "class", "subclass", "alignment", "phase", "duration", "rarity",
                                        "subtype") for v in field_values().get(k, ()) if v),
        "list": tuple(str(v) for k in ("skills", "spheres", "icons") for v in field_values().get(k, ())
                      if isinstance(v, str)),
        "text": tuple(words[:200]),
    }


def _value(kind: str, draw: st.DrawFn) -> str:
    values = _query_values()
    value = pick(draw, values.get(kind, values["text"]))
    return f'"{value}"' if " " in value or not value else value


@st.composite
def query_terms(draw: st.DrawFn, depth: int = 0) -> str:
    kind = pick(draw, ("filter", "filter", "word", "phrase", "group", "negation"))
    if kind == "filter":
        f = pick(draw, FIELDS)
        term = f"{pick(draw, f.names)}{pick(draw, f.ops)}{_value(f.kind, draw)}"
        if f.kind == "keyword" and draw(st.booleans()):
            term += f"{pick(draw, ('>=', '<', '='))}{draw(st.integers(0, 5))}"
        return term
    if kind == "word":
        return _value("text", draw)
    if kind == "phrase":
        return f'"{pick(draw, card_names())}"'
    if kind == "negation":
        return "-" + draw(query_terms(depth + 1))
    if depth > 2:
        return _value("text", draw)
    return f"({draw(queries(depth + 1))})"


@st.composite
def queries(draw: st.DrawFn, depth: int = 0) -> str:
    """A query of the card search language: filters of real fields with real values, words, phrases, groups."""
    terms = [draw(query_terms(depth)) for _ in range(draw(st.integers(1, 4)))]
    out = terms[0]
    for term in terms[1:]:
        out += pick(draw, (" ", " ", " or ", " vagy ", " and ", " és ")) + term
    return out


@st.composite
def query_mutants(draw: st.DrawFn) -> Shaped:
    """A query, mutated token by token (the command's argument: no bytes that are not UTF-8 here)."""
    return draw(text_mutants(queries().map(lambda q: ("", q)), extra=("(", ")", "-", "or", "kw:", "mp<=")))


# ------------------------------------------------------------------ board-game records

@cache
def _exxit_game(variant: str, seed: int, plies: int) -> tuple[str, ...]:
    """A random legal EXXIT game (its moves as written), from the engine's own move generator."""
    from korbiro.rules.exxit import Position

    rng = random.Random(seed)
    pos = Position.start(variant)
    moves: list[str] = []
    for _ in range(plies):
        legal = pos.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(str(move))
        pos.push(move)
    return tuple(moves)


@st.composite
def exxit_records(draw: st.DrawFn) -> tuple[str, str]:
    from korbiro.rules.exxit import OPTION_INFO, VARIANTS

    variant = pick(draw, sorted(VARIANTS))
    moves = _exxit_game(variant, draw(st.integers(0, 40)), draw(st.integers(0, 90)))
    lines = [f"variant: {variant}"]
    for key, value in (("event", "Fuzz cup"), ("white", "Anna"), ("black", "Béla"), ("result", "draw")):
        if draw(st.booleans()):
            lines.append(f"{key}: {value}")
    if draw(st.integers(0, 3)) == 0:
        name = pick(draw, sorted(OPTION_INFO))
        lines.append(f"{name}: {pick(draw, OPTION_INFO[name].choices)}")
    lines.append("")
    numbered = draw(st.booleans())
    lines += [f"{i}. {m}" if numbered else m for i, m in enumerate(moves, 1)]
    return "game.txt", "\n".join(lines) + "\n"


EXXIT_LINES = ("variant: blitz", "position: start.yaml", "pass", "1. drop 0,0", "drop 99,99", "dance 0,0 x",
               "white drop 0,0", "repetition_count: 9", "tile 0,0", "exchange -1,1")


@cache
def _xig_game(spec_name: str, seed: int) -> dict[str, Any]:
    from test_xig_random import SPECS

    from korbiro.rules.xig.play import random_game

    return random_game(SPECS[spec_name](), seed=seed, max_plies=400).record_data(event="fuzz")


@st.composite
def xig_records(draw: st.DrawFn) -> tuple[str, Any]:
    """A random legal XIG game, cut after a drawn number of turns."""
    from test_xig_random import SPECS

    doc = copy.deepcopy(_xig_game(pick(draw, sorted(SPECS)), draw(st.integers(0, 5))))
    turns = doc.get("turns", [])
    doc["turns"] = turns[:draw(st.integers(0, len(turns)))]
    return "record.yaml", doc


@cache
def _zen_start(players: int, variant: str, seed: int) -> str:
    from clirun import run_main

    ran = run_main(["zen", "setup", "-p", str(players), "--seed", str(seed), "--record",
                    *(["--variant", variant] if variant != "standard" else [])])
    assert ran.code == 0, ran.stderr
    return ran.stdout


@cache
def _zen_game(players: int, variant: str, seed: int, turns: int) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A Zen record's set-up, and a random legal game from it (player, turn) by the engine's move generator."""
    from korbiro.rules.zen.record import load_record_text

    head = _zen_start(players, variant, seed)
    pos = load_record_text(head).start
    assert pos is not None
    rng = random.Random(seed)
    played: list[tuple[str, str]] = []
    for _ in range(turns):
        if pos.outcome() is not None:
            break
        move = rng.choice(pos.legal_moves())
        played.append((pos.to_move, str(move)))
        pos = pos.play(move)
    return head, tuple(played)


@st.composite
def zen_records(draw: st.DrawFn) -> tuple[str, Any]:
    players, variant = pick(draw, ((2, "standard"), (3, "standard"), (4, "standard"), (2, "passive")))
    head, played = _zen_game(players, variant, draw(st.integers(0, 30)), draw(st.integers(0, 40)))
    doc = yaml.safe_load(head)
    doc["moves"] = [{who: move} for who, move in played]
    return "record.yaml", doc


# ------------------------------------------------------------------ korbiro.toml

CONFIG_VALUES: dict[str, tuple[Any, ...]] = {
    "db": ("cards", "cards/MINTA.yaml", ".", "nincs", "../cards"),
    "exclude": ([], ["cards/drafts/**"], ["*.yaml"], ["**"]),
    "strict": (True, False),
    "lang": ("en", "hu"),
    "format": ("text", "json", "github"),
}
#: TOML values of the wrong type, out of range or odd
TOML_ODD = ('"de"', "1", "-1", "1e400", "inf", "nan", "true", '""', "[]", '[1, "x"]', "{}", '{ a = 1 }',
            '"²"', '"①"', '"\\u0000"', '"\\ud800"', '"a\\u2028b"', "1979-05-27", "[" * 500 + "]" * 500,
            '"' + "x" * 100_000 + '"', "'''\nx\n'''", '"\\x41"', "0x1F", "99999999999999999999999")


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


@st.composite
def configs(draw: st.DrawFn) -> Shaped:
    """``korbiro.toml`` (or ``pyproject.toml``'s ``[tool.korbiro]``) with real keys, some values odd."""
    keys = some(draw, sorted(CONFIG_VALUES), 5, unique=True)
    lines = []
    for key in keys:
        value = toml_value(pick(draw, CONFIG_VALUES[key]))
        if draw(st.integers(0, 2)) == 0:
            value = pick(draw, TOML_ODD)
        lines.append(f"{key} = {value}")
    if draw(st.integers(0, 5)) == 0:
        lines.append(pick(draw, ("dbx = 1", "db = \"a\"", "[tool]", "[db]", "lang = \"hu\"\nlang = \"en\"",
                                           "strict = yes", "= 1", "x.y.z = 1", "[[exclude]]")))
    pyproject = draw(st.integers(0, 3)) == 0
    name = "pyproject.toml" if pyproject else "korbiro.toml"
    text = ("[project]\nname = \"x\"\n\n[tool.korbiro]\n" if pyproject else "") + "\n".join(lines) + "\n"
    return draw(text_mutants(st.just((name, text)), extra=("[tool.korbiro]", "db = 1", "\\"), max_mutations=2))


# ------------------------------------------------------------------ every format's inputs

def yaml_format(docs: Callable[[], st.SearchStrategy[tuple[str, Any]]]) -> Callable[[], st.SearchStrategy[Shaped]]:
    return lambda: yaml_mutants(docs())


def text_format(texts: Callable[[], st.SearchStrategy[tuple[str, str]]],
                extra: Iterable[str] = ()) -> Callable[[], st.SearchStrategy[Shaped]]:
    lines = tuple(extra)
    return lambda: text_mutants(texts(), extra=lines)


#: format -> its inputs (each made when first asked for)
SHAPES: dict[str, Callable[[], st.SearchStrategy[Shaped]]] = {
    "set files": yaml_format(set_documents),
    "scenarios": yaml_format(scenario_documents),
    "deck lists (text)": text_format(deck_texts, (*SECTION_HEADERS, *DECLARATIONS, "3 Wirg", "0 Wirg", "٣ Wirg")),
    "deck lists (YAML)": yaml_format(deck_documents),
    "queries": query_mutants,
    "EXXIT records": text_format(exxit_records, EXXIT_LINES),
    "XIG records": yaml_format(xig_records),
    "Zen records": yaml_format(zen_records),
    "korbiro.toml": configs,
}
