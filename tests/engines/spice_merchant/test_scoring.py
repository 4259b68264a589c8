"""Selling goods against the markets, and the final ranking."""

from __future__ import annotations

from engines.spice_merchant import rules
from engines.spice_merchant.scoring import Sale, sell_goods
from tests.engines.spice_merchant.helpers import CLOVE, GINGER, PEPPER, SAFFRON, price_list, table

PRICES = price_list("2-5-7-9")
EMPTY = [-1, 0]


def markets(*piles: tuple[int, int]) -> list[list[int]]:
    rows = [list(p) for p in piles]
    return rows + [EMPTY[:] for _ in range(6 - len(rows))]


def test_a_good_without_a_market_is_not_sold() -> None:
    """ "When cards exist in the center markets, you can sell your cards ...
    If they don't, you can't sell." """
    sold = sell_goods([SAFFRON], markets((CLOVE, 3)), PRICES)
    assert sold.sales == () and sold.unsold == (SAFFRON,) and sold.points == 0


def test_the_price_is_indexed_by_the_card_count_in_the_market() -> None:
    for count, points in zip((1, 2, 3, 4), (3, 6, 8, 10), strict=True):
        sold = sell_goods([SAFFRON], markets((SAFFRON, count)), PRICES)
        assert sold.sales == (Sale(SAFFRON, 0, count, points),)


def test_two_goods_of_a_kind_need_two_markets() -> None:
    """ "if you registered 2 cards that are the same kind, that kind of
    spice has to be in 2 market places to be sold." """
    one = sell_goods([CLOVE, CLOVE], markets((CLOVE, 4)), PRICES)
    assert one.points == 8 and one.unsold == (CLOVE,)
    two = sell_goods([CLOVE, CLOVE], markets((CLOVE, 4), (CLOVE, 1)), PRICES)
    assert two.points == 10 and two.unsold == ()


def test_a_single_good_takes_the_more_valuable_market() -> None:
    """ "She chooses the B market because it is more valuable." """
    sold = sell_goods([GINGER], markets((GINGER, 1), (GINGER, 4)), PRICES)
    assert sold.sales == (Sale(GINGER, 1, 4, 6),)


def test_equal_markets_go_to_the_earlier_one() -> None:
    sold = sell_goods([PEPPER], markets((PEPPER, 2), (PEPPER, 2)), PRICES)
    assert sold.sales == (Sale(PEPPER, 0, 2, 2),)


def test_sales_are_listed_by_spice_then_value() -> None:
    sold = sell_goods([SAFFRON, PEPPER, PEPPER], markets((SAFFRON, 1), (PEPPER, 1), (PEPPER, 3)), PRICES)
    assert [s.spice for s in sold.sales] == [PEPPER, PEPPER, SAFFRON]
    assert sold.points == 3 + 1 + 3


def _winners(scores: list[int], goods_sold: list[int]) -> tuple[list[int], str]:
    state = table(players=len(scores), scores=scores,
                  score_cards={seat: f"pepper*{n}" for seat, n in enumerate(goods_sold) if n})
    return rules.winners_of(state)


def test_ties_on_score_go_to_the_seat_that_sold_more_goods() -> None:
    """ "In the case of a tie, the player who sold more goods than the other
    player is the winner. If there is a tie again, they become co-champions!" """
    assert _winners([9, 5], [0, 3]) == ([0], "score")
    assert _winners([9, 9], [2, 3]) == ([1], "goods-sold")
    assert _winners([9, 9, 1], [3, 3, 9]) == ([0, 1], "shared")
    assert _winners([5, 9, 9], [9, 1, 2]) == ([2], "goods-sold")
