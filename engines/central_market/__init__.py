"""Central Market (Brain Games, 2012): bidding down to sell vegetables.

Rules and interpretations: docs/rules/central-market.md.
"""

from engines.central_market.engine import ENGINE, VERSIONS, CentralMarketEngine

__all__ = ["ENGINE", "VERSIONS", "CentralMarketEngine"]
