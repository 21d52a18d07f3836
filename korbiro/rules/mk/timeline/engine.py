"""The timeline (időfonal) engine: an explicit, deterministic state machine.

The engine holds a :class:`~.model.GameState` and applies actions of the
action language (:mod:`korbiro.grammar.action`).  Every transition appends a
:class:`~.model.TraceEvent` naming the rule behind it.  An action that breaks
a rule raises :class:`~korbiro.errors.IllegalActionError` with that rule
*before* changing anything (every handler checks first, then commits).

Operations: **open** (a deed 6.01, a phase 6.03, a timed effect 6.02;
constant effects never, 6.00), **add** (the summoning sequence 5.01.A–D; an
obstacle attachment hidden at 0 MP, 5.01.E), **pass**, **unwind** (last in,
first out, 5.01.D), **neutralise**, **copy** (6.05.O) and **close** (deaths,
wounds, ghosts).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ....base.errors import IllegalActionError
from ....base.text import fold
from ....data.cards import Card
from ....grammar.action import Action, Op, parse_effect
from ....grammar.keywords import Kincskereses
from . import semantics as sem
from .model import CardState, Entry, GameState, Player, Timeline, TraceEvent
from .rules import FORMATS, RULES, Format

__all__ = ["CardEffects", "Engine", "PHASES"]

#: Phases: canonical name -> (is a timeline of 6.03, timeline kind).
PHASES: dict[str, tuple[bool, str]] = {
    "forduló nyitása": (True, "phase"),
    "erőforrás": (True, "phase"),
    "manőverek": (False, ""),
    "kezdeményező csapat sorelhagyása": (True, "phase"),
    "akadályozó csapat sorelhagyása": (True, "phase"),
    "toronyszint felfedés": (True, "phase"),
    "akadálylap aktivizálás": (True, "phase"),
    "harc előkészítés": (True, "combat"),
    "harci kör": (True, "combat"),
    "harc eredmény meghatározás": (True, "combat"),
    "küldetés feltétel teljesítés": (True, "phase"),
    "forduló zárása": (True, "phase"),
}
_PHASE_ALIASES = {
    "forduló nyitása": "forduló nyitása", "round opening": "forduló nyitása",
    "erőforrás": "erőforrás", "resource": "erőforrás",
    "manőverek": "manőverek", "sor": "manőverek", "maneuvers": "manőverek", "manoeuvres": "manőverek",
    "kezdeményező csapat sorelhagyása": "kezdeményező csapat sorelhagyása",
    "initiating team leaves row": "kezdeményező csapat sorelhagyása",
    "akadályozó csapat sorelhagyása": "akadályozó csapat sorelhagyása",
    "obstructing team leaves row": "akadályozó csapat sorelhagyása",
    "toronyszint felfedés": "toronyszint felfedés", "tower-level reveal": "toronyszint felfedés",
    "akadálylap aktivizálás": "akadálylap aktivizálás", "obstacle activation": "akadálylap aktivizálás",
    "harc előkészítés": "harc előkészítés", "combat preparation": "harc előkészítés",
    "harci kör": "harci kör", "harc": "harci kör", "combat": "harci kör", "combat round": "harci kör",
    "harc eredmény meghatározás": "harc eredmény meghatározás", "combat result": "harc eredmény meghatározás",
    "küldetés feltétel teljesítés": "küldetés feltétel teljesítés", "quest condition": "küldetés feltétel teljesítés",
    "forduló zárása": "forduló zárása", "round closing": "forduló zárása",
}
_COMBAT_PHASES = frozenset(p for p, (_, kind) in PHASES.items() if kind == "combat")


def phase_named(name: str) -> str | None:
    return _PHASE_ALIASES.get(fold(name)) or next(
        (canon for alias, canon in _PHASE_ALIASES.items() if fold(alias) == fold(name)), None)


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


_NO_EFFECTS = CardEffects()


def _ill(code: str, rule: str, en: str, hu: str | None = None) -> IllegalActionError:
    err = IllegalActionError(code, en, rule=rule)
    err.hu = hu or en  # type: ignore[attr-defined]
    return err


class Engine:
    """The state machine; see the module docstring."""

    def __init__(self, fmt: Format | None = None, options: Mapping[str, str] | None = None,
                 effects: Mapping[str, CardEffects] | None = None) -> None:
        from .rules import resolve_options

        self.format = fmt or FORMATS["korfordulo"]
        self.options = resolve_options(options)
        self.effects: dict[str, CardEffects] = {fold(k): v for k, v in (effects or {}).items()}
        self.state = GameState(players={})
        self.combo_entries: dict[int, list[Entry]] = {}
        #: folded label and name -> card uids, so that a lookup does not scan every card
        self._by_name: dict[str, list[int]] = {}

    # ================================================================ trace

    def emit(self, rule: str, event: str, en: str, hu: str, **data: Any) -> None:
        """Append one trace step; *rule* must be a known rule id."""
        status = RULES[rule].status
        self.state.trace.append(TraceEvent(len(self.state.trace) + 1, rule, status, event, en, hu,
                                           tuple(sorted(data.items()))))

    def admits(self, rule: str) -> bool:
        return self.format.admits(RULES[rule].status)

    def require(self, rule: str, what_en: str, what_hu: str) -> None:
        """Refuse an action that needs an archived rule the format does not admit."""
        if not self.admits(rule):
            raise _ill("MK-TL-ARCHIVED", rule,
                       f"{what_en} needs rule {rule}, which is archived; format {self.format.key!r} does not admit it",
                       f"{what_hu} a(z) {rule} szabályt igényli, amely archivált; a(z) {self.format.key!r} formátum nem engedi")

    def skip(self, rule: str, en: str, hu: str) -> None:
        """Note an archived rule that would apply here but the format does not admit."""
        self.emit(rule, "not-applied", f"{en} (archived; not applied in format {self.format.key})",
                  f"{hu} (archivált; a(z) {self.format.key} formátumban nem érvényes)")

    # ================================================================ setup

    def add_player(self, name: str, mp: int = 0, dp: int = 0) -> Player:
        if name in self.state.players:
            raise ValueError(f"player {name!r} twice")
        p = Player(name, mp, dp)
        self.state.players[name] = p
        return p

    def add_card(self, card: Card, owner: str, zone: str, *, label: str | None = None,
                 state: str = "éber", damage: int = 0, counters: Mapping[str, int] | None = None,
                 attached_to: int | None = None, hidden: bool = False, ghost: int | None = None,
                 controller: str | None = "") -> CardState:
        """Put a card into the game (setup only; no rule is applied)."""
        uid = self.state.next_uid
        self.state.next_uid += 1
        cs = CardState(uid, card, owner, owner if controller == "" else controller, zone, label or card.name,
                       state, damage, dict(counters or {}), hidden=hidden, ghost=ghost)
        self.state.cards[uid] = cs
        self._by_name.setdefault(fold(cs.label), []).append(uid)
        if fold(card.name) != fold(cs.label):
            self._by_name.setdefault(fold(card.name), []).append(uid)
        self.state.players[owner].zones[zone][uid] = None
        if attached_to is not None:
            host = self.state.cards[attached_to]
            host.attachments.append(uid)
            cs.attached_to = attached_to
            if sem.csatlos(cs) is not None and host.type == "kalandozó":
                cs.controller = None
        return cs

    def effects_of(self, cs: CardState) -> CardEffects:
        return self.effects.get(fold(cs.label)) or self.effects.get(fold(cs.name)) or _NO_EFFECTS

    # ================================================================ lookups

    def find(self, name: str, *, zones: Iterable[str] | None = None, player: str | None = None,
             rule: str = "5.01.B") -> CardState:
        """The card called *name* (its label, else its name, accent-insensitive) in *zones*."""
        wanted = fold(name)
        zone_set = set(zones) if zones is not None else None
        best: CardState | None = None
        for uid in self._by_name.get(wanted, ()):
            cs = self.state.cards[uid]
            if zone_set is not None and cs.zone not in zone_set:
                continue
            if player is not None and cs.owner != player and cs.controller != player:
                continue
            if fold(cs.label) == wanted:
                return cs
            if best is None and fold(cs.name) == wanted:
                best = cs
        if best is None:
            where = f" in {', '.join(sorted(zone_set))}" if zone_set else ""
            raise _ill("MK-TL-NO-CARD", rule, f"no card {name!r}{where}", f"nincs {name!r} lap{where}")
        return best

    def player(self, name: str | None) -> str:
        if name is None:
            return self.active_player()
        for p in self.state.players:
            if fold(p) == fold(name):
                return p
        raise _ill("MK-TL-NO-PLAYER", "1.01", f"no player {name!r}", f"nincs {name!r} nevű játékos")

    def opponents(self, player: str) -> list[str]:
        return [p for p in self.state.players if p != player]

    def move(self, cs: CardState, zone: str, owner_zone: str | None = None) -> None:
        """Move a card to *zone* of its owner (controller for the Present)."""
        holder = cs.owner
        if zone in ("sor", "jelen", "torony", "megoldott") and cs.controller:
            holder = cs.controller
        for p in self.state.players.values():
            p.zones[cs.zone].pop(cs.uid, None)
        if cs.attached_to is not None and zone != "csatolt":
            host = self.state.cards[cs.attached_to]
            if cs.uid in host.attachments:
                host.attachments.remove(cs.uid)
            cs.attached_to = None
        cs.zone = zone
        self.state.players[owner_zone or holder].zones[zone][cs.uid] = None

    def in_sor(self, cs: CardState) -> bool:
        return cs.zone == "sor" and cs.ghost is None and cs.type == "kalandozó"

    # ================================================================ active player

    def active_player(self) -> str:
        """The player with the most MP (ties: the one set first); 12.00 in the archived format."""
        if self.state.active is not None:
            return self.state.active
        players = list(self.state.players.values())
        if not players:
            raise _ill("MK-TL-NO-PLAYER", "1.01", "the scenario has no players", "nincs játékos")
        best = max(players, key=lambda p: p.mp)
        return best.name

    def _after_deed(self, player: str, spent_mp: bool) -> None:
        """Who is active after a deed (12.00: one who spent no MP stays active)."""
        self.state.sor_passed.clear()
        many = len(self.state.players) > 2 and self.admits("12.00")
        if many and not spent_mp and self.state.phase == "manőverek":
            self.state.active = player
            self.emit("12.00", "active", f"{player} spent no MP and stays the active player",
                      f"{player} nem költött MP-t, aktív játékos marad")
            return
        self.state.active = None

    # ================================================================ timelines

    @property
    def top(self) -> Timeline | None:
        return self.state.timelines[-1] if self.state.timelines else None

    def open_timeline(self, kind: str, opener: str) -> Timeline:
        tl = Timeline(self.state.next_timeline, kind, opener)
        self.state.next_timeline += 1
        self.state.timelines.append(tl)
        rule = {"deed": "6.01", "timed": "6.02"}.get(kind, "6.03")
        names = {"deed": ("a deed", "cselekedet"), "timed": ("a timed effect", "időzített hatás"),
                 "phase": ("the phase", "a fázis"), "combat": ("the combat phase", "a harci fázis")}[kind]
        self.emit(rule, "open", f"timeline {tl.number} opens: {names[0]} ({opener})",
                  f"{tl.number}. időfonal megnyílik: {names[1]} ({opener})", timeline=tl.number)
        return tl

    def new_entry(self, kind: str, player: str, label: str, **kw: Any) -> Entry:
        e = Entry(self.state.next_seq, kind, player, label, **kw)
        self.state.next_seq += 1
        return e

    def push(self, entry: Entry, *, deed: bool = False, mp_bound: bool = False) -> Timeline:
        """Add *entry* to the top timeline, opening one for a deed when none is open (6.01).

        With ``nest_deeds=nested`` a deed while only a phase timeline is open
        opens its own timeline on top of it.
        """
        tl = self.top
        if tl is None or (deed and tl.kind in ("phase", "combat") and self.options["nest_deeds"] == "nested"):
            tl = self.open_timeline("deed", entry.player)
        tl.entries.append(entry)
        tl.passed.clear()
        shown = "a hidden card" if entry.hidden else entry.label
        shown_hu = "egy rejtett lap" if entry.hidden else entry.label
        self.emit("5.01.D", "add", f"@{entry.seq} {shown} enters timeline {tl.number} ({entry.player})",
                  f"@{entry.seq} {shown_hu} a(z) {tl.number}. időfonalba kerül ({entry.player})",
                  entry=entry.seq, timeline=tl.number, label=entry.label)
        return tl

    def locate(self, ref: int | str) -> tuple[Timeline, Entry]:
        """An entry in an open timeline: ``#n`` (its number) or the topmost with that label."""
        for tl in reversed(self.state.timelines):
            for e in reversed(tl.entries):
                if (isinstance(ref, int) and e.seq == ref) or (
                        isinstance(ref, str) and not e.hidden and fold(e.label) == fold(ref)):
                    return tl, e
        raise _ill("MK-TL-NO-ENTRY", "6.00", f"no entry {ref!r} in an open timeline",
                   f"nincs {ref!r} bejegyzés nyitott időfonalban")

    def check_can_add(self, cs: CardState | None, mp_bound: bool, what: str) -> None:
        """Who may add what and when: an MP-bound manoeuvre needs no open deed timeline;
        a card that cannot interrupt a timeline (1.14.17) is refused while a deed's is open."""
        open_deed = any(tl.kind in ("deed", "timed") for tl in self.state.timelines)
        if mp_bound and open_deed:
            raise _ill("MK-TL-MP-BOUND", "6.01",
                       f"{what} is an MP-bound deed and cannot be added to an open timeline",
                       f"{what} MP-kötött cselekedet, nyitott időfonalba nem kerülhet")
        if cs is not None and sem.cannot_interrupt(cs):
            top = self.top
            if top is None:
                return
            if not self.admits("1.14.17.A"):
                self.skip("1.14.17.A", f"{cs.name} cannot interrupt a timeline", f"{cs.name} nem szakíthat meg időfonalat")
                return
            if top.kind == "combat":
                self.emit("1.14.17.C", "allowed", f"{cs.name} may be used in a combat timeline",
                          f"{cs.name} harc időfonalában használható")
            elif top.kind == "phase" and not open_deed:
                self.emit("1.14.17.B", "allowed", f"{cs.name} may be used in a phase timeline",
                          f"{cs.name} fázis időfonalában használható")
            elif open_deed:
                raise _ill("MK-TL-CANNOT-INTERRUPT", "1.14.17.A",
                           f"{cs.name} cannot be used once a deed has opened a timeline",
                           f"{cs.name} nem használható, ha már egy cselekedet időfonalat nyitott")

    # ================================================================ pass / unwind

    def pass_(self, player: str) -> None:
        tl = self.top
        if tl is None or not tl.entries:
            self._pass_sor(player)
            return
        tl.passed.add(player)
        self.emit("6.00", "pass", f"{player} passes", f"{player} passzol", player=player)
        if len(tl.passed) >= len(self.state.players):
            self.unwind_one()

    def _pass_sor(self, player: str) -> None:
        """A pass on an empty timeline: the next player acts; the phase may end."""
        top = self.top
        if top is not None and not top.entries:
            self.close(top)
            return
        if self.state.phase != "manőverek":
            self.emit("6.03", "pass", f"{player} passes; the phase ends", f"{player} passzol; a fázis véget ér")
            return
        many = len(self.state.players) > 2 and self.admits("12.00")
        order = sorted(self.state.players.values(), key=lambda p: -p.mp)
        if many:
            idx = [p.name for p in order].index(player)
            if idx == len(order) - 1:
                self.emit("12.00", "pass", f"{player}, with the least MP, passes: the manoeuvres phase ends",
                          f"{player}, a legkevesebb MP-vel, passzol: véget ér a manőverek fázisa")
                self.state.phase = "forduló zárása"
                self.state.active = None
            else:
                nxt = order[idx + 1].name
                self.state.active = nxt
                self.emit("12.00", "pass", f"{player} passes; {nxt} is the active player",
                          f"{player} passzol; {nxt} az aktív játékos")
            return
        if player not in self.state.sor_passed:
            self.state.sor_passed.append(player)
        if len(self.state.sor_passed) >= len(self.state.players):
            self.emit("6.03", "pass", f"{player} passes; everyone passed: the manoeuvres phase ends",
                      f"{player} passzol; mindenki passzolt: véget ér a manőverek fázisa")
            self.state.phase = "forduló zárása"
            self.state.sor_passed.clear()
            self.state.active = None
        else:
            others = [p for p in self.state.players if p not in self.state.sor_passed]
            self.state.active = others[0]
            self.emit("6.03", "pass", f"{player} passes; {others[0]} acts", f"{player} passzol; {others[0]} következik")

    def unwind(self, count: int | None = None) -> None:
        """Everyone passes until *count* entries have unwound (all open timelines if None)."""
        done = 0
        while self.state.timelines and (count is None or done < count):
            tl = self.top
            assert tl is not None
            if not tl.entries:
                if tl.kind in ("phase", "combat") and count is None and len(self.state.timelines) == 1:
                    break
                self.close(tl)
                continue
            self.unwind_one()
            done += 1

    def unwind_one(self) -> None:
        """Unwind the top entry of the top timeline: last in, first out (5.01.D)."""
        tl = self.top
        assert tl is not None and tl.entries
        entry = tl.entries.pop()
        tl.passed.clear()
        self.state.unwound.append(entry.label)
        self.emit("5.01.D", "unwind", f"@{entry.seq} {entry.label} unwinds (last in, first out)",
                  f"@{entry.seq} {entry.label} visszafejtődik (utolsóként be, elsőként ki)",
                  entry=entry.seq, timeline=tl.number, label=entry.label)
        self.resolve(entry)
        if not tl.entries and tl.kind in ("deed", "timed") and self.top is tl:
            self.close(tl)

    def close(self, tl: Timeline) -> None:
        """Close a timeline: deaths (damage ≥ level), wounds outside a manoeuvre, then pop."""
        if tl in self.state.timelines:
            self.state.timelines.remove(tl)
        self.emit("6.00", "close", f"timeline {tl.number} closes", f"{tl.number}. időfonal lezárul", timeline=tl.number)
        self.state.combo.clear()
        for cs in list(self.state.cards.values()):
            if not (cs.zone == "sor" and cs.type == "kalandozó" and cs.ghost is None):
                continue
            lvl = sem.level(self, cs)
            if cs.damage > 0 and cs.damage >= lvl:
                self.emit("6.00", "dies", f"{cs.label} has {cs.damage} damage against level {lvl} and dies",
                          f"{cs.label} {cs.damage} sebzést kapott {lvl} szinttel szemben, és meghal", card=cs.label)
                self.die(cs)
            elif cs.damage > 0 and not cs.in_team and self.options["close_wounds"] == "wound":
                cs.state, cs.damage = "sérült", 0
                self.emit("6.00", "wounded", f"{cs.label} becomes wounded; its damage is removed",
                          f"{cs.label} sérült helyzetbe kerül; sebzése lekerül", card=cs.label)
        if not self.state.timelines and self.state.phase == "manőverek":
            self.state.active = self.state.active if self.state.active else None

    # ================================================================ deaths and ghosts

    def die(self, cs: CardState, how: str = "meghal") -> None:
        """A card leaves the Present: an adventurer with a ghost ability stays as a ghost
        (11.00.E); one in antiss combat returns wounded (8.03.E); else Múlt."""
        if cs.type == "kalandozó" and self.state.antiss_combat and self.admits("8.03.E"):
            cs.state, cs.damage = "sérült", 0
            self.emit("8.03.E", "antiss", f"{cs.label} would die in antiss combat: it returns to Sor wounded, without damage",
                      f"{cs.label} antissharcban halna meg: sérülten, sebzés nélkül tér vissza a Sorba", card=cs.label)
            return
        rounds = sem.ghost_rounds(self, cs) if cs.type == "kalandozó" and cs.ghost is None else None
        if rounds is not None:
            if self.admits("11.00.E"):
                self.move(cs, "jelen")
                cs.ghost, cs.state, cs.damage, cs.in_team = rounds, "éber", 0, False
                self.emit("11.00.E", "ghost", f"{cs.label} does not leave the Present: it stays as an awake ghost",
                          f"{cs.label} nem hagyja el a Jelent: éber szellemként marad", card=cs.label)
                self.emit("11.00.C", "ghost", f"{cs.label} stays {rounds} round(s) as a ghost, counting this one (round {self.state.round})",
                          f"{cs.label} {rounds} fordulót tölt szellemként, ezzel a fordulóval kezdve ({self.state.round}. forduló)",
                          card=cs.label, rounds=rounds)
                return
            self.skip("11.00.E", f"{cs.label} would stay as a ghost", f"{cs.label} szellemként maradna")
        self.to_past(cs)

    def to_past(self, cs: CardState, zone: str = "mult") -> None:
        for uid in list(cs.attachments):
            att = self.state.cards[uid]
            self.move(att, zone)
            self.emit("3.01.G" if cs.type == "toronyszint" else "6.00", "falls",
                      f"{att.label}, attached to {cs.label}, goes to {'Múlt' if zone == 'mult' else 'Mélység'}",
                      f"{att.label}, amely {cs.label} lapra volt csatolva, {'Múltba' if zone == 'mult' else 'Mélységbe'} kerül",
                      card=att.label)
            if sem.is_storage_quest(att) and self.admits("1.14.3"):
                self.gain_dp(att.owner, -(att.card.dp or 0), "1.14.3", f"stored {att.label} is destroyed",
                             f"a raktározott {att.label} megsemmisül")
        cs.ghost, cs.in_team, cs.damage = None, False, 0
        self.move(cs, zone)
        self.emit("6.00", "leaves", f"{cs.label} goes to {'Múlt' if zone == 'mult' else 'Mélység'}",
                  f"{cs.label} {'Múltba' if zone == 'mult' else 'Mélységbe'} kerül", card=cs.label)

    # ================================================================ DP

    def gain_dp(self, player: str, amount: int, rule: str, why_en: str, why_hu: str) -> None:
        """Change a DP total; below 0 only with 1.10.B (archived) or ``negative_dp=allow``."""
        p = self.state.players[player]
        new = p.dp + amount
        if new < 0:
            if self.admits("1.10.B"):
                self.emit("1.10.B", "dp", f"{player}'s DP may be negative: {new}", f"{player} DP-je negatív lehet: {new}")
            elif self.options["negative_dp"] == "floor":
                self.skip("1.10.B", f"{player}'s DP would be {new}; it stays at 0", f"{player} DP-je {new} lenne; 0 marad")
                new = 0
        p.dp = new
        self.emit(rule, "dp", f"{player} {'gains' if amount >= 0 else 'loses'} {abs(amount)} DP ({why_en}): {new}",
                  f"{player} {abs(amount)} DP-t {'kap' if amount >= 0 else 'veszít'} ({why_hu}): {new}",
                  player=player, dp=new)

    # ================================================================ resolution

    def resolve(self, e: Entry) -> None:
        """What an unwinding entry does."""
        handler = getattr(self, f"_resolve_{e.kind}")
        handler(e)

    def _resolve_card(self, e: Entry) -> None:
        assert e.source is not None
        cs = self.state.cards[e.source]
        typ = cs.type
        if typ == "kalandozó":
            cs.state = "éber"
            self.move(cs, "sor")
            self.emit("5.01.D", "enters", f"{cs.label} enters the Sor of {cs.controller}, awake",
                      f"{cs.label} {cs.controller} Sorába kerül, éber helyzetben", card=cs.label)
            self._timed_enter(cs)
            return
        if typ in ("építmény", "küldetés", "szövetséges") or (typ == "eseménylap" and cs.attr("duration") == "végleges"):
            if typ == "építmény" and sem.one_such_building(cs):
                self._one_building(cs, e.player, None)
                if cs.zone != "idofonal":
                    return
            self.move(cs, "jelen")
            self.emit("5.01.D", "enters", f"{cs.label} enters the Present ({cs.controller})",
                      f"{cs.label} Jelenbe kerül ({cs.controller})", card=cs.label)
            self._timed_enter(cs)
            return
        if typ == "toronyszint":
            self.move(cs, "torony")
            self.emit("5.01.D", "enters", f"{cs.label} becomes the topmost tower level of {cs.controller}",
                      f"{cs.label} {cs.controller} legfelső toronyszintje lesz", card=cs.label)
            return
        need = int(self.options["attack_threshold"])
        total = self._attack_value(cs, e) if sem.is_attack(cs) and e.roll is not None else None
        if total is not None and total < need:
            self.emit("3.05.E" if sem.is_unarmed(cs) and self.admits("3.05.E") else "6.00", "miss",
                      f"the attack roll {total} is below {need}: {cs.label} misses",
                      f"a {total} támadásdobás kisebb, mint {need}: {cs.label} nem talál")
        else:
            self._apply_effect(e)
        kind = sem.equipment_kind(cs)
        if kind is not None and e.summoner is not None:
            wearer = self.state.cards[e.summoner]
            if wearer.zone == "sor":
                self.move(cs, "csatolt", owner_zone=cs.owner)
                wearer.attachments.append(cs.uid)
                cs.attached_to = wearer.uid
                self.emit("3.05.I", "wears", f"{wearer.label} wears {cs.label} ({kind})",
                          f"{wearer.label} viseli: {cs.label} ({kind})", card=cs.label)
                if kind == "hadszer":
                    self.emit("3.05.J", "item", f"{cs.label} is a hadszer and counts as an item",
                              f"{cs.label} hadszer, tárgynak minősül")
                return
        if cs.zone == "idofonal":
            self.move(cs, "mult")

    def _timed_enter(self, cs: CardState) -> None:
        ops = self.effects_of(cs).on_enter
        if ops:
            tl = self.open_timeline("timed", cs.controller or cs.owner)
            entry = self.new_entry("timed", cs.controller or cs.owner, f"{cs.label}: Jelenbe kerülésekor",
                                   source=cs.uid, ops=ops)
            tl.entries.append(entry)
            self.emit("6.02", "add", f"@{entry.seq} the timed effect of {cs.label} enters timeline {tl.number}",
                      f"@{entry.seq} {cs.label} időzített hatása a(z) {tl.number}. időfonalba kerül", entry=entry.seq)

    def _resolve_timed(self, e: Entry) -> None:
        self._apply_effect(e)

    def _resolve_ability(self, e: Entry) -> None:
        self._apply_effect(e)

    def _resolve_copy(self, e: Entry) -> None:
        self._apply_effect(e)

    def _resolve_beast(self, e: Entry) -> None:
        """A beast's attack (or an ability that counts as one, 1.14.7)."""
        assert e.source is not None
        src = self.state.cards[e.source]
        if src.type == "kalandozó":
            self._apply_effect(e)
            return
        for uid in e.targets:
            target = self.state.cards[uid]
            if target.zone != "sor":
                continue
            x = sem.akaratatvitel(self, src)
            lvl = sem.level(self, target)
            if x is not None and lvl <= x:
                new_ctl = src.controller or src.owner
                target.controller = new_ctl
                target.state = "pihenő"
                self.move(target, "sor")
                self.emit("2.04.b", "dominate",
                          f"AKARATÁTVITEL {x} replaces the attack roll: {target.label} (level {lvl}) moves to the Sor of {new_ctl}, resting",
                          f"AKARATÁTVITEL {x} a támadásdobás helyett: {target.label} ({lvl}. szint) {new_ctl} Sorába kerül, pihenő helyzetben",
                          card=target.label)
                continue
            if x is not None:
                self.emit("2.04.b", "attack", f"{target.label} (level {lvl}) is above AKARATÁTVITEL {x}: a normal attack roll",
                          f"{target.label} ({lvl}. szint) AKARATÁTVITEL {x} fölött van: rendes támadásdobás")
            damage = self.effects_of(src).beast or 0
            shield = sum(self.effects_of(self.state.cards[a]).shield for a in target.attachments)
            armour = sum(self.effects_of(self.state.cards[a]).armour for a in target.attachments)
            if e.roll is not None:
                need = int(self.options["attack_threshold"])
                roll = e.roll - shield if self.admits("3.05.F") else e.roll
                if shield and self.admits("3.05.F"):
                    self.emit("3.05.F", "shield", f"the shield of {target.label} lowers the beast's roll {e.roll} to {roll}",
                              f"{target.label} pajzsa a bestia dobását {e.roll}-ről {roll}-ra csökkenti")
                if roll < need:
                    self.emit("3.05.F" if shield and self.admits("3.05.F") else "6.00", "miss",
                              f"{src.label}'s attack misses {target.label} ({roll} < {need})",
                              f"{src.label} támadása nem talál ({roll} < {need})")
                    continue
            if armour and self.admits("3.05.F"):
                reduced = max(0, damage - armour)
                self.emit("3.05.F", "armour", f"the armour of {target.label} lowers the beast's damage {damage} to {reduced}",
                          f"{target.label} vértje a bestia sebzését {damage}-ről {reduced}-ra csökkenti")
                damage = reduced
            self._damage(target, damage, "6.00")

    def _resolve_attach(self, e: Entry) -> None:
        """An obstacle attaches to its tower level on unwinding (5.01.E; full → attach_overflow)."""
        assert e.source is not None
        cs = self.state.cards[e.source]
        level_cs = self.state.cards[e.targets[0]]
        if e.data.get("csatlos"):
            self._attach_to(cs, level_cs)
            cs.controller = None
            self.emit("2.09.e", "attach", f"{cs.label} is attached to {level_cs.label} for good; it has no controller",
                      f"{cs.label} véglegesen {level_cs.label} lapra csatolódik; nincs irányítója", card=cs.label)
            self.emit("2.09.f", "gains", f"{level_cs.label} gains the abilities of {cs.label} while it is attached",
                      f"{level_cs.label} megkapja {cs.label} képességeit a csatolás idejére")
            return
        if e.data.get("equipment"):
            self._attach_to(cs, level_cs)
            self.emit("6.01", "attach", f"{cs.label} is attached from the Raktár to {level_cs.label}",
                      f"{cs.label} a Raktárból {level_cs.label} lapra csatolódik", card=cs.label)
            return
        if level_cs.zone != "torony" or self._obstacles_on(level_cs) >= 2:
            dest = "kez" if self.options["attach_overflow"] == "hand" else "mult"
            cs.hidden = False
            self.move(cs, dest)
            self.emit("3.01.C", "overflow", f"{level_cs.label} has no free obstacle slot: {cs.label} goes to {'the hand' if dest == 'kez' else 'Múlt'}",
                      f"{level_cs.label} lapon nincs szabad akadályhely: {cs.label} {'kézbe' if dest == 'kez' else 'Múltba'} kerül")
            return
        self._attach_to(cs, level_cs)
        self.emit("5.01.E", "attach", f"a hidden obstacle is attached to {level_cs.label}",
                  f"egy rejtett akadálylap {level_cs.label} toronyszinthez csatolódik", card=cs.label)

    def _resolve_build(self, e: Entry) -> None:
        assert e.source is not None
        cs = self.state.cards[e.source]
        host = self.state.cards[e.targets[0]]
        if host.zone not in ("sor", "csatolt", "jelen"):
            self.move(cs, "mult")
            self.emit("10.00.B", "fizzle", f"{host.label} is gone: {cs.label} goes to Múlt", f"{host.label} nincs már jelen: {cs.label} Múltba kerül")
            return
        self._attach_to(cs, host)
        cs.built = True
        self.emit("10.00.D", "built", f"{cs.label} is built onto {host.label} and no longer counts as an obstacle",
                  f"{cs.label} ráépül {host.label} lapra, és már nem minősül akadálylapnak", card=cs.label)

    def _attach_to(self, cs: CardState, host: CardState) -> None:
        self.move(cs, "csatolt", owner_zone=cs.owner)
        host.attachments.append(cs.uid)
        cs.attached_to = host.uid

    def _obstacles_on(self, level_cs: CardState) -> int:
        return sum(1 for uid in level_cs.attachments
                   if self.state.cards[uid].type == "akadálylap" and not self.state.cards[uid].built)

    def _resolve_neutralise(self, e: Entry) -> None:
        target_seq = e.data["target"]
        for tl in self.state.timelines:
            for i, t in enumerate(tl.entries):
                if t.seq == target_seq:
                    del tl.entries[i]
                    self._neutralised(t)
                    return
        self.emit("6.00", "fizzle", f"@{target_seq} is no longer in a timeline: nothing to neutralise",
                  f"@{target_seq} már nincs időfonalban: nincs mit semlegesíteni")

    def _neutralised(self, t: Entry) -> None:
        dest = "melyseg" if self.options["neutralised_to"] == "melyseg" else "mult"
        self.emit("6.00", "neutralised", f"@{t.seq} {t.label} is neutralised and never takes effect",
                  f"@{t.seq} {t.label} semlegesítve, nem érvényesül", entry=t.seq, label=t.label)
        if t.source is None:
            return
        src = self.state.cards[t.source]
        if t.kind in ("card", "build", "attach") and src.zone == "idofonal":
            self.to_past(src, dest)
        elif t.kind == "beast" and src.type == "kalandozó":
            self.emit("1.14.7", "spared", f"neutralised as a beast activation, {src.label} itself is not neutralised and does not die",
                      f"bestia aktivizálásként semlegesítve {src.label} maga nem semlegesül, nem hal meg", card=src.label)
        elif t.kind == "beast" and src.type == "akadálylap":
            self.to_past(src, dest)

    def _resolve_maneuver(self, e: Entry) -> None:
        getattr(self, f"_maneuver_{e.data['type']}")(e)

    # ---------------------------------------------------------------- effects

    def _attack_value(self, cs: CardState, e: Any) -> int:
        """The attack roll of an action card: the scripted roll, plus (option ``attack_attribute=add``)
        the summoner's Fizikum, or Asztrál in antiss combat (8.03.E)."""
        roll = int(e.roll)
        if self.options["attack_attribute"] != "add" or e.summoner is None:
            return roll
        attacker = self.state.cards[e.summoner]
        antiss = self.state.antiss_combat and self.admits("8.03.E")
        key, name = ("asztral", "Asztrál") if antiss else ("fizikum", "Fizikum")
        value = sem.attribute(attacker, key)
        self.emit("8.03.E" if antiss else "6.00", "attack",
                  f"attack roll {roll} + {name} {value} of {attacker.label} = {roll + value}",
                  f"támadásdobás {roll} + {attacker.label} {name} {value} = {roll + value}")
        return roll + value

    def _apply_effect(self, e: Entry) -> None:
        """Apply an entry's effect steps, then a power word's negative effect (3.05.C–D)."""
        src = self.state.cards[e.source] if e.source is not None else None
        power = src is not None and sem.is_power_word(src)
        if not e.ops and not e.negative:
            self.emit("6.00", "effect", f"{e.label} takes effect", f"{e.label} érvényesül")
        for op in e.ops:
            self._apply_op(e, op, power)
        if e.negative and src is not None:
            self._negative(e, src)
        elif src is not None and power and any(k.key == "NEGATÍV HATÁS" for k in src.card.keywords):
            self._negative(e, src)

    def _negative(self, e: Entry, src: CardState) -> None:
        if not self.admits("3.05.C"):
            self.skip("3.05.C", f"the negative effect of {src.label}", f"{src.label} negatív hatása")
            return
        if e.summoner is None:
            return
        caster = self.state.cards[e.summoner]
        dia = sem.dialect(self, caster)
        if dia == "nemes":
            self.emit("3.05.D", "spared", f"{caster.label} speaks NEMES NYELV: the negative effect of {src.label} does not affect it",
                      f"{caster.label} NEMES NYELVET beszél: {src.label} negatív hatása nem hat rá", card=caster.label)
            return
        if dia == "titkos" and caster.uid not in e.accept:
            self.emit("3.05.D", "spared", f"{caster.label} speaks TITKOS NYELV: the negative effect does not affect it",
                      f"{caster.label} TITKOS NYELVET beszél: a negatív hatás nem hat rá", card=caster.label)
            return
        self.emit("3.05.C", "negative", f"{caster.label}, the summoner, suffers the negative effect of {src.label}",
                  f"{caster.label}, a leidéző, elszenvedi {src.label} negatív hatását", card=caster.label)
        for op in e.negative:
            self._op_on_card(e, op, caster)

    def _who(self, e: Entry, op: Op, power: bool) -> list[CardState]:
        who = op.who or ("target" if e.targets else "self")
        cards = self.state.cards
        if who == "target":
            out = [cards[u] for u in e.targets if cards[u].zone in ("sor", "jelen", "torony", "csatolt")]
            if power and self.admits("3.05.D"):
                kept = []
                for cs in out:
                    if sem.dialect(self, cs) == "titkos" and cs.uid not in e.accept:
                        self.emit("3.05.D", "immune", f"{cs.label} speaks TITKOS NYELV: the power word does not affect it",
                                  f"{cs.label} TITKOS NYELVET beszél: a hatalomszó nem hat rá", card=cs.label)
                    else:
                        if sem.dialect(self, cs) == "titkos":
                            self.emit("3.05.D", "accepts", f"{cs.label}'s controller chooses to be affected",
                                      f"{cs.label} irányítója úgy akarja, hogy hasson rá", card=cs.label)
                        kept.append(cs)
                out = kept
            return out
        if who == "summoner":
            return [cards[e.summoner]] if e.summoner is not None else []
        if who == "self":
            return [cards[e.source]] if e.source is not None else []
        if who == "team":
            return [cards[u] for u in self.state.maneuver_team if cards[u].zone == "sor"]
        if who in ("enemies", "all"):
            return [cs for cs in cards.values() if self.in_sor(cs)
                    and (who == "all" or (cs.controller != e.player))]
        if who.startswith("="):
            out = [cs for cs in cards.values() if cs.zone in ("sor", "jelen", "torony")
                   and sem.names_match(self, cs, who[1:])]
            if out:
                self.emit("2.02.b", "named", f"the name {who[1:]!r} refers to: {', '.join(c.label for c in out)}",
                          f"a {who[1:]!r} név ezekre vonatkozik: {', '.join(c.label for c in out)}")
            if any(c.ghost is not None for c in out):
                self.emit("11.00.F", "named", "the naming rule applies to ghosts too", "a nevesítés szabálya a szellemre is vonatkozik")
            return out
        return []

    def _amount(self, e: Entry, op: Op) -> int:
        if op.amount is None:
            value = 1
        elif op.amount == "X":
            value = e.x or 0
        elif op.amount == "oppdp":
            dps = [self.state.players[p].dp for p in self.opponents(e.player)]
            value = max(dps) if dps else 0
            if value < 0:
                if self.admits("1.10.C"):
                    self.emit("1.10.C", "zero", f"a negative DP ({value}) stands in where negatives mean nothing: 0 is used",
                              f"negatív DP ({value}) helyett 0-t kell behelyettesíteni")
                value = 0
        else:
            value = int(op.amount)
        if op.cap is not None:
            value = min(value, op.cap)
        return value

    def _apply_op(self, e: Entry, op: Op, power: bool) -> None:
        if op.name == "none":
            self.emit("6.00", "effect", f"{e.label} takes effect", f"{e.label} érvényesül")
            return
        if op.player_level:
            players = self.opponents(e.player) if op.who == "opponent" else [e.player]
            amount = self._amount(e, op)
            for p in players:
                pl = self.state.players[p]
                if op.name == "gain_mp":
                    pl.mp += amount
                    self.emit("6.00", "mp", f"{p} gains {amount} MP: {pl.mp}", f"{p} {amount} MP-t kap: {pl.mp}", player=p)
                elif op.name == "lose_mp":
                    pl.mp = max(0, pl.mp - amount)
                    self.emit("6.00", "mp", f"{p} loses {amount} MP: {pl.mp}", f"{p} {amount} MP-t veszít: {pl.mp}", player=p)
                elif op.name == "gain_dp":
                    self.gain_dp(p, amount, "6.00", e.label, e.label)
                elif op.name == "draw":
                    for _ in range(amount):
                        deck = pl.zones["jovo"]
                        if not deck:
                            break
                        self.move(self.state.cards[next(iter(deck))], "kez")
                    self.emit("6.00", "draw", f"{p} draws {amount}", f"{p} húz {amount} lapot", player=p)
            return
        for cs in self._who(e, op, power):
            self._op_on_card(e, op, cs)

    def _op_on_card(self, e: Entry, op: Op, cs: CardState) -> None:
        amount = self._amount(e, op)
        if op.name == "damage":
            if e.source is not None and sem.is_mosaic(self.state.cards[e.source]):
                self.emit("7.00", "base", f"the damage of a mosaic spell is its base value: {amount}",
                          f"a mozaik varázslat sebzése alapérték: {amount}")
            self._damage(cs, amount, "6.00")
        elif op.name == "rest":
            cs.state = "pihenő"
            self.emit("6.00", "rest", f"{cs.label} becomes resting", f"{cs.label} pihenő helyzetbe kerül", card=cs.label)
        elif op.name == "wake":
            cs.state = "éber"
            self.emit("6.00", "wake", f"{cs.label} becomes awake", f"{cs.label} éber helyzetbe kerül", card=cs.label)
        elif op.name == "wound":
            cs.state = "sérült"
            self.emit("6.00", "wound", f"{cs.label} becomes wounded", f"{cs.label} sérült helyzetbe kerül", card=cs.label)
        elif op.name == "weakness":
            cs.counters["gyengeség"] = cs.counters.get("gyengeség", 0) + amount
            rule = "1.14.16.A" if self.admits("1.14.16.A") else "6.00"
            self.emit(rule, "counter", f"{cs.label} gets a weakness counter: Fizikum/Asztrál/Mentál {sem.attribute(cs, 'fizikum')}/{sem.attribute(cs, 'asztral')}/{sem.attribute(cs, 'mental')}",
                      f"{cs.label} gyengeség-jelzőt kap: Fizikum/Asztrál/Mentál {sem.attribute(cs, 'fizikum')}/{sem.attribute(cs, 'asztral')}/{sem.attribute(cs, 'mental')}",
                      card=cs.label)
        elif op.name == "kill":
            self.emit("6.00", "kill", f"{cs.label} dies", f"{cs.label} meghal", card=cs.label)
            self.die(cs)

    def _damage(self, cs: CardState, amount: int, rule: str) -> None:
        cs.damage += amount
        self.emit(rule, "damage", f"{cs.label} takes {amount} damage ({cs.damage} in all)",
                  f"{cs.label} {amount} sebzést kap (összesen {cs.damage})", card=cs.label, damage=cs.damage)

    # ================================================================ deeds: summon

    def summon(self, player: str, a: Action) -> None:
        """The summoning sequence 5.01.A–D (and a combo-chain link, 3.05.E)."""
        assert a.card is not None
        chain = False
        try:
            cs = self.find(a.card, zones=("kez",), player=player)
        except IllegalActionError:
            cs = self._chain_card(player, a)
            chain = True
        kind_is_quest = cs.type == "küldetés"
        # 5.01.A: reveal, in the card's own phase
        phase = fold(str(cs.attr("phase") or ""))
        if cs.type == "akadálylap":
            raise _ill("MK-TL-OBSTACLE", "5.01.E", f"{cs.label} is an obstacle: attach it to a tower level, or build it on (ráépítés)",
                       f"{cs.label} akadálylap: toronyszinthez csatolható, vagy ráépíthető")
        if phase == "sor" or (not phase and cs.type in ("kalandozó", "építmény", "küldetés", "toronyszint", "szövetséges")):
            if self.state.phase != "manőverek":
                raise _ill("MK-TL-PHASE", "5.01.A", f"{cs.label} is a Sor-phase card; the phase is {self.state.phase}",
                           f"{cs.label} Sor fázisú lap; most {self.state.phase} fázis van")
        elif phase == "harc" and self.state.phase not in _COMBAT_PHASES:
            raise _ill("MK-TL-PHASE", "5.01.A", f"{cs.label} is a combat-phase card; the phase is {self.state.phase}",
                       f"{cs.label} harc fázisú lap; most {self.state.phase} fázis van")
        mp_bound = kind_is_quest
        self.check_can_add(cs, mp_bound, cs.label)
        summoner = self._summoner_checks(player, cs, a, chain)
        targets = self._targets(player, cs, a)
        cost, spent_desc = self._cost(player, cs, a)
        if kind_is_quest:
            awaiting = sum(1 for u in self.state.players[player].zones["jelen"] if self.state.cards[u].type == "küldetés")
            if awaiting >= 3:
                raise _ill("MK-TL-QUEST-LIMIT", "3.02.C", f"{player} already has 3 quests awaiting solution",
                           f"{player} már 3 megoldásra váró küldetéssel rendelkezik")
        if cs.type == "építmény" and sem.one_such_building(cs):
            if not self.admits("1.14.4"):
                self.skip("1.14.4", f"{cs.label}: one such building", f"{cs.label}: egy ilyen építmény")
            elif self._controls_same(player, cs):
                raise _ill("MK-TL-ONE-BUILDING", "1.14.4", f"{player} already controls a {cs.name}: no second such building",
                           f"{player} már irányít egy {cs.name} lapot: újabb ilyen építmény nem hozható játékba")
        # ---- commit
        self.emit("5.01.A", "reveal", f"{player} reveals {cs.label}" + (f" (summoner {summoner.label})" if summoner else ""),
                  f"{player} felfedi: {cs.label}" + (f" (leidéző: {summoner.label})" if summoner else ""), card=cs.label)
        if targets:
            self.emit("5.01.B", "targets", f"targets: {', '.join(self.state.cards[t].label for t in targets)}",
                      f"célpontok: {', '.join(self.state.cards[t].label for t in targets)}")
        if kind_is_quest:
            self.emit("3.02.A", "quest", f"{cs.label} is summoned free and openly, an MP-bound manoeuvre",
                      f"{cs.label} ingyen, nyíltan kerül játékba, MP-kötött manőverként")
        else:
            self.state.players[player].mp -= cost
            self.emit(spent_desc[0], "pay", spent_desc[1].format(player=player, cost=cost, mp=self.state.players[player].mp),
                      spent_desc[2].format(player=player, cost=cost, mp=self.state.players[player].mp))
        if summoner is not None and sem.is_attack(cs):
            summoner.state = "pihenő"
        if cs.zone != "idofonal":
            self.move(cs, "idofonal", owner_zone=cs.owner)
        if cs.controller is None:
            cs.controller = player
        entry = self.new_entry("card", player, cs.label, source=cs.uid,
                               summoner=summoner.uid if summoner else None, targets=targets,
                               x=a.x, mode=a.mode, ops=self._ops_for(cs, a), negative=self.effects_of(cs).negative,
                               accept=frozenset(targets) if a.accept else frozenset(), roll=a.roll)
        if sem.is_mosaic(cs):
            if self.admits("7.00"):
                self.emit("7.00", "mosaic", f"{player} chooses the MP spent on the mosaic spell (X = {a.x})" + (f" and its form {a.mode!r}" if a.mode else ""),
                          f"{player} megválasztja a mozaik varázslatra áldozott MP-t (X = {a.x})" + (f" és formáját: {a.mode!r}" if a.mode else ""))
        self.push(entry, deed=True, mp_bound=mp_bound)
        if summoner is not None and sem.is_unarmed(cs) and self.admits("3.05.E"):
            self.state.combo[summoner.uid] = self.state.combo.get(summoner.uid, 0) + 1
            self.combo_entries.setdefault(summoner.uid, []).append(entry)
        self._after_deed(player, spent_mp=cost > 0)

    def _ops_for(self, cs: CardState, a: Action) -> tuple[Op, ...]:
        if a.effect:
            return parse_effect(a.effect)
        eff = self.effects_of(cs)
        if eff.modes and a.mode:
            for name, ops in eff.modes.items():
                if fold(name) == fold(a.mode):
                    return ops
        return eff.effect

    def _chain_card(self, player: str, a: Action) -> CardState:
        """3.05.E: the unarmed attack just used may be summoned again in its chain."""
        assert a.card is not None
        try:
            cs = self.find(a.card, zones=("idofonal", "mult"), player=player)
        except IllegalActionError:
            raise _ill("MK-TL-NOT-IN-HAND", "5.01.A", f"{a.card!r} is not in {player}'s hand",
                       f"{a.card!r} nincs {player} kezében") from None
        if not sem.is_unarmed(cs):
            raise _ill("MK-TL-NO-CARD", "5.01.A", f"{cs.label} is not in {player}'s hand", f"{cs.label} nincs {player} kezében")
        return cs

    def _summoner_checks(self, player: str, cs: CardState, a: Action, chain: bool) -> CardState | None:
        """6.01 (awake), 3.05 (icons), 3.05.A (power words), 3.05.E (combo chain), 11.00.D (ghosts)."""
        if cs.type != "akciólap":
            return None
        if a.by is None:
            raise _ill("MK-TL-SUMMONER", "6.01", f"the action card {cs.label} needs an adventurer to summon it ('by')",
                       f"a(z) {cs.label} akciólapot kalandozó idézi le ('által')")
        adv = self.find(a.by, zones=("sor", "jelen"), player=player, rule="6.01")
        if adv.ghost is not None:
            raise _ill("MK-TL-GHOST", "11.00.D", f"{adv.label} is a ghost: it uses no action cards",
                       f"{adv.label} szellem: nem használhat akciólapot")
        if sem.is_unarmed(cs):
            links = self.state.combo.get(adv.uid, 0)
            if links:
                self.require("3.05.E", "a combination chain", "kombináció-lánc")
                prev = self.combo_entries.get(adv.uid, [])[-1:]
                last = prev[0] if prev else None
                limit = sem.combo_limit(self.state.cards[last.source]) if last and last.source else None
                need = int(self.options["attack_threshold"])
                if last is None or last.roll is None or limit is None or last.roll < max(limit, need):
                    raise _ill("MK-TL-COMBO", "3.05.E", f"{adv.label} may chain only after a successful unarmed attack rolled at least its combination limit",
                               f"{adv.label} csak sikeres, a kombináció határértékét elérő pusztakezes támadás után láncolhat")
                if links >= sem.level(self, adv):
                    raise _ill("MK-TL-COMBO", "3.05.E", f"{adv.label} (base level {sem.level(self, adv)}) has made {links} attacks in this chain: no more",
                               f"{adv.label} ({sem.level(self, adv)}. alapszint) már {links} támadást tett a láncban: többet nem")
                self.emit("3.05.E", "combo", f"{adv.label} chains another unarmed attack as a fast effect, although it is turned (attack {links + 1} of at most {sem.level(self, adv)})",
                          f"{adv.label} gyors hatásként újabb pusztakezes támadást idéz le elforgatva is ({links + 1}. támadás, legfeljebb {sem.level(self, adv)})")
                return adv
        if chain:
            raise _ill("MK-TL-NO-CARD", "5.01.A", f"{cs.label} is not in {player}'s hand", f"{cs.label} nincs {player} kezében")
        if adv.state != "éber" and not (self.state.antiss_combat and sem.is_antiss_wizard(self, adv)):
            raise _ill("MK-TL-NOT-AWAKE", "6.01", f"{adv.label} is {adv.state}; summoning an action card needs an awake adventurer",
                       f"{adv.label} {adv.state}; akciólap leidézéséhez éber kalandozó kell")
        if sem.is_power_word(cs):
            if not self.admits("3.05.A"):
                self.skip("3.05.A", "power words", "hatalomszavak")
            elif sem.dialect(self, adv) is None:
                raise _ill("MK-TL-POWER-WORD", "3.05.A", f"{adv.label} has neither the power-word mark nor a dialect",
                           f"{adv.label} nem rendelkezik sem hatalomszó jellel, sem dialektussal")
            else:
                tongue = str(sem.dialect(self, adv)).upper()
                self.emit("3.05.A", "power", f"{adv.label} may summon power words ({tongue} NYELV)",
                          f"{adv.label} idézhet hatalomszót ({tongue} NYELV)")
            return adv
        icons = {fold(i) for i in cs.attr("icons", []) or []}
        if icons:
            if not self.admits("3.05"):
                self.skip("3.05", "action-card icons", "akciólap ikonjai")
            else:
                mine = {fold(i) for i in adv.attr("icons", []) or []}
                if not icons & mine and not (self.state.antiss_combat and sem.is_antiss_wizard(self, adv)):
                    raise _ill("MK-TL-ICON", "3.05", f"{adv.label} does not bear the icon of {cs.label} ({', '.join(sorted(icons))})",
                               f"{adv.label} nem rendelkezik {cs.label} ikonjával ({', '.join(sorted(icons))})")
                self.emit("3.05", "icon", f"{adv.label} bears the icon of {cs.label}", f"{adv.label} rendelkezik {cs.label} ikonjával")
        kind = sem.equipment_kind(cs)
        if kind is not None:
            self._equipment_slot(adv, cs, kind)
        return adv

    def _equipment_slot(self, adv: CardState, cs: CardState, kind: str) -> None:
        """3.05.I: an adventurer may wear an extra weapon instead of a shield."""
        worn = [sem.equipment_kind(self.state.cards[u]) for u in adv.attachments]
        if kind in ("pajzs", "hadszer") and self.admits("3.05.I"):
            shields, weapons = worn.count("pajzs"), worn.count("hadszer")
            if (kind == "pajzs" and (shields or weapons >= 2)) or (kind == "hadszer" and weapons >= 2) \
                    or (kind == "hadszer" and shields and weapons >= 1):
                raise _ill("MK-TL-EQUIPMENT", "3.05.I", f"{adv.label} already wears a shield or an extra weapon",
                           f"{adv.label} már visel pajzsot vagy kiegészítő fegyvert")
        if kind == "vért" and worn.count("vért"):
            raise _ill("MK-TL-EQUIPMENT", "3.05.I", f"{adv.label} already wears armour", f"{adv.label} már visel vértet")

    def _targets(self, player: str, cs: CardState, a: Action) -> tuple[int, ...]:
        """5.01.B: a card that needs a target cannot be summoned without one; 3.05.B."""
        ops = self._ops_for(cs, a) + self.effects_of(cs).negative
        needs = any(op.who == "target" for op in ops)
        found = tuple(self.find(t, zones=("sor", "jelen", "torony", "csatolt"), rule="5.01.B").uid for t in a.targets)
        if needs and not found:
            raise _ill("MK-TL-NO-TARGET", "5.01.B", f"{cs.label} needs a target and none was chosen",
                       f"{cs.label} célpontot igényel, de nincs választott célpont")
        if sem.is_power_word(cs) and len(set(found)) != len(found):
            if self.admits("3.05.B"):
                raise _ill("MK-TL-DISTINCT", "3.05.B", f"the targets of the power word {cs.label} must differ",
                           f"a(z) {cs.label} hatalomszó célpontjainak különbözőknek kell lenniük")
        return found

    def _cost(self, player: str, cs: CardState, a: Action) -> tuple[int, tuple[str, str, str]]:
        """5.01.C: the MP requirement (X chosen; free-ness; ŐSERŐ 2.12.a)."""
        mp = cs.card.mp
        is_x = isinstance(mp, str)
        if is_x and a.x is None:
            raise _ill("MK-TL-X", "5.01.C", f"{cs.label} costs X: choose X ('x N')", f"{cs.label} X-es lap: válassz X-et ('x N')")
        if a.x is not None and a.x < 0:
            raise _ill("MK-TL-X", "5.01.C", "X cannot be negative", "X nem lehet negatív")
        cost = a.x if is_x else int(mp or 0)
        assert cost is not None
        if cs.type == "küldetés":
            return 0, ("3.02.A", "", "")
        desc = ("5.01.C", "{player} pays {cost} MP ({mp} left)", "{player} {cost} MP-t fizet (marad {mp})")
        if a.free:
            if is_x:
                raise _ill("MK-TL-FREE-X", "5.01.C", f"{cs.label} has an X cost: it cannot be made free",
                           f"{cs.label} X-es MP-igényű: nem tehető ingyenessé")
            cost = 0
            desc = ("5.01.C", "{player} summons it free: no MP, condition or other cost",
                    "{player} ingyen idézi le: nincs MP, feltétel, egyéb költség")
        elif sem.has_osero(cs) and not is_x and cs.type != "küldetés":
            if not self.admits("2.12.a"):
                self.skip("2.12.a", f"ŐSERŐ would make {cs.label} free", f"az ŐSERŐ ingyenessé tenné: {cs.label}")
            elif sem.controls_aquir_or_dragon(self, player):
                cost = 0
                desc = ("2.12.a", "{player} controls an aquir or dragon adventurer: ŐSERŐ makes it free (no MP, condition or cost)",
                        "{player} aquir vagy sárkány kalandozót irányít: az ŐSERŐ ingyenessé teszi")
        if self.state.players[player].mp < cost:
            raise _ill("MK-TL-MP", "5.01.D", f"{player} has {self.state.players[player].mp} MP and cannot pay {cost}: {cs.label} never enters the timeline",
                       f"{player} {self.state.players[player].mp} MP-vel nem tud {cost}-t fizetni: {cs.label} nem kerül időfonalba")
        if sem.is_mosaic(cs):
            self.require("7.00", "a mosaic spell", "mozaik varázslat")
        return cost, desc

    def _controls_same(self, player: str, cs: CardState) -> bool:
        return any(self.state.cards[u].name == cs.name and u != cs.uid
                   for u in self.state.players[player].zones["jelen"])

    def _one_building(self, cs: CardState, player: str, keep: str | None) -> None:
        """1.14.4: with two such buildings one is sacrificed before anything else happens."""
        same = [self.state.cards[u] for u in self.state.players[player].zones["jelen"]
                if self.state.cards[u].name == cs.name and u != cs.uid]
        if not same or not self.admits("1.14.4"):
            return
        old = same[0]
        if keep is not None:
            victim = cs if fold(keep) == fold(old.label) else old
        else:
            victim = cs if self.options["one_building_keep"] == "old" else old
        self.emit("1.14.4", "sacrifice", f"{player} would control two {cs.name}: {victim.label} is sacrificed at once",
                  f"{player} két {cs.name} lapot irányítana: {victim.label} azonnal feláldozásra kerül", card=victim.label)
        self.to_past(victim)

    # ================================================================ deeds: activate

    def activate(self, player: str, a: Action) -> None:
        """Activate an ability, an equipment's ability, or a beast (obstacle) against adventurers."""
        assert a.card is not None
        cs = self.find(a.card, zones=("sor", "jelen", "csatolt", "torony"), player=player, rule="6.01")
        eff = self.effects_of(cs)
        if cs.type == "akadálylap":
            self._activate_obstacle(player, cs, a)
            return
        kws = {k.key for k in cs.card.keywords}
        antiss = 'ANTISS "…"' in kws
        if eff.ability is None and not antiss and not a.effect:
            if "ÁLLANDÓ" in kws and a.targets:
                raise _ill("MK-TL-CONSTANT", "6.04", f"{cs.label}'s ability is constant: it uses no timeline, so it cannot target",
                           f"{cs.label} képessége állandó: időfonalat nem használ, így nem céloz")
            if "ÁLLANDÓ" in kws:
                raise _ill("MK-TL-CONSTANT", "6.00", f"{cs.label}'s ability is constant: it works without activation and uses no timeline",
                           f"{cs.label} képessége állandó: aktivizálás nélkül hat, időfonalat nem használ")
            raise _ill("MK-TL-NO-ABILITY", "6.01", f"{cs.label} has no ability to activate", f"{cs.label} lapnak nincs aktivizálható képessége")
        if cs.ghost is not None:
            raise _ill("MK-TL-GHOST", "11.00.D", f"{cs.label} is a ghost: it acts only through its ghost abilities",
                       f"{cs.label} szellem: csak szellemképességgel nyilvánulhat meg")
        ops = parse_effect(a.effect) if a.effect else (eff.ability or ())
        cost = eff.ability_cost
        wearer = self.state.cards[cs.attached_to] if cs.attached_to is not None else None
        self.check_can_add(cs, False, cs.label)
        if antiss:
            self.require("8.01.B", "an antiss ability", "antissképesség")
            if not sem.is_antiss_wizard(self, cs):
                raise _ill("MK-TL-ANTISS", "8.01.B", f"{cs.label} is no antiss-wizard", f"{cs.label} nem antissvarázsló")
            if cs.state != "pihenő":
                raise _ill("MK-TL-ANTISS", "8.02", f"antiss abilities are activated while resting; {cs.label} is {cs.state}",
                           f"antissképesség pihenő helyzetben aktivizálható; {cs.label} {cs.state}")
            if cs.uid in self.state.antiss_acted:
                raise _ill("MK-TL-ANTISS-ONCE", "8.03.C", f"{cs.label} has already acted on the antiss this round",
                           f"{cs.label} ebben a fordulóban már cselekedett az antisson")
        elif cost == "rest_wearer":
            if wearer is None or wearer.state != "éber":
                raise _ill("MK-TL-NOT-AWAKE", "3.05.L", f"the wearer of {cs.label} must meet the activation's condition (be awake)",
                           f"{cs.label} viselőjének kell teljesítenie az aktivizálás feltételét (éber helyzet)")
        elif cost == "rest_host":
            if wearer is None or wearer.state != "éber":
                raise _ill("MK-TL-NOT-AWAKE", "6.01", f"the adventurer {cs.label} is attached to must be awake",
                           f"a kalandozónak, amelyhez {cs.label} csatolva van, ébernek kell lennie")
        elif cs.type == "kalandozó" and cs.state != "éber":
            raise _ill("MK-TL-NOT-AWAKE", "6.01", f"{cs.label} is {cs.state}; activating its ability needs it awake",
                       f"{cs.label} {cs.state}; képessége aktivizálásához ébernek kell lennie")
        mp_cost = int(cost.split()[1]) if cost.startswith("mp ") else 0
        if self.state.players[player].mp < mp_cost:
            raise _ill("MK-TL-MP", "5.01.D", f"{player} cannot pay {mp_cost} MP", f"{player} nem tud {mp_cost} MP-t fizetni")
        needs = any(op.who == "target" for op in ops)
        targets = tuple(self.find(t, zones=("sor", "jelen", "torony", "csatolt"), rule="5.01.B").uid for t in a.targets)
        if needs and not targets:
            raise _ill("MK-TL-NO-TARGET", "5.01.B", f"{cs.label}'s ability needs a target", f"{cs.label} képessége célpontot igényel")
        beast = sem.counts_as_beast(self, cs)
        if beast and a.kind == "ability":
            self.require("1.14.7", "an ability that counts as a beast activation", "bestia aktivizálásnak minősülő képesség")
        # ---- commit
        if cost in ("rest", "rest_wearer", "rest_host"):
            payer = cs if cost == "rest" else wearer
            assert payer is not None
            payer.state = "pihenő"
            rule = "3.05.L" if cost == "rest_wearer" else "6.01"
            self.emit(rule, "cost", f"cost: {payer.label} becomes resting", f"költség: {payer.label} pihenő helyzetbe kerül", card=payer.label)
        if mp_cost:
            self.state.players[player].mp -= mp_cost
            self.emit("5.01.C", "pay", f"{player} pays {mp_cost} MP", f"{player} {mp_cost} MP-t fizet")
        if antiss:
            self.state.antiss_acted.add(cs.uid)
            self.emit("8.02", "antiss", f"{cs.label} activates an antiss ability while resting",
                      f"{cs.label} pihenő helyzetben aktivizál antissképességet")
        kind = "ability"
        if beast:
            if self.admits("1.14.7"):
                kind = "beast"
                self.emit("1.14.7", "beast", f"the ability of {cs.label} enters the timeline only as a beast activation",
                          f"{cs.label} képessége csak bestia aktivizálásként kerül az időfonalba")
            else:
                self.skip("1.14.7", f"{cs.label}: the ability counts as a beast activation", f"{cs.label}: bestia aktivizálásnak minősül")
        entry = self.new_entry(kind, player, f"{cs.label}: {'antissképesség' if antiss else 'képesség'}", source=cs.uid,
                               summoner=cs.uid if cs.type == "kalandozó" else (wearer.uid if wearer else None),
                               targets=targets, ops=ops, x=a.x, accept=frozenset(targets) if a.accept else frozenset())
        self.push(entry, deed=True)
        self._after_deed(player, spent_mp=mp_cost > 0)

    def _activate_obstacle(self, player: str, cs: CardState, a: Action) -> None:
        if cs.built:
            raise _ill("MK-TL-MACHINE", "10.00.D", f"{cs.label} is built on and no longer counts as an obstacle",
                       f"{cs.label} ráépítve már nem minősül akadálylapnak")
        if cs.zone != "csatolt":
            raise _ill("MK-TL-OBSTACLE", "5.01.E", f"{cs.label} is not attached to a tower level", f"{cs.label} nincs toronyszinthez csatolva")
        targets = tuple(self.find(t, zones=("sor",), rule="5.01.B").uid for t in a.targets)
        ops = parse_effect(a.effect) if a.effect else self.effects_of(cs).effect
        if not targets and (cs.card.subtype == "bestia" or any(op.who == "target" for op in ops)):
            raise _ill("MK-TL-NO-TARGET", "5.01.B", f"{cs.label} needs a target adventurer", f"{cs.label} célpont kalandozót igényel")
        self.check_can_add(cs, False, cs.label)
        cs.hidden = False
        kind = "beast" if cs.card.subtype == "bestia" else "ability"
        entry = self.new_entry(kind, player, f"{cs.label}: aktivizálás", source=cs.uid, targets=targets, ops=ops, roll=a.roll)
        self.emit("5.01.A", "reveal", f"{player} reveals and activates {cs.label}", f"{player} felfedi és aktivizálja: {cs.label}", card=cs.label)
        self.push(entry, deed=True)

    # ================================================================ deeds: attach, build

    def attach(self, player: str, a: Action) -> None:
        """An obstacle to a tower level (5.01.E, 3.01.C), a Csatlós to an adventurer (2.09), or
        equipment from the Raktár (6.01)."""
        assert a.card is not None and a.dest is not None
        cs = self.find(a.card, zones=("kez", "raktar"), player=player)
        dest = self.find(a.dest, zones=("torony", "sor"), rule="5.01.B")
        if cs.zone == "raktar":
            if self.state.phase != "manőverek":
                raise _ill("MK-TL-PHASE", "6.01", "attaching from the Raktár is a Sor-phase deed", "Raktárból csatolás Sor fázisú cselekedet")
            if dest.type != "kalandozó" or dest.controller != player:
                raise _ill("MK-TL-ATTACH", "6.01", f"{cs.label} attaches to an adventurer of yours", f"{cs.label} saját kalandozóhoz csatolható")
            kind = sem.equipment_kind(cs)
            if kind is not None:
                self._equipment_slot(dest, cs, kind)
            self.check_can_add(cs, False, cs.label)
            self.move(cs, "idofonal", owner_zone=cs.owner)
            entry = self.new_entry("attach", player, f"{cs.label} -> {dest.label}", source=cs.uid, targets=(dest.uid,),
                                   data={"equipment": True})
            self.push(entry, deed=True)
            self._after_deed(player, spent_mp=False)
            return
        link = sem.csatlos(cs)
        if link is not None and cs.type == "kalandozó":
            self._attach_csatlos(player, cs, dest, link.condition)
            return
        if cs.type != "akadálylap" or dest.type != "toronyszint":
            raise _ill("MK-TL-ATTACH", "5.01.E", f"{cs.label} cannot be attached to {dest.label}",
                       f"{cs.label} nem csatolható {dest.label} laphoz")
        if dest.controller != player:
            raise _ill("MK-TL-ATTACH", "5.01.E", f"{dest.label} is not {player}'s tower level", f"{dest.label} nem {player} toronyszintje")
        pending = sum(1 for tl in self.state.timelines for e in tl.entries
                      if e.kind == "attach" and e.targets == (dest.uid,) and not e.data)
        if self._obstacles_on(dest) + pending >= 2:
            raise _ill("MK-TL-SLOTS", "3.01.C", f"{dest.label} already has 2 obstacles (2 traps, 2 beasts, or one of each)",
                       f"{dest.label} toronyszinthez már 2 akadálylap csatolva (2 csapda, 2 bestia vagy 1-1)")
        self.check_can_add(cs, False, cs.label)
        self.emit("5.01.E", "attach", f"{player} attaches an obstacle to {dest.label}: MP 0, face-down, cannot be neutralised",
                  f"{player} akadálylapot csatol {dest.label} toronyszinthez: 0 MP, rejtve, nem semlegesíthető")
        cs.hidden = True
        self.move(cs, "idofonal", owner_zone=cs.owner)
        entry = self.new_entry("attach", player, cs.label, source=cs.uid, targets=(dest.uid,), hidden=True,
                               neutralisable=False)
        self.push(entry, deed=True)
        self._after_deed(player, spent_mp=False)

    def _attach_csatlos(self, player: str, cs: CardState, host: CardState, condition: str | None) -> None:
        self.require("2.09.c", "attaching a Csatlós", "Csatlós csatolása")
        if host.type != "kalandozó" or host.zone != "sor" or host.ghost is not None:
            raise _ill("MK-TL-CSATLOS", "2.09.c", f"a Csatlós attaches to an adventurer; {host.label} is none",
                       f"Csatlós kalandozóhoz csatolható; {host.label} nem az")
        if not sem.meets_condition(host, condition):
            raise _ill("MK-TL-CSATLOS", "2.09.c", f"{host.label} does not meet the Csatlós condition [{condition}]",
                       f"{host.label} nem teljesíti a csatlósfeltételt [{condition}]")
        if self.state.phase != "manőverek":
            raise _ill("MK-TL-PHASE", "2.09.d", "attaching a Csatlós is a Sor-phase manoeuvre", "Csatlós csatolása Sor fázisú manőver")
        self.check_can_add(cs, True, cs.label)
        self.emit("2.09.a", "csatlos", f"{cs.label} is a Csatlós" + (f" with the condition [{condition}]" if condition else ""),
                  f"{cs.label} Csatlós" + (f", csatlósfeltétele [{condition}]" if condition else ""))
        self.emit("2.09.c", "csatlos", f"{host.label} meets the condition: {cs.label} may be attached from the hand",
                  f"{host.label} teljesíti a feltételt: {cs.label} kézből csatolható")
        self.emit("2.09.d", "csatlos", "a Sor-phase, MP-bound manoeuvre that costs no MP", "Sor fázisú, MP-kötött manőver, nem kerül MP-be")
        self.move(cs, "idofonal", owner_zone=cs.owner)
        entry = self.new_entry("attach", player, f"{cs.label} -> {host.label}", source=cs.uid, targets=(host.uid,),
                               data={"csatlos": True})
        self.push(entry, deed=True, mp_bound=True)
        self._after_deed(player, spent_mp=False)

    def build(self, player: str, a: Action) -> None:
        """Ráépítés (10.00.A–D)."""
        assert a.card is not None and a.dest is not None
        self.require("10.00.A", "ráépítés", "ráépítés")
        cs = self.find(a.card, zones=("kez",), player=player)
        mp = sem.raepites(cs)
        if mp is None:
            raise _ill("MK-TL-MACHINE", "10.00.A", f"{cs.label} has no ráépítés symbol", f"{cs.label} lapon nincs ráépítés jel")
        host = self.find(a.dest, zones=("sor", "csatolt", "torony", "jelen"), rule="10.00.B")
        if not (host.type == "kalandozó" or (host.type == "akadálylap" and host.card.subtype in ("bestia", "csapda"))):
            raise _ill("MK-TL-MACHINE", "10.00.B", f"ráépítés targets an adventurer, a beast or a trap; {host.label} is a {host.type}",
                       f"ráépítés célpontja kalandozó, bestia vagy csapda lehet; {host.label} {host.type}")
        if self.state.players[player].mp < mp:
            raise _ill("MK-TL-MP", "5.01.D", f"{player} cannot pay the ráépítés cost {mp} MP", f"{player} nem tudja kifizetni a {mp} MP ráépítést")
        self.check_can_add(cs, False, cs.label)
        self.state.players[player].mp -= mp
        self.emit("10.00.C", "pay", f"{player} pays the {mp} MP before the ráépítés symbol, not the MP requirement {cs.card.mp}",
                  f"{player} a ráépítés jel előtti {mp} MP-t fizeti, nem a(z) {cs.card.mp} MP-igényt")
        self.move(cs, "idofonal", owner_zone=cs.owner)
        entry = self.new_entry("build", player, f"{cs.label} -> {host.label}", source=cs.uid, targets=(host.uid,))
        self.push(entry, deed=True)
        self._after_deed(player, spent_mp=mp > 0)

    # ================================================================ neutralise, copy

    def neutralise(self, player: str, a: Action) -> None:
        assert a.ref is not None
        tl, target = self.locate(a.ref)
        if not target.neutralisable or target.hidden:
            raise _ill("MK-TL-NOT-NEUTRALISABLE", "5.01.E", "an obstacle attachment cannot be neutralised",
                       "akadálylap csatolása nem semlegesíthető")
        src = self.state.cards[target.source] if target.source is not None else None
        if src is not None and src.type == "kalandozó" and target.kind == "beast" and a.kind not in (None, "beast"):
            raise _ill("MK-TL-BEAST", "1.14.7", f"the ability of {src.label} can be neutralised only as a beast activation",
                       f"{src.label} képessége csak bestia aktivizálásként semlegesíthető")
        if a.kind == "beast" and target.kind != "beast":
            raise _ill("MK-TL-BEAST", "6.00", f"@{target.seq} is no beast activation", f"@{target.seq} nem bestia aktivizálás")
        label = f"semlegesítés @{target.seq}" + (f" ({a.source})" if a.source else "")
        entry = self.new_entry("neutralise", player, label, data={"target": target.seq})
        self.push(entry)

    def copy(self, player: str, a: Action) -> None:
        """6.05.O: new targets allowed; no costs or conditions; same mode and X; the copier
        adventurer counts as the summoner."""
        assert a.ref is not None
        self.require("6.05.O", "copying an effect", "hatás másolása")
        tl, orig = self.locate(a.ref)
        if orig.hidden or orig.kind in ("attach", "maneuver", "neutralise", "build"):
            raise _ill("MK-TL-COPY", "6.05.O" if not orig.hidden else "5.01.E", f"@{orig.seq} is not an effect that can be copied",
                       f"@{orig.seq} nem másolható hatás")
        copier = self.find(a.by, zones=("sor",), player=player, rule="6.05.O") if a.by else None
        targets = tuple(self.find(t, zones=("sor", "jelen", "torony", "csatolt"), rule="5.01.B").uid
                        for t in a.targets) if a.targets else orig.targets
        if a.x is not None and a.x != orig.x:
            raise _ill("MK-TL-COPY", "6.05.O", f"a copy keeps the X of the copied effect ({orig.x})",
                       f"a másolat a másolt hatás X-értékével kerül időfonalba ({orig.x})")
        if a.mode is not None and fold(a.mode) != fold(orig.mode or ""):
            raise _ill("MK-TL-COPY", "6.05.O", "a copy cannot choose a new mode", "a másolatnak nem lehet új módot választani")
        entry = self.new_entry("copy", player, f"{orig.label} (másolat)", source=orig.source,
                               summoner=copier.uid if copier else None, targets=targets, x=orig.x, mode=orig.mode,
                               ops=orig.ops, negative=orig.negative, accept=frozenset(targets) if a.accept else frozenset(),
                               roll=orig.roll, copy_of=orig.seq)
        self.emit("6.05.O", "copy", f"{player} copies @{orig.seq} {orig.label}: no cost is paid and no condition checked; mode {orig.mode!r}, X = {orig.x}"
                  + (f"; new targets: {', '.join(self.state.cards[t].label for t in targets)}" if a.targets else "")
                  + (f"; {copier.label} counts as its summoner" if copier else ""),
                  f"{player} lemásolja: @{orig.seq} {orig.label}: költség és feltétel nélkül; mód {orig.mode!r}, X = {orig.x}"
                  + (f"; új célpont: {', '.join(self.state.cards[t].label for t in targets)}" if a.targets else "")
                  + (f"; leidézőnek {copier.label} számít" if copier else ""))
        self.push(entry)

    # ================================================================ manoeuvres

    def _team(self, player: str, names: Iterable[str], *, antiss: bool = False) -> list[CardState]:
        team: list[CardState] = []
        for name in names:
            try:
                cs = self.find(name, zones=("sor", "jelen"), player=player, rule="4.01.E")
            except IllegalActionError:
                raise _ill("MK-TL-TEAM", "4.01.E", f"{name!r} is not an adventurer in {player}'s Sor",
                           f"{name!r} nem {player} Sorában álló kalandozó") from None
            if cs.ghost is not None:
                raise _ill("MK-TL-GHOST", "11.00.D", f"{cs.label} is a ghost: it is not in the Sor and joins no team",
                           f"{cs.label} szellem: nincs a Sorban, csapatba nem kerülhet")
            if cs.type != "kalandozó" or cs.controller != player:
                raise _ill("MK-TL-TEAM", "4.01.E", f"{cs.label} is not {player}'s adventurer", f"{cs.label} nem {player} kalandozója")
            if cs.state != "éber" and not antiss:
                raise _ill("MK-TL-TEAM", "4.01.E", f"{cs.label} is {cs.state}: only awake adventurers join a team",
                           f"{cs.label} {cs.state}: csak éber kalandozó kerülhet csapatba")
            if cs in team:
                raise _ill("MK-TL-TEAM", "4.01.E", f"{cs.label} is named twice", f"{cs.label} kétszer szerepel")
            team.append(cs)
        return team

    def _maneuver_checks(self, player: str, team: list[CardState], size: int, what: str) -> None:
        if self.state.phase != "manőverek":
            raise _ill("MK-TL-PHASE", "4.01.H", f"manoeuvres start only in the manoeuvres phase (now {self.state.phase})",
                       f"manőver csak a manőverek fázisában indítható (most {self.state.phase})")
        if not team or len(team) > size:
            raise _ill("MK-TL-TEAM-SIZE", "4.01.F", f"a {what} team has 1 to {size} adventurers, not {len(team)}",
                       f"{what} csapat 1–{size} kalandozóból áll, nem {len(team)}")
        self.check_can_add(None, True, what)

    def solve(self, player: str, a: Action) -> None:
        """Send a team to solve a quest (4.01), by expedition (2.03) or on the antiss (8.02)."""
        assert a.card is not None
        quest = self.find(a.card, zones=("jelen",), rule="4.01.A")
        if quest.type != "küldetés":
            raise _ill("MK-TL-QUEST", "4.01.A", f"{quest.label} is not a quest awaiting solution", f"{quest.label} nem megoldásra váró küldetés")
        antiss = fold(quest.card.subtype or "") == "antisskuldetes"
        team = self._team(player, a.team, antiss=antiss)
        self._maneuver_checks(player, team, 3, "quest")
        if antiss:
            self._antiss_checks(player, quest, team)
        x = sem.expedition(quest)
        if quest.expedition_round == self.state.round and self.admits("2.03.e"):
            raise _ill("MK-TL-EXPEDITION", "2.03.e", f"{quest.label} had an expedition this round: it cannot be solved this round",
                       f"{quest.label} ebben a fordulóban expedíció célja volt: nem oldható meg")
        if a.expedition:
            if x is None:
                raise _ill("MK-TL-EXPEDITION", "2.03", f"{quest.label} has no EXPEDÍCIÓ", f"{quest.label} lapon nincs EXPEDÍCIÓ")
            self.require("2.03.b", "an expedition", "expedíció")
        store_level: CardState | None = None
        if sem.is_storage_quest(quest) and not a.expedition:
            if self.admits("1.14.3"):
                store_level = self._storage_slot(player, a.store)
            else:
                self.skip("1.14.3", f"{quest.label} would be stored", f"{quest.label} raktározandó lenne")
        cost = self._quest_cost(player, quest, a.expedition)
        if self.state.players[player].mp < cost:
            raise _ill("MK-TL-MP", "5.01.D", f"{player} cannot pay {cost} MP for the quest", f"{player} nem tudja kifizetni a küldetés {cost} MP-jét")
        # ---- commit
        if antiss:
            self.state.antiss_attempted.add(quest.uid)
            for cs in team:
                self.state.antiss_acted.add(cs.uid)
        for cs in team:
            cs.in_team = True
        self.state.maneuver_team = tuple(cs.uid for cs in team)
        self.emit("4.01.A", "maneuver", f"{player} sends {', '.join(c.label for c in team)} to solve {quest.label}",
                  f"{player} csapata ({', '.join(c.label for c in team)}) elindul: {quest.label}")
        entry = self.new_entry("maneuver", player, f"küldetés: {quest.label}", source=quest.uid,
                               data={"type": "quest", "team": [c.uid for c in team], "expedition": a.expedition,
                                     "store": store_level.uid if store_level else None, "cost": cost, "antiss": antiss})
        self.push(entry, deed=True, mp_bound=True)
        self.state.players[player].last_deed = self.state.round

    def _antiss_checks(self, player: str, quest: CardState, team: list[CardState]) -> None:
        self.require("8.02", "an antiss quest", "antissküldetés")
        if self.state.players[player].antiss_solved >= 1:
            raise _ill("MK-TL-ANTISS", "8.03.A", f"{player} has solved an antiss quest this round", f"{player} ebben a fordulóban már oldott meg antissküldetést")
        if quest.uid in self.state.antiss_attempted:
            raise _ill("MK-TL-ANTISS", "8.03.B", f"{quest.label} has been attempted this round", f"{quest.label} megoldását ebben a fordulóban már megkísérelték")
        wizards = [c for c in team if sem.is_antiss_wizard(self, c)]
        others = [c for c in team if not sem.is_antiss_wizard(self, c)]
        if not wizards:
            raise _ill("MK-TL-ANTISS", "8.02", "an antiss quest is initiated by an antiss-wizard", "antissküldetést antissvarázsló kezdeményez")
        if len(others) > 1 or any(c.state != "pihenő" for c in others) and others:
            raise _ill("MK-TL-ANTISS", "8.02", "an antiss-wizard may take along one resting non-wizard adventurer",
                       "antissvarázsló egy pihenő, nem antissvarázsló kalandozót vihet magával")
        for c in team:
            if c.uid in self.state.antiss_acted:
                raise _ill("MK-TL-ANTISS-ONCE", "8.03.C", f"{c.label} has already acted on the antiss this round",
                           f"{c.label} ebben a fordulóban már cselekedett az antisson")
        self.emit("8.01.A", "antiss", f"antiss-wizards: {', '.join(c.label for c in wizards)}", f"antissvarázslók: {', '.join(c.label for c in wizards)}")
        self.emit("8.02", "antiss", "on the antiss, resting wizards may go, with at most one resting companion",
                  "az antissra pihenő varázslók mehetnek, legfeljebb egy pihenő kísérővel")

    def _storage_slot(self, player: str, name: str | None) -> CardState:
        levels = [self.state.cards[u] for u in self.state.players[player].zones["torony"]]
        free = [lv for lv in levels if not any(sem.is_storage_quest(self.state.cards[u]) for u in lv.attachments)]
        if name is not None:
            chosen = self.find(name, zones=("torony",), player=player, rule="1.14.3")
            if chosen not in free:
                raise _ill("MK-TL-STORAGE", "1.14.3", f"{chosen.label} already stores a quest (one a tower level)",
                           f"{chosen.label} már raktároz küldetést (toronyszintenként egy)")
            return chosen
        if not free:
            raise _ill("MK-TL-STORAGE", "1.14.3", f"{player} has no tower level to store another quest on: it cannot be solved",
                       f"{player} nem tud hova raktározni: újabb raktározandó küldetés nem oldható meg")
        return free[0]

    def _quest_cost(self, player: str, quest: CardState, expedition: bool) -> int:
        base = int(quest.card.mp) if isinstance(quest.card.mp, int) else 0
        if sem.has_osero(quest):
            if self.admits("2.12.b") and sem.controls_aquir_or_dragon(self, player):
                base = 0
        if expedition:
            return 1 if self.options["expedition_cost"] == "instead" else base + 1
        return base

    def _maneuver_quest(self, e: Entry) -> None:
        assert e.source is not None
        quest = self.state.cards[e.source]
        team = [self.state.cards[u] for u in e.data["team"] if self.state.cards[u].zone == "sor"]
        player = e.player
        pl = self.state.players[player]
        cost = e.data["cost"]
        if quest.zone != "jelen":
            self.emit("4.01.A", "fail", f"{quest.label} is gone: the manoeuvre fails", f"{quest.label} nincs már jelen: a manőver sikertelen")
            self._return(team, awake=False)
            return
        if e.data["expedition"]:
            x = sem.expedition(quest) or 0
            pl.mp -= min(cost, pl.mp)
            self.emit("2.03.b", "pay", f"in the payment step {player} spends 1 MP for the expedition ({'instead of' if self.options['expedition_cost'] == 'instead' else 'on top of'} the quest's requirement): {cost} MP",
                      f"a kifizetés lépésben {player} 1 MP-t költ az expedícióra ({'a küldetés MP-igénye helyett' if self.options['expedition_cost'] == 'instead' else 'a küldetés MP-igényén felül'}): {cost} MP")
            self.gain_dp(player, x, "2.03.c", f"EXPEDÍCIÓ {x} instead of the solution", f"EXPEDÍCIÓ {x} a megoldás helyett")
            quest.expedition_round = self.state.round
            self.emit("2.03.d", "stays", f"{quest.label} stays in the Present awaiting solution", f"{quest.label} a Jelenben marad megoldásra váró küldetésként")
            self.emit("2.03.e", "locked", f"{quest.label} cannot be solved this round", f"{quest.label} ebben a fordulóban nem oldható meg")
            self.emit("2.03.f", "success", "a successful leave-row manoeuvre, but not a successful quest solution",
                      "sikeres sorelhagyó manőver, de nem sikeres küldetés megoldás")
            if sem.treasure(quest) is not None and any(sem.keyword(self, c, Kincskereses) for c in team):
                self.emit("2.03", "no-kincs", "the quest was not solved, so Kincskeresés does not send the team home awake",
                          "a küldetést nem oldották meg, ezért a Kincskeresés nem érvényesül")
            self._return(team, awake=False)
            return
        pl.mp -= min(cost, pl.mp)
        if sem.has_osero(quest) and cost == 0 and self.admits("2.12.b"):
            self.emit("2.12.b", "free", f"{player} controls an aquir or dragon adventurer: solving {quest.label} is free",
                      f"{player} aquir vagy sárkány kalandozót irányít: {quest.label} megoldása ingyenes")
        else:
            self.emit("5.01.C", "pay", f"{player} pays {cost} MP for {quest.label} ({pl.mp} left)", f"{player} {cost} MP-t fizet: {quest.label} (marad {pl.mp})")
        awake = False
        treasure = sem.treasure(quest)
        if treasure is not None:
            if self.admits("1.14.14.D"):
                total = sem.team_kincskereses(self, team)
                used = [c.label for c in team if c.kincs_used == self.state.round and sem.keyword(self, c, Kincskereses)]
                if used:
                    self.emit("1.14.14.C", "used", f"Kincskeresés already used this round does not count: {', '.join(used)}",
                              f"az ebben a fordulóban már elhasznált Kincskeresés nem számít: {', '.join(used)}")
                if total >= treasure and total > 0:
                    self.emit("1.14.14.D", "kincs", f"the team's Kincskeresés sums to {total} ≥ Kincs {treasure}: it is used up for the round",
                              f"a csapat Kincskeresése összesen {total} ≥ Kincs {treasure}: a fordulóra elhasználódik")
                    for c in team:
                        c.kincs_used = self.state.round
                    self.emit("1.14.14.B", "kincs", "the team returns to its Sor awake", "a csapat éberen tér vissza Sorába")
                    awake = True
                else:
                    self.emit("1.14.14.D", "kincs", f"the team's Kincskeresés sums to {total} < Kincs {treasure}: not enough, nothing is used up",
                              f"a csapat Kincskeresése összesen {total} < Kincs {treasure}: nem elég, nem használódik el")
            elif any(sem.keyword(self, c, Kincskereses) for c in team):
                self.skip("1.14.14.B", "Kincskeresés would send the team home awake", "a Kincskeresés éberen küldené haza a csapatot")
        if e.data["antiss"]:
            pl.antiss_solved += 1
            self.emit("8.03.A", "antiss", f"{player} solves an antiss quest this round (at most one)", f"{player} antissküldetést old meg (fordulónként egyet)")
        store = e.data.get("store")
        if store is not None:
            level_cs = self.state.cards[store]
            self._attach_to(quest, level_cs)
            self.emit("1.14.3", "store", f"{quest.label} is solved and attached to the tower level {level_cs.label}; it gives DP while stored",
                      f"{quest.label} megoldva, {level_cs.label} toronyszinthez csatolva; raktározva ad DP-t", card=quest.label)
            self.gain_dp(player, quest.card.dp or 0, "1.14.3", f"stored {quest.label}", f"raktározott {quest.label}")
        else:
            self.move(quest, "megoldott", owner_zone=player)
            self.emit("4.01.A", "solved", f"{player} solves {quest.label}", f"{player} megoldja: {quest.label}", card=quest.label)
            self.gain_dp(player, quest.card.dp or 0, "4.01.A", quest.label, quest.label)
        on_solve = self.effects_of(quest).on_solve
        self._return(team, awake=awake)
        if on_solve:
            tl = self.open_timeline("timed", player)
            entry = self.new_entry("timed", player, f"{quest.label}: megoldásakor", source=quest.uid, ops=on_solve)
            tl.entries.append(entry)
            self.state.maneuver_team = tuple(c.uid for c in team)
            self.emit("6.02", "add", f"@{entry.seq} the timed effect of {quest.label} enters timeline {tl.number}",
                      f"@{entry.seq} {quest.label} időzített hatása a(z) {tl.number}. időfonalba kerül", entry=entry.seq)

    def _return(self, team: list[CardState], awake: bool) -> None:
        for c in team:
            c.in_team = False
            if c.zone == "sor" and c.state != "sérült":
                c.state = "éber" if awake else "pihenő"
        if team and not awake:
            self.emit("4.01.G", "return", f"{', '.join(c.label for c in team)} return to the Sor resting",
                      f"{', '.join(c.label for c in team)} pihenő helyzetben tér(nek) vissza a Sorba")
        self.state.maneuver_team = ()
        self.state.active = None

    def siege(self, player: str, a: Action) -> None:
        """Siege the lowest tower level of an opponent (4.01.A, FAL 2.01.b)."""
        target_player = self.player(a.against) if a.against else (self.opponents(player) or [player])[0]
        if target_player == player:
            raise _ill("MK-TL-SELF", "4.01.C", "nobody sieges their own tower", "saját tornyát senki nem ostromolhatja")
        team = self._team(player, a.team)
        self._maneuver_checks(player, team, 3, "siege")
        levels = list(self.state.players[target_player].zones["torony"])
        if not levels:
            raise _ill("MK-TL-SIEGE", "4.01.A", f"{target_player} has no tower level", f"{target_player} nem rendelkezik toronyszinttel")
        blockers = self._team(target_player, a.blockers) if a.blockers else []
        self._start_contest(player, team, blockers, self.state.cards[levels[0]], "siege")

    def capture(self, player: str, a: Action) -> None:
        """Capture an opponent's building (4.01.A, FAL 2.01.b)."""
        assert a.card is not None
        building = self.find(a.card, zones=("jelen",), rule="4.01.A")
        if building.type != "építmény":
            raise _ill("MK-TL-CAPTURE", "4.01.A", f"{building.label} is not a building", f"{building.label} nem építmény")
        if building.controller == player:
            raise _ill("MK-TL-SELF", "4.01.C", "nobody captures their own building", "saját építményét senki nem veheti be")
        team = self._team(player, a.team)
        size = int(building.attr("attackers", 3) or 3)
        self._maneuver_checks(player, team, size, "capture")
        blockers = self._team(building.controller or building.owner, a.blockers) if a.blockers else []
        self._start_contest(player, team, blockers, building, "capture", keep=a.keep)

    def _start_contest(self, player: str, team: list[CardState], blockers: list[CardState], obj: CardState,
                       kind: str, keep: str | None = None) -> None:
        for c in team + blockers:
            c.in_team = True
        self.state.maneuver_team = tuple(c.uid for c in team)
        self.emit("4.01.A", "maneuver", f"{player} sends {', '.join(c.label for c in team)} against {obj.label}",
                  f"{player} csapata ({', '.join(c.label for c in team)}) elindul: {obj.label}")
        entry = self.new_entry("maneuver", player, f"{'ostrom' if kind == 'siege' else 'bevétel'}: {obj.label}", source=obj.uid,
                               data={"type": "contest", "kind": kind, "team": [c.uid for c in team],
                                     "blockers": [c.uid for c in blockers], "keep": keep})
        self.push(entry, deed=True, mp_bound=True)

    def _maneuver_contest(self, e: Entry) -> None:
        assert e.source is not None
        obj = self.state.cards[e.source]
        team = [self.state.cards[u] for u in e.data["team"] if self.state.cards[u].zone == "sor"]
        blockers = [self.state.cards[u] for u in e.data["blockers"] if self.state.cards[u].zone == "sor"]
        attack = sum(sem.level(self, c) for c in team)
        wall = sem.fal(obj)
        block = sum(sem.level(self, c) for c in blockers)
        total = block + wall
        self.emit("2.01.b", "fal", f"obstructing value: team level {block} + FAL {wall} = {total}; initiating team level {attack}",
                  f"akadályozó érték: csapatszint {block} + FAL {wall} = {total}; kezdeményező csapatszint {attack}")
        won = attack > total or (attack == total and self.options["siege_tie"] == "attacker")
        if won and e.data["kind"] == "siege":
            self.emit("4.01.A", "siege", f"the siege succeeds: {obj.label} falls", f"az ostrom sikeres: {obj.label} elesik", card=obj.label)
            self.to_past(obj)
        elif won:
            old = obj.controller
            obj.controller = e.player
            self.move(obj, "jelen")
            self.emit("4.01.A", "capture", f"the capture succeeds: {e.player} takes {obj.label} from {old}",
                      f"a bevétel sikeres: {e.player} megszerzi {obj.label} lapot", card=obj.label)
            if sem.one_such_building(obj):
                self._one_building(obj, e.player, e.data.get("keep"))
        else:
            self.emit("4.01.A", "fail", "the manoeuvre fails", "a manőver sikertelen")
        self._return(team + blockers, awake=False)

    # ================================================================ phases and rounds

    def phase(self, name: str) -> None:
        antiss = fold(name) in ("antissharc", "antiss combat")
        canon = "harci kör" if antiss else phase_named(name)
        if antiss:
            self.require("8.03.E", "antiss combat", "antissharc")
        if canon is None:
            raise _ill("MK-TL-PHASE", "6.03", f"unknown phase {name!r}", f"ismeretlen fázis: {name!r}")
        if any(tl.entries for tl in self.state.timelines):
            raise _ill("MK-TL-PHASE", "6.03", "a phase cannot end while its timeline has entries: unwind first",
                       "a fázis nem érhet véget, amíg időfonalában bejegyzés van: előbb visszafejtés")
        for tl in list(self.state.timelines):
            self.close(tl)
        self.state.phase = canon
        self.state.antiss_combat = antiss
        self.emit("6.03", "phase", f"phase: {canon}", f"fázis: {canon}")
        if antiss:
            self.emit("8.03.E", "antiss", "antiss combat: antiss-wizards may play any combat action card; one who would die returns to Sor wounded",
                      "antissharc: antissvarázsló bármely harci akciólapot kijátszhat; aki meghalna, sérülten tér vissza a Sorba")
        is_tl, kind = PHASES[canon]
        if is_tl:
            self.open_timeline(kind, canon)

    def end_round(self) -> None:
        """Forduló zárása, then a new round (resource phase: ready adventurers, gain MP)."""
        if any(tl.entries for tl in self.state.timelines):
            raise _ill("MK-TL-PHASE", "6.03", "the round cannot close while a timeline has entries", "a forduló nem zárulhat, amíg időfonalban bejegyzés van")
        for tl in list(self.state.timelines):
            self.close(tl)
        self.state.phase = "forduló zárása"
        self.emit("6.03", "phase", f"round {self.state.round} closes", f"a(z) {self.state.round}. forduló zárása")
        for cs in list(self.state.cards.values()):
            if cs.ghost is not None:
                cs.ghost -= 1
                if cs.ghost <= 0:
                    self.emit("11.00.C", "ghost", f"the ghost {cs.label} has spent its rounds in the Present and leaves it",
                              f"{cs.label} szellem letöltötte fordulóit a Jelenben, és elhagyja", card=cs.label)
                    self.to_past(cs)
                else:
                    self.emit("11.00.C", "ghost", f"the ghost {cs.label} stays; {cs.ghost} round(s) left",
                              f"{cs.label} szellem marad; még {cs.ghost} forduló", card=cs.label)
        self.state.round += 1
        self.state.antiss_attempted.clear()
        self.state.antiss_acted.clear()
        for p in self.state.players.values():
            p.antiss_solved = 0
        if self.admits("1.14.14.C") and any(c.kincs_used is not None for c in self.state.cards.values()):
            self.emit("1.14.14.C", "reset", "a new round: every Kincskeresés may apply once again",
                      "új forduló: minden Kincskeresés újra érvényesülhet egyszer")
        gain = int(self.options["resource_mp"])
        self.emit("6.03", "phase", f"round {self.state.round}: resource phase; adventurers ready; each player gains {gain} MP",
                  f"{self.state.round}. forduló: erőforrás fázis; a kalandozók visszafordulnak; mindenki {gain} MP-t kap")
        for cs in self.state.cards.values():
            if cs.zone == "sor" and cs.type == "kalandozó":
                cs.state = {"pihenő": "éber", "sérült": "pihenő"}.get(cs.state, cs.state)
        for p in self.state.players.values():
            p.mp += gain
        self.state.phase = "manőverek"
        self.state.active = None
        self.state.sor_passed.clear()

    # ================================================================ judge's events

    def kill(self, a: Action) -> None:
        assert a.card is not None
        cs = self.find(a.card, zones=("sor", "jelen"), rule="6.00")
        self.emit("6.00", "kill", f"{cs.label} dies", f"{cs.label} meghal", card=cs.label)
        self.die(cs)

    def sacrifice(self, player: str, a: Action) -> None:
        assert a.card is not None
        cs = self.find(a.card, zones=("sor", "jelen", "torony"), player=player, rule="6.00")
        self.emit("11.00.E" if sem.ghost_rounds(self, cs) and self.admits("11.00.E") else "6.00", "sacrifice",
                  f"{player} sacrifices {cs.label}", f"{player} feláldozza: {cs.label}", card=cs.label)
        self.die(cs)

    def damage(self, a: Action) -> None:
        assert a.card is not None and a.amount is not None
        cs = self.find(a.card, zones=("sor",), rule="6.00")
        if a.amount < 0:
            raise _ill("MK-TL-DAMAGE", "6.00", "damage cannot be negative", "a sebzés nem lehet negatív")
        self._damage(cs, a.amount, "6.00")
        if not self.state.timelines:
            lvl = sem.level(self, cs)
            if cs.damage >= lvl:
                self.emit("6.00", "dies", f"{cs.label} has {cs.damage} damage against level {lvl} and dies",
                          f"{cs.label} {cs.damage} sebzést kapott {lvl} szinttel szemben, és meghal", card=cs.label)
                self.die(cs)

    def take(self, player: str, a: Action) -> None:
        """An effect gives *player* control of a card (1.14.4, 3.01.G)."""
        assert a.card is not None
        cs = self.find(a.card, zones=("jelen", "torony", "sor"), rule="6.00")
        if cs.controller == player:
            raise _ill("MK-TL-CONTROL", "6.00", f"{player} already controls {cs.label}", f"{player} már irányítja: {cs.label}")
        old = cs.controller
        cs.controller = player
        zone = cs.zone
        self.move(cs, zone)
        self.emit("6.00", "control", f"{player} gains control of {cs.label} from {old}", f"{player} megszerzi {cs.label} irányítását", card=cs.label)
        if cs.type == "toronyszint":
            for uid in list(cs.attachments):
                att = self.state.cards[uid]
                self.move(att, "mult")
                self.emit("3.01.G", "falls", f"{att.label} falls off {cs.label}", f"{att.label} leesik {cs.label} lapról", card=att.label)
            dropped = sum(cs.counters.values())
            if dropped:
                cs.counters.clear()
                self.emit("3.01.G", "falls", f"{dropped} counter(s) fall off {cs.label}", f"{dropped} jelző leesik {cs.label} lapról")
        if cs.type == "építmény" and sem.one_such_building(cs):
            self._one_building(cs, player, a.keep)

    # ================================================================ dispatch

    def apply(self, player: str | None, a: Action) -> None:
        """Apply one action for *player* (None: the active player, or the engine's own step)."""
        verb = a.verb
        if verb == "unwind":
            self.unwind(a.count)
            return
        if verb == "phase":
            assert a.card is not None
            self.phase(a.card)
            return
        if verb == "end_round":
            self.end_round()
            return
        if verb == "kill":
            self.kill(a)
            return
        if verb == "damage":
            self.damage(a)
            return
        who = self.player(player)
        if verb == "pass":
            self.pass_(who)
        elif verb == "summon":
            self.summon(who, a)
        elif verb == "activate":
            self.activate(who, a)
        elif verb == "attach":
            self.attach(who, a)
        elif verb == "build":
            self.build(who, a)
        elif verb == "neutralise":
            self.neutralise(who, a)
        elif verb == "copy":
            self.copy(who, a)
        elif verb == "solve":
            self.solve(who, a)
        elif verb == "siege":
            self.siege(who, a)
        elif verb == "capture":
            self.capture(who, a)
        elif verb == "sacrifice":
            self.sacrifice(who, a)
        elif verb == "take":
            self.take(who, a)
        else:  # pragma: no cover - the grammar has no other verbs
            raise _ill("MK-TL-VERB", "6.00", f"unknown verb {verb!r}", f"ismeretlen ige: {verb!r}")
