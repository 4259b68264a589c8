"""Every RPC over a real server on loopback: the happy paths."""

from __future__ import annotations

import hashlib

from engines import registry
from engines.core import Rng
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from tests.service.conftest import all_views

GAME = "spice-merchant"


def test_list_games_describes_every_registered_game(stub: pb_grpc.GameServiceStub) -> None:
    games = {g.game_id: g for g in stub.ListGames(pb.ListGamesRequest()).games}
    assert set(games) == set(registry.ENGINES)
    for game_id, info in games.items():
        spec = registry.ENGINES[game_id].spec
        assert (info.min_players, info.max_players) == (spec.min_players, spec.max_players)
        assert info.rules_version == spec.rules_version
        assert [o.name for o in info.options if not o.table] == [o.name for o in spec.options]
        assert {o.name for o in info.options if o.table} >= {
            "clock_bank_s", "clock_increment_s", "clock_move_s", "timeout_policy"}
        for option in info.options:
            assert option.type != pb.OPTION_TYPE_UNSPECIFIED
            assert option.default_value


def test_new_game_returns_tokens_views_and_a_seed_commitment(stub: pb_grpc.GameServiceStub) -> None:
    response = stub.NewGame(pb.NewGameRequest(
        game_id=GAME, num_players=3, seed=b"contract", views=pb.ViewSelection(seats=[1])))
    update = response.update
    assert update.step == 0 and update.game_id == GAME and update.num_players == 3
    assert len(response.seat_tokens) == 3 and len(set(response.seat_tokens)) == 3
    assert [v.seat for v in update.views] == [1]
    # Salted: even a short caller seed cannot be recovered from its commitment.
    assert len(update.views[0].seed_commitment) == 32
    assert update.views[0].seed_commitment != hashlib.sha256(b"contract").digest()
    assert update.views[0].WhichOneof("game") == "spice_merchant"
    for decision in update.decisions:
        assert decision.legal_actions_included == (decision.seat == 1)
        assert bool(decision.legal_actions) == (decision.seat == 1)
    assert not update.HasField("outcome")


def test_server_drawn_seeds_differ_and_are_at_least_128_bits(stub: pb_grpc.GameServiceStub) -> None:
    games = [stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2)) for _ in range(2)]
    assert not games[0].update.views  # none were asked for
    played = [_play_to_end(stub, g.update) for g in games]
    seeds = [u.outcome.seed for u, _ in played]
    assert seeds[0] != seeds[1]
    assert all(len(seed) * 8 >= 128 for seed in seeds)


def _play_to_end(
    stub: pb_grpc.GameServiceStub, update: pb.GameUpdate, policy: bytes = b"p"
) -> tuple[pb.GameUpdate, list[pb.SeatAction]]:
    """Random legal actions through the service until the outcome arrives."""
    rng = Rng(policy)
    log: list[pb.SeatAction] = []
    if not update.views:
        update = stub.GetView(pb.GetViewRequest(state=update.state, views=all_views())).update
    while not update.HasField("outcome"):
        deciders = [d for d in update.decisions if d.legal_actions]
        decision = deciders[rng.below(len(deciders))]
        action = decision.legal_actions[rng.below(len(decision.legal_actions))]
        log.append(pb.SeatAction(seat=decision.seat, action=action))
        update = stub.ApplyAction(pb.ApplyActionRequest(
            state=update.state, seat=decision.seat, action=action,
            expected_step=update.step, views=all_views())).update
        assert update.step == len(log)
    return update, log


def test_a_whole_game_then_replay_proves_the_shuffles(stub: pb_grpc.GameServiceStub) -> None:
    """Provable fairness: the outcome reveals the seed and its salt, whose hash
    every view showed from step 0, and Replay of the log reproduces the final
    state and shows the same commitment."""
    start = stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=4, views=all_views()))
    commitment = start.update.views[0].seed_commitment
    final, log = _play_to_end(stub, start.update)
    outcome = final.outcome
    assert len(outcome.seed_salt) == 16
    assert hashlib.sha256(outcome.seed_salt + outcome.seed).digest() == commitment
    assert [r.seat for r in outcome.results] == [0, 1, 2, 3]
    assert set(outcome.winners) == {r.seat for r in outcome.results if r.rank == 1}
    assert not final.decisions
    replay = stub.Replay(pb.ReplayRequest(
        game_id=GAME, num_players=4, seed=outcome.seed, seed_salt=outcome.seed_salt, actions=log,
        views=pb.ViewSelection(spectator=True)))
    assert replay.actions_applied == len(log)
    assert replay.update.outcome.final_state_digest == outcome.final_state_digest
    assert replay.update.views[0].seed_commitment == commitment
    assert replay.update.outcome.seed_salt == outcome.seed_salt
    assert replay.update.step == final.step


def test_get_view_re_renders_without_changing_the_state(stub: pb_grpc.GameServiceStub) -> None:
    start = stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2, seed=b"gv",
                                           views=pb.ViewSelection(seats=[0])))
    again = stub.GetView(pb.GetViewRequest(state=start.update.state,
                                           views=pb.ViewSelection(seats=[0]))).update
    assert again.state == start.update.state
    assert again.views[0].SerializeToString(deterministic=True) == \
        start.update.views[0].SerializeToString(deterministic=True)
    assert not again.events


def test_a_frontend_sees_only_its_own_seat(stub: pb_grpc.GameServiceStub) -> None:
    """Asking for seat 0 yields seat 0's legal actions, view and events only."""
    update = stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=3, seed=b"frontend",
                                            views=all_views())).update
    rng = Rng(b"frontend-policy")
    for _ in range(40):
        if update.HasField("outcome"):
            break
        deciders = [d for d in update.decisions if d.legal_actions]
        decision = deciders[rng.below(len(deciders))]
        action = decision.legal_actions[rng.below(len(decision.legal_actions))]
        mine = stub.ApplyAction(pb.ApplyActionRequest(
            state=update.state, seat=decision.seat, action=action,
            views=pb.ViewSelection(seats=[0]))).update
        assert [v.seat for v in mine.views] == [0]
        for d in mine.decisions:
            assert bool(d.legal_actions) == (d.seat == 0)
        for event in mine.events:
            assert not event.audience or 0 in event.audience
        update = stub.GetView(pb.GetViewRequest(state=mine.state, views=all_views())).update
