"""The bots' heuristic for Central Market (engines/central_market/evaluation.py)."""

from __future__ import annotations

from engines.central_market import ENGINE
from engines.central_market.evaluation import ACTION_CARD, INCOME, estimate, promised_income
from engines.central_market.state import LOWERING
from tests.engines.central_market.helpers import TOMATOES, Play, make_state


def test_bids_promise_income_lowest_bid_first_within_the_product_limit() -> None:
    """Seat 2 (bid 3, 4 kg) sells first; seat 0 (bid 5, 7 kg of tomatoes)
    only the 6 kg left of the 10 kg product limit."""
    hands = [["tomatoes-4", "tomatoes-3", "carrots-2"], ["carrots-3"], ["tomatoes-4"]]
    play = Play(make_state(hands)).offer(0, TOMATOES, 5).pass_(1).bid(2, 3)
    s = play.state
    assert (s.phase, s.bids) == (LOWERING, [5, 0, 3])  # seat 0 may still lower
    assert promised_income(s) == [6 * 5, 0, 4 * 3]


def test_estimate_is_victory_points_plus_this_rounds_ranking() -> None:
    hands = [["tomatoes-4", "tomatoes-3"], ["carrots-3"], ["tomatoes-4"]]
    s = Play(make_state(hands, vp=[4, 2, 0])).offer(0, TOMATOES, 5).pass_(1).bid(2, 3).state
    points = estimate(s)
    cards = 3 * ACTION_CARD
    # incomes 30, 0, 12 rank seat 0 first (3 VP), seat 2 second (2), seat 1 none
    assert points == [4 + 3 + INCOME * 30 + cards, 2 + 0 + cards, 0 + 2 + INCOME * 12 + cards]
    assert ENGINE.estimate(s) == points
