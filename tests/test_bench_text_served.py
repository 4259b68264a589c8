"""bench/text_served.py: every mode makes every call first once a turn, every
protocol is sent the same request, and a real server's CPU is read per call.

The figures are never asserted (timings are not test results).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from google.protobuf import json_format

from bench import text_served
from marketplay.v1 import game_service_pb2 as pb


def test_every_mode_makes_every_call_first_once_a_turn() -> None:
    modes = ["none", "de", "de+names"]
    calls = 7
    firsts = {(index, order[0]) for round_index in range(len(modes))
              for index, order in enumerate(text_served.round_order(calls, modes, round_index))}
    assert firsts == {(index, mode) for index in range(calls) for mode in modes}
    for round_index in range(len(modes)):
        for order in text_served.round_order(calls, modes, round_index):
            assert sorted(order) == sorted(modes)


def test_each_protocol_carries_the_same_request() -> None:
    request = pb.ApplyActionRequest(state=b"\x01" * 40, seat=2,
                                    views=pb.ViewSelection(all_seats=True, locale="de"))
    raw = request.SerializeToString()
    assert text_served.as_sent(raw, "gRPC") == raw
    assert json_format.Parse(text_served.as_sent(raw, "Connect JSON"),
                             pb.ApplyActionRequest()) == request


def test_a_real_server_answers_every_protocol_and_mode_with_its_cpu_counted() -> None:
    """One small game, served nothing: every (protocol, mode) answered a whole
    update (with text where it asked for a locale), and each call's server CPU
    was read (some CPU, every call)."""
    server = text_served.Server()
    server.start()
    try:
        modes = ["none", "de", "de+names"]
        played = text_served.whole_game(server, "spice-merchant", 2, b"bench test")
        sent = text_served.loads(played, modes, text_served.PROTOCOLS, 2)
        checked: set[tuple[str, str]] = set()
        turn = text_served.play_turn(server, sent, modes, text_served.PROTOCOLS, checked)
    finally:
        server.stop()
    assert checked == set(sent)
    assert set(turn.first) == set(sent)
    for key, costs in turn.first.items():
        assert len(costs) == len(played) > 5, key
        assert sum(costs) > 0, key


def test_the_compiled_build_is_refused_without_compiled_engines(tmp_path: Path) -> None:
    (tmp_path / "build" / "compiled" / "engines").mkdir(parents=True)
    with pytest.raises(SystemExit, match="make compiled"):
        text_served.compiled_build(tmp_path)
    (tmp_path / "build" / "compiled" / "engines" / "rules.cpython-311-x86_64-linux-gnu.so").touch()
    assert text_served.compiled_build(tmp_path) == tmp_path / "build" / "compiled"


def test_with_the_compiled_build_the_server_runs_the_compiled_engines() -> None:
    """`--compiled`: the server's process has the build's extension modules
    mapped (`make test` builds them first)."""
    try:
        build = text_served.compiled_build()
    except SystemExit:
        pytest.skip("no compiled build: `make compiled` (make test builds it first)")
    server = text_served.Server(compiled=build)
    server.start()
    try:
        assert server.proc is not None
        text_served.whole_game(server, "spice-merchant", 2, b"bench test")
        maps = Path(f"/proc/{server.proc.pid}/maps").read_text()
    finally:
        server.stop()
    assert str(build) in maps
