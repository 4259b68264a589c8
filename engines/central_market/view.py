"""What a seat (or a spectator) may see of a Central Market state.

Public: bids, played cards, sales, income this round, victory points, unused
action cards, limits, the open discard pile, and counts of everything hidden.
Hidden (own view only): the hand, the set-aside cards, the pending set-aside
choice. The draw pile is never shown, only counted.

Views are built often (every seat, every call) and change little between
calls, so a view is assembled from pieces: each piece is the serialised
bytes of a CentralMarketView holding only that part (the round header, one
seat's row, the products, ...), cached by the plain values it shows.
Protobuf parses concatenated encodings as one merged message (repeated
fields append in the order given), so the view is the parse of its pieces
joined: the same message, hence the same serialised bytes, as one built
field by field. The caches are bounded, keyed by immutable values, and
thread-safe (functools.lru_cache); a cached piece is bytes, never shared
as a mutable message.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

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

View = pb.CentralMarketView

#: Entries per piece cache: a few games' worth of distinct pieces.
_CACHE_SIZE = 4096

Cards = tuple[int, ...]
SaleKey = tuple[int, int, int, int, int, int, int, int, bool, bool, Cards, Cards]
HistoryKey = tuple[int, Cards, Cards]


def build_view(s: State, seat: int | None) -> pb.CentralMarketView:
    """The public pieces, then the seat's own cards (none for a spectator)."""
    decisions = deciders(s)
    pieces = [
        _header(
            s.round, s.final_round, s.phase, s.starting_player, s.max_price,
            s.removed_product, tuple(s.offered), s.product, s.lowest_bid(),
            tuple([d for d, _ in decisions]), decisions[0][1] if decisions else "",
            len(s.draw), s.skip_idle,
            s.offerer if OFFER <= s.phase <= TOURISTS_SALE else None,
        )
    ]
    set_aside_phase = s.phase == SET_ASIDE
    pieces += [
        _seat(
            i, len(s.hands[i]), len(s.set_aside[i]), s.vp[i], s.income[i], s.player_left[i],
            s.action_cards[i], s.bids[i], s.bid_state[i], tuple(s.table[i]),
            set_aside_phase and s.pending[i] != UNDECIDED,
        )
        for i in range(s.num_players)
    ]
    pieces += [
        _products(tuple(s.product_left), frozenset(s.offered), s.removed_product),
        _sales(tuple([(*r[:10], tuple(r[10]), tuple(r[11])) for r in s.sales])),
        _discard_pile(tuple(s.discard)),
        _history(tuple([(r, tuple(incomes), tuple(vp)) for r, incomes, vp in s.history])),
    ]
    if s.phase in (SELL, ROT_WINDOW, TOURISTS_SALE):
        tourists = s.phase == TOURISTS_SALE
        price = s.lowest_bid() if tourists else s.bids[s.seller]
        pieces.append(
            _current_sale(
                s.seller, s.sale_cheat, tourists, tuple(s.sale_cards), price,
                s.sale_sold, s.sale_paid, tuple(s.sale_rotted_by),
            )
        )
    if seat is not None:
        choice = s.pending[seat]
        pending = choice if set_aside_phase and choice >= 0 else -1
        pieces.append(_own_cards(tuple(s.hands[seat]), tuple(s.set_aside[seat]), pending))
    return View.FromString(b"".join(pieces))


# ------------------------------------------------------------------ pieces


@lru_cache(maxsize=_CACHE_SIZE)
def _header(
    round_: int, final_round: int, phase: int, starting_player: int, max_price: int,
    removed_product: int, offered: Cards, product: int, lowest_bid: int,
    deciding_seats: tuple[int, ...], decision_kind: str, draw_count: int, skip_idle: bool,
    offerer: int | None,
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
    return view.SerializeToString()


@lru_cache(maxsize=_CACHE_SIZE)
def _seat(
    seat: int, hand_count: int, set_aside_count: int, vp: int, income: int, player_left: int,
    action_cards: int, bid: int, bid_state: int, played: Cards, set_aside_decided: bool,
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
    )
    return View(seats=[row]).SerializeToString()


@lru_cache(maxsize=_CACHE_SIZE)
def _products(product_left: Cards, offered: frozenset[int], removed_product: int) -> bytes:
    return View(
        products=[
            pb.CentralMarketProductView(
                product=product_pb(p),
                limit_left=product_left[p],
                offered=p in offered,
                in_game=p != removed_product,
            )
            for p in range(NUM_PRODUCTS)
        ]
    ).SerializeToString()


@lru_cache(maxsize=_CACHE_SIZE)
def _sales(sales: tuple[SaleKey, ...]) -> bytes:
    return View(sales=[sale_pb(r) for r in sales]).SerializeToString()


@lru_cache(maxsize=_CACHE_SIZE)
def _discard_pile(discard: Cards) -> bytes:
    view = View(discard_pile_count=len(discard))
    for card, count in sorted(Counter(discard).items()):
        view.discard_pile.append(pb.CentralMarketCardCount(card=card_pb(card), count=count))
    return view.SerializeToString()


@lru_cache(maxsize=_CACHE_SIZE)
def _history(history: tuple[HistoryKey, ...]) -> bytes:
    return View(history=[round_score_pb(h) for h in history]).SerializeToString()


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
    return view.SerializeToString()


@lru_cache(maxsize=_CACHE_SIZE)
def _own_cards(hand: Cards, set_aside: Cards, pending_set_aside: int) -> bytes:
    """The hidden part of a seat's own view; `pending_set_aside` -1 for none."""
    view = View(hand=cards_pb(hand), set_aside=cards_pb(set_aside))
    if pending_set_aside >= 0:
        view.pending_set_aside.CopyFrom(card_pb(pending_set_aside))
    return view.SerializeToString()
