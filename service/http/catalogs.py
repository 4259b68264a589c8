"""The shipped catalogs on the HTTP port: `GET /catalogs/<locale>.ftl`.

A frontend that renders the service's Messages itself (ViewSelection.messages:
ids and arguments, no text) fetches a locale's whole catalog here: the shared
catalog and every game's, in Project Fluent's syntax, exactly as
`Catalogs.source(locale)` gives them to the server's own renderer
(service/text.py), the pseudo-locale's as made at start. The same files ship
in the TypeScript package (clients/ts/catalogs, `make catalogs`).

The catalogs are read once into a fixed table (body, gzip copy, ETag) keyed by
the exact path of each shipped locale, as the playground's files are: a
request is a lookup in that table, so the locale in a path is matched against
the shipped list and never used to find a file; any other path falls through
to the HTTP app's 404. The URL names no version, so an answer is revalidated
on every use (`no-cache` with an ETag: a 304 costs a round trip, no body),
and a new release's catalogs are seen at once. Like the other pages, these
requests are not counted in the RPC metrics (docs/http.md, "Metrics").
"""

from __future__ import annotations

import functools
import gzip
import hashlib
from collections.abc import Mapping

from service.playground import Asset

__all__ = ["CONTENT_TYPE", "PREFIX", "assets", "lookup"]

PREFIX = "/catalogs/"
SUFFIX = ".ftl"
#: Fluent has no registered media type; its files are UTF-8 text.
CONTENT_TYPE = "text/plain; charset=utf-8"
CACHE_CONTROL = "no-cache"


def _asset(text: str) -> Asset:
    body = text.encode("utf-8")
    packed = gzip.compress(body, compresslevel=9, mtime=0)
    return Asset(
        body=body,
        gzipped=packed if len(packed) < len(body) else None,
        content_type=CONTENT_TYPE,
        etag='"' + hashlib.sha256(body).hexdigest()[:32] + '"',
        cache_control=CACHE_CONTROL,
    )


@functools.cache
def assets() -> Mapping[str, Asset]:
    """URL path -> the catalog of each shipped locale, made at the first request."""
    from service.text import shipped_catalogs

    catalogs = shipped_catalogs()
    return {f"{PREFIX}{locale}{SUFFIX}": _asset(catalogs.source(locale))
            for locale in catalogs.locales}


def lookup(path: str) -> Asset | None:
    """The catalog a path names exactly, or None (the app answers 404)."""
    if not path.startswith(PREFIX):
        return None
    return assets().get(path)
