"""The pages: Pakli / Deck, Kártyák / Cards, Szabályok / Rules, Döntések / Rulings, EXXIT, XIG, Zen.

Each page is a form over the same worker operations as the JSON API
(:mod:`korbiro.web.ops`) and a Jinja2 template (autoescaped, no script: the
Content-Security-Policy allows none).  Stepping through a ruling or a replay
posts the same form again with the step asked for, so the pasted text never
leaves the page.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from importlib import resources
from typing import Any

import jinja2
from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from .api import call
from .labels import LANGS, choose, translator
from .limits import MAX_BODY

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


def render(request: Request, template: str, context: Mapping[str, Any], status: int = 200) -> Response:
    lang = page_lang(request)
    t = translator(lang)
    other = "hu" if lang == "en" else "en"
    html = ENV.get_template(template).render(
        t=t, lang=lang, other=other, path=request.url.path, games=GAMES, rule_link=rule_link, **context)
    response = HTMLResponse(html, status)
    given = request.query_params.get("lang")
    if given in LANGS:
        response.set_cookie("lang", given, max_age=365 * 86400, samesite="strict", httponly=True)
    return response


def rule_link(rule: str | None) -> str | None:
    """The page of an MK rule id (``1.02.A``); None for a board game's rule or none."""
    if not rule or not rule[:1].isdigit():
        return None
    return f"/rules/{rule}"


class Form:
    """A page's form: its fields, and the text given by pasting, uploading or choosing an example."""

    def __init__(self, data: FormData | None) -> None:
        self.data = data

    def get(self, key: str, default: str = "") -> str:
        value = self.data.get(key) if self.data is not None else None
        return value if isinstance(value, str) else default

    def int(self, key: str) -> int | None:
        value = self.get(key).strip()
        return int(value) if value.isdigit() and len(value) < 9 else None

    async def upload(self) -> tuple[str | None, str | None, str | None]:
        """The uploaded file's (text, name, problem)."""
        item = self.data.get("file") if self.data is not None else None
        if not isinstance(item, UploadFile) or not item.filename:
            return None, None, None
        raw = await item.read(MAX_BODY + 1)
        name = item.filename.replace("\\", "/").rsplit("/", 1)[-1][:200] or None
        try:
            return raw.decode("utf-8-sig"), name, None
        except UnicodeDecodeError as exc:
            return None, name, f"{name}: not UTF-8 text (byte {exc.start}); save it as UTF-8"


async def _form(request: Request) -> Form:
    if request.method != "POST":
        return Form(None)
    return Form(await request.form(max_files=1, max_fields=20, max_part_size=MAX_BODY))


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
        got = await call(request, "examples", {"kind": kind, "name": example})
        if isinstance(got, tuple) and got[0] == 200:
            return got[1]["text"], got[1]["file"], None
        return "", None, f"no example {example!r}"
    return form.get("text"), form.get("name") or None, None


async def _examples(request: Request, kind: str) -> list[str]:
    got = await call(request, "examples", {"kind": kind})
    return list(got[1]["names"]) if isinstance(got, tuple) and got[0] == 200 else []


def _failed(request: Request, got: Response) -> Response:
    """A page for a call the pool could not answer (the time limit)."""
    return render(request, "error.html", {"message": translator(page_lang(request))["time_limit"]}, got.status_code)


# --------------------------------------------------------------------------- pages


async def home(request: Request) -> Response:
    return RedirectResponse("/deck" + (f"?lang={request.query_params['lang']}"
                                       if request.query_params.get("lang") in LANGS else ""), 303)


async def deck(request: Request) -> Response:
    form = await _form(request)
    text, name, problem = await _input(request, form, "deck")
    args: dict[str, Any] = {"text": text, "name": name or "<deck>", "lang": page_lang(request), "max_findings": 0}
    for key in ("ruleset", "date"):
        if form.get(key).strip():
            args[key] = form.get(key).strip()
    if form.get("limit") in ("3", "4"):
        args["limit"] = int(form.get("limit"))
    formats = await call(request, "deck.formats", {})
    result = None
    if text.strip() and not problem:
        got = await call(request, "deck.check", args)
        if isinstance(got, Response):
            return _failed(request, got)
        result = got[1]
        if "errors" in result:  # not a verdict: a request the check could not take (an unknown format)
            result = {"file": args["name"], "legal": None, "findings": result["errors"]}
    lines = _deck_lines(text, result) if result is not None else []
    stats = None
    if result is not None and result.get("legal") is not None:
        got = await call(request, "deck.show", {"text": text, "name": args["name"], "lang": args["lang"],
                                                "chart": True})
        if isinstance(got, tuple) and got[0] == 200:
            stats = got[1]
    return render(request, "deck.html", {
        "text": text, "name": name, "problem": problem, "result": result, "lines": lines, "form": form,
        "stats": stats,
        "formats": formats[1]["formats"] if isinstance(formats, tuple) else [],
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


async def cards(request: Request) -> Response:
    q = request.query_params.get("q", "").strip()[:2000]
    explain = request.query_params.get("explain") in ("1", "on", "true")
    sort = request.query_params.get("sort", "name")
    sort = sort if sort in ("name", "id", "mp", "dp", "level", "type") else "name"
    result = error = None
    if q:
        got = await call(request, "cards.search", {"q": q, "explain": explain, "sort": sort,
                                                   "lang": page_lang(request)})
        if isinstance(got, Response):
            return _failed(request, got)
        status, body = got
        result, error = (body, None) if status == 200 else (None, body.get("error"))
    return render(request, "cards.html", {"q": q, "explain": explain, "sort": sort, "result": result,
                                          "error": error})


async def card(request: Request) -> Response:
    got = await call(request, "cards.page", {"query": request.path_params["query"][:500]})
    if isinstance(got, Response):
        return _failed(request, got)
    status, body = got
    return render(request, "card.html", {"show": body["show"], "behaviour": body["behaviour"], "file": body["file"]},
                  status)


async def rules(request: Request) -> Response:
    q = request.query_params.get("q", "").strip()[:2000]
    result = None
    if q:
        got = await call(request, "rules.search", {"q": q, "limit": 50, "lang": page_lang(request)})
        if isinstance(got, Response):
            return _failed(request, got)
        result = got[1]
    return render(request, "rules.html", {"q": q, "result": result})


async def rule(request: Request) -> Response:
    got = await call(request, "rules.page", {"id": request.path_params["id"][:100], "lang": page_lang(request)})
    if isinstance(got, Response):
        return _failed(request, got)
    status, body = got
    return render(request, "rule.html", {"show": body["show"], "titles": body["titles"]}, status)


async def rulings(request: Request) -> Response:
    form = await _form(request)
    text, name, problem = await _input(request, form, "ruling")
    result = errors = None
    if text.strip() and not problem:
        args: dict[str, Any] = {"text": text, "name": name or "<scenario>", "lang": page_lang(request)}
        if form.int("step") is not None:
            args["step"] = form.int("step")
        got = await call(request, "resolve.step", args)
        if isinstance(got, Response):
            return _failed(request, got)
        status, body = got
        result, errors = (_stepped(body), None) if status == 200 else (None, body[0]["errors"])
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
    out = {}
    for line in text.splitlines()[:32]:
        key, sep, value = line.partition("=")
        if sep and key.strip():
            out[key.strip()[:100]] = value.strip()[:200]
    return out


async def game(request: Request, name: str) -> Response:
    form = await _form(request)
    text, file, problem = await _input(request, form, name)
    view = errors = None
    if text.strip() and not problem:
        args: dict[str, Any] = {"text": text, "name": file or "<record>"}
        if name != "xig":
            args["options"] = _options(form.get("options"))
        if form.int("ply") is not None:
            args["ply"] = form.int("ply")
        got = await call(request, f"{name}.page", args)
        if isinstance(got, Response):
            return _failed(request, got)
        status, body = got
        view, errors = (body, None) if status == 200 else (None, body["errors"])
    return render(request, "game.html", {"game": name, "title": GAMES[name], "text": text, "name": file,
                                         "problem": problem, "view": view, "errors": errors, "form": form,
                                         "examples": await _examples(request, name)})


def _game_page(name: str) -> Any:
    async def page(request: Request) -> Response:
        return await game(request, name)

    page.__name__ = f"{name}_page"
    return page


async def not_found(request: Request, exc: Exception) -> Response:
    return render(request, "error.html", {"message": translator(page_lang(request))["not_found"]}, 404)


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
