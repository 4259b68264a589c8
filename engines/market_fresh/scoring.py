"""Scoring: crate points, the Market Board's rows, final scoring, solo rating.

Each rule decision is one function whose docstring quotes the rulebook
sentence it rests on (docs/rules/market-fresh.md lists them with tests).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.ranking import competition_ranks
from engines.market_fresh.data import (
    COLUMN_RANK_FACTORS,
    COLUMN_THIRD_POINTS,
    MAX_SCORING_HEIGHT,
    PERFECT_MATCH_BONUS,
    SOLO_RATINGS,
    SOLO_UNUSED_CRATE_PENALTY,
    TILE_COUNT_POINTS,
    TOP_ROW,
)
from engines.market_fresh.shopfront import Shopfront
from engines.market_fresh.state import BASIC, FREE, HEIGHT, SOLO, STANDARD

Board = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class ScoreOption:
    """One way to score the crate just added, fully worked out."""

    produce: int
    method: int  # BASIC or HEIGHT
    visible: int
    height: int  # highest crate of the produce (height scoring), else 0
    row: int  # Farmer Tile row this scoring places/moves to (0: none)
    points: int
    perfect: bool

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        produce: int,
        method: int,
        visible: int,
        height: int,
        row: int,
        points: int,
        perfect: bool,
    ) -> None:
        object.__setattr__(self, "produce", produce)
        object.__setattr__(self, "method", method)
        object.__setattr__(self, "visible", visible)
        object.__setattr__(self, "height", height)
        object.__setattr__(self, "row", row)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "perfect", perfect)
    # (end of the generated methods)


def crate_points(visible: int, perfect: bool) -> int:
    """ "Count how many times you can see that item ... score that many points."
    "If both halves of your crate match ... score 5 bonus points!" """
    return visible + (PERFECT_MATCH_BONUS if perfect else 0)


def basic_tile_row(visible: int) -> int:
    """Target row of a standard-game Farmer Tile (0: none).

    "If you score more than 1 point for your produce, you may place or move
    one of your Farmer Tiles" / "If you score 8 or more points ... row 7."
    The points meant are the visible count, without the +5 bonus
    (docs/rules/market-fresh.md, "The Market Board"): the bonus is for freshness, not for the produce column.
    """
    return min(visible, TOP_ROW) if visible > 1 else 0


def lowest_standard_row() -> int:
    """Row 1 is never used in the standard game (docs/rules/market-fresh.md, "The Market Board").

    "She can't place her orange Farmer Tile in rows 2 or 3 of the Plums
    column because both spaces are occupied." Ina does not fall to row 1:
    a tile needs a score of at least 2, so row 1 would award a tile for 1 point.
    """
    return 2


def standard_tile_move(board: Board, seat: int, produce: int, visible: int) -> tuple[int, int]:
    """(from_row, to_row) of the seat's tile in the produce column; to_row 0: no change.

    "place ... in the appropriate produce column ... only if the space in the
    corresponding row is unoccupied. If the space is occupied, place your
    Farmer Tile in the next lowest free space in that column."
    "Farmer Tiles are only moved when you improve your score in a column."
    A tile already in the column moves to the highest free row at or below the
    target and above where it stands; otherwise it stays (docs/rules/market-fresh.md, "The Market Board").
    """
    target = basic_tile_row(visible)
    if not target:
        return 0, 0
    column = board[produce]
    current = next((row for row in range(1, TOP_ROW + 1) if column[row - 1] == seat), 0)
    floor = max(current + 1, lowest_standard_row())
    for row in range(target, floor - 1, -1):
        if column[row - 1] == FREE:
            return current, row
    return current, 0


def height_row(board: Board, produce: int, height: int) -> int:
    """Row a height-scoring Farmer Tile takes (0: height scoring not possible).

    "Place one of your Farmer Tiles ... in the row number equal to the height
    of the highest crate of your chosen produce. If that space is occupied,
    place your Farmer Tile in the next lowest free space in that column ...
    If there are no lower unoccupied spaces, you may not height score."
    "The maximum height for scoring is 7."
    """
    column = board[produce]
    for row in range(min(height, MAX_SCORING_HEIGHT), 0, -1):
        if column[row - 1] == FREE:
            return row
    return 0


def solo_rows_below_filled(board: Board, row: int) -> bool:
    """Solo height scoring at `row` needs a tile in every row 2..row-1.

    "to use height scoring, you must have already scored the heights below.
    For example, if you want to score using a crate height of 4, you must
    have a Farmer Tile in any column in row 2 and 3 of the Market Board."
    Row 1 is never required (the example starts at row 2; docs/rules/market-fresh.md, "Crate Heights").
    """
    return all(any(col[r - 1] != FREE for col in board) for r in range(2, row))


def score_options(
    variant: int,
    shop: Shopfront,
    board: Board,
    crate: tuple[int, int],
    perfect: bool,
    height_used: int,
    seat: int,
) -> list[ScoreOption]:
    """Every legal scoring of the crate just added, in a stable order.

    "Choose one of the items of fresh produce in the crate you added."
    Crate Heights / Solo: "you may choose to score points using BASIC SCORING
    or HEIGHT SCORING"; "Each player may only use height scoring for each
    type of produce once per game".
    """
    options: list[ScoreOption] = []
    for produce in dict.fromkeys(crate):
        visible = shop.visible(produce)
        tile = standard_tile_move(board, seat, produce, visible)[1] if variant == STANDARD else 0
        options.append(
            ScoreOption(produce, BASIC, visible, 0, tile, crate_points(visible, perfect), perfect)
        )
        if variant == STANDARD or height_used >> produce & 1:
            continue
        height = shop.highest(produce)
        row = height_row(board, produce, height)
        if not row or (variant == SOLO and not solo_rows_below_filled(board, row)):
            continue
        points = visible * row + (PERFECT_MATCH_BONUS if perfect else 0)
        options.append(ScoreOption(produce, HEIGHT, visible, height, row, points, perfect))
    return options


# ------------------------------------------------------------ final scoring


def column_awards(column: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """(seat, row, points) for one produce column.

    "The player with a Farmer Tile in the highest row scores double that
    number of points. ... second highest row scores that number of points.
    ... third highest row scores 2 points."
    """
    tiles = [(row, column[row - 1]) for row in range(TOP_ROW, 0, -1) if column[row - 1] != FREE]
    awards = []
    for rank, (row, seat) in enumerate(tiles[:3]):
        points = row * COLUMN_RANK_FACTORS[rank] if rank < 2 else COLUMN_THIRD_POINTS
        awards.append((seat, row, points))
    return awards


def tile_count_points(counts: list[int]) -> list[int]:
    """16 / 8 / 4 for the most Farmer Tiles, by competition ranking.

    "If there is a tie for number of Farmer Tiles, each tied player is
    awarded the full number of points, but the next rank is dropped."
    A seat with no tile on the board earns nothing (it has no Farmer Tiles
    to count).
    """
    points = []
    for count, rank in zip(counts, competition_ranks(counts), strict=True):
        award = TILE_COUNT_POINTS[rank - 1] if rank <= len(TILE_COUNT_POINTS) else 0
        points.append(award if count else 0)
    return points


@dataclass(frozen=True, slots=True)
class FinalScore:
    seat: int
    crate_points: int
    column_awards: tuple[tuple[int, int, int], ...]  # (produce, row, points)
    farmer_tiles: int
    farmer_tile_points: int
    unused_crates: int
    unused_penalty: int
    total: int

    @property
    def column_points(self) -> int:
        return sum(points for _, _, points in self.column_awards)


def final_scores(
    variant: int, board: Board, track: tuple[int, ...], unused_crates: int = 0
) -> list[FinalScore]:
    """Final scoring from the Score Cubes before it.

    Standard: columns left to right, then most tiles. "This version of the
    game does not use FINAL SCORING" (Crate Heights and Solo). Solo: "If you
    cannot place a crate, lose 3 points per unused crate."
    """
    n = len(track)
    awards: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    counts = [0] * n
    for produce in range(len(board)):  # one column per produce type
        if variant == STANDARD:
            for seat, row, points in column_awards(board[produce]):
                awards[seat].append((produce, row, points))
        for seat in board[produce]:
            if seat != FREE:
                counts[seat] += 1
    tile_points = tile_count_points(counts) if variant == STANDARD else [0] * n
    finals = []
    for seat in range(n):
        penalty = unused_crates * SOLO_UNUSED_CRATE_PENALTY if variant == SOLO else 0
        bonus = sum(p for _, _, p in awards[seat]) + tile_points[seat]
        total = floor_score(track[seat] + bonus - penalty)
        finals.append(FinalScore(seat, track[seat], tuple(awards[seat]), counts[seat],
                              tile_points[seat], unused_crates if variant == SOLO else 0,
                              penalty, total))
    return finals


def floor_score(score: int) -> int:
    """A Score Cube cannot go below the track's "0" space (docs/rules/market-fresh.md, "Scoring with crates").

    "lose 1 point by moving your Score Cube one space back on the Market
    Board's number track": at 0 there is no space behind it.
    """
    return max(0, score)


def solo_rating(score: int) -> str:
    """Stackin' Solo's "How did you do?" table.

    "150-159 points: Feelin' fresh" / "Over 160 points: You've achieved
    MARKET MASTERY!": 160 itself, left out by the table, counts as mastery.
    """
    return next(name for low, name in SOLO_RATINGS if score >= low)
