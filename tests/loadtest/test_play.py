"""The load generator's game logic against a real in-process server (no Locust here).

Tampering transports stand between the player and the server to show that every
contract check fires on the response that breaks it, is reported as that call's
failure, and ends the game instead of being ignored.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from google.protobuf.message import Message

from marketplay.v1 import game_service_pb2 as pb
from marketplay_load.choosers import RandomChooser, SuggestChooser, make_chooser
from marketplay_load.mix import GameKind, PlayStyle
from marketplay_load.play import GameResult, play_game
from marketplay_load.tally import Tally
from marketplay_load.transport import ContractViolation, GrpcTransport, RpcFailure
from service.config import Config
from service.sealing import Sealer
from service.server import create_server
from tests.loadtest.conftest import LOADTEST

KEYS = "t:" + base64.b64encode(hashlib.sha256(b"load play").digest()).decode()
SPICE = GameKind("spice-merchant", 2)
STYLE = PlayStyle(think_seconds=(0.0, 0.0), replay_fraction=1.0, unavailable_retries=2)


@dataclass
class Calls:
    """What a transport reported, as Locust would have received it."""

    rows: list[tuple[str, str, Exception | None]] = field(default_factory=list)

    def __call__(self, kind: str, name: str, ms: float, size: int, error: Exception | None) -> None:
        assert ms >= 0 and size >= 0
        self.rows.append((kind, name, error))

    def names(self, failed: bool | None = None) -> list[str]:
        return [n for _, n, e in self.rows if failed is None or (e is not None) == failed]

    def errors(self) -> list[str]:
        return [repr(e) for _, _, e in self.rows if e is not None]


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    config = Config(host="127.0.0.1", port=0, http_port=0, metrics_port=0, state_keys=KEYS,
                    threads=4)
    running = create_server(config, sealer=Sealer.from_config(KEYS))
    running.server.start()
    yield f"127.0.0.1:{running.port}"
    running.server.stop(None).wait()


@pytest.fixture
def calls() -> Calls:
    return Calls()


@pytest.fixture
def transport(address: str, calls: Calls) -> Iterator[GrpcTransport]:
    t = GrpcTransport(address, calls, deadline_seconds=10)
    yield t
    t.close()


def play(transport: Any, kind: GameKind = SPICE, style: PlayStyle = STYLE,
         chooser: Any = None, seed: int = 7) -> tuple[GameResult, Tally]:
    rng = random.Random(seed)
    tally = Tally()
    result = play_game(transport, kind, style, chooser or RandomChooser(rng), rng, tally,
                       sleep=lambda s: None)
    return result, tally


class Tamper:
    """A transport that lets `edit` change one kind of response before it is checked."""

    protocol = "grpc"

    def __init__(self, inner: GrpcTransport, method: str, edit: Callable[[Any, int], None]) -> None:
        self.inner, self.method, self.edit, self.seen = inner, method, edit, 0

    def call(self, method: str, request: Message, check: Any = None) -> Any:
        if method != self.method:
            return self.inner.call(method, request, check)

        def edited(response: Any) -> None:
            self.seen += 1
            self.edit(response, self.seen)
            if check is not None:
                check(response)

        return self.inner.call(method, request, edited)

    def close(self) -> None:
        self.inner.close()


def test_a_game_is_played_to_its_end_and_replayed(transport: GrpcTransport, calls: Calls) -> None:
    result, tally = play(transport)
    assert result.ending == "completed" and result.failure == ""
    assert result.actions > 10 and calls.names().count("ApplyAction") == result.actions
    assert calls.names() == ["NewGame"] + ["ApplyAction"] * result.actions + ["Replay"]
    assert calls.errors() == []
    assert tally.started == 1 and tally.endings["completed"] == 1 and tally.in_progress == 0
    assert tally.actions == {result.actions: 1} and tally.kinds == {SPICE.label: 1}


@pytest.mark.parametrize("kind", [GameKind("market-fresh", 1, {"variant": "solo"}),
                                  GameKind("central-market", 3, {"max-price": "12"})])
def test_other_games_and_options_play_through(transport: GrpcTransport, calls: Calls,
                                              kind: GameKind) -> None:
    result, _ = play(transport, kind)
    assert result.ending == "completed", calls.errors()


def wrong_step(response: Any, seen: int) -> None:
    if seen == 5:
        response.update.step += 1


def no_decider(response: Any, seen: int) -> None:
    if seen == 3 and not response.update.HasField("outcome"):
        del response.update.decisions[:]


def digest_changed(response: Any, seen: int) -> None:
    response.update.outcome.final_state_digest = bytes(32)


@pytest.mark.parametrize(("method", "edit", "label"), [
    ("ApplyAction", wrong_step, "CONTRACT WRONG_STEP"),
    ("ApplyAction", no_decider, "CONTRACT NO_DECIDER"),
    ("Replay", digest_changed, "CONTRACT REPLAY_MISMATCH"),
])
def test_a_broken_response_is_a_failure_of_its_call_and_ends_the_game(
        transport: GrpcTransport, calls: Calls, method: str, edit: Any, label: str) -> None:
    result, tally = play(Tamper(transport, method, edit))
    assert (result.ending, result.failure) == ("abandoned", label)
    assert calls.errors() == [label]
    assert calls.names(failed=True) == [method]
    assert tally.endings["abandoned"] == 1 and tally.in_progress == 0


class FlakyOnce:
    """Fails the n-th call of a method once with `code`, before sending it."""

    protocol = "grpc"

    def __init__(self, inner: GrpcTransport, calls: Calls, method: str, code: str) -> None:
        self.inner, self.calls, self.method, self.code, self.count = inner, calls, method, code, 0

    def call(self, method: str, request: Message, check: Any = None) -> Any:
        if method == self.method:
            self.count += 1
            if self.count == 3:
                failure = RpcFailure(self.code, "", "injected")
                self.calls("grpc", method, 0.0, 0, failure)
                raise failure
        return self.inner.call(method, request, check)

    def close(self) -> None:
        self.inner.close()


def test_unavailable_is_reported_then_the_same_request_is_resent(
        transport: GrpcTransport, calls: Calls) -> None:
    result, _ = play(FlakyOnce(transport, calls, "ApplyAction", "UNAVAILABLE"))
    assert result.ending == "completed"
    assert calls.errors() == ["UNAVAILABLE"]


def test_any_other_status_ends_the_game(transport: GrpcTransport, calls: Calls) -> None:
    result, _ = play(FlakyOnce(transport, calls, "ApplyAction", "INTERNAL"))
    assert (result.ending, result.failure) == ("abandoned", "INTERNAL")


def test_a_refused_new_game_carries_its_code_and_errorinfo_reason(
        transport: GrpcTransport, calls: Calls) -> None:
    result, tally = play(transport, GameKind("spice-merchant", 9))
    assert result.ending == "not-started" and tally.started == 0
    assert result.failure.startswith("INVALID_ARGUMENT ") and len(result.failure.split()) == 2
    assert calls.names(failed=True) == ["NewGame"]


def test_a_game_too_long_breaks_the_contract(transport: GrpcTransport, calls: Calls) -> None:
    result, _ = play(transport, style=replace(STYLE, max_actions=5))
    assert (result.ending, result.failure) == ("abandoned", "CONTRACT GAME_TOO_LONG")


def test_a_stopped_run_leaves_the_game_counted_as_interrupted(transport: GrpcTransport) -> None:
    class Stop(BaseException):
        pass

    def stop_after(seconds: float) -> None:
        raise Stop

    rng = random.Random(1)
    tally = Tally()
    with pytest.raises(Stop):
        play_game(transport, SPICE, replace(STYLE, think_seconds=(0.01, 0.01)),
                  RandomChooser(rng), rng, tally, sleep=stop_after)
    assert tally.started == 1 and tally.endings == {"interrupted": 1} and tally.in_progress == 0


class FakeBot:
    """Answers SuggestAction from the last update it let through, as a bot server would."""

    protocol = "grpc"

    def __init__(self, inner: GrpcTransport, calls: Calls, legal: bool) -> None:
        self.inner, self.calls, self.legal = inner, calls, legal
        self.last: pb.GameUpdate | None = None
        self.requests: list[pb.SuggestActionRequest] = []

    def call(self, method: str, request: Any, check: Any = None) -> Any:
        if method != "SuggestAction":
            response = self.inner.call(method, request, check)
            if hasattr(response, "update"):
                self.last = response.update
            return response
        assert self.last is not None
        self.requests.append(request)
        decision = next(d for d in self.last.decisions if d.seat == request.seat)
        action = decision.legal_actions[-1] if self.legal else pb.GameAction()
        response = pb.SuggestActionResponse(action=action, step=self.last.step)
        try:
            check(response)
        except ContractViolation as violation:
            self.calls("grpc", method, 0.0, 0, violation)
            raise
        self.calls("grpc", method, 0.0, 0, None)
        return response

    def close(self) -> None:
        self.inner.close()


def test_suggest_chooser_plays_the_bots_moves(transport: GrpcTransport, calls: Calls) -> None:
    bot = FakeBot(transport, calls, legal=True)
    style = replace(STYLE, chooser="suggest:greedy")
    chooser = make_chooser(style, bot, random.Random(3), lambda s: None)
    assert isinstance(chooser, SuggestChooser)
    result, _ = play(bot, style=style, chooser=chooser)
    assert result.ending == "completed", calls.errors()
    assert calls.names().count("SuggestAction") == result.actions
    first = bot.requests[0]
    assert first.policy == pb.BOT_POLICY_GREEDY and first.expected_step == 0 and first.seat_token


def test_an_illegal_suggestion_breaks_the_contract(transport: GrpcTransport, calls: Calls) -> None:
    bot = FakeBot(transport, calls, legal=False)
    style = replace(STYLE, chooser="suggest:ismcts")
    result, _ = play(bot, style=style, chooser=make_chooser(style, bot, random.Random(3),
                                                            lambda s: None))
    assert (result.ending, result.failure) == ("abandoned", "CONTRACT ILLEGAL_SUGGESTION")


def test_the_load_generator_imports_no_server_code() -> None:
    """It is a client: built on the generated package only, never on service/ or engines/."""
    for path in LOADTEST.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert name.split(".")[0] not in ("service", "engines", "tests", "bench"), (
                    f"{path.relative_to(LOADTEST)} imports {name}")
