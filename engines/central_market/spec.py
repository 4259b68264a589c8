"""Central Market as data: what each rules version shows and takes, how the
service carries it and the bots play it, and which module plays each part
of the engine (engines/core/standard.py)."""

from __future__ import annotations

from collections.abc import Mapping

from engines.central_market import evaluation, events, hidden, rules, state, text, view
from engines.central_market.data import (
    DEFAULT_MAX_PRICE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_REMOVED_PRODUCT,
    PRODUCTS,
)
from engines.central_market.moves import CODEC, MAX_ACTION_BYTES, known_part
from engines.central_market.rounds import Table, new_state
from engines.central_market.state import NO_PRODUCT, State
from engines.central_market.versions import Rules
from engines.core.errors import InvalidOptions
from engines.core.rng import Rng
from engines.core.spec import GameInfo, OptionSpec, OptionValue
from engines.core.standard import Modules, one_codec
from marketplay.v1 import central_market_pb2 as pb

MAX_PRICE = "max-price"
REMOVED_PRODUCT = "removed-product"
SKIP_IDLE = "skip-idle-reactions"
CHEAT_MIXED = "cheat-mixed-products"
REVEAL_DISCARDS = "reveal-final-discards"

_MAX_PRICE_OPTION = OptionSpec(
    MAX_PRICE,
    "int",
    DEFAULT_MAX_PRICE,
    "Highest price on the Bidding card (prices run 1..max-price); the real card's "
    "range is unknown, 10 is a proposal.",
    min_value=2,
    max_value=30,
)
_REMOVED_PRODUCT_OPTION = OptionSpec(
    REMOVED_PRODUCT,
    "enum",
    NO_REMOVED_PRODUCT,
    "Three-player 40-card variant: the product removed from the game "
    "('none' plays with all 50 cards; only 3 players may remove one).",
    allowed=(NO_REMOVED_PRODUCT, *PRODUCTS),
)


def _skip_idle(description: str) -> OptionSpec:
    """skip-idle-reactions, for trusted callers: a skipped prompt tells a hidden fact."""
    return OptionSpec(SKIP_IDLE, "bool", False, description, trusted_only=True)


def options_of(version: Rules) -> tuple[OptionSpec, ...]:
    """The options a rules version takes (version 2 added two)."""
    if not version.choice_options:
        return (
            _MAX_PRICE_OPTION,
            _REMOVED_PRODUCT_OPTION,
            _skip_idle(
                "Skip Rot and Tourists prompts for seats with no usable card: a Rot on a sale "
                "paid for 1 kg, Tourists without a card of the product in hand. For trusted "
                "callers: a Tourists prompt then shows that the seat holds the product."
            ),
        )
    return (
        _MAX_PRICE_OPTION,
        _REMOVED_PRODUCT_OPTION,
        _skip_idle(
            "Skip Tourists prompts for seats without a card of the product in hand. For "
            "trusted callers: a Tourists prompt then shows that the seat holds the product."
        ),
        OptionSpec(
            CHEAT_MIXED,
            "bool",
            False,
            "A cheater may sell cards of several products; by default his first card fixes "
            "the one product he sells (\"play any other product from his hand\").",
        ),
        OptionSpec(
            REVEAL_DISCARDS,
            "bool",
            False,
            "Final round: the hands discarded go face up to the open discard pile; by "
            "default they are discarded face down and reach no view or event.",
        ),
    )


#: Every sealed state pads to this (service/padding.py): largest plaintext seen 1287 bytes
#: (5 players) over 15 seeded random playouts of every player count and option set
#: (tests/conformance/configs.py), with at least half of that again as headroom; 1,496 with
#: the largest clock table and 2,651 with take-backs (twice this size then), over 5 seeds
#: of every configuration (`python -m bench.sealed_sizes --seeds 5`, docs/security.md).
SEALED_SIZE = 2048


#: Central Market under every rules version (versions.py names them).
INFO = GameInfo(
    "Central Market", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    action_type=pb.CentralMarketAction, max_action_bytes=MAX_ACTION_BYTES,
    bots=evaluation.TUNING, sealed_size=SEALED_SIZE,
)


def new_game(version: Rules, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> State:
    """The table the options describe, dealt (version 1 plays as if both
    choice options were true)."""
    removed = str(options[REMOVED_PRODUCT])
    if removed != NO_REMOVED_PRODUCT and num_players != 3:
        raise InvalidOptions("removed-product (the 40-card variant) is for a three player game only")
    table = Table(
        max_price=int(options[MAX_PRICE]),
        removed_product=PRODUCTS.index(removed) if removed != NO_REMOVED_PRODUCT else NO_PRODUCT,
        skip_idle=bool(options[SKIP_IDLE]),
        cheat_mixed=bool(options.get(CHEAT_MIXED, True)),
        reveal_discards=bool(options.get(REVEAL_DISCARDS, True)),
    )
    return new_state(version, num_players, table, rng)


MODULES = Modules(
    info=INFO, options=options_of, new_game=new_game, deciders=rules.deciders,
    legal_moves=rules.legal_moves, apply=rules.apply,
    codec=one_codec(CODEC), view=view.build_view, outcome=rules.outcome,
    encode=state.encode, decode=state.decode, read=state.read,
    resample_hidden=hidden.resample_hidden, hidden=hidden.HIDDEN,
    standing=rules.standing, reveals=events.reveals,
    pass_move=rules.pass_move,
    estimate=evaluation.estimate, search_estimate=evaluation.search_estimate,
    known_part=known_part, text=text.TEXT,
)
