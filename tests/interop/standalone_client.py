"""Plays one game with the installed marketplay-client package only (run in its own venv).

    python -I standalone_client.py grpc <host:port> <game_id> <num_players> [<locale> [<name>,...]]
    python -I standalone_client.py connect <http://host:port> <game_id> <num_players> [...]

Run by test_python_package.py with the venv's interpreter in isolated mode,
so nothing of the repository is importable: it proves the package carries
the whole contract and that the server's dependencies did not come along.
`connect` uses the generated Connect client (the `connect` extra) in JSON.
With a locale (and display names), every call asks for text: the report
shows the first public event's text and the first legal action's label, with
their Messages. Prints one JSON line: what was played, and where things were
imported from.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Callable
from typing import Any

from google.protobuf import json_format
from google.rpc import error_details_pb2

import marketplay
from marketplay.v1 import game_service_pb2 as pb

Call = Callable[[str, Any], Any]
TIMEOUT_SECONDS = 30


def grpc_calls(address: str) -> tuple[Call, type[Exception], Callable[[Any], tuple[str, str]]]:
    import grpc
    from grpc_status import rpc_status

    from marketplay.v1 import game_service_pb2_grpc as pb_grpc

    stub = pb_grpc.GameServiceStub(grpc.insecure_channel(address))

    def call(method: str, request: Any) -> Any:
        return getattr(stub, method)(request, timeout=TIMEOUT_SECONDS)

    def refusal(err: Any) -> tuple[str, str]:
        status = rpc_status.from_call(err)
        assert status is not None, "no grpc-status-details-bin trailer"
        for detail in status.details:
            info = error_details_pb2.ErrorInfo()
            if detail.Unpack(info):
                return err.code().name, info.reason
        raise AssertionError("the refusal carries no ErrorInfo")

    return call, grpc.RpcError, refusal


def connect_calls(base_url: str) -> tuple[Call, type[Exception], Callable[[Any], tuple[str, str]]]:
    from connectrpc.compat import google_protobuf_json_codec
    from connectrpc.errors import ConnectError

    from marketplay.v1.game_service_connect import GameServiceClientSync

    client = GameServiceClientSync(base_url, codec=google_protobuf_json_codec(),
                                   timeout_ms=TIMEOUT_SECONDS * 1000)
    methods = {"NewGame": client.new_game, "ApplyAction": client.apply_action}

    def call(method: str, request: Any) -> Any:
        return methods[method](request)

    def refusal(err: Any) -> tuple[str, str]:
        for detail in err.details:
            if detail.type_name == "google.rpc.ErrorInfo":
                return err.code.name, error_details_pb2.ErrorInfo.FromString(detail.message_bytes).reason
        raise AssertionError("the refusal carries no ErrorInfo")

    return call, ConnectError, refusal


def said(message: pb.Message) -> dict[str, Any]:
    """A Message's text, and the Message (id, arguments) as proto3 JSON."""
    return {"text": message.text, "message": json_format.MessageToDict(message)}


def main() -> None:
    transport, target, game_id, players = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    locale = sys.argv[5] if len(sys.argv) > 5 else ""
    names = sys.argv[6].split(",") if len(sys.argv) > 6 else []
    call, error, refusal = (grpc_calls if transport == "grpc" else connect_calls)(target)
    everyone = pb.ViewSelection(all_seats=True, locale=locale, seat_names=names[:players])
    new = call("NewGame", pb.NewGameRequest(game_id=game_id, num_players=players, views=everyone))
    update, tokens = new.update, list(new.seat_tokens)
    first_action = next(d for d in update.decisions if d.legal_actions).legal_actions[0]
    action = said(first_action.label)
    print(f"a legal action: {action['text']}", file=sys.stderr)
    event: dict[str, Any] | None = None
    view_tokens = dict(enumerate(tokens))  # the views of every seat need their tokens
    tampered = bytearray(update.state)
    tampered[-5] ^= 1
    decision = next(d for d in update.decisions if d.legal_actions)
    refused: tuple[str, str] = ("", "")
    try:
        call("ApplyAction", pb.ApplyActionRequest(
            state=bytes(tampered), seat=decision.seat, action=decision.legal_actions[0],
            seat_token=tokens[decision.seat], views=everyone, view_tokens=view_tokens))
    except error as err:
        refused = refusal(err)
    steps = 0
    while not update.HasField("outcome"):
        decision = next(d for d in update.decisions if d.legal_actions)
        update = call("ApplyAction", pb.ApplyActionRequest(
            state=update.state, seat=decision.seat, action=decision.legal_actions[0],
            expected_step=update.step, seat_token=tokens[decision.seat], views=everyone,
            view_tokens=view_tokens)).update
        steps += 1
        if event is None:
            public = [e for e in update.events if not e.audience]
            if public:
                event = said(public[0].message)
                print(f"an event: {event['text']}", file=sys.stderr)
    print(json.dumps({
        "steps": steps,
        "final_step": update.step,
        "winners": list(update.outcome.winners),
        "refused": list(refused),
        "locale": update.locale,
        "action": action,
        "event": event,
        "outcome": said(update.outcome.summary),
        "marketplay_file": marketplay.__file__,
        "absent": {name: importlib.util.find_spec(name) is None
                   for name in ("cryptography", "prometheus_client", "service", "engines", "cachetools")},
    }))


if __name__ == "__main__":
    main()
