"""Strict, safe YAML loading with a line and column for every value.

API (stable):

``load_yaml_file(path, *, expect="mapping") -> YamlDocument``
``load_yaml_text(text_or_bytes, path="<string>", *, expect="mapping") -> YamlDocument``

Both raise :class:`korbiro.base.errors.DataError` on a fatal problem, and never any
other exception for any input; the error's ``findings`` list holds every fatal
problem found in the file (every duplicate key, every tag, ...), sorted by
position.  ``expect`` is ``"mapping"``, ``"sequence"`` or ``"any"`` and names
the type the top-level value must have.

Scalars load as ``str``, except plain ``true``/``false`` (bool), plain
``null``/``~``/empty (None) and plain decimal integers without leading zeros
(int).  ``NO``, ``on``, ``012``, ``1.10``, ``1:30``, ``0x1F`` and ``2024-02-30``
stay strings; quoted scalars are always strings.  Nothing is ever constructed
from a tag.

    >>> doc = load_yaml_text("cards:\\n  - {id: X-1, mp: 3, legal: NO}\\n")
    >>> doc.data
    {'cards': [{'id': 'X-1', 'mp': 3, 'legal': 'NO'}]}
    >>> doc.mark(("cards", 0, "mp"))
    (2, 19)
    >>> load_yaml_text("a: 1\\na: 2\\n")
    Traceback (most recent call last):
    ...
    korbiro.base.errors.DataError: <string>:2:1: duplicate key 'a' (first at line 1)

The pipeline (each stage is a place where a bad input is refused with a
stable code; ``docs/yaml-loading.md`` has the table):

1. stat: a regular file no larger than :data:`MAX_BYTES`, checked before
   reading (FIFOs, devices and directories are never opened for reading);
2. strict UTF-8 decoding, one UTF-8 byte-order mark accepted and stripped;
3. a scan for control characters, reported at their true line and column;
4. one pass over libyaml's event stream (the pure-Python parser when libyaml
   is missing) that builds the data and the marks together, refusing extra
   documents, anchors, aliases, tags, merge keys, nesting deeper than
   :data:`MAX_DEPTH`, over-long numbers, non-string and duplicate keys, and
   checking the root type.  The parser is a state machine with an explicit
   stack, and nothing is composed, so no input can exhaust the C stack or
   expand an alias.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any, Final, NoReturn

import yaml
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from . import i18n
from .errors import DataError
from .findings import Finding, Severity
from .fsutil import KIND_NAMES, FileTooLargeError, NotRegularFileError, read_regular
from .text import is_digits

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "Path",
    "YamlDocument",
    "load_yaml_file",
    "load_yaml_text",
]

Path = tuple[str | int, ...]
Mark = tuple[int, int]

#: Largest accepted file, in bytes (checked before reading).
MAX_BYTES: Final = 5 * 1024 * 1024
#: Deepest accepted nesting of collections; the top-level collection is depth 1.
MAX_DEPTH: Final = 64
#: Longest accepted integer-looking plain scalar, in digits.
MAX_INT_DIGITS: Final = 30
#: At most this many findings of one kind per file (a binary file is not
#: reported byte by byte).
MAX_REPEATS: Final = 20

_EXPECT_NAMES: Final = {"mapping": "a mapping", "sequence": "a list", "any": "a value"}

#: libyaml's parser class, when PyYAML was built with libyaml (else None).
_CParser: Any = getattr(getattr(yaml, "cyaml", None), "CParser", None)

#: Which parser builds the event stream: ``"libyaml"`` or ``"python"``.  Tests
#: switch it to exercise the fallback.
BACKEND: str = "libyaml" if _CParser is not None else "python"

# Characters YAML forbids or treats as line breaks besides \n and \r: C0 except
# tab/LF/CR, DEL, C1 (incl. U+0085 NEL), lone surrogates, U+2028/U+2029, and the
# non-characters U+FFFE/U+FFFF.
_BAD_CHAR: Final = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\ufffe\uffff]"
)
# An integer-looking plain scalar (checked only against MAX_INT_DIGITS).
_INTLIKE: Final = re.compile(r"[-+]?[0-9]+")
# A non-blank character, one or more blanks, then '#': a possible comment after a value.
_HASH_AFTER_TEXT: Final = re.compile(r"\S[ \t]+#")
_CONSTANTS: Final[dict[str, None | bool]] = {
    "": None,
    "~": None,
    "null": None,
    "true": True,
    "false": False,
}
_NUMBER_START: Final = frozenset("+-0123456789")
#: a value's type as a word of the catalogues (``WORD.mapping``: "a mapping" / "leképezés")
_TYPE_NAMES: Final = {
    dict: "mapping",
    list: "list",
    str: "string",
    int: "integer",
    bool: "boolean",
}


@dataclass
class YamlDocument:
    """A loaded YAML file: plain data plus where each value was written."""

    path: str
    data: Any
    #: instance path -> (line, column), 1-based, of each value node
    marks: dict[Path, Mark]
    #: non-fatal findings (warnings)
    findings: list[Finding] = field(default_factory=list)

    def mark(self, path: Path) -> Mark:
        """Line and column of *path*, or of its nearest ancestor that has one."""
        p = tuple(path)
        while p:
            if p in self.marks:
                return self.marks[p]
            p = p[:-1]
        return self.marks.get((), (1, 1))


# --------------------------------------------------------------------------- public API


def load_yaml_file(path: str | os.PathLike[str], *, expect: str = "mapping") -> YamlDocument:
    """Load one YAML file strictly (see the module docstring).

    Only regular files are read; FIFOs, devices, sockets and directories are
    refused from their ``stat`` alone, and so is a file larger than
    :data:`MAX_BYTES`.
    """
    _check_expect(expect)
    name = os.fspath(path)
    display = os.fsdecode(name)
    raw = _read_regular_file(name, display)
    text = _decode(raw, display)
    return _load_text(text, display, expect)


def load_yaml_text(
    source: str | bytes, path: str = "<string>", *, expect: str = "mapping"
) -> YamlDocument:
    """Load YAML from a string or from bytes (decoded as strict UTF-8).

    *path* only names the source in findings.
    """
    _check_expect(expect)
    if isinstance(source, (bytes, bytearray, memoryview)):
        raw = bytes(source)
        if len(raw) > MAX_BYTES:
            _fail("FILE-TOO-LARGE", path, 1, 1, mb=MAX_BYTES // (1024 * 1024))
        text = _decode(raw, path)
    elif isinstance(source, str):
        text = source[1:] if source.startswith("\ufeff") else source
        if len(text) * 4 > MAX_BYTES and len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
            _fail("FILE-TOO-LARGE", path, 1, 1, mb=MAX_BYTES // (1024 * 1024))
    else:
        raise TypeError(f"expected str or bytes, got {type(source).__name__}")
    return _load_text(text, path, expect)


# --------------------------------------------------------------------------- helpers


def _check_expect(expect: str) -> None:
    if expect not in _EXPECT_NAMES:
        raise ValueError(f"expect must be 'mapping', 'sequence' or 'any', not {expect!r}")


def _fail(key: str, path: str, line: int | None = None, column: int | None = None, /, **args: Any) -> NoReturn:
    """Raise the problem *key* (``CODE`` or ``CODE.case``, a template of ``base/messages.yaml``)."""
    raise DataError.said(key, path=path, line=line, column=column, **args)


def _finding(key: str, path: str, line: int, column: int, severity: Severity = Severity.ERROR, /,
             **args: Any) -> Finding:
    """The finding *key* (``CODE`` or ``CODE.case``) with *args*, said in either language when printed."""
    message, margs = i18n.said(key, **args)
    return Finding(key.split(".")[0], message, severity, file=path, line=line, column=column, args=margs)


def _raise_all(errors: list[Finding], path: str) -> NoReturn:
    """Raise a DataError headed by the first of *errors* (by position) and carrying them all."""
    errors = sorted(errors, key=lambda f: (f.line or 0, f.column or 0))
    head = errors[0]
    err = DataError(head.code, head.message, path=path, line=head.line, column=head.column, args=head.args)
    err.findings = errors
    raise err


def _line_col(text: str, pos: int) -> Mark:
    """1-based line and column of character offset *pos* in LF-normalised *text*."""
    line_start = text.rfind("\n", 0, pos) + 1
    return text.count("\n", 0, pos) + 1, pos - line_start + 1


def _read_regular_file(name: str | bytes, display: str) -> bytes:
    """The bytes of *name*, refusing anything but a regular file of at most MAX_BYTES."""
    try:
        return read_regular(name, MAX_BYTES).data
    except (FileNotFoundError, NotADirectoryError):
        _fail("FILE-NOT-FOUND", display, name=display)
    except NotRegularFileError as exc:
        if exc.kind == "directory":
            _fail("FILE-IS-DIRECTORY", display, name=display)
        _fail("FILE-NOT-REGULAR", display, name=display, kind=KIND_NAMES[exc.kind][0], kind_hu=KIND_NAMES[exc.kind][1])
    except FileTooLargeError:
        _fail("FILE-TOO-LARGE", display, 1, 1, mb=MAX_BYTES // (1024 * 1024))
    except (OSError, ValueError) as exc:
        _fail("FILE-UNREADABLE", display, name=display, why=str(getattr(exc, "strerror", None) or exc))


def _decode(raw: bytes, path: str) -> str:
    """Strict UTF-8, one UTF-8 BOM stripped; UTF-16/32 and invalid bytes refused."""
    if raw.startswith((b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00")):
        _fail("FILE-UTF16", path, 1, 1, encoding="UTF-32")
    if raw.startswith((b"\xfe\xff", b"\xff\xfe")):
        _fail("FILE-UTF16", path, 1, 1, encoding="UTF-16")
    if len(raw) >= 4 and (
        (raw[0] and not raw[1] and raw[2] and not raw[3])
        or (not raw[0] and raw[1] and not raw[2] and raw[3])
    ):  # ASCII text in UTF-16 without a BOM: every other byte is NUL
        _fail("FILE-UTF16.no-bom", path, 1, 1)
    skip = 3 if raw.startswith(b"\xef\xbb\xbf") else 0
    try:
        return raw[skip:].decode("utf-8")
    except UnicodeDecodeError:
        pass
    errors: list[Finding] = []
    body = raw[skip:]
    pos = 0
    while len(errors) < MAX_REPEATS:
        try:
            body[pos:].decode("utf-8")
            break
        except UnicodeDecodeError as exc:
            start = pos + exc.start
            prefix = (
                body[:start].decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")
            )
            line, col = _line_col(prefix, len(prefix))
            offset = start + skip
            errors.append(_finding("FILE-ENCODING", path, line, col, line=line, col=col, offset=offset,
                                   byte=f"0x{body[start]:02X}"))
            pos = pos + exc.end
    _raise_all(errors, path)


def _check_characters(text: str, path: str) -> None:
    """Refuse control characters, lone surrogates and U+2028/U+2029 at their line:col."""
    match = _BAD_CHAR.search(text)
    if match is None:
        return
    errors: list[Finding] = []
    for m in _BAD_CHAR.finditer(text, match.start()):
        cp = ord(m.group())
        control = cp < 0xD800 or cp in (0x2028, 0x2029)
        line, col = _line_col(text, m.start())
        errors.append(_finding("FILE-CONTROL-CHAR" if control else "FILE-CONTROL-CHAR.surrogate", path, line, col,
                               cp=f"U+{cp:04X}"))
        if len(errors) >= MAX_REPEATS:
            break
    _raise_all(errors, path)


def _lint_lines(text: str) -> set[int]:
    """0-based numbers of the lines where a '#' follows text after a blank."""
    lines: set[int] = set()
    line = 0
    last = 0
    for m in _HASH_AFTER_TEXT.finditer(text):
        line += text.count("\n", last, m.start())
        last = m.start()
        lines.add(line)
    return lines


def _event_source(text: str) -> Any:
    """A parser object with ``get_event()`` for *text*, libyaml's when available."""
    if BACKEND == "libyaml" and _CParser is not None:
        return _CParser(text)
    return yaml.BaseLoader(text)


# --------------------------------------------------------------------------- the loader


def _load_text(text: str, path: str, expect: str) -> YamlDocument:
    if "\r" in text:  # YAML reads CRLF and lone CR as one line break each
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    _check_characters(text, path)
    builder = _Builder(text, path, expect)
    builder.run()
    if builder.retry_pure:
        # libyaml (0.2.6+) stops at its own nesting limit before our event loop
        # reaches MAX_DEPTH: read again with the pure-Python parser, which has
        # no such limit, so the depth is reported where it is exceeded
        builder = _Builder(text, path, expect)
        builder.run(pure=True)
    if builder.errors:
        _raise_all(builder.errors, path)
    return YamlDocument(path, builder.root, builder.marks, builder.warnings)


#: A container being filled and its state: the container (dict, list, or None at document
#: level), its instance path (None when not recorded), whether it is a mapping, the pending
#: key (NOKEY while a key is expected, DISCARD when the value is dropped) and its keys' lines.
_Frame = tuple[Any, Path | None, bool, Any, dict[str, int]]


class _Stop(Exception):
    """Raised inside the builder after a problem that ends the scan."""


class _Builder:
    """Builds data and marks from one pass over the event stream."""

    def __init__(self, text: str, path: str, expect: str) -> None:
        self.text = text
        self.path = path
        self.expect = expect
        self.errors: list[Finding] = []
        self.warnings: list[Finding] = []
        self.marks: dict[Path, Mark] = {}
        self.root: Any = None
        self._lines: list[str] | None = None
        self._alias_reported = False
        self._repeats: dict[str, int] = {}
        self.documents = 0
        self.have_root = False
        self.root_empty = False  # a bare '---'

    # ---- reporting

    def line_text(self, line0: int) -> str:
        """The text of 0-based line *line0* (empty past the end)."""
        if self._lines is None:
            self._lines = self.text.split("\n")
        return self._lines[line0] if 0 <= line0 < len(self._lines) else ""

    def error(self, key: str, line: int, column: int, /, **args: Any) -> None:
        """Record the fatal finding *key* at 1-based *line*:*column* (at most MAX_REPEATS per code)."""
        code = key.split(".")[0]
        n = self._repeats.get(code, 0)
        if n >= MAX_REPEATS:
            return
        self._repeats[code] = n + 1
        self.errors.append(_finding(key, self.path, line, column, **args))

    def warn(self, key: str, line: int, column: int, /, **args: Any) -> None:
        """Record the non-fatal finding *key*."""
        self.warnings.append(_finding(key, self.path, line, column, Severity.WARNING, **args))

    def properties(self, event: Any) -> None:
        """Report the anchor and the tag of a node event, each at its own column."""
        mark = event.start_mark
        line0, col0 = mark.line, mark.column
        anchor, tag = event.anchor, event.tag
        src = self.line_text(line0)
        anchor_col = tag_col = col0
        if anchor is not None and tag is not None:  # both: the event marks the first one
            if src[col0 : col0 + 1] == "&":
                found = src.find("!", col0 + 1 + len(anchor))
            else:
                found = src.find("&", col0 + len(_first_token(src[col0:])))
            if found >= 0:
                if src[col0 : col0 + 1] == "&":
                    tag_col = found
                else:
                    anchor_col = found
        if anchor is not None and not self._alias_reported:
            self._alias_reported = True
            self.error("YAML-ALIAS", line0 + 1, anchor_col + 1, name=f"&{anchor}", char="&")
        if tag is not None:
            token = _first_token(src[tag_col:]) or "!"
            self.error("YAML-TAG", line0 + 1, tag_col + 1, tag=token[:60])

    def alias(self, event: Any) -> None:
        """Report an alias (only the first anchor or alias of a file is reported)."""
        if self._alias_reported:
            return
        self._alias_reported = True
        mark = event.start_mark
        self.error("YAML-ALIAS", mark.line + 1, mark.column + 1, name=f"*{event.anchor}", char="*")

    def lint_comment(self, event: Any) -> None:
        """Warn when a plain value is followed on its line by what may be text after '#'."""
        end = event.end_mark
        src = self.line_text(end.line)
        rest = src[end.column :]
        m = re.match(r"([ \t]+)#(.?)", rest)
        if m is None:
            return
        gap, after = m.group(1), m.group(2)
        if len(gap) == 1 and (
            after not in ("", " ", "\t", "#") or any(c in event.value for c in " \t")
        ):
            self.warn("YAML-COMMENT-IN-VALUE", end.line + 1, end.column + len(gap) + 1,
                      text=event.value + rest.rstrip(), value=event.value)

    # ---- the event loop

    #: set when libyaml gave up on nesting depth: the caller reads the text again with pure=True
    retry_pure = False

    def run(self, pure: bool = False) -> None:
        """Read the whole event stream (or up to the first problem that ends the scan)."""
        parser = yaml.BaseLoader(self.text) if pure else _event_source(self.text)
        try:
            self._loop(parser)
        except _Stop:
            pass
        except yaml.MarkedYAMLError as exc:
            if not pure and "maximum nesting depth" in (exc.problem or ""):
                self.retry_pure = True
                return
            self.syntax_error(exc)
        except yaml.YAMLError as exc:  # ReaderError: the character scan should have caught it
            pos = getattr(exc, "position", 0) or 0
            line, col = _line_col(self.text, min(pos, len(self.text)))
            self.error("YAML-SYNTAX", line, col, problem=str(exc))
        finally:
            dispose = getattr(parser, "dispose", None)
            if dispose is not None:
                dispose()

    def _loop(self, parser: Any) -> None:
        """Build the data and the marks from the events; the scalars, the commonest, inline."""
        get_event = parser.get_event
        marks = self.marks
        lint = _lint_lines(self.text) if "#" in self.text else set()
        constants = _CONSTANTS
        digit_start = _NUMBER_START
        max_int_digits = MAX_INT_DIGITS
        DISCARD = _DISCARD
        NOKEY = _NOKEY
        # The current container's frame (see _Frame); its parents are saved on `stack`.
        cont: Any = None  # dict, list, or None at document level
        cpath: Path | None = ()  # its instance path; None when not recorded
        is_map = False
        key: Any = NOKEY  # in a mapping: the pending key, NOKEY while a key is expected
        keylines: dict[str, int] = {}  # in a mapping: key text -> 1-based line
        stack: list[_Frame] = []
        while True:
            ev = get_event()
            cls = ev.__class__
            if cls is ScalarEvent or cls is AliasEvent:
                sm = ev.start_mark
                if cls is AliasEvent:
                    self.alias(ev)
                    value = None
                    if is_map and key is NOKEY:
                        self.error("YAML-KEY-TYPE", sm.line + 1, sm.column + 1, got="alias")
                        key = DISCARD
                        continue
                else:
                    if ev.anchor is not None or ev.tag is not None:
                        self.properties(ev)
                    value = ev.value
                    plain = not ev.style and ev.tag is None
                    if is_map and key is NOKEY:  # a mapping key
                        key = self.key(value, sm) if plain and (
                            value in constants or value[0] in digit_start or value == "<<") else value
                        if value in keylines:
                            self.error("YAML-DUPLICATE-KEY", sm.line + 1, sm.column + 1, key=value,
                                       first=keylines[value])
                            key = DISCARD
                        else:
                            keylines[value] = sm.line + 1
                        continue
                    if plain:
                        if lint and ev.end_mark.line in lint:
                            self.lint_comment(ev)
                        if value in constants:
                            value = constants[value]
                        elif value[0] in digit_start:  # the commonest number first: what number() makes of it
                            value = int(value) if is_digits(value) and (value[0] != "0" or len(value) == 1) \
                                and len(value) <= max_int_digits else self.number(value, sm)
                mark = (sm.line + 1, sm.column + 1)
                if is_map:
                    if key is not DISCARD and cpath is not None:
                        cont[key] = value
                        marks[cpath + (key,)] = mark
                    key = NOKEY
                elif cont is not None:
                    if cpath is not None:
                        marks[cpath + (len(cont),)] = mark
                    cont.append(value)
                else:
                    self.scalar_root(ev, value, mark)
            elif cls is MappingStartEvent or cls is SequenceStartEvent:
                stack.append((cont, cpath, is_map, key, keylines))
                cont, cpath, is_map, key, keylines = self.open_collection(ev, stack)
            elif cls is MappingEndEvent or cls is SequenceEndEvent:
                cont, cpath, is_map, key, keylines = stack.pop()
            elif cls is DocumentStartEvent:
                self.document_start(ev)
            elif cls is StreamEndEvent:
                break
        if not self.have_root or self.root_empty:
            self.error("FILE-EMPTY" if self.expect == "any" else "FILE-EMPTY.expected", 1, 1,
                       want="mapping" if self.expect == "mapping" else "list")

    # ---- the steps of the loop that are not the hot path

    def key(self, value: str, mark: Any) -> Any:
        """A plain mapping key that may not be a string (``true``, ``12``, ``<<``): *value*, or DISCARD."""
        if value in _CONSTANTS or _is_int(value):
            what = "null" if _CONSTANTS.get(value, 0) is None else _TYPE_NAMES[type(_plain(value))]
            self.error("YAML-KEY-TYPE.scalar", mark.line + 1, mark.column + 1, got=what, value=value)
            return _DISCARD
        if value == "<<":
            self.error("YAML-MERGE", mark.line + 1, mark.column + 1)
            return _DISCARD
        return value

    def scalar_root(self, ev: Any, value: Any, mark: Mark) -> None:
        """A scalar or an alias as the whole document."""
        self.have_root = True
        self.marks[()] = mark
        if ev.__class__ is AliasEvent:
            return
        if not ev.style and ev.tag is None and ev.value == "" and ev.anchor is None:
            self.root_empty = True  # a bare '---'
        else:
            self.check_root(value, ev.start_mark)
        self.root = value

    def open_collection(self, ev: Any, stack: list[_Frame]) -> _Frame:
        """Place the collection *ev* starts into its parent (the top of *stack*); its own frame.

        The parent's frame on *stack* is rewritten with the key it waits for next.
        """
        sm = ev.start_mark
        if ev.anchor is not None or ev.tag is not None:
            self.properties(ev)
        if len(stack) > MAX_DEPTH:
            self.error("YAML-DEPTH", sm.line + 1, sm.column + 1, depth=MAX_DEPTH)
            raise _Stop
        is_map = ev.__class__ is MappingStartEvent
        new: Any = {} if is_map else []
        mark = (sm.line + 1, sm.column + 1)
        cont, cpath, in_map, key, keylines = stack[-1]
        npath: Path | None = None
        if in_map:
            if key is _NOKEY:  # a collection as a mapping key: the value that follows is dropped too
                self.error("YAML-KEY-TYPE", sm.line + 1, sm.column + 1, got="mapping" if is_map else "list")
                stack[-1] = (cont, cpath, in_map, _DISCARD, keylines)
            else:
                if key is not _DISCARD and cpath is not None:
                    npath = cpath + (key,)
                    cont[key] = new
                    self.marks[npath] = mark
                stack[-1] = (cont, cpath, in_map, _NOKEY, keylines)
        elif cont is not None:
            if cpath is not None:
                npath = cpath + (len(cont),)
                self.marks[npath] = mark
            cont.append(new)
        else:
            self.have_root = True
            self.check_root(new, sm)
            self.root = new
            npath = ()
            self.marks[()] = mark
        return new, npath, is_map, _NOKEY, {}

    def document_start(self, ev: Any) -> None:
        """Count the documents: a second one ends the scan."""
        self.documents += 1
        if self.documents > 1:
            self.error("YAML-MULTI-DOC", ev.start_mark.line + 1, ev.start_mark.column + 1)
            raise _Stop

    # ---- checks

    def check_root(self, value: Any, mark: Any) -> None:
        """Check the top-level value against ``expect``."""
        expect = self.expect
        if expect == "any":
            return
        want = dict if expect == "mapping" else list
        if value.__class__ is want:
            return
        got = "null" if value is None else _TYPE_NAMES.get(value.__class__, type(value).__name__)
        self.error("YAML-ROOT-TYPE", mark.line + 1, mark.column + 1, want="mapping" if expect == "mapping" else "list",
                   got=got)

    def number(self, value: str, mark: Any) -> Any:
        """Resolve a plain scalar starting with a digit or a sign: int, else str."""
        if _is_int(value):
            digits = len(value) - (value[0] == "-")
            if digits <= MAX_INT_DIGITS:
                return int(value)
        elif not _INTLIKE.fullmatch(value):
            return value
        digits = len(value.lstrip("+-"))  # the value is [-+]?[0-9]+ here
        if digits > MAX_INT_DIGITS:
            self.error("YAML-NUMBER-TOO-LONG", mark.line + 1, mark.column + 1, digits=digits, most=MAX_INT_DIGITS)
        return value

    def syntax_error(self, exc: yaml.MarkedYAMLError) -> None:
        """Turn a scanner or parser error into a finding with line:col and a hint."""
        pmark: Any = exc.problem_mark or exc.context_mark
        line0, col0 = (pmark.line, pmark.column) if pmark is not None else (0, 0)
        problem = (exc.problem or "").strip()
        context = (exc.context or "").strip()
        src = self.line_text(line0)
        # tabs
        lead = src[: len(src) - len(src.lstrip(" \t"))]
        if "\t" in lead and col0 <= len(lead):
            self.error("YAML-TAB", line0 + 1, lead.index("\t") + 1)
            return
        if "tab" in problem or src[col0 : col0 + 1] == "\t":
            self.error("YAML-TAB.here", line0 + 1, col0 + 1)
            return
        # '*' or '&' with no name: report at the indicator
        if (
            context in ("while scanning an alias", "while scanning an anchor")
            and exc.context_mark is not None
        ):
            cm = exc.context_mark
            snippet = self.line_text(cm.line)[cm.column :].split(" #", 1)[0].strip()
            indicator = snippet[:1] or "*"
            self.error("YAML-SYNTAX.indicator" if indicator == "*" else "YAML-SYNTAX.anchor", cm.line + 1,
                       cm.column + 1, char=indicator, text=snippet[:60])
            return
        if problem.startswith("mapping values are not allowed"):
            before = src[:col0]
            quote = ": " in before or before.rstrip().endswith(":")
            self.error("YAML-SYNTAX.colon-quote" if quote else "YAML-SYNTAX.colon-indent", line0 + 1, col0 + 1)
            return
        if "cannot start any token" in problem:
            snippet = src[col0:].split(" #", 1)[0].strip()
            char = src[col0 : col0 + 1]
            self.error("YAML-SYNTAX.start", line0 + 1, col0 + 1, char=char, text=snippet[:60])
            return
        where = exc.context_mark
        if context and where is not None and (where.line, where.column) != (line0, col0):
            self.error("YAML-SYNTAX.context-at", line0 + 1, col0 + 1, problem=problem, context=context,
                       line=where.line + 1, col=where.column + 1)
        elif context:
            self.error("YAML-SYNTAX.context", line0 + 1, col0 + 1, problem=problem, context=context)
        else:
            self.error("YAML-SYNTAX", line0 + 1, col0 + 1, problem=problem)


class _Sentinel:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


_NOKEY: Final = _Sentinel("<no key>")
_DISCARD: Final = _Sentinel("<discarded>")


def _is_int(value: str) -> bool:
    """True for ``-?(0|[1-9][0-9]*)``, ASCII digits only."""
    digits = value[1:] if value[:1] == "-" else value
    return (
        bool(digits)
        and is_digits(digits)
        and (digits[0] != "0" or len(digits) == 1)
    )


def _first_token(text: str) -> str:
    """*text* up to its first blank."""
    parts = text.split(None, 1)
    return parts[0] if parts else ""


def _plain(value: str) -> Any:
    """What a plain scalar resolves to (for messages about keys)."""
    if value in _CONSTANTS:
        return _CONSTANTS[value]
    if _is_int(value):
        return 0
    return value
