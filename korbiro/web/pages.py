"""The pages: Pakli / Deck, Kártyák / Cards, Szabályok / Rules, Döntések / Rulings, EXXIT, XIG, Zen.

Each page is a form over the same worker operations as the JSON API
(:mod:`korbiro.web.ops`) and a Jinja2 template (autoescaped, no script: the
Content-Security-Policy allows none).  Stepping through a ruling or a replay
posts the same form again with the step asked for, so the pasted text never
leaves the page.

A page's fields are checked as the API's parameters are, against the schema
of the endpoint that takes them (a step or a ply is a whole number in the
digits 0-9, a query at most 2,000 characters...): a field that is not what
it should be is a 422 page naming it, and a call the workers could not answer
(the time limit, a bug) a 503 or 500 page saying so.
"""

from __future__ import annotations

import base64
import functools
from collections.abc import Awaitable, Callable, Mapping
from importlib import resources
from typing import Any

import jinja2
from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ..base import i18n
from ..base.i18n import TemplateError
from ..base.text import is_digits
from .api import call, coerce
from .labels import LANGS, choose, translator
from .limits import MAX_BODY
from .openapi import ENDPOINTS, check

__all__ = ["routes"]

GAMES = {"exxit": "EXXIT", "xig": "XIG", "zen": "Zen"}


def _env() -> jinja2.Environment:
    folder = str(resources.files("korbiro.web") / "templates")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(folder), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["data_uri"] = lambda svg: "data:image/svg+xml;base64," + base64.b64encode(
        svg.encode("utf-8")).decode("ascii")
    return env


ENV = _env()


def page_lang(request: Request) -> str:
    return choose(request.query_params.get("lang"), request.cookies.get("lang"),
                  request.headers.get("accept-language"))


def render(request: Request, template: str, context: Mapping[str, Any], status: int = 200,
           headers: Mapping[str, str] | None = None) -> Response:
    lang = page_lang(request)
    t = translator(lang)
    other = "hu" if lang == "en" else "en"
    html = ENV.get_template(template).render(
        t=t, lang=lang, other=other, path=request.url.path, games=GAMES, rule_link=rule_link, **context)
    response = HTMLResponse(html, status, headers)
    given = request.query_params.get("lang")
    if given in LANGS:
        response.set_cookie("lang", given, max_age=365 * 86400, samesite="strict", httponly=True)
    return response


def rule_link(rule: str | None) -> str | None:
    """The page of an MK rule id (``1.02.A``); None for a board game's rule or none."""
    if not rule or not is_digits(rule[:1]):
        return None
    return f"/rules/{rule}"


class PageError(Exception):
    """A request a page cannot answer: its status and its finding's code and message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message

    @classmethod
    def said(cls, request: Request, status: int, exc: TemplateError) -> PageError:
        return cls(status, exc.key.split(".")[0], exc.text(page_lang(request)))


def error_page(request: Request, status: int, key: str, args: Mapping[str, Any],
               headers: Mapping[str, str] | None = None) -> Response:
    """The error page of the catalogue message *key* (its code the key's ``CODE``)."""
    message = i18n.message(key, page_lang(request), **args)
    return render(request, "error.html", {"code": key.split(".")[0], "message": message}, status, headers)


Page = Callable[[Request], Awaitable[Response]]


def page(fn: Page) -> Page:
    """A page whose :class:`PageError` is its error page, and a field that cannot be read (a
    :class:`TemplateError`) a 422 one."""

    @functools.wraps(fn)
    async def answer(request: Request) -> Response:
        try:
            return await fn(request)
        except TemplateError as exc:
            refused = PageError.said(request, 422, exc)
        except PageError as exc:
            refused = exc
        return render(request, "error.html", {"code": refused.code, "message": refused.message}, refused.status)

    return answer


class Form:
    """A page's form: its fields, and the text given by pasting, uploading or choosing an example."""

    def __init__(self, data: FormData | None) -> None:
        self.data = data

    def get(self, key: str, default: str = "") -> str:
        value = self.data.get(key) if self.data is not None else None
        return value if isinstance(value, str) else default

    def int(self, key: str) -> int | None:
        """The field *key* as a whole number (None when it is empty); a :class:`TemplateError` when it is
        not one written with the digits 0-9."""
        value = self.get(key).strip()
        return coerce(key, value, {"type": "integer"}) if value else None

    def twice(self) -> str | None:
        """The first field given more than once (a form of the app's pages gives each once)."""
        seen: set[str] = set()
        for key, _ in self.data.multi_items() if self.data is not None else ():
            if key in seen:
                return key
            seen.add(key)
        return None

    async def upload(self) -> tuple[str | None, str | None, str | None]:
        """The uploaded file's (text, name, problem)."""
        item = self.data.get("file") if self.data is not None else None
        if not isinstance(item, UploadFile) or not item.filename:
            return None, None, None
        raw = await item.read(MAX_BODY + 1)
        name = "".join(c for c in item.filename.replace("\\", "/").rsplit("/", 1)[-1] if c.isprintable())[:200] or None
        try:
            return raw.decode("utf-8-sig"), name, None
        except UnicodeDecodeError as exc:
            return None, name, f"{name}: not UTF-8 text (byte {exc.start}); save it as UTF-8"


#: the ways a form is sent
FORM_TYPES = ("multipart/form-data", "application/x-www-form-urlencoded")


async def _form(request: Request) -> Form:
    """The posted form (none for a GET), its fields checked: each given once, the numbers whole."""
    if request.method != "POST":
        return Form(None)
    given = request.headers.get("content-type")
    if given is None or given.split(";")[0].strip().lower() not in FORM_TYPES:
        raise PageError.said(request, 415, TemplateError("WEB-MEDIA-TYPE.form", given=repr(given) if given else "none"))
    form = Form(await request.form(max_files=1, max_fields=20, max_part_size=MAX_BODY))
    twice = form.twice()
    if twice is not None:
        raise PageError.said(request, 422, TemplateError("WEB-PARAMETER.twice", name=twice))
    return form


#: the operation of a page -> the API's endpoint whose schema its arguments follow
_TWINS = {"cards.page": "cards.show", "rules.page": "rules.show",
          **{f"{g}.page": f"{g}.picture" for g in ("exxit", "xig", "zen")}}
_ENDPOINTS = {e.op: e for e in ENDPOINTS}


async def ask(request: Request, op: str, args: dict[str, Any]) -> tuple[int, Any]:
    """Run the operation *op*: its (status, body).  Arguments its endpoint's schema refuses are a 422
    :class:`PageError`, a call the workers could not answer (or a bug) a 5xx one."""
    endpoint = _ENDPOINTS.get(_TWINS.get(op, op))
    problems = check(endpoint, args, page_lang(request)) if endpoint is not None else []
    if problems:
        raise PageError(422, "WEB-PARAMETER", "; ".join(f"{w}: {m}" for w, m in problems[:10]))
    status, body = await call(request, op, args)
    if status >= 500:
        found = body.get("errors", [{}])[0] if isinstance(body, dict) else {}
        raise PageError(status, str(found.get("code", "WEB-INTERNAL")), str(found.get("message", body)))
    return status, body


async def _input(request: Request, form: Form, kind: str) -> tuple[str, str | None, str | None]:
    """The text of the page's input (uploaded, else pasted, else ``?example=``), its name and a problem."""
    try:
        text, name, problem = await form.upload()
    finally:
        if form.data is not None:
            await form.data.close()  # the upload's temporary file
    if problem:
        return form.get("text"), name, problem
    if text is not None:
        return text, name, None
    example = request.query_params.get("example") or form.get("example")
    if example and not form.get("text").strip():
        status, body = await ask(request, "examples", {"kind": kind, "name": example})
        if status == 200:
            return body["text"], body["file"], None
        return "", None, f"no example {example[:200]!r}"
    return form.get("text"), form.get("name") or None, None


async def _examples(request: Request, kind: str) -> list[str]:
    status, body = await ask(request, "examples", {"kind": kind})
    return list(body["names"]) if status == 200 else []


def _refused(status: int, body: Any) -> PageError:
    """The error page of an answer that is only ``{"errors": [finding, ...]}`` (the card database cannot be
    read...)."""
    found = body["errors"] if isinstance(body, dict) and body.get("errors") else [{}]
    return PageError(status, str(found[0].get("code", "WEB-INTERNAL")),
                     "; ".join(str(f.get("message", "")) for f in found))


def _errors_only(body: Any) -> bool:
    return isinstance(body, dict) and set(body) == {"errors"}


#: the orders a card search takes (the API's ``sort``)
SORTS = ("name", "id", "mp", "dp", "level", "type")


def _choice(request: Request, name: str, choices: tuple[str, ...]) -> str:
    """The query parameter *name*, one of *choices* (the first when it is not given)."""
    value = request.query_params.get(name) or choices[0]
    if value not in choices:
        raise TemplateError("WEB-PARAMETER.choice", name=name, value=value[:100], choices=", ".join(choices))
    return value


# --------------------------------------------------------------------------- pages


async def home(request: Request) -> Response:
    return RedirectResponse("/deck" + (f"?lang={request.query_params['lang']}"
                                       if request.query_params.get("lang") in LANGS else ""), 303)


@page
async def deck(request: Request) -> Response:
    form = await _form(request)
    text, name, problem = await _input(request, form, "deck")
    args: dict[str, Any] = {"text": text, "name": name or "<deck>", "lang": page_lang(request), "max_findings": 0}
    for key in ("ruleset", "date"):
        if form.get(key).strip():
            args[key] = form.get(key).strip()
    if form.int("limit") is not None:
        args["limit"] = form.int("limit")
    formats = await ask(request, "deck.formats", {})
    result = None
    if text.strip() and not problem:
        result = (await ask(request, "deck.check", args))[1]
        if "errors" in result:  # not a verdict: a request the check could not take (an unknown format)
            result = {"file": args["name"], "legal": None, "findings": result["errors"]}
    lines = _deck_lines(text, result) if result is not None else []
    stats = None
    if result is not None and result.get("legal") is not None:
        status, body = await ask(request, "deck.show", {"text": text, "name": args["name"], "lang": args["lang"],
                                                       "chart": True})
        stats = body if status == 200 else None
    return render(request, "deck.html", {
        "text": text, "name": name, "problem": problem, "result": result, "lines": lines, "form": form,
        "stats": stats, "formats": formats[1]["formats"] if formats[0] == 200 else [],
        "examples": await _examples(request, "deck")})


def _deck_lines(text: str, result: Mapping[str, Any]) -> dict[str, Any]:
    """The list's lines, each with the findings at it; findings at no line of the text come first."""
    rows = text.splitlines()
    at: dict[int, list[Any]] = {}
    loose: list[Any] = []
    findings = list(result.get("findings", [])) + ([result["error"]] if result.get("error") else [])
    for f in findings:
        line = f.get("line")
        if isinstance(line, int) and 1 <= line <= len(rows):
            at.setdefault(line, []).append(f)
        else:
            loose.append(f)
    return {"rows": [(i, row, at.get(i, [])) for i, row in enumerate(rows, 1)], "loose": loose}


@page
async def cards(request: Request) -> Response:
    q = request.query_params.get("q", "").strip()
    explain = coerce("explain", request.query_params.get("explain") or "false", {"type": "boolean"})
    sort = _choice(request, "sort", SORTS)
    result = error = None
    if q:
        status, body = await ask(request, "cards.search", {"q": q, "explain": explain, "sort": sort,
                                                          "lang": page_lang(request)})
        if _errors_only(body):
            raise _refused(status, body)
        result, error = (body, None) if status == 200 else (None, body.get("error"))
    return render(request, "cards.html", {"q": q, "explain": explain, "sort": sort, "result": result,
                                          "error": error})


@page
async def card(request: Request) -> Response:
    status, body = await ask(request, "cards.page", {"query": request.path_params["query"], "lang": page_lang(request)})
    if _errors_only(body):
        raise _refused(status, body)
    return render(request, "card.html", {"show": body["show"], "behaviour": body["behaviour"], "file": body["file"]},
                  status)


@page
async def rules(request: Request) -> Response:
    q = request.query_params.get("q", "").strip()
    result = None
    if q:
        status, result = await ask(request, "rules.search", {"q": q, "limit": 50, "lang": page_lang(request)})
        if _errors_only(result):
            raise _refused(status, result)
    return render(request, "rules.html", {"q": q, "result": result})


@page
async def rule(request: Request) -> Response:
    status, body = await ask(request, "rules.page", {"id": request.path_params["id"], "lang": page_lang(request)})
    if _errors_only(body):
        raise _refused(status, body)
    return render(request, "rule.html", {"show": body["show"], "titles": body["titles"]}, status)


@page
async def rulings(request: Request) -> Response:
    form = await _form(request)
    text, name, problem = await _input(request, form, "ruling")
    result = errors = None
    if text.strip() and not problem:
        args: dict[str, Any] = {"text": text, "name": name or "<scenario>", "lang": page_lang(request)}
        if form.int("step") is not None:
            args["step"] = form.int("step")
        status, body = await ask(request, "resolve.step", args)
        if status == 200:
            result = _stepped(body)
        else:  # the scenario cannot be run: a list of one result with its errors
            errors = body[0]["errors"] if isinstance(body, list) else body["errors"]
    return render(request, "rulings.html", {"text": text, "name": name, "problem": problem, "stepped": result,
                                            "errors": errors, "examples": await _examples(request, "ruling")})


def _stepped(body: dict[str, Any]) -> dict[str, Any]:
    """The ``resolve.step`` answer with what the step shows: its action, its trace events, its refusal."""
    result, n = body["result"], body["step"]
    starts = [s["trace_from"] for s in result["steps"]]
    first = starts[n - 1] if n else 1
    end = starts[n] if n < len(starts) else len(result["trace"]) + 1
    if n == 0:
        first, end = 1, (starts[0] if starts else len(result["trace"]) + 1)
    body["action"] = result["steps"][n - 1] if n else None
    body["events"] = [e for e in result["trace"] if first <= e["n"] < end]
    body["refusal"] = next((r for r in result["refusals"] if r["step"] == n), None)
    body["marks"] = {r["step"] for r in result["refusals"]}
    return body


def _options(text: str) -> dict[str, str]:
    """The rule options, one ``NAME=VALUE`` a line (lines without ``=`` are not options)."""
    out = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip():
            out[key.strip()] = value.strip()
    return out


async def game(request: Request, name: str) -> Response:
    form = await _form(request)
    text, file, problem = await _input(request, form, name)
    view = errors = None
    if text.strip() and not problem:
        args: dict[str, Any] = {"text": text, "name": file or "<record>", "lang": page_lang(request)}
        if name != "xig":
            args["options"] = _options(form.get("options"))
        if form.int("ply") is not None:
            args["ply"] = form.int("ply")
        status, body = await ask(request, f"{name}.page", args)
        view, errors = (body, None) if status == 200 else (None, body["errors"])
    return render(request, "game.html", {"game": name, "title": GAMES[name], "text": text, "name": file,
                                         "problem": problem, "view": view, "errors": errors, "form": form,
                                         "examples": await _examples(request, name)})


def _game_page(name: str) -> Page:
    async def game_page(request: Request) -> Response:
        return await game(request, name)

    game_page.__name__ = f"{name}_page"
    return page(game_page)


async def not_found(request: Request, exc: Exception) -> Response:
    return render(request, "error.html", {"code": None, "message": translator(page_lang(request))["not_found"]}, 404)


def routes() -> list[Route]:
    return [
        Route("/", home),
        Route("/deck", deck, methods=["GET", "POST"]),
        Route("/cards", cards),
        Route("/cards/{query:path}", card),
        Route("/rules", rules),
        Route("/rules/{id:path}", rule),
        Route("/rulings", rulings, methods=["GET", "POST"]),
        *[Route(f"/{g}", _game_page(g), methods=["GET", "POST"], name=g) for g in GAMES],
    ]
