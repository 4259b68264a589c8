"""Invariants that hold on every state of seeded random games."""

from __future__ import annotations

import pytest

from engines.core import Game, Rng
from engines.spice_merchant import ENGINE, rules
from engines.spice_merchant.state import GAME_OVER, NONE, NOT_ENDED, REGISTRATION, TRADING, State
from tests.engines.spice_merchant.helpers import CARD_COUNTS, HAND_SIZE, MARKET_CAPACITY, MARKETS_PER_SPICE


def _check(state: State) -> None:
    assert state.card_census() == list(CARD_COUNTS)
    for spice in range(6):
        assert rules.markets_held(state, spice) <= MARKETS_PER_SPICE
    assert all(0 <= count <= MARKET_CAPACITY for _, count in state.markets)
    assert all(state.hand_size(seat) <= HAND_SIZE for seat in range(state.num_players))
    assert [sum(points) for points in state.round_points] == state.scores
    if state.phase == TRADING:
        # A running round never satisfies an end condition, and the seat to
        # act can act (every spice always has a market: the lemma in the docs).
        assert rules.round_end_reason(state) == NOT_ENDED
        assert rules.can_act(state, state.turn)
        for spice in range(6):
            assert rules.can_place(state, spice)
        for seat in range(state.num_players):
            assert not state.passed[seat] or state.hand_size(seat) == 0
    if state.phase == REGISTRATION:
        assert all(m == [NONE, 0] for m in state.markets)
        assert all(g == NONE for g in state.open_goods)
    if state.phase == GAME_OVER:
        assert state.round_no == 4 and all(len(p) == 4 for p in state.round_points)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [b"1", b"2", b"3", b"4", b"5"])
def test_invariants_hold_through_random_games(players: int, seed: bytes) -> None:
    game = Game.new(ENGINE, players, {}, seed)
    policy = Rng(seed + b"-policy")
    steps = 0
    while game.to_act():
        _check(game.state)
        deciders = game.to_act()
        seat = deciders[policy.below(len(deciders))].seat
        actions = ENGINE.legal_actions(game.state, seat)
        game, events = game.apply(seat, actions[policy.below(len(actions))])
        steps += 1
        for event in events:
            if event.audience is None and event.message.WhichOneof("event") == "cards_drawn":
                # "You always have 7 cards in your hand when your turn is
                # finished", unless the deck ran out.
                drawn = event.message.cards_drawn
                full = game.state.hand_size(drawn.seat) == HAND_SIZE
                assert full == (drawn.missing == 0)
    _check(game.state)
    assert game.state.phase == GAME_OVER and steps < 400
    outcome = ENGINE.outcome(game.state)
    assert outcome is not None
    assert [r.score for r in outcome.results] == game.state.scores
