"""CORS for the HTTP port: which browser origins may call, and the headers they need.

Browsers send Connect and gRPC-Web calls cross-origin with a preflight; it is
answered here from an allow-list (--http-cors-origins) and never reaches a
handler. Allowed and exposed headers are those Connect and gRPC-Web clients
use (connect-es and grpc-web document the same lists).
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["ALLOWED_HEADERS", "EXPOSED_HEADERS", "CorsPolicy"]

#: Request headers a browser may send to the RPC routes.
ALLOWED_HEADERS = (
    "Content-Type", "Connect-Protocol-Version", "Connect-Timeout-Ms",
    "Connect-Accept-Encoding", "Connect-Content-Encoding", "Content-Encoding",
    "Grpc-Timeout", "Grpc-Accept-Encoding", "Grpc-Encoding", "X-Grpc-Web", "X-User-Agent",
)
#: Response headers a browser script may read: gRPC-Web statuses and Connect metadata.
EXPOSED_HEADERS = (
    "Grpc-Status", "Grpc-Message", "Grpc-Status-Details-Bin", "Grpc-Encoding",
    "Connect-Protocol-Version", "Connect-Content-Encoding", "Content-Encoding",
)
MAX_AGE = "7200"  # seconds a browser may cache a preflight (Chromium's cap)


@dataclass(frozen=True)
class CorsPolicy:
    """Allowed origins: exact (`https://app.example.com`), any port of a host
    (`http://localhost:*`), or `*` (any origin: development only)."""

    origins: tuple[str, ...] = ()
    _exact: frozenset[str] = field(init=False, repr=False)
    _any_port: tuple[str, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        exact = {o.rstrip("/") for o in self.origins if not o.endswith(":*")}
        any_port = tuple(o[:-2] for o in self.origins if o.endswith(":*"))
        object.__setattr__(self, "_exact", frozenset(exact))
        object.__setattr__(self, "_any_port", any_port)

    @classmethod
    def parse(cls, text: str) -> CorsPolicy:
        """From the comma-separated flag value."""
        return cls(tuple(o.strip() for o in text.split(",") if o.strip()))

    def allows(self, origin: str) -> bool:
        if not origin or origin == "null":  # opaque origins (files, sandboxes): never
            return False
        if "*" in self._exact or origin in self._exact:
            return True
        for base in self._any_port:
            port = origin[len(base) + 1:]
            if origin == base or (origin.startswith(base + ":") and port.isdigit()):
                return True
        return False

    def preflight_headers(self, origin: str) -> list[tuple[str, str]]:
        return [
            ("Access-Control-Allow-Origin", origin),
            ("Access-Control-Allow-Methods", "POST, GET, HEAD"),
            ("Access-Control-Allow-Headers", ", ".join(ALLOWED_HEADERS)),
            ("Access-Control-Expose-Headers", ", ".join(EXPOSED_HEADERS)),
            ("Access-Control-Max-Age", MAX_AGE),
            ("Vary", "Origin, Access-Control-Request-Method, Access-Control-Request-Headers"),
        ]

    @staticmethod
    def response_headers(origin: str) -> list[tuple[str, str]]:
        """Added to every response to an allowed origin."""
        return [
            ("Access-Control-Allow-Origin", origin),
            ("Access-Control-Expose-Headers", ", ".join(EXPOSED_HEADERS)),
            ("Vary", "Origin"),
        ]
