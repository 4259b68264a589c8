"""What a seat (or a spectator) may see of a Market Fresh table.

Hidden information: the face-down supply and the crates removed at set-up
(counts only), and each seat's held crates (others see the count plus the
crates they saw it take face-up; docs/rules/market-fresh.md, "Held crates").
Everything on shopfronts, the Market Board, scores and the face-up row is
public.

A view is assembled from cached serialised pieces (engines/core/pieces.py
says why that gives the same message); the public part is cached per table,
so every seat's view and the spectator's share it.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import chain
from typing import Any, NamedTuple

from engines.core.pieces import assemble, embedded, serialize
from engines.market_fresh.data import TOP_ROW, MarketFreshData
from engines.market_fresh.events import score_option
from engines.market_fresh.messages import VARIANTS, crate, crate_bytes
from engines.market_fresh.outcome import finals, outcome
from engines.market_fresh.scoring import score_options
from engines.market_fresh.shopfront import Shopfront
from engines.market_fresh.state import FREE, NONE, OVER, PHASE_KINDS, SCORE, State
from engines.market_fresh.versions import Rules
from marketplay.v1 import market_fresh_pb2 as pb


@lru_cache(maxsize=4096)
def shopfront_bytes(shop: Shopfront) -> bytes:
    """A shopfront's message, cached: it changes once per turn but is rendered
    in every seat's view on every call."""
    grid, data = shop.size, shop.data
    front = pb.MarketFreshShopfront()
    for i in range(grid * grid):
        top = shop.tops[i]
        front.squares.add(
            row=i // grid,
            col=i % grid,
            height=shop.heights[i],
            top=data.produce[top].id if top != FREE else "",
            top_crate_id=shop.top_crates[i],
        )
    heights = [0] * (grid * grid)
    for c, a, b in shop.placements:
        heights[a] = heights[b] = heights[a] + 1
        placed = front.crates.add(height=heights[a])
        placed.crate.MergeFromString(crate_bytes(data, c))
        placed.first.row, placed.first.col = divmod(a, grid)
        placed.second.row, placed.second.col = divmod(b, grid)
    return serialize(front)


@lru_cache(maxsize=32)
def _static_bytes(data: MarketFreshData, variant: int, grid: int) -> bytes:
    """The parts of a view that never change during a game."""
    return serialize(pb.MarketFreshView(
        variant=VARIANTS[variant],
        grid_size=grid,
        produce=[p.id for p in data.produce],
        pictures=[
            pb.MarketFreshPictureSquare(row=i // grid, col=i % grid, produce=data.produce[p].id)
            for i, p in enumerate(data.pictures[grid])
            if p != FREE
        ],
    ))


def _crates(data: MarketFreshData, container: Any, crate_ids: tuple[int, ...]) -> None:
    for c in crate_ids:
        container.add().MergeFromString(crate_bytes(data, c))


class Public(NamedTuple):
    """Everything on the table that every seat and spectators may see.

    The key of the cached public view: it holds no hidden field (no supply
    order, no held crate that nobody saw taken), so the cached view cannot
    leak one, and states that differ only in hidden parts share it.
    """

    rules: Rules
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
    chosen_crate: int
    perfect_match: bool
    shopfronts: tuple[Shopfront, ...]  # last: left out of the hash

    def __hash__(self) -> int:
        # Hashing four grids of 25 squares each would cost more than the rest
        # together. Equal tables still hash equal, and == compares every field.
        return hash(self[:-1])

    @classmethod
    def of(cls, state: State) -> Public:
        return cls(state.rules, state.variant, state.grid, state.phase, state.current, state.turn,
                   state.face_up, len(state.supply), len(state.set_aside), state.removed,
                   tuple(map(len, state.hands)), state.known, state.board, state.scores,
                   state.height_used, state.chosen_crate, state.perfect_match,
                   state.shopfronts)


def render(state: State, viewer: int | None) -> pb.MarketFreshView:
    """Everything `viewer` may know (None: a spectator).

    The public view is built once per table (every seat's view and the
    spectator's share it); the viewer's own held crates are then filled in.
    """
    view = assemble(pb.MarketFreshView, [public_view_bytes(Public.of(state))])
    if viewer is None or not 0 <= viewer < state.num_players:
        return view
    if state.hands[viewer] != state.known[viewer]:
        held = view.seats[viewer].held
        del held[:]
        _crates(state.rules.data, held, state.hands[viewer])
    return view


@lru_cache(maxsize=256)
def public_view_bytes(table: Public) -> bytes:
    """The spectator's view: each seat shows only the held crates seen taken.

    Built as the concatenation of its parts' bytes (parsing concatenated
    messages merges them, and repeated fields keep their order), so that the
    parts which change less often than the table (a seat, the Market Board,
    a crate) are cached on their own.
    """
    over = table.phase == OVER
    data = table.rules.data
    totals = tuple(f.total for f in finals(table)) if over else table.scores
    parts = [
        _static_bytes(data, table.variant, table.grid),
        serialize(pb.MarketFreshView(
            turn=table.turn,
            current_seat=table.current,
            step=PHASE_KINDS[table.phase],
            face_down_count=table.face_down_count,
            set_aside_count=table.set_aside_count,
            game_over=over,
        )),
    ]
    parts += [_face_up_bytes(data, c) for c in table.face_up]
    parts += [_removed_bytes(data, c) for c in table.removed]
    squares = tuple(chain.from_iterable(table.board))
    parts += [
        _seat_bytes(data, seat, total, table.held_counts[seat], table.height_used[seat],
                    squares.count(seat), table.known[seat], table.shopfronts[seat])
        for seat, total in enumerate(totals)
    ]
    parts.append(_board_bytes(data, table.board))
    extra = pb.MarketFreshView()
    if table.chosen_crate != NONE:
        extra.pending_crate.MergeFromString(crate_bytes(data, table.chosen_crate))
    if table.phase == SCORE:
        seat = table.current
        options = score_options(table.variant, table.shopfronts[seat], table.board,
                                data.crates[table.chosen_crate], table.perfect_match,
                                table.height_used[seat], seat)
        extra.score_options.extend(score_option(data, o) for o in options)
    if over:
        extra.outcome.CopyFrom(outcome(table))
    parts.append(serialize(extra))
    return b"".join(parts)


@cache
def _face_up_bytes(data: MarketFreshData, crate_id: int) -> bytes:
    """A view holding just this crate in the face-up row (a part to concatenate)."""
    return serialize(pb.MarketFreshView(face_up=[crate(data, crate_id)]))


@cache
def _removed_bytes(data: MarketFreshData, crate_id: int) -> bytes:
    """A view holding just this removed crate (a part to concatenate)."""
    return serialize(pb.MarketFreshView(removed=[crate(data, crate_id)]))


@lru_cache(maxsize=1024)
def _seat_bytes(data: MarketFreshData, seat: int, score: int, held_count: int, height_used: int,
                tiles: int, held: tuple[int, ...], shop: Shopfront) -> bytes:
    """A view holding just this seat (a part to concatenate).

    The shopfront, the bulk of it, is appended as bytes rather than parsed
    into the message and serialized again.
    """
    message = pb.MarketFreshSeat(
        seat=seat,
        score=score,
        held_count=held_count,
        height_scored=[p.id for i, p in enumerate(data.produce) if height_used >> i & 1],
        farmer_tiles_on_board=tiles,
    )
    _crates(data, message.held, held)
    fields = serialize(message)
    return embedded(_SEATS, fields + embedded(_SHOPFRONT, shopfront_bytes(shop)))


_SEATS = pb.MarketFreshView.SEATS_FIELD_NUMBER
_SHOPFRONT = pb.MarketFreshSeat.SHOPFRONT_FIELD_NUMBER


@lru_cache(maxsize=256)
def _board_bytes(data: MarketFreshData, board: tuple[tuple[int, ...], ...]) -> bytes:
    """A view holding just the Market Board (a part to concatenate)."""
    v = pb.MarketFreshView()
    for p, column in enumerate(board):
        col = v.market_board.add(produce=data.produce[p].id)
        for row in range(TOP_ROW, 0, -1):
            if column[row - 1] != FREE:
                col.tiles.add(seat=column[row - 1], row=row)
    return serialize(v)


def clear_caches() -> None:
    """Forget every cached view part (benchmarks of the cold path)."""
    for cached in (public_view_bytes, _seat_bytes, _board_bytes, shopfront_bytes):
        cached.cache_clear()
