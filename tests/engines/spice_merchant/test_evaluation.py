"""The bots' heuristic for Spice Merchant (engines/spice_merchant/evaluation.py)."""

from __future__ import annotations

from engines.spice_merchant import ENGINE
from engines.spice_merchant.evaluation import TIE_BREAK, estimate
from tests.engines.spice_merchant.helpers import table


def test_registered_goods_count_what_the_markets_would_pay_now() -> None:
    """Seat 0's secret clove sells at the 2-card clove market (4 points) and
    its open saffron at the 1-card saffron market (3); seat 1's ginger has
    no market yet."""
    s = table(hands={0: "pepper", 1: "pepper"}, secret={0: "clove", 1: "ginger"},
              open_goods={0: "saffron"}, markets={"A": "clove*2", "B": "saffron"},
              scores=[5, 9], score_cards={1: "pepper*3"})
    assert estimate(s) == [5 + 4 + 3, 9 + 0 + 3 * TIE_BREAK]
    assert ENGINE.estimate(s) == estimate(s)


def test_a_fake_demand_on_the_own_good_raises_the_estimate() -> None:
    before = table(hands={0: "clove*2", 1: "pepper"}, secret={0: "clove"},
                   markets={"A": "clove"})
    after = table(hands={0: "clove", 1: "pepper"}, secret={0: "clove"},
                  markets={"A": "clove*2"})
    assert estimate(after)[0] > estimate(before)[0]


def test_a_seat_with_no_goods_registered_counts_its_score_alone() -> None:
    s = table(hands={0: "pepper", 1: "pepper"}, secret={0: "clove"}, markets={"A": "clove"},
              scores=[2, 6], score_cards={1: "ginger"})
    assert estimate(s) == [2 + 2, 6 + TIE_BREAK]
