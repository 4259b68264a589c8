"""Central Market (Brain Games, 2012): bidding down to sell vegetables.

Rules and interpretations: docs/rules/central-market.md.
"""

from engines.central_market.spec import MODULES
from engines.central_market.versions import RULES
from engines.core.standard import StandardEngine

#: One engine per rules version, newest first; new games use the first.
VERSIONS = tuple(StandardEngine(MODULES, rules) for rules in RULES)
ENGINE = VERSIONS[0]

__all__ = ["ENGINE", "VERSIONS"]
