"""What each seat may know: views, events, and hidden-card resampling."""

from __future__ import annotations

from typing import Any

import pytest

from engines.central_market import ENGINE, rounds, rules
from engines.central_market.data import CHEAT, product_of
from engines.central_market.moves import build_action, read_move
from engines.core import Game, Rng
from engines.core.engine import Event
from marketplay.v1 import central_market_pb2 as pb
from tests.conformance.playout import playout
from tests.engines.central_market.helpers import TOMATOES, Play, card, make_state


def test_views_show_own_hand_and_only_counts_of_hidden_cards() -> None:
    game = Game.new(ENGINE, 4, {}, b"view-seed")
    own = ENGINE.view(game.state, 1)
    spectator = ENGINE.view(game.state, None)
    assert len(own.hand) == 4
    assert not spectator.hand and not spectator.set_aside
    assert [s.hand_count for s in spectator.seats] == [4, 4, 4, 4]
    assert spectator.draw_pile_count == 50 - 16
    assert spectator.deciding_seats == [0] and spectator.decision_kind == "offer"
    assert all(s.has_cheat and s.has_rot and s.has_tourists for s in spectator.seats)


def test_delivery_events_are_public_counts_with_private_cards() -> None:
    """ "seat 2 drew 4 cards" for everyone, "you drew ..." for the seat."""
    s = make_state([[], [], []], draw=["tomatoes-2", "carrots-3", "peppers-4"] * 4)
    out: list[Event] = []
    rounds.deliver(s, Rng(b"x"), out)
    delivered = [e for e in out if e.message.WhichOneof("kind") == "cards_delivered"]
    public = [e for e in delivered if e.audience is None]
    private = [e for e in delivered if e.audience is not None]
    shown: list[Any] = [e.message.cards_delivered for e in public]  # type: ignore[attr-defined]
    assert [(d.seat, d.count, len(d.cards)) for d in shown] == [(0, 4, 0), (1, 4, 0), (2, 4, 0)]
    assert [e.audience for e in private] == [frozenset({0}), frozenset({1}), frozenset({2})]
    told: list[Any] = [e.message.cards_delivered for e in private]  # type: ignore[attr-defined]
    assert all(len(d.cards) == 4 for d in told)


def test_bids_sales_and_a_revealed_cheat_are_public() -> None:
    hands = [["tomatoes-2", "tomatoes-4"], ["carrots-3", "peppers-2"], ["eggplants-2"]]
    play = Play(make_state(hands, action_cards=[0, CHEAT, 0]))
    play.offer(0, TOMATOES, 6).bid(1, 4).pass_(2)
    view = ENGINE.view(play.state, 2)
    assert [s.bid for s in view.seats] == [6, 4, 0]
    assert view.lowest_bid == 4
    play.stay(0)
    view = ENGINE.view(play.state, 2)
    assert view.current_sale.cheat and view.current_sale.seat == 1
    assert not view.seats[1].has_cheat
    play.sell(1, "carrots-3").sell(0, "tomatoes-2")
    view = ENGINE.view(play.state, None)
    assert [(s.seat, s.income, s.cheat) for s in view.sales] == [(1, 12, True), (0, 12, False)]
    assert [s.income for s in view.seats] == [12, 12, 0]
    assert [len(s.played_cards) for s in view.seats] == [1, 1, 0]
    assert all(e.audience is None for e in play.events)


def test_set_aside_choice_is_private_until_everyone_chose() -> None:
    hands = [["tomatoes-2", "carrots-2"], ["peppers-2"], ["eggplants-2"]]
    play = Play(make_state(hands, offer_turn=2, action_cards=[0, 0, 0],
                           draw=["peppers-2"] * 12))
    play.offer(2, 2, 5).pass_(0).pass_(1).sell(2, "eggplants-2")
    play.act(1, rules.SetAside(card("peppers-2")))
    chosen = [e for e in play.events if e.message.WhichOneof("kind") == "set_aside_chosen"]
    msgs: list[Any] = [e.message for e in chosen]
    pairs = zip(chosen, msgs, strict=True)
    assert [(e.audience, m.set_aside_chosen.HasField("card")) for e, m in pairs] == [
        (None, False), (frozenset({1}), True)
    ]


def test_actions_convert_both_ways_and_junk_is_not_an_action() -> None:
    for action in [rules.Offer(4), rules.Bid(3), rules.PASS, rules.STAY,
                   rules.SellCard(card("peppers-4")), rules.FINISH_SALE,
                   rules.PLAY_ROT, rules.PLAY_TOURISTS,
                   rules.SetAside(card("tomatoes-2")), rules.KEEP_ALL_CARDS]:
        assert read_move(build_action(action)) == action
    assert read_move(pb.CentralMarketAction()) is None
    bad_card = pb.CentralMarketAction(sell_card=pb.CentralMarketSellCard(
        card=pb.CentralMarketCard(product=pb.CENTRAL_MARKET_PRODUCT_TOMATOES, kg=5)))
    assert read_move(bad_card) is None
    assert read_move(pb.CentralMarketAction(offer=pb.CentralMarketOffer())) is None


def test_resampling_keeps_public_facts_and_bidding_constraints() -> None:
    """A bidder without a Cheat holds the product in every resampled deal."""
    game = Game.new(ENGINE, 4, {}, b"resample")
    rng = Rng(b"r")
    for step in playout(game, b"p"):
        s = step.after.state
        if s.product < 0:
            continue
        for observer in range(4):
            twin = ENGINE.resample_hidden(s, observer, rng)
            assert [len(h) for h in twin.hands] == [len(h) for h in s.hands]
            assert twin.hands[observer] == s.hands[observer]
            assert len(twin.draw) == len(s.draw)
            for seat in twin.sell_order:
                if not twin.action_cards[seat] & CHEAT:
                    assert any(product_of(c) == s.product for c in twin.hands[seat])


def test_discard_pile_is_open() -> None:
    """Decision "Open discard pile": its cards are shown by kind and count."""
    s = make_state([["tomatoes-2"], [], []], discard=["carrots-3", "carrots-3", "peppers-4"])
    view = ENGINE.view(s, None)
    assert view.discard_pile_count == 3
    assert [(c.card.product, c.card.kg, c.count) for c in view.discard_pile] == [
        (2, 3, 2), (5, 4, 1)
    ]


@pytest.mark.parametrize(("players", "options"), [
    (3, {}), (4, {"skip-idle-reactions": "true"}), (5, {}),
    (3, {"removed-product": "carrots", "skip-idle-reactions": "true"}),
], ids=["3p", "4p-skip-idle", "5p", "3p-40-cards-skip-idle"])
def test_a_resampled_deal_is_one_the_observer_cannot_tell_apart(
        players: int, options: dict[str, str]) -> None:
    """At every step of a whole game and for every observer, the twin shows
    the observer the same views, the same seats asked and the same legal
    actions, for its own seat and every seat the public facts pin down:
    the offerer can offer, bidders and Cheats can sell, a Tourists prompt
    under skip-idle went to a seat that holds the product."""
    game = Game.new(ENGINE, players, options, b"twin%d" % players)
    rng = Rng(b"twin")
    for step in playout(game, b"twin-policy"):
        s = step.after.state
        deciders = [(d.seat, d.kind) for d in ENGINE.to_act(s)]
        for observer in range(players):
            twin = ENGINE.resample_hidden(s, observer, rng)
            assert ENGINE.view(twin, observer) == ENGINE.view(s, observer)
            assert [(d.seat, d.kind) for d in ENGINE.to_act(twin)] == deciders
            for seat, _ in deciders:
                assert bool(ENGINE.legal_actions(twin, seat)) == bool(ENGINE.legal_actions(s, seat))
            assert ENGINE.legal_actions(twin, observer) == ENGINE.legal_actions(s, observer)
