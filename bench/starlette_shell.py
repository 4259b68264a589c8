"""The HTTP port's shell rebuilt on Starlette, for measuring it against our raw ASGI one.

Issue 19 asks for routing, CORS and static files from a well-kept framework
(connect-python's examples mount their app into Starlette) unless measurement says
the cost is too high. This is that shell: Starlette's router, its CORSMiddleware and
StaticFiles for the playground, with the health pages as plain routes, and the RPC
and reflection paths mounted onto the service's HttpApp, which keeps what no
framework has (the call's lifecycle, the body limit read as it arrives, gRPC-Web
text, native gRPC refused). What Starlette adds per RPC call is therefore its
middleware stack (ServerErrorMiddleware, CORSMiddleware, ExceptionMiddleware), the
router's scan and the Mount's child scope: `bench.http_servers` measures exactly
that as the `starlette` candidate, on the same embedded Granian (docs/benchmarks.md,
"Starlette as the HTTP shell").

As a pytest plugin it puts the shell under every test server's HTTP port, so the
suites say what would change: `pytest -p bench.starlette_shell tests/attacks
tests/service/http`. Run as a module it measures the two shells in one process,
with no server or socket in the way, so the difference is the shell's alone:

    nice -n 10 python -m bench.starlette_shell [--calls 2000] [--rounds 5]

Each round drives `--calls` calls of each workload (ListGames and a real
ApplyAction as Connect JSON, ListGames as Connect proto, with an allowed Origin
so CORS does its work) through each shell in rotated order, as ASGI messages on
one event loop, and takes the process CPU time per call (the handlers run on the
executor's threads: all threads count); a last workload puts both shells over a
Connect app that answers at once, so it shows the shells' own cost. It prints
medians with ranges and each shell's ratio to ours in the same round.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from service.config import Config
from service.http import server as http_server
from service.http.app import RPC_PREFIX, HttpApp
from service.http.cors import ALLOWED_HEADERS, EXPOSED_HEADERS, MAX_AGE
from service.http.server import HttpServer


def cors_middleware(origins: str) -> Middleware:
    """--http-cors-origins as Starlette's CORSMiddleware: exact origins as a list, a
    host's any port (`http://localhost:*`) as a regex, `*` as any origin."""
    listed = [o.strip().rstrip("/") for o in origins.split(",") if o.strip()]
    exact = [o for o in listed if not o.endswith(":*")]
    any_port = [re.escape(o[:-2]) + r"(:\d+)?" for o in listed if o.endswith(":*")]
    return Middleware(CORSMiddleware, allow_origins=exact,
                      allow_origin_regex="|".join(any_port) or None,
                      allow_methods=["POST", "GET", "HEAD"], allow_headers=list(ALLOWED_HEADERS),
                      expose_headers=list(EXPOSED_HEADERS), max_age=int(MAX_AGE))


class StarletteShell:
    """A Starlette app in front of `http` that HttpServer can serve in its place
    (it reads the app's readiness and admission, and drains it)."""

    def __init__(self, http: HttpApp, cors_origins: str, openapi: bytes,
                 mounted: list[str]) -> None:
        self.http = http
        self.readiness = http.readiness
        self.admission = http.admission

        async def healthz(_: Request) -> Response:
            return PlainTextResponse("ok\n")

        async def readyz(_: Request) -> Response:
            if self.readiness.ready:
                return PlainTextResponse("ready\n")
            return PlainTextResponse("draining\n", status_code=503)

        async def doc(_: Request) -> Response:
            return Response(openapi, media_type="application/json")

        static = Path(str(files("service.playground").joinpath("static")))
        routes: list[Any] = [
            Route("/healthz", healthz, methods=["GET", "HEAD"]),
            Route("/readyz", readyz, methods=["GET", "HEAD"]),
            Route("/openapi.json", doc, methods=["GET", "HEAD"]),
            Mount(RPC_PREFIX.rstrip("/"), app=http),
            *[Mount(prefix.rstrip("/"), app=http) for prefix in mounted],
            Mount("/", app=StaticFiles(directory=static, html=True)),
        ]
        self.app = Starlette(routes=routes, middleware=[cors_middleware(cors_origins)])

    def begin_drain(self) -> None:
        self.http.begin_drain()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await self.app(scope, receive, send)


def on_starlette(http: HttpServer, config: Config) -> HttpServer:
    """A bound, unstarted HttpServer serving the same HttpApp behind the Starlette shell."""
    app = http.app
    shell = StarletteShell(app, config.http_cors_origins, app._openapi, list(app._mounted))
    sock, executor = http._sock, http._executor
    assert sock is not None
    return HttpServer(shell, sock, executor, config.grace_seconds)  # type: ignore[arg-type]


def pytest_configure(config: Any) -> None:
    """As a plugin (`-p bench.starlette_shell`): every test server's HTTP port on the shell."""
    original = http_server.create_http_server

    def create(config: Config, *args: Any, **kwargs: Any) -> HttpServer:
        return on_starlette(original(config, *args, **kwargs), config)

    http_server.create_http_server = create  # type: ignore[assignment]


Asgi = Callable[[dict[str, Any], Any, Any], Coroutine[Any, Any, None]]


async def _call(app: Asgi, path: str, content_type: str, body: bytes, origin: str) -> int:
    """One request as the HTTP server delivers it (HTTP/1.1, whole body); its status."""
    sent: list[dict[str, Any]] = []
    delivered = False
    answered = asyncio.Event()

    async def receive() -> dict[str, Any]:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}
        await answered.wait()  # the client goes once it has its whole answer
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)
        if message["type"] == "http.response.body" and not message.get("more_body", False):
            answered.set()

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
        "root_path": "", "client": ("127.0.0.1", 4000), "server": ("127.0.0.1", 8080),
        "headers": [(b"host", b"127.0.0.1:8080"), (b"content-type", content_type.encode()),
                    (b"content-length", str(len(body)).encode()), (b"origin", origin.encode())],
    }
    await app(scope, receive, send)
    return int(sent[0]["status"])


def _workloads(core: Any) -> dict[str, tuple[str, str, bytes]]:
    """(path, content type, body): ListGames, and a real ApplyAction (a 2-player Spice
    Merchant game's first legal move with every seat's view), as the HTTP bench sends."""
    from google.protobuf import json_format

    from marketplay.v1 import game_service_pb2 as pb
    from service.core import Call
    from tests.service.conftest import first_legal

    new = core.new_game(pb.NewGameRequest(game_id="spice-merchant", num_players=2,
                                          views=pb.ViewSelection(all_seats=True)), Call())
    seat, action = first_legal(new.update)
    apply = pb.ApplyActionRequest(state=new.update.state, seat=seat, action=action,
                                  views=pb.ViewSelection(all_seats=True))
    return {
        "ListGames JSON": (RPC_PREFIX + "ListGames", "application/json", b"{}"),
        "ApplyAction JSON": (RPC_PREFIX + "ApplyAction", "application/json",
                             json_format.MessageToJson(apply, indent=None).encode()),
        "ListGames proto": (RPC_PREFIX + "ListGames", "application/proto", b""),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description="The raw ASGI shell against Starlette's")
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from service.core import GameCore
    from service.http.server import build_http_app
    from service.observe import NullObserver
    from service.sealing import Sealer
    from service.states import StateStore
    from tests.service.conftest import TEST_CONFIG

    origin = "http://localhost:5173"
    config = replace(TEST_CONFIG, http_cors_origins="http://localhost:*")
    store = StateStore(Sealer.from_config(config.state_keys), 4096, NullObserver(), 64 << 20)
    core = GameCore(store, NullObserver(), False, 10_000)
    executor = ThreadPoolExecutor(config.threads)
    ours = build_http_app(config, core, executor)
    shells: dict[str, Asgi] = {
        "raw ASGI (ours)": ours,
        "Starlette": StarletteShell(build_http_app(config, core, executor),
                                    config.http_cors_origins, ours._openapi,
                                    list(ours._mounted)),
    }
    loads = _workloads(core)
    # The shells alone: each over an HttpApp whose Connect app answers at once, so the
    # difference is the framework's stack (and ours), not the codec or the core.
    from service.http.app import Readiness
    from service.http.cors import CorsPolicy

    async def answered(scope: Any, receive: Any, send: Any, life: Any) -> None:
        await receive()
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": b"{}"})

    def bare() -> HttpApp:
        return HttpApp(answered, config.max_request_bytes,
                       CorsPolicy.parse(config.http_cors_origins), Readiness(), b"{}")

    bare_shells: dict[str, Asgi] = {
        "raw ASGI (ours)": bare(),
        "Starlette": StarletteShell(bare(), config.http_cors_origins, b"{}", []),
    }
    loads["shell only (Connect app answers at once)"] = loads["ListGames JSON"]
    cpu: dict[tuple[str, str], list[float]] = {}
    ratios: dict[tuple[str, str], list[float]] = {}

    async def rounds() -> None:
        for round_ in range(args.rounds):
            names = list(shells)
            order = names[round_ % 2:] + names[:round_ % 2]
            for load, (path, content_type, body) in loads.items():
                seen: dict[str, float] = {}
                for name in order:
                    app = (bare_shells if load.startswith("shell only") else shells)[name]
                    for _ in range(args.calls // 10):  # warm-up
                        await _call(app, path, content_type, body, origin)
                    before = time.process_time()
                    for _ in range(args.calls):
                        status = await _call(app, path, content_type, body, origin)
                        if status != 200:
                            raise SystemExit(f"{name} {load}: HTTP {status}")
                    seen[name] = (time.process_time() - before) / args.calls * 1e6
                    cpu.setdefault((name, load), []).append(seen[name])
                for name in names:
                    ratios.setdefault((name, load), []).append(seen[name] / seen[names[0]])

    asyncio.run(rounds())
    executor.shutdown()
    print(f"{args.rounds} rounds x {args.calls} calls, in-process; process CPU per call, "
          "median [min..max]; ratio to ours within each round, median [min..max]")
    for load in loads:
        print(f"\n{load}")
        for name in shells:
            us, ratio = cpu[(name, load)], ratios[(name, load)]
            print(f"  {name:16} {statistics.median(us):6.0f} us [{min(us):.0f}..{max(us):.0f}]"
                  f"  x{statistics.median(ratio):.3f} [{min(ratio):.3f}..{max(ratio):.3f}]")


if __name__ == "__main__":
    main()
