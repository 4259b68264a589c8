"""The load generator's pieces that need no server: mix file, shapes, tally, summary."""

from __future__ import annotations

import base64
import hashlib
import json
import random
from pathlib import Path

import pytest

from marketplay.v1 import game_service_pb2 as pb
from marketplay_load import shapes, summary
from marketplay_load.mix import (
    DEFAULT_MIX,
    GameKind,
    MixError,
    check_against_catalogue,
    load_mix,
    parse_mix,
)
from marketplay_load.play import GameResult
from marketplay_load.tally import Tally
from service.core import Call, GameCore
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from tests.loadtest.conftest import LOADTEST

QUICK_MIX = Path(__file__).with_name("quick-mix.toml")


def catalogue() -> list[pb.GameInfo]:
    """The real server's ListGames, from its core (what a running server would answer)."""
    sealer = Sealer.from_config("k:" + base64.b64encode(hashlib.sha256(b"load parts").digest()).decode())
    core = GameCore(StateStore(sealer, 0, NullObserver(), 0), NullObserver(), False, 10)
    return list(core.list_games(pb.ListGamesRequest(), Call()).games)


@pytest.mark.parametrize("path", [DEFAULT_MIX, QUICK_MIX, LOADTEST.parents[1] / "deploy" /
                                  "loadtest" / "mix.toml"], ids=["default", "tests", "k8s"])
def test_shipped_mixes_parse_and_match_the_servers_games(path: Path) -> None:
    mix = load_mix(path)
    assert mix.kinds and all(k.weight > 0 for k in mix.kinds)
    assert check_against_catalogue(mix, catalogue()) == []


def test_the_default_mix_covers_every_game() -> None:
    assert {k.game for k in load_mix(DEFAULT_MIX).kinds} == {g.game_id for g in catalogue()}


def test_a_command_line_chooser_overrides_the_files() -> None:
    assert load_mix(DEFAULT_MIX, "suggest:ismcts").style.chooser == "suggest:ismcts"


def test_protocol_shares_come_from_the_file_or_the_command_line(tmp_path: Path) -> None:
    assert load_mix(DEFAULT_MIX).style.protocols == {"grpc": 1}  # the default: gRPC only
    assert load_mix(DEFAULT_MIX, protocols="http").style.protocols == {"http": 1}
    assert load_mix(DEFAULT_MIX, protocols="grpc=3, http=1").style.protocols == {"grpc": 3, "http": 1}
    assert load_mix(DEFAULT_MIX, protocols="grpc=0,http=2").style.protocols == {"http": 2}
    with pytest.raises(MixError, match="whole-number share"):
        load_mix(DEFAULT_MIX, protocols="http=half")
    with pytest.raises(MixError, match=r"protocols \['h2'\] unknown"):
        load_mix(DEFAULT_MIX, protocols="h2")
    mixed = tmp_path / "mixed.toml"
    mixed.write_text('[play]\nprotocols = { grpc = 1, http = 1 }\n'
                     '[[game]]\nid = "spice-merchant"\nplayers = 2\n')
    assert load_mix(mixed).style.protocols == {"grpc": 1, "http": 1}
    assert load_mix(mixed, "suggest:greedy").style.protocols == {"grpc": 1, "http": 1}


@pytest.mark.parametrize(("data", "says"), [
    ({}, "at least one [[game]]"),
    ({"game": [{"id": "spice-merchant"}]}, "`players`"),
    ({"game": [{"id": "spice-merchant", "players": 2, "weight": 0}]}, "`weight`"),
    ({"game": [{"id": "spice-merchant", "players": 2, "seats": 2}]}, "unknown keys ['seats']"),
    ({"game": [{"id": "x", "players": 2}], "play": {"chooser": "smart"}}, "chooser 'smart'"),
    ({"game": [{"id": "x", "players": 2}], "play": {"think_seconds": [2, 1]}}, "think_seconds"),
    ({"game": [{"id": "x", "players": 2}], "play": {"replay_fraction": 2}}, "replay_fraction"),
    ({"game": [{"id": "x", "players": 2}], "play": {"thinking": 1}}, "unknown keys ['thinking']"),
    ({"game": [{"id": "x", "players": 2}], "games": []}, "unknown sections ['games']"),
    ({"game": [{"id": "x", "players": 2}], "play": {"protocols": {"grpc-web": 1}}},
     "protocols ['grpc-web'] unknown"),
    ({"game": [{"id": "x", "players": 2}], "play": {"protocols": {"grpc": 0, "http": 0}}},
     "at least one protocol"),
    ({"game": [{"id": "x", "players": 2}], "play": {"protocols": {"http": 0.5}}}, "whole numbers"),
])
def test_mix_mistakes_are_named(data: dict, says: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(MixError) as caught:
        parse_mix(data, "m.toml")
    assert says in str(caught.value) and str(caught.value).startswith("m.toml")


def test_an_unreadable_or_broken_file_is_a_mix_error(tmp_path: Path) -> None:
    with pytest.raises(MixError, match="cannot read"):
        load_mix(tmp_path / "none.toml")
    (tmp_path / "bad.toml").write_text("[[game]\n")
    with pytest.raises(MixError, match="not TOML"):
        load_mix(tmp_path / "bad.toml")


def test_the_catalogue_check_names_what_the_server_would_refuse() -> None:
    mix = parse_mix({"game": [
        {"id": "chess", "players": 2},
        {"id": "spice-merchant", "players": 7},
        {"id": "market-fresh", "players": 2, "options": {"colour": "red"}},
        {"id": "market-fresh", "players": 2, "options": {"variant": "giant"}},
        {"id": "central-market", "players": 3, "options": {"skip-idle-reactions": True}},
    ]})
    problems = check_against_catalogue(mix, catalogue())
    assert len(problems) == 4, problems
    for fragment in ("no game 'chess'", "takes 2..4 players", "no option 'colour'", "variant must be"):
        assert any(fragment in p for p in problems), fragment
    assert mix.kinds[-1].options == {"skip-idle-reactions": "true"}  # TOML booleans as the API's text


def test_pick_follows_the_weights() -> None:
    mix = parse_mix({"game": [{"id": "a", "players": 2, "weight": 9}, {"id": "b", "players": 2}]})
    rng = random.Random(5)
    picks = [mix.pick(rng).game for _ in range(2000)]
    assert 0.85 < picks.count("a") / len(picks) < 0.95


def test_steady_holds_its_users_until_the_run_time() -> None:
    assert shapes.steady(0, 20, 5, 60) == (20, 5)
    assert shapes.steady(59.9, 20, 5, 60) == (20, 5)
    assert shapes.steady(60, 20, 5, 60) is None
    assert shapes.steady(1e6, 20, 5, None) == (20, 5)


def test_ramp_climbs_in_equal_steps_and_stops() -> None:
    users = [shapes.ramp(t, 50, 10, 100, 5) for t in (0, 19.9, 20, 45, 99.9, 100)]
    assert users == [(10, 10), (10, 10), (20, 10), (30, 10), (50, 10), None]
    assert shapes.ramp(0, 3, 1, 30, 10) == (1, 1)  # never more steps than users
    assert shapes.ramp(shapes.DEFAULT_STEP_SECONDS * 2.5, 30, 1, None, 3) == (30, 1)


def test_open_model_runs_one_stream_per_process() -> None:
    assert shapes.open_model(3, 4, 10) == (4, 4.0)
    assert shapes.open_model(10, 4, 10) is None


KIND = GameKind("g", 2)


def result(ending: str, actions: int = 0) -> GameResult:
    return GameResult(KIND, ending, actions, 1.0)


def test_tally_travels_from_workers_to_the_master() -> None:
    worker = Tally()
    for _ in range(3):
        worker.game_started(KIND)
    worker.game_ended(result("completed", 40))
    worker.game_ended(result("completed", 60))
    worker.game_ended(result("abandoned", 7))
    worker.request_failed("UNAVAILABLE", when=1000.5)
    worker.request_failed("CONTRACT WRONG_STEP", when=1001.0)
    worker.arrival_dropped()
    master = Tally()
    master.merge(json.loads(json.dumps(worker.drain())))  # what crosses the wire is plain data
    assert worker == Tally()  # drained: the next report carries only what is new
    master.merge(Tally(started=1).to_data())
    assert master.started == 4 and master.in_progress == 1
    assert master.endings == {"completed": 2, "abandoned": 1}
    assert master.errors == {"UNAVAILABLE": 1, "CONTRACT WRONG_STEP": 1}
    assert master.error_seconds == {1000: {"UNAVAILABLE": 1}, 1001: {"CONTRACT WRONG_STEP": 1}}
    assert master.dropped_arrivals == 1
    assert master.actions_per_game() == {"mean": 50.0, "p50": 40.0, "p90": 60.0, "max": 60.0}


def test_summary_reports_rates_percentiles_errors_and_games(tmp_path: Path) -> None:
    tally = Tally(started=5)
    for actions in (30, 50):
        tally.game_ended(result("completed", actions))
    tally.game_ended(result("interrupted"))
    tally.request_failed("UNAVAILABLE", when=7.0)
    row = {"type": "grpc", "name": "ApplyAction", "requests": 400, "failures": 1, "avg": 3.0,
           "p50": 2, "p90": 5, "p99": 20, "max": 31}
    game_row = {**row, "type": summary.GAME_ROWS, "name": "g 2p", "requests": 2, "failures": 0}
    built = summary.build([row, game_row], tally, 20.0, {"target": "127.0.0.1:1", "cpu": {}})
    assert built["requests"] == {"total": 400, "failures": 1, "rps": 20.0}
    assert [r["name"] for r in built["rpcs"]] == ["grpc ApplyAction"]
    assert built["games"]["per_second"] == 0.1 and built["games"]["in_progress"] == 2
    assert built["errors"] == {"UNAVAILABLE": 1}
    as_json, as_md = summary.write(built, tmp_path / "out" / "summary")
    assert json.loads(as_json.read_text()) == built
    page = as_md.read_text()
    assert "| grpc ApplyAction | 400 | 1 | 20.0 | 2 | 5 | 20 | 31 |" in page
    assert "| UNAVAILABLE | 1 |" in page and "0.1 games/s" in page


def test_summary_counts_suggestions_and_bots_busy_fallbacks_apart() -> None:
    def row(kind: str, name: str, requests: int, failures: int = 0) -> dict[str, object]:
        return {"type": kind, "name": name, "requests": requests, "failures": failures, "avg": 1.0,
                "p50": 1, "p90": 2, "p99": 3, "max": 4}

    rows = [row("grpc", "SuggestAction", 70, 1), row("http", "SuggestAction", 30),
            row("grpc", "SuggestAction BOTS_BUSY", 9), row("http", "SuggestAction BOTS_BUSY", 3),
            row("http", "ApplyAction", 111)]
    built = summary.build(rows, Tally(), 10.0, {"target": "127.0.0.1:1", "http_target":
                                                 "http://127.0.0.1:2", "protocols": {"grpc": 1,
                                                                                     "http": 1}})
    assert built["suggestions"] == {"answered": 99, "bots_busy_random": 12}
    assert [r["name"] for r in built["rpcs"]] == [
        "grpc SuggestAction", "grpc SuggestAction BOTS_BUSY", "http ApplyAction",
        "http SuggestAction", "http SuggestAction BOTS_BUSY"]
    page = summary.markdown(built)
    assert "answered 99 moves; 12 were refused BOTS_BUSY and played at random" in page
    assert "`http://127.0.0.1:2` (HTTP)" in page and "protocols grpc 1, http 1" in page
    assert "| http SuggestAction BOTS_BUSY | 3 | 0 |" in page


def test_a_step_has_its_own_rates_percentiles_and_cpu() -> None:
    start = summary.snapshot(100.0, 8, 1000, 2, {2: 500, 5: 400, 40: 100}, 10.0, 3.0)
    end = summary.snapshot(110.0, 8, 3000, 2, {2: 1500, 5: 600, 40: 100, 90: 100}, 29.0, 8.0)
    assert summary.step(start, end) == {
        "users": 8, "seconds": 10.0, "rps": 200.0, "failures": 0,
        "apply_p50": 2.0, "apply_p90": 5.0, "apply_p99": 90.0,  # this step's 1300 calls only
        "server_cores": 1.9, "server_cpu_ms_per_request": 9.5, "locust_cores": 0.5,
    }
    two_steps = summary.build([], Tally(), 20.0, {}, [summary.step(start, end)] * 2)
    assert "| 8 | 10 | 200.0 | 0 | 2 / 5 / 90 | 1.9 | 9.5 | 0.5 |" in summary.markdown(two_steps)
