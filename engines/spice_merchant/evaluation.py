"""The bots' heuristic for Spice Merchant (docs/bots.md, "Evaluation").

Points now: the score track. What the position is worth: the goods each seat
has registered this round, sold against the markets as they stand (what the
round would pay if it ended now), plus a hundredth of a point per good sold
so far (the rulebook's tie-break: "the player who sold more goods ... is the
winner").

The search (ISMCTS, `hard`) also counts a share of each seat's hand: what its
registered goods would gain if it laid its own cards of them on their best
markets ("you should make that spice be laid down a lot in the 6 market
places"). The markets as they stand undervalue a seat that holds the cards to
raise its goods' price on its next turns; greedy's one ply judges the move
just made and keeps the plain estimate (docs/bots.md, "Evaluation").
"""

from __future__ import annotations

from engines.core.spec import BotTuning
from engines.spice_merchant.scoring import sell_goods
from engines.spice_merchant.state import NONE, TRADING, State

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
#: The share of the hand's potential the search counts. Against greedy at 4
#: players, on 240 paired games (two seed sets): 0 won 31.0%, an eighth 44.4%,
#: a quarter 42.9%; on the first 120, a half 35.6% and all of it 10.3% (a
#: hand's cards are not all laid before the round ends, and other seats raise
#: or take the same markets; docs/history/bots-notebook.md, "Spice Merchant
#: at 4: the hand's potential").
HAND_SHARE = 0.125
#: How the bots play this game: the spec's `bots` (engines/core/spec.py).
TUNING: BotTuning = BotTuning(SPREAD, SEARCH_ITERATIONS, SEARCH_EXPLORATION, SEARCH_DEPTH)

def estimate(state: State) -> list[float]:
    return counted(state, 0.0)


def search_estimate(state: State) -> list[float]:
    return counted(state, HAND_SHARE)


def counted(state: State, hand_share: float) -> list[float]:
    """Each seat's points with `hand_share` of its hand's potential
    (bench/experiments/sm_beliefs.py tries other shares)."""
    prices = state.rules.data.price_list(state.nutmeg_prices)
    points = []
    for seat in range(state.num_players):
        goods = list(state.secret_goods[seat])
        if state.open_goods[seat] != NONE:
            goods.append(state.open_goods[seat])
        pending = float(sell_goods(goods, state.markets, prices).points) if goods else 0.0
        hand = state.hands[seat]
        if hand_share and state.phase == TRADING and any(hand[good] for good in goods):
            raised = sell_goods(goods, _raised_markets(state, seat, goods), prices).points
            pending += hand_share * (raised - pending)
        points.append(state.scores[seat] + pending + TIE_BREAK * state.goods_sold(seat))
    return points


def _raised_markets(state: State, seat: int, goods: list[int]) -> list[list[int]]:
    """The markets after `seat` lays its hand's cards of each registered spice
    on that spice's fullest market (or on the first empty one, if none holds
    it), up to a market's capacity."""
    capacity = state.rules.data.market_capacity
    markets = [list(market) for market in state.markets]
    hand = state.hands[seat]
    for spice in sorted(set(goods)):
        if not hand[spice]:
            continue
        held = [market for market in markets if market[0] == spice]
        if held:
            fullest = max(held, key=lambda market: market[1])
            fullest[1] = min(capacity, fullest[1] + hand[spice])
            continue
        empty = next((market for market in markets if market[0] == NONE), None)
        if empty is not None:
            empty[0], empty[1] = spice, min(capacity, hand[spice])
    return markets
