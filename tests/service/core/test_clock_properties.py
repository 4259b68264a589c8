"""Turn clocks over whole games of every title, with random action times.

The server's clock is injected and moved by the test at random (no test waits
for a deadline). Alongside the service, the test keeps its own model of every
seat's clock, from nothing but the times it chose and the decisions each
update listed, and holds the service to it after every call:

* every seat's bank is what the model charged: the time since that seat's own
  decision started (simultaneous deciders each from their own start) off the
  bank, never below zero, then the increment; so a bank never goes negative
  for an applied action;
* for a seat that never ran its bank dry, the time charged in all equals the
  time that passed while it decided;
* a seat that timed out gets exactly its table policy's move (the bots' move
  from what it may know, with the timeout's seed; the rules' pass), and
  forfeit ends the game with the forfeiting seats last.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from google.protobuf.message import Message
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engines import registry
from engines.core import Rng
from marketplay.v1 import game_service_pb2 as pb
from service.core import Call, GameCore
from service.errors import ServiceError
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from service.timeouts import bot_seed, timeout_move
from tests.service.conftest import KEYS_A, all_views

GAMES = sorted(registry.ENGINES)
START_MS = 1_800_000_000_000
TOLERANCE_MS = 1500


@dataclass
class SeatModel:
    bank: int
    started: int | None = None
    #: Time the seat spent deciding, in all, and what the service charged it.
    decided: int = 0
    charged: int = 0
    ran_dry: bool = False


@dataclass
class Model:
    """Every seat's clock as the test expects it."""

    bank_ms: int
    increment_ms: int
    move_ms: int
    seats: list[SeatModel] = field(default_factory=list)

    def deadline(self, seat: int) -> int | None:
        model = self.seats[seat]
        if model.started is None:
            return None
        limits = ([model.bank] if self.bank_ms else []) + ([self.move_ms] if self.move_ms else [])
        return model.started + min(limits)

    def acted(self, seat: int, now: int) -> None:
        model = self.seats[seat]
        assert model.started is not None
        elapsed = now - model.started
        model.decided += elapsed
        if self.bank_ms:
            model.ran_dry |= elapsed >= model.bank
            model.charged += min(elapsed, model.bank)
            model.bank = max(0, model.bank - elapsed) + self.increment_ms
        model.started = None

    def deciding(self, seats: set[int], now: int) -> None:
        for seat, model in enumerate(self.seats):
            if seat not in seats:
                model.started = None
            elif model.started is None:
                model.started = now


def _ms(value: object) -> int:
    return value.seconds * 1000 + value.nanos // 1_000_000  # type: ignore[attr-defined,no-any-return]


def _check(model: Model, update: pb.GameUpdate) -> None:
    shown = list(update.views[0].clocks)
    assert all(list(view.clocks) == shown for view in update.views)
    for seat, entry in enumerate(shown):
        expected = model.seats[seat]
        if model.bank_ms:
            assert _ms(entry.bank) == expected.bank >= 0, f"seat {seat}'s bank"
        assert entry.HasField("decision_started_at") == (expected.started is not None)
        if expected.started is not None:
            assert _ms(entry.decision_started_at) == expected.started
            assert _ms(entry.deadline) == model.deadline(seat)


@dataclass
class Table:
    core: GameCore
    store: StateStore
    now: list[int]


def _policy_moves(table: Table, before: pb.GameUpdate, claimed: pb.GameUpdate,
                  policy: str, field_name: str) -> list[tuple[int, Message]]:
    """Each move the claim played, checked against its policy from the state it was
    played in: opened from the sealed state before the claim, played on in order."""
    opened = table.store.open(before.state)
    game, played = opened.game, []
    for event in claimed.events:
        if event.WhichOneof("game") != "table" or not event.table.timed_out.HasField("action"):
            continue
        timed_out = event.table.timed_out
        action = getattr(timed_out.action, field_name)
        expected, answered = timeout_move(game, timed_out.seat, policy,
                                          bot_seed(opened.instance, game.step, timed_out.seat))
        assert (expected, answered) == (action, timed_out.policy)
        game, _ = game.apply(timed_out.seat, action)
        played.append((timed_out.seat, action))
    assert game.step == claimed.step
    return played


def play_with_random_times(game_id: str, players: int, policy: str, seed: bytes) -> None:
    """A whole game with random times and random silences, the model checked at each step."""
    rng = Rng(seed)
    bank_s = 20 + rng.below(100)
    increment_s = rng.below(3)
    move_s = [0, 15 + rng.below(40)][rng.below(2)]
    now = [START_MS]
    store = StateStore(Sealer.from_config(KEYS_A), 64, NullObserver())
    core = GameCore(store, NullObserver(), False, 100, clock=lambda: now[0] / 1000,
                    clock_tolerance_ms=TOLERANCE_MS)
    table = Table(core, store, now)
    update = core.new_game(pb.NewGameRequest(
        game_id=game_id, num_players=players, seed=seed, views=all_views(), options={
            "clock_bank_s": str(bank_s), "clock_increment_s": str(increment_s),
            "clock_move_s": str(move_s), "timeout_policy": policy}), Call()).update
    model = Model(bank_s * 1000, increment_s * 1000, move_s * 1000,
                  [SeatModel(bank_s * 1000) for _ in range(players)])
    model.deciding({d.seat for d in update.decisions}, now[0])
    field_name = registry.ENGINES[game_id].spec.proto_field
    _check(model, update)
    while update.decisions:
        deciding = sorted(d.seat for d in update.decisions)
        ends = {seat: end for seat in deciding if (end := model.deadline(seat)) is not None}
        in_time = [seat for seat in deciding if ends[seat] + TOLERANCE_MS >= now[0]]
        if not in_time or rng.below(25) == 0:  # a seat falls silent: its time runs out
            now[0] = max(now[0], min(ends.values()) + TOLERANCE_MS + 1) + rng.below(5000)
            overdue = [s for s in deciding if (model.deadline(s) or 0) + TOLERANCE_MS < now[0]]
            claimed = core.claim_timeout(pb.ClaimTimeoutRequest(
                state=update.state, expected_step=update.step, views=all_views()), Call()).update
            if policy == "forfeit":
                assert list(claimed.outcome.forfeited) == overdue and not claimed.decisions
                ranks = {r.seat: r.rank for r in claimed.outcome.results}
                assert all(ranks[s] > ranks[o] for s in overdue for o in ranks if o not in overdue)
                return
            for seat, _ in _policy_moves(table, update, claimed, policy, field_name):
                model.acted(seat, now[0])
            model.deciding({d.seat for d in claimed.decisions}, now[0])
            update = claimed
        else:
            seat = in_time[rng.below(len(in_time))]
            legal = next(d for d in update.decisions if d.seat == seat).legal_actions
            room = ends[seat] + TOLERANCE_MS - now[0]
            now[0] += rng.below(room + 1) if rng.below(3) else rng.below(max(1, room // 10))
            update = core.apply_action(pb.ApplyActionRequest(
                state=update.state, seat=seat, action=legal[rng.below(len(legal))],
                expected_step=update.step, views=all_views()), Call()).update
            model.acted(seat, now[0])
            model.deciding({d.seat for d in update.decisions}, now[0])
        _check(model, update)
    for seat, model_seat in enumerate(model.seats):
        if model.bank_ms and not model_seat.ran_dry:
            assert model_seat.charged == model_seat.decided, f"seat {seat}"


#: Every game with every timeout policy it takes (pass: where a decision has one).
TABLES = [(game_id, policy) for game_id in GAMES
          for policy in ("random", "greedy", "pass", "forfeit")
          if policy != "pass" or registry.ENGINES[game_id].has_pass]


@pytest.mark.parametrize(("game_id", "policy"), TABLES)
@settings(max_examples=3)
@given(seed=st.binary(min_size=1, max_size=8))
@example(seed=b"clock-1")
def test_property_clocks_charge_exactly_the_time_each_seat_decided(
        game_id: str, policy: str, seed: bytes) -> None:
    engine = registry.ENGINES[game_id]
    players = engine.spec.min_players + Rng(seed).below(
        engine.spec.max_players - engine.spec.min_players + 1)
    if game_id == "market-fresh" and players == 1:
        players = 2
    try:
        play_with_random_times(game_id, players, policy, seed)
    except ServiceError as exc:  # pragma: no cover - a refusal is a failure, said plainly
        raise AssertionError(f"{exc.reason}: {exc}") from None
