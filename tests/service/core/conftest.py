"""Fixtures of a core on an injected clock (tests/service/core/timed.py), for the
tests of turn clocks and take-backs. A module sets the server's tolerance with
TOLERANCE_MS (default 2,000 ms); test_core.py's own `core` fixture stands apart."""

from __future__ import annotations

import pytest

from service.core import GameCore
from service.states import StateStore
from tests.service.core.timed import FakeClock, timed_core


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed(clock: FakeClock, request: pytest.FixtureRequest) -> tuple[GameCore, StateStore]:
    return timed_core(clock, getattr(request.module, "TOLERANCE_MS", 2000))


@pytest.fixture
def core(timed: tuple[GameCore, StateStore]) -> GameCore:
    return timed[0]


@pytest.fixture
def store(timed: tuple[GameCore, StateStore]) -> StateStore:
    return timed[1]
