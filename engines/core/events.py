"""Public and private copies of an event.

What a seat may see alone (its drawn cards, its secret choice) goes into a
private copy addressed to it; everybody, that seat included, also gets a
public copy saying only what the table may know ("seat 2 drew 4 cards").
The service sends each copy once, to the views that may see it.
"""

from __future__ import annotations

from google.protobuf.message import Message

from engines.core.engine import Event


def public(message: Message) -> Event:
    """An event every seat and spectator sees."""
    return Event(message)


def private(seat: int, message: Message) -> Event:
    """An event only `seat` sees."""
    return Event(message, frozenset((seat,)))


def public_and_private(seat: int, for_all: Message, for_seat: Message) -> list[Event]:
    """The public copy, then the seat's own copy with what only it may see."""
    return [public(for_all), private(seat, for_seat)]
