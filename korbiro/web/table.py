"""The table page (``/table``): play against the computer or a second person at the same screen.

No script runs on the app's pages (the Content-Security-Policy allows none), so the table is a form: the game
so far (the saved game's scenario text, :mod:`.tableops`) travels in the form, each legal action is a button,
and every press posts the form to the server, which replays the game, takes the step and answers with the
page.  ``/table/save`` answers with the game as a file to download (a scenario ``korbiro resolve`` replays);
uploading such a file continues it.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..base.i18n import catalogue, message
from ..rules.mk.timeline.sitting import POLICIES
from .pages import Form, PageError, _form, ask, page, page_lang, render
from .tableops import SAMPLE

__all__ = ["routes"]


def words(lang: str) -> dict[str, str]:
    """The table page's words in *lang*: the catalogue's ``TABLE.*`` templates (the page fills the few that take
    arguments)."""
    return {key[6:]: texts.get(lang) or texts["en"] for key, texts in catalogue().items() if key.startswith("TABLE.")}


def _seats(form: Form) -> dict[str, Any]:
    """Who plays at the screen and the computer's policy, from the form's ``opponent``."""
    opponent = form.get("opponent", "random")
    if opponent == "person":
        return {"humans": ["Anna", "Béla"], "opponent": "random"}
    return {"humans": ["Anna"], "opponent": opponent}


def _game(form: Form) -> dict[str, Any]:
    """The game the form carries."""
    return {"text": form.get("game"), **_seats(form), "seed": form.int("seed") or 0}


async def _call(request: Request, form: Form) -> tuple[int, Any]:
    """The operation the pressed button asks for."""
    lang = page_lang(request)
    do = form.get("do")
    if form.get("action"):
        return await ask(request, "table.act", {"game": _game(form), "action": form.get("action"), "lang": lang})
    if do == "typed":
        return await ask(request, "table.act", {"game": _game(form), "action": form.get("typed") or " ",
                                                "lang": lang})
    if do == "undo":
        return await ask(request, "table.undo", {"game": _game(form), "lang": lang})
    if do == "continue":
        text, name, problem = await form.upload()
        if problem or text is None:
            raise PageError(422, "WEB-TABLE-UPLOAD", problem or message("TABLE.no_file", lang))
        return await ask(request, "table.view", {"game": {**_game(form), "text": text, "name": name or "<game>"},
                                                 "lang": lang})
    if do == "view":
        return await ask(request, "table.view", {"game": _game(form), "lang": lang})
    decks = [form.get(f"deck_{i}_text") if form.get(f"deck_{i}") == "paste" else form.get(f"deck_{i}", SAMPLE[i])
             for i in range(2)]
    return await ask(request, "table.start", {"decks": [d or " " for d in decks], **_seats(form),
                                              "seed": form.int("seed") or 0, "lang": lang})


@page
async def table(request: Request) -> Response:
    """GET: the start form; POST: a step of the game (start, an action, undo, continue)."""
    form = await _form(request)
    answer = errors = None
    if request.method == "POST":
        try:
            status, body = await _call(request, form)
        finally:
            if form.data is not None:
                await form.data.close()  # an upload's temporary file
        answer, errors = (body, None) if status == 200 else (None, body.get("errors") if isinstance(body, dict) else body)
    return render(request, "table.html", {"w": words(page_lang(request)), "answer": answer, "errors": errors,
                                          "samples": SAMPLE, "form": form, "policies": list(POLICIES),
                                          "opponent": form.get("opponent", "random")})


async def save(request: Request) -> Response:
    """The game the form carries, as a scenario file to download."""
    form = await _form(request)
    text = form.get("game")
    if form.data is not None:
        await form.data.close()
    if not text.strip():
        return render(request, "error.html", {"code": "WEB-TABLE-SAVE", "message": message("TABLE.no_game",
                                                                                          page_lang(request))}, 422)
    return Response(text, media_type="application/x-yaml",
                    headers={"Content-Disposition": 'attachment; filename="korbiro-game.yaml"'})


def routes() -> list[Route]:
    return [Route("/table", table, methods=["GET", "POST"]), Route("/table/save", page(save), methods=["POST"])]
