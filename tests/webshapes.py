"""Valid-shaped requests to the web app (korbiro/web), then mutated: every API body and every page's form.

A request's text (a deck list, a scenario, a game record) is an input of
:mod:`shapes`; its other fields follow the endpoint's schema
(:data:`korbiro.web.openapi.ENDPOINTS`) with real values (formats, options,
rule ids, card names), or are made the wrong type, huge, negative, a digit
that is not ASCII (``²``, ``①``), a lone surrogate.  The body itself may be
JSON with a duplicated key, nested deep, with bytes that are not UTF-8.  The
pages get the same texts through their forms (pasted or uploaded) and odd
values in every field and query parameter.

:func:`judge` says what is wrong with an answer: a 5xx, an exception out of a
page, a page that shows an internal error, a missing security header.
"""

from __future__ import annotations

import functools
import json
import re
import traceback
import urllib.parse
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import shapes
from fuzzing import Problem
from hypothesis import strategies as st
from shapes import one_in, pick, some

from korbiro.web.limits import HEADERS as _HEADERS
from korbiro.web.openapi import ENDPOINTS, Endpoint

#: the security headers every answer carries (korbiro/web/limits.py)
HEADERS = tuple(name.decode() for name, _ in _HEADERS)
#: values of any JSON type, and the awkward ones
ODD_JSON: tuple[Any, ...] = (None, True, 0, -1, 1.5, 10**20, -(10**20), 1e308, "", " ", "²", "①", "٣", "３",
                             "x" * 5000, "\ud800", "a\u2028b", "\x00", [], {}, [1, "x"], {"a": {"b": [None]}},
                             "2024-02-30", "../../etc/passwd", "<script>", "-1", "1e3")
#: odd values of a form field or a query parameter (text)
ODD_TEXT = ("", " ", "²", "①", "٣", "３", "-1", "99999999999", "1e3", "1.5", "0x10", "x" * 3000, "\x00", "\u2028",
            "\ud800", "true", "on", "%", "../x", "<b>")


@dataclass(frozen=True)
class Request:
    """One request: method, path (with its query), and a JSON body, form fields or an uploaded file."""

    method: str
    path: str
    body: bytes | None = None
    form: tuple[tuple[str, str], ...] = ()
    upload: tuple[str, bytes] | None = None
    label: str = ""
    #: the worker operation behind it (an API call), for finding where a 500 was raised
    op: str = ""
    headers: tuple[tuple[str, str], ...] = field(default=())

    def __repr__(self) -> str:
        parts = [f"{self.method} {self.path[:300]}"]
        if self.body is not None:
            parts.append(f"body ({len(self.body)} bytes): {self.body[:1500].decode('utf-8', 'backslashreplace')}")
        if self.form:
            parts.append("form: " + ", ".join(f"{k}={v[:800]!r}" for k, v in self.form))
        if self.upload:
            parts.append(f"upload {self.upload[0]!r}: {self.upload[1][:800]!r}")
        if self.headers:
            parts.append(f"headers: {dict(self.headers)}")
        return f"Request({'; '.join(parts)}; made: {self.label})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))

    def send(self, client: Any) -> Any:
        headers = {k: v.encode("latin-1") for k, v in self.headers}  # a header's bytes, as a browser may send
        if self.method == "GET":
            return client.get(self.path, headers=headers)
        if self.body is not None:
            return client.post(self.path, content=self.body,
                               headers={"content-type": b"application/json", **headers})
        files = {"file": self.upload} if self.upload else None
        return client.post(self.path, data=dict(self.form), files=files, headers=headers)


# ------------------------------------------------------------------ the texts, by what the request reads

#: the endpoint's (or page's) name -> the shapes formats whose texts it reads
TEXTS = {"deck": ("deck lists (text)", "deck lists (YAML)"), "resolve": ("scenarios",),
         "exxit": ("EXXIT records",), "xig": ("XIG records",), "zen": ("Zen records",), "table": ("scenarios",)}


def text_of(draw: st.DrawFn, kind: str) -> tuple[str, bytes]:
    """A text a request of *kind* reads (a file name and its bytes), valid-shaped or mutated."""
    shaped = draw(shapes.SHAPES[pick(draw, TEXTS[kind])]())
    return shaped.name, shaped.data


def _valid(draw: st.DrawFn, name: str, schema: Mapping[str, Any]) -> Any:
    """A value *schema* accepts, from the real vocabulary where the field names one."""
    if "enum" in schema:
        return pick(draw, schema["enum"])
    kind = schema.get("type")
    if kind == "integer":
        return draw(st.integers(schema.get("minimum", 0), min(schema.get("maximum", 100), 100)))
    if kind == "boolean":
        return draw(st.booleans())
    if kind == "object":  # rule options
        return {pick(draw, ("neutralised_to", "repetition", "ring_columns", "x")): pick(draw, ("mult", "draw", "true"))}
    real = {"ruleset": shapes.deck_formats(), "date": ("2026-04-01", "2004-11-20"), "player": shapes.PLAYERS,
            "name": ("deck.deck", "scenario.yaml", "record.txt"), "before_name": ("before.deck",)}
    return pick(draw, real.get(name, ("x",)))


def _odd_body(draw: st.DrawFn, body: dict[str, Any]) -> tuple[bytes, str]:
    """The body as JSON, or broken as JSON may be: a key twice, nested deep, a stray byte, not an object."""
    text = json.dumps(body, ensure_ascii=pick(draw, (False, True)))
    how = pick(draw, ("json", "json", "json", "json", "duplicate key", "nested", "bytes", "not an object",
                      "NaN", "BOM", "cut"))
    raw = text.encode("utf-8", "surrogatepass")
    if how == "duplicate key" and body:
        key = pick(draw, sorted(body))
        return raw[:-1] + b", " + json.dumps(key).encode() + b": " + json.dumps(pick(draw, ODD_JSON)).encode() + b"}", how
    if how == "nested":
        depth = pick(draw, (50, 900, 5000))
        return raw[:-1] + b', "x": ' + b"[" * depth + b"]" * depth + b"}", f"nested {depth} deep"
    if how == "bytes":
        return raw.replace(b'"text": "', b'"text": "\xff\xc3(', 1), how
    if how == "not an object":
        return pick(draw, (b"[]", b"null", b'"text"', b"1", b"")), how
    if how == "NaN":
        return raw[:-1] + b', "max_findings": NaN, "ply": Infinity}', how
    if how == "BOM":
        return b"\xef\xbb\xbf" + raw, how
    if how == "cut":
        return raw[:len(raw) // 2], how
    return raw, "json"


def _endpoint_kind(e: Endpoint) -> str:
    return "deck" if e.op.startswith("deck") else "resolve" if e.op.startswith("resolve") else e.op.split(".")[0]


@st.composite
def api_requests(draw: st.DrawFn) -> Request:
    """A request to one of the API's endpoints: its body or its parameters valid-shaped, some of them odd."""
    endpoint = pick(draw, [e for e in ENDPOINTS if e.op != "rules.coverage"])
    labels: list[str] = []
    if endpoint.body is not None:
        props = dict(endpoint.body["properties"])
        name, data = text_of(draw, _endpoint_kind(endpoint))
        body: dict[str, Any] = {"text": data.decode("utf-8", "surrogateescape"), "name": name}
        for key in some(draw, sorted(set(props) - {"text"}), 3, unique=True):
            if one_in(draw, 3):
                body[key] = pick(draw, ODD_JSON)
                labels.append(f"{key} odd")
            else:
                body[key] = _valid(draw, key, props[key])
        if endpoint.op == "deck.check" and one_in(draw, 4):
            body["before"] = text_of(draw, "deck")[1].decode("utf-8", "surrogateescape")
        if endpoint.op.startswith("table."):
            body = _table_body(draw, endpoint.op, body)
        raw, how = _odd_body(draw, body)
        return Request("POST", endpoint.path, body=raw, label="; ".join([*labels, how]), op=endpoint.op)
    params = dict(endpoint.query)
    query: list[tuple[str, str]] = []
    path = endpoint.path
    for pname in endpoint.path_params:
        value = pick(draw, (*shapes.card_names(), "MINTA-001", *shapes.rule_ids()[:80], *ODD_TEXT))
        path = path.replace("{" + pname + "}", _q(value, safe=""))
    if "q" in params:
        query.append(("q", draw(shapes.query_mutants()).data.decode("utf-8", "surrogateescape")))
    for key in some(draw, sorted(set(params) - {"q"}), 3, unique=True):
        query.append((key, pick(draw, ODD_TEXT) if one_in(draw, 3) else str(_valid(draw, key, params[key])).lower()))
    if one_in(draw, 8):
        query.append(pick(draw, (("unknown", "1"), ("limit", "1"), ("q", "x"))))
    return Request("GET", f"{path}?{_encode(query)}" if query else path, label="query", op=endpoint.op)


@functools.cache
def saved_game() -> str:
    """A game of the table, a few steps in (the text a table call carries)."""
    from korbiro.data.check import load_database
    from korbiro.data.paths import shipped_db_path
    from korbiro.rules.mk.timeline.sitting import Sitting, sample_decks

    cards = {c.name: c for c in load_database([shipped_db_path()])}
    table = Sitting.deal([("Anna", sample_decks()[0]), ("Béla", sample_decks()[1])], cards.get, humans=("Anna",),
                         seed=1)
    for _ in range(3):
        table.act(table.advance() or "Anna", table.choice("Anna", "1"))
    return table.save_text()


def _table_body(draw: st.DrawFn, op: str, body: dict[str, Any]) -> dict[str, Any]:
    """A table call's body: the game (a shaped scenario, or a real saved game, cut or not) or the decks to deal."""
    text = body.pop("text")
    body.pop("name", None)
    if op == "table.start":
        body.setdefault("decks", [pick(draw, ("kincsvadaszok", "ostromlok", text or " ")),
                                  text_of(draw, "deck")[1].decode("utf-8", "surrogateescape") or " "])
        return body
    game = pick(draw, (text, saved_game(), saved_game()[:len(saved_game()) // 2],
                       saved_game().replace("passz", "leidéz \"Wirg\"")))
    body.setdefault("game", {"text": game, "seed": pick(draw, (0, 1, 7)), "humans": pick(draw, (["Anna"], ["Béla"]))})
    if op == "table.act":
        body.setdefault("action", pick(draw, ("1", "2", "99", "passz", "kocka 6", 'leidéz "Wirg"', "x" * 300)))
    return body


def _q(text: str, safe: str = "/") -> str:
    """*text* %-escaped for a URL; a lone surrogate as the bytes that would carry it."""
    return urllib.parse.quote(text.encode("utf-8", "surrogatepass"), safe=safe)


def _encode(query: list[tuple[str, str]]) -> str:
    return "&".join(f"{_q(k)}={_q(v)}" for k, v in query)


# ------------------------------------------------------------------ the pages

#: page -> its form fields besides the text, and the values they take
PAGE_FIELDS: dict[str, dict[str, tuple[str, ...]]] = {
    "/deck": {"ruleset": shapes.deck_formats(), "date": ("2026-04-01", "2020-99-01"), "limit": ("3", "4"),
              "name": ("deck.deck",)},
    "/rulings": {"step": ("0", "1", "2", "7"), "name": ("scenario.yaml",)},
    "/exxit": {"ply": ("0", "1", "5"), "options": ("repetition=draw", "tie=largest-island\nx=y")},
    "/xig": {"ply": ("0", "1", "5")},
    "/zen": {"ply": ("0", "1", "5"), "options": ("ring_columns=false", "late_arrival=x")},
}
_PAGE_KIND = {"/deck": "deck", "/rulings": "resolve", "/exxit": "exxit", "/xig": "xig", "/zen": "zen"}
EXAMPLES = ("illegal-true-name", "legal-yaml", "lifo-semlegesites", "mistakes", "illegal-moves", "complete-2p")


@st.composite
def page_requests(draw: st.DrawFn) -> Request:
    """A page: a form posted (its text pasted or uploaded, its fields real or odd), or a page asked for."""
    lang = f"lang={pick(draw, ('en', 'hu', 'de', '²', ''))}" if one_in(draw, 4) else ""
    headers = (("accept-language", pick(draw, ("hu", "en;q=0.1, hu", "*", "\xb2;q=x", "hu;q=1e999", ""))),) \
        if one_in(draw, 6) else ()
    if one_in(draw, 6):
        return _table_page(draw, lang, headers)
    if one_in(draw, 3):
        path = pick(draw, (
            f"/cards?q={_q(draw(shapes.queries()))}&explain={pick(draw, ('1', '', '²'))}"
            f"&sort={pick(draw, ('name', 'mp', '²'))}",
            f"/cards/{_q(pick(draw, (*shapes.card_names(), *ODD_TEXT)), safe='')}",
            f"/rules?q={_q(pick(draw, ('kincs', 'ostrom', *ODD_TEXT)))}",
            f"/rules/{_q(pick(draw, (*shapes.rule_ids()[:80], *ODD_TEXT)), safe='')}",
            f"/{pick(draw, tuple(_PAGE_KIND))[1:]}?example={_q(pick(draw, (*EXAMPLES, *ODD_TEXT)))}",
        ))
        sep = "&" if "?" in path else "?"
        return Request("GET", path + (sep + lang if lang else ""), label="page", headers=headers)
    page = pick(draw, tuple(PAGE_FIELDS))
    name, data = text_of(draw, _PAGE_KIND[page])
    form: list[tuple[str, str]] = []
    labels = []
    for key in some(draw, sorted(PAGE_FIELDS[page]), 2, unique=True):
        odd = one_in(draw, 2)
        form.append((key, pick(draw, ODD_TEXT) if odd else pick(draw, PAGE_FIELDS[page][key])))
        labels.append(f"{key} {'odd' if odd else 'real'}")
    upload = None
    if one_in(draw, 4):
        upload, labels = (name, data), [*labels, "uploaded"]
        form.append(("text", ""))
    else:
        form.append(("text", data.decode("utf-8", "replace")))
    return Request("POST", page + (f"?{lang}" if lang else ""), form=tuple(form), upload=upload,
                   label="; ".join(labels) or "pasted", headers=headers)


def _table_page(draw: st.DrawFn, lang: str, headers: tuple[tuple[str, str], ...]) -> Request:
    """The table page's form: a game (real, cut, or a shaped scenario) and a button, or a new game's decks."""
    game = pick(draw, (saved_game(), saved_game()[: len(saved_game()) // 3], text_of(draw, "table")[1].decode(
        "utf-8", "replace")))
    fields = {"do": ("start", "undo", "view", "typed", "continue", "x"), "action": ("1", "2", "99", "passz", "²"),
              "typed": ('leidéz "Wirg"', "kocka 6", "x" * 300), "opponent": ("random", "person", "okos"),
              "seed": ("0", "1", "-1", "²"), "deck_0": ("kincsvadaszok", "paste", "x"),
              "deck_1_text": ("1 Wirg", "Torony:\n1 Nincs ilyen", "")}
    form: list[tuple[str, str]] = [("game", game)]
    labels = []
    for key in some(draw, sorted(fields), 3, unique=True):
        odd = one_in(draw, 3)
        form.append((key, pick(draw, ODD_TEXT) if odd else pick(draw, fields[key])))
        labels.append(f"table {key} {'odd' if odd else 'real'}")
    upload = ("game.yaml", game.encode("utf-8")) if one_in(draw, 4) else None
    path = pick(draw, ("/table", "/table", "/table/save"))
    return Request("POST", path + (f"?{lang}" if lang else ""), form=tuple(form), upload=upload,
                   label="; ".join(labels) or "table", headers=headers)


# ------------------------------------------------------------------ judging an answer

def check(client: Any, request: Request) -> list[Problem]:
    """Send *request*; what is wrong with the answer, or the exception a page raised (the test client
    raises what the app did not catch)."""
    try:
        answer = request.send(client)
    except Exception as exc:  # noqa: BLE001 - a page's bug, as the test client hands it over
        if _unsendable(exc):
            return []
        return [Problem(f"exception: {_innermost(exc)}",
                        "".join(traceback.format_exception(exc, limit=-12))[-1500:])]
    return judge(request, answer)


def _unsendable(exc: BaseException) -> bool:
    """A request the test client could not build (a lone surrogate in a form, a URL over its 64 KiB): no
    client sends it, and it never reached the app (no korbiro frame in its traceback)."""
    named = type(exc).__name__ in ("UnicodeEncodeError", "InvalidURL")
    return named and not any("/korbiro/" in f.filename for f in traceback.extract_tb(exc.__traceback__))


def _innermost(exc: BaseException) -> str:
    """The exception and the innermost korbiro frame it came through; for a RecursionError the frame that
    recurs (the innermost one depends on how deep the stack already was)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/korbiro/" in f.filename]
    if not frames:
        return type(exc).__name__
    where = frames[-1]
    if isinstance(exc, RecursionError):
        where = Counter((f.filename, f.lineno) for f in frames).most_common(1)[0][0]  # type: ignore[assignment]
        return f"RecursionError at korbiro{where[0].rsplit('/korbiro', 1)[1]}:{where[1]}"
    return f"{type(exc).__name__} at korbiro{where.filename.rsplit('/korbiro', 1)[1]}:{where.lineno}"


def _route(request: Request) -> str:
    route = re.sub(r"/api/(cards|rules)/[^?]+", r"/api/\1/{x}", request.path.split("?")[0])
    return re.sub(r"^/(cards|rules)/.+", r"/\1/{x}", route)


def judge(request: Request, answer: Any) -> list[Problem]:
    """What is wrong with *answer*: a 5xx, an internal error shown on a page, a missing security header."""
    out: list[Problem] = []
    route = _route(request)
    if answer.status_code >= 500:
        where = _raised(request, answer)
        out.append(Problem(f"HTTP {answer.status_code}: {where}" if " at " in where else
                           f"HTTP {answer.status_code} {request.method} {route}: {where}",
                           f"HTTP {answer.status_code}: {answer.text[:400]}"))
    elif "internal error" in answer.text and not route.startswith("/api/"):
        said = re.search(r"internal error \(([\w.]+)", answer.text)
        out.append(Problem(f"page {request.method} {route} shows an internal error ({said.group(1) if said else '?'})",
                           f"the page says: {answer.text[answer.text.find('internal error') - 50:][:400]}"))
    missing = [h for h in HEADERS if h not in answer.headers]
    if missing:
        out.append(Problem(f"security headers missing on {answer.status_code}", f"missing: {', '.join(missing)}"))
    return out


def _raised(request: Request, answer: Any) -> str:
    """Where the 500 of an API call was raised: the call run again in this process (its traceback's innermost
    korbiro frame), else the exception the answer names."""
    said = re.search(r"internal error \(([\w.]+)", answer.text)
    kind = said.group(1) if said else "?"
    if not request.op or request.body is None:
        return kind
    from korbiro.base.errors import KorbiroError
    from korbiro.web import ops  # lazy: the worker's operations, here only to find a bug

    try:
        args = json.loads(request.body.decode("utf-8"))
        ops.OPS[request.op](ops.Request(args, args.pop("lang", None) or "en", None))
    except KorbiroError:
        return kind
    except Exception as exc:  # noqa: BLE001 - the bug being located
        return _innermost(exc)
    return kind
