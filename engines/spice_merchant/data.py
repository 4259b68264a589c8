"""Spice Merchant's physical data: spices, card counts, price list, table sizes.

The numbers live in `data.json` beside this module so that a publisher's
true Nutmeg & Mace row (blank in the rulebook) can be dropped in without a
code change. A spice is an index into `SPICES` (0 = Black pepper ... 5 =
Saffron, the price list's order); a market is an index 0..5 (A..F).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class Spice:
    name: str
    title: str
    cards: int
    prices: tuple[int, ...] | None  # None: the price comes from an option


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


_DATA = _load()

#: Short digest of the data, part of the rules version: a state made under
#: other prices or counts is refused rather than misread.
DIGEST = hashlib.sha256(json.dumps(_DATA, sort_keys=True).encode()).hexdigest()[:12]

SPICES: tuple[Spice, ...] = tuple(
    Spice(entry["name"], entry["title"], entry["cards"],
          None if entry["prices"] is None else tuple(entry["prices"]))
    for entry in _DATA["spices"]
)
NUM_SPICES = len(SPICES)
#: Spice index of Nutmeg & Mace, whose price row is an option.
NUTMEG = next(i for i, spice in enumerate(SPICES) if spice.prices is None)
CARD_COUNTS: tuple[int, ...] = tuple(spice.cards for spice in SPICES)
TOTAL_CARDS = sum(CARD_COUNTS)

NUTMEG_VARIANTS: dict[str, tuple[int, ...]] = {
    name: tuple(row) for name, row in _DATA["nutmeg_prices"]["variants"].items()
}
DEFAULT_NUTMEG: str = _DATA["nutmeg_prices"]["default"]

HAND_SIZE: int = _DATA["hand_size"]
ROUNDS: int = _DATA["rounds"]
SECRET_GOODS_PER_ROUND: tuple[int, ...] = tuple(_DATA["secret_goods_per_round"])
MARKET_NAMES: tuple[str, ...] = tuple(_DATA["markets"])
NUM_MARKETS = len(MARKET_NAMES)
MARKET_CAPACITY: int = _DATA["market_capacity"]
MARKETS_PER_SPICE: int = _DATA["markets_per_spice"]
FULL_MARKETS_TO_END_ROUND: int = _DATA["full_markets_to_end_round"]


def price_list(nutmeg_prices: str) -> tuple[tuple[int, ...], ...]:
    """Every spice's price row, with the chosen Nutmeg & Mace variant."""
    return tuple(NUTMEG_VARIANTS[nutmeg_prices] if spice.prices is None else spice.prices for spice in SPICES)


def secret_goods_to_register(round_no: int) -> int:
    """ "1st and 2nd rounds begin by registering 1 spice card. 3rd and 4th
    rounds begin by registering 2 spice cards." """
    return SECRET_GOODS_PER_ROUND[round_no - 1]


def _check() -> None:
    """Fail at import, not mid-game, if the data file is inconsistent."""
    rows = [spice.prices for spice in SPICES if spice.prices is not None] + list(NUTMEG_VARIANTS.values())
    if not all(len(r) == MARKET_CAPACITY for r in rows):
        raise ValueError("every price row needs one price per possible market count")
    if DEFAULT_NUTMEG not in NUTMEG_VARIANTS or len(SECRET_GOODS_PER_ROUND) != ROUNDS:
        raise ValueError("data.json: bad nutmeg default or secret-goods list")


_check()
