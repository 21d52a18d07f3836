"""Message language: ``--lang en|hu``, else the locale, else English.

Messages live in catalogues keyed by a finding's stable code; each entry has an
English and a Hungarian template formatted with the finding's named arguments.
The catalogues are data: every ``messages.yaml`` in the package (one a domain,
e.g. ``korbiro/rules/exxit/messages.yaml``), each entry ``CODE: {en: …, hu: …}``,
read once when the first message is made, so that a message prints in either
language wherever it was made, a cached finding included::

    >>> message("FILE-OUTPUT-EMPTY", "hu")
    'a kimeneti fájl útvonala üres'

A key is the code, or ``CODE.case`` where a code has several messages (the
finding then keeps the key as its ``_template`` argument); a template is
``str.format`` text with the format specs of :class:`_Formatter`.
``tests/base/test_i18n_catalogues.py`` checks that both languages of every key take
the same placeholders (docs/architecture.md, "Messages as data").
"""

from __future__ import annotations

import os
import string
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping
from functools import cache
from typing import Any

LANGS = ("en", "hu")


def detect_lang(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """Pick the message language.

    >>> detect_lang("hu")
    'hu'
    >>> detect_lang(None, {"LANG": "hu_HU.UTF-8"})
    'hu'
    >>> detect_lang(None, {"LANG": "C.UTF-8"})
    'en'
    """
    if explicit:
        return explicit if explicit in LANGS else "en"
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return "hu" if value.lower().startswith("hu") else "en"
    return "en"


_chosen: str | None = None


def choose(lang: str | None) -> None:
    """Remember the language a command was given (``--lang``), for messages that have no command to ask."""
    global _chosen
    _chosen = lang if lang in LANGS else None


def current() -> str:
    """The language chosen with :func:`choose`, else the locale's (:func:`detect_lang`)."""
    return _chosen or detect_lang(None)


#: Where the merged catalogue is kept between runs: a function giving ``(read, write)`` of bytes
#: under a key, or None (each process then reads the YAML).  The command line sets it to korbiro's
#: cache (:func:`korbiro.data.cache.catalogue_keeper`), a layer this one does not import.
keeper: Callable[[], tuple[Callable[[str], bytes | None], Callable[[str, bytes], None]]] | None = None

#: the package folder whose ``messages.yaml`` files are the catalogues
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


#: the merged catalogue shipped beside this module, made from the ``messages.yaml`` files by
#: ``python3 -m korbiro.base.shipcatalogue``: their digest on its first line, then a kept catalogue
SHIPPED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "catalogue.kept")


@cache
def catalogue() -> MutableMapping[str, dict[str, str]]:
    """Every ``messages.yaml`` of the package, merged: code -> {"en": template, "hu": template}.

    Parsing the YAML costs more than anything else a short command does, so the merged catalogue is
    shipped beside this module (:data:`SHIPPED`), under the SHA-256 of every catalogue's name and bytes:
    it is served only for the very files it was made from.  Where they have changed since (a catalogue
    edited, not yet shipped again), it is kept by :data:`keeper` under that digest and this module's
    code.  Either is decoded a family of codes at a time (:class:`_Kept`): a command that says one
    message decodes one family, not the 2,000 templates of every command.
    """
    import hashlib  # lazy: read only when a message is made

    files = _catalogue_files()
    sources = _sources_digest(files)
    shipped = _Kept.shipped(sources, files)
    if shipped is not None:
        return shipped
    with open(__file__, "rb") as fh:
        key = hashlib.sha256(f"catalogue\0{sources}\0".encode() + fh.read()).hexdigest()
    store = keeper() if keeper is not None else None
    if store is not None:
        kept = _Kept.of(store[0](key), files)
        if kept is not None:
            return kept
    out = _read_catalogues(files)
    if store is not None:
        store[1](key, _Kept.text(out))
    return out


def _sources_digest(files: Iterable[str]) -> str:
    """The SHA-256 of the catalogue *files*' names (in the package) and bytes."""
    import hashlib  # lazy: as above

    h = hashlib.sha256(b"catalogue sources\0")
    for name in files:
        try:
            with open(name, "rb") as fh:
                data = fh.read()
        except OSError:
            data = b"\0unreadable"
        h.update(f"{os.path.relpath(name, _PACKAGE)}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


def _catalogue_files() -> list[str]:
    """The ``messages.yaml`` files of the package (folders named ``_…`` or ``.…`` aside), in a stable order."""
    found: list[str] = []
    for folder, subfolders, names in os.walk(_PACKAGE):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith(("_", ".")))
        if "messages.yaml" in names:
            found.append(os.path.join(folder, "messages.yaml"))
    return found


def _read_catalogues(files: Iterable[str]) -> dict[str, dict[str, str]]:
    import yaml  # lazy: read only when a message is made and the catalogue is not kept

    out: dict[str, dict[str, str]] = {}
    for name in files:
        with open(name, encoding="utf-8") as fh:
            data = yaml.load(fh.read(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        for code, texts in (data or {}).items():
            if code in out:
                raise ValueError(f"{name}: the message code {code} is defined twice")
            out[str(code)] = {str(k): str(v) for k, v in texts.items()}
    return out


def _family(code: str) -> str:
    """The family of a code: the code up to its first dot (``HELP.deck.check`` -> ``HELP``)."""
    return code.partition(".")[0]


class _Kept(MutableMapping[str, dict[str, str]]):
    """A kept catalogue (:func:`catalogue`): a first line, the JSON of where each family's entries stand
    in the rest (``{family: [start, end]}``), then each family's entries as a JSON object.  A family is
    decoded when one of its codes is first asked for, and checked then (code -> language -> template,
    every one a string); a family that is not is read again from the YAML files (the whole catalogue,
    once)."""

    def __init__(self, spans: dict[str, list[int]], body: bytes, files: list[str]) -> None:
        self._spans = spans
        self._body = body
        self._files = files
        self._families: dict[str, dict[str, dict[str, str]]] = {}
        self._read: dict[str, dict[str, str]] | None = None  # the YAML, where a family was not a catalogue's

    @classmethod
    def of(cls, text: bytes | None, files: list[str]) -> _Kept | None:
        """The kept catalogue *text*, if its first line is an index of families (else None: not kept)."""
        if text is None:
            return None
        import json  # lazy: read only when a message is made

        head, _, body = text.partition(b"\n")
        try:
            spans = json.loads(head)
        except ValueError:
            return None
        return cls(spans, body, files) if spans.__class__ is dict else None

    @classmethod
    def shipped(cls, sources: str, files: list[str]) -> _Kept | None:
        """The shipped catalogue (:data:`SHIPPED`), if it was made from the files whose digest is *sources*."""
        try:
            with open(SHIPPED, "rb") as fh:
                made_from, _, text = fh.read().partition(b"\n")
        except OSError:
            return None
        return cls.of(text, files) if made_from == sources.encode() else None

    @staticmethod
    def text(entries: Mapping[str, dict[str, str]]) -> bytes:
        """*entries* as a kept catalogue is written (read back by :meth:`of`)."""
        import json  # lazy: as above

        families: dict[str, dict[str, dict[str, str]]] = {}
        for code in sorted(entries):
            families.setdefault(_family(code), {})[code] = entries[code]
        spans: dict[str, list[int]] = {}
        parts: list[bytes] = []
        at = 0
        for name, family in families.items():
            part = json.dumps(family, ensure_ascii=False, sort_keys=True).encode()
            spans[name] = [at, at + len(part)]
            parts.append(part)
            at += len(part)
        return json.dumps(spans, ensure_ascii=False).encode() + b"\n" + b"".join(parts)

    def _of(self, name: str) -> MutableMapping[str, dict[str, str]]:
        if self._read is not None:
            return self._read
        family = self._families.get(name)
        if family is None:
            span = self._spans.get(name)
            if name not in self._spans:
                family = {}
            elif span.__class__ is list and len(span) == 2 and span[0].__class__ is span[1].__class__ is int:
                family = self._decoded(self._body[span[0]:span[1]], name)
            else:
                family = None  # not an index of families: the kept text is not a catalogue's
            if family is None:
                self._read = _read_catalogues(self._files)
                return self._read
            self._families[name] = family
        return family

    @staticmethod
    def _decoded(text: bytes, name: str) -> dict[str, dict[str, str]] | None:
        import json  # lazy: as above

        try:
            data = json.loads(text)
        except ValueError:  # UnicodeDecodeError too
            return None
        if data.__class__ is not dict or any(_family(code) != name for code in data) or \
                {t.__class__ for t in data.values()} - {dict} or \
                {x.__class__ for texts in data.values() for item in texts.items() for x in item} - {str}:
            return None  # a mapping of code -> language -> template, every one a string, or not the catalogue
        return data

    def __getitem__(self, code: str) -> dict[str, str]:
        return self._of(_family(code))[code]

    def _every(self) -> list[MutableMapping[str, dict[str, str]]]:
        """Every family decoded (the YAML read instead, as one, where a family was not a catalogue's)."""
        families = [self._of(name) for name in self._spans]
        return [self._read] if self._read is not None else families

    def __setitem__(self, code: str, texts: dict[str, str]) -> None:
        """Add or replace an entry (as in the merged dictionary the YAML gives: a game of one's own adds its help)."""
        name = _family(code)
        self._of(name)[code] = texts
        if self._read is None and name not in self._spans:
            self._spans[name] = []  # a family of its own, listed so that iterating finds it

    def __delitem__(self, code: str) -> None:
        del self._of(_family(code))[code]

    def __iter__(self) -> Iterator[str]:
        return (code for family in self._every() for code in family)

    def __len__(self) -> int:
        return sum(len(family) for family in self._every())


def message(code: str, lang: str = "en", /, **args: Any) -> str:
    """The message of *code* in *lang*, made from its catalogue template with *args*."""
    texts = catalogue().get(code)
    if texts is None:
        raise KeyError(f"no message {code!r} in the catalogues")
    return _format(texts.get(lang) or texts["en"], lang, args)


def template(key: str, lang: str = "en") -> str:
    """The template of *key* in *lang* as it stands in its catalogue (for a caller that formats it itself)."""
    texts = catalogue()[key]
    return texts.get(lang) or texts["en"]


class Words(Mapping[str, str]):
    """The words of a page or a table in one language: ``words["title"]`` is the template
    ``PREFIX.title`` of the catalogues as it stands (a caller may format it), a word missing from them
    a ``KeyError`` as in a dict."""

    __slots__ = ("_prefix", "_lang")

    def __init__(self, prefix: str, lang: str) -> None:
        self._prefix = prefix
        self._lang = lang if lang in LANGS else "en"

    def __getitem__(self, key: str) -> str:
        texts = catalogue()[f"{self._prefix}.{key}"]
        return texts.get(self._lang) or texts["en"]

    def __iter__(self) -> Iterator[str]:
        start = self._prefix + "."
        return (key[len(start):] for key in catalogue() if key.startswith(start))

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: the argument of a finding that names its template when that is not the code itself (``CODE.case``)
TEMPLATE = "_template"
#: the English a message part stands for when its arguments cannot fill its template
DEFAULT = "_default"
#: what a message part says, in either language, when the catalogues have no template of its name (a word)
FALLBACK = "_fallback"


def said(key: str, /, **args: Any) -> tuple[str, dict[str, Any]]:
    """The English message of the template *key* with *args*, and the arguments a finding keeps so that
    it says it in either language when printed (*key* among them when it is not the code)."""
    return message(key, "en", **args), ({**args, TEMPLATE: key} if "." in key else dict(args))


def word_part(key: str, fallback: str) -> dict[str, Any]:
    """The word *key* of the catalogues as a message part, said when its message is (*fallback* where the
    catalogues have no such key): a caller that may never be read opens no catalogue."""
    return {TEMPLATE: key, FALLBACK: fallback}


def part(key: str, /, **args: Any) -> dict[str, Any]:
    """A message to stand as an argument of another (a hint): said in the outer message's language."""
    return {TEMPLATE: key, **args}


def part_of(code: str, message: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """A finding's message (its *code*, or its own ``_template``, with *args*) as a message part; its
    English *message* stands in where the arguments do not fill the template."""
    key = args.get(TEMPLATE, code)
    return {**{k: v for k, v in args.items() if k != TEMPLATE}, TEMPLATE: key, DEFAULT: message}


def both(name: str, key: str, /, **args: Any) -> dict[str, str]:
    """A template argument in both languages: ``{name: English, name_hu: Hungarian}``."""
    return {name: message(key, "en", **args), f"{name}_hu": message(key, "hu", **args)}


class TemplateError(ValueError):
    """A value that cannot be read, its message the template *key* with *args*: ``str()`` is the
    English, :meth:`text` either language."""

    def __init__(self, key: str, /, **args: Any) -> None:
        super().__init__(message(key, "en", **args))
        self.key = key
        self.values = args

    def text(self, lang: str = "en") -> str:
        return message(self.key, lang, **self.values)


def word(value: object, lang: str) -> str:
    """A word of the catalogues (``WORD.string`` -> "a string" / "szöveg"), else *value* itself."""
    texts = catalogue().get(f"WORD.{value}")
    return str(value) if texts is None else texts.get(lang) or texts["en"]


def joined(items: Iterable[object], how: str, lang: str) -> str:
    """*items* joined by the catalogue's ``JOIN.and`` or ``JOIN.or`` in *lang* (``a and b and c``)."""
    return template(f"JOIN.{how}", lang).join(str(i) for i in items)


def either(names: Iterable[object], lang: str, *, quote: bool = True) -> str:
    """``'a' or 'b'`` in *lang* (``'a' vagy 'b'``)."""
    items = [repr(n) if quote else str(n) for n in names]
    return message("LIST-OR", lang, first=", ".join(items[:-1]), last=items[-1]) if len(items) > 1 else \
        "".join(items)


class _Formatter(string.Formatter):
    """``str.format`` with the catalogues' own format specs, so that a template keeps its arguments as
    data and says them in its language::

        {close:hint}   the did-you-mean of a list of names ("" when it is empty)
        {names:or}     'a' or 'b' / 'a' vagy 'b'
        {got:word}     the word WORD.<value> of the catalogues (a type's name, a severity)
        {want:words}   the words of a list, joined by "or" / "vagy"
        {items:join; } each item of a list said (a part, or as it is), joined by what follows "join"
        {problem:parser} a third-party parser's English (PyYAML's), said by a ``PARSER.…`` template

    An argument that is itself a mapping with a ``_template`` (:func:`part`) is that message, in the
    same language: a hint or a clause that only some findings of a code have.
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Mapping) and TEMPLATE in value:  # a message within the message (a hint)
            if self.lang == "en" and DEFAULT in value:
                return str(value[DEFAULT])  # a finding's part: its English is made already
            args = {k: v for k, v in value.items() if k not in (TEMPLATE, DEFAULT, FALLBACK)}
            if FALLBACK in value and str(value[TEMPLATE]) not in catalogue():
                return str(value[FALLBACK])  # a word the catalogue does not have: the word itself
            try:
                return message(str(value[TEMPLATE]), self.lang, **args)
            except (KeyError, IndexError, ValueError, TypeError):
                if DEFAULT in value:  # a finding's message whose arguments do not fill its template
                    return str(value[DEFAULT])
                raise
        if format_spec.startswith("join"):  # {reasons:join, }: each item said, joined by what follows "join"
            return (format_spec[4:] or ", ").join(self.format_field(v, "") for v in value)
        if format_spec == "words":
            items = [value] if isinstance(value, (str, Mapping)) else list(value)
            return either([self.format_field(v, "word") for v in items], self.lang, quote=False)
        if format_spec == "hint":
            names = [value] if isinstance(value, str) else list(value or ())
            return message("DID-YOU-MEAN", self.lang, names=either(names, self.lang)) if names else ""
        if format_spec == "or":
            return either([value] if isinstance(value, str) else value, self.lang)
        if format_spec == "word":
            return word(value, self.lang)
        if format_spec == "parser":
            return parser_words(str(value), self.lang)
        return str(super().format_field(value, format_spec))


#: the format specs that only :class:`_Formatter` knows
_SPECS = frozenset(("hint", "or", "word", "words", "parser"))


def parser_words(text: str, lang: str) -> str:
    """A third-party parser's own English (PyYAML's ``could not find expected ':'``) in *lang*: the
    ``PARSER.…`` template whose English matches it (its placeholders standing for any text), else *text*."""
    if lang == "en":
        return text
    for pattern, key in _parser_patterns():
        found = pattern.fullmatch(text)
        if found is not None:
            return message(key, lang, **found.groupdict())
    return text


@cache
def _parser_patterns() -> list[tuple[Any, str]]:
    import re  # lazy: only a parser's words in another language

    out = []
    for key, texts in catalogue().items():
        if key.startswith("PARSER."):
            parts = re.split(r"\{(\w+)\}", texts["en"])
            regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
            out.append((re.compile(regex, re.S), key))
    return out
#: argument types that are never a message part (tested before the slower ``isinstance(v, Mapping)``)
_SCALARS = frozenset((str, int, float, bool, type(None)))


@cache
def _plain(template: str) -> bool:
    """Whether *template* uses none of the catalogues' own format specs (``str.format`` makes it alike)."""
    try:
        return not any(spec in _SPECS or (spec or "").startswith("join")
                       for _, name, spec, _ in string.Formatter().parse(template) if name is not None)
    except ValueError:
        return False  # a broken template: the formatter says why


def _format(template: str, lang: str, args: Mapping[str, Any]) -> str:
    """*template* made with *args* in *lang*: by ``str.format`` when neither the template's specs nor a
    message part among the arguments needs :class:`_Formatter` (a finding's text is made often: a deck
    check says the Hungarian of every failed limit)."""
    if _plain(template) and not any(v.__class__ not in _SCALARS and isinstance(v, Mapping) and TEMPLATE in v
                                    for v in args.values()):
        return template.format(**args)
    return _Formatter(lang).format(template, **args)


def render(code: str, lang: str, args: Mapping[str, object], default: str) -> str:
    """Format the catalogue template for *code* (or the finding's own ``_template``) in *lang*, falling
    back to *default*."""
    key = args.get(TEMPLATE)
    texts = catalogue().get(key if isinstance(key, str) else code)
    if not texts:
        composed = args.get(f"message_{lang}")
        if lang != "en" and isinstance(composed, str):
            return composed  # composed in both languages where it was raised (KorbiroError(hu=...))
        return default
    template = texts.get(lang) or texts.get("en")
    if template is None:
        return default
    try:
        return _format(template, lang, args)
    except (KeyError, IndexError, ValueError, TypeError):
        return default
