"""Central Market's physical data: products, product cards, action cards, limits.

Sources (docs/rules/central-market.md, "Data"): the rulebook says 50 product
cards and 15 action cards; the split per product (3 x 2 kg, 4 x 3 kg,
3 x 4 kg) and the five products come from the publisher's component list (roachware.org). The
bidding card's price range is unknown, so the highest price is the
`max-price` option (lowest price is 1).

A card is a small int `code = product * 3 + size`, with `size` 0, 1, 2 for
2, 3, 4 kg; cards of the same product and weight are interchangeable.
"""

from __future__ import annotations

#: Product names in the order of the CentralMarketProduct enum (value = index + 1).
PRODUCTS: tuple[str, ...] = ("tomatoes", "carrots", "eggplants", "cucumbers", "peppers")
NUM_PRODUCTS = len(PRODUCTS)

#: Weights of the card sizes, and how many cards of each size a product has.
SIZES_KG: tuple[int, ...] = (2, 3, 4)
CARDS_PER_SIZE: tuple[int, ...] = (3, 4, 3)
NUM_CODES = NUM_PRODUCTS * len(SIZES_KG)

#: "In each round each product can be sold in total quantity of only 10 kilograms."
PRODUCT_LIMIT_KG = 10
#: "each player may only sell a total amount of 10 kilograms of all products combined."
PLAYER_LIMIT_KG = 10
#: "each player is dealt 4 product cards from the draw pile"
DELIVERY_CARDS = 4
#: Rounds: "The game consists of 7 rounds"; "If there are 5 players ... only five rounds".
ROUNDS_BY_PLAYERS: dict[int, int] = {3: 7, 4: 7, 5: 5}
MIN_PLAYERS = 3
MAX_PLAYERS = 5
LOWEST_PRICE = 1
DEFAULT_MAX_PRICE = 10

#: Action cards, one of each per seat, kept as a bit mask of the unused ones.
CHEAT = 1
TOURISTS = 2
ROT = 4
ALL_ACTION_CARDS = CHEAT | TOURISTS | ROT
ACTION_CARD_NAMES: dict[int, str] = {CHEAT: "cheat", TOURISTS: "tourists", ROT: "rot"}

#: Enum option value meaning "play with all 50 cards".
NO_REMOVED_PRODUCT = "none"


def code(product: int, kg: int) -> int:
    """The card code of a product card."""
    return product * 3 + SIZES_KG.index(kg)


def product_of(card: int) -> int:
    return card // 3


def kg_of(card: int) -> int:
    return SIZES_KG[card % 3]


def deck(removed_product: int) -> list[int]:
    """Every product card in play, sorted; `removed_product` NO_PRODUCT (-1) keeps all five."""
    cards: list[int] = []
    for product in range(NUM_PRODUCTS):
        if product == removed_product:
            continue
        for size, count in enumerate(CARDS_PER_SIZE):
            cards.extend([product * 3 + size] * count)
    return cards


def unused_count(mask: int) -> int:
    """How many action cards a seat has not used (the game-end tie-break)."""
    return bin(mask).count("1")
