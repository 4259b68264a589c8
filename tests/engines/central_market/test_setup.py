"""Set-up, options, product delivery and the round structure."""

from __future__ import annotations

from collections import Counter

import pytest

from engines import registry
from engines.central_market import ENGINE
from engines.central_market.data import ALL_ACTION_CARDS, deck, kg_of, product_of
from engines.central_market.moves import Move
from engines.central_market.rounds import deliver, final_round
from engines.central_market.state import OFFER, State
from engines.central_market.versions import V1, V2, Rules
from engines.core import Game, InvalidOptions, Rng
from engines.core.engine import Event
from engines.core.seats import clockwise
from engines.core.standard import StandardEngine
from tests.engines.central_market.helpers import CARROTS, card, cards, make_state


def test_deck_has_50_cards_of_five_products_with_2_3_4_kg() -> None:
    """Per product 3 cards of 2 kg, 4 of 3 kg, 3 of 4 kg
    (docs/rules/central-market.md, "Game in one paragraph")."""
    full = deck(-1)
    assert len(full) == 50
    per_product = Counter(product_of(c) for c in full)
    assert sorted(per_product.values()) == [10] * 5
    tomatoes = Counter(kg_of(c) for c in full if product_of(c) == 0)
    assert tomatoes == {2: 3, 3: 4, 4: 3}
    assert sum(kg_of(c) for c in full if product_of(c) == 0) == 30


def test_forty_card_variant_removes_one_product() -> None:
    """ "remove any one kind of product from the game and play with only 40
    product cards." """
    game = Game.new(ENGINE, 3, {"removed-product": "carrots"}, b"seed")
    s = game.state
    every = s.draw + [c for h in s.hands for c in h]
    assert len(every) == 40
    assert all(product_of(c) != CARROTS for c in every)
    view = ENGINE.view(s, None)
    assert [p.in_game for p in view.products] == [True, False, True, True, True]


def test_forty_card_variant_is_for_three_players_only() -> None:
    for n in (4, 5):
        with pytest.raises(InvalidOptions) as refused:
            Game.new(ENGINE, n, {"removed-product": "tomatoes"}, b"seed")
        assert str(refused.value) == (
            "removed-product (the 40-card variant) is for a three player game only")


@pytest.mark.parametrize("engine", registry.VERSIONS["central-market"],
                         ids=lambda e: e.spec.rules_version)
def test_the_options_reach_the_table_and_version_1_plays_both_choices_as_true(
        engine: StandardEngine[State, Move]) -> None:
    """Version 1 has no choice options: a cheater may always mix products and
    the final discards always go face up. Version 2 defaults both to false."""
    v1 = not engine.rules.choice_options
    for given in ({}, {"skip-idle-reactions": "true"}):
        state = Game.new(engine, 4, given, b"options").state
        assert state.skip_idle == bool(given)
        assert (state.cheat_mixed, state.reveal_discards) == (v1, v1)
    if not v1:
        chosen = {"cheat-mixed-products": "true", "reveal-final-discards": "true"}
        state = Game.new(engine, 4, chosen, b"options").state
        assert (state.cheat_mixed, state.reveal_discards) == (True, True)


def test_each_seat_gets_one_action_card_of_each_kind() -> None:
    """ "Each player takes three action cards - one from each kind" """
    for n in (3, 4, 5):
        s = Game.new(ENGINE, n, {}, b"seed").state
        assert s.action_cards == [ALL_ACTION_CARDS] * n


def test_round_count_depends_on_player_count() -> None:
    """7 rounds with 3-4 players; "If there are 5 players ... only five rounds"."""
    assert [final_round(n) for n in (3, 4, 5)] == [7, 7, 5]


def test_set_up_deals_four_cards_and_seat_0_offers_first() -> None:
    for n in (3, 4, 5):
        s = Game.new(ENGINE, n, {}, b"seed").state
        assert [len(h) for h in s.hands] == [4] * n
        assert len(s.draw) == 50 - 4 * n
        assert (s.round, s.phase, s.starting_player, s.offerer) == (1, OFFER, 0, 0)


def test_max_price_option_bounds_the_bids() -> None:
    """Prices run 1..max-price (the Bidding card's range is unknown)."""
    s = Game.new(ENGINE, 3, {"max-price": "7"}, b"seed").state
    assert s.max_price == 7
    with pytest.raises(InvalidOptions):
        Game.new(ENGINE, 3, {"max-price": "1"}, b"seed")


def test_delivery_deals_one_by_one_clockwise_from_the_starting_player() -> None:
    """ "each player is dealt 4 product cards from the draw pile (deal cards
    one by one)" - seat order from the starting player, one card per pass."""
    draw = [f"tomatoes-{k}" for k in (2, 3, 4)] * 4
    s = make_state([[], [], []], starting_player=1, draw=draw)
    deliver(s, Rng(b"x"), [])
    assert s.hands[1] == sorted([card("tomatoes-2")] * 4)
    assert s.hands[2] == sorted([card("tomatoes-3")] * 4)
    assert s.hands[0] == sorted([card("tomatoes-4")] * 4)
    assert clockwise(s.num_players, 1) == [1, 2, 0]


@pytest.mark.parametrize("rules_version", [V2, V1], ids=["v2", "v1"])
def test_a_private_delivery_lists_its_cards_sorted(rules_version: Rules) -> None:
    """Decision "Private card lists" (version 2): the cards a seat is dealt
    follow the hidden draw pile's order, so its private `cards_delivered`
    lists them sorted (like its hand) and two tables that differ only in
    that order tell it the same bytes. Version 1 lists them as dealt."""
    draw = ["peppers-4", "eggplants-2", "eggplants-2", "tomatoes-3"] * 3
    s = make_state([[], [], []], draw=draw, rules_version=rules_version)
    events: list[Event] = []
    deliver(s, Rng(b"x"), events)
    mine = [e.message.cards_delivered for e in events if e.audience == frozenset({0})]
    dealt = [(c.product, c.kg) for c in mine[0].cards]
    p, e, t = (5, 4), (3, 2), (1, 3)  # peppers-4, eggplants-2, tomatoes-3 on the wire
    assert dealt == ([t, e, e, p] if rules_version.sorted_deliveries else [p, t, e, e])
    assert s.hands[0] == cards("tomatoes-3", "eggplants-2", "eggplants-2", "peppers-4")


def test_delivery_reshuffles_the_discard_pile_mid_deal() -> None:
    """ "If at any time during the Product Delivery phase the draw pile
    becomes exhausted, players immediately shuffle the discard pile to make a
    new draw pile after which the dealing ... continues" """
    s = make_state([[], [], []], draw=["tomatoes-2"] * 5, discard=["carrots-3"] * 10)
    events: list[Event] = []
    deliver(s, Rng(b"x"), events)
    assert [len(h) for h in s.hands] == [4, 4, 4]
    assert s.discard == []
    assert len(s.draw) == 3
    assert any(e.message.WhichOneof("kind") == "discard_reshuffled" for e in events)


def test_delivery_stops_when_draw_and_discard_piles_are_both_empty() -> None:
    """Decision "Delivery with no cards left": dealing stops."""
    s = make_state([[], [], []], draw=["tomatoes-2"] * 5)
    events: list[Event] = []
    deliver(s, Rng(b"x"), events)
    assert [len(h) for h in s.hands] == [2, 2, 1]
    assert any(e.message.WhichOneof("kind") == "delivery_stopped" for e in events)


def test_encode_decode_round_trip_and_malformed_states_are_refused() -> None:
    s = Game.new(ENGINE, 4, {}, b"seed").state
    data = ENGINE.encode(s)
    assert ENGINE.encode(ENGINE.decode(data)) == data
    for bad in (b"", b"{}", b"[1,2]", data.replace(b"[", b"{", 1), data[:-5]):
        with pytest.raises(ValueError):
            ENGINE.decode(bad)


def test_the_discard_pile_is_shuffled_into_the_new_draw_pile() -> None:
    """ "players immediately shuffle the discard pile": the same delivery
    with different random streams deals the discarded cards differently
    (without a shuffle the deal would be fixed by the discard pile's order)."""
    discard = ["carrots-3", "peppers-2", "tomatoes-4", "eggplants-3", "cucumbers-2",
               "carrots-4", "peppers-4", "tomatoes-2", "eggplants-2", "cucumbers-4"]
    deals = set()
    for seed in (b"one", b"two", b"three", b"four"):
        s = make_state([[], [], []], draw=["tomatoes-3"] * 2, discard=discard)
        deliver(s, Rng(seed), [])
        deals.add((tuple(map(tuple, s.hands)), tuple(s.draw)))
        assert sorted(s.draw + [c for h in s.hands for c in h]) == cards(*discard, "tomatoes-3",
                                                                         "tomatoes-3")
    assert len(deals) > 1
