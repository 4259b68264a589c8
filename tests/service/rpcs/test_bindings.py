"""Every RPC of the contract is bound to its own core method, on both ports.

The RPC list comes from the generated descriptor, so an RPC added to the
.proto fails here until the core implements it and both transports serve it.
Each transport is driven in-process with a core that only records which
method served the call, so a route bound to the wrong method fails too.
"""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import grpc
import pytest
from google.protobuf.message import Message

from marketplay.v1 import game_service_pb2 as pb
from service.admission import Admission
from service.calls import CallReporter
from service.contract import RPCS, SERVICE, SERVICE_NAME
from service.core import ROUTES, Call, GameCore
from service.grpc_service import add_to_server
from service.http.connect import ConnectGameService


def _snake(rpc: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", rpc).lower()


class RecordingCore:
    """Every RPC answers its empty response and notes which method it was."""

    def __init__(self) -> None:
        self.served: list[str] = []
        for rpc in RPCS:
            output = getattr(pb, SERVICE.methods_by_name[rpc].output_type.name)
            setattr(self, _snake(rpc), self._method(_snake(rpc), output))

    def _method(self, name: str, output: type[Message]) -> Any:
        def serve(request: Message, call: Call) -> Message:
            self.served.append(name)
            return output()

        serve.__name__ = name
        return serve


def test_the_core_table_binds_every_rpc_to_its_typed_method() -> None:
    core = GameCore.__new__(GameCore)  # looking a method up reads no state
    assert list(ROUTES) == list(RPCS)
    for rpc, route in ROUTES.items():
        method = SERVICE.methods_by_name[rpc]
        assert route.request.DESCRIPTOR is method.input_type
        assert route.response.DESCRIPTOR is method.output_type
        assert route.method(core).__name__ == _snake(rpc)


class _Server:
    def __init__(self) -> None:
        self.handlers: list[Any] = []

    def add_generic_rpc_handlers(self, handlers: Any) -> None:
        self.handlers.extend(handlers)


class _GrpcContext:
    def time_remaining(self) -> float | None:
        return None

    def peer(self) -> str:
        return "ipv4:127.0.0.1:1"

    def invocation_metadata(self) -> tuple[()]:
        return ()


class _Details(grpc.HandlerCallDetails):
    def __init__(self, method: str) -> None:
        self.method = method
        self.invocation_metadata = ()


@pytest.mark.parametrize("rpc", RPCS)
def test_the_grpc_port_serves_every_rpc_with_its_core_method(rpc: str) -> None:
    core, server = RecordingCore(), _Server()
    with ThreadPoolExecutor(1) as executor:
        add_to_server(core, server, CallReporter(), Admission(4), executor)  # type: ignore[arg-type]
        (generic,) = server.handlers
        handler = generic.service(_Details(f"/{SERVICE_NAME}/{rpc}"))
        assert handler is not None
        response = asyncio.run(handler.unary_unary(b"", _GrpcContext()))
    assert core.served == [_snake(rpc)]
    assert response.DESCRIPTOR is SERVICE.methods_by_name[rpc].output_type


class _ConnectContext:
    def __init__(self) -> None:
        self.timeout_ms = None
        self.client_address = "127.0.0.1:1"
        self.request_headers = {"content-type": "application/proto"}


@pytest.mark.parametrize("rpc", RPCS)
def test_the_http_port_serves_every_rpc_with_its_core_method(rpc: str) -> None:
    core = RecordingCore()
    request = getattr(pb, SERVICE.methods_by_name[rpc].input_type.name)()
    with ThreadPoolExecutor(1) as executor:
        service = ConnectGameService(core, executor)  # type: ignore[arg-type]
        handler = getattr(service, _snake(rpc))
        response = asyncio.run(handler(request, _ConnectContext()))
    assert core.served == [_snake(rpc)]
    assert response.DESCRIPTOR is SERVICE.methods_by_name[rpc].output_type
