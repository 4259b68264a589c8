"""Every rules version through a real server: ListGames lists them, NewGame
and Replay take any of them, a state keeps its version for life, and options
for trusted callers are refused where seat tokens are required."""

from __future__ import annotations

import grpc
import pytest

from engines import registry
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from tests.service.conftest import Served, all_views, first_legal, refusal
from tests.service.rpcs.test_contract import _play_to_end


def test_list_games_lists_every_version_newest_first(stub: pb_grpc.GameServiceStub) -> None:
    games = {g.game_id: g for g in stub.ListGames(pb.ListGamesRequest()).games}
    for game_id, info in games.items():
        assert list(info.rules_versions) == list(registry.rules_versions(game_id))
        assert info.rules_versions[0] == info.rules_version == registry.ENGINES[game_id].spec.rules_version
    assert set(games) == set(registry.ENGINES)
    assert len(games["central-market"].rules_versions) >= 2  # a game with several lists each
    skip = next(o for o in games["central-market"].options if o.name == "skip-idle-reactions")
    assert skip.trusted_only
    assert not any(o.trusted_only for o in games["spice-merchant"].options)


@pytest.mark.parametrize("engine", registry.every_engine(),
                         ids=[e.spec.rules_version for e in registry.every_engine()])
def test_a_game_plays_to_its_end_and_replays_under_the_version_it_started(
    stub: pb_grpc.GameServiceStub, engine: object
) -> None:
    """NewGame under a named version; every update says that version; Replay
    under it reproduces the final digest (under another version it does not
    even have to be legal)."""
    spec = engine.spec  # type: ignore[attr-defined]
    players = max(spec.min_players, 2)
    start = stub.NewGame(pb.NewGameRequest(game_id=spec.game_id, num_players=players,
                                           rules_version=spec.rules_version, views=all_views()))
    assert start.update.rules_version == spec.rules_version
    final, log = _play_to_end(stub, start.update, policy=spec.rules_version.encode())
    assert final.rules_version == spec.rules_version
    replay = stub.Replay(pb.ReplayRequest(
        game_id=spec.game_id, num_players=players, seed=final.outcome.seed,
        seed_salt=final.outcome.seed_salt, actions=log, rules_version=spec.rules_version))
    assert replay.update.outcome.final_state_digest == final.outcome.final_state_digest
    assert replay.update.rules_version == spec.rules_version


def test_old_and_new_games_are_played_side_by_side(stub: pb_grpc.GameServiceStub) -> None:
    """One server, one seed, both versions: each state goes on under its own."""
    old, new = registry.rules_versions("central-market")[-1], registry.rules_versions("central-market")[0]
    updates = {
        version: stub.NewGame(pb.NewGameRequest(game_id="central-market", num_players=3, seed=b"same",
                                                rules_version=version, views=all_views())).update
        for version in (old, new)
    }
    assert stub.NewGame(pb.NewGameRequest(game_id="central-market", num_players=3)).update \
        .rules_version == new
    for version, update in updates.items():
        seat, action = first_legal(update)
        after = stub.ApplyAction(pb.ApplyActionRequest(state=update.state, seat=seat, action=action,
                                                       views=all_views())).update
        assert after.rules_version == version
        assert stub.GetView(pb.GetViewRequest(state=after.state)).update.rules_version == version
    view_of = {v: u.views[-1].central_market for v, u in updates.items()}
    assert not view_of[old].HasField("cheat_mixed_products")
    assert view_of[new].HasField("cheat_mixed_products")


def test_an_unknown_rules_version_is_refused_naming_the_played_ones(
    stub: pb_grpc.GameServiceStub,
) -> None:
    with pytest.raises(grpc.RpcError) as refused:
        stub.NewGame(pb.NewGameRequest(game_id="market-fresh", num_players=2,
                                       rules_version="market-fresh/99"))
    code, reason, message = refusal(refused)
    assert (code, reason) == (grpc.StatusCode.NOT_FOUND, "UNKNOWN_RULES_VERSION")
    assert all(version in message for version in registry.rules_versions("market-fresh"))


def test_options_of_a_newer_version_are_unknown_to_an_older_one(
    stub: pb_grpc.GameServiceStub,
) -> None:
    with pytest.raises(grpc.RpcError) as refused:
        stub.NewGame(pb.NewGameRequest(game_id="central-market", num_players=3,
                                       rules_version="central-market/1",
                                       options={"cheat-mixed-products": "true"}))
    assert refusal(refused)[:2] == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_OPTIONS")


@pytest.mark.parametrize("version", registry.rules_versions("central-market"))
def test_trusted_only_option_is_refused_when_seat_tokens_are_required(
    served: Served, served_with_tokens: Served, version: str
) -> None:
    """Central Market's skip-idle-reactions makes a Tourists prompt show who
    holds the product: a server that requires seat tokens (untrusted
    frontends) refuses it under every version; its default is accepted, and
    a server without tokens (trusted callers) takes it."""
    request = pb.NewGameRequest(game_id="central-market", num_players=3, rules_version=version,
                                options={"skip-idle-reactions": "true"})
    with pytest.raises(grpc.RpcError) as refused:
        served_with_tokens.stub.NewGame(request)
    code, reason, message = refusal(refused)
    assert (code, reason) == (grpc.StatusCode.PERMISSION_DENIED, "OPTION_NEEDS_TRUST")
    assert "skip-idle-reactions" in message
    request.options["skip-idle-reactions"] = "false"
    assert served_with_tokens.stub.NewGame(request).update.rules_version == version
    request.options["skip-idle-reactions"] = "true"
    assert served.stub.NewGame(request).update.rules_version == version
