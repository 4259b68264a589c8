"""Offering, the starting bid, the first lap and the lowering laps."""

from __future__ import annotations

from engines.central_market import ENGINE, rules
from engines.central_market.data import CHEAT
from engines.central_market.state import PASSED, SET_ASIDE, SOLD, STAYED
from marketplay.v1 import central_market_pb2 as cm_pb
from tests.engines.central_market.helpers import (
    CARROTS,
    CUCUMBERS,
    EGGPLANTS,
    PEPPERS,
    TOMATOES,
    Play,
    make_state,
)

NO_CARDS = [0, 0, 0]
UNSPECIFIED_PB, PASSED_PB, BIDDING_PB, STAYED_PB, SOLD_PB = (
    cm_pb.CENTRAL_MARKET_BID_STATE_UNSPECIFIED, cm_pb.CENTRAL_MARKET_BID_STATE_PASSED,
    cm_pb.CENTRAL_MARKET_BID_STATE_BIDDING, cm_pb.CENTRAL_MARKET_BID_STATE_STAYED,
    cm_pb.CENTRAL_MARKET_BID_STATE_SOLD)


def _view_bid_states(play: Play) -> list[int]:
    """Each seat's bid state as the spectator's view shows it (automatic passes
    and stays are public facts)."""
    return [seat.bid_state for seat in ENGINE.view(play.state, None).seats]


def test_offer_only_products_in_hand_and_not_yet_offered() -> None:
    """Decision "Offering": "He chooses one product from his hand"; "each
    product can be offered and sold only once!" """
    s = make_state([["tomatoes-2", "carrots-3", "carrots-4"], ["peppers-2"], ["peppers-3"]],
                   offered=[TOMATOES])
    assert rules.legal_moves(s, 0) == [rules.Offer(CARROTS)]
    assert rules.legal_moves(s, 1) == []


def test_cheat_does_not_allow_offering() -> None:
    """Decision "Offering": the Cheat lets a seat bid, not offer."""
    s = make_state([["tomatoes-2"], ["peppers-2"], ["peppers-3"]])
    assert rules.legal_moves(s, 0) == [rules.Offer(TOMATOES)]


def test_starting_bid_is_any_price_from_1_to_max_price() -> None:
    play = Play(make_state([["tomatoes-2"], ["peppers-2"], ["peppers-3"]], max_price=6))
    play.act(0, rules.Offer(TOMATOES))
    assert play.deciders() == [(0, "starting-bid")]
    assert rules.legal_moves(play.state, 0) == [rules.Bid(p) for p in range(1, 7)]


def test_first_lap_asks_every_other_seat_clockwise_to_pass_or_bid_lower() -> None:
    """ "every other player in clockwise order has to carry out one of two
    following actions: pass ... bid ... lower than the current lowest bid." """
    hands = [["tomatoes-2"], ["tomatoes-3"], ["tomatoes-4"], ["tomatoes-2"]]
    play = Play(make_state(hands, starting_player=2, action_cards=[0] * 4))
    play.offer(2, TOMATOES, 5)
    assert play.deciders() == [(3, "bid")]
    assert rules.legal_moves(play.state, 3) == [rules.PASS] + [rules.Bid(p) for p in range(1, 5)]
    play.bid(3, 4)
    assert play.deciders() == [(0, "bid")]
    assert rules.legal_moves(play.state, 0)[-1] == rules.Bid(3)
    play.pass_(0).pass_(1)
    assert play.state.bid_state[0] == PASSED


def test_seat_without_the_product_or_a_cheat_is_still_asked_and_may_only_pass() -> None:
    """Decision "Who is asked in the first lap": asking depends on public
    facts only, so the prompt does not reveal the hand."""
    play = Play(make_state([["tomatoes-2"], ["peppers-2"], ["tomatoes-3"]], action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 5)
    assert play.deciders() == [(1, "bid")]
    assert rules.legal_moves(play.state, 1) == [rules.PASS]


def test_a_cheat_bid_needs_at_least_one_card_in_hand() -> None:
    """Decision "Cheat bid": the cheater must "play any other product from his hand"."""
    play = Play(make_state([["tomatoes-2"], ["peppers-2"], []], action_cards=[0, CHEAT, CHEAT]))
    play.offer(0, TOMATOES, 5)
    assert rules.Bid(4) in rules.legal_moves(play.state, 1)
    play.pass_(1)
    assert rules.legal_moves(play.state, 2) == [rules.PASS]


def test_seats_at_their_player_limit_pass_automatically() -> None:
    """ "As soon as a player reaches this limit, he cannot participate further
    in the offering or bidding" """
    play = Play(make_state([["tomatoes-2"], ["tomatoes-3"], ["tomatoes-4"]],
                           player_left=[10, 0, 10], action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 5)
    assert play.deciders() == [(2, "bid")]
    assert play.state.bid_state[1] == PASSED
    assert [(p.seat, p.reason) for p in play.kinds("passed")] == [
        (1, cm_pb.CENTRAL_MARKET_SKIP_REASON_PLAYER_LIMIT)]
    assert _view_bid_states(play) == [BIDDING_PB, PASSED_PB, UNSPECIFIED_PB]


def test_nobody_is_asked_to_undercut_a_bid_of_1() -> None:
    """Decision "Lowest price": a bid must be "lower than the current lowest
    bid", impossible below 1, so the others pass without a prompt."""
    play = Play(make_state([["tomatoes-2", "tomatoes-3"], ["tomatoes-3"], ["tomatoes-4"]],
                           action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 1)
    assert play.deciders() == [(0, "sell")]
    assert [(p.seat, p.reason) for p in play.kinds("passed")] == [
        (1, cm_pb.CENTRAL_MARKET_SKIP_REASON_CANNOT_UNDERCUT),
        (2, cm_pb.CENTRAL_MARKET_SKIP_REASON_CANNOT_UNDERCUT)]
    assert _view_bid_states(play) == [SOLD_PB, PASSED_PB, PASSED_PB]  # seat 0 is selling


def test_lowering_laps_run_clockwise_from_the_offerer_until_nobody_lowers() -> None:
    """Decision "Lowering laps": "the players who are bidding to sell continue
    by either lowering their initial bids or by staying ... The players who
    pass or stay with their previous bids, cannot join the current bidding.
    Bidding continues clockwise until no player wants to lower"."""
    hands = [["tomatoes-2"], ["tomatoes-3"], ["tomatoes-4"], ["tomatoes-2"]]
    play = Play(make_state(hands, action_cards=[0] * 4))
    play.offer(0, TOMATOES, 9).bid(1, 8).pass_(2).bid(3, 7)
    # Lap 1 starts at the offerer; seat 3 holds the lowest bid and is skipped.
    assert play.deciders() == [(0, "lower-bid")]
    assert rules.legal_moves(play.state, 0) == [rules.STAY] + [
        rules.Bid(p) for p in range(1, 7)
    ]
    play.bid(0, 6)
    assert play.deciders() == [(1, "lower-bid")]
    play.stay(1)
    assert play.state.bid_state[1] == STAYED
    assert play.deciders() == [(3, "lower-bid")]  # no longer the lowest
    play.bid(3, 5)
    assert play.deciders() == [(0, "lower-bid")]  # seat 1 stayed: out
    play.stay(0)
    assert play.deciders() == [(3, "sell")]
    assert play.state.sell_order == [0, 1]  # lowest bid first: 3 (5), 0 (6), 1 (8)


def test_offerer_alone_sells_at_his_starting_bid() -> None:
    """Decision "The offerer is a bidder": with no other bids he sells."""
    play = Play(make_state([["tomatoes-2"], ["tomatoes-3"], ["tomatoes-4"]], action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 7).pass_(1).pass_(2)
    assert play.deciders() == [(0, "sell")]


def test_lowering_to_1_freezes_everyone_else() -> None:
    hands = [["tomatoes-2"], ["tomatoes-3"], ["tomatoes-4"]]
    play = Play(make_state(hands, action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 9).bid(1, 8).bid(2, 7).bid(0, 1)
    assert play.deciders() == [(0, "sell")]
    assert [(e.seat, e.automatic) for e in play.kinds("stayed")] == [(1, True), (2, True)]
    assert play.state.bid_state == [SOLD, STAYED, STAYED]  # seat 0 is selling
    assert _view_bid_states(play) == [SOLD_PB, STAYED_PB, STAYED_PB]


def test_each_seat_offers_once_a_round_then_the_round_ends() -> None:
    """ "the selling phase continues until each player has offered one product" """
    hands = [["tomatoes-2", "carrots-2"], ["eggplants-2", "peppers-2"], ["cucumbers-2", "tomatoes-3"]]
    play = Play(make_state(hands, action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-2")
    assert play.deciders() == [(1, "offer")]
    play.offer(1, EGGPLANTS, 5).pass_(2).pass_(0).sell(1, "eggplants-2")
    assert rules.legal_moves(play.state, 2) == [rules.Offer(CUCUMBERS)]  # tomatoes are gone
    play.offer(2, CUCUMBERS, 5).pass_(0).pass_(1).sell(2, "cucumbers-2")
    assert play.state.phase == SET_ASIDE
    assert play.state.offered == [TOMATOES, EGGPLANTS, CUCUMBERS]
    assert PEPPERS not in play.state.offered


def test_offerer_with_nothing_legal_to_offer_skips_his_turn() -> None:
    """ "if a player ... doesn't have product in his hand that he can legally
    offer, he skips his turn" """
    hands = [["tomatoes-2"], ["tomatoes-3"], ["carrots-4"]]
    play = Play(make_state(hands, action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-2")
    assert play.deciders() == [(2, "offer")]
    assert [(e.seat, e.reason) for e in play.kinds("offer_skipped")] == [(1, 2)]


def test_offerer_at_his_player_limit_skips_his_turn() -> None:
    """ "If it is a player's turn to offer a product, but he has reached his
    player's limit for this round, he skips his turn" """
    hands = [["tomatoes-2"], ["tomatoes-3"], ["carrots-4"]]
    play = Play(make_state(hands, player_left=[10, 0, 10], action_cards=NO_CARDS))
    play.offer(0, TOMATOES, 5).pass_(2).sell(0, "tomatoes-2")
    assert play.deciders() == [(2, "offer")]
    assert [(e.seat, e.reason) for e in play.kinds("offer_skipped")] == [(1, 1)]
