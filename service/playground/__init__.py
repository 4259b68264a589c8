"""The browser playground's static files, served at `/` and `/playground/<file>` on the HTTP port.

`make playground` bundles clients/ts/playground into `static/` (package data, so
the image serves it too; docs/playground.md). The page calls the public API from
the same origin, so it needs no CORS. The files are read once into a fixed table
(body, gzip copy, ETag): a request is a lookup in that table by its exact path,
so no request path ever reaches the file system (no traversal), and anything not
in it falls through to the HTTP app's 404. `index.html` is revalidated on every
load (`no-cache` with an ETag); every other file has a content hash in its name
and is cached for a year (`immutable`).
"""

from __future__ import annotations

import functools
import gzip
import hashlib
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

__all__ = ["PREFIX", "Asset", "assets", "load", "lookup", "serve"]

PREFIX = "/playground/"
INDEX = "index.html"

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}
_INDEX_CACHE = "no-cache"
_ASSET_CACHE = "public, max-age=31536000, immutable"
# The page loads only its own files and calls only its own origin.
_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
_HEADERS = (
    ("content-security-policy", _CSP),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("vary", "Accept-Encoding"),
)
_GZIP_MIN_BYTES = 1024

Scope = MutableMapping[str, Any]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: bytes | None  # None when compressing would not pay
    content_type: str
    etag: str
    cache_control: str


def _asset(name: str, body: bytes) -> Asset:
    suffix = name[name.rfind("."):]
    packed = gzip.compress(body, compresslevel=9, mtime=0) if len(body) >= _GZIP_MIN_BYTES else None
    return Asset(
        body=body,
        gzipped=packed if packed is not None and len(packed) < len(body) else None,
        content_type=CONTENT_TYPES[suffix],
        etag='"' + hashlib.sha256(body).hexdigest()[:32] + '"',
        cache_control=_INDEX_CACHE if name == INDEX else _ASSET_CACHE,
    )


def load(directory: Traversable) -> dict[str, Asset]:
    """URL path -> Asset for the files in `directory` whose type is known; empty if it is missing."""
    table: dict[str, Asset] = {}
    if not directory.is_dir():
        return table
    for entry in directory.iterdir():
        name = entry.name
        suffix = name[name.rfind("."):] if "." in name else ""
        if not entry.is_file() or suffix not in CONTENT_TYPES:
            continue
        table["/" if name == INDEX else PREFIX + name] = _asset(name, entry.read_bytes())
    return table


@functools.cache
def assets() -> Mapping[str, Asset]:
    """The bundled playground, read at the first request."""
    return load(files(__name__) / "static")


def lookup(path: str) -> Asset | None:
    return assets().get(path)


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if bytes(key).lower() == name:
            return bytes(value).decode("latin-1")
    return ""


def _accepts_gzip(accept_encoding: str) -> bool:
    for part in accept_encoding.split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip().lower() in ("gzip", "*"):
            q = params.strip().lower()
            return not (q.startswith("q=") and q[2:].strip() in ("0", "0.0", "0.00", "0.000"))
    return False


def _matches(if_none_match: str, etag: str) -> bool:
    tags = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
    return "*" in tags or etag in tags


async def serve(asset: Asset, scope: Scope, send: Send) -> None:
    """Answers a request for `asset`: GET and HEAD, conditional (304), gzip when accepted."""
    method = scope["method"]
    if method not in ("GET", "HEAD"):
        await _send(send, 405, b"GET or HEAD\n", [("content-type", "text/plain; charset=utf-8"),
                                                  ("allow", "GET, HEAD")])
        return
    headers = [("etag", asset.etag), ("cache-control", asset.cache_control), *_HEADERS]
    if _matches(_header(scope, b"if-none-match"), asset.etag):
        await _send(send, 304, b"", headers)
        return
    body = asset.body
    if asset.gzipped is not None and _accepts_gzip(_header(scope, b"accept-encoding")):
        body = asset.gzipped
        headers.append(("content-encoding", "gzip"))
    headers.append(("content-type", asset.content_type))
    await _send(send, 200, b"" if method == "HEAD" else body, headers, length=len(body))


async def _send(send: Send, status: int, body: bytes, headers: Iterable[tuple[str, str]],
                length: int | None = None) -> None:
    raw = [(k.encode(), v.encode()) for k, v in headers]
    if status != 304:
        raw.append((b"content-length", str(len(body) if length is None else length).encode()))
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})
