"""Every game the service knows, keyed by game id, with every rules version
it still plays (docs/rules/versions.md). One line per game.

A game registers one engine per rules version, newest first: new games use
the newest unless the caller names another, and a sealed state is opened by
the engine of the version its header names, so games in flight finish under
the rules they started with.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core.engine import Engine

#: game id -> the engine of its newest rules version (what new games use).
ENGINES: dict[str, Engine[Any, Any]] = {}
#: game id -> one engine per rules version the server plays, newest first.
VERSIONS: dict[str, tuple[Engine[Any, Any], ...]] = {}
_BY_VERSION: dict[tuple[str, str], Engine[Any, Any]] = {}


def register(versions: Sequence[Engine[Any, Any]]) -> None:
    """Register a game's engines, one per rules version, newest first."""
    newest = versions[0]
    game_id = newest.spec.game_id
    names = [engine.spec.rules_version for engine in versions]
    if {engine.spec.game_id for engine in versions} != {game_id} or len(set(names)) != len(names):
        raise ValueError(f"{game_id}: each rules version must be one engine of that game")
    ENGINES[game_id] = newest
    VERSIONS[game_id] = tuple(versions)
    for engine in versions:
        _BY_VERSION[game_id, engine.spec.rules_version] = engine


def get(game_id: str, rules_version: str = "") -> Engine[Any, Any] | None:
    """The engine of `game_id` under `rules_version` (empty: the newest), or
    None if the server does not play that game or that version of it."""
    if not rules_version:
        return ENGINES.get(game_id)
    return _BY_VERSION.get((game_id, rules_version))


def rules_versions(game_id: str) -> tuple[str, ...]:
    """Every rules version of the game the server plays, newest first."""
    return tuple(engine.spec.rules_version for engine in VERSIONS.get(game_id, ()))


def every_engine() -> list[Engine[Any, Any]]:
    """One engine per (game, rules version), by game id, newest version first."""
    return [engine for game_id in sorted(VERSIONS) for engine in VERSIONS[game_id]]


def _load() -> None:
    # Imported here so that importing the registry is the one place that
    # decides which games exist.
    from engines.spice_merchant import VERSIONS as spice_merchant

    register(spice_merchant)

    from engines.market_fresh import VERSIONS as market_fresh

    register(market_fresh)

    from engines.central_market import VERSIONS as central_market

    register(central_market)


_load()
