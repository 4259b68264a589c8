"""Hostile and malformed requests on every RPC never get UNKNOWN or INTERNAL,
and do not grow the server's memory.

UNKNOWN is what grpc answers for an exception nobody caught (a non-ASCII
token once raised TypeError in compare_digest, a negative seat with a token
OverflowError); INTERNAL is what the server answers for a bug of its own.
Either would page an operator on a caller's whim. Requests are built from
real states and tokens (so the authorization and rules paths are reached)
mixed with garbage: random bytes for states and tokens, huge and negative
integers, unicode, other games' actions, many and odd map entries, oversized
fields, and plain bytes that are no message at all. Two real servers on
loopback (tokens required and not), sharing one key. Bounded: a fixed number
of examples, each call with a deadline.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import grpc
import pytest
from google.protobuf.message import DecodeError
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engines import registry
from marketplay.v1 import game_service_pb2 as pb
from tests.service.conftest import TEST_CONFIG, Served, all_views, first_legal, refusal
from tests.service.rpcs.test_hostile_input import _rss_bytes

SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]
FORBIDDEN = {grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL}
EXAMPLES = 500
INT32 = st.integers(-(2**31), 2**31 - 1)
INT64 = st.integers(-(2**63), 2**63 - 1)


@dataclass
class Pool:
    """Real states, tokens and actions to mix into hostile requests."""

    states: list[bytes]
    tokens: list[str]
    actions: list[pb.GameAction]
    #: States at tables with a clock (also in `states`).
    clocked: list[bytes]
    #: (state, seat) after a seat's first action, which it may take back.
    undoable: list[tuple[bytes, int]]


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[Served, Served]]:
    plain = Served(TEST_CONFIG)
    guarded = Served(replace(TEST_CONFIG, require_seat_tokens=True, seat_token_ttl=3600))
    yield plain, guarded
    plain.close()
    guarded.close()


@pytest.fixture(scope="module")
def pool(servers: tuple[Served, Served]) -> Pool:
    stub = servers[1].stub
    states, tokens, actions, clocked_states = [], [], [], []
    pool_takeback: list[tuple[bytes, int]] = []
    for game_id, engine in sorted(registry.ENGINES.items()):
        new = stub.NewGame(pb.NewGameRequest(game_id=game_id, num_players=engine.spec.max_players,
                                             seed=b"fuzz", views=all_views()))
        states.append(new.update.state)
        tokens += list(new.seat_tokens)
        seat, action = first_legal(new.update)
        actions.append(action)
        after = stub.ApplyAction(pb.ApplyActionRequest(
            state=new.update.state, seat=seat, action=action, seat_token=new.seat_tokens[seat],
            views=all_views(), view_tokens=dict(enumerate(new.seat_tokens)))).update
        states.append(after.state)
        actions.append(first_legal(after)[1])
        pool_takeback.append((after.state, seat))
        policies = ("random", "greedy", "forfeit", *(("pass",) if engine.has_pass else ()))
        for policy in policies:  # at tables with a clock, run out below (`servers_ahead`)
            clocked = stub.NewGame(pb.NewGameRequest(
                game_id=game_id, num_players=engine.spec.max_players, seed=b"fuzz",
                options={"clock_move_s": "60", "timeout_policy": policy}, views=all_views()))
            states.append(clocked.update.state)
            clocked_states.append(clocked.update.state)
            tokens += list(clocked.seat_tokens)
    return Pool(states, tokens, actions, clocked_states, pool_takeback)


@pytest.fixture
def servers_ahead(servers: tuple[Served, Served], pool: Pool) -> Iterator[tuple[Served, Served]]:
    """Both servers with their clock two minutes ahead: the pool's clocked games are
    out of time (ClaimTimeout plays them), while seat tokens (an hour) still hold."""
    reals = [served.running.core.clock for served in servers]
    for served, real in zip(servers, reals, strict=True):
        served.running.core.clock = lambda real=real: real() + 120  # type: ignore[misc]
    yield servers
    for served, real in zip(servers, reals, strict=True):
        served.running.core.clock = real


def _lenient_action(data: bytes) -> pb.GameAction:
    try:
        return pb.GameAction.FromString(data)
    except DecodeError:
        return pb.GameAction()


def _mutate(state: bytes, position: int, delta: int, cut: int) -> bytes:
    flipped = bytearray(state)
    flipped[position % len(flipped)] ^= delta
    return bytes(flipped)[: len(flipped) - cut]


def texts(pool_values: list[str] | None = None) -> st.SearchStrategy[str]:
    choices = [
        st.text(max_size=40),
        st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=8).map(lambda t: t * 600),
        st.sampled_from(["", "a.b", "a.0.x", ".", "..", "a." + "9" * 30 + ".mac", "\u00e9" * 22]),
    ]
    if pool_values:
        choices.append(st.sampled_from(pool_values))
        choices.append(st.tuples(st.sampled_from(pool_values), st.text(max_size=3)).map("".join))
    return st.one_of(choices)


def requests(pool: Pool) -> st.SearchStrategy[tuple[str, Any]]:
    game_ids = st.one_of(st.sampled_from(sorted(registry.ENGINES)), texts())
    options = st.dictionaries(
        st.one_of(st.sampled_from(["variant", "grid", "nutmeg-prices", "max-price",
                                   "clock_bank_s", "clock_increment_s", "clock_move_s",
                                   "timeout_policy", "takebacks"]), texts()),
        st.one_of(texts(), st.sampled_from(["0", "1", "86400", "2592001", "-5", "pass",
                                            "forfeit", "greedy", "off", "until-barrier"])),
        max_size=20)
    seeds = st.one_of(st.none(), st.binary(max_size=80))
    states = st.one_of(
        st.sampled_from(pool.states),
        st.builds(_mutate, st.sampled_from(pool.states), st.integers(0, 4000), st.integers(1, 255),
                  st.integers(0, 40)),
        st.binary(max_size=200),
        st.builds(lambda head, n: head * n, st.binary(min_size=1, max_size=8), st.integers(1, 9000)),
        st.builds(lambda s, tail: s + tail, st.sampled_from(pool.states), st.binary(max_size=64)),
    )
    actions = st.one_of(st.sampled_from(pool.actions), st.binary(max_size=48).map(_lenient_action))
    views = st.builds(pb.ViewSelection, seats=st.lists(INT32, max_size=6),
                      all_seats=st.booleans(), spectator=st.booleans())
    view_tokens = st.dictionaries(st.one_of(INT32, st.integers(-1, 5)), texts(pool.tokens), max_size=8)
    seats = st.one_of(st.integers(-2, 6), INT32)
    steps = st.one_of(st.none(), st.integers(-1, 5), INT64)

    def optional(**fields: Any) -> dict[str, Any]:
        return {k: v for k, v in fields.items() if v is not None}

    return st.one_of(
        st.tuples(st.just("ListGames"), st.just(pb.ListGamesRequest())),
        st.tuples(st.just("NewGame"), st.builds(
            lambda g, n, o, s, v, r: pb.NewGameRequest(game_id=g, num_players=n, options=o, views=v,
                                                       rules_version=r, **optional(seed=s)),
            game_ids, st.one_of(st.integers(-1, 6), INT32), options, seeds, views, texts())),
        st.tuples(st.just("ApplyAction"), st.builds(
            lambda s, seat, a, e, t, v, vt: pb.ApplyActionRequest(
                state=s, seat=seat, action=a, seat_token=t, views=v, view_tokens=vt,
                **optional(expected_step=e)),
            states, seats, actions, steps, texts(pool.tokens), views, view_tokens)),
        st.tuples(st.just("GetView"), st.builds(
            lambda s, v, vt: pb.GetViewRequest(state=s, views=v, view_tokens=vt),
            states, views, view_tokens)),
        st.tuples(st.just("Replay"), st.builds(
            lambda g, n, o, s, acts, v, r, salt: pb.ReplayRequest(
                game_id=g, num_players=n, options=o, seed=s, actions=acts, views=v, rules_version=r,
                seed_salt=salt),
            game_ids, st.one_of(st.integers(-1, 6), INT32), options, st.binary(max_size=80),
            st.lists(st.one_of(
                st.builds(lambda seat, a: pb.SeatAction(seat=seat, action=a), seats, actions),
                st.builds(lambda out: pb.SeatAction(forfeited=out), st.lists(seats, max_size=4)),
                st.builds(lambda seat, n: pb.SeatAction(seat=seat, takeback_steps=n), seats,
                          INT32)), max_size=12),
            views, texts(), st.binary(max_size=40))),
        st.tuples(st.just("SuggestAction"), st.builds(
            lambda s, seat, t, policy, it, ms, e: pb.SuggestActionRequest(
                state=s, seat=seat, seat_token=t, policy=policy, max_iterations=it, max_millis=ms,
                **optional(expected_step=e)),
            states, seats, texts(pool.tokens), INT32, INT32, INT32, steps)),
        st.tuples(st.just("TakeBack"), st.builds(
            lambda s, seat, t, e, v, vt, n: pb.TakeBackRequest(
                state=s, seat=seat, seat_token=t, views=v, view_tokens=vt, steps=n,
                **optional(expected_step=e)),
            states, seats, texts(pool.tokens), steps, views, view_tokens,
            st.one_of(st.integers(-2, 9), INT32))),
        st.tuples(st.just("ClaimTimeout"), st.builds(
            lambda s, seat, t, e, v, vt: pb.ClaimTimeoutRequest(
                state=s, seat=seat, seat_token=t, views=v, view_tokens=vt,
                **optional(expected_step=e)),
            states, seats, texts(pool.tokens), steps, views, view_tokens)),
        st.tuples(st.just("RenewSeatToken"), st.builds(
            lambda s, seat, t: pb.RenewSeatTokenRequest(state=s, seat=seat, seat_token=t),
            states, seats, texts(pool.tokens))),
        st.tuples(st.sampled_from([m.name for m in SERVICE.methods]), st.binary(max_size=300)),
    )


def test_no_request_gets_unknown_or_internal_and_memory_stays_bounded(
    servers_ahead: tuple[Served, Served], pool: Pool,
) -> None:
    servers = servers_ahead
    calls = {
        (served_index, m.name): servers[served_index].channel.unary_unary(
            f"/{SERVICE.full_name}/{m.name}") for served_index in (0, 1) for m in SERVICE.methods
    }
    seen: Counter[str] = Counter()
    answered: Counter[str] = Counter()
    codes: Counter[grpc.StatusCode] = Counter()
    before = _rss_bytes()

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(request=requests(pool), on=st.sampled_from((0, 1)))
    @example(request=("ClaimTimeout", pb.ClaimTimeoutRequest(state=pool.clocked[0])), on=0)
    @example(request=("ClaimTimeout", pb.ClaimTimeoutRequest(state=pool.clocked[-1])), on=0)
    @example(request=("TakeBack", pb.TakeBackRequest(state=pool.undoable[0][0],
                                                     seat=pool.undoable[0][1])), on=0)
    def run(request: tuple[str, Any], on: int) -> None:
        method, message = request
        data = message if isinstance(message, bytes) else message.SerializeToString()
        seen[method] += 1
        try:
            calls[on, method](data, timeout=20)
            codes[grpc.StatusCode.OK] += 1
            answered[method] += 1
        except grpc.RpcError as exc:
            code = exc.code()  # type: ignore[attr-defined]
            codes[code] += 1
            assert code not in FORBIDDEN, f"{method}: {code} {exc.details()}"  # type: ignore[attr-defined]

    run()
    growth = _rss_bytes() - before
    assert growth < 64 << 20, f"RSS grew by {growth >> 20} MiB over {sum(seen.values())} calls"
    assert set(seen) == {m.name for m in SERVICE.methods}, seen
    assert codes[grpc.StatusCode.OK] and codes[grpc.StatusCode.INVALID_ARGUMENT], codes
    assert answered["ClaimTimeout"] >= 2, answered  # the fixed examples play their timeouts
    assert answered["TakeBack"] >= 1, answered  # and take a move back


def test_a_deliberate_internal_fault_is_internal_logged_once_and_says_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The one way to INTERNAL: a bug. Its text (which could name cards) stays in the log."""
    served = Served(TEST_CONFIG)

    def broken(request: object, call: object) -> object:
        raise RuntimeError("secret: seat 1 holds saffron")

    served.running.core.list_games = broken  # type: ignore[method-assign,assignment]
    try:
        with caplog.at_level(logging.INFO), pytest.raises(grpc.RpcError) as excinfo:
            served.stub.ListGames(pb.ListGamesRequest(), timeout=10)
    finally:
        served.close()
    code, reason, message = refusal(excinfo)
    assert (code, reason) == (grpc.StatusCode.INTERNAL, "INTERNAL_ERROR")
    assert "saffron" not in message
    logged = [r for r in caplog.records if r.exc_info]
    assert len(logged) == 1 and "saffron" in str(logged[0].exc_info[1])  # type: ignore[index]
