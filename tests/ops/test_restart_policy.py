"""The worker supervisor's restart policy, as a pure value: no fork, no clock."""

from __future__ import annotations

from service.workers import Restart, RestartPolicy

POLICY = RestartPolicy(quick_death_seconds=10.0, max_quick_deaths=5, first_delay=0.2,
                       max_delay=5.0)


def test_a_worker_that_lived_long_is_replaced_at_once() -> None:
    assert POLICY.after_death(quick_deaths=0, lived_seconds=3600.0) == Restart(0, 0.0)
    # A long life also forgives earlier quick deaths.
    assert POLICY.after_death(quick_deaths=4, lived_seconds=10.0) == Restart(0, 0.0)


def test_quick_deaths_double_the_delay_up_to_the_cap() -> None:
    delays = []
    quick = 0
    policy = RestartPolicy(max_quick_deaths=100)
    for _ in range(8):
        quick, delay = policy.after_death(quick, lived_seconds=0.5)
        delays.append(delay)
    assert delays == [0.2, 0.4, 0.8, 1.6, 3.2, 5.0, 5.0, 5.0]


def test_too_many_quick_deaths_in_a_row_give_up() -> None:
    quick = 0
    verdicts = []
    for _ in range(5):
        verdict = POLICY.after_death(quick, lived_seconds=1.0)
        verdicts.append(verdict.delay)
        quick = verdict.quick_deaths
    assert verdicts[:4] == [0.2, 0.4, 0.8, 1.6]
    assert verdicts[4] is None and quick == 5


def test_the_quick_death_window_is_exclusive() -> None:
    assert POLICY.after_death(0, lived_seconds=9.999).quick_deaths == 1
    assert POLICY.after_death(0, lived_seconds=10.0).quick_deaths == 0
