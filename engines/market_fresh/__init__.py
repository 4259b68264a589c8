"""Market Fresh: stack produce crates on your shopfront (engine package).

Modules: data (crates, produce, grids from JSON), shopfront (placement
geometry), state (the table and its encoding), scoring, rules (turn steps,
legal moves, apply), view (protobuf views/events/actions), engine.
"""

from engines.market_fresh.engine import MarketFreshEngine

ENGINE = MarketFreshEngine()

__all__ = ["ENGINE", "MarketFreshEngine"]
