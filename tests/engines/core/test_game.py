"""`Game`, the framework around every engine: step, seed and RNG counter,
the generic refusals, and the checks of the state header on decode.

A two-seat toy engine stands in for a real game, so each test sees exactly
what the framework hands the engine (the RNG position above all).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import pytest
from google.protobuf.wrappers_pb2 import Int32Value, Int64Value

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
from engines.core.engine import Standing
from engines.core.game import SCHEMA_VERSION

#: (draws so far, whose turn); each action draws one number below 1000.
ToyState = tuple[tuple[int, ...], int]
TURNS = 4


class ToyEngine(Engine[ToyState, Int32Value]):
    """Seats take turns; every action draws from the RNG; over after four turns."""

    spec = GameSpec(
        "toy", "Toy", 2, 2, "toy/1",
        options=(OptionSpec("fast", "bool", False, "a flag"),),
        max_action_bytes=8, proto_field="toy", action_type=Int32Value, sealed_size=256,
    )

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

    def standing(self, state: ToyState) -> Standing:
        return Standing(((0,), (0,)), ())

    def encode(self, state: ToyState) -> bytes:
        # Several lines on purpose: the framework's header ends at the first newline.
        return json.dumps([list(state[0]), state[1]], indent=1).encode()

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
    with pytest.raises(StaleStep, match="chosen at step 1 but the game is at step 2"):
        game.apply(0, ONE, expected_step=1)
    with pytest.raises(StaleStep):
        game.apply(0, ONE, expected_step=3)
    assert game.apply(0, ONE, expected_step=2)[0].step == 3


def test_a_finished_game_refuses_every_action() -> None:
    game = play(TURNS)
    assert game.to_act() == () and game.outcome() is not None
    with pytest.raises(GameOver) as refused:
        game.apply(0, ONE)
    assert str(refused.value) == "the game is over; no more actions are accepted"


@pytest.mark.parametrize("seat, says", [
    (1, "seat 1 is not deciding now; waiting for seat(s) 0"),
    (2, "seat 2 does not exist in a 2-player game"),
    (-1, "seat -1 does not exist in a 2-player game"),
])
def test_a_seat_that_is_not_deciding_is_refused(seat: int, says: str) -> None:
    with pytest.raises(NotYourTurn) as refused:
        Game.new(TOY, 2, {}, b"s").apply(seat, ONE)
    assert str(refused.value) == says


def test_an_action_outside_the_legal_list_is_refused() -> None:
    with pytest.raises(IllegalAction, match="not legal for seat 0 now; see legal_actions"):
        Game.new(TOY, 2, {}, b"s").apply(0, Int32Value(value=3))


def test_an_action_larger_than_the_bound_is_refused_unread() -> None:
    """Refused before the stale-step or turn checks: its size alone rules it out."""
    with pytest.raises(MalformedAction) as refused:
        Game.new(TOY, 2, {}, b"s").apply(1, Int32Value(value=-1), expected_step=7)
    assert str(refused.value) == "a toy action is at most 8 bytes; this one has 11: it cannot be legal"
    at_bound, above = Int64Value(value=1 << 48), Int64Value(value=1 << 49)
    assert (at_bound.ByteSize(), above.ByteSize()) == (8, 9)
    with pytest.raises(IllegalAction):  # read, then found not legal
        Game.new(TOY, 2, {}, b"s").apply(0, at_bound)
    with pytest.raises(MalformedAction):
        Game.new(TOY, 2, {}, b"s").apply(0, above)


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
    assert head == b'[1,"toy","toy/1",2,{"fast":"true"},"6162",1,0]'
    assert json.loads(head)[0] == SCHEMA_VERSION
    assert body == TOY.encode(game.state) and b"\n" in body


def _header(**change: object) -> bytes:
    fields = {"schema": SCHEMA_VERSION, "game": "toy", "rules": "toy/1", "players": 2,
              "options": {}, "seed": "6162", "counter": 1, "step": 0}
    fields.update(change)
    return json.dumps(list(fields.values())).encode() + b"\n" + TOY.encode(((1,), 0))


@pytest.mark.parametrize(
    "data, says",
    [
        (b'[1,"toy"]', "state has no header"),
        (b"not json\n[]", "state header is malformed"),
        (b'[1,"toy"]\n[]', "state header is malformed"),
        (_header(schema=2), "state schema 2 is not supported (this server: 1)"),
        (_header(game="other"), "state belongs to 'other', not 'toy'"),
        (_header(rules="toy/0"), "state was made under rules 'toy/0'; this server plays 'toy/1'"),
        (_header(options=["fast"]), "state options are malformed"),
        (_header(options={"fast": True}), "state options are malformed"),
        (_header(seed="zz"), "state seed is malformed"),
        (_header(seed=""), "state seed is malformed"),
        (_header(seed=5), "state seed is malformed"),
        (_header(seed="61" * 65), "state seed is malformed"),
        (_header(counter=-1), "state field rng counter is malformed"),
        (_header(counter="1"), "state field rng counter is malformed"),
        (_header(step=-1), "state field step is malformed"),
        (_header(step=1.5), "state field step is malformed"),
        (_header(players="2"), "state field players is malformed"),
        (_header(players=0), "state field players is malformed"),
        (_header(players=1 << 64), "state field players is malformed"),
        (_header(counter=1 << 64), "state field rng counter is malformed"),
        (_header(step=1 << 64), "state field step is malformed"),
    ],
)
def test_decode_refuses_a_header_that_does_not_fit(data: bytes, says: str) -> None:
    """A state from another game, rules version, schema or build is refused
    with a ValueError naming the part that does not fit, never misread."""
    with pytest.raises(ValueError) as refused:
        Game.decode(TOY, data)
    assert str(refused.value) == says


def test_decode_takes_the_largest_counts_a_header_may_hold() -> None:
    """The header's bounds are 64-bit counts, inclusive: a long-lived game's
    counter and step at the top of their range still decode."""
    top = (1 << 64) - 1
    game = Game.decode(TOY, _header(counter=top, step=top))
    assert (game.rng_counter, game.step) == (top, top)


@pytest.mark.parametrize("change", [{"players": 3}, {"players": 1}, {"options": {"slow": "true"}},
                                    {"options": {"fast": "maybe"}}])
def test_decode_refuses_options_the_game_does_not_take(change: dict[str, object]) -> None:
    with pytest.raises(InvalidOptions):
        Game.decode(TOY, _header(**change))


def test_decode_fills_options_added_since_the_state_was_made() -> None:
    assert Game.decode(TOY, _header()).options == {"fast": False}


@pytest.mark.parametrize("seed, counter, step", [("61", 0, 0), ("ab" * 64, 7, 3)])
def test_decode_takes_every_seed_length_and_a_fresh_counter(seed: str, counter: int, step: int) -> None:
    game = Game.decode(TOY, _header(seed=seed, counter=counter, step=step))
    assert (game.seed, game.rng_counter, game.step) == (bytes.fromhex(seed), counter, step)
