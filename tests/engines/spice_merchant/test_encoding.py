"""The state's wire form: compact, deterministic, validated on the way in."""

from __future__ import annotations

import json

import pytest

from engines.core import Game, Rng
from engines.spice_merchant import ENGINE
from engines.spice_merchant.state import decode, encode
from tests.engines.spice_merchant.tables import fake, play, table


def test_round_trip_through_a_game() -> None:
    game = Game.new(ENGINE, 4, {"nutmeg-prices": "3-5-7-9"}, b"enc")
    policy = Rng(b"p")
    while game.to_act():
        data = encode(game.state)
        assert decode(data) == game.state and encode(decode(data)) == data
        deciders = game.to_act()
        seat = deciders[policy.below(len(deciders))].seat
        actions = ENGINE.legal_actions(game.state, seat)
        game, _ = game.apply(seat, actions[policy.below(len(actions))])
    assert decode(encode(game.state)) == game.state


def test_encoding_is_compact_json() -> None:
    data = encode(table(hands={0: "pepper*7", 1: "clove*7"}))
    assert b" " not in data and len(data) < 600


def _mangle(data: bytes, index: int, value: object) -> bytes:
    body = json.loads(data)
    body[index] = value
    return json.dumps(body, separators=(",", ":")).encode()


@pytest.mark.parametrize(
    ("index", "value"),
    [
        (0, 99),  # encoding version
        (1, 0),  # players
        (2, "1-2-3-4"),  # nutmeg variant
        (3, 5),  # round
        (4, 7),  # phase
        (6, 5),  # turn out of range
        (7, [9]),  # deck spice
        (8, [[1] * 6]),  # hands shape
        (9, [[3, 1], []]),  # secret goods not ascending
        (12, [[0, 5]] + [[-1, 0]] * 5),  # market over capacity
        (12, [[-1, 2]] + [[-1, 0]] * 5),  # empty market with cards
        (13, [0, "x"]),  # scores
    ],
)
def test_decode_refuses_malformed_states(index: int, value: object) -> None:
    data = encode(table(hands={0: "pepper*7", 1: "clove*7"}))
    with pytest.raises(ValueError):
        decode(_mangle(data, index, value))


def test_decode_refuses_a_state_that_lost_or_gained_a_card() -> None:
    state = table(hands={0: "pepper*7", 1: "clove*7"})
    state.deck.pop()
    with pytest.raises(ValueError, match="84"):
        decode(encode(state))
    for junk in (b"", b"{}", b"[1,2]", b"\xff"):
        with pytest.raises(ValueError):
            decode(junk)


def test_decode_after_scoring_keeps_the_last_round() -> None:
    state = table(
        hands={0: "clove*4 pepper*3", 1: "pepper*7"}, secret={0: "clove"}, markets={"A": "saffron*4"}
    )
    after, _ = play(state, 0, fake("B", "clove", 4))
    again = decode(encode(after))
    assert again == after
    assert ENGINE.view(again, 1) == ENGINE.view(after, 1)
