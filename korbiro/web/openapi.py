"""The JSON API's endpoints, described once: the OpenAPI schema served at ``/api/openapi.json`` is
made from them, and every request is checked against the same schemas before it is answered.

An :class:`Endpoint` names the worker operation it calls (:mod:`korbiro.web.ops`),
the command whose ``--format json`` it returns, its parameters (a JSON body, or
query and path parameters) and its responses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import jsonschema

from ..base.version import __version__

__all__ = ["ENDPOINTS", "Endpoint", "openapi", "check"]

#: the longest text a request may hold in one field (the body cap is 1 MiB in all)
TEXT_MAX = 1 << 20
NAME = {"type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[^\\x00-\\x1f\\x7f]+$",
        "description": "The name the input's findings are given (a label only: never opened)."}
LANG = {"type": "string", "enum": ["en", "hu"],
        "description": "Language of the messages (default: the Accept-Language header's, else English)."}
TEXT = {"type": "string", "maxLength": TEXT_MAX}
NULLABLE_STR = {"type": ["string", "null"]}
NULLABLE_INT = {"type": ["integer", "null"]}
OPTIONS = {"type": "object", "additionalProperties": {"type": "string", "maxLength": 200}, "maxProperties": 32,
           "description": "Rule options NAME: VALUE (the CLI's --option / -o)."}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def obj(required: Mapping[str, Any], optional: Mapping[str, Any] | None = None, *, extra: bool = True) -> dict[str, Any]:
    """An object schema with these members (*extra*: other members allowed too)."""
    return {"type": "object", "required": list(required), "properties": {**required, **(optional or {})},
            "additionalProperties": extra}


SCHEMAS: dict[str, Any] = {
    "Finding": obj({"code": {"type": "string"}, "severity": {"type": "string", "enum": ["error", "warning", "note"]},
                    "rule": NULLABLE_STR, "message": {"type": "string"}, "file": NULLABLE_STR, "line": NULLABLE_INT,
                    "column": NULLABLE_INT, "card": NULLABLE_STR}, extra=False),
    "Errors": obj({"errors": {"type": "array", "items": ref("Finding")}}, extra=False),
    "DeckReport": obj({"file": {"type": "string"}, "legal": {"type": "boolean"}, "format": {"type": "string"},
                       "limit": NULLABLE_INT,
                       "sizes": obj({k: {"type": "integer"} for k in ("tower", "deck", "sideboard")}, extra=False),
                       "findings": {"type": "array", "items": ref("Finding")}},
                      {"not_shown": {"type": "integer"}}, extra=False),
    "DeckUnreadable": obj({"file": {"type": "string"}, "legal": {"type": "null"}, "error": ref("Finding"),
                           "findings": {"type": "array", "maxItems": 0}}, extra=False),
    "DeckStats": obj({"file": {"type": "string"}, "complete": {"type": "boolean"},
                      "sizes": obj({k: {"type": "integer"} for k in ("tower", "deck", "sideboard")}, extra=False),
                      "sections": obj({k: {"type": "object"} for k in ("deck", "tower", "sideboard")}, extra=False),
                      "findings": {"type": "array", "items": ref("Finding")}},
                     {"svg": {"type": "string"}}, extra=False),
    "Card": obj({"id": {"type": "string"}, "name": {"type": "string"}, "type": {"type": "string"},
                 "keywords": {"type": "array"}}),
    "CardShow": obj({"query": {"type": "string"}, "card": {"oneOf": [ref("Card"), {"type": "null"}]}},
                    {"error": {"type": "string"}, "suggestions": {"type": "array", "items": {"type": "string"}},
                     "ambiguous": {"type": "array", "items": {"type": "string"}}, "model": {"type": "object"},
                     "reminders": {"type": "array", "items": {"type": "object"}}, "date": {"type": "string"},
                     "version": {"type": ["object", "null"]}, "history": {"type": "array"}}, extra=False),
    "CardSearch": obj({"query": {"type": "string"}, "parsed": {"type": "string"}, "tree": {},
                       "count": {"type": "integer"}, "limit": NULLABLE_INT, "sort": {"type": "string"},
                       "cards": {"type": "array", "items": ref("Card")}}, extra=False),
    "QueryError": obj({"query": {"type": "string"},
                       "error": obj({"code": {"type": "string"}, "column": NULLABLE_INT, "message": {"type": "string"}})},
                      extra=False),
    "RuleShow": obj({"query": {"type": "string"}, "rule": {"type": ["object", "null"]}},
                    {"error": {"type": "string"}, "suggestions": {"type": "array"}}, extra=False),
    "RuleSearch": obj({"query": {"type": "string"}, "results": {"type": "array", "items": obj(
        {"id": {"type": "string"}, "title": {"type": "string"}, "status": {"type": "string"},
         "matched": {"type": "integer"}, "score": {"type": "number"}, "fields": {"type": "array"},
         "summary": {"type": "string"}}, extra=False)}}, extra=False),
    "Coverage": obj({"folder": {"type": "string"}, "figure": {"type": "object"}, "rules": {"type": "array"}}),
    "Resolved": {"type": "array", "minItems": 1, "maxItems": 1, "items": obj(
        {"file": {"type": "string"}, "passed": {"type": ["boolean", "null"]}},
        {"title": {"type": "string"}, "format": {"type": "string"}, "checked": {"type": "boolean"},
         "steps": {"type": "array"}, "trace": {"type": "array"}, "refusals": {"type": "array"},
         "diff": {"type": "array"}, "legal": {"type": "object"},
         "errors": {"type": "array", "items": ref("Finding")}})},
    "Stepped": obj({"result": {"type": "object"}, "step": {"type": "integer"}, "steps": {"type": "integer"},
                    "stack": {"type": "array", "items": obj(
                        {"number": {"type": "integer"}, "kind": {"type": "string"}, "opener": {"type": "string"},
                         "passed": {"type": "array"}, "entries": {"type": "array", "items": obj(
                             {"seq": {"type": "integer"}, "kind": {"type": "string"}, "player": {"type": "string"},
                              "label": {"type": "string"}}, extra=False)}}, extra=False)},
                    "legal": obj({"after_step": {"type": "integer"}, "players": {"type": "object"}})}, extra=False),
    "Moves": {"type": "object"},
    "Replay": obj({"file": {"type": "string"}, "valid": {"type": "boolean"}, "violations": {"type": "array"},
                   "result": {"type": "object"}, "plies": {"type": "integer"}}),
}

ERRORS_TEXT = ("The input cannot be read or the request is not valid: every problem, each with its code, "
               "message and where it is.")
ERRORS = {"description": ERRORS_TEXT, "schema": ref("Errors")}
#: the answers every operation may give besides its own, each ``{"errors": [finding]}`` (docs/web.md)
COMMON = {
    400: "The body is not a UTF-8 JSON object (not JSON, nested deeper than 64, a key given twice, a number "
         "out of range), or the Host header names another server than this one.",
    403: "The request comes from another site (its Sec-Fetch-Site, Origin or Referer): only the app's own "
         "pages may send one.",
    413: "The body is larger than 1 MiB.",
    415: "The body is not sent as Content-Type: application/json.",
    500: "An internal error: a bug in korbiro (please report it).",
    503: "The request ran past the server's time limit, or no worker was free.",
}


@dataclass(frozen=True)
class Endpoint:
    """One operation of the API."""

    method: str
    path: str
    op: str
    summary: str
    #: the command whose ``--format json`` this returns (or None: the web app's own)
    cli: str | None
    responses: Mapping[int, Mapping[str, Any]]
    body: Mapping[str, Any] | None = None
    query: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    path_params: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: the response is this media type (an SVG picture) rather than JSON
    media: str = "application/json"

    def operation(self) -> dict[str, Any]:
        out: dict[str, Any] = {"operationId": self.op.replace(".", "_"), "summary": self.summary}
        if self.cli:
            out["description"] = f"The same JSON as `{self.cli}`."
        params = [{"name": n, "in": "path", "required": True, "schema": s} for n, s in self.path_params.items()]
        params += [{"name": n, "in": "query", "required": n in self.required, "schema": s} for n, s in self.query.items()]
        if params:
            out["parameters"] = params
        if self.body is not None:
            out["requestBody"] = {"required": True, "content": {"application/json": {"schema": self.body}}}
        responses: dict[str, Any] = {}
        for status, resp in self.responses.items():
            media = self.media if status == 200 else "application/json"
            schema = resp["schema"]
            if status == 422 and schema != ref("Errors"):  # a parameter the schema refuses is an Errors too
                schema = {"anyOf": [schema, ref("Errors")]}
            responses[str(status)] = {"description": resp["description"], "content": {media: {"schema": schema}}}
        responses.setdefault("422", {"description": ERRORS_TEXT,
                                     "content": {"application/json": {"schema": ref("Errors")}}})
        answers = dict(COMMON)
        if self.body is None:  # a GET changes nothing: neither refused by its origin nor read as a body
            answers.pop(403)
            answers.pop(415)
        for status, text in answers.items():
            responses[str(status)] = {"description": text, "content": {"application/json": {"schema": ref("Errors")}}}
        out["responses"] = responses
        return out

    def validator(self) -> jsonschema.protocols.Validator:
        """The schema every request's parameters are checked against (the body, or the query and path)."""
        if self.body is not None:
            schema = dict(self.body)
        else:
            schema = obj({n: s for n, s in {**self.query, **self.path_params}.items()
                          if n in self.required or n in self.path_params},
                         {n: s for n, s in self.query.items()}, extra=False)
        return _validator(schema)


def _validator(schema: Mapping[str, Any]) -> jsonschema.protocols.Validator:
    full = {**schema, "$defs": {}, "components": {"schemas": SCHEMAS}}
    return jsonschema.Draft202012Validator(full)


def ok(schema: Any, description: str = "The answer.") -> dict[str, Any]:
    return {"description": description, "schema": schema}


def body(required: Mapping[str, Any], optional: Mapping[str, Any]) -> dict[str, Any]:
    return obj(required, {**optional, "lang": LANG}, extra=False)


DECK = body({"text": {**TEXT, "description": "The deck list (text or YAML, as a deck file holds it)."}},
            {"name": NAME, "ruleset": {"type": "string", "maxLength": 100, "description": "The format (--ruleset)."},
             "date": {"type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                      "description": "Check the banlist as of this day (--date; default: today)."},
             "limit": {"type": "integer", "enum": [3, 4], "description": "The card limit (--limit)."},
             "max_findings": {"type": "integer", "minimum": 0, "maximum": 100000,
                              "description": "Findings shown at most (--max-findings; 0: all)."},
             "before": {**TEXT, "description": "The deck list before an exchange between games (--after-exchange)."},
             "before_name": NAME})
SCENARIO = {"text": {**TEXT, "description": "The scenario (YAML, as a scenario file holds it)."}}
SCENARIO_OPT = {"name": NAME, "options": OPTIONS}
GAME_TEXT = {"text": {**TEXT, "description": "A position file's or a game record's text."}}
GAME_OPT = {"name": NAME, "options": OPTIONS}
PLY = {"type": "integer", "minimum": 0, "maximum": 100000,
       "description": "With a record: the position after this ply (0: the start; default: the last)."}
BOOL = {"type": "boolean"}
RULE_ID = {"type": "string", "minLength": 1, "maxLength": 100}


def _endpoints() -> list[Endpoint]:
    out = [
        Endpoint("post", "/api/deck/check", "deck.check", "Check a deck list: every finding with its line and rule.",
                 "korbiro deck check FILE --format json",
                 {200: ok(ref("DeckReport"), "The verdict (legal or not)."),
                  422: ok(ref("DeckUnreadable"), ERRORS_TEXT)}, body=DECK),
        Endpoint("post", "/api/deck/show", "deck.show",
                 "A deck list's statistics: by type and subtype, the MP curve, races, keywords, tower and sideboard.",
                 "korbiro deck show FILE --format json",
                 {200: ok(ref("DeckStats"), "The statistics (with chart: true, also the chart as SVG)."),
                  422: ok(ref("DeckUnreadable"), "The deck list cannot be read: where and why.")},
                 body=body({"text": DECK["properties"]["text"]},
                           {"name": NAME, "chart": {**BOOL, "description": "Also the chart (svg)."}})),
        Endpoint("post", "/api/deck/chart", "deck.chart", "A deck list's statistics as an SVG chart.",
                 "korbiro deck show FILE --svg PATH (the chart)",
                 {200: ok({"type": "string"}, "The SVG chart."),
                  422: ok(ref("DeckUnreadable"), "The deck list cannot be read: where and why.")},
                 body=body({"text": DECK["properties"]["text"]}, {"name": NAME}), media="image/svg+xml"),
        Endpoint("get", "/api/deck/formats", "deck.formats", "The formats a deck can be checked against.", None,
                 {200: ok(obj({"default": {"type": "string"}, "formats": {"type": "array"}}))}),
        Endpoint("get", "/api/cards/search", "cards.search", "Search cards with the query language.",
                 "korbiro card search QUERY --format json",
                 {200: ok(ref("CardSearch")), 422: ok(ref("QueryError"), "The query does not parse: where and why.")},
                 query={"q": {"type": "string", "minLength": 1, "maxLength": 2000},
                        "explain": BOOL, "sort": {"type": "string", "enum": ["name", "id", "mp", "dp", "level", "type"]},
                        "limit": {"type": "integer", "minimum": 1, "maximum": 100000}, "lang": LANG},
                 required=("q",)),
        Endpoint("get", "/api/cards/{query}", "cards.show", "One card, by printed name or id.",
                 "korbiro card show QUERY --format json",
                 {200: ok(ref("CardShow")), 404: ok({"oneOf": [ref("CardShow"), ref("Errors")]},
                                                    "No such card (with suggestions), or ambiguous.")},
                 query={"lang": LANG}, path_params={"query": {"type": "string", "minLength": 1, "maxLength": 500}}),
        Endpoint("get", "/api/rules/search", "rules.search", "Search the rule index.",
                 "korbiro rule search WORDS --format json",
                 {200: ok(ref("RuleSearch"))},
                 query={"q": {"type": "string", "minLength": 1, "maxLength": 2000},
                        "limit": {"type": "integer", "minimum": 1, "maximum": 500}, "lang": LANG}, required=("q",)),
        Endpoint("get", "/api/rules/coverage", "rules.coverage", "Which rules the shipped scenarios exercise.",
                 "korbiro rule coverage --format json", {200: ok(ref("Coverage"))},
                 query={"missing": BOOL, "lang": LANG}),
        Endpoint("get", "/api/rules/{id}", "rules.show", "One rule and its points.",
                 "korbiro rule show ID --format json",
                 {200: ok(ref("RuleShow")), 404: ok({"oneOf": [ref("RuleShow"), ref("Errors")]},
                                                    "No such rule (with suggestions).")},
                 query={"lang": LANG}, path_params={"id": RULE_ID}),
        Endpoint("post", "/api/resolve", "resolve", "Resolve a ruling scenario on the timeline (a list of one result).",
                 "korbiro resolve FILE --format json",
                 {200: ok(ref("Resolved")), 422: ok(ref("Resolved"), ERRORS_TEXT)},
                 body=body(SCENARIO, {**SCENARIO_OPT, "legal": BOOL, "player": {"type": "string", "maxLength": 100},
                                      "at": {"type": "integer", "minimum": 0, "maximum": 100000}})),
        Endpoint("post", "/api/resolve/step", "resolve.step",
                 "A scenario stepped: after step N, the timeline stack (LIFO) and the legal actions.", None,
                 {200: ok(ref("Stepped")), 422: ok(ref("Resolved"), ERRORS_TEXT)},
                 body=body(SCENARIO, {**SCENARIO_OPT, "step": {"type": "integer", "minimum": 0, "maximum": 100000}})),
    ]
    for game, title in (("exxit", "EXXIT"), ("xig", "XIG"), ("zen", "Zen")):
        out += [
            Endpoint("post", f"/api/{game}/moves", f"{game}.moves", f"{title}: the legal moves of a position.",
                     f"korbiro {game} moves FILE --format json", {200: ok(ref("Moves"))},
                     body=body(GAME_TEXT, GAME_OPT if game != "xig" else {"name": NAME})),
            Endpoint("post", f"/api/{game}/replay", f"{game}.replay",
                     f"{title}: replay a game record, every violation with its rule.",
                     f"korbiro {game} replay FILE --format json", {200: ok(ref("Replay"))},
                     body=body(GAME_TEXT, GAME_OPT if game != "xig" else {"name": NAME})),
            Endpoint("post", f"/api/{game}/picture", f"{game}.picture",
                     f"{title}: the picture (SVG) of a position, or of a record after one ply.",
                     f"korbiro {game} show FILE [--ply N] --svg PATH (the picture)",
                     {200: ok({"type": "string"}, "The SVG picture.")},
                     body=body(GAME_TEXT, {**(GAME_OPT if game != "xig" else {"name": NAME}), "ply": PLY}),
                     media="image/svg+xml"),
        ]
    return out


# the table: play against the computer or a second person (korbiro/web/tableops.py, docs/play.md)
SEAT_NAME = {"type": "string", "minLength": 1, "maxLength": 100}
GAME = obj({"text": {**TEXT, "description": "The game so far: a saved game's scenario (YAML), as the last answer "
                                            "gave it or as `korbiro play --human` saved it."}},
           {"humans": {"type": "array", "items": SEAT_NAME, "minItems": 1, "maxItems": 8, "uniqueItems": True,
                       "description": "The players people play at the screen (default: the first)."},
            "opponent": {"type": "string", "maxLength": 50, "description": "The computer player (default: random)."},
            "seed": {"type": "integer", "minimum": 0, "maximum": 1000000000,
                     "description": "The seed of the computer's choices and the dice."},
            "name": NAME}, extra=False)
TABLE = obj({"game": GAME, "view": {"type": "object"}, "events": {"type": "array"}},
            {"refusal": obj({"code": {"type": "string"}, "rule": NULLABLE_STR, "message": {"type": "string"}},
                            {"remedy": {"type": "string"}}, extra=False),
             "undone": {"type": "integer"}}, extra=False)


def _table_endpoints() -> list[Endpoint]:
    answer = {200: ok(TABLE, "The game (keep it for the next call), what the table shows (the situation, the "
                             "legal actions of the person to act, each with its rule; the result once over), the "
                             "events since the last call, and a refusal with its rule and remedy.")}
    game_only = body({"game": GAME}, {})
    return [
        Endpoint("post", "/api/table/start", "table.start", "The table: deal a new game.", "korbiro play --human NAME",
                 answer, body=body({}, {
                     "decks": {"type": "array", "items": {**TEXT, "minLength": 1}, "minItems": 2, "maxItems": 2,
                               "description": "Each player's deck: a sample deck's name (kincsvadaszok, ostromlok, "
                                              "misztikusok) or a deck list."},
                     "humans": GAME["properties"]["humans"], "opponent": GAME["properties"]["opponent"],
                     "seed": GAME["properties"]["seed"]})),
        Endpoint("post", "/api/table/view", "table.view",
                 "The table: a game (a saved one: continue it), played on to a person's decision.",
                 "korbiro play --continue FILE --human NAME", answer, body=game_only),
        Endpoint("post", "/api/table/act", "table.act",
                 "The table: the person to act takes an action (its number, or the action in the scenario language).",
                 None, answer, body=body({"game": GAME, "action": {"type": "string", "minLength": 1, "maxLength": 2000,
                                                                   "pattern": "\\S"}}, {})),
        Endpoint("post", "/api/table/undo", "table.undo",
                 "The table: take back the last action of a person and everything after it.", None, answer,
                 body=game_only),
    ]


ENDPOINTS: tuple[Endpoint, ...] = tuple(_endpoints()) + tuple(_table_endpoints())


@cache
def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the API."""
    paths: dict[str, dict[str, Any]] = {}
    for e in ENDPOINTS:
        paths.setdefault(e.path, {})[e.method] = e.operation()
    return {
        "openapi": "3.1.0",
        "info": {"title": "korbiro: the judge's table", "version": __version__,
                 "description": "Deck checks, card search, rules, rulings and the board games, as JSON: each "
                                "operation returns the JSON of the command named in its description. "
                                "See docs/web.md."},
        "paths": paths,
        "components": {"schemas": SCHEMAS},
    }


@cache
def _validators() -> dict[str, jsonschema.protocols.Validator]:
    return {e.op: e.validator() for e in ENDPOINTS}


def check(endpoint: Endpoint, params: Mapping[str, Any], lang: str = "en") -> list[tuple[str, str]]:
    """The problems of *params* under *endpoint*'s schema: (where, what) each, in *lang*; none when valid."""
    out = []
    for err in sorted(_validators()[endpoint.op].iter_errors(params), key=lambda e: list(map(str, e.path))):
        where = ".".join(str(p) for p in err.absolute_path) or "(body)"
        out.append((where, err.message if lang == "en" else _said(err, lang)))
    return out


def _said(err: jsonschema.ValidationError, lang: str) -> str:
    """jsonschema's *err* said by a ``WEB-SCHEMA.<keyword>`` template in *lang*; jsonschema's English
    within ``WEB-SCHEMA`` for a keyword no request of the API meets."""
    from ..base import i18n  # lazy: only a refused request says it

    wanted: Any = err.validator_value  # jsonschema types it as possibly unset; it is set on every error
    kw, value = err.validator, err.instance
    if kw == "required" and isinstance(value, Mapping):
        return i18n.message("WEB-SCHEMA.required", lang, name=next((f for f in wanted if f not in value), wanted[0]))
    if kw == "additionalProperties" and isinstance(value, Mapping):
        known = err.schema.get("properties", {}) if isinstance(err.schema, Mapping) else {}
        return i18n.message("WEB-SCHEMA.additionalProperties", lang,
                            names=", ".join(repr(k) for k in value if k not in known))
    if kw == "type":
        return i18n.message("WEB-SCHEMA.type", lang, value=value, expected=wanted)
    if kw in ("enum", "minimum", "maximum", "minLength", "maxLength", "pattern", "const"):
        return i18n.message(f"WEB-SCHEMA.{kw}", lang, value=value, limit=wanted)
    return i18n.message("WEB-SCHEMA", lang, detail=err.message)
