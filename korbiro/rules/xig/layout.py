"""Pathway layouts: which position is a creature (and of which tribe) and which a corner.

A Pathway (XIG 2.1) runs from the inner Burrow (``ib``) and the outer Burrow
(``ob``) through positions 1-32 to the Ring (33).  Positions are ints here:
``IB = -1``, ``OB = 0``, ``1..32``, ``RING = 33``.

Sections (XIG 5.2, 7.2, 7.3) are the runs of creatures between two boundary
tiles, a boundary being a corner, the outer Burrow or the Ring.  Two boundaries
next to each other enclose no section.

    >>> earth = sample_layout("earth")
    >>> earth.section_of(5).members
    (1, 2, 3, 4, 5, 6, 7, 8)
    >>> earth.kind(26), earth.kind(27), earth.describe(27)
    ('corner', 'creature', 'Kaaspe, tribe T07')
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from ...base.errors import DataError
from ...base.findings import Finding
from ...base.yamlload import YamlDocument, load_yaml_file, load_yaml_text
from ...data.paths import package_file
from ._schema import raise_findings, schema_findings
from .messages import found, say

IB = -1
OB = 0
RING = 33
#: every position of a Pathway, in path order
POSITIONS: tuple[int, ...] = tuple(range(IB, RING + 1))
ELEMENTS = ("earth", "water", "fire", "air")
#: the default Pathway id of each element
ELEMENT_LETTER = {"earth": "E", "water": "W", "fire": "F", "air": "A"}
LETTER_ELEMENT = {v: k for k, v in ELEMENT_LETTER.items()}

CREATURE = "creature"
CORNER = "corner"
INNER_BURROW = "inner-burrow"
OUTER_BURROW = "outer-burrow"
RING_TILE = "ring"


def pos_text(pos: int) -> str:
    """``ib``, ``ob`` or the number of a position."""
    return {IB: "ib", OB: "ob"}.get(pos, str(pos))


class Tile(NamedTuple):
    """One physical tile: a Pathway id and a position (``E5``, ``Wib``, ``A33``)."""

    pathway: str
    pos: int

    def __str__(self) -> str:
        return f"{self.pathway}{pos_text(self.pos)}"


@dataclass(frozen=True)
class Creature:
    """A creature tile's printed facts."""

    tribe: str
    name: str | None = None
    name_hu: str | None = None


@dataclass(frozen=True)
class Section:
    """A run of creatures between two boundary tiles (XIG 5.2)."""

    index: int
    start: int
    end: int
    creatures: tuple[int, ...]

    @property
    def members(self) -> tuple[int, ...]:
        """Every position that must be on the table for the section to be finished."""
        return (self.start, *self.creatures, self.end)

    def label(self) -> str:
        return f"{pos_text(self.start)}-{pos_text(self.end)}"


@dataclass(frozen=True, eq=False)
class Layout:
    """One element's Pathway: tile kinds, creatures and the sections they form."""

    element: str
    name: str
    corners: frozenset[int]
    creatures: dict[int, Creature]
    sample: bool = False
    name_hu: str | None = None
    source: str | None = None
    sections: tuple[Section, ...] = field(init=False)
    _section_of: dict[int, Section] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        boundaries = [OB, *sorted(self.corners), RING]
        sections: list[Section] = []
        for a, b in zip(boundaries, boundaries[1:], strict=False):
            inner = tuple(range(a + 1, b))
            if inner:
                sections.append(Section(len(sections), a, b, inner))
        object.__setattr__(self, "sections", tuple(sections))
        object.__setattr__(self, "_section_of", {p: s for s in sections for p in s.creatures})

    def kind(self, pos: int) -> str:
        """``creature``, ``corner``, ``inner-burrow``, ``outer-burrow`` or ``ring``."""
        if pos == IB:
            return INNER_BURROW
        if pos == OB:
            return OUTER_BURROW
        if pos == RING:
            return RING_TILE
        if pos in self.corners:
            return CORNER
        if pos in self.creatures:
            return CREATURE
        raise KeyError(pos)

    def creature(self, pos: int) -> Creature:
        return self.creatures[pos]

    def tribe(self, pos: int) -> str | None:
        c = self.creatures.get(pos)
        return c.tribe if c else None

    def section_of(self, pos: int) -> Section:
        """The section a creature position belongs to."""
        return self._section_of[pos]

    def is_boundary(self, pos: int) -> bool:
        return pos in (OB, RING) or pos in self.corners

    def describe(self, pos: int, lang: str = "en") -> str:
        """A short human description: ``Kaaspe, tribe T07``, ``creature, tribe T04``, ``corner``
        (in Hungarian: ``Kaaspe, T07 törzs``, ``lény, T04 törzs``, ``saroklapka``)."""
        kind = self.kind(pos)
        if kind == CREATURE:
            c = self.creatures[pos]
            name = c.name_hu or c.name if lang == "hu" else c.name
            if name:
                return say("XIG.describe.creature", lang, name=name, name_hu=name, tribe=c.tribe)
            return say("XIG.describe.creature.unnamed", lang, tribe=c.tribe)
        return say(f"XIG.describe.{kind}", lang)

    def title(self, lang: str = "en") -> str:
        """The Pathway's name: ``Water``, in Hungarian ``Víz``."""
        return (self.name_hu or self.name) if lang == "hu" else self.name


def layout_from_document(doc: YamlDocument) -> Layout:
    """Build a :class:`Layout` from a loaded layout file, or raise :class:`DataError`."""
    findings = schema_findings(doc, "pathway", "XIG-LAYOUT-SCHEMA")
    raise_findings(findings)
    data: dict[str, Any] = doc.data
    corners = frozenset(int(c) for c in data["corners"])
    creatures: dict[int, Creature] = {}
    problems: list[Finding] = []
    for key, value in data["creatures"].items():
        pos = int(key)
        if pos in corners:
            line, col = doc.mark(("creatures", key))
            problems.append(found("XIG-LAYOUT-OVERLAP", "XIG-LAYOUT-OVERLAP.both", rule="XIG 2.1", file=doc.path,
                                  line=line, column=col, pos=pos))
        creatures[pos] = Creature(value["tribe"], value.get("name"), value.get("name_hu"))
    # 13 distinct corners and 19 creatures (schema), none both: every position 1-32 is covered
    raise_findings(problems)
    element = data["element"]
    return Layout(
        element=element,
        name=data.get("name") or element.capitalize(),
        corners=corners,
        creatures=dict(sorted(creatures.items())),
        sample=bool(data.get("sample", False)),
        name_hu=data.get("name_hu"),
        source=doc.path,
    )


def load_layout(path: str | os.PathLike[str]) -> Layout:
    """Read a Pathway layout file (strict YAML, schema ``pathway.schema.json``)."""
    return layout_from_document(load_yaml_file(path))


@cache
def sample_layout(element: str) -> Layout:
    """The shipped sample layout of *element* (``earth``, ``water``, ``fire``, ``air``)."""
    if element not in ELEMENTS:
        args = {"element": element, "elements": ", ".join(ELEMENTS)}
        raise DataError("XIG-LAYOUT-ELEMENT", say("XIG-LAYOUT-ELEMENT.unknown", "en", **args),
                        hu=say("XIG-LAYOUT-ELEMENT.unknown", "hu", **args))
    doc = load_yaml_text(package_file(f"data/xig/{element}.yaml").read_bytes(), f"korbiro/data/xig/{element}.yaml")
    return layout_from_document(doc)
