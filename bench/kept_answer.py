"""The service with ApplyAction answering one kept response: what a call costs without the core.

    python -m bench.kept_answer [service.main's flags]

The first ApplyAction is served by the core as usual and its response is
kept; every later ApplyAction gets that response without the core running
(no state opened, no action applied, no update built). What is left is the
service's own part of a call: the gRPC port on grpc.aio, the metrics
interceptor, admission, the call's lifecycle and report, parsing the request
and serializing the response. Beside a bare echo carrying the same bytes and
the real service (`python -m bench.apply_vs_echo --preset floor`), it splits
an ApplyAction's server CPU into the port's share and the core's.

A bench tool only: the service itself never answers from a kept response.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from marketplay.v1 import game_service_pb2 as pb
from service.core import Call, GameCore

Method = Callable[[GameCore, pb.ApplyActionRequest, Call], pb.ApplyActionResponse]


def keep_first_answer(real: Method) -> Method:
    """`real`, run once; every later call answers with that first response."""
    kept: list[pb.ApplyActionResponse] = []

    def answer(core: GameCore, request: pb.ApplyActionRequest,
               call: Call) -> pb.ApplyActionResponse:
        if not kept:
            kept.append(real(core, request, call))
        return kept[0]

    return answer


def main(argv: list[str]) -> int:
    GameCore.apply_action = keep_first_answer(GameCore.apply_action)  # type: ignore[method-assign]
    from service.main import main as serve

    return serve(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
