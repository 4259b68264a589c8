"""Traffic shapes, as pure functions of the run time (the locustfile's LoadTestShape calls them).

steady: `users` simulated backends from the start (spawned at `spawn_rate`/s)
        until `run_time`: the closed model, each user one game at a time.
ramp:   a staircase up to `users` in `steps` equal steps spread over
        `run_time`: each step holds long enough to read its throughput and
        latency, so the step where throughput stops growing while latency
        climbs is the saturation point.
open:   a fixed arrival rate of new games, whether or not earlier ones have
        finished (the open model): queues grow past saturation instead of the
        load politely backing off, as real traffic does.
"""

from __future__ import annotations

import math

TRAFFIC = ("steady", "ramp", "open")
DEFAULT_STEP_SECONDS = 60.0  # a ramp's step when the run has no time limit


def steady(elapsed: float, users: int, spawn_rate: float,
           run_time: float | None) -> tuple[int, float] | None:
    if run_time is not None and elapsed >= run_time:
        return None
    return users, spawn_rate


def ramp(elapsed: float, users: int, spawn_rate: float, run_time: float | None,
         steps: int) -> tuple[int, float] | None:
    """Step k (0-based) runs ceil(users * (k + 1) / steps) users."""
    steps = max(1, min(steps, users))
    step_seconds = run_time / steps if run_time else DEFAULT_STEP_SECONDS
    step = int(elapsed // step_seconds)
    if step >= steps:
        return None
    return math.ceil(users * (step + 1) / steps), spawn_rate


def open_model(elapsed: float, streams: int, run_time: float | None) -> tuple[int, float] | None:
    """One arrival stream per load-generating process, all started at once."""
    if run_time is not None and elapsed >= run_time:
        return None
    return streams, float(streams)

