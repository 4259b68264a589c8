"""Refusals as values: one code and machine-readable reason per refusal.

Engines raise typed RuleErrors and know nothing of transports; the core
turns them into ServiceErrors here, once. Each transport then renders a
ServiceError its own way (gRPC status with google.rpc.ErrorInfo, Connect
error JSON) from the same code, reason, message and metadata, so no error
mapping exists twice. Messages tell a developer what to fix and never carry
hidden information (engines word them that way; we add nothing).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from engines.core import errors as rules

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


class ServiceError(Exception):
    """A refusal: code, ErrorInfo reason, a message for developers, metadata."""

    def __init__(
        self,
        code: Code,
        reason: str,
        message: str,
        metadata: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(clip(message, MESSAGE_LIMIT))
        self.code = code
        self.reason = reason
        self.metadata = {clip(k): clip(v) for k, v in (metadata or {}).items()}


_RULE_CODES: dict[type[rules.RuleError], Code] = {
    rules.InvalidOptions: Code.INVALID_ARGUMENT,
    rules.MalformedAction: Code.INVALID_ARGUMENT,
    rules.GameOver: Code.FAILED_PRECONDITION,
    rules.IllegalAction: Code.FAILED_PRECONDITION,
    rules.NotYourTurn: Code.PERMISSION_DENIED,
    rules.StaleStep: Code.ABORTED,
}


def from_rule_error(exc: rules.RuleError, metadata: Mapping[str, str] | None = None) -> ServiceError:
    code = _RULE_CODES.get(type(exc), Code.FAILED_PRECONDITION)
    return ServiceError(code, exc.reason, str(exc), metadata)


def invalid(reason: str, message: str, **metadata: str) -> ServiceError:
    return ServiceError(Code.INVALID_ARGUMENT, reason, message, metadata)
