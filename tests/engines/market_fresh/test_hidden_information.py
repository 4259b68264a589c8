"""Views, events and resample_hidden: nobody learns what they may not see."""

from __future__ import annotations

from engines.core import Game, Rng
from engines.market_fresh import ENGINE
from engines.market_fresh.state import encode
from tests.engines.market_fresh.helpers import crate_id, table


def test_views_show_own_crates_and_counts_of_others() -> None:
    state = Game.new(ENGINE, 3, {}, b"views").state
    own = ENGINE.view(state, 1)
    assert [c.id for c in own.seats[1].held] == list(state.hands[1])
    assert own.seats[0].held == [] and own.seats[0].held_count == 3
    spectator = ENGINE.view(state, None)
    assert all(s.held == [] for s in spectator.seats)
    assert spectator.face_down_count == len(state.supply)
    assert spectator.set_aside_count == 9
    assert [c.id for c in spectator.face_up] == list(state.face_up)


def test_resample_keeps_public_facts_and_the_observers_crates() -> None:
    state = table(players=3, hands=[["lemons-pears", "plums-plums"], ["onions-apples",
                  "grapes-grapes"], ["carrots-carrots"]], known=[[], ["onions-apples"], []],
                  face_up=["tomatoes-peppers"])
    rng = Rng(b"twin")
    seen = set()
    for _ in range(20):
        twin = ENGINE.resample_hidden(state, 0, rng)
        assert twin.hands[0] == state.hands[0]
        assert crate_id("onions-apples") in twin.hands[1]
        assert [len(h) for h in twin.hands] == [2, 2, 1]
        assert twin.face_up == state.face_up and len(twin.supply) == len(state.supply)
        assert ENGINE.decode(encode(twin)) == twin
        seen.add(twin.hands[2])
        assert ENGINE.view(twin, 0) == ENGINE.view(state, 0)
    assert len(seen) > 1


def test_solo_has_nothing_to_resample() -> None:
    state = Game.new(ENGINE, 1, {"variant": "solo"}, b"solo").state
    assert ENGINE.resample_hidden(state, 0, Rng(b"x")) == state


def test_events_of_a_face_down_take_hide_the_crate_from_others() -> None:
    game = Game.new(ENGINE, 2, {}, b"events")
    take_down = ENGINE.legal_actions(game.state, 0)[-1]
    assert take_down.WhichOneof("kind") == "take_face_down"
    _, events = game.apply(0, take_down)
    public = [e for e in events if e.audience is None]
    private = [e for e in events if e.audience == frozenset({0})]
    assert not public[0].message.crate_taken.HasField("crate")
    assert private[0].message.crate_taken.crate.id == game.state.supply[-1]
