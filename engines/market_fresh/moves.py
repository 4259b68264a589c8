"""Market Fresh's moves, one small immutable value per kind of decision.

rules.py works on moves; actions.py turns them into protobuf actions and
back. A square is `row * size + col` (shopfront.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TakeFaceUp:
    """ "Take one faceup ... crate." """

    crate: int


@dataclass(frozen=True, slots=True)
class TakeFaceDown:
    """ "Take ... one facedown crate" (the top of the supply)."""


@dataclass(frozen=True, slots=True)
class ChooseCrate:
    """Pick the crate to add to the shopfront (from the held crates, or the
    face-up crates in solo)."""

    crate: int


@dataclass(frozen=True, slots=True)
class RemoveCrate:
    """None of the held crates fits: remove this one from the game."""

    crate: int


@dataclass(frozen=True, slots=True)
class PlaceCrate:
    """Lay the chosen crate with its first half on `first`, its second on `second`."""

    first: int
    second: int


@dataclass(frozen=True, slots=True)
class ScoreCrate:
    """Score the added crate for one of its produce, by BASIC or HEIGHT scoring;
    `decline_tile`: without placing or moving a Farmer Tile (standard game,
    rules version 2 on)."""

    produce: int
    method: int
    decline_tile: bool = False


Move = TakeFaceUp | TakeFaceDown | ChooseCrate | RemoveCrate | PlaceCrate | ScoreCrate
