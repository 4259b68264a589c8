"""What one seat cannot see, and redealing it (for the conformance suite and bots)."""

from __future__ import annotations

from collections import Counter

from engines.central_market.data import CHEAT, NUM_CODES, product_of
from engines.central_market.state import (
    BIDDING,
    FIRST_LAP,
    KEEP_ALL,
    LOWERING,
    NO_PRODUCT,
    NO_SEAT,
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
from engines.core.hidden import Hidden, Places, Told
from engines.core.rng import Rng
from marketplay.v1 import central_market_pb2 as pb

#: Rejection sampling gives up after this many draws and deals by construction
#: (`constructed_deal`): consistent with every public fact, just not uniform.
RESAMPLE_TRIES = 200

SeatProduct = tuple[int, int]


def known_about_hands(state: State) -> tuple[set[SeatProduct], set[SeatProduct], int]:
    """What the table knows about hidden hands right now.

    Returns ((seat, product) pairs the seat must hold some of, pairs it must
    hold none of, seat that must hold some offerable product or NO_SEAT). A bidder
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
    offer_seat = state.offerer if phase == OFFER else NO_SEAT
    product = state.product
    if product != NO_PRODUCT:
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
        offer_seat = NO_SEAT
    sizes = {i: (len(state.hands[i]), len(state.set_aside[i]), len(state.discarded[i])) for i in others}

    def consistent(hands: dict[int, list[int]]) -> bool:
        if any(all(product_of(c) != p for c in hands[seat]) for seat, p in holds):
            return False
        if any(any(product_of(c) == p for c in hands[seat]) for seat, p in lacks):
            return False
        return offer_seat < 0 or bool({product_of(c) for c in hands[offer_seat]} - set(state.offered))

    for _ in range(RESAMPLE_TRIES):
        rng.shuffle(pool)
        dealt = _deal(pool, others, sizes)
        if consistent(dealt[0]):
            break
    else:
        # Never the real deal: a bot would read the hidden hands through it.
        pool = constructed_deal(state, pool, others, holds, lacks, offer_seat)
        dealt = _deal(pool, others, sizes)
        if not consistent(dealt[0]):  # pragma: no cover - the real deal proves one exists
            raise AssertionError("no deal agrees with the public facts")
    hands, set_aside, discarded, at = dealt
    for i in others:
        twin.hands[i] = hands[i]
        twin.set_aside[i] = set_aside[i]
        twin.discarded[i] = discarded[i]
    twin.draw = pool[at:]
    if state.phase == SET_ASIDE:
        for i in others:
            if state.set_aside_choice[i] not in (UNDECIDED, NOT_ASKED):
                choices = [KEEP_ALL, *sorted(set(twin.hands[i]))]
                twin.set_aside_choice[i] = choices[rng.below(len(choices))]
    return twin


Hands = dict[int, list[int]]


def _deal(pool: list[int], others: list[int], sizes: dict[int, tuple[int, int, int]]
          ) -> tuple[Hands, Hands, Hands, int]:
    """Hands, set-aside cards and face-down discards sliced off `pool` in seat
    order, and where the draw pile starts."""
    at = 0
    slices: tuple[Hands, Hands, Hands] = ({}, {}, {})
    for i in others:
        for part, size in zip(slices, sizes[i], strict=True):
            part[i] = sorted(pool[at : at + size])
            at += size
    return (*slices, at)


def constructed_deal(
    state: State, pool: list[int], others: list[int], holds: set[SeatProduct],
    lacks: set[SeatProduct], offer_seat: int,
) -> list[int]:
    """`pool` reordered so that `_deal`'s slices agree with the public facts,
    for the rare position where rejection sampling keeps failing.

    First every seat takes one card of each product it must hold and the seat
    asked to offer one it may offer; then the seats known to lack a product
    fill their hands from the other products, most constrained first; then
    the rest fill from what is left. Each choice takes the first fitting card
    of the (shuffled) pool, so the result depends only on public facts and
    the pool's order: it stays canonical.
    """
    left = pool[:]
    hands: Hands = {i: [] for i in others}
    barred = {i: {p for seat, p in lacks if seat == i} for i in others}

    def take(seat: int, products: set[int]) -> None:
        card = next(c for c in left if product_of(c) in products - barred[seat])
        left.remove(card)
        hands[seat].append(card)

    everything = {product_of(c) for c in pool}
    for seat, product in sorted(holds):
        if all(product_of(c) != product for c in hands[seat]):
            take(seat, {product})
    if offer_seat != NO_SEAT and not {product_of(c) for c in hands[offer_seat]} - set(state.offered):
        take(offer_seat, everything - set(state.offered))
    for seat in sorted(others, key=lambda i: (-len(barred[i]), i)):
        while len(hands[seat]) < len(state.hands[seat]):
            take(seat, everything)
    out: list[int] = []
    for i in others:
        out += hands[i]
        out += [left.pop(0) for _ in range(len(state.set_aside[i]) + len(state.discarded[i]))]
    return out + left


def hidden_places(state: State, observer: int) -> Places:
    """Hidden from the observer: the draw pile, and every other seat's hand,
    set-aside cards and (version 2) hand discarded face down."""
    places: Places = {"draw": Counter(state.draw)}
    for seat in range(state.num_players):
        if seat != observer:
            places[f"hand {seat}"] = Counter(state.hands[seat])
            places[f"set-aside {seat}"] = Counter(state.set_aside[seat])
            places[f"discarded {seat}"] = Counter(state.discarded[seat])
    return places


def pinned_cards(state: State, observer: int) -> frozenset[int]:
    """Cards of a product the table knows a seat holds or lacks (a bidder
    "may bid only if he has the product"; a revealed Cheat): a redeal may
    have only one place for them."""
    holds, lacks, _ = known_about_hands(state)
    products = {product for _, product in holds | lacks}
    return frozenset(c for c in range(NUM_CODES) if product_of(c) in products)


class CheatsRevealed(Told[State, pb.CentralMarketEvent]):
    """A revealed Cheat: "he has to play the Cheat card to show that he in
    fact doesn't have this product". Nobody gains cards until the next
    delivery, so the cheater holds none of it for the rest of the round
    (after the last round's scoring nothing is decided any more, and the
    state no longer lists that round's sales).

    Facts the state cannot keep are left out on purpose: that a bidder whose
    sale was skipped (product limit) still holds the product, or that a seat
    which skipped its offer holds only offered products, are not in the
    state once that product's bidding is over (docs/rules/central-market.md,
    "Resampling hidden cards").
    """

    def __init__(self) -> None:
        self.lacks: set[SeatProduct] = set()

    def see(self, event: pb.CentralMarketEvent) -> None:
        kind = event.WhichOneof("kind")
        if kind == "round_scored":  # the next delivery follows in the same step
            self.lacks.clear()
        elif kind == "cheat_revealed":
            self.lacks.add((event.cheat_revealed.seat, event.cheat_revealed.product - 1))

    def contradicted_by(self, state: State, observer: int) -> list[str]:
        return [
            f"seat {seat} revealed a Cheat on product {product} yet holds it"
            for seat, product in sorted(self.lacks)
            if seat != observer and any(product_of(c) == product for c in state.hands[seat])
        ]


HIDDEN: Hidden[State] = Hidden(places=hidden_places, told=CheatsRevealed, pinned=pinned_cards)
