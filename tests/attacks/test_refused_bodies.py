"""Refused HTTP calls free their request at once (docs/security.md, "Hostile clients").

connectrpc keeps the error it catches in a reference cycle through its frames,
which held each refused call's body and parsed message until a full
collection; with the server's raised collector thresholds that never came
(60 refused 1 MB calls: 75 -> 602 MB). A refusal must leave no cycle at all,
and a worker's memory must stay flat however many large calls it refuses.
"""

from __future__ import annotations

import asyncio
import base64
import gc
import json
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from service.http.app import HttpApp
from service.http.server import build_http_app
from tests.ops.procs import Service
from tests.servers import serving
from tests.service.conftest import TEST_CONFIG

RPC = "/marketplay.v1.GameService/"
def _unknown_game(size: int) -> bytes:
    """NewGame of an unknown game, carrying `size` bytes in an unknown field (number 99)."""
    varint = bytearray()
    n = size
    while True:
        byte, n = n & 0x7F, n >> 7
        varint.append(byte | (0x80 if n else 0))
        if not n:
            break
    return b"\x0a\x03xyz" + b"\x9a\x06" + bytes(varint) + b"x" * size


def _frame(message: bytes) -> bytes:
    return b"\x00" + len(message).to_bytes(4, "big") + message


def refused_calls(size: int) -> dict[str, tuple[str, str, bytes]]:
    """(rpc, content type, body) of a refused call in each protocol, ~`size` bytes each."""
    missing_state = json.dumps({"seat": 0, "junk": "x" * size}).encode()
    return {
        "connect-json": ("ApplyAction", "application/json", missing_state),
        "connect-proto": ("NewGame", "application/proto", _unknown_game(size)),
        "grpc-web": ("NewGame", "application/grpc-web+proto", _frame(_unknown_game(size))),
        "grpc-web-text": ("NewGame", "application/grpc-web-text",
                          base64.b64encode(_frame(_unknown_game(size // 2)))),
        "connect-unknown-codec": ("NewGame", "application/xml", b"x" * size),
    }


@pytest.fixture(scope="module")
def app() -> Iterator[HttpApp]:
    config = replace(TEST_CONFIG, max_request_bytes=2 << 20)
    with serving(config) as served, ThreadPoolExecutor(2) as executor:
        yield build_http_app(config, served.running.core, executor)


async def _call(app: HttpApp, rpc: str, content_type: str, body: bytes) -> int:
    """One request through the ASGI app, as the HTTP server delivers it; its HTTP status."""
    sent: list[dict[str, Any]] = []
    delivered = False

    async def receive() -> dict[str, Any]:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}
        while not (sent and sent[-1]["type"] == "http.response.body"
                   and not sent[-1].get("more_body", False)):
            await asyncio.sleep(0.001)
        return {"type": "http.disconnect"}  # the stream ends once answered

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": RPC + rpc, "raw_path": (RPC + rpc).encode(),
        "query_string": b"", "root_path": "", "client": ("127.0.0.1", 4000),
        "server": ("127.0.0.1", 8080),
        "headers": [(b"content-type", content_type.encode()),
                    (b"content-length", str(len(body)).encode())],
    }
    await app(scope, receive, send)
    return int(sent[0]["status"])


@pytest.mark.parametrize("protocol", sorted(refused_calls(0)))
def test_a_refused_call_leaves_no_reference_cycle(app: HttpApp, protocol: str) -> None:
    rpc, content_type, body = refused_calls(50_000)[protocol]
    gc.collect()
    gc.disable()
    try:
        statuses = [asyncio.run(_call(app, rpc, content_type, body)) for _ in range(3)]
        assert gc.collect() == 0, "a refusal left cyclic garbage (it holds the request)"
    finally:
        gc.enable()
    assert all(status != 200 for status in statuses) or protocol.startswith("grpc-web")


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_300_refused_1mb_calls_per_protocol_keep_a_worker_flat() -> None:
    """The issue's bound: 300 refused ~1 MB calls over each protocol grow RSS < 64 MB."""
    with tempfile.TemporaryDirectory() as tmp:
        service = Service(Path(tmp), "--max-request-bytes", str(2 << 20))
        try:
            service.wait_ready(workers=1)
            pid = service.proc.pid
            calls = refused_calls(1_000_000)
            base = f"http://127.0.0.1:{service.http_port}{RPC}"
            with httpx.Client(timeout=60) as client:
                client.post(base + "ListGames", content=b"",
                            headers={"content-type": "application/proto"})
                before = _rss_mib(pid)
                for protocol, (rpc, content_type, body) in calls.items():
                    for _ in range(300):
                        response = client.post(base + rpc, content=body,
                                               headers={"content-type": content_type})
                        assert response.status_code in (200, 400, 404, 415), protocol
            growth = _rss_mib(pid) - before
            assert growth < 64, f"RSS grew by {growth:.0f} MiB over {len(calls)} x 300 refusals"
        finally:
            service.kill()
