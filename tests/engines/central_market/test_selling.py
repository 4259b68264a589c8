"""Selling: order, card choice, limits and lost kilograms."""

from __future__ import annotations

from engines.central_market import rules
from engines.central_market.selling import legal_sale_kg
from engines.central_market.state import SOLD
from marketplay.v1 import central_market_pb2 as pb
from tests.engines.central_market.helpers import CARROTS, TOMATOES, Play, card, make_state

NO_CARDS = [0, 0, 0]


def test_seller_plays_one_card_per_action_and_finishes_after_at_least_one() -> None:
    """Decision "Choosing the cards to sell": "he has to play at least one
    card from his hand with this product"; the list holds each distinct card
    once."""
    hand = ["tomatoes-2", "tomatoes-2", "tomatoes-4", "carrots-3"]
    play = Play(make_state([hand, ["peppers-2"], ["peppers-3"]], action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2)
    assert rules.legal_moves(play.state, 0) == [
        rules.SellCard(card("tomatoes-2")), rules.SellCard(card("tomatoes-4"))
    ]
    play.sell(0, "tomatoes-2", finish=False)
    assert rules.legal_moves(play.state, 0) == [
        rules.SellCard(card("tomatoes-2")),
        rules.SellCard(card("tomatoes-4")),
        rules.FINISH_SALE,
    ]
    play.act(0, rules.FINISH_SALE)
    assert play.state.income[0] == 10


def test_sale_finishes_by_itself_when_the_hand_is_empty() -> None:
    play = Play(make_state([["tomatoes-2"], ["peppers-2"], ["peppers-3"]], action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-2", finish=False)
    assert play.state.income[0] == 10


def test_sold_kilograms_are_capped_by_both_limits() -> None:
    """ "he can sell only as many kilograms as there are left in the product
    limit"; likewise "as there are left in the player's limit"."""
    assert legal_sale_kg(8, 10, 10) == 8
    assert legal_sale_kg(8, 3, 10) == 3
    assert legal_sale_kg(8, 10, 2) == 2


def test_player_limit_loses_kilograms_and_only_sold_ones_count() -> None:
    """ "A player's limit is affected only by the sold amount of products -
    those that are lost (due to product limits) are ignored." """
    play = Play(make_state([["tomatoes-4"], ["peppers-2"], ["peppers-3"]],
                           player_left=[2, 10, 10], action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-4")
    sale = play.state.sales[0]
    assert (sale.sold_kg, sale.lost_kg, sale.income) == (2, 2, 10)
    assert play.state.player_left[0] == 0
    assert play.state.product_left[TOMATOES] == 8


def test_seller_may_play_more_cards_than_the_limits_allow() -> None:
    """Decision "Choosing the cards to sell": any number of cards, extra
    kilograms are lost."""
    hand = ["tomatoes-4", "tomatoes-4", "tomatoes-4"]
    play = Play(make_state([hand, ["peppers-2"], ["peppers-3"]], action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 3).pass_(1).pass_(2).sell(0, *hand)
    sale = play.state.sales[0]
    assert (sale.sold_kg, sale.lost_kg) == (10, 2)


def test_bidders_sell_in_order_of_lowest_bid() -> None:
    """ "Starting with the player, who made the lowest bid" """
    hands = [["carrots-2", "peppers-2"], ["carrots-3", "peppers-3"], ["carrots-4", "peppers-4"]]
    play = Play(make_state(hands, action_cards=NO_CARDS))
    play.offer(0, CARROTS, 9).bid(1, 7).bid(2, 5).stay(0).stay(1)
    assert play.deciders() == [(2, "sell")]
    play.sell(2, "carrots-4")
    assert play.deciders() == [(1, "sell")]
    play.sell(1, "carrots-3")
    assert play.deciders() == [(0, "sell")]
    play.sell(0, "carrots-2")
    assert [s[0] for s in play.state.sales] == [2, 1, 0]
    assert play.state.income == [18, 21, 20]


def test_bidder_cannot_sell_once_the_product_limit_is_exhausted() -> None:
    """ "As soon as this limit is reached, no other player may sell this
    product even if he had made a bid (this is the only case in which you are
    allowed not to sell a product after bidding for it)." """
    hands = [["carrots-2"], ["carrots-4", "carrots-4", "carrots-2", "tomatoes-2"],
             ["carrots-4", "peppers-2"]]
    play = Play(make_state(hands, action_cards=NO_CARDS))
    play.offer(0, CARROTS, 9).bid(1, 2).pass_(2).stay(0)
    play.sell(1, "carrots-4", "carrots-4", "carrots-2")
    assert play.state.product_left[CARROTS] == 0
    assert play.state.hands[0] == [card("carrots-2")]
    assert [(e.seat, e.reason) for e in play.kinds("sale_skipped")] == [(0, 4)]
    # Seat 1 reached his player limit with those 10 kg: he skips his offer.
    assert [(e.seat, e.reason) for e in play.kinds("offer_skipped")] == [(1, 1)]
    assert play.deciders() == [(2, "offer")]


def test_lost_kilograms_when_the_only_card_exceeds_the_product_limit() -> None:
    """ "he still has to play the card, but he can sell only as many kilograms
    as there are left in the product limit - all kilograms above this are
    considered lost." """
    hands = [["carrots-4"], ["carrots-4", "carrots-4"], ["peppers-2"]]
    play = Play(make_state(hands, action_cards=NO_CARDS))
    play.offer(0, CARROTS, 9).bid(1, 2).pass_(2).stay(0)
    play.sell(1, "carrots-4", "carrots-4").sell(0, "carrots-4")
    last = play.state.sales[-1]
    assert (last.sold_kg, last.lost_kg, last.income) == (2, 2, 18)
    assert play.state.bid_state == [0, 0, 0]  # cleared after the product
    assert SOLD == 4


def test_income_above_99_is_kept_as_a_whole_number() -> None:
    """Decision "Income overflow": "In the rare case when a player exceeds 99
    income points in one round ... add 99" - the engine keeps the integer."""
    hand = ["tomatoes-4", "tomatoes-4", "tomatoes-2"]
    play = Play(make_state([hand, ["peppers-2"], ["peppers-3"]], action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 10).pass_(1).pass_(2).sell(0, *hand)
    assert play.state.income[0] == 100


def test_every_bidder_left_when_the_product_limit_runs_out_is_skipped() -> None:
    """ "If it so happens that it is the player's turn to sell a product, but
    the product limit is already exhausted", he sells nothing: each later
    bidder in turn, not just the first, is told so."""
    hands = [["tomatoes-4", "tomatoes-3"], ["tomatoes-3", "tomatoes-2"],
             ["tomatoes-4", "tomatoes-4", "tomatoes-2"]]
    play = Play(make_state(hands)).offer(0, TOMATOES, 5).bid(1, 4).bid(2, 3)
    while play.deciders() and play.deciders()[0][1] == "lower-bid":
        play.stay(play.deciders()[0][0])
    play.sell(2, "tomatoes-4", "tomatoes-4", "tomatoes-2").decline_reactions()
    skipped = [(s.seat, s.reason) for s in play.kinds("sale_skipped")]
    assert skipped == [(1, pb.CENTRAL_MARKET_SKIP_REASON_PRODUCT_LIMIT),
                       (0, pb.CENTRAL_MARKET_SKIP_REASON_PRODUCT_LIMIT)]
