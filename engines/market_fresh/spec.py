"""Market Fresh as data: what each rules version shows and takes, how the
service carries it and the bots play it, and which module plays each part
of the engine (engines/core/standard.py)."""

from __future__ import annotations

from collections.abc import Mapping

from engines.core.errors import InvalidOptions
from engines.core.rng import Rng
from engines.core.spec import GameInfo, OptionSpec, OptionValue
from engines.core.standard import Modules
from engines.market_fresh import evaluation, events, hidden, rules, state, text, view
from engines.market_fresh.moves import MAX_ACTION_BYTES, codec_of
from engines.market_fresh.state import SOLO, VARIANT_NAMES, State
from engines.market_fresh.versions import Rules
from marketplay.v1 import market_fresh_pb2 as pb

#: The options, the same under every rules version so far.
OPTIONS = (
    OptionSpec(
        "variant",
        "enum",
        "standard",
        "standard game; crate-heights (Crate Heights variant, 2-4 players); "
        "solo (Stackin' Solo, exactly 1 player, 4x4 grid)",
        allowed=VARIANT_NAMES,
    ),
    OptionSpec(
        "grid",
        "enum",
        "auto",
        "shopfront grid: 5 (5x5), 4 (the smaller 4x4 grids) or auto "
        "(5x5, but 4x4 for solo, which always uses it)",
        allowed=("auto", "5", "4"),
    ),
)

#: Every sealed state pads to this (service/padding.py): largest plaintext seen 1020 bytes
#: (4 players) over 15 seeded random playouts of every player count and option set
#: (tests/conformance/configs.py), with at least half of that again as headroom; 1,128 with
#: the largest clock table and 2,044 with take-backs (twice this size then), over 5 seeds
#: of every configuration (`python -m bench.sealed_sizes --seeds 5`, docs/security.md).
SEALED_SIZE = 1536

#: Market Fresh under every rules version (versions.py names them: a rule or data
#: change is a new version, and the data digest is part of the name, so a state made
#: under other crate or grid data is refused). Its options are the same in each.
INFO = GameInfo(
    "Market Fresh", min_players=1, max_players=4, action_type=pb.MarketFreshAction,
    max_action_bytes=MAX_ACTION_BYTES, bots=evaluation.TUNING, sealed_size=SEALED_SIZE,
)


def options_of(version: Rules) -> tuple[OptionSpec, ...]:
    """What every rules version takes so far."""
    return OPTIONS


def resolve_variant(num_players: int, options: Mapping[str, OptionValue]) -> tuple[int, int]:
    """(variant, grid side) from validated options; InvalidOptions on contradictions.

    Solo: "Take one Shopfront Board, with the 4x4 grid faceup." The other
    games take 2-4 players ("For two players ... three ... four players").
    """
    variant = VARIANT_NAMES.index(str(options.get("variant", "standard")))
    grid_text = str(options.get("grid", "auto"))
    if variant == SOLO:
        if num_players != 1:
            raise InvalidOptions(f"variant solo takes exactly 1 player, got {num_players}")
        if grid_text == "5":
            raise InvalidOptions("variant solo is played on the 4x4 grid; use grid=4 or auto")
        return variant, 4
    if not 2 <= num_players <= 4:
        raise InvalidOptions(
            f"variant {VARIANT_NAMES[variant]} takes 2-4 players, got {num_players}; "
            "one player plays variant=solo"
        )
    return variant, 4 if grid_text == "4" else 5


def new_game(version: Rules, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> State:
    """The set-up of the variant and grid the options name."""
    variant, grid = resolve_variant(num_players, options)
    return rules.new_game(version, num_players, variant, grid, rng)


MODULES = Modules(
    info=INFO, options=options_of, new_game=new_game, deciders=rules.deciders,
    legal_moves=rules.legal_moves, is_legal=rules.is_legal, apply=rules.apply,
    codec=codec_of, view=view.render, outcome=rules.outcome,
    encode=state.encode, decode=state.decode, read=state.read,
    resample_hidden=hidden.resample_hidden, standing=rules.standing, reveals=events.reveals,
    estimate=evaluation.estimate, text=text.TEXT,
)
