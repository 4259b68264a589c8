"""Set-up, the steps of a turn, legal moves and how a move changes the table.

A turn ("On Your Turn", steps 1-5) is split into decisions so that each one
lists few complete actions and a frontend can highlight squares:

    take-crate   -> step 1 (skipped once the supply and face-up row are empty)
    choose-crate -> step 2, which crate (or, if none fits, which to remove)
    place-crate  -> step 2, which two squares
    score        -> step 3, which produce (and basic or height scoring)

Steps 4 (Farmer Tile) and 5 (refill the face-up row) have no choice left and
happen when the score is chosen. Moves are the small values of moves.py,
whose codecs turn them into protobuf actions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from engines.core.engine import Event, Outcome, Standing
from engines.core.errors import IllegalAction
from engines.core.rng import Rng
from engines.core.seats import after
from engines.market_fresh import events as event
from engines.market_fresh.data import (
    CANNOT_PLACE_PENALTY,
    CRATES_REMOVED,
    FACE_UP_CRATES,
    HELD_CRATES,
    NUM_CRATES,
    SOLO_FACE_UP_CRATES,
)
from engines.market_fresh.moves import (
    ChooseCrate,
    Move,
    PlaceCrate,
    RemoveCrate,
    ScoreCrate,
    TakeFaceDown,
    TakeFaceUp,
)
from engines.market_fresh.outcome import TIE_BREAKS, final_outcome
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
    PHASE_KINDS,
    PLACE,
    SCORE,
    SOLO,
    STANDARD,
    TAKE,
    State,
    empty_board,
)
from engines.market_fresh.versions import Rules

_T = TypeVar("_T")


def new_game(rules: Rules, num_players: int, variant: int, grid: int, rng: Rng) -> State:
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
    shops = tuple(Shopfront.empty(rules.data, grid) for _ in range(n))
    table = State(
        rules=rules, variant=variant, grid=grid, num_players=n, phase=TAKE, current=0, turn=0,
        supply=(), set_aside=(), face_up=(), hands=((),) * n, known=((),) * n, removed=(),
        shopfronts=shops, board=empty_board(rules.data.num_produce), scores=(0,) * n,
        height_used=(0,) * n, chosen_crate=NONE, perfect_match=False, took_slot=NONE,
    )
    if variant == SOLO:
        table.phase = CHOOSE
        table.face_up = tuple(sorted(crates[:SOLO_FACE_UP_CRATES]))
        return table
    removed = CRATES_REMOVED[n]
    dealt = removed
    hands = []
    for _ in range(n):
        hands.append(tuple(sorted(crates[dealt:dealt + HELD_CRATES])))
        dealt += HELD_CRATES
    table.set_aside = tuple(sorted(crates[:removed]))
    table.hands = tuple(hands)
    table.face_up = tuple(crates[dealt:dealt + FACE_UP_CRATES])
    table.supply = tuple(crates[dealt + FACE_UP_CRATES:])
    return table


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
        return [PlaceCrate(p, q) for p, q in shop.placements_for(state.chosen_crate)]
    moves: list[Move] = []
    for option in options_now(state):
        moves.append(ScoreCrate(option.produce, option.method))
        if may_decline_tile(state, option):
            moves.append(ScoreCrate(option.produce, option.method, decline_tile=True))
    return moves


def may_decline_tile(state: State, option: ScoreOption) -> bool:
    """Whether the seat may score `option` and leave its Farmer Tiles as they are.

    "If you score more than 1 point for your produce, you **may** place or
    move one of your Farmer Tiles" (standard game; rules version 2 on). In
    Crate Heights and Solo the tile is part of height scoring itself ("Place
    one of your Farmer Tiles ... multiply the number of visible items by the
    row number"), so there is nothing to decline.
    """
    return state.rules.farmer_tile_optional and state.variant == STANDARD and option.row > 0


def take_moves(state: State) -> list[Move]:
    """ "Take one faceup or one facedown crate." """
    moves: list[Move] = [TakeFaceUp(c) for c in state.face_up]
    if state.supply:
        moves.append(TakeFaceDown())
    return moves


def choose_moves(state: State, seat: int) -> list[Move]:
    """Pick a crate that fits somewhere; if none does, pick one to remove.

    "If you can't add a crate, it means your produce isn't fresh enough!
    Remove one of your crates from the game." Only when none of the held
    crates fits anywhere, and the player picks which (docs/rules/market-fresh.md, "Adding fresh produce").
    """
    shop = state.shopfronts[seat]
    pool = state.face_up if state.variant == SOLO else state.hands[seat]
    fits: list[Move] = [ChooseCrate(c) for c in shop.placeable(pool)]
    if fits or state.variant == SOLO:
        return fits
    return [RemoveCrate(c) for c in pool]


#: The last scoring worked out: what it was worked out from, and its options.
_last_options: tuple[tuple[object, ...], tuple[ScoreOption, ...]] = ((), ())


def options_now(state: State) -> tuple[ScoreOption, ...]:
    """Scoring choices for the crate just placed (public knowledge).

    Kept for the last scoring asked about: a call asks for the same state's
    options several times (its legal moves, the prompt, every scoring's label;
    a bot's evaluation too). Found again only when the fields they are worked
    out from are the very same objects (the small numbers equal): a state's
    fields are immutable values (state.py, shopfront.py), and the kept tuple
    holds them, so none can be another's."""
    global _last_options
    seat = state.current
    shop, board = state.shopfronts[seat], state.board
    crate = state.rules.data.crates[state.chosen_crate]
    small = (state.variant, state.perfect_match, state.height_used[seat], seat)
    inputs, kept = _last_options
    if (inputs and inputs[0] is shop and inputs[1] is board and inputs[2] is crate
            and inputs[3] == small):
        return kept
    options = tuple(score_options(state.variant, shop, board, crate, state.perfect_match,
                                  state.height_used[seat], seat))
    _last_options = (shop, board, crate, small), options
    return options


def normalize(state: State, move: Move) -> Move:
    """The canonical form of a move a frontend may spell another way.

    A crate with two equal halves lies the same either way round, so legal
    placements list it once per pair of squares, first square lower; the
    same crate placed from the other end is that placement.
    """
    if isinstance(move, PlaceCrate) and state.phase == PLACE and move.first > move.second:
        a, b = state.rules.data.crates[state.chosen_crate]
        if a == b:
            return PlaceCrate(move.second, move.first)
    return move


def is_legal(state: State, seat: int, move: Move) -> bool:
    """`move in legal_moves(state, seat)` once normalized; a placement is checked
    on its own (the grid may allow up to 80), the other steps list a handful."""
    move = normalize(state, move)
    if state.phase == PLACE and seat == state.current:
        return isinstance(move, PlaceCrate) and state.shopfronts[seat].allows(
            state.chosen_crate, move.first, move.second)
    return move in legal_moves(state, seat)


# ------------------------------------------------------------------ apply
# Each move's rule changes `state`, the clone `apply_move` made, and returns it.


def take_face_up(state: State, seat: int, move: TakeFaceUp, events: list[Event]) -> State:
    """The crate leaves the face-up row in view of all: it stays known as held."""
    slot = state.face_up.index(move.crate)
    events.append(event.crate_taken_face_up(state.rules.data, seat, move.crate))
    state.face_up = state.face_up[:slot] + state.face_up[slot + 1:]
    state.hands = _with(state.hands, seat, tuple(sorted((*state.hands[seat], move.crate))))
    state.known = _with(state.known, seat, tuple(sorted((*state.known[seat], move.crate))))
    state.took_slot = slot
    state.phase = CHOOSE
    return state


def take_face_down(state: State, seat: int, move: TakeFaceDown, events: list[Event]) -> State:
    """The top crate of the supply; only its taker sees which."""
    crate = state.supply[-1]
    events.extend(event.crate_taken_face_down(state.rules.data, seat, crate))
    state.supply = state.supply[:-1]
    state.hands = _with(state.hands, seat, tuple(sorted((*state.hands[seat], crate))))
    state.took_slot = NONE
    state.phase = CHOOSE
    return state


def choose_crate(state: State, seat: int, move: ChooseCrate, events: list[Event]) -> State:
    """Step 2: the crate to add, shown to all as it is laid down."""
    if state.variant == SOLO:
        state.face_up = tuple(c for c in state.face_up if c != move.crate)
    else:
        _drop_held(state, seat, move.crate)
    events.append(event.crate_chosen(state.rules.data, seat, move.crate))
    state.chosen_crate = move.crate
    state.phase = PLACE
    return state


def remove_crate(state: State, seat: int, move: RemoveCrate, events: list[Event]) -> State:
    """ "If you can't add a crate ... Remove one of your crates from the game"
    and "lose 1 point"; the turn ends."""
    _drop_held(state, seat, move.crate)
    score = floor_score(state.scores[seat] - CANNOT_PLACE_PENALTY)
    lost = state.scores[seat] - score
    state.removed = (*state.removed, move.crate)
    state.scores = _with(state.scores, seat, score)
    events.append(event.crate_removed(state.rules.data, seat, move.crate, lost, score))
    return end_turn(state, events)


def place_crate(state: State, seat: int, move: PlaceCrate, events: list[Event]) -> State:
    """Step 2: lay the chosen crate; how many halves match decides a perfect match."""
    shop = state.shopfronts[seat]
    crate = state.chosen_crate
    matches = shop.fit(crate, move.first, move.second)
    shop = shop.place(crate, move.first, move.second)
    events.append(event.crate_placed(state.rules.data, seat, crate, state.grid, move.first,
                                     move.second, shop.heights[move.first], matches))
    state.shopfronts = _with(state.shopfronts, seat, shop)
    state.perfect_match = matches == 2
    state.phase = SCORE
    return state


def choose_score(state: State, seat: int, move: ScoreCrate, events: list[Event]) -> State:
    """Steps 3 to 5: score, Farmer Tile (unless declined), refill; then the next turn."""
    option = next(o for o in options_now(state) if o.produce == move.produce
                  and o.method == move.method)
    if move.decline_tile:
        option = replace(option, row=0)  # scored as shown, and the tiles stay
    return end_turn(score_crate(state, seat, option, events), events)


#: What each kind of move does.
MOVE_RULES: dict[type[Any], Callable[[State, int, Any, list[Event]], State]] = {
    TakeFaceUp: take_face_up,
    TakeFaceDown: take_face_down,
    ChooseCrate: choose_crate,
    RemoveCrate: remove_crate,
    PlaceCrate: place_crate,
    ScoreCrate: choose_score,
}


def deciders(state: State) -> tuple[tuple[int, str], ...]:
    """One seat decides at a time: the current one, in the turn's step."""
    return () if state.phase == OVER else ((state.current, PHASE_KINDS[state.phase]),)


def apply(state: State, seat: int, move: Move, rng: Rng) -> tuple[State, list[Event]]:
    """`apply_move` of the canonical move (Market Fresh draws no chance after set-up)."""
    return apply_move(state, seat, normalize(state, move))


def outcome(state: State) -> Outcome | None:
    """Scores, ranks and the solo rating once the game is over."""
    return final_outcome(state) if state.phase == OVER else None


def apply_move(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Apply a legal move to a clone; returns it (the input is never changed)."""
    rule = MOVE_RULES.get(type(move))
    if rule is None:
        raise IllegalAction("that action names no move of market-fresh")
    events: list[Event] = []
    return rule(state.clone(), seat, move, events), events


def score_crate(state: State, seat: int, option: ScoreOption, events: list[Event]) -> State:
    """Steps 3 and 4: move the Score Cube, then place or move a Farmer Tile."""
    total = state.scores[seat] + option.points
    data = state.rules.data
    events.append(event.scored(data, seat, option, total))
    state.scores = _with(state.scores, seat, total)
    produce = option.produce
    if state.variant == STANDARD:
        from_row, to_row = standard_tile_move(state.board, seat, produce, option.visible)
        if not option.row:  # declined (option.row is to_row otherwise)
            return state
    elif option.method == HEIGHT:
        from_row, to_row = 0, option.row
        state.height_used = _with(state.height_used, seat, state.height_used[seat] | 1 << produce)
    else:
        return state  # "if you choose basic scoring, you do not place a Farmer Tile"
    if to_row:
        column = list(state.board[produce])
        if from_row:
            column[from_row - 1] = FREE
        column[to_row - 1] = seat
        state.board = _with(state.board, produce, tuple(column))
        events.append(event.farmer_tile(data, seat, produce, from_row, to_row))
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
        state.supply = state.supply[:-1]
        state.face_up = (*state.face_up[:slot], crate, *state.face_up[slot:])
        events.append(event.face_up_refilled(state.rules.data, crate, len(state.supply)))
    state.chosen_crate, state.perfect_match, state.took_slot = NONE, False, NONE
    state.turn += 1
    if state.variant == SOLO:
        state.current, state.phase = _next_solo(state)
    else:
        state.current, state.phase = next_turn(state)
    if state.phase == OVER:
        events.append(event.game_ended(state))
    return state


def next_turn(state: State) -> tuple[int, int]:
    """Who plays next and whether they start by taking a crate.

    Once the supply and the face-up row are empty, players skip step 1 and
    keep playing from the crates they hold until all are played: every seat gets the same number
    of turns (docs/rules/market-fresh.md, "End of the game").
    """
    pool = bool(state.supply or state.face_up)
    for seat in after(state.num_players, state.current):
        if pool:
            return seat, TAKE
        if state.hands[seat]:
            return seat, CHOOSE
    return NONE, OVER


def _next_solo(state: State) -> tuple[int, int]:
    """Solo ends when every crate is played or none of the rest fits.

    "Continue until you run out of crates. If you cannot place a crate, lose
    3 points per unused crate." The game ends then (docs/rules/market-fresh.md, "Stackin' Solo").
    """
    shop = state.shopfronts[0]
    if shop.placeable(state.face_up):
        return 0, CHOOSE
    return NONE, OVER


def _drop_held(state: State, seat: int, crate: int) -> None:
    state.hands = _with(state.hands, seat, tuple(c for c in state.hands[seat] if c != crate))
    state.known = _with(state.known, seat, tuple(c for c in state.known[seat] if c != crate))


def _with(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return (*values[:index], value, *values[index + 1:])


def standing(state: State) -> Standing:
    """Points on the track so far (no final scoring: the game did not reach its
    end), for seats that forfeit on time (engines/core/ranking.py)."""
    return Standing(tuple((score,) for score in state.scores), TIE_BREAKS)
