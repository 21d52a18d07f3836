"""``korbiro serve``: the web extra missing is exit 2 naming the install command; any address but
this machine's own is warned about; the server answers on 127.0.0.1."""

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


def test_another_host_is_warned_about(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install -e '.[web]')")
    import uvicorn

    served: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.update(kw))
    ran = run_main(["serve", "--host", "0.0.0.0", "--port", "8123"])
    assert ran.code == 0
    assert ran.stderr.splitlines() == [
        "warning: serving on 0.0.0.0: anyone who can reach this machine on port 8123 can use the app "
        "(it has no login and no TLS)",
        "korbiro: the judge's table on http://0.0.0.0:8123/ (Ctrl+C stops it)"]
    assert (served["host"], served["port"]) == ("0.0.0.0", 8123)
    ran = run_main(["serve"])
    assert ran.stderr == "korbiro: the judge's table on http://127.0.0.1:8000/ (Ctrl+C stops it)\n"
    assert (served["host"], served["port"]) == ("127.0.0.1", 8000)


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
    pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install -e '.[web]')")
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: None)
    ran = run_main(["serve", "--host", "0.0.0.0", "--port", "8123", "--lang", "hu"])
    assert ran.stderr.splitlines() == [
        "figyelmeztetés: kiszolgálás ezen: 0.0.0.0: bárki, aki eléri ezt a gépet a(z) 8123. porton, használhatja "
        "az alkalmazást (nincs belépés és nincs TLS)",
        "korbiro: a bírói asztal itt: http://0.0.0.0:8123/ (Ctrl+C leállítja)"]
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    ran = run_main(["serve", "--lang", "hu"])
    assert (ran.code, ran.stderr) == (2, "Hiba: a korbiro serve-höz kell a web kiegészítő (a(z) uvicorn nincs "
                                         "telepítve): pip install -e '.[web]'\n")
