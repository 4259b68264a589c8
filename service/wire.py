"""Protobuf's wire format, written by hand where the service keeps bytes.

Responses are written from pieces the service already holds serialized
(the sealed state, kept labelled actions and Messages, an engine's cached
action bytes), so nothing is parsed into a message only to be serialized
again (docs/architecture.md, "A response written as bytes"). These are the
few primitives that writing needs: a base-128 varint, a field's tag, and a
length-delimited or varint field. Each writes what protobuf writes for the
same value (tests/service/core/test_written_updates.py holds the result to
`SerializeToString(deterministic=True)`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from google.protobuf.descriptor import Descriptor
from google.protobuf.message import Message

__all__ = ["Written", "field_tag", "length_delimited", "packed", "varint", "varint_field"]

M = TypeVar("M", bound=Message)


def varint(value: int) -> bytes:
    """Protobuf's base-128 varint of an int, low 7 bits first; a negative one as
    its 64-bit two's complement (ten bytes), as int32 and int64 fields write it."""
    value &= (1 << 64) - 1
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def field_tag(message: Descriptor, name: str) -> bytes:
    """A length-delimited field's tag, as it precedes the field's bytes."""
    return varint(message.fields_by_name[name].number << 3 | 2)


def length_delimited(tag: bytes, data: bytes) -> bytes:
    """A bytes, string or message field: its tag, the length, the bytes."""
    return tag + varint(len(data)) + data


def varint_field(number: int, value: int) -> bytes:
    """An integer or bool field of implicit presence: nothing for 0, as protobuf
    writes no default value."""
    return varint(number << 3) + varint(value) if value else b""


def packed(number: int, values: list[int]) -> bytes:
    """A repeated integer field, packed (proto3's default); nothing when empty."""
    if not values:
        return b""
    return length_delimited(varint(number << 3 | 2), b"".join([varint(v) for v in values]))


@dataclass(frozen=True, slots=True)
class Written(Generic[M]):
    """A response already in wire format, as `SerializeToString(deterministic=True)`
    would give it: the ports send `data` as it is (gRPC, Connect's and gRPC-Web's
    binary), and Connect JSON parses it once (`message`)."""

    data: bytes
    type: type[M]

    def message(self) -> M:
        return self.type.FromString(self.data)
