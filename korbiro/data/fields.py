"""The fields real cards print, read into the card model: abilities and their marks, the descriptor line,
quest and building conditions, several classes or phases on one card, and ``NX`` costs (docs/data-format.md).

    >>> mark_id("Egy per Játékos"), mark_id("fast"), mark_id("harcii")
    ('one_per_player', 'interrupt', None)
    >>> d = read_descriptor("Toroni nő Tolvaj")
    >>> d.origins, d.genders, d.others
    (('toroni',), ('no',), ('tolvaj',))
    >>> read_descriptor("Dwoon Iker").races, read_descriptor("Ranagol-hívő").faiths
    (('dwoon',), ('ranagol-hivo',))
    >>> read_requirement(["Toroni Tolvaj", "Pap"]).alternatives
    (('Toroni', 'Tolvaj'), ('Pap',))
    >>> split_values("Sor/Harc előkészítés"), split_values(["harcos", "pap"]), mp_x_factor("3X")
    (('Sor', 'Harc előkészítés'), ('harcos', 'pap'), 3)

Every word is read with its accents and case folded (:func:`~korbiro.base.text.fold`); the vocabularies
are data (korbiro/data/mk/vocabulary.yaml and the schema's races), so a new word is a line of YAML.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..base.text import fold
from .ability import Ability
from .paths import package_file

__all__ = ["ABILITY_KINDS", "MARKS", "PROPERTIES", "Descriptor", "Requirement", "Vocabulary", "ability_kind",
           "mark_id", "mp_x_factor", "played_behaviour", "property_id", "read_abilities", "read_descriptor", "read_requirement", "split_values",
           "vocabulary"]

#: every spelling of a mark (Hungarian canonical, English aliases) -> its canonical English id
MARKS: dict[str, str] = {
    "állandó": "constant", "constant": "constant",
    "egy per játékos": "one_per_player", "one per player": "one_per_player",
    "harci": "combat", "combat": "combat",
    "harc előtti": "before_combat", "before combat": "before_combat",
    "megszakító": "interrupt", "interrupt": "interrupt", "fast": "interrupt",
    "egyszeri": "once", "once": "once",
    "elforgató": "rests", "rests": "rests",
    "elvesző": "lost", "lost": "lost",
    "ismételhető": "repeatable", "repeatable": "repeatable",
}
_MARKS = {fold(k).replace("_", " "): v for k, v in MARKS.items()}
#: the Hungarian spelling of each mark id (as ``card show`` prints it)
MARK_NAMES: dict[str, str] = {}
for _spelling, _id in MARKS.items():
    MARK_NAMES.setdefault(_id, _spelling)  # the first spelling of each is the Hungarian one

#: every spelling of an ability's kind -> the canonical kind
ABILITY_KINDS: dict[str, str] = {"képesség": "képesség", "ability": "képesség", "laphatás": "laphatás",
                                 "effect": "laphatás"}
_KINDS = {fold(k): v for k, v in ABILITY_KINDS.items()}

#: every spelling of a property -> its canonical English id
PROPERTIES: dict[str, str] = {"psi": "psi", "jelző": "token", "token": "token", "nevesített": "named",
                              "named": "named"}
_PROPS = {fold(k): v for k, v in PROPERTIES.items()}

#: the folded spellings of the duration "instant" (pillanat)
INSTANT = frozenset(("pillanat", "instant"))


def mark_id(word: str) -> str | None:
    """The canonical id of a mark as written (accents, case and ``_`` never matter); None if it is none."""
    return _MARKS.get(fold(word).replace("_", " "))


def ability_kind(word: str) -> str | None:
    """``képesség`` or ``laphatás`` for a spelling of an ability's kind; None if it is neither."""
    return _KINDS.get(fold(word))


def property_id(word: str) -> str | None:
    """``psi``, ``token`` or ``named`` for a spelling of a property; None if it is none."""
    return _PROPS.get(fold(word))


def mark_spellings() -> list[str]:
    """Every spelling of a mark, for did-you-mean."""
    return list(MARKS)


def split_values(value: Any, *, slash: bool = True) -> tuple[str, ...]:
    """The values of a field that holds one or several: a string (split on ``/`` with *slash*) or a list."""
    if isinstance(value, str):
        parts = value.split("/") if slash else [value]
        return tuple(p.strip() for p in parts if p.strip())
    if isinstance(value, list):
        return tuple(str(v).strip() for v in value if isinstance(v, (str, int)) and str(v).strip())
    return ()


def mp_x_factor(mp: Any) -> int | None:
    """N of an ``NX`` cost (``"X"`` is 1, ``"3X"`` is 3); None for a number or no cost."""
    if isinstance(mp, str) and mp.endswith("X") and (mp[:-1] == "" or mp[:-1].isdigit()):
        return int(mp[:-1]) if mp[:-1] else 1
    return None


# ------------------------------------------------------------------ vocabularies


@dataclass(frozen=True)
class Vocabulary:
    """The words a descriptor or a condition may print, folded, by what they are."""

    origins: frozenset[str]
    races: frozenset[str]
    genders: frozenset[str]
    twins: frozenset[str]
    classes: frozenset[str]
    subclasses: frozenset[str]
    schools: frozenset[str]
    alignments: frozenset[str]
    #: the printed spelling of each folded word, for did-you-mean
    spelled: Mapping[str, str]

    def words(self) -> frozenset[str]:
        """Every word a requirement may name from the fixed vocabularies (each word of a multi-word value)."""
        out: set[str] = set()
        for group in (self.origins, self.races, self.genders, self.twins, self.classes, self.subclasses,
                      self.alignments):
            for w in group:
                out.add(w)
                out.update(w.replace("-", " ").split())
        return frozenset(out)


@cache
def vocabulary() -> Vocabulary:
    """The shipped vocabularies (korbiro/data/mk/vocabulary.yaml; the races and alignments of the schema)."""
    # lazy: the YAML loader is needed only when a descriptor or a condition is read
    from ..base.yamlload import load_yaml_file

    data = load_yaml_file(package_file("data/mk/vocabulary.yaml")).data
    schema = json.loads(package_file("data/schemas/mk-set.schema.json").read_text("utf-8"))
    races: list[str] = []
    alignments: list[str] = []
    for block in schema["$defs"]["card"]["allOf"]:
        props = block.get("then", {}).get("properties", {})
        if isinstance(props.get("race"), dict) and "enum" in props["race"]:
            races = props["race"]["enum"]
            alignments = props["alignment"]["enum"]
    spelled: dict[str, str] = {}

    def group(words: Iterable[Any]) -> frozenset[str]:
        out = set()
        for w in words:
            spelled.setdefault(fold(str(w)), str(w))
            out.add(fold(str(w)))
        return frozenset(out)

    return Vocabulary(group(data.get("origins", ())), group(races), group(data.get("genders", ())),
                      group(data.get("twins", ())), group(data.get("classes", ())),
                      group(data.get("subclasses", ())), group(data.get("schools", ())), group(alignments),
                      spelled)


# ------------------------------------------------------------------ the descriptor


@dataclass(frozen=True)
class Descriptor:
    """The printed descriptor line (színesítő), its words folded and classified."""

    text: str
    words: tuple[str, ...]
    #: each word as printed (accents and case kept), in the order of ``words``
    printed: tuple[str, ...] = ()
    origins: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    faiths: tuple[str, ...] = ()
    genders: tuple[str, ...] = ()
    twins: tuple[str, ...] = ()
    others: tuple[str, ...] = ()

    def kind_of(self, word: str) -> str:
        """What a word of the line is: origin, race, faith, gender, twin or other."""
        w = fold(word)
        for kind, group in (("origin", self.origins), ("race", self.races), ("faith", self.faiths),
                            ("gender", self.genders), ("twin", self.twins)):
            if w in group:
                return kind
        return "other"

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "origin": list(self.origins), "race": list(self.races),
                "faith": list(self.faiths), "gender": list(self.genders), "twin": list(self.twins),
                "other": list(self.others)}


def read_descriptor(text: str, vocab: Vocabulary | None = None) -> Descriptor:
    """The descriptor line *text*, split into words (a two-word race such as ``udvari ork`` kept whole)."""
    v = vocab or vocabulary()
    # each printed word and its folded form (a word that folds to nothing, a lone accent, is dropped)
    pairs = [(sub, w) for w in text.split() for sub in fold(w).split()]
    raw = [f for f, _ in pairs]
    spelled = [w for _, w in pairs]
    words: list[str] = []
    printed: list[str] = []
    i = 0
    while i < len(raw):
        pair = " ".join(raw[i:i + 2])
        size = 2 if i + 1 < len(raw) and pair in v.races else 1
        words.append(" ".join(raw[i:i + size]))
        printed.append(" ".join(spelled[i:i + size]))
        i += size
    groups: dict[str, list[str]] = {"origins": [], "races": [], "faiths": [], "genders": [], "twins": [],
                                    "others": []}
    for w in words:
        if w in v.origins:
            groups["origins"].append(w)
        elif w in v.races:
            groups["races"].append(w)
        elif w.endswith("-hivo") or w == "hivo":
            groups["faiths"].append(w)
        elif w in v.genders:
            groups["genders"].append(w)
        elif w in v.twins:
            groups["twins"].append(w)
        else:
            groups["others"].append(w)
    return Descriptor(text, tuple(words), tuple(printed), **{k: tuple(g) for k, g in groups.items()})


# ------------------------------------------------------------------ conditions


@dataclass(frozen=True)
class Requirement:
    """A quest's or building's condition: alternatives (at most 3), each the words ONE adventurer must meet."""

    alternatives: tuple[tuple[str, ...], ...]

    def render(self) -> str:
        return " | ".join(" ".join(a) for a in self.alternatives)

    def words(self) -> tuple[str, ...]:
        return tuple(w for a in self.alternatives for w in a)


def read_requirement(value: Any) -> Requirement | None:
    """The condition as a set file writes it: a string, or a list of alternative strings; None for none."""
    if isinstance(value, str):
        alternatives: list[str] = [value]
    elif isinstance(value, list):
        alternatives = [v for v in value if isinstance(v, str)]
    else:
        return None
    parts = tuple(tuple(a.split()) for a in alternatives if a.split())
    return Requirement(parts) if parts else None


# ------------------------------------------------------------------ abilities


#: the behaviour keys that hold several entries: a printed ability's are added to the card's own
_LISTED = ("ability", "constant", "triggers")


def played_behaviour(behaviour: Any, abilities: Any) -> Any:
    """The behaviour the engine plays for a card whose ``behaviour:`` is *behaviour* and whose ``abilities:``
    is *abilities*: each printed ability's behaviour, its marks written into it
    (:func:`~korbiro.data.behaviour.behaviour_of_marks`: harci -> ``timing: combat``, egyszeri -> ``limit:
    once``, egy per játékos -> ``per_player`` …) and its printed name given to its activated ability, is added
    to the card's own: activated abilities, constants and triggers after the card's, any other key where
    the card's own behaviour does not say it (the card's own wins).  *behaviour* itself when no printed
    ability has a behaviour.

        >>> played_behaviour(None, [{"marks": ["harci", "egyszeri"], "name": "Csapás",
        ...                          "behaviour": {"ability": {"effect": "damage 1 target"}}}])
        {'ability': [{'effect': 'damage 1 target', 'timing': 'combat', 'limit': 'once', 'name': 'Csapás'}]}
    """
    entries = [e for e in abilities if isinstance(e, Mapping) and isinstance(e.get("behaviour"), Mapping)] \
        if isinstance(abilities, list) else []
    if not entries:
        return behaviour
    # lazy: the behaviour languages load lark, which a card that never plays does not need
    from .behaviour import behaviour_of_marks

    out: dict[str, Any] = dict(behaviour) if isinstance(behaviour, Mapping) else {}
    for entry in entries:
        marks = frozenset(m for m in (mark_id(str(x)) for x in entry.get("marks") or ()) if m is not None)
        own = behaviour_of_marks(marks, entry["behaviour"])
        if isinstance(own.get("ability"), Mapping):
            own["ability"] = _printed(own["ability"], entry.get("name"), entry.get("mp"))
        for key, value in own.items():
            if key in _LISTED:
                out[key] = [*_as_list(out.get(key)), *_as_list(value)]
            else:
                out.setdefault(key, value)
    return out


def _printed(ability: Mapping[str, Any], name: Any, mp: Any) -> dict[str, Any]:
    """An activated ability with its printed name, and its printed MP as a cost (5.01.C) unless its cost names MP."""
    out = dict(ability)
    if isinstance(name, str):
        out.setdefault("name", name)
    if type(mp) is int and mp > 0:
        costs = [c.strip() for c in str(out.get("cost", "")).split(";") if c.strip() and fold(c.strip()) != "none"]
        if not any(fold(c).split()[:1] == ["mp"] for c in costs):
            out["cost"] = "; ".join([*costs, f"mp {mp}"])
    return out


def _as_list(value: Any) -> list[Any]:
    return [] if value is None else list(value) if isinstance(value, list) else [value]


def read_abilities(raw: Any, *, path: str | None = None) -> tuple[Ability, ...]:
    """The ``abilities:`` of a card that passed the data check, as :class:`~korbiro.data.cards.Ability` objects."""
    # lazy: the card model imports this module on first use, and the behaviour languages load lark
    from .behaviour import Behaviour

    if not isinstance(raw, list):
        return ()
    out: list[Ability] = []
    for entry in raw:
        if not isinstance(entry, dict):
            continue
        kind = ability_kind(str(entry.get("kind", "képesség"))) or "képesség"
        marks = frozenset(m for m in (mark_id(str(x)) for x in entry.get("marks") or ()) if m is not None)
        behaviour = entry.get("behaviour")
        name = entry.get("name")
        text = entry.get("text")
        # what it does as it is played: its marks, printed name and MP written into it (card show shows this)
        played = played_behaviour(None, [entry]) if isinstance(behaviour, dict) else None
        out.append(Ability(kind, marks, name if isinstance(name, str) else None, entry.get("mp"),
                           text if isinstance(text, str) else "",
                           Behaviour.from_mapping(played, path=path) if isinstance(played, dict) else None))
    return tuple(out)
