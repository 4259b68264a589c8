"""Events a move causes. All are public except the crate a seat took face
down, which only its taker sees (everybody else learns that it took one).
Crates and produce are named from the game's component set (`data`)."""

from __future__ import annotations

from collections.abc import Sequence

from google.protobuf.message import Message

from engines.core.engine import Event
from engines.core.events import public, public_and_private
from engines.market_fresh.data import MarketFreshData
from engines.market_fresh.messages import SCORING, crate, square
from engines.market_fresh.outcome import outcome
from engines.market_fresh.scoring import ScoreOption
from engines.market_fresh.state import State
from marketplay.v1 import market_fresh_pb2 as pb


def crate_taken_face_up(data: MarketFreshData, seat: int, crate_id: int) -> Event:
    return public(pb.MarketFreshEvent(
        crate_taken=pb.MarketFreshCrateTaken(seat=seat, face_down=False,
                                             crate=crate(data, crate_id))
    ))


def crate_taken_face_down(data: MarketFreshData, seat: int, crate_id: int) -> list[Event]:
    """Public: the seat took the top face-down crate; private: which crate."""
    return public_and_private(
        seat,
        pb.MarketFreshEvent(crate_taken=pb.MarketFreshCrateTaken(seat=seat, face_down=True)),
        pb.MarketFreshEvent(
            crate_taken=pb.MarketFreshCrateTaken(seat=seat, face_down=True,
                                                 crate=crate(data, crate_id))
        ),
    )


def face_up_refilled(data: MarketFreshData, crate_id: int, left: int) -> Event:
    return public(pb.MarketFreshEvent(
        face_up_refilled=pb.MarketFreshFaceUpRefilled(crate=crate(data, crate_id),
                                                      face_down_left=left)
    ))


def crate_chosen(data: MarketFreshData, seat: int, crate_id: int) -> Event:
    return public(pb.MarketFreshEvent(
        crate_chosen=pb.MarketFreshCrateChosen(seat=seat, crate=crate(data, crate_id))
    ))


def crate_placed(
    data: MarketFreshData, seat: int, crate_id: int, grid: int, first: int, second: int,
    height: int, matches: int,
) -> Event:
    return public(pb.MarketFreshEvent(
        crate_placed=pb.MarketFreshCratePlaced(
            seat=seat,
            crate=crate(data, crate_id),
            first=square(grid, first),
            second=square(grid, second),
            height=height,
            matching_halves=matches,
            perfect_match=matches == 2,
        )
    ))


def score_option(data: MarketFreshData, option: ScoreOption) -> pb.MarketFreshScoreOption:
    return pb.MarketFreshScoreOption(
        produce=data.produce[option.produce].id,
        scoring=SCORING[option.method],
        visible=option.visible,
        height=option.height,
        row=option.row,
        points=option.points,
        perfect_match=option.perfect,
    )


def scored(data: MarketFreshData, seat: int, option: ScoreOption, total: int) -> Event:
    return public(pb.MarketFreshEvent(
        scored=pb.MarketFreshScored(seat=seat, option=score_option(data, option), score=total)
    ))


def farmer_tile(data: MarketFreshData, seat: int, produce: int, from_row: int,
                to_row: int) -> Event:
    return public(pb.MarketFreshEvent(
        farmer_tile=pb.MarketFreshFarmerTilePlaced(
            seat=seat, produce=data.produce[produce].id, from_row=from_row, to_row=to_row
        )
    ))


def crate_removed(data: MarketFreshData, seat: int, crate_id: int, lost: int,
                  total: int) -> Event:
    return public(pb.MarketFreshEvent(
        crate_removed=pb.MarketFreshCrateRemoved(
            seat=seat, crate=crate(data, crate_id), points_lost=lost, score=total
        )
    ))


def game_ended(state: State) -> Event:
    return public(pb.MarketFreshEvent(game_ended=pb.MarketFreshGameEnded(outcome=outcome(state))))


def reveals(state: State, events: Sequence[Message]) -> bool:
    """The step's reveals, for take-backs (Engine.reveals): a face-down take tells its
    taker a crate of the shuffled supply ("Take one faceup or one facedown crate"),
    and a refill turns the supply's next crate face up for all ("If you took a faceup
    crate, flip over a new crate"). Everything else a turn shows (the crate chosen,
    where it goes, how it scores, a crate removed) the seat chose itself, in view of
    all: taking it back tells nobody anything more."""
    return any(
        isinstance(message, pb.MarketFreshEvent) and (
            message.WhichOneof("kind") == "face_up_refilled"
            or (message.WhichOneof("kind") == "crate_taken" and message.crate_taken.face_down))
        for message in events
    )
