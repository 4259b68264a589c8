"""Every field of a view, against the table it shows: the header, each
seat's row, the sale under way, and the viewer's own cards."""

from __future__ import annotations

from engines.central_market import ENGINE, rules
from engines.central_market.data import CHEAT, ROT, TOURISTS
from engines.central_market.state import (
    GAME_OVER,
    OFFER,
    ROT_WINDOW,
    SELL,
    SET_ASIDE,
    TOURISTS_SALE,
    UNDECIDED,
)
from engines.core import Game
from marketplay.v1 import central_market_pb2 as pb
from tests.conformance.playout import playout
from tests.engines.central_market.helpers import CARROTS, TOMATOES, Play, card, make_state


def _card(name: str) -> tuple[int, int]:
    product, kg = name.rsplit("-", 1)
    return ["tomatoes", "carrots", "eggplants", "cucumbers", "peppers"].index(product) + 1, int(kg)


def _cards(view_cards: object) -> list[tuple[int, int]]:
    return [(c.product, c.kg) for c in view_cards]  # type: ignore[attr-defined]


def test_a_rot_window_view() -> None:
    """Round 2, seat 1 sells 2 kg at 4 and seat 2 is asked whether to rot it."""
    hands = [["tomatoes-3", "tomatoes-4", "peppers-2"], ["tomatoes-2", "tomatoes-3"], ["cucumbers-2"]]
    play = Play(make_state(hands, round_=2, starting_player=0, vp=[3, 1, 2], max_price=12,
                           set_aside=[[], ["carrots-2"], []], action_cards=[TOURISTS, CHEAT | ROT, ROT],
                           draw=["carrots-3"] * 5))
    play.offer(0, TOMATOES, 6).bid(1, 4).pass_(2).stay(0).sell(1, "tomatoes-2")
    assert play.state.phase == ROT_WINDOW
    view = ENGINE.view(play.state, 1)
    assert (view.round, view.final_round, view.phase, view.starting_player, view.max_price) == (
        2, 7, ROT_WINDOW, 0, 12)
    assert (view.current_product, view.lowest_bid, view.draw_pile_count) == (TOMATOES + 1, 4, 5)
    assert (list(view.deciding_seats), view.decision_kind) == ([2], "respond-rot")
    assert view.HasField("offerer") and view.offerer == 0
    assert list(view.offered_this_round) == [TOMATOES + 1] and not view.skip_idle_reactions
    rows = [(r.seat, r.hand_count, r.set_aside_count, r.victory_points, r.income,
             r.player_limit_left, r.has_cheat, r.has_tourists, r.has_rot, r.bid, r.bid_state,
             r.unused_action_cards) for r in view.seats]
    assert rows == [
        (0, 3, 0, 3, 0, 10, False, True, False, 6, pb.CENTRAL_MARKET_BID_STATE_STAYED, 1),
        (1, 1, 1, 1, 0, 8, True, False, True, 4, pb.CENTRAL_MARKET_BID_STATE_SOLD, 2),
        (2, 1, 0, 2, 0, 10, False, False, True, 0, pb.CENTRAL_MARKET_BID_STATE_PASSED, 1),
    ]
    assert _cards(view.seats[1].played_cards) == [_card("tomatoes-2")]
    assert not any(r.set_aside_decided for r in view.seats)
    sale = view.current_sale
    assert (sale.seat, sale.cheat, sale.tourists, sale.price, sale.sold_kg, sale.paid_kg) == (
        1, False, False, 4, 2, 2)
    assert _cards(sale.cards) == [_card("tomatoes-2")] and list(sale.rotted_by) == []
    assert _cards(view.hand) == [_card("tomatoes-3")]
    assert _cards(view.set_aside) == [_card("carrots-2")]
    assert not view.HasField("pending_set_aside")
    play.act(2, rules.PLAY_ROT)
    settled = ENGINE.view(play.state, None)
    assert list(settled.sales[0].rotted_by) == [2] and settled.sales[0].paid_kg == 1


def test_a_tourists_sale_view() -> None:
    """A Tourists sale is priced at the lowest bid and marked as such."""
    hands = [["tomatoes-3", "tomatoes-4", "tomatoes-2", "peppers-2"], ["tomatoes-2", "tomatoes-3"],
             ["cucumbers-2"]]
    play = Play(make_state(hands, action_cards=[TOURISTS, 0, 0], skip_idle=True))
    play.offer(0, TOMATOES, 6).bid(1, 4).pass_(2).stay(0).sell(1, "tomatoes-2")
    play.sell(0, "tomatoes-3").act(0, rules.PLAY_TOURISTS).sell(0, "tomatoes-4", finish=False)
    assert play.state.phase == TOURISTS_SALE
    view = ENGINE.view(play.state, 2)
    sale = view.current_sale
    assert (sale.seat, sale.tourists, sale.price, sale.cheat) == (0, True, 4, False)
    assert _cards(sale.cards) == [_card("tomatoes-4")]
    assert view.skip_idle_reactions and view.decision_kind == "tourists-sale"
    assert _cards(view.hand) == [_card("cucumbers-2")] and list(view.set_aside) == []


def test_a_set_aside_view_shows_who_chose_and_only_the_own_choice() -> None:
    hands = [["tomatoes-2", "carrots-3"], ["carrots-2"], ["eggplants-2"]]
    play = Play(make_state(hands, action_cards=[0, 0, 0]))
    play.offer(0, CARROTS, 5).pass_(1).pass_(2).sell(0, "carrots-3")
    while play.state.phase != SET_ASIDE:
        seat, kind = play.deciders()[0]
        move = rules.legal_moves(play.state, seat)[0 if kind != "offer" else -1]
        play.act(seat, move)
    play.act(0, rules.SetAside(card("tomatoes-2")))
    mine, theirs = ENGINE.view(play.state, 0), ENGINE.view(play.state, 1)
    assert _cards([mine.pending_set_aside]) == [_card("tomatoes-2")]
    assert not theirs.HasField("pending_set_aside")
    assert theirs.seats[0].set_aside_decided
    assert [r.set_aside_decided for r in theirs.seats[1:]] == [
        play.state.set_aside_choice[seat] != UNDECIDED for seat in (1, 2)]
    assert not ENGINE.view(play.state, None).HasField("offerer")


def test_every_view_of_whole_games_follows_the_table() -> None:
    """Through whole seeded games: the starting player, the offerer while a
    product is being offered and sold, the running sale's price (the
    seller's own bid; at the Tourists' sale the lowest), who rotted it, the
    own pending set-aside card only while the set-aside runs, and no
    decision once the game is over."""
    seen = {"starting": set(), "above lowest": 0, "pending": 0}
    for players in (3, 4, 5):
        for step in playout(Game.new(ENGINE, players, {}, b"fields%d" % players), b"fields"):
            for s in (step.before.state, step.after.state):
                view = ENGINE.view(s, None)
                seen["starting"].add(view.starting_player)
                assert view.starting_player == s.starting_player
                assert view.removed_product == pb.CENTRAL_MARKET_PRODUCT_UNSPECIFIED  # 50 cards
                if s.phase == SET_ASIDE:  # "the set-aside cards are only used in the final round"
                    assert s.round < s.final_round
                if s.phase == OFFER:  # "everyone removes their bidding token"; nothing carries over
                    assert view.lowest_bid == 0
                    assert [seat.bid for seat in view.seats] == [0] * players
                    assert s.bids == s.sold_kg == s.cheated == [0] * players and s.asked == 0
                if OFFER <= s.phase <= TOURISTS_SALE:
                    assert view.HasField("offerer") and view.offerer == s.offerer
                else:
                    assert not view.HasField("offerer")
                if s.phase in (SELL, ROT_WINDOW):
                    assert view.current_sale.price == s.bids[s.seller]
                    seen["above lowest"] += s.bids[s.seller] != s.lowest_bid()
                elif s.phase == TOURISTS_SALE:
                    assert view.current_sale.price == s.lowest_bid()
                assert [(x.seat, x.price, x.played_kg, x.sold_kg, x.lost_kg, x.paid_kg, x.income)
                        for x in view.sales] == [(x.seat, x.price, x.played_kg, x.sold_kg, x.lost_kg,
                                                  x.paid_kg, x.income) for x in s.sales]
                if view.HasField("current_sale"):
                    assert list(view.current_sale.rotted_by) == list(s.sale_rotted_by)
                for seat in range(players):
                    pending = s.phase == SET_ASIDE and s.set_aside_choice[seat] >= 0
                    seen["pending"] += pending
                    assert ENGINE.view(s, seat).HasField("pending_set_aside") == pending
        over = step.after.state
        view = ENGINE.view(over, None)
        assert over.phase == GAME_OVER and view.decision_kind == "" and not view.deciding_seats
        outcome = ENGINE.outcome(over)
        assert outcome is not None and isinstance(outcome.details, pb.CentralMarketOutcome)
        assert list(outcome.details.victory_points) == list(over.vp)
        assert [(h.round, tuple(h.incomes), tuple(h.victory_points))
                for h in outcome.details.history] == [tuple(h) for h in over.history]
        assert over.history
    assert len(seen["starting"]) > 1 and seen["above lowest"] and seen["pending"]
