"""Selling one product: each bidder's sale (with a revealed Cheat), the Rot
window after it, then the Tourists window after the last sale.

"Starting with the player, who made the lowest bid, players play cards with
the offered product out of their hands and receive income as follows:
amount of kilograms played multiplied by the amount bid."
"""

from __future__ import annotations

from collections.abc import Callable

from engines.central_market import events as event
from engines.central_market.data import CHEAT, ROT, TOURISTS, kg_of, product_of
from engines.central_market.moves import FinishSale, Pass, PlayRot, PlayTourists, SellCard
from engines.central_market.rounds import REASON_PRODUCT_LIMIT, end_product
from engines.central_market.state import (
    NO_SEAT,
    ROT_WINDOW,
    SELL,
    SOLD,
    TOURISTS_SALE,
    TOURISTS_WINDOW,
    Sale,
    State,
)
from engines.core.engine import Event
from engines.core.rng import Rng
from engines.core.seats import clockwise

# ------------------------------------------------------------------ the phases' moves


def sell(state: State, seat: int, move: SellCard | FinishSale, rng: Rng, events: list[Event]) -> None:
    """Play one card, or finish the sale; an empty hand finishes it too.

    "he has to play at least one card from his hand with this product".
    """
    tourists = state.phase == TOURISTS_SALE
    if isinstance(move, SellCard):
        card = move.card
        state.hands[seat].remove(card)
        state.sale_cards.append(card)
        events.append(event.card_played(seat, card, tourists))
        if state.hands[seat]:
            return
    if tourists:
        finish_tourists_sale(state, rng, events)
    else:
        finish_sale(state, rng, events)


def answer_rot(state: State, seat: int, move: PlayRot | Pass, rng: Rng, events: list[Event]) -> None:
    """Play Rot on the seller, or let the sale be."""
    if isinstance(move, PlayRot):
        play_rot(state, seat)
        events.append(event.rot_played(seat, state.seller, state.sale_paid))
    else:
        events.append(event.reaction_declined(seat, False))
    next_rot(state, rng, events)


def answer_tourists(
    state: State, seat: int, move: PlayTourists | Pass, rng: Rng, events: list[Event]
) -> None:
    """Play Tourists (the seat then sells), or let the product close."""
    if isinstance(move, PlayTourists):
        state.action_cards[seat] &= ~TOURISTS
        state.seller = seat
        state.sale_cheat = False
        state.sale_cards = []
        state.phase = TOURISTS_SALE
        events.append(event.tourists_played(seat, state.product, state.lowest_bid()))
    else:
        events.append(event.reaction_declined(seat, True))
        next_tourists(state, rng, events)


# ------------------------------------------------------------------ a bidder's sale


def next_seller(state: State, rng: Rng, events: list[Event]) -> None:
    """Start the next bidder's sale, revealing a Cheat if he lacks the product.

    "If it so happens that it is the player's turn to sell a product, but the
    product limit is already exhausted, then he does not have to play the
    Cheat card - this time his deceiving intentions go unnoticed."
    """
    while state.sell_order:
        seat = state.sell_order.pop(0)
        state.bid_state[seat] = SOLD
        if state.product_left[state.product] == 0:
            events.append(event.sale_skipped(seat, state.product, REASON_PRODUCT_LIMIT))
            continue
        state.seller = seat
        state.sale_cards = []
        state.sale_sold = state.sale_paid = 0
        state.sale_rotted_by = []
        state.sale_cheat = not state.holds(seat, state.product)
        if state.sale_cheat:
            state.action_cards[seat] &= ~CHEAT
            events.append(event.cheat_revealed(seat, state.product))
        state.phase = SELL
        return
    state.seller = NO_SEAT
    state.queue = tourists_queue(state)
    next_tourists(state, rng, events)


def playable_cards(state: State, seat: int) -> list[int]:
    """The cards the seller may play next in this sale.

    A sale plays cards "with the offered product". A cheater "may play any
    other product from his hand ... This product still affects both the
    player's limit and the product limit": one product, so from version 2
    his first card fixes the product of the rest; with the option
    cheat-mixed-products (and always in version 1) he may mix products.
    """
    hand = state.hands[seat]
    if not state.sale_cheat:
        return [c for c in hand if product_of(c) == state.product]
    if state.cheat_mixed or not state.sale_cards:
        return hand
    product = product_of(state.sale_cards[0])
    return [c for c in hand if product_of(c) == product]


def legal_sale_kg(played_kg: int, product_left: int, player_left: int) -> int:
    """Kilograms that count, the rest being lost.

    "he can sell only as many kilograms as there are left in the product
    limit - all kilograms above this are considered lost"; likewise for the
    player's limit. "A player's limit is affected only by the sold amount".
    """
    return min(played_kg, product_left, player_left)


def finish_sale(state: State, rng: Rng, events: list[Event]) -> None:
    """Count the played kilograms against both limits, then open the Rot window."""
    seat = state.seller
    played = sum(kg_of(c) for c in state.sale_cards)
    sold = legal_sale_kg(played, state.product_left[state.product], state.player_left[seat])
    state.product_left[state.product] -= sold
    state.player_left[seat] -= sold
    state.sale_sold = state.sale_paid = sold
    state.table[seat].extend(state.sale_cards)
    events.append(event.cards_played(seat, state.product, played, sold, played - sold))
    state.queue = rot_queue(state)
    next_rot(state, rng, events)


def settle_sale(state: State, rng: Rng, events: list[Event]) -> None:
    """The seller "receives income" for the paid kilograms at his bid."""
    seat = state.seller
    price = state.bids[seat]
    played = sum(kg_of(c) for c in state.sale_cards)
    income = state.sale_paid * price
    state.income[seat] += income
    state.sold_kg[seat] = state.sale_sold
    state.cheated[seat] = int(state.sale_cheat)
    sale = Sale(
        seat=seat, product=state.product, price=price, played_kg=played,
        sold_kg=state.sale_sold, lost_kg=played - state.sale_sold, paid_kg=state.sale_paid,
        income=income, cheat=state.sale_cheat, tourists=False, cards=tuple(state.sale_cards),
        rotted_by=tuple(state.sale_rotted_by),
    )
    state.sales.append(sale)
    events.append(event.sale_settled(sale))
    state.sale_cards = []
    state.sale_rotted_by = []
    state.sale_cheat = False
    state.sale_sold = state.sale_paid = 0
    state.seller = NO_SEAT
    next_seller(state, rng, events)


# ------------------------------------------------------------------ reaction windows


def ask_next(state: State, window: int, skip: Callable[[int], bool]) -> bool:
    """Open the reaction `window` (ROT_WINDOW or TOURISTS_WINDOW) for the next
    seat in the queue, passing over the seats `skip` names. False once
    nobody is left to ask."""
    while state.queue:
        seat = state.queue.pop(0)
        if skip(seat):
            continue
        state.asked = seat
        state.phase = window
        return True
    return False


# ------------------------------------------------------------------ Rot


def rot_queue(state: State) -> list[int]:
    """Seats eligible to answer with Rot, in order: every other seat holding
    an unused Rot, clockwise from the seller's left.

    "they must play this action in clockwise order, starting from the player,
    who is closest to the seller on whom the Rot card is being played."
    """
    others = clockwise(state.num_players, state.seller)[1:]
    return [seat for seat in others if state.action_cards[seat] & ROT]


def rot_usable(state: State) -> bool:
    """A Rot rots at least 1 kg only while the sale is paid for 2 kg or more:
    "half of the amount (rounded down if the amount is an odd number) is
    considered to be rotten", and half of 1 kg rounds down to nothing. A
    public fact, so skipping the prompt reveals nothing: version 2 never asks
    for a Rot that cannot rot (version 1 only with skip-idle-reactions)."""
    return state.sale_paid >= 2


def play_rot(state: State, seat: int) -> None:
    """Halve the paid amount, rounding the rotten half down.

    "half of the amount (rounded down if the amount is an odd number) is
    considered to be rotten and he receives income only for the good half";
    "each next card only reduces the amount left after the previous Rot card".
    """
    state.sale_paid -= state.sale_paid // 2
    state.sale_rotted_by.append(seat)
    state.action_cards[seat] &= ~ROT


def next_rot(state: State, rng: Rng, events: list[Event]) -> None:
    idle = (state.skip_idle or state.rules.rot_only_when_it_rots) and not rot_usable(state)
    if not ask_next(state, ROT_WINDOW, lambda _seat: idle):
        settle_sale(state, rng, events)


# ------------------------------------------------------------------ Tourists


def tourists_queue(state: State) -> list[int]:
    """Seats eligible for Tourists, clockwise from the offerer: an unused
    Tourists card, a bid on the product, at least 1 kg of it sold (a Cheat
    sale sold other cards: the cheater has shown he holds none of the
    product), and at least one card in hand.

    "A player may only play the Tourists card if he himself made a bid for
    this product and managed to sell at least 1 kg!"; "if there are several
    such players, they carry out this action in clockwise order".
    """
    return [
        seat
        for seat in clockwise(state.num_players, state.offerer)
        if state.action_cards[seat] & TOURISTS
        and state.sold_kg[seat] >= 1
        and not state.cheated[seat]
        and state.hands[seat]
    ]


def tourists_usable(state: State, seat: int) -> bool:
    """With skip-idle-reactions, Tourists are asked for only from a seat that
    holds a card of the product ("The only limitation is the amount of
    product cards he has in his hand"). This reads the hidden hand, so the
    prompt then tells the table that the seat holds the product: the option
    is for trusted callers (see docs/rules/central-market.md)."""
    return state.holds(seat, state.product)


def next_tourists(state: State, rng: Rng, events: list[Event]) -> None:
    def idle(seat: int) -> bool:
        return state.skip_idle and not tourists_usable(state, seat)

    if not ask_next(state, TOURISTS_WINDOW, idle):
        end_product(state, rng, events)


def finish_tourists_sale(state: State, rng: Rng, events: list[Event]) -> None:
    """A Tourists sale: at the lowest bid, outside both limits, cards to the
    discard pile, no Rot.

    "he makes an additional sale of the product, which had just been sold,
    overriding both limits"; "the player has to make the sale for the lowest
    bid that was made"; "puts the played cards in the discard pile";
    "You can't play "Rot" card ... on products that are being sold with the
    Tourists card."
    """
    seat = state.seller
    price = state.lowest_bid()
    played = sum(kg_of(c) for c in state.sale_cards)
    income = played * price
    state.income[seat] += income
    state.discard.extend(state.sale_cards)
    sale = Sale(
        seat=seat, product=state.product, price=price, played_kg=played, sold_kg=played,
        lost_kg=0, paid_kg=played, income=income, cheat=False, tourists=True,
        cards=tuple(state.sale_cards), rotted_by=(),
    )
    state.sales.append(sale)
    events.append(event.sale_settled(sale))
    state.sale_cards = []
    state.seller = NO_SEAT
    next_tourists(state, rng, events)
