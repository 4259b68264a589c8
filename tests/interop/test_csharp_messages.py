"""The generated C# messages (clients/csharp/Runtime/Generated) carry every message of the contract in JSON.

The DLL (tests/interop/csharp_build.py: the client and the messages, Mono's
mcs) and tests/interop/csharp/RoundTrip.cs read each sample into its
generated class and write it back with the client's JSON settings; the
result must parse, with unknown names refused, into the same protobuf
message. Two sources of samples: every message type of marketplay.v1 with
every field set (one sample per member of its largest oneof, so each oneof
member is carried once; 64-bit values past 2^32, non-ASCII strings, bytes,
enums by name, maps, timestamps and durations), and the server's own
responses, byte for byte, of each game's first moves in German with display
names over Connect JSON.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from google.protobuf import descriptor, json_format, message_factory
from google.protobuf.message import Message

from marketplay.v1 import game_service_pb2 as pb
from tests.interop.csharp_build import DLL, NEWTONSOFT, REFERENCES, built
from tests.interop.native_clients import cached_build, run, source_key, tool_version
from tests.interop.ts_client import ServedBoth

HERE = Path(__file__).resolve().parent
PACKAGE = "marketplay.v1"
DEPTH = 4                        # nested messages deeper than this are set but left empty
GAMES = {"central-market": 3, "market-fresh": 2, "spice-merchant": 2}   # game -> players
MOVES = 6                        # server responses taken per game


@pytest.fixture(scope="module")
def round_trip() -> Path:
    """The round-trip program, built against the client's DLL."""
    dll_dir = built()
    source = HERE / "csharp" / "RoundTrip.cs"
    key = source_key([source, dll_dir / DLL], tool_version("mcs", "--version"))

    def build(out: Path) -> None:
        for name in (DLL, NEWTONSOFT.name):
            (out / name).write_bytes((dll_dir / name).read_bytes())
        run(["mcs", "-warnaserror+", "-target:exe", f"-out:{out / 'roundtrip.exe'}", f"-r:{out / DLL}",
             *REFERENCES, str(source)], cwd=out)

    return cached_build("csharp-roundtrip", key, build) / "roundtrip.exe"


def message_types() -> list[descriptor.Descriptor]:
    """Every message of marketplay.v1 (map entries are carried by their maps)."""
    found: list[descriptor.Descriptor] = []
    for file in (pb.DESCRIPTOR, *pb.DESCRIPTOR.dependencies):
        if file.package == PACKAGE:
            found += file.message_types_by_name.values()
    return sorted(found, key=lambda d: d.full_name)


def scalar(field: descriptor.FieldDescriptor, index: int) -> object:
    """A value unlike the field's default: past 32 bits for 64-bit integers, non-ASCII for strings."""
    t = descriptor.FieldDescriptor
    n = field.number + index
    if field.type in (t.TYPE_INT64, t.TYPE_SINT64, t.TYPE_SFIXED64):
        return -(2**40 + n)
    if field.type in (t.TYPE_UINT64, t.TYPE_FIXED64):
        return 2**41 + n
    if field.type in (t.TYPE_INT32, t.TYPE_SINT32, t.TYPE_SFIXED32, t.TYPE_UINT32, t.TYPE_FIXED32):
        return 7 + n
    if field.type in (t.TYPE_DOUBLE, t.TYPE_FLOAT):
        return 1.5 + n
    if field.type == t.TYPE_BOOL:
        return True
    if field.type == t.TYPE_STRING:
        return f"{field.name}-{n}-Gewürz \u2068Ann\u2069"
    if field.type == t.TYPE_BYTES:
        return bytes([0, 255, n % 256]) * 3
    assert field.type == t.TYPE_ENUM, field.full_name
    values = field.enum_type.values
    return values[(n % (len(values) - 1)) + 1].number if len(values) > 1 else values[0].number


def fill(msg: Message, depth: int, choice: int) -> None:
    """Sets every field of msg (member `choice` of each oneof, modulo its size), recursively."""
    desc = msg.DESCRIPTOR
    msg.SetInParent()                  # present even when it has no fields (a oneof's `pass: {}`)
    if desc.full_name == "google.protobuf.Timestamp":
        msg.FromJsonString("2026-12-05T08:30:15.250Z")      # type: ignore[attr-defined]
        return
    if desc.full_name == "google.protobuf.Duration":
        msg.FromJsonString("90.500s")                        # type: ignore[attr-defined]
        return
    if depth > DEPTH:
        return
    chosen = {o.fields[choice % len(o.fields)] for o in desc.oneofs if o.fields and not _synthetic(o)}
    for field in desc.fields:
        oneof = field.containing_oneof
        if oneof is not None and not _synthetic(oneof) and field not in chosen:
            continue
        target = getattr(msg, field.name)
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            key_field, value_field = field.message_type.fields
            for i in range(2):
                key = scalar(key_field, i)
                if value_field.message_type is not None:
                    fill(target[key], depth + 1, choice + i)
                else:
                    target[key] = scalar(value_field, i)
        elif field.is_repeated:
            for i in range(2):
                if field.message_type is not None:
                    fill(target.add(), depth + 1, choice + i)
                else:
                    target.append(scalar(field, i))
        elif field.message_type is not None:
            fill(target, depth + 1, choice)
        else:
            setattr(msg, field.name, scalar(field, 0))


def _synthetic(oneof: descriptor.OneofDescriptor) -> bool:
    """proto3 `optional` wraps its field in a oneof of its own: not a choice."""
    return len(oneof.fields) == 1 and oneof.name == f"_{oneof.fields[0].name}"


def synthetic_samples() -> Iterator[tuple[str, str]]:
    for desc in message_types():
        widest = max((len(o.fields) for o in desc.oneofs if not _synthetic(o)), default=1)
        for choice in range(widest):
            msg = message_factory.GetMessageClass(desc)()
            fill(msg, 0, choice)
            yield desc.name, json_format.MessageToJson(msg, indent=None)


def post(base: str, method: str, body: dict[str, object]) -> str:
    request = urllib.request.Request(
        f"{base}/marketplay.v1.GameService/{method}", data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Connect-Protocol-Version": "1"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            text: str = response.read().decode()
            return text
    except urllib.error.HTTPError as e:
        raise AssertionError(f"{method} refused: {e.read().decode()}") from e


def server_samples(base: str) -> Iterator[tuple[str, str]]:
    """Each game's NewGame response and its first MOVES ApplyAction responses, as the server wrote them."""
    views = {"allSeats": True, "spectator": True, "locale": "de", "seatNames": ["Ann", "Bo"]}
    for game, players in GAMES.items():
        text = post(base, "NewGame", {"gameId": game, "numPlayers": players, "views": views})
        yield "NewGameResponse", text
        started = json.loads(text)
        tokens = dict(enumerate(started["seatTokens"]))
        update = started["update"]
        for _ in range(MOVES):
            decision = next(d for d in update["decisions"] if d.get("legalActions"))
            seat = decision.get("seat", 0)
            request = {"state": update["state"], "seat": seat, "action": decision["legalActions"][0],
                       "expectedStep": update.get("step", "0"), "seatToken": tokens[seat],
                       "views": views, "viewTokens": {str(s): t for s, t in tokens.items()}}
            yield "ApplyActionRequest", json.dumps(request)
            text = post(base, "ApplyAction", request)
            yield "ApplyActionResponse", text
            update = json.loads(text)["update"]
            if "outcome" in update:
                break


def carried(exe: Path, samples: list[tuple[str, str]], tmp_path: Path) -> None:
    """Every sample comes back from C# as the same message, under the same JSON names."""
    (tmp_path / "in.txt").write_text("".join(f"{name}\t{text}\n" for name, text in samples))
    out = run(["sh", "-c", f"mono {exe} < in.txt"], cwd=tmp_path, timeout=120).splitlines()
    assert len(out) == len(samples)
    for (name, text), back in zip(samples, out, strict=True):
        cls = message_factory.GetMessageClass(pb.DESCRIPTOR.pool.FindMessageTypeByName(f"{PACKAGE}.{name}"))
        sent, returned = cls(), cls()
        json_format.Parse(text, sent)
        json_format.Parse(back, returned)        # an unknown name (a misnamed property) fails here
        assert returned == sent, f"{name}: {text}\nbecame {back}"


def test_the_samples_set_every_field_of_every_message() -> None:
    samples = list(synthetic_samples())
    names = {name for name, _ in samples}
    assert {d.name for d in message_types()} == names
    assert {"GameUpdate", "GameView", "GameEvent", "GameAction", "ClaimTimeoutRequest", "TakeBackResponse",
            "Message", "CentralMarketView", "MarketFreshAction", "SpiceMerchantEvent"} <= names
    for desc in message_types():          # every field named in some sample of its type
        keys: set[str] = set()
        for name, text in samples:
            if name == desc.name:
                keys |= set(json.loads(text))
        assert keys == {f.json_name for f in desc.fields}, desc.full_name


def test_every_message_type_round_trips(round_trip: Path, tmp_path: Path) -> None:
    carried(round_trip, list(synthetic_samples()), tmp_path)


def test_the_servers_responses_round_trip(round_trip: Path, served_both: ServedBoth, tmp_path: Path) -> None:
    samples = list(server_samples(served_both.http_url))
    assert len(samples) >= len(GAMES) * 3
    carried(round_trip, samples, tmp_path)
