"""The JSON API: one route per :class:`~korbiro.web.openapi.Endpoint`.

A route reads its parameters (a JSON object body, or query and path
parameters), checks them against the endpoint's schema, and hands them to the
worker pool (:mod:`korbiro.web.pool`), which answers with a status and the JSON
the command line prints.  A body that is not ``application/json`` is a 415; one
that is not a JSON object (not UTF-8, not JSON, nested deeper than
:data:`MAX_DEPTH`, a key twice, a number out of range) a 400; a parameter the
schema refuses a 422, each problem a finding; a call past the time limit a 503.
"""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..base import i18n
from ..base.i18n import TemplateError
from ..base.text import is_digits
from .labels import LANGS, negotiate
from .openapi import ENDPOINTS, Endpoint, check, openapi
from .pool import Busy, Pool, TimeLimit, WorkerFailed

__all__ = ["routes", "call", "error", "refuse", "json_response", "read_json", "MAX_DEPTH", "MAX_DIGITS"]

#: the deepest a body may nest (its object is 1; the API's own bodies nest 2)
MAX_DEPTH = 64
#: the longest number a body may hold (digits): the API's numbers have at most 6
MAX_DIGITS = 30


def json_response(body: Any, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    """*body* as the CLI prints it (indented, characters as they are)."""
    text = json.dumps(body, ensure_ascii=False, indent=2)
    return Response(text.encode("utf-8", "surrogatepass"), status, headers=headers, media_type="application/json")


def problem(code: str, message: str, where: str | None = None, line: int | None = None,
            column: int | None = None) -> dict[str, Any]:
    """A finding of the request itself (no rule, no card)."""
    return {"code": code, "severity": "error", "rule": None, "message": message, "file": where, "line": line,
            "column": column, "card": None}


def error(status: int, code: str, message: str, where: str | None = None,
          headers: Mapping[str, str] | None = None) -> Response:
    return json_response({"errors": [problem(code, message, where)]}, status, headers)


def lang_of(request: Request) -> str:
    """The language of an answer about the request itself: ``?lang=``, else ``Accept-Language``."""
    given = request.query_params.get("lang")
    return given if given in LANGS else negotiate(request.headers.get("accept-language"))


def refuse(request: Request, status: int, key: str, args: Mapping[str, Any], where: str | None = None,
           headers: Mapping[str, str] | None = None) -> Response:
    """The answer *status* whose one finding is the catalogue message *key* (its code the key's ``CODE``)."""
    return error(status, key.split(".")[0], i18n.message(key, lang_of(request), **args), where, headers)


def _has_surrogates(value: Any) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_surrogates(k) or _has_surrogates(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_surrogates(v) for v in value)
    return False


async def call(request: Request, op: str, args: dict[str, Any]) -> tuple[int, Any]:
    """Run *op* in the pool: its (status, body); a call the pool could not answer is a 503 (or a 500:
    a worker that failed), its body ``{"errors": [finding]}``."""
    pool: Pool = request.app.state.pool
    lang = lang_of(request)
    said: dict[str, Any]
    try:
        return await run_in_threadpool(pool.call, op, args)
    except TimeLimit:
        key, status, said = "WEB-TIME-LIMIT", 503, {"seconds": pool.time_limit}
    except Busy:
        key, status, said = "WEB-BUSY", 503, {"seconds": pool.time_limit}
    except WorkerFailed as exc:
        key, status, said = "WEB-WORKER", 500, {"problem": str(exc)}
    return status, {"errors": [problem(key, i18n.message(key, lang, **said))]}


# --------------------------------------------------------------------------- the JSON body


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise TemplateError("WEB-JSON.duplicate", key=key)
        out[key] = value
    return out


def _constant(name: str) -> Any:
    raise TemplateError("WEB-JSON.constant", value=name)


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise TemplateError("WEB-JSON.number", text=text[:20] + "…", most=MAX_DIGITS)
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise TemplateError("WEB-JSON.number", text=text[:20] + ("…" if len(text) > 20 else ""), most=MAX_DIGITS)
    return value


def _deeper(value: Any, most: int) -> bool:
    """Whether *value* nests deeper than *most* (looked at without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > most:
            return True
        inner = item.values() if isinstance(item, dict) else item
        stack.extend((v, depth + 1) for v in inner if isinstance(v, (dict, list)))
    return False


def read_json(raw: bytes) -> dict[str, Any]:
    """The JSON object of a request's body; a :class:`TemplateError` (``WEB-JSON.…``) says why not."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TemplateError("WEB-JSON.utf8", offset=exc.start) from None
    try:
        value = json.loads(text, object_pairs_hook=_object, parse_constant=_constant, parse_int=_int,
                           parse_float=_float)
    except RecursionError:
        raise TemplateError("WEB-JSON.depth", most=MAX_DEPTH) from None
    except json.JSONDecodeError as exc:
        raise TemplateError("WEB-JSON.syntax", line=exc.lineno, column=exc.colno) from None
    if not isinstance(value, dict):
        raise TemplateError("WEB-JSON.not-object")
    if _deeper(value, MAX_DEPTH):
        raise TemplateError("WEB-JSON.depth", most=MAX_DEPTH)
    return value


# --------------------------------------------------------------------------- parameters


def coerce(name: str, raw: str, schema: Mapping[str, Any]) -> Any:
    """A query or form parameter's text as its schema's type; a :class:`TemplateError` says why not."""
    kind = schema.get("type")
    if kind == "integer":
        if not is_digits(raw.removeprefix("-")) or len(raw) > 12:
            raise TemplateError("WEB-PARAMETER.whole", name=name, value=raw[:100])
        return int(raw)
    if kind == "boolean":
        value = {"true": True, "1": True, "yes": True, "on": True, "false": False, "0": False, "no": False,
                 "off": False}.get(raw.lower())
        if value is None:
            raise TemplateError("WEB-PARAMETER.boolean", name=name, value=raw[:100])
        return value
    return raw


def _args(request: Request, endpoint: Endpoint) -> dict[str, Any]:
    """The query and path parameters of *request* under *endpoint*, each of its schema's type."""
    args: dict[str, Any] = {}
    known = {**endpoint.query, **endpoint.path_params}
    for name, value in [*request.query_params.multi_items(), *request.path_params.items()]:
        schema = known.get(name)
        if schema is None:
            raise TemplateError("WEB-PARAMETER.unknown", name=name, known=", ".join(known) or "-")
        if name in args:
            raise TemplateError("WEB-PARAMETER.twice", name=name)
        args[name] = coerce(name, value, schema)
    return args


async def params(request: Request, endpoint: Endpoint) -> dict[str, Any] | Response:
    """The request's parameters under *endpoint*, checked; or the 4xx that says what is wrong."""
    if endpoint.body is not None:
        given = request.headers.get("content-type")
        if given is None or given.split(";")[0].strip().lower() != "application/json":
            return refuse(request, 415, "WEB-MEDIA-TYPE", {"given": repr(given) if given else "none"})
        try:
            args = read_json(await request.body())
        except TemplateError as exc:
            return refuse(request, 400, exc.key, exc.values)
    else:
        try:
            args = _args(request, endpoint)
        except TemplateError as exc:
            return refuse(request, 422, exc.key, exc.values, str(exc.values.get("name")))
    if _has_surrogates(args):
        return refuse(request, 422, "WEB-TEXT", {})
    problems = check(endpoint, args, lang_of(request) if args.get("lang") not in LANGS else args["lang"])
    if problems:
        where, what = problems[0]
        return error(422, "WEB-PARAMETER", "; ".join(f"{w}: {m}" for w, m in problems[:10]), where)
    for name, schema in (endpoint.body or {}).get("properties", {}).items():
        if schema.get("type") == "integer" and isinstance(args.get(name), float):
            args[name] = int(args[name])  # 3.0 is a whole number to JSON Schema; the library wants an int
    if "lang" in {**endpoint.query, **(endpoint.body or {}).get("properties", {})} and not args.get("lang"):
        args["lang"] = negotiate(request.headers.get("accept-language"))
    return args


def _route(endpoint: Endpoint) -> Callable[[Request], Awaitable[Response]]:
    async def answer(request: Request) -> Response:
        args = await params(request, endpoint)
        if isinstance(args, Response):
            return args
        status, reply = await call(request, endpoint.op, args)
        if endpoint.media != "application/json" and status == 200:
            return Response(reply["svg"], media_type=endpoint.media)
        return json_response(reply, status)

    answer.__name__ = endpoint.op.replace(".", "_")
    return answer


async def schema(request: Request) -> Response:
    return json_response(openapi())


def routes() -> list[Route]:
    # a path parameter takes the rest of the path: card names hold " / " (and %2F arrives decoded)
    return [Route("/api/openapi.json", schema, methods=["GET"])] + [
        Route(e.path.replace("}", ":path}"), _route(e), methods=[e.method.upper()]) for e in ENDPOINTS]
