"""The Zen position, moves, the rules of a turn, legal-move generation and scoring.

A :class:`Position` is immutable.  A :class:`Move` is one whole turn: arrivals
(``c4@``), the step of one own piece (``b3-b4``, ``b3-b4@`` when it arrives
there), then one Warrior step, or ``pass`` when no own piece can move.  Every
rule the engine enforces cites its paragraph of the rulebook
(``korbiro/data/zen/rules.yaml``, listed in docs/zen.md).

    >>> from korbiro.rules.zen import setup
    >>> pos = setup(4, seed=1)
    >>> move = pos.legal_moves()[0]
    >>> pos.check(move).ok
    True
    >>> pos.play(move).turn
    2
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any

from ...base.errors import IllegalActionError, RulesSyntaxError
from ..boardgame import Verdict
from .draw import render, svg_tower
from .messages import MessageError, both, raise_as, say
from .options import Options
from .rules import (
    NCOLS,
    NEIGHBOURS,
    NSQUARES,
    SQUARE_RE,
    WARRIOR,
    column_of,
    floor_of,
    game_data,
    parse_square,
    piece_args,
    piece_owner,
    piece_strength,
    rule,
    square_name,
)

# ---------------------------------------------------------------------------
# Moves


@dataclass(frozen=True, order=True)
class Step:
    """One piece one square: from *frm* to *to* (Zen: Lépések 2).

    ``mark`` is the notation's ``x`` (``b3xb4``): the step swaps with or
    captures the piece it steps onto.  It is optional and does not change the
    move (two steps that differ only in the mark are equal); when written it
    is checked.
    """

    frm: int
    to: int
    mark: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return f"{square_name(self.frm)}{'x' if self.mark else '-'}{square_name(self.to)}"


@dataclass(frozen=True, order=True)
class Arrive:
    """Take the player's own piece on *square* off onto that target card (Zen: A játék célja)."""

    square: int

    def __str__(self) -> str:
        return f"{square_name(self.square)}@"


@dataclass(frozen=True, order=True)
class Pass:
    """No own piece can move: the turn is sat out, Warrior step included (Zen: Egy kör 3)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
Action = Step | Arrive | Pass

_STEP = re.compile(r"^([a-z][0-9]+)([-x])([a-z][0-9]+)(@?)$")


@dataclass(frozen=True, order=True)
class Move:
    """One turn: its actions in order.

    >>> str(Move.parse("c4@  b3-b4@ a3xa2"))
    'c4@ b3-b4@ a3xa2'
    >>> Move.parse("b3-b4@").actions
    (Step(frm=9, to=13, mark=False), Arrive(square=13))
    >>> Move.parse("b3xb4") == Move.parse("b3-b4")
    True
    """

    actions: tuple[Action, ...]

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse the turn notation of docs/zen.md; raises ``RulesSyntaxError`` (code ``ZEN-NOTATION``)."""
        if not isinstance(text, str):
            raise raise_as(RulesSyntaxError, "ZEN-NOTATION", "ZEN-NOTATION.type", value=text)
        tokens = text.split()
        if not tokens:
            raise raise_as(RulesSyntaxError, "ZEN-NOTATION", "ZEN-NOTATION.empty")
        acts: list[Action] = []
        for tok in tokens:
            low = tok.lower()
            try:
                if low == "pass":
                    acts.append(PASS)
                elif low.endswith("@") and "-" not in low and not _STEP.match(low):
                    acts.append(Arrive(_square(low[:-1], tok)))
                elif low.startswith("@"):
                    acts.append(Arrive(_square(low[1:], tok)))
                else:
                    m = _STEP.match(low)
                    if not m:
                        raise MessageError("ZEN-NOTATION.token", token=tok)
                    step = Step(_square(m.group(1), tok), _square(m.group(3), tok), m.group(2) == "x")
                    acts.append(step)
                    if m.group(4):
                        acts.append(Arrive(step.to))
            except MessageError as exc:
                raise RulesSyntaxError("ZEN-NOTATION", str(exc), hu=exc.text("hu")) from None
        return cls(tuple(acts))

    def __str__(self) -> str:
        out: list[str] = []
        acts = self.actions
        i = 0
        while i < len(acts):
            act = acts[i]
            if isinstance(act, Step) and i + 1 < len(acts) and acts[i + 1] == Arrive(act.to):
                out.append(f"{act}@")
                i += 2
                continue
            out.append(str(act))
            i += 1
        return " ".join(out)


def _square(text: str, token: str) -> int:
    if not SQUARE_RE.match(text):
        raise MessageError("ZEN-NOTATION.square", token=token, text=text)
    return parse_square(text)


# ---------------------------------------------------------------------------
# Verdicts


OK = Verdict("OK", None, "legal", key="ZEN.legal")


def _v(code: str, rule_key: str | None, case: str, /, **args: Any) -> Verdict:
    """The verdict *code*, resting on rule *rule_key*, its message the template ``code.case`` with *args*."""
    key = f"{code}.{case}"
    return Verdict(code, rule(rule_key) if rule_key else None, say(key, "en", **args), key=key, args=args)


# ---------------------------------------------------------------------------
# Scores and outcomes


@dataclass(frozen=True)
class Score:
    """A player's score by level (Zen: Pontozás): arrived pieces, Warriors and opponents' pieces taken off."""

    zen: int = 0
    harcos: int = 0
    kokeshi: int = 0

    @property
    def points(self) -> int:
        s = game_data().scoring
        return s["zen"] * self.zen + s["harcos"] * self.harcos + s["kokeshi"] * self.kokeshi

    def to_dict(self) -> dict[str, int]:
        return {"points": self.points, "zen": self.zen, "harcos": self.harcos, "kokeshi": self.kokeshi}


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``termination`` is ``"finished"`` (a player has brought in all his pieces
    still in the tower: Zen: Befejezés) or ``"blocked"`` (no player can ever
    act again: korbiro's reading, docs/zen.md).  ``winners`` holds every player
    with the most points; ``winner`` is set only when there is exactly one.
    """

    termination: str
    finished: tuple[str, ...]
    scores: tuple[tuple[str, Score], ...]
    winners: tuple[str, ...]

    @property
    def winner(self) -> str | None:
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def rule(self) -> str:
        return rule("befejezes")


# ---------------------------------------------------------------------------
# The position


@dataclass(frozen=True)
class Position:
    """A position between two turns.

    ``seats`` are the colours in the tower in seat order (clockwise), which is
    also the turn order; ``passive`` colours (two-player variant) never move.
    ``board`` holds a piece or ``None`` per square; coloured pieces are written
    seat + strength (``B3``), Warriors ``H``.  ``targets`` are each active
    player's unused target cards; ``arrived`` the pieces taken off onto target
    cards (piece, card square); ``captured`` every piece taken out of the tower
    with the player who took it off (``None`` when nobody scores it), grouped
    by that player.
    ``placed_by_other`` are the squares whose piece was last moved there by a
    player other than its owner since that owner's last turn (Zen: Belépés 1).
    """

    seats: tuple[str, ...]
    board: tuple[str | None, ...]
    targets: tuple[tuple[str, frozenset[int]], ...]
    to_move: str
    passive: frozenset[str] = frozenset()
    arrived: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    captured: tuple[tuple[str, str | None], ...] = ()
    turn: int = 1
    placed_by_other: frozenset[int] = frozenset()
    options: Options = field(default_factory=Options)

    # -- queries ---------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The active players in turn order."""
        return tuple(s for s in self.seats if s not in self.passive)

    def targets_of(self, player: str) -> frozenset[int]:
        return dict(self.targets).get(player, frozenset())

    def arrived_of(self, player: str) -> tuple[tuple[str, int], ...]:
        return dict(self.arrived).get(player, ())

    def piece_at(self, sq: int) -> str | None:
        return self.board[sq]

    def squares_of(self, player: str) -> list[int]:
        """The squares of *player*'s pieces in the tower."""
        return [s for s, p in enumerate(self.board) if p is not None and p != WARRIOR and p[0] == player]

    def next_player(self, player: str | None = None) -> str:
        order = self.players
        cur = self.to_move if player is None else player
        return order[(order.index(cur) + 1) % len(order)]

    def pieces(self) -> list[str]:
        """Every piece of the game: in the tower, arrived, or captured (for conservation checks)."""
        out = [p for p in self.board if p is not None]
        out += [p for _, items in self.arrived for p, _sq in items]
        out += [p for p, _by in self.captured]
        return out

    def score(self) -> dict[str, Score]:
        """Each active player's score (Zen: Pontozás)."""
        zen = {p: len(self.arrived_of(p)) for p in self.players}
        harcos = dict.fromkeys(self.players, 0)
        kokeshi = dict.fromkeys(self.players, 0)
        for piece, by in self.captured:
            if by is None or by not in harcos:
                continue
            if piece == WARRIOR:
                harcos[by] += 1
                continue
            owner = piece_owner(piece)
            if owner == by:
                continue
            if owner in self.passive and not self.options.passive_kokeshi:
                continue
            kokeshi[by] += 1
        return {p: Score(zen[p], harcos[p], kokeshi[p]) for p in self.players}

    def finished_players(self) -> tuple[str, ...]:
        """Active players with no piece left in the tower (Zen: Befejezés)."""
        present = {p[0] for p in self.board if p is not None and p != WARRIOR}
        return tuple(p for p in self.players if p not in present)

    def is_blocked(self) -> bool:
        """No active player can arrive or step, now or ever (every turn would be a pass)."""
        for p in self.players:
            w = _Work(replace(self, to_move=p))
            if w.window or w.own_steps():
                return False
        return True

    def outcome(self) -> Outcome | None:
        """The end of the game, or ``None`` while it goes on."""
        finished = self.finished_players()
        if finished:
            termination = "finished"
        elif self.is_blocked():
            termination = "blocked"
        else:
            return None
        scores = self.score()
        best = max(s.points for s in scores.values())
        winners = tuple(p for p in self.players if scores[p].points == best)
        return Outcome(termination, finished, tuple(scores.items()), winners)

    def is_over(self) -> bool:
        return self.outcome() is not None

    # -- moves -----------------------------------------------------------

    def own_steps(self) -> list[Step]:
        """The legal steps of the player to move's own pieces (first part of a turn)."""
        w = _Work(self)
        return [Step(a, b, w.interacts(a, b)) for a, b in w.own_steps()]

    def legal_moves(self) -> list[Move]:
        """Every legal turn, in canonical form (arrivals at the moment they become possible).

        Empty when the game is over.
        """
        if self.outcome() is not None:
            return []
        out: list[Move] = []
        _generate(_Work(self), (), out)
        return out

    def check(self, move: Move) -> Verdict:
        """``OK`` if *move* is a legal turn here, else the first violation."""
        _pos, problems = self.play_lenient(move)
        return problems[0] if problems else OK

    def violations(self, move: Move) -> list[Verdict]:
        """Every violation in *move* (each illegal action is skipped and the rest checked)."""
        return self.play_lenient(move)[1]

    def is_legal(self, move: Move) -> bool:
        return not self.violations(move)

    def play(self, move: Move) -> Position:
        """The position after the legal turn *move*; raises ``IllegalActionError`` (code, rule) otherwise."""
        pos, problems = self.play_lenient(move)
        if problems:
            v = problems[0]
            raise IllegalActionError(v.code, f"{move}: {v.message}", rule=v.rule, hu=f"{move}: {v.text('hu')}")
        return pos

    def play_lenient(self, move: Move) -> tuple[Position, list[Verdict]]:
        """Play *move* as far as the rules allow: every illegal action is reported and skipped."""
        problems: list[Verdict] = []
        if self.outcome() is not None:
            problems.append(_v("ZEN-GAME-OVER", "befejezes", "over"))
            return self, problems
        w = _Work(self)
        for i, act in enumerate(move.actions):
            if isinstance(act, Step):
                v = w.step(act.frm, act.to, act.mark)
            elif isinstance(act, Arrive):
                v = w.arrive(act.square)
                if v is not None and v.code in _MISPLACED:
                    v = self._misplaced(move, i, v)
            else:
                v = w.pass_turn()
            if v is not None:
                problems.append(v._replace(action=i))
        problems.extend(w.finish())
        return w.freeze(), problems

    def _misplaced(self, move: Move, i: int, v: Verdict) -> Verdict:
        """*v*, the refusal of arrival *i* of *move*, saying where in the turn it belongs, if anywhere.

        The turn is played again without it, and before each action (and at the
        end) the arrival is tried (Zen: Belépés 1: a piece arrives on the step
        that brings it, or first thing in its owner's turn when another player
        put it there).
        """
        acts = move.actions
        arrival = acts[i]
        assert isinstance(arrival, Arrive)
        rest = acts[:i] + acts[i + 1 :]
        w = _Work(self)
        slot: int | None = None
        for j in range(len(rest) + 1):
            trial = w.copy()
            if trial.arrive(arrival.square) is None:
                slot = j
                break
            if j == len(rest):
                break
            act = rest[j]
            if isinstance(act, Step):
                w.step(act.frm, act.to, act.mark)
            elif isinstance(act, Arrive):
                w.arrive(act.square)
            else:
                w.pass_turn()
        if slot is None:
            return v
        fixed = Move(rest[:slot] + (arrival,) + rest[slot:])
        before = rest[slot - 1] if slot else None
        if slot == 0 and rest:
            where = both("where", "ZEN.arrival.first", first=str(rest[0]))
        elif isinstance(before, Step) and before.to == arrival.square:
            where = both("where", "ZEN.arrival.after-step", previous=str(before))
        else:
            where = both("where", "ZEN.arrival.after", previous=str(rest[slot - 1]))
        key = "ZEN.arrival.belongs"
        args = {"message": v.message, "message_hu": v.text("hu"), **where, "fixed": str(fixed)}
        return v._replace(message=say(key, "en", **args), key=key, args=args)

    def with_options(self, options: Options) -> Position:
        return replace(self, options=options)

    # -- pictures ----------------------------------------------------------

    def __str__(self) -> str:
        """The tower as text (:func:`~korbiro.rules.zen.draw.render`): ``print(pos)``."""
        return render(self)

    def _repr_svg_(self) -> str:
        """The SVG picture, for notebooks (:func:`~korbiro.rules.zen.draw.svg_tower`)."""
        return svg_tower(self)


# ---------------------------------------------------------------------------
# The rules of a turn: a mutable working copy of a position


_PRE, _OWN_DONE, _WARRIOR_DONE, _PASSED = range(4)


class _Work:
    """One turn in progress.  Each action returns ``None`` (done) or a :class:`Verdict`."""

    __slots__ = (
        "pos", "opts", "me", "board", "targets", "arrived", "captured", "by_other",
        "phase", "window", "over", "own_ok", "nb",
    )

    def __init__(self, pos: Position | None) -> None:
        if pos is None:
            return
        self.pos = pos
        self.opts = pos.options
        self.me = pos.to_move
        self.board: list[str | None] = list(pos.board)
        self.targets: dict[str, set[int]] = {p: set(t) for p, t in pos.targets}
        self.arrived: dict[str, list[tuple[str, int]]] = {p: list(a) for p, a in pos.arrived}
        self.captured: list[tuple[str, str | None]] = list(pos.captured)
        self.by_other: set[int] = set(pos.placed_by_other)
        self.phase = _PRE
        self.over = False
        self.own_ok = False
        self.nb = NEIGHBOURS[pos.options.ring_columns]
        mine = self.targets.get(self.me, set())
        late = self.opts.late_arrival
        self.window: set[int] = {
            s for s in mine
            if _owner(self.board[s]) == self.me and (late or s in self.by_other)
        }

    def copy(self) -> _Work:
        w = _Work(None)
        w.pos, w.opts, w.me, w.nb = self.pos, self.opts, self.me, self.nb
        w.board = list(self.board)
        w.targets = {p: set(t) for p, t in self.targets.items()}
        w.arrived = {p: list(a) for p, a in self.arrived.items()}
        w.captured = list(self.captured)
        w.by_other = set(self.by_other)
        w.phase, w.window, w.over, w.own_ok = self.phase, set(self.window), self.over, self.own_ok
        return w

    # -- piece interaction (Helycsere, Ütés, A Harcos lehetőségei) ------

    def effect(self, piece: str, occ: str | None) -> tuple[str, str, str]:
        """What *piece* stepping onto *occ* does: (kind, code, rule key).

        kind is ``move``, ``swap``, ``capture`` (occ leaves the tower), ``fall``
        (the stepping piece leaves it: option step_into_capture) or ``block``.
        """
        if occ is None:
            return ("move", "", "lepesek-3")
        o = self.opts
        occ_owner = _owner(occ)
        passive_occ = occ_owner in self.pos.passive
        sp, so = piece_strength(piece), piece_strength(occ)
        if piece == WARRIOR:
            if so == 4:
                if occ_owner == self.me and not o.warrior_takes_own_man:
                    return ("block", "ZEN-OWN-MAN", "harcosok-szerepe")
                return ("capture", "", "utes")
            if so == 1:
                if o.step_into_capture == "blocked":
                    return ("block", "ZEN-WARRIOR-ONTO-GIRL", "harcos-lehetosegei")
                if passive_occ:
                    return ("block", "ZEN-PASSIVE-GIRL", "ket-jatekos-passziv")
                return ("fall", "", "harcos-lehetosegei")
            if so == 5:
                return ("block", "ZEN-EQUAL", "helycsere")
            if passive_occ and not o.passive_swaps:
                return ("block", "ZEN-PASSIVE", "ket-jatekos-passziv")
            if occ_owner == self.me and not o.swap_own:
                return ("block", "ZEN-OWN-SWAP", "helycsere")
            return ("swap", "", "harcos-lehetosegei")
        if occ == WARRIOR:
            if sp == 1:
                return ("capture", "", "utes")
            if sp == 4 and o.step_into_capture == "captured":
                return ("fall", "", "harcos-lehetosegei")
            return ("block", "ZEN-WEAKER", "helycsere")
        if sp == so:
            return ("block", "ZEN-EQUAL", "helycsere")
        if sp < so:
            return ("block", "ZEN-WEAKER", "helycsere")
        if passive_occ and not o.passive_swaps:
            return ("block", "ZEN-PASSIVE", "ket-jatekos-passziv")
        if occ_owner == self.me and not o.swap_own:
            return ("block", "ZEN-OWN-SWAP", "helycsere")
        return ("swap", "", "helycsere")

    def own_steps(self) -> list[tuple[int, int]]:
        """Legal steps of the mover's own pieces (Zen: Egy kör 1)."""
        out: list[tuple[int, int]] = []
        board, me, effect, nb = self.board, self.me, self.effect, self.nb
        for a, p in enumerate(board):
            if p is None or p == WARRIOR or p[0] != me:
                continue
            for b in nb[a]:
                if effect(p, board[b])[0] != "block":
                    out.append((a, b))
        return out

    def warrior_steps(self) -> list[tuple[int, int]]:
        """Legal steps of any Warrior (Zen: Egy kör 2)."""
        out: list[tuple[int, int]] = []
        board, effect, nb = self.board, self.effect, self.nb
        for a, p in enumerate(board):
            if p != WARRIOR:
                continue
            for b in nb[a]:
                if effect(p, board[b])[0] != "block":
                    out.append((a, b))
        return out

    # -- actions ----------------------------------------------------------

    def interacts(self, a: int, b: int) -> bool:
        """Whether the step a→b swaps with or captures the piece on *b* (the notation's ``x``)."""
        piece = self.board[a]
        return piece is not None and self.effect(piece, self.board[b])[0] not in ("move", "block")

    def step(self, a: int, b: int, mark: bool = False) -> Verdict | None:
        if self.over:
            return _v("ZEN-GAME-OVER", "befejezes", "action", act=_sn(a, b), **self._finish_text())
        if self.phase in (_PRE, _OWN_DONE):
            own = self.phase == _PRE
            self.phase = _OWN_DONE if own else _WARRIOR_DONE
            self.window = set()
            v = self._check_step(a, b, own=own)
            if v is None:
                unmarked = mark and not self.interacts(a, b)
                self._apply_step(a, b, own=own)
                self.own_ok = self.own_ok or own
                if unmarked:
                    return _v("ZEN-MARK", "helycsere", "empty", marked=f"{square_name(a)}x{square_name(b)}",
                              square=square_name(b), step=_sn(a, b))
            return v
        if self.phase == _PASSED and self.board[a] == WARRIOR:
            return _v("ZEN-WARRIOR-SKIPPED", "kor-3", "passed", step=_sn(a, b))
        if self.phase == _PASSED:
            return _v("ZEN-EXTRA-STEP", "kor-1", "after-pass", step=_sn(a, b))
        return _v("ZEN-EXTRA-STEP", "kor-2", "third", step=_sn(a, b))

    def _check_step(self, a: int, b: int, own: bool) -> Verdict | None:
        me, board = self.me, self.board
        piece = board[a]
        sn = _sn(a, b)
        if own:
            if piece is None:
                return _v("ZEN-EMPTY-SQUARE", "kor-1", "empty", step=sn, square=square_name(a))
            if piece == WARRIOR:
                return _v("ZEN-NOT-OWN-PIECE", "kor-1", "warrior", step=sn, square=square_name(a), me=me)
            if piece[0] != me:
                case = "passive" if piece[0] in self.pos.passive else "other"
                return _v("ZEN-NOT-OWN-PIECE", "kor-1", case, step=sn, piece=piece, **piece_args("name", piece), me=me)
        else:
            if piece is None:
                return _v("ZEN-EMPTY-SQUARE", "kor-2", "empty", step=sn, square=square_name(a))
            if piece != WARRIOR:
                return _v("ZEN-NOT-WARRIOR", "kor-2", "piece", step=sn, square=square_name(a), piece=piece,
                          **piece_args("name", piece))
        geo = _geometry(a, b, self.opts.ring_columns)
        if geo is not None:
            code, key, case, n = geo
            return _v(code, key, case, step=sn, n=n)
        occ = board[b]
        kind, code, key = self.effect(piece, occ)
        if kind == "block":
            assert occ is not None
            return _v(code, key, "block", step=sn, piece=piece, **piece_args("piece_name", piece), occ=occ,
                      **piece_args("occ_name", occ), me=self.me)
        return None

    def _apply_step(self, a: int, b: int, own: bool) -> None:
        board, me = self.board, self.me
        piece = board[a]
        occ = board[b]
        assert piece is not None
        kind = self.effect(piece, occ)[0]
        landed: int | None = b  # where the stepping piece ends up
        displaced: int | None = None  # where a swapped piece ends up
        if kind == "move":
            board[b], board[a] = piece, None
        elif kind == "swap":
            board[b], board[a] = piece, occ
            displaced = a
        elif kind == "capture":
            assert occ is not None
            self.captured.append((occ, me))
            if self.opts.capture_moves_in:
                board[b], board[a] = piece, None
            else:
                board[b] = None
                landed = None
        else:  # fall: the stepping piece is captured
            assert occ is not None
            scorer = _owner(occ) if piece == WARRIOR else None
            self.captured.append((piece, scorer))
            board[a] = None
            landed = None
        # placed_by_other follows the pieces this step moved (a fall or a capture
        # that does not move in leaves the unmoved piece's mark as it was)
        moved = (a, b) if kind in ("move", "swap") or landed is not None else ()
        for s in (a, b):
            p = board[s]
            if p is None:
                self.by_other.discard(s)
            elif s in moved:
                if p != WARRIOR and p[0] != me:
                    self.by_other.add(s)
                else:
                    self.by_other.discard(s)
        mine = self.targets.get(me, set())
        if own and landed is not None and landed in mine and _owner(board[landed]) == me:
            self.window.add(landed)
        if (
            displaced is not None
            and self.opts.own_displacement_arrival
            and displaced in mine
            and _owner(board[displaced]) == me
        ):
            self.window.add(displaced)
        self._check_over()

    def arrive(self, s: int) -> Verdict | None:
        me = self.me
        if self.over:
            return _v("ZEN-GAME-OVER", "befejezes", "action", act=f"{square_name(s)}@", **self._finish_text())
        piece = self.board[s]
        sq = square_name(s)
        if piece is None:
            return _v("ZEN-ARRIVE-EMPTY", "cel", "empty", square=sq)
        if piece == WARRIOR:
            return _v("ZEN-ARRIVE-WARRIOR", "elokeszuletek-7", "warrior", square=sq)
        if piece[0] != me:
            return _v("ZEN-ARRIVE-NOT-OWN", "belepes-1", "other", square=sq, piece=piece, **piece_args("name", piece))
        mine = self.targets.get(me, set())
        if s not in mine:
            used = [p for p, q in self.arrived.get(me, []) if q == s]
            if used:
                return _v("ZEN-TARGET-USED", "cel", "used", square=sq, me=me, piece=used[0])
            if mine:
                cards = " ".join(square_name(t) for t in sorted(mine))
                return _v("ZEN-NOT-TARGET", "elokeszuletek-7", "cards", square=sq, me=me, cards=cards)
            return _v("ZEN-NOT-TARGET", "elokeszuletek-7", "none-left", square=sq, me=me)
        if s not in self.window:
            return _v("ZEN-ARRIVAL-WINDOW", "belepes-1", self._window_case(s, piece), square=sq, piece=piece, me=me)
        self.board[s] = None
        mine.discard(s)
        self.arrived.setdefault(me, []).append((piece, s))
        self.window.discard(s)
        self.by_other.discard(s)
        self._check_over()
        return None

    def _window_case(self, s: int, piece: str) -> str:
        """Why *piece* on *s* cannot arrive now: the case of the ``ZEN-ARRIVAL-WINDOW`` message."""
        if self.phase == _PRE:
            return "earlier"
        if s in self.pos.placed_by_other and self.pos.board[s] == piece:
            return "placed"
        if not self.opts.own_displacement_arrival:
            return "stepped-only"
        return "after-step"

    def pass_turn(self) -> Verdict | None:
        if self.over:
            return _v("ZEN-GAME-OVER", "befejezes", "action", act="pass", **self._finish_text())
        if self.phase != _PRE:
            return _v("ZEN-LATE-PASS", "kor-3", "step")
        self.phase = _PASSED
        self.window = set()
        steps = self.own_steps()
        if steps:
            return _v("ZEN-MOVE-COMPULSORY", "lepesek-1", "pass", me=self.me, steps=_listed(steps))
        return None

    def finish(self) -> list[Verdict]:
        """End the turn: report a missing step, then hand the move on."""
        out: list[Verdict] = []
        if not self.over:
            if self.phase == _PRE:
                steps = self.own_steps()
                if steps:
                    out.append(_v("ZEN-MOVE-COMPULSORY", "lepesek-1", "no-step", me=self.me, steps=_listed(steps)))
            elif self.phase == _OWN_DONE and self.own_ok and self.opts.warrior_compulsory:
                ws = self.warrior_steps()
                if ws:
                    out.append(_v("ZEN-WARRIOR-REQUIRED", "kor-2", "no-step", steps=_listed(ws)))
        me = self.me
        for s in [s for s in self.by_other if _owner(self.board[s]) == me]:
            self.by_other.discard(s)
        return out

    def _check_over(self) -> None:
        if self.opts.end_immediately and self._finished():
            self.over = True

    def _finished(self) -> list[str]:
        present = {p[0] for p in self.board if p is not None and p != WARRIOR}
        return [p for p in self.pos.players if p not in present]

    def _finish_text(self) -> dict[str, Any]:
        """Who has finished, as the ``finish`` argument of a game-over message."""
        return both("finish", "ZEN.finished", players=", ".join(self._finished()))

    def freeze(self) -> Position:
        """The position after this turn (the next player to move)."""
        pos = self.pos
        return replace(
            pos,
            board=tuple(self.board),
            targets=tuple((p, frozenset(self.targets.get(p, ()))) for p, _ in pos.targets),
            arrived=tuple((p, tuple(self.arrived.get(p, ()))) for p in pos.players if self.arrived.get(p)),
            captured=_canonical_captures(self.captured),
            placed_by_other=frozenset(self.by_other),
            to_move=pos.next_player(self.me),
            turn=pos.turn + 1,
        )


#: refusals of an arrival that may only be misplaced within its turn
_MISPLACED = ("ZEN-ARRIVAL-WINDOW", "ZEN-ARRIVE-EMPTY", "ZEN-ARRIVE-NOT-OWN")


def _canonical_captures(items: Iterable[tuple[str, str | None]]) -> tuple[tuple[str, str | None], ...]:
    """Captured pieces grouped by who took them off (nobody last), then by piece."""
    return tuple(sorted(items, key=lambda c: (c[1] is None, c[1] or "", c[0])))


def _owner(p: str | None) -> str | None:
    return None if p is None or p == WARRIOR else p[0]


def _sn(a: int, b: int) -> str:
    return f"{square_name(a)}-{square_name(b)}"


def _listed(steps: list[tuple[int, int]]) -> str:
    """The first six of *steps*, ``a1-a2 b3-b4 …``, for a message."""
    return " ".join(_sn(a, b) for a, b in steps[:6]) + (" …" if len(steps) > 6 else "")


def _geometry(a: int, b: int, ring: bool) -> tuple[str, str, str, int] | None:
    """Why a→b is not one legal step (Zen: Lépések 2-4): (code, rule key, the message's case, how far),
    or ``None`` when it is one."""
    if b in NEIGHBOURS[ring][a]:
        return None
    fa, fb, ca, cb = floor_of(a), floor_of(b), column_of(a), column_of(b)
    if a == b:
        return ("ZEN-NO-STEP", "lepesek-2", "same", 0)
    if fa != fb and ca != cb:
        return ("ZEN-DIAGONAL", "lepesek-4", "floors", 0)
    if fa == fb:
        d = abs(ca - cb)
        if ring and d == 2 and NCOLS == 4:
            return ("ZEN-DIAGONAL", "lepesek-4", "opposite", 0)
        return ("ZEN-TOO-FAR", "lepesek-2", "columns", d)
    return ("ZEN-TOO-FAR", "lepesek-2", "floors", abs(fa - fb))


# ---------------------------------------------------------------------------
# Legal-move generation


def _subsets(items: Iterable[int]) -> Iterator[tuple[int, ...]]:
    xs = sorted(items)
    for r in range(len(xs) + 1):
        yield from combinations(xs, r)


def _with_arrivals(w: _Work, acts: tuple[Action, ...]) -> Iterator[tuple[_Work, tuple[Action, ...]]]:
    """Every choice of arrivals from the current window."""
    if not w.window:
        yield w, acts
        return
    for sub in _subsets(w.window):
        w2 = w.copy()
        for s in sub:
            w2.arrive(s)
        yield w2, acts + tuple(Arrive(s) for s in sub)


def _generate(w0: _Work, acts0: tuple[Action, ...], out: list[Move]) -> None:
    for w1, acts1 in _with_arrivals(w0, acts0):
        if w1.over:
            out.append(Move(acts1))
            continue
        steps = w1.own_steps()
        if not steps:
            out.append(Move(acts1 + (PASS,)))
            continue
        for a, b in steps:
            w2 = w1.copy()
            w2.phase = _OWN_DONE
            w2.window = set()
            w2._apply_step(a, b, own=True)
            for w3, acts3 in _with_arrivals(w2, acts1 + (Step(a, b, w1.interacts(a, b)),)):
                if w3.over:
                    out.append(Move(acts3))
                    continue
                ws = w3.warrior_steps()
                if not ws or not w3.opts.warrior_compulsory:
                    out.append(Move(acts3))
                for c, d in ws:
                    warrior = Step(c, d, w3.interacts(c, d))
                    w4 = w3.copy()
                    w4.phase = _WARRIOR_DONE
                    w4.window = set()
                    w4._apply_step(c, d, own=False)
                    for _w5, acts5 in _with_arrivals(w4, acts3 + (warrior,)):
                        out.append(Move(acts5))


__all__ = [
    "Action",
    "Arrive",
    "Move",
    "NSQUARES",
    "OK",
    "Outcome",
    "PASS",
    "Pass",
    "Position",
    "Score",
    "Step",
    "Verdict",
]
