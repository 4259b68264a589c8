"""The rulebook's worked examples, reproduced with their numbers."""

from __future__ import annotations

from engines.central_market.scoring import round_victory_points
from tests.engines.central_market.helpers import CARROTS, TOMATOES, Play, make_state

ANNA, JOHN, MADARA, OTHER = 0, 1, 2, 3


def test_john_sells_6_kg_at_price_4_for_24_income() -> None:
    """ "John plays two cards with total amount of 6 kilograms. He had bid
    price 4, so he receives 6 x 4 = 24 income points." """
    play = Play(make_state([["tomatoes-3", "tomatoes-3", "carrots-2"], ["peppers-2"], ["peppers-3"]]))
    play.offer(0, TOMATOES, 4).pass_(1).pass_(2)
    play.sell(0, "tomatoes-3", "tomatoes-3").decline_reactions()
    sale = play.state.sales[0]
    assert sale.played_kg == 6
    assert sale.income == 24
    assert play.state.income[0] == 24


def test_anna_john_and_madara_sell_carrots_against_the_product_limit() -> None:
    """ "Anna ... sells 6 kg carrots ... John ... decides to sell 3 kg ...
    Madara ... can only sell 1 kg of carrots due to the product limit. Madara
    plays a card with value 3, however she receives income only for 1 kg,
    while the other two are lost. If any other player would have bid for
    carrots in this round, they would not be able to sell anything ...
    Anna has only 4 kg of player's limit left ..., John has 7 kg, Madara - 9
    kg ..., while any other players still have 10 kg"."""
    hands = [
        ["carrots-2", "carrots-4", "tomatoes-2"],
        ["carrots-3", "tomatoes-3"],
        ["carrots-3", "peppers-2"],
        ["carrots-4", "eggplants-2"],
    ]
    play = Play(make_state(hands, starting_player=OTHER, action_cards=[0] * 4))
    play.offer(OTHER, CARROTS, 9).bid(ANNA, 8).bid(JOHN, 7).bid(MADARA, 6)
    # Lowering laps, clockwise from the offerer; staying drops out.
    play.stay(OTHER).bid(ANNA, 5).bid(JOHN, 4).stay(MADARA).bid(ANNA, 3).stay(JOHN)
    assert play.deciders() == [(ANNA, "sell")]
    play.sell(ANNA, "carrots-2", "carrots-4").sell(JOHN, "carrots-3").sell(MADARA, "carrots-3")
    s = play.state
    anna, john, madara = s.sales
    assert (anna.sold_kg, anna.income) == (6, 18)
    assert (john.sold_kg, john.income) == (3, 12)
    assert (madara.played_kg, madara.sold_kg, madara.lost_kg, madara.income) == (3, 1, 2, 6)
    assert len(s.sales) == 3  # the fourth bidder sells nothing: the limit is exhausted
    assert s.player_left == [4, 7, 9, 10]
    assert s.product_left[CARROTS] == 0
    assert len(s.hands[OTHER]) == 2  # the fourth bidder keeps his carrots


def test_second_and_third_tied_both_score_as_third() -> None:
    """ "if the second and third place are tied for income points, they both
    receive victory points as if they were third" (four players: 4, 3, 2, 1)."""
    assert round_victory_points([50, 30, 30, 10]) == [4, 2, 2, 1]
    assert round_victory_points([40, 30, 20, 10]) == [4, 3, 2, 1]

