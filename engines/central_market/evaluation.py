"""The bots' heuristic for Central Market (docs/bots.md, "Evaluation").

Points now: victory points. What the position is worth: this round's income,
counting the sales still promised: the sale in progress (its cards played so
far, and the rest of its product in the seller's hand), the sale waiting in
a Rot window (paid as it stands) and every bidder still waiting to sell,
lowest bid first, within the product and player limits; at the starting-bid
step the offerer counts as the only bidder at a middle price, so offers
differ by what the offerer holds. Late in the round that income is worth the
victory points its rank would earn if the round ended now ("The player, who
has earned the most income points, receives as many victory points as there
are players ..."); early on that rank means little, since every seat still
offers and sells, so the income counts by its size instead (twenty income
points for a victory point). The weight moves from size to rank with the
share of the round's offers made so far, against those still to come
(`round_progress`).
Plus a tenth of a point per unused action card (the rulebook's tie-break,
and a card still to play).

The searching bots (`hard`) also count the cards a seat holds for the final
round (`search_estimate`), which greedy's one ply cannot tell apart.
"""

from __future__ import annotations

from engines.central_market.bidding import selling_order
from engines.central_market.data import PLAYER_LIMIT_KG, kg_of, product_of, unused_count
from engines.central_market.rounds import offerable_products
from engines.central_market.scoring import round_victory_points
from engines.central_market.selling import legal_sale_kg
from engines.central_market.state import (
    FIRST_LAP,
    GAME_OVER,
    LOWERING,
    OFFER,
    ROT_WINDOW,
    SELL,
    SET_ASIDE,
    STARTING_BID,
    TOURISTS_SALE,
    State,
)
from engines.core.spec import BotTuning

#: Victory points a seat must lead by to be all but sure of winning: a
#: round won outright against the runner-up is worth one or two.
SPREAD = 3.0
#: Weight of one unused action card, below one victory point.
ACTION_CARD = 0.1
#: Victory points per income point while the round's ranks are still open.
INCOME = 0.05

#: Victory points per kilogram a seat holds for the final round, up to its
#: player limit (`search_estimate`), by player count. At 5 players four
#: rounds feed the final one and greedy's piles stay far below the limit
#: (median 5 kg); at 4 six rounds fill them to about 9 kg, at 3 past it
#: (11.5 kg), and at both the count won nothing on 240 paired games
#: (docs/history/bots-notebook.md, "Central Market: the kilograms held for
#: the final round").
FINAL_KG: dict[int, float] = {3: 0.0, 4: 0.0, 5: 0.4}

#: ISMCTS iterations a decision: the bots' default budget for this game,
#: for at most about 200 ms of CPU at the 95th percentile (5 players, the
#: costliest table: 382 ms at 450 iterations on the development machine;
#: docs/bots.md, "How strong, how fast").
SEARCH_ITERATIONS = 230
#: ISMCTS's UCB1 exploration constant for this game (docs/bots.md,
#: "Exploration per game").
SEARCH_EXPLORATION = 0.7
#: How the bots play this game: the spec's `bots` (engines/core/spec.py).
#: `hard` is the lookahead here, not ISMCTS: the search plays at greedy's
#: level, the lookahead beats it (docs/bots.md, "Levels").
TUNING: BotTuning = BotTuning(SPREAD, SEARCH_ITERATIONS, SEARCH_EXPLORATION, hard_policy="lookahead")


def search_estimate(state: State) -> list[float]:
    return held_for_final(state, FINAL_KG[state.num_players])


def held_for_final(state: State, per_kg: float) -> list[float]:
    """`estimate`, plus `per_kg` a kilogram of what each seat will sell from
    in the final round (`kg_for_final`), fading as the final round's offers
    are made, so that selling moves no value and the round's ranking takes
    over by its end. Greedy's evaluation leaves the set-aside out: every
    card ties there (docs/history/bots-notebook.md, "Central Market: greedy's
    ties, played on"), and a stronger `medium` is not what `hard` should need."""
    points = estimate(state)
    if state.phase == GAME_OVER or not per_kg:
        return points
    weight = per_kg * (1.0 - round_progress(state) if state.round == state.final_round else 1.0)
    for seat, kg in enumerate(kg_for_final(state)):
        points[seat] += weight * kg
    return points


def kg_for_final(state: State) -> list[int]:
    """Each seat's kilograms for the final round ("The final round is played
    only with the cards previously set aside"), up to the player limit: its
    set-aside cards and its choice awaiting the others; in the final round,
    the cards picked up, in hand, in the sale or played (a Tourists sale's
    cards are discarded, so they leave as they are played)."""
    final = state.round == state.final_round
    found = []
    for seat in range(state.num_players):
        if final:
            held = state.hands[seat] + state.table[seat]
            if seat == state.seller and state.phase != TOURISTS_SALE:
                held = held + state.sale_cards
        else:
            choice = state.set_aside_choice[seat]
            held = state.set_aside[seat] + ([choice] if choice >= 0 else [])
        found.append(min(PLAYER_LIMIT_KG, sum(kg_of(card) for card in held)))
    return found


def _held_kg(state: State, seat: int) -> int:
    return sum(kg_of(c) for c in state.hands[seat] if product_of(c) == state.product)


def promised_income(state: State) -> list[int]:
    """This round's income so far plus what the current product still
    promises: the seller's sale now (in a Rot window, as paid so far; in a
    Tourists sale, its cards and the rest of the product at the lowest bid,
    outside the limits), then each bidder waiting to sell all of the product
    it holds, lowest bid first, within the product and player limits. At
    the starting bid the offerer alone, at the middle price. Rot, Tourists
    and Cheat still to come are left out."""
    return _promise(state)[0]


def _promise(state: State) -> tuple[list[int], list[int]]:
    """`promised_income`, and each seat's player limit left after those sales."""
    income, limit = state.income[:], state.player_left[:]
    phase = state.phase
    if state.product < 0 or phase in (OFFER, SET_ASIDE, GAME_OVER):
        return income, limit
    left = state.product_left[state.product]
    if phase == STARTING_BID:
        seat = state.offerer
        sold = legal_sale_kg(_held_kg(state, seat), left, limit[seat])
        income[seat] += sold * middle_price(state)
        limit[seat] -= sold
        return income, limit
    if phase in (FIRST_LAP, LOWERING):
        sellers = selling_order(state)
    else:
        sellers = state.sell_order[:]
        seller = state.seller
        if phase == SELL:
            sellers.insert(0, seller)
        elif phase == ROT_WINDOW:
            income[seller] += state.sale_paid * state.bids[seller]
        elif phase == TOURISTS_SALE:
            played = sum(kg_of(c) for c in state.sale_cards)
            income[seller] += (played + _held_kg(state, seller)) * state.lowest_bid()
            return income, limit
    for seat in sellers:
        held = _held_kg(state, seat)
        if phase == SELL and seat == state.seller:
            held += sum(kg_of(c) for c in state.sale_cards)
        sold = legal_sale_kg(held, left, limit[seat])
        left -= sold
        limit[seat] -= sold
        income[seat] += sold * state.bids[seat]
    return income, limit


def middle_price(state: State) -> int:
    """The price the evaluation assumes for a product not yet bid on."""
    return (state.max_price + 1) // 2


def estimate(state: State) -> list[float]:
    n = state.num_players
    income, limit = _promise(state) if state.phase != GAME_OVER else ([0] * n, [])
    ranked = round_victory_points(income)
    settled = round_progress(state, limit)
    return [
        state.vp[seat] + settled * ranked[seat] + (1.0 - settled) * INCOME * income[seat]
        + ACTION_CARD * unused_count(state.action_cards[seat])
        for seat in range(n)
    ]


def round_progress(state: State, player_left: list[int] | None = None) -> float:
    """How settled this round's ranking is: the share of the round's offers
    made (the product on sale counting in full), against those made plus the
    seats still to offer that can (the rules skip the others: "if a player
    has either reached his limit ... or doesn't have product in his hand that
    he can legally offer, he skips his turn"). So the weight moves when a
    product is offered, a sale or a card changes who can offer, or the round
    ends, and never on a pass, a stay or a declined reaction. `player_left`:
    the limits as the promised sales leave them (default: as they are)."""
    if state.phase in (SET_ASIDE, GAME_OVER):
        return 1.0
    offered = len(state.offered)
    start = state.offer_turn + (0 if state.product < 0 else 1)
    remaining = 0
    for turn in range(start, state.num_players):
        seat = (state.starting_player + turn) % state.num_players
        if (player_left or state.player_left)[seat] and offerable_products(state, seat):
            remaining += 1
    return offered / (offered + remaining) if offered + remaining else 1.0
