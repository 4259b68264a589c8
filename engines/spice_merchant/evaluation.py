"""The bots' heuristic for Spice Merchant (docs/bots.md, "Evaluation").

Points now: the score track. What the position is worth: the goods each seat
has registered this round, sold against the markets as they stand (what the
round would pay if it ended now), plus a hundredth of a point per good sold
so far (the rulebook's tie-break: "the player who sold more goods ... is the
winner").
"""

from __future__ import annotations

from engines.spice_merchant.scoring import sell_goods
from engines.spice_merchant.state import NONE, State

#: Points a seat must lead by to be all but sure of winning: about one
#: round's sale (a good at a two- or three-card market).
SPREAD = 6.0
#: Weight of one good sold, below any difference in points.
TIE_BREAK = 0.01

#: ISMCTS iterations for about 200 ms of CPU a decision: the bots' default
#: budget for this game (calibrated for the search before issue 21 at
#: about 200 ms; docs/bots.md, "How strong, how fast").
SEARCH_ITERATIONS = 220

def estimate(state: State) -> list[float]:
    prices = state.rules.data.price_list(state.nutmeg_prices)
    points = []
    for seat in range(state.num_players):
        goods = list(state.secret_goods[seat])
        if state.open_goods[seat] != NONE:
            goods.append(state.open_goods[seat])
        pending = sell_goods(goods, state.markets, prices).points if goods else 0
        points.append(state.scores[seat] + pending + TIE_BREAK * state.goods_sold(seat))
    return points
