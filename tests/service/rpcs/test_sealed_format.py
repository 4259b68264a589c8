"""The sealed format: MPS2 written (envelope and padding), MPS1 still read.

docs/security.md ("Sealed format") describes the bytes; these tests pin what
matters about them: the length tells nothing about hidden cards, the
envelope stays out of the game's digest, and 0.1.0 states open as 0.1.0
games.
"""

from __future__ import annotations

import hashlib

import grpc
import pytest

from engines import registry
from engines.central_market import state as cm_state
from engines.core import Game
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from service.instance import LEGACY, Instance
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from tests.conformance.playout import playout
from tests.service.conftest import KEYS_A, seal_v1
from tests.service.rpcs.test_refusals import expect

CM = registry.get("central-market")
assert CM is not None


def _store() -> StateStore:
    return StateStore(Sealer.from_config(KEYS_A), 0, NullObserver())


def test_sealed_length_does_not_tell_a_pending_set_aside_choice() -> None:
    """The reviewer's case: 'kept all' and a card code >= 10 were one byte longer
    than a card code < 10 (831 vs 830 bytes)."""
    game = Game.new(CM, 3, {}, b"set-aside")
    lengths, plain_lengths = set(), set()
    for choice in (cm_state.KEEP_ALL, 3, 25):
        state = game.state.clone()
        state.set_aside_choice[1] = choice
        twin = Game(CM, 3, game.options, game.seed, game.rng_counter, game.step, state)
        plain_lengths.add(len(twin.encode()))
        lengths.add(len(_store().seal(twin, Instance.draw())))
    assert len(plain_lengths) == 2  # the plain encodings do differ...
    assert len(lengths) == 1  # ...the sealed states do not


@pytest.mark.parametrize("game_id", sorted(registry.ENGINES))
def test_every_state_of_a_game_seals_to_the_same_length(game_id: str) -> None:
    engine = registry.get(game_id)
    assert engine is not None
    start = Game.new(engine, engine.spec.max_players, {}, b"lengths")
    store, instance = _store(), Instance.draw()
    lengths = {len(store.seal(s.after, instance)) for s in playout(start, b"lengths")}
    assert len(lengths) == 1
    size = engine.spec.sealed_size
    assert size < lengths.pop() <= size + 96  # + header, nonce, tag


def test_the_envelope_stays_out_of_the_game_digest() -> None:
    """final_state_digest is SHA-256 of Game.encode(), which Replay reproduces from the
    seed alone: the instance id and salt must not be part of it."""
    game = Game.new(CM, 4, {}, b"digest")
    store = _store()
    one, two = (store.open(store.seal(game, Instance.draw())) for _ in range(2))
    assert one.instance != two.instance
    assert one.game.digest() == two.game.digest() == hashlib.sha256(game.encode()).digest()


def test_a_state_of_release_0_1_0_opens_as_a_legacy_game() -> None:
    game = Game.new(CM, 3, {}, b"legacy")
    opened = _store().open(seal_v1(game.encode(), "central-market", CM.spec.rules_version))
    assert opened.instance == LEGACY and opened.instance.legacy
    assert opened.game.encode() == game.encode()
    assert opened.instance.seed_commitment(game.seed) == hashlib.sha256(b"legacy").digest()


@pytest.mark.parametrize("framing", [
    b"\x00\x00\x00\x40" + b"\x00\x00",  # says 64 payload bytes, holds 2
    b"\x00\x00\x00\x02" + b"\x00\x00" + b"\x00\x01",  # padding that is not zero
    b"\x00\x00",  # shorter than its length field
])
def test_mps2_framing_is_checked(stub: pb_grpc.GameServiceStub, framing: bytes) -> None:
    state = seal_v1(framing, "central-market", CM.spec.rules_version, magic=b"MPS2")
    expect(lambda: stub.GetView(pb.GetViewRequest(state=state)),
           grpc.StatusCode.INVALID_ARGUMENT, "UNREADABLE_STATE")


def test_an_unknown_envelope_version_is_malformed(stub: pb_grpc.GameServiceStub) -> None:
    state = seal_v1(b"x", "central-market", CM.spec.rules_version, magic=b"MPS9")
    expect(lambda: stub.GetView(pb.GetViewRequest(state=state)),
           grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_STATE")


@pytest.mark.parametrize("salt", [b"", bytes(range(16))])
def test_a_replayed_state_opens_with_or_without_a_salt(stub: pb_grpc.GameServiceStub,
                                                       salt: bytes) -> None:
    replayed = stub.Replay(pb.ReplayRequest(game_id="central-market", num_players=3, seed=b"r",
                                            seed_salt=salt)).update
    again = stub.GetView(pb.GetViewRequest(state=replayed.state,
                                           views=pb.ViewSelection(spectator=True))).update
    assert again.views[0].seed_commitment == hashlib.sha256(salt + b"r").digest()
