"""What a seat (or a spectator) may see of a Central Market state.

Public: bids, played cards, sales, income this round, victory points, unused
action cards, limits, the open discard pile, and counts of everything hidden.
Hidden (own view only): the hand, the set-aside cards, the pending set-aside
choice. The draw pile and hands discarded face down are never shown, only
counted.

A view is assembled from cached serialised pieces (engines/core/pieces.py
says why that gives the same message): the round header, one seat's row,
the products, the sales, the discard pile, the history, the sale under way
and the viewer's own cards, each cached by the plain values it shows.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from engines.central_market.data import CHEAT, NUM_PRODUCTS, ROT, TOURISTS, unused_count
from engines.central_market.messages import card_pb, cards_pb, product_pb, round_score_pb, sale_pb
from engines.central_market.rules import deciders
from engines.central_market.state import (
    OFFER,
    ROT_WINDOW,
    SELL,
    SET_ASIDE,
    TOURISTS_SALE,
    UNDECIDED,
    Cards,
    RoundScore,
    Sale,
    State,
)
from engines.core.pieces import CACHE_SIZE, assemble, serialize
from marketplay.v1 import central_market_pb2 as pb

View = pb.CentralMarketView

_CACHE_SIZE = CACHE_SIZE


def build_view(state: State, seat: int | None) -> pb.CentralMarketView:
    """The public pieces, then the seat's own cards (none for a spectator)."""
    decisions = deciders(state)
    pieces = [
        _header(
            state.round, state.final_round, state.phase, state.starting_player, state.max_price,
            state.removed_product, tuple(state.offered), state.product, state.lowest_bid(),
            tuple([d for d, _ in decisions]), decisions[0][1] if decisions else "",
            len(state.draw), state.skip_idle,
            state.offerer if OFFER <= state.phase <= TOURISTS_SALE else None,
            (state.cheat_mixed, state.reveal_discards) if state.rules.choice_options else None,
        )
    ]
    set_aside_phase = state.phase == SET_ASIDE
    pieces += [
        _seat(
            i, len(state.hands[i]), len(state.set_aside[i]), state.vp[i], state.income[i],
            state.player_left[i], state.action_cards[i], state.bids[i], state.bid_state[i],
            tuple(state.table[i]),
            set_aside_phase and state.set_aside_choice[i] != UNDECIDED,
            len(state.discarded[i]),
        )
        for i in range(state.num_players)
    ]
    pieces += [
        _products(tuple(state.product_left), frozenset(state.offered), state.removed_product),
        _sales(tuple(state.sales)),
        _discard_pile(tuple(state.discard)),
        _history(tuple(state.history)),
    ]
    if state.phase in (SELL, ROT_WINDOW, TOURISTS_SALE):
        tourists = state.phase == TOURISTS_SALE
        price = state.lowest_bid() if tourists else state.bids[state.seller]
        pieces.append(
            _current_sale(
                state.seller, state.sale_cheat, tourists, tuple(state.sale_cards), price,
                state.sale_sold, state.sale_paid, tuple(state.sale_rotted_by),
            )
        )
    if seat is not None:
        choice = state.set_aside_choice[seat]
        chosen = choice if set_aside_phase and choice >= 0 else -1
        pieces.append(_own_cards(tuple(state.hands[seat]), tuple(state.set_aside[seat]), chosen))
    return assemble(View, pieces)


# ------------------------------------------------------------------ pieces


@lru_cache(maxsize=_CACHE_SIZE)
def _header(
    round_: int, final_round: int, phase: int, starting_player: int, max_price: int,
    removed_product: int, offered: Cards, product: int, lowest_bid: int,
    deciding_seats: tuple[int, ...], decision_kind: str, draw_count: int, skip_idle: bool,
    offerer: int | None, choice_options: tuple[bool, bool] | None,
) -> bytes:
    view = View(
        round=round_,
        final_round=final_round,
        phase=phase,  # type: ignore[arg-type]
        starting_player=starting_player,
        max_price=max_price,
        removed_product=product_pb(removed_product),
        offered_this_round=[product_pb(p) for p in offered],
        current_product=product_pb(product),
        lowest_bid=lowest_bid,
        deciding_seats=deciding_seats,
        decision_kind=decision_kind,
        draw_pile_count=draw_count,
        skip_idle_reactions=skip_idle,
    )
    if offerer is not None:
        view.offerer = offerer
    if choice_options is not None:  # options of version 2; unset under version 1
        view.cheat_mixed_products, view.reveal_final_discards = choice_options
    return serialize(view)


@lru_cache(maxsize=_CACHE_SIZE)
def _seat(
    seat: int, hand_count: int, set_aside_count: int, vp: int, income: int, player_left: int,
    action_cards: int, bid: int, bid_state: int, played: Cards, set_aside_decided: bool,
    discarded_face_down: int,
) -> bytes:
    row = pb.CentralMarketSeatView(
        seat=seat,
        hand_count=hand_count,
        set_aside_count=set_aside_count,
        victory_points=vp,
        income=income,
        player_limit_left=player_left,
        has_cheat=bool(action_cards & CHEAT),
        has_tourists=bool(action_cards & TOURISTS),
        has_rot=bool(action_cards & ROT),
        bid=bid,
        bid_state=bid_state,  # type: ignore[arg-type]
        played_cards=cards_pb(played),
        set_aside_decided=set_aside_decided,
        unused_action_cards=unused_count(action_cards),
        discarded_face_down=discarded_face_down,
    )
    return serialize(View(seats=[row]))


@lru_cache(maxsize=_CACHE_SIZE)
def _products(product_left: Cards, offered: frozenset[int], removed_product: int) -> bytes:
    return serialize(View(
        products=[
            pb.CentralMarketProductView(
                product=product_pb(p),
                limit_left=product_left[p],
                offered=p in offered,
                in_game=p != removed_product,
            )
            for p in range(NUM_PRODUCTS)
        ]
    ))


@lru_cache(maxsize=_CACHE_SIZE)
def _sales(sales: tuple[Sale, ...]) -> bytes:
    return serialize(View(sales=[sale_pb(r) for r in sales]))


@lru_cache(maxsize=_CACHE_SIZE)
def _discard_pile(discard: Cards) -> bytes:
    view = View(discard_pile_count=len(discard))
    for card, count in sorted(Counter(discard).items()):
        view.discard_pile.append(pb.CentralMarketCardCount(card=card_pb(card), count=count))
    return serialize(view)


@lru_cache(maxsize=_CACHE_SIZE)
def _history(history: tuple[RoundScore, ...]) -> bytes:
    return serialize(View(history=[round_score_pb(h) for h in history]))


@lru_cache(maxsize=_CACHE_SIZE)
def _current_sale(
    seller: int, cheat: bool, tourists: bool, cards: Cards, price: int, sold: int, paid: int,
    rotted_by: Cards,
) -> bytes:
    view = View()
    view.current_sale.CopyFrom(
        pb.CentralMarketCurrentSale(
            seat=seller,
            cheat=cheat,
            tourists=tourists,
            cards=cards_pb(cards),
            price=price,
            sold_kg=sold,
            paid_kg=paid,
            rotted_by=rotted_by,
        )
    )
    return serialize(view)


@lru_cache(maxsize=_CACHE_SIZE)
def _own_cards(hand: Cards, set_aside: Cards, pending_set_aside: int) -> bytes:
    """The hidden part of a seat's own view; `pending_set_aside` -1 for none."""
    view = View(hand=cards_pb(hand), set_aside=cards_pb(set_aside))
    if pending_set_aside >= 0:
        view.pending_set_aside.CopyFrom(card_pb(pending_set_aside))
    return serialize(view)
