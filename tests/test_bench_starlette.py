"""bench/starlette_shell.py serves what the HTTP port serves, so its figures compare like
with like: RPCs through the service's HttpApp, the health pages, the playground and
CORS from Starlette's pieces (in-process, through httpx's ASGI transport)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import httpx
import pytest

from bench.starlette_shell import StarletteShell
from service.http.server import build_http_app
from tests.servers import serving
from tests.service.conftest import TEST_CONFIG

ORIGIN = "http://localhost:5173"


@pytest.fixture(scope="module")
def shell() -> Iterator[StarletteShell]:
    config = replace(TEST_CONFIG, http_cors_origins="http://localhost:*")
    with serving(config) as served, ThreadPoolExecutor(2) as executor:
        app = build_http_app(config, served.running.core, executor)
        yield StarletteShell(app, config.http_cors_origins, app._openapi, list(app._mounted))


def _get(shell: StarletteShell, method: str, path: str, **kwargs: object) -> httpx.Response:
    async def call() -> httpx.Response:
        transport = httpx.ASGITransport(app=shell)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.request(method, path, **kwargs)  # type: ignore[arg-type]
    return asyncio.run(call())


def test_rpcs_reach_the_service_app_and_allowed_origins_get_cors_headers(
        shell: StarletteShell) -> None:
    answer = _get(shell, "POST", "/marketplay.v1.GameService/ListGames", content="{}",
                  headers={"content-type": "application/json", "origin": ORIGIN})
    assert answer.status_code == 200 and answer.json()["games"]
    assert answer.headers["access-control-allow-origin"] == ORIGIN
    unknown = _get(shell, "POST", "/marketplay.v1.GameService/Teleport", content="{}",
                   headers={"content-type": "application/json"})
    assert unknown.status_code == 404


def test_a_preflight_is_answered_for_an_allowed_origin_only(shell: StarletteShell) -> None:
    asked = {"access-control-request-method": "POST",
             "access-control-request-headers": "content-type,connect-protocol-version"}
    allowed = _get(shell, "OPTIONS", "/marketplay.v1.GameService/ListGames",
                   headers={"origin": ORIGIN, **asked})
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == ORIGIN
    refused = _get(shell, "OPTIONS", "/marketplay.v1.GameService/ListGames",
                   headers={"origin": "https://evil.example", **asked})
    assert "access-control-allow-origin" not in refused.headers


def test_health_pages_and_the_playground_come_from_starlette(shell: StarletteShell) -> None:
    assert _get(shell, "GET", "/healthz").text == "ok\n"
    assert _get(shell, "GET", "/readyz").text == "ready\n"
    assert _get(shell, "GET", "/openapi.json").json()["openapi"].startswith("3.")
    index = _get(shell, "GET", "/")
    assert index.status_code == 200 and index.headers["content-type"].startswith("text/html")
    assert _get(shell, "GET", "/no-such-file.js").status_code == 404
