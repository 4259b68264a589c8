"""The bots' heuristic for Market Fresh (docs/bots.md, "Evaluation").

Points now: the final score if the game ended now, i.e. the Score Cube plus,
in the standard game, the Farmer Tiles' column awards and most-tiles points
as they stand (solo's penalty for unplaced crates is left out: it only
applies once no crate fits). What the position is worth: a crate just placed
and not yet scored counts its best scoring option ("Choose one of the items
of fresh produce in the crate you added"), so placing is judged by what it
will score.
"""

from __future__ import annotations

from functools import lru_cache

from engines.core.spec import BotTuning
from engines.market_fresh.rules import options_now
from engines.market_fresh.scoring import final_scores
from engines.market_fresh.state import SCORE, State

#: Points a seat must lead by to be all but sure of winning: about two good
#: turns, or a column award.
SPREAD = 12.0

#: ISMCTS iterations a decision: the bots' default budget for this game,
#: for at most about 200 ms of CPU at the 95th percentile (2 players, the
#: costliest table: 264 ms at 320 iterations on the development machine;
#: docs/bots.md, "How strong, how fast").
SEARCH_ITERATIONS = 240
#: ISMCTS's UCB1 exploration constant for this game (docs/bots.md,
#: "Exploration per game").
SEARCH_EXPLORATION = 0.7
#: ISMCTS's playout depth at 4 players: one random decision after the tree,
#: where three opponents move between two of the bot's turns (at 2 and 3
#: players, the default two). Against greedy at 4, on 240 paired games, depth 1
#: won 87.5% and depth 2 85.0%; at 2 players depth 1 won 84.1% of 41 games
#: where depth 2 won 96.3% (docs/history/bots-notebook.md, "Market Fresh at 4:
#: one playout decision").
SEARCH_DEPTH_AT_4 = 1
#: How the bots play this game: the spec's `bots` (engines/core/spec.py).
TUNING: BotTuning = BotTuning(SPREAD, SEARCH_ITERATIONS, SEARCH_EXPLORATION,
                              search_depth_crowded=SEARCH_DEPTH_AT_4, crowded_from=4)

def estimate(state: State) -> list[float]:
    """`final_scores(...).total` per seat, plus a crate waiting to score its best option."""
    bonus = board_points(state.variant, state.board, len(state.scores))
    points = [float(max(0, track + extra)) for track, extra in zip(state.scores, bonus, strict=True)]
    if state.phase == SCORE:
        points[state.current] += max(o.points for o in options_now(state))
    return points


@lru_cache(maxsize=4096)
def board_points(variant: int, board: tuple[tuple[int, ...], ...], seats: int) -> tuple[int, ...]:
    """Each seat's final-scoring points from the board alone (column awards,
    most tiles): `final_scores` on an empty track, whose total is the track
    plus these (floored at 0, and a track is never below 0). Cached: the
    board changes only when a Farmer Tile is placed, the track every turn,
    and final scoring is a fifth of a search's time when recomputed for each
    estimate."""
    return tuple(f.total for f in final_scores(variant, board, (0,) * seats))
