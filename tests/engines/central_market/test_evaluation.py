"""The bots' heuristic for Central Market (engines/central_market/evaluation.py)."""

from __future__ import annotations

import pytest

from engines.central_market import ENGINE
from engines.central_market.evaluation import (
    ACTION_CARD,
    INCOME,
    _promise,
    estimate,
    middle_price,
    promised_income,
    round_progress,
)
from engines.central_market.moves import Offer
from engines.central_market.state import LOWERING, ROT_WINDOW, SELL, SET_ASIDE, STARTING_BID
from tests.engines.central_market.helpers import CARROTS, TOMATOES, Play, make_state


def test_bids_promise_income_lowest_bid_first_within_the_product_limit() -> None:
    """Seat 2 (bid 3, 4 kg) sells first; seat 0 (bid 5, 7 kg of tomatoes)
    only the 6 kg left of the 10 kg product limit."""
    hands = [["tomatoes-4", "tomatoes-3", "carrots-2"], ["carrots-3"], ["tomatoes-4"]]
    play = Play(make_state(hands)).offer(0, TOMATOES, 5).pass_(1).bid(2, 3)
    s = play.state
    assert (s.phase, s.bids) == (LOWERING, [5, 0, 3])  # seat 0 may still lower
    assert promised_income(s) == [6 * 5, 0, 4 * 3]


def expected(vp: list[int], ranks: list[int], income: list[int], progress: float) -> list[float]:
    cards = 3 * ACTION_CARD
    return [vp[i] + progress * ranks[i] + (1 - progress) * INCOME * income[i] + cards
            for i in range(3)]


def test_early_in_the_round_income_counts_by_its_size() -> None:
    """The first offer, with seat 1 still able to offer (seat 2 holds only
    tomatoes, on sale now, so its turn will be skipped): progress 1/2, so
    incomes 30, 0, 12 count half at 0.05 VP a point, half by their ranks
    (3, 0, 2 VP). Seat 1 with the carrots it holds in play as well: 1/3."""
    hands = [["tomatoes-4", "tomatoes-3"], ["carrots-3"], ["tomatoes-4"]]
    s = Play(make_state(hands, vp=[4, 2, 0])).offer(0, TOMATOES, 5).pass_(1).bid(2, 3).state
    assert round_progress(s) == 1 / 2
    assert estimate(s) == pytest.approx(expected([4, 2, 0], [3, 0, 2], [30, 0, 12], 1 / 2))
    assert ENGINE.estimate(s) == estimate(s)
    hands = [["tomatoes-4", "tomatoes-3"], ["carrots-3"], ["tomatoes-4", "carrots-2"]]
    s = Play(make_state(hands, vp=[4, 2, 0])).offer(0, TOMATOES, 5).pass_(1).bid(2, 3).state
    assert round_progress(s) == 1 / 3
    assert ENGINE.estimate(s) == estimate(s)


def test_late_in_the_round_the_rank_counts() -> None:
    """The last offer turn of three (two offers made, none to come): the
    ranks count in full."""
    hands = [["tomatoes-4"], ["carrots-3"], ["tomatoes-4", "tomatoes-3"]]
    s = Play(make_state(hands, vp=[0, 2, 4], offer_turn=2, offered=[CARROTS])).offer(
        2, TOMATOES, 5).bid(0, 3).state
    assert round_progress(s) == 1.0
    assert estimate(s) == pytest.approx(expected([0, 2, 4], [2, 0, 3], [12, 0, 30], 1.0))


def test_a_sale_in_its_rot_window_is_still_promised() -> None:
    """Seat 2 (bid 3) has played 4 kg and waits on seat 0's Rot; seat 0
    (bid 5) still waits to sell 6 kg. Both count, as they did a step before."""
    hands = [["tomatoes-4", "tomatoes-3"], ["carrots-3"], ["tomatoes-4", "carrots-2"]]
    play = Play(make_state(hands)).offer(0, TOMATOES, 5).pass_(1).bid(2, 3).stay(0)
    assert play.state.phase == SELL
    before = promised_income(play.state)
    play.sell(2, "tomatoes-4")
    assert (play.state.phase, play.state.seller) == (ROT_WINDOW, 2)
    assert promised_income(play.state) == before == [6 * 5, 0, 4 * 3]
    play.pass_(0).pass_(1)  # no Rot: the sale settles as promised
    assert (play.state.phase, play.state.seller) == (SELL, 0)
    assert play.state.income == [0, 0, 12]
    assert promised_income(play.state) == before


def test_the_starting_bid_step_values_the_offer_by_what_the_offerer_holds() -> None:
    """Before the starting bid every bid is cleared: the offerer counts as
    the only bidder at the middle price, so offering 7 kg of tomatoes is
    worth more than 3 kg of carrots."""
    hands = [["tomatoes-4", "tomatoes-3", "carrots-3"], ["carrots-3"], ["tomatoes-4"]]
    tomatoes = Play(make_state(hands)).act(0, Offer(TOMATOES)).state
    carrots = Play(make_state(hands)).act(0, Offer(CARROTS)).state
    assert tomatoes.phase == carrots.phase == STARTING_BID
    assert middle_price(tomatoes) == 5
    assert promised_income(tomatoes) == [7 * 5, 0, 0]
    assert promised_income(carrots) == [3 * 5, 0, 0]
    assert estimate(tomatoes)[0] > estimate(carrots)[0]


def test_once_selling_is_over_only_the_rank_counts() -> None:
    s = make_state([["tomatoes-4"], ["carrots-3"], ["tomatoes-2"]], income=[10, 0, 20])
    s.phase = SET_ASIDE
    assert round_progress(s) == 1.0
    assert estimate(s) == [2 + 3 * ACTION_CARD, 3 * ACTION_CARD, 3 + 3 * ACTION_CARD]


def test_the_promised_sale_adds_to_the_rounds_income_and_uses_up_the_limit() -> None:
    """Income already earned this round stays; the 7 kg the offerer would
    sell come off its player limit of 10 kg."""
    hands = [["tomatoes-4", "tomatoes-3", "carrots-3"], ["carrots-3"], ["tomatoes-4"]]
    s = Play(make_state(hands, income=[9, 4, 0])).act(0, Offer(TOMATOES)).state
    assert s.phase == STARTING_BID and s.player_left[0] == 10
    assert _promise(s) == ([9 + 7 * 5, 4, 0], [3, 10, 10])
