"""Victory points, the next starting player, and the final ranking."""

from __future__ import annotations

from collections.abc import Sequence

from google.protobuf.message import Message

from engines.core.engine import Outcome
from engines.core.ranking import ranked_outcome
from engines.core.seats import clockwise


def round_victory_points(incomes: Sequence[int]) -> list[int]:
    """Victory points for one round's incomes.

    "The player, who has earned the most income points, receives as many
    victory points as there are players. The player with the second highest
    ... receives one victory point less and so on." "If two or more players
    are tied for a place in the round, each of them score only as many points
    as they would if they were the last from the tied players." "In the very
    rare case, when a player has earned no income points in a round, he does
    not receive any victory points."

    So a seat scores players - (seats with income >= its own) + 1, and 0 for
    zero income.
    """
    n = len(incomes)
    return [
        0 if mine == 0 else n - sum(1 for other in incomes if other >= mine) + 1
        for mine in incomes
    ]


def next_starting_player(victory_points: Sequence[int], current: int) -> int:
    """The seat with the fewest victory points; ties go to the tied seat
    closest to the current starting player in clockwise order, the current
    starting player himself being closest (distance 0).

    "the starting player in the next round is the player who has the fewest
    victory points. If several players are tied, then the starting player is
    the tied player, who is closest to the starting player of the current
    round in clockwise order."
    """
    fewest = min(victory_points)
    return next(
        seat for seat in clockwise(len(victory_points), current) if victory_points[seat] == fewest
    )


#: The tie-break after victory points, named as `Outcome.tie_break` reports it.
TIE_BREAKS = ("unused-action-cards",)


def final_keys(
    victory_points: Sequence[int], unused_action_cards: Sequence[int]
) -> list[tuple[int, int]]:
    """What ranks the seats at the game end, most first.

    "The player, who has earned the most victory points, becomes the winner.
    If several players are tied, then the player with the most unused action
    cards left becomes the winner. If they are still tied, they share the
    victory."
    """
    return list(zip(victory_points, unused_action_cards, strict=True))


def final_outcome(
    victory_points: Sequence[int], unused_action_cards: Sequence[int], details: Message | None = None
) -> Outcome:
    """Ranks, winners and the deciding rule at the game end."""
    return ranked_outcome(final_keys(victory_points, unused_action_cards), TIE_BREAKS, details)


def winners(victory_points: Sequence[int], unused_action_cards: Sequence[int]) -> list[int]:
    """Seats ranked first at the game end."""
    return list(final_outcome(victory_points, unused_action_cards).winners)
