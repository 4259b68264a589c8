"""The bots' heuristic for Central Market (docs/bots.md, "Evaluation").

Points now: victory points. What the position is worth: this round's income,
counting the sales the current bids promise. Late in the round it is worth
the victory points its rank would earn if the round ended now ("The player,
who has earned the most income points, receives as many victory points as
there are players ..."); early on that rank means little, since every seat
still offers and sells, so the income counts by its size instead (twenty
income points for a victory point). The weight moves from size to rank with
the share of the round's offer turns already taken. Plus a tenth of a point
per unused action card (the rulebook's tie-break, and a card still to play).
"""

from __future__ import annotations

from engines.central_market.bidding import selling_order
from engines.central_market.data import kg_of, product_of, unused_count
from engines.central_market.scoring import round_victory_points
from engines.central_market.selling import legal_sale_kg
from engines.central_market.state import (
    FIRST_LAP,
    GAME_OVER,
    LOWERING,
    SELL,
    SET_ASIDE,
    STARTING_BID,
    State,
)

#: Victory points a seat must lead by to be all but sure of winning: a
#: round won outright against the runner-up is worth one or two.
SPREAD = 3.0
#: Weight of one unused action card, below one victory point.
ACTION_CARD = 0.1
#: Victory points per income point while the round's ranks are still open.
INCOME = 0.05

#: ISMCTS iterations for about 200 ms of CPU a decision: the bots' default
#: budget for this game. Measured at 167-179 ms median, 211-224 ms p90, about
#: 2,500 iterations per CPU second (docs/bots.md, "Decision times").
SEARCH_ITERATIONS = 450


def promised_income(state: State) -> list[int]:
    """This round's income so far plus what the bidders would earn by selling
    all of the product they hold, lowest bid first ("Starting with the player,
    who made the lowest bid"), within the product and player limits. Rot,
    Tourists and Cheat are left out."""
    income = state.income[:]
    if state.product < 0 or state.phase not in (STARTING_BID, FIRST_LAP, LOWERING, SELL):
        return income
    sellers = state.sell_order[:] if state.phase == SELL else selling_order(state)
    if state.phase == SELL:
        sellers.insert(0, state.seller)
    left = state.product_left[state.product]
    for seat in sellers:
        held = sum(kg_of(c) for c in state.hands[seat] if product_of(c) == state.product)
        if seat == state.seller:
            held += sum(kg_of(c) for c in state.sale_cards)
        sold = legal_sale_kg(held, left, state.player_left[seat])
        left -= sold
        income[seat] += sold * state.bids[seat]
    return income


def estimate(state: State) -> list[float]:
    n = state.num_players
    income = promised_income(state) if state.phase != GAME_OVER else [0] * n
    ranked = round_victory_points(income)
    settled = round_progress(state)
    return [
        state.vp[seat] + settled * ranked[seat] + (1.0 - settled) * INCOME * income[seat]
        + ACTION_CARD * unused_count(state.action_cards[seat])
        for seat in range(n)
    ]


def round_progress(state: State) -> float:
    """How settled this round's ranking is: the share of the offer turns
    taken (the current one counting half), 1 once selling is over."""
    if state.phase in (SET_ASIDE, GAME_OVER):
        return 1.0
    return min(1.0, (state.offer_turn + 0.5) / state.num_players)
