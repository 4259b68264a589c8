"""Every worked example of the Market Fresh rulebook, with its numbers, on the
default data (5x5 pictures: lemons (0,0), pears (0,3), carrots (1,2),
dragon fruits (2,4), plums (4,0), onions (4,3))."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.market_fresh.scoring import column_awards, final_scores, tile_count_points
from engines.market_fresh.shopfront import Shopfront
from engines.market_fresh.state import CRATE_HEIGHTS, STANDARD, State
from tests.engines.market_fresh.helpers import (
    act,
    column,
    events_of,
    p,
    put,
    score_action,
    scoring_state,
    shopfront,
    table,
)


def _lemons_table() -> tuple[int, State]:
    shop = shopfront(
        5,
        ("lemons", "onions", (3, 1), (3, 2)),
        ("tomatoes", "carrots", (2, 1), (2, 2)),
    )
    return 0, table(shopfronts=[shop, shopfront(5)])


def test_scoring_example_lemons_three_then_three_plus_five() -> None:
    """ "You add a crate with lemons and pears ... You can see lemons three
    times, so you score 3 points." Then "you stack a crate with carrots and
    lemons so that it overlaps two crates ... You can see lemons three times
    ... you also score 5 bonus points ... eight spaces"."""
    seat, state = _lemons_table()
    state = scoring_state(state, seat, "lemons", "pears", (2, 3), (1, 3))
    state, events = act(state, seat, score_action("lemons"))
    first = events_of(events, "scored")[0]
    assert (first.option.visible, first.option.points, first.score) == (3, 3, 3)
    assert not first.option.perfect_match

    # Next turn: carrots over the tomatoes-carrots crate, lemons over the
    # lemons-pears crate: it overlaps two crates and both halves match.
    state = table(shopfronts=state.shopfronts, scores=state.scores)
    state = scoring_state(state, seat, "carrots", "lemons", (2, 2), (2, 3))
    assert state.shopfronts[seat].heights[2 * 5 + 2] == 2
    state, events = act(state, seat, score_action("lemons"))
    second = events_of(events, "scored")[0]
    assert (second.option.visible, second.option.points) == (3, 8)
    assert second.option.perfect_match
    assert second.score == 11


_PLUM_CRATES = [
    ("plums", "lemons", (4, 0), (4, 1)),  # covers the plum picture square
    ("plums", "pears", (0, 1), (0, 2)),
    ("plums", "carrots", (1, 3), (1, 4)),
    ("plums", "onions", (3, 1), (3, 2)),
    ("plums", "apples", (3, 3), (3, 4)),
]


def _score_plums(state: State, seat: int, visible: int) -> tuple[State, list[Any]]:
    """`seat` adds a crate that leaves `visible` plums in view and scores plums."""
    shops = list(state.shopfronts)
    shops[seat] = shopfront(5, *_PLUM_CRATES[: visible - 1])
    state = replace(state, shopfronts=tuple(shops))
    first, second, a, b = _PLUM_CRATES[visible - 1]
    state = scoring_state(state, seat, first, second, a, b)
    assert state.shopfronts[seat].visible(p("plums")) == visible
    state, events = act(state, seat, score_action("plums"))
    return state, events_of(events, "farmer_tile")


def test_market_board_example_plums_column() -> None:
    """Uschi 3 -> row 3; Wolfgang 1 -> no tile; Michael 3 -> row 2; Ina 3 -> no
    space; Michael 4 -> moves from row 2 to row 4; Michael 2 -> stays."""
    uschi, wolfgang, michael, ina = range(4)
    state = table(players=4)
    state, tiles = _score_plums(state, uschi, 3)
    assert column(state, "plums") == {3: uschi}
    state, tiles = _score_plums(state, wolfgang, 1)
    assert tiles == [] and column(state, "plums") == {3: uschi}
    state, tiles = _score_plums(state, michael, 3)
    assert column(state, "plums") == {3: uschi, 2: michael}
    state, tiles = _score_plums(state, ina, 3)
    assert tiles == [] and column(state, "plums") == {3: uschi, 2: michael}
    state, tiles = _score_plums(state, michael, 4)
    assert [(t.from_row, t.to_row) for t in tiles] == [(2, 4)]
    assert column(state, "plums") == {3: uschi, 4: michael}
    state, tiles = _score_plums(state, michael, 2)
    assert tiles == [] and column(state, "plums") == {3: uschi, 4: michael}


def test_eight_or_more_points_places_the_tile_in_row_seven() -> None:
    """ "If you score 8 or more points for your produce, place your Farmer
    Tile in row 7. You'll still move your total point value"."""
    shop = shopfront(5)
    spots = [((0, 1), (0, 2)), ((0, 4), (1, 4)), ((1, 0), (1, 1)), ((1, 3), (2, 3)),
             ((2, 0), (2, 1)), ((2, 2), (3, 2)), ((3, 0), (3, 1))]
    partners = ["pears", "carrots", "plums", "onions", "dragon-fruits", "apples", "tomatoes"]
    for (a, b), partner in zip(spots, partners, strict=False):
        shop = put(shop, "lemons", partner, a, b)
    state = table(shopfronts=[shop, shopfront(5)])
    state = scoring_state(state, 0, "lemons", "grapes", (3, 3), (3, 4))
    state, events = act(state, 0, score_action("lemons"))
    scored = events_of(events, "scored")[0]
    assert scored.option.visible == 9 and scored.score == 9  # picture + 8 crates
    assert column(state, "lemons") == {7: 0}


def test_final_scoring_example_onions_column() -> None:
    """Uschi row 6 -> 12, Ina row 4 -> 4, Wolfgang row 3 -> 2."""
    uschi, wolfgang, _michael, ina = range(4)
    state = table(players=4, tiles=[("onions", 6, uschi), ("onions", 4, ina),
                                    ("onions", 3, wolfgang)])
    awards = column_awards(state.board[p("onions")])
    assert awards == [(uschi, 6, 12), (ina, 4, 4), (wolfgang, 3, 2)]
    finals = final_scores(STANDARD, state.board, (0, 0, 0, 0))
    assert [f.column_points for f in finals] == [12, 2, 0, 4]


def test_tile_count_example_two_tied_for_most() -> None:
    """ "if two players tie for the most Farmer Tiles, they each score 16
    points, but the player with the second most only scores 4 points." """
    assert tile_count_points([6, 6, 3]) == [16, 16, 4]


def test_tile_count_example_two_tied_for_second() -> None:
    """ "the player with the most scores 16 points, the two tied players each
    score 8 points, and the player with the third most scores nothing." """
    assert tile_count_points([7, 4, 4, 2]) == [16, 8, 8, 0]


def _wolfgang_shop() -> Shopfront:
    return shopfront(
        5,
        ("pears", "lemons", (2, 1), (2, 2)),
        ("pears", "carrots", (2, 1), (2, 2)),
        ("pears", "plums", (3, 1), (3, 2)),
        ("pears", "onions", (3, 3), (3, 4)),
    )


def test_crate_heights_example_wolfgang_pears_twelve() -> None:
    """Pears-dragon fruits on two crates (height 3); pears seen four times;
    4 x 3 = 12 and a blue Farmer Tile in row 3 of the Pears column."""
    wolfgang = 1
    state = table(variant=CRATE_HEIGHTS, shopfronts=[shopfront(5), _wolfgang_shop()])
    state = scoring_state(state, wolfgang, "pears", "dragon-fruits", (2, 1), (2, 2))
    assert state.shopfronts[wolfgang].heights[2 * 5 + 1] == 3
    state, events = act(state, wolfgang, score_action("pears", height=True))
    scored = events_of(events, "scored")[0]
    assert (scored.option.visible, scored.option.height, scored.option.points) == (4, 3, 12)
    assert column(state, "pears") == {3: wolfgang}


def test_crate_heights_example_wolfgang_dragon_fruits_nine() -> None:
    """Dragon fruits-plums on one crate (height 2), but his highest dragon
    fruit is last turn's at height 3: 3 seen x 3 = 9."""
    wolfgang = 1
    state = table(variant=CRATE_HEIGHTS, shopfronts=[shopfront(5), _wolfgang_shop()])
    state = scoring_state(state, wolfgang, "pears", "dragon-fruits", (2, 1), (2, 2))
    state, _ = act(state, wolfgang, score_action("pears", height=True))
    state = table(variant=CRATE_HEIGHTS, shopfronts=state.shopfronts, scores=state.scores,
                  tiles=[("pears", 3, wolfgang)], height_used=[[], ["pears"]])
    state = scoring_state(state, wolfgang, "dragon-fruits", "plums", (3, 1), (3, 2))
    assert state.shopfronts[wolfgang].heights[3 * 5 + 1] == 2
    state, events = act(state, wolfgang, score_action("dragon-fruits", height=True))
    scored = events_of(events, "scored")[0]
    assert (scored.option.visible, scored.option.height, scored.option.points) == (3, 3, 9)
    assert scored.score == 21
    assert column(state, "dragon-fruits") == {3: wolfgang}


def test_crate_heights_example_ina_falls_to_row_two() -> None:
    """Michael height scores onions at height 3 (row 3); Ina, also at height
    3, finds row 3 taken, places in row 2 and multiplies by 2."""
    michael, ina = 2, 3
    m_shop = shopfront(5, ("onions", "lemons", (2, 1), (2, 2)),
                       ("onions", "carrots", (2, 1), (2, 2)))
    i_shop = shopfront(5, ("onions", "apples", (2, 1), (2, 2)),
                       ("onions", "tomatoes", (2, 1), (2, 2)))
    empty = shopfront(5)
    state = table(players=4, variant=CRATE_HEIGHTS, shopfronts=[empty, empty, m_shop, i_shop])
    state = scoring_state(state, michael, "onions", "plums", (2, 1), (2, 2))
    state, events = act(state, michael, score_action("onions", height=True))
    m = events_of(events, "scored")[0]
    assert (m.option.visible, m.option.row, m.option.points) == (2, 3, 6)
    state = table(players=4, variant=CRATE_HEIGHTS, shopfronts=state.shopfronts,
                  tiles=[("onions", 3, michael)], height_used=[[], [], ["onions"], []],
                  scores=state.scores)
    state = scoring_state(state, ina, "onions", "grapes", (2, 1), (2, 2))
    state, events = act(state, ina, score_action("onions", height=True))
    i = events_of(events, "scored")[0]
    assert (i.option.visible, i.option.height, i.option.row, i.option.points) == (2, 3, 2, 4)
    assert column(state, "onions") == {3: michael, 2: ina}
