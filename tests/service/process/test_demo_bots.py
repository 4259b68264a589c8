"""The demo seats server-side bots (`make demo ARGS="--bots 1 --policy greedy"`), plays
one game per title when bots play, and shows the progress of a long game."""

from __future__ import annotations

import importlib.util
import itertools
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc

DEMO = Path(__file__).resolve().parents[3] / "clients" / "python" / "demo.py"


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


def test_bots_play_one_game_per_title_unless_all_is_asked(stub: pb_grpc.GameServiceStub) -> None:
    """With bots the demo plays one game per title, with enough seats for every bot
    (or all it has; issue 22: the full list, about 20 bot games, took 15-25 minutes); random moves
    only, or --all, plays every player count and mode."""
    module = demo()
    games = list(stub.ListGames(pb.ListGamesRequest()).games)
    short, _ = module.plan_games(stub, games, None, module.Bots(frozenset({1, 2})), False)
    assert [g for g, _, _ in short] == [info.game_id for info in games]
    assert all(players == min(max(3, info.min_players), info.max_players) and options == {}
               for (_, players, options), info in zip(short, games, strict=True))
    every, _ = module.plan_games(stub, games, None, module.Bots(frozenset({1, 2})), True)
    random_only, _ = module.plan_games(stub, games, None, module.Bots(), False)
    assert every == random_only and len(every) > 3 * len(games)
    assert {g for g, _, options in every if options} == {info.game_id for info in games}


def test_a_long_game_prints_its_progress(stub: pb_grpc.GameServiceStub,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A game that runs longer than PROGRESS_SECONDS without output says how far it is:
    here a clock that advances one second a reading, so progress is bound by moves."""
    module = demo()
    readings = itertools.count()
    module.play(stub, "spice-merchant", 2, {}, module.Bots(frozenset({1}), "random"),
                heading="[1/1] ", clock=lambda: float(next(readings)))
    out = capsys.readouterr().out
    assert "== [1/1] spice-merchant, 2 players" in out
    progress = re.findall(r"^  \.\.\. step (\d+), (?:round \d+, )?(\d+) bot moves, (\d+)s so far$", out, re.M)
    assert len(progress) >= 3, out
    steps = [int(step) for step, _, _ in progress]
    assert steps == sorted(steps) and int(progress[-1][1]) > 0
