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
from engines.market_fresh.data import COMPONENTS, DataError, adjacent_pairs, load, parse
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
    assert loaded.produce == PRODUCE and loaded.pictures == DATA.pictures


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


def _pictured_but(size: int, *blank: int) -> list[dict[str, Any]]:
    """A grid with a picture (lemons) on every square but `blank`."""
    return [{"row": sq // size, "col": sq % size, "produce": "lemons"}
            for sq in range(size * size) if sq not in blank]


@pytest.mark.parametrize(
    ("file", "mutate", "message"),
    [
        ("crates.json", lambda d: d["crates"].pop(), "needs 66 crates, found 65"),
        ("crates.json", lambda d: d["crates"].__setitem__(0, ["lemons", "kiwis"]),
         "crate 0 must be two known produce ids, got ['lemons', 'kiwis']"),
        ("crates.json", lambda d: d["crates"].__setitem__(7, ["lemons"]),
         "crate 7 must be two known produce ids, got ['lemons']"),
        ("crates.json", lambda d: d.__setitem__("crates", {}), "'crates' must be a list"),
        ("crates.json", lambda d: d.clear() or d.__setitem__("x", 1) or None,
         "'crates' must be a list"),
        ("produce.json", lambda d: d.__setitem__("produce", []),
         "needs 1 to 30 produce types (one per Market Board column), found 0"),
        ("produce.json", lambda d: d["produce"].extend(
            {"id": f"p{i}", "name": f"P{i}"} for i in range(20)),
         "needs 1 to 30 produce types (one per Market Board column), found 31"),
        ("produce.json", lambda d: d["produce"][1].__setitem__("id", "lemons"),
         "produce ids must be unique"),
        ("produce.json", lambda d: d["produce"][3].pop("name"), "entry 3 needs string 'id' and 'name'"),
        ("produce.json", lambda d: d["produce"][3].__setitem__("id", ""),
         "entry 3 needs string 'id' and 'name'"),
        ("produce.json", lambda d: d.__setitem__("produce", "lemons"), "'produce' must be a list"),
        ("shopfronts.json", lambda d: d["grids"]["5"].append({"row": 5, "col": 0,
                                                              "produce": "lemons"}),
         "grid 5 picture 6 at (5,0) lies outside the grid"),
        ("shopfronts.json", lambda d: d["grids"]["5"].append({"row": 0, "col": 5,
                                                              "produce": "lemons"}),
         "grid 5 picture 6 at (0,5) lies outside the grid"),
        ("shopfronts.json", lambda d: d["grids"]["4"].append({"row": 0, "col": 0,
                                                              "produce": "pears"}),
         "grid 4 has two pictures at (0,0)"),
        ("shopfronts.json", lambda d: d["grids"]["5"][2].__setitem__("produce", "kiwis"),
         "grid 5 picture 2 needs int 'row', 'col' and a known 'produce', got "),
        ("shopfronts.json", lambda d: d["grids"].pop("4"), "'grids.4' must be a list"),
        ("shopfronts.json", lambda d: d.__setitem__("grids", []),
         "'grids' must be an object keyed by grid size"),
        ("shopfronts.json", lambda d: d["grids"].__setitem__("4", _pictured_but(4, 0, 5, 10, 15)),
         "grid 4 needs two adjacent blank squares for a first crate"),
    ],
)
def test_invalid_data_is_refused_with_a_clear_message(
    tmp_path: Path, file: str, mutate: Callable[[dict[str, Any]], object], message: str
) -> None:
    """A broken file stops the server at start-up, naming the file, the entry
    and the directory."""
    with pytest.raises(DataError) as info:
        load(_write(tmp_path, _mutated(file, mutate)))
    assert str(info.value).startswith(f"market-fresh data file {file}: {message}")
    assert str(info.value).endswith(f" (in {tmp_path})")


def test_the_produce_count_may_be_anywhere_from_1_to_30(tmp_path: Path) -> None:
    texts = _texts()
    produce = json.loads(texts["produce.json"])
    produce["produce"].extend({"id": f"p{i}", "name": f"P{i}"} for i in range(19))
    assert len(load(_write(tmp_path, {**texts, "produce.json": json.dumps(produce)})).produce) == 30
    produce["produce"] = produce["produce"][:1]
    one = {"produce.json": json.dumps(produce),
           "crates.json": json.dumps({"crates": [["lemons", "lemons"]] * 66}),
           "shopfronts.json": json.dumps({"grids": {"5": _pictured_but(5, 0, 1),
                                                    "4": _pictured_but(4, 14, 15)}})}
    data = load(_write(tmp_path, one))
    assert data.num_produce == 1 and data.pictures[4] == (0,) * 14 + (-1, -1)


def test_a_single_pair_of_adjacent_blanks_is_enough_for_a_first_crate(tmp_path: Path) -> None:
    texts = _mutated("shopfronts.json", lambda d: d["grids"].__setitem__("4", _pictured_but(4, 2, 6)))
    assert load(_write(tmp_path, texts)).pictures[4].count(-1) == 2


@pytest.mark.parametrize("size", [4, 5])
def test_adjacent_pairs_are_every_orthogonal_neighbour_once(size: int) -> None:
    squares = range(size * size)
    expected = {(a, b) for a in squares for b in squares
                if a < b and abs(a // size - b // size) + abs(a % size - b % size) == 1}
    pairs = adjacent_pairs(size)
    assert len(pairs) == 2 * size * (size - 1) and set(pairs) == expected


def test_parse_names_a_missing_file() -> None:
    texts = _texts()
    del texts["crates.json"]
    with pytest.raises(DataError, match=r"^market-fresh data file crates.json: is missing$"):
        parse(texts)
    for file in FILES:
        with pytest.raises(DataError, match=rf"^market-fresh data file {file}: must hold a JSON object$"):
            parse({**_texts(), file: "[]"})


def test_unreadable_or_malformed_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"^market-fresh data file produce.json: cannot be read "):
        load(tmp_path)
    _write(tmp_path, _texts())
    (tmp_path / "crates.json").write_text("{not json")
    with pytest.raises(DataError, match=r"^market-fresh data file crates.json: is not valid JSON "):
        load(tmp_path)
