"""The engine's state bytes: deterministic, round-trip, refuse malformed input."""

from __future__ import annotations

import json

import pytest

from engines.core import Game
from engines.market_fresh import ENGINE
from engines.market_fresh.state import decode, encode


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
