"""The physical game as data (components/<set>/data.json)."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engines.core.versions import DataError
from engines.spice_merchant.data import COMPONENTS, SpiceData, load
from tests.engines.spice_merchant.helpers import (
    CARD_COUNTS,
    DATA,
    DEFAULT_NUTMEG,
    NUTMEG,
    NUTMEG_VARIANTS,
    SPICES,
    price_list,
)


def test_the_84_spice_cards() -> None:
    """ "84 Spice cards: 16 Black pepper, 16 Ginger, 14 Cinnamon, 14 Clove,
    12 Nutmeg & Mace, 12 Saffron" """
    assert [s.title for s in SPICES] == [
        "Black pepper",
        "Ginger",
        "Cinnamon",
        "Clove",
        "Nutmeg & Mace",
        "Saffron",
    ]
    assert CARD_COUNTS == (16, 16, 14, 14, 12, 12) and DATA.total_cards == 84


def test_nutmeg_row_is_an_option_with_the_interpolated_default() -> None:
    assert SPICES[NUTMEG].prices is None and DATA.nutmeg == NUTMEG
    assert DEFAULT_NUTMEG == "2-5-7-9" and NUTMEG_VARIANTS[DEFAULT_NUTMEG] == (2, 5, 7, 9)
    for name, row in NUTMEG_VARIANTS.items():
        assert name == "-".join(map(str, row))
        assert list(row) == sorted(row)


def test_every_variant_keeps_price_columns_between_clove_and_saffron() -> None:
    for name in NUTMEG_VARIANTS:
        prices = price_list(name)
        for column in range(4):
            assert prices[3][column] <= prices[NUTMEG][column] <= prices[5][column]


def test_secret_goods_per_round() -> None:
    assert [DATA.secret_goods_to_register(r) for r in (1, 2, 3, 4)] == [1, 1, 2, 2]


def _doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((COMPONENTS.root / "1" / "data.json").read_text())
    return doc


def test_load_reads_a_directory(tmp_path: Path) -> None:
    (tmp_path / "data.json").write_text(json.dumps(_doc()))
    loaded = load(tmp_path)
    assert loaded.card_counts == CARD_COUNTS and loaded.digest == DATA.digest
    fields = [f.name for f in dataclasses.fields(SpiceData)]
    assert [getattr(loaded, f) for f in fields] == [getattr(DATA, f) for f in fields]


def test_each_bound_admits_its_smallest_value(tmp_path: Path) -> None:
    """One round, one card a market, one of each table size, a price of 0: all load."""
    doc = _doc()
    for key in ("rounds", "market_capacity", "hand_size", "markets_per_spice",
                "full_markets_to_end_round"):
        doc[key] = 1
    doc["secret_goods_per_round"] = [0]
    for entry in doc["spices"]:
        entry["cards"] = 1
        if entry["prices"] is not None:
            entry["prices"] = [0]
    doc["nutmeg_prices"]["variants"] = {doc["nutmeg_prices"]["default"]: [0]}
    (tmp_path / "data.json").write_text(json.dumps(doc))
    loaded = load(tmp_path)
    assert (loaded.rounds, loaded.market_capacity, loaded.hand_size, loaded.markets_per_spice,
            loaded.full_markets_to_end_round, loaded.total_cards) == (1, 1, 1, 1, 1, 6)
    assert loaded.price_list(loaded.default_nutmeg) == ((0,),) * 6


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d["spices"].pop(), "'spices' must list the 6 spices"),
    (lambda d: d["spices"][2].__setitem__("cards", 0), "'cards' must be an integer"),
    (lambda d: d["spices"][0].__setitem__("prices", [1, 2, 3]), "spice 0 'prices'"),
    (lambda d: d["spices"][0].__setitem__("prices", None), "exactly one spice"),
    (lambda d: d["nutmeg_prices"].__setitem__("default", "9-9-9-9"), "default '9-9-9-9'"),
    (lambda d: d["nutmeg_prices"]["variants"].__setitem__("odd", [1, 2]), "variant 'odd'"),
    (lambda d: d["secret_goods_per_round"].pop(), "'secret_goods_per_round'"),
    (lambda d: d["markets"].append("G"), "'markets' must name the 6 markets"),
    (lambda d: d.__setitem__("hand_size", "seven"), "'hand_size'"),
    (lambda d: d["spices"].__setitem__(1, "ginger"), "spice 1 needs string 'name' and 'title'$"),
    (lambda d: d["spices"][1].pop("title"), "spice 1 needs string 'name' and 'title'$"),
    (lambda d: d["spices"][1].__setitem__("name", 2), "spice 1 needs string 'name' and 'title'$"),
    (lambda d: d["spices"][0].__setitem__("prices", [1, 2, 3]),
     r"spice 0 'prices' must be a list of 4 non-negative integers, got \[1, 2, 3\]$"),
    (lambda d: d["spices"][0].__setitem__("prices", [-1, 2, 3, 4]), "spice 0 'prices' must be"),
    (lambda d: d["spices"][0].__setitem__("prices", None),
     r"exactly one spice \(Nutmeg & Mace\) takes its prices from the option$"),
    (lambda d: d.__setitem__("nutmeg_prices", []), "'nutmeg_prices' needs a 'variants' object$"),
    (lambda d: d["nutmeg_prices"].pop("variants"), "'nutmeg_prices' needs a 'variants' object$"),
    (lambda d: d["secret_goods_per_round"].pop(),
     r"'secret_goods_per_round' must be a list of 4 non-negative integers, got \[1, 1, 2\]$"),
    (lambda d: d.__setitem__("rounds", 0), "'rounds' must be an integer of at least 1, got 0$"),
])
def test_invalid_data_is_refused_with_a_clear_message(
    tmp_path: Path, mutate: Callable[[dict[str, Any]], object], message: str
) -> None:
    """A broken file stops the server at start-up, naming the file and entry."""
    doc = _doc()
    mutate(doc)
    (tmp_path / "data.json").write_text(json.dumps(doc))
    with pytest.raises(DataError) as refused:
        load(tmp_path)
    prefix, _, where = str(refused.value).rpartition(" (in ")
    assert prefix.startswith("spice-merchant data file data.json: ") and where == f"{tmp_path})"
    assert re.search(message, prefix), prefix


def test_unreadable_or_malformed_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot be read"):
        load(tmp_path)
    (tmp_path / "data.json").write_text("{not json")
    with pytest.raises(DataError, match="not valid JSON"):
        load(tmp_path)
    (tmp_path / "data.json").write_text("[]")
    with pytest.raises(DataError, match=r"data.json: must hold a JSON object \(in "):
        load(tmp_path)
