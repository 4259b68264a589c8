"""The playground's static files on the HTTP port: types, caching, conditional and
compressed answers, and nothing outside the bundle (service/playground)."""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from service import playground
from tests.service.conftest import ServedHttp
from tests.service.http_client import connect_refusal, http_client

STATIC = Path(playground.__file__).parent / "static"


@pytest.fixture(scope="module", params=["http1", "h2c"])
def client(request: pytest.FixtureRequest) -> Iterator[httpx.Client]:
    with http_client(request.param) as c:
        yield c


def asset_paths(index: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/playground/[^"]+)"', index)


def test_the_page_is_served_at_the_root(http_served: ServedHttp, client: httpx.Client) -> None:
    page = client.get(f"{http_served.base}/")
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.headers["cache-control"] == "no-cache"
    assert page.headers["x-content-type-options"] == "nosniff"
    assert "connect-src 'self'" in page.headers["content-security-policy"]
    assert "access-control-allow-origin" not in page.headers  # same origin: no CORS
    assert page.content == (STATIC / "index.html").read_bytes()
    assets = asset_paths(page.text)
    assert {Path(a).suffix for a in assets} == {".js", ".css", ".svg"}, assets


def test_every_asset_the_page_names_is_served_with_its_type_and_cached(
        http_served: ServedHttp, client: httpx.Client) -> None:
    index = (STATIC / "index.html").read_text()
    types = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
             ".svg": "image/svg+xml"}
    for path in asset_paths(index):
        answer = client.get(f"{http_served.base}{path}", headers={"accept-encoding": "identity"})
        assert answer.status_code == 200, path
        assert answer.headers["content-type"] == types[Path(path).suffix], path
        assert answer.headers["cache-control"] == "public, max-age=31536000, immutable", path
        assert answer.content == (STATIC / Path(path).name).read_bytes(), path
        assert int(answer.headers["content-length"]) == len(answer.content)


def test_revalidation_head_and_gzip(http_served: ServedHttp, client: httpx.Client) -> None:
    base = http_served.base
    first = client.get(f"{base}/")
    etag = first.headers["etag"]
    again = client.get(f"{base}/", headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    assert client.get(f"{base}/", headers={"if-none-match": '"other"'}).status_code == 200
    head = client.head(f"{base}/")
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == first.headers["content-length"]

    script = next(p for p in asset_paths(first.text) if p.endswith(".js"))
    raw = (STATIC / Path(script).name).read_bytes()
    packed = client.get(f"{base}{script}", headers={"accept-encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip" and packed.headers["vary"] == "Accept-Encoding"
    assert packed.content == raw  # httpx inflates it
    assert int(packed.headers["content-length"]) < len(raw) // 2
    refused = client.get(f"{base}{script}", headers={"accept-encoding": "gzip;q=0"})
    assert "content-encoding" not in refused.headers and refused.content == raw


@pytest.mark.parametrize("path", [
    "/playground/", "/playground/missing.js", "/playground/../pyproject.toml",
    "/playground/%2e%2e/%2e%2e/pyproject.toml", "/playground//etc/passwd", "/index.html",
    "/playground/index.html", "/service/playground/static/index.html", "/playground/__init__.py",
])
def test_nothing_outside_the_bundle_is_served(http_served: ServedHttp, client: httpx.Client,
                                              path: str) -> None:
    answer = client.get(httpx.URL(http_served.base + path))
    assert answer.status_code == 404, path
    assert connect_refusal(answer).reason == "UNKNOWN_PATH"


def test_other_methods_are_refused(http_served: ServedHttp, client: httpx.Client) -> None:
    answer = client.post(f"{http_served.base}/", content=b"x")
    assert answer.status_code == 405 and answer.headers["allow"] == "GET, HEAD"


def test_the_table_holds_only_the_bundle(tmp_path: Path) -> None:
    """load() keeps files of the four known types and maps index.html to the root."""
    (tmp_path / "index.html").write_text("<!doctype html>")
    (tmp_path / "app-AB12.js").write_text("x" * 4000)
    (tmp_path / "notes.txt").write_text("not served")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "inner.js").write_text("not served")
    table = playground.load(tmp_path)
    assert set(table) == {"/", "/playground/app-AB12.js"}
    js = table["/playground/app-AB12.js"]
    assert js.gzipped is not None and gzip.decompress(js.gzipped) == js.body
    assert table["/"].gzipped is None  # too small to pay
    assert playground.load(tmp_path / "absent") == {}
