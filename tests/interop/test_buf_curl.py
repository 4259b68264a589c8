"""Third-party tools find the API by server reflection on both ports (`buf curl`).

The gRPC port answers grpc.reflection.v1 and v1alpha; the HTTP port answers
both over Connect and gRPC-Web (a bidirectional stream: HTTP/2, so
`--http2-prior-knowledge`). No `--schema` anywhere: what a developer with
only the address types (docs/clients.md, "Any other language").
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.service.conftest import TEST_CONFIG, ServedHttp

BUF = Path(__file__).resolve().parents[2] / "proto" / "node_modules" / ".bin" / "buf"
METHODS = {f"marketplay.v1.GameService/{name}" for name in (
    "ListGames", "NewGame", "ApplyAction", "GetView", "Replay", "SuggestAction",
    "RenewSeatToken")}


@pytest.fixture(scope="module")
def served() -> Iterator[ServedHttp]:
    served = ServedHttp(TEST_CONFIG)
    yield served
    served.close()


def _buf(*args: str) -> str:
    done = subprocess.run([str(BUF), "curl", "--http2-prior-knowledge", *args],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _urls(served: ServedHttp) -> dict[str, str]:
    assert served.running.http is not None
    grpc_port = f"http://127.0.0.1:{served.running.port}"
    http_port = f"http://127.0.0.1:{served.running.http.port}"
    return {"grpc": grpc_port, "connect": http_port, "grpcweb": http_port}


@pytest.mark.parametrize("protocol", ["grpc", "connect", "grpcweb"])
@pytest.mark.parametrize("reflect", ["grpc-v1", "grpc-v1alpha"])
def test_methods_are_listed_by_reflection(served: ServedHttp, protocol: str, reflect: str) -> None:
    listed = _buf("--protocol", protocol, "--reflect-protocol", reflect, "--list-methods",
                  _urls(served)[protocol]).split()
    assert set(listed) >= METHODS, listed


@pytest.mark.parametrize("protocol", ["grpc", "connect", "grpcweb"])
def test_a_game_starts_with_no_schema(served: ServedHttp, protocol: str) -> None:
    out = _buf("--protocol", protocol, "--data",
               '{"gameId": "spice-merchant", "numPlayers": 2, "views": {"allSeats": true}}',
               _urls(served)[protocol] + "/marketplay.v1.GameService/NewGame")
    response = json.loads(out)
    assert "step" not in response["update"]  # step 0: the proto3 JSON default, left out
    assert len(response["seatTokens"]) == 2
    assert any(d.get("legalActions") for d in response["update"]["decisions"])
