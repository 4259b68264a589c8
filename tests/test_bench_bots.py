"""bench/bots.py's bookkeeping (no tournament is played here)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.bots import _field, merge
from engines.bots import IsmctsConfig


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


def test_a_variant_sets_the_exploration_whose_default_is_the_games() -> None:
    assert IsmctsConfig().exploration is None
    assert _field(IsmctsConfig(), "exploration=0.25") == ("exploration", 0.25)
    assert _field(IsmctsConfig(), "depth=0") == ("depth", 0)
