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
import base64
import json
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar, cast, overload

from connectrpc.code import Code as ConnectCode
from connectrpc.errors import ConnectError, ErrorDetail
from connectrpc.request import RequestContext
from google.protobuf.message import Message
from google.rpc import error_details_pb2
from protobuf import DescMessage, Registry
from protobuf import Message as PyMessage
from protobuf.wkt import Any as AnyProto
from protobuf.wkt import Struct

from marketplay.v1 import game_service_connect as pb_connect
from marketplay.v1 import game_service_pb2 as pb
from service import protojson
from service.calls import Outcome, rpc_names
from service.core import Call, GameCore, guarded
from service.errors import DOMAIN, Code, ServiceError, clip, invalid
from service.grpc_service import to_status

if TYPE_CHECKING:
    from connectrpc.codec import Codec

__all__ = [
    "CURRENT_CALL", "SERVICE", "HttpCall", "connect_application", "connect_error_json", "drop_tracebacks",
    "grpc_web_error_headers", "protocol_of", "to_connect_error",
]

SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]
_ERROR_INFO_TYPE = "type.googleapis.com/" + error_details_pb2.ErrorInfo.DESCRIPTOR.full_name
_T = TypeVar("_T", bound=PyMessage)


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


class _ReadableDetail(ErrorDetail):
    """ErrorInfo on the wire, plus its JSON form as the Connect `debug` field.

    connectrpc writes `debug` only for details it can render itself (protobuf-py
    messages); ours are google.protobuf messages, so the readable form is given
    as a Struct. curl users read `.details[0].debug.reason` without decoding.
    """

    def __init__(self, info: error_details_pb2.ErrorInfo) -> None:
        super().__init__(AnyProto(type_url=_ERROR_INFO_TYPE, value=info.SerializeToString()))
        self._readable = Struct.from_python(_readable(info))

    @overload
    def value(self) -> PyMessage | None: ...

    @overload
    def value(self, desc: DescMessage, /) -> PyMessage | None: ...

    @overload
    def value(self, typ: type[_T], /) -> _T | None: ...

    @overload
    def value(self, registry: Registry, /) -> PyMessage | None: ...

    def value(
        self, desc_or_registry: Registry | DescMessage | type[PyMessage] | None = None
    ) -> PyMessage | None:
        if desc_or_registry is None:
            return self._readable
        return super().value(desc_or_registry)


def _error_info(error: ServiceError) -> error_details_pb2.ErrorInfo:
    return error_details_pb2.ErrorInfo(reason=error.reason, domain=DOMAIN, metadata=error.metadata)


def _readable(info: error_details_pb2.ErrorInfo) -> dict[str, Any]:
    """ErrorInfo as the JSON of Connect's `debug` field."""
    return {"reason": info.reason, "domain": info.domain, "metadata": dict(info.metadata)}


def to_connect_error(error: ServiceError) -> ConnectError:
    """The Connect rendering of a refusal: its code, message and ErrorInfo.

    Raised into connectrpc, so it is noted on the request's HttpCall, whose
    release() breaks the reference cycle connectrpc's error handling leaves.
    """
    rendered = ConnectError(_CONNECT_CODES[error.code], str(error),
                            details=[_ReadableDetail(_error_info(error))])
    current = CURRENT_CALL.get()
    if current is not None:
        current.raised.append(rendered)
    return rendered


def connect_error_json(error: ServiceError) -> bytes:
    """The Connect error body of a refusal the HTTP layer answers itself (413, 404, ...),
    written as connectrpc writes those of the handlers."""
    info = _error_info(error)
    detail = {
        "type": error_details_pb2.ErrorInfo.DESCRIPTOR.full_name,
        "value": base64.b64encode(info.SerializeToString()).decode().rstrip("="),
        "debug": _readable(info),
    }
    return json.dumps({"code": _CONNECT_CODES[error.code].value, "message": str(error),
                       "details": [detail]}).encode()


def grpc_web_error_headers(error: ServiceError) -> list[tuple[str, str]]:
    """The gRPC-Web trailers (sent as headers) of a refusal the HTTP layer answers itself:
    the same google.rpc.Status the gRPC transport sends."""
    status = to_status(error)
    headers = [("grpc-status", str(status.code.value[0])),
               ("grpc-message", urllib.parse.quote(status.details, safe=""))]
    for key, value in status.trailing_metadata:  # grpc-status-details-bin: binary, base64'd
        raw = value if isinstance(value, bytes) else value.encode()
        headers.append((key, base64.b64encode(raw).decode().rstrip("=")))
    return headers


_CONNECT_CODES: dict[Code, ConnectCode] = {
    Code.CANCELLED: ConnectCode.CANCELED,
    **{code: ConnectCode[code.name] for code in Code if code not in (Code.OK, Code.CANCELLED)},
}


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
