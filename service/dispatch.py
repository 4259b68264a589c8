"""Where a call's core runs, decided once for both ports: on the event loop or a thread.

The gRPC port (service/grpc_service.py) and the HTTP port
(service/http/connect.py) each read their framework's context into a `Call`
(`call_within`) and hand the parsed request here (`run`). A cheap RPC with a
small request (`Rpc.on_loop`: NewGame, ApplyAction, GetView, RenewSeatToken,
TakeBack up to INLINE_MAX_BYTES) runs on the port's event loop, since the hop
to a handler thread and back cost more than its work (docs/benchmarks.md);
the rest (SuggestAction's bot search, Replay, ListGames, ClaimTimeout) run on
the port's handler threads, so the loop stays free to read requests and
answer health checks meanwhile. Either way through `guarded`, so a bug is
INTERNAL (reason INTERNAL_ERROR), logged once, on both ports.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TypeVar

from google.protobuf.message import Message

from service.core import Call, Rpc, guarded

__all__ = ["call_within", "run"]

_Req = TypeVar("_Req", bound=Message)
_Resp = TypeVar("_Resp", bound=Message)


def call_within(remaining: float | None, peer: str, protocol: str) -> Call:
    """The `Call` of a request whose caller gave it `remaining` seconds (None: no deadline)."""
    deadline = time.monotonic() + remaining if remaining is not None else None
    return Call(deadline=deadline, peer=peer, protocol=protocol)


async def run(route: Rpc[Any, Any], method: Callable[[_Req, Call], _Resp], request: _Req,
              call: Call, request_bytes: int, executor: Executor) -> _Resp:
    """`method(request, call)` (the core's method for `route`), on the loop when the route
    allows it for a request of `request_bytes`, else on `executor`."""
    if route.on_loop(request_bytes):  # bounded work: cheaper here than the hop
        return guarded(method, request, call)
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(executor, guarded, method, request, call)
