"""What a card does, in the effect language: :class:`CardEffects`.

One card's entry of ``effects.yaml`` (the shipped sample's cards) or of a
scenario's ``effects:`` block: its effect, a power word's negative effect,
modes, an ability with its cost, a beast's damage, armour and shield, and its
timed effects on entering the Present and on being solved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ....grammar.action import Op, parse_effect

__all__ = ["NO_EFFECTS", "CardEffects"]


@dataclass(frozen=True)
class CardEffects:
    """What a card's effect does, in the effect language (``effects.yaml``)."""

    effect: tuple[Op, ...] = ()
    negative: tuple[Op, ...] = ()
    modes: Mapping[str, tuple[Op, ...]] = field(default_factory=dict)
    ability: tuple[Op, ...] | None = None
    ability_cost: str = "none"
    beast: int | None = None
    armour: int = 0
    shield: int = 0
    on_enter: tuple[Op, ...] = ()
    on_solve: tuple[Op, ...] = ()

    @classmethod
    def from_mapping(cls, spec: Mapping[str, Any]) -> CardEffects:
        """Read one card's entry of ``effects.yaml`` or a scenario's ``effects:`` block."""
        def ops(key: str) -> tuple[Op, ...]:
            value = spec.get(key)
            return parse_effect(str(value)) if value else ()

        ability = spec.get("ability")
        ab_ops = ab_cost = None
        if isinstance(ability, Mapping):
            ab_ops = parse_effect(str(ability.get("effect", "none")))
            ab_cost = str(ability.get("cost", "none"))
        elif isinstance(ability, str):
            ab_ops, ab_cost = parse_effect(ability), "none"
        modes = {str(k): parse_effect(str(v)) for k, v in (spec.get("modes") or {}).items()}
        return cls(ops("effect"), ops("negative"), modes, ab_ops, ab_cost or "none",
                   int(spec["beast"]) if spec.get("beast") is not None else None,
                   int(spec.get("armour", 0) or 0), int(spec.get("shield", 0) or 0),
                   ops("on_enter"), ops("on_solve"))


#: A card of which nothing more is known than its keywords.
NO_EFFECTS = CardEffects()
