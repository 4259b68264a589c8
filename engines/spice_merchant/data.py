"""Spice Merchant's physical data: spices, card counts, price list, table sizes.

The numbers live in JSON (`data.json`) so that a publisher's true Nutmeg &
Mace row (blank in the rulebook) can be dropped in without a code change.
Each set of files is a directory under `components/`, and each rules version
names the set it reads (versions.py): a released version's set never
changes, so new data is a new version while games in flight keep theirs.
The six spices and six markets are fixed by the contract (the
SpiceMerchantSpice and SpiceMerchantMarket enums); a data set must agree.

A spice is an index into `spices` (0 = Black pepper ... 5 = Saffron, the
price list's order); a market is an index 0..5 (A..F).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines.core.versions import ComponentSets, DataError

#: The wire's spices and markets (the proto enums, less UNSPECIFIED).
NUM_SPICES = 6
NUM_MARKETS = 6


@dataclass(frozen=True)
class Spice:
    name: str
    title: str
    cards: int
    prices: tuple[int, ...] | None  # None: the price comes from an option


@dataclass(frozen=True, eq=False)
class SpiceData:
    """One data set. Compared and hashed by identity (one object per set,
    see `ComponentSets`), so it can key the view caches."""

    spices: tuple[Spice, ...]
    #: Nutmeg & Mace rows by the `nutmeg-prices` option's value, and the default.
    nutmeg_variants: Mapping[str, tuple[int, ...]]
    default_nutmeg: str
    hand_size: int
    rounds: int
    secret_goods_per_round: tuple[int, ...]
    market_names: tuple[str, ...]
    market_capacity: int
    markets_per_spice: int
    full_markets_to_end_round: int
    #: Short digest of the data, part of the rules version: a state made
    #: under other prices or counts is refused rather than misread.
    digest: str

    @property
    def card_counts(self) -> tuple[int, ...]:
        return tuple(spice.cards for spice in self.spices)

    @property
    def total_cards(self) -> int:
        return sum(self.card_counts)

    @property
    def nutmeg(self) -> int:
        """Spice index of Nutmeg & Mace, whose price row is an option."""
        return next(i for i, spice in enumerate(self.spices) if spice.prices is None)

    def price_list(self, nutmeg_prices: str) -> tuple[tuple[int, ...], ...]:
        """Every spice's price row, with the chosen Nutmeg & Mace variant."""
        row = self.nutmeg_variants[nutmeg_prices]
        return tuple(row if spice.prices is None else spice.prices for spice in self.spices)

    def secret_goods_to_register(self, round_no: int) -> int:
        """ "1st and 2nd rounds begin by registering 1 spice card. 3rd and 4th
        rounds begin by registering 2 spice cards." """
        return self.secret_goods_per_round[round_no - 1]


def _fail(message: str) -> DataError:
    return DataError(f"spice-merchant data file data.json: {message}")


def _int(doc: dict[str, Any], key: str, low: int) -> int:
    value = doc.get(key)
    if type(value) is not int or value < low:
        raise _fail(f"{key!r} must be an integer of at least {low}, got {value!r}")
    return value


def _ints(value: Any, what: str, length: int) -> tuple[int, ...]:
    if not (isinstance(value, list) and all(type(x) is int and x >= 0 for x in value)
            and len(value) == length):
        raise _fail(f"{what} must be a list of {length} non-negative integers, got {value!r}")
    return tuple(value)


def parse(text: str) -> SpiceData:
    """Validate one data.json; raises DataError naming the entry."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise _fail(f"is not valid JSON ({exc})") from None
    if not isinstance(doc, dict):
        raise _fail("must hold a JSON object")
    capacity = _int(doc, "market_capacity", 1)
    entries = doc.get("spices")
    if not isinstance(entries, list) or len(entries) != NUM_SPICES:
        raise _fail(f"'spices' must list the {NUM_SPICES} spices of the SpiceMerchantSpice enum")
    spices = []
    for n, entry in enumerate(entries):
        if not (isinstance(entry, dict) and isinstance(entry.get("name"), str)
                and isinstance(entry.get("title"), str)):
            raise _fail(f"spice {n} needs string 'name' and 'title'")
        cards = _int(entry, "cards", 1)
        prices = entry.get("prices")
        row = None if prices is None else _ints(prices, f"spice {n} 'prices'", capacity)
        spices.append(Spice(entry["name"], entry["title"], cards, row))
    if sum(spice.prices is None for spice in spices) != 1:
        raise _fail("exactly one spice (Nutmeg & Mace) takes its prices from the option")
    nutmeg = doc.get("nutmeg_prices")
    if not isinstance(nutmeg, dict) or not isinstance(nutmeg.get("variants"), dict):
        raise _fail("'nutmeg_prices' needs a 'variants' object")
    variants = {
        name: _ints(row, f"nutmeg_prices variant {name!r}", capacity)
        for name, row in nutmeg["variants"].items()
    }
    if nutmeg.get("default") not in variants:
        raise _fail(f"nutmeg_prices default {nutmeg.get('default')!r} is not one of its variants")
    rounds = _int(doc, "rounds", 1)
    markets = doc.get("markets")
    if not (isinstance(markets, list) and len(markets) == NUM_MARKETS
            and all(isinstance(m, str) for m in markets)):
        raise _fail(f"'markets' must name the {NUM_MARKETS} markets of the SpiceMerchantMarket enum")
    return SpiceData(
        spices=tuple(spices),
        nutmeg_variants=variants,
        default_nutmeg=nutmeg["default"],
        hand_size=_int(doc, "hand_size", 1),
        rounds=rounds,
        secret_goods_per_round=_ints(doc.get("secret_goods_per_round"), "'secret_goods_per_round'",
                                     rounds),
        market_names=tuple(markets),
        market_capacity=capacity,
        markets_per_spice=_int(doc, "markets_per_spice", 1),
        full_markets_to_end_round=_int(doc, "full_markets_to_end_round", 1),
        digest=hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:12],
    )


def load(directory: Path) -> SpiceData:
    """Read and validate `directory`/data.json."""
    try:
        text = (directory / "data.json").read_text("utf-8")
    except OSError as exc:
        raise _fail(f"cannot be read ({exc})") from None
    try:
        return parse(text)
    except DataError as exc:
        raise DataError(f"{exc} (in {directory})") from None


#: The data sets shipped with the engine, one directory each (versions.py names them).
COMPONENTS: ComponentSets[SpiceData] = ComponentSets(Path(__file__).parent / "components", load)
