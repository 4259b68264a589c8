"""The state's wire form: compact, deterministic, validated on the way in."""

from __future__ import annotations

import json

import pytest

from engines.core import Game, Rng
from engines.spice_merchant import ENGINE
from engines.spice_merchant.state import encode
from tests.engines.spice_merchant.helpers import fake, play, table

decode = ENGINE.decode


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


FIELDS = {
    1: "num_players", 3: "round_no", 4: "phase", 5: "first_player", 6: "turn", 7: "deck",
    8: "hands", 9: "secret goods", 10: "registered flags", 11: "open goods", 12: "markets",
    13: "scores", 14: "score cards", 15: "passed flags", 16: "round points", 17: "last_end",
    18: "last markets", 19: "last secret goods", 20: "last open goods",
}


@pytest.mark.parametrize("index", sorted(FIELDS), ids=[FIELDS[i] for i in sorted(FIELDS)])
@pytest.mark.parametrize("junk", ["x", -7, [[["x"]]]])
def test_decode_names_the_field_that_does_not_fit(index: int, junk: object) -> None:
    """A state written by an incompatible build is refused, naming the field
    (never a crash deep in the rules)."""
    data = encode(table(players=3, hands={0: "pepper*7", 1: "clove*7"}))
    with pytest.raises(ValueError) as refused:
        decode(_mangle(data, index, junk))
    if index == 6 and junk == -7:
        return  # read before the phase check, which names no field
    assert f"state field {FIELDS[index]} " in str(refused.value)


@pytest.mark.parametrize(
    ("index", "value", "says"),
    [
        (0, 99, "spice-merchant state has the wrong encoding version"),
        (2, 7, "spice-merchant state names an unknown nutmeg-prices variant"),
        (6, -1, "spice-merchant state has a seat to act outside trading, or none in it"),
        (9, [[3, 1], [], []], "secret goods are not in canonical order"),
        (12, [[6, 1]] + [[-1, 0]] * 5, "markets hold an impossible pile"),
        (12, [[0, 1, 1]] + [[-1, 0]] * 5, "state field markets has the wrong shape"),
    ],
)
def test_decode_says_which_rule_a_state_breaks(index: int, value: object, says: str) -> None:
    state = table(players=3, hands={0: "pepper*7", 1: "clove*7"})
    if index == 9:  # the secret goods' two cards come out of the deck
        state.deck.remove(3)
        state.deck.remove(1)
    data = encode(state)
    with pytest.raises(ValueError) as refused:
        decode(_mangle(data, index, value))
    assert str(refused.value) == says


def test_decode_takes_every_bound_a_real_game_reaches() -> None:
    """Last round, last seat, four players, scores and a full market: all read back."""
    state = table(players=4, round_no=4, first=3, hands={3: "saffron*2"},
                  markets={"F": "pepper*4"}, scores=[0, 5, 1 << 20, 3])
    assert decode(encode(state)) == state


def test_a_header_naming_another_player_count_than_the_body_is_refused() -> None:
    """The header and the body each say how many play; a state whose two
    disagree was not written by this server, and is refused rather than misread."""
    head, _, body = Game.new(ENGINE, 2, {}, b"count").encode().partition(b"\n")
    header = json.loads(head)
    header[3] = 3  # [schema, game, rules, players, options, seed, counter, step]
    mangled = json.dumps(header, separators=(",", ":")).encode() + b"\n" + body
    with pytest.raises(ValueError, match=r"^state body holds another player count than its header$"):
        Game.decode(ENGINE, mangled)
