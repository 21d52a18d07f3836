"""The ASGI application: the pages, the JSON API, the static style sheet, and the safety belts.

From the outside in: the security headers (on every answer, a 500 included), the answer to an
internal error, the guard (the Host, and the origin of a request that changes something:
:mod:`.guard`), the body cap, then the routes."""

from __future__ import annotations

import contextlib
import os
import socket
import time
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from . import api, pages, table
from .guard import LOOPBACK, Guard, Hosts
from .limits import MAX_BODY, BodyLimit, SecurityHeaders
from .pool import Pool

__all__ = ["create_app", "running", "bind", "serve_forever", "Hosts"]

#: how often :func:`running` looks whether the server has started (seconds)
_POLL = 1 / 100


def refusal(request: Request, status: int, key: str, args: Mapping[str, Any],
            headers: Mapping[str, str] | None = None) -> Response:
    """The answer *status* saying the catalogue message *key*: a JSON finding under ``/api/``, else a page."""
    if request.url.path.startswith("/api/"):
        return api.refuse(request, status, key, args, headers=headers)
    return pages.error_page(request, status, key, args, headers)


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such route, a method not allowed, a form it cannot read) as findings."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        if request.url.path.startswith("/api/"):
            return api.refuse(request, 404, "WEB-NOT-FOUND", {})
        return await pages.not_found(request, exc)
    if exc.status_code == 405:
        allowed = ", ".join(sorted(m.strip() for m in (exc.headers or {}).get("Allow", "").split(",") if m.strip()))
        return refusal(request, 405, "WEB-METHOD", {"method": request.method, "allowed": allowed},
                       {"Allow": allowed})
    return refusal(request, exc.status_code if 400 <= exc.status_code < 500 else 400, "WEB-FORM",
                   {"reason": exc.detail}, exc.headers)


async def _internal_error(request: Request, exc: Exception) -> Response:
    """An exception no one caught (a bug): a 500 that says so, with the security headers as every answer."""
    args = {"error": f"{type(exc).__name__}: {exc}"[:500]}
    try:
        return refusal(request, 500, "WEB-INTERNAL", args)
    except Exception:  # noqa: BLE001 - the page itself failed: the finding as JSON
        return api.refuse(request, 500, "WEB-INTERNAL", args)


class _App(Starlette):
    """Starlette with :class:`SecurityHeaders` outside all of it, outside the answer to an internal error too."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())


def create_app(db: str | None = None, *, workers: int | None = None, time_limit: float = 10.0,
               max_body: int = MAX_BODY, hosts: Iterable[str] | Hosts = LOOPBACK) -> Starlette:
    """The web app over the card database *db* (default: ``$KORBIRO_DB``, else the shipped sample):
    *workers* worker processes (default: the cores, at most 4), each request at most *time_limit*
    seconds, bodies at most *max_body* bytes, answering requests whose Host is one of *hosts* (each
    ``HOST`` on any port or ``HOST:PORT``; default: this machine's own names, on any port)."""
    pool = Pool(workers or min(4, os.cpu_count() or 1), db=db, time_limit=time_limit)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        pool.start()
        try:
            yield
        finally:
            pool.close()

    static = StaticFiles(directory=str(resources.files("korbiro.web") / "static"))
    app = _App(
        routes=[*api.routes(), *pages.routes(), *table.routes(), Mount("/static", static, name="static")],
        middleware=[Middleware(Guard, hosts=hosts if isinstance(hosts, Hosts) else Hosts(hosts), refuse=refusal),
                    Middleware(BodyLimit, refuse=refusal, limit=max_body)],
        exception_handlers={HTTPException: _http_error, Exception: _internal_error},
        lifespan=lifespan,
    )
    app.state.pool = pool
    return app


def bind(host: str, port: int) -> socket.socket:
    """A socket bound to *host* (an IPv4 or IPv6 address, in brackets or not, or a name) and *port* (0: a
    free one) and listening, for :func:`serve_forever`: a client that connects before the server runs
    waits, and is not refused.  An :class:`OSError` says why not (the port in use...)."""
    name = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    family = socket.AF_INET6 if ":" in name else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((name, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def _server(app: Starlette) -> Any:
    import uvicorn  # lazy: the server's library is needed only to serve, not to make the app (tests call it)

    return uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on", server_header=False,
                                         proxy_headers=False, timeout_graceful_shutdown=5))


def serve_forever(app: Starlette, sock: socket.socket) -> None:
    """Serve *app* on the bound *sock* (:func:`bind`) until Ctrl+C (or SIGTERM), which ends it as asked
    (uvicorn raises the signal again once it has stopped: not an interruption of anything)."""
    with sock:
        try:
            _server(app).run(sockets=[sock])
        except KeyboardInterrupt:
            pass


@contextlib.contextmanager
def running(app: Starlette, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve *app* with uvicorn in a background thread (for tests, tools and notebooks): yields its
    base URL (``http://127.0.0.1:PORT``; *port* 0 picks a free one) and stops the server after."""
    import threading  # lazy: only this helper runs a server in a thread

    sock = bind(host, port)
    server = _server(app)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        while not server.started and thread.is_alive():
            time.sleep(_POLL)
        shown = f"[{host.strip('[]')}]" if ":" in host else host
        yield f"http://{shown}:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
