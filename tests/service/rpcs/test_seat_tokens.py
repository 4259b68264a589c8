"""--require-seat-tokens: a seat's view or action needs that seat's token."""

from __future__ import annotations

import base64
import hashlib
import json
import time
from dataclasses import replace

import grpc
import pytest

from marketplay.v1 import game_service_pb2 as pb
from service.core import Call, GameCore
from service.errors import Code, ServiceError
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from tests.golden.sealed_record import SEALED_DIR, TEST_KEYS
from tests.service.conftest import KEYS_A, KEYS_B, TEST_CONFIG, Served, first_legal, refusal

GAME = "spice-merchant"


def test_actions_and_views_need_the_seats_token(served_with_tokens: Served) -> None:
    stub = served_with_tokens.stub
    new = stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=3, seed=b"tokens",
                                         views=pb.ViewSelection(all_seats=True)))
    tokens = list(new.seat_tokens)
    seat, action = first_legal(new.update)
    state = new.update.state

    def refused(request: pb.ApplyActionRequest | pb.GetViewRequest) -> None:
        with pytest.raises(grpc.RpcError) as excinfo:
            (stub.ApplyAction if isinstance(request, pb.ApplyActionRequest) else stub.GetView)(
                request)  # type: ignore[operator]
        code, reason, _ = refusal(excinfo)
        assert (code, reason) == (grpc.StatusCode.PERMISSION_DENIED, "SEAT_TOKEN_REQUIRED")

    refused(pb.ApplyActionRequest(state=state, seat=seat, action=action))
    refused(pb.ApplyActionRequest(state=state, seat=seat, action=action,
                                  seat_token=tokens[(seat + 1) % 3]))
    refused(pb.ApplyActionRequest(state=state, seat=seat, action=action, seat_token="a.forged"))
    refused(pb.GetViewRequest(state=state, views=pb.ViewSelection(seats=[1])))
    refused(pb.GetViewRequest(state=state, views=pb.ViewSelection(seats=[1]),
                              view_tokens={1: tokens[2]}))
    view = stub.GetView(pb.GetViewRequest(state=state, views=pb.ViewSelection(seats=[1]),
                                          view_tokens={1: tokens[1]})).update
    assert [v.seat for v in view.views] == [1]
    spectator = stub.GetView(pb.GetViewRequest(state=state,
                                               views=pb.ViewSelection(spectator=True))).update
    assert not spectator.views[0].HasField("seat")
    done = stub.ApplyAction(pb.ApplyActionRequest(state=state, seat=seat, action=action,
                                                  seat_token=tokens[seat],
                                                  views=pb.ViewSelection(seats=[seat]))).update
    assert done.step == 1


def test_tokens_are_not_required_by_default(served: Served) -> None:
    new = served.stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2, seed=b"open",
                                                views=pb.ViewSelection(all_seats=True)))
    seat, action = first_legal(new.update)
    assert served.stub.ApplyAction(pb.ApplyActionRequest(
        state=new.update.state, seat=seat, action=action)).update.step == 1


# ------------------------------------------------------------ instance binding


def test_games_with_the_same_seed_do_not_share_tokens(served_with_tokens: Served) -> None:
    """Tokens are bound to a random instance id the server draws, not to the seed."""
    stub = served_with_tokens.stub
    games = [stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2, seed=b"shared",
                                            views=pb.ViewSelection(all_seats=True)))
             for _ in range(2)]
    assert set(games[0].seat_tokens).isdisjoint(games[1].seat_tokens)
    seat, action = first_legal(games[1].update)
    with pytest.raises(grpc.RpcError) as excinfo:
        stub.ApplyAction(pb.ApplyActionRequest(state=games[1].update.state, seat=seat, action=action,
                                               seat_token=games[0].seat_tokens[seat]))
    assert refusal(excinfo)[:2] == (grpc.StatusCode.PERMISSION_DENIED, "SEAT_TOKEN_REQUIRED")


def test_a_short_seed_cannot_be_read_from_its_commitment(served: Served) -> None:
    """The commitment is salted: trying all 256 one-byte seeds finds nothing."""
    update = served.stub.NewGame(pb.NewGameRequest(
        game_id=GAME, num_players=2, seed=b"\x07", views=pb.ViewSelection(spectator=True))).update
    commitment = update.views[0].seed_commitment
    assert all(hashlib.sha256(bytes([b])).digest() != commitment for b in range(256))


def test_a_replayed_state_takes_no_token_of_the_original_game(served_with_tokens: Served) -> None:
    stub = served_with_tokens.stub
    new = stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2, seed=b"replayed",
                                         views=pb.ViewSelection(all_seats=True)))
    seat, action = first_legal(new.update)
    replayed = stub.Replay(pb.ReplayRequest(game_id=GAME, num_players=2, seed=b"replayed",
                                            views=pb.ViewSelection(all_seats=True))).update
    with pytest.raises(grpc.RpcError) as excinfo:
        stub.ApplyAction(pb.ApplyActionRequest(state=replayed.state, seat=seat, action=action,
                                               seat_token=new.seat_tokens[seat]))
    assert refusal(excinfo)[:2] == (grpc.StatusCode.PERMISSION_DENIED, "SEAT_TOKEN_REQUIRED")


@pytest.mark.parametrize("token", ["a.\u00e9\u00e9\u00e9", "\u00e9", "a." + "x" * 5000, "a.1.2.3", ".",
                                   "a.00.AAAAAAAAAAAAAAAAAAAAAA", "a.-1.AAAAAAAAAAAAAAAAAAAAAA"])
def test_odd_tokens_are_refused_not_crashed(served_with_tokens: Served, token: str) -> None:
    """A non-ASCII token used to raise TypeError in compare_digest (UNKNOWN)."""
    stub = served_with_tokens.stub
    new = stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2, seed=b"odd",
                                         views=pb.ViewSelection(all_seats=True)))
    seat, action = first_legal(new.update)
    for request in (
        pb.ApplyActionRequest(state=new.update.state, seat=seat, action=action, seat_token=token),
        pb.GetViewRequest(state=new.update.state, views=pb.ViewSelection(seats=[0]),
                          view_tokens={0: token}),
    ):
        with pytest.raises(grpc.RpcError) as excinfo:
            (stub.ApplyAction if isinstance(request, pb.ApplyActionRequest) else stub.GetView)(
                request)  # type: ignore[operator]
        assert refusal(excinfo)[:2] == (grpc.StatusCode.PERMISSION_DENIED, "SEAT_TOKEN_REQUIRED")


@pytest.mark.parametrize("seat", [-1, -(2**31), 2**31 - 1, 2])
def test_a_seat_that_does_not_exist_is_not_your_turn(served_with_tokens: Served, seat: int) -> None:
    """A negative seat with a token used to raise OverflowError (UNKNOWN)."""
    stub = served_with_tokens.stub
    new = stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2, seed=b"seats",
                                         views=pb.ViewSelection(all_seats=True)))
    _, action = first_legal(new.update)
    with pytest.raises(grpc.RpcError) as excinfo:
        stub.ApplyAction(pb.ApplyActionRequest(state=new.update.state, seat=seat, action=action,
                                               seat_token=new.seat_tokens[0]))
    assert refusal(excinfo)[:2] == (grpc.StatusCode.PERMISSION_DENIED, "NOT_YOUR_TURN")


# ------------------------------------------------------------ expiry and renewal


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def _core(ttl: int, clock: Clock, keys: str = KEYS_A) -> GameCore:
    store = StateStore(Sealer.from_config(keys), 64, NullObserver())
    return GameCore(store, NullObserver(), True, 100, seat_token_ttl=ttl, clock=clock)


def _refused(do: object) -> tuple[Code, str]:
    with pytest.raises(ServiceError) as excinfo:
        do()  # type: ignore[operator]
    return excinfo.value.code, excinfo.value.reason


DENIED = Code.PERMISSION_DENIED


def test_tokens_expire_after_the_ttl_and_renewal_extends_them() -> None:
    clock = Clock()
    core = _core(60, clock)
    call = Call()
    new = core.new_game(pb.NewGameRequest(game_id=GAME, num_players=2, seed=b"ttl",
                                          views=pb.ViewSelection(all_seats=True)), call)
    assert new.seat_tokens_expire_at.seconds == int(clock.now) + 60
    seat, action = first_legal(new.update)
    state, token = new.update.state, new.seat_tokens[seat]

    def act(with_token: str) -> object:
        return lambda: core.apply_action(pb.ApplyActionRequest(
            state=state, seat=seat, action=action, seat_token=with_token), call)

    def renew(with_token: str, for_seat: int = seat) -> object:
        return lambda: core.renew_seat_token(pb.RenewSeatTokenRequest(
            state=state, seat=for_seat, seat_token=with_token), call)

    clock.now += 30
    renewed = renew(token)()  # type: ignore[operator]
    assert renewed.expires_at.seconds == int(clock.now) + 60
    assert renewed.seat_token != token
    clock.now += 29.5
    assert act(token)().update.step == 1  # type: ignore[operator]
    clock.now += 0.5  # the first token's expires_at
    assert _refused(act(token)) == (DENIED, "SEAT_TOKEN_EXPIRED")
    assert _refused(renew(token)) == (DENIED, "SEAT_TOKEN_EXPIRED")  # too late to renew
    assert act(renewed.seat_token)().update.step == 1  # type: ignore[operator]
    other = new.seat_tokens[1 - seat]
    assert _refused(renew(other)) == (DENIED, "SEAT_TOKEN_REQUIRED")  # another seat's token
    assert _refused(renew(renewed.seat_token, 5)) == (Code.INVALID_ARGUMENT, "BAD_SEAT")
    kid, expires, mac = renewed.seat_token.split(".")
    stretched = f"{kid}.{int(expires) + 3600}.{mac}"
    assert _refused(act(stretched)) == (DENIED, "SEAT_TOKEN_REQUIRED")  # the MAC covers the expiry


def test_without_a_ttl_tokens_never_expire_and_renew_to_themselves() -> None:
    clock = Clock()
    core = _core(0, clock)
    new = core.new_game(pb.NewGameRequest(game_id=GAME, num_players=2, seed=b"forever"), Call())
    assert not new.HasField("seat_tokens_expire_at")
    clock.now += 10 * 365 * 86400
    renewed = core.renew_seat_token(pb.RenewSeatTokenRequest(
        state=new.update.state, seat=1, seat_token=new.seat_tokens[1]), Call())
    assert renewed.seat_token == new.seat_tokens[1] and not renewed.HasField("expires_at")


def test_with_a_ttl_a_token_minted_without_one_ends_at_the_next_key_rotation() -> None:
    """Issue 42: a token minted with no expiry, before --seat-token-ttl was set, kept
    working for ever after. Now it works while its key still seals (so games in flight
    survive the switch and renew), and is SEAT_TOKEN_EXPIRED from the first rotation on."""
    clock = Clock()
    new = _core(0, clock).new_game(pb.NewGameRequest(
        game_id=GAME, num_players=2, seed=b"pre-ttl", views=pb.ViewSelection(all_seats=True)),
        Call())
    seat, action = first_legal(new.update)
    state, old = new.update.state, new.seat_tokens[seat]
    assert old.split(".")[1] == "0"

    def act(core: GameCore, token: str) -> object:
        return lambda: core.apply_action(pb.ApplyActionRequest(
            state=state, seat=seat, action=action, seat_token=token), Call())

    def renew(core: GameCore, token: str) -> object:
        return lambda: core.renew_seat_token(pb.RenewSeatTokenRequest(
            state=state, seat=seat, seat_token=token), Call())

    switched = _core(60, clock)  # the TTL turned on, the same key sealing
    assert act(switched, old)().update.step == 1  # type: ignore[operator]
    renewed = renew(switched, old)()  # type: ignore[operator]
    assert renewed.expires_at.seconds == int(clock.now) + 60
    rotated = _core(60, clock, f"{KEYS_B},{KEYS_A}")  # B seals now, A still opens
    assert _refused(act(rotated, old)) == (DENIED, "SEAT_TOKEN_EXPIRED")
    assert _refused(renew(rotated, old)) == (DENIED, "SEAT_TOKEN_EXPIRED")
    assert act(rotated, renewed.seat_token)().update.step == 1  # type: ignore[operator]
    # Without a TTL nothing changes: such a token never expires, rotation or not.
    assert act(_core(0, clock, f"{KEYS_B},{KEYS_A}"), old)().update.step == 1  # type: ignore[operator]


def test_renew_seat_token_over_grpc() -> None:
    served = Served(replace(TEST_CONFIG, seat_token_ttl=600))
    try:
        start = time.time()
        new = served.stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=3))
        assert start + 599 <= new.seat_tokens_expire_at.seconds <= time.time() + 601
        renewed = served.stub.RenewSeatToken(pb.RenewSeatTokenRequest(
            state=new.update.state, seat=2, seat_token=new.seat_tokens[2]))
        assert renewed.seat_token.startswith("a.") and renewed.expires_at.seconds >= \
            new.seat_tokens_expire_at.seconds
        with pytest.raises(grpc.RpcError) as excinfo:
            served.stub.RenewSeatToken(pb.RenewSeatTokenRequest(
                state=new.update.state, seat=2, seat_token=new.seat_tokens[1]))
        assert refusal(excinfo)[:2] == (grpc.StatusCode.PERMISSION_DENIED, "SEAT_TOKEN_REQUIRED")
    finally:
        served.close()


def test_a_game_of_release_0_1_0_keeps_its_tokens() -> None:
    """Its tokens are bound to SHA-256(seed) and never expire; renewing returns the same."""
    golden = json.loads((SEALED_DIR / "0.1.0" / GAME / "2p.json").read_text())
    state = base64.b64decode(golden["checkpoints"][0]["state"])
    served = Served(replace(TEST_CONFIG, state_keys=TEST_KEYS, require_seat_tokens=True,
                            seat_token_ttl=60, max_request_bytes=1 << 20))
    try:
        for seat, token in enumerate(golden["seat_tokens"]):
            renewed = served.stub.RenewSeatToken(pb.RenewSeatTokenRequest(
                state=state, seat=seat, seat_token=token))
            assert renewed.seat_token == token and not renewed.HasField("expires_at")
        view = served.stub.GetView(pb.GetViewRequest(
            state=state, views=pb.ViewSelection(seats=[0]), view_tokens={0: golden["seat_tokens"][0]}))
        assert view.update.views[0].seed_commitment == hashlib.sha256(golden["seed"].encode()).digest()
    finally:
        served.close()
