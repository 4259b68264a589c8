"""An event, and its public and private copies.

What a seat may see alone (its drawn cards, its secret choice) goes into a
private copy addressed to it; everybody, that seat included, also gets a
public copy saying only what the table may know ("seat 2 drew 4 cards").
The service sends each copy once, to the views that may see it.
"""

from __future__ import annotations

from dataclasses import dataclass

from google.protobuf.message import Message


@dataclass(frozen=True)
class Event:
    """Something an action caused, with who may learn of it.

    `audience` None means public (every seat and spectators). A private
    event names its seats; the engine emits a separate public event for what
    everybody else may know ("seat 2 drew 4 cards" vs. "you drew ...").
    """

    message: Message
    audience: frozenset[int] | None = None

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        message: Message,
        audience: frozenset[int] | None = None,
    ) -> None:
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "audience", audience)
    # (end of the generated methods)

    def visible_to(self, viewer: int | None) -> bool:
        return self.audience is None or (viewer is not None and viewer in self.audience)


def public(message: Message) -> Event:
    """An event every seat and spectator sees."""
    return Event(message)


def private(seat: int, message: Message) -> Event:
    """An event only `seat` sees."""
    return Event(message, frozenset((seat,)))


def public_and_private(seat: int, for_all: Message, for_seat: Message) -> list[Event]:
    """The public copy, then the seat's own copy with what only it may see."""
    return [public(for_all), private(seat, for_seat)]
