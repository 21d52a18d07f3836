"""XAP cards as data: what each card is called, when it may be played and what it does.

``play`` is the card's timing: ``on-draw`` (played at once when drawn, like Black
Magic, XIG 7.4), ``section`` (played for a completed section, XIG 7.2) or
``counter`` (played only in answer to an opponent's card, like Counter-curse,
XIG 7.5).  ``effect`` is one of a small fixed vocabulary:

=================  ==========================================================
``knock-out``      knock out one unprotected creature of an opponent
``lose-creature``  the player puts one of their own unprotected creatures
                   into their memory deck
``skip-turn``      one opponent skips their next turn
``extra-plays``    the player may play ``amount`` more tiles this turn
``recall``         the player takes up to ``amount`` tiles from their memory
                   deck into hand (XIG 6.2 a)
``counter``        cancels the effect of the card it answers
``none``           no effect korbiro models
=================  ==========================================================

    >>> cards = sample_cards()
    >>> cards["black-magic"].play, cards["counter-curse"].effect
    ('on-draw', 'counter')
    >>> sum(c.count for c in cards.cards.values())
    60
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache

from ...base.findings import Finding
from ...base.yamlload import YamlDocument, load_yaml_file, load_yaml_text
from ...data.paths import package_file
from ._schema import raise_findings, schema_findings
from .messages import found

ON_DRAW = "on-draw"
SECTION = "section"
COUNTER = "counter"

#: effects whose target is an opponent, so that a Counter-curse may answer them (XIG 7.5)
TARGETS_OPPONENT = frozenset({"knock-out", "skip-turn"})


@dataclass(frozen=True)
class XapCard:
    """One XAP card kind (``name_hu``: its Hungarian name, where the card file gives one)."""

    id: str
    name: str
    play: str
    effect: str
    amount: int = 1
    count: int = 0
    name_hu: str | None = None
    sample_effect: bool = False
    text: str = ""


@dataclass(frozen=True, eq=False)
class XapCardSet:
    """The XAP cards of one card file, by id."""

    cards: dict[str, XapCard]
    code: str = ""
    name: str = ""
    sample: bool = False
    source: str | None = None

    def __getitem__(self, card_id: str) -> XapCard:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def counts(self) -> dict[str, int]:
        """The full deck: every card id with its count."""
        return {c.id: c.count for c in self.cards.values() if c.count}


def cards_from_document(doc: YamlDocument) -> XapCardSet:
    """Build an :class:`XapCardSet` from a loaded card file, or raise ``DataError``."""
    raise_findings(schema_findings(doc, "xap", "XIG-XAP-SCHEMA"))
    cards: dict[str, XapCard] = {}
    problems: list[Finding] = []
    for i, raw in enumerate(doc.data["cards"]):
        if raw["id"] in cards:
            line, col = doc.mark(("cards", i, "id"))
            problems.append(found("XIG-XAP-DUPLICATE", "XIG-XAP-DUPLICATE.id", file=doc.path, line=line, column=col,
                                  id=raw["id"]))
            continue
        cards[raw["id"]] = XapCard(
            id=raw["id"],
            name=raw["name"],
            play=raw["play"],
            effect=raw["effect"],
            amount=int(raw.get("amount", 1)),
            count=int(raw.get("count", 0)),
            name_hu=raw.get("name_hu"),
            sample_effect=bool(raw.get("sample_effect", False)),
            text=raw.get("text", ""),
        )
    raise_findings(problems)
    meta = doc.data.get("set") or {}
    return XapCardSet(
        cards=cards,
        code=str(meta.get("code", "")),
        name=str(meta.get("name", "")),
        sample=bool(meta.get("sample", False)),
        source=doc.path,
    )


def load_cards(path: str | os.PathLike[str]) -> XapCardSet:
    """Read an XAP card file (strict YAML, schema ``xap.schema.json``)."""
    return cards_from_document(load_yaml_file(path))


@cache
def sample_cards() -> XapCardSet:
    """The shipped sample XAP cards (Black Magic, Counter-curse and four sample effects)."""
    raw = package_file("data/xig/xap-sample.yaml").read_bytes()
    return cards_from_document(load_yaml_text(raw, "korbiro/data/xig/xap-sample.yaml"))
