"""The gRPC transport: each RPC hands its request to GameCore.

Kept thin on purpose (grpc's examples): what a call does lives in
service/core.py; this module turns the grpc context into a `Call`, a
ServiceError into a gRPC status carrying google.rpc.ErrorInfo, and reports
how each call ended (service/calls.py). Every RPC of the service descriptor
is bound by name to the GameCore method of the same (snake_case) name, as
over HTTP (service/http_service.py).

Requests are parsed here, not by grpc: `add_to_server` registers the
service with identity deserializers, so bytes that are not the request
message are refused like any other bad input (INVALID_ARGUMENT, reason
MALFORMED_REQUEST, one log line, counted by the metrics interceptor) instead
of grpc's own INTERNAL "Exception deserializing request!" with a traceback
and no metrics. A call the server did not admit (overload, draining:
service/admission.py) is answered with its refusal before it is parsed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import DecodeError, Message
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from marketplay.v1 import game_service_pb2 as pb
from service.admission import refusal_of_this_thread
from service.calls import CallReporter, Outcome, elapsed, rpc_names
from service.core import Call, GameCore, guarded
from service.errors import DOMAIN, Code, ServiceError

__all__ = ["SERVICE", "add_to_server", "to_status"]

SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]


def to_status(error: ServiceError) -> grpc.Status:
    """The gRPC rendering of a refusal: its code, message and ErrorInfo."""
    info = error_details_pb2.ErrorInfo(reason=error.reason, domain=DOMAIN, metadata=error.metadata)
    detail = any_pb2.Any()
    detail.Pack(info)
    status = status_pb2.Status(code=int(error.code), message=str(error), details=[detail])
    return rpc_status.to_status(status)


def _call_of(context: grpc.ServicerContext) -> Call:
    remaining = context.time_remaining()
    deadline = time.monotonic() + remaining if remaining is not None else None
    return Call(deadline=deadline, peer=context.peer(), protocol="grpc")


def _rpc_handler(
    rpc: str, core: GameCore, attribute: str, request_type: type[Message],
    reporter: CallReporter,
) -> Callable[[bytes, grpc.ServicerContext], Message]:
    name = request_type.DESCRIPTOR.full_name

    def handle(data: bytes, context: grpc.ServicerContext) -> Message:
        started = time.perf_counter()
        call = _call_of(context)
        outcome = Outcome()
        try:
            refusal = refusal_of_this_thread()
            if refusal is not None:
                raise refusal
            try:
                request = request_type.FromString(data)
            except (DecodeError, RecursionError):
                raise ServiceError(Code.INVALID_ARGUMENT, "MALFORMED_REQUEST",
                                   f"the request is not a valid {name}") from None
            method: Callable[[Any, Call], Message] = getattr(core, attribute)
            return guarded(method, request, call)
        except ServiceError as exc:
            outcome.refused(exc)
            context.abort_with_status(to_status(exc))
            raise AssertionError("abort_with_status returned") from None  # pragma: no cover
        finally:
            reporter.finished(rpc, call, outcome, elapsed(started),
                              lambda: _text_metadata(context))

    return handle


def _text_metadata(context: grpc.ServicerContext) -> dict[str, str]:
    """The call's text metadata (a trace parent travels as `traceparent`)."""
    return {key: value for key, value in context.invocation_metadata()
            if isinstance(value, str)}


def add_to_server(core: GameCore, server: grpc.Server, reporter: CallReporter) -> None:
    """Register every GameService RPC over `core`, each parsing its own request."""
    handlers = {}
    for rpc, attribute in rpc_names(SERVICE).items():
        descriptor = SERVICE.methods_by_name[rpc]
        request_type: type[Message] = getattr(pb, descriptor.input_type.name)
        response_type: type[Message] = getattr(pb, descriptor.output_type.name)
        handlers[rpc] = grpc.unary_unary_rpc_method_handler(
            _rpc_handler(rpc, core, attribute, request_type, reporter),
            request_deserializer=None,
            response_serializer=response_type.SerializeToString,
        )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE.full_name, handlers),))
    # As the generated code does (grpcio >= 1.63 looks registered methods up faster); stubs lag.
    server.add_registered_method_handlers(SERVICE.full_name, handlers)  # type: ignore[attr-defined]
