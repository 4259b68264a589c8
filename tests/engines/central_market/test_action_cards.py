"""Cheat, Rot and Tourists, and how they interact."""

from __future__ import annotations

import pytest

from engines.central_market import rules
from engines.central_market.data import ALL_ACTION_CARDS, CHEAT, ROT, TOURISTS
from engines.central_market.versions import V1, V2, Rules
from tests.engines.central_market.helpers import CARROTS, TOMATOES, Play, card, make_state

ALL = ALL_ACTION_CARDS


# ------------------------------------------------------------------ Cheat


def test_cheat_lets_a_seat_bid_without_the_product() -> None:
    """ "While a player has the Cheat card, he may participate in bidding even
    if he doesn't have the product that is offered." """
    play = Play(make_state([["tomatoes-2"], ["carrots-3"], ["carrots-4"]], action_cards=[0, CHEAT, 0]))
    play.offer(0, TOMATOES, 5)
    assert rules.Bid(4) in rules.legal_moves(play.state, 1)
    play.pass_(1)
    assert rules.legal_moves(play.state, 2) == [rules.PASS]


def test_cheat_is_revealed_at_sale_time_and_sells_other_products_under_the_offered_limits() -> None:
    """ "as soon as it is the player's turn to sell the product, he has to play
    the Cheat card ... the player who cheated may play any other product from
    his hand and receive income according to his bid. This product still
    affects both the player's limit and the product limit (... the limit of
    the initial product that had been offered during bidding)". Mixing two
    products, as version 1 always allows and cheat-mixed-products does."""
    hands = [["tomatoes-2", "tomatoes-2"], ["carrots-3", "peppers-4", "peppers-4"], ["eggplants-2"]]
    play = Play(make_state(hands, action_cards=[0, CHEAT, 0], cheat_mixed=True))
    play.offer(0, TOMATOES, 5).bid(1, 4).pass_(2).stay(0)
    assert play.deciders() == [(1, "sell")]
    assert play.state.sale_cheat
    assert play.state.action_cards[1] == 0
    assert [(e.seat, e.product) for e in play.kinds("cheat_revealed")] == [(1, TOMATOES + 1)]
    assert rules.legal_moves(play.state, 1) == [
        rules.SellCard(card("carrots-3")), rules.SellCard(card("peppers-4"))
    ]
    play.sell(1, "carrots-3", "peppers-4")
    sale = play.state.sales[0]
    assert (sale.cheat, sale.sold_kg, sale.income) == (True, 7, 28)
    assert play.state.product_left[TOMATOES] == 3
    assert play.state.product_left[CARROTS] == 10
    assert play.state.player_left[1] == 3


def _cheat_at_5(rules_version: Rules, cheat_mixed: bool | None) -> Play:
    """Seat 1 cheats on tomatoes at 5 holding three other products (10 kg)."""
    hands = [["tomatoes-2"], ["carrots-3", "peppers-4", "cucumbers-3"], ["eggplants-2"]]
    play = Play(make_state(hands, action_cards=[0, CHEAT, 0], rules_version=rules_version,
                           cheat_mixed=cheat_mixed))
    play.offer(0, TOMATOES, 9).bid(1, 5).pass_(2).stay(0)
    assert play.deciders() == [(1, "sell")] and play.state.sale_cheat
    return play


def test_cheat_sells_one_product_kind_by_default() -> None:
    """Decision "Cheat sells one product" (version 2): "the player who cheated
    may play any other product from his hand ... This product still affects
    ..." names one product, so his first card fixes it: at 5 he sells at most
    4 kg (20), not 10 kg of three kinds (50)."""
    play = _cheat_at_5(V2, None)
    play.act(1, rules.SellCard(card("peppers-4")))
    assert rules.legal_moves(play.state, 1) == [rules.FINISH_SALE]
    play.act(1, rules.FINISH_SALE).decline_reactions()
    sale = play.state.sales[0]
    assert (sale.cheat, sale.sold_kg, sale.income) == (True, 4, 20)
    assert sorted(play.state.hands[1]) == sorted([card("carrots-3"), card("cucumbers-3")])


@pytest.mark.parametrize("rules_version, option", [(V2, True), (V1, None)], ids=["option", "v1"])
def test_cheat_mixed_products_option_lets_a_cheater_mix(rules_version: Rules,
                                                        option: bool | None) -> None:
    """Decision "Cheat sells one product": with cheat-mixed-products (and
    always under version 1) the cheater sells all three kinds: 10 kg for 50."""
    play = _cheat_at_5(rules_version, option)
    play.act(1, rules.SellCard(card("peppers-4")))
    assert rules.SellCard(card("carrots-3")) in rules.legal_moves(play.state, 1)
    play.sell(1, "carrots-3", "cucumbers-3").decline_reactions()
    sale = play.state.sales[0]
    assert (sale.cheat, sale.sold_kg, sale.income) == (True, 10, 50)


def test_seller_holding_the_product_sells_it_and_keeps_his_cheat() -> None:
    """Decision "Cheat only without the product": the Cheat is played "to
    show that he in fact doesn't have this product"."""
    hands = [["tomatoes-2"], ["tomatoes-3", "carrots-4"], ["eggplants-2"]]
    play = Play(make_state(hands, action_cards=[0, CHEAT, 0]))
    play.offer(0, TOMATOES, 5).bid(1, 4).pass_(2).stay(0)
    assert not play.state.sale_cheat
    assert rules.legal_moves(play.state, 1) == [rules.SellCard(card("tomatoes-3"))]
    assert play.state.action_cards[1] == CHEAT


def test_cheat_goes_unnoticed_when_the_product_limit_is_gone() -> None:
    """ "If it so happens that it is the player's turn to sell a product, but
    the product limit is already exhausted, then he does not have to play the
    Cheat card - this time his deceiving intentions go unnoticed." """
    hands = [["tomatoes-4", "tomatoes-4", "tomatoes-2"], ["carrots-3"], ["eggplants-2"]]
    play = Play(make_state(hands, action_cards=[0, CHEAT, 0]))
    play.offer(0, TOMATOES, 9).bid(1, 8).pass_(2).bid(0, 2).stay(1)
    play.sell(0, "tomatoes-4", "tomatoes-4", "tomatoes-2")
    assert play.state.product_left[TOMATOES] == 0
    assert not play.kinds("cheat_revealed")
    assert play.state.action_cards[1] == CHEAT
    assert [(e.seat, e.reason) for e in play.kinds("sale_skipped")] == [(1, 4)]


# ------------------------------------------------------------------ Rot


def _rot_scene(hands: list[list[str]], cards: list[int], **kw: object) -> Play:
    return Play(make_state(hands, action_cards=cards, **kw))  # type: ignore[arg-type]


def test_rot_window_asks_other_holders_clockwise_from_the_sellers_left() -> None:
    """ "they must play this action in clockwise order, starting from the
    player, who is closest to the seller" """
    hands = [["tomatoes-2"], ["tomatoes-4", "peppers-2"], ["eggplants-2"], ["cucumbers-2"]]
    play = _rot_scene(hands, [ROT, ROT, 0, ROT], starting_player=1)
    play.offer(1, TOMATOES, 5).pass_(2).pass_(3).pass_(0).sell(1, "tomatoes-4")
    assert play.deciders() == [(3, "respond-rot")]
    assert rules.legal_moves(play.state, 3) == [rules.PASS, rules.PLAY_ROT]
    play.pass_(3)
    assert play.deciders() == [(0, "respond-rot")]
    play.pass_(0)
    assert play.state.income[1] == 20


def test_rot_halves_the_sale_rounding_the_rotten_half_down() -> None:
    """Decision "Rot arithmetic": "half of the amount (rounded down if the
    amount is an odd number) is considered to be rotten and he receives
    income only for the good half": 3 kg -> 1 rotten, 2 paid."""
    hands = [["tomatoes-3", "peppers-2"], ["eggplants-2"], ["cucumbers-2"]]
    play = _rot_scene(hands, [0, ROT, 0])
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-3")
    play.act(1, rules.PLAY_ROT)
    sale = play.state.sales[0]
    assert (sale.sold_kg, sale.paid_kg, sale.income) == (3, 2, 10)
    assert play.state.action_cards[1] == 0
    assert play.state.player_left[0] == 7  # Rot changes income only
    assert play.state.product_left[TOMATOES] == 7


def test_two_rots_on_one_sale_compound() -> None:
    """ "If multiple rot cards are played at one time, each next card only
    reduces the amount left after the previous Rot card" - 8 kg -> 4 -> 2."""
    hands = [["tomatoes-4", "tomatoes-4", "peppers-2"], ["eggplants-2"], ["cucumbers-2"]]
    play = _rot_scene(hands, [0, ROT, ROT])
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-4", "tomatoes-4")
    play.act(1, rules.PLAY_ROT).act(2, rules.PLAY_ROT)
    sale = play.state.sales[0]
    assert (sale.sold_kg, sale.paid_kg, sale.income) == (8, 2, 10)
    assert [e.paid_kg for e in play.kinds("rot_played")] == [4, 2]


def test_rot_on_a_cheat_sale() -> None:
    """Decision "Rot on a Cheat sale": Rot follows "any other player has
    played the cards with the product he wants to sell", a Cheat sale too."""
    hands = [["tomatoes-2", "tomatoes-2"], ["carrots-4", "carrots-3"], ["cucumbers-2"]]
    play = _rot_scene(hands, [0, CHEAT, ROT])
    play.offer(0, TOMATOES, 9).bid(1, 6).pass_(2).stay(0)
    play.sell(1, "carrots-4", "carrots-3")
    assert play.deciders() == [(2, "respond-rot")]
    play.act(2, rules.PLAY_ROT)
    sale = play.state.sales[0]
    assert (sale.cheat, sale.sold_kg, sale.paid_kg, sale.income) == (True, 7, 4, 24)


def test_rot_counts_only_the_legally_sold_amount() -> None:
    """ "the Rot card affects only the amount that the player can legally sell
    (and not the value of the card)": 4 kg played, 3 kg left of the limit."""
    hands = [["tomatoes-4", "peppers-2"], ["eggplants-2"], ["cucumbers-2"]]
    play = _rot_scene(hands, [0, ROT, 0], product_left=[3, 10, 10, 10, 10])
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-4")
    play.act(1, rules.PLAY_ROT)
    sale = play.state.sales[0]
    assert (sale.sold_kg, sale.lost_kg, sale.paid_kg, sale.income) == (3, 1, 2, 10)


def test_skip_idle_reactions_skips_a_rot_that_cannot_rot_anything() -> None:
    """Decision "skip-idle-reactions" (version 1): a sale paid for 1 kg cannot
    lose anything to Rot (the rotten half of 1 rounds down to 0); version 1
    skips the prompt only with the option."""
    hands = [["tomatoes-2", "peppers-2"], ["eggplants-2"], ["cucumbers-2"]]
    asked = _rot_scene(hands, [0, ROT, 0], player_left=[1, 10, 10], rules_version=V1)
    asked.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-2")
    assert asked.deciders() == [(1, "respond-rot")]  # eligible: holds an unused Rot
    skipped = _rot_scene(hands, [0, ROT, 0], player_left=[1, 10, 10], skip_idle=True,
                         rules_version=V1)
    skipped.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-2")
    assert skipped.deciders() == [(1, "offer")]
    assert skipped.state.income[0] == 5


def test_rot_is_never_asked_on_a_sale_paid_at_1_kg() -> None:
    """Decision "Rot on a sale paid at 1 kg" (version 2): "half of the amount
    (rounded down if the amount is an odd number) is considered to be
    rotten", so a Rot on 1 kg changes nothing. That the sale is paid at 1 kg
    is public, so nobody is asked, with or without skip-idle-reactions. A
    second Rot is not asked once the first left 1 kg (2 -> 1)."""
    hands = [["tomatoes-2", "peppers-2"], ["eggplants-2"], ["cucumbers-2"]]
    play = _rot_scene(hands, [0, ROT, 0], player_left=[1, 10, 10])
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-2")
    assert play.deciders() == [(1, "offer")] and play.state.income[0] == 5
    two = _rot_scene(hands, [0, ROT, ROT])
    two.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-2")
    assert two.deciders() == [(1, "respond-rot")]  # paid 2: a Rot rots 1
    two.act(1, rules.PLAY_ROT)
    assert two.deciders() == [(1, "offer")] and two.state.income[0] == 5


def test_no_rot_window_when_nobody_holds_a_rot() -> None:
    hands = [["tomatoes-2", "peppers-2"], ["eggplants-2"], ["cucumbers-2"]]
    play = _rot_scene(hands, [ROT, 0, 0])
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-2")
    assert play.deciders() == [(1, "offer")]  # the seller's own Rot does not count


# ------------------------------------------------------------------ Tourists


def test_tourists_sell_at_the_lowest_bid_outside_both_limits() -> None:
    """ "he makes an additional sale of the product, which had just been sold,
    overriding both limits ... for the lowest bid that was made ... puts the
    played cards in the discard pile" """
    hands = [["tomatoes-2", "tomatoes-4", "peppers-2"], ["tomatoes-3", "tomatoes-4", "peppers-3"],
             ["cucumbers-2"]]
    play = Play(make_state(hands, action_cards=[TOURISTS, TOURISTS, 0]))
    play.offer(0, TOMATOES, 6).bid(1, 3).pass_(2).stay(0)
    play.sell(1, "tomatoes-3").sell(0, "tomatoes-2")
    # Clockwise from the offerer: seat 0, then seat 1.
    assert play.deciders() == [(0, "respond-tourists")]
    assert rules.legal_moves(play.state, 0) == [rules.PASS, rules.PLAY_TOURISTS]
    play.act(0, rules.PLAY_TOURISTS)
    assert play.deciders() == [(0, "tourists-sale")]
    assert rules.legal_moves(play.state, 0) == [rules.SellCard(card("tomatoes-4"))]
    play.sell(0, "tomatoes-4")
    tourist = play.state.sales[-1]
    assert (tourist.tourists, tourist.price, tourist.income) == (True, 3, 12)
    assert play.state.income[0] == 12 + 12
    assert play.state.player_left[0] == 8
    assert play.state.product_left[TOMATOES] == 5
    assert play.state.discard == [card("tomatoes-4")]
    assert play.deciders() == [(1, "respond-tourists")]
    play.pass_(1)
    assert play.deciders() == [(1, "offer")]


def test_tourists_after_the_product_limit_is_exhausted() -> None:
    """Tourists override "both limits", so they sell even at 0 kg left."""
    hands = [["tomatoes-4", "tomatoes-4", "tomatoes-2", "tomatoes-3"], ["cucumbers-2"], ["eggplants-2"]]
    play = Play(make_state(hands, action_cards=[TOURISTS, 0, 0]))
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-4", "tomatoes-4", "tomatoes-2")
    assert play.state.product_left[TOMATOES] == 0
    assert play.state.player_left[0] == 0
    play.act(0, rules.PLAY_TOURISTS).sell(0, "tomatoes-3")
    assert play.state.income[0] == 50 + 15


def test_tourists_need_a_bid_and_at_least_1_kg_sold() -> None:
    """ "A player may only play the Tourists card if he himself made a bid for
    this product and managed to sell at least 1 kg!" """
    hands = [["tomatoes-4", "tomatoes-4", "tomatoes-2", "peppers-2"], ["tomatoes-3", "carrots-2"],
             ["tomatoes-2", "eggplants-3"]]
    play = Play(make_state(hands, action_cards=[0, TOURISTS, TOURISTS]))
    play.offer(0, TOMATOES, 5).bid(1, 4).pass_(2).bid(0, 3).stay(1)
    play.sell(0, "tomatoes-4", "tomatoes-4", "tomatoes-2")
    # Seat 1 bid but sold nothing (limit gone); seat 2 never bid.
    assert play.deciders() == [(1, "offer")]


def test_a_cheater_is_not_asked_for_tourists() -> None:
    """Decision "Tourists after a Cheat": the cheater has shown he holds none
    of the product, so he cannot make "an additional sale of the product"."""
    hands = [["tomatoes-2", "peppers-2"], ["carrots-3", "carrots-4"], ["eggplants-2"]]
    play = Play(make_state(hands, action_cards=[0, CHEAT | TOURISTS, 0]))
    play.offer(0, TOMATOES, 5).bid(1, 4).pass_(2).stay(0).sell(1, "carrots-3").sell(0, "tomatoes-2")
    assert play.deciders() == [(1, "offer")]
    assert play.state.action_cards[1] == TOURISTS


def test_no_rot_on_tourists_sales() -> None:
    """ "You can't play "Rot" card ... on products that are being sold with
    the Tourists card." """
    hands = [["tomatoes-2", "tomatoes-4", "peppers-2"], ["eggplants-2"], ["cucumbers-2"]]
    play = Play(make_state(hands, action_cards=[TOURISTS, ROT, ROT]))
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-2")
    play.pass_(1).pass_(2)  # the Rot window of the normal sale
    play.act(0, rules.PLAY_TOURISTS).sell(0, "tomatoes-4")
    assert play.deciders() == [(1, "offer")]
    assert play.state.sales[-1].paid_kg == 4


def test_seat_without_the_product_may_only_pass_the_tourists_window() -> None:
    """Decision "Reaction windows": the prompt depends on public facts; the
    hand only shapes the seat's own legal actions."""
    hands = [["tomatoes-2", "peppers-2"], ["eggplants-2"], ["cucumbers-2"]]
    play = Play(make_state(hands, action_cards=[TOURISTS, 0, 0]))
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-2")
    assert play.deciders() == [(0, "respond-tourists")]
    assert rules.legal_moves(play.state, 0) == [rules.PASS]


def test_skip_idle_reactions_skips_tourists_without_a_card_of_the_product() -> None:
    """Decision "skip-idle-reactions": with the option on, only seats holding
    a card of the product are asked for Tourists (the prompt then reveals it)."""
    hands = [["tomatoes-4", "peppers-2"], ["tomatoes-2", "tomatoes-3"], ["cucumbers-2"]]
    for skip, expected in ((False, [(0, "respond-tourists"), (1, "respond-tourists")]),
                           (True, [(1, "respond-tourists")])):
        play = Play(make_state(hands, action_cards=[TOURISTS, TOURISTS, 0], skip_idle=skip))
        play.offer(0, TOMATOES, 5).bid(1, 4).pass_(2).stay(0)
        play.sell(1, "tomatoes-2").sell(0, "tomatoes-4")
        asked = []
        while play.deciders()[0][1] == "respond-tourists":
            asked.append(play.deciders()[0])
            play.pass_(play.deciders()[0][0])
        assert asked == expected
