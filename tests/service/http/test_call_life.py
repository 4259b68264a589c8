"""The HTTP port hands each call's life to connectrpc's handler as an argument.

`GameServiceApp.serve` is driven in-process with two calls at once on one
event loop: each call's Call, refusal and errors raised into connectrpc land
on the life it was given, never on the other's (there is no ambient "current
call" to mix them up), and a body the codec cannot read is refused on its own
life with MALFORMED_REQUEST.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from marketplay.v1 import game_service_pb2 as pb
from service.admission import Admission
from service.calls import CallReporter
from service.core import Call
from service.errors import Code
from service.http.connect import connect_application
from service.lifecycle import CallLife, Lifecycle

PATH = "/marketplay.v1.GameService/ListGames"


class Core:
    """ListGames answers at once (on a handler thread: both calls are in flight together)."""

    def list_games(self, request: pb.ListGamesRequest, call: Call) -> pb.ListGamesResponse:
        return pb.ListGamesResponse()


def _scope(port: int) -> dict[str, Any]:
    return {"type": "http", "path": PATH, "method": "POST", "root_path": "", "scheme": "http",
            "headers": [(b"content-type", b"application/json")], "client": ("127.0.0.1", port),
            "extensions": {}}


async def _serve(app: Any, life: CallLife, port: int, body: bytes) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    given = False

    async def receive() -> dict[str, Any]:
        nonlocal given
        if given:
            await asyncio.Event().wait()  # the client keeps the connection open
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: Any) -> None:
        sent.append(dict(message))

    await app.serve(_scope(port), receive, send, life)
    return sent


def test_each_call_keeps_its_own_life_and_a_malformed_body_is_refused_on_it() -> None:
    lifecycle = Lifecycle(Admission(4), CallReporter())
    with ThreadPoolExecutor(1) as executor:
        app = connect_application(Core(), executor, 1 << 20)  # type: ignore[arg-type]

        async def both() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
            return await asyncio.gather(_serve(app, good, 1001, b"{}"),
                                        _serve(app, bad, 1002, b"{not json"))

        with lifecycle.call("ListGames", Call) as good, lifecycle.call("ListGames", Call) as bad:
            answered, refused = asyncio.run(both())
            assert good.outcome.code is Code.OK and good.raised is None
            assert good.call is not None and good.call.peer == "127.0.0.1:1001"
            assert good.call.protocol == "connect"
            assert (bad.outcome.code, bad.outcome.reason) == (Code.INVALID_ARGUMENT,
                                                              "MALFORMED_REQUEST")
            assert bad.raised is not None and len(bad.raised) == 1  # released at its end
    assert answered[0]["status"] == 200
    assert refused[0]["status"] == 400
    error = json.loads(b"".join(m.get("body", b"") for m in refused[1:]))
    assert error["code"] == "invalid_argument"
    assert error["message"].startswith("the request is not a valid marketplay.v1.ListGamesRequest")
