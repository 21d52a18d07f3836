"""The web app's answers to bad and hostile requests (issue 25): never a 500, always a 4xx with the
finding that says why, and the security headers on every answer; the Host and the origin of a
request checked; the ruling stepper through every step."""

from __future__ import annotations

import http.client
import json
import re
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from markupsafe import escape

pytest.importorskip("starlette", reason="the web extra is not installed (pip install -e '.[web]')")

from layout import ROOT

from korbiro.web.limits import CSP  # noqa: E402

#: the security headers of every answer, each once
SECURITY = {"content-security-policy": CSP, "x-content-type-options": "nosniff", "x-frame-options": "DENY",
            "referrer-policy": "same-origin", "cross-origin-opener-policy": "same-origin",
            "cross-origin-resource-policy": "same-origin"}
JSON = {"content-type": "application/json"}


def text(path: str) -> str:
    return (ROOT / path).read_text("utf-8")


def finding(code: str, message: str, where: str | None = None) -> dict[str, Any]:
    return {"code": code, "severity": "error", "rule": None, "message": message, "file": where, "line": None,
            "column": None, "card": None}


def secured(r: Any) -> None:
    """*r* has every security header, once."""
    for name, value in SECURITY.items():
        assert r.headers.get_list(name) == [value], (name, r.status_code, r.headers)


def refused(r: Any, status: int, code: str, message: str, where: str | None = None) -> None:
    """*r* is a JSON *status* whose one finding is *code* and *message*, with the security headers."""
    assert (r.status_code, r.json()) == (status, {"errors": [finding(code, message, where)]}), r.text[:500]
    secured(r)


def page_refused(r: Any, status: int, code: str, message: str) -> None:
    """*r* is the error page *status* saying *code* and *message*, with the security headers."""
    assert r.status_code == status, r.text[:500]
    assert r.headers["content-type"] == "text/html; charset=utf-8"
    said = r.text.split('<p class="problem" id="problem">', 1)[1].split("</p>", 1)[0]
    assert said == f"<code>{code}</code> {escape(message)}"
    secured(r)


# --------------------------------------------------------------------------- 1. deep JSON


@pytest.mark.parametrize("depth", [64, 350, 600, 900, 5_000, 200_000])
def test_json_nested_deeper_than_64_is_a_400_naming_the_depth(web_client: Any, depth: int) -> None:
    """Issue 25: a body nested 350-900 deep was a RecursionError (a bare 500 without the headers)."""
    body = '{"text": "", "options": ' + "[" * depth + "]" * depth + "}"
    r = web_client.post("/api/resolve", content=body, headers=JSON)
    refused(r, 400, "WEB-JSON", "the body has nesting deeper than 64 (arrays and objects within each other)")
    hu = web_client.post("/api/resolve", content=body, headers={**JSON, "accept-language": "hu"})
    assert hu.json()["errors"][0]["message"] == \
        "a kérés törzse 64 szintnél mélyebben egymásba ágyazott (tömbök és objektumok egymásban)"


def test_json_nested_64_deep_is_read_and_checked(web_client: Any) -> None:
    body = '{"text": "", "options": ' + "[" * 63 + "]" * 63 + "}"  # the object and 63 arrays: 64
    r = web_client.post("/api/resolve", content=body, headers=JSON)
    assert r.status_code == 422
    assert r.json()["errors"][0]["code"] == "WEB-PARAMETER" and r.json()["errors"][0]["file"] == "options"


@pytest.mark.parametrize(("body", "message"), [
    (b'{"text": "a", "text": "b"}', "the key 'text' is given twice in one object"),
    (b'{"text": "", "limit": NaN}', "NaN is not a JSON number"),
    (b'{"text": "", "limit": -Infinity}', "-Infinity is not a JSON number"),
    (b'{"text": "", "limit": ' + b"9" * 5000 + b"}",
     "the number 99999999999999999999\u2026 is too long or too large (at most 30 digits)"),
    (b'{"text": "", "limit": 1e400}', "the number 1e400 is too long or too large (at most 30 digits)"),
    (b'{"text": "",\n "limit": }', "the body is not JSON (line 2, column 11)"),
    (b"\xff\xfe{}", "the body is not UTF-8 text (byte 0)"),
    (b'"text"', "the body is not a JSON object"),
])
def test_a_body_that_is_not_a_json_object_is_a_400_saying_why(web_client: Any, body: bytes, message: str) -> None:
    refused(web_client.post("/api/deck/check", content=body, headers=JSON), 400, "WEB-JSON", message)


# --------------------------------------------------------------------------- 2. the ruling stepper


def _where(r: Any) -> str:
    return r.text.split('<span id="where">', 1)[1].split("</span>", 1)[0]


def test_a_refused_step_without_a_remedy_is_shown(web_client: Any) -> None:
    """Issue 25: a refusal without a remedy was a 500 ('dict object' has no attribute 'remedy')."""
    scenario = text("examples/rulings/kihivas-kiejtes.yaml")
    r = web_client.post("/rulings", data={"text": scenario, "step": "2"}, headers={"accept-language": "en"})
    assert r.status_code == 200
    assert _where(r) == "step 2 of 3"
    refusal = r.text.split('<p class="refusal" id="refusal">', 1)[1].split("</p>", 1)[0]
    assert refusal == ('<b>REFUSED</b> [<a class="rule" href="/rules/12.00.2.C">12.00.2.C</a>] '
                       "Anna cannot knock Cili out: Anna has challenged Béla")
    remedied = web_client.post("/rulings", data={"text": scenario, "step": "1"}, headers={"accept-language": "en"})
    assert "<br>to make it legal: solved quests worth at least 9 DP</p>" in remedied.text


def test_back_from_the_last_step_into_a_refused_one(web_client: Any) -> None:
    """Issue 25: "◀ back" onto a refused step was a 500.  The back button posts the form with its value."""
    scenario = text("examples/rulings/kihivas-kiejtes.yaml")
    last = web_client.post("/rulings", data={"text": scenario}, headers={"accept-language": "en"})
    assert last.status_code == 200 and _where(last) == "step 3 of 3"
    back = re.search(r'<button form="ruling-form" name="step" value="([0-9]+)" id="back">', last.text)
    assert back is not None and back.group(1) == "2"
    r = web_client.post("/rulings", data={"text": scenario, "step": back.group(1)}, headers={"accept-language": "en"})
    assert r.status_code == 200 and _where(r) == "step 2 of 3"
    assert 'id="refusal"' in r.text


def test_every_refused_step_of_every_shipped_scenario_is_shown(web_client: Any) -> None:
    from clirun import run_main

    scenarios = sorted((ROOT / "examples/rulings").glob("*.yaml"))
    shown = 0
    for path in scenarios:
        ran = run_main(["resolve", str(path), "--format", "json"])
        refusals = json.loads(ran.stdout)[0].get("refusals", [])
        for step in sorted({r["step"] for r in refusals}):
            r = web_client.post("/rulings", data={"text": path.read_text("utf-8"), "step": str(step)})
            assert r.status_code == 200 and 'id="refusal"' in r.text, (path.name, step)
            shown += 1
    assert shown >= 30


# --------------------------------------------------------------------------- 4. Host and origin


@pytest.mark.parametrize("host", ["attacker.example", "attacker.example:8000", "127.0.0.1.nip.io", "testserver.",
                                  "testserver:abc", "[::1", "a b"])
def test_a_request_to_another_host_is_refused(web_client: Any, host: str) -> None:
    """Issue 25: ``Host: attacker.example`` was served (DNS rebinding could read the database)."""
    said = f"this server answers only to testserver, not to the Host {host!r} " \
           "(korbiro serve --allow-host NAME adds a name)"
    refused(web_client.get("/api/deck/formats", headers={"host": host}), 400, "WEB-HOST", said)
    page_refused(web_client.get("/deck", headers={"host": host}), 400, "WEB-HOST", said)
    page_refused(web_client.get("/static/style.css", headers={"host": host}), 400, "WEB-HOST", said)


def test_the_host_refusal_in_hungarian(web_client: Any) -> None:
    r = web_client.get("/api/deck/formats", headers={"host": "attacker.example", "accept-language": "hu"})
    assert r.json()["errors"][0]["message"] == (
        "ez a kiszolgáló csak ezekre a nevekre válaszol: testserver; erre a Host-fejlécre nem: 'attacker.example' "
        "(a korbiro serve --allow-host NÉV kapcsolója újabb nevet enged meg)")


@pytest.mark.parametrize(("headers", "origin"), [
    ({"origin": "http://attacker.example"}, "http://attacker.example"),
    ({"origin": "null"}, "null"),
    ({"origin": "https://testserver"}, "https://testserver"),
    ({"origin": "http://testserver:8000"}, "http://testserver:8000"),
    ({"referer": "http://attacker.example/page.html"}, "http://attacker.example"),
    ({"sec-fetch-site": "cross-site"}, "cross-site"),
    ({"sec-fetch-site": "same-site", "origin": "http://testserver"}, "http://testserver"),
])
def test_a_post_from_another_origin_is_refused(web_client: Any, headers: dict[str, str], origin: str) -> None:
    """Issue 25: cross-site form posts were processed."""
    deck = text("examples/decks/illegal-true-name.deck")
    said = f"a POST request from another site ({origin}) is refused: only this app's own pages may send one"
    page_refused(web_client.post("/deck", data={"text": deck}, headers=headers), 403, "WEB-CROSS-ORIGIN", said)
    refused(web_client.post("/api/deck/check", json={"text": deck}, headers=headers), 403, "WEB-CROSS-ORIGIN", said)


@pytest.mark.parametrize("headers", [{}, {"origin": "http://testserver"}, {"referer": "http://testserver/deck"},
                                     {"sec-fetch-site": "same-origin", "origin": "http://testserver"},
                                     {"origin": "http://TestServer"}])
def test_a_post_from_the_apps_own_pages_or_no_browser_is_answered(web_client: Any, headers: dict[str, str]) -> None:
    deck = text("examples/decks/illegal-true-name.deck")
    assert web_client.post("/deck", data={"text": deck}, headers=headers).status_code == 200
    assert web_client.post("/api/deck/check", json={"text": deck}, headers=headers).json()["legal"] is False


def test_a_get_from_another_origin_is_a_read_and_answered(web_client: Any) -> None:
    r = web_client.get("/api/deck/formats", headers={"origin": "http://attacker.example", "sec-fetch-site": "cross-site"})
    assert r.status_code == 200 and "access-control-allow-origin" not in r.headers


@pytest.mark.parametrize("content_type", ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "application/jsonx", None])
def test_a_json_endpoint_takes_only_application_json(web_client: Any, content_type: str | None) -> None:
    """Issue 25: a ``text/plain`` JSON body (a form a cross-site page can send) was processed."""
    body = json.dumps({"text": "3 Kard"})
    headers = {"content-type": content_type} if content_type else {}
    r = web_client.post("/api/deck/check", content=body, headers=headers)
    given = repr(content_type) if content_type else "none"
    refused(r, 415, "WEB-MEDIA-TYPE", f"the body must be sent as Content-Type: application/json, not {given}")
    ok = web_client.post("/api/deck/check", content=body, headers={"content-type": "Application/JSON; charset=utf-8"})
    assert ok.status_code == 200


def test_a_page_form_must_be_a_form(web_client: Any) -> None:
    r = web_client.post("/deck", content=b"text=3 Kard", headers={"content-type": "text/plain"})
    page_refused(r, 415, "WEB-MEDIA-TYPE", "a form must be sent as multipart/form-data or "
                 "application/x-www-form-urlencoded, not 'text/plain'")


def test_the_served_app_answers_to_its_own_names_only() -> None:
    """The real server (uvicorn on 127.0.0.1): the default app answers to this machine's names on any
    port; ``korbiro serve`` passes the port (test_web_serve.py)."""
    pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install -e '.[web]')")
    from korbiro.web.app import create_app, running

    with running(create_app(workers=1)) as url:
        port = int(url.rsplit(":", 1)[1])
        for host, status in [(f"127.0.0.1:{port}", 200), (f"localhost:{port}", 200), ("localhost", 200),
                             ("attacker.example", 400), (f"attacker.example:{port}", 400)]:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            conn.request("GET", "/api/deck/formats", headers={"Host": host})
            r = conn.getresponse()
            body = json.loads(r.read())
            conn.close()
            assert r.status == status, (host, body)
            if status == 400:
                assert body["errors"][0]["code"] == "WEB-HOST"
                assert r.getheader("Content-Security-Policy") == CSP


def test_hosts() -> None:
    from korbiro.web.guard import Hosts

    served = Hosts.of_server("::1", 8000, ["judge.example", "table.example:443"])
    assert str(served) == ("127.0.0.1:8000, localhost:8000, [::1]:8000, judge.example, table.example:443")
    assert [served.allows(h) for h in ("[::1]:8000", "LOCALHOST:8000", "localhost", "localhost:8001",
                                       "judge.example:1", "table.example", "table.example:443", "::1")] == \
        [True, True, False, False, True, False, True, False]
    assert str(Hosts.of_server("0.0.0.0", 80)) == "127.0.0.1:80, localhost:80, [::1]:80"
    assert str(Hosts.of_server("192.168.1.5", 80)) == "127.0.0.1:80, localhost:80, [::1]:80, 192.168.1.5:80"
    assert [Hosts.valid(n) for n in ("a", "a:1", "::1", "[::1]:80", "a:b", "a/b", "a:99999", "")] == \
        [True, True, True, True, False, False, False, False]


# --------------------------------------------------------------------------- 5. every answer described


def _described(doc: dict[str, Any], path: str, method: str, r: Any) -> None:
    """*r* is one of the answers the OpenAPI document gives for *method* *path*, and its body fits the schema."""
    import jsonschema

    responses = doc["paths"][path][method]["responses"]
    assert str(r.status_code) in responses, (path, r.status_code)
    content = responses[str(r.status_code)]["content"]
    media = r.headers["content-type"].split(";")[0]
    assert media in content, (path, r.status_code, media)
    if media == "application/json":
        schema = {**content[media]["schema"], "components": doc["components"]}
        jsonschema.Draft202012Validator(schema).validate(r.json())


def test_every_answer_of_the_api_is_in_its_openapi_document(web_client: Any) -> None:
    """Issue 25: the 422 of an unknown parameter was not described (the card search's 422 said only its
    query error); every answer the API gives must be."""
    from korbiro.web.openapi import ENDPOINTS

    doc = web_client.get("/api/openapi.json").json()
    for e in ENDPOINTS:
        url = e.path.replace("{query}", "MINTA-001").replace("{id}", "1.02")
        def send(**kw: Any) -> Any:
            return web_client.request(e.method.upper(), url, **kw)  # noqa: B023 - called at once

        answers = [web_client.get(url, params={"q": "x", "bogus": "1"}) if e.method == "get"
                   else send(json={"text": "", "bogus": 1}),
                   send(headers={"host": "attacker.example"}),
                   send(content=b"x" * (1 << 21), headers=JSON)]
        if e.method == "post":
            answers += [send(content=b"{}", headers={"content-type": "text/plain"}),
                        send(json={"text": ""}, headers={"origin": "null"}),
                        send(content=b"[" * 100 + b"]" * 100, headers=JSON)]
        else:
            answers += [web_client.get(url, params=[("lang", "en"), ("lang", "hu")])]
        statuses = []
        for r in answers:
            _described(doc, e.path, e.method, r)
            statuses.append(r.status_code)
        assert statuses == ([422, 400, 413, 415, 403, 400] if e.method == "post" else [422, 400, 413, 422]), e.path


def test_the_unknown_parameter_of_a_card_search(web_client: Any) -> None:
    r = web_client.get("/api/cards/search", params={"q": "x", "bogus": "1"})
    refused(r, 422, "WEB-PARAMETER", "unknown parameter 'bogus'; known: q, explain, sort, limit, lang", "bogus")
    r = web_client.get("/api/cards/search", params=[("q", "x"), ("q", "y")])
    refused(r, 422, "WEB-PARAMETER", "the parameter 'q' is given more than once", "q")


@pytest.mark.parametrize(("method", "path", "allow"), [
    ("get", "/api/deck/check", "POST"), ("delete", "/api/cards/search", "GET, HEAD"),
    ("put", "/api/rules/1.02", "GET, HEAD"), ("patch", "/api/openapi.json", "GET, HEAD")])
def test_a_method_not_allowed_names_the_allowed_ones(web_client: Any, method: str, path: str, allow: str) -> None:
    """Issue 25: a 405 had no ``Allow`` header."""
    r = web_client.request(method, path)
    refused(r, 405, "WEB-METHOD", f"{method.upper()} is not allowed here (allowed: {allow})")
    assert r.headers["allow"] == allow


def test_a_page_method_not_allowed_names_the_allowed_ones(web_client: Any) -> None:
    r = web_client.put("/deck")
    page_refused(r, 405, "WEB-METHOD", "PUT is not allowed here (allowed: GET, HEAD, POST)")
    assert r.headers["allow"] == "GET, HEAD, POST"
    r = web_client.delete("/cards")
    page_refused(r, 405, "WEB-METHOD", "DELETE is not allowed here (allowed: GET, HEAD)")


# --------------------------------------------------------------------------- 6. numbers in the digits 0-9


@pytest.mark.parametrize("value", ["²", "①", "٣", "３", "2.0", "1e3", "0x2", "2_0", "+2", "9" * 20])
def test_a_page_number_not_written_in_0_9_is_a_422(web_client: Any, value: str) -> None:
    """Issue 25: ``step=²`` and ``ply=①`` were 500s (``isdigit`` takes them, ``int`` does not)."""
    said = f"{{name}}: {value!r} is not a whole number written with the digits 0-9"
    scenario = text("examples/rulings/kihivas-kiejtes.yaml")
    page_refused(web_client.post("/rulings", data={"text": scenario, "step": value}), 422, "WEB-PARAMETER",
                 said.format(name="step"))
    record = text("examples/exxit/mistakes.txt")
    page_refused(web_client.post("/exxit", data={"text": record, "ply": value}), 422, "WEB-PARAMETER",
                 said.format(name="ply"))
    page_refused(web_client.post("/deck", data={"text": "3 Kard", "limit": value}), 422, "WEB-PARAMETER",
                 said.format(name="limit"))


@pytest.mark.parametrize("value", ["²", "①", "٣", "３"])
def test_an_api_number_not_written_in_0_9_is_a_422(web_client: Any, value: str) -> None:
    """``limit=٣`` was read as 3 (``int`` reads the Arabic-Indic digit), ``limit=²`` said int()'s words."""
    r = web_client.get("/api/cards/search", params={"q": "a", "limit": value})
    refused(r, 422, "WEB-PARAMETER", f"limit: {value!r} is not a whole number written with the digits 0-9", "limit")


def test_the_numbers_of_a_page_in_range(web_client: Any) -> None:
    record = text("examples/exxit/mistakes.txt")
    r = web_client.post("/exxit", data={"text": record, "ply": "100001"})
    page_refused(r, 422, "WEB-PARAMETER", "ply: 100001 is greater than the maximum of 100000")
    r = web_client.post("/deck", data={"text": "3 Kard", "limit": "5"})
    page_refused(r, 422, "WEB-PARAMETER", "limit: 5 is not one of [3, 4]")
    assert web_client.post("/exxit", data={"text": record, "ply": " 3 "}).status_code == 200


def test_rule_links_only_for_rule_ids_in_0_9() -> None:
    from korbiro.web.pages import rule_link

    assert [rule_link(r) for r in ("1.02.A", "٣.01", "²", "EXXIT-1", None)] == ["/rules/1.02.A", None, None, None, None]


# --------------------------------------------------------------------------- 7. hostile values everywhere

#: values of every kind for a JSON field
HOSTILE_JSON: list[Any] = [
    None, True, False, 0, -1, 3, 2**31, 2**63, 10**30, 1.5, -0.0, 1e308, "", " ", "x" * 5000, "²", "①", "٣",
    "\x00", "\u202e\u200b", "\ufeff", "é\u0301", "<script>alert(1)</script>", "../../etc/passwd", "NaN", "null",
    "1e3", "-", "a\nb", [], [1, "x"], {}, {"a": "b"}, {"a": {"b": [1]}}, [[[[[[[[]]]]]]]],
]
#: values of every kind for a query or form field
HOSTILE_TEXT = ["", " ", "²", "①", "٣", "-1", "0", "99999999999999999999", "x" * 3000, "\x00", "\u202e", "\ufeff",
                "<b>", "%00", "../../etc/passwd", "true", "nan", "1e3", "é\u0301"]


def _judged(r: Any, where: str) -> None:
    """*r* is no 5xx, has the security headers, and a 4xx of it says why in a finding (or the command's JSON)."""
    assert r.status_code < 500, (where, r.status_code, r.text[:300])
    secured(r)
    if r.status_code >= 400 and r.headers["content-type"].startswith("application/json"):
        body = r.json()
        assert body if isinstance(body, list) else (body.get("errors") or body.get("error") or "card" in body
                                                    or "rule" in body), (where, body)


#: one value of each kind of :data:`HOSTILE_JSON` and :data:`HOSTILE_TEXT`, for the default run
SOME_JSON: list[Any] = [None, True, 0, 2**63, 1.5, 1e308, "", "x" * 5000, "²", "\x00", "\u202e\u200b",
                        "<script>alert(1)</script>", "NaN", [], [1, "x"], {"a": {"b": [1]}}, [[[[[[[[]]]]]]]]]
SOME_TEXT = ["", "²", "-1", "99999999999999999999", "x" * 3000, "\x00", "\u202e", "<b>", "../../etc/passwd", "nan"]


def test_the_default_run_tries_a_hostile_value_of_each_kind() -> None:
    assert all(v in HOSTILE_JSON for v in SOME_JSON) and set(SOME_TEXT) <= set(HOSTILE_TEXT)
    assert {type(v) for v in SOME_JSON} == {type(v) for v in HOSTILE_JSON}


@pytest.mark.parametrize(("json_values", "text_values"), [
    pytest.param(SOME_JSON, SOME_TEXT, id="each-kind"),
    pytest.param(HOSTILE_JSON, HOSTILE_TEXT, id="every-value", marks=pytest.mark.long)])
def test_every_api_field_with_hostile_values(web_client: Any, json_values: list[Any], text_values: list[str]) -> None:
    """Every endpoint, every parameter (and one it does not have), every kind of value: a 4xx with the
    finding, or an answer; never a 500.  (A value of each kind in the default run, 3,700 requests of every
    value in the long run.)"""
    from korbiro.web.openapi import ENDPOINTS

    tried = 0
    for e in ENDPOINTS:
        if e.body is not None:
            for name in [*e.body["properties"], "bogus"]:
                for value in json_values:
                    r = web_client.post(e.path, json={"text": "", name: value})
                    _judged(r, f"{e.path} {name}={value!r:.40}")
                    tried += 1
            r = web_client.post(e.path, json={})  # the text missing
            if "text" in e.body["required"]:  # (the table's start has defaults for everything)
                refused(r, 422, "WEB-PARAMETER", "(body): 'text' is a required property", "(body)")
            else:
                _judged(r, f"{e.path} {{}}")
        else:
            url = e.path.replace("{query}", "MINTA-001").replace("{id}", "1.02")
            base = {"q": "kincs"} if "q" in e.query else {}
            for name in [*e.query, "bogus"]:
                for value in text_values:
                    if e.op == "rules.coverage" and name not in ("bogus", "missing"):
                        continue  # each call runs every scenario: its own parameters suffice
                    r = web_client.get(url, params={**base, name: value})
                    _judged(r, f"{url} {name}={value!r:.40}")
                    tried += 1
            for value in text_values:
                if "{" in e.path and value:
                    r = web_client.get(e.path.split("{")[0] + quote(value, safe=""))
                    _judged(r, f"{e.path} path={value!r:.40}")
                    tried += 1
    assert tried > 1500


@pytest.mark.parametrize("page", ["/deck", "/rulings", "/exxit", "/xig", "/zen"])
def test_every_page_field_with_hostile_values(web_client: Any, page: str) -> None:
    """Every form field of a page (and the query's ``example``), every kind of value: a page (its findings
    shown) or a 4xx page naming the field; never a 500."""
    fields = {"/deck": ["text", "name", "ruleset", "date", "limit", "example"], "/rulings": ["text", "name", "step",
              "example"], "/exxit": ["text", "name", "options", "ply", "example"], "/xig": ["text", "name", "ply"],
              "/zen": ["text", "name", "options", "ply"]}[page]
    for name in [*fields, "bogus"]:
        for value in HOSTILE_TEXT:
            r = web_client.post(page, data={"text": "x", name: value})
            assert r.status_code in (200, 422), (page, name, value, r.status_code, r.text[:300])
            secured(r)
            if r.status_code == 422:
                assert '<p class="problem" id="problem"><code>WEB-PARAMETER</code> ' + name in r.text, (name, value)
    r = web_client.post(page, content=urlencode([("text", "a"), ("text", "b")]),
                        headers={"content-type": "application/x-www-form-urlencoded"})
    page_refused(r, 422, "WEB-PARAMETER", "the parameter 'text' is given more than once")
    r = web_client.post(page, files={"file": ("x\x00\n.deck", b"3 Kard")}, data={"text": ""})
    assert r.status_code == 200
    for body, content_type, said in [
            (b"junk", "multipart/form-data", "Missing boundary in multipart."),
            (b"--XX\r\nContent-Disposition: form-data\r\n\r\nx\r\n--XX--\r\n", "multipart/form-data; boundary=XX",
             'The Content-Disposition header field "name" must be provided.'),
            ("&".join(f"f{i}=x" for i in range(30)).encode(), "application/x-www-form-urlencoded",
             "Too many fields. Maximum number of fields is 20.")]:
        r = web_client.post(page, content=body, headers={"content-type": content_type})
        assert r.status_code == 400, (page, body[:40], r.text[:300])
        assert f"<code>WEB-FORM</code> the form cannot be read: {escape(said)}</p>" in r.text
        secured(r)


def test_every_get_page_with_hostile_values(web_client: Any) -> None:
    for value in HOSTILE_TEXT:
        for url, params in [("/cards", {"q": value}), ("/cards", {"q": "a", "sort": value}),
                            ("/cards", {"q": "a", "explain": value}), ("/rules", {"q": value}),
                            ("/deck", {"example": value}), ("/rulings", {"lang": value}),
                            ("/zen", {"example": value, "lang": value})]:
            r = web_client.get(url, params=params)
            assert r.status_code in (200, 422), (url, params, r.status_code, r.text[:300])
            secured(r)
        for base in ("/cards/", "/rules/"):
            if value:
                r = web_client.get(base + quote(value, safe=""))
                assert r.status_code in (200, 404, 422), (base, value, r.status_code)
                secured(r)
    web_client.cookies.set("lang", "zz\x7f")
    try:
        assert web_client.get("/deck").status_code == 200
    finally:
        web_client.cookies.clear()


def test_a_bug_is_a_500_with_the_headers_and_a_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception no one caught (here: the pool's call made to fail) is a 500 that says it is a bug,
    with the security headers, as JSON under /api/ and as a page elsewhere; so is a worker that reports
    an internal error (the card database it cannot index, issue 25's serve --db)."""
    from starlette.testclient import TestClient

    from korbiro.web.app import create_app
    from korbiro.web.pool import Pool, WorkerFailed

    def broken(self: Pool, op: str, args: dict[str, Any]) -> Any:
        raise KeyError("boom")

    app = create_app(workers=1, hosts=["testserver"])
    with TestClient(app, raise_server_exceptions=False) as client:
        monkeypatch.setattr(Pool, "call", broken)
        said = "internal error (KeyError: 'boom'); this is a bug in korbiro: please report it with the input that " \
               "caused it"
        refused(client.get("/api/deck/formats"), 500, "WEB-INTERNAL", said)
        page_refused(client.get("/deck"), 500, "WEB-INTERNAL", said)

        def failed(self: Pool, op: str, args: dict[str, Any]) -> Any:
            raise WorkerFailed("the worker ended (exit code 1)")

        monkeypatch.setattr(Pool, "call", failed)
        said = "internal error: the worker ended (exit code 1); this is a bug in korbiro: please report it"
        refused(client.get("/api/deck/formats"), 500, "WEB-WORKER", said)
        page_refused(client.get("/cards", params={"q": "x"}), 500, "WEB-WORKER", said)

        reported = {"errors": [finding("WEB-INTERNAL", "internal error (TypeError: unhashable type: 'list'); "
                                       "this is a bug in korbiro: please report it with the input that caused it")]}
        monkeypatch.setattr(Pool, "call", lambda self, op, args: (500, reported))
        r = client.get("/api/cards/search", params={"q": "x"})
        assert (r.status_code, r.json()) == (500, reported)
        secured(r)
        for url in ("/cards?q=x", "/cards/MINTA-001", "/rules/1.02", "/rules?q=kincs", "/deck"):
            page_refused(client.get(url), 500, "WEB-INTERNAL", reported["errors"][0]["message"])


def test_every_answer_has_the_headers_once(web_client: Any) -> None:
    for r in (web_client.get("/deck"), web_client.get("/static/style.css"), web_client.get("/nothing"),
              web_client.get("/api/nothing"), web_client.post("/api/deck/check", content=b"x" * (1 << 21),
                                                              headers=JSON),
              web_client.put("/deck"), web_client.get("/", follow_redirects=False)):
        secured(r)


def test_a_card_with_keywords_and_its_model_is_in_the_openapi_document(web_client: Any) -> None:
    """Found by the fuzz run (issue 25): the card answer's ``model`` and ``reminders`` were not in its schema."""
    import jsonschema

    from korbiro.web.openapi import openapi

    document = openapi()
    answer = web_client.get("/api/cards/Briar%20Sichetti")
    assert answer.status_code == 200 and {"model", "reminders"} <= set(answer.json())
    schema = {**document["components"]["schemas"]["CardShow"], "components": document["components"]}
    jsonschema.validate(answer.json(), schema)
