"""The TypeScript client in headless Chromium: connect-web over fetch, cross-origin, with CORS.

The page (tests/interop/browser/) is served from one loopback origin and the
API from another, as a web frontend and the service would be, so every call
needs the server's CORS answer (preflight, allowed origin, exposed headers).
It plays one game per title over Connect JSON and over gRPC-Web with the same
checks as the Node legs (playthrough.ts), including the ErrorInfo reasons read
from the response headers or trailers. A server that does not list the page's
origin in --http-cors-origins must leave the page unable to call it.
Chromium is Debian's package (`make test` installs it: `make system-tools`).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.interop.page_server import PageServer
from tests.interop.ts_client import (
    PLAY_CONFIG,
    TS_CONFIGS,
    ServedBoth,
    built_play_js,
    check_reports,
    child_env,
    one_per_game,
)

CHROMIUM = shutil.which("chromium")
PAGE_SECONDS = 150
# Flags of a headless run on a machine with no network beyond loopback.
CHROMIUM_FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-proxy-server",
]

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (`make system-tools`)"),
]


@pytest.fixture(scope="module")
def page() -> Iterator[PageServer]:
    built_play_js()
    server = PageServer()
    yield server
    server.close()


def run_page(page: PageServer, api: str, configs: list[Any], tmp_path: Path) -> Any:
    """Opens the page in Chromium until it reports; its report."""
    assert CHROMIUM is not None
    page.reported.clear()
    url = f"{page.origin}/page/index.html?" + urlencode({"api": api, "configs": json.dumps(configs)})
    browser = subprocess.Popen(
        [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}", url],
        env=child_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    try:
        return page.wait_report(PAGE_SECONDS)
    finally:
        os.killpg(browser.pid, signal.SIGTERM)  # the browser and its helper processes
        browser.wait(timeout=30)


def as_json(configs: list[Any]) -> list[dict[str, Any]]:
    return [{"game": c.game_id, "players": c.num_players, "options": c.options,
             "rules_version": c.rules_version} for c in configs]


def test_a_browser_plays_over_connect_and_grpc_web(page: PageServer, tmp_path: Path) -> None:
    served = ServedBoth(replace(PLAY_CONFIG, http_cors_origins=page.origin))
    try:
        result = run_page(page, served.http_url, as_json(one_per_game(TS_CONFIGS)), tmp_path)
    finally:
        served.close()
    assert "error" not in result, result["error"]
    assert "HeadlessChrome" in result["userAgent"]
    assert result["origin"] == page.origin != served.http_url
    configs = one_per_game(TS_CONFIGS)
    reports = result["reports"]
    check_reports(reports[:len(configs)], configs, "browser:connect")
    check_reports(reports[len(configs):], configs, "browser:grpc-web")


def test_a_browser_from_an_unlisted_origin_cannot_call(page: PageServer, tmp_path: Path) -> None:
    served = ServedBoth(replace(PLAY_CONFIG, http_cors_origins="https://play.example.com"))
    try:
        result = run_page(page, served.http_url, as_json(one_per_game(TS_CONFIGS)[:1]), tmp_path)
    finally:
        served.close()
    assert "Failed to fetch" in result.get("error", ""), result
