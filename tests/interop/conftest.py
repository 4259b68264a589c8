"""Fixtures of the interop tests: a server with both ports, per test module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.interop.ts_client import PLAY_CONFIG, ServedBoth


@pytest.fixture(scope="module")
def served_both() -> Iterator[ServedBoth]:
    s = ServedBoth(PLAY_CONFIG)
    yield s
    s.close()
