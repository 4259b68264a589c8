"""Spice Merchant as data: what each rules version shows and takes, how the
service carries it and the bots play it, and which module plays each part
of the engine (engines/core/standard.py)."""

from __future__ import annotations

from engines.core.spec import GameInfo, OptionSpec
from engines.core.standard import Modules, one_codec
from engines.spice_merchant import evaluation, events, hidden, rules, state, text, view
from engines.spice_merchant.moves import CODEC, MAX_ACTION_BYTES, known_part
from engines.spice_merchant.versions import Rules
from marketplay.v1 import spice_merchant_pb2 as pb

#: Every sealed state pads to this (service/padding.py): largest plaintext seen 606 bytes
#: (4 players) over 15 seeded random playouts of every player count and option set
#: (tests/conformance/configs.py), with at least half of that again as headroom; 714 with
#: the largest clock table and 1,188 with take-backs (twice this size then), over 5 seeds
#: of every configuration (`python -m bench.sealed_sizes --seeds 5`, docs/security.md).
SEALED_SIZE = 1024


#: Spice Merchant under every rules version (versions.py names them: the data
#: digest is part of the name, so new prices make a new version).
INFO = GameInfo(
    # "4 game information cards ... The remaining cards are not used": at most
    # 4 seats; the minimum is not printed, 2 is the smallest table that trades.
    "Spice Merchant", min_players=2, max_players=4, action_type=pb.SpiceMerchantAction,
    max_action_bytes=MAX_ACTION_BYTES, bots=evaluation.TUNING, sealed_size=SEALED_SIZE,
)


def options_of(version: Rules) -> tuple[OptionSpec, ...]:
    """The Nutmeg & Mace price rows the version's data offers."""
    return (
        OptionSpec(
            name="nutmeg-prices",
            kind="enum",
            default=version.data.default_nutmeg,
            description=(
                "Nutmeg & Mace points for a market holding 1-2-3-4 cards (the row is blank "
                "in the rulebook; the default interpolates between Clove and Saffron)"
            ),
            allowed=tuple(version.data.nutmeg_variants),
        ),
    )


MODULES = Modules(
    info=INFO, options=options_of, new_game=rules.new_game, deciders=rules.deciders,
    legal_moves=rules.legal_moves, is_legal=rules.is_legal, apply=rules.apply,
    codec=one_codec(CODEC), view=view.build_view, outcome=rules.outcome,
    encode=state.encode, decode=state.decode, read=state.read,
    resample_hidden=hidden.resample_hidden, hidden=hidden.HIDDEN,
    standing=rules.standing, reveals=events.reveals,
    estimate=evaluation.estimate, search_estimate=evaluation.search_estimate,
    known_part=known_part, text=text.TEXT,
)
