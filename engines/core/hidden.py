"""What a game hides from a seat, declared beside its `resample_hidden`.

A game's `hidden.py` says, in the rulebook's terms, where the cards a seat
cannot see lie (`places`), which of them a public fact ties to one place
(`pinned`), and what the events a seat saw told it about the others
(`Told`). The conformance suite reads these to judge `resample_hidden`: a
redeal must move every free card, keep every place's size, and contradict
nothing the observer was told (docs/testing.md). A game that hides nothing
declares nothing (`Modules.hidden` is None).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from google.protobuf.message import Message

S = TypeVar("S")  # the game's state
E = TypeVar("E", bound=Message)  # the game's Event message

#: Place name ("hand 2", "deck") -> the hidden items in it, by the game's own
#: item ids (card codes, crate ids, spice indices); equal ids are interchangeable.
Places = dict[str, Counter[int]]


class Told(ABC, Generic[S, E]):
    """The facts one observer learnt from the events it saw, kept up to date
    as it sees more; a new one per observer and game."""

    @abstractmethod
    def see(self, event: E) -> None:
        """Take in one event the observer saw."""

    @abstractmethod
    def contradicted_by(self, state: S, observer: int) -> list[str]:
        """Each fact `state` (a redeal from the observer's side) contradicts, in words."""


class NothingTold(Told[S, E]):
    """A game whose events tell no seat anything about hidden cards that the
    state still records (every told fact is public in the state itself)."""

    def see(self, event: E) -> None:
        return None

    def contradicted_by(self, state: S, observer: int) -> list[str]:
        return []


def nothing_pinned(state: object, observer: int) -> frozenset[int]:
    """No public fact ties a hidden item to one place."""
    return frozenset()


@dataclass(frozen=True)
class Hidden(Generic[S]):
    """Where a game keeps what a seat cannot see, and what events told it."""

    #: The places hidden from `observer` in a state, and the items in each.
    places: Callable[[S, int], Places]
    #: A fresh record of what one observer was told, fed every event it sees
    #: (of the game's Event message).
    told: Callable[[], Told[S, Any]] = NothingTold
    #: Hidden items that public facts may tie to one place: a redeal need not move them.
    pinned: Callable[[S, int], frozenset[int]] = nothing_pinned
