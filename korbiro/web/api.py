"""The JSON API: one route per :class:`~korbiro.web.openapi.Endpoint`.

A route reads its parameters (a JSON object body, or query and path
parameters), checks them against the endpoint's schema, and hands them to the
worker pool (:mod:`korbiro.web.pool`), which answers with a status and the JSON
the command line prints.  Problems of the request are a 400 (no JSON object) or
a 422, each problem a finding; a call past the time limit is a 503.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .labels import negotiate
from .openapi import ENDPOINTS, Endpoint, check, openapi
from .pool import Busy, Pool, TimeLimit, WorkerFailed

__all__ = ["routes", "call", "error", "json_response"]


def json_response(body: Any, status: int = 200) -> Response:
    """*body* as the CLI prints it (indented, characters as they are)."""
    text = json.dumps(body, ensure_ascii=False, indent=2)
    return Response(text.encode("utf-8", "surrogatepass"), status, media_type="application/json")


def error(status: int, code: str, message: str, where: str | None = None) -> Response:
    finding = {"code": code, "severity": "error", "rule": None, "message": message, "file": where, "line": None,
               "column": None, "card": None}
    return json_response({"errors": [finding]}, status)


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


async def call(request: Request, op: str, args: dict[str, Any]) -> tuple[int, Any] | Response:
    """Run *op* in the pool: its (status, body), or the response that says why it was not answered."""
    pool: Pool = request.app.state.pool
    try:
        return await run_in_threadpool(pool.call, op, args)
    except TimeLimit:
        return error(503, "WEB-TIME-LIMIT", f"the request ran past the server's time limit ({pool.time_limit:g} s) "
                     "and was stopped")
    except Busy:
        return error(503, "WEB-BUSY", f"no worker was free within the time limit ({pool.time_limit:g} s); "
                     "try again")
    except WorkerFailed as exc:
        return error(500, "WEB-WORKER", f"internal error: {exc}; this is a bug in korbiro: please report it")


def _coerce(name: str, raw: str, schema: dict[str, Any]) -> Any:
    kind = schema.get("type")
    if kind == "integer":
        if not raw.strip().lstrip("-").isdigit() or len(raw) > 12:
            raise ValueError(f"{name}: {raw!r} is not a whole number")
        return int(raw)
    if kind == "boolean":
        value = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}.get(raw.lower())
        if value is None:
            raise ValueError(f"{name}: {raw!r} is not true or false")
        return value
    return raw


async def params(request: Request, endpoint: Endpoint) -> dict[str, Any] | Response:
    """The request's parameters under *endpoint*, checked; or the 400/422 that says what is wrong."""
    if endpoint.body is not None:
        raw = await request.body()
        try:
            args = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return error(400, "WEB-JSON", "the body is not JSON (a UTF-8 JSON object is expected)")
        if not isinstance(args, dict):
            return error(400, "WEB-JSON", "the body is not a JSON object")
    else:
        args = {}
        known = {**endpoint.query, **endpoint.path_params}
        for name, value in [*request.query_params.multi_items(), *request.path_params.items()]:
            schema = known.get(name)
            if schema is None:
                return error(422, "WEB-PARAMETER", f"unknown parameter {name!r}; known: {', '.join(known)}", name)
            try:
                args[name] = _coerce(name, value, dict(schema))
            except ValueError as exc:
                return error(422, "WEB-PARAMETER", str(exc), name)
    if _has_surrogates(args):
        return error(422, "WEB-TEXT", "the request holds text that is not valid Unicode (a lone surrogate)")
    problems = check(endpoint, args)
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
        got = await call(request, endpoint.op, args)
        if isinstance(got, Response):
            return got
        status, reply = got
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
