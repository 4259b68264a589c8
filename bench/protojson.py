"""protojson against json_format on each game's real messages, in-process.

    python -m bench.protojson [--rounds 15] [--calls 40] [--steps 12]

For each game: a 4-player game advanced `--steps` random actions from a fixed
seed, then the next ApplyAction asking for every seat's view and the
spectator's. Its ApplyActionResponse is encoded and decoded, and the request
that produced it decoded, by today's expression
(``json.dumps(json_format.MessageToDict(m), separators=(",", ":"))`` and
``json_format.Parse(..., ignore_unknown_fields=True)``) and by
protojson. Each round times `--calls` calls of every (operation,
codec) pair in thread CPU time, the pairs in a rotated order; the table shows
the median per call with the range over rounds, and the speed-up as the median
of per-round ratios (with its range).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from google.protobuf import json_format
from google.protobuf.message import Message

import protojson
from bench.handler_cpu import CALL, GAMES, mid_game, service
from marketplay.v1 import game_service_pb2 as pb


def today_encode(message: Message) -> bytes:
    return json.dumps(json_format.MessageToDict(message), separators=(",", ":")).encode()


def today_decode(data: bytes, message_class: type[Message]) -> Message:
    return json_format.Parse(data, message_class(), ignore_unknown_fields=True)


def per_call_us(work: Callable[[], object], calls: int) -> float:
    start = time.thread_time_ns()
    for _ in range(calls):
        work()
    return (time.thread_time_ns() - start) / calls / 1000


def samples(game_id: str, steps: int) -> tuple[pb.ApplyActionRequest, pb.ApplyActionResponse]:
    core = service()
    update = mid_game(core, game_id, 4, steps)
    decision = next(d for d in update.decisions if d.legal_actions)
    request = pb.ApplyActionRequest(state=update.state, seat=decision.seat, action=decision.legal_actions[0],
                                    expected_step=update.step,
                                    views=pb.ViewSelection(all_seats=True, spectator=True))
    return request, core.apply_action(request, CALL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=40)
    parser.add_argument("--steps", type=int, default=12)
    args = parser.parse_args()
    print(f"{'game':15s} {'operation':16s} {'bytes':>6s} {'json_format us':>20s} {'protojson us':>18s} "
          f"{'speed-up':>16s}")
    for game_id, _players in GAMES:
        bench_game(game_id, args.steps, args.rounds, args.calls)


def bench_game(game_id: str, steps: int, rounds: int, calls: int) -> None:
    request, response = samples(game_id, steps)
    request_json, response_json = today_encode(request), today_encode(response)
    assert protojson.encode(response) == response_json
    assert protojson.decode(response_json, pb.ApplyActionResponse) == response
    assert protojson.decode(request_json, pb.ApplyActionRequest) == request
    response_class, request_class = pb.ApplyActionResponse, pb.ApplyActionRequest
    operations: dict[str, tuple[int, Callable[[], object], Callable[[], object]]] = {
        "encode response": (len(response_json), lambda: today_encode(response),
                            lambda: protojson.encode(response)),
        "decode response": (len(response_json), lambda: today_decode(response_json, response_class),
                            lambda: protojson.decode(response_json, response_class)),
        "decode request": (len(request_json), lambda: today_decode(request_json, request_class),
                           lambda: protojson.decode(request_json, request_class)),
    }
    pairs = [(op, codec) for op in operations for codec in (1, 2)]
    timings: dict[tuple[str, int], list[float]] = {pair: [] for pair in pairs}
    for op, codec in pairs:
        per_call_us(operations[op][codec], 3)  # warm: plans compiled, caches filled
    for round_ in range(rounds):
        shift = round_ % len(pairs)
        for op, codec in pairs[shift:] + pairs[:shift]:
            timings[op, codec].append(per_call_us(operations[op][codec], calls))
    for op, (size, _, _) in operations.items():
        old, new = timings[op, 1], timings[op, 2]
        ratios = [a / b for a, b in zip(old, new, strict=True)]
        print(f"{game_id:15s} {op:16s} {size:6d} {_spread(old):>20s} {_spread(new):>18s} "
              f"{statistics.median(ratios):5.1f}x ({min(ratios):.1f}-{max(ratios):.1f})")


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})"


if __name__ == "__main__":
    main()
