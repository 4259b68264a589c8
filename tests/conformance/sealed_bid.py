"""Sealed Bid: a tiny game with one secret move, for testing the leak net on a
game that has no scenario tests of its own (test_leak_net.py).

Two seats bid 1, 2 or 3 at once, face down; once both have bid, the bids are
revealed and the higher one wins. Written with the engine framework
(engines/core/standard.py) on well-known protobuf messages, so it needs no
proto file and is never registered: the service never sees it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from google.protobuf import struct_pb2, wrappers_pb2

from engines.core.actions import ActionCodec
from engines.core.engine import Event, Outcome, Standing
from engines.core.events import private, public
from engines.core.ranking import ranked_outcome
from engines.core.rng import Rng
from engines.core.spec import BotTuning, GameInfo, OptionValue
from engines.core.standard import Modules, StandardEngine, one_codec

BIDS = (1, 2, 3)
NO_BID = 0


@dataclass(frozen=True)
class Rules:
    version: str = "sealed-bid/1"


@dataclass(frozen=True)
class State:
    bids: tuple[int, ...]

    @property
    def num_players(self) -> int:
        return len(self.bids)

    @property
    def over(self) -> bool:
        return NO_BID not in self.bids


def _text(words: str) -> struct_pb2.Value:
    return struct_pb2.Value(string_value=words)


def new_game(rules: Rules, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> State:
    return State((NO_BID,) * num_players)


def deciders(state: State) -> list[tuple[int, str]]:
    return [(seat, "bid") for seat, bid in enumerate(state.bids) if bid == NO_BID]


def legal_moves(state: State, seat: int) -> Sequence[int]:
    return BIDS if state.bids[seat] == NO_BID else ()


def announce(seat: int, bid: int) -> struct_pb2.Value:
    """What the table hears of a bid: that it was made."""
    return _text(f"seat {seat} has bid")


def apply(state: State, seat: int, bid: int, rng: Rng) -> tuple[State, list[Event]]:
    after = replace(state, bids=(*state.bids[:seat], bid, *state.bids[seat + 1:]))
    events = [public(announce(seat, bid)), private(seat, _text(f"you bid {bid}"))]
    if after.over:
        events.append(public(_text("bids revealed: " + " ".join(map(str, after.bids)))))
    return after, events


def view(state: State, seat: int | None) -> struct_pb2.Value:
    shown = struct_pb2.Value()
    fields = shown.struct_value.fields
    fields["placed"].list_value.values.extend(
        struct_pb2.Value(bool_value=bid != NO_BID) for bid in state.bids)
    if seat is not None:
        fields["mine"].number_value = state.bids[seat]
    if state.over:
        fields["bids"].list_value.values.extend(
            struct_pb2.Value(number_value=bid) for bid in state.bids)
    return shown


def outcome(state: State) -> Outcome | None:
    """The higher bid wins; equal bids share the win."""
    return ranked_outcome([(bid,) for bid in state.bids], ()) if state.over else None


def standing(state: State) -> Standing:
    """The bids as they stand (a forfeit on time ends the game and shows them)."""
    return Standing(tuple((bid,) for bid in state.bids), ())


def encode(state: State) -> bytes:
    return bytes(state.bids)


def decode(data: bytes, rules: Rules) -> State:
    if not data or any(b not in (NO_BID, *BIDS) for b in data):
        raise ValueError("not a Sealed Bid state")
    return State(tuple(data))


def resample_hidden(state: State, observer: int, rng: Rng) -> State:
    """Other seats' bids are face down until both are in: drawn afresh."""
    if state.over:
        return state
    return State(tuple(
        bid if seat == observer or bid == NO_BID else BIDS[rng.below(len(BIDS))]
        for seat, bid in enumerate(state.bids)))


def known_part(state: State, seat: int, bid: int, observer: int | None) -> Hashable:
    """A bid is laid face down: the others learn that it was made, not how much,
    until the last bid reveals them all (in the same step)."""
    return bid if state.bids.count(NO_BID) == 1 else "bid"


CODEC: ActionCodec[int, wrappers_pb2.Int32Value] = ActionCodec(
    wrappers_pb2.Int32Value, lambda bid: wrappers_pb2.Int32Value(value=bid),
    lambda action: action.value if action.value in BIDS else None, 16)

MODULES: Modules[Rules, State, int, wrappers_pb2.Int32Value] = Modules(
    info=GameInfo("Sealed Bid", min_players=2, max_players=2,
                  action_type=wrappers_pb2.Int32Value, max_action_bytes=16, bots=BotTuning(),
                  sealed_size=64),
    options=lambda rules: (), new_game=new_game, deciders=deciders,
    legal_moves=legal_moves, apply=apply, codec=one_codec(CODEC), view=view,
    outcome=outcome, encode=encode, decode=decode, resample_hidden=resample_hidden,
    standing=standing,
    known_part=known_part,
)


def engine(announce_with: Callable[[int, int], struct_pb2.Value] | None = None,
           declared: bool = True) -> StandardEngine[Any, Any, Any, Any]:
    """The game; `announce_with` replaces what the table hears of a bid (a planted
    leak), `declared` False drops the declaration of its secret."""
    modules = MODULES
    if announce_with is not None:
        def leaky_apply(state: State, seat: int, bid: int, rng: Rng) -> tuple[State, list[Event]]:
            after, events = apply(state, seat, bid, rng)
            return after, [public(announce_with(seat, bid)), *events[1:]]

        modules = replace(modules, apply=leaky_apply)
    if not declared:
        modules = replace(modules, known_part=None)
    return StandardEngine(modules, Rules())
