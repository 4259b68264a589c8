"""An authenticated state is still checked: a header or body that does not fit
is refused as UNREADABLE_STATE, never answered as UNKNOWN or played on.

Only a server holding the key can seal, so these plaintexts are crafted and
sealed here under the test server's key, both as release 0.1.0 did (MPS1)
and as this build does (MPS2).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import grpc
import pytest

from engines import registry
from engines.core import Game
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from service.instance import Instance
from service.sealing import Sealer
from tests.service.conftest import KEYS_A, refusal, seal_v1
from tests.service.rpcs.test_refusals import expect

GAME = "spice-merchant"
ENGINE = registry.get(GAME)
assert ENGINE is not None
RULES = ENGINE.spec.rules_version
DEEP = 20_000  # far past Python's recursion limit (1000), within the 64 KiB request limit


def _plain(players: int = 2) -> tuple[list[object], bytes]:
    head, _, body = Game.new(ENGINE, players, {}, b"crafted").encode().partition(b"\n")
    return json.loads(head), body


def _with_header(change: Callable[[list[object]], None], body: bytes | None = None) -> bytes:
    header, real_body = _plain()
    change(header)
    return json.dumps(header).encode() + b"\n" + (real_body if body is None else body)


def _set(index: int, value: object) -> Callable[[list[object]], None]:
    def change(header: list[object]) -> None:
        header[index] = value
    return change


_, FOUR_PLAYER_BODY = _plain(4)

CRAFTED = {
    "step-text": _with_header(_set(7, "x")),
    "step-2**80": _with_header(_set(7, 2**80)),
    "step-past-int64": _with_header(_set(7, 2**63)),
    "step-negative": _with_header(_set(7, -1)),
    "counter-float": _with_header(_set(6, 1.5)),
    "seed-empty": _with_header(_set(5, "")),
    "seed-not-hex": _with_header(_set(5, "zz")),
    "players-text": _with_header(_set(3, "2")),
    "options-list": _with_header(_set(4, [])),
    "header-not-a-list": b'{"a": 1}\n' + _plain()[1],
    "header-deeply-nested": b"[" * DEEP + b"]" * DEEP + b"\n" + _plain()[1],
    "body-deeply-nested": _with_header(lambda h: None, b"[" * DEEP + b"]" * DEEP),
    "body-not-json": _with_header(lambda h: None, b"\xff\xfe"),
    "four-player-header-over-two-player-body": _with_header(_set(3, 4)),
    "two-player-header-over-four-player-body": _with_header(lambda h: None, FOUR_PLAYER_BODY),
    "no-header-line": b"[1,2,3]",
}


def _seal_v2(plain: bytes) -> bytes:
    return Sealer.from_config(KEYS_A).seal(GAME, RULES, Instance.draw().encode() + plain, 1024)


SEALERS = {"mps1": lambda plain: seal_v1(plain, GAME, RULES), "mps2": _seal_v2}


@pytest.mark.parametrize("version", sorted(SEALERS))
def test_the_untouched_plaintext_opens(stub: pb_grpc.GameServiceStub, version: str) -> None:
    """The crafting itself is sound: the real plaintext, sealed the same way, plays."""
    header, body = _plain()
    state = SEALERS[version](json.dumps(header).encode() + b"\n" + body)
    update = stub.GetView(pb.GetViewRequest(state=state, views=pb.ViewSelection(all_seats=True)))
    assert update.update.step == 0 and update.update.num_players == 2


@pytest.mark.parametrize("version", sorted(SEALERS))
@pytest.mark.parametrize("name", sorted(CRAFTED))
def test_an_authenticated_state_that_does_not_fit_is_unreadable(
    stub: pb_grpc.GameServiceStub, version: str, name: str
) -> None:
    state = SEALERS[version](CRAFTED[name])
    expect(lambda: stub.GetView(pb.GetViewRequest(state=state, views=pb.ViewSelection(all_seats=True))),
           grpc.StatusCode.INVALID_ARGUMENT, "UNREADABLE_STATE")
    action = pb.GameAction(spice_merchant={})
    expect(lambda: stub.ApplyAction(pb.ApplyActionRequest(state=state, seat=0, action=action)),
           grpc.StatusCode.INVALID_ARGUMENT, "UNREADABLE_STATE")


@pytest.mark.parametrize("payload", [
    b"",  # no envelope at all
    b"\x05abc",  # a 5-byte instance id
    b"\x10" + bytes(16) + b"\x05" + bytes(5) + _plain()[1],  # a 5-byte salt
    b"\x00\x10" + bytes(16) + _plain()[1],  # a salt without an instance id
    b"\x10" + bytes(8),  # cut inside the instance id
])
def test_a_malformed_service_envelope_is_unreadable(stub: pb_grpc.GameServiceStub,
                                                    payload: bytes) -> None:
    """MPS2's envelope (a 16-byte instance id with a 16-byte salt or none; or neither) is
    checked too."""
    state = Sealer.from_config(KEYS_A).seal(GAME, RULES, payload, 1024)
    expect(lambda: stub.GetView(pb.GetViewRequest(state=state)),
           grpc.StatusCode.INVALID_ARGUMENT, "UNREADABLE_STATE")


def test_a_state_made_under_other_rules_is_refused_once_authenticated(
    stub: pb_grpc.GameServiceStub,
) -> None:
    """A genuine state of rules this replica does not play (a rolling deploy): its
    header authenticates, so the refusal names them and invites a retry elsewhere."""
    header, body = _plain()
    for state in (seal_v1(json.dumps(header).encode() + b"\n" + body, GAME, "0+retired"),
                  Sealer.from_config(KEYS_A).seal(GAME, "0+retired", Instance.draw().encode()
                                                  + Game.new(ENGINE, 2, {}, b"r").encode(), 1024)):
        message = expect(lambda state=state: stub.GetView(pb.GetViewRequest(state=state)),
                         grpc.StatusCode.FAILED_PRECONDITION, "RULES_VERSION_MISMATCH")
        assert "0+retired" in message


def test_a_genuine_state_of_an_unknown_game_names_it(stub: pb_grpc.GameServiceStub) -> None:
    state = Sealer.from_config(KEYS_A).seal("chess", "1", Instance.draw().encode() + b"{}", 1024)
    message = expect(lambda: stub.GetView(pb.GetViewRequest(state=state)),
                     grpc.StatusCode.INVALID_ARGUMENT, "UNKNOWN_GAME_IN_STATE")
    assert "chess" in message


def _header_fields(state: bytes) -> list[range]:
    """The byte ranges of a sealed state's clear header: magic, then each of key id,
    game id and rules version with its length byte."""
    fields, end = [range(4)], 4
    for _ in range(3):
        fields.append(range(end, end + 1 + state[end]))
        end += 1 + state[end]
    return fields


def test_any_change_to_the_clear_header_is_tampering(stub: pb_grpc.GameServiceStub) -> None:
    """Issue 42: flipping a bit of the game id or rules version in the clear header gave
    UNKNOWN_GAME_IN_STATE or RULES_VERSION_MISMATCH (with the forged string in the
    metadata), because the header was classified before it was authenticated."""
    state = stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2)).update.state
    reasons: dict[str, dict[str, int]] = {}
    for name, field in zip(("magic", "key id", "game", "rules"), _header_fields(state),
                           strict=True):
        counted = reasons[name] = {}
        for bit in range(field.start * 8, field.stop * 8):
            forged = bytearray(state)
            forged[bit // 8] ^= 1 << (bit % 8)
            with pytest.raises(grpc.RpcError) as excinfo:
                stub.GetView(pb.GetViewRequest(state=bytes(forged)))
            reason = refusal(excinfo)[1]
            counted[reason] = counted.get(reason, 0) + 1
    # A flip that breaks the framing (the magic, a length, UTF-8) is MALFORMED_STATE, but
    # one that turns the magic into another version's (MPS3 into MPS2 or MPS1) is read as
    # that version and fails authentication; one in the key id names a key this server
    # does not hold, which nothing can authenticate.
    assert reasons["magic"] == {"MALFORMED_STATE": 30, "TAMPERED_STATE": 2}, reasons
    assert set(reasons["key id"]) <= {"UNKNOWN_STATE_KEY", "MALFORMED_STATE"}, reasons
    for name in ("game", "rules"):
        assert set(reasons[name]) <= {"TAMPERED_STATE", "MALFORMED_STATE"}, reasons
        assert reasons[name].get("TAMPERED_STATE", 0) >= 4 * len(GAME), reasons
