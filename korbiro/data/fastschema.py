"""A fast yes/no validator compiled from a JSON Schema (the subset korbiro's schemas use).

jsonschema gives the best error messages but costs milliseconds per card with
``if``/``then`` and ``unevaluatedProperties``.  korbiro therefore compiles each
shipped schema once more into plain closures that only answer "valid?"; the
full jsonschema validator runs only on what fails, to explain why.  The two
must agree on every instance: ``tests/test_fastschema.py`` checks that on
thousands of generated and mutated cards.

    >>> check = compile_schema({"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}})
    >>> check({"a": 1}), check({"a": "1"}), check({})
    (True, False, False)

A schema using a keyword outside the subset raises :class:`Unsupported` at
compile time, so the caller falls back to jsonschema alone.
"""

from __future__ import annotations

import datetime as dt
import operator
import re
from collections.abc import Callable
from typing import Any

#: Returns None when the instance is invalid, else the property names it evaluated.
Node = Callable[[Any], "frozenset[str] | None"]

_EMPTY: frozenset[str] = frozenset()
_ANNOTATIONS = {"$schema", "$id", "$comment", "title", "description", "examples", "default", "$defs",
                "definitions", "deprecated", "readOnly", "writeOnly"}


class Unsupported(Exception):
    """The schema uses a keyword this compiler does not implement."""


def compile_schema(schema: Any, root: Any = None) -> Callable[[Any], bool]:
    """Compile *schema* (a dict or bool) into a predicate; ``$ref`` resolves in *root* (default: *schema*)."""
    root = schema if root is None else root
    cache: dict[str, Node] = {}

    def resolve(ref: str) -> Any:
        if not ref.startswith("#/"):
            raise Unsupported(f"$ref {ref!r}")
        node = root
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            node = node[part]
        return node

    def comp(s: Any) -> Node:
        if s is True:
            return lambda inst: _EMPTY
        if s is False:
            return lambda inst: None
        if not isinstance(s, dict):
            raise Unsupported(f"schema {s!r}")
        checks: list[Node] = []
        unknown = set(s) - _ANNOTATIONS - _HANDLED
        if unknown:
            raise Unsupported(", ".join(sorted(unknown)))
        if "$ref" in s:
            ref = s["$ref"]

            def lazy(inst: Any, ref: str = ref) -> frozenset[str] | None:
                fn = cache.get(ref)
                if fn is None:
                    cache[ref] = fn = comp(resolve(ref))
                return fn(inst)

            checks.append(lazy)
        if "type" in s:
            checks.append(_type(s["type"]))
        if "enum" in s:
            values = s["enum"]
            if all(isinstance(v, str) for v in values):
                strings = frozenset(values)
                checks.append(lambda inst: _EMPTY if isinstance(inst, str) and inst in strings else None)
            else:
                checks.append(lambda inst: _EMPTY if any(_json_equal(inst, v) for v in values) else None)
        if "const" in s:
            value = s["const"]
            checks.append(lambda inst: _EMPTY if _json_equal(inst, value) else None)
        checks.extend(_string_checks(s))
        checks.extend(_number_checks(s))
        checks.extend(_array_checks(s, comp))
        obj = _object_checks(s, comp)
        for key in ("allOf", "anyOf", "oneOf"):
            if key in s:
                subs = [comp(x) for x in s[key]]
                checks.append(_combine(key, subs))
        if "not" in s:
            neg = comp(s["not"])
            checks.append(lambda inst: _EMPTY if neg(inst) is None else None)
        if "if" in s:
            cond = _const_test(s["if"]) or comp(s["if"])
            then = comp(s["then"]) if "then" in s else (lambda inst: _EMPTY)
            other = comp(s["else"]) if "else" in s else (lambda inst: _EMPTY)

            def if_(inst: Any) -> frozenset[str] | None:
                got = cond(inst)
                if got is not None:
                    more = then(inst)
                    return None if more is None else got | more
                return other(inst)

            checks.append(if_)
        unevaluated = s.get("unevaluatedProperties", True)
        if unevaluated is not True:
            extra = comp(unevaluated)

            def run_uneval(inst: Any) -> frozenset[str] | None:
                seen = _run(obj, checks, inst)
                if seen is None:
                    return None
                if isinstance(inst, dict):
                    for k in inst:
                        if k not in seen and extra(inst[k]) is None:
                            return None
                    return frozenset(inst)
                return seen

            return run_uneval
        if obj is None and not checks:
            return lambda inst: _EMPTY
        if obj is None and len(checks) == 1:
            return checks[0]
        if obj is not None and not checks:
            return obj
        return lambda inst: _run(obj, checks, inst)

    top = comp(schema)
    return lambda inst: top(inst) is not None


_HANDLED = {
    "$ref", "type", "enum", "const", "minLength", "maxLength", "pattern", "format", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "items", "minItems", "maxItems", "uniqueItems", "properties",
    "required", "additionalProperties", "minProperties", "maxProperties", "allOf", "anyOf", "oneOf", "not",
    "if", "then", "else", "unevaluatedProperties",
}


def _const_test(s: Any) -> Node | None:
    """``{"properties": {K: {"const": "v"}}, "required": [K]}``, the usual ``if``, as one lookup."""
    if not isinstance(s, dict) or set(s) != {"properties", "required"} or len(s["properties"]) != 1:
        return None
    (key, sub), = s["properties"].items()
    if s["required"] != [key] or not isinstance(sub, dict) or set(sub) != {"const"} or not isinstance(sub["const"], str):
        return None
    value = sub["const"]
    hit = frozenset([key])

    def test(inst: Any) -> frozenset[str] | None:
        if not isinstance(inst, dict):
            return _EMPTY
        v = inst.get(key, _MISSING)
        return hit if isinstance(v, str) and v == value else None

    return test


_MISSING = object()


def _run(obj: Node | None, checks: list[Node], inst: Any) -> frozenset[str] | None:
    seen = _EMPTY
    if obj is not None:
        got = obj(inst)
        if got is None:
            return None
        seen = got
    for c in checks:
        got = c(inst)
        if got is None:
            return None
        if got:
            seen = seen | got
    return seen


def _json_equal(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return bool(a == b)


def _is_type(inst: Any, t: str) -> bool:
    if t == "string":
        return isinstance(inst, str)
    if t == "integer":
        return (isinstance(inst, int) and not isinstance(inst, bool)) or (isinstance(inst, float) and inst.is_integer())
    if t == "number":
        return isinstance(inst, (int, float)) and not isinstance(inst, bool)
    if t == "object":
        return isinstance(inst, dict)
    if t == "array":
        return isinstance(inst, list)
    if t == "boolean":
        return isinstance(inst, bool)
    if t == "null":
        return inst is None
    raise Unsupported(f"type {t!r}")


def _type(t: Any) -> Node:
    types = [t] if isinstance(t, str) else list(t)
    for x in types:
        _is_type(None, x)  # raises on an unknown type name
    return lambda inst: _EMPTY if any(_is_type(inst, x) for x in types) else None


def _string_checks(s: dict[str, Any]) -> list[Node]:
    out: list[Node] = []
    if "minLength" in s or "maxLength" in s:
        lo, hi = s.get("minLength", 0), s.get("maxLength")
        out.append(lambda inst: _EMPTY if not isinstance(inst, str)
                   or (len(inst) >= lo and (hi is None or len(inst) <= hi)) else None)
    if "pattern" in s:
        rx = re.compile(s["pattern"])
        out.append(lambda inst: _EMPTY if not isinstance(inst, str) or rx.search(inst) else None)
    if "format" in s:
        fmt = s["format"]
        if fmt != "date":
            raise Unsupported(f"format {fmt!r}")
        out.append(lambda inst: _EMPTY if not isinstance(inst, str) or _is_date(inst) else None)
    return out


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$", re.ASCII)


def _is_date(value: str) -> bool:
    # jsonschema's "date" format: an RFC 3339 full-date, checked with date.fromisoformat
    if not _DATE.match(value):
        return False
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _number_checks(s: dict[str, Any]) -> list[Node]:
    out: list[Node] = []
    num = (int, float)
    tests: tuple[tuple[str, Callable[[Any, Any], bool]], ...] = (
        ("minimum", operator.ge), ("maximum", operator.le),
        ("exclusiveMinimum", operator.gt), ("exclusiveMaximum", operator.lt),
    )
    for key, ok in tests:
        if key in s:
            out.append(_bound_check(s[key], ok, num))
    return out


def _bound_check(bound: Any, ok: Callable[[Any, Any], bool], num: tuple[type, ...]) -> Node:
    def check(inst: Any) -> frozenset[str] | None:
        if not isinstance(inst, num) or isinstance(inst, bool) or ok(inst, bound):
            return _EMPTY
        return None
    return check


def _array_checks(s: dict[str, Any], comp: Callable[[Any], Node]) -> list[Node]:
    out: list[Node] = []
    if "items" in s:
        item = comp(s["items"])
        out.append(lambda inst: _EMPTY if not isinstance(inst, list) or all(item(x) is not None for x in inst) else None)
    if "minItems" in s or "maxItems" in s:
        lo, hi = s.get("minItems", 0), s.get("maxItems")
        out.append(lambda inst: _EMPTY if not isinstance(inst, list)
                   or (len(inst) >= lo and (hi is None or len(inst) <= hi)) else None)
    if s.get("uniqueItems"):
        def unique(inst: Any) -> frozenset[str] | None:
            if not isinstance(inst, list):
                return _EMPTY
            for i, a in enumerate(inst):
                for b in inst[i + 1:]:
                    if _json_equal(a, b):
                        return None
            return _EMPTY
        out.append(unique)
    return out


def _object_checks(s: dict[str, Any], comp: Callable[[Any], Node]) -> Node | None:
    props = {k: comp(v) for k, v in s.get("properties", {}).items()}
    required = list(s.get("required", []))
    additional = s.get("additionalProperties", True)
    extra = comp(additional) if additional is not True else None
    lo, hi = s.get("minProperties", 0), s.get("maxProperties")
    if not props and not required and extra is None and not lo and hi is None:
        return None

    def check(inst: Any) -> frozenset[str] | None:
        if not isinstance(inst, dict):
            return _EMPTY
        for k in required:
            if k not in inst:
                return None
        if len(inst) < lo or (hi is not None and len(inst) > hi):
            return None
        for k, v in inst.items():
            fn = props.get(k)
            if fn is not None:
                if fn(v) is None:
                    return None
            elif extra is not None and extra(v) is None:
                return None
        if extra is not None:
            return frozenset(inst)
        return frozenset(k for k in inst if k in props)

    return check


def _combine(key: str, subs: list[Node]) -> Node:
    if key == "allOf":
        def all_of(inst: Any) -> frozenset[str] | None:
            seen = _EMPTY
            for fn in subs:
                got = fn(inst)
                if got is None:
                    return None
                seen = seen | got
            return seen
        return all_of
    if key == "anyOf":
        def any_of(inst: Any) -> frozenset[str] | None:
            seen: frozenset[str] | None = None
            for fn in subs:
                got = fn(inst)
                if got is not None:
                    seen = got if seen is None else seen | got
            return seen
        return any_of

    def one_of(inst: Any) -> frozenset[str] | None:
        hits = [got for got in (fn(inst) for fn in subs) if got is not None]
        return hits[0] if len(hits) == 1 else None
    return one_of
