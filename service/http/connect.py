"""The Connect and gRPC-Web transport: each RPC hands its request to GameCore.

The twin of service/grpc_service.py, over connectrpc's generated ASGI
application. Kept thin on purpose: what a call does lives in service/core.py;
this module only turns a connectrpc RequestContext into a `Call`, runs the
core where the route says (service/dispatch.py), and raises a ServiceError as
a Connect error (service/errors.py renders it). How the call ended goes into
the call's life (service/lifecycle.py), which the HTTP application
(service/http/app.py) opened, hands to `GameServiceApp.serve` with the call,
and ends.

The life is passed, not looked up: `serve` gives connectrpc a one-entry
route table for the call, whose handler is the RPC's method bound to the
call's life. connectrpc 0.13 (pinned exactly) has no public way to hand a
handler anything of the call but its own RequestContext, so `serve` uses two
of its app's private methods (`_resolve_endpoints`, once; `_handle_request`,
per call); tests/service/rpcs/test_bindings.py and the HTTP tests drive them.
A body its codec cannot read is not refused inside the codec (which sees
nothing of the call) but handed to the handler as `Malformed`, which records
and raises the refusal there, with the life at hand.

Each RPC is a method of connectrpc's generated `GameService` protocol,
bound explicitly to its GameRpcs method (service/core.py), as the gRPC
transport binds it through `service.core.ROUTES`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

from connectrpc.errors import ConnectError
from connectrpc.request import RequestContext
from connectrpc.server import Endpoint
from google.protobuf.message import Message

import protojson
from marketplay.v1 import game_service_connect as pb_connect
from marketplay.v1 import game_service_pb2 as pb
from service import errors
from service.contract import SERVICE
from service.core import ROUTES, Call, GameRpcs, Rpc
from service.dispatch import call_within, run
from service.errors import ServiceError, clip, invalid

if TYPE_CHECKING:
    from connectrpc.codec import Codec

    from service.lifecycle import CallLife

__all__ = [
    "SERVICE", "GameServiceApp", "Malformed", "connect_application", "drop_tracebacks",
    "protocol_of", "to_connect_error",
]


def drop_tracebacks(error: BaseException) -> None:
    """Clear the traceback of `error` and of every error chained to it.

    For each error raised into connectrpc, once its call has been answered:
    connectrpc keeps the error it catches in a local of its request frame, which
    the error's own traceback holds: a reference cycle through every frame the
    error passed, with the request body and the parsed message in their locals.
    Only a full collection frees it, and with service.main's GC_THRESHOLDS that
    may never come (300 refused 1 MB calls took a worker from 75 to 847 MB).
    Without the traceback the cycle is gone and refcounting frees it at once.
    """
    seen: set[int] = set()
    pending: list[BaseException | None] = [error]
    while pending:
        current = pending.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        current.__traceback__ = None
        pending += [current.__context__, current.__cause__]


def to_connect_error(error: ServiceError, life: CallLife | None) -> ConnectError:
    """The Connect rendering of a refusal (its code, message and ErrorInfo), recorded as
    how the call ended.

    Raised into connectrpc, so it is noted on the call's life, which drops its
    traceback once the call ends (drop_tracebacks: the cycle connectrpc leaves).
    """
    if life is None:
        return errors.to_connect_error(error)
    rendered = errors.to_connect_error(life.refused(error))
    life.raised_into_framework(rendered)
    return rendered


@dataclass(frozen=True, slots=True)
class Malformed:
    """A request body its codec could not read, in place of the request: the handler
    records and raises the refusal, as it has the call's life and the codec has not."""

    error: ServiceError


def _malformed(message_class: type[Message], detail: str = "") -> Malformed:
    """Whatever a parser raises, the body is at fault: INVALID_ARGUMENT, reason
    MALFORMED_REQUEST, as the gRPC transport says (connectrpc would give no reason)."""
    message = f"the request is not a valid {message_class.DESCRIPTOR.full_name}"
    return Malformed(invalid("MALFORMED_REQUEST", f"{message}{detail}"))


class _ProtoCodec:
    """Binary protobuf (application/proto, application/grpc-web+proto)."""

    def name(self) -> str:
        return "proto"

    def encode(self, message: Message) -> bytes:
        return message.SerializeToString()

    def decode(self, data: bytes | bytearray, message_class: type[Message]) -> Message | Malformed:
        try:
            return message_class.FromString(bytes(data))
        except Exception:
            return _malformed(message_class)


class _JsonCodec:
    """The proto3 JSON mapping (application/json), written compactly.

    protojson writes json_format's compact bytes and reads what
    json_format.Parse reads, 3-6x faster (docs/benchmarks.md), and refuses a
    field given under both its names. Unknown fields are ignored (newer
    clients, older server); an empty body is the empty message, as it is in
    binary.
    """

    def name(self) -> str:
        return "json"

    def encode(self, message: Message) -> bytes:
        return protojson.encode(message)

    def decode(self, data: bytes | bytearray, message_class: type[Message]) -> Message | Malformed:
        if not bytes(data).strip():
            return message_class()
        try:
            return protojson.decode(data, message_class)
        except protojson.ProtoJsonError as exc:  # the parser's words locate the mistake in the JSON
            return _malformed(message_class, f" in JSON: {clip(str(exc), 160)}")


def codecs() -> list[Codec]:
    return [cast("Codec", _ProtoCodec()), cast("Codec", _JsonCodec())]


def _call_of(ctx: RequestContext[Any, Any]) -> Call:
    remaining = ctx.timeout_ms
    return call_within(remaining / 1000 if remaining is not None else None,
                       ctx.client_address or "",
                       protocol_of(ctx.request_headers.get("content-type", "")))


def protocol_of(content_type: str) -> str:
    """"grpc-web", "grpc" (native gRPC on the HTTP port) or "connect", by content type."""
    return ("grpc-web" if content_type.startswith("application/grpc-web") else
            "grpc" if content_type.startswith("application/grpc") else "connect")


_Req = TypeVar("_Req", bound=Message)
_Resp = TypeVar("_Resp", bound=Message)
#: Each RPC's route by its request type, for where its core runs (`Rpc.on_loop`).
_ROUTE_OF: dict[type[Message], Rpc[Any, Any]] = {route.request: route for route in ROUTES.values()}


class ConnectGameService(pb_connect.GameService):
    """Every RPC of GameService as an async Connect handler over the core.

    One method per RPC of connectrpc's generated protocol, each bound to its
    GameRpcs method, written out. Where the core runs is the route's, as on
    the gRPC port (`Rpc.on_loop`): a cheap RPC with a request of at most
    INLINE_MAX_BYTES runs on the event loop, since the hop to a thread and
    back cost more than its work (docs/benchmarks.md); the rest (a bot's
    search, a long Replay) run on `executor`, so the loop stays free to read
    requests and answer health checks meanwhile.
    """

    def __init__(self, core: GameRpcs, executor: Executor) -> None:
        self._core = core
        self._executor = executor

    async def list_games(self, request: pb.ListGamesRequest,
                         ctx: RequestContext[Any, Any], /,
                         life: CallLife | None = None) -> pb.ListGamesResponse:
        return await self._serve(self._core.list_games, request, ctx, life)

    async def new_game(self, request: pb.NewGameRequest,
                       ctx: RequestContext[Any, Any], /,
                       life: CallLife | None = None) -> pb.NewGameResponse:
        return await self._serve(self._core.new_game, request, ctx, life)

    async def apply_action(self, request: pb.ApplyActionRequest,
                           ctx: RequestContext[Any, Any], /,
                           life: CallLife | None = None) -> pb.ApplyActionResponse:
        return await self._serve(self._core.apply_action, request, ctx, life)

    async def get_view(self, request: pb.GetViewRequest,
                       ctx: RequestContext[Any, Any], /,
                       life: CallLife | None = None) -> pb.GetViewResponse:
        return await self._serve(self._core.get_view, request, ctx, life)

    async def replay(self, request: pb.ReplayRequest,
                     ctx: RequestContext[Any, Any], /,
                     life: CallLife | None = None) -> pb.ReplayResponse:
        return await self._serve(self._core.replay, request, ctx, life)

    async def suggest_action(self, request: pb.SuggestActionRequest,
                             ctx: RequestContext[Any, Any], /,
                             life: CallLife | None = None) -> pb.SuggestActionResponse:
        return await self._serve(self._core.suggest_action, request, ctx, life)

    async def renew_seat_token(self, request: pb.RenewSeatTokenRequest,
                               ctx: RequestContext[Any, Any], /,
                               life: CallLife | None = None) -> pb.RenewSeatTokenResponse:
        return await self._serve(self._core.renew_seat_token, request, ctx, life)

    async def take_back(self, request: pb.TakeBackRequest,
                        ctx: RequestContext[Any, Any], /,
                        life: CallLife | None = None) -> pb.TakeBackResponse:
        return await self._serve(self._core.take_back, request, ctx, life)

    async def claim_timeout(self, request: pb.ClaimTimeoutRequest,
                            ctx: RequestContext[Any, Any], /,
                            life: CallLife | None = None) -> pb.ClaimTimeoutResponse:
        return await self._serve(self._core.claim_timeout, request, ctx, life)

    async def _serve(self, method: Callable[[_Req, Call], _Resp], request: _Req,
                     ctx: RequestContext[Any, Any], life: CallLife | None) -> _Resp:
        call = _call_of(ctx)
        if life is not None:
            life.call = call
        try:
            return await run(_ROUTE_OF[type(request)], method, request, call,
                             request.ByteSize(), self._executor)
        except ServiceError as exc:
            raise to_connect_error(exc, life) from None
        except asyncio.CancelledError:
            if life is not None:
                life.interrupted()  # connectrpc's deadline ends here, not in the lifecycle
            raise


_Scope = MutableMapping[str, Any]
_Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
_Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
_Handler = Callable[[Any, RequestContext[Any, Any]], Awaitable[Message]]


class GameServiceApp(pb_connect.GameServiceASGIApplication):
    """connectrpc's generated app for GameService, each call served with its life."""

    def __init__(self, service: ConnectGameService, max_request_bytes: int) -> None:
        super().__init__(service, read_max_bytes=max_request_bytes, codecs=codecs())
        #: RPC path -> connectrpc's endpoint for it and our handler, which takes the life.
        self._routes: dict[str, tuple[Endpoint[Any, Any], Callable[..., Awaitable[Message]]]] = {
            path: (endpoint, getattr(service, _snake(endpoint.method.name)))
            for path, endpoint in self._resolve_endpoints(service).items()
        }

    async def serve(self, scope: _Scope, receive: _Receive, send: _Send,
                    life: CallLife) -> None:
        """Serve one RPC (its path must be one of GameService's) as the call `life`."""
        path = scope["path"]
        endpoint, method = self._routes[path]
        bound = Endpoint.unary(endpoint.method, _handler(method, life))
        await self._handle_request(scope, receive, send, {path: bound})


def _handler(method: Callable[..., Awaitable[Message]], life: CallLife) -> _Handler:
    async def handle(request: Message | Malformed, ctx: RequestContext[Any, Any]) -> Message:
        if isinstance(request, Malformed):
            raise to_connect_error(request.error, life)
        return await method(request, ctx, life=life)

    return handle


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")


def connect_application(core: GameRpcs, executor: Executor,
                        max_request_bytes: int) -> GameServiceApp:
    """connectrpc's generated app for GameService, served by `core`."""
    return GameServiceApp(ConnectGameService(core, executor), max_request_bytes)
