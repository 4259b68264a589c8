"""Turn clocks on the core, with the server's clock injected: the table options,
what every view shows, charging, the tolerance, and ClaimTimeout with each
timeout policy and each of its refusals (service/clocks.py, service/table.py,
service/timeouts.py). No test waits for a deadline: the clock is moved.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from google.protobuf.message import Message

from engines import registry
from engines.bots import LEVELS, POLICIES, Budget, suggest
from engines.core import Game
from marketplay.v1 import game_service_pb2 as pb
from service.core import Call, GameCore
from service.errors import Code, ServiceError
from service.instance import Instance
from service.observe import NullObserver
from service.states import StateStore
from service.timeouts import TIMEOUT_GREEDY_SAMPLES, bot_seed
from tests.service.conftest import all_views
from tests.service.core.timed import START, FakeClock, refused

GAMES = sorted(registry.ENGINES)
TOLERANCE_MS = 2000


def _new(core: GameCore, game_id: str, options: Mapping[str, str], players: int = 3,
         seed: bytes = b"clocks") -> pb.GameUpdate:
    return core.new_game(pb.NewGameRequest(game_id=game_id, num_players=players, seed=seed,
                                           options=options, views=all_views()), Call()).update


def _apply(core: GameCore, update: pb.GameUpdate, seat: int, action: pb.GameAction,
           **extra: object) -> pb.GameUpdate:
    return core.apply_action(pb.ApplyActionRequest(
        state=update.state, seat=seat, action=action, views=all_views(), **extra),  # type: ignore[arg-type]
        Call()).update


def _claim(core: GameCore, update: pb.GameUpdate, **extra: object) -> pb.GameUpdate:
    return core.claim_timeout(pb.ClaimTimeoutRequest(
        state=update.state, views=all_views(), **extra), Call()).update  # type: ignore[arg-type]


def _first(update: pb.GameUpdate) -> tuple[int, pb.GameAction]:
    decision = update.decisions[0]
    return decision.seat, decision.legal_actions[0]


def _ms(duration: object) -> int:
    return duration.seconds * 1000 + duration.nanos // 1_000_000  # type: ignore[attr-defined,no-any-return]


def _clocks(update: pb.GameUpdate) -> list[pb.SeatClock]:
    """Every view shows the same clocks (public); return them."""
    shown = [list(view.clocks) for view in update.views]
    assert all(clocks == shown[0] for clocks in shown), "views disagree on the clocks"
    return shown[0]


# ------------------------------------------------------------------ options


def test_every_game_lists_the_table_options_and_pass_only_where_a_decision_has_one(
        core: GameCore) -> None:
    listed = core.list_games(pb.ListGamesRequest(), Call())
    for info in listed.games:
        table = {option.name: option for option in info.options if option.table}
        assert set(table) == {"clock_bank_s", "clock_increment_s", "clock_move_s",
                              "timeout_policy", "takebacks"}, info.game_id
        assert not any(option.table for option in info.options if option.name not in table)
        policies = list(table["timeout_policy"].allowed_values)
        has_pass = registry.ENGINES[info.game_id].has_pass
        assert policies == ["random", "greedy", *(["pass"] if has_pass else []), "forfeit",
                            "easy", "medium"]
        assert table["timeout_policy"].default_value == "random"
        assert table["clock_bank_s"].max_value == 30 * 24 * 3600
    assert [i.game_id for i in listed.games if registry.ENGINES[i.game_id].has_pass] == \
        ["central-market"]


@pytest.mark.parametrize(("options", "why"), [
    ({"clock_increment_s": "5"}, "clock_bank_s"),
    ({"clock_bank_s": "-1"}, "clock_bank_s"),
    ({"clock_move_s": str(30 * 24 * 3600 + 1)}, "clock_move_s"),
    ({"timeout_policy": "sulk"}, "timeout_policy"),
    ({"clock_bank_s": "ten"}, "clock_bank_s"),
])
def test_bad_table_options_are_refused_as_invalid_options(
        core: GameCore, options: dict[str, str], why: str) -> None:
    error = refused(lambda: _new(core, "spice-merchant", options))
    assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "INVALID_OPTIONS")
    assert why in str(error)


def test_a_level_that_searches_is_refused_as_a_timeout_policy_and_says_why(
        core: GameCore) -> None:
    """A timeout is answered at once, outside the search slots: `hard` never answers one."""
    error = refused(lambda: _new(core, "spice-merchant", {"timeout_policy": "hard"}))
    assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "INVALID_OPTIONS")
    assert "'hard'" in str(error) and "200 ms" in str(error)
    slow = {name for name, level in LEVELS.items() if not level.for_timeouts}
    assert slow == {"hard"}


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_a_timeout_at_a_level_plays_what_suggest_action_plays_at_that_level(
        core: GameCore, store: StateStore, clock: FakeClock, level: str) -> None:
    """The bot behind a timeout policy named for a level is that level's bot: asked
    with the timeout's seed, SuggestAction answers the move the claim plays."""
    update = _new(core, "central-market", {"clock_move_s": "20", "timeout_policy": level})
    opened = store.open(update.state)
    seat = update.decisions[0].seat
    asked = core.suggest_action(pb.SuggestActionRequest(
        state=update.state, seat=seat, level=pb.BotLevel.Value(f"BOT_LEVEL_{level.upper()}"),
        seed=bot_seed(opened.instance, 0, seat)), Call())
    assert asked.stats.level and asked.stats.policy == pb.BOT_POLICY_GREEDY
    clock.now += 20 + TOLERANCE_MS / 1000 + 0.5
    claimed = _claim(core, update, expected_step=0)
    (own,) = [e.table.timed_out for e in claimed.events
              if e.WhichOneof("game") == "table" and e.audience]
    assert (own.seat, own.policy) == (seat, level)
    assert own.action.central_market == asked.action.central_market


@pytest.mark.parametrize("game_id", [g for g in GAMES if not registry.ENGINES[g].has_pass])
def test_a_pass_policy_is_refused_where_no_decision_has_a_pass(core: GameCore, game_id: str) -> None:
    players = min(3, registry.ENGINES[game_id].spec.max_players)
    error = refused(lambda: _new(core, game_id, {"timeout_policy": "pass"}, players))
    assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "INVALID_OPTIONS")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_new_game_shows_its_table_options_and_every_seats_clock_in_every_view(
        core: GameCore, clock: FakeClock, game_id: str) -> None:
    update = _new(core, game_id, {"clock_bank_s": "300", "clock_increment_s": "10",
                                  "clock_move_s": "60"}, min(3, registry.ENGINES[game_id].spec.max_players))
    assert dict(update.table_options) == {"clock_bank_s": "300", "clock_increment_s": "10",
                                          "clock_move_s": "60", "timeout_policy": "random",
                                          "takebacks": "until-barrier"}
    assert _ms(update.server_time) == START * 1000
    shown = _clocks(update)
    deciding = {d.seat for d in update.decisions}
    assert [c.seat for c in shown] == list(range(update.num_players))
    for entry in shown:
        assert _ms(entry.bank) == 300_000
        assert entry.HasField("deadline") == (entry.seat in deciding)
        if entry.seat in deciding:
            assert _ms(entry.decision_started_at) == START * 1000
            assert _ms(entry.deadline) == START * 1000 + 60_000  # the per-move limit ends first


def test_a_table_without_a_clock_shows_no_clocks_and_no_server_time(core: GameCore) -> None:
    update = _new(core, "spice-merchant", {})
    assert dict(update.table_options)["clock_bank_s"] == "0"
    assert not update.HasField("server_time")
    assert all(not view.clocks for view in update.views)


def test_a_per_move_limit_alone_shows_no_bank(core: GameCore) -> None:
    update = _new(core, "market-fresh", {"clock_move_s": "45"}, players=2)
    for entry in _clocks(update):
        assert not entry.HasField("bank")
    (decider,) = update.decisions
    assert _ms(_clocks(update)[decider.seat].deadline) == START * 1000 + 45_000


# ------------------------------------------------------------------ charging


def test_an_action_charges_the_time_since_its_decision_started_then_adds_the_increment(
        core: GameCore, clock: FakeClock) -> None:
    update = _new(core, "market-fresh", {"clock_bank_s": "100", "clock_increment_s": "3"},
                  players=2)
    seat, action = _first(update)
    clock.now += 12.345
    after = _apply(core, update, seat, action)
    shown = _clocks(after)
    assert _ms(shown[seat].bank) == 100_000 - 12_345 + 3_000
    # the same seat decides on (choose a crate): its new decision started now
    assert _ms(shown[seat].decision_started_at) == round(clock.now * 1000)
    assert _ms(shown[seat].deadline) == round(clock.now * 1000) + 90_655
    assert _ms(shown[1 - seat].bank) == 100_000 and not shown[1 - seat].HasField("deadline")


def test_simultaneous_deciders_keep_their_own_decision_start(
        core: GameCore, clock: FakeClock) -> None:
    update = _new(core, "spice-merchant", {"clock_bank_s": "60"})
    assert len(update.decisions) == 3  # every seat registers at once
    clock.now += 5
    seat, action = _first(update)
    after = _apply(core, update, seat, action)
    shown = _clocks(after)
    assert _ms(shown[seat].bank) == 55_000 and not shown[seat].HasField("deadline")
    for other in {0, 1, 2} - {seat}:
        assert _ms(shown[other].bank) == 60_000
        assert _ms(shown[other].decision_started_at) == START * 1000
    clock.now += 7
    other, action = _first(after)
    again = _clocks(_apply(core, after, other, action))
    assert _ms(again[other].bank) == 60_000 - 12_000  # its own start, not the other seat's


def test_an_action_within_the_tolerance_is_applied_and_the_bank_never_goes_negative(
        core: GameCore, clock: FakeClock) -> None:
    update = _new(core, "spice-merchant", {"clock_bank_s": "10", "clock_increment_s": "2"})
    seat, action = _first(update)
    clock.now += 10 + TOLERANCE_MS / 1000  # exactly at the deadline plus the tolerance
    after = _apply(core, update, seat, action)
    assert _ms(_clocks(after)[seat].bank) == 2_000  # emptied, then the increment


def test_an_action_past_the_deadline_and_the_tolerance_is_refused_and_not_applied(
        core: GameCore, clock: FakeClock) -> None:
    update = _new(core, "spice-merchant", {"clock_bank_s": "10"})
    seat, action = _first(update)
    clock.now += 10 + TOLERANCE_MS / 1000 + 0.001
    error = refused(lambda: _apply(core, update, seat, action))
    assert (error.code, error.reason) == (Code.FAILED_PRECONDITION, "DEADLINE_PASSED")
    assert error.metadata["seat"] == str(seat)
    assert error.metadata["deadline"] == "2027-01-15T08:00:10Z"


def test_a_stale_or_idle_seat_is_told_so_before_its_clock(core: GameCore, clock: FakeClock) -> None:
    update = _new(core, "market-fresh", {"clock_bank_s": "10"}, players=2)
    seat, action = _first(update)
    clock.now += 60
    assert refused(lambda: _apply(core, update, seat, action, expected_step=4)).reason == \
        "STALE_STEP"
    assert refused(lambda: _apply(core, update, 1 - seat, action)).reason == "NOT_YOUR_TURN"


# ------------------------------------------------------------------ ClaimTimeout


def test_claim_timeout_refusals_each_have_their_own_reason(
        core: GameCore, store: StateStore, clock: FakeClock) -> None:
    update = _new(core, "spice-merchant", {"clock_bank_s": "30"})
    clock.now += 31  # past the deadline, not past the tolerance
    early = refused(lambda: _claim(core, update))
    assert (early.code, early.reason) == (Code.FAILED_PRECONDITION, "DEADLINE_NOT_PASSED")
    assert early.metadata["time_left_ms"] == "1000"
    clock.now += 1.5
    stale = refused(lambda: _claim(core, update, expected_step=3))
    assert (stale.code, stale.reason) == (Code.ABORTED, "STALE_STEP")
    without = _new(core, "spice-merchant", {})
    assert refused(lambda: _claim(core, without)).reason == "NO_CLOCK"
    engine = registry.get("spice-merchant")
    assert engine is not None
    legacy = pb.GameUpdate(state=store.seal(Game.new(engine, 3, {}, b"legacy"), Instance.draw()))
    assert refused(lambda: _claim(core, legacy)).reason == "NO_CLOCK"
    forfeit = _new(core, "spice-merchant", {"clock_bank_s": "30", "timeout_policy": "forfeit"})
    clock.now += 40
    ended = _claim(core, forfeit)
    over = refused(lambda: _claim(core, ended))
    assert (over.code, over.reason) == (Code.FAILED_PRECONDITION, "GAME_OVER")


def _expected_moves(store: StateStore, update: pb.GameUpdate, policy: str) -> list[tuple[int, Message]]:
    """The moves the policy plays for every seat deciding in `update`, seat by seat,
    each from what that seat may know then (engines/bots, with the timeout's seed)."""
    opened = store.open(update.state)
    game, moves = opened.game, []
    bot, budget = POLICIES.get(policy), TIMEOUT_GREEDY_SAMPLES if policy == "greedy" else 1
    if policy in LEVELS:
        bot, budget = LEVELS[policy].policy, LEVELS[policy].iterations(game.engine)
    assert bot is not None
    for seat in sorted(d.seat for d in game.to_act()):
        seed = bot_seed(opened.instance, game.step, seat)
        action = suggest(game, seat, bot, Budget(budget), seed).action
        moves.append((seat, action))
        game, _ = game.apply(seat, action)
    return moves


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("policy", ["random", "greedy", "easy", "medium"])
def test_a_timed_out_seat_gets_exactly_the_policys_move(
        core: GameCore, store: StateStore, clock: FakeClock, game_id: str, policy: str) -> None:
    players = max(2, registry.ENGINES[game_id].spec.min_players)
    update = _new(core, game_id, {"clock_bank_s": "20", "clock_increment_s": "1",
                                  "timeout_policy": policy}, players=players)
    expected = _expected_moves(store, update, policy)
    clock.now += 20 + TOLERANCE_MS / 1000 + 0.5
    claimed = _claim(core, update, expected_step=0)
    field = registry.ENGINES[game_id].spec.proto_field
    public = [e.table.timed_out for e in claimed.events
              if e.WhichOneof("game") == "table" and not e.audience]
    own = [(e.audience[0], e.table.timed_out) for e in claimed.events
           if e.WhichOneof("game") == "table" and e.audience]
    assert [(t.seat, t.policy, t.HasField("action")) for t in public] == [
        (seat, policy, False) for seat, _ in expected]
    assert [(to, t.seat, t.policy, getattr(t.action, field)) for to, t in own] == [
        (seat, seat, policy, action) for seat, action in expected]
    assert claimed.step == len(expected)
    clock.now = START  # the same moves, made by the players in time, show the same game
    played = update
    for seat, _ in expected:
        played = _apply(core, played, seat, next(t.action for to, t in own if to == seat))
    assert [getattr(v, field) for v in claimed.views] == [getattr(v, field) for v in played.views]
    for seat, _ in expected:
        assert _ms(_clocks(claimed)[seat].bank) == 1_000  # emptied, then the increment


def test_several_seats_out_of_time_at_once_are_each_played_once(
        core: GameCore, clock: FakeClock) -> None:
    update = _new(core, "spice-merchant", {"clock_bank_s": "20"}, players=4)
    seat, action = _first(update)
    clock.now += 5
    after = _apply(core, update, seat, action)
    clock.now += 30
    claimed = _claim(core, after)
    timed_out = [e.table.timed_out.seat for e in claimed.events
                 if e.WhichOneof("game") == "table" and not e.audience]
    assert timed_out == sorted({0, 1, 2, 3} - {seat})
    assert claimed.step == after.step + 3
    steps = [e.step for e in claimed.events]
    assert steps == sorted(steps) and set(steps) == {2, 3, 4}


def test_the_pass_policy_plays_the_rules_pass_and_random_where_a_decision_has_none(
        core: GameCore, store: StateStore, clock: FakeClock) -> None:
    update = _new(core, "central-market", {"clock_move_s": "30", "timeout_policy": "pass"})
    assert update.decisions[0].kind == "offer"  # no pass in the rules: random answers
    ((_, expected),) = _expected_moves(store, update, "random")
    clock.now += 33
    claimed = _claim(core, update)
    said = [e.table.timed_out for e in claimed.events if e.WhichOneof("game") == "table"]
    assert {t.policy for t in said} == {"random"}
    assert said[-1].action.central_market == expected
    while claimed.decisions[0].kind != "bid":  # the starting bid, then the first lap
        clock.now += 33
        claimed = _claim(core, claimed)
    bidder = claimed.decisions[0].seat
    clock.now += 33
    passed = _claim(core, claimed)
    said = [e.table.timed_out for e in passed.events if e.WhichOneof("game") == "table"]
    assert [(t.seat, t.policy, t.action.central_market.WhichOneof("move")) for t in said
            if t.HasField("action")] == [(bidder, "pass", "pass")]


def test_forfeit_ends_the_game_and_ranks_the_forfeiting_seats_last(
        core: GameCore, clock: FakeClock) -> None:
    update = _new(core, "market-fresh", {"clock_bank_s": "30", "timeout_policy": "forfeit"},
                  players=3)
    (decider,) = update.decisions
    clock.now += 40
    ended = _claim(core, update)
    assert ended.step == 1 and not ended.decisions
    outcome = ended.outcome
    assert list(outcome.forfeited) == [decider.seat]
    ranks = {r.seat: r.rank for r in outcome.results}
    assert ranks[decider.seat] == 3 and sorted(ranks.values()) == [1, 1, 3]
    assert sorted(outcome.winners) == sorted({0, 1, 2} - {decider.seat})
    assert outcome.tie_break == "shared"  # the two others both have 0 points
    assert outcome.seed == b"clocks" and outcome.final_state_digest
    assert all(not c.HasField("deadline") for c in _clocks(ended))
    assert refused(lambda: _apply(core, ended, decider.seat,
                                   decider.legal_actions[0])).reason == "GAME_OVER"
    assert refused(lambda: core.suggest_action(pb.SuggestActionRequest(
        state=ended.state, seat=decider.seat), Call())).reason == "GAME_OVER"


def test_a_forfeit_leaving_one_seat_names_forfeit_as_what_decided(
        core: GameCore, clock: FakeClock) -> None:
    update = _new(core, "market-fresh", {"clock_bank_s": "30", "timeout_policy": "forfeit"},
                  players=2)
    clock.now += 40
    outcome = _claim(core, update).outcome
    loser = update.decisions[0].seat
    assert (list(outcome.winners), outcome.tie_break) == ([1 - loser], "forfeit")


def test_replay_reproduces_timed_out_moves_and_a_forfeit(core: GameCore, clock: FakeClock) -> None:
    """The log of a game with timeouts: each move played for a seat is in its own
    TimedOut copy; a forfeit is an entry of its own. Replay ends at the same digest."""
    options = {"clock_bank_s": "20", "timeout_policy": "greedy"}
    update = _new(core, "spice-merchant", options, players=2, seed=b"replayed")
    clock.now += 25
    claimed = _claim(core, update)
    log = [pb.SeatAction(seat=event.table.timed_out.seat, action=event.table.timed_out.action)
           for event in claimed.events
           if event.WhichOneof("game") == "table" and event.table.timed_out.HasField("action")]
    assert len(log) == 2
    again = core.replay(pb.ReplayRequest(game_id="spice-merchant", num_players=2,
                                         seed=b"replayed", actions=log, views=all_views()),
                        Call()).update
    assert again.step == claimed.step
    assert [v.spice_merchant for v in again.views] == [v.spice_merchant for v in claimed.views]
    forfeiting = _new(core, "spice-merchant", {**options, "timeout_policy": "forfeit"},
                      players=2, seed=b"replayed")
    seat, action = _first(forfeiting)
    played = _apply(core, forfeiting, seat, action)
    clock.now += 25
    ended = _claim(core, played)
    replayed = core.replay(pb.ReplayRequest(
        game_id="spice-merchant", num_players=2, seed=b"replayed", options={
            "timeout_policy": "forfeit"},
        actions=[pb.SeatAction(seat=seat, action=action),
                 pb.SeatAction(forfeited=list(ended.outcome.forfeited))],
        views=all_views()), Call()).update
    assert replayed.outcome.final_state_digest == ended.outcome.final_state_digest
    assert list(replayed.outcome.forfeited) == list(ended.outcome.forfeited)
    assert [r.rank for r in replayed.outcome.results] == [r.rank for r in ended.outcome.results]
    with pytest.raises(ServiceError) as after_end:
        core.replay(pb.ReplayRequest(
            game_id="spice-merchant", num_players=2, seed=b"replayed",
            actions=[pb.SeatAction(forfeited=[0]), pb.SeatAction(seat=seat, action=action)]),
            Call())
    assert (after_end.value.reason, after_end.value.metadata["action_index"]) == ("GAME_OVER", "1")
    idle = refused(lambda: core.replay(pb.ReplayRequest(
        game_id="spice-merchant", num_players=2, seed=b"replayed",
        actions=[pb.SeatAction(seat=seat, action=action),
                 pb.SeatAction(forfeited=[seat])]), Call()))
    assert idle.reason == "NOT_YOUR_TURN"


def test_claim_timeout_takes_any_seats_token_where_tokens_are_required(
        store: StateStore, clock: FakeClock) -> None:
    core = GameCore(store, NullObserver(), True, 100, clock=clock, clock_tolerance_ms=0)
    new = core.new_game(pb.NewGameRequest(game_id="market-fresh", num_players=2, seed=b"t",
                                          options={"clock_move_s": "10"}), Call())
    clock.now += 11
    waiting = 1 - new.update.decisions[0].seat
    for seat, token, reason in [(waiting, "", "SEAT_TOKEN_REQUIRED"),
                                (waiting, new.seat_tokens[1 - waiting], "SEAT_TOKEN_REQUIRED"),
                                (7, new.seat_tokens[0], "BAD_SEAT")]:
        error = refused(lambda s=seat, t=token: core.claim_timeout(pb.ClaimTimeoutRequest(
            state=new.update.state, seat=s, seat_token=t), Call()))
        assert error.reason == reason
    claimed = core.claim_timeout(pb.ClaimTimeoutRequest(
        state=new.update.state, seat=waiting, seat_token=new.seat_tokens[waiting]), Call())
    assert claimed.update.step == 1
