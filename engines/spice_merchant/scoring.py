"""Selling registered goods at the end of a round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engines.spice_merchant.data import NUM_SPICES


class Sale(NamedTuple):
    spice: int
    market: int
    market_count: int
    points: int


class Sold(NamedTuple):
    """One seat's round: what it sold where, and what went back to the deck."""

    sales: tuple[Sale, ...]
    unsold: tuple[int, ...]

    @property
    def points(self) -> int:
        return sum(spice.points for spice in self.sales)


def sell_goods(
    goods: Sequence[int],
    markets: Sequence[Sequence[int]],
    prices: Sequence[Sequence[int]],
) -> Sold:
    """Each good of spice S is sold in a distinct market holding S, best first.

    "1 kind of spice will be sold for 1 market. So if you registered 2 cards
    that are the same kind, that kind of spice has to be in 2 market places
    to be sold." and "She chooses the B market because it is more valuable."
    Markets are shared: every seat sells against the same markets, each
    seat choosing its own best assignment. Pricier markets first; between
    equal prices the earlier market (A before F), so results are stable.
    """
    counts = [0] * NUM_SPICES
    for good in goods:
        counts[good] += 1
    sales: list[Sale] = []
    unsold: list[int] = []
    for spice in range(NUM_SPICES):
        if not counts[spice]:
            continue
        offers = sorted(
            (
                Sale(spice, m, count, prices[spice][count - 1])
                for m, (held, count) in enumerate(markets)
                if held == spice
            ),
            key=lambda sale: (-sale.points, sale.market),
        )
        sales.extend(offers[: counts[spice]])
        unsold.extend([spice] * max(0, counts[spice] - len(offers)))
    return Sold(tuple(sales), tuple(unsold))
