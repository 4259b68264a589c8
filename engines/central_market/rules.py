"""Central Market's rules: who decides, the legal moves, and apply.

Every automatic step (dealing, skipping a seat that cannot offer, revealing
a Cheat, scoring a round) happens inside `apply` before it returns, so the
returned state always waits on a seat that has something to decide, or is
over. The steps themselves live by the rulebook's phases: rounds.py (set-up,
delivery, whose offer, end of round), bidding.py (offer and bids) and
selling.py (sales, Cheat, Rot, Tourists).

Which seats are asked never depends on hidden cards, except where the
rulebook itself makes a hidden fact public (a seat that cannot offer skips
its turn; a cheater reveals his Cheat). See docs/rules/central-market.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.central_market import bidding, rounds, selling
from engines.central_market.data import LOWEST_PRICE, unused_count
from engines.central_market.messages import round_score_pb
from engines.central_market.moves import (
    FINISH_SALE,
    KEEP_ALL_CARDS,
    OFFERS,
    PASS,
    PLAY_ROT,
    PLAY_TOURISTS,
    SELL_CARDS,
    SET_ASIDES,
    STAY,
    Bid,
    FinishSale,
    KeepAll,
    Move,
    Offer,
    Pass,
    PlayRot,
    PlayTourists,
    SellCard,
    SetAside,
    Stay,
    bids,
)
from engines.central_market.scoring import TIE_BREAKS, final_keys, final_outcome
from engines.central_market.state import (
    FIRST_LAP,
    GAME_OVER,
    KEEP_ALL,
    LOWERING,
    OFFER,
    ROT_WINDOW,
    SELL,
    SET_ASIDE,
    STARTING_BID,
    TOURISTS_SALE,
    TOURISTS_WINDOW,
    UNDECIDED,
    State,
)
from engines.core.engine import Event, Outcome, Standing
from engines.core.rng import Rng
from marketplay.v1 import central_market_pb2 as pb

__all__ = [
    "FINISH_SALE", "KEEP_ALL_CARDS", "PASS", "PLAY_ROT", "PLAY_TOURISTS", "STAY", "Bid",
    "FinishSale", "KeepAll", "Move", "Offer", "Pass", "PlayRot", "PlayTourists", "SellCard",
    "SetAside", "Stay", "apply", "decider", "deciders", "legal_moves", "pass_move", "standing",
]

#: Decision kinds by phase (SET_ASIDE asks several seats at once).
DECISION_KINDS: dict[int, str] = {
    OFFER: "offer",
    STARTING_BID: "starting-bid",
    FIRST_LAP: "bid",
    LOWERING: "lower-bid",
    SELL: "sell",
    ROT_WINDOW: "respond-rot",
    TOURISTS_WINDOW: "respond-tourists",
    TOURISTS_SALE: "tourists-sale",
    SET_ASIDE: "set-aside",
}


# ------------------------------------------------------------------ who decides


def deciders(state: State) -> list[tuple[int, str]]:
    """Seats that must decide now, with the kind of decision."""
    phase = state.phase
    if phase == GAME_OVER:
        return []
    if phase == SET_ASIDE:
        return [
            (seat, "set-aside")
            for seat in range(state.num_players)
            if state.set_aside_choice[seat] == UNDECIDED
        ]
    return [(decider(state), DECISION_KINDS[phase])]


def decider(state: State) -> int:
    """The single decider of a sequential phase."""
    phase = state.phase
    if phase in (OFFER, STARTING_BID):
        return state.offerer
    if phase in (SELL, TOURISTS_SALE):
        return state.seller
    return state.asked


# ------------------------------------------------------------------ legal moves


def _distinct(cards: list[int]) -> list[int]:
    return sorted(set(cards))


def _bids_below(highest: int) -> list[Move]:
    """The legal bids depend on the price range alone: 1 up to `highest` - 1."""
    return [*bids(LOWEST_PRICE, highest)]


def legal_moves(state: State, seat: int) -> list[Move]:
    """Complete, duplicate-free, stable list of the seat's legal moves."""
    phase = state.phase
    if phase == GAME_OVER:
        return []
    if phase == SET_ASIDE:
        if state.set_aside_choice[seat] != UNDECIDED:
            return []
        return [KEEP_ALL_CARDS, *(SET_ASIDES[c] for c in _distinct(state.hands[seat]))]
    if seat != decider(state):
        return []
    if phase == OFFER:
        return [OFFERS[p] for p in rounds.offerable_products(state, seat)]
    if phase == STARTING_BID:
        return _bids_below(state.max_price + 1)
    if phase == FIRST_LAP:
        below = _bids_below(state.lowest_bid()) if bidding.may_bid(state, seat) else []
        return [PASS, *below]
    if phase == LOWERING:
        return [STAY, *_bids_below(state.lowest_bid())]
    if phase in (SELL, TOURISTS_SALE):
        moves: list[Move] = [SELL_CARDS[c] for c in _distinct(selling.playable_cards(state, seat))]
        if state.sale_cards:
            moves.append(FINISH_SALE)
        return moves
    if phase == ROT_WINDOW:
        return [PASS, PLAY_ROT]
    # TOURISTS_WINDOW
    if state.holds(seat, state.product):
        return [PASS, PLAY_TOURISTS]
    return [PASS]


# ------------------------------------------------------------------ apply


def _choose_set_aside(state: State, seat: int, move: SetAside | KeepAll, rng: Rng,
                      events: list[Event]) -> None:
    card = move.card if isinstance(move, SetAside) else KEEP_ALL
    rounds.choose_set_aside(state, seat, card, rng, events)


#: What a move does, by the phase it is made in (each takes the moves
#: legal in its phase, which the framework checked).
PhaseMove = Callable[[State, int, Any, Rng, list[Event]], None]
PHASE_MOVES: dict[int, PhaseMove] = {
    OFFER: bidding.offer,
    STARTING_BID: bidding.starting_bid,
    FIRST_LAP: bidding.answer_first_lap,
    LOWERING: bidding.lower_or_stay,
    SELL: selling.sell,
    TOURISTS_SALE: selling.sell,
    ROT_WINDOW: selling.answer_rot,
    TOURISTS_WINDOW: selling.answer_tourists,
    SET_ASIDE: _choose_set_aside,
}


def apply(state: State, seat: int, move: Move, rng: Rng) -> tuple[State, list[Event]]:
    """Apply a legal move to a copy of `state`, then run every automatic step."""
    after = state.clone()
    events: list[Event] = []
    PHASE_MOVES[after.phase](after, seat, move, rng, events)
    return after, events


def outcome(state: State) -> Outcome | None:
    """Victory points, ranks and the round history once the game is over."""
    if state.phase != GAME_OVER:
        return None
    unused = [unused_count(cards) for cards in state.action_cards]
    details = pb.CentralMarketOutcome(
        victory_points=state.vp,
        unused_action_cards=unused,
        history=[round_score_pb(score) for score in state.history],
    )
    return final_outcome(state.vp, unused, details)


def standing(state: State) -> Standing:
    """Victory points so far, then unused action cards: the game end's key
    ("the player with the most unused action cards left becomes the winner"),
    taken now, for seats that forfeit on time (engines/core/ranking.py)."""
    unused = [unused_count(cards) for cards in state.action_cards]
    return Standing(tuple(final_keys(state.vp, unused)), TIE_BREAKS)


#: The rulebook's pass, by the phase that has one (a table's timeout_policy `pass`):
#: the first lap, "pass - if a player doesn't have the offered product or he doesn't
#: want to sell it this round, he can pass"; the lowering laps, "The players who pass
#: or stay with their previous bids, cannot join the current bidding"; the Rot and
#: Tourists windows, whose cards a player "may" play; the set-aside, where "each
#: player may, if he wishes, take no more than one card". Offering, the starting
#: bid and selling have none ("he must not refuse to do so").
PASSES: dict[int, Move] = {
    FIRST_LAP: PASS,
    LOWERING: STAY,
    ROT_WINDOW: PASS,
    TOURISTS_WINDOW: PASS,
    SET_ASIDE: KEEP_ALL_CARDS,
}


def pass_move(state: State, seat: int) -> Move | None:
    """The pass of `seat`'s decision now (PASSES), or None where it has none."""
    move = PASSES.get(state.phase)
    return move if move is not None and move in legal_moves(state, seat) else None
