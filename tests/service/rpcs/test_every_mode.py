"""Every game in every mode plays to its end through a real server.

One game per player count with default options, plus one per non-default
value of each enum option (Crate Heights, Solo, 4x4 grids, the 40-card
Central Market, Nutmeg & Mace price rows) at the smallest accepted count.
"""

from __future__ import annotations

import pytest

from engines import registry
from engines.core import InvalidOptions
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from tests.conformance.configs import PlayConfig
from tests.service.rpcs.test_contract import _play_to_end


def modes() -> list[PlayConfig]:
    chosen: list[PlayConfig] = []
    for game_id, engine in sorted(registry.ENGINES.items()):
        counts = range(engine.spec.min_players, engine.spec.max_players + 1)
        sets: list[dict[str, str]] = [{}]
        sets += [{o.name: v} for o in engine.spec.options if o.kind == "enum"
                 for v in o.allowed if v != o.default]
        for options in sets:
            for n in counts:
                config = PlayConfig(game_id, n, options)
                try:
                    config.new_game(b"probe")
                except InvalidOptions:
                    continue
                chosen.append(config)
                if options:
                    break
    return chosen


MODES = modes()


@pytest.mark.parametrize("config", MODES, ids=[c.label() for c in MODES])
def test_mode_plays_to_the_end_through_the_service(stub: pb_grpc.GameServiceStub,
                                                   config: PlayConfig) -> None:
    start = stub.NewGame(pb.NewGameRequest(game_id=config.game_id, num_players=config.num_players,
                                           options=config.options, seed=b"every-mode"))
    final, log = _play_to_end(stub, start.update, policy=config.label().encode())
    assert final.outcome.winners
    assert len(final.outcome.results) == config.num_players
    assert final.step == len(log)
    seat_sorted = sorted(final.outcome.results, key=lambda r: r.rank)
    assert seat_sorted[0].seat in final.outcome.winners


def test_every_game_and_variant_is_covered() -> None:
    labels = {c.label() for c in MODES}
    assert any("variant=solo" in label for label in labels)
    assert any("variant=crate-heights" in label for label in labels)
    assert {c.game_id for c in MODES} == set(registry.ENGINES)
