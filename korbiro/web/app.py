"""The ASGI application: the pages, the JSON API, the static style sheet, and the safety belts."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import AsyncIterator, Iterator
from importlib import resources

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from . import api, pages
from .limits import MAX_BODY, BodyLimit, SecurityHeaders
from .pool import Pool

__all__ = ["create_app", "running"]

#: how often :func:`running` looks whether the server has started (seconds)
_POLL = 1 / 100


def create_app(db: str | None = None, *, workers: int | None = None, time_limit: float = 10.0,
               max_body: int = MAX_BODY) -> Starlette:
    """The web app over the card database *db* (default: ``$KORBIRO_DB``, else the shipped sample):
    *workers* worker processes (default: the cores, at most 4), each request at most *time_limit*
    seconds, bodies at most *max_body* bytes."""
    pool = Pool(workers or min(4, os.cpu_count() or 1), db=db, time_limit=time_limit)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        pool.start()
        try:
            yield
        finally:
            pool.close()

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if request.url.path.startswith("/api/"):
            return api.error(exc.status_code, "WEB-NOT-FOUND" if exc.status_code == 404 else "WEB-METHOD",
                             "no such endpoint (see /api/openapi.json)" if exc.status_code == 404
                             else f"{request.method} is not allowed here")
        if exc.status_code == 404:
            return await pages.not_found(request, exc)
        return Response(exc.detail, exc.status_code, headers=exc.headers)

    static = StaticFiles(directory=str(resources.files("korbiro.web") / "static"))
    app = Starlette(
        routes=[*api.routes(), *pages.routes(), Mount("/static", static, name="static")],
        middleware=[Middleware(SecurityHeaders), Middleware(BodyLimit, limit=max_body)],
        exception_handlers={HTTPException: http_error},
        lifespan=lifespan,
    )
    app.state.pool = pool
    return app


@contextlib.contextmanager
def running(app: Starlette, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve *app* with uvicorn in a background thread (for tests, tools and notebooks): yields its
    base URL (``http://127.0.0.1:PORT``; *port* 0 picks a free one) and stops the server after."""
    import socket
    import threading

    import uvicorn

    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.bind((host, port))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        while not server.started and thread.is_alive():
            time.sleep(_POLL)
        yield f"http://{host}:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
