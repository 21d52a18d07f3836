"""Fuzzing of the web app: the JSON API from its own OpenAPI schema (schemathesis), and every API body
and page form structure-aware (:mod:`webshapes`, issue 25).

From the schema, for inputs valid and not, no answer is a 5xx, every answer matches the schema
(status code, content type, headers, body), and input the schema forbids is refused.  Each operation
is driven through schemathesis's Hypothesis strategy and its checks (its pytest plugin's subtests do
not run under pytest 9).

Structure-aware, the texts are deck lists, scenarios and game records made by :mod:`shapes`, and the
other fields real or odd: no answer is a 5xx, no page raises or shows an internal error, and every
answer carries the security headers.  Every kind of bad answer is shrunk to its minimal request and
reported (:func:`fuzzing.hunt`).

The default run tries a few cases per operation; ``python3 -m pytest -m fuzz`` tries many more, in
one process, where the closing summary prints the counts.

Each operation also gets schemathesis's coverage cases (every parameter at its bounds and past them,
missing, of the wrong type, an unknown one, each method the path does not take): each answer must be
one the OpenAPI document describes, and a 405 must say ``Allow``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="the test extra's schemathesis is not installed")
import fuzzing  # noqa: E402
import webshapes  # noqa: E402
from fuzzing import hunt, settle  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from schemathesis.checks import (  # noqa: E402
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)
from schemathesis.generation import GenerationMode  # noqa: E402

from korbiro.web.openapi import ENDPOINTS  # noqa: E402

#: cases tried per operation, for the closing summary (tests/conftest.py)
CASES: Counter[str] = Counter()
#: one worker runs this module: the API's schema (and the app under it) is read once a run
pytestmark = pytest.mark.xdist_group("web-fuzz")

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance, negative_data_rejection]
OPERATIONS = [f"{e.method.upper()} {e.path}" for e in ENDPOINTS]


@pytest.fixture(scope="module")
def api_schema(web_session: Any) -> Any:
    app = web_session.app

    async def served(scope: Any, receive: Any, send: Any) -> None:
        """The app as the running server has it: schemathesis's client starts and stops an ASGI app's
        lifespan around every call, which would end the worker processes each time."""
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        await app(scope, receive, send)

    return schemathesis.openapi.from_asgi("/api/openapi.json", served)


def fuzz(api_schema: Any, label: str, examples: int) -> None:
    method, path = label.split(" ", 1)
    operation = api_schema[path][method]

    @given(case=operation.as_strategy())
    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def run(case: Any) -> None:
        CASES[label] += 1
        fuzzing.TALLY.tried["web API (schemathesis)"] += 1
        response = case.call_and_validate(checks=CHECKS)
        fuzzing.TALLY.http500["web API (schemathesis)"] += response.status_code >= 500
        assert response.status_code < 500, response.text

    run()
    assert CASES[label] >= 1


#: the slow operations get fewer cases in the default run (coverage runs every shipped scenario)
QUICK = {"GET /api/rules/coverage": 2, "POST /api/resolve/step": 5}


@pytest.mark.parametrize("label", OPERATIONS)
def test_api_fuzz(api_schema: Any, label: str) -> None:
    fuzz(api_schema, label, QUICK.get(label, 5))


@pytest.mark.fuzz
@pytest.mark.parametrize("label", OPERATIONS)
def test_api_fuzz_long(api_schema: Any, label: str) -> None:
    fuzz(api_schema, label, fuzzing.scaled(20 if label == "GET /api/rules/coverage" else 250))


@pytest.mark.parametrize("label", OPERATIONS)
def test_api_coverage_cases(api_schema: Any, label: str) -> None:
    """Issue 25: an unknown parameter's 422 was not in the OpenAPI document, and a 405 had no ``Allow``."""
    method, path = label.split(" ", 1)
    operation = api_schema[path][method]
    # the coverage of the rules runs every shipped scenario: its valid cases are the fuzzing's to try
    modes = [GenerationMode.NEGATIVE] if label == "GET /api/rules/coverage" else list(GenerationMode)
    cases = list(api_schema.iter_coverage_cases(operation, generation_modes=modes,
                                                generation_config=api_schema.config.generation_for(operation=operation)))
    for case in cases:
        CASES[label] += 1
        response = case.call_and_validate(checks=[*CHECKS, unsupported_method])
        assert response.status_code < 500, response.text
    assert len(cases) >= 9


# ------------------------------------------------------------------ structure-aware: API bodies and page forms

#: requests in the default run, and in the fuzz run
SHAPED_QUICK = {"API": 40, "pages": 25}
SHAPED_FULL = {"API": 2500, "pages": 1500}
SHAPED = {"API": webshapes.api_requests(), "pages": webshapes.page_requests()}


def _hunt_web(web_client: Any, what: str, examples: int) -> None:
    name = f"web {what} (shaped)"

    def check(request: webshapes.Request) -> list[fuzzing.Problem]:
        got = webshapes.check(web_client, request)
        fuzzing.TALLY.tried[name] += 1
        fuzzing.TALLY.http500[name] += any(p.kind.startswith(("HTTP 5", "exception:")) for p in got)
        return got

    settle(hunt(SHAPED[what], check, examples))


@pytest.mark.parametrize("what", list(SHAPED))
def test_shaped_requests(web_client: Any, what: str) -> None:
    _hunt_web(web_client, what, SHAPED_QUICK[what])


@pytest.mark.fuzz
@pytest.mark.timeout(3600)  # the dedicated run: long by design, and slower on a busy machine
@pytest.mark.parametrize("what", list(SHAPED))
def test_shaped_requests_full(web_client: Any, what: str) -> None:
    _hunt_web(web_client, what, fuzzing.scaled(SHAPED_FULL[what]))
