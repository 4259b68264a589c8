"""Spice Merchant (DEINKO, 2012): secret and open trade, faked demand.

Rules and interpretations: docs/rules/spice-merchant.md.
"""

from engines.core.standard import StandardEngine
from engines.spice_merchant.spec import MODULES
from engines.spice_merchant.versions import RULES

#: One engine per rules version, newest first; new games use the first.
VERSIONS = tuple(StandardEngine(MODULES, rules) for rules in RULES)
ENGINE = VERSIONS[0]

__all__ = ["ENGINE", "VERSIONS"]
