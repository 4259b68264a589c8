"""GameCore in-process: every RPC and its refusals, with no socket and no transport.

What a call does is decided here (service/core.py); the transports only adapt
it. So every RPC is exercised directly on the core, for every game, and the
refusals come back as ServiceError values carrying the code and reason the
transports then render.
"""

from __future__ import annotations

import pytest

from engines import registry
from marketplay.v1 import game_service_pb2 as pb
from service.contract import RPCS
from service.core import ROUTES, Call, GameCore, guarded
from service.errors import Code, ServiceError
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from tests.service.conftest import KEYS_A, all_views, first_legal

GAMES = sorted(registry.ENGINES)
SEED = b"marketplay core test seed"


def players(game_id: str) -> int:
    """Three seats (each of today's games plays them in its standard variant),
    or the nearest count the game seats."""
    spec = registry.ENGINES[game_id].spec
    return min(max(3, spec.min_players), spec.max_players)


@pytest.fixture(scope="module")
def core() -> GameCore:
    store = StateStore(Sealer.from_config(KEYS_A), 64, NullObserver())
    return GameCore(store, NullObserver(), False, 100)


def _new(core: GameCore, game_id: str) -> pb.NewGameResponse:
    return core.new_game(pb.NewGameRequest(game_id=game_id, num_players=players(game_id),
                                           seed=SEED, views=all_views()), Call())


def _refused(call: object) -> tuple[Code, str]:
    with pytest.raises(ServiceError) as refused:
        call()  # type: ignore[operator]
    return refused.value.code, refused.value.reason


def test_every_rpc_of_the_contract_is_tested_here() -> None:
    assert set(ROUTES) == set(RPCS) == {
        "ListGames", "NewGame", "ApplyAction", "GetView", "Replay", "SuggestAction",
        "RenewSeatToken", "ClaimTimeout", "TakeBack"}


def test_list_games_lists_every_registered_game(core: GameCore) -> None:
    listed = core.list_games(pb.ListGamesRequest(), Call())
    assert [game.game_id for game in listed.games] == GAMES
    for game in listed.games:
        assert game.rules_version == registry.ENGINES[game.game_id].spec.rules_version
        assert game.min_players <= game.max_players


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_is_played_viewed_replayed_and_suggested(core: GameCore, game_id: str) -> None:
    call = Call()
    new = core.new_game(pb.NewGameRequest(
        game_id=game_id, num_players=players(game_id), seed=SEED,
        views=all_views()), call)
    update = new.update
    assert update.game_id == game_id and update.step == 0 and call.notes.game == game_id
    assert len(new.seat_tokens) == update.num_players
    assert len(update.views) == update.num_players + 1  # every seat and the spectator

    seat, action = first_legal(update)
    applied = core.apply_action(pb.ApplyActionRequest(
        state=update.state, seat=seat, action=action, expected_step=0, views=all_views()),
        call).update
    assert applied.step == 1 and call.notes.step == 0

    viewed = core.get_view(pb.GetViewRequest(state=applied.state, views=all_views()),
                           Call()).update
    assert viewed.step == 1 and list(viewed.views) == list(applied.views)
    assert list(viewed.decisions) == list(applied.decisions)

    replayed = core.replay(pb.ReplayRequest(
        game_id=game_id, num_players=update.num_players, seed=SEED,
        actions=[pb.SeatAction(seat=seat, action=action)], views=all_views()), Call())
    assert replayed.actions_applied == 1 and replayed.update.step == 1
    assert list(replayed.update.decisions) == list(applied.decisions)

    next_seat, _ = first_legal(applied)
    suggested = core.suggest_action(pb.SuggestActionRequest(
        state=applied.state, seat=next_seat, policy=pb.BOT_POLICY_RANDOM, seed=b"bot"), Call())
    assert suggested.step == 1
    legal = next(d for d in applied.decisions if d.seat == next_seat).legal_actions
    assert suggested.action in legal

    renewed = core.renew_seat_token(pb.RenewSeatTokenRequest(
        state=update.state, seat=0, seat_token=new.seat_tokens[0]), Call())
    assert renewed.seat_token


def test_refusals_are_values_with_a_code_and_a_reason(core: GameCore) -> None:
    game_id = "central-market"  # one seat decides first: the others may be refused
    update = _new(core, game_id).update
    seat, action = first_legal(update)
    idle = next(s for s in range(update.num_players)
                if s not in {d.seat for d in update.decisions})
    assert _refused(lambda: core.new_game(pb.NewGameRequest(game_id="chess"), Call())) == \
        (Code.NOT_FOUND, "UNKNOWN_GAME")
    assert _refused(lambda: core.apply_action(pb.ApplyActionRequest(
        state=update.state, seat=seat, action=action, expected_step=7), Call()))[0] is \
        Code.ABORTED
    assert _refused(lambda: core.apply_action(pb.ApplyActionRequest(
        state=update.state, seat=idle, action=action), Call()))[0] is Code.PERMISSION_DENIED
    assert _refused(lambda: core.apply_action(pb.ApplyActionRequest(
        state=update.state, seat=seat), Call())) == (Code.INVALID_ARGUMENT, "MISSING_ACTION")
    assert _refused(lambda: core.get_view(pb.GetViewRequest(state=b"not a state"), Call()))[0] \
        is Code.INVALID_ARGUMENT
    assert _refused(lambda: core.replay(pb.ReplayRequest(game_id=game_id, num_players=2),
                                        Call())) == (Code.INVALID_ARGUMENT, "MISSING_SEED")
    assert _refused(lambda: core.renew_seat_token(pb.RenewSeatTokenRequest(
        state=update.state, seat=0, seat_token="forged"), Call())) == \
        (Code.PERMISSION_DENIED, "SEAT_TOKEN_REQUIRED")


def test_guarded_turns_a_bug_into_internal_without_its_text() -> None:
    def broken(request: pb.ListGamesRequest, call: Call) -> pb.ListGamesResponse:
        raise KeyError("the hidden card is the 7 of spice")

    error = _refused(lambda: guarded(broken, pb.ListGamesRequest(), Call()))
    assert error == (Code.INTERNAL, "INTERNAL_ERROR")
    with pytest.raises(ServiceError) as refused:
        guarded(broken, pb.ListGamesRequest(), Call())
    assert "spice" not in str(refused.value)
