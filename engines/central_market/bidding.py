"""Offering a product and bidding on it, down to the selling order.

"He chooses one product from his hand, states that he wants to sell it ...
and makes his starting bid"; then each other seat in clockwise order passes
or bids lower once (the first lap); then the bidders lower or stay, lap
after lap, "until no player wants to lower their bid anymore".
"""

from __future__ import annotations

from engines.central_market import events as event
from engines.central_market.data import CHEAT, LOWEST_PRICE
from engines.central_market.moves import Bid, Offer, Pass, Stay
from engines.central_market.rounds import REASON_CANNOT_UNDERCUT, REASON_PLAYER_LIMIT
from engines.central_market.selling import next_seller
from engines.central_market.state import (
    BIDDING,
    FIRST_LAP,
    LOWERING,
    NO_BID,
    PASSED,
    STARTING_BID,
    STAYED,
    State,
)
from engines.core.engine import Event
from engines.core.rng import Rng
from engines.core.seats import clockwise


def may_bid(state: State, seat: int) -> bool:
    """A seat may bid if it holds the offered product, or holds its unused
    Cheat and at least one card (a cheater must "play any other product from
    his hand").

    "A player may bid only if he has the product in his hands (see the card
    "Cheat" for exception)."
    """
    if state.holds(seat, state.product):
        return True
    return bool(state.action_cards[seat] & CHEAT) and bool(state.hands[seat])


# ------------------------------------------------------------------ the phases' moves


def offer(state: State, seat: int, move: Offer, rng: Rng, events: list[Event]) -> None:
    """The offerer names a product from his hand; every bid of the last
    product is cleared."""
    product = move.product
    state.product = product
    state.offered.append(product)
    n = state.num_players
    state.bids, state.bid_state = [0] * n, [NO_BID] * n
    state.sold_kg, state.cheated = [0] * n, [0] * n
    state.phase = STARTING_BID
    events.append(event.offered(seat, product))


def starting_bid(state: State, seat: int, move: Bid, rng: Rng, events: list[Event]) -> None:
    """The offerer's "starting bid, placing his bidding token on the number
    (price) for which he would like to sell"; then the first lap begins."""
    place_bid(state, seat, move.price, events)
    state.asked = (seat + 1) % state.num_players
    continue_first_lap(state, rng, events)


def answer_first_lap(state: State, seat: int, move: Bid | Pass, rng: Rng, events: list[Event]) -> None:
    """ "pass" or "bid - ... lower than the current lowest bid"."""
    if isinstance(move, Bid):
        place_bid(state, seat, move.price, events)
    else:
        state.bid_state[seat] = PASSED
        events.append(event.passed(seat))
    state.asked = (seat + 1) % state.num_players
    continue_first_lap(state, rng, events)


def lower_or_stay(state: State, seat: int, move: Bid | Stay, rng: Rng, events: list[Event]) -> None:
    """ "continue by either lowering their initial bids or by staying on their
    current bid"; a seat that stays cannot bid again on this product."""
    if isinstance(move, Bid):
        place_bid(state, seat, move.price, events)
    else:
        state.bid_state[seat] = STAYED
        events.append(event.stayed(seat, False))
    state.asked = (seat + 1) % state.num_players
    continue_lowering(state, rng, events)


# ------------------------------------------------------------------ the laps


def place_bid(state: State, seat: int, price: int, events: list[Event]) -> None:
    state.bids[seat] = price
    state.bid_state[seat] = BIDDING
    events.append(event.bid_placed(seat, price))


def continue_first_lap(state: State, rng: Rng, events: list[Event]) -> None:
    """Ask each other seat once, clockwise from the offerer, to pass or bid.

    Seats at their player limit ("he cannot participate further in the
    offering or bidding") and seats that cannot go below a lowest bid of 1
    pass automatically: both facts are public.
    """
    offerer = state.offerer
    while state.asked != offerer:
        seat = state.asked
        if state.player_left[seat] == 0:
            state.bid_state[seat] = PASSED
            events.append(event.passed(seat, REASON_PLAYER_LIMIT))
        elif state.lowest_bid() <= LOWEST_PRICE:
            state.bid_state[seat] = PASSED
            events.append(event.passed(seat, REASON_CANNOT_UNDERCUT))
        else:
            state.phase = FIRST_LAP
            return
        state.asked = (seat + 1) % state.num_players
    continue_lowering(state, rng, events)


def lowering_candidates(state: State) -> list[int]:
    """Bidders who may still lower: still bidding and not the lowest bidder.

    "The players who pass or stay with their previous bids, cannot join the
    current bidding. Bidding continues clockwise until no player wants to
    lower their bid anymore." The lowest bidder cannot undercut himself.
    """
    low = state.lowest_bid()
    return [
        seat
        for seat in range(state.num_players)
        if state.bid_state[seat] == BIDDING and state.bids[seat] != low
    ]


def continue_lowering(state: State, rng: Rng, events: list[Event]) -> None:
    """Lowering laps, clockwise from the seat asked next (the offerer after
    the first lap); once nobody may lower, selling begins."""
    candidates = set(lowering_candidates(state))
    low = state.lowest_bid()
    for seat in clockwise(state.num_players, state.asked):
        if seat not in candidates:
            continue
        if low <= LOWEST_PRICE:
            state.bid_state[seat] = STAYED
            events.append(event.stayed(seat, True))
            continue
        state.asked = seat
        state.phase = LOWERING
        return
    state.sell_order = selling_order(state)
    next_seller(state, rng, events)


def selling_order(state: State) -> list[int]:
    """ "Starting with the player, who made the lowest bid" and then "the
    player who made the second lowest bid". Bids are strictly decreasing, so
    no two bids tie."""
    bidders = [
        seat for seat in range(state.num_players) if state.bid_state[seat] in (BIDDING, STAYED)
    ]
    return sorted(bidders, key=lambda seat: state.bids[seat])
