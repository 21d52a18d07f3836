"""A card as ``korbiro card show --format json`` (and the web app's ``/api/cards/…``) gives it: the card, the
rules text of its keywords, and, when asked, the text in force on a day and the text's history.

    >>> from korbiro.data.cards import Card, Lookup
    >>> show_dict(Lookup("wirg", Card("A-001", "Wirg", "akadálylap", "bestia", text="")), reminders=False)["query"]
    'wirg'
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ...data.cards import Card, Lookup
from ...data.history import word_diff
from .reminders import reminders as keyword_reminders

__all__ = ["FIELD_KEYS", "field_lines", "history_dict", "model_dict", "show_dict", "shown_value"]

#: the fields ``card show`` prints after the adventurer's attributes, in this order (labels: ``CARD-FIELD.*``)
FIELD_KEYS = ("descriptor", "properties", "school", "damage", "spheres", "location", "requirement",
              "rarity")


def show_dict(found: Lookup, *, date: dt.date | None = None, history: bool = False, reminders: bool = True,
              lang: str = "en") -> dict[str, Any]:
    """The answer to a card lookup: the card (as of *date*), its keywords' rules text, its history (or why
    no card was found, in *lang*)."""
    if found.card is None:
        return found.to_dict(lang)
    card = found.card
    shown = card.as_of(date) if date is not None else card
    out: dict[str, Any] = {"query": found.query, "card": shown.to_dict()}
    if date is not None:
        version = card.version_on(date)
        out["date"] = date.isoformat()
        out["version"] = version.to_dict() if version is not None else None
    out["model"] = model_dict(shown)
    if reminders:
        out["reminders"] = [r.to_dict() for r in keyword_reminders(shown.keywords)]
    if history:
        out["history"] = history_dict(card)
    return out


def history_dict(card: Card) -> list[dict[str, Any]]:
    """Each version of the card's text, with its diff from the one before (``None`` for the first)."""
    out: list[dict[str, Any]] = []
    for i, v in enumerate(card.history):
        entry = v.to_dict()
        entry["diff"] = None if i == 0 else [p.to_dict() for p in word_diff(card.history[i - 1].text, v.text)]
        out.append(entry)
    return out


def shown_value(value: Any) -> str:
    """A field's value as ``card show`` prints it: a list joined by commas."""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def field_lines(card: Card, lang: str = "en") -> list[str]:
    """The printed fields real cards carry, one ``label: value`` line each, labelled in *lang*: the
    descriptor (its words classified), properties, school, damage, spheres, location, the condition
    (its alternatives joined by ``|``) and rarity; then each printed ability."""
    from ...base.i18n import message  # lazy: the catalogues are read only when a card is shown

    out: list[str] = []
    for key in FIELD_KEYS:
        value = card.attrs.get(key)
        if key == "descriptor":
            d = card.descriptor
            if d is None:
                continue
            kinds = " · ".join(f"{message(f'CARD-FIELD.word.{kind}', lang)} {printed}"
                               for w, printed in zip(d.words, d.printed, strict=True)
                               if (kind := d.kind_of(w)) != "other")
            out.append(f"{message('CARD-FIELD.descriptor', lang)}: {d.text}" + (f" ({kinds})" if kinds else ""))
            continue
        if key == "requirement":
            req = card.requirement
            if req is not None:
                out.append(f"{message('CARD-FIELD.requirement', lang)}: {req.render()}")
            continue
        if value is None or value == []:
            continue
        out.append(f"{message(f'CARD-FIELD.{key}', lang)}: {shown_value(value)}")
    for a in card.abilities:
        marks = ", ".join(message(f"CARD-FIELD.mark.{m}", lang) for m in sorted(a.marks))
        head = " · ".join(x for x in (message(f"CARD-FIELD.kind.{a.kind}", lang), marks, a.name or "",
                                      f"MP {a.mp}" if a.mp is not None else "") if x)
        out.append(f"{head}: {a.text}" if a.text else head)
        if a.behaviour is not None:
            out.extend("    " + line for line in a.behaviour.lines())
    return out


def model_dict(card: Card) -> dict[str, Any]:
    """What korbiro reads from the card's printed fields (``card show --format json``'s ``model``): its
    classes, sub-classes, phases and races as lists, the descriptor's words by kind, the condition's
    alternatives, the properties' ids, the N of an NX cost and each ability with its marks' ids."""
    d = card.descriptor
    req = card.requirement
    return {
        "classes": list(card.values("class")),
        "subclasses": list(card.values("subclass")),
        "phases": list(card.values("phase")),
        "races": list(card.values("race")),
        "descriptor": d.to_dict() if d is not None else None,
        "requirement": [list(a) for a in req.alternatives] if req is not None else None,
        "properties": sorted(card.properties),
        "mp_x_factor": card.mp_x_factor,
        "abilities": [{"kind": a.kind, "marks": sorted(a.marks), "name": a.name, "mp": a.mp, "text": a.text,
                       "behaviour": a.behaviour.lines() if a.behaviour is not None else None}
                      for a in card.abilities],
    }
