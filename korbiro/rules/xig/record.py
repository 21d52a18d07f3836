"""Record and position files, and replaying a record (``docs/xig.md``).

A *record* (``kind: xig-record``) is a game's set-up followed by its turns in the
move notation; :func:`replay` plays it through and reports **every** violation
with its turn number, the move, a code and the rule.  A *position*
(``kind: xig-position``) is the state at the start of a turn, for
``korbiro xig moves`` and ``korbiro xig show``.

Anything that stops a file from describing a game (bad YAML, a schema error,
bad notation, an unknown tile, card or player) raises
:class:`~korbiro.base.errors.DataError` with ``file:line:column``; rule breaches are
violations.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ...base.errors import DataError
from ...base.findings import Finding
from ...base.yamlload import YamlDocument, load_yaml_file, load_yaml_text
from ..boardgame import RecordShape
from ..boardgame import Violation as BoardViolation
from ._schema import raise_findings, schema_findings
from .cards import XapCardSet, load_cards, sample_cards
from .layout import IB, OB, Layout, Tile, load_layout, sample_layout
from .messages import say
from .notation import NotationError, parse_tile, parse_turn
from .position import (
    SHARED_MEMORY,
    DrawXap,
    EndTurn,
    GameConfig,
    Give,
    Move,
    Options,
    Play,
    PlayXap,
    Position,
    Violation,
    _State,
    game_over,
    violation,
)
from .rules import section_of
from .setup import GameSpec, PlayerSpec, SetupError, Where, build_config, entwined_table, new_game


@dataclass
class Turn:
    """One recorded turn: who (if named), its moves, its text and where it was written."""

    ply: int
    player: str | None
    moves: list[Move]
    text: str
    line: int | None = None


@dataclass
class Record:
    """A game record as read from its file."""

    path: str
    spec: GameSpec
    turns: list[Turn]
    document: YamlDocument

    def initial(self) -> tuple[Position, list[tuple[Violation, Where]]]:
        return new_game(self.spec)


#: how XIG writes a record's violations (``turn 3 Bela 'E5': …``, the rule cited with its section; the JSON
#: keys of ``replay``)
SHAPE = RecordShape("XIG", ("ply", "move", "code", "rule", "section", "message", "player", "line"), setup=True,
                    section_of=section_of)

#: the name this module gave a record's violation before the board games shared one
ReplayViolation = BoardViolation


@dataclass
class ReplayResult:
    """What a replay of a record found: the last position, the moves a rule refused, the plies played."""

    path: str
    position: Position
    violations: list[ReplayViolation] = field(default_factory=list)
    plies: int = 0

    @property
    def valid(self) -> bool:
        return not self.violations

    def result(self) -> dict[str, Any]:
        return {"score": self.position.score(), "winner": self.position.winner, "finished": self.position.is_over()}

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "file": self.path,
            "valid": self.valid,
            "violations": [v.to_dict(lang) for v in self.violations],
            "result": self.result(),
            "plies": self.plies,
        }

    def summary(self, lang: str = "en") -> str:
        """The closing line of ``korbiro xig replay``: valid or not, the turns, the winner and the tiles on the table."""
        res = self.result()
        score = ", ".join(f"{k} {n}" for k, n in res["score"].items())
        n = len(self.violations)
        verdict = say("XIG.replay.valid" if self.valid else "XIG.replay.invalid" + (".one" if n == 1 else ""), lang,
                      n=n)
        outcome = say("XIG.replay.wins", lang, winner=res["winner"]) if res["winner"] else say("XIG.replay.no-winner",
                                                                                                 lang)
        return say("XIG.replay.summary", lang, path=self.path, verdict=verdict, turns=self.plies, outcome=outcome,
                   score=score)


# --------------------------------------------------------------------------- loading


def _problem(doc: YamlDocument, where: Where, code: str, message: str, message_hu: str, rule: str | None = None) -> Finding:
    """A problem of *doc* at *where*, with its message in both languages."""
    line, col = doc.mark(where)
    return Finding(code, message, rule=rule, file=doc.path, line=line, column=col, args={"message_hu": message_hu})


class _Reader:
    """Turns a schema-valid document into a :class:`GameSpec`, collecting problems."""

    def __init__(self, doc: YamlDocument, *, files: bool = True) -> None:
        self.doc = doc
        self.data: dict[str, Any] = doc.data
        self.base = os.path.dirname(os.path.abspath(doc.path))
        self.problems: list[Finding] = []
        #: whether layout and card files named by the document are read (not for the web app's input)
        self.files = files

    def problem(self, where: Where, code: str, case: str, /, rule: str | None = None, **args: Any) -> None:
        """The problem *code* at *where*, its message the template ``code.case`` with *args*."""
        key = f"{code}.{case}"
        self.problems.append(_problem(self.doc, where, code, say(key, "en", **args), say(key, "hu", **args), rule))

    def setup_problem(self, exc: SetupError) -> None:
        """A set-up that cannot describe a game (``XIG-SETUP``)."""
        self.problems.append(_problem(self.doc, exc.where, "XIG-SETUP", exc.message, exc.text("hu"), exc.rule))

    def tile(self, text: str, where: Where) -> Tile | None:
        try:
            return parse_tile(text)
        except NotationError as exc:
            self.problems.append(_problem(self.doc, where, "XIG-NOTATION", exc.message, exc.text("hu")))
            return None

    def tiles(self, items: list[str], where: Where) -> list[Tile]:
        out = []
        for i, text in enumerate(items):
            t = self.tile(text, (*where, i))
            if t is not None:
                out.append(t)
        return out

    def path(self, text: str) -> str:
        return text if os.path.isabs(text) else os.path.join(self.base, text)

    def _included(self, where: Where, ref: str, exc: DataError) -> None:
        """Report a broken layout or card file at its reference, then its own findings."""
        self.problem(where, "XIG-INCLUDE", "read", ref=ref, problem=str(exc), problem_hu=exc.text("hu"))
        self.problems.extend(f for f in exc.findings if f.file != self.doc.path)

    def _no_files(self, where: Where, ref: str) -> bool:
        """Without :attr:`files`, a reference to a file is a problem at it (and True)."""
        if not self.files:
            self.problem(where, "XIG-INCLUDE", "not-here", ref=ref)
        return not self.files

    def cards(self) -> XapCardSet:
        ref = self.data.get("xap-cards", "sample")
        if ref == "sample" or self._no_files(("xap-cards",), ref):
            return sample_cards()
        try:
            return load_cards(self.path(ref))
        except DataError as exc:
            self._included(("xap-cards",), ref, exc)
            return sample_cards()

    def layouts(self) -> dict[str, Layout]:
        out: dict[str, Layout] = {}
        for pid, entry in (self.data.get("pathways") or {}).items():
            element = entry.get("element")
            ref = entry.get("layout", "sample")
            if ref == "sample":
                if element is None:
                    self.problem(("pathways", pid), "XIG-FILE", "element", pathway=pid)
                    continue
                out[pid] = sample_layout(element)
            elif not self._no_files(("pathways", pid, "layout"), ref):
                try:
                    layout = load_layout(self.path(ref))
                except DataError as exc:
                    self._included(("pathways", pid, "layout"), ref, exc)
                    continue
                if element is not None and layout.element != element:
                    self.problem(("pathways", pid, "layout"), "XIG-FILE", "layout-element", ref=ref,
                                 element=layout.element, pathway=pid, declared=element)
                out[pid] = layout
        return out

    def spec(self) -> GameSpec:
        d = self.data
        players = [
            PlayerSpec(p["name"], tuple(p["pathways"]) if "pathways" in p else (p["pathway"],)) for p in d["players"]
        ]
        spec = GameSpec(
            players=players,
            layouts=self.layouts(),
            cards=self.cards(),
            variants=frozenset(d.get("variants") or ()),
            options=Options.from_mapping(d.get("options") or {}),
            teams={k: list(v) for k, v in d["teams"].items()} if d.get("teams") else None,
            entwined=d.get("entwined"),
            xap_deck=dict(d["xap-deck"]) if d.get("xap-deck") is not None else None,
        )
        start = d.get("start")
        if isinstance(start, dict):
            spec.start = {k: (list(v) if isinstance(v, list) else [v]) for k, v in start.items()}
        else:
            spec.start = start
        for name, tiles in (d.get("hands") or {}).items():
            spec.hands[name] = self.tiles(tiles, ("hands", name))
        for name, entry in (d.get("quick") or {}).items():
            spec.quick_tiles[name] = self.tiles(entry.get("tiles") or [], ("quick", name, "tiles"))
            spec.quick_xap[name] = entry.get("xap")
        return spec

    def config(self, spec: GameSpec) -> GameConfig:
        try:
            return build_config(spec)
        except SetupError as exc:
            self.setup_problem(exc)
            raise_findings(self.problems)
            raise AssertionError("unreachable") from None

    def check_names(self, config: GameConfig, where: Where, tiles: list[Tile] = (), cards: list[str] = (), players: list[str] = ()) -> None:  # type: ignore[assignment]
        for t in tiles:
            if t.pathway not in config.layouts:
                self.problem(where, "XIG-UNKNOWN-TILE", "pathways", tile=str(t), pathway=t.pathway,
                             pathways=", ".join(config.layouts))
        for c in cards:
            if c not in config.cards:
                self.problem(where, "XIG-UNKNOWN-CARD", "set", card=c, cards=", ".join(config.cards.cards))
        for p in players:
            if p not in config.players:
                self.problem(where, "XIG-UNKNOWN-PLAYER", "players", player=p, players=", ".join(config.players))

    def check_spec_names(self, config: GameConfig, spec: GameSpec) -> None:
        for key in ("hands", "quick"):
            for name in self.data.get(key) or {}:
                self.check_names(config, (key, name), players=[name])
        for name, tiles in spec.hands.items():
            self.check_names(config, ("hands", name), tiles=tiles)
        for name, tiles in spec.quick_tiles.items():
            self.check_names(config, ("quick", name), tiles=tiles)
        for name, card in spec.quick_xap.items():
            if card:
                self.check_names(config, ("quick", name, "xap"), cards=[card])
        for card in spec.xap_deck or {}:
            self.check_names(config, ("xap-deck", card), cards=[card])


def _load(source: str | os.PathLike[str] | YamlDocument, kind: str, files: bool = True) -> tuple[YamlDocument, _Reader]:
    doc = source if isinstance(source, YamlDocument) else load_yaml_file(source)
    raise_findings(schema_findings(doc, kind, "XIG-SCHEMA"))
    return doc, _Reader(doc, files=files)


def load_record_text(text: str, path: str = "<string>", *, files: bool = True) -> Record:
    """:func:`load_record` from text (layout and card files resolve against the working directory;
    without *files* naming one is a problem)."""
    return load_record(load_yaml_text(text, path), files=files)


def load_position_text(text: str, path: str = "<string>", *, files: bool = True) -> Position:
    """:func:`load_position` from text (without *files*, naming a layout or card file is a problem)."""
    return load_position(load_yaml_text(text, path), files=files)


def _move_names(move: Move) -> tuple[list[Tile], list[str], list[str]]:
    tiles: list[Tile] = []
    cards: list[str] = []
    players: list[str] = []
    if isinstance(move, Play):
        tiles += [move.tile] + ([move.knock] if move.knock else [])
    elif isinstance(move, DrawXap) and move.card:
        cards.append(move.card)
    elif isinstance(move, PlayXap):
        cards.append(move.card)
        tiles += list(move.tiles) + ([move.target] if move.target else [])
        if move.player:
            players.append(move.player)
    elif isinstance(move, Give):
        cards.append(move.card)
    elif isinstance(move, EndTurn):
        tiles += list(move.draws)
    return tiles, cards, players


def load_record(path: str | os.PathLike[str] | YamlDocument, *, files: bool = True) -> Record:
    """Read a record file; raise :class:`DataError` (with every problem) if it cannot be replayed
    (without *files*, a layout or card file it names is one)."""
    doc, reader = _load(path, "record", files)
    try:
        spec = reader.spec()
    except SetupError as exc:  # pragma: no cover - spec() raises no SetupError today
        reader.setup_problem(exc)
        spec = None
    raise_findings(reader.problems)
    assert spec is not None
    config = reader.config(spec)
    reader.check_spec_names(config, spec)
    turns: list[Turn] = []
    for i, item in enumerate(doc.data["turns"]):
        where: Where = ("turns", i)
        player: str | None = None
        if isinstance(item, dict):
            player, text = next(iter(item.items()))
            where = ("turns", i, player)
        else:
            text = item
        text = text or ""
        if player is None and ":" in text.split(";")[0].split(" ")[0]:
            head, _, rest = text.partition(":")
            player, text = head.strip(), rest
        line, col = doc.mark(where)
        try:
            moves = parse_turn(text)
        except NotationError as exc:
            args = {"turn": i + 1, "problem": exc.message, "problem_hu": exc.text("hu"), "column": exc.column,
                    "text": text}
            reader.problems.append(Finding("XIG-NOTATION", say("XIG-NOTATION.turn", "en", **args), file=doc.path,
                                           line=line, column=col,
                                           args={"message_hu": say("XIG-NOTATION.turn", "hu", **args)}))
            continue
        if player is not None:
            reader.check_names(config, where, players=[player])
        for m in moves:
            reader.check_names(config, where, *_move_names(m))
        turns.append(Turn(i + 1, player, moves, text.strip(), line))
    raise_findings(reader.problems)
    try:
        new_game(spec)
    except SetupError as exc:
        reader.setup_problem(exc)
        raise_findings(reader.problems)
    return Record(doc.path, spec, turns, doc)


@dataclass
class TurnStep:
    """One step of a replay: the position after turn *ply* of the record (0 is the set-up).

    ``position`` is the replay's own position, which the next step changes.
    ``violations`` are those of this turn (or of the set-up).
    """

    ply: int
    turn: Turn | None
    position: Position
    violations: list[ReplayViolation]


def replay_turns(record: Record) -> Iterator[TurnStep]:
    """Play *record* through turn by turn, following it even past illegal moves.

    Yields the set-up (turn 0, with its violations), then the position after
    each turn with the turn's violations.
    """
    pos, setup_violations = record.initial()
    setup: list[ReplayViolation] = []
    for v, where in setup_violations:
        line, _ = record.document.mark(where)
        setup.append(ReplayViolation(0, "setup", v, SHAPE, line=line, move_key="XIG.move.setup"))
    yield TurnStep(0, None, pos, setup)
    for turn in record.turns:
        found: list[ReplayViolation] = []

        def add(
            move_text: str,
            vs: tuple[Violation, ...] | list[Violation],
            player: str,
            turn: Turn = turn,
            found: list[ReplayViolation] = found,
            move_key: str = "",
        ) -> None:
            for v in vs:
                found.append(ReplayViolation(turn.ply, move_text, v, SHAPE, player=player, line=turn.line,
                                             move_key=move_key))

        if pos.is_over():
            assert pos.winner is not None
            add(turn.text or "end", [game_over(pos.winner)], turn.player or pos.turn)
            yield TurnStep(turn.ply, turn, pos, found)
            continue
        if turn.player is not None and turn.player != pos.turn:
            case = "skipped" if pos.skips(turn.player) else "order"
            add(turn.text or "end", [violation("XIG-TURN-ORDER", "XIG 2.2", case, turn=pos.turn, player=turn.player)],
                turn.player)
            pos.set_turn(turn.player)
        player = pos.turn
        ended = False
        for move in turn.moves:
            if pos.is_over():
                assert pos.winner is not None
                add(str(move), [game_over(pos.winner)], player)
                break
            add(str(move), pos.push(move, force=True), player)
            ended = ended or isinstance(move, EndTurn)
        if not ended and not pos.is_over():
            add("(end of turn)", pos.push(EndTurn(()), force=True), player, move_key="XIG.move.end-of-turn")
        yield TurnStep(turn.ply, turn, pos, found)


def replay(record: Record) -> ReplayResult:
    """Play *record* through, following it even past illegal moves, and collect every violation."""
    result: ReplayResult | None = None
    for step in replay_turns(record):
        if result is None:
            result = ReplayResult(record.path, step.position)
        result.violations += step.violations
        result.plies = step.ply
    assert result is not None
    return result


def replay_file(path: str | os.PathLike[str]) -> ReplayResult:
    return replay(load_record(path))


# --------------------------------------------------------------------------- positions


def load_position(path: str | os.PathLike[str] | YamlDocument, *, files: bool = True) -> Position:
    """Read a position file (the start of ``to-move``'s turn); raise :class:`DataError` if inconsistent
    (without *files*, a layout or card file it names is a problem)."""
    doc, reader = _load(path, "position", files)
    spec = reader.spec()
    raise_findings(reader.problems)
    config = reader.config(spec)
    to_move = doc.data["to-move"]
    reader.check_names(config, ("to-move",), players=[to_move])
    state = _PositionFile(doc, reader, config).state(to_move)
    state.ply = doc.data.get("turn", 1)
    pos = Position(config, state)
    pos._start_turn(to_move, next_ply=False)
    pos._settle_winner()
    return pos


class _PlayerParts:
    """What a position file's players hold: hands, XAP cards, XIG cards, skipped turns, first turns."""

    def __init__(self, config: GameConfig) -> None:
        self.hands: dict[str, set[Tile]] = {p: set() for p in config.players}
        self.xap_hands: dict[str, Counter[str]] = {p: Counter() for p in config.players}
        self.xig: dict[str, str] = {}
        self.xig_left: dict[str, int | None] = {}
        self.skips: Counter[str] = Counter()
        self.first_done: set[str] = set()


class _PositionFile:
    """A schema-valid position file read into a game state, each tile claimed once (a tile in two
    places is a problem at the second, naming the line of the first)."""

    def __init__(self, doc: YamlDocument, reader: _Reader, config: GameConfig) -> None:
        self.doc = doc
        self.data: dict[str, Any] = doc.data
        self.reader = reader
        self.config = config
        self.seen: dict[Tile, Where] = {}

    def claim(self, t: Tile, where: Where) -> bool:
        if t.pathway not in self.config.layouts:
            self.reader.problem(where, "XIG-UNKNOWN-TILE", "pathway", tile=str(t), pathway=t.pathway)
            return False
        if t in self.seen:
            line, _ = self.doc.mark(self.seen[t])
            self.reader.problem(where, "XIG-POSITION-TWICE", "places", tile=str(t), line=line)
            return False
        self.seen[t] = where
        return True

    def positions(self, key: str) -> dict[str, list[Tile]]:
        """The tiles listed under *key* (``table``, ``memory``), Pathway by Pathway."""
        config = self.config
        out: dict[str, list[Tile]] = {}
        for pid, items in (self.data.get(key) or {}).items():
            if pid not in config.layouts:
                self.reader.problem((key, pid), "XIG-UNKNOWN-TILE", "no-pathway", pathway=pid,
                                    pathways=", ".join(config.layouts))
                continue
            tiles = []
            for i, p in enumerate(items):
                t = Tile(pid, {"ib": IB, "ob": OB}[p] if isinstance(p, str) else int(p))
                if config.entwined and t in config.entwined:
                    continue  # the shared Kojjit is on the table from the start (XIG 8.2)
                if self.claim(t, (key, pid, i)):
                    tiles.append(t)
            out[pid] = tiles
        return out

    def table(self) -> tuple[dict[str, set[int]], set[Tile]]:
        """The tiles on the table and the one set aside (entwined Pathways, XIG 8.2)."""
        table, aside = entwined_table(self.config)
        for tile in self.config.entwined or ():
            self.seen[tile] = ("entwined",)
        for pid, tiles in self.positions("table").items():
            table[pid].update(t.pos for t in tiles)
        return table, aside

    def memory(self) -> dict[str, set[Tile]]:
        """The memory decks: creatures only (XIG 6.1), one shared deck in that variant."""
        config = self.config
        shared = SHARED_MEMORY in config.variants
        memory: dict[str, set[Tile]] = {"*": set()} if shared else {s.name: set() for s in config.sides}
        for pid, tiles in self.positions("memory").items():
            key = "*" if shared else config.side_of_pathway[pid].name
            for t in tiles:
                if config.layouts[pid].kind(t.pos) != "creature":
                    self.reader.problem(("memory", pid), "XIG-POSITION-MEMORY", "creature", "XIG 6.1", tile=str(t))
                memory[key].add(t)
        return memory

    def players(self) -> _PlayerParts:
        config, reader = self.config, self.reader
        parts = _PlayerParts(config)
        left = {"opponents-turns": 1, "three-rounds": 3, "rest-of-game": None}[config.options.xig_duration]
        for i, p in enumerate(self.data["players"]):
            name = p["name"]
            side = config.side_of_player[name]
            for j, text in enumerate(p.get("hand") or []):
                held = reader.tile(text, ("players", i, "hand", j))
                if held is None:
                    continue
                if held.pathway not in side.pathways:
                    reader.problem(("players", i, "hand", j), "XIG-POSITION-HAND", "own", tile=str(held), player=name)
                    continue
                if self.claim(held, ("players", i, "hand", j)):
                    parts.hands[name].add(held)
            for j, c in enumerate(p.get("xap") or []):
                reader.check_names(config, ("players", i, "xap", j), cards=[c])
                parts.xap_hands[name][c] += 1
            parts.xig[name] = p.get("xig-card", "unused")
            parts.xig_left[name] = left if parts.xig[name] == "active" else None
            parts.skips[name] = p.get("skip", 0)
            if not p.get("first-turn", False):
                parts.first_done.add(name)
        return parts

    def xap(self, xap_hands: dict[str, Counter[str]]) -> tuple[Counter[str], Counter[str]]:
        """The XAP deck (what is in no hand and not discarded) and the discard pile."""
        d, config = self.data, self.config
        total = Counter(d["xap-deck"]) if d.get("xap-deck") is not None else Counter(config.cards.counts())
        discard = Counter(d.get("xap-discard") or {})
        for c in discard:
            self.reader.check_names(config, ("xap-discard", c), cards=[c])
        used = discard + sum(xap_hands.values(), Counter())
        xap_deck = Counter({c: total[c] - used[c] for c in total if total[c] - used[c] > 0})
        over = sorted(c for c in used if used[c] > total[c])
        if over:
            self.reader.problem(("players",), "XIG-POSITION-XAP", "more", cards=", ".join(over))
        return xap_deck, discard

    def state(self, to_move: str) -> _State:
        """The game state the file describes, *to_move* to play; raises on any problem."""
        table, aside = self.table()
        memory = self.memory()
        parts = self.players()
        raise_findings(self.reader.problems)
        decks = {
            s.name: {t for pid in s.pathways for t in self.config.all_tiles(pid) if t not in self.seen}
            for s in self.config.sides
        }
        xap_deck, discard = self.xap(parts.xap_hands)
        raise_findings(self.reader.problems)
        return _State(table=table, decks=decks, memory=memory, aside=aside, hands=parts.hands,
                      xap_hands=parts.xap_hands, xap_deck=xap_deck, xap_discard=discard, xig=parts.xig,
                      xig_left=parts.xig_left, skips=parts.skips, first_turn_done=parts.first_done, turn=to_move)


def is_record(doc: YamlDocument) -> bool:
    """Whether *doc* is a game record (``kind: xig-record``), not a position file."""
    return isinstance(doc.data, dict) and doc.data.get("kind") == "xig-record"


def load_any(path: str | os.PathLike[str] | YamlDocument, *, files: bool = True) -> Position:
    """A position file, or the final position of a record file (without *files*, naming a layout or
    card file is a problem)."""
    doc = path if isinstance(path, YamlDocument) else load_yaml_file(path)
    if is_record(doc):
        return replay(load_record(doc, files=files)).position
    return load_position(doc, files=files)


__all__ = [
    "DataError",
    "Record",
    "ReplayResult",
    "ReplayViolation",
    "Turn",
    "load_any",
    "load_position",
    "load_position_text",
    "load_record",
    "load_record_text",
    "replay",
    "replay_file",
    "replay_turns",
    "TurnStep",
]


def dump_record(data: dict[str, Any]) -> str:
    """Record data (see :meth:`~korbiro.rules.xig.play.RandomGame.record_data`) as YAML text,
    one turn a line."""
    import yaml

    head = {k: v for k, v in data.items() if k != "turns"}
    text = yaml.safe_dump(head, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
    lines = [text.rstrip("\n"), "turns:"]
    for i, turn in enumerate(data.get("turns", [])):
        if i % 10 == 0:
            lines.append(f"# turn {i + 1}")
        lines.append(yaml.safe_dump([turn], allow_unicode=True, width=1000, default_flow_style=False).rstrip("\n"))
    return "\n".join(lines) + "\n"
