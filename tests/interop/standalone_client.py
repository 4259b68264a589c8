"""Plays one game with the installed marketplay-client package only (run in its own venv).

    python -I standalone_client.py <host:port> <game_id> <num_players>

Run by test_python_package.py with the venv's interpreter in isolated mode,
so nothing of the repository is importable: it proves the package carries
the whole contract and that the server's dependencies did not come along.
Prints one JSON line: what was played, and where things were imported from.
"""

from __future__ import annotations

import importlib.util
import json
import sys

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

import marketplay
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc


def refusal_reason(err: grpc.RpcError) -> tuple[str, str]:
    status = rpc_status.from_call(err)  # type: ignore[arg-type]
    assert status is not None, "no grpc-status-details-bin trailer"
    for detail in status.details:
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            return err.code().name, info.reason  # type: ignore[attr-defined]
    raise AssertionError("the refusal carries no ErrorInfo")


def main() -> None:
    address, game_id, players = sys.argv[1], sys.argv[2], int(sys.argv[3])
    everyone = pb.ViewSelection(all_seats=True)
    with grpc.insecure_channel(address) as channel:
        stub = pb_grpc.GameServiceStub(channel)
        new = stub.NewGame(pb.NewGameRequest(game_id=game_id, num_players=players, views=everyone),
                           timeout=30)
        update, tokens = new.update, list(new.seat_tokens)
        tampered = bytearray(update.state)
        tampered[-5] ^= 1
        decision = next(d for d in update.decisions if d.legal_actions)
        try:
            stub.ApplyAction(pb.ApplyActionRequest(
                state=bytes(tampered), seat=decision.seat, action=decision.legal_actions[0],
                seat_token=tokens[decision.seat], views=everyone), timeout=30)
            refused: tuple[str, str] = ("", "")
        except grpc.RpcError as err:
            refused = refusal_reason(err)
        steps = 0
        while not update.HasField("outcome"):
            decision = next(d for d in update.decisions if d.legal_actions)
            update = stub.ApplyAction(pb.ApplyActionRequest(
                state=update.state, seat=decision.seat, action=decision.legal_actions[0],
                expected_step=update.step, seat_token=tokens[decision.seat], views=everyone),
                timeout=30).update
            steps += 1
    print(json.dumps({
        "steps": steps,
        "final_step": update.step,
        "winners": list(update.outcome.winners),
        "refused": list(refused),
        "marketplay_file": marketplay.__file__,
        "absent": {name: importlib.util.find_spec(name) is None
                   for name in ("cryptography", "prometheus_client", "service", "engines", "cachetools")},
    }))


if __name__ == "__main__":
    main()
