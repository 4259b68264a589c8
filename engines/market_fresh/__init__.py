"""Market Fresh: stack produce crates on your shopfront (engine package).

Modules: data (crates, produce, grids from the JSON component sets),
versions (one frozen set of flags and components per rules version),
shopfront (placement geometry), state (the table and its encoding), scoring,
rules (turn steps, legal moves, apply), view (protobuf views/events/actions),
spec (what ListGames shows, and which module plays each part of the engine).
"""

from engines.core.standard import StandardEngine
from engines.market_fresh.spec import MODULES
from engines.market_fresh.versions import RULES

#: One engine per rules version, newest first; new games use the first.
VERSIONS = tuple(StandardEngine(MODULES, rules) for rules in RULES)
ENGINE = VERSIONS[0]

__all__ = ["ENGINE", "VERSIONS"]
