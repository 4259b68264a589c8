"""The shipped catalogs on the HTTP port: `GET /catalogs/<locale>.ftl`.

A frontend that renders the service's Messages itself (ViewSelection.messages:
ids and arguments, no text) fetches a locale's whole catalog here: the shared
catalog and every game's, in Project Fluent's syntax, exactly as
`Catalogs.source(locale)` gives them to the server's own renderer
(service/text.py), the pseudo-locale's as made at start. The same files ship
in the TypeScript package: `python -m service.http.catalogs --out DIR` (`make
catalogs`) writes them as `DIR/<locale>.ftl`, and
tests/service/contract/test_catalog_files.py fails when the committed ones
are stale.

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

import argparse
import functools
import gzip
import hashlib
import sys
from collections.abc import Mapping
from pathlib import Path

from service.playground import Asset

__all__ = ["CONTENT_TYPE", "PREFIX", "assets", "export", "lookup"]

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


def export(directory: Path) -> list[Path]:
    """Writes `<locale>.ftl` for every shipped locale into `directory` (made if
    missing; other `.ftl` files there are removed, so a dropped locale goes
    too); the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for path, asset in assets().items():
        target = directory / path.removeprefix(PREFIX)
        target.write_bytes(asset.body)
        written.append(target)
    for stale in set(directory.glob(f"*{SUFFIX}")) - set(written):
        stale.unlink()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write each shipped locale's catalog as "
                                                 "<locale>.ftl, as GET /catalogs/<locale>.ftl "
                                                 "serves it.")
    parser.add_argument("--out", type=Path, required=True, help="the directory to write into")
    args = parser.parse_args(argv)
    for path in export(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
