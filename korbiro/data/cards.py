"""The card model: immutable :class:`Card` objects and the :class:`CardDatabase`.

    >>> db = CardDatabase([Card("A-001", "Wirg", "akadálylap", subtype="bestia", mp=2)])
    >>> db.lookup("wirg").card.id
    'A-001'
    >>> db.lookup("Wrig").suggestions
    ['Wirg']
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Protocol

from ..base.text import close_matches, fold
from ..grammar.vocabulary import CARD_TYPES
from .ability import Ability

if TYPE_CHECKING:
    from .behaviour import Behaviour
    from .fields import Descriptor, Requirement
    from .history import TextVersion


#: the multi-valued fields :meth:`Card.values` reads, and whether a string of them splits on "/"
_MULTI = {"class": False, "subclass": False, "phase": True}

__all__ = ["CARD_TYPES", "Ability", "Card", "CardDatabase", "CardSource", "DatedSource", "Lookup", "kinds_from", "kinds_of"]


class Card:
    """One card of the database (immutable); ``attrs`` holds the type-specific fields (``level``, ``fal``, …).

    ``keywords`` are the parsed card-text lines.  A card read from the card
    index carries only their canonical text and parses it on first use, so
    that commands which need no keyword objects (a deck check) never load the
    card-text grammar; ``keyword_keys`` and ``true_names`` are always at hand.
    """

    __slots__ = ("id", "name", "type", "subtype", "mp", "dp", "text", "set", "file", "line", "attrs",
                 "keyword_keys", "true_names", "_keywords", "_keyword_source", "_summary", "_behaviour",
                 "_history", "_stored", "_keyword_objects", "_behaviour_objects", "_abilities")

    id: str
    name: str
    type: str
    subtype: str | None
    mp: int | str | None
    dp: int | None
    text: str
    set: str
    file: str | None
    line: int | None
    attrs: Mapping[str, Any]
    #: the canonical keywords on the card (``{"KINCSKERESÉS", "NEMES NYELV"}``); free text has none
    keyword_keys: frozenset[str]
    #: the names this card also counts as (IGAZ NÉV, rule 2.02)
    true_names: tuple[str, ...]
    _keywords: tuple[Any, ...] | None
    _keyword_source: str | None
    _summary: tuple[tuple[str, str | None, str], ...] | None
    _behaviour: Behaviour | None
    _history: tuple[TextVersion, ...] | None
    #: a stored card's keyword objects and behaviour as the index keeps them (:mod:`.stored`), else None
    _keyword_objects: str | None
    _behaviour_objects: str | None

    def __init__(
        self,
        id: str,
        name: str,
        type: str,
        subtype: str | None = None,
        mp: int | str | None = None,
        dp: int | None = None,
        text: str = "",
        keywords: tuple[Any, ...] | None = (),
        set: str = "",
        file: str | None = None,
        line: int | None = None,
        attrs: Mapping[str, Any] | None = None,
        *,
        keyword_keys: Iterable[str] | None = None,
        true_names: Iterable[str] | None = None,
        keyword_source: str | None = None,
        keyword_summary: Iterable[tuple[str, str | None, str]] | None = None,
        behaviour: Behaviour | None = None,
    ) -> None:
        _columns(self, id, name, type, subtype, mp, dp)
        put = object.__setattr__
        put(self, "text", text)
        put(self, "set", set)
        put(self, "file", file)
        put(self, "line", line)
        put(self, "attrs", dict(attrs) if attrs else {})
        kws = tuple(keywords) if keywords is not None else None
        put(self, "_keywords", kws)
        put(self, "_keyword_source", keyword_source)
        put(self, "_summary", tuple(tuple(x) for x in keyword_summary) if keyword_summary is not None else None)
        put(self, "_behaviour", behaviour)
        put(self, "_history", None)
        put(self, "_keyword_objects", None)
        put(self, "_behaviour_objects", None)
        if keyword_keys is None:
            keyword_keys = (k.keyword for k in kws or () if k.keyword)
        put(self, "keyword_keys", frozenset(keyword_keys))
        if true_names is None:
            true_names = (k.name for k in kws or () if k.keyword == "IGAZ NÉV")
        put(self, "true_names", tuple(true_names))

    @classmethod
    def stored(cls, id: str, name: str, type: str, subtype: str | None, mp: int | str | None, dp: int | None,
               text: str, set: str, file: str | None, line: int | None, *, attrs: str, true_names: str | None,
               keyword_summary: str, keyword_objects: str | None = None, behaviour_objects: str | None = None) -> Card:
        """A card as the index stores it: its JSON fields (``attrs``, the true names, ``None`` for none, and
        the keyword summary) are decoded when first asked for, so that a search of thousands of cards that
        shows a few columns never decodes the rest.  The keyword keys and the keyword text are the
        summary's: the keywords of its lines, and its canonical lines; its keyword objects and behaviour
        (:mod:`.stored`) are made when they are first asked for, without parsing them again."""
        card = cls._unread(id, name, type, subtype, mp, dp, (attrs, true_names, keyword_summary))
        for key, value in (("text", text), ("set", set), ("file", file), ("line", line),
                           ("_keyword_objects", keyword_objects), ("_behaviour_objects", behaviour_objects)):
            object.__setattr__(card, key, value)
        return card

    @classmethod
    def shown(cls, id: str, name: str, type: str, subtype: str | None, mp: int | str | None, dp: int | None, *,
              keyword_summary: str, rest: Callable[[], tuple[Any, ...]]) -> Card:
        """A stored card read for a table (id, name, type, costs, keywords); ``rest()`` gives the other
        columns of :meth:`stored` (text, set, file, line, attrs, true names, keyword objects, behaviour)
        when one of them is first asked for (the keywords are the summary's: a table of them reads nothing
        more)."""
        return cls._unread(id, name, type, subtype, mp, dp, (keyword_summary, rest))

    @classmethod
    def _unread(cls, id: str, name: str, type: str, subtype: str | None, mp: int | str | None, dp: int | None,
                stored: tuple[Any, ...]) -> Card:
        """A card of these columns whose other fields are read from *stored* on first use (:meth:`__getattr__`)."""
        card = cls.__new__(cls)
        _columns(card, id, name, type, subtype, mp, dp)
        put = object.__setattr__
        put(card, "_keywords", None)
        put(card, "_behaviour", None)
        put(card, "_history", None)
        put(card, "_stored", stored)
        return card

    def __getattr__(self, key: str) -> Any:
        # only an unset slot comes here: the fields of a stored card not read yet, read on first use
        if key in _STORED:
            try:
                stored = object.__getattribute__(self, "_stored")
            except AttributeError:
                pass
            else:
                import json  # lazy: json is loaded by the index that made the card

                put = object.__setattr__
                if len(stored) == 2:  # a card read for a table: its summary, then the rest of its row
                    summary, rest = stored
                    if summary is not None:
                        self._read_summary(json.loads(summary))
                        if key in _FROM_SUMMARY:
                            put(self, "_stored", (None, rest))
                            return object.__getattribute__(self, key)
                    text, set_code, file, line, attrs, true_names, kw_objects, behaviour = rest()
                    put(self, "text", text)
                    put(self, "set", set_code)
                    put(self, "file", file)
                    put(self, "line", line)
                    put(self, "_keyword_objects", kw_objects)
                    put(self, "_behaviour_objects", behaviour)
                else:
                    attrs, true_names, summary = stored
                    self._read_summary(json.loads(summary))
                put(self, "attrs", dict(json.loads(attrs)))
                put(self, "true_names", tuple(json.loads(true_names)) if true_names is not None else ())
                object.__delattr__(self, "_stored")
                return object.__getattribute__(self, key)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {key!r}")

    def _read_summary(self, lines: list[list[Any]]) -> None:
        """The stored keyword summary, and what it gives: the keyword keys and the keyword text."""
        summary = tuple(tuple(x) for x in lines)
        put = object.__setattr__
        put(self, "_summary", summary)
        put(self, "keyword_keys", frozenset(kw for kw, _, _ in summary if kw))
        put(self, "_keyword_source", "\n".join(text for _, _, text in summary))

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"Card is immutable (cannot set {key!r})")

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self  # immutable: a copied game shares its cards

    def __repr__(self) -> str:
        return f"Card({self.id!r}, {self.name!r}, {self.type!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.id, self.name, self.type, self.subtype, self.mp, self.dp, self.text, self.set) == (
            other.id, other.name, other.type, other.subtype, other.mp, other.dp, other.text, other.set)

    def __hash__(self) -> int:
        return hash((self.id, self.name))

    @property
    def keywords(self) -> tuple[Any, ...]:
        """The parsed card-text lines (keyword objects of :mod:`korbiro.grammar.keywords`)."""
        if self._keywords is None:
            if self._keyword_objects is not None:  # a stored card: the objects as the index keeps them
                # lazy: only the cards that need keyword objects
                from .stored import decode_keywords

                parsed = decode_keywords(self._keyword_objects)
            else:
                # lazy: only the cards that need keyword objects load lark
                from ..grammar.cardtext import parse_card_text

                parsed = tuple(parse_card_text(self._keyword_source or "")) if self._keyword_source else ()
            object.__setattr__(self, "_keywords", parsed)
        assert self._keywords is not None
        return self._keywords

    @property
    def behaviour(self) -> Behaviour:
        """What the card does (its set file's ``behaviour:``, docs/card-behaviour.md), with the behaviour of each
        printed ability (``abilities:``, its marks written in: :func:`~korbiro.data.fields.played_behaviour`),
        parsed on first use."""
        if self._behaviour is None:
            # lazy: the behaviour module and its languages, which commands that never read behaviour skip
            from .behaviour import NO_BEHAVIOUR, Behaviour
            from .fields import played_behaviour  # lazy: as above

            raw = played_behaviour(self.attrs.get("behaviour"), self.attrs.get("abilities"))
            if raw is None:
                parsed = NO_BEHAVIOUR
            elif self._behaviour_objects is not None:  # a stored card: its behaviour as the index keeps it
                from .stored import decode_behaviour  # lazy: as above

                parsed = decode_behaviour(self._behaviour_objects)
            else:
                parsed = Behaviour.from_mapping(raw, path=self.file)
            object.__setattr__(self, "_behaviour", parsed)
        assert self._behaviour is not None
        return self._behaviour

    @property
    def history(self) -> tuple[TextVersion, ...]:
        """The dated versions of the card's text, oldest first, the current text last (``()``: no history)."""
        if self._history is None:
            raw = self.attrs.get("history")
            if raw is not None:
                # lazy: only a card whose text has a history reads it
                from .history import read_versions

                object.__setattr__(self, "_history", read_versions(self.text, raw))
            else:
                object.__setattr__(self, "_history", ())
        assert self._history is not None
        return self._history

    @property
    def abilities(self) -> tuple[Ability, ...]:
        """The card's printed abilities (its ``abilities:``), each with its behaviour parsed, on first use."""
        try:
            return object.__getattribute__(self, "_abilities")  # type: ignore[no-any-return]
        except AttributeError:
            pass
        from .fields import read_abilities  # lazy: only a card whose abilities are asked for

        found = read_abilities(self.attrs.get("abilities"), path=self.file)
        object.__setattr__(self, "_abilities", found)
        return found

    @property
    def descriptor(self) -> Descriptor | None:
        """The printed descriptor line (``descriptor:`` or ``színesítő:``), its words classified; None: none."""
        text = self.attrs.get("descriptor", self.attrs.get("színesítő"))
        if not isinstance(text, str):
            return None
        from .fields import read_descriptor  # lazy: as above

        return read_descriptor(text)

    @property
    def descriptor_words(self) -> frozenset[str]:
        """The folded words of the descriptor line (what ``descriptor:`` filters read)."""
        d = self.descriptor
        return frozenset(d.words) if d is not None else frozenset()

    @property
    def requirement(self) -> Requirement | None:
        """A quest's or building's condition (``requirement:``), its alternatives parsed; None: none."""
        from .fields import read_requirement  # lazy: as above

        return read_requirement(self.attrs.get("requirement"))

    @property
    def properties(self) -> frozenset[str]:
        """The printed properties as canonical ids: ``psi``, ``token`` (jelző), ``named`` (nevesített)."""
        raw = self.attrs.get("properties")
        if not isinstance(raw, list):
            return frozenset()
        from .fields import property_id  # lazy: as above

        return frozenset(p for p in (property_id(str(x)) for x in raw) if p is not None)

    @property
    def mp_x_factor(self) -> int | None:
        """N of an ``NX`` printed cost (``"X"`` is 1, ``"3X"`` is 3); None when the MP is a number."""
        from .fields import mp_x_factor  # lazy: as above

        return mp_x_factor(self.mp)

    def values(self, key: str) -> tuple[str, ...]:
        """The printed values of a field that may hold several: ``class``, ``subclass``, ``phase`` (a string
        split on "/", or a list), ``race`` (the field, or the races the descriptor names); any other field's
        value as a one-element tuple (empty when the card has none)."""
        raw = self.attrs.get(key)
        if key in _MULTI:
            from .fields import split_values  # lazy: as above

            return split_values(raw, slash=_MULTI[key])
        if key == "race" and raw is None:
            d = self.descriptor
            return d.races if d is not None else ()
        if raw is None or isinstance(raw, (dict, list)):
            return ()
        return (str(raw),)

    def version_on(self, day: dt.date) -> TextVersion | None:
        """The version of the text in force on *day* (``None`` for a card without a history)."""
        from .history import version_on  # lazy: as in history

        return version_on(self.history, day)

    def as_of(self, day: dt.date) -> Card:
        """The card as it read on *day*: the text in force then, and the keywords of that text.

        A card without a history, or whose current text is in force on *day*,
        is returned as it is; otherwise an equal card but for its text (its
        keywords parsed from that text, which loads the card-text grammar).
        """
        version = self.version_on(day)
        if version is None or version.text == self.text:
            return self
        # lazy: only a card read as of a date with another text loads the card-text grammar
        from ..grammar.cardtext import parse_card_text

        keywords = tuple(parse_card_text(version.text)) if version.text.strip() else ()
        dated = Card(self.id, self.name, self.type, self.subtype, self.mp, self.dp, version.text, keywords,
                     self.set, self.file, self.line, self.attrs)
        object.__setattr__(dated, "_history", self.history)
        if self._behaviour is not None:
            object.__setattr__(dated, "_behaviour", self._behaviour)
        return dated

    def keyword_summary(self) -> tuple[tuple[str, str | None, str], ...]:
        """``(keyword, rule, canonical line)`` per card-text line (``""`` keyword for free text).

        Answered from the index without loading the card-text grammar when the
        card came from there.
        """
        if self._summary is None:
            summary = tuple((str(k.keyword), k.rule, str(k.render())) for k in self.keywords)
            object.__setattr__(self, "_summary", summary)
        assert self._summary is not None
        return self._summary

    def __getitem__(self, key: str) -> Any:
        if key in ("id", "name", "type", "subtype", "mp", "dp", "text"):
            return getattr(self, key)
        return self.attrs[key]

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def has_keyword(self, keyword: str) -> bool:
        """True when the card's text carries the keyword with this canonical spelling."""
        return keyword in self.keyword_keys

    def keyword(self, keyword: str) -> Any | None:
        for k in self.keywords:
            if k.keyword == keyword:
                return k
        return None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "type": self.type,
            "subtype": self.subtype,
            "mp": self.mp,
            "dp": self.dp,
        }
        out.update(self.attrs)
        out["text"] = self.text
        out["keywords"] = [{"keyword": kw or None, "rule": rule, "text": text} for kw, rule, text in self.keyword_summary()]
        out["set"] = self.set
        out["file"] = self.file
        out["line"] = self.line
        return out


@dataclass(frozen=True)
class Lookup:
    """The answer to a name or id lookup: a card, or why there is none."""

    query: str
    card: Card | None = None
    #: several cards match the folded query equally well: refuse, never guess
    ambiguous: tuple[Card, ...] = ()
    suggestions: list[str] = field(default_factory=list)
    #: True when found only after accent/case folding (the caller may want to note it)
    folded: bool = False

    def problem(self, lang: str = "en") -> str:
        """Why no card was found: ``'x' is ambiguous: …`` or ``no card named 'x'; did you mean …?``."""
        from ..base.i18n import message  # lazy: the catalogues are read only when a message is made

        if self.ambiguous:
            names = ", ".join(f"{c.name} ({c.id})" for c in self.ambiguous)
            return message("MK-CARD-AMBIGUOUS", lang, query=self.query, names=names)
        return message("MK-CARD-NOT-FOUND", lang, query=self.query, close=self.suggestions)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The answer as ``korbiro card show --format json`` prints it."""
        if self.card is not None:
            return {"query": self.query, "card": self.card.to_dict()}
        return {"query": self.query, "card": None, "error": self.problem(lang), "suggestions": self.suggestions,
                "ambiguous": [c.id for c in self.ambiguous]}


def _columns(card: Card, id: str, name: str, type: str, subtype: str | None, mp: int | str | None,
             dp: int | None) -> None:
    """Set the columns every card has at once (a card is immutable: ``Card.__setattr__`` refuses)."""
    put = object.__setattr__
    put(card, "id", id)
    put(card, "name", name)
    put(card, "type", type)
    put(card, "subtype", subtype)
    put(card, "mp", mp)
    put(card, "dp", dp)


class CardSource(Protocol):
    """What the checks need of a card database: :class:`CardDatabase` and the SQLite ``CardIndex``."""

    def lookup(self, query: str, *, suggest: bool = True) -> Lookup: ...

    def kind_of(self, card: Card) -> str: ...


class DatedSource(CardSource, Protocol):
    """A card source that can also list every card and the cards whose text has changed (for :mod:`.dated`)."""

    def __iter__(self) -> Iterator[Card]: ...

    def with_errata(self) -> list[Card]: ...


#: the slots of a stored card that are read or decoded on first use (:meth:`Card.stored`, :meth:`Card.shown`)
_STORED = frozenset(("attrs", "keyword_keys", "true_names", "_summary", "text", "set", "file", "line",
                     "_keyword_source", "_keyword_objects", "_behaviour_objects"))
#: those of them that a stored card's keyword summary gives
_FROM_SUMMARY = frozenset(("keyword_keys", "_summary", "_keyword_source"))


_NAME = attrgetter("name")
_ID = attrgetter("id")


class CardDatabase:
    """An immutable collection of cards with exact, folded and fuzzy lookup."""

    def __init__(self, cards: Iterable[Card], *, folded: Iterable[tuple[str, str]] | None = None,
                 kinds: dict[str, str] | None = None) -> None:
        """*folded*: each card's folded name and folded id (:func:`~korbiro.base.text.fold`), in the
        order of *cards*, when the source has them already (the card index stores them); else they are
        folded here.  *kinds*: the kinds of :meth:`kind_of` (folded name -> kind) when the source knows
        them (the index's ``kind`` column); then the table of exact names (:meth:`exact_kinds`) is made
        with the database, else when first asked for."""
        self.cards: tuple[Card, ...] = tuple(cards)
        keys = [(fold(c.name), fold(c.id)) for c in self.cards] if folded is None else list(folded)
        if len(keys) != len(self.cards):
            raise ValueError(f"{len(keys)} folded keys for {len(self.cards)} cards")
        #: each card's folded name, in the order of ``cards`` (the key of its kind, :meth:`kind_of`)
        self._name_folds: tuple[str, ...] = tuple(name for name, _ in keys)
        self.by_id: dict[str, Card] = {}
        self.by_name: dict[str, Card] = {}
        self._by_fold: dict[str, list[Card]] = {}
        by_fold = self._by_fold
        for c, (name_key, id_key) in zip(self.cards, keys, strict=True):
            self.by_id.setdefault(c.id, c)
            self.by_name.setdefault(c.name, c)
            by_fold.setdefault(name_key, []).append(c)
            by_fold.setdefault(id_key, []).append(c)
        self._names: list[str] | None = None
        self._kinds: dict[str, str] | None = kinds
        self._exact_kinds: dict[str, tuple[Card, str]] | None = None
        if kinds is not None:
            self.exact_kinds()
        #: the ids of the cards whose text has changed, when the source knows them without reading
        #: every card's history (the card index's ``errata`` column)
        self._errata_ids: frozenset[str] | None = None
        #: the ids of the tokens (``properties: [jelző]``), when the source knows them (the index's items)
        self._token_ids: frozenset[str] | None = None

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, key: object) -> bool:
        return key in self.by_id or key in self.by_name

    def __getitem__(self, key: str) -> Card:
        """Exact id or printed name; ``KeyError`` otherwise."""
        card = self.by_id.get(key) or self.by_name.get(key)
        if card is None:
            raise KeyError(key)
        return card

    def lookup(self, query: str, *, suggest: bool = True) -> Lookup:
        """Find a card by id or name, ignoring accents, case and spacing."""
        exact = self.by_id.get(query) or self.by_name.get(query)
        if exact is not None:
            return Lookup(query, exact)
        matches = self._by_fold.get(fold(query), [])
        unique = list(dict.fromkeys(matches))
        if len(unique) == 1:
            return Lookup(query, unique[0], folded=True)
        if len(unique) > 1:
            return Lookup(query, None, ambiguous=tuple(unique))
        return Lookup(query, None, suggestions=self.suggest(query) if suggest else [])

    def suggest(self, query: str, n: int = 3) -> list[str]:
        """Printed names close to *query* (accent- and case-insensitive)."""
        if self._names is None:
            self._names = sorted({c.name for c in self.cards})
            self._folded_names = {fold(name): name for name in self._names}
        close = close_matches(fold(query), self._folded_names, n=n)
        return [self._folded_names[c] for c in close]

    def with_errata(self) -> list[Card]:
        """The cards whose text has changed (a history of more than one version)."""
        if self._errata_ids is not None:
            return [c for c in self.cards if c.id in self._errata_ids]
        return [c for c in self.cards if len(c.history) > 1]

    def token_ids(self) -> frozenset[str]:
        """The ids of the tokens (``properties: [jelző]``): cards that are not part of a deck."""
        if self._token_ids is None:
            self._token_ids = frozenset(c.id for c in self.cards if "token" in c.properties)
        return self._token_ids

    def kind_of(self, card: Card) -> str:
        """The folded name that stands for *card*'s kind: cards joined by IGAZ NÉV (2.02) share it."""
        if self._kinds is None:
            self._kinds = kinds_of(self.cards)
        k = fold(card.name)
        return self._kinds.get(k, k)

    def exact_kinds(self) -> Mapping[str, tuple[Card, str]]:
        """Every id and printed name that :meth:`lookup` finds as written, with the card it finds and
        that card's kind (:meth:`kind_of`), made in one pass over the cards when first asked for.

        For a batch of deck checks, which looks thousands of names up: the same answers as
        :meth:`lookup` (an id before a name, the first card of a name) and :meth:`kind_of`.
        """
        if self._exact_kinds is None:
            if self._kinds is None:
                self._kinds = kinds_of(self.cards)
            folds = self._name_folds
            # (card, kind) for each card, and the tables, made by C loops (zip, map, dict): no Python step a card
            facts = list(zip(self.cards, map(self._kinds.get, folds, folds), strict=True))
            facts.reverse()  # so that the first card of a name or id is the one kept (as by_name and by_id keep it)
            cards = [fact[0] for fact in facts]
            table = dict(zip(map(_NAME, cards), facts, strict=True))
            table.update(zip(map(_ID, cards), facts, strict=True))  # an id before a name, as lookup
            self._exact_kinds = table
        return self._exact_kinds


def kinds_of(cards: Iterable[Card]) -> dict[str, str]:
    """Folded name -> the least folded name of its kind, over IGAZ NÉV links (2.02), by union-find."""
    return kinds_from((c.name, c.true_names) for c in cards)


def kinds_from(cards: Iterable[tuple[str, Iterable[str]]]) -> dict[str, str]:
    """:func:`kinds_of` from (name, IGAZ NÉV names) pairs; a card that names none may be left out."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for name, true_names in cards:
        a = find(fold(name))
        for other in true_names:
            b = find(fold(other))
            if a != b:
                lo, hi = sorted((a, b))
                parent[hi] = lo
                a = lo
    return {k: find(k) for k in list(parent)}
