"""The app's safety belts, as ASGI middleware: a cap on request bodies (a clear 413) and the
security headers of every response (a strict Content-Security-Policy: no script at all, styles
and images only from the app itself, pictures as ``data:`` images, forms only to the app).

:class:`SecurityHeaders` wraps the whole app (:func:`korbiro.web.app.create_app`), outside even the
answer to an internal error, so that every answer has the headers, whoever made it."""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .guard import Refusal

__all__ = ["BodyLimit", "SecurityHeaders", "CSP", "MAX_BODY", "HEADERS"]

#: the largest request body accepted (bytes)
MAX_BODY = 1 << 20

CSP = ("default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; "
       "frame-ancestors 'none'")

HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # same-origin, not no-referrer: with no-referrer a browser sends "Origin: null" with the app's own
    # forms, which the guard (guard.py) could not tell from another site's; other sites get no Referer
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


class TooLarge(Exception):
    pass


class BodyLimit:
    """Refuse a body over *limit* bytes with 413 (``WEB-TOO-LARGE``, made by *refuse* in the request's
    language): at once by its Content-Length, else when it grows past it."""

    def __init__(self, app: ASGIApp, refuse: Refusal, limit: int = MAX_BODY) -> None:
        self.app = app
        self.refuse = refuse
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    length = int(value)
                except ValueError:
                    length = -1
                if length > self.limit or length < 0:
                    await self._refuse(scope, receive, send)
                    return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise TooLarge
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except TooLarge:
            if not started:
                await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        answer = self.refuse(Request(scope), 413, "WEB-TOO-LARGE",
                             {"kib": self.limit // 1024, "limit": self.limit}, {"Connection": "close"})
        await answer(scope, receive, send)


class SecurityHeaders:
    """Add the security headers to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)
