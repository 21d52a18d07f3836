"""JSON Schemas of the XIG data files, compiled once per process.

The schemas are package data in ``korbiro/data/xig``; validation errors become
findings at the ``file:line:column`` of the offending value.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ...base.errors import DataError
from ...base.findings import Finding
from ...base.yamlload import YamlDocument
from ...data.schema import compiled_check

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

DATA_PACKAGE = "korbiro.data.xig"


@cache
def _schema(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(
        resources.files(DATA_PACKAGE).joinpath(f"{name}.schema.json").read_text("utf-8"))
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
        findings.append(
            Finding(code, f"{_json_path(path)}: {err.message}", file=doc.path, line=line, column=column)
        )
    return findings


def raise_findings(findings: list[Finding]) -> None:
    """Raise one :class:`DataError` standing for all *findings* (if there are any)."""
    if not findings:
        return
    first = findings[0]
    err = DataError(first.code, first.message, path=first.file, line=first.line, column=first.column, rule=first.rule)
    err.findings = findings
    raise err
