"""Redealing what one seat cannot see (for the conformance suite and bots)."""

from __future__ import annotations

from engines.central_market.data import CHEAT, product_of
from engines.central_market.state import (
    BIDDING,
    FIRST_LAP,
    KEEP_ALL,
    LOWERING,
    NOT_ASKED,
    OFFER,
    ROT_WINDOW,
    SELL,
    SET_ASIDE,
    STARTING_BID,
    STAYED,
    TOURISTS_SALE,
    TOURISTS_WINDOW,
    UNDECIDED,
    State,
)
from engines.core.rng import Rng

#: Rejection sampling gives up after this many draws and keeps the real deal
#: (still a state the observer cannot tell apart, just not a fresh one).
RESAMPLE_TRIES = 200

SeatProduct = tuple[int, int]


def known_about_hands(state: State) -> tuple[set[SeatProduct], set[SeatProduct], int]:
    """What the table knows about hidden hands right now.

    Returns ((seat, product) pairs the seat must hold some of, pairs it must
    hold none of, seat that must hold some offerable product or -1). A bidder
    without an unused Cheat holds the product ("A player may bid only if he
    has the product"), the offerer offered from his hand, a seat asked to
    offer holds something it may offer, and with skip-idle-reactions a seat
    asked for Tourists holds the product. A Cheat revealed this round shows
    the cheater held none of that product, and a hand only shrinks until the
    next delivery, so it still holds none.
    """
    holds: set[SeatProduct] = set()
    lacks = {(sale.seat, sale.product) for sale in state.sales if sale.cheat}
    phase = state.phase
    offer_seat = state.offerer if phase == OFFER else -1
    product = state.product
    if product >= 0:
        waiting = set(state.sell_order)
        if phase in (STARTING_BID, FIRST_LAP, LOWERING):
            waiting = {i for i in range(state.num_players) if state.bid_state[i] in (BIDDING, STAYED)}
            waiting.add(state.offerer)
        for seat in waiting:
            if seat == state.offerer or not state.action_cards[seat] & CHEAT:
                holds.add((seat, product))
        if phase in (SELL, ROT_WINDOW) and state.sale_cheat:
            lacks.add((state.seller, product))  # revealed, not yet settled into a sale record
        elif phase in (SELL, TOURISTS_SALE) and not state.sale_cards:
            holds.add((state.seller, product))
        if phase == TOURISTS_WINDOW and state.skip_idle:
            holds.add((state.asked, product))  # asked only because it holds the product
    return holds, lacks, offer_seat


def resample_hidden(state: State, observer: int, rng: Rng) -> State:
    """Redeal every card the observer cannot see (other hands, other seats'
    set-aside cards and face-down discarded hands, the draw pile) uniformly
    among the deals that agree with every public fact, and redraw other
    seats' pending set-aside choices."""
    twin = state.clone()
    others = [i for i in range(state.num_players) if i != observer]
    hidden = [c for i in others for c in state.hands[i] + state.set_aside[i] + state.discarded[i]]
    pool = sorted(hidden + state.draw)
    holds, lacks, offer_seat = known_about_hands(state)
    holds = {(seat, p) for seat, p in holds if seat != observer}
    lacks = {(seat, p) for seat, p in lacks if seat != observer}
    if offer_seat == observer:
        offer_seat = -1
    for _ in range(RESAMPLE_TRIES):
        rng.shuffle(pool)
        at = 0
        hands: dict[int, list[int]] = {}
        set_aside: dict[int, list[int]] = {}
        discarded: dict[int, list[int]] = {}
        for i in others:
            hands[i] = sorted(pool[at : at + len(state.hands[i])])
            at += len(state.hands[i])
            set_aside[i] = sorted(pool[at : at + len(state.set_aside[i])])
            at += len(state.set_aside[i])
            discarded[i] = sorted(pool[at : at + len(state.discarded[i])])
            at += len(state.discarded[i])
        if any(all(product_of(c) != p for c in hands[seat]) for seat, p in holds):
            continue
        if any(any(product_of(c) == p for c in hands[seat]) for seat, p in lacks):
            continue
        if offer_seat >= 0 and not {product_of(c) for c in hands[offer_seat]} - set(state.offered):
            continue
        for i in others:
            twin.hands[i] = hands[i]
            twin.set_aside[i] = set_aside[i]
            twin.discarded[i] = discarded[i]
        twin.draw = pool[at:]
        break
    if state.phase == SET_ASIDE:
        for i in others:
            if state.set_aside_choice[i] not in (UNDECIDED, NOT_ASKED):
                choices = [KEEP_ALL, *sorted(set(twin.hands[i]))]
                twin.set_aside_choice[i] = choices[rng.below(len(choices))]
    return twin
