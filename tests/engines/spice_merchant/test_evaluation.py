"""The bots' heuristic for Spice Merchant (engines/spice_merchant/evaluation.py)."""

from __future__ import annotations

from engines.spice_merchant import ENGINE
from engines.spice_merchant.evaluation import HAND_SHARE, TIE_BREAK, estimate, search_estimate
from engines.spice_merchant.state import REGISTRATION
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


def test_the_search_counts_a_share_of_what_the_hand_could_add_to_the_goods() -> None:
    """Seat 0's clove sells for 2 at the 1-card clove market; its 2 cloves in
    hand would make that market 3 cards, 6 points. Seat 1's ginger has no
    market; its 1 ginger in hand would open one at 1 point. Seat 0's pepper
    in hand is no good of its own and adds nothing."""
    s = table(hands={0: "clove*2 pepper", 1: "ginger"}, secret={0: "clove", 1: "ginger"},
              markets={"A": "clove"}, scores=[5, 9])
    assert estimate(s) == [5 + 2, 9 + 0]
    assert search_estimate(s) == [5 + 2 + HAND_SHARE * (6 - 2), 9 + HAND_SHARE * 1]
    assert ENGINE.search_estimate(s) == search_estimate(s)


def test_the_hands_potential_stops_at_a_markets_capacity() -> None:
    """Four cards fill a market: 3 cloves in hand on a 2-card market make it
    4 cards (8 points), not 5."""
    s = table(hands={0: "clove*3", 1: "pepper"}, secret={0: "clove"}, markets={"A": "clove*2"})
    assert search_estimate(s)[0] == 4 + HAND_SHARE * (8 - 4)


def test_while_goods_are_registered_the_search_counts_no_hand() -> None:
    s = table(phase=REGISTRATION, hands={0: "clove*2", 1: "pepper"}, secret={0: "clove"},
              registered=[0], markets={})
    assert search_estimate(s) == estimate(s)
