"""Set-up and the flow of a round: "Each round consists of 3 phases - the
Product Delivery phase, the Selling phase and the End of Round phase."

Within the Selling phase, this module hands the offer from seat to seat and
closes each product; bidding.py and selling.py handle one product between.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.central_market import events as event
from engines.central_market.data import (
    ALL_ACTION_CARDS,
    DEFAULT_MAX_PRICE,
    DELIVERY_CARDS,
    NUM_PRODUCTS,
    PLAYER_LIMIT_KG,
    PRODUCT_LIMIT_KG,
    ROUNDS_BY_PLAYERS,
    deck,
    product_of,
    unused_count,
)
from engines.central_market.scoring import next_starting_player, round_victory_points, winners
from engines.central_market.state import (
    GAME_OVER,
    NO_BID,
    NO_PRODUCT,
    NO_SEAT,
    NOT_ASKED,
    OFFER,
    SET_ASIDE,
    UNDECIDED,
    RoundScore,
    State,
)
from engines.central_market.versions import Rules
from engines.core.engine import Event
from engines.core.rng import Rng
from engines.core.seats import clockwise

# CentralMarketSkipReason values.
REASON_PLAYER_LIMIT = 1
REASON_NOTHING_TO_OFFER = 2
REASON_CANNOT_UNDERCUT = 3
REASON_PRODUCT_LIMIT = 4


# ------------------------------------------------------------------ set-up


def final_round(num_players: int) -> int:
    """ "The game consists of 7 rounds"; "If there are 5 players playing the
    game, only five rounds are played." """
    return ROUNDS_BY_PLAYERS[num_players]


@dataclass(frozen=True)
class Table:
    """The game's options, as the state records them (engine.py reads them
    from the caller's options)."""

    max_price: int = DEFAULT_MAX_PRICE
    removed_product: int = NO_PRODUCT  # all five products
    skip_idle: bool = False
    #: Version 1 plays as if both were true (it has no such options).
    cheat_mixed: bool = True
    reveal_discards: bool = True


def new_state(rules: Rules, num_players: int, table: Table, rng: Rng) -> State:
    """Set-up with a shuffled draw pile, then round 1's product delivery.

    "Shuffle all the product cards and place them in a pile face down"."""
    draw = deck(table.removed_product)
    rng.shuffle(draw)
    state = set_up(rules, num_players, table, draw)
    start_round(state, rng, [])
    return state


def set_up(rules: Rules, num_players: int, table: Table, draw: list[int]) -> State:
    """The table before round 1: `draw` as the draw pile (top card last),
    one action card of each kind per seat, seat 0 starts (the rulebook's
    "player who last shopped at a market"), nothing dealt yet."""
    n = num_players
    return State(
        rules=rules,
        num_players=n,
        max_price=table.max_price,
        removed_product=table.removed_product,
        skip_idle=table.skip_idle,
        final_round=final_round(n),
        round=1,
        phase=OFFER,
        starting_player=0,
        offer_turn=0,
        offered=[],
        product=NO_PRODUCT,
        bids=[0] * n,
        bid_state=[NO_BID] * n,
        asked=0,
        sell_order=[],
        seller=NO_SEAT,
        sale_cheat=False,
        sale_cards=[],
        sale_sold=0,
        sale_paid=0,
        sale_rotted_by=[],
        queue=[],
        sold_kg=[0] * n,
        cheated=[0] * n,
        product_left=[PRODUCT_LIMIT_KG] * NUM_PRODUCTS,
        player_left=[PLAYER_LIMIT_KG] * n,
        income=[0] * n,
        vp=[0] * n,
        action_cards=[ALL_ACTION_CARDS] * n,
        hands=[[] for _ in range(n)],
        set_aside=[[] for _ in range(n)],
        set_aside_choice=[NOT_ASKED] * n,
        draw=draw,
        discard=[],
        table=[[] for _ in range(n)],
        sales=[],
        history=[],
        cheat_mixed=table.cheat_mixed,
        reveal_discards=table.reveal_discards,
        discarded=[[] for _ in range(n)],
    )


# ------------------------------------------------------------------ Product Delivery


def start_round(state: State, rng: Rng, events: list[Event]) -> None:
    """Deliver (or, in the final round, pick up the set-aside cards), then
    ask the starting player to offer."""
    final = state.round == state.final_round
    events.append(event.round_started(state.round, state.starting_player, final))
    if final:
        pick_up_set_aside(state, events)
    else:
        deliver(state, rng, events)
    state.offer_turn = 0
    state.offered = []
    next_offer(state, rng, events)


def deliver(state: State, rng: Rng, events: list[Event]) -> None:
    """Deal 4 cards to each seat, one by one clockwise from the starting
    player; reshuffle the discard pile when the draw pile runs out; stop
    dealing when both are empty.

    "each player is dealt 4 product cards from the draw pile (deal cards one
    by one)"; "If at any time during the Product Delivery phase the draw pile
    becomes exhausted, players immediately shuffle the discard pile to make a
    new draw pile". Version 2 also reshuffles the moment the last card is
    dealt ("If at any time the draw pile runs out").
    """
    dealt: list[list[int]] = [[] for _ in range(state.num_players)]
    order = clockwise(state.num_players, state.starting_player)
    stopped = False
    for _ in range(DELIVERY_CARDS):
        for seat in order:
            if not state.draw:
                if not state.discard:
                    stopped = True
                    break
                reshuffle(state, rng, events)
            dealt[seat].append(state.draw.pop())
            if state.rules.reshuffle_when_empty and not state.draw and state.discard:
                reshuffle(state, rng, events)
        if stopped:
            events.append(event.delivery_stopped())
            break
    for seat in order:
        state.hands[seat] = sorted(state.hands[seat] + dealt[seat])
        cards = sorted(dealt[seat]) if state.rules.sorted_deliveries else dealt[seat]
        events.extend(event.delivered(seat, cards))


def reshuffle(state: State, rng: Rng, events: list[Event]) -> None:
    """ "shuffle the discard pile to form a new draw pile" (sorted first, so
    the new order depends only on the seed and the cards)."""
    state.draw = sorted(state.discard)
    state.discard = []
    rng.shuffle(state.draw)
    events.append(event.reshuffled(len(state.draw)))


def pick_up_set_aside(state: State, events: list[Event]) -> None:
    """Final round: "players discard all the cards left in their hand and
    pick up the product cards they put away at the end of each previous
    round." The rulebook says only "discard": by default (version 2) the
    hands go face down, out of every view and event; with the option
    reveal-final-discards (and always in version 1) they join the open
    discard pile and the event shows them."""
    for seat in clockwise(state.num_players, state.starting_player):
        hand = state.hands[seat]
        if state.reveal_discards:
            events.append(event.hand_discarded(seat, hand, state.rules.choice_options))
            state.discard.extend(hand)
        else:
            events.append(event.hand_discarded_face_down(seat, len(hand)))
            state.discarded[seat] = hand
        state.hands[seat] = sorted(state.set_aside[seat])
        state.set_aside[seat] = []
        events.extend(event.set_aside_picked_up(seat, state.hands[seat]))


# ------------------------------------------------------------------ Selling: whose offer


def offerable_products(state: State, seat: int) -> list[int]:
    """Products the seat may offer: in its hand and not offered this round.

    "He chooses one product from his hand"; "In each round each product can
    be offered and sold only once!" A Cheat does not allow offering.
    """
    return sorted({product_of(c) for c in state.hands[seat]} - set(state.offered))


def next_offer(state: State, rng: Rng, events: list[Event]) -> None:
    """Give the offer turn to the next seat that may offer, skipping the rest.

    "if a player has either reached his limit ... or doesn't have product in
    his hand that he can legally offer, he skips his turn".
    """
    while state.offer_turn < state.num_players:
        seat = state.offerer
        if state.player_left[seat] == 0:
            events.append(event.offer_skipped(seat, REASON_PLAYER_LIMIT))
        elif not offerable_products(state, seat):
            events.append(event.offer_skipped(seat, REASON_NOTHING_TO_OFFER))
        else:
            state.phase = OFFER
            return
        state.offer_turn += 1
    end_selling(state, rng, events)


def end_product(state: State, rng: Rng, events: list[Event]) -> None:
    """ "everyone removes their bidding token from the bidding card and the
    player, who is next in clockwise order from the starting player, has to
    offer another product". """
    n = state.num_players
    state.product = NO_PRODUCT
    state.bids, state.bid_state = [0] * n, [NO_BID] * n
    state.sold_kg, state.cheated = [0] * n, [0] * n
    state.asked = 0
    state.offer_turn += 1
    next_offer(state, rng, events)


# ------------------------------------------------------------------ End of the Round


def end_selling(state: State, rng: Rng, events: list[Event]) -> None:
    """Ask every seat with cards at once for its set-aside card, except in
    the final round (the set-aside cards are only used in the final round).

    "each player may, if he wishes, take no more than one card from his hand
    and set it aside, face down."
    """
    if state.round < state.final_round:
        state.set_aside_choice = [UNDECIDED if hand else NOT_ASKED for hand in state.hands]
        if UNDECIDED in state.set_aside_choice:
            state.phase = SET_ASIDE
            return
    end_round(state, rng, events)


def choose_set_aside(state: State, seat: int, card: int, rng: Rng, events: list[Event]) -> None:
    """One seat's secret choice (a card, or KEEP_ALL); the round ends once all chose."""
    state.set_aside_choice[seat] = card
    events.extend(event.set_aside_chosen(seat, card))
    if UNDECIDED not in state.set_aside_choice:
        end_round(state, rng, events)


def end_round(state: State, rng: Rng, events: list[Event]) -> None:
    """Reveal set-aside counts, discard played cards, score, pick the next
    starting player, renew the limits, and start the next round (or end)."""
    for seat in range(state.num_players):
        choice = state.set_aside_choice[seat]
        if choice == NOT_ASKED:
            continue
        if choice >= 0:
            state.hands[seat].remove(choice)
            state.set_aside[seat].append(choice)
        events.append(event.set_aside_revealed(seat, int(choice >= 0)))
        state.set_aside_choice[seat] = NOT_ASKED
    for seat in range(state.num_players):
        state.discard.extend(state.table[seat])
        state.table[seat] = []
    score = RoundScore(state.round, tuple(state.income), tuple(round_victory_points(state.income)))
    state.history.append(score)
    for seat, gained in enumerate(score.victory_points):
        state.vp[seat] += gained
    events.append(event.round_scored(score))
    n = state.num_players
    state.income = [0] * n
    state.sales = []
    state.product_left = [PRODUCT_LIMIT_KG] * NUM_PRODUCTS
    state.player_left = [PLAYER_LIMIT_KG] * n
    if state.round == state.final_round:
        state.phase = GAME_OVER
        unused = [unused_count(cards) for cards in state.action_cards]
        events.append(event.game_ended(winners(state.vp, unused)))
        return
    state.starting_player = next_starting_player(state.vp, state.starting_player)
    events.append(event.starting_player_chosen(state.starting_player))
    state.round += 1
    start_round(state, rng, events)
