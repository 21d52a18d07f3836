"""``korbiro serve``: the web extra missing is exit 2 naming the install command; any address but
this machine's own is warned about; an address it cannot listen on (a port in use) is exit 2 before
it says it serves; the server answers on 127.0.0.1 and on ::1, only to its own names."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from clirun import run_main

from korbiro.cli.serve import INSTALL, _loopback


def test_without_the_web_extra_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # an import of it fails, as when it is not installed
    ran = run_main(["serve"])
    assert ran.code == 2
    assert ran.stderr == ("Error: korbiro serve needs the web extra (uvicorn is not installed): "
                          "pip install -e '.[web]'\n")
    assert INSTALL == "pip install -e '.[web]'"


@pytest.mark.parametrize(("host", "loopback"), [("127.0.0.1", True), ("localhost", True), ("::1", True),
                                                ("[::1]", True), ("127.0.0.2", True), ("0.0.0.0", False),
                                                ("192.168.1.5", False), ("example.org", False)])
def test_loopback_addresses(host: str, loopback: bool) -> None:
    assert _loopback(host) is loopback


class _Bound:
    """A socket as :func:`korbiro.web.app.bind` gives it, bound to nothing (the tests serve nothing)."""

    def __init__(self, host: str, port: int) -> None:
        self.address = (host, port or 8123)

    def getsockname(self) -> tuple[str, int]:
        return self.address


def _served(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """``korbiro serve`` with its socket and its server stood in for: what it would serve, and where."""
    pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install -e '.[web]')")
    from korbiro.web import app as web

    served: dict[str, Any] = {}
    monkeypatch.setattr(web, "bind", _Bound)
    monkeypatch.setattr(web, "serve_forever", lambda app, sock: served.update(app=app, address=sock.address))
    return served


def test_another_host_is_warned_about(monkeypatch: pytest.MonkeyPatch) -> None:
    served = _served(monkeypatch)
    ran = run_main(["serve", "--host", "0.0.0.0", "--port", "8123"])
    assert ran.code == 0
    assert ran.stderr.splitlines() == [
        "warning: serving on 0.0.0.0: anyone who can reach this machine on port 8123 can use the app "
        "(it has no login and no TLS)",
        "korbiro: the judge's table on http://0.0.0.0:8123/ (Ctrl+C stops it)"]
    assert served["address"] == ("0.0.0.0", 8123)
    ran = run_main(["serve"])
    assert ran.stderr == "korbiro: the judge's table on http://127.0.0.1:8000/ (Ctrl+C stops it)\n"
    assert served["address"] == ("127.0.0.1", 8000)


def test_the_app_answers_to_the_names_of_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Host a request must name: the address served, this machine's names, each with the port, and
    the names given with --allow-host (issue 25: any Host was served)."""
    served = _served(monkeypatch)
    assert run_main(["serve", "--host", "::1", "--port", "8123", "--allow-host", "judge.example"]).code == 0
    guard = served["app"].middleware_stack or served["app"].build_middleware_stack()
    while not hasattr(guard, "hosts"):
        guard = guard.app
    assert str(guard.hosts) == "127.0.0.1:8123, localhost:8123, [::1]:8123, judge.example"
    ran = run_main(["serve", "--allow-host", "a/b"])
    assert ran.code == 2 and ran.stderr.endswith(
        "Error: Invalid value for '--allow-host': 'a/b' is not a host name, or a host name and a port "
        "(NAME or NAME:PORT)\n")


def test_a_port_in_use_is_exit_2_before_a_word_of_serving() -> None:
    """Issue 25: ``korbiro serve`` on a port in use printed that it served, then exited 3."""
    pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install -e '.[web]')")
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        ran = run_main(["serve", "--port", str(port)])
        hu = run_main(["serve", "--port", str(port), "--lang", "hu"])
    assert (ran.code, ran.stdout, ran.stderr) == (2, "", f"Error: cannot listen on 127.0.0.1:{port}: the port is "
                                                        "already in use (choose another with --port, or 0 for a "
                                                        "free one)\n")
    assert (hu.code, hu.stderr) == (2, f"Hiba: nem lehet figyelni ezen: 127.0.0.1:{port}: a port már foglalt "
                                       "(válassz másikat a --port kapcsolóval, vagy 0-t egy szabadért)\n")


@pytest.mark.parametrize(("host", "said"), [
    ("192.0.2.7", "cannot listen on 192.0.2.7:0: this machine has no such address"),
    ("no-such-host.invalid", "cannot listen on no-such-host.invalid:0: no such host name"),
])
def test_an_address_it_cannot_listen_on_is_exit_2(host: str, said: str) -> None:
    pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install -e '.[web]')")
    ran = run_main(["serve", "--host", host, "--port", "0"])
    assert (ran.code, ran.stderr) == (2, f"Error: {said}\n")


@pytest.mark.parametrize("host", ["::1", "[::1]"])
def test_serve_on_ipv6(host: str) -> None:
    """Issue 25: ``--host '[::1]'`` was an exit 3 after saying it served.  ``korbiro serve`` runs as a
    user runs it, on a free port of ::1, and answers there; it refuses another Host."""
    pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install -e '.[web]')")
    import http.client
    import json
    import os
    import re
    import signal
    import socket
    import subprocess

    try:
        socket.socket(socket.AF_INET6).close()
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        pytest.skip("this machine has no IPv6 loopback")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    proc = subprocess.Popen([sys.executable, "-m", "korbiro", "serve", "--host", host, "--port", "0", "--workers",
                             "1"], stderr=subprocess.PIPE, text=True, cwd=root, env={**os.environ, "PYTHONPATH": root})
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        found = re.fullmatch(r"korbiro: the judge's table on http://\[::1\]:([0-9]+)/ \(Ctrl\+C stops it\)\n", line)
        assert found, line
        port = int(found.group(1))
        for name, status in [(f"[::1]:{port}", 200), (f"localhost:{port}", 200), ("attacker.example", 400)]:
            conn = http.client.HTTPConnection("::1", port, timeout=60)
            conn.request("GET", "/api/deck/formats", headers={"Host": name})
            r = conn.getresponse()
            body = json.loads(r.read())
            conn.close()
            assert r.status == status, (name, body)
        assert body["errors"][0]["code"] == "WEB-HOST"
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        rest = proc.stderr.read() if proc.stderr is not None else ""
        if proc.stderr is not None:
            proc.stderr.close()
    assert (proc.returncode, rest) == (0, "")  # Ctrl+C ends it as asked, saying nothing more


def test_the_app_answers_on_127_0_0_1() -> None:
    pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install -e '.[web]')")
    import json
    import urllib.request

    from korbiro.web.app import create_app, running

    with running(create_app(workers=1)) as url:
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url + "/api/deck/formats", timeout=30) as r:  # noqa: S310 - 127.0.0.1
            assert json.loads(r.read())["default"] == "korfordulo"
            assert "default-src 'none'" in r.headers["Content-Security-Policy"]


def test_serve_speaks_hungarian(monkeypatch: pytest.MonkeyPatch) -> None:
    _served(monkeypatch)
    ran = run_main(["serve", "--host", "0.0.0.0", "--port", "8123", "--lang", "hu"])
    assert ran.stderr.splitlines() == [
        "figyelmeztetés: kiszolgálás ezen: 0.0.0.0: bárki, aki eléri ezt a gépet a(z) 8123. porton, használhatja "
        "az alkalmazást (nincs belépés és nincs TLS)",
        "korbiro: a bírói asztal itt: http://0.0.0.0:8123/ (Ctrl+C leállítja)"]
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    ran = run_main(["serve", "--lang", "hu"])
    assert (ran.code, ran.stderr) == (2, "Hiba: a korbiro serve-höz kell a web kiegészítő (a(z) uvicorn nincs "
                                         "telepítve): pip install -e '.[web]'\n")
