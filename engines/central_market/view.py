"""What a seat (or a spectator) may see of a Central Market state.

Public: bids, played cards, sales, income this round, victory points, unused
action cards, limits, the open discard pile, and counts of everything hidden.
Hidden (own view only): the hand, the set-aside cards, the pending set-aside
choice. The draw pile is never shown, only counted.
"""

from __future__ import annotations

from collections import Counter

from engines.central_market.data import CHEAT, NUM_PRODUCTS, ROT, TOURISTS, unused_count
from engines.central_market.events import card_pb, cards_pb, product_pb, round_score_pb, sale_pb
from engines.central_market.rules import deciders
from engines.central_market.state import (
    OFFER,
    ROT_WINDOW,
    SELL,
    SET_ASIDE,
    TOURISTS_SALE,
    UNDECIDED,
    State,
)
from marketplay.v1 import central_market_pb2 as pb


def build_view(s: State, seat: int | None) -> pb.CentralMarketView:
    decisions = deciders(s)
    view = pb.CentralMarketView(
        round=s.round,
        final_round=s.final_round,
        phase=s.phase,  # type: ignore[arg-type]
        starting_player=s.starting_player,
        max_price=s.max_price,
        removed_product=product_pb(s.removed_product),
        offered_this_round=[product_pb(p) for p in s.offered],
        current_product=product_pb(s.product),
        lowest_bid=s.lowest_bid(),
        sales=[sale_pb(r) for r in s.sales],
        deciding_seats=[d for d, _ in decisions],
        decision_kind=decisions[0][1] if decisions else "",
        draw_pile_count=len(s.draw),
        discard_pile_count=len(s.discard),
        history=[round_score_pb(h) for h in s.history],
        skip_idle_reactions=s.skip_idle,
    )
    for i in range(s.num_players):
        mask = s.action_cards[i]
        view.seats.append(
            pb.CentralMarketSeatView(
                seat=i,
                hand_count=len(s.hands[i]),
                set_aside_count=len(s.set_aside[i]),
                victory_points=s.vp[i],
                income=s.income[i],
                player_limit_left=s.player_left[i],
                has_cheat=bool(mask & CHEAT),
                has_tourists=bool(mask & TOURISTS),
                has_rot=bool(mask & ROT),
                bid=s.bids[i],
                bid_state=s.bid_state[i],  # type: ignore[arg-type]
                played_cards=cards_pb(s.table[i]),
                set_aside_decided=s.phase == SET_ASIDE and s.pending[i] != UNDECIDED,
                unused_action_cards=unused_count(mask),
            )
        )
    offered = set(s.offered)
    for p in range(NUM_PRODUCTS):
        view.products.append(
            pb.CentralMarketProductView(
                product=product_pb(p),
                limit_left=s.product_left[p],
                offered=p in offered,
                in_game=p != s.removed_product,
            )
        )
    if OFFER <= s.phase <= TOURISTS_SALE:
        view.offerer = s.offerer
    if s.phase in (SELL, ROT_WINDOW, TOURISTS_SALE):
        view.current_sale.CopyFrom(
            pb.CentralMarketCurrentSale(
                seat=s.seller,
                cheat=s.sale_cheat,
                tourists=s.phase == TOURISTS_SALE,
                cards=cards_pb(s.sale_cards),
                price=s.lowest_bid() if s.phase == TOURISTS_SALE else s.bids[s.seller],
                sold_kg=s.sale_sold,
                paid_kg=s.sale_paid,
                rotted_by=s.sale_rotted_by,
            )
        )
    for card, count in sorted(Counter(s.discard).items()):
        view.discard_pile.append(pb.CentralMarketCardCount(card=card_pb(card), count=count))
    if seat is not None:
        view.hand.extend(cards_pb(s.hands[seat]))
        view.set_aside.extend(cards_pb(s.set_aside[seat]))
        choice = s.pending[seat]
        if s.phase == SET_ASIDE and choice >= 0:
            view.pending_set_aside.CopyFrom(card_pb(choice))
    return view
