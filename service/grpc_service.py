"""The gRPC transport: each RPC hands its request to GameCore.

Kept thin on purpose (grpc's examples): what a call does lives in
service/core.py; this module turns the grpc context into a `Call`, a
ServiceError into a gRPC status carrying google.rpc.ErrorInfo; admission
and the report of how each call ended are the call's lifecycle
(service/lifecycle.py), shared with the HTTP port. Each RPC is served by the GameCore
method `service.core.ROUTES` binds it to, as over HTTP
(service/http/connect.py).

The handlers are grpc.aio coroutines (service/grpc_server.py says why): a
call waiting for its request message costs no thread, and a call counts
against admission (service/admission.py) only once its request has arrived.
Where the core then runs is the route's (`Rpc.inline`): the cheap, bounded
RPCs (NewGame, ApplyAction, GetView, RenewSeatToken, TakeBack, with a request
of at most INLINE_MAX_BYTES) run on the event loop, since the hop to a handler
thread and back cost more than their work (docs/benchmarks.md); the rest
(SuggestAction's bot search, Replay, ListGames, ClaimTimeout) run on the
worker's handler threads (--threads), so no call waits behind a search or a long Replay.

Requests are parsed here, not by grpc: `add_to_server` registers the
service with identity deserializers, so bytes that are not the request
message are refused like any other bad input (INVALID_ARGUMENT, reason
MALFORMED_REQUEST, one log line, counted by the metrics interceptor) instead
of grpc's own INTERNAL "Exception deserializing request!" with a traceback
and no metrics.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import Any

import grpc
import grpc.aio
from google.protobuf.message import DecodeError, Message

from service.admission import Admission
from service.calls import CallReporter
from service.contract import SERVICE
from service.core import ROUTES, Call, GameRpcs, Rpc
from service.dispatch import call_within, run
from service.errors import Code, ServiceError, to_status
from service.lifecycle import Lifecycle

__all__ = ["SERVICE", "add_to_server"]

def _call_of(context: grpc.aio.ServicerContext[Any, Any]) -> Call:
    return call_within(context.time_remaining(), context.peer(), "grpc")


Handler = Callable[[bytes, "grpc.aio.ServicerContext[Any, Any]"], Awaitable[Message | None]]


def _rpc_handler(rpc: str, core: GameRpcs, route: Rpc[Any, Any], lifecycle: Lifecycle,
                 executor: Executor) -> Handler:
    request_type: type[Message] = route.request
    name = request_type.DESCRIPTOR.full_name

    async def handle(data: bytes, context: grpc.aio.ServicerContext[Any, Any]) -> Message | None:
        call = _call_of(context)
        with lifecycle.call(rpc, lambda: call, lambda: _text_metadata(context)) as life:
            life.call = call
            try:
                refusal = life.admit()
                if refusal is not None:
                    raise refusal
                try:
                    request = request_type.FromString(data)
                except (DecodeError, RecursionError):
                    raise ServiceError(Code.INVALID_ARGUMENT, "MALFORMED_REQUEST",
                                       f"the request is not a valid {name}") from None
                size = len(data)
                del data
                answer: Message = await run(route, route.method(core), request, call, size,
                                            executor)
                return answer
            except ServiceError as exc:
                # Set, not abort(): abort() sends the status at once, before this call's
                # report and metrics are recorded; this way the client never sees a
                # refusal its log line and counters do not yet hold.
                life.refused(exc)
                status = to_status(exc)
                context.set_code(status.code)
                context.set_details(status.details)
                context.set_trailing_metadata(status.trailing_metadata)
                return None

    return handle


def _text_metadata(context: grpc.aio.ServicerContext[Any, Any]) -> dict[str, str]:
    """The call's text metadata (a trace parent travels as `traceparent`)."""
    return {key: value for key, value in context.invocation_metadata() or ()
            if isinstance(value, str)}


def add_to_server(core: GameRpcs, server: grpc.aio.Server, reporter: CallReporter,
                  admission: Admission, executor: Executor) -> None:
    """Register every GameService RPC over `core`, each parsing its own request."""
    lifecycle = Lifecycle(admission, reporter)
    handlers = {
        rpc: grpc.unary_unary_rpc_method_handler(
            _rpc_handler(rpc, core, route, lifecycle, executor),
            request_deserializer=None,
            response_serializer=route.response.SerializeToString,
        )
        for rpc, route in ROUTES.items()
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE.full_name, handlers),))
