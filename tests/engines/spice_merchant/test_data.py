"""The physical game as data (data.json)."""

from __future__ import annotations

from engines.spice_merchant.data import (
    CARD_COUNTS,
    DEFAULT_NUTMEG,
    NUTMEG,
    NUTMEG_VARIANTS,
    SPICES,
    TOTAL_CARDS,
    price_list,
    secret_goods_to_register,
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
    assert CARD_COUNTS == (16, 16, 14, 14, 12, 12) and TOTAL_CARDS == 84


def test_nutmeg_row_is_an_option_with_the_interpolated_default() -> None:
    assert SPICES[NUTMEG].prices is None
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
    assert [secret_goods_to_register(r) for r in (1, 2, 3, 4)] == [1, 1, 2, 2]
