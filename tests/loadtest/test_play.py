"""The load generator's game logic against a real in-process server (no Locust here).

Tampering transports stand between the player and the server to show that every
contract check fires on the response that breaks it, is reported as that call's
failure, and ends the game instead of being ignored.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import http.server
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import grpc
import pytest
from google.protobuf.message import Message

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from marketplay_load.choosers import RandomChooser, SuggestChooser, make_chooser
from marketplay_load.http_json import HttpTransport, failure_from_http
from marketplay_load.mix import GameKind, PlayStyle
from marketplay_load.play import GameResult, play_game
from marketplay_load.tally import Tally
from marketplay_load.transport import ContractViolation, GrpcTransport, RpcFailure
from service.config import Config
from service.server import RunningServer
from tests.loadtest.conftest import LOADTEST
from tests.servers import serving

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


BLOCKER_MILLIS = 3000  # how long test_bots_busy's ISMCTS search holds the server's only bot slot


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Served:
    running: RunningServer
    address: str  # gRPC
    url: str  # the HTTP port


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    """One real server, both ports, one bot search at a time (the default)."""
    config = Config(host="127.0.0.1", port=0, http_port=free_port(), metrics_port=0,
                    state_keys=KEYS, threads=4, bot_max_concurrent=1,
                    bot_max_iterations=10_000_000, bot_max_millis=BLOCKER_MILLIS)
    with serving(config, grace=1.0) as s:
        yield Served(s.running, s.address, s.base)


@pytest.fixture(scope="module")
def address(served: Served) -> str:
    return served.address


@pytest.fixture
def calls() -> Calls:
    return Calls()


@pytest.fixture
def transport(address: str, calls: Calls) -> Iterator[GrpcTransport]:
    t = GrpcTransport(address, calls, deadline_seconds=10)
    yield t
    t.close()


@pytest.fixture(params=["grpc", "http"])
def either(request: pytest.FixtureRequest, served: Served, calls: Calls) -> Iterator[Any]:
    """A transport over each protocol in turn: the game logic must not care which."""
    t: Any = (GrpcTransport(served.address, calls, deadline_seconds=10) if request.param == "grpc"
              else HttpTransport(served.url, calls, deadline_seconds=10))
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


def test_a_game_is_played_over_either_protocol_and_replayed(either: Any, calls: Calls) -> None:
    result, tally = play(either)
    assert result.ending == "completed", calls.errors()
    assert calls.names() == ["NewGame"] + ["ApplyAction"] * result.actions + ["Replay"]
    assert {kind for kind, _, _ in calls.rows} == {either.protocol}  # its own rows in the report
    assert tally.endings["completed"] == 1


def test_http_refusals_carry_the_code_and_reason_grpc_gives(served: Served, calls: Calls) -> None:
    """Connect's error body read back to the same label: the report does not depend on the port."""
    over_grpc = GrpcTransport(served.address, calls, deadline_seconds=10)
    over_http = HttpTransport(served.url, calls, deadline_seconds=10)
    new = over_grpc.call("NewGame", pb.NewGameRequest(game_id="spice-merchant", num_players=2,
                                                      views=pb.ViewSelection(all_seats=True)))
    decision = new.update.decisions[0]
    stale = pb.ApplyActionRequest(state=new.update.state, seat=decision.seat, expected_step=5,
                                  action=decision.legal_actions[0])
    too_many = pb.NewGameRequest(game_id="spice-merchant", num_players=9)
    try:
        for method, request, label in (("NewGame", too_many, "INVALID_ARGUMENT INVALID_OPTIONS"),
                                       ("ApplyAction", stale, "ABORTED STALE_STEP")):
            for transport in (over_grpc, over_http):
                with pytest.raises(RpcFailure) as caught:
                    transport.call(method, request)
                assert caught.value.label == label, (transport.protocol, caught.value.label)
    finally:
        over_grpc.close()
        over_http.close()
    assert [(kind, name, repr(e)) for kind, name, e in calls.rows[1:]] == [
        ("grpc", "NewGame", "INVALID_ARGUMENT INVALID_OPTIONS"),
        ("http", "NewGame", "INVALID_ARGUMENT INVALID_OPTIONS"),
        ("grpc", "ApplyAction", "ABORTED STALE_STEP"), ("http", "ApplyAction", "ABORTED STALE_STEP")]


def test_an_unreachable_http_port_is_unavailable_and_resent(calls: Calls) -> None:
    nowhere = HttpTransport(f"127.0.0.1:{free_port()}", calls, deadline_seconds=2)
    result, _ = play(nowhere)
    assert (result.ending, result.failure) == ("not-started", "UNAVAILABLE")
    assert calls.errors() == ["UNAVAILABLE"] * (STYLE.unavailable_retries + 1)


@pytest.mark.parametrize(("status", "body", "label"), [
    (503, b"<html>upstream down</html>", "UNAVAILABLE"),  # a proxy's page: Connect's HTTP mapping
    (429, b"", "UNAVAILABLE"),
    (404, b"not found", "UNIMPLEMENTED"),
    (500, b'{"code": "canceled", "message": "gone"}', "CANCELLED"),
    (400, b'{"code": "no_such_code"}', "UNKNOWN"),
    # ErrorInfo{reason: "BOTS_BUSY"} as Connect writes it: base64 without padding
    (429, b'{"code": "resource_exhausted", "details": [{"type": "google.rpc.ErrorInfo", '
          b'"value": "CglCT1RTX0JVU1k"}]}', "RESOURCE_EXHAUSTED BOTS_BUSY"),
    (429, b'{"code": "resource_exhausted", "details": [{"type": "google.rpc.ErrorInfo", '
          b'"value": "***"}]}', "RESOURCE_EXHAUSTED"),
])
def test_http_errors_map_to_a_code_and_reason(status: int, body: bytes, label: str) -> None:
    assert failure_from_http(status, body).label == label


class Canned(http.server.BaseHTTPRequestHandler):
    """Answers every POST with 200 and a body that is not the message asked for."""

    body = b""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.mark.parametrize("body", [b"not json", b'{"update": {"step": "twelve"}}'])
def test_a_200_that_is_not_the_message_breaks_the_contract(calls: Calls, body: bytes) -> None:
    handler = type("Answer", (Canned,), {"body": body})
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as fake:
        threading.Thread(target=fake.serve_forever, daemon=True).start()
        try:
            result, _ = play(HttpTransport(f"127.0.0.1:{fake.server_address[1]}", calls, 5))
        finally:
            fake.shutdown()
    assert (result.ending, result.failure) == ("not-started", "CONTRACT BAD_JSON")
    assert calls.names(failed=True) == ["NewGame"]


class Spy:
    """Passes every call through and keeps (method, request, response)."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.protocol, self.seen = inner, inner.protocol, []

    def call(self, method: str, request: Message, check: Any = None) -> Any:
        response = self.inner.call(method, request, check)
        self.seen.append((method, request, response))
        return response

    def close(self) -> None:
        self.inner.close()


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_suggest_seats_play_the_servers_moves(either: Any, calls: Calls, policy: str) -> None:
    """The real SuggestAction: every action applied is the one the server's bot chose."""
    spy = Spy(either)
    style = replace(STYLE, chooser=f"suggest:{policy}")
    chooser = make_chooser(style, spy, random.Random(3), lambda s: None)
    result, _ = play(spy, style=style, chooser=chooser)
    assert result.ending == "completed", calls.errors()
    assert calls.errors() == [] and isinstance(chooser, SuggestChooser) and chooser.fallbacks == 0
    assert calls.names().count("SuggestAction") == result.actions
    pairs = [(a, b) for a, b in zip(spy.seen, spy.seen[1:], strict=False) if a[0] == "SuggestAction"]
    assert len(pairs) == result.actions
    for (_, asked, answer), (method, applied, _) in pairs:
        assert method == "ApplyAction" and applied.seat == asked.seat
        assert applied.action == answer.action and applied.expected_step == answer.step
        assert asked.policy == {"random": pb.BOT_POLICY_RANDOM, "greedy": pb.BOT_POLICY_GREEDY}[policy]
    assert {kind for kind, _, _ in calls.rows} == {either.protocol}


def test_bots_busy_is_answered_with_a_random_move_and_reported_apart(
        served: Served, either: Any, calls: Calls) -> None:
    """With the server's one bot slot held by a long search, suggestions are refused
    BOTS_BUSY (docs/bots.md): the seat plays at random at once, the game goes on, and
    the refusal is its own row, not a failure."""
    bots = served.running.core.bots
    with grpc.insecure_channel(served.address) as channel:
        stub = pb_grpc.GameServiceStub(channel)
        start = stub.NewGame(pb.NewGameRequest(game_id="market-fresh", num_players=4,
                                               views=pb.ViewSelection(all_seats=True))).update
        decision = next(d for d in start.decisions if len(d.legal_actions) > 1)
        blocker = stub.SuggestAction.future(pb.SuggestActionRequest(
            state=start.state, seat=decision.seat, policy=pb.BOT_POLICY_ISMCTS,
            max_iterations=10_000_000, max_millis=BLOCKER_MILLIS), timeout=60)
        deadline = time.monotonic() + 30
        while bots.running == 0:  # until the search holds the slot
            assert not blocker.done() and time.monotonic() < deadline, "the search never started"
            time.sleep(0.005)
        style = replace(STYLE, chooser="suggest:greedy")
        chooser = make_chooser(style, either, random.Random(5), lambda s: None)
        result, _ = play(either, style=style, chooser=chooser)
        assert blocker.result().stats.iterations > 1
    assert result.ending == "completed" and calls.errors() == []
    busy = [row for row in calls.rows if row[1] == "SuggestAction BOTS_BUSY"]
    assert busy and all(error is None and kind == either.protocol for kind, _, error in busy)
    assert isinstance(chooser, SuggestChooser) and chooser.fallbacks == len(busy)
    assert calls.names().count("SuggestAction") + len(busy) == result.actions


def test_the_load_generator_imports_no_server_code() -> None:
    """It is a client: built on the generated package only, never on service/ or engines/."""
    for path in LOADTEST.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert name.split(".")[0] not in ("service", "engines", "tests", "bench"), (
                    f"{path.relative_to(LOADTEST)} imports {name}")
