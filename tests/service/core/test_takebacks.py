"""TakeBack on the core: the table option, what each view says a seat may take back,
the restored position and its new step, each refusal with its own reason, the
clocks across a take-back, and Replay of a log with take-backs (service/table.py,
engines/core/takebacks.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engines import registry
from engines.core import Game
from marketplay.v1 import game_service_pb2 as pb
from service.core import Call, GameCore
from service.errors import Code
from service.observe import NullObserver
from service.states import Instance, StateStore
from service.table import UNTIL_BARRIER, Table, TableOptions
from tests.conformance.playout import playout
from tests.service.conftest import all_views
from tests.service.core.timed import FakeClock, refused

GAMES = sorted(registry.ENGINES)
TOLERANCE_MS = 1000


def _new(core: GameCore, game_id: str, players: int = 3, **options: str) -> pb.GameUpdate:
    return core.new_game(pb.NewGameRequest(game_id=game_id, num_players=players, seed=b"undo",
                                           options=options, views=all_views()), Call()).update


def _apply(core: GameCore, update: pb.GameUpdate, index: int = 0, seat: int | None = None,
           **extra: object) -> pb.GameUpdate:
    decision = next(d for d in update.decisions if seat is None or d.seat == seat)
    return core.apply_action(pb.ApplyActionRequest(
        state=update.state, seat=decision.seat, action=decision.legal_actions[index],
        views=all_views(), **extra), Call()).update  # type: ignore[arg-type]


def _take_back(core: GameCore, update: pb.GameUpdate, seat: int, **extra: object) -> pb.GameUpdate:
    return core.take_back(pb.TakeBackRequest(state=update.state, seat=seat, views=all_views(),
                                             **extra), Call()).update  # type: ignore[arg-type]


def _views(update: pb.GameUpdate) -> list[bytes]:
    """Every view as bytes, its step cleared (a take-back gives a new step)."""
    shown = []
    for view in update.views:
        copy = pb.GameView()
        copy.CopyFrom(view)
        copy.step = 0
        shown.append(copy.SerializeToString(deterministic=True))
    return shown


def _steps(update: pb.GameUpdate) -> dict[int | None, int]:
    return {(v.seat if v.HasField("seat") else None): v.takeback_steps for v in update.views}


def test_every_game_lists_takebacks_as_a_table_option_on_by_default(core: GameCore) -> None:
    for info in core.list_games(pb.ListGamesRequest(), Call()).games:
        (option,) = [o for o in info.options if o.name == "takebacks"]
        assert option.table and option.default_value == "until-barrier"
        assert list(option.allowed_values) == ["off", "until-barrier"]


def test_a_seat_sees_its_own_takeback_steps_and_nobody_elses(core: GameCore) -> None:
    start = _new(core, "central-market")
    assert dict(start.table_options)["takebacks"] == "until-barrier"
    assert set(_steps(start).values()) == {0}
    offerer = start.decisions[0].seat
    offered = _apply(core, start)  # the offer: the offerer decides its starting bid next
    assert _steps(offered) == {**{s: 0 for s in range(3)}, offerer: 1, None: 0}
    bid = _apply(core, offered, index=-1)  # the highest starting bid: the first lap begins
    assert _steps(bid)[offerer] == 2


@pytest.mark.parametrize("game_id", GAMES)
def test_a_takeback_restores_every_view_at_a_new_step_with_one_public_event(
        core: GameCore, game_id: str) -> None:
    """The views of every seat and the spectator are the bytes they were at the
    restored position (step aside), the decisions too; the event says who took back
    how many; the step goes on."""
    players = max(2, registry.ENGINES[game_id].spec.min_players)
    positions = [_new(core, game_id, players)]
    while len(positions) < 80:  # a seat's run of actions that it may take back
        update = _apply(core, positions[-1], index=-1)
        positions.append(update)
        allowed = {seat: n for seat, n in _steps(update).items() if n}
        if allowed and (max(allowed.values()) >= 2 or game_id == "spice-merchant"):
            break
    ((seat, steps),) = allowed.items()
    restored = _take_back(core, update, seat, steps=steps, expected_step=update.step)
    earlier = positions[-1 - steps]
    assert restored.step == update.step + 1
    assert _views(restored) == _views(earlier)
    assert list(restored.decisions) == list(earlier.decisions)
    (event,) = restored.events
    assert (list(event.audience), event.table.taken_back.seat, event.table.taken_back.steps) == \
        ([], seat, steps)
    assert game_id == "spice-merchant" or steps >= 2  # a registration is one action


def test_each_refusal_of_a_takeback_has_its_own_reason(core: GameCore, store: StateStore,
                                                      clock: FakeClock) -> None:
    start = _new(core, "central-market")
    offerer = start.decisions[0].seat
    offered = _apply(core, start)
    cases: list[tuple[Callable[[], object], Code, str]] = [
        (lambda: _take_back(core, start, offerer), Code.FAILED_PRECONDITION, "NOT_YOUR_ACTION"),
        (lambda: _take_back(core, offered, (offerer + 1) % 3), Code.FAILED_PRECONDITION,
         "NOT_YOUR_ACTION"),
        (lambda: _take_back(core, offered, offerer, steps=2), Code.FAILED_PRECONDITION,
         "TAKEBACK_BARRIER"),
        (lambda: _take_back(core, offered, offerer, expected_step=0), Code.ABORTED,
         "STALE_STEP"),
        (lambda: _take_back(core, offered, offerer, steps=-1), Code.INVALID_ARGUMENT,
         "BAD_TAKEBACK_STEPS"),
        (lambda: _take_back(core, offered, 5), Code.PERMISSION_DENIED, "NOT_YOUR_TURN"),
        (lambda: _take_back(core, _apply(core, _new(core, "central-market", takebacks="off")),
                            offerer), Code.FAILED_PRECONDITION, "TAKEBACK_OFF"),
    ]
    engine = registry.ENGINES["central-market"]
    legacy = pb.GameUpdate(state=store.seal(Game.new(engine, 3, {}, b"legacy"), Instance.draw()))
    cases.append((lambda: _take_back(core, legacy, 0), Code.FAILED_PRECONDITION, "TAKEBACK_OFF"))
    before_takebacks = store.seal(Game.new(engine, 3, {}, b"clocked"), Instance.draw(),
                                  Table(TableOptions(bank_s=60)))  # sealed as issue 37 did
    cases.append((lambda: _take_back(core, pb.GameUpdate(state=before_takebacks), 0),
                  Code.FAILED_PRECONDITION, "TAKEBACK_OFF"))
    for call, code, reason in cases:
        error = refused(call)
        assert (error.code, error.reason) == (code, reason), str(error)


def test_a_move_across_a_barrier_cannot_be_taken_back(core: GameCore) -> None:
    """Spice Merchant: the last secret registration makes every seat draw (a barrier);
    the one before it could be taken back until then."""
    start = _new(core, "spice-merchant", 2)
    first = _apply(core, start, seat=0)
    assert _steps(first)[0] == 1
    drawn = _apply(core, first, seat=1)
    assert _steps(drawn) == {0: 0, 1: 0, None: 0}
    assert refused(lambda: _take_back(core, drawn, 0)).reason == "NOT_YOUR_ACTION"
    assert refused(lambda: _take_back(core, drawn, 1)).reason == "TAKEBACK_BARRIER"


def test_a_finished_or_forfeited_game_takes_nothing_back(core: GameCore, store: StateStore,
                                                         clock: FakeClock) -> None:
    update = _new(core, "market-fresh", 2, clock_bank_s="10", timeout_policy="forfeit")
    moved = _apply(core, update)  # a face-up take: no barrier
    clock.now += 30
    ended = core.claim_timeout(pb.ClaimTimeoutRequest(state=moved.state, views=all_views()),
                               Call()).update
    assert ended.outcome.forfeited and _steps(ended) == {0: 0, 1: 0, None: 0}
    seat = moved.decisions[0].seat
    assert refused(lambda: _take_back(core, ended, seat)).reason == "GAME_OVER"
    game = Game.new(registry.ENGINES["spice-merchant"], 2, {}, b"to the end")
    for step in playout(game, b"to the end"):
        game = step.after
    over = store.seal(game, Instance.draw(), Table(TableOptions(takebacks=UNTIL_BARRIER)))
    assert refused(lambda: _take_back(core, pb.GameUpdate(state=over), 0)).reason == "GAME_OVER"


def test_a_move_played_on_timeout_is_not_the_seats_to_take_back(
        core: GameCore, clock: FakeClock) -> None:
    update = _new(core, "market-fresh", 2, clock_move_s="10")
    seat = update.decisions[0].seat
    clock.now += 12
    claimed = core.claim_timeout(pb.ClaimTimeoutRequest(state=update.state, views=all_views()),
                                 Call()).update
    assert _steps(claimed)[seat] == 0
    assert refused(lambda: _take_back(core, claimed, seat)).reason == "NOT_YOUR_ACTION"


def test_a_takeback_charges_the_time_taken_and_returns_the_increments(
        core: GameCore, clock: FakeClock) -> None:
    update = _new(core, "market-fresh", 2, clock_bank_s="100", clock_increment_s="5")
    seat = update.decisions[0].seat
    clock.now += 10
    taken = _apply(core, update)  # 100 - 10 + 5
    clock.now += 3
    chosen = _apply(core, taken)  # 95 - 3 + 5
    clock.now += 4
    undone = _take_back(core, chosen, seat, steps=2)  # 97 - 4 - 2 x 5
    bank = undone.views[0].clocks[seat]
    assert (bank.bank.seconds, bank.decision_started_at.seconds) == (83, int(clock.now))
    clock.now += 200  # past the deadline and the tolerance: the time is up
    assert refused(lambda: _take_back(core, _apply(core, undone), seat)).reason == \
        "DEADLINE_PASSED"


def test_a_seat_whose_time_is_up_is_offered_no_takeback(core: GameCore, clock: FakeClock) -> None:
    """The Undo button shows exactly when TakeBack would work: past the deadline and
    the tolerance, TakeBack refuses DEADLINE_PASSED, so the view offers 0 steps."""
    update = _new(core, "market-fresh", 2, clock_bank_s="100")
    seat = update.decisions[0].seat
    taken = _apply(core, update)
    assert taken.decisions[0].seat == seat and _steps(taken)[seat] > 0

    def viewed() -> pb.GameUpdate:
        return core.get_view(pb.GetViewRequest(state=taken.state, views=all_views()),
                             Call()).update

    clock.now += 100 + TOLERANCE_MS / 1000  # the deadline and the tolerance, not beyond
    assert _steps(viewed())[seat] == _steps(taken)[seat]
    clock.now += 0.01
    assert _steps(viewed())[seat] == 0
    assert refused(lambda: _take_back(core, taken, seat)).reason == "DEADLINE_PASSED"


def test_steps_never_go_back_so_an_undone_branch_is_stale(core: GameCore, store: StateStore) -> None:
    """A forged, replayed, other-game or other-branch earlier position is refused: the
    restorable position is sealed inside the state itself, so none can be sent in;
    the branch taken back is older than the take-back's step, so an action chosen on
    it is STALE_STEP; another game's state does not take this game's tokens."""
    guarded = GameCore(store, NullObserver(), True, 100)
    new = guarded.new_game(pb.NewGameRequest(game_id="central-market", num_players=3,
                                             seed=b"branches", views=all_views()), Call())
    tokens = dict(enumerate(new.seat_tokens))
    seat = new.update.decisions[0].seat
    offered = guarded.apply_action(pb.ApplyActionRequest(
        state=new.update.state, seat=seat, action=new.update.decisions[0].legal_actions[0],
        seat_token=tokens[seat], views=all_views(), view_tokens=tokens), Call()).update
    undone = guarded.take_back(pb.TakeBackRequest(state=offered.state, seat=seat,
                                                  seat_token=tokens[seat]), Call()).update
    assert undone.step == 2 > offered.step
    bid = offered.decisions[0].legal_actions[0]  # chosen on the branch taken back
    stale = refused(lambda: guarded.apply_action(pb.ApplyActionRequest(
        state=undone.state, seat=seat, action=bid, seat_token=tokens[seat],
        expected_step=offered.step), Call()))
    assert stale.reason == "STALE_STEP"
    replayed = refused(lambda: guarded.take_back(pb.TakeBackRequest(
        state=offered.state, seat=seat, seat_token=tokens[seat], expected_step=undone.step),
        Call()))
    assert replayed.reason == "STALE_STEP"
    forged = bytearray(offered.state)
    forged[-20] ^= 1
    assert refused(lambda: guarded.take_back(pb.TakeBackRequest(
        state=bytes(forged), seat=seat, seat_token=tokens[seat]), Call())).reason == \
        "TAMPERED_STATE"
    other = guarded.new_game(pb.NewGameRequest(game_id="central-market", num_players=3,
                                               seed=b"branches"), Call()).update
    assert refused(lambda: guarded.take_back(pb.TakeBackRequest(
        state=other.state, seat=seat, seat_token=tokens[seat]), Call())).reason == \
        "SEAT_TOKEN_REQUIRED"


def seat_allowed_once(log: list[pb.SeatAction]) -> bool:
    """Take back only right after an action (not after a take-back), so the game moves on."""
    return bool(log) and not log[-1].takeback_steps


def test_replay_reproduces_a_game_with_takebacks_to_its_digest(core: GameCore) -> None:
    """The log records a take-back as an entry of its own (SeatAction.takeback_steps):
    Replay plays it as TakeBack did, steps and all, to the same final digest."""
    update = _new(core, "spice-merchant", 2)
    log: list[pb.SeatAction] = []
    taken = 0
    while update.decisions:
        decision = update.decisions[0]
        allowed = [seat for seat, n in _steps(update).items() if n]
        if allowed and taken < 3 and seat_allowed_once(log):
            assert allowed[0] is not None
            update = _take_back(core, update, allowed[0])
            log.append(pb.SeatAction(seat=allowed[0], takeback_steps=1))
            taken += 1
            continue
        action = decision.legal_actions[len(log) % len(decision.legal_actions)]
        update = _apply(core, update, index=len(log) % len(decision.legal_actions),
                        seat=decision.seat)
        log.append(pb.SeatAction(seat=decision.seat, action=action))
    assert taken == 3 and update.outcome.final_state_digest
    replayed = core.replay(pb.ReplayRequest(game_id="spice-merchant", num_players=2,
                                            seed=b"undo", actions=log), Call()).update
    assert replayed.step == update.step
    assert replayed.outcome.final_state_digest == update.outcome.final_state_digest
    off = refused(lambda: core.replay(pb.ReplayRequest(
        game_id="spice-merchant", num_players=2, seed=b"undo", options={"takebacks": "off"},
        actions=log), Call()))
    assert off.reason == "TAKEBACK_OFF"
    across = refused(lambda: core.replay(pb.ReplayRequest(
        game_id="spice-merchant", num_players=2, seed=b"undo",
        actions=[pb.SeatAction(seat=0, takeback_steps=1)]), Call()))
    assert (across.reason, across.metadata["action_index"]) == ("NOT_YOUR_ACTION", "0")
