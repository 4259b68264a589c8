"""Moves to MarketFreshAction messages and back (one codec per grid size:
a placement names its squares by row and column)."""

from __future__ import annotations

from engines.core.actions import ActionCodec
from engines.market_fresh.data import CRATES, GRID_SIZES, PRODUCE, PRODUCE_INDEX
from engines.market_fresh.messages import SCORING, SCORING_METHOD, crate, square
from engines.market_fresh.moves import (
    ChooseCrate,
    Move,
    PlaceCrate,
    RemoveCrate,
    ScoreCrate,
    TakeFaceDown,
    TakeFaceUp,
)
from marketplay.v1 import market_fresh_pb2 as pb

#: The largest legal action, a crate taken face up, is 36 bytes.
MAX_ACTION_BYTES = 96


def build_action(move: Move, grid: int) -> pb.MarketFreshAction:
    if isinstance(move, TakeFaceUp):
        return pb.MarketFreshAction(take_face_up=pb.MarketFreshTakeFaceUp(crate=crate(move.crate)))
    if isinstance(move, TakeFaceDown):
        return pb.MarketFreshAction(take_face_down=pb.MarketFreshTakeFaceDown())
    if isinstance(move, ChooseCrate):
        return pb.MarketFreshAction(choose_crate=pb.MarketFreshChooseCrate(crate=crate(move.crate)))
    if isinstance(move, RemoveCrate):
        return pb.MarketFreshAction(remove_crate=pb.MarketFreshRemoveCrate(crate=crate(move.crate)))
    if isinstance(move, PlaceCrate):
        return pb.MarketFreshAction(
            place=pb.MarketFreshPlace(first=square(grid, move.first), second=square(grid, move.second))
        )
    return pb.MarketFreshAction(
        score=pb.MarketFreshScore(produce=PRODUCE[move.produce].id, scoring=SCORING[move.method])
    )


def _named_move(message: pb.MarketFreshAction, grid: int) -> Move | None:
    which = message.WhichOneof("kind")
    if which in ("take_face_up", "choose_crate", "remove_crate"):
        crate_id = getattr(message, which).crate.id
        if not 0 <= crate_id < len(CRATES):
            return None
        if which == "take_face_up":
            return TakeFaceUp(crate_id)
        return ChooseCrate(crate_id) if which == "choose_crate" else RemoveCrate(crate_id)
    if which == "take_face_down":
        return TakeFaceDown()
    if which == "place":
        first, second = message.place.first, message.place.second
        if not all(0 <= v < grid for v in (first.row, first.col, second.row, second.col)):
            return None
        return PlaceCrate(first.row * grid + first.col, second.row * grid + second.col)
    if which == "score":
        produce = PRODUCE_INDEX.get(message.score.produce)
        if produce is None or message.score.scoring not in SCORING_METHOD:
            return None
        return ScoreCrate(produce, SCORING_METHOD[message.score.scoring])
    return None


def read_move(message: pb.MarketFreshAction, grid: int) -> Move | None:
    """The move an action names, or None if it is malformed.

    Only a message that re-encodes to exactly the canonical action counts
    (a crate's produce names must be its own), so stray fields never slip
    through.
    """
    move = _named_move(message, grid)
    if move is None or CODECS[grid].action_bytes(move) != message.SerializeToString(
        deterministic=True
    ):
        return None
    return move


def _codec(grid: int) -> ActionCodec[Move, pb.MarketFreshAction]:
    return ActionCodec(
        pb.MarketFreshAction,
        lambda move: build_action(move, grid),
        lambda message: read_move(message, grid),
        MAX_ACTION_BYTES,
    )


CODECS = {grid: _codec(grid) for grid in GRID_SIZES}
