"""Spice Merchant (DEINKO, 2012): secret and open trade, faked demand.

Rules and interpretations: docs/rules/spice-merchant.md.
"""

from engines.spice_merchant.engine import SpiceMerchantEngine

ENGINE = SpiceMerchantEngine()

__all__ = ["ENGINE", "SpiceMerchantEngine"]
