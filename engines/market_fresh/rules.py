"""Set-up, the steps of a turn, legal moves and how a move changes the table.

A turn ("On Your Turn", steps 1-5) is split into decisions so that each one
lists few complete actions and a frontend can highlight squares:

    take-crate   -> step 1 (skipped once the supply and face-up row are empty)
    choose-crate -> step 2, which crate (or, if none fits, which to remove)
    place-crate  -> step 2, which two squares
    score        -> step 3, which produce (and basic or height scoring)

Steps 4 (Farmer Tile) and 5 (refill the face-up row) have no choice left and
happen when the score is chosen. Moves are small int tuples; view.py turns
them into protobuf actions.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from engines.core.engine import Event
from engines.core.rng import Rng
from engines.market_fresh import view
from engines.market_fresh.data import (
    CANNOT_PLACE_PENALTY,
    CRATES,
    CRATES_REMOVED,
    FACE_UP_CRATES,
    HELD_CRATES,
    NUM_CRATES,
    SOLO_FACE_UP_CRATES,
)
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
    ScoreOption,
    floor_score,
    score_options,
    standard_tile_move,
)
from engines.market_fresh.shopfront import Shopfront
from engines.market_fresh.state import (
    CHOOSE,
    FREE,
    HEIGHT,
    NONE,
    OVER,
    PLACE,
    SCORE,
    SOLO,
    STANDARD,
    TAKE,
    State,
    empty_board,
)

_T = TypeVar("_T")


def new_game(num_players: int, variant: int, grid: int, rng: Rng) -> State:
    """Set Up: shuffle the crates face down, remove some, deal 3 each, 4 face up.

    "For two players: remove 18 crates ... three players: 9 ... four
    players: 2"; "Each player takes three of the remaining crates."; "Take
    four more crates and place them faceup". Solo: "Draw 25 random Produce
    Crates and place them faceup above your shopfront." Seat 0 goes first
    (the youngest player; play moves to the left, i.e. up the seat numbers).
    """
    crates = list(range(NUM_CRATES))
    rng.shuffle(crates)
    n = num_players
    shops = tuple(Shopfront.empty(grid) for _ in range(n))
    if variant == SOLO:
        return State(variant, grid, n, CHOOSE, 0, 0, (), (), tuple(sorted(crates[:SOLO_FACE_UP_CRATES])),
                     ((),), ((),), (), shops, empty_board(), (0,), (0,), NONE, False, NONE)
    removed = CRATES_REMOVED[n]
    set_aside = tuple(sorted(crates[:removed]))
    pos = removed
    hands = []
    for _ in range(n):
        hands.append(tuple(sorted(crates[pos:pos + HELD_CRATES])))
        pos += HELD_CRATES
    face_up = tuple(crates[pos:pos + FACE_UP_CRATES])
    supply = tuple(crates[pos + FACE_UP_CRATES:])
    return State(variant, grid, n, TAKE, 0, 0, supply, set_aside, face_up, tuple(hands),
                 ((),) * n, (), shops, empty_board(), (0,) * n, (0,) * n, NONE, False, NONE)


# ------------------------------------------------------------------ legal moves


def legal_moves(state: State, seat: int) -> list[Move]:
    """Complete, duplicate-free, stable; empty unless `seat` is deciding."""
    if state.phase == OVER or seat != state.current:
        return []
    if state.phase == TAKE:
        return take_moves(state)
    if state.phase == CHOOSE:
        return choose_moves(state, seat)
    if state.phase == PLACE:
        shop = state.shopfronts[seat]
        return [(PLACE_CRATE, p, q) for p, q in shop.placements_for(state.pending_crate)]
    return [(SCORE_CRATE, o.produce, o.method) for o in options_now(state)]


def take_moves(state: State) -> list[Move]:
    """ "Take one faceup or one facedown crate." """
    moves = [(TAKE_FACE_UP, c, 0) for c in state.face_up]
    if state.supply:
        moves.append((TAKE_FACE_DOWN, 0, 0))
    return moves


def choose_moves(state: State, seat: int) -> list[Move]:
    """Pick a crate that fits somewhere; if none does, pick one to remove.

    "If you can't add a crate, it means your produce isn't fresh enough!
    Remove one of your crates from the game." Only when none of the held
    crates fits anywhere, and the player picks which (rules-notes 2).
    """
    shop = state.shopfronts[seat]
    pool = state.face_up if state.variant == SOLO else state.hands[seat]
    fits = [(CHOOSE_CRATE, c, 0) for c in shop.placeable(pool)]
    if fits or state.variant == SOLO:
        return fits
    return [(REMOVE_CRATE, c, 0) for c in pool]


def options_now(state: State) -> list[ScoreOption]:
    """Scoring choices for the crate just placed (public knowledge)."""
    seat = state.current
    return score_options(state.variant, state.shopfronts[seat], state.board,
                         CRATES[state.pending_crate], state.pending_perfect,
                         state.height_used[seat], seat)


def is_legal(state: State, seat: int, move: Move) -> bool:
    """`move in legal_moves(state, seat)`; a placement is checked on its own
    (the grid may allow up to 80), the other steps list a handful of moves."""
    if state.phase == PLACE and seat == state.current:
        return move[0] == PLACE_CRATE and state.shopfronts[seat].allows(
            state.pending_crate, move[1], move[2])
    return move in legal_moves(state, seat)


# ------------------------------------------------------------------ apply


def apply_move(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Apply a legal move; returns a new state (the input is never changed)."""
    kind, a, b = move
    events: list[Event] = []
    if kind == TAKE_FACE_UP:
        slot = state.face_up.index(a)
        state = replace(
            state,
            face_up=state.face_up[:slot] + state.face_up[slot + 1:],
            hands=_with(state.hands, seat, tuple(sorted((*state.hands[seat], a)))),
            known=_with(state.known, seat, tuple(sorted((*state.known[seat], a)))),
            took_slot=slot,
            phase=CHOOSE,
        )
        events.append(Event(view.crate_taken(seat, False, a)))
    elif kind == TAKE_FACE_DOWN:
        crate = state.supply[-1]
        state = replace(
            state,
            supply=state.supply[:-1],
            hands=_with(state.hands, seat, tuple(sorted((*state.hands[seat], crate)))),
            took_slot=NONE,
            phase=CHOOSE,
        )
        events.append(Event(view.crate_taken(seat, True, NONE)))
        events.append(Event(view.crate_taken(seat, True, crate), frozenset((seat,))))
    elif kind == CHOOSE_CRATE:
        if state.variant == SOLO:
            state = replace(state, face_up=tuple(c for c in state.face_up if c != a))
        else:
            state = _drop_held(state, seat, a)
        state = replace(state, pending_crate=a, phase=PLACE)
        events.append(Event(view.crate_chosen(seat, a)))
    elif kind == REMOVE_CRATE:
        state = _drop_held(state, seat, a)
        score = floor_score(state.scores[seat] - CANNOT_PLACE_PENALTY)
        lost = state.scores[seat] - score
        state = replace(state, removed=(*state.removed, a),
                        scores=_with(state.scores, seat, score))
        events.append(Event(view.crate_removed(seat, a, lost, score)))
        state = end_turn(state, events)
    elif kind == PLACE_CRATE:
        shop = state.shopfronts[seat]
        crate = state.pending_crate
        matches = shop.fit(crate, a, b)
        shop = shop.place(crate, a, b)
        state = replace(state, shopfronts=_with(state.shopfronts, seat, shop),
                        pending_perfect=matches == 2, phase=SCORE)
        events.append(Event(view.crate_placed(seat, crate, state.grid, a, b,
                                              shop.heights[a], matches)))
    elif kind == SCORE_CRATE:
        option = next(o for o in options_now(state) if o.produce == a and o.method == b)
        state = score_crate(state, seat, option, events)
        state = end_turn(state, events)
    else:  # pragma: no cover - moves come from legal_moves
        raise ValueError(f"unknown move kind {kind}")
    return state, events


def score_crate(state: State, seat: int, option: ScoreOption, events: list[Event]) -> State:
    """Steps 3 and 4: move the Score Cube, then place or move a Farmer Tile."""
    total = state.scores[seat] + option.points
    events.append(Event(view.scored(seat, option, total)))
    state = replace(state, scores=_with(state.scores, seat, total))
    produce = option.produce
    if state.variant == STANDARD:
        from_row, to_row = standard_tile_move(state.board, seat, produce, option.visible)
    elif option.method == HEIGHT:
        from_row, to_row = 0, option.row
        state = replace(state, height_used=_with(state.height_used, seat,
                                                 state.height_used[seat] | 1 << produce))
    else:
        return state  # "if you choose basic scoring, you do not place a Farmer Tile"
    if to_row:
        column = list(state.board[produce])
        if from_row:
            column[from_row - 1] = FREE
        column[to_row - 1] = seat
        state = replace(state, board=_with(state.board, produce, tuple(column)))
        events.append(Event(view.farmer_tile(seat, produce, from_row, to_row)))
    return state


def end_turn(state: State, events: list[Event]) -> State:
    """Step 5, then the next seat, or the end of the game.

    "If you took a faceup crate, flip over a new crate and place it next to
    the other faceup crates." "The game ends when all the crates have been
    played."
    """
    if state.took_slot != NONE and state.supply:
        crate = state.supply[-1]
        slot = state.took_slot
        state = replace(state, supply=state.supply[:-1],
                        face_up=(*state.face_up[:slot], crate, *state.face_up[slot:]))
        events.append(Event(view.face_up_refilled(crate, len(state.supply))))
    state = replace(state, pending_crate=NONE, pending_perfect=False, took_slot=NONE,
                    turn=state.turn + 1)
    if state.variant == SOLO:
        state = _next_solo(state)
    else:
        seat, phase = next_turn(state)
        state = replace(state, current=seat, phase=phase)
    if state.phase == OVER:
        events.append(Event(view.game_ended(state)))
    return state


def next_turn(state: State) -> tuple[int, int]:
    """Who plays next and whether they start by taking a crate.

    Once the supply and the face-up row are empty, players skip step 1 and
    keep playing from the crates they hold until all are played (rules-notes
    1): every seat gets the same number of turns.
    """
    pool = bool(state.supply or state.face_up)
    n = state.num_players
    for k in range(1, n + 1):
        seat = (state.current + k) % n
        if pool:
            return seat, TAKE
        if state.hands[seat]:
            return seat, CHOOSE
    return NONE, OVER


def _next_solo(state: State) -> State:
    """Solo ends when every crate is played or none of the rest fits.

    "Continue until you run out of crates. If you cannot place a crate, lose
    3 points per unused crate." (rules-notes 15: the game ends then.)
    """
    shop = state.shopfronts[0]
    if shop.placeable(state.face_up):
        return replace(state, current=0, phase=CHOOSE)
    return replace(state, current=NONE, phase=OVER)


def _drop_held(state: State, seat: int, crate: int) -> State:
    return replace(
        state,
        hands=_with(state.hands, seat, tuple(c for c in state.hands[seat] if c != crate)),
        known=_with(state.known, seat, tuple(c for c in state.known[seat] if c != crate)),
    )


def _with(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return (*values[:index], value, *values[index + 1:])



# ------------------------------------------------------------------ hidden information


def resample_hidden(state: State, observer: int, rng: Rng) -> State:
    """Redeal everything `observer` cannot see, keeping every public fact.

    Hidden from the observer: the face-down supply (contents and order), the
    crates removed at set-up, and the crates other seats hold that nobody saw
    them take face-up. Public: the face-up row, shopfronts, removed crates,
    the crate being placed, and held crates taken face-up (the `known` ones).
    """
    unknown_held = [
        tuple(c for c in state.hands[s] if c not in state.known[s]) if s != observer else ()
        for s in range(state.num_players)
    ]
    pool = [*state.supply, *state.set_aside]
    for held in unknown_held:
        pool.extend(held)
    if not pool:
        return state
    pool.sort()
    rng.shuffle(pool)
    hands = list(state.hands)
    pos = 0
    for s, held in enumerate(unknown_held):
        if s == observer:
            continue
        hands[s] = tuple(sorted((*state.known[s], *pool[pos:pos + len(held)])))
        pos += len(held)
    set_aside = tuple(sorted(pool[pos:pos + len(state.set_aside)]))
    pos += len(state.set_aside)
    supply = tuple(pool[pos:])
    return replace(state, hands=tuple(hands), set_aside=set_aside, supply=supply)
