"""Calls over the HTTP port as Connect JSON (docs/http.md), each one timed, checked and reported.

What a browser, mobile or Unity backend without a gRPC stack sends: `POST
/marketplay.v1.GameService/<Method>` with the request message in the proto3
JSON mapping. The HTTP client is geventhttpclient, the one under Locust's
FastHttpUser: it yields to gevent like the rest of a Locust process and keeps
each transport's connections alive. The messages are the generated Python
classes, written and read with google.protobuf.json_format, so a field the
server renders differently from the proto's JSON mapping fails to parse.
"""

from __future__ import annotations

import base64
import binascii
import json
import time
from http.client import HTTPException
from typing import Any, NoReturn

import grpc
from geventhttpclient import HTTPClient
from geventhttpclient.url import URL
from google.protobuf import json_format, message_factory
from google.protobuf.message import DecodeError, Message
from google.rpc import error_details_pb2

from marketplay.v1 import game_service_pb2 as pb
from marketplay_load.transport import (
    Check,
    ContractViolation,
    Report,
    Resp,
    RpcFailure,
    report_failure,
)

SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]
RESPONSES: dict[str, type[Message]] = {
    m.name: message_factory.GetMessageClass(m.output_type) for m in SERVICE.methods
}
CODES = {c.name for c in grpc.StatusCode}
#: The Connect protocol's code for an error without a Connect body (a proxy's
#: page, a load balancer's 503): https://connectrpc.com/docs/protocol/#http-to-error-code
HTTP_STATUS_CODES = {400: "INTERNAL", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED",
                     404: "UNIMPLEMENTED", 429: "UNAVAILABLE", 502: "UNAVAILABLE",
                     503: "UNAVAILABLE", 504: "UNAVAILABLE"}
ERROR_INFO = "google.rpc.ErrorInfo"


class HttpTransport:
    """Connect JSON over HTTP/1.1 keep-alive: `connections` sockets, one call on each at a time."""

    protocol = "http"

    def __init__(self, url: str, report: Report, deadline_seconds: float,
                 connections: int = 1) -> None:
        target = URL(url if "://" in url else f"http://{url}")
        self._client = HTTPClient.from_url(
            target, concurrency=max(1, connections),
            connection_timeout=deadline_seconds, network_timeout=deadline_seconds,
        )
        self._prefix = target.path.rstrip("/") + f"/{SERVICE.full_name}/"
        self._headers = {
            "Content-Type": "application/json",
            "Connect-Protocol-Version": "1",
            # the server's deadline too, so a bot search stops in time (docs/bots.md)
            "Connect-Timeout-Ms": str(int(deadline_seconds * 1000)),
        }
        self._report = report

    def call(self, method: str, request: Message, check: Check[Resp] | None = None) -> Resp:
        """Send `request` to `method`; raise RpcFailure or ContractViolation, both reported.

        As over gRPC: a connection that cannot be made or dies is UNAVAILABLE
        (safe to resend), the time reported is the call's alone.
        """
        body = json.dumps(json_format.MessageToDict(request), separators=(",", ":")).encode()
        started = time.perf_counter()
        try:
            answer = self._client.post(self._prefix + method, body=body, headers=self._headers)
            try:
                status, payload = answer.status_code, answer.read()
            finally:
                answer.release()
        except TimeoutError:
            self._fail(method, started, RpcFailure("DEADLINE_EXCEEDED", "", "no answer in time"))
        except (OSError, HTTPException) as exc:
            self._fail(method, started, RpcFailure("UNAVAILABLE", "", f"connection: {exc!r}"))
        elapsed = _ms(started)
        if status != 200:
            failure = failure_from_http(status, payload)
            report_failure(self._report, self.protocol, method, elapsed, len(payload), failure)
            raise failure
        try:
            response: Resp = json_format.Parse(payload, RESPONSES[method](),  # type: ignore[assignment]
                                               ignore_unknown_fields=True)
            if check is not None:
                check(response)
        except json_format.ParseError as exc:
            violation = ContractViolation("BAD_JSON", f"{method}'s answer is not its message "
                                          f"in the proto3 JSON mapping: {exc}")
            self._report(self.protocol, method, elapsed, len(payload), violation)
            raise violation from None
        except ContractViolation as violation:
            self._report(self.protocol, method, elapsed, len(payload), violation)
            raise
        self._report(self.protocol, method, elapsed, len(payload), None)
        return response

    def _fail(self, method: str, started: float, failure: RpcFailure) -> NoReturn:
        report_failure(self._report, self.protocol, method, _ms(started), 0, failure)
        raise failure from None

    def close(self) -> None:
        self._client.close()


def failure_from_http(status: int, payload: bytes) -> RpcFailure:
    """A Connect error body's code and ErrorInfo reason; the HTTP status's code without one."""
    try:
        error: Any = json.loads(payload)
    except ValueError:
        error = None
    if not isinstance(error, dict) or not isinstance(error.get("code"), str):
        return RpcFailure(HTTP_STATUS_CODES.get(status, "UNKNOWN"), "", f"HTTP {status}")
    code = error["code"].upper().replace("CANCELED", "CANCELLED")
    reason = ""
    for detail in error.get("details") or []:
        if isinstance(detail, dict) and detail.get("type") == ERROR_INFO:
            reason = _error_info_reason(detail.get("value"))
    return RpcFailure(code if code in CODES else "UNKNOWN", reason, str(error.get("message", "")))


def _error_info_reason(value: Any) -> str:
    """The reason in a detail's `value`: base64 protobuf, padded or not (Connect omits it)."""
    if not isinstance(value, str):
        return ""
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4))
        return error_details_pb2.ErrorInfo.FromString(raw).reason  # type: ignore[no-any-return]
    except (binascii.Error, ValueError, DecodeError):
        return ""


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
