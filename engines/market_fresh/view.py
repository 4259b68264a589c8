"""Protobuf messages: views (redacted per seat), events, actions, outcome.

Hidden information: the face-down supply and the crates removed at set-up
(counts only), and each seat's held crates (others see the count plus the
crates they saw it take face-up; docs/rules/market-fresh.md, "Held crates").
Everything on shopfronts, the Market Board, scores and the face-up row is
public.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from engines.market_fresh.data import CRATES, PICTURES, PRODUCE, PRODUCE_INDEX, TOP_ROW
from engines.market_fresh.moves import (
    CHOOSE_CRATE,
    PLACE_CRATE,
    REMOVE_CRATE,
    SCORE_CRATE,
    TAKE_FACE_DOWN,
    TAKE_FACE_UP,
    Move,
)
from engines.market_fresh.scoring import (
    FinalScore,
    ScoreOption,
    final_scores,
    rank,
    solo_rating,
)
from engines.market_fresh.shopfront import Shopfront
from engines.market_fresh.state import (
    BASIC,
    FREE,
    HEIGHT,
    NONE,
    OVER,
    PHASE_KINDS,
    SCORE,
    SOLO,
    State,
)
from marketplay.v1 import market_fresh_pb2 as pb

_VARIANTS = (
    pb.MARKET_FRESH_VARIANT_STANDARD,
    pb.MARKET_FRESH_VARIANT_CRATE_HEIGHTS,
    pb.MARKET_FRESH_VARIANT_SOLO,
)
_SCORING = {BASIC: pb.MARKET_FRESH_SCORING_BASIC, HEIGHT: pb.MARKET_FRESH_SCORING_HEIGHT}
_SCORING_BACK = {v: k for k, v in _SCORING.items()}


def crate(crate_id: int) -> pb.MarketFreshCrate:
    a, b = CRATES[crate_id]
    return pb.MarketFreshCrate(id=crate_id, first=PRODUCE[a].id, second=PRODUCE[b].id)


def square(grid: int, index: int) -> pb.MarketFreshSquareRef:
    return pb.MarketFreshSquareRef(row=index // grid, col=index % grid)


# ------------------------------------------------------------------ actions



#: (move, grid) -> the action's bytes: parsing them is ~8x faster than
#: building the message field by field (see docs/benchmarks.md).
_ACTION_BYTES: dict[tuple[Move, int], bytes] = {}


def action(move: Move, grid: int) -> pb.MarketFreshAction:
    """The protobuf action for a move (a fresh message the caller may keep)."""
    key = (move, grid)
    data = _ACTION_BYTES.get(key)
    if data is None:
        data = _ACTION_BYTES[key] = build_action(move, grid).SerializeToString(deterministic=True)
    return pb.MarketFreshAction.FromString(data)


def build_action(move: Move, grid: int) -> pb.MarketFreshAction:
    kind, a, b = move
    if kind == TAKE_FACE_UP:
        return pb.MarketFreshAction(take_face_up=pb.MarketFreshTakeFaceUp(crate=crate(a)))
    if kind == TAKE_FACE_DOWN:
        return pb.MarketFreshAction(take_face_down=pb.MarketFreshTakeFaceDown())
    if kind == CHOOSE_CRATE:
        return pb.MarketFreshAction(choose_crate=pb.MarketFreshChooseCrate(crate=crate(a)))
    if kind == REMOVE_CRATE:
        return pb.MarketFreshAction(remove_crate=pb.MarketFreshRemoveCrate(crate=crate(a)))
    if kind == PLACE_CRATE:
        return pb.MarketFreshAction(
            place=pb.MarketFreshPlace(first=square(grid, a), second=square(grid, b))
        )
    return pb.MarketFreshAction(
        score=pb.MarketFreshScore(produce=PRODUCE[a].id, scoring=_SCORING[b])
    )


def move_of(message: pb.MarketFreshAction, grid: int) -> Move | None:
    """The move an action names, or None if it is malformed.

    Only a message that re-encodes to exactly the canonical action counts,
    so stray fields never slip through.
    """
    which = message.WhichOneof("kind")
    move: Move
    if which == "take_face_up":
        move = (TAKE_FACE_UP, message.take_face_up.crate.id, 0)
    elif which == "take_face_down":
        move = (TAKE_FACE_DOWN, 0, 0)
    elif which == "choose_crate":
        move = (CHOOSE_CRATE, message.choose_crate.crate.id, 0)
    elif which == "remove_crate":
        move = (REMOVE_CRATE, message.remove_crate.crate.id, 0)
    elif which == "place":
        f, s = message.place.first, message.place.second
        if not all(0 <= v < grid for v in (f.row, f.col, s.row, s.col)):
            return None
        move = (PLACE_CRATE, f.row * grid + f.col, s.row * grid + s.col)
    elif which == "score":
        produce = PRODUCE_INDEX.get(message.score.produce)
        if produce is None or message.score.scoring not in _SCORING_BACK:
            return None
        move = (SCORE_CRATE, produce, _SCORING_BACK[message.score.scoring])
    else:
        return None
    if move[0] in (TAKE_FACE_UP, CHOOSE_CRATE, REMOVE_CRATE) and not 0 <= move[1] < len(CRATES):
        return None
    key = (move, grid)
    if key not in _ACTION_BYTES:
        action(move, grid)
    if message.SerializeToString(deterministic=True) != _ACTION_BYTES[key]:
        return None
    return move


# ------------------------------------------------------------------ events


def crate_taken(seat: int, face_down: bool, crate_id: int) -> pb.MarketFreshEvent:
    taken = pb.MarketFreshCrateTaken(seat=seat, face_down=face_down)
    if crate_id != NONE:
        taken.crate.CopyFrom(crate(crate_id))
    return pb.MarketFreshEvent(crate_taken=taken)


def face_up_refilled(crate_id: int, left: int) -> pb.MarketFreshEvent:
    return pb.MarketFreshEvent(
        face_up_refilled=pb.MarketFreshFaceUpRefilled(crate=crate(crate_id), face_down_left=left)
    )


def crate_chosen(seat: int, crate_id: int) -> pb.MarketFreshEvent:
    return pb.MarketFreshEvent(
        crate_chosen=pb.MarketFreshCrateChosen(seat=seat, crate=crate(crate_id))
    )


def crate_placed(
    seat: int, crate_id: int, grid: int, first: int, second: int, height: int, matches: int
) -> pb.MarketFreshEvent:
    return pb.MarketFreshEvent(
        crate_placed=pb.MarketFreshCratePlaced(
            seat=seat,
            crate=crate(crate_id),
            first=square(grid, first),
            second=square(grid, second),
            height=height,
            matching_halves=matches,
            perfect_match=matches == 2,
        )
    )


def score_option(option: ScoreOption) -> pb.MarketFreshScoreOption:
    return pb.MarketFreshScoreOption(
        produce=PRODUCE[option.produce].id,
        scoring=_SCORING[option.method],
        visible=option.visible,
        height=option.height,
        row=option.row,
        points=option.points,
        perfect_match=option.perfect,
    )


def scored(seat: int, option: ScoreOption, total: int) -> pb.MarketFreshEvent:
    return pb.MarketFreshEvent(
        scored=pb.MarketFreshScored(seat=seat, option=score_option(option), score=total)
    )


def farmer_tile(seat: int, produce: int, from_row: int, to_row: int) -> pb.MarketFreshEvent:
    return pb.MarketFreshEvent(
        farmer_tile=pb.MarketFreshFarmerTilePlaced(
            seat=seat, produce=PRODUCE[produce].id, from_row=from_row, to_row=to_row
        )
    )


def crate_removed(seat: int, crate_id: int, lost: int, total: int) -> pb.MarketFreshEvent:
    return pb.MarketFreshEvent(
        crate_removed=pb.MarketFreshCrateRemoved(
            seat=seat, crate=crate(crate_id), points_lost=lost, score=total
        )
    )


def game_ended(state: State) -> pb.MarketFreshEvent:
    return pb.MarketFreshEvent(game_ended=pb.MarketFreshGameEnded(outcome=outcome(state)))


# ------------------------------------------------------------------ outcome


def finals(state: State) -> list[FinalScore]:
    unused = len(state.face_up) if state.variant == SOLO else 0
    return final_scores(state.variant, state.board, state.scores, unused)


def outcome(state: State, scores: list[FinalScore] | None = None) -> pb.MarketFreshOutcome:
    scores = finals(state) if scores is None else scores
    message = pb.MarketFreshOutcome(variant=_VARIANTS[state.variant])
    for f in scores:
        message.seats.append(
            pb.MarketFreshFinalScore(
                seat=f.seat,
                crate_points=f.crate_points,
                column_awards=[
                    pb.MarketFreshColumnAward(produce=PRODUCE[p].id, row=r, points=pts)
                    for p, r, pts in f.column_awards
                ],
                column_points=f.column_points,
                farmer_tiles=f.farmer_tiles,
                farmer_tile_points=f.farmer_tile_points,
                unused_crates=f.unused_crates,
                unused_crate_penalty=f.unused_penalty,
                total=f.total,
            )
        )
    if state.variant == SOLO:
        message.solo_rating = solo_rating(scores[0].total)
    return message


def ranks(scores: list[FinalScore]) -> list[int]:
    return rank([f.total for f in scores])


# ------------------------------------------------------------------ view


@lru_cache(maxsize=4096)
def shopfront_bytes(shop: Shopfront) -> bytes:
    """A shopfront's message, cached: it changes once per turn but is rendered
    in every seat's view on every call."""
    grid = shop.size
    front = pb.MarketFreshShopfront()
    for i in range(grid * grid):
        top = shop.tops[i]
        front.squares.add(
            row=i // grid,
            col=i % grid,
            height=shop.heights[i],
            top=PRODUCE[top].id if top != FREE else "",
            top_crate_id=shop.top_crates[i],
        )
    heights = [0] * (grid * grid)
    for c, a, b in shop.placements:
        heights[a] = heights[b] = heights[a] + 1
        placed = front.crates.add(height=heights[a])
        placed.crate.MergeFromString(_crate_bytes(c))
        placed.first.row, placed.first.col = divmod(a, grid)
        placed.second.row, placed.second.col = divmod(b, grid)
    return front.SerializeToString(deterministic=True)


@lru_cache(maxsize=8)
def _static_bytes(variant: int, grid: int) -> bytes:
    """The parts of a view that never change during a game."""
    return pb.MarketFreshView(
        variant=_VARIANTS[variant],
        grid_size=grid,
        produce=[p.id for p in PRODUCE],
        pictures=[
            pb.MarketFreshPictureSquare(row=i // grid, col=i % grid, produce=PRODUCE[p].id)
            for i, p in enumerate(PICTURES[grid])
            if p != FREE
        ],
    ).SerializeToString(deterministic=True)


@cache
def _crate_bytes(crate_id: int) -> bytes:
    return crate(crate_id).SerializeToString(deterministic=True)


def _crates(container: Any, crate_ids: tuple[int, ...]) -> None:
    for c in crate_ids:
        container.add().MergeFromString(_crate_bytes(c))


def render(state: State, viewer: int | None, options: list[ScoreOption]) -> pb.MarketFreshView:
    """Everything `viewer` may know (None: a spectator)."""
    grid = state.grid
    over = state.phase == OVER
    totals = [f.total for f in finals(state)] if over else list(state.scores)
    v = pb.MarketFreshView.FromString(_static_bytes(state.variant, grid))
    v.turn = state.turn
    v.current_seat = state.current
    v.step = PHASE_KINDS[state.phase]
    _crates(v.face_up, state.face_up)
    v.face_down_count = len(state.supply)
    v.set_aside_count = len(state.set_aside)
    _crates(v.removed, state.removed)
    v.game_over = over
    tiles = [0] * state.num_players
    for column in state.board:
        for s in column:
            if s != FREE:
                tiles[s] += 1
    for seat in range(state.num_players):
        used = state.height_used[seat]
        seat_view = v.seats.add(
            seat=seat,
            score=totals[seat],
            held_count=len(state.hands[seat]),
            height_scored=[p.id for i, p in enumerate(PRODUCE) if used >> i & 1],
            farmer_tiles_on_board=tiles[seat],
        )
        _crates(seat_view.held, state.hands[seat] if seat == viewer else state.known[seat])
        seat_view.shopfront.MergeFromString(shopfront_bytes(state.shopfronts[seat]))
    for p, column in enumerate(state.board):
        col = v.market_board.add(produce=PRODUCE[p].id)
        for row in range(TOP_ROW, 0, -1):
            if column[row - 1] != FREE:
                col.tiles.add(seat=column[row - 1], row=row)
    if state.pending_crate != NONE:
        v.pending_crate.MergeFromString(_crate_bytes(state.pending_crate))
    if state.phase == SCORE:
        v.score_options.extend(score_option(o) for o in options)
    if over:
        v.outcome.CopyFrom(outcome(state))
    return v
