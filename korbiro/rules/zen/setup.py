"""Zen set-up for 4, 3 and 2 players: dealing the three decks, placing the pieces,
passing the decks on as target cards (Zen: Előkészületek 1-7, Három játékos,
Két játékos).

Seats are ``A B C D`` clockwise; ``A``/``C`` and ``B``/``D`` sit opposite.

    >>> pos = setup(4, seed=7)
    >>> pos.seats, len([p for p in pos.board if p]), pos.to_move
    (('A', 'B', 'C', 'D'), 20, 'A')
    >>> setup(2, seed=7).seats
    ('A', 'B')
    >>> sorted(setup(2, seed=7, variant="passive").passive)
    ['C', 'D']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...base.errors import UsageError
from .messages import raise_as
from .options import Options
from .position import Position, Verdict, _v
from .rules import NSQUARES, SEATS, WARRIOR, card_marks, square_name

VARIANTS = ("standard", "passive")


@dataclass(frozen=True)
class Deal:
    """Who holds which start cards.

    ``seats`` are the colours that go into the tower (seat order); ``hands``
    maps each of them to its five start cards (squares); ``passive`` colours
    (two-player variant) take part only as obstacles.
    """

    players: int
    variant: str
    seats: tuple[str, ...]
    hands: tuple[tuple[str, tuple[int, ...]], ...]
    passive: frozenset[str] = frozenset()

    def hand(self, seat: str) -> tuple[int, ...]:
        return dict(self.hands)[seat]

    def targets(self) -> dict[str, tuple[int, ...]]:
        """Each active player's target cards: the hand passed on to him clockwise
        (Zen: Előkészületek 7).  With two players, in both variants, the two players
        exchange their hands (Zen: Két játékos); passive colours have no targets."""
        order = [s for s, _ in self.hands if s not in self.passive]
        hands = dict(self.hands)
        return {s: hands[order[i - 1]] for i, s in enumerate(order)}


def seats_for(players: int, variant: str = "standard") -> tuple[tuple[str, ...], frozenset[str]]:
    """The colours in the tower and the passive ones for a player count and variant."""
    if variant not in VARIANTS:
        raise raise_as(UsageError, "ZEN-SETUP", "ZEN-SETUP.variant", variant=variant)
    if players == 4 or players == 3:
        if variant != "standard":
            raise raise_as(UsageError, "ZEN-SETUP", "ZEN-SETUP.passive")
        return tuple(SEATS[:players]), frozenset()
    if players == 2:
        if variant == "passive":
            return tuple(SEATS[:4]), frozenset({SEATS[2], SEATS[3]})
        return tuple(SEATS[:2]), frozenset()
    raise raise_as(UsageError, "ZEN-SETUP", "ZEN-SETUP.players", players=players)


def _decks() -> dict[int, list[int]]:
    decks: dict[int, list[int]] = {1: [], 2: [], 3: []}
    for sq in range(NSQUARES):
        decks[card_marks(sq)].append(sq)
    return decks


def deal(players: int, rng: random.Random, variant: str = "standard") -> Deal:
    """Deal the start cards as the rulebook describes, shuffling each deck with *rng*.

    Four players: one two-mark card each (third floor), the one-mark cards halved
    between A and C, the three-mark cards between B and D.  Three: the same, and
    D's hand is set aside.  Two: A takes five one-mark cards, B five three-mark
    cards; with ``variant="passive"`` the deal is the four-player one, and C and D
    are the passive colours.
    """
    seats, passive = seats_for(players, variant)
    decks = _decks()
    for cards in decks.values():
        rng.shuffle(cards)
    a, b, c, d = tuple(SEATS[:4])
    if players == 2 and variant == "standard":
        hands = {a: decks[1][:5], b: decks[3][:5]}
    else:
        half1, half3 = len(decks[1]) // 2, len(decks[3]) // 2
        hands = {
            a: [decks[2][0], *decks[1][:half1]],
            b: [decks[2][1], *decks[3][:half3]],
            c: [decks[2][2], *decks[1][half1:]],
            d: [decks[2][3], *decks[3][half3:]],
        }
        if players == 3:
            del hands[d]
    return Deal(players, variant, seats, tuple((s, tuple(h)) for s, h in hands.items()), passive)


def check_deal(deal_: Deal) -> list[Verdict]:
    """Every way *deal_* breaks the dealing rules (for hands given by hand)."""
    out: list[Verdict] = []
    hands = dict(deal_.hands)
    two_std = deal_.players == 2 and deal_.variant == "standard"
    expected = set(deal_.seats)
    size_rule = "ket-jatekos" if two_std else ("harom-jatekos" if deal_.players == 3 else "elokeszuletek-4")
    if set(hands) != expected:
        case = "seats" if hands else "nobody"
        out.append(_v("ZEN-SETUP-SEATS", size_rule, case, given=" ".join(sorted(hands)), players=deal_.players,
                      variant=deal_.variant, seats=" ".join(sorted(expected))))
    seen: dict[int, str] = {}
    for seat, hand in deal_.hands:
        if len(hand) != 5:
            out.append(_v("ZEN-SETUP-HAND-SIZE", size_rule, "size", seat=seat, n=len(hand)))
        for sq in hand:
            if sq in seen:
                out.append(_v("ZEN-SETUP-DUPLICATE-CARD", "elokeszuletek-2", "twice", card=square_name(sq),
                              first=seen[sq], seat=seat))
            seen.setdefault(sq, seat)
    kinds: dict[str, int | None] = {}
    for seat, hand in deal_.hands:
        marks = [card_marks(sq) for sq in hand]
        names = " ".join(square_name(sq) for sq in hand)
        if two_std:
            if 2 in marks:
                out.append(_v("ZEN-SETUP-TWO-MARK", "ket-jatekos", "dealt", seat=seat, cards=names))
            rest = [m for m in marks if m != 2]
        else:
            if marks.count(2) != 1:
                out.append(_v("ZEN-SETUP-THIRD-FLOOR", "elokeszuletek-3", "count", seat=seat, n=marks.count(2),
                              cards=names))
            rest = [m for m in marks if m != 2]
        kind = rest[0] if rest and all(m == rest[0] for m in rest) else None
        if rest and kind is None:
            out.append(_v("ZEN-SETUP-DECK", "ket-jatekos" if two_std else "elokeszuletek-4", "mixed", seat=seat,
                          cards=names))
        kinds[seat] = kind
    if two_std:
        ks = [kinds.get(s) for s in deal_.seats]
        if None not in ks and sorted(k for k in ks if k is not None) != [1, 3]:
            out.append(_v("ZEN-SETUP-DECK", "ket-jatekos", "two-players"))
    else:
        a, b, c, d = tuple(SEATS[:4])
        pairs = [(a, c), (b, d)]
        pair_kind: list[int | None] = []
        for x, y in pairs:
            kx, ky = kinds.get(x), kinds.get(y)
            if kx is not None and ky is not None and kx != ky:
                out.append(_v("ZEN-SETUP-OPPOSITE", "elokeszuletek-4", "different", x=x, y=y))
            pair_kind.append(kx if kx is not None else ky)
        if pair_kind[0] is not None and pair_kind[0] == pair_kind[1]:
            out.append(_v("ZEN-SETUP-OPPOSITE", "elokeszuletek-4", "same", a=a, b=b, c=c, d=d))
    return out


def place(deal_: Deal, rng: random.Random) -> list[str | None]:
    """Put each seat's four pieces and one Warrior on its start cards, in an order chosen by *rng*."""
    board: list[str | None] = [None] * NSQUARES
    for seat, hand in deal_.hands:
        pieces = [f"{seat}{k}" for k in range(1, 5)] + [WARRIOR]
        rng.shuffle(pieces)
        # a wrong-sized hand (reported by check_deal) is filled as far as it goes
        for sq, p in zip(hand, pieces, strict=False):
            board[sq] = p
    return board


def check_placement(deal_: Deal, board: Sequence[str | None]) -> list[Verdict]:
    """Every way *board* is not a placement of *deal_* (Zen: Előkészületek 1, 5)."""
    out: list[Verdict] = []
    covered: set[int] = set()
    for seat, hand in deal_.hands:
        covered.update(hand)
        got = sorted((board[sq] or ".") for sq in hand)
        want = sorted([f"{seat}{k}" for k in range(1, 5)] + [WARRIOR])
        if got != want:
            names = " ".join(f"{square_name(sq)}={board[sq] or '.'}" for sq in hand)
            out.append(_v("ZEN-SETUP-PLACEMENT", "elokeszuletek-5", "pieces", seat=seat, cards=names))
    for sq, p in enumerate(board):
        if p is not None and sq not in covered:
            out.append(_v("ZEN-SETUP-STRAY", "elokeszuletek-5", "stray", piece=p, square=square_name(sq)))
    return out


def prepare(
    players: int,
    *,
    seed: int | None = None,
    variant: str = "standard",
    hands: Mapping[str, Sequence[int]] | None = None,
    board: Sequence[str | None] | None = None,
    first: str | None = None,
    options: Options | None = None,
) -> tuple[Position, list[Verdict]]:
    """The start position and every set-up rule it breaks.

    Cards come from *hands* or are dealt with *seed*; pieces come from *board*
    (a placement to check) or are placed with *seed*.  *first* is the player who
    starts (default: the first seat, A).
    """
    rng = random.Random(seed)
    seats, passive = seats_for(players, variant)
    problems: list[Verdict] = []
    if hands is None:
        dl = deal(players, rng, variant)
    else:
        dl = Deal(players, variant, seats, tuple((s, tuple(h)) for s, h in hands.items()), passive)
        problems += check_deal(dl)
    if board is None:
        placed = place(dl, rng)
    else:
        placed = list(board)
        if len(placed) != NSQUARES:
            raise raise_as(UsageError, "ZEN-SETUP", "ZEN-SETUP.squares", n=NSQUARES, got=len(placed))
        problems += check_placement(dl, placed)
    active = [s for s in seats if s not in passive]
    start = first or active[0]
    if start not in active:
        raise raise_as(UsageError, "ZEN-SETUP", "ZEN-SETUP.first", first=start, players=" ".join(active))
    targets = dl.targets()
    pos = Position(
        seats=seats,
        board=tuple(placed),
        targets=tuple((s, frozenset(targets.get(s, ()))) for s in active),
        to_move=start,
        passive=passive,
        options=options or Options(),
    )
    return pos, problems


def setup(
    players: int,
    *,
    seed: int | None = None,
    variant: str = "standard",
    hands: Mapping[str, Sequence[int]] | None = None,
    board: Sequence[str | None] | None = None,
    first: str | None = None,
    options: Options | None = None,
) -> Position:
    """The start position; raises ``IllegalActionError`` if given cards or placement break a set-up rule."""
    pos, problems = prepare(
        players, seed=seed, variant=variant, hands=hands, board=board, first=first, options=options
    )
    if problems:
        raise problems[0].error()
    return pos

