"""Shopfront geometry: the shortcut that says which crates fit somewhere
agrees with the full list of placements, on any grid play can build."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from engines.market_fresh.data import GRID_SIZES
from engines.market_fresh.shopfront import Shopfront
from tests.engines.market_fresh.helpers import CRATES, DATA

ALL_CRATES = range(len(CRATES))


@st.composite
def shopfronts(draw: st.DrawFn) -> Shopfront:
    """A grid built by legal placements, each crate and square picked by hypothesis."""
    shop = Shopfront.empty(DATA, draw(st.sampled_from(GRID_SIZES)))
    for _ in range(draw(st.integers(0, 40))):
        crate = draw(st.sampled_from(ALL_CRATES))
        options = shop.placements_for(crate)
        if options:
            first, second = draw(st.sampled_from(options))
            shop = shop.place(crate, first, second)
    return shop


def _no_blank_pair_left(size: int) -> Shopfront:
    """A grid where crates cover every pair of blank squares, so a crate fits
    only on a matching face: the case where `placeable` must look at both
    halves of each crate."""
    shop = Shopfront.empty(DATA, size)
    while True:
        blank_pairs = [(c, p, q) for c in ALL_CRATES for p, q in shop.placements_for(c)
                       if shop.heights[p] == 0 and shop.tops[p] == shop.tops[q] == -1]
        if not blank_pairs:
            return shop
        crate, first, second = blank_pairs[0]
        shop = shop.place(crate, first, second)


def _fits_somewhere(shop: Shopfront) -> list[int]:
    return [c for c in ALL_CRATES if shop.placements_for(c)]


@example(shop=Shopfront.empty(DATA, 4))
@example(shop=_no_blank_pair_left(5))
@example(shop=_no_blank_pair_left(4))
@example(shop=Shopfront.empty(DATA, 5).place(0, 0, 1).place(5, 2, 3))
@given(shop=shopfronts())
def test_placeable_lists_exactly_the_crates_with_a_placement(shop: Shopfront) -> None:
    """`placeable` reads the grid once instead of listing placements per
    crate; for every crate it must give the same answer (either half of a
    crate may be the one that matches)."""
    assert shop.placeable(ALL_CRATES) == _fits_somewhere(shop)
    assert shop.placeable([]) == []


@example(shop=Shopfront.empty(DATA, 4), crate=next(c for c, (a, b) in enumerate(CRATES) if a == b))
@given(shop=shopfronts(), crate=st.sampled_from(ALL_CRATES))
def test_allows_is_membership_of_the_placements_either_way_round(shop: Shopfront, crate: int) -> None:
    """`allows` answers as the list does for every ordered pair of squares, so
    a double crate named the other way round is not a second placement."""
    listed = set(shop.placements_for(crate))
    squares = range(shop.size * shop.size)
    for first in squares:
        for second in squares:
            assert shop.allows(crate, first, second) == ((first, second) in listed)


@given(shop=shopfronts(), crate=st.sampled_from(ALL_CRATES))
def test_how_a_crate_lies_is_its_height_and_fit_at_each_legal_placement(shop: Shopfront,
                                                                       crate: int) -> None:
    """`lies` (what a placement's label reads, a decision at once) says what
    `heights` and `fit` say of each legal placement."""
    placements = shop.placements_for(crate)
    assert shop.lies(crate, placements) == [(shop.heights[first], shop.fit(crate, first, second))
                                            for first, second in placements]


def test_an_empty_grid_shows_no_produce_at_any_height() -> None:
    shop = Shopfront.empty(DATA, 5)
    assert [shop.highest(produce) for produce in range(DATA.num_produce)] == [0] * DATA.num_produce
