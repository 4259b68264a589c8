"""The data files: defaults are valid, broken files fail clearly at load, and
a publisher's component set with another number of produce types plays
without a code change."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engines.core import Game
from engines.core.standard import StandardEngine
from engines.market_fresh.data import COMPONENTS, DataError, load
from engines.market_fresh.spec import MODULES
from engines.market_fresh.versions import Rules
from tests.conformance.playout import playout
from tests.engines.market_fresh.helpers import CRATES, DATA, PRODUCE

FILES = ("produce.json", "crates.json", "shopfronts.json")


def _texts() -> dict[str, str]:
    return {f: (COMPONENTS.root / "1" / f).read_text() for f in FILES}


def _write(directory: Path, texts: dict[str, str]) -> Path:
    for name, text in texts.items():
        (directory / name).write_text(text)
    return directory


def test_defaults_are_a_double_ten_set_over_eleven_produce() -> None:
    assert len(PRODUCE) == 11 and len(CRATES) == 66 and DATA.num_produce == 11
    assert len({tuple(sorted(c)) for c in CRATES}) == 66
    assert [p.id for p in PRODUCE[:6]] == [
        "lemons", "pears", "carrots", "plums", "onions", "dragon-fruits"]
    assert len(DATA.pictures[5]) == 25 and len(DATA.pictures[4]) == 16


def test_load_reads_a_directory(tmp_path: Path) -> None:
    loaded = load(_write(tmp_path, _texts()))
    assert loaded.crates == CRATES and loaded.digest == DATA.digest


def _eight_produce() -> dict[str, str]:
    """A publisher's list: 8 produce types, 36 crates of every pair (doubles
    included) plus 30 more, and the default pictures of those types."""
    texts = _texts()
    produce = json.loads(texts["produce.json"])
    produce["produce"] = produce["produce"][:8]
    ids = [p["id"] for p in produce["produce"]]
    pairs = list(itertools.combinations_with_replacement(ids, 2))
    crates = [list(pair) for pair in (pairs + pairs)[:66]]
    return {**texts, "produce.json": json.dumps(produce),
            "crates.json": json.dumps({"crates": crates})}


def test_the_produce_count_comes_from_the_data_files(tmp_path: Path) -> None:
    """Decision "Data files": nothing fixes 11 produce types in code. A set
    with 8 has 8 Market Board columns, and a whole game plays on it."""
    data = load(_write(tmp_path, _eight_produce()))
    assert data.num_produce == 8
    engine = StandardEngine(MODULES, Rules("market-fresh/99+data." + data.digest, data, True))
    game = Game.new(engine, 3, {}, b"eight")
    assert len(game.state.board) == 8
    assert len(engine.view(game.state, None).market_board) == 8
    for step in playout(game, b"eight"):
        game = step.after
    assert engine.outcome(game.state) is not None
    assert engine.encode(engine.decode(engine.encode(game.state))) == engine.encode(game.state)


def _mutated(file: str, mutate: Callable[[dict[str, Any]], object]) -> dict[str, str]:
    texts = _texts()
    doc = json.loads(texts[file])
    mutate(doc)
    texts[file] = json.dumps(doc)
    return texts


@pytest.mark.parametrize(
    ("file", "mutate", "message"),
    [
        ("crates.json", lambda d: d["crates"].pop(), "needs 66 crates"),
        ("crates.json", lambda d: d["crates"].__setitem__(0, ["lemons", "kiwis"]), "crate 0 "),
        ("crates.json", lambda d: d["crates"].__setitem__(7, ["lemons"]), "crate 7 "),
        ("produce.json", lambda d: d.__setitem__("produce", []), "needs 1 to 30 produce"),
        ("produce.json", lambda d: d["produce"].extend(
            {"id": f"p{i}", "name": f"P{i}"} for i in range(20)), "found 31"),
        ("produce.json", lambda d: d["produce"][1].__setitem__("id", "lemons"), "unique"),
        ("produce.json", lambda d: d["produce"][3].pop("name"), "entry 3 "),
        ("shopfronts.json", lambda d: d["grids"]["5"].append({"row": 5, "col": 0,
                                                              "produce": "lemons"}), "outside"),
        ("shopfronts.json", lambda d: d["grids"]["4"].append({"row": 0, "col": 0,
                                                              "produce": "pears"}), "two pictures"),
        ("shopfronts.json", lambda d: d["grids"]["5"][2].__setitem__("produce", "kiwis"),
         "grid 5 picture 2 "),
        ("shopfronts.json", lambda d: d["grids"].pop("4"), "grids.4"),
    ],
)
def test_invalid_data_is_refused_with_a_clear_message(
    tmp_path: Path, file: str, mutate: Callable[[dict[str, Any]], object], message: str
) -> None:
    """A broken file stops the server at start-up, naming the file, the entry
    and the directory."""
    with pytest.raises(DataError, match=message) as info:
        load(_write(tmp_path, _mutated(file, mutate)))
    assert file in str(info.value) and str(tmp_path) in str(info.value)


def test_unreadable_or_malformed_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot be read"):
        load(tmp_path)
    _write(tmp_path, _texts())
    (tmp_path / "crates.json").write_text("{not json")
    with pytest.raises(DataError, match="not valid JSON"):
        load(tmp_path)
