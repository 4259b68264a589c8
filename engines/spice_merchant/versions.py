"""Spice Merchant's rules versions, newest first (docs/rules/versions.md).

A version is a frozen set of flags that one engine reads, plus the data set
it plays with. A released version never changes: a new reading of the
rulebook, or new data (a publisher's Nutmeg & Mace row), is a new version,
and games started under an older one finish under it. The digest in each
version's name is checked against its data at import.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.spice_merchant.data import COMPONENTS, SpiceData


@dataclass(frozen=True)
class Rules:
    """Where one rules version of Spice Merchant differs from another."""

    version: str
    #: Spices, card counts, prices, table sizes.
    data: SpiceData
    #: Views show each seat's score cards by spice: sold goods lie face up
    #: ("According to the market price, spin your cards to indicate it and
    #: put them down in front of you"). Version 1 showed only their number.
    score_cards_by_spice: bool


V1 = Rules(*COMPONENTS.released("spice-merchant/1+data.84407ecfd483", "1"), score_cards_by_spice=False)
V2 = Rules(*COMPONENTS.released("spice-merchant/2+data.84407ecfd483", "1"), score_cards_by_spice=True)
#: Every version this build plays, newest first (retiring one: docs/rules/versions.md).
RULES: tuple[Rules, ...] = (V2, V1)
