"""The Connect and gRPC-Web transport: each RPC hands its request to GameCore.

The twin of service/grpc_service.py, over connectrpc's generated ASGI
application. Kept thin on purpose: what a call does lives in service/core.py;
this module only turns a connectrpc RequestContext into a `Call`, runs the
core off the event loop, and renders a ServiceError as a Connect error
carrying the same google.rpc.ErrorInfo the gRPC transport sends. How the
call ended goes into the `HttpCall` of the request (`CURRENT_CALL`), which
the HTTP application (service/http_app.py) counts, logs and traces.

Every RPC of the service descriptor is bound by name to the GameCore method
of the same (snake_case) name, so an RPC the core implements is served over
HTTP with no change here.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from connectrpc.errors import ConnectError
from connectrpc.request import RequestContext
from google.protobuf.message import Message

from marketplay.v1 import game_service_connect as pb_connect
from service import errors, protojson
from service.calls import Outcome, rpc_names
from service.contract import SERVICE
from service.core import Call, GameCore, guarded
from service.errors import Code, ServiceError, clip, invalid

if TYPE_CHECKING:
    from connectrpc.codec import Codec

__all__ = [
    "CURRENT_CALL", "SERVICE", "HttpCall", "connect_application", "drop_tracebacks", "protocol_of",
    "to_connect_error",
]


@dataclass
class HttpCall:
    """One RPC on the HTTP port as the application follows it: the `Call` the handler
    made (None if connectrpc refused the request before our handler ran) and its outcome."""

    call: Call | None = None
    outcome: Outcome = field(default_factory=Outcome)
    #: The errors raised into connectrpc for this call, released when it ends.
    raised: list[BaseException] = field(default_factory=list)

    def release(self) -> None:
        """Drop the tracebacks of the errors this call raised, once it has been answered.

        connectrpc keeps the error it catches in a local of its request frame, which
        the error's own traceback holds: a reference cycle through every frame the
        error passed, with the request body and the parsed message in their locals.
        Only a full collection frees it, and with service.main's GC_THRESHOLDS that
        may never come (300 refused 1 MB calls took a worker from 75 to 847 MB).
        Without the traceback the cycle is gone and refcounting frees it at once.
        """
        for error in self.raised:
            drop_tracebacks(error)
        self.raised.clear()


#: The RPC this request is, set by the HTTP application around connectrpc's app.
CURRENT_CALL: ContextVar[HttpCall | None] = ContextVar("marketplay_http_call", default=None)


def drop_tracebacks(error: BaseException) -> None:
    """Clear the traceback of `error` and of every error chained to it."""
    seen: set[int] = set()
    pending: list[BaseException | None] = [error]
    while pending:
        current = pending.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        current.__traceback__ = None
        pending += [current.__context__, current.__cause__]


def _record(error: ServiceError) -> ServiceError:
    current = CURRENT_CALL.get()
    if current is not None:
        current.outcome.refused(error)
    return error


def to_connect_error(error: ServiceError) -> ConnectError:
    """The Connect rendering of a refusal: its code, message and ErrorInfo.

    Raised into connectrpc, so it is noted on the request's HttpCall, whose
    release() breaks the reference cycle connectrpc's error handling leaves.
    """
    rendered = errors.to_connect_error(error)
    current = CURRENT_CALL.get()
    if current is not None:
        current.raised.append(rendered)
    return rendered


def _malformed(message_class: type[Message], detail: str = "") -> ConnectError:
    """Whatever a parser raises, the body is at fault: INVALID_ARGUMENT, reason
    MALFORMED_REQUEST, as the gRPC transport says (connectrpc would give no reason)."""
    message = f"the request is not a valid {message_class.DESCRIPTOR.full_name}"
    return to_connect_error(_record(invalid("MALFORMED_REQUEST", f"{message}{detail}")))


class _ProtoCodec:
    """Binary protobuf (application/proto, application/grpc-web+proto)."""

    def name(self) -> str:
        return "proto"

    def encode(self, message: Message) -> bytes:
        return message.SerializeToString()

    def decode(self, data: bytes | bytearray, message_class: type[Message]) -> Message:
        try:
            return message_class.FromString(bytes(data))
        except Exception:
            raise _malformed(message_class) from None


class _JsonCodec:
    """The proto3 JSON mapping (application/json), written compactly.

    service.protojson writes json_format's compact bytes and reads what
    json_format.Parse reads, 3-6x faster (docs/benchmarks.md), and refuses a
    field given under both its names. Unknown fields are ignored (newer
    clients, older server); an empty body is the empty message, as it is in
    binary.
    """

    def name(self) -> str:
        return "json"

    def encode(self, message: Message) -> bytes:
        return protojson.encode(message)

    def decode(self, data: bytes | bytearray, message_class: type[Message]) -> Message:
        if not bytes(data).strip():
            return message_class()
        try:
            return protojson.decode(data, message_class)
        except protojson.ProtoJsonError as exc:  # the parser's words locate the mistake in the JSON
            raise _malformed(message_class, f" in JSON: {clip(str(exc), 160)}") from None


def codecs() -> list[Codec]:
    return [cast("Codec", _ProtoCodec()), cast("Codec", _JsonCodec())]


def _call_of(ctx: RequestContext[Any, Any]) -> Call:
    remaining = ctx.timeout_ms
    deadline = time.monotonic() + remaining / 1000 if remaining is not None else None
    protocol = protocol_of(ctx.request_headers.get("content-type", ""))
    return Call(deadline=deadline, peer=ctx.client_address or "", protocol=protocol)


def protocol_of(content_type: str) -> str:
    """"grpc-web", "grpc" (native gRPC on the HTTP port) or "connect", by content type."""
    return ("grpc-web" if content_type.startswith("application/grpc-web") else
            "grpc" if content_type.startswith("application/grpc") else "connect")


Handler = Callable[[Message, RequestContext[Any, Any]], Awaitable[Message]]


class ConnectGameService:
    """Every RPC of GameService as an async Connect handler over GameCore.

    The core is CPU-bound and synchronous, so each call runs on `executor`;
    the event loop stays free to read requests and answer health checks while
    a long Replay runs.
    """

    def __init__(self, core: GameCore, executor: Executor) -> None:
        self._handlers: dict[str, Handler] = {}
        for attribute in rpc_names(SERVICE).values():
            getattr(core, attribute)  # AttributeError at start-up: the core lacks an RPC
            self._handlers[attribute] = self._handler(core, attribute, executor)

    def __getattr__(self, attribute: str) -> Handler:
        try:
            return self._handlers[attribute]
        except KeyError:
            raise AttributeError(attribute) from None

    @staticmethod
    def _handler(core: GameCore, attribute: str, executor: Executor) -> Handler:
        async def handle(request: Message, ctx: RequestContext[Any, Any]) -> Message:
            method: Callable[[Message, Call], Message] = getattr(core, attribute)
            call = _call_of(ctx)
            current = CURRENT_CALL.get() or HttpCall()
            current.call = call
            loop = asyncio.get_running_loop()
            try:
                # guarded(): a bug is INTERNAL (reason INTERNAL_ERROR), logged, as over gRPC
                return await loop.run_in_executor(executor, guarded, method, request, call)
            except ServiceError as exc:
                current.outcome.refused(exc)
                raise to_connect_error(exc) from None
            except asyncio.CancelledError:
                late = call.deadline is not None and time.monotonic() >= call.deadline
                current.outcome.code = Code.DEADLINE_EXCEEDED if late else Code.CANCELLED
                raise

        return handle


def connect_application(
    core: GameCore, executor: Executor, max_request_bytes: int,
) -> pb_connect.GameServiceASGIApplication:
    """connectrpc's generated ASGI app for GameService, served by GameCore."""
    service = cast(pb_connect.GameService, ConnectGameService(core, executor))
    return pb_connect.GameServiceASGIApplication(
        service, read_max_bytes=max_request_bytes, codecs=codecs()
    )
