"""GET /catalogs/<locale>.ftl: each shipped locale's whole catalog, as the server
renders with it, cached like the playground's page (service/http/catalogs.py)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from fluent.syntax import FluentParser, ast

from service.text import PSEUDO_LOCALE, shipped_catalogs
from tests.service.conftest import ServedHttp
from tests.service.http_client import connect_refusal, http_client


@pytest.fixture(scope="module", params=["http1", "h2c"])
def client(request: pytest.FixtureRequest) -> Iterator[httpx.Client]:
    with http_client(request.param) as c:
        yield c


@pytest.mark.parametrize("locale", ["en", "de", PSEUDO_LOCALE])
def test_each_shipped_locale_is_served_whole(http_served: ServedHttp, client: httpx.Client,
                                             locale: str) -> None:
    answer = client.get(f"{http_served.base}/catalogs/{locale}.ftl")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/plain; charset=utf-8"
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.text == shipped_catalogs().source(locale)
    resource = FluentParser(with_spans=False).parse(answer.text)
    ids = {entry.id.name for entry in resource.body if isinstance(entry, ast.Message)}
    assert not [entry for entry in resource.body if isinstance(entry, ast.Junk)]
    # The shared catalog and every game's.
    assert {"seat-default-name", "outcome", "spice-merchant-action-open-trade",
            "central-market-prompt-offer", "market-fresh-produce-lemons"} <= ids


def test_revalidation_head_and_gzip(http_served: ServedHttp, client: httpx.Client) -> None:
    url = f"{http_served.base}/catalogs/de.ftl"
    first = client.get(url, headers={"accept-encoding": "identity"})
    etag = first.headers["etag"]
    again = client.get(url, headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    head = client.head(url, headers={"accept-encoding": "identity"})
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == first.headers["content-length"]
    packed = client.get(url, headers={"accept-encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.content == first.content  # httpx inflates it
    assert int(packed.headers["content-length"]) < len(first.content) // 2
    assert client.get(f"{http_served.base}/catalogs/en.ftl").headers["etag"] != etag


@pytest.mark.parametrize("path", [
    "/catalogs/fr.ftl", "/catalogs/de-AT.ftl", "/catalogs/DE.ftl", "/catalogs/de",
    "/catalogs/", "/catalogs/../pyproject.toml", "/catalogs/%2e%2e/pyproject.toml",
    "/catalogs/de.ftl/", "/catalogs/core.ftl",
])
def test_anything_else_is_not_found(http_served: ServedHttp, client: httpx.Client,
                                    path: str) -> None:
    answer = client.get(httpx.URL(http_served.base + path))
    assert answer.status_code == 404, path
    assert connect_refusal(answer).reason == "UNKNOWN_PATH"


def test_only_get_and_head(http_served: ServedHttp, client: httpx.Client) -> None:
    answer = client.post(f"{http_served.base}/catalogs/en.ftl", content=b"x")
    assert answer.status_code == 405 and answer.headers["allow"] == "GET, HEAD"
