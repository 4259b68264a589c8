"""Protobuf messages: views (redacted per seat), events, actions, outcome.

Hidden information: the face-down supply and the crates removed at set-up
(counts only), and each seat's held crates (others see the count plus the
crates they saw it take face-up; docs/rules/market-fresh.md, "Held crates").
Everything on shopfronts, the Market Board, scores and the face-up row is
public.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import chain
from typing import Any, NamedTuple

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
    score_options,
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
#: The reverse, (action's bytes, grid) -> move, so that `move_of` knows an
#: action it has seen before from its bytes alone.
_MOVES: dict[tuple[bytes, int], Move] = {}


def action(move: Move, grid: int) -> pb.MarketFreshAction:
    """The protobuf action for a move (a fresh message the caller may keep)."""
    key = (move, grid)
    data = _ACTION_BYTES.get(key)
    if data is None:
        data = _ACTION_BYTES[key] = build_action(move, grid).SerializeToString(deterministic=True)
        _MOVES[(data, grid)] = move
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
    data = message.SerializeToString(deterministic=True)
    known = _MOVES.get((data, grid))
    if known is not None:
        return known
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
    if data != _ACTION_BYTES[key]:
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


def finals(state: State | Public) -> list[FinalScore]:
    unused = len(state.face_up) if state.variant == SOLO else 0
    return final_scores(state.variant, state.board, state.scores, unused)


def outcome(state: State | Public, scores: list[FinalScore] | None = None) -> pb.MarketFreshOutcome:
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


class Public(NamedTuple):
    """Everything on the table that every seat and spectators may see.

    The key of the cached public view: it holds no hidden field (no supply
    order, no held crate that nobody saw taken), so the cached view cannot
    leak one, and states that differ only in hidden parts share it.
    """

    variant: int
    grid: int
    phase: int
    current: int
    turn: int
    face_up: tuple[int, ...]
    face_down_count: int
    set_aside_count: int
    removed: tuple[int, ...]
    held_counts: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    board: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    height_used: tuple[int, ...]
    pending_crate: int
    pending_perfect: bool
    shopfronts: tuple[Shopfront, ...]  # last: left out of the hash

    def __hash__(self) -> int:
        # Hashing four grids of 25 squares each would cost more than the rest
        # together. Equal tables still hash equal, and == compares every field.
        return hash(self[:-1])

    @classmethod
    def of(cls, state: State) -> Public:
        return cls(state.variant, state.grid, state.phase, state.current, state.turn,
                   state.face_up, len(state.supply), len(state.set_aside), state.removed,
                   tuple(map(len, state.hands)), state.known, state.board, state.scores,
                   state.height_used, state.pending_crate, state.pending_perfect,
                   state.shopfronts)


def render(state: State, viewer: int | None) -> pb.MarketFreshView:
    """Everything `viewer` may know (None: a spectator).

    The public view is built once per table (every seat's view and the
    spectator's share it); the viewer's own held crates are then filled in.
    """
    v = pb.MarketFreshView.FromString(public_view_bytes(Public.of(state)))
    if viewer is None or not 0 <= viewer < state.num_players:
        return v
    if state.hands[viewer] != state.known[viewer]:
        held = v.seats[viewer].held
        del held[:]
        _crates(held, state.hands[viewer])
    return v


@lru_cache(maxsize=256)
def public_view_bytes(table: Public) -> bytes:
    """The spectator's view: each seat shows only the held crates seen taken.

    Built as the concatenation of its parts' bytes (parsing concatenated
    messages merges them, and repeated fields keep their order), so that the
    parts which change less often than the table (a seat, the Market Board,
    a crate) are cached on their own.
    """
    over = table.phase == OVER
    totals = tuple(f.total for f in finals(table)) if over else table.scores
    parts = [
        _static_bytes(table.variant, table.grid),
        pb.MarketFreshView(
            turn=table.turn,
            current_seat=table.current,
            step=PHASE_KINDS[table.phase],
            face_down_count=table.face_down_count,
            set_aside_count=table.set_aside_count,
            game_over=over,
        ).SerializeToString(deterministic=True),
    ]
    parts += [_face_up_bytes(c) for c in table.face_up]
    parts += [_removed_bytes(c) for c in table.removed]
    squares = tuple(chain.from_iterable(table.board))
    parts += [
        _seat_bytes(seat, total, table.held_counts[seat], table.height_used[seat],
                    squares.count(seat), table.known[seat], table.shopfronts[seat])
        for seat, total in enumerate(totals)
    ]
    parts.append(_board_bytes(table.board))
    extra = pb.MarketFreshView()
    if table.pending_crate != NONE:
        extra.pending_crate.MergeFromString(_crate_bytes(table.pending_crate))
    if table.phase == SCORE:
        seat = table.current
        options = score_options(table.variant, table.shopfronts[seat], table.board,
                                CRATES[table.pending_crate], table.pending_perfect,
                                table.height_used[seat], seat)
        extra.score_options.extend(score_option(o) for o in options)
    if over:
        extra.outcome.CopyFrom(outcome(table))
    parts.append(extra.SerializeToString(deterministic=True))
    return b"".join(parts)


@cache
def _face_up_bytes(crate_id: int) -> bytes:
    """A view holding just this crate in the face-up row (a part to concatenate)."""
    return pb.MarketFreshView(face_up=[crate(crate_id)]).SerializeToString(deterministic=True)


@cache
def _removed_bytes(crate_id: int) -> bytes:
    """A view holding just this removed crate (a part to concatenate)."""
    return pb.MarketFreshView(removed=[crate(crate_id)]).SerializeToString(deterministic=True)


@lru_cache(maxsize=1024)
def _seat_bytes(seat: int, score: int, held_count: int, height_used: int, tiles: int,
                held: tuple[int, ...], shop: Shopfront) -> bytes:
    """A view holding just this seat (a part to concatenate).

    The shopfront, the bulk of it, is appended as bytes rather than parsed
    into the message and serialized again.
    """
    message = pb.MarketFreshSeat(
        seat=seat,
        score=score,
        held_count=held_count,
        height_scored=[p.id for i, p in enumerate(PRODUCE) if height_used >> i & 1],
        farmer_tiles_on_board=tiles,
    )
    _crates(message.held, held)
    fields = message.SerializeToString(deterministic=True)
    return _message_field(_SEATS, fields + _message_field(_SHOPFRONT, shopfront_bytes(shop)))


_SEATS = pb.MarketFreshView.SEATS_FIELD_NUMBER
_SHOPFRONT = pb.MarketFreshSeat.SHOPFRONT_FIELD_NUMBER


def _message_field(number: int, message: bytes) -> bytes:
    """An embedded message field in protobuf wire format: the field's key
    (number, wire type 2), the message's length as a varint, the message."""
    return _varint(number << 3 | 2) + _varint(len(message)) + message


def _varint(value: int) -> bytes:
    """Protobuf's base-128 varint of a non-negative int, low 7 bits first."""
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


@lru_cache(maxsize=256)
def _board_bytes(board: tuple[tuple[int, ...], ...]) -> bytes:
    """A view holding just the Market Board (a part to concatenate)."""
    v = pb.MarketFreshView()
    for p, column in enumerate(board):
        col = v.market_board.add(produce=PRODUCE[p].id)
        for row in range(TOP_ROW, 0, -1):
            if column[row - 1] != FREE:
                col.tiles.add(seat=column[row - 1], row=row)
    return v.SerializeToString(deterministic=True)


def clear_caches() -> None:
    """Forget every cached view part (benchmarks of the cold path)."""
    for cached in (public_view_bytes, _seat_bytes, _board_bytes, shopfront_bytes):
        cached.cache_clear()
