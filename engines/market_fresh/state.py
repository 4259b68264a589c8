"""The whole Market Fresh table as one immutable value, and its wire encoding.

Every crate is always in exactly one place: the face-down supply (top last),
the crates removed at set-up, the face-up row, a seat's held crates, the
crate being placed (`chosen_crate`), a shopfront, or the crates removed by
a seat that could not place. Solo keeps only its 25 face-up crates; the other
41 stay in the box and play no part.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engines.core.wire import dumps, int_in, ints, load_list, rows
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


@dataclass(frozen=True, slots=True)
class State:
    """Immutable: rules build a new value with the changed parts only."""

    rules: Rules  # the rules version's flags and components (not encoded: the header names it)
    variant: int
    grid: int
    num_players: int
    phase: int
    current: int  # seat whose turn it is (NONE once over)
    turn: int  # turns completed so far
    supply: tuple[int, ...]  # face-down crates, top last (hidden order)
    set_aside: tuple[int, ...]  # removed face-down at set-up (never seen)
    face_up: tuple[int, ...]  # the face-up row, left to right
    hands: tuple[tuple[int, ...], ...]  # seat -> held crates, ascending
    known: tuple[tuple[int, ...], ...]  # seat -> held crates taken face-up (public)
    removed: tuple[int, ...]  # removed by seats that could not place (public)
    shopfronts: tuple[Shopfront, ...]
    board: tuple[tuple[int, ...], ...]  # produce column -> row 1..7 (index 0..6) -> seat
    scores: tuple[int, ...]  # the Score Cube on the number track (plus vouchers)
    height_used: tuple[int, ...]  # seat -> bit mask of produce already height scored
    chosen_crate: int  # the crate chosen this turn (public), NONE otherwise
    perfect_match: bool  # the crate just placed is a perfectly fresh match (both halves match)
    took_slot: int  # face-up slot taken this turn (refilled at its end), NONE otherwise

    @property
    def over(self) -> bool:
        return self.phase == OVER




def empty_board(num_produce: int) -> tuple[tuple[int, ...], ...]:
    """One column per produce type, rows 1..7 free."""
    return tuple((FREE,) * TOP_ROW for _ in range(num_produce))


def encode(state: State) -> bytes:
    head = (
        ENCODING,
        state.variant,
        state.grid,
        state.num_players,
        state.phase,
        state.current,
        state.turn,
        state.supply,
        state.set_aside,
        state.face_up,
        state.hands,
        state.known,
        state.removed,
        [[x for p in shop.placements for x in p] for shop in state.shopfronts],
    )
    tail = (
        state.scores,
        state.height_used,
        state.chosen_crate,
        int(state.perfect_match),
        state.took_slot,
    )
    # The board (field 14) is a third of the text and changes at most once a
    # turn, so its JSON is cached and spliced in between the other fields.
    return b"%s,%s,%s" % (dumps(head)[:-1], _board_json(state.board), dumps(tail)[1:])


@lru_cache(maxsize=256)
def _board_json(board: tuple[tuple[int, ...], ...]) -> bytes:
    return dumps(board)


def decode(data: bytes, rules: Rules) -> State:
    """Inverse of `encode` under `rules`; raises ValueError on anything malformed."""
    body = load_list(data, "market-fresh", 20)
    if body[0] != ENCODING:
        raise ValueError("market-fresh state has the wrong encoding version")
    last = NUM_CRATES - 1
    variant = int_in(body[1], "variant", STANDARD, SOLO)
    grid = int_in(body[2], "grid", min(GRID_SIZES), max(GRID_SIZES))
    n = int_in(body[3], "num_players", 1, 4)
    phase = int_in(body[4], "phase", TAKE, OVER)
    current = int_in(body[5], "current", NONE, n - 1)
    turn = int_in(body[6], "turn", 0, 10_000)
    supply = tuple(ints(body[7], "supply", 0, last))
    set_aside = tuple(ints(body[8], "set_aside", 0, last))
    face_up = tuple(ints(body[9], "face_up", 0, last))
    hands = tuple(tuple(h) for h in rows(body[10], "hands", n, 0, last))
    known = tuple(tuple(k) for k in rows(body[11], "known", n, 0, last))
    removed = tuple(ints(body[12], "removed", 0, last))
    squares = grid * grid - 1
    shopfronts = []
    for values in rows(body[13], "shopfronts", n, 0, max(last, squares)):
        if len(values) % 3:
            raise ValueError("state field shopfronts is malformed")
        placements = tuple(
            (values[i], values[i + 1], values[i + 2]) for i in range(0, len(values), 3)
        )
        if any(c > last or a > squares or b > squares for c, a, b in placements):
            raise ValueError("state field shopfronts is malformed")
        shopfronts.append(Shopfront.rebuild(rules.data, grid, placements))
    num_produce = rules.data.num_produce
    board = tuple(tuple(col) for col in rows(body[14], "board", num_produce, FREE, n - 1, TOP_ROW))
    scores = tuple(ints(body[15], "scores", 0, 1_000_000, n))
    height_used = tuple(ints(body[16], "height_used", 0, (1 << num_produce) - 1, n))
    chosen = int_in(body[17], "chosen_crate", NONE, last)
    perfect = int_in(body[18], "perfect_match", 0, 1)
    took_slot = int_in(body[19], "took_slot", NONE, 3)
    state = State(rules, variant, grid, n, phase, current, turn, supply, set_aside, face_up, hands,
                  known, removed, tuple(shopfronts), board, scores, height_used, chosen,
                  bool(perfect), took_slot)
    _check_crates(state)
    return state


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
