"""The action language of ruling scenarios: text -> :class:`Action`.

One action a line, Hungarian verbs with English aliases, card names in double
quotes (``docs/scenarios.md`` has the whole table)::

    >>> a = parse_action('leidéz "Őstűz teremtése" által "Airun al Marem" célpont "Garmacs, a kincsvadász" x 3')
    >>> a.verb, a.card, a.by, a.targets, a.x
    ('summon', 'Őstűz teremtése', 'Airun al Marem', ('Garmacs, a kincsvadász',), 3)
    >>> parse_action('copy @1 by "Briar Sichetti"').ref, parse_action('másol bejegyzés 2').ref
    (1, 2)

A ``hatás "…"`` clause is kept as text; it is in the effect language of
:mod:`korbiro.grammar.behaviour`.  :func:`render` writes an action back in
its canonical Hungarian form, which parses to the same action::

    >>> render(parse_action('summon "Slan ököl" by "Garmacs" target "Briar Sichetti"'))
    'leidéz "Slan ököl" által "Garmacs" célpont "Briar Sichetti"'

Errors are :class:`~korbiro.base.errors.RulesSyntaxError` with the column and a caret::

    >>> parse_action('leidéz Briar')
    Traceback (most recent call last):
    ...
    korbiro.base.errors.RulesSyntaxError: <action>:1:8: unexpected 'B'; expected a card name in double quotes
      leidéz Briar
             ^
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ..base import i18n
from ..base.errors import RulesSyntaxError
from ..base.text import close_matches, fold
from .larkerror import fault

if TYPE_CHECKING:
    from lark import Lark, Token, UnexpectedInput

__all__ = ["PASS", "VERBS", "Action", "parse_action", "render"]

#: Canonical verbs (the English alias) in the order of docs/scenarios.md.
VERBS = ("summon", "activate", "attach", "build", "neutralise", "copy", "pass", "unwind", "solve",
         "siege", "capture", "fight", "phase", "end_round", "round", "game", "kill", "damage", "sacrifice", "take",
         "challenge", "eliminate", "ally", "swap", "dice", "obstruct", "order")

_KINDS = {"bestia": "beast", "beast": "beast", "képesség": "ability", "kepesseg": "ability",
          "ability": "ability", "lap": "card", "card": "card"}

class Action(NamedTuple):
    """One parsed action; unused fields keep their defaults.

    A named tuple, not a frozen dataclass: the engine's listing makes one for every probe and completion, and a
    frozen dataclass of 25 fields takes ~3.4 µs to make against ~0.5 µs (issue 29).  Two actions are equal when
    everything but :attr:`text` (how the action was written) is; an action equals no plain tuple."""

    verb: str
    card: str | None = None
    ref: int | str | None = None
    dest: str | None = None
    by: str | None = None
    targets: tuple[str, ...] = ()
    team: tuple[str, ...] = ()
    blockers: tuple[str, ...] = ()
    x: int | None = None
    mode: str | None = None
    free: bool = False
    accept: bool = False
    roll: int | None = None
    kind: str | None = None
    source: str | None = None
    expedition: bool = False
    store: str | None = None
    against: str | None = None
    keep: str | None = None
    effect: str | None = None
    #: which of the card's abilities: its name, or its number (1 = the first)
    ability: str | int | None = None
    #: how many (``unwind 2``, a ``játék`` step's seed); the field hides the tuple's ``count`` method, which no
    #: caller of an action uses
    count: int | None = None  # type: ignore[assignment]
    amount: int | None = None
    #: the dice of ``kocka 5, 3`` (the combat rounds' attack rolls, the next first)
    dice: tuple[int, ...] = ()
    text: str = ""

    def __eq__(self, other: object) -> bool:
        return type(other) is Action and self[:-1] == other[:-1]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:-1])


#: a pass: the action played most, one value for every pass an engine's listing or a policy makes (an action is
#: immutable); the engine knows it has no clause to check
PASS = Action("pass")


class Clause(NamedTuple):
    """A clause of an action (``dob 6``): the :class:`Action` field it sets, its value, and its first word."""

    key: str
    value: Any
    word: Token


class _SaidTwice(Exception):
    """A clause whose field is set already (raised inside the transformer; :func:`parse_action` says it)."""

    def __init__(self, word: Token) -> None:
        super().__init__(str(word))
        self.word = word


_CLAUSES = {"by", "targets", "x_value", "mode", "free", "accept", "roll", "as_kind", "source",
            "expedition", "store", "blockers", "against", "keep", "do_effect", "ability_pick"}


class _Actions:
    """The methods of the tree-to-:class:`Action` transformer (:func:`_transformer`), one per grammar rule."""

    def name(self, items: list[Token]) -> str:
        return unicodedata.normalize("NFC", str(items[0])[1:-1]).strip()

    def names(self, items: list[str]) -> tuple[str, ...]:
        return tuple(items)

    def ref_number(self, items: list[Token]) -> int:
        return int(items[0])

    def ref_entry(self, items: list[Token]) -> int:
        return int(items[1])

    def ref_name(self, items: list[Token]) -> str:
        return unicodedata.normalize("NFC", str(items[0])[1:-1]).strip()

    def by(self, items: list[Any]) -> Clause:
        return Clause("by", items[1], items[0])

    def targets(self, items: list[Any]) -> Clause:
        return Clause("targets", items[1], items[0])

    def x_value(self, items: list[Any]) -> Clause:
        return Clause("x", int(items[1]), items[0])

    def mode(self, items: list[Any]) -> Clause:
        return Clause("mode", items[1], items[0])

    def free(self, items: list[Any]) -> Clause:
        return Clause("free", True, items[0])

    def accept(self, items: list[Any]) -> Clause:
        return Clause("accept", True, items[0])

    def roll(self, items: list[Any]) -> Clause:
        return Clause("roll", int(items[1]), items[0])

    def as_kind(self, items: list[Any]) -> Clause:
        return Clause("kind", _KINDS[str(items[1]).casefold()], items[0])

    def source(self, items: list[Any]) -> Clause:
        return Clause("source", items[1], items[0])

    def expedition(self, items: list[Any]) -> Clause:
        return Clause("expedition", True, items[0])

    def store(self, items: list[Any]) -> Clause:
        return Clause("store", items[1], items[0])

    def blockers(self, items: list[Any]) -> Clause:
        return Clause("blockers", items[1], items[0])

    def against(self, items: list[Any]) -> Clause:
        return Clause("against", items[1], items[0])

    def keep(self, items: list[Any]) -> Clause:
        return Clause("keep", items[1], items[0])

    def do_effect(self, items: list[Any]) -> Clause:
        return Clause("effect", items[1], items[0])

    def ability_pick(self, items: list[Any]) -> Clause:
        value = items[1]  # a name (already a str), or an INT token: the ability's number
        return Clause("ability", int(value) if getattr(value, "type", None) == "INT" else value, items[0])

    @staticmethod
    def _simple(verb: str, items: list[Any], **fixed: Any) -> Action:
        """The action of *verb* with its own fields *fixed* and the clauses among *items*; a clause said
        twice, or saying what the verb already says, is refused (:class:`_SaidTwice`)."""
        out = dict(fixed)
        for item in items:
            if isinstance(item, Clause):
                if item.key in out:
                    raise _SaidTwice(item.word)
                out[item.key] = item.value
        return Action(verb, **out)

    def summon(self, items: list[Any]) -> Action:
        return self._simple("summon", items[2:], card=items[1])

    def activate(self, items: list[Any]) -> Action:
        return self._simple("activate", items[2:], card=items[1])

    def attach(self, items: list[Any]) -> Action:
        return self._simple("attach", items[4:], card=items[1], dest=items[3])

    def build(self, items: list[Any]) -> Action:
        return self._simple("build", items[4:], card=items[1], dest=items[3])

    def neutralise(self, items: list[Any]) -> Action:
        return self._simple("neutralise", items[2:], ref=items[1])

    def copy(self, items: list[Any]) -> Action:
        return self._simple("copy", items[2:], ref=items[1])

    def pass_(self, items: list[Any]) -> Action:
        return Action("pass")

    def unwind(self, items: list[Any]) -> Action:
        return Action("unwind", count=int(items[1]) if len(items) > 1 else None)

    def solve(self, items: list[Any]) -> Action:
        return self._simple("solve", items[4:], card=items[1], team=items[3])

    def siege(self, items: list[Any]) -> Action:
        return self._simple("siege", items[3:], team=items[2])

    def fight(self, items: list[Any]) -> Action:
        return self._simple("fight", items[3:], team=items[2])

    def capture(self, items: list[Any]) -> Action:
        return self._simple("capture", items[4:], card=items[1], team=items[3])

    def phase(self, items: list[Any]) -> Action:
        return Action("phase", card=items[1])

    def end_round(self, items: list[Any]) -> Action:
        return Action("end_round")

    def obstruct(self, items: list[Any]) -> Action:
        return Action("obstruct", team=items[2])

    def order(self, items: list[Any]) -> Action:
        return Action("order", team=items[1])

    def dice(self, items: list[Any]) -> Action:
        return Action("dice", dice=tuple(int(t) for t in items[1:] if getattr(t, "type", None) == "INT"))

    def play_round(self, items: list[Any]) -> Action:
        return Action("round")

    def play_game(self, items: list[Any]) -> Action:
        return Action("game", count=int(items[1]) if len(items) > 1 else None)

    def kill(self, items: list[Any]) -> Action:
        return Action("kill", card=items[1])

    def damage(self, items: list[Any]) -> Action:
        return Action("damage", amount=int(items[1]), card=items[2])

    def sacrifice(self, items: list[Any]) -> Action:
        return Action("sacrifice", card=items[1])

    def take(self, items: list[Any]) -> Action:
        return self._simple("take", items[2:], card=items[1])

    def challenge(self, items: list[Any]) -> Action:
        return Action("challenge", against=items[1])

    def eliminate(self, items: list[Any]) -> Action:
        return Action("eliminate", against=items[1], targets=items[3] if len(items) > 3 else ())

    def ally(self, items: list[Any]) -> Action:
        return self._simple("ally", items[2:], against=items[1])

    def swap(self, items: list[Any]) -> Action:
        return Action("swap", card=items[1], dest=items[3])

    def start(self, items: list[Any]) -> Action:
        return items[0]  # type: ignore[no-any-return]


@cache
def _transformer() -> type[Any]:
    """lark's Transformer with the methods of :class:`_Actions`, made when the first action is parsed."""
    # lazy: lark is loaded by the first action parsed, not by the engine's import
    from lark import Token, Transformer

    class _ToAction(_Actions, Transformer[Token, Any]):
        pass

    return _ToAction


@cache
def _parser(start: str) -> Lark:
    from . import prebuilt  # lazy: as _transformer()

    return prebuilt.load("action.lark", start)


_EXPECTED_WORDS = {
    "STRING": "a card name in double quotes",
    "INT": "a number",
    "AT": "'@' and an entry number",
    "TO": "'->'",
    "TEAM": "'csapat' (team)",
}


#: the terminals of action.lark that are verbs (the first word of an action)
_VERB_TERMINALS = frozenset({
    "SUMMON", "ACTIVATE", "ATTACH", "BUILD", "NEUTRALISE", "COPY", "PASS", "UNWIND", "SOLVE", "SIEGE", "CAPTURE",
    "FIGHT", "PHASE", "END_ROUND", "ROUND", "GAME", "KILL", "DAMAGE", "SACRIFICE", "TAKE", "CHALLENGE", "ELIMINATE", "ALLY",
    "SWAP"})
_WORD = re.compile(r"[^\W\d_][\w-]*")
_TWO_WORDS = re.compile(r"[^\W\d_][\w-]* [^\W\d_][\w-]*")


@cache
def _spellings() -> dict[str, tuple[str, ...]]:
    """Terminal name -> the words it accepts, in both languages, as action.lark spells them."""
    out: dict[str, tuple[str, ...]] = {}
    for t in _parser("start").terminals:
        m = re.search(r"\(((?:[^()|]+\|)*[^()|]+)\)\(\?!\[\\w-\]\)", t.pattern.value)
        if m:
            out[t.name] = tuple(m.group(1).split("|"))
    return out


def _close_words(word: str, terminals: set[str]) -> list[str]:
    """The spellings of *terminals* close to *word* (accents and case aside), one per spelling's fold."""
    spellings: dict[str, str] = {}
    for name in sorted(terminals):
        for w in _spellings().get(name, ()):
            spellings.setdefault(fold(w), w)
    close = close_matches(fold(word), spellings)
    return list(dict.fromkeys(spellings[c] for c in close))


def _fail(text: str, exc: UnexpectedInput, what: str, path: str | None, line: int | None,
          column: int | None) -> RulesSyntaxError:
    where = fault(text, exc)
    col0, expected = where.pos, sorted(where.expected)
    if expected:
        words = [_EXPECTED_WORDS.get(e, e.lower().strip("_")) for e in expected[:6]]
        hint = "; expected " + " or ".join(dict.fromkeys(words))
    else:
        hint = ""
    got = text[col0:col0 + 1] if col0 < len(text) else ""
    msg = (f"unexpected {got!r}{hint}" if got else f"unexpected end of {what}{hint}")
    hu: str | None = None  # the grammar's own words are English: only a did-you-mean is said in Hungarian too
    word = _WORD.match(text, col0)
    if word is not None:  # a misspelt verb or clause word: did you mean one of the words expected here?
        written = word.group()
        close = _close_words(written, set(expected))
        two = _TWO_WORDS.match(text, col0)  # `end round`, `take control`, `blocked by`
        if two is not None:
            both = _close_words(two.group(), set(expected))
            if both and fold(both[0]) != fold(written):
                written, close = two.group(), list(dict.fromkeys([*both, *close]))[:3]
        key = None
        if _VERB_TERMINALS <= set(expected):
            key = "MK-ACTION-SYNTAX.verb-mean" if close else "MK-ACTION-SYNTAX.verb-list"
        elif close:
            key = "MK-ACTION-SYNTAX.mean"
        if key is not None:
            msg, hu = (i18n.message(key, lang, written=written, verbs=", ".join(_VERB_WORDS.values()),
                                    mean=i18n.joined(map(repr, close), "or", lang)) for lang in ("en", "hu"))
    caret = f"\n  {text}\n  {' ' * col0}^"
    return RulesSyntaxError("MK-ACTION-SYNTAX", msg + caret, path=path or "<action>", line=line or 1,
                            column=(column or 1) + col0, hu=hu + caret if hu else None)


def parse_action(text: str, *, path: str | None = None, line: int | None = None,
                 column: int | None = None) -> Action:
    """Parse one action; raise :class:`RulesSyntaxError` (with line and column) if it is not one."""
    if not isinstance(text, str) or not text.strip():
        raise RulesSyntaxError("MK-ACTION-EMPTY", "empty action", path=path or "<action>", line=line or 1,
                               column=column)
    if len(text) > 2000:
        raise RulesSyntaxError("MK-ACTION-LONG", "action longer than 2000 characters",
                               path=path or "<action>", line=line or 1, column=column)
    from lark import UnexpectedInput  # lazy: as _transformer()

    try:
        tree = _parser("start").parse(text)
    except UnexpectedInput as exc:
        raise _fail(text, exc, "action", path, line, column) from None
    from lark.exceptions import VisitError  # lazy: as _transformer()

    try:
        action = _transformer()().transform(tree)
    except VisitError as exc:
        if not isinstance(exc.orig_exc, _SaidTwice):
            raise
        word = exc.orig_exc.word
        col0 = (word.column or 1) - 1
        raise RulesSyntaxError.said("MK-ACTION-SYNTAX.twice", path=path or "<action>", line=line or 1,
                                    column=(column or 1) + col0, word=str(word), text=text,
                                    pad=" " * col0) from None
    assert isinstance(action, Action)
    return action._replace(text=text)


# ---------------------------------------------------------------- writing an action back

#: The canonical Hungarian word of each verb and clause (the first spelling of action.lark).
_VERB_WORDS = {"summon": "leidéz", "activate": "aktivizál", "attach": "csatol", "build": "ráépít",
               "neutralise": "semlegesít", "copy": "másol", "pass": "passz", "unwind": "visszafejt",
               "solve": "megold", "siege": "ostromol", "capture": "bevesz", "fight": "harcol", "phase": "fázis",
               "end_round": "forduló vége", "round": "forduló", "game": "játék", "kill": "meghal",
               "damage": "sebez", "sacrifice": "feláldoz", "take": "megszerez", "challenge": "kihív",
               "eliminate": "kiejt", "ally": "szövetség", "swap": "csere", "dice": "kocka", "obstruct": "akadályoz",
               "order": "hadrend"}
#: the verbs whose first word is a player (``kihív "Béla"``), and the word that brings in their cards
_PLAYER_VERBS = {"challenge": None, "eliminate": "aljára", "ally": None}
_KIND_WORDS = {"beast": "bestia", "ability": "képesség", "card": "lap"}


def _q(name: str) -> str:
    if '"' in name or "\n" in name:
        raise ValueError(f"a name with a double quote or a line break cannot be written: {name!r}")
    return f'"{name}"'


def render(a: Action) -> str:
    """The action in its canonical Hungarian form (``parse_action(render(a)) == a``)."""
    words = [_VERB_WORDS[a.verb]]
    if a.verb == "damage":
        words.append(str(a.amount))
    if a.verb in ("unwind", "game") and a.count is not None:
        words.append(str(a.count))
    if a.verb == "dice":
        words.append(", ".join(str(d) for d in a.dice))
    if a.verb == "order":
        return " ".join([*words, ", ".join(_q(n) for n in a.team)])
    if a.verb in _PLAYER_VERBS:
        words.append(_q(a.against or ""))
        if a.targets:
            words.extend([_PLAYER_VERBS[a.verb] or "célpont", ", ".join(_q(n) for n in a.targets)])
        return " ".join(words + (["akarja"] if a.accept else []))
    if a.ref is not None:
        words.append(f"@{a.ref}" if isinstance(a.ref, int) else _q(a.ref))
    if a.card is not None:
        words.append(_q(a.card))
    if a.dest is not None:
        words.extend(["->", _q(a.dest)])
    if a.team:
        words.extend(["csapat", ", ".join(_q(n) for n in a.team)])
    clauses: list[tuple[str, str | None]] = [
        ("által", _q(a.by) if a.by is not None else None),
        ("célpont", ", ".join(_q(n) for n in a.targets) if a.targets else None),
        ("x", str(a.x) if a.x is not None else None),
        ("mód", _q(a.mode) if a.mode is not None else None),
        ("dob", str(a.roll) if a.roll is not None else None),
        ("mint", _KIND_WORDS[a.kind] if a.kind is not None else None),
        ("forrás", _q(a.source) if a.source is not None else None),
        ("raktároz", _q(a.store) if a.store is not None else None),
        ("akadályoz", ", ".join(_q(n) for n in a.blockers) if a.blockers else None),
        ("ellen", _q(a.against) if a.against is not None else None),
        ("megtart", _q(a.keep) if a.keep is not None else None),
        ("hatás", _q(a.effect) if a.effect is not None else None),
        ("képesség", (_q(a.ability) if isinstance(a.ability, str) else str(a.ability)) if a.ability is not None else None),
    ]
    for word, value in clauses:
        if value is not None:
            words.extend([word, value])
    for flag, word in ((a.free, "ingyen"), (a.accept, "akarja"), (a.expedition, "expedíció")):
        if flag:
            words.append(word)
    return " ".join(words)

