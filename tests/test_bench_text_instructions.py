"""bench/text_instructions.py: instructions are counted over the measured
game's calls alone, as callgrind's dump at the marks says.

Counts are never asserted beyond being counted: what is checked is that the
marked calls are the measured game's and that the dump is read.
"""

from __future__ import annotations

import gc
import shutil

import pytest

from bench import text_cost, text_instructions


def test_the_marked_calls_are_the_measured_games_and_the_collector_is_on_after() -> None:
    _, requests, _ = text_cost._game("spice-merchant", 2, served=0)
    counted = text_instructions.count_one("spice-merchant", 2, "de+names", 1)
    assert counted["calls"] == len(requests)
    assert gc.isenabled()


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_callgrind_counts_the_marked_calls_of_each_mode() -> None:
    """One game, served nothing: a call with text runs more instructions than
    one without (its catalogs are compiled in its first calls), and a call
    without is counted between the marks (the process runs hundreds of
    millions of instructions before them)."""
    none = text_instructions.counted(text_instructions.HERE, "spice-merchant", 2, "none", 0)
    de = text_instructions.counted(text_instructions.HERE, "spice-merchant", 2, "de", 0)
    assert none["calls"] == de["calls"] > 10
    assert 100_000 < none["instructions"] < 10_000_000
    assert none["instructions"] < de["instructions"]
