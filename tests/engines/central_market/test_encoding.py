"""The state's wire form: every field is checked by its declared type on
the way in, and a refusal names the field."""

from __future__ import annotations

import json
from dataclasses import fields
from functools import cache

import pytest

from engines.central_market import ENGINE, VERSIONS
from engines.central_market.state import GAME_OVER, RoundScore, Sale, State, encode
from engines.central_market.state import decode as decode_under
from engines.core import Game, Rng
from engines.core.standard import StandardEngine

#: The encoded fields, in order (the rules come from the version, not the bytes).
NAMES = [f.name for f in fields(State) if f.name != "rules"]


def decode(data: bytes) -> State:
    return decode_under(data, ENGINE.rules)


def _midgame() -> State:
    """A fresh copy of a 4-seat game some way in: sales, history and set-aside cards exist."""
    return decode(_midgame_bytes())


@cache
def _midgame_bytes() -> bytes:
    game = Game.new(ENGINE, 4, {}, b"encoding")
    policy = Rng(b"encoding-policy")
    while game.state.round < 3 or not game.state.sales:
        deciders = game.to_act()
        seat = deciders[policy.below(len(deciders))].seat
        actions = ENGINE.legal_actions(game.state, seat)
        game, _ = game.apply(seat, actions[policy.below(len(actions))])
    return encode(game.state)


def _mangle(data: bytes, index: int, value: object) -> bytes:
    body = json.loads(data)
    body[index] = value
    return json.dumps(body, separators=(",", ":")).encode()


def test_sales_and_history_read_back_as_records() -> None:
    state = _midgame()
    again = decode(encode(state))
    assert again == state and encode(again) == encode(state)
    assert all(isinstance(s, Sale) and isinstance(s.cards, tuple) for s in again.sales)
    assert all(isinstance(h, RoundScore) and isinstance(h.incomes, tuple) for h in again.history)
    assert json.loads(encode(state))[NAMES.index("sales")][0] == [
        *state.sales[0][:10], list(state.sales[0].cards), list(state.sales[0].rotted_by)
    ]


@pytest.mark.parametrize("name", NAMES[1:])
@pytest.mark.parametrize("junk", ["x", [["x"]], [1] * 7])
def test_decode_names_the_field_that_does_not_fit(name: str, junk: object) -> None:
    """A list of the wrong length, a nested list where ints belong, or a
    string: each is refused with the field's name."""
    data = encode(_midgame())
    kind = type(getattr(_midgame(), name))
    if junk == [1] * 7 and kind in (int, bool):
        junk = [1]
    if junk == [1] * 7 and name in ("offered", "sell_order", "sale_cards", "sale_rotted_by",
                                    "queue", "draw", "discard"):
        junk = [1 << 40]  # any length is fine here; the value is not
    with pytest.raises(ValueError) as refused:
        decode(_mangle(data, NAMES.index(name), junk))
    assert f"state field {name} " in str(refused.value)


@pytest.mark.parametrize("record", [
    [1] * 11, [1] * 8 + [1, False, [], []], [1] * 8 + [True, True, [], [None]],
    [1] * 7 + ["x", True, True, [], []], [1] * 8 + [True, True, [], "x"],
    [1] * 8 + [True, True, "x", []], [1] * 8 + [True, "x", [], []],
])
def test_a_malformed_sale_record_is_refused(record: list[object]) -> None:
    data = encode(_midgame())
    with pytest.raises(ValueError, match=r"^state field sales (is malformed|holds|has the wrong shape)"):
        decode(_mangle(data, NAMES.index("sales"), [record]))


@pytest.mark.parametrize("entry", [[1, [1]], [1, [1], ["x"]], ["r", [1], [1]], [1, ["x"], [1]]])
def test_a_malformed_round_score_is_refused(entry: list[object]) -> None:
    data = encode(_midgame())
    with pytest.raises(ValueError, match=r"^state field history "):
        decode(_mangle(data, NAMES.index("history"), [entry]))


@pytest.mark.parametrize(("name", "value", "says"), [
    ("num_players", 6, "state field num_players is malformed"),
    ("num_players", 2, "state field num_players is malformed"),
    ("draw", [15], "central-market state holds an unknown card"),
    ("discard", [-1], "central-market state holds an unknown card"),
    ("starting_player", 4, "central-market state has an out-of-range seat or phase"),
    ("starting_player", -1, "central-market state has an out-of-range seat or phase"),
    ("phase", 0, "central-market state has an out-of-range seat or phase"),
    ("phase", GAME_OVER + 1, "central-market state has an out-of-range seat or phase"),
])
def test_decode_says_which_rule_a_state_breaks(name: str, value: object, says: str) -> None:
    data = encode(_midgame())
    with pytest.raises(ValueError) as refused:
        decode(_mangle(data, NAMES.index(name), value))
    assert str(refused.value) == says


def test_decode_takes_the_bounds_a_real_game_reaches() -> None:
    state = _midgame()
    state.starting_player, state.phase = 3, GAME_OVER
    state.draw = [0, 14]
    assert decode(encode(state)) == state


@pytest.mark.parametrize("engine", VERSIONS, ids=[e.spec.rules_version for e in VERSIONS])
def test_each_rules_version_reads_back_its_own_layout(engine: object) -> None:
    """Version 1's layout ends at the round history (its bytes never change);
    version 2 adds its two options and the face-down discarded hands. A
    version 1 state decodes with version 1's values for what it lacks."""
    assert isinstance(engine, StandardEngine)
    game = Game.new(engine, 3, {}, b"layouts")
    data = encode(game.state)
    body = json.loads(data)
    if engine.rules.choice_options:
        assert len(body) == len(NAMES) and body[-3:] == [False, False, [[], [], []]]
    else:
        assert len(body) == NAMES.index("history") + 1
        state = decode_under(data, engine.rules)
        assert (state.cheat_mixed, state.reveal_discards, state.discarded) == (True, True, [[], [], []])
    assert encode(decode_under(data, engine.rules)) == data
    other = next(e for e in VERSIONS if e is not engine)
    with pytest.raises(ValueError, match="must be a list of"):
        decode_under(data, other.rules)  # type: ignore[attr-defined]
