"""protojson refuses what json_format.Parse refuses, and accepts what it accepts.

Each case is a body json_format judges one way; decode must judge it the same
way (and, when both accept, build the same message). The one deliberate
difference, a field given under both of its names, has its own test.
"""

from __future__ import annotations

import pytest
from google.protobuf import json_format, struct_pb2, timestamp_pb2
from google.protobuf.message import Message

import protojson
from marketplay.v1 import game_service_pb2 as pb

NEW = pb.NewGameRequest
APPLY = pb.ApplyActionRequest
SUGGEST = pb.SuggestActionRequest
STATS = pb.CandidateStats
RENEW = pb.RenewSeatTokenResponse
VIEW = pb.GetViewRequest

# (message class, body, json_format's verdict: True accepts, False refuses)
CASES: list[tuple[type[Message], bytes, bool]] = [
    # malformed JSON
    (NEW, b"{", False),
    (NEW, b'{"gameId": }', False),
    (NEW, b'{"gameId": "a",}', False),
    (NEW, b"{'gameId': 'a'}", False),
    (NEW, b"nul", False),
    (NEW, b'{"gameId": "a"} x', False),
    (NEW, b'{"gameId": "\xff"}', False),  # not UTF-8
    (NEW, b'\xef\xbb\xbf{"gameId": "a"}', False),  # a byte-order mark
    (NEW, b'{"gameId": "a\x01"}', False),  # a raw control character in a string
    # what is not an object where a message goes
    (NEW, b"5", False),
    (NEW, b"null", False),
    (NEW, b"true", False),
    (NEW, b'{"views": 5}', False),
    (NEW, b'{"views": true}', False),
    (NEW, b'{"views": ["allSeats"]}', False),
    (NEW, b'{"views": [1]}', False),
    (NEW, b"[]", True),  # json_format iterates an array or string as keys: unknown ones pass
    (NEW, b'"zzz"', True),
    (NEW, b'{"views": []}', True),
    (NEW, b'{"views": ["nothing"]}', True),
    # wrong scalar types
    (NEW, b'{"gameId": 5}', False),
    (NEW, b'{"gameId": ["a"]}', False),
    (NEW, b'{"numPlayers": "x"}', False),
    (NEW, b'{"numPlayers": true}', False),
    (NEW, b'{"numPlayers": 1.5}', False),
    (NEW, b'{"numPlayers": "1.5"}', False),
    (NEW, b'{"numPlayers": " 2"}', False),
    (NEW, b'{"numPlayers": {}}', False),
    (NEW, b'{"numPlayers": 2.0}', True),
    (NEW, b'{"numPlayers": "2"}', True),
    (NEW, b'{"numPlayers": "2e0"}', True),
    (NEW, b'{"numPlayers": "1_0"}', True),  # Python's int() reads it: so does json_format
    (NEW, b'{"views": {"allSeats": 1}}', False),
    (NEW, b'{"views": {"allSeats": "true"}}', False),
    (NEW, b'{"views": {"seats": 1}}', False),
    (NEW, b'{"views": {"seats": [null]}}', False),
    (NEW, b'{"views": {"seats": [1.5]}}', False),
    (NEW, b'{"views": {"seats": ["1", 2.0]}}', True),
    (NEW, b'{"seed": 5}', False),
    (NEW, b'{"options": []}', False),
    (NEW, b'{"options": {"a": 1}}', False),
    (NEW, b'{"options": {"a": null}}', False),
    (NEW, b'{"options": {"a": "1"}}', True),
    # null is the default
    (NEW, b'{"gameId": null, "views": null, "options": null, "seed": null}', True),
    # out-of-range integers
    (NEW, b'{"numPlayers": 2147483648}', False),
    (NEW, b'{"numPlayers": -2147483649}', False),
    (NEW, b'{"numPlayers": 2147483647}', True),
    (APPLY, b'{"expectedStep": "9223372036854775808"}', False),
    (APPLY, b'{"expectedStep": 9223372036854775808}', False),
    (APPLY, b'{"expectedStep": -9223372036854775809}', False),  # orjson rounds it into range
    (APPLY, b'{"expectedStep": 18446744073709551616}', False),
    (APPLY, b'{"expectedStep": 1e19}', False),
    (APPLY, b'{"expectedStep": -9223372036854775808}', True),
    (APPLY, b'{"expectedStep": -9.223372036854775808e18}', True),
    (APPLY, b'{"expectedStep": "9223372036854775807"}', True),
    (APPLY, b'{"expectedStep": "1e3"}', True),
    (APPLY, b'{"expectedStep": 1' + b"0" * 400 + b"}", False),
    # maps with integer keys
    (APPLY, b'{"viewTokens": {"1": "t"}}', True),
    (APPLY, b'{"viewTokens": {"01": "a", "1": "b"}}', True),
    (APPLY, b'{"viewTokens": {"1.0": "t"}}', True),
    (APPLY, b'{"viewTokens": {" 1": "t"}}', False),
    (APPLY, b'{"viewTokens": {"x": "t"}}', False),
    (APPLY, b'{"viewTokens": {"2147483648": "t"}}', False),
    (APPLY, b'{"viewTokens": {"1": 5}}', False),
    # base64
    (APPLY, b'{"state": "YWJj"}', True),
    (APPLY, b'{"state": "YQ=="}', True),
    (APPLY, b'{"state": "YQ"}', True),
    (APPLY, b'{"state": "-_-_"}', True),  # URL-safe
    (APPLY, b'{"state": "+/+/"}', True),
    (APPLY, b'{"state": "Y"}', False),
    (APPLY, b'{"state": "YQ=a"}', True),  # padding mid-string: json_format reads on
    (APPLY, b'{"state": "YWJjZ"}', False),
    (APPLY, b'{"state": ["YQ"]}', False),
    (APPLY, b'{"state": "\\u00e9"}', True),  # json_format drops what is not base64
    # enums
    (SUGGEST, b'{"policy": "BOT_POLICY_GREEDY"}', True),
    (SUGGEST, b'{"policy": 2}', True),
    (SUGGEST, b'{"policy": "2"}', True),
    (SUGGEST, b'{"policy": 99}', True),  # an open enum keeps an unknown number
    (SUGGEST, b'{"policy": "NOT_A_POLICY"}', True),  # ignore_unknown_fields drops an unknown name
    (SUGGEST, b'{"policy": 2.7}', True),
    (SUGGEST, b'{"policy": 2147483648}', False),
    (SUGGEST, b'{"policy": 1e300}', False),
    (SUGGEST, b'{"policy": {}}', False),
    (SUGGEST, b'{"policy": ["BOT_POLICY_GREEDY"]}', False),
    # floating point
    (STATS, b'{"meanValue": 0.5}', True),
    (STATS, b'{"meanValue": "0.5"}', True),
    (STATS, b'{"meanValue": "NaN"}', True),
    (STATS, b'{"meanValue": "Infinity"}', True),
    (STATS, b'{"meanValue": "-Infinity"}', True),
    (STATS, b'{"meanValue": 1}', True),
    (STATS, b'{"meanValue": true}', True),
    (STATS, b'{"meanValue": NaN}', False),
    (STATS, b'{"meanValue": Infinity}', False),
    (STATS, b'{"meanValue": -Infinity}', False),
    (STATS, b'{"meanValue": 1e400}', False),
    (STATS, b'{"meanValue": "nan"}', False),
    (STATS, b'{"meanValue": "x"}', False),
    (STATS, b'{"meanValue": [1]}', False),
    # oneofs
    (pb.GameAction, b'{"spiceMerchant": {}, "marketFresh": {}}', False),
    (pb.GameAction, b'{"spiceMerchant": {}, "marketFresh": null}', True),
    (pb.GameAction, b'{"spiceMerchant": null, "marketFresh": {}}', True),
    # strings
    (NEW, b'{"gameId": "\\ud800"}', False),  # a lone surrogate
    (NEW, b'{"gameId": "\\ud83d\\ude00"}', True),
    (NEW, b'{"gameId": "x\\":y", "numPlayers": 2}', True),  # a key-like string is no key
    (NEW, b'{"gameId" : "a", "numPlayers"\n:2}', True),
    # duplicate keys, anywhere
    (NEW, b'{"gameId": "a", "gameId": "b"}', False),
    (NEW, b'{"gameId":"a","gameId":"b"}', False),
    (NEW, b'{"gameId":"a","x":"\\":","gameId":"b"}', False),
    (NEW, b'{"gameId" :"a","gameId":"b"}', False),
    (NEW, b'{"options": {"a": "1", "a": "2"}}', False),
    (NEW, b'{"zzz": {"a": 1, "a": 2}}', False),
    (NEW, b'{"zzz": [{"a": 1, "a": 2}]}', False),
    (NEW, b'{"zzz": 1, "zzz": 2}', False),
    # unknown fields are ignored, however odd their values
    (NEW, b'{"zzz": NaN, "gameId": "a"}', True),
    (NEW, b'{"zzz": 1' + b"0" * 400 + b', "gameId": "a"}', True),
    (NEW, b'{"zzz": "\\ud800"}', True),
    (NEW, b'{"zzz": {"a": [1, {"b": null}]}, "gameId": "a"}', True),
    (NEW, b'{"[marketplay.v1.x]": 1}', False),  # an extension name: proto3 has none
    # nesting depth
    (NEW, b'{"zzz": ' + b"[" * 50 + b"]" * 50 + b"}", True),
    (NEW, b'{"zzz": ' + b"[" * 5000 + b"]" * 5000 + b"}", False),
    (struct_pb2.Struct, b'{"a": ' * 50 + b"1" + b"}" * 50, True),
    (struct_pb2.Struct, b'{"a": ' * 120 + b"1" + b"}" * 120, False),  # more than 100 messages deep
    # Timestamp
    (RENEW, b'{"expiresAt": "2026-12-01T21:00:00Z"}', True),
    (RENEW, b'{"expiresAt": "2026-12-01T21:00:00.123+01:00"}', True),
    (RENEW, b'{"expiresAt": null}', True),
    (RENEW, b'{"expiresAt": "yesterday"}', False),
    (RENEW, b'{"expiresAt": 5}', False),
    (RENEW, b'{"expiresAt": {}}', False),
    (timestamp_pb2.Timestamp, b'"1970-01-01T00:00:01Z"', True),
    # json_format's error paths through nested messages
    (VIEW, b'{"views": {"seats": [1, "x"]}}', False),
    (APPLY, b'{"action": {"spiceMerchant": {"zzz": 1}}}', True),
]


def _json_format_verdict(message_class: type[Message], body: bytes) -> Message | None:
    try:
        return json_format.Parse(body, message_class(), ignore_unknown_fields=True)
    except Exception:  # every refusal json_format makes (ParseError, UnicodeDecodeError)
        return None


@pytest.mark.parametrize(("message_class", "body", "accepted"), CASES,
                         ids=[f"{c.__name__}:{b[:48]!r}" for c, b, _ in CASES])
def test_same_verdict_as_json_format(message_class: type[Message], body: bytes, accepted: bool) -> None:
    """Each body is judged as json_format judges it, and an accepted one builds its message."""
    expected = _json_format_verdict(message_class, body)
    assert (expected is not None) == accepted, "the case's recorded verdict is json_format's"
    if expected is None:
        with pytest.raises(protojson.ProtoJsonError):
            protojson.decode(body, message_class)
    else:
        got = protojson.decode(body, message_class)
        assert got.SerializeToString(deterministic=True) == expected.SerializeToString(deterministic=True)


@pytest.mark.parametrize("body", [
    b'{"game_id": "a", "gameId": "b"}',
    b'{"gameId": "a", "game_id": "b"}',
    b'{"game_id": null, "gameId": "b"}',
    b'{"views": {"all_seats": true, "allSeats": true}}',
])
def test_a_field_under_both_its_names_is_refused(body: bytes) -> None:
    """json_format lets the second name overwrite the first; one field given twice is refused."""
    assert _json_format_verdict(NEW, body) is not None
    with pytest.raises(protojson.ProtoJsonError, match="same field"):
        protojson.decode(body, NEW)


def test_either_name_alone_is_read() -> None:
    """The proto name and the JSON name each set the field."""
    assert protojson.decode(b'{"game_id": "a"}', NEW).game_id == "a"
    assert protojson.decode(b'{"gameId": "a"}', NEW).game_id == "a"


def test_refusals_name_the_field() -> None:
    """The error says which field is wrong, through nested messages."""
    with pytest.raises(protojson.ProtoJsonError, match=r"views field.*seats field"):
        protojson.decode(b'{"views": {"seats": ["x"]}}', NEW)


def test_deep_nesting_in_an_ignored_field_is_read_up_to_orjsons_limit() -> None:
    """The documented difference: json_format stops at Python's recursion limit (~1,000
    levels, less the caller's stack), the codec at orjson's 1,024; deeper is refused by both."""
    def nested(depth: int) -> bytes:
        return b'{"zzz": ' + b"[" * depth + b"]" * depth + b', "gameId": "a"}'
    assert _json_format_verdict(NEW, nested(1010)) is None
    assert protojson.decode(nested(1010), NEW).game_id == "a"
    assert _json_format_verdict(NEW, nested(1030)) is None
    with pytest.raises(protojson.ProtoJsonError):
        protojson.decode(nested(1030), NEW)
