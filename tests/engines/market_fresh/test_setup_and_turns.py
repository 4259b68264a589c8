"""Set-up and the steps of a turn, one rule per test."""

from __future__ import annotations

import pytest

from engines.core import Game, IllegalAction, InvalidOptions, Rng
from engines.market_fresh import ENGINE, rules, spec
from engines.market_fresh.data import NUM_CRATES
from engines.market_fresh.moves import (
    ChooseCrate,
    PlaceCrate,
    RemoveCrate,
    ScoreCrate,
    TakeFaceDown,
    TakeFaceUp,
    build_action,
    read_move,
)
from engines.market_fresh.state import BASIC, CHOOSE, HEIGHT, PLACE, SCORE, SOLO, STANDARD, TAKE
from marketplay.v1 import market_fresh_pb2 as pb
from tests.conformance.playout import playout
from tests.engines.market_fresh.helpers import DATA, act, crate_id, table


@pytest.mark.parametrize(("players", "removed", "supply"), [(2, 18, 38), (3, 9, 44), (4, 2, 48)])
def test_set_up_removes_crates_by_player_count(players: int, removed: int, supply: int) -> None:
    """ "For two players: remove 18 crates ... three players: 9 ... four players: 2";
    three crates each; four face up; the rest face down."""
    state = Game.new(ENGINE, players, {}, b"setup").state
    assert len(state.set_aside) == removed
    assert [len(h) for h in state.hands] == [3] * players
    assert len(state.face_up) == 4
    assert len(state.supply) == supply
    everything = [*state.set_aside, *state.face_up, *state.supply, *sum(state.hands, ())]
    assert sorted(everything) == list(range(NUM_CRATES))


def test_solo_set_up_draws_twenty_five_face_up_crates() -> None:
    state = Game.new(ENGINE, 1, {"variant": "solo"}, b"setup").state
    assert len(state.face_up) == 25 and len(set(state.face_up)) == 25
    assert state.grid == 4 and state.supply == () and state.hands == ((),)
    assert ENGINE.to_act(state)[0].kind == "choose-crate"


def test_a_turn_is_take_choose_place_score() -> None:
    game = Game.new(ENGINE, 2, {}, b"turn")
    kinds = []
    for _ in range(4):
        (decision,) = game.to_act()
        kinds.append(decision.kind)
        game, _ = game.apply(decision.seat, ENGINE.legal_actions(game.state, decision.seat)[0])
    assert kinds == ["take-crate", "choose-crate", "place-crate", "score"]
    assert game.to_act()[0].seat == 1


def test_take_offers_each_face_up_crate_and_the_face_down_pile() -> None:
    state = table(face_up=["lemons-pears", "plums-plums"])
    kinds = [a.WhichOneof("kind") for a in ENGINE.legal_actions(state, 0)]
    assert kinds == ["take_face_up", "take_face_up", "take_face_down"]
    assert ENGINE.legal_actions(state, 1) == []


def test_take_face_down_gives_the_top_of_the_supply() -> None:
    state = table(supply=["lemons-pears", "plums-plums"])
    state, _ = act(state, 0, pb.MarketFreshAction(take_face_down=pb.MarketFreshTakeFaceDown()))
    assert state.hands[0] == (crate_id("plums-plums"),)
    assert state.supply == (crate_id("lemons-pears"),) and state.phase == CHOOSE


def test_choose_lists_only_crates_that_fit() -> None:
    """Every held crate that fits somewhere, so the next step is never empty."""
    state = table(hands=[["lemons-pears", "plums-plums"], []], supply=[], phase=CHOOSE)
    assert len(ENGINE.legal_actions(state, 0)) == 2
    moves = rules.legal_moves(state, 0)
    state, _ = rules.apply_move(state, 0, moves[0])
    assert state.phase == PLACE
    state, _ = rules.apply_move(state, 0, rules.legal_moves(state, 0)[0])
    assert state.phase == SCORE


def test_score_offers_each_produce_of_the_crate() -> None:
    """ "Choose one of the items of fresh produce in the crate you added." """
    state = table(hands=[["lemons-pears"], []], supply=[], phase=CHOOSE)
    for _ in range(2):
        state, _ = rules.apply_move(state, 0, rules.legal_moves(state, 0)[0])
    actions = ENGINE.legal_actions(state, 0)
    assert [a.score.produce for a in actions if not a.score.decline_farmer_tile] == [
        "lemons", "pears"]


def test_empty_or_foreign_actions_are_illegal() -> None:
    state = table()
    assert not ENGINE.is_legal(state, 0, pb.MarketFreshAction())
    assert not ENGINE.is_legal(state, 1, ENGINE.legal_actions(state, 0)[0])
    bogus = pb.MarketFreshAction(take_face_up=pb.MarketFreshTakeFaceUp(
        crate=pb.MarketFreshCrate(id=crate_id("lemons-pears"), first="pears", second="lemons")))
    assert not ENGINE.is_legal(table(face_up=["lemons-pears"]), 0, bogus)
    assert state.phase == TAKE


def test_set_up_shuffles_the_crates() -> None:
    """ "shuffle the crates face down": other random streams deal other
    crates, and every crate is still in exactly one place."""
    deals = set()
    for seed in (b"one", b"two", b"three"):
        state = Game.new(ENGINE, 2, {}, seed).state
        deals.add((state.hands, state.face_up, state.supply))
        placed = [*state.supply, *state.set_aside, *state.face_up, *(c for h in state.hands for c in h)]
        assert sorted(placed) == list(range(66))
    assert len(deals) == 3


@pytest.mark.parametrize("action", [
    pb.MarketFreshAction(take_face_up=pb.MarketFreshTakeFaceUp(crate=pb.MarketFreshCrate(id=66))),
    pb.MarketFreshAction(remove_crate=pb.MarketFreshRemoveCrate(crate=pb.MarketFreshCrate(id=-1))),
    pb.MarketFreshAction(place=pb.MarketFreshPlace(first=pb.MarketFreshSquareRef(row=5, col=0),
                                                   second=pb.MarketFreshSquareRef(row=4, col=0))),
    pb.MarketFreshAction(place=pb.MarketFreshPlace(first=pb.MarketFreshSquareRef(row=0, col=4),
                                                   second=pb.MarketFreshSquareRef(row=0, col=5))),
    pb.MarketFreshAction(score=pb.MarketFreshScore(produce="lemons", scoring=99)),  # type: ignore[arg-type]
    pb.MarketFreshAction(score=pb.MarketFreshScore(produce="kiwis")),
])
def test_an_action_off_the_grid_or_the_lists_names_no_move(action: pb.MarketFreshAction) -> None:
    """A crate id past the set, a square past the grid's edge, an unknown
    produce or scoring: no move at all (never an index error or a move that
    legality happens to refuse)."""
    assert read_move(action, 5, DATA) is None


def test_every_move_reads_back_from_its_action_declines_included() -> None:
    moves = [TakeFaceUp(65), TakeFaceDown(), ChooseCrate(0), RemoveCrate(1), PlaceCrate(0, 5),
             ScoreCrate(2, BASIC, False), ScoreCrate(2, BASIC, True), ScoreCrate(3, HEIGHT, False)]
    for move in moves:
        action = build_action(move, 5, DATA)
        assert read_move(action, 5, DATA) == move
    assert build_action(moves[6], 5, DATA).score.decline_farmer_tile


def test_a_game_in_play_has_no_outcome_yet() -> None:
    game = Game.new(ENGINE, 2, {}, b"running")
    for _ in range(12):
        assert ENGINE.outcome(game.state) is None
        (decider,) = game.to_act()
        game, _ = game.apply(decider.seat, ENGINE.legal_actions(game.state, decider.seat)[0])


def test_a_new_game_starts_at_turn_zero_with_nothing_scored() -> None:
    for players, options in ((2, {}), (1, {"variant": "solo"}), (4, {"variant": "crate-heights"})):
        state = Game.new(ENGINE, players, options, b"start").state
        assert (state.turn, state.current, state.phase) == (0, 0, TAKE if players > 1 else CHOOSE)
        assert state.scores == state.height_used == (0,) * players
        assert not state.perfect_match and state.chosen_crate == state.took_slot == -1


def test_the_set_up_reads_missing_options_as_their_defaults() -> None:
    """Called without options (as a bot or a test might), the set-up is the
    standard 5x5 game, and solo's 4x4."""
    state = spec.new_game(ENGINE.rules, 2, {}, Rng(b"defaults"))
    assert (state.variant, state.grid) == (STANDARD, 5)
    assert spec.resolve_variant(1, {"variant": "solo"}) == (SOLO, 4)


@pytest.mark.parametrize(("players", "options", "says"), [
    (2, {"variant": "solo"}, "variant solo takes exactly 1 player, got 2"),
    (1, {"variant": "solo", "grid": "5"},
     "variant solo is played on the 4x4 grid; use grid=4 or auto"),
    (5, {}, "variant standard takes 2-4 players, got 5; one player plays variant=solo"),
    (1, {"variant": "crate-heights"},
     "variant crate-heights takes 2-4 players, got 1; one player plays variant=solo"),
])
def test_contradictory_options_are_refused_saying_why(
        players: int, options: dict[str, str], says: str) -> None:
    with pytest.raises(InvalidOptions) as refused:
        spec.resolve_variant(players, options)
    assert str(refused.value) == says


def test_a_move_of_no_known_kind_is_refused_by_name() -> None:
    """On the compiled build (docs/testing.md) the signature refuses it first."""
    compiled = not (rules.__file__ or "").endswith(".py")
    refused = pytest.raises(TypeError, match="object expected; got object") if compiled else \
        pytest.raises(IllegalAction, match=r"^that action names no move of market-fresh$")
    with refused:
        rules.apply_move(table(), 0, object())  # type: ignore[arg-type]


def test_is_legal_agrees_with_the_legal_actions_of_every_seat() -> None:
    """Over seeded games, every seat is asked about every action any seat
    could take: the fast check answers as list membership does."""
    for players, options in ((3, {}), (2, {"variant": "crate-heights", "grid": "4"})):
        for step in playout(Game.new(ENGINE, players, options, b"legal%d" % players), b"legal"):
            state = step.before.state
            listed = {seat: {a.SerializeToString() for a in ENGINE.legal_actions(state, seat)}
                      for seat in range(players)}
            probes = {a for actions in listed.values() for a in actions}
            for seat in range(players):
                for probe in probes:
                    action = pb.MarketFreshAction.FromString(probe)
                    assert ENGINE.is_legal(state, seat, action) == (probe in listed[seat])
