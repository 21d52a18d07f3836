"""Who may ask: the host a request is addressed to, and where a request that changes something comes from.

The app has no login: what keeps another web site from using it through a visitor's browser is
that it answers only requests addressed to it by one of its own names, and takes a form or a
JSON body only from its own pages.

- **The Host header** must name the server: the address it listens on, or this machine by
  ``127.0.0.1``, ``localhost`` or ``[::1]`` (each with the server's port), or a name given with
  ``korbiro serve --allow-host``.  A web page of another site whose name has been made to point
  at 127.0.0.1 (DNS rebinding) sends its own name, and is refused (400, ``WEB-HOST``).
- **A request that is not GET, HEAD or OPTIONS** is refused (403, ``WEB-CROSS-ORIGIN``) when the
  browser says it comes from another origin: its ``Sec-Fetch-Site``, else its ``Origin`` (``null``
  included), else its ``Referer`` names another scheme, host or port.  A request that says none
  of these (``curl``, a script) is taken.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping
from typing import Any, Protocol
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from ..base.text import is_digits

__all__ = ["Guard", "Hosts", "LOOPBACK", "SAFE_METHODS", "Refusal"]

#: this machine's own names, as a Host header writes them
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
#: the methods that change nothing (a cross-site request of these is only a read, which the Host check guards)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

class Refusal(Protocol):
    """Makes the answer refusing a request: *status* saying the catalogue message *key* with *args* (a JSON
    finding under ``/api/``, else a page, in the request's language; :func:`korbiro.web.app.refusal`)."""

    def __call__(self, request: Request, status: int, key: str, args: Mapping[str, Any],
                 headers: Mapping[str, str] | None = None) -> Response: ...


def authority(value: str) -> tuple[str, int | None] | None:
    """A Host header's (host, port), lower case, an IPv6 address in brackets; None when it is not one.

    >>> authority("LocalHost:8000"), authority("[::1]"), authority("::1"), authority("a:b"), authority("")
    (('localhost', 8000), ('[::1]', None), None, None, None)
    """
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        host, rest = value[:end + 1], value[end + 1:]
        if end < 0:
            return None
    else:
        host, sep, port = value.partition(":")
        rest = sep + port
    if not host or any(c in host for c in "/?#@\\ ") or (rest and not rest.startswith(":")):
        return None
    if not rest:
        return host, None
    digits = rest[1:]
    if not is_digits(digits) or len(digits) > 5 or int(digits) > 65535:
        return None
    return host, int(digits)


def bracketed(host: str) -> str:
    """*host* as a Host header writes it: an IPv6 address in brackets.

    >>> bracketed("::1"), bracketed("[::1]"), bracketed("127.0.0.1"), bracketed("Localhost")
    ('[::1]', '[::1]', '127.0.0.1', 'localhost')
    """
    host = host.strip().lower()
    try:
        if ipaddress.ip_address(host).version == 6:
            return f"[{host}]"
    except ValueError:
        pass
    return host


class Hosts:
    """The names the app answers to: each ``HOST`` (on any port) or ``HOST:PORT``."""

    def __init__(self, names: Iterable[str] = LOOPBACK) -> None:
        self.names: list[tuple[str, int | None]] = []
        for name in names:
            found = self._parse(name)
            if found is None:
                raise ValueError(f"{name!r} is not a host name, or a host name and a port")
            if found not in self.names:
                self.names.append(found)

    @staticmethod
    def _parse(name: str) -> tuple[str, int | None] | None:
        return authority(bracketed(name) if name.count(":") > 1 and not name.startswith("[") else name)

    @classmethod
    def valid(cls, name: str) -> bool:
        """Whether *name* is a ``HOST`` or ``HOST:PORT`` the app can be told to answer to."""
        return cls._parse(name) is not None

    @classmethod
    def of_server(cls, host: str, port: int, extra: Iterable[str] = ()) -> Hosts:
        """The names of a server listening on *host* and *port*: this machine's own names and the address
        it listens on (unless that is every address, ``0.0.0.0`` or ``::``), each with the port, and *extra*."""
        own = [bracketed(host)] if bracketed(host) not in ("0.0.0.0", "[::]", "") else []  # noqa: S104 - a name compared
        return cls([*(f"{name}:{port}" for name in (*LOOPBACK, *own)), *extra])

    def allows(self, header: str) -> bool:
        """Whether a request whose Host header is *header* is addressed to the app."""
        found = authority(header)
        if found is None:
            return False
        host, port = found
        return any(host == name and (want is None or port == want) for name, want in self.names)

    def __str__(self) -> str:
        return ", ".join(name if port is None else f"{name}:{port}" for name, port in self.names)


def _origin(url: str) -> str:
    """The ``scheme://host:port`` of *url*, as an Origin header writes it (``null`` when it has none)."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return "null"
    return f"{parts.scheme}://{parts.netloc}".lower() if parts.scheme and parts.netloc else "null"


class Guard:
    """ASGI middleware: a request to another Host is refused, and so is a request that changes
    something from another origin; *refuse* makes the answer (a JSON finding or a page)."""

    def __init__(self, app: ASGIApp, hosts: Hosts, refuse: Refusal) -> None:
        self.app = app
        self.hosts = hosts
        self.refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            problem = self.problem(scope)
            if problem is not None:
                status, key, args = problem
                await self.refuse(Request(scope), status, key, args)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def problem(self, scope: Scope) -> tuple[int, str, dict[str, Any]] | None:
        """What is wrong with where the request is addressed to or comes from: (status, key, arguments)."""
        headers = Headers(scope=scope)
        host = headers.get("host")
        if host is None:
            return 400, "WEB-HOST.missing", {"hosts": str(self.hosts)}
        if not self.hosts.allows(host):
            return 400, "WEB-HOST", {"host": host, "hosts": str(self.hosts)}
        if scope["method"] in SAFE_METHODS:
            return None
        own = f"{scope.get('scheme', 'http')}://{host.strip()}".lower()
        site = (headers.get("sec-fetch-site") or "").lower()
        origin, referer = headers.get("origin"), headers.get("referer")
        came = _origin(origin) if origin is not None else _origin(referer) if referer is not None else None
        if site in ("same-site", "cross-site") or (came is not None and came != own):
            return 403, "WEB-CROSS-ORIGIN", {"method": scope["method"], "origin": origin or came or site}
        return None
