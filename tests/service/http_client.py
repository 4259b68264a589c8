"""A small HTTP client for the service tests: one call over any protocol the port speaks.

Written on httpx (HTTP/1.1, and HTTP/2 by prior knowledge: h2c) with the
framing done here, so the tests see exactly the bytes a Connect, gRPC-Web or
curl client sends. A refusal comes back as the same (grpc.StatusCode, reason,
message) triple that tests.service.conftest.refusal() reads from gRPC.
"""

from __future__ import annotations

import base64
import json
import struct
import urllib.parse
from dataclasses import dataclass
from typing import TypeVar

import grpc
import httpx
from google.protobuf import json_format
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2

SERVICE = "marketplay.v1.GameService"
#: Every way the HTTP port takes a call: Connect JSON and binary, gRPC-Web binary and text.
PROTOCOLS = ("connect-json", "connect-proto", "grpc-web", "grpc-web-text")
HTTP_VERSIONS = ("http1", "h2c")

M = TypeVar("M", bound=Message)


class HttpRefusal(Exception):
    def __init__(self, code: grpc.StatusCode, reason: str, message: str, http_status: int) -> None:
        super().__init__(f"{code.name} {reason}: {message} (HTTP {http_status})")
        self.code, self.reason, self.message, self.http_status = code, reason, message, http_status

    def triple(self) -> tuple[grpc.StatusCode, str, str]:
        return self.code, self.reason, self.message


def grpc_code(connect_code: str) -> grpc.StatusCode:
    if connect_code == "canceled":
        return grpc.StatusCode.CANCELLED
    return grpc.StatusCode[connect_code.upper()]


def _code_of_number(number: int) -> grpc.StatusCode:
    return next(c for c in grpc.StatusCode if c.value[0] == number)


def http_client(http_version: str, timeout: float = 30.0) -> httpx.Client:
    """HTTP/1.1, or HTTP/2 over cleartext with prior knowledge (h2c)."""
    if http_version == "h2c":
        return httpx.Client(http1=False, http2=True, timeout=timeout)
    return httpx.Client(timeout=timeout)


@dataclass
class Caller:
    """Calls GameService RPCs at `base` over one protocol."""

    client: httpx.Client
    base: str
    protocol: str
    headers: dict[str, str] | None = None

    def __call__(self, method: str, request: Message, response_type: type[M]) -> M:
        url = f"{self.base}/{SERVICE}/{method}"
        extra = dict(self.headers or {})
        if self.protocol.startswith("connect"):
            return self._connect(url, request, response_type, extra)
        return self._grpc_web(url, request, response_type, extra)

    def _connect(self, url: str, request: Message, response_type: type[M],
                 extra: dict[str, str]) -> M:
        if self.protocol == "connect-json":
            body = json_format.MessageToJson(request).encode()
            content_type = "application/json"
        else:
            body = request.SerializeToString()
            content_type = "application/proto"
        response = self.client.post(url, content=body, headers={
            "content-type": content_type, "connect-protocol-version": "1", **extra})
        if response.status_code != 200:
            raise connect_refusal(response)
        assert response.headers["content-type"] == content_type
        if self.protocol == "connect-json":
            return json_format.Parse(response.content, response_type())
        return response_type.FromString(response.content)

    def _grpc_web(self, url: str, request: Message, response_type: type[M],
                  extra: dict[str, str]) -> M:
        payload = request.SerializeToString()
        body = struct.pack(">BI", 0, len(payload)) + payload
        text = self.protocol == "grpc-web-text"
        content_type = "application/grpc-web-text+proto" if text else "application/grpc-web+proto"
        if text:
            body = base64.b64encode(body)
        response = self.client.post(url, content=body, headers={
            "content-type": content_type, "x-grpc-web": "1", **extra})
        assert response.status_code == 200, (response.status_code, response.text)
        assert response.headers["content-type"].startswith(
            "application/grpc-web-text" if text else "application/grpc-web")
        data = base64.b64decode(response.content) if text else response.content
        message, trailers = parse_grpc_web(data)
        trailers = {**{k: v for k, v in response.headers.items() if k.startswith("grpc-")},
                    **trailers}
        status = int(trailers.get("grpc-status", "-1"))
        if status != 0:
            raise grpc_web_refusal(trailers)
        assert message is not None, "gRPC-Web OK without a message"
        return response_type.FromString(message)


def parse_grpc_web(data: bytes) -> tuple[bytes | None, dict[str, str]]:
    """(the message, the trailers) of a gRPC-Web body."""
    message: bytes | None = None
    trailers: dict[str, str] = {}
    offset = 0
    while offset < len(data):
        flags, length = struct.unpack(">BI", data[offset:offset + 5])
        frame = data[offset + 5:offset + 5 + length]
        assert len(frame) == length, "truncated gRPC-Web frame"
        offset += 5 + length
        if flags & 0x80:
            for line in frame.decode().split("\r\n"):
                if line:
                    key, _, value = line.partition(":")
                    trailers[key.strip().lower()] = value.strip()
        else:
            assert message is None, "a unary response carries one message"
            message = frame
    return message, trailers


def connect_refusal(response: httpx.Response) -> HttpRefusal:
    assert response.headers["content-type"] == "application/json", response.headers
    body = response.json()
    reason = ""
    for detail in body.get("details", ()):
        if detail["type"] == "google.rpc.ErrorInfo":
            value = base64.b64decode(detail["value"] + "==")
            info = error_details_pb2.ErrorInfo.FromString(value)
            reason = info.reason
            assert detail["debug"]["reason"] == reason, detail
    return HttpRefusal(grpc_code(body["code"]), reason, body.get("message", ""),
                       response.status_code)


def grpc_web_refusal(trailers: dict[str, str]) -> HttpRefusal:
    reason = ""
    details = trailers.get("grpc-status-details-bin")
    if details:
        status = status_pb2.Status.FromString(base64.b64decode(details + "=="))
        for detail in status.details:
            info = error_details_pb2.ErrorInfo()
            if detail.Unpack(info):
                reason = info.reason
    message = urllib.parse.unquote(trailers.get("grpc-message", ""))
    return HttpRefusal(_code_of_number(int(trailers["grpc-status"])), reason, message, 200)


def post_json(client: httpx.Client, base: str, method: str, body: object) -> httpx.Response:
    """A raw Connect JSON POST, as curl sends it."""
    return client.post(f"{base}/{SERVICE}/{method}", content=json.dumps(body).encode(),
                       headers={"content-type": "application/json"})
