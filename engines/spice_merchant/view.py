"""What one seat (or a spectator) may see of the table.

Public: markets, open-trade goods, scores, score-card counts, round, first
player, whose turn, who has registered or passed, deck and hand sizes, and
the last scored round as revealed. Private: the seat's own hand and own
secret-trade goods; other seats' secret goods appear only as counts.
"""

from __future__ import annotations

from functools import lru_cache

from engines.spice_merchant.data import ROUNDS, SPICES, price_list, secret_goods_to_register
from engines.spice_merchant.events import market_states, round_scored_bytes
from engines.spice_merchant.moves import spice_pb, spices_pb
from engines.spice_merchant.state import GAME_OVER, NOT_ENDED, REGISTRATION, TRADING, State
from marketplay.v1 import spice_merchant_pb2 as pb

_PHASES = {
    REGISTRATION: pb.SPICE_MERCHANT_PHASE_REGISTRATION,
    TRADING: pb.SPICE_MERCHANT_PHASE_TRADING,
    GAME_OVER: pb.SPICE_MERCHANT_PHASE_GAME_OVER,
}


def hand_spices(hand: list[int]) -> list[int]:
    return [spice for spice, count in enumerate(hand) for _ in range(count)]


@lru_cache(maxsize=16)
def _fixed_part(nutmeg_prices: str) -> bytes:
    """What never changes during a game, serialised once per price variant."""
    return pb.SpiceMerchantView(
        total_rounds=ROUNDS,
        price_list=[
            pb.SpiceMerchantPriceRow(spice=spice_pb(i), cards=SPICES[i].cards, points=row)
            for i, row in enumerate(price_list(nutmeg_prices))
        ],
        nutmeg_prices=nutmeg_prices,
    ).SerializeToString(deterministic=True)


def build_view(state: State, seat: int | None) -> pb.SpiceMerchantView:
    view = pb.SpiceMerchantView.FromString(_fixed_part(state.nutmeg_prices))
    view.round = state.round_no
    view.phase = _PHASES[state.phase]
    view.first_player = state.first_player
    view.secret_goods_to_register = secret_goods_to_register(state.round_no)
    view.markets.extend(market_states(state.markets))
    view.seats.extend(
        pb.SpiceMerchantSeatView(
            seat=s,
            hand_size=state.hand_size(s),
            registered=state.registered[s],
            secret_goods_count=len(state.secret_goods[s]),
            open_good=spice_pb(state.open_goods[s]),
            open_trade_used=state.open_trade_used(s),
            passed=state.passed[s],
            score=state.scores[s],
            score_cards=state.goods_sold(s),
            round_points=state.round_points[s],
            first_player=s == state.first_player,
        )
        for s in range(state.num_players)
    )
    view.deck_size = len(state.deck)
    if state.phase == TRADING:
        view.turn = state.turn
    if seat is not None:
        view.hand.extend(spices_pb(hand_spices(state.hands[seat])))
        view.secret_goods.extend(spices_pb(state.secret_goods[seat]))
    if state.last_end != NOT_ENDED:
        view.last_round.MergeFromString(round_scored_bytes(state))
    return view
