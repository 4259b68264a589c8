"""Every game the service knows, keyed by game id. One line per game."""

from __future__ import annotations

from typing import Any

from engines.core.engine import Engine

ENGINES: dict[str, Engine[Any, Any]] = {}


def register(engine: Engine[Any, Any]) -> None:
    ENGINES[engine.spec.game_id] = engine


def get(game_id: str) -> Engine[Any, Any] | None:
    return ENGINES.get(game_id)


def _load() -> None:
    # Imported here so that importing the registry is the one place that
    # decides which games exist.
    from engines.spice_merchant import ENGINE as spice_merchant

    register(spice_merchant)

    from engines.market_fresh import ENGINE as market_fresh

    register(market_fresh)

    from engines.central_market import ENGINE as central_market

    register(central_market)


_load()
