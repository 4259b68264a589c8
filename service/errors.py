"""Refusals as values, and every status mapping and error rendering, once.

Engines raise typed RuleErrors and know nothing of transports; the core
turns them into ServiceErrors here. A ServiceError is rendered for each
protocol here too, from the same code, reason, message and ErrorInfo
(`error_info`): a gRPC status (`to_status`), a Connect error raised into
connectrpc (`to_connect_error`) or written by the HTTP layer itself
(`connect_error_json`), gRPC-Web trailers (`grpc_web_error_headers`).
Every spelling of a code (gRPC's StatusCode, Connect's name, the HTTP status
Connect gives it, Go's name in metric labels) comes from the one table
`_STATUSES`. Messages tell a developer what to fix and never carry hidden
information (engines word them that way; we add nothing).
"""

from __future__ import annotations

import base64
import enum
import json
import urllib.parse
from collections.abc import Mapping
from typing import Any, TypeVar, overload

import grpc
from connectrpc.code import Code as ConnectCode
from connectrpc.errors import ConnectError, ErrorDetail
from google.protobuf import any_pb2, json_format
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status
from protobuf import DescMessage, Registry
from protobuf import Message as PyMessage
from protobuf.wkt import Any as AnyProto
from protobuf.wkt import Struct

from engines.core import errors as rules
from marketplay.v1 import game_service_pb2 as pb

DOMAIN = "marketplay.v1"
#: Longest caller-supplied value a refusal repeats (message or metadata):
#: a 4 KB game_id echoed three times pushed a reply past clients' 8 KB
#: header limit, after which they could not even read the status.
ECHO_LIMIT = 64
#: Longest message a refusal carries, whatever built it.
MESSAGE_LIMIT = 512


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` cut to `limit` characters, ending in "..." when cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def echo(value: object) -> str:
    """A caller's value quoted for a message: ASCII, at most ECHO_LIMIT characters.

    Cut before quoting, so a megabyte is never quoted just to be thrown away;
    ASCII, so percent-encoding in the grpc-message header cannot triple it.
    """
    if isinstance(value, str | bytes):
        value = value[: ECHO_LIMIT + 1]
    return clip(ascii(value))


class Code(enum.IntEnum):
    """The canonical status codes shared by gRPC and Connect (same numbers)."""

    OK = 0
    CANCELLED = 1
    UNKNOWN = 2
    INVALID_ARGUMENT = 3
    DEADLINE_EXCEEDED = 4
    NOT_FOUND = 5
    ALREADY_EXISTS = 6
    PERMISSION_DENIED = 7
    RESOURCE_EXHAUSTED = 8
    FAILED_PRECONDITION = 9
    ABORTED = 10
    OUT_OF_RANGE = 11
    UNIMPLEMENTED = 12
    INTERNAL = 13
    UNAVAILABLE = 14
    DATA_LOSS = 15
    UNAUTHENTICATED = 16


#: The one status table: each code's Connect name and the HTTP status a Connect error
#: with that code travels in (the Connect protocol's table). gRPC's StatusCode has the
#: same numbers; Go's spelling (metric labels) is the Connect name in CamelCase.
_STATUSES: dict[Code, tuple[str, int]] = {
    Code.OK: ("ok", 200),
    Code.CANCELLED: ("canceled", 499),
    Code.UNKNOWN: ("unknown", 500),
    Code.INVALID_ARGUMENT: ("invalid_argument", 400),
    Code.DEADLINE_EXCEEDED: ("deadline_exceeded", 504),
    Code.NOT_FOUND: ("not_found", 404),
    Code.ALREADY_EXISTS: ("already_exists", 409),
    Code.PERMISSION_DENIED: ("permission_denied", 403),
    Code.RESOURCE_EXHAUSTED: ("resource_exhausted", 429),
    Code.FAILED_PRECONDITION: ("failed_precondition", 400),
    Code.ABORTED: ("aborted", 409),
    Code.OUT_OF_RANGE: ("out_of_range", 400),
    Code.UNIMPLEMENTED: ("unimplemented", 501),
    Code.INTERNAL: ("internal", 500),
    Code.UNAVAILABLE: ("unavailable", 503),
    Code.DATA_LOSS: ("data_loss", 500),
    Code.UNAUTHENTICATED: ("unauthenticated", 401),
}
_GRPC_CODES: dict[Code, grpc.StatusCode] = {
    Code(status.value[0]): status for status in grpc.StatusCode}
_CONNECT_CODES: dict[Code, ConnectCode] = {
    code: ConnectCode(name) for code, (name, _) in _STATUSES.items() if code is not Code.OK}
_BY_CONNECT_NAME: dict[str, Code] = {name: code for code, (name, _) in _STATUSES.items()}
#: grpc_code label values as Go's codes.Code.String() spells them ("Canceled", one 'l').
GO_CODE_NAMES: dict[grpc.StatusCode, str] = {
    _GRPC_CODES[code]: "OK" if code is Code.OK else name.title().replace("_", "")
    for code, (name, _) in _STATUSES.items()}
#: Reading an HTTP status connectrpc answered with no error body a code names: the
#: Connect protocol's HTTP-to-code table, as Connect clients read such answers.
_HTTP_CODES: dict[int, Code] = {
    400: Code.INVALID_ARGUMENT, 401: Code.UNAUTHENTICATED, 403: Code.PERMISSION_DENIED,
    404: Code.UNIMPLEMENTED, 408: Code.DEADLINE_EXCEEDED, 409: Code.ABORTED,
    412: Code.FAILED_PRECONDITION, 413: Code.RESOURCE_EXHAUSTED, 415: Code.UNIMPLEMENTED,
    429: Code.UNAVAILABLE, 431: Code.RESOURCE_EXHAUSTED, 499: Code.CANCELLED,
    500: Code.INTERNAL, 501: Code.UNIMPLEMENTED, 502: Code.UNAVAILABLE,
    503: Code.UNAVAILABLE, 504: Code.DEADLINE_EXCEEDED}


def grpc_code(code: Code) -> grpc.StatusCode:
    """gRPC's StatusCode for `code` (the same number)."""
    return _GRPC_CODES[code]


def http_status(code: Code) -> int:
    """The HTTP status a Connect error with `code` travels in."""
    return _STATUSES[code][1]


def code_of_connect_name(name: str) -> Code | None:
    """The code a Connect error body names ("canceled", ...), if it is one."""
    return _BY_CONNECT_NAME.get(name)


def code_of_number(text: str) -> Code:
    """The code a grpc-status value gives, UNKNOWN for anything else."""
    return Code(int(text)) if text.isdigit() and int(text) in Code._value2member_map_ \
        else Code.UNKNOWN


def code_of_http_status(status: int) -> Code:
    """The code a Connect client reads from an HTTP status alone (UNKNOWN if none)."""
    return _HTTP_CODES.get(status, Code.UNKNOWN)


class ServiceError(Exception):
    """A refusal: code, ErrorInfo reason, a message for developers, metadata."""

    def __init__(
        self,
        code: Code,
        reason: str,
        message: str,
        metadata: Mapping[str, str] | None = None,
        said: pb.Message | None = None,
    ) -> None:
        super().__init__(clip(message, MESSAGE_LIMIT))
        self.code = code
        self.reason = reason
        self.metadata = {clip(k): clip(v) for k, v in (metadata or {}).items()}
        #: What the player who caused it is told (docs/text.md, "Refusals"): a
        #: second detail beside the ErrorInfo; None for a developer's refusal.
        self.said = said


_RULE_CODES: dict[type[rules.RuleError], Code] = {
    rules.InvalidOptions: Code.INVALID_ARGUMENT,
    rules.MalformedAction: Code.INVALID_ARGUMENT,
    rules.GameOver: Code.FAILED_PRECONDITION,
    rules.IllegalAction: Code.FAILED_PRECONDITION,
    rules.NotYourTurn: Code.PERMISSION_DENIED,
    rules.StaleStep: Code.ABORTED,
}


def from_rule_error(exc: rules.RuleError, metadata: Mapping[str, str] | None = None,
                    said: pb.Message | None = None) -> ServiceError:
    code = _RULE_CODES.get(type(exc), Code.FAILED_PRECONDITION)
    return ServiceError(code, exc.reason, str(exc), metadata, said)


def invalid(reason: str, message: str, **metadata: str) -> ServiceError:
    return ServiceError(Code.INVALID_ARGUMENT, reason, message, metadata)


# ------------------------------------------------------------------ rendering

_ERROR_INFO_TYPE = "type.googleapis.com/" + error_details_pb2.ErrorInfo.DESCRIPTOR.full_name
_SAID_TYPE = "type.googleapis.com/" + pb.Message.DESCRIPTOR.full_name
_T = TypeVar("_T", bound=PyMessage)


def error_info(error: ServiceError) -> error_details_pb2.ErrorInfo:
    """The google.rpc.ErrorInfo every rendering of `error` carries."""
    return error_details_pb2.ErrorInfo(reason=error.reason, domain=DOMAIN, metadata=error.metadata)


def _readable(info: error_details_pb2.ErrorInfo) -> dict[str, Any]:
    """ErrorInfo as the JSON of Connect's `debug` field."""
    return {"reason": info.reason, "domain": info.domain, "metadata": dict(info.metadata)}


def to_status(error: ServiceError) -> grpc.Status:
    """The gRPC rendering of a refusal: its code, message and ErrorInfo."""
    detail = any_pb2.Any()
    detail.Pack(error_info(error))
    details = [detail]
    if error.said is not None:
        said = any_pb2.Any()
        said.Pack(error.said)
        details.append(said)
    status = status_pb2.Status(code=int(error.code), message=str(error), details=details)
    return rpc_status.to_status(status)


class _ReadableDetail(ErrorDetail):
    """A detail on the wire (ErrorInfo, a refusal's Message), plus its JSON form
    as the Connect `debug` field.

    connectrpc writes `debug` only for details it can render itself (protobuf-py
    messages); ours are google.protobuf messages, so the readable form is given
    as a Struct. curl users read `.details[0].debug.reason` without decoding.
    """

    def __init__(self, type_url: str, value: bytes, readable: dict[str, Any]) -> None:
        super().__init__(AnyProto(type_url=type_url, value=value))
        self._readable = Struct.from_python(readable)

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


def to_connect_error(error: ServiceError) -> ConnectError:
    """The Connect rendering of a refusal raised into connectrpc: code, message, ErrorInfo."""
    info = error_info(error)
    details: list[ErrorDetail] = [
        _ReadableDetail(_ERROR_INFO_TYPE, info.SerializeToString(), _readable(info))]
    if error.said is not None:  # what the player is told (docs/text.md, "Refusals")
        details.append(_ReadableDetail(_SAID_TYPE, error.said.SerializeToString(),
                                       json_format.MessageToDict(error.said)))
    return ConnectError(_CONNECT_CODES[error.code], str(error), details=details)


def connect_error_json(error: ServiceError) -> bytes:
    """The Connect error body of a refusal the HTTP layer answers itself (413, 404, ...),
    written as connectrpc writes those of the handlers."""
    info = error_info(error)
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
