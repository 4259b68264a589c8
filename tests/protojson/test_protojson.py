"""protojson against json_format, for every message type of the contract.

Generated messages of each type: encode writes json_format's bytes (through
json.dumps, as the HTTP port did), decode reads them back to the same message,
and decode reads every dialect json_format writes (original field names, enum
numbers, unquoted int64, indentation, raw UTF-8, defaults printed) to
json_format.Parse's message.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf import (
    any_pb2,
    duration_pb2,
    field_mask_pb2,
    json_format,
    message_factory,
    struct_pb2,
    timestamp_pb2,
    wrappers_pb2,
)
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import protojson
from marketplay.v1 import central_market_pb2, game_service_pb2, market_fresh_pb2, spice_merchant_pb2

MODULES = (game_service_pb2, spice_merchant_pb2, central_market_pb2, market_fresh_pb2)


def _contract_types() -> list[Descriptor]:
    """Every message type the contract's files declare or reach (nested, map entries, WKTs)."""
    found: dict[str, Descriptor] = {}

    def visit(descriptor: Descriptor) -> None:
        if descriptor.full_name in found:
            return
        found[descriptor.full_name] = descriptor
        for nested in descriptor.nested_types:
            visit(nested)
        for field in descriptor.fields:
            if field.message_type is not None:
                visit(field.message_type)

    for module in MODULES:
        for descriptor in module.DESCRIPTOR.message_types_by_name.values():
            visit(descriptor)
    return [found[name] for name in sorted(found)]


TYPES = _contract_types()

_INT_RANGES = {
    FieldDescriptor.TYPE_INT32: (-(2**31), 2**31 - 1), FieldDescriptor.TYPE_SINT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_SFIXED32: (-(2**31), 2**31 - 1), FieldDescriptor.TYPE_UINT32: (0, 2**32 - 1),
    FieldDescriptor.TYPE_FIXED32: (0, 2**32 - 1), FieldDescriptor.TYPE_INT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_SINT64: (-(2**63), 2**63 - 1), FieldDescriptor.TYPE_SFIXED64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_UINT64: (0, 2**64 - 1), FieldDescriptor.TYPE_FIXED64: (0, 2**64 - 1),
}


def _scalar(field: FieldDescriptor) -> st.SearchStrategy[Any]:
    kind = field.type
    if kind in _INT_RANGES:
        low, high = _INT_RANGES[kind]
        return st.one_of(st.integers(-3, 3).filter(lambda n: low <= n), st.integers(low, high))
    if kind == FieldDescriptor.TYPE_BOOL:
        return st.booleans()
    if kind == FieldDescriptor.TYPE_STRING:
        return st.text(max_size=6)  # any code point but a lone surrogate, as a string field holds
    if kind == FieldDescriptor.TYPE_BYTES:
        return st.binary(max_size=10)
    if kind == FieldDescriptor.TYPE_ENUM:
        numbers = sorted(field.enum_type.values_by_number)
        return st.one_of(st.sampled_from(numbers), st.integers(-(2**31), 2**31 - 1))  # open enums
    if kind == FieldDescriptor.TYPE_DOUBLE:
        return st.one_of(st.floats(allow_nan=False), st.just(math.nan))  # JSON has one NaN
    if kind == FieldDescriptor.TYPE_FLOAT:
        return st.one_of(st.floats(width=32, allow_nan=False), st.just(math.nan))
    raise AssertionError(f"no strategy for field type {kind} ({field.full_name})")


def _fill(draw: st.DrawFn, message: Message, depth: int) -> None:
    descriptor = message.DESCRIPTOR
    if descriptor.full_name == "google.protobuf.Timestamp":  # a valid one: 0001-01-01 to 9999-12-31
        nanos = st.sampled_from([0, 1_000_000, 1_000, 1]) | st.integers(0, 999_999_999)
        # Message declares no fields: these are a Timestamp's.
        message.seconds = draw(st.integers(-62135596800, 253402300799))  # type: ignore[attr-defined]
        message.nanos = draw(nanos)  # type: ignore[attr-defined]
        return
    if descriptor.full_name == "google.protobuf.Duration":  # a valid one: +-10,000 years, one sign
        seconds = draw(st.sampled_from([0, 1, -1, 315576000000]) | st.integers(-315576000000,
                                                                                 315576000000))
        nanos = draw(st.sampled_from([0, 1_000_000, 1]) | st.integers(0, 999_999_999))
        message.seconds = seconds  # type: ignore[attr-defined]
        message.nanos = -nanos if seconds < 0 else nanos  # type: ignore[attr-defined]
        return
    chosen = {oneof.name: draw(st.sampled_from([None, *oneof.fields]))
              for oneof in descriptor.oneofs if len(oneof.fields) > 1}
    for field in descriptor.fields:
        oneof = field.containing_oneof
        if oneof is not None and oneof.name in chosen:
            if chosen[oneof.name] is not field:
                continue
        elif not draw(st.booleans()):
            continue
        _fill_field(draw, message, field, depth)


def _fill_field(draw: st.DrawFn, message: Message, field: FieldDescriptor, depth: int) -> None:
    target = getattr(message, field.name)
    if field.message_type is not None and field.message_type.GetOptions().map_entry:
        key_field, value_field = (field.message_type.fields_by_name[n] for n in ("key", "value"))
        for key in draw(st.lists(_scalar(key_field), max_size=3, unique=True)):
            if value_field.message_type is not None:
                _fill(draw, target[key], depth + 1)
            else:
                target[key] = draw(_scalar(value_field))
        return
    if field.message_type is not None:
        if depth >= 4:
            return
        if field.is_repeated:
            for _ in range(draw(st.integers(0, 2))):
                _fill(draw, target.add(), depth + 1)
        else:
            target.SetInParent()
            _fill(draw, target, depth + 1)
        return
    if field.is_repeated:
        target.extend(draw(st.lists(_scalar(field), max_size=3)))
    else:
        setattr(message, field.name, draw(_scalar(field)))


@st.composite
def messages(draw: st.DrawFn, descriptor: Descriptor) -> Message:
    message = message_factory.GetMessageClass(descriptor)()
    _fill(draw, message, 0)
    return message


def _today(message: Message) -> bytes:
    """The HTTP port's encoding before this codec."""
    return json.dumps(json_format.MessageToDict(message), separators=(",", ":")).encode()


def _same(left: Message, right: Message) -> bool:
    """Equal contents, NaN included (message equality says NaN != NaN)."""
    return (type(left) is type(right)
            and left.SerializeToString(deterministic=True) == right.SerializeToString(deterministic=True))


PROPERTY = settings(max_examples=20, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("descriptor", TYPES, ids=lambda d: d.full_name)
@PROPERTY
@given(data=st.data())
def test_encode_is_json_formats_bytes_and_decode_reads_them_back(descriptor: Descriptor,
                                                                 data: st.DataObject) -> None:
    """Byte for byte today's encoding; decode(encode(m)) is m."""
    message = data.draw(messages(descriptor))
    encoded = protojson.encode(message)
    assert encoded == _today(message)
    assert _same(protojson.decode(encoded, type(message)), message)


@pytest.mark.parametrize("text", [
    "Gurken für Ann", "\x7f", "a\x7fé\x7f", "\u2068Ann\u2069 bietet", "😀", "x😀é\u2069😀",
    "\x00\x1f\"\\", "é" * 3000 + "a" * 3000 + "ü",
], ids=["umlaut", "del", "del-in-runs", "isolates", "astral", "mixed-runs", "controls", "long-runs"])
def test_text_is_escaped_as_json_dumps_escapes_it(text: str) -> None:
    """Every run of non-ASCII characters, DEL and the controls, wherever they
    fall in a body, escaped exactly as json.dumps does (and read back)."""
    message = game_service_pb2.Message(id="x", text=text)
    encoded = protojson.encode(message)
    assert encoded == _today(message)
    assert encoded.isascii() and b"\x7f" not in encoded
    assert protojson.decode(encoded, game_service_pb2.Message) == message


@pytest.mark.parametrize("descriptor", TYPES, ids=lambda d: d.full_name)
@PROPERTY
@given(data=st.data())
def test_decode_reads_every_json_format_dialect_as_parse_does(descriptor: Descriptor,
                                                              data: st.DataObject) -> None:
    """Whatever json_format writes, decode gives json_format.Parse's message."""
    message = data.draw(messages(descriptor))
    text = json_format.MessageToJson(
        message,
        preserving_proto_field_name=data.draw(st.booleans()),
        use_integers_for_enums=data.draw(st.booleans()),
        indent=data.draw(st.sampled_from([None, 0, 2])),
        ensure_ascii=data.draw(st.booleans()),
        always_print_fields_with_no_presence=data.draw(st.booleans()),
        unquote_int64_if_possible=data.draw(st.booleans()),
    )
    expected = json_format.Parse(text, type(message)(), ignore_unknown_fields=True)
    assert _same(protojson.decode(text.encode(), type(message)), expected)


def test_every_contract_type_is_generated() -> None:
    """The walk reaches the requests, the responses and each game's messages, Timestamp
    and Duration."""
    names = {descriptor.full_name for descriptor in TYPES}
    assert {"marketplay.v1.ApplyActionRequest", "marketplay.v1.GameUpdate",
            "marketplay.v1.ApplyActionRequest.ViewTokensEntry", "google.protobuf.Timestamp",
            "google.protobuf.Duration"} <= names
    assert len(names) > 100
    for module in MODULES:
        assert all(d.full_name in names for d in module.DESCRIPTOR.message_types_by_name.values())


def _iter_fields() -> Iterator[FieldDescriptor]:
    for descriptor in TYPES:
        yield from descriptor.fields


def test_generator_covers_every_field_kind_the_contract_uses() -> None:
    """A field kind with no strategy would fail loudly, not be skipped."""
    for field in _iter_fields():
        if field.message_type is None:
            _scalar(field)


def _well_known() -> list[Message]:
    struct = struct_pb2.Struct()
    struct.update({"a": 1e16, "b": [0.1, "é", True, None, {"c": -2.5}], "d": "x"})
    packed = any_pb2.Any()
    packed.Pack(game_service_pb2.NewGameRequest(game_id="spice-merchant", num_players=3))
    return [
        struct, struct_pb2.Value(number_value=3.0),
        struct_pb2.ListValue(values=[struct_pb2.Value(bool_value=True)]),
        wrappers_pb2.Int64Value(value=-(2**63)), wrappers_pb2.DoubleValue(value=1e16),
        wrappers_pb2.BytesValue(value=b"\xff\x00"), wrappers_pb2.StringValue(value="é😀"),
        wrappers_pb2.BoolValue(value=True), wrappers_pb2.UInt32Value(value=2**32 - 1),
        duration_pb2.Duration(seconds=-1, nanos=-500_000_000), field_mask_pb2.FieldMask(paths=["a.b", "c_d"]),
        timestamp_pb2.Timestamp(seconds=1, nanos=10), packed,
    ]


@pytest.mark.parametrize("message", _well_known(), ids=lambda m: m.DESCRIPTOR.full_name)
def test_well_known_types_outside_the_contract_follow_json_format(message: Message) -> None:
    """Struct, Value, wrappers, Duration, FieldMask and Any: json_format's bytes and reading."""
    encoded = protojson.encode(message)
    assert encoded == _today(message)
    expected = json_format.Parse(encoded, type(message)(), ignore_unknown_fields=True)
    assert _same(protojson.decode(encoded, type(message)), expected)
