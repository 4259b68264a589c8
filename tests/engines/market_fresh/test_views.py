"""The view as a seat reads it: whose turn, which crates it holds, and score
options that are exactly what scoring then gives."""

from __future__ import annotations

from collections.abc import Iterator

from engines.core import Game, Rng
from engines.market_fresh import ENGINE
from engines.market_fresh.state import SCORE, encode
from engines.market_fresh.view import render
from marketplay.v1 import market_fresh_pb2 as pb
from tests.conformance.playout import playout


def _games(players: int, options: dict[str, str], seed: bytes) -> Iterator[Game]:
    """Every position of one seeded random game."""
    step = None
    for step in playout(Game.new(ENGINE, players, options, seed), seed):
        yield step.before
    assert step is not None
    yield step.after


def test_the_view_names_the_seat_to_act_and_the_turn() -> None:
    seen = set()
    for game in _games(3, {}, b"turns"):
        view = ENGINE.view(game.state, None)
        if game.state.over:
            assert view.game_over
            continue
        assert (view.current_seat, view.turn) == (game.state.current, game.state.turn)
        seen.add(view.current_seat)
    assert seen == {0, 1, 2}


def test_each_seat_sees_its_own_face_down_crates_and_a_stranger_sees_none() -> None:
    """Seat 0 too: its own held crates are filled in, though seat 0 is the
    wire's default; a viewer number past the table is a spectator."""
    game = Game.new(ENGINE, 3, {}, b"own")
    take_down = ENGINE.legal_actions(game.state, 0)[-1]
    assert take_down.WhichOneof("kind") == "take_face_down"
    game, _ = game.apply(0, take_down)
    state = game.state
    assert state.hands[0] != state.known[0]
    assert [c.id for c in ENGINE.view(state, 0).seats[0].held] == list(state.hands[0])
    assert render(state, 3) == render(state, None) != render(state, 0)
    assert not render(state, 3).seats[0].held


def test_score_options_are_what_scoring_gives() -> None:
    """At every score step, each option the view offers is the points the
    seat gains by taking it, perfect-match bonus and height included."""
    perfect = 0
    for players, options in ((3, {}), (2, {"variant": "crate-heights"}), (1, {"variant": "solo"})):
        for game in _games(players, options, b"score%d" % players):
            if game.state.phase != SCORE:
                continue
            seat = game.state.current
            offered = {(o.produce, o.scoring): o for o in ENGINE.view(game.state, seat).score_options}
            perfect += game.state.perfect_match
            for action in ENGINE.legal_actions(game.state, seat):
                _, events = game.apply(seat, action)
                (scored,) = [e.message.scored for e in events if e.message.HasField("scored")]
                option = pb.MarketFreshScoreOption()
                option.CopyFrom(offered[(action.score.produce, action.score.scoring)])
                if action.score.decline_farmer_tile:  # scored as offered, the tile left as it is
                    assert option.row
                    option.row = 0
                assert scored.option == option and scored.seat == seat
                assert option.perfect_match == game.state.perfect_match
                assert scored.score == game.state.scores[seat] + option.points
    assert perfect


def test_resampling_a_dealt_game_keeps_the_set_aside_crates_apart() -> None:
    """Three players set 9 crates aside unseen; a twin deals them anew but
    keeps 9 aside and every crate in one place."""
    state = Game.new(ENGINE, 3, {}, b"aside").state
    rng = Rng(b"twin")
    for observer in range(3):
        twin = ENGINE.resample_hidden(state, observer, rng)
        assert len(twin.set_aside) == len(state.set_aside) == 9
        assert len(twin.supply) == len(state.supply)
        assert ENGINE.decode(encode(twin)) == twin


def test_score_options_cover_each_produce_and_height_scoring_once_per_game() -> None:
    """Basic scoring is offered for each produce of the crate, with no height,
    and places a Farmer Tile only in the standard game; height scoring is
    not offered again for a produce the seat already height-scored."""
    data = ENGINE.rules.data
    for players, options in ((2, {"variant": "crate-heights"}), (1, {"variant": "solo"}), (3, {})):
        standard = "variant" not in options
        heights = 0
        for game in _games(players, options, b"cover%d" % players):
            state = game.state
            if state.phase != SCORE:
                continue
            seat = state.current
            offered = list(ENGINE.view(state, seat).score_options)
            basic = [o for o in offered if o.scoring == pb.MARKET_FRESH_SCORING_BASIC]
            halves = {data.produce[p].id for p in data.crates[state.chosen_crate]}
            assert {o.produce for o in basic} == halves and len(basic) == len(halves)
            assert all(o.height == 0 for o in basic)
            if not standard:
                assert all(o.row == 0 for o in basic)
            for o in offered:
                if o.scoring == pb.MARKET_FRESH_SCORING_HEIGHT:
                    heights += 1
                    assert not state.height_used[seat] >> data.produce_index[o.produce] & 1
        assert standard or heights
