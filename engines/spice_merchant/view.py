"""What one seat (or a spectator) may see of the table.

Public: markets, open-trade goods, scores, score cards (their number; by
spice from rules version 2), round, first player, whose turn, who has
registered or passed, deck and hand sizes, and the last scored round as
revealed. Private: the seat's own hand and own
secret-trade goods; other seats' secret goods appear only as counts.

A view is assembled from serialised parts (engines/core/pieces.py explains
why that gives the same message). Each part (the price list,
a market, a seat, the last round, the viewer's own cards) is built once per
distinct value, so a new state rebuilds only the parts that changed.
"""

from __future__ import annotations

from functools import lru_cache

from engines.core.pieces import CACHE_SIZE, assemble, serialize
from engines.spice_merchant.data import SpiceData
from engines.spice_merchant.events import round_scored_bytes
from engines.spice_merchant.messages import market_pb, spice_pb, spices_pb
from engines.spice_merchant.state import GAME_OVER, NONE, NOT_ENDED, REGISTRATION, TRADING, State
from marketplay.v1 import spice_merchant_pb2 as pb

_PHASES = {
    REGISTRATION: pb.SPICE_MERCHANT_PHASE_REGISTRATION,
    TRADING: pb.SPICE_MERCHANT_PHASE_TRADING,
    GAME_OVER: pb.SPICE_MERCHANT_PHASE_GAME_OVER,
}


def hand_spices(hand: list[int] | tuple[int, ...]) -> list[int]:
    return [spice for spice, count in enumerate(hand) for _ in range(count)]


@lru_cache(maxsize=16)
def _fixed_part(table: SpiceData, nutmeg_prices: str) -> bytes:
    """What never changes during a game, serialised once per data set and price variant."""
    return serialize(pb.SpiceMerchantView(
        total_rounds=table.rounds,
        price_list=[
            pb.SpiceMerchantPriceRow(spice=spice_pb(i), cards=table.spices[i].cards, points=row)
            for i, row in enumerate(table.price_list(nutmeg_prices))
        ],
        nutmeg_prices=nutmeg_prices,
    ))


@lru_cache(maxsize=256)
def _market_part(market: int, spice: int, count: int) -> bytes:
    """One market's pile (6 markets x 25 piles: always cached)."""
    state = pb.SpiceMerchantMarketState(market=market_pb(market), spice=spice_pb(spice), count=count)
    return serialize(pb.SpiceMerchantView(markets=[state]))


@lru_cache(maxsize=CACHE_SIZE)
def _seat_part(
    seat: int,
    hand_size: int,
    registered: bool,
    secret_goods_count: int,
    open_good: int,
    passed: bool,
    score: int,
    score_cards: int,
    round_points: tuple[int, ...],
    first_player: bool,
    by_spice: tuple[int, ...] | None,
) -> bytes:
    """One seat's public facts; most seats' facts stay the same from step to step.
    `by_spice`: its score cards per spice (rules version 2 on), else None."""
    return serialize(pb.SpiceMerchantView(
        seats=[
            pb.SpiceMerchantSeatView(
                seat=seat,
                hand_size=hand_size,
                registered=registered,
                secret_goods_count=secret_goods_count,
                open_good=spice_pb(open_good),
                open_trade_used=open_good != NONE,
                passed=passed,
                score=score,
                score_cards=score_cards,
                round_points=round_points,
                first_player=first_player,
                score_cards_by_spice=[
                    pb.SpiceMerchantSpiceCount(spice=spice_pb(spice), count=count)
                    for spice, count in enumerate(by_spice or ()) if count
                ],
            )
        ]
    ))


@lru_cache(maxsize=256)
def _last_round_part(round_scored: bytes) -> bytes:
    """The last scored round, unchanged until the next scoring."""
    return serialize(pb.SpiceMerchantView(
        last_round=pb.SpiceMerchantRoundScored.FromString(round_scored)
    ))


@lru_cache(maxsize=CACHE_SIZE)
def _own_cards(hand: tuple[int, ...], secret_goods: tuple[int, ...]) -> bytes:
    """The viewer's hand and secret-trade goods."""
    return serialize(pb.SpiceMerchantView(
        hand=spices_pb(hand_spices(hand)), secret_goods=spices_pb(secret_goods)
    ))


def build_view(state: State, seat: int | None) -> pb.SpiceMerchantView:
    table = state.rules.data
    parts = [_fixed_part(table, state.nutmeg_prices)]
    parts.extend(_market_part(m, spice, count) for m, (spice, count) in enumerate(state.markets))
    seats = range(state.num_players)
    parts.extend(
        map(  # _seat_part for each seat, argument by argument
            _seat_part,
            seats,
            map(sum, state.hands),  # hand sizes
            state.registered,
            map(len, state.secret_goods),  # secret goods counts
            state.open_goods,
            state.passed,
            state.scores,
            map(sum, state.score_cards),  # goods sold
            map(tuple, state.round_points),
            [seat == state.first_player for seat in seats],
            map(tuple, state.score_cards) if state.rules.score_cards_by_spice
            else [None] * state.num_players,
        )
    )
    if state.last_end != NOT_ENDED:
        parts.append(_last_round_part(round_scored_bytes(state)))
    if seat is not None:
        parts.append(_own_cards(tuple(state.hands[seat]), tuple(state.secret_goods[seat])))
    view = assemble(pb.SpiceMerchantView, parts)
    view.round = state.round_no
    view.phase = _PHASES[state.phase]
    view.first_player = state.first_player
    view.secret_goods_to_register = table.secret_goods_to_register(state.round_no)
    view.deck_size = len(state.deck)
    if state.phase == TRADING:
        view.turn = state.turn
    return view
