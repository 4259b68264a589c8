"""SuggestAction through a real server on loopback: every policy for every
game and mode, determinism, budgets, the deadline, the concurrency limit,
seat tokens and the refusals ApplyAction would give."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import replace

import grpc
import pytest

from engines import registry
from engines.bots import GREEDY_SAMPLES, LEVELS
from engines.bots.levels import GamesOwnPolicy
from engines.bots.lookahead import LookaheadConfig, LookaheadPolicy
from engines.core import Game
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from service.bots import Bots, BotSettings
from tests.service.conftest import TEST_CONFIG, Served, all_views, refusal
from tests.service.rpcs.test_contract import _play_to_end
from tests.service.rpcs.test_every_mode import MODES

POLICIES = (pb.BOT_POLICY_RANDOM, pb.BOT_POLICY_GREEDY, pb.BOT_POLICY_ISMCTS)
LEVEL_ENUMS = {"easy": pb.BOT_LEVEL_EASY, "medium": pb.BOT_LEVEL_MEDIUM, "hard": pb.BOT_LEVEL_HARD}
#: Budgets small enough for CI, large enough that every policy searches.
SMALL = {pb.BOT_POLICY_RANDOM: 0, pb.BOT_POLICY_GREEDY: 2, pb.BOT_POLICY_ISMCTS: 12}


@pytest.fixture(scope="module")
def busy_server() -> Iterator[Served]:
    """One search at a time, small caps: for the limit and cap tests."""
    s = Served(replace(TEST_CONFIG, bot_max_concurrent=1, bot_max_iterations=50,
                       bot_max_millis=3_000, bot_default_iterations=7, bot_greedy_samples=3))
    yield s
    s.close()


@pytest.fixture(scope="module")
def patient_server() -> Iterator[Served]:
    """A time cap no small iteration budget reaches, however busy the machine:
    for the determinism test (the default 2 s cap could end a search early)."""
    s = Served(replace(TEST_CONFIG, bot_max_millis=600_000))
    yield s
    s.close()


@pytest.fixture(scope="module")
def one_slot_server() -> Iterator[Served]:
    """One search at a time, and a search that lasts its time budget: no iteration
    cap ends it early (busy_server's 50 iterations take milliseconds on an idle core)."""
    s = Served(replace(TEST_CONFIG, bot_max_concurrent=1, bot_max_iterations=10_000_000,
                       bot_max_millis=3_000))
    yield s
    s.close()


def started(stub: pb_grpc.GameServiceStub, game_id: str, players: int,
            options: dict[str, str] | None = None, steps: int = 0) -> pb.GameUpdate:
    """A game `steps` random actions in, with every seat's legal actions."""
    update = stub.NewGame(pb.NewGameRequest(game_id=game_id, num_players=players,
                                            options=options or {}, seed=b"suggest",
                                            views=all_views())).update
    for _ in range(steps):
        seat, action = next((d.seat, d.legal_actions[-1]) for d in update.decisions)
        update = stub.ApplyAction(pb.ApplyActionRequest(state=update.state, seat=seat,
                                                        action=action, views=all_views())).update
    return update


def ask(stub: pb_grpc.GameServiceStub, update: pb.GameUpdate, seat: int, policy: int,
        iterations: int = 0, seed: bytes | None = b"bot", timeout: float | None = 60,
        **more: object) -> pb.SuggestActionResponse:
    request = pb.SuggestActionRequest(state=update.state, seat=seat, policy=policy,  # type: ignore[arg-type]
                                      max_iterations=iterations, **more)  # type: ignore[arg-type]
    if seed is not None:
        request.seed = seed
    response: pb.SuggestActionResponse = stub.SuggestAction(request, timeout=timeout)
    return response


@pytest.mark.parametrize("config", MODES, ids=[c.label() for c in MODES])
def test_every_policy_suggests_a_legal_action_that_applies(
        patient_server: Served, config: object) -> None:
    """In every game and mode, each policy answers with one of the seat's
    legal actions, typed as in Decision.legal_actions, with one candidate
    per legal action in legal order; ApplyAction then takes it. On the patient
    server: at load 5 the default 2 s cap once ended a 2-sample greedy search after 1."""
    from tests.conformance.configs import PlayConfig

    stub = patient_server.stub
    assert isinstance(config, PlayConfig)
    update = started(stub, config.game_id, config.num_players, config.options, steps=3)
    decision = update.decisions[0]
    legal = [a.SerializeToString() for a in decision.legal_actions]
    for policy in POLICIES:
        answer = ask(stub, update, decision.seat, policy, SMALL[policy])
        assert answer.action.SerializeToString() in legal
        assert answer.step == update.step
        assert answer.stats.policy == policy
        assert [c.action.SerializeToString() for c in answer.stats.candidates] == legal
        assert all(0.0 <= c.mean_value <= 1.0 for c in answer.stats.candidates)
        if policy != pb.BOT_POLICY_RANDOM and len(legal) > 1:
            assert answer.stats.iterations == SMALL[policy]
            assert sum(c.visits for c in answer.stats.candidates) >= SMALL[policy]
        applied = stub.ApplyAction(pb.ApplyActionRequest(
            state=update.state, seat=decision.seat, action=answer.action,
            expected_step=update.step)).update
        assert applied.step == update.step + 1


def test_a_bot_plays_a_whole_game(stub: pb_grpc.GameServiceStub) -> None:
    """Seat 0 plays by ISMCTS, the others at random, to the outcome."""
    update = started(stub, "spice-merchant", 2)
    while not update.HasField("outcome"):
        decision = update.decisions[0]
        policy = pb.BOT_POLICY_ISMCTS if decision.seat == 0 else pb.BOT_POLICY_RANDOM
        answer = ask(stub, update, decision.seat, policy, 8, seed=None)
        update = stub.ApplyAction(pb.ApplyActionRequest(
            state=update.state, seat=decision.seat, action=answer.action,
            expected_step=update.step, views=all_views())).update
    assert update.outcome.winners


@pytest.mark.parametrize("policy", POLICIES)
def test_same_inputs_and_seed_give_the_same_answer(patient_server: Served,
                                                   policy: int) -> None:
    """Bit for bit, whatever the machine's load: only the iterations end the
    search (the time cap is far away, and the answers say it did not cut)."""
    stub = patient_server.stub
    update = started(stub, "market-fresh", 2, steps=4)
    seat = update.decisions[0].seat
    first = ask(stub, update, seat, policy, SMALL[policy] or 1, seed=b"same", timeout=None)
    again = ask(stub, update, seat, policy, SMALL[policy] or 1, seed=b"same", timeout=None)
    assert not first.stats.stopped_by_time and not again.stats.stopped_by_time
    assert first.SerializeToString(deterministic=True) == again.SerializeToString(
        deterministic=True)


def test_an_answer_says_when_time_ended_the_search(stub: pb_grpc.GameServiceStub) -> None:
    """An iteration budget bigger than the time allows: time ends the search
    and the answer says so; a budget that ran out says it did not."""
    update = started(stub, "central-market", 3, steps=2)
    seat = update.decisions[0].seat
    timed = ask(stub, update, seat, pb.BOT_POLICY_ISMCTS, 10_000_000, max_millis=30)
    assert timed.stats.stopped_by_time
    assert timed.stats.iterations < 10_000_000
    assert not ask(stub, update, seat, pb.BOT_POLICY_ISMCTS, 3).stats.stopped_by_time
    assert not ask(stub, update, seat, pb.BOT_POLICY_RANDOM).stats.stopped_by_time


def test_unspecified_policy_is_ismcts(stub: pb_grpc.GameServiceStub) -> None:
    update = started(stub, "central-market", 3, steps=2)
    seat = update.decisions[0].seat
    answer = ask(stub, update, seat, pb.BOT_POLICY_UNSPECIFIED, 9)
    assert answer.stats.policy == pb.BOT_POLICY_ISMCTS
    assert answer.stats.iterations == 9


@pytest.mark.parametrize("game_id", sorted(registry.ENGINES))
def test_without_a_budget_each_game_gets_its_calibrated_default(game_id: str) -> None:
    """ISMCTS: the game's search_iterations (--bot-default-iterations 0);
    greedy: --bot-greedy-samples; the time ends at --bot-max-millis."""
    engine = registry.ENGINES[game_id]
    # One seat over the fewest where the game seats it (a solo variant may need options).
    game = Game.new(engine, min(engine.spec.min_players + 1, engine.spec.max_players), {}, b"budget")
    bots = Bots(BotSettings(max_millis=1_500))
    ismcts = bots.bot(game, pb.SuggestActionRequest(policy=pb.BOT_POLICY_ISMCTS))
    greedy = bots.bot(game, pb.SuggestActionRequest(policy=pb.BOT_POLICY_GREEDY))
    before = time.monotonic()
    budget = bots.budget(ismcts, 0, 0, None)
    assert budget.iterations == engine.spec.bots.search_iterations
    assert budget.deadline is not None and before + 1.5 <= budget.deadline <= time.monotonic() + 1.5
    assert bots.budget(greedy, 0, 0, None).iterations == GREEDY_SAMPLES
    assert bots.budget(ismcts, 0, 100, None).iterations == BotSettings().max_iterations
    flagged = Bots(BotSettings(default_iterations=5))
    assert flagged.budget(flagged.bot(game, pb.SuggestActionRequest()), 0, 0, None).iterations == 5
    deadline = time.monotonic() + 1.0
    assert bots.budget(ismcts, 10, 0, deadline).deadline < deadline  # type: ignore[operator]


@pytest.mark.parametrize("game_id", sorted(registry.ENGINES))
def test_each_level_is_its_policy_at_its_own_budget_whatever_the_flags(game_id: str) -> None:
    """A level's budget is fixed (engines/bots/levels.py): the --bot-* flags that set a
    policy's default leave it alone, and `hard` and `medium` are the ISMCTS and greedy
    a caller gets by naming no budget from a server at its default flags."""
    engine = registry.ENGINES[game_id]
    game = Game.new(engine, engine.spec.min_players + 1, {}, b"levels")
    flagged = Bots(BotSettings(default_iterations=5, greedy_samples=3))
    default = Bots(BotSettings())
    for name, level in LEVELS.items():
        bot = flagged.bot(game, pb.SuggestActionRequest(level=LEVEL_ENUMS[name]))
        assert (bot.policy, bot.default_iterations, bot.level) == (
            level.policy, level.iterations(engine), LEVEL_ENUMS[name])
        assert flagged.budget(bot, 0, 0, None).iterations == level.iterations(engine)
    for name, policy in (("hard", pb.BOT_POLICY_ISMCTS), ("medium", pb.BOT_POLICY_GREEDY)):
        level_bot = default.bot(game, pb.SuggestActionRequest(level=LEVEL_ENUMS[name]))
        played = level_bot.policy
        if isinstance(played, GamesOwnPolicy):  # hard: the game's own policy
            played = played.policy(engine)
            if engine.spec.bots.hard_policy == "lookahead":
                assert (_config(played), level_bot.default_iterations, level_bot.enum) == (
                    _config(LookaheadPolicy()), LookaheadConfig().samples, pb.BOT_POLICY_GREEDY)
                continue
        policy_bot = default.bot(game, pb.SuggestActionRequest(policy=policy))
        assert (_config(played), level_bot.default_iterations, level_bot.enum) == (
            _config(policy_bot.policy), policy_bot.default_iterations, policy_bot.enum)


def _config(policy: object) -> tuple[type, object]:
    """A policy's kind and configuration (two instances alike compare equal)."""
    return type(policy), getattr(policy, "config", None)


def test_a_level_answers_with_its_policy_budget_and_name(busy_server: Served) -> None:
    """Through the server: the level's budget, not the server's flags (busy_server's
    greedy default is 3 samples; medium's is 8), and the answer names the level.
    Central Market's hard is the lookahead, reported as greedy, on its 8 samples."""
    update = started(busy_server.stub, "central-market", 4, steps=1)
    seat = update.decisions[0].seat
    for name, enum in LEVEL_ENUMS.items():
        answer = ask(busy_server.stub, update, seat, pb.BOT_POLICY_UNSPECIFIED, level=enum)
        assert answer.stats.level == enum
        assert answer.stats.policy == pb.BOT_POLICY_GREEDY
        if name == "medium":
            assert answer.stats.iterations == GREEDY_SAMPLES
        if name == "hard":
            assert answer.stats.iterations == LookaheadConfig().samples
    assert ask(busy_server.stub, update, seat, pb.BOT_POLICY_GREEDY).stats.level == 0
    update = started(busy_server.stub, "spice-merchant", 2, steps=5)
    seat = update.decisions[0].seat
    hard = ask(busy_server.stub, update, seat, pb.BOT_POLICY_UNSPECIFIED,
               level=pb.BOT_LEVEL_HARD)
    assert hard.stats.policy == pb.BOT_POLICY_ISMCTS
    assert hard.stats.iterations == 50  # capped by --bot-max-iterations like any budget


def test_a_time_budget_and_the_deadline_end_the_search_with_an_answer(
        stub: pb_grpc.GameServiceStub) -> None:
    """A call that allows more iterations than its time returns what the
    search found in time, never DEADLINE_EXCEEDED."""
    update = started(stub, "spice-merchant", 4, steps=5)
    seat = update.decisions[0].seat
    legal = [a.SerializeToString() for a in update.decisions[0].legal_actions]
    timed = ask(stub, update, seat, pb.BOT_POLICY_ISMCTS, 1_000_000, max_millis=150)
    assert 1 <= timed.stats.iterations < TEST_CONFIG.bot_max_iterations
    request = pb.SuggestActionRequest(state=update.state, seat=seat,
                                      policy=pb.BOT_POLICY_ISMCTS, max_iterations=1_000_000)
    answer = stub.SuggestAction(request, timeout=1.9)  # under the 2 s cap: the deadline ends it
    assert answer.action.SerializeToString() in legal
    assert answer.stats.stopped_by_time
    assert 1 <= answer.stats.iterations < TEST_CONFIG.bot_max_iterations


def test_a_search_outlives_its_connections_age() -> None:
    """A connection that reaches --max-connection-age-ms mid-search still gets the
    answer: the age's grace covers --bot-max-millis, whatever the drain grace is
    (a GOAWAY with a 1 s grace once cut this 1.5 s search off with UNAVAILABLE)."""
    aging = Served(replace(TEST_CONFIG, max_connection_age_ms=200, grace_seconds=0.1,
                           max_connection_age_grace_ms=100, bot_max_iterations=10_000_000,
                           bot_max_millis=3_000))
    try:
        update = started(aging.stub, "spice-merchant", 4, steps=5)
        seat = update.decisions[0].seat
        legal = [a.SerializeToString() for a in update.decisions[0].legal_actions]
        answer = ask(aging.stub, update, seat, pb.BOT_POLICY_ISMCTS, 10_000_000, max_millis=1_500)
        assert answer.action.SerializeToString() in legal
        assert answer.stats.stopped_by_time
    finally:
        aging.close()


def test_iterations_are_capped_and_defaulted_by_the_server(busy_server: Served) -> None:
    update = started(busy_server.stub, "central-market", 4, steps=1)
    seat = update.decisions[0].seat
    assert ask(busy_server.stub, update, seat, pb.BOT_POLICY_ISMCTS, 10_000).stats.iterations == 50
    assert ask(busy_server.stub, update, seat, pb.BOT_POLICY_ISMCTS).stats.iterations == 7
    assert ask(busy_server.stub, update, seat, pb.BOT_POLICY_GREEDY).stats.iterations == 3


def test_searches_beyond_the_limit_are_refused_at_once(one_slot_server: Served) -> None:
    """With one search running, a second is RESOURCE_EXHAUSTED (BOTS_BUSY),
    while random suggestions and ApplyAction are still served."""
    stub = one_slot_server.stub
    update = started(stub, "spice-merchant", 2, steps=2)
    seat = update.decisions[0].seat
    bots = one_slot_server.running.core.bots
    long_call = pb.SuggestActionRequest(state=update.state, seat=seat, policy=pb.BOT_POLICY_ISMCTS,
                                        max_millis=2_500)
    results: list[pb.SuggestActionResponse] = []
    worker = threading.Thread(target=lambda: results.append(stub.SuggestAction(long_call,
                                                                               timeout=30)))
    worker.start()
    try:
        give_up = time.monotonic() + 20
        while bots.running == 0 and time.monotonic() < give_up:
            time.sleep(0.01)
        assert bots.running == 1, "the long search never started"
        with pytest.raises(grpc.RpcError) as excinfo:
            ask(stub, update, seat, pb.BOT_POLICY_GREEDY, 1)
        code, reason, message = refusal(excinfo)
        assert (code, reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "BOTS_BUSY")
        assert "random" in message
        assert ask(stub, update, seat, pb.BOT_POLICY_RANDOM).stats.policy == pb.BOT_POLICY_RANDOM
        action = update.decisions[0].legal_actions[0]
        assert stub.ApplyAction(pb.ApplyActionRequest(state=update.state, seat=seat,
                                                      action=action)).update.step == 3
    finally:
        worker.join(timeout=30)
    assert results and results[0].stats.iterations >= 1
    assert bots.running == 0
    assert ask(stub, update, seat, pb.BOT_POLICY_GREEDY, 1).stats.iterations == 1


def test_a_seat_needs_its_token_when_tokens_are_required(served_with_tokens: Served) -> None:
    stub = served_with_tokens.stub
    new = stub.NewGame(pb.NewGameRequest(game_id="spice-merchant", num_players=2, seed=b"tok"))
    seat = new.update.decisions[0].seat
    tokens = list(new.seat_tokens)
    for token in ("", tokens[1 - seat], "a.forged"):
        with pytest.raises(grpc.RpcError) as excinfo:
            stub.SuggestAction(pb.SuggestActionRequest(state=new.update.state, seat=seat,
                                                       policy=pb.BOT_POLICY_RANDOM,
                                                       seat_token=token))
        code, reason, _ = refusal(excinfo)
        assert (code, reason) == (grpc.StatusCode.PERMISSION_DENIED, "SEAT_TOKEN_REQUIRED")
    answer = stub.SuggestAction(pb.SuggestActionRequest(
        state=new.update.state, seat=seat, policy=pb.BOT_POLICY_RANDOM, seat_token=tokens[seat]))
    assert answer.step == 0


def _refused(stub: pb_grpc.GameServiceStub, request: pb.SuggestActionRequest
             ) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as excinfo:
        stub.SuggestAction(request, timeout=30)
    code, reason, _ = refusal(excinfo)
    return code, reason


def test_refusals_match_apply_action(stub: pb_grpc.GameServiceStub) -> None:
    update = started(stub, "central-market", 3, steps=1)
    seat = update.decisions[0].seat
    idle = (seat + 1) % 3
    state = update.state
    S = pb.SuggestActionRequest
    denied = (grpc.StatusCode.PERMISSION_DENIED, "NOT_YOUR_TURN")
    assert _refused(stub, S(state=state, seat=idle)) == denied
    assert _refused(stub, S(state=state, seat=3)) == denied
    assert _refused(stub, S(state=state, seat=-1)) == denied
    assert _refused(stub, S(state=state, seat=seat, expected_step=update.step - 1)) == (
        grpc.StatusCode.ABORTED, "STALE_STEP")
    bad = grpc.StatusCode.INVALID_ARGUMENT
    assert _refused(stub, S(state=state, seat=seat, policy=99)) == (  # type: ignore[arg-type]
        bad, "UNKNOWN_POLICY")
    assert _refused(stub, S(state=state, seat=seat, level=7)) == (  # type: ignore[arg-type]
        bad, "UNKNOWN_LEVEL")
    assert _refused(stub, S(state=state, seat=seat, level=pb.BOT_LEVEL_EASY,
                            policy=pb.BOT_POLICY_GREEDY)) == (bad, "LEVEL_AND_POLICY")
    assert _refused(stub, S(state=state, seat=seat, max_iterations=-1)) == (bad, "BAD_BUDGET")
    assert _refused(stub, S(state=state, seat=seat, max_millis=-5)) == (bad, "BAD_BUDGET")
    assert _refused(stub, S(state=state, seat=seat, seed=b"")) == (bad, "BAD_SEED")
    assert _refused(stub, S(state=state, seat=seat, seed=bytes(65))) == (bad, "BAD_SEED")
    assert _refused(stub, S(state=b"not a state", seat=seat))[0] == bad
    # ApplyAction refuses the idle seat the same way
    with pytest.raises(grpc.RpcError) as excinfo:
        stub.ApplyAction(pb.ApplyActionRequest(state=state, seat=idle,
                                               action=update.decisions[0].legal_actions[0]))
    assert refusal(excinfo)[:2] == denied


def test_a_finished_game_is_refused_as_game_over(stub: pb_grpc.GameServiceStub) -> None:
    update = started(stub, "spice-merchant", 2)
    final, _ = _play_to_end(stub, update)
    assert _refused(stub, pb.SuggestActionRequest(state=final.state, seat=0)) == (
        grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER")
