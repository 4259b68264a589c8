"""Final standings every game reports the same way (docs/api.md, "The update").

Ranks are competition ranks (1, 1, 3): a seat's rank is one more than the
number of seats strictly ahead of it. Each game orders seats by a key, its
score first and then its rulebook's tie-breaks in order; `tie_break` names
the first part of that key that left one seat alone in first place.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Protocol

from google.protobuf.message import Message

from engines.core.engine import Outcome, SeatResult, Standing

#: `Outcome.tie_break` when score and every tie-break leave several seats first.
SHARED = "shared"
#: The name of the first part of every key: the score.
SCORE = "score"


class _Ordered(Protocol):
    def __gt__(self, other: Any, /) -> bool: ...


def competition_ranks(keys: Sequence[_Ordered]) -> list[int]:
    """Rank of each seat by descending key; equal keys share a rank (1, 1, 3)."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def decided_by(keys: Sequence[tuple[int, ...]], rule_names: Sequence[str]) -> str:
    """The rule that decided first place: the name of the first key part that
    leaves one seat alone at the top, or SHARED if none does."""
    leaders = list(range(len(keys)))
    for depth, name in enumerate(rule_names):
        best = max(keys[seat][depth] for seat in leaders)
        leaders = [seat for seat in leaders if keys[seat][depth] == best]
        if len(leaders) == 1:
            return name
    return SHARED


def ranked_outcome(
    keys: Sequence[tuple[int, ...]], tie_breaks: Sequence[str], details: Message | None = None
) -> Outcome:
    """The Outcome of a finished game from each seat's (score, *tie-break values).

    `tie_breaks` names the key parts after the score, in the rulebook's order.
    """
    ranks = competition_ranks(keys)
    results = tuple(
        SeatResult(seat, key[0], rank, tuple(key[1:]))
        for seat, (key, rank) in enumerate(zip(keys, ranks, strict=True))
    )
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    return Outcome(results, winners, decided_by(keys, (SCORE, *tie_breaks)), details)


#: `Outcome.tie_break` of a game that ended because seats forfeited on time and
#: left one seat, or none, to win.
FORFEIT = "forfeit"


def forfeit_outcome(standing: Standing, forfeited: Collection[int]) -> Outcome:
    """The Outcome of a game ended by forfeits on time (a table's `timeout_policy`
    `forfeit`, docs/integration.md, "Turn clocks").

    The seats that did not forfeit rank first, among themselves by their points
    so far and the game's tie-breaks (competition ranks); every forfeiting seat
    shares the rank below them all. `tie_break` names what decided first place
    among the others (`score`, a tie-break, `shared`), or `forfeit` when one
    seat, or none, is left: with none left nobody wins.
    """
    keys = standing.keys
    staying = [seat for seat in range(len(keys)) if seat not in forfeited]
    ranks = dict(zip(staying, competition_ranks([keys[seat] for seat in staying]), strict=True))
    last = len(staying) + 1
    results = tuple(
        SeatResult(seat, key[0], ranks.get(seat, last), tuple(key[1:]))
        for seat, key in enumerate(keys)
    )
    winners = tuple(seat for seat in staying if ranks[seat] == 1)
    if len(staying) > 1:
        decided = decided_by([keys[seat] for seat in staying], (SCORE, *standing.tie_breaks))
    else:
        decided = FORFEIT
    return Outcome(results, winners, decided)
