"""The engine's state bytes: deterministic, round-trip, refuse malformed input."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines.core import Game
from engines.market_fresh import ENGINE
from engines.market_fresh.state import encode

decode = ENGINE.decode


def test_round_trip_is_byte_identical() -> None:
    game = Game.new(ENGINE, 4, {"variant": "crate-heights", "grid": "4"}, b"enc")
    for _ in range(30):
        (d,) = game.to_act()
        game, _ = game.apply(d.seat, ENGINE.legal_actions(game.state, d.seat)[-1])
        data = encode(game.state)
        assert encode(decode(data)) == data
        assert decode(data) == game.state


@pytest.mark.parametrize("mutation", [
    lambda b: b.pop(),
    lambda b: b.append(0),
    lambda b: b.__setitem__(1, 7),
    lambda b: b.__setitem__(7, b[7] + b[7][:1]),  # a crate twice
    lambda b: b.__setitem__(7, b[7][1:]),  # a crate missing
    lambda b: b.__setitem__(13, [[0, 0, 12], []]),  # not adjacent squares
    lambda b: b.__setitem__(15, [1, -2]),
    lambda b: b.__setitem__(4, 2),  # place step without a chosen crate
    lambda b: b.__setitem__(5, -1),  # nobody to act in a running game
])
def test_malformed_states_are_refused(mutation: object) -> None:
    state = Game.new(ENGINE, 2, {}, b"enc").state
    body = json.loads(encode(state))
    mutation(body)  # type: ignore[operator]
    with pytest.raises(ValueError):
        decode(json.dumps(body).encode())


def test_garbage_is_refused() -> None:
    for data in (b"", b"\xff", b"{}", b"[1]"):
        with pytest.raises(ValueError):
            decode(data)


FIELDS = ["variant", "grid", "num_players", "phase", "current", "turn", "supply", "set_aside",
          "face_up", "hands", "known", "removed", "shopfronts", "board", "scores",
          "height_used", "chosen_crate", "perfect_match", "took_slot"]


def _midgame_body() -> list[object]:
    game = Game.new(ENGINE, 3, {"variant": "crate-heights"}, b"fields")
    for _ in range(25):
        (d,) = game.to_act()
        game, _ = game.apply(d.seat, ENGINE.legal_actions(game.state, d.seat)[0])
    body: list[object] = json.loads(encode(game.state))
    return body


@pytest.mark.parametrize("index", range(1, 20), ids=FIELDS)
@pytest.mark.parametrize("junk", ["x", [["x"]], 99])
def test_decode_names_the_field_that_does_not_fit(index: int, junk: object) -> None:
    body = _midgame_body()
    body[index] = 10_001 if junk == 99 and FIELDS[index - 1] == "turn" else junk
    with pytest.raises(ValueError) as refused:
        decode(json.dumps(body).encode())
    assert f"state field {FIELDS[index - 1]} " in str(refused.value)


@pytest.mark.parametrize(("index", "value", "says"), [
    (0, 2, "market-fresh state has the wrong encoding version"),
    (13, [[0, 0, 1, 5], [], []], "state field shopfronts is malformed"),
    (13, [[66, 0, 1], [], []], "state field shopfronts holds a value that is not an int in range"),
    (13, [[0, 0, 25], [], []], "state field shopfronts is malformed"),
    (13, [[0, 25, 0], [], []], "state field shopfronts is malformed"),
    (13, [[0, 0, 12], [], []], "crate 0 cannot lie on squares 0,12"),
    (11, [[65], [], []], "state lists a known crate that is not held"),
])
def test_decode_says_which_rule_a_state_breaks(index: int, value: object, says: str) -> None:
    body = json.loads(encode(Game.new(ENGINE, 3, {}, b"rules").state))
    body[index] = value
    with pytest.raises(ValueError) as refused:
        decode(json.dumps(body).encode())
    assert str(refused.value) == says


def _fresh_body() -> list[Any]:
    """A new 3-player game: 44 crates in the supply, 4 face up, no hands."""
    body: list[Any] = json.loads(encode(Game.new(ENGINE, 3, {}, b"rules").state))
    return body


@pytest.mark.parametrize(("changes", "says"), [
    ({10: [[7, 1], [], []]}, "state hands are not in ascending order"),
    ({5: -1}, "state has no seat to act before the game is over"),
    ({17: 7}, "state has a chosen crate outside the place and score steps"),
    ({4: 3, 17: 7}, "state scores a crate that was not the last one placed"),
    ({9: "first two", 19: 3}, "state refills a face-up slot that does not exist"),
    ({4: 2, 17: "top of the supply"}, "state holds a crate twice"),
    ({7: "all but the top"}, "state does not account for every crate"),
    ({16: [2048, 0, 0]}, "state field height_used holds a value that is not an int in range"),
], ids=["hands", "current", "chosen", "scored", "slot", "twice", "missing", "mask"])
def test_decode_says_which_crate_rule_a_state_breaks(changes: dict[int, object], says: str) -> None:
    """Each crate is in exactly one place, and the turn's step agrees with the
    chosen crate and the seat to act; the message names the broken rule."""
    body = _fresh_body()
    named = {"first two": body[9][:2], "top of the supply": body[7][-1], "all but the top": body[7][:-1]}
    for index, value in changes.items():
        body[index] = named.get(value, value) if isinstance(value, str) else value
    with pytest.raises(ValueError) as refused:
        decode(json.dumps(body).encode())
    assert str(refused.value) == says


def test_decode_takes_the_fullest_masks_and_the_slot_just_emptied() -> None:
    """Every produce height scored (an 11-bit mask), and a turn that took the
    last face-up crate (its slot is the row's length until the refill)."""
    body = _fresh_body()
    body[16] = [2047, 2047, 2047]
    assert decode(json.dumps(body).encode()).height_used == (2047,) * 3
    game = Game.new(ENGINE, 3, {}, b"rules")
    last = ENGINE.legal_actions(game.state, 0)[3]
    assert last.take_face_up.crate.id == game.state.face_up[-1]
    game, _ = game.apply(0, last)
    assert game.state.took_slot == len(game.state.face_up) == 3
    assert decode(encode(game.state)) == game.state
