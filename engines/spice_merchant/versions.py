"""Spice Merchant's rules versions, newest first: each a frozen `Rules`
(engines/core/versions.py says what a version is and why it never changes;
docs/rules/versions.md how to add or retire one). New prices, such as a
publisher's Nutmeg & Mace row, make a new version."""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.versions import DataRules
from engines.spice_merchant.data import COMPONENTS, SpiceData


@dataclass(frozen=True)
class Rules(DataRules[SpiceData]):
    """Spice Merchant's flags; `data`: spices, card counts, prices, table sizes."""

    #: Views show each seat's score cards by spice: sold goods lie face up
    #: ("According to the market price, spin your cards to indicate it and
    #: put them down in front of you"). Version 1 showed only their number.
    score_cards_by_spice: bool


V1 = Rules(*COMPONENTS.released("spice-merchant/1+data.84407ecfd483", "1"), score_cards_by_spice=False)
V2 = Rules(*COMPONENTS.released("spice-merchant/2+data.84407ecfd483", "1"), score_cards_by_spice=True)
#: Every version this build plays, newest first (retiring one: docs/rules/versions.md).
RULES: tuple[Rules, ...] = (V2, V1)
