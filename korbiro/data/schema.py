"""JSON Schemas shipped with korbiro, compiled once per process.

Schema errors become findings at the file, line and column of the offending
value (via the loader's marks), with a message a data maintainer can act on.

Two validators, each for what it does best: jsonschema-rs (compiled) answers
"valid?" for every document, and jsonschema, imported only then, explains
what it rejects.  A set file's errors of the common kinds (a wrong type, a
missing or unknown field, a value out of its list or range: :data:`RS_EXPLAINS`)
are read off jsonschema-rs's own errors instead, so that one bad card does not
cost jsonschema's import; they give the very findings jsonschema's would
(``tests/data/test_fastschema.py`` compares the two on generated cards).  The two
must agree on every instance
(``tests/data/test_fastschema.py`` checks it on thousands of generated and mutated
cards); a document the fast check rejects and jsonschema accepts yields no
finding, so a disagreement can cost time, never a wrong answer.  The shipped
schemas are checked against the 2020-12 meta-schema by the tests, not at run
time.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from ..base import i18n
from ..base.findings import HINT_BUDGET, Finding, Severity
from ..base.text import close_matches, is_digits
from .paths import package_file

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

    from ..base.yamlload import YamlDocument




def schema_text(name: str) -> str:
    """The text of a shipped schema, e.g. ``schema_text("mk-set")``."""
    return package_file(f"data/schemas/{name}.schema.json").read_text("utf-8")


@cache
def validator(name: str) -> Draft202012Validator:
    """jsonschema's validator of a shipped schema, which explains what fails (built once)."""
    # lazy: jsonschema is imported only to explain a failure
    from jsonschema import Draft202012Validator

    return Draft202012Validator(_schema_json(name), format_checker=Draft202012Validator.FORMAT_CHECKER)


#: a JSON Schema type as a word of the catalogues (``WORD.whole-number``: "a whole number" / "egész szám")
_JSON_TYPES = {
    "string": "string",
    "integer": "whole-number",
    "number": "number",
    "boolean": "true-or-false",
    "null": "null",
    "array": "list",
    "object": "mapping",
}


def _type_name(value: Any) -> str:
    """The word (``WORD.…``) of a value's type, as a finding says what it got."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "whole-number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "mapping"
    return type(value).__name__


def _json_path(path: tuple[Any, ...]) -> str:
    """``$.cards[3].level``."""
    out = "$"
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


@cache
def fast_validator(name: str, pointer: str = "") -> Callable[[Any], bool]:
    """The compiled yes/no check of a shipped schema (or of its ``#/$defs/…`` *pointer*).

    The verdicts of small documents (every schema but the set files', which
    ``data check`` caches whole) are remembered: see :func:`compiled_check`.
    """
    if name == "mk-set" and not pointer:  # the validator that also explains a set file's common errors
        return compiled_check(_schema_json(name), compiled=_rs_validator(name))
    return compiled_check(_schema_json(name), pointer, remember=name != "mk-set")


def compiled_check(schema: dict[str, Any], pointer: str = "", *, remember: bool = False,
                   compiled: Any = None) -> Callable[[Any], bool]:
    """jsonschema-rs's yes/no check of *schema* (or of its ``#/$defs/…`` *pointer*), formats checked.

    A value it cannot take (a string with a lone surrogate) counts as "not
    valid", so that jsonschema, which takes everything, gives the answer.
    *compiled* is jsonschema-rs's validator of *schema* when one is built already.
    Without *remember* the validator is built at once, else at the first check.  With *remember*, a document
    found valid is remembered in korbiro's cache under the SHA-256 of the
    schema's and the document's canonical JSON, of this module's source and of
    the installed jsonschema-rs (:func:`_verdict_code`): a verdict that depends
    on nothing else, so that the next run of a command on the same file needs
    no validator at all (jsonschema-rs's import is a quarter of a command's
    start-up).
    """
    if pointer:
        schema = {k: v for k, v in schema.items() if k in ("$schema", "$id", "$defs")} | {"$ref": pointer}
    built: list[Callable[[Any], bool]] = [compiled.is_valid] if compiled is not None else []
    digest = hashlib.sha256(_verdict_code() + _canonical(schema).encode()).digest() if remember else b""

    def is_valid(instance: Any) -> bool:
        if not built:
            import jsonschema_rs  # lazy: the compiled validator's library, loaded for the first check

            built.append(jsonschema_rs.validator_for(schema, validate_formats=True).is_valid)
        try:
            return bool(built[0](instance))
        except (ValueError, TypeError, OverflowError):  # UnicodeEncodeError is a ValueError
            return False

    if not remember:
        is_valid(None)  # built now: asked for the check of a set file, a command is about to use it
        return is_valid

    def check(instance: Any) -> bool:
        try:
            key = hashlib.sha256(digest + _canonical(instance).encode()).hexdigest()
        except (TypeError, ValueError):
            return is_valid(instance)
        # lazy: the cache folder is needed only by the commands that validate a document
        from .cache import Cache

        cache = Cache.default()
        entry = f"schema/{key[:2]}/{key}"
        if cache.read_sealed(entry) == "valid":
            return True
        ok = is_valid(instance)
        if ok:
            cache.write_sealed(entry, "valid", quiet=True)  # a mere speed-up: an unwritable cache says nothing
        return ok

    return check


@cache
def _verdict_code() -> bytes:
    """What besides the schema and the document decides a remembered verdict: the code that asks
    for it (this module, korbiro's version) and the copy of jsonschema-rs that gives it."""
    # lazy: only a check that remembers its verdicts needs them
    from .paths import library_stamp, package_digest

    return b"jsonschema verdict 2\0" + package_digest(["data/schema.py"]) + library_stamp("jsonschema_rs") + b"\0"


def _canonical(value: Any) -> str:
    """*value* as JSON, keys sorted, every non-ASCII character escaped (a lone surrogate too)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def iter_schema_findings(doc: YamlDocument, name: str = "mk-set") -> Iterator[Finding]:
    """Validate *doc* against the schema *name*; yield one finding per problem.

    The compiled yes/no check runs first; jsonschema explains only what it
    rejects, and for a set file only the cards it rejects.  A problem that
    two errors explain (jsonschema's ``required`` raises one error per missing
    field, each naming them all) is reported once.
    """
    seen: set[tuple[str, int | None, int | None, str]] = set()
    for f in _schema_findings(doc, name):
        key = (f.code, f.line, f.column, f.message)
        if key not in seen:
            seen.add(key)
            yield f


def _schema_findings(doc: YamlDocument, name: str) -> Iterator[Finding]:
    data = doc.data
    if fast_validator(name)(data):
        return
    hints = _Hints()
    if name == "mk-set":
        explained = _explained_by_rs(name, data)  # the common errors, without jsonschema (one call)
        if explained is not None:
            for err in explained:
                yield from _to_findings(err, doc, hints)  # type: ignore[arg-type]  # it reads as one
            return
    card_ok = fast_validator(name, "#/$defs/card") if name == "mk-set" else None
    if card_ok is not None and isinstance(data, dict) and isinstance(data.get("cards"), list):
        bad = [i for i, c in enumerate(data["cards"]) if not card_ok(c)]
        reduced = dict(data)
        reduced["cards"] = [data["cards"][i] for i in bad]
        for err in validator(name).iter_errors(reduced):
            path = list(err.absolute_path)
            if len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int):
                err.path[1] = bad[path[1]]  # back to the index in the file
            yield from _to_findings(err, doc, hints)
        return
    for err in validator(name).iter_errors(data):
        yield from _to_findings(err, doc, hints)


def iter_inline_card_findings(doc: YamlDocument, key: str = "cards") -> Iterator[Finding]:
    """The cards a document writes inline, under *key* (a scenario's ``cards:``), checked as a set file's:
    every field a card has is typed, listed and ranged as ``mk-set``'s card says (an unknown field is one
    too), but the fields a set file must have (id, mp, a type's required fields) may be left out.  One
    finding per problem, at the value's line and column, said as a set file's finding is."""
    return _part_findings(doc, key, "mk-set", "inline-cards")


def iter_part_findings(doc: YamlDocument, key: str, name: str, pointer: str) -> Iterator[Finding]:
    """The value of *doc*'s top-level *key* checked against a part of the shipped schema *name* (its JSON
    *pointer*, such as ``/properties/options`` of ``mk-result-state``): a scenario's ``variant_options:`` as a
    state file's ``options:``.  One finding per problem, at the value's line and column."""
    return _part_findings(doc, key, name, pointer)


def _part_findings(doc: YamlDocument, key: str, name: str, pointer: str) -> Iterator[Finding]:
    value = doc.data.get(key) if isinstance(doc.data, dict) else None
    if value is None:
        return
    instance = {key: value}
    if _part_check(key, name, pointer)(instance):
        return
    # lazy: jsonschema is imported only to explain a failure
    from jsonschema import Draft202012Validator

    hints = _Hints()
    seen: set[tuple[str, int | None, int | None, str]] = set()
    checker = Draft202012Validator(_part_schema(key, name, pointer), format_checker=Draft202012Validator.FORMAT_CHECKER)
    for err in checker.iter_errors(instance):
        for f in _to_findings(err, doc, hints):
            where = (f.code, f.line, f.column, f.message)
            if where not in seen:
                seen.add(where)
                yield f


@cache
def _part_schema(key: str, name: str, pointer: str) -> dict[str, Any]:
    """``{key: …}`` checked by the part *pointer* of the schema *name*; ``inline-cards``: a list of ``mk-set``
    cards with none of their fields required (:func:`iter_inline_card_findings`)."""
    base = _schema_json(name)
    if pointer == "inline-cards":
        card = json.loads(json.dumps(base["$defs"]["card"]))  # a deep copy: the shipped schema stays as it is
        card.pop("required", None)
        for branch in card.get("allOf", []):
            if isinstance(branch.get("then"), dict):
                branch["then"].pop("required", None)
        part: Any = {"type": "array", "items": card}
    else:
        part = base
        for step in pointer.strip("/").split("/"):
            part = part[step]
    return {"$schema": base["$schema"], "$defs": base.get("$defs", {}), "type": "object", "properties": {key: part}}


@cache
def _part_check(key: str, name: str, pointer: str) -> Callable[[Any], bool]:
    return compiled_check(_part_schema(key, name, pointer), remember=True)


#: the keywords whose errors read the same from jsonschema-rs as from jsonschema: their findings use only
#: the keyword, its value, the instance and the subschema, never jsonschema's own words
RS_EXPLAINS = frozenset({"required", "additionalProperties", "unevaluatedProperties", "type", "enum", "const",
                         "format", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"})


class RsError:
    """A jsonschema-rs error read as the jsonschema ``ValidationError`` that :func:`_to_findings` takes.

    jsonschema-rs names each error's place in the schema (``$defs/card/properties/mp/pattern``), so the
    keyword, its value and the subschema are read off the schema itself, and the value off the instance.
    """

    context: tuple[Any, ...] = ()

    def __init__(self, err: Any, schema: dict[str, Any], instance: Any) -> None:
        where = list(err.schema_path)
        self.validator: str = str(where[-1]) if where else ""
        sub: Any = schema
        for step in where[:-1]:
            sub = sub[step]
        self.schema: Any = sub
        self.validator_value: Any = sub.get(self.validator) if isinstance(sub, dict) else None
        self.message: str = err.message
        self.path: list[Any] = list(err.instance_path)
        for step in self.path:  # the value itself, not jsonschema-rs's copy (whose mappings have sorted keys)
            instance = instance[step]
        self.instance: Any = instance

    @property
    def absolute_path(self) -> list[Any]:
        return self.path


def _explained_by_rs(name: str, instance: Any) -> list[RsError] | None:
    """Every error of *instance* from jsonschema-rs, when each is one it explains as jsonschema would
    (:data:`RS_EXPLAINS`); else ``None`` and jsonschema explains them (importing it costs more than
    checking the whole database: ``benchmarks/data_check.py``, one schema error)."""
    schema = _schema_json(name)
    try:
        found = [RsError(e, schema, instance) for e in _rs_validator(name).iter_errors(instance)]
    except (ValueError, TypeError, OverflowError, KeyError, IndexError):  # a value it cannot take, a path it gave
        return None
    if not found or any(e.validator not in RS_EXPLAINS for e in found):
        return None
    return found


@cache
def _schema_json(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(schema_text(name))
    return schema


@cache
def _rs_validator(name: str) -> Any:
    import jsonschema_rs  # lazy: the compiled validator's library

    return jsonschema_rs.validator_for(_schema_json(name), validate_formats=True)


class _Hints:
    """Did-you-mean lookups for one file, up to :data:`~korbiro.base.findings.HINT_BUDGET`."""

    def __init__(self) -> None:
        self.left = HINT_BUDGET

    def close(self, word: str, candidates: list[str]) -> list[str]:
        if self.left <= 0 or not candidates:
            return []
        self.left -= 1
        return close_matches(word, candidates, n=1)


def _leaves(err: ValidationError) -> Iterator[ValidationError]:
    # anyOf/oneOf: report the branch that went furthest (jsonschema's best_match idea)
    if err.context:
        from jsonschema.exceptions import best_match

        best = best_match(err.context)
        if best is not None and best is not err:
            yield from _leaves(best)
            return
    yield err


_LEADING_ZERO = re.compile(r"^[+-]?0[0-9]+$")


def _quote_hint(value: Any) -> dict[str, Any] | str:
    """YAML read a flow mapping or list where text was meant: say how to quote it."""
    if isinstance(value, dict) and all(v is None for v in value.values()):
        return i18n.part("MK-DATA.hint.quote-mapping", text=", ".join(map(str, value)))
    if isinstance(value, list):
        return i18n.part("MK-DATA.hint.quote-list")
    return ""


def _to_findings(top: ValidationError, doc: YamlDocument, hints: _Hints) -> Iterator[Finding]:
    if top.validator in ("anyOf", "oneOf") and isinstance(top.instance, str) and _LEADING_ZERO.match(top.instance):
        path = tuple(top.absolute_path)
        line, col = doc.mark(path)
        yield _finding("MK-DATA-TYPE", doc, path, line, col, value=top.instance, expected=["whole-number"],
                       hint=i18n.part("MK-DATA.hint.leading-zero"))
        return
    for err in _leaves(top):
        path = tuple(err.absolute_path)
        kw = err.validator
        wanted: Any = err.validator_value  # jsonschema types it as possibly unset; it is set on every error
        if kw == "required":
            missing = [f for f in wanted if isinstance(err.instance, dict) and f not in err.instance]
            for field in missing or list(wanted)[:1]:
                line, col = doc.mark(path)
                yield _finding("MK-DATA-REQUIRED", doc, path, line, col, field=field)
            continue
        if kw in ("additionalProperties", "unevaluatedProperties"):
            allowed = _allowed_fields(err)
            extras = _extra_fields(err)
            for field in extras:
                line, col = doc.mark(path + (field,))
                owners = _types_allowing(err.schema, field)
                close = [] if owners else hints.close(field, allowed)
                hint: dict[str, Any] | str = ""
                if owners:
                    hint = i18n.part("MK-DATA.hint.belongs", types=", ".join(owners))
                elif close:
                    hint = i18n.part("MK-DATA.hint.close", close=close[0])
                yield _finding("MK-DATA-UNKNOWN-FIELD", doc, path, line, col, field=field, hint=hint)
            continue
        line, col = doc.mark(path)
        value = err.instance
        if kw == "type":
            expected = wanted
            names = [expected] if isinstance(expected, str) else list(expected)
            if isinstance(value, (dict, list)) and "string" in names and _quote_hint(value):
                hint = _quote_hint(value)
            elif isinstance(value, str) and "integer" in names and is_digits(value.lstrip("-")):
                hint = i18n.part("MK-DATA.hint.leading-zero" if _LEADING_ZERO.match(value) else "MK-DATA.hint.unquote")
            elif isinstance(value, str) and "boolean" in names:
                hint = i18n.part("MK-DATA.hint.true-or-false")
            else:
                hint = i18n.part("MK-DATA.hint.got", got=_type_name(value))
            yield _finding("MK-DATA-TYPE", doc, path, line, col, value=value,
                           expected=[_JSON_TYPES.get(n, n) for n in names], hint=hint)
        elif kw in ("enum", "const"):
            allowed_vals = wanted if kw == "enum" else [wanted]
            shown = ", ".join(repr(a) for a in allowed_vals)
            hint = _quote_hint(value)
            if isinstance(value, str):
                close = hints.close(value, [a for a in allowed_vals if isinstance(a, str)])
                hint = i18n.part("MK-DATA.hint.close", close=close[0]) if close else ""
            yield _finding("MK-DATA-ENUM", doc, path, line, col, value=value, allowed=shown, hint=hint)
        elif kw == "format":
            yield _finding("MK-DATA-FORMAT.date" if wanted == "date" else "MK-DATA-FORMAT", doc, path, line, col,
                           value=value, format=wanted)
        elif kw == "pattern" and isinstance(value, str) and _LEADING_ZERO.match(value) and _allows_integer(err):
            yield _finding("MK-DATA-TYPE", doc, path, line, col, value=value, expected=["whole-number"],
                           hint=i18n.part("MK-DATA.hint.leading-zero"))
        elif kw == "pattern":
            yield _finding("MK-DATA-PATTERN", doc, path, line, col, value=value, pattern=wanted)
        elif kw in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            yield _finding(f"MK-DATA-RANGE.{kw}", doc, path, line, col, value=value, limit=wanted)
        else:
            yield _said_or_detail(err, doc, path, line, col)


def _allows_integer(err: ValidationError) -> bool:
    t = err.schema.get("type") if isinstance(err.schema, dict) else None
    return t == "integer" or (isinstance(t, list) and "integer" in t)


def _finding(key: str, doc: YamlDocument, path: tuple[Any, ...], line: int, col: int, /, **args: Any) -> Finding:
    """The schema finding *key* (``CODE`` or ``CODE.case``) at *path*: its ``where`` (``$.cards[3].level``)
    and card are arguments too, so that it is said in either language when printed."""
    card = _card_id(path, doc.data)
    message, margs = i18n.said(key, where=_json_path(path), card=i18n.part("MK-DATA.card", id=card) if card else "",
                               **args)
    return Finding(key.split(".")[0], message, severity=Severity.ERROR, rule=None, file=doc.path, line=line,
                   column=col, card=card, args=margs)


def _said_or_detail(err: ValidationError, doc: YamlDocument, path: tuple[Any, ...], line: int, col: int) -> Finding:
    """A finding of a keyword the catalogue says in both languages where its English is jsonschema's own
    (``should be non-empty``), else jsonschema's words as the detail."""
    key = f"MK-DATA-SCHEMA.{err.validator}"
    if key in i18n.catalogue():
        f = _finding(key, doc, path, line, col, value=err.instance)
        if f.message.endswith(f": {err.message}"):
            return f
    return _finding("MK-DATA-SCHEMA", doc, path, line, col, detail=err.message)


def _card_id(path: tuple[Any, ...], data: Any) -> str | None:
    if len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int):
        try:
            cid = data["cards"][path[1]].get("id")
        except (KeyError, IndexError, TypeError, AttributeError):
            return None
        return cid if isinstance(cid, str) else None
    return None


def _allowed_fields(err: ValidationError) -> list[str]:
    """The field names the failing (sub)schema allows for this instance.

    ``if``/``then`` branches count only when their ``if`` holds for the
    instance (a card's own type), so a field of another type is not offered
    back as its own suggestion.
    """
    schema = err.schema if isinstance(err.schema, dict) else {}
    inst = err.instance if isinstance(err.instance, dict) else {}
    names: set[str] = set()

    def applies(cond: Any) -> bool:
        if not isinstance(cond, dict):
            return False
        for key, sub in cond.get("properties", {}).items():
            if isinstance(sub, dict) and "const" in sub and inst.get(key) != sub["const"]:
                return False
            if isinstance(sub, dict) and "enum" in sub and inst.get(key) not in sub["enum"]:
                return False
        return all(k in inst for k in cond.get("required", []))

    def collect(s: Any) -> None:
        if not isinstance(s, dict):
            return
        names.update(s.get("properties", {}).keys())
        for key in ("allOf", "anyOf", "oneOf"):
            for sub in s.get(key, []):
                collect(sub)
        if "if" in s:
            collect(s.get("then") if applies(s["if"]) else s.get("else"))

    collect(schema)
    return sorted(names)


def _types_allowing(schema: Any, field: str) -> list[str]:
    """The values of ``type`` whose ``if``/``then`` branch declares *field*."""
    out: list[str] = []
    for sub in schema.get("allOf", []) if isinstance(schema, dict) else []:
        cond, then = sub.get("if"), sub.get("then")
        if not isinstance(cond, dict) or not isinstance(then, dict):
            continue
        const = cond.get("properties", {}).get("type", {}).get("const")
        if isinstance(const, str) and field in then.get("properties", {}) and const not in out:
            out.append(const)
    return out


def _extra_fields(err: ValidationError) -> list[str]:
    inst = err.instance if isinstance(err.instance, dict) else {}
    # jsonschema's message lists the unexpected names in quotes; recompute them robustly
    allowed = set(_allowed_fields(err))
    extras = [k for k in inst if k not in allowed]
    if extras:
        return extras
    import re

    return re.findall(r"'([^']+)'", err.message.split("(")[-1]) or ["?"]
