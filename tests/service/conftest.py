"""A real server on a loopback port, and helpers to talk to it."""

from __future__ import annotations

import base64
import hashlib
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from service.config import Config
from service.server import RunningServer
from tests.servers import start_server

KEY_A = hashlib.sha256(b"marketplay test key a").digest()
KEY_B = hashlib.sha256(b"marketplay test key b").digest()
KEYS_A = "a:" + base64.b64encode(KEY_A).decode()
KEYS_B = "b:" + base64.b64encode(KEY_B).decode()

TEST_CONFIG = Config(port=0, http_port=0, metrics_port=0, state_keys=KEYS_A, threads=4,
                     grace_seconds=1.0, max_request_bytes=64 * 1024, max_replay_actions=500,
                     http_body_timeout_ms=3000)


class Served:
    """A started server (tests/servers.py) with a gRPC channel and stub on its port."""

    def __init__(self, config: Config, http: bool = False) -> None:
        self.serving = start_server(config, http=http)
        self.running: RunningServer = self.serving.running
        self.address = self.serving.address
        self.channel = grpc.insecure_channel(self.address)
        self.stub = pb_grpc.GameServiceStub(self.channel)

    def close(self) -> None:
        self.channel.close()
        self.serving.stop()


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    s = Served(TEST_CONFIG)
    yield s
    s.close()


@pytest.fixture(scope="module")
def stub(served: Served) -> pb_grpc.GameServiceStub:
    return served.stub


@pytest.fixture(scope="module")
def served_with_tokens() -> Iterator[Served]:
    s = Served(replace(TEST_CONFIG, require_seat_tokens=True))
    yield s
    s.close()


def refusal(excinfo: pytest.ExceptionInfo[grpc.RpcError]) -> tuple[grpc.StatusCode, str, str]:
    """(status code, ErrorInfo reason, message) of a failed call."""
    err = excinfo.value
    status = rpc_status.from_call(err)  # type: ignore[arg-type]
    reason = ""
    if status is not None:
        for detail in status.details:
            info = error_details_pb2.ErrorInfo()
            if detail.Unpack(info):
                reason = info.reason
    return err.code(), reason, err.details() or ""  # type: ignore[attr-defined]


def all_views() -> pb.ViewSelection:
    return pb.ViewSelection(all_seats=True, spectator=True)


def first_legal(update: pb.GameUpdate) -> tuple[int, pb.GameAction]:
    for decision in update.decisions:
        if decision.legal_actions:
            return decision.seat, decision.legal_actions[0]
    raise AssertionError("no decision carries legal actions")


class ServedHttp(Served):
    """Both transports of one server: gRPC (`stub`) and HTTP at `base` (loopback)."""

    def __init__(self, config: Config) -> None:
        super().__init__(config, http=True)
        self.base = self.serving.base


@pytest.fixture(scope="module")
def http_served() -> Iterator[ServedHttp]:
    s = ServedHttp(TEST_CONFIG)
    yield s
    s.close()


def on_both_ports(served: ServedHttp, method: str, request: Any, response_type: type[Any],
                  http_version: str = "http1") -> list[object]:
    """`method` called over gRPC and over Connect JSON: each answer's update, or its
    refusal's (code, reason)."""
    from tests.service.http_client import Caller, HttpRefusal, http_client

    answers: list[object] = []
    try:
        answers.append(getattr(served.stub, method)(request).update)
    except grpc.RpcError as exc:
        answers.append(refusal(pytest.ExceptionInfo.from_exc_info(
            (type(exc), exc, exc.__traceback__)))[:2])
    with http_client(http_version) as client:
        try:
            answers.append(Caller(client, served.base, "connect-json")(
                method, request, response_type).update)
        except HttpRefusal as refused:
            answers.append((refused.code, refused.reason))
    return answers


def seal_v1(plain: bytes, game_id: str, rules_version: str, magic: bytes = b"MPS1") -> bytes:
    """A state as release 0.1.0 sealed it (MPS1: the plaintext is Game.encode() itself),
    built here byte by byte under KEY_A so tests can seal crafted plaintexts (any
    `magic`, so also an MPS2 plaintext with its framing and padding as given)."""
    import os

    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    key, kid = KEY_A, "a"
    head = bytearray(magic)
    for part in (kid, game_id, rules_version):
        head.append(len(part.encode()))
        head += part.encode()
    nonce = os.urandom(12)
    return bytes(head) + nonce + AESGCM(key).encrypt(nonce, plain, bytes(head))


def record_threads(core: object, name: str, seen: list[str],
                   hold: threading.Event | None = None) -> None:
    """Make the core's method `name` note the thread each call runs on (and wait for
    `hold`, if given), for tests of where a port runs an RPC's core."""
    real: Callable[..., Any] = getattr(core, name)

    def recorded(request: Any, call: Any) -> Any:
        seen.append(threading.current_thread().name)
        if hold is not None:
            assert hold.wait(30), "the test never released the call"
        return real(request, call)

    setattr(core, name, recorded)
