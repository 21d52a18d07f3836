"""The table: the game state, its zones and lookups, the trace writer, and the card lifecycle.

:class:`Table` holds the :class:`~.model.GameState` with the scenario's rules
format and options, and does what every part of the engine needs: writing a
trace step (and whether the format admits a rule), finding cards and players,
moving cards between zones, the active player, and a card leaving the Present
(deaths, ghosts 11.00, storage quests 1.14.3), damage and DP.

Every other part of the engine (:class:`Part`) works on one shared table.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping
from typing import TYPE_CHECKING, Any, Final

from ....base.i18n import part
from ....base.text import fold
from ....data.behaviour import Behaviour
from ....data.cards import Card
from . import semantics as sem
from .enums import CSATOLT, JELEN, JOVO, KIVUL, MEGOLDOTT, MELYSEG, MULT, SOR, TORONY, Phase, Zone
from .model import CardState, GameState, Player
from .rules import FORMATS, RULES, Format, resolve_options
from .seating import Seating, seating_for
from .trace import NO_ARGS, TraceEvent, refused, word_args

if TYPE_CHECKING:
    from .ending import Ending

__all__ = ["Part", "Table"]

#: a named tuple made from the tuple of its fields, in their order (what its ``_make`` does): compiled, a named
#: tuple's constructor and its ``_make`` are Python functions, this is not (a trace step is made ~2,000 times a game)
_TUPLE_OF: Final = tuple.__new__
#: how many names a table keeps folded (:meth:`Table.find`): a game has a few hundred
_FOLDS_KEPT: Final = 4096


class Table:
    """The game as it lies on the table; see the module docstring."""

    def __init__(self, fmt: Format | None = None, options: Mapping[str, str] | None = None,
                 effects: Mapping[str, Behaviour] | None = None, variant: str | None = None,
                 variant_options: Mapping[str, object] | None = None, *, state: GameState | None = None) -> None:
        self.format = fmt or FORMATS["korfordulo"]
        self.options = resolve_options(options)
        #: the options given (the rest are defaults), as a record of the game writes them
        self.given_options = {str(k): str(v) for k, v in (options or {}).items()}
        #: what cards do in this game beyond their set files: folded label or name -> behaviour
        self.overrides: dict[str, Behaviour] = {fold(k): v for k, v in (effects or {}).items()}
        #: the game state: a new game's, or the one given (a copy of a game, :meth:`~.engine.Engine.copy`)
        self.state = state if state is not None else GameState(players={})
        #: the players' names folded (the first of those that fold alike), for the players dict it was made of, and
        #: the names asked so far with the player each named
        self._players_folded: tuple[dict[str, Player], int, dict[str, str], dict[str, str]] = ({}, 0, {}, {})
        #: (card, behaviour) by identity -> the two and the static facts their card states share (:meth:`CardState.fact`:
        #: what a card's printed text and behaviour decide is worked out once for every copy of it)
        self._facts: dict[tuple[int, int], tuple[Card, Behaviour, dict[Hashable, Any]]] = {}
        #: folded label and name -> card uids, so that a lookup does not scan every card
        self._by_name: dict[str, list[int]] = {}
        #: a name asked for -> its folded form (:meth:`find`, thousands of times a game, for the game's few names)
        self._folds: dict[str, str] = {}
        #: the cards in view and by zone (:meth:`in_view`), as they stood at the state's ``zone_changes``
        self._view: tuple[int, tuple[CardState, ...], dict[str, tuple[CardState, ...]]] = (-1, (), {})
        #: trace steps written by an action's checks, kept until its commit point (then traced, or dropped
        #: with a refusal); None outside an action
        self._pending: list[tuple[str, str, str, str, Mapping[str, Any], tuple[tuple[str, Any], ...]]] | None = None
        #: True while an action is only probed (legal actions): its handler returns at its commit point (:meth:`checked`)
        self.probing = False
        #: True once the action under way has passed its commit point (a refusal after it is a bug)
        self.committed = False
        #: called when a card becomes wounded (the engine fires its timed effects)
        self.on_wounded: Callable[[CardState], None] | None = None
        #: called on an event that timed effects may wait for (``dies``, ``wakes``; the engine fires them, 6.02)
        self.on_event: Callable[[str, CardState], None] | None = None
        #: called when a player searches (the engine fires its opponents' "opponent searches" triggers)
        self.on_search: Callable[[str], None] | None = None
        #: the card database by name, for the token cards effects put into play (``token "Name"``); set by
        #: whoever builds the game (a scenario: its own cards, then the database)
        self.lookup: Callable[[str], Card | None] | None = None
        rules = None
        if variant is not None:
            # lazy: the victory rules are read only for a played game
            from ..victory import load_variants

            rules = load_variants().get(variant)
        #: who plays with and against whom, and the active player: the variant's seating rules
        self.seating: Seating = seating_for(self, rules, variant_options)
        #: a played game's victory checks (the variant named); None for a ruling that is not played out
        self.ending: Ending | None = None
        if rules is not None:
            # lazy: the victory rules are read only for a played game
            from .ending import Ending

            self.ending = Ending(self, self.seating, rules, dict(variant_options or {}))

    # ---------------------------------------------------------------- trace and format

    def emit(self, rule: str, event: str, key: str, args: Mapping[str, Any] = NO_ARGS, /, **data: Any) -> None:
        """Append one trace step: its message the catalogue template *key* (``MK-TL-…``) with *args*, said
        only when the line is read; *data* what the line names (``card=…``); *rule* must be a known rule id."""
        status = RULES[rule].status
        items = tuple(data.items()) if len(data) < 2 else tuple(sorted(data.items()))
        if self._pending is not None:
            self._pending.append((rule, status, event, key, args, items))
            return
        trace = self.state.trace
        trace.append(_TUPLE_OF(TraceEvent, (len(trace) + 1, rule, status, event, key, args, items)))

    def begin(self) -> None:
        """An action starts: what its checks trace waits for its commit point."""
        self._pending = []
        self.committed = False

    def checked(self) -> bool:
        """An action's commit point: every rule that could refuse it has been checked; nothing has
        changed yet.  True while the action is only probed: its handler returns at once (``if
        self.table.checked(): return``), and so does every caller up to the engine's dispatch, which calls each
        handler last (a return, not an exception: compiled, an exception costs a traceback entry in every frame it
        leaves).  False for a real action, whose checks' steps are traced now."""
        self.committed = True
        if self.probing:
            return True
        pending, self._pending = self._pending, None
        if pending:
            trace = self.state.trace
            n = len(trace)
            trace.extend([_TUPLE_OF(TraceEvent, (n + i, *step)) for i, step in enumerate(pending, 1)])
        return False

    def end(self, refused: bool) -> None:
        """An action ends: a refused one leaves no trace step; one without a commit point traces its steps."""
        if refused:
            self._pending = None
        elif self._pending is not None:
            self.checked()  # not probing: the steps are traced

    def admits(self, rule: str) -> bool:
        return self.format.admits(RULES[rule].status)

    def require(self, rule: str, key: str, /, **args: Any) -> None:
        """Refuse an action that needs an archived rule the format does not admit: the action is the
        catalogue template *key* (``MK-TL-WHAT.…``) with *args*."""
        if not self.admits(rule):
            raise refused("MK-TL-ARCHIVED.needs", rule, what=part(key, **args), format=self.format.key)

    def cite(self, archived: str, current: str) -> str:
        """The rule to cite for a reading korbiro applies in every format though its figure stands only on
        the archived page (the siege's 2 MP of 12.00.5.4): that rule where the format admits it, else the
        current rule it fills in."""
        return archived if self.admits(archived) else current

    def skip(self, rule: str, key: str, /, **args: Any) -> None:
        """Note an archived rule that would apply here but the format does not admit: what it would do is the
        catalogue template *key* with *args*."""
        self.emit(rule, "not-applied", "MK-TL-TRACE.not-applied", {"what": part(key, **args), "format": self.format.key})

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
                       state, damage, dict(counters or {}), hidden=hidden, ghost=ghost,
                       behaviour=self.behaviour_of(card, label or card.name))
        self.state.cards[uid] = cs
        self.state.zone_changes += 1
        shared = self._facts.get((id(card), id(cs.behaviour)))
        if shared is None or shared[0] is not card or shared[1] is not cs.behaviour:
            shared = self._facts[id(card), id(cs.behaviour)] = (card, cs.behaviour, {})
        cs.facts = shared[2]
        if cs.behaviour.constant:
            self.state.constant_uids.append(uid)
        if cs.behaviour.triggers:
            self.state.trigger_uids.append(uid)
        self._by_name.setdefault(fold(cs.label), []).append(uid)
        if fold(card.name) != fold(cs.label):
            self._by_name.setdefault(fold(card.name), []).append(uid)
        holder = cs.controller if zone in (SOR, JELEN, TORONY, MEGOLDOTT) and cs.controller else owner
        self.state.players[holder].zones[zone][uid] = None
        if zone == TORONY or (card.type == "toronyszint" and zone in (MULT, MELYSEG)):
            self.state.towers_stood = True  # a tower level of the setup's Múlt or Mélység has fallen
        if attached_to is not None:
            host = self.state.cards[attached_to]
            host.attachments.append(uid)
            cs.attached_to = attached_to
            if sem.csatlos(cs) is not None and host.type == "kalandozó":
                cs.controller = None
        return cs

    def behaviour_of(self, card: Card, label: str) -> Behaviour:
        """What *card* does here: the scenario's ``effects:`` for its label or name, else its set file's."""
        return self.overrides.get(fold(label)) or self.overrides.get(fold(card.name)) or card.behaviour

    def find(self, name: str, *, zones: Collection[str] | None = None, player: str | None = None,
             rule: str = "5.01.B") -> CardState:
        """The card called *name* (its label, else its name, accent-insensitive) in *zones*."""
        wanted = self._folds.get(name)
        if wanted is None:
            wanted = fold(name)
            if len(self._folds) < _FOLDS_KEPT:  # a long-lived table (the web app's) asked for any name it is sent
                self._folds[name] = wanted
        best: CardState | None = None
        cards = self.state.cards
        for uid in self._by_name.get(wanted, ()):
            cs = cards[uid]
            if zones is not None and cs.zone not in zones:
                continue
            if player is not None and cs.owner != player and cs.controller != player:
                continue
            if cs.folded_label == wanted:
                return cs
            if best is None and cs.folded_name == wanted:
                best = cs
        if best is None:
            where = f" in {', '.join(sorted(set(zones)))}" if zones else ""
            raise refused("MK-TL-NO-CARD.card", rule, name=name, where=where)
        return best

    def sole_bearer(self, cs: CardState) -> bool:
        """Whether no other card bears *cs*'s label, as its label or its name: :meth:`find` by that label finds
        *cs* wherever it looks for it (a zone and player *cs* is in)."""
        bearers = self._by_name.get(cs.folded_label)
        return bearers is not None and len(bearers) == 1 and bearers[0] == cs.uid

    def player(self, name: str | None) -> str:
        if name is None:
            return self.active_player()
        players = self.state.players
        known = self._players_folded
        if known[0] is not players or known[1] != len(players):
            folded: dict[str, str] = {}
            for p in players:
                folded.setdefault(fold(p), p)  # the first seated of players whose names fold alike
            known = self._players_folded = (players, len(players), folded, {})
        found = known[3].get(name)
        if found is not None:
            return found
        found = known[2].get(fold(name))
        if found is not None:
            known[3][name] = found
            return found
        raise refused("MK-TL-NO-PLAYER.player", "1.01", name=name)

    def opponents(self, player: str) -> list[str]:
        """The players still in the game who play against *player* (not a partner or an ally, 12.00)."""
        return self.seating.opponents(player)

    def move(self, cs: CardState, zone: str, owner_zone: str | None = None) -> None:
        """Move a card to *zone* of its owner (controller for the Present)."""
        holder = cs.owner
        if zone in (SOR, JELEN, TORONY, MEGOLDOTT) and cs.controller:
            holder = cs.controller
        kept = self._view[0] == self.state.zone_changes  # the cards in view are current: kept up to date below
        left = cs.zone
        for p in self.state.players.values():
            p.zones[cs.zone].pop(cs.uid, None)
        if cs.attached_to is not None and zone != CSATOLT:
            host = self.state.cards[cs.attached_to]
            if cs.uid in host.attachments:
                host.attachments.remove(cs.uid)
            cs.attached_to = None
        cs.zone = zone
        self.state.players[owner_zone or holder].zones[zone][cs.uid] = None
        self.state.zone_changes += 1
        if kept:
            self._view = self._moved(cs, left, zone)
        if zone == TORONY:
            self.state.towers_stood = True

    def in_view(self) -> tuple[tuple[CardState, ...], dict[str, tuple[CardState, ...]]]:
        """The cards in view (none in a Jövő pakli, none out of the game) in the order they came into the game
        (their ids'), and by zone in the same order: what the legal-action listing looks at.  Gathered from the
        players' zones (most of a game's cards are in a Jövő pakli), and kept until a card changes zones
        (the state's ``zone_changes``: a listing after a pass finds them as they were); :meth:`move` keeps them up
        to date, whatever else moves a card has them gathered again."""
        changes = self.state.zone_changes
        if self._view[0] == changes:
            return self._view[1], self._view[2]
        cards = self.state.cards
        uids: list[int] = []
        for p in self.state.players.values():
            for zone, held in p.zones.items():
                if zone != JOVO and zone != KIVUL:
                    for uid in held:  # one by one: compiled, a list extended by a dict copies the dict first
                        uids.append(uid)
        uids.sort()
        seen = [cards[uid] for uid in uids]
        zones: dict[str, list[CardState]] = {}
        for cs in seen:
            found = zones.get(cs.zone)
            if found is None:
                zones[cs.zone] = [cs]
            else:
                found.append(cs)
        self._view = (changes, tuple(seen), {zone: tuple(held) for zone, held in zones.items()})
        return self._view[1], self._view[2]

    def _moved(self, cs: CardState, left: str, entered: str) -> tuple[int, tuple[CardState, ...],
                                                                    dict[str, tuple[CardState, ...]]]:
        """The cards in view once *cs* has moved from the zone *left* to *entered*, made from those before (a move
        changes two zones' cards; gathering them all again takes ten times as long)."""
        _, cards, zones = self._view
        was = left != JOVO and left != KIVUL
        now = entered != JOVO and entered != KIVUL
        zones = dict(zones)
        if was:
            held = tuple([c for c in zones[left] if c is not cs])
            if held:
                zones[left] = held
            else:
                del zones[left]
            if not now:
                cards = tuple([c for c in cards if c is not cs])
        if now:
            zones[entered] = _with(zones.get(entered, ()), cs)
            if not was:
                cards = _with(cards, cs)
        return self.state.zone_changes, cards, zones

    def in_sor(self, cs: CardState) -> bool:
        return cs.zone == Zone.SOR and cs.ghost is None and cs.type == "kalandozó"

    def active_player(self) -> str:
        """The player with the most MP (ties: the one set first); 12.00 in the archived format."""
        return self.seating.active_player()

    def make_active(self, player: str | None, why: str | None = None) -> None:
        """*player* is the active player, for the reason *why* (:data:`~.seating.TURN_RULES`); None: the
        active player is worked out again (the most MP, 12.00)."""
        self.state.active = player
        self.state.active_by = why if player is not None else None

    def after_deed(self, player: str, spent_mp: bool) -> None:
        """Who is active after a deed (12.00.B: one who spent no MP stays active)."""
        self.state.sor_passed.clear()
        many = len(self.seated()) > 2 and self.admits("12.00")
        if many and not spent_mp and self.state.phase == Phase.MANEUVERS and player in self.seating.in_turn_order():
            self.make_active(player, "stays")
            self.emit("12.00.B", "active", "MK-TL-TRACE.active-spent-mp-stays", {"player": player})
            return
        self.make_active(None)

    def die(self, cs: CardState, how: str = "meghal") -> None:
        """A card leaves the Present: an adventurer with a ghost ability stays as a ghost
        (11.00.E); one in antiss combat returns wounded (8.03.E); else Múlt.  A death (*how* ``meghal``, not a
        sacrifice) is an event timed effects wait for (``at: dies``, 6.02), fired while the card is still there."""
        if cs.type == "kalandozó" and self.state.antiss_combat and self.admits("8.03.E"):
            cs.state, cs.damage = "sérült", 0
            self.emit("8.03.E", "antiss", "MK-TL-TRACE.antiss-would-die-combat", {"card": cs.label}, card=cs.label)
            self.wounded(cs)
            return
        if how == "meghal":
            self.event("dies", cs)
        rounds = sem.ghost_rounds(self.state, cs) if cs.type == "kalandozó" and cs.ghost is None else None
        if rounds is not None:
            if self.admits("11.00.E"):
                self.move(cs, JELEN)
                cs.ghost, cs.state, cs.damage, cs.in_team = rounds, "éber", 0, False
                self.emit("11.00.E", "ghost", "MK-TL-TRACE.ghost-does-not-leave", {"card": cs.label}, card=cs.label)
                self.emit("11.00.C", "ghost", "MK-TL-TRACE.ghost-stays-round-counting", {"card": cs.label, "rounds": rounds, "round": self.state.round},
                          card=cs.label, rounds=rounds)
                return
            self.skip("11.00.E", "MK-TL-SKIP.would-stay-ghost", card=cs.label)
        self.to_past(cs)

    def seated(self) -> list[str]:
        """The players still in the game (12.00.D), in the order they were seated."""
        return [p.name for p in self.state.players.values() if not p.out]

    def drop_out(self, player: str) -> None:
        """*player* is out of the game (12.00.D): every card whose player they are leaves the game, the
        cards they control included, but not their cards another player controls (korbiro's reading of
        "A többi játékos által irányított lapnak nem a kieső játékos a játékosa")."""
        pl = self.state.players[player]
        if pl.out:
            return
        pl.out = True
        gone = [cs for cs in self.state.cards.values() if (cs.controller or cs.owner) == player and cs.zone != Zone.KIVUL]
        for cs in gone:
            if cs.attached_to is not None:
                host = self.state.cards[cs.attached_to]
                host.attachments = [u for u in host.attachments if u != cs.uid]
                cs.attached_to = None
            cs.attachments = [u for u in cs.attachments if self.state.cards[u].owner == player]
            self.state.constant_uids = [u for u in self.state.constant_uids if u != cs.uid]
            self.move(cs, KIVUL)
        self.emit("12.00.D", "out", "MK-TL-TRACE.out-game-card-theirs", {"player": player, "n_gone": len(gone)}, player=player)
        # nobody waits for a player who is out: not as the active player, not for their pass
        if self.state.active == player:
            self.state.active = None
        self.state.sor_passed = [p for p in self.state.sor_passed if p != player]
        seats = self.state.seats
        if seats.omen_run == player:
            seats.omen_run = None

    def leave_team(self, cs: CardState) -> None:
        """A card leaves the manoeuvre it is in (initiating or obstructing team); it stays in its Sor."""
        cs.in_team = False
        self.state.maneuver_team = tuple(u for u in self.state.maneuver_team if u != cs.uid)
        self.state.maneuver_blockers = tuple(u for u in self.state.maneuver_blockers if u != cs.uid)

    def wins(self, player: str, why: str) -> None:
        """*player* wins the game by a card's text (its ``wins:`` condition holds, or an effect says so)."""
        if self.state.winner is not None:
            return
        self.state.winner = (player, why)
        if self.seating.card_win_knocks_out:
            return  # the win becomes a knock-out (12.00.3.D), which the victory check traces
        self.emit("1.01", "wins", "MK-TL-TRACE.wins-game", {"player": player, "why": why}, player=player)

    def check_wins(self, cs: CardState) -> None:
        """A card whose ``wins:`` condition now holds wins the game for its controller."""
        cond = cs.behaviour.wins
        if cond is None or cs.zone not in (SOR, JELEN, TORONY, CSATOLT):
            return
        if sem.condition_holds(self.state, cs, cond):
            self.wins(sem.controller(self.state, cs), f"{cs.label}: {cond.render()} (its text)")

    def wounded(self, cs: CardState) -> None:
        """*cs* has become wounded: its timed effects of that moment fire (``at: wounded``)."""
        if self.on_wounded is not None:
            self.on_wounded(cs)

    def event(self, moment: str, cs: CardState) -> None:
        """*moment* happens to *cs* (``dies``, ``wakes``): the timed effects waiting for it fire (6.02)."""
        if self.on_event is not None:
            self.on_event(moment, cs)

    def awake(self, cs: CardState) -> None:
        """*cs* turns awake; if it was not, that is the event ``wakes`` (6.02)."""
        was = cs.state
        cs.state = "éber"
        if was != "éber":
            self.event("wakes", cs)

    def to_past(self, cs: CardState, zone: str = MULT) -> None:
        for uid in list(cs.attachments):
            att = self.state.cards[uid]
            self.move(att, zone)
            self.emit("3.01.G" if cs.type == "toronyszint" else "6.00", "falls",
                      "MK-TL-TRACE.falls-attached-goes", {"att": att.label, "card": cs.label, **word_args("value", "goes-to", MULT if zone == MULT else MELYSEG)},
                      card=att.label)
            if sem.is_storage_quest(att) and self.admits("1.14.3"):
                self.gain_dp(att.owner, -(att.card.dp or 0), "1.14.3", part("MK-TL-WHY.stored-destroyed", att=att.label))
        cs.ghost, cs.in_team, cs.damage = None, False, 0
        if zone == MULT and cs.behaviour.destroyed == MELYSEG:
            zone = MELYSEG
            self.emit("6.00", "leaves", "MK-TL-TRACE.leaves-text-sends-melyseg", {"card": cs.label}, card=cs.label)
        self.leave_team(cs)
        self.move(cs, zone)
        self.emit("6.00", "leaves", "MK-TL-TRACE.leaves-goes", {"card": cs.label, **word_args("value", "goes-to", MULT if zone == MULT else MELYSEG)}, card=cs.label)

    def gain_dp(self, player: str, amount: int, rule: str, why: str | Mapping[str, Any]) -> None:
        """Change a DP total; below 0 only with 1.10.B (archived) or ``negative_dp=allow``.  *why*: a card's
        name, or a message part (:func:`~korbiro.base.i18n.part`)."""
        p = self.state.players[player]
        new = p.dp + amount
        if new < 0:
            if self.admits("1.10.B"):
                self.emit("1.10.B", "dp", "MK-TL-TRACE.dp-may-negative", {"player": player, "new": new})
            elif self.options["negative_dp"] == "floor":
                self.skip("1.10.B", "MK-TL-SKIP.dp-would-stays", player=player, new=new)
                new = 0
        p.dp = new
        self.emit(rule, "dp", "MK-TL-TRACE.dp", {
            "player": player, **word_args("gains", "gains", "gains" if amount >= 0 else "loses"),
            "amount": abs(amount), "why": why, "new": new},
                  player=player, dp=new)

    def add_damage(self, cs: CardState, amount: int, rule: str) -> None:
        cs.damage += amount
        self.emit(rule, "damage", "MK-TL-TRACE.damage-takes-all", {"card": cs.label, "amount": amount, "damage": cs.damage}, card=cs.label, damage=cs.damage)

    def expire(self, period: str) -> None:
        """What lasts "until the end of the manoeuvre" (its changes), and the suppressions of *period* (combat,
        manoeuvre, round), end (6.00); the round's end ends every suppression that is not permanent.  (The
        changes until the combat or the round end with :meth:`Rounds._expire`.)"""
        def ends(until: str) -> bool:
            return until != "permanent" and (until == period or period == "round")

        ending = [t for t in self.state.timed if t.until == "maneuver" and period in ("maneuver", "round")]
        gone = [t for t in self.state.suppressions if ends(t.until)]
        self.state.timed = [t for t in self.state.timed if t not in ending]
        self.state.suppressions = [t for t in self.state.suppressions if t not in gone]
        if not ending and not gone:
            return
        name = part(f"MK-TL-PERIOD.{period}")
        for t in ending + gone:
            card = self.state.cards[t.uid]
            amount = f"{t.amount:+d}" if t in ending else ""
            self.emit("6.00", "expires", "MK-TL-EFFECT.expires",
                      {"period": name, "card": card.label, "stat": t.stat, "amount": amount, "source": t.source},
                      card=card.label)

    def attach_to(self, cs: CardState, host: CardState) -> None:
        self.move(cs, CSATOLT, owner_zone=cs.owner)
        host.attachments.append(cs.uid)
        cs.attached_to = host.uid

    def obstacles_on(self, level_cs: CardState) -> int:
        return sum(1 for uid in level_cs.attachments
                   if self.state.cards[uid].type == "akadálylap" and not self.state.cards[uid].built)

    def controls_same(self, player: str, cs: CardState) -> bool:
        return any(self.state.cards[u].name == cs.name and u != cs.uid
                   for u in self.state.players[player].zones[Zone.JELEN])

    def one_building(self, cs: CardState, player: str, keep: str | None) -> None:
        """1.14.4: with two such buildings one is sacrificed before anything else happens."""
        same = [self.state.cards[u] for u in self.state.players[player].zones[Zone.JELEN]
                if self.state.cards[u].name == cs.name and u != cs.uid]
        if not same or not self.admits("1.14.4"):
            return
        old = same[0]
        if keep is not None:
            victim = cs if fold(keep) == fold(old.label) else old
        else:
            victim = cs if self.options["one_building_keep"] == "old" else old
        self.emit("1.14.4", "sacrifice", "MK-TL-TRACE.sacrifice-would-control-two", {"player": player, "card": cs.name, "victim": victim.label}, card=victim.label)
        self.to_past(victim)


def _with(cards: tuple[CardState, ...], cs: CardState) -> tuple[CardState, ...]:
    """*cards* (in the order of their ids) with *cs* in its place."""
    i = 0
    while i < len(cards) and cards[i].uid < cs.uid:
        i += 1
    return cards[:i] + (cs,) + cards[i:]


class Part:
    """One part of the engine (the timeline machine, effects, deeds, …), working on the shared table.

    The table's state, options and trace writer are bound here, so that a
    part's code reads ``self.state`` and ``self.emit(…)`` as the table's own.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.state = table.state
        self.options = table.options
        self.format = table.format
        self.emit = table.emit
        self.admits = table.admits
        self.cite = table.cite
        self.require = table.require
        self.skip = table.skip
