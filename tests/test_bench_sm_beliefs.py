"""bench/experiments/sm_beliefs.py's deals: what they keep and what they redeal."""

from __future__ import annotations

from collections import Counter

from bench.experiments import sm_beliefs
from engines.core import Game, Rng
from engines.spice_merchant import ENGINE
from engines.spice_merchant.state import State
from tests.conformance.playout import playout


def _trading_state() -> State:
    game = Game.new(ENGINE, 4, {}, b"beliefs")
    for step in playout(game, b"beliefs-play"):
        state: State = step.before.state
        if any(count for _, count in state.markets) and all(state.secret_goods):
            return state
    raise AssertionError("no state with demand and secret goods")


def _hidden(state: State, observer: int) -> Counter[int]:
    cards = Counter(state.deck)
    for seat in range(state.num_players):
        if seat != observer:
            cards.update({s: n for s, n in enumerate(state.hands[seat]) if n})
            cards.update(state.secret_goods[seat])
    return cards


def test_the_oracle_keeps_every_opponents_secret_goods_and_redeals_the_rest() -> None:
    state = _trading_state()
    dealt = sm_beliefs.oracle(state, 0, Rng(b"o"))
    assert dealt.secret_goods == state.secret_goods
    assert dealt.hands[0] == state.hands[0] and dealt.markets == state.markets
    assert _hidden(dealt, 0) == _hidden(state, 0)
    assert [dealt.hand_size(s) for s in range(4)] == [state.hand_size(s) for s in range(4)]
    assert any(dealt.hands[s] != state.hands[s] for s in (1, 2, 3))


def test_a_deal_by_demand_keeps_every_public_fact_and_the_hidden_cards() -> None:
    state = _trading_state()
    dealt = sm_beliefs.by_demand(4.0)(state, 1, Rng(b"d"))
    assert dealt.secret_goods[1] == state.secret_goods[1] and dealt.hands[1] == state.hands[1]
    assert _hidden(dealt, 1) == _hidden(state, 1)
    assert [len(g) for g in dealt.secret_goods] == [len(g) for g in state.secret_goods]
    assert [dealt.hand_size(s) for s in range(4)] == [state.hand_size(s) for s in range(4)]
