"""Every reason in docs/api.md's error table is produced, with its documented
code, by a real call to a real server; and every reason the code can raise is
in that table.

The table is read from the docs, so a reason documented without a producer
here, or raised by the code without a row there, fails this file.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import grpc
import pytest

from engines import registry
from engines.core import Game
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import spice_merchant_pb2 as sm
from service import tokens
from service.instance import Instance
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from tests.conformance.playout import playout
from tests.service.conftest import (
    KEYS_A,
    KEYS_B,
    TEST_CONFIG,
    Served,
    ServedHttp,
    first_legal,
    refusal,
    seal_v1,
)
from tests.service.http_client import HttpRefusal, connect_refusal, grpc_code, http_client

ROOT = Path(__file__).resolve().parents[3]
GAME = "spice-merchant"
ENGINE = registry.get(GAME)
assert ENGINE is not None
RULES = ENGINE.spec.rules_version


def documented(doc: str = "api.md") -> dict[str, str]:
    """reason -> code name, from the table under docs/<doc>'s "## Errors"."""
    text = (ROOT / "docs" / doc).read_text()
    section = text.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    table: dict[str, str] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and re.fullmatch(r"[A-Z_]+", cells[0]) and cells[0] != "code":
            for reason in re.findall(r"`([A-Z][A-Z0-9_]*)`", cells[1]):
                table[reason] = cells[0]
    return table


DOCUMENTED = documented()
#: Refusals the HTTP port writes before a request reaches the core (docs/http.md).
HTTP_DOCUMENTED = documented("http.md")


@dataclass
class World:
    """Servers on loopback (tokens required and not, a faulty one, one with HTTP)
    and a game on each of the first two."""

    open: Served
    guarded: Served
    faulty: Served
    start: pb.GameUpdate
    guarded_start: pb.NewGameResponse
    http: ServedHttp
    draining: Served
    busy: Served


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    plain = Served(TEST_CONFIG)
    guarded = Served(replace(TEST_CONFIG, require_seat_tokens=True, seat_token_ttl=3600))
    faulty = Served(TEST_CONFIG)

    def broken(request: object, call: object) -> object:
        raise RuntimeError("a deliberate internal fault")

    faulty.running.core.list_games = broken  # type: ignore[method-assign,assignment]
    views = pb.ViewSelection(all_seats=True)
    start = plain.stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=3, seed=b"reasons",
                                                 views=views)).update
    guarded_start = guarded.stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=3,
                                                           seed=b"reasons", views=views))
    http = ServedHttp(TEST_CONFIG)
    draining = Served(TEST_CONFIG)
    draining.running.admission.drain()
    busy = Served(replace(TEST_CONFIG, max_concurrent_rpcs=1))
    yield World(plain, guarded, faulty, start, guarded_start, http, draining, busy)
    for served in (plain, guarded, faulty, http, draining, busy):
        served.close()


def _overloaded(w: World) -> object:
    """A call while the busy server's one admitted call waits in ListGames."""
    entered, release = threading.Event(), threading.Event()
    real = w.busy.running.core.list_games

    def waiting(request: pb.ListGamesRequest, call: object) -> pb.ListGamesResponse:
        entered.set()
        release.wait(30)
        return real(request, call)  # type: ignore[arg-type]

    w.busy.running.core.list_games = waiting  # type: ignore[method-assign,assignment]
    first = w.busy.stub.ListGames.future(pb.ListGamesRequest(), timeout=60)
    try:
        assert entered.wait(30)
        return w.busy.stub.ListGames(pb.ListGamesRequest(), timeout=30)
    finally:
        release.set()
        first.result(timeout=30)


def _apply(w: World, state: bytes | None = None, seat: int | None = None,
           action: pb.GameAction | None = None, **extra: object) -> object:
    first_seat, first_action = first_legal(w.start)
    return w.open.stub.ApplyAction(pb.ApplyActionRequest(
        state=w.start.state if state is None else state,
        seat=first_seat if seat is None else seat,
        action=first_action if action is None else action, **extra))  # type: ignore[arg-type]


def _finished_state() -> bytes:
    game = Game.new(ENGINE, 2, {}, b"finished")
    for step in playout(game, b"finished"):
        game = step.after
    return StateStore(Sealer.from_config(KEYS_A), 0, NullObserver()).seal(game, Instance.draw())


def _expired_token(w: World) -> tuple[int, str]:
    """A genuine token of the guarded game whose expiry has passed (minted with the test key)."""
    sealer = Sealer.from_config(KEYS_A)
    opened = StateStore(sealer, 0, NullObserver()).open(w.guarded_start.update.state)
    seat = first_legal(w.guarded_start.update)[0]
    return seat, tokens.mint(sealer, GAME, opened.game.seed, opened.instance, seat, 1_000_000_000)


def _tampered(state: bytes) -> bytes:
    flipped = bytearray(state)
    flipped[-5] ^= 1
    return bytes(flipped)


def _expired(w: World) -> object:
    seat, token = _expired_token(w)
    return w.guarded.stub.ApplyAction(pb.ApplyActionRequest(
        state=w.guarded_start.update.state, seat=seat,
        action=first_legal(w.guarded_start.update)[1], seat_token=token))


def _huge_action() -> pb.GameAction:
    return pb.GameAction(spice_merchant=sm.SpiceMerchantAction(
        register_secret=sm.SpiceMerchantRegisterSecret(spices=[1] * 100)))


def _raw(w: World, method: str, data: bytes) -> object:
    return w.open.channel.unary_unary(f"/marketplay.v1.GameService/{method}")(data, timeout=10)


def _suggest(w: World, **fields: object) -> object:
    seat = first_legal(w.start)[0]
    return w.open.stub.SuggestAction(pb.SuggestActionRequest(
        state=w.start.state, seat=seat, **fields), timeout=30)  # type: ignore[arg-type]


def _bots_busy(w: World) -> object:
    """A second search while one holds the server's only bot slot."""
    bots = w.open.running.core.bots
    seat = first_legal(w.start)[0]
    long = pb.SuggestActionRequest(state=w.start.state, seat=seat, max_millis=2_000,
                                   policy=pb.BOT_POLICY_ISMCTS)
    worker = threading.Thread(target=lambda: w.open.stub.SuggestAction(long, timeout=30))
    worker.start()
    try:
        give_up = time.monotonic() + 20
        while bots.running == 0 and time.monotonic() < give_up:
            time.sleep(0.01)
        return _suggest(w, policy=pb.BOT_POLICY_GREEDY)
    finally:
        worker.join(timeout=30)


def _clocked(w: World, **options: str) -> pb.GameUpdate:
    """A new game on the open server at a table with a clock."""
    return w.open.stub.NewGame(pb.NewGameRequest(
        game_id=GAME, num_players=3, seed=b"clocked", options=options,
        views=pb.ViewSelection(all_seats=True))).update


def _later(w: World, seconds: float, call: Callable[[], object]) -> object:
    """`call()` while the open server's clock reads `seconds` from now (no waiting)."""
    core = w.open.running.core
    real = core.clock
    core.clock = lambda: real() + seconds
    try:
        return call()
    finally:
        core.clock = real


def _deadline_passed(w: World) -> object:
    start = _clocked(w, clock_bank_s="1")
    seat, action = first_legal(start)
    return _later(w, 60, lambda: w.open.stub.ApplyAction(pb.ApplyActionRequest(
        state=start.state, seat=seat, action=action)))


def _took_back(w: World, reason: str) -> object:
    """A take-back refused for `reason` on the open server (a Central Market game whose
    offerer offered: it may take that back, and nothing more, and nobody else may)."""
    options = {"takebacks": "off"} if reason == "TAKEBACK_OFF" else {}
    start = w.open.stub.NewGame(pb.NewGameRequest(
        game_id="central-market", num_players=3, seed=b"undo", options=options,
        views=pb.ViewSelection(all_seats=True))).update
    seat, action = first_legal(start)
    offered = w.open.stub.ApplyAction(pb.ApplyActionRequest(
        state=start.state, seat=seat, action=action)).update
    request = pb.TakeBackRequest(state=offered.state, seat=seat)
    if reason == "NOT_YOUR_ACTION":
        request.seat = (seat + 1) % 3
    elif reason == "TAKEBACK_BARRIER":
        request.steps = 2
    elif reason == "BAD_TAKEBACK_STEPS":
        request.steps = -1
    return w.open.stub.TakeBack(request)


PRODUCERS: dict[str, Callable[[World], object]] = {
    "UNKNOWN_GAME": lambda w: w.open.stub.NewGame(pb.NewGameRequest(game_id="chess", num_players=2)),
    "UNKNOWN_RULES_VERSION": lambda w: w.open.stub.NewGame(pb.NewGameRequest(
        game_id=GAME, num_players=2, rules_version="0+never")),
    "MALFORMED_REQUEST": lambda w: _raw(w, "ApplyAction", b"\xff\xff\xff"),
    "INVALID_OPTIONS": lambda w: w.open.stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=9)),
    "BAD_SEED": lambda w: w.open.stub.NewGame(pb.NewGameRequest(
        game_id=GAME, num_players=2, seed=b"x" * 65)),
    "MISSING_SEED": lambda w: w.open.stub.Replay(pb.ReplayRequest(game_id=GAME, num_players=2)),
    "BAD_SEED_SALT": lambda w: w.open.stub.Replay(pb.ReplayRequest(
        game_id=GAME, num_players=2, seed=b"s", seed_salt=b"short")),
    "BAD_VIEW_SEAT": lambda w: w.open.stub.GetView(pb.GetViewRequest(
        state=w.start.state, views=pb.ViewSelection(seats=[3]))),
    "BAD_LOCALE": lambda w: w.open.stub.GetView(pb.GetViewRequest(
        state=w.start.state, views=pb.ViewSelection(seats=[0], locale="no such tag"))),
    "BAD_SEAT_NAMES": lambda w: w.open.stub.GetView(pb.GetViewRequest(
        state=w.start.state, views=pb.ViewSelection(seats=[0], seat_names=["a"] * 6))),
    "BAD_SEAT": lambda w: w.open.stub.RenewSeatToken(pb.RenewSeatTokenRequest(
        state=w.start.state, seat=3, seat_token="a.0.x")),
    "MISSING_STATE": lambda w: w.open.stub.GetView(pb.GetViewRequest(state=b"")),
    "MALFORMED_STATE": lambda w: w.open.stub.GetView(pb.GetViewRequest(state=b"not a state")),
    "TAMPERED_STATE": lambda w: w.open.stub.GetView(pb.GetViewRequest(state=_tampered(w.start.state))),
    "UNKNOWN_STATE_KEY": lambda w: w.open.stub.GetView(pb.GetViewRequest(
        state=StateStore(Sealer.from_config(KEYS_B), 0, NullObserver()).seal(
            Game.new(ENGINE, 2, {}, b"b"), Instance.draw()))),
    "UNKNOWN_GAME_IN_STATE": lambda w: w.open.stub.GetView(pb.GetViewRequest(
        state=Sealer.from_config(KEYS_A).seal("chess", "1", Instance.draw().encode(), 1024))),
    "UNREADABLE_STATE": lambda w: w.open.stub.GetView(pb.GetViewRequest(
        state=seal_v1(b"[1]\n[]", GAME, RULES))),
    "MISSING_ACTION": lambda w: _apply(w, action=pb.GameAction()),
    "WRONG_GAME_ACTION": lambda w: _apply(w, action=pb.GameAction(central_market={})),
    "MALFORMED_ACTION": lambda w: _apply(w, action=_huge_action()),
    "RULES_VERSION_MISMATCH": lambda w: w.open.stub.GetView(pb.GetViewRequest(
        state=seal_v1(Game.new(ENGINE, 2, {}, b"old").encode(), GAME, "0+retired"))),
    "ILLEGAL_ACTION": lambda w: _apply(w, action=pb.GameAction(spice_merchant={})),
    "GAME_OVER": lambda w: _apply(w, state=_finished_state(), seat=0),
    "NOT_YOUR_TURN": lambda w: _apply(w, seat=7),
    "SEAT_TOKEN_REQUIRED": lambda w: w.guarded.stub.GetView(pb.GetViewRequest(
        state=w.guarded_start.update.state, views=pb.ViewSelection(seats=[0]))),
    "SEAT_TOKEN_EXPIRED": _expired,
    "OPTION_NEEDS_TRUST": lambda w: w.guarded.stub.NewGame(pb.NewGameRequest(
        game_id="central-market", num_players=3, options={"skip-idle-reactions": "true"})),
    "STALE_STEP": lambda w: _apply(w, expected_step=5),
    "DEADLINE_PASSED": _deadline_passed,
    "DEADLINE_NOT_PASSED": lambda w: w.open.stub.ClaimTimeout(pb.ClaimTimeoutRequest(
        state=_clocked(w, clock_move_s="600").state)),
    "NO_CLOCK": lambda w: w.open.stub.ClaimTimeout(pb.ClaimTimeoutRequest(
        state=_clocked(w).state)),
    "TAKEBACK_OFF": lambda w: _took_back(w, "TAKEBACK_OFF"),
    "NOT_YOUR_ACTION": lambda w: _took_back(w, "NOT_YOUR_ACTION"),
    "TAKEBACK_BARRIER": lambda w: _took_back(w, "TAKEBACK_BARRIER"),
    "BAD_TAKEBACK_STEPS": lambda w: _took_back(w, "BAD_TAKEBACK_STEPS"),
    "REPLAY_TOO_LONG": lambda w: w.open.stub.Replay(pb.ReplayRequest(
        game_id=GAME, num_players=2, seed=b"s",
        actions=[pb.SeatAction()] * (TEST_CONFIG.max_replay_actions + 1))),
    "INTERNAL_ERROR": lambda w: w.faulty.stub.ListGames(pb.ListGamesRequest()),
    "BOTS_BUSY": _bots_busy,
    "UNKNOWN_POLICY": lambda w: _suggest(w, policy=42),
    "BAD_BUDGET": lambda w: _suggest(w, max_iterations=-1),
    "UNKNOWN_LEVEL": lambda w: _suggest(w, level=42),
    "LEVEL_AND_POLICY": lambda w: _suggest(w, level=pb.BOT_LEVEL_EASY, policy=pb.BOT_POLICY_GREEDY),
    "OVERLOADED": _overloaded,
    "DRAINING": lambda w: w.draining.stub.ListGames(pb.ListGamesRequest()),
}

#: Reasons the code names but never sends: the RuleError base class (declared by
#: engines/core/errors.py; every error raised is one of its subclasses).
NEVER_SENT = {"RULE_ERROR"}


def test_every_documented_reason_has_a_producer() -> None:
    assert DOCUMENTED, "no error table found in docs/api.md"
    assert set(DOCUMENTED) == set(PRODUCERS)


@pytest.mark.parametrize("reason", sorted(PRODUCERS))
def test_the_reason_is_produced_with_its_documented_code(world: World, reason: str) -> None:
    with pytest.raises(grpc.RpcError) as excinfo:
        PRODUCERS[reason](world)
    code, got, message = refusal(excinfo)
    assert (code.name, got) == (DOCUMENTED.get(reason), reason), message


def _http(w: World, method: str, path: str, body: bytes = b"",
          content_type: str = "application/json") -> HttpRefusal:
    """The refusal an HTTP request to the open server's HTTP port gets."""
    with http_client("http1") as client:
        response = client.request(method, f"{w.http.base}{path}", content=body,
                                  headers={"content-type": content_type})
    assert response.status_code != 200, response.text
    return connect_refusal(response)


def _raw_http(w: World, request: bytes) -> HttpRefusal:
    """The refusal a hand-written HTTP/1.1 request gets (what clients will not send)."""
    assert w.http.running.http is not None
    with socket.create_connection(("127.0.0.1", w.http.running.http.port), timeout=60) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    error = json.loads(body)
    return HttpRefusal(grpc_code(error["code"]), error["details"][0]["debug"]["reason"],
                       error["message"], int(head.split(b" ", 2)[1]))


RPC = "/marketplay.v1.GameService"
HTTP_PRODUCERS: dict[str, Callable[[World], HttpRefusal]] = {
    "REQUEST_TOO_LARGE": lambda w: _http(w, "POST", f"{RPC}/NewGame",
                                         b" " * (TEST_CONFIG.max_request_bytes + 1)),
    "UNKNOWN_PATH": lambda w: _http(w, "GET", "/no/such/path"),
    "UNKNOWN_METHOD": lambda w: _http(w, "POST", f"{RPC}/Teleport", b"{}"),
    "METHOD_NOT_ALLOWED": lambda w: _http(w, "GET", f"{RPC}/ListGames"),
    "GRPC_ON_GRPC_PORT": lambda w: _http(w, "POST", f"{RPC}/ListGames", b"\0\0\0\0\0",
                                        "application/grpc"),
    # what `curl -d '{}'` sends when no -H 'Content-Type: ...' is given
    # a body that never arrives: refused after TEST_CONFIG's --http-body-timeout-ms
    "BODY_TIMEOUT": lambda w: _raw_http(w, (
        f"POST {RPC}/ListGames HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Content-Length: 100\r\n\r\n{").encode()),
    "UNSUPPORTED_ENCODING": lambda w: _raw_http(w, (
        f"POST {RPC}/ListGames HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Content-Encoding: br\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}").encode()),
    "UNSUPPORTED_CONTENT_TYPE": lambda w: _http(w, "POST", f"{RPC}/ListGames", b"{}",
                                                "application/x-www-form-urlencoded"),
}


def test_every_documented_http_reason_has_a_producer() -> None:
    assert HTTP_DOCUMENTED, "no error table found in docs/http.md"
    assert set(HTTP_DOCUMENTED) == set(HTTP_PRODUCERS)


@pytest.mark.parametrize("reason", sorted(HTTP_PRODUCERS))
def test_the_http_reason_is_produced_with_its_documented_code(world: World, reason: str) -> None:
    refused = HTTP_PRODUCERS[reason](world)
    assert (refused.code.name, refused.reason) == (HTTP_DOCUMENTED[reason], reason), refused
    if reason not in NO_OPERATION:  # a POST to a served RPC: its OpenAPI operation lists the status
        assert str(refused.http_status) in OPERATION_STATUSES, refused


#: HTTP refusals of a request that names no served RPC's POST, so no OpenAPI operation.
NO_OPERATION = {"UNKNOWN_PATH", "UNKNOWN_METHOD", "METHOD_NOT_ALLOWED"}


def _operation_statuses() -> set[str]:
    """The error statuses every operation of docs/openapi.json lists (they share them)."""
    paths = json.loads((ROOT / "docs" / "openapi.json").read_text())["paths"]
    operations = [path["post"] for name, path in paths.items() if name.startswith(RPC)]
    assert operations
    return set.intersection(*(set(op["responses"]) for op in operations))


OPERATION_STATUSES = _operation_statuses()


def test_every_reasons_http_status_is_in_the_openapi_operations() -> None:
    """Each core reason's code, through docs/http.md's code -> HTTP status table, is a
    response every RPC's OpenAPI operation lists (it listed no 503 for DRAINING, and
    called 501 "the RPC is not served yet")."""
    text = (ROOT / "docs" / "http.md").read_text()
    status = dict(re.findall(r"^\| ([A-Z_]+) \| `[a-z_]+` \| (\d{3}) \|", text, re.MULTILINE))
    assert len(status) == 16, status  # every gRPC code but OK
    missing = {reason: status[code] for reason, code in DOCUMENTED.items()
               if status[code] not in OPERATION_STATUSES}
    assert not missing, missing


def raised_reasons() -> set[str]:
    """Every reason literal in service/ and engines/: what a refusal can carry."""
    patterns = [
        r'(?:invalid|SealError|TextError)\(\s*"([A-Z][A-Z0-9_]*)"',
        r'Code\.[A-Z_]+,\s*"([A-Z][A-Z0-9_]*)"',
        r'\breason = "([A-Z][A-Z0-9_]*)"',
    ]
    found: set[str] = set()
    for path in [*ROOT.glob("service/*.py"), *ROOT.glob("engines/**/*.py")]:
        text = path.read_text()
        for pattern in patterns:
            found.update(re.findall(pattern, text))
    return found


def test_every_reason_the_code_can_send_is_documented() -> None:
    raised = raised_reasons()
    assert {"UNKNOWN_GAME", "TAMPERED_STATE", "STALE_STEP"} <= raised  # the scan itself works
    assert raised - NEVER_SENT - set(DOCUMENTED) - set(HTTP_DOCUMENTED) == set()
