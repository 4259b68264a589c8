"""A core on an injected clock, for the tests of turn clocks and take-backs: no test
waits for a deadline, it moves the server's clock (`FakeClock.now`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from service.core import GameCore
from service.errors import ServiceError
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from tests.service.conftest import KEYS_A

#: The fake clock's start, in Unix seconds (2027-01-15 08:00:00 UTC).
START = 1_800_000_000.0


class FakeClock:
    """The server's clock, moved by the test (Unix seconds)."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def timed_core(clock: FakeClock, tolerance_ms: int) -> tuple[GameCore, StateStore]:
    """A core (tokens not required) reading `clock`, and its state store."""
    store = StateStore(Sealer.from_config(KEYS_A), 64, NullObserver())
    return GameCore(store, NullObserver(), False, 100, clock=clock,
                    clock_tolerance_ms=tolerance_ms), store


def refused(call: Callable[[], object]) -> ServiceError:
    """The refusal `call()` raises."""
    with pytest.raises(ServiceError) as refusal:
        call()
    return refusal.value
