"""The demo seats server-side bots (`make demo ARGS="--bots 1 --policy greedy"`)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from marketplay.v1 import game_service_pb2_grpc as pb_grpc

DEMO = Path(__file__).resolve().parents[2] / "clients" / "python" / "demo.py"


def demo() -> ModuleType:
    spec = importlib.util.spec_from_file_location("demo", DEMO)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["demo"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_bots_play_their_seats_through_suggest_action(stub: pb_grpc.GameServiceStub,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    module = demo()
    bots = module.Bots(frozenset({1}), "greedy")
    module.play(stub, "spice-merchant", 2, {}, bots)
    out = capsys.readouterr().out
    assert "greedy bots in seat(s) 1" in out
    assert "(greedy bot)" in out
    assert bots.seconds, "seat 1 never asked the server"
