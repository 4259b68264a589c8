"""The bots' heuristic for Central Market (engines/central_market/evaluation.py)."""

from __future__ import annotations

import pytest

from engines.central_market import ENGINE
from engines.central_market.evaluation import (
    ACTION_CARD,
    INCOME,
    estimate,
    promised_income,
    round_progress,
)
from engines.central_market.state import LOWERING, SET_ASIDE
from tests.engines.central_market.helpers import TOMATOES, Play, make_state


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
    """The first of three offers (progress 1/6): incomes 30, 0, 12 count
    mostly at 0.05 VP a point, their ranks (3, 0, 2 VP) only a sixth."""
    hands = [["tomatoes-4", "tomatoes-3"], ["carrots-3"], ["tomatoes-4"]]
    s = Play(make_state(hands, vp=[4, 2, 0])).offer(0, TOMATOES, 5).pass_(1).bid(2, 3).state
    assert round_progress(s) == 1 / 6
    assert estimate(s) == pytest.approx(expected([4, 2, 0], [3, 0, 2], [30, 0, 12], 1 / 6))
    assert ENGINE.estimate(s) == estimate(s)


def test_late_in_the_round_the_rank_counts() -> None:
    """The last of three offers (progress 5/6)."""
    hands = [["tomatoes-4"], ["carrots-3"], ["tomatoes-4", "tomatoes-3"]]
    s = Play(make_state(hands, vp=[0, 2, 4], offer_turn=2)).offer(2, TOMATOES, 5).bid(0, 3).state
    assert round_progress(s) == 5 / 6
    assert estimate(s) == pytest.approx(expected([0, 2, 4], [2, 0, 3], [12, 0, 30], 5 / 6))


def test_once_selling_is_over_only_the_rank_counts() -> None:
    s = make_state([["tomatoes-4"], ["carrots-3"], ["tomatoes-2"]], income=[10, 0, 20])
    s.phase = SET_ASIDE
    assert round_progress(s) == 1.0
    assert estimate(s) == [2 + 3 * ACTION_CARD, 3 * ACTION_CARD, 3 + 3 * ACTION_CARD]
