"""The bots' heuristic for Spice Merchant (docs/bots.md, "Evaluation").

Points now: the score track. What the position is worth: the goods each seat
has registered this round, sold against the markets as they stand (what the
round would pay if it ended now), plus a hundredth of a point per good sold
so far (the rulebook's tie-break: "the player who sold more goods ... is the
winner").
"""

from __future__ import annotations

from engines.core.spec import BotTuning
from engines.spice_merchant.scoring import sell_goods
from engines.spice_merchant.state import NONE, State

#: Points a seat must lead by to be all but sure of winning: about one
#: round's sale (a good at a two- or three-card market).
SPREAD = 6.0
#: Weight of one good sold, below any difference in points.
TIE_BREAK = 0.01

#: ISMCTS iterations a decision: the bots' default budget for this game,
#: for at most about 200 ms of CPU at the 95th percentile (4 players, the
#: costliest table: 255 ms at 220 iterations on the development machine;
#: docs/bots.md, "How strong, how fast").
SEARCH_ITERATIONS = 180
#: ISMCTS's UCB1 exploration constant for this game: a third of the others'.
#: The main turn's good moves lie close in value (a point or two of a
#: six-point spread), so at 0.7 the search spread its visits almost evenly
#: over them and the most visited was close to a draw among them
#: (docs/bots.md, "Exploration per game").
SEARCH_EXPLORATION = 0.25
#: ISMCTS's playout depth for this game: one random decision after the tree.
#: At 4 players the second one is mostly another opponent's random move, noise
#: that drowned the few hundredths between the main turn's good moves: depth 1
#: won 48% of 60 games against greedy where depth 2 won 36%, and held at 2
#: players (docs/bots.md, "Playout depth per game").
SEARCH_DEPTH = 1
#: How the bots play this game: the spec's `bots` (engines/core/spec.py).
TUNING: BotTuning = BotTuning(SPREAD, SEARCH_ITERATIONS, SEARCH_EXPLORATION, SEARCH_DEPTH)

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
