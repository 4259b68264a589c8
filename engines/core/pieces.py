"""Views assembled from cached, serialised pieces.

Views are built for every seat on every call but change little from one
state to the next. Protobuf parses concatenated encodings as one merged
message (repeated fields append in the order given), so a view can be the
parse of its pieces joined: each piece is the serialised bytes of a view
holding only one part (the header, one seat's row, a pile), cached by the
plain values it shows. The result is the same message, hence the same
bytes, as one built field by field. Cached pieces are bytes, never shared
mutable messages, and the caches are bounded and thread-safe.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from google.protobuf.message import Message

M = TypeVar("M", bound=Message)

#: Entries per piece cache (`functools.lru_cache(maxsize=CACHE_SIZE)` on each
#: function that serialises a piece): a few games' worth of distinct pieces.
CACHE_SIZE = 4096


def serialize(message: Message) -> bytes:
    """A message's bytes, deterministic so equal messages are equal bytes: the
    one serialisation every engine uses (view pieces, cached action bytes)."""
    return message.SerializeToString(deterministic=True)


def assemble(message_type: type[M], pieces: Iterable[bytes]) -> M:
    """The message whose encoding is the pieces joined, in order."""
    return message_type.FromString(b"".join(pieces))


def embedded(field_number: int, message: bytes) -> bytes:
    """A message field in protobuf wire format, from the message's bytes: the
    key (field number, wire type 2), the length as a varint, the bytes. Lets
    a cached piece sit inside another without parsing it again."""
    return _varint(field_number << 3 | 2) + _varint(len(message)) + message


def _varint(value: int) -> bytes:
    """Protobuf's base-128 varint of a non-negative int, low 7 bits first."""
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)
