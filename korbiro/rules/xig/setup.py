"""Setting a game up (XIG 2.x, 3.1, 8.x): from a plain :class:`GameSpec` to a :class:`Position`.

Problems that leave the game undefined (an unknown Pathway, a Pathway shared by
players who are not teammates, entwined Pathways without Water and Earth) raise
:class:`SetupError`.  Rule breaches that still leave a playable game (four tiles
in a starting hand, teammates side by side) are returned as violations, each
with the path of the spec entry it concerns, so that a record can point at the
line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...base import i18n
from .cards import ON_DRAW, XapCardSet, sample_cards
from .layout import CREATURE, ELEMENT_LETTER, POSITIONS, Layout, Tile, sample_layout
from .messages import say
from .position import (
    ENTWINED,
    HAND_SIZE,
    MARATHON,
    QUICK,
    SHARED_MEMORY,
    TEAM,
    VARIANTS,
    GameConfig,
    Options,
    Phase,
    Position,
    Side,
    Violation,
    _State,
    violation,
)

Where = tuple[str | int, ...]
QUICK_TILES = 10


class SetupError(ValueError):
    """The set-up cannot describe a game; ``where`` is the path of the offending entry.

    The message is the template ``XIG-SETUP.case`` with *args*: ``message`` is English,
    :meth:`text` either language.
    """

    def __init__(self, case: str, where: Where = (), rule: str | None = None, /, **args: Any) -> None:
        self.key = f"XIG-SETUP.{case}"
        self.values = args
        self.message = say(self.key, "en", **args)
        super().__init__(self.message)
        self.where = where
        self.rule = rule

    def text(self, lang: str = "en") -> str:
        return say(self.key, lang, **self.values)


@dataclass
class PlayerSpec:
    """One player of a game's set-up: the name and the pathways."""

    name: str
    pathways: tuple[str, ...]


@dataclass
class GameSpec:
    """A game's set-up as plain data (what a record's header says)."""

    players: list[PlayerSpec]
    layouts: dict[str, Layout] = field(default_factory=dict)
    cards: XapCardSet | None = None
    variants: frozenset[str] = frozenset()
    options: Options = Options()
    teams: dict[str, list[str]] | None = None
    #: the entwined Kojjit left on the table: ``W2`` (default) or ``E5``
    entwined: str | None = None
    #: XAP deck composition (default: every card of the card set)
    xap_deck: dict[str, int] | None = None
    #: the starting player's name, or each player's start draws (one number per round)
    start: str | dict[str, list[int]] | None = None
    hands: dict[str, list[Tile]] = field(default_factory=dict)
    quick_tiles: dict[str, list[Tile]] = field(default_factory=dict)
    quick_xap: dict[str, str | None] = field(default_factory=dict)


def default_layout(pathway_id: str) -> Layout | None:
    """The sample layout an id such as ``E`` or ``W`` stands for."""
    for element, letter in ELEMENT_LETTER.items():
        if pathway_id == letter:
            return sample_layout(element)
    return None


def build_config(spec: GameSpec) -> GameConfig:
    """Check seating, Pathways and variants; raise :class:`SetupError` if no game results."""
    unknown = sorted(spec.variants - set(VARIANTS))
    if unknown:
        raise SetupError("variant", ("variants",), None, variant=unknown[0], known=", ".join(VARIANTS))
    names = [p.name for p in spec.players]
    if len(names) < 2:
        raise SetupError("two-players", ("players",), "XIG 2.2")
    seen: set[str] = set()
    for i, name in enumerate(names):
        if name in seen:
            raise SetupError("player-twice", ("players", i, "name"), None, player=name)
        seen.add(name)
    layouts: dict[str, Layout] = dict(spec.layouts)
    for i, p in enumerate(spec.players):
        if not p.pathways:
            raise SetupError("no-pathway", ("players", i), None, player=p.name)
        if len(p.pathways) > 1 and MARATHON not in spec.variants:
            raise SetupError("marathon", ("players", i, "pathways"), "XIG 8.3", player=p.name, n=len(p.pathways))
        for pid in p.pathways:
            if pid not in layouts:
                layout = default_layout(pid)
                if layout is None:
                    raise SetupError("layout", ("players", i, "pathways"), None, pathway=pid)
                layouts[pid] = layout
    sides = _sides(spec, layouts)
    for pid in layouts:
        if not any(pid in s.pathways for s in sides):
            raise SetupError("owner", ("pathways", pid), None, pathway=pid)
    cards = spec.cards or sample_cards()
    entwined = _entwined(spec, layouts, sides) if ENTWINED in spec.variants else None
    return GameConfig(
        players=tuple(names),
        sides=tuple(sides),
        layouts=layouts,
        cards=cards,
        variants=frozenset(spec.variants),
        options=spec.options,
        entwined=entwined,
    )


def _sides(spec: GameSpec, layouts: Mapping[str, Layout]) -> list[Side]:
    owners: dict[str, list[str]] = {}
    for p in spec.players:
        for pid in p.pathways:
            owners.setdefault(pid, []).append(p.name)
    if TEAM not in spec.variants:
        if spec.teams:
            raise SetupError("teams-without-variant", ("teams",), "XIG 8.1")
        for pid, who in owners.items():
            if len(who) > 1:
                raise SetupError("shared", ("players",), "XIG 8.1", pathway=pid, players=", ".join(who))
        return [Side(p.name, (p.name,), tuple(p.pathways)) for p in spec.players]
    names = [p.name for p in spec.players]
    if len(names) != 4 or not spec.teams or len(spec.teams) != 2:
        raise SetupError("team-game", ("teams",), "XIG 8.1")
    sides: list[Side] = []
    by_name = {p.name: p for p in spec.players}
    for team, members in spec.teams.items():
        if len(members) != 2 or any(m not in by_name for m in members):
            raise SetupError("team-members", ("teams", team), "XIG 8.1", team=team)
        a, b = (by_name[m] for m in members)
        if set(a.pathways) != set(b.pathways):
            raise SetupError("teammates", ("teams", team), "XIG 8.1", a=a.name, b=b.name)
        if team in by_name and team not in members:
            raise SetupError("team-name", ("teams", team), None, team=team)
        ordered = tuple(sorted(members, key=names.index))
        sides.append(Side(team, ordered, tuple(a.pathways)))
    listed = [m for s in sides for m in s.players]
    if sorted(listed) != sorted(names):
        raise SetupError("one-team", ("teams",), "XIG 8.1")
    for pid, who in owners.items():
        if len({s.name for s in sides if set(who) & set(s.players)}) > 1:
            raise SetupError("both-teams", ("players",), "XIG 8.1", pathway=pid)
    return sides


def _entwined(spec: GameSpec, layouts: Mapping[str, Layout], sides: Sequence[Side]) -> tuple[Tile, Tile]:
    if len(spec.players) != 2 or any(len(p.pathways) != 1 for p in spec.players):
        raise SetupError("entwined-players", ("variants",), "XIG 8.2")
    by_element = {layouts[p.pathways[0]].element: p.pathways[0] for p in spec.players}
    if set(by_element) != {"water", "earth"}:
        raise SetupError("entwined-elements", ("variants",), "XIG 8.2")
    water = Tile(by_element["water"], 2)
    earth = Tile(by_element["earth"], 5)
    for t in (water, earth):
        if layouts[t.pathway].kind(t.pos) != CREATURE:
            raise SetupError("kojjit", ("variants",), "XIG 8.2", tile=str(t))
    choice = spec.entwined or str(water)
    if choice == str(water):
        return water, earth
    if choice == str(earth):
        return earth, water
    raise SetupError("entwined-choice", ("entwined",), "XIG 8.2", water=str(water), earth=str(earth), choice=choice)


def start_player(spec: GameSpec, players: Sequence[str]) -> tuple[str, list[tuple[Violation, Where]]]:
    """Who starts: the named player, or the lowest start draw, round by round (XIG 2.2)."""
    if spec.start is None:
        return players[0], []
    if isinstance(spec.start, str):
        if spec.start not in players:
            raise SetupError("start-player", ("start",), None, player=spec.start)
        return spec.start, []
    draws = spec.start
    for name in draws:
        if name not in players:
            raise SetupError("not-a-player", ("start", name), None, player=name)
    missing = [p for p in players if p not in draws]
    if missing:
        raise SetupError("start-draw", ("start",), "XIG 2.2", players=", ".join(missing))
    tied = list(players)
    rnd = 0
    while len(tied) > 1:
        have = [p for p in tied if len(draws[p]) > rnd]
        if len(have) < len(tied):
            v = violation("XIG-START-TIE", "XIG 2.2", "again", players=", ".join(tied))
            return tied[0], [(v, ("start",))]
        low = min(draws[p][rnd] for p in tied)
        tied = [p for p in tied if draws[p][rnd] == low]
        rnd += 1
    return tied[0], []


def new_game(spec: GameSpec) -> tuple[Position, list[tuple[Violation, Where]]]:
    """The position before the first turn, and the set-up's rule breaches."""
    return _Deal(spec).position()


def entwined_table(config: GameConfig) -> tuple[dict[str, set[int]], set[Tile]]:
    """An empty table, but for the shared Kojjit of entwined Pathways: one on the table, the other
    set aside (XIG 8.2); and the set-aside tile."""
    table: dict[str, set[int]] = {pid: set() for pid in config.layouts}
    aside: set[Tile] = set()
    if config.entwined:
        placed, set_aside = config.entwined
        table[placed.pathway].add(placed.pos)
        table[set_aside.pathway].add(set_aside.pos)
        aside.add(set_aside)
    return table, aside


class _Deal:
    """A set-up carried out: the quick game's tiles and cards, the hands, the decks; every tile
    dealt once, and each rule the set-up breaks noted."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.config = build_config(spec)
        self.violations: list[tuple[Violation, Where]] = []
        self.table, self.aside = entwined_table(self.config)
        self.taken: dict[Tile, Where] = {}
        self.xap_deck = Counter(spec.xap_deck if spec.xap_deck is not None else self.config.cards.counts())
        self.xap_hands: dict[str, Counter[str]] = {p: Counter() for p in self.config.players}
        self.hands: dict[str, set[Tile]] = {p: set() for p in self.config.players}

    def take(self, tile: Tile, player: str, where: Where) -> None:
        config = self.config
        side = config.side_of_player[player]
        if tile.pathway not in side.pathways or tile.pos not in POSITIONS:
            raise SetupError("not-own-tile", where, "XIG 2.1", tile=str(tile), player=player)
        if config.entwined and tile in config.entwined:
            raise SetupError("aside" if tile in self.aside else "on-table", where, "XIG 8.2", tile=str(tile))
        if tile in self.taken:
            raise SetupError("tile-twice", where, None, tile=str(tile))
        self.taken[tile] = where

    def note(self, where: Where, code: str, rule: str, case: str, **args: Any) -> None:
        self.violations.append((violation(code, rule, case, **args), where))

    def position(self) -> tuple[Position, list[tuple[Violation, Where]]]:
        config, spec = self.config, self.spec
        start, v = start_player(spec, config.players)
        self.violations += v
        for cid in self.xap_deck:
            if cid not in config.cards:
                raise SetupError("card", ("xap-deck", cid), None, card=cid)
        if QUICK in config.variants:
            for p in config.players:
                self.quick(p)
        elif spec.quick_tiles or spec.quick_xap:
            raise SetupError("quick-without-variant", ("quick",), "XIG 8.5")
        for p in config.players:
            self.deal_hand(p)
        state = _State(table=self.table, decks=self.decks(), memory=self.memory(), aside=self.aside,
                       hands=self.hands, xap_hands=self.xap_hands, xap_deck=self.xap_deck, xap_discard=Counter(),
                       xig={p: "unused" for p in config.players}, xig_left={p: None for p in config.players},
                       skips=Counter(), first_turn_done=set(), turn=start)
        pos = Position(config, state)
        pos._start_turn(start, next_ply=False)
        if TEAM in config.variants:
            self.team_seating()
        # Black Magic drawn at set-up (quick game) is played at once, as any other time
        # (XIG 7.4); with no tile of its player on the table yet it has no target.
        for p in config.players:
            for cid in list(+self.xap_hands[p]):
                if config.cards[cid].play == ON_DRAW:
                    state.xap_hands[p][cid] -= 1
                    state.xap_discard[cid] += 1
        assert pos.phase == Phase.PLAY
        return pos, self.violations

    def quick(self, p: str) -> None:
        """Player *p*'s tiles on the table and XAP card of the quick game (XIG 8.5)."""
        tiles = self.spec.quick_tiles.get(p, [])
        for i, t in enumerate(tiles):
            self.take(t, p, ("quick", p, "tiles", i))
            self.table[t.pathway].add(t.pos)
        if len(tiles) != QUICK_TILES:
            self.note(("quick", p), "XIG-QUICK-SETUP", "XIG 8.5", "tiles", n=QUICK_TILES, player=p, got=len(tiles))
        card = self.spec.quick_xap.get(p)
        if card is None:
            if +self.xap_deck:
                self.note(("quick", p), "XIG-QUICK-SETUP", "XIG 8.5", "card", player=p)
        elif self.xap_deck[card] <= 0:
            raise SetupError("quick-card", ("quick", p, "xap"), "XIG 8.5", card=card)
        else:
            self.xap_deck[card] -= 1
            self.xap_hands[p][card] += 1

    def deal_hand(self, p: str) -> None:
        """Player *p*'s hand of five (XIG 3.1)."""
        tiles = self.spec.hands.get(p, [])
        for i, t in enumerate(tiles):
            self.take(t, p, ("hands", p, i))
            self.hands[p].add(t)
        if len(tiles) != HAND_SIZE:
            self.note(("hands", p), "XIG-SETUP-HAND", "XIG 3.1", "five", player=p, n=len(tiles))

    def decks(self) -> dict[str, set[Tile]]:
        """Each side's deck: its Pathways' tiles not dealt, set aside or on the table from the start."""
        config = self.config
        first = config.entwined[0] if config.entwined else None
        return {side.name: {Tile(pid, pos) for pid in side.pathways for pos in POSITIONS
                            if Tile(pid, pos) not in self.taken and Tile(pid, pos) not in self.aside
                            and Tile(pid, pos) != first}
                for side in config.sides}

    def memory(self) -> dict[str, set[Tile]]:
        config = self.config
        return {"*": set()} if SHARED_MEMORY in config.variants else {s.name: set() for s in config.sides}

    def team_seating(self) -> None:
        """Partners sit opposite each other (XIG 8.1)."""
        names = list(self.config.players)
        for side in self.config.sides:
            a, b = (names.index(m) for m in side.players)
            if abs(a - b) != 2:
                self.note(("players",), "XIG-TEAM-SEATING", "XIG 8.1", "opposite",
                          players=i18n.joined(side.players, "and", "en"), players_hu=i18n.joined(side.players, "and", "hu"))
