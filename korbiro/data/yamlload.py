"""Strict, safe YAML loading with a line and column for every value.

(Minimal first version: the hardened pipeline of docs/data-format.md replaces it.)

API (stable):

``load_yaml_file(path, *, expect="mapping") -> YamlDocument``
``load_yaml_text(text_or_bytes, path="<string>", *, expect="mapping") -> YamlDocument``

Both raise :class:`korbiro.errors.DataError` on a fatal problem; its
``findings`` list holds every fatal problem found in the file.  Scalars load as
``str``, except plain ``true``/``false`` (bool), ``null``/``~``/empty (None) and
plain decimal integers without leading zeros (int).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from ..errors import DataError
from ..findings import Finding

Path = tuple[str | int, ...]

MAX_BYTES = 5 * 1024 * 1024

try:
    _BaseLoader = yaml.CSafeLoader  # type: ignore[attr-defined]
except AttributeError:  # pragma: no cover - libyaml missing
    _BaseLoader = yaml.SafeLoader

_INT = re.compile(r"^-?(?:0|[1-9][0-9]*)$")


@dataclass
class YamlDocument:
    path: str
    data: Any
    #: instance path -> (line, column), 1-based, of each value node
    marks: dict[Path, tuple[int, int]]
    #: non-fatal findings (warnings)
    findings: list[Finding] = field(default_factory=list)

    def mark(self, path: Path) -> tuple[int, int]:
        """Line and column of *path*, or of its nearest ancestor that has one."""
        p = tuple(path)
        while p:
            if p in self.marks:
                return self.marks[p]
            p = p[:-1]
        return self.marks.get((), (1, 1))


def load_yaml_file(path: str | os.PathLike[str], *, expect: str = "mapping") -> YamlDocument:
    name = os.fspath(path)
    try:
        st = os.stat(name)
    except FileNotFoundError:
        raise DataError("FILE-NOT-FOUND", f"file {name!r} does not exist", path=name) from None
    if os.path.isdir(name):
        raise DataError("FILE-IS-DIRECTORY", f"{name!r} is a directory, expected a file", path=name)
    if st.st_size > MAX_BYTES:
        raise DataError("FILE-TOO-LARGE", f"file exceeds {MAX_BYTES // (1024 * 1024)} MB limit", path=name, line=1)
    with open(name, "rb") as fh:
        raw = fh.read()
    return load_yaml_text(raw, name, expect=expect)


def load_yaml_text(source: str | bytes, path: str = "<string>", *, expect: str = "mapping") -> YamlDocument:
    if isinstance(source, bytes):
        try:
            text = source.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise DataError("FILE-ENCODING", f"not valid UTF-8 (byte offset {exc.start})", path=path, line=1) from None
    else:
        text = source
    try:
        node = yaml.compose(text, Loader=_BaseLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        raise DataError(
            "YAML-SYNTAX",
            f"{exc.problem}",
            path=path,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        ) from None
    except yaml.YAMLError as exc:
        raise DataError("YAML-SYNTAX", str(exc), path=path, line=1) from None
    if node is None:
        raise DataError("FILE-EMPTY", "file is empty (expected a mapping)", path=path, line=1, column=1)
    marks: dict[Path, tuple[int, int]] = {}
    errors: list[Finding] = []
    data = _construct(node, (), marks, errors, path)
    if errors:
        err = DataError(errors[0].code, errors[0].message, path=path, line=errors[0].line, column=errors[0].column)
        err.findings = errors
        raise err
    if expect == "mapping" and not isinstance(data, dict):
        raise DataError("YAML-ROOT-TYPE", f"expected a mapping at top level, got a {type(data).__name__}", path=path, line=1, column=1)
    return YamlDocument(path, data, marks)


def _construct(node: yaml.Node, p: Path, marks: dict[Path, tuple[int, int]], errors: list[Finding], path: str) -> Any:
    marks[p] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        first: dict[str, int] = {}
        for knode, vnode in node.value:
            key = knode.value
            if key in first:
                errors.append(Finding("YAML-DUPLICATE-KEY", f"duplicate key {key!r} (first at line {first[key]})", file=path, line=knode.start_mark.line + 1, column=knode.start_mark.column + 1))
                continue
            first[key] = knode.start_mark.line + 1
            out[key] = _construct(vnode, p + (key,), marks, errors, path)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_construct(v, p + (i,), marks, errors, path) for i, v in enumerate(node.value)]
    value = node.value
    if node.style is None or node.style == "":
        if value in ("", "~", "null"):
            return None
        if value == "true":
            return True
        if value == "false":
            return False
        if _INT.match(value):
            return int(value)
    return value
