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

from engines.market_fresh.rules import options_now
from engines.market_fresh.scoring import final_scores
from engines.market_fresh.state import SCORE, State

#: Points a seat must lead by to be all but sure of winning: about two good
#: turns, or a column award.
SPREAD = 12.0

#: ISMCTS iterations for about 200 ms of CPU a decision: the bots' default
#: budget for this game (calibrated for the search before issue 21 at
#: about 200 ms; docs/bots.md, "How strong, how fast").
SEARCH_ITERATIONS = 320

def estimate(state: State) -> list[float]:
    points = [float(f.total) for f in final_scores(state.variant, state.board, state.scores)]
    if state.phase == SCORE:
        points[state.current] += max(o.points for o in options_now(state))
    return points
