"""The end of the game: final scores, ranks, and the MarketFreshOutcome."""

from __future__ import annotations

from typing import Protocol

from engines.core.engine import Outcome
from engines.core.ranking import ranked_outcome
from engines.market_fresh.messages import VARIANTS
from engines.market_fresh.scoring import Board, FinalScore, final_scores, solo_rating
from engines.market_fresh.state import SOLO
from engines.market_fresh.versions import Rules
from marketplay.v1 import market_fresh_pb2 as pb

#: "the player with the most wins!": no tie-break, so equal totals share first place.
TIE_BREAKS: tuple[str, ...] = ()


class Table(Protocol):
    """What final scoring reads: a State, or the public table of view.py."""

    @property
    def rules(self) -> Rules: ...
    @property
    def variant(self) -> int: ...
    @property
    def board(self) -> Board: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def face_up(self) -> tuple[int, ...]: ...


def finals(table: Table) -> list[FinalScore]:
    """Final scoring; in solo the crates left face up are unused crates."""
    unused = len(table.face_up) if table.variant == SOLO else 0
    return final_scores(table.variant, table.board, table.scores, unused)


def outcome(table: Table, scores: list[FinalScore] | None = None) -> pb.MarketFreshOutcome:
    scores = finals(table) if scores is None else scores
    produce = table.rules.data.produce
    message = pb.MarketFreshOutcome(variant=VARIANTS[table.variant])
    for f in scores:
        message.seats.append(
            pb.MarketFreshFinalScore(
                seat=f.seat,
                crate_points=f.crate_points,
                column_awards=[
                    pb.MarketFreshColumnAward(produce=produce[p].id, row=r, points=pts)
                    for p, r, pts in f.column_awards
                ],
                column_points=f.column_points,
                farmer_tiles=f.farmer_tiles,
                farmer_tile_points=f.farmer_tile_points,
                unused_crates=f.unused_crates,
                unused_crate_penalty=f.unused_penalty,
                total=f.total,
            )
        )
    if table.variant == SOLO:
        message.solo_rating = solo_rating(scores[0].total)
    return message


def final_outcome(table: Table) -> Outcome:
    """Ranks by total: "Then everyone adds up all their points, and the
    player with the most wins!" """
    scores = finals(table)
    return ranked_outcome([(f.total,) for f in scores], TIE_BREAKS, outcome(table, scores))
