"""Header-only gRPC streams cannot starve the gRPC port (docs/security.md, "Hostile clients").

Under grpcio's thread-pool server every stream that sent HEADERS and no message
held one of the worker's 4 handler threads: 2 connections x 8 such streams made
161 of 177 normal ApplyAction calls fail for 45 s. The port now runs on
grpc.aio (service/grpc_server.py): a waiting stream is a parked coroutine
holding no thread and no admission slot, and one connection may have only
--max-streams-per-connection streams open.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace

import grpc
import pytest

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from tests.attacks.h2raw import RawH2
from tests.service.conftest import TEST_CONFIG, Served, first_legal

APPLY = "/marketplay.v1.GameService/ApplyAction"


@pytest.fixture
def served() -> Iterator[Served]:
    served = Served(replace(TEST_CONFIG, threads=4, max_streams_per_connection=32))
    yield served
    served.close()


def _normal_calls(address: str, count: int) -> tuple[int, list[float]]:
    """`count` ApplyAction calls from a fresh client: how many succeeded, and their seconds."""
    with grpc.insecure_channel(address) as channel:
        stub = pb_grpc.GameServiceStub(channel)
        new = stub.NewGame(pb.NewGameRequest(game_id="spice-merchant", num_players=2,
                                             views=pb.ViewSelection(all_seats=True)), timeout=30)
        update, ok, seconds = new.update, 0, []
        for _ in range(count):
            if update.HasField("outcome"):
                update = stub.NewGame(pb.NewGameRequest(
                    game_id="spice-merchant", num_players=2,
                    views=pb.ViewSelection(all_seats=True)), timeout=30).update
            seat, action = first_legal(update)
            started = time.perf_counter()
            try:
                update = stub.ApplyAction(pb.ApplyActionRequest(
                    state=update.state, seat=seat, action=action,
                    views=pb.ViewSelection(all_seats=True)), timeout=10).update
                ok += 1
            except grpc.RpcError:
                pass
            seconds.append(time.perf_counter() - started)
    return ok, seconds


def test_header_only_streams_leave_normal_calls_served(served: Served) -> None:
    attackers = [RawH2(served.running.port) for _ in range(4)]
    try:
        for attacker in attackers:  # 4 x 8 = 32 parked streams: eight times the threads
            for _ in range(8):
                attacker.headers(APPLY)
        time.sleep(0.5)  # let the server see them all before the normal calls start
        ok, _ = _normal_calls(served.address, 40)
        assert ok >= 38, f"only {ok} of 40 normal calls succeeded beside 32 header-only streams"
        assert not any(a.closed.is_set() for a in attackers), "the server dropped an attacker"
    finally:
        for attacker in attackers:
            attacker.close()


def test_one_connection_cannot_open_streams_past_its_limit(served: Served) -> None:
    attacker = RawH2(served.running.port)
    try:
        for _ in range(200):  # the limit is 32 (max_streams_per_connection)
            attacker.headers(APPLY)
        deadline = time.monotonic() + 30
        while attacker.resets < 200 - 32 and not attacker.closed.is_set() and \
                time.monotonic() < deadline:
            time.sleep(0.05)
        assert attacker.resets >= 200 - 32 or attacker.closed.is_set(), attacker.resets
        ok, _ = _normal_calls(served.address, 20)
        assert ok == 20
    finally:
        attacker.close()
