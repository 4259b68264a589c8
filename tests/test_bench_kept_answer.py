"""bench/kept_answer.py and apply_vs_echo's `floor` preset: the port's share of a call.

The figures are never asserted (timings are not test results); what is
checked is that the kept-answer server runs the core once and then answers
without it, and that the preset starts it beside the echo and the service.
"""

from __future__ import annotations

from bench.apply_vs_echo import APPLY, ECHO, ratios, sides
from bench.kept_answer import keep_first_answer
from marketplay.v1 import game_service_pb2 as pb
from service.core import Call, GameCore


def test_the_core_runs_once_and_later_calls_get_its_first_answer() -> None:
    served: list[pb.ApplyActionRequest] = []

    def real(core: GameCore, request: pb.ApplyActionRequest,
             call: Call) -> pb.ApplyActionResponse:
        served.append(request)
        return pb.ApplyActionResponse(update=pb.GameUpdate(step=len(served)))

    answer = keep_first_answer(real)
    core = GameCore.__new__(GameCore)  # the kept answer reads nothing of the core
    first = answer(core, pb.ApplyActionRequest(seat=1), Call())
    later = [answer(core, pb.ApplyActionRequest(seat=seat), Call()) for seat in (2, 3)]
    assert served == [pb.ApplyActionRequest(seat=1)]
    assert all(response is first for response in later)
    assert first.update.step == 1


def test_the_floor_preset_puts_the_kept_answer_beside_the_echo_and_the_service() -> None:
    run = sides("floor")
    by_name = {side.name: side for side in run}
    assert by_name["echo"].method == ECHO
    assert by_name["apply"].args[:2] == ["-m", "service.main"]
    assert by_name["apply kept answer"].args[:2] == ["-m", "bench.kept_answer"]
    assert by_name["apply kept answer"].method == by_name["apply"].method == APPLY
    for _, top, bottom in ratios("floor", run):
        assert top in by_name and bottom in by_name
