"""Central Market's rules versions, newest first (docs/rules/versions.md).

A version is a frozen set of flags that one engine reads; where two versions
play alike the rules code has no flag at all. A released version never
changes: a new reading of the rulebook is a new version, and games started
under an older one finish under it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.versions import rules_version


@dataclass(frozen=True)
class Rules:
    """Where one rules version of Central Market differs from another."""

    version: str
    #: A seat's private `cards_delivered` event lists its cards sorted, not in
    #: the order they were dealt: the dealing order follows the hidden draw
    #: pile, so two tables that differ only there must tell the seat the same.
    sorted_deliveries: bool
    #: "If at any time the draw pile runs out, shuffle the discard pile to form
    #: a new draw pile": reshuffle the moment the last card is dealt (version 1
    #: waited for the next draw, so that round's played cards were mixed in).
    reshuffle_when_empty: bool
    #: A Rot on a sale paid at 1 kg rots nothing (the rotten half rounds down
    #: to 0), so nobody is asked; version 1 asked unless skip-idle-reactions.
    rot_only_when_it_rots: bool
    #: The options `cheat-mixed-products` and `reveal-final-discards` exist and
    #: the state records them, with the face-down discarded hands of the final
    #: round. Version 1 plays as if both were true and does not record them.
    choice_options: bool


V1 = Rules(
    "central-market/1",
    sorted_deliveries=False,
    reshuffle_when_empty=False,
    rot_only_when_it_rots=False,
    choice_options=False,
)
V2 = Rules(
    rules_version("central-market", 2),
    sorted_deliveries=True,
    reshuffle_when_empty=True,
    rot_only_when_it_rots=True,
    choice_options=True,
)
#: Every version this build plays, newest first (retiring one: docs/rules/versions.md).
RULES: tuple[Rules, ...] = (V2, V1)
