"""The whole Market Fresh table as one value of immutable parts, and its wire encoding.

Every crate is always in exactly one place: the face-down supply (top last),
the crates removed at set-up, the face-up row, a seat's held crates, the
crate being placed (`chosen_crate`), a shopfront, or the crates removed by
a seat that could not place. Solo keeps only its 25 face-up crates; the other
41 stay in the box and play no part.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core.schema import (
    Bit,
    Bound,
    Cached,
    Context,
    Custom,
    Int,
    Ints,
    Rows,
    Schema,
    last_seat,
    seats,
    wire,
)
from engines.core.wire import rows
from engines.market_fresh.data import GRID_SIZES, NUM_CRATES, TOP_ROW
from engines.market_fresh.shopfront import Shopfront
from engines.market_fresh.versions import Rules

#: Encoding version of the engine bytes (bump on any layout change).
ENCODING = 1

STANDARD = 0
CRATE_HEIGHTS = 1
SOLO = 2
VARIANT_NAMES = ("standard", "crate-heights", "solo")

# Steps of a turn (each is one decision; see rules.py).
TAKE = 0  # take a face-up or the top face-down crate
CHOOSE = 1  # choose the crate to add (or, if none fits, the crate to remove)
PLACE = 2  # choose where the chosen crate goes
SCORE = 3  # choose the produce (and basic or height scoring)
OVER = 4
PHASE_KINDS = ("take-crate", "choose-crate", "place-crate", "score", "")

BASIC = 0
HEIGHT = 1

NONE = -1
#: A free space on the Market Board.
FREE = -1


_CRATE = NUM_CRATES - 1


def _crates(length: Bound | None = None) -> Ints:
    return Ints(0, _CRATE, length, frozen=True)


def _flat_shopfront(shopfronts: tuple[Shopfront, ...]) -> list[list[int]]:
    """Each seat's placements as one flat list: crate, square, square, ..."""
    return [[x for p in shop.placements for x in p] for shop in shopfronts]


def _shopfronts(value: Any, what: str, ctx: Context) -> tuple[Shopfront, ...]:
    """The placements read back, each shopfront rebuilt from them."""
    grid = ctx["grid"]
    squares = grid * grid - 1
    shopfronts = []
    for values in rows(value, what, ctx.num_players, 0, max(_CRATE, squares)):
        if len(values) % 3:
            raise ValueError(f"state field {what} is malformed")
        placements = tuple(
            (values[i], values[i + 1], values[i + 2]) for i in range(0, len(values), 3)
        )
        if any(c > _CRATE or a > squares or b > squares for c, a, b in placements):
            raise ValueError(f"state field {what} is malformed")
        shopfronts.append(Shopfront.rebuild(ctx.rules.data, grid, placements))
    return tuple(shopfronts)


def _trusted_shopfronts(value: list[list[int]], ctx: Context) -> tuple[Shopfront, ...]:
    """Authenticated placements, each shopfront laid out from them."""
    data, grid = ctx.rules.data, ctx["grid"]
    return tuple([Shopfront.laid_out(data, grid, flat) for flat in value])


def _produce(ctx: Context) -> int:
    return int(ctx.rules.data.num_produce)


def _produce_mask(ctx: Context) -> int:
    return (1 << _produce(ctx)) - 1


_HELD = Rows(seats, 0, _CRATE, frozen=True)


@dataclass(slots=True)
class State:
    """Mutable only inside `apply`, which works on a `clone()`; every field
    holds an immutable value (tuples, shopfronts), which view caches key on,
    so a clone shares them all. Each field declares its wire encoder, in the
    order of the encoding (engines/core/schema.py)."""

    rules: Rules  # the rules version's flags and components (not encoded: the header names it)
    variant: int = wire(Int(STANDARD, SOLO))
    grid: int = wire(Int(min(GRID_SIZES), max(GRID_SIZES)))
    num_players: int = wire(Int(1, 4))
    phase: int = wire(Int(TAKE, OVER))
    current: int = wire(Int(NONE, last_seat))  # seat whose turn it is (NONE once over)
    turn: int = wire(Int(0, 10_000))  # turns completed so far
    supply: tuple[int, ...] = wire(_crates())  # face-down crates, top last (hidden order)
    set_aside: tuple[int, ...] = wire(_crates())  # removed face-down at set-up (never seen)
    face_up: tuple[int, ...] = wire(_crates())  # the face-up row, left to right
    hands: tuple[tuple[int, ...], ...] = wire(_HELD)  # seat -> held crates, ascending
    known: tuple[tuple[int, ...], ...] = wire(_HELD)  # seat -> held crates taken face-up (public)
    removed: tuple[int, ...] = wire(_crates())  # removed by seats that could not place (public)
    shopfronts: tuple[Shopfront, ...] = wire(Custom(_shopfronts, _flat_shopfront,
                                                    trusted=_trusted_shopfronts))
    #: produce column -> row 1..7 (index 0..6) -> seat. A third of the text,
    #: changed at most once a turn: its JSON is cached and spliced in.
    board: tuple[tuple[int, ...], ...] = wire(
        Cached(Rows(_produce, FREE, last_seat, TOP_ROW, frozen=True)))
    #: the Score Cube on the number track (plus vouchers)
    scores: tuple[int, ...] = wire(Ints(0, 1_000_000, seats, frozen=True))
    #: seat -> bit mask of produce already height scored
    height_used: tuple[int, ...] = wire(Ints(0, _produce_mask, seats, frozen=True))
    chosen_crate: int = wire(Int(NONE, _CRATE))  # the crate chosen this turn (public), else NONE
    #: the crate just placed is a perfectly fresh match (both halves match)
    perfect_match: bool = wire(Bit())
    #: face-up slot taken this turn (refilled at its end), NONE otherwise
    took_slot: int = wire(Int(NONE, 3))

    @property
    def over(self) -> bool:
        return self.phase == OVER

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        rules: Rules,
        variant: int,
        grid: int,
        num_players: int,
        phase: int,
        current: int,
        turn: int,
        supply: tuple[int, ...],
        set_aside: tuple[int, ...],
        face_up: tuple[int, ...],
        hands: tuple[tuple[int, ...], ...],
        known: tuple[tuple[int, ...], ...],
        removed: tuple[int, ...],
        shopfronts: tuple[Shopfront, ...],
        board: tuple[tuple[int, ...], ...],
        scores: tuple[int, ...],
        height_used: tuple[int, ...],
        chosen_crate: int,
        perfect_match: bool,
        took_slot: int,
    ) -> None:
        self.rules = rules
        self.variant = variant
        self.grid = grid
        self.num_players = num_players
        self.phase = phase
        self.current = current
        self.turn = turn
        self.supply = supply
        self.set_aside = set_aside
        self.face_up = face_up
        self.hands = hands
        self.known = known
        self.removed = removed
        self.shopfronts = shopfronts
        self.board = board
        self.scores = scores
        self.height_used = height_used
        self.chosen_crate = chosen_crate
        self.perfect_match = perfect_match
        self.took_slot = took_slot

    def clone(self) -> State:
        """A copy whose lists can be changed without touching `self`."""
        return State(
            self.rules,
            self.variant,
            self.grid,
            self.num_players,
            self.phase,
            self.current,
            self.turn,
            self.supply,
            self.set_aside,
            self.face_up,
            self.hands,
            self.known,
            self.removed,
            self.shopfronts,
            self.board,
            self.scores,
            self.height_used,
            self.chosen_crate,
            self.perfect_match,
            self.took_slot,
        )
    # (end of the generated methods)


def empty_board(num_produce: int) -> tuple[tuple[int, ...], ...]:
    """One column per produce type, rows 1..7 free."""
    return tuple((FREE,) * TOP_ROW for _ in range(num_produce))


SCHEMA: Schema[State]  # set below _check_crates, which it calls


def encode(state: State) -> bytes:
    """Compact JSON of the encoding version and the fields, in order."""
    return SCHEMA.encode(state)


def decode(data: bytes, rules: Rules) -> State:
    """Inverse of `encode` under `rules`; raises ValueError on anything malformed."""
    return SCHEMA.decode(data, rules)


def read(data: bytes, rules: Rules) -> State:
    """Inverse of `encode` for authenticated bytes: the layout checked, not each value."""
    return SCHEMA.read(data, rules)


def _check_crates(state: State) -> None:
    """Each crate in exactly one place, and all 66 present outside solo."""
    places: list[int] = [*state.supply, *state.set_aside, *state.face_up, *state.removed]
    for seat in range(state.num_players):
        if not set(state.known[seat]) <= set(state.hands[seat]):
            raise ValueError("state lists a known crate that is not held")
        if list(state.hands[seat]) != sorted(state.hands[seat]):
            raise ValueError("state hands are not in ascending order")
        places.extend(state.hands[seat])
        places.extend(c for c, _, _ in state.shopfronts[seat].placements)
    if (state.phase == OVER) != (state.current == NONE):
        raise ValueError("state has no seat to act before the game is over")
    if (state.chosen_crate != NONE) != (state.phase in (PLACE, SCORE)):
        raise ValueError("state has a chosen crate outside the place and score steps")
    if state.phase == SCORE:
        placed = state.shopfronts[state.current].placements
        if not placed or placed[-1][0] != state.chosen_crate:
            raise ValueError("state scores a crate that was not the last one placed")
    if state.took_slot > len(state.face_up):
        raise ValueError("state refills a face-up slot that does not exist")
    if state.chosen_crate != NONE and state.phase == PLACE:
        places.append(state.chosen_crate)
    if len(places) != len(set(places)):
        raise ValueError("state holds a crate twice")
    if state.variant != SOLO and len(places) != NUM_CRATES:
        raise ValueError("state does not account for every crate")


SCHEMA = Schema(State, "market-fresh", prefix=(ENCODING,), check=_check_crates)
