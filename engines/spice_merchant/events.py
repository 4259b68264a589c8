"""Events an action causes: a public copy for everybody, and a private copy
(with the cards) for the one seat that may see them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import cast

from google.protobuf.message import Message

from engines.core.engine import Event
from engines.core.events import private, public
from engines.core.pieces import serialize
from engines.spice_merchant.data import SpiceData
from engines.spice_merchant.messages import market_pb, spice_pb, spices_pb
from engines.spice_merchant.scoring import sell_goods
from engines.spice_merchant.state import GAME_OVER, NONE, State
from marketplay.v1 import spice_merchant_pb2 as pb


def _public(**field: object) -> Event:
    return public(pb.SpiceMerchantEvent(**field))  # type: ignore[arg-type]


def _private(seat: int, **field: object) -> Event:
    return private(seat, pb.SpiceMerchantEvent(**field))  # type: ignore[arg-type]


def round_started(state: State) -> Event:
    return _public(
        round_started=pb.SpiceMerchantRoundStarted(
            round=state.round_no,
            first_player=state.first_player,
            secret_goods_to_register=state.rules.data.secret_goods_to_register(state.round_no),
            deck_size=len(state.deck),
        )
    )


def secret_registered(seat: int, spices: tuple[int, ...]) -> list[Event]:
    """Public: "seat N registered k cards"; private: which ones."""
    events = [_public(secret_registered=pb.SpiceMerchantSecretRegistered(seat=seat, count=len(spices)))]
    if spices:
        events.append(
            _private(
                seat,
                secret_registered=pb.SpiceMerchantSecretRegistered(
                    seat=seat, count=len(spices), spices=spices_pb(spices)
                ),
            )
        )
    return events


def open_traded(seat: int, spice: int) -> Event:
    return _public(open_traded=pb.SpiceMerchantOpenTraded(seat=seat, spice=spice_pb(spice)))


def fake_demanded(seat: int, market: int, spice: int, count: int, market_count: int) -> Event:
    return _public(
        fake_demanded=pb.SpiceMerchantFakeDemanded(
            seat=seat,
            market=market_pb(market),
            spice=spice_pb(spice),
            count=count,
            market_count=market_count,
        )
    )


def cards_drawn(seat: int, drawn: list[int], missing: int, deck_size: int) -> list[Event]:
    """Public: how many; private: which spices (ascending, as a hand is unordered)."""
    events = [
        _public(
            cards_drawn=pb.SpiceMerchantCardsDrawn(
                seat=seat, count=len(drawn), deck_size=deck_size, missing=missing
            )
        )
    ]
    if drawn:
        events.append(
            _private(
                seat,
                cards_drawn=pb.SpiceMerchantCardsDrawn(
                    seat=seat,
                    count=len(drawn),
                    spices=spices_pb(sorted(drawn)),
                    deck_size=deck_size,
                    missing=missing,
                ),
            )
        )
    return events


def seat_passed(seat: int) -> Event:
    return _public(seat_passed=pb.SpiceMerchantSeatPassed(seat=seat))


def market_states(markets: Sequence[Sequence[int]]) -> list[pb.SpiceMerchantMarketState]:
    return [
        pb.SpiceMerchantMarketState(market=market_pb(m), spice=spice_pb(spice), count=count)
        for m, (spice, count) in enumerate(markets)
    ]


def round_scored_message(state: State) -> pb.SpiceMerchantRoundScored:
    """The last scored round as revealed: goods, sales, points (public)."""
    return pb.SpiceMerchantRoundScored.FromString(round_scored_bytes(state))


def round_scored_bytes(state: State) -> bytes:
    """Serialised `round_scored_message`; views of one table share it."""
    return _round_scored_bytes(
        state.rules.data,
        state.nutmeg_prices,
        state.round_no if state.phase == GAME_OVER else state.round_no - 1,
        state.last_end,
        tuple(map(tuple, state.last_markets)),
        tuple(map(tuple, state.last_secret)),
        tuple(state.last_open),
        tuple(state.scores),
        tuple(map(sum, state.score_cards)),  # goods sold per seat
    )


@lru_cache(maxsize=256)
def _round_scored_bytes(
    table: SpiceData,
    nutmeg_prices: str,
    scored_round: int,
    reason: int,
    markets: tuple[tuple[int, ...], ...],
    secret: tuple[tuple[int, ...], ...],
    open_goods: tuple[int, ...],
    scores: tuple[int, ...],
    score_cards: tuple[int, ...],
) -> bytes:
    prices = table.price_list(nutmeg_prices)
    seats = []
    for seat, (goods, open_good) in enumerate(zip(secret, open_goods, strict=True)):
        sold = sell_goods(goods + ((open_good,) if open_good != NONE else ()), markets, prices)
        seats.append(
            pb.SpiceMerchantSeatScoring(
                seat=seat,
                secret_goods=spices_pb(goods),
                open_good=spice_pb(open_good),
                sales=[
                    pb.SpiceMerchantSale(
                        spice=spice_pb(spice.spice),
                        market=market_pb(spice.market),
                        market_count=spice.market_count,
                        points=spice.points,
                    )
                    for spice in sold.sales
                ],
                unsold=spices_pb(sold.unsold),
                points=sold.points,
                score=scores[seat],
                score_cards=score_cards[seat],
            )
        )
    message = pb.SpiceMerchantRoundScored(
        round=scored_round,
        reason=cast("pb.SpiceMerchantRoundEnd.ValueType", reason),
        markets=market_states(markets),
        seats=seats,
    )
    return serialize(message)


def round_scored(state: State) -> Event:
    return _public(round_scored=round_scored_message(state))


def game_ended(winners: list[int], tie_break: str, state: State) -> Event:
    return _public(
        game_ended=pb.SpiceMerchantGameEnded(
            winners=winners,
            tie_break=tie_break,
            scores=state.scores,
            score_cards=[state.goods_sold(seat) for seat in range(state.num_players)],
        )
    )


def reveals(state: State, events: Sequence[Message]) -> bool:
    """The step's reveals, for take-backs (Engine.reveals): cards drawn from the deck,
    shuffled at the round's start ("you should replenish your hand to 7"; a draw the
    empty deck could not give reveals nothing), and a round's scoring, which turns
    every seat's secret goods up ("all players indicate their score with their
    open-trade card and secret-trade cards"). A registration, an open trade or a
    fake demand is the seat's own choice: taking it back tells nobody anything more."""
    return any(
        isinstance(message, pb.SpiceMerchantEvent) and (
            (message.WhichOneof("event") == "cards_drawn" and message.cards_drawn.count > 0)
            or message.WhichOneof("event") == "round_scored")
        for message in events
    )
