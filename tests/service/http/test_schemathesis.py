"""Schemathesis drives the live HTTP port from its own /openapi.json.

For every operation, requests generated from the schema (valid ones, and
invalid ones that break it) must never get a server error, and every response
must match its documented status, content type and schema. Bounded: a fixed
number of examples per operation and mode, derandomized so that a failure
reproduces. An RPC the core does not serve yet may answer 501 unimplemented
(reason NOT_IMPLEMENTED) and nothing else 5xx; once the core serves it, the
no-server-error check covers it like the others.

(Hypothesis drives each operation's strategy directly: schemathesis's pytest
plugin does not run under pytest 9.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.service.conftest import ServedHttp
from tests.service.http_client import http_client, post_json

ROOT = Path(__file__).resolve().parents[3]
DOC_PATHS = json.loads((ROOT / "docs" / "openapi.json").read_text())["paths"]
#: The RPCs (POST); /healthz and /readyz (GET, no input) are checked below.
PATHS = sorted(path for path, ops in DOC_PATHS.items() if "post" in ops)
GETS = sorted(path for path, ops in DOC_PATHS.items() if "get" in ops)
EXAMPLES = {GenerationMode.POSITIVE: 30, GenerationMode.NEGATIVE: 15}
CONFORMANCE = [status_code_conformance, content_type_conformance, response_schema_conformance]


@pytest.fixture(scope="module")
def api(http_served: ServedHttp) -> schemathesis.BaseSchema:
    return schemathesis.openapi.from_url(f"{http_served.base}/openapi.json")


@pytest.fixture(scope="module")
def session() -> Iterator[requests.Session]:
    with requests.Session() as s:
        yield s


def _not_served_yet(base: str, method: str) -> bool:
    with http_client("http1") as client:
        response = post_json(client, base, method, {})
    return response.status_code == 501


@pytest.mark.parametrize("mode", list(EXAMPLES), ids=lambda m: m.value)
@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.rsplit("/", 1)[-1])
def test_no_server_error_and_every_answer_is_documented(
        http_served: ServedHttp, api: schemathesis.BaseSchema, session: requests.Session,
        path: str, mode: GenerationMode) -> None:
    base = http_served.base
    pending = _not_served_yet(base, path.rsplit("/", 1)[-1])
    checks = CONFORMANCE if pending else [not_a_server_error, *CONFORMANCE]

    @given(case=api[path]["POST"].as_strategy(generation_mode=mode))
    @settings(max_examples=EXAMPLES[mode], deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def check(case: schemathesis.Case) -> None:
        response = case.call_and_validate(base_url=base, session=session, checks=checks)
        if response.status_code >= 500:
            assert pending and response.status_code == 501, response.text
            assert response.json()["details"][0]["debug"]["reason"] == "NOT_IMPLEMENTED"

    check()


@pytest.mark.parametrize("path", GETS)
def test_health_pages_answer_as_documented(
        http_served: ServedHttp, api: schemathesis.BaseSchema, session: requests.Session,
        path: str) -> None:
    """The plain-text GETs: documented status, content type and body schema."""
    checks = [not_a_server_error, *CONFORMANCE]

    @given(case=api[path]["GET"].as_strategy(generation_mode=GenerationMode.POSITIVE))
    @settings(max_examples=3, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def check(case: schemathesis.Case) -> None:
        response = case.call_and_validate(base_url=http_served.base, session=session,
                                          checks=checks)
        assert response.status_code == 200, response.text

    check()
