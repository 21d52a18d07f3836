"""A card's parsed text and behaviour as the card index stores them: plain JSON, read back without a grammar.

A card read from the index needs its keyword objects (the engine, the rules
text of ``card show``) and its behaviour (the engine, ``card show``'s "what it
does").  Parsing them again from the stored text would load lark and the
grammars at every such command, so the index keeps the objects themselves,
made when it was built from the very parse that checked the set file.  They
are as current as the index: its key covers the grammars, the keyword and
behaviour modules, lark's installed copy and this encoding (:func:`index_key
<korbiro.data.index.index_key>`).

    >>> from korbiro.grammar.keywords import Fal, Hatas
    >>> encode_keywords((Fal(3), Hatas("Toroni")))
    '[["FAL",{"value":3}],["HÁTAS",{"condition":"Toroni"}]]'
    >>> decode_keywords(encode_keywords((Fal(3), Hatas("Toroni"))))
    (Fal(value=3), Hatas(condition='Toroni'))

A keyword read back stands on line *n* (its place in the card's text) at
column 1, as the canonical text the index also stores parses to.  Behaviour
keeps its syntax objects' classes; tuples are JSON lists, and sets and
mappings are tagged (``{"set": …}``, ``{"map": …}``)::

    >>> from korbiro.data.behaviour import Behaviour
    >>> from korbiro.grammar.behaviour import parse_effect
    >>> b = Behaviour(effect=parse_effect("damage 2 target"))
    >>> decode_behaviour(encode_behaviour(b)) == b
    True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from typing import Any

from ..grammar.behaviour import Condition, Cost, Modifier, Op, TargetSpec
from ..grammar.keywords import KEYWORDS, Keyword
from .behaviour import Ability, Behaviour, Trigger

__all__ = ["decode_behaviour", "decode_keywords", "encode_behaviour", "encode_keywords"]

#: the classes a stored behaviour is made of, by name (nothing else is ever made from stored data)
_CLASSES: dict[str, type[Any]] = {cls.__name__: cls for cls in (Op, Cost, TargetSpec, Modifier, Condition, Ability,
                                                                 Trigger, Behaviour)}
_POSITION = ("line", "column")
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def encode_keywords(keywords: Iterable[Keyword]) -> str:
    """The card's keyword objects as JSON: ``[key, {field: value}]`` each (their positions left out)."""
    return _ENCODE([[k.key, {name: getattr(k, name) for name in _fields(type(k))}] for k in keywords])


def _fields(cls: type[Any]) -> tuple[str, ...]:
    """A keyword class's fields but its position (found once a class: an index build asks for every keyword)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.name not in _POSITION)
    return names


_FIELDS: dict[type[Any], tuple[str, ...]] = {}


def decode_keywords(text: str) -> tuple[Keyword, ...]:
    """The keyword objects of :func:`encode_keywords`, the *n*-th on line *n*, column 1."""
    return tuple(KEYWORDS[key](**fields, line=n, column=1) for n, (key, fields) in enumerate(json.loads(text), 1))


def encode_behaviour(behaviour: Behaviour) -> str:
    """The behaviour's syntax objects as JSON (a field at its default left out)."""
    return _ENCODE(_encode(behaviour))


def decode_behaviour(text: str) -> Behaviour:
    """The behaviour of :func:`encode_behaviour`."""
    got = _decode(json.loads(text))
    assert isinstance(got, Behaviour)
    return got


def _encode(o: Any) -> Any:
    if o is None or isinstance(o, (str, int)):  # bool is an int
        return o
    if isinstance(o, tuple):
        return [_encode(x) for x in o]
    if isinstance(o, frozenset):
        return {"set": sorted(_encode(x) for x in o)}
    if dataclasses.is_dataclass(o) and not isinstance(o, type) and type(o).__name__ in _CLASSES:
        fields = {}
        for f in dataclasses.fields(o):
            value = getattr(o, f.name)
            default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
            if value != default or type(value) is not type(default):
                fields[f.name] = _encode(value)
        return {"class": type(o).__name__, "fields": fields}
    if isinstance(o, Mapping):
        return {"map": [[_encode(k), _encode(v)] for k, v in o.items()]}
    raise TypeError(f"a behaviour holds no {type(o).__name__}")


def _decode(o: Any) -> Any:
    if isinstance(o, list):
        return tuple(_decode(x) for x in o)
    if isinstance(o, dict):
        if "class" in o:
            return _CLASSES[o["class"]](**{k: _decode(v) for k, v in o["fields"].items()})
        if "set" in o:
            return frozenset(_decode(x) for x in o["set"])
        return {_decode(k): _decode(v) for k, v in o["map"]}
    return o
