"""One scenario test per interpretation in docs/rules/market-fresh.md (named after it)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core import Game, InvalidOptions, Rng
from engines.market_fresh import ENGINE, VERSIONS, rules
from engines.market_fresh.messages import crate as crate_of
from engines.market_fresh.scoring import (
    final_scores,
    score_options,
    solo_rating,
    tile_count_points,
)
from engines.market_fresh.shopfront import Shopfront
from engines.market_fresh.state import (
    BASIC,
    CHOOSE,
    CRATE_HEIGHTS,
    HEIGHT,
    OVER,
    PLACE,
    SOLO,
    STANDARD,
    TAKE,
    encode,
)
from engines.market_fresh.versions import V1, V2, Rules
from marketplay.v1 import market_fresh_pb2 as pb
from tests.engines.market_fresh.helpers import (
    DATA,
    FULL_4X4,
    act,
    choose_action,
    column,
    crate_id,
    events_of,
    p,
    place_action,
    score_action,
    scoring_state,
    shopfront,
    sq,
    table,
    take_face_up_action,
)

V1_ENGINE = VERSIONS[-1]



def _remove(cid: int) -> pb.MarketFreshAction:
    return pb.MarketFreshAction(remove_crate=pb.MarketFreshRemoveCrate(crate=crate_of(DATA, cid)))


def test_decision_end_of_game_plays_out_held_crates() -> None:
    """Once supply and face-up row are empty, seats skip step 1 and play
    their held crates until every crate is played."""
    state = table(hands=[["lemons-pears", "carrots-plums", "onions-apples"],
                         ["grapes-cabbages", "tomatoes-peppers", "apples-apples"]],
                  face_up=["plums-onions"], supply=[])
    state, _ = act(state, 0, take_face_up_action("plums-onions"))
    rng = Rng(b"play")
    turns = {0: 0, 1: 0}
    while state.phase != OVER:
        if state.phase == CHOOSE:
            turns[state.current] += 1
            assert state.current == 0 or state.supply == ()
        moves = rules.legal_moves(state, state.current)
        state, _ = rules.apply_move(state, state.current, moves[rng.below(len(moves))])
        if state.phase == TAKE:
            raise AssertionError("take-crate asked with nothing left to take")
    assert turns == {0: 4, 1: 3}
    assert state.hands == ((), ())


def test_decision_cannot_place_removes_a_crate_and_loses_a_point() -> None:
    """Only when none of the held crates fits: the seat picks the crate to
    remove, loses 1 point, scores nothing, and the face-up row is refilled."""
    shop = shopfront(4, *FULL_4X4)
    state = table(grid=4, shopfronts=[shop, shopfront(4)], scores=[2, 0],
                  hands=[["carrots-grapes", "dragon-fruits-cabbages", "peppers-peppers"], []],
                  face_up=["grapes-cabbages"], supply=["carrots-peppers"])
    state, _ = act(state, 0, take_face_up_action("grapes-cabbages"))
    assert ENGINE.to_act(state)[0].kind == "choose-crate"
    legal = ENGINE.legal_actions(state, 0)
    assert [a.WhichOneof("kind") for a in legal] == ["remove_crate"] * 4
    state, events = act(state, 0, _remove(crate_id("peppers-peppers")))
    removed = events_of(events, "crate_removed", viewer=1)[0]
    assert (removed.crate.id, removed.points_lost, removed.score) == (
        crate_id("peppers-peppers"), 1, 1)
    assert state.scores == (1, 0)
    assert state.removed == (crate_id("peppers-peppers"),)
    assert state.face_up == (crate_id("carrots-peppers"),)
    assert (state.current, state.phase) == (1, TAKE)
    assert all(col == (-1,) * 7 for col in state.board)


def test_decision_score_never_goes_below_zero() -> None:
    """At 0 the Score Cube has no space behind it."""
    shop = shopfront(4, *FULL_4X4)
    state = table(grid=4, shopfronts=[shop, shopfront(4)], supply=[],
                  hands=[["carrots-grapes"], ["lemons-lemons"]])
    state, events = act(state, 0, _remove(crate_id("carrots-grapes")))
    assert state.scores == (0, 0)
    assert events_of(events, "crate_removed")[0].points_lost == 0


def test_decision_crate_covers_two_adjacent_squares() -> None:
    """A crate lies on two orthogonally adjacent squares inside the grid."""
    shop = Shopfront.empty(DATA, 5)
    for first, second in shop.placements_for(crate_id("grapes-cabbages")):
        r1, c1, r2, c2 = first // 5, first % 5, second // 5, second % 5
        assert abs(r1 - r2) + abs(c1 - c2) == 1
    state = table()
    state = replace(state, phase=CHOOSE, hands=((crate_id("grapes-cabbages"),), ()))
    state, _ = act(state, 0, choose_action("grapes-cabbages"))
    assert not ENGINE.is_legal(state, 0, place_action(5, sq(5, (1, 1)), sq(5, (2, 2))))
    assert not ENGINE.is_legal(state, 0, pb.MarketFreshAction(place=pb.MarketFreshPlace(
        first=pb.MarketFreshSquareRef(row=4, col=4), second=pb.MarketFreshSquareRef(row=4, col=5))))
    assert ENGINE.is_legal(state, 0, place_action(5, sq(5, (1, 1)), sq(5, (2, 1))))


def test_decision_picture_square_needs_one_matching_half() -> None:
    """ "Half of your crate must match the fresh produce pictured directly
    beneath it." The other half may lie on a blank square."""
    shop = Shopfront.empty(DATA, 5)
    lp = crate_id("lemons-pears")
    assert shop.fit(lp, sq(5, (0, 0)), sq(5, (0, 1))) == 1  # lemons on the lemon picture
    assert shop.fit(lp, sq(5, (0, 1)), sq(5, (0, 0))) == -1  # pears on the lemon picture
    assert shop.fit(crate_id("grapes-cabbages"), sq(5, (0, 0)), sq(5, (1, 0))) == -1


def test_decision_crate_must_lie_level() -> None:
    """Both halves rest at one height: no bridging from a crate to the board."""
    shop = shopfront(5, ("lemons", "pears", (1, 0), (1, 1)))
    lemons_plums = crate_id("lemons-plums")
    assert shop.fit(lemons_plums, sq(5, (1, 0)), sq(5, (2, 0))) == -1  # height 1 next to 0
    assert shop.fit(lemons_plums, sq(5, (1, 0)), sq(5, (1, 1))) == 1
    assert shop.placement_height(sq(5, (1, 0))) == 2


def test_decision_perfect_match_over_pictures() -> None:
    """Both halves matching earns +5, on pictures as on crates."""
    tops = list(Shopfront.empty(DATA, 5).tops)
    tops[sq(5, (0, 1))] = p("pears")  # a grid with two adjacent pictures
    shop = replace(Shopfront.empty(DATA, 5), tops=tuple(tops))
    assert shop.fit(crate_id("lemons-pears"), sq(5, (0, 0)), sq(5, (0, 1))) == 2
    options = score_options(STANDARD, shop.place(crate_id("lemons-pears"), 0, 1),
                            table().board, (p("lemons"), p("pears")), True, 0, 0)
    assert [o.points for o in options] == [1 + 5, 2 + 5]  # + the pear picture at (0,3)


def test_decision_visible_count_counts_top_faces_only() -> None:
    """Covered halves do not count; the uncovered half of a partly covered
    crate and uncovered pictures do."""
    shop = shopfront(5, ("lemons", "pears", (1, 0), (1, 1)),
                     ("apples", "tomatoes", (2, 1), (3, 1)),
                     ("pears", "carrots", (1, 1), (2, 1)))
    assert shop.visible(p("lemons")) == 2  # the picture + the uncovered half at (1,0)
    assert shop.visible(p("apples")) == 0  # covered by the carrots half
    assert shop.visible(p("pears")) == 2  # the top crate + the picture (0,3)
    assert shop.visible(p("carrots")) == 2  # the top crate + the picture (1,2)
    assert shop.visible(p("tomatoes")) == 1


def test_decision_tile_row_ignores_bonus() -> None:
    """3 lemons seen with a perfect match: 8 points, but the tile goes to row 3."""
    shop = shopfront(5, ("lemons", "onions", (3, 1), (3, 2)),
                     ("tomatoes", "carrots", (2, 1), (2, 2)),
                     ("lemons", "pears", (2, 3), (1, 3)))
    state = table(shopfronts=[shop, shopfront(5)])
    state = scoring_state(state, 0, "carrots", "lemons", (2, 2), (2, 3))
    state, events = act(state, 0, score_action("lemons"))
    assert events_of(events, "scored")[0].option.points == 8
    assert column(state, "lemons") == {3: 0}


def test_decision_standard_game_never_uses_row_one() -> None:
    """Two seen with row 2 taken: no tile (row 1 would reward a 1-point score)."""
    state = table(tiles=[("lemons", 2, 1)])
    state = scoring_state(state, 0, "lemons", "pears", (1, 0), (1, 1))
    state, events = act(state, 0, score_action("lemons"))
    assert events_of(events, "farmer_tile") == []
    assert column(state, "lemons") == {2: 1}


def test_decision_farmer_tile_is_placed_automatically() -> None:
    """Version 1: step 4 has no choice that could hurt, so it needs no decision."""
    state = table(rules_version=V1)
    state = scoring_state(state, 0, "lemons", "pears", (1, 0), (1, 1))
    assert not [a for a in V1_ENGINE.legal_actions(state, 0) if a.score.decline_farmer_tile]
    state, events = act(state, 0, score_action("lemons"))
    assert [(t.from_row, t.to_row) for t in events_of(events, "farmer_tile")] == [(0, 2)]
    assert V1_ENGINE.to_act(state)[0].seat == 1


def test_decision_farmer_tile_may_be_declined() -> None:
    """Version 2: "If you score more than 1 point for your produce, you **may**
    place or move one of your Farmer Tiles". Each basic scoring that would
    place or move a tile is listed twice: as is, and declining the tile; the
    points are the same and the Market Board stays as it was."""
    state = scoring_state(table(), 0, "lemons", "pears", (1, 0), (1, 1))
    listed = [(a.score.produce, a.score.decline_farmer_tile) for a in ENGINE.legal_actions(state, 0)]
    assert listed == [("lemons", False), ("lemons", True), ("pears", False), ("pears", True)]
    declined = pb.MarketFreshAction(score=pb.MarketFreshScore(
        produce="lemons", scoring=pb.MARKET_FRESH_SCORING_BASIC, decline_farmer_tile=True))
    after, events = act(state, 0, declined)
    placed, placed_events = act(state, 0, score_action("lemons"))
    assert after.scores == placed.scores
    assert events_of(events, "farmer_tile") == [] and column(after, "lemons") == {}
    assert events_of(events, "scored")[0].option.row == 0
    assert column(placed, "lemons") == {2: 0}
    assert [e.option.points for e in events_of(placed_events, "scored")] == [
        e.option.points for e in events_of(events, "scored")]
    # Crate Heights: the tile is part of height scoring, so nothing to decline.
    heights = scoring_state(table(variant=CRATE_HEIGHTS), 0, "lemons", "pears", (1, 0), (1, 1))
    assert not [a for a in ENGINE.legal_actions(heights, 0) if a.score.decline_farmer_tile]


def test_decision_tile_moves_only_up_to_a_free_row() -> None:
    """A tile moves to the highest free row above it and at most the target."""
    state = table(tiles=[("lemons", 2, 0), ("lemons", 3, 1)])
    state = scoring_state(state, 0, "lemons", "plums", (1, 0), (1, 1))
    state = replace(state, shopfronts=(shopfront(
        5, ("lemons", "pears", (0, 1), (0, 2)), ("lemons", "plums", (1, 0), (1, 1))),
        state.shopfronts[1]))
    state, events = act(state, 0, score_action("lemons"))  # 3 seen, row 3 taken
    assert events_of(events, "farmer_tile") == []
    assert column(state, "lemons") == {2: 0, 3: 1}


def test_decision_seat_without_tiles_earns_no_tile_count_points() -> None:
    assert tile_count_points([3, 0]) == [16, 0]
    assert tile_count_points([0, 0, 0]) == [0, 0, 0]


def test_decision_tied_winners_share_first_place() -> None:
    """No rulebook tie-break: equal totals share first place."""
    state = replace(table(supply=[], scores=[10, 10]), phase=OVER, current=-1)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0, 1) and outcome.tie_break == "shared"
    assert [r.rank for r in outcome.results] == [1, 1]


def test_decision_height_is_the_highest_visible_crate() -> None:
    """A covered onion half does not count for height; a visible lower one does."""
    shop = shopfront(5, ("onions", "lemons", (2, 1), (2, 2)),
                     ("pears", "lemons", (2, 1), (2, 2)),
                     ("onions", "carrots", (3, 1), (3, 2)))
    assert shop.highest(p("onions")) == 1
    assert shop.highest(p("pears")) == 2


def test_decision_height_scoring_once_per_produce() -> None:
    state = table(variant=CRATE_HEIGHTS, height_used=[["lemons"], []])
    state = scoring_state(state, 0, "lemons", "pears", (1, 0), (1, 1))
    options = rules.options_now(state)
    assert [(o.produce, o.method) for o in options] == [
        (p("lemons"), BASIC), (p("pears"), BASIC), (p("pears"), HEIGHT)]


def test_decision_no_free_row_means_no_height_scoring() -> None:
    state = table(variant=CRATE_HEIGHTS, tiles=[("lemons", 1, 1)])
    state = scoring_state(state, 0, "lemons", "pears", (1, 0), (1, 1))
    assert (p("lemons"), HEIGHT) not in [(o.produce, o.method) for o in rules.options_now(state)]


def test_decision_height_capped_at_seven() -> None:
    partners = ["lemons", "carrots", "plums", "pears", "apples", "tomatoes", "grapes"]
    shop = shopfront(5, *[("onions", x, (2, 1), (2, 2)) for x in partners])
    state = table(variant=CRATE_HEIGHTS, shopfronts=[shop, shopfront(5)])
    state = scoring_state(state, 0, "onions", "cabbages", (2, 1), (2, 2))
    assert state.shopfronts[0].heights[sq(5, (2, 1))] == 8
    height = [o for o in rules.options_now(state) if o.method == HEIGHT and o.produce == p("onions")]
    assert [(o.height, o.row, o.visible, o.points) for o in height] == [(8, 7, 2, 14)]


def test_decision_crate_heights_basic_scoring_places_no_tile() -> None:
    state = table(variant=CRATE_HEIGHTS)
    state = scoring_state(state, 0, "lemons", "pears", (1, 0), (1, 1))
    state, events = act(state, 0, score_action("lemons"))
    assert events_of(events, "farmer_tile") == []
    assert all(col == (-1,) * 7 for col in state.board)


def test_decision_crate_heights_has_no_final_scoring() -> None:
    state = table(variant=CRATE_HEIGHTS, tiles=[("lemons", 7, 0)], scores=[5, 5], supply=[])
    assert [f.total for f in final_scores(CRATE_HEIGHTS, state.board, state.scores)] == [5, 5]
    assert [f.total for f in final_scores(STANDARD, state.board, state.scores)] == [5 + 14 + 16, 5]


def _solo(shop: Shopfront, face_up: list[str], tiles: list[tuple[str, int, int]]) -> object:
    return table(players=1, variant=SOLO, grid=4, shopfronts=[shop], face_up=face_up,
                 supply=[], tiles=tiles, phase=CHOOSE)


def test_decision_solo_height_needs_rows_below() -> None:
    """Height 3 needs a tile in row 2; height 4 also in row 3 (row 1 never)."""
    shop = shopfront(4, ("pears", "apples", (1, 1), (1, 2)),
                     ("pears", "grapes", (1, 1), (1, 2)))
    state = table(players=1, variant=SOLO, grid=4, shopfronts=[shop], supply=[],
                  face_up=["pears-cabbages"], tiles=[("lemons", 2, 0)])
    state = scoring_state(state, 0, "pears", "cabbages", (1, 1), (1, 2))
    heights = [(o.produce, o.row, o.points) for o in rules.options_now(state)
               if o.method == HEIGHT]
    # pears seen twice (the crate and the picture), cabbages once
    assert heights == [(p("pears"), 3, 2 * 3), (p("cabbages"), 3, 1 * 3)]
    state = replace(state, board=table(players=1, tiles=[]).board)
    assert [o for o in rules.options_now(state) if o.method == HEIGHT and o.produce == p("pears")] == []


def test_decision_solo_ends_when_no_crate_fits() -> None:
    """The game ends when none of the remaining face-up crates fits: -3 each."""
    shop = shopfront(4, *FULL_4X4[:7])
    state = table(players=1, variant=SOLO, grid=4, shopfronts=[shop], supply=[], scores=[20],
                  face_up=["tomatoes-onions", "carrots-grapes", "peppers-peppers"])
    state, _ = act(state, 0, choose_action("tomatoes-onions"))
    state, _ = act(state, 0, place_action(4, sq(4, (3, 3)), sq(4, (3, 2))))  # onions half first
    state, events = act(state, 0, score_action("tomatoes"))
    assert state.phase == OVER
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    details = outcome.details
    assert details.seats[0].unused_crates == 2
    assert details.seats[0].unused_crate_penalty == 6
    assert outcome.results[0].score == details.seats[0].total == 20 + 4 - 6
    assert details.solo_rating == "Moldy"
    assert events_of(events, "game_ended")


def test_decision_solo_rating_table() -> None:
    assert solo_rating(0) == "Moldy"
    assert solo_rating(99) == "Moldy"
    assert solo_rating(100) == "A little stale…"
    assert solo_rating(135) == "Marketable"
    assert solo_rating(159) == "Feelin' fresh"
    assert solo_rating(160) == "You've achieved MARKET MASTERY!"


def test_decision_face_up_taken_crate_stays_known() -> None:
    """Others see the held crates a seat took face-up; never face-down ones."""
    state = table(hands=[["lemons-pears"], ["plums-plums"]], face_up=["onions-apples"])
    state, _ = act(state, 0, take_face_up_action("onions-apples"))
    for viewer in (1, None):
        seat0 = ENGINE.view(state, viewer).seats[0]
        assert seat0.held_count == 2
        assert [c.id for c in seat0.held] == [crate_id("onions-apples")]
    state = table(hands=[["lemons-pears"], ["plums-plums"]])
    state, events = act(state, 0, pb.MarketFreshAction(take_face_down=pb.MarketFreshTakeFaceDown()))
    assert [c.id for c in ENGINE.view(state, 1).seats[0].held] == []
    assert not events_of(events, "crate_taken", viewer=1)[0].HasField("crate")
    assert [e.HasField("crate") for e in events_of(events, "crate_taken", viewer=0)] == [
        False, True]


def test_decision_chosen_crate_is_public() -> None:
    state = table(hands=[["lemons-pears", "plums-plums", "onions-apples"], []], supply=[],
                  phase=CHOOSE)
    state, events = act(state, 0, choose_action("plums-plums"))
    assert state.phase == PLACE
    assert events_of(events, "crate_chosen", viewer=None)[0].crate.id == crate_id("plums-plums")
    assert ENGINE.view(state, 1).pending_crate.id == crate_id("plums-plums")


def test_decision_refill_goes_to_the_taken_slot() -> None:
    state = table(hands=[[], []], face_up=["lemons-pears", "plums-plums", "onions-apples"],
                  supply=["grapes-grapes"])
    state, _ = act(state, 0, take_face_up_action("plums-plums"))
    state, _ = act(state, 0, choose_action("plums-plums"))
    state, _ = act(state, 0, place_action(5, sq(5, (4, 0)), sq(5, (4, 1))))
    state, events = act(state, 0, score_action("plums"))
    assert state.face_up == (crate_id("lemons-pears"), crate_id("grapes-grapes"),
                             crate_id("onions-apples"))
    assert events_of(events, "face_up_refilled")[0].face_down_left == 0


def test_decision_first_player_is_seat_zero() -> None:
    game = Game.new(ENGINE, 3, {}, b"seed")
    assert [(d.seat, d.kind) for d in game.to_act()] == [(0, "take-crate")]


def test_decision_double_crate_lies_one_way() -> None:
    shop = Shopfront.empty(DATA, 4)
    doubles = shop.placements_for(crate_id("grapes-grapes"))
    mixed = shop.placements_for(crate_id("grapes-cabbages"))
    assert len(mixed) == 2 * len(doubles)
    assert len(set(doubles)) == len(doubles)


@pytest.mark.parametrize("rules_version", [V2, V1], ids=["v2", "v1"])
def test_decision_double_crate_placed_from_either_end(rules_version: Rules) -> None:
    """Decision "A double crate lies one way": the legal list names each
    pair of squares once, first square lower; the same crate placed from
    the other end is accepted as that placement (every rules version: the
    state and events are the listed action's). A crate with two different
    halves placed the other way round is another placement."""
    state = table(hands=[["grapes-grapes", "grapes-cabbages"], []], supply=[], phase=CHOOSE,
                  rules_version=rules_version)
    state, _ = act(state, 0, choose_action("grapes-grapes"))
    engine = next(e for e in VERSIONS if e.rules == rules_version)
    listed, other_end = place_action(5, 10, 11), place_action(5, 11, 10)
    assert listed in engine.legal_actions(state, 0)
    assert other_end not in engine.legal_actions(state, 0)
    one, one_events = act(state, 0, listed)
    two, two_events = act(state, 0, other_end)
    assert engine.encode(one) == engine.encode(two)
    assert [e.message for e in one_events] == [e.message for e in two_events]


@pytest.mark.parametrize("rules_version", [V2, V1], ids=["v2", "v1"])
def test_decision_a_crate_may_be_named_by_its_id_alone(rules_version: Rules) -> None:
    """Decision "Naming a crate": take_face_up, choose_crate and remove_crate
    may name the crate by its id alone (every rules version); halves given
    must be the crate's own, and the legal list spells them out."""
    engine = next(e for e in VERSIONS if e.rules == rules_version)
    cid = crate_id("onions-apples")
    state = table(hands=[["lemons-pears"], []], face_up=["onions-apples"],
                  rules_version=rules_version)
    bare = pb.MarketFreshAction(take_face_up=pb.MarketFreshTakeFaceUp(
        crate=pb.MarketFreshCrate(id=cid)))
    assert bare not in engine.legal_actions(state, 0)
    assert engine.is_legal(state, 0, bare)
    one, one_events = act(state, 0, bare)
    two, two_events = act(state, 0, take_face_up_action("onions-apples"))
    assert engine.encode(one) == engine.encode(two)
    assert [e.message for e in one_events] == [e.message for e in two_events]
    half_named = pb.MarketFreshAction(take_face_up=pb.MarketFreshTakeFaceUp(
        crate=pb.MarketFreshCrate(id=cid, first="onions")))
    assert not engine.is_legal(state, 0, half_named)
    chosen = pb.MarketFreshAction(choose_crate=pb.MarketFreshChooseCrate(
        crate=pb.MarketFreshCrate(id=cid)))
    assert engine.is_legal(one, 0, chosen)
    full = table(hands=[["carrots-grapes"], []], shopfronts=[shopfront(4, *FULL_4X4),
                                                             shopfront(4)],
                 grid=4, supply=[], phase=CHOOSE, rules_version=rules_version)
    removed = pb.MarketFreshAction(remove_crate=pb.MarketFreshRemoveCrate(
        crate=pb.MarketFreshCrate(id=crate_id("carrots-grapes"))))
    assert engine.is_legal(full, 0, removed)


def test_decision_face_down_take_only_while_supply_lasts() -> None:
    state = table(face_up=["lemons-pears"], supply=[])
    kinds = [a.WhichOneof("kind") for a in ENGINE.legal_actions(state, 0)]
    assert kinds == ["take_face_up"]


@pytest.mark.parametrize(
    ("players", "options", "grid"),
    [(2, {}, 5), (3, {"grid": "4"}, 4), (1, {"variant": "solo"}, 4),
     (1, {"variant": "solo", "grid": "4"}, 4), (4, {"variant": "crate-heights"}, 5)],
)
def test_decision_grid_option_auto_means_5x5_except_solo(
    players: int, options: dict[str, str], grid: int
) -> None:
    assert Game.new(ENGINE, players, options, b"s").state.grid == grid


@pytest.mark.parametrize(
    ("players", "options"),
    [(1, {}), (2, {"variant": "solo"}), (1, {"variant": "solo", "grid": "5"}),
     (1, {"variant": "crate-heights"})],
)
def test_decision_contradictory_options_are_refused(players: int, options: dict[str, str]) -> None:
    with pytest.raises(InvalidOptions):
        Game.new(ENGINE, players, options, b"s")


def test_scenario_states_survive_the_wire() -> None:
    state = table(hands=[["lemons-pears"], ["plums-plums"]], face_up=["onions-apples"])
    assert ENGINE.decode(encode(state)) == state


def test_decision_crate_heights_uses_row_one() -> None:
    """A crate on the board (height 1) may height score into row 1."""
    state = table(variant=CRATE_HEIGHTS)
    state = scoring_state(state, 0, "lemons", "pears", (1, 0), (1, 1))
    state, events = act(state, 0, score_action("pears", height=True))
    scored = events_of(events, "scored")[0]
    assert (scored.option.row, scored.option.visible, scored.option.points) == (1, 2, 2)
    assert column(state, "pears") == {1: 0}


def test_decision_height_bonus_added_after_multiplying() -> None:
    """Height scoring with a perfectly fresh match: seen x row, then +5."""
    shop = shopfront(5, ("lemons", "carrots", (1, 1), (1, 0)),
                     ("pears", "plums", (2, 1), (2, 2)))
    state = table(variant=CRATE_HEIGHTS, shopfronts=[shop, shopfront(5)])
    state = scoring_state(state, 0, "lemons", "pears", (1, 1), (2, 1))
    state, events = act(state, 0, score_action("lemons", height=True))
    scored = events_of(events, "scored")[0]
    assert scored.option.perfect_match
    assert (scored.option.visible, scored.option.row, scored.option.points) == (2, 2, 2 * 2 + 5)


def test_decision_a_tile_above_the_target_row_stays_in_the_offered_option() -> None:
    """Score options name the row the seat's own tile would move to: none
    when its tile in that column already stands higher than the visible
    count, the target row for another seat."""
    shop = shopfront(5, ("lemons", "pears", (1, 0), (1, 1)))  # 2 lemons visible
    board = table(tiles=[("lemons", 5, 0)]).board
    options = score_options(STANDARD, shop, board, (p("lemons"), p("pears")), False, 0, 0)
    assert options[0].produce == p("lemons") and options[0].row == 0
    options = score_options(STANDARD, shop, board, (p("lemons"), p("pears")), False, 0, 1)
    assert options[0].row == 2
