"""Victory points, the next starting player, and the final ranking."""

from __future__ import annotations

from collections.abc import Sequence


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
    n = len(victory_points)
    fewest = min(victory_points)
    return next(
        seat
        for seat in ((current + i) % n for i in range(n))
        if victory_points[seat] == fewest
    )


def final_ranking(
    victory_points: Sequence[int], unused_action_cards: Sequence[int]
) -> tuple[list[int], list[int], str]:
    """Competition ranks, winners and the rule that decided first place.

    "The player, who has earned the most victory points, becomes the winner.
    If several players are tied, then the player with the most unused action
    cards left becomes the winner. If they are still tied, they share the
    victory."
    """
    keys = list(zip(victory_points, unused_action_cards, strict=True))
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    best = max(victory_points)
    if sum(1 for v in victory_points if v == best) == 1:
        tie_break = "score"
    elif len(winners) == 1:
        tie_break = "unused-action-cards"
    else:
        tie_break = "shared"
    return ranks, winners, tie_break
