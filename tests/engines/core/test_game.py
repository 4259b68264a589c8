"""`Game`, the framework around every engine: step, seed and RNG counter,
the generic refusals, and the checks of the state header on decode.

A two-seat toy engine stands in for a real game, so each test sees exactly
what the framework hands the engine (the RNG position above all).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import pytest
from google.protobuf.wrappers_pb2 import Int32Value

from engines.core import (
    Decision,
    Engine,
    Event,
    Game,
    GameOver,
    GameSpec,
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    NotYourTurn,
    OptionSpec,
    OptionValue,
    Outcome,
    Rng,
    SeatResult,
    StaleStep,
)
from engines.core.game import SCHEMA_VERSION

#: (draws so far, whose turn); each action draws one number below 1000.
ToyState = tuple[tuple[int, ...], int]
TURNS = 4


class ToyEngine(Engine[ToyState, Int32Value]):
    """Seats take turns; every action draws from the RNG; over after four turns."""

    spec = GameSpec(
        "toy", "Toy", 2, 2, "toy/1",
        options=(OptionSpec("fast", "bool", False, "a flag"),),
        max_action_bytes=8,
    )
    action_type = Int32Value
    proto_field = "toy"

    def new_game(self, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> ToyState:
        return ((rng.below(1000),), 0)

    def to_act(self, state: ToyState) -> Sequence[Decision]:
        draws, turn = state
        return [] if len(draws) > TURNS else [Decision(turn, "turn")]

    def legal_actions(self, state: ToyState, seat: int) -> Sequence[Int32Value]:
        deciding = any(d.seat == seat for d in self.to_act(state))
        return [Int32Value(value=v) for v in (1, 2)] if deciding else []

    def apply(self, state: ToyState, seat: int, action: Int32Value, rng: Rng) -> tuple[ToyState, list[Event]]:
        draws, turn = state
        return ((*draws, rng.below(1000)), 1 - turn), [Event(action)]

    def view(self, state: ToyState, seat: int | None) -> Int32Value:
        return Int32Value(value=len(state[0]))

    def outcome(self, state: ToyState) -> Outcome | None:
        if self.to_act(state):
            return None
        return Outcome((SeatResult(0, 0, 1), SeatResult(1, 0, 1)), (0, 1), "shared")

    def encode(self, state: ToyState) -> bytes:
        return json.dumps([list(state[0]), state[1]]).encode()

    def decode(self, data: bytes) -> ToyState:
        draws, turn = json.loads(data)
        return tuple(draws), turn

    def resample_hidden(self, state: ToyState, observer: int, rng: Rng) -> ToyState:
        return state


TOY = ToyEngine()
ONE = Int32Value(value=1)


def play(turns: int, seed: bytes = b"toy-seed") -> Game:
    game = Game.new(TOY, 2, {}, seed)
    for _ in range(turns):
        game, _ = game.apply(game.to_act()[0].seat, ONE)
    return game


def test_rng_counter_is_carried_from_step_to_step() -> None:
    """Every draw of a game, set-up and each step, continues one stream:
    step N starts where step N-1 stopped, so no two steps repeat a draw."""
    game = play(TURNS)
    stream = Rng(b"toy-seed")
    assert game.state[0] == tuple(stream.below(1000) for _ in range(TURNS + 1))
    assert game.rng_counter == stream.counter


def test_set_up_draws_advance_the_counter() -> None:
    game = Game.new(TOY, 2, {}, b"toy-seed")
    assert game.rng_counter == 1 and game.step == 0


def test_step_counts_applied_actions_and_apply_keeps_the_input() -> None:
    start = Game.new(TOY, 2, {}, b"s")
    before = start.encode()
    after, events = start.apply(0, ONE, expected_step=0)
    assert (after.step, start.step) == (1, 0)
    assert start.encode() == before
    assert [e.message for e in events] == [ONE]
    assert after.to_act() == (Decision(1, "turn"),)


def test_stale_step_is_refused() -> None:
    game = play(2)
    with pytest.raises(StaleStep):
        game.apply(0, ONE, expected_step=1)
    with pytest.raises(StaleStep):
        game.apply(0, ONE, expected_step=3)
    assert game.apply(0, ONE, expected_step=2)[0].step == 3


def test_a_finished_game_refuses_every_action() -> None:
    game = play(TURNS)
    assert game.to_act() == () and game.outcome() is not None
    with pytest.raises(GameOver):
        game.apply(0, ONE)


@pytest.mark.parametrize("seat", [1, 2, -1])
def test_a_seat_that_is_not_deciding_is_refused(seat: int) -> None:
    with pytest.raises(NotYourTurn):
        Game.new(TOY, 2, {}, b"s").apply(seat, ONE)


def test_an_action_outside_the_legal_list_is_refused() -> None:
    with pytest.raises(IllegalAction):
        Game.new(TOY, 2, {}, b"s").apply(0, Int32Value(value=3))


def test_an_action_larger_than_the_bound_is_refused_unread() -> None:
    """Refused before the stale-step or turn checks: its size alone rules it out."""
    with pytest.raises(MalformedAction):
        Game.new(TOY, 2, {}, b"s").apply(1, Int32Value(value=-1), expected_step=7)


def test_seed_commitment_is_the_seeds_sha256() -> None:
    import hashlib

    assert Game.new(TOY, 2, {}, b"s").seed_commitment == hashlib.sha256(b"s").digest()


# ------------------------------------------------------------------ encoding


def test_encode_decode_round_trip_keeps_every_field() -> None:
    game = play(2, seed=b"\x00\xffseed")
    again = Game.decode(TOY, game.encode())
    assert again == game and again.encode() == game.encode()
    assert (again.seed, again.rng_counter, again.step) == (b"\x00\xffseed", game.rng_counter, 2)
    assert again.digest() == game.digest()


def test_the_header_names_schema_game_rules_players_options_seed_counter_step() -> None:
    game = Game.new(TOY, 2, {"fast": "yes"}, b"ab")
    head, _, body = game.encode().partition(b"\n")
    assert json.loads(head) == [SCHEMA_VERSION, "toy", "toy/1", 2, {"fast": "true"}, "6162", 1, 0]
    assert body == TOY.encode(game.state)


def _header(**change: object) -> bytes:
    fields = {"schema": SCHEMA_VERSION, "game": "toy", "rules": "toy/1", "players": 2,
              "options": {}, "seed": "6162", "counter": 1, "step": 0}
    fields.update(change)
    return json.dumps(list(fields.values())).encode() + b"\n" + TOY.encode(((1,), 0))


@pytest.mark.parametrize(
    "data, says",
    [
        (b'[1,"toy"]', "no header"),
        (b"not json\n[]", "malformed"),
        (b'[1,"toy"]\n[]', "malformed"),
        (_header(schema=2), "schema 2"),
        (_header(game="other"), "'other'"),
        (_header(rules="toy/0"), "rules 'toy/0'"),
        (_header(options=["fast"]), "options are malformed"),
        (_header(options={"fast": True}), "options are malformed"),
        (_header(seed="zz"), "seed"),
        (_header(seed=""), "seed"),
        (_header(counter=-1), "counter"),
        (_header(counter="1"), "counter"),
        (_header(step=-1), "step"),
        (_header(step=1.5), "step"),
        (_header(players="2"), "players"),
    ],
)
def test_decode_refuses_a_header_that_does_not_fit(data: bytes, says: str) -> None:
    """A state from another game, rules version, schema or build is refused
    with a ValueError naming the part that does not fit, never misread."""
    with pytest.raises(ValueError, match=says):
        Game.decode(TOY, data)


@pytest.mark.parametrize("change", [{"players": 3}, {"options": {"slow": "true"}},
                                    {"options": {"fast": "maybe"}}])
def test_decode_refuses_options_the_game_does_not_take(change: dict[str, object]) -> None:
    with pytest.raises(InvalidOptions):
        Game.decode(TOY, _header(**change))


def test_decode_fills_options_added_since_the_state_was_made() -> None:
    assert Game.decode(TOY, _header()).options == {"fast": False}
