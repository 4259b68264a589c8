"""Protobuf forms of the pieces every Central Market message shows: a card, a
product, a settled sale, a round's scores (used by moves, views and events)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.central_market.data import NUM_CODES, kg_of, product_of
from engines.central_market.state import NO_PRODUCT, RoundScore, Sale
from marketplay.v1 import central_market_pb2 as pb

CardPb = pb.CentralMarketCard


#: One prebuilt message per card code; protobuf copies them into repeated fields.
_CARDS: tuple[pb.CentralMarketCard, ...] = tuple(
    CardPb(product=product_of(c) + 1, kg=kg_of(c))  # type: ignore[arg-type]
    for c in range(NUM_CODES)
)


def card_pb(card: int) -> pb.CentralMarketCard:
    """A fresh card message (callers may change it)."""
    message = CardPb()
    message.CopyFrom(_CARDS[card])
    return message


def product_pb(product: int) -> pb.CentralMarketProduct.ValueType:
    return product + 1 if product != NO_PRODUCT else 0  # type: ignore[return-value]


def cards_pb(cards: Sequence[int]) -> list[pb.CentralMarketCard]:
    """Shared card messages, only for filling repeated fields (which copy)."""
    return [_CARDS[c] for c in cards]


def sale_pb(sale: Sale) -> pb.CentralMarketSale:
    return pb.CentralMarketSale(
        seat=sale.seat, product=product_pb(sale.product), price=sale.price,
        cards=cards_pb(sale.cards), played_kg=sale.played_kg, sold_kg=sale.sold_kg,
        lost_kg=sale.lost_kg, paid_kg=sale.paid_kg, income=sale.income, cheat=sale.cheat,
        tourists=sale.tourists, rotted_by=sale.rotted_by,
    )


def round_score_pb(score: RoundScore) -> pb.CentralMarketRoundScore:
    return pb.CentralMarketRoundScore(
        round=score.round, incomes=score.incomes, victory_points=score.victory_points)
