"""A loopback static server for the browser test: the client's files and a /report sink.

Serves clients/ts/dist and clients/ts/node_modules (the client and its ESM
dependencies) and tests/interop/browser (the page) from one origin; the page
POSTs its result to /report, which `wait_report` returns.
"""

from __future__ import annotations

import json
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[2]
TS_DIR = ROOT / "clients" / "ts"
MOUNTS = {
    "/dist/": TS_DIR / "dist",
    "/node_modules/": TS_DIR / "node_modules",
    "/page/": Path(__file__).resolve().parent / "browser",
}
MAX_REPORT_BYTES = 4 << 20


class PageServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.port = int(self.server_address[1])
        self.reported = threading.Event()
        self.report: Any = None
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)
        self._thread.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_report(self, timeout: float) -> Any:
        assert self.reported.wait(timeout), f"the page reported nothing within {timeout:.0f} s"
        return self.report

    def close(self) -> None:
        self.shutdown()
        self.server_close()


class _Handler(SimpleHTTPRequestHandler):
    server: PageServer

    def translate_path(self, path: str) -> str:
        """Only the mounted folders are served; anything else is a path that does not exist."""
        clean = unquote(urlsplit(path).path)
        for prefix, folder in MOUNTS.items():
            if clean.startswith(prefix):
                target = (folder / clean[len(prefix):]).resolve()
                if target.is_relative_to(folder.resolve()):
                    return str(target)
        return str(MOUNTS["/page/"] / "does-not-exist")

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        if self.path != "/report" or not 0 < length <= MAX_REPORT_BYTES:
            self.send_error(HTTPStatus.BAD_REQUEST)
            return
        self.server.report = json.loads(self.rfile.read(length))
        self.send_response(HTTPStatus.NO_CONTENT)
        self.end_headers()
        self.server.reported.set()

    def log_message(self, format: str, *args: Any) -> None:
        pass
