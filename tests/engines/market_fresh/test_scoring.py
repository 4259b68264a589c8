"""Scoring functions, one rule per test."""

from __future__ import annotations

from engines.market_fresh.scoring import (
    basic_tile_row,
    column_awards,
    crate_points,
    final_scores,
    floor_score,
    height_row,
    solo_rows_below_filled,
    standard_tile_move,
)
from engines.market_fresh.state import STANDARD, empty_board
from tests.engines.market_fresh.helpers import DATA, p, table


def test_crate_points_add_five_for_a_perfect_match() -> None:
    assert crate_points(3, False) == 3
    assert crate_points(3, True) == 8


def test_basic_tile_row_needs_two_and_caps_at_seven() -> None:
    assert [basic_tile_row(n) for n in (0, 1, 2, 7, 8, 12)] == [0, 0, 2, 7, 7, 7]


def test_standard_tile_takes_the_next_lowest_free_row() -> None:
    board = table(tiles=[("plums", 3, 0)]).board
    assert standard_tile_move(board, 1, p("plums"), 3) == (0, 2)
    assert standard_tile_move(board, 1, p("plums"), 1) == (0, 0)
    assert standard_tile_move(board, 0, p("plums"), 5) == (3, 5)
    assert standard_tile_move(board, 0, p("plums"), 2) == (3, 0)


def test_height_row_drops_to_the_next_free_row_and_caps_at_seven() -> None:
    board = table(tiles=[("onions", 3, 0), ("onions", 7, 1)]).board
    assert height_row(board, p("onions"), 3) == 2
    assert height_row(board, p("onions"), 9) == 6
    assert height_row(board, p("lemons"), 9) == 7
    full = table(tiles=[("onions", r, 0) for r in (1, 2)]).board
    assert height_row(full, p("onions"), 2) == 0


def test_solo_rows_below_must_all_hold_a_tile() -> None:
    assert solo_rows_below_filled(empty_board(DATA.num_produce), 1)
    assert solo_rows_below_filled(empty_board(DATA.num_produce), 2)
    assert not solo_rows_below_filled(empty_board(DATA.num_produce), 3)
    board = table(players=1, tiles=[("lemons", 2, 0), ("pears", 3, 0)]).board
    assert solo_rows_below_filled(board, 4)
    assert not solo_rows_below_filled(board, 5)


def test_column_awards_with_fewer_than_three_tiles() -> None:
    board = table(tiles=[("carrots", 5, 1)]).board
    assert column_awards(board[p("carrots")]) == [(1, 5, 10)]
    board = table(players=4, tiles=[("carrots", r, r - 2) for r in (2, 3, 4, 5)]).board
    assert column_awards(board[p("carrots")]) == [(3, 5, 10), (2, 4, 4), (1, 3, 2)]


def test_the_score_cube_stops_at_zero() -> None:
    assert floor_score(-3) == 0 and floor_score(4) == 4 and floor_score(0) == 0


def test_a_tile_moves_only_up_from_wherever_it_stands() -> None:
    """A tile at the top row cannot improve; one at row 6 or row 2 moves up
    by a single row when the target is just above it."""
    board = table(tiles=[("plums", 7, 0), ("pears", 6, 0), ("lemons", 2, 0)]).board
    assert standard_tile_move(board, 0, p("plums"), 5) == (7, 0)
    assert standard_tile_move(board, 0, p("plums"), 9) == (7, 0)
    assert standard_tile_move(board, 0, p("pears"), 7) == (6, 7)
    assert standard_tile_move(board, 0, p("lemons"), 3) == (2, 3)


def test_final_scores_count_every_tile_of_a_seat() -> None:
    """Three tiles beat two: 16 for the most Farmer Tiles, 8 for second; a
    standard game has no unused crates and no penalty."""
    board = table(tiles=[("plums", 3, 0), ("pears", 4, 0), ("lemons", 2, 0),
                         ("carrots", 5, 1), ("onions", 6, 1)]).board
    seat0, seat1 = final_scores(STANDARD, board, (10, 10), 0)
    assert (seat0.farmer_tiles, seat1.farmer_tiles) == (3, 2)
    assert (seat0.farmer_tile_points, seat1.farmer_tile_points) == (16, 8)
    assert (seat0.unused_crates, seat0.unused_penalty, seat1.unused_crates) == (0, 0, 0)
