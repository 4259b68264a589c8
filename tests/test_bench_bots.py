"""bench/bots.py's bookkeeping (no tournament is played here), and that its bots are
the ones SuggestAction plays: the same settings, the same answers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from google.protobuf.message import Message

from bench import bot_games
from bench.bots import LADDER, _field, main, merge
from engines import registry
from engines.bots import LEVELS, IsmctsConfig, IsmctsPolicy
from engines.bots.levels import GamesOwnPolicy
from engines.bots.lookahead import LookaheadConfig, LookaheadPolicy
from engines.core import Game
from marketplay.v1 import game_service_pb2 as pb
from service.bots import Bots
from service.config import load_config
from service.server import bot_settings
from tests.service.conftest import TEST_CONFIG, Served


def game_line(number: int, score: float) -> str:
    return json.dumps({"game": "spice-merchant", "players": 2, "pairing": "ismcts-greedy",
                       "variant": "", "number": number, "score": score, "ahead": score,
                       "iterations": 10, "times": [0.1], "cpu_times": [0.1]})


def test_merge_reads_each_game_once_even_with_a_table_row_run_on(tmp_path: Path) -> None:
    """A log from before the print lock could carry a table row on a game's line."""
    log = tmp_path / "goal.log"
    log.write_text("\n".join([
        "ismcts 10, variants default",
        game_line(0, 1.0),
        game_line(1, 0.0) + "| spice-merchant | 2 | ismcts-greedy | 2 |",
        game_line(0, 1.0),  # listed twice: counted once
    ]) + "\n")
    (row,) = merge([str(log)])
    assert (row.game_id, row.players, row.games) == ("spice-merchant", 2, 2)
    assert row.score == 0.5


def _games(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[int, dict[str, object]]:
    """The `--progress` lines of one bench run, by game number, without their timings."""
    assert main(argv) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()
             if line.startswith("{")]
    return {g["number"]: {k: v for k, v in g.items() if k not in ("times", "cpu_times")}
            | {"decisions": len(g["times"])} for g in lines}


def test_a_run_from_game_n_plays_game_n_as_a_longer_run_does_and_merges_with_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--first-game N` adds the next games of the same seeds (docs/bots.md doubles a
    table's games this way): game N alone is game N of a run from 0, and the merged
    logs count every game once."""
    cheap = ["--game", "spice-merchant", "--players", "2", "--pairing", "easy-random",
             "--progress", "--jobs", "1"]
    longer = _games([*cheap, "--games", "2"], capsys)
    alone = _games([*cheap, "--games", "1", "--first-game", "1"], capsys)
    assert sorted(longer) == [0, 1] and list(alone) == [1]
    assert alone[1] == longer[1]
    assert longer[0] != longer[1]  # the seeds differ by game number
    first, later = tmp_path / "first.log", tmp_path / "later.log"
    first.write_text(game_line(0, 1.0) + "\n" + game_line(1, 0.0) + "\n")
    later.write_text(game_line(2, 1.0) + "\n" + game_line(3, 1.0) + "\n")
    (row,) = merge([str(first), str(later)])
    assert (row.games, row.score) == (4, 0.75)


def test_a_variant_sets_the_exploration_whose_default_is_the_games() -> None:
    assert IsmctsConfig().exploration is None
    assert _field(IsmctsConfig(), "exploration=0.25") == ("exploration", 0.25)
    assert _field(IsmctsConfig(), "depth=0") == ("depth", 0)


def test_the_bench_plays_with_the_bot_settings_of_a_server_started_without_flags() -> None:
    """If a default of the server's --bot-* flags changes, the bench follows it: its bots
    are the ones a caller gets (bench/bot_games.py)."""
    assert bot_games.server_settings() == bot_settings(load_config([], {}))


def test_every_bot_the_bench_names_is_a_request_the_server_answers() -> None:
    assert set(bot_games.REQUESTS) == {"random", "greedy", "ismcts", *LEVELS}
    for name in LADDER:
        assert set(name.split("-")) <= set(bot_games.REQUESTS)
    for name in LEVELS:
        assert bot_games.REQUESTS[name].level and not bot_games.REQUESTS[name].policy


@pytest.mark.parametrize("game_id", sorted(registry.ENGINES))
def test_medium_is_greedy_as_a_flagless_server_plays_it_and_hard_is_the_games_own(
        game_id: str) -> None:
    """So the ladder's hard-medium rung is also the goal table's hard-greedy, and
    medium-easy says how easy does against greedy (docs/bots.md, "Levels"); hard is
    ismcts as a flagless server plays it, or where the game names the lookahead
    (Central Market), the lookahead at its own budget, reported as greedy."""
    bots = Bots(bot_games.server_settings())
    engine = registry.ENGINES[game_id]
    game = Game.new(engine, engine.spec.min_players + 1, {}, b"same")
    ours, theirs = (bots.bot(game, bot_games.REQUESTS[name]) for name in ("medium", "greedy"))
    assert (type(ours.policy), vars(ours.policy), ours.default_iterations, ours.enum) == (
        type(theirs.policy), vars(theirs.policy), theirs.default_iterations, theirs.enum)
    hard = bots.bot(game, bot_games.REQUESTS["hard"])
    assert isinstance(hard.policy, GamesOwnPolicy)
    played = hard.policy.policy(engine)
    if engine.spec.bots.hard_policy == "ismcts":
        ismcts = bots.bot(game, bot_games.REQUESTS["ismcts"])
        assert (type(played), vars(played), hard.default_iterations, hard.enum) == (
            type(ismcts.policy), vars(ismcts.policy), ismcts.default_iterations, ismcts.enum)
    else:
        assert (type(played), vars(played), hard.default_iterations, hard.enum) == (
            LookaheadPolicy, vars(LookaheadPolicy()), LookaheadConfig().samples,
            pb.BOT_POLICY_GREEDY)


@pytest.mark.parametrize("game_id", sorted(registry.ENGINES))
def test_an_ismcts_variant_plays_as_hard_where_hard_is_ismcts_and_is_refused_elsewhere(
        game_id: str) -> None:
    """A refusal is a ValueError the pool carries back (a SystemExit hung the run)."""
    engine = registry.ENGINES[game_id]
    game = Game.new(engine, engine.spec.min_players + 1, {}, b"variant")
    config = IsmctsConfig(playout="greedy")
    task = bot_games.Task(game_id, engine.spec.min_players + 1, (), "hard-medium", 0,
                          bot_games.Override(config))
    if engine.spec.bots.hard_policy == "ismcts":
        played = bot_games.bot(game, task, "hard", True, bot_games.REQUESTS["hard"]).policy
        assert isinstance(played, IsmctsPolicy) and played.config == config
    else:
        with pytest.raises(ValueError, match="needs an ISMCTS bot"):
            bot_games.bot(game, task, "hard", True, bot_games.REQUESTS["hard"])


@pytest.fixture(scope="module")
def patient() -> Iterator[Served]:
    """A server at its default bot settings but a time cap no search reaches however
    busy the machine, so that only the iterations end a search (the answers compare)."""
    served = Served(replace(TEST_CONFIG, bot_max_millis=600_000))
    yield served
    served.close()


@pytest.mark.parametrize("game_id", sorted(registry.ENGINES))
def test_the_bench_answers_what_the_servers_suggest_action_answers(
        patient: Served, monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    """Every bot the bench plays, on a position of every game, with the seed the bench
    gives it: the same action, iterations and candidate statistics, bit for bit, as
    SuggestAction's answer for the same seed and no budget."""
    monkeypatch.setattr(bot_games, "_bots", lambda max_millis: Bots(
        replace(bot_games.server_settings(), max_millis=600_000)))
    engine = registry.ENGINES[game_id]
    players = engine.spec.min_players + 1
    task = bot_games.Task(game_id, players, (), "hard-medium", 0)
    update = patient.stub.NewGame(pb.NewGameRequest(
        game_id=game_id, num_players=players, seed=bot_games.game_seed(task))).update
    game = Game.new(engine, players, {}, bot_games.game_seed(task))
    while len(engine.legal_actions(game.state, game.to_act()[0].seat)) < 3:
        seat = game.to_act()[0].seat
        action = engine.legal_actions(game.state, seat)[-1]
        game, _ = game.apply(seat, action)
        update = patient.stub.ApplyAction(pb.ApplyActionRequest(
            state=update.state, seat=seat, action=_typed(game_id, action))).update
    seat = game.to_act()[0].seat
    seed = bot_games.bot_seed(task, game.step, seat)
    field = engine.spec.proto_field
    for name in bot_games.REQUESTS:
        ours = bot_games.answer(game, task, name, True, seed)
        asked = bot_games.request(task, name, True, seed)
        asked.state, asked.seat = update.state, seat
        theirs = patient.stub.SuggestAction(asked)
        assert not ours.stopped_by_time and not theirs.stats.stopped_by_time
        assert getattr(theirs.action, field) == ours.action, name
        assert theirs.stats.iterations == ours.iterations, name
        assert [(c.visits, c.mean_value) for c in theirs.stats.candidates] == [
            (c.visits, c.mean_value) for c in ours.candidates], name


def _typed(game_id: str, action: Message) -> pb.GameAction:
    typed = pb.GameAction()
    getattr(typed, registry.ENGINES[game_id].spec.proto_field).CopyFrom(action)
    return typed


def test_a_run_on_seeds_of_its_own_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    """`--seeds` labels every row with them (a screen on seeds the tables do not use):
    the closing table sorts those rows too (it used to fail looking the label up
    among the variants)."""
    argv = ["--game", "spice-merchant", "--players", "2", "--pairing", "easy-random",
            "--games", "1", "--jobs", "1", "--seeds", "/screen"]
    assert main(argv) == 0
    assert "| spice-merchant | 2 | easy[/screen]-random | 1 |" in capsys.readouterr().out
