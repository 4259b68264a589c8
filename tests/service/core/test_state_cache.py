"""The decoded-state cache: bounded by entries and memory, and never fooled."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core import Game
from service.errors import ServiceError
from service.instance import Instance
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from tests.service.conftest import KEYS_A

ENGINE = registry.get("spice-merchant")
assert ENGINE is not None


def _games(count: int) -> list[Game]:
    return [Game.new(ENGINE, 3, {}, f"cache-{i}".encode()) for i in range(count)]


def test_the_cache_holds_no_more_entries_than_configured() -> None:
    store = StateStore(Sealer.from_config(KEYS_A), 5, NullObserver())
    for game in _games(12):
        store.seal(game, Instance.draw())
    assert store._cache is not None and len(store._cache) == 5


def test_the_cache_holds_no_more_memory_than_its_budget() -> None:
    budget = 64 << 10
    store = StateStore(Sealer.from_config(KEYS_A), 4096, NullObserver(), budget)
    for game in _games(40):
        store.seal(game, Instance.draw())
    assert store._cache is not None
    assert 0 < store._cache.currsize <= budget
    assert len(store._cache) < 40


def test_a_state_sharing_only_the_tag_is_not_a_hit() -> None:
    """The key is the GCM tag; a hit needs the whole sealed bytes to match."""
    store = StateStore(Sealer.from_config(KEYS_A), 16, NullObserver())
    game = _games(1)[0]
    instance = Instance.draw()
    sealed = store.seal(game, instance)
    assert store.open(sealed).game is game
    forged = sealed[:-40] + bytes([sealed[-40] ^ 1]) + sealed[-39:]
    with pytest.raises(ServiceError) as excinfo:
        store.open(forged)
    assert excinfo.value.reason == "TAMPERED_STATE"
