"""JSON Schemas of the XIG data files, compiled once per process.

The schemas are package data in ``korbiro/data/xig``; validation errors become
findings at the ``file:line:column`` of the offending value.  Their English is
jsonschema's; their Hungarian is made from the error's keyword (``required``,
``type``, ``enum``, …) and values, by the templates ``XIG.schema.*`` of
``messages.yaml``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from ...base.errors import DataError
from ...base.findings import Finding
from ...base.yamlload import YamlDocument
from ...data.paths import package_file
from ...data.schema import compiled_check
from .messages import say

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator



@cache
def _schema(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(
        package_file(f"data/xig/{name}.schema.json").read_text("utf-8"))
    return schema


@cache
def valid(name: str) -> Callable[[Any], bool]:
    """The compiled yes/no check of ``korbiro/data/xig/<name>.schema.json`` (valid 2020-12: the tests check it)."""
    return compiled_check(_schema(name), remember=True)


@cache
def validator(name: str) -> Draft202012Validator:
    """jsonschema's validator of ``korbiro/data/xig/<name>.schema.json``, which explains what fails."""
    from jsonschema import Draft202012Validator  # lazy: imported only to explain a failure

    return Draft202012Validator(_schema(name))


def _json_path(path: tuple[Any, ...]) -> str:
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def schema_findings(doc: YamlDocument, name: str, code: str) -> list[Finding]:
    """Every schema error of *doc* against schema *name*, as findings with a location."""
    findings: list[Finding] = []
    if valid(name)(doc.data):
        return findings
    errors = sorted(validator(name).iter_errors(doc.data), key=lambda e: [str(p) for p in e.absolute_path])
    for err in errors:
        path = tuple(err.absolute_path)
        line, column = doc.mark(path)
        where = _json_path(path)
        findings.append(
            Finding(code, f"{where}: {err.message}", file=doc.path, line=line, column=column,
                    args={"message_hu": say("XIG.schema", "hu", where=where, detail=err.message,
                                            detail_hu=_hungarian(err))})
        )
    return findings


def raise_findings(findings: list[Finding]) -> None:
    """Raise one :class:`DataError` standing for all *findings* (if there are any)."""
    if not findings:
        return
    first = findings[0]
    err = DataError(first.code, first.message, path=first.file, line=first.line, column=first.column, rule=first.rule,
                    hu=first.text("hu"))
    err.findings = findings
    raise err


#: JSON Schema type names in Hungarian
_TYPES_HU = {"string": "szöveg", "integer": "egész szám", "number": "szám", "boolean": "true vagy false",
             "array": "lista", "object": "leképezés", "null": "null"}
_QUOTED = re.compile(r"^(.*) is a required property$")
_EXTRA = re.compile(r"\((.*) (?:was|were) unexpected\)")


def _hungarian(err: Any) -> str:
    """A jsonschema error (*err*, a ``ValidationError``) in Hungarian, by its keyword."""
    kw, wanted, value = err.validator, err.validator_value, err.instance
    args: dict[str, Any] = {"value": value}
    quoted = _QUOTED.match(err.message) if kw == "required" else _EXTRA.search(err.message)
    if kw in ("required", "additionalProperties"):
        if quoted is None:
            kw = "other"
        else:
            args["fields"] = quoted.group(1)
    elif kw == "type":
        names = [wanted] if isinstance(wanted, str) else list(wanted)
        args["types"] = " / ".join(_TYPES_HU.get(n, n) for n in names)
    elif kw in ("enum", "const"):
        args["allowed"] = ", ".join(repr(v) for v in (wanted if kw == "enum" else [wanted]))
    elif kw in ("minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength", "minProperties",
                "maxProperties", "pattern"):
        args["limit"] = wanted
    else:
        kw = "other"
    return say(f"XIG.schema.{kw}", "hu", detail=err.message, **args)
