"""Market Fresh's moves, one small immutable value per kind of decision, and
their protobuf form (MarketFreshAction).

rules.py works on moves; the codecs turn them into actions and back, one
per component set and grid size: a placement names its squares by row and
column, a crate is named with its set's produce. A square is
`row * size + col` (shopfront.py).

One move, one canonical action: legal action lists hold exactly that form.
A crate may also be named by its id alone (its halves left empty), which
reads as the same move; halves that are given must be the crate's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from engines.core.actions import ActionCodec
from engines.core.pieces import serialize
from engines.market_fresh.data import GRID_SIZES, MarketFreshData
from engines.market_fresh.messages import SCORING, SCORING_METHOD, crate, square
from engines.market_fresh.state import State
from engines.market_fresh.versions import Rules
from marketplay.v1 import market_fresh_pb2 as pb


@dataclass(frozen=True, slots=True)
class TakeFaceUp:
    """ "Take one faceup ... crate." """

    crate: int

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        crate: int,
    ) -> None:
        object.__setattr__(self, "crate", crate)
    # (end of the generated methods)


@dataclass(frozen=True, slots=True)
class TakeFaceDown:
    """ "Take ... one facedown crate" (the top of the supply)."""


@dataclass(frozen=True, slots=True)
class ChooseCrate:
    """Pick the crate to add to the shopfront (from the held crates, or the
    face-up crates in solo)."""

    crate: int

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        crate: int,
    ) -> None:
        object.__setattr__(self, "crate", crate)
    # (end of the generated methods)


@dataclass(frozen=True, slots=True)
class RemoveCrate:
    """None of the held crates fits: remove this one from the game."""

    crate: int

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        crate: int,
    ) -> None:
        object.__setattr__(self, "crate", crate)
    # (end of the generated methods)


@dataclass(frozen=True, slots=True)
class PlaceCrate:
    """Lay the chosen crate with its first half on `first`, its second on `second`."""

    first: int
    second: int

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        first: int,
        second: int,
    ) -> None:
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "second", second)
    # (end of the generated methods)


@dataclass(frozen=True, slots=True)
class ScoreCrate:
    """Score the added crate for one of its produce, by BASIC or HEIGHT scoring;
    `decline_tile`: without placing or moving a Farmer Tile (standard game,
    rules version 2 on)."""

    produce: int
    method: int
    decline_tile: bool = False

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        produce: int,
        method: int,
        decline_tile: bool = False,
    ) -> None:
        object.__setattr__(self, "produce", produce)
        object.__setattr__(self, "method", method)
        object.__setattr__(self, "decline_tile", decline_tile)
    # (end of the generated methods)


Move = TakeFaceUp | TakeFaceDown | ChooseCrate | RemoveCrate | PlaceCrate | ScoreCrate

#: The largest legal action, a crate taken face up, is 36 bytes.
MAX_ACTION_BYTES = 96
#: The actions that name a crate.
_CRATE_FIELDS = ("take_face_up", "choose_crate", "remove_crate")


def build_action(move: Move, grid: int, data: MarketFreshData) -> pb.MarketFreshAction:
    if isinstance(move, TakeFaceUp):
        return pb.MarketFreshAction(
            take_face_up=pb.MarketFreshTakeFaceUp(crate=crate(data, move.crate)))
    if isinstance(move, TakeFaceDown):
        return pb.MarketFreshAction(take_face_down=pb.MarketFreshTakeFaceDown())
    if isinstance(move, ChooseCrate):
        return pb.MarketFreshAction(
            choose_crate=pb.MarketFreshChooseCrate(crate=crate(data, move.crate)))
    if isinstance(move, RemoveCrate):
        return pb.MarketFreshAction(
            remove_crate=pb.MarketFreshRemoveCrate(crate=crate(data, move.crate)))
    if isinstance(move, PlaceCrate):
        return pb.MarketFreshAction(
            place=pb.MarketFreshPlace(first=square(grid, move.first), second=square(grid, move.second))
        )
    return pb.MarketFreshAction(
        score=pb.MarketFreshScore(produce=data.produce[move.produce].id,
                                  scoring=SCORING[move.method],
                                  decline_farmer_tile=move.decline_tile)
    )


def _named_move(message: pb.MarketFreshAction, grid: int, data: MarketFreshData) -> Move | None:
    which = message.WhichOneof("kind")
    if which in _CRATE_FIELDS:
        crate_id = getattr(message, which).crate.id
        if not 0 <= crate_id < len(data.crates):
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
        produce = data.produce_index.get(message.score.produce)
        if produce is None or message.score.scoring not in SCORING_METHOD:
            return None
        return ScoreCrate(produce, SCORING_METHOD[message.score.scoring],
                          message.score.decline_farmer_tile)
    return None


def _named_by_id(message: pb.MarketFreshAction, data: MarketFreshData) -> pb.MarketFreshAction:
    """`message` with the halves of a crate named by its id alone filled in."""
    which = message.WhichOneof("kind")
    if which not in _CRATE_FIELDS:
        return message
    named = getattr(message, which).crate
    if named.first or named.second:
        return message
    filled = pb.MarketFreshAction()
    filled.CopyFrom(message)
    getattr(filled, which).crate.CopyFrom(crate(data, named.id))
    return filled


def read_move(message: pb.MarketFreshAction, grid: int, data: MarketFreshData) -> Move | None:
    """The move an action names, or None if it is malformed.

    Only a message that re-encodes to exactly the canonical action counts,
    once a crate named by its id alone has its halves filled in (halves
    given must be the crate's own), so stray fields never slip through.
    """
    move = _named_move(message, grid, data)
    if move is None:
        return None
    wanted = codecs(data)[grid].action_bytes(move)
    if serialize(_named_by_id(message, data)) != wanted:
        return None
    return move


def _codec(grid: int, data: MarketFreshData) -> ActionCodec[Move, pb.MarketFreshAction]:
    return ActionCodec(
        pb.MarketFreshAction,
        lambda move: build_action(move, grid, data),
        lambda message: read_move(message, grid, data),
        MAX_ACTION_BYTES,
    )


@cache
def codecs(data: MarketFreshData) -> dict[int, ActionCodec[Move, pb.MarketFreshAction]]:
    """The codec of each grid size for one component set."""
    return {grid: _codec(grid, data) for grid in GRID_SIZES}


def codec_of(rules: Rules) -> Callable[[State], ActionCodec[Move, pb.MarketFreshAction]]:
    """`Modules.codec`: a state's actions read by its grid's codec, under the
    version's component set (looked up once per engine, not per call)."""
    by_grid = codecs(rules.data)
    return lambda state: by_grid[state.grid]
