"""Budgets and values, shared by every policy (engines/bots/common.py)."""

from __future__ import annotations

import hashlib
import struct
import time

from hypothesis import given
from hypothesis import strategies as st

from engines.bots.common import (
    MARGIN,
    Budget,
    Stream,
    outcome_values,
    points_values,
    squash,
)
from engines.core import Rng
from engines.core.engine import Outcome, SeatResult


def test_an_iteration_budget_stops_after_that_many() -> None:
    budget = Budget(3)
    assert [budget.allows(i) for i in range(5)] == [True, True, True, False, False]


def test_a_passed_deadline_still_allows_one_iteration() -> None:
    budget = Budget(100, deadline=time.monotonic() - 1)
    assert budget.allows(0)
    assert not budget.stopped_by_time
    assert not budget.allows(1)
    assert budget.stopped_by_time  # the time, not the iterations, ended it


def test_iterations_that_run_out_are_not_stopped_by_time() -> None:
    budget = Budget(2, deadline=time.monotonic() + 3600)
    assert [budget.allows(i) for i in range(3)] == [True, True, False]
    assert not budget.stopped_by_time


def test_an_iteration_starts_only_if_it_can_end_in_time() -> None:
    """After an iteration that took longer than what is left, no new one starts."""
    budget = Budget(100, deadline=time.monotonic() + 0.05)
    assert budget.allows(0)
    time.sleep(0.03)  # "the iteration" took 30 ms; 20 ms are left
    assert not budget.allows(1)


def outcome(*ranks: int) -> Outcome:
    results = tuple(SeatResult(seat, 10 - rank, rank) for seat, rank in enumerate(ranks))
    return Outcome(results, tuple(r.seat for r in results if r.rank == 1), "score")


def test_the_win_counts_most_then_the_margin() -> None:
    """A sole winner gets at least 0.9, a loser at most 0.1; tied winners
    share; among losers, more points are worth a little more."""
    won, second, third = outcome_values(outcome(1, 2, 3), 5.0)
    assert won >= 1 - MARGIN and third < second <= MARGIN
    tied = outcome_values(outcome(1, 1, 3), 5.0)
    assert tied[0] == tied[1] and 0.45 < tied[0] < 0.55 and tied[2] <= MARGIN


def test_alone_at_the_table_more_points_are_worth_more() -> None:
    solo = [outcome_values(Outcome((SeatResult(0, score, 1),), (0,), "score"), 12.0)[0]
            for score in (0, 50, 100, 150)]
    assert solo == sorted(solo) and len(set(solo)) == 4 and solo[0] > 0 and solo[-1] < 1


@given(st.floats(-1e6, 1e6), st.floats(-1e6, 1e6))
def test_squash_is_increasing_within_0_and_1(a: float, b: float) -> None:
    assert 0.0 <= squash(a) <= 1.0
    assert (squash(a) <= squash(b)) == (a <= b) or squash(a) == squash(b)


@given(st.lists(st.integers(0, 200), min_size=2, max_size=5))
def test_points_values_order_seats_by_their_points(points: list[int]) -> None:
    values = points_values([float(p) for p in points], 10.0)
    for i in range(len(points)):
        for j in range(len(points)):
            if points[i] > points[j]:
                assert values[i] > values[j]
            elif points[i] == points[j]:
                assert values[i] == values[j]
    if len(points) == 2:
        assert abs(sum(values) - 1.0) < 1e-12  # two seats: one's chance is the other's loss


@given(st.binary(min_size=1, max_size=64), st.integers(0, 1000))
def test_a_stream_is_a_function_of_seed_and_counter(seed: bytes, counter: int) -> None:
    """Draw k is word k % 8 of BLAKE2b-512(key=seed, k // 8): whatever came
    before, a stream set to a counter draws what a fresh one there does, and
    a fork draws what its original would without moving it."""
    block = hashlib.blake2b((counter // 8).to_bytes(8, "little"), key=seed).digest()
    expected = struct.unpack("<8Q", block)[counter % 8]
    fresh = Stream(seed, counter)
    assert fresh.next64() == expected
    used = Stream(seed)
    for _ in range(counter % 13):
        used.next64()
    used.counter = counter
    twin = used.fork()
    assert twin.next64() == expected and used.counter == counter
    assert used.next64() == expected and used.counter == counter + 1


@given(st.binary(min_size=1, max_size=64), st.integers(0, 100), st.integers(0, 60))
def test_a_streams_shuffle_and_below_are_rngs_on_its_draws(seed: bytes, counter: int,
                                                          size: int) -> None:
    """Stream inlines its draws into `shuffle`: the permutation, and where the
    stream is left, must be `Rng`'s Fisher-Yates over the same draws."""
    fast, plain = Stream(seed, counter), Stream(seed, counter)
    items, expected = list(range(size)), list(range(size))
    fast.shuffle(items)
    for i in range(size - 1, 0, -1):  # Rng.shuffle, drawing through next64
        j = Rng.below(plain, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and fast.counter == plain.counter
    assert fast.below(size + 1) == Rng.below(plain, size + 1)
