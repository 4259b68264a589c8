"""Events of whole games, field by field: a move's events name the seat that
made it, a skipped sale names the product on sale, a sale's lost kilograms
are what it played but could not sell, and each delivery is counted alike in
its public and private copies."""

from __future__ import annotations

import pytest

from engines.central_market import ENGINE
from engines.core import Game
from marketplay.v1 import central_market_pb2 as pb
from tests.conformance.playout import playout

#: Events that report the mover's own choice (a Stay or Pass the rules made
#: for the seat say so with `automatic` or a reason).
CHOSEN = {"offered", "bid_placed", "card_played", "rot_played", "tourists_played",
          "reaction_declined", "set_aside_chosen"}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_moves_events_name_the_seat_that_made_it(players: int) -> None:
    kinds: set[str] = set()
    public_counts: list[tuple[int, int]] = []
    private_counts: list[tuple[int, int]] = []
    automatic: set[int] = set()
    for step in playout(Game.new(ENGINE, players, {}, b"movers%d" % players), b"movers"):
        before = step.before.state
        for event in step.events:
            message = event.message
            assert isinstance(message, pb.CentralMarketEvent)
            kind = str(message.WhichOneof("kind"))
            body = getattr(message, kind)
            kinds.add(kind)
            own_pass = step.action.WhichOneof("move") == "pass" and event is step.events[0]
            if kind in CHOSEN or (kind == "stayed" and not body.automatic):
                assert body.seat == step.seat, kind
            if kind == "passed":
                if own_pass and body.reason == pb.CENTRAL_MARKET_SKIP_REASON_UNSPECIFIED:
                    assert body.seat == step.seat
                else:  # a pass the rules made says why, and names its seat
                    assert body.reason != pb.CENTRAL_MARKET_SKIP_REASON_UNSPECIFIED
                    assert not own_pass or body.seat != step.seat
                    automatic.add(body.seat)
                if body.reason == pb.CENTRAL_MARKET_SKIP_REASON_PLAYER_LIMIT:
                    assert step.after.state.player_left[body.seat] == 0
            if kind == "sale_skipped":
                assert body.product == before.product + 1
            if kind == "cards_played":
                assert (body.seat, body.product) == (step.seat, before.product + 1)
                assert body.lost_kg == body.played_kg - body.sold_kg
            if kind == "cards_delivered":
                if event.audience is None:
                    assert not body.cards
                    public_counts.append((body.seat, body.count))
                else:
                    assert event.audience == frozenset((body.seat,)) and body.count == len(body.cards)
                    private_counts.append((body.seat, body.count))
    assert {"offered", "bid_placed", "stayed", "passed", "sale_skipped", "cards_played"} <= kinds
    assert public_counts == private_counts  # every delivery, counted the same twice
    assert {seat for seat, _ in public_counts} == set(range(players))
    assert automatic - {0}  # automatic passes by a seat other than the wire's default
