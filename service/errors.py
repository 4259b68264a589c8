"""Map rule and request errors to gRPC status codes with google.rpc.ErrorInfo.

Engines raise typed RuleErrors and know nothing of gRPC; this is the one
place that decides codes. Messages tell a developer what to fix and never
carry hidden information (engines word them that way; we add nothing).
"""

from __future__ import annotations

from collections.abc import Mapping

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from engines.core import errors as rules

DOMAIN = "marketplay.v1"


class ServiceError(Exception):
    """A refusal decided by the service layer (bad request, token, limits)."""

    def __init__(
        self,
        code: grpc.StatusCode,
        reason: str,
        message: str,
        metadata: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason
        self.metadata = dict(metadata or {})


_RULE_CODES: dict[type[rules.RuleError], grpc.StatusCode] = {
    rules.InvalidOptions: grpc.StatusCode.INVALID_ARGUMENT,
    rules.WrongGame: grpc.StatusCode.INVALID_ARGUMENT,
    rules.MalformedAction: grpc.StatusCode.INVALID_ARGUMENT,
    rules.GameOver: grpc.StatusCode.FAILED_PRECONDITION,
    rules.IllegalAction: grpc.StatusCode.FAILED_PRECONDITION,
    rules.NotYourTurn: grpc.StatusCode.PERMISSION_DENIED,
    rules.StaleStep: grpc.StatusCode.ABORTED,
}


def from_rule_error(exc: rules.RuleError, metadata: Mapping[str, str] | None = None) -> ServiceError:
    code = _RULE_CODES.get(type(exc), grpc.StatusCode.FAILED_PRECONDITION)
    return ServiceError(code, exc.reason, str(exc), metadata)


def invalid(reason: str, message: str, **metadata: str) -> ServiceError:
    return ServiceError(grpc.StatusCode.INVALID_ARGUMENT, reason, message, metadata)


def to_status(error: ServiceError) -> grpc.Status:
    info = error_details_pb2.ErrorInfo(reason=error.reason, domain=DOMAIN, metadata=error.metadata)
    detail = any_pb2.Any()
    detail.Pack(info)
    status = status_pb2.Status(
        code=error.code.value[0], message=str(error), details=[detail]
    )
    return rpc_status.to_status(status)
