"""Central Market's rules: set-up, who decides, legal actions, and apply.

Actions are plain tuples here (`(kind, argument)`); engine.py converts them
from and to CentralMarketAction. Every automatic step (dealing, skipping a
seat that cannot offer, revealing a Cheat, scoring a round) happens inside
`apply` before it returns, so the returned state always waits on a seat
that has something to decide, or is over.

Which seats are asked never depends on hidden cards, except where the
rulebook itself makes a hidden fact public (a seat that cannot offer skips
its turn; a cheater reveals his Cheat). See docs/rules/central-market.md.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.central_market import events as ev
from engines.central_market.data import (
    ALL_ACTION_CARDS,
    CHEAT,
    DELIVERY_CARDS,
    LOWEST_PRICE,
    NUM_PRODUCTS,
    PLAYER_LIMIT_KG,
    PRODUCT_LIMIT_KG,
    ROT,
    ROUNDS_BY_PLAYERS,
    TOURISTS,
    deck,
    kg_of,
    product_of,
    unused_count,
)
from engines.central_market.scoring import (
    final_ranking,
    next_starting_player,
    round_victory_points,
)
from engines.central_market.state import (
    BIDDING,
    FIRST_LAP,
    GAME_OVER,
    KEEP_ALL,
    LOWERING,
    NO_BID,
    NOT_ASKED,
    OFFER,
    PASSED,
    ROT_WINDOW,
    SELL,
    SET_ASIDE,
    SOLD,
    STARTING_BID,
    STAYED,
    TOURISTS_SALE,
    TOURISTS_WINDOW,
    UNDECIDED,
    State,
)
from engines.core.engine import Event
from engines.core.rng import Rng

Action = tuple[str, int]

# Action kinds.
OFFER_ACT = "offer"
BID = "bid"
PASS = "pass"
STAY = "stay"
SELL_CARD = "sell-card"
FINISH_SALE = "finish-sale"
PLAY_ROT = "play-rot"
PLAY_TOURISTS = "play-tourists"
SET_ASIDE_ACT = "set-aside"
KEEP_ALL_ACT = "keep-all"

# CentralMarketSkipReason values.
REASON_PLAYER_LIMIT = 1
REASON_NOTHING_TO_OFFER = 2
REASON_CANNOT_UNDERCUT = 3
REASON_PRODUCT_LIMIT = 4

#: Decision kinds by phase (SET_ASIDE asks several seats at once).
DECISION_KINDS: dict[int, str] = {
    OFFER: "offer",
    STARTING_BID: "starting-bid",
    FIRST_LAP: "bid",
    LOWERING: "lower-bid",
    SELL: "sell",
    ROT_WINDOW: "respond-rot",
    TOURISTS_WINDOW: "respond-tourists",
    TOURISTS_SALE: "tourists-sale",
    SET_ASIDE: "set-aside",
}


# ------------------------------------------------------------------ set-up


def final_round(num_players: int) -> int:
    """ "The game consists of 7 rounds"; "If there are 5 players playing the
    game, only five rounds are played." """
    return ROUNDS_BY_PLAYERS[num_players]


def new_state(
    num_players: int, max_price: int, removed_product: int, skip_idle: bool, rng: Rng
) -> State:
    """Set-up with a shuffled draw pile, then round 1's product delivery."""
    draw = deck(removed_product)
    rng.shuffle(draw)
    state = set_up(num_players, max_price, removed_product, skip_idle, draw)
    _start_round(state, rng, [])
    return state


def set_up(
    num_players: int, max_price: int, removed_product: int, skip_idle: bool, draw: list[int]
) -> State:
    """The table before round 1: `draw` as the draw pile (top card last),
    one action card of each kind per seat, seat 0 starts (the rulebook's
    "player who last shopped at a market"), nothing dealt yet."""
    n = num_players
    return State(
        num_players=n,
        max_price=max_price,
        removed_product=removed_product,
        skip_idle=skip_idle,
        final_round=final_round(n),
        round=1,
        phase=OFFER,
        starting_player=0,
        offer_turn=0,
        offered=[],
        product=-1,
        bids=[0] * n,
        bid_state=[NO_BID] * n,
        pointer=0,
        sell_order=[],
        seller=-1,
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
        pending=[NOT_ASKED] * n,
        draw=draw,
        discard=[],
        table=[[] for _ in range(n)],
        sales=[],
        history=[],
    )


def clockwise(state: State, first: int) -> list[int]:
    """Every seat once, clockwise (increasing seat number) from `first`."""
    n = state.num_players
    return [(first + i) % n for i in range(n)]


# ------------------------------------------------------------------ who decides


def deciders(state: State) -> list[tuple[int, str]]:
    """Seats that must decide now, with the kind of decision."""
    phase = state.phase
    if phase == GAME_OVER:
        return []
    if phase == SET_ASIDE:
        return [(s, "set-aside") for s in range(state.num_players) if state.pending[s] == UNDECIDED]
    return [(decider(state), DECISION_KINDS[phase])]


def decider(state: State) -> int:
    """The single decider of a sequential phase."""
    phase = state.phase
    if phase in (OFFER, STARTING_BID):
        return state.offerer
    if phase in (SELL, TOURISTS_SALE):
        return state.seller
    return state.pointer


def holds_product(state: State, seat: int, product: int) -> bool:
    return any(product_of(c) == product for c in state.hands[seat])


def offerable_products(state: State, seat: int) -> list[int]:
    """Products the seat may offer: in its hand and not offered this round.

    "He chooses one product from his hand"; "In each round each product can
    be offered and sold only once!" A Cheat does not allow offering.
    """
    return sorted({product_of(c) for c in state.hands[seat]} - set(state.offered))


def may_bid(state: State, seat: int) -> bool:
    """A seat may bid if it holds the offered product, or holds its unused
    Cheat and at least one card (a cheater must "play any other product from
    his hand").

    "A player may bid only if he has the product in his hands (see the card
    "Cheat" for exception)."
    """
    if holds_product(state, seat, state.product):
        return True
    return bool(state.action_cards[seat] & CHEAT) and bool(state.hands[seat])


def _distinct(cards: list[int]) -> list[int]:
    return sorted(set(cards))


def legal(state: State, seat: int) -> list[Action]:
    """Complete, duplicate-free, stable list of the seat's legal actions."""
    phase = state.phase
    if phase == GAME_OVER:
        return []
    if phase == SET_ASIDE:
        if state.pending[seat] != UNDECIDED:
            return []
        return [(KEEP_ALL_ACT, -1)] + [(SET_ASIDE_ACT, c) for c in _distinct(state.hands[seat])]
    if seat != decider(state):
        return []
    if phase == OFFER:
        return [(OFFER_ACT, p) for p in offerable_products(state, seat)]
    if phase == STARTING_BID:
        return [(BID, price) for price in range(LOWEST_PRICE, state.max_price + 1)]
    if phase == FIRST_LAP:
        bids = [(BID, p) for p in range(LOWEST_PRICE, state.lowest_bid())] if may_bid(
            state, seat) else []
        return [(PASS, -1), *bids]
    if phase == LOWERING:
        return [(STAY, -1)] + [(BID, p) for p in range(LOWEST_PRICE, state.lowest_bid())]
    if phase in (SELL, TOURISTS_SALE):
        hand = state.hands[seat]
        playable = hand if state.sale_cheat else [c for c in hand if product_of(c) == state.product]
        actions = [(SELL_CARD, c) for c in _distinct(playable)]
        if state.sale_cards:
            actions.append((FINISH_SALE, -1))
        return actions
    if phase == ROT_WINDOW:
        return [(PASS, -1), (PLAY_ROT, -1)]
    # TOURISTS_WINDOW
    if holds_product(state, seat, state.product):
        return [(PASS, -1), (PLAY_TOURISTS, -1)]
    return [(PASS, -1)]


# ------------------------------------------------------------------ apply


def apply(state: State, seat: int, action: Action, rng: Rng) -> tuple[State, list[Event]]:
    """Apply a legal action to a copy of `state`, then run every automatic step."""
    s = state.clone()
    out: list[Event] = []
    kind, arg = action
    phase = s.phase
    if phase == SET_ASIDE:
        _choose_set_aside(s, seat, arg if kind == SET_ASIDE_ACT else KEEP_ALL, rng, out)
    elif phase == OFFER:
        s.product = arg
        s.offered.append(arg)
        n = s.num_players
        s.bids, s.bid_state = [0] * n, [NO_BID] * n
        s.sold_kg, s.cheated = [0] * n, [0] * n
        s.phase = STARTING_BID
        out.append(ev.offered(seat, arg))
    elif phase == STARTING_BID:
        _place_bid(s, seat, arg, out)
        s.pointer = (seat + 1) % s.num_players
        _continue_first_lap(s, rng, out)
    elif phase == FIRST_LAP:
        if kind == BID:
            _place_bid(s, seat, arg, out)
        else:
            s.bid_state[seat] = PASSED
            out.append(ev.passed(seat))
        s.pointer = (seat + 1) % s.num_players
        _continue_first_lap(s, rng, out)
    elif phase == LOWERING:
        if kind == BID:
            _place_bid(s, seat, arg, out)
        else:
            s.bid_state[seat] = STAYED
            out.append(ev.stayed(seat, False))
        s.pointer = (seat + 1) % s.num_players
        _continue_lowering(s, rng, out)
    elif phase in (SELL, TOURISTS_SALE):
        if kind == SELL_CARD:
            s.hands[seat].remove(arg)
            s.sale_cards.append(arg)
            out.append(ev.card_played(seat, arg, phase == TOURISTS_SALE))
            if s.hands[seat]:
                return s, out
        if phase == SELL:
            _finish_sale(s, rng, out)
        else:
            _finish_tourists_sale(s, rng, out)
    elif phase == ROT_WINDOW:
        if kind == PLAY_ROT:
            play_rot(s, seat)
            out.append(ev.rot_played(seat, s.seller, s.sale_paid))
        else:
            out.append(ev.reaction_declined(seat, False))
        _next_rot(s, rng, out)
    elif phase == TOURISTS_WINDOW:
        if kind == PLAY_TOURISTS:
            s.action_cards[seat] &= ~TOURISTS
            s.seller = seat
            s.sale_cheat = False
            s.sale_cards = []
            s.phase = TOURISTS_SALE
            out.append(ev.tourists_played(seat, s.product, s.lowest_bid()))
        else:
            out.append(ev.reaction_declined(seat, True))
            _next_tourists(s, rng, out)
    return s, out


# ------------------------------------------------------------------ round flow


def _start_round(s: State, rng: Rng, out: list[Event]) -> None:
    final = s.round == s.final_round
    out.append(ev.round_started(s.round, s.starting_player, final))
    if final:
        pick_up_set_aside(s, out)
    else:
        deliver(s, rng, out)
    s.offer_turn = 0
    s.offered = []
    _next_offer(s, rng, out)


def deliver(s: State, rng: Rng, out: list[Event]) -> None:
    """Deal 4 cards to each seat, one by one clockwise from the starting
    player; reshuffle the discard pile when the draw pile runs out; stop
    dealing when both are empty.

    "each player is dealt 4 product cards from the draw pile (deal cards one
    by one)"; "If at any time during the Product Delivery phase the draw pile
    becomes exhausted, players immediately shuffle the discard pile to make a
    new draw pile".
    """
    dealt: list[list[int]] = [[] for _ in range(s.num_players)]
    order = clockwise(s, s.starting_player)
    stopped = False
    for _ in range(DELIVERY_CARDS):
        for seat in order:
            if not s.draw:
                if not s.discard:
                    stopped = True
                    break
                s.draw = sorted(s.discard)
                s.discard = []
                rng.shuffle(s.draw)
                out.append(ev.reshuffled(len(s.draw)))
            dealt[seat].append(s.draw.pop())
        if stopped:
            out.append(ev.delivery_stopped())
            break
    for seat in order:
        s.hands[seat] = sorted(s.hands[seat] + dealt[seat])
        out.extend(ev.delivered(seat, dealt[seat]))


def pick_up_set_aside(s: State, out: list[Event]) -> None:
    """Final round: "players discard all the cards left in their hand and
    pick up the product cards they put away at the end of each previous
    round." The discard pile is open, so the discarded hands are shown."""
    for seat in clockwise(s, s.starting_player):
        out.append(ev.hand_discarded(seat, s.hands[seat]))
        s.discard.extend(s.hands[seat])
        s.hands[seat] = sorted(s.set_aside[seat])
        s.set_aside[seat] = []
        out.extend(ev.set_aside_picked_up(seat, s.hands[seat]))


def _next_offer(s: State, rng: Rng, out: list[Event]) -> None:
    """Give the offer turn to the next seat that may offer, skipping the rest.

    "if a player has either reached his limit ... or doesn't have product in
    his hand that he can legally offer, he skips his turn".
    """
    while s.offer_turn < s.num_players:
        seat = s.offerer
        if s.player_left[seat] == 0:
            out.append(ev.offer_skipped(seat, REASON_PLAYER_LIMIT))
        elif not offerable_products(s, seat):
            out.append(ev.offer_skipped(seat, REASON_NOTHING_TO_OFFER))
        else:
            s.phase = OFFER
            return
        s.offer_turn += 1
    _end_selling(s, rng, out)


def _place_bid(s: State, seat: int, price: int, out: list[Event]) -> None:
    s.bids[seat] = price
    s.bid_state[seat] = BIDDING
    out.append(ev.bid_placed(seat, price))


def _continue_first_lap(s: State, rng: Rng, out: list[Event]) -> None:
    """Ask each other seat once, clockwise from the offerer, to pass or bid.

    Seats at their player limit ("he cannot participate further in the
    offering or bidding") and seats that cannot go below a lowest bid of 1
    pass automatically: both facts are public.
    """
    offerer = s.offerer
    while s.pointer != offerer:
        seat = s.pointer
        if s.player_left[seat] == 0:
            s.bid_state[seat] = PASSED
            out.append(ev.passed(seat, REASON_PLAYER_LIMIT))
        elif s.lowest_bid() <= LOWEST_PRICE:
            s.bid_state[seat] = PASSED
            out.append(ev.passed(seat, REASON_CANNOT_UNDERCUT))
        else:
            s.phase = FIRST_LAP
            return
        s.pointer = (seat + 1) % s.num_players
    _continue_lowering(s, rng, out)


def lowering_candidates(s: State) -> list[int]:
    """Bidders who may still lower: still bidding and not the lowest bidder.

    "The players who pass or stay with their previous bids, cannot join the
    current bidding. Bidding continues clockwise until no player wants to
    lower their bid anymore." The lowest bidder cannot undercut himself.
    """
    low = s.lowest_bid()
    return [
        seat
        for seat in range(s.num_players)
        if s.bid_state[seat] == BIDDING and s.bids[seat] != low
    ]


def _continue_lowering(s: State, rng: Rng, out: list[Event]) -> None:
    """Lowering laps, clockwise from `pointer` (the offerer after the first lap)."""
    candidates = set(lowering_candidates(s))
    low = s.lowest_bid()
    for seat in clockwise(s, s.pointer):
        if seat not in candidates:
            continue
        if low <= LOWEST_PRICE:
            s.bid_state[seat] = STAYED
            out.append(ev.stayed(seat, True))
            continue
        s.pointer = seat
        s.phase = LOWERING
        return
    s.sell_order = selling_order(s)
    _next_seller(s, rng, out)


def selling_order(s: State) -> list[int]:
    """ "Starting with the player, who made the lowest bid" and then "the
    player who made the second lowest bid". Bids are strictly decreasing, so
    no two bids tie."""
    bidders = [seat for seat in range(s.num_players) if s.bid_state[seat] in (BIDDING, STAYED)]
    return sorted(bidders, key=lambda seat: s.bids[seat])


def _next_seller(s: State, rng: Rng, out: list[Event]) -> None:
    """Start the next bidder's sale, revealing a Cheat if he lacks the product.

    "If it so happens that it is the player's turn to sell a product, but the
    product limit is already exhausted, then he does not have to play the
    Cheat card - this time his deceiving intentions go unnoticed."
    """
    while s.sell_order:
        seat = s.sell_order.pop(0)
        s.bid_state[seat] = SOLD
        if s.product_left[s.product] == 0:
            out.append(ev.sale_skipped(seat, s.product, REASON_PRODUCT_LIMIT))
            continue
        s.seller = seat
        s.sale_cards = []
        s.sale_sold = s.sale_paid = 0
        s.sale_rotted_by = []
        s.sale_cheat = not holds_product(s, seat, s.product)
        if s.sale_cheat:
            s.action_cards[seat] &= ~CHEAT
            out.append(ev.cheat_revealed(seat, s.product))
        s.phase = SELL
        return
    s.seller = -1
    s.queue = tourists_queue(s)
    _next_tourists(s, rng, out)


def legal_sale_kg(played_kg: int, product_left: int, player_left: int) -> int:
    """Kilograms that count, the rest being lost.

    "he can sell only as many kilograms as there are left in the product
    limit - all kilograms above this are considered lost"; likewise for the
    player's limit. "A player's limit is affected only by the sold amount".
    """
    return min(played_kg, product_left, player_left)


def _finish_sale(s: State, rng: Rng, out: list[Event]) -> None:
    seat = s.seller
    played = sum(kg_of(c) for c in s.sale_cards)
    sold = legal_sale_kg(played, s.product_left[s.product], s.player_left[seat])
    s.product_left[s.product] -= sold
    s.player_left[seat] -= sold
    s.sale_sold = s.sale_paid = sold
    s.table[seat].extend(s.sale_cards)
    out.append(ev.cards_played(seat, s.product, played, sold, played - sold))
    s.queue = rot_queue(s)
    _next_rot(s, rng, out)


def rot_queue(s: State) -> list[int]:
    """Seats eligible to answer with Rot, in order: every other seat holding
    an unused Rot, clockwise from the seller's left.

    "they must play this action in clockwise order, starting from the player,
    who is closest to the seller on whom the Rot card is being played."
    """
    return [
        seat
        for seat in clockwise(s, s.seller)[1:]
        if s.action_cards[seat] & ROT
    ]


def rot_usable(s: State) -> bool:
    """With skip-idle-reactions, a Rot is asked for only if it would rot at
    least 1 kg (the paid amount is 2 kg or more); a public fact."""
    return s.sale_paid >= 2


def play_rot(s: State, seat: int) -> None:
    """Halve the paid amount, rounding the rotten half down.

    "half of the amount (rounded down if the amount is an odd number) is
    considered to be rotten and he receives income only for the good half";
    "each next card only reduces the amount left after the previous Rot card".
    """
    s.sale_paid -= s.sale_paid // 2
    s.sale_rotted_by.append(seat)
    s.action_cards[seat] &= ~ROT


def _ask_next(s: State, window: int, usable: Callable[[int], bool]) -> bool:
    """Open the reaction `window` (ROT_WINDOW or TOURISTS_WINDOW) for the next
    seat in `s.queue`; with skip-idle-reactions, pass over the seats that
    could not use the card. False once nobody is left to ask."""
    while s.queue:
        seat = s.queue.pop(0)
        if s.skip_idle and not usable(seat):
            continue
        s.pointer = seat
        s.phase = window
        return True
    return False


def _next_rot(s: State, rng: Rng, out: list[Event]) -> None:
    if not _ask_next(s, ROT_WINDOW, lambda _seat: rot_usable(s)):
        _settle_sale(s, rng, out)


def _settle_sale(s: State, rng: Rng, out: list[Event]) -> None:
    seat = s.seller
    price = s.bids[seat]
    played = sum(kg_of(c) for c in s.sale_cards)
    income = s.sale_paid * price
    s.income[seat] += income
    s.sold_kg[seat] = s.sale_sold
    s.cheated[seat] = int(s.sale_cheat)
    record = [seat, s.product, price, played, s.sale_sold, played - s.sale_sold, s.sale_paid,
              income, s.sale_cheat, False, s.sale_cards[:], s.sale_rotted_by[:]]
    s.sales.append(record)
    out.append(ev.sale_settled(record))
    s.sale_cards = []
    s.sale_rotted_by = []
    s.sale_cheat = False
    s.sale_sold = s.sale_paid = 0
    s.seller = -1
    _next_seller(s, rng, out)


def tourists_queue(s: State) -> list[int]:
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
        for seat in clockwise(s, s.offerer)
        if s.action_cards[seat] & TOURISTS
        and s.sold_kg[seat] >= 1
        and not s.cheated[seat]
        and s.hands[seat]
    ]


def tourists_usable(s: State, seat: int) -> bool:
    """With skip-idle-reactions, Tourists are asked for only from a seat that
    holds a card of the product ("The only limitation is the amount of
    product cards he has in his hand"). This reads the hidden hand, so the
    prompt then tells the table that the seat holds the product: the option
    is for trusted callers (see docs/rules/central-market.md)."""
    return holds_product(s, seat, s.product)


def _next_tourists(s: State, rng: Rng, out: list[Event]) -> None:
    if not _ask_next(s, TOURISTS_WINDOW, lambda seat: tourists_usable(s, seat)):
        _end_product(s, rng, out)


def _finish_tourists_sale(s: State, rng: Rng, out: list[Event]) -> None:
    """A Tourists sale: at the lowest bid, outside both limits, cards to the
    discard pile, no Rot.

    "he makes an additional sale of the product, which had just been sold,
    overriding both limits"; "the player has to make the sale for the lowest
    bid that was made"; "puts the played cards in the discard pile";
    "You can't play "Rot" card ... on products that are being sold with the
    Tourists card."
    """
    seat = s.seller
    price = s.lowest_bid()
    played = sum(kg_of(c) for c in s.sale_cards)
    income = played * price
    s.income[seat] += income
    s.discard.extend(s.sale_cards)
    record = [seat, s.product, price, played, played, 0, played, income, False, True,
              s.sale_cards[:], []]
    s.sales.append(record)
    out.append(ev.sale_settled(record))
    s.sale_cards = []
    s.seller = -1
    _next_tourists(s, rng, out)


def _end_product(s: State, rng: Rng, out: list[Event]) -> None:
    """ "everyone removes their bidding token from the bidding card and the
    player, who is next in clockwise order from the starting player, has to
    offer another product". """
    n = s.num_players
    s.product = -1
    s.bids, s.bid_state = [0] * n, [NO_BID] * n
    s.sold_kg, s.cheated = [0] * n, [0] * n
    s.pointer = 0
    s.offer_turn += 1
    _next_offer(s, rng, out)


# ------------------------------------------------------------------ end of round


def _end_selling(s: State, rng: Rng, out: list[Event]) -> None:
    """Ask every seat with cards at once for its set-aside card, except in
    the final round (the set-aside cards are only used in the final round).

    "each player may, if he wishes, take no more than one card from his hand
    and set it aside, face down."
    """
    if s.round < s.final_round:
        s.pending = [UNDECIDED if hand else NOT_ASKED for hand in s.hands]
        if UNDECIDED in s.pending:
            s.phase = SET_ASIDE
            return
    _end_round(s, rng, out)


def _choose_set_aside(s: State, seat: int, card: int, rng: Rng, out: list[Event]) -> None:
    s.pending[seat] = card
    out.extend(ev.set_aside_chosen(seat, card))
    if UNDECIDED not in s.pending:
        _end_round(s, rng, out)


def _end_round(s: State, rng: Rng, out: list[Event]) -> None:
    """Reveal set-aside counts, discard played cards, score, pick the next
    starting player, renew the limits, and start the next round (or end)."""
    for seat in range(s.num_players):
        choice = s.pending[seat]
        if choice == NOT_ASKED:
            continue
        if choice >= 0:
            s.hands[seat].remove(choice)
            s.set_aside[seat].append(choice)
        out.append(ev.set_aside_revealed(seat, int(choice >= 0)))
        s.pending[seat] = NOT_ASKED
    for seat in range(s.num_players):
        s.discard.extend(s.table[seat])
        s.table[seat] = []
    points = round_victory_points(s.income)
    entry = [s.round, s.income[:], points]
    s.history.append(entry)
    for seat, gained in enumerate(points):
        s.vp[seat] += gained
    out.append(ev.round_scored(entry))
    n = s.num_players
    s.income = [0] * n
    s.sales = []
    s.product_left = [PRODUCT_LIMIT_KG] * NUM_PRODUCTS
    s.player_left = [PLAYER_LIMIT_KG] * n
    if s.round == s.final_round:
        s.phase = GAME_OVER
        out.append(ev.game_ended(winners(s)))
        return
    s.starting_player = next_starting_player(s.vp, s.starting_player)
    out.append(ev.starting_player_chosen(s.starting_player))
    s.round += 1
    _start_round(s, rng, out)


def winners(s: State) -> list[int]:
    """Seats ranked first at the game end (see scoring.final_ranking)."""
    _, best, _ = final_ranking(s.vp, [unused_count(m) for m in s.action_cards])
    return best
