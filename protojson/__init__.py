"""The proto3 JSON mapping at orjson's speed: json_format's bytes, json_format's verdicts.

A library, not part of the service: it knows protobuf descriptors and JSON,
nothing of marketplay (protojson/README.md). The service's HTTP port uses it
as its Connect JSON codec (service/http/connect.py).

`encode(message)` writes exactly what
``json.dumps(json_format.MessageToDict(message), separators=(",", ":"))`` writes
(non-ASCII escaped as ``\\uXXXX``, as `json.dumps` does by default), and
`decode(data, message_class)` accepts exactly what
``json_format.Parse(data, message, ignore_unknown_fields=True)`` accepts, into
the same message, with one deliberate difference: a field given twice, as
``gameId`` twice or as ``game_id`` plus ``gameId``, is refused (json_format
refuses the first and lets the second overwrite). tests/protojson/test_protojson.py
proves both against json_format for every message type of the contract.

json_format walks each message through Python descriptors, per field, per
call; here each message type is compiled once, on first use, into a Python
function with a few straight lines per field (generated from the descriptor:
names and numbers only), and the JSON text itself is written and read by
orjson. Plans are cached by descriptor full name: the contract's types, a
fixed set.

Where orjson and the standard `json` module disagree, the standard module is
the reference (json_format uses it): a body orjson refuses (``NaN`` literals,
integers beyond 64 bits, lone surrogates) is read again by `json`, and so is a
body whose raw key count is not the parsed one (orjson keeps the last of two
equal keys; `json` with json_format's pair hook refuses them). One difference
remains: orjson reads JSON nested up to 1,024 levels, so an ignored field
nested 1,000-1,024 deep is read where `json` hits Python's recursion limit.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import json
import keyword
import math
import re
import struct
import threading
from collections.abc import Callable
from json.encoder import encode_basestring_ascii
from typing import Any, Final

import orjson
from google.protobuf import json_format, message_factory
from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message

__all__ = ["ProtoJsonError", "decode", "encode"]

#: json_format's limit on nested messages (its `max_recursion_depth` default).
MAX_MESSAGE_DEPTH: Final = 100


class ProtoJsonError(ValueError):
    """A body the proto3 JSON mapping refuses; the text says where and why."""


# ---------------------------------------------------------------------------
# encoding

Encoded = Any  # what orjson serializes: dict, list, str, int, bool, None, Fragment
ToJson = Callable[[Any], Encoded]

_INT64_TYPES: Final = frozenset({
    FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_SINT64, FieldDescriptor.TYPE_SFIXED64,
    FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_FIXED64,
})
#: WKTs whose JSON form is their own `ToJsonString`/`FromJsonString` (as in json_format).
_STRING_WKTS: Final = frozenset({
    "google.protobuf.Timestamp", "google.protobuf.Duration", "google.protobuf.FieldMask",
})
#: WKTs with a JSON form of their own that this module hands to json_format, part by part.
_DELEGATED_WKTS: Final = frozenset({
    "google.protobuf.Any", "google.protobuf.Struct", "google.protobuf.Value",
    "google.protobuf.ListValue",
})


def encode(message: Message) -> bytes:
    """The compact proto3 JSON of `message`, byte for byte json_format's with json.dumps."""
    return _ascii(orjson.dumps(_encoder(_descriptor_of(message))(message)))


def _ascii(out: bytes) -> bytes:
    """orjson's JSON as json.dumps writes it, which escapes all but ' '..'~':
    orjson writes UTF-8 and leaves DEL. A character is escaped alone, so a
    piece escaped before it is kept (`_Fragments`) is escaped as in its body,
    and a body of such pieces needs no pass over it."""
    if not out.isascii():
        out = out.decode().encode("ascii", _ESCAPE_NON_ASCII)
    if b"\x7f" in out:  # never inside a UTF-8 sequence: every byte of one is above 0x7f
        out = out.replace(b"\x7f", b"\\u007f")
    return out


def _descriptor_of(message: Message | type[Message]) -> Descriptor:
    descriptor: Descriptor = message.DESCRIPTOR  # type: ignore[assignment]  # upb's is the same type
    return descriptor


def _sub(field: FieldDescriptor) -> Descriptor:
    """The message type of a message field (the caller checked it is one)."""
    assert field.message_type is not None
    return field.message_type


def _enum(field: FieldDescriptor) -> EnumDescriptor:
    """The enum type of an enum field (the caller checked it is one)."""
    assert field.enum_type is not None
    return field.enum_type


def _escaped(error: UnicodeError) -> tuple[str, int]:
    """A run of non-ASCII characters as json.dumps writes it (``\\uXXXX``, a
    surrogate pair above U+FFFF): the codec finds the runs in C and `json`'s C
    escaper writes them, where a regex over the whole body cost 3.5 ns a
    character (a 60 KB body with a dozen umlauts: 215 us, now 35 us)."""
    assert isinstance(error, UnicodeEncodeError)
    return encode_basestring_ascii(error.object[error.start:error.end])[1:-1], error.end


#: The codec error handler `encode` escapes with (codecs' registry is process-wide:
#: the name is this module's).
_ESCAPE_NON_ASCII: Final = "protojson.escape-non-ascii"
codecs.register_error(_ESCAPE_NON_ASCII, _escaped)


#: Compiled encoders and decoders by message full name; written only under _COMPILING, and
#: only once complete: a type being compiled (and those it reaches) waits in the pending maps.
_encoders: dict[str, ToJson] = {}
_pending_encoders: dict[str, ToJson] = {}
_COMPILING: Final = threading.RLock()


def _encoder(descriptor: Descriptor) -> ToJson:
    """The compiled to-JSON function of a message type (compiled on first use, then cached)."""
    found = _encoders.get(descriptor.full_name)
    if found is not None:
        return found
    with _COMPILING:
        full_name = descriptor.full_name
        found = _encoders.get(full_name) or _pending_encoders.get(full_name)
        if found is not None:
            return found
        outermost = not _pending_encoders
        try:
            if full_name in _STRING_WKTS:
                _pending_encoders[full_name] = _to_json_string
            elif full_name in _DELEGATED_WKTS or descriptor.file.name == "google/protobuf/wrappers.proto":
                _pending_encoders[full_name] = _delegated_to_json
            else:
                _compile_encoder(descriptor)
            made = _pending_encoders[full_name]
            if outermost:
                _encoders.update(_pending_encoders)
        finally:
            if outermost:
                _pending_encoders.clear()
        return made


def _compile_encoder(descriptor: Descriptor) -> ToJson:
    """Straight-line code per message type: a field read and a truth test each, no loop.

    This is what json_format's ListFields walk writes (set fields by number,
    each converted), about twice as fast: a typical message here is a small
    one (a grid square, a card) where the walk's per-call overhead dominates.
    The function is registered before its sub-encoders are compiled (they are
    looked up when it runs), so a type may contain itself.
    """
    namespace: dict[str, Any] = {"_b2a": binascii.b2a_base64, "_negative_zero": _negative_zero}
    subs: dict[str, Descriptor] = {}
    maps: dict[str, FieldDescriptor] = {}  # converters made once this encoder is registered

    def value_of(field: FieldDescriptor, value: str) -> str:
        """The expression converting `value` of `field` (a single value, not a list or map)."""
        kind = field.type
        if kind == FieldDescriptor.TYPE_MESSAGE or kind == FieldDescriptor.TYPE_GROUP:
            name = f"_m{len(subs)}"
            subs[name] = _sub(field)
            return f"{name}({value})"
        if kind == FieldDescriptor.TYPE_ENUM:
            enum = _enum(field)
            name = f"_e{len(namespace)}"
            if enum.is_closed or enum.full_name == _NULL_VALUE:
                namespace[name] = _enum_to_json(enum)
                return f"{name}({value})"
            namespace[name] = {number: item.name for number, item in enum.values_by_number.items()}
            return f"{name}.get({value}, {value})"  # an open enum's unknown number stays a number
        if kind in _INT64_TYPES:
            return f"str({value})"
        if kind == FieldDescriptor.TYPE_BYTES:
            return f"_b2a({value}, newline=False).decode()"
        if kind in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT):
            name = f"_f{len(namespace)}"
            namespace[name] = _double_to_json if kind == FieldDescriptor.TYPE_DOUBLE else _float_to_json
            return f"{name}({value})"
        return value

    def read(field: FieldDescriptor) -> str:
        name = field.name
        return f"getattr(m, {name!r})" if keyword.iskeyword(name) else f"m.{name}"

    lines = ["def to_json(m):", "    out = {}"]
    fields = sorted(descriptor.fields, key=lambda f: f.number)  # ListFields' order
    index = 0
    while index < len(fields):
        field = fields[index]
        key = repr(field.json_name)
        oneof = field.containing_oneof
        members = sorted(oneof.fields, key=lambda f: f.number) if oneof is not None else []
        if len(members) > 1 and fields[index:index + len(members)] == members:
            assert oneof is not None  # members has more than one field only for a oneof
            lines.append(f"    w = m.WhichOneof({oneof.name!r})")
            for position, member in enumerate(members):
                lines.append(f"    {'if' if position == 0 else 'elif'} w == {member.name!r}:")
                lines.append(f"        out[{member.json_name!r}] = {value_of(member, read(member))}")
            index += len(members)
            continue
        index += 1
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            name = f"_c{len(namespace) + len(maps)}"
            maps[name] = field
            lines += [f"    v = {read(field)}", "    if v:", f"        out[{key}] = {name}(v)"]
        elif field.is_repeated:
            item = value_of(field, "x")
            converted = "list(v)" if item == "x" else f"[{item} for x in v]"
            lines += [f"    v = {read(field)}", "    if v:", f"        out[{key}] = {converted}"]
        elif field.has_presence:
            lines += [f"    if m.HasField({field.name!r}):",
                      f"        out[{key}] = {value_of(field, read(field))}"]
        else:
            test = ("v or _negative_zero(v)"  # -0.0 is set: ListFields lists it
                    if field.type in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT) else "v")
            lines += [f"    v = {read(field)}", f"    if {test}:",
                      f"        out[{key}] = {value_of(field, 'v')}"]
    lines.append("    return out")
    exec("\n".join(lines), namespace)  # source built above from descriptor names only
    made: ToJson = namespace["to_json"]
    _pending_encoders[descriptor.full_name] = made
    for name, sub in subs.items():
        namespace[name] = _piece_encoder(sub)
    for name, field in maps.items():
        namespace[name] = _field_to_json(field)
    return made


class _Fragments:
    """JSON of sub-messages by their deterministic bytes: bounded in bytes, in two
    generations, read without a lock.

    A response repeats its pieces (every seat's view shows every seat's public
    row: an all-views Market Fresh update encodes each grid four times), and
    the next state's update repeats most of this one's. Equal deterministic
    bytes are an equal message, so the same JSON; the key is the message's own
    serialisation (upb, in C: a fraction of building its dict tree).

    Pieces are kept in the young generation, of half the budget; when it is
    full it becomes the old one and the old one is let go. A piece found in
    the old generation is kept again in the young one, so what is in use
    stays, as in an LRU, but a read is one or two dict lookups with no lock
    and no reordering (a locked OrderedDict's was ten times a dict's, and an
    all-views answer makes a hundred reads). Holds at most `max_bytes`.

    A piece is kept only when it is put a second time (a doorkeeper, as in
    TinyLFU): most of an all-views answer's bytes are its views, each new
    with its state and most never asked for again, and keeping them on first
    sight let them push out, every few dozen answers, the small pieces that
    do recur (a legal action's label, an event's text). What was put once is
    remembered by its key's hash alone, at most `SEEN_MARKS` of them (a hash
    shared by two keys only keeps a piece on first sight).
    """

    #: Keys put once and remembered (their hashes): about 1 MiB at most.
    SEEN_MARKS: Final = 16384

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._seen: set[int] = set()
        self._young: dict[tuple[str, bytes], tuple[orjson.Fragment, int]] = {}
        self._old: dict[tuple[str, bytes], tuple[orjson.Fragment, int]] = {}
        self._young_bytes = 0
        self._old_bytes = 0
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        """Bytes kept, as their puts counted them."""
        return self._young_bytes + self._old_bytes

    def entries(self) -> list[tuple[orjson.Fragment, int]]:
        """Every kept piece and its cost (a piece is in one generation at most)."""
        with self._lock:
            return [*self._young.values(), *self._old.values()]

    def get(self, key: tuple[str, bytes]) -> orjson.Fragment | None:
        found = self._young.get(key)  # a dict's get is atomic: no lock to read
        if found is None:
            found = self._old.get(key)
            if found is None:
                return None
            self._keep(key, *found)  # in use again: kept on in the young generation
        return found[0]

    def put(self, key: tuple[str, bytes], fragment: orjson.Fragment, cost: int) -> None:
        """Keep `fragment`, counted as `cost` bytes, if its key was put before
        (else remember that it was); when the young generation is full, the
        old one is let go."""
        if cost > self.max_bytes // 2:
            return
        mark = hash(key)
        seen = self._seen
        if mark not in seen:
            if len(seen) >= self.SEEN_MARKS:
                seen.clear()  # a set's clear and add are atomic: no lock
            seen.add(mark)
            return
        seen.discard(mark)
        self._keep(key, fragment, cost)

    def _keep(self, key: tuple[str, bytes], fragment: orjson.Fragment, cost: int) -> None:
        half = self.max_bytes // 2
        with self._lock:
            young = self._young
            if key in young:
                return
            if self._young_bytes + cost > half:
                self._old, self._old_bytes = young, self._young_bytes
                self._young = young = {}
                self._young_bytes = 0
            moved = self._old.pop(key, None)
            if moved is not None:
                self._old_bytes -= moved[1]
            young[key] = (fragment, cost)
            self._young_bytes += cost


#: Cached JSON of view pieces (`_piece_encoder`), for every message type together.
FRAGMENT_CACHE_BYTES: Final = 8 << 20
_fragments = _Fragments(FRAGMENT_CACHE_BYTES)


def _piece_encoder(descriptor: Descriptor) -> ToJson:
    """The encoder a message field of this type uses: cached by the piece's bytes when
    the type is a piece worth caching (`_cacheable`), else the plain encoder."""
    plain = _encoder(descriptor)
    if not _cacheable(descriptor):
        return plain
    full_name = descriptor.full_name

    def cached(message: Any) -> Encoded:
        data = message.SerializeToString(deterministic=True)
        key = (full_name, data)
        cache = _fragments  # read per call: a test or bench may swap in another budget
        found = cache.get(key)
        if found is None:
            text = _ascii(orjson.dumps(plain(message)))  # escaped once, not in every body
            found = orjson.Fragment(text)
            cache.put(key, found, len(data) + len(text) + 200)  # + the entry's own objects
        return found

    return cached


def _cacheable(descriptor: Descriptor) -> bool:
    """A type whose JSON is a function of its bytes alone and costs more to build than
    its bytes: it holds a repeated field, or a message field outside a oneof (not a
    leaf of a few scalars, nor a oneof whose messages are one choice among scalars or
    wrap a piece that is kept itself: a Message's argument, a game's action), and no
    map (deterministic bytes sort map keys, the JSON keeps their order), bytes (state,
    seed: new on every call) or well-known type, however deep. Each piece looked up
    costs its serialisation and a dict lookup, about what such a small one costs to
    write (Market Fresh's German answer made 144 lookups, now 103)."""
    if descriptor.GetOptions().map_entry:
        return False
    composite = False
    seen: set[str] = set()
    pending = [descriptor]
    while pending:
        current = pending.pop()
        if current.full_name in seen:
            continue
        seen.add(current.full_name)
        if current.file.name.startswith("google/protobuf/"):
            return False
        for field in current.fields:
            if field.type == FieldDescriptor.TYPE_BYTES:
                return False
            if field.message_type is not None:
                if field.message_type.GetOptions().map_entry:
                    return False
                pending.append(field.message_type)
                composite = composite or (current is descriptor and not _in_oneof(field))
            elif field.is_repeated and current is descriptor:
                composite = True
    return composite


def _in_oneof(field: FieldDescriptor) -> bool:
    """Whether the field is one choice of a oneof (not a proto3 `optional`
    field, whose synthetic oneof protoc names `_<field>` and gives it alone)."""
    oneof = field.containing_oneof
    return oneof is not None and not (len(oneof.fields) == 1 and oneof.name == "_" + field.name)


def _negative_zero(value: float) -> bool:
    return math.copysign(1.0, value) < 0


def _to_json_string(message: Any) -> Encoded:
    return message.ToJsonString()


def _delegated_to_json(message: Message) -> Encoded:
    return _floats_as_written(json_format.MessageToDict(message))


def _floats_as_written(value: Any) -> Encoded:
    """json.dumps writes a float as `repr`; orjson writes some differently (1e16 vs 1e+16)."""
    if isinstance(value, float):
        return orjson.Fragment(json.dumps(value))
    if isinstance(value, dict):
        return {key: _floats_as_written(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_floats_as_written(item) for item in value]
    return value


def _field_to_json(field: FieldDescriptor) -> ToJson | None:
    """None where the stored value is its own JSON (int32 kinds, bool, string)."""
    if field.message_type is not None and field.message_type.GetOptions().map_entry:
        key_field = field.message_type.fields_by_name["key"]
        value = _value_to_json(field.message_type.fields_by_name["value"])
        is_bool_key = key_field.type == FieldDescriptor.TYPE_BOOL
        return _map_to_json(value, is_bool_key)
    single = _value_to_json(field)
    if not field.is_repeated:
        return single
    if single is None:
        return list
    convert = single
    return lambda values: [convert(item) for item in values]


def _map_to_json(value: ToJson | None, is_bool_key: bool) -> ToJson:
    def to_json(entries: Any) -> Encoded:
        if is_bool_key:
            return {("true" if key else "false"): entries[key] if value is None else value(entries[key])
                    for key in entries}
        if value is None:
            return {str(key): entries[key] for key in entries}
        return {str(key): value(entries[key]) for key in entries}
    return to_json


def _value_to_json(field: FieldDescriptor) -> ToJson | None:
    kind = field.type
    if kind == FieldDescriptor.TYPE_MESSAGE or kind == FieldDescriptor.TYPE_GROUP:
        return _encoder(_sub(field))  # registered before its fields: recursion ends
    if kind == FieldDescriptor.TYPE_ENUM:
        return _enum_to_json(_enum(field))
    if kind in _INT64_TYPES:
        return str
    if kind == FieldDescriptor.TYPE_BYTES:
        return _bytes_to_json
    if kind == FieldDescriptor.TYPE_DOUBLE:
        return _double_to_json
    if kind == FieldDescriptor.TYPE_FLOAT:
        return _float_to_json
    if kind == FieldDescriptor.TYPE_BOOL:
        return bool
    return None


def _enum_to_json(enum: EnumDescriptor) -> ToJson:
    names = {number: value.name for number, value in enum.values_by_number.items()}
    if enum.full_name == "google.protobuf.NullValue":
        return lambda _number: None
    closed = enum.is_closed

    def to_json(number: int) -> Encoded:
        name = names.get(number)
        if name is not None:
            return name
        if closed:
            raise ValueError("Enum field contains an integer value which can not mapped to an enum value.")
        return number  # an open enum's unknown number, as json_format writes it
    return to_json


def _bytes_to_json(value: bytes) -> Encoded:
    return binascii.b2a_base64(value, newline=False).decode("ascii")


def _double_to_json(value: float) -> Encoded:
    if math.isfinite(value):
        return orjson.Fragment(float.__repr__(value).encode())  # json.dumps's float text
    return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"


def _float_to_json(value: float) -> Encoded:
    if math.isfinite(value):
        return orjson.Fragment(float.__repr__(_shortest_float(value)).encode())
    return _double_to_json(value)


def _shortest_float(original: float) -> float:
    """json_format's rounding of a float32: the fewest digits that read back as the same float32."""
    precision = 6
    rounded = float(f"{original:.{precision}g}")
    while struct.unpack("<f", struct.pack("<f", rounded))[0] != original:
        precision += 1
        rounded = float(f"{original:.{precision}g}")
    return rounded


# ---------------------------------------------------------------------------
# decoding


def decode(data: bytes | bytearray | memoryview, message_class: type[Message]) -> Message:
    """`message_class` read from proto3 JSON, as json_format.Parse(ignore_unknown_fields=True) reads it.

    Raises ProtoJsonError for a body json_format refuses, and for a field given
    twice under either of its names.
    """
    plan = _decoder(_descriptor_of(message_class))
    raw = bytes(data)
    try:
        tree = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return _decode_exactly(raw, message_class, plan)
    state = _State(strict=False)
    try:
        values = plan.read(tree, state)
    except _Reread:
        return _decode_exactly(raw, message_class, plan)
    if _raw_key_count(raw) != state.keys:  # a repeated key (or a string that looks like a key)
        return _decode_exactly(raw, message_class, plan)
    return _build(message_class, values)


def _decode_exactly(raw: bytes, message_class: type[Message], plan: _MessagePlan) -> Message:
    """The reference reading: the standard `json` module with json_format's duplicate-key hook."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProtoJsonError(f"Failed to load JSON: {exc}.") from None
    try:
        tree = json.loads(text, object_pairs_hook=_refuse_duplicate_keys)
    except ProtoJsonError:
        raise
    except Exception as exc:  # json's words (and RecursionError's) say where the text breaks
        raise ProtoJsonError(f"Failed to load JSON: {exc}.") from None
    return _build(message_class, plan.read(tree, _State(strict=True)))


def _build(message_class: type[Message], values: Any) -> Message:
    if isinstance(values, Message):  # a top-level well-known type
        return values
    try:
        return message_class(**values)
    except (ValueError, TypeError) as exc:  # checked beforehand; a guard, not a path
        raise ProtoJsonError(f"Failed to parse JSON: {type(exc).__name__}: {exc}.") from None


def _refuse_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for name, value in pairs:
        if name in result:
            raise ProtoJsonError(f"Failed to load JSON: duplicate key {name}.")
        result[name] = value
    return result


_KEY_END: Final = re.compile(rb'"[ \t\n\r]*:')
_QUOTE_SPACE: Final = re.compile(rb'"[ \t\n\r]')


def _raw_key_count(raw: bytes) -> int:
    """An upper bound on the keys the text holds, equal to it unless a string contains ``":``.

    Every key's closing quote is followed by optional whitespace and a colon,
    so this never counts fewer keys than the text has: equal counts before and
    after orjson prove no key was given twice.
    """
    if _QUOTE_SPACE.search(raw):  # a key may end '"key" :', or a string start '" '
        return len(_KEY_END.findall(raw))
    return raw.count(b'":')


class _State:
    """One call's running facts: keys seen (for the duplicate check), message depth, strictness."""

    __slots__ = ("depth", "keys", "strict")

    def __init__(self, strict: bool) -> None:
        self.keys = 0
        self.depth = 0
        self.strict = strict  # read by `json`: strings may hold lone surrogates


class _Reread(Exception):
    """orjson's reading may differ from json's here (an integer beyond 64 bits read as a float)."""


class _Skip:
    """A value json_format drops with ignore_unknown_fields (an unknown enum name)."""


SKIP: Final = _Skip()
_NULL_REFUSED: Final = _Skip()
_MISSING: Final = _Skip()
FromJson = Callable[[Any, _State], Any]
_VALUE: Final = "google.protobuf.Value"
_NULL_VALUE: Final = "google.protobuf.NullValue"
_EXTENSION_NAME: Final = re.compile(r"\[[a-zA-Z0-9\._]*\]$")
_UNPAIRED_SURROGATE: Final = re.compile(
    "[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]")


def _refuse(text: str) -> ProtoJsonError:
    return ProtoJsonError(text)


class _MessagePlan:
    """A message type's reader: `read(js, state)` -> constructor keywords (a message, for WKTs)."""

    def __init__(self, descriptor: Descriptor) -> None:
        self.full_name = descriptor.full_name
        self.keys: frozenset[str] = frozenset()  # every key naming a field
        self.read: FromJson = self._unready

    def _unready(self, js: Any, state: _State) -> Any:
        raise AssertionError(f"{self.full_name}: plan used before it was compiled")

    def read_non_object(self, js: Any, state: _State) -> dict[str, Any]:
        """json_format iterates a string or an array as if it held keys: only unknown names pass."""
        if state.depth + 1 > MAX_MESSAGE_DEPTH:
            raise _too_deep()
        if not isinstance(js, (str, list)):
            raise _refuse(f"{self.full_name} must be a JSON object, not {_json_type(js)}")
        for name in js:
            if type(name) is not str or name in self.keys or _EXTENSION_NAME.match(name):
                raise _refuse(f"{self.full_name} must be a JSON object, not {_json_type(js)}")
        return {}

    def read_unknown(self, js: dict[str, Any], state: _State) -> None:
        """Keys naming no field: ignored, but an extension's name is refused and inner keys counted."""
        for key, value in js.items():
            if key in self.keys:
                continue
            if key[:1] == "[" and _EXTENSION_NAME.match(key):
                raise _refuse(f"Message type {self.full_name} does not have extensions")
            if type(value) is dict or type(value) is list:
                state.keys += _keys_in(value)


def _too_deep() -> ProtoJsonError:
    return _refuse(f"Message too deep. Max recursion depth is {MAX_MESSAGE_DEPTH}")


def _both_names(full_name: str, key: str, other: str) -> ProtoJsonError:
    return _refuse(f'Message type "{full_name}" should not have both "{key}" and "{other}": '
                   "they name the same field")


def _oneof_twice(full_name: str, oneof: str) -> ProtoJsonError:
    return _refuse(f'Message type "{full_name}" should not have multiple "{oneof}" oneof fields')


def _in_field(key: str, exc: ProtoJsonError) -> ProtoJsonError:
    return _refuse(f"Failed to parse {key} field: {exc}")


def _compile_decoder(plan: _MessagePlan, descriptor: Descriptor) -> None:
    """Straight-line code per message type: a key lookup per field name, the common case inline.

    json_format loops over the JSON object's keys and looks each field up in
    descriptors; here each field's keys are looked up in the object, the usual
    value (an int in range, a string, a bool, a known enum name) is stored
    without a call, and anything else goes to the field's full converter.
    Keys naming no field are only visited when the object has some. The
    function is set on the plan before the plans it calls are compiled (they
    are looked up when it runs), so a type may contain itself.
    """
    namespace: dict[str, Any] = {
        "_MISSING": _MISSING, "SKIP": SKIP, "ProtoJsonError": ProtoJsonError, "_too_deep": _too_deep,
        "_both_names": _both_names, "_oneof_twice": _oneof_twice, "_in_field": _in_field,
        "_string": _string_from_json, "_bool": _bool_from_json, "plan": plan, "dict": dict,
        "type": type, "int": int, "str": str, "bool": bool, "list": list, "len": len,
        "MAX_DEPTH": MAX_MESSAGE_DEPTH, "_refuse": _refuse,
    }
    later: dict[str, Callable[[], Any]] = {}  # names bound once this plan can be called

    def bind(value: Any) -> str:
        name = f"_n{len(namespace) + len(later)}"
        namespace[name] = value
        return name

    def bind_later(make: Callable[[], Any]) -> str:
        name = f"_n{len(namespace) + len(later)}"
        later[name] = make
        return name

    json_names = {field.json_name for field in descriptor.fields}
    oneofs = [oneof for oneof in descriptor.oneofs if len(oneof.fields) > 1]
    lines = [
        "def read(js, state):",
        "    if type(js) is not dict:",
        "        return plan.read_non_object(js, state)",
        "    depth = state.depth + 1",
        "    if depth > MAX_DEPTH:",
        "        raise _too_deep()",
        "    state.depth = depth",
        "    state.keys += len(js)",
        "    strict = state.strict",
        "    out = {}",
        "    seen = 0",
        "    k = None",
        *(f"    o{index} = None" for index in range(len(oneofs))),
        "    try:",
        "        pass",  # a message may have no fields
    ]
    full = repr(descriptor.full_name)
    keys: set[str] = set()
    for field in sorted(descriptor.fields, key=lambda f: f.number):
        key, attribute = field.json_name, repr(field.name)
        keys.add(key)
        lines += [f"        k = {key!r}", f"        v = js.get({key!r}, _MISSING)"]
        if field.name != key and field.name not in json_names:  # the JSON name wins a clash
            keys.add(field.name)
            lines += [f"        w = js.get({field.name!r}, _MISSING)",
                      "        if w is not _MISSING:",
                      "            if v is not _MISSING:",
                      f"                raise _both_names({full}, {key!r}, {field.name!r})",
                      "            v = w",
                      f"            k = {field.name!r}"]
        lines += ["        if v is not _MISSING:",
                  "            seen += 1",
                  "            if v is not None:"]
        body: list[str] = []
        oneof = field.containing_oneof
        if oneof is not None and oneof in oneofs:
            slot = f"o{oneofs.index(oneof)}"
            body += [f"if {slot} is not None:",
                     f"    raise _oneof_twice({full}, {oneof.name!r})",
                     f"{slot} = k"]
        body += _store(field, attribute, bind, bind_later)
        lines += [f"                {line}" for line in body]
        null = _null_of(field)
        if null is _NULL_REFUSED:
            lines += ["            else:", "                raise _refuse('null is not a list')"]
        elif null is not SKIP:
            lines += ["            else:", f"                out[{attribute}] = {bind(null)}"]
    lines += [
        "    except ProtoJsonError as exc:",
        "        raise _in_field(k, exc) from None",
        "    if seen != len(js):",
        "        plan.read_unknown(js, state)",
        "    state.depth = depth - 1",
        "    return out",
    ]
    plan.keys = frozenset(keys)
    exec("\n".join(lines), namespace)  # source built above from descriptor names only
    plan.read = namespace["read"]
    for name, make in later.items():
        namespace[name] = make()


def _store(field: FieldDescriptor, attribute: str, bind: Callable[[Any], str],
           bind_later: Callable[[Callable[[], Any]], str]) -> list[str]:
    """The lines storing value `v` of `field` into `out` (the usual value inline)."""
    kind = field.type
    if field.message_type is not None and field.message_type.GetOptions().map_entry:
        convert = bind_later(lambda: _field_from_json(field))
        return [f"out[{attribute}] = {convert}(v, state)"]
    if field.is_repeated:
        if kind == FieldDescriptor.TYPE_MESSAGE and _sub(field).full_name != _VALUE:
            read = bind_later(lambda: _decoder(_sub(field)).read)
            return ["if type(v) is not list:",
                    f"    raise _refuse('repeated field {field.json_name} must be in []')",
                    f"out[{attribute}] = [{read}(x, state) for x in v]"]  # null refused by read
        convert = bind_later(lambda: _field_from_json(field))
        return [f"out[{attribute}] = {convert}(v, state)"]
    if kind == FieldDescriptor.TYPE_MESSAGE or kind == FieldDescriptor.TYPE_GROUP:
        read = bind_later(lambda: _decoder(_sub(field)).read)
        return [f"out[{attribute}] = {read}(v, state)"]
    if kind in _INT_RANGES:
        low, high = _INT_RANGES[kind]
        convert = bind(_value_from_json(field))
        return [f"out[{attribute}] = v if type(v) is int and {low} <= v <= {high} else {convert}(v, state)"]
    if kind == FieldDescriptor.TYPE_STRING:
        return [f"out[{attribute}] = v if type(v) is str and not strict else _string(v, state)"]
    if kind == FieldDescriptor.TYPE_BOOL:
        return [f"out[{attribute}] = v if type(v) is bool else _bool(v, state)"]
    if kind == FieldDescriptor.TYPE_ENUM:
        names = bind({name: value.number for name, value in _enum(field).values_by_name.items()})
        convert = bind(_value_from_json(field))
        return [f"r = {names}.get(v) if type(v) is str else None",
                "if r is None:",
                f"    r = {convert}(v, state)",
                "if r is not SKIP:",
                f"    out[{attribute}] = r"]
    convert = bind(_value_from_json(field))
    return [f"out[{attribute}] = {convert}(v, state)"]


def _null_of(field: FieldDescriptor) -> Any:
    """What null means for a field: its default (SKIP), but null itself in a Value."""
    is_value = field.message_type is not None and field.message_type.full_name == _VALUE
    is_null_enum = field.enum_type is not None and field.enum_type.full_name == _NULL_VALUE
    if (is_value or is_null_enum) and field.is_repeated:
        return _NULL_REFUSED  # json_format fails assigning null to the list
    if is_value:
        return _class_of(_sub(field))(null_value=0)
    if is_null_enum:
        return 0
    return SKIP


def _json_type(value: Any) -> str:
    return ("null" if value is None else "a boolean" if isinstance(value, bool)
            else "a number" if isinstance(value, (int, float)) else "a string" if isinstance(value, str)
            else "an array" if isinstance(value, list) else "an object")


def _keys_in(value: Any) -> int:
    """Keys inside a value the plan does not read (an unknown field's), for the duplicate check."""
    count = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is dict:
            count += len(item)
            stack.extend(item.values())
        elif type(item) is list:
            stack.extend(item)
    return count


_decoders: dict[str, _MessagePlan] = {}
_pending_decoders: dict[str, _MessagePlan] = {}


def _decoder(descriptor: Descriptor) -> _MessagePlan:
    """The compiled reader of a message type (compiled on first use, then cached by full name)."""
    found = _decoders.get(descriptor.full_name)
    if found is not None:
        return found
    with _COMPILING:
        full_name = descriptor.full_name
        found = _decoders.get(full_name) or _pending_decoders.get(full_name)
        if found is not None:
            return found
        outermost = not _pending_decoders
        try:
            plan = _MessagePlan(descriptor)
            _pending_decoders[full_name] = plan  # before the fields: a type may contain itself
            if full_name in _STRING_WKTS:
                plan.read = _with_depth(_from_json_string(descriptor))
            elif full_name in _DELEGATED_WKTS or descriptor.file.name == "google/protobuf/wrappers.proto":
                plan.read = _with_depth(_delegated_from_json(descriptor))
            else:
                _compile_decoder(plan, descriptor)
            if outermost:
                _decoders.update(_pending_decoders)
        finally:
            if outermost:
                _pending_decoders.clear()
        return plan


def _with_depth(read: FromJson) -> FromJson:
    def read_counted(js: Any, state: _State) -> Any:
        state.depth += 1
        if state.depth > MAX_MESSAGE_DEPTH:
            raise _too_deep()
        result = read(js, state)
        state.depth -= 1
        return result
    return read_counted


def _from_json_string(descriptor: Descriptor) -> Callable[[Any, _State], Any]:
    message_class = _class_of(descriptor)

    def read(js: Any, _state: _State) -> Any:
        message = message_class()
        try:
            message.FromJsonString(js)  # type: ignore[attr-defined]  # a WKT method, not on Message
        except Exception as exc:  # ValueError, or a TypeError for a value of the wrong kind
            raise _refuse(str(exc)) from None
        return message
    return read


def _delegated_from_json(descriptor: Descriptor) -> Callable[[Any, _State], Any]:
    message_class = _class_of(descriptor)

    def read(js: Any, state: _State) -> Any:
        state.keys += _keys_in(js)
        message = message_class()
        try:
            json_format.ParseDict(js, message, ignore_unknown_fields=True,
                                  max_recursion_depth=MAX_MESSAGE_DEPTH - state.depth + 1)
        except Exception as exc:
            raise _refuse(str(exc)) from None
        return message
    return read


def _class_of(descriptor: Descriptor) -> type[Message]:
    return message_factory.GetMessageClass(descriptor)


def _field_from_json(field: FieldDescriptor) -> FromJson:
    if field.message_type is not None and field.message_type.GetOptions().map_entry:
        entry = field.message_type
        return _map_from_json(entry.fields_by_name["key"], entry.fields_by_name["value"])
    single = _value_from_json(field)
    if not field.is_repeated:
        return single
    is_value = field.message_type is not None and field.message_type.full_name == "google.protobuf.Value"

    def read_list(js: Any, state: _State) -> Any:
        if not isinstance(js, list):
            raise _refuse(f"repeated field {field.json_name} must be in [] which is {_clip(js)}")
        out = []
        for index, item in enumerate(js):
            if item is None and not is_value:
                raise _refuse(f"null is not allowed to be used as an element in a repeated field "
                              f"at [{index}]")
            converted = single(item, state)
            if converted is not SKIP:
                out.append(converted)
        return out
    return read_list


def _clip(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _map_from_json(key_field: FieldDescriptor, value_field: FieldDescriptor) -> FromJson:
    read_key = _map_key_from_json(key_field)
    read_value = _value_from_json(value_field)

    def read_map(js: Any, state: _State) -> Any:
        if type(js) is not dict:
            raise _refuse(f"Map field must be in a dict which is {_clip(js)}")
        state.keys += len(js)
        out = {}
        for key, value in js.items():
            converted = read_value(value, state)
            if converted is not SKIP:
                out[read_key(key, state)] = converted  # equal keys ("1", "01"): the last wins
            else:
                read_key(key, state)
        return out
    return read_map


_INT_RANGES: Final = {
    FieldDescriptor.TYPE_INT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_SINT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_SFIXED32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_UINT32: (0, 2**32 - 1),
    FieldDescriptor.TYPE_FIXED32: (0, 2**32 - 1),
    FieldDescriptor.TYPE_INT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_SINT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_SFIXED64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_UINT64: (0, 2**64 - 1),
    FieldDescriptor.TYPE_FIXED64: (0, 2**64 - 1),
}
_TWO_63: Final = float(2**63)


def _map_key_from_json(field: FieldDescriptor) -> FromJson:
    kind = field.type
    if kind in _INT_RANGES:
        low, high = _INT_RANGES[kind]

        def read_int_key(key: str, state: _State) -> int:
            number = _integer(key, state)
            if not low <= number <= high:
                raise _refuse(f"Value out of range: {number}")
            return number
        return read_int_key
    if kind == FieldDescriptor.TYPE_BOOL:
        def read_bool_key(key: str, _state: _State) -> bool:
            if key == "true":
                return True
            if key == "false":
                return False
            raise _refuse(f'Expected "true" or "false", not {key}')
        return read_bool_key
    return _string_from_json


def _value_from_json(field: FieldDescriptor) -> FromJson:
    kind = field.type
    if kind == FieldDescriptor.TYPE_MESSAGE or kind == FieldDescriptor.TYPE_GROUP:
        sub = _sub(field)
        return lambda js, state: _decoder(sub).read(js, state)  # compiled by the time it runs
    if kind in _INT_RANGES:
        low, high = _INT_RANGES[kind]

        def read_int(js: Any, state: _State) -> int:
            number = js if type(js) is int else _integer(js, state)
            if not low <= number <= high:
                raise _refuse(f"Value out of range: {number}")
            return number
        return read_int
    if kind == FieldDescriptor.TYPE_STRING:
        return _string_from_json
    if kind == FieldDescriptor.TYPE_BOOL:
        return _bool_from_json
    if kind == FieldDescriptor.TYPE_BYTES:
        return _bytes_from_json
    if kind == FieldDescriptor.TYPE_ENUM:
        return _enum_from_json(_enum(field))
    return _float_from_json(kind == FieldDescriptor.TYPE_FLOAT)


def _integer(value: Any, state: _State) -> int:
    """json_format's integer reading: numbers, numeric strings, integral floats ("1e3", 5.0)."""
    if isinstance(value, float):
        if not value.is_integer():
            raise _refuse(f"Couldn't parse integer: {value}")
        if not state.strict and abs(value) >= _TWO_63:
            raise _Reread  # orjson reads integers beyond 64 bits as floats: ask `json`
    if isinstance(value, str) and " " in value:
        raise _refuse(f'Couldn\'t parse integer: "{value}"')
    if isinstance(value, bool):
        raise _refuse(f"Bool value {value} is not acceptable for integer field")
    try:
        return int(value)
    except ValueError:
        try:
            number = float(value)
        except ValueError:
            raise _refuse(f"invalid literal for an integer: {_clip(value)}") from None
        if not number.is_integer():
            raise _refuse(f'Couldn\'t parse non-integer string: "{value}"') from None
        return int(number)
    except TypeError:
        raise _refuse(f"Couldn't parse integer: {_clip(value)}") from None


def _string_from_json(js: Any, state: _State) -> str:
    if type(js) is not str:
        raise _refuse(f"expected a string, not {_json_type(js)}")
    if state.strict and _UNPAIRED_SURROGATE.search(js):
        raise _refuse("Unpaired surrogate")
    return js


def _bool_from_json(js: Any, _state: _State) -> bool:
    if type(js) is not bool:
        raise _refuse("Expected true or false without quotes")
    return js


def _bytes_from_json(js: Any, _state: _State) -> bytes:
    """Standard or URL-safe base64, padded or not, as json_format reads it."""
    if type(js) is not str:
        raise _refuse(f"expected a base64 string, not {_json_type(js)}")
    try:
        encoded = js.encode()
        return base64.urlsafe_b64decode(encoded + b"=" * (4 - len(encoded) % 4))
    except ValueError as exc:  # binascii.Error, UnicodeEncodeError
        raise _refuse(str(exc)) from None


def _enum_from_json(enum: EnumDescriptor) -> FromJson:
    by_name = {name: value.number for name, value in enum.values_by_name.items()}
    by_number = set(enum.values_by_number)
    closed = enum.is_closed
    full_name = enum.full_name

    def read_enum(js: Any, state: _State) -> Any:
        if type(js) is str:
            number = by_name.get(js)
            if number is not None:
                return number
        elif isinstance(js, (dict, list)):
            raise _refuse(f"Invalid enum value {_clip(js)} for enum type {full_name}")
        elif isinstance(js, float) and not state.strict and abs(js) >= _TWO_63:
            raise _Reread
        try:
            number = int(js)
        except ValueError:  # an unknown name: dropped, as ignore_unknown_fields drops it
            return SKIP
        except (TypeError, OverflowError):
            raise _refuse(f"Invalid enum value {_clip(js)} for enum type {full_name}") from None
        if number in by_number:
            return number
        if closed or not -(2**31) <= number < 2**31:
            raise _refuse(f"Invalid enum value {js} for enum type {full_name}")
        return number  # an open enum keeps an unknown number
    return read_enum


_FLOAT32_MAX: Final = float.fromhex("0x1.fffffep+127")


def _float_from_json(is_float32: bool) -> FromJson:
    def read_float(js: Any, _state: _State) -> float:
        if type(js) is float:
            if math.isnan(js):
                raise _refuse('Couldn\'t parse NaN, use quoted "NaN" instead')
            if math.isinf(js):
                raise _refuse(f'Couldn\'t parse {"" if js > 0 else "-"}Infinity or value too '
                              f'{"large" if js > 0 else "small"}, use quoted '
                              f'"{"" if js > 0 else "-"}Infinity" instead')
            if is_float32 and not -_FLOAT32_MAX <= js <= _FLOAT32_MAX:
                raise _refuse(f'Float value too {"large" if js > 0 else "small"}')
            return js
        if js == "nan":
            raise _refuse('Couldn\'t parse float "nan", use "NaN" instead')
        try:
            return float(js)  # numbers, numeric strings, "NaN", "Infinity", "-Infinity" (and bools)
        except ValueError:
            if js == "-Infinity":
                return -math.inf
            if js == "Infinity":
                return math.inf
            raise _refuse(f"Couldn't parse float: {_clip(js)}") from None
        except (TypeError, OverflowError):
            raise _refuse(f"Couldn't parse float: {_clip(js)}") from None
    return read_float
